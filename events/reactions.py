"""Events of reaction windows: who could react, who did, who passed."""

from typing import Any, ClassVar

from combatlog.events.base import Event


class ReactionWindowOpened(Event, frozen=True, kw_only=True):
    """A window opens: `trigger` is what happened, as a code of `events/windows.py` (`leaves_reach`, `hit`,
    `readied`, `casts`), the ids it names are in `pending` (the command that waits), and a readied trigger's own
    words, as the table gave them, in `text`. v1 stored an English sentence in `trigger`."""

    schema_version: ClassVar[int] = 2
    trigger: str
    reactors: tuple[str, ...]
    waiting: str
    depth: int = 1
    pending: dict[str, Any] = {}
    text: str = ""


class ReactionTaken(Event, frozen=True, kw_only=True):
    id: str
    reaction: str


class ReactionPassed(Event, frozen=True, kw_only=True):
    id: str


class ReactionWindowClosed(Event, frozen=True, kw_only=True):
    depth: int = 1
