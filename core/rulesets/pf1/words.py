"""The words of pf1 events, through the catalogs (`combatlog.words`).

The catalog `locales/<lang>/pf1.ftl` is one of the .ftl files the layer loads for a language (it finds them as
package data, so this works from an installed package as well as from the source tree). A pf1 event's line is
the message `event-<kebab type>`, filled with the event's fields (ids become display names); the fields below
are turned into the reader's words first (sides, attack names, conditions, squares, numbers)."""

from __future__ import annotations

from typing import Any

from combatlog import words
from combatlog.words import has, kebab, message, number, term


def attack_label(attack: Any, lang: str) -> str:
    """The name of an attack profile (a parsed `Pf1Attack` or a raw stats dict) in `lang`: `name` may be a
    string or {"en", "fr"}; `name_fr` gives the French name beside an English `name`."""
    get = attack.get if isinstance(attack, dict) else (lambda key, default=None: getattr(attack, key, default))
    name, name_fr, attack_id = get("name"), get("name_fr"), get("id") or ""
    if isinstance(name, dict):
        return name.get(lang) or name.get("en") or name.get("fr") or attack_id.replace("_", " ")
    if lang == "fr" and name_fr:
        return name_fr
    return name or attack_id.replace("_", " ")


def cast_ac(stats: dict) -> int | None:
    """The AC of a joining creature's stat block, for a transcript's cast table."""
    try:
        from combatlog.core.rulesets.pf1.rules import ac_values
        from combatlog.core.rulesets.pf1.state import Pf1Combatant
        from combatlog.core.rulesets.pf1.stats import parse_stats

        parsed = parse_stats(stats, "cast")
        return ac_values(Pf1Combatant(id="cast", name="cast", side="", kind="", stats=parsed, hp=parsed.max_hp))["ac"]
    except Exception:  # a transcript never fails on a stat block
        return None


def condition_name(condition: str, lang: str) -> str:
    """A pf1 condition in words (message `pf1-condition`), or its id."""
    lang = "fr" if lang == "fr" else "en"
    return message(lang, "pf1-condition", condition=condition) if has(lang, "pf1-condition") else condition


def _square(at) -> str:
    return f"({at[0]}, {at[1]})"


def pf1_args(event, lang: str, cast, units: str = "m") -> dict[str, Any]:
    """The fields of a pf1 event that need the reader's words beyond ids → names (the layer does those)."""
    args: dict[str, Any] = {}
    side = getattr(event, "side", None)
    if isinstance(side, str):
        args["side"] = term(lang, "side", side)
    if type(event).__name__ == "Pf1CombatantAdded":
        args["name"] = (event.name_fr or event.name) if lang == "fr" else event.name
    attack = getattr(event, "attack", None)
    attacker = getattr(event, "attacker", None)
    if isinstance(attack, str) and attacker:
        args["attack"] = cast.attack(attacker, attack)
    for field in ("at", "square"):
        value = getattr(event, field, None)
        if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
            args[field] = _square(value)
    path = getattr(event, "path", None)
    if isinstance(path, (list, tuple)) and path:
        args["path"] = ", ".join(_square(step) for step in path)
    squares = getattr(event, "squares", None)
    if isinstance(squares, (list, tuple)) and squares and isinstance(squares[0], (list, tuple)):
        args["squares"] = ", ".join(_square(step) for step in squares)
    metres = getattr(event, "metres", None)
    if isinstance(metres, (int, float)) and not isinstance(metres, bool):
        args["metres"] = number(metres, lang)
    faces = getattr(event, "faces", None)
    if isinstance(faces, (list, tuple)):
        args["faces"] = words.faces(faces)
    for field in ("order", "ids", "reactors"):
        value = getattr(event, field, None)
        if isinstance(value, (list, tuple)):
            args[field] = cast.names_of(value)
    if type(event).__name__ == "Pf1RolledOff":
        args["ranking"] = _ranking(event, lang, cast)
    for field in ("bonus", "modifier"):
        value = getattr(event, field, None)
        if isinstance(value, int) and not isinstance(value, bool):
            args[field] = f"+ {value}" if value >= 0 else f"− {-value}"
    modifiers = getattr(event, "modifiers", None)
    if isinstance(modifiers, (list, tuple)):
        # each labelled modifier: " − 5 (damage from the attack of opportunity)"
        args["modifiers"] = "".join(
            f" {'+' if m['value'] >= 0 else '−'} {abs(m['value'])} ({message(lang, 'pf1-modifier', label=m['label'])})"
            for m in modifiers if isinstance(m, dict) and m.get("value"))
    check = getattr(event, "check", None)
    if isinstance(check, str):
        args["check-name"] = message(lang, "pf1-check", check=check)
    for field in ("success", "reason"):
        if hasattr(event, field) and getattr(event, field) is None:
            args[field] = "other"
    return args


def _ranking(event, lang: str, cast) -> str:
    """A roll-off in words: each round's d20 per creature, then the order ("Aria 4, Bo 4 ; Aria 3, Bo 9 → Bo, Aria")."""
    ids = list(event.ids)
    rolled: dict[str, tuple[int, ...]] = {cid: () for cid in ids}
    tied, parts = list(ids), []
    for faces in event.rounds:
        parts.append(", ".join(f"{cast.name(cid)} {face}" for cid, face in zip(tied, faces)))
        for cid, face in zip(tied, faces):
            rolled[cid] += (face,)
        tied = [cid for cid in ids if sum(1 for other in ids if rolled[other] == rolled[cid]) > 1]
    separator = " ; " if lang == "fr" else "; "
    return separator.join(parts) + " → " + cast.names_of(event.order)


def event_args_by_type() -> dict[str, Any]:
    """For each pf1 event type, the function giving its variables beyond ids → names (`describe` uses them)."""
    from combatlog.core.rulesets.pf1.events import EVENT_TYPES

    return {event_type.__name__: pf1_args for event_type in EVENT_TYPES}
