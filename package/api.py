"""The public Python API: open a log, drive its encounters, follow them live. Everything is re-exported by `combatlog`.

Built over the engine (`replay.engine.Encounter`), the stores and the projections; it adds no rule of its own.
An `Encounter` object is meant for one thread at a time (SQLite connections are); open one log per thread to
share a fight between threads or processes, and follow the others' writes with `wait_for_new`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from combatlog.rulesets import CODEC, REGISTRY  # first: the assembly installs the registry and codec
from combatlog.core.kernel.errors import EncounterAlreadyCreated, RuleViolation
from combatlog.events.envelope import LogCorrupted, Recorded, canonical_body
from combatlog.events.stores import ConcurrencyConflict, EventStore, StoreError, open_store
from combatlog.core.kernel.document import state_document
from combatlog.words import Said
from combatlog.paths import cheapest_move
from combatlog.replay import engine as _engine
from combatlog.projections.summary import summary as _summary, summary_markdown as _summary_markdown

DEFAULT_ENCOUNTER = _engine.DEFAULT_ENCOUNTER
TRANSCRIPT_FORMATS = ("md", "html", "json")
LANGS = ("fr", "en")
_sorted = msgspec.json.Encoder(order="sorted")
_sorted_decoder = msgspec.json.Decoder()


def _is_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


def open_log(path_or_url: str | os.PathLike[str], *, create: bool = True) -> Log:
    """Open a log: a SQLite file path (the default), a path ending in `.jsonl`, or a `postgresql://` URL.

    A missing file (or PostgreSQL database) is created when `create` is true (the default), as
    `combatlog run --log` does; with `create=False` a missing log raises StoreError and nothing is written."""
    target = os.fspath(path_or_url)
    if not _is_url(target) and target != ":memory:" and not create and not Path(target).exists():
        raise StoreError(Said("store-no-such-log-file", path=target))
    store = open_store(target, create=create, codec=CODEC) if _is_url(target) else open_store(target, codec=CODEC)
    return Log(store, target)


class Log:
    """A log holding one or more encounters. Use it as a context manager, or call `close()`."""

    def __init__(self, store: EventStore, location: str = ""):
        self.store = store
        self.location = location
        self._open: dict[str, Encounter] = {}

    def encounters(self) -> list[str]:
        """The ids of the encounters that hold at least one event, sorted."""
        return self.store.encounters()

    def encounter(self, name: str = DEFAULT_ENCOUNTER) -> Encounter:
        """The encounter `name` (a new, empty one until its `create` command is executed)."""
        if name not in self._open:
            self._open[name] = Encounter(self, name)
        return self._open[name]

    def read_range(self, name: str, first: int, last: int) -> list[Recorded]:
        """The verified records `first`..`last` of encounter `name` (only those are read)."""
        return self.store.read_range(name, first, last)

    def last_seq(self, name: str = DEFAULT_ENCOUNTER) -> int:
        """The last event's seq of encounter `name`, from the store's cheap last-seq query (-1 when empty)."""
        return self.store.last(name)[0] - 1

    def __contains__(self, name: str) -> bool:
        return name in self.encounters()

    def close(self) -> None:
        """Release the store (file handles, connections)."""
        self.store.close()

    def __enter__(self) -> Log:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<combatlog.Log {self.location!r}>"


def event_line(encounter: str, record: Recorded, body: bytes | None = None) -> dict[str, Any]:
    """One event as `combatlog export --format jsonl` writes it: {"encounter", "hash", "body"}."""
    raw = body if body is not None else canonical_body(record)
    return {"encounter": encounter, "hash": record.hash, "body": msgspec.json.decode(raw)}


class Encounter:
    """One encounter of a log: run commands, read its state at any event, undo, export, verify, follow.

    Every read first catches up with events other writers appended to the log since the last call."""

    def __init__(self, log: Log, name: str, *, live: _engine.Encounter | None = None):
        self.log = log
        self.name = name
        # `live`: an engine already open on this encounter of this log (a front end handing over its view).
        self._engine = live if live is not None else _engine.Encounter(log.store, name, registry=REGISTRY)

    # ------------------------------------------------------------------ keeping up with the log
    def refresh(self) -> int:
        """Fold the events other writers appended since the last call; returns how many there were."""
        engine = self._engine
        if self.log.store.last(self.name)[0] == engine.next_seq:
            return 0
        # Opening costs a snapshot and the tail, whatever the log's length: reopen rather than patch the engine.
        before = engine.next_seq
        self._engine = _engine.Encounter(self.log.store, self.name, registry=REGISTRY)
        return self._engine.next_seq - before

    def reload(self) -> None:
        """Open the encounter again from the log (its newest snapshot and the tail): after a surprise, the log is
        the truth."""
        self._engine = _engine.Encounter(self.log.store, self.name, registry=REGISTRY)

    @property
    def live(self) -> _engine.Encounter:
        """The fight as this object holds it, for a front end that displays it (the shell): `.state` (the folded
        state), `.records`, `.record(seq)`, `.recent(count)`, `.next_seq`. Not refreshed: call `refresh()`."""
        return self._engine

    @property
    def seq(self) -> int:
        """The last event's seq (-1 while the encounter is empty)."""
        self.refresh()
        return self._engine.next_seq - 1

    @property
    def lang(self) -> str:
        """The encounter's language (`fr` or `en`), as chosen by its `create` command."""
        self.refresh()
        return self._engine.state.lang or "en"

    @property
    def ruleset(self) -> str | None:
        """The encounter's ruleset (`dnd5e-2024`, `dnd5e-2014`, `rolenplay`, `pf1`), or None before its `create`."""
        self.refresh()
        return getattr(self._engine.state, "ruleset", None) or None

    @property
    def units(self) -> str:
        """How the encounter shows distances, `m` or `ft`, as its `create` chose (one naming none: feet in English,
        metres in French). The rules and the commands count in metres whatever it shows."""
        self.refresh()
        return getattr(self._engine.state, "units", None) or "m"

    # ------------------------------------------------------------------ commands
    def execute(self, command: dict, *, actor: str = "dm", expected_seq: int | None = None,
                request_id: str | None = None) -> list[dict[str, Any]]:
        """Run one command (a dict of INTERFACE.md §1) and append its events atomically; returns them.

        Raises RuleViolation (nothing appended) when the rules refuse it: `error.localized(lang)` gives the
        one-line reason in French or English. With `expected_seq` (the last seq the caller saw), raises
        ConcurrencyConflict, appending nothing, if the log has moved on since; ConcurrencyConflict also
        comes when another writer appends between this object's read and its write.

        `request_id`: an idempotency key (up to 200 printable characters), stored in the log with the events,
        in the same transaction. Sent again with the same key (a retry after a lost answer, a restart, or a
        commit whose outcome was unknown), the command is not applied again: the events it appended the first
        time are returned. The same key with another command is refused (RuleViolation naming the key)."""
        if request_id is not None:
            return self._once(request_id, [command], actor, expected_seq, None, single=True)
        return self._execute(command, actor, expected_seq)

    def _execute(self, command: dict, actor: str, expected_seq: int | None) -> list[dict[str, Any]]:
        if expected_seq is not None:
            from combatlog.tools import checked_seq

            checked_seq(expected_seq, "expected_seq", -1)  # 10**30 or 1e308: refused in words
        self.refresh()
        if expected_seq is not None and expected_seq != self._engine.next_seq - 1:
            raise ConcurrencyConflict(self.name, expected_seq + 1, self._engine.next_seq)
        if not isinstance(command, dict):
            raise RuleViolation("a command is a JSON object with a \"do\" field",
                                message_fr="une commande est un objet JSON avec un champ \"do\"")
        try:
            sealed = self._engine.execute(command, actor=actor)
        except ConcurrencyConflict:
            self.refresh()
            raise
        return [event_line(self.name, record, body) for record, body in zip(sealed, self._engine.bodies_of(sealed))]

    def apply(self, command: dict, *, actor: str = "dm") -> list[Recorded]:
        """Run one command against the state this object holds and return its sealed records (a script runner's
        path: no export form is built). A log another writer moved on raises ConcurrencyConflict, appending
        nothing: a script never runs on a state it has not seen. Raises RuleViolation as `execute` does."""
        return self._engine.execute(command, actor=actor)

    def execute_all(self, commands: Iterable[dict], *, actor: str = "dm", expected_seq: int | None = None,
                    request_id: str | None = None, request_fingerprint: str | None = None) -> list[dict[str, Any]]:
        """Run commands in order, like `combatlog run`: stops at the first refused one and raises BatchRejected.

        The commands before the refused one stay in the log, as with `run`; the refused one appends nothing.
        A ConcurrencyConflict (another writer appended first) carries `line` and `events` the same way.

        `request_id`: an idempotency key for the whole list, as `execute`'s (the events of every command are
        recorded under it); `request_fingerprint`: what the request asked, when the caller tells repeats apart
        itself (the server: its path, query and body), else the commands and the actor. A list refused part-way
        keeps under its key what its first commands appended: a repeat returns those, applying nothing."""
        if request_id is not None:
            return self._once(request_id, list(commands), actor, expected_seq, request_fingerprint, single=False)
        return self._execute_all(commands, actor, expected_seq)

    def answered(self, request_id: str) -> dict[str, Any] | None:
        """What the request with idempotency key `request_id` appended to this encounter, kept in the log:
        {"request_id", "fingerprint", "seq" (its last event), "events" (as `execute` returned them)}; None
        when no append recorded that key."""
        found = self.log.store.request(self.name, request_id)
        if found is None:
            return None
        fingerprint, first, last = found
        events = []
        for record, body in self.log.store.read_sealed(self.name, first):  # verified as it is read
            if record.seq > last:
                break
            events.append(event_line(self.name, record, body))
        return {"request_id": request_id, "fingerprint": fingerprint, "seq": last, "events": events}

    def _once(self, request_id: str, commands: list[dict], actor: str, expected_seq: int | None,
              fingerprint: str | None, *, single: bool) -> list[dict[str, Any]]:
        """Run `commands` under the idempotency key `request_id`, or answer what its first run appended."""
        if not isinstance(request_id, str) or not 0 < len(request_id) <= MAX_REQUEST_ID or not request_id.isprintable():
            raise RuleViolation("api-request-id-invalid", limit=MAX_REQUEST_ID)
        if fingerprint is None:
            fingerprint = request_fingerprint(commands, actor)
        self.refresh()
        first = self.answered(request_id)
        if first is not None:
            if first["fingerprint"] != fingerprint:
                raise RuleViolation("api-request-id-reused", request_id=request_id[:40])
            return first["events"]
        with self.log.store.requesting(self.name, request_id, fingerprint):
            if single:
                return self._execute(commands[0], actor, expected_seq)
            return self._execute_all(commands, actor, expected_seq)

    def _execute_all(self, commands: Iterable[dict], actor: str, expected_seq: int | None) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for number, command in enumerate(commands, start=1):
            try:
                events += self._execute(command, actor, expected_seq if number == 1 else None)
            except RuleViolation as error:
                raise BatchRejected(error, number, events) from error
            except ConcurrencyConflict as error:
                # Another writer got there first: this command appended nothing; say what the ones before did.
                error.line, error.events = number, events
                raise
        return events

    def undo(self, steps: int = 1, *, actor: str = "dm") -> list[dict[str, Any]]:
        """Undo the last `steps` commands (appends an undo marker; nothing is deleted)."""
        return self.execute({"do": "undo", "steps": steps}, actor=actor)

    def redo(self, steps: int = 1, *, actor: str = "dm") -> list[dict[str, Any]]:
        """Redo what the last undo took back."""
        return self.execute({"do": "redo", "steps": steps}, actor=actor)

    def revert(self, to: int, *, actor: str = "dm") -> list[dict[str, Any]]:
        """Undo everything after event `to`, as one undoable command."""
        return self.execute({"do": "revert", "to": to}, actor=actor)

    def parse_line(self, line: str) -> tuple[str, list[dict]]:
        """What a line in the words of the `combatlog play` shell (French or English, or a raw JSON object) asks.

        Returns (verb, commands): the canonical verb and the command dicts to execute, in order (none for the
        shell's own verbs: state, log, help, quit). Raises RuleViolation when the line makes no sense."""
        parsed = self.parsed_line(line)
        return parsed.verb, list(parsed.commands)

    def parsed_line(self, line: str) -> Any:
        """`parse_line`'s whole answer (a `combatlog.lines.Parsed`): the verb, the commands, and what the shell tells
        the DM besides them (`notes_in(lang)`: e.g. the dead targets a `dmg` left out)."""
        from combatlog.lines import parse_line

        self.refresh()
        return parse_line(line, self._engine.state)

    def cheapest_move(self, mover: str, to: list[int] | tuple[int, int], mode: str | None = None) -> dict[str, Any] | None:
        """The cheapest legal path for `mover` to square `to` now (`combatlog.paths.cheapest_move`): `{"path",
        "metres", "left"?}`, or None when there is none (issue 35: the DM's map shows it before the move is sent)."""
        self.refresh()
        return cheapest_move(self._engine.state, mover, to, mode)

    def open_window(self, at: int | None = None) -> dict[str, Any] | None:
        """What the innermost open reaction window answers, or None when none is open: `{"kind"}` (`move`,
        `attack_damage`, `cast`, `readied`: the suspended command's kind) with its `target` and `attack_kind` when it
        has them. The DM's page offers the reactions that fit it (issue 35)."""
        self.refresh()
        state = self._engine.state if at is None else self._engine.state_at(int(at))
        windows = getattr(state, "windows", ())
        if not windows:
            return None
        pending = getattr(windows[-1], "pending", None)
        pending = pending if isinstance(pending, dict) else {}
        return {key: pending[key] for key in ("kind", "target", "attack_kind", "id") if key in pending}

    # ------------------------------------------------------------------ documents
    def state(self, at: int | None = None) -> dict[str, Any]:
        """The state document of INTERFACE.md §2 as a dict; `at=SEQ` gives the state right after event SEQ.

        An `at` outside the log raises RuleViolation (`there is no event …`)."""
        self.refresh()
        if at is None:
            return state_document(self._engine.state)
        return state_document(self._engine.state_at(int(at)))

    def window_text(self, lang: str | None = None, at: int | None = None) -> str | None:
        """The innermost open reaction window in words (as the shell says it), now or right after event `at`;
        None when no window is open."""
        from combatlog.projections.status import window_line
        from combatlog.projections.describe import Cast

        self.refresh()
        lang = _checked_lang(lang) or self.lang
        state = self._engine.state if at is None else self._engine.state_at(int(at))
        windows = getattr(state, "windows", ())
        if not windows:
            return None
        cast = Cast(lang)
        cast.update(state)
        return window_line(windows[-1], lang, cast)

    def status_words(self, lang: str | None = None, at: int | None = None) -> dict[str, Any]:
        """The words of the `combatlog play` status table, now or right after event `at`, in `lang`.

        {"title": "Name — round 2 — Aria's turn", "rows": {id: {"conditions": "poisoned → end of Aria's turn",
        "left": "action, bonus, reaction, 9 m"}}}: the same sentences as the shell (from the Fluent catalogs)."""
        from combatlog.projections.status import conditions_text, left_this_turn, table_title
        from combatlog.projections.describe import Cast

        self.refresh()
        lang = _checked_lang(lang) or self.lang
        state = self._engine.state if at is None else self._engine.state_at(int(at))
        document = state_document(state)
        cast = Cast(lang)
        cast.update(state)
        units = getattr(state, "units", None) or "m"
        rows = {cid: {"conditions": conditions_text(cid, creature, lang, state, cast),
                      "left": left_this_turn(cid, creature, document, lang, units)}
                for cid, creature in document["combatants"].items()}
        return {"title": table_title(document, lang, cast), "rows": rows}

    def conditions(self, at: int | None = None) -> dict[str, list[dict[str, Any]]]:
        """The condition instances in force on each combatant (now, or right after event `at`), with their durations.

        Each: `condition`, `source`, `until` as recorded ({"end_of_turn": id}, {"start_of_turn": id},
        {"rounds": N, "of": id, "expires_round": R}, {"save": {"ability", "dc"}}, {"concentration": id}, or {}).
        The state document lists the conditions; this says how long each lasts."""
        self.refresh()
        state = self._engine.state if at is None else self._engine.state_at(int(at))
        return {cid: [{"condition": i.condition, "source": i.source, "until": dict(i.until), "level": i.level}
                      for i in creature.conditions]
                for cid, creature in state.combatants.items()}

    def events(self, after: int = -1) -> list[dict[str, Any]]:
        """The events after seq `after` (all by default), as `combatlog export --format jsonl` writes them (the
        first event's line also names the log's identity, `log`, which the chain is bound to)."""
        lines = [event_line(self.name, record, body) for record, body in self.log.store.read_sealed(self.name, after + 1)]
        log_id = self.log.store.log_id() if lines and after < 0 else None
        if log_id is not None:
            lines[0]["log"] = log_id
        return lines

    def export(self, after: int = -1) -> bytes:
        """The events after seq `after` as the exact bytes of `combatlog export --format jsonl` (one JSON line each)."""
        from combatlog.events.stores.jsonl import encode_line

        log_id = self.log.store.log_id() if after < 0 else None
        return b"".join(encode_line(self.name, body, record.hash, log_id if record.seq == 0 else None)
                        for record, body in self.log.store.read_sealed(self.name, after + 1))

    def records(self, after: int = -1) -> list[Recorded]:
        """The events after seq `after` as typed records (seq, txn, at, actor, hash, event)."""
        self.refresh()
        return self._engine.records[after + 1:]

    def log_lines(self, lang: str | None = None, *, after: int = -1) -> list[dict[str, Any]]:
        """One entry per event, as `combatlog log` prints them, in `lang` (default: the encounter's).

        Each entry: `seq`, `txn`, `round`, `turn`, `actor`, `type`, `text` (what happened), `undone` (the DM
        undid its command), `event` (the event's fields) and `line` (the whole `combatlog log` line)."""
        self.refresh()
        lang = _checked_lang(lang) or self.lang
        return _worded(self._engine.records, lang, self._engine.timeline.undone, after=after)

    def recent_lines(self, lang: str | None = None, count: int = 300) -> list[dict[str, Any]]:
        """The last `count` entries of `log_lines`, from the state before them (a snapshot and its tail) and their
        own events: the cost does not grow with the log (only with how far back their undo markers reach)."""
        self.refresh()
        lang = _checked_lang(lang) or self.lang
        recent = self._engine.recent(count)
        # Start where no marker among these events names an earlier command: the state before them is then the
        # state `log_lines` folds (a txn is numbered by its first event's seq, so seq `txn` starts it).
        while recent:
            named = [txn for record, _ in recent if type(record.event).__name__ in _MARKERS for txn in record.event.txns]
            earliest = min(named, default=recent[0][0].seq)
            if earliest >= recent[0][0].seq:
                break
            recent = self._engine.recent(self._engine.next_seq - earliest)
        if not recent:
            return []
        first = recent[0][0].seq
        before = self._engine.state_at(first - 1) if first > 0 else None
        undone = frozenset(record.txn for record, is_undone in recent if is_undone)
        return _worded([record for record, _ in recent], lang, undone, state=before)[-count:]

    def recent(self, count: int = 20) -> list[dict[str, Any]]:
        """The last `count` events, read without the rest of the log (the cost does not grow with it): each entry
        `seq`, `txn`, `actor`, `type`, `undone` (its command is undone now) and `event` (its fields)."""
        self.refresh()
        return [{"seq": record.seq, "txn": record.txn, "actor": record.actor, "type": type(record.event).__name__,
                 "undone": undone, "event": msgspec.to_builtins(record.event, order="sorted")}
                for record, undone in self._engine.recent(count)]

    def transcript(self, format: str = "md", lang: str | None = None, *, include_undone: bool = False) -> str:
        """The fight's transcript as `combatlog export` writes it: `format` md, html or json; `lang` fr or en."""
        from combatlog.transcript import to_html, to_json, to_markdown, transcript

        if format not in TRANSCRIPT_FORMATS:
            raise ValueError(f"unknown transcript format '{format}' (use md, html or json)")
        self.refresh()
        document = transcript(self._engine.records, lang=_checked_lang(lang), include_undone=include_undone)
        return {"md": to_markdown, "html": to_html, "json": to_json}[format](document)

    def summary(self, lang: str | None = None) -> dict[str, Any]:
        """After the fight (INTERFACE.md §5): per combatant `damage_dealt`, `damage_taken`, `healing_done`, `hits`,
        `misses`, `crits`, `kills`, `saves_made`, `saves_failed` (and `healing_received`), the same per round under
        each one's `rounds`; undone commands count for nothing. Names in `lang` (default: the encounter's)."""
        self.refresh()
        return _summary(self._engine.records, lang=_checked_lang(lang) or self.lang)

    def summary_text(self, lang: str | None = None) -> str:
        """The summary as Markdown tables, in `lang` (default: the encounter's): what `combatlog summary` prints."""
        lang = _checked_lang(lang) or self.lang
        document = self.summary(lang)
        document["name"] = document["name"] or self.name
        return _summary_markdown(document, lang)

    def verify(self, expect: str | None = None, *, jobs: int | None = 1) -> None:
        """Check the hash chain, then re-derive every command with its recorded dice.

        Raises LogCorrupted naming the first bad event (`error.seq`, `error.reason`); returns None when sound.
        `expect`: a head fingerprint noted earlier (`fingerprint`, `combatlog verify`): LogCorrupted unless the
        log still holds that event (at any seq: it may have grown since); RuleViolation if it is no fingerprint.
        `jobs`: processes to share the re-derivation among on a SQLite or PostgreSQL log with snapshots (None:
        one per core, on logs of 20,000 events or more; 1, the default: this process alone). The answer is the
        same whatever it is: the processes only vouch for a sound log, anything else is checked here."""
        from combatlog.replay.verify import rederive

        if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1):
            raise RuleViolation("cli-verify-jobs", jobs=jobs)
        if jobs != 1 and _vouched_in_parallel(self.log.store, self.name, jobs):
            count = self.log.store.last(self.name)[0]
        else:
            records = list(self.log.store.read(self.name))  # raises LogCorrupted at the first broken link
            count = len(records)
            discrepancy = rederive(records)
            if discrepancy is not None:
                raise LogCorrupted(discrepancy.seq, discrepancy.words, self.name)
        if expect is not None:
            from combatlog.tools import expect_fingerprint

            verdict, values = expect_fingerprint(self.log.store, str(expect))
            if verdict == "verify-expect-malformed":
                raise RuleViolation(verdict, **values)
            if verdict == "verify-expect-missing":
                raise LogCorrupted(count, Said(verdict, **values), self.name)

    @property
    def fingerprint(self) -> str:
        """The short readable form of the encounter's last hash (e.g. `ABCD-EFGH-IJKL-MNOP`), for the table to
        note: `verify(expect=...)` later proves the log still holds that event; "" before any event."""
        from combatlog.tools import head_fingerprint

        return head_fingerprint(self.log.store, self.name) or ""

    # ------------------------------------------------------------------ following
    def wait_for_new(self, after: int, timeout: float = 30.0) -> bool:
        """Block until the log holds an event after seq `after` (True) or `timeout` seconds pass (False).

        Any writer counts: this object, another Log on the same file, another process or machine."""
        if self._engine.next_seq - 1 > after:
            return True
        return self.log.store.wait_for_append(self.name, after, timeout)

    def follow(self, after: int | None = None, *, timeout: float = 30.0, idle: float | None = None) -> Iterator[dict[str, Any]]:
        """Yield each new event (export form) as it is appended, from after seq `after` (default: now).

        Stops after `idle` seconds without a new event (never, when None); `timeout` is one wait's length."""
        last = self.seq if after is None else after
        quiet = 0.0
        while True:
            if self.wait_for_new(last, timeout if idle is None else min(timeout, idle)):
                quiet = 0.0
                for line in self.events(after=last):
                    last = line["body"]["seq"]
                    yield line
            else:
                quiet += timeout if idle is None else min(timeout, idle)
                if idle is not None and quiet >= idle:
                    return

    def __repr__(self) -> str:
        return f"<combatlog.Encounter {self.name!r} of {self.log.location!r}>"


_MARKERS = ("Undone", "Redone", "Reverted")


def _worded(records, lang: str, undone, *, after: int = -1, state=None) -> list[dict[str, Any]]:
    """`log_lines` entries of `records` (after seq `after`), folded from `state` (the empty state by default)."""
    from combatlog.projections.describe import log_entries

    lines = []
    for record, folded, text, _, line in log_entries(records, lang, undone, state=state):
        if record.seq <= after:
            continue
        event = record.event
        if type(event).__name__ == "CommandIssued":
            # As stored (keys sorted): a log read back from the file words it the same way.
            event = msgspec.structs.replace(event, command=_sorted_decoder.decode(_sorted.encode(event.command)))
        lines.append({
            "seq": record.seq, "txn": record.txn, "round": folded.round, "turn": folded.turn,
            "actor": record.actor, "type": type(record.event).__name__, "text": text,
            "undone": record.txn in undone, "event": msgspec.to_builtins(event, order="sorted"), "line": line,
        })
    return lines


class BatchRejected(RuleViolation):
    """A command of a list was refused: `line` is its 1-based place, `events` what the commands before it appended."""

    def __init__(self, error: RuleViolation, line: int, events: list[dict[str, Any]]):
        super().__init__(error.message, message_fr=error.message_fr)
        self.error = error
        self.line = line
        self.events = events


def _vouched_in_parallel(store: EventStore, name: str, jobs: int | None) -> bool:
    """replay/verify_parallel.py `vouched`, imported only when processes may be used (it loads multiprocessing)."""
    from combatlog.replay.verify_parallel import vouched

    return vouched(store, name, jobs)


MAX_REQUEST_ID = 200  # characters of an idempotency key


def request_fingerprint(commands: list, actor: str) -> str:
    """What a request asked (its commands and actor, keys sorted), to tell a true repeat of an idempotency key
    from another request reusing it."""
    import hashlib

    try:
        asked = msgspec.json.encode({"actor": actor, "commands": commands}, order="sorted")
    except (TypeError, msgspec.EncodeError):
        asked = repr((actor, commands)).encode()
    return hashlib.sha256(asked).hexdigest()


def check_encounter_name(name: object) -> None:
    """Refuse, as the CLI's `--encounter` does, a name that is empty, too long or holds a control character,
    a line break or a bidirectional override: RuleViolation naming what is wrong."""
    from combatlog.replay.validation import check_name

    check_name(name, "the encounter's name", "le nom de la rencontre")


def __getattr__(name: str):
    """`check_name` and `parse_script_line`: the front door hands them to the CLI (cli/main.py imports them from
    here), imported on first use (issue 25: a command that only reads checks no command, and imports no checks)."""
    if name in ("check_name", "parse_script_line"):
        from combatlog.replay import validation

        value = validation.check_name if name == "check_name" else validation.parse_line
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _checked_lang(lang: str | None) -> str | None:
    if lang is not None and lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' (use fr or en)")
    return lang


__all__ = ["BatchRejected", "ConcurrencyConflict", "DEFAULT_ENCOUNTER", "Encounter", "EncounterAlreadyCreated", "Log", "LogCorrupted", "check_encounter_name",
           "RuleViolation", "StoreError", "event_line", "open_log"]
