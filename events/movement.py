"""Events of position: moving, standing, the map's terrain."""

from typing import ClassVar

from combatlog.events.base import Event


class Moved(Event, frozen=True, kw_only=True):
    id: str
    path: tuple[tuple[int, int], ...]
    cost: float = 0.0
    mode: str = "walk"
    forced: bool = False


class TerrainMarked(Event, frozen=True, kw_only=True):
    squares: tuple[tuple[int, int], ...]
    kind: str


class MovementSpent(Event, frozen=True, kw_only=True):
    """Movement used without changing square: standing up costs half the speed. `reason`: a reason code
    ("stand_up"; v1 stored the English phrase)."""

    schema_version: ClassVar[int] = 2
    id: str
    metres: float
    reason: str = ""
