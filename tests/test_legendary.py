"""Legendary actions and legendary resistance (INTERFACE.md §7). The seeds are silent on both: the rules are
SRD 5.1's ("Legendary Actions": only at the end of another creature's turn, one at a time, regained at the
start of its turn; "Legendary Resistance (3/Day)": a failed save becomes a success), as §7 settles them."""

import pytest

from resources_support import Fight, dragon_stats, of_type, pc_stats


def dragon_fight(tmp_path, ruleset="dnd5e-2014", **dragon) -> Fight:
    """aria (init 15), bruno (12), the adult red dragon (10; no lair here)."""
    fight = Fight(tmp_path / "legendary.db", ruleset)
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "bruno", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster",
              "stats": dragon_stats(lair_actions=False, **dragon)})
    for cid, value in (("aria", 15), ("bruno", 12), ("dragon", 10)):
        fight.do({"do": "initiative", "id": cid, "value": value})
    fight.do({"do": "start"})
    return fight


TAIL_ON_ARIA = {"do": "legendary", "id": "dragon", "action": "tail-attack", "target": "aria", "dice": [10, 3, 4]}


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "dnd5e-2024", "rolenplay"])
def test_a_legendary_action_is_refused_during_a_turn_and_taken_right_after_another_creatures_turn(tmp_path, ruleset):
    fight = dragon_fight(tmp_path, ruleset)
    # None before the first turn has ended (§7 settled details).
    fight.refused(TAIL_ON_ARIA, "dragon cannot take a legendary action now", "only between turns")
    fight.do({"do": "end_turn"})  # aria's turn ends: the gap before bruno's first command
    events = fight.do(TAIL_ON_ARIA)
    taken = of_type(events, "LegendaryActionTaken")[0]
    assert (taken["action"], taken["cost"], taken["left"], taken["after"]) == ("tail-attack", 1, 2, "aria")
    attack = of_type(events, "AttackRolled")[0]
    assert (attack["total"], attack["hit"], attack["slot"]) == (24, True, "legendary")  # d20 10 + 14 against AC 15
    assert fight.creature("aria")["hp"] == 60 - (3 + 4 + 8)  # tail 2d8+8
    assert fight.creature("dragon")["legendary_actions"] == {"max": 3, "left": 2}
    assert fight.creature("bruno")["economy"]["action"] is None  # nobody's turn economy was touched


def test_one_legendary_action_per_creature_per_gap_and_the_dms_commands_keep_the_gap_open(tmp_path):
    fight = dragon_fight(tmp_path)
    fight.do({"do": "end_turn"})
    fight.do({"do": "damage", "target": "bruno", "amount": 3, "type": "fire"})  # the DM's command: still the gap
    fight.do(TAIL_ON_ARIA)
    fight.refused({**TAIL_ON_ARIA, "dice": [10, 1, 1]}, "already taken a legendary action since aria's turn ended")
    fight.do({"do": "action", "id": "bruno", "action": "dodge"})  # bruno's first command closes the gap
    fight.refused({**TAIL_ON_ARIA, "dice": [10, 1, 1]}, "only between turns", "bruno's turn")


def test_a_legendary_action_is_refused_right_after_the_creatures_own_turn(tmp_path):
    fight = dragon_fight(tmp_path)
    for _ in range(3):
        fight.do({"do": "end_turn"})  # aria, bruno, then the dragon's own turn ends
    assert fight.state()["turn"] == "aria"
    fight.refused(TAIL_ON_ARIA, "its own turn just ended")


def test_the_actions_come_back_at_the_creatures_own_turn_after_it_acted_in_the_gap_before_it(tmp_path):
    fight = dragon_fight(tmp_path)
    fight.do({"do": "end_turn"})
    fight.do(TAIL_ON_ARIA)  # 3 -> 2
    fight.do({"do": "end_turn"})  # bruno's turn ends: the dragon's turn is next, and the gap is open
    # Wing attack (cost 2): aria's save 5 + 2 = 7 fails against DC 22, bruno's 20 + 2 = 22 succeeds and takes
    # nothing (no half); 2d6+8 = 6 + 6 + 8 = 20.
    events = fight.do({"do": "legendary", "id": "dragon", "action": "wing-attack", "targets": ["aria", "bruno"],
                       "dice": [5, 20, 6, 6]})
    assert [(s["id"], s["success"]) for s in of_type(events, "SavingThrowRolled")] == [("aria", False), ("bruno", True)]
    assert fight.creature("aria")["hp"] == 45 - 20
    assert fight.creature("bruno")["hp"] == 60
    assert fight.creature("dragon")["legendary_actions"] == {"max": 3, "left": 0}  # it acted before they came back
    events = fight.do({"do": "attack", "attacker": "dragon", "target": "aria", "with": "claw", "dice": [1]})
    assert [(r["id"], r["restored"]) for r in of_type(events, "LegendaryActionsRestored")] == [("dragon", 3)]
    assert fight.creature("dragon")["legendary_actions"] == {"max": 3, "left": 3}


def test_a_legendary_action_costing_more_than_is_left_is_refused(tmp_path):
    fight = dragon_fight(tmp_path, legendary_actions=1)
    fight.do({"do": "end_turn"})
    fight.refused({"do": "legendary", "id": "dragon", "action": "wing-attack", "targets": ["aria"]},
                  "it costs 2 legendary actions and 1 is left")
    fight.refused({"do": "legendary", "id": "dragon", "action": "fly"}, "no legendary action 'fly'",
                  "detect, tail-attack, wing-attack")
    fight.refused({"do": "legendary", "id": "aria", "action": "detect"}, "aria has no legendary actions")
    events = fight.do({"do": "legendary", "id": "dragon", "action": "detect"})  # the DM resolves it with `check`
    assert of_type(events, "LegendaryActionTaken")[0]["left"] == 0
    fight.do({"do": "check", "id": "dragon", "skill": "perception", "dice": [12]})


def test_undo_of_a_legendary_action_gives_it_back_and_reopens_the_gap(tmp_path):
    fight = dragon_fight(tmp_path)
    fight.do({"do": "end_turn"})
    before = fight.state()
    fight.do(TAIL_ON_ARIA)
    fight.enc.undo()
    assert {**fight.state(), "seq": None} == {**before, "seq": None}
    fight.do(TAIL_ON_ARIA)  # still in the gap
    assert fight.creature("dragon")["legendary_actions"]["left"] == 2


# --------------------------------------------------------------------------------------- legendary resistance
def test_legendary_resistance_turns_a_failed_save_into_a_success(tmp_path):
    fight = dragon_fight(tmp_path)
    # Wisdom save DC 18: d20 3 + Wis 1 + proficiency 6 = 10, a failure; one legendary resistance makes it a success.
    events = fight.do({"do": "save", "id": "dragon", "ability": "wis", "dc": 18, "legendary_resistance": ["dragon"],
                       "dice": [3]})
    assert (of_type(events, "SavingThrowRolled")[0]["total"], of_type(events, "SavingThrowRolled")[0]["success"]) == (10, False)
    assert of_type(events, "LegendaryResistanceUsed")[0]["left"] == 2
    assert fight.creature("dragon")["legendary_resistance"] == {"max": 3, "left": 2}
    # A save that succeeds on its own spends nothing: 15 + 7 = 22.
    events = fight.do({"do": "save", "id": "dragon", "ability": "wis", "dc": 18, "legendary_resistance": ["dragon"],
                       "dice": [15]})
    assert of_type(events, "LegendaryResistanceUsed") == []


def test_legendary_resistance_on_damage_with_a_save_halves_the_damage(tmp_path):
    fight = dragon_fight(tmp_path)
    # Dexterity save DC 20: 4 + 0 + 6 = 10 fails; resisted, it succeeds: 40 cold halved to 20.
    fight.do({"do": "damage", "targets": ["dragon", "aria"], "amount": 40, "type": "cold",
              "save": {"ability": "dex", "dc": 20}, "legendary_resistance": ["dragon"], "dice": [4, 4]})
    assert fight.creature("dragon")["hp"] == 256 - 20
    assert fight.creature("aria")["hp"] == 60 - 40  # aria listed nobody: 4 + 2 = 6 fails
    fight.refused({"do": "damage", "target": "aria", "amount": 4, "type": "cold", "save": {"ability": "dex", "dc": 20},
                   "legendary_resistance": ["dragon"]}, "dragon is listed under `legendary_resistance`")
    fight.refused({"do": "save", "id": "aria", "ability": "dex", "dc": 20, "legendary_resistance": ["aria"]},
                  "aria has no legendary resistance")


def test_with_no_legendary_resistance_left_the_failed_save_stands(tmp_path):
    fight = dragon_fight(tmp_path, legendary_resistance=1)
    save = {"do": "save", "id": "dragon", "ability": "con", "dc": 25, "legendary_resistance": ["dragon"], "dice": [2]}
    fight.do(save)  # 2 + 7 + 6 = 15 fails: the only resistance is spent
    events = fight.do(save)
    assert of_type(events, "LegendaryResistanceUsed") == []
    assert of_type(events, "LegendaryResistanceSpentOut")[0]["id"] == "dragon"
    assert fight.creature("dragon")["legendary_resistance"] == {"max": 1, "left": 0}


def test_legendary_resistance_on_the_save_that_ends_a_condition(tmp_path):
    fight = dragon_fight(tmp_path)
    fight.do({"do": "condition", "target": "dragon", "add": "frightened", "source": "aria",
              "save": {"ability": "wis", "dc": 25}, "legendary_resistance": ["dragon"]})
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    # At the end of the dragon's turn: 2 + 7 = 9 fails against DC 25; a legendary resistance ends the condition.
    events = fight.do({"do": "end_turn", "dice": [2]})
    assert of_type(events, "LegendaryResistanceUsed")[0]["dc"] == 25
    assert "frightened" not in fight.creature("dragon")["conditions"]


def test_a_legendary_attack_before_a_dying_creatures_turn_leaves_its_death_save_due_after_a_reaction(tmp_path):
    fight = Fight(tmp_path / "dying.db", "dnd5e-2014")
    shield = [{"id": "shield", "on": "hit", "ac_bonus": 5, "until": "start_of_turn"}]
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats(reactions=shield)})
    fight.do({"do": "add", "id": "bruno", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats(lair_actions=False)})
    for cid, value in (("aria", 15), ("bruno", 12), ("dragon", 10)):
        fight.do({"do": "initiative", "id": cid, "value": value})
    fight.do({"do": "start"})
    fight.do({"do": "damage", "target": "bruno", "amount": 60, "type": "cold"})
    fight.do({"do": "end_turn"})  # bruno's turn starts with its death save due
    assert fight.state()["phase"] == "death_save"
    # Tail: 10 + 14 = 24 hits AC 15; aria's Shield makes it AC 20, still a hit: 2d8+8 = 3 + 4 + 8 = 15.
    fight.do({"do": "legendary", "id": "dragon", "action": "tail-attack", "target": "aria", "dice": [10, 3, 4]})
    assert fight.state()["phase"] == "reaction"
    fight.do({"do": "react", "id": "aria", "with": "shield"})
    assert fight.state()["phase"] == "death_save"
    assert fight.creature("aria")["hp"] == 45
    fight.do({"do": "death_save", "id": "bruno", "dice": [15]})
    assert fight.creature("bruno")["death_saves"]["successes"] == 1
