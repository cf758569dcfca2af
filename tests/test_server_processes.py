"""Several `combatlog serve` processes on one PostgreSQL log (issue 15): the live stream of every page follows
writes made by any process (the watcher waits on the store, which LISTENs on PostgreSQL), and two processes
writing the same encounter never lose or double a command (409 to the loser, nothing appended).

Real processes (`python -m combatlog.cli.main serve`, uvicorn on 127.0.0.1), a real throwaway cluster."""

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
import httpx  # noqa: E402

import combatlog  # noqa: E402
from pg_cluster import pg_cluster, pg_url  # noqa: E402,F401  (fixtures)
from test_server import free_port, script, sse_events  # noqa: E402

TOKEN = "shared-dm-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def ready(url: str) -> int:
    """The ready-to-play fight (Aria and Brom against three goblins) in the PostgreSQL log; its last seq."""
    with combatlog.open_log(url) as log:
        encounter = log.encounter("default")
        encounter.execute_all(script())
        return encounter.seq


@contextmanager
def serve_process(url: str, *extra: str):
    """`combatlog serve URL` in its own OS process on a free port; yields its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "combatlog.cli.main", "serve", url, "--port", str(port), "--token", TOKEN, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, f"serve stopped: {process.communicate()[1][-2000:]}"
            assert time.monotonic() < deadline, "serve did not start"
            try:
                if httpx.get(f"{base}/api/encounters", timeout=2).status_code in (200, 401):
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def commands_in(url: str) -> list[dict]:
    """The commands recorded in the log, in order, read back (and verified) from the store."""
    with combatlog.open_log(url) as log:
        lines = log.encounter("default").events()
        log.encounter("default").verify()
    return [line["body"]["event"]["command"] for line in lines if line["body"]["event"]["type"] == "CommandIssued"]


def test_a_command_posted_to_one_process_reaches_the_others_stream_within_a_second(pg_url):
    start = ready(pg_url)
    with serve_process(pg_url) as first, serve_process(pg_url) as second:
        pushed: list[tuple[float, dict]] = []
        table_pushed: list[tuple[float, dict]] = []
        opened = threading.Barrier(3)

        def listen(path: str, into: list, count: int) -> None:
            with httpx.Client(base_url=second, timeout=20) as client, client.stream("GET", path) as response:
                events = sse_events(response)
                into.append((time.monotonic(), next(events)))
                opened.wait(20)
                for _ in range(count):
                    into.append((time.monotonic(), next(events)))

        threads = [threading.Thread(target=listen, args=("/api/encounters/default/stream", pushed, 2), daemon=True),
                   threading.Thread(target=listen, args=("/e/default/table/stream?lang=en", table_pushed, 2),
                                    daemon=True)]
        for thread in threads:
            thread.start()
        opened.wait(20)
        assert pushed[0][1]["seq"] == start
        # A write through the first process…
        sent = time.monotonic()
        answer = httpx.post(f"{first}/api/encounters/default/commands", headers=AUTH, timeout=10,
                            json={"do": "damage", "target": "gob2", "amount": 7, "type": "fire"})
        assert answer.status_code == 200, answer.text
        seq = answer.json()["seq"]
        # …is pushed by the second one, to the DM's stream and to the players' view.
        deadline = time.monotonic() + 5
        while (len(pushed) < 2 or len(table_pushed) < 2) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(pushed) >= 2 and len(table_pushed) >= 2, "the second process never pushed the write"
        at, document = pushed[1]
        assert document["seq"] == seq and document["combatants"]["gob2"]["hp"] == 0
        assert at - sent < 1.0, f"the DM's stream followed after {at - sent:.2f}s"
        at, table = table_pushed[1]
        assert table["seq"] == seq and at - sent < 1.0
        gob2 = next(row for row in table["combatants"] if row["id"] == "gob2")
        assert gob2["health"] == "down" and "hp" not in gob2
        # A write by the second process reaches its own stream too (and both agree with the log).
        answer = httpx.post(f"{second}/api/encounters/default/commands", headers=AUTH, timeout=10,
                            json={"do": "end_turn"})
        assert answer.status_code == 200
        for thread in threads:
            thread.join(10)
        assert pushed[2][1]["turn"] == table_pushed[2][1]["turn"] == "gob1"
        assert httpx.get(f"{first}/api/encounters/default/state").json() == pushed[2][1]


def test_two_processes_racing_for_the_same_seq_one_wins_the_other_gets_409_and_appends_nothing(pg_url):
    start = ready(pg_url)
    with serve_process(pg_url) as first, serve_process(pg_url) as second:
        seq = start
        outcomes = []
        with ThreadPoolExecutor(2) as pool:
            for round_number in range(12):
                barrier = threading.Barrier(2)

                def post(base: str, dc: int, seq=seq, barrier=barrier):
                    barrier.wait(10)
                    return httpx.post(f"{base}/api/encounters/default/commands?seq={seq}", headers=AUTH, timeout=20,
                                      json={"do": "check", "id": "aria", "ability": "str", "dc": dc})

                answers = list(pool.map(post, (first, second), (1000 + 2 * round_number, 1001 + 2 * round_number)))
                codes = sorted(answer.status_code for answer in answers)
                assert codes == [200, 409], [answer.text for answer in answers]
                winner = next(answer for answer in answers if answer.status_code == 200)
                loser = next(answer for answer in answers if answer.status_code == 409)
                assert loser.json()["events"] == [] and loser.json()["error"]
                outcomes.append(json.loads(winner.request.content)["dc"])
                seq = winner.json()["seq"]
        recorded = [command["dc"] for command in commands_in(pg_url) if command.get("do") == "check"]
        assert recorded == outcomes  # each winner exactly once, no loser's command anywhere


def test_concurrent_posts_to_two_processes_never_lose_or_double_a_command(pg_url):
    start = ready(pg_url)
    per_client = 15
    with serve_process(pg_url) as first, serve_process(pg_url) as second:

        def client(index: int) -> tuple[int, int]:
            base = (first, second)[index % 2]
            appended = conflicts = 0
            with httpx.Client(base_url=base, headers=AUTH, timeout=20) as http:
                for number in range(per_client):
                    dc = 100 + index * per_client + number
                    while True:  # without ?seq the server runs it on the latest state; a lost race answers 409
                        answer = http.post("/api/encounters/default/commands",
                                           json={"do": "check", "id": "aria", "ability": "str", "dc": dc})
                        if answer.status_code == 409:
                            assert answer.json()["events"] == []
                            conflicts += 1
                            continue
                        assert answer.status_code == 200, answer.text
                        appended += len(answer.json()["events"])
                        break
            return appended, conflicts

        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(client, range(4)))
        recorded = [command["dc"] for command in commands_in(pg_url) if command.get("do") == "check"]
        assert sorted(recorded) == list(range(100, 100 + 4 * per_client))  # every command exactly once
        with combatlog.open_log(pg_url) as log:
            added = log.last_seq("default") - start
        assert added == sum(appended for appended, _ in results)  # every event answered once; a 409 appended nothing


def test_serve_with_several_workers_follows_every_workers_writes(pg_url):
    start = ready(pg_url)
    with serve_process(pg_url, "--workers", "2") as base:
        with httpx.Client(base_url=base, timeout=20) as client, \
                client.stream("GET", "/e/default/table/stream?lang=fr") as players:
            events = sse_events(players)
            assert next(events)["seq"] == start
            # Several connections: the kernel spreads them over both workers; every write reaches the stream.
            for number in range(6):
                with httpx.Client(base_url=base, headers=AUTH, timeout=20) as writer:
                    answer = writer.post("/api/encounters/default/commands",
                                         json={"do": "check", "id": "aria", "ability": "str", "dc": 10 + number})
                    assert answer.status_code == 200, answer.text
                    seq = answer.json()["seq"]
                while True:
                    document = next(events)
                    if document["seq"] == seq:
                        break
                    assert document["seq"] < seq


def test_several_workers_need_a_log_they_can_share(tmp_path, capsys):
    from combatlog.cli.main import main

    assert main(["serve", str(tmp_path / "fight.jsonl"), "--workers", "2"]) == 2
    assert "PostgreSQL" in capsys.readouterr().err
