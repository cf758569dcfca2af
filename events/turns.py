"""Events of the combat's shape: who is in it, initiative, turns and rounds, the action economy."""

from typing import Any, ClassVar

from combatlog.events.base import Event
from combatlog.events.shapes import (
    ActionFields, CombatantFields, InitiativeFields, PlacedFields, TurnFields, TurnSkippedFields)
from combatlog.events.values import Modifier


class CombatantAdded(CombatantFields, frozen=True, kw_only=True):
    pass


class CombatantRemoved(Event, frozen=True, kw_only=True):
    id: str


class Placed(PlacedFields, frozen=True, kw_only=True):
    pass


class HiddenChanged(Event, frozen=True, kw_only=True):
    """The DM hides a combatant from the players' view (not yet seen), or reveals it: no rule changes."""

    id: str
    hidden: bool


class SurpriseDeclared(Event, frozen=True, kw_only=True):
    ids: tuple[str, ...]


class InitiativeRolled(InitiativeFields, frozen=True, kw_only=True):
    """Its advantage, disadvantage and modifiers' labels are codes (events/labels.py; v1 stored English phrases)."""

    schema_version: ClassVar[int] = 2
    natural: int = 0
    modifiers: tuple[Modifier, ...] = ()
    total: int
    set_by_dm: bool = False
    disadvantage: tuple[str, ...] = ()
    advantage: tuple[str, ...] = ()


class TiesOrdered(Event, frozen=True, kw_only=True):
    ids: tuple[str, ...]


class CombatStarted(Event, frozen=True, kw_only=True):
    order: tuple[str, ...]


class TurnStarted(TurnFields, frozen=True, kw_only=True):
    awaiting_death_save: bool = False
    reaction_restored: bool = True


class TurnSkipped(TurnSkippedFields, frozen=True, kw_only=True):
    pass


class TurnEnded(TurnFields, frozen=True, kw_only=True):
    reaction_restored: bool = False


class EconomySpent(Event, frozen=True, kw_only=True):
    """One of a creature's per-turn resources is used: action, bonus, reaction or object."""

    id: str
    resource: str
    by: str = ""
    attacks_left: int = -1


class ActionTaken(ActionFields, frozen=True, kw_only=True):
    slot: str = "action"
    details: dict[str, Any] = {}


class OrderChanged(Event, frozen=True, kw_only=True):
    order: tuple[str, ...]
