"""Events of position: moving, standing, the map's terrain."""

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
    """Movement used without changing square: standing up costs half the speed."""

    id: str
    metres: float
    reason: str = ""
