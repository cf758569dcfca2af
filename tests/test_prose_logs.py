"""Logs written before events carried reason codes replay, verify and export exactly as they did.

The expected views were captured with the combatlog of that time (`python tests/prose_logs.py`, run once before
the change); the logs' bytes are checked too, since a reader must never rewrite an old log."""

import hashlib

import pytest
from prose_logs import EXPECTED, LOGS, VIEWS, views


@pytest.mark.parametrize("log", LOGS, ids=lambda log: log.stem)
def test_an_old_log_reads_as_it_did(log, tmp_path):
    before = hashlib.sha256(log.read_bytes()).hexdigest()
    seen = views(log, tmp_path)
    for name in VIEWS:
        expected = (EXPECTED / f"{log.stem}.{name}.txt").read_text(encoding="utf-8")
        assert seen[name] == expected, f"{log.name}: `{name}` differs from before"
    assert seen["verify"].startswith("exit 0\nok: ")
    assert hashlib.sha256(log.read_bytes()).hexdigest() == before
