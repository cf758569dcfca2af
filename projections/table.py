"""A plain-text table of the state document, for `combatlog state` without --json, in the table's language."""

from combatlog.core.rulesets import rolls_death_saves
from combatlog.projections.describe import Cast, effect_name, library_family
from combatlog.projections.status import armor_class_now, effects_shown
from combatlog.words import condition_name, distance, message, number, ruleset_name, status_name, term


def shown_conditions(creature: dict, lang: str) -> list[str]:
    """Conditions in words; a dead creature shows none of the ones its state implies (it is dead)."""
    if creature["status"] == "dead":
        return []
    return [condition_name(c, lang) for c in creature["conditions"]]


def named_in(document: dict, state, lang: str) -> dict:
    """The state document with each creature's name in `lang` (a French encounter read with `--lang en` shows
    "Goblin", as its log does): the asked language wins over the encounter's."""
    if state is None or lang == document.get("lang"):
        return document
    combatants = {}
    for cid, creature in document["combatants"].items():
        folded = getattr(state, "combatants", {}).get(cid)
        shown = folded.display_name(lang) if folded is not None else ""
        combatants[cid] = {**creature, "name": shown or creature["name"]} if shown else creature
    return {**document, "combatants": combatants}


def turn_name(document: dict) -> str:
    """Whose turn it is, by display name; a name two combatants share is followed by the id, as in the log."""
    turn = document["turn"] or ""
    name = (document["combatants"].get(turn) or {}).get("name") or turn
    shared = sum(1 for c in document["combatants"].values() if c.get("name") == name) > 1
    return f"{name} ({turn})" if shared and name != turn else name


def render_table(document: dict, lang: str | None = None, units: str = "m", state=None) -> str:
    """The plain status table; with the folded `state`, each creature's effects (Shield, Bless) show beside its
    conditions with what they change, and the AC is the one an attack meets now."""
    lang = lang or document.get("lang") or "en"
    title_args = {
        "name": document.get("name") or message(lang, "state-encounter"),
        "ruleset": ruleset_name(document["ruleset"] or "", lang),
        "phase": term(lang, "phase", document["phase"]),
        "round": document["round"],
        "turn": turn_name(document),
        "seq": document["seq"],
    }
    lines = [message(lang, "state-title", **title_args)]
    death_saves = rolls_death_saves(document["ruleset"])
    order = document["order"] + [cid for cid in document["combatants"] if cid not in document["order"]]
    hp_label, init_label, ac_label = message(lang, "label-hp"), message(lang, "label-init"), message(lang, "label-ac")
    for cid in order:
        c = document["combatants"].get(cid)
        if c is None:  # the lair's turn (INTERFACE.md §7): a place in the order, not a combatant
            marker = ">" if cid == document["turn"] else " "
            lines.append(f"{marker} {cid:<12} {message(lang, 'lair-name'):<18} {init_label}  20")
            continue
        marker = ">" if cid == document["turn"] else " "
        temp = f" +{c['temp_hp']}" if c["temp_hp"] else ""
        initiative = "-" if c["initiative"] is None else str(c["initiative"])
        status = status_name(c["status"], lang)
        extra = shown_conditions(c, lang)
        if c["status"] in ("dying", "stable") and death_saves:
            extra.insert(0, message(lang, "death-saves", successes=c["death_saves"]["successes"],
                                    failures=c["death_saves"]["failures"]))
        if state is not None:
            extra += effects_shown(cid, state, lang, Cast(lang, state))
        if c.get("concentration"):
            extra.append(message(lang, "concentrating",
                                 effect=effect_name(c["concentration"], lang, library_family(document["ruleset"] or ""))))
        economy = c.get("economy") or {}
        if cid == document["turn"] and document["phase"] in ("turn", "reaction", "death_save") and c["status"] != "dead":
            extra.append(message(lang, "movement-left", distance=distance(economy.get("movement_left", 0.0), lang, units)))
        lines.append(f"{marker} {cid:<12} {c['name']:<18} {init_label} {initiative:>3}  {hp_label} {c['hp']:>3}/{c['max_hp']:<3}{temp:<4} "
                     f"{ac_label} {armor_class_now(cid, c, state):>2}  {status:<8} {', '.join(extra) or '-'}")
    if document["window"]:
        window = document["window"]
        lines.append(message(lang, "state-window", trigger=window["trigger"], reactors=", ".join(window["reactors"]),
                             waiting=window["for"]))
    return "\n".join(lines)


__all__ = ["named_in", "render_table", "shown_conditions", "number"]
