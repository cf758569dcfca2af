"""The full replay's quick stream (replay/full.py): bodies alone, chained through each body's `prev_hash`.

Whatever the quick stream cannot judge sends the replay down the careful path, which names the event at
fault; on a sound log the quick stream alone gives the state (issue 12, full replay).
"""

import shutil
import sqlite3
from pathlib import Path

import pytest

from combatlog.events.envelope import LogCorrupted
from combatlog.events.stores import SQLiteStore, import_jsonl
from combatlog.replay import full
from combatlog.replay.engine import Encounter
from combatlog.replay.full import replay_full
from test_perf_open import brawl

LEGACY = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


@pytest.fixture(scope="module")
def marked_log(tmp_path_factory) -> Path:
    """About 1500 events with an undo, a redo and a revert among them."""
    path = tmp_path_factory.mktemp("stream") / "marked.db"
    with SQLiteStore(path) as store:
        encounter = Encounter(store, "e")
        brawl(encounter, 1200)
        encounter.execute({"do": "undo", "steps": 3})
        encounter.execute({"do": "redo"})
        target = next(seq for seq in range(900, 1000) if store.read_one("e", seq + 1).txn == seq + 1)
        encounter.execute({"do": "revert", "to": target})
        brawl(encounter, 1500)
    return path


def damaged_copy(source: Path, folder: Path, sql: str, *params) -> Path:
    copy = folder / "damaged.db"
    shutil.copy(source, copy)
    with sqlite3.connect(copy) as db:
        db.execute(sql, params)
    return copy


def body_of(log: Path, seq: int) -> bytes:
    with sqlite3.connect(log) as db:
        return db.execute("SELECT body FROM events WHERE encounter = 'e' AND seq = ?", (seq,)).fetchone()[0]


def test_a_sound_log_is_replayed_by_the_quick_stream_alone(marked_log, monkeypatch):
    # Given a log with undone, redone and reverted commands, When it is replayed in full with the careful
    # path made unusable, Then the quick stream gives the state the opened encounter holds.
    def careful(*args):
        raise AssertionError("the careful path was taken on a sound log")

    monkeypatch.setattr(full, "_replay_careful", careful)
    with SQLiteStore(marked_log, readonly=True) as store:
        assert replay_full(store, "e") == Encounter(store, "e").state


def test_a_body_edited_in_place_is_named_by_the_full_replay(marked_log, tmp_path):
    # Given event 700's body edited (its actor changed, its hash column untouched), When the log is
    # replayed in full, Then the replay refuses it, naming event 700 as edited or damaged.
    body = body_of(marked_log, 700)
    edited = body.replace(b'"actor":"dm"', b'"actor":"DM"')
    assert edited != body
    copy = damaged_copy(marked_log, tmp_path, "UPDATE events SET body = ? WHERE encounter = 'e' AND seq = 700", edited)
    with SQLiteStore(copy, readonly=True) as store, pytest.raises(LogCorrupted) as caught:
        replay_full(store, "e")
    assert caught.value.seq == 700 and "do not match its hash" in caught.value.reason


def test_a_body_edited_with_its_hash_rewritten_breaks_the_chain_at_the_next_event(marked_log, tmp_path):
    # Given event 700's body edited and its hash column rewritten to match (a careless forger), When the
    # log is replayed in full, Then event 701 is named: it does not follow event 700's new hash.
    from combatlog.events.envelope import compute_hash

    body = body_of(marked_log, 700)
    edited = body.replace(b'"actor":"dm"', b'"actor":"DM"')
    assert edited != body
    copy = damaged_copy(marked_log, tmp_path, "UPDATE events SET body = ?, hash = ? WHERE encounter = 'e' AND seq = 700",
                        edited, compute_hash(edited))
    with SQLiteStore(copy, readonly=True) as store, pytest.raises(LogCorrupted) as caught:
        replay_full(store, "e")
    assert caught.value.seq == 701 and "chain broken" in caught.value.reason


def test_a_missing_event_is_named_by_the_full_replay(marked_log, tmp_path):
    # Given event 500 deleted from the middle of the log, When it is replayed in full, Then event 500 is
    # named: the event found in its place carries seq 501.
    copy = damaged_copy(marked_log, tmp_path, "DELETE FROM events WHERE encounter = 'e' AND seq = 500")
    with SQLiteStore(copy, readonly=True) as store, pytest.raises(LogCorrupted) as caught:
        replay_full(store, "e")
    assert caught.value.seq == 500


@pytest.mark.parametrize("name", ["goblin_ambush_v0_1", "transcript_demo_v0_1"])
def test_a_log_written_by_0_1_imported_into_sqlite_replays_in_full_to_its_state(name, tmp_path):
    # Given a log written by combatlog 0.1, imported byte for byte into a SQLite log, When it is replayed
    # in full, Then the state is the one its opened encounter holds.
    with SQLiteStore(tmp_path / "old.db") as store:
        import_jsonl(LEGACY / f"{name}.jsonl", store)
        for encounter in store.encounters():
            assert replay_full(store, encounter) == Encounter(store, encounter).state


def test_the_markers_are_read_through_their_own_index(marked_log):
    # Given a log written by this build, When the full replay's first pass asks for the undo, redo and
    # revert markers, Then SQLite finds them through the partial index of markers, not by reading every row.
    with sqlite3.connect(marked_log) as db:
        plan = db.execute(
            "EXPLAIN QUERY PLAN SELECT seq, body, hash FROM events WHERE encounter = 'e' "
            "AND type IN ('Undone', 'Redone', 'Reverted') ORDER BY seq").fetchall()
    assert "events_markers" in " ".join(str(step) for step in plan)
    with SQLiteStore(marked_log, readonly=True) as store:
        assert [record.seq for record in full.markers(store, "e")] == [
            record.seq for record in store.read("e") if type(record.event).__name__ in ("Undone", "Redone", "Reverted")]


def test_a_body_edited_by_hand_into_text_is_named_not_a_crash(marked_log, tmp_path, capsys):
    # Given event 700 edited with sqlite's replace(), which stores the body back as TEXT, When the log is
    # replayed in full, opened or verified, Then event 700 is named as edited, never a reader's TypeError.
    from combatlog.cli.main import main as cli_main

    copy = damaged_copy(marked_log, tmp_path, "UPDATE events SET body = replace(body, '\"actor\":\"dm\"', "
                        "'\"actor\":\"DM\"') WHERE encounter = 'e' AND seq = 700")
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT typeof(body) FROM events WHERE seq = 700").fetchone() == ("text",)
    with SQLiteStore(copy, readonly=True) as store, pytest.raises(LogCorrupted) as caught:
        replay_full(store, "e")
    assert caught.value.seq == 700
    assert cli_main(["verify", str(copy)]) != 0
    assert "event 700: its bytes do not match" in capsys.readouterr().err
