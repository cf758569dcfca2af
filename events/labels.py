"""The labels of a roll and of a damage part, as codes: why a d20 roll had advantage or disadvantage
(`attacker_prone`, `help_from:aria`), what its modifiers are (`half_cover`, `proficiency:athletics`,
`exhaustion:2`), what happened to a damage part (`halved_save`, `adjusted:-5`, `from:hunters-mark`). A label that
names a creature, a skill, a level or an effect puts it after a colon; every other label is one word or a
snake-case code. Readers say a label with the catalog message of its kebab-case key (`tr-source-attacker-prone`),
or with the English phrase older logs stored (`phrase`).

Logs written before these codes stored English phrases ("attacker prone", "help from aria", "exhaustion 2",
"halved (save)"); `label_code` turns one into its code and the upcasters below apply it to every label an old
event holds, its stored bytes and hash unchanged."""

from __future__ import annotations

import re
from typing import Any

from combatlog.events.reasons import code_of

# Labels naming something after a fixed head: the English phrase's pattern -> the code's head.
_NAMED = (
    (r"help from (\S+)", "help_from"),
    (r"exhaustion (\d+)", "exhaustion"),
    (r"proficiency \((\w+)\)", "proficiency"),
    (r"from (\S+)", "from"),
    (r"adjusted ([+-]\d+)", "adjusted"),
)
_CODED = r"(help_from|exhaustion|proficiency|from|adjusted):(\S+)"
# Patterns are kept as text and matched through re's own cache (`re.fullmatch(pattern, ...)`): compiled on first
# use, so a read of a log written by this version, whose labels are codes already, compiles none.

# The fixed phrases the rules wrote before codes, for readers to say a code no catalog knows as it always was.
FIXED = (
    "target cannot see the attacker", "attacker invisible", "target restrained", "attacker prone",
    "attacker restrained", "cannot see the target", "target invisible", "grappled, attacking another creature",
    "long range", "ranged attack with a hostile creature within 1.5 m", "target dodging", "underwater melee",
    "underwater ranged", "target prone within 1.5 m", "target prone, beyond 1.5 m", "target unconscious",
    "target paralyzed", "target stunned", "target petrified", "target blinded", "target prone", "half cover",
    "three_quarters cover", "spell attack", "attack bonus", "cinematic rule", "halved (save)",
)
_PHRASES = {code_of(phrase): phrase for phrase in FIXED}


def label_code(label: str) -> str:
    """The code of a label as older logs stored it ("help from aria" -> "help_from:aria", "long range" ->
    "long_range"); a label that already is one word or a code stays as it is ("poisoned", "DM", "bless")."""
    if " " not in label:  # every phrase the rules wrote had a space: one word is a code already
        return label
    for pattern, head in _NAMED:
        found = re.fullmatch(pattern, label)
        if found is not None:
            return f"{head}:{found[1]}"
    return code_of(label) if re.search(r"[^A-Za-z0-9_:+-]", label) else label


def named(label: str) -> tuple[str, str]:
    """("help_from", "aria") for "help_from:aria"; (label, "") for a label naming nothing."""
    found = re.fullmatch(_CODED, label)
    return (found[1], found[2]) if found is not None else (label, "")


def phrase(label: str) -> str:
    """The English phrase older logs stored for a label ("attacker_prone" -> "attacker prone")."""
    head, name = named(label)
    if name:
        return {"help_from": "help from {}", "exhaustion": "exhaustion {}", "proficiency": "proficiency ({})",
                "from": "from {}", "adjusted": "adjusted {}"}[head].format(name)
    return _PHRASES.get(label, label)


def _modifiers(items: Any) -> Any:
    if not isinstance(items, list):
        return items
    return [{**item, "label": label_code(item["label"])} if isinstance(item, dict) and isinstance(item.get("label"), str)
            else item for item in items]


def lift_labels(event: dict[str, Any]) -> dict[str, Any]:
    """Every label an old event holds becomes its code: advantage, disadvantage, modifiers, ac_modifiers, and the
    notes of its damage parts."""
    for field in ("advantage", "disadvantage"):
        if isinstance(event.get(field), list):
            event[field] = [label_code(label) if isinstance(label, str) else label for label in event[field]]
    for field in ("modifiers", "ac_modifiers"):
        if field in event:
            event[field] = _modifiers(event[field])
    if isinstance(event.get("parts"), list):
        event["parts"] = [{**part, "notes": [label_code(note) for note in part["notes"]]}
                          if isinstance(part, dict) and isinstance(part.get("notes"), list) else part
                          for part in event["parts"]]
    return event
