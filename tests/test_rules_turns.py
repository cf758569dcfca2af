"""Turns, initiative, surprise, the action economy, actions and movement, driven through the CLI with
hand-worked dice. Seeds: 000 (SRD 5.2, dnd5e-2024) "Combat" (Initiative, Votre Tour, Déplacement et Position),
"Actions", "Actions Bonus", "Réactions"; 001 (SRD 5.1, dnd5e-2014) "Surprise", "Initiative", "Votre tour",
"Action bonus", "Réaction", "Actions en combat", "Combat à deux armes", "Être à terre", "Terrain difficile".

Templates used (fixtures/creatures): fighter = Str 18 (+4), Dex 14 (+2), PB 3, AC 18, 44 HP, speed 9 m,
2 attacks per action, longsword +7 1d8+4, handaxe (light) +7 1d6+4; goblin = Str 8 (-1), Dex 14 (+2), PB 2,
AC 15, 7 HP, speed 9 m, scimitar +4 1d6+2; rogue = Dex 18 (+4), PB 3, AC 15, 33 HP, stealth and acrobatics,
rapier +7 1d8+4.
"""


import pytest


from support import last, ok, rejected, RULESETS





def encounter(ruleset, *, aria_die=15, gob_die=3):
    """aria (fighter) and gob1 (goblin): aria 15 + 2 = 17, gob1 3 + 2 = 5 by default."""
    return [
        {"do": "create", "ruleset": ruleset, "seed": 1, "units": "m"},  # the seeds count in metres; an English create naming no units shows feet (issue 23)
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
        {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
        {"do": "initiative", "id": "aria", "dice": [aria_die]},
        {"do": "initiative", "id": "gob1", "dice": [gob_die]},
    ]




# --- Initiative (seed 000 Initiative; seed 001 Initiative) -----------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_initiative_is_a_d20_plus_the_dexterity_modifier_seed_000_001_initiative(run, ruleset):
    # aria: 15 + Dex 14 (+2) = 17; gob1: 3 + Dex 14 (+2) = 5
    state = ok(run(*encounter(ruleset)))
    assert state["combatants"]["aria"]["initiative"] == 17
    assert state["combatants"]["gob1"]["initiative"] == 5
    assert state["order"] == ["aria", "gob1"]
    assert state["phase"] == "setup" and state["turn"] is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_initiative_bonus_replaces_the_dexterity_modifier(run, ruleset):
    scout = {"ac": 12, "max_hp": 10, "speed": 9, "proficiency_bonus": 2, "initiative_bonus": 5,
             "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    # 10 + 5 (initiative_bonus; Dex 10 would give +0) = 15
    state = ok(run({"do": "create", "ruleset": ruleset},
                   {"do": "add", "id": "scout", "side": "party", "kind": "pc", "stats": scout},
                   {"do": "initiative", "id": "scout", "dice": [10]}))
    assert state["combatants"]["scout"]["initiative"] == 15


@pytest.mark.parametrize("ruleset", RULESETS)
def test_initiative_value_sets_the_count_without_rolling(run, ruleset):
    state = ok(run({"do": "create", "ruleset": ruleset},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "initiative", "id": "gob1", "value": 12}))
    assert state["combatants"]["gob1"]["initiative"] == 12


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_group_of_identical_creatures_rolls_once_for_all_seed_000_001_initiative(run, ruleset):
    ok(run({"do": "create", "ruleset": ruleset},
           {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "group": "pack"},
           {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "group": "pack"},
           {"do": "add", "id": "gob3", "side": "goblins", "template": "goblin", "group": "pack"}))
    # one die for the whole group: a second die is left over and rejects the command
    rejected(run({"do": "initiative", "id": "pack", "dice": [11, 4]}))
    # 11 + 2 = 13 for every member
    state = ok(run({"do": "initiative", "id": "pack", "dice": [11]}))
    assert [state["combatants"][g]["initiative"] for g in ("gob1", "gob2", "gob3")] == [13, 13, 13]
    # naming one member rolls for the whole group too: 4 + 2 = 6
    state = ok(run({"do": "initiative", "id": "gob2", "dice": [4]}))
    assert [state["combatants"][g]["initiative"] for g in ("gob1", "gob2", "gob3")] == [6, 6, 6]
    # members of one group are not a tie to break: the group acts together
    state = ok(run({"do": "start"}))
    assert state["order"] == ["gob1", "gob2", "gob3"] and state["turn"] == "gob1"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_order_runs_highest_first_and_stays_the_same_every_round(run, ruleset):
    # aria 17, bree 9 + Dex 18 (+4) = 13, gob1 5
    state = ok(run(*encounter(ruleset),
                   {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
                   {"do": "initiative", "id": "bree", "dice": [9]},
                   {"do": "start"}))
    assert state["order"] == ["aria", "bree", "gob1"]
    assert (state["round"], state["turn"], state["phase"]) == (1, "aria", "turn")
    seen = []
    for _ in range(6):
        state = ok(run({"do": "end_turn"}))
        seen.append((state["round"], state["turn"]))
        assert state["order"] == ["aria", "bree", "gob1"]
    assert seen == [(1, "bree"), (1, "gob1"), (2, "aria"), (2, "bree"), (2, "gob1"), (3, "aria")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ties_are_rejected_at_start_naming_the_tied_ids_until_order_breaks_them_seed_000_egalites(run, ruleset):
    # aria 8 + 2 = 10, gob1 8 + 2 = 10: the DM decides (seed 000 Égalités; seed 001 Initiative)
    ok(run(*encounter(ruleset, aria_die=8, gob_die=8)))
    err = rejected(run({"do": "start"}), "aria", "gob1")
    assert "order" in err
    ok(run({"do": "order", "ids": ["gob1", "aria"]}))
    state = ok(run({"do": "start"}))
    assert state["order"] == ["gob1", "aria"]
    assert state["turn"] == "gob1"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_tie_between_a_group_and_a_creature_is_broken_by_naming_the_group(run, ruleset):
    # pack (gob1, gob2): 11 + 2 = 13; bree (rogue): 9 + 4 = 13
    ok(run({"do": "create", "ruleset": ruleset},
           {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
           {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "group": "pack"},
           {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "group": "pack"},
           {"do": "initiative", "id": "pack", "dice": [11]},
           {"do": "initiative", "id": "bree", "dice": [9]}))
    rejected(run({"do": "start"}), "bree", "gob1")
    state = ok(run({"do": "order", "ids": ["bree", "pack"]}, {"do": "start"}))
    assert state["order"] == ["bree", "gob1", "gob2"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_three_way_tie_needs_every_tied_creature_ordered(run, ruleset):
    # aria 8 + 2, gob1 8 + 2, wiz value 10
    ok(run(*encounter(ruleset, aria_die=8, gob_die=8),
           {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard"},
           {"do": "initiative", "id": "wiz", "value": 10},
           {"do": "order", "ids": ["gob1", "aria"]}))
    rejected(run({"do": "start"}), "wiz")
    state = ok(run({"do": "order", "ids": ["wiz", "gob1", "aria"]}, {"do": "start"}))
    assert state["order"] == ["wiz", "gob1", "aria"]


def test_2024_an_incapacitated_creature_rolls_initiative_with_disadvantage_srd_5_2_incapacitated(run):
    # min(15, 4) + 2 = 6
    state = ok(run({"do": "create", "ruleset": "dnd5e-2024"},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "condition", "target": "gob1", "add": "incapacitated"},
                   {"do": "initiative", "id": "gob1", "dice": [15, 4]}))
    assert state["combatants"]["gob1"]["initiative"] == 6


def test_2024_an_invisible_creature_rolls_initiative_with_advantage_srd_5_2_invisible(run):
    # max(4, 15) + 2 = 17
    state = ok(run({"do": "create", "ruleset": "dnd5e-2024"},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "condition", "target": "gob1", "add": "invisible"},
                   {"do": "initiative", "id": "gob1", "dice": [4, 15]}))
    assert state["combatants"]["gob1"]["initiative"] == 17


def test_2014_exhaustion_gives_disadvantage_on_initiative_a_dexterity_check(run):
    # SRD 5.1 Exhaustion 1: disadvantage on ability checks; initiative is a Dex check: min(15, 4) + 2 = 6
    state = ok(run({"do": "create", "ruleset": "dnd5e-2014"},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "condition", "target": "gob1", "add": "exhaustion"},
                   {"do": "initiative", "id": "gob1", "dice": [15, 4]}))
    assert state["combatants"]["gob1"]["initiative"] == 6


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_rejected_start_leaves_the_encounter_in_setup(run, ruleset):
    first = ok(run(*encounter(ruleset, aria_die=8, gob_die=8)))
    result = run({"do": "start"})
    assert result.code == 2
    assert result.state["phase"] == "setup" and result.state["seq"] == first["seq"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_order_only_breaks_ties_it_cannot_put_a_lower_count_first(run, ruleset):
    ok(run(*encounter(ruleset)))  # aria 17, gob1 5
    rejected(run({"do": "order", "ids": ["gob1", "aria"]}))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_start_needs_every_combatant_to_have_initiative(run, ruleset):
    ok(run({"do": "create", "ruleset": ruleset},
           {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
           {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
           {"do": "initiative", "id": "aria", "value": 12}))
    rejected(run({"do": "start"}), "gob1")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_combatant_added_mid_combat_needs_initiative_then_joins_the_order(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "start"},
                   {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin"}))
    # no initiative yet: not in the order, its turn never comes
    assert state["order"] == ["aria", "gob1"]
    assert state["combatants"]["gob2"]["initiative"] is None
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "gob1"
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    # 8 + 2 = 10: between aria (17) and gob1 (5)
    state = ok(run({"do": "initiative", "id": "gob2", "dice": [8]}))
    assert state["combatants"]["gob2"]["initiative"] == 10
    assert state["order"] == ["aria", "gob2", "gob1"]
    assert state["turn"] == "aria" and state["round"] == 2
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "gob2")
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "gob1")


def test_2024_surprise_gives_disadvantage_on_the_initiative_roll_seed_000_initiative_surprise(run):
    # surprised: two d20s, the lower kept: min(15, 4) = 4, + Dex (+2) = 6
    state = ok(run({"do": "create", "ruleset": "dnd5e-2024"},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "surprise", "ids": ["gob1"]},
                   {"do": "initiative", "id": "gob1", "dice": [15, 4]}))
    assert state["combatants"]["gob1"]["initiative"] == 6


def test_2024_a_surprised_creature_rolling_one_die_is_rejected(run):
    ok(run({"do": "create", "ruleset": "dnd5e-2024"},
           {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
           {"do": "surprise", "ids": ["gob1"]}))
    rejected(run({"do": "initiative", "id": "gob1", "dice": [15]}))


def test_2024_a_surprised_creature_acts_and_reacts_normally_seed_000_initiative(run):
    # aria 17; gob1 surprised: min(15, 4) + 2 = 6
    state = ok(run({"do": "create", "ruleset": "dnd5e-2024"},
                   {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "surprise", "ids": ["gob1"]},
                   {"do": "initiative", "id": "aria", "dice": [15]},
                   {"do": "initiative", "id": "gob1", "dice": [15, 4]},
                   {"do": "start"}))
    assert state["combatants"]["gob1"]["reaction_available"] is True
    # gob1's turn: scimitar +4, 2 + 4 = 6 vs AC 18 misses (no damage die)
    state = ok(run({"do": "end_turn"},
                   {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [2]}))
    assert state["combatants"]["gob1"]["economy"]["action"] == "attack"


def test_2014_surprise_does_not_change_the_initiative_roll_seed_001_surprise(run):
    # seed 001: surprise costs the first turn, not the initiative roll: 15 + 2 = 17 with one die
    ok(run({"do": "create", "ruleset": "dnd5e-2014"},
           {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
           {"do": "surprise", "ids": ["gob1"]}))
    rejected(run({"do": "initiative", "id": "gob1", "dice": [15, 4]}))
    state = ok(run({"do": "initiative", "id": "gob1", "dice": [15]}))
    assert state["combatants"]["gob1"]["initiative"] == 17


def test_2014_a_surprised_creature_cannot_move_or_act_on_its_first_turn_nor_react_until_it_ends_seed_001_surprise(run):
    state = ok(run({"do": "create", "ruleset": "dnd5e-2014"},
                   {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "at": [0, 0]},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [1, 0]},
                   {"do": "surprise", "ids": ["gob1"]},
                   {"do": "initiative", "id": "aria", "dice": [15]},   # 17
                   {"do": "initiative", "id": "gob1", "dice": [3]},    # 5
                   {"do": "start"}))
    assert state["combatants"]["gob1"]["reaction_available"] is False
    assert state["combatants"]["aria"]["reaction_available"] is True
    # no reaction before its first turn has ended
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "slot": "reaction",
                  "dice": [2]}), "gob1")
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "gob1"
    assert state["combatants"]["gob1"]["reaction_available"] is False
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [2]}),
             "gob1", "surprised")
    rejected(run({"do": "move", "id": "gob1", "path": [[2, 0]]}), "gob1", "surprised")
    rejected(run({"do": "action", "id": "gob1", "action": "dodge"}), "gob1", "surprised")
    rejected(run({"do": "action", "id": "gob1", "action": "dash", "slot": "bonus"}), "gob1", "surprised")
    # once that first turn ends, the reaction is available again (before its next turn starts)
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    assert state["combatants"]["gob1"]["reaction_available"] is True
    # 2 + 4 = 6 vs AC 18: a miss, but a legal reaction
    state = ok(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "slot": "reaction",
                    "dice": [2]}))
    assert state["combatants"]["gob1"]["reaction_available"] is False
    # its second turn is a normal one
    state = ok(run({"do": "end_turn"},
                   {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [2]}))
    assert state["combatants"]["gob1"]["economy"]["action"] == "attack"


def test_2014_a_surprised_creature_first_in_the_order_still_loses_its_first_turn_seed_001_surprise(run):
    state = ok(run({"do": "create", "ruleset": "dnd5e-2014"},
                   {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "surprise", "ids": ["aria"]},
                   {"do": "initiative", "id": "aria", "dice": [15]},   # 17
                   {"do": "initiative", "id": "gob1", "dice": [3]},    # 5
                   {"do": "start"}))
    assert state["turn"] == "aria" and state["combatants"]["aria"]["reaction_available"] is False
    rejected(run({"do": "action", "id": "aria", "action": "dodge"}), "surprised")
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "gob1" and state["combatants"]["aria"]["reaction_available"] is True


# --- Turns and rounds (seed 000 Ordre du Combat; seed 001 Ordre de combat) ---------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_end_turn_passes_to_the_next_and_the_round_advances_after_the_last_turn(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "start"}))
    assert (state["phase"], state["round"], state["turn"]) == ("turn", 1, "aria")
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (1, "gob1")
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dead_combatants_turn_is_skipped(run, ruleset):
    # aria 17, gob1 10 + 2 = 12, gob2 3 + 2 = 5
    state = ok(run(*encounter(ruleset, gob_die=10),
                   {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin"},
                   {"do": "initiative", "id": "gob2", "dice": [3]},
                   {"do": "start"},
                   {"do": "damage", "target": "gob1", "amount": 7, "type": "slashing"}))
    assert state["combatants"]["gob1"]["status"] == "dead"
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (1, "gob2")
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "gob2")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_durations_tied_to_a_dead_creatures_turn_still_run_out_when_its_turn_is_skipped(run, ruleset):
    # gob1 18 + 2 = 20 acts first: it frightens aria until the start of its next turn, and restrains her for 1 round
    ok(run(*encounter(ruleset, gob_die=18), {"do": "start"},
           {"do": "condition", "target": "aria", "add": "frightened", "source": "gob1",
            "until": "start_of_turn", "of": "gob1"},
           {"do": "condition", "target": "aria", "add": "restrained", "source": "gob1", "rounds": 1},
           {"do": "end_turn"},
           {"do": "damage", "target": "gob1", "amount": 7, "type": "slashing"}))
    # round 2: gob1 is dead, its turn is skipped, and what lasted until then ends there
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    assert state["combatants"]["aria"]["conditions"] == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_removing_the_creature_whose_turn_it_is_starts_the_next_turn(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
                   {"do": "initiative", "id": "bree", "dice": [9]},   # 13
                   {"do": "start"}, {"do": "end_turn"}, {"do": "remove", "id": "bree"}))
    assert (state["round"], state["turn"]) == (1, "gob1")
    assert state["order"] == ["aria", "gob1"] and "bree" not in state["combatants"]
    state = ok(run({"do": "remove", "id": "gob1"}))
    assert (state["round"], state["turn"]) == (2, "aria")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_reaction_comes_back_at_the_start_of_the_creatures_own_turn_seed_000_reactions(run, ruleset):
    # during aria's turn gob1 spends its reaction: 2 + 4 = 6 vs AC 18 misses
    state = ok(run(*encounter(ruleset), {"do": "start"},
                   {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "slot": "reaction",
                    "dice": [2]}))
    assert state["combatants"]["gob1"]["reaction_available"] is False
    # one reaction until its next turn starts
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "slot": "reaction",
                  "dice": [2]}), "gob1", "reaction")
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "gob1"
    assert state["combatants"]["gob1"]["reaction_available"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dying_creatures_turn_starts_in_the_death_save_phase_then_lasts_until_end_turn(run, ruleset):
    # gob1 18 + 2 = 20 acts first; aria 3 + 2 = 5 with 5 HP left
    state = ok(run({"do": "create", "ruleset": ruleset},
                   {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter",
                    "overrides": {"hp": 5}},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "initiative", "id": "gob1", "dice": [18]},
                   {"do": "initiative", "id": "aria", "dice": [3]},
                   {"do": "start"},
                   {"do": "damage", "target": "aria", "amount": 5, "type": "slashing"}))
    aria = state["combatants"]["aria"]
    assert aria["status"] == "dying" and aria["hp"] == 0
    assert {"unconscious", "incapacitated", "prone"} <= set(aria["conditions"])
    state = ok(run({"do": "end_turn"}))
    assert (state["phase"], state["turn"]) == ("death_save", "aria")
    rejected(run({"do": "end_turn"}), "aria", "death save")
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [10, 3]}))
    # (the DM's own damage is legal here since issue 9 §3: see test_rules_5e_gaps.py)
    # 12 >= 10: one success
    state = ok(run({"do": "death_save", "id": "aria", "dice": [12]}))
    assert (state["phase"], state["turn"]) == ("turn", "aria")
    assert state["combatants"]["aria"]["death_saves"] == {"successes": 1, "failures": 0}
    # the turn goes on until end_turn; an unconscious creature cannot act in it
    rejected(run({"do": "action", "id": "aria", "action": "dodge"}), "aria", "unconscious")
    rejected(run({"do": "death_save", "id": "aria", "dice": [12]}))
    state = ok(run({"do": "end_turn"}))
    assert (state["phase"], state["round"], state["turn"]) == ("turn", 2, "gob1")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_end_ends_the_combat(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "start"}, {"do": "end", "reason": "the goblin flees"}))
    assert state["phase"] == "ended"
    rejected(run({"do": "end_turn"}))


# --- The action economy (seed 000 Votre Tour, Actions Bonus, Réactions; seed 001 Votre tour, Action bonus) -----

@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_action_per_turn_a_second_is_rejected_naming_the_first(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "start"}, {"do": "action", "id": "aria", "action": "dodge"}))
    assert state["combatants"]["aria"]["economy"]["action"] == "dodge"
    rejected(run({"do": "action", "id": "aria", "action": "dash"}), "aria", "action", "dodge")
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [2]}),
             "aria", "action", "dodge")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_extra_attack_gives_two_attacks_and_a_third_is_rejected_seed_001_attaquer(run, ruleset):
    # longsword +7: 2 + 7 = 9 and 3 + 7 = 10 miss AC 15 (no damage dice)
    state = ok(run(*encounter(ruleset), {"do": "start"},
                   {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [2]}))
    assert state["combatants"]["aria"]["economy"]["attacks_left"] == 1
    state = ok(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [3]}))
    assert state["combatants"]["aria"]["economy"]["attacks_left"] == 0
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [4]}),
             "aria", "already used its action", "2 of 2")
    # another action after the Attack action is rejected too
    rejected(run({"do": "action", "id": "aria", "action": "dash"}), "aria", "action")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_attack_for_a_creature_without_extra_attack(run, ruleset):
    state = ok(run(*encounter(ruleset, aria_die=2, gob_die=18), {"do": "start"},
                   # gob1 20 first; scimitar 2 + 4 = 6 vs AC 18 misses
                   {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [2]}))
    assert state["combatants"]["gob1"]["economy"]["attacks_left"] == 0
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [2]}),
             "gob1", "already used its action")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_bonus_action_attack_unless_something_grants_one_seed_000_actions_bonus(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "start"}))
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "slot": "bonus",
                  "dice": [15, 3]}), "aria", "bonus")
    # a light weapon as a bonus attack before any Attack action: still nothing grants it
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "handaxe", "slot": "bonus",
                  "dice": [15, 3]}), "aria", "bonus")


DUELIST = {"ac": 14, "max_hp": 20, "speed": 9, "proficiency_bonus": 2,
           "abilities": {"str": 10, "dex": 16, "con": 10, "int": 10, "wis": 10, "cha": 10},
           "attacks": [
               {"id": "shortsword", "kind": "melee", "to_hit": 5, "reach": 1.5, "light": True, "finesse": True,
                "damage": [{"roll": "1d6+3", "type": "piercing"}]},
               {"id": "dagger", "kind": "melee", "to_hit": 5, "reach": 1.5, "light": True, "finesse": True,
                "damage": [{"roll": "1d4+3", "type": "piercing"}]},
               {"id": "spear", "kind": "melee", "to_hit": 5, "reach": 1.5,
                "damage": [{"roll": "1d6+3", "type": "piercing"}]}]}


def duel(ruleset):
    return [{"do": "create", "ruleset": ruleset},
            {"do": "add", "id": "duel", "side": "party", "kind": "pc", "stats": DUELIST},
            {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
            {"do": "initiative", "id": "duel", "value": 15},
            {"do": "initiative", "id": "gob1", "value": 5},
            {"do": "start"}]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_weapon_fighting_bonus_attack_without_the_ability_modifier_seed_001_combat_a_deux_armes(run, ruleset):
    # Attack action with a light melee weapon: shortsword 5 + 5 = 10 misses AC 15
    state = ok(run(*duel(ruleset),
                   {"do": "attack", "attacker": "duel", "target": "gob1", "with": "shortsword", "dice": [5]}))
    # bonus attack with the other light weapon: 12 + 5 = 17 hits; 1d4+3 with a 2 = 2 (no +3) -> 7 - 2 = 5 HP
    state = ok(run({"do": "attack", "attacker": "duel", "target": "gob1", "with": "dagger", "slot": "bonus",
                    "dice": [12, 2]}))
    assert state["combatants"]["gob1"]["hp"] == 5
    assert state["combatants"]["duel"]["economy"]["bonus"] is not None
    # one bonus action per turn
    rejected(run({"do": "attack", "attacker": "duel", "target": "gob1", "with": "dagger", "slot": "bonus",
                  "dice": [12, 2]}), "duel", "bonus")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_weapon_fighting_needs_a_light_weapon_in_the_attack_action(run, ruleset):
    # spear (not light) 5 + 5 = 10 misses; the dagger bonus attack is then not granted
    ok(run(*duel(ruleset),
           {"do": "attack", "attacker": "duel", "target": "gob1", "with": "spear", "dice": [5]}))
    rejected(run({"do": "attack", "attacker": "duel", "target": "gob1", "with": "dagger", "slot": "bonus",
                  "dice": [12, 2]}), "duel", "bonus")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_bonus_action_attack_granted_by_the_stat_block_needs_no_attack_action(run, ruleset):
    wolfish = dict(DUELIST, attacks=[
        {"id": "bite", "kind": "melee", "to_hit": 5, "reach": 1.5, "slot": "bonus",
         "damage": [{"roll": "1d6+3", "type": "piercing"}]},
        {"id": "claw", "kind": "melee", "to_hit": 5, "reach": 1.5,
         "damage": [{"roll": "1d6+3", "type": "slashing"}]}])
    # bite as a bonus action: 12 + 5 = 17 hits; 1d6+3 with a 1 = 4 -> gob1 7 - 4 = 3
    state = ok(run({"do": "create", "ruleset": ruleset},
                   {"do": "add", "id": "beast", "side": "monsters", "kind": "monster", "stats": wolfish},
                   {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
                   {"do": "initiative", "id": "beast", "value": 15},
                   {"do": "initiative", "id": "gob1", "value": 5},
                   {"do": "start"},
                   {"do": "attack", "attacker": "beast", "target": "gob1", "with": "bite", "dice": [12, 1]}))
    assert state["combatants"]["gob1"]["hp"] == 3
    economy = state["combatants"]["beast"]["economy"]
    assert economy["bonus"] is not None and economy["action"] is None
    # the action is still there: claw 2 + 5 = 7 misses
    state = ok(run({"do": "attack", "attacker": "beast", "target": "gob1", "with": "claw", "dice": [2]}))
    assert state["combatants"]["beast"]["economy"]["action"] == "attack"
    rejected(run({"do": "attack", "attacker": "beast", "target": "gob1", "with": "bite", "dice": [12, 1]}),
             "beast", "bonus")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_bonus_action_used_twice_is_rejected_naming_the_first(run, ruleset):
    # a DM-granted bonus action (e.g. Cunning Action): dash as a bonus action, then disengage as one
    state = ok(run(*encounter(ruleset), {"do": "start"},
                   {"do": "action", "id": "aria", "action": "dash", "slot": "bonus"}))
    assert state["combatants"]["aria"]["economy"]["bonus"] == "dash"
    assert state["combatants"]["aria"]["economy"]["action"] is None
    rejected(run({"do": "action", "id": "aria", "action": "disengage", "slot": "bonus"}), "aria", "bonus", "dash")
    # the action itself is still free
    state = ok(run({"do": "action", "id": "aria", "action": "disengage"}))
    assert state["combatants"]["aria"]["economy"]["action"] == "disengage"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_acting_outside_ones_turn_is_rejected_naming_whose_turn_it_is(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "start"}, {"do": "end_turn"}, {"do": "end_turn"}))
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [10]}),
             "gob1 cannot attack: it is aria's turn (round 2)")
    rejected(run({"do": "action", "id": "gob1", "action": "dodge"}), "gob1", "aria's turn (round 2)")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_nobody_acts_before_combat_starts(run, ruleset):
    ok(run(*encounter(ruleset)))
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [10]}))
    rejected(run({"do": "end_turn"}))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["incapacitated", "stunned", "paralyzed", "unconscious", "petrified"])
def test_an_incapacitated_creature_cannot_act_move_or_react(run, ruleset, condition):
    ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
           {"do": "condition", "target": "aria", "add": condition}))
    rejected(run({"do": "action", "id": "aria", "action": "dodge"}), "aria", condition)
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [10]}), "aria")
    rejected(run({"do": "action", "id": "aria", "action": "dash", "slot": "bonus"}), "aria")
    ok(run({"do": "condition", "target": "gob1", "add": condition}))
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "slot": "reaction",
                  "dice": [10]}), "gob1")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_incapacitated_creature_can_still_move_srd_glossary_incapacitated(run, ruleset):
    # Incapacitated takes away actions, bonus actions and reactions, not movement (SRD 5.1 appendix, SRD 5.2 glossary)
    state = ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
                   {"do": "condition", "target": "aria", "add": "incapacitated"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert state["combatants"]["aria"]["position"] == [2, 0]
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 6


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["paralyzed", "petrified", "unconscious"])
def test_paralyzed_petrified_and_unconscious_creatures_cannot_move_srd_glossary(run, ruleset, condition):
    state = ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
                   {"do": "condition", "target": "aria", "add": condition}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria")


def test_2014_a_stunned_creature_cannot_move_srd_5_1_stunned(run):
    ok(run(*encounter("dnd5e-2014"), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
           {"do": "condition", "target": "aria", "add": "stunned"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria")


def test_2024_a_stunned_creature_can_move_but_not_act_srd_5_2_stunned(run):
    # SRD 5.2 Stunned: Incapacitated, fails Str/Dex saves, attacked with advantage; its Speed is untouched
    state = ok(run(*encounter("dnd5e-2024"), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
                   {"do": "condition", "target": "aria", "add": "stunned"},
                   {"do": "move", "id": "aria", "path": [[1, 0]]}))
    assert state["combatants"]["aria"]["position"] == [1, 0]
    rejected(run({"do": "action", "id": "aria", "action": "dash"}), "aria", "stunned")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_moving_outside_ones_turn_is_rejected(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "place", "id": "gob1", "at": [5, 5]}, {"do": "start"}))
    rejected(run({"do": "move", "id": "gob1", "path": [[5, 6]]}), "gob1 cannot move: it is aria's turn (round 1)")
    ok(run({"do": "condition", "target": "gob1", "add": "incapacitated"}))
    rejected(run({"do": "move", "id": "gob1", "path": [[5, 6]]}), "gob1 cannot move: it is aria's turn (round 1)")


# --- Actions (seed 000 Actions table; seed 001 Actions en combat) ----------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_dash_adds_the_speed_to_the_movement_of_the_turn_seed_000_foncer_seed_001_se_precipiter(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 9
    state = ok(run({"do": "action", "id": "aria", "action": "dash"}))
    # 9 m + 9 m = 18 m, 12 squares
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 18
    state = ok(run({"do": "move", "id": "aria", "path": [[x, 0] for x in range(1, 13)]}))
    assert state["combatants"]["aria"]["position"] == [12, 0]
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0
    rejected(run({"do": "move", "id": "aria", "path": [[13, 0]]}), "aria cannot reach", "1.5 m needed", "0 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dash_uses_the_reduced_speed_seed_001_se_precipiter(run, ruleset):
    # grappled: speed 0, so dash adds 0 (seed 001: every effect on speed applies to the dash bonus)
    state = ok(run(*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
                   {"do": "condition", "target": "aria", "add": "grappled", "source": "gob1"},
                   {"do": "action", "id": "aria", "action": "dash"}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_disengage_lets_the_creature_leave_reach_without_a_reaction_window_seed_000_desengager(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "place", "id": "gob1", "at": [1, 0]},
                   {"do": "start"},
                   {"do": "action", "id": "aria", "action": "disengage"},
                   {"do": "move", "id": "aria", "path": [[-1, 0], [-2, 0]]}))
    assert state["combatants"]["aria"]["economy"]["action"] == "disengage"
    assert state["phase"] == "turn" and state["window"] is None
    assert state["combatants"]["aria"]["position"] == [-2, 0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_without_disengage_leaving_reach_opens_a_reaction_window(run, ruleset):
    state = ok(run(*encounter(ruleset),
                   {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "place", "id": "gob1", "at": [1, 0]},
                   {"do": "start"},
                   {"do": "move", "id": "aria", "path": [[-1, 0], [-2, 0]]}))
    assert state["phase"] == "reaction"
    assert state["window"]["reactors"] == ["gob1"] and state["window"]["for"] == "aria"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dodge_gives_disadvantage_to_attacks_against_until_the_start_of_its_next_turn_seed_000_esquiver(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "start"}, {"do": "action", "id": "aria", "action": "dodge"},
           {"do": "end_turn"}))
    # gob1's attack has disadvantage: min(18, 3) = 3 + 4 = 7 vs AC 18 misses, no damage die
    state = ok(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [18, 3]}))
    assert state["combatants"]["aria"]["hp"] == 44
    assert "dodging" in state["combatants"]["aria"]["effects"]
    # the dodge ends when aria's next turn starts
    state = ok(run({"do": "end_turn"}))
    assert "dodging" not in state["combatants"]["aria"]["effects"]
    # round 2, gob1: one d20 again; 18 + 4 = 22 hits, 1d6+2 with a 3 = 5 -> 44 - 5 = 39
    state = ok(run({"do": "end_turn"},
                   {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [18, 3]}))
    assert state["combatants"]["aria"]["hp"] == 39


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dodge_gives_advantage_on_dexterity_saves_seed_000_esquiver(run, ruleset):
    # Dex save DC 15 with advantage: max(4, 16) = 16 + Dex (+2) = 18, success: half of 10 = 5 -> 39
    state = ok(run(*encounter(ruleset), {"do": "start"}, {"do": "action", "id": "aria", "action": "dodge"},
                   {"do": "damage", "target": "aria", "amount": 10, "type": "fire",
                    "save": {"ability": "dex", "dc": 15}, "dice": [4, 16]}))
    assert state["combatants"]["aria"]["hp"] == 39


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["incapacitated", "grappled", "restrained"])
def test_dodge_is_lost_while_incapacitated_or_at_speed_0_seed_000_esquiver(run, ruleset, condition):
    # gob1 18 + 2 = 20 first; aria 17 dodges in her turn; then in round 2 gob1 attacks
    ok(run(*encounter(ruleset, gob_die=18), {"do": "start"}, {"do": "end_turn"},
           {"do": "action", "id": "aria", "action": "dodge"}, {"do": "end_turn"},
           {"do": "condition", "target": "aria", "add": condition, "source": "gob1"}))
    dice = [18, 3] if condition != "restrained" else [3, 18, 3]
    # incapacitated / grappled: no disadvantage any more: 18 + 4 = 22 hits, 1d6+2 with 3 = 5 -> 39
    # restrained: advantage from restrained, no disadvantage from dodge: max(3, 18) = 18 hits, 5 -> 39
    state = ok(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": dice}))
    assert state["combatants"]["aria"]["hp"] == 39


@pytest.mark.parametrize("ruleset", RULESETS)
def test_help_gives_advantage_on_the_allys_first_attack_seed_000_001_aider(run, ruleset):
    # aria helps bree against gob1; bree (rogue) 9 + 4 = 13 acts after aria
    state = ok(run(*encounter(ruleset),
                   {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
                   {"do": "initiative", "id": "bree", "dice": [9]},
                   {"do": "start"},
                   {"do": "action", "id": "aria", "action": "help", "ally": "bree", "target": "gob1"},
                   {"do": "end_turn"},
                   # advantage: max(3, 15) = 15 + 7 = 22 hits AC 15; rapier 1d8+4 with 1 = 5 -> 7 - 5 = 2
                   {"do": "attack", "attacker": "bree", "target": "gob1", "with": "rapier", "dice": [3, 15, 1]}))
    assert state["combatants"]["gob1"]["hp"] == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_help_gives_advantage_on_the_allys_next_ability_check_seed_001_aider(run, log, ruleset):
    ok(run(*encounter(ruleset),
           {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
           {"do": "initiative", "id": "bree", "dice": [9]},
           {"do": "start"},
           {"do": "action", "id": "aria", "action": "help", "ally": "bree"},
           # bree's Dex (Acrobatics) check with advantage: max(3, 12) = 12 + 4 + 3 = 19 >= 15
           {"do": "check", "id": "bree", "skill": "acrobatics", "dc": 15, "dice": [3, 12]}))
    check = last(log, "CheckRolled")
    assert (check["natural"], check["total"], check["success"]) == (12, 19, True)
    # the help is spent: the next check rolls one die (3 + 7 = 10 < 15)
    ok(run({"do": "check", "id": "bree", "skill": "acrobatics", "dc": 15, "dice": [3]}))
    check = last(log, "CheckRolled")
    assert (check["total"], check["success"]) == (10, False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_help_is_an_action(run, ruleset):
    ok(run(*encounter(ruleset),
           {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
           {"do": "initiative", "id": "bree", "dice": [9]},
           {"do": "start"},
           {"do": "action", "id": "aria", "action": "help", "ally": "bree", "target": "gob1"}))
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [2]}),
             "aria", "help")


def test_2024_hide_is_a_dc_15_dexterity_stealth_check_that_makes_the_creature_invisible_seed_000_se_cacher(run):
    # bree (rogue): 8 + Dex 18 (+4) + Stealth proficiency (+3) = 15 >= 15: invisible
    state = ok(run(*encounter("dnd5e-2024"),
                   {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
                   {"do": "initiative", "id": "bree", "dice": [19]},   # 23: first
                   {"do": "start"},
                   {"do": "action", "id": "bree", "action": "hide", "dice": [8]}))
    assert "invisible" in state["combatants"]["bree"]["conditions"]
    assert state["combatants"]["bree"]["economy"]["action"] == "hide"


def test_2024_a_failed_hide_leaves_the_creature_visible_seed_000_se_cacher(run):
    # 7 + 4 + 3 = 14 < 15
    state = ok(run(*encounter("dnd5e-2024"),
                   {"do": "add", "id": "bree", "side": "party", "kind": "pc", "template": "rogue"},
                   {"do": "initiative", "id": "bree", "dice": [19]},
                   {"do": "start"},
                   {"do": "action", "id": "bree", "action": "hide", "dice": [7]}))
    assert "invisible" not in state["combatants"]["bree"]["conditions"]
    assert state["combatants"]["bree"]["economy"]["action"] == "hide"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name, canonical", [("cast_spell", "magic"), ("magic", "magic"),
                                             ("use_object", "utilize"), ("utilize", "utilize")])
def test_2014_and_2024_action_names_are_both_accepted(run, ruleset, name, canonical):
    state = ok(run(*encounter(ruleset), {"do": "start"}, {"do": "action", "id": "aria", "action": name}))
    assert state["combatants"]["aria"]["economy"]["action"] == canonical
    rejected(run({"do": "action", "id": "aria", "action": "search"}), "aria", "action")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_action_is_rejected_by_name(run, ruleset):
    ok(run(*encounter(ruleset), {"do": "start"}))
    rejected(run({"do": "action", "id": "aria", "action": "juggle"}), "juggle")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ready_takes_the_action_until_the_start_of_the_next_turn(run, ruleset):
    state = ok(run(*encounter(ruleset), {"do": "start"},
                   {"do": "action", "id": "aria", "action": "ready", "trigger": "a goblin comes near",
                    "response": {"do": "attack", "target": "gob1", "with": "longsword"}}))
    assert state["combatants"]["aria"]["economy"]["action"] == "ready"
    assert "readied" in state["combatants"]["aria"]["effects"]
    state = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert state["turn"] == "aria" and "readied" not in state["combatants"]["aria"]["effects"]


def dying_aria(ruleset):
    """aria (5 HP) drops to 0 in gob1's turn (gob1 20 first); wiz (value 10) acts after aria (5)."""
    return [{"do": "create", "ruleset": ruleset},
            {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "overrides": {"hp": 5}},
            {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
            {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard"},
            {"do": "initiative", "id": "gob1", "dice": [18]},
            {"do": "initiative", "id": "wiz", "value": 10},
            {"do": "initiative", "id": "aria", "dice": [3]},
            {"do": "start"},
            {"do": "damage", "target": "aria", "amount": 5, "type": "slashing"},
            {"do": "end_turn"}]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_first_aid_is_a_dc_10_wisdom_medicine_check_that_takes_the_action_seed_000_stabiliser(run, ruleset):
    state = ok(run(*dying_aria(ruleset)))
    assert state["turn"] == "wiz"
    # wizard Wis 15 (+2), no Medicine: 7 + 2 = 9 < 10 fails, and the action is spent
    state = ok(run({"do": "stabilize", "id": "wiz", "target": "aria", "dice": [7]}))
    assert state["combatants"]["aria"]["status"] == "dying"
    rejected(run({"do": "stabilize", "id": "wiz", "target": "aria", "dice": [8]}), "wiz", "action")
    # next round: 8 + 2 = 10 stabilizes
    state = ok(run({"do": "end_turn"},                                   # wiz -> aria: death save first
                   {"do": "death_save", "id": "aria", "dice": [12]},
                   {"do": "end_turn"}, {"do": "end_turn"},               # aria -> gob1 -> wiz
                   {"do": "stabilize", "id": "wiz", "target": "aria", "dice": [8]}))
    assert state["combatants"]["aria"]["status"] == "stable"
    assert "unconscious" in state["combatants"]["aria"]["conditions"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_stable_creatures_turn_has_no_death_save_phase(run, ruleset):
    ok(run(*dying_aria(ruleset), {"do": "stabilize", "id": "wiz", "target": "aria", "dice": [8]}))
    state = ok(run({"do": "end_turn"}))
    assert (state["phase"], state["turn"]) == ("turn", "aria")
    rejected(run({"do": "death_save", "id": "aria", "dice": [12]}))


# --- Movement (seed 000 Déplacement et Position, Terrain Difficile; seed 001 Être à terre, Terrain difficile) ---

def mover(ruleset):
    return [*encounter(ruleset), {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"}]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_square_costs_1_5_m_and_a_move_beyond_the_speed_is_rejected(run, ruleset):
    # speed 9 m = 6 squares; the 7th square needs 10.5 m
    result = run(*mover(ruleset), {"do": "move", "id": "aria", "path": [[x, 0] for x in range(1, 8)]})
    assert result.code == 2
    assert "aria cannot reach [7,0]: 10.5 m needed, 9 m left" in result.err
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 1], [3, 2]]}))
    assert state["combatants"]["aria"]["position"] == [3, 2]
    assert state["combatants"]["aria"]["economy"]["movement_used"] == 4.5
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 4.5
    # split movement: the rest later in the turn, 3 squares more then nothing
    state = ok(run({"do": "move", "id": "aria", "path": [[4, 2], [5, 2], [6, 2]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0
    rejected(run({"do": "move", "id": "aria", "path": [[7, 2]]}), "aria cannot reach [7,2]: 1.5 m needed, 0 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_movement_comes_back_every_turn(run, ruleset):
    state = ok(run(*mover(ruleset), {"do": "move", "id": "aria", "path": [[x, 0] for x in range(1, 7)]},
                   {"do": "end_turn"}, {"do": "end_turn"}))
    assert state["turn"] == "aria"
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 9


@pytest.mark.parametrize("ruleset", RULESETS)
def test_difficult_terrain_costs_double_seed_000_terrain_difficile(run, ruleset):
    # 3 + 3 + 1.5 = 7.5 m; 1.5 m left
    state = ok(run(*mover(ruleset), {"do": "terrain", "squares": [[1, 0], [2, 0]], "kind": "difficult"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 1.5
    # one more difficult square needs 3 m
    ok(run({"do": "terrain", "squares": [[4, 0]], "kind": "difficult"}))
    rejected(run({"do": "move", "id": "aria", "path": [[4, 0]]}), "aria cannot reach [4,0]: 3 m needed, 1.5 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_cleared_terrain_costs_normal_movement_again(run, ruleset):
    state = ok(run(*mover(ruleset), {"do": "terrain", "squares": [[1, 0]], "kind": "difficult"},
                   {"do": "terrain", "squares": [[1, 0]], "kind": "clear"},
                   {"do": "move", "id": "aria", "path": [[1, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 7.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_prone_creature_crawls_at_double_cost_seed_001_etre_a_terre(run, ruleset):
    # crawling: 3 m per square; 3 squares = 9 m
    state = ok(run(*mover(ruleset), {"do": "condition", "target": "aria", "add": "prone"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0
    assert "prone" in state["combatants"]["aria"]["conditions"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_crawling_in_difficult_terrain_costs_triple_seed_001_etre_a_terre(run, ruleset):
    # 1.5 + 1.5 (crawl) + 1.5 (difficult) = 4.5 m per square: two squares = 9 m, a third is rejected
    ok(run(*mover(ruleset), {"do": "condition", "target": "aria", "add": "prone"},
           {"do": "terrain", "squares": [[1, 0], [2, 0], [3, 0]], "kind": "difficult"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0]]}),
             "aria cannot reach [3,0]: 13.5 m needed, 9 m left")
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_standing_up_costs_half_the_speed_seed_001_etre_a_terre(run, ruleset):
    # 9 m / 2 = 4.5 m to stand, 4.5 m (3 squares) left
    state = ok(run(*mover(ruleset), {"do": "condition", "target": "aria", "add": "prone"},
                   {"do": "stand", "id": "aria"}))
    assert "prone" not in state["combatants"]["aria"]["conditions"]
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 4.5
    assert state["combatants"]["aria"]["economy"]["action"] is None
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_standing_up_needs_half_the_speed_left(run, ruleset):
    # 4 squares (6 m) walked, 3 m left < 4.5 m
    ok(run(*mover(ruleset), {"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0], [4, 0]]},
           {"do": "condition", "target": "aria", "add": "prone"}))
    rejected(run({"do": "stand", "id": "aria"}), "aria", "4.5 m needed", "3 m left")


def test_2024_standing_up_costs_half_the_current_speed_srd_5_2_prone(run):
    # exhaustion 2: speed 9 - 3 = 6 m; standing costs 6 / 2 = 3 m; 3 m left
    state = ok(run(*mover("dnd5e-2024"), {"do": "condition", "target": "aria", "add": "exhaustion", "level": 2},
                   {"do": "condition", "target": "aria", "add": "prone"},
                   {"do": "stand", "id": "aria"}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_after_a_dash_speed_0_still_stops_all_movement_seed_001_se_precipiter(run, ruleset):
    # dash first (18 m), then grappled: speed 0, and the dash bonus follows the speed (0)
    state = ok(run(*mover(ruleset), {"do": "action", "id": "aria", "action": "dash"},
                   {"do": "condition", "target": "aria", "add": "grappled", "source": "gob1"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria")
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dropping_prone_is_free_on_ones_own_turn_seed_000_se_jeter_au_sol(run, ruleset):
    state = ok(run(*mover(ruleset), {"do": "drop_prone", "id": "aria"}))
    assert state["combatants"]["aria"]["conditions"] == ["prone"]
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 9
    assert state["combatants"]["aria"]["economy"]["action"] is None
    rejected(run({"do": "drop_prone", "id": "gob1"}), "gob1", "aria's turn")


def test_2014_an_allys_space_is_difficult_terrain_seed_001_terrain_difficile(run):
    # seed 001: "l'emplacement occupé par une autre créature est également considéré comme un terrain difficile"
    # through wiz's square: 3 m, then 1.5 m: 4.5 m left
    state = ok(run(*encounter("dnd5e-2014"),
                   {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard", "at": [1, 0]},
                   {"do": "initiative", "id": "wiz", "value": 10},
                   {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 4.5


def test_2024_an_allys_space_is_not_difficult_terrain_seed_000_se_deplacer_autour(run):
    # seed 000: another creature's space is difficult terrain unless it is Tiny or your ally: 1.5 + 1.5 = 3 m
    state = ok(run(*encounter("dnd5e-2024"),
                   {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard", "at": [1, 0]},
                   {"do": "initiative", "id": "wiz", "value": 10},
                   {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "start"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 6


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_enemys_space_blocks_unless_sizes_differ_by_two(run, ruleset):
    ok(run(*mover(ruleset), {"do": "place", "id": "gob1", "at": [1, 0]}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}), "aria", "gob1")


def test_2024_an_incapacitated_enemys_space_can_be_crossed_as_difficult_terrain_seed_000(run):
    # 3 m through gob1's square + 1.5 m = 4.5 m used
    state = ok(run(*mover("dnd5e-2024"), {"do": "place", "id": "gob1", "at": [1, 0]},
                   {"do": "condition", "target": "gob1", "add": "incapacitated"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert state["combatants"]["aria"]["economy"]["movement_left"] == 4.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_move_cannot_end_in_another_creatures_space(run, ruleset):
    ok(run(*mover(ruleset), {"do": "place", "id": "gob1", "at": [1, 0]}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria", "gob1")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_creature_at_speed_0_cannot_stand(run, ruleset):
    ok(run(*mover(ruleset), {"do": "condition", "target": "aria", "add": "prone"},
           {"do": "condition", "target": "aria", "add": "grappled", "source": "gob1"}))
    rejected(run({"do": "stand", "id": "aria"}), "aria")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_move_needs_adjacent_squares(run, ruleset):
    ok(run(*mover(ruleset)))
    rejected(run({"do": "move", "id": "aria", "path": [[2, 0]]}), "aria", "adjacent")
