"""Events about the encounter itself and about the log: creation, commands, undo markers."""

from typing import Any, ClassVar

from combatlog.events.base import Event


class EncounterCreated(Event, frozen=True, kw_only=True):
    ruleset: str
    seed: str
    lang: str = "en"
    name: str = ""
    underwater: bool = False
    units: str = "m"


class CommandIssued(Event, frozen=True, kw_only=True):
    """Opens every transaction: the command verbatim, and where the dice stream stood."""

    command: dict[str, Any]
    rng_position: int = 0
    rng_draws: int = 0


class CombatEnded(Event, frozen=True, kw_only=True):
    reason: str = ""


class Undone(Event, frozen=True, kw_only=True):
    """Marks transactions as undone, most recent first; their events stay in the log."""

    txns: tuple[int, ...]


class Redone(Event, frozen=True, kw_only=True):
    txns: tuple[int, ...]


class Reverted(Event, frozen=True, kw_only=True):
    """Undoes every transaction after seq `to`, as one undoable command."""

    to: int
    txns: tuple[int, ...]


class DiceLeftUnused(Event, frozen=True, kw_only=True):
    """Faces supplied with a suspended command that its rest no longer needed (a hit turned into a miss).

    `reason`: a reason code, with the creature it names in `by`, the attack's number in `count` and its id in
    `attack` (v1 stored an English sentence: "attack 2 (longsword): gob1 is dead")."""

    schema_version: ClassVar[int] = 3
    faces: tuple[int, ...]
    reason: str = ""
    by: str = ""
    count: int = 0
    attack: str = ""
