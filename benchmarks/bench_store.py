"""Append N synthetic events to a fresh SQLite log in 5-event transactions, then replay them all."""

import argparse
import gc
import os
import tempfile
import time
from pathlib import Path

from combatlog.events.attacks import AttackRolled
from combatlog.events.damage import DamageTaken
from combatlog.events.envelope import Recorded
from combatlog.events.meta import CommandIssued
from combatlog.events.stores import SQLiteStore
from combatlog.events.turns import EconomySpent, TurnEnded
from combatlog.events.values import DamagePart, Modifier

AT = "2026-01-01T00:00:00Z"


def transaction(start: int, size: int) -> list[Recorded]:
    """A command as the engine would log it: CommandIssued, then what the attack caused."""
    hp = 1000 - start % 900
    events = [
        CommandIssued(
            command={"do": "attack", "by": "goblin-1", "target": "fighter", "with": "scimitar"}, rng_position=start
        ),
        EconomySpent(id="goblin-1", resource="action", attacks_left=0),
        AttackRolled(
            attacker="goblin-1",
            target="fighter",
            attack="scimitar",
            faces=(14,),
            natural=14,
            modifiers=(Modifier("dex", 2), Modifier("proficiency", 2)),
            total=18,
            target_ac=16,
            hit=True,
        ),
        DamageTaken(
            target="fighter",
            source="goblin-1",
            total=5,
            hp_before=hp,
            hp_after=hp - 5,
            parts=(DamagePart(type="slashing", roll="1d6+2", faces=(3,), rolled=5, adjusted=5, applied=5),),
        ),
        TurnEnded(id="goblin-1", round=start // 50 + 1),
    ]
    return [Recorded(seq=start + i, txn=start, at=AT, actor="dm", event=event) for i, event in enumerate(events[:size])]


def main() -> None:
    """Run the benchmark and print events/s for append and replay."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--path", type=Path, help="SQLite file to create (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.path or Path(folder) / "bench.db"
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)
        batches = [transaction(start, min(5, args.events - start)) for start in range(0, args.events, 5)]
        run(path, batches, args.events)
        print(f"file: {os.path.getsize(path) / 1e6:.1f} MB")


def run(path: Path, batches: list[list[Recorded]], count: int) -> None:
    """Append every batch as one transaction, then read the whole encounter back with the GC out of the way."""
    with SQLiteStore(path) as store:
        began = time.perf_counter()
        for batch in batches:
            store.append("bench", batch, batch[0].seq)
        report("append", count, time.perf_counter() - began)

        gc.collect()
        gc.freeze()
        gc.disable()
        try:
            began = time.perf_counter()
            replayed = list(store.read("bench"))
            elapsed = time.perf_counter() - began
        finally:
            gc.enable()
            gc.unfreeze()
        assert len(replayed) == count
        report("replay", count, elapsed)


def report(what: str, count: int, seconds: float) -> None:
    print(f"{what}: {count} events in {seconds:.2f} s = {count / seconds:,.0f} events/s")


if __name__ == "__main__":
    main()
