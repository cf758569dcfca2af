"""The foundation through the `combatlog` CLI: hash chain, atomic rejections, concurrency, damaged files,
JSONL round trips, time travel, dice, logging, and undo/redo/revert.

Given a log written by `combatlog run`, When the DM runs another CLI command, Then the exit code, the
messages and the state document are what INTERFACE.md promises.
"""

import json
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from combatlog.cli.main import main as cli_main
from combatlog.events.envelope import compute_hash
from combatlog.events.meta import CommandIssued
from combatlog.events.stores import ConcurrencyConflict, SQLiteStore, open_store
from combatlog.replay.engine import Encounter
from conftest import run_script, state_of

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

# A short fight: aria (fighter, longsword +7, 1d8+4) against gob1 (goblin, AC 15, 7 HP); aria's turn, round 1.
# Events: create 0-1, add aria 2-3, add gob1 4-5, initiative 6-7 and 8-9, start 10-12.
FIGHT = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
    {"do": "initiative", "id": "aria", "dice": [15]},
    {"do": "initiative", "id": "gob1", "dice": [3]},
    {"do": "start"},
]
# 9 + 7 = 16 hits AC 15; a 2 on the d8 deals 6: gob1 7 -> 1 HP.
HIT = {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [9, 2]}


# --- helpers -----------------------------------------------------------------------------------------


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    """Run `combatlog ARGV` in-process: (exit code, stdout, stderr)."""
    capsys.readouterr()
    code = cli_main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cli_process(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run `combatlog ARGV` as a real process (so an escaping exception shows as a traceback)."""
    return subprocess.run(
        [sys.executable, "-m", "combatlog.cli.main", *argv], capture_output=True, text=True, input=stdin
    )


def records_of(log: Path, encounter: str = "default") -> list:
    with open_store(log) as store:
        return list(store.read(encounter))


def commands_of(log: Path) -> list[dict]:
    """The commands recorded in the log, verbatim, in order (undo markers included)."""
    return [record.event.command for record in records_of(log) if isinstance(record.event, CommandIssued)]


def count_rows(db: Path) -> int:
    """Events stored in a SQLite log, counted without going through combatlog."""
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT COUNT(*) FROM events").fetchone()[0]


def without_seq(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "seq"}


def faces_of(log: Path, event_type: str) -> list[tuple[int, ...]]:
    """Every die face of the events named `event_type`, per event, in log order."""
    found = []
    for record in records_of(log):
        if type(record.event).__name__ != event_type:
            continue
        event = record.event
        if hasattr(event, "parts"):
            found.append(tuple(face for part in event.parts for face in part.faces))
        else:
            found.append(tuple(event.faces))
    return found


def tamper(db: Path, seq: int, **columns) -> None:
    """Overwrite columns of one stored event with sqlite3 directly, as a hand edit would."""
    with sqlite3.connect(db) as connection:
        for column, value in columns.items():
            connection.execute(f"UPDATE events SET {column} = ? WHERE seq = ?", (value, seq))


def body_of(db: Path, seq: int) -> bytes:
    with sqlite3.connect(db) as connection:
        return bytes(connection.execute("SELECT body FROM events WHERE seq = ?", (seq,)).fetchone()[0])


def edited_digit(body: bytes) -> bytes:
    """The body with gob1's max_hp 7 turned into 9: one byte changed, still valid JSON."""
    edited, count = re.subn(rb'"max_hp":7\b', b'"max_hp":9', body)
    assert count == 1 and len(edited) == len(body) and edited != body
    json.loads(edited)
    return edited


def assert_clean_failure(result: subprocess.CompletedProcess, *fragments: str) -> None:
    """Exit 1 with one line on stderr naming `fragments`, and no Python traceback."""
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0], result.stderr


@pytest.fixture
def fought(run, log) -> Path:
    """A SQLite log holding FIGHT and HIT (17 events, seq 0-16)."""
    result = run(*FIGHT, HIT)
    assert result.code == 0, result.err
    assert result.state["combatants"]["gob1"]["hp"] == 1
    return log


# --- hash chain ----------------------------------------------------------------------------------------


def test_verify_of_an_intact_log_exits_0_with_a_one_line_summary(fought, capsys):
    code, out, err = cli(capsys, "verify", str(fought))
    assert code == 0, err
    assert err == ""
    assert len(out.strip().splitlines()) == 1
    assert str(len(records_of(fought))) in out


def test_the_tampered_event_is_event_5_a_combatant_added(fought):
    assert type(records_of(fought)[5].event).__name__ == "CombatantAdded"


def test_verify_names_the_event_whose_body_was_edited_by_one_byte(fought, capsys):
    tamper(fought, 5, body=edited_digit(body_of(fought, 5)))
    code, out, err = cli(capsys, "verify", str(fought))
    assert code == 1
    assert "event 5" in err
    assert "ok" not in out


def test_verify_names_the_event_whose_stored_hash_was_edited(fought, capsys):
    tamper(fought, 5, hash=compute_hash(b"something else"))
    code, _, err = cli(capsys, "verify", str(fought))
    assert code == 1
    assert "event 5" in err


def test_a_resealed_edit_breaks_the_link_to_the_next_event(fought, capsys):
    # Given an edit whose own hash is recomputed, When verifying, Then event 6 no longer follows event 5.
    edited = edited_digit(body_of(fought, 5))
    tamper(fought, 5, body=edited, hash=compute_hash(edited))
    code, _, err = cli(capsys, "verify", str(fought))
    assert code == 1
    assert "event 6" in err


@pytest.mark.parametrize("column", ["body", "hash"])
def test_state_of_a_tampered_log_fails_cleanly(fought, column):
    value = edited_digit(body_of(fought, 5)) if column == "body" else compute_hash(b"x")
    tamper(fought, 5, **{column: value})
    assert_clean_failure(cli_process("state", str(fought), "--json"), "event 5")


def test_running_a_script_on_a_tampered_log_fails_cleanly_and_appends_nothing(fought, tmp_path):
    tamper(fought, 5, body=edited_digit(body_of(fought, 5)))
    before = count_rows(fought)
    script = tmp_path / "more.jsonl"
    script.write_text(json.dumps({"do": "end_turn"}) + "\n", encoding="utf-8")
    assert_clean_failure(cli_process("run", str(script), "--log", str(fought), "--quiet"), "event 5")
    assert count_rows(fought) == before


# --- a rejected command appends nothing ---------------------------------------------------------------

LINE_1 = {"do": "temp_hp", "target": "aria", "amount": 3}
LINE_2 = {"do": "condition", "target": "gob1", "add": "poisoned"}

REJECTIONS = {
    "unknown command": ({"do": "fly_away"}, "fly_away"),
    "unknown field": ({"do": "heal", "target": "aria", "amount": 3, "bogus": 1}, "bogus"),
    "unknown combatant": ({"do": "heal", "target": "nobody", "amount": 3}, "nobody"),
    "d20 face 25": ({"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [25]}, "25"),
    "d20 face 0": ({"do": "save", "id": "aria", "ability": "dex", "dc": 10, "dice": [0]}, "0"),
    "d8 damage face 9": (
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 9]}, "9"),
    "unused dice": ({"do": "save", "id": "aria", "ability": "dex", "dc": 10, "dice": [5, 6]}, "6"),
    "start in the turn phase": ({"do": "start"}, "start"),
    "death save of a creature that is not dying": ({"do": "death_save", "id": "aria"}, "death_save"),
    "bad JSON line": ('{"do": "heal", "target": ', "JSON"),
    "JSON that is not an object": ("[1, 2]", ""),
    "a second create": ({"do": "create", "ruleset": "dnd5e-2014", "seed": 3}, "create"),
    "redo without undo": ({"do": "redo"}, "redo"),
}


@pytest.mark.parametrize("bad", list(REJECTIONS.values()), ids=list(REJECTIONS))
def test_a_rejected_line_keeps_exactly_the_lines_before_it(fought, run, tmp_path, capsys, bad):
    # Given a running fight, When a script's line 3 is rejected,
    line, reason = bad
    commands_before = commands_of(fought)
    rows_before = count_rows(fought)
    result = run(LINE_1, LINE_2, line)
    # Then run exits 2 naming line 3,
    assert result.code == 2
    assert result.err.startswith("line 3: "), result.err
    assert len(result.err.strip().splitlines()) == 1
    assert reason in result.err.removeprefix("line 3: ")
    assert "Traceback" not in result.err
    # and the log holds exactly lines 1 and 2 after what it held.
    assert commands_of(fought) == commands_before + [LINE_1, LINE_2]
    reference = tmp_path / "reference.db"
    assert run_script(reference, *FIGHT, HIT, LINE_1, LINE_2, capsys=capsys).code == 0
    assert count_rows(fought) == count_rows(reference) > rows_before
    assert result.state == state_of(reference)


@pytest.mark.parametrize("bad", list(REJECTIONS.values()), ids=list(REJECTIONS))
def test_a_rejected_command_appends_nothing(fought, run, bad):
    line, _ = bad
    rows_before, state_before = count_rows(fought), state_of(fought)
    result = run(line)
    assert result.code == 2
    assert result.err.startswith("line 1: ")
    assert count_rows(fought) == rows_before
    assert result.state == state_before


def test_line_numbers_count_comments_and_blank_lines(run, log):
    result = run("# the ambush", FIGHT[0], "", {"do": "heal", "target": "nobody", "amount": 1})
    assert result.code == 2
    assert result.err.startswith("line 4: "), result.err
    assert commands_of(log) == [FIGHT[0]]


def test_a_script_rejected_at_its_first_line_leaves_a_new_log_empty(run, log):
    result = run({"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"}, FIGHT[0])
    assert result.code == 2
    assert result.err.startswith("line 1: ")
    assert not log.exists() or count_rows(log) == 0


def test_a_script_may_span_several_runs_on_the_same_log(run, log, tmp_path, capsys):
    assert run(*FIGHT[:3]).code == 0
    assert run(*FIGHT[3:], HIT).code == 0
    reference = tmp_path / "reference.db"
    assert run_script(reference, *FIGHT, HIT, capsys=capsys).code == 0
    assert state_of(log) == state_of(reference)
    assert commands_of(log) == FIGHT + [HIT]


# --- concurrent append ---------------------------------------------------------------------------------


def test_a_stale_writer_gets_a_conflict_and_the_log_keeps_one_copy(fought):
    # Given two encounters opened on the same SQLite file at the same seq,
    first_store, second_store = SQLiteStore(fought), SQLiteStore(fought)
    try:
        first, second = Encounter(first_store, "default"), Encounter(second_store, "default")
        assert first.next_seq == second.next_seq == 17
        second_state = second.state
        # When the first appends a command,
        command = {"do": "condition", "target": "gob1", "add": "prone"}
        appended = first.execute(command)
        # Then the second's append of the same command is refused,
        with pytest.raises(ConcurrencyConflict) as conflict:
            second.execute(command)
        assert conflict.value.expected_seq == 17
        assert conflict.value.actual_next_seq == 17 + len(appended)
        assert "reload" in str(conflict.value)
        # its view is unchanged,
        assert second.next_seq == 17 and second.state == second_state
    finally:
        first_store.close()
        second_store.close()
    # and the log holds the command exactly once.
    assert count_rows(fought) == 17 + len(appended)
    assert commands_of(fought).count(command) == 1
    assert state_of(fought)["combatants"]["gob1"]["conditions"] == ["prone"]


def test_a_writer_that_reloads_after_a_conflict_can_append(fought):
    with SQLiteStore(fought) as one, SQLiteStore(fought) as two:
        first, second = Encounter(one, "default"), Encounter(two, "default")
        first.execute({"do": "temp_hp", "target": "aria", "amount": 4})
        with pytest.raises(ConcurrencyConflict):
            second.execute({"do": "temp_hp", "target": "aria", "amount": 5})
        reloaded = Encounter(two, "default")
        reloaded.execute({"do": "temp_hp", "target": "aria", "amount": 5})
    assert state_of(fought)["combatants"]["aria"]["temp_hp"] == 5
    assert [c.get("amount") for c in commands_of(fought) if c["do"] == "temp_hp"] == [4, 5]


# --- damaged files -------------------------------------------------------------------------------------


@pytest.fixture
def truncated_db(fought, tmp_path) -> Path:
    damaged = tmp_path / "damaged.db"
    shutil.copyfile(fought, damaged)
    assert damaged.stat().st_size > 1000
    with open(damaged, "r+b") as handle:
        handle.truncate(1000)
    return damaged


@pytest.mark.parametrize("argv", [["state", "{log}", "--json"], ["verify", "{log}"], ["export", "{log}"]])
def test_a_truncated_sqlite_log_is_a_clean_one_line_error(truncated_db, argv):
    result = cli_process(*[arg.format(log=truncated_db) for arg in argv])
    assert_clean_failure(result, truncated_db.name)


def test_running_a_script_on_a_truncated_sqlite_log_is_a_clean_error(truncated_db, tmp_path):
    script = tmp_path / "more.jsonl"
    script.write_text(json.dumps({"do": "end_turn"}) + "\n", encoding="utf-8")
    size = truncated_db.stat().st_size
    result = cli_process("run", str(script), "--log", str(truncated_db), "--quiet")
    assert_clean_failure(result, truncated_db.name)
    assert truncated_db.stat().st_size == size


def test_a_missing_log_is_a_clean_error_and_is_not_created(tmp_path):
    missing = tmp_path / "missing.db"
    for argv in (["state", str(missing), "--json"], ["verify", str(missing)]):
        assert_clean_failure(cli_process(*argv), "missing.db")
    assert not missing.exists()


@pytest.fixture
def cut_export(fought, tmp_path, capsys) -> Path:
    """A JSONL export whose last line is cut in the middle, as by an interrupted copy."""
    whole = tmp_path / "whole.jsonl"
    assert cli(capsys, "export", str(fought), "--format", "jsonl", "-o", str(whole))[0] == 0
    data = whole.read_bytes()
    last_line_start = data.rstrip(b"\n").rfind(b"\n") + 1
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(data[: last_line_start + (len(data) - last_line_start) // 2])
    assert not cut.read_bytes().endswith(b"\n")
    return cut


def test_importing_a_jsonl_export_cut_mid_line_fails_cleanly_and_imports_nothing(cut_export, tmp_path):
    target = tmp_path / "new.db"
    result = cli_process("import", str(cut_export), "--log", str(target))
    assert_clean_failure(result, "cut.jsonl", "line 17")
    assert not target.exists() or count_rows(target) == 0


@pytest.mark.parametrize("argv", [["state", "{log}", "--json"], ["verify", "{log}"]])
def test_a_jsonl_log_cut_mid_line_is_a_clean_one_line_error(cut_export, argv):
    assert_clean_failure(cli_process(*[arg.format(log=cut_export) for arg in argv]), "line 17")


def test_running_a_script_on_a_jsonl_log_cut_mid_line_leaves_it_as_it_was(cut_export, tmp_path):
    script = tmp_path / "more.jsonl"
    script.write_text(json.dumps({"do": "end_turn"}) + "\n", encoding="utf-8")
    data = cut_export.read_bytes()
    assert_clean_failure(cli_process("run", str(script), "--log", str(cut_export), "--quiet"), "line 17")
    assert cut_export.read_bytes() == data


# --- JSONL round trip ----------------------------------------------------------------------------------


def test_export_then_import_keeps_every_hash_and_the_state(fought, tmp_path, capsys):
    exported, copy = tmp_path / "out.jsonl", tmp_path / "new.db"
    code, _, err = cli(capsys, "export", str(fought), "--format", "jsonl", "-o", str(exported))
    assert code == 0, err
    assert len(exported.read_bytes().splitlines()) == 17
    code, out, err = cli(capsys, "import", str(exported), "--log", str(copy))
    assert code == 0, err
    assert "17" in out
    original, imported = records_of(fought), records_of(copy)
    assert [r.hash for r in imported] == [r.hash for r in original]
    assert imported == original
    assert state_of(copy) == state_of(fought)
    assert cli(capsys, "verify", str(copy))[0] == 0


def test_export_to_standard_output_writes_the_same_lines_as_to_a_file(fought, tmp_path):
    exported = tmp_path / "out.jsonl"
    assert cli_process("export", str(fought), "-o", str(exported)).returncode == 0
    printed = cli_process("export", str(fought), "--format", "jsonl")
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.encode() == exported.read_bytes()


def test_importing_the_same_export_twice_is_refused_without_duplicating(fought, tmp_path, capsys):
    exported, copy = tmp_path / "out.jsonl", tmp_path / "new.db"
    cli(capsys, "export", str(fought), "-o", str(exported))
    assert cli(capsys, "import", str(exported), "--log", str(copy))[0] == 0
    code, _, err = cli(capsys, "import", str(exported), "--log", str(copy))
    assert code == 1
    assert len(err.strip().splitlines()) == 1
    assert count_rows(copy) == 17


def test_an_imported_log_can_go_on_with_the_fight(fought, tmp_path, capsys):
    exported, copy = tmp_path / "out.jsonl", tmp_path / "new.db"
    cli(capsys, "export", str(fought), "-o", str(exported))
    cli(capsys, "import", str(exported), "--log", str(copy))
    assert run_script(copy, {"do": "end_turn"}, capsys=capsys).code == 0
    assert run_script(fought, {"do": "end_turn"}, capsys=capsys).code == 0
    assert state_of(copy) == state_of(fought)
    assert state_of(copy)["turn"] == "gob1"


def test_a_jsonl_log_path_works_directly_with_run_and_state(fought, tmp_path, capsys):
    jsonl_log = tmp_path / "fight.jsonl"
    assert run_script(jsonl_log, *FIGHT, capsys=capsys).code == 0
    assert run_script(jsonl_log, HIT, capsys=capsys).code == 0
    assert state_of(jsonl_log) == state_of(fought)
    assert state_of(jsonl_log, at=12) == state_of(fought, at=12)
    assert cli(capsys, "verify", str(jsonl_log))[0] == 0
    # the file is the export format itself: importing it gives back the same hashes
    copy = tmp_path / "copy.db"
    assert cli(capsys, "import", str(jsonl_log), "--log", str(copy))[0] == 0
    assert [r.hash for r in records_of(copy)] == [r.hash for r in records_of(jsonl_log)]


def test_a_rejected_line_appends_nothing_to_a_jsonl_log(tmp_path, capsys):
    jsonl_log = tmp_path / "fight.jsonl"
    assert run_script(jsonl_log, *FIGHT, capsys=capsys).code == 0
    data = jsonl_log.read_bytes()
    result = run_script(jsonl_log, LINE_1, {"do": "fly_away"}, capsys=capsys)
    assert result.code == 2 and result.err.startswith("line 2: ")
    assert jsonl_log.read_bytes().startswith(data)
    assert commands_of(jsonl_log) == FIGHT + [LINE_1]


# --- time travel ---------------------------------------------------------------------------------------


def test_state_at_a_seq_is_the_state_right_after_that_event(run, log):
    assert run(*FIGHT).code == 0
    before_hit = state_of(log)
    assert run(HIT).code == 0
    after_hit = state_of(log)
    assert before_hit["seq"] == 12 and after_hit["seq"] == 16
    assert state_of(log, at=12) == before_hit
    assert state_of(log, at=12)["combatants"]["gob1"]["hp"] == 7
    assert state_of(log, at=16) == after_hit
    assert state_of(log, at=16)["combatants"]["gob1"]["hp"] == 1


def test_state_at_walks_back_through_setup(fought):
    assert state_of(fought, at=1)["combatants"] == {}
    assert list(state_of(fought, at=3)["combatants"]) == ["aria"]
    assert state_of(fought, at=9)["phase"] == "setup"
    assert state_of(fought, at=9)["turn"] is None
    assert state_of(fought, at=12)["phase"] == "turn"
    assert state_of(fought, at=12)["turn"] == "aria"


def test_state_at_inside_a_command_shows_the_events_up_to_that_seq(fought):
    types = [type(r.event).__name__ for r in records_of(fought)]
    damage_seq = types.index("DamageTaken")
    at = state_of(fought, at=damage_seq - 1)
    assert at["seq"] == damage_seq - 1
    assert at["combatants"]["gob1"]["hp"] == 7
    assert state_of(fought, at=damage_seq)["combatants"]["gob1"]["hp"] == 1


@pytest.mark.parametrize("seq", ["17", "9999", "-1"])
def test_state_at_a_seq_outside_the_log_is_a_clear_error(fought, capsys, seq):
    code, out, err = cli(capsys, "state", str(fought), "--json", "--at", seq)
    assert code != 0
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert seq in err and "16" in err  # names the asked seq and the last one


def test_state_at_a_seq_outside_the_log_fails_without_traceback(fought):
    result = cli_process("state", str(fought), "--json", "--at", "17")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and result.stdout == ""


# --- dice ----------------------------------------------------------------------------------------------


# Nothing typed in: every roll comes from the seed.
SEEDED = [
    {"do": "create", "ruleset": "dnd5e-2014", "seed": 2026},
    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"},
    {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin"},
    {"do": "initiative", "id": "aria", "value": 30},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "initiative", "id": "gob2", "value": 5},
    {"do": "start"},
    {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword"},
    {"do": "attack", "attacker": "aria", "target": "gob2", "with": "longsword"},
    {"do": "end_turn"},
]


def test_without_dice_the_same_seed_and_script_give_the_same_fight(tmp_path, capsys):
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    assert run_script(one, *SEEDED, capsys=capsys).code == 0
    assert run_script(two, *SEEDED, capsys=capsys).code == 0
    assert state_of(one) == state_of(two)
    assert [r.event for r in records_of(one)] == [r.event for r in records_of(two)]
    # the seeded rolls are recorded face by face
    attacks = faces_of(one, "AttackRolled")
    assert len(attacks) == 2 and all(len(faces) == 1 for faces in attacks)
    assert all(1 <= face <= 20 for faces in attacks for face in faces)


def test_the_goblin_ambush_fixture_replays_identically_from_its_seed(tmp_path, capsys):
    lines = (FIXTURES / "encounters" / "goblin_ambush.jsonl").read_text(encoding="utf-8").splitlines()
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    first = run_script(one, *lines, capsys=capsys)
    assert first.code == 0, first.err
    assert run_script(two, *lines, capsys=capsys).code == 0
    assert state_of(one) == state_of(two)
    assert [r.event for r in records_of(one)] == [r.event for r in records_of(two)]


def test_without_dice_the_same_seed_gives_the_same_rolls_in_two_logs(tmp_path, capsys):
    script = FIGHT + [{"do": "damage", "target": "aria", "roll": "6d6", "type": "fire"},
                      {"do": "save", "id": "aria", "ability": "con", "dc": 12}]
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    assert run_script(one, *script, capsys=capsys).code == 0
    assert run_script(two, *script, capsys=capsys).code == 0
    assert state_of(one) == state_of(two)
    damage = faces_of(one, "DamageTaken")
    assert len(damage[0]) == 6 and all(1 <= face <= 6 for face in damage[0])
    assert damage == faces_of(two, "DamageTaken")
    assert 44 - state_of(one)["combatants"]["aria"]["hp"] == sum(damage[0])


@pytest.mark.parametrize(
    "command",
    [
        {"do": "initiative", "id": "gob1", "dice": [21]},
        {"do": "initiative", "id": "gob1", "dice": [0]},
        {"do": "initiative", "id": "gob1", "dice": [-3]},
        {"do": "heal", "target": "aria", "roll": "2d4", "dice": [4, 5]},
        {"do": "damage", "target": "gob1", "roll": "1d6", "type": "fire", "dice": [7]},
        {"do": "damage", "target": "gob1", "roll": "1d6", "type": "fire", "dice": [3, 3]},
    ],
    ids=["d20 21", "d20 0", "d20 -3", "d4 5", "d6 7", "one die too many"],
)
def test_supplied_dice_must_fit_the_roll_exactly(run, log, command):
    assert run(*FIGHT[:3]).code == 0
    before = count_rows(log)
    result = run(command)
    assert result.code == 2, result.err
    assert result.err.startswith("line 1: ")
    assert count_rows(log) == before


def test_supplied_dice_are_recorded_face_by_face(fought):
    assert faces_of(fought, "AttackRolled") == [(9,)]
    assert faces_of(fought, "DamageTaken") == [(2,)]


# --- logging ---------------------------------------------------------------------------------------------


def write_script(path: Path, commands: list) -> Path:
    path.write_text("\n".join(json.dumps(c) for c in commands) + "\n", encoding="utf-8")
    return path


def test_verbose_run_prints_json_log_lines_naming_the_encounter(tmp_path):
    script, log = write_script(tmp_path / "fight.jsonl", FIGHT + [HIT]), tmp_path / "fight.db"
    result = cli_process("-v", "run", str(script), "--log", str(log), "--quiet")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines
    entries = [json.loads(line) for line in lines]
    assert all("encounter" in entry for entry in entries)
    assert {entry["encounter"] for entry in entries} == {"default"}


def test_a_successful_run_prints_nothing_on_stderr_without_v(tmp_path):
    script, log = write_script(tmp_path / "fight.jsonl", FIGHT + [HIT]), tmp_path / "fight.db"
    result = cli_process("run", str(script), "--log", str(log))
    assert result.returncode == 0
    assert result.stderr == ""
    # without --quiet it prints what the table reads: what happened, then the status table with its headers
    # (issue 23: the run's table had no headers); gob1's row shows its HP, 1 of 7
    assert "gob1" in result.stdout and re.search(r"Init\s+Id\s+Name\s+HP\s+AC", result.stdout)
    assert re.search(r"gob1\s+Goblin\s+\S+ 1/7\s+15", result.stdout)
    as_json = cli_process("run", str(write_script(tmp_path / "none.jsonl", [])), "--log", str(log), "--json")
    assert as_json.returncode == 0 and json.loads(as_json.stdout)["combatants"]["gob1"]["hp"] == 1
    quiet = cli_process("run", str(write_script(tmp_path / "more.jsonl", [{"do": "end_turn"}])), "--log", str(log),
                        "--quiet")
    assert quiet.returncode == 0 and quiet.stdout == "" and quiet.stderr == ""


def test_a_script_can_come_from_standard_input(tmp_path):
    log = tmp_path / "fight.db"
    result = cli_process("run", "-", "--log", str(log), "--quiet",
                         stdin="\n".join(json.dumps(c) for c in FIGHT + [HIT]) + "\n")
    assert result.returncode == 0, result.stderr
    assert state_of(log)["combatants"]["gob1"]["hp"] == 1


# --- undo, redo, revert ----------------------------------------------------------------------------------


UNDOABLE = {
    "attack that hits": HIT,
    "attack without dice": {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword"},
    "condition": {"do": "condition", "target": "gob1", "add": "prone"},
    "end_turn": {"do": "end_turn"},
    "knock out": {"do": "damage", "target": "aria", "amount": 44, "type": "fire"},
    "kill": {"do": "damage", "target": "gob1", "amount": 30, "type": "fire"},
    "temp_hp": {"do": "temp_hp", "target": "aria", "amount": 5},
    "heal": {"do": "heal", "target": "aria", "roll": "2d4"},
    "save": {"do": "save", "id": "gob1", "ability": "dex", "dc": 12},
    "add mid-combat": {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin"},
}


@pytest.mark.parametrize("command", list(UNDOABLE.values()), ids=list(UNDOABLE))
def test_undo_restores_the_state_exactly_as_before_the_command(run, log, command):
    assert run(*FIGHT, {"do": "damage", "target": "aria", "amount": 6, "type": "fire"}).code == 0
    before = state_of(log)
    assert run(command).code == 0
    done = state_of(log)
    rows = count_rows(log)
    result = run({"do": "undo"})
    assert result.code == 0, result.err
    assert without_seq(state_of(log)) == without_seq(before)
    assert count_rows(log) > rows  # nothing deleted: an undo is appended
    # and redo brings the command back exactly
    assert run({"do": "redo"}).code == 0
    assert without_seq(state_of(log)) == without_seq(done)


def test_undo_of_start_goes_back_to_setup(run, log):
    assert run(*FIGHT[:5]).code == 0
    before = state_of(log)
    assert run(FIGHT[5], {"do": "undo"}).code == 0
    after = state_of(log)
    assert after["phase"] == "setup" and after["turn"] is None and after["round"] == before["round"]
    assert without_seq(after) == without_seq(before)


def test_undo_with_steps_undoes_several_commands(run, log):
    assert run(*FIGHT).code == 0
    before = state_of(log)
    assert run(HIT, {"do": "condition", "target": "aria", "add": "prone"}, {"do": "end_turn"}).code == 0
    assert run({"do": "undo", "steps": 3}).code == 0
    assert without_seq(state_of(log)) == without_seq(before)


def test_undo_then_redo_one_by_one(run, log):
    assert run(*FIGHT).code == 0
    states = [state_of(log)]
    for command in (HIT, {"do": "condition", "target": "aria", "add": "prone"}, {"do": "end_turn"}):
        assert run(command).code == 0
        states.append(state_of(log))
    for expected in reversed(states[:-1]):
        assert run({"do": "undo"}).code == 0
        assert without_seq(state_of(log)) == without_seq(expected)
    for expected in states[1:]:
        assert run({"do": "redo"}).code == 0
        assert without_seq(state_of(log)) == without_seq(expected)
    result = run({"do": "redo"})
    assert result.code == 2 and "redo" in result.err


def test_an_undone_log_still_verifies_and_travels_in_time(run, log, capsys):
    assert run(*FIGHT, HIT, {"do": "undo"}).code == 0
    assert cli(capsys, "verify", str(log))[0] == 0
    assert state_of(log, at=16)["combatants"]["gob1"]["hp"] == 1
    assert state_of(log)["combatants"]["gob1"]["hp"] == 7


@pytest.mark.parametrize(
    "command",
    [
        {"do": "damage", "target": "aria", "roll": "4d6", "type": "fire"},
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword"},
        {"do": "save", "id": "gob1", "ability": "dex", "dc": 12},
    ],
    ids=["damage", "attack", "save"],
)
def test_reissuing_a_seeded_command_after_undo_rolls_the_same_dice(run, log, command):
    event_type = {"damage": "DamageTaken", "attack": "AttackRolled", "save": "SavingThrowRolled"}[command["do"]]
    assert run(*FIGHT).code == 0
    assert run(command).code == 0
    first = state_of(log)
    first_faces = faces_of(log, event_type)
    assert len(first_faces) == 1 and first_faces[0]
    # When the command is undone and issued again without dice,
    assert run({"do": "undo"}, command).code == 0
    # Then the seeded RNG has rewound: the same faces, the same state.
    assert faces_of(log, event_type) == first_faces * 2
    assert without_seq(state_of(log)) == without_seq(first)


def test_a_new_command_after_undo_clears_redo(run, log):
    assert run(*FIGHT, HIT, {"do": "undo"}, {"do": "condition", "target": "aria", "add": "prone"}).code == 0
    rows, before = count_rows(log), state_of(log)
    result = run({"do": "redo"})
    assert result.code == 2
    assert result.err.startswith("line 1: ") and "redo" in result.err
    assert count_rows(log) == rows and state_of(log) == before
    assert before["combatants"]["gob1"]["hp"] == 7


def test_redo_without_a_preceding_undo_is_rejected(run, log):
    assert run(*FIGHT, HIT).code == 0
    rows = count_rows(log)
    result = run({"do": "redo"})
    assert result.code == 2 and count_rows(log) == rows


def test_undo_with_nothing_to_undo_is_rejected(run, log):
    assert run(FIGHT[0]).code == 0
    rows = count_rows(log)
    result = run({"do": "undo"})
    assert result.code == 2 and "undo" in result.err
    assert count_rows(log) == rows


def test_revert_undoes_everything_after_the_seq_as_one_command(run, log):
    # Given the fight at event 12, then three more commands,
    assert run(*FIGHT).code == 0
    at_12 = state_of(log)
    assert at_12["seq"] == 12
    assert run(HIT, {"do": "condition", "target": "aria", "add": "prone"}, {"do": "end_turn"},
               {"do": "damage", "target": "aria", "amount": 10, "type": "fire"}).code == 0
    before_revert = state_of(log)
    assert before_revert["turn"] == "gob1"
    # When the DM reverts to 12, Then the state is the state at 12,
    assert run({"do": "revert", "to": 12}).code == 0
    assert without_seq(state_of(log)) == without_seq(at_12)
    # one undo restores all four commands at once,
    assert run({"do": "undo"}).code == 0
    assert without_seq(state_of(log)) == without_seq(before_revert)
    # and redo reverts again.
    assert run({"do": "redo"}).code == 0
    assert without_seq(state_of(log)) == without_seq(at_12)


def test_after_a_revert_the_fight_goes_on_from_there(run, log, tmp_path, capsys):
    assert run(*FIGHT, HIT, {"do": "end_turn"}, {"do": "revert", "to": 12}, HIT).code == 0
    reference = tmp_path / "reference.db"
    assert run_script(reference, *FIGHT, HIT, capsys=capsys).code == 0
    assert without_seq(state_of(log)) == without_seq(state_of(reference))
    # undo now undoes the attack made after the revert, not the revert
    assert run({"do": "undo"}).code == 0
    assert without_seq(state_of(log)) == without_seq(state_of(reference, at=12))


@pytest.mark.parametrize("to", [14, 17, 999, -1], ids=["inside a command", "the next seq", "past the end",
                                                        "negative"])
def test_revert_to_a_seq_that_is_not_a_command_boundary_is_rejected(fought, run, to):
    rows, before = count_rows(fought), state_of(fought)
    result = run({"do": "revert", "to": to})
    assert result.code == 2, result.err
    assert result.err.startswith("line 1: ")
    assert count_rows(fought) == rows and state_of(fought) == before


def test_revert_to_the_last_event_has_nothing_to_revert(fought, run):
    result = run({"do": "revert", "to": 16})
    assert result.code == 2
    assert count_rows(fought) == 17


# `undo` with `steps: N` is N undos in one command, also when one of them undoes a revert (whose
# restored commands are then the last ones in force).

REVERTED_FIGHT = FIGHT + [HIT, {"do": "condition", "target": "gob1", "add": "prone"}, {"do": "revert", "to": 12}]


def test_undo_two_steps_across_a_revert_is_the_same_as_two_undos(run, log, tmp_path, capsys):
    reference = tmp_path / "reference.db"
    assert run_script(reference, *REVERTED_FIGHT, {"do": "undo"}, {"do": "undo"}, capsys=capsys).code == 0
    expected = state_of(reference)
    # two undos: the revert is undone, then the prone condition; the hit stays and combat goes on
    assert expected["phase"] == "turn" and expected["combatants"]["gob1"]["hp"] == 1
    assert expected["combatants"]["gob1"]["conditions"] == []
    result = run(*REVERTED_FIGHT, {"do": "undo", "steps": 2})
    assert result.code == 0, result.err
    assert without_seq(state_of(log)) == without_seq(expected)


def test_undo_two_steps_after_reverting_everything_is_accepted(run, log, tmp_path, capsys):
    script = FIGHT + [HIT, {"do": "revert", "to": 1}]
    reference = tmp_path / "reference.db"
    assert run_script(reference, *script, {"do": "undo"}, {"do": "undo"}, capsys=capsys).code == 0
    result = run(*script, {"do": "undo", "steps": 2})
    assert result.code == 0, result.err
    assert without_seq(state_of(log)) == without_seq(state_of(reference))


def test_undo_two_steps_across_a_revert_never_leaves_an_unreadable_log(tmp_path, capsys):
    # Given a revert to event 5 (gob1 just added), When the DM undoes 2 steps,
    script = write_script(tmp_path / "script.jsonl", FIGHT + [{"do": "revert", "to": 5}, {"do": "undo", "steps": 2}])
    log = tmp_path / "fight.db"
    result = cli_process("run", str(script), "--log", str(log), "--quiet")
    # Then the command is accepted or refused cleanly, and the log can still be read.
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode in (0, 2), result.stderr
    state = cli_process("state", str(log), "--json")
    assert state.returncode == 0 and "Traceback" not in state.stderr, state.stderr
    if result.returncode == 0:
        reference = tmp_path / "reference.db"
        assert run_script(reference, *FIGHT, {"do": "revert", "to": 5}, {"do": "undo"}, {"do": "undo"},
                          capsys=capsys).code == 0
        assert without_seq(json.loads(state.stdout)) == without_seq(state_of(reference))
