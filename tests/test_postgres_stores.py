"""The store test suite on a real PostgreSQL server, plus what only PostgreSQL has: schema migrations,
racing writers in several processes, tampering in the table, LISTEN/NOTIFY, and index-only access.

Every test of tests/test_stores.py that takes the `store` fixture runs here again with a PostgresStore
(collected by name below, so new ones join in). The cluster comes from tests/pg_cluster.py.
"""

import inspect
import json
import multiprocessing
import subprocess
import sys
import threading
import time

import msgspec
import pytest

from pg_cluster import require_driver

require_driver()

import psycopg  # noqa: E402

import test_stores
from combatlog.events.envelope import LogCorrupted, compute_hash
from combatlog.events.stores import ConcurrencyConflict, StoreError, open_store
from combatlog.events.stores import postgres as postgres_module
from combatlog.events.stores.postgres import SCHEMA_VERSION, PostgresStore
from pg_cluster import pg_cluster, pg_url  # noqa: F401  (fixtures)
from test_stores import command, created, fill

# Every shared store test (those taking `store` and nothing tied to a file) runs on PostgreSQL too.
_FILE_BOUND = {"kind_on_disk", "sqlite_log", "tmp_path_factory"}
for _name, _test in vars(test_stores).items():
    if _name.startswith("test_") and callable(_test):
        _params = set(inspect.signature(_test).parameters)
        if "store" in _params and not _params & _FILE_BOUND:
            globals()[_name] = _test
            for _fixture in _params - {"store"}:  # the fixtures it needs from that module (v1_created, ...)
                if _fixture in vars(test_stores):
                    globals()[_fixture] = getattr(test_stores, _fixture)


@pytest.fixture(params=["postgres"])
def store(pg_url):
    with PostgresStore(pg_url) as opened:
        yield opened


def rows(url: str, query: str, *args) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(query, args).fetchall()


def execute(url: str, query: str, *args) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(query, args)


@pytest.fixture
def pg_log(pg_url) -> str:
    """A closed PostgreSQL log of encounter 'a' with 10 events."""
    with PostgresStore(pg_url) as opened:
        fill(opened)
    return pg_url


# --- opening, schema and migrations ----------------------------------------------------------


def test_open_store_picks_postgres_for_a_url(pg_url):
    with open_store(pg_url) as opened:
        assert isinstance(opened, PostgresStore)


def test_a_reopened_store_continues_the_same_log(pg_url):
    with PostgresStore(pg_url) as first:
        sealed = fill(first)
    with PostgresStore(pg_url) as second:
        assert list(second.read("a")) == sealed
        sealed += second.append("a", command(10), 10)
    with open_store(pg_url) as third:
        assert list(third.read("a")) == sealed and third.last("a") == (13, sealed[-1].hash)


def test_the_schema_is_created_by_the_store_and_versioned(pg_log):
    assert rows(pg_log, "SELECT version FROM schema_version ORDER BY version") == [
        (step,) for step in range(1, SCHEMA_VERSION + 1)
    ]
    assert rows(pg_log, "SELECT seq, txn, type FROM events WHERE seq IN (0, 1, 2) ORDER BY seq") == [
        (0, 0, "EncounterCreated"), (1, 1, "CommandIssued"), (2, 1, "CombatEnded"),
    ]
    indexes = dict(rows(pg_log, "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'events'"))
    assert "UNIQUE INDEX events_encounter_seq ON public.events USING btree (encounter, seq)" in "".join(
        indexes.values())


def test_opening_for_reading_creates_nothing(pg_cluster, pg_url):
    with pytest.raises(StoreError, match="no such log"):
        open_store(pg_url, create=False)
    assert rows(pg_url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == [(0,)]
    missing = pg_cluster.url("never_made")
    with pytest.raises(StoreError, match=r"never_made: no such log \(the database does not exist\)"):
        open_store(missing, create=False)
    assert rows(pg_cluster.url(), "SELECT count(*) FROM pg_database WHERE datname = 'never_made'") == [(0,)]


def test_opening_for_writing_creates_a_missing_database(pg_cluster):
    url = pg_cluster.url("made_by_the_store")
    with open_store(url) as opened:
        fill(opened, commands=1)
    with open_store(url, create=False) as again:
        assert again.last("a")[0] == 4


def test_the_cli_reads_a_missing_postgres_log_as_an_error_and_creates_nothing(pg_cluster, capsys):
    from combatlog.cli.main import main

    url = pg_cluster.url("not_there")
    assert main(["state", url, "--json"]) == 1
    assert "not_there: no such log" in capsys.readouterr().err
    assert rows(pg_cluster.url(), "SELECT count(*) FROM pg_database WHERE datname = 'not_there'") == [(0,)]


def test_a_log_from_a_newer_schema_is_refused(pg_log):
    execute(pg_log, "INSERT INTO schema_version (version) VALUES (%s)", SCHEMA_VERSION + 1)
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1}; this combatlog reads"):
        PostgresStore(pg_log)


def test_a_log_at_an_older_schema_version_is_migrated_step_by_step(pg_url, monkeypatch):
    with PostgresStore(pg_url) as opened:
        sealed = fill(opened)
    # A later combatlog adds a step: an existing log gets exactly that step, in order, once.
    monkeypatch.setattr(postgres_module, "MIGRATIONS",
                        [*postgres_module.MIGRATIONS, "CREATE TABLE notes (encounter TEXT PRIMARY KEY, text TEXT)"])
    monkeypatch.setattr(postgres_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with PostgresStore(pg_url) as opened, PostgresStore(pg_url) as again:
        assert list(again.read("a")) == sealed
    assert [v for (v,) in rows(pg_url, "SELECT version FROM schema_version ORDER BY version")] == list(
        range(1, SCHEMA_VERSION + 2))
    assert rows(pg_url, "SELECT count(*) FROM notes") == [(0,)]


def _open_and_append(url: str, encounter: str, barrier) -> None:
    barrier.wait()
    with PostgresStore(url) as opened:
        opened.append(encounter, created(), 0)


def test_processes_opening_a_fresh_log_at_once_migrate_it_once(pg_url):
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(4)
    workers = [context.Process(target=_open_and_append, args=(pg_url, f"e{i}", barrier)) for i in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    assert rows(pg_url, "SELECT version FROM schema_version ORDER BY version") == [
        (step,) for step in range(1, SCHEMA_VERSION + 1)
    ]
    with PostgresStore(pg_url) as opened:
        assert opened.encounters() == ["e0", "e1", "e2", "e3"]


def test_a_server_that_is_not_there_is_a_store_error_without_the_password():
    with pytest.raises(StoreError) as caught:
        PostgresStore("postgresql://gm:hunter2@127.0.0.1:1/fights", connect_timeout=2)
    assert "cannot connect" in str(caught.value) and "hunter2" not in str(caught.value)
    assert "postgresql://gm:***@127.0.0.1:1/fights" in str(caught.value)


# --- concurrency -----------------------------------------------------------------------------


def test_a_race_decided_by_the_unique_index_is_the_same_conflict_and_writes_nothing(pg_log):
    """A writer whose check passed (the rival's row is not committed yet) waits on the index, then conflicts."""
    with PostgresStore(pg_log) as store:
        sealed = list(store.read("a"))
        rival = psycopg.connect(pg_log)
        rival.execute("INSERT INTO events (encounter, seq, txn, type, body, hash) "
                      "SELECT encounter, 10, 10, type, body, hash FROM events WHERE encounter = 'a' AND seq = 9")
        outcome: list[object] = []
        writer = threading.Thread(target=lambda: outcome.append(_try_append(store, command(10), 10)))
        writer.start()
        # The writer has read seq 9 as the last, inserted its seq 10 and waits for the rival's transaction.
        deadline = time.monotonic() + 20
        while rows(pg_log, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND wait_event_type = 'Lock' AND wait_event = 'transactionid'") != [(1,)]:
            assert time.monotonic() < deadline and writer.is_alive(), "the writer never waited on the index"
            time.sleep(0.02)
        rival.commit()
        rival.close()
        writer.join(10)
        (conflict,) = outcome
        assert isinstance(conflict, ConcurrencyConflict)
        assert (conflict.expected_seq, conflict.actual_next_seq) == (10, 11)
        assert rows(pg_log, "SELECT count(*) FROM events WHERE encounter = 'a'") == [(11,)]
        assert [r.hash for r in sealed] == [h for (h,) in rows(pg_log, "SELECT hash FROM events WHERE seq < 10 "
                                                                        "ORDER BY seq")]


def _try_append(store, records, expected):
    try:
        return store.append("a", records, expected)
    except ConcurrencyConflict as conflict:
        return conflict


def test_two_writers_racing_for_the_same_seq_leave_exactly_one_copy(pg_url):
    with PostgresStore(pg_url) as store:
        fill(store, commands=0)
    with PostgresStore(pg_url) as alice_store, PostgresStore(pg_url) as bob_store:
        for expected in range(1, 1 + 15 * 3, 3):
            barrier = threading.Barrier(2)
            outcomes: list[object] = []

            def write(store, actor):
                records = [msgspec.structs.replace(r, actor=actor) for r in command(expected)]
                barrier.wait()
                outcomes.append(_try_append(store, records, expected))

            threads = [threading.Thread(target=write, args=pair)
                       for pair in ((alice_store, "alice"), (bob_store, "bob"))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            winners = [o for o in outcomes if isinstance(o, list)]
            assert len(winners) == 1 and sum(isinstance(o, ConcurrencyConflict) for o in outcomes) == 1
            assert list(alice_store.read("a", from_seq=expected)) == winners[0]
        assert [r.seq for r in bob_store.read("a")] == list(range(1 + 15 * 3))


# --- damage and tampering in the table -------------------------------------------------------


def edit(url: str, seq: int, **columns) -> None:
    for column, value in columns.items():
        execute(url, f"UPDATE events SET {column} = %s WHERE encounter = 'a' AND seq = %s", value, seq)


def body_of(url: str, seq: int) -> bytes:
    return bytes(rows(url, "SELECT body FROM events WHERE encounter = 'a' AND seq = %s", seq)[0][0])


def test_a_changed_byte_in_a_stored_body_is_reported_at_its_seq(pg_log):
    edit(pg_log, 5, body=body_of(pg_log, 5).replace(b"reason 5", b"reason 6"))
    with PostgresStore(pg_log) as store:
        reader = store.read("a")
        assert [next(reader).seq for _ in range(5)] == [0, 1, 2, 3, 4]
        with pytest.raises(LogCorrupted, match=r"event 5 of encounter 'a'.*do not match its hash") as caught:
            next(reader)
    assert caught.value.seq == 5


def test_an_edit_with_a_recomputed_hash_breaks_the_chain_at_the_next_event(pg_log):
    body = body_of(pg_log, 3).replace(b"reason 3", b"reason X")
    edit(pg_log, 3, body=body, hash=compute_hash(body))
    with PostgresStore(pg_log) as store, pytest.raises(LogCorrupted, match="chain broken") as caught:
        list(store.read("a"))
    assert caught.value.seq == 4


def test_a_deleted_event_is_reported_as_missing(pg_log):
    execute(pg_log, "DELETE FROM events WHERE seq = 6")
    with PostgresStore(pg_log) as store:
        with pytest.raises(LogCorrupted, match="found seq 7 where 6 was expected"):
            list(store.read("a"))
        with pytest.raises(LogCorrupted, match=r"event 6 .*missing"):
            list(store.read("a", from_seq=7))


def test_reading_crosses_fetch_chunks_without_losing_the_chain(pg_log, monkeypatch):
    monkeypatch.setattr(postgres_module, "CHUNK", 3)
    with PostgresStore(pg_log) as store:
        assert [r.seq for r in store.read("a")] == list(range(10))
        assert [r.seq for r in store.read("a", from_seq=4)] == list(range(4, 10))


def test_snapshots_are_stored_in_their_own_table_and_replaced(pg_url):
    with PostgresStore(pg_url) as store:
        assert store.snapshot_seqs("a") == [] and store.read_snapshot("a", 3) is None
        store.write_snapshot("a", 3, b"first")
        store.write_snapshot("a", 1, b"one")
        store.write_snapshot("a", 3, b"second")
        assert store.snapshot_seqs("a") == [1, 3] and store.read_snapshot("a", 3) == b"second"
        assert store.encounters() == []  # snapshots are no events


# --- access paths: per-command cost does not grow with the table ----------------------------


def test_the_store_reaches_events_through_the_index_never_a_table_scan(pg_url):
    with PostgresStore(pg_url) as store:
        fill(store)
    execute(pg_url, "INSERT INTO events (encounter, seq, txn, type, body, hash) "
                    "SELECT 'enc' || (n / 100), n %% 100, n %% 100, 'CombatEnded', '\\x7b7d', 'x' "
                    "FROM generate_series(0, 199999) AS n")
    execute(pg_url, "ANALYZE events")
    queries = {
        "last": (postgres_module._LAST, ("enc7",)),
        "read": ("SELECT seq, body, hash FROM events WHERE encounter = %s AND seq > %s ORDER BY seq LIMIT %s",
                 ("enc7", -1, postgres_module.CHUNK)),
        "encounters": (postgres_module._ENCOUNTERS, ()),
    }
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for name, (query, args) in queries.items():
            plan = "\n".join(row[0] for row in conn.execute(psycopg.sql.SQL("EXPLAIN " + query), args))
            assert "Seq Scan" not in plan and "events_encounter_seq" in plan, (name, plan)
    with PostgresStore(pg_url) as store:
        assert len(store.encounters()) == 2001 and store.last("enc1999") == (100, "x")


# --- following writes: LISTEN/NOTIFY ---------------------------------------------------------


def test_wait_for_append_answers_at_once_for_events_already_there_and_times_out_otherwise(pg_log):
    with PostgresStore(pg_log) as store:
        assert store.wait_for_append("a", 5, timeout=0) is True
        started = time.monotonic()
        assert store.wait_for_append("a", 9, timeout=0.3) is False
        assert 0.25 <= time.monotonic() - started < 3
        assert store.wait_for_append("nobody", -1, timeout=0.1) is False


def test_an_append_wakes_a_waiter_in_another_thread(pg_log):
    with PostgresStore(pg_log) as waiter, PostgresStore(pg_log) as writer:
        woke: list[object] = []
        thread = threading.Thread(target=lambda: woke.append((waiter.wait_for_append("a", 9, 10),
                                                              time.monotonic())))
        thread.start()
        time.sleep(0.3)
        written = time.monotonic()
        writer.append("a", command(10), 10)
        thread.join(10)
        (answer, at), = woke
        assert answer is True and at - written < 1.0


def test_each_append_notifies_the_log_channel_with_encounter_and_seq(pg_log):
    with PostgresStore(pg_log) as store, psycopg.connect(pg_log, autocommit=True) as listener:
        listener.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(store.channel)))
        store.append("a", command(10), 10)
        store.append("b", created(), 0)
        notes = [json.loads(n.payload) for n in listener.notifies(timeout=2, stop_after=2)]
    assert notes == [{"encounter": "a", "seq": 12}, {"encounter": "b", "seq": 0}]


_LISTENER = """
import sys, time
from combatlog.events.stores.postgres import PostgresStore
with PostgresStore(sys.argv[1]) as store:
    store.wait_for_append("a", 9, 0)  # listening from here on
    print("ready", flush=True)
    ok = store.wait_for_append("a", 9, 20)
    print("woke" if ok else "timeout", time.time(), flush=True)
"""


def test_a_listener_in_another_process_sees_a_write_within_a_second(pg_log):
    listener = subprocess.Popen([sys.executable, "-c", _LISTENER, pg_log], stdout=subprocess.PIPE, text=True)
    try:
        assert listener.stdout.readline().strip() == "ready"
        with PostgresStore(pg_log) as writer:
            written = time.time()
            writer.append("a", command(10), 10)
        word, at = listener.stdout.readline().split()
        assert word == "woke" and float(at) - written < 1.0
    finally:
        listener.kill()
        listener.wait()


# --- connections the server drops ------------------------------------------------------------


def drop_connections(url: str) -> int:
    """Terminate every other backend of the log's database, as a server restart or failover would."""
    (count,) = rows(url, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                         "WHERE datname = current_database() AND pid <> pg_backend_pid()")[0]
    time.sleep(0.2)
    return count


def test_a_store_carries_on_after_the_server_dropped_its_connections(pg_log):
    with PostgresStore(pg_log, pool_size=2) as store:
        sealed = list(store.read("a"))
        assert drop_connections(pg_log) >= 1
        assert store.last("a") == (10, sealed[-1].hash)  # a read: run again on a fresh connection
        assert drop_connections(pg_log) >= 1
        sealed += store.append("a", command(10), 10)  # nothing was sent before the failure: run again
        assert list(store.read("a")) == sealed
    assert rows(pg_log, "SELECT count(*) FROM events") == [(13,)]


def test_a_waiter_is_woken_after_its_listening_connection_was_dropped(pg_log):
    with PostgresStore(pg_log) as waiter, PostgresStore(pg_log) as writer:
        assert waiter.wait_for_append("a", 9, 0) is False  # the listener is up
        drop_connections(pg_log)
        woke: list[bool] = []
        thread = threading.Thread(target=lambda: woke.append(waiter.wait_for_append("a", 9, 10)))
        thread.start()
        time.sleep(0.5)
        writer.append("a", command(10), 10)
        thread.join(10)
        assert woke == [True]


def test_an_unknown_role_is_a_connection_error_not_a_missing_log(pg_cluster):
    url = pg_cluster.url().replace("combatlog@", "nobody_here@")
    for create in (True, False):
        with pytest.raises(StoreError, match=r"cannot connect to the PostgreSQL server: .*nobody_here"):
            PostgresStore(url, create=create)


def test_the_python_api_opens_a_postgres_log_and_reading_one_creates_nothing(pg_cluster):
    import combatlog

    url = pg_cluster.url("api_log")
    with pytest.raises(StoreError, match="no such log"):
        combatlog.open_log(url, create=False)
    assert rows(pg_cluster.url(), "SELECT count(*) FROM pg_database WHERE datname = 'api_log'") == [(0,)]
    with combatlog.open_log(url) as log:
        log.encounter("default").execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 7})
    with combatlog.open_log(url, create=False) as log:
        assert log.encounters() == ["default"] and log.encounter("default").state()["seq"] == 1
        log.encounter("default").verify()
