"""The server store: one PostgreSQL database shared by many processes and machines (psycopg 3 and its pool).

Layout (created and migrated by `migrate`, never by hand; `schema_version` records each applied step):
- `events (encounter, seq, txn, type, body, hash)`, UNIQUE (encounter, seq): that index is the only access
  path, so an append costs the same however many encounters and events the table holds (the last seq is a
  backward index probe, reads are index range scans, and the encounter list is a skip scan of the index);
- `snapshots (encounter, seq, body)`: a cache of folded states (replay/snapshots.py), safe to delete;
- `signatures` and `requests` (schema version 3, issue 24): the heads the DM's key signed, and the events each
  idempotency key's request appended, both written in the transaction of the events;
- `heads (encounter, seq, hash)` (schema version 2): the last seq of each encounter and that event's hash,
  written in the same transaction as the events, so a tail cut from `events` no longer matches it (verify
  reports it, and appends refuse to bury it under new events); a partial index over the undo, redo and
  revert markers lets the full replay find them without reading the other events.

One transaction per append, in two round trips (pipeline mode): BEGIN and read the last (seq, hash) and the
recorded head; then check they agree and that the next seq is the writer's expected seq, and send together the
insert, the head's move, the NOTIFY of the log's channel with {"encounter", "seq"} and COMMIT. Two writers racing for the same seq both pass the check
under READ COMMITTED; the unique index makes the second wait for the first and then fail, and that failure
becomes the same ConcurrencyConflict as a failed check: nothing of it is written.

`wait_for_append` follows writes made by any process through LISTEN on that channel: one listening
connection per store object, shared by every waiting thread.
"""

import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import psycopg
from psycopg import errors, sql
from psycopg_pool import ConnectionPool, PoolTimeout

from combatlog.events.envelope import GENESIS_HASH, chain_genesis
from combatlog.events.stores.base import (
    _UNSET,
    NEW,
    ConcurrencyConflict,
    Sealed,
    StoreBase,
    StoreError,
    ends_at_head,
    settle_identity,
)
from combatlog.words import Said

# The pool warns when it replaces a dropped connection; without a handler of the app's, Python would print that
# on stderr beside the CLI's one-line messages. Apps that configure logging still receive it.
logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())
# Likewise a pipeline closed on a lost connection ("error ignored terminating <psycopg.Pipeline [BAD]>"): the
# append's own error already says it.
logging.getLogger("psycopg").addHandler(logging.NullHandler())

CHUNK = 2000  # rows per read query
SCHEMA_LOCK = 0x636C6F67  # advisory lock key held while migrating ("clog")

# Ordered migrations: MIGRATIONS[n - 1] brings a log from schema version n - 1 to n. Append, never edit.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE events (
        encounter TEXT NOT NULL,
        seq BIGINT NOT NULL CHECK (seq >= 0),
        txn BIGINT NOT NULL,
        type TEXT NOT NULL,
        body BYTEA NOT NULL,
        hash TEXT NOT NULL,
        CONSTRAINT events_encounter_seq UNIQUE (encounter, seq)
    );
    CREATE TABLE snapshots (
        encounter TEXT NOT NULL,
        seq BIGINT NOT NULL,
        body BYTEA NOT NULL,
        PRIMARY KEY (encounter, seq)
    );
    """,
    # 2: the recorded head of each encounter (an existing log's heads are its last events), and the markers.
    """
    CREATE TABLE heads (
        encounter TEXT PRIMARY KEY,
        seq BIGINT NOT NULL,
        hash TEXT NOT NULL
    );
    INSERT INTO heads (encounter, seq, hash)
        SELECT DISTINCT ON (encounter) encounter, seq, hash FROM events ORDER BY encounter, seq DESC;
    CREATE INDEX events_markers ON events (encounter, seq) WHERE type IN ('Undone', 'Redone', 'Reverted');
    """,
    # 3 (issue 24): the heads signed with the DM's key, and the idempotency key of each request that appended
    # events (first_seq..last_seq), both written in the same transaction as the events.
    """
    CREATE TABLE IF NOT EXISTS signatures (
        encounter TEXT NOT NULL,
        seq BIGINT NOT NULL,
        hash TEXT NOT NULL,
        signature TEXT NOT NULL,
        PRIMARY KEY (encounter, seq)
    );
    CREATE TABLE IF NOT EXISTS requests (
        encounter TEXT NOT NULL,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        first_seq BIGINT NOT NULL,
        last_seq BIGINT NOT NULL,
        PRIMARY KEY (encounter, key)
    );
    """,
]
# The log's identity (chain version 2) lives in `log_meta`, made by the first write of a new log (a log written
# before it has none: chain version 1); not a migration, so that a log's schema version says nothing of it.
_META_TABLE = "CREATE TABLE IF NOT EXISTS log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"

SCHEMA_VERSION = len(MIGRATIONS)

_LAST = "SELECT seq, hash FROM events WHERE encounter = %s ORDER BY seq DESC LIMIT 1"
# The last event of an encounter and its recorded head, in one statement (the append's check).
_END_AND_HEAD = """
SELECT e.seq, e.hash, h.seq, h.hash
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (SELECT seq, hash FROM events WHERE encounter = %(e)s ORDER BY seq DESC LIMIT 1) AS e ON true
LEFT JOIN heads AS h ON h.encounter = %(e)s
"""
# The last event of an encounter and what an idempotency key's request appended to it, in one statement (and one
# snapshot): a server's command asks both first.
_END_AND_REQUEST = """
SELECT e.seq, e.hash, r.fingerprint, r.first_seq, r.last_seq
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (SELECT seq, hash FROM events WHERE encounter = %(e)s ORDER BY seq DESC LIMIT 1) AS e ON true
LEFT JOIN requests AS r ON r.encounter = %(e)s AND r.key = %(k)s
"""
# Move the head and tell the listeners (a data-modifying WITH always runs whole): a plain UPDATE of the head
# the check just read, or an upsert for an encounter without one. A command's few events are inserted in the
# same statement (the whole write is one round trip), and the head waits for them ({after}): every writer
# takes the events' unique keys before the head's row, so racing writers conflict and never deadlock.
_HEAD_UPDATE = "UPDATE heads SET seq = %(seq)s, hash = %(hash)s WHERE encounter = %(e)s{after} RETURNING 1"
_HEAD_UPSERT = ("INSERT INTO heads (encounter, seq, hash) SELECT %(e)s, %(seq)s, %(hash)s WHERE true{after} "
                "ON CONFLICT (encounter) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash RETURNING 1")
_EVENTS_FROM_ARRAYS = ("INSERT INTO events (encounter, seq, txn, type, body, hash) SELECT %(e)s, * FROM "
                       "unnest(%(seqs)s::bigint[], %(txns)s::bigint[], %(types)s::text[], %(bodies)s::bytea[], "
                       "%(hashes)s::text[]) RETURNING 1")
_WRITE = "WITH {events}moved AS ({head}) SELECT pg_notify(%(channel)s, %(payload)s)"
_WRITES = {
    (events, existing): _WRITE.format(
        events=f"inserted AS ({_EVENTS_FROM_ARRAYS}), " if events else "",
        head=(_HEAD_UPDATE if existing else _HEAD_UPSERT).format(
            after=" AND EXISTS (SELECT 1 FROM inserted)" if events else ""))
    for events in (True, False) for existing in (True, False)
}
FEW = 64  # up to this many events go in the one statement; an import's thousands go through executemany
_SIGN = ("INSERT INTO signatures (encounter, seq, hash, signature) VALUES (%s, %s, %s, %s) "
         "ON CONFLICT (encounter, seq) DO UPDATE SET hash = EXCLUDED.hash, signature = EXCLUDED.signature")
_RECORD_REQUEST = ("INSERT INTO requests (encounter, key, fingerprint, first_seq, last_seq) VALUES (%s, %s, %s, %s, %s) "
                   "ON CONFLICT (encounter, key) DO UPDATE SET last_seq = EXCLUDED.last_seq")
_MARKERS = ("SELECT seq, body, hash FROM events WHERE encounter = %s AND type IN ('Undone', 'Redone', 'Reverted') "
            "ORDER BY seq")
_INSERT = "INSERT INTO events (encounter, seq, txn, type, body, hash) VALUES (%s, %s, %s, %s, %s, %s)"
# A skip scan of the (encounter, seq) index: one probe per encounter instead of reading every event.
_ENCOUNTERS = """
WITH RECURSIVE names AS (
    (SELECT encounter FROM events ORDER BY encounter LIMIT 1)
    UNION ALL
    SELECT (SELECT e.encounter FROM events e WHERE e.encounter > names.encounter ORDER BY e.encounter LIMIT 1)
    FROM names WHERE names.encounter IS NOT NULL
)
SELECT encounter FROM names WHERE encounter IS NOT NULL
"""


def redact(url: str) -> str:
    """The URL as shown in messages: any password replaced by ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def _first_line(error: BaseException) -> str:
    # In pipeline mode libpq puts its own words before the cause ("consuming input failed: server closed...").
    return (str(error).strip().splitlines() or [type(error).__name__])[0].removeprefix("consuming input failed: ")


class PostgresStore(StoreBase):
    """Events of every encounter of a log in one PostgreSQL table, written by any number of processes.

    `create=False` opens an existing log only (a StoreError if the database holds none) and creates nothing;
    `create=True` creates the database (when the role may) and the schema if they are missing.
    `pool_size` is the most connections this object opens at once (server threads share them).
    """

    def __init__(self, url: str, *, create: bool = True, pool_size: int = 4, connect_timeout: float = 10.0) -> None:
        self.url = url
        self.name = redact(url)
        self._connect_timeout = connect_timeout
        self._listener: _Listener | None = None
        self._listener_lock = threading.Lock()
        self._closed = False
        from combatlog.events.stores.signing import signer_from_environment

        self.signer = signer_from_environment()  # COMBATLOG_SIGNING_KEY: each append signs its head
        with self._connect(create) as conn:
            migrate(conn, self.name, create=create)
            schema = _row(conn.execute("SELECT current_schema()"))[0] or "public"
            self.channel = f"combatlog:{schema}"[:63]  # NOTIFY is per database: one channel per log
        self._pool = ConnectionPool(
            url, min_size=1, max_size=max(pool_size, 1), kwargs={"autocommit": True}, timeout=connect_timeout,
            name="combatlog", open=False,
        )
        try:
            self._pool.open(wait=True, timeout=connect_timeout)
        except PoolTimeout:
            raise StoreError(Said("store-postgres-unreachable", path=self.name)) from None

    # ------------------------------------------------------------------ connections
    def _connect(self, create: bool = False) -> psycopg.Connection:
        """One direct connection; creates the database itself when `create` and it is missing."""
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=max(1, round(self._connect_timeout)))
        except psycopg.OperationalError as error:
            missing = "does not exist" in str(error) and 'database "' in str(error)
            if missing and create:
                self._create_database()
                return self._connect(create=False)
            if missing:
                raise StoreError(Said("store-postgres-no-database", path=self.name)) from None
            raise StoreError(Said("store-postgres-unreachable-because", path=self.name, error=_first_line(error))) from None
        except psycopg.Error as error:  # a malformed URL
            raise StoreError(Said("store-file-error", path=self.name, error=_first_line(error))) from None

    def _create_database(self) -> None:
        parts = urlsplit(self.url)
        dbname = unquote(parts.path.lstrip("/")) or unquote(parts.username or "")
        admin = urlunsplit(parts._replace(path="/postgres"))
        try:
            with psycopg.connect(admin, autocommit=True, connect_timeout=max(1, round(self._connect_timeout))) as conn:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))
        except errors.DuplicateDatabase:
            pass  # another process created it first
        except psycopg.Error as error:
            raise StoreError(Said("store-postgres-cannot-create", path=self.name, error=_first_line(error))) from None

    def _guarded(self, work: Callable[[psycopg.Connection], object], retry: Callable[[], bool] = lambda: True,
                 unknown: Callable[[], bool] = lambda: False):
        """Run `work(connection)` on a pooled connection; database failures become StoreError naming the log.

        A connection the server dropped while it sat in the pool (a restart, a failover, an idle timeout) fails
        on first use: the work is run once more on a fresh one when `retry()` says nothing was written."""
        if self._closed:
            raise StoreError(Said("store-postgres-closed", path=self.name))
        for attempt in (1, 2):
            try:
                with self._pool.connection() as conn:
                    try:
                        return work(conn)
                    except psycopg.OperationalError:
                        if not (attempt == 1 and conn.broken and retry()):
                            raise
                # The pool drops the broken connection; the idle ones likely died with it: check them too.
                self._pool.check()
            except (psycopg.errors.UniqueViolation, ConcurrencyConflict):
                raise
            except PoolTimeout:
                raise StoreError(Said("store-postgres-no-connection", path=self.name)) from None
            except psycopg.OperationalError as error:
                if unknown():  # the write was sent: the connection was lost before its commit was answered
                    raise StoreError(Said("store-outcome-unknown", path=self.name, error=_first_line(error))) from None
                raise StoreError(Said("store-file-error", path=self.name, error=_first_line(error))) from None
            except psycopg.Error as error:
                raise StoreError(Said("store-file-error", path=self.name, error=_first_line(error))) from None
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ the store interface
    def _load_identity(self) -> tuple[str | None, bool]:
        def load(conn: psycopg.Connection) -> tuple[str | None, bool]:
            row = _log_id(conn)
            if row is not None:
                return row[0], True
            return None, conn.execute("SELECT 1 FROM events LIMIT 1").fetchone() is not None

        return self._guarded(load)

    def _identity_for_write(self, conn: psycopg.Connection, adopt: str | None) -> str | None:
        """The log's identity for this write (inside its transaction), stored when a new log takes one."""
        if self._identity is not _UNSET:
            if adopt is not NEW:
                settle_identity(self.name, self._identity, False, adopt)  # type: ignore[arg-type]
            return self._identity  # type: ignore[return-value]
        row = _log_id(conn)
        empty = conn.execute("SELECT 1 FROM events LIMIT 1").fetchone() is None
        identity, store = settle_identity(self.name, row[0] if row else None, empty, adopt)
        if store:
            # Two first writers racing: the one whose row lands first gives the log its identity.
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            conn.execute(_META_TABLE)
            conn.execute("INSERT INTO log_meta (key, value) VALUES ('log_id', %s) ON CONFLICT (key) DO NOTHING",
                         (identity,))
            identity = _row(conn.execute("SELECT value FROM log_meta WHERE key = 'log_id'"))[0]
        return identity

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]],
                adopt: str | None = NEW) -> list[Sealed]:
        sent = [False]  # once the inserts are sent, a failure may come after the commit: never run it twice
        settled: list[str | None] = []

        def write(conn: psycopg.Connection) -> list[Sealed]:
            sent[0] = False
            settled.clear()
            # Pipeline mode: BEGIN goes with the check's query (one round trip, the check's answer is needed to
            # seal), then the write, the signature, the request and COMMIT together (one more), where each was a
            # round trip of its own: five per command, each a wait for the server and for the GIL (issue 25).
            with conn.pipeline(), conn.transaction():
                identity = self._identity_for_write(conn, adopt)
                settled.append(identity)
                next_seq, prev, has_head = self._end_for_append(conn, encounter)
                if next_seq != expected_seq:
                    raise ConcurrencyConflict(encounter, expected_seq, next_seq)
                if next_seq == 0:
                    prev = (self._pinned or {}).get(encounter) or chain_genesis(identity, encounter)
                sealed = make(prev)
                sent[0] = True
                last = sealed[-1][0]
                payload = json.dumps({"encounter": encounter, "seq": last.seq}, ensure_ascii=False)
                if len(payload.encode()) >= 7900:  # NOTIFY's payload limit; a listener re-reads otherwise
                    payload = ""
                values = {"e": encounter, "seq": last.seq, "hash": last.hash, "channel": self.channel,
                          "payload": payload}
                few = len(sealed) <= FEW
                if few:
                    values.update(seqs=[r.seq for r, _ in sealed], txns=[r.txn for r, _ in sealed],
                                  types=[type(r.event).__name__ for r, _ in sealed],
                                  bodies=[body for _, body in sealed], hashes=[r.hash for r, _ in sealed])
                else:
                    with conn.cursor() as cursor:
                        cursor.executemany(
                            _INSERT,
                            [(encounter, r.seq, r.txn, type(r.event).__name__, body, r.hash) for r, body in sealed],
                        )
                conn.execute(_WRITES[few, has_head], values)
                signature = self.head_signature(identity, encounter, last.seq, last.hash)
                if signature is not None:  # the DM's key signs the new head, in the same transaction
                    conn.execute(_SIGN, (encounter, last.seq, last.hash, signature))
                request = self._pending_request(encounter)
                if request is not None:  # the idempotency key and the events it appended, in the same transaction
                    conn.execute(_RECORD_REQUEST, (encounter, request[0], request[1], sealed[0][0].seq, last.seq))
            self._identity = settled[0]  # committed: the log holds events, its identity is settled
            return sealed

        try:
            return self._guarded(write, retry=lambda: not sent[0], unknown=lambda: sent[0])
        except psycopg.errors.UniqueViolation:
            # A writer that passed the same check committed first: the same conflict, nothing of ours written.
            raise ConcurrencyConflict(encounter, expected_seq, self.last(encounter)[0]) from None

    def _end_for_append(self, conn: psycopg.Connection, encounter: str) -> tuple[int, str, bool]:
        """(next seq, last hash, whether a head is recorded), refusing a log whose last event is not its
        recorded head: appending after a cut (or rewritten) tail would bury the damage under new events."""
        last_seq, last_hash, head_seq, head_hash = _row(conn.execute(_END_AND_HEAD, {"e": encounter}))
        ends_at_head(self.name, encounter, last_seq, last_hash, head_seq, head_hash)
        has_head = head_seq is not None
        return (0, GENESIS_HASH, has_head) if last_seq is None else (last_seq + 1, last_hash, has_head)

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        if from_seq == 0:
            prev: str | None = self.genesis(encounter)
        else:
            row = self._guarded(lambda conn: conn.execute(
                "SELECT hash FROM events WHERE encounter = %s AND seq = %s", (encounter, from_seq - 1)).fetchone())
            prev = row[0] if row else None
        return prev, self._rows(encounter, from_seq)

    def _rows(self, encounter: str, from_seq: int) -> Iterator[tuple[bytes, str]]:
        """(body, hash) from `from_seq` in index order, CHUNK rows per query (no connection held between them)."""
        after = from_seq - 1
        while True:
            rows = self._guarded(lambda conn: conn.execute(
                "SELECT seq, body, hash FROM events WHERE encounter = %s AND seq > %s ORDER BY seq LIMIT %s",
                (encounter, after, CHUNK)).fetchall())
            for _, body, digest in rows:
                yield bytes(body), digest
            if len(rows) < CHUNK:
                return
            after = rows[-1][0]

    def _bodies_between(self, encounter: str, first: int, last: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        """Like `_bodies`, bounded by `last`: index range scans of at most CHUNK rows, the first one also
        fetching the hash of `first - 1` (no query reads past `last`)."""
        first = max(first, 0)
        start = max(first - 1, 0)
        rows = self._range(encounter, start, min(last, start + CHUNK - 1))
        prev: str | None = self.genesis(encounter) if first == 0 else None
        if first > 0:
            prev = rows.pop(0)[2] if rows and rows[0][0] == first - 1 else None
        return prev, self._rest_between(encounter, rows, start + CHUNK, last)

    def _range(self, encounter: str, first: int, last: int) -> list[tuple[int, bytes, str]]:
        return self._guarded(lambda conn: conn.execute(
            "SELECT seq, body, hash FROM events WHERE encounter = %s AND seq BETWEEN %s AND %s ORDER BY seq",
            (encounter, first, last)).fetchall())

    def _rest_between(self, encounter: str, rows: list, start: int, last: int) -> Iterator[tuple[bytes, str]]:
        while True:
            for _, body, digest in rows:
                yield bytes(body), digest
            if start > last:
                return
            rows = self._range(encounter, start, min(last, start + CHUNK - 1))
            if not rows:
                return
            start += CHUNK

    def rows(self, encounter: str, from_seq: int = 0) -> Iterator[tuple[int, int, str, bytes, str]]:
        """Every stored (seq, txn, type, body, hash) row of the encounter by seq from `from_seq`, unchecked: for
        verify (CHUNK rows per query, following the index, so a missing seq shows as a gap)."""
        after = from_seq - 1 if from_seq > 0 else -1
        while True:
            rows = self._guarded(lambda conn: conn.execute(
                "SELECT seq, txn, type, body, hash FROM events WHERE encounter = %s AND seq > %s ORDER BY seq "
                "LIMIT %s", (encounter, after, CHUNK)).fetchall())
            for seq, txn, kind, body, digest in rows:
                yield seq, txn, kind, bytes(body), digest
            if len(rows) < CHUNK:
                return
            after = rows[-1][0]

    def marker_rows(self, encounter: str) -> list[tuple[int, bytes, str]]:
        """(seq, body, hash) of the undo, redo and revert markers, found through their partial index without
        reading the other events (the full replay's first pass); unverified: the caller checks them."""
        return [(seq, bytes(body), digest) for seq, body, digest in
                self._guarded(lambda conn: conn.execute(_MARKERS, (encounter,)).fetchall())]

    def head(self, encounter: str) -> tuple[int, str] | None:
        """The recorded (last seq, hash) of the encounter, or None when none is recorded."""
        row = self._guarded(lambda conn: conn.execute(
            "SELECT seq, hash FROM heads WHERE encounter = %s", (encounter,)).fetchone())
        return (row[0], row[1]) if row else None

    def signatures(self, encounter: str) -> list[tuple[int, str, str]]:
        """The encounter's signed heads (seq, hash, signature), by seq; none when no head was ever signed."""
        return [(seq, digest, signature) for seq, digest, signature in self._guarded(lambda conn: conn.execute(
            "SELECT seq, hash, signature FROM signatures WHERE encounter = %s ORDER BY seq", (encounter,)).fetchall())]

    def request(self, encounter: str, key: str) -> tuple[str, int, int] | None:
        """(fingerprint, first seq, last seq) the request with idempotency key `key` appended, or None.

        Within `steady`, asked of the log once per block (until an append to the encounter), and read with the
        encounter's end when that is not kept yet: the server's command asks both first, in one round trip."""
        asked = self._steady_requests()
        if asked is not None and (encounter, key) in asked:
            return asked[encounter, key]
        ends = self._steady_ends()
        if ends is not None and encounter not in ends:
            row = _row(self._guarded(lambda conn: conn.execute(_END_AND_REQUEST, {"e": encounter, "k": key})))
            ends[encounter] = (row[0] + 1, row[1]) if row[0] is not None else (0, GENESIS_HASH)
            found = (row[2], row[3], row[4]) if row[2] is not None else None
        else:
            got = self._guarded(lambda conn: conn.execute(
                "SELECT fingerprint, first_seq, last_seq FROM requests WHERE encounter = %s AND key = %s",
                (encounter, key)).fetchone())
            found = (got[0], got[1], got[2]) if got else None
        if asked is not None:
            asked[encounter, key] = found
        return found

    def missing_head(self, encounter: str) -> bool:
        """Whether a log of chain version 2 (whose every append records its head) has none for the encounter."""
        return self.log_id() is not None and self.head(encounter) is None

    def integrity_problems(self) -> list[str]:
        """What the storage itself shows before any event is read: every encounter's events counted in the
        table (no index) against what the (encounter, seq) index finds and against its last seq, and heads
        left behind by an encounter whose every event is gone (verify would not list it otherwise)."""

        def check(conn: psycopg.Connection) -> list[str]:
            problems = []
            with conn.transaction():
                for setting in ("enable_indexscan", "enable_indexonlyscan", "enable_bitmapscan"):
                    conn.execute(f"SET LOCAL {setting} = off")
                in_table = {name: (count, top) for name, count, top in conn.execute(
                    "SELECT encounter, count(*), max(seq) FROM events GROUP BY encounter")}
            with conn.transaction():
                conn.execute("SET LOCAL enable_seqscan = off")
                in_index: dict[str, int] = dict(conn.execute("SELECT encounter, count(*) FROM events GROUP BY encounter"
                                             " ORDER BY encounter").fetchall())
            for name, (count, top) in sorted(in_table.items()):
                if in_index.get(name, 0) != count:
                    problems.append(f"encounter '{name}': the table holds {count} events but its index finds "
                                    f"{in_index.get(name, 0)} (damaged index)")
                elif top + 1 != count:
                    problems.append(f"encounter '{name}': {count} events stored but the last seq is {top} "
                                    "(events missing)")
            for name, seq in conn.execute(
                    "SELECT encounter, seq FROM heads h WHERE NOT EXISTS "
                    "(SELECT 1 FROM events e WHERE e.encounter = h.encounter) ORDER BY encounter"):
                gap = "event 0" if seq == 0 else f"events 0 to {seq}"
                problems.append(f"encounter '{name}': its head records event {seq} but the log holds none of its "
                                f"events ({gap} cut)")
            return problems

        return self._guarded(check)

    def encounters(self) -> list[str]:
        """The encounters with at least one event, sorted."""
        return self._guarded(lambda conn: [row[0] for row in conn.execute(_ENCOUNTERS)])

    def last(self, encounter: str) -> tuple[int, str]:
        """(next seq, last hash) of the encounter; (0, GENESIS_HASH) when it has no events (kept within `steady`)."""
        return self._kept_last(encounter, self._read_last)

    def _read_last(self, encounter: str) -> tuple[int, str]:
        row = self._guarded(lambda conn: conn.execute(_LAST, (encounter,)).fetchone())
        return (row[0] + 1, row[1]) if row else (0, GENESIS_HASH)

    def snapshot_seqs(self, encounter: str) -> list[int]:
        """The seqs at which a snapshot of the encounter is stored, ascending."""
        return self._guarded(lambda conn: [row[0] for row in conn.execute(
            "SELECT seq FROM snapshots WHERE encounter = %s ORDER BY seq", (encounter,))])

    def read_snapshot(self, encounter: str, seq: int) -> bytes | None:
        """The stored snapshot body at `seq`, or None."""
        row = self._guarded(lambda conn: conn.execute(
            "SELECT body FROM snapshots WHERE encounter = %s AND seq = %s", (encounter, seq)).fetchone())
        return bytes(row[0]) if row else None

    def snapshot_before(self, encounter: str, seq: int) -> int | None:
        """The greatest seq <= `seq` holding a snapshot of the encounter, or None (one backward index probe)."""
        row = self._guarded(lambda conn: conn.execute(
            "SELECT seq FROM snapshots WHERE encounter = %s AND seq <= %s ORDER BY seq DESC LIMIT 1",
            (encounter, seq)).fetchone())
        return row[0] if row else None

    def write_snapshot(self, encounter: str, seq: int, body: bytes) -> None:
        """Store (or replace) the snapshot body at `seq`; the events table is not touched."""
        self._guarded(lambda conn: conn.execute(
            "INSERT INTO snapshots (encounter, seq, body) VALUES (%s, %s, %s) "
            "ON CONFLICT (encounter, seq) DO UPDATE SET body = EXCLUDED.body", (encounter, seq, body)))

    # ------------------------------------------------------------------ following writes
    def wait_for_append(self, encounter: str, after_seq: int, timeout: float) -> bool:
        """True as soon as the encounter holds an event after `after_seq` (at once if it already does),
        written by this or any other process; False when `timeout` seconds pass first."""
        deadline = time.monotonic() + max(timeout, 0.0)
        listener = self._ensure_listener()
        while True:
            with listener.changed:
                epoch = listener.epoch
                if listener.latest.get(encounter, -1) > after_seq:
                    return True
            # LISTEN is active: anything committed after this read is notified, anything before is in it.
            if self.last(encounter)[0] - 1 > after_seq:
                return True
            with listener.changed:
                while listener.epoch == epoch and listener.latest.get(encounter, -1) <= after_seq:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return False
                    listener.changed.wait(remaining)
                if listener.latest.get(encounter, -1) > after_seq:
                    return True
            # The listener reconnected (notifications may have been missed): read the log again.

    def appends_after(self, known: dict[str, int | None], epoch: int | None,
                      timeout: float) -> tuple[dict[str, int], int | None]:
        """`wait_for_append` for many encounters on one thread (a server follows fifty: a thread each, all woken
        by every notification, cost it as much as its commands). `known`: each followed encounter's last seq as
        the caller knows it (None: not read yet); `epoch`: what the last call returned (None at first).

        Returns (moved, epoch): the last seq of each encounter that moved past what the caller knows (those not
        read yet at once), as soon as any did, written by this or any other process; nothing when `timeout`
        seconds pass first. The log itself is read for the encounters not read yet, and for all of them when
        the listener (re)connected since the last call (notifications may have been missed)."""
        deadline = time.monotonic() + max(timeout, 0.0)
        listener = self._ensure_listener()
        with listener.changed:
            current = listener.epoch
        # LISTEN is active: anything committed after these reads is notified, anything before is in them.
        moved: dict[str, int] = {}
        for encounter, seq in known.items():
            if seq is None or epoch != current:
                last = self.last(encounter)[0] - 1
                if seq is None or last > seq:
                    moved[encounter] = last
        if moved:
            return moved, current
        with listener.changed:
            while True:
                if listener.epoch != current:
                    return {}, None  # reconnected: the next call reads the log again
                moved = {encounter: listener.latest[encounter] for encounter, seq in known.items()
                         if seq is not None and listener.latest.get(encounter, -1) > seq}
                if moved:
                    return moved, current
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return {}, current
                listener.changed.wait(remaining)

    def _ensure_listener(self) -> "_Listener":
        with self._listener_lock:
            if self._closed:
                raise StoreError(Said("store-postgres-closed", path=self.name))
            if self._listener is None:
                self._listener = _Listener(self)
            listener = self._listener
        listener.ready(self._connect_timeout)
        return listener

    def close(self) -> None:
        """Stop the listener and close every connection."""
        with self._listener_lock:
            self._closed = True
            listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()
        self._pool.close()


class _Listener:
    """One connection LISTENing on the log's channel; records the highest seq notified per encounter."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.changed = threading.Condition()
        self.latest: dict[str, int] = {}
        self.epoch = 0  # bumped on every (re)connection: waiters then re-read the log
        self.error: str | None = None
        self._listening = threading.Event()
        self._stopping = threading.Event()
        self._conn: psycopg.Connection | None = None
        self._thread = threading.Thread(target=self._loop, name="combatlog-listen", daemon=True)
        self._thread.start()

    def ready(self, timeout: float) -> None:
        if not self._listening.wait(timeout):
            raise StoreError(Said("store-postgres-cannot-listen", path=self.store.name,
                                  error=self.error or Said("store-postgres-no-connection-reason")))

    def _loop(self) -> None:
        delay = 0.1
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.store.url, autocommit=True) as conn:
                    self._conn = conn
                    conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.store.channel)))
                    with self.changed:
                        self.epoch += 1
                        self.changed.notify_all()
                    self._listening.set()
                    delay = 0.1
                    while not self._stopping.is_set():
                        for notice in conn.notifies(timeout=0.25):
                            self._seen(notice.payload)
            except psycopg.Error as error:
                self.error = _first_line(error)
                self._listening.clear()
                with self.changed:
                    self.epoch += 1
                    self.changed.notify_all()
                self._stopping.wait(delay)
                delay = min(delay * 2, 2.0)
            finally:
                self._conn = None

    def _seen(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            encounter, seq = str(note["encounter"]), int(note["seq"])
        except (ValueError, KeyError, TypeError):
            with self.changed:  # an unreadable note: let every waiter re-read the log
                self.epoch += 1
                self.changed.notify_all()
            return
        with self.changed:
            if seq > self.latest.get(encounter, -1):
                self.latest[encounter] = seq
            self.changed.notify_all()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=5)


def migrate(conn: psycopg.Connection, name: str, *, create: bool) -> int:
    """Bring the log's schema to SCHEMA_VERSION (under an advisory lock, so racing processes apply each step
    once); with `create=False` a database holding no log is an error and nothing is created. The version."""
    version = _version(conn)
    if version is None and not create:
        raise StoreError(Said("store-postgres-no-log", path=name))
    if version is not None and version > SCHEMA_VERSION:
        raise StoreError(Said("store-schema-version", path=name, version=version, supported=SCHEMA_VERSION))
    if version == SCHEMA_VERSION:
        return version
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                         " version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            (version,) = _row(conn.execute("SELECT coalesce(max(version), 0) FROM schema_version"))
            if version > SCHEMA_VERSION:
                raise StoreError(Said("store-schema-version", path=name, version=version, supported=SCHEMA_VERSION))
            for step in range(version + 1, SCHEMA_VERSION + 1):
                conn.execute(MIGRATIONS[step - 1])
                conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (step,))
    except psycopg.Error as error:
        raise StoreError(Said("store-postgres-cannot-migrate", path=name, error=_first_line(error))) from None
    return SCHEMA_VERSION


def _version(conn: psycopg.Connection) -> int | None:
    """The log's schema version, or None when the database holds no log."""
    if _row(conn.execute("SELECT to_regclass('schema_version')"))[0] is None:
        return None
    return _row(conn.execute("SELECT max(version) FROM schema_version"))[0] or None


def _log_id(conn: psycopg.Connection) -> tuple[Any, ...] | None:
    """(the log's identity,) when it has one."""
    if _row(conn.execute("SELECT to_regclass('log_meta')"))[0] is None:
        return None
    return conn.execute("SELECT value FROM log_meta WHERE key = 'log_id'").fetchone()


def _row(cursor: psycopg.Cursor[Any]) -> tuple[Any, ...]:
    """The one row of a query that always answers one (an aggregate, current_schema(), to_regclass())."""
    row = cursor.fetchone()
    assert row is not None, "an aggregate query answered no row"
    return row


__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "PostgresStore", "migrate", "redact"]
