"""More pf1 rules through the CLI: miss chance, cover, reach, flanking, ranged penalties, Mobility, massive damage,
run, restricted creatures, immediate and readied actions, aid another, maneuvers, repeated provocations,
condition durations and immunities. Numbers worked by hand; PRD sections cited where seed 004 is silent."""

from pf1_support import ARIA, GOBLIN, duel, stats
from support import events_of, last, ok, rejected

LONGSWORD = ARIA["attacks"][0]


def attack(dice, attacker="aria", target="gob", weapon="longsword", **extra):
    return {"do": "attack", "attacker": attacker, "target": target, "with": weapon, "dice": dice, **extra}


def bob(at, side="party"):
    return {"do": "add", "id": "bob", "name": "Bob", "side": side, "stats": ARIA, "at": list(at)}


def rolls(log):
    return [e for e in events_of(log) if e["type"] == "Pf1AttackRolled"]


# ----------------------------------------------------------------------------- miss chance and cover (PRD)
def test_concealment_miss_chance_comes_after_a_hit_and_before_damage(run, log):
    ok(run(*duel()))
    ok(run(attack([2], concealment="total")))  # 2 + 6 = 8 misses: no d100 (all faces used)
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # 15 + 6 = 21 hits AC 16; d100 10 <= 20: missed, no damage die rolled
    doc = ok(run(attack([15, 10], concealment="normal")))
    assert last(log, "Pf1MissChanceRolled")["missed"] is True and doc["combatants"]["gob"]["hp"] == 6
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # d100 50 > 20: the hit stands; 1d8 5 + 3 = 8 -> -2
    doc = ok(run(attack([15, 50, 5], concealment="normal")))
    assert doc["combatants"]["gob"]["hp"] == -2


def test_cover_adds_to_ac_and_total_cover_cannot_be_targeted(run, log):
    ok(run(*duel()))
    ok(run(attack([11], cover="normal")))  # 17 vs 14 + 4 = 18: miss
    assert (last(log, "Pf1AttackRolled")["ac"], last(log, "Pf1AttackRolled")["hit"]) == (18, False)
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    rejected(run(attack([11], cover="total")), "total cover")


# ----------------------------------------------------------------------------- reach (seed Armes à allonge; PRD)
def test_reach_weapon_reaches_two_squares_but_not_adjacent(run):
    longspear = stats(ARIA, attacks=[{"id": "longspear", "kind": "melee", "two_handed": True, "reach_weapon": True,
                                      "damage": [{"roll": "1d8", "type": "piercing"}]}])
    ok(run(*duel(aria=longspear)))
    rejected(run(attack([10, 4], weapon="longspear")), "cannot reach")
    ok(run({"do": "move", "id": "gob", "path": [[2, 0]], "forced": True}))
    # 10 + 6 = 16 vs 14: 1d8 4 + Str 3 x 1.5 = 4 -> 8 -> -2
    doc = ok(run(attack([10, 4], weapon="longspear")))
    assert doc["combatants"]["gob"]["hp"] == -2


def test_large_creature_reach_covers_the_second_diagonal(run):
    ogre = stats(ARIA, size="large")  # natural reach 3 m, space 2x2 at [0,0]-[1,1]
    ok(run(*duel(aria=ogre, gob_at=(3, 3))))
    # gap 2 x 2: the second diagonal counts 3 squares, but a 3 m reach covers it (Paizo FAQ)
    ok(run(attack([1])))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}, {"do": "move", "id": "gob", "path": [[4, 3]], "forced": True}))
    rejected(run(attack([1])), "cannot reach")


# ----------------------------------------------------------------------------- flanking and ranged modifiers
def test_flanking_from_positions(run, log):
    ok(run(*duel(extra=[bob((2, 0))])[:-1], {"do": "initiative", "id": "bob", "value": 1},
           *duel()[-3:]))
    ok(run(attack([1])))
    assert {"label": "flanking", "value": 2} in last(log, "Pf1AttackRolled")["modifiers"]


def test_no_flanking_when_the_ally_is_not_opposite(run, log):
    ok(run(*duel(extra=[bob((2, 1))])[:-1], {"do": "initiative", "id": "bob", "value": 1}, {"do": "start"}))
    ok(run(attack([1])))
    assert last(log, "Pf1AttackRolled")["modifiers"] == []


def test_shooting_into_melee_and_precise_shot(run, log):
    ok(run(*duel(gob_at=(3, 0), extra=[bob((4, 0))])[:-1], {"do": "initiative", "id": "bob", "value": 1}, {"do": "start"}))
    # shortbow 3 + Dex 2 = 5; goblin engaged with bob: -4 -> 12 + 1 = 13 < 14
    ok(run(attack([12], weapon="shortbow")))
    rolled = last(log, "Pf1AttackRolled")
    assert rolled["modifiers"] == [{"label": "shooting_into_melee", "value": -4}] and rolled["total"] == 13


def test_precise_shot_removes_the_penalty(run, log):
    ok(run(*duel(aria=stats(ARIA, precise_shot=True), gob_at=(3, 0), extra=[bob((4, 0))])[:-1],
           {"do": "initiative", "id": "bob", "value": 1}, {"do": "start"}))
    ok(run(attack([12, 3], weapon="shortbow")))
    assert last(log, "Pf1AttackRolled")["modifiers"] == []


def test_range_penalty_per_increment(run, log):
    ok(run(*duel(gob_at=(15, 0))))
    # 15 squares of gap = 22.5 m; increment 18 m: 2 increments, -2 (PRD Range)
    ok(run(attack([2], weapon="shortbow")))
    assert last(log, "Pf1AttackRolled")["modifiers"] == [{"label": "range", "value": -2}]


def test_mobility_gives_four_ac_against_movement_provocations(run, log):
    ok(run(*duel(gob=stats(GOBLIN, mobility=True)), {"do": "end_turn"}))
    ok(run({"do": "move", "id": "gob", "path": [[2, 0], [3, 0]]}))
    ok(run({"do": "react", "id": "aria", "with": "opportunity_attack", "dice": [11]}))
    rolled = last(log, "Pf1AttackRolled")
    assert (rolled["kind"], rolled["total"], rolled["ac"], rolled["hit"]) == ("opportunity", 17, 20, False)


# ----------------------------------------------------------------------------- massive damage (PRD, optional)
def test_massive_damage_forces_a_fortitude_save(run):
    big = stats(GOBLIN, max_hp=100)
    commands = duel(gob=big, start=False)
    commands[0] = {**commands[0], "massive_damage": True}
    ok(run(*commands))
    # 50 >= max(50, 100 / 2): Fort DC 15; 12 + 3 = 15 saves
    doc = ok(run({"do": "damage", "target": "gob", "amount": 50, "type": "slashing", "dice": [12]}))
    assert doc["combatants"]["gob"]["hp"] == 50 and doc["combatants"]["gob"]["status"] == "alive"
    doc = ok(run({"do": "damage", "target": "gob", "amount": 49, "type": "slashing"}))  # below 50: no save
    assert doc["combatants"]["gob"]["hp"] == 1
    ok(run({"do": "heal", "target": "gob", "amount": 99}))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 50, "type": "slashing", "dice": [5]}))
    assert doc["combatants"]["gob"]["status"] == "dead"


# ----------------------------------------------------------------------------- run, restricted, immediate, ready
def test_run_four_times_speed_three_in_heavy_armour(run):
    ok(run(*duel(gob_at=(0, 9))))
    ok(run({"do": "action", "id": "aria", "action": "run"}))
    # speed 6 m x 4 = 24 m = 16 squares in a straight line (seed Vitesse)
    doc = ok(run({"do": "move", "id": "aria", "path": [[x, 0] for x in range(1, 17)]}))
    assert doc["combatants"]["aria"]["position"] == [16, 0] and "running" in doc["combatants"]["aria"]["effects"]
    stats(ARIA, armor_type="heavy")
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    ok(run({"do": "undo", "steps": 4}))


def test_heavy_armour_runs_three_times(run):
    ok(run(*duel(aria=stats(ARIA, armor_type="heavy"), gob_at=(0, 9))))
    ok(run({"do": "action", "id": "aria", "action": "run"}))
    rejected(run({"do": "move", "id": "aria", "path": [[x, 0] for x in range(1, 14)]}), "a run allows 60 ft")  # 18 m = 60 ft (English: feet)
    ok(run({"do": "move", "id": "aria", "path": [[x, 0] for x in range(1, 13)]}))


def test_running_loses_dex_to_ac(run, log):
    ok(run(*duel(gob_at=(3, 1))))
    ok(run({"do": "action", "id": "aria", "action": "run"}, {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    ok(run({"do": "end_turn"}, attack([1], attacker="gob", target="aria", weapon="shortsword")))
    assert (last(log, "Pf1AttackRolled")["ac_kind"], last(log, "Pf1AttackRolled")["ac"]) == ("flat_footed", 18)


def test_staggered_creature_is_restricted(run):
    ok(run(*duel(gob_at=(4, 0)), {"do": "condition", "target": "aria", "add": "staggered"}))
    rejected(run({"do": "full_attack", "attacker": "aria", "target": "gob", "dice": [1]}), "only one standard or move action")
    rejected(run({"do": "action", "id": "aria", "action": "run"}), "cannot run")
    # PRD Restricted Charge: a standard action, up to its speed
    doc = ok(run({"do": "action", "id": "aria", "action": "charge", "target": "gob"}))
    assert doc["combatants"]["aria"]["actions"]["standard"] == "charge" and doc["combatants"]["aria"]["actions"]["full_round"] is None


def test_immediate_action_off_turn_uses_the_next_swift(run):
    ok(run(*duel(), {"do": "end_turn"}))
    ok(run({"do": "action", "id": "aria", "action": "other", "slot": "immediate", "note": "feather fall"}))
    rejected(run({"do": "action", "id": "aria", "action": "other", "slot": "immediate"}), "already took an immediate action")
    doc = ok(run({"do": "end_turn"}))
    assert doc["turn"] == "aria" and doc["combatants"]["aria"]["actions"]["swift"] == "immediate"
    rejected(run({"do": "action", "id": "aria", "action": "other", "slot": "swift"}), "swift action was already spent")


def test_ready_then_trigger_moves_the_readier_before_the_trigger(run):
    orc = {"do": "add", "id": "orc", "side": "monsters", "stats": GOBLIN, "at": [1, 1]}
    ok(run(*duel(extra=[orc])[:-1], {"do": "initiative", "id": "orc", "value": 5}, {"do": "start"}))
    ok(run({"do": "action", "id": "aria", "action": "ready", "trigger": "the orc moves",
            "response": {"do": "attack", "target": "orc"}}))
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert doc["turn"] == "orc" and "readied" in doc["combatants"]["aria"]["effects"]
    doc = ok(run({"do": "trigger", "id": "aria"}))
    assert doc["window"]["reactors"] == ["aria"] and doc["window"]["for"] == "orc"
    # the readied attack at the highest bonus: 15 + 6 = 21 vs the orc-goblin's flat-footed... it acted: AC 16; 1d8 2 + 3
    doc = ok(run({"do": "react", "id": "aria", "with": "readied", "dice": [15, 2]}))
    assert doc["order"] == ["gob", "aria", "orc"] and "readied" not in doc["combatants"]["aria"]["effects"]
    assert doc["combatants"]["orc"]["hp"] == 1 and doc["window"] is None and doc["turn"] == "orc"
    assert doc["combatants"]["aria"]["aoo_left"] == 1  # a readied action is not an attack of opportunity


def test_aid_another_gives_plus_two_on_the_next_attack(run, log):
    ok(run(*duel(extra=[bob((0, 1))])[:-1], {"do": "initiative", "id": "bob", "value": 12}, {"do": "start"}))
    # d20 4 + 6 = 10 >= AC 10 (PRD Aid Another)
    doc = ok(run({"do": "action", "id": "aria", "action": "aid_another", "target": "gob", "ally": "bob", "on": "attack",
                  "dice": [4]}))
    assert "aid_attack" in doc["combatants"]["bob"]["effects"]
    ok(run({"do": "end_turn"}, attack([1], attacker="bob")))
    assert {"label": "aid_another", "value": 2} in last(log, "Pf1AttackRolled")["modifiers"]
    assert "aid_attack" not in ok(run({"do": "end_turn"}))["combatants"]["bob"]["effects"]


# ----------------------------------------------------------------------------- maneuvers (PRD Combat Maneuvers)
def test_bull_rush_pushes_one_square_plus_one_per_five(run):
    ok(run(*duel()))
    # 14 + 6 = 20 vs flat-footed CMD 10: margin 10 -> 1 + 2 = 3 squares
    doc = ok(run({"do": "shove", "attacker": "aria", "target": "gob", "effect": "push", "dice": [14]}))
    assert doc["combatants"]["gob"]["position"] == [4, 0]


def test_maneuver_provokes_from_its_target_unless_improved(run, log):
    ok(run(*duel(aria_init=10, gob_init=15), {"do": "end_turn"}))
    doc = ok(run({"do": "maneuver", "attacker": "aria", "target": "gob", "maneuver": "trip", "dice": [8]}))
    assert doc["window"]["reactors"] == ["gob"]
    doc = ok(run({"do": "pass", "id": "gob"}))
    # 8 + 6 = 14 vs CMD 12: prone
    assert "prone" in doc["combatants"]["gob"]["conditions"]


def test_improved_trip_does_not_provoke_and_adds_two(run, log):
    ok(run(*duel(aria=stats(ARIA, improved_maneuvers=["trip"]), aria_init=10, gob_init=15), {"do": "end_turn"}))
    # 4 + 6 + 2 = 12 vs CMD 12: prone, no window
    doc = ok(run({"do": "maneuver", "attacker": "aria", "target": "gob", "maneuver": "trip", "dice": [4]}))
    assert doc["window"] is None and "prone" in doc["combatants"]["gob"]["conditions"]
    assert last(log, "Pf1ManeuverRolled")["cmb"] == 8


def test_trip_failing_by_ten_knocks_the_attacker_prone(run):
    ok(run(*duel(gob=stats(GOBLIN, cmd=30))))
    # 2 + 6 = 8 vs flat-footed CMD 30 - 2 = 28: fails by 20
    doc = ok(run({"do": "maneuver", "attacker": "aria", "target": "gob", "maneuver": "trip", "dice": [2]}))
    assert "prone" in doc["combatants"]["aria"]["conditions"]


def test_escape_a_grapple(run):
    ok(run(*duel(), {"do": "grapple", "attacker": "aria", "target": "gob", "dice": [10]}))
    doc = ok(run({"do": "end_turn"}))
    ok(run({"do": "escape", "id": "gob", "dice": [10]}))  # 10 + CMB 0 vs CMD 19: fails
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "escape", "id": "gob", "dice": [20]}))
    assert "grappled" not in doc["combatants"]["gob"]["conditions"] and "grappled" not in doc["combatants"]["aria"]["conditions"]


# ----------------------------------------------------------------------------- provocations
def test_combat_reflexes_answers_two_distracting_acts_of_one_creature(run):
    reflexes = stats(GOBLIN, combat_reflexes=True)  # 1 + Dex 2 = 3 per round
    ok(run(*duel(gob=reflexes, aria_init=10, gob_init=15), {"do": "end_turn"}))
    ok(run({"do": "action", "id": "aria", "action": "cast_spell", "slot": "swift"}))
    doc = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [2]}))
    assert doc["combatants"]["gob"]["aoo_left"] == 2 and doc["window"] is None
    doc = ok(run(attack([2], weapon="shortbow")))
    assert doc["window"]["reactors"] == ["gob"]


def test_the_same_mover_does_not_provoke_twice_in_a_round(run):
    ok(run(*duel(), {"do": "end_turn"}))
    ok(run({"do": "move", "id": "gob", "path": [[1, 1]]}, {"do": "pass", "id": "aria"}))
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 2]]}))
    assert doc["window"] is None and doc["combatants"]["gob"]["position"] == [2, 2]


def test_standing_up_provokes(run):
    ok(run(*duel(), {"do": "condition", "target": "gob", "add": "prone"}, {"do": "end_turn"}))
    doc = ok(run({"do": "stand", "id": "gob"}))
    assert doc["window"]["reactors"] == ["aria"] and "prone" in doc["combatants"]["gob"]["conditions"]
    doc = ok(run({"do": "pass", "id": "aria"}))
    assert "prone" not in doc["combatants"]["gob"]["conditions"] and doc["combatants"]["gob"]["actions"]["move"] == "stand"


def test_provoker_knocked_out_keeps_its_unused_dice_recorded(run, log):
    ok(run(*duel(gob_init=20, aria_init=10), {"do": "end_turn"}))
    ok(run(attack([15, 3], weapon="shortbow")))
    # the goblin's opportunity attack: 20, confirm 20, 1d4 4 + 4 = 8 -> 22 - 8 = 14: aria still shoots
    doc = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [20, 20, 4, 4]}))
    assert doc["combatants"]["aria"]["hp"] == 14 and doc["combatants"]["gob"]["hp"] == 3


# ----------------------------------------------------------------------------- statuses, durations, immunities
def test_added_at_zero_or_below(run):
    doc = ok(run({"do": "create", "ruleset": "pf1"},
                 {"do": "add", "id": "a", "side": "x", "stats": stats(GOBLIN, hp=0)},
                 {"do": "add", "id": "b", "side": "x", "stats": stats(GOBLIN, hp=-3)}))
    assert doc["combatants"]["a"]["status"] == "disabled" and doc["combatants"]["b"]["status"] == "dying"
    rejected(run({"do": "add", "id": "c", "side": "x", "stats": stats(GOBLIN, hp=-12)}), "death threshold")


def test_condition_durations(run):
    ok(run(*duel()))
    doc = ok(run({"do": "condition", "target": "gob", "add": "shaken", "until": "end_of_turn"},
                 {"do": "condition", "target": "gob", "add": "dazzled", "until": {"rounds": 1}}))
    assert {"shaken", "dazzled"} <= set(doc["combatants"]["gob"]["conditions"])
    doc = ok(run({"do": "end_turn"}))  # the end of aria's turn ends shaken
    assert "shaken" not in doc["combatants"]["gob"]["conditions"] and "dazzled" in doc["combatants"]["gob"]["conditions"]
    doc = ok(run({"do": "end_turn"}))  # aria's next turn: one round has passed
    assert "dazzled" not in doc["combatants"]["gob"]["conditions"]


def test_condition_immunity_is_recorded_without_effect(run, log):
    ok(run(*duel(gob=stats(GOBLIN, condition_immunities=["stunned"]))))
    doc = ok(run({"do": "condition", "target": "gob", "add": "stunned"}))
    assert "stunned" not in doc["combatants"]["gob"]["conditions"]
    assert last(log, "Pf1ConditionApplied")["no_effect"] is True
    rejected(run({"do": "condition", "target": "gob", "add": "dying"}), "unknown pf1 condition")


def test_a_single_natural_attack_adds_one_and_a_half_strength(run):
    wolf = stats(GOBLIN, max_hp=20, abilities={**GOBLIN["abilities"], "str": 14},  # Str +2 -> x1.5 = 3
                 attacks=[{"id": "bite", "kind": "melee", "natural": True, "damage": [{"roll": "1d6", "type": "piercing"}]}])
    ok(run(*duel(gob=wolf, aria_init=5, gob_init=15)))
    # bite: BAB 1 + Str 2 + size 1 = +4; 15 + 4 = 19 vs flat-footed aria 18; 1d6 4 + 3 = 7 -> 15
    doc = ok(run({"do": "attack", "attacker": "gob", "target": "aria", "with": "bite", "dice": [15, 4]}))
    assert doc["combatants"]["aria"]["hp"] == 15


def test_tiny_creatures_use_dex_for_cmb(run):
    tiny = stats(GOBLIN, size="tiny", abilities={**GOBLIN["abilities"], "dex": 18})
    doc = ok(run(*duel(gob=tiny, start=False)))
    # PRD: BAB 1 + Dex 4 - 2 (special size, Tiny) = 3
    assert doc["combatants"]["gob"]["cmb"] == 3


def test_opposed_check(run, log):
    ok(run(*duel(start=False)))
    # aria Str +3 vs goblin Dex +2: 10 + 3 = 13 vs 11 + 2 = 13, tie: the higher bonus (+3) wins
    ok(run({"do": "check", "id": "aria", "ability": "str", "against": {"id": "gob", "ability": "dex"}, "dice": [10, 11]}))
    assert [e["success"] for e in events_of(log) if e["type"] == "Pf1CheckRolled"] == [True, False]


def test_malformed_attack_lists_and_readied_responses_are_refused_plainly(run):
    ok(run(*duel()))
    rejected(run({"do": "full_attack", "attacker": "aria", "attacks": [{"with": "longsword", "target": ["gob"]}]}), "target")
    rejected(run({"do": "full_attack", "attacker": "aria", "attacks": [{"five_foot_step": "north"}]}), "[x, y]")
    rejected(run({"do": "full_attack", "attacker": "aria", "attacks": [{"with": "longsword"}]}), "full_attack")
    ok(run({"do": "action", "id": "aria", "action": "ready", "trigger": "x", "response": {"do": "move", "path": [[0, "a"]]}}))
    ok(run({"do": "end_turn"}, {"do": "trigger", "id": "aria"}))
    rejected(run({"do": "react", "id": "aria", "with": "readied"}), "[x, y]")


# ----------------------------------------------------------------------------- more actions and damage rules
def test_cast_defensively_concentration(run, log):
    ok(run(*duel(aria=stats(ARIA, concentration=4))))
    # PRD Casting Defensively: DC 15 + 2 x 2 = 19; 14 + 4 = 18 fails: the spell is lost, no window
    doc = ok(run({"do": "action", "id": "aria", "action": "cast_spell", "spell_level": 2, "defensively": True, "dice": [14]}))
    assert last(log, "Pf1SpellLost")["id"] == "aria" and doc["window"] is None
    assert doc["combatants"]["aria"]["actions"]["standard"] == "cast_spell"


def test_use_object_provokes_unless_told_otherwise(run):
    ok(run(*duel(aria_init=10, gob_init=15), {"do": "end_turn"}))
    doc = ok(run({"do": "action", "id": "aria", "action": "use_object", "provokes": False}))
    assert doc["window"] is None
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "action", "id": "aria", "action": "use_object", "note": "potion"}))
    assert doc["window"]["reactors"] == ["gob"]


def test_draw_weapon_is_a_move_action_and_drop_prone_is_free(run):
    ok(run(*duel()))
    doc = ok(run({"do": "action", "id": "aria", "action": "draw_weapon"}, {"do": "drop_prone", "id": "aria"}))
    assert doc["combatants"]["aria"]["actions"]["move"] == "draw_weapon" and "prone" in doc["combatants"]["aria"]["conditions"]
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1]]}), "prone")
    # crawling: 1.5 m as a move action (the standard stands in for the second move)
    doc = ok(run({"do": "move", "id": "aria", "path": [[0, 1]], "mode": "crawl"}))
    assert doc["combatants"]["aria"]["position"] == [0, 1]
    rejected(run({"do": "end_turn"}, {"do": "end_turn"}, {"do": "move", "id": "aria", "path": [[0, 2], [0, 3]], "mode": "crawl"}),
             "crawling")


def test_total_defense_forbids_attacks_of_opportunity(run):
    ok(run(*duel(), {"do": "action", "id": "aria", "action": "total_defense"}, {"do": "end_turn"}))
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 0]]}))
    assert doc["window"] is None


def test_an_invisible_mover_provokes_nothing(run):
    ok(run(*duel(), {"do": "end_turn"}, {"do": "condition", "target": "gob", "add": "invisible"}))
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 0]]}))
    assert doc["window"] is None


def test_nonlethal_with_a_lethal_weapon(run, log):
    ok(run(*duel()))
    # -4: 12 + 6 - 4 = 14 vs 14 hits; 1d8 3 + 3 = 6 nonlethal: 6 = hp, staggered
    doc = ok(run(attack([12, 3], nonlethal=True)))
    assert last(log, "Pf1AttackRolled")["modifiers"] == [{"label": "nonlethal", "value": -4}]
    assert doc["combatants"]["gob"]["nonlethal"] == 6 and doc["combatants"]["gob"]["hp"] == 6
    assert "staggered" in doc["combatants"]["gob"]["conditions"]


def test_damage_with_a_save_for_half_and_a_critical_multiplier(run):
    ok(run(*duel(gob=stats(GOBLIN, max_hp=60), start=False)))
    # Ref save: 12 + Ref (0 + Dex 2) = 14 >= 13: half of 3d6 (4 + 5 + 6 = 15) = 7
    doc = ok(run({"do": "damage", "target": "gob", "roll": "3d6", "type": "fire", "save": {"ability": "ref", "dc": 13, "half": True},
                  "dice": [12, 4, 5, 6]}))
    assert doc["combatants"]["gob"]["hp"] == 53
    # critical x3: the whole roll three times: (2+1) + (3+1) + (4+1) = 12
    doc = ok(run({"do": "damage", "target": "gob", "roll": "1d6+1", "type": "piercing", "critical": True, "multiplier": 3,
                  "dice": [2, 3, 4]}))
    assert doc["combatants"]["gob"]["hp"] == 41
    rejected(run({"do": "damage", "target": "gob", "amount": 3, "type": "fire", "save": {"ability": "dex", "dc": 10}}),
             "ability")


def test_dr_with_two_qualities_needs_both(run):
    # DR 10/cold iron and good ("all": true): a cold iron weapon alone does not bypass it (PRD Damage Reduction)
    ok(run(*duel(gob=stats(GOBLIN, max_hp=60, dr=[{"amount": 10, "bypass": ["cold_iron", "good"], "all": True}]), start=False)))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 12, "type": "slashing", "weapon": True, "bypass": ["cold_iron"]}))
    assert doc["combatants"]["gob"]["hp"] == 58
    doc = ok(run({"do": "damage", "target": "gob", "amount": 12, "type": "slashing", "weapon": True,
                  "bypass": ["cold_iron", "good"]}))
    assert doc["combatants"]["gob"]["hp"] == 46


def test_dr_does_not_touch_energy_extra_damage(run):
    flaming = stats(ARIA, attacks=[{**LONGSWORD, "extra_damage": [{"roll": "1d6", "type": "fire"}]}])
    ok(run(*duel(aria=flaming, gob=stats(GOBLIN, max_hp=30, dr=[{"amount": 5, "bypass": []}]))))
    # 10 + 6 hits; slashing 1d8 4 + 3 = 7 - DR 5 = 2; fire 1d6 3 stays: 5 -> 25
    doc = ok(run(attack([10, 4, 3])))
    assert doc["combatants"]["gob"]["hp"] == 25


def test_a_save_ends_condition_rolls_at_the_end_of_its_turns(run):
    ok(run(*duel(), {"do": "condition", "target": "gob", "add": "shaken", "until": "save",
                     "save": {"ability": "will", "dc": 12}}, {"do": "end_turn"}))
    # the goblin's turn ends: Will -1 + Wis -1 = -2; 10 - 2 = 8 < 12 stays shaken; next time 14 - 2 = 12 ends it
    doc = ok(run({"do": "end_turn", "dice": [10]}))
    assert "shaken" in doc["combatants"]["gob"]["conditions"]
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn", "dice": [14]}))
    assert "shaken" not in doc["combatants"]["gob"]["conditions"]
    rejected(run({"do": "condition", "target": "gob", "add": "shaken", "until": "save", "save": {"ability": "wis", "dc": 12}}),
             "ability")


def test_a_charge_stops_at_the_first_square_from_which_it_can_attack(run):
    long_reach = stats(ARIA, reach=3)  # a natural reach of 3 m: it attacks at 1 or 2 squares
    ok(run(*duel(aria=long_reach, gob_at=(6, 0))))
    ok(run({"do": "action", "id": "aria", "action": "charge", "target": "gob"}))
    # [4,0] already reaches the goblin at [6,0]: going on to [5,0] is refused (PRD Charge)
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]}), "must stop at [4,0]")
    doc = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0], [4, 0]]}))
    assert doc["combatants"]["aria"]["position"] == [4, 0]
