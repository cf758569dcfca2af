"""Verification for disputes: re-run every recorded command with its recorded dice and compare the events."""

from dataclasses import dataclass
from itertools import groupby

import msgspec

from combatlog.core.errors import RuleViolation
from combatlog.events.envelope import Recorded
from combatlog.events.meta import EncounterCreated
from combatlog.events.stores import MemoryStore
from combatlog.events.stores.memory import ReplicaStore
from combatlog.replay.engine import Encounter


@dataclass(frozen=True)
class Discrepancy:
    """The first event where the log and the rules disagree."""

    seq: int
    message: str

    def __str__(self) -> str:
        return f"event {self.seq}: {self.message}"


def rederive(records: list[Recorded], templates=None, *, source=None) -> Discrepancy | None:
    """Re-run each transaction's command on a replica and compare; None when every event comes out identical.
    `source` (store, encounter): the log the records come from; the replica then keeps only its recent
    events and reads older ones there (bounded memory on a long log)."""
    store = ReplicaStore(*source) if source is not None else MemoryStore()
    replica = Encounter(store, "verify", **({"templates": templates} if templates else {}))
    for txn, group in groupby(records, key=lambda record: record.txn):
        recorded = list(group)
        opening = recorded[0]
        command = getattr(opening.event, "command", None)
        if opening.seq != txn or command is None:
            return Discrepancy(opening.seq, "a transaction must open with CommandIssued")
        replica.clock = lambda at=opening.at: at
        created = next((r.event for r in recorded if isinstance(r.event, EncounterCreated)), None)
        replica.default_seed = created.seed if created is not None else None
        try:
            produced = replica.execute(command, actor=opening.actor)
        except RuleViolation as error:
            return Discrepancy(opening.seq, f"the rules reject this command now: {error}")
        for mine, theirs in zip(recorded, produced):
            if _canonical(mine.event) != _canonical(theirs.event):
                return Discrepancy(mine.seq, _difference(mine.event, theirs.event))
        if len(recorded) != len(produced):
            seq = recorded[min(len(recorded), len(produced)) - 1].seq
            return Discrepancy(seq, f"the command produced {len(produced)} events, the log holds {len(recorded)}")
    return None


_encoder = msgspec.json.Encoder(order="sorted")


def _canonical(event) -> bytes:
    return _encoder.encode(event)


def _difference(logged, derived) -> str:
    if type(logged) is not type(derived):
        return f"the log has {type(logged).__name__} where the rules give {type(derived).__name__}"
    logged_fields = msgspec.json.decode(_canonical(logged))
    derived_fields = msgspec.json.decode(_canonical(derived))
    for key in derived_fields:
        if logged_fields.get(key) != derived_fields.get(key):
            return (f"{type(logged).__name__}.{key} is {logged_fields.get(key)!r} in the log, "
                    f"the rules give {derived_fields.get(key)!r}")
    return f"{type(logged).__name__} differs from what the rules give"
