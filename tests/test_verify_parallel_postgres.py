"""Issue 25, goal 3, on a real PostgreSQL log (the suite's throwaway cluster): the worker processes open the log
themselves (a fresh interpreter each: the parent's connection pool runs threads a fork would copy), vouch for a
sound log, and `verify --jobs 2` says word for word what `verify --jobs 1` says, sound or forged."""

import json


from pg_cluster import require_driver

require_driver()

import psycopg  # noqa: E402

from combatlog.events.envelope import compute_hash  # noqa: E402
from combatlog.events.stores.postgres import PostgresStore  # noqa: E402
from combatlog.replay import verify_parallel  # noqa: E402
from pg_cluster import pg_cluster, pg_url  # noqa: E402, F401  (fixtures)
from test_verify_parallel import _encoder, cli, fight  # noqa: E402


def test_a_postgres_log_is_shared_among_processes_and_says_the_same(pg_url, capsys):
    with PostgresStore(pg_url) as store:
        fight(store)
        assert len(store.snapshot_seqs("alpha")) >= 6
        assert verify_parallel.sound(store, "alpha", 2)
    alone = cli(capsys, "verify", pg_url, "--jobs", "1")
    assert alone[0] == 0 and cli(capsys, "verify", pg_url, "--jobs", "2") == alone
    # A forged outcome after the last snapshot, re-hashed and re-linked to a moved head record.
    with psycopg.connect(pg_url, autocommit=True) as conn:
        last = max(seq for (seq,) in conn.execute("SELECT seq FROM snapshots WHERE encounter = 'alpha'"))
        stored = conn.execute("SELECT seq, body, hash FROM events WHERE encounter = 'alpha' AND seq > %s ORDER BY seq",
                              (last,)).fetchall()
        first = next(index for index, (_, body, _) in enumerate(stored) if b'"DamageTaken"' in bytes(body))
        previous = stored[first - 1][2] if first else conn.execute(
            "SELECT hash FROM events WHERE encounter = 'alpha' AND seq = %s", (last,)).fetchone()[0]
        for seq, body, _ in stored[first:]:
            record = json.loads(bytes(body))
            if seq == stored[first][0]:
                record["event"]["hp_after"] -= 1
            record["prev_hash"] = previous
            new_body = _encoder.encode(record)
            previous = compute_hash(new_body)
            conn.execute("UPDATE events SET body = %s, hash = %s WHERE encounter = 'alpha' AND seq = %s",
                         (new_body, previous, seq))
        conn.execute("UPDATE heads SET hash = %s WHERE encounter = 'alpha'", (previous,))
    with PostgresStore(pg_url, create=False) as store:
        assert not verify_parallel.sound(store, "alpha", 2)
    alone = cli(capsys, "verify", pg_url, "--jobs", "1")
    assert alone[0] == 1 and f"event {stored[first][0]}:" in alone[2] and "DamageTaken.hp_after" in alone[2]
    assert cli(capsys, "verify", pg_url, "--jobs", "2") == alone
