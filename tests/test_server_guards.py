"""Issue 24's server points: cross-site requests, the Host header, input that once answered with a traceback,
encounter names, and commands posted twice. Every refused request leaves the log as it was.

The TestClient raises any exception the app lets through: each refusal here is an answer, not a traceback."""

import json

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

import combatlog  # noqa: E402
from combatlog.server.app import create_app  # noqa: E402
from conftest import state_of  # noqa: E402
from test_server import AUTH, TOKEN, TestClient, ready_log  # noqa: E402

DAMAGE = {"do": "damage", "target": "aria", "amount": 5, "type": "fire"}


def events_of(path) -> int:
    with combatlog.open_log(path) as log:
        return log.last_seq("default")


@pytest.fixture
def served(tmp_path):
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        yield path, client


@pytest.fixture
def logged_in(served):
    """The DM's browser after opening the printed address: it holds the login cookie, no Authorization header."""
    path, client = served
    assert client.get(f"/e/default?token={TOKEN}", follow_redirects=False).status_code == 303
    return path, client


# ------------------------------------------------------------------------------------------ cross-site requests


@pytest.mark.parametrize("origin", ["http://127.0.0.1:9000", "http://evil.example", "null"])
def test_a_write_from_another_origin_is_refused_even_with_the_dms_cookie(logged_in, origin):
    # A page on another port of the same host is same-site: SameSite=Strict still sends the cookie.
    path, client = logged_in
    before = events_of(path)
    for url, body in (("/api/encounters/default/commands", DAMAGE), ("/api/encounters/default/line",
                                                                      {"line": "dgt aria 30 feu"})):
        answer = client.post(url, json=body, headers={"Origin": origin})
        assert answer.status_code == 403, answer.text
        assert "another site" in answer.json()["error"] or "autre site" in answer.json()["error"]
    assert events_of(path) == before
    assert state_of(path)["combatants"]["aria"]["hp"] == 44


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_without_an_origin_a_cross_site_fetch_metadata_is_refused(logged_in, site):
    path, client = logged_in
    before = events_of(path)
    answer = client.post("/api/encounters/default/commands", json=DAMAGE, headers={"Sec-Fetch-Site": site})
    assert answer.status_code == 403
    assert events_of(path) == before


def test_the_pages_own_origin_writes(logged_in):
    path, client = logged_in
    answer = client.post("/api/encounters/default/commands", json=DAMAGE,
                         headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"})
    assert answer.status_code == 200, answer.text
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 5


def test_a_write_must_say_application_json(logged_in):
    path, client = logged_in
    before = events_of(path)
    body = json.dumps({"line": "dgt aria 30 feu"}).encode()
    for kind in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", None):
        headers = {"Content-Type": kind} if kind else {}
        answer = client.post("/api/encounters/default/line", content=body, headers=headers)
        assert answer.status_code == 415, (kind, answer.text)
        assert "application/json" in answer.json()["error"]
    # A script holding the token that names another type is refused too; one that names none may write.
    assert client.post("/api/encounters/default/commands", content=json.dumps(DAMAGE).encode(),
                       headers={**AUTH, "Content-Type": "text/plain"}).status_code == 415
    assert events_of(path) == before
    assert client.post("/api/encounters/default/commands", content=json.dumps(DAMAGE).encode(),
                       headers=AUTH).status_code == 200


def test_an_unknown_key_in_a_line_body_is_refused_by_name(logged_in):
    # The shape a text/plain form produces: {"line": "...", "x": "="}
    path, client = logged_in
    before = events_of(path)
    answer = client.post("/api/encounters/default/line", json={"line": "dgt aria 30 feu", "x": "="})
    assert answer.status_code == 422
    assert answer.json()["error"] == "champ inconnu « x » (connus : line, request_id)"  # the fight is in French
    unknown_field = client.post("/api/encounters/default/commands", json={**DAMAGE, "sneaky": 1})
    assert unknown_field.status_code == 422 and "sneaky" in unknown_field.json()["error"]
    assert events_of(path) == before


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io:8000", "", "[::1",
                                  "127.0.0.1:99999999"])
def test_a_host_the_server_does_not_serve_is_refused(tmp_path, host):
    # DNS rebinding: the attacker's name resolves to 127.0.0.1, the browser sends that name as the Host.
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN, port=8000)) as client:
        for url in ("/api/encounters", "/api/encounters/default/state", "/"):
            answer = client.get(url, headers={"Host": host})
            assert answer.status_code == 400, (url, answer.text)
            assert "gob1" not in answer.text
        assert client.post("/api/encounters/default/commands", json=DAMAGE,
                           headers={**AUTH, "Host": host}).status_code == 400
    assert state_of(path)["combatants"]["aria"]["hp"] == 44


def test_loopback_names_and_the_served_host_are_answered(tmp_path):
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN, port=8000, allowed_hosts=[])) as client:
        for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST", "127.0.0.1"):
            assert client.get("/api/encounters", headers={"Host": host}).status_code == 200, host
        assert client.get("/api/encounters", headers={"Host": "127.0.0.1:8001"}).status_code == 400  # another port
        assert client.get("/api/encounters").status_code == 400  # TestClient's `testserver`, not configured here
    with TestClient(create_app(str(path), token=TOKEN, host="salon.local", port=8000, allowed_hosts=[])) as client:
        assert client.get("/api/encounters", headers={"Host": "salon.local:8000"}).status_code == 200
        assert client.get("/api/encounters", headers={"Host": "192.168.1.20:8000"}).status_code == 400
    # Listening on every interface, the players' phones use the machine's address; a name still needs adding.
    with TestClient(create_app(str(path), token=TOKEN, host="0.0.0.0", port=8000, allowed_hosts=["table.lan"])) as client:
        assert client.get("/api/encounters", headers={"Host": "192.168.1.20:8000"}).status_code == 200
        assert client.get("/api/encounters", headers={"Host": "table.lan:8000"}).status_code == 200
        assert client.get("/api/encounters", headers={"Host": "rebind.example:8000"}).status_code == 400


def test_a_private_servers_index_names_no_encounter(tmp_path):
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN, private=True)) as client:
        page = client.get("/?lang=en")
        assert page.status_code == 200
        assert "Le pont des gobelins" not in page.text and "/e/default" not in page.text
        assert "This server is private" in page.text
        assert client.get("/?lang=fr").text.count("Ce serveur est privé") == 1
        client.get(f"/e/default?token={TOKEN}", follow_redirects=False)  # the DM sees them
        assert "Le pont des gobelins" in client.get("/").text
    with TestClient(create_app(str(path), token=TOKEN)) as client:  # an open server lists them, as before
        assert "Le pont des gobelins" in client.get("/").text


# ------------------------------------------------------------------------------------------ no traceback


def test_deeply_nested_bodies_are_refused_without_a_traceback(served):
    path, client = served
    before = events_of(path)
    lists = b"[" * 100_000 + b"]" * 100_000
    dicts = b'{"a":' * 40_000 + b"1" + b"}" * 40_000
    for url in ("/api/encounters/default/commands", "/api/encounters/default/line"):
        for body in (lists, dicts):
            answer = client.post(url, content=body, headers={**AUTH, "Content-Type": "application/json"})
            assert answer.status_code == 422, answer.text
            assert "nested too deeply" in answer.json()["error"] or "trop imbriqué" in answer.json()["error"]
    # Nested less than the decoder's limit but more than a command's: the command's check names the field.
    middling = {"do": "damage", "target": "aria", "amount": 5, "type": "fire", "note": json.loads("[" * 200 + "]" * 200)}
    answer = client.post("/api/encounters/default/commands", json=middling, headers=AUTH)
    assert answer.status_code == 422 and "note" in answer.json()["error"]
    assert events_of(path) == before


def test_a_5000_digit_number_is_refused_naming_its_field(served):
    path, client = served
    before = events_of(path)
    body = b'{"do": "damage", "target": "aria", "amount": ' + b"9" * 5000 + b', "type": "fire"}'
    answer = client.post("/api/encounters/default/commands", content=body,
                         headers={**AUTH, "Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert "amount" in answer.json()["error"]
    negative = body.replace(b": 9", b": -9")
    assert client.post("/api/encounters/default/commands", content=negative,
                       headers={**AUTH, "Content-Type": "application/json"}).status_code == 422
    assert events_of(path) == before


@pytest.mark.parametrize("url, field", [
    ("/api/encounters/default/events?after=99999999999999999999999", "after"),
    ("/api/encounters/default/log?after=99999999999999999999999", "after"),
    (f"/api/encounters/default/state?at={2**200}", "at"),
    ("/api/encounters/default/state?at=1e308", "at"),
    ("/api/encounters/default/state?at=%EF%BC%91", "at"),  # a full-width digit: isdigit() but no seq
    (f"/api/encounters/default/dm?at={2**200}", "at"),
])
def test_huge_event_numbers_in_queries_answer_400_naming_the_parameter(served, url, field):
    _, client = served
    answer = client.get(url + "&lang=en" if "?" in url else url, headers=AUTH)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"].startswith(f"{field}: '")
    assert "is not an event number" in answer.json()["error"]
    assert len(answer.json()["error"]) < 120  # the number is not echoed whole


def test_a_huge_expected_seq_on_a_command_answers_400(served):
    path, client = served
    before = events_of(path)
    for field in ("seq", "expected_seq"):
        answer = client.post(f"/api/encounters/default/commands?{field}={2**200}", json=DAMAGE, headers=AUTH)
        assert answer.status_code == 400 and answer.json()["error"].startswith(f"{field} : «")  # French fight
    assert events_of(path) == before


@pytest.mark.parametrize("name, says", [
    ("a%0D%0Ab", "U+000D"), ("a%1Bb", "U+001B"), ("a%00b", "U+0000"), ("a%E2%80%AEb", "U+202E"),
    ("x" * 5000, "5000"), ("a%22b", "guillemet"), ("l%27ecole", "guillemet"), ("a%5Cb", "guillemet"),
])
def test_an_encounter_name_the_cli_would_refuse_is_refused_by_the_server(tmp_path, name, says):
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        create = {"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": "fr"}
        for method, url, body in (("POST", f"/api/encounters/{name}/commands?lang=fr", create),
                                  ("POST", f"/api/encounters/{name}/line?lang=fr", {"line": "suivant"}),
                                  ("GET", f"/api/encounters/{name}/state?lang=fr", None),
                                  ("GET", f"/api/encounters/{name}/transcript?download=1&lang=fr", None),
                                  ("GET", f"/e/{name}/table?lang=fr", None)):
            answer = client.request(method, url, json=body, headers=AUTH)
            assert answer.status_code == 422, (url[:60], answer.text[:200])
            error = answer.json()["error"]
            assert says in error and "\r" not in error and "\x1b" not in error and len(error) < 200
    with combatlog.open_log(path) as log:
        assert log.encounters() == ["default"]


def test_the_encounter_name_refusal_speaks_english_too(served):
    _, client = served
    answer = client.get("/api/encounters/a%0D%0Ab/state?lang=en")
    assert answer.json()["error"] == "the encounter's name holds a control character or line break (U+000D)"


# ------------------------------------------------------------------------------------------ idempotency


def test_a_command_posted_twice_with_one_idempotency_key_applies_once(served):
    path, client = served
    key = {"Idempotency-Key": "9b2f0c-dgt-aria"}
    first = client.post("/api/encounters/default/commands", json=DAMAGE, headers={**AUTH, **key})
    assert first.status_code == 200
    after_first = events_of(path)
    again = client.post("/api/encounters/default/commands", json=DAMAGE, headers={**AUTH, **key})
    assert again.status_code == 200 and again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert events_of(path) == after_first
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 5  # once, not 34
    # Without a key, a repeat is a new command (as before): 39 - 5 = 34.
    assert client.post("/api/encounters/default/commands", json=DAMAGE, headers=AUTH).status_code == 200
    assert state_of(path)["combatants"]["aria"]["hp"] == 34


def test_a_line_with_a_request_id_applies_once_and_a_refusal_is_answered_again(served):
    path, client = served
    body = {"line": "dgt aria 7 feu", "request_id": "tab-1/42"}
    first = client.post("/api/encounters/default/line", json=body, headers=AUTH)
    assert first.status_code == 200
    again = client.post("/api/encounters/default/line", json=body, headers=AUTH)
    assert again.json() == first.json()
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 7
    # "next" twice with one id: the turn passes once (the repeat is not parsed and run again).
    turns = [client.post("/api/encounters/default/line", json={"line": "suivant", "request_id": "tab-1/43"},
                         headers=AUTH) for _ in range(2)]
    assert turns[0].json() == turns[1].json() and state_of(path)["turn"] == "gob1"
    refused = {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "request_id": "r-2"}
    answers = [client.post("/api/encounters/default/commands", json=refused, headers=AUTH) for _ in range(2)]
    assert [answer.status_code for answer in answers] == [422, 422]
    assert answers[0].json() == answers[1].json()


def test_an_idempotency_key_reused_for_another_request_is_refused(served):
    path, client = served
    key = {**AUTH, "Idempotency-Key": "k1"}
    assert client.post("/api/encounters/default/commands", json=DAMAGE, headers=key).status_code == 200
    before = events_of(path)
    other = client.post("/api/encounters/default/commands", json={**DAMAGE, "amount": 6}, headers=key)
    assert other.status_code == 422 and "k1" in other.json()["error"]
    assert events_of(path) == before
    bad = client.post("/api/encounters/default/commands", json=DAMAGE, headers={**AUTH, "Idempotency-Key": "x" * 201})
    assert bad.status_code == 422 and "Idempotency-Key" in bad.json()["error"]
    assert events_of(path) == before


def test_idempotency_keys_are_kept_per_encounter_and_bounded(served):
    path, client = served
    hub = client.app.state.hub
    hub.replies.kept = 3
    for number in range(5):
        client.post("/api/encounters/default/commands", json={**DAMAGE, "amount": 1},
                    headers={**AUTH, "Idempotency-Key": f"k{number}"})
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 5
    # Five keys, three kept in memory: k4 is remembered (still 39); the oldest, k0, forgotten by the memory, is
    # found in the log, which keeps every key with its events (issue 24): still 39, answered with its first answer.
    client.post("/api/encounters/default/commands", json={**DAMAGE, "amount": 1}, headers={**AUTH, "Idempotency-Key": "k4"})
    assert state_of(path)["combatants"]["aria"]["hp"] == 39
    again = client.post("/api/encounters/default/commands", json={**DAMAGE, "amount": 1},
                        headers={**AUTH, "Idempotency-Key": "k0"})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert state_of(path)["combatants"]["aria"]["hp"] == 39


def test_names_outside_ascii_are_downloaded_linked_and_printed_safely(tmp_path, capsys):
    from combatlog.server import dm_urls, terminal_name

    path = tmp_path / "fight.db"
    with combatlog.open_log(path) as log:  # the API creates what the server then serves
        log.encounter("salle Ω 2").execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": "fr"})
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        download = client.get("/api/encounters/salle%20%CE%A9%202/transcript?format=md&download=1")
        assert download.status_code == 200
        assert download.headers["content-disposition"] == (
            "attachment; filename=\"salle _ 2.md\"; filename*=UTF-8''salle%20%CE%A9%202.md")
        assert 'href="/e/salle%20%CE%A9%202?lang=fr"' in client.get("/").text
    assert dm_urls("127.0.0.1", 8000, "t", ["salle Ω 2"]) == ["http://127.0.0.1:8000/e/salle%20%CE%A9%202?token=t"]
    # An older log's name with an escape sequence is printed escaped by `combatlog serve`, never raw.
    assert terminal_name("embuscade\x1b[2J") == "'embuscade\\x1b[2J'"
    assert terminal_name("salle Ω 2") == "salle Ω 2"


def test_ten_impatient_clicks_at_once_with_one_key_apply_once(tmp_path):
    # Through a real uvicorn: the ten requests race; the log's one thread answers the nine repeats with the first.
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    from test_server import live_server

    path = ready_log(tmp_path)
    with live_server(path) as base:
        def click(_):
            return httpx.post(f"{base}/api/encounters/default/commands", json=DAMAGE, timeout=20,
                              headers={**AUTH, "Idempotency-Key": "one-click"})

        with ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(click, range(10)))
    assert [answer.status_code for answer in answers] == [200] * 10
    assert len({answer.text for answer in answers}) == 1
    assert sum(answer.headers.get("Idempotent-Replayed") == "true" for answer in answers) == 9
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 5
