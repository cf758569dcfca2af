"""Property (INTERFACE.md §7, issue 21): random spends, recharges, legendary actions and resistances, rests
and undos. Whatever the order, an undo gives back exactly the state document before the command it undoes,
a refused command changes nothing, what is left stays within [0, max], and the log replays to the live state."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.stores import MemoryStore
from combatlog.projections.document import state_document
from combatlog.replay.engine import Encounter
from resources_support import dragon_stats, pc_stats

ARIA = pc_stats(uses=[{"id": "channel", "max": 1, "per": "short_rest"}, {"id": "wind", "max": 2}],
                attacks=[{"id": "smite", "kind": "melee", "to_hit": 5, "reach": 30, "uses": "channel",
                          "damage": [{"roll": "2d8", "type": "radiant"}]},
                         {"id": "gust", "kind": "melee", "to_hit": 5, "reach": 30, "uses": "wind",
                          "damage": [{"roll": "1d6", "type": "force"}]}])


def command(kind: str, face: int, d20: int) -> dict:
    return {
        "breath": {"do": "attack", "attacker": "dragon", "with": "fire-breath", "targets": ["aria"],
                   "dice": [d20] + [face] * 18},
        "smite": {"do": "attack", "attacker": "aria", "target": "dragon", "with": "smite", "dice": [d20, face, face]},
        "gust": {"do": "attack", "attacker": "aria", "target": "dragon", "with": "gust", "dice": [d20, face]},
        "tail": {"do": "legendary", "id": "dragon", "action": "tail-attack", "target": "aria", "dice": [d20, face, face]},
        "wing": {"do": "legendary", "id": "dragon", "action": "wing-attack", "targets": ["aria"], "dice": [d20, face, face]},
        "resist": {"do": "save", "id": "dragon", "ability": "con", "dc": 30, "legendary_resistance": ["dragon"],
                   "dice": [d20]},
        "end_turn": {"do": "end_turn"},
        "end_turn_d6": {"do": "end_turn", "dice": [face]},
        "heal": {"do": "heal", "target": "aria", "amount": face * 3},
        "end": {"do": "end"},
        "short_rest": {"do": "rest", "kind": "short", "ids": ["aria", "dragon"]},
        "long_rest": {"do": "rest", "kind": "long", "ids": ["aria", "dragon"]},
        "start": {"do": "start"},
    }[kind]


KINDS = ["breath", "breath", "smite", "gust", "gust", "tail", "tail", "wing", "resist", "end_turn", "end_turn",
         "end_turn", "end_turn_d6", "end_turn_d6", "heal", "short_rest", "long_rest", "undo", "undo", "undo"] * 2 + ["end"]


def document(encounter: Encounter) -> dict:
    return {**state_document(encounter.state), "seq": None}


def within_bounds(doc: dict) -> None:
    for creature in doc["combatants"].values():
        for counter in [*creature.get("uses", {}).values(), creature.get("legendary_actions"),
                        creature.get("legendary_resistance")]:
            if counter is not None:
                assert 0 <= counter["left"] <= counter["max"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["dnd5e-2014", "dnd5e-2024", "rolenplay"]), st.integers(0, 1000),
       st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 6), st.integers(1, 20)), max_size=40))
def test_random_spends_rests_and_undos_undo_restores_the_previous_state_document(ruleset, seed, steps):
    store = MemoryStore()
    encounter = Encounter(store, "prop", snapshot_every=0)
    encounter.execute({"do": "create", "ruleset": ruleset, "seed": seed})
    encounter.execute({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": ARIA})
    encounter.execute({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster",
                       "stats": dragon_stats(lair_actions=ruleset != "dnd5e-2024", legendary_resistance=2)})
    encounter.execute({"do": "initiative", "id": "aria", "value": 21})
    encounter.execute({"do": "initiative", "id": "dragon", "value": 10})
    encounter.execute({"do": "start"})
    before_each: list[dict] = []
    for kind, face, d20 in steps:
        now = document(encounter)
        if kind == "undo":
            if before_each:
                encounter.execute({"do": "undo"})
                assert document(encounter) == before_each.pop()
            continue
        try:
            encounter.execute(command(kind, face, d20))
        except RuleViolation:
            assert document(encounter) == now
            continue
        before_each.append(now)
        within_bounds(document(encounter))
    assert document(Encounter(store, "prop", snapshot_every=0)) == document(encounter)
