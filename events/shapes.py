"""Field sets that several event types repeat, declared once (issue 19): the turn events of events/turns.py and
pf1's own (core/rulesets/pf1/events.py) start with the same fields.

Each base here is an Event subclass that is never written: the codec and the rulesets gather only the event types
defined in their own modules, and a base has no message of its own. An event that subclasses one keeps its own tag
(its class name) and schema version; msgspec encodes the base's fields first, in the order below, then the event's
own. So a base holds only the fields an event starts with, and every event keeps its encoding byte for byte."""

from typing import Any

from combatlog.events.base import Event


class CombatantFields(Event, frozen=True, kw_only=True):
    """A combatant joining: CombatantAdded, Pf1CombatantAdded (which adds `unacted`)."""

    id: str
    name: str
    name_fr: str = ""
    side: str
    kind: str
    stats: dict[str, Any]
    template: str = ""
    group: str = ""


class PlacedFields(Event, frozen=True, kw_only=True):
    """A combatant set on a square: Placed, Pf1Placed."""

    id: str
    at: tuple[int, int]


class InitiativeFields(Event, frozen=True, kw_only=True):
    """An initiative roll's first fields: InitiativeRolled, Pf1InitiativeRolled."""

    ids: tuple[str, ...]
    faces: tuple[int, ...] = ()


class TurnFields(Event, frozen=True, kw_only=True):
    """Whose turn, in which round: TurnStarted, TurnEnded, Pf1TurnStarted and the skipped turns."""

    id: str
    round: int


class TurnSkippedFields(TurnFields, frozen=True, kw_only=True):
    """A turn passed over, and why: TurnSkipped, Pf1TurnSkipped."""

    reason: str


class ActionFields(Event, frozen=True, kw_only=True):
    """Who takes which action: ActionTaken, Pf1ActionTaken."""

    id: str
    action: str
