"""Logs written before events carried reason codes replay, verify and export exactly as they did.

The expected views were captured with the combatlog of that time (`python tests/prose_logs.py`, run once before
the change); the logs' bytes are checked too, since a reader must never rewrite an old log."""

import contextlib
import hashlib
import io
import re
import shutil

import pytest
from prose_logs import EXPECTED, LOGS, ROOT, VIEWS, views

from combatlog.cli.main import main


@pytest.mark.parametrize("log", LOGS, ids=lambda log: log.stem)
def test_an_old_log_reads_as_it_did(log, tmp_path):
    before = hashlib.sha256(log.read_bytes()).hexdigest()
    seen = views(log, tmp_path)
    for name in VIEWS:
        expected = (EXPECTED / f"{log.stem}.{name}.txt").read_text(encoding="utf-8")
        assert seen[name] == expected, f"{log.name}: `{name}` differs from before"
    assert seen["verify"].startswith("exit 0\nok: ")
    assert hashlib.sha256(log.read_bytes()).hexdigest() == before


def test_an_old_sentence_is_read_as_its_code_and_the_stored_bytes_keep_it(tmp_path):
    """StatusChanged v1 stored "stabilized by brom" (seed 001, Premiers soins / seed 003: a creature stabilized by
    another); read through the upcaster it is reason "stabilized_by" with the id in `by`, as new logs write it."""
    from combatlog.events.damage import StatusChanged
    from combatlog.events.stores import open_store

    log = tmp_path / "old.jsonl"
    shutil.copyfile(ROOT / "fixtures" / "logs" / "transcript_demo_v0_1.jsonl", log)
    assert '"reason":"stabilized by brom"' in log.read_text(encoding="utf-8")
    with open_store(log) as store:
        stable = [record for record in store.read("default") if isinstance(record.event, StatusChanged)
                  and record.event.status == "stable"]
    assert [(record.v, record.event.reason, record.event.by) for record in stable] == [(3, "stabilized_by", "brom")]
    assert '"reason":"stabilized by brom"' in log.read_text(encoding="utf-8")


def test_a_new_log_records_codes_and_reads_as_the_old_one_did(tmp_path):
    """The same script run today records the code; every view but the raw events is what the old log gave."""
    fresh = tmp_path / "fresh" / "transcript_demo.jsonl"
    fresh.parent.mkdir()
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["run", "--quiet", "--log", str(fresh), str(ROOT / "fixtures" / "encounters" / "transcript_demo.jsonl")]) == 0
    raw = fresh.read_text(encoding="utf-8")
    assert "stabilized by" not in raw and '"by":"brom"' in raw and '"reason":"stabilized_by"' in raw
    seen = views(fresh, tmp_path)
    # A new log's chain is bound to its own identity (chain version 2): verify's line also gives the head's
    # fingerprint, which differs from log to log; the rest of the line is the old one's.
    seen["verify"], fingerprints = re.subn(r"; head fingerprint: [A-Z2-7]{4}(-[A-Z2-7]{4}){3}$", "", seen["verify"],
                                           flags=re.M)
    assert fingerprints == 1
    for name in VIEWS:
        if name != "export.jsonl":
            assert seen[name] == (EXPECTED / f"transcript_demo.{name}.txt").read_text(encoding="utf-8"), name


def test_every_reason_code_and_its_old_sentence_are_one_table():
    from combatlog.events.reasons import PROSE, from_prose, prose
    from combatlog.projections.describe import reason_text
    from combatlog.words import message

    fields = {"by": "brom", "count": 3, "over": 12, "max": 9, "attack": "longsword"}
    for code, sentence in PROSE.items():
        used = {name: value for name, value in fields.items() if "{" + name + "}" in sentence}
        assert from_prose(prose(code, **used)) == (code, used)
    assert prose("stabilized_by", by="brom") == "stabilized by brom"
    assert from_prose("stood up") is None
    # The code and the old sentence say the same, in both languages.
    assert reason_text("stabilized_by", "fr", by="brom") == reason_text("stabilized by brom", "fr") == "stabilisé par brom"
    assert reason_text("stabilized_by", "en", by="brom") == "stabilized by brom"
    assert reason_text("massive damage: 12 left over ≥ max HP 9", "fr") == message("fr", "reason-massive-damage", over=12, max=9)
