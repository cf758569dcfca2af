"""Shared test helpers: run a script through the real CLI (in-process) and read the state document."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from combatlog.cli.main import main as cli_main

# CI explores the same examples every run (a landing never hangs on a lucky seed); elsewhere they vary.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

# The server answers only to the hosts it serves (DNS rebinding): add Starlette's TestClient's default one.
os.environ.setdefault("COMBATLOG_SERVE_HOSTS", "testserver")


class ScriptRun:
    """The outcome of `combatlog run`: exit code, stderr, and the state document afterwards."""

    def __init__(self, code: int, out: str, err: str, log: Path):
        self.code, self.out, self.err, self.log = code, out, err, log

    @property
    def state(self) -> dict:
        return state_of(self.log)


def run_script(log: Path, *commands: dict | str, capsys=None) -> ScriptRun:
    """Write `commands` as a JSONL script and run it with `combatlog run SCRIPT --log LOG` in-process."""
    script = log.with_suffix(f".{len(list(log.parent.glob('*.jsonl')))}.jsonl")
    lines = [command if isinstance(command, str) else json.dumps(command, ensure_ascii=False) for command in commands]
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "combatlog.cli.main", "run", str(script), "--log", str(log), "--quiet"],
        capture_output=True, text=True,
    ) if capsys is None else None
    if result is not None:
        return ScriptRun(result.returncode, result.stdout, result.stderr, log)
    code = cli_main(["run", str(script), "--log", str(log), "--quiet"])
    captured = capsys.readouterr()
    return ScriptRun(code, captured.out, captured.err, log)


def state_of(log: Path, at: int | None = None) -> dict:
    args = ["state", str(log), "--json"] + (["--at", str(at)] if at is not None else [])
    from io import StringIO
    from contextlib import redirect_stdout

    buffer = StringIO()
    with redirect_stdout(buffer):
        code = cli_main(args)
    assert code == 0, f"state failed with exit {code}"
    return json.loads(buffer.getvalue())


@pytest.fixture
def log(tmp_path) -> Path:
    return tmp_path / "fight.db"


@pytest.fixture
def run(log, capsys):
    """run(*commands) -> ScriptRun, appending to one log per test (in-process CLI)."""
    def runner(*commands):
        return run_script(log, *commands, capsys=capsys)
    return runner
