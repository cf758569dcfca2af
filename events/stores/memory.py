"""An in-process store for tests and throwaway encounters: same semantics, nothing on disk."""

import itertools
import threading
from collections.abc import Callable, Iterator

from combatlog.events.envelope import GENESIS_HASH
from combatlog.events.stores.base import KEEP, NEW, ConcurrencyConflict, Sealed, StoreBase, settle_identity


class MemoryStore(StoreBase):
    """Keeps each encounter's (body, hash) pairs in a list indexed by seq."""

    def __init__(self, *, bound: bool = False) -> None:
        """`bound`: chain version 2 (each encounter's chain bound to a random identity of this log), as a log
        opened by `open_store(":memory:")`; the default, version 1, is what verify's replicas and tests that
        place rows by hand need."""
        self._logs: dict[str, list[tuple[bytes, str]]] = {}
        self._lock = threading.Lock()
        self._log_id: str | None = None
        self._bound = bound
        self._requests: dict[tuple[str, str], tuple[str, int, int]] = {}  # (encounter, key) -> (asked, first, last)

    def _load_identity(self) -> tuple[str | None, bool]:
        return self._log_id, self._log_id is not None or bool(self._logs)

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]],
                adopt: str | None = NEW) -> list[Sealed]:
        with self._lock:
            identity, store = settle_identity(":memory:", self._log_id, not self._logs,
                                              adopt if self._bound or adopt != NEW else KEEP)
            log = self._logs.get(encounter, [])
            if len(log) != expected_seq:
                raise ConcurrencyConflict(encounter, expected_seq, len(log))
            if store:
                self._log_id = identity
            sealed = make(log[-1][1] if log else self.genesis(encounter))
            self._logs.setdefault(encounter, log).extend((body, record.hash) for record, body in sealed)
            request = self._pending_request(encounter)
            if request is not None and sealed:
                self._note_request(self._requests, encounter, *request, sealed[0][0].seq, sealed[-1][0].seq)
            return sealed

    def request(self, encounter: str, key: str) -> tuple[str, int, int] | None:
        """(fingerprint, first seq, last seq) the request with idempotency key `key` appended, or None."""
        return self._requests.get((encounter, key))

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        log = self._logs.get(encounter, [])
        prev = self.genesis(encounter) if from_seq == 0 else log[from_seq - 1][1] if from_seq <= len(log) else None
        return prev, (log[index] for index in range(from_seq, len(log)))  # no copy of the rest of the log

    def _bodies_between(self, encounter: str, first: int, last: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        prev, bodies = self._bodies(encounter, first)
        return prev, itertools.islice(bodies, max(last - first + 1, 0))

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


class ReplicaStore(MemoryStore):
    """A replica of one log's encounter that keeps only its last `keep` events in memory and reads older
    ones from the log it replicates (`backing`, encounter `name`), whose events up to the replica's end are
    the same bytes: what re-deriving a long log needs (undo reaches back), in bounded memory."""

    def __init__(self, backing, name: str, keep: int = 4096, replica: str = "verify") -> None:
        super().__init__()
        self._backing, self._name, self._keep = backing, name, keep
        # The replica's events carry the same hashes as the log's: its first event chains where theirs does.
        genesis = getattr(backing, "genesis", None)
        self.pin_genesis(replica, genesis(name) if genesis is not None else GENESIS_HASH)
        self._base: dict[str, int] = {}  # seq of the first body still in memory
        self._before: dict[str, str] = {}  # hash of the event just before it

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]],
                adopt: str | None = NEW) -> list[Sealed]:
        with self._lock:
            log = self._logs.setdefault(encounter, [])
            base = self._base.get(encounter, 0)
            if base + len(log) != expected_seq:
                raise ConcurrencyConflict(encounter, expected_seq, base + len(log))
            sealed = make(log[-1][1] if log else self._before.get(encounter, self.genesis(encounter)))
            log.extend((body, record.hash) for record, body in sealed)
            if len(log) > 2 * self._keep:
                drop = len(log) - self._keep
                self._before[encounter] = log[drop - 1][1]
                self._base[encounter] = base + drop
                del log[:drop]
            return sealed

    def skip_to(self, encounter: str, count: int, last_hash: str) -> None:
        """The replica now holds `count` events, all of them the replicated log's own (`last_hash`: the hash of the
        last): nothing more is kept in memory, they are read from that log (verify's lean re-derivation, which has
        found the rules giving the logged events)."""
        with self._lock:
            self._logs[encounter] = []
            self._base[encounter] = count
            self._before[encounter] = last_hash

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        log = self._logs.get(encounter, [])
        base = self._base.get(encounter, 0)
        if from_seq >= base:
            index = from_seq - base
            prev: str | None
            if index == 0:
                prev = self._before.get(encounter, self.genesis(encounter))
            else:
                prev = log[index - 1][1] if index <= len(log) else None
            return prev, iter(log[index:])
        prev, older = self._backing._bodies(self._name, from_seq)
        return prev, itertools.chain(itertools.islice(older, base - from_seq), iter(list(log)))

    def last(self, encounter: str) -> tuple[int, str]:
        log = self._logs.get(encounter, [])
        base = self._base.get(encounter, 0)
        return base + len(log), log[-1][1] if log else self._before.get(encounter, GENESIS_HASH)

    def head(self, encounter: str) -> tuple[int, str] | None:
        count, digest = self.last(encounter)
        return (count - 1, digest) if count else None

    def materialized(self, encounter: str) -> MemoryStore:
        """A MemoryStore holding the encounter's whole log: the older events read from the backing log, the
        recent ones from memory (the fallback when the replica stops matching the log it replicates)."""
        whole = MemoryStore()
        whole.pin_genesis(encounter, self.genesis(encounter))
        _, bodies = self._bodies(encounter, 0)
        whole._logs[encounter] = list(bodies)
        return whole
