"""The status of a fight in words, as the shell's table and the API's `status_words` show it: the title, each
creature's conditions with their time left, what it has left this turn, the open reaction window.

Reads the state document, and the folded state for what the document does not say (how long each condition
lasts). Every word comes from the catalogs; what differs by ruleset is asked of the registry's hooks."""

from __future__ import annotations

from combatlog.events.reactions import ReactionWindowOpened
from combatlog.projections.describe import Cast, describe, effect_name, library_family
from combatlog.words import ability_name, condition_name, damage_name, distance, message, status_name, term


def window_line(window, lang: str, cast: Cast | None = None) -> str:
    """The open reaction window in words (the same line as the event that opened it)."""
    event = ReactionWindowOpened(trigger=window.trigger, reactors=tuple(window.reactors), waiting=window.waiting,
                                 pending=dict(window.pending))
    return describe(event, lang, cast)


def table_title(document: dict, lang: str, cast: Cast) -> str:
    """The status table's title: the encounter, its phase unless a turn runs, the round, whose turn it is."""
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
        if instance.condition == "exhaustion" and folded is not None:  # (it is, to hold a condition)
            name = f"{name} {folded.exhaustion()}"
        key = (instance.condition, until_short(instance.until, lang, cast, state.round))
        if key in seen:
            continue
        seen.add(key)
        shown.append(f"{name} {key[1]}".strip() if key[1] else name)
    had = {instance.condition for instance in (folded.conditions if folded is not None else ())}
    shown.extend(_condition_name(c, lang, gender, state) for c in creature["conditions"] if c not in had)
    shown.extend(effects_shown(cid, state, lang, cast))
    return ", ".join(shown)


# Effects only the rules' bookkeeping reads: not shown beside the conditions.
_QUIET_EFFECTS = ("readied",)


def effects_shown(cid: str, state, lang: str, cast: Cast | None = None) -> list[str]:
    """Each effect the creature bears (Shield, Bless, dodging), by its name in `lang`, with what it changes and its
    time left: "Bouclier (CA +5) → début:mirabel", "Bénédiction (+1d4 attaques et JS)"."""
    folded = state.combatants.get(cid) if state is not None else None
    if folded is None:
        return []
    family = library_family(getattr(state, "ruleset", "") or "")
    shown, seen = [], set()
    for effect in getattr(folded, "effects", ()):
        if effect.effect in seen or effect.effect in _QUIET_EFFECTS:
            continue
        seen.add(effect.effect)
        name = cast.effect(effect.effect) if cast is not None else effect_name(effect.effect, lang, family)
        changes = effect_changes(effect.data, lang)
        text = message(lang, "table-effect", name=name, changes=", ".join(changes)) if changes else name
        until = until_short(effect.until, lang, cast, state.round) if cast is not None and isinstance(effect.until, dict) else ""
        shown.append(f"{text} {until}".strip())
    return shown


def effect_changes(data, lang: str) -> list[str]:
    """What an effect changes, in words: the AC (Shield), dice on d20 tests (Bless, Bane), extra damage (Hunter's
    Mark), pf1's typed bonuses."""
    if not isinstance(data, dict):
        return []
    changes = []
    if data.get("ac_bonus"):
        changes.append(message(lang, "effect-change-ac", bonus=_signed(int(data["ac_bonus"]))))
    roll = data.get("roll_bonus")
    if isinstance(roll, dict) and roll.get("roll"):
        on = [message(lang, "effect-change-on", on=str(what)) for what in roll.get("on") or ()]
        changes.append(message(lang, "effect-change-roll", sign="−" if roll.get("subtract") else "+", roll=roll["roll"],
                               on=message(lang, "effect-change-and", first=", ".join(on[:-1]), last=on[-1]) if len(on) > 1
                               else "".join(on)))
    damage = data.get("damage_bonus")
    if isinstance(damage, dict) and damage.get("roll"):
        changes.append(message(lang, "effect-change-damage", roll=damage["roll"],
                               type=damage_name(damage["type"], lang) if damage.get("type") else "none"))
    for bonus in data.get("bonuses") or ():
        if isinstance(bonus, dict) and bonus.get("value") and not bonus.get("against"):
            changes.append(message(lang, "effect-change-bonus", value=_signed(int(bonus["value"])),
                                   to=message(lang, "effect-change-on", on=str(bonus.get("to") or ""))))
    return changes


def armor_class_now(cid: str, creature: dict, state) -> int | str:
    """The AC an attack meets now: the state document's, plus the AC bonuses of 5e effects (Shield +5); pf1's
    document already counts its typed bonuses."""
    ac = creature.get("ac", "")
    folded = state.combatants.get(cid) if state is not None else None
    if folded is None or not isinstance(ac, int):
        return ac
    return ac + sum(int(effect.data.get("ac_bonus") or 0) for effect in getattr(folded, "effects", ())
                    if isinstance(effect.data, dict))


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


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
