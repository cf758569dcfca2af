"""Real commands on one PostgreSQL log: throughput as writer processes go from 1 to 4, and per-command latency
as the events table grows.

    python benchmarks/bench_postgres.py                       # a throwaway durable cluster (initdb/pg_ctl)
    python benchmarks/bench_postgres.py --sizes 0,100000,1000000,10000000 --encounters 10000
    python benchmarks/bench_postgres.py --url postgresql://me@127.0.0.1:5432/bench   # an empty database

1. Throughput: N processes (N = 1..4), each playing M encounters of its own round-robin (attack, heal,
   end_turn between two sturdy brawlers: decide, append in one transaction with NOTIFY, fold) for a fixed
   number of commands; commands/s over the wall time of the slowest process.
2. Growth: the table is filled to each size in --sizes with real engine records (one fight of --per-encounter
   events played through the engine, then copied under new encounter names inside the server: the bodies and
   hashes are the engine's own, only the encounter differs), then commands are timed on encounters spread
   over the table: median and 99th percentile of the whole command, and of the store's append alone.
"""

import argparse
import itertools
import multiprocessing
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))  # the throwaway cluster of the tests

from combatlog.events.stores import MemoryStore  # noqa: E402
from combatlog.events.stores.postgres import PostgresStore  # noqa: E402
from combatlog.replay.engine import Encounter  # noqa: E402

# Two sturdy brawlers: the fight never ends however long the benchmark runs.
TOUGH = {"ac": 12, "max_hp": 100000, "speed": 9, "proficiency_bonus": 2,
         "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}
SETUP = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
    {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": TOUGH, "at": [0, 0]},
    {"do": "add", "id": "b", "side": "y", "kind": "monster", "stats": TOUGH, "at": [1, 0]},
    {"do": "initiative", "id": "a", "value": 10},
    {"do": "initiative", "id": "b", "value": 5},
    {"do": "start"},
]


CYCLE = {"attack": "heal", "heal": "end_turn"}  # after anything else (start, end_turn): attack


def next_command(encounter: Encounter) -> dict:
    """The fight's next command, from the last one in the log: the one whose turn it is attacks, the other is
    healed, the turn ends; and again."""
    last = next(r.event.command.get("do") for r in reversed(encounter.records) if hasattr(r.event, "command"))
    attacker = encounter.state.turn
    target = "b" if attacker == "a" else "a"
    return {"attack": {"do": "attack", "attacker": attacker, "target": target, "with": "club"},
            "heal": {"do": "heal", "target": target, "amount": 3},
            "end_turn": {"do": "end_turn"}}[CYCLE.get(last, "attack")]


def fresh(store, name: str) -> Encounter:
    encounter = Encounter(store, name)
    for command in SETUP:
        encounter.execute(command)
    return encounter


class TimedStore:
    """The store, with the time of each append recorded."""

    def __init__(self, store) -> None:
        self._store, self.appends = store, []

    def __getattr__(self, name):
        return getattr(self._store, name)

    def append(self, *args, **kwargs):
        began = time.perf_counter()
        try:
            return self._store.append(*args, **kwargs)
        finally:
            self.appends.append(time.perf_counter() - began)


# ----------------------------------------------------------------------------- 1. throughput
_runs = itertools.count()


def _worker(url: str, worker: int, encounters: int, commands: int, barrier, results) -> None:
    with PostgresStore(url, pool_size=1) as store:
        fights = [fresh(store, f"tp-{worker}-{index}") for index in range(encounters)]
        barrier.wait()
        began, cpu = time.perf_counter(), time.process_time()
        for done in range(commands):
            index = done % encounters
            fights[index].execute(next_command(fights[index]))
        results.put((worker, began, time.perf_counter(), time.process_time() - cpu))


def throughput(url: str, processes: int, encounters: int, commands: int) -> tuple[float, float]:
    """(commands/s over the wall time of all writers, client CPU ms per command)."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(processes), context.Queue()
    run = next(_runs)
    workers = [context.Process(target=_worker, args=(url, f"{run}-{processes}x{worker}", encounters, commands,
                                                     barrier, results)) for worker in range(processes)]
    for worker in workers:
        worker.start()
    spans = [results.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join()
    wall = max(end for _, _, end, _ in spans) - min(start for _, start, _, _ in spans)
    return processes * commands / wall, sum(cpu for *_, cpu in spans) / (processes * commands) * 1e3


# ----------------------------------------------------------------------------- 2. growth
def template(events: int) -> list[tuple[int, int, str, bytes, str]]:
    """One fight of about `events` events through the real engine: (seq, txn, type, body, hash) rows."""
    store = MemoryStore()
    encounter = fresh(store, "template")
    while len(encounter.records) < events:
        encounter.execute(next_command(encounter))
    return [(record.seq, record.txn, type(record.event).__name__, body, record.hash)
            for record, body in store.read_sealed("template")]


def fill(url: str, rows: list, first: int, count: int) -> None:
    """Add encounters bulk-NNNNNNN for first <= N < first + count, each a copy of the template's rows (and its
    recorded head)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS _template (seq BIGINT, txn BIGINT, type TEXT, body BYTEA, "
                     "hash TEXT)")
        conn.execute("TRUNCATE _template")
        with conn.cursor().copy("COPY _template (seq, txn, type, body, hash) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        heads = conn.execute("SELECT to_regclass('heads')").fetchone()[0] is not None  # schema version 2 on
        batch = max(1, 1_000_000 // len(rows))
        for start in range(first, first + count, batch):
            stop = min(start + batch, first + count)
            conn.execute("INSERT INTO events (encounter, seq, txn, type, body, hash) "
                         "SELECT 'bulk-' || lpad(n::text, 7, '0'), t.seq, t.txn, t.type, t.body, t.hash "
                         "FROM generate_series(%s::int, %s::int) AS n CROSS JOIN _template AS t",
                         (start, stop - 1))
            if heads:  # each copied encounter's recorded head: the template's last event
                conn.execute("INSERT INTO heads (encounter, seq, hash) "
                             "SELECT 'bulk-' || lpad(n::text, 7, '0'), t.seq, t.hash "
                             "FROM generate_series(%s::int, %s::int) AS n "
                             "CROSS JOIN (SELECT seq, hash FROM _template ORDER BY seq DESC LIMIT 1) AS t",
                             (start, stop - 1))
        conn.execute("VACUUM ANALYZE events")
        try:  # time commands in a steady state, not while the bulk load is being flushed
            conn.execute("CHECKPOINT")
        except psycopg.errors.InsufficientPrivilege:
            pass  # --url with a role that may not: the figures then include the flush


def latency(url: str, loaded: int, fights: int, commands: int) -> tuple[list[float], list[float]]:
    """Time `commands` commands over `fights` encounters spread over the table (new ones if none is loaded)."""
    with PostgresStore(url, pool_size=1) as raw:
        store = TimedStore(raw)
        if loaded:
            names = [f"bulk-{(index * loaded) // fights:07d}" for index in range(fights)]
            encounters = [Encounter(store, name) for name in names]
        else:
            encounters = [fresh(store, f"lat-{index}") for index in range(fights)]
        store.appends.clear()
        times = []
        for done in range(commands):
            index = done % fights
            command = next_command(encounters[index])
            began = time.perf_counter()
            encounters[index].execute(command)
            times.append(time.perf_counter() - began)
        return times, store.appends


def count_events(url: str) -> tuple[int, int, int]:
    """(events, encounters, bytes of the table and its index)."""
    import psycopg

    with psycopg.connect(url) as conn:
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
        size = conn.execute("SELECT pg_total_relation_size('events')").fetchone()[0]
    with PostgresStore(url, pool_size=1) as store:
        encounters = len(store.encounters())
    return events, encounters, size


def ms(values: list[float], share: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1e3:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throwaway durable cluster)")
    parser.add_argument("--processes", type=int, default=4, help="throughput with 1..N writer processes")
    parser.add_argument("--per-process", type=int, default=10, help="encounters each writer plays (M)")
    parser.add_argument("--commands", type=int, default=1500, help="commands each writer runs")
    parser.add_argument("--repeat", type=int, default=3, help="throughput runs per N (the best is shown)")
    parser.add_argument("--sizes", default="0,100000,1000000",
                        help="table sizes (events) to time commands at; 'none' for the throughput alone")
    parser.add_argument("--encounters", type=int, default=1000, help="encounters at the largest size")
    parser.add_argument("--samples", type=int, default=2000, help="commands timed at each size")
    parser.add_argument("--fast", action="store_true", help="a cluster with fsync and synchronous_commit off")
    args = parser.parse_args()

    cluster = None
    url = args.url
    if url is None:
        from pg_cluster import Cluster, find_bindir

        bindir = find_bindir()
        if bindir is None:
            sys.exit("no PostgreSQL server binaries found (apt-get install postgresql), or pass --url")
        durable = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}
        cluster = Cluster(bindir, {"shared_buffers": "512MB", "max_wal_size": "8GB", "checkpoint_timeout": "30min",
                                   "max_connections": "50", **({} if args.fast else durable)})
        url = cluster.new_database()
    try:
        PostgresStore(url).close()  # creates the schema
        print(f"PostgreSQL log, {'fsync off' if args.fast else 'durable (fsync on, synchronous_commit on)'}, "
              f"{os.cpu_count()} cores\n")
        print(f"| writer processes | encounters | commands/s (best of {args.repeat}) | client CPU ms/command |")
        print("|---:|---:|---:|---:|")
        for processes in range(1, args.processes + 1):
            rate, cpu = max(throughput(url, processes, args.per_process, args.commands) for _ in range(args.repeat))
            print(f"| {processes} | {processes * args.per_process} | {rate:,.0f} | {cpu:.2f} |", flush=True)
        if args.sizes == "none":
            return

        sizes = [int(size) for size in args.sizes.split(",")]
        per_encounter = max(100, sizes[-1] // max(args.encounters, 1))
        rows = template(per_encounter)
        print(f"\nper-command latency (one process; {len(rows)} engine events per loaded encounter)\n")
        print("| events in table | encounters | table+index | command median ms | command p99 ms "
              "| append median ms | append p99 ms |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        loaded = 0
        for size in sizes:
            wanted = size // len(rows)
            if wanted > loaded:
                began = time.perf_counter()
                fill(url, rows, loaded, wanted - loaded)
                loaded = wanted
                print(f"<!-- loaded {loaded} encounters in {time.perf_counter() - began:.0f} s -->", flush=True)
            commands, appends = latency(url, loaded, min(50, max(loaded, 1)) if loaded else 20, args.samples)
            events, encounters, bytes_ = count_events(url)
            print(f"| {events:,} | {encounters:,} | {bytes_ / 2**20:,.0f} MiB | {ms(commands, 0.5)} "
                  f"| {ms(commands, 0.99)} | {ms(appends, 0.5)} | {ms(appends, 0.99)} |", flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
