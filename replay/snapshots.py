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
"""

import bisect
import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from itertools import islice

import msgspec

from combatlog import __version__
from combatlog.core.errors import RuleViolation
from combatlog.core.rulesets.pf1.state import Pf1State
from combatlog.core.state import EncounterState
from combatlog.events.envelope import Recorded
from combatlog.events.meta import Redone, Reverted, Undone
from combatlog.logs import get_logger
from combatlog.projections.fold import evolve
from combatlog.replay.timeline import Timeline, timeline_of

log = get_logger()

DEFAULT_EVERY = 1000
# Bump when the fold starts giving a different state for the same events: older snapshots are then ignored.
FORMAT = 1
_TICK = 4096  # records between two progress reports

Fetch = Callable[[int, int], list[Recorded]]  # (first seq, last seq) -> those records, in order


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """One stored snapshot: the state as of event `seq`, whose hash is `hash`."""

    format: int
    version: str
    seq: int
    hash: str
    state: EncounterState


class Pf1Snapshot(Snapshot, frozen=True, kw_only=True):
    """Temporary pf1 dispatch shim: a snapshot of a pf1 state."""

    state: Pf1State


class _PeekState(msgspec.Struct):
    ruleset: str = ""


class _Peek(msgspec.Struct):
    state: _PeekState


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Snapshot)
_pf1_decoder = msgspec.msgpack.Decoder(Pf1Snapshot)
_peek = msgspec.msgpack.Decoder(_Peek)


def encode_snapshot(seq: int, digest: str, state: EncounterState) -> bytes:
    """The stored bytes of a snapshot (msgpack)."""
    kind = Pf1Snapshot if isinstance(state, Pf1State) else Snapshot
    return _encoder.encode(kind(format=FORMAT, version=__version__, seq=seq, hash=digest, state=state))


def decode_snapshot(body: bytes) -> Snapshot | None:
    """The snapshot, or None when its bytes are unreadable or were written by another format or version."""
    try:
        pf1 = _peek.decode(body).state.ruleset == "pf1"  # the state type follows the ruleset
        snapshot = (_pf1_decoder if pf1 else _decoder).decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    if snapshot.format != FORMAT or snapshot.version != __version__:
        return None
    return snapshot


class _MemoryShelf:
    """Snapshots held as objects, for stores without a place of their own (memory, JSONL)."""

    def __init__(self) -> None:
        self.items: dict[int, tuple[str, EncounterState]] = {}

    def seqs(self) -> list[int]:
        return sorted(self.items)

    def load(self, seq: int) -> tuple[str, EncounterState] | None:
        return self.items.get(seq)

    def save(self, seq: int, digest: str, state: EncounterState) -> None:
        self.items[seq] = (digest, state)


class _StoreShelf:
    """Snapshots kept by the store itself (SQLite: the `snapshots` table in the log's file)."""

    def __init__(self, store, encounter: str) -> None:
        self.store, self.encounter = store, encounter

    def seqs(self) -> list[int]:
        return self.store.snapshot_seqs(self.encounter)

    def load(self, seq: int) -> tuple[str, EncounterState] | None:
        body = self.store.read_snapshot(self.encounter, seq)
        snapshot = decode_snapshot(body) if body is not None else None
        if snapshot is None or snapshot.seq != seq:
            return None
        return snapshot.hash, snapshot.state

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

    def __init__(self, store, encounter: str, every: int | None = DEFAULT_EVERY) -> None:
        self.every = DEFAULT_EVERY if every is None else every
        self.shelf = _shelf_for(store, encounter) if self.every > 0 else None
        self._seqs: list[int] | None = None
        self.folded = 0  # records folded by the last replay (benchmarks and tests read it)
        self.base = -1  # seq of the snapshot the last replay started from (-1: from nothing)
        self._expensive = False  # the last replay folded at least `every` records

    @property
    def enabled(self) -> bool:
        return self.shelf is not None

    def seqs(self) -> list[int]:
        """The seqs holding a snapshot, ascending."""
        if self.shelf is None:
            return []
        if self._seqs is None:
            self._seqs = self.shelf.seqs()
        return self._seqs

    def put(self, seq: int, digest: str, state: EncounterState) -> None:
        """Keep `state` (the state as of event `seq`, whose hash is `digest`); a failed write is only logged."""
        if self.shelf is None or not digest:
            return
        try:
            self.shelf.save(seq, digest, msgspec.structs.replace(state, seq=seq))
        except Exception as error:  # a cache that cannot be written must not fail the command that fed it
            log.warning("snapshot not saved", seq=seq, error=str(error))
            return
        seqs = self.seqs()
        if seq not in seqs:
            bisect.insort(seqs, seq)

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
            reading = store.read(encounter, first)
            if progress is not None:
                progress.stage("reading", wanted)
                reading = progress.iterate(reading)
            try:
                return list(islice(reading, wanted))
            finally:
                getattr(reading, "close", lambda: None)()

        return self._replay(fetch, upto, progress)

    def after_command(self, records: Sequence[Recorded], state: EncounterState) -> None:
        """After a command: keep the live state when K events have passed, or when getting it was a long fold."""
        if self.shelf is None or not records:
            return
        last = records[-1]
        seqs = self.seqs()
        latest = seqs[-1] if seqs else 0
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
        if self._expensive and tail and tail[-1].hash and upto not in self.seqs():
            self.put(upto, tail[-1].hash, state)
            self._expensive = False
        return state

    def _start(self, fetch: Fetch, upto: int) -> tuple[EncounterState, int, list[Recorded]]:
        """The newest usable snapshot at or before `upto`, and the records after it up to `upto`."""
        candidates = [seq for seq in self.seqs() if seq <= upto]
        chunks: list[list[Recorded]] = []  # newest first; together they hold (start - 1, upto]
        start = upto + 1
        lowest = math.inf  # the oldest txn named by a marker fetched so far
        while True:
            # A candidate at or after `lowest` stays ruled out: fetching further back only lowers it.
            while candidates and candidates[-1] >= lowest:
                candidates.pop()
            if not candidates:
                break
            seq = candidates.pop()
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

    def _fold(self, state: EncounterState, base_seq: int, tail: list[Recorded], upto: int, progress) -> EncounterState:
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


def _joined(chunks: list[list[Recorded]]) -> list[Recorded]:
    if len(chunks) == 1:
        return chunks[0]
    return [record for chunk in reversed(chunks) for record in chunk]


def out_of_range(seq: int, count: int) -> RuleViolation:
    """The error for a seq outside the log, in the words of `Encounter.state_at`."""
    return RuleViolation(f"there is no event {seq} (the log runs from 0 to {count - 1})",
                         message_fr=f"il n'y a pas d'événement {seq} (le journal va de 0 à {count - 1})")


def extend_timeline(timeline: Timeline, records: Sequence[Recorded]) -> Timeline:
    """A copy of `timeline` that has also seen `records` (whole transactions following the ones it saw)."""
    return timeline.copy().see_all(records)


def state_at(store, encounter: str, seq: int, *, every: int | None = None, progress=None) -> EncounterState:
    """The state as of event `seq`, read from the store from the nearest usable snapshot; RuleViolation if out of range."""
    return Snapshots(store, encounter, every).replay_store(store, encounter, seq, progress=progress)


__all__ = ["DEFAULT_EVERY", "Snapshot", "Snapshots", "decode_snapshot", "encode_snapshot", "extend_timeline",
           "out_of_range", "state_at"]
