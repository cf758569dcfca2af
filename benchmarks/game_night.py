"""A game night against a real `combatlog serve` process, on the loopback only, for a bounded time.

    python benchmarks/game_night.py                        # SQLite, 50 encounters x (1 DM + 8 viewers), 600 s
    python benchmarks/game_night.py --seconds 30 --store postgres

Each encounter has DM clients posting commands (`POST /api/encounters/{enc}/commands`, each with its own
`Idempotency-Key`, never retried) and players' views following the live stream (`/e/{enc}/table/stream`).
Measured: each command's latency (send to answer), the delay from a command's send to the moment the last of its
encounter's viewers received that state, whether every viewer received every state, whether any command was
applied twice (the log's CommandIssued events against the answered commands), and the server process's memory
(VmRSS) and open file descriptors, sampled every second.

The client side runs in this process (asyncio, HTTP/1.1 spoken by hand: `Connection`); the server in its own. On
a 2-core machine both share the cores: the figures are the whole table's, clients included. Beside them, the
server's own time per command (its `Server-Timing` header) and how late the clients' event loop ran (a client
that cannot keep up measures its own queue, not the server).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOKEN = "game-night-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
TOUGH = {"ac": 12, "max_hp": 1000000, "speed": 9, "proficiency_bonus": 2,
         "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}
OPENING = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
    {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": TOUGH, "at": [0, 0]},
    {"do": "add", "id": "b", "side": "y", "kind": "monster", "stats": TOUGH, "at": [1, 0]},
    {"do": "initiative", "id": "a", "value": 10},
    {"do": "initiative", "id": "b", "value": 5},
    {"do": "start"},
]
# What a DM posts, in turn: every command changes the state the players see.
ROUND = [{"do": "damage", "target": "b", "amount": 2, "type": "fire"}, {"do": "heal", "target": "b", "amount": 1}]


def prepare(location: str, encounters: list[str], events: int = 0) -> None:
    """Each encounter opened and started; the first one played on (attack, heal, end turn) to `events` events."""
    import combatlog

    with combatlog.open_log(location) as log:
        for index, name in enumerate(encounters):
            encounter = log.encounter(name)
            if encounter.seq < 0:
                encounter.execute_all(OPENING)
            if index == 0 and events:
                batch = []
                turn = "a"
                while encounter.seq + 1 + len(batch) * 2 < events:
                    other = "b" if turn == "a" else "a"
                    batch += [{"do": "attack", "attacker": turn, "target": other, "with": "club"},
                              {"do": "heal", "target": other, "amount": 3}, {"do": "end_turn"}]
                    turn = other
                    if len(batch) >= 600:
                        encounter.execute_all(batch)
                        batch = []
                if batch:
                    encounter.execute_all(batch)


def commands_recorded(location: str, name: str) -> list[str]:
    """The `request` ids of the commands the log holds for `name` (our DM clients write them in `note`... no: the
    commands themselves), in order: the CommandIssued events' commands, as JSON text."""
    import combatlog

    with combatlog.open_log(location) as log:
        return [json.dumps(line["body"]["event"]["command"], sort_keys=True)
                for line in log.encounter(name).events() if line["body"]["event"]["type"] == "CommandIssued"]


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def server(location: str, env: dict[str, str] | None = None):
    """`combatlog serve LOCATION` in its own process on a free loopback port: yields (base URL, its pid). `env`:
    more environment variables for it (`--diagnose`: server/diagnostics.py)."""
    import httpx

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from combatlog.cli.main import main; sys.exit(main(sys.argv[1:]))",
         "serve", location, "--port", str(port), "--token", TOKEN, "--host", "127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"serve stopped: {process.stderr.read().decode()[-2000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError("serve did not start")
            try:
                if httpx.get(f"{base}/api/encounters", timeout=2, headers=AUTH).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, process.pid
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def resources(pid: int) -> tuple[float, int]:
    """(VmRSS in MiB, open file descriptors) of process `pid`."""
    rss = 0.0
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process `pid` has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Connection:
    """One HTTP/1.1 keep-alive connection to the server on the loopback, spoken by hand.

    The benchmark's clients (400 players' views and 50 DMs) share one process and one core with little to spare:
    through httpx (h11, anyio, a JSON decode of every state) the clients spent 0.7-0.8 of a core while the server
    sat idle in `select` 90% of the time, and the latencies measured were the clients' own queue. Requests here
    are written as bytes and answers read with the stream's `readline`/`readexactly`."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def send(self, method: str, target: str, headers: dict[str, str], body: bytes = b"") -> None:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        head = [f"{method} {target} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        head += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            head.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)

    async def head(self) -> tuple[int, dict[str, str]]:
        """The answer's status and headers (names in lower case)."""
        assert self.reader is not None
        status = await self.reader.readline()
        if not status:
            raise ConnectionError("the server closed the connection")
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        return int(status.split()[1]), headers

    async def chunk(self) -> bytes:
        """The next chunk of a chunked body (b"" at its end)."""
        assert self.reader is not None
        size = int((await self.reader.readline()).split(b";")[0], 16)
        data = await self.reader.readexactly(size + 2)
        return data[:-2]

    async def request(self, method: str, target: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        """(status, headers, body) of one request on this connection (opened again after the server closed it)."""
        try:
            await self.send(method, target, headers, body)
            status, answer = await self.head()
            assert self.reader is not None
            if "content-length" in answer:
                data = await self.reader.readexactly(int(answer["content-length"]))
            else:
                parts = []
                while part := await self.chunk():
                    parts.append(part)
                data = b"".join(parts)
        except BaseException:
            self.close()
            raise
        if answer.get("connection", "").lower() == "close":
            self.close()
        return status, answer, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def server_ms(headers: dict[str, str]) -> float | None:
    """The server's own time for a request, from its `Server-Timing: app;dur=MS` header (None without one)."""
    for part in headers.get("server-timing", "").split(","):
        name, _, rest = part.strip().partition(";")
        if name == "app" and rest.startswith("dur="):
            return float(rest[4:])
    return None


async def night(base: str, pid: int, encounters: list[str], viewers: int, dms: int, seconds: float,
                pause: float, drain: float = 10.0) -> dict:
    """The clients of one game night; returns what they saw."""
    host, _, port = base.removeprefix("http://").rpartition(":")
    received: dict[tuple[str, int], dict[int, float]] = {}  # (encounter, viewer) -> seq -> when it arrived
    opened = asyncio.Event()
    ready = [0]
    answered: dict[str, list[tuple[int, float, str]]] = {name: [] for name in encounters}  # (seq, sent, command)
    latencies: list[float] = []
    own: list[float] = []  # the server's own time per command (its Server-Timing header), ms
    failures: list[str] = []
    stop = asyncio.Event()  # the DMs stop posting
    closing = asyncio.Event()  # the viewers are closed (after the drain)
    samples: list[tuple[float, float, int]] = []
    lags: list[float] = []  # how late this process's event loop woke a 50 ms sleep: the clients' own queue
    connections: list[Connection] = []

    async def viewer(name: str, number: int) -> None:
        got = received.setdefault((name, number), {})
        connection = Connection(host, int(port))
        connections.append(connection)
        try:
            await connection.send("GET", f"/e/{name}/table/stream?lang=en", {"Accept": "text/event-stream"})
            status, _ = await connection.head()
            if status != 200:
                raise ConnectionError(f"status {status}")
            pending = b""
            first = True
            while part := await connection.chunk():
                pending += part
                *messages, pending = pending.split(b"\n\n")
                for message in messages:
                    # `id: SEQ` is the state's seq (endpoints.as_event): no need to decode the whole document.
                    found = message.find(b"\nid: ")
                    if not message.startswith(b"event: state") or found < 0:
                        continue
                    got[int(message[found + 5:message.index(b"\n", found + 1)])] = time.monotonic()
                    if first:
                        first = False
                        ready[0] += 1
                        if ready[0] == len(encounters) * viewers:
                            opened.set()
            if not closing.is_set():
                failures.append(f"viewer {name}/{number}: the stream ended")
        except (OSError, ConnectionError, ValueError, asyncio.IncompleteReadError, asyncio.CancelledError) as error:
            if not closing.is_set():
                failures.append(f"viewer {name}/{number}: {error!r}")
        finally:
            connection.close()

    async def dm(name: str, number: int) -> None:
        step = number
        connection = Connection(host, int(port))
        connections.append(connection)
        while not stop.is_set():
            command = dict(ROUND[step % len(ROUND)], amount=1 + (step % 5))
            step += 1
            body = json.dumps(command).encode()
            sent = time.monotonic()
            try:
                status, headers, answer = await asyncio.wait_for(connection.request(
                    "POST", f"/api/encounters/{name}/commands", {**AUTH, "Idempotency-Key": uuid.uuid4().hex,
                                                                 "Content-Type": "application/json"}, body), 60)
            except (OSError, ConnectionError, ValueError, asyncio.IncompleteReadError, asyncio.TimeoutError) as error:
                failures.append(f"dm {name}/{number}: {error!r}")
                continue
            took = time.monotonic() - sent
            if status != 200:
                failures.append(f"dm {name}/{number}: {status} {answer[:200].decode(errors='replace')}")
                continue
            latencies.append(took)
            spent = server_ms(headers)
            if spent is not None:
                own.append(spent / 1e3)
            answered[name].append((json.loads(answer)["seq"], sent, json.dumps(command, sort_keys=True)))
            await asyncio.sleep(pause)
        connection.close()

    async def sampler() -> None:
        began = time.monotonic()
        while not stop.is_set():
            rss, fds = resources(pid)
            samples.append((time.monotonic() - began, rss, fds))
            await asyncio.sleep(1.0)

    async def lag() -> None:
        while not stop.is_set():
            asked = time.monotonic()
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - asked - 0.05)

    tasks = [asyncio.create_task(viewer(name, n)) for name in encounters for n in range(viewers)]
    await asyncio.wait_for(opened.wait(), 120)
    sampling, lagging = asyncio.create_task(sampler()), asyncio.create_task(lag())
    server_cpu, client_cpu, began = cpu_seconds(pid), time.process_time(), time.monotonic()
    writers = [asyncio.create_task(dm(name, n)) for name in encounters for n in range(dms)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*writers)
    spent = {"server_cpu_share": (cpu_seconds(pid) - server_cpu) / (time.monotonic() - began),
             "client_cpu_share": (time.process_time() - client_cpu) / (time.monotonic() - began)}
    # Let the streams deliver what was answered, then close them.
    deadline = time.monotonic() + drain
    while time.monotonic() < deadline:
        if all(seq in received[(name, n)] for name in encounters for n in range(viewers)
               for seq, _, _ in answered[name]):
            break
        await asyncio.sleep(0.1)
    closing.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await sampling
    await lagging
    for connection in connections:
        connection.close()

    delays, missing = [], 0
    for name in encounters:
        for seq, sent, _ in answered[name]:
            arrivals = [received[(name, n)].get(seq) for n in range(viewers)]
            missing += sum(1 for at in arrivals if at is None)
            if all(at is not None for at in arrivals):
                delays.append(max(arrivals) - sent)  # type: ignore[type-var]
    return {"latencies": latencies, "delays": delays, "missing": missing, "answered": answered, "received": received, **spent,
            "failures": failures, "samples": samples, "server_times": own, "lags": lags}


def game_night(location: str, encounters: int = 50, viewers: int = 8, dms: int = 1, seconds: float = 600,
               pause: float = 0.5, events: int = 0, diagnose: dict[str, str] | None = None) -> dict:
    """Run a game night on the log at `location` (SQLite path or postgresql:// URL) and sum it up. `diagnose`:
    the server's diagnostics settings (server/diagnostics.py), none by default."""
    names = [f"table{i:02d}" for i in range(encounters)]
    prepare(location, names, events)
    before = {name: len(commands_recorded(location, name)) for name in names}
    with server(location, diagnose) as (base, pid):
        seen = asyncio.run(night(base, pid, names, viewers, dms, seconds, pause))
    applied_twice, unanswered = 0, 0
    for name in names:
        recorded = commands_recorded(location, name)[before[name]:]
        sent = [command for _, _, command in seen["answered"][name]]
        # Each answered command is in the log once: as many CommandIssued as answers, no more.
        applied_twice += max(0, len(recorded) - len(sent))
        unanswered += max(0, len(sent) - len(recorded))
    samples = seen["samples"]
    third = max(1, len(samples) // 3)
    rss_first = statistics.median(s[1] for s in samples[:third]) if samples else float("nan")
    rss_last = statistics.median(s[1] for s in samples[-third:]) if samples else float("nan")
    return {
        "encounters": encounters, "viewers_per_encounter": viewers, "dms_per_encounter": dms, "seconds": seconds,
        "commands": len(seen["latencies"]), "commands_per_s": len(seen["latencies"]) / seconds,
        "command_p50_ms": percentile(seen["latencies"], 0.5) * 1e3,
        "command_p99_ms": percentile(seen["latencies"], 0.99) * 1e3,
        "command_max_ms": max(seen["latencies"], default=float("nan")) * 1e3,
        # The server's own time per command (its Server-Timing header: from the request's arrival to its answer),
        # and how late the clients' event loop ran (a loaded client measures its own queue, not the server).
        "command_server_p50_ms": percentile(seen["server_times"], 0.5) * 1e3,
        "command_server_p99_ms": percentile(seen["server_times"], 0.99) * 1e3,
        "client_loop_lag_p99_ms": percentile(seen["lags"], 0.99) * 1e3,
        "viewer_update_p99_ms": percentile(seen["delays"], 0.99) * 1e3,
        "viewer_update_max_ms": max(seen["delays"], default=float("nan")) * 1e3,
        "states_missed": seen["missing"], "applied_twice": applied_twice, "lost": unanswered,
        "failures": seen["failures"][:10], "failure_count": len(seen["failures"]),
        "rss_mib_first_third": rss_first, "rss_mib_last_third": rss_last,
        "rss_mib_max": max((s[1] for s in samples), default=float("nan")),
        # Every 30 s: whether the memory levels off once the bounded caches are full, or keeps climbing.
        "rss_mib_every_30s": [round(s[1], 1) for s in samples[::30]],
        "fds_min": min((s[2] for s in samples), default=0), "fds_max": max((s[2] for s in samples), default=0),
        "server_cpu_share": seen["server_cpu_share"], "client_cpu_share": seen["client_cpu_share"],
        # The first third's highest count: every client's connection is open by then (the DMs' open during the
        # first seconds); descriptors that keep growing after it would be a leak.
        "fds_first": max((s[2] for s in samples[:third]), default=0), "fds_last": samples[-1][2] if samples else 0,
    }


def run_stores(seconds: float, stores: tuple[str, ...] = ("sqlite", "postgres"), diagnose: str | None = None,
               tracemalloc: str | None = None, types: str | None = None) -> dict:
    """The game night on each store in `stores` (PostgreSQL: a throwaway cluster, skipped when none can be had).
    `diagnose`: a path prefix for the server's diagnostics (PREFIX-STORE.json), `tracemalloc` its "T1,T2"."""
    results: dict = {}
    for store in stores:
        settings = None
        if diagnose:
            settings = {"COMBATLOG_SERVE_DIAGNOSE": f"{diagnose}-{store}"}
            if tracemalloc:
                settings["COMBATLOG_SERVE_TRACEMALLOC"] = tracemalloc
            if types:
                settings["COMBATLOG_SERVE_TYPES"] = types
        if store == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                results["sqlite"] = game_night(str(Path(folder) / "night.db"), seconds=seconds,
                                              diagnose=settings)
        else:
            try:
                sys.path.insert(0, str(HERE.parent / "tests"))
                from pg_cluster import Cluster, find_bindir

                bindir = find_bindir()
                if bindir is None:
                    results["postgres"] = {"skipped": "no PostgreSQL binaries"}
                    continue
                cluster = Cluster(bindir, {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on",
                                           "max_connections": "300"})
            except Exception as error:  # no driver or no server: said in the table
                results["postgres"] = {"skipped": f"{type(error).__name__}: {error}"[:200]}
                continue
            try:
                results["postgres"] = game_night(cluster.new_database(), seconds=seconds, diagnose=settings)
            finally:
                cluster.stop()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--store", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--diagnose", metavar="PREFIX",
                        help="the server writes PREFIX-STORE.json: its GC pauses, sampled stacks, log thread calls")
    parser.add_argument("--tracemalloc", metavar="T1,T2",
                        help="with --diagnose: tracemalloc snapshots T1 and T2 seconds after start, and what grew")
    parser.add_argument("--types", metavar="T1,T2",
                        help="with --diagnose: the server's objects counted by type at T1 and T2 s, and which grew")
    args = parser.parse_args(argv)
    stores = ("sqlite", "postgres") if args.store == "both" else (args.store,)
    print(json.dumps(run_stores(args.seconds, stores, args.diagnose, args.tracemalloc, args.types), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
