"""The embedded default store: one SQLite file in WAL mode, one transaction per append."""

import functools
import os
import sqlite3
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

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

# 2: the `requests` table (idempotency keys, issue 24). A version-1 log opens as it is (read-only opens leave it
# so); its first write by this version adds the table and records version 2.
SCHEMA_VERSION = 2
_READABLE_VERSIONS = ("1", "2")
CHUNK = 2000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    encounter TEXT NOT NULL,
    seq INTEGER NOT NULL,
    txn INTEGER NOT NULL,
    type TEXT NOT NULL,
    body BLOB NOT NULL,
    hash TEXT NOT NULL,
    UNIQUE (encounter, seq)
);
-- A cache beside the log: the folded state as of `seq` (replay/snapshots.py); safe to delete at any time.
CREATE TABLE IF NOT EXISTS snapshots (
    encounter TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body BLOB NOT NULL,
    PRIMARY KEY (encounter, seq)
);
-- The undo, redo and revert markers by themselves: a full replay reads them first, without a scan.
CREATE INDEX IF NOT EXISTS events_markers ON events (encounter, seq) WHERE type IN ('Undone', 'Redone', 'Reverted');
"""

# The idempotency key of each request that appended events (Encounter.execute's request_id, the server's
# Idempotency-Key), written in the same transaction as the events: the events it appended are first..last.
_REQUESTS_TABLE = """
CREATE TABLE IF NOT EXISTS requests (
    encounter TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    first_seq INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    PRIMARY KEY (encounter, key)
)
"""
_RECORD_REQUEST = ("INSERT INTO requests (encounter, key, fingerprint, first_seq, last_seq) VALUES (?, ?, ?, ?, ?) "
                   "ON CONFLICT (encounter, key) DO UPDATE SET last_seq = excluded.last_seq")

# The head of each encounter (its last seq and that event's hash), written in the same transaction as the
# events: a tail cut from the events table no longer matches it (verify checks, appends refuse).
_HEADS_TABLE = """
CREATE TABLE IF NOT EXISTS heads (
    encounter TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    hash TEXT NOT NULL
)
"""

# The signed heads (events/stores/signing.py), made by the first append with the DM's key configured.
_SIGNATURES_TABLE = """
CREATE TABLE IF NOT EXISTS signatures (
    encounter TEXT NOT NULL,
    seq INTEGER NOT NULL,
    hash TEXT NOT NULL,
    signature TEXT NOT NULL,
    PRIMARY KEY (encounter, seq)
)
"""

# A body as bytes even when a hand edit stored it as text (sqlite's replace() returns text): the hash check
# then names the edited event instead of a reader failing on a str.
_BODY = "CAST(body AS BLOB)"

# The last event of an encounter and its recorded head, in one statement (the append's check).
_END_AND_HEAD = """
SELECT (SELECT seq FROM events WHERE encounter = ?1 ORDER BY seq DESC LIMIT 1),
       (SELECT hash FROM events WHERE encounter = ?1 ORDER BY seq DESC LIMIT 1),
       (SELECT seq FROM heads WHERE encounter = ?1),
       (SELECT hash FROM heads WHERE encounter = ?1)
"""

# An append's head: updated in place when this connection wrote it last, else inserted or replaced.
_UPDATE_HEAD = "UPDATE heads SET seq = ?, hash = ? WHERE encounter = ?"
_UPSERT_HEAD = ("INSERT INTO heads (encounter, seq, hash) VALUES (?, ?, ?) "
                "ON CONFLICT (encounter) DO UPDATE SET seq = excluded.seq, hash = excluded.hash")

# The distinct encounters through the (encounter, seq) index, one seek per encounter instead of a full scan.
_ENCOUNTERS = """
WITH RECURSIVE names(name) AS (
    SELECT min(encounter) FROM events
    UNION ALL
    SELECT (SELECT min(encounter) FROM events WHERE encounter > name) FROM names WHERE name IS NOT NULL
)
SELECT name FROM names WHERE name IS NOT NULL
"""


class _Busy(StoreError):
    """Another connection holds the write lock longer than the timeout."""


@functools.lru_cache(maxsize=16)
def _insert_rows(count: int) -> str:
    return "INSERT INTO events (encounter, seq, txn, type, body, hash) VALUES " + ", ".join(
        ["(?, ?, ?, ?, ?, ?)"] * count)


class SQLiteStore(StoreBase):
    """Events of every encounter in one table; the (encounter, seq) key makes racing appends collide."""

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = 10.0, durable: bool = False,
                 readonly: bool = False) -> None:
        """`durable`: synchronous=FULL (a commit survives a power cut); the default, WAL with synchronous=NORMAL,
        survives a crash of the process but may lose the last commits if the machine itself goes down.
        `readonly`: open an existing log without creating or altering anything."""
        self.path = os.fspath(path)
        self.durable = durable
        self.readonly = readonly
        # The DM's signing key (COMBATLOG_SIGNING_KEY), read once: each append then signs its head.
        if not readonly:
            from combatlog.events.stores.signing import signer_from_environment

            self.signer = signer_from_environment()
        self._heads_ready = False
        # encounter -> (PRAGMA data_version, next seq, last hash) as this connection's own last append left it
        self._known_end: dict[str, tuple[int, int, str]] = {}
        folder = Path(self.path).resolve().parent
        if not folder.is_dir():
            raise StoreError(Said("store-folder-missing", path=self.path, folder=folder))
        if readonly:
            self._open_readonly(timeout)
            return
        with self._guard():
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        try:
            with self._guard():
                self._refuse_foreign()
            self._retry_busy(self._create_schema, timeout)
            with self._guard():
                (version,) = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if version not in _READABLE_VERSIONS:
                raise StoreError(Said("store-schema-version", path=self.path, version=version, supported=SCHEMA_VERSION))
        except BaseException:
            self._db.close()
            raise

    def _create_schema(self) -> None:
        with self._guard():
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            # One transaction: a second process opening the same new file sees no table or all of them with the
            # schema version, never a part (which it would take for another application's database).
            self._db.executescript("BEGIN IMMEDIATE;" + _SCHEMA)
            try:
                self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
                if self._db.execute("SELECT 1 FROM events LIMIT 1").fetchone() is None:
                    self._db.execute(_REQUESTS_TABLE)  # a new log is made at the current version whole
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def _retry_busy(self, step: Callable[[], None], timeout: float) -> None:
        """Run `step`, waiting out another process that is creating the same new file (SQLITE_BUSY at setup)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                return step()
            except _Busy:
                if time.monotonic() > deadline:
                    raise StoreError(Said("store-busy", path=self.path)) from None
                time.sleep(0.05)

    def _refuse_foreign(self) -> None:
        """Never write our tables into another application's SQLite database."""
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and not {"meta", "events"} <= tables:
            raise StoreError(Said("store-foreign-database", path=self.path))

    def _open_readonly(self, timeout: float) -> None:
        """Open an existing log without creating or altering anything (no schema, no journal mode, no snapshot)."""
        try:
            size = os.path.getsize(self.path)
        except OSError as error:
            raise StoreError(Said("store-file-error", path=self.path, error=str(error.strerror or error))) from None
        if size == 0:
            raise StoreError(Said("store-empty-file", path=self.path))
        uri = "file:" + urllib.parse.quote(str(Path(self.path).resolve())) + "?mode=ro"
        if not os.path.exists(self.path + "-wal"):
            # No write-ahead log means no writer has the file open: read the file as it is, without the
            # -shm/-wal files a WAL reader would otherwise leave beside it.
            uri += "&immutable=1"
        with self._guard():
            self._db = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
        try:
            with self._guard():
                tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if not {"meta", "events"} <= tables:
                    raise StoreError(Said("store-no-events-table", path=self.path))
                row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if row is None or row[0] not in _READABLE_VERSIONS:
                version = row[0] if row else Said("store-schema-version-unknown")
                raise StoreError(Said("store-schema-version", path=self.path, version=version, supported=SCHEMA_VERSION))
            self._has_snapshots = "snapshots" in tables
        except BaseException:
            self._db.close()
            raise

    def integrity_problems(self) -> list[str]:
        """SQLite's own integrity check, and every encounter's row count against its seqs (index vs table)."""
        problems: list[str] = []  # Said is a str
        with self._guard():
            for (line,) in self._db.execute("PRAGMA integrity_check"):
                if line != "ok":
                    problems.append(Said("verify-sqlite-integrity", line=line))
            # NOT INDEXED reads the table itself: a damaged (encounter, seq) index cannot hide rows from it.
            counted = dict(self._db.execute(
                "SELECT encounter, COUNT(*) FROM events NOT INDEXED GROUP BY encounter").fetchall())
            for encounter, count in sorted(counted.items()):
                indexed = self._db.execute(
                    "SELECT COUNT(*), MAX(seq) FROM events WHERE encounter = ? AND seq >= 0", (encounter,)).fetchone()
                if indexed[0] != count:
                    problems.append(Said("verify-damaged-index", encounter=encounter, count=count, indexed=indexed[0]))
                elif indexed[1] is not None and indexed[1] + 1 != count:
                    problems.append(Said("verify-rows-missing", encounter=encounter, count=count, last=indexed[1]))
        return problems

    def rows(self, encounter: str, from_seq: int = 0) -> Iterator[tuple[int, int, str, bytes, str]]:
        """Every stored (seq, txn, type, body, hash) row of the encounter by seq from `from_seq`, unchecked: for
        verify (a parallel verify's worker reads its own stretch)."""
        with self._guard():
            cursor = self._db.execute(
                "SELECT seq, txn, type, CAST(body AS BLOB), hash FROM events WHERE encounter = ? AND seq >= ? "
                "ORDER BY seq", (encounter, from_seq) if from_seq > 0 else (encounter, -2**62))
            while chunk := cursor.fetchmany(CHUNK):
                yield from chunk

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn sqlite's errors into StoreError naming the file; IntegrityError is left to the caller."""
        try:
            yield
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError):
            raise
        except sqlite3.DatabaseError as error:
            name = getattr(error, "sqlite_errorname", "")
            if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(error):
                raise _Busy(str(error)) from None
            if not isinstance(error, sqlite3.OperationalError) or name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
                raise StoreError(Said("store-unreadable-log", path=self.path, error=str(error))) from None
            raise StoreError(Said("store-file-error", path=self.path, error=str(error))) from None

    def _last(self, encounter: str) -> tuple[int, str]:
        row = self._db.execute(
            "SELECT seq, hash FROM events WHERE encounter = ? ORDER BY seq DESC LIMIT 1", (encounter,)
        ).fetchone()
        return (row[0] + 1, row[1]) if row else (0, GENESIS_HASH)

    def _end_for_append(self, encounter: str) -> tuple[int, str]:
        """(next seq, last hash), refusing a log whose last event is not its recorded head: appending after
        a cut (or rewritten) tail would bury the damage under new events."""
        last_seq, last_hash, head_seq, head_hash = self._db.execute(_END_AND_HEAD, (encounter,)).fetchone()
        ends_at_head(self.path, encounter, last_seq, last_hash, head_seq, head_hash)
        return (0, GENESIS_HASH) if last_seq is None else (last_seq + 1, last_hash)

    def _load_identity(self) -> tuple[str | None, bool]:
        with self._guard():
            row = self._db.execute("SELECT value FROM meta WHERE key = 'log_id'").fetchone()
            if row is not None:
                return row[0], True
            return None, self._db.execute("SELECT 1 FROM events LIMIT 1").fetchone() is not None

    def _identity_for_write(self, db: sqlite3.Cursor, adopt: str | None) -> str | None:
        """The log's identity for this write (inside its transaction), stored when a new log takes one."""
        if self._identity is not _UNSET:
            identity = self._identity
            if adopt is not NEW:
                settle_identity(self.path, identity, False, adopt)  # type: ignore[arg-type]
            return identity  # type: ignore[return-value]
        row = db.execute("SELECT value FROM meta WHERE key = 'log_id'").fetchone()
        empty = db.execute("SELECT 1 FROM events LIMIT 1").fetchone() is None
        identity, store = settle_identity(self.path, row[0] if row else None, empty, adopt)
        if store:
            db.execute("INSERT INTO meta (key, value) VALUES ('log_id', ?)", (identity,))
        return identity

    # The cursor every append runs its statements on (made by the first append): one cursor object
    # instead of a new one per statement.
    _writer: sqlite3.Cursor | None = None

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]],
                adopt: str | None = NEW) -> list[Sealed]:
        try:
            try:
                db = self._writer
                if db is None:
                    db = self._writer = self._db.cursor()
                # IMMEDIATE takes the write lock up front, so the seq check and the insert see the same log.
                db.execute("BEGIN IMMEDIATE")
                try:
                    if not self._heads_ready:  # whoever made the file, the head is kept from the first write on
                        db.execute(_HEADS_TABLE)
                        db.execute(_REQUESTS_TABLE)  # a version-1 log becomes version 2 with its first write
                        db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version' AND value = '1'",
                                   (str(SCHEMA_VERSION),))
                        self._heads_ready = True
                    identity = self._identity_for_write(db, adopt)
                    # data_version moves only when another connection commits: while it stands still since our
                    # own last append, the end of the log (and its head) is the one that append wrote.
                    (version,) = db.execute("PRAGMA data_version").fetchone()
                    known = self._known_end.pop(encounter, None)
                    if known is not None and known[0] == version:
                        next_seq, prev = known[1], known[2]
                    else:
                        next_seq, prev = self._end_for_append(encounter)
                    if next_seq != expected_seq:
                        raise ConcurrencyConflict(encounter, expected_seq, next_seq)
                    if next_seq == 0:
                        prev = (self._pinned or {}).get(encounter) or chain_genesis(identity, encounter)
                    sealed = make(prev)
                    if len(sealed) <= 16:  # a command's few rows in one statement: fewer round trips
                        values: list = []
                        for record, body in sealed:
                            values += (encounter, record.seq, record.txn, type(record.event).__name__, body,
                                       record.hash)
                        db.execute(_insert_rows(len(sealed)), values)
                    else:  # an import: thousands of rows, beyond any statement's parameter limit
                        db.executemany(_insert_rows(1), [
                            (encounter, r.seq, r.txn, type(r.event).__name__, body, r.hash) for r, body in sealed])
                    last = sealed[-1][0]
                    # A head this connection wrote before is updated in place; otherwise (a first append here,
                    # or no row to update) it is inserted or replaced.
                    if known is None or db.execute(_UPDATE_HEAD, (last.seq, last.hash, encounter)).rowcount != 1:
                        db.execute(_UPSERT_HEAD, (encounter, last.seq, last.hash))
                    signature = self.head_signature(identity, encounter, last.seq, last.hash)
                    if signature is not None:  # the DM's key signs the new head, in the same transaction
                        db.execute(_SIGNATURES_TABLE)
                        db.execute("INSERT OR REPLACE INTO signatures (encounter, seq, hash, signature) "
                                   "VALUES (?, ?, ?, ?)", (encounter, last.seq, last.hash, signature))
                    request = self._pending_request(encounter)
                    if request is not None:  # the idempotency key and the events it appended, in the same transaction
                        db.execute(_RECORD_REQUEST, (encounter, request[0], request[1], sealed[0][0].seq, last.seq))
                    db.execute("COMMIT")
                    self._identity = identity  # the log holds events now: its identity is settled
                    self._known_end[encounter] = (version, last.seq + 1, last.hash)
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.DatabaseError as error:
                with self._guard():  # the same translation as every other statement's (StoreError, _Busy)
                    raise error
        except (sqlite3.IntegrityError, _Busy):
            # Two writers racing: whoever lost gets the conflict, never "database is locked".
            actual = self.last(encounter)[0]
            if actual == expected_seq:
                raise StoreError(Said("store-busy-too-long", path=self.path)) from None
            raise ConcurrencyConflict(encounter, expected_seq, actual) from None
        return sealed

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        with self._guard():
            if from_seq == 0:
                prev: str | None = self.genesis(encounter)
            else:
                row = self._db.execute(
                    "SELECT hash FROM events WHERE encounter = ? AND seq = ?", (encounter, from_seq - 1)
                ).fetchone()
                prev = row[0] if row else None
        return prev, self._rows(encounter, from_seq)

    def _bodies_between(self, encounter: str, first: int, last: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        prev: str | None = self.genesis(encounter) if first == 0 else None
        with self._guard():
            rows = self._db.execute(
                "SELECT seq, CAST(body AS BLOB), hash FROM events WHERE encounter = ? AND seq BETWEEN ? AND ? ORDER BY seq",
                (encounter, max(first - 1, 0), last),
            ).fetchall()
        if first > 0:
            if rows and rows[0][0] == first - 1:
                prev = rows.pop(0)[2]
            else:
                prev = None
        return prev, iter([(body, digest) for _, body, digest in rows])

    def _chunks(self, encounter: str, from_seq: int, size: int, columns: str = _BODY + ", hash") -> Iterator[list[tuple]]:
        with self._guard():
            cursor = self._db.execute(
                f"SELECT {columns} FROM events WHERE encounter = ? AND seq >= ? ORDER BY seq", (encounter, from_seq)
            )
            try:
                while chunk := cursor.fetchmany(size):
                    yield chunk
            finally:
                with suppress(sqlite3.ProgrammingError):  # an abandoned reader outliving close()
                    cursor.close()

    def _rows(self, encounter: str, from_seq: int) -> Iterator[tuple[bytes, str]]:
        for chunk in self._chunks(encounter, from_seq, CHUNK):
            yield from chunk

    def body_chunks(self, encounter: str, from_seq: int = 0, size: int = 4096) -> Iterator[list[tuple[bytes, str]]]:
        """The stored (body, hash) pairs from `from_seq`, in lists of up to `size`, unverified (the caller checks)."""
        return self._chunks(encounter, max(from_seq, 0), size)

    def bodies_only(self, encounter: str, size: int = CHUNK) -> Iterator[list[tuple[bytes]]]:
        """Every stored body of the encounter as 1-tuples, in lists of up to `size`, unverified: the full
        replay's stream, which checks each body against the next one's `prev_hash` (no hash column read)."""
        return self._chunks(encounter, 0, size, _BODY)

    def marker_rows(self, encounter: str) -> list[tuple[int, bytes, str]]:
        """(seq, body, hash) of the undo, redo and revert markers, found by their type column without decoding
        the other events (the full replay's first pass); unverified: the caller checks them."""
        with self._guard():
            return self._db.execute(
                "SELECT seq, CAST(body AS BLOB), hash FROM events WHERE encounter = ? AND type IN ('Undone', 'Redone', 'Reverted') "
                "ORDER BY seq", (encounter,)
            ).fetchall()

    def head(self, encounter: str) -> tuple[int, str] | None:
        """The recorded (last seq, hash) of the encounter, or None for a log written before heads were kept."""
        with self._guard():
            try:
                row = self._db.execute("SELECT seq, hash FROM heads WHERE encounter = ?", (encounter,)).fetchone()
            except sqlite3.OperationalError:  # no heads table (an older log opened without writing)
                return None
        return (row[0], row[1]) if row else None

    def signatures(self, encounter: str) -> list[tuple[int, str, str]]:
        """The encounter's signed heads (seq, hash, signature), by seq; none when no head was ever signed."""
        with self._guard():
            try:
                return [tuple(row) for row in self._db.execute(  # type: ignore[misc]
                    "SELECT seq, hash, signature FROM signatures WHERE encounter = ? ORDER BY seq", (encounter,))]
            except sqlite3.OperationalError:  # no signatures table
                return []

    def request(self, encounter: str, key: str) -> tuple[str, int, int] | None:
        """(fingerprint, first seq, last seq) the request with idempotency key `key` appended, or None (asked of
        the log once per `steady` block, until an append to the encounter)."""
        asked = self._steady_requests()
        if asked is not None and (encounter, key) in asked:
            return asked[encounter, key]
        with self._guard():
            try:
                row = self._db.execute("SELECT fingerprint, first_seq, last_seq FROM requests "
                                       "WHERE encounter = ? AND key = ?", (encounter, key)).fetchone()
            except sqlite3.OperationalError:  # no requests table (a version-1 log opened without writing)
                return None
        found = (row[0], row[1], row[2]) if row else None
        if asked is not None:
            asked[encounter, key] = found
        return found

    def missing_head(self, encounter: str) -> bool:
        """Whether a log of chain version 2 (whose every append records its head) has none for the encounter."""
        return self.log_id() is not None and self.head(encounter) is None

    def encounters(self) -> list[str]:
        """The encounters with at least one event, sorted."""
        with self._guard():
            return [row[0] for row in self._db.execute(_ENCOUNTERS)]

    def last(self, encounter: str) -> tuple[int, str]:
        """(next seq, last hash) of the encounter; (0, GENESIS_HASH) when it has no events (kept within `steady`)."""
        return self._kept_last(encounter, self._guarded_last)

    def _guarded_last(self, encounter: str) -> tuple[int, str]:
        with self._guard():
            return self._last(encounter)

    def snapshot_seqs(self, encounter: str) -> list[int]:
        """The seqs at which a snapshot of the encounter is stored, ascending."""
        if self.readonly and not self._has_snapshots:
            return []
        with self._guard():
            rows = self._db.execute("SELECT seq FROM snapshots WHERE encounter = ? ORDER BY seq", (encounter,))
            return [row[0] for row in rows]

    def read_snapshot(self, encounter: str, seq: int) -> bytes | None:
        """The stored snapshot body at `seq`, or None."""
        if self.readonly and not self._has_snapshots:
            return None
        with self._guard():
            row = self._db.execute(
                "SELECT CAST(body AS BLOB) FROM snapshots WHERE encounter = ? AND seq = ?", (encounter, seq)
            ).fetchone()
        return row[0] if row else None

    def snapshot_before(self, encounter: str, seq: int) -> int | None:
        """The greatest seq <= `seq` holding a snapshot of the encounter, or None."""
        with self._guard():
            row = self._db.execute(
                "SELECT max(seq) FROM snapshots WHERE encounter = ? AND seq <= ?", (encounter, seq)
            ).fetchone()
        return row[0] if row else None

    def write_snapshot(self, encounter: str, seq: int, body: bytes) -> None:
        """Store (or replace) the snapshot body at `seq`; the events table is not touched (nothing when read-only)."""
        if self.readonly:
            return
        with self._guard():
            self._db.execute("INSERT OR REPLACE INTO snapshots (encounter, seq, body) VALUES (?, ?, ?)",
                             (encounter, seq, body))

    def close(self) -> None:
        """Close the connection; the last one to close checkpoints the WAL into the file."""
        self._db.close()
