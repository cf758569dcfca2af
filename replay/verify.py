"""Verification for disputes: every stored byte, every link, every command re-derived, every snapshot checked.

`verify_encounter` walks the stored rows without stopping at the first problem and reports each one with its
seq: bytes that no longer match their hash, broken links, seqs that are missing, moved or out of place,
envelope fields that disagree with their transaction, and, by re-running every recorded command with its
recorded dice, every event field that differs from what the rules give. Snapshots are checked against the
state the rules give at their seq, and the recorded head of the log (when the store keeps one) against the
last stored event, so a cut tail is caught.

Re-deriving goes the lean way (`_Lean`) while every row read so far checks and nothing was found: the rules'
decide-and-fold, and each event they give compared by its canonical bytes with the logged one, nothing sealed,
hashed or appended. Undo, redo and revert, the first transaction the lean way is not sure of, and everything after a
problem go the careful way (Encounter.execute on the replica, then every event compared field by field), which
alone words what is wrong: the report is the same either way (tests/test_verify_lean.py).
"""

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import groupby
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from combatlog.core.kernel.commands import LOG_COMMANDS
from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.codec import default_codec
from combatlog.events.envelope import (
    GENESIS_HASH,
    LogCorrupted,
    Recorded,
    compute_hash,
    fingerprint,
    normal_fingerprint,
)
from combatlog.events.meta import CommandIssued, EncounterCreated
from combatlog.events.stores import MemoryStore
from combatlog.events.stores.memory import ReplicaStore
from combatlog.words import Said, localized, message
from combatlog.replay.engine import Encounter

def _nobody(name: str) -> None:
    return None


def _clock_at(at: str) -> Callable[[], str]:
    """A clock stopped at `at` (a replica re-derives each command at the time it was recorded)."""
    return lambda: at


MAX_FIELDS = 12  # fields named per event; the rest are counted


@dataclass(frozen=True)
class Discrepancy:
    """Where the log and the rules (or the chain) disagree: the event's seq, what is wrong, which fields."""

    seq: int
    message: str
    fields: tuple[str, ...] = field(default=())
    if TYPE_CHECKING:  # not a field: __post_init__ sets it on each instance (the message's words in every language)
        words: ClassVar[str]

    def __post_init__(self) -> None:
        # `message` stays a plain str (what JSON encoders take); its words in every language are kept beside it.
        object.__setattr__(self, "words", self.message)
        object.__setattr__(self, "message", str(self.message))

    def __str__(self) -> str:
        return f"event {self.seq}: {self.message}"

    def localized(self, lang: str) -> str:
        """The same line in `lang` (when verify said it through the catalogs; else its English)."""
        return message(lang, "verify-problem", seq=self.seq, problem=self.words)


Problem = Discrepancy


# ---------------------------------------------------------------------------------------------- re-derivation
def rederive(records: Iterable[Recorded], templates=None, *, source=None) -> Discrepancy | None:
    """The first discrepancy of `rederive_all`, or None when every event comes out identical."""
    return next(iter(rederive_all(records, templates, stop_at_first=True, source=source)), None)


MAX_RESYNCS = 100  # full re-folds of the logged events verify allows itself on a badly damaged log


def rederive_all(records: Iterable[Recorded], templates=None, *, stop_at_first: bool = False,
                 on_state: Callable[[int, Any], None] | None = None,
                 suspects: frozenset[int] | set[int] = frozenset(),
                 past: Callable[[int], Iterable[Recorded]] | None = None, source=None,
                 intact: Callable[[], bool] | None = None, replica: Encounter | None = None) -> list[Discrepancy]:
    """Re-run each transaction's command on a replica and compare every event, field by field.

    `on_state(seq, state)` is called with the replica's state after each transaction (last seq of it).
    When the rules refuse a recorded command now, or its CommandIssued is among `suspects` (edited), the
    replica is rebuilt from the logged events so far, so that later commands are still checked on the
    state the log describes rather than reported one after the other. `suspects` may grow while the
    records are walked (verify_encounter finds a broken link one event later). `past(upto)` re-reads the
    logged records up to a seq for such a rebuild; without it the records walked are kept in memory.

    `source` (store, encounter[, keep]): the log the records come from; the replica then keeps only its
    recent events and reads older ones there (bounded memory on a long log that re-derives identically).
    That holds only while the replica's bytes are the log's: from the first transaction whose events do not
    come out with the logged hashes, or as soon as `intact()` says the rows read so far have a problem, the
    replica moves to a MemoryStore holding its whole log (what it would hold without `source`).

    `replica`: the replica to start from (a parallel verify's worker: one standing at a stored snapshot, on a
    ReplicaStore of `source` that starts after it); default a fresh one."""
    options = {"templates": templates} if templates else {}
    replicated = source is not None
    if replica is None:
        replica = Encounter(ReplicaStore(*source) if replicated else MemoryStore(), "verify", **options,
                            snapshot_every=0)
    found: list[Discrepancy] = []
    # The past as best known: the rules' events where they differ from a logged event of a command they
    # re-derived, the logged events everywhere else.
    substitutes: dict[int, Any] = {}
    kept: list[Recorded] | None = [] if past is None else None
    resyncs = 0
    hooks: dict[str, Any] = {}  # each ruleset's carried_lookup
    lean: _Lean | None = None
    for recorded in _transactions(records):
        produced: list[Recorded] = []
        unequal: list[bool] = []  # for each event the rules gave, whether it differs from the logged one
        opening = recorded[0]
        follow = followed = False
        if opening.seq != opening.txn or not isinstance(opening.event, CommandIssued):
            found.append(Discrepancy(opening.seq, Said("verify-transaction-without-command"), ("Recorded.txn",)))
            follow = True
        else:
            replica.clock = _clock_at(opening.at)
            events = [record.event for record in recorded]
            created = next((event for event in events if isinstance(event, EncounterCreated)), None)
            if created is not None:
                replica.default_seed = created.seed
            # `add` with `carry` re-derived from what the log recorded as carried (the ruleset's hook).
            ruleset = replica.state.ruleset
            carried = hooks[ruleset] if ruleset in hooks else hooks.setdefault(
                ruleset, getattr(replica.registry.get(ruleset), "carried_lookup", None))
            replica.encounters = carried(events) if carried is not None else _nobody
            # a logged create re-derives with what it recorded choosing (pf1's rules version), as with its seed
            replica.recorded_creation = tuple(events)
            try:
                # The lean way while every row read so far checks and nothing was found (the common case); the
                # careful way, Encounter.execute then every event compared, for everything else and whenever the
                # lean way is not sure.
                if replicated and not found and intact is not None and intact() and opening.seq not in suspects:
                    lean = lean or _Lean()
                    followed = lean.run(replica, opening, recorded)
                    produced = recorded if followed else []
                if not followed:
                    produced = replica.execute(opening.event.command, actor=opening.actor)
            except RuleViolation as error:
                found.append(Discrepancy(opening.seq, Said("verify-rules-reject", error=Said.by(error.localized)),
                                         ("CommandIssued.command",)))
                follow = True
            except Exception as error:  # a log that makes the rules fail is reported, not crashed on
                found.append(Discrepancy(opening.seq, Said("verify-rules-cannot-run", kind=type(error).__name__,
                                                           error=str(error)), ("CommandIssued.command",)))
                follow = True
            else:
                if followed:  # the logged events, byte for byte: nothing to report, nothing to substitute, in step
                    if kept is not None:
                        kept += recorded
                    if on_state is not None:
                        on_state(recorded[-1].seq, replica.state)
                    continue
                unequal = [_canonical(mine.event) != _canonical(theirs.event) for mine, theirs in zip(recorded, produced)]
                for mine, theirs, differs in zip(recorded, produced, unequal):
                    if differs:
                        fields = event_differences(mine.event, theirs.event)
                        found.append(Discrepancy(mine.seq, _describe(mine.event, theirs.event, fields), tuple(fields)))
                if len(recorded) != len(produced):
                    seq = recorded[min(len(recorded), len(produced)) - 1].seq
                    found.append(Discrepancy(seq, Said("verify-event-count", produced=len(produced),
                                                       recorded=len(recorded))))
                # An edited command the rules still take: follow the log only if what it caused differs.
                follow = opening.seq in suspects and (
                    len(recorded) != len(produced)
                    or any(unequal[1:]))
        if found and stop_at_first:
            return found[:1]
        if not follow and len(produced) == len(recorded):
            for mine, theirs, differs in zip(recorded, produced, unequal):
                if differs:
                    substitutes[mine.seq] = theirs.event
        if kept is not None:
            kept += recorded
        if follow and resyncs < MAX_RESYNCS:
            logged: Iterable[Recorded]
            if kept is not None:
                logged = kept
            else:
                assert past is not None  # nothing is kept only when `past` re-reads the log
                logged = past(recorded[-1].seq)
            known = [msgspec.structs.replace(r, event=substitutes[r.seq]) if r.seq in substitutes else r
                     for r in logged if r.seq <= recorded[-1].seq]
            rebuilt = _replica_of(known, options, replica.default_seed)
            if rebuilt is not None:
                replica, resyncs = rebuilt, resyncs + 1
        if replicated:
            same = (not follow and len(produced) == len(recorded)
                    and all(mine.hash and mine.hash == theirs.hash for mine, theirs in zip(recorded, produced))
                    and (intact is None or intact()))
            if not same:
                replicated = False
                if isinstance(replica.store, ReplicaStore):
                    replica = _materialized(replica, options)
        if on_state is not None:
            on_state(recorded[-1].seq, replica.state)
    return found


class _Lean:
    """verify's lean re-derivation of one command: `run(replica, opening, recorded)` is `replica.execute` of the
    command `opening` holds when that gives the logged events `recorded` (their transaction, in a log whose rows all
    check so far), True; False, the replica as it was, otherwise, and for undo, redo and revert (the careful way's).

    What the careful way (Encounter.execute, then every event compared field by field) would report on such a
    transaction is nothing at all: the same checks of the command (`Encounter.check`), the same decision on the same
    state (`Encounter.decide`), then each event the rules give must read back from its own bytes
    (validation.check_events_decodable) and have the logged event's canonical bytes (the careful comparison).
    Nothing is sealed, hashed or appended: the replica's store takes the logged events themselves
    (ReplicaStore.skip_to: read from the log when needed), which carry what the rules gave, and the replica moves on
    as after an append (`Encounter.advance`), with them."""

    def __init__(self) -> None:
        from combatlog.replay.validation import check_events_decodable  # here: a read imports no checks

        self.read_back = check_events_decodable
        self.encode = _encoder.encode

    def run(self, replica: Encounter, opening: Recorded, recorded: list[Recorded]) -> bool:
        raw, actor = opening.event.command, opening.actor
        name = raw.get("do") if isinstance(raw, dict) else None
        store = replica.store
        txn = replica._count
        if (not isinstance(name, str) or name in LOG_COMMANDS or not isinstance(store, ReplicaStore)
                or opening.seq != txn):
            return False
        seed = replica.default_seed or ("" if replica.state.seed else None)
        if seed is None:  # a fresh seed: the careful way draws it (and names what it changes)
            return False
        encode = self.encode
        try:
            replica.check(raw, actor)
            events, decided = replica.decide(raw, seed)
            if len(events) != len(recorded):
                return False
            own = self.read_back(events, getattr(store, "codec", None))
            if any(mine != encode(logged.event) for mine, logged in zip(own, recorded)):
                return False
        except Exception:  # the careful way runs it again and says what is wrong
            return False
        last = recorded[-1]
        store.skip_to(replica.encounter, last.seq + 1, last.hash)
        replica.advance(txn, recorded, decided)
        replica._last_sealed = []  # (the API's bodies_of: nothing to reuse)
        return True


def _transactions(records: Iterable[Recorded]) -> Iterator[list[Recorded]]:
    """The records in transactions: each run of records sharing the txn of the one that opens it. A record whose
    txn alone was edited (the record after it, not a command, carries the run's txn again) stays in its run: the
    envelope check reports its txn, and its command's other events are still re-derived and compared together."""
    group: list[Recorded] = []
    odd: Recorded | None = None  # a record whose txn differs from its run's, until the next one tells which it is
    for record in records:
        if odd is not None:
            if group and not isinstance(record.event, CommandIssued) and record.txn == group[0].txn:
                group += [odd, record]
                odd = None
                continue
            if group:
                yield group
            group, odd = [odd], None
        if not group or record.txn == group[0].txn:
            group.append(record)
        elif isinstance(record.event, CommandIssued):
            yield group
            group = [record]
        else:
            odd = record
    if odd is not None:
        if group:
            yield group
        group = [odd]
    if group:
        yield group


def _materialized(replica: Encounter, options: dict) -> Encounter:
    """The same replica on a MemoryStore holding its whole log (the older events read from the log it
    replicates), for a re-derivation that no longer follows that log byte for byte."""
    assert isinstance(replica.store, ReplicaStore)  # the caller checked
    whole = replica.store.materialized(replica.encounter)
    moved = Encounter(whole, replica.encounter, **options, snapshot_every=0)
    moved.default_seed, moved.clock = replica.default_seed, replica.clock
    return moved


def previous_position(past: list[Recorded]) -> int:
    """Where the dice stream stood after the last command of `past` (for a stand-in command)."""
    for record in reversed(past):
        if isinstance(record.event, CommandIssued):
            return record.event.rng_position + record.event.rng_draws
    return 0


def _replica_of(logged: list[Recorded], options: dict, seed) -> Encounter | None:
    """A replica whose past is the logged events themselves (None if they cannot be folded as they stand)."""
    store = MemoryStore()
    by_seq = {record.seq: record for record in logged}
    past: list[Recorded] = []
    for seq in range(max(by_seq) + 1 if by_seq else 0):
        record = by_seq.get(seq)
        if record is None:  # an unreadable or missing event: an inert command stands in its place
            previous = past[-1] if past else None
            record = Recorded(seq=seq, txn=seq, at=previous.at if previous else "", event=CommandIssued(
                command={}, rng_position=previous_position(past)))
        past.append(msgspec.structs.replace(record, hash="", prev_hash=GENESIS_HASH))
    try:
        store.append("verify", past, 0)
        replica = Encounter(store, "verify", **options, snapshot_every=0)
    except Exception:
        return None
    replica.default_seed = seed
    return replica


_encoder = msgspec.json.Encoder(order="sorted")


def _canonical(event) -> bytes:
    return _encoder.encode(event)


def event_differences(logged, derived) -> list[str]:
    """Every field path where two events differ, e.g. `DamageTaken.hp_after`, `AttackRolled.rolls[0].faces[1]`."""
    if type(logged) is not type(derived):
        return ["type"]
    name = type(logged).__name__
    return [f"{name}.{path}" for path in _paths(msgspec.json.decode(_canonical(logged)),
                                                msgspec.json.decode(_canonical(derived)))]


def _paths(a: Any, b: Any, prefix: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b)):
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                out += _paths(a.get(key, _MISSING), b.get(key, _MISSING), f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for index, (x, y) in enumerate(zip(a, b)):
            if x != y:
                out += _paths(x, y, f"{prefix}[{index}]")
        return out
    return [prefix or "(value)"] if a != b else []


_MISSING = object()


def _describe(logged, derived, fields: list[str]) -> str:
    if fields == ["type"]:
        return Said("verify-other-type", logged=type(logged).__name__, derived=type(derived).__name__)
    shown = []
    a, b = msgspec.json.decode(_canonical(logged)), msgspec.json.decode(_canonical(derived))
    for path in fields[:MAX_FIELDS]:
        shown.append(Said("verify-field-differs", field=path, logged=_short(_at(a, path)), derived=_short(_at(b, path))))
    if not shown:
        return Said("verify-event-differs", type=type(logged).__name__)
    if len(fields) > MAX_FIELDS:
        return Said("verify-more-fields", fields=_joined(shown), count=len(fields) - MAX_FIELDS)
    return _joined(shown)


def _joined(parts: Sequence[str]) -> str:
    """Several findings about one event in one sentence: "a; b; c" ("a ; b ; c" in French)."""
    def say(lang: str) -> str:
        said = [localized(part, lang) for part in parts]
        return reduce(lambda first, then: message(lang, "verify-and", first=first, then=then), said) if said else ""

    return Said.by(say)


def _listed(parts: list[str]) -> str:
    """"a, b" in every language (field names and values, no words between them to translate)."""
    return Said.by(lambda lang: ", ".join(localized(part, lang) for part in parts))


def _at(value: Any, path: str) -> Any:
    """The value at `Type.a.b[2]` inside a decoded event (the type name is skipped)."""
    _, _, rest = path.partition(".")
    for part in rest.replace("[", ".[").split("."):
        if not part:
            continue
        try:
            value = value[int(part[1:-1])] if part.startswith("[") else value.get(part, None)
        except (AttributeError, IndexError, TypeError, ValueError):
            return None
    return None if value is _MISSING else value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# ---------------------------------------------------------------------------------------------- stored rows
@dataclass(slots=True)
class Row:
    """One stored event, unchecked: its place in the store, its columns where the store keeps them, its bytes."""

    seq: int
    body: bytes
    hash: str
    txn: int | None = None
    type: str | None = None


def genesis_of(store, encounter: str) -> str:
    """The prev_hash the encounter's first event carries in this store (GENESIS_HASH in a version-1 log)."""
    genesis = getattr(store, "genesis", None)
    return genesis(encounter) if genesis is not None else GENESIS_HASH


def chain_version(store) -> int:
    """The log's chain version: 2 binds each encounter's chain to the log's identity and its name."""
    version = getattr(store, "chain_version", None)
    return version() if version is not None else 1


def head_fingerprint(store, encounter: str) -> str | None:
    """The fingerprint of the encounter's last stored event (None when it has none)."""
    count, digest = store.last(encounter)
    return fingerprint(digest) if count else None


def find_fingerprint(store, expected: str) -> tuple[str, int] | None:
    """(encounter, seq) of the stored event whose hash has this fingerprint (typed in any case, with or without
    dashes), or None: a head a player noted is still in the log, at any seq since the log may have grown."""
    wanted = normal_fingerprint(expected)
    for name in store.encounters():
        seq = 0
        for chunk in store.body_chunks(name, 0):
            for _, digest in chunk:
                if fingerprint(digest) == wanted:
                    return name, seq
                seq += 1
    return None


def stored_rows(store, encounter: str) -> Iterator[Row]:
    """The encounter's rows as stored, without any check (verify makes them all, and does not stop)."""
    rows = getattr(store, "rows", None)
    if rows is not None:
        for seq, txn, kind, body, digest in rows(encounter):
            yield Row(seq, bytes(body), digest, txn, kind)
        return
    _, bodies = store._bodies(encounter, 0)
    for seq, (body, digest) in enumerate(bodies):
        yield Row(seq, bytes(body), digest)


def _decode_loose(body: bytes, digest: str | None = None) -> Recorded | str:
    """The record a body holds whatever its hash and place (upcast if old), or why it cannot be read; its
    `hash` is that of the body (`digest` when the caller computed it already)."""
    codec = default_codec()
    try:  # the common case, one typed decode: a record of the current version (what decode_body gives it)
        record = codec.record_decoder.decode(body)
        if record.v == type(record.event).schema_version:
            return msgspec.structs.replace(record, hash=compute_hash(body) if digest is None else digest)
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass
    try:
        raw = msgspec.json.decode(body)
        seq, prev = raw["seq"], raw.get("prev_hash", GENESIS_HASH)
        if not isinstance(seq, int) or not isinstance(prev, str):
            return Said("verify-seq-or-prev-hash-type")
        return default_codec().decode_body(body, compute_hash(body), expected_seq=seq, expected_prev=prev)
    except LogCorrupted as error:
        return error.reason_words
    except (msgspec.DecodeError, KeyError, TypeError, AttributeError) as error:
        return f"{type(error).__name__}: {error}"


class RowChecker:
    """Checks stored rows one by one as they stream past: bytes, place, link, columns, envelopes.

    `problems` grows as rows are read; `suspects` holds the seqs whose own bytes were changed (a broken
    link blames the event before it, not the one after)."""

    def __init__(self, genesis: str = GENESIS_HASH, first: int = 0) -> None:
        self.genesis = genesis  # the prev_hash the encounter's first event must carry (chain version 2: bound to it)
        self.first = first  # the seq of the first row (a parallel verify's worker starts after a snapshot)
        self.problems: list[Discrepancy] = []
        self.suspects: set[int] = set()
        self.last_seq = -1  # the seq of the last row read
        self.last: Recorded | None = None  # the last readable record
        self.count = 0

    def add(self, problem: Discrepancy) -> None:
        self.problems.append(problem)
        self.suspects.add(problem.seq - 1 if problem.fields == ("Recorded.prev_hash",) else problem.seq)

    def records(self, rows: Iterable[Row]) -> Iterator[Recorded]:
        """The readable records of `rows`, checking each row (and each command's envelope) on the way."""
        expected = self.first
        prev_hash: str | None = self.genesis
        group: list[Recorded] = []
        replace = msgspec.structs.replace
        for row in rows:
            self.count += 1
            self.last_seq = row.seq
            if row.seq > expected:
                gap = (Said("verify-event-missing", first=expected) if row.seq == expected + 1
                       else Said("verify-events-missing", first=expected, last=row.seq - 1))
                self.add(Discrepancy(expected, gap))
                prev_hash = None
            elif row.seq < expected:
                self.add(Discrepancy(row.seq, Said("verify-stored-twice")))
            expected = row.seq + 1
            actual = compute_hash(row.body)
            if actual != row.hash:
                self.add(Discrepancy(row.seq, Said("verify-bytes-changed"),
                                     ("Recorded.hash",)))
            record = _decode_loose(row.body, actual)
            if isinstance(record, str):
                self.add(Discrepancy(row.seq, Said("verify-unreadable", reason=record)))
                prev_hash = row.hash
                continue
            if record.seq != row.seq:
                self.add(Discrepancy(row.seq, Said("verify-moved", held=record.seq, seq=row.seq), ("Recorded.seq",)))
            if prev_hash is not None and record.prev_hash != prev_hash:
                if row.seq == 0:  # the chain starts from another encounter's (or log's) identity
                    self.problems.append(Discrepancy(0, Said("verify-chain-elsewhere"), ("Recorded.prev_hash",)))
                    self.suspects.add(0)
                else:
                    self.add(Discrepancy(row.seq, Said("store-reason-chain-broken"),
                                         ("Recorded.prev_hash",)))
            if row.txn is not None and row.txn != record.txn:
                self.add(Discrepancy(row.seq, Said("verify-txn-column", column=row.txn, txn=record.txn),
                                     ("events.txn",)))
            if row.type is not None and row.type != type(record.event).__name__:
                self.add(Discrepancy(row.seq, Said("verify-type-column", column=row.type, type=type(record.event).__name__),
                                     ("events.type",)))
            command = isinstance(record.event, CommandIssued)
            if command and record.txn != record.seq:
                self.add(Discrepancy(row.seq, Said("verify-command-txn", txn=record.txn), ("Recorded.txn",)))
            if actual != row.hash:
                record = replace(record, hash=row.hash)
            if command and group:
                if _envelopes_differ(group):
                    for problem in check_envelopes(group):
                        self.add(problem)
                group = []
            group.append(record)
            self.last = record
            prev_hash = row.hash
            yield record
        if group and _envelopes_differ(group):  # an empty log has no group
            for problem in check_envelopes(group):
                self.add(problem)


def _envelopes_differ(group: list[Recorded]) -> bool:
    """Whether an event of a command's group (the command first) has another txn, time or actor than the command:
    check_envelopes finds nothing otherwise (the common case, told without building anything)."""
    first = group[0]
    txn, at, actor = first.txn, first.at, first.actor
    for record in group:
        if record.txn != txn or record.at != at or record.actor != actor:
            return True
    return False


def check_rows(rows: Iterable[Row]) -> tuple[list[Recorded], list[Discrepancy]]:
    """Check every row's bytes, place, link and envelope; return the readable records and every problem found."""
    checker = RowChecker()
    records = list(checker.records(rows))
    return records, checker.problems


ENVELOPE = ("txn", "at", "actor")


def check_envelopes(records: list[Recorded]) -> list[Discrepancy]:
    """Every event of a command shares its txn, time and actor; name the event (and fields) that do not.

    When the events after a CommandIssued agree with one another but not with it, the CommandIssued was
    edited; otherwise each event that disagrees with its CommandIssued is named."""
    problems = []
    groups: list[list[Recorded]] = []
    for record in records:
        if isinstance(record.event, CommandIssued) or not groups:
            groups.append([record])
        else:
            groups[-1].append(record)
    for opening, *rest in groups:
        if not isinstance(opening.event, CommandIssued) or not rest:
            continue
        wrong = [(record, [name for name in ENVELOPE if getattr(record, name) != getattr(opening, name)])
                 for record in rest]
        wrong = [(record, names) for record, names in wrong if names]
        if not wrong:
            continue
        together = {tuple(getattr(record, name) for name in ENVELOPE) for record in rest}
        if len(wrong) == len(rest) and len(rest) >= 2 and len(together) == 1:
            names = wrong[0][1]
            detail = _listed([Said("verify-envelope-field-of-command", field=name, command=repr(getattr(opening, name)),
                                   count=len(rest), events=repr(getattr(rest[0], name))) for name in names])
            problems.append(Discrepancy(opening.seq, Said("verify-envelope-of-command", detail=detail),
                                        tuple(f"Recorded.{name}" for name in names)))
            continue
        for record, names in wrong:
            detail = _listed([Said("verify-envelope-field", field=name, event=repr(getattr(record, name)),
                                   command=repr(getattr(opening, name))) for name in names])
            problems.append(Discrepancy(record.seq, Said("verify-envelope", detail=detail),
                                        tuple(f"Recorded.{name}" for name in names)))
    return problems


# ---------------------------------------------------------------------------------------------- snapshots
def check_snapshots(store, encounter: str, hashes: dict[int, str], states: dict[int, Any],
                    fold_at: Callable[[int], Any]) -> list[Discrepancy]:
    """Every stored snapshot must be authentic, name the hash of its event, and hold the state the rules give there.

    `hashes` and `states` map a snapshot's seq to the stored hash of that event and to the replica's state
    after the transaction ending there; `fold_at(seq)` folds the log up to a seq inside a transaction.
    Each snapshot's bytes are checked against their authentication (replay/snapshots.py `check_snapshot`),
    and the authentic ones are compared with the rules' state field by field (a forger who recomputes the
    unkeyed authentication still cannot make the state agree). A store without a snapshot table has nothing
    to check here.
    """
    seqs = getattr(store, "snapshot_seqs", None)
    if seqs is None:
        return []
    from combatlog.replay import snapshots as module

    problems = []
    for seq in seqs(encounter):
        body = store.read_snapshot(encounter, seq)
        verdict, snapshot = module.check_snapshot(body) if body is not None else ("forged", None)
        if verdict == "stale":
            continue  # written by another combatlog version: never used, nothing to trust or distrust
        if snapshot is None:
            problems.append(Discrepancy(seq, Said("verify-snapshot-forged"), ("snapshot",)))
            continue
        if snapshot.seq != seq or snapshot.hash != hashes.get(seq):
            problems.append(Discrepancy(seq, Said("verify-snapshot-elsewhere"), ("snapshot.hash",)))
            continue
        expected = states.get(seq)
        if expected is None:  # a snapshot inside a transaction: fold from the start to compare
            expected = fold_at(seq)
        expected = msgspec.structs.replace(expected, seq=seq)
        if _canonical(snapshot.state) != _canonical(expected):
            folded = msgspec.structs.replace(fold_at(seq), seq=seq)
            if _canonical(snapshot.state) != _canonical(folded):
                fields = [f"snapshot.{path}" for path in _paths(msgspec.json.decode(_canonical(snapshot.state)),
                                                               msgspec.json.decode(_canonical(folded)))]
                problems.append(Discrepancy(seq, Said("verify-snapshot-state", fields=", ".join(fields[:MAX_FIELDS])),
                                            tuple(fields)))
    return problems


# ---------------------------------------------------------------------------------------------- the head
def check_head(store, encounter: str, last: Recorded | None, last_row_seq: int) -> list[Discrepancy]:
    """Compare the store's recorded head (last seq and its hash), when it keeps one, with the last stored event."""
    return head_problems(store, encounter, (last.seq, last.hash) if last is not None else None, last_row_seq)


def head_problems(store, encounter: str, last: tuple[int, str] | None, last_row_seq: int) -> list[Discrepancy]:
    """`check_head` given the last readable event's (seq, hash) alone (a parallel verify has no record)."""
    head = getattr(store, "head", None)
    if head is None:
        return []
    recorded = head(encounter)
    if recorded is None:
        missing = getattr(store, "missing_head", None)
        if last_row_seq >= 0 and missing is not None and missing(encounter):
            return [Discrepancy(last_row_seq, Said("verify-head-missing"), ("head",))]
        return []
    seq, digest = recorded
    if seq > last_row_seq:
        cut = (Said("verify-head-cut-one", seq=seq, first=seq) if seq == last_row_seq + 1
               else Said("verify-head-cut", seq=seq, first=last_row_seq + 1, last=seq))
        return [Discrepancy(last_row_seq + 1, cut)]
    if last is not None and last[0] == seq and last[1] != digest:
        return [Discrepancy(seq, Said("verify-head-hash"), ("head.hash",))]
    return []


# ---------------------------------------------------------------------------------------------- signatures
def check_signatures(store, encounter: str, checker) -> list[Discrepancy]:
    """With the DM's public key (`checker`, events/stores/signing.py): every stored head signature must be
    valid and name an event the log still holds, and the log's current head must be one of them; an edit made
    without the key leaves a head no signature covers."""
    from combatlog.events.stores.signing import head_message

    signed: list[tuple[int, str, str]] = getattr(store, "signatures", lambda name: [])(encounter)
    count, last_hash = store.last(encounter)
    if not count:
        return []
    log_id = store.log_id() if hasattr(store, "log_id") else None
    wanted = {seq for seq, _, _ in signed}
    held: dict[int, str] = {}
    seq = 0
    for chunk in store.body_chunks(encounter, 0):
        for _, digest in chunk:
            if seq in wanted:
                held[seq] = digest
            seq += 1
    problems = []
    covered = False
    for seq, digest, signature in signed:
        if not checker.valid(head_message(log_id, encounter, seq, digest), signature):
            problems.append(Discrepancy(seq, Said("verify-signature-invalid"), ("signature",)))
        elif held.get(seq) != digest:
            problems.append(Discrepancy(seq, Said("verify-signature-elsewhere"), ("signature",)))
        elif seq == count - 1 and digest == last_hash:
            covered = True
    if not covered:
        problems.append(Discrepancy(count - 1, Said("verify-head-unsigned"), ("signature",)))
    return problems


# ---------------------------------------------------------------------------------------------- all together
def verify_encounter(store, encounter: str, *, progress=None, templates=None) -> list[Discrepancy]:
    """Every problem of one encounter, ordered by seq; an empty list when the encounter verifies.

    One streaming pass: rows are checked as they are read and re-derived command by command; only the
    problems, and the hashes and states at snapshot seqs, are kept. (On every core: replay/verify_parallel.py
    `verify_encounter`, which says the same.)"""
    seqs_of = getattr(store, "snapshot_seqs", None)
    wanted = set(seqs_of(encounter)) if seqs_of is not None else set()
    hashes: dict[int, str] = {}
    states: dict[int, Any] = {}
    checker = RowChecker(genesis_of(store, encounter))
    rows = stored_rows(store, encounter)
    if progress is not None:
        progress.stage("verifying", store.last(encounter)[0])
        rows = progress.iterate(rows)

    def tapped(records: Iterable[Recorded]) -> Iterator[Recorded]:
        for record in records:
            if record.seq in wanted:
                hashes[record.seq] = record.hash
            yield record

    def keep_state(seq: int, state) -> None:
        if seq in wanted:
            states[seq] = state

    def past(upto: int) -> list[Recorded]:
        return [record for record in (_decode_loose(row.body) for row in stored_rows(store, encounter))
                if not isinstance(record, str) and record.seq <= upto]

    def fold_at(seq: int):
        from combatlog.replay.snapshots import Snapshots

        return Snapshots(MemoryStore(), encounter, 0).replay(past(seq), seq)

    # The replica keeps only its recent events while the log re-derives identically and its rows are sound
    # (older events are read back from the log itself); after a problem it holds its whole log, as before.
    problems = rederive_all(tapped(checker.records(rows)), templates, on_state=keep_state,
                            suspects=checker.suspects, past=past, source=(store, encounter),
                            intact=lambda: not checker.problems and not checker.suspects)
    problems += checker.problems
    problems += check_snapshots(store, encounter, hashes, states, fold_at)
    problems += check_head(store, encounter, checker.last, checker.last_seq)
    return _merged(problems)


def _merged(problems: list[Discrepancy]) -> list[Discrepancy]:
    """One report per seq in order, its messages joined and its fields gathered."""
    out: list[Discrepancy] = []
    for seq, group in groupby(sorted(problems, key=lambda problem: problem.seq), key=lambda problem: problem.seq):
        items = list(group)
        said: dict[str, str] = {}  # each message once, in order, with its words in every language
        for problem in items:
            said.setdefault(problem.message, problem.words)
        messages = list(said.values())
        fields = tuple(dict.fromkeys(name for problem in items for name in problem.fields))
        out.append(Discrepancy(seq, messages[0] if len(messages) == 1 else _joined(messages), fields))
    return out


def unfinished_events(sealed: list) -> int:
    """How many events at the end of an encounter belong to a command not written whole (0 if it is whole).

    The last transaction is re-run on the state before it, with its recorded dice: if the rules give more
    events than the log holds, the write was interrupted between two of its lines."""
    records = [record for record, _ in sealed]
    if not records:
        return 0
    last_txn = records[-1].txn
    start = len(records)
    while start > 0 and records[start - 1].txn == last_txn:
        start -= 1
    group = records[start:]
    if group[0].seq != last_txn or not isinstance(group[0].event, CommandIssued):
        return len(group)
    store = MemoryStore()
    store.pin_genesis("repair", records[0].prev_hash if records[0].seq == 0 else GENESIS_HASH)
    if start:
        store.append_sealed("repair", sealed[:start], records[0].seq)
    replica = Encounter(store, "repair", snapshot_every=0)
    replica.clock = lambda: group[0].at
    replica.recorded_creation = tuple(record.event for record in group)
    try:
        produced = replica.execute(group[0].event.command, actor=group[0].actor)
    except Exception:  # the rules refuse it now: not an interrupted write, verify will say what it is
        return 0
    return len(group) if len(produced) > len(group) else 0


def store_problems(store) -> list[str]:
    """Problems of the storage itself (SQLite's integrity check, row counts against seqs), before any event."""
    check = getattr(store, "integrity_problems", None)
    return check() if check is not None else []


__all__ = ["Discrepancy", "Problem", "RowChecker", "chain_version", "check_head", "check_signatures", "find_fingerprint", "genesis_of",
           "head_fingerprint", "head_problems", "check_rows", "check_snapshots", "event_differences", "rederive",
           "rederive_all", "store_problems", "stored_rows", "unfinished_events", "verify_encounter"]
