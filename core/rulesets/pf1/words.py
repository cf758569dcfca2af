"""The words of pf1 events, through the catalogs (`combatlog.words`).

The catalog `locales/<lang>/pf1.ftl` is one of the .ftl files the layer loads for a language (it finds them as
package data, so this works from an installed package as well as from the source tree). A pf1 event's line is
the message `event-<kebab type>`, filled with the event's fields (ids become display names); the fields below
are turned into the reader's words first (sides, attack names, conditions, squares, numbers)."""

from __future__ import annotations

from typing import Any

from combatlog import words
from combatlog.words import Distance, has, kebab, message, number, term  # noqa: F401  (kebab: tests import it from here)


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
        args["side"] = cast.side(side) if hasattr(cast, "side") else term(lang, "side", side)  # "goblins" in words
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
        args["metres"] = Distance(metres, units)  # said in the encounter's units (1.5 m = 5 ft)
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


def _damage_part(part: dict[str, Any]) -> dict[str, Any]:
    """A rolled damage part, with what its total adds to the dice: the Strength bonus the rules put on an
    attack's first part (seed 004 Multiplication des dégâts: "Str and bonuses included")."""
    from combatlog.core.kernel.dice import DiceError, DiceExpression

    roll, faces, total = part.get("roll", ""), tuple(part.get("faces") or ()), part.get("total", 0)
    modifier = 0
    try:
        parsed = DiceExpression.parse(roll)
        per_roll = sum(term.count for term in parsed.terms)
        if per_roll and len(faces) % per_roll == 0 and all(term.sign > 0 and not term.keep for term in parsed.terms):
            modifier = total - sum(faces) - parsed.constant * (len(faces) // per_roll)
    except DiceError:
        pass
    return {"roll": roll, "faces": faces, "total": total, "type": part.get("type", ""), "modifier": modifier,
            "modifier_label": "str" if modifier else ""}


class TranscriptWords:
    """What a transcript asks of pf1 (the ruleset's `transcript_words` hook): its conditions' names, a neutral
    view of the rolls a transcript writes in its own words (initiative, damage, hit points), and how the line
    of every other event differs from its log line (the transcript writes that line with the catalogs)."""

    condition_name = staticmethod(condition_name)
    attack_label = staticmethod(attack_label)
    # A dying or disabled creature is unconscious and helpless through its status, which only the state
    # document's condition list shows: the final table lists that one.
    final_conditions_implied = True

    def view(self, event) -> dict[str, Any] | None:
        """The event as the transcript's shared shapes, or None: "initiative" (ids, faces, modifier, total),
        "damage" (target, parts of roll/faces/total/type/modifier/modifier_label, total), "hp" (target, hp_after,
        temp_after)."""
        kind = type(event).__name__
        if kind == "Pf1InitiativeRolled" and not event.set_by_dm and event.faces:
            return {"kind": "initiative", "ids": event.ids, "faces": event.faces, "modifier": event.modifier,
                    "total": event.total}
        if kind == "Pf1DamageRolled" and not event.minimum:
            return {"kind": "damage", "target": event.target, "total": event.total,
                    "parts": [_damage_part(part) for part in event.parts]}
        if kind == "Pf1DamageTaken" and not event.nonlethal and not event.reduced:
            return {"kind": "hp", "target": event.target, "hp_after": event.hp_after, "temp_after": event.temp_after}
        return None

    def line_args(self, event, args: dict[str, Any]) -> dict[str, Any]:
        """A pf1 event's transcript line is its catalog line (the log's words, which the pf1 tests quote) with the
        dice faces in parentheses, as the transcript shows them ("d20 (12) + 7"): its variables, so changed. A combat
        maneuver's check (its labelled modifiers, issue 23) reads in the transcript exactly as in the log."""
        if type(event).__name__ == "Pf1ManeuverRolled":
            return args
        for field in ("d20", "d100"):
            if isinstance(args.get(field), int):
                args[field] = f"({args[field]})"
        faces = getattr(event, "faces", None)
        if isinstance(faces, (list, tuple)) and faces:
            args["faces"] = "(" + ", ".join(map(str, faces)) + ")"
        return args


TRANSCRIPT_WORDS = TranscriptWords()
