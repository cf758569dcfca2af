"""Conditions, durations, exhaustion, saves and checks, contests, concentration, grapple and shove, driven through
the CLI with hand-worked dice. Seeds: 000 (SRD 5.2, dnd5e-2024) "Conditions" (Durée, Les Conditions ne se
Cumulent Pas), "Jets de Sauvegarde", "Tests de Caractéristique"; 001 (SRD 5.1, dnd5e-2014) "Empoignade",
"Bousculer une créature", "Opposition en combat", "Abri"; 002 "Tests de caractéristique", "Opposition",
"Jets de sauvegarde". Condition effects follow the SRD glossary (5.1 appendix / 5.2 rules glossary).

Templates (fixtures/creatures): fighter = Str 18 (+4), Dex 14 (+2), Con 15 (+2), PB 3, Str and Con save
proficiency, Athletics, AC 18, 44 HP, speed 9 m, 2 attacks, longsword +7 1d8+4; goblin = Str 8 (-1),
Dex 14 (+2), Con 10 (+0), PB 2, Stealth only, AC 15, 7 HP, small; wizard = Str 9 (-1), Dex 14 (+2),
Con 13 (+1), PB 3, Int and Wis saves, 27 HP; skeleton = immune to exhaustion and poisoned.
"""


import pytest


from support import events_of, last, ok, rejected, RULESETS







def encounter(ruleset, *more, start=True):
    """aria (fighter, 15 + 2 = 17) acts before gob1 (goblin, 3 + 2 = 5); wiz (wizard) joins with value 10."""
    commands = [
        {"do": "create", "ruleset": ruleset, "seed": 1, "units": "m"},  # the seeds count in metres; an English create naming no units shows feet (issue 23)
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
        {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
        {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard"},
        {"do": "initiative", "id": "aria", "dice": [15]},
        {"do": "initiative", "id": "gob1", "dice": [3]},
        {"do": "initiative", "id": "wiz", "value": 10},
    ]
    if start:
        commands.append({"do": "start"})
    return [*commands, *more]


def conditions(state, who):
    return state["combatants"][who]["conditions"]


# --- Adding and removing instances (seed 000 Conditions, Les Conditions ne se Cumulent Pas) ---------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_condition_is_removed_by_its_source_each_instance_apart(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "aria", "add": "poisoned", "source": "gob1"},
                   {"do": "condition", "target": "aria", "add": "poisoned", "source": "wiz"}))
    assert conditions(state, "aria") == ["poisoned"]  # listed once however many instances
    state = ok(run({"do": "condition", "target": "aria", "remove": "poisoned", "source": "gob1"}))
    assert conditions(state, "aria") == ["poisoned"]  # wiz's instance remains
    rejected(run({"do": "condition", "target": "aria", "remove": "poisoned", "source": "gob1"}), "aria", "poisoned")
    state = ok(run({"do": "condition", "target": "aria", "remove": "poisoned", "source": "wiz"}))
    assert conditions(state, "aria") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_removing_without_a_source_ends_every_instance(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "aria", "add": "frightened", "source": "gob1"},
                   {"do": "condition", "target": "aria", "add": "frightened", "source": "wiz"},
                   {"do": "condition", "target": "aria", "add": "blinded"},
                   {"do": "condition", "target": "aria", "remove": "frightened"}))
    assert conditions(state, "aria") == ["blinded"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_condition_is_rejected_by_name(run, ruleset):
    rejected(run(*encounter(ruleset), {"do": "condition", "target": "aria", "add": "sleepy"}), "sleepy")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_until_the_end_of_a_named_creatures_turn(run, ruleset):
    # set in aria's turn, lasting until the end of gob1's next turn
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "aria", "add": "blinded", "until": "end_of_turn", "of": "gob1"},
                   {"do": "end_turn"}))  # aria's turn ends: still blinded
    assert state["turn"] == "wiz" and conditions(state, "aria") == ["blinded"]
    state = ok(run({"do": "end_turn"}))  # wiz -> gob1
    assert state["turn"] == "gob1" and conditions(state, "aria") == ["blinded"]
    state = ok(run({"do": "end_turn"}))  # gob1's turn ends
    assert conditions(state, "aria") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_until_the_start_of_a_named_creatures_turn(run, ruleset):
    # set in aria's turn, lasting until the start of aria's next turn
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "gob1", "add": "frightened", "until": "start_of_turn", "of": "aria"},
                   {"do": "end_turn"}, {"do": "end_turn"}))
    assert state["turn"] == "gob1" and conditions(state, "gob1") == ["frightened"]
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("spelling", [{"until": "rounds", "rounds": 2}, {"until": {"rounds": 2}}, {"rounds": 2}])
def test_a_duration_in_rounds_lasts_that_many_rounds(run, ruleset, spelling):
    # set in aria's turn of round 1 for 2 rounds: gone when aria's turn of round 3 starts
    ok(run(*encounter(ruleset), {"do": "condition", "target": "gob1", "add": "restrained", **spelling}))
    for expected in [(1, "wiz"), (1, "gob1"), (2, "aria"), (2, "wiz"), (2, "gob1")]:
        state = ok(run({"do": "end_turn"}))
        assert (state["round"], state["turn"]) == expected
        assert conditions(state, "gob1") == ["restrained"]
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (3, "aria")
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_until_end_of_turn_without_of_means_the_current_turn(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "condition", "target": "gob1", "add": "prone", "until": "end_of_turn"}))
    assert conditions(state, "gob1") == ["prone"]
    state = ok(run({"do": "end_turn"}))
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_save_ends_the_condition_at_the_end_of_each_of_the_targets_turns(run, ruleset):
    ok(run(*encounter(ruleset),
           {"do": "condition", "target": "gob1", "add": "poisoned", "until": "save",
            "save": {"ability": "con", "dc": 12}}))
    # not at the end of aria's or wiz's turn: no die is rolled (a supplied die would be left over)
    rejected(run({"do": "end_turn", "dice": [20]}))
    state = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert state["turn"] == "gob1"
    # end of gob1's turn: Con save 5 + 0 = 5 < 12, still poisoned
    state = ok(run({"do": "end_turn", "dice": [5]}))
    assert conditions(state, "gob1") == ["poisoned"]
    state = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "gob1")
    # 12 + 0 = 12 >= 12: it ends
    state = ok(run({"do": "end_turn", "dice": [12]}))
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_instance_keeps_its_own_duration_seed_000_conditions_ne_se_cumulent_pas(run, ruleset):
    # one instance until the end of aria's turn, another until the start of aria's next turn
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "gob1", "add": "poisoned", "source": "trap",
                    "until": "end_of_turn", "of": "aria"},
                   {"do": "condition", "target": "gob1", "add": "poisoned", "source": "wiz",
                    "until": "start_of_turn", "of": "aria"},
                   {"do": "end_turn"}))
    assert conditions(state, "gob1") == ["poisoned"]
    state = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    assert conditions(state, "gob1") == []


# --- Implied conditions and immunity (SRD glossary) -------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition, shown", [
    ("unconscious", ["incapacitated", "prone", "unconscious"]),
    ("paralyzed", ["incapacitated", "paralyzed"]),
    ("stunned", ["incapacitated", "stunned"]),
    ("petrified", ["incapacitated", "petrified"]),
])
def test_implied_conditions_are_shown_in_the_state_document(run, ruleset, condition, shown):
    state = ok(run(*encounter(ruleset), {"do": "condition", "target": "gob1", "add": condition}))
    assert conditions(state, "gob1") == shown


@pytest.mark.parametrize("ruleset", RULESETS)
def test_implied_conditions_end_with_the_condition_that_implies_them(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "condition", "target": "gob1", "add": "stunned"},
                   {"do": "condition", "target": "gob1", "remove": "stunned"}))
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_creature_waking_up_remains_prone_srd_glossary_unconscious(run, ruleset):
    # SRD 5.1: an unconscious creature "falls prone"; SRD 5.2: "When this condition ends, you remain Prone."
    state = ok(run(*encounter(ruleset), {"do": "condition", "target": "gob1", "add": "unconscious", "source": "sleep"},
                   {"do": "condition", "target": "gob1", "remove": "unconscious"}))
    assert conditions(state, "gob1") == ["prone"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_immune_creature_records_the_condition_with_no_effect(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "add", "id": "skel", "side": "undead", "template": "skeleton"},
                   {"do": "condition", "target": "skel", "add": "poisoned", "source": "wiz"}))
    assert conditions(state, "skel") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_condition_immunity_is_in_the_log_as_no_effect(run, log, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "add", "id": "skel", "side": "undead", "template": "skeleton"},
                   {"do": "condition", "target": "skel", "add": "exhaustion", "level": 6}))
    applied = last(log, "ConditionApplied")
    assert applied["target"] == "skel" and applied["no_effect"]
    # six levels would kill; immune, it is untouched
    assert state["combatants"]["skel"]["exhaustion"] == 0
    assert state["combatants"]["skel"]["status"] == "alive"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_poisoned_immune_creature_has_no_disadvantage_on_checks(run, log, ruleset):
    # skeleton Dex 14 (+2): a single die is enough, 10 + 2 = 12
    ok(run(*encounter(ruleset),
           {"do": "add", "id": "skel", "side": "undead", "template": "skeleton"},
           {"do": "condition", "target": "skel", "add": "poisoned"},
           {"do": "check", "id": "skel", "ability": "dex", "dice": [10]}))
    assert last(log, "CheckRolled")["total"] == 12


@pytest.mark.parametrize("ruleset", RULESETS)
def test_poisoned_gives_disadvantage_on_ability_checks_srd_glossary(run, log, ruleset):
    # goblin Dex check with disadvantage: min(15, 6) = 6 + 2 = 8
    ok(run(*encounter(ruleset), {"do": "condition", "target": "gob1", "add": "poisoned"},
           {"do": "check", "id": "gob1", "ability": "dex", "dice": [15, 6]}))
    assert last(log, "CheckRolled")["total"] == 8


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["grappled", "restrained"])
def test_grappled_and_restrained_creatures_have_speed_0(run, ruleset, condition):
    state = ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]},
                   {"do": "condition", "target": "aria", "add": condition, "source": "gob1"}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria cannot reach [1,0]: 1.5 m needed, 0 m left")
    state = ok(run({"do": "condition", "target": "aria", "remove": condition},
                   {"do": "move", "id": "aria", "path": [[1, 0]]}))
    assert state["combatants"]["aria"]["position"] == [1, 0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_frightened_creature_cannot_willingly_move_closer_to_the_source_of_its_fear_srd_glossary(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "place", "id": "gob1", "at": [4, 0]},
           {"do": "condition", "target": "aria", "add": "frightened", "source": "gob1"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria", "gob1", "frightened")
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1], [1, 1]]}), "aria", "gob1")
    # sideways (still 4 squares away) and away are fine
    state = ok(run({"do": "move", "id": "aria", "path": [[0, 1], [-1, 1]]}))
    assert state["combatants"]["aria"]["position"] == [-1, 1]
    # a frightened creature can still be moved by force
    state = ok(run({"do": "move", "id": "aria", "path": [[0, 1]], "forced": True}))
    assert state["combatants"]["aria"]["position"] == [0, 1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_condition_cannot_be_added_to_a_dead_creature(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "damage", "target": "gob1", "amount": 7, "type": "fire"}))
    rejected(run({"do": "condition", "target": "gob1", "add": "prone"}), "gob1", "dead")


# --- Exhaustion (SRD 5.2 glossary: -2 per level to d20 tests, -1.5 m per level; SRD 5.1: six levels) ---------

def test_2024_exhaustion_levels_stack_and_take_2_per_level_from_d20_tests(run, log):
    state = ok(run(*encounter("dnd5e-2024"),
                   {"do": "condition", "target": "aria", "add": "exhaustion"},
                   {"do": "condition", "target": "aria", "add": "exhaustion"}))
    assert state["combatants"]["aria"]["exhaustion"] == 2
    assert conditions(state, "aria") == ["exhaustion"]
    # speed 9 - 2 x 1.5 = 6 m
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 6
    # Str save: 10 + 4 + 3 (proficient) - 4 = 13 >= 13
    ok(run({"do": "save", "id": "aria", "ability": "str", "dc": 13, "dice": [10]}))
    save = last(log, "SavingThrowRolled")
    assert (save["total"], save["success"]) == (13, True)
    # ability check: Athletics 10 + 4 + 3 - 4 = 13
    ok(run({"do": "check", "id": "aria", "skill": "athletics", "dc": 14, "dice": [10]}))
    check = last(log, "CheckRolled")
    assert (check["total"], check["success"]) == (13, False)
    # attack: longsword 11 + 7 - 4 = 14 < AC 15: a miss, no damage die
    state = ok(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [11]}))
    assert state["combatants"]["gob1"]["hp"] == 7


def test_2024_exhaustion_lowers_initiative(run):
    # 10 + 2 (Dex) - 2 (exhaustion 1) = 10
    state = ok(run(*encounter("dnd5e-2024", start=False),
                   {"do": "condition", "target": "aria", "add": "exhaustion"},
                   {"do": "initiative", "id": "aria", "dice": [10]}))
    assert state["combatants"]["aria"]["initiative"] == 10


def test_2014_exhaustion_level_1_gives_disadvantage_on_checks_only(run, log):
    ok(run(*encounter("dnd5e-2014"), {"do": "condition", "target": "aria", "add": "exhaustion"}))
    # check: min(15, 5) = 5 + 4 + 3 = 12
    ok(run({"do": "check", "id": "aria", "skill": "athletics", "dice": [15, 5]}))
    assert last(log, "CheckRolled")["total"] == 12
    # save: one die, no penalty: 5 + 4 + 3 = 12
    ok(run({"do": "save", "id": "aria", "ability": "str", "dc": 12, "dice": [5]}))
    assert last(log, "SavingThrowRolled")["total"] == 12
    state = ok(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [8, 1]}))
    # 8 + 7 = 15 hits AC 15; 1d8+4 with 1 = 5 -> gob1 2
    assert state["combatants"]["gob1"]["hp"] == 2
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 9


def test_2014_exhaustion_level_2_halves_speed_and_level_3_gives_disadvantage_on_attacks_and_saves(run, log):
    state = ok(run(*encounter("dnd5e-2014"), {"do": "condition", "target": "aria", "add": "exhaustion"},
                   {"do": "condition", "target": "aria", "add": "exhaustion"}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 4.5
    state = ok(run({"do": "condition", "target": "aria", "add": "exhaustion"}))
    assert state["combatants"]["aria"]["exhaustion"] == 3
    # save with disadvantage: min(15, 5) = 5 + 7 = 12
    ok(run({"do": "save", "id": "aria", "ability": "str", "dc": 12, "dice": [15, 5]}))
    assert last(log, "SavingThrowRolled")["total"] == 12
    # attack with disadvantage: min(15, 5) = 5 + 7 = 12 < 15, no damage die
    state = ok(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 5]}))
    assert state["combatants"]["gob1"]["hp"] == 7


def test_2014_exhaustion_level_4_halves_the_hit_point_maximum_and_level_5_sets_speed_to_0(run):
    state = ok(run(*encounter("dnd5e-2014"), {"do": "condition", "target": "aria", "add": "exhaustion", "level": 4}))
    assert state["combatants"]["aria"]["max_hp"] == 22
    state = ok(run({"do": "condition", "target": "aria", "add": "exhaustion"}))
    assert state["combatants"]["aria"]["exhaustion"] == 5
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_exhaustion_6_is_death(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "condition", "target": "aria", "add": "exhaustion", "level": 5}))
    assert state["combatants"]["aria"]["status"] == "alive"
    state = ok(run({"do": "condition", "target": "aria", "add": "exhaustion"}))
    assert state["combatants"]["aria"]["status"] == "dead"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_six_single_levels_of_exhaustion_kill(run, ruleset):
    state = ok(run(*encounter(ruleset), *[{"do": "condition", "target": "wiz", "add": "exhaustion"}] * 6))
    assert state["combatants"]["wiz"]["status"] == "dead"


# --- Saving throws and ability checks (seed 000 Jets de Sauvegarde, Tests de Caractéristique; seed 002) --------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_save_adds_the_ability_modifier_and_proficiency_where_proficient_seed_000_002_jets_de_sauvegarde(run, log, ruleset):
    ok(run(*encounter(ruleset)))
    # fighter Str save (proficient): 5 + 4 + 3 = 12 >= 12
    ok(run({"do": "save", "id": "aria", "ability": "str", "dc": 12, "dice": [5]}))
    save = last(log, "SavingThrowRolled")
    assert (save["total"], save["success"]) == (12, True)
    # fighter Dex save (not proficient): 9 + 2 = 11 < 12
    ok(run({"do": "save", "id": "aria", "ability": "dex", "dc": 12, "dice": [9]}))
    save = last(log, "SavingThrowRolled")
    assert (save["total"], save["success"]) == (11, False)
    # wizard Wis save (proficient): 5 + 2 + 3 = 10; Str save: 13 - 1 = 12
    ok(run({"do": "save", "id": "wiz", "ability": "wis", "dc": 11, "dice": [5]}))
    assert (last(log, "SavingThrowRolled")["total"], last(log, "SavingThrowRolled")["success"]) == (10, False)
    ok(run({"do": "save", "id": "wiz", "ability": "str", "dc": 12, "dice": [13]}))
    assert last(log, "SavingThrowRolled")["total"] == 12


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_successful_save_halves_damage_rounded_down(run, ruleset):
    # gob1 Dex save 13 + 2 = 15 >= 15: 7 // 2 = 3 -> 7 - 3 = 4; aria fails 2 + 2 = 4: 7 -> 44 - 7 = 37
    state = ok(run(*encounter(ruleset),
                   {"do": "damage", "targets": ["gob1", "aria"], "amount": 7, "type": "fire",
                    "save": {"ability": "dex", "dc": 15}, "dice": [13, 2]}))
    assert state["combatants"]["gob1"]["hp"] == 4
    assert state["combatants"]["aria"]["hp"] == 37


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_ability_check_adds_proficiency_only_with_the_skill_seed_000_002_tests_de_caracteristique(run, log, ruleset):
    ok(run(*encounter(ruleset)))
    # Athletics (proficient): 8 + 4 + 3 = 15 >= 15
    ok(run({"do": "check", "id": "aria", "skill": "athletics", "dc": 15, "dice": [8]}))
    check = last(log, "CheckRolled")
    assert (check["total"], check["success"]) == (15, True)
    # Acrobatics (not proficient): 8 + 2 = 10
    ok(run({"do": "check", "id": "aria", "skill": "acrobatics", "dc": 15, "dice": [8]}))
    check = last(log, "CheckRolled")
    assert (check["total"], check["success"]) == (10, False)
    # a plain Wisdom check: 8 + 1 = 9
    ok(run({"do": "check", "id": "aria", "ability": "wis", "dice": [8]}))
    assert last(log, "CheckRolled")["total"] == 9


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_contest_is_won_by_the_higher_total_seed_002_opposition(run, log, ruleset):
    # aria Athletics 10 + 7 = 17 vs gob1 Acrobatics 14 + 2 = 16: aria wins
    ok(run(*encounter(ruleset),
           {"do": "check", "id": "aria", "skill": "athletics",
            "against": {"id": "gob1", "ability": "dex", "skill": "acrobatics"}, "dice": [10, 14]}))
    contest = last(log, "ContestResolved")
    assert contest["totals"] == [17, 16] and contest["winner"] == "aria"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_tied_contest_leaves_things_as_they_were_seed_002_opposition(run, log, ruleset):
    # 10 + 7 = 17 vs 15 + 2 = 17: nobody wins
    state = ok(run(*encounter(ruleset),
                   {"do": "check", "id": "aria", "skill": "athletics",
                    "against": {"id": "gob1", "ability": "dex", "skill": "acrobatics"}, "dice": [10, 15]}))
    contest = last(log, "ContestResolved")
    assert contest["totals"] == [17, 17] and contest["winner"] == ""
    assert conditions(state, "gob1") == [] and conditions(state, "aria") == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["paralyzed", "stunned", "unconscious", "petrified"])
@pytest.mark.parametrize("ability", ["str", "dex"])
def test_strength_and_dexterity_saves_fail_automatically_without_a_die_srd_glossary(run, log, ruleset, condition, ability):
    ok(run(*encounter(ruleset), {"do": "condition", "target": "aria", "add": condition}))
    # no die is consumed: a supplied one would be left over
    rejected(run({"do": "save", "id": "aria", "ability": ability, "dc": 5, "dice": [20]}))
    ok(run({"do": "save", "id": "aria", "ability": ability, "dc": 5}))
    save = last(log, "SavingThrowRolled")
    assert save["success"] is False and save["faces"] == [] and save["auto_fail"] == condition


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_automatic_failure_takes_full_damage_and_rolls_no_save_die(run, ruleset):
    # wiz paralyzed, Dex save DC 5 auto-fails: 8 fire in full -> 27 - 8 = 19 (petrified would resist)
    state = ok(run(*encounter(ruleset), {"do": "condition", "target": "wiz", "add": "paralyzed"},
                   {"do": "damage", "target": "wiz", "roll": "2d6", "type": "fire",
                    "save": {"ability": "dex", "dc": 5}, "dice": [3, 5]}))
    assert state["combatants"]["wiz"]["hp"] == 19


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_paralyzed_creature_still_rolls_constitution_saves(run, log, ruleset):
    # Con save: 10 + 2 + 3 = 15
    ok(run(*encounter(ruleset), {"do": "condition", "target": "aria", "add": "paralyzed"},
           {"do": "save", "id": "aria", "ability": "con", "dc": 15, "dice": [10]}))
    save = last(log, "SavingThrowRolled")
    assert (save["total"], save["success"]) == (15, True)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("cover, bonus", [("half", 2), ("three_quarters", 5)])
def test_cover_adds_to_dexterity_saves_seed_001_abri(run, log, ruleset, cover, bonus):
    # aria Dex save: 11 + 2 + cover
    ok(run(*encounter(ruleset), {"do": "save", "id": "aria", "ability": "dex", "dc": 15, "cover": cover, "dice": [11]}))
    save = last(log, "SavingThrowRolled")
    assert save["total"] == 13 + bonus and save["success"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_cover_does_not_add_to_other_saves(run, log, ruleset):
    # Con save: 5 + 2 + 3 = 10, no cover bonus
    ok(run(*encounter(ruleset), {"do": "save", "id": "aria", "ability": "con", "dc": 11, "cover": "half", "dice": [5]}))
    save = last(log, "SavingThrowRolled")
    assert (save["total"], save["success"]) == (10, False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_restrained_gives_disadvantage_on_dexterity_saves_srd_glossary(run, log, ruleset):
    # min(16, 4) = 4 + 2 = 6
    ok(run(*encounter(ruleset), {"do": "condition", "target": "aria", "add": "restrained"},
           {"do": "save", "id": "aria", "ability": "dex", "dc": 10, "dice": [16, 4]}))
    assert last(log, "SavingThrowRolled")["total"] == 6


# --- Concentration (SRD glossary Concentration) ------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_concentration_effect_at_a_time_a_new_one_ends_the_old_and_its_conditions(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "gob1", "add": "restrained", "source": "wiz",
                    "concentration": True, "effect": "web"}))
    assert state["combatants"]["wiz"]["concentration"] == "web"
    assert conditions(state, "gob1") == ["restrained"]
    state = ok(run({"do": "concentrate", "id": "wiz", "effect": "bless"}))
    assert state["combatants"]["wiz"]["concentration"] == "bless"
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_effect_may_impose_conditions_on_several_targets(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "gob1", "add": "paralyzed", "source": "wiz",
                    "concentration": True, "effect": "hold_monster"},
                   {"do": "condition", "target": "aria", "add": "charmed", "source": "wiz",
                    "concentration": True, "effect": "hold_monster"}))
    assert state["combatants"]["wiz"]["concentration"] == "hold_monster"
    assert "paralyzed" in conditions(state, "gob1") and conditions(state, "aria") == ["charmed"]
    state = ok(run({"do": "concentrate", "id": "wiz", "stop": True}))
    assert state["combatants"]["wiz"]["concentration"] is None
    assert conditions(state, "gob1") == [] and conditions(state, "aria") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_asks_a_constitution_save_dc_10_or_half_the_damage_failure_ends_it(run, ruleset):
    ok(run(*encounter(ruleset),
           {"do": "condition", "target": "gob1", "add": "restrained", "source": "wiz", "concentration": True,
            "effect": "web"},
           # 10 damage: DC max(10, 5) = 10; Con save 9 + 1 = 10 holds; 27 - 10 = 17
           {"do": "damage", "target": "wiz", "amount": 10, "type": "slashing", "dice": [9]}))
    state = ok(run({"do": "damage", "target": "wiz", "amount": 1, "type": "slashing", "dice": [9]}))
    # 1 damage: DC 10 still; 9 + 1 = 10 holds; 17 - 1 = 16
    assert state["combatants"]["wiz"]["hp"] == 16
    assert state["combatants"]["wiz"]["concentration"] == "web"
    assert conditions(state, "gob1") == ["restrained"]
    # 15 damage: DC max(10, 7) = 10: 8 + 1 = 9 fails; the web ends and gob1 is free; 16 - 15 = 1
    state = ok(run({"do": "damage", "target": "wiz", "amount": 15, "type": "slashing", "dice": [8]}))
    assert state["combatants"]["wiz"]["hp"] == 1
    assert state["combatants"]["wiz"]["concentration"] is None
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_damaging_save_rolls_the_save_then_the_damage_then_the_concentration_save(run, log, ruleset):
    # dice: Dex save 3 + 2 = 5 < 15 (full damage), 2d6 = 4 + 5 = 9 -> 27 - 9 = 18, Con save 11 + 1 = 12 >= 10
    state = ok(run(*encounter(ruleset),
                   {"do": "concentrate", "id": "wiz", "effect": "bless"},
                   {"do": "damage", "target": "wiz", "roll": "2d6", "type": "fire",
                    "save": {"ability": "dex", "dc": 15}, "dice": [3, 4, 5, 11]}))
    assert state["combatants"]["wiz"]["hp"] == 18
    assert state["combatants"]["wiz"]["concentration"] == "bless"
    saves = [e for e in events_of(log) if e["type"] == "SavingThrowRolled"]
    assert [(e["ability"], e["total"]) for e in saves[-2:]] == [("dex", 5), ("con", 12)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_absorbed_by_temporary_hit_points_still_asks_a_concentration_save(run, ruleset):
    # 5 damage all absorbed by 8 temp HP; DC 10: 2 + 1 = 3 fails
    state = ok(run(*encounter(ruleset),
                   {"do": "concentrate", "id": "wiz", "effect": "bless"},
                   {"do": "temp_hp", "target": "wiz", "amount": 8},
                   {"do": "damage", "target": "wiz", "amount": 5, "type": "fire", "dice": [2]}))
    assert state["combatants"]["wiz"]["hp"] == 27 and state["combatants"]["wiz"]["temp_hp"] == 3
    assert state["combatants"]["wiz"]["concentration"] is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_concentration_dc_is_half_the_damage_rounded_down_above_20(run, log, ruleset):
    big = {"ac": 12, "max_hp": 100, "speed": 9, "proficiency_bonus": 2,
           "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    # 25 damage: DC 12: 12 + 0 = 12 holds
    ok(run(*encounter(ruleset),
           {"do": "add", "id": "mage", "side": "party", "kind": "pc", "stats": big},
           {"do": "concentrate", "id": "mage", "effect": "fly"},
           {"do": "damage", "target": "mage", "amount": 25, "type": "fire", "dice": [12]}))
    save = last(log, "SavingThrowRolled")
    assert (save["dc"], save["success"]) == (12, True)
    # 23 damage: DC 11: 10 + 0 = 10 fails
    state = ok(run({"do": "damage", "target": "mage", "amount": 23, "type": "fire", "dice": [10]}))
    assert last(log, "SavingThrowRolled")["dc"] == 11
    assert state["combatants"]["mage"]["concentration"] is None


@pytest.mark.parametrize("ruleset, dc, holds", [("dnd5e-2014", 35, False), ("dnd5e-2024", 30, True)])
def test_the_concentration_dc_is_capped_at_30_in_2024_only(run, log, ruleset, dc, holds):
    titan = {"ac": 12, "max_hp": 200, "speed": 9, "proficiency_bonus": 3, "saves": ["con"],
             "abilities": {"str": 10, "dex": 10, "con": 30, "int": 10, "wis": 10, "cha": 10}}
    # 70 damage: half = 35; 2024 caps at 30. Con save 18 + 10 + 3 = 31
    state = ok(run(*encounter(ruleset),
                   {"do": "add", "id": "titan", "side": "party", "kind": "pc", "stats": titan},
                   {"do": "concentrate", "id": "titan", "effect": "storm"},
                   {"do": "damage", "target": "titan", "amount": 70, "type": "fire", "dice": [18]}))
    save = last(log, "SavingThrowRolled")
    assert (save["dc"], save["total"], save["success"]) == (dc, 31, holds)
    assert state["combatants"]["titan"]["concentration"] == ("storm" if holds else None)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["incapacitated", "stunned", "unconscious"])
def test_an_incapacitated_caster_loses_concentration(run, ruleset, condition):
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "gob1", "add": "frightened", "source": "wiz", "concentration": True,
                    "effect": "fear"},
                   {"do": "condition", "target": "wiz", "add": condition}))
    assert state["combatants"]["wiz"]["concentration"] is None
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_caster_dropping_to_0_hp_loses_concentration(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "condition", "target": "gob1", "add": "frightened", "source": "wiz", "concentration": True,
                    "effect": "fear"},
                   {"do": "damage", "target": "wiz", "amount": 27, "type": "fire"}))
    assert state["combatants"]["wiz"]["status"] == "dying"
    assert state["combatants"]["wiz"]["concentration"] is None
    assert conditions(state, "gob1") == []


# --- Grapple and shove (seed 001 Empoignade, Bousculer une créature; SRD 5.2 Unarmed Strike) ----------------

def test_2014_grapple_is_an_athletics_contest_against_the_targets_better_skill_seed_001_empoignade(run):
    # aria Athletics 10 + 4 + 3 = 17 vs gob1's better of Athletics (-1) and Acrobatics (+2): 14 + 2 = 16
    state = ok(run(*encounter("dnd5e-2014"),
                   {"do": "attack", "attacker": "aria", "target": "gob1", "with": "grapple", "dice": [10, 14]}))
    assert conditions(state, "gob1") == ["grappled"]
    assert state["combatants"]["gob1"]["economy"]["movement_left"] == 0
    # the grapple replaced one of aria's two attacks: one is left
    assert state["combatants"]["aria"]["economy"]["attacks_left"] == 1
    # 2 + 7 = 9 misses, then a third attack is refused
    ok(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [2]}))
    rejected(run({"do": "grapple", "attacker": "aria", "target": "gob1", "dice": [10, 14]}), "aria", "action")


def test_2014_a_tied_grapple_contest_changes_nothing_seed_002_opposition(run):
    # 10 + 7 = 17 vs 15 + 2 = 17
    state = ok(run(*encounter("dnd5e-2014"), {"do": "grapple", "attacker": "aria", "target": "gob1", "dice": [10, 15]}))
    assert conditions(state, "gob1") == []
    assert state["combatants"]["aria"]["economy"]["attacks_left"] == 1


def test_2024_grapple_is_a_str_or_dex_save_against_8_plus_str_plus_proficiency(run):
    # DC 8 + 4 + 3 = 15; gob1 saves with Dex (+2, better than Str -1): 12 + 2 = 14 fails
    state = ok(run(*encounter("dnd5e-2024"), {"do": "grapple", "attacker": "aria", "target": "gob1", "dice": [12]}))
    assert conditions(state, "gob1") == ["grappled"]
    assert state["combatants"]["aria"]["economy"]["attacks_left"] == 1


def test_2024_a_successful_save_avoids_the_grapple(run, log):
    # 13 + 2 = 15 >= 15
    state = ok(run(*encounter("dnd5e-2024"),
                   {"do": "attack", "attacker": "aria", "target": "gob1", "with": "grapple", "dice": [13]}))
    assert conditions(state, "gob1") == []
    save = last(log, "SavingThrowRolled")
    assert (save["ability"], save["dc"], save["total"]) == ("dex", 15, 15)


def test_2024_the_grapple_target_saves_with_its_better_saving_throw(run, log):
    # Str 10 (+0) with Str save proficiency (+2) = +2; Dex 12 (+1), Acrobatics proficiency: Dex save +1
    # the target picks its Str save: 13 + 2 = 15 >= 15, not grappled (a Dex save would be 14)
    wrestler = {"ac": 12, "max_hp": 20, "speed": 9, "proficiency_bonus": 2, "saves": ["str"],
                "skills": ["acrobatics"],
                "abilities": {"str": 10, "dex": 12, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    state = ok(run(*encounter("dnd5e-2024"),
                   {"do": "add", "id": "wres", "side": "goblins", "kind": "monster", "stats": wrestler},
                   {"do": "grapple", "attacker": "aria", "target": "wres", "dice": [13]}))
    save = last(log, "SavingThrowRolled")
    assert (save["ability"], save["total"]) == ("str", 15)
    assert conditions(state, "wres") == []


@pytest.mark.parametrize("ruleset, dice", [("dnd5e-2014", [10, 14]), ("dnd5e-2024", [12])])
def test_shove_knocks_the_target_prone_seed_001_bousculer(run, ruleset, dice):
    # 2014: 17 vs 16; 2024: Dex save 12 + 2 = 14 < 15
    state = ok(run(*encounter(ruleset),
                   {"do": "attack", "attacker": "aria", "target": "gob1", "with": "shove", "dice": dice}))
    assert conditions(state, "gob1") == ["prone"]
    assert state["combatants"]["aria"]["economy"]["attacks_left"] == 1


@pytest.mark.parametrize("ruleset, dice", [("dnd5e-2014", [10, 14]), ("dnd5e-2024", [12])])
def test_shove_can_push_the_target_1_5_m_away_seed_001_bousculer(run, ruleset, dice):
    state = ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]},
                   {"do": "place", "id": "gob1", "at": [1, 0]},
                   {"do": "shove", "attacker": "aria", "target": "gob1", "effect": "push", "dice": dice}))
    assert state["combatants"]["gob1"]["position"] == [2, 0]
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_grapple_needs_the_target_within_reach(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]},
           {"do": "place", "id": "gob1", "at": [3, 0]}))
    rejected(run({"do": "grapple", "attacker": "aria", "target": "gob1", "dice": [10, 14]}), "aria", "gob1")


def grappled_goblin(ruleset):
    """aria grapples gob1 in round 1 (2014: 17 vs 16; 2024: 14 < 15), then wiz and gob1's turns come."""
    dice = [10, 14] if ruleset == "dnd5e-2014" else [12]
    return encounter(ruleset, {"do": "grapple", "attacker": "aria", "target": "gob1", "dice": dice},
                     {"do": "end_turn"}, {"do": "end_turn"})


def test_2014_escaping_is_a_contest_and_uses_the_action_seed_001_empoignade(run, log):
    state = ok(run(*grappled_goblin("dnd5e-2014")))
    assert state["turn"] == "gob1" and conditions(state, "gob1") == ["grappled"]
    # gob1 Acrobatics 18 + 2 = 20 vs aria Athletics 5 + 7 = 12
    state = ok(run({"do": "action", "id": "gob1", "action": "escape", "dice": [18, 5]}))
    assert conditions(state, "gob1") == []
    assert state["combatants"]["gob1"]["economy"]["action"] == "escape"
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [2]}),
             "gob1", "action", "escape")


def test_2014_a_failed_escape_still_uses_the_action(run):
    # 5 + 2 = 7 vs 10 + 7 = 17
    state = ok(run(*grappled_goblin("dnd5e-2014"), {"do": "escape", "id": "gob1", "dice": [5, 10]}))
    assert conditions(state, "gob1") == ["grappled"]
    rejected(run({"do": "escape", "id": "gob1", "dice": [18, 5]}), "gob1", "action")


def test_2024_escaping_is_a_check_against_the_grapple_dc(run):
    # DC 15: Acrobatics 12 + 2 = 14 fails
    state = ok(run(*grappled_goblin("dnd5e-2024"), {"do": "escape", "id": "gob1", "dice": [12]}))
    assert conditions(state, "gob1") == ["grappled"]
    assert state["combatants"]["gob1"]["economy"]["action"] == "escape"
    # next round: 13 + 2 = 15 escapes
    state = ok(run({"do": "end_turn"}, {"do": "end_turn"}, {"do": "end_turn"},
                   {"do": "action", "id": "gob1", "action": "escape", "dice": [13]}))
    assert (state["round"], state["turn"]) == (2, "gob1")
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_grapple_ends_when_the_grappler_is_incapacitated_srd_glossary_grappled(run, ruleset):
    state = ok(run(*grappled_goblin(ruleset), {"do": "condition", "target": "aria", "add": "stunned"}))
    assert conditions(state, "gob1") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_grapple_ends_when_the_grappler_dies(run, ruleset):
    # a dead grappler holds nobody (it can no longer act: SRD glossary, Grappled)
    state = ok(run(*grappled_goblin(ruleset), {"do": "end_turn"},
                   {"do": "condition", "target": "aria", "add": "grappled", "source": "gob1"},
                   {"do": "damage", "target": "gob1", "amount": 7, "type": "fire"}))
    assert state["combatants"]["gob1"]["status"] == "dead"
    assert conditions(state, "aria") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_creature_that_is_not_grappled_cannot_escape(run, ruleset):
    ok(run(*encounter(ruleset)))
    rejected(run({"do": "escape", "id": "aria", "dice": [10, 10]}), "aria", "not grappled")
