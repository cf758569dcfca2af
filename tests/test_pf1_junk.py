"""Bad input never breaks the pf1 rules: any value in any field of any command is accepted or refused with a
RuleViolation (a one-line message in both languages), never another exception, and a refusal appends nothing."""

import json
from pathlib import Path

import hypothesis.strategies as st
import msgspec
from hypothesis import HealthCheck, given, settings

from combatlog.core.errors import RuleViolation
from combatlog.core.rulesets.pf1 import commands as c
from combatlog.events.stores.memory import MemoryStore
from combatlog.replay.engine import Encounter

FIGHT = Path(__file__).parent.parent / "fixtures" / "encounters" / "pf1_ford_ambush.jsonl"
PREFIX = [json.loads(line) for line in FIGHT.read_text(encoding="utf-8").splitlines() if line.strip()][:40]
FIELDS = {cls.__struct_config__.tag: [f for f in cls.__struct_fields__ if f != "note"] for cls in c.AnyCommand.__args__}
IDS = ["brann", "lisette", "agathe", "eloi", "gob1", "gob2", "orc", "wolf", "nobody"]
JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from(IDS + ["longsword", "trip", "fire", ""]),
              st.floats(allow_nan=False, allow_infinity=False, width=16)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["with", "target", "do", "path",
                                                                                          "maneuver", "five_foot_step", "id"]), inner, max_size=3)),
    max_leaves=6)


def _encounter() -> Encounter:
    encounter = Encounter(MemoryStore(), "junk")
    for command in PREFIX:
        encounter.execute(command)
    return encounter


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_field_value_is_accepted_or_refused_cleanly(data):
    encounter = _encounter()
    name = data.draw(st.sampled_from(sorted(FIELDS)))
    command = {"do": name}
    for field in data.draw(st.lists(st.sampled_from(FIELDS[name] or ["x"]), max_size=5, unique=True)):
        key = "with" if field == "with_" else field
        command[key] = data.draw(JUNK)
    before = len(encounter.records)
    try:
        encounter.execute(command)
    except RuleViolation as error:
        assert len(encounter.records) == before
        assert "\n" not in error.message and error.message_fr
    msgspec.json.encode(encounter.records[-1])
