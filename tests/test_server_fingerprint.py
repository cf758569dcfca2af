"""Issue 24: the players' view shows the fingerprint of the log's head at every turn and at the end, so any
player who notes it can later hold the DM to the record with `combatlog verify --expect`."""

import json

import pytest

pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from combatlog.cli.main import main as cli_main  # noqa: E402
from combatlog.events.envelope import fingerprint  # noqa: E402
from combatlog.events.stores import SQLiteStore  # noqa: E402
from test_browser import browser, players_page  # noqa: E402, F401  (the real Chromium fixture)
from test_server import AUTH, live_server, ready_log, sse_events  # noqa: E402


def head_of(path) -> str:
    with SQLiteStore(path) as store:
        return fingerprint(store.last("default")[1])


def test_the_players_view_shows_the_heads_fingerprint_at_every_turn_and_at_the_end(tmp_path, capsys):
    path = ready_log(tmp_path)
    with live_server(path) as base:
        import httpx

        with httpx.Client(base_url=base, timeout=10) as client:
            page = client.get("/e/default/table")
            noted = head_of(path)
            assert f"Record fingerprint: {noted}" in page.text or f"Empreinte du journal : {noted}" in page.text
            with client.stream("GET", "/e/default/table/stream?lang=en") as players:
                table = sse_events(players)
                assert next(table)["fingerprint"] == noted
                client.post("/api/encounters/default/commands", headers=AUTH, json={"do": "end_turn"})
                turned = next(table)
                assert turned["fingerprint"] == head_of(path) != noted
                assert turned["fingerprint_text"].startswith(f"Record fingerprint: {turned['fingerprint']}")
                client.post("/api/encounters/default/commands", headers=AUTH, json={"do": "end"})
                ended = next(table)
                assert ended["phase"] == "ended" and ended["fingerprint"] == head_of(path)
    # What a player noted mid-fight is proved still there after the fight.
    assert cli_main(["verify", str(path), "--expect", turned["fingerprint"]]) == 0
    assert "found" in capsys.readouterr().err
    assert json.dumps(turned)  # a plain document


def test_a_players_browser_shows_the_new_fingerprint_after_each_command(browser, tmp_path):
    """In a real Chromium: the players' page shows the head's fingerprint, and the new one after a command."""
    from playwright.sync_api import expect

    import combatlog

    path = ready_log(tmp_path)
    with live_server(path) as base:
        players = players_page(browser, base, "en")
        expect(players.locator("#fingerprint")).to_contain_text(f"Record fingerprint: {head_of(path)}")
        with combatlog.open_log(path) as log:
            log.encounter("default").execute({"do": "end_turn"})
        expect(players.locator("#fingerprint")).to_contain_text(f"Record fingerprint: {head_of(path)}", timeout=3000)
