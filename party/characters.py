"""Characters brought in: a Foundry VTT actor export ("Export Data", the `dnd5e` system) or a plain party file
(JSON or YAML, docs/party-file.md) into PC templates of INTERFACE.md §1 and §7.

A template is `{"id", "name", "kind": "pc", "level", "class", "source", "stats", "notes"}`; `stats` is the stat
block `add` takes, with the §7 additions `level` and `spellcasting`. What cannot be read is refused with the
field named, in French and English (locales/*/characters.ftl); what is read but not modelled (a versatile grip,
a custom damage formula) is said in `notes`, never guessed.

A Foundry export is the actor's *source* data: the numbers the sheet shows (AC, maximum HP, spell slots, to-hit)
are derived here the way the dnd5e system derives them (module/config.mjs `armorClasses`, `SPELL_SLOT_TABLE`;
module/data/actor/character.mjs), cited where it matters.
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any, overload

from combatlog.core.kernel.errors import InvalidCommand
from combatlog.words import both

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
# dnd5e CONFIG.DND5E.skills: the system's three-letter keys.
FOUNDRY_SKILLS = {
    "acr": "acrobatics", "ani": "animal_handling", "arc": "arcana", "ath": "athletics", "dec": "deception",
    "his": "history", "ins": "insight", "itm": "intimidation", "inv": "investigation", "med": "medicine",
    "nat": "nature", "prc": "perception", "prf": "performance", "per": "persuasion", "rel": "religion",
    "slt": "sleight_of_hand", "ste": "stealth", "sur": "survival",
}
FOUNDRY_SIZES = {"tiny": "tiny", "sm": "small", "med": "medium", "lg": "large", "huge": "huge", "grg": "gargantuan"}
# dnd5e CONFIG.DND5E.armorClasses: the formulas that need no armour item.
UNARMOURED_AC = {"mage": ("dex",), "draconic": ("dex",), "unarmoredMonk": ("dex", "wis"),
                 "unarmoredBarb": ("dex", "con"), "unarmoredBard": ("dex", "cha")}
UNARMOURED_BASE = {"mage": 13, "draconic": 13}
# dnd5e CONFIG.DND5E.SPELL_SLOT_TABLE (the SRD's Multiclass Spellcaster table): slots by caster level.
SPELL_SLOT_TABLE = (
    (2,), (3,), (4, 2), (4, 3), (4, 3, 2), (4, 3, 3), (4, 3, 3, 1), (4, 3, 3, 2), (4, 3, 3, 3, 1),
    (4, 3, 3, 3, 2), (4, 3, 3, 3, 2, 1), (4, 3, 3, 3, 2, 1), (4, 3, 3, 3, 2, 1, 1), (4, 3, 3, 3, 2, 1, 1),
    (4, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 2, 1, 1, 1, 1), (4, 3, 3, 3, 3, 1, 1, 1, 1),
    (4, 3, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 3, 2, 2, 1, 1),
)
PROGRESSION_DIVISOR = {"full": 1, "half": 2, "third": 3, "artificer": 2}
RANGED_WEAPON_TYPES = ("simpleR", "martialR")
ALWAYS_READY_SPELLS = ("always", "innate", "pact", "atwill")
AC_BONUS_KEYS = ("system.attributes.ac.bonus", "data.attributes.ac.bonus")
ADD_MODE = 2  # Foundry CONST.ACTIVE_EFFECT_MODES.ADD


class CharacterUnreadable(InvalidCommand):
    """A file or field that cannot be read as a character: the message names the field."""

    def __init__(self, message_id: str, /, **args: Any):
        english, french = both(message_id, **args)
        super().__init__(english, message_fr=french)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-") or "character"


def attack_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", str(name).lower()).strip("_") or "attack"


def feet_to_m(feet: float) -> float:
    """5 ft = one 1.5 m square (INTERFACE.md §1 Units)."""
    return round(feet / 5 * 1.5, 2)


def modifier(score: int) -> int:
    return (score - 10) // 2


def proficiency_bonus(level: int) -> int:
    """SRD Character Advancement: +2 at levels 1-4, +3 at 5-8, ... +6 at 17-20."""
    return 2 + (max(1, level) - 1) // 4


# ----------------------------------------------------------------------------------------------- reading
def _get(data: Any, field: str, default: Any = ...) -> Any:
    """`system.attributes.ac.calc` inside `data`; a missing field is refused by name unless a default is given."""
    node = data
    for part in field.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        else:
            if default is ...:
                raise CharacterUnreadable("char-field-missing", field=field)
            return default
    return node


@overload
def _integer(value: Any, field: str, *, blank: int = 0) -> int: ...
@overload
def _integer(value: Any, field: str, *, blank: None) -> int | None: ...
def _integer(value: Any, field: str, *, blank: int | None = 0) -> int | None:
    """Foundry keeps many numbers as text ("0", "+1", ""): a number, or a refusal naming the field."""
    if value is None or value == "":
        return blank
    if isinstance(value, bool):
        raise CharacterUnreadable("char-field-bad", field=field, value=json.dumps(value), expected="integer")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\s*\d+\s*", value):
        return int(value.replace(" ", ""))
    raise CharacterUnreadable("char-field-bad", field=field, value=json.dumps(value, ensure_ascii=False)[:60],
                              expected="integer")


def read_source(path_or_dict: str | os.PathLike[str] | dict) -> tuple[Any, Path | None]:
    """The parsed file (JSON, or YAML for .yaml/.yml), refused in one line when it cannot be read."""
    if isinstance(path_or_dict, dict):
        return path_or_dict, None
    path = Path(path_or_dict)
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise CharacterUnreadable("char-file-is-folder", file=str(path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise CharacterUnreadable("char-file-unreadable", file=str(path),
                                  reason=getattr(error, "strerror", None) or type(error).__name__) from None
    if path.suffix.lower() in (".yaml", ".yml"):
        import yaml

        try:
            return yaml.safe_load(text), path
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            raise CharacterUnreadable("char-not-readable", file=str(path), line=(mark.line + 1) if mark else 0,
                                      column=(mark.column + 1) if mark else 0,
                                      reason=str(getattr(error, "problem", "") or error)) from None
    try:
        return json.loads(text), path
    except json.JSONDecodeError as error:
        raise CharacterUnreadable("char-not-readable", file=str(path), line=error.lineno, column=error.colno,
                                  reason=error.msg) from None


def import_character(path_or_dict: str | os.PathLike[str] | dict, *, ruleset: str | None = None) -> dict | list[dict]:
    """A Foundry VTT actor export (dnd5e) → one PC template; a party file → a list of them.

    `ruleset` (`dnd5e-2014`, `dnd5e-2024`, `rolenplay`, `pf1`) is the encounter the characters will join: a
    character of another family is refused. Raises CharacterUnreadable (a RuleViolation) naming the field."""
    data, path = read_source(path_or_dict)
    if ruleset is not None:
        from combatlog.core.rulesets import find_ruleset

        find_ruleset(ruleset)  # refuses an unknown name, listing the known ones
    if isinstance(data, dict) and "party" in data:
        return _party(data, path, ruleset)
    if isinstance(data, dict) and isinstance(data.get("system"), dict) and "items" in data:
        return _foundry(data, ruleset)
    raise CharacterUnreadable("char-not-a-character-file")


def _family(ruleset: str | None) -> str:
    from combatlog.core.rulesets import find_ruleset

    return find_ruleset(ruleset).template_family or "dnd5e" if ruleset else "dnd5e"


def _foundry(actor: dict, ruleset: str | None) -> dict:
    system_id = _get(actor, "_stats.systemId", None) or _get(actor, "flags.exportSource.system", None) or \
        ("dnd5e" if "attributes" in actor["system"] else None)
    if system_id != "dnd5e":
        raise CharacterUnreadable("char-unknown-system", system=str(system_id))
    if actor.get("type") != "character":
        raise CharacterUnreadable("char-not-a-character", name=str(actor.get("name", "?")), type=str(actor.get("type")))
    if _family(ruleset) != "dnd5e":
        raise CharacterUnreadable("char-ruleset-mismatch", system="dnd5e", ruleset=ruleset)
    return Dnd5eActor(actor).template()


# ----------------------------------------------------------------------------------------------- dnd5e
class Dnd5eActor:
    """One dnd5e `character` actor's source data, read into a PC template."""

    def __init__(self, actor: dict):
        self.actor = actor
        self.system = actor["system"]
        self.name = str(actor.get("name") or "").strip()
        if not self.name:
            raise CharacterUnreadable("char-field-missing", field="name")
        items = actor.get("items")
        if not isinstance(items, list):
            raise CharacterUnreadable("char-field-bad", field="items", value=type(items).__name__, expected="list")
        self.items = [(index, item) for index, item in enumerate(items) if isinstance(item, dict)]
        self.notes: list[dict[str, str]] = []  # {"en": ..., "fr": ...}
        self.scores: dict[str, int] = {}
        for ability in ABILITIES:
            field = f"system.abilities.{ability}.value"
            score = _integer(_get(actor, field), field, blank=None)
            if score is None:
                raise CharacterUnreadable("char-field-missing", field=field)
            self.scores[ability] = score
        self.classes = [(index, item) for index, item in self.items if item.get("type") == "class"]
        if not self.classes:
            raise CharacterUnreadable("char-no-class", name=self.name)
        self.level = sum(_integer(_get(item, "system.levels", 1), f"items[{index}].system.levels") or 0
                         for index, item in self.classes)
        if not 1 <= self.level <= 20:
            raise CharacterUnreadable("char-field-bad", field="items[type=class].system.levels", value=str(self.level),
                                      expected="level")
        self.proficiency = proficiency_bonus(self.level)

    def note(self, message_id: str, /, **args: Any) -> None:
        """What was read but is not modelled, said in both languages ({"en", "fr"})."""
        english, french = both(message_id, **args)
        self.notes.append({"en": english, "fr": french})

    def mod(self, ability: str) -> int:
        return modifier(self.scores[ability])

    def of_type(self, *types: str):
        return [(index, item) for index, item in self.items if item.get("type") in types]

    # --- the numbers of the sheet
    def effect_bonus(self, keys: tuple[str, ...]) -> int:
        """Active effects that ADD to one of `keys` (the Defense fighting style's +1 AC): the actor's own, and
        those its items transfer (a feat always, equipment only while equipped)."""
        total = 0
        sources = [("effects", self.actor.get("effects") or [], True)]
        for index, item in self.items:
            worn = item.get("type") not in ("weapon", "equipment") or _get(item, "system.equipped", False)
            sources.append((f"items[{index}].effects", item.get("effects") or [], worn))
        for where, effects, active in sources:
            for number, effect in enumerate(effects):
                if not active or not isinstance(effect, dict) or effect.get("disabled") or effect.get("transfer") is False:
                    continue
                for change_number, change in enumerate(effect.get("changes") or []):
                    if change.get("key") in keys and _integer(change.get("mode"), "mode") == ADD_MODE:
                        total += _integer(change.get("value"), f"{where}[{number}].changes[{change_number}].value")
        return total

    def armour_class(self) -> int:
        """dnd5e armorClasses: `default` is the equipped armour (its value, the Dex modifier up to its cap) or
        10 + Dex; then the equipped shield, the magical bonuses and the effects' `ac.bonus`."""
        calc = _get(self.system, "attributes.ac.calc", "default") or "default"
        armour = shield = None
        for index, item in self.of_type("equipment"):
            kind = _get(item, "system.type.value", None) or _get(item, "system.armor.type", None)
            if not _get(item, "system.equipped", False) or kind not in ("light", "medium", "heavy", "shield", "natural"):
                continue
            if kind == "shield":
                shield = (index, item)
            else:
                armour = (index, item)
        dex = self.mod("dex")
        if calc in ("flat", "natural"):
            field = "system.attributes.ac.flat"
            base = _integer(_get(self.actor, field, None), field, blank=None)
            if base is None:
                raise CharacterUnreadable("char-field-missing", field=field)
            if calc == "flat":
                return base  # the sheet's own number: nothing is added (dnd5e: flat replaces every part)
        elif calc == "default":
            if armour is None:
                base = 10 + dex
            else:
                index, item = armour
                value = _integer(_get(item, "system.armor.value", 10), f"items[{index}].system.armor.value")
                cap = _get(item, "system.armor.dex", None)
                cap = None if cap in (None, "") else _integer(cap, f"items[{index}].system.armor.dex")
                if cap is None and _get(item, "system.type.value", "") == "heavy":
                    cap = 0
                magic = _integer(_get(item, "system.armor.magicalBonus", None), f"items[{index}].system.armor.magicalBonus")
                base = value + magic + (dex if cap is None else min(dex, cap))
        elif calc in UNARMOURED_AC:
            base = UNARMOURED_BASE.get(calc, 10) + sum(self.mod(a) for a in UNARMOURED_AC[calc])
        else:
            raise CharacterUnreadable("char-ac-formula", formula=str(_get(self.system, "attributes.ac.formula", "")),
                                      calc=str(calc))
        if shield is not None:
            index, item = shield
            base += _integer(_get(item, "system.armor.value", 2), f"items[{index}].system.armor.value")
            base += _integer(_get(item, "system.armor.magicalBonus", None), f"items[{index}].system.armor.magicalBonus")
        return base + self.effect_bonus(AC_BONUS_KEYS)

    def max_hp(self) -> int:
        """`hp.max` when the sheet fixes it; else each class's HitPoints advancement ("max" the die, "avg" half
        the die + 1, or the number rolled) + Con modifier per level + the sheet's bonuses (dnd5e
        character.mjs prepareHitPoints)."""
        fixed = _integer(_get(self.system, "attributes.hp.max", None), "system.attributes.hp.max", blank=None)
        if fixed is not None:
            return fixed
        total = 0
        for index, item in self.classes:
            die_text = _get(item, "system.hd.denomination", None) or _get(item, "system.hitDice", None)
            die = re.fullmatch(r"d(\d+)", str(die_text or ""))
            if not die:
                raise CharacterUnreadable("char-field-missing", field=f"items[{index}].system.hd.denomination")
            faces = int(die.group(1))
            levels = _integer(_get(item, "system.levels", 1), f"items[{index}].system.levels")
            values = next((a.get("value") or {} for a in _get(item, "system.advancement", []) or []
                           if isinstance(a, dict) and a.get("type") == "HitPoints"), {})
            for level in range(1, levels + 1):
                value = values.get(str(level))
                field = f"items[{index}].system.advancement[HitPoints].value.{level}"
                if value == "max":
                    total += faces
                elif value == "avg":
                    total += faces // 2 + 1
                elif value is None:
                    raise CharacterUnreadable("char-field-missing", field=field)
                else:
                    total += _integer(value, field)
        bonus_level = _integer(_get(self.system, "attributes.hp.bonuses.level", ""), "system.attributes.hp.bonuses.level")
        bonus = _integer(_get(self.system, "attributes.hp.bonuses.overall", ""), "system.attributes.hp.bonuses.overall")
        return total + (self.mod("con") + bonus_level) * self.level + bonus

    def speed(self) -> float:
        walk = _get(self.system, "attributes.movement.walk", None)
        if walk in (None, ""):
            race = next((item for _, item in self.of_type("race")), None)
            walk = _get(race, "system.movement.walk", None) if race else None
        if walk in (None, ""):
            walk = 30  # dnd5e: a species without a walking speed leaves the default 30 ft.
            self.note("char-note-default-speed")
        return feet_to_m(_integer(walk, "system.attributes.movement.walk"))

    def attacks_per_action(self) -> int:
        """SRD Extra Attack: a feature named "Extra Attack" (2 attacks), "Extra Attack (2)" (3)..."""
        best = 1
        for _, item in self.of_type("feat"):
            found = re.fullmatch(r"extra attack(?: \((\d)\))?", str(item.get("name", "")).strip().lower())
            if found:
                best = max(best, 2 + (int(found.group(1)) - 1 if found.group(1) else 0))
        return best

    # --- weapons
    def _proficient(self, item: dict) -> bool:
        flag = _get(item, "system.proficient", None)
        if flag not in (None, ""):
            return bool(flag)
        kind = _get(item, "system.type.value", "") or _get(item, "system.weaponType", "")
        known = _get(self.system, "traits.weaponProf.value", []) or []
        base = _get(item, "system.type.baseItem", "") or _get(item, "system.baseItem", "")
        category = {"simpleM": "sim", "simpleR": "sim", "martialM": "mar", "martialR": "mar"}.get(kind)
        return kind == "natural" or category in known or (base and base in known)

    def _properties(self, item: dict) -> set[str]:
        props = _get(item, "system.properties", []) or []
        return {k for k, v in props.items() if v} if isinstance(props, dict) else set(props)

    def _damage(self, index: int, item: dict) -> tuple[str, str, int, int] | None:
        """(dice, type, count, faces) of the weapon's base damage: the dnd5e 4+ `damage.base`, or the older
        `damage.parts` formula `1d8 + @mod`."""
        base = _get(item, "system.damage.base", None)
        if isinstance(base, dict) and base.get("denomination"):
            number = _integer(base.get("number"), f"items[{index}].system.damage.base.number") or 1
            faces = _integer(base.get("denomination"), f"items[{index}].system.damage.base.denomination")
            types = base.get("types") or []
            extra = _integer(base.get("bonus"), f"items[{index}].system.damage.base.bonus")
            return f"{number}d{faces}", (types[0] if types else ""), extra, faces
        parts = _get(item, "system.damage.parts", None)
        if parts:
            formula, kind = (parts[0] + [""])[:2] if isinstance(parts[0], list) else (parts[0].get("formula", ""), "")
            found = re.fullmatch(r"\s*(\d+)d(\d+)\s*(?:\+\s*@mod\s*)?(?:([+-])\s*(\d+)\s*)?", str(formula))
            if found:
                extra = int(found.group(4) or 0) * (-1 if found.group(3) == "-" else 1)
                return f"{found.group(1)}d{found.group(2)}", kind, extra, int(found.group(2))
        return None

    def weapon_profiles(self) -> list[dict]:
        profiles: list[dict] = []
        for index, item in self.of_type("weapon"):
            if not _get(item, "system.equipped", False):
                continue
            name = str(item.get("name") or f"weapon {index}")
            damage = self._damage(index, item)
            if damage is None:
                self.note("char-note-damage-unreadable", weapon=name, field=f"items[{index}].system.damage")
                continue
            dice, kind, flat_damage, _faces = damage
            if not kind:
                self.note("char-note-no-damage-type", weapon=name, field=f"items[{index}].system.damage.base.types")
                continue
            props = self._properties(item)
            weapon_type = _get(item, "system.type.value", "") or _get(item, "system.weaponType", "")
            ranged = weapon_type in RANGED_WEAPON_TYPES or _get(item, "system.actionType", "") == "rwak"
            activity = next((a for a in (_get(item, "system.activities", {}) or {}).values()
                             if isinstance(a, dict) and a.get("type") == "attack"), {})
            chosen = _get(activity, "attack.ability", "") or _get(item, "system.ability", "")
            if chosen in ABILITIES:
                ability = chosen
            elif "fin" in props:
                ability = "str" if self.mod("str") >= self.mod("dex") else "dex"  # SRD Finesse: the better one
            else:
                ability = "dex" if ranged else "str"
            magic = _integer(_get(item, "system.magicalBonus", None), f"items[{index}].system.magicalBonus")
            bonus = _integer(_get(activity, "attack.bonus", "") or _get(item, "system.attackBonus", ""),
                             f"items[{index}].system.activities.attack.bonus")
            actor_bonus = _integer(_get(self.system, f"bonuses.{'rwak' if ranged else 'mwak'}.attack", ""),
                                   f"system.bonuses.{'rwak' if ranged else 'mwak'}.attack")
            to_hit = self.mod(ability) + (self.proficiency if self._proficient(item) else 0) + magic + bonus + actor_bonus
            if _get(activity, "attack.flat", False):
                to_hit = bonus  # dnd5e: a flat attack bonus replaces the ability and proficiency
            damage_bonus = self.mod(ability) + magic + flat_damage + _integer(
                _get(self.system, f"bonuses.{'rwak' if ranged else 'mwak'}.damage", ""),
                f"system.bonuses.{'rwak' if ranged else 'mwak'}.damage")
            roll = dice + (f"{damage_bonus:+d}" if damage_bonus else "")
            near = _integer(_get(item, "system.range.value", None), f"items[{index}].system.range.value", blank=None)
            far = _integer(_get(item, "system.range.long", None), f"items[{index}].system.range.long", blank=None)
            common = {"name": {"en": name, "fr": name}, "to_hit": to_hit, "damage": [{"roll": roll, "type": kind}]}
            if "lgt" in props:
                common["light"] = True
            if "fin" in props:
                common["finesse"] = True
            ident = attack_id(_get(item, "system.identifier", None) or name)  # "longsword", not "longsword_1"
            while any(p["id"] == ident for p in profiles):
                ident += "_2"
            if ranged:
                if not near:
                    self.note("char-note-no-range", weapon=name, field=f"items[{index}].system.range.value")
                    continue
                profiles.append({"id": ident, "kind": "ranged", **common,
                                 "range": [feet_to_m(near), feet_to_m(far or near)]})
                continue
            reach = 3.0 if "rch" in props else 1.5
            profiles.append({"id": ident, "kind": "melee", **common, "reach": reach})
            if "thr" in props and near:
                profiles.append({"id": f"{ident}_thrown", "kind": "ranged", **common, "thrown": True,
                                 "name": {"en": f"{name} (thrown)", "fr": f"{name} (lancé)"},
                                 "range": [feet_to_m(near), feet_to_m(far or near)]})
            if "ver" in props:
                self.note("char-note-versatile", weapon=name)
        return profiles

    # --- spells
    def spellcasting(self) -> dict | None:
        casters = []
        for index, item in self.classes:
            progression = _get(item, "system.spellcasting.progression", "none") or "none"
            if progression in ("none", ""):
                continue
            levels = _integer(_get(item, "system.levels", 1), f"items[{index}].system.levels")
            ability = _get(item, "system.spellcasting.ability", "") or _get(self.system, "attributes.spellcasting", "")
            if ability not in ABILITIES:
                raise CharacterUnreadable("char-field-missing", field=f"items[{index}].system.spellcasting.ability")
            casters.append((progression, levels, ability))
        if not casters:
            return None
        ability = casters[0][2]
        # SRD Multiclassing, Spell Slots: full levels + half + a third, rounded down; a single class rounds up
        # (dnd5e computeLeveledProgression: a lone paladin of level 5 casts as a 3rd-level caster).
        rounding = math.ceil if len(casters) == 1 else math.floor
        caster_level = sum(rounding(levels / PROGRESSION_DIVISOR[p]) for p, levels, _ in casters
                           if p in PROGRESSION_DIVISOR)
        slots = {}
        if caster_level:
            for level, count in enumerate(SPELL_SLOT_TABLE[min(caster_level, 20) - 1], start=1):
                slots[str(level)] = count
        for level in range(1, 10):
            field = f"system.spells.spell{level}.override"
            override = _integer(_get(self.actor, field, None), field, blank=None)
            if override is not None:
                slots[str(level)] = override
        slots = {k: v for k, v in slots.items() if v}
        if any(p == "pact" for p, _, _ in casters):
            self.note("char-note-pact-magic")
        spells = []
        for index, item in self.of_type("spell"):
            level = _integer(_get(item, "system.level", 0), f"items[{index}].system.level")
            method = _get(item, "system.method", None) or _get(item, "system.preparation.mode", "prepared")
            prepared = _get(item, "system.prepared", None)
            if prepared is None:
                prepared = _get(item, "system.preparation.prepared", False)
            if level == 0 or prepared or method in ALWAYS_READY_SPELLS:
                spells.append(_get(item, "system.identifier", None) or slug(item.get("name", "")))
        return {"ability": ability, "dc": 8 + self.proficiency + self.mod(ability),
                "attack": self.proficiency + self.mod(ability), "slots": slots, "spells": sorted(set(spells))}

    def template(self) -> dict:
        saves = [a for a in ABILITIES if _get(self.system, f"abilities.{a}.proficient", 0)]
        skills = [FOUNDRY_SKILLS[key] for key in sorted(FOUNDRY_SKILLS)
                  if _integer(_get(self.system, f"skills.{key}.value", 0), f"system.skills.{key}.value") >= 1]
        init_bonus = _integer(_get(self.system, "attributes.init.bonus", ""), "system.attributes.init.bonus")
        size = FOUNDRY_SIZES.get(_get(self.system, "traits.size", "med"), "medium")
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
        current = _integer(_get(self.system, "attributes.hp.value", None), "system.attributes.hp.value", blank=None)
        if current is not None and current < max_hp:
            stats["hp"] = max(0, current)
        casting = self.spellcasting()
        if casting:
            stats["spellcasting"] = casting
        classes = ", ".join(f"{item.get('name')} {_get(item, 'system.levels', 1)}" for _, item in self.classes)
        version = _get(self.actor, "_stats.systemVersion", "?")
        return {"id": slug(self.name.split("(")[0]), "name": {"en": self.name, "fr": self.name}, "kind": "pc",
                "level": self.level, "class": classes, "source": f"Foundry VTT dnd5e {version} export",
                "stats": stats, "notes": self.notes}


# ----------------------------------------------------------------------------------------------- party file
def _party(data: dict, path: Path | None, ruleset: str | None) -> list[dict]:
    """A party file (docs/party-file.md): `ruleset`? and `party`, a list of characters, each a Foundry export
    (`foundry: FILE`, relative to the party file) or a stat block of its own (`stats`)."""
    ruleset = ruleset or data.get("ruleset")
    if ruleset is not None:
        from combatlog.core.rulesets import find_ruleset

        find_ruleset(ruleset)
    members = data.get("party")
    if not isinstance(members, list) or not members:
        raise CharacterUnreadable("char-party-empty")
    templates, seen = [], set()
    for number, member in enumerate(members):
        where = f"party[{number}]"
        if not isinstance(member, dict):
            raise CharacterUnreadable("char-field-bad", field=where, value=json.dumps(member, ensure_ascii=False)[:60],
                                      expected="object")
        unknown = sorted(set(member) - {"id", "name", "level", "class", "foundry", "stats", "side"})
        if unknown:
            raise CharacterUnreadable("char-field-unknown", field=f"{where}.{unknown[0]}")
        if "foundry" in member:
            file = Path(str(member["foundry"]))
            if path is not None and not file.is_absolute():
                file = path.parent / file
            try:
                template = import_character(file, ruleset=ruleset)
            except CharacterUnreadable as error:
                raise CharacterUnreadable("char-in-member", field=f"{where}.foundry", en=error.message,
                                          fr=error.message_fr) from None
            if isinstance(template, list):
                raise CharacterUnreadable("char-field-bad", field=f"{where}.foundry", value=str(file), expected="actor")
            template = {**template, "id": str(member.get("id") or template["id"])}
            if "name" in member:
                template["name"] = {"en": str(member["name"]), "fr": str(member["name"])}
        else:
            name = member.get("name")
            if not isinstance(name, str) or not name.strip():
                raise CharacterUnreadable("char-field-missing", field=f"{where}.name")
            stats = member.get("stats")
            if not isinstance(stats, dict):
                raise CharacterUnreadable("char-field-missing", field=f"{where}.stats")
            level = _integer(member.get("level", stats.get("level")), f"{where}.level", blank=None)
            stats = {**stats, **({"level": level} if level is not None else {})}
            template = {"id": str(member.get("id") or slug(name)), "name": {"en": name, "fr": name}, "kind": "pc",
                        "level": level, "class": str(member.get("class", "")), "source": "party file",
                        "stats": stats, "notes": []}
        if template["id"] in seen:
            raise CharacterUnreadable("char-duplicate-id", field=f"{where}.id", id=template["id"])
        seen.add(template["id"])
        if "side" in member:
            template["side"] = str(member["side"])
        if ruleset is not None:
            template["ruleset"] = ruleset
        if ruleset is not None:
            check_against_engine(template, ruleset, where)
        templates.append(template)
    return templates


def engine_stats(template: dict, ruleset: str) -> tuple[dict, list[str]]:
    """The template's stats as this engine's `add` takes them, and the keys left out (the §7 `level` and
    `spellcasting` where the installed engine does not take them yet)."""
    from combatlog.core.rulesets import find_ruleset

    accepted = find_ruleset(ruleset).stat_keys
    stats = template["stats"]
    return {k: v for k, v in stats.items() if k in accepted}, sorted(k for k in stats if k not in accepted)


def check_against_engine(template: dict, ruleset: str, where: str = "") -> None:
    """Run the template through `add` in a throwaway encounter: what the engine refuses is refused here."""
    from combatlog.api import open_log
    from combatlog.core.kernel.errors import RuleViolation

    stats, _left_out = engine_stats(template, ruleset)
    encounter = open_log(":memory:").encounter()
    encounter.execute({"do": "create", "ruleset": ruleset})
    try:
        encounter.execute({"do": "add", "id": "check", "side": "party", "kind": "pc", "stats": stats})
    except RuleViolation as error:
        raise CharacterUnreadable("char-stats-refused", field=where or template["id"], en=error.localized("en"),
                                  fr=error.localized("fr")) from None


def add_commands(templates: list[dict], ruleset: str) -> tuple[list[dict], list[str]]:
    """One `add` command per character (side `party` unless the file says), for `combatlog run`; and the stat
    keys left out because the installed engine does not take them yet."""
    commands, left_out = [], set()
    for template in templates:
        stats, dropped = engine_stats(template, ruleset)
        left_out.update(dropped)
        commands.append({"do": "add", "id": template["id"], "name": template["name"]["en"],
                         "side": template.get("side", "party"), "kind": "pc", "stats": stats})
    return commands, sorted(left_out)


# ----------------------------------------------------------------------------------------------- words
def summary_lines(template: dict, lang: str) -> list[str]:
    """What a GM checks at a glance, in the reader's language: AC, HP, attacks, saves, slots, notes."""
    from combatlog.words import ability_name, damage_name, message, skill_name

    stats = template["stats"]
    lines = [message(lang, "char-summary", name=template["name"]["en"], level=template.get("level") or "?",
                     **{"class": template.get("class") or ""}, ac=stats.get("ac", "?"), hp=stats.get("max_hp", "?"),
                     speed=stats.get("speed", "?"), initiative=f"{stats.get('initiative_bonus', 0):+d}")]
    if stats.get("saves"):
        lines.append("  " + message(lang, "char-saves", saves=", ".join(ability_name(a, lang) for a in stats["saves"])))
    if stats.get("skills"):
        lines.append("  " + message(lang, "char-skills", skills=", ".join(skill_name(k, lang) for k in stats["skills"])))
    for attack in stats.get("attacks", ()):
        name = attack.get("name") or attack["id"]
        name = name.get(lang) or name.get("en") if isinstance(name, dict) else name
        damage = ", ".join(f"{part['roll']} {damage_name(part['type'], lang)}" for part in attack["damage"])
        lines.append("  " + message(lang, "char-attack", name=name, to_hit=f"{attack['to_hit']:+d}", damage=damage))
    casting = stats.get("spellcasting")
    if casting:
        slots = " ".join(f"{level}:{count}" for level, count in casting.get("slots", {}).items()) or "-"
        lines.append("  " + message(lang, "char-spellcasting", ability=ability_name(casting["ability"], lang), dc=casting["dc"],
                                    attack=f"{casting['attack']:+d}", slots=slots, spells=", ".join(casting["spells"])))
    for note in template.get("notes", ()):
        text = note.get(lang) or note.get("en") if isinstance(note, dict) else str(note)
        lines.append("  " + message(lang, "char-note", text=text))
    return lines
