"""A Foundry VTT `dnd5e` character (system 3.x to 5.x; the "Export Data" file or a compendium source file) read
into a PC template of INTERFACE.md §1/§7.

A Foundry actor holds its *source* data: the numbers its sheet shows are derived here the way the dnd5e system
derives them, cited where it matters (foundryvtt/dnd5e 5.3):
- active effects first (core `ActiveEffect#apply`, ordered by priority, `mode × 10` when none is given): the
  actor's own, and those its items transfer (a feature always; equipment only while equipped, and attuned when it
  needs attunement); enchantments (`type: enchantment`) change the item they sit on (a "Shield +1");
- AC: module/data/actor/templates/attributes.mjs `prepareArmorClass` with CONFIG.DND5E.armorClasses;
- HP: module/data/actor/character.mjs `prepareHitPoints` (HitPoints advancement + Con × level + bonuses);
- slots: module/data/spellcasting/spellcasting-model.mjs (`computeProgression`, SPELL_SLOT_TABLE,
  pactCastingProgression); the 2014 rules round a half caster down (module/settings.mjs, legacy rules);
- magic bonuses count when the item is magical and, needing attunement, attuned (`magicAvailable`).
"""

from __future__ import annotations

import copy
import math
import re
from typing import Any

from combatlog.party import formula
from combatlog.party.formula import Dice
from combatlog.party.sheet import (
    ABILITIES, CharacterUnreadable, Notes, attack_id, feet_to_m, get, integer, merge_slots, modifier, pact_slots,
    proficiency_bonus, slots_for, slug,
)

# dnd5e CONFIG.DND5E.skills: the system's three-letter keys.
FOUNDRY_SKILLS = {
    "acr": "acrobatics", "ani": "animal_handling", "arc": "arcana", "ath": "athletics", "dec": "deception",
    "his": "history", "ins": "insight", "itm": "intimidation", "inv": "investigation", "med": "medicine",
    "nat": "nature", "prc": "perception", "prf": "performance", "per": "persuasion", "rel": "religion",
    "slt": "sleight_of_hand", "ste": "stealth", "sur": "survival",
}
FOUNDRY_SIZES = {"tiny": "tiny", "sm": "small", "med": "medium", "lg": "large", "huge": "huge", "grg": "gargantuan"}
# dnd5e CONFIG.DND5E.armorClasses (module/config.mjs).
AC_FORMULAS = {
    "default": "@attributes.ac.armor + @attributes.ac.dex", "mage": "13 + @abilities.dex.mod",
    "draconic": "13 + @abilities.dex.mod", "unarmoredMonk": "10 + @abilities.dex.mod + @abilities.wis.mod",
    "unarmoredBarb": "10 + @abilities.dex.mod + @abilities.con.mod",
    "unarmoredBard": "10 + @abilities.dex.mod + @abilities.cha.mod",
}
ARMOUR_TYPES = ("light", "medium", "heavy", "natural", "shield")
# CONFIG.DND5E.spellcasting.spell.progression: divisor and rounding (half rounds down under the 2014 rules).
PROGRESSIONS = {"full": (1, False), "half": (2, True), "third": (3, False), "artificer": (2, True)}
RANGED_WEAPON_TYPES = ("simpleR", "martialR")
DAMAGE_TYPES = ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
                "psychic", "radiant", "slashing", "thunder")
ALWAYS_READY_SPELLS = ("always", "innate", "pact", "atwill")
PHYSICAL = ("weapon", "equipment", "consumable", "tool", "loot", "container")
# CONST.ACTIVE_EFFECT_MODES
CUSTOM, MULTIPLY, ADD, DOWNGRADE, UPGRADE, OVERRIDE = range(6)
# The actor fields whose effects change a number of the template; any other change is not this importer's.
NUMBER_KEYS = re.compile(r"system\.(abilities\.(str|dex|con|int|wis|cha)\.value|attributes\.ac\.flat|"
                         r"attributes\.hp\.max|attributes\.movement\.walk)")
FORMULA_KEYS = re.compile(r"system\.(attributes\.ac\.(bonus|formula)|attributes\.hp\.bonuses\.(level|overall)|"
                          r"attributes\.init\.bonus|bonuses\.(mwak|rwak|msak|rsak)\.(attack|damage)|bonuses\.spell\.dc)")
TEXT_KEYS = ("system.attributes.ac.calc",)
ITEM_KEYS = ("system.magicalBonus", "system.armor.magicalBonus", "system.armor.value", "system.properties")


def _set(data: dict, path: str, value: Any) -> None:
    parts = path.split(".")
    for part in parts[:-1]:
        data = data.setdefault(part, {}) if isinstance(data.get(part), dict) or part not in data else data[part]
        if not isinstance(data, dict):
            return
    data[parts[-1]] = value


def _changes(effects: Any, where: str, *, enchantments: bool = False):
    """(priority, order, key, mode, value, field) of the enabled effects' changes."""
    for number, effect in enumerate(effects or []):
        if not isinstance(effect, dict) or effect.get("disabled"):
            continue
        if (effect.get("type") == "enchantment") != enchantments:
            continue
        for count, change in enumerate(effect.get("changes") or []):
            if not isinstance(change, dict):
                continue
            mode = integer(change.get("mode"), f"{where}[{number}].changes[{count}].mode")
            priority = change.get("priority")
            priority = mode * 10 if priority in (None, "") else integer(priority, f"{where}[{number}].changes[{count}].priority")
            yield priority, mode, str(change.get("key") or ""), change.get("value"), f"{where}[{number}].changes[{count}].value"


class Dnd5eActor:
    """One dnd5e `character` actor, read into a PC template."""

    def __init__(self, actor: dict, *, rules: str | None = None):
        self.actor = actor
        self.name = str(actor.get("name") or "").strip()
        if not self.name:
            raise CharacterUnreadable("char-field-missing", field="name")
        items = actor.get("items")
        if not isinstance(items, list):
            raise CharacterUnreadable("char-field-bad", field="items", value=type(items).__name__, expected="list")
        self.notes = Notes()
        # The items as the sheet sees them: enchantments applied.
        self.items = [(index, self._enchanted(index, item)) for index, item in enumerate(items) if isinstance(item, dict)]
        self.classes = [(index, item) for index, item in self.items if item.get("type") == "class"]
        if not self.classes:
            raise CharacterUnreadable("char-no-class", name=self.name)
        self.level = sum(integer(get(item, "system.levels", 1), f"items[{index}].system.levels")
                         for index, item in self.classes)
        if not 1 <= self.level <= 20:
            raise CharacterUnreadable("char-field-bad", field="items[type=class].system.levels", value=str(self.level),
                                      expected="level")
        self.proficiency = proficiency_bonus(self.level)
        self.rules = rules
        for ability in ABILITIES:
            field = f"system.abilities.{ability}.value"
            if integer(get(actor, field), field, blank=None) is None:
                raise CharacterUnreadable("char-field-missing", field=field)
        self.system = self._with_effects()
        self.scores = {a: integer(self.system["abilities"][a]["value"], f"system.abilities.{a}.value") for a in ABILITIES}

    # --- effects
    def _enchanted(self, index: int, item: dict) -> dict:
        """The item with the enchantments applied to it (an enchantment whose origin is another item: the
        enchantments a spell such as Magic Weapon only offers carry no origin and change nothing)."""
        changes = sorted(_changes(item.get("effects"), f"items[{index}].effects", enchantments=True),
                         key=lambda change: change[0])
        own = f"Item.{item.get('_id')}"
        origins = [e.get("origin") for e in item.get("effects") or [] if isinstance(e, dict) and e.get("type") == "enchantment"]
        if not changes or not any(o and not str(o).endswith(own) for o in origins):
            return item
        item = copy.deepcopy(item)
        system = item.setdefault("system", {})
        for _priority, mode, key, value, field in changes:
            if key not in ITEM_KEYS:
                continue
            path = key.removeprefix("system.")
            if key == "system.properties":
                props = get(system, "properties", []) or []
                props = [k for k, v in props.items() if v] if isinstance(props, dict) else list(props)
                text = str(value)
                if text.startswith("-"):
                    props = [p for p in props if p != text[1:]]
                elif text not in props:
                    props.append(text)
                system["properties"] = props
                continue
            current = integer(get(system, path, None), f"items[{index}].{key}")
            delta = self._number(value, field, {})
            _set(system, path, self._combine(mode, current, delta))
        return item

    @staticmethod
    def _combine(mode: int, current: int, delta: int) -> int:
        if mode == ADD:
            return current + delta
        if mode == MULTIPLY:
            return current * delta
        if mode == OVERRIDE:
            return delta
        if mode == UPGRADE:
            return max(current, delta)
        if mode == DOWNGRADE:
            return min(current, delta)
        return current

    def active(self, item: dict) -> bool:
        """Does the item lend its effects to the actor: a feature always; a thing while equipped (and attuned
        when it needs attunement)."""
        if item.get("type") not in PHYSICAL:
            return item.get("type") != "spell"
        if not get(item, "system.equipped", False):
            return False
        return get(item, "system.attunement", "") != "required" or bool(get(item, "system.attuned", False))

    def _with_effects(self) -> dict:
        """The actor's system data with every enabled, transferred effect applied, in priority order."""
        changes: list[tuple] = []
        own_items = {f"Item.{item.get('_id')}" for _, item in self.items if item.get("_id")}
        # Older worlds copied item effects onto the actor ("legacy transferral"): those copies name their item as
        # origin; they are the item's own effects, counted once, from the item.
        effects = [e if not any(str(e.get("origin") or "").endswith(own) for own in own_items) else {"disabled": True}
                   for e in self.actor.get("effects") or [] if isinstance(e, dict)]
        for priority, mode, key, value, field in _changes(effects, "effects"):
            changes.append((priority, len(changes), mode, key, value, field))
        for index, item in self.items:
            if not self.active(item):
                continue
            effects = [e for e in item.get("effects") or [] if isinstance(e, dict) and e.get("transfer", True) is not False]
            for priority, mode, key, value, field in _changes(effects, f"items[{index}].effects"):
                changes.append((priority, len(changes), mode, key, value, field))
        system = copy.deepcopy(self.actor["system"])
        for _priority, _order, mode, key, value, field in sorted(changes):
            if NUMBER_KEYS.fullmatch(key):
                path = key.removeprefix("system.")
                current = integer(get(system, path, None), key)
                _set(system, path, self._combine(mode, current, self._number(value, field, self._roll_data(system))))
            elif FORMULA_KEYS.fullmatch(key):
                path = key.removeprefix("system.")
                current_text = str(get(system, path, "") or "").strip()
                text = str(value if value is not None else "").strip()
                if mode == ADD:
                    _set(system, path, f"{current_text} + {text}" if current_text and text else current_text or text)
                elif mode == OVERRIDE:
                    _set(system, path, text)
                elif mode in (UPGRADE, DOWNGRADE, MULTIPLY):
                    data = self._roll_data(system)
                    now = self._number(current_text, key, data)
                    _set(system, path, str(self._combine(mode, now, self._number(text, field, data))))
            elif key in TEXT_KEYS and mode == OVERRIDE:
                _set(system, key.removeprefix("system."), str(value))
        return system

    def _roll_data(self, system: dict) -> dict:
        """What `@paths` read (Actor5e#getRollData): abilities with their modifiers, classes by identifier, the
        character level and proficiency."""
        abilities = {}
        for a in ABILITIES:
            value = integer(get(system, f"abilities.{a}.value", 10), f"system.abilities.{a}.value")
            abilities[a] = {"value": value, "mod": modifier(value)}
        classes = {}
        for index, item in self.classes:
            ident = get(item, "system.identifier", None) or slug(item.get("name", ""))
            classes[ident] = {"levels": integer(get(item, "system.levels", 1), f"items[{index}].system.levels")}
        return {"abilities": abilities, "classes": classes, "details": {"level": self.level},
                "prof": self.proficiency, "attributes": {"prof": self.proficiency}, "scale": self._scale_values()}

    def _scale_values(self) -> dict:
        """`@scale.monk.die`: each ScaleValue advancement of a class or subclass, at the class's level (the
        highest step not above it); a die reads `1d8`, a distance or a number its value."""
        cached: dict | None = getattr(self, "_scale", None)
        if cached is not None:
            return cached
        levels = {}
        for index, item in self.classes:
            ident = get(item, "system.identifier", None) or slug(item.get("name", ""))
            levels[ident] = integer(get(item, "system.levels", 1), f"items[{index}].system.levels")
        scale: dict = {}
        for _index, item in self.of_type("class", "subclass"):
            ident = get(item, "system.identifier", None) or slug(item.get("name", ""))
            owner = get(item, "system.classIdentifier", None) if item.get("type") == "subclass" else ident
            level = levels.get(owner or "", 0)
            advancement = get(item, "system.advancement", []) or []
            for step in advancement.values() if isinstance(advancement, dict) else advancement:
                if not isinstance(step, dict) or step.get("type") != "ScaleValue":
                    continue
                config = step.get("configuration") or {}
                name = config.get("identifier") or slug(step.get("title") or "")
                reached = [k for k in (config.get("scale") or {}) if str(k).isdigit() and int(k) <= level]
                if not reached:
                    continue
                value = config["scale"][max(reached, key=int)] or {}
                if config.get("type") == "dice":
                    found = f"{value.get('number') or 1}d{value.get('faces')}" if value.get("faces") else None
                else:
                    found = value.get("value")
                if found is not None:
                    scale.setdefault(ident, {})[name] = found
        self._scale = scale
        return scale

    def _number(self, value: Any, field: str, data: dict) -> int:
        try:
            return formula.number(value, data)
        except formula.FormulaError as error:
            raise CharacterUnreadable("char-formula", field=field, formula=str(value)[:80], reason=str(error)) from None

    # --- the numbers of the sheet
    def mod(self, ability: str) -> int:
        return modifier(self.scores[ability])

    def of_type(self, *types: str):
        return [(index, item) for index, item in self.items if item.get("type") in types]

    def armour_class(self) -> int:
        ac = get(self.system, "attributes.ac", {}) or {}
        calc = ac.get("calc") or "default"
        armours: list[tuple] = []
        shields: list[tuple] = []
        for index, item in self.of_type("equipment"):
            kind = get(item, "system.type.value", None) or get(item, "system.armor.type", None)
            if get(item, "system.equipped", False) and kind in ARMOUR_TYPES:
                (shields if kind == "shield" else armours).append((index, item))
        data = self._roll_data(self.system)
        if calc == "flat":
            return integer(ac.get("flat"), "system.attributes.ac.flat")  # dnd5e: a flat AC replaces every part
        if calc == "natural":
            base = integer(ac.get("flat"), "system.attributes.ac.flat")
        else:
            text = ac.get("formula") if calc == "custom" else AC_FORMULAS.get(calc)
            if not str(text or "").strip():  # an unknown calc, or a custom one with no formula
                raise CharacterUnreadable("char-ac-formula", formula=str(ac.get("formula", "")), calc=str(calc))
            armour, dex = 10, self.mod("dex")
            if armours:
                index, item = armours[0]
                armour = self._armour_value(index, item)
                cap = get(item, "system.armor.dex", None)
                cap = None if cap in (None, "") else integer(cap, f"items[{index}].system.armor.dex")
                dex = 0 if get(item, "system.type.value", "") == "heavy" else min(dex, cap if cap is not None else dex)
            data["attributes"]["ac"] = {"armor": armour, "dex": dex}
            base = self._number(text, "system.attributes.ac.formula" if calc == "custom" else "system.attributes.ac.calc", data)
        shield = self._armour_value(*shields[0]) if shields else 0
        return base + shield + self._number(ac.get("bonus") or "", "system.attributes.ac.bonus", data)

    def magical(self, item: dict) -> bool:
        """dnd5e `magicAvailable`: a magical item, attuned when it needs attunement."""
        props = get(item, "system.properties", []) or []
        props = {k for k, v in props.items() if v} if isinstance(props, dict) else set(props)
        magic = "mgc" in props or get(item, "system.properties.mgc", False) is True
        return magic and (get(item, "system.attunement", "") != "required" or bool(get(item, "system.attuned", False)))

    def _armour_value(self, index: int, item: dict) -> int:
        value = integer(get(item, "system.armor.value", 0), f"items[{index}].system.armor.value")
        bonus = get(item, "system.armor.magicalBonus", None)
        if bonus not in (None, "", 0) and self.magical(item):
            value += self._number(bonus, f"items[{index}].system.armor.magicalBonus", self._roll_data(self.system))
        return value

    def max_hp(self) -> int:
        """`hp.max` when the sheet fixes it; else each class's HitPoints advancement ("max" the die, "avg" half
        the die + 1, or the number rolled) + Con modifier × level + `bonuses.level` × level + `bonuses.overall`."""
        hp = get(self.system, "attributes.hp", {}) or {}
        fixed = integer(hp.get("max"), "system.attributes.hp.max", blank=None)
        if fixed is not None:
            return fixed
        total = 0
        for index, item in self.classes:
            die_text = get(item, "system.hd.denomination", None) or get(item, "system.hitDice", None)
            die = re.fullmatch(r"d(\d+)", str(die_text or ""))
            if not die:
                raise CharacterUnreadable("char-field-missing", field=f"items[{index}].system.hd.denomination")
            faces = int(die.group(1))
            levels = integer(get(item, "system.levels", 1), f"items[{index}].system.levels")
            advancement = get(item, "system.advancement", []) or []
            steps = advancement.values() if isinstance(advancement, dict) else advancement
            hit_points = next((a for a in steps if isinstance(a, dict) and a.get("type") == "HitPoints"), None)
            where = f"items[{index}].system.advancement[HitPoints]"
            if hit_points is None:
                raise CharacterUnreadable("char-field-missing", field=where)
            values = hit_points.get("value") or {}
            for level in range(1, levels + 1):
                value = values.get(str(level), values.get(level)) if isinstance(values, dict) else None
                field = f"{where}.value.{level}"
                if value == "max":
                    total += faces
                elif value == "avg":
                    total += faces // 2 + 1
                elif value is None:
                    raise CharacterUnreadable("char-field-missing", field=field)
                else:
                    total += integer(value, field)
        data = self._roll_data(self.system)
        bonuses = hp.get("bonuses") or {}
        per_level = self._number(bonuses.get("level") or "", "system.attributes.hp.bonuses.level", data)
        overall = self._number(bonuses.get("overall") or "", "system.attributes.hp.bonuses.overall", data)
        return total + (self.mod("con") + per_level) * self.level + overall

    def speed(self) -> float:
        walk = get(self.system, "attributes.movement.walk", None)
        if walk in (None, ""):
            race = next((item for _, item in self.of_type("race")), None)
            walk = get(race, "system.movement.walk", None) if race else None
        if walk in (None, ""):
            walk = 30  # dnd5e: a species without a walking speed leaves the default 30 ft.
            self.notes.add("char-note-default-speed")
        return feet_to_m(integer(walk, "system.attributes.movement.walk"))

    def attacks_per_action(self) -> int:
        """SRD Extra Attack: a feature named "Extra Attack" (2 attacks), "Extra Attack (2)" (3), "Three Extra
        Attacks" (4)."""
        best = 1
        for _, item in self.of_type("feat"):
            name = str(item.get("name", "")).strip().lower()
            found = re.fullmatch(r"extra attack(?: \((\d)\))?", name)
            if found:
                best = max(best, 2 + (int(found.group(1)) - 1 if found.group(1) else 0))
            elif name in ("two extra attacks", "three extra attacks"):
                best = max(best, 3 if name.startswith("two") else 4)
        return best

    # --- weapons
    def _proficient(self, item: dict) -> bool:
        flag = get(item, "system.proficient", None)
        if flag not in (None, ""):
            return bool(flag)
        kind = get(item, "system.type.value", "") or get(item, "system.weaponType", "")
        known = get(self.system, "traits.weaponProf.value", []) or []
        base = get(item, "system.type.baseItem", "") or get(item, "system.baseItem", "")
        category = {"simpleM": "sim", "simpleR": "sim", "martialM": "mar", "martialR": "mar"}.get(kind)
        return kind == "natural" or category in known or bool(base and base in known)

    @staticmethod
    def _properties(item: dict) -> set[str]:
        props = get(item, "system.properties", []) or []
        return {k for k, v in props.items() if v} if isinstance(props, dict) else set(props)

    def _damage(self, index: int, item: dict) -> tuple[str, str, int] | None:
        """(dice, type, flat bonus) of the weapon's base damage: the dnd5e 4+ `damage.base`, or the older
        `damage.parts` formula `1d8 + @mod`."""
        base = get(item, "system.damage.base", None)
        if isinstance(base, dict) and base.get("denomination"):
            count = integer(base.get("number"), f"items[{index}].system.damage.base.number") or 1
            faces = integer(base.get("denomination"), f"items[{index}].system.damage.base.denomination")
            types = base.get("types") or []
            extra = self._number(base.get("bonus") or "", f"items[{index}].system.damage.base.bonus", self._roll_data(self.system))
            return f"{count}d{faces}", (types[0] if types else ""), extra
        parts = get(item, "system.damage.parts", None)
        if parts:
            text, kind = (list(parts[0]) + [""])[:2] if isinstance(parts[0], list) else (parts[0].get("formula", ""), "")
            found = re.fullmatch(r"\s*(\d+)d(\d+)\s*(?:\+\s*@mod\s*)?(?:([+-])\s*(\d+)\s*)?", str(text))
            if found:
                extra = int(found.group(4) or 0) * (-1 if found.group(3) == "-" else 1)
                return f"{found.group(1)}d{found.group(2)}", kind, extra
        return None

    def _extra_parts(self, index: int, activity: dict) -> list[dict]:
        """An attack activity's own damage parts (a Flame Tongue's 2d6 fire), beside the weapon's."""
        extra = []
        for number, part in enumerate(get(activity, "damage.parts", []) or []):
            if not isinstance(part, dict) or not part.get("denomination"):
                continue
            count = integer(part.get("number"), f"items[{index}].system.activities.damage.parts[{number}].number") or 1
            faces = integer(part.get("denomination"), f"items[{index}].system.activities.damage.parts[{number}].denomination")
            bonus = self._number(part.get("bonus") or "", f"items[{index}].system.activities.damage.parts[{number}].bonus",
                                 self._roll_data(self.system))
            types = part.get("types") or []
            if types:
                extra.append({"roll": f"{count}d{faces}" + (f"{bonus:+d}" if bonus else ""), "type": types[0]})
        return extra

    def _damage_bonus(self, text: str, field: str, data: dict) -> tuple[int, list[dict]]:
        """A damage bonus: its number adds to the weapon's; its dice (Improved Divine Smite's `1d8[radiant]`)
        are a damage part of their own, of the type in brackets."""
        try:
            dice = formula.evaluate(text, data)
        except formula.FormulaError as error:
            raise CharacterUnreadable("char-formula", field=field, formula=str(text)[:80], reason=str(error)) from None
        if dice.is_number:
            return dice.number(), []
        flavour = re.findall(r"\[([a-z]+)\]", str(text))
        kind = flavour[0] if flavour and flavour[0] in DAMAGE_TYPES else ""
        rolls = Dice(dice.const - math.floor(dice.const), dice.dice).roll_text() if dice.dice else ""
        return math.floor(dice.const), [{"roll": rolls, "type": kind}]

    def weapon_profiles(self) -> list[dict]:
        profiles: list[dict] = []
        data = self._roll_data(self.system)
        for index, item in self.of_type("weapon"):
            if not get(item, "system.equipped", False):
                continue
            name = str(item.get("name") or f"weapon {index}")
            damage = self._damage(index, item)
            if damage is None:
                self.notes.add("char-note-damage-unreadable", weapon=name, field=f"items[{index}].system.damage")
                continue
            dice, kind, flat_damage = damage
            if not kind:
                self.notes.add("char-note-no-damage-type", weapon=name, field=f"items[{index}].system.damage.base.types")
                continue
            props = self._properties(item)
            activities = get(item, "system.activities", {}) or {}
            activity = next((a for a in (activities.values() if isinstance(activities, dict) else activities)
                             if isinstance(a, dict) and a.get("type") == "attack"), {})
            weapon_type = get(item, "system.type.value", "") or get(item, "system.weaponType", "")
            ranged = weapon_type in RANGED_WEAPON_TYPES or get(item, "system.actionType", "") == "rwak" or \
                get(activity, "attack.type.value", "") == "ranged"
            chosen = get(activity, "attack.ability", "") or get(item, "system.ability", "")
            if chosen in ABILITIES:
                ability = chosen
            elif "fin" in props:
                ability = "str" if self.mod("str") >= self.mod("dex") else "dex"  # SRD Finesse: the better one
            else:
                ability = "dex" if ranged else "str"
            magic = 0
            if self.magical(item):
                magic = self._number(get(item, "system.magicalBonus", None) or "", f"items[{index}].system.magicalBonus", data)
            bonus = self._number(get(activity, "attack.bonus", "") or get(item, "system.attackBonus", "") or "",
                                 f"items[{index}].system.activities.attack.bonus", data)
            kind_key = "rwak" if ranged else "mwak"
            actor_bonus = self._number(get(self.system, f"bonuses.{kind_key}.attack", "") or "",
                                       f"system.bonuses.{kind_key}.attack", data)
            actor_damage, actor_dice = self._damage_bonus(get(self.system, f"bonuses.{kind_key}.damage", "") or "",
                                                          f"system.bonuses.{kind_key}.damage", data)
            to_hit = self.mod(ability) + (self.proficiency if self._proficient(item) else 0) + magic + bonus + actor_bonus
            if get(activity, "attack.flat", False):
                to_hit = bonus + magic  # dnd5e: a flat attack bonus replaces the ability and proficiency
            damage_bonus = self.mod(ability) + magic + flat_damage + actor_damage
            parts = [{"roll": dice + (f"{damage_bonus:+d}" if damage_bonus else ""), "type": kind}]
            parts += self._extra_parts(index, activity)
            parts += [{**part, "type": part["type"] or kind} for part in actor_dice]
            near = integer(get(item, "system.range.value", None), f"items[{index}].system.range.value", blank=None)
            far = integer(get(item, "system.range.long", None), f"items[{index}].system.range.long", blank=None)
            common: dict = {"name": {"en": name, "fr": name}, "to_hit": to_hit, "damage": parts}
            if "lgt" in props:
                common["light"] = True
            if "fin" in props:
                common["finesse"] = True
            ident = attack_id(get(item, "system.identifier", None) or name)
            while any(p["id"] == ident for p in profiles):
                ident += "_2"
            if ranged:
                if not near:
                    self.notes.add("char-note-no-range", weapon=name, field=f"items[{index}].system.range.value")
                    continue
                profiles.append({"id": ident, "kind": "ranged", **common, "range": [feet_to_m(near), feet_to_m(far or near)]})
                continue
            profiles.append({"id": ident, "kind": "melee", **common, "reach": 3.0 if "rch" in props else 1.5})
            if "thr" in props and near:
                profiles.append({"id": f"{ident}_thrown", "kind": "ranged", **common, "thrown": True,
                                 "name": {"en": f"{name} (thrown)", "fr": f"{name} (lancé)"},
                                 "range": [feet_to_m(near), feet_to_m(far or near)]})
            if "ver" in props:
                self.notes.add("char-note-versatile", weapon=name)
        return profiles

    # --- spells
    def legacy(self, item: dict) -> bool:
        """The 2014 rules: the class says so (`source.rules`), or the encounter is a 2014 one."""
        rules = str(get(item, "system.source.rules", "") or "")
        if rules:
            return rules == "2014"
        return self.rules == "2014"

    def slots(self) -> dict[str, int]:
        """computeProgression: each class adds its levels ÷ the divisor (half and artificer rounded up, half
        down under the 2014 rules); a single class of a partial progression rounds up once it casts at all."""
        spell_classes, pact_levels, caster_level = [], 0, 0
        for index, item in self.classes:
            progression = get(item, "system.spellcasting.progression", "none") or "none"
            levels = integer(get(item, "system.levels", 1), f"items[{index}].system.levels")
            if progression == "pact":
                pact_levels += levels
            elif progression in PROGRESSIONS:
                spell_classes.append((progression, levels, item))
        for progression, levels, item in spell_classes:
            divisor, round_up = PROGRESSIONS[progression]
            round_up = round_up and not (progression == "half" and self.legacy(item))
            caster_level += (math.ceil if round_up else math.floor)(levels / divisor)
        if len(spell_classes) == 1 and PROGRESSIONS[spell_classes[0][0]][0] > 1 and caster_level:
            caster_level = math.ceil(spell_classes[0][1] / PROGRESSIONS[spell_classes[0][0]][0])
        slots = slots_for(caster_level)
        for level in range(1, 10):
            field = f"system.spells.spell{level}.override"
            override = integer(get(self.actor, field, None), field, blank=None)
            if override is not None:
                slots[str(level)] = max(0, override)
        pact = pact_slots(pact_levels)
        override = integer(get(self.actor, "system.spells.pact.override", None), "system.spells.pact.override", blank=None)
        if override is not None and pact:
            pact = {next(iter(pact)): max(0, override)}
        return merge_slots(slots, pact)

    def spellcasting(self) -> dict | None:
        abilities = []
        for index, item in self.classes:
            progression = get(item, "system.spellcasting.progression", "none") or "none"
            if progression in ("none", ""):
                continue
            ability = get(item, "system.spellcasting.ability", "") or get(self.system, "attributes.spellcasting", "")
            if ability not in ABILITIES:
                raise CharacterUnreadable("char-field-missing", field=f"items[{index}].system.spellcasting.ability")
            abilities.append(ability)
        if not abilities:
            return None
        ability = abilities[0]
        spells = []
        for index, item in self.of_type("spell"):
            level = integer(get(item, "system.level", 0), f"items[{index}].system.level")
            method = get(item, "system.method", None) or get(item, "system.preparation.mode", "prepared")
            prepared = get(item, "system.prepared", None)
            if prepared is None:
                prepared = get(item, "system.preparation.prepared", False)
            if level == 0 or prepared or method in ALWAYS_READY_SPELLS:
                spells.append(get(item, "system.identifier", None) or slug(item.get("name", "")))
        data = self._roll_data(self.system)
        dc_bonus = self._number(get(self.system, "bonuses.spell.dc", "") or "", "system.bonuses.spell.dc", data)
        return {"ability": ability, "dc": 8 + self.proficiency + self.mod(ability) + dc_bonus,
                "attack": self.proficiency + self.mod(ability), "slots": self.slots(), "spells": sorted(set(spells))}

    def template(self) -> dict:
        saves = [a for a in ABILITIES if get(self.system, f"abilities.{a}.proficient", 0)]
        skills = [FOUNDRY_SKILLS[key] for key in sorted(FOUNDRY_SKILLS)
                  if integer(get(self.system, f"skills.{key}.value", 0), f"system.skills.{key}.value") >= 1]
        data = self._roll_data(self.system)
        init_bonus = self._number(get(self.system, "attributes.init.bonus", "") or "", "system.attributes.init.bonus", data)
        size = FOUNDRY_SIZES.get(get(self.system, "traits.size", "med"), "medium")
        max_hp = self.max_hp()
        stats: dict = {
            "ac": self.armour_class(), "max_hp": max_hp, "speed": self.speed(),
            "abilities": dict(self.scores), "proficiency_bonus": self.proficiency,
            "initiative_bonus": self.mod("dex") + init_bonus, "size": size, "saves": saves, "skills": sorted(skills),
            "attacks": self.weapon_profiles(), "level": self.level,
        }
        apa = self.attacks_per_action()
        if apa > 1:
            stats["attacks_per_action"] = apa
        current = integer(get(self.system, "attributes.hp.value", None), "system.attributes.hp.value", blank=None)
        if current is not None and current < max_hp:
            stats["hp"] = max(0, current)
        casting = self.spellcasting()
        if casting:
            stats["spellcasting"] = casting
        classes = ", ".join(f"{item.get('name')} {get(item, 'system.levels', 1)}" for _, item in self.classes)
        version = get(self.actor, "_stats.systemVersion", "?")
        return {"id": slug(self.name.split("(")[0]), "name": {"en": self.name, "fr": self.name}, "kind": "pc",
                "level": self.level, "class": classes, "source": f"Foundry VTT dnd5e {version}",
                "stats": stats, "notes": list(self.notes)}
