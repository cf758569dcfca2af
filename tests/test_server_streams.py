"""Issue 24, "the server stalls as the fight grows": a viewer's update is computed once per new state for every
viewer, and from the log's tail only, so that it costs the same at any log length."""

import asyncio
import time

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

import combatlog  # noqa: E402
from combatlog.server.endpoints import players_state  # noqa: E402
from combatlog.server.hub import Hub  # noqa: E402
from combatlog.server.views import players_document  # noqa: E402
from test_server import ready_log  # noqa: E402


def whole_log_view(encounter: combatlog.Encounter, lang: str) -> dict:
    """The players' view as it was computed before: names from every event, every line of the log worded, then
    the last ones kept."""
    document = encounter.state()
    if lang != document["lang"]:
        names = {record.event.id: (record.event.name_fr or record.event.name) if lang == "fr" else record.event.name
                 for record in encounter.records() if type(record.event).__name__ == "CombatantAdded"}
        for cid, creature in document["combatants"].items():
            creature["name"] = names.get(cid, creature["name"])
    return players_document(document, encounter.log_lines(lang), lang, encounter.status_words(lang),
                            encounter.fingerprint)


def long_fight(tmp_path, exchanges: int):
    """The ready-to-play fight, then `exchanges` times 1 fire damage to Aria and 1 HP healed back."""
    path = ready_log(tmp_path)
    with combatlog.open_log(path) as log:
        log.encounter("default").execute_all(
            [{"do": "damage", "target": "aria", "amount": 1, "type": "fire"},
             {"do": "heal", "target": "aria", "amount": 1}] * exchanges)
    return path


def test_one_change_is_computed_once_for_every_viewer(tmp_path):
    path = ready_log(tmp_path)
    hub = Hub(str(path), None)
    computed = []

    def make(log):
        computed.append(log.last_seq("default"))
        time.sleep(0.05)  # long enough for every viewer to ask while it runs
        return log.last_seq("default")

    async def viewers(count: int):
        return await asyncio.gather(*(hub.latest(("table", "default", "fr"), "default", make) for _ in range(count)))

    async def scenario():
        first = await viewers(100)
        again = await viewers(100)  # no change in between: nothing computed
        await hub.call(lambda log: log.encounter("default").execute({"do": "end_turn"}))
        hub.notify("default")
        after = await viewers(100)
        other_language = await hub.latest(("table", "default", "en"), "default", make)
        return first, again, after, other_language

    try:
        first, again, after, other_language = asyncio.run(scenario())
    finally:
        hub.close()
    assert len(computed) == 3  # fr before the change, fr after it, en after it
    assert set(first) == set(again) == {computed[0]}
    assert set(after) == {computed[0] + 3} == {other_language}  # end_turn: CommandIssued, TurnEnded, TurnStarted


def test_the_players_view_from_the_tail_is_the_whole_logs_view(tmp_path):
    # Undone commands at the end, and more untold events than the first look back covers.
    path = long_fight(tmp_path, 40)
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        encounter.execute_all([{"do": "condition", "target": "brom", "add": "prone"},
                               {"do": "damage", "target": "gob1", "amount": 3, "type": "fire"}] +
                              [{"do": "undo"}] * 2 + [{"do": "redo"}])
        hub = Hub(str(path), None)
        try:
            for lang in ("fr", "en"):
                tail = players_state(hub, log, "default", lang)
                assert tail == whole_log_view(encounter, lang), lang
                assert tail["log"][-1] in ("Brom : à terre", "Brom: prone")  # the damage to gob1 is still undone
        finally:
            hub.close()


def test_an_update_costs_the_same_at_any_log_length(tmp_path, monkeypatch):
    """What a push words does not grow with the log: counted in events worded, not timed (speed belongs to the
    benchmark). The whole-log view words every event; a players' push and the DM page's tail only their own."""
    import combatlog.projections.describe as describe

    worded: list[int] = []
    real_log_entries = describe.log_entries

    def counting_log_entries(records, *args, **kwargs):
        records = list(records)
        worded.append(len(records))
        return real_log_entries(records, *args, **kwargs)

    monkeypatch.setattr(describe, "log_entries", counting_log_entries)
    # 1,500 exchanges: about 6,000 events.
    path = long_fight(tmp_path, 1500)
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        assert encounter.seq > 6000
        hub = Hub(str(path), None)
        try:
            players_state(hub, log, "default", "en")  # the first push reads the names once
            worded.clear()
            tail = players_state(hub, log, "default", "en")
            per_push = sum(worded)
        finally:
            hub.close()
        worded.clear()
        whole_log_view(encounter, "en")
        whole = sum(worded)
        worded.clear()
        shown = encounter.recent_lines("en", 300)  # what the DM's page asks at every change
        dm_log = sum(worded)
    assert len(tail["log"]) == 8 and len(shown) == 300
    assert whole > 6000
    assert per_push <= 50, per_push
    assert dm_log <= 400, dm_log


def test_the_dm_pages_log_asks_for_its_last_lines_only(tmp_path):
    from test_server import AUTH, TOKEN, TestClient
    from combatlog.server.app import create_app

    path = ready_log(tmp_path)
    with combatlog.open_log(path) as log:  # undo, redo and revert reaching back across any tail's start
        log.encounter("default").execute_all([
            {"do": "move", "id": "aria", "path": [[3, 2]]},
            {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 6]},
            {"do": "end_turn"}, {"do": "undo"}, {"do": "redo"}, {"do": "end_turn"},
            {"do": "condition", "target": "brom", "add": "prone"}, {"do": "end_turn"}, {"do": "undo"}, {"do": "undo"},
            {"do": "revert", "to": 32}, {"do": "end_turn"}, {"do": "undo"}, {"do": "redo"}, {"do": "undo"}])
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        whole = client.get("/api/encounters/default/log?lang=en").json()["lines"]
        assert len(whole) > 60
        for last in range(1, len(whole) + 2):
            assert client.get(f"/api/encounters/default/log?lang=en&last={last}").json()["lines"] == whole[-last:], last
        for bad in ("0", "-3", "abc", "10001", "9" * 40):
            answer = client.get(f"/api/encounters/default/log?lang=en&last={bad}")
            assert answer.status_code == 400
            assert answer.json()["error"].startswith("last: '") and "from 1 to 10000" in answer.json()["error"]
        page = client.get(f"/e/default?token={TOKEN}&lang=en")
        assert page.status_code == 200 and '"log_shown": 300' in page.text
        assert client.post("/api/encounters/default/line", json={"line": "next"}, headers=AUTH).status_code == 200
