"""Unit-level tests of the rules core: `decide(state, command) -> events` and `fold(events) -> state`, no CLI, no store.

Given events (a state folded from earlier commands) / When a command / Then the events it decides.

Seeds (the spec): 000 = SRD 5.2 (dnd5e-2024), 001 = SRD 5.1 combat (dnd5e-2014), 002 = SRD 5.1 ability scores.
Each test cites the seed section it checks.
"""

import msgspec
import pytest

from combatlog.core.rulesets.dnd5e.conditions import normalize_until
from combatlog.core.kernel.context import Context
from combatlog.core.kernel.dispatch import decide
from combatlog.core.kernel.dice import SeededDice
from combatlog.core.kernel.errors import InvalidCommand, RuleViolation
from combatlog.core.kernel.state import KernelState
from combatlog.core.rulesets.dnd5e.hitpoints import RolledPart, adjust_parts
from combatlog.core.rulesets.dnd5e.phases import is_legal
from combatlog.core.rulesets.dnd5e.queries import conditions_in_force, distance_metres, gap_squares
from combatlog.core.rulesets import find_ruleset
from combatlog.core.rulesets.dnd5e.state import EncounterState
from combatlog.core.rulesets.dnd5e.stats import DAMAGE_TYPES, ability_modifier, parse_stats
from combatlog.events.attacks import AttackRolled, SavingThrowRolled
from combatlog.events.conditions import ConditionApplied, ConditionEnded
from combatlog.events.damage import DamageTaken, DeathSaveFailed, DeathSaveRolled, Healed, StatusChanged
from combatlog.events.meta import CommandIssued
from combatlog.events.turns import InitiativeRolled, TurnStarted
from combatlog.events.values import Modifier
from combatlog.fixtures import load_template
from combatlog.projections.fold import fold

D2024, D2014 = "dnd5e-2024", "dnd5e-2014"

SWORD = {"id": "sword", "kind": "melee", "to_hit": 5, "reach": 1.5,
         "damage": [{"roll": "1d8+3", "type": "slashing"}]}


# --------------------------------------------------------------------------------------------------- helpers


def play(*commands: dict, state: EncounterState | None = None) -> EncounterState:
    """Given: fold the events every command decides, starting from an empty encounter."""
    state = state if state is not None else KernelState()
    for command in commands:
        state = fold(decide(state, command, templates=load_template), state)
    return state


def when(state: EncounterState, command: dict) -> list:
    """When: the events one command decides (nothing is folded)."""
    return decide(state, command, templates=load_template)


def all_of(events: list, kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


def one(events: list, kind: type):
    found = all_of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def stats(**changes) -> dict:
    """A plain stat block: every ability 10, AC 10, 30 HP, a +5 sword (1d8+3 slashing)."""
    base = {
        "ac": 10, "max_hp": 30, "speed": 9, "proficiency_bonus": 2,
        "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "attacks": [SWORD],
    }
    base.update(changes)
    return base


def pc(cid: str, side: str = "party", **changes) -> dict:
    return {"do": "add", "id": cid, "side": side, "kind": "pc", "stats": stats(**changes)}


def monster(cid: str, side: str = "monsters", **changes) -> dict:
    return {"do": "add", "id": cid, "side": side, "kind": "monster", "stats": stats(**changes)}


def fight(*adds: dict, ruleset: str = D2024, start: bool = True, underwater: bool = False) -> EncounterState:
    """create, add each creature, give them initiatives in the order listed (first acts first), start."""
    commands = [{"do": "create", "ruleset": ruleset, "seed": 11, "underwater": underwater}, *adds]
    if start:
        commands += [{"do": "initiative", "id": add["id"], "value": 20 - i} for i, add in enumerate(adds)]
        commands.append({"do": "start"})
    return play(*commands)


def aria_vs_goblin(ruleset: str = D2024, aria_at=(0, 0), gob_at=(1, 1)) -> EncounterState:
    """The fighter template (longsword +7, 1d8+4, AC 18, 44 HP) faces a goblin (AC 15, 7 HP); Aria acts first."""
    return play(
        {"do": "create", "ruleset": ruleset, "seed": 7},
        {"do": "add", "id": "aria", "side": "party", "template": "fighter", "at": list(aria_at)},
        {"do": "add", "id": "gob", "side": "goblins", "template": "goblin", "at": list(gob_at)},
        {"do": "initiative", "id": "aria", "value": 20},
        {"do": "initiative", "id": "gob", "value": 5},
        {"do": "start"},
    )


def snapshot(state: EncounterState) -> bytes:
    return msgspec.json.encode(state)


# ------------------------------------------------------------- seed 002 "Valeurs et modificateurs de caractéristique"

SEED_002_TABLE = {
    (1,): -5, (2, 3): -4, (4, 5): -3, (6, 7): -2, (8, 9): -1, (10, 11): 0, (12, 13): 1, (14, 15): 2, (16, 17): 3,
    (18, 19): 4, (20, 21): 5, (22, 23): 6, (24, 25): 7, (26, 27): 8, (28, 29): 9, (30,): 10,
}


def test_every_score_from_1_to_30_gives_the_modifier_of_the_seed_002_table():
    scores = {score: modifier for row, modifier in SEED_002_TABLE.items() for score in row}
    assert sorted(scores) == list(range(1, 31))
    for score, modifier in scores.items():
        assert ability_modifier(score) == modifier, f"score {score}"


def test_seed_002_anchor_values_1_gives_minus_5_10_and_11_give_0_and_30_gives_plus_10():
    assert ability_modifier(1) == -5
    assert ability_modifier(10) == 0
    assert ability_modifier(11) == 0
    assert ability_modifier(30) == 10


def test_a_saving_throw_adds_the_ability_modifier_and_proficiency_when_proficient_seed_002():
    # Given the fighter (Con 15 -> +2, proficient in Con saves, PB +3)
    state = aria_vs_goblin()
    # When Aria rolls a Con save with a natural 9
    events = when(state, {"do": "save", "id": "aria", "ability": "con", "dc": 14, "dice": [9]})
    # Then 9 + 2 + 3 = 14 meets the DC
    save = one(events, SavingThrowRolled)
    assert save.modifiers == (Modifier("con", 2), Modifier("proficiency", 3))
    assert (save.natural, save.total, save.success) == (9, 14, True)


def test_parse_stats_rejects_an_unknown_key_naming_the_creature_and_the_key():
    raw = stats(armor=12)
    with pytest.raises(InvalidCommand) as refused:
        parse_stats(raw, "gob")
    assert "gob" in refused.value.message and "armor" in refused.value.message
    assert parse_stats(stats(), "gob").modifier("str") == 0


# ------------------------------------------------------------------------- seed 000 "Jouer sur une Grille"


def test_orthogonal_and_diagonal_neighbours_are_one_square_away_seed_000_grid():
    assert gap_squares((0, 0), 1, (1, 0), 1) == 1
    assert gap_squares((0, 0), 1, (0, -1), 1) == 1
    assert gap_squares((0, 0), 1, (1, 1), 1) == 1
    assert gap_squares((0, 0), 1, (-1, 1), 1) == 1
    # diagonals count one square each: the shortest path to (3, 2) is 3 squares
    assert gap_squares((0, 0), 1, (3, 2), 1) == 3
    assert gap_squares((4, 4), 1, (4, 4), 1) == 0


def test_a_large_2x2_creature_counts_from_its_nearest_occupied_square_seed_000_grid():
    # A Large creature at (0,0) occupies (0,0), (1,0), (0,1), (1,1).
    assert gap_squares((0, 0), 2, (2, 1), 1) == 1
    assert gap_squares((0, 0), 2, (2, 2), 1) == 1
    assert gap_squares((0, 0), 2, (-1, -1), 1) == 1
    assert gap_squares((0, 0), 2, (3, 3), 1) == 2
    assert gap_squares((2, 1), 1, (0, 0), 2) == 1  # symmetric
    assert gap_squares((0, 0), 2, (2, 0), 2) == 1  # two Large creatures side by side


def test_distance_in_metres_is_squares_times_1_5_and_unknown_off_the_map_seed_000_grid():
    state = aria_vs_goblin(aria_at=(0, 0), gob_at=(3, 1))
    aria, gob = state.combatants["aria"], state.combatants["gob"]
    assert distance_metres(aria, gob) == pytest.approx(4.5)
    unplaced = play({"do": "add", "id": "ghost", "side": "x", "kind": "monster", "stats": stats()}, state=state)
    assert distance_metres(aria, unplaced.combatants["ghost"]) is None


def test_a_melee_attack_reaches_a_diagonal_neighbour_but_not_a_creature_two_squares_away_seed_000_grid():
    # Given the goblin diagonally adjacent: When Aria attacks: Then the attack is rolled
    events = when(aria_vs_goblin(gob_at=(1, 1)), {"do": "attack", "attacker": "aria", "target": "gob",
                                                  "with": "longsword", "dice": [2]})
    assert one(events, AttackRolled).hit is False
    # Given the goblin two squares away: Then the attack is refused (reach 1.5 m)
    with pytest.raises(RuleViolation, match="cannot reach"):
        when(aria_vs_goblin(gob_at=(2, 0)), {"do": "attack", "attacker": "aria", "target": "gob",
                                             "with": "longsword", "dice": [2]})


def test_an_ogre_reaches_a_goblin_beside_the_far_side_of_its_2x2_space_seed_000_grid():
    state = play(
        {"do": "create", "ruleset": D2024, "seed": 1},
        {"do": "add", "id": "ogre", "side": "giants", "template": "ogre", "at": [0, 0]},
        {"do": "add", "id": "gob", "side": "goblins", "template": "goblin", "at": [2, 1]},
        {"do": "initiative", "id": "ogre", "value": 15},
        {"do": "initiative", "id": "gob", "value": 5},
        {"do": "start"},
    )
    events = when(state, {"do": "attack", "attacker": "ogre", "target": "gob", "with": "greatclub", "dice": [2]})
    rolled = one(events, AttackRolled)
    assert (rolled.attacker, rolled.target, rolled.hit) == ("ogre", "gob", False)


# ------------------------------------------------- seed 000 "Ordre d'Application", "Immunité", "Pas de Cumul"

RESIST_ALL_VULNERABLE_FIRE = {"resistances": list(DAMAGE_TYPES), "vulnerabilities": ["fire"]}


def test_adjust_parts_follows_the_seed_000_worked_example_28_fire_minus_5_resistant_vulnerable_gives_22():
    state = fight(monster("blob", max_hp=60, **RESIST_ALL_VULNERABLE_FIRE), start=False)
    ctx = Context(state, SeededDice("unused"))
    [part] = adjust_parts(ctx, "blob", [RolledPart(type="fire", roll="", faces=(), rolled=28)], adjust=-5)
    assert (part.rolled, part.adjusted, part.applied) == (28, 23, 22)
    assert part.notes == ("adjusted:-5", "resistant", "vulnerable")


def test_a_damage_command_of_28_fire_adjusted_by_minus_5_costs_the_seed_000_creature_22_hp():
    state = fight(monster("blob", max_hp=60, **RESIST_ALL_VULNERABLE_FIRE), pc("hero"))
    events = when(state, {"do": "damage", "target": "blob", "amount": 28, "type": "fire", "adjust": -5})
    taken = one(events, DamageTaken)
    assert taken.parts[0].adjusted == 23
    assert taken.parts[0].applied == 22
    assert (taken.total, taken.hp_before, taken.hp_after) == (22, 60, 38)


def test_resistance_is_halved_before_vulnerability_doubles_so_7_fire_becomes_6_seed_000_order():
    # Doubling first would give 14 // 2 = 7; the seed's order (halve, round down, then double) gives 6.
    state = fight(monster("blob", **RESIST_ALL_VULNERABLE_FIRE), pc("hero"))
    taken = one(when(state, {"do": "damage", "target": "blob", "amount": 7, "type": "fire"}), DamageTaken)
    assert taken.parts[0].applied == 6


def test_2014_resistance_comes_after_other_modifiers_25_bludgeoning_minus_5_gives_10_seed_001():
    state = fight(monster("golem", resistances=["bludgeoning"]), pc("hero"), ruleset=D2014)
    taken = one(when(state, {"do": "damage", "target": "golem", "amount": 25, "type": "bludgeoning", "adjust": -5}),
                DamageTaken)
    assert (taken.parts[0].adjusted, taken.parts[0].applied, taken.hp_after) == (20, 10, 20)


def test_an_immune_creature_takes_no_damage_even_when_also_vulnerable_seed_000_immunity():
    state = fight(monster("imp", immunities=["fire"], vulnerabilities=["fire"]), pc("hero"))
    taken = one(when(state, {"do": "damage", "target": "imp", "amount": 15, "type": "fire"}), DamageTaken)
    assert taken.parts[0].applied == 0
    assert "immune" in taken.parts[0].notes
    assert taken.hp_after == taken.hp_before == 30


def test_a_penalty_never_makes_damage_negative_seed_001_damage_rolls():
    state = fight(monster("orc"), pc("hero"), ruleset=D2014)
    taken = one(when(state, {"do": "damage", "target": "orc", "amount": 3, "type": "slashing", "adjust": -5}),
                DamageTaken)
    assert (taken.parts[0].adjusted, taken.parts[0].applied, taken.hp_after) == (0, 0, 30)


def test_two_sources_of_fire_resistance_halve_only_once_seed_000_no_stacking():
    # Fire resistance of its own, plus the underwater resistance to fire (seed 000 Combat Sous-Marin).
    state = fight(monster("crab", resistances=["fire"]), pc("hero"), underwater=True)
    taken = one(when(state, {"do": "damage", "target": "crab", "amount": 20, "type": "fire"}), DamageTaken)
    assert taken.parts[0].applied == 10


def test_a_successful_save_halves_the_damage_rounded_down_seed_000_half_damage():
    state = fight(monster("orc"), pc("hero"))
    events = when(state, {"do": "damage", "target": "orc", "amount": 9, "type": "fire",
                          "save": {"ability": "dex", "dc": 12}, "dice": [15]})
    assert one(events, SavingThrowRolled).success is True
    taken = one(events, DamageTaken)
    assert (taken.parts[0].adjusted, taken.parts[0].applied, taken.half_on_save) == (4, 4, True)


def test_one_damage_roll_serves_every_target_seed_000_several_targets():
    state = fight(monster("orc1"), monster("orc2"), pc("hero"))
    events = when(state, {"do": "damage", "targets": ["orc1", "orc2"], "roll": "2d6", "type": "fire", "dice": [3, 4]})
    taken = all_of(events, DamageTaken)
    assert [t.target for t in taken] == ["orc1", "orc2"]
    assert all(t.parts[0].faces == (3, 4) and t.parts[0].applied == 7 for t in taken)


def test_temporary_hit_points_absorb_damage_first_seed_000_temporary_hp():
    state = play({"do": "temp_hp", "target": "hero", "amount": 5}, state=fight(pc("hero"), monster("orc")))
    taken = one(when(state, {"do": "damage", "target": "hero", "amount": 8, "type": "slashing"}), DamageTaken)
    assert (taken.temp_before, taken.temp_after, taken.hp_before, taken.hp_after) == (5, 0, 30, 27)


# ---------------------------------------------------- seed 000 "Avantage/Désavantage", "Lancer un 20 ou un 1"


def test_advantage_and_disadvantage_together_roll_a_single_d20_seed_000_they_do_not_stack():
    events = when(aria_vs_goblin(), {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                     "advantage": True, "disadvantage": True, "dice": [12, 4]})
    rolled = one(events, AttackRolled)
    assert rolled.faces == (12,)
    assert rolled.natural == 12
    assert rolled.advantage == ("DM",) and rolled.disadvantage == ("DM",)


def test_two_sources_of_disadvantage_and_one_of_advantage_still_cancel_seed_000_they_do_not_stack():
    state = play(
        {"do": "condition", "target": "aria", "add": "poisoned"},
        {"do": "condition", "target": "aria", "add": "prone"},
        state=aria_vs_goblin(),
    )
    rolled = one(when(state, {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                              "advantage": True, "dice": [2]}), AttackRolled)
    assert set(rolled.disadvantage) == {"poisoned", "attacker_prone"}
    assert rolled.advantage == ("DM",)
    assert rolled.faces == (2,)


def test_advantage_keeps_the_higher_and_disadvantage_the_lower_of_17_and_5_seed_002_advantage():
    state = aria_vs_goblin()
    advantaged = one(when(state, {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                  "advantage": True, "dice": [17, 5, 1]}), AttackRolled)
    assert (advantaged.faces, advantaged.natural, advantaged.total, advantaged.hit) == ((17, 5), 17, 24, True)
    hindered = one(when(state, {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                "disadvantage": True, "dice": [17, 5]}), AttackRolled)
    assert (hindered.faces, hindered.natural, hindered.total, hindered.hit) == ((17, 5), 5, 12, False)


def test_a_total_equal_to_the_ac_hits_seed_001_attack_rolls():
    rolled = one(when(aria_vs_goblin(), {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                         "dice": [8, 1]}), AttackRolled)
    assert (rolled.total, rolled.target_ac, rolled.hit, rolled.critical) == (15, 15, True, False)


def test_a_natural_20_hits_whatever_the_ac_and_is_a_critical_hit_seed_000_rolling_20_or_1():
    state = fight(pc("hero"), monster("tank", ac=40))
    events = when(state, {"do": "attack", "attacker": "hero", "target": "tank", "with": "sword", "dice": [20, 1, 1]})
    rolled = one(events, AttackRolled)
    assert rolled.total == 25 and rolled.target_ac == 40
    assert (rolled.hit, rolled.critical) == (True, True)
    assert one(events, DamageTaken).critical is True


def test_a_natural_1_misses_whatever_the_modifiers_seed_000_rolling_20_or_1():
    state = fight(pc("hero"), monster("sitting_duck", ac=2))
    events = when(state, {"do": "attack", "attacker": "hero", "target": "sitting_duck", "with": "sword", "dice": [1]})
    rolled = one(events, AttackRolled)
    assert rolled.total == 6 and rolled.target_ac == 2
    assert (rolled.hit, rolled.critical) == (False, False)
    assert all_of(events, DamageTaken) == []


def test_a_critical_hit_rolls_every_damage_dice_twice_but_adds_the_modifier_once_seed_000_critical_hits():
    flaming = {"id": "flaming", "kind": "melee", "to_hit": 5, "reach": 1.5,
               "damage": [{"roll": "1d8+3", "type": "slashing"}, {"roll": "1d6", "type": "fire"}]}
    state = fight(pc("hero", attacks=[flaming]), monster("orc", max_hp=60))
    events = when(state, {"do": "attack", "attacker": "hero", "target": "orc", "with": "flaming",
                          "dice": [20, 3, 5, 2, 6]})
    taken = one(events, DamageTaken)
    slashing, fire = taken.parts
    assert (slashing.faces, slashing.rolled) == ((3, 5), 3 + 5 + 3)
    assert (fire.faces, fire.rolled) == ((2, 6), 8)
    assert taken.total == 19 and taken.critical is True


# --------------------------------------------- seed 000 "Tomber à 0 Points de Vie", "Mort Instantanée", "Soins"


def test_a_monster_dropped_to_0_hp_dies_seed_000_monster_death():
    events = when(aria_vs_goblin(), {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                     "dice": [15, 6]})
    assert one(events, DamageTaken).hp_after == 0
    status = one(events, StatusChanged)
    assert (status.id, status.status) == ("gob", "dead")
    assert not any(e.condition == "unconscious" for e in all_of(events, ConditionApplied))


def test_a_character_dropped_to_0_hp_is_dying_unconscious_and_prone_seed_000_falling_unconscious():
    state = fight(pc("hero", hp=5), monster("orc"))
    events = when(state, {"do": "damage", "target": "hero", "amount": 9, "type": "slashing"})
    assert one(events, DamageTaken).hp_after == 0
    assert (one(events, StatusChanged).status, one(events, StatusChanged).id) == ("dying", "hero")
    applied = {e.condition for e in all_of(events, ConditionApplied) if e.target == "hero"}
    assert {"unconscious", "prone"} <= applied
    after = fold(events, state).combatants["hero"]
    assert after.status == "dying" and after.has("unconscious")


@pytest.mark.parametrize("amount, status", [(18, "dead"), (17, "dying")])
def test_massive_damage_example_max_12_at_6_hp_taking_18_dies_seed_000_instant_death(amount, status):
    state = fight(pc("hero", max_hp=12, hp=6), monster("orc"))
    events = when(state, {"do": "damage", "target": "hero", "amount": amount, "type": "slashing"})
    assert one(events, DamageTaken).overflow == amount - 6
    assert one(events, StatusChanged).status == status


def test_damage_at_0_hp_adds_one_failure_and_two_on_a_critical_hit_seed_000_damage_at_0_hp():
    state = fight(pc("hero", hp=0), monster("orc"), start=False)
    plain = one(when(state, {"do": "damage", "target": "hero", "amount": 3, "type": "slashing"}), DeathSaveFailed)
    assert (plain.count, plain.failures) == (1, 1)
    critical = one(when(state, {"do": "damage", "target": "hero", "amount": 3, "type": "slashing", "critical": True}),
                   DeathSaveFailed)
    assert (critical.count, critical.failures) == (2, 2)


def test_damage_at_0_hp_equal_to_the_hp_maximum_kills_seed_000_damage_at_0_hp():
    state = fight(pc("hero", hp=0), monster("orc"), start=False)
    events = when(state, {"do": "damage", "target": "hero", "amount": 30, "type": "slashing"})
    assert one(events, StatusChanged).status == "dead"


def test_healing_a_dying_character_wakes_it_but_it_stays_prone_seed_000_healing():
    state = fight(pc("hero", hp=0), monster("orc"), start=False)
    events = when(state, {"do": "heal", "target": "hero", "amount": 4})
    assert (one(events, Healed).hp_before, one(events, Healed).hp_after) == (0, 4)
    assert one(events, StatusChanged).status == "alive"
    ended = {e.condition for e in all_of(events, ConditionEnded)}
    assert "unconscious" in ended and "prone" not in ended


def test_healing_cannot_exceed_the_hp_maximum_14_of_20_healed_8_gives_20_seed_000_healing():
    state = fight(pc("hero", max_hp=20, hp=14), monster("orc"))
    healed = one(when(state, {"do": "heal", "target": "hero", "amount": 8}), Healed)
    assert (healed.amount, healed.hp_before, healed.hp_after) == (8, 14, 20)


# ---------------------------------------------------------------- seed 000 "Jets de Sauvegarde contre la Mort"


def dying_hero(ruleset: str = D2024) -> EncounterState:
    """The hero (a PC added at 0 HP) acts first; the combat has started, so a death save is due."""
    return fight(pc("hero", hp=0), monster("orc"), ruleset=ruleset)


def test_a_dying_character_starts_its_turn_awaiting_a_death_save_seed_000_death_saves():
    state = fight(pc("hero", hp=0), monster("orc"), start=False)
    state = play({"do": "initiative", "id": "hero", "value": 20}, {"do": "initiative", "id": "orc", "value": 5},
                 state=state)
    events = when(state, {"do": "start"})
    started = one(events, TurnStarted)
    assert (started.id, started.awaiting_death_save) == ("hero", True)
    assert fold(events, state).phase == "death_save"


@pytest.mark.parametrize("face, successes, failures, outcome", [
    (10, 1, 0, "success"),
    (9, 0, 1, "failure"),
    (1, 0, 2, "two_failures"),
])
def test_a_death_save_succeeds_on_10_or_more_and_a_natural_1_counts_two_failures_seed_000(face, successes, failures,
                                                                                           outcome):
    events = when(dying_hero(), {"do": "death_save", "id": "hero", "dice": [face]})
    rolled = one(events, DeathSaveRolled)
    assert (rolled.natural, rolled.successes, rolled.failures, rolled.outcome) == (face, successes, failures, outcome)
    assert all_of(events, StatusChanged) == []


def test_a_natural_20_on_a_death_save_regains_1_hp_and_consciousness_seed_000_rolling_1_or_20():
    events = when(dying_hero(), {"do": "death_save", "id": "hero", "dice": [20]})
    assert one(events, DeathSaveRolled).outcome == "regains_1_hp"
    assert (one(events, Healed).hp_before, one(events, Healed).hp_after) == (0, 1)
    assert one(events, StatusChanged).status == "alive"
    assert "unconscious" in {e.condition for e in all_of(events, ConditionEnded)}


def _next_round_death_save(state: EncounterState, face: int) -> tuple[EncounterState, list]:
    events = when(state, {"do": "death_save", "id": "hero", "dice": [face]})
    state = fold(events, state)
    return play({"do": "end_turn"}, {"do": "end_turn"}, state=state), events


def test_the_third_success_makes_the_character_stable_and_resets_the_counts_seed_000_three_successes():
    state = dying_hero()
    state, _ = _next_round_death_save(state, 12)
    state, _ = _next_round_death_save(state, 15)
    assert state.combatants["hero"].death_successes == 2
    events = when(state, {"do": "death_save", "id": "hero", "dice": [10]})
    assert one(events, DeathSaveRolled).outcome == "stable"
    assert one(events, StatusChanged).status == "stable"
    hero = fold(events, state).combatants["hero"]
    assert (hero.status, hero.death_successes, hero.death_failures, hero.hp) == ("stable", 0, 0, 0)
    assert hero.has("unconscious")


def test_the_third_failure_kills_the_character_seed_000_three_failures():
    state, _ = _next_round_death_save(dying_hero(), 1)  # two failures
    events = when(state, {"do": "death_save", "id": "hero", "dice": [5]})
    assert (one(events, DeathSaveRolled).failures, one(events, DeathSaveRolled).outcome) == (3, "dead")
    assert one(events, StatusChanged).status == "dead"


def test_2014_a_death_save_at_exhaustion_3_has_disadvantage_like_every_saving_throw():
    # SRD 5.1 Exhaustion level 3: disadvantage on attack rolls and saving throws; a death saving throw is a
    # saving throw (the engine's own hook, Dnd5e2014.exhaustion_disadvantage(3, "save"), says so too).
    state = play({"do": "condition", "target": "hero", "add": "exhaustion", "level": 3},
                 {"do": "initiative", "id": "hero", "value": 20}, {"do": "initiative", "id": "orc", "value": 5},
                 {"do": "start"},
                 state=fight(pc("hero", hp=0), monster("orc"), ruleset=D2014, start=False))
    assert find_ruleset(D2014).exhaustion_disadvantage(3, "save") is True
    events = when(state, {"do": "death_save", "id": "hero", "dice": [15, 4]})
    rolled = one(events, DeathSaveRolled)
    assert (rolled.faces, rolled.natural, rolled.outcome) == ((15, 4), 4, "failure")


def test_a_stable_character_who_takes_damage_is_dying_again_seed_000_stabilizing():
    state = dying_hero()
    for face in (10, 10):
        state, _ = _next_round_death_save(state, face)
    state = play({"do": "death_save", "id": "hero", "dice": [10]}, state=state)
    assert state.combatants["hero"].status == "stable"
    events = when(state, {"do": "damage", "target": "hero", "amount": 2, "type": "slashing"})
    assert one(events, StatusChanged).status == "dying"
    assert one(events, DeathSaveFailed).failures == 1


# ----------------------------------------------------------------------------------------- phases (core/phases)


def test_the_phase_machine_allows_each_command_only_in_its_phases():
    expected = {
        ("reaction", "attack"): False,
        ("death_save", "death_save"): True,
        ("turn", "death_save"): False,
        ("death_save", "attack"): False,
        ("reaction", "react"): True,
        ("turn", "react"): False,
        ("setup", "start"): True,
        ("turn", "start"): False,
        ("setup", "attack"): False,
        ("ended", "attack"): False,
        ("turn", "end"): True,
    }
    for (phase, command), legal in expected.items():
        assert is_legal(phase, command) is legal, (phase, command)


def test_a_dying_character_must_roll_its_death_save_before_anything_else_seed_000_death_saves():
    state = dying_hero()
    for command in ({"do": "end_turn"}, {"do": "attack", "attacker": "hero", "target": "orc", "with": "sword"}):
        with pytest.raises(RuleViolation, match="death save"):
            when(state, command)


def test_a_death_save_is_refused_when_none_is_due():
    state = fight(pc("hero"), monster("orc"))
    with pytest.raises(RuleViolation, match="no death save is due"):
        when(state, {"do": "death_save", "id": "hero", "dice": [10]})


def test_the_first_command_must_be_create_and_create_comes_only_once():
    with pytest.raises(RuleViolation, match="first command must be 'create'"):
        when(KernelState(), {"do": "start"})
    with pytest.raises(RuleViolation, match="already holds an encounter"):
        when(fight(pc("hero"), start=False), {"do": "create", "ruleset": D2024})


# ------------------------------------------------------------------------------------ ruleset hooks 2014 / 2024


def test_find_ruleset_gives_each_edition_its_own_hooks():
    r2024, r2014 = find_ruleset(D2024), find_ruleset(D2014)
    assert (r2024.surprise_gives_initiative_disadvantage, r2024.surprise_skips_first_turn) == (True, False)
    assert (r2014.surprise_gives_initiative_disadvantage, r2014.surprise_skips_first_turn) == (False, True)
    assert (r2024.nonlethal_leaves_one_hp, r2014.nonlethal_leaves_one_hp) == (True, False)
    assert (r2024.concentration_dc_cap, r2014.concentration_dc_cap) == (30, None)
    assert (r2024.exhaustion_penalty(3), r2014.exhaustion_penalty(3)) == (-6, 0)
    assert find_ruleset("rolenplay").name == "rolenplay"  # issue 9: Rôle'n Play is available
    assert find_ruleset("pf1").name == "pf1"  # issue 10: pf1 is available
    with pytest.raises(InvalidCommand, match="unknown ruleset"):
        find_ruleset("gurps")


def test_unconscious_implies_incapacitated_and_prone_in_both_editions():
    for ruleset in (D2024, D2014):
        state = play({"do": "condition", "target": "hero", "add": "unconscious"},
                     state=fight(pc("hero"), monster("orc"), ruleset=ruleset, start=False))
        assert {"unconscious", "incapacitated", "prone"} <= conditions_in_force(state.combatants["hero"],
                                                                                 find_ruleset(ruleset))


def test_2024_a_surprised_combatant_rolls_initiative_with_disadvantage_seed_000_initiative():
    state = play({"do": "surprise", "ids": ["orc"]}, state=fight(pc("hero"), monster("orc"), start=False))
    rolled = one(when(state, {"do": "initiative", "id": "orc", "dice": [15, 4]}), InitiativeRolled)
    assert (rolled.faces, rolled.natural, rolled.total) == ((15, 4), 4, 4)
    assert rolled.disadvantage == ("surprised",)


def test_2014_surprise_leaves_initiative_alone_but_forbids_acting_on_the_first_turn_seed_001_surprise():
    state = play({"do": "surprise", "ids": ["orc"]},
                 state=fight(pc("hero"), monster("orc"), ruleset=D2014, start=False))
    rolled = one(when(state, {"do": "initiative", "id": "orc", "dice": [15]}), InitiativeRolled)
    assert (rolled.faces, rolled.disadvantage) == ((15,), ())
    state = play({"do": "initiative", "id": "orc", "dice": [15]}, {"do": "initiative", "id": "hero", "value": 3},
                 {"do": "start"}, state=state)
    assert state.turn == "orc"
    with pytest.raises(RuleViolation, match="surprised"):
        when(state, {"do": "attack", "attacker": "orc", "target": "hero", "with": "sword", "dice": [15, 3]})


def test_2024_a_surprised_combatant_may_still_act_on_its_first_turn_seed_000_initiative():
    state = play({"do": "surprise", "ids": ["orc"]}, {"do": "initiative", "id": "orc", "value": 15},
                 {"do": "initiative", "id": "hero", "value": 3}, {"do": "start"},
                 state=fight(pc("hero"), monster("orc"), start=False))
    rolled = one(when(state, {"do": "attack", "attacker": "orc", "target": "hero", "with": "sword", "dice": [2]}),
                 AttackRolled)
    assert rolled.attacker == "orc"


def test_2024_knocking_a_creature_out_leaves_it_at_1_hp_and_unconscious_seed_000_knock_out():
    events = when(aria_vs_goblin(D2024), {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                          "nonlethal": True, "dice": [15, 8]})
    taken = one(events, DamageTaken)
    assert (taken.hp_before, taken.hp_after) == (7, 1)
    assert "unconscious" in {e.condition for e in all_of(events, ConditionApplied)}
    assert all_of(events, StatusChanged) == []


def test_2014_knocking_a_creature_out_leaves_it_at_0_hp_unconscious_and_stable_seed_001_knock_out():
    events = when(aria_vs_goblin(D2014), {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword",
                                          "nonlethal": True, "dice": [15, 8]})
    assert one(events, DamageTaken).hp_after == 0
    assert one(events, StatusChanged).status == "stable"
    assert "unconscious" in {e.condition for e in all_of(events, ConditionApplied)}


@pytest.mark.parametrize("ruleset, damage, dc", [(D2024, 70, 30), (D2014, 70, 35), (D2024, 5, 10)])
def test_the_concentration_dc_is_half_the_damage_at_least_10_and_at_most_30_in_2024(ruleset, damage, dc):
    state = play({"do": "concentrate", "id": "wiz", "effect": "bless"},
                 state=fight(pc("wiz", max_hp=200), monster("orc"), ruleset=ruleset))
    events = when(state, {"do": "damage", "target": "wiz", "amount": damage, "type": "force", "dice": [19]})
    save = one(events, SavingThrowRolled)
    assert (save.purpose, save.ability, save.dc) == ("concentration", "con", dc)


# -------------------------------------------------------------------- saving throws and durations (conditions)


def test_a_paralyzed_creature_fails_dex_saves_automatically_without_rolling_srd_glossary():
    state = play({"do": "condition", "target": "orc", "add": "paralyzed"}, state=fight(pc("hero"), monster("orc")))
    events = when(state, {"do": "save", "id": "orc", "ability": "dex", "dc": 5})
    save = one(events, SavingThrowRolled)
    assert (save.auto_fail, save.success, save.faces) == ("paralyzed", False, ())
    assert events[0].rng_draws == 0
    con = one(when(state, {"do": "save", "id": "orc", "ability": "con", "dc": 5, "dice": [10]}), SavingThrowRolled)
    assert (con.auto_fail, con.success) == ("", True)


def test_normalize_until_stores_one_shape_for_every_spelling_of_a_duration():
    state = fight(pc("hero"), monster("orc"))  # round 1, the hero's turn
    ctx = Context(state, SeededDice("unused"))

    def until(value, **kw):
        return normalize_until(value, of=kw.get("of"), rounds=kw.get("rounds"), save=kw.get("save"), target="orc",
                               ctx=ctx)

    assert until("end_of_turn", of="hero") == {"end_of_turn": "hero"}
    assert until("start_of_turn") == {"start_of_turn": "hero"}
    assert until("rounds", rounds=2) == {"rounds": 2, "of": "hero", "expires_round": 3}
    assert until(None, rounds=1) == {"rounds": 1, "of": "hero", "expires_round": 2}
    assert until({"save": {"ability": "wis", "dc": 13}}) == {"save": {"ability": "wis", "dc": 13}, "of": "orc"}
    assert until(None) == {}
    with pytest.raises(RuleViolation, match="unknown duration"):
        until("forever")
    with pytest.raises(RuleViolation, match="no combatant 'nobody'"):
        until("end_of_turn", of="nobody")


# ------------------------------------------------------------------------ refusals, frozen state, determinism


def test_a_refused_command_raises_rule_violation_and_leaves_the_frozen_state_untouched():
    state = aria_vs_goblin()
    before = snapshot(state)
    with pytest.raises(RuleViolation, match="aria's turn"):
        when(state, {"do": "attack", "attacker": "gob", "target": "aria", "with": "scimitar", "dice": [15, 3]})
    assert snapshot(state) == before
    with pytest.raises(AttributeError):
        state.phase = "ended"
    with pytest.raises(AttributeError):
        state.combatants["gob"].hp = 0


def test_a_command_refused_after_rolling_and_damaging_leaves_state_and_dice_position_untouched():
    # The hit kills the goblin before the leftover die is noticed: the whole command is refused.
    state = aria_vs_goblin()
    before = snapshot(state)
    with pytest.raises(RuleViolation, match="not used"):
        when(state, {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [15, 6, 9]})
    assert snapshot(state) == before
    assert state.combatants["gob"].hp == 7 and state.combatants["gob"].status == "alive"


def test_decide_is_deterministic_same_state_and_command_give_equal_events_from_the_seeded_dice():
    state = aria_vs_goblin()
    command = {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword"}
    first, second = when(state, command), when(state, command)
    assert first == second
    opening = first[0]
    assert isinstance(opening, CommandIssued) and opening.command == command
    rolled = one(first, AttackRolled)
    damage_faces = sum(len(p.faces) for t in all_of(first, DamageTaken) for p in t.parts)
    assert opening.rng_position == state.rng_position
    assert opening.rng_draws == len(rolled.faces) + damage_faces > 0
    assert fold(first, state).rng_position == state.rng_position + opening.rng_draws


def test_replaying_the_same_commands_from_scratch_gives_the_same_state():
    commands = (
        {"do": "create", "ruleset": D2024, "seed": "replay"},
        {"do": "add", "id": "aria", "side": "party", "template": "fighter"},
        {"do": "add", "id": "gob", "side": "goblins", "template": "goblin"},
        {"do": "initiative", "id": "aria"},
        {"do": "initiative", "id": "gob"},
    )
    assert snapshot(play(*commands)) == snapshot(play(*commands))
