"""The project's benchmark: what every verb costs on logs of 1k, 100k and 1M events, against the goals.

    python benchmarks/run.py                  # 1k, 100k and 1M events (builds them: a few minutes)
    python benchmarks/run.py --quick          # 1k and 5k events, few samples: a smoke run
    python benchmarks/run.py --keep /tmp/logs # keep the built logs there and reuse them next time

Logs are built through the real engine (command -> decide -> append -> fold, snapshots as they come):
two sturdy brawlers trade blows and heals. Then, for each size:

- whole processes (the CLI run by benchmarks/child.py, the median of several, each one's own peak RSS):
  `run` of one command, `state --json`, `state --json --at SEQ` (500 events past the snapshot below the middle),
  undo and redo (each a `run` of one undo/redo command), `state --json --replay`;
- `verify --jobs 1` and `verify --jobs N` (N cores) beside `state --json --replay` of the same log, interleaved;
- in process (log already open where it says so): open, state --at, undo, redo, one command, full replay;
- the ceiling: a plain `msgspec.json.decode` of every stored body (garbage collector off), same run;
- live commands against the `eventsourcing` library (a benchmark-only extra) doing the same saves.

It prints the table of goals with measured values and ratios and writes everything as JSON.
Every figure is a median of several samples, in wall-clock time and in CPU time (user + system, of the
child process or of this one). The goals are judged on CPU time: on a machine shared with other work, wall
time mostly measures the neighbours; both are printed and written.
"""

import argparse
import gc
import json
import os
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import hashlib  # noqa: E402

import msgspec  # noqa: E402

from combatlog.events.stores import SQLiteStore  # noqa: E402
from combatlog.replay.engine import Encounter  # noqa: E402
from combatlog.core.kernel.state import KernelState as EncounterState  # noqa: E402
from combatlog.events.codec import default_codec  # noqa: E402
from combatlog.projections.fold import fold  # noqa: E402
from combatlog.replay.full import markers, out_of_force, quiet_gc, replay_full, stream_records  # noqa: E402

ENCOUNTER = "bench"
TOUGH = {"ac": 12, "max_hp": 1000000, "speed": 9, "proficiency_bonus": 2,
         "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}
OPENING = (
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
    {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": TOUGH, "at": [0, 0]},
    {"do": "add", "id": "b", "side": "y", "kind": "monster", "stats": TOUGH, "at": [1, 0]},
    {"do": "initiative", "id": "a", "value": 10},
    {"do": "initiative", "id": "b", "value": 5},
    {"do": "start"},
)
ONE_COMMAND = {"do": "heal", "target": "a", "amount": 1}
FULL = (1_000, 100_000, 1_000_000)
QUICK = (1_000, 5_000)


def play(encounter: Encounter, events: int) -> int:
    """Attack, heal, end turn, over and over, until the log holds `events` events; returns commands run."""
    commands = 0
    if encounter.next_seq == 0:
        for command in OPENING:
            encounter.execute(command)
            commands += 1
    while encounter.next_seq < events:
        attacker = encounter.state.turn
        target = "b" if attacker == "a" else "a"
        encounter.execute({"do": "attack", "attacker": attacker, "target": target, "with": "club"})
        encounter.execute({"do": "heal", "target": target, "amount": 3})
        encounter.execute({"do": "end_turn"})
        commands += 3
    return commands


def median_of(function, samples: int) -> dict:
    """Median wall and CPU seconds of `samples` calls."""
    walls, cpus = [], []
    for _ in range(samples):
        began, cpu = time.perf_counter(), time.process_time()
        function()
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - began)
    return {"wall": statistics.median(walls), "cpu": statistics.median(cpus)}


# ---------------------------------------------------------------------------------------- whole processes
def compile_package() -> bool:
    """Write the bytecode of every module of the package, as `pip install` does: a process of the CLI then reads
    it rather than compiling each module it imports (with PYTHONDONTWRITEBYTECODE set, as on some machines, an
    editable install never writes it, and every CLI start would measure the compiler). True when all compiled."""
    import compileall

    import combatlog

    checkout = Path(combatlog.__file__).resolve().parent.parent  # the folders the editable install maps
    skip = re.compile(r"[/\\](\.venv|\.git|build|tests|benchmarks|node_modules)([/\\]|$)")
    return bool(compileall.compile_dir(str(checkout), quiet=1, rx=skip))


def process(args: list[str], stdin: bytes | None = None) -> tuple[float, float, float]:
    """Run the combatlog CLI with ARGS as its own process, to the end: (wall seconds, CPU seconds, its peak
    RSS in MiB, as the process itself saw it: benchmarks/child.py)."""
    with tempfile.NamedTemporaryFile(suffix=".peak") as peak:
        environment = {**os.environ, "COMBATLOG_BENCH_PEAK": peak.name}
        began = time.perf_counter()
        child = subprocess.Popen([sys.executable, str(HERE / "child.py"), *args], stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
        child.stdin.write(stdin or b"")
        child.stdin.close()
        error = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - began
        child.returncode = os.waitstatus_to_exitcode(status)
        child.stderr.close()
        if child.returncode != 0:
            raise RuntimeError(f"combatlog {' '.join(args)} failed ({child.returncode}): {error.decode()}")
        rss = int(Path(peak.name).read_text() or 0) / 1024
    return elapsed, usage.ru_utime + usage.ru_stime, rss


def floor(code: str) -> tuple[float, float, float]:
    """Run `sys.executable -c CODE` as its own process, as `process` runs the CLI (same clock, same peak): what any
    Python process (`pass`), or any that imports msgspec, costs on this machine before a command does anything."""
    with tempfile.NamedTemporaryFile(suffix=".peak") as peak:
        environment = {**os.environ, "COMBATLOG_BENCH_PEAK": peak.name}
        began = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", FLOOR_PEAK.format(code=code)], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
        error = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - began
        child.stderr.close()
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"python -c {code!r} failed: {error.decode()}")
        rss = int(Path(peak.name).read_text() or 0) / 1024
    return elapsed, usage.ru_utime + usage.ru_stime, rss


# The floor's own peak, as benchmarks/child.py writes the CLI's (its reading of /proc costs after the clock's part
# that matters: the process is done with CODE by then).
FLOOR_PEAK = """{code}
import os
target = os.environ.get("COMBATLOG_BENCH_PEAK")
if target:
    with open("/proc/self/status", encoding="ascii") as status:
        peak = next((line.split()[1] for line in status if line.startswith("VmHWM:")), "0")
    with open(target, "w", encoding="ascii") as out:
        out.write(peak)
"""
# The floors of the CLI table (issue 25, goal 1), measured in the same run and the same way as the verbs: any
# Python process, and any that imports msgspec (which every command reading a log needs).
FLOORS = {"python -c pass": "pass", "import msgspec": "import msgspec"}
MSGSPEC_FLOOR = "import msgspec"


def processes(log: Path, count: int, samples: int, replay_samples: int) -> dict:
    """Median wall time and the highest peak RSS of each verb run as its own process, and of the floors beside
    them (with each verb's cost above the msgspec floor)."""
    verbs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in
                                                          ("run", "state", "state --at", "undo", "redo", "replay")
                                                          + START_VERBS + tuple(FLOORS)}
    middle = at_seq(log)
    last = count - 1
    script = lambda command: json.dumps(command).encode() + b"\n"  # noqa: E731
    for _ in range(samples):
        for name, code in FLOORS.items():
            verbs[name].append(floor(code))
        verbs["run"].append(process(["run", "-", "--log", str(log), "-q"], script(ONE_COMMAND)))
        verbs["undo"].append(process(["run", "-", "--log", str(log), "-q"], script({"do": "undo"})))
        verbs["redo"].append(process(["run", "-", "--log", str(log), "-q"], script({"do": "redo"})))
        verbs["state"].append(process(["state", str(log), "--json"]))
        verbs["state --at"].append(process(["state", str(log), "--json", "--at", str(middle)]))
        verbs["--version"].append(process(["--version"]))
        verbs["state (words)"].append(process(["state", str(log)]))
        verbs["diff"].append(process(["diff", str(log), str(last - 30), str(last)]))
        if count <= WHOLE_LOG_VERBS_UP_TO:  # their output is the whole log: timed on the small log only
            verbs["log"].append(process(["log", str(log)]))
            verbs["export"].append(process(["export", str(log)]))
    for _ in range(replay_samples):
        verbs["replay"].append(process(["state", str(log), "--json", "--replay"]))
    figures = {name: {"wall": statistics.median(t for t, _, _ in runs), "cpu": statistics.median(c for _, c, _ in runs),
                      "peak_mib": max(m for _, _, m in runs), "samples_wall": [round(t, 4) for t, _, _ in runs]}
               for name, runs in verbs.items() if runs}
    base = figures[MSGSPEC_FLOOR]
    for name, entry in figures.items():  # what the command adds to what any process importing msgspec costs here
        if name not in FLOORS:
            entry["above_msgspec_wall"] = entry["wall"] - base["wall"]
            entry["above_msgspec_cpu"] = entry["cpu"] - base["cpu"]
    return figures


# CLI start (issue 25, goal 1): the read commands, besides `run`, `state` (--json) and `state --at` above.
START_VERBS = ("--version", "state (words)", "diff", "log", "export")
WHOLE_LOG_VERBS_UP_TO = 10_000  # `log` and `export` print every event: timed on logs up to this size only
START_GOAL_MS = 100


TAIL = 500  # events after the newest snapshot that every size's `open`, `state` and `state --at` fold


def at_seq(log: Path) -> int:
    """The `--at` target: TAIL events past the snapshot nearest below the middle of the log (or from the
    first event when none is), so every size folds as far from its snapshot. Snapshots follow the commands
    (the one after each 1000 events), so they drift away from round numbers as a log grows."""
    with SQLiteStore(log, readonly=True) as store:
        middle = store.last(ENCOUNTER)[0] // 2
        below = [seq for seq in store.snapshot_seqs(ENCOUNTER) if seq <= middle]
    return (below[-1] if below else -1) + TAIL


def settle(log: Path) -> None:
    """Heal until TAIL events (or one or two more) follow the newest snapshot, through the next snapshot if
    the log's end is already further: opening any size then folds the same tail, and the figures compare the
    sizes rather than where each log's end happens to fall."""
    with SQLiteStore(log) as store:
        encounter = Encounter(store, ENCOUNTER)
        while not TAIL <= encounter.next_seq - 1 - max(encounter.snapshots.latest(), -1) < TAIL + 3:
            encounter.execute(ONE_COMMAND)


# ------------------------------------------------------------------------------------------- in process
def in_process(log: Path, samples: int) -> dict:
    results = {}
    samples = samples * 3  # sub-millisecond operations: more samples for a steady median
    with SQLiteStore(log) as store:
        results["open"] = median_of(lambda: Encounter(store, ENCOUNTER), samples)
        encounter = Encounter(store, ENCOUNTER)
        # Read-only, as `combatlog state --at` reads: a writable fold fills in a missing snapshot on its way,
        # and every later sample would start from it.
        at = at_seq(log)
        with SQLiteStore(log, readonly=True) as reader:
            viewer = Encounter(reader, ENCOUNTER)
            results["state --at"] = median_of(lambda: viewer.state_at(at), samples)
        undo, redo, command = [], [], []
        for _ in range(samples):
            undo.append(median_of(lambda: encounter.execute({"do": "undo"}), 1))
            redo.append(median_of(lambda: encounter.execute({"do": "redo"}), 1))
            command.append(median_of(lambda: encounter.execute(ONE_COMMAND), 1))
        for name, runs in (("undo", undo), ("redo", redo), ("run", command)):
            results[name] = {key: statistics.median(run[key] for run in runs) for key in ("wall", "cpu")}
        # Undo in a freshly opened encounter: nothing remembered, the state comes from a snapshot and a fold.
        cold = []
        for _ in range(samples):
            fresh = Encounter(store, ENCOUNTER)
            cold.append(median_of(lambda: fresh.execute({"do": "undo"}), 1))
            Encounter(store, ENCOUNTER).execute({"do": "redo"})
        results["undo (just opened)"] = {key: statistics.median(run[key] for run in cold) for key in ("wall", "cpu")}
    return results


VERIFY_SAMPLED_UP_TO = 200_000  # a sequential verify of a longer log takes minutes: one sample there


def verify_rates(log: Path, samples: int) -> dict:
    """`verify --jobs 1` (one process), `verify --jobs N` (N = the cores: replay/verify_parallel.py) and
    `state --json --replay` of the same log, as whole processes, interleaved so that all three meet the same
    neighbours: medians (wall and CPU, the workers' CPU included) and the ratios verify / replay."""
    jobs = os.cpu_count() or 1
    with SQLiteStore(log, readonly=True) as store:
        count = store.last(ENCOUNTER)[0]
    names = {"replay": ["state", str(log), "--json", "--replay"], "verify --jobs 1": ["verify", str(log), "--jobs", "1"],
             "verify --jobs N": ["verify", str(log), "--jobs", str(jobs)]}
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    for _ in range(samples if count <= VERIFY_SAMPLED_UP_TO else 1):
        for name, args in names.items():
            runs[name].append(process(args))
    result: dict = {"jobs": jobs}
    for name, timed in runs.items():
        result[name] = {"wall": statistics.median(t for t, _, _ in timed), "cpu": statistics.median(c for _, c, _ in timed),
                        "samples_wall": [round(t, 4) for t, _, _ in timed]}
    for name in ("verify --jobs 1", "verify --jobs N"):
        result[f"{name} / replay"] = {key: result[name][key] / result["replay"][key] for key in ("wall", "cpu")}
    return result


def replay_rates(log: Path, rounds: int = 3) -> dict:
    """Full replay (events/s) against the ceiling: plain msgspec.json.decode of the same bodies, gc off.

    Also, in the same run, what each part of a replay costs alone (microseconds an event): reading the
    bodies from SQLite, their typed decode, SHA-256 of each, and the fold of the decoded events. Their sum
    without the hashes is the floor of any replay of this store, whatever it checks.

    `rounds` rounds, each a full replay then every part once, so the replay and its floor meet the same load;
    each figure is the median of its rounds (one replay against parts measured a second later swung the ratio
    from 0.4 to 0.8 on a shared machine)."""
    rounds_of: dict[str, list[float]] = {"replay": [], "read": [], "ceiling": [],
                                         "read_part": [], "decode": [], "hash": [], "fold": []}
    with SQLiteStore(log) as store:
        count = store.last(ENCOUNTER)[0]
        decode, typed, sha256 = msgspec.json.decode, msgspec.json.Decoder(default_codec().record_type).decode, hashlib.sha256
        skip = out_of_force(markers(store, ENCOUNTER))
        for _ in range(rounds):
            began = time.process_time()
            state = replay_full(store, ENCOUNTER)
            rounds_of["replay"].append(time.process_time() - began)
            assert state.seq == count - 1
            with quiet_gc():
                began = time.process_time()
                for _ in stream_records(store, ENCOUNTER):
                    pass
                rounds_of["read"].append(time.process_time() - began)
            # The ceiling decodes bodies already in memory, one chunk at a time (the replay's own chunk size).
            ceiling = 0.0
            parts = {"read": 0.0, "decode": 0.0, "hash": 0.0, "fold": 0.0}
            folded = EncounterState()
            with quiet_gc():
                began = time.process_time()
                for chunk in store.bodies_only(ENCOUNTER, 2048):
                    for (body,) in chunk:
                        pass
                parts["read"] = time.process_time() - began
                for chunk in store.body_chunks(ENCOUNTER, 0, 2048):
                    bodies = [body for body, _ in chunk]
                    began = time.process_time()
                    for body in bodies:
                        decode(body)
                    ceiling += time.process_time() - began
                    began = time.process_time()
                    for body in bodies:
                        typed(body)
                    parts["decode"] += time.process_time() - began
                    began = time.process_time()
                    for body in bodies:
                        sha256(body).hexdigest()
                    parts["hash"] += time.process_time() - began
                    events = [record.event for record in map(typed, bodies) if record.txn not in skip]
                    began = time.process_time()
                    folded = fold(events, folded)
                    parts["fold"] += time.process_time() - began
            rounds_of["ceiling"].append(ceiling)
            rounds_of["read_part"].append(parts["read"])
            for name in ("decode", "hash", "fold"):
                rounds_of[name].append(parts[name])
    middle = {name: statistics.median(values) for name, values in rounds_of.items()}
    replay, read, ceiling = middle["replay"], middle["read"], middle["ceiling"]
    parts = {"read": middle["read_part"], "decode": middle["decode"], "hash": middle["hash"], "fold": middle["fold"]}
    per_event = {name: seconds / count * 1e6 for name, seconds in parts.items()}
    floor = per_event["read"] + per_event["decode"] + per_event["fold"]
    return {"events": count, "replay_events_per_s": count / replay, "read_verify_decode_events_per_s": count / read,
            "ceiling_events_per_s": count / ceiling, "replay_vs_ceiling": ceiling / replay,
            "read_vs_ceiling": ceiling / read, "parts_us_per_event": per_event,
            "ceiling_us_per_event": ceiling / count * 1e6, "replay_us_per_event": replay / count * 1e6,
            "floor_without_checks_us_per_event": floor, "floor_vs_ceiling": ceiling / count * 1e6 / floor,
            "rounds": rounds, "replay_us_per_event_rounds": [round(t / count * 1e6, 3) for t in rounds_of["replay"]]}


def live_rates(folder: Path, commands: int, durable_commands: int) -> dict:
    """Live commands into a fresh SQLite file, ours against eventsourcing's, same synchronous setting."""
    try:
        from es_baseline import eventsourcing_commands
    except ImportError:  # the benchmark extra is not installed: ours alone
        eventsourcing_commands = None
    results = {}
    for label, durable, count in (("NORMAL", False, commands), ("FULL", True, durable_commands)):
        path = folder / f"live-{label}.db"
        for stale in (path, folder / f"bare-{label}.db", folder / f"es-{label}.db"):  # a --keep folder's last run
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{stale}{suffix}").unlink(missing_ok=True)
        with SQLiteStore(path, durable=durable) as store:
            encounter = Encounter(store, ENCOUNTER)
            play(encounter, 20)  # the opening and a first round, not timed
            began, cpu = time.perf_counter(), time.process_time()
            done = 0
            while done < count:
                done += play(encounter, encounter.next_seq + 1)
            ours, ours_cpu = time.perf_counter() - began, time.process_time() - cpu
            events = encounter.next_seq
        store_floor = bare_transactions(path, folder / f"bare-{label}.db", durable) if label == "NORMAL" else None
        theirs = eventsourcing_commands(str(folder / f"es-{label}.db"), count, synchronous=label) \
            if eventsourcing_commands else None
        # The goal is judged on CPU time for NORMAL (no fsync: all work is CPU) and on wall time for FULL.
        key = "cpu" if label == "NORMAL" else "wall"
        mine = {"cpu": done / ours_cpu, "wall": done / ours}
        results[label] = {
            "commands": done, "ours_events": events, "judged_on": key,
            "ours_commands_per_s": mine[key], "ours_commands_per_s_wall": mine["wall"],
            "ours_commands_per_s_cpu": mine["cpu"],
            "eventsourcing_commands_per_s": theirs[f"commands_per_s_{key}"] if theirs else None,
            "eventsourcing_commands_per_s_wall": theirs["commands_per_s_wall"] if theirs else None,
            "eventsourcing_commands_per_s_cpu": theirs["commands_per_s_cpu"] if theirs else None,
            "ratio": mine[key] / theirs[f"commands_per_s_{key}"] if theirs else None,
        }
        if store_floor is not None:
            results[label]["bare_sqlite_us_per_command_cpu"] = store_floor
            results[label]["ours_us_per_command_cpu"] = 1e6 / mine["cpu"]
    return results


def bare_transactions(played: Path, bare: Path, durable: bool) -> float:
    """CPU microseconds a command of `played` costs SQLite alone: the same rows, written with plain sqlite3
    statements into a new log of the same schema and settings, one transaction per command (write lock, the
    rows in one statement, the head, commit). The floor under our append, whatever Python does around it."""
    with SQLiteStore(played, readonly=True) as store:
        rows = list(store.rows(ENCOUNTER))[-3000:]
    commands: dict[int, list] = {}
    for seq, txn, kind, body, digest in rows:
        commands.setdefault(txn, []).append((ENCOUNTER, seq, txn, kind, body, digest))
    SQLiteStore(bare, durable=durable).close()  # the same schema and pragmas as a real log
    db = sqlite3.connect(bare, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
    db.execute("CREATE TABLE IF NOT EXISTS heads (encounter TEXT PRIMARY KEY, seq INTEGER NOT NULL, hash TEXT NOT NULL)")
    groups = list(commands.values())
    began = time.process_time()
    for group in groups:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO events (encounter, seq, txn, type, body, hash) VALUES "
                   + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(group)), [value for row in group for value in row])
        db.execute("INSERT INTO heads (encounter, seq, hash) VALUES (?, ?, ?) ON CONFLICT (encounter) DO UPDATE "
                   "SET seq = excluded.seq, hash = excluded.hash", (ENCOUNTER, group[-1][1], group[-1][5]))
        db.execute("COMMIT")
    spent = time.process_time() - began
    db.close()
    return spent / len(groups) * 1e6


# ------------------------------------------------------------------------------------------------ table
def goals(report: dict) -> list[dict]:
    sizes = report["sizes"]
    small, large = str(min(map(int, sizes))), str(max(map(int, sizes)))
    rows = []
    for verb in ("run", "state", "state --at", "undo", "redo"):
        a, b = sizes[small]["process"][verb], sizes[large]["process"][verb]
        time_ratio, memory_ratio = b["cpu"] / a["cpu"], b["peak_mib"] / a["peak_mib"]
        rows.append({"goal": f"`{verb}` (process): {large} events vs {small}, CPU time", "target": "<= 1.2x",
                     "measured": f"{a['cpu'] * 1e3:.0f} ms -> {b['cpu'] * 1e3:.0f} ms "
                                 f"(wall {a['wall'] * 1e3:.0f} -> {b['wall'] * 1e3:.0f} ms)",
                     "ratio": time_ratio, "met": time_ratio <= 1.2})
        rows.append({"goal": f"`{verb}` (process): {large} events vs {small}, peak memory", "target": "<= 1.2x",
                     "measured": f"{a['peak_mib']:.0f} MiB -> {b['peak_mib']:.0f} MiB",
                     "ratio": memory_ratio, "met": memory_ratio <= 1.2})
    for verb in ("undo", "redo", "undo (just opened)", "state --at", "open"):
        a, b = sizes[small]["in_process"][verb]["cpu"], sizes[large]["in_process"][verb]["cpu"]
        rows.append({"goal": f"`{verb}` (in process): {large} events vs {small}, CPU time", "target": "<= 1.2x",
                     "measured": f"{a * 1e3:.2f} ms -> {b * 1e3:.2f} ms", "ratio": b / a, "met": b / a <= 1.2})
    for verb in ("run", "state", "state (words)", "state --at", "diff", "log", "export", "--version"):
        for size in (small, large):
            figures = sizes[size]["process"].get(verb)
            if figures is None:
                continue
            label = "state --json" if verb == "state" else "state --json --at" if verb == "state --at" else verb
            above = (f"; {figures['above_msgspec_wall'] * 1e3:+.0f} ms wall over `python -c \"import msgspec\"`"
                     if "above_msgspec_wall" in figures else "")
            rows.append({"goal": f"CLI start: `{label}` on {int(size):,} events, wall time", "target": f"<= {START_GOAL_MS} ms",
                         "measured": f"{figures['wall'] * 1e3:.0f} ms wall, {figures['cpu'] * 1e3:.0f} ms CPU{above}",
                         "ratio": figures["wall"] * 1e3 / START_GOAL_MS,
                         "met": figures["wall"] * 1e3 <= START_GOAL_MS})
    for name in FLOORS:  # the floors under those rows: no command can start below them here
        for size in (small, large):
            figures = sizes[size]["process"].get(name)
            if figures is None:
                continue
            rows.append({"goal": f"CLI floor: `python -c \"{FLOORS[name]}\"` beside the {int(size):,}-event rows, wall time",
                         "target": "(for information)",
                         "measured": f"{figures['wall'] * 1e3:.0f} ms wall, {figures['cpu'] * 1e3:.0f} ms CPU",
                         "ratio": figures["wall"] * 1e3 / START_GOAL_MS, "met": None})
    peak = max(v["peak_mib"] for size in sizes.values() for name, v in size["process"].items() if name not in FLOORS)
    rows.append({"goal": "peak memory of any command, any size", "target": "< 100 MB",
                 "measured": f"{peak:.0f} MiB", "ratio": peak / 100, "met": peak * 2**20 < 100e6})
    rows += verify_goals(sizes)
    replay = sizes[large]["replay"]
    rows.append({"goal": f"full replay ({large} events) vs plain msgspec.json.decode", "target": ">= 0.5x",
                 "measured": f"{replay['replay_events_per_s']:,.0f} vs {replay['ceiling_events_per_s']:,.0f} events/s",
                 "ratio": replay["replay_vs_ceiling"], "met": replay["replay_vs_ceiling"] >= 0.5})
    if "floor_without_checks_us_per_event" in replay:
        floor_ratio = replay["floor_without_checks_us_per_event"] / replay["replay_us_per_event"]
        rows.append({"goal": f"full replay ({large} events), every hash checked, vs its floor (read + typed decode + fold, "
                             "no check) in the same run", "target": ">= 0.8x",
                     "measured": f"{replay['replay_us_per_event']:.2f} vs {replay['floor_without_checks_us_per_event']:.2f}"
                                 " µs an event", "ratio": floor_ratio, "met": floor_ratio >= 0.8})
    rows.append({"goal": f"read + verify + decode, no fold ({large} events) vs the same", "target": "(part of it)",
                 "measured": f"{replay['read_verify_decode_events_per_s']:,.0f} events/s",
                 "ratio": replay["read_vs_ceiling"], "met": None})
    if "parts_us_per_event" in replay:
        parts = replay["parts_us_per_event"]
        rows.append({"goal": f"floor of any replay of this store: read + typed decode + fold, no check ({large} events)",
                     "target": "(for information)",
                     "measured": f"{parts['read']:.2f} + {parts['decode']:.2f} + {parts['fold']:.2f} = "
                                 f"{replay['floor_without_checks_us_per_event']:.2f} µs an event (SHA-256 "
                                 f"{parts['hash']:.2f}, ceiling {replay['ceiling_us_per_event']:.2f}, replay "
                                 f"{replay['replay_us_per_event']:.2f})",
                     "ratio": replay["floor_vs_ceiling"], "met": None})
    for label, live in report["live"].items():
        if live["eventsourcing_commands_per_s"] is None:
            continue
        rows.append({"goal": f"live commands vs eventsourcing, synchronous={label} ({live['judged_on']} time)",
                     "target": ">= 2x" if label == "NORMAL" else "(for information)",
                     "measured": f"{live['ours_commands_per_s']:,.0f} vs {live['eventsourcing_commands_per_s']:,.0f} commands/s"
                                 f" (wall: {live['ours_commands_per_s_wall']:,.0f} vs "
                                 f"{live['eventsourcing_commands_per_s_wall']:,.0f})",
                     "ratio": live["ratio"], "met": live["ratio"] >= 2 if label == "NORMAL" else None})
        if live.get("bare_sqlite_us_per_command_cpu"):
            rows.append({"goal": f"one live command: all of it vs SQLite's own work alone (synchronous={label})",
                         "target": "(for information)",
                         "measured": f"{live['ours_us_per_command_cpu']:.0f} µs vs {live['bare_sqlite_us_per_command_cpu']:.0f}"
                                     f" µs CPU (eventsourcing: {1e6 / live['eventsourcing_commands_per_s_cpu']:.0f} µs)",
                         "ratio": live["bare_sqlite_us_per_command_cpu"] / live["ours_us_per_command_cpu"], "met": None})
    for store, night in (report.get("game_night") or {}).items():
        if "skipped" in night:
            rows.append({"goal": f"game night on {store}", "target": "-", "measured": f"skipped: {night['skipped']}",
                         "ratio": float("nan"), "met": None})
            continue
        shape = (f"{night['encounters']} encounters x ({night['dms_per_encounter']} DM + "
                 f"{night['viewers_per_encounter']} viewers), {night['seconds']:.0f} s, {night['commands']} commands")
        rows.append({"goal": f"game night on {store} ({shape}): p50 / p99 command", "target": "p99 <= 50 ms",
                     "measured": f"{night['command_p50_ms']:.0f} / {night['command_p99_ms']:.0f} ms "
                                 f"(max {night['command_max_ms']:.0f})",
                     "ratio": night["command_p99_ms"] / 50, "met": night["command_p99_ms"] <= 50})
        rows.append({"goal": f"game night on {store}: p99 delay from a command to every viewer's update",
                     "target": "<= 200 ms",
                     "measured": f"{night['viewer_update_p99_ms']:.0f} ms (max {night['viewer_update_max_ms']:.0f}); "
                                 f"states missed {night['states_missed']}, applied twice {night['applied_twice']}, "
                                 f"errors {night['failure_count']}",
                     "ratio": night["viewer_update_p99_ms"] / 200,
                     "met": night["viewer_update_p99_ms"] <= 200 and night["states_missed"] == 0
                     and night["applied_twice"] == 0 and night["failure_count"] == 0})
        growth = night["rss_mib_last_third"] / night["rss_mib_first_third"]
        rows.append({"goal": f"game night on {store}: server memory and open descriptors over the run",
                     "target": "flat (memory <= 1.1x)",
                     "measured": f"RSS {night['rss_mib_first_third']:.0f} -> {night['rss_mib_last_third']:.0f} MiB "
                                 f"(max {night['rss_mib_max']:.0f}); fds {night['fds_first']} (first third's highest) -> {night['fds_last']} "
                                 f"(range {night['fds_min']}-{night['fds_max']})",
                     "ratio": growth, "met": growth <= 1.1 and night["fds_last"] <= night["fds_first"] + 5})
    return rows


def verify_goals(sizes: dict) -> list[dict]:
    """Issue 25, goal 3: verify on every core costs at most 4x a full replay (`state --json --replay`) of the
    same log in the same run, judged on wall time (the workers share the re-derivation; their CPU adds up)."""
    rows = []
    for size, entry in sizes.items():
        figures = entry.get("verify")
        if figures is None:
            continue
        jobs = figures["jobs"]
        for name, target in (("verify --jobs N", "<= 4x"), ("verify --jobs 1", "(for information)")):
            ratio = figures[f"{name} / replay"]
            shown = name.replace("N", str(jobs))
            rows.append({"goal": f"`{shown}` vs `state --json --replay` ({int(size):,} events, same run), wall time",
                         "target": target,
                         "measured": f"{figures[name]['wall'] * 1e3:,.0f} vs {figures['replay']['wall'] * 1e3:,.0f} ms wall "
                                     f"(CPU {figures[name]['cpu'] * 1e3:,.0f} vs {figures['replay']['cpu'] * 1e3:,.0f} ms, "
                                     f"{ratio['cpu']:.1f}x)",
                         "ratio": ratio["wall"], "met": ratio["wall"] <= 4 if name == "verify --jobs N" else None})
    return rows


def print_table(report: dict) -> None:
    sizes = report["sizes"]
    names = list(sizes)
    print("\nWhole processes (median CPU time, median wall time, highest peak RSS):")
    print("| verb | " + " | ".join(f"{int(n):,} events" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    for verb in ("run", "state", "state --at", "undo", "redo", "replay") + START_VERBS + tuple(FLOORS):
        cells = [f"{sizes[n]['process'][verb]['cpu'] * 1e3:,.0f} ms, {sizes[n]['process'][verb]['wall'] * 1e3:,.0f} ms, "
                 f"{sizes[n]['process'][verb]['peak_mib']:.0f} MiB" if verb in sizes[n]["process"] else "-" for n in names]
        label = f"floor: python -c \"{FLOORS[verb]}\"" if verb in FLOORS else verb
        print(f"| {label} | " + " | ".join(cells) + " |")
    print(f"\nAbove the msgspec floor (median CPU / wall time of the verb minus `python -c \"{MSGSPEC_FLOOR}\"`'s, same run):")
    print("| verb | " + " | ".join(f"{int(n):,} events" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    for verb in ("run", "state", "state --at") + START_VERBS:
        cells = [f"{sizes[n]['process'][verb]['above_msgspec_cpu'] * 1e3:+,.0f} / "
                 f"{sizes[n]['process'][verb]['above_msgspec_wall'] * 1e3:+,.0f} ms"
                 if "above_msgspec_cpu" in sizes[n]["process"].get(verb, {}) else "-" for n in names]
        print(f"| {verb} | " + " | ".join(cells) + " |")
    print("\nverify beside a full replay, same log, interleaved (median wall / CPU time, workers' CPU included):")
    print("| verb | " + " | ".join(f"{int(n):,} events" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    for verb in ("replay", "verify --jobs 1", "verify --jobs N"):
        cells = [f"{sizes[n]['verify'][verb]['wall'] * 1e3:,.0f} / {sizes[n]['verify'][verb]['cpu'] * 1e3:,.0f} ms"
                 + (f" ({sizes[n]['verify'][verb + ' / replay']['wall']:.1f}x)" if verb != "replay" else "")
                 if "verify" in sizes[n] else "-" for n in names]
        label = verb.replace("N", str(next(iter(sizes.values())).get("verify", {}).get("jobs", "N")))
        print(f"| {label} | " + " | ".join(cells) + " |")
    print("\nIn process (median CPU / wall time; log already open for run, undo and redo):")
    print("| verb | " + " | ".join(f"{int(n):,} events" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    for verb in ("open", "run", "state --at", "undo", "redo", "undo (just opened)"):
        print(f"| {verb} | " + " | ".join(f"{sizes[n]['in_process'][verb]['cpu'] * 1e3:,.2f} / "
                                           f"{sizes[n]['in_process'][verb]['wall'] * 1e3:,.2f} ms" for n in names) + " |")
    print("\nGoals:")
    print("| goal | target | measured | ratio | met |")
    print("|---|---|---|---|---|")
    for row in report["goals"]:
        met = {True: "yes", False: "**no**", None: "-"}[row["met"]]
        print(f"| {row['goal']} | {row['target']} | {row['measured']} | {row['ratio']:.2f} | {met} |")


def build(path: Path, events: int) -> dict:
    """The log of `events` events at `path` (built unless it is already there)."""
    with SQLiteStore(path) as store:
        existing = store.last(ENCOUNTER)[0]
        if existing >= events:
            return {"built": False, "events": existing}
        encounter = Encounter(store, ENCOUNTER)
        began = time.perf_counter()
        commands = play(encounter, events)
        elapsed = time.perf_counter() - began
        return {"built": True, "events": encounter.next_seq, "commands": commands, "seconds": elapsed,
                "events_per_s": (encounter.next_seq - existing) / elapsed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1k and 5k events, few samples (a smoke run)")
    parser.add_argument("--sizes", default=None, help="comma-separated log sizes (default 1000,100000,1000000)")
    parser.add_argument("--samples", type=int, default=None, help="samples per verb (default 7; --quick 2)")
    parser.add_argument("--keep", default=None, help="folder where the logs are built and reused")
    parser.add_argument("--night-seconds", type=float, default=None,
                        help="length of each game night (default 600; --quick 30; 0 leaves it out)")
    parser.add_argument("--json", dest="json_out", default=str(HERE / "results.json"), help="where to write the JSON")
    args = parser.parse_args(argv)
    sizes = tuple(int(s) for s in args.sizes.split(",")) if args.sizes else QUICK if args.quick else FULL
    samples = args.samples or (2 if args.quick else 7)
    live_commands, durable_commands = (300, 30) if args.quick else (6000, 300)
    temporary = tempfile.TemporaryDirectory()
    folder = Path(args.keep or temporary.name)
    folder.mkdir(parents=True, exist_ok=True)
    report: dict = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
                    "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "sizes": {}}
    try:
        compile_package()  # the CLI rows measure an installed package, not the compiler
        for size in sizes:
            path = folder / f"bench-{size}.db"
            # Each size starts from the built log, so undo/redo samples of an earlier run do not pile up.
            pristine = folder / f"bench-{size}.pristine.db"
            if not pristine.exists():
                print(f"building {size:,} events...", file=sys.stderr, flush=True)
                built = build(pristine, size)
                print(f"  {built}", file=sys.stderr, flush=True)
            shutil.copyfile(pristine, path)
            for suffix in ("-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            settle(path)
            with SQLiteStore(path) as store:
                count = store.last(ENCOUNTER)[0]
            print(f"measuring {count:,} events...", file=sys.stderr, flush=True)
            gc.collect()
            entry = {"events": count,
                     "process": processes(path, count, samples, 1 if size >= 1_000_000 else min(samples, 3)),
                     "verify": verify_rates(path, min(samples, 3)),
                     "in_process": in_process(path, samples),
                     "replay": replay_rates(path)}
            report["sizes"][str(size)] = entry
        print("live commands...", file=sys.stderr, flush=True)
        report["live"] = live_rates(folder, live_commands, durable_commands)
        night_seconds = args.night_seconds if args.night_seconds is not None else 30 if args.quick else 600
        if night_seconds > 0:
            print(f"game night ({night_seconds:.0f} s on each store)...", file=sys.stderr, flush=True)
            from game_night import run_stores

            report["game_night"] = run_stores(night_seconds)
        report["goals"] = goals(report)
    finally:
        temporary.cleanup()
    print_table(report)
    Path(args.json_out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {args.json_out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
