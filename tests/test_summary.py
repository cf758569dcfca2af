"""After the fight (INTERFACE.md §5): the summary of a short fight, every number worked by hand from the dice typed.

The fight (D&D 2024, seed 11): Aria (fighter: longsword +7, 1d8+4) and Brom (cleric, Wis 17: spell DC 14, Sacred Flame
and Cure Wounds) against two goblins (AC 15, 7 HP, Dex +2; scimitar +4, 1d6+2). Order: Aria 16, gob1 13, gob2 12,
Brom 9.

Round 1
- Aria hits gob1 (15 + 7 = 22 against AC 15) for 5 + 4 = 9: gob1 (7 HP) dies. Aria's second attack misses gob2
  (3 + 7 = 10).
- gob1 is dead; gob2 rolls a natural 20 against Aria: a critical, 4 + 3 + 2 = 9 (Aria 44 -> 35).
- Brom's Sacred Flame: gob2's Dex save 5 + 2 = 7 fails against DC 14; 6 radiant (gob2 7 -> 1).
Round 2
- Aria attacks gob2 and rolls a natural 1; the DM undoes it (it counts for nothing).
- A trap (the DM's `damage`, no one's): 2d6 fire, Dex DC 12 for half; Aria saves (15 + 2 = 17), takes (4 + 2) / 2 = 3.
- Aria hits gob2 (12 + 7 = 19) for 1 + 4 = 5: gob2 dies.
- Brom casts Cure Wounds on Aria: 3 + 4 + 3 = 10 healed (32 -> 42).

So Aria dealt 9 + 5 = 14 and took 9 + 3 = 12, 2 hits, 1 miss, 2 kills, 1 save made; Brom dealt 6 and healed 10;
gob1 took 9; gob2 dealt 9 (1 hit, a crit), took 6 + 5 = 11 and failed 1 save.
"""

import json
import warnings

import pytest

import combatlog
from combatlog.cli.main import main as cli_main
from combatlog.projections.summary import FIGURES

FIGHT = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 11, "lang": "en", "name": "Bridge"},
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "brom", "name": "Brom", "side": "party", "kind": "pc", "template": "cleric", "at": [2, 3],
     "overrides": {"spellcasting": {"ability": "wis", "slots": {"1": 2}, "spells": ["cure-wounds", "sacred-flame"]}}},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "at": [3, 3]},
    {"do": "initiative", "id": "aria", "dice": [14]},
    {"do": "initiative", "id": "brom", "dice": [9]},
    {"do": "initiative", "id": "gob1", "dice": [11]},
    {"do": "initiative", "id": "gob2", "dice": [10]},
    {"do": "start"},
    # round 1
    {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 5]},
    {"do": "attack", "attacker": "aria", "target": "gob2", "with": "longsword", "dice": [3]},
    {"do": "end_turn"},
    {"do": "attack", "attacker": "gob2", "target": "aria", "with": "scimitar", "dice": [20, 4, 3]},
    {"do": "end_turn"},
    {"do": "cast", "caster": "brom", "spell": "sacred-flame", "targets": ["gob2"], "dice": [5, 6]},
    {"do": "end_turn"},
    # round 2
    {"do": "attack", "attacker": "aria", "target": "gob2", "with": "longsword", "dice": [1]},
    {"do": "undo"},
    {"do": "damage", "target": "aria", "roll": "2d6", "type": "fire", "save": {"ability": "dex", "dc": 12, "half": True},
     "dice": [15, 4, 2]},
    {"do": "attack", "attacker": "aria", "target": "gob2", "with": "longsword", "dice": [12, 1]},
    {"do": "end_turn"},
    {"do": "cast", "caster": "brom", "spell": "cure-wounds", "targets": ["aria"], "dice": [3, 4]},
]


def figures(**given) -> dict[str, int]:
    return {name: given.get(name, 0) for name in FIGURES}


EXPECTED = {
    "aria": {"totals": figures(damage_dealt=14, damage_taken=12, healing_received=10, hits=2, misses=1, kills=2,
                               saves_made=1),
             "rounds": {"1": figures(damage_dealt=9, damage_taken=9, hits=1, misses=1, kills=1),
                        "2": figures(damage_dealt=5, damage_taken=3, healing_received=10, hits=1, kills=1,
                                     saves_made=1)}},
    "brom": {"totals": figures(damage_dealt=6, healing_done=10),
             "rounds": {"1": figures(damage_dealt=6), "2": figures(healing_done=10)}},
    "gob1": {"totals": figures(damage_taken=9), "rounds": {"1": figures(damage_taken=9)}},
    "gob2": {"totals": figures(damage_dealt=9, damage_taken=11, hits=1, crits=1, saves_failed=1),
             "rounds": {"1": figures(damage_dealt=9, damage_taken=6, hits=1, crits=1, saves_failed=1),
                        "2": figures(damage_taken=5)}},
}


@pytest.fixture
def fight(tmp_path):
    path = tmp_path / "fight.db"
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        for command in FIGHT:
            encounter.execute(command)
        yield path, encounter


def test_the_fight_went_as_the_dice_say(fight):
    _, encounter = fight
    state = encounter.state()
    assert {cid: (c["hp"], c["status"]) for cid, c in state["combatants"].items()} == {
        "aria": (42, "alive"), "brom": (38, "alive"), "gob1": (0, "dead"), "gob2": (0, "dead")}


def test_every_combatants_figures_and_rounds_are_the_hand_worked_ones(fight):
    _, encounter = fight
    document = encounter.summary()
    assert document["name"] == "Bridge" and document["rounds"] == 2
    assert list(document["combatants"]) == ["aria", "brom", "gob1", "gob2"]
    for cid, expected in EXPECTED.items():
        person = document["combatants"][cid]
        assert {name: person[name] for name in FIGURES} == expected["totals"], cid
        assert person["rounds"] == expected["rounds"], cid


def test_two_goblins_are_told_apart_as_the_transcript_numbers_them(fight):
    _, encounter = fight
    names = {cid: person["name"] for cid, person in encounter.summary()["combatants"].items()}
    assert names == {"aria": "Aria", "brom": "Brom", "gob1": "Goblin 1", "gob2": "Goblin 2"}
    assert encounter.summary("fr")["combatants"]["gob2"]["name"] == "Gobelin 2"


def test_an_undone_command_counts_for_nothing_and_a_redone_one_counts_again(fight):
    _, encounter = fight
    encounter.undo()  # Cure Wounds
    assert encounter.summary()["combatants"]["brom"]["healing_done"] == 0
    assert encounter.summary()["combatants"]["aria"]["healing_received"] == 0
    encounter.redo()
    assert encounter.summary()["combatants"]["brom"]["healing_done"] == 10


def test_before_the_fight_nobody_fought(tmp_path):
    with combatlog.open_log(tmp_path / "empty.db") as log:
        encounter = log.encounter("default")
        encounter.execute(FIGHT[0])
        assert encounter.summary() == {"name": "Bridge", "rounds": 0, "combatants": {}}
        assert "Nobody fought yet." in encounter.summary_text()
        assert "Personne n'a encore combattu." in encounter.summary_text("fr")


def test_combatlog_summary_json_is_the_apis_document(fight, capsys):
    path, encounter = fight
    assert cli_main(["summary", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == encounter.summary()


def test_combatlog_summary_prints_the_tables_in_either_language(fight, capsys):
    path, _ = fight
    assert cli_main(["summary", str(path)]) == 0
    out = capsys.readouterr().out
    assert "## Summary — Bridge: 2 rounds" in out
    assert "| Aria | 14 | 12 | 0 | 2 | 1 | 0 | 2 | 1/0 |" in out
    assert "| Brom | 6 | 0 | 10 | 0 | 0 | 0 | 0 | 0/0 |" in out
    assert "| Goblin 2 | 9 | 11 | 0 | 1 | 0 | 1 | 0 | 0/1 |" in out
    assert "| Combatant | Round 1 | Round 2 |" in out
    assert "| Goblin 1 | 0 / 9 | – |" in out
    assert cli_main(["summary", str(path), "--lang", "fr", "--encounter", "default"]) == 0
    out = capsys.readouterr().out
    assert "## Bilan — Bridge : 2 rounds" in out
    assert "| Combattant | Dégâts infligés | Dégâts subis | Soins prodigués |" in out
    assert "| Gobelin 2 | 9 | 11 | 0 | 1 | 0 | 1 | 0 | 0/1 |" in out


def test_combatlog_summary_names_a_missing_log(tmp_path, capsys):
    assert cli_main(["summary", str(tmp_path / "nowhere.db")]) != 0
    assert "nowhere.db" in capsys.readouterr().err


def test_the_server_answers_the_same_summary(fight):
    pytest.importorskip("starlette", reason="the server extra is not installed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from combatlog.server.app import create_app

    path, encounter = fight
    with TestClient(create_app(str(path), token="t0ken")) as client:
        answer = client.get("/api/encounters/default/summary")
        assert answer.status_code == 200 and answer.json() == encounter.summary()
        words = client.get("/api/encounters/default/summary?format=md&lang=fr")
        assert words.status_code == 200 and words.headers["content-type"].startswith("text/markdown")
        assert "| Aria | 14 | 12 | 0 | 2 | 1 | 0 | 2 | 1/0 |" in words.text and "Bilan" in words.text
        assert client.get("/api/encounters/default/summary?format=pdf").status_code == 400
        assert client.get("/api/encounters/nowhere/summary").status_code == 404


def test_the_transcript_ends_with_the_summary_in_markdown_and_html(fight):
    _, encounter = fight
    markdown = encounter.transcript("md", "fr")
    assert markdown.index("## Bilan : 2 rounds") > markdown.index("## État à la fin")
    assert "| Aria | 14 | 12 | 0 | 2 | 1 | 0 | 2 | 1/0 |" in markdown
    assert markdown.rstrip().endswith("| Gobelin 2 | 9 / 6 | 0 / 5 |")
    html = encounter.transcript("html", "en")
    section = html[html.index('<section class="summary">'):]
    assert "<h2>Summary: 2 rounds</h2>" in section
    assert ('<tr><td>Brom</td><td class="num">6</td><td class="num">0</td><td class="num">10</td>' in section)
    assert '<tr><td>Goblin 1</td><td class="num">0 / 9</td><td class="num">–</td></tr>' in section


def test_a_transcript_before_the_fight_has_no_summary(tmp_path):
    with combatlog.open_log(tmp_path / "early.db") as log:
        encounter = log.encounter("default")
        encounter.execute_all(FIGHT[:5])
        assert "Summary" not in encounter.transcript("md", "en")
        assert 'class="summary"' not in encounter.transcript("html", "en")
