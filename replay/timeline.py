"""Which transactions are in force: undo, redo and revert are markers, so the fold skips undone txns."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from combatlog.core.kernel.state import KernelState as EncounterState
from combatlog.events.envelope import Recorded
from combatlog.events.meta import Redone, Reverted, Undone
from combatlog.core.kernel.fold import evolve

MARKERS = (Undone, Redone)


@dataclass
class Timeline:
    """Live transactions (undoable, oldest first), undone ones, and what redo would bring back."""

    live: list[int] = field(default_factory=list)
    undone: set[int] = field(default_factory=set)
    redo: list[int] = field(default_factory=list)
    reverts: dict[int, tuple[int, ...]] = field(default_factory=dict)
    markers: set[int] = field(default_factory=set)
    commands: dict[int, dict] = field(default_factory=dict)

    def see(self, record: Recorded) -> None:
        """Account for one record, in log order."""
        event = record.event
        txn = record.txn
        if record.seq == txn:
            self.commands[txn] = getattr(event, "command", {})
            return
        if isinstance(event, Undone):
            self.markers.add(txn)
            for undone in event.txns:
                self._undo(undone)
                self.redo.append(undone)
        elif isinstance(event, Redone):
            self.markers.add(txn)
            for redone in event.txns:
                self._redo(redone)
                if self.redo and self.redo[-1] == redone:
                    self.redo.pop()
        elif isinstance(event, Reverted):
            self.reverts[txn] = event.txns
            self._take_off(event.txns)

    def copy(self) -> "Timeline":
        """An independent copy (the lists and sets that see() changes are copied; reverts are shared read-only)."""
        return Timeline(live=list(self.live), undone=set(self.undone), redo=list(self.redo), reverts=dict(self.reverts),
                        markers=set(self.markers), commands=dict(self.commands))

    def see_all(self, records) -> "Timeline":
        """See whole transactions, in log order; returns self."""
        current = None
        for record in records:
            if record.txn != current:
                if current is not None:
                    self.close_txn(current)
                current = record.txn
            self.see(record)
        if current is not None:
            self.close_txn(current)
        return self

    def close_txn(self, txn: int) -> None:
        """A transaction has been fully seen: a command (not a marker) goes on the live stack."""
        if txn in self.markers:
            return
        self.live.append(txn)
        self.redo.clear()

    def _take_off(self, txns) -> None:
        """Move these transactions from live to undone in one pass (a revert may name thousands)."""
        gone = set(txns)
        self.live = [txn for txn in self.live if txn not in gone]
        self.undone |= gone

    def _undo(self, txn: int) -> None:
        if self.live and self.live[-1] == txn:
            self.live.pop()  # undo takes the most recent command: no scan of a long log
        else:
            self.live.remove(txn)
        self.undone.add(txn)
        for reverted in self.reverts.get(txn, ()):
            self.undone.discard(reverted)
            self.live.append(reverted)

    def _redo(self, txn: int) -> None:
        self.undone.discard(txn)
        if txn in self.reverts:
            self._take_off(self.reverts[txn])
        self.live.append(txn)


def timeline_of(records: Sequence[Recorded]) -> Timeline:
    return Timeline().see_all(records)


def rebuild(records: list[Recorded], upto: int | None = None) -> tuple[EncounterState, Timeline]:
    """The state after event `upto` (default: the last), folding only transactions in force then."""
    if upto is not None:
        records = records[: upto + 1]
    timeline = timeline_of(records)
    skip = timeline.undone | timeline.markers
    state = EncounterState()
    for record in records:
        if record.txn not in skip:
            state = evolve(state, record.event)
    if records:
        state = _with_seq(state, records[-1].seq)
    return state, timeline


def _with_seq(state: EncounterState, seq: int) -> EncounterState:
    import msgspec

    return msgspec.structs.replace(state, seq=seq)


class History:
    """What undo, redo and revert need, read from the end of the log on demand instead of from all of it.

    The transactions in force form a stack (oldest at the bottom, txns ascending): a command pushes itself,
    undo pops, a revert pops everything after its point and pushes itself, undoing a revert brings back
    exactly the stack it replaced, redo pushes back what was popped. So the top of the stack after any
    transaction follows from that transaction's last event alone:

    - a command (or a revert) R: R itself;
    - an undo naming ..., z: the top just before z was first pushed, i.e. the top after event z - 1;
    - a redo naming ..., z: z.

    and the entry under a command c is the top after event c - 1 (under a revert: what is under the
    oldest txn it reverted). Undo, redo and revert therefore read a few records per step, never the
    whole log. Answers stay true for good (the log below the end never changes), so what is kept is a cache,
    bounded: the newest `KEPT_RECORDS` records and `KEPT_TOPS` tops (when one is full, its older half goes). A
    server holds one History per encounter it serves: fifty tables playing all night keep a few hundred records
    each, not the 4096 each that made its memory grow for hours (issue 25).
    """

    KEPT_RECORDS = 256
    KEPT_TOPS = 256

    def __init__(self, read_range: Callable[[int, int], list[Recorded]]):
        self._read_range = read_range
        self._records: dict[int, Recorded] = {}
        self._tops: dict[int, int | None] = {}
        self._window = 4  # records fetched around a miss; doubles while misses follow each other

    @staticmethod
    def _trim(kept: dict, bound: int) -> None:
        """Past `bound` entries, drop the older half (by when they came in): what was read or appended last,
        which the walk in progress or the next undo needs, stays."""
        if len(kept) > bound:
            for key in list(kept)[:len(kept) - bound // 2]:
                del kept[key]

    def record(self, seq: int) -> Recorded | None:
        """Record `seq` (None past either end); reads a window below it, since walks go down the log."""
        if seq < 0:
            return None
        found = self._records.get(seq)
        if found is not None:
            self._window = max(4, self._window // 2)
            return found
        self._trim(self._records, self.KEPT_RECORDS)
        first = max(0, seq - self._window + 1)
        for record in self._read_range(first, seq):
            self._records[record.seq] = record
        self._window = min(self._window * 2, 1024)
        return self._records.get(seq)

    def saw(self, records: Sequence[Recorded]) -> None:
        """New records appended by this process (so the next undo needs no read)."""
        self._trim(self._records, self.KEPT_RECORDS)
        for record in records:
            self._records[record.seq] = record

    def known_top(self, end: int) -> int | None:
        """`top(end)` if it is already known or follows from records already here; None instead of reading."""
        if end in self._tops:
            return self._tops[end]
        record = self._records.get(end)
        return None if record is None or isinstance(record.event, Undone) else self.top(end)

    def top(self, end: int) -> int | None:
        """The txn on top of the in-force stack right after event `end` (the last of a transaction)."""
        self._trim(self._tops, self.KEPT_TOPS)
        path = []
        seq = end
        while True:
            if seq < 0:
                found: int | None = None
                break
            if seq in self._tops:
                found = self._tops[seq]
                break
            record = self.record(seq)
            if record is None:
                found = None
                break
            event = record.event
            if isinstance(event, Undone):
                if not event.txns or event.txns[-1] > seq:  # a damaged log (verify names it): never loop
                    found = None
                    break
                path.append(seq)
                seq = event.txns[-1] - 1
                continue
            found = event.txns[-1] if isinstance(event, Redone) else record.txn
            self._tops[seq] = found
            break
        for seq in path:
            self._tops[seq] = found
        return found

    def is_revert(self, txn: int) -> Reverted | None:
        """The Reverted marker of transaction `txn`, or None when `txn` is not a revert."""
        opening = self.record(txn)
        command = getattr(opening.event, "command", None) if opening is not None else None
        if not isinstance(command, dict) or command.get("do") != "revert":
            return None
        marker = self.record(txn + 1)
        return marker.event if marker is not None and isinstance(marker.event, Reverted) else None

    def below(self, txn: int) -> int | None:
        """The entry under `txn` in the in-force stack (whenever `txn` is in force)."""
        while True:
            reverted = self.is_revert(txn)
            if reverted is None or not reverted.txns or min(reverted.txns) >= txn:  # the last: a damaged log
                return self.top(txn - 1)
            txn = min(reverted.txns)

    def redo_stack(self, end: int) -> list[int]:
        """What redo would bring back after event `end`, the next one last: the undo and redo markers since
        the last command."""
        markers = []
        seq = end
        while seq >= 0:
            record = self.record(seq)
            if record is None or not isinstance(record.event, (Undone, Redone)):
                break
            markers.append(record.event)
            seq = record.txn - 1
        redo: list[int] = []
        for event in reversed(markers):
            if isinstance(event, Undone):
                redo.extend(event.txns)
            else:
                for txn in event.txns:
                    if redo and redo[-1] == txn:
                        redo.pop()
        return redo

    def end_of(self, txn: int) -> int:
        """The last seq of transaction `txn`."""
        self._trim(self._records, self.KEPT_RECORDS)
        seq = txn
        while True:
            chunk = self._read_range(seq + 1, seq + 16)
            for record in chunk:
                self._records[record.seq] = record
                if record.txn != txn:
                    return seq
                seq = record.seq
            if len(chunk) < 16:
                return seq
