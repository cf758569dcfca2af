"""Issue 24, the record kept honest: each encounter's chain is bound to the log's identity and its name (chain
version 2), a deleted head record is reported, a cut JSONL log stays reported after another append, and a
head's fingerprint noted at the table catches a consistent rewrite. (No seed section: these are the log's own
rules, DESIGN.md "Storage" and the README's "What verify proves".)

Each attack below passed `verify` before chain version 2 (every encounter's chain then started from the same
all-zero hash, and the missing head record went unnoticed)."""

import shutil
import sqlite3
from pathlib import Path

import pytest

import combatlog
from combatlog.cli.main import main as cli_main
from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.envelope import GENESIS_HASH, LogCorrupted, chain_genesis, fingerprint
from combatlog.events.stores import JsonlStore, SQLiteStore, StoreError, export_jsonl, import_jsonl
from combatlog.replay.engine import Encounter
from test_perf_open import brawl

ROOT = Path(__file__).resolve().parent.parent


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = cli_main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def two_fights(store) -> None:
    """alpha: 60 events, beta: 30 events, two different fights in one log."""
    brawl(Encounter(store, "alpha", snapshot_every=0), 60)
    brawl(Encounter(store, "beta", snapshot_every=0), 30)


def sql(path: Path, *statements: str) -> None:
    with sqlite3.connect(path) as db:
        for statement in statements:
            db.execute(statement)


def swap(table: str) -> tuple[str, ...]:
    return (f"UPDATE {table} SET encounter = '@' WHERE encounter = 'alpha'",
            f"UPDATE {table} SET encounter = 'alpha' WHERE encounter = 'beta'",
            f"UPDATE {table} SET encounter = 'beta' WHERE encounter = '@'")


# ------------------------------------------------------------------------------------------------- SQLite
def test_a_new_sqlite_log_binds_each_encounter_chain_to_its_identity_and_name(tmp_path):
    with SQLiteStore(tmp_path / "log.db") as store:
        two_fights(store)
        identity = store.log_id()
        assert identity and store.chain_version() == 2
        first = {name: next(store.read(name)).prev_hash for name in ("alpha", "beta")}
    assert first == {name: chain_genesis(identity, name) for name in ("alpha", "beta")}
    assert first["alpha"] != first["beta"] != GENESIS_HASH
    # The identity is the log's metadata, kept where the schema version is.
    with sqlite3.connect(tmp_path / "log.db") as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'log_id'").fetchone() == (identity,)


def test_swapping_two_encounters_labels_and_heads_is_reported_on_sqlite(tmp_path, capsys):
    log = tmp_path / "log.db"
    with SQLiteStore(log) as store:
        two_fights(store)
    assert cli(capsys, "verify", log)[0] == 0
    sql(log, *swap("events"), *swap("heads"), *swap("snapshots"))
    code, _, err = cli(capsys, "verify", log)
    assert code == 1
    assert "(encounter 'alpha'): event 0: its chain does not start from this encounter's identity" in err, err
    assert "(encounter 'beta'): event 0: its chain does not start from this encounter's identity" in err, err


def test_deleting_the_last_commands_with_their_head_record_is_reported_on_sqlite(tmp_path, capsys):
    log = tmp_path / "log.db"
    with SQLiteStore(log) as store:
        two_fights(store)
        last = store.last("alpha")[0] - 1
    sql(log, f"DELETE FROM events WHERE encounter = 'alpha' AND seq > {last - 3}",
        "DELETE FROM heads WHERE encounter = 'alpha'")
    code, _, err = cli(capsys, "verify", log)
    assert code == 1
    assert f"(encounter 'alpha'): event {last - 3}: the log's head record for this encounter is missing" in err, err


def test_an_old_log_verifies_as_chain_version_1_and_says_what_that_cannot_prove(tmp_path, capsys):
    for name in ("goblin_ambush_v0_1.jsonl", "transcript_demo_v0_1.jsonl"):
        log = tmp_path / name
        shutil.copyfile(ROOT / "fixtures" / "logs" / name, log)
        code, out, err = cli(capsys, "verify", log, "--fingerprint")
        assert code == 0 and out.startswith("ok: ")
        assert "chain version 1" in err and "not which encounter or log its events belong to" in err
        assert (ROOT / "fixtures" / "logs" / name).read_bytes() == log.read_bytes()


def test_what_verify_says_of_the_chain_exists_in_french_and_english():
    from combatlog.words import message

    for key in ("verify-chain-elsewhere", "verify-head-missing", "verify-chain-v1", "verify-expect-missing",
                "store-other-log", "store-jsonl-lines-cut", "store-outcome-unknown", "store-bad-seq"):
        args = {"id": "x", "fingerprint": "ABCD-EFGH-IJKL-MNOP", "path": "p", "theirs": "a", "ours": "b",
                "lines": 3, "now": 2, "error": "e", "field": "--at", "value": "9", "lowest": "0"}
        english, french = message("en", key, **args), message("fr", key, **args)
        assert english and french and english != french and key not in english + french


# ------------------------------------------------------------------------------------------------- JSONL
def test_swapping_two_encounters_lines_with_the_head_file_left_is_reported_on_jsonl(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    with JsonlStore(log) as store:
        two_fights(store)
    assert cli(capsys, "verify", log)[0] == 0
    text = log.read_text(encoding="utf-8")
    swapped = (text.replace('"encounter":"alpha"', '"encounter":"@"').replace('"encounter":"beta"', '"encounter":"alpha"')
               .replace('"encounter":"@"', '"encounter":"beta"'))
    log.write_text(swapped, encoding="utf-8")
    code, _, err = cli(capsys, "verify", log)
    assert code == 1
    assert "(encounter 'alpha'): event 0: its chain does not start from this encounter's identity" in err, err


def test_a_jsonl_cut_stays_reported_after_another_append(tmp_path, capsys):
    # Given a JSONL log whose last 3 lines (alpha's last command's events, written last) were cut by hand,
    log = tmp_path / "log.jsonl"
    with JsonlStore(log) as store:
        brawl(Encounter(store, "beta", snapshot_every=0), 30)
        brawl(Encounter(store, "alpha", snapshot_every=0), 60)
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:-3]))
    code, _, err = cli(capsys, "verify", log)
    assert code == 1 and "cut from its end" in err, err
    # When the next command is run on another encounter, Then it is refused, nothing is written,
    size = log.stat().st_size
    with JsonlStore(log) as store:
        with pytest.raises(StoreError) as refused:
            Encounter(store, "beta", snapshot_every=0).execute({"do": "end_turn"})
    assert "nothing was written" in str(refused.value) and "combatlog verify" in str(refused.value)
    assert log.stat().st_size == size
    # And verify still names the cut.
    code, _, err = cli(capsys, "verify", log)
    assert code == 1 and "cut from its end" in err, err


def test_a_jsonl_export_carries_the_identity_and_imports_into_a_new_log_that_verifies(tmp_path, capsys):
    with SQLiteStore(tmp_path / "log.db") as store:
        two_fights(store)
        identity = store.log_id()
        counts = {name: store.last(name)[0] for name in ("alpha", "beta")}
        assert export_jsonl(store, None, tmp_path / "out.jsonl") == sum(counts.values())
    first = (tmp_path / "out.jsonl").read_bytes().splitlines()[0]
    assert f'"log":"{identity}"'.encode() in first
    with SQLiteStore(tmp_path / "copy.db") as copy:
        assert import_jsonl(tmp_path / "out.jsonl", copy) == counts
        assert copy.log_id() == identity
    assert cli(capsys, "verify", tmp_path / "copy.db")[0] == 0
    assert cli(capsys, "verify", tmp_path / "out.jsonl")[0] == 0
    # Into another log (its own identity), the events would not chain: refused, nothing written.
    with SQLiteStore(tmp_path / "other.db") as other:
        brawl(Encounter(other, "gamma", snapshot_every=0), 20)
        with pytest.raises(StoreError, match="another log's identity"):
            import_jsonl(tmp_path / "out.jsonl", other)
        assert other.encounters() == ["gamma"]


# ------------------------------------------------------------------------------------------------- fingerprints
def test_verify_prints_the_heads_fingerprint_and_expect_finds_it_after_the_log_grew(tmp_path, capsys):
    log = tmp_path / "log.db"
    with SQLiteStore(log) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 40)
        noted = fingerprint(store.last("alpha")[1])
        seq = store.last("alpha")[0] - 1
    code, out, err = cli(capsys, "verify", log)  # plain verify: the verdict's one line gives the head to note
    assert code == 0 and err == "" and out.strip().endswith(f"; head fingerprint: {noted}")
    code, out, err = cli(capsys, "verify", log, "--fingerprint")
    assert code == 0 and out.startswith("ok: ") and f"head of alpha: event {seq}, fingerprint {noted}" in err
    assert len(noted) == 19 and noted.count("-") == 3
    with SQLiteStore(log) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 80)
    code, out, err = cli(capsys, "verify", log, "--expect", noted.lower().replace("-", " "))
    assert code == 0 and f"fingerprint {noted} found: event {seq} of alpha is still in the log" in err, err


def test_verify_expect_catches_a_consistent_rewrite(tmp_path, capsys):
    # Given a fight whose head a player noted, When the DM rewinds it (deletes the last command and writes the
    # head record to match: every hash check passes), Then verify passes but --expect fails.
    log = tmp_path / "log.db"
    with SQLiteStore(log) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 40)
        noted = fingerprint(store.last("alpha")[1])
        records = list(store.read("alpha"))
    last_txn = records[-1].txn
    kept = records[last_txn - 1]
    sql(log, f"DELETE FROM events WHERE seq >= {last_txn}",
        f"UPDATE heads SET seq = {kept.seq}, hash = '{kept.hash}'")
    assert cli(capsys, "verify", log)[0] == 0
    code, _, err = cli(capsys, "verify", log, "--expect", noted)
    assert code == 1 and f"fingerprint {noted} is not in this log" in err, err
    # The API says the same.
    log_api = combatlog.open_log(log)
    with pytest.raises(LogCorrupted, match="is not in this log"):
        log_api.encounter("alpha").verify(expect=noted)
    with pytest.raises(RuleViolation):
        log_api.encounter("alpha").verify(expect="not a fingerprint")
    fresh = log_api.encounter("alpha").fingerprint
    log_api.encounter("alpha").verify(expect=fresh)


# ------------------------------------------------------------------------------------------------- huge numbers
@pytest.mark.parametrize("value", [10**30, 1e308, -2, True, "3"])
def test_an_expected_seq_no_log_can_reach_is_refused_naming_the_field(tmp_path, value):
    log = combatlog.open_log(tmp_path / "log.db")
    encounter = log.encounter("e")
    encounter.execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 1})
    with pytest.raises(RuleViolation) as refused:
        encounter.execute({"do": "start"}, expected_seq=value)
    assert "expected_seq" in refused.value.localized("en") and "expected_seq" in refused.value.localized("fr")
    assert "numéro d'événement" in refused.value.localized("fr")
    assert len(encounter.events()) == 2  # nothing appended


def test_state_at_a_huge_seq_is_a_clear_error_with_exit_2(tmp_path, capsys):
    log = tmp_path / "log.db"
    with SQLiteStore(log) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 10)
    code, _, err = cli(capsys, "state", log, "--at", str(2**200))
    assert code == 2 and "--at must be an event number" in err and "Traceback" not in err, err


# ------------------------------------------------------------------------------------------------- signatures
def test_a_signed_log_fails_verification_after_any_edit_made_without_the_key(tmp_path, capsys, monkeypatch):
    pytest.importorskip("cryptography")
    key = tmp_path / "dm.key"
    assert cli(capsys, "key", "new", key)[0] == 0
    assert (key.stat().st_mode & 0o777) == 0o600 and Path(f"{key}.pub").exists()
    public = f"{key}.pub"
    log = tmp_path / "log.db"
    monkeypatch.setenv("COMBATLOG_SIGNING_KEY", str(key))
    with SQLiteStore(log) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 40)
        records = list(store.read("alpha"))
    code, out, err = cli(capsys, "verify", log, "--public-key", public)
    assert code == 0, err
    # A consistent rewrite without the key (the last command deleted, the head record set to match): the plain
    # verify passes; the signed one names the signed head the log no longer holds.
    saved = log.read_bytes()
    kept = records[records[-1].txn - 1]
    sql(log, f"DELETE FROM events WHERE seq > {kept.seq}", f"UPDATE heads SET seq = {kept.seq}, hash = '{kept.hash}'")
    assert cli(capsys, "verify", log)[0] == 0
    code, _, err = cli(capsys, "verify", log, "--public-key", public)
    assert code == 1 and "a valid head signature names this event, but the log no longer holds it" in err, err
    # A command appended without the key: its head is not signed.
    log.write_bytes(saved)
    monkeypatch.delenv("COMBATLOG_SIGNING_KEY")
    with SQLiteStore(log) as store:
        Encounter(store, "alpha", snapshot_every=0).execute({"do": "end_turn"})
    code, _, err = cli(capsys, "verify", log, "--public-key", public)
    assert code == 1 and "no signature of the DM's key covers this head" in err, err
    # A signature table written with another key: forged.
    other = tmp_path / "other.key"
    assert cli(capsys, "key", "new", other)[0] == 0
    log.write_bytes(saved)
    code, _, err = cli(capsys, "verify", log, "--public-key", f"{other}.pub")
    assert code == 1 and "does not verify with this public key" in err, err
    # A key file is never overwritten.
    code, _, err = cli(capsys, "key", "new", key)
    assert code != 0 and "exists already" in err
