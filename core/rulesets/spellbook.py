"""The shapes of INTERFACE.md §7 for spellcasting: the stat block's `spellcasting` (5e and pf1) and the spell object,
validated with unknown keys refused by name; and the dice arithmetic of upcasting and cantrip scaling.

Nothing here rolls or decides: each family's `spells.py` casts; this module only says what a spell is."""

from typing import Any, Literal

import msgspec

from combatlog.words import Named

# combatlog.core.kernel.dice is imported by the two functions that parse dice: reading a log (whose stat blocks name
# these shapes) never does.

Until = str | dict[str, Any] | None
CASTING_TIMES_IN_COMBAT = ("action", "bonus", "reaction")
MAX_SPELL_LEVEL = 9
# Cantrip damage grows at these character levels (SRD 5.1/5.2 cantrips, "Cantrip Upgrade"): ×2, ×3, ×4.
CANTRIP_STEPS = (5, 11, 17)


class SpellPlusCasterLevel(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """pf1 (PRD Cure Light Wounds: "1d8 points of damage + 1 point per caster level (maximum +5)"): the caster
    level is added to the roll, at most `most` (none: no maximum)."""

    most: int | None = None


class SpellDamage(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: str
    type: str
    # The spellcasting ability's modifier is added (SRD Spiritual Weapon: 1d8 + your spellcasting modifier).
    add_modifier: bool = False
    # pf1: + caster level, at most N (PRD Inflict Light Wounds: 1d8 + 1 per caster level, maximum +5).
    plus_caster_level: SpellPlusCasterLevel | None = None


class SpellSave(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    ability: str
    # §7 settled: `half` defaults to true for a save that has damage; None means "not said".
    half: bool | None = None


class SpellHeal(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    roll: str
    add_modifier: bool = False
    # pf1: + caster level, at most N (PRD Cure Light Wounds: 1d8 + 1 per caster level, maximum +5).
    plus_caster_level: SpellPlusCasterLevel | None = None


class SpellCondition(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    add: str
    until: Until = None


ROLL_BONUS_TESTS = ("attack", "save")


class SpellRollBonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Dice the effect's bearer adds to (or, `subtract`, takes from) its d20 tests named in `on` (SRD Bless:
    1d4 to attack rolls and saving throws; Bane: subtracts 1d4), rolled right after the d20(s) they modify."""

    roll: str
    on: tuple[str, ...]
    subtract: bool = False


class SpellDamageBonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Extra damage dice when `from` (the caster) hits the effect's bearer with an attack (SRD Hunter's Mark:
    1d6): `attacks` "weapon" (a stat block's attacks, SRD 5.1 "weapon attack") or "any" (spell attacks too,
    SRD 5.2 "an attack roll"); `type` omitted means the attack's own (first) damage type."""

    roll: str
    type: str | None = None
    source: Literal["caster"] = msgspec.field(name="from", default="caster")
    attacks: Literal["weapon", "any"] = "weapon"


BONUS_TARGETS = ("attack", "ac", "save", "fort", "ref", "will")


class SpellBonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """pf1: a typed bonus (or penalty, a negative `value`) the effect gives its bearer (PRD Bonus types: bonuses
    of one type do not stack, the largest counts; dodge and untyped bonuses and every penalty stack): `to` one of
    BONUS_TARGETS (`save`: every saving throw), `against` narrows a save bonus to one kind of effect (`fear`:
    PRD Bless), which the engine does not apply to an ordinary save."""

    to: str
    value: int
    type: str = "untyped"
    against: str | None = None


class SpellEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A named effect (`bless`, `hunters-mark`, `shield`) on each target, or on the caster when the spell has no
    targets or says `on: caster`; `ac_bonus` counts in every attack roll against its bearer; `roll_bonus` adds
    dice to its bearer's attack rolls and saves."""

    id: str
    until: Until = None
    on: Literal["targets", "caster"] | None = None
    ac_bonus: int = 0
    roll_bonus: SpellRollBonus | None = None
    damage_bonus: SpellDamageBonus | None = None
    # pf1 only: typed bonuses to attack rolls, AC and saves (PRD Bless, Shield, Mage Armor, Haste)...
    bonuses: tuple[SpellBonus, ...] = ()
    # ...and the spells it makes useless against its bearer (PRD Shield: "negates magic missile attacks").
    negates: tuple[str, ...] = ()
    # ...and one more attack at the full base attack bonus in a full attack (PRD Haste).
    extra_attack: bool = False


class SpellUpcast(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Added per slot level above the spell's own."""

    damage: str = ""
    heal: str = ""
    targets: int = 0


class SpellPerCasterLevel(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """pf1 (PRD): damage dice per caster level, at most `most` levels (Fireball: 1d6 per caster level, maximum
    10d6 is `{"roll": "1d6", "most": 10}`); `cast` writes the spell's damage roll from the caster's level."""

    roll: str
    most: int | None = None


class SpellMissiles(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """pf1 (PRD Magic Missile): `first` missiles at caster level 1, one more for every `every` levels beyond
    1st, at most `most` (1 at CL 1-2, 2 at CL 3-4, ... 5 from CL 9); each deals the spell's damage on its own."""

    first: int = 1
    every: int = 2
    most: int = 5

    def count(self, caster_level: int) -> int:
        return max(1, min(self.most, self.first + max(0, caster_level - 1) // self.every))


class SpellObject(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: str
    level: int
    name: dict[str, str] | str | None = None
    casting_time: str = "action"
    range: float | str | None = None
    area: dict[str, Any] | None = None
    save: SpellSave | None = None
    attack: Literal["melee", "ranged"] | None = None
    damage: tuple[SpellDamage, ...] = ()
    heal: SpellHeal | None = None
    temp_hp: int | str | None = None
    condition: SpellCondition | None = None
    effect: SpellEffect | str | None = None
    targets: int | None = None
    concentration: bool = False
    cantrip_scaling: bool = False
    upcast: SpellUpcast | None = None
    per_caster_level: SpellPerCasterLevel | None = None
    missiles: SpellMissiles | None = None
    ritual: bool = False
    # A reaction spell offered in a reaction window: "hit" (Shield: after an attack roll hits its caster);
    # "cast" (Counterspell: when a hostile creature within its range casts a spell; it counters that spell).
    on: Literal["hit", "cast"] | None = None
    duration: str | None = None
    school: str | None = None
    # What the library (combatlog.compendium) adds for people to read: components, the range as written, the text.
    components: str | None = None
    range_text: str | None = None
    text: dict[str, Any] | None = None
    # The library marks a spell whose effect §7 cannot express (`executable: false` and `why`, or `unsupported`);
    # `cast` refuses it with its name and that reason.
    executable: bool = True
    why: str = ""
    unsupported: str = ""

    @property
    def refusal(self) -> str:
        """Why `cast` must refuse this spell ("" when it can cast it)."""
        return self.unsupported or ("" if self.executable else (self.why or "not executable"))

    @property
    def effect_spec(self) -> SpellEffect | None:
        return SpellEffect(id=self.effect) if isinstance(self.effect, str) else self.effect

    @property
    def half_on_success(self) -> bool:
        return self.save is not None and (self.save.half if self.save.half is not None else bool(self.damage))

    @property
    def named(self) -> Named:
        """The spell as a refusal's variable: its name in the reader's language, said when the refusal is shown
        (the library's {"en", "fr"}, a name of its own, else its id)."""
        return Named(self.name or self.id, self.id)

    def display_name(self, lang: str) -> str:
        if isinstance(self.name, dict):
            return self.name.get(lang) or self.name.get("en") or self.id
        return self.name or self.id


class Spellcasting(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    ability: str
    dc: int | None = None
    attack: int | None = None
    slots: dict[str, int] = {}
    spells: tuple[str | SpellObject, ...] = ()
    per_day: dict[str, int] = {}
    # Spells cast without a slot, any number of times (`cast` with `using: "at_will"`; SRD stat blocks' "At will:").
    at_will: tuple[str | SpellObject, ...] = ()

    def spell(self, spell_id: str) -> SpellObject | None:
        return next((s for s in (*self.spells, *self.at_will) if isinstance(s, SpellObject) and s.id == spell_id),
                    None)

    def knows(self, spell_id: str) -> bool:
        return any((s if isinstance(s, str) else s.id) == spell_id for s in self.spells)

    def at_will_ids(self) -> tuple[str, ...]:
        return tuple(s if isinstance(s, str) else s.id for s in self.at_will)


class Pf1Spellcasting(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """INTERFACE.md §7 "Other rulesets": spells per day by spell level ("0": 4, "1": 3); the concentration bonus
    defaults to caster level + the ability's modifier (§7 settled)."""

    caster_level: int
    ability: str
    per_day: dict[str, int] = {}
    spells: tuple[str | SpellObject, ...] = ()
    dc: int | None = None
    concentration: int | None = None

    def spell(self, spell_id: str) -> SpellObject | None:
        return next((s for s in self.spells if isinstance(s, SpellObject) and s.id == spell_id), None)


def parse_spell(raw: object) -> SpellObject:
    """A spell object, or msgspec.ValidationError naming the offending key (`$.save.dc`)."""
    return msgspec.convert(raw, SpellObject)


def spell_problems(spell: SpellObject, *, abilities, damage_types, conditions) -> list[tuple[str, dict]]:
    """Every problem of a parsed spell object, as (message id, args) of spells.ftl; empty when it is castable."""
    problems: list[tuple[str, dict]] = []
    if not 0 <= spell.level <= MAX_SPELL_LEVEL:
        problems.append(("spell-level-out-of-range", {"spell": spell.id, "level": spell.level}))
    if spell.save is not None and spell.save.ability not in abilities:
        problems.append(("spell-unknown-ability", {"spell": spell.id, "ability": spell.save.ability}))
    for part in spell.damage:
        if part.type not in damage_types:
            problems.append(("spell-unknown-damage-type", {"spell": spell.id, "type": part.type}))
    rolls = [part.roll for part in spell.damage] + ([spell.heal.roll] if spell.heal else [])
    if isinstance(spell.temp_hp, str):
        rolls.append(spell.temp_hp)
    if spell.upcast is not None:
        rolls += [text for text in (spell.upcast.damage, spell.upcast.heal) if text]
    if spell.per_caster_level is not None:
        rolls.append(spell.per_caster_level.roll)
    effect = spell.effect_spec
    if effect is not None and effect.roll_bonus is not None:
        rolls.append(effect.roll_bonus.roll)
        for test in effect.roll_bonus.on:
            if test not in ROLL_BONUS_TESTS:
                problems.append(("spell-roll-bonus-unknown-test", {"spell": spell.id, "test": test,
                                                                    "tests": ", ".join(ROLL_BONUS_TESTS)}))
        if not effect.roll_bonus.on:
            problems.append(("spell-roll-bonus-unknown-test", {"spell": spell.id, "test": "",
                                                                "tests": ", ".join(ROLL_BONUS_TESTS)}))
    if effect is not None:
        for bonus in effect.bonuses:
            if bonus.to not in BONUS_TARGETS:
                problems.append(("spell-bonus-unknown-target", {"spell": spell.id, "to": bonus.to,
                                                                "targets": ", ".join(BONUS_TARGETS)}))
    if effect is not None and effect.damage_bonus is not None:
        rolls.append(effect.damage_bonus.roll)
        if effect.damage_bonus.type is not None and effect.damage_bonus.type not in damage_types:
            problems.append(("spell-unknown-damage-type", {"spell": spell.id, "type": effect.damage_bonus.type}))
    from combatlog.core.kernel.dice import DiceError, DiceExpression

    for text in rolls:
        try:
            DiceExpression.parse(text)
        except DiceError:
            problems.append(("spell-bad-dice", {"spell": spell.id, "roll": text}))
    if spell.condition is not None and spell.condition.add not in conditions:
        problems.append(("spell-unknown-condition", {"spell": spell.id, "condition": spell.condition.add}))
    if spell.attack and spell.save:
        problems.append(("spell-attack-and-save", {"spell": spell.id}))
    if spell.targets is not None and spell.targets < 1:
        problems.append(("spell-targets-at-least-one", {"spell": spell.id}))
    return problems


def _merge_term(terms: list[list[int]], count: int, sides: int) -> None:
    for term in terms:
        if term[1] == sides:
            term[0] += count
            return
    terms.append([count, sides])


def scaled_roll(text: str, *, multiplier: int = 1, extra: str = "", times: int = 0) -> str:
    """`text` with its dice counts multiplied (cantrip scaling) and `extra` added `times` (upcasting), dice of
    the same size merged: 8d6 upcast twice by 1d6 is 10d6 (SRD Fireball: +1d6 per slot level above 3rd)."""
    from combatlog.core.kernel.dice import DiceExpression

    base = DiceExpression.parse(text)
    if multiplier == 1 and not (extra and times):
        return text
    if any(term.keep or term.sign < 0 for term in base.terms):
        return text  # kept or subtracted dice are never scaled (no SRD spell has them)
    terms = [[term.count * multiplier, term.sides] for term in base.terms]
    constant = base.constant
    if extra and times:
        added = DiceExpression.parse(extra)
        for term in added.terms:
            _merge_term(terms, term.count * times, term.sides)
        constant += added.constant * times
    written = "+".join(f"{count}d{sides}" for count, sides in terms)
    if constant:
        written += f"{constant:+d}" if written else str(constant)
    return written or "0"


def cantrip_multiplier(spell: SpellObject, caster_level: int | None) -> int:
    """×2, ×3, ×4 at character level 5, 11, 17 (§7 `cantrip_scaling`); a creature without `level` does not scale."""
    if spell.level != 0 or not spell.cantrip_scaling or caster_level is None:
        return 1
    return 1 + sum(1 for step in CANTRIP_STEPS if caster_level >= step)
