"""Assertion helpers shared by the rules tests: read the exported events, accept or reject a run."""

import json

from combatlog.cli.main import main as cli_main

RULESETS = ["dnd5e-2014", "dnd5e-2024"]


def events_of(log) -> list[dict]:
    """Every event of the log, as exported (the body's `event`)."""
    out = log.with_suffix(".events.jsonl")
    assert cli_main(["export", str(log), "-o", str(out)]) == 0
    return [json.loads(line)["body"]["event"] for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]


def last(log, event_type: str) -> dict:
    """The latest event of that type."""
    return [e for e in events_of(log) if e["type"] == event_type][-1]


def ok(result):
    """The run was accepted: its state document."""
    assert result.code == 0, result.err
    return result.state


def rejected(result, *fragments):
    """The run was rejected (exit 2) with every fragment in the message."""
    assert result.code == 2, f"expected a rejection, got exit {result.code}"
    for fragment in fragments:
        assert fragment in result.err, f"{fragment!r} not in {result.err!r}"
    return result.err
