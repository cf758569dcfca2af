"""A long real fight through the whole engine: command -> decide -> append -> fold, then replay, time travel and undo.

    python benchmarks/bench_engine.py --events 100000
"""

import argparse
import gc
import tempfile
import time
from pathlib import Path

from combatlog.events.stores import SQLiteStore
from combatlog.replay.engine import Encounter
from combatlog.replay.timeline import rebuild

TOUGH = {"ac": 12, "max_hp": 100000, "speed": 9, "proficiency_bonus": 2,
         "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}


def play(encounter: Encounter, events: int) -> int:
    """Two sturdy brawlers trade blows (and heals) until the log holds `events` events; returns commands run."""
    for command in (
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
        {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": TOUGH, "at": [0, 0]},
        {"do": "add", "id": "b", "side": "y", "kind": "monster", "stats": TOUGH, "at": [1, 0]},
        {"do": "initiative", "id": "a", "value": 10},
        {"do": "initiative", "id": "b", "value": 5},
        {"do": "start"},
    ):
        encounter.execute(command)
    commands = 6
    while encounter.next_seq < events:
        attacker = encounter.state.turn
        target = "b" if attacker == "a" else "a"
        encounter.execute({"do": "attack", "attacker": attacker, "target": target, "with": "club"})
        encounter.execute({"do": "heal", "target": target, "amount": 3})
        encounter.execute({"do": "end_turn"})
        commands += 3
    return commands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        with SQLiteStore(path) as store:
            began = time.perf_counter()
            commands = play(Encounter(store, "bench"), args.events)
            elapsed = time.perf_counter() - began
            count = len(list(store.read("bench")))
            print(f"live: {commands} commands, {count} events in {elapsed:.2f} s = {count / elapsed:,.0f} events/s "
                  f"({elapsed / commands * 1e3:.2f} ms a command)")

            gc.collect()
            gc.freeze()
            began = time.perf_counter()
            records = list(store.read("bench"))
            read = time.perf_counter() - began
            state, _ = rebuild(records)
            total = time.perf_counter() - began
            gc.unfreeze()
            print(f"replay: read+verify {read:.2f} s, read+fold {total:.2f} s = {count / total:,.0f} events/s")

            began = time.perf_counter()
            rebuild(records, count // 2)
            print(f"state --at (middle of the log): {time.perf_counter() - began:.2f} s")

            encounter = Encounter(store, "bench")
            began = time.perf_counter()
            encounter.execute({"do": "undo"})
            print(f"undo (open log excluded): {time.perf_counter() - began:.2f} s")


if __name__ == "__main__":
    main()
