"""Event stores: SQLite (the default), a plain JSONL file, or memory; chosen by `open_store` from the path."""

import os

from combatlog.events.stores.base import ConcurrencyConflict, EventStore, Sealed, StoreBase, StoreError
from combatlog.events.stores.jsonl import JsonlStore, export_jsonl, import_jsonl
from combatlog.events.stores.memory import MemoryStore
from combatlog.events.stores.sqlite import SQLiteStore


def open_store(path: str | os.PathLike[str], *, durable: bool = False) -> EventStore:
    """A JsonlStore for `*.jsonl`, a MemoryStore for ':memory:', else a SQLiteStore (`durable`: synchronous=FULL)."""
    if os.fspath(path) == ":memory:":
        return MemoryStore()
    if os.fspath(path).lower().endswith(".jsonl"):
        return JsonlStore(path)
    return SQLiteStore(path, durable=durable) if durable else SQLiteStore(path)


__all__ = [
    "ConcurrencyConflict",
    "EventStore",
    "JsonlStore",
    "MemoryStore",
    "SQLiteStore",
    "Sealed",
    "StoreBase",
    "StoreError",
    "export_jsonl",
    "import_jsonl",
    "open_store",
]
