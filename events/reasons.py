"""Why something happened, as the rules record it: a reason code, and the ids or numbers it names in their own
fields (`StatusChanged(reason="stabilized_by", by="aria")`). Readers say it with the catalog message
`reason-<code in kebab-case>` ("stabilisé par Aria").

Logs written before reason codes hold English sentences instead ("stabilized by aria"). `PROSE` is the one table
between the two: the upcasters read old events with it (their stored bytes and hashes never change), readers
turn a sentence still stored as such into its message with it, and `prose` gives the old sentence back."""

from __future__ import annotations

import re
from typing import Any

# code -> the English sentence logs stored before codes; {by} is a creature id, the other names are numbers.
PROSE: dict[str, str] = {
    "start_of_turn": "start of {by}'s turn",
    "end_of_turn": "end of {by}'s turn",
    "rounds_elapsed": "{count} round(s) elapsed",
    "incapacitated_grappler": "{by} is incapacitated",
    "creature_died": "{by} died",
    "first_aid": "first aid from {by}",
    "stabilized_by": "stabilized by {by}",
    "concentration_of": "{by}'s concentration ended",
    "massive_damage": "massive damage: {over} left over ≥ max HP {max}",
}


def _pattern(sentence: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", sentence)
    return re.compile("".join(
        re.escape(part) if index % 2 == 0 else (rf"(?P<{part}>\S+)" if part == "by" else rf"(?P<{part}>\d+)")
        for index, part in enumerate(parts)))


_PATTERNS = {code: _pattern(sentence) for code, sentence in PROSE.items()}


def from_prose(text: str) -> tuple[str, dict[str, Any]] | None:
    """(code, fields) of a sentence an older log stored ("stabilized by brom" -> ("stabilized_by", {"by": "brom"})),
    None for any other text."""
    for code, pattern in _PATTERNS.items():
        match = pattern.fullmatch(text)
        if match:
            return code, {name: value if name == "by" else int(value) for name, value in match.groupdict().items()}
    return None


def prose(code: str, **fields: Any) -> str:
    """The English sentence an older log stored for `code` (the code itself when it never was a sentence)."""
    sentence = PROSE.get(code)
    return sentence.format(**fields) if sentence is not None else code


def _status_changed_v1(event: dict[str, Any]) -> dict[str, Any]:
    """StatusChanged v1 stored "stabilized by <id>"; v2 stores reason "stabilized_by" and the id in `by`."""
    found = from_prose(event.get("reason", ""))
    if found is not None and found[0] == "stabilized_by":
        event["reason"], event["by"] = found[0], found[1]["by"]
    return event


# (event type, stored version) -> the function lifting the stored event dict to the next version.
UPCASTS = {("StatusChanged", 1): _status_changed_v1}
