"""The fight as a readable transcript (fr/en): `transcript(records)` builds the document from the log, folded
with the encounter's ruleset; `to_markdown`, `to_html` and `to_json` render it."""

from combatlog.transcript.build import transcript
from combatlog.transcript.html import to_html
from combatlog.transcript.json import to_json
from combatlog.transcript.md import to_markdown
from combatlog.transcript.model import CastMember, Entry, Round, Transcript, Turn

__all__ = ["Transcript", "Round", "Turn", "Entry", "CastMember", "transcript", "to_markdown", "to_html", "to_json"]
