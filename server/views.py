"""What each page receives: the players' document is built from a whitelist, so a monster's HP never leaves the server."""

from __future__ import annotations

from typing import Any

from combatlog.server.words import condition_name, message, status_name, term, word

PLAYER_LOG_LINES = 8


def ordered_ids(document: dict) -> list[str]:
    """Initiative order first, then whoever has not rolled yet, in the order they joined."""
    combatants = document["combatants"]
    ids = [cid for cid in document["order"] if cid in combatants]
    return ids + [cid for cid in combatants if cid not in ids]


def health(creature: dict) -> str:
    """healthy / bloodied / down, as a DM tells the players about a monster (bloodied: half HP or less)."""
    if creature["status"] != "alive" or creature["hp"] <= 0 or "unconscious" in creature["conditions"]:
        return "down"
    if creature.get("bloodied", creature["hp"] * 2 <= creature["max_hp"]):
        return "bloodied"
    return "healthy"


def heading(document: dict, lang: str, names: dict[str, str]) -> str:
    """Phase (outside turns), round and whose turn, in the shell's words: "Round 2 — tour d'Aria"."""
    parts = []
    if document["phase"] and document["phase"] != "turn":
        parts.append(term(lang, "phase", document["phase"]))
    if document["round"]:
        parts.append(message(lang, "table-round", round=document["round"]))
    if document["turn"]:
        turn = document["turn"]  # "lair": the lair's turn (INTERFACE.md §7), not a combatant
        who = names.get(turn) or (message(lang, "lair-name") if turn == "lair" else turn)
        parts.append(message(lang, "table-turn-of", who=who))
    text = " — ".join(parts)
    return text[:1].upper() + text[1:]


def dm_document(document: dict, lang: str, status: dict[str, Any], window: str | None = None) -> dict:
    """The state document plus the words the DM's page shows next to it: the shell's status table in words
    (`status`, from `Encounter.status_words`: title, conditions with time left, what is left this turn), order."""
    rows = status["rows"]
    extra = {
        "order_all": ordered_ids(document),
        "title": status["title"],
        "conditions": {cid: rows.get(cid, {}).get("conditions", "") for cid in document["combatants"]},
        "left": {cid: rows.get(cid, {}).get("left", "") for cid in document["combatants"]},
        "health": {cid: health(creature) for cid, creature in document["combatants"].items()},
        "window": window[:1].upper() + window[1:] if window else None,
    }
    return {**document, "view": extra}


def players_document(document: dict, lines: list[dict], lang: str, status: dict[str, Any] | None = None,
                     fingerprint: str = "") -> dict[str, Any]:
    """The players' view: order, round, turn, PCs' HP, monsters' health only, conditions, the last few lines,
    and the fingerprint of the log's head (a player who notes it can later check the log with
    `combatlog verify --expect`).

    `status` (from `Encounter.status_words`) gives each creature's conditions in the shell's words; its
    "left this turn" column is the DM's business and is not sent."""
    rows_words = (status or {}).get("rows", {})
    combatants = document["combatants"]
    names = _distinct_names({cid: c for cid, c in combatants.items() if not c.get("hidden")})
    names |= {cid: c["name"] for cid, c in combatants.items() if c.get("hidden")}
    rows = []
    for cid in ordered_ids(document):
        creature = combatants[cid]
        if creature.get("hidden"):
            continue  # not yet seen by the players: not even its name leaves the server
        pc = creature["kind"] == "pc"
        row = {
            "id": cid,
            "name": names[cid],
            "kind": "pc" if pc else "monster",
            "side": creature["side"],
            "initiative": creature["initiative"],
            "current": cid == document["turn"],
            "status": creature["status"],
            "status_word": "" if creature["status"] == "alive" else status_name(creature["status"], lang),
            "health": health(creature),
            "health_word": word(lang, f"health_{health(creature)}"),
            "position": creature.get("position"),
            "conditions": [condition_name(c, lang) for c in creature["conditions"]],
            "conditions_text": rows_words.get(cid, {}).get("conditions")
            if cid in rows_words else ", ".join(condition_name(c, lang) for c in creature["conditions"]),
        }
        if pc:
            row |= {"hp": creature["hp"], "max_hp": creature["max_hp"], "temp_hp": creature["temp_hp"],
                    "death_saves": creature["death_saves"]}
        rows.append(row)
    said = told(lines, combatants, lang, names, last=PLAYER_LOG_LINES)
    turn = document["turn"]
    return {
        "name": document.get("name") or "",
        "lang": lang,
        "seq": document["seq"],
        "phase": document["phase"],
        "phase_word": term(lang, "phase", document["phase"]) if document["phase"] else "",
        "round": document["round"],
        "turn": turn,
        "turn_name": names.get(turn, turn) if turn else None,
        "heading": heading(document, lang, names),
        "combatants": rows,
        "log": said[-PLAYER_LOG_LINES:],
        "fingerprint": fingerprint,
        "fingerprint_text": message(lang, "verify-table-fingerprint", fingerprint=fingerprint) if fingerprint else "",
    }


def told(lines: list[dict], combatants: dict, lang: str, names: dict[str, str] | None = None,
         last: int | None = None) -> list[str]:
    """What the players hear of `lines` (entries of `Encounter.recent` or `log_lines`), undone commands left out;
    with `last`, only the last `last` of them (the same as `told(...)[-last:]`), worded from the end: an update
    of the players' view words its few lines, not the 64 events it reads to find them."""
    names = names or _distinct_names(combatants)
    kinds = {cid: creature["kind"] for cid, creature in combatants.items()}
    hidden = {cid for cid, creature in combatants.items() if creature.get("hidden")}
    if last is None:
        return [text for text in (player_line(entry, names, kinds, lang) for entry in lines
                                  if not entry["undone"] and not (hidden and _names_hidden(entry, hidden))) if text]
    said: list[str] = []
    for entry in reversed(lines):
        if len(said) >= last:
            break
        if entry["undone"] or (hidden and _names_hidden(entry, hidden)):
            continue
        text = player_line(entry, names, kinds, lang)
        if text:
            said.append(text)
    said.reverse()
    return said


def _names_hidden(entry: dict, hidden: set[str]) -> bool:
    """Whether a log entry's event is about a creature the players do not see yet."""
    event = entry.get("event") or {}
    named = {event.get(key) for key in ("id", "target", "attacker", "source", "reactor")}
    named |= set(event.get("targets") or []) | set(event.get("ids") or [])
    return bool(named & hidden)


def _distinct_names(combatants: dict) -> dict[str, str]:
    """Each creature's name, with its id added where several share it (three "Gobelin" become "Gobelin (gob1)"…)."""
    counts: dict[str, int] = {}
    for creature in combatants.values():
        counts[creature["name"]] = counts.get(creature["name"], 0) + 1
    return {cid: creature["name"] if counts[creature["name"]] == 1 else f"{creature['name']} ({cid})"
            for cid, creature in combatants.items()}


def player_line(entry: dict, names: dict[str, str], kinds: dict[str, str], lang: str) -> str | None:
    """One event told to the players, or None when they need not hear of it (commands, dice, bookkeeping)."""
    event = entry["event"]
    kind = entry["type"]

    def name(cid) -> str:
        return names.get(cid, cid)

    def pc(cid) -> bool:
        return kinds.get(cid) == "pc"

    if kind == "CombatStarted":
        return word(lang, "p_combat_starts")
    if kind == "CombatEnded":
        return word(lang, "p_combat_ends")
    if kind == "TurnStarted":
        return word(lang, "p_turn", round=event["round"], who=name(event["id"]))
    if kind == "AttackRolled":
        key = "p_critical" if event.get("critical") else "p_hit" if event.get("hit") else "p_miss"
        return word(lang, key, who=name(event["attacker"]), target=name(event["target"]))
    if kind == "DamageTaken":
        target = event["target"]
        if pc(target):
            amount = sum(part.get("applied", 0) for part in event.get("parts", []))
            return word(lang, "p_damage_pc", target=name(target), amount=amount)
        return word(lang, "p_damage_monster", target=name(target))
    if kind == "Healed":
        target = event["target"]
        if pc(target):
            return word(lang, "p_heal_pc", target=name(target), amount=event.get("amount", 0))
        return word(lang, "p_heal_monster", target=name(target))
    if kind == "StatusChanged":
        status_key = {"dying": "p_dying", "dead": "p_dead", "stable": "p_stable"}.get(event["status"])
        return word(lang, status_key, who=name(event["id"])) if status_key else None
    if kind == "ConditionApplied":
        if event.get("no_effect"):
            return None
        return word(lang, "p_condition", target=name(event["target"]), condition=condition_name(event["condition"], lang))
    if kind == "ConditionEnded":
        return word(lang, "p_condition_ends", target=name(event["target"]),
                    condition=condition_name(event["condition"], lang))
    if kind == "SavingThrowRolled":
        return word(lang, "p_save_ok" if event.get("success") else "p_save_ko", who=name(event["id"]))
    if kind == "ReactionTaken":
        return word(lang, "p_reacts", who=name(event["id"]))
    if kind == "CombatantAdded":
        fallback = event.get("name_fr") if lang == "fr" and event.get("name_fr") else event.get("name") or event["id"]
        return word(lang, "p_joins", who=names.get(event["id"], fallback))
    if kind == "CombatantRemoved":
        return word(lang, "p_leaves", who=name(event["id"]))
    return None
