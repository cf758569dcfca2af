"""Tests for combatlog.events.stores: appends, optimistic concurrency, the hash chain, damage, JSONL, upcasting."""

import itertools
import json
import shutil
import sqlite3
import threading
from pathlib import Path

import msgspec
import pytest

from combatlog.events import envelope
from combatlog.events.envelope import GENESIS_HASH, LogCorrupted, Recorded, compute_hash
from combatlog.events.meta import CombatEnded, CommandIssued, EncounterCreated
from combatlog.events.stores import (
    ConcurrencyConflict,
    JsonlStore,
    MemoryStore,
    SQLiteStore,
    StoreError,
    export_jsonl,
    import_jsonl,
    open_store,
)
from combatlog.events.stores import sqlite as sqlite_module

AT = "2026-01-01T00:00:00Z"


def record(seq: int, txn: int, event) -> Recorded:
    return Recorded(seq=seq, txn=txn, at=AT, actor="dm", event=event)


def created(seq: int = 0) -> list[Recorded]:
    return [record(seq, seq, EncounterCreated(ruleset="dnd5e-2024", seed="1"))]


def command(start: int, size: int = 3) -> list[Recorded]:
    """A transaction like a real command: CommandIssued and the events it caused."""
    return [record(start, start, CommandIssued(command={"do": f"x{start}", "Größe": 1.5}))] + [
        record(seq, start, CombatEnded(reason=f"reason {seq}")) for seq in range(start + 1, start + size)
    ]


def fill(store, encounter: str = "a", commands: int = 3) -> list[Recorded]:
    """An encounter of one EncounterCreated and `commands` transactions of 3 events."""
    sealed = store.append(encounter, created(), 0)
    for _ in range(commands):
        next_seq = store.last(encounter)[0]
        sealed += store.append(encounter, command(next_seq), next_seq)
    return sealed


def make_store(kind: str, tmp_path: Path):
    return {
        "memory": lambda: MemoryStore(bound=True),
        "sqlite": lambda: SQLiteStore(tmp_path / "log.db"),
        "jsonl": lambda: JsonlStore(tmp_path / "log.jsonl"),
    }[kind]()


@pytest.fixture(params=["memory", "sqlite", "jsonl"])
def store(request, tmp_path):
    store = make_store(request.param, tmp_path)
    yield store
    store.close()


@pytest.fixture(params=["sqlite", "jsonl"])
def kind_on_disk(request) -> str:
    return request.param


@pytest.fixture
def sqlite_log(tmp_path) -> Path:
    """A closed SQLite log of encounter 'a' with 10 events."""
    path = tmp_path / "log.db"
    with SQLiteStore(path) as store:
        fill(store)
    return path


def edit_row(path: Path, seq: int, **columns) -> None:
    with sqlite3.connect(path) as db:
        for column, value in columns.items():
            db.execute(f"UPDATE events SET {column} = ? WHERE encounter = 'a' AND seq = ?", (value, seq))
    db.close()


def stored_body(path: Path, seq: int) -> bytes:
    db = sqlite3.connect(path)
    (body,) = db.execute("SELECT body FROM events WHERE encounter = 'a' AND seq = ?", (seq,)).fetchone()
    db.close()
    return body


# --- appending and reading -------------------------------------------------------------------


def test_appended_events_read_back_identical_with_a_chained_hash(store):
    sealed = fill(store)
    assert list(store.read("a")) == sealed
    assert [r.seq for r in sealed] == list(range(10))
    # Chain version 2: a new log's first link is bound to its identity and the encounter (was GENESIS_HASH).
    assert store.log_id() is not None
    assert sealed[0].prev_hash == envelope.chain_genesis(store.log_id(), "a") != GENESIS_HASH
    assert all(later.prev_hash == earlier.hash for earlier, later in itertools.pairwise(sealed))
    assert all(len(r.hash) == 64 for r in sealed)


def test_append_returns_the_records_sealed_and_otherwise_unchanged(store):
    records = created()
    (sealed,) = store.append("a", records, 0)
    assert sealed.prev_hash == store.genesis("a")  # chain version 2: the first link is the encounter's own
    assert sealed.hash and msgspec.structs.replace(sealed, hash="", prev_hash=records[0].prev_hash) == records[0]


def test_last_gives_the_next_seq_and_last_hash(store):
    assert store.last("a") == (0, GENESIS_HASH)
    sealed = fill(store)
    assert store.last("a") == (10, sealed[-1].hash)


def test_encounters_are_listed_sorted_and_kept_apart(store):
    b = fill(store, "b", commands=1)
    a = fill(store, "a", commands=2)
    assert store.encounters() == ["a", "b"]
    assert list(store.read("a")) == a and list(store.read("b")) == b
    assert list(store.read("nobody")) == []


def test_reading_from_a_later_seq_yields_the_rest(store):
    sealed = fill(store)
    assert list(store.read("a", from_seq=4)) == sealed[4:]
    assert list(store.read("a", from_seq=10)) == []
    assert list(store.read("a", from_seq=99)) == []


def test_read_sealed_gives_the_stored_bytes_that_the_hash_covers(store):
    fill(store)
    for record_, body in store.read_sealed("a"):
        assert compute_hash(body) == record_.hash


def test_an_empty_append_writes_nothing(store):
    assert store.append("a", [], 0) == []
    assert store.encounters() == []


@pytest.mark.parametrize("seqs", [[0, 2], [1, 2], [0, 0]], ids=["gap", "wrong start", "repeat"])
def test_records_must_be_numbered_gaplessly_from_expected_seq(store, seqs):
    records = [record(seq, 0, CombatEnded()) for seq in seqs]
    with pytest.raises(ValueError, match="gaplessly from 0"):
        store.append("a", records, 0)
    assert store.last("a") == (0, GENESIS_HASH)


def test_a_store_reopened_from_its_file_continues_the_same_log(kind_on_disk, tmp_path):
    with make_store(kind_on_disk, tmp_path) as store:
        sealed = fill(store)
    with make_store(kind_on_disk, tmp_path) as store:
        assert list(store.read("a")) == sealed
        sealed += store.append("a", command(10), 10)
    with make_store(kind_on_disk, tmp_path) as store:
        assert list(store.read("a")) == sealed
        assert store.last("a") == (13, sealed[-1].hash)


def test_open_store_picks_the_store_by_suffix(tmp_path):
    assert isinstance(open_store(":memory:"), MemoryStore)
    assert isinstance(open_store(tmp_path / "x.jsonl"), JsonlStore)
    with open_store(tmp_path / "x.db") as store:
        assert isinstance(store, SQLiteStore)


# --- optimistic concurrency ------------------------------------------------------------------


def test_a_stale_expected_seq_raises_a_conflict_and_writes_nothing(store):
    sealed = fill(store)
    with pytest.raises(ConcurrencyConflict) as caught:
        store.append("a", command(7), 7)
    assert (caught.value.encounter, caught.value.expected_seq, caught.value.actual_next_seq) == ("a", 7, 10)
    assert list(store.read("a")) == sealed


def test_an_expected_seq_beyond_the_log_is_a_conflict_too(store):
    fill(store)
    with pytest.raises(ConcurrencyConflict, match="has only 10 events"):
        store.append("a", command(12), 12)
    assert store.last("a")[0] == 10


def test_the_conflict_message_tells_what_to_do():
    assert str(ConcurrencyConflict("x", 12, 14)) == (
        "encounter 'x' moved on: expected to write event 12 but the log already has 14 events; reload and try again"
    )


def race(kind: str, tmp_path: Path, expected: int) -> list[object]:
    """Two writers, each with its own store on the same file, append at `expected` at the same moment."""
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def write(actor: str) -> None:
        with make_store(kind, tmp_path) as writer:
            records = [msgspec.structs.replace(r, actor=actor) for r in command(expected)]
            barrier.wait()
            try:
                outcomes.append(writer.append("a", records, expected))
            except ConcurrencyConflict as conflict:
                outcomes.append(conflict)

    threads = [threading.Thread(target=write, args=(actor,)) for actor in ("alice", "bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_two_writers_on_one_file_racing_for_the_same_seq_leave_exactly_one_copy(kind_on_disk, tmp_path):
    with make_store(kind_on_disk, tmp_path) as store:
        fill(store, commands=0)
    for expected in range(1, 1 + 15 * 3, 3):
        outcomes = race(kind_on_disk, tmp_path, expected)
        winners = [o for o in outcomes if isinstance(o, list)]
        assert len(winners) == 1 and sum(isinstance(o, ConcurrencyConflict) for o in outcomes) == 1
        with make_store(kind_on_disk, tmp_path) as store:
            assert list(store.read("a", from_seq=expected)) == winners[0]
    with make_store(kind_on_disk, tmp_path) as store:
        assert [r.seq for r in store.read("a")] == list(range(1 + 15 * 3))


def test_a_unique_violation_from_a_racing_sqlite_writer_becomes_a_conflict(tmp_path, monkeypatch):
    with SQLiteStore(tmp_path / "log.db") as store:
        sealed = fill(store)
        stale, real = [(7, sealed[6].hash)], store._last  # the check sees a log 3 events short, once
        monkeypatch.setattr(store, "_last", lambda encounter: stale.pop() if stale else real(encounter))
        with pytest.raises(ConcurrencyConflict) as caught:
            store.append("a", command(7), 7)
        assert caught.value.actual_next_seq == 10
        monkeypatch.undo()
        assert list(store.read("a")) == sealed


# --- SQLite: damage and tampering ------------------------------------------------------------


def test_the_sqlite_log_uses_wal_and_records_its_schema_version(sqlite_log):
    db = sqlite3.connect(sqlite_log)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # Version 2 (issue 24): the requests table of idempotency keys.
    assert db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("2",)
    assert db.execute("SELECT seq, txn, type FROM events WHERE seq IN (0, 1, 2)").fetchall() == [
        (0, 0, "EncounterCreated"),
        (1, 1, "CommandIssued"),
        (2, 1, "CombatEnded"),
    ]
    db.close()


def test_a_changed_byte_in_a_stored_body_is_reported_at_its_seq(sqlite_log):
    edit_row(sqlite_log, 5, body=stored_body(sqlite_log, 5).replace(b"reason 5", b"reason 6"))
    with SQLiteStore(sqlite_log) as store:
        reader = store.read("a")
        assert [next(reader).seq for _ in range(5)] == [0, 1, 2, 3, 4]
        with pytest.raises(LogCorrupted, match=r"event 5 of encounter 'a'.*do not match its hash") as caught:
            next(reader)
    assert caught.value.seq == 5


def test_a_changed_hash_is_reported_at_its_seq(sqlite_log):
    edit_row(sqlite_log, 3, hash="f" * 64)
    with SQLiteStore(sqlite_log) as store, pytest.raises(LogCorrupted) as caught:
        list(store.read("a"))
    assert caught.value.seq == 3


def test_an_edit_with_a_recomputed_hash_breaks_the_chain_at_the_next_event(sqlite_log):
    body = stored_body(sqlite_log, 3).replace(b"reason 3", b"reason X")
    edit_row(sqlite_log, 3, body=body, hash=compute_hash(body))
    with SQLiteStore(sqlite_log) as store, pytest.raises(LogCorrupted, match="chain broken") as caught:
        list(store.read("a"))
    assert caught.value.seq == 4


def test_a_deleted_event_is_reported_as_missing(sqlite_log):
    with sqlite3.connect(sqlite_log) as db:
        db.execute("DELETE FROM events WHERE seq = 6")
    db.close()
    with SQLiteStore(sqlite_log) as store:
        with pytest.raises(LogCorrupted, match="found seq 7 where 6 was expected"):
            list(store.read("a"))
        with pytest.raises(LogCorrupted, match=r"event 6 .*missing"):
            list(store.read("a", from_seq=7))


def test_reading_from_a_later_seq_checks_the_chain_from_the_stored_hash_before_it(sqlite_log):
    edit_row(sqlite_log, 4, hash="f" * 64)
    with SQLiteStore(sqlite_log) as store, pytest.raises(LogCorrupted, match="chain broken") as caught:
        list(store.read("a", from_seq=5))
    assert caught.value.seq == 5


def test_reading_crosses_fetch_chunks_without_losing_the_chain(sqlite_log, monkeypatch):
    monkeypatch.setattr(sqlite_module, "CHUNK", 3)
    with SQLiteStore(sqlite_log) as store:
        assert [r.seq for r in store.read("a")] == list(range(10))


def test_a_truncated_sqlite_file_raises_a_store_error_naming_it(sqlite_log, tmp_path):
    cut = tmp_path / "cut.db"
    cut.write_bytes(sqlite_log.read_bytes()[:1000])
    with pytest.raises(StoreError, match=r"cut\.db is not a readable combatlog log: "), SQLiteStore(cut) as store:
        list(store.read("a"))


def test_a_file_that_is_not_sqlite_raises_a_store_error_naming_it(tmp_path):
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are not the events you are looking for\n" * 100)
    with pytest.raises(StoreError, match=r"notes\.db is not a readable combatlog log: file is not a database"):
        SQLiteStore(path)


def test_a_log_from_a_newer_schema_is_refused(sqlite_log):
    with sqlite3.connect(sqlite_log) as db:
        db.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    db.close()
    with pytest.raises(StoreError, match="schema version 3"):
        SQLiteStore(sqlite_log)


def test_opening_a_log_in_a_missing_folder_raises_a_store_error(kind_on_disk, tmp_path):
    with pytest.raises(StoreError, match="does not exist"):
        make_store(kind_on_disk, tmp_path / "nowhere")


# --- JSONL -----------------------------------------------------------------------------------


def test_export_embeds_each_body_verbatim_as_a_json_object(store, tmp_path):
    fill(store)
    assert export_jsonl(store, "a", tmp_path / "a.jsonl") == 10
    lines = (tmp_path / "a.jsonl").read_bytes().splitlines()
    bodies = [body for _, body in store.read_sealed("a")]
    for number, (line, body) in enumerate(zip(lines, bodies, strict=True)):
        parsed = json.loads(line)
        # The first line also carries the log's identity (chain version 2), which the chains are bound to.
        log = b',"log":"%s"' % store.log_id().encode() if number == 0 else b""
        assert list(parsed) == ["encounter", "hash", "body"] + (["log"] if log else []) and isinstance(parsed["body"], dict)
        assert line == b'{"encounter":"a","hash":"%s","body":%s%s}' % (compute_hash(body).encode(), body, log)


def test_export_then_import_into_a_fresh_sqlite_log_keeps_records_and_hashes(store, tmp_path):
    a, b = fill(store, "a"), fill(store, "b", commands=1)
    assert export_jsonl(store, None, tmp_path / "all.jsonl") == 14
    with SQLiteStore(tmp_path / "copy.db") as copy:
        assert import_jsonl(tmp_path / "all.jsonl", copy) == {"a": 10, "b": 4}
        assert list(copy.read("a")) == a and list(copy.read("b")) == b
        assert list(copy.read_sealed("a")) == list(store.read_sealed("a"))


def test_importing_an_encounter_the_store_already_has_is_a_conflict_and_writes_nothing(tmp_path):
    source = MemoryStore()
    fill(source, "a"), fill(source, "b")
    export_jsonl(source, None, tmp_path / "all.jsonl")
    target = MemoryStore()
    fill(target, "b", commands=0)
    with pytest.raises(ConcurrencyConflict):
        import_jsonl(tmp_path / "all.jsonl", target)
    assert target.encounters() == ["b"]


def test_a_jsonl_store_file_is_itself_an_export(tmp_path):
    with JsonlStore(tmp_path / "log.jsonl") as store:
        sealed = fill(store)
    with SQLiteStore(tmp_path / "copy.db") as copy:
        import_jsonl(tmp_path / "log.jsonl", copy)
        assert list(copy.read("a")) == sealed


def test_a_jsonl_line_reformatted_by_another_tool_still_imports_with_its_hash(tmp_path):
    source = MemoryStore()
    sealed = fill(source)
    export_jsonl(source, "a", tmp_path / "a.jsonl")
    # Python's json reorders nothing here but adds spaces and escapes "ö": the bytes differ, the JSON does not.
    lines = [json.dumps(json.loads(line), indent=None) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    (tmp_path / "pretty.jsonl").write_text("\n".join(lines) + "\n")
    target = MemoryStore()
    import_jsonl(tmp_path / "pretty.jsonl", target)
    assert list(target.read("a")) == sealed


def test_a_jsonl_file_cut_mid_line_names_the_line(tmp_path):
    with JsonlStore(tmp_path / "log.jsonl") as store:
        fill(store)
    data = (tmp_path / "log.jsonl").read_bytes()
    cut_at = sum(len(line) for line in data.splitlines(keepends=True)[:6]) + 40
    (tmp_path / "log.jsonl").write_bytes(data[:cut_at])
    message = r"log\.jsonl, line 7: not a readable combatlog event \(the file ends mid-line"
    with pytest.raises(StoreError, match=message):
        import_jsonl(tmp_path / "log.jsonl", MemoryStore())
    with JsonlStore(tmp_path / "log.jsonl") as store:
        with pytest.raises(StoreError, match=message):
            list(store.read("a"))
        with pytest.raises(StoreError, match=message):
            store.append("a", command(6), 6)


def test_a_damaged_jsonl_body_names_the_line_and_the_seq(tmp_path):
    source = MemoryStore()
    fill(source)
    export_jsonl(source, "a", tmp_path / "a.jsonl")
    text = (tmp_path / "a.jsonl").read_text().replace("reason 8", "reason 9", 1)
    (tmp_path / "a.jsonl").write_text(text)
    target = MemoryStore()
    with pytest.raises(
        LogCorrupted, match=r"event 8 of encounter 'a': .*a\.jsonl, line 9: its bytes do not match"
    ) as caught:
        import_jsonl(tmp_path / "a.jsonl", target)
    assert caught.value.seq == 8 and target.encounters() == []


def test_a_jsonl_store_appends_after_a_last_line_missing_its_newline(tmp_path):
    with JsonlStore(tmp_path / "log.jsonl") as store:
        sealed = fill(store)
    (tmp_path / "log.jsonl").write_bytes((tmp_path / "log.jsonl").read_bytes().rstrip(b"\n"))
    with JsonlStore(tmp_path / "log.jsonl") as store:
        sealed += store.append("a", command(10), 10)
        assert list(store.read("a")) == sealed


def test_a_jsonl_store_sees_what_another_writer_appended(tmp_path):
    first, second = JsonlStore(tmp_path / "log.jsonl"), JsonlStore(tmp_path / "log.jsonl")
    sealed = fill(first)
    assert second.last("a") == (10, sealed[-1].hash)
    sealed += second.append("a", command(10), 10)
    with pytest.raises(ConcurrencyConflict):
        first.append("a", command(10), 10)
    assert list(first.read("a")) == sealed


# --- upcasting -------------------------------------------------------------------------------


@pytest.fixture
def v1_created(monkeypatch) -> tuple[Recorded, bytes]:
    """EncounterCreated is now v2; a v1 body, as an old version wrote it, called the ruleset 'rules'."""
    monkeypatch.setattr(EncounterCreated, "schema_version", 2)
    monkeypatch.setitem(envelope.UPCASTERS, ("EncounterCreated", 1), lift_rules)
    old = {
        "seq": 0,
        "txn": 0,
        "at": AT,
        "actor": "dm",
        "event": {"type": "EncounterCreated", "rules": "dnd5e-2014", "seed": "7"},
    }
    body = msgspec.json.Encoder(order="sorted").encode(old)
    stub = Recorded(
        seq=0, txn=0, at=AT, hash=compute_hash(body), event=CombatEnded()
    )  # append_sealed reads seq and hash
    return stub, body


def lift_rules(event: dict) -> dict:
    event["ruleset"] = event.pop("rules")
    return event


def test_an_old_event_is_upcast_on_read_while_its_stored_bytes_stay(store, v1_created):
    stub, body = v1_created
    store.append_sealed("a", [v1_created], 0)
    store.append("a", command(1), 1)
    first, *rest = store.read("a")
    assert first.event == EncounterCreated(ruleset="dnd5e-2014", seed="7") and first.v == 2
    assert rest[0].prev_hash == stub.hash and all(r.v == 1 for r in rest)
    assert next(store.read_sealed("a"))[1] == body


def test_an_old_event_without_an_upcaster_is_reported(store, v1_created, monkeypatch):
    store.append_sealed("a", [v1_created], 0)
    monkeypatch.delitem(envelope.UPCASTERS, ("EncounterCreated", 1))
    with pytest.raises(LogCorrupted, match="no upcaster for EncounterCreated v1"):
        list(store.read("a"))


def test_an_upcast_log_exports_and_imports_with_its_original_hashes(v1_created, tmp_path):
    source = MemoryStore()
    source.append_sealed("a", [v1_created], 0)
    source.append("a", command(1), 1)
    export_jsonl(source, "a", tmp_path / "a.jsonl")
    with SQLiteStore(tmp_path / "copy.db") as copy:
        import_jsonl(tmp_path / "a.jsonl", copy)
        assert list(copy.read_sealed("a")) == list(source.read_sealed("a"))


def test_an_old_body_that_still_fits_the_new_schema_is_upcast_too(store, monkeypatch):
    monkeypatch.setattr(CombatEnded, "schema_version", 2)
    monkeypatch.setitem(
        envelope.UPCASTERS, ("CombatEnded", 1), lambda event: {**event, "reason": event["reason"].upper()}
    )
    body = msgspec.json.Encoder(order="sorted").encode(
        {"seq": 0, "txn": 0, "at": AT, "event": {"type": "CombatEnded", "reason": "fled"}}
    )
    store.append_sealed("a", [(Recorded(seq=0, txn=0, at=AT, hash=compute_hash(body), event=CombatEnded()), body)], 0)
    (only,) = store.read("a")
    assert only.event.reason == "FLED" and only.v == 2


def test_copying_a_sqlite_log_file_copies_the_log(sqlite_log, tmp_path):
    shutil.copy(sqlite_log, tmp_path / "copy.db")
    with SQLiteStore(sqlite_log) as original, SQLiteStore(tmp_path / "copy.db") as copy:
        assert list(copy.read("a")) == list(original.read("a"))
