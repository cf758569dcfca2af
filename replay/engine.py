"""An encounter backed by a store: run a command, append its events atomically, fold them into the state."""

import sys
import time as _time
from collections.abc import Callable
from typing import Any

import msgspec
from combatlog.core.kernel.commands import LOG_COMMANDS, Redo, Revert, Undo, parse_log_command
from combatlog.core.kernel.errors import fail
from combatlog.core.kernel.dispatch import decide_and_fold
from combatlog.core.kernel.registry import Registry, default_registry
from combatlog.core.kernel.state import KernelState as EncounterState
from combatlog.events.envelope import Recorded
from combatlog.events.meta import CommandIssued, Redone, Reverted, Undone
from combatlog.events.stores import EventStore
from combatlog.fixtures import load_template
from combatlog.logs import get_logger
from combatlog.replay.snapshots import Snapshots, out_of_range
from combatlog.replay.timeline import History, Timeline, timeline_of

log = get_logger()
DEFAULT_ENCOUNTER = "default"


_formatted_second: tuple[int, str] = (-1, "")  # the last second utc_now formatted, and its text


def utc_now() -> str:
    """Now in UTC to the millisecond, e.g. 2026-11-23T12:06:01.375Z (what datetime's isoformat gives, cheaper).
    Commands come many to the second: the second's text is formatted once and kept."""
    global _formatted_second
    seconds, millis = divmod(_time.time_ns() // 1_000_000, 1000)
    second, text = _formatted_second
    if second != seconds:
        text = _time.strftime("%Y-%m-%dT%H:%M:%S", _time.gmtime(seconds))
        _formatted_second = (seconds, text)
    return f"{text}.{millis:03d}Z"


def library_spells(family: str, spell_id: str) -> dict | None:
    """The default spell lookup: the spell `spell_id` of the library family `family` (INTERFACE §7), or None."""
    from combatlog.compendium import spell

    return spell(family, spell_id)


class Encounter:
    """One encounter of a log: the live state, kept in step with the store.

    Opening reads the newest usable snapshot and the events after it, never the whole log; undo, redo and
    revert read a few records per step from the end of the log (replay/timeline.py `History`).
    """

    def __init__(self, store: EventStore, encounter: str = DEFAULT_ENCOUNTER, *,
                 templates: Callable[[str], dict | None] | None = load_template, clock: Callable[[], str] = utc_now,
                 snapshot_every: int | None = None, registry: Registry | None = None,
                 spells: Callable[[str, str], dict | None] | None = library_spells):
        self.store = store
        # The rulesets that decide this encounter's commands, handed down by the API (default: the installed ones).
        self.registry = registry or default_registry()
        self.encounter = encounter
        self.templates = templates
        # `spells(family, id)`: a library spell for `cast` (INTERFACE §7), handed to the rules like the templates.
        self.spells = spells
        self.clock = clock
        self.default_seed: str | None = None  # verification replays a recorded seed; otherwise a fresh one
        # Another encounter of the same log by name, its latest state (`add` with `carry`); verify swaps in
        # one that answers from what the log recorded as carried.
        self.encounters: Callable[[str], EncounterState | None] = self._other_encounter
        # Verification re-deriving a logged `create`: the events the log holds for it (what that create chose
        # beyond its command, e.g. pf1's rules version, is taken from them); None for a new command.
        self.recorded_creation: tuple | None = None
        # Folds start from the nearest usable snapshot (every K events; 0 turns them off): see replay/snapshots.py.
        self.snapshots = Snapshots(store, encounter, snapshot_every)
        self._count = store.last(encounter)[0]
        self.state = self.snapshots.replay_store(store, encounter) if self._count else EncounterState()
        self.history = History(self._read_range)
        # The state each recent top of the in-force stack had (txn -> state): an undo or redo going back to one
        # of them needs no fold at all. A state belongs to its txn for good (replay/timeline.py `History`).
        self._states: dict[int, EncounterState] = {}
        self._records: list[Recorded] | None = None  # the whole log, only once somebody asks for it
        self._timeline: Timeline | None = None
        self._last_sealed: list[tuple[Recorded, bytes | None]] = []  # the last command's records and bodies

    def _other_encounter(self, name: str) -> EncounterState | None:
        if name == self.encounter or not self.store.last(name)[0]:
            return None
        return Encounter(self.store, name, templates=self.templates, registry=self.registry, spells=self.spells).state

    def _read_range(self, first: int, last: int) -> list[Recorded]:
        return self.store.read_range(self.encounter, first, last)

    @property
    def next_seq(self) -> int:
        return self._count

    @property
    def records(self) -> list[Recorded]:
        """Every record of the encounter (read on first use, then kept in step): costs the whole log."""
        if self._records is None:
            self._records = list(self.store.read(self.encounter))
        return self._records

    @property
    def timeline(self) -> Timeline:
        """The in-force transactions of the whole log (built on first use, then kept in step): costs the whole log."""
        if self._timeline is None:
            self._timeline = timeline_of(self.records)
        return self._timeline

    def execute(self, raw: dict, actor: str = "dm") -> list[Recorded]:
        """Decide, append atomically, fold. A rejected command raises RuleViolation and appends nothing."""
        pairs = self._execute(raw, actor)
        self._last_sealed = pairs
        return [record for record, _ in pairs]

    def bodies_of(self, records: list[Recorded]) -> list[bytes | None]:
        """The stored bodies of the records the last `execute` returned (None for any other record): the API's
        export form reuses them rather than encoding each record again."""
        last = {id(record): body for record, body in self._last_sealed}
        return [last.get(id(record)) for record in records]

    def _execute(self, raw: dict, actor: str) -> list[tuple[Recorded, bytes | None]]:
        self.check(raw, actor)
        checks = sys.modules[__name__]  # the checks, read as this module's attributes (`__getattr__` below)
        name = raw.get("do") if isinstance(raw, dict) else None
        txn = self._count
        if isinstance(name, str) and name in LOG_COMMANDS:
            command = parse_log_command(raw)
            marker, in_force = self._marker(command, txn)
            events = [CommandIssued(command=raw, rng_position=self.state.rng_position), marker]
            # The state after a marker is the state the new top of the stack had when it was written: a short
            # fold from a snapshot, computed before writing so a marker the fold cannot take never reaches the log.
            decided = self._states.get(in_force)
            if decided is None:
                decided = self.snapshots.replay_store(self.store, self.encounter, self.history.end_of(in_force))
            # A marker naming a txn at or before the newest snapshot makes that snapshot (and the ones after
            # what it names) unusable for every later state (snapshots.py): keep the state right after it,
            # so the next open folds from here instead of from before the oldest txn it names.
            if marker.txns and min(marker.txns) <= self.snapshots.latest():
                self.snapshots.keep_next()
        else:
            # A fresh seed only for the command that records one (create); every other reads it from the state.
            import secrets  # here: a read never draws a seed

            events, decided = self.decide(raw, self.default_seed or ("" if self.state.seed else secrets.token_hex(8)))
        at = self.clock()
        records = [
            Recorded(seq=txn + index, txn=txn, at=at, actor=actor, event=event) for index, event in enumerate(events)
        ]
        # The read-back check encodes each event once; the store writes those bytes rather than encoding again.
        checked = checks.check_decodable(records, self.encounter, getattr(self.store, "codec", None))
        append_sealing = getattr(self.store, "append_sealing", None)
        if append_sealing is not None:
            pairs = append_sealing(self.encounter, records, txn, checked or None)
            sealed = [record for record, _ in pairs]
        else:  # a store of the plain protocol
            sealed = self.store.append(self.encounter, records, expected_seq=txn)
            pairs = [(record, None) for record in sealed]
        self.advance(txn, sealed, decided)
        if _debug_enabled():
            log.debug("command", encounter=self.encounter, seq=self.state.seq, round=self.state.round, do=name, actor=actor)
        return pairs

    def check(self, raw: Any, actor: str) -> None:
        """Refuse (InvalidCommand) a command or an actor no log may hold: what every command meets first."""
        checks = sys.modules[__name__]  # the checks, read as this module's attributes (`__getattr__` below)
        checks.check_command(raw)
        checks.check_name(actor, "the actor", "l'acteur")

    def decide(self, raw: Any, seed: str) -> tuple[list, EncounterState]:
        """The events the rules give for a command that is not undo, redo or revert, and the state after them
        (`seed`: the one a `create` records when the command names none)."""
        recorded = self.recorded_creation if isinstance(raw, dict) and raw.get("do") == "create" else None
        return decide_and_fold(self.state, raw, templates=self.templates, default_seed=seed, registry=self.registry,
                               encounters=self.encounters, spells=self.spells, recorded=recorded)

    def advance(self, txn: int, sealed: list[Recorded], decided: EncounterState) -> None:
        """The engine after transaction `txn` reached the log as `sealed`, the rules having folded it to `decided`:
        its count, state, undo stack, remembered states, records, timeline and snapshots."""
        if txn:  # the state before this command, if its place in the stack is known without a read
            self._remember(self.history.known_top(txn - 1), self.state)
        self._count = sealed[-1].seq + 1
        self.state = msgspec.structs.replace(decided, seq=sealed[-1].seq)
        self.history.saw(sealed)
        self._remember(self.history.top(sealed[-1].seq), self.state)
        if self._records is not None:
            self._records.extend(sealed)
        if self._timeline is not None:
            self._timeline.see_all(sealed)
        self.snapshots.after_command(sealed, self.state)

    def _remember(self, top: int | None, state: EncounterState) -> None:
        if top is None:
            return
        self._states.pop(top, None)  # the most recent last, so the oldest goes first
        if len(self._states) >= 64:
            del self._states[next(iter(self._states))]
        self._states[top] = state

    def _marker(self, command: Undo | Redo | Revert, txn: int):
        """The marker event, and the txn whose state is in force after it."""
        history = self.history
        end = txn - 1
        top = history.top(end)
        if isinstance(command, Undo):
            if command.steps < 1:
                raise fail("rule-undo-steps-must-be-at")
            if not top:
                raise fail("rule-nothing-to-undo")
            # Exactly what N single undos would choose: undoing a revert brings its commands back first.
            chosen = []
            for step in range(command.steps):
                if not top:
                    raise fail("rule-cannot-undo-commands-only-can", steps=command.steps, step=step)
                chosen.append(top)
                top = history.top(top - 1)
            return Undone(txns=tuple(chosen)), top
        if isinstance(command, Redo):
            if command.steps < 1:
                raise fail("rule-redo-steps-must-be-at")
            redo = history.redo_stack(end)
            if not redo:
                raise fail("rule-nothing-to-redo-redo-only")
            if command.steps > len(redo):
                raise fail("rule-cannot-redo-commands-only-were", steps=command.steps, length=len(redo))
            txns = tuple(reversed(redo[-command.steps:]))
            return Redone(txns=txns), txns[-1]
        assert isinstance(command, Revert)
        if not 0 <= command.to < txn:
            raise fail("rule-there-no-event-to-revert", to=command.to, txn_bound=txn - 1)
        reverted_to = history.record(command.to)
        assert reverted_to is not None  # 0 <= to < txn: inside the log
        inside = reverted_to.txn
        end_of_txn = history.end_of(inside)
        if end_of_txn != command.to:
            raise fail("rule-event-inside-command-that-runs", to=command.to, inside=inside, end_of_txn=end_of_txn, inside_bound=inside - 1)
        # The in-force stack is sorted: what the revert takes off is its top down to the point.
        taken = []
        while top is not None and top > command.to:
            taken.append(top)
            top = history.below(top)
        txns = tuple(reversed([t for t in taken if t != 0]))
        if not txns:
            raise fail("rule-nothing-to-revert-after-event", to=command.to)
        return Reverted(to=command.to, txns=txns), top

    def record(self, seq: int) -> Recorded | None:
        """Event `seq` of the encounter (None outside the log), read alone."""
        return self.history.record(seq) if 0 <= seq < self._count else None

    def recent(self, count: int) -> list[tuple[Recorded, bool]]:
        """The last `count` events, each with whether its command is undone now. Markers only name earlier
        transactions, so the ones that matter for these events are among them: nothing else is read."""
        from combatlog.replay.full import undone_by

        records = self.store.read_range(self.encounter, max(0, self._count - count), self._count - 1)
        undone = undone_by(r for r in records if isinstance(r.event, (Undone, Redone, Reverted)))
        return [(record, record.txn in undone) for record in records]

    def state_at(self, seq: int) -> EncounterState:
        if not 0 <= seq < self._count:
            raise out_of_range(seq, self._count)
        return self.snapshots.replay_store(self.store, self.encounter, seq)


def _debug_enabled() -> bool:
    """Whether anybody listens to debug logs (rendering one costs more than a small command). Nobody does while
    `logging` is not even imported (a CLI call without -v never imports it)."""
    logging = sys.modules.get("logging")
    return logging is not None and logging.getLogger("combatlog").isEnabledFor(logging.DEBUG)


def __getattr__(name: str):
    """`check_command`, `check_decodable` and `check_name` (replay/validation.py), imported when a command is first
    executed: a read (open, fold, print) checks no command (issue 25: `combatlog state` does not import them)."""
    if name in ("check_command", "check_decodable", "check_name"):
        from combatlog.replay import validation

        value = getattr(validation, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Encounter", "Timeline", "timeline_of", "DEFAULT_ENCOUNTER"]
