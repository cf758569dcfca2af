"""Bad input never breaks a log, under every ruleset (issue 11, round 2): `rolenplay` and `pf1`.

The same property as tests/test_robust_input.py, fed through real JSON text to `combatlog run`, with the
commands and fields these rulesets add (INTERFACE-rolenplay.md §1, INTERFACE-pf1.md §1: create options,
`full_attack`, `maneuver`, `roll_off`, pf1 stat blocks with BAB/CMB/DR…). For every case: exit 0 or 2, one
line and no traceback, a rejection changes nothing, and the log reopens from its stored bytes and verifies.
"""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pf1_support import ARIA, GOBLIN
from combatlog.events.stores import SQLiteStore
from test_robust_input import JSON_VALUES, NASTY, PROPERTY, _get, cli, paths, replaced, run_line, to_text

ROLENPLAY_SETUP = [
    {"do": "create", "ruleset": "rolenplay", "seed": 5, "lang": "fr", "cinematic": True, "opportunity_attacks": False},
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "group": "gobs", "at": [3, 2]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gobs", "value": 10},
    {"do": "start"},
]

ROLENPLAY_SHAPES = [
    {"do": "create", "ruleset": "rolenplay", "seed": 3, "name": "again", "cinematic": True, "opportunity_attacks": True},
    {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "group": "gobs", "at": [5, 5],
     "unconscious_at_zero": True, "overrides": {"speed": 9, "max_hp": 8}},
    {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "plain": True, "nonlethal": True,
     "dice": [15, 6]},
    {"do": "damage", "targets": ["gob1"], "roll": "2d6", "type": "fire", "nonlethal": True, "cover": {"gob1": "half"},
     "save": {"ability": "dex", "dc": 13, "half": True}, "dice": [10, 3, 4]},
    {"do": "condition", "target": "gob1", "add": "turned", "source": "aria", "until": {"rounds": 2, "of": "aria"}},
    {"do": "condition", "target": "gob1", "add": "surprised"},
    {"do": "action", "id": "aria", "action": "help", "ally": "gob1", "target": "gob1", "skill": "athletics"},
    {"do": "action", "id": "aria", "action": "ready", "trigger": "a goblin comes near", "spell": "fire bolt",
     "response": {"do": "attack", "target": "gob1", "with": "longsword"}},
    {"do": "stabilize", "id": "aria", "target": "gob1", "dice": [12]},
    {"do": "heal", "target": "gob1", "amount": 3},
    {"do": "next_round", "rounds": 2},
    {"do": "order", "ids": ["aria", "gob1"]},
    {"do": "move", "id": "aria", "path": [[2, 3], [2, 4]]},
]

PF1_SETUP = [
    {"do": "create", "ruleset": "pf1", "seed": 7, "lang": "fr", "massive_damage": True},
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": ARIA, "at": [0, 0]},
    {"do": "add", "id": "gob", "name": "Goblin", "side": "monsters", "stats": GOBLIN, "at": [1, 0]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob", "value": 10},
    {"do": "start"},
]

OGRE = {
    "max_hp": 30, "hp": 25, "speed": 9, "bab": 3, "size": "large", "reach": 3, "cmb": 9, "cmd": 20,
    "abilities": {"str": 21, "dex": 8, "con": None, "int": 6, "wis": 10, "cha": 7},
    "ac": {"armor": 3, "shield": 0, "natural": 5, "deflection": 1, "dodge": 0, "misc": 0, "max_dex": 4},
    "armor_type": "heavy", "saves": {"fort": 6, "ref": 0, "will": 3}, "initiative_bonus": -1,
    "attacks": [
        {"id": "club", "kind": "melee", "attack_bonus": 1, "two_handed": True, "reach_weapon": True,
         "damage": [{"roll": "2d8+1", "type": "bludgeoning"}], "crit_range": 19, "crit_multiplier": 3,
         "extra_damage": [{"roll": "1d6", "type": "fire"}], "bypass": ["magic"], "to_hit": 7},
        {"id": "rock", "kind": "ranged", "range_increment": 18, "str_damage": 1, "attack_ability": "str",
         "damage": [{"roll": "1d8", "type": "bludgeoning"}]},
    ],
    "combat_reflexes": True, "improved_maneuvers": ["trip"], "acrobatics_ranks": 3, "concentration": 2,
    "dr": [{"amount": 5, "bypass": ["silver", "magic"], "all": True}], "energy_resistance": {"fire": 10},
    "immunities": ["cold"], "vulnerabilities": ["fire"], "condition_immunities": ["stunned"],
    "skills": {"heal": 5, "acrobatics": 4},
}

PF1_SHAPES = [
    {"do": "create", "ruleset": "pf1", "seed": "abc", "name": "again", "massive_damage": True},
    {"do": "add", "id": "ogre", "side": "monsters", "stats": OGRE, "at": [4, 4]},
    {"do": "add", "id": "gob2", "side": "monsters", "template": "goblin", "at": [5, 5], "overrides": {"speed": 6, "max_hp": 8}},
    {"do": "full_attack", "attacker": "aria", "attacks": [{"maneuver": "trip", "target": "gob"}, {"five_foot_step": [0, 1]}],
     "dice": [15]},
    {"do": "full_attack", "attacker": "aria", "attacks": [{"with": "longsword", "target": "gob"}, {"five_foot_step": [0, 1]}],
     "fight_defensively": True, "modifiers": [{"label": "bless", "value": 1}], "dice": [15, 4]},
    {"do": "full_attack", "attacker": "aria", "with": "longsword", "target": "gob", "dice": [19, 18, 5, 6]},
    {"do": "maneuver", "attacker": "aria", "target": "gob", "maneuver": "bull_rush", "dice": [14]},
    {"do": "roll_off", "ids": ["aria", "gob"], "dice": [3, 17]},
    {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "cover": "partial",
     "concealment": "normal", "flanking": True, "nonlethal": False, "modifiers": [{"label": "bless", "value": 1}],
     "dice": [15, 42, 6]},
    {"do": "damage", "targets": ["gob"], "roll": "2d6", "type": "fire", "weapon": True, "bypass": ["magic"],
     "critical": True, "multiplier": 3, "save": {"ability": "ref", "dc": 13, "half": True}, "dice": [10, 3, 4, 2, 5, 6, 1]},
    {"do": "save", "id": "gob", "ability": "fort", "dc": 12, "dice": [8]},
    {"do": "initiative", "id": "gob", "dice": [12]},
    {"do": "move", "id": "aria", "path": [[0, 1]], "five_foot_step": True},
    {"do": "action", "id": "aria", "action": "charge", "target": "gob"},
    {"do": "action", "id": "aria", "action": "cast_spell", "spell_level": 2, "defensively": True, "slot": "standard"},
    {"do": "action", "id": "aria", "action": "aid_another", "target": "gob", "ally": "aria", "on": "ac"},
    {"do": "action", "id": "aria", "action": "other", "slot": "swift", "provokes": True, "note": "a trick"},
    {"do": "condition", "target": "gob", "add": "shaken", "until": {"rounds": 2, "of": "aria"}},
    {"do": "stabilize", "id": "aria", "target": "gob", "dice": [12]},
    {"do": "heal", "target": "gob", "amount": 3},
]

RULESETS = {"rolenplay": (ROLENPLAY_SETUP, ROLENPLAY_SHAPES), "pf1": (PF1_SETUP, PF1_SHAPES)}
DOS = {"rolenplay": ["add", "attack", "damage", "condition", "action", "stabilize", "next_round", "create", "order"],
       "pf1": ["add", "full_attack", "maneuver", "roll_off", "attack", "damage", "initiative", "move", "action",
               "save", "create"]}
FIELDS = ["id", "target", "attacker", "with", "attacks", "maneuver", "ids", "stats", "overrides", "until", "dice",
          "modifiers", "cover", "concealment", "save", "rounds", "multiplier", "bypass", "cinematic", "massive_damage",
          "group", "plain", "five_foot_step", "path", "response", "seed"]


@pytest.fixture(scope="module")
def empty_log(tmp_path_factory) -> Path:
    """A log with no encounter yet, for the `create` lines."""
    log = tmp_path_factory.mktemp("empty") / "empty.db"
    SQLiteStore(log).close()
    return log


def start_from(fight: Path, empty: Path, line: str) -> Path:
    return empty if line.startswith('{"do": "create"') else fight


@pytest.fixture(scope="module", params=sorted(RULESETS))
def ruleset_fight(request, tmp_path_factory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp(request.param)
    log = folder / "fight.db"
    script = folder / "setup.jsonl"
    setup, _ = RULESETS[request.param]
    script.write_text("\n".join(json.dumps(command) for command in setup) + "\n", encoding="utf-8")
    code, _, err = cli("run", str(script), "--log", str(log), "-q")
    assert code == 0, err
    return request.param, log


@st.composite
def bad_lines_of(draw, shapes):
    shape = draw(st.sampled_from(shapes))
    places = [path for path in paths(shape) if path and path != ("do",)]
    path = draw(st.sampled_from(places))
    value = replaced(shape, path, draw(NASTY))
    if draw(st.booleans()) and isinstance(value, dict):  # an extra key, at the top or inside
        inner = draw(st.sampled_from([p for p in paths(value) if isinstance(_get(value, p), dict)]))
        value = replaced(value, inner, {**_get(value, inner), draw(st.sampled_from(["x", "\ud800", "a\nb"])): draw(NASTY)})
    return to_text(value)


@PROPERTY
@given(data=st.data())
def test_any_bad_value_anywhere_in_a_ruleset_command_is_refused_or_accepted_soundly(ruleset_fight, empty_log,
                                                                                   tmp_path_factory, data):
    ruleset, log = ruleset_fight
    line = data.draw(bad_lines_of(RULESETS[ruleset][1]), label="line")
    run_line(start_from(log, empty_log, line), tmp_path_factory.mktemp("case"), line)


@PROPERTY
@given(data=st.data())
def test_random_json_in_a_ruleset_command_never_breaks_the_log(ruleset_fight, empty_log, tmp_path_factory, data):
    ruleset, log = ruleset_fight
    do = data.draw(st.sampled_from(DOS[ruleset]), label="do")
    fields = data.draw(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=4), label="fields")
    line = json.dumps({"do": do, **fields}, allow_nan=True, ensure_ascii=True)
    run_line(start_from(log, empty_log, line), tmp_path_factory.mktemp("case"), line)


@pytest.mark.parametrize("ruleset, line", [
    (ruleset, to_text(shape)) for ruleset, (_, shapes) in sorted(RULESETS.items()) for shape in shapes
])
def test_every_shape_itself_runs_or_is_refused_in_one_line(ruleset_fight, empty_log, tmp_path, ruleset, line):
    """The unchanged commands the properties start from: each is accepted, or refused by the rules in one line."""
    if ruleset_fight[0] != ruleset:
        pytest.skip("the other ruleset's fight")
    run_line(start_from(ruleset_fight[1], empty_log, line), tmp_path, line)


def pf1_add(**changes) -> str:
    stats = json.loads(json.dumps(OGRE))
    for path, value in changes.items():
        place = stats
        parts = path.split("__")
        for part in parts[:-1]:
            place = place[int(part)] if part.isdigit() else place[part]
        last = parts[-1]
        place[int(last) if last.isdigit() else last] = value
    return to_text({"do": "add", "id": "ogre", "side": "monsters", "stats": stats, "at": [4, 4]})


@pytest.mark.parametrize("ruleset, line, fragment", [
    ("pf1", pf1_add(speed=-6), "stats.speed"),
    ("pf1", pf1_add(attacks__1__range_increment=-18), "range_increment"),
    ("pf1", pf1_add(attacks__1__range_increment=10**8), "range_increment"),
    ("pf1", pf1_add(reach=10**8), "stats.reach"),
    ("pf1", pf1_add(bab="3"), "bab"),
    ("pf1", pf1_add(dr__0__amount=[5]), "amount"),
    ("pf1", pf1_add(attacks__0__crit_multiplier=10**6), "crit_multiplier"),
    ("pf1", '{"do":"add","id":"o","side":"m","stats":{"max_hp":5,"speed":NaN,"bab":1,"abilities":{"str":10,"dex":10,'
            '"con":10,"int":10,"wis":10,"cha":10},"ac":{},"saves":{"fort":0,"ref":0,"will":0}}}', "stats.speed"),
    ("pf1", '{"do":"full_attack","attacker":"aria","attacks":"longsword"}', "attacks"),
    ("pf1", '{"do":"full_attack","attacker":"aria","attacks":[{"five_foot_step":[0,1]},{"five_foot_step":[0,1]}]}', ""),
    ("pf1", '{"do":"roll_off","ids":[1,2]}', "ids"),
    ("pf1", '{"do":"maneuver","attacker":"aria","target":"gob","maneuver":"fly"}', "fly"),
    ("pf1", '{"do":"damage","targets":["gob"],"roll":"1d6","type":"fire","critical":true,"multiplier":1e400}',
     "multiplier"),
    ("rolenplay", '{"do":"next_round","rounds":"two"}', "rounds"),
    ("rolenplay", '{"do":"damage","targets":["gob1"],"roll":"1d6","type":"fire","cover":{"gob1":NaN}}', "NaN"),
    ("rolenplay", '{"do":"add","id":"g2","side":"g","template":"goblin","unconscious_at_zero":"yes"}', "unconscious_at_zero"),
])
def test_each_ruleset_field_is_refused_by_name_and_changes_nothing(ruleset_fight, tmp_path, ruleset, line, fragment):
    if ruleset_fight[0] != ruleset:
        pytest.skip("the other ruleset's fight")
    code, err = run_line(ruleset_fight[1], tmp_path, line)
    assert code == 2 and fragment in err, err
