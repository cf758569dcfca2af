"""The status table's title names whose turn it is as the table knows them (projections/table.py)."""

from pathlib import Path

from combatlog.projections.table import render_table
from conftest import run_script, state_of

AMBUSH = Path(__file__).resolve().parent.parent / "fixtures" / "encounters" / "goblin_ambush.jsonl"


def test_the_title_names_the_creature_whose_turn_it_is_and_tells_twins_apart(tmp_path):
    # Given the sample ambush up to round 1 (two goblins named "Gobelin"), When the table is drawn at each
    # of the first turns, Then the title says the display name, with the id only for a shared name.
    opening = AMBUSH.read_text(encoding="utf-8").splitlines()[:20]
    log = tmp_path / "ambush.db"
    assert run_script(log, *opening).code == 0
    titles = []
    for _ in range(3):
        titles.append(render_table(state_of(log), "fr").splitlines()[0])
        assert run_script(log, {"do": "end_turn"}).code == 0
    assert [title.split(" — ")[-1] for title in titles] == [
        "tour, round 1, tour de Gobelin (gob1) (événement n° 41)",
        "tour, round 1, tour de Gobelin (gob2) (événement n° 44)",
        "tour, round 1, tour d'Aria (événement n° 47)",
    ]
    assert render_table(state_of(log), "en").splitlines()[0].endswith("round 1, Gobelours's turn (event #50)")
