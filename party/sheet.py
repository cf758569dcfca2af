"""What every character reader shares (Foundry dnd5e and pf1, D&D Beyond, party files): the refusal that names the
field, reading numbers that tools keep as text, ids, units and the SRD's level arithmetic."""

from __future__ import annotations

import json
import re
from typing import Any, overload

from combatlog.core.kernel.errors import InvalidCommand
from combatlog.words import both

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


class CharacterUnreadable(InvalidCommand):
    """A file or field that cannot be read as a character: the message names the field."""

    def __init__(self, message_id: str, /, **args: Any):
        english, french = both(message_id, **args)
        super().__init__(english, message_fr=french)


class Notes(list):
    """What was read but is not modelled, said in both languages ({"en", "fr"})."""

    def add(self, message_id: str, /, **args: Any) -> None:
        english, french = both(message_id, **args)
        self.append({"en": english, "fr": french})


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-") or "character"


def attack_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", str(name).lower()).strip("_") or "attack"


def feet_to_m(feet: float) -> float:
    """5 ft = one 1.5 m square (INTERFACE.md §1 Units)."""
    return round(feet / 5 * 1.5, 2)


def modifier(score: int) -> int:
    return (score - 10) // 2


def proficiency_bonus(level: int) -> int:
    """SRD Character Advancement: +2 at levels 1-4, +3 at 5-8, ... +6 at 17-20."""
    return 2 + (max(1, level) - 1) // 4


def get(data: Any, field: str, default: Any = ...) -> Any:
    """`system.attributes.ac.calc` inside `data`; a missing field is refused by name unless a default is given."""
    node = data
    for part in field.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        else:
            if default is ...:
                raise CharacterUnreadable("char-field-missing", field=field)
            return default
    return node


@overload
def integer(value: Any, field: str, *, blank: int = 0) -> int: ...
@overload
def integer(value: Any, field: str, *, blank: None) -> int | None: ...
def integer(value: Any, field: str, *, blank: int | None = 0) -> int | None:
    """Tools keep many numbers as text ("0", "+1", ""): a number, or a refusal naming the field."""
    if value is None or value == "":
        return blank
    if isinstance(value, bool):
        raise CharacterUnreadable("char-field-bad", field=field, value=json.dumps(value), expected="integer")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\s*\d+\s*", value):
        return int(value.replace(" ", ""))
    raise CharacterUnreadable("char-field-bad", field=field, value=json.dumps(value, ensure_ascii=False)[:60],
                              expected="integer")


# SRD 5.1/5.2 Multiclass Spellcaster table (dnd5e CONFIG.DND5E.SPELL_SLOT_TABLE): slots by caster level.
SPELL_SLOT_TABLE = (
    (2,), (3,), (4, 2), (4, 3), (4, 3, 2), (4, 3, 3), (4, 3, 3, 1), (4, 3, 3, 2), (4, 3, 3, 3, 1),
    (4, 3, 3, 3, 2), (4, 3, 3, 3, 2, 1), (4, 3, 3, 3, 2, 1), (4, 3, 3, 3, 2, 1, 1), (4, 3, 3, 3, 2, 1, 1),
    (4, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 2, 1, 1, 1, 1), (4, 3, 3, 3, 3, 1, 1, 1, 1),
    (4, 3, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 3, 2, 2, 1, 1),
)
# SRD Warlock table, Pact Magic (dnd5e CONFIG.DND5E.pactCastingProgression): from this warlock level, slots of level.
PACT_TABLE = ((1, 1, 1), (2, 2, 1), (3, 2, 2), (5, 2, 3), (7, 2, 4), (9, 2, 5), (11, 3, 5), (17, 4, 5))


def slots_for(caster_level: int) -> dict[str, int]:
    if caster_level <= 0:
        return {}
    return {str(level): count for level, count in enumerate(SPELL_SLOT_TABLE[min(caster_level, 20) - 1], start=1)}


def pact_slots(warlock_level: int) -> dict[str, int]:
    """`{"5": 3}` for an 11th-level warlock."""
    found = [(slots, level) for start, slots, level in PACT_TABLE if warlock_level >= start]
    return {str(found[-1][1]): found[-1][0]} if found else {}


def merge_slots(*tables: dict[str, int]) -> dict[str, int]:
    merged: dict[str, int] = {}
    for table in tables:
        for level, count in table.items():
            merged[level] = merged.get(level, 0) + count
    return {level: merged[level] for level in sorted(merged, key=int) if merged[level]}
