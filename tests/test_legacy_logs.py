"""Logs written by combatlog 0.1 (before the kernel split) still open, replay and verify (issue 9, §1).

`fixtures/logs/*_v0_1.jsonl` were written by the 0.1 build from the sample scripts, with the state
document it printed next to them; the current build must fold them to the very same document.
"""

import json
import shutil
from pathlib import Path

import pytest

from combatlog.cli.main import main as cli_main
from conftest import state_of

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


@pytest.mark.parametrize("name", ["goblin_ambush_v0_1", "transcript_demo_v0_1"])
def test_a_log_written_by_0_1_replays_to_the_same_state_and_verifies(name, tmp_path, capsys):
    log = tmp_path / f"{name}.jsonl"
    shutil.copy(LOGS / f"{name}.jsonl", log)
    expected = json.loads((LOGS / f"{name}.state.json").read_text(encoding="utf-8"))
    assert state_of(log) == expected
    assert cli_main(["verify", str(log)]) == 0
    assert "hash chain intact" in capsys.readouterr().out
    # the file itself is untouched by reading it
    assert log.read_bytes() == (LOGS / f"{name}.jsonl").read_bytes()


def test_a_log_written_by_0_1_can_be_continued(tmp_path, capsys):
    """Undo on an old log goes through the same dispatch as a new one."""
    log = tmp_path / "ambush.jsonl"
    shutil.copy(LOGS / "transcript_demo_v0_1.jsonl", log)
    before = state_of(log)
    script = tmp_path / "more.jsonl"
    script.write_text('{"do": "undo"}\n', encoding="utf-8")
    assert cli_main(["run", str(script), "--log", str(log), "--quiet"]) == 0
    after = state_of(log)
    assert after["seq"] > before["seq"]
    assert cli_main(["verify", str(log)]) == 0
