"""Replay on a long real log: full replay, `state --at` with and without snapshots, undo.

    python benchmarks/bench_replay.py --events 100000
    python benchmarks/bench_replay.py --events 1000000 --keep /tmp/bench-1m.db   # reuse the log next time

The log is built through the whole engine (command -> decide -> append -> fold) into a SQLite file, the
way `bench_engine.py` does, with snapshots every K events written as it goes (the engine's default).
"""

import argparse
import contextlib
import gc
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import play  # noqa: E402

from combatlog.cli.main import main as cli_main  # noqa: E402
from combatlog.events.stores import SQLiteStore  # noqa: E402
from combatlog.replay.engine import Encounter  # noqa: E402
from combatlog.replay.snapshots import DEFAULT_EVERY, Snapshots, state_at  # noqa: E402
from combatlog.replay.timeline import rebuild  # noqa: E402


def timed(function, *args, **kwargs):
    began = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - began


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def cli_state_at(path: Path, seq: int) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli_main(["state", str(path), "--json", "--at", str(seq)]) == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=DEFAULT_EVERY, help="snapshot interval K")
    parser.add_argument("--keep", default=None, help="build the log in this file (reused if it already exists)")
    parser.add_argument("--revert-back", type=int, default=5000, help="events the revert of the last part undoes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(args.keep) if args.keep else Path(folder) / "bench.db"
        run(path, args.events, args.every, args.revert_back)


def old_state_at(store, seq: int):
    """`state --at` before snapshots: open the encounter (read and fold everything), then fold again from 0."""
    encounter = Encounter(store, "bench", snapshot_every=0)
    return encounter.state_at(seq)


def run(path: Path, events: int, every: int, revert_back: int) -> None:
    with SQLiteStore(path) as store:
        if store.last("bench")[0] == 0:
            encounter, elapsed = timed(Encounter, store, "bench", snapshot_every=every)
            commands, elapsed = timed(play, encounter, events)
            count = len(encounter.records)
            print(f"build: {commands:,} commands, {count:,} events in {elapsed:.1f} s = {count / elapsed:,.0f} events/s "
                  f"live; {len(store.snapshot_seqs('bench'))} snapshots (every {every})")
            del encounter
        count = store.last("bench")[0]
        print(f"log: {count:,} events, {path.stat().st_size / 2**20:,.0f} MiB with its snapshots")

        # Full replay from 0, as `state` on a log without snapshots would do it.
        gc.collect()
        gc.freeze()
        records, read = timed(lambda: list(store.read("bench")))
        (state, _), fold = timed(rebuild, records)
        gc.unfreeze()
        print(f"full replay: read+verify {read:.2f} s ({count / read:,.0f} events/s), fold {fold:.2f} s "
              f"({count / fold:,.0f} events/s), both {count / (read + fold):,.0f} events/s")

        # Time travel: in memory (the log already read) and from the store (what `state --at` does).
        points = [count // 10, count // 2, count * 9 // 10, count - 2]
        memory = Snapshots(store, "bench", every)
        print("state --at SEQ   | no snapshots: fold from 0   old state --at (read all, fold twice) "
              "| snapshots: in memory   from the file   CLI command (in-process)")
        for seq in points:
            # From the file first: a replay may keep a new snapshot (a bucket of K events without one yet).
            from_file, stored = timed(state_at, store, "bench", seq)
            _, command = timed(cli_state_at, path, seq)
            _, old = timed(old_state_at, store, seq)
            expected, plain = timed(lambda: rebuild(records, seq)[0])
            got, fast = timed(memory.replay, records, seq)
            assert got == expected and from_file == expected
            print(f"  {seq:>12,}   | {ms(plain):>25}   {ms(old):>37} | {ms(fast):>20}   {ms(stored):>13}   "
                  f"{ms(command):>24}   (folded {memory.folded} from snapshot {memory.base:,})")
        del records
        gc.collect()

        # Undo: the command's own latency, the log already open (opening reads every event: reported apart).
        for label, interval in (("no snapshots", 0), ("snapshots", every)):
            encounter, opened = timed(Encounter, store, "bench", snapshot_every=interval)
            _, undo = timed(encounter.execute, {"do": "undo"})
            _, redo = timed(encounter.execute, {"do": "redo"})
            _, undo3 = timed(encounter.execute, {"do": "undo", "steps": 3})
            _, redo3 = timed(encounter.execute, {"do": "redo", "steps": 3})
            print(f"undo, {label:<12}: open {opened:.2f} s; undo {ms(undo)}, redo {ms(redo)}, "
                  f"undo 3 {ms(undo3)}, redo 3 {ms(redo3)}")
            del encounter
            gc.collect()

        # A revert makes every snapshot after its point stale for what follows: its undo starts before it.
        encounter = Encounter(store, "bench", snapshot_every=every)
        count = len(encounter.records)
        middle = next(r.seq for r in reversed(encounter.records[: count - revert_back]) if r.seq == r.txn) - 1
        _, revert = timed(encounter.execute, {"do": "revert", "to": middle})
        base_revert = encounter.snapshots.base
        _, undo = timed(encounter.execute, {"do": "undo"})
        _, again = timed(encounter.execute, {"do": "undo"})
        print(f"revert to {middle:,}: {ms(revert)} (from snapshot {base_revert:,}); its undo {ms(undo)} "
              f"(from {encounter.snapshots.base:,}, folded {encounter.snapshots.folded:,}); one more undo {ms(again)}")


if __name__ == "__main__":
    main()
