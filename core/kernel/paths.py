"""The cheapest path on a square grid: what a drag on the DM's map and the shell's `bouge ID x,y` send as a `move`.

Pure: the ruleset says what a step costs and where a move may end (its own rules of difficult terrain and of
moving through other creatures' spaces); this module only searches. Diagonals are one step, as on the grid of
seed 000 (Jouer sur une Grille) and SRD 5.1; a step's cost is counted in squares (1, 2 in difficult terrain...).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

from combatlog.core.kernel.grid import Square

# A step from one square into its neighbour: its cost in squares, or None when the step is not allowed.
StepCost = Callable[[Square, Square], "int | None"]

# How far around the start and the goal the search may wander (squares): a detour longer than this is no
# path a table would take, and the bound keeps a search on an open map small.
MARGIN = 12

_STEPS: tuple[Square, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def cheapest_path(start: Square, goal: Square, step_cost: StepCost, can_end: Callable[[Square], bool] = lambda _: True,
                  *, margin: int = MARGIN) -> tuple[list[Square], int] | None:
    """The cheapest path from `start` to `goal` (the squares entered, `start` left out) and its cost in squares,
    or None when no legal path reaches it (or `can_end(goal)` is false). Among paths of one cost, the one with the
    fewest steps; among those, straight steps are tried before diagonal ones, so the answer is always the same."""
    start, goal = (int(start[0]), int(start[1])), (int(goal[0]), int(goal[1]))
    if start == goal or not can_end(goal):
        return None
    low_x, high_x = min(start[0], goal[0]) - margin, max(start[0], goal[0]) + margin
    low_y, high_y = min(start[1], goal[1]) - margin, max(start[1], goal[1]) + margin
    if start[0] >= 0 and goal[0] >= 0:
        low_x = max(low_x, 0)  # the map begins at square 0 when both ends are on it
    if start[1] >= 0 and goal[1] >= 0:
        low_y = max(low_y, 0)

    def estimate(square: Square) -> int:
        # Every step costs at least one square and moves at most one square each way: never more than the truth.
        return max(abs(goal[0] - square[0]), abs(goal[1] - square[1]))

    best: dict[Square, tuple[int, int]] = {start: (0, 0)}
    came_from: dict[Square, Square] = {}
    order = 0
    frontier: list[tuple[int, int, int, int, Square]] = [(estimate(start), 0, 0, order, start)]
    while frontier:
        _, cost, steps, _, here = heapq.heappop(frontier)
        if best.get(here, (cost, steps)) < (cost, steps):
            continue  # a cheaper way here was found after this entry was queued
        if here == goal:
            return _walk_back(came_from, start, goal), cost
        for dx, dy in _STEPS:
            there = (here[0] + dx, here[1] + dy)
            if not (low_x <= there[0] <= high_x and low_y <= there[1] <= high_y):
                continue
            price = step_cost(here, there)
            if price is None:
                continue
            reached = (cost + price, steps + 1)
            if reached < best.get(there, (1 << 60, 0)):
                best[there] = reached
                came_from[there] = here
                order += 1
                heapq.heappush(frontier, (reached[0] + estimate(there), reached[0], reached[1], order, there))
    return None


def _walk_back(came_from: dict[Square, Square], start: Square, goal: Square) -> list[Square]:
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    path.pop()
    return path[::-1]


def path_cost(path: Sequence[Square], start: Square, step_cost: StepCost) -> int | None:
    """What `path` (the squares entered after `start`) costs in squares, or None when one of its steps is not allowed."""
    total = 0
    here = (int(start[0]), int(start[1]))
    for square in path:
        there = (int(square[0]), int(square[1]))
        price = step_cost(here, there) if max(abs(there[0] - here[0]), abs(there[1] - here[1])) == 1 else None
        if price is None:
            return None
        total += price
        here = there
    return total


__all__ = ["MARGIN", "StepCost", "cheapest_path", "path_cost"]
