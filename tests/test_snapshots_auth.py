"""Snapshots are authenticated and the head of the log is recorded: a forged snapshot is never used and
`verify_snapshots` names it by seq; a tail cut from the events no longer matches the recorded head."""

import sqlite3

import msgspec
import pytest

from combatlog.events.stores import SQLiteStore
from combatlog.replay.engine import Encounter
from combatlog.replay.snapshots import (
    FORMAT,
    Snapshot,
    check_snapshot,
    encode_snapshot,
    snapshot_auth,
    verify_head,
    verify_snapshots,
)
from combatlog.replay.timeline import rebuild

from test_perf_open import brawl


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "fight.db"
    with SQLiteStore(path) as store:
        brawl(Encounter(store, "e", snapshot_every=50), 400)
    return path


def _rows(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT seq, body FROM snapshots WHERE encounter = 'e' ORDER BY seq").fetchall()


def _forge(path, seq, body):
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshots SET body = ? WHERE encounter = 'e' AND seq = ?", (body, seq))


def _lie(body: bytes, *, rehash: bool) -> bytes:
    """The snapshot with the first combatant's HP changed; its authentication kept or recomputed."""
    snapshot = check_snapshot(body)[1]
    state = snapshot.state
    first = next(iter(state.combatants))
    forged_state = msgspec.structs.replace(
        state, combatants={**state.combatants, first: msgspec.structs.replace(state.combatants[first], hp=1)})
    payload = msgspec.msgpack.encode(msgspec.structs.replace(snapshot, state=forged_state))
    auth = snapshot_auth(snapshot.hash, payload) if rehash else body[4:36]
    return body[:4] + auth + payload


def test_a_clean_log_has_no_bad_snapshot_and_its_head_matches(log):
    with SQLiteStore(log) as store:
        assert len(_rows(log)) >= 6
        assert verify_snapshots(store, "e") == []
        assert verify_head(store, "e") is None


def test_a_snapshot_edited_in_the_file_is_never_used_and_verify_names_its_seq(log):
    # Given the newest snapshot rewritten with a lower HP (authentication left as it was),
    # When the log is opened, Then the state is the fold of the events, not the forged values,
    # and verify_snapshots reports that snapshot by its seq.
    seq, body = _rows(log)[-1]
    _forge(log, seq, _lie(body, rehash=False))
    with SQLiteStore(log) as store:
        encounter = Encounter(store, "e")
        assert encounter.snapshots.base != seq
        assert encounter.state == rebuild(list(store.read("e")))[0]
        assert encounter.state_at(seq) == rebuild(list(store.read("e")), seq)[0]
        bad = verify_snapshots(store, "e")
        assert [s for s, _ in bad] == [seq] and "authentication" in bad[0][1]


def test_a_forger_who_recomputes_the_hash_is_caught_by_verify(log):
    # Given a snapshot forged with its authentication recomputed, Then verify_snapshots folds the events
    # again and names it: its state differs from what the events give.
    seq, body = _rows(log)[2]
    _forge(log, seq, _lie(body, rehash=True))
    with SQLiteStore(log) as store:
        bad = verify_snapshots(store, "e")
        assert [s for s, _ in bad] == [seq] and "differs" in bad[0][1]


def test_a_snapshot_moved_onto_another_event_is_refused(log):
    (first, body), (second, _) = _rows(log)[1:3]
    _forge(log, second, body)  # the bytes of one snapshot stored under another seq
    with SQLiteStore(log) as store:
        assert [s for s, _ in verify_snapshots(store, "e")] == [second]
        assert Encounter(store, "e").state_at(second) == rebuild(list(store.read("e")), second)[0]


def test_a_snapshot_of_an_older_format_is_ignored_not_reported(log):
    seq, body = _rows(log)[-1]
    snapshot = check_snapshot(body)[1]
    old = msgspec.msgpack.encode(msgspec.structs.replace(snapshot, format=FORMAT - 1))
    _forge(log, seq, old)
    with SQLiteStore(log) as store:
        assert verify_snapshots(store, "e") == []
        assert Encounter(store, "e").snapshots.base != seq


def test_garbage_in_a_snapshot_row_is_reported(log):
    seq, _ = _rows(log)[0]
    _forge(log, seq, b"\x00not a snapshot")
    with SQLiteStore(log) as store:
        assert [s for s, _ in verify_snapshots(store, "e")] == [seq]


def test_a_tail_cut_from_the_events_no_longer_matches_the_recorded_head(log):
    # Given the last whole commands deleted from the events table, Then verify_head names the cut events.
    with SQLiteStore(log) as store:
        count = store.last("e")[0]
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events WHERE encounter = 'e' AND seq >= ?", (count - 6,))
    with SQLiteStore(log) as store:
        problem = verify_head(store, "e")
        assert problem is not None and f"events {count - 6} to {count - 1} were cut" in problem


def test_the_head_follows_every_append_and_an_encoded_snapshot_authenticates():
    state = rebuild([])[0]
    body = encode_snapshot(0, "ab" * 32, state)
    verdict, snapshot = check_snapshot(body)
    assert verdict == "ok" and isinstance(snapshot, Snapshot) and snapshot.hash == "ab" * 32
    flipped = bytearray(body)
    flipped[-1] ^= 1
    assert check_snapshot(bytes(flipped))[0] == "forged"


def test_the_verify_command_names_a_forged_snapshot_and_a_cut_tail(log, capsys):
    from combatlog.cli.main import main as cli_main

    assert cli_main(["verify", str(log)]) == 0
    seq, body = _rows(log)[1]
    _forge(log, seq, _lie(body, rehash=True))
    assert cli_main(["verify", str(log)]) == 1
    assert f"event {seq}: the snapshot stored at this event holds another state" in capsys.readouterr().err
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM snapshots")
        (last,) = db.execute("SELECT max(seq) FROM events").fetchone()
        db.execute("DELETE FROM events WHERE seq > ?", (last - 5,))
    assert cli_main(["verify", str(log)]) == 1
    assert f"events {last - 4} to {last} cut from its end" in capsys.readouterr().err


def test_nothing_is_appended_after_a_cut_tail(log, tmp_path):
    # Given the last events deleted from the file, When a command is run on the log, Then it is refused
    # with the cut events named, nothing is written, and verify still names the cut.
    from combatlog.cli.main import main as cli_main
    from combatlog.events.stores import StoreError

    with sqlite3.connect(log) as db:
        (last,) = db.execute("SELECT max(seq) FROM events").fetchone()
        db.execute("DELETE FROM events WHERE seq > ?", (last - 3,))
    with SQLiteStore(log) as store:
        encounter = Encounter(store, "e")
        with pytest.raises(StoreError, match=f"events {last - 2} to {last} are missing"):
            encounter.execute({"do": "heal", "target": "a", "amount": 1})
        assert store.last("e")[0] == last - 2
    assert cli_main(["verify", str(log)]) == 1
