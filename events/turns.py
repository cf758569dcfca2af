"""Events of the combat's shape: who is in it, initiative, turns and rounds, the action economy."""

from typing import Any, ClassVar

from combatlog.events.base import Event
from combatlog.events.values import Modifier


class CombatantAdded(Event, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str = ""
    side: str
    kind: str
    stats: dict[str, Any]
    template: str = ""
    group: str = ""


class CombatantRemoved(Event, frozen=True, kw_only=True):
    id: str


class Placed(Event, frozen=True, kw_only=True):
    id: str
    at: tuple[int, int]


class HiddenChanged(Event, frozen=True, kw_only=True):
    """The DM hides a combatant from the players' view (not yet seen), or reveals it: no rule changes."""

    id: str
    hidden: bool


class SurpriseDeclared(Event, frozen=True, kw_only=True):
    ids: tuple[str, ...]


class InitiativeRolled(Event, frozen=True, kw_only=True):
    """Its advantage, disadvantage and modifiers' labels are codes (events/labels.py; v1 stored English phrases)."""

    schema_version: ClassVar[int] = 2
    ids: tuple[str, ...]
    faces: tuple[int, ...] = ()
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


class TurnStarted(Event, frozen=True, kw_only=True):
    id: str
    round: int
    awaiting_death_save: bool = False
    reaction_restored: bool = True


class TurnSkipped(Event, frozen=True, kw_only=True):
    id: str
    round: int
    reason: str


class TurnEnded(Event, frozen=True, kw_only=True):
    id: str
    round: int
    reaction_restored: bool = False


class EconomySpent(Event, frozen=True, kw_only=True):
    """One of a creature's per-turn resources is used: action, bonus, reaction or object."""

    id: str
    resource: str
    by: str = ""
    attacks_left: int = -1


class ActionTaken(Event, frozen=True, kw_only=True):
    id: str
    action: str
    slot: str = "action"
    details: dict[str, Any] = {}


class OrderChanged(Event, frozen=True, kw_only=True):
    order: tuple[str, ...]
