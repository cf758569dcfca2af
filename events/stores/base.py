"""What every event store promises: gapless, hash-chained, optimistic-concurrency appends and verified reads."""

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Any, Protocol, Self

from combatlog.events.codec import Codec, default_codec
from combatlog.events.envelope import GENESIS_HASH, LogCorrupted, Recorded, chain_genesis, new_log_id, seal
from combatlog.words import Said, localized

Sealed = tuple[Recorded, bytes]

# What a write says about the log's identity (`_commit`'s `adopt`): NEW, a new fight's events (a log not
# written yet gets a fresh identity: chain version 2); KEEP, whatever the log is (the chain check decides);
# else the identity the written events are chained to (None: a version-1 chain), taken by a log not written yet.
NEW = "\x00new"
KEEP = "\x00keep"
_UNSET: object = object()


class ConcurrencyConflict(Exception):
    """Another writer appended to the encounter since the caller last read it."""

    # Set by a batch of the API (api.py `execute_all`) on its way up: which command met the conflict (from 1)
    # and what the ones before it appended.
    line: int
    events: list[dict[str, Any]]  # as execute_all returns them

    def __init__(self, encounter: str, expected_seq: int, actual_next_seq: int):
        super().__init__(Said("store-conflict", encounter=encounter, expected=expected_seq, count=actual_next_seq,
                              moved_on=actual_next_seq > expected_seq))
        self.encounter = encounter
        self.expected_seq = expected_seq
        self.actual_next_seq = actual_next_seq

    def localized(self, lang: str) -> str:
        return localized(self.args[0], lang)


class StoreError(Exception):
    """The store's file cannot be opened, read or written; the message names the file."""

    def localized(self, lang: str) -> str:
        """The message in `lang` when it was said through the catalogs (a Said), else as it was raised."""
        return localized(self.args[0], lang) if self.args else ""


class EventStore(Protocol):
    """An append-only log of sealed events per encounter."""

    # How its events decode (StoreBase gives it: the one handed down, else the installed default).
    @property
    def codec(self) -> Codec: ...
    @codec.setter
    def codec(self, codec: Codec | None) -> None: ...

    def append(self, encounter: str, records: Sequence[Recorded], expected_seq: int) -> list[Recorded]: ...
    # Added for the live command path (StoreBase gives it): the sealed (record, body) pairs, events pre-encoded.
    def append_sealing(self, encounter: str, records: Sequence[Recorded], expected_seq: int,
                       event_bytes: list[bytes] | None = None) -> list[Sealed]: ...
    def append_sealed(self, encounter: str, sealed: Sequence[Sealed], expected_seq: int,
                      log_id: str | None = ...) -> None: ...
    # Added for chain version 2 (StoreBase gives them): the log's identity and each encounter's first prev_hash.
    def log_id(self) -> str | None: ...
    def chain_version(self) -> int: ...
    def genesis(self, encounter: str) -> str: ...
    # Added for issue 24 (StoreBase gives them): signed heads, and idempotency keys kept with the events.
    def signatures(self, encounter: str) -> list[tuple[int, str, str]]: ...
    def requesting(self, encounter: str, key: str, fingerprint: str) -> Any: ...
    def request(self, encounter: str, key: str) -> tuple[str, int, int] | None: ...
    def read(self, encounter: str, from_seq: int = 0) -> Iterator[Recorded]: ...
    def read_sealed(self, encounter: str, from_seq: int = 0) -> Iterator[Sealed]: ...
    def encounters(self) -> list[str]: ...
    def last(self, encounter: str) -> tuple[int, str]: ...
    # Added for constant-cost opens (StoreBase gives working defaults built on the methods above):
    def read_range(self, encounter: str, first: int, last: int) -> list[Recorded]: ...
    def read_one(self, encounter: str, seq: int) -> Recorded | None: ...
    def body_chunks(self, encounter: str, from_seq: int = 0, size: int = 4096) -> Iterator[list[tuple[bytes, str]]]: ...
    def head(self, encounter: str) -> tuple[int, str] | None: ...

    def wait_for_append(self, encounter: str, after_seq: int, timeout: float) -> bool: ...
    def close(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, *exc_info: object) -> None: ...


def settle_identity(log: str, stored: str | None, empty: bool, adopt: str | None) -> tuple[str | None, bool]:
    """(the log's identity for this write, whether to store it): a log written before keeps its own (version 1
    when it has none); a log not written yet takes a new one (NEW) or the one of the events it receives.
    Events chained to another log's identity are refused: they would not verify here."""
    if stored is not None or not empty:
        if adopt not in (NEW, KEEP, stored):
            raise StoreError(Said("store-other-log", path=log, theirs=adopt or "-", ours=stored or "-"))
        return stored, False
    if adopt == NEW:
        return new_log_id(), True
    if adopt == KEEP:
        return None, False
    return adopt, adopt is not None


def check_numbered(seqs: Sequence[int], expected_seq: int) -> None:
    """Raise ValueError unless `seqs` run gaplessly from `expected_seq`."""
    if expected_seq < 0:
        raise ValueError(f"expected_seq must be >= 0, not {expected_seq}")
    if list(seqs) != list(range(expected_seq, expected_seq + len(seqs))):
        raise ValueError(f"records must be numbered gaplessly from {expected_seq}, got seqs {list(seqs)}")


def ends_at_head(log: str, encounter: str, last_seq: int | None, last_hash: str | None, head_seq: int | None,
               head_hash: str | None) -> None:
    """Refuse to append to a log whose last event is not its recorded head: appending after a cut (or
    rewritten) tail would bury the damage under new events. No recorded head: nothing to compare."""
    if head_seq is None or (last_seq, last_hash) == (head_seq, head_hash):
        return
    if last_seq is None or last_seq < head_seq:
        damage = Said("store-head-cut", first=0 if last_seq is None else last_seq + 1, last=head_seq)
    elif last_seq > head_seq:
        damage = Said("store-head-added", first=head_seq + 1, last=last_seq)
    else:
        damage = Said("store-head-replaced", seq=last_seq)
    raise StoreError(Said("store-head-mismatch", path=log, encounter=encounter, damage=damage))


class StoreBase:
    """The shared half of a store: sealing, verifying and chain checks; subclasses move bytes."""

    # The codec that decodes this store's events, handed down by whoever opened it (open_store's `codec`);
    # a store opened without one decodes with the installed default.
    _codec: Codec | None = None

    @property
    def codec(self) -> Codec:
        return self._codec or default_codec()

    @codec.setter
    def codec(self, codec: Codec | None) -> None:
        self._codec = codec

    if TYPE_CHECKING:  # each store defines it (the defaults below build on it)
        def last(self, encounter: str) -> tuple[int, str]: ...

    # ------------------------------------------------------------- the log's identity (chain version 2)
    _identity: object = _UNSET  # the log's identity once it can no longer change (None: a version-1 log)
    _pinned: dict[str, str] | None = None  # encounter -> the prev_hash its first event must carry (replicas)

    def _load_identity(self) -> tuple[str | None, bool]:
        """(the stored log id or None, whether that is settled: an id is stored, or events are, without one)."""
        return None, False

    def log_id(self) -> str | None:
        """The log's identity, made at random when its first event was written; None for a log written before
        chain version 2 (or not written yet)."""
        if self._identity is not _UNSET:
            return self._identity  # type: ignore[return-value]
        found, settled = self._load_identity()
        if settled:
            self._identity = found
        return found

    def chain_version(self) -> int:
        """2 when every encounter's chain starts from the log's identity and its name, else 1."""
        return 1 if self.log_id() is None else 2

    def genesis(self, encounter: str) -> str:
        """The prev_hash the encounter's first event carries."""
        if self._pinned and encounter in self._pinned:
            return self._pinned[encounter]
        return chain_genesis(self.log_id(), encounter)

    def pin_genesis(self, encounter: str, prev_hash: str) -> None:
        """Chain the encounter's first event to `prev_hash` (a replica of another log's encounter)."""
        self._pinned = {**(self._pinned or {}), encounter: prev_hash}

    def _settled(self, identity: str | None) -> None:
        self._identity = identity

    # ------------------------------------------------------------- signed heads and idempotency keys (issue 24)
    # The DM's signing key (events/stores/signing.py Signer), set by the stores that write from
    # COMBATLOG_SIGNING_KEY when they open: each append then signs its head in the same transaction.
    signer: Any = None

    def head_signature(self, identity: str | None, encounter: str, seq: int, digest: str) -> str | None:
        """The signature of the head (seq, digest) with the DM's key, or None without a key."""
        return None if self.signer is None else self.signer.sign_head(identity, encounter, seq, digest)

    def signatures(self, encounter: str) -> list[tuple[int, str, str]]:
        """The encounter's signed heads (seq, hash, signature), by seq; none when no head was ever signed."""
        return []

    _local: threading.local | None = None

    @contextmanager
    def requesting(self, encounter: str, key: str, fingerprint: str) -> Iterator[None]:
        """Within it, every append to `encounter` made by this thread records the idempotency key `key` (with
        what the request asked, `fingerprint`) and the events it wrote, in the same transaction: a retry after a
        restart, or after a commit whose outcome was unknown, finds them (`request`) instead of applying twice."""
        if self._local is None:
            self._local = threading.local()
        self._local.request = (encounter, key, fingerprint)
        try:
            yield
        finally:
            self._local.request = None

    @contextmanager
    def steady(self) -> Iterator[None]:
        """Within it, on this thread, the end of each encounter (`last`) is asked of the log once, then kept, and
        moved by this thread's own appends. A server's request asks it a dozen times (every read of the API first
        catches up with other writers): a round trip each on PostgreSQL. Another writer's append made meanwhile
        is seen at the next `steady` (as if it had come a moment later); an append racing it still fails whole,
        since the append checks the log's real end in its own transaction (and forgets the kept one)."""
        if self._local is None:
            self._local = threading.local()
        outer = getattr(self._local, "ends", None)
        if outer is None:
            self._local.ends = {}
            self._local.asked = {}
        try:
            yield
        finally:
            if outer is None:
                self._local.ends = None
                self._local.asked = None

    def _steady_requests(self) -> dict[tuple[str, str], Any] | None:
        """The idempotency keys' records (`request`) the `steady` block running on this thread read, or None
        outside one: a command with a key asks it twice (the server's memory missed it, then the run's own
        check), a round trip each on PostgreSQL. Forgotten for an encounter at each append to it."""
        return getattr(self._local, "asked", None) if self._local is not None else None

    def _steady_ends(self) -> dict[str, tuple[int, str]] | None:
        """The ends kept by the `steady` block running on this thread, or None outside one."""
        return getattr(self._local, "ends", None) if self._local is not None else None

    def _kept_last(self, encounter: str, read: Callable[[str], tuple[int, str]]) -> tuple[int, str]:
        """`read(encounter)` (the store's own last-seq query), or the end a `steady` block keeps for it."""
        ends = self._steady_ends()
        if ends is None:
            return read(encounter)
        found = ends.get(encounter)
        if found is None:
            found = ends[encounter] = read(encounter)
        return found

    def _moved(self, encounter: str, sealed: Sequence[Sealed] | None) -> None:
        """This thread appended `sealed` to `encounter` (None: an append failed, the end is asked again)."""
        ends = self._steady_ends()
        if ends is None:
            return
        asked = self._steady_requests()
        if asked:
            for known in [known for known in asked if known[0] == encounter]:
                del asked[known]
        if sealed:
            record = sealed[-1][0]
            ends[encounter] = (record.seq + 1, record.hash)
        else:
            ends.pop(encounter, None)

    def _pending_request(self, encounter: str) -> tuple[str, str] | None:
        """(key, fingerprint) the append to `encounter` running on this thread records, or None."""
        request = getattr(self._local, "request", None) if self._local is not None else None
        if request is None or request[0] != encounter:
            return None
        return request[1], request[2]

    def request(self, encounter: str, key: str) -> tuple[str, int, int] | None:
        """(fingerprint, first seq, last seq) of the events the request with idempotency key `key` appended to
        `encounter`, or None when no append recorded that key."""
        return None

    def _note_request(self, requests: dict, encounter: str, key: str, fingerprint: str, first: int, last: int) -> None:
        """Record in `requests` ((encounter, key) -> (fingerprint, first seq, last seq)) an append of a request
        that wrote `first`..`last`: a request's events run from its first append's first to its last append's last
        (a list of commands under one key appends once per command). For the stores that keep keys in memory."""
        known = requests.get((encounter, key))
        requests[(encounter, key)] = (fingerprint, first if known is None else known[1], last)

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]],
                adopt: str | None = NEW) -> list[Sealed]:
        """Atomically: check the next seq is `expected_seq`, call `make(last hash)`, write what it returns
        (`adopt`: what the write says about the log's identity, see NEW)."""
        raise NotImplementedError

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        """The stored hash of `from_seq - 1` (GENESIS_HASH for 0, None if absent), and (body, hash) from `from_seq`."""
        raise NotImplementedError

    def append(self, encounter: str, records: Sequence[Recorded], expected_seq: int) -> list[Recorded]:
        """Seal `records` (numbered from `expected_seq`) after the last stored hash and write them all or none."""
        return [record for record, _ in self.append_sealing(encounter, records, expected_seq)]

    def append_sealing(self, encounter: str, records: Sequence[Recorded], expected_seq: int,
                       event_bytes: list[bytes] | None = None) -> list[Sealed]:
        """`append`, returning the (record, stored body) pairs; `event_bytes`: each event's sorted-key encoding,
        already made and checked by the caller, written as it is (see envelope.seal)."""
        check_numbered([record.seq for record in records], expected_seq)
        if not records:
            return []
        try:
            pairs = self._commit(encounter, expected_seq, lambda prev: seal(list(records), prev, event_bytes))
        except BaseException:
            self._moved(encounter, None)
            raise
        self._moved(encounter, pairs)
        return pairs

    def append_sealed(self, encounter: str, sealed: Sequence[Sealed], expected_seq: int,
                      log_id: str | None = KEEP) -> None:
        """Write already sealed (record, body) pairs verbatim, keeping their hashes; used by import and copies.
        `log_id`: the identity of the log they come from (None: a version-1 log), which a log not written yet
        takes so that their chain still verifies here."""
        check_numbered([record.seq for record, _ in sealed], expected_seq)

        def verify(prev: str) -> list[Sealed]:
            checked = []
            for seq, (record, body) in enumerate(sealed, expected_seq):
                checked.append(
                    (self.codec.decode_body(body, record.hash, expected_seq=seq, expected_prev=prev, encounter=encounter), body)
                )
                prev = record.hash
            return checked

        if sealed:
            try:
                self._commit(encounter, expected_seq, verify, log_id)
            except BaseException:
                self._moved(encounter, None)
                raise
            self._moved(encounter, sealed)

    def read_sealed(self, encounter: str, from_seq: int = 0) -> Iterator[Sealed]:
        """Yield verified (record, stored body) pairs from `from_seq`, checking the chain as it goes."""
        prev, bodies = self._bodies(encounter, max(from_seq, 0))
        decode_body = self.codec.decode_body
        for seq, (body, stored_hash) in enumerate(bodies, max(from_seq, 0)):
            if prev is None:
                raise LogCorrupted(seq - 1, Said("store-reason-missing"), encounter)
            yield decode_body(body, stored_hash, expected_seq=seq, expected_prev=prev, encounter=encounter), body
            prev = stored_hash

    def read(self, encounter: str, from_seq: int = 0) -> Iterator[Recorded]:
        """Yield verified records from `from_seq`; the chain check starts at the stored hash of `from_seq - 1`."""
        for record, _ in self.read_sealed(encounter, from_seq):
            yield record

    # ------------------------------------------------------------- reading the end of a log, not all of it
    def _bodies_between(self, encounter: str, first: int, last: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        """Like `_bodies`, but only up to `last` (stores that can stop a read early override this)."""
        prev, bodies = self._bodies(encounter, first)
        return prev, islice(bodies, max(last - first + 1, 0))

    def read_range(self, encounter: str, first: int, last: int) -> list[Recorded]:
        """The verified records `first`..`last` (inclusive; fewer when the log ends sooner)."""
        first = max(first, 0)
        if last < first:
            return []
        prev, bodies = self._bodies_between(encounter, first, last)
        records = []
        decode_body = self.codec.decode_body
        try:
            for seq, (body, stored_hash) in enumerate(bodies, first):
                if prev is None:
                    raise LogCorrupted(seq - 1, Said("store-reason-missing"), encounter)
                records.append(decode_body(body, stored_hash, expected_seq=seq, expected_prev=prev, encounter=encounter))
                prev = stored_hash
        finally:
            getattr(bodies, "close", lambda: None)()
        return records

    def read_one(self, encounter: str, seq: int) -> Recorded | None:
        """The verified record `seq` (chained to the stored hash of `seq - 1`), or None past the end."""
        if seq < 0:
            return None
        records = self.read_range(encounter, seq, seq)
        return records[0] if records else None

    def body_chunks(self, encounter: str, from_seq: int = 0, size: int = 4096) -> Iterator[list[tuple[bytes, str]]]:
        """The stored (body, hash) pairs from `from_seq`, in lists of up to `size`, unverified (the caller checks)."""
        _, bodies = self._bodies(encounter, max(from_seq, 0))
        try:
            while chunk := list(islice(bodies, size)):
                yield chunk
        finally:
            getattr(bodies, "close", lambda: None)()

    def head(self, encounter: str) -> tuple[int, str] | None:
        """The recorded head of the encounter (last seq, its hash), kept apart from the events so that a cut
        tail shows; None when the store keeps no such record (then only the chain itself can be checked)."""
        return None

    def wait_for_append(self, encounter: str, after_seq: int, timeout: float) -> bool:
        """True as soon as the encounter holds an event after `after_seq`; False once `timeout` seconds pass.

        This default polls the cheap last-seq query; a store with push notifications (PostgreSQL's
        LISTEN/NOTIFY) overrides it. Followers of a live fight (the server's stream, a bot) call it in a loop."""
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            if self.last(encounter)[0] - 1 > after_seq:
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            time.sleep(min(self.poll_interval, remaining))

    poll_interval = 0.05  # seconds between two last-seq queries while waiting for an append

    def close(self) -> None:
        """Release the store's resources."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


__all__ = ["GENESIS_HASH", "KEEP", "NEW", "ConcurrencyConflict", "EventStore", "Sealed", "StoreBase", "StoreError", "check_numbered", "settle_identity"]
