"""The transcript as stable JSON for tools: fixed key order, no timestamps, UTF-8 text."""

from __future__ import annotations

import json
from dataclasses import asdict

from combatlog.transcript.model import FORMAT_VERSION, Transcript


def to_json(t: Transcript) -> str:
    """The transcript as stable JSON for tools: fixed key order, no timestamps, UTF-8 text."""
    document = {"format": "combatlog-transcript", "version": FORMAT_VERSION, **asdict(t)}
    document.pop("summary", None)  # the summary's own document is `combatlog summary --json` (issue 37)
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
