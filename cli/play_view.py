"""What the shell shows: the status table (rich) and the lines a command produced. Reads the state document only."""

from __future__ import annotations

import re

from rich import box
from rich.table import Table
from rich.text import Text

from combatlog.cli.play_parse import condition_name

BAR_WIDTH = 10
STATUS_FR = {"alive": "", "dying": "mourant", "stable": "stable", "dead": "mort"}
PHASE = {
    "fr": {"setup": "préparation", "turn": "tour", "death_save": "jet contre la mort", "reaction": "réaction",
           "ended": "combat terminé"},
    "en": {"setup": "setup", "turn": "turn", "death_save": "death save", "reaction": "reaction", "ended": "combat over"},
}


_TRIGGERS_FR = (
    (re.compile(r"^(?P<a>\S+) leaves the reach of (?P<b>.+)$"), "{a} quitte l'allonge de {b}"),
    (re.compile(r"^(?P<a>\S+) hits (?P<b>\S+) with (?P<c>.+)$"), "{a} touche {b} ({c})"),
    (re.compile(r"^(?P<a>\S+)'s trigger: (?P<b>.*)$"), "déclencheur de {a} : {b}"),
)


def trigger_text(trigger: str, lang: str) -> str:
    """A window's trigger (recorded in English by the rules) in the DM's language."""
    if lang == "fr":
        for pattern, template in _TRIGGERS_FR:
            match = pattern.match(trigger)
            if match:
                return template.format(**match.groupdict())
    return trigger


def window_line(trigger: str, reactors, lang: str) -> str:
    who = ", ".join(reactors)
    if lang == "fr":
        return f"fenêtre de réaction : {trigger_text(trigger, lang)} → {who} peut réagir ou passer"
    return f"reaction window: {trigger} → {who} may react or pass"


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


def _title(document: dict, lang: str) -> str:
    fr = lang == "fr"
    name = document.get("name") or ("rencontre" if fr else "encounter")
    phase = PHASE["fr" if fr else "en"].get(document["phase"], document["phase"])
    parts = [name] if document["phase"] == "turn" else [name, phase]
    if document["round"]:
        parts.append(f"round {document['round']}")
    if document["turn"]:
        parts.append(f"{'tour de' if fr else 'turn of'} {document['turn']}")
    return " — ".join(parts)


def _conditions(creature: dict, lang: str) -> str:
    fr = lang == "fr"
    shown = []
    status = creature["status"]
    if status != "alive":
        shown.append(STATUS_FR.get(status, status) if fr else status)
    if status in ("dying", "stable"):
        saves = creature["death_saves"]
        shown.append(f"{'JS' if fr else 'saves'} {saves['successes']}✓ {saves['failures']}✗")
    shown.extend(condition_name(c, lang) for c in creature["conditions"])
    return ", ".join(shown)


def status_table(document: dict, lang: str) -> Table:
    """Initiative order, the current turn marked; HP bar, temp HP, conditions, reaction, concentration.

    Temp HP, concentration and position columns appear once someone has one, to fit an 80-column terminal."""
    fr = lang == "fr"
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
        ("Nom" if fr else "Name", "left", lambda cid, c: Text(c["name"])),
        ("PV" if fr else "HP", "left", lambda cid, c: hp_bar(c["hp"], c["max_hp"], c["status"])),
    ]
    if any(c["temp_hp"] for c in rows):
        columns.append(("PVT" if fr else "THP", "right", lambda cid, c: Text(str(c["temp_hp"]) if c["temp_hp"] else "")))
    columns += [
        ("CA" if fr else "AC", "right", lambda cid, c: Text(str(c.get("ac", "")))),
        ("États" if fr else "Conditions", "left", lambda cid, c: Text(_conditions(c, lang))),
        ("Réac." if fr else "React.", "center", lambda cid, c: Text("✓" if c["reaction_available"] else "✗")),
    ]
    if any(c.get("concentration") for c in rows):
        columns.append(("Conc.", "left", lambda cid, c: Text(c.get("concentration") or "")))
    if any(c.get("position") for c in rows):
        columns.append(("Pos.", "left", lambda cid, c: Text(",".join(map(str, c["position"])) if c.get("position") else "")))
    table = Table(title=Text(_title(document, lang), style="bold"), box=box.SIMPLE_HEAD, title_justify="left",
                  pad_edge=False, show_edge=False)
    for header, justify, _ in columns:
        table.add_column(header, justify=justify, no_wrap=header in ("PV", "HP", "Id"))
    for cid, creature in zip(order, rows):
        table.add_row(*(cell(cid, creature) for _, _, cell in columns),
                      style="dim" if creature["status"] == "dead" else None)
    if window:
        line = window_line(window["trigger"], window["reactors"], lang)
        table.caption = Text(line[:1].upper() + line[1:], style="bold")
        table.caption_justify = "left"
    return table
