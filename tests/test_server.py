"""`combatlog serve` (INTERFACE.md §5) end to end: the JSON API through Starlette's TestClient and a real uvicorn.

Every document the server answers is compared with what the CLI prints for the same log file."""

import json
import re
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

starlette = pytest.importorskip("starlette", reason="the server extra is not installed")
import httpx  # noqa: E402
import uvicorn  # noqa: E402
import warnings  # noqa: E402

with warnings.catch_warnings():  # Starlette 1.x nudges towards httpx2; httpx is what the extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

import combatlog  # noqa: E402
from combatlog.cli.main import main as cli_main  # noqa: E402
from combatlog.server import dm_urls  # noqa: E402
from combatlog.server.app import MAX_BODY, create_app  # noqa: E402
from conftest import state_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
READY = ROOT / "fixtures" / "encounters" / "ready_to_play.jsonl"
TOKEN = "s3cret-dm-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def script(path: Path = READY) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def ready_log(tmp_path: Path, lang: str | None = None) -> Path:
    """The ready-to-play fight (Aria and Brom against three goblins), started, in a SQLite log."""
    path = tmp_path / "fight.db"
    commands = script()
    if lang:
        commands[0] = {**commands[0], "lang": lang}
    with combatlog.open_log(path) as log:
        log.encounter("default").execute_all(commands)
    return path


def cli(capsys, *args) -> tuple[int, str, str]:
    code = cli_main(list(map(str, args)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def served(tmp_path):
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        yield path, client


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def live_server(log: Path, token: str = TOKEN, lang: str | None = None, private: bool = False):
    """A real uvicorn on 127.0.0.1 in a thread; yields its base URL."""
    port = free_port()
    config = uvicorn.Config(create_app(str(log), token=token, lang=lang, private=private), host="127.0.0.1", port=port,
                            log_level="warning", timeout_graceful_shutdown=1, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


# ------------------------------------------------------------------------------------------ the JSON API


def test_writes_need_the_token(served):
    path, client = served
    before = state_of(path)["seq"]
    assert client.post("/api/encounters/default/commands", json={"do": "end_turn"}).status_code == 401
    wrong = client.post("/api/encounters/default/commands", json={"do": "end_turn"},
                        headers={"Authorization": "Bearer not-the-token"})
    assert wrong.status_code == 401 and "token" in wrong.json()["error"]
    assert state_of(path)["seq"] == before


def test_a_command_answers_its_seq_and_events_as_exported(served, capsys):
    path, client = served
    answer = client.post("/api/encounters/default/commands", json={"do": "end_turn"}, headers=AUTH)
    assert answer.status_code == 200
    body = answer.json()
    assert body["seq"] == state_of(path)["seq"]
    code, out, _ = cli(capsys, "export", path)
    exported = [json.loads(line) for line in out.splitlines()]
    assert body["events"] == exported[-len(body["events"]):]
    assert body["events"][0]["body"]["event"] == {"type": "CommandIssued", "command": {"do": "end_turn"},
                                                  "rng_draws": 0, "rng_position": 0}


def test_a_refused_command_answers_422_with_the_clis_reason_in_the_encounters_language(served, capsys, tmp_path):
    path, client = served
    before = state_of(path)["seq"]
    bad = {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar"}
    answer = client.post("/api/encounters/default/commands", json=bad, headers=AUTH)
    assert answer.status_code == 422
    assert answer.json()["line"] == 1
    assert state_of(path)["seq"] == before
    scripted = tmp_path / "bad.jsonl"
    scripted.write_text(json.dumps(bad) + "\n", encoding="utf-8")
    code, _, err = cli(capsys, "run", scripted, "--log", path)
    assert code == 2
    assert err.strip() == f"line 1: {answer.json()['error']}"
    assert "tour" in answer.json()["error"]  # the fight is in French
    assert state_of(path)["seq"] == before


def test_a_list_runs_in_order_and_stops_at_the_first_refused_command(served):
    path, client = served
    answer = client.post("/api/encounters/default/commands", headers=AUTH,
                         json=[{"do": "end_turn"}, {"do": "heal", "target": "nobody", "amount": 1}, {"do": "end_turn"}])
    assert answer.status_code == 422
    assert answer.json()["line"] == 2
    assert "nobody" in answer.json()["error"]
    assert state_of(path)["turn"] == "gob1"  # the first end_turn stays, as with `combatlog run`
    ok = client.post("/api/encounters/default/commands", headers=AUTH, json=[{"do": "end_turn"}, {"do": "end_turn"}])
    assert ok.status_code == 200 and state_of(path)["turn"] == "gob3"


def test_a_stale_writer_gets_409_and_appends_nothing(served):
    path, client = served
    seen = client.get("/api/encounters/default/state").json()["seq"]
    with combatlog.open_log(path) as other:  # another process's write
        other.encounter("default").execute({"do": "end_turn"})
    moved = state_of(path)["seq"]
    answer = client.post(f"/api/encounters/default/commands?seq={seen}", json={"do": "end_turn"}, headers=AUTH)
    assert answer.status_code == 409
    assert answer.json()["error"].startswith("quelqu'un d'autre vient d'écrire")
    assert state_of(path)["seq"] == moved
    fresh = client.post(f"/api/encounters/default/commands?seq={moved}", json={"do": "end_turn"}, headers=AUTH)
    assert fresh.status_code == 200


def test_bad_bodies_are_refused_without_writing(served):
    path, client = served
    before = state_of(path)["seq"]
    garbage = client.post("/api/encounters/default/commands", content=b"{not json", headers=AUTH)
    assert garbage.status_code == 422 and "JSON" in garbage.json()["error"]
    huge = client.post("/api/encounters/default/commands", content=b"[" + b" " * (MAX_BODY + 10) + b"]", headers=AUTH)
    assert huge.status_code == 413
    not_object = client.post("/api/encounters/default/commands", json=[3], headers=AUTH)
    assert not_object.status_code == 422
    assert state_of(path)["seq"] == before


def test_the_api_drives_a_fight_end_to_end_and_agrees_with_the_cli(tmp_path, capsys):
    """A fight run over HTTP from an empty log, then every read endpoint compared with the CLI on the same file."""
    path = tmp_path / "http.db"
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        for command in script():
            assert client.post("/api/encounters/bridge/commands", json=command, headers=AUTH).status_code == 200
        turn = [{"do": "move", "id": "aria", "path": [[3, 2]]},
                {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 6]},
                {"do": "end_turn"}, {"do": "undo"}, {"do": "redo"}]
        assert client.post("/api/encounters/bridge/commands", json=turn, headers=AUTH).status_code == 200
        assert client.get("/api/encounters").json() == ["bridge"]
        assert client.get("/api/encounters?detail=1").json()[0]["name"] == "Le pont des gobelins"
        state = client.get("/api/encounters/bridge/state").json()
        assert state == state_of(path)
        assert state["combatants"]["gob1"]["status"] == "dead" or state["combatants"]["gob1"]["hp"] < 7
        assert client.get("/api/encounters/bridge/state?at=20").json() == state_of(path, at=20)
        code, out, _ = cli(capsys, "export", path)
        exported = [json.loads(line) for line in out.splitlines()]
        assert client.get("/api/encounters/bridge/events?after=10").json() == exported[11:]
        assert client.get("/api/encounters/bridge/events").json() == exported
        assert client.get("/api/encounters/bridge/events?after=10&format=jsonl").text == "".join(
            line + "\n" for line in out.splitlines()[11:])
        for fmt in ("md", "html", "json"):
            code, out, _ = cli(capsys, "export", path, "--format", fmt, "--lang", "en")
            assert client.get(f"/api/encounters/bridge/transcript?format={fmt}&lang=en").text == out
        english = client.get("/api/encounters/bridge/state?lang=en").json()
        assert english["combatants"]["gob1"]["name"] == "Goblin"
        assert state["combatants"]["gob1"]["name"] == "Gobelin"
        assert client.get("/api/encounters/bridge/state?at=9999").status_code == 404
        assert client.get("/api/encounters/nowhere/state").status_code == 404
        assert client.get("/api/encounters/bridge/state?lang=de").status_code == 400


# ------------------------------------------------------------------------------------------ pages


def test_the_printed_address_logs_the_dm_in_with_a_samesite_cookie(served):
    _, client = served
    (url,) = dm_urls("127.0.0.1", 8000, TOKEN, ["default"])
    assert url == f"http://127.0.0.1:8000/e/default?token={TOKEN}"
    assert client.get("/e/default").status_code == 401
    assert client.get("/e/default?token=wrong").status_code == 401
    login = client.get(f"/e/default?token={TOKEN}", follow_redirects=False)
    assert login.status_code == 303 and login.headers["location"] == "/e/default"
    cookie = login.headers["set-cookie"].lower()
    assert "samesite=strict" in cookie and "httponly" in cookie
    page = client.get("/e/default")
    assert page.status_code == 200 and "Tour suivant" in page.text
    # The cookie also lets the page's own requests write.
    assert client.post("/api/encounters/default/line", json={"line": "suivant"}).status_code == 200


def test_the_command_line_takes_the_shells_words(served):
    path, client = served
    assert client.post("/api/encounters/default/line", json={"line": "next"}, headers=AUTH).status_code == 200
    assert state_of(path)["turn"] == "gob1"
    unknown = client.post("/api/encounters/default/line", json={"line": "nimportequoi"}, headers=AUTH)
    assert unknown.status_code == 422 and "commande inconnue" in unknown.json()["error"]
    raw = client.post("/api/encounters/default/line", json={"line": '{"do": "end_turn"}'}, headers=AUTH)
    assert raw.status_code == 200 and state_of(path)["turn"] == "gob2"
    assert client.post("/api/encounters/default/line", json={"line": "suivant"}).status_code == 401


def monsters_hp_leaks(text: str, state: dict) -> list[str]:
    """The exact-HP traces of monsters found in `text`."""
    found = []
    for cid, creature in state["combatants"].items():
        if creature["kind"] != "pc":
            hp = creature["hp"]
            traces = (rf"\b{hp}\s*/\s*{creature['max_hp']}\b", rf'"{re.escape(cid)}"[^}}]*"hp":\s*{hp}\b')
            found += [f"{cid}: {trace}" for trace in traces if re.search(trace, text)]
    return found


def test_the_players_view_never_receives_a_monsters_hp(served):
    path, client = served
    client.post("/api/encounters/default/commands", headers=AUTH,
                json={"do": "damage", "target": "gob1", "amount": 4, "type": "fire"})
    state = state_of(path)
    assert state["combatants"]["gob1"]["hp"] == 3
    page = client.get("/e/default/table")
    assert page.status_code == 200
    assert monsters_hp_leaks(page.text, state) == []
    initial = json.loads(page.text.split('<script id="initial" type="application/json">')[1].split("</script>")[0])
    rows = {row["id"]: row for row in initial["doc"]["combatants"]}
    assert rows["gob1"]["health"] == "bloodied" and rows["gob2"]["health"] == "healthy"
    assert not {"hp", "max_hp", "temp_hp", "ac"} & set(rows["gob1"])
    assert rows["aria"]["hp"] == 44
    assert "Gobelin (gob1) encaisse un coup" in initial["doc"]["log"]


def test_streams_push_every_new_state_as_it_happens(tmp_path):
    path = ready_log(tmp_path)
    with live_server(path) as base, httpx.Client(base_url=base, timeout=10) as client:
        with client.stream("GET", "/api/encounters/default/stream") as dm, \
                client.stream("GET", "/e/default/table/stream?lang=en") as players:
            dm_events, table_events = sse_events(dm), sse_events(players)
            assert next(dm_events)["seq"] == state_of(path)["seq"]
            assert next(table_events)["turn"] == "aria"
            answer = client.post("/api/encounters/default/commands", headers=AUTH,
                                 json={"do": "damage", "target": "gob2", "amount": 7, "type": "fire"})
            assert answer.status_code == 200
            pushed = next(dm_events)
            assert pushed == state_of(path)
            table = next(table_events)
            gob2 = next(row for row in table["combatants"] if row["id"] == "gob2")
            assert gob2["health"] == "down" and "hp" not in gob2
            # A write by another process (a second log on the same file) reaches the streams too.
            with combatlog.open_log(path) as other:
                other.encounter("default").execute({"do": "end_turn"})
            assert next(table_events)["turn"] == "gob1"
            assert next(dm_events)["turn"] == "gob1"


def sse_events(response):
    """The `data:` of each `event: state` message of a Server-Sent Events response."""
    kind, data = None, []
    for line in response.iter_lines():
        if line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
        elif line == "" and data:
            if kind == "state":
                yield json.loads("\n".join(data))
            kind, data = None, []


def test_serve_prints_the_dm_address_and_serves_it(tmp_path):
    import subprocess
    import sys

    path = ready_log(tmp_path)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "combatlog.cli.main", "serve", str(path), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        assert first.startswith("DM (default): http://127.0.0.1:") and "?token=" in first
        url = first.split(": ", 1)[1].strip()
        deadline = time.monotonic() + 20
        while True:
            try:
                with httpx.Client(timeout=5, follow_redirects=True) as client:
                    page = client.get(url)
                break
            except httpx.ConnectError:
                assert time.monotonic() < deadline, server.stderr.read()
                time.sleep(0.1)
        assert page.status_code == 200 and "Tour suivant" in page.text
    finally:
        server.terminate()
        server.wait(10)


def test_the_dm_sees_how_long_each_condition_lasts(served):
    _, client = served
    answer = client.post("/api/encounters/default/commands", headers=AUTH, json=[
        {"do": "condition", "target": "brom", "add": "poisoned", "until": "end_of_turn", "of": "gob1"},
        {"do": "condition", "target": "gob2", "add": "frightened", "until": {"rounds": 2, "of": "aria"}},
        {"do": "condition", "target": "gob3", "add": "prone"},
    ])
    assert answer.status_code == 200, answer.text
    # The shell's status table words them (shell.ftl table-until-*): the same sentences in both places.
    french = client.get("/api/encounters/default/dm?lang=fr", headers=AUTH).json()["view"]
    assert french["conditions"]["brom"] == "empoisonné → fin du tour de Gobelin (gob1)"
    # Round 1 now; the fear lasts 2 rounds of Aria's: it ends at her turn in round 3, 2 rounds from now.
    assert french["conditions"]["gob2"] == "effrayé 2 rounds restants"
    assert french["conditions"]["gob3"] == "à terre"
    assert french["left"]["aria"] == "action, bonus, réaction, 9 m"
    assert french["title"] == "Le pont des gobelins — round 1 — tour d'Aria"
    english = client.get("/api/encounters/default/dm?lang=en", headers=AUTH).json()["view"]
    assert english["conditions"]["brom"] == "poisoned → end of Goblin (gob1)'s turn"
    assert english["title"] == "Le pont des gobelins — round 1 — Aria's turn"
    assert client.get("/api/encounters/default/dm").status_code == 401


def test_a_jsonl_log_is_served_the_same_way(tmp_path, capsys):
    path = tmp_path / "fight.jsonl"
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        assert client.post("/api/encounters/default/commands", json=script(), headers=AUTH).status_code == 200
        assert client.post("/api/encounters/default/line", json={"line": "suivant"}, headers=AUTH).status_code == 200
        assert client.get("/api/encounters/default/state").json() == state_of(path)
        code, out, _ = cli(capsys, "export", path)
        assert client.get("/api/encounters/default/events?format=jsonl").text == out
        assert client.get("/e/default/table").status_code == 200


def test_an_open_reaction_window_is_told_in_the_dms_words(served):
    _, client = served
    # Aria walks out of gob1's reach: gob1 may take an opportunity attack.
    moved = client.post("/api/encounters/default/line", json={"line": "bouge aria 3,2 2,2"}, headers=AUTH)
    assert moved.status_code == 200, moved.text
    view = client.get("/api/encounters/default/dm?lang=fr", headers=AUTH).json()
    assert view["window"]["reactors"] == ["gob1"]
    assert view["view"]["window"] == "Fenêtre de réaction : Aria quitte l'allonge de Gobelin (gob1) → Gobelin (gob1) peut réagir ou passer"
    passed = client.post("/api/encounters/default/line", json={"line": "passer"}, headers=AUTH)
    assert passed.status_code == 200
    assert client.get("/api/encounters/default/dm?lang=fr", headers=AUTH).json()["view"]["window"] is None


# ------------------------------------------------------------------------------------------ --private


def test_reads_are_open_by_default_and_private_servers_need_the_token(tmp_path):
    path = ready_log(tmp_path)
    reads = ["/api/encounters", "/api/encounters/default/state", "/api/encounters/default/events",
             "/api/encounters/default/log", "/api/encounters/default/transcript?format=md"]
    with TestClient(create_app(str(path), token=TOKEN)) as client:  # INTERFACE.md §5: reads are open
        assert [client.get(url).status_code for url in reads] == [200] * len(reads)
        assert client.get("/api/encounters/default/state").json()["combatants"]["gob1"]["hp"] == 7
    with TestClient(create_app(str(path), token=TOKEN, private=True)) as client:
        for url in reads:
            refused = client.get(url)
            assert refused.status_code == 401, url
            assert "gob1" not in refused.text and refused.json()["error"]
        assert client.get("/api/encounters/default/state", headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert client.get("/api/encounters/default/state?lang=fr").json()["error"].startswith("Jeton absent")
        assert [client.get(url, headers=AUTH).status_code for url in reads] == [200] * len(reads)
        assert client.get("/api/encounters/default/state", headers=AUTH).json() == state_of(path)
        with client.stream("GET", "/api/encounters/default/stream") as stream:
            assert stream.status_code == 401
        # The players' view stays open, and still without a monster's HP.
        page = client.get("/e/default/table")
        assert page.status_code == 200 and monsters_hp_leaks(page.text, state_of(path)) == []
        # The DM's browser reads with its login cookie.
        client.get(f"/e/default?token={TOKEN}", follow_redirects=False)
        assert client.get("/api/encounters/default/state").status_code == 200
        assert client.get("/api/encounters/default/transcript?format=html").status_code == 200


def test_a_private_servers_streams_follow_with_the_token_and_the_players_stream_stays_open(tmp_path):
    path = ready_log(tmp_path)
    with live_server(path, private=True) as base, httpx.Client(base_url=base, timeout=10) as client:
        with client.stream("GET", "/api/encounters/default/stream", headers=AUTH) as dm, \
                client.stream("GET", "/e/default/table/stream?lang=en") as players:
            dm_events, table_events = sse_events(dm), sse_events(players)
            assert next(dm_events)["seq"] == state_of(path)["seq"]
            next(table_events)
            client.post("/api/encounters/default/commands", headers=AUTH, json={"do": "end_turn"})
            assert next(dm_events)["turn"] == next(table_events)["turn"] == "gob1"


def test_serve_takes_private_and_workers(capsys):
    from combatlog.cli.main import _parser as build_parser

    args = build_parser().parse_args(["serve", "fight.db", "--private", "--workers", "3"])
    assert args.private is True and args.workers == 3
    args = build_parser().parse_args(["serve", "fight.db"])
    assert args.private is False and args.workers == 1


# ------------------------------------------------------------------------------------------ words


def test_the_pages_words_come_from_the_catalogs_and_reuse_the_shells():
    from combatlog.words import has, message
    from combatlog.server.words import IDS, word, words_for

    for lang in ("fr", "en"):
        assert [key for key, message_id in IDS.items() if not has(lang, message_id)] == []
    # Where the page says what the shell says, it is the shell's message (shell.ftl, terms.ftl).
    assert words_for("fr")["undone"] == message("fr", "shell-undone-mark") == "(annulé)"
    assert words_for("en")["round"] == "round {round}"  # table-round, filled by the page's script
    assert words_for("fr")["phase_death_save"] == message("fr", "phase-death-save")
    assert word("fr", "p_turn", round=2, who="Aria") == "Round 2, tour d'Aria"  # French elision from the catalog
    assert word("fr", "p_damage_pc", target="Brom", amount=1) == "Brom subit 1 dégât"
    assert word("de", "send") == "Send"  # an unknown language falls back to English


def test_a_watcher_stops_when_its_last_stream_closes(tmp_path):
    path = ready_log(tmp_path)
    app = create_app(str(path), token=TOKEN)
    hub = app.state.hub
    hub.watch_idle = 0.3
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                          timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
            with client.stream("GET", "/e/default/table/stream") as players:
                next(sse_events(players))
                assert hub.watching() == ["default"]
            deadline = time.monotonic() + 10  # the server notices the closed stream within its 1 s slices
            while hub.watching() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert hub.watching() == []
            with client.stream("GET", "/api/encounters/default/stream") as again:  # a new stream, a new watcher
                events = sse_events(again)
                next(events)
                assert hub.watching() == ["default"]
                with combatlog.open_log(path) as other:  # another process's write still reaches it
                    other.encounter("default").execute({"do": "end_turn"})
                assert next(events)["turn"] == "gob1"
    finally:
        server.should_exit = True
        thread.join(10)
