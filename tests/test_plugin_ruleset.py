"""A ruleset from outside the tree plugs in through its own entry point and works everywhere (issue 32, item 2).

tests/plugins/ holds a coin-flip duel (`coinflip_ruleset`) and its distribution's metadata
(`combatlog_coinflip-0.1.0.dist-info/entry_points.txt`, group `combatlog.rulesets`), exactly what `pip install` of a
third party's package leaves in site-packages. Every command here runs in its own process with tests/plugins on
PYTHONPATH, so the plug-in is installed for that process only: the rest of the suite never sees a fifth ruleset.
Nothing in combatlog names the duel; the CLI (`run`, `state`, `log`, `export`, `verify`), the shell, the server's
API and pages, and the transcript reach it through the registry."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from test_browser import browser  # noqa: F401  (the fixture)

PLUGINS = Path(__file__).parent / "plugins"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(PLUGINS), os.environ.get("PYTHONPATH"))))}

DUEL = [
    {"do": "create", "ruleset": "coinflip", "seed": 7, "lang": "en", "name": "duel"},
    {"do": "add", "id": "ann", "name": "Ann", "side": "left", "stats": {"max_hp": 2}},
    {"do": "add", "id": "bob", "name": "Bob", "side": "right", "stats": {"max_hp": 2}},
    {"do": "start"},
    {"do": "flip", "id": "ann", "target": "bob", "dice": [1]},  # heads: Bob 2 -> 1
    {"do": "end_turn", "id": "ann"},
    {"do": "flip", "id": "bob", "target": "ann", "dice": [2]},  # tails: nothing
    {"do": "end_turn", "id": "bob"},  # round 2
    {"do": "flip", "id": "ann", "target": "bob", "dice": [1]},  # heads: Bob 1 -> 0, the duel ends
]


def combatlog(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "combatlog.cli.main", *args], env=ENV, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def duel(tmp_path) -> Path:
    script = tmp_path / "duel.jsonl"
    script.write_text("".join(json.dumps(command) + "\n" for command in DUEL), encoding="utf-8")
    log = tmp_path / "duel.db"
    done = combatlog("run", str(script), "--log", str(log))
    assert done.returncode == 0, done.stderr
    return log


def test_the_plugin_is_installed_through_its_entry_point_only_for_these_processes():
    listed = combatlog("schema")
    assert listed.returncode == 0, listed.stderr
    assert "coinflip" in listed.stdout
    inside = subprocess.run([sys.executable, "-m", "combatlog.cli.main", "schema"], capture_output=True, text=True,
                            timeout=120, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert "coinflip" not in inside.stdout


def test_a_duel_runs_folds_and_prints_its_own_words(duel):
    state = json.loads(combatlog("state", str(duel), "--json").stdout)
    assert state["ruleset"] == "coinflip" and state["phase"] == "ended" and state["round"] == 2
    assert (state["combatants"]["ann"]["hp"], state["combatants"]["bob"]["hp"]) == (2, 0)
    assert state["combatants"]["bob"]["status"] == "dead"
    # time travel: right after the first flip (event #9), Bob had 1 HP and it was Ann's turn
    earlier = json.loads(combatlog("state", str(duel), "--json", "--at", "9").stdout)
    assert earlier["combatants"]["bob"]["hp"] == 1 and earlier["turn"] == "ann"
    english = combatlog("log", str(duel)).stdout
    assert "Ann flips a coin at Bob: heads, Bob drops to 1 HP" in english
    assert "Bob flips a coin at Ann: tails, nothing happens" in english
    french = combatlog("log", str(duel), "--lang", "fr").stdout
    assert "Ann lance une pièce contre Bob : pile, Bob tombe à 1 PV" in french
    assert combatlog("state", str(duel)).returncode == 0


def test_a_duel_verifies_and_exports_in_every_format(duel, tmp_path):
    verified = combatlog("verify", str(duel))
    assert verified.returncode == 0 and verified.stdout.startswith("ok"), verified.stdout + verified.stderr
    for form in ("md", "html", "json"):
        out = tmp_path / f"duel.{form}"
        exported = combatlog("export", str(duel), "--format", form, "-o", str(out))
        assert exported.returncode == 0, exported.stderr
        assert out.stat().st_size > 0
    assert "Ann flips a coin at" in (tmp_path / "duel.md").read_text(encoding="utf-8")
    assert "Ann flips a coin at" in (tmp_path / "duel.html").read_text(encoding="utf-8")
    document = (tmp_path / "duel.json").read_text(encoding="utf-8")
    assert json.loads(document)["ruleset"] == "coinflip" and "Ann flips a coin at" in document
    events = combatlog("export", str(duel))  # the log itself, one event a line
    assert events.returncode == 0 and len(events.stdout.splitlines()) == 19


def test_a_refused_duel_command_appends_nothing_and_says_why_in_its_words(duel, tmp_path):
    before = json.loads(combatlog("state", str(duel), "--json").stdout)["seq"]
    script = tmp_path / "late.jsonl"
    script.write_text(json.dumps({"do": "add", "id": "cid", "side": "left"}) + "\n", encoding="utf-8")
    refused = combatlog("run", str(script), "--log", str(duel))
    assert refused.returncode != 0
    assert "add is refused: the duel has started" in refused.stderr + refused.stdout
    assert json.loads(combatlog("state", str(duel), "--json").stdout)["seq"] == before


def test_the_shell_takes_the_duels_own_verbs_undo_and_json(tmp_path):
    log = tmp_path / "shell.db"
    script = tmp_path / "setup.jsonl"
    script.write_text("".join(json.dumps(command) + "\n" for command in DUEL[:4]), encoding="utf-8")
    assert combatlog("run", str(script), "--log", str(log)).returncode == 0
    typed = "\n".join(["pièce ann bob", "next", '{"do": "flip", "id": "bob", "target": "ann", "dice": [2]}',
                       "undo", "quit"]) + "\n"
    shell = combatlog("play", str(log), stdin=typed)
    assert shell.returncode == 0, shell.stderr
    state = json.loads(combatlog("state", str(log), "--json").stdout)
    assert state["turn"] == "bob"  # the French verb flipped, `next` passed the turn, the JSON flip was undone
    lines = combatlog("log", str(log)).stdout
    assert "Ann flips a coin at Bob" in lines and "undoes" in lines


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_server_and_its_pages_serve_a_duel(duel, browser):  # noqa: F811
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "combatlog.cli.main", "serve", str(duel), "--port", str(port),
                               "--token", "duel-token"], env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/api/encounters", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
            time.sleep(0.1)
        state = httpx.get(f"{base}/api/encounters/default/state").json()
        assert state["ruleset"] == "coinflip" and state["combatants"]["bob"]["hp"] == 0
        transcript = httpx.get(f"{base}/api/encounters/default/transcript", params={"format": "md"})
        assert transcript.status_code == 200 and "flips a coin" in transcript.text
        undone = httpx.post(f"{base}/api/encounters/default/commands", json={"do": "undo"},
                            headers={"Authorization": "Bearer duel-token"})
        assert undone.status_code == 200, undone.text
        assert httpx.get(f"{base}/api/encounters/default/state").json()["combatants"]["bob"]["hp"] == 1
        for path in ("/e/default?token=duel-token", "/e/default/table"):
            page = browser.new_page()
            failures: list[str] = []
            page.on("pageerror", lambda error: failures.append(str(error)))
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            assert "Ann" in page.content() and "Bob" in page.content(), path
            assert failures == [], (path, failures)
            page.close()
    finally:
        server.terminate()
        server.wait(10)
