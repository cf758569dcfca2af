"""Issue 25, goal 3: `verify --jobs N` re-derives the stretches between stored snapshots in N processes and says,
word for word, what `verify --jobs 1` says, on a sound log and on every kind of damage verify knows of. (No seed
section: these are the log's own rules, DESIGN.md "Storage" and the README's "What verify proves".)

Each damage is made on a real SQLite file (and, below, a real PostgreSQL log) holding two encounters with
snapshots every 16 events and undos and redos reaching back across stretches; the report of `--jobs 1` and of
`--jobs 2` (exit code, standard output and standard error) must be identical. The parallel pass itself
(replay/verify_parallel.py `sound`) must vouch for the sound log and refuse to vouch for every damaged one."""

import json
import sqlite3
from pathlib import Path

import msgspec
import pytest

from combatlog.cli.main import main as cli_main
from combatlog.events.envelope import compute_hash
from combatlog.events.stores import SQLiteStore
from combatlog.replay import verify_parallel
from combatlog.replay.engine import Encounter
from combatlog.replay.snapshots import decode_snapshot, encode_snapshot
from combatlog.replay.verify_parallel import verify_encounter
from combatlog.tools import open_reader
from test_perf_open import brawl

_encoder = msgspec.json.Encoder(order="sorted")
EVERY = 16  # events between two snapshots: a 300-event fight has ~18 of them, cut in 6 stretches for 2 jobs


def cli(capsys, *args) -> tuple[int, str, str]:
    code = cli_main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def fight(store) -> None:
    """alpha: ~300 events with undos and redos of whole rounds (each reaching back past a snapshot); beta: ~120."""
    alpha = Encounter(store, "alpha", snapshot_every=EVERY)
    brawl(alpha, 120)
    alpha.execute({"do": "undo", "steps": 3})  # the last attack, heal and end of turn
    for _ in range(3):
        alpha.execute({"do": "redo"})
    brawl(alpha, 200)
    alpha.execute({"do": "undo", "steps": 3})
    brawl(alpha, 300)
    while True:  # at last a damage command after the last snapshot (what a forged outcome edits)
        alpha.execute({"do": "damage", "target": "a", "amount": 2, "type": "fire"})
        if store.snapshot_seqs("alpha")[-1] < alpha.next_seq - 1:
            break
    beta = Encounter(store, "beta", snapshot_every=EVERY)
    brawl(beta, 120)


@pytest.fixture
def log(tmp_path) -> Path:
    path = tmp_path / "fight.db"
    with SQLiteStore(path) as store:
        fight(store)
    return path


def sql(path: Path, *statements, values=()) -> None:
    with sqlite3.connect(path) as db:
        for statement in statements:
            db.execute(statement, values) if values else db.execute(statement)
    db.close()


def rows(path: Path, encounter: str = "alpha") -> list[tuple[int, int, str, bytes, str]]:
    with sqlite3.connect(path) as db:
        found = db.execute("SELECT seq, txn, type, CAST(body AS BLOB), hash FROM events WHERE encounter = ? ORDER BY seq",
                           (encounter,)).fetchall()
    db.close()
    return found


def snapshot_seqs(path: Path, encounter: str = "alpha") -> list[int]:
    with SQLiteStore(path, readonly=True) as store:
        return store.snapshot_seqs(encounter)


def vouched(path: Path, encounter: str = "alpha") -> bool:
    with open_reader(path) as store:
        return verify_parallel.sound(store, encounter, 2)


def same_reports(capsys, path, *more) -> tuple[int, str, str]:
    """verify --jobs 1 and --jobs 2 say the same, word for word; the report."""
    alone = cli(capsys, "verify", path, "--jobs", "1", *more)
    shared = cli(capsys, "verify", path, "--jobs", "2", *more)
    assert shared == alone
    return alone


def rechain(path: Path, encounter: str, first: int, change) -> None:
    """Rewrite the body at `first` with `change(dict)`, then re-hash and re-link every later event and move the head
    record along: a consistent forgery only the re-derivation can catch."""
    stored = rows(path, encounter)
    with sqlite3.connect(path) as db:
        previous = stored[first - 1][4] if first else None
        for seq, _, _, body, _ in stored[first:]:
            record = json.loads(body)
            if seq == first:
                change(record)
            if previous is not None:
                record["prev_hash"] = previous
            new_body = _encoder.encode(record)
            previous = compute_hash(new_body)
            db.execute("UPDATE events SET body = ?, hash = ? WHERE encounter = ? AND seq = ?",
                       (new_body, previous, encounter, seq))
        db.execute("UPDATE heads SET hash = ? WHERE encounter = ?", (previous, encounter))
    db.close()


def last_txn_after_snapshots(path: Path) -> int:
    """The seq of an event after the last snapshot (so the forgery leaves every snapshot naming its event)."""
    last = snapshot_seqs(path)[-1]
    return next(seq for seq, txn, kind, _, _ in rows(path) if seq > last and kind == "DamageTaken")


# ------------------------------------------------------------------------------------------------- sound
def test_a_sound_log_is_vouched_for_by_the_processes_and_both_reports_are_the_same(log, capsys):
    assert len(snapshot_seqs(log)) >= 6
    assert vouched(log) and vouched(log, "beta")
    code, out, err = same_reports(capsys, log)
    assert code == 0 and out.startswith("ok: ") and err == ""
    with open_reader(log) as store:
        assert verify_encounter(store, "alpha", jobs=2) == verify_encounter(store, "alpha", jobs=1) == []


def test_the_stretches_cut_the_log_at_snapshots_in_about_equal_lengths():
    # 1000 events, snapshots every 100, 4 stretches: cuts at the snapshot at or below 250, 500, 750.
    assert verify_parallel._boundaries(list(range(99, 1000, 100)), 1000, 4) == [199, 499, 699]
    # No snapshot: one stretch, nothing to share.
    assert verify_parallel._boundaries([], 1000, 4) == []


def test_jobs_below_one_are_refused_in_french_and_english(log, capsys, monkeypatch):
    code, out, err = cli(capsys, "verify", log, "--jobs", "0")
    assert code == 2 and "--jobs 0 cannot be used" in err and out == ""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    code, out, err = cli(capsys, "verify", log, "--jobs", "-1")
    assert code == 2 and "--jobs -1 est impossible" in err


def test_the_api_verify_takes_jobs_and_answers_the_same(log):
    import combatlog

    encounter = combatlog.open_log(log, create=False).encounter("alpha")
    assert encounter.verify(jobs=2) is None and encounter.verify() is None
    with pytest.raises(combatlog.RuleViolation):
        encounter.verify(jobs=0)
    rechain(log, "alpha", last_txn_after_snapshots(log), lambda record: record["event"].update(
        hp_after=record["event"]["hp_after"] - 1))
    errors = []
    for jobs in (1, 2):
        with pytest.raises(combatlog.LogCorrupted) as caught:
            combatlog.open_log(log, create=False).encounter("alpha").verify(jobs=jobs)
        errors.append((caught.value.seq, str(caught.value)))
    assert errors[0] == errors[1]


# ------------------------------------------------------------------------------------------------- damage
def test_a_body_edited_in_place(log, capsys):
    seq, _, _, body, _ = rows(log)[150]
    sql(log, "UPDATE events SET body = ? WHERE encounter = 'alpha' AND seq = ?", values=(body.replace(b'"at"', b'"aT"'), seq))
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {seq}:" in err


def test_a_body_edited_with_its_hash_recomputed(log, capsys):
    seq, _, _, body, _ = rows(log)[151]
    edited = body.replace(b'"actor":"dm"', b'"actor":"mj"')
    assert edited != body
    sql(log, "UPDATE events SET body = ?, hash = ? WHERE encounter = 'alpha' AND seq = ?",
        values=(edited, compute_hash(edited), seq))
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {seq + 1}:" in err


def test_a_wrong_rule_outcome_rechained_to_the_head(log, capsys):
    seq = last_txn_after_snapshots(log)
    rechain(log, "alpha", seq, lambda record: record["event"].update(hp_after=record["event"]["hp_after"] - 1))
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {seq}:" in err and "DamageTaken.hp_after" in err


def test_a_command_the_rules_refuse_rechained_to_the_head(log, capsys):
    seq = last_txn_after_snapshots(log) - 1  # the damage command
    assert rows(log)[seq][2] == "CommandIssued"
    rechain(log, "alpha", seq, lambda record: record["event"]["command"].update(target="nobody"))
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {seq}:" in err


def test_whole_commands_cut_from_the_end(log, capsys):
    last_txn = rows(log)[-1][1]
    sql(log, f"DELETE FROM events WHERE encounter = 'alpha' AND txn = {last_txn}")
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {last_txn}:" in err


def test_two_rows_swapped(log, capsys):
    sql(log, "UPDATE events SET seq = -1 WHERE encounter = 'alpha' AND seq = 40",
        "UPDATE events SET seq = 40 WHERE encounter = 'alpha' AND seq = 200",
        "UPDATE events SET seq = 200 WHERE encounter = 'alpha' AND seq = -1")
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and "event 40:" in err and "event 200:" in err


def test_rows_deleted_in_the_middle(log, capsys):
    sql(log, "DELETE FROM events WHERE encounter = 'alpha' AND seq IN (101, 102)")
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and "event 101:" in err


def test_a_type_and_a_txn_column_edited(log, capsys):
    sql(log, "UPDATE events SET type = 'Undone' WHERE encounter = 'alpha' AND seq = 77",
        "UPDATE events SET txn = 0 WHERE encounter = 'alpha' AND seq = 230")
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and "event 77:" in err and "event 230:" in err


def test_two_encounters_swapped(log, capsys):
    for table in ("events", "heads", "snapshots"):
        sql(log, f"UPDATE {table} SET encounter = '@' WHERE encounter = 'alpha'",
            f"UPDATE {table} SET encounter = 'alpha' WHERE encounter = 'beta'",
            f"UPDATE {table} SET encounter = 'beta' WHERE encounter = '@'")
    assert not vouched(log) and not vouched(log, "beta")
    code, _, err = same_reports(capsys, log)
    assert code == 1 and "its chain does not start from this encounter's identity" in err


def test_the_last_commands_deleted_with_their_head_record(log, capsys):
    last = rows(log)[-1][0]
    sql(log, f"DELETE FROM events WHERE encounter = 'alpha' AND seq > {last - 3}", "DELETE FROM heads WHERE encounter = 'alpha'")
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and "head record for this encounter is missing" in err


@pytest.mark.parametrize("where", ["first cut", "last"])
def test_a_forged_snapshot_whose_authentication_was_recomputed(log, capsys, where):
    # The snapshot a stretch starts from is forged well-formed: the stretch before it does not end on it.
    seqs = snapshot_seqs(log)
    seq = verify_parallel._boundaries(seqs, rows(log)[-1][0] + 1, 2 * verify_parallel.STRETCHES_PER_JOB)[0] \
        if where == "first cut" else seqs[-1]
    with sqlite3.connect(log) as db:
        (body,) = db.execute("SELECT body FROM snapshots WHERE encounter = 'alpha' AND seq = ?", (seq,)).fetchone()
        snapshot = decode_snapshot(body)
        forged = encode_snapshot(seq, snapshot.hash, msgspec.structs.replace(snapshot.state, round=snapshot.state.round + 3))
        db.execute("UPDATE snapshots SET body = ? WHERE encounter = 'alpha' AND seq = ?", (forged, seq))
    db.close()
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {seq}:" in err and "snapshot.round" in err


def test_a_snapshot_with_bytes_changed_and_one_moved(log, capsys):
    seqs = snapshot_seqs(log)
    with sqlite3.connect(log) as db:
        (body,) = db.execute("SELECT body FROM snapshots WHERE encounter = 'alpha' AND seq = ?", (seqs[3],)).fetchone()
        damaged = bytearray(body)
        damaged[40] ^= 0xFF
        db.execute("UPDATE snapshots SET body = ? WHERE encounter = 'alpha' AND seq = ?", (bytes(damaged), seqs[3]))
        db.execute("UPDATE snapshots SET seq = seq - 1 WHERE encounter = 'alpha' AND seq = ?", (seqs[5],))
    db.close()
    assert not vouched(log)
    code, _, err = same_reports(capsys, log)
    assert code == 1 and f"event {seqs[3]}:" in err and f"event {seqs[5] - 1}:" in err


def test_a_signed_log_edited_without_the_key(tmp_path, capsys, monkeypatch):
    pytest.importorskip("cryptography")
    from combatlog.tools import new_key_pair

    private, public = new_key_pair(tmp_path / "dm.key")
    monkeypatch.setenv("COMBATLOG_SIGNING_KEY", str(private))
    path = tmp_path / "signed.db"
    with SQLiteStore(path) as store:
        fight(store)
    monkeypatch.delenv("COMBATLOG_SIGNING_KEY")
    assert same_reports(capsys, path, "--public-key", public)[0] == 0
    seq = last_txn_after_snapshots(path)
    rechain(path, "alpha", seq, lambda record: record["event"].update(hp_after=record["event"]["hp_after"] - 1))
    code, _, err = same_reports(capsys, path, "--public-key", public)
    assert code == 1 and "no signature of the DM's key covers this head" in err


def test_a_jsonl_log_is_verified_in_this_process_and_says_the_same(log, tmp_path, capsys):
    exported = tmp_path / "fight.jsonl"
    assert cli(capsys, "export", log, "-o", exported, "--encounter", "alpha")[0] == 0
    copy = tmp_path / "copy.jsonl"
    assert cli(capsys, "import", exported, "--log", copy)[0] == 0
    with open_reader(copy) as store:
        assert not verify_parallel.sound(store, "alpha", 2)  # no stored snapshot, no store to reopen: sequential
    assert same_reports(capsys, copy)[0] == 0
    lines = copy.read_bytes().splitlines(keepends=True)
    lines[40], lines[41] = lines[41], lines[40]
    copy.write_bytes(b"".join(lines))
    assert same_reports(capsys, copy)[0] == 1
