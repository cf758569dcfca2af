"""The transcript as Markdown: rounds and turns as headings, one bullet per entry, the details under it."""

from __future__ import annotations

import re

from combatlog.projections.summary import summary_markdown_of
from combatlog.transcript.model import Entry, Transcript, dice_marks, hp_cell
from combatlog.transcript.phrases import label_words, side_name

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def _md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def to_markdown(t: Transcript) -> str:
    """The transcript as Markdown: rounds and turns as headings, one bullet per entry."""
    labels = label_words(t.lang)
    out = [f"# {_md(t.title)}", "", f"*{_md(t.subtitle)}*", ""]
    if t.include_undone:
        out += [f"*{_md(labels['undone_shown'])}*", ""]

    def entries(items: list[Entry]) -> None:
        for entry in items:
            text = _md(entry.text)
            if entry.undone:
                text = f"~~{text}~~ *({labels['undone']})*"
            elif "critical" in entry.tags:
                text = f"**{text}**"
            # the event number, as the HTML's reference, then who threw the dice
            marks = "".join(f" *({_md(mark)})*" for mark in dice_marks(entry, labels))
            out.append(f"- {text} `#{entry.seq}`{marks}")
            for line in entry.details:
                detail = _md(line)
                out.append(f"  - ~~{detail}~~" if entry.undone else f"  - {detail}")

    if t.combatants:
        out += [f"## {labels['cast']}", "",
                f"| {labels['combatant']} | {labels['side']} | {labels['kind']} | {labels['ac']} | {labels['hp_start']} |",
                "|---|---|---|---|---|"]
        for row in t.combatants:
            kind = labels.get(row.kind, row.kind)
            out.append(f"| {_md(row.name)} | {_md(side_name(row.side, t.lang))} | {_md(kind)} | {row.ac} | "
                       f"{hp_cell(row.hp, row.max_hp)} |")
        out.append("")
    if t.setup or t.initiative:
        out += [f"## {labels['setup']}", ""]
        entries(t.setup)
        if t.initiative:
            out += ["", f"**{_md(t.initiative)}**"]
        out.append("")
    for round_ in t.rounds:
        out += [f"## {_md(round_.heading)}", ""]
        for turn in round_.turns:
            if turn.skipped:
                out += [f"*{_md(turn.skipped)}*", ""]
                if turn.entries:
                    entries(turn.entries)
                    out.append("")
                continue
            out += [f"### {_md(turn.heading)}", ""]
            if turn.entries:
                entries(turn.entries)
            else:
                out.append(f"*{_md(labels['nothing'])}*")
            out.append("")
    if t.ending:
        out += [f"## {labels['end']}", ""]
        entries(t.ending)
        out.append("")
    if t.combatants:
        out += [f"## {labels['final']}", "",
                f"| {labels['combatant']} | {labels['hp']} | {labels['status']} | {labels['conditions']} |",
                "|---|---|---|---|"]
        for row in t.combatants:
            conditions_cell = ", ".join(row.final_conditions) or "—"
            out.append(f"| {_md(row.name)} | {hp_cell(row.final_hp, row.max_hp, row.final_temp_hp)} | "
                       f"{_md(row.final_status)} | {_md(conditions_cell)} |")
        out.append("")
    if t.summary:
        out += summary_markdown_of(t.summary)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"
