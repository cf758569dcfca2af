"""Issue 24: an idempotency key is kept in the log with the events it appended, in the same transaction, so a
retry after a restart (or after a commit whose outcome was unknown: "it may have been written, reload before
retrying") is answered with the first result instead of applying twice: on SQLite, JSONL and PostgreSQL,
through the API (Encounter.execute's request_id) and through the server (a new app on the same log).

Numbers: the ready fight's Aria has 44 HP; one `damage 5 fire` leaves 39, two leave 34."""

import shutil
import sqlite3

import pytest

import combatlog
from combatlog.events.stores import SQLiteStore
from pg_cluster import pg_cluster, pg_url  # noqa: F401  (fixtures)
from test_server import AUTH, TOKEN, ready_log, script

DAMAGE = {"do": "damage", "target": "aria", "amount": 5, "type": "fire"}


@pytest.fixture(params=["sqlite", "jsonl", "postgres"])
def ready(request, tmp_path) -> str:
    """The ready-to-play fight (Aria 44 HP), started, on each store."""
    if request.param == "sqlite":
        return str(ready_log(tmp_path))
    if request.param == "postgres":
        from pg_cluster import require_driver

        require_driver()
        location = request.getfixturevalue("pg_url")
    else:
        location = str(tmp_path / "fight.jsonl")
    with combatlog.open_log(location) as log:
        log.encounter("default").execute_all(script())
    return location


def hp(location: str) -> int:
    with combatlog.open_log(location) as log:
        return log.encounter("default").state()["combatants"]["aria"]["hp"]


def last_seq(location: str) -> int:
    with combatlog.open_log(location) as log:
        return log.last_seq("default")


def test_a_retry_with_the_same_key_after_reopening_the_log_applies_once_and_answers_the_same(ready):
    with combatlog.open_log(ready) as log:
        first = log.encounter("default").execute(DAMAGE, request_id="tab-1/42")
    after = last_seq(ready)
    assert first[-1]["body"]["seq"] == after
    # Another process (the server restarted, a script run again) sends the same request with the same key.
    with combatlog.open_log(ready) as log:
        again = log.encounter("default").execute(DAMAGE, request_id="tab-1/42")
        assert log.encounter("default").answered("tab-1/42")["seq"] == after
    assert again == first
    assert last_seq(ready) == after and hp(ready) == 44 - 5


def test_different_keys_apply_twice(ready):
    with combatlog.open_log(ready) as log:
        log.encounter("default").execute(DAMAGE, request_id="k1")
    with combatlog.open_log(ready) as log:
        log.encounter("default").execute(DAMAGE, request_id="k2")
    assert hp(ready) == 44 - 5 - 5


def test_a_key_reused_with_another_command_is_refused_naming_the_key_and_appends_nothing(ready):
    with combatlog.open_log(ready) as log:
        log.encounter("default").execute(DAMAGE, request_id="k1")
    before = last_seq(ready)
    with combatlog.open_log(ready) as log:
        with pytest.raises(combatlog.RuleViolation) as refused:
            log.encounter("default").execute({**DAMAGE, "amount": 6}, request_id="k1")
    assert "'k1' was already used for another command" in str(refused.value)
    assert "« k1 » a déjà servi pour une autre commande" in refused.value.localized("fr")
    assert last_seq(ready) == before and hp(ready) == 39


def test_a_list_under_one_key_is_answered_whole_after_a_restart(ready):
    batch = [DAMAGE, {"do": "end_turn"}]
    with combatlog.open_log(ready) as log:
        first = log.encounter("default").execute_all(batch, request_id="batch-1")
    assert {event["body"]["txn"] for event in first} == {first[0]["body"]["seq"], first[-1]["body"]["txn"]}
    after = last_seq(ready)
    with combatlog.open_log(ready) as log:
        assert log.encounter("default").execute_all(batch, request_id="batch-1") == first
    assert last_seq(ready) == after and hp(ready) == 39


def test_a_bad_request_id_is_refused_in_words(ready):
    with combatlog.open_log(ready) as log:
        with pytest.raises(combatlog.RuleViolation, match="request_id must be a text of 1 to 200"):
            log.encounter("default").execute(DAMAGE, request_id="x" * 201)
    assert hp(ready) == 44


# ------------------------------------------------------------------------------------------ the server


def test_a_command_posted_again_after_the_server_restarted_applies_once(ready):
    from test_server import TestClient
    from combatlog.server.app import create_app

    key = {**AUTH, "Idempotency-Key": "9b2f0c-dgt-aria"}
    with TestClient(create_app(ready, token=TOKEN)) as client:
        first = client.post("/api/encounters/default/commands", json=DAMAGE, headers=key)
        assert first.status_code == 200
    after = last_seq(ready)
    # A new server on the same log (the old one's memory of keys is gone).
    with TestClient(create_app(ready, token=TOKEN)) as client:
        again = client.post("/api/encounters/default/commands", json=DAMAGE, headers=key)
        assert again.status_code == 200 and again.json() == first.json()
        assert again.headers["Idempotent-Replayed"] == "true"
        other = client.post("/api/encounters/default/commands", json={**DAMAGE, "amount": 6}, headers=key)
        assert other.status_code == 422 and "9b2f0c-dgt-aria" in other.json()["error"]
        # A line with a request_id, sent again after another restart: the turn passes once.
        turn = client.post("/api/encounters/default/line", json={"line": "suivant", "request_id": "tab/7"},
                           headers=AUTH)
        assert turn.status_code == 200
    with TestClient(create_app(ready, token=TOKEN)) as client:
        repeat = client.post("/api/encounters/default/line", json={"line": "suivant", "request_id": "tab/7"},
                             headers=AUTH)
        assert repeat.status_code == 200 and repeat.json() == turn.json()
        fresh = client.post("/api/encounters/default/commands", json=DAMAGE, headers={**AUTH, "Idempotency-Key": "new"})
        assert fresh.status_code == 200
    assert hp(ready) == 44 - 5 - 5  # the first key once, the new key once
    assert last_seq(ready) == after + len(turn.json()["events"]) + len(fresh.json()["events"])


# ------------------------------------------------------------------------------------------ old logs


def test_a_sqlite_log_of_schema_version_1_opens_as_it_is_and_keeps_keys_once_written(tmp_path):
    path = ready_log(tmp_path)
    with sqlite3.connect(path) as db:  # back to what version 1 made: no requests table
        db.execute("DROP TABLE requests")
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    db.close()
    kept = tmp_path / "kept.db"
    shutil.copyfile(path, kept)
    with SQLiteStore(path, readonly=True) as store:
        assert store.request("default", "k") is None and store.last("default")[0] > 0
    assert kept.read_bytes() == path.read_bytes()  # a read-only open changed nothing
    with combatlog.open_log(path) as log:
        assert log.encounter("default").answered("k") is None
        first = log.encounter("default").execute(DAMAGE, request_id="k")
    with combatlog.open_log(path) as log:
        assert log.encounter("default").execute(DAMAGE, request_id="k") == first
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("2",)
    db.close()
    assert hp(str(path)) == 39


# ------------------------------------------------------------------------------------------ PostgreSQL: unknown outcomes


def test_a_retry_after_an_unknown_outcome_on_postgres_applies_once_whether_or_not_it_was_written(pg_url):
    # Given a real PostgreSQL log, When the commit's answer is lost (the connection cut: "it may have been written,
    # reload before retrying"), Then the retry with the same key applies the command exactly once: answered from
    # the log when the first one was committed, applied now when it was not.
    from pg_cluster import require_driver

    require_driver()
    from combatlog.api import Log
    from combatlog.events.stores import StoreError
    from combatlog.events.stores.base import NEW
    from combatlog.events.stores.postgres import PostgresStore
    from combatlog.rulesets import CODEC
    from test_chain_binding_postgres import CutWhileWriting

    class AnswerLost(PostgresStore):
        """Commits, then loses the answer (as a connection cut between the commit and its reply)."""

        lose = False

        def _commit(self, encounter, expected_seq, make, adopt=NEW):
            sealed = super()._commit(encounter, expected_seq, make, adopt)
            if self.lose:
                from combatlog.words import Said

                raise StoreError(Said("store-outcome-unknown", path=self.name, error="server closed the connection"))
            return sealed

    with combatlog.open_log(pg_url) as log:
        log.encounter("default").execute_all(script())
    for store_type, key in ((AnswerLost, "lost-answer"), (CutWhileWriting, "cut-before")):
        before = last_seq(pg_url)
        store = store_type(pg_url)
        store.codec = CODEC
        with Log(store, pg_url) as log:
            setattr(store, "lose" if store_type is AnswerLost else "cut", True)
            with pytest.raises(StoreError, match="may have been written: reload before retrying"):
                log.encounter("default").execute(DAMAGE, request_id=key)
        with combatlog.open_log(pg_url) as log:
            retried = log.encounter("default").execute(DAMAGE, request_id=key)
            assert log.encounter("default").execute(DAMAGE, request_id=key) == retried
        assert last_seq(pg_url) == before + len(retried)
    assert hp(pg_url) == 44 - 5 - 5  # each key's damage once


# ------------------------------------------------------------------------------------------ real `combatlog serve`


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_real_serve_process_restarted_answers_a_repeated_key_with_its_first_answer(kind, tmp_path, request):
    # Given `combatlog serve` in its own OS process, When a command is posted with an Idempotency-Key, the process
    # is stopped and a new one started on the same log, and the command posted again with the same key,
    # Then it is answered with the first answer and applied once (Aria 44 - 5 = 39).
    pytest.importorskip("starlette", reason="the server extra is not installed")
    import httpx

    from test_server_processes import AUTH as SHARED_AUTH
    from test_server_processes import serve_process

    if kind == "postgres":
        from pg_cluster import require_driver

        require_driver()
        location = request.getfixturevalue("pg_url")
        with combatlog.open_log(location) as log:
            log.encounter("default").execute_all(script())
    else:
        location = str(ready_log(tmp_path))
    key = {**SHARED_AUTH, "Idempotency-Key": "after-restart"}
    with serve_process(location) as base:
        first = httpx.post(f"{base}/api/encounters/default/commands", json=DAMAGE, headers=key, timeout=30)
        assert first.status_code == 200, first.text
    after = last_seq(location)
    with serve_process(location) as base:
        again = httpx.post(f"{base}/api/encounters/default/commands", json=DAMAGE, headers=key, timeout=30)
        assert again.status_code == 200 and again.json() == first.json()
        assert again.headers["Idempotent-Replayed"] == "true"
    assert last_seq(location) == after and hp(location) == 39
