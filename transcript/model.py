"""The transcript as a document: rounds, turns and entries (a headline and its detail lines), the cast with its
starting and final numbers. The renderers (md, html, json) read only this."""

from __future__ import annotations

from dataclasses import dataclass, field

FORMAT_VERSION = 1

@dataclass
class Entry:
    """One thing that happened: a headline and its detail lines (rolls, damage, consequences)."""

    kind: str
    text: str
    details: list[str] = field(default_factory=list)
    seq: int = 0
    txn: int = 0
    actor: str = ""
    undone: bool = False
    tags: list[str] = field(default_factory=list)


@dataclass
class Turn:
    id: str
    heading: str
    entries: list[Entry] = field(default_factory=list)
    skipped: str = ""


@dataclass
class Round:
    number: int
    heading: str
    turns: list[Turn] = field(default_factory=list)


@dataclass
class CastMember:
    id: str
    name: str
    side: str
    kind: str
    ac: int | None
    hp: int | None
    max_hp: int | None
    final_hp: int | None = None
    final_temp_hp: int = 0
    final_status: str = ""
    final_conditions: list[str] = field(default_factory=list)


@dataclass
class Transcript:
    """A structured transcript: title, cast, what happened before combat, rounds -> turns -> entries, the end."""

    title: str
    lang: str
    ruleset: str
    subtitle: str
    include_undone: bool
    combatants: list[CastMember] = field(default_factory=list)
    setup: list[Entry] = field(default_factory=list)
    initiative: str = ""
    rounds: list[Round] = field(default_factory=list)
    ending: list[Entry] = field(default_factory=list)
    # After the fight (issue 37): projections.summary.summary_rows' tables, once the fight has begun
    summary: dict | None = None


def hp_cell(hp, max_hp, temp: int = 0) -> str:
    """A table cell of hit points: "5 / 44", with temporary HP as "(+3)"."""
    text = f"{hp} / {max_hp}" if max_hp is not None else str(hp)
    return text + (f" (+{temp})" if temp else "")


DICE_MARKS = ("dice-typed", "dice-rolled")


def dice_marks(entry: Entry, labels: dict[str, str]) -> list[str]:
    """Who threw the dice of an entry's rolls, in words: the table (faces typed in) and/or the engine."""
    return [labels[mark.replace("-", "_")] for mark in DICE_MARKS if mark in entry.tags]
