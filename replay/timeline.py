"""Which transactions are in force: undo, redo and revert are markers, so the fold skips undone txns."""

from dataclasses import dataclass, field

from combatlog.core.kernel.state import KernelState as EncounterState
from combatlog.events.envelope import Recorded
from combatlog.events.meta import Redone, Reverted, Undone
from combatlog.projections.fold import evolve

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


def timeline_of(records: list[Recorded]) -> Timeline:
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
