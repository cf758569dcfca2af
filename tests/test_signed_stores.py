"""Issue 24: the DM's key signs every head on every store (SQLite, JSONL, PostgreSQL), and `verify --public-key`
fails after any edit made without the key: a body edited, the tail cut, the whole chain rewritten consistently
(every hash recomputed, so the plain verify passes), a signature dropped, a command appended without the key,
signatures made by another key. No rule text: this is the record's own promise (README, "what verify proves")."""

import json
import re
import sqlite3
from pathlib import Path

import msgspec
import pytest

pytest.importorskip("cryptography")

from combatlog.cli.main import main as cli_main  # noqa: E402
from combatlog.events.envelope import seal  # noqa: E402
from combatlog.events.stores import open_store  # noqa: E402
from combatlog.events.stores.jsonl import head_path  # noqa: E402
from combatlog.replay.engine import Encounter  # noqa: E402
from pg_cluster import pg_cluster, pg_url  # noqa: E402, F401  (fixtures)
from test_perf_open import brawl  # noqa: E402

INVALID = "does not verify with this public key"
ELSEWHERE = "a valid head signature names this event, but the log no longer holds it"
UNSIGNED = "no signature of the DM's key covers this head"


def cli(capsys, *args) -> tuple[int, str, str]:
    code = cli_main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def keys(tmp_path, capsys) -> tuple[Path, str]:
    """(the DM's private key, its public key file), made by `combatlog key new`."""
    key = tmp_path / "dm.key"
    assert cli(capsys, "key", "new", key)[0] == 0
    return key, f"{key}.pub"


def signed_fight(location, key: Path, monkeypatch) -> list:
    """A 40-event fight written with the DM's key set; its sealed records."""
    monkeypatch.setenv("COMBATLOG_SIGNING_KEY", str(key))
    with open_store(location) as store:
        brawl(Encounter(store, "alpha", snapshot_every=0), 40)
        records = list(store.read("alpha"))
        assert len(store.signatures("alpha")) >= 10  # one signed head per command
    monkeypatch.delenv("COMBATLOG_SIGNING_KEY")
    return records


def rewritten(records: list, at: int) -> list:
    """The chain rewritten consistently from the command at seq `at` (its time changed, on all its events):
    every hash after it recomputed."""
    txn = records[at].txn
    at = txn
    changed = [msgspec.structs.replace(record, at="1999-01-01T00:00:00.000Z") if record.txn == txn else record
               for record in records[at:]]
    return seal(changed, records[at - 1].hash)


# ------------------------------------------------------------------------------------------------ editors
class SqliteEdits:
    def __init__(self, path: Path):
        self.path = path

    def sql(self, statement: str, *args) -> None:
        with sqlite3.connect(self.path) as db:
            db.execute(statement, args)
        db.close()

    def edit_body(self, records) -> None:
        self.sql("UPDATE events SET body = CAST(replace(CAST(body AS TEXT), '\"amount\":3', '\"amount\":30') AS BLOB) "
                 "WHERE seq = 19")

    def cut_tail(self, records) -> None:
        kept = records[records[-1].txn - 1]  # the last command gone, its head record set to match
        self.sql("DELETE FROM events WHERE seq > ?", kept.seq)
        self.sql("UPDATE heads SET seq = ?, hash = ?", kept.seq, kept.hash)

    def rewrite(self, records) -> None:
        for record, body in rewritten(records, 10):
            self.sql("UPDATE events SET body = ?, hash = ? WHERE seq = ?", body, record.hash, record.seq)
        self.sql("UPDATE heads SET hash = ?", rewritten(records, 10)[-1][0].hash)

    def drop_signature(self, records) -> None:
        self.sql("DELETE FROM signatures WHERE seq = ?", records[-1].seq)


class PostgresEdits(SqliteEdits):
    def __init__(self, url: str):
        self.url = url

    def sql(self, statement: str, *args) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(statement.replace("?", "%s").replace("CAST(body AS TEXT)", "convert_from(body, 'UTF8')")
                         .replace("AS BLOB)", "AS BYTEA)"), args)

    def edit_body(self, records) -> None:
        self.sql("UPDATE events SET body = convert_to(replace(convert_from(body, 'UTF8'), '\"amount\":3', "
                 "'\"amount\":30'), 'UTF8') WHERE seq = 19")


class JsonlEdits:
    def __init__(self, path: Path):
        self.path = path

    def lines(self) -> list[dict]:
        return [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]

    def write(self, lines: list[dict]) -> None:
        self.path.write_text("".join(json.dumps(line) + "\n" for line in lines))

    def edit_body(self, records) -> None:
        lines = self.lines()
        lines[19]["body"] = json.loads(json.dumps(lines[19]["body"]).replace('"amount": 3', '"amount": 30'))
        self.write(lines)

    def cut_tail(self, records) -> None:
        # The last command's lines cut from the end; the head file beside the log is left as it was.
        self.write(self.lines()[:records[-1].txn])

    def rewrite(self, records) -> None:
        # Every line from seq 10 re-sealed; the signatures the lines carried are kept where they were.
        lines = self.lines()
        for record, body in rewritten(records, 10):
            line = lines[record.seq]
            line.update(hash=record.hash, body=json.loads(body))
        self.write(lines)
        # The head file follows (a careful editor): only the signatures can tell.
        recorded = json.loads(head_path(self.path).read_text())
        recorded["heads"]["alpha"][1] = lines[-1]["hash"]
        head_path(self.path).write_text(json.dumps(recorded))

    def drop_signature(self, records) -> None:
        lines = self.lines()
        del lines[-1]["sig"]
        self.write(lines)


@pytest.fixture(params=["sqlite", "jsonl", "postgres"])
def signed_log(request, tmp_path, keys, monkeypatch):
    """(location, its editor, the records written, the public key) of a fight written with the DM's key."""
    if request.param == "postgres":
        from pg_cluster import require_driver

        require_driver()
        location = request.getfixturevalue("pg_url")
        edits = PostgresEdits(location)
    elif request.param == "jsonl":
        location = tmp_path / "fight.jsonl"
        edits = JsonlEdits(location)
    else:
        location = tmp_path / "fight.db"
        edits = SqliteEdits(location)
    records = signed_fight(location, keys[0], monkeypatch)
    return location, edits, records, keys[1]


def test_a_signed_log_verifies_with_the_dms_public_key(signed_log, capsys):
    location, _, _, public = signed_log
    code, out, err = cli(capsys, "verify", location, "--public-key", public)
    assert code == 0, err


def test_an_edited_body_fails_verification(signed_log, capsys):
    location, edits, records, public = signed_log
    edits.edit_body(records)
    code, _, err = cli(capsys, "verify", location, "--public-key", public)
    assert code == 1 and "event 19" in err, err


def test_a_tail_cut_without_the_key_fails_verification(signed_log, capsys):
    location, edits, records, public = signed_log
    edits.cut_tail(records)
    code, _, err = cli(capsys, "verify", location, "--public-key", public)
    assert code == 1, err
    if not isinstance(edits, JsonlEdits):  # the signature of the cut head is still stored apart from the events
        assert ELSEWHERE in err, err
    else:  # the head file records the lines that were cut
        assert "cut from its end" in err, err


def test_a_consistent_rewrite_passes_the_plain_verify_but_not_the_signed_one(signed_log, capsys):
    location, edits, records, public = signed_log
    edits.rewrite(records)
    code, _, err = cli(capsys, "verify", location)
    assert code == 0, err
    code, _, err = cli(capsys, "verify", location, "--public-key", public)
    assert code == 1 and UNSIGNED in err, err
    assert (INVALID if isinstance(edits, JsonlEdits) else ELSEWHERE) in err, err


def test_a_dropped_signature_leaves_the_head_unsigned(signed_log, capsys):
    location, edits, records, public = signed_log
    edits.drop_signature(records)
    code, _, err = cli(capsys, "verify", location, "--public-key", public)
    assert code == 1 and UNSIGNED in err, err


def test_a_command_appended_without_the_key_is_not_signed(signed_log, capsys):
    location, _, _, public = signed_log
    with open_store(location) as store:
        Encounter(store, "alpha", snapshot_every=0).execute({"do": "end_turn"})
    code, _, err = cli(capsys, "verify", location, "--public-key", public)
    assert code == 1 and UNSIGNED in err, err


def test_another_keys_public_key_refuses_every_signature(signed_log, tmp_path, capsys):
    location, _, _, _ = signed_log
    other = tmp_path / "other.key"
    assert cli(capsys, "key", "new", other)[0] == 0
    code, _, err = cli(capsys, "verify", location, "--public-key", f"{other}.pub")
    assert code == 1 and INVALID in err, err


def test_what_signatures_cannot_show_a_cut_back_to_an_earlier_signed_head_with_its_records(tmp_path, keys,
                                                                                              monkeypatch, capsys):
    # JSONL: the last command's lines cut and the head file deleted with them. The line now last carries the
    # signature of an earlier head, which is valid: only the fingerprint a player noted (--expect) shows it.
    location = tmp_path / "fight.jsonl"
    signed_fight(location, keys[0], monkeypatch)
    code, out, _ = cli(capsys, "verify", location, "--fingerprint")
    noted = re.search(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){3}", out)
    assert code == 0 and noted, out
    with open_store(location) as store:
        records = list(store.read("alpha"))
    JsonlEdits(location).cut_tail(records)
    head_path(location).unlink()
    assert cli(capsys, "verify", location, "--public-key", keys[1])[0] == 0
    code, _, err = cli(capsys, "verify", location, "--expect", noted.group())
    assert code == 1 and noted.group() in err, err
