"""The status table's title names whose turn it is as the table knows them (projections/table.py)."""

from pathlib import Path

import pytest

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


@pytest.mark.parametrize("fight, creature, shows_saves", [
    ("goblin_ambush", "aria", True),  # 5e: a dying PC rolls death saves
    ("rolenplay_wolf_ford", "gob1", False),  # Rôle'n Play has no death saves (seed 003)
    ("pf1_ford_ambush", "orc", False),  # Pathfinder rolls stabilization checks, not death saves
])
def test_the_table_shows_death_saves_only_where_the_ruleset_rolls_them(tmp_path, fight, creature, shows_saves):
    log = tmp_path / "fight.db"
    script = AMBUSH.parent / f"{fight}.jsonl"
    assert run_script(log, *script.read_text(encoding="utf-8").splitlines()).code == 0
    document = state_of(log)
    assert document["combatants"][creature]["status"] in ("dying", "stable")
    row = next(line for line in render_table(document, "fr").splitlines() if line[2:].startswith(creature + " "))
    assert ("JS contre la mort" in row) is shows_saves
