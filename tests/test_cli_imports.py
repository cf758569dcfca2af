"""Issue 25, goal 1: a CLI call imports only what the command uses (not a timed test: it reads `sys.modules` of a
real `combatlog` process). A read command that prints JSON needs no Fluent, Babel, rich, structlog, server,
PostgreSQL or compendium module; a command that prints words loads the catalogs, and nothing of the server."""

import json
import subprocess
import sys

import pytest

# Top-level packages a read command must not import (the server's stack, PostgreSQL, the tables, the words).
SERVER_AND_FRIENDS = ("starlette", "uvicorn", "jinja2", "psycopg", "psycopg_pool", "anyio", "asyncio", "rich",
                      "structlog", "yaml", "cryptography")
WORDS = ("fluent", "babel")
OURS = ("combatlog.server", "combatlog.compendium", "combatlog.transcript", "combatlog.cli.play",
        "combatlog.projections.describe", "combatlog.projections.status", "combatlog.projections.table")

PROBE = """
import json, sys
from combatlog.cli.main import main
code = main(sys.argv[1:])
sys.stdout.flush()
print("\\n" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def modules_of(*args: str) -> tuple[str, set[str]]:
    """The output of `combatlog ARGS` run as its own process, and the modules that process had imported at its end."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    output, _, last = done.stdout.rstrip("\n").rpartition("\n")
    report = json.loads(last)
    assert report["code"] == 0, done.stderr
    return output, set(report["modules"])


def loaded(modules: set[str], prefixes) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


@pytest.fixture(scope="module")
def fight(tmp_path_factory):
    log = tmp_path_factory.mktemp("imports") / "fight.db"
    script = log.with_suffix(".jsonl")
    script.write_text("\n".join(json.dumps(c) for c in (
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 3},
        {"do": "add", "id": "gob", "side": "x", "kind": "monster", "template": "goblin"},
        {"do": "add", "id": "orc", "side": "y", "kind": "monster", "template": "goblin"},
    )) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", "import sys; from combatlog.cli.main import main; "
                           "sys.exit(main(sys.argv[1:]))", "run", str(script), "--log", str(log), "-q"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return log


def test_state_json_imports_no_server_postgres_tables_or_words(fight):
    output, modules = modules_of("state", str(fight), "--json")
    assert sorted(json.loads(output)["combatants"]) == ["gob", "orc"]  # a real answer: both goblins
    assert loaded(modules, SERVER_AND_FRIENDS) == []
    assert loaded(modules, WORDS) == []
    assert loaded(modules, OURS) == []


def test_state_json_at_imports_no_server_postgres_tables_or_words(fight):
    # Each command records its CommandIssued and then its event: event 3 is the first goblin's arrival.
    output, modules = modules_of("state", str(fight), "--json", "--at", "3")
    assert sorted(json.loads(output)["combatants"]) == ["gob"]
    assert loaded(modules, SERVER_AND_FRIENDS + WORDS + OURS) == []


def test_export_jsonl_imports_no_server_postgres_tables_or_words(fight):
    output, modules = modules_of("export", str(fight))
    assert len(output.splitlines()) == 6  # the three commands' six events, one line each
    assert loaded(modules, SERVER_AND_FRIENDS + WORDS + OURS) == []


def test_state_in_words_loads_the_catalogs_but_nothing_of_the_server(fight):
    output, modules = modules_of("state", str(fight), "--lang", "fr")
    assert "Gobelin" in output or "gob" in output
    assert loaded(modules, ("fluent",)) != []  # the words are read from the catalogs
    assert loaded(modules, SERVER_AND_FRIENDS + OURS[:4]) == []

