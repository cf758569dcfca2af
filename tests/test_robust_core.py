"""The core's own checks (issue 11, round 2): a library caller is as safe as the CLI.

`normalize_until` (core/rulesets/dnd5e/conditions.py) and `parse_stats` (core/rulesets/dnd5e/stats.py) check
the values they read themselves, so that a caller of `decide` that skips replay/validation.py still gets a
one-line RuleViolation naming the field, never a TypeError or a NaN stored as null. Through the public
Python API (`import combatlog`), a refused command appends nothing and the log still verifies.
"""

import copy

import pytest

import combatlog
from combatlog.core.kernel.dispatch import decide, decide_and_fold
from combatlog.core.kernel.errors import RuleViolation
from combatlog.core.rulesets.dnd5e.state import EncounterState

ORC = {"ac": 13, "max_hp": 15, "speed": 9, "proficiency_bonus": 2,
       "abilities": {"str": 16, "dex": 12, "con": 16, "int": 7, "wis": 11, "cha": 10},
       "attacks": [{"id": "axe", "kind": "melee", "to_hit": 5, "reach": 1.5,
                    "damage": [{"roll": "1d12+3", "type": "slashing"}]},
                   {"id": "javelin", "kind": "ranged", "to_hit": 5, "range": [9, 36],
                    "damage": [{"roll": "1d6+3", "type": "piercing"}]}]}
SETUP = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 5, "lang": "fr"},
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "start"},
]


def orc(path: tuple, value) -> dict:
    stats = copy.deepcopy(ORC)
    place = stats
    for part in path[:-1]:
        place = place[part]
    place[path[-1]] = value
    return {"do": "add", "id": "orc", "side": "goblins", "kind": "monster", "stats": stats}


@pytest.fixture
def encounter(tmp_path):
    log = combatlog.open_log(tmp_path / "log.db")
    fight = log.encounter("default")
    fight.execute_all(SETUP)
    yield fight
    log.close()


def refused(fight, command: dict) -> str:
    before = fight.seq
    with pytest.raises(combatlog.RuleViolation) as caught:
        fight.execute(command)
    assert fight.seq == before, "a refused command appended events"
    for lang in ("en", "fr"):
        text = caught.value.localized(lang)
        assert "\n" not in text and "Traceback" not in text
    fight.verify()
    return str(caught.value)


# Seed 000 (D&D 2024) creatures: AC 5-25, scores 1-30, HP up to a few hundred; the bounds are far wider,
# so these values can only be typing slips (a missing decimal point, an extra zero run).
@pytest.mark.parametrize("path, value, field", [
    (("ac",), 10**9, "ac"),
    (("ac",), -3, "ac"),
    (("max_hp",), 10**7, "max_hp"),
    (("abilities", "str"), 500, "abilities.str"),
    (("abilities", "dex"), -1, "abilities.dex"),
    (("proficiency_bonus",), 10**6, "proficiency_bonus"),
    (("attacks_per_action",), 10**6, "attacks_per_action"),
    (("attacks", 0, "to_hit"), 10**8, "attacks[0].to_hit"),
    (("attacks", 0, "reach"), 10**6, "attacks[0].reach"),
    (("attacks", 1, "range"), [36, 9], "attacks[1].range[1]"),
    (("attacks", 1, "range"), [9, 10**8], "attacks[1].range"),
    (("swim_speed",), 10**6, "swim_speed"),
])
def test_a_stat_block_number_out_of_any_table_is_refused_by_field(encounter, path, value, field):
    assert f"{field}'" in refused(encounter, orc(path, value))  # 'stats.…' when replay/validation.py names it first


def test_the_bounds_hold_for_template_overrides_too(encounter):
    command = {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "overrides": {"ac": 10**6}}
    assert "field 'ac'" in refused(encounter, command)


def test_a_stat_block_inside_the_bounds_is_accepted(encounter):
    encounter.execute(orc(("abilities", "str"), 30))
    assert encounter.state()["combatants"]["orc"]["max_hp"] == 15


@pytest.mark.parametrize("until, field", [
    ({"rounds": 10**9}, "until.rounds"),
    ({"save": {"ability": "strength", "dc": 12}}, "until.save.ability"),
    ({"save": {"ability": "con", "dc": 10**6}}, "until.save.dc"),
])
def test_an_until_out_of_range_is_refused_by_field_through_the_api(encounter, until, field):
    assert f"field '{field}'" in refused(encounter, {"do": "condition", "target": "gob1", "add": "prone", "until": until})


# The same values handed to `decide` itself, without replay/validation.py in front: the core refuses them
# with its own one-line message instead of a TypeError/ValueError from int() or a dict lookup.
def started_state():
    state = EncounterState()
    commands = [SETUP[0], {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": ORC, "at": [2, 2]},
                {"do": "add", "id": "gob1", "side": "goblins", "kind": "monster", "stats": ORC, "at": [3, 2]}, *SETUP[3:]]
    for command in commands:
        state = decide_and_fold(state, command, default_seed="5")[1]
    return state


@pytest.mark.parametrize("until, field", [
    ({"rounds": "two"}, "until.rounds"),
    ({"rounds": [1]}, "until.rounds"),
    ({"rounds": float("nan")}, "until.rounds"),
    ({"rounds": 2.5}, "until.rounds"),
    ({"rounds": True}, "until.rounds"),
    ({"rounds": 2, "of": ["aria"]}, "until.of"),
    ({"end_of_turn": True, "of": {"x": 1}}, "until.of"),
    ({"save": {"ability": "con", "dc": "x"}}, "until.save.dc"),
    ({"save": {"ability": ["con"], "dc": 12}}, "until.save.ability"),
    ({"concentration": ["aria"]}, "until.concentration"),
])
def test_decide_itself_refuses_an_until_of_the_wrong_type_by_field(until, field):
    state = started_state()
    with pytest.raises(RuleViolation) as caught:
        decide(state, {"do": "condition", "target": "gob1", "add": "prone", "until": until})
    assert f"field '{field}'" in str(caught.value)


def test_decide_itself_refuses_a_non_finite_distance_in_a_stat_block():
    state = started_state()
    for path in (("speed",), ("swim_speed",), ("attacks", 0, "reach")):
        with pytest.raises(RuleViolation) as caught:
            decide(state, orc(path, float("nan")))
        assert f"field '{'.'.join(map(str, path)).replace('.0.', '[0].')}'" in str(caught.value)
    with pytest.raises(RuleViolation):
        decide(state, orc(("attacks", 1, "range"), [9, float("inf")]))


def test_decide_itself_refuses_a_non_finite_or_huge_number_in_a_pf1_stat_block():
    """INTERFACE-pf1.md `stats`: speed, reach and range_increment are metres; a NaN there used to be folded."""
    from pf1_support import ARIA, GOBLIN

    state = EncounterState()
    for command in [{"do": "create", "ruleset": "pf1", "seed": 7},
                    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": ARIA, "at": [0, 0]}]:
        state = decide_and_fold(state, command, default_seed="7")[1]
    for key, value, field in (("speed", float("nan"), "speed"), ("reach", float("inf"), "reach"),
                              ("bab", 10**30, "bab"), ("speed", -6, "speed")):
        with pytest.raises(RuleViolation) as caught:
            decide(state, {"do": "add", "id": "gob", "side": "monsters", "stats": {**GOBLIN, key: value}})
        assert f"field '{field}'" in str(caught.value)
    bow = {**GOBLIN, "attacks": [{"id": "bow", "kind": "ranged", "range_increment": float("nan"),
                                  "damage": [{"roll": "1d6", "type": "piercing"}]}]}
    with pytest.raises(RuleViolation) as caught:
        decide(state, {"do": "add", "id": "gob", "side": "monsters", "stats": bow})
    assert "field 'attacks[0].range_increment'" in str(caught.value)
