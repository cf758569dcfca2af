"""Events of reaction windows: who could react, who did, who passed."""

from typing import Any

from combatlog.events.base import Event


class ReactionWindowOpened(Event, frozen=True, kw_only=True):
    trigger: str
    reactors: tuple[str, ...]
    waiting: str
    depth: int = 1
    pending: dict[str, Any] = {}


class ReactionTaken(Event, frozen=True, kw_only=True):
    id: str
    reaction: str


class ReactionPassed(Event, frozen=True, kw_only=True):
    id: str


class ReactionWindowClosed(Event, frozen=True, kw_only=True):
    depth: int = 1
