"""Reaction timing and movement, driven through the CLI with hand-worked dice.

Seeds: 000 (SRD 5.2, dnd5e-2024) "Réactions", "Attaques d'Opportunité" (Éviter / Effectuer une AO),
"Déplacement et Position", "Terrain Difficile", "Jouer sur une Grille", "Fractionner Votre Déplacement",
"Se Jeter au Sol", "Taille des Créatures", "Se Déplacer autour d'Autres Créatures" (+ glossary Prone: standing
costs half the Speed, crawling 1 extra per square); 001 (SRD 5.1, dnd5e-2014) "Réaction", "Déplacement et
position", "Fragmenter votre mouvement", "Se déplacer entre des attaques", "Terrain difficile", "Être à terre",
"Se déplacer au milieu d'autres créatures", "Taille des créatures", "Se tenir prêt", "Attaque d'opportunité",
"Se désengager", "Se précipiter".

Templates (fixtures/creatures): fighter = AC 18, 44 HP, speed 9 m, 2 attacks per action, longsword +7 1d8+4,
longbow +5 1d8+2 (45/180 m); wizard = AC 12, 27 HP, speed 9 m, Shield (+5 AC until the start of its next
turn, on a hit); goblin = small, AC 15, 7 HP, speed 9 m, scimitar +4 reach 1.5 m 1d6+2; bandit_captain =
AC 15, 65 HP, Parry (+2 AC, melee hits, this attack only); young_red_dragon = large (2x2), bite +10 reach 3 m
2d10+6 + 1d6 fire, claw reach 1.5 m.
Grid: one square is 1.5 m, distance = squares between the nearest occupied squares, a diagonal counts one.
"""


import pytest


from support import events_of, ok, rejected, RULESETS



# --- helpers ---------------------------------------------------------------------------------------------

def fight(ruleset, *people):
    """people: (id, side, template, [x, y], initiative[, overrides]); combat starts at the end."""
    commands = [{"do": "create", "ruleset": ruleset, "seed": 7, "units": "m"}]  # the seeds count in metres; an English create naming no units shows feet (issue 23)
    for person in people:
        cid, side, template, at, initiative = person[:5]
        add = {"do": "add", "id": cid, "side": side, "template": template}
        if len(person) > 5:
            add["overrides"] = person[5]
        commands += [add, {"do": "place", "id": cid, "at": at}, {"do": "initiative", "id": cid, "value": initiative}]
    commands.append({"do": "start"})
    return commands





def of(state, cid):
    return state["combatants"][cid]


def moved(state, cid):
    return of(state, cid)["economy"]["movement_used"]


def window_is(state, reactors, waiting):
    assert state["phase"] == "reaction"
    window = state["window"]
    assert window is not None and isinstance(window["trigger"], str) and window["trigger"]
    assert sorted(window["reactors"]) == sorted(reactors)
    assert window["for"] == waiting


def closed(state):
    assert state["phase"] == "turn"
    assert state["window"] is None


def aria_and_goblin(ruleset):
    """aria (fighter) at [0,0] acts first (20), gob (goblin) adjacent at [1,0] (10)."""
    return fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [1, 0], 10))


# aria walks [0,1] -> [-1,1] -> [-2,1]. From gob at [1,0]: [0,1] is 1 square away (diagonal) = 1.5 m, still in the
# scimitar's 1.5 m reach; [-1,1] is 2 squares = 3 m, out of reach. So the window opens before the step to [-1,1],
# with aria on [0,1] after 1 square (1.5 m) of movement.
AWAY = [[0, 1], [-1, 1], [-2, 1]]


# --- Opportunity attacks (seed 000 Attaques d'Opportunité; seed 001 Attaque d'opportunité) ------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_leaving_reach_opens_a_window_before_the_step_that_leaves(run, ruleset):
    state = ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": AWAY}))
    window_is(state, ["gob"], "aria")
    # "L'attaque se produit juste avant que la créature ne quitte votre portée": aria is still on [0,1]
    assert of(state, "aria")["position"] == [0, 1]
    assert moved(state, "aria") == 1.5
    assert of(state, "gob")["reaction_available"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_opportunity_attack_uses_the_reaction_then_the_move_resumes(run, ruleset):
    ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": AWAY}))
    # scimitar +4: 15 + 4 = 19 >= AC 18 hits; 1d6+2 with a 4 = 6; aria 44 -> 38
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [15, 4]}))
    closed(state)
    assert of(state, "aria")["hp"] == 38
    assert of(state, "gob")["reaction_available"] is False
    # the rest of the path: [-1,1], [-2,1]; 3 squares in all = 4.5 m
    assert of(state, "aria")["position"] == [-2, 1]
    assert moved(state, "aria") == 4.5
    assert state["turn"] == "aria"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_opportunity_attack_is_a_melee_attack_against_the_creature_leaving(run, ruleset):
    ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": AWAY}))
    rejected(run({"do": "react", "id": "gob", "with": "opportunity_attack", "attack": "shortbow", "dice": [15, 4]}),
             "shortbow")
    # 2 + 4 = 6 < 18: a miss uses no damage die, but the reaction is spent all the same
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "attack": "scimitar", "dice": [2]}))
    closed(state)
    assert of(state, "aria")["hp"] == 44 and of(state, "aria")["position"] == [-2, 1]
    assert of(state, "gob")["reaction_available"] is False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pass_declines_the_opportunity_attack_and_keeps_the_reaction(run, ruleset):
    ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": AWAY}))
    state = ok(run({"do": "pass", "id": "gob"}))
    closed(state)
    assert of(state, "aria")["hp"] == 44
    assert of(state, "aria")["position"] == [-2, 1] and moved(state, "aria") == 4.5
    assert of(state, "gob")["reaction_available"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_move_stops_where_the_opportunity_attack_drops_the_mover(run, ruleset):
    # aria at 5 HP: the OA hits (15 + 4 = 19 >= 18) for 1d6+2 = 4 + 2 = 6 -> 0 HP: she falls where she stands
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20, {"hp": 5}),
                  ("gob", "goblins", "goblin", [1, 0], 10)),
           {"do": "move", "id": "aria", "path": AWAY}))
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [15, 4]}))
    closed(state)
    assert of(state, "aria")["hp"] == 0 and of(state, "aria")["status"] == "dying"
    assert of(state, "aria")["position"] == [0, 1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_opportunity_attack_after_disengage_seed_000_eviter_seed_001_se_desengager(run, ruleset):
    state = ok(run(*aria_and_goblin(ruleset), {"do": "action", "id": "aria", "action": "disengage"},
                   {"do": "move", "id": "aria", "path": AWAY}))
    closed(state)
    assert of(state, "aria")["position"] == [-2, 1] and moved(state, "aria") == 4.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_opportunity_attack_for_a_forced_move(run, ruleset):
    # "déplacé sans utiliser votre déplacement": pushed 2 squares away, no window, no movement spent
    state = ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": [[-1, 0], [-2, 0]], "forced": True}))
    closed(state)
    assert of(state, "aria")["position"] == [-2, 0] and moved(state, "aria") == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_opportunity_attack_when_teleporting(run, ruleset):
    state = ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": [[-4, 0]], "mode": "teleport"}))
    closed(state)
    assert of(state, "aria")["position"] == [-4, 0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_opportunity_attack_for_moving_within_reach(run, ruleset):
    # around gob at [1,0]: [0,1], [1,1], [2,1], [2,0] are each 1 square (1.5 m) away: reach is never left
    state = ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": [[0, 1], [1, 1], [2, 1], [2, 0]]}))
    closed(state)
    assert of(state, "aria")["position"] == [2, 0] and moved(state, "aria") == 6


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_enemy_whose_reach_is_left_is_listed_and_each_answers_once(run, ruleset):
    # gob1 [1,0], gob2 [1,1]; aria [0,0] -> [-1,0]: 2 squares from both (3 m): both reaches left on the first step
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob1", "goblins", "goblin", [1, 0], 10),
                  ("gob2", "goblins", "goblin", [1, 1], 5)),
           {"do": "move", "id": "aria", "path": [[-1, 0], [-2, 0]]}))
    state = ok(run({"do": "pass", "id": "gob1"}))
    window_is(state, ["gob2"], "aria")
    assert of(state, "aria")["position"] == [0, 0]
    rejected(run({"do": "pass", "id": "gob1"}), "gob1", "already answered")
    # 15 + 4 = 19 >= 18; 1d6+2 with a 1 = 3; aria 44 -> 41
    state = ok(run({"do": "react", "id": "gob2", "with": "opportunity_attack", "dice": [15, 1]}))
    closed(state)
    assert of(state, "aria")["hp"] == 41 and of(state, "aria")["position"] == [-2, 0]
    assert of(state, "gob1")["reaction_available"] is True and of(state, "gob2")["reaction_available"] is False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_reaction_per_round_refreshed_at_the_start_of_the_reactors_own_turn_seed_000_reactions(run, ruleset):
    # order: aria 20, gob 15, bob 10. aria [0,0], gob [1,0], bob [2,0]
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [1, 0], 15),
                  ("bob", "party", "fighter", [2, 0], 10)),
           {"do": "end_turn"}, {"do": "end_turn"},
           # bob [2,0] -> [3,0]: 2 squares from gob = 3 m, the window opens with bob still on [2,0]
           {"do": "move", "id": "bob", "path": [[3, 0], [4, 0]]}))
    # 15 + 4 = 19 >= 18; 1d6+2 with a 4 = 6; bob 44 -> 38
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [15, 4]}))
    assert of(state, "bob")["hp"] == 38 and of(state, "bob")["position"] == [4, 0]
    # round 2 starts with aria's turn: gob's reaction is still spent (it comes back on gob's own turn)
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    assert of(state, "gob")["reaction_available"] is False
    # a creature whose reaction is spent is not listed: aria leaves its reach and no window opens
    state = ok(run({"do": "move", "id": "aria", "path": [[-1, 0]]}))
    closed(state)
    assert of(state, "aria")["position"] == [-1, 0]
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "gob" and of(state, "gob")["reaction_available"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_while_a_window_is_open_only_react_and_pass_are_accepted(run, ruleset):
    seq = ok(run(*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": AWAY}))["seq"]
    rejected(run({"do": "end_turn"}), "reaction window is open")
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [15, 4]}),
             "reaction window is open")
    rejected(run({"do": "move", "id": "aria", "path": [[-1, 1]]}), "reaction window is open")
    last = run({"do": "action", "id": "aria", "action": "dodge"})
    rejected(last, "reaction window is open")
    # a rejected command appends nothing: the window is as it was
    assert last.state["seq"] == seq
    window_is(last.state, ["gob"], "aria")
    state = ok(run({"do": "pass", "id": "gob"}))
    closed(state)
    assert state["seq"] > seq


@pytest.mark.parametrize("ruleset", RULESETS)
def test_someone_not_in_the_window_cannot_answer_it(run, ruleset):
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [1, 0], 10),
                  ("bob", "party", "fighter", [5, 5], 5)),
           {"do": "move", "id": "aria", "path": AWAY}))
    rejected(run({"do": "pass", "id": "bob"}), "bob", "gob")
    rejected(run({"do": "react", "id": "bob", "with": "opportunity_attack"}), "bob")
    rejected(run({"do": "react", "id": "aria", "with": "opportunity_attack"}), "aria")
    state = ok(run({"do": "pass", "id": "gob"}))
    closed(state)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_large_creatures_reach_counts_from_its_nearest_square_seed_000_taille_des_creatures(run, ruleset):
    # drake (large, 2x2) at [2,0] fills [2,0] [3,0] [2,1] [3,1]; bite reach 3 m = 2 squares.
    # aria [4,1] -> [5,1]: 2 squares from [3,1] = 3 m, still in reach; [6,1]: 3 squares = 4.5 m, out.
    # (Counted from [2,0] alone, [5,1] would already be 3 squares away and the window would open earlier.)
    state = ok(run(*fight(ruleset, ("aria", "party", "fighter", [4, 1], 20), ("drake", "dragons", "young_red_dragon", [2, 0], 10)),
                   {"do": "move", "id": "aria", "path": [[5, 1], [6, 1], [7, 1]]}))
    window_is(state, ["drake"], "aria")
    assert of(state, "aria")["position"] == [5, 1]
    # the claw (1.5 m) cannot reach aria 3 m away; the bite can
    rejected(run({"do": "react", "id": "drake", "with": "opportunity_attack", "attack": "claw", "dice": [15, 1, 1]}),
             "Claw")  # the attack by its name (issue 23: names, not ids)
    # bite +10: 8 + 10 = 18 >= 18 hits; 2d10+6 with 3, 4 = 13 piercing, 1d6 with 2 = 2 fire; aria 44 - 15 = 29
    state = ok(run({"do": "react", "id": "drake", "with": "opportunity_attack", "attack": "bite", "dice": [8, 3, 4, 2]}))
    closed(state)
    assert of(state, "aria")["hp"] == 29 and of(state, "aria")["position"] == [7, 1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_large_mover_leaves_reach_from_its_whole_space(run, ruleset):
    # drake [2,0] fills [2..3]x[0..1]; aria [4,2] is 1 diagonal square from [3,1], in her 1.5 m reach.
    # drake -> [2,-1] fills [2..3]x[-1..0]: 2 squares from aria (3 m), out of reach: the window opens first.
    # (As a single square at [2,0] the drake would never have been within aria's reach.)
    state = ok(run(*fight(ruleset, ("drake", "dragons", "young_red_dragon", [2, 0], 20),
                          ("aria", "party", "fighter", [4, 2], 10)),
                   {"do": "move", "id": "drake", "path": [[2, -1], [2, -2]]}))
    window_is(state, ["aria"], "drake")
    assert of(state, "drake")["position"] == [2, 0]
    state = ok(run({"do": "pass", "id": "aria"}))
    closed(state)
    assert of(state, "drake")["position"] == [2, -2] and moved(state, "drake") == 3


# --- Shield and Parry: reactions to a hit (INTERFACE stats.reactions; seed 000 Réactions) ----------------

def goblin_and_wizard(ruleset, *more):
    """gob (20) at [1,0] attacks wiz (wizard, 10) at [0,0]."""
    return fight(ruleset, ("gob", "goblins", "goblin", [1, 0], 20), *more, ("wiz", "party", "wizard", [0, 0], 10))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hit_opens_a_window_for_the_wizard_before_damage(run, ruleset):
    # 10 + 4 = 14 >= AC 12: a hit; the damage waits
    state = ok(run(*goblin_and_wizard(ruleset),
                   {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [10, 4]}))
    window_is(state, ["wiz"], "gob")
    assert of(state, "wiz")["hp"] == 27


@pytest.mark.parametrize("ruleset", RULESETS)
def test_shield_turns_the_hit_into_a_miss_and_the_damage_dice_are_recorded_unused(run, ruleset, log):
    ok(run(*goblin_and_wizard(ruleset),
           {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [10, 4]}))
    # AC 12 + 5 = 17: the same 14 now misses; the d6 (4) supplied with the attack is not needed
    state = ok(run({"do": "react", "id": "wiz", "with": "shield"}))
    closed(state)
    assert of(state, "wiz")["hp"] == 27
    assert of(state, "wiz")["reaction_available"] is False
    assert "shield" in of(state, "wiz")["effects"]
    events = events_of(log)
    unused = [e for e in events if e["type"] == "DiceLeftUnused"]
    assert unused and list(unused[-1]["faces"]) == [4]
    assert not [e for e in events if e["type"] == "DamageTaken"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_shield_does_not_stop_a_roll_that_beats_the_new_ac(run, ruleset):
    # 15 + 4 = 19 >= 12 + 5 = 17: still a hit; 1d6+2 with a 4 = 6; wiz 27 -> 21
    ok(run(*goblin_and_wizard(ruleset),
           {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [15, 4]}))
    state = ok(run({"do": "react", "id": "wiz", "with": "shield"}))
    closed(state)
    assert of(state, "wiz")["hp"] == 21 and of(state, "wiz")["reaction_available"] is False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_passing_on_a_hit_takes_the_damage_and_keeps_the_reaction(run, ruleset):
    # 10 + 4 = 14 >= 12; 1d6+2 with a 4 = 6; wiz 27 -> 21
    ok(run(*goblin_and_wizard(ruleset),
           {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [10, 4]}))
    state = ok(run({"do": "pass", "id": "wiz"}))
    closed(state)
    assert of(state, "wiz")["hp"] == 21 and of(state, "wiz")["reaction_available"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_shield_lasts_until_the_start_of_the_wizards_next_turn(run, ruleset, log):
    # order gob 20, gob2 15, wiz 10; gob2 at [0,1] is also adjacent to wiz
    ok(run(*goblin_and_wizard(ruleset, ("gob2", "goblins", "goblin", [0, 1], 15)),
           {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [10, 4]},
           {"do": "react", "id": "wiz", "with": "shield"},
           {"do": "end_turn"}))
    # gob2, same round: 12 + 4 = 16 would hit AC 12 but misses AC 17; no window (the reaction is spent)
    state = ok(run({"do": "attack", "attacker": "gob2", "target": "wiz", "with": "scimitar", "dice": [12]}))
    closed(state)
    assert of(state, "wiz")["hp"] == 27
    last = [e for e in events_of(log) if e["type"] == "AttackRolled"][-1]
    assert last["target_ac"] == 17 and last["hit"] is False
    # the wizard's turn starts: Shield ends, the reaction comes back
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "wiz"
    assert "shield" not in of(state, "wiz")["effects"] and of(state, "wiz")["reaction_available"] is True
    # round 2, gob: 12 + 4 = 16 >= 12 hits again and a new window opens
    state = ok(run({"do": "end_turn"}, {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar",
                                         "dice": [12, 4]}))
    window_is(state, ["wiz"], "gob")
    state = ok(run({"do": "pass", "id": "wiz"}))
    assert of(state, "wiz")["hp"] == 21


@pytest.mark.parametrize("ruleset", RULESETS)
def test_parry_protects_against_this_melee_attack_only(run, ruleset):
    state = ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20),
                          ("cap", "bandits", "bandit_captain", [1, 0], 10)),
                   # longsword +7: 8 + 7 = 15 >= AC 15 hits -> window for cap
                   {"do": "attack", "attacker": "aria", "target": "cap", "with": "longsword", "dice": [8, 5]}))
    window_is(state, ["cap"], "aria")
    rejected(run({"do": "react", "id": "cap", "with": "shield"}), "shield")
    # Parry +2: AC 17, 15 misses; the d8 is recorded unused
    state = ok(run({"do": "react", "id": "cap", "with": "parry"}))
    closed(state)
    assert of(state, "cap")["hp"] == 65 and of(state, "cap")["reaction_available"] is False
    assert "parry" not in of(state, "cap")["effects"]
    # Extra Attack, second swing: 8 + 7 = 15 vs AC 15 again (Parry is over) hits; no window, the reaction is
    # spent; 1d8+4 with a 5 = 9; cap 65 -> 56
    state = ok(run({"do": "attack", "attacker": "aria", "target": "cap", "with": "longsword", "dice": [8, 5]}))
    closed(state)
    assert of(state, "cap")["hp"] == 56


@pytest.mark.parametrize("ruleset", RULESETS)
def test_parry_does_not_answer_a_ranged_hit(run, ruleset):
    # cap 10 squares = 15 m away (longbow normal range 45 m): 12 + 5 = 17 >= 15 hits; no window for a melee-only
    # reaction; 1d8+2 with a 3 = 5; cap 65 -> 60
    state = ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20),
                          ("cap", "bandits", "bandit_captain", [10, 0], 10)),
                   {"do": "attack", "attacker": "aria", "target": "cap", "with": "longbow", "dice": [12, 3]}))
    closed(state)
    assert of(state, "cap")["hp"] == 60 and of(state, "cap")["reaction_available"] is True


# --- A reaction answered by a reaction (seed 000 Réactions: "immédiatement après son déclencheur") ----------

def wizard_leaves_goblin(ruleset):
    """wiz (20) at [0,0] walks AWAY from gob (10) at [1,0]."""
    return [*fight(ruleset, ("wiz", "party", "wizard", [0, 0], 20), ("gob", "goblins", "goblin", [1, 0], 10)),
            {"do": "move", "id": "wiz", "path": AWAY}]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_opportunity_attack_answered_by_shield_unwinds_in_order(run, ruleset, log):
    state = ok(run(*wizard_leaves_goblin(ruleset)))
    window_is(state, ["gob"], "wiz")
    assert of(state, "wiz")["position"] == [0, 1]
    # OA: 10 + 4 = 14 >= AC 12 hits -> inner window for the wizard's Shield, before damage
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [10, 4]}))
    window_is(state, ["wiz"], "gob")
    assert state["windows"] == 2
    assert of(state, "wiz")["hp"] == 27 and of(state, "wiz")["position"] == [0, 1]
    assert of(state, "gob")["reaction_available"] is False
    # only the inner window can be answered now; the suspended move cannot go on by itself
    rejected(run({"do": "pass", "id": "gob"}), "gob")
    rejected(run({"do": "move", "id": "wiz", "path": [[-1, 1]]}), "reaction window is open")
    # Shield: AC 17, 14 misses -> the OA resolves (no damage) -> the outer window closes -> the move resumes
    state = ok(run({"do": "react", "id": "wiz", "with": "shield"}))
    closed(state)
    assert state["windows"] == 0
    assert of(state, "wiz")["hp"] == 27
    assert of(state, "wiz")["position"] == [-2, 1] and moved(state, "wiz") == 4.5
    assert of(state, "wiz")["reaction_available"] is False
    order = [e["type"] for e in events_of(log)
             if e["type"] in ("ReactionWindowOpened", "ReactionWindowClosed", "AttackRolled", "AttackReevaluated",
                              "Moved", "DamageTaken")]
    assert order == ["Moved", "ReactionWindowOpened", "AttackRolled", "ReactionWindowOpened", "AttackReevaluated",
                     "ReactionWindowClosed", "ReactionWindowClosed", "Moved"]
    # Shield, cast on the wizard's own turn, lasts until the start of its next turn: on gob's turn 12 + 4 = 16
    # misses AC 17 (and no window: the wizard's reaction is spent)
    state = ok(run({"do": "end_turn"}, {"do": "move", "id": "gob", "path": [[0, 1], [-1, 1]]},
                   {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [12]}))
    closed(state)
    assert of(state, "wiz")["hp"] == 27


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_opportunity_attack_that_beats_shield_deals_damage_before_the_move_resumes(run, ruleset):
    ok(run(*wizard_leaves_goblin(ruleset)))
    # 15 + 4 = 19 >= 17 even with Shield; 1d6+2 with a 4 = 6; wiz 27 -> 21; then the move ends on [-2,1]
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [15, 4]}))
    window_is(state, ["wiz"], "gob")
    state = ok(run({"do": "react", "id": "wiz", "with": "shield"}))
    closed(state)
    assert of(state, "wiz")["hp"] == 21 and of(state, "wiz")["position"] == [-2, 1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_passing_on_the_inner_window_resolves_the_opportunity_attack_then_the_move(run, ruleset):
    ok(run(*wizard_leaves_goblin(ruleset), {"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [10, 4]}))
    # 14 >= 12 stands; 6 damage; wiz 27 -> 21; the wizard keeps its reaction
    state = ok(run({"do": "pass", "id": "wiz"}))
    closed(state)
    assert of(state, "wiz")["hp"] == 21 and of(state, "wiz")["position"] == [-2, 1]
    assert of(state, "wiz")["reaction_available"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_second_opportunity_attack_waits_for_the_shield_window_and_meets_the_shield(run, ruleset):
    # wiz [0,0] -> [-1,0]: 2 squares from g1 [1,0] and from g2 [1,1]: one window for both
    state = ok(run(*fight(ruleset, ("wiz", "party", "wizard", [0, 0], 20), ("g1", "goblins", "goblin", [1, 0], 10),
                          ("g2", "goblins", "goblin", [1, 1], 5)),
                   {"do": "move", "id": "wiz", "path": [[-1, 0], [-2, 0]]}))
    window_is(state, ["g1", "g2"], "wiz")
    # g1: 10 + 4 = 14 >= 12 hits -> the Shield window comes first
    state = ok(run({"do": "react", "id": "g1", "with": "opportunity_attack", "dice": [10, 4]}))
    window_is(state, ["wiz"], "g1")
    rejected(run({"do": "react", "id": "g2", "with": "opportunity_attack", "dice": [12]}), "g2")
    # Shield: 14 < 17 misses; back to the outer window, where g2 still has to answer; the move still waits
    state = ok(run({"do": "react", "id": "wiz", "with": "shield"}))
    window_is(state, ["g2"], "wiz")
    assert of(state, "wiz")["position"] == [0, 0]
    # g2: 12 + 4 = 16 < 17 misses too; then the move ends on [-2,0] (2 squares, 3 m)
    state = ok(run({"do": "react", "id": "g2", "with": "opportunity_attack", "dice": [12]}))
    closed(state)
    assert of(state, "wiz")["hp"] == 27 and of(state, "wiz")["position"] == [-2, 0] and moved(state, "wiz") == 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_damage_die_of_a_suspended_attack_may_come_with_the_answer(run, ruleset, log):
    # the table types only the d20: 10 + 4 = 14 >= 12 hits, the damage waits for the Shield window
    ok(run(*goblin_and_wizard(ruleset),
           {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [10]}))
    # passing now needs the d6: without it the pass is rejected and the window stays open
    rejected(run({"do": "pass", "id": "wiz"}), "d6")
    # with it: 1d6+2 with a 4 = 6; wiz 27 -> 21
    state = ok(run({"do": "pass", "id": "wiz", "dice": [4]}))
    closed(state)
    assert of(state, "wiz")["hp"] == 21
    assert not [e for e in events_of(log) if e["type"] == "DiceLeftUnused"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_die_given_with_shield_is_used_when_the_attack_still_hits(run, ruleset):
    # 15 + 4 = 19 >= 17 still hits; the d6 comes with the react: 4 + 2 = 6; wiz 27 -> 21
    ok(run(*goblin_and_wizard(ruleset),
           {"do": "attack", "attacker": "gob", "target": "wiz", "with": "scimitar", "dice": [15]}))
    state = ok(run({"do": "react", "id": "wiz", "with": "shield", "dice": [4]}))
    closed(state)
    assert of(state, "wiz")["hp"] == 21


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_opportunity_attack_against_a_creature_the_reactor_cannot_see(run, ruleset):
    # seed 000 "une créature que vous pouvez voir"; seed 001 "dans votre champ de vision"
    state = ok(run(*aria_and_goblin(ruleset), {"do": "condition", "target": "aria", "add": "invisible"},
                   {"do": "move", "id": "aria", "path": AWAY}))
    closed(state)
    assert of(state, "aria")["position"] == [-2, 1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_passing_by_an_enemy_provokes_when_its_reach_is_left(run, ruleset):
    # aria [0,2] (2 squares from gob [1,0]) -> [1,1] (1 square, in reach) -> [2,2] (2 squares, out) -> [3,2]
    state = ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 2], 20), ("gob", "goblins", "goblin", [1, 0], 10)),
                   {"do": "move", "id": "aria", "path": [[1, 1], [2, 2], [3, 2]]}))
    window_is(state, ["gob"], "aria")
    assert of(state, "aria")["position"] == [1, 1] and moved(state, "aria") == 1.5
    state = ok(run({"do": "pass", "id": "gob"}))
    assert of(state, "aria")["position"] == [3, 2] and moved(state, "aria") == 4.5


# --- Readied actions (seed 001 Se tenir prêt; seed 000 Réactions) ----------------------------------------

READY = {"do": "action", "id": "aria", "action": "ready", "trigger": "the goblin comes within reach",
         "response": {"do": "attack", "target": "gob", "with": "longsword"}}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_readied_attack_is_made_with_the_reaction_when_the_dm_triggers_it(run, ruleset):
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [3, 0], 10)),
           READY, {"do": "end_turn"},
           {"do": "move", "id": "gob", "path": [[2, 0], [1, 0]]}))
    state = ok(run({"do": "trigger", "id": "aria"}))
    window_is(state, ["aria"], "gob")
    assert "goblin comes within reach" in state["window"]["trigger"]
    rejected(run({"do": "pass", "id": "gob"}), "gob")
    rejected(run({"do": "end_turn"}), "reaction window is open")
    # longsword +7: 10 + 7 = 17 >= 15; 1d8+4 with a 1 = 5; gob 7 -> 2
    state = ok(run({"do": "react", "id": "aria", "with": "readied", "dice": [10, 1]}))
    closed(state)
    assert of(state, "gob")["hp"] == 2
    assert of(state, "aria")["reaction_available"] is False
    assert "readied" not in of(state, "aria")["effects"]
    assert state["turn"] == "gob"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_readiness_ends_at_the_start_of_the_readiers_next_turn(run, ruleset):
    state = ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [3, 0], 10)),
                   READY, {"do": "end_turn"}))
    assert "readied" in of(state, "aria")["effects"]
    state = ok(run({"do": "end_turn"}))
    assert (state["round"], state["turn"]) == (2, "aria")
    assert "readied" not in of(state, "aria")["effects"]
    rejected(run({"do": "trigger", "id": "aria"}), "aria", "no readied action")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_readied_action_needs_the_reaction_that_an_opportunity_attack_spends(run, ruleset):
    # gob adjacent at [1,0] walks away: [2,0] is 2 squares (3 m) from aria -> OA window for aria
    state = ok(run(*aria_and_goblin(ruleset), READY, {"do": "end_turn"},
                   {"do": "move", "id": "gob", "path": [[2, 0], [3, 0]]}))
    window_is(state, ["aria"], "gob")
    rejected(run({"do": "react", "id": "aria", "with": "readied", "dice": [10, 1]}), "readied")
    # 2 + 7 = 9 < 15: a miss
    state = ok(run({"do": "react", "id": "aria", "with": "opportunity_attack", "dice": [2]}))
    closed(state)
    assert of(state, "gob")["position"] == [3, 0]
    rejected(run({"do": "trigger", "id": "aria"}), "aria", "cannot react")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_readied_move_that_leaves_reach_provokes_and_waits_for_the_answer(run, ruleset):
    ready_move = {"do": "action", "id": "aria", "action": "ready", "trigger": "the goblin raises its blade",
                  "response": {"do": "move", "path": [[-1, 0], [-2, 0]]}}
    ok(run(*aria_and_goblin(ruleset), ready_move, {"do": "end_turn"}, {"do": "trigger", "id": "aria"}))
    # the readied move is aria's reaction; leaving gob's reach (2 squares = 3 m at [-1,0]) opens an inner window
    state = ok(run({"do": "react", "id": "aria", "with": "readied"}))
    window_is(state, ["gob"], "aria")
    assert state["windows"] == 2 and of(state, "aria")["position"] == [0, 0]
    assert of(state, "aria")["reaction_available"] is False
    # 15 + 4 = 19 >= 18; 1d6+2 with a 4 = 6; aria 44 -> 38; then both windows close and the move ends
    state = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [15, 4]}))
    closed(state)
    assert state["turn"] == "gob"
    assert of(state, "aria")["hp"] == 38 and of(state, "aria")["position"] == [-2, 0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_disengage_ends_with_the_turn_so_a_readied_move_later_provokes(run, ruleset):
    # seed 000 Désengager "pour le reste du tour"; seed 001 Se désengager "jusqu'à la fin du tour".
    # bree (rogue) disengages with a bonus action (Cunning Action), readies a move, and ends her turn.
    ok(run(*fight(ruleset, ("bree", "party", "rogue", [0, 0], 20), ("gob", "goblins", "goblin", [1, 0], 10)),
           {"do": "action", "id": "bree", "action": "disengage", "slot": "bonus"},
           {"do": "action", "id": "bree", "action": "ready", "trigger": "the goblin raises its blade",
            "response": {"do": "move", "path": [[-1, 0], [-2, 0]]}},
           {"do": "end_turn"}, {"do": "trigger", "id": "bree"}))
    # on gob's turn the disengage is over: leaving its reach ([-1,0] is 2 squares = 3 m away) provokes
    state = ok(run({"do": "react", "id": "bree", "with": "readied"}))
    window_is(state, ["gob"], "bree")
    assert of(state, "bree")["position"] == [0, 0]
    state = ok(run({"do": "pass", "id": "gob"}))
    closed(state)
    assert of(state, "bree")["position"] == [-2, 0]


# --- Movement (seed 000 Déplacement et Position; seed 001 Déplacement et position) ------------------------

def alone(ruleset, *more, hp=None):
    """aria (fighter, speed 9 m) at [0,0] on her turn; a goblin far away at [0,20]."""
    aria = ("aria", "party", "fighter", [0, 0], 20) + (({"hp": hp},) if hp else ())
    return fight(ruleset, aria, ("gob", "goblins", "goblin", [0, 20], 10), *more)


def east(start, count, y=0):
    return [[x, y] for x in range(start, start + count)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_square_costs_1_5_m_and_the_rejection_names_the_square_and_the_cost(run, ruleset):
    ok(run(*alone(ruleset)))
    # 7 squares = 10.5 m > 9 m
    rejected(run({"do": "move", "id": "aria", "path": east(1, 7)}), "aria cannot reach [7,0]", "10.5 m needed", "9 m left")
    state = ok(run({"do": "move", "id": "aria", "path": east(1, 6)}))
    assert of(state, "aria")["position"] == [6, 0] and moved(state, "aria") == 9
    assert of(state, "aria")["economy"]["movement_left"] == 0
    rejected(run({"do": "move", "id": "aria", "path": [[7, 0]]}), "[7,0]", "1.5 m needed", "0 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_diagonal_step_counts_one_square_seed_000_jouer_sur_une_grille(run, ruleset):
    state = ok(run(*alone(ruleset), {"do": "move", "id": "aria", "path": [[1, 1], [2, 2], [3, 3]]}))
    assert of(state, "aria")["position"] == [3, 3] and moved(state, "aria") == 4.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_difficult_terrain_costs_double_seed_000_terrain_difficile(run, ruleset):
    ok(run(*alone(ruleset), {"do": "terrain", "squares": [[1, 0], [2, 0], [3, 0]], "kind": "difficult"}))
    # 3 + 3 + 3 + 1.5 = 10.5 m > 9 m
    rejected(run({"do": "move", "id": "aria", "path": east(1, 4)}), "[4,0]", "10.5 m needed", "9 m left")
    # marking a square twice changes nothing: 3 + 3 + 1.5 = 7.5 m
    state = ok(run({"do": "terrain", "squares": [[1, 0]], "kind": "difficult"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [2, 1]]}))
    assert moved(state, "aria") == 7.5


def test_2024_difficult_terrain_is_not_cumulative_with_a_hostile_space_seed_000_terrain_difficile(run):
    # gob (small) is stunned (Incapacitated): aria may pass through its space (seed 000 Se Déplacer autour
    # d'Autres Créatures); that space is difficult terrain, and it is also marked difficult: 3 m, not 4.5 m.
    ok(run(*fight("dnd5e-2024", ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [1, 0], 10)),
           {"do": "condition", "target": "gob", "add": "stunned"},
           {"do": "terrain", "squares": [[1, 0]], "kind": "difficult"}))
    # [1,0] 3 m + [2,0] 1.5 m = 4.5 m
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert of(state, "aria")["position"] == [2, 0] and moved(state, "aria") == 4.5


def test_2014_difficult_terrain_is_not_cumulative_with_an_allys_space_seed_001_terrain_difficile(run):
    # seed 001: any creature's space is difficult terrain, an ally's too; the marked square still costs 3 m
    ok(run(*fight("dnd5e-2014", ("aria", "party", "fighter", [0, 0], 20), ("bob", "party", "fighter", [1, 0], 10)),
           {"do": "terrain", "squares": [[1, 0]], "kind": "difficult"}))
    # [1,0] 3 m + [2,0] 1.5 m = 4.5 m
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert of(state, "aria")["position"] == [2, 0] and moved(state, "aria") == 4.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dropping_prone_is_free_and_crawling_costs_double_triple_in_difficult_terrain(run, ruleset):
    state = ok(run(*alone(ruleset), {"do": "drop_prone", "id": "aria"}))
    assert "prone" in of(state, "aria")["conditions"] and moved(state, "aria") == 0
    # crawl 1 square: 1.5 + 1.5 = 3 m
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0]]}))
    assert moved(state, "aria") == 3
    # crawl into difficult terrain: 1.5 x 3 = 4.5 m (seed 001 Être à terre: "divisée par trois"); 7.5 m used
    state = ok(run({"do": "terrain", "squares": [[2, 0]], "kind": "difficult"},
                   {"do": "move", "id": "aria", "path": [[2, 0]]}))
    assert moved(state, "aria") == 7.5 and of(state, "aria")["position"] == [2, 0]
    # 1.5 m left: one more crawled square costs 3 m
    rejected(run({"do": "move", "id": "aria", "path": [[3, 0]]}), "[3,0]", "3 m needed", "1.5 m left")
    # standing costs half the speed, 4.5 m: not enough left
    rejected(run({"do": "stand", "id": "aria"}), "4.5 m needed", "1.5 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_crawl_mode_costs_double_without_being_prone(run, ruleset):
    state = ok(run(*alone(ruleset), {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]], "mode": "crawl"}))
    assert moved(state, "aria") == 6


@pytest.mark.parametrize("ruleset", RULESETS)
def test_standing_up_costs_half_the_speed_seed_001_etre_a_terre(run, ruleset):
    state = ok(run(*alone(ruleset), {"do": "drop_prone", "id": "aria"}, {"do": "stand", "id": "aria"}))
    assert "prone" not in of(state, "aria")["conditions"]
    assert moved(state, "aria") == 4.5 and of(state, "aria")["economy"]["movement_left"] == 4.5
    # 4 squares = 6 m > 4.5 m left
    rejected(run({"do": "move", "id": "aria", "path": east(1, 4)}), "[4,0]", "6 m needed", "4.5 m left")
    state = ok(run({"do": "move", "id": "aria", "path": east(1, 3)}))
    assert moved(state, "aria") == 9


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_grappled_creature_at_speed_0_cannot_stand(run, ruleset):
    ok(run(*alone(ruleset), {"do": "condition", "target": "aria", "add": "prone"},
           {"do": "condition", "target": "aria", "add": "grappled", "source": "gob"}))
    rejected(run({"do": "stand", "id": "aria"}), "aria", "speed is 0")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dash_adds_the_speed_seed_000_foncer_seed_001_se_precipiter(run, ruleset):
    state = ok(run(*alone(ruleset), {"do": "action", "id": "aria", "action": "dash"},
                   {"do": "move", "id": "aria", "path": east(1, 12)}))
    # 9 + 9 = 18 m = 12 squares
    assert of(state, "aria")["position"] == [12, 0] and moved(state, "aria") == 18
    rejected(run({"do": "move", "id": "aria", "path": [[13, 0]]}), "[13,0]", "1.5 m needed", "0 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_movement_splits_around_an_action_seed_001_fragmenter_votre_mouvement(run, ruleset):
    # 3 m, an action, then the remaining 6 m
    state = ok(run(*alone(ruleset), {"do": "move", "id": "aria", "path": east(1, 2)},
                   {"do": "action", "id": "aria", "action": "dodge"},
                   {"do": "move", "id": "aria", "path": east(3, 4)}))
    assert of(state, "aria")["position"] == [6, 0] and moved(state, "aria") == 9
    rejected(run({"do": "move", "id": "aria", "path": [[7, 0]]}), "0 m left")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_movement_splits_between_the_attacks_of_extra_attack_seed_001_se_deplacer_entre_des_attaques(run, ruleset):
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob1", "goblins", "goblin", [1, 0], 10),
                  ("gob2", "goblins", "goblin", [5, 0], 5))))
    # first attack: 10 + 7 = 17 >= 15; 1d8+4 with an 8 = 12 -> gob1 (7 HP) dies
    state = ok(run({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [10, 8]}))
    assert of(state, "gob1")["status"] == "dead" and of(state, "aria")["economy"]["attacks_left"] == 1
    # move 4 squares = 6 m to [4,1], next to gob2 at [5,0]
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 1], [2, 1], [3, 1], [4, 1]]}))
    closed(state)
    # second attack of the same action: 10 + 7 = 17 >= 15; 1d8+4 with a 3 = 7 -> gob2 dies
    state = ok(run({"do": "attack", "attacker": "aria", "target": "gob2", "with": "longsword", "dice": [10, 3]}))
    assert of(state, "gob2")["status"] == "dead"
    # and the last 3 m after it
    state = ok(run({"do": "move", "id": "aria", "path": [[4, 2], [4, 3]]}))
    assert moved(state, "aria") == 9


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_large_creature_fills_2x2_squares_seed_000_taille_des_creatures(run, ruleset):
    # drake at [2,0] fills [2,0] [3,0] [2,1] [3,1]
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [4, 2], 20), ("drake", "dragons", "young_red_dragon", [2, 0], 10))))
    # from [4,2] the nearest drake square is [3,1], 1 diagonal square = 1.5 m: the longsword reaches (a 1 misses)
    state = ok(run({"do": "attack", "attacker": "aria", "target": "drake", "with": "longsword", "dice": [1]}))
    assert of(state, "aria")["economy"]["attacks_left"] == 1
    # [3,2] -> [3,1] enters the drake's space (one size apart: no passing through)
    rejected(run({"do": "move", "id": "aria", "path": [[3, 2], [3, 1], [3, 0]]}), "[3, 1]", "drake")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_large_creature_needs_room_for_its_whole_space(run, ruleset):
    # drake [2,0] -> [3,0] would fill [3,0] [4,0] [3,1] [4,1]; aria stands on [4,1]
    ok(run(*fight(ruleset, ("drake", "dragons", "young_red_dragon", [2, 0], 20), ("aria", "party", "fighter", [4, 1], 10))))
    rejected(run({"do": "move", "id": "drake", "path": [[3, 0]]}), "drake", "aria")


def test_2024_an_allys_space_is_passable_at_normal_cost_seed_000_se_deplacer_autour(run):
    # seed 000: an ally's space is not difficult terrain: 1.5 + 1.5 = 3 m
    state = ok(run(*fight("dnd5e-2024", ("aria", "party", "fighter", [0, 0], 20), ("bob", "party", "fighter", [1, 0], 10)),
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert of(state, "aria")["position"] == [2, 0] and moved(state, "aria") == 3


def test_2014_an_allys_space_is_passable_as_difficult_terrain_seed_001_se_deplacer_au_milieu(run):
    # seed 001: any other creature's space is difficult terrain: 3 + 1.5 = 4.5 m
    state = ok(run(*fight("dnd5e-2014", ("aria", "party", "fighter", [0, 0], 20), ("bob", "party", "fighter", [1, 0], 10)),
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert of(state, "aria")["position"] == [2, 0] and moved(state, "aria") == 4.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_move_cannot_end_in_an_occupied_space(run, ruleset):
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("bob", "party", "fighter", [1, 0], 10))))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "aria", "[1, 0]", "bob")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_conscious_hostile_of_a_near_size_blocks_the_way(run, ruleset):
    # gob is small, aria medium: one size apart
    ok(run(*aria_and_goblin(ruleset)))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}), "[1, 0]", "gob")


def test_2024_an_incapacitated_hostile_can_be_passed_through_seed_000_se_deplacer_autour(run):
    # stunned (Incapacitated) gob: passable; its space is difficult terrain: 3 + 1.5 = 4.5 m
    state = ok(run(*aria_and_goblin("dnd5e-2024"), {"do": "condition", "target": "gob", "add": "stunned"},
                   {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert of(state, "aria")["position"] == [2, 0] and moved(state, "aria") == 4.5


def test_2014_an_incapacitated_hostile_still_blocks_the_way_seed_001_se_deplacer_au_milieu(run):
    ok(run(*aria_and_goblin("dnd5e-2014"), {"do": "condition", "target": "gob", "add": "stunned"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}), "[1, 0]", "gob")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_huge_hostile_fills_3x3_squares_and_two_sizes_apart_can_be_passed_through(run, ruleset):
    # drake made huge: [2,0] fills [2..4]x[0..2]. aria (medium) at [5,3] is diagonal to [4,2]: the longsword
    # reaches (a natural 1 misses). Huge is two sizes above medium: aria may cross [4,2] (seed 000 Se Déplacer
    # autour d'Autres Créatures; seed 001 "deux tailles de plus"); a hostile's space is difficult terrain in
    # both rulesets: [4,2] 3 m + [3,3] 1.5 m = 4.5 m. [3,3] is outside the 3x3 space.
    ok(run(*fight(ruleset, ("aria", "party", "fighter", [5, 3], 20),
                  ("drake", "dragons", "young_red_dragon", [2, 0], 10, {"size": "huge"}))))
    ok(run({"do": "attack", "attacker": "aria", "target": "drake", "with": "longsword", "dice": [1]}))
    rejected(run({"do": "move", "id": "aria", "path": [[4, 2]]}), "[4, 2]", "drake")
    state = ok(run({"do": "move", "id": "aria", "path": [[4, 2], [3, 3]]}))
    closed(state)
    assert of(state, "aria")["position"] == [3, 3] and moved(state, "aria") == 4.5


RAT = {"ac": 10, "max_hp": 1, "speed": 6, "size": "tiny", "proficiency_bonus": 2,
       "abilities": {"str": 2, "dex": 11, "con": 9, "int": 2, "wis": 10, "cha": 4}}


def goblin_and_rat(ruleset):
    """gob (small, 20) at [0,0]; rat (tiny, hostile, no attacks, 10) at [1,0]."""
    return [{"do": "create", "ruleset": ruleset, "seed": 7},
            {"do": "add", "id": "gob", "side": "goblins", "template": "goblin"},
            {"do": "add", "id": "rat", "side": "party", "kind": "monster", "stats": RAT},
            {"do": "place", "id": "gob", "at": [0, 0]}, {"do": "place", "id": "rat", "at": [1, 0]},
            {"do": "initiative", "id": "gob", "value": 20}, {"do": "initiative", "id": "rat", "value": 10},
            {"do": "start"}]


def test_2024_a_tiny_hostile_can_be_passed_through_at_normal_cost_seed_000_se_deplacer_autour(run):
    # Tiny: passable, and not difficult terrain: 1.5 + 1.5 = 3 m
    state = ok(run(*goblin_and_rat("dnd5e-2024"), {"do": "move", "id": "gob", "path": [[1, 0], [2, 0]]}))
    assert of(state, "gob")["position"] == [2, 0] and moved(state, "gob") == 3


def test_2014_a_tiny_hostile_one_size_from_a_small_mover_blocks_the_way_seed_001_se_deplacer_au_milieu(run):
    # seed 001: a hostile's space only if it is two sizes larger or smaller; small vs tiny is one size
    ok(run(*goblin_and_rat("dnd5e-2014")))
    rejected(run({"do": "move", "id": "gob", "path": [[1, 0], [2, 0]]}), "[1, 0]", "rat")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hostile_two_sizes_apart_can_be_passed_through(run, ruleset):
    # aria (medium) through rat (tiny): two sizes apart in both rulesets. 2024: Tiny space not difficult, 3 m;
    # 2014: any creature's space is difficult terrain, 3 + 1.5 = 4.5 m
    ok(run({"do": "create", "ruleset": ruleset, "seed": 7},
           {"do": "add", "id": "aria", "side": "party", "template": "fighter"},
           {"do": "add", "id": "rat", "side": "vermin", "kind": "monster", "stats": RAT},
           {"do": "place", "id": "aria", "at": [0, 0]}, {"do": "place", "id": "rat", "at": [1, 0]},
           {"do": "initiative", "id": "aria", "value": 20}, {"do": "initiative", "id": "rat", "value": 10},
           {"do": "start"}))
    state = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert of(state, "aria")["position"] == [2, 0]
    assert moved(state, "aria") == (4.5 if ruleset == "dnd5e-2014" else 3)
