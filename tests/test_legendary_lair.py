"""The lair turn (INTERFACE.md §7). The seeds are silent: SRD 5.1's legendary creatures act in their lair "on
initiative count 20 (losing initiative ties)"; SRD 5.2 has no such turn, so dnd5e-2024 refuses `lair_actions`."""

import pytest

from resources_support import Fight, dragon_stats, of_type, pc_stats


def lair_fight(tmp_path, ruleset, initiatives) -> Fight:
    fight = Fight(tmp_path / "lair.db", ruleset)
    for cid in initiatives:
        if cid == "dragon":
            fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats()})
        else:
            fight.do({"do": "add", "id": cid, "side": "party", "kind": "pc", "stats": pc_stats()})
    for cid, value in initiatives.items():
        fight.do({"do": "initiative", "id": cid, "value": value})
    return fight


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "rolenplay"])
def test_the_lair_acts_on_initiative_20_after_every_combatant_with_20_or_more(tmp_path, ruleset):
    fight = lair_fight(tmp_path, ruleset, {"aria": 20, "bruno": 19, "carl": 22, "dragon": 12})
    assert fight.state()["order"] == ["carl", "aria", "lair", "bruno", "dragon"]


def test_the_lair_loses_a_tie_at_20_even_after_the_dm_orders_the_tied_creatures(tmp_path):
    fight = lair_fight(tmp_path, "dnd5e-2014", {"aria": 20, "bruno": 20, "dragon": 5})
    fight.do({"do": "order", "ids": ["bruno", "aria"]})
    assert fight.state()["order"] == ["bruno", "aria", "lair", "dragon"]
    fight.do({"do": "start"})
    assert fight.state()["order"] == ["bruno", "aria", "lair", "dragon"]


def test_in_the_lair_turn_the_dms_commands_act_for_the_lair_and_end_turn_ends_it(tmp_path):
    fight = lair_fight(tmp_path, "dnd5e-2014", {"aria": 20, "bruno": 15, "dragon": 10})
    fight.do({"do": "start"})
    fight.do({"do": "end_turn"})
    state = fight.state()
    assert (state["turn"], state["phase"], "lair" in state["order"]) == ("lair", "turn", True)
    # A lair action: magma erupts, DC 15 Dexterity save, 3d6 fire: 9 + 2 = 11 fails; 4 + 5 + 6 = 15.
    fight.do({"do": "damage", "target": "bruno", "roll": "3d6", "type": "fire", "save": {"ability": "dex", "dc": 15},
              "dice": [9, 4, 5, 6]})
    assert fight.creature("bruno")["hp"] == 60 - 15
    fight.refused({"do": "attack", "attacker": "dragon", "target": "aria", "with": "claw"}, "dragon")
    events = fight.do({"do": "end_turn"})
    assert of_type(events, "TurnEnded")[0]["id"] == "lair"
    assert fight.state()["turn"] == "bruno"
    for _ in range(2):
        fight.do({"do": "end_turn"})
    assert (fight.state()["round"], fight.state()["turn"]) == (2, "aria")


def test_the_lair_turn_is_skipped_once_its_creature_is_dead(tmp_path):
    fight = lair_fight(tmp_path, "dnd5e-2014", {"aria": 20, "dragon": 10})
    fight.do({"do": "start"})
    fight.do({"do": "damage", "target": "dragon", "amount": 300, "type": "cold"})
    events = fight.do({"do": "end_turn"})
    assert [(e["id"], e["reason"]) for e in of_type(events, "TurnSkipped")][0] == ("lair", "dead")


def test_dnd5e_2024_refuses_lair_actions_with_the_reason(tmp_path):
    fight = Fight(tmp_path / "lair.db", "dnd5e-2024")
    text = fight.refused({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats()},
                         "dragon cannot have `lair_actions` in dnd5e-2024", "SRD 5.2 has no lair actions on initiative 20")
    assert text


def test_the_status_table_and_the_log_name_the_lair_in_both_languages(tmp_path):
    from combatlog.projections.table import render_table

    fight = lair_fight(tmp_path, "dnd5e-2014", {"aria": 21, "dragon": 10})
    fight.do({"do": "start"})
    fight.do({"do": "end_turn"})
    assert "the lair" in render_table(fight.state(), "en")
    assert "l'antre" in render_table(fight.state(), "fr")
    for lang in ("fr", "en"):
        assert fight.enc.transcript(format="md", lang=lang)
