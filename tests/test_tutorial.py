"""The tutorials ("your first fight", docs/tutorial.fr.md and docs/tutorial.en.md) really run (issue 23): every
```sh block is run in order, as written, in an empty folder, and must succeed; then what the pages promise is
checked (Aria at 37 HP after the undo, wolf 2 dead, the transcript written, the log intact).

Numbers (SRD 5.2 wolf: AC 13, 11 HP, bite +4, 2d4+2; the fighter template: longsword +7, 1d8+4): Aria 14 + 7 = 21
hits, 6 + 4 = 10 damage leaves wolf 1 at 1 HP; the bite 17 + 4 = 21 hits AC 18 for 3 + 2 + 2 = 7, Aria 44 → 37;
Guiding Bolt 16 + 6 = 22 hits, 4 + 3 + 5 + 2 = 14 radiant kills wolf 2 (11 HP)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def sh_blocks(page: Path) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```$", page.read_text(encoding="utf-8"), flags=re.S | re.M)


@pytest.mark.parametrize("lang, log, wolf", [("fr", "combat.db", "loup"), ("en", "fight.db", "wolf")])
def test_every_command_of_the_tutorial_runs(lang, log, wolf, tmp_path):
    page = ROOT / "docs" / f"tutorial.{lang}.md"
    blocks = sh_blocks(page)
    assert len(blocks) >= 8  # library, create, initiative, attacks, spell, undo, verify, export
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    for number, block in enumerate(blocks, 1):
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{page.name}, block {number}:\n{block}\n{done.stdout}\n{done.stderr}"
    state = json.loads(subprocess.run(["combatlog", "state", log, "--json"], cwd=tmp_path, env=env,
                                      capture_output=True, text=True, check=True).stdout)
    fighters = state["combatants"]
    assert fighters["aria"]["hp"] == 37 and fighters[f"{wolf}1"]["hp"] == 1
    assert fighters[f"{wolf}2"]["status"] == "dead"
    assert fighters["brom"]["slots"]["1"] == {"max": 4, "left": 3}
    transcript = (tmp_path / log.replace(".db", ".md")).read_text(encoding="utf-8")
    assert ("11 → 1" in transcript) and ("44 → 37" in transcript)
    assert (tmp_path / log.replace(".db", ".html")).is_file()


def test_both_tutorials_run_the_same_steps():
    french, english = (sh_blocks(ROOT / "docs" / f"tutorial.{lang}.md") for lang in ("fr", "en"))
    assert len(french) == len(english)
    for fr_block, en_block in zip(french, english):
        assert re.findall(r"combatlog \w+", fr_block) == re.findall(r"combatlog \w+", en_block)
