"""verify's lean re-derivation (issue 25, goal 3) says exactly what the careful one says.

While every row read so far checks and nothing was found, verify re-derives each command the lean way
(replay/verify.py `_Lean`: decide and fold, then each event the rules give compared by its canonical bytes with the
logged one, nothing sealed, hashed or appended); undo, redo and revert, the first transaction the lean way is not
sure of, and everything after a problem go the careful way (Encounter.execute, every event compared field by field).
Given engine-written logs whose chain was recomputed after an edit (so that every row checks and only the rules can
tell), When verify walks them, Then the lean run switches to the careful way at the edit and reports it word for
word as a careful run from the start does, and the replica's state after every transaction is the same either way.
"""

import msgspec
import pytest

from combatlog.core.kernel.state import KernelState
from combatlog.events.envelope import GENESIS_HASH, compute_hash
from combatlog.events.meta import CommandIssued, Redone, Reverted, Undone
from combatlog.events.stores import MemoryStore
from combatlog.events.stores.memory import ReplicaStore
from combatlog.replay.engine import Encounter
from combatlog.replay.verify import rederive_all, verify_encounter
from test_verify_properties import random_log

_encoder = msgspec.json.Encoder(order="sorted")


class CountingEncounter(Encounter):
    """A replica that counts the commands it runs the careful way (Encounter.execute)."""

    careful = 0

    def execute(self, raw: dict, actor: str = "dm"):
        self.careful += 1
        return super().execute(raw, actor)


def rechained(records, seq: int, change) -> MemoryStore:
    """A store holding `records` with event `seq` changed by `change(event dict)`, the chain recomputed from there
    (every row's bytes match its hash, every link holds: only re-deriving can tell)."""
    rows, prev = [], GENESIS_HASH
    for record in records:
        if record.seq == seq:
            raw = msgspec.json.decode(_encoder.encode(record))
            change(raw["event"])
            record = _redecoded(raw)
        body = _encoder.encode(msgspec.structs.replace(record, prev_hash=prev, hash=""))
        prev = compute_hash(body)
        rows.append((body, prev))
    store = MemoryStore()
    store._logs["e"] = rows
    return store


def _redecoded(raw: dict):
    from combatlog.events.codec import default_codec

    raw = {**raw, "hash": ""}
    return default_codec().record_decoder.decode(_encoder.encode(raw))


def stored(store: MemoryStore) -> list:
    from combatlog.events.codec import default_codec

    return [msgspec.structs.replace(default_codec().record_decoder.decode(body), hash=digest)
            for body, digest in store._logs["e"]]


def said(problems) -> list[tuple[int, str, str, tuple[str, ...]]]:
    return [(problem.seq, problem.localized("en"), problem.localized("fr"), problem.fields) for problem in problems]


def states(records, *, lean: bool, store: MemoryStore | None = None) -> tuple[list, list, int]:
    """(problems, [(seq, state JSON) after every transaction], commands run the careful way) of one run."""
    seen: list[tuple[int, bytes]] = []
    keep = lambda seq, state: seen.append((seq, _encoder.encode(state)))  # noqa: E731
    if not lean:  # no source: the replica is a plain MemoryStore, every command goes the careful way
        replica = CountingEncounter(MemoryStore(), "verify", snapshot_every=0)
        return rederive_all(records, on_state=keep, replica=replica), seen, replica.careful
    replica = CountingEncounter(ReplicaStore(store, "e"), "verify", snapshot_every=0)
    found = rederive_all(records, on_state=keep, source=(store, "e"), intact=lambda: True, replica=replica)
    return found, seen, replica.careful


def log_with_undo(seed: int = 7, steps: int = 60):
    """An engine-written 5e log holding at least one undo, redo or revert, and a DamageTaken after it."""
    for candidate in range(seed, seed + 200):
        records = random_log("dnd5e-2024", candidate, steps)
        markers = [r.seq for r in records if isinstance(r.event, (Undone, Redone, Reverted))]
        damage = [r.seq for r in records if type(r.event).__name__ == "DamageTaken" and markers and r.seq > markers[0]]
        if damage:
            return records, markers, damage
    raise AssertionError("no such log")


def test_a_sound_log_re_derives_the_lean_way_to_the_same_states_with_only_log_commands_run_carefully():
    records, markers, _ = log_with_undo()
    store = MemoryStore()
    store._logs["e"] = [(_encoder.encode(msgspec.structs.replace(r, hash="")), r.hash) for r in records]
    lean_found, lean_states, lean_careful = states(stored(store), lean=True, store=store)
    careful_found, careful_states, careful_careful = states(records, lean=False)
    assert lean_found == careful_found == []
    assert lean_states == careful_states
    assert len(lean_states) > 20 and lean_states[-1][1] != _encoder.encode(KernelState())  # real states compared
    commands = sum(isinstance(r.event, CommandIssued) for r in records)
    assert careful_careful == commands
    # the lean way runs every command but undo, redo and revert (the careful way's alone)
    assert lean_careful == len(markers) >= 1
    assert verify_encounter(store, "e") == []


@pytest.mark.parametrize("change, field", [
    (lambda event: event.update(hp_after=event["hp_after"] - 1), "DamageTaken.hp_after"),
    (lambda event: event.update(hp_before=event["hp_before"] + 1), "DamageTaken.hp_before"),
])
def test_a_rechained_outcome_after_a_lean_stretch_is_reported_as_the_careful_way_reports_it(change, field):
    # seed 000 (5e 2024) "Dégâts": hp after = hp before - damage; the log says otherwise at one event, its chain
    # recomputed; the rules give the true value, and every command after it is still checked.
    records, markers, damage = log_with_undo()
    seq = damage[len(damage) // 2]
    store = rechained(records, seq, change)
    logged = stored(store)
    lean_found, lean_states, lean_careful = states(logged, lean=True, store=store)
    careful_found, careful_states, _ = states(logged, lean=False)
    assert said(lean_found) == said(careful_found)
    assert lean_states == careful_states
    assert [problem.seq for problem in lean_found][:1] == [seq]
    assert field in lean_found[0].fields
    original = next(r.event for r in records if r.seq == seq)
    edited = next(r.event for r in logged if r.seq == seq)
    name = field.split(".")[1]
    assert (f"{field} is {getattr(edited, name)!r} in the log, the rules give {getattr(original, name)!r}"
            in lean_found[0].localized("en"))
    # lean up to the edit: this replica ran the log commands before it the careful way, then the edited command
    # (after which verify moves on to a replica holding its whole log, the careful way to the end)
    assert lean_careful == sum(1 for m in markers if m < seq) + 1
    # and the whole verify says the same (its rows all check: the chain was recomputed)
    assert said(verify_encounter(store, "e")) == said(careful_found)


def test_a_rechained_command_the_rules_refuse_after_a_lean_stretch_is_reported_as_the_careful_way_reports_it():
    records, markers, damage = log_with_undo()
    txn = next(r.txn for r in records if r.seq == damage[-1])

    def refused(event) -> None:
        event["command"] = {**event["command"], "target": "nobody"} if "target" in event["command"] else {
            "do": "damage", "target": "nobody", "amount": 1}

    store = rechained(records, txn, refused)
    logged = stored(store)
    lean_found, lean_states, _ = states(logged, lean=True, store=store)
    careful_found, careful_states, _ = states(logged, lean=False)
    assert said(lean_found) == said(careful_found)
    assert lean_states == careful_states
    assert lean_found[0].seq == txn and lean_found[0].fields == ("CommandIssued.command",)
    assert said(verify_encounter(store, "e")) == said(careful_found)


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_an_empty_log_verifies_clean(kind, tmp_path):
    """A log that holds no event (every command refused, or none given) has nothing to re-derive: verify finds
    nothing rather than failing on the empty group of the last command (found by test_robust_rulesets: a refused
    `create` left the log empty)."""
    from combatlog.events.stores import SQLiteStore

    store = MemoryStore() if kind == "memory" else SQLiteStore(tmp_path / "empty.db")
    assert verify_encounter(store, "default") == []
