"""Stat blocks: the `stats` object of INTERFACE.md, validated with unknown keys rejected by name."""

import builtins
import math
from typing import Any, Literal

import msgspec

from combatlog.words import Phrase, Said
from combatlog.core.kernel.commands import MAX_DISTANCE, explained
from combatlog.core.kernel.errors import InvalidCommand, fail
from combatlog.core.rulesets.spellbook import Spellcasting

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
SKILLS = {
    "athletics": "str",
    "acrobatics": "dex", "sleight_of_hand": "dex", "stealth": "dex",
    "arcana": "int", "history": "int", "investigation": "int", "nature": "int", "religion": "int",
    "animal_handling": "wis", "insight": "wis", "medicine": "wis", "perception": "wis", "survival": "wis",
    "deception": "cha", "intimidation": "cha", "performance": "cha", "persuasion": "cha",
}
DAMAGE_TYPES = (
    "acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
    "piercing", "poison", "psychic", "radiant", "slashing", "thunder",
)
CONDITIONS = (
    "blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated",
    "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned", "unconscious",
)
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
# A weapon's qualities that a qualified defence may not hold against (INTERFACE.md §8; the words of pf1's DR).
QUALITIES = ("magic", "silver", "adamantine")
CREATURE_TYPES = ("aberration", "beast", "celestial", "construct", "dragon", "elemental", "fey", "fiend", "giant",
                  "humanoid", "monstrosity", "ooze", "plant", "undead")
RIDER_IFS = ("advantage",)
SPACE_IN_SQUARES = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}

Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan"]


class Abilities(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    str: int
    dex: int
    con: int
    int: int
    wis: builtins.int  # `int` is the field above from here on, for a type checker
    cha: builtins.int


class DamageSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: str
    type: str


class AttackSave(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """An attack that calls for a saving throw instead of an attack roll (a breath weapon): one save per target,
    one damage roll for all, halved on a success unless `half` is false."""

    ability: str
    dc: int
    half: bool = True


class RiderSave(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The target's save a rider asks for; `half`: a success halves the rider's damage (none without it)."""

    ability: str
    dc: int
    half: bool = True


class RiderCondition(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A condition a rider puts on the target; `until` as the `condition` command, `of` "self" (the attacker) or
    "target" for a turn boundary."""

    add: str
    until: dict[str, Any] | str | None = None
    of: str | None = None


class RiderGrapple(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    escape_dc: int


class Rider(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One `on_hit` rider of an attack (INTERFACE.md §8): extra damage (with a save or plain), a condition (with or
    without a save), or a grapple; `if`, `size_max` and `creature_types_except` say when it applies."""

    damage: tuple[DamageSpec, ...] = ()
    save: RiderSave | None = None
    condition: RiderCondition | None = None
    grapple: RiderGrapple | None = None
    if_: str | None = msgspec.field(default=None, name="if")
    size_max: str | None = None
    creature_types_except: tuple[str, ...] = ()


class Qualified(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A resistance, immunity or vulnerability that holds unless the damage's `bypass` has one of `unless`
    (SRD 5.1 "from nonmagical attacks not made with silvered weapons": `["magic", "silver"]`)."""

    type: str
    unless: tuple[str, ...] = ()


Defence = str | Qualified


def defence_type(entry: Defence) -> str:
    return entry if isinstance(entry, str) else entry.type


def defence_holds(entry: Defence, bypass: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether a defence entry applies to damage with the qualities `bypass`."""
    return isinstance(entry, str) or not set(entry.unless) & set(bypass)


class AttackProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: str
    # `kind` and `to_hit` are required unless the attack has a `save` (checked in parse_stats).
    kind: Literal["melee", "ranged"] | None = None
    to_hit: int | None = None
    damage: tuple[DamageSpec, ...] = ()
    reach: float = 1.5
    range: tuple[float, float] | None = None
    name: dict[str, str] | str | None = None
    slot: Literal["action", "bonus"] = "action"
    light: bool = False
    finesse: bool = False
    thrown: bool = False
    # Limited uses (INTERFACE.md §7): the use this attack spends; a save attack and the area it covers.
    uses: str | None = None
    save: AttackSave | None = None
    area: dict[str, Any] | None = None
    # Stat blocks that play themselves (INTERFACE.md §8): the weapon's qualities, its two-handed damage, its riders.
    bypass: tuple[str, ...] = ()
    versatile: tuple[DamageSpec, ...] = ()
    on_hit: tuple[Rider, ...] = ()


class ReactionProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: str
    on: Literal["hit", "melee_hit"]
    ac_bonus: int = 0
    until: Literal["start_of_turn", "this_attack"] = "this_attack"
    name: dict[str, str] | str | None = None


class UseProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A limited use (INTERFACE.md §7): `max` uses, back after a rest (`per`) or on a d6 of `recharge` or more."""

    id: str
    max: int = 1
    per: Literal["short_rest", "long_rest"] = "long_rest"
    recharge: int | None = None
    name: dict[str, str] | str | None = None


class LegendaryProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A legendary action: its cost, and the attack of the stat block it makes (none: the DM resolves it)."""

    id: str
    cost: int = 1
    attack: str | None = None
    name: dict[str, str] | str | None = None


class Stats(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    ac: int
    max_hp: int
    speed: float
    abilities: Abilities
    proficiency_bonus: int
    hp: int | None = None
    initiative_bonus: int | None = None
    size: Size = "medium"
    attacks_per_action: int = 1
    saves: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    attacks: tuple[AttackProfile, ...] = ()
    resistances: tuple[Defence, ...] = ()
    vulnerabilities: tuple[Defence, ...] = ()
    immunities: tuple[Defence, ...] = ()
    condition_immunities: tuple[str, ...] = ()
    reactions: tuple[ReactionProfile, ...] = ()
    swim_speed: float = 0
    # Spellcasting (INTERFACE.md §7): a PC's character level scales cantrips; checked in spells.stats_problems.
    level: int | None = None
    spellcasting: Spellcasting | None = None
    # What runs out and comes back (INTERFACE.md §7): limited uses, legendary actions and resistance, lair turn.
    uses: tuple[UseProfile, ...] = ()
    legendary_actions: int = 0
    legendary: tuple[LegendaryProfile, ...] = ()
    legendary_resistance: int = 0
    lair_actions: bool = False
    # The challenge rating and XP a monster is worth, for the encounter's difficulty (combatlog.party.difficulty).
    cr: str | float | None = None
    xp: int | None = None
    # The creature's grammatical gender for the words about it ("Lyra revient à elle"): f, m or n; none = neutral wording.
    gender: Literal["f", "m", "n"] | None = None
    # The creature's type (SRD: beast, undead...), for riders that spare some types (`creature_types_except`).
    creature_type: str | None = None

    def modifier(self, ability: str) -> int:
        return ability_modifier(getattr(self.abilities, ability))

    def attack(self, attack_id: str) -> AttackProfile | None:
        for attack in self.attacks:
            if attack.id == attack_id:
                return attack
        return None

    def use(self, use_id: str) -> UseProfile | None:
        return next((use for use in self.uses if use.id == use_id), None)

    def legendary_action(self, action_id: str) -> LegendaryProfile | None:
        return next((action for action in self.legendary if action.id == action_id), None)

    def reaction(self, reaction_id: str) -> ReactionProfile | None:
        return next((reaction for reaction in self.reactions if reaction.id == reaction_id), None)

    @property
    def initiative_modifier(self) -> int:
        return self.initiative_bonus if self.initiative_bonus is not None else self.modifier("dex")

    @property
    def space(self) -> int:
        return SPACE_IN_SQUARES[self.size]


def ability_modifier(score: int) -> int:
    """Score 10-11 gives +0; every two points above or below moves it by one (rounded down)."""
    return (score - 10) // 2


# Keys added to the stat block, and to its attacks, after logs were written (§7's spellcasting, uses, legendary
# actions and resistance, lair; the difficulty's cr and xp): CombatantAdded stores one only where the stat block
# sets it, so that an older log's events are what the rules give today (`verify` re-derives every event).
LATER_KEYS = ("level", "spellcasting", "uses", "legendary_actions", "legendary", "legendary_resistance",
              "lair_actions", "cr", "xp", "gender", "creature_type")
LATER_ATTACK_KEYS = ("uses", "save", "area", "bypass", "versatile", "on_hit")


def _without_unset(raw: dict, struct_type: type, later: tuple[str, ...]) -> dict:
    unset = {field.name: msgspec.to_builtins(field.default) for field in msgspec.structs.fields(struct_type)
             if field.name in later}
    return {key: value for key, value in raw.items() if key not in unset or value != unset[key]}


def stored_stats(stats: Stats) -> dict:
    """The stat block as CombatantAdded records it: every field, the later ones only when set."""
    raw = _without_unset(msgspec.to_builtins(stats), Stats, LATER_KEYS)
    raw["attacks"] = [_without_unset(attack, AttackProfile, LATER_ATTACK_KEYS) for attack in raw["attacks"]]
    return raw


def parse_stats(raw: object, who: str) -> Stats:
    """Validate a `stats` object; errors name the creature and the offending key."""
    # Imported here: checking a stat block is deciding an `add`; folding and printing a log need neither.
    from combatlog.core.kernel.dice import DiceError, DiceExpression
    from combatlog.core.rulesets.challenge import challenge_problems

    try:
        stats = msgspec.convert(raw, Stats)
    except msgspec.ValidationError as error:
        # A nested field is named by its path from the stat block (stats.speed, stats.attacks[0].to_hit).
        where = str(error).replace("`$.", "`stats.").replace("`$[", "`stats[")
        raise InvalidCommand("rule-stats-error", who=who, error=explained(where)) from None
    problems: list[Phrase] = []
    for key, values, allowed in (
        ("saves", stats.saves, ABILITIES),
        ("skills", stats.skills, tuple(SKILLS)),
        ("resistances", tuple(map(defence_type, stats.resistances)), DAMAGE_TYPES),
        ("vulnerabilities", tuple(map(defence_type, stats.vulnerabilities)), DAMAGE_TYPES),
        ("immunities", tuple(map(defence_type, stats.immunities)), DAMAGE_TYPES),
        ("condition_immunities", stats.condition_immunities, CONDITIONS),
    ):
        problems += [Phrase("stats-unknown-value", key=key, value=value) for value in values if value not in allowed]
    problems += rider_problems(stats, lambda roll: DiceExpression.parse(roll))
    if stats.max_hp < 1:
        problems.append(Phrase("stats-max-hp-low", value=stats.max_hp))
    if stats.hp is not None and not 0 <= stats.hp <= stats.max_hp:
        problems.append(Phrase("stats-hp-outside", hp=stats.hp, max_hp=stats.max_hp))
    if stats.speed < 0:
        problems.append(Phrase("stats-speed-negative", value=stats.speed))
    if stats.attacks_per_action < 1:
        problems.append(Phrase("stats-attacks-per-action"))
    problems += challenge_problems(stats.cr, stats.xp)
    problems += _out_of_bounds(stats)
    if stats.spellcasting is not None or stats.level is not None:
        from combatlog.core.rulesets.dnd5e.spells import spellcasting_problems

        problems += spellcasting_problems(stats)
    seen = set()
    for attack in stats.attacks:
        if attack.id in seen:
            problems.append(Phrase("stats-attack-twice", attack=attack.id))
        seen.add(attack.id)
        for part in attack.damage:
            if part.type not in DAMAGE_TYPES:
                problems.append(Phrase("stats-unknown-damage-type", attack=attack.id, type=part.type))
            try:
                DiceExpression.parse(part.roll)
            except DiceError as error:
                problems.append(Phrase("stats-attack-dice", attack=attack.id, error=Said.by(error.localized)))
        if attack.kind == "ranged" and attack.range is None:
            problems.append(Phrase("stats-ranged-needs-range", attack=attack.id))
    from combatlog.core.rulesets.dnd5e.resources import resource_problems

    problems += resource_problems(stats)
    if problems:
        text = Said.by(lambda lang: ("; " if lang == "en" else " ; ").join(problem(lang) for problem in problems))
        raise InvalidCommand("rule-stats", who=who, text=text)
    return stats


def _words(field: str, values, allowed: tuple[str, ...]) -> list[Phrase]:
    """One problem per word of `values` that is not one of `allowed`, naming the field and the words allowed."""
    if isinstance(values, str):
        values = (values,)
    return [Phrase("stats-unknown-word", field=field, value=value, allowed=", ".join(allowed))
            for value in values if value not in allowed]


def _damage_problems(field: str, parts, parse) -> list[Phrase]:
    from combatlog.core.kernel.dice import DiceError

    problems = _words(f"{field}.type", [part.type for part in parts], DAMAGE_TYPES)
    for part in parts:
        try:
            parse(part.roll)
        except DiceError as error:
            problems.append(Phrase("stats-rider-dice", field=field, error=Said.by(error.localized)))
    return problems


def check_qualities(field: str, values) -> None:
    """Refuse a command whose `bypass` holds a word that is not a weapon quality, naming the words allowed."""
    for value in values:
        if value not in QUALITIES:
            raise fail("rule-unknown-quality", field=field, value=value, allowed=", ".join(QUALITIES))


UNTIL_WORDS = ("end_of_turn", "start_of_turn")
UNTIL_OF = ("self", "target")


def rider_problems(stats: "Stats", parse) -> list[Phrase]:
    """What is wrong with the §8 additions of a stat block: riders, versatile damage, weapon qualities, qualified
    defences and the creature type; every unknown word is named with its field and the words allowed."""
    problems: list[Phrase] = []
    for key in ("resistances", "vulnerabilities", "immunities"):
        for index, entry in enumerate(getattr(stats, key)):
            if isinstance(entry, Qualified):
                problems += _words(f"{key}[{index}].unless", entry.unless, QUALITIES)
    if stats.creature_type is not None:
        problems += _words("creature_type", stats.creature_type, CREATURE_TYPES)
    for index, attack in enumerate(stats.attacks):
        where = f"attacks[{index}]"
        problems += _words(f"{where}.bypass", attack.bypass, QUALITIES)
        problems += _damage_problems(f"{where}.versatile", attack.versatile, parse)
        for number, rider in enumerate(attack.on_hit):
            field = f"{where}.on_hit[{number}]"
            kinds = [name for name in ("damage", "condition", "grapple") if getattr(rider, name)]
            if len(kinds) != 1:
                problems.append(Phrase("stats-rider-one-kind", field=field))
            problems += _damage_problems(f"{field}.damage", rider.damage, parse)
            if rider.save is not None:
                problems += _words(f"{field}.save.ability", rider.save.ability, ABILITIES)
                if not 0 <= rider.save.dc <= 1000:
                    problems.append(Phrase("stats-out-of-range", field=f"{field}.save.dc", value=repr(rider.save.dc),
                                           low=0, high=1000))
            if rider.grapple is not None and not 0 <= rider.grapple.escape_dc <= 1000:
                problems.append(Phrase("stats-out-of-range", field=f"{field}.grapple.escape_dc",
                                       value=repr(rider.grapple.escape_dc), low=0, high=1000))
            if rider.condition is not None:
                problems += _words(f"{field}.condition.add", rider.condition.add, CONDITIONS)
                problems += _until_problems(f"{field}.condition", rider.condition)
            if rider.if_ is not None:
                problems += _words(f"{field}.if", rider.if_, RIDER_IFS)
            if rider.size_max is not None:
                problems += _words(f"{field}.size_max", rider.size_max, SIZES)
            problems += _words(f"{field}.creature_types_except", rider.creature_types_except, CREATURE_TYPES)
    return problems


def _until_problems(field: str, condition: RiderCondition) -> list[Phrase]:
    until = condition.until
    if until is None:
        return []
    if isinstance(until, str):
        return (_words(f"{field}.until", until, UNTIL_WORDS)
                + _words(f"{field}.of", condition.of or "self", UNTIL_OF))
    if set(until) == {"rounds"} and isinstance(until["rounds"], int) and not isinstance(until["rounds"], bool) \
            and 1 <= until["rounds"] <= 1_000_000:
        return []
    save = until.get("save") if set(until) == {"save"} else None
    if isinstance(save, dict) and set(save) == {"ability", "dc"} and save["ability"] in ABILITIES \
            and isinstance(save["dc"], int) and not isinstance(save["dc"], bool) and 0 <= save["dc"] <= 1000:
        return []
    return [Phrase("stats-rider-until", field=f"{field}.until")]


# Bounds on every number of a stat block, generous for any table (seed 000's creatures stay far inside them),
# checked here in the core so that callers of `decide` that skip replay/validation.py cannot store a NaN (it
# encodes as null and the log no longer opens) or a number no rule can work with.
MAX_HP = 1_000_000
SCORE = (0, 100)  # ability scores (seed 000: 1 to 30)
BONUS = (-100, 100)  # AC, to-hit and other bonuses
MAX_ATTACKS = 100
MAX_USES = 1000  # uses, legendary actions and resistances of any creature


def _out_of_bounds(stats: Stats) -> list[Phrase]:
    """One problem per number out of its bounds, each naming its field as written in `stats`."""
    numbers: list[tuple[str, float, float, float]] = [
        ("ac", stats.ac, 0, BONUS[1]),
        ("max_hp", stats.max_hp, 1, MAX_HP),
        ("speed", stats.speed, 0, MAX_DISTANCE),
        ("swim_speed", stats.swim_speed, 0, MAX_DISTANCE),
        ("proficiency_bonus", stats.proficiency_bonus, *BONUS),
        ("attacks_per_action", stats.attacks_per_action, 1, MAX_ATTACKS),
    ]
    if stats.initiative_bonus is not None:
        numbers.append(("initiative_bonus", stats.initiative_bonus, *BONUS))
    numbers += [(f"abilities.{name}", getattr(stats.abilities, name), *SCORE) for name in ABILITIES]
    for index, attack in enumerate(stats.attacks):
        numbers += [(f"attacks[{index}].reach", attack.reach, 0, MAX_DISTANCE)]
        if attack.to_hit is not None:
            numbers.append((f"attacks[{index}].to_hit", attack.to_hit, *BONUS))
        if attack.save is not None:
            numbers.append((f"attacks[{index}].save.dc", attack.save.dc, 0, 1000))
        if attack.range is not None:
            numbers += [(f"attacks[{index}].range[0]", attack.range[0], 0, MAX_DISTANCE),
                        (f"attacks[{index}].range[1]", attack.range[1], attack.range[0], MAX_DISTANCE)]
    numbers += [(f"uses[{index}].max", use.max, 1, MAX_USES) for index, use in enumerate(stats.uses)]
    numbers += [(f"legendary[{index}].cost", action.cost, 1, MAX_USES) for index, action in enumerate(stats.legendary)]
    numbers += [("legendary_actions", stats.legendary_actions, 0, MAX_USES),
                ("legendary_resistance", stats.legendary_resistance, 0, MAX_USES)]
    numbers += [(f"reactions[{index}].ac_bonus", reaction.ac_bonus, *BONUS) for index, reaction in enumerate(stats.reactions)]
    problems = []
    for field, value, low, high in numbers:
        if not (math.isfinite(value) and low <= value <= high):
            problems.append(Phrase("stats-out-of-range", field=field, value=repr(value), low=low, high=high))
    return problems

