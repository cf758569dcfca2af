"""Constant-cost commands: opening, undo, redo and revert read the end of a log, never all of it; the full
replay (`state --replay`) folds everything and gives what `state` gives. No timings here (the benchmark
measures speed): these tests count the records each operation reads from a real SQLite file."""

import json
import sqlite3
import subprocess
import sys
from io import StringIO
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from combatlog.cli.main import main as cli_main
from combatlog.events.stores import MemoryStore, SQLiteStore, open_store
from combatlog.projections.document import state_document
from combatlog.replay.engine import Encounter
from combatlog.replay.full import out_of_force, replay_full, stream_records
from combatlog.replay.timeline import rebuild, timeline_of

TOUGH = {"ac": 12, "max_hp": 100000, "speed": 9, "proficiency_bonus": 2,
         "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}
OPENING = (
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 3},
    {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": TOUGH, "at": [0, 0]},
    {"do": "add", "id": "b", "side": "y", "kind": "monster", "stats": TOUGH, "at": [1, 0]},
    {"do": "initiative", "id": "a", "value": 10},
    {"do": "initiative", "id": "b", "value": 5},
    {"do": "start"},
)


class CountingStore(SQLiteStore):
    """A real SQLite store that counts the records it hands out (and where reads start)."""

    def __init__(self, path):
        super().__init__(path)
        self.handed = 0
        self.starts: list[int] = []

    def read_range(self, encounter, first, last):
        records = super().read_range(encounter, first, last)
        self.handed += len(records)
        self.starts.append(first)
        return records

    def read_sealed(self, encounter, from_seq=0):
        self.starts.append(from_seq)
        for pair in super().read_sealed(encounter, from_seq):
            self.handed += 1
            yield pair


def brawl(encounter: Encounter, events: int) -> None:
    if encounter.next_seq == 0:
        for command in OPENING:
            encounter.execute(command)
    while encounter.next_seq < events:
        attacker = encounter.state.turn
        target = "b" if attacker == "a" else "a"
        encounter.execute({"do": "attack", "attacker": attacker, "target": target, "with": "club"})
        encounter.execute({"do": "heal", "target": target, "amount": 3})
        encounter.execute({"do": "end_turn"})


@pytest.fixture(scope="module")
def long_log(tmp_path_factory) -> Path:
    """About 6000 events with snapshots every 1000 (the default), built through the engine."""
    path = tmp_path_factory.mktemp("long") / "long.db"
    with SQLiteStore(path) as store:
        brawl(Encounter(store, "e"), 6000)
    return path


def test_opening_a_long_log_reads_only_the_events_after_its_newest_snapshot(long_log):
    # Given a log of 6000 events with a snapshot every 1000, When it is opened,
    # Then fewer than 1000 records are read and no read starts at the first event.
    with CountingStore(long_log) as store:
        encounter = Encounter(store, "e")
        assert encounter.snapshots.base >= 5000
        assert store.handed < 1000 and 0 not in store.starts
        with SQLiteStore(long_log) as plain:
            assert encounter.state == rebuild(list(plain.read("e")))[0]


def test_undo_redo_and_revert_on_a_long_log_read_a_bounded_tail(long_log, tmp_path):
    # Given a copy of the long log opened, When the DM undoes 3 commands, redoes them and reverts the last
    # few events, Then each command reads fewer records than two snapshot intervals, never from event 0,
    # and the state equals a fold of the whole log.
    copy = tmp_path / "copy.db"
    copy.write_bytes(long_log.read_bytes())
    with CountingStore(copy) as store:
        encounter = Encounter(store, "e")
        for command in ({"do": "undo", "steps": 3}, {"do": "redo", "steps": 3}, {"do": "undo"}, {"do": "redo"}):
            store.handed, store.starts = 0, []
            encounter.execute(command)
            assert store.handed < 2000 and 0 not in store.starts, command
        end = encounter.next_seq - 1
        target = next(seq for seq in range(end - 12, 0, -1)
                      if store.read_one("e", seq + 1).txn == seq + 1)  # the end of a command
        store.handed, store.starts = 0, []
        encounter.execute({"do": "revert", "to": target})
        assert store.handed < 2000 and 0 not in store.starts
        records = list(SQLiteStore(copy).read("e"))
        assert encounter.state == rebuild(records)[0]


def test_the_full_replay_prints_exactly_what_state_prints(long_log, tmp_path):
    # Given a log with undone, redone and reverted commands, When `state --json --replay` folds it from
    # event 0, Then it prints the same document as `state --json`, which starts from a snapshot.
    copy = tmp_path / "marked.db"
    copy.write_bytes(long_log.read_bytes())
    with SQLiteStore(copy) as store:
        encounter = Encounter(store, "e")
        encounter.execute({"do": "undo", "steps": 4})
        encounter.execute({"do": "redo"})
        encounter.execute({"do": "revert", "to": 2999 if store.read_one("e", 3000).txn == 3000 else
                           next(s for s in range(2990, 3010) if store.read_one("e", s + 1).txn == s + 1)})
        encounter.execute({"do": "undo"})
        encounter.execute({"do": "heal", "target": "a", "amount": 2})
        assert replay_full(store, "e") == encounter.state
    outputs = []
    for extra in ([], ["--replay"]):
        buffer = StringIO()
        with redirect_stdout(buffer):
            assert cli_main(["state", str(copy), "--json", *extra]) == 0
        outputs.append(buffer.getvalue())
    assert outputs[0] == outputs[1]


def test_the_streamed_records_are_the_stored_ones_and_a_jsonl_log_replays_too(long_log, tmp_path):
    with SQLiteStore(long_log) as store:
        assert list(stream_records(store, "e")) == list(store.read("e"))
        jsonl = open_store(tmp_path / "copy.jsonl")
        from combatlog.events.stores import export_jsonl, import_jsonl

        export_jsonl(store, None, tmp_path / "export.jsonl")
        import_jsonl(tmp_path / "export.jsonl", jsonl)
        assert replay_full(jsonl, "e") == Encounter(store, "e").state == Encounter(jsonl, "e").state


COMMANDS = st.lists(st.sampled_from(["attack", "heal", "end", "undo", "undo2", "redo", "revert"]), max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(COMMANDS, st.integers(min_value=0, max_value=10**6))
def test_the_history_read_from_the_end_agrees_with_the_whole_log_timeline(choices, pick):
    # Whatever mix of commands, undos, redos and reverts: the in-force top, the redo stack and the state
    # that undo and redo reach from the end of the log are those of the timeline of the whole log.
    encounter = Encounter(MemoryStore(), "e", snapshot_every=7)
    for command in OPENING:
        encounter.execute(command)
    for choice in choices:
        turn = encounter.state.turn
        other = "b" if turn == "a" else "a"
        command = {"attack": {"do": "attack", "attacker": turn, "target": other, "with": "club"},
                   "heal": {"do": "heal", "target": other, "amount": 2}, "end": {"do": "end_turn"},
                   "undo": {"do": "undo"}, "undo2": {"do": "undo", "steps": 2}, "redo": {"do": "redo"}}.get(choice)
        if choice == "revert":
            ends = [r.seq for r, after in zip(encounter.records, encounter.records[1:]) if after.txn != r.txn]
            command = {"do": "revert", "to": ends[pick % len(ends)]}
        try:
            encounter.execute(command)
        except Exception as error:  # a refused undo/redo/revert: the same refusal the timeline would give
            assert type(error).__name__ in ("RuleViolation", "InvalidCommand"), error
        records = list(encounter.store.read("e"))
        timeline = timeline_of(records)
        end = records[-1].seq
        assert encounter.history.top(end) == timeline.live[-1]
        assert encounter.history.redo_stack(end) == timeline.redo
        assert state_document(encounter.state) == state_document(rebuild(records)[0])
        assert out_of_force(r for r in records if type(r.event).__name__ in ("Undone", "Redone", "Reverted")) == \
            timeline.undone | timeline.markers
        fresh = Encounter(encounter.store, "e", snapshot_every=7)
        assert fresh.state == encounter.state
        window = 1 + pick % 25
        assert fresh.recent(window) == [(r, r.txn in timeline.undone) for r in records[-window:]]


def test_listing_encounters_finds_each_once_without_reading_the_events(tmp_path):
    with SQLiteStore(tmp_path / "many.db") as store:
        for name in ("zeta", "alpha", "mid"):
            brawl(Encounter(store, name), 30)
        assert store.encounters() == ["alpha", "mid", "zeta"]
        assert store.head("mid") == (store.last("mid")[0] - 1, store.last("mid")[1])


def test_run_is_wal_with_synchronous_normal_unless_durable(tmp_path):
    with SQLiteStore(tmp_path / "a.db") as store:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    with open_store(tmp_path / "b.db", durable=True) as store:
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps(OPENING[0]) + "\n")
    assert cli_main(["run", str(script), "--log", str(tmp_path / "c.db"), "--durable", "-q"]) == 0


def test_the_benchmark_runs_in_its_quick_form(tmp_path):
    # Only that it runs and writes its table: speed is the benchmark's business, not a test's.
    out = tmp_path / "results.json"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "run.py"), "--quick", "--samples", "1",
                           "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert set(report["sizes"]) == {"1000", "5000"} and report["goals"]
    assert "| goal | target | measured | ratio | met |" in done.stdout


def test_after_a_far_revert_and_its_undo_the_next_open_still_reads_only_a_tail(long_log, tmp_path):
    # Given a revert to the first thousand events and then its undo, When the log is opened again,
    # Then the state comes from a snapshot taken after those markers, not from a fold of the whole log.
    copy = tmp_path / "far.db"
    copy.write_bytes(long_log.read_bytes())
    with CountingStore(copy) as store:
        encounter = Encounter(store, "e")
        target = next(seq for seq in range(900, 1000) if store.read_one("e", seq + 1).txn == seq + 1)
        encounter.execute({"do": "revert", "to": target})
        encounter.execute({"do": "undo"})
        store.handed, store.starts = 0, []
        reopened = Encounter(store, "e")
        assert store.handed < 1000 and min(store.starts) > 5000
        assert reopened.state == rebuild(list(SQLiteStore(copy).read("e")))[0]


def test_verify_re_derives_a_long_log_with_a_replica_that_keeps_only_its_last_events(long_log, tmp_path):
    # Given a log with undos, redos and a revert reaching far back, When it is re-derived on a replica that
    # keeps only its last 8 events (older ones read from the log itself), Then every command comes out
    # identical; and an edited die face is still found.
    from combatlog.replay.verify import rederive

    copy = tmp_path / "verify.db"
    copy.write_bytes(long_log.read_bytes())
    with SQLiteStore(copy) as store:
        encounter = Encounter(store, "e")
        encounter.execute({"do": "undo", "steps": 5})
        encounter.execute({"do": "redo", "steps": 2})
        target = next(seq for seq in range(1500, 1600) if store.read_one("e", seq + 1).txn == seq + 1)
        encounter.execute({"do": "revert", "to": target})
        encounter.execute({"do": "heal", "target": "a", "amount": 1})
        encounter.execute({"do": "undo", "steps": 2})
        assert rederive(stream_records(store, "e"), source=(store, "e", 8)) is None
    with sqlite3.connect(copy) as db:
        seq, body = db.execute("SELECT seq, body FROM events WHERE type = 'AttackRolled' AND seq > 3000 LIMIT 1").fetchone()
        record = json.loads(body)
        record["event"]["total"] += 1
        edited = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        from combatlog.events.envelope import compute_hash

        db.execute("UPDATE events SET body = ?, hash = ? WHERE seq = ?", (edited, compute_hash(edited), seq))
    with SQLiteStore(copy) as store:
        from itertools import islice

        records = islice(stream_records(store, "e"), seq + 1)  # up to the edit (the next no longer chains)
        found = rederive(records, source=(store, "e", 8))
        assert found is not None and found.seq == seq
