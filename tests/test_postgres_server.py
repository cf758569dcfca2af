"""`combatlog serve` in several OS processes on one PostgreSQL log (INTERFACE.md §4-5): a page's live stream
follows writes made through any process (LISTEN/NOTIFY), and commands sent to both processes at once are
each either written exactly once (200) or refused whole (409), never lost or doubled.
"""

import json
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from pg_cluster import require_driver

require_driver()
httpx = pytest.importorskip("httpx", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")

from combatlog.cli.main import main as cli  # noqa: E402
from combatlog.events.meta import CommandIssued  # noqa: E402
from combatlog.events.stores import open_store  # noqa: E402
from pg_cluster import pg_cluster, pg_url  # noqa: E402, F401  (fixtures)

READY = Path(__file__).resolve().parent.parent / "fixtures" / "encounters" / "ready_to_play.jsonl"
TOKEN = "pg-dm-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def servers(url: str, count: int):
    """`count` `combatlog serve` processes on the same log; yields their base URLs once all answer."""
    ports = [free_port() for _ in range(count)]
    processes = [subprocess.Popen([sys.executable, "-m", "combatlog.cli.main", "serve", url, "--port", str(port),
                                   "--token", TOKEN], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                 for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        deadline = time.monotonic() + 30
        for base, process in zip(bases, processes):
            while True:
                try:
                    if httpx.get(f"{base}/api/encounters", timeout=5).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert process.poll() is None, process.stderr.read()
                assert time.monotonic() < deadline, "combatlog serve did not start"
                time.sleep(0.1)
        yield bases
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(10)


def sse_states(response):
    """(arrival time, state document) of each `event: state` message of a Server-Sent Events response."""
    kind, data = None, []
    for line in response.iter_lines():
        if line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
        elif line == "" and data:
            if kind == "state":
                yield time.monotonic(), json.loads("\n".join(data))
            kind, data = None, []


def cli_state(url: str, capsys) -> dict:
    capsys.readouterr()
    assert cli(["state", url, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def ready(pg_url) -> str:
    """The ready-to-play fight, started, in a PostgreSQL log."""
    assert cli(["run", str(READY), "--log", pg_url, "--quiet"]) == 0
    return pg_url


def test_a_stream_on_one_process_shows_a_write_made_through_another_within_a_second(ready, capsys):
    with servers(ready, 2) as (writer, watcher), httpx.Client(timeout=10) as client:
        with client.stream("GET", f"{watcher}/api/encounters/default/stream") as stream:
            states = sse_states(stream)
            _, first = next(states)
            assert first == cli_state(ready, capsys)
            sent = time.monotonic()
            answer = client.post(f"{writer}/api/encounters/default/commands", headers=AUTH,
                                 json={"do": "damage", "target": "gob2", "amount": 3, "type": "fire"})
            assert answer.status_code == 200
            arrived, pushed = next(states)
            assert arrived - sent < 1.0
            assert pushed == cli_state(ready, capsys) and pushed["seq"] == answer.json()["seq"]


def test_commands_sent_to_two_processes_at_once_are_written_once_or_refused_whole(ready, capsys):
    per_thread, outcomes = 15, {}
    with servers(ready, 2) as bases:
        def send(worker: int) -> None:
            with httpx.Client(timeout=30) as client:
                for index in range(per_thread):
                    dc = 100 + worker * per_thread + index
                    answer = client.post(f"{bases[worker % 2]}/api/encounters/default/commands", headers=AUTH,
                                         json={"do": "check", "id": "brom", "ability": "str", "dc": dc})
                    outcomes[dc] = answer.status_code

        threads = [threading.Thread(target=send, args=(worker,)) for worker in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
    assert set(outcomes.values()) <= {200, 409} and len(outcomes) == 4 * per_thread
    with open_store(ready, create=False) as store:
        records = list(store.read("default"))  # verified: gapless, chained
    written = [r.event.command["dc"] for r in records
               if isinstance(r.event, CommandIssued) and r.event.command.get("do") == "check"]
    assert sorted(written) == sorted(dc for dc, status in outcomes.items() if status == 200)
    assert len(written) == len(set(written))
    capsys.readouterr()
    assert cli(["verify", ready]) == 0
