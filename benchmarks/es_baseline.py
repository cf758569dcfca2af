"""The `eventsourcing` library (9.x, a benchmark-only extra) doing the work of our live commands: an aggregate
per fighter, three events per command (the command, its roll, its outcome), one transaction per command
(`app.save`), into a SQLite file with the `synchronous` setting given (set on every connection it opens)."""

import os
import random
import time

from eventsourcing import sqlite as es_sqlite
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event


class Brawler(Aggregate):
    """A fighter whose every command records three events."""

    @event("Added")
    def __init__(self, name: str, hp: int):
        self.name, self.hp, self.commands = name, hp, 0

    @event("CommandIssued")
    def issue(self, command: dict, rng_position: int) -> None:
        self.commands += 1

    @event("AttackRolled")
    def attack_rolled(self, target: str, faces: list, natural: int, total: int, target_ac: int, hit: bool) -> None:
        pass

    @event("DamageDealt")
    def damage_dealt(self, target: str, total: int, hp_before: int, hp_after: int) -> None:
        pass


def eventsourcing_commands(path: str, commands: int, synchronous: str = "NORMAL") -> dict:
    """Run `commands` saves of three events each; returns commands/s and events/s."""
    original = es_sqlite.SQLiteConnectionPool._create_connection

    def create_connection(self):
        connection = original(self)
        connection._sqlite_conn.execute(f"PRAGMA synchronous={synchronous}")
        return connection

    es_sqlite.SQLiteConnectionPool._create_connection = create_connection
    try:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path})
        rng = random.Random(1)
        fighters = [Brawler(name="a", hp=100000), Brawler(name="b", hp=100000)]
        app.save(*fighters)
        hp = {"a": 100000, "b": 100000}
        began, cpu = time.perf_counter(), time.process_time()
        for number in range(commands):
            attacker = fighters[number % 2]
            target = "b" if attacker.name == "a" else "a"
            natural = rng.randint(1, 20)
            damage = rng.randint(1, 6) + 2
            attacker.issue(command={"do": "attack", "attacker": attacker.name, "target": target, "with": "club"},
                           rng_position=number)
            attacker.attack_rolled(target=target, faces=[natural], natural=natural, total=natural + 4, target_ac=12,
                                   hit=natural + 4 >= 12)
            attacker.damage_dealt(target=target, total=damage, hp_before=hp[target], hp_after=hp[target] - damage)
            hp[target] -= damage
            app.save(attacker)
        elapsed, elapsed_cpu = time.perf_counter() - began, time.process_time() - cpu
        app.close()
    finally:
        es_sqlite.SQLiteConnectionPool._create_connection = original
    return {"commands": commands, "events": commands * 3, "seconds": elapsed, "cpu_seconds": elapsed_cpu,
            "commands_per_s_wall": commands / elapsed, "commands_per_s_cpu": commands / elapsed_cpu}


if __name__ == "__main__":
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        print(eventsourcing_commands(os.path.join(folder, "es.db"), int(sys.argv[1]) if len(sys.argv) > 1 else 3000))
