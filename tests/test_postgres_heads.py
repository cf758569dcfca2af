"""What constant-cost opens, undo and verify rely on, on a real PostgreSQL log: the recorded head of each
encounter (schema version 2, migrated into logs written before it), bounded range reads, one-probe snapshot
lookups, and verify naming a cut tail, a forged snapshot and storage damage. No timings (the benchmark
measures speed): these tests count the records each operation reads, like tests/test_perf_open.py."""

import itertools
import os

import pytest

from pg_cluster import require_driver

require_driver()

import psycopg  # noqa: E402

from combatlog.cli.main import main as cli_main
from combatlog.events.stores import StoreError
from combatlog.events.stores import postgres as postgres_module
from combatlog.events.stores.postgres import SCHEMA_VERSION, PostgresStore
from combatlog.replay.engine import Encounter
from combatlog.replay.snapshots import verify_head, verify_snapshots
from combatlog.replay.timeline import rebuild
from pg_cluster import pg_cluster, pg_url  # noqa: F401  (fixtures)
from test_perf_open import brawl
from test_snapshots_auth import _lie

EVERY = 200  # snapshot interval of the long log
LENGTH = 1500  # events of the long log


class CountingStore(PostgresStore):
    """A real PostgreSQL store that counts the records it hands out (and where reads start)."""

    def __init__(self, url):
        super().__init__(url)
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


def rows(url: str, query: str, *args) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(query, args).fetchall()


def execute(url: str, query: str, *args) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(query, args)


_copies = itertools.count(1)


def copy_of(cluster, url: str) -> str:
    """A new database holding the same log as `url` (closed): a copy a test may damage."""
    name = f"copy_{os.getpid()}_{next(_copies)}"
    source = url.rsplit("/", 1)[1]
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {source} STRATEGY FILE_COPY")
    return cluster.url(name)


def verify(url: str, capsys) -> tuple[int, str]:
    capsys.readouterr()
    code = cli_main(["verify", url])
    return code, capsys.readouterr().err


@pytest.fixture(scope="module")
def long_log(pg_cluster) -> str:
    """About 1500 events of encounter 'e' with a snapshot every 200, built through the engine."""
    url = pg_cluster.new_database()
    with PostgresStore(url) as store:
        brawl(Encounter(store, "e", snapshot_every=EVERY), LENGTH)
    return url


# --- constant-cost opens and undo ------------------------------------------------------------


def test_opening_a_long_postgres_log_reads_only_the_events_after_its_newest_snapshot(long_log):
    # Given a log of 1500 events with a snapshot every 200, When it is opened,
    # Then fewer than 200 records are read and no read starts at the first event.
    with CountingStore(long_log) as store:
        encounter = Encounter(store, "e", snapshot_every=EVERY)
        assert encounter.snapshots.base >= LENGTH - EVERY
        assert 0 < store.handed < EVERY and 0 not in store.starts
        assert encounter.state == rebuild(list(store.read("e")))[0]


def test_undo_redo_and_state_at_on_a_long_postgres_log_read_a_bounded_tail(pg_cluster, long_log):
    url = copy_of(pg_cluster, long_log)
    with CountingStore(url) as store:
        encounter = Encounter(store, "e", snapshot_every=EVERY)
        for command in ({"do": "undo", "steps": 3}, {"do": "redo", "steps": 3}, {"do": "undo"}):
            store.handed, store.starts = 0, []
            encounter.execute(command)
            assert store.handed < 2 * EVERY and 0 not in store.starts, command
        store.handed, store.starts = 0, []
        middle = encounter.state_at(LENGTH // 2)
        assert store.handed < EVERY and 0 not in store.starts
        records = list(store.read("e"))
        assert middle == rebuild(records, LENGTH // 2)[0]
        assert encounter.state == rebuild(records)[0]


def test_range_reads_stop_at_their_last_seq_and_cross_query_chunks(long_log, monkeypatch):
    monkeypatch.setattr(postgres_module, "CHUNK", 7)
    with PostgresStore(long_log) as store:
        everything = list(store.read("e"))
        assert store.read_range("e", 100, 130) == everything[100:131]
        assert store.read_range("e", 0, 20) == everything[:21]
        end = len(everything) - 1
        assert store.read_range("e", end - 3, end + 50) == everything[-4:]
        assert store.read_range("e", end + 1, end + 9) == [] and store.read_one("e", end + 1) is None
        assert store.read_one("e", 5) == everything[5]
        assert [seq for seq, *_ in store.rows("e")] == list(range(end + 1))


def test_snapshot_before_is_the_nearest_stored_snapshot_at_or_before_a_seq(long_log):
    with PostgresStore(long_log) as store:
        seqs = store.snapshot_seqs("e")
        assert len(seqs) >= 5
        assert store.snapshot_before("e", seqs[0] - 1) is None
        assert store.snapshot_before("e", seqs[2]) == seqs[2]
        assert store.snapshot_before("e", seqs[3] - 1) == seqs[2]
        assert store.snapshot_before("e", 10**12) == seqs[-1]
        assert store.snapshot_before("nobody", 10**12) is None


def test_the_full_replay_finds_the_markers_by_type_and_prints_what_state_prints(pg_cluster, long_log, capsys):
    url = copy_of(pg_cluster, long_log)
    with PostgresStore(url) as store:
        encounter = Encounter(store, "e", snapshot_every=EVERY)
        encounter.execute({"do": "undo", "steps": 4})
        encounter.execute({"do": "redo"})
        markers = store.marker_rows("e")
        assert [seq for seq, _, _ in markers] == [encounter.next_seq - 3, encounter.next_seq - 1]
    capsys.readouterr()
    assert cli_main(["state", url, "--json", "--encounter", "e"]) == 0
    plain = capsys.readouterr().out
    assert cli_main(["state", url, "--json", "--encounter", "e", "--replay"]) == 0
    assert capsys.readouterr().out == plain


def test_the_new_queries_go_through_the_indexes_never_a_table_scan(pg_url):
    with PostgresStore(pg_url):
        pass
    execute(pg_url, "INSERT INTO events (encounter, seq, txn, type, body, hash) "
                    "SELECT 'enc' || (n / 100), n %% 100, n %% 100, "
                    "CASE WHEN n %% 50 = 7 THEN 'Undone' ELSE 'CombatEnded' END, '\\x7b7d', 'x' "
                    "FROM generate_series(0, 199999) AS n")
    execute(pg_url, "INSERT INTO snapshots (encounter, seq, body) "
                    "SELECT 'enc' || (n / 10), n %% 10 * 10, '\\x00' FROM generate_series(0, 19999) AS n")
    execute(pg_url, "ANALYZE")
    queries = {
        "end and head": (postgres_module._END_AND_HEAD, {"e": "enc7"}, "events_encounter_seq"),
        "range": ("SELECT seq, body, hash FROM events WHERE encounter = %s AND seq BETWEEN %s AND %s ORDER BY seq",
                  ("enc7", 10, 40), "events_encounter_seq"),
        "markers": (postgres_module._MARKERS, ("enc7",), "events_markers"),
        "snapshot before": ("SELECT seq FROM snapshots WHERE encounter = %s AND seq <= %s ORDER BY seq DESC LIMIT 1",
                            ("enc7", 55), "snapshots_pkey"),
    }
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for name, (query, args, index) in queries.items():
            plan = "\n".join(row[0] for row in conn.execute(psycopg.sql.SQL("EXPLAIN " + query), args))
            assert "Seq Scan on events" not in plan and "Seq Scan on snapshots" not in plan, (name, plan)
            assert index in plan, (name, plan)


# --- the recorded head -----------------------------------------------------------------------


def test_the_head_follows_every_append_in_the_same_transaction(pg_url):
    with PostgresStore(pg_url) as store:
        assert store.head("e") is None
        encounter = Encounter(store, "e")
        brawl(encounter, 20)
        assert store.head("e") == (encounter.next_seq - 1, store.last("e")[1])
        assert rows(pg_url, "SELECT encounter, seq FROM heads") == [("e", encounter.next_seq - 1)]


def test_verify_of_a_postgres_log_names_a_cut_tail_and_nothing_is_appended_after_it(pg_cluster, long_log, capsys):
    # Given the last whole commands deleted from the events table, When `combatlog verify postgresql://…` runs,
    # Then it exits 1 naming the cut events, and a command run on the log is refused with nothing written.
    url = copy_of(pg_cluster, long_log)
    assert verify(url, capsys)[0] == 0
    (last,) = rows(url, "SELECT max(seq) FROM events")[0]
    (cut_from,) = rows(url, "SELECT max(txn) FROM events WHERE seq <= %s", last - 4)[0]
    execute(url, "DELETE FROM events WHERE seq >= %s", cut_from)
    code, err = verify(url, capsys)
    assert code == 1 and f"events {cut_from} to {last} cut from its end" in err, err
    with PostgresStore(url) as store:
        assert verify_head(store, "e") is not None
        encounter = Encounter(store, "e", snapshot_every=EVERY)
        with pytest.raises(StoreError, match=f"events {cut_from} to {last} are missing from its end"):
            encounter.execute({"do": "heal", "target": "a", "amount": 1})
        assert store.last("e")[0] == cut_from
    assert rows(url, "SELECT max(seq) FROM events") == [(cut_from - 1,)]


def test_a_rewritten_last_event_and_a_deleted_encounter_are_named_by_verify(pg_cluster, long_log, capsys):
    url = copy_of(pg_cluster, long_log)
    with PostgresStore(url) as store:
        Encounter(store, "gone").execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 1})
    execute(url, "DELETE FROM events WHERE encounter = 'gone'")
    (last,) = rows(url, "SELECT max(seq) FROM events WHERE encounter = 'e'")[0]
    execute(url, "UPDATE heads SET hash = %s WHERE encounter = 'e'", "0" * 64)
    code, err = verify(url, capsys)
    assert code == 1, err
    assert f"event {last}: its hash differs from the one the log's head recorded" in err, err
    assert "encounter 'gone': its head records event 1 but the log holds none of its events (events 0 to 1 cut)" in err, err


def test_verify_names_a_hole_in_the_middle_of_a_postgres_log(pg_cluster, long_log, capsys):
    url = copy_of(pg_cluster, long_log)
    execute(url, "DELETE FROM events WHERE seq = 700")
    code, err = verify(url, capsys)
    assert code == 1 and "event 700 is missing from the log" in err, err
    assert "the last seq is" in err and "(events missing)" in err, err


def test_verify_of_a_postgres_log_names_a_forged_snapshot(pg_cluster, long_log, capsys):
    # Given a snapshot rewritten with a lower HP and its authentication recomputed, Then the log still opens
    # to the fold of its events... and verify names that snapshot by its seq.
    url = copy_of(pg_cluster, long_log)
    seq, body = rows(url, "SELECT seq, body FROM snapshots WHERE encounter = 'e' ORDER BY seq")[1]
    execute(url, "UPDATE snapshots SET body = %s WHERE encounter = 'e' AND seq = %s", _lie(bytes(body), rehash=True),
            seq)
    code, err = verify(url, capsys)
    assert code == 1 and f"event {seq}: the snapshot stored at this event holds another state" in err, err
    with PostgresStore(url) as store:
        assert [s for s, _ in verify_snapshots(store, "e")] == [seq]
    # A snapshot whose bytes no longer match their authentication is never used to open the log.
    (newest, newest_body), = rows(url, "SELECT seq, body FROM snapshots WHERE encounter = 'e' "
                                       "ORDER BY seq DESC LIMIT 1")
    execute(url, "UPDATE snapshots SET body = %s WHERE encounter = 'e' AND seq = %s",
            _lie(bytes(newest_body), rehash=False), newest)
    with PostgresStore(url) as store:
        encounter = Encounter(store, "e", snapshot_every=EVERY)
        assert encounter.snapshots.base != newest
        assert encounter.state == rebuild(list(store.read("e")))[0]
    code, err = verify(url, capsys)
    assert code == 1 and f"event {newest}: the snapshot stored at this event is unreadable or fails" in err, err


# --- migrating a log written before heads were recorded --------------------------------------


def test_a_log_written_at_schema_version_1_migrates_to_heads_computed_from_its_last_events(pg_url, capsys):
    # Given a log written by the previous schema (no heads table), When the current combatlog opens it,
    # Then it is migrated once: each encounter's head is its last event, verify is clean, appends go on,
    # and a tail cut after the migration is caught.
    with PostgresStore(pg_url) as store:
        brawl(Encounter(store, "e", snapshot_every=50), 120)
        brawl(Encounter(store, "f", snapshot_every=50), 30)
    # Back to exactly what schema version 1 made (its migration is unchanged): no heads, no marker index.
    execute(pg_url, "DROP TABLE heads; DROP INDEX events_markers; DELETE FROM schema_version WHERE version > 1")
    assert rows(pg_url, "SELECT max(version) FROM schema_version") == [(1,)]
    assert rows(pg_url, "SELECT to_regclass('heads')::text") == [(None,)]
    ends = dict((name, (seq, digest)) for name, seq, digest in rows(
        pg_url, "SELECT DISTINCT ON (encounter) encounter, seq, hash FROM events ORDER BY encounter, seq DESC"))
    assert SCHEMA_VERSION >= 2  # 3 (issue 24) adds the signatures and requests tables
    assert postgres_module.MIGRATIONS[0].count("CREATE TABLE") == 2  # version 1 made events and snapshots only
    with PostgresStore(pg_url) as store:
        assert store.head("e") == ends["e"] and store.head("f") == ends["f"]
        encounter = Encounter(store, "e", snapshot_every=50)
        encounter.execute({"do": "heal", "target": "a", "amount": 1})
        assert store.head("e") == (encounter.next_seq - 1, store.last("e")[1])
    assert [v for (v,) in rows(pg_url, "SELECT version FROM schema_version ORDER BY version")] == list(
        range(1, SCHEMA_VERSION + 1))
    assert rows(pg_url, "SELECT count(*) FROM pg_indexes WHERE indexname = 'events_markers'") == [(1,)]
    assert verify(pg_url, capsys)[0] == 0
    (last,) = rows(pg_url, "SELECT max(seq) FROM events WHERE encounter = 'f'")[0]
    execute(pg_url, "DELETE FROM events WHERE encounter = 'f' AND seq > %s", last - 3)
    code, err = verify(pg_url, capsys)
    assert code == 1 and f"events {last - 2} to {last} cut from its end" in err, err


def test_an_import_of_many_events_and_a_single_command_both_record_the_head(pg_url, long_log, capsys):
    # Given the long log copied into a fresh database in one append (beyond the one-statement write),
    # Then its head is the last event copied; a command after it moves the head in its single statement.
    assert len(postgres_module._WRITES) == 4 and postgres_module.FEW < 300
    with PostgresStore(long_log) as source:
        sealed = list(source.read_sealed("e"))[:303]
        identity = source.log_id()
    with PostgresStore(pg_url) as target:
        target.append_sealed("e", sealed[:300], 0, identity)  # a copy: it takes the source's identity
        assert target.head("e") == (299, sealed[299][0].hash)
        target.append_sealed("e", sealed[300:], 300)
        assert target.head("e") == (302, target.last("e")[1])
    assert rows(pg_url, "SELECT count(*) FROM heads") == [(1,)]
