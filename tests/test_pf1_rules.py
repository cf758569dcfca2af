"""pf1 rules through the CLI: stat block, initiative, surprise, flat-footed, the action economy, attacks.

Every number is worked by hand from seed 004 (French headings) or the PRD (cited "PRD Section")."""

from pf1_support import ARIA, GOBLIN, duel, stats
from support import last, ok, rejected


# ----------------------------------------------------------------------------- stat block (seed DEF, BBA, Sauvegarde)
def test_stat_block_ac_touch_flat_footed_cmb_cmd_saves(run):
    doc = ok(run(*duel(start=False)))
    aria = doc["combatants"]["aria"]
    # seed DEF: 10 + 6 + 2 + Dex 2 (max_dex 3) + dodge 1 = 21; touch drops armour and shield: 13;
    # flat-footed drops Dex and dodge: 18.
    assert (aria["ac"], aria["touch_ac"], aria["flat_footed_ac"]) == (21, 13, 18)
    # PRD Combat Maneuvers: CMB 3 + 3 = 6; CMD 10 + 3 + 3 + 2 + dodge 1 = 19.
    assert (aria["cmb"], aria["cmd"]) == (6, 19)
    # seed Sauvegarde: Fort 3 + Con 2, Ref 1 + Dex 2, Will 1 + Wis 1.
    assert aria["saves"] == {"fort": 5, "ref": 3, "will": 2}
    # seed Points de vie: Con 14 > 10, dead at -14.
    assert aria["dies_at"] == -14 and aria["status"] == "alive"
    gob = doc["combatants"]["gob"]
    # seed BBA table: Small +1 AC; CMB 1 + 0 - 1 = 0; CMD 10 + 1 + 0 + 2 - 1 = 12; dead at -12 (Con 12).
    assert (gob["ac"], gob["touch_ac"], gob["flat_footed_ac"], gob["cmb"], gob["cmd"], gob["dies_at"]) == (16, 13, 14, 0, 12, -12)


def test_max_dex_caps_the_dex_bonus(run):
    # Dex 18 (+4) in armour with max_dex 1: AC 10 + 1 = 11, flat-footed 10 (seed DEF: armour limits Dex).
    block = stats(ARIA, abilities={**ARIA["abilities"], "dex": 18}, ac={"max_dex": 1})
    doc = ok(run(*duel(aria=block, start=False)))
    assert (doc["combatants"]["aria"]["ac"], doc["combatants"]["aria"]["flat_footed_ac"]) == (11, 10)


def test_negative_dex_stays_when_flat_footed(run):
    # seed DEF "si celui-ci est positif": Dex 8 (-1): AC 9, flat-footed still 9.
    block = stats(ARIA, abilities={**ARIA["abilities"], "dex": 8}, ac={})
    doc = ok(run(*duel(aria=block, start=False)))
    assert (doc["combatants"]["aria"]["ac"], doc["combatants"]["aria"]["flat_footed_ac"]) == (9, 9)


def test_five_e_keys_and_bare_ac_are_refused_by_name(run):
    rejected(run({"do": "create", "ruleset": "pf1"},
                 {"do": "add", "id": "x", "side": "a", "stats": stats(ARIA, resistances=["fire"])}),
             "resistances", "energy_resistance")
    rejected(run({"do": "add", "id": "x", "side": "a", "stats": stats(ARIA, ac=15)}), "'ac' is an object")
    rejected(run({"do": "add", "id": "x", "side": "a", "stats": stats(ARIA, flying=True)}), "flying")


def test_advantage_is_refused_under_pf1(run):
    ok(run(*duel()))
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "advantage": True}),
             "advantage")


# ----------------------------------------------------------------------------- initiative (seed Initiative)
def test_initiative_is_d20_plus_dex_modifier(run, log):
    doc = ok(run(*duel(start=False)[:3], {"do": "initiative", "id": "aria", "dice": [12]}))
    # seed Initiative: 12 + Dex 2 = 14
    assert doc["combatants"]["aria"]["initiative"] == 14
    assert last(log, "Pf1InitiativeRolled")["faces"] == [12]


def test_initiative_total_and_tie_on_modifier(run, log):
    commands = duel(start=False)[:3] + [
        {"do": "initiative", "id": "aria", "dice": [12]},
        {"do": "initiative", "id": "gob", "dice": [12]},
    ]
    doc = ok(run(*commands))
    # both 12 + 2 = 14 with the same modifier +2: start names the tie (seed: "si cela ne suffit pas… nouveau jet")
    assert doc["combatants"]["aria"]["initiative"] == 14 and doc["combatants"]["gob"]["initiative"] == 14
    rejected(run({"do": "start"}), "aria", "gob", "roll_off")
    # roll_off: aria 8, gob 12 -> gob acts first
    doc = ok(run({"do": "roll_off", "ids": ["aria", "gob"], "dice": [8, 12]}, {"do": "start"}))
    assert doc["order"] == ["gob", "aria"] and doc["turn"] == "gob"


def test_initiative_tie_goes_to_the_higher_modifier(run):
    # Both total 14; aria's initiative_bonus +6 (Improved Initiative) beats the goblin's +2 (seed Initiative).
    block = stats(ARIA, initiative_bonus=6)
    doc = ok(run(*duel(aria=block, aria_init=14, gob_init=14)))
    assert doc["order"] == ["aria", "gob"]
    assert doc["combatants"]["aria"]["initiative_modifier"] == 6


def test_roll_off_rerolls_those_still_tied(run):
    commands = duel(start=False)[:3] + [{"do": "initiative", "id": "aria", "value": 14},
                                        {"do": "initiative", "id": "gob", "value": 14}]
    # first round 9/9 still tied, second round aria 3, gob 17 -> gob first
    doc = ok(run(*commands, {"do": "roll_off", "ids": ["aria", "gob"], "dice": [9, 9, 3, 17]}, {"do": "start"}))
    assert doc["order"] == ["gob", "aria"]


# ----------------------------------------------------------------------------- surprise and flat-footed
def test_surprise_round_restricted_and_surprised_skipped(run):
    commands = duel(start=False) + [{"do": "surprise", "ids": ["gob"]}, {"do": "start"}]
    doc = ok(run(*commands))
    # seed Surprise: some but not all surprised -> round 0; the goblin does not act, everyone flat-footed.
    assert doc["round"] == 0 and doc["surprise_round"] is True and doc["turn"] == "aria"
    assert doc["combatants"]["aria"]["actions"]["restricted"] is True
    assert doc["combatants"]["gob"]["flat_footed"] is True and "surprised" in doc["combatants"]["gob"]["conditions"]
    # one standard OR move action: a move then an attack is refused
    ok(run({"do": "move", "id": "aria", "path": [[0, 1]]}))
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [10]}),
             "only one standard or move action")
    doc = ok(run({"do": "end_turn"}))
    # the goblin's surprise-round turn is skipped: round 1 starts with aria again, surprise cleared
    assert doc["round"] == 1 and doc["turn"] == "aria" and doc["surprise_round"] is False
    assert doc["combatants"]["gob"]["surprised"] is False
    # still flat-footed: it has not had a turn yet (seed Pris au dépourvu)
    assert doc["combatants"]["gob"]["flat_footed"] is True


def test_everyone_flat_footed_until_its_first_turn(run, log):
    doc = ok(run(*duel()))
    assert doc["combatants"]["aria"]["flat_footed"] is False  # its turn began
    assert doc["combatants"]["gob"]["flat_footed"] is True
    # aria hits the flat-footed goblin: AC 14 (16 - Dex 2); d20 8 + 6 = 14 hits; 1d8 3 + Str 3 = 6 -> 0 hp, disabled
    doc = ok(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [8, 3]}))
    attack = last(log, "Pf1AttackRolled")
    assert (attack["ac"], attack["ac_kind"], attack["total"], attack["hit"]) == (14, "flat_footed", 14, True)
    assert doc["combatants"]["gob"]["hp"] == 0 and doc["combatants"]["gob"]["status"] == "disabled"
    assert "staggered" in doc["combatants"]["gob"]["conditions"]


def test_uncanny_dodge_is_never_flat_footed(run):
    doc = ok(run(*duel(gob=stats(GOBLIN, uncanny_dodge=True))))
    assert doc["combatants"]["gob"]["flat_footed"] is False


def test_no_surprise_round_when_everyone_is_surprised(run):
    doc = ok(run(*duel(start=False), {"do": "surprise", "ids": ["aria", "gob"]}, {"do": "start"}))
    assert doc["round"] == 1 and doc["surprise_round"] is False


# ----------------------------------------------------------------------------- action economy (PRD Action Types)
def test_two_moves_use_the_standard_then_attack_is_refused(run):
    ok(run(*duel(gob_at=(5, 5))))
    ok(run({"do": "move", "id": "aria", "path": [[0, 1]]}, {"do": "move", "id": "aria", "path": [[0, 2]]}))
    rejected(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "shortbow", "dice": [10, 1]}),
             "standard action was already spent", "move")


def test_double_move_spends_move_and_standard(run):
    ok(run(*duel(gob_at=(9, 9))))
    # speed 6 m = 4 squares; 6 squares east = 9 m: a double move (seed Vitesse, double mouvement)
    doc = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]}))
    actions = doc["combatants"]["aria"]["actions"]
    assert (actions["move"], actions["standard"]) == ("move", "move")
    # 9 squares = 13.5 m > 12 m: refused, said in feet in an English encounter (13.5 m = 45 ft, 12 m = 40 ft)
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    rejected(run({"do": "move", "id": "aria", "path": [[6, i] for i in range(1, 10)]}), "45 ft needed",
             "a double move allows 40 ft")


def test_diagonals_alternate_one_and_two(run):
    ok(run(*duel(gob_at=(9, 9))))
    # 3 diagonals cost 1 + 2 + 1 = 4 squares = 6 m: one move action (PRD Measuring Distance)
    doc = ok(run({"do": "move", "id": "aria", "path": [[1, 1], [2, 2], [3, 3]]}))
    assert doc["combatants"]["aria"]["actions"]["standard"] is None
    # a 4th diagonal would make 6 squares (9 m): that is a second move action, taking the standard
    doc = ok(run({"do": "move", "id": "aria", "path": [[4, 4]]}))
    assert doc["combatants"]["aria"]["actions"]["standard"] == "move"


def test_five_foot_step_rules(run):
    ok(run(*duel()))
    # PRD 5-Foot Step: no action, never provokes; then no other movement that turn
    doc = ok(run({"do": "move", "id": "aria", "path": [[0, 1]], "five_foot_step": True}))
    assert doc["combatants"]["aria"]["actions"]["five_foot_step"] is True
    assert doc["combatants"]["aria"]["actions"]["move"] is None and doc["window"] is None
    rejected(run({"do": "move", "id": "aria", "path": [[0, 2]]}), "5-foot step")
    rejected(run({"do": "move", "id": "aria", "path": [[0, 2]], "five_foot_step": True}), "already took its 5-foot step")


def test_full_attack_refused_after_moving(run):
    ok(run(*duel(gob_at=(2, 0))))
    ok(run({"do": "move", "id": "aria", "path": [[1, 0]]}))
    rejected(run({"do": "full_attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [1]}),
             "already moved")


def test_total_defense_and_fighting_defensively(run):
    ok(run(*duel(gob_at=(5, 5))))
    doc = ok(run({"do": "action", "id": "aria", "action": "total_defense"}))
    # PRD Total Defense: +4 dodge -> 25
    assert doc["combatants"]["aria"]["ac"] == 25 and "total_defense" in doc["combatants"]["aria"]["effects"]
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # ends at the start of its next turn
    assert doc["combatants"]["aria"]["ac"] == 21


def test_fighting_defensively_minus_four_plus_two(run):
    ok(run(*duel()))
    # d20 12 + 6 - 4 = 14 vs flat-footed goblin 14: hits; 1d8 1 + 3 = 4
    doc = ok(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "fight_defensively": True,
                  "dice": [12, 1]}))
    assert doc["combatants"]["aria"]["ac"] == 23  # +2 dodge (PRD Fighting Defensively)
    assert doc["combatants"]["gob"]["hp"] == 2


def test_charge_plus_two_minus_two_ac(run):
    ok(run(*duel(gob_at=(4, 0))))
    ok(run({"do": "action", "id": "aria", "action": "charge", "target": "gob"}))
    ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0]]}))
    # d20 6 + 6 + 2 (charge) = 14 vs flat-footed goblin 14: hit; 1d8 2 + 3 = 5 -> 1 hp
    doc = ok(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [6, 2]}))
    assert doc["combatants"]["gob"]["hp"] == 1
    assert doc["combatants"]["aria"]["ac"] == 19  # -2 AC until its next turn (PRD Charge)
    assert doc["combatants"]["aria"]["actions"]["full_round"] == "charge"


def test_charge_must_close_in_every_step(run):
    ok(run(*duel(gob_at=(4, 0))))
    ok(run({"do": "action", "id": "aria", "action": "charge", "target": "gob"}))
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1], [1, 1], [2, 1], [3, 1]]}), "closer")


def test_roll_off_rounds_follow_the_ids_order(run, log):
    third = {"do": "add", "id": "cid", "side": "monsters", "stats": GOBLIN, "at": [5, 5]}
    commands = duel(start=False, extra=[third])[:4] + [{"do": "initiative", "id": i, "value": 14} for i in ("aria", "gob", "cid")]
    # round 1: aria 7, gob 7, cid 9 -> cid first; aria and gob still tied roll again: aria 12, gob 4
    doc = ok(run(*commands, {"do": "roll_off", "ids": ["aria", "gob", "cid"], "dice": [7, 7, 9, 12, 4]}, {"do": "start"}))
    assert doc["order"] == ["cid", "aria", "gob"]
    assert last(log, "Pf1RolledOff")["rounds"] == [[7, 7, 9], [12, 4]]


def test_order_settles_only_the_listed_tie(run):
    extra = [{"do": "add", "id": i, "side": "monsters", "stats": GOBLIN, "at": [5, n]} for n, i in enumerate(("cid", "dan"))]
    commands = duel(start=False, extra=extra)[:5] + [{"do": "initiative", "id": i, "value": v}
                                                    for i, v in (("aria", 14), ("gob", 14), ("cid", 9), ("dan", 9))]
    ok(run(*commands, {"do": "order", "ids": ["gob", "aria"]}))
    rejected(run({"do": "start"}), "cid, dan")
    doc = ok(run({"do": "order", "ids": ["dan", "cid"]}, {"do": "start"}))
    assert doc["order"] == ["gob", "aria", "dan", "cid"]


def test_a_group_rolls_initiative_once(run, log):
    goblins = [{"do": "add", "id": f"g{n}", "side": "monsters", "stats": GOBLIN, "group": "goblins", "at": [5, n]}
               for n in (1, 2)]
    doc = ok(run({"do": "create", "ruleset": "pf1"}, *goblins, {"do": "initiative", "id": "goblins", "dice": [11]}))
    # one d20 for the group: 11 + Dex 2 = 13 for both; they keep the order they joined in, no tie to settle
    assert doc["combatants"]["g1"]["initiative"] == doc["combatants"]["g2"]["initiative"] == 13
    assert last(log, "Pf1InitiativeRolled")["ids"] == ["g1", "g2"]
    assert ok(run({"do": "start"}))["order"] == ["g1", "g2"]


def test_temporary_hp_go_first(run):
    ok(run(*duel(start=False), {"do": "temp_hp", "target": "gob", "amount": 4}))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 6, "type": "slashing"}))
    assert (doc["combatants"]["gob"]["temp_hp"], doc["combatants"]["gob"]["hp"]) == (0, 4)
    doc = ok(run({"do": "temp_hp", "target": "gob", "amount": 3}, {"do": "temp_hp", "target": "gob", "amount": 2}))
    assert doc["combatants"]["gob"]["temp_hp"] == 3  # the higher is kept


def test_place_remove_and_occupied_squares(run):
    ok(run(*duel()))
    rejected(run({"do": "place", "id": "gob", "at": [0, 0]}), "occupied by aria")
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}), "gob")
    rejected(run({"do": "remove", "id": "aria"}), "own turn")
    doc = ok(run({"do": "remove", "id": "gob"}))
    assert "gob" not in doc["combatants"] and doc["order"] == ["aria"]


def test_checks_use_the_skill_total_or_the_ability_modifier(run, log):
    ok(run(*duel(start=False)))
    ok(run({"do": "check", "id": "aria", "skill": "heal", "ability": "wis", "dc": 15, "dice": [10]}))
    assert (last(log, "Pf1CheckRolled")["total"], last(log, "Pf1CheckRolled")["success"]) == (15, True)  # 10 + heal 5
    ok(run({"do": "check", "id": "aria", "ability": "str", "dice": [10]}))
    assert last(log, "Pf1CheckRolled")["total"] == 13
    rejected(run({"do": "check", "id": "aria", "skill": "juggling", "dice": [10]}), "juggling")
