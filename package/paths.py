"""The cheapest legal path of a move (issue 35): a drag on the DM's map and the shell's `bouge ID x,y` send it.

The search is the kernel's (`core/kernel/paths.py`); what a step costs is the ruleset's own `path_rules` hook, the
checks `move` makes. A ruleset without the hook (pf1 today) keeps the straight line, which `move` then checks."""

from __future__ import annotations

from typing import Any

from combatlog.core.kernel.grid import SQUARE_METRES
from combatlog.core.kernel.paths import cheapest_path
from combatlog.core.kernel.registry import default_registry


def straight_line(start: tuple[int, int], goal: tuple[int, int]) -> list[list[int]]:
    """Diagonal while both axes differ, then straight."""
    path = []
    x, y = start
    while (x, y) != tuple(goal):
        x += (goal[0] > x) - (goal[0] < x)
        y += (goal[1] > y) - (goal[1] < y)
        path.append([x, y])
    return path


def cheapest_move(state: Any, mover_id: str, goal: list[int] | tuple[int, int], mode: str | None = None,
                  registry=None) -> dict[str, Any] | None:
    """`{"path": [[x, y]...], "metres": M, "left": L}` for `mover_id` to reach `goal` the cheapest legal way (`left`:
    the movement it has before the move, in metres, when the ruleset says it); None when the mover is not on the
    map, the ruleset has no path rules, or no legal path reaches the square."""
    mover = state.combatants.get(mover_id)
    if mover is None or getattr(mover, "position", None) is None:
        return None
    ruleset = (registry or default_registry()).get(getattr(state, "ruleset", "") or "")
    rules = getattr(ruleset, "path_rules", None)
    if rules is None:
        return None
    step_cost, can_end = rules(state, mover_id, mode)
    found = cheapest_path(tuple(mover.position), (int(goal[0]), int(goal[1])), step_cost, can_end)
    if found is None:
        return None
    path, squares = found
    answer: dict[str, Any] = {"path": [list(square) for square in path], "metres": squares * SQUARE_METRES}
    economy = getattr(mover, "economy", None)
    speed = getattr(ruleset, "speed", None)
    if economy is not None and speed is not None and hasattr(economy, "movement_used"):
        answer["left"] = max(0.0, speed(mover) + getattr(economy, "extra_movement", 0.0) - economy.movement_used)
    return answer


__all__ = ["cheapest_move", "straight_line"]
