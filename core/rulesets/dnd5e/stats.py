"""Stat blocks: the `stats` object of INTERFACE.md, validated with unknown keys rejected by name."""

import math
from typing import Literal

import msgspec

from combatlog.projections.words import Phrase, Said, both
from combatlog.core.kernel.dice import DiceError, DiceExpression
from combatlog.core.kernel.commands import MAX_DISTANCE, explained
from combatlog.core.kernel.errors import InvalidCommand
from combatlog.core.rulesets.challenge import challenge_problems

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
SPACE_IN_SQUARES = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}

Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan"]


class Abilities(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    str: int
    dex: int
    con: int
    int: int
    wis: int
    cha: int


class DamageSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: str
    type: str


class AttackProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: str
    kind: Literal["melee", "ranged"]
    to_hit: int
    damage: tuple[DamageSpec, ...] = ()
    reach: float = 1.5
    range: tuple[float, float] | None = None
    name: dict[str, str] | str | None = None
    slot: Literal["action", "bonus"] = "action"
    light: bool = False
    finesse: bool = False
    thrown: bool = False


class ReactionProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: str
    on: Literal["hit", "melee_hit"]
    ac_bonus: int = 0
    until: Literal["start_of_turn", "this_attack"] = "this_attack"
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
    resistances: tuple[str, ...] = ()
    vulnerabilities: tuple[str, ...] = ()
    immunities: tuple[str, ...] = ()
    condition_immunities: tuple[str, ...] = ()
    reactions: tuple[ReactionProfile, ...] = ()
    swim_speed: float = 0
    # The challenge rating and XP a monster is worth, for the encounter's difficulty (combatlog.party.difficulty).
    cr: str | float | None = None
    xp: int | None = None

    def modifier(self, ability: str) -> int:
        return ability_modifier(getattr(self.abilities, ability))

    def attack(self, attack_id: str) -> AttackProfile | None:
        for attack in self.attacks:
            if attack.id == attack_id:
                return attack
        return None

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


# Keys added to the stat block after logs were written: an event stores them only when set, so that an older
# log's CombatantAdded is what the rules give today (`verify` re-derives every event).
LATER_KEYS = ("cr", "xp")


def stored_stats(stats: Stats) -> dict:
    """The stat block as CombatantAdded records it: every field, the later ones only when set."""
    raw = msgspec.to_builtins(stats)
    for key in LATER_KEYS:
        if raw.get(key) is None:
            raw.pop(key, None)
    return raw


def parse_stats(raw: object, who: str) -> Stats:
    """Validate a `stats` object; errors name the creature and the offending key."""
    try:
        stats = msgspec.convert(raw, Stats)
    except msgspec.ValidationError as error:
        # A nested field is named by its path from the stat block (stats.speed, stats.attacks[0].to_hit).
        where = str(error).replace("`$.", "`stats.").replace("`$[", "`stats[")
        raise InvalidCommand(*both("rule-stats-error", who=who, error=explained(where))) from None
    problems: list[Phrase] = []
    for key, values, allowed in (
        ("saves", stats.saves, ABILITIES),
        ("skills", stats.skills, tuple(SKILLS)),
        ("resistances", stats.resistances, DAMAGE_TYPES),
        ("vulnerabilities", stats.vulnerabilities, DAMAGE_TYPES),
        ("immunities", stats.immunities, DAMAGE_TYPES),
        ("condition_immunities", stats.condition_immunities, CONDITIONS),
    ):
        problems += [Phrase("stats-unknown-value", key=key, value=value) for value in values if value not in allowed]
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
    if problems:
        text = Said.by(lambda lang: ("; " if lang == "en" else " ; ").join(problem(lang) for problem in problems))
        raise InvalidCommand(*both("rule-stats", who=who, text=text))
    return stats


# Bounds on every number of a stat block, generous for any table (seed 000's creatures stay far inside them),
# checked here in the core so that callers of `decide` that skip replay/validation.py cannot store a NaN (it
# encodes as null and the log no longer opens) or a number no rule can work with.
MAX_HP = 1_000_000
SCORE = (0, 100)  # ability scores (seed 000: 1 to 30)
BONUS = (-100, 100)  # AC, to-hit and other bonuses
MAX_ATTACKS = 100


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
        numbers += [(f"attacks[{index}].to_hit", attack.to_hit, *BONUS),
                    (f"attacks[{index}].reach", attack.reach, 0, MAX_DISTANCE)]
        if attack.range is not None:
            numbers += [(f"attacks[{index}].range[0]", attack.range[0], 0, MAX_DISTANCE),
                        (f"attacks[{index}].range[1]", attack.range[1], attack.range[0], MAX_DISTANCE)]
    numbers += [(f"reactions[{index}].ac_bonus", reaction.ac_bonus, *BONUS) for index, reaction in enumerate(stats.reactions)]
    problems = []
    for field, value, low, high in numbers:
        if not (math.isfinite(value) and low <= value <= high):
            problems.append(Phrase("stats-out-of-range", field=field, value=repr(value), low=low, high=high))
    return problems


def stats_to_builtins(stats: Stats) -> dict:
    return msgspec.to_builtins(stats)
