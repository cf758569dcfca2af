"""Round 2 of the speed work, checked for what it must not change: the fold's dispatch table gives the
state `evolve` gives event by event, the store's remembered end still refuses a log cut behind its back,
and verify's bounded replica finds exactly what the whole-log replica finds. No timings here."""

import json
import sqlite3
from pathlib import Path

import msgspec
import pytest

from combatlog.core.kernel.fold import evolve, fold
from combatlog.core.kernel.state import EMPTY
from combatlog.events.envelope import compute_hash
from combatlog.events.stores import SQLiteStore, StoreError
from combatlog.events.stores.memory import ReplicaStore
from combatlog.replay.engine import Encounter
from combatlog.replay.full import markers, out_of_force, replay_full, stream_records
from combatlog.replay.verify import check_rows, rederive_all, stored_rows, verify_encounter

from test_perf_open import brawl


@pytest.fixture(scope="module")
def mixed_log(tmp_path_factory) -> Path:
    """About 3000 events with undos, redos and a revert reaching back."""
    path = tmp_path_factory.mktemp("round2") / "mixed.db"
    with SQLiteStore(path) as store:
        encounter = Encounter(store, "e")
        brawl(encounter, 2500)
        encounter.execute({"do": "undo", "steps": 4})
        encounter.execute({"do": "redo", "steps": 2})
        target = next(seq for seq in range(1200, 1300) if store.read_one("e", seq + 1).txn == seq + 1)
        encounter.execute({"do": "revert", "to": target})
        encounter.execute({"do": "heal", "target": "a", "amount": 2})
        encounter.execute({"do": "undo"})
        brawl(encounter, 3000)
    return path


def test_the_fold_gives_the_state_evolve_gives_event_by_event(mixed_log):
    # Given a log of undos, redos and a revert, When the events in force are folded with `fold` (the dice
    # position kept aside, the ruleset found once) and with `evolve` one by one, Then both states are equal,
    # and the full replay's state is the one an opened encounter holds.
    with SQLiteStore(mixed_log) as store:
        skip = out_of_force(markers(store, "e"))
        events = [record.event for record in stream_records(store, "e") if record.txn not in skip]
        one_by_one = EMPTY
        for event in events:
            one_by_one = evolve(one_by_one, event)
        assert fold(events) == one_by_one
        # split anywhere (the chunks of the full replay): still the same
        assert fold(events[1700:], fold(events[:1700])) == one_by_one
        assert replay_full(store, "e") == Encounter(store, "e").state


def test_an_append_after_another_connection_cut_the_tail_is_refused(tmp_path):
    # Given a store that appended last (it remembers where the log ends), When another connection deletes
    # the last event behind its back, Then its next append is refused and nothing is written.
    path = tmp_path / "cut.db"
    with SQLiteStore(path) as store:
        encounter = Encounter(store, "e")
        brawl(encounter, 30)
        count = store.last("e")[0]
        with sqlite3.connect(path) as db:
            db.execute("DELETE FROM events WHERE encounter = 'e' AND seq = ?", (count - 1,))
        with pytest.raises(StoreError, match="recorded head"):
            encounter.execute({"do": "heal", "target": "a", "amount": 1})
        assert store.last("e")[0] == count - 1


def test_an_append_after_another_writer_is_a_conflict_not_a_fork(tmp_path):
    # Given two stores on one file, When the second appends, Then the first (whose remembered end is now
    # stale) gets a conflict for its stale seq instead of writing after the wrong event.
    from combatlog.events.stores.base import ConcurrencyConflict

    path = tmp_path / "two.db"
    with SQLiteStore(path) as first, SQLiteStore(path) as second:
        mine = Encounter(first, "e")
        brawl(mine, 30)
        Encounter(second, "e").execute({"do": "heal", "target": "a", "amount": 1})
        with pytest.raises(ConcurrencyConflict):
            mine.execute({"do": "heal", "target": "b", "amount": 1})
        assert Encounter(first, "e").state == Encounter(second, "e").state


def test_verify_keeps_a_bounded_replica_on_a_log_that_re_derives_identically(mixed_log, monkeypatch):
    # Given a sound log of about 3000 events, When verify re-derives it on a replica keeping 64 events,
    # Then it finds nothing, the replica never falls back to holding the whole log, and it never holds
    # more than twice its window (plus one command's events).
    fallbacks = []
    original = ReplicaStore.materialized
    monkeypatch.setattr(ReplicaStore, "materialized", lambda self, name: fallbacks.append(name) or original(self, name))
    monkeypatch.setattr(ReplicaStore.__init__, "__defaults__", (64, "verify"))
    sizes = []
    commit = ReplicaStore._commit

    def counting(self, encounter, expected_seq, make):
        sealed = commit(self, encounter, expected_seq, make)
        sizes.append(len(self._logs[encounter]))
        return sealed

    monkeypatch.setattr(ReplicaStore, "_commit", counting)
    with SQLiteStore(mixed_log) as store:
        assert verify_encounter(store, "e") == []
    assert fallbacks == []
    assert sizes and max(sizes) <= 2 * 64 + 8


def _edited_copy(source: Path, target: Path, where: str, change) -> int:
    target.write_bytes(source.read_bytes())
    with sqlite3.connect(target) as db:
        seq, body = db.execute(f"SELECT seq, body FROM events WHERE {where} ORDER BY seq LIMIT 1").fetchone()
        record = json.loads(body)
        change(record)
        edited = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        db.execute("UPDATE events SET body = ?, hash = ? WHERE seq = ?", (edited, compute_hash(edited), seq))
    return seq


@pytest.mark.parametrize("where, change", [
    ("type = 'AttackRolled' AND seq > 2000", lambda r: r["event"].update(total=r["event"]["total"] + 1)),
    ("type = 'Healed' AND seq > 1500", lambda r: r.update(at="2030-01-01T00:00:00.000Z")),
    ("type = 'CommandIssued' AND seq > 2600", lambda r: r["event"]["command"].update(amount=5)
        if r["event"]["command"].get("do") == "heal" else r["event"]["command"].update(do="end_turn")),
])
def test_verify_with_the_bounded_replica_finds_what_the_whole_log_replica_finds(mixed_log, tmp_path, where, change):
    # Given a copy of the log with one event edited (a die total, an envelope's time, a command), When it is
    # re-derived with the bounded replica and with the whole-log one, Then both report the same problems.
    copy = tmp_path / "edited.db"
    _edited_copy(mixed_log, copy, where, change)
    with SQLiteStore(copy) as store:
        whole = verify_encounter(store, "e")
        assert whole  # the edit is found
        records, _ = check_rows(stored_rows(store, "e"))
        plain = rederive_all(records)
        bounded = rederive_all(iter(records), source=(store, "e", 32))
        assert [(p.seq, p.message) for p in bounded] == [(p.seq, p.message) for p in plain]
        assert msgspec.json.encode(bounded) == msgspec.json.encode(plain)


def test_the_seeded_dice_draw_exactly_the_faces_of_a_fresh_random_per_face():
    # Given a dice stream (one generator re-seeded per face, for speed), When faces of many sizes are drawn,
    # Then each is the face a fresh random.Random(f"{seed}:{position}") gives: every stored log re-derives.
    import random

    from combatlog.core.kernel.dice import SeededDice

    for seed in ("abc", "0f3a9c", 17):
        dice = SeededDice(seed, 40)
        for sides in (20, 6, 8, 100, 4, 12, 2, 3, 1, 10_000) * 20:
            position = dice.position
            assert dice.next_face(sides) == random.Random(f"{seed}:{position}").randint(1, sides)
