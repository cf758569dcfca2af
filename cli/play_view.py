"""What the shell shows: the status table (rich), in the DM's language; its words come from
projections/status.py (the same words as the API's `status_words`)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from combatlog.tools import Cast, armor_class_now, conditions_text, left_this_turn, table_title, window_line
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


def slot_dots(slots: dict) -> str:
    """Spell slots by level as ●●○: one dot a slot, full while left (`1 ●●○  2 ●○`)."""
    return "  ".join(f"{level} " + "●" * entry["left"] + "○" * (entry["max"] - entry["left"])
                     for level, entry in slots.items() if entry["max"])


def resources_text(cid: str, creature: dict, lang: str, cast: Cast) -> str:
    """What runs out, one per line so that the column stays narrow (INTERFACE.md §7): spell slots as ●●○, daily
    spells, uses, legendary actions and legendary resistance left, e.g. "Fire Breath 0/1"."""
    parts = []
    dots = slot_dots(creature.get("slots") or {})
    if dots:
        parts.append(f"{message(lang, 'label-slots')} {dots}")
    for group in ("per_day", "uses"):
        parts += [message(lang, "resources-use", name=cast.attacks.get((cid, key)) or key, left=left["left"],
                          max=left["max"])
                  for key, left in (creature.get(group) or {}).items()]
    for key in ("legendary_actions", "legendary_resistance"):
        if creature.get(key):
            parts.append(message(lang, f"resources-{key.replace('_', '-')}", left=creature[key]["left"],
                                 max=creature[key]["max"]))
    return "\n".join(parts)


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
        (message(lang, "label-name"), "left", lambda cid, c: Text(cast.names.get(cid) or c["name"])),
        (message(lang, "label-hp"), "left", lambda cid, c: hp_bar(c["hp"], c["max_hp"], c["status"])),
    ]
    if any(c["temp_hp"] for c in rows):
        columns.append((message(lang, "label-temp-hp"), "right",
                        lambda cid, c: Text(str(c["temp_hp"]) if c["temp_hp"] else "")))
    columns += [
        (message(lang, "label-ac"), "right", lambda cid, c: Text(str(armor_class_now(cid, c, state)))),
        (message(lang, "label-conditions"), "left",
         lambda cid, c: Text(conditions_text(cid, c, lang, state, cast))),
    ]
    if document["phase"] not in ("setup", "ended"):
        columns.append((message(lang, "label-left"), "left",
                        lambda cid, c: Text(left_this_turn(cid, c, document, lang, units))))
    if any(resources_text(cid, c, lang, cast) for cid, c in zip(order, rows)):
        columns.append((message(lang, "label-resources"), "left",
                        lambda cid, c: Text(resources_text(cid, c, lang, cast))))
    if any(c.get("concentration") for c in rows):
        columns.append((message(lang, "label-concentration"), "left", lambda cid, c: Text(cast.effect(c.get("concentration") or ""))))
    if any(c.get("position") for c in rows):
        columns.append((message(lang, "label-position"), "left",
                        lambda cid, c: Text(",".join(map(str, c["position"])) if c.get("position") else "")))
    title = table_title(document, lang, cast)
    if state is not None:
        from combatlog.party.difficulty import difficulty_short, encounter_difficulty, library_lookup

        rating = difficulty_short(encounter_difficulty(state, library_lookup), lang)
        title = f"{title} — {rating}" if rating else title
    table = Table(title=Text(title, style="bold"), box=box.SIMPLE_HEAD, title_justify="left",
                  pad_edge=False, show_edge=False)
    for header, justify, _ in columns:
        table.add_column(header, justify=justify,  # type: ignore[arg-type]  # "left" or "right"
                         no_wrap=header in (message(lang, "label-hp"), "Id", message(lang, "label-left")))
    for cid, creature in zip(order, rows):
        table.add_row(*(cell(cid, creature) for _, _, cell in columns),
                      style="dim" if creature["status"] == "dead" else None)
    if window and state is not None and state.windows:
        line = window_line(state.windows[-1], lang, cast)
        table.caption = Text(line[:1].upper() + line[1:], style="bold")
        table.caption_justify = "left"
    return table
