"""An in-process store for tests and throwaway encounters: same semantics, nothing on disk."""

import threading
from collections.abc import Callable, Iterator

from combatlog.events.envelope import GENESIS_HASH
from combatlog.events.stores.base import ConcurrencyConflict, Sealed, StoreBase


class MemoryStore(StoreBase):
    """Keeps each encounter's (body, hash) pairs in a list indexed by seq."""

    def __init__(self) -> None:
        self._logs: dict[str, list[tuple[bytes, str]]] = {}
        self._lock = threading.Lock()

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]]) -> list[Sealed]:
        with self._lock:
            log = self._logs.get(encounter, [])
            if len(log) != expected_seq:
                raise ConcurrencyConflict(encounter, expected_seq, len(log))
            sealed = make(log[-1][1] if log else GENESIS_HASH)
            self._logs.setdefault(encounter, log).extend((body, record.hash) for record, body in sealed)
            return sealed

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        log = self._logs.get(encounter, [])
        prev = GENESIS_HASH if from_seq == 0 else log[from_seq - 1][1] if from_seq <= len(log) else None
        return prev, iter(log[from_seq:])

    def _bodies_between(self, encounter: str, first: int, last: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        prev, _ = self._bodies(encounter, first)
        return prev, iter(self._logs.get(encounter, [])[first:last + 1])

    def head(self, encounter: str) -> tuple[int, str] | None:
        """The last (seq, hash): a memory log cannot lose its tail behind its own back."""
        log = self._logs.get(encounter)
        return (len(log) - 1, log[-1][1]) if log else None

    def encounters(self) -> list[str]:
        """The encounters with at least one event, sorted."""
        return sorted(self._logs)

    def last(self, encounter: str) -> tuple[int, str]:
        """(next seq, last hash) of the encounter; (0, GENESIS_HASH) when it has no events."""
        log = self._logs.get(encounter, [])
        return len(log), log[-1][1] if log else GENESIS_HASH
