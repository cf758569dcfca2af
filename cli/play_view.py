"""What the shell shows: the status table (rich), in the DM's language; its words come from
projections/status.py (the same words as the API's `status_words`)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from combatlog.tools import Cast, conditions_text, left_this_turn, table_title, window_line
from combatlog.words import message

BAR_WIDTH = 10


def hp_bar(hp: int, max_hp: int, status: str) -> Text:
    """A ten-block bar, green above half, yellow above a quarter, red below; dim once dead."""
    ratio = 0.0 if max_hp <= 0 else max(0.0, min(1.0, hp / max_hp))
    filled = round(ratio * BAR_WIDTH)
    if hp > 0 and filled == 0:
        filled = 1  # a sliver of life must not look like zero
    style = "dim" if status == "dead" else "green" if ratio > 0.5 else "yellow" if ratio > 0.25 else "red"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (BAR_WIDTH - filled), style="dim")
    bar.append(f" {hp}/{max_hp}")
    return bar


def status_table(document: dict, lang: str, state=None, cast: Cast | None = None, units: str = "m") -> Table:
    """Initiative order, the current turn marked; HP bar, temp HP, AC, conditions with their time left, what is
    left this turn, concentration, position. Temp HP, concentration and position columns appear once someone has
    one, to fit an 80-column terminal."""
    cast = cast or Cast(lang, state)
    combatants = document["combatants"]
    order = [cid for cid in document["order"] if cid in combatants]
    order += [cid for cid in combatants if cid not in order]
    window = document.get("window") or {}
    rows = [combatants[cid] for cid in order]
    # (header, justify, cell) per column; cells are Text, never markup: ids and names are typed at the table.
    columns = [
        ("", "left", lambda cid, c: Text("▶" if cid == document["turn"] else "?" if cid in window.get("reactors", ()) else "",
                                         style="bold")),
        ("Init", "right", lambda cid, c: Text("" if c["initiative"] is None else str(c["initiative"]))),
        ("Id", "left", lambda cid, c: Text(cid, style="bold" if cid == document["turn"] else "")),
        (message(lang, "label-name"), "left", lambda cid, c: Text(c["name"])),
        (message(lang, "label-hp"), "left", lambda cid, c: hp_bar(c["hp"], c["max_hp"], c["status"])),
    ]
    if any(c["temp_hp"] for c in rows):
        columns.append((message(lang, "label-temp-hp"), "right",
                        lambda cid, c: Text(str(c["temp_hp"]) if c["temp_hp"] else "")))
    columns += [
        (message(lang, "label-ac"), "right", lambda cid, c: Text(str(c.get("ac", "")))),
        (message(lang, "label-conditions"), "left",
         lambda cid, c: Text(conditions_text(cid, c, lang, state, cast))),
    ]
    if document["phase"] not in ("setup", "ended"):
        columns.append((message(lang, "label-left"), "left",
                        lambda cid, c: Text(left_this_turn(cid, c, document, lang, units))))
    if any(c.get("concentration") for c in rows):
        columns.append((message(lang, "label-concentration"), "left", lambda cid, c: Text(c.get("concentration") or "")))
    if any(c.get("position") for c in rows):
        columns.append((message(lang, "label-position"), "left",
                        lambda cid, c: Text(",".join(map(str, c["position"])) if c.get("position") else "")))
    table = Table(title=Text(table_title(document, lang, cast), style="bold"), box=box.SIMPLE_HEAD, title_justify="left",
                  pad_edge=False, show_edge=False)
    for header, justify, _ in columns:
        table.add_column(header, justify=justify,
                         no_wrap=header in (message(lang, "label-hp"), "Id", message(lang, "label-left")))
    for cid, creature in zip(order, rows):
        table.add_row(*(cell(cid, creature) for _, _, cell in columns),
                      style="dim" if creature["status"] == "dead" else None)
    if window and state is not None and state.windows:
        line = window_line(state.windows[-1], lang, cast)
        table.caption = Text(line[:1].upper() + line[1:], style="bold")
        table.caption_justify = "left"
    return table
