"""Issue 25, goal 5, on PostgreSQL: the server's encounters are shared among several owner threads (one table's
commit waiting on the database's disk no longer holds up the others), each encounter always on the same one,
so its commands still run one at a time, in the order they came, exactly once."""

import asyncio
import threading

import pytest

from pg_cluster import require_driver

require_driver()
pytest.importorskip("starlette", reason="the server extra is not installed")

import combatlog  # noqa: E402
from combatlog.server.hub import POSTGRES_OWNERS, Hub  # noqa: E402
from pg_cluster import pg_cluster, pg_url  # noqa: E402, F401  (fixtures)

TOUGH = {"ac": 12, "max_hp": 500, "speed": 9, "proficiency_bonus": 2,
         "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}
OPENING = [{"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
           {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": TOUGH, "at": [0, 0]},
           {"do": "add", "id": "b", "side": "y", "kind": "monster", "stats": TOUGH, "at": [1, 0]}]
TABLES = [f"table{number}" for number in range(8)]


def test_concurrent_commands_keep_each_encounters_order_on_its_own_thread(pg_url):
    # Eight tables, 20 commands each, all asked at once (then awaited together): each table's commands run on one
    # owner thread, in the order asked (their answers' seqs ascend, and the log's CommandIssued events are the
    # commands in that order), while the tables are spread over the owners. Each table's monster b (500 HP)
    # takes 1 + 2 + ... + 20 = 210 damage: 290 HP.
    with combatlog.open_log(pg_url) as log:
        for name in TABLES:
            log.encounter(name).execute_all(OPENING)
    hub = Hub(pg_url, None)
    threads: dict[str, set[str]] = {name: set() for name in TABLES}

    def command(name: str, amount: int):
        def run(log):
            threads[name].add(threading.current_thread().name)
            events = log.encounter(name).execute({"do": "damage", "target": "b", "amount": amount, "type": "fire"},
                                                 request_id=f"{name}-{amount}")
            return amount, events[-1]["body"]["seq"]
        return hub.call(run, name)

    async def night():
        return await asyncio.gather(*(command(name, amount) for amount in range(1, 21) for name in TABLES))

    try:
        answers = asyncio.run(night())
    finally:
        hub.close()
    for name in TABLES:
        assert len(threads[name]) == 1  # one owner per table, for good
    assert len(set().union(*threads.values())) == min(POSTGRES_OWNERS, len(TABLES)) > 1
    by_table = {name: [seq for amount, seq in answers[index::len(TABLES)]] for index, name in enumerate(TABLES)}
    with combatlog.open_log(pg_url) as log:
        for name in TABLES:
            assert by_table[name] == sorted(by_table[name])
            asked = [line["body"]["event"]["command"]["amount"] for line in log.encounter(name).events()
                     if line["body"]["event"]["type"] == "CommandIssued" and line["body"]["event"]["command"]["do"] == "damage"]
            assert asked == list(range(1, 21))  # each once, in the order asked
            assert log.encounter(name).state()["combatants"]["b"]["hp"] == 500 - 210


def test_one_thread_follows_many_encounters_written_by_any_process(pg_url):
    # PostgresStore.appends_after: the server's one watcher of every followed encounter (fifty watcher threads,
    # each woken by every notification, cost it as much CPU as its commands). Encounters not read yet are read
    # at once; then it answers the encounters another writer moved past what the caller knows, and only those.
    names = TABLES[:3]
    with combatlog.open_log(pg_url) as log, combatlog.open_log(pg_url) as other:
        for name in names:
            log.encounter(name).execute_all(OPENING)
        store = log.store
        known: dict = {name: None for name in names}
        moved, epoch = store.appends_after(known, None, 5.0)
        assert moved == {name: log.last_seq(name) for name in names} and epoch is not None
        known.update(moved)
        assert store.appends_after(known, epoch, 0.2) == ({}, epoch)  # nothing written: nothing moved
        writer = threading.Timer(0.2, lambda: other.encounter(names[1]).execute(
            {"do": "damage", "target": "b", "amount": 3, "type": "fire"}))
        writer.start()
        try:
            moved, epoch = store.appends_after(known, epoch, 30.0)
        finally:
            writer.join()
        assert moved == {names[1]: other.last_seq(names[1])} and moved[names[1]] > known[names[1]]


def test_a_steady_block_reads_a_keys_record_with_the_end_once_and_forgets_it_at_an_append(pg_url):
    # events/stores/postgres.py `request` within `steady`: the server's command asks the record of its idempotency
    # key twice (its memory missed it, then the run's own check), and the encounter's end: one statement reads
    # the key's record and the end together, then both are kept. An append to the encounter forgets the kept
    # records, so the key it recorded is found; another writer's key is seen at the next block. Monster b
    # (500 HP) takes 4 fire damage under key k1, then 5 under k2 from another writer: 491 HP.
    with combatlog.open_log(pg_url) as log, combatlog.open_log(pg_url) as other:
        log.encounter("keys").execute_all(OPENING)
        store = log.store
        end = store.last("keys")
        with store.steady():
            assert store.request("keys", "k1") is None
            assert store._steady_ends() == {"keys": end}  # read with the key's record
            assert store.last("keys") == end
            events = log.encounter("keys").execute({"do": "damage", "target": "b", "amount": 4, "type": "fire"},
                                                   request_id="k1")
            first, last = events[0]["body"]["seq"], events[-1]["body"]["seq"]
            assert store.request("keys", "k1")[1:] == (first, last)  # the append forgot the kept None
            other.encounter("keys").execute({"do": "damage", "target": "b", "amount": 5, "type": "fire"},
                                            request_id="k2")
            assert store.request("keys", "k2") is not None  # not kept before: asked of the log
            assert store.last("keys") == (last + 1, events[-1]["hash"])  # the end stays as this block left it
        assert store._steady_requests() is None
        with store.steady():
            assert store.last("keys") == other.store.last("keys") != (last + 1, events[-1]["hash"])
        assert log.encounter("keys").state()["combatants"]["b"]["hp"] == 500 - 4 - 5
