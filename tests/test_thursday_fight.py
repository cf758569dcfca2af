"""Issue 35, "Thursday's fight": what a GM hit running a real fight by shell (the CLI, shell, transcript and
language parts; the DM page has its own tests).

Given a log and the lines or the command a GM types, When the CLI or the shell reads them, Then the screen says
what happened in the fight's language and the log holds exactly what was accepted."""

import io
import json
import subprocess
import sys

import pytest
from rich.console import Console

from combatlog.api import Log
from combatlog.cli.main import main as cli_main
from combatlog.cli.play import Shell, open_encounter
from combatlog.events.stores import open_store
from combatlog.projections.document import state_document


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The installed `combatlog` command, as a GM runs it (exit code and output)."""
    return subprocess.run([sys.executable, "-m", "combatlog.cli.main", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **(env or {})}, timeout=120)


def run_script(log, lines: list[dict]) -> None:
    script = log.with_suffix(".jsonl")
    script.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert cli_main(["run", str(script), "--log", str(log)]) == 0


def encounters_of(log) -> list[str]:
    with open_store(str(log)) as store:
        return store.encounters()


class Table:
    """A GM at the keyboard in an encounter of any ruleset: each line read in turn, echoed after its prompt."""

    def __init__(self, log, *, ruleset="dnd5e-2014", lang="fr", dice="auto", seed=35):
        self.console = Console(file=io.StringIO(), width=160, record=True, color_system=None, force_terminal=False)
        self.store = open_store(str(log))
        encounter = open_encounter(self.store, None, ruleset=ruleset, lang=lang, seed=seed, name="Jeudi")
        self.pending: list[str] = []
        self.prompts: list[str] = []
        self.shell = Shell(encounter, self.console, self.read, dice=dice, where=str(log))

    def read(self, prompt: str, kind: str) -> str:
        self.prompts.append(prompt)
        if not self.pending:
            raise EOFError
        line = self.pending.pop(0)
        self.console.print(prompt + line, markup=False, highlight=False)
        return line

    def type(self, *lines: str) -> str:
        self.pending = list(lines)
        self.console.export_text(clear=True)
        self.shell.loop()
        self.shell.running = True
        return self.console.export_text(clear=True)

    @property
    def state(self):
        return self.shell.encounter.state

    @property
    def document(self) -> dict:
        return state_document(self.state)


@pytest.fixture
def table(tmp_path):
    tables = []

    def make(**options):
        tables.append(Table(tmp_path / f"jeudi{len(tables)}.db", **options))
        return tables[-1]

    yield make
    for made in tables:
        made.store.close()


# ---------------------------------------------------------------- 2. play --encounter TYPO


def test_play_refuses_an_encounter_name_the_log_does_not_hold_and_names_the_ones_it_has(tmp_path):
    log = tmp_path / "jeudi.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "fr", "seed": 1}])
    done = cli("play", str(log), "--encounter", "defualt")
    assert done.returncode == 2
    assert "defualt" in done.stderr and "default" in done.stderr and "--new" in done.stderr
    assert "rencontre" in done.stderr  # the log's language, not the terminal's
    assert encounters_of(log) == ["default"]


def test_play_creates_a_second_encounter_only_when_new_says_so(tmp_path):
    log = tmp_path / "jeudi.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "fr", "seed": 1}])
    done = subprocess.run([sys.executable, "-m", "combatlog.cli.main", "play", str(log), "--encounter", "pont",
                           "--new", "--ruleset", "dnd5e-2014"], input="", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(encounters_of(log)) == ["default", "pont"]


def test_play_refuses_another_ruleset_for_an_encounter_that_exists(tmp_path):
    log = tmp_path / "jeudi.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "en", "seed": 1}])
    done = cli("play", str(log), "--encounter", "default", "--ruleset", "pf1")
    assert done.returncode == 2
    assert "dnd5e-2014" in done.stderr and "pf1" in done.stderr
    assert encounters_of(log) == ["default"]
