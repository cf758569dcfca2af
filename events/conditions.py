"""Events of conditions and concentration."""

from typing import Any

from combatlog.events.base import Event


class ConditionApplied(Event, frozen=True, kw_only=True):
    target: str
    condition: str
    instance: int
    source: str = ""
    until: dict[str, Any] = {}
    level: int = 1
    no_effect: str = ""


class ConditionEnded(Event, frozen=True, kw_only=True):
    target: str
    condition: str
    instance: int
    reason: str = ""


class ConcentrationStarted(Event, frozen=True, kw_only=True):
    id: str
    effect: str


class ConcentrationEnded(Event, frozen=True, kw_only=True):
    id: str
    effect: str
    reason: str = ""


class EffectStarted(Event, frozen=True, kw_only=True):
    """A timed effect that is not a condition: Dodge, Help, a reaction's AC bonus, a readied action."""

    id: str
    effect: str
    instance: int
    source: str = ""
    until: dict[str, Any] = {}
    data: dict[str, Any] = {}


class EffectEnded(Event, frozen=True, kw_only=True):
    id: str
    effect: str
    instance: int
    reason: str = ""
