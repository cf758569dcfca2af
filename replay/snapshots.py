"""Snapshots: the folded state every K events, so time travel and undo on long logs start near the point.

A snapshot taken at seq S is the fold of the transactions in force *as of S*. A later undo, redo or revert
marker can change which transactions at or before S are in force, so a snapshot is used for a target T
only when no marker in (S, T] names a transaction at or before S (markers never name a transaction
that did not exist yet, so the ones at or before S are already folded into it). Otherwise an older
snapshot is tried, and at last the fold starts from nothing.

Snapshots are a cache: SQLite keeps them in a `snapshots` table of the log's own file; other stores keep
them in memory for the life of the store object. Each one carries the hash of event S, so a snapshot
never applies to another log, and the combatlog version and a format number, so a snapshot folded by
other code is ignored rather than trusted.

Stored snapshots are authenticated: the stored bytes start with SHA-256(hash of event S + the snapshot's
bytes), so a snapshot edited in the file, or moved onto another event, fails the check and is never used
(the fold starts from an older one). A forger who also recomputes that hash is caught by
`verify_snapshots`, which folds the log again and compares every stored snapshot with what the events give.
"""

import bisect
import hashlib
import hmac
import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import cast

import msgspec

from combatlog.version import __version__
from combatlog.words import both
from combatlog.core.kernel.errors import RuleViolation
from combatlog.core.kernel.state import KernelState as EncounterState
from combatlog.core.kernel.registry import default_registry
from combatlog.events.envelope import Recorded
from combatlog.events.meta import Redone, Reverted, Undone
from combatlog.logs import get_logger
from combatlog.core.kernel.fold import evolve
from combatlog.replay.timeline import Timeline, timeline_of

log = get_logger()

DEFAULT_EVERY = 1000
# Bump when the fold starts giving a different state for the same events: older snapshots are then ignored.
# 3: the state is decoded with its ruleset's state_type, and the stored bytes carry the authentication hash
# in front of the msgpack body. 4: a pf1 window keeps what provoked it (its act, target, weapon or maneuver, a
# readied trigger's words) and its pending command no longer a French sentence. 5: a condition's source is a code
# ("0_hp", "knocked_out").
FORMAT = 5
_MAGIC = b"CLS3"
_TICK = 4096  # records between two progress reports

Fetch = Callable[[int, int], Sequence[Recorded]]  # (first seq, last seq) -> those records, in order


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """One stored snapshot: the state as of event `seq`, whose hash is `hash`."""

    format: int
    version: str
    seq: int
    hash: str
    ruleset: str = ""
    state: msgspec.Raw  # decoded with the ruleset's own state_type (the kernel's empty state before `create`)


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Snapshot)


def snapshot_auth(event_hash: str, payload: bytes) -> bytes:
    """The authentication of a snapshot's bytes, chained to the hash of the event it stands after."""
    return hashlib.sha256(event_hash.encode("ascii") + payload).digest()


def encode_snapshot(seq: int, digest: str, state: EncounterState) -> bytes:
    """The stored bytes of a snapshot: a marker, its authentication, then the msgpack body."""
    payload = _encoder.encode(Snapshot(format=FORMAT, version=__version__, seq=seq, hash=digest, ruleset=state.ruleset,
                                       state=msgspec.Raw(_encoder.encode(state))))
    return _MAGIC + snapshot_auth(digest, payload) + payload


def check_snapshot(body: bytes) -> tuple[str, Snapshot | None]:
    """("ok", snapshot); ("stale", None) for another format or version (ignored, not suspicious); or
    ("forged", None) when the bytes are unreadable or fail their authentication."""
    if not body.startswith(_MAGIC):
        try:
            old = msgspec.msgpack.decode(body)
        except msgspec.DecodeError:
            return "forged", None
        return ("stale", None) if isinstance(old, dict) and old.get("format") != FORMAT else ("forged", None)
    auth, payload = body[len(_MAGIC):len(_MAGIC) + 32], body[len(_MAGIC) + 32:]
    try:
        snapshot = _decoder.decode(payload)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return "forged", None
    if snapshot.format != FORMAT or snapshot.version != __version__:
        return "stale", None
    if not hmac.compare_digest(auth, snapshot_auth(snapshot.hash, payload)):
        return "forged", None
    try:
        state_type = default_registry().find(snapshot.ruleset).state_type if snapshot.ruleset else EncounterState
        return "ok", msgspec.structs.replace(snapshot, state=msgspec.msgpack.decode(snapshot.state, type=state_type))
    except (RuleViolation, msgspec.DecodeError, msgspec.ValidationError):
        return "forged", None


def decode_snapshot(body: bytes) -> Snapshot | None:
    """The snapshot, or None when its bytes are unreadable, unauthenticated or written by another format or version."""
    return check_snapshot(body)[1]


class _MemoryShelf:
    """Snapshots held as objects, for stores without a place of their own (memory, JSONL)."""

    def __init__(self) -> None:
        self.items: dict[int, tuple[str, EncounterState]] = {}
        self.order: list[int] = []

    def seqs(self) -> list[int]:
        return list(self.order)

    def before(self, seq: int) -> int | None:
        index = bisect.bisect_right(self.order, seq)
        return self.order[index - 1] if index else None

    def load(self, seq: int) -> tuple[str, EncounterState] | None:
        return self.items.get(seq)

    LIMIT = 256  # a cache in memory: beyond it the oldest go (a fold from an older point stays correct)

    def save(self, seq: int, digest: str, state: EncounterState) -> None:
        if seq not in self.items:
            bisect.insort(self.order, seq)
        self.items[seq] = (digest, state)
        if len(self.order) > self.LIMIT:
            del self.items[self.order.pop(0)]


class _StoreShelf:
    """Snapshots kept by the store itself (SQLite: the `snapshots` table in the log's file)."""

    def __init__(self, store, encounter: str) -> None:
        self.store, self.encounter = store, encounter

    def seqs(self) -> list[int]:
        return self.store.snapshot_seqs(self.encounter)

    def before(self, seq: int) -> int | None:
        if hasattr(self.store, "snapshot_before"):
            return self.store.snapshot_before(self.encounter, seq)
        seqs = self.seqs()
        index = bisect.bisect_right(seqs, seq)
        return seqs[index - 1] if index else None

    def load(self, seq: int) -> tuple[str, EncounterState] | None:
        body = self.store.read_snapshot(self.encounter, seq)
        if body is None:
            return None
        verdict, snapshot = check_snapshot(body)
        if verdict == "forged":
            log.warning("snapshot ignored: it fails its authentication", encounter=self.encounter, seq=seq)
        if snapshot is None or snapshot.seq != seq:
            return None
        return snapshot.hash, cast(EncounterState, snapshot.state)  # check_snapshot decoded the stored Raw

    def save(self, seq: int, digest: str, state: EncounterState) -> None:
        self.store.write_snapshot(self.encounter, seq, encode_snapshot(seq, digest, state))


# Memory shelves live as long as their store object.
_memory: "weakref.WeakKeyDictionary[object, dict[str, _MemoryShelf]]" = weakref.WeakKeyDictionary()


def _shelf_for(store, encounter: str):
    if hasattr(store, "write_snapshot"):
        return _StoreShelf(store, encounter)
    try:
        shelves = _memory.setdefault(store, {})
    except TypeError:  # a store that cannot be weakly referenced: snapshots for this object only
        shelves = {}
    return shelves.setdefault(encounter, _MemoryShelf())


class Snapshots:
    """The snapshots of one encounter, and folds that start from the nearest usable one."""

    def __init__(self, store, encounter: str, every: int | None = DEFAULT_EVERY, *, shelf=None) -> None:
        self.every = DEFAULT_EVERY if every is None else every
        self.shelf = shelf if shelf is not None else _shelf_for(store, encounter) if self.every > 0 else None
        self._latest: int | None = None  # the newest snapshot seq, looked up once (-1: none)
        self.folded = 0  # records folded by the last replay (benchmarks and tests read it)
        self.base = -1  # seq of the snapshot the last replay started from (-1: from nothing)
        self._expensive = False  # the last replay folded at least `every` records

    @property
    def enabled(self) -> bool:
        return self.shelf is not None

    def seqs(self) -> list[int]:
        """The seqs holding a snapshot, ascending (reads them all: for tests and verify, not for folds)."""
        if self.shelf is None:
            return []
        return self.shelf.seqs()

    def before(self, seq: int) -> int | None:
        """The greatest snapshot seq <= `seq`, or None."""
        if self.shelf is None or seq < 0:
            return None
        return self.shelf.before(seq)

    def latest(self) -> int:
        """The newest snapshot seq (-1: none)."""
        if self._latest is None:
            found = self.before(2**62) if self.shelf is not None else None
            self._latest = -1 if found is None else found
        return self._latest

    def put(self, seq: int, digest: str, state: EncounterState) -> None:
        """Keep `state` (the state as of event `seq`, whose hash is `digest`); a failed write is only logged."""
        if self.shelf is None or not digest:
            return
        try:
            self.shelf.save(seq, digest, msgspec.structs.replace(state, seq=seq))
        except Exception as error:  # a cache that cannot be written must not fail the command that fed it
            log.warning("snapshot not saved", seq=seq, error=str(error))
            return
        if seq > self.latest():
            self._latest = seq

    # ------------------------------------------------------------------ folds
    def replay(self, records: Sequence[Recorded], upto: int | None = None, *, progress=None) -> EncounterState:
        """The state as of event `upto` (default: the last) of an in-memory log: `rebuild(records, upto)[0]`."""
        if upto is None:
            upto = len(records) - 1
        return self._replay(lambda first, last: records[first:last + 1], upto, progress)

    def replay_store(self, store, encounter: str, upto: int | None = None, *, progress=None) -> EncounterState:
        """The state as of event `upto` read straight from the store: only the records after the snapshot are read."""
        count = store.last(encounter)[0]
        if upto is None:
            upto = count - 1
        if not 0 <= upto < count:
            raise out_of_range(upto, count)

        def fetch(first: int, last: int) -> list[Recorded]:
            wanted = last - first + 1
            if progress is None and hasattr(store, "read_range"):
                return store.read_range(encounter, first, last)
            reading = store.read(encounter, first)
            if progress is not None:
                progress.stage("reading", wanted)
                reading = progress.iterate(reading)
            try:
                return list(islice(reading, wanted))
            finally:
                getattr(reading, "close", lambda: None)()

        return self._replay(fetch, upto, progress)

    def keep_next(self) -> None:
        """Keep the state after the next command whatever the interval (the engine asks after a far marker)."""
        self._expensive = True

    def after_command(self, records: Sequence[Recorded], state: EncounterState) -> None:
        """After a command: keep the live state when K events have passed, or when getting it was a long fold."""
        if self.shelf is None or not records:
            return
        last = records[-1]
        latest = max(self.latest(), 0)
        if last.seq - latest >= self.every or self._expensive:
            self.put(last.seq, last.hash, state)
        self._expensive = False

    def _replay(self, fetch: Fetch, upto: int, progress) -> EncounterState:
        if upto < 0:
            return EncounterState()
        base, base_seq, tail = self._start(fetch, upto)
        self.base, self.folded = base_seq, len(tail)
        state = self._fold(base, base_seq, tail, upto, progress)
        self._expensive = self.shelf is not None and len(tail) >= self.every
        if self._expensive and tail and tail[-1].hash and self.before(upto) != upto:
            self.put(upto, tail[-1].hash, state)
            self._expensive = False
        return state

    def _start(self, fetch: Fetch, upto: int) -> tuple[EncounterState, int, Sequence[Recorded]]:
        """The newest usable snapshot at or before `upto`, and the records after it up to `upto`."""
        chunks: list[Sequence[Recorded]] = []  # newest first; together they hold (start - 1, upto]
        start = upto + 1
        lowest = math.inf  # the oldest txn named by a marker fetched so far
        below = upto  # the next candidate is the newest snapshot at or below this
        while True:
            # A candidate at or after `lowest` stays ruled out: fetching further back only lowers it.
            seq = self.before(int(min(below, lowest - 1)))
            if seq is None:
                break
            below = seq - 1
            fetched = fetch(seq, start - 1) if seq < start else []
            anchor = fetched[0] if fetched else None
            newer = fetched[1:]
            lowest = min(lowest, _lowest_named(newer))
            if newer:
                chunks.append(newer)
            start = seq + 1
            if lowest <= seq or anchor is None or anchor.seq != seq:
                continue
            loaded = self.shelf.load(seq) if self.shelf is not None else None
            if loaded is None or loaded[0] != anchor.hash:
                continue  # unreadable, or from another log (a replaced file): try an older one
            return loaded[1], seq, _joined(chunks)
        if start > 0:
            chunks.append(fetch(0, start - 1))
        return EncounterState(), -1, _joined(chunks)

    def _fold(self, state: EncounterState, base_seq: int, tail: Sequence[Recorded], upto: int,
              progress) -> EncounterState:
        """Fold `tail` onto the state as of `base_seq`, keeping intermediate states that are valid snapshots."""
        if not tail:
            return msgspec.structs.replace(state, seq=upto)
        # Only markers inside the tail can matter (the snapshot is usable): a fresh timeline over it suffices.
        timeline = timeline_of(tail)
        skip = timeline.undone | timeline.markers
        # An intermediate state at s is the state as of s unless a later marker (up to `upto`) names a txn <= s.
        markers = [(record.seq, low) for record in tail if (low := _named_min(record.event)) is not None]
        later_lowest = [math.inf] * (len(markers) + 1)
        for index in range(len(markers) - 1, -1, -1):
            later_lowest[index] = min(markers[index][1], later_lowest[index + 1])
        keep = self.shelf is not None
        every = self.every or 1
        bucket = max(base_seq, 0) // every
        pointer = 0
        if progress is not None:
            progress.stage("replaying", len(tail))
        count = len(tail)
        for index, record in enumerate(tail):
            if record.txn not in skip:
                state = evolve(state, record.event)
            if progress is not None and index % _TICK == _TICK - 1:
                progress.advance(_TICK)
            if not keep or record.seq // every <= bucket or not record.hash:
                continue
            if index + 1 < count and tail[index + 1].txn == record.txn:
                continue  # keep snapshots at command boundaries
            while pointer < len(markers) and markers[pointer][0] <= record.seq:
                pointer += 1
            if later_lowest[pointer] > record.seq and record.seq != upto:
                self.put(record.seq, record.hash, state)
                bucket = record.seq // every
        if progress is not None:
            progress.advance(count % _TICK)
        return msgspec.structs.replace(state, seq=upto)


def _named_min(event) -> int | None:
    """The oldest txn an undo, redo or revert marker names; None for any other event."""
    if isinstance(event, (Undone, Redone, Reverted)) and event.txns:
        return min(event.txns)
    return None


def _lowest_named(records: Iterable[Recorded]) -> float:
    lowest = math.inf
    for record in records:
        named = _named_min(record.event)
        if named is not None and named < lowest:
            lowest = named
    return lowest


def _joined(chunks: list[Sequence[Recorded]]) -> Sequence[Recorded]:
    if len(chunks) == 1:
        return chunks[0]
    return [record for chunk in reversed(chunks) for record in chunk]


def out_of_range(seq: int, count: int) -> RuleViolation:
    """The error for a seq outside the log, in the words of `Encounter.state_at`."""
    return RuleViolation(*both("rule-there-no-event-log-runs", seq=seq, count_bound=count - 1))


def extend_timeline(timeline: Timeline, records: Sequence[Recorded]) -> Timeline:
    """A copy of `timeline` that has also seen `records` (whole transactions following the ones it saw)."""
    return timeline.copy().see_all(records)


def state_at(store, encounter: str, seq: int, *, every: int | None = None, progress=None) -> EncounterState:
    """The state as of event `seq`, read from the store from the nearest usable snapshot; RuleViolation if out of range."""
    return Snapshots(store, encounter, every).replay_store(store, encounter, seq, progress=progress)


def verify_head(store, encounter: str) -> str | None:
    """None when the log ends where its recorded head says (or the store records no head); otherwise what is
    wrong, e.g. a tail cut from the events: the head names a later event than the log's last one."""
    head = store.head(encounter) if hasattr(store, "head") else None
    if head is None:
        return None
    seq, digest = head
    count, last_hash = store.last(encounter)
    if count - 1 < seq:
        return (f"the log ends at event {count - 1} but its head records event {seq}: "
                f"events {count} to {seq} were cut from its end")
    if count - 1 > seq:
        return f"the log runs to event {count - 1} but its head records event {seq}: events were added behind its back"
    if last_hash != digest:
        return f"event {seq} is not the one its head records (another hash): the end of the log was rewritten"
    return None


def verify_snapshots(store, encounter: str) -> list[tuple[int, str]]:
    """Every stored snapshot that must not be trusted, as (seq, reason), by seq: bytes that fail their
    authentication, a snapshot standing after an event whose hash is not the one it names, or a state that
    differs from what the events fold to (a forger who recomputed the hash). Reads the log once, in order."""
    shelf = _shelf_for(store, encounter)
    bad: list[tuple[int, str]] = []
    count = store.last(encounter)[0]
    # Expected states come from a fold that only trusts what it computed itself.
    checker = Snapshots(store, encounter, DEFAULT_EVERY, shelf=_MemoryShelf())
    for seq in shelf.seqs():
        if isinstance(shelf, _StoreShelf):
            body = store.read_snapshot(encounter, seq)
            verdict, snapshot = check_snapshot(body) if body is not None else ("forged", None)
            if verdict == "stale":
                continue  # another format or version: never used, nothing to report
            if snapshot is None:
                bad.append((seq, "its bytes fail their authentication (edited or damaged)"))
                continue
            digest, state = snapshot.hash, snapshot.state
            if snapshot.seq != seq:
                bad.append((seq, f"it is stored at event {seq} but says it stands after event {snapshot.seq}"))
                continue
        else:
            digest, state = shelf.load(seq)
        if not 0 <= seq < count:
            bad.append((seq, f"it stands after event {seq}, which is not in the log"))
            continue
        anchor = store.read_one(encounter, seq) if hasattr(store, "read_one") else next(store.read(encounter, seq))
        if anchor is None or anchor.hash != digest:
            bad.append((seq, f"it names another hash than event {seq}'s (another log, or an edited one)"))
            continue
        if checker.replay_store(store, encounter, seq) != state:
            bad.append((seq, f"its state differs from what events 0 to {seq} give"))
    return bad


__all__ = ["DEFAULT_EVERY", "Snapshot", "Snapshots", "decode_snapshot", "encode_snapshot", "extend_timeline",
           "out_of_range", "state_at", "verify_head", "verify_snapshots", "check_snapshot"]
