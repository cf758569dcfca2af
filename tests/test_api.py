"""The public Python API (INTERFACE.md §6): everything from `import combatlog`, agreeing with the CLI on real logs."""

import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import combatlog
from combatlog.cli.main import main as cli_main
from conftest import state_of

ROOT = Path(__file__).resolve().parents[1]
READY = ROOT / "fixtures" / "encounters" / "ready_to_play.jsonl"


def script(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def cli(capsys, *args) -> tuple[int, str, str]:
    code = cli_main(list(map(str, args)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def fight(tmp_path):
    """The ready-to-play goblin fight (French, seed 11) played through the API into a SQLite log."""
    path = tmp_path / "fight.db"
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        for command in script(READY):
            encounter.execute(command)
        yield path, encounter


def test_the_top_level_names_are_all_a_library_user_needs():
    for name in ("open_log", "Log", "Encounter", "RuleViolation", "LogCorrupted", "ConcurrencyConflict",
                 "BatchRejected", "StoreError"):
        assert getattr(combatlog, name).__doc__, f"combatlog.{name} has no docstring"
    for method in ("execute", "execute_all", "state", "undo", "redo", "revert", "transcript", "verify", "log_lines",
                   "events", "wait_for_new", "follow", "parse_line"):
        assert getattr(combatlog.Encounter, method).__doc__, f"Encounter.{method} has no docstring"
    assert issubclass(combatlog.BatchRejected, combatlog.RuleViolation)


def test_the_state_is_the_clis_state_document_now_and_at_any_event(fight, capsys):
    path, encounter = fight
    assert encounter.state() == state_of(path)
    assert encounter.state(at=12) == state_of(path, at=12)
    assert encounter.seq == state_of(path)["seq"]
    assert combatlog.open_log(path).encounters() == ["default"]


def test_a_refused_command_raises_rule_violation_in_both_languages_and_appends_nothing(fight):
    path, encounter = fight
    before = encounter.seq
    with pytest.raises(combatlog.RuleViolation) as refused:
        encounter.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar"})
    assert "gob1" in refused.value.localized("fr") and "aria" in refused.value.localized("fr")
    assert refused.value.localized("fr") != refused.value.localized("en")
    assert encounter.seq == before
    assert combatlog.open_log(path).encounter("default").seq == before


def test_a_list_stops_at_the_first_refused_command_like_run(fight):
    _, encounter = fight
    before = encounter.seq
    with pytest.raises(combatlog.BatchRejected) as refused:
        encounter.execute_all([{"do": "end_turn"}, {"do": "heal", "target": "nobody", "amount": 3}, {"do": "end_turn"}])
    assert refused.value.line == 2
    assert refused.value.events and refused.value.events[-1]["body"]["seq"] == encounter.seq
    assert encounter.seq > before  # the first command stays, as with `combatlog run`
    assert encounter.state()["turn"] == "gob1"


def test_undo_redo_and_revert_move_the_state_like_the_cli(fight):
    path, encounter = fight
    start = encounter.seq
    encounter.execute({"do": "damage", "target": "gob1", "amount": 3, "type": "fire"})
    assert encounter.state()["combatants"]["gob1"]["hp"] == 4  # goblin: 7 HP
    encounter.undo()
    assert encounter.state()["combatants"]["gob1"]["hp"] == 7
    encounter.redo()
    assert encounter.state()["combatants"]["gob1"]["hp"] == 4
    encounter.revert(start)
    assert encounter.state()["combatants"]["gob1"]["hp"] == 7
    assert encounter.state() == state_of(path)


def test_transcripts_and_log_lines_are_the_clis(fight, capsys, tmp_path):
    path, encounter = fight
    for fmt in ("md", "html", "json"):
        for lang in ("fr", "en"):
            code, out, _ = cli(capsys, "export", path, "--format", fmt, "--lang", lang)
            assert code == 0 and encounter.transcript(format=fmt, lang=lang) == out
    code, out, _ = cli(capsys, "log", path, "--lang", "en")
    assert [entry["line"] for entry in encounter.log_lines("en")] == out.splitlines()
    with pytest.raises(ValueError):
        encounter.transcript(format="pdf")


def test_events_after_a_seq_are_the_lines_of_export_jsonl(fight, capsys):
    path, encounter = fight
    code, out, _ = cli(capsys, "export", path)
    exported = [json.loads(line) for line in out.splitlines()]
    assert encounter.events() == exported
    assert encounter.events(after=20) == exported[21:]
    appended = encounter.execute({"do": "end_turn"})
    assert appended == encounter.events(after=len(exported) - 1)


def test_verify_names_the_first_tampered_event(fight):
    path, encounter = fight
    encounter.verify()
    body = sqlite3.connect(path).execute("SELECT body FROM events WHERE seq = 9").fetchone()[0]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET body = ? WHERE seq = 9", (bytes(body).replace(b'"goblins"', b'"kobolds"'),))
    with combatlog.open_log(path, create=False) as log:
        # Opening folds from the snapshot-free start and would already refuse; verify names the event.
        with pytest.raises(combatlog.LogCorrupted) as broken:
            log.encounter("default").verify()
    assert broken.value.seq == 9


def test_a_stale_writer_gets_a_conflict_and_appends_nothing(fight):
    path, encounter = fight
    seen = encounter.seq
    with combatlog.open_log(path) as other:
        other.encounter("default").execute({"do": "end_turn"})
    with pytest.raises(combatlog.ConcurrencyConflict):
        encounter.execute({"do": "end_turn"}, expected_seq=seen)
    after_other = encounter.seq
    assert after_other > seen
    encounter.execute({"do": "end_turn"}, expected_seq=after_other)
    assert encounter.state()["turn"] == "gob2"


def test_a_follower_wakes_up_when_another_log_appends(fight):
    path, encounter = fight
    seen = encounter.seq
    assert encounter.wait_for_new(seen, timeout=0.1) is False

    def write_later():
        time.sleep(0.2)
        with combatlog.open_log(path) as other:
            other.encounter("default").execute({"do": "end_turn"})

    writer = threading.Thread(target=write_later)
    writer.start()
    started = time.monotonic()
    assert encounter.wait_for_new(seen, timeout=5) is True
    assert time.monotonic() - started < 4  # woken by the write, not by the 5-second timeout
    writer.join()
    followed = list(encounter.follow(after=seen, timeout=0.1, idle=0.3))
    assert [line["body"]["seq"] for line in followed] == list(range(seen + 1, encounter.seq + 1))
    assert encounter.state()["turn"] == "gob1"


def test_a_jsonl_log_works_the_same(tmp_path, capsys):
    path = tmp_path / "fight.jsonl"
    with combatlog.open_log(path) as log:
        encounter = log.encounter("bridge")
        encounter.execute_all(script(READY))
        assert encounter.state() == state_of(path)
        assert log.encounters() == ["bridge"]


def test_opening_a_missing_log_without_create_writes_nothing(tmp_path):
    with pytest.raises(combatlog.StoreError):
        combatlog.open_log(tmp_path / "nothing.db", create=False)
    assert not (tmp_path / "nothing.db").exists()


def test_shell_words_in_french_and_english_become_commands(fight):
    _, encounter = fight
    assert encounter.parse_line("suivant") == ("end_turn", [{"do": "end_turn"}])
    assert encounter.parse_line("next") == ("end_turn", [{"do": "end_turn"}])
    verb, commands = encounter.parse_line('{"do": "end_turn"}')
    assert commands == [{"do": "end_turn"}]
    with pytest.raises(combatlog.RuleViolation):
        encounter.parse_line("nimportequoi")


def test_the_examples_run_against_a_real_log(fight, tmp_path):
    path, encounter = fight
    bot = subprocess.run([sys.executable, str(ROOT / "examples" / "discord_bot.py"), str(path)],
                         input="bonjour\n!état\n!suivant\n!nimportequoi\n", capture_output=True, text=True, timeout=60)
    assert bot.returncode == 0, bot.stderr
    replies = bot.stdout.splitlines()
    assert "Round 1 — tour d'Aria" in replies
    assert "• Gobelin (gob1) — en forme" in replies  # a monster's health in words, never its HP
    assert "Round 1, tour de Gobelin (gob1)" in replies
    assert any(line.startswith("⚠ commande inconnue") for line in replies)
    bridge = subprocess.run([sys.executable, str(ROOT / "examples" / "vtt_bridge.py"), str(path), "1"],
                            input='{"token": "gob1", "to": [3, 2]}\n{"token": "aria", "to": [3, 3]}\n',
                            capture_output=True, text=True, timeout=60)
    assert bridge.returncode == 0, bridge.stderr
    messages = [json.loads(line) for line in bridge.stdout.splitlines()]
    assert {"error": "aria ne peut pas se déplacer : c'est le tour de gob1 (round 1)"} in messages
    redraws = [m["redraw"] for m in messages if "redraw" in m]
    assert redraws and {"token": "gob1", "at": [3, 2]}.items() <= next(
        t for t in redraws[-1] if t["token"] == "gob1").items()
    # the players' view: monsters' health in words, never their HP (the PCs' own HP is the players' to see)
    monsters = [token for redraw in redraws for token in redraw if token["token"].startswith("gob")]
    assert monsters and all("hp" not in token and "max_hp" not in token for token in monsters)


@pytest.mark.parametrize("name", ["fight.db", "fight.jsonl"])
def test_every_store_waits_for_an_append_by_another_writer(tmp_path, name):
    from combatlog.events.stores import open_store

    path = tmp_path / name
    with combatlog.open_log(path) as log:
        log.encounter("default").execute_all(script(READY)[:2])
    watcher = open_store(path)
    try:
        last = watcher.last("default")[0] - 1
        assert watcher.wait_for_append("default", last - 1, 0) is True  # already there: no wait
        started = time.monotonic()
        assert watcher.wait_for_append("default", last, 0.2) is False
        assert 0.15 < time.monotonic() - started < 4

        def append_soon():
            time.sleep(0.1)
            with combatlog.open_log(path) as other:
                other.encounter("default").execute(script(READY)[2])

        writer = threading.Thread(target=append_soon)
        writer.start()
        assert watcher.wait_for_append("default", last, 5) is True
        writer.join()
        assert watcher.wait_for_append("nobody", -1, 0) is False
    finally:
        watcher.close()


def test_status_words_are_the_shells_status_table(fight):
    _, encounter = fight
    encounter.execute({"do": "condition", "target": "brom", "add": "poisoned", "until": "end_of_turn", "of": "gob1"})
    french = encounter.status_words("fr")
    assert french["title"] == "Le pont des gobelins — round 1 — tour d'Aria"
    assert french["rows"]["brom"] == {"conditions": "empoisonné → fin du tour de Gobelin (gob1)", "left": "réaction"}
    assert french["rows"]["aria"]["left"] == "action, bonus, réaction, 9 m"  # her turn: everything left
    before = encounter.status_words("en", at=encounter.seq - 2)
    assert before["rows"]["brom"]["conditions"] == ""


def test_a_conflict_in_a_list_says_which_command_lost_and_what_the_ones_before_appended(fight):
    path, encounter = fight
    seq = encounter.seq
    with combatlog.open_log(path) as other:
        rival = other.encounter("default")
        # Another writer appends between the first and the second command of the list.
        original = encounter._engine.execute

        def racing(command, **kwargs):
            if command.get("dc") == 2:
                rival.execute({"do": "check", "id": "brom", "ability": "wis", "dc": 99})
            return original(command, **kwargs)

        encounter._engine.execute = racing
        with pytest.raises(combatlog.ConcurrencyConflict) as raised:
            encounter.execute_all([{"do": "check", "id": "aria", "ability": "str", "dc": 1},
                                   {"do": "check", "id": "aria", "ability": "str", "dc": 2}])
    assert raised.value.line == 2
    assert [line["body"]["seq"] for line in raised.value.events][0] == seq + 1
    commands = [line["body"]["event"]["command"] for line in encounter.events(after=seq)
                if line["body"]["event"]["type"] == "CommandIssued"]
    assert [command["dc"] for command in commands] == [1, 99]  # the lost one appended nothing
