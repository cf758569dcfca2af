"""The PF1 stat block (INTERFACE-pf1.md § stats) and the numbers derived from it.

Seed 004 *BBA* (attack bonus, size table), *DEF* (AC, touch, flat-footed), *Sauvegarde* (saves);
PRD *Combat Maneuvers* (CMB/CMD), *Table: Creature Size and Scale* (space, reach).
"""

from typing import Literal

import msgspec

from combatlog.core.kernel.commands import explained
from combatlog.core.kernel.errors import fail
from combatlog.core.rulesets.spellbook import Pf1Spellcasting
from combatlog.words import Phrase, Said

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")
# Seed 004 BBA, size table: the size modifier to attack and AC.
SIZE_MODIFIER = {"fine": 8, "diminutive": 4, "tiny": 2, "small": 1, "medium": 0, "large": -1, "huge": -2,
                 "gargantuan": -4, "colossal": -8}
# PRD Table: Creature Size and Scale (tall creatures): space in squares and natural reach in metres.
SPACE = {"large": 2, "huge": 3, "gargantuan": 4, "colossal": 6}
NATURAL_REACH = {"fine": 0.0, "diminutive": 0.0, "tiny": 0.0, "small": 1.5, "medium": 1.5, "large": 3.0,
                 "huge": 4.5, "gargantuan": 6.0, "colossal": 9.0}
PHYSICAL = ("bludgeoning", "piercing", "slashing")
DAMAGE_TYPES = PHYSICAL + ("acid", "cold", "electricity", "fire", "sonic", "force", "negative", "positive", "untyped")
# The 5e names PF1 knows under another name (INTERFACE-pf1 §3).
DAMAGE_ALIASES = {"lightning": "electricity", "thunder": "sonic"}
MANEUVERS = ("bull_rush", "dirty_trick", "disarm", "drag", "grapple", "overrun", "reposition", "steal", "sunder", "trip")
# The 5e keys that mean nothing in pf1: rejected by name (INTERFACE-pf1 § stats).
FIVE_E_KEYS = ("proficiency_bonus", "attacks_per_action", "resistances", "reactions")


class DamagePart(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    roll: str
    type: str


class Pf1Attack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    id: str
    kind: Literal["melee", "ranged"]
    damage: tuple[DamagePart, ...]
    # The attack's name: a string, or {"en", "fr"}; `name_fr` gives the French name beside an English `name`.
    name: str | dict[str, str] = ""
    name_fr: str = ""
    extra_damage: tuple[DamagePart, ...] = ()
    crit_range: int = 20
    crit_multiplier: int = 2
    to_hit: int | None = None
    attack_bonus: int = 0
    attack_ability: Literal["str", "dex", "con", "int", "wis", "cha"] | None = None
    str_damage: float | Literal["penalty"] | None = None
    two_handed: bool = False
    off_hand: bool = False
    light: bool = False
    thrown: bool = False
    range_increment: float | None = None
    reach: float | None = None
    reach_weapon: bool = False
    touch: bool = False
    natural: bool = False
    secondary: bool = False
    unarmed: bool = False
    nonlethal: bool = False
    bypass: tuple[str, ...] = ()


_Int = int


class Abilities(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    str: _Int = 10
    dex: _Int = 10
    con: _Int | None = 10
    int: _Int = 10
    wis: _Int = 10
    cha: _Int = 10


class AcParts(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    armor: int = 0
    shield: int = 0
    natural: int = 0
    deflection: int = 0
    dodge: int = 0
    misc: int = 0
    max_dex: int | None = None


class Saves(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    fort: int = 0
    ref: int = 0
    will: int = 0


class DR(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    amount: int
    bypass: tuple[str, ...] = ()
    all: bool = False


class Pf1Stats(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    max_hp: int
    speed: float
    bab: int
    abilities: Abilities
    ac: AcParts
    saves: Saves
    hp: int | None = None
    size: Literal[SIZES] = "medium"  # type: ignore[valid-type]
    reach: float | None = None
    armor_type: Literal["none", "light", "medium", "heavy"] = "none"
    initiative_bonus: int | None = None
    cmb: int | None = None
    cmd: int | None = None
    # The creature's grammatical gender for the words about it: f, m or n; none = neutral wording.
    gender: Literal["f", "m", "n"] | None = None
    attacks: tuple[Pf1Attack, ...] = ()
    combat_reflexes: bool = False
    two_weapon_fighting: bool = False
    improved_two_weapon_fighting: bool = False
    greater_two_weapon_fighting: bool = False
    uncanny_dodge: bool = False
    improved_unarmed_strike: bool = False
    precise_shot: bool = False
    mobility: bool = False
    run_feat: bool = False
    improved_feint: bool = False  # PRD Improved Feint: feinting is a move action
    improved_maneuvers: tuple[str, ...] = ()
    acrobatics_ranks: int = 0
    skills: dict[str, int] = {}
    concentration: int = 0
    dr: tuple[DR, ...] = ()
    energy_resistance: dict[str, int] = {}
    immunities: tuple[str, ...] = ()
    vulnerabilities: tuple[str, ...] = ()
    condition_immunities: tuple[str, ...] = ()
    # INTERFACE.md §7 "Other rulesets": caster level, ability, spells per day by level, spells (pf1/spells.py).
    spellcasting: Pf1Spellcasting | None = None
    # Character level (or Hit Dice): a long `rest` heals this many HP (PRD Natural Healing); default the caster level.
    level: int | None = None
    # The challenge rating and XP a monster is worth, for the encounter's difficulty (combatlog.party.difficulty).
    cr: str | float | None = None
    xp: int | None = None

    def attack(self, attack_id: str) -> Pf1Attack | None:
        return next((a for a in self.attacks if a.id == attack_id), None)

    @property
    def reactions(self) -> tuple:
        """pf1 has no named 5e reactions (INTERFACE-pf1 `react`): the shell finds none."""
        return ()

    def reaction(self, name: str):
        return None


def mod(score: int | None) -> int:
    """Ability modifier; a creature without the score (con: null) counts 0."""
    return 0 if score is None else (score - 10) // 2


def with_attack_names(stats: Pf1Stats) -> Pf1Stats:
    """Attack names in one shape for the readers (the language layer's Cast): `name` + `name_fr` → {"en", "fr"}."""
    if not any(attack.name_fr and not isinstance(attack.name, dict) for attack in stats.attacks):
        return stats
    return msgspec.structs.replace(stats, attacks=tuple(
        msgspec.structs.replace(attack, name={"en": attack.name or attack.id.replace("_", " "), "fr": attack.name_fr})
        if attack.name_fr and not isinstance(attack.name, dict) else attack for attack in stats.attacks))


def parse_stats(raw: object, who: str) -> Pf1Stats:
    """Validate a pf1 stat block, naming the bad key; 5e-only keys are refused by name."""
    if not isinstance(raw, dict):
        raise fail("pf1-rule-stats-must-object", who=str(who))
    for key in FIVE_E_KEYS:
        if key in raw:
            raise fail("pf1-rule-stats-key-has-no-meaning-pf1", who=str(who), key=str(key))
    if "ac" in raw and not isinstance(raw["ac"], dict):
        raise fail("pf1-rule-pf1-ac-object-armor-shield-natural", who=str(who))
    from combatlog.core.kernel.commands import bad_number  # decide called directly gets no NaN in

    bad = bad_number(raw)
    if bad:
        raise fail("pf1-rule-stats-field", who=str(who), bad0=str(bad[0]), bad1=str(bad[1]))
    try:
        stats = msgspec.convert(raw, Pf1Stats)
    except msgspec.ValidationError as error:
        raise fail("pf1-rule-stats", who=str(who), reason=Said.by(explained(str(error)))) from None
    stats = with_attack_names(stats)
    for attack in stats.attacks:
        if attack.kind == "ranged" and not attack.range_increment:
            raise fail("pf1-rule-ranged-attack-needs-range-increment", who=str(who), attack=attack.id)
        for part in attack.damage + attack.extra_damage:
            damage_type(part.type)
            from combatlog.core.kernel.dice import DiceError, DiceExpression

            try:
                DiceExpression.parse(part.roll)
            except DiceError as error:
                raise fail("pf1-rule-attack", who=str(who), attack=attack.id, error=str(error), value=str(error.localized('fr'))) from None
        if not 2 <= attack.crit_range <= 20 or not 2 <= attack.crit_multiplier <= 6:
            raise fail("pf1-rule-attack-crit-range-runs-2-20", who=str(who), attack=attack.id)
    for maneuver in stats.improved_maneuvers:
        if maneuver not in MANEUVERS:
            raise fail("pf1-rule-unknown-maneuver-known-2", who=str(who), maneuver=str(maneuver), maneuvers=', '.join(MANEUVERS))
    if stats.spellcasting is not None:
        from combatlog.core.rulesets.pf1.spells import stats_problems

        for message_id, args in stats_problems(stats)[:1]:
            raise fail("rule-stats", who=who, text=Phrase(message_id, **args))
    if stats.max_hp < 1:
        raise fail("pf1-rule-max-hp-must-least-1", who=str(who))
    from combatlog.core.rulesets.challenge import challenge_problems

    problems = challenge_problems(stats.cr, stats.xp)
    if problems:
        text = Said.by(lambda lang: " ; ".join(problem(lang) for problem in problems))
        raise fail("rule-stats", who=who, text=text)
    if stats.hp is not None and stats.hp > stats.max_hp:
        raise fail("pf1-rule-hp-above-max-hp", who=str(who), hp=str(stats.hp), max_hp=str(stats.max_hp))
    if stats.hp is not None and stats.hp <= dies_at(stats):
        raise fail("pf1-rule-hp-below-death-threshold", who=str(who), hp=str(stats.hp), stats=str(dies_at(stats)))
    return stats


def damage_type(name: str) -> str:
    """A pf1 damage type (INTERFACE-pf1 §3): the 5e lightning/thunder are aliases, the other 5e types refused."""
    name = DAMAGE_ALIASES.get(name, name)
    if name not in DAMAGE_TYPES:
        raise fail("pf1-rule-unknown-pf1-damage-type-known", name=str(name), damage_types=', '.join(DAMAGE_TYPES))
    return name


def dies_at(stats: Pf1Stats) -> int:
    """Seed 004 Points de vie: dead at -10, or -Con when Con is above 10; no Con: destroyed at 0 (PRD Creature Types)."""
    con = stats.abilities.con
    if con is None:
        return 0
    return -max(10, con)


def space(stats: Pf1Stats) -> int:
    return SPACE.get(stats.size, 1)


def natural_reach(stats: Pf1Stats) -> float:
    return stats.reach if stats.reach is not None else NATURAL_REACH[stats.size]


def attack_reach(stats: Pf1Stats, attack: Pf1Attack) -> float:
    """A reach weapon doubles the natural reach (PRD Reach Weapons) unless the profile gives its reach."""
    if attack.reach is not None:
        return attack.reach
    return natural_reach(stats) * (2 if attack.reach_weapon else 1)


def iteratives(bab: int) -> int:
    """PRD Full Attack / Base Attack Bonus: 1 + (BAB-1)//5 attacks, 1..4."""
    return max(1, min(4, 1 + (bab - 1) // 5)) if bab > 0 else 1


def str_damage_multiplier(attack: Pf1Attack) -> float | str:
    """Seed 004 Dégâts (Bonus de Force, Arme secondaire, Arme tenue à deux mains)."""
    if attack.str_damage is not None:
        return attack.str_damage
    if attack.kind == "ranged":
        return 1.0 if attack.thrown else "penalty"
    if attack.off_hand or (attack.natural and attack.secondary):
        return 0.5
    if attack.two_handed and not attack.light:
        return 1.5
    return 1.0


def str_damage(stats: Pf1Stats, attack: Pf1Attack, *, secondary: bool = False) -> int:
    """Strength to damage: a bonus times the grip (rounded down, PRD Rounding); a penalty in full, except with 0.
    PRD Natural Attacks: a creature's only natural attack (and no weapon) adds 1.5 times its Strength bonus."""
    strength = mod(stats.abilities.str)
    multiplier = 0.5 if secondary and attack.str_damage is None else str_damage_multiplier(attack)
    if attack.natural and attack.str_damage is None and not secondary and not attack.secondary \
            and len(stats.attacks) == 1:
        multiplier = 1.5
    if multiplier == "penalty":
        return min(0, strength)
    if multiplier == 0:
        return 0
    if strength < 0:
        return strength
    return int(strength * float(multiplier) // 1)
