"""Bad input never reaches a PostgreSQL log (issue 11, round 2): the robustness properties on `postgresql://`.

The same JSON text as tests/test_robust_input.py and tests/test_robust_rulesets.py, run by `combatlog run
--log postgresql://…` on a throwaway cluster (tests/pg_cluster.py). Each case gets its own encounter in one
database, set up by the ruleset's script; then: exit 0 or 2, one line and no traceback, a refusal leaves the
encounter's rows in the table exactly as they were, and the log reopens from its stored bytes and verifies.
"""

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combatlog.events.stores import open_store
from combatlog.replay.engine import Encounter
from combatlog.replay.verify import verify_encounter
from pg_cluster import pg_cluster  # noqa: F401  (fixture)
from test_robust_input import JSON_VALUES, PROPERTY, SETUP, bad_lines, cli
from test_robust_rulesets import DOS, FIELDS, RULESETS, bad_lines_of

psycopg = pytest.importorskip("psycopg")

SETUPS = {"dnd5e-2024": SETUP, **{name: setup for name, (setup, _) in RULESETS.items()}}
_numbers = itertools.count()


@pytest.fixture(scope="module")
def pg_robust(pg_cluster):  # noqa: F811
    """One database for the module: every case is a new encounter in it."""
    return pg_cluster.new_database()


def table_rows(url: str, encounter: str) -> list[tuple]:
    """The stored rows of the encounter; none while no command has ever created the log's tables (the first
    case of a fresh database may be a refused `create`)."""
    with psycopg.connect(url, autocommit=True) as conn:
        try:
            return conn.execute("SELECT seq, txn, type, body, hash FROM events WHERE encounter = %s ORDER BY seq",
                                (encounter,)).fetchall()
        except psycopg.errors.UndefinedTable:
            return []


def run_pg_line(url: str, folder: Path, ruleset: str, line: str) -> tuple[int, str]:
    encounter = f"case{next(_numbers)}"
    creating = line.startswith('{"do": "create"')
    if not creating:
        setup = folder / "setup.jsonl"
        setup.write_text("\n".join(json.dumps(command) for command in SETUPS[ruleset]) + "\n", encoding="utf-8")
        code, _, err = cli("run", str(setup), "--log", url, "--encounter", encounter, "-q")
        assert code == 0, err
    before = table_rows(url, encounter)
    script = folder / "line.jsonl"
    script.write_bytes(line.encode("utf-8", "surrogatepass") + b"\n")
    code, _, err = cli("run", str(script), "--log", url, "--encounter", encounter, "-q")
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err
        assert err.startswith("line 1: "), err
        assert "could not be run" not in err, f"an internal error instead of a refusal: {err}"
        assert table_rows(url, encounter) == before, "a refused command reached the table"
    if table_rows(url, encounter):
        with open_store(url) as store:
            Encounter(store, encounter)
            assert verify_encounter(store, encounter) == []
    return code, err


@PROPERTY
@given(line=bad_lines())
def test_any_bad_value_in_a_5e_command_never_reaches_the_table(pg_robust, tmp_path_factory, line):
    run_pg_line(pg_robust, tmp_path_factory.mktemp("case"), "dnd5e-2024", line)


@PROPERTY
@given(data=st.data())
def test_any_bad_value_in_a_rolenplay_or_pf1_command_never_reaches_the_table(pg_robust, tmp_path_factory, data):
    ruleset = data.draw(st.sampled_from(sorted(RULESETS)), label="ruleset")
    line = data.draw(bad_lines_of(RULESETS[ruleset][1]), label="line")
    run_pg_line(pg_robust, tmp_path_factory.mktemp("case"), ruleset, line)


@PROPERTY
@given(data=st.data())
def test_random_json_in_known_fields_never_reaches_the_table(pg_robust, tmp_path_factory, data):
    ruleset = data.draw(st.sampled_from(sorted(RULESETS)), label="ruleset")
    do = data.draw(st.sampled_from(DOS[ruleset]), label="do")
    fields = data.draw(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=4), label="fields")
    line = json.dumps({"do": do, **fields}, allow_nan=True, ensure_ascii=True)
    run_pg_line(pg_robust, tmp_path_factory.mktemp("case"), ruleset, line)


@pytest.mark.parametrize("line, fragment", [
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":NaN}}', "overrides.speed"),
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":1e400}}', "overrides.speed"),
    ('{"do":"condition","target":"gob1","add":"prone","until":{"rounds":"two"}}', "until.rounds"),
    ('{"do":"add","id":"g2","name":"\\ud800","side":"g","template":"goblin"}', "U+D800"),
    ('{"do":"add","id":"g\\u0000","side":"g","template":"goblin"}', "U+0000"),  # PostgreSQL text holds no NUL
    ('[' * 100000 + ']' * 100000, "imbriqué trop profondément"),
])
def test_each_reported_bad_input_is_refused_on_postgres_too(pg_robust, tmp_path, line, fragment):
    code, err = run_pg_line(pg_robust, tmp_path, "dnd5e-2024", line)
    assert code == 2 and fragment in err, err
