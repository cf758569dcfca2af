"""Property: `rederive` accepts every log the engine writes, and pins any single edited field of a derived event.

Given a log produced by a random command sequence (either 5e ruleset; accepted and refused commands mixed,
typed-in dice and the seeded RNG, undo, redo and revert), When it is re-derived, Then nothing differs.
When one int, bool or str field of one event that is not a CommandIssued is changed (the rest of the
record kept), Then re-derivation reports exactly that event's seq.
"""

import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.meta import CommandIssued
from combatlog.events.stores import MemoryStore
from combatlog.replay.engine import Encounter
from combatlog.replay.verify import rederive

ROSTER = [
    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard", "at": [2, 3]},
    {"do": "add", "id": "orc", "side": "goblins", "template": "orc", "at": [3, 3]},
]
IDS = [add["id"] for add in ROSTER]
WEAPONS = {"aria": ["longsword", "handaxe"], "gob1": ["scimitar", "shortbow"], "wiz": ["dagger", "fire_bolt"],
           "orc": ["greataxe", "javelin"]}
ABILITIES = ["str", "dex", "con", "int", "wis", "cha"]
CONDITIONS = ["prone", "poisoned", "restrained", "frightened", "stunned", "unconscious", "exhaustion"]
KINDS = (["attack"] * 6 + ["damage"] * 3 + ["heal"] * 2 + ["end_turn"] * 4 + ["condition"] * 2 + ["save", "check"]
         + ["death_save"] * 2 + ["stabilize", "temp_hp", "move", "action", "stand", "undo", "undo", "redo", "revert"])


def command(rng: random.Random, encounter: Encounter) -> dict:
    """A command that mostly fits the fight (whose turn, which weapons, who may react), sometimes not."""
    state = encounter.state
    if state.windows and rng.random() < 0.8:
        reactor = rng.choice(state.windows[-1].reactors)
        return rng.choice([{"do": "pass", "id": reactor}, {"do": "react", "id": reactor, "with": "opportunity_attack"},
                           {"do": "react", "id": reactor, "with": "shield"}])
    present = sorted(state.combatants) or IDS
    actor = state.turn if state.turn and rng.random() < 0.8 else rng.choice(present)
    other = rng.choice(present)
    dice = [rng.randint(1, 20)] + [rng.randint(1, 6) for _ in range(rng.randint(0, 2))] if rng.random() < 0.25 else None
    match rng.choice(KINDS):
        case "attack":
            raw = {"do": "attack", "attacker": actor, "target": other, "with": rng.choice(WEAPONS.get(actor, ["club"]))}
            if rng.random() < 0.2:
                raw[rng.choice(["advantage", "disadvantage"])] = True
        case "damage":
            raw = {"do": "damage", "target": other, "type": rng.choice(["fire", "slashing", "poison"])}
            if rng.random() < 0.5:
                raw["amount"] = rng.randint(0, 25)
            else:
                raw["roll"] = rng.choice(["1d6", "2d6+1", "3d8"])
            if rng.random() < 0.3:
                raw["save"] = {"ability": rng.choice(ABILITIES), "dc": rng.randint(8, 18), "half": True}
        case "heal":
            raw = {"do": "heal", "target": other, "amount": rng.randint(1, 12)}
        case "temp_hp":
            raw = {"do": "temp_hp", "target": other, "amount": rng.randint(1, 8)}
        case "condition":
            raw = {"do": "condition", "target": other, rng.choice(["add", "add", "remove"]): rng.choice(CONDITIONS)}
        case "save":
            raw = {"do": "save", "id": other, "ability": rng.choice(ABILITIES), "dc": rng.randint(5, 20)}
        case "check":
            raw = {"do": "check", "id": other, "ability": rng.choice(ABILITIES), "dc": rng.randint(5, 20)}
        case "death_save":
            raw = {"do": "death_save", "id": actor}
        case "stabilize":
            raw = {"do": "stabilize", "id": actor, "target": other}
        case "move":
            here = state.combatants[actor].position if actor in state.combatants else None
            x, y = here or (0, 0)
            raw = {"do": "move", "id": actor, "path": [[x + rng.choice([-1, 1]), y + rng.choice([-1, 0, 1])]]}
        case "action":
            raw = {"do": "action", "id": actor, "action": rng.choice(["dash", "dodge", "disengage"])}
        case "stand":
            raw = {"do": "stand", "id": actor}
        case "undo" | "redo":
            return {"do": rng.choice(["undo", "redo"]), "steps": rng.choice([1, 1, 2])}
        case "revert":
            ends = [r.seq for r, after in zip(encounter.records, encounter.records[1:]) if after.txn != r.txn]
            return {"do": "revert", "to": rng.choice(ends[len(ends) // 2:] or [0])}
        case _:
            return {"do": "end_turn"}
    if dice is not None and raw["do"] not in ("stand", "action", "heal", "temp_hp", "condition"):
        raw["dice"] = dice
    return raw


def random_log(ruleset: str, seed: int, steps: int) -> list:
    rng = random.Random(seed)
    encounter = Encounter(MemoryStore(), "e")
    roster = ROSTER[: rng.randint(2, 4)]
    for raw in [{"do": "create", "ruleset": ruleset, "seed": seed}, *roster,
                *({"do": "initiative", "id": add["id"], "value": 20 - n} for n, add in enumerate(roster)),
                {"do": "start"}]:
        encounter.execute(raw)
    for _ in range(steps):
        try:
            encounter.execute(command(rng, encounter))
        except RuleViolation:
            pass
    return encounter.records


def editable_fields(event) -> list[str]:
    """The event's own int, bool and str fields (the `type` tag is not a field)."""
    return [name for name in event.__struct_fields__ if isinstance(getattr(event, name), (int, bool, str))]


def edited(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return value + "x" if value else "x"


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LOGS = st.tuples(st.sampled_from(["dnd5e-2014", "dnd5e-2024"]), st.integers(0, 10**6), st.integers(5, 60))


@PROPERTY
@given(log=LOGS)
def test_a_log_written_by_the_engine_re_derives_identically(log):
    records = random_log(*log)
    assert rederive(records) is None


@PROPERTY
@given(log=LOGS, picks=st.lists(st.integers(0, 2**32), min_size=1, max_size=4))
def test_one_edited_field_of_a_derived_event_is_reported_at_its_seq(log, picks):
    records = random_log(*log)
    candidates = [r for r in records if not isinstance(r.event, CommandIssued) and editable_fields(r.event)]
    for pick in picks:
        record = candidates[pick % len(candidates)]
        fields = editable_fields(record.event)
        name = fields[(pick // len(candidates)) % len(fields)]
        event = msgspec.structs.replace(record.event, **{name: edited(getattr(record.event, name))})
        tampered = list(records)
        tampered[record.seq] = msgspec.structs.replace(record, event=event)
        found = rederive(tampered)
        assert found is not None, f"{type(event).__name__}.{name} edited at {record.seq} went unnoticed"
        assert found.seq == record.seq, f"{type(event).__name__}.{name} edited at {record.seq}: {found}"
