"""`GET /api/library` (INTERFACE.md §7): the same entries as `combatlog library --json` and `combatlog.library`."""

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

import combatlog  # noqa: E402
from combatlog.server.app import create_app  # noqa: E402
from test_server import TOKEN, TestClient, ready_log  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(ready_log(tmp_path)), token=TOKEN)) as client:
        yield client


def test_the_library_finds_the_goblin_by_its_french_name_as_the_api_does(client):
    answer = client.get("/api/library", params={"q": "gobelin", "ruleset": "dnd5e-2014", "kind": "creature"})
    assert answer.status_code == 200
    ids = [entry["id"] for entry in answer.json()["entries"]]
    assert "goblin" in ids
    assert ids == [entry["id"] for entry in combatlog.library("dnd5e-2014").search("gobelin", "creature")]


def test_one_entry_comes_with_its_stat_block_in_the_asked_language(client):
    answer = client.get("/api/library", params={"id": "goblin", "ruleset": "dnd5e-2014", "lang": "fr"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["entry"]["name"]["fr"] == "Gobelin"
    assert "GOBELIN" in body["stat_block"] and "Classe d'armure 15" in body["stat_block"]  # SRD 5.1 Goblin: AC 15


def test_a_wrong_kind_or_an_unknown_id_is_refused_in_words(client):
    wrong = client.get("/api/library", params={"kind": "potion", "lang": "fr"})
    assert wrong.status_code == 422 and "potion" in wrong.json()["error"]
    unknown = client.get("/api/library", params={"id": "no-such-thing", "ruleset": "dnd5e-2024"})
    assert unknown.status_code == 404 and "no-such-thing" in unknown.json()["error"]
    bad_ruleset = client.get("/api/library", params={"ruleset": "gurps"})
    assert bad_ruleset.status_code == 422
