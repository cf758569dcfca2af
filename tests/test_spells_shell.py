"""The shell's `lance`/`cast` verb and the status table's slots as ●●○ (issue 21 §6)."""

import json

import pytest

from tests.spell_objects import brute, wizard
from tests.test_play import Table


@pytest.fixture
def table(tmp_path):
    made = Table(tmp_path / "fight.db", dice="auto")
    yield made
    made.close()


def _add(table, cid, stats, kind, side):
    return "{}".format(json.dumps({"do": "add", "id": cid, "name": cid.title(), "side": side, "kind": kind, "stats": stats}))


def test_lance_casts_with_a_slot_level_and_the_table_shows_slots_as_dots(table):
    """aria's 4th-level fireball on gob1 (9d6 rolled by the seeded dice): the 4th-level slot shows empty."""
    screen = table.type(_add(table, "aria", wizard(), "pc", "party"), _add(table, "gob1", brute(hp=200), "monster", "foes"),
                        "lance aria fireball gob1 niveau 4", "état")
    assert "Emplacements" in screen
    assert "1 ●●●●  2 ●●●  3 ●●  4 ○" in screen
    state = table.shell.encounter.state
    assert state.combatants["gob1"].hp < 200
    assert state.combatants["aria"].slots_spent == {"4": 1}


def test_cast_in_english_with_a_ritual(table):
    table.shell.lang_override = "en"
    screen = table.type(_add(table, "aria", wizard(), "pc", "party"), "cast aria detect-magic ritual", "state")
    assert "Slots" in screen and "1 ●●●●" in screen
    assert table.shell.encounter.state.combatants["aria"].concentration == "detect-magic"
