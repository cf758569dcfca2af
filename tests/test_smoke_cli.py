"""End to end through the CLI: create, add, initiative, start, attack, and the state document."""


def test_a_hit_with_supplied_dice_reduces_the_goblin_hp(run):
    result = run(
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
        {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
        {"do": "initiative", "id": "aria", "dice": [15]},
        {"do": "initiative", "id": "gob1", "dice": [3]},
        {"do": "start"},
        # longsword +7 vs goblin AC 15: 9 + 7 = 16 hits; 1d8+4 with a 2 = 6 damage; goblin 7 HP -> 1
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [9, 2]},
    )
    assert result.code == 0, result.err
    state = result.state
    assert state["phase"] == "turn" and state["turn"] == "aria" and state["round"] == 1
    assert state["order"] == ["aria", "gob1"]
    assert state["combatants"]["gob1"]["hp"] == 1


def test_a_rejected_line_names_its_number_and_appends_nothing(run, log):
    first = run(
        {"do": "create", "ruleset": "dnd5e-2014", "seed": 1},
        {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
    )
    assert first.code == 0
    before = first.state["seq"]
    second = run({"do": "heal", "target": "nobody", "amount": 3})
    assert second.code == 2
    assert second.err.startswith("line 1: ")
    assert "nobody" in second.err
    assert second.state["seq"] == before
