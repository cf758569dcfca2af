"""An encounter backed by a store: run a command, append its events atomically, fold them into the state."""

import datetime as _dt
import secrets
from collections.abc import Callable

import msgspec
from combatlog.core import commands as c
from combatlog.core.context import fail
from combatlog.core.decide import decide_and_fold
from combatlog.core.state import EncounterState
from combatlog.events.envelope import Recorded
from combatlog.events.meta import CommandIssued, Redone, Reverted, Undone
from combatlog.events.stores import EventStore
from combatlog.fixtures import load_template
from combatlog.logs import get_logger
from combatlog.replay.snapshots import Snapshots, extend_timeline, out_of_range
from combatlog.replay.timeline import Timeline, timeline_of
from combatlog.replay.validation import check_command, check_decodable, check_name

log = get_logger()
DEFAULT_ENCOUNTER = "default"


def utc_now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Encounter:
    """One encounter of a log: the live state, kept in step with the store."""

    def __init__(self, store: EventStore, encounter: str = DEFAULT_ENCOUNTER, *,
                 templates: Callable[[str], dict | None] | None = load_template, clock: Callable[[], str] = utc_now,
                 snapshot_every: int | None = None):
        self.store = store
        self.encounter = encounter
        self.templates = templates
        self.clock = clock
        self.default_seed: str | None = None  # verification replays a recorded seed; otherwise a fresh one
        self.records: list[Recorded] = list(store.read(encounter))
        # Folds start from the nearest usable snapshot (every K events; 0 turns them off): see replay/snapshots.py.
        self.snapshots = Snapshots(store, encounter, snapshot_every)
        self.timeline = timeline_of(self.records)
        self.state = self.snapshots.replay(self.records)

    @property
    def next_seq(self) -> int:
        return len(self.records)

    def execute(self, raw: dict, actor: str = "dm") -> list[Recorded]:
        """Decide, append atomically, fold. A rejected command raises RuleViolation and appends nothing."""
        check_command(raw)
        check_name(actor, "the actor", "l'acteur")
        name = raw.get("do") if isinstance(raw, dict) else None
        if name in c.UNDO_FAMILY:
            command = c.parse_command(raw)
            events = [CommandIssued(command=raw, rng_position=self.state.rng_position), self._marker(command)]
        else:
            events, decided = decide_and_fold(self.state, raw, templates=self.templates,
                                              default_seed=self.default_seed or secrets.token_hex(8))
        txn = self.next_seq
        at = self.clock()
        records = [
            Recorded(seq=txn + index, txn=txn, at=at, actor=actor, event=event) for index, event in enumerate(events)
        ]
        if name in c.UNDO_FAMILY:
            # Fold before writing: a marker the fold cannot take must never reach the log.
            rebuilt = self.snapshots.replay(self.records + records), extend_timeline(self.timeline, records)
        check_decodable(records, self.encounter)
        sealed = self.store.append(self.encounter, records, expected_seq=txn)
        self.records.extend(sealed)
        if name in c.UNDO_FAMILY:
            self.state, self.timeline = rebuilt
            self.state = msgspec.structs.replace(self.state, seq=sealed[-1].seq)
        else:
            self.state = msgspec.structs.replace(decided, seq=sealed[-1].seq)
            self.timeline.commands[txn] = raw
            self.timeline.close_txn(txn)
        self.snapshots.after_command(self.records, self.state)
        log.debug("command", encounter=self.encounter, seq=self.state.seq, round=self.state.round, do=name, actor=actor)
        return sealed

    def _marker(self, command: c.Command):
        timeline = self.timeline
        undoable = [txn for txn in timeline.live if txn != 0]
        if isinstance(command, c.Undo):
            if command.steps < 1:
                raise fail("undo steps must be at least 1", "le nombre d'annulations doit être d'au moins 1")
            if not undoable:
                raise fail("nothing to undo", "rien à annuler")
            # Choose exactly what N single undos would: undoing a revert brings its commands back first.
            # `_undo` only touches live and undone (and reads reverts): copying those beats a deepcopy of the
            # whole timeline, which costs ~1 s per 100k events.
            rehearsal = timeline.copy()
            chosen = []
            for step in range(command.steps):
                candidates = [txn for txn in rehearsal.live if txn != 0]
                if not candidates:
                    raise fail(f"cannot undo {command.steps} commands: only {step} can be undone",
                               f"impossible d'annuler {command.steps} commandes : seules {step} peuvent l'être")
                chosen.append(candidates[-1])
                rehearsal._undo(candidates[-1])
            return Undone(txns=tuple(chosen))
        if isinstance(command, c.Redo):
            if command.steps < 1:
                raise fail("redo steps must be at least 1", "le nombre de rétablissements doit être d'au moins 1")
            if not timeline.redo:
                raise fail("nothing to redo: redo only follows an undo", "rien à rétablir : rétablir ne suit qu'une annulation")
            if command.steps > len(timeline.redo):
                raise fail(f"cannot redo {command.steps} commands: only {len(timeline.redo)} were undone",
                           f"impossible de rétablir {command.steps} commandes : seules {len(timeline.redo)} ont été annulées")
            return Redone(txns=tuple(reversed(timeline.redo[-command.steps:])))
        assert isinstance(command, c.Revert)
        if not 0 <= command.to < self.next_seq:
            raise fail(f"there is no event {command.to} to revert to (the log runs from 0 to {self.next_seq - 1})",
                       f"il n'y a pas d'événement {command.to} (le journal va de 0 à {self.next_seq - 1})")
        inside = next((r.txn for r in self.records if r.seq == command.to), None)
        end_of_txn = max(r.seq for r in self.records if r.txn == inside)
        if end_of_txn != command.to:
            raise fail(f"event {command.to} is inside the command that runs from {inside} to {end_of_txn}: revert to {end_of_txn} or {inside - 1}",
                       f"l'événement {command.to} est au milieu de la commande qui va de {inside} à {end_of_txn} : revenez à {end_of_txn} ou {inside - 1}")
        txns = tuple(txn for txn in undoable if txn > command.to)
        if not txns:
            raise fail(f"nothing to revert after event {command.to}", f"rien à défaire après l'événement {command.to}")
        return Reverted(to=command.to, txns=txns)

    def state_at(self, seq: int) -> EncounterState:
        if not 0 <= seq < len(self.records):
            raise out_of_range(seq, len(self.records))
        return self.snapshots.replay(self.records, seq)


__all__ = ["Encounter", "Timeline", "timeline_of", "DEFAULT_ENCOUNTER"]
