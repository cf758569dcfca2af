"""Event stores: SQLite (the default), a plain JSONL file, PostgreSQL, or memory; chosen by `open_store`."""

import os

from combatlog.events.codec import Codec
from combatlog.events.stores.base import ConcurrencyConflict, EventStore, Sealed, StoreBase, StoreError
from combatlog.events.stores.jsonl import JsonlStore, export_jsonl, import_jsonl
from combatlog.events.stores.memory import MemoryStore
from combatlog.events.stores.sqlite import SQLiteStore
from combatlog.words import Said


def is_postgres_url(location: object) -> bool:
    """True for a `postgresql://user@host:port/dbname` (or `postgres://`) URL."""
    return isinstance(location, str) and location.lower().startswith(("postgresql://", "postgres://"))


def open_store(location: str | os.PathLike[str], *, create: bool = True, durable: bool = False,
               codec: Codec | None = None) -> EventStore:
    """The store a LOG argument names: a PostgresStore for a `postgresql://` URL, a JsonlStore for `*.jsonl`,
    a MemoryStore for ':memory:', else a SQLiteStore. With `create=False` a missing log is a StoreError and
    nothing is created (for commands that only read); `durable`: SQLite commits with synchronous=FULL; `codec`:
    how its events decode (the registry's, handed down by the API; default: the installed one)."""
    store = _open(location, create=create, durable=durable)
    store.codec = codec
    return store


def _open(location, *, create: bool, durable: bool) -> EventStore:
    if is_postgres_url(location):
        try:
            from combatlog.events.stores.postgres import PostgresStore
        except ImportError as error:
            raise StoreError(Said("store-needs-module", module=error.name)) from None
        return PostgresStore(os.fspath(location), create=create)
    if os.fspath(location) == ":memory:":
        return MemoryStore(bound=True)
    if not create and not os.path.exists(location):
        raise StoreError(Said("store-no-such-log-file", path=os.fspath(location)))
    if os.fspath(location).lower().endswith(".jsonl"):
        return JsonlStore(location)
    return SQLiteStore(location, durable=durable)


def is_sqlite_file(location: object) -> bool:
    """True for an existing file that starts with SQLite's header."""
    try:
        # Any object may come: open() refuses what is not a path with a TypeError, caught below.
        with open(location, "rb") as handle:  # type: ignore[call-overload]
            return handle.read(16) == b"SQLite format 3\x00"
    except (OSError, TypeError):
        return False


def copy_log(source: EventStore, target: EventStore) -> dict[str, int]:
    """Copy every encounter of `source` into `target` with its bodies and hashes, verified on the way; like
    `import_jsonl`, an encounter the target already holds is a ConcurrencyConflict and nothing is written."""
    logs = {name: list(source.read_sealed(name)) for name in source.encounters()}
    for name, log in logs.items():
        next_seq = target.last(name)[0]
        if log and next_seq != log[0][0].seq:
            raise ConcurrencyConflict(name, log[0][0].seq, next_seq)
    for name, log in logs.items():
        if log:
            target.append_sealed(name, log, log[0][0].seq, source.log_id())
    return {name: len(log) for name, log in logs.items()}


__all__ = [
    "ConcurrencyConflict",
    "EventStore",
    "JsonlStore",
    "MemoryStore",
    "SQLiteStore",
    "Sealed",
    "StoreBase",
    "StoreError",
    "copy_log",
    "export_jsonl",
    "is_postgres_url",
    "is_sqlite_file",
    "import_jsonl",
    "open_store",
]
