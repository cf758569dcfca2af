"""Issue 35: the cheapest legal path of a move, worked by hand on small grids.

The kernel's search (core/kernel/paths.py) is pure: a step's cost and where a move may end are handed to it. The
5e rules it is searched with are `move`'s own: seed 000 Terrain Difficile ("Une case de Terrain Difficile coûte 2
cases pour y entrer"), seed 000 Se Déplacer autour d'Autres Créatures (through an ally's space, not a hostile's;
another creature's space is difficult unless it is an ally or Tiny; no move ends in an occupied space), and seed 001
Terrain difficile (2014: "L'emplacement occupé par une autre créature est également considéré comme un terrain
difficile", allies included)."""

import combatlog
from combatlog.core.kernel.paths import cheapest_path, path_cost
from combatlog.paths import cheapest_move


def open_ground(before, after):
    return 1


def costs(difficult=(), blocked=()):
    def step(before, after):
        if after in blocked:
            return None
        return 2 if after in difficult else 1
    return step


# ------------------------------------------------------------------ the search alone


def test_a_straight_line_on_open_ground_costs_one_square_a_step():
    assert cheapest_path((0, 0), (3, 0), open_ground) == ([(1, 0), (2, 0), (3, 0)], 3)


def test_a_diagonal_step_costs_one_square_as_on_the_grid_of_seed_000():
    assert cheapest_path((0, 0), (2, 2), open_ground) == ([(1, 1), (2, 2)], 2)


def test_a_wall_of_blocked_squares_is_walked_around():
    # x = 2 is blocked from y = 0 to 2: from (1, 1) to (3, 1) by (1, 2), (2, 3), (3, 2): four squares.
    path, cost = cheapest_path((1, 1), (3, 1), costs(blocked={(2, 0), (2, 1), (2, 2)}))
    assert cost == 4 and len(path) == 4
    assert path[-1] == (3, 1) and (2, 3) in path
    assert not {(2, 0), (2, 1), (2, 2)} & set(path)


def test_one_difficult_square_is_stepped_around_when_the_detour_is_cheaper():
    # Through (1, 1): 2 + 1 = 3 squares; around it by (1, 2) or (1, 0): 1 + 1 = 2.
    path, cost = cheapest_path((0, 1), (2, 1), costs(difficult={(1, 1)}))
    assert cost == 2 and len(path) == 2 and (1, 1) not in path


def test_a_band_of_difficult_terrain_is_crossed_where_the_crossing_is_cheapest():
    # Column x = 1 is difficult from y = 0 to 5: crossing it costs 2, walking round (to y = 6) costs more.
    band = {(1, y) for y in range(6)}
    path, cost = cheapest_path((0, 2), (2, 2), costs(difficult=band))
    assert cost == 3 and path == [(1, 2), (2, 2)]
    assert path_cost(path, (0, 2), costs(difficult=band)) == 3


def test_a_square_where_no_move_may_end_is_no_goal_but_may_be_passed_through():
    ally = (1, 0)
    can_end = lambda square: square != ally  # noqa: E731
    assert cheapest_path((0, 0), ally, open_ground, can_end) is None
    assert cheapest_path((0, 0), (2, 0), open_ground, can_end) == ([(1, 0), (2, 0)], 2)


def test_a_square_no_path_reaches_has_no_path():
    ring = {(x, y) for x in range(3, 8) for y in range(3, 8)} - {(5, 5)}
    assert cheapest_path((0, 0), (5, 5), costs(blocked=ring)) is None
    assert cheapest_path((0, 0), (0, 0), open_ground) is None


def test_a_path_with_a_step_that_is_not_to_a_neighbour_has_no_cost():
    assert path_cost([(2, 0)], (0, 0), open_ground) is None
    assert path_cost([(1, 0), (2, 1)], (0, 0), open_ground) == 2


# ------------------------------------------------------------------ with the 5e rules of `move`

def block(speed=9):
    return {"ac": 12, "max_hp": 10, "speed": speed, "proficiency_bonus": 2,
            "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}


def fight(tmp_path, ruleset, *extra):
    """Aria at (0, 0); her ally Brom at (1, 0); a hostile goblin at (1, 1); Aria's turn."""
    log = combatlog.open_log(tmp_path / "paths.db")
    enc = log.encounter("default")
    enc.execute_all([
        {"do": "create", "ruleset": ruleset, "seed": 3},
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": block(), "at": [0, 0]},
        {"do": "add", "id": "brom", "side": "party", "kind": "pc", "stats": block(), "at": [1, 0]},
        {"do": "add", "id": "gob", "side": "goblins", "kind": "monster", "stats": block(), "at": [1, 1]},
        *extra,
        {"do": "initiative", "id": "aria", "value": 20}, {"do": "initiative", "id": "brom", "value": 10},
        {"do": "initiative", "id": "gob", "value": 5}, {"do": "start"}])
    return log, enc


def test_2024_the_cheapest_path_goes_through_an_ally_and_never_through_a_hostile(tmp_path):
    log, enc = fight(tmp_path, "dnd5e-2024")
    with log:
        found = cheapest_move(enc.live.state, "aria", [2, 0])
        # Through Brom's square (an ally's space is not difficult, seed 000): 2 squares, 3 m; round the goblin
        # it would be (0, 1), (1, 2), (2, 1), (2, 0): 4 squares.
        assert found == {"path": [[1, 0], [2, 0]], "metres": 3.0, "left": 9.0}
        # To (2, 2), beyond the goblin: never through its square; by Brom's (1, 0) then (2, 1): 3 squares.
        below = cheapest_move(enc.live.state, "aria", [2, 2])
        assert [1, 1] not in below["path"] and below["metres"] == 4.5
        enc.execute({"do": "move", "id": "aria", "path": found["path"]})
        assert enc.state()["combatants"]["aria"]["position"] == [2, 0]


def test_2014_an_allys_space_is_difficult_terrain_too(tmp_path):
    log, enc = fight(tmp_path, "dnd5e-2014")
    with log:
        found = cheapest_move(enc.live.state, "aria", [2, 0])
        # Seed 001: Brom's square costs 2, then 1: 3 squares (4.5 m), still cheaper than going round (4 squares).
        assert found["path"] == [[1, 0], [2, 0]] and found["metres"] == 4.5


def test_difficult_terrain_costs_double_and_the_path_goes_round_it(tmp_path):
    log, enc = fight(tmp_path, "dnd5e-2024", {"do": "terrain", "squares": [[1, 4]], "kind": "difficult"})
    with log:
        enc.execute({"do": "place", "id": "aria", "at": [0, 4]})
        found = cheapest_move(enc.live.state, "aria", [2, 4])
        # Through (1, 4): 2 + 1 = 3 squares (4.5 m); by (1, 3) or (1, 5): 1 + 1 = 2 squares (3 m).
        assert found["metres"] == 3.0 and [1, 4] not in found["path"] and found["path"][-1] == [2, 4]
        enc.execute({"do": "move", "id": "aria", "path": found["path"]})
        assert enc.state()["combatants"]["aria"]["position"] == [2, 4]
        # Back across a band (1, 3) to (1, 5): crossing costs 2 + 1 = 3 squares, going round (to y = 6) 4.
        enc.execute({"do": "terrain", "squares": [[1, 3], [1, 5]], "kind": "difficult"})
        back = cheapest_move(enc.live.state, "aria", [0, 4])
        assert back["metres"] == 4.5 and back["left"] == 6.0 and back["path"][0][0] == 1


def test_no_path_ends_in_another_creatures_square(tmp_path):
    log, enc = fight(tmp_path, "dnd5e-2024")
    with log:
        assert cheapest_move(enc.live.state, "aria", [1, 0]) is None
        assert cheapest_move(enc.live.state, "aria", [1, 1]) is None


def test_the_shells_bouge_to_a_far_square_sends_the_cheapest_path(tmp_path):
    log, enc = fight(tmp_path, "dnd5e-2024")
    with log:
        verb, commands = enc.parse_line("bouge aria 2,2")
        # Round the goblin at (1, 1), through Brom's square: (1, 0), (2, 1), (2, 2).
        assert commands == [{"do": "move", "id": "aria", "path": [[1, 0], [2, 1], [2, 2]]}]
        # One step, or a path written square by square, is sent as typed.
        assert enc.parse_line("bouge aria 0,1")[1][0]["path"] == [[0, 1]]
        assert enc.parse_line("bouge aria 0,1 0,2")[1][0]["path"] == [[0, 1], [0, 2]]
        enc.execute(commands[0])
        assert enc.state()["combatants"]["aria"]["position"] == [2, 2]
