"""Issue 25, goal 5 (the server on a game night): what keeps its memory flat and its answers cheap, with the same
answers as before. Figures (latency, memory over the night) come from benchmarks/game_night.py, never from here."""

import re

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

import combatlog  # noqa: E402
from combatlog.replay.timeline import History, rebuild  # noqa: E402
from combatlog.server.app import create_app  # noqa: E402
from combatlog.server.views import told  # noqa: E402
from conftest import state_of  # noqa: E402
from test_server import AUTH, TOKEN, TestClient, ready_log  # noqa: E402

COMMANDS = "/api/encounters/default/commands"


def damage(amount: int) -> dict:
    return {"do": "damage", "target": "aria", "amount": amount, "type": "fire"}


def test_a_repeated_key_answers_the_first_answers_bytes_from_memory_and_from_the_log(tmp_path):
    # The answers kept per idempotency key are the encoded JSON (their bytes, not the dicts of their events); a
    # key the memory has let go is answered from the log (issue 24). Either way, the repeat is the first answer,
    # byte for byte, and appends nothing: Aria (44 HP) takes 1 + 2 + 3 fire damage once each, 38 HP.
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        client.app.state.hub.replies.kept = 2
        first = {}
        for number in range(3):
            answer = client.post(COMMANDS, json=damage(number + 1), headers={**AUTH, "Idempotency-Key": f"k{number}"})
            assert answer.status_code == 200 and "Idempotent-Replayed" not in answer.headers
            first[number] = answer.content
        kept = client.app.state.hub.replies._by_encounter["default"]
        assert list(kept) == ["k1", "k2"] and all(isinstance(outcome.body, bytes) for _, outcome in kept.values())
        for number in (2, 0):  # k2 from memory, k0 from the log
            again = client.post(COMMANDS, json=damage(number + 1), headers={**AUTH, "Idempotency-Key": f"k{number}"})
            assert again.headers["Idempotent-Replayed"] == "true"
            assert again.content == first[number]
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 1 - 2 - 3


def test_every_answer_says_the_servers_own_time(tmp_path):
    # `Server-Timing: app;dur=MS` (W3C Server Timing): what the benchmark sets beside the time its clients
    # measured. Only its presence and form are asserted (no timed tests).
    path = ready_log(tmp_path)
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        answers = [client.get("/api/encounters"), client.post(COMMANDS, json=damage(1), headers=AUTH),
                   client.post(COMMANDS, json=damage(1)), client.get("/api/encounters/nowhere/state")]
        assert [answer.status_code for answer in answers] == [200, 200, 401, 404]
        for answer in answers:
            assert re.fullmatch(r"app;dur=\d+\.\d", answer.headers["server-timing"]), answer.headers


def test_the_players_lines_worded_from_the_end_are_the_last_of_all_of_them(tmp_path):
    # The players' view words only its last lines (views.told with `last`), from the end of what it read: the
    # same lines as wording them all and keeping the last ones, undone commands left out, in both languages.
    path = ready_log(tmp_path)
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        for amount in (1, 2, 3, 4, 5, 6):
            encounter.execute(damage(amount))
        encounter.undo(2)
        encounter.execute({"do": "heal", "target": "aria", "amount": 2})
        lines = encounter.recent(500)
        combatants = encounter.state()["combatants"]
        assert any(line["undone"] for line in lines)
        for lang in ("fr", "en"):
            everything = told(lines, combatants, lang)
            for last in (1, 3, 8, len(everything) + 5):
                assert told(lines, combatants, lang, last=last) == everything[-last:]


def test_the_history_keeps_a_bounded_tail_and_undo_reaches_past_it(tmp_path):
    # replay/timeline.py History is a cache of the log's tail: a server keeps one per encounter all night, so it
    # is bounded (KEPT_RECORDS). Undo walks past what it keeps by reading the log again, and lands where the
    # whole log's fold does. 200 commands on Aria (44 HP): even ones 1 fire damage, odd ones heal 1; undoing
    # the last 151 leaves commands 0..48, 25 damages and 24 heals: 44 - 25 + 24 = 43 HP.
    path = ready_log(tmp_path)
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        for number in range(200):
            encounter.execute(damage(1) if number % 2 == 0 else {"do": "heal", "target": "aria", "amount": 1})
            assert len(encounter.live.history._records) <= History.KEPT_RECORDS + 8
        assert encounter.state()["combatants"]["aria"]["hp"] == 44
        encounter.undo(151)
        assert encounter.state()["combatants"]["aria"]["hp"] == 43
        assert encounter.live.state == rebuild(list(log.store.read("default")))[0]
        encounter.redo(151)
        assert encounter.state()["combatants"]["aria"]["hp"] == 44
        assert len(encounter.live.history._records) <= History.KEPT_RECORDS + 1024


def test_a_steady_block_asks_each_end_once_follows_its_own_appends_and_never_hides_a_race(tmp_path):
    # events/stores/base.py `steady`: the server's owner thread runs each call inside one, so a command and its
    # players' view ask the log's end once, not seven times. Another writer's append is seen at the next block;
    # an append made from the kept (old) end is refused whole by the store's own check, and the end is asked
    # again. Aria (44 HP): 1 fire damage by the other writer, 2 refused, then 3: 40 HP.
    path = ready_log(tmp_path)
    with combatlog.open_log(path) as log, combatlog.open_log(path) as other:
        mine, store = log.encounter("default"), log.store
        before = store.last("default")
        with store.steady():
            assert store.last("default") == before
            other.encounter("default").execute(damage(1))
            assert store.last("default") == before  # kept for the rest of the block
            with pytest.raises(combatlog.ConcurrencyConflict):
                mine.execute(damage(2))
            assert store.last("default") == other.store.last("default") != before  # asked again
            mine.execute(damage(3))
            assert store.last("default") == other.store.last("default")  # moved by its own append
        assert store._steady_ends() is None
        assert mine.state()["combatants"]["aria"]["hp"] == 44 - 1 - 3
    assert state_of(path)["combatants"]["aria"]["hp"] == 40


def test_the_sqlite_watcher_skips_the_servers_own_writes_and_still_hears_another_writer(tmp_path):
    # server/hub.py `wrote`: after each of its own appends the hub notes the SQLite file's stamp, and the watcher
    # reads no last seq while the file still looks so (its own writes woke their followers already). A write by
    # another process changes the stamp: the watcher reads the log and wakes the followers with that write's
    # seq. Aria (44 HP) takes 1 fire damage from this server, then 2 from another writer: 41 HP.
    import asyncio

    from combatlog.server.hub import Hub

    path = ready_log(tmp_path)
    heard: list[tuple[str, int]] = []

    async def night() -> int:
        hub = Hub(str(path), None)
        hub.loop = asyncio.get_running_loop()
        hub.heard = lambda name, seq: heard.append((name, seq))  # type: ignore[method-assign]
        try:
            hub.watch("default")

            def mine(log) -> int:
                log.encounter("default").execute(damage(1))
                hub.wrote()
                return log.last_seq("default")

            own = await hub.call(mine, "default")
            assert hub._own_stamp == hub._file_stamp()
            with combatlog.open_log(path) as other:
                other.encounter("default").execute(damage(2))
                theirs = other.last_seq("default")
            assert theirs > own
            for _ in range(200):  # the watcher looks every 50 ms: at most 10 s before giving up
                if ("default", theirs) in heard:
                    break
                await asyncio.sleep(0.05)
            return theirs
        finally:
            hub.close()

    theirs = asyncio.run(night())
    assert ("default", theirs) in heard
    assert state_of(path)["combatants"]["aria"]["hp"] == 44 - 1 - 2


def test_a_steady_block_keeps_a_keys_record_until_an_append_on_sqlite(tmp_path):
    # events/stores/base.py `steady` (and sqlite.py `request`): the record of an idempotency key is asked of the
    # log once per block; an append to the encounter forgets the kept records, so the key it recorded is found.
    # Aria (44 HP) takes 4 fire damage under key k1: 40 HP.
    path = ready_log(tmp_path)
    with combatlog.open_log(path) as log:
        store, encounter = log.store, log.encounter("default")
        with store.steady():
            assert store.request("default", "k1") is None
            assert store._steady_requests() == {("default", "k1"): None}
            events = encounter.execute(damage(4), request_id="k1")
            found = store.request("default", "k1")
            assert found is not None and found[1:] == (events[0]["body"]["seq"], events[-1]["body"]["seq"])
        assert store._steady_requests() is None
    assert state_of(path)["combatants"]["aria"]["hp"] == 40
