"""What the shell shows: the status table (rich) and the lines a command produced, in the DM's language.

Reads the state document, and the folded state for what the document does not say (how long each condition
lasts). Every word comes from the catalogs (locales/<lang>/shell.ftl)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from combatlog.events.reactions import ReactionWindowOpened
from combatlog.projections.words import (
    Cast,
    ability_name,
    condition_name,
    describe,
    distance,
    message,
    status_name,
    term,
)

BAR_WIDTH = 10


def window_line(window, lang: str, cast: Cast | None = None) -> str:
    """The open reaction window in words (the same line as the event that opened it)."""
    event = ReactionWindowOpened(trigger=window.trigger, reactors=tuple(window.reactors), waiting=window.waiting,
                                 pending=dict(window.pending))
    return describe(event, lang, cast)


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


def _title(document: dict, lang: str, cast: Cast) -> str:
    name = document.get("name") or message(lang, "table-encounter")
    parts = [name] if document["phase"] == "turn" else [name, term(lang, "phase", document["phase"])]
    if document["round"]:
        parts.append(message(lang, "table-round", round=document["round"]))
    if document["turn"]:
        parts.append(message(lang, "table-turn-of", who=cast.name(document["turn"])))
    return " — ".join(parts)


def until_short(until: dict, lang: str, cast: Cast, current_round: int) -> str:
    """How long a condition has left, in a few words."""
    if not until:
        return ""
    if "end_of_turn" in until:
        return message(lang, "table-until-end", who=cast.name(until["end_of_turn"]))
    if "start_of_turn" in until:
        return message(lang, "table-until-start", who=cast.name(until["start_of_turn"]))
    if "rounds" in until:
        left = max(0, int(until.get("expires_round", 0)) - max(current_round, 1)) if until.get("expires_round") else until["rounds"]
        return message(lang, "table-until-rounds", left=left)
    if "save" in until:
        save = until["save"]
        return message(lang, "table-until-save", ability=ability_name(save.get("ability", ""), lang), dc=save.get("dc", 0))
    if "concentration" in until:
        return message(lang, "table-until-concentration", who=cast.name(until["concentration"]))
    return ""


def conditions_text(cid: str, creature: dict, lang: str, state, cast: Cast) -> str:
    """Status, death saves spelled out, then each condition with the time it has left; a dead creature is dead."""
    status = creature["status"]
    if status == "dead":
        return message(lang, "table-dead")
    gender = cast.gender(cid)
    shown = []
    if status != "alive":
        shown.append(status_name(status, lang) if status != "dying" else term(lang, "status", status, gender=gender))
    if status in ("dying", "stable") and _death_saves(state):
        saves = creature["death_saves"]
        shown.append(message(lang, "table-death-saves", successes=saves["successes"], failures=saves["failures"]))
    folded = state.combatants.get(cid) if state is not None else None
    seen = set()
    for instance in (folded.conditions if folded is not None else ()):
        name = _condition_name(instance.condition, lang, gender, state)
        if instance.condition == "exhaustion":
            name = f"{name} {folded.exhaustion()}"
        key = (instance.condition, until_short(instance.until, lang, cast, state.round))
        if key in seen:
            continue
        seen.add(key)
        shown.append(f"{name} {key[1]}".strip() if key[1] else name)
    had = {instance.condition for instance in (folded.conditions if folded is not None else ())}
    shown.extend(_condition_name(c, lang, gender, state) for c in creature["conditions"] if c not in had)
    return ", ".join(shown)


def _ruleset(state):
    from combatlog.core.rulesets import RULESETS

    return RULESETS.get(getattr(state, "ruleset", "") or "")


def _death_saves(state) -> bool:
    from combatlog.core.rulesets import rolls_death_saves

    return rolls_death_saves(getattr(state, "ruleset", ""))


def _condition_name(condition: str, lang: str, gender: str, state) -> str:
    """A condition in words: a Pathfinder condition (flat_footed) by the pf1 catalogs, the others as in 5e."""
    own = getattr(_ruleset(state), "condition_name", None)  # a ruleset naming conditions of its own
    if own is not None:
        named = own(condition, lang)
        if named != condition:
            return named
    return condition_name(condition, lang, gender)


def _pf1_left(cid: str, creature: dict, document: dict, lang: str) -> str:
    """Pathfinder: the actions left this turn (standard, move, 5-foot step, swift) and attacks of opportunity."""
    actions = creature.get("actions") or {}
    left = []
    if cid == document["turn"] and not actions.get("full_round"):
        if not actions.get("standard"):
            left.append(message(lang, "table-left-standard"))
        if not actions.get("move"):
            left.append(message(lang, "table-left-move"))
        if not actions.get("five_foot_step") and not actions.get("moved"):
            left.append(message(lang, "table-left-step"))
    if cid == document["turn"] and not actions.get("swift"):
        left.append(message(lang, "table-left-swift"))
    if creature.get("aoo_left", 0) > 0:
        left.append(message(lang, "table-left-aoo", count=creature["aoo_left"]))
    return ", ".join(left) or message(lang, "table-left-none")


def left_this_turn(cid: str, creature: dict, document: dict, lang: str, units: str) -> str:
    """What a creature still has this turn: action (or attacks), bonus action, reaction, movement."""
    if creature["status"] == "dead" or document["phase"] in ("setup", "ended"):
        return ""
    if creature["status"] != "alive" or "incapacitated" in creature["conditions"]:
        return message(lang, "table-left-none")  # no action, bonus action, reaction or move (seed 000 Incapacité)
    if "actions" in creature:  # Pathfinder's economy: standard, move, swift actions (its state document)
        return _pf1_left(cid, creature, document, lang)
    left = []
    economy = creature.get("economy") or {}
    if cid == document["turn"]:
        if not economy.get("action"):
            left.append(message(lang, "table-left-action"))
        elif economy.get("action") == "attack" and economy.get("attacks_left", 0) > 0:
            left.append(message(lang, "table-left-attacks", count=economy["attacks_left"]))
        if not economy.get("bonus"):
            left.append(message(lang, "table-left-bonus"))
    if creature["reaction_available"]:
        left.append(message(lang, "table-left-reaction"))
    if cid == document["turn"]:
        left.append(distance(economy.get("movement_left", 0.0), lang, units))
    return ", ".join(left) or message(lang, "table-left-none")


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
    if any(resources_text(cid, c, lang, cast) for cid, c in zip(order, rows)):
        columns.append((message(lang, "label-resources"), "left",
                        lambda cid, c: Text(resources_text(cid, c, lang, cast))))
    if any(c.get("concentration") for c in rows):
        columns.append((message(lang, "label-concentration"), "left", lambda cid, c: Text(c.get("concentration") or "")))
    if any(c.get("position") for c in rows):
        columns.append((message(lang, "label-position"), "left",
                        lambda cid, c: Text(",".join(map(str, c["position"])) if c.get("position") else "")))
    title = _title(document, lang, cast)
    if state is not None:
        from combatlog.party.difficulty import difficulty_short, encounter_difficulty, library_lookup

        rating = difficulty_short(encounter_difficulty(state, library_lookup), lang)
        title = f"{title} — {rating}" if rating else title
    table = Table(title=Text(title, style="bold"), box=box.SIMPLE_HEAD, title_justify="left",
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
