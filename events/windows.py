"""What opened a reaction window, as the rules record it: a code and the ids it names, never a sentence.

`ReactionWindowOpened.trigger` (5e) is one of `TRIGGERS`; the ids are in the window's own `pending` (the mover,
the attacker and its target, the readier, the caster and its spell) and a readied trigger's own words, as the
table gave them, in `text`. `Pf1WindowOpened.act` says what provoked (PRD Attacks of Opportunity), the provoker is
`waiting`, and `target`, `using` (a weapon or a maneuver) and `text` hold the rest.

Logs written before these codes stored an English sentence in `trigger` (and pf1 a French one in `trigger_fr`,
copied into `pending`). The upcasters below read those sentences back into codes and fields; `sentence` and
`pf1_sentence` say the English sentence again (the state document's `window.trigger` has always shown it), so
an old log replays, verifies and prints exactly as before."""

from __future__ import annotations

import re
from typing import Any

# 5e trigger code -> the English sentence logs stored before codes.
TRIGGERS: dict[str, str] = {
    "leaves_reach": "{mover} leaves the reach of {reactors}",
    "hit": "{attacker} hits {target} with {attack}",
    "readied": "{readier}'s trigger: {text}",
    "casts": "{caster} casts {spell}",
}

# The pending `kind` each 5e trigger suspends: an old event's kind says which sentence it stored.
_KIND_TRIGGER = {"move": "leaves_reach", "attack_damage": "hit", "readied": "readied", "cast": "casts"}

# pf1 act -> the English sentence logs stored before codes; `{act}` for any other act (an action that provokes).
PF1_TRIGGERS: dict[str, str] = {
    "move": "{waiting} leaves {square}",
    "cast": "{waiting} casts a spell",
    "stand": "{waiting} stands up",
    "first_aid": "{waiting} gives first aid to {target}",
    "coup_de_grace": "{waiting} delivers a coup de grâce to {target}",
    "shoot": "{waiting} shoots with {using}",
    "unarmed": "{waiting} strikes unarmed",
    "maneuver": "{waiting} attempts {using} on {target}",
    "readied": "{readier}'s trigger: {text}",
}
_PF1_OTHER = "{waiting}: {act}"


def _names(pending: Any, reactors: Any) -> dict[str, str]:
    """The ids a 5e trigger sentence names, read from the window's pending command and its reactors."""
    pending = pending if isinstance(pending, dict) else {}
    spell = pending.get("spell")
    return {"mover": str(pending.get("id", "")), "readier": str(pending.get("id", "")),
            "reactors": ", ".join(reactors or ()), "attacker": str(pending.get("attacker", "")),
            "target": str(pending.get("target", "")), "attack": str(pending.get("attack", "")),
            "caster": str(pending.get("caster", "")),
            "spell": str(spell.get("id", "")) if isinstance(spell, dict) else ""}


def sentence(trigger: str, pending: Any, reactors: Any, text: str = "") -> str:
    """The English sentence of a 5e window's trigger, as logs stored it before codes ("gob1 leaves the reach of
    aria"); a trigger that is no code (a sentence an old log kept) as it is."""
    pattern = TRIGGERS.get(trigger)
    return pattern.format(text=text, **_names(pending, reactors)) if pattern is not None else trigger


def square_text(square: Any) -> str:
    """A square as pf1's trigger sentences wrote it: "[2,3]"."""
    return f"[{square[0]},{square[1]}]" if square is not None and len(square) == 2 else ""


def pf1_sentence(act: str, waiting: str, pending: Any, *, square: Any = None, target: str = "", using: str = "",
                 text: str = "") -> str:
    """The English sentence of a pf1 window's trigger, as logs stored it before codes ("brann leaves [2,2]")."""
    pending = pending if isinstance(pending, dict) else {}
    pattern = PF1_TRIGGERS.get(act, _PF1_OTHER)
    return pattern.format(waiting=waiting, square=square_text(square), target=target, using=using, text=text,
                          readier=str(pending.get("id", "")), act=act)


def _reaction_window_opened_v1(event: dict[str, Any]) -> dict[str, Any]:
    """ReactionWindowOpened v1 stored its trigger as an English sentence; v2 stores its code (and a readied
    trigger's own words in `text`). A sentence that is not the one its pending command gives stays as it is."""
    stored = event.get("trigger", "")
    pending = event.get("pending") or {}
    code = _KIND_TRIGGER.get(pending.get("kind", "")) if isinstance(pending, dict) else None
    if code is None:
        return event
    reactors = event.get("reactors") or ()
    if code == "readied":
        head = sentence("readied", pending, reactors)
        if stored.startswith(head):
            event["trigger"], event["text"] = code, stored[len(head):]
    elif stored == sentence(code, pending, reactors):
        event["trigger"] = code
    return event


def _pf1_fields(stored: str, act: str) -> dict[str, str] | None:
    """The v2 fields (`target`, `using`, `text`) a pf1 v1 sentence names, read by the act's own sentence;
    None when the sentence is not one `act` writes."""
    parts = re.split(r"\{(\w+)\}", PF1_TRIGGERS.get(act, _PF1_OTHER))
    found = re.fullmatch("".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.*)"
                                 for index, part in enumerate(parts)), stored, re.DOTALL)
    if found is None:
        return None
    return {name: value for name, value in found.groupdict().items() if name in ("target", "using", "text")}


def _pf1_act(stored: str, waiting: str) -> str:
    """The act of a v1 window stored before `act` was: read from the sentence's words."""
    if "'s trigger: " in stored:
        return "readied"
    for act, pattern in PF1_TRIGGERS.items():
        words = pattern.split("}", 1)[1].split("{", 1)[0]
        if act != "readied" and stored.startswith(waiting + words):
            return act
    return stored[len(waiting) + 2:] if stored.startswith(waiting + ": ") else ""


def _pf1_window_opened_v1(event: dict[str, Any]) -> dict[str, Any]:
    """Pf1WindowOpened v1 stored its trigger as an English sentence (`trigger`) and a French one (`trigger_fr`,
    also copied into `pending`); v2 keeps what they named in `target`, `using` and `text`, beside its `act`. A
    sentence that is not the one its act writes stays as it is (read as the act's own sentence then)."""
    stored = str(event.get("trigger", ""))
    waiting = str(event.get("waiting", ""))
    pending = event.get("pending") or {}
    act = event.get("act") or _pf1_act(stored, waiting)
    fields = _pf1_fields(stored, act)
    if fields is None or stored != pf1_sentence(act, waiting, pending, square=event.get("square"), **fields):
        return event
    event.update(fields, act=act)
    event.pop("trigger", None)
    event.pop("trigger_fr", None)
    if isinstance(pending, dict) and "trigger_fr" in pending:
        event["pending"] = {key: value for key, value in pending.items() if key != "trigger_fr"}
    return event


UPCASTS = {
    ("ReactionWindowOpened", 1): _reaction_window_opened_v1,
    ("Pf1WindowOpened", 1): _pf1_window_opened_v1,
}
