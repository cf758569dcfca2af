"""Grid geometry every ruleset on a square grid shares: squares of 1.5 m, distances between footprints."""

SQUARE_METRES = 1.5
Square = tuple[int, int]


def gap_squares(a_at: Square, a_size: int, b_at: Square, b_size: int) -> int:
    """Squares between the nearest squares of two square footprints (`size` squares a side), diagonals
    counting one (seed 000 Jouer sur une Grille; the same count in SRD 5.1 and PF1's simplified grid)."""
    ax, ay = a_at
    bx, by = b_at
    dx = max(0, bx - (ax + a_size - 1), ax - (bx + b_size - 1))
    dy = max(0, by - (ay + a_size - 1), ay - (by + b_size - 1))
    return max(dx, dy)


def footprint(at: Square, size: int) -> list[Square]:
    """The squares a creature of `size` squares a side covers from its corner `at`."""
    x, y = at
    return [(x + dx, y + dy) for dx in range(size) for dy in range(size)]
