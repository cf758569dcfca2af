"""Issue 24 on a real PostgreSQL log (the suite's throwaway cluster): swapped encounters and a deleted head
record are reported by verify, and a command whose commit outcome is unknown says so (it may have been
written: reload before retrying) instead of "StoreError: consuming input failed"."""

import pytest

from pg_cluster import require_driver

require_driver()

import psycopg  # noqa: E402

from combatlog.cli.main import main as cli_main  # noqa: E402
from combatlog.events.envelope import chain_genesis  # noqa: E402
from combatlog.events.stores import StoreError  # noqa: E402
from combatlog.events.stores.base import NEW  # noqa: E402
from combatlog.events.stores.postgres import PostgresStore  # noqa: E402
from combatlog.replay.engine import Encounter  # noqa: E402
from pg_cluster import pg_cluster, pg_url  # noqa: E402, F401  (fixtures)
from test_chain_binding import swap  # noqa: E402
from test_perf_open import OPENING, brawl  # noqa: E402


def cli(capsys, *args):
    code = cli_main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def execute(url: str, *statements: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


def fights(url: str) -> None:
    with PostgresStore(url) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 60)
        brawl(Encounter(store, "beta", snapshot_every=0), 30)
        identity = store.log_id()
        assert identity and next(store.read("beta")).prev_hash == chain_genesis(identity, "beta")


def test_swapping_two_encounters_labels_and_heads_is_reported_on_postgres(pg_url, capsys):
    fights(pg_url)
    assert cli(capsys, "verify", pg_url)[0] == 0
    execute(pg_url, *swap("events"), *swap("heads"), *swap("snapshots"))
    code, _, err = cli(capsys, "verify", pg_url)
    assert code == 1
    assert "(encounter 'alpha'): event 0: its chain does not start from this encounter's identity" in err, err
    assert "(encounter 'beta'): event 0: its chain does not start from this encounter's identity" in err, err


def test_deleting_the_last_commands_with_their_head_record_is_reported_on_postgres(pg_url, capsys):
    fights(pg_url)
    with PostgresStore(pg_url) as store:
        last = store.last("alpha")[0] - 1
    execute(pg_url, f"DELETE FROM events WHERE encounter = 'alpha' AND seq > {last - 3}",
            "DELETE FROM heads WHERE encounter = 'alpha'")
    code, _, err = cli(capsys, "verify", pg_url)
    assert code == 1
    assert f"(encounter 'alpha'): event {last - 3}: the log's head record for this encounter is missing" in err, err


class CutWhileWriting(PostgresStore):
    """A real PostgreSQL store whose server cuts every connection once a command is sealed and being written."""

    cut = False

    def _commit(self, encounter, expected_seq, make, adopt=NEW):
        def cutting(prev):
            sealed = make(prev)
            if self.cut:
                execute(self.url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            return sealed

        return super()._commit(encounter, expected_seq, cutting, adopt)


def test_a_command_whose_commit_outcome_is_unknown_says_it_may_have_been_written(pg_url):
    # Given a store whose connection is cut after the command is sealed, while it is being written,
    # When the append fails, Then the error says the command may have been written, in both languages.
    with CutWhileWriting(pg_url) as store:
        encounter = Encounter(store, "alpha", snapshot_every=0)
        encounter.execute(OPENING[0])
        store.cut = True
        with pytest.raises(StoreError) as unknown:
            encounter.execute(OPENING[1])
    assert "may have been written: reload before retrying" in unknown.value.localized("en")
    assert "peut-être été écrite : rechargez avant de réessayer" in unknown.value.localized("fr")
    assert "consuming input failed" not in unknown.value.localized("en")
