"""Bad input never breaks a log (issue 11): `combatlog run` fed real JSON text, never Python dicts.

Given a log with a fight under way, When a script line holds a non-finite number, a huge integer, a wrong
type at any nesting level, a lone surrogate, a control character or deep nesting, Then `run` exits 0 or 2
with one line and no traceback, a rejected line changes nothing, and the log reopens from its stored bytes
and verifies.
"""

import io
import os
import json
import re
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combatlog.cli.main import main
from combatlog.events.stores import SQLiteStore, open_store
from combatlog.replay.engine import Encounter
from combatlog.replay.verify import verify_encounter

SETUP = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 5, "lang": "fr"},
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "start"},
]

# Commands that are valid (or nearly) in the fight above; every value inside them gets replaced in turn.
SHAPES = [
    {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "at": [5, 5],
     "overrides": {"speed": 9, "swim_speed": 3, "max_hp": 8}},
    {"do": "add", "id": "orc", "side": "goblins", "kind": "monster",
     "stats": {"ac": 13, "max_hp": 15, "speed": 9, "proficiency_bonus": 2,
               "abilities": {"str": 16, "dex": 12, "con": 16, "int": 7, "wis": 11, "cha": 10},
               "attacks": [{"id": "axe", "kind": "melee", "to_hit": 5, "reach": 1.5,
                            "damage": [{"roll": "1d12+3", "type": "slashing"}]},
                           {"id": "javelin", "kind": "ranged", "to_hit": 5, "range": [9, 36],
                            "damage": [{"roll": "1d6+3", "type": "piercing"}]}]}},
    {"do": "condition", "target": "gob1", "add": "prone", "until": {"rounds": 2, "of": "aria"}},
    {"do": "condition", "target": "gob1", "add": "poisoned", "until": {"save": {"ability": "con", "dc": 12}}},
    {"do": "condition", "target": "gob1", "add": "frightened", "until": "end_of_turn", "of": "aria"},
    {"do": "damage", "targets": ["gob1"], "roll": "2d6", "type": "fire",
     "save": {"ability": "dex", "dc": 13, "half": True}, "dice": [10, 3, 4]},
    {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 6]},
    {"do": "move", "id": "aria", "path": [[2, 3], [2, 4]]},
    {"do": "action", "id": "aria", "action": "ready", "trigger": "a goblin comes near",
     "response": {"do": "attack", "target": "gob1", "with": "longsword"}},
    {"do": "heal", "target": "gob1", "amount": 3},
    {"do": "save", "id": "gob1", "ability": "dex", "dc": 12, "dice": [8]},
    {"do": "undo", "steps": 1},
    {"do": "revert", "to": 9},
    {"do": "create", "ruleset": "dnd5e-2024", "seed": "abc", "name": "again"},
]

RAW = "\x00raw\x00"  # marks a JSON token written verbatim (NaN, 1e400, deep nesting)


class Raw:
    def __init__(self, text: str):
        self.text = text


def to_text(value) -> str:
    """JSON text, with Raw tokens written verbatim and strings escaped as JSON escapes (lone surrogates too)."""
    tokens: list[str] = []

    def prepare(item):
        if isinstance(item, Raw):
            tokens.append(item.text)
            return f"{RAW}{len(tokens) - 1}{RAW}"
        if isinstance(item, dict):
            return {key: prepare(child) for key, child in item.items()}
        if isinstance(item, list):
            return [prepare(child) for child in item]
        return item

    text = json.dumps(prepare(value), ensure_ascii=True)
    return re.sub(r'"\\u0000raw\\u0000(\d+)\\u0000raw\\u0000"', lambda m: tokens[int(m.group(1))], text)


NASTY = st.one_of(
    st.sampled_from([Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1e400"), Raw("-1e400"), Raw("1e308"),
                     Raw("9" * 40), Raw("-" + "9" * 25), Raw(str(2**63)), Raw(str(2**64)), Raw("1" * 5000)]),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["\ud800", "a\udfffb", "gob\x1b[31m", "x\ny", "x\r", "\u2028", "\u202e", "\x00", "\x7f", "\x9b",
                     "", " ", "g" * 5000, "é" * 300, "gob1", "aria", "nan", "1e400"]),
    st.text(max_size=12),
    st.sampled_from([None, True, False, [], {}, [1, 2], {"a": 1}, [[]], {"rounds": "x"}]),
    st.integers(2, 4000).map(lambda depth: Raw("[" * depth + "]" * depth)),
    st.integers(2, 4000).map(lambda depth: Raw('{"a":' * depth + "1" + "}" * depth)),
)


def paths(value, prefix=()):
    """Every place inside a command: its keys at every level and the items of its lists."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, prefix + (index,))


def replaced(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = replaced(copy[head], rest, new)
    return copy


@st.composite
def bad_lines(draw):
    shape = draw(st.sampled_from(SHAPES))
    places = [path for path in paths(shape) if path and path != ("do",)]
    path = draw(st.sampled_from(places))
    value = replaced(shape, path, draw(NASTY))
    if draw(st.booleans()) and isinstance(value, dict):  # an extra key, at the top or inside
        inner = draw(st.sampled_from([p for p in paths(value) if isinstance(_get(value, p), dict)]))
        value = replaced(value, inner, {**_get(value, inner), draw(st.sampled_from(["x", "\ud800", "a\nb"])): draw(NASTY)})
    return to_text(value)


def _get(value, path):
    for part in path:
        value = value[part]
    return value


@pytest.fixture(scope="module")
def fight(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fight")
    log = folder / "fight.db"
    script = folder / "setup.jsonl"
    script.write_text("\n".join(json.dumps(command) for command in SETUP) + "\n", encoding="utf-8")
    assert cli("run", str(script), "--log", str(log), "-q")[0] == 0
    return log


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def rows(log: Path) -> list:
    with SQLiteStore(log, readonly=True) as store:
        return [(seq, bytes(body), digest) for seq, _, _, body, digest in store.rows("default")]


def assert_sound(log: Path) -> None:
    """The log reopens from its stored bytes, folds, and verifies."""
    with open_store(log) as store:
        Encounter(store, "default")
        assert verify_encounter(store, "default") == []


def run_line(fight: Path, folder: Path, line: str) -> tuple[int, str]:
    log = folder / "log.db"
    shutil.copyfile(fight, log)
    before = rows(log)
    script = folder / "line.jsonl"
    script.write_bytes(line.encode("utf-8", "surrogatepass") + b"\n")
    code, _, err = cli("run", str(script), "--log", str(log), "-q")
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err
        assert err.startswith("line 1: "), err
        assert "could not be run" not in err, f"an internal error instead of a refusal: {err}"
        assert rows(log) == before, "a rejected command changed the log"
    assert_sound(log)
    return code, err


PROPERTY = settings(max_examples=int(os.environ.get("ROBUST_EXAMPLES", 60)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@PROPERTY
@given(line=bad_lines())
def test_any_bad_value_anywhere_is_refused_in_one_line_or_accepted_soundly(fight, tmp_path_factory, line):
    run_line(fight, tmp_path_factory.mktemp("case"), line)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=10,
)


@PROPERTY
@given(do=st.sampled_from(["add", "condition", "damage", "attack", "move", "action", "create", "undo", "end_turn"]),
       fields=st.dictionaries(st.sampled_from(["id", "target", "until", "overrides", "stats", "save", "of", "path",
                                               "dice", "seed", "response", "rounds", "amount", "name", "with"]),
                              JSON_VALUES, max_size=4))
def test_random_json_in_known_fields_never_breaks_the_log(fight, tmp_path_factory, do, fields):
    text = json.dumps({"do": do, **fields}, allow_nan=True, ensure_ascii=True)
    run_line(fight, tmp_path_factory.mktemp("case"), text)


@pytest.mark.parametrize("line, fragment", [
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":NaN}}', "NaN"),
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":Infinity}}', "Infinity"),
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":1e400}}', "overrides.speed"),
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"swim_speed":-1}}', "overrides.swim_speed"),
    ('{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":1e9}}', "overrides.speed"),
    ('{"do":"condition","target":"gob1","add":"prone","until":{"rounds":NaN}}', "NaN"),
    ('{"do":"condition","target":"gob1","add":"prone","until":{"rounds":[1]}}', "until.rounds"),
    ('{"do":"condition","target":"gob1","add":"prone","until":{"rounds":"two"}}', "until.rounds"),
    ('{"do":"condition","target":"gob1","add":"prone","until":{"save":{"ability":"con","dc":"x"}}}', "until.save.dc"),
    ('{"do":"condition","target":"gob1","add":"prone","until":{"end_of_turn":true,"of":["aria"]}}', "until.of"),
    ('{"do":"add","id":"g2","side":"g","template":"' + "g" * 5000 + '"}', "5000"),
    ('{"do":"add","id":"g\\u001b[2J","side":"g","template":"goblin"}', "U+001B"),
    ('{"do":"add","id":"g2","name":"a\\nb","side":"g","template":"goblin"}', "U+000A"),
    ('{"do":"add","id":"g2","name":"\\ud800","side":"g","template":"goblin"}', "U+D800"),
    ('{"do":"heal","target":"gob1","amount":' + "9" * 30 + "}", "hors limites"),
    ('[' * 100000 + ']' * 100000, "imbriqué trop profondément"),
    ('{"do":"end_turn","note":' + '[' * 50 + ']' * 50 + '}', "imbriqué sur plus de"),
])
def test_each_reported_bad_input_is_refused_by_name_and_changes_nothing(fight, tmp_path, line, fragment):
    code, err = run_line(fight, tmp_path, line)
    assert code == 2
    assert fragment in err, err


def test_an_empty_seed_is_refused_because_its_rolls_could_not_be_replayed(tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text('{"do": "create", "ruleset": "dnd5e-2024", "seed": ""}\n', encoding="utf-8")
    code, _, err = cli("run", str(script), "--log", str(tmp_path / "log.db"), "-q")
    assert code == 2 and "seed" in err


def test_the_french_message_names_the_field_too(tmp_path, fight):
    code, err = run_line(fight, tmp_path, '{"do":"add","id":"g2","side":"g","template":"goblin","overrides":{"speed":NaN}}')
    assert code == 2 and "champ 'overrides.speed'" in err  # the encounter is in French


def test_the_python_api_refuses_values_no_json_holds(tmp_path):
    from combatlog.core.kernel.errors import RuleViolation
    from combatlog.events.stores import MemoryStore

    encounter = Encounter(MemoryStore(), "e")
    encounter.execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 1})
    for bad in ({"do": "end_turn", "note": {1, 2}}, {"do": "end_turn", 3: "x"}, {"do": "end_turn", "note": float("nan")}):
        with pytest.raises(RuleViolation):
            encounter.execute(bad)
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(RuleViolation):
        encounter.execute({"do": "end_turn", "note": deep})
    with pytest.raises(RuleViolation):
        encounter.execute({"do": "end_turn"}, actor="dm\x1b[31m")
    assert encounter.next_seq == 2
