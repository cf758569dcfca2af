"""Storage faults (issue 11): each one is detected by verify and named by seq, and kill -9 never loses a command.

Real files, real processes: a `combatlog run` killed with SIGKILL mid-script (SQLite and JSON Lines), bits
flipped in an event and in the (encounter, seq) index, a forged snapshot, swapped and deleted rows.
"""

import io
import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import msgspec
import pytest

from combatlog.cli.main import main
from combatlog.events.stores import SQLiteStore
from combatlog.replay.engine import Encounter
from combatlog.replay.snapshots import decode_snapshot, encode_snapshot

SETUP = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 9},
    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "start"},
]
# Long enough that the run is still going when the kill comes (up to 0.3 s after the file reaches 20 kB),
# however fast commands get: 3000 was within reach of the kill window once a command cost ~100 µs.
LONG = SETUP + [{"do": "damage", "target": "gob1", "amount": 1, "type": "fire"} if n % 2 == 0
                else {"do": "heal", "target": "gob1", "amount": 1} for n in range(12000)]


def cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in argv])
    return code, out.getvalue(), err.getvalue()


def write_script(path: Path, commands) -> Path:
    path.write_text("\n".join(json.dumps(command) for command in commands) + "\n", encoding="utf-8")
    return path


def commands_in(log: Path, folder: Path) -> list[dict]:
    out = folder / "commands.out.jsonl"
    if out.exists():
        out.unlink()
    assert cli("export", log, "-o", out)[0] == 0
    events = [json.loads(line)["body"]["event"] for line in out.read_text(encoding="utf-8").splitlines()]
    return [event["command"] for event in events if event["type"] == "CommandIssued"]


def rows(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT seq, txn, type, body, hash FROM events ORDER BY seq").fetchall()


@pytest.fixture
def fought(tmp_path) -> Path:
    log = tmp_path / "fight.db"
    commands = SETUP + [{"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 3]},
                        {"do": "end_turn"}, {"do": "damage", "target": "aria", "amount": 4, "type": "fire"}]
    assert cli("run", write_script(tmp_path / "s.jsonl", commands), "--log", log, "-q")[0] == 0
    return log


def failed_seqs(err: str) -> list[int]:
    return [int(seq) for seq in __import__("re").findall(r"event (\d+):", err)]


# --- kill -9 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".db", ".jsonl"])
@pytest.mark.parametrize("attempt", range(3))
def test_kill_9_during_run_loses_no_whole_command_and_the_log_verifies(tmp_path, suffix, attempt):
    script = write_script(tmp_path / "long.jsonl", LONG)
    log = tmp_path / f"fight{suffix}"
    writer = subprocess.Popen([sys.executable, "-m", "combatlog.cli.main", "run", str(script), "--log", str(log), "-q"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not log.exists() or log.stat().st_size < 20_000):
        time.sleep(0.02)
    time.sleep(random.Random(attempt).uniform(0, 0.3))
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    code, _, err = cli("verify", log)
    if code != 0:  # only a JSON Lines file can be caught mid-write; repair says what it cuts
        assert suffix == ".jsonl", err
        assert "combatlog repair" in err or "produced" in err, err
        repaired, out, err = cli("repair", log)
        assert repaired == 0 and "cut" in out, err
        assert cli("verify", log)[0] == 0
    logged = commands_in(log, tmp_path)
    assert len(SETUP) <= len(logged) < len(LONG), "killed mid-script"
    assert logged == LONG[:len(logged)], "the log holds exactly the first commands of the script"
    more = write_script(tmp_path / "more.jsonl", [{"do": "end_turn"}])
    assert cli("run", more, "--log", log, "-q")[0] == 0
    assert cli("verify", log)[0] == 0


# --- bits flipped -------------------------------------------------------------------------------------


def test_a_bit_flipped_inside_an_event_is_named_by_its_seq(fought):
    target = rows(fought)[9]
    data = bytearray(fought.read_bytes())
    body = bytes(target[3])
    offset = data.find(body)
    assert offset > 0, "the event's bytes sit in the file as they are"
    data[offset + body.index(b'"dm"') + 1] ^= 0x20  # one bit: the actor "dm" becomes "Dm"
    fought.write_bytes(bytes(data))
    code, _, err = cli("verify", fought)
    assert code == 1 and 9 in failed_seqs(err), err


def test_a_bit_flipped_in_the_seq_index_is_caught(fought):
    with sqlite3.connect(fought) as connection:
        (root,) = connection.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'").fetchone()
        (page_size,) = connection.execute("PRAGMA page_size").fetchone()
    connection.close()
    original = fought.read_bytes()
    page = (root - 1) * page_size
    caught = 0
    for position in range(page + page_size - 400, page + page_size, 37):  # cells fill a page from its end
        data = bytearray(original)
        data[position] ^= 0x01
        fought.write_bytes(bytes(data))
        code, out, err = cli("verify", fought)
        if code == 0:  # the flip landed where it changes nothing the log holds
            with sqlite3.connect(fought) as connection:
                assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
                assert connection.execute("SELECT COUNT(*) FROM events").fetchone()[0] == len(rows(fought))
            connection.close()
        else:
            assert "Traceback" not in err
            caught += 1
    assert caught >= 5


# --- snapshots ----------------------------------------------------------------------------------------


def test_a_forged_snapshot_is_named_by_its_seq_and_field(tmp_path):
    log = tmp_path / "snap.db"
    with SQLiteStore(log) as store:
        encounter = Encounter(store, "default", snapshot_every=4)
        for command in SETUP + [{"do": "damage", "target": "gob1", "amount": 2, "type": "fire"}, {"do": "end_turn"},
                                {"do": "end_turn"}, {"do": "heal", "target": "gob1", "amount": 1}]:
            encounter.execute(command)
        seqs = store.snapshot_seqs("default")
    assert seqs, "snapshots were written"
    assert cli("verify", log)[0] == 0
    seq = seqs[-1]
    with sqlite3.connect(log) as connection:
        (body,) = connection.execute("SELECT body FROM snapshots WHERE seq = ?", (seq,)).fetchone()
        snapshot = decode_snapshot(body)
        # A forger who knows the format (and any unkeyed authentication) writes a well-formed snapshot.
        forged = encode_snapshot(seq, snapshot.hash, msgspec.structs.replace(snapshot.state, round=snapshot.state.round + 3))
        connection.execute("UPDATE snapshots SET body = ? WHERE seq = ?", (forged, seq))
    connection.close()
    code, _, err = cli("verify", log)
    assert code == 1 and seq in failed_seqs(err), err
    assert "snapshot" in err and "snapshot.round" in err


def test_a_snapshot_with_bytes_changed_is_named_by_its_seq(tmp_path):
    log = tmp_path / "snap.db"
    with SQLiteStore(log) as store:
        encounter = Encounter(store, "default", snapshot_every=4)
        for command in SETUP + [{"do": "end_turn"}, {"do": "end_turn"}]:
            encounter.execute(command)
        seq = store.snapshot_seqs("default")[-1]
    with sqlite3.connect(log) as connection:
        (body,) = connection.execute("SELECT body FROM snapshots WHERE seq = ?", (seq,)).fetchone()
        damaged = bytearray(body)
        damaged[len(damaged) // 2] ^= 0xFF
        connection.execute("UPDATE snapshots SET body = ? WHERE seq = ?", (bytes(damaged), seq))
    connection.close()
    code, _, err = cli("verify", log)
    state = cli("state", log, "--json")
    assert state[0] == 0, state  # a damaged snapshot is never used: the state folds from the events
    if code == 0:  # the flipped byte changed nothing the snapshot says (e.g. inside a name's padding)
        return
    assert seq in failed_seqs(err), err


def test_a_snapshot_moved_to_another_event_is_named(tmp_path):
    log = tmp_path / "snap.db"
    with SQLiteStore(log) as store:
        encounter = Encounter(store, "default", snapshot_every=4)
        for command in SETUP + [{"do": "end_turn"}, {"do": "end_turn"}]:
            encounter.execute(command)
        seq = store.snapshot_seqs("default")[-1]
    with sqlite3.connect(log) as connection:
        connection.execute("UPDATE snapshots SET seq = seq - 1 WHERE seq = ?", (seq,))
    connection.close()
    code, _, err = cli("verify", log)
    assert code == 1 and seq - 1 in failed_seqs(err), err


# --- rows swapped, deleted ----------------------------------------------------------------------------


def test_two_swapped_rows_are_both_named(fought):
    with sqlite3.connect(fought) as connection:
        connection.execute("UPDATE events SET seq = -1 WHERE seq = 4")
        connection.execute("UPDATE events SET seq = 4 WHERE seq = 11")
        connection.execute("UPDATE events SET seq = 11 WHERE seq = -1")
    connection.close()
    code, _, err = cli("verify", fought)
    assert code == 1
    assert {4, 11} <= set(failed_seqs(err)), err


def test_rows_stored_in_another_physical_order_change_nothing(fought):
    with sqlite3.connect(fought) as connection:
        saved = connection.execute("SELECT encounter, seq, txn, type, body, hash FROM events ORDER BY seq DESC").fetchall()
        connection.execute("DELETE FROM events")
        connection.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)", saved)
    connection.close()
    assert cli("verify", fought)[0] == 0


def test_deleted_rows_in_the_middle_are_named(fought):
    with sqlite3.connect(fought) as connection:
        connection.execute("DELETE FROM events WHERE seq IN (7, 8)")
    connection.close()
    code, _, err = cli("verify", fought)
    assert code == 1 and 7 in failed_seqs(err), err
    assert "missing" in err


def test_an_edited_type_or_txn_column_is_named(fought):
    with sqlite3.connect(fought) as connection:
        connection.execute("UPDATE events SET type = 'Undone' WHERE seq = 5")
        connection.execute("UPDATE events SET txn = 0 WHERE seq = 12")
    connection.close()
    code, _, err = cli("verify", fought)
    assert code == 1 and {5, 12} <= set(failed_seqs(err)), err


def test_whole_commands_deleted_from_the_end_are_caught_by_the_recorded_head(fought):
    last = rows(fought)[-1][1]
    with sqlite3.connect(fought) as connection:
        connection.execute("DELETE FROM events WHERE txn = ?", (last,))
    connection.close()
    code, _, err = cli("verify", fought)
    assert code == 1 and last in failed_seqs(err), err


def test_a_jsonl_log_with_two_lines_swapped_names_both(tmp_path):
    log = tmp_path / "fight.jsonl"
    assert cli("run", write_script(tmp_path / "s.jsonl", SETUP), "--log", log, "-q")[0] == 0
    lines = log.read_bytes().splitlines(keepends=True)
    lines[3], lines[6] = lines[6], lines[3]
    log.write_bytes(b"".join(lines))
    code, _, err = cli("verify", log)
    assert code == 1 and {3, 6} <= set(failed_seqs(err)), err


# --- the head of a .jsonl log (LOG.jsonl.head) -----------------------------------------------------------


@pytest.fixture
def fought_jsonl(tmp_path) -> Path:
    log = tmp_path / "fight.jsonl"
    commands = SETUP + [{"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 3]},
                        {"do": "end_turn"}, {"do": "damage", "target": "aria", "amount": 4, "type": "fire"}]
    assert cli("run", write_script(tmp_path / "s.jsonl", commands), "--log", log, "-q")[0] == 0
    return log


def event_seqs(log: Path) -> list[tuple[int, int]]:
    """(seq, txn) of every line of a one-encounter .jsonl log."""
    return [(n, json.loads(line)["body"]["txn"]) for n, line in enumerate(log.read_bytes().splitlines())]


def test_whole_commands_cut_from_the_end_of_a_jsonl_log_are_caught_by_its_head(fought_jsonl):
    lines = fought_jsonl.read_bytes().splitlines(keepends=True)
    last_txn = event_seqs(fought_jsonl)[-1][1]
    kept = [line for line in lines if json.loads(line)["body"]["txn"] != last_txn]
    fought_jsonl.write_bytes(b"".join(kept))
    code, _, err = cli("verify", fought_jsonl)
    assert code == 1 and len(kept) in failed_seqs(err) and "cut from its end" in err, err


def test_a_jsonl_log_cut_by_repair_keeps_a_head_that_agrees(fought_jsonl):
    data = fought_jsonl.read_bytes()
    fought_jsonl.write_bytes(data[:-25])  # the last line torn mid-way
    assert cli("repair", fought_jsonl)[0] == 0
    assert cli("verify", fought_jsonl)[0] == 0
    more = write_script(fought_jsonl.parent / "more.jsonl", [{"do": "end_turn"}])
    assert cli("run", more, "--log", fought_jsonl, "-q")[0] == 0
    assert cli("verify", fought_jsonl)[0] == 0


def test_a_jsonl_log_without_its_head_still_verifies_by_its_chain(fought_jsonl):
    """A log copied alone (or written before heads were kept): no false alarm, only the chain is checked."""
    Path(f"{fought_jsonl}.head").unlink()
    assert cli("verify", fought_jsonl)[0] == 0
    Path(f"{fought_jsonl}.head").write_bytes(b"not json")  # a damaged head is no head
    assert cli("verify", fought_jsonl)[0] == 0


def test_reading_a_jsonl_log_writes_no_head(fought_jsonl):
    head = Path(f"{fought_jsonl}.head")
    head.unlink()
    for command in (("verify", fought_jsonl), ("state", fought_jsonl), ("log", fought_jsonl)):
        cli(*command)
    assert not head.exists()


def test_a_head_written_after_the_events_were_read_is_not_a_cut(fought_jsonl):
    """A live fight: a writer appends while verify reads; the newer head must not look like a cut tail."""
    from combatlog.events.stores import JsonlStore
    from combatlog.replay.verify import check_head

    with JsonlStore(fought_jsonl) as reader:
        records = list(reader.read_sealed("default"))
        more = write_script(fought_jsonl.parent / "more.jsonl", [{"do": "end_turn"}])
        assert cli("run", more, "--log", fought_jsonl, "-q")[0] == 0  # the head now runs past what was read
        last = records[-1][0]
        assert check_head(reader, "default", last, last.seq) == []


def test_an_import_into_a_new_jsonl_log_brings_its_head_and_leaves_no_temporary(fought_jsonl, tmp_path):
    exported = tmp_path / "export.out"
    assert cli("export", fought_jsonl, "-o", exported)[0] == 0
    target = tmp_path / "copy" / "log.jsonl"
    target.parent.mkdir()
    assert cli("import", exported, "--log", target)[0] == 0
    assert sorted(p.name for p in target.parent.iterdir()) == ["log.jsonl", "log.jsonl.head"]
    lines = target.read_bytes().splitlines(keepends=True)
    target.write_bytes(b"".join(lines[:-1]))
    code, _, err = cli("verify", target)
    assert code == 1 and "cut from its end" in err, err
