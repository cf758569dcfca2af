"""Why something happened, as the rules record it: a reason code, and the ids or numbers it names in their own
fields (`StatusChanged(reason="stabilized_by", by="aria")`). Readers say it with the catalog message
`reason-<code in kebab-case>` ("stabilisé par Aria").

Logs written before reason codes hold English sentences instead ("stabilized by aria"). `PROSE` is the one table
between the two: the upcasters read old events with it (their stored bytes and hashes never change), readers
turn a sentence still stored as such into its message with it, and `prose` gives the old sentence back."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

# code -> the English sentence logs stored before codes; {by} is a creature id, {attack} an attack's id, the other
# names are numbers.
PROSE: dict[str, str] = {
    "start_of_turn": "start of {by}'s turn",
    "end_of_turn": "end of {by}'s turn",
    "rounds_elapsed": "{count} round(s) elapsed",
    "incapacitated_grappler": "{by} is incapacitated",
    "creature_died": "{by} died",
    "first_aid": "first aid from {by}",
    "stabilized_by": "stabilized by {by}",
    "concentration_of": "{by}'s concentration ended",
    "massive_damage": "massive damage: {over} left over ≥ max HP {max}",
    "left_the_fight": "{by} left the fight",
    "out_of_reach": "out of {by}'s reach",
    "ended_turn_in_space": "ended its turn in {by}'s space",
    "cannot_act": "{by} can no longer act",
    "coup_de_grace_already_dead": "coup de grâce: {by} is already dead",
    "attack_target_dead": "attack {count} ({attack}): {by} is dead",
}

# Reasons that were fixed English phrases: each one's code is the phrase in snake case ("knocked out" ->
# "knocked_out"), so the catalog's `reason-<kebab>` message is the one the phrase was already said with.
FIXED = (
    "knocked out", "dropped to 0 HP", "damaged while stable", "critical hit at 0 HP", "damage at 0 HP",
    "a monster dies at 0 HP", "damage at 0 HP ≥ max HP", "three death save failures", "three death save successes",
    "exhaustion level 6", "regained hit points", "natural 20 on a death save", "hit point maximum halved (exhaustion)",
    "nobody healed or stabilized it within 5 rounds after the combat",
    "fell unconscious", "died", "took damage", "failed its concentration save", "incapacitated", "ended by choice",
    "started concentrating on something else", "readied action given up", "readied action released",
    "its held spell is lost", "removed by the DM", "stood up", "saving throw succeeded", "attacked: position revealed",
    "used on a check", "used on an attack", "the attack is resolved", "passed: the readied action is spent", "released",
    "escaped", "stand up", "not needed once the reaction was resolved", "damage dice thrown with a missed attack",
    "failed to cast defensively", "hurt by an attack of opportunity",
    # markers of the rules in other fields (events/purposes.py)
    "the spell was countered", "beyond long range", "underwater, beyond normal range", "0 HP", "woke up",
    "dropped prone", "disabled strain", "casting defensively", "hurt while casting",
)


def code_of(phrase: str) -> str:
    """The code of a fixed phrase: "hit point maximum halved (exhaustion)" -> "hit_point_maximum_halved_exhaustion"."""
    # Every other character splits the words, as `re.findall(r"[a-z0-9]+", ...)` would (no pattern to compile at
    # import, where PHRASES is built).
    return "_".join("".join(c if c in _CODE_CHARACTERS else " " for c in phrase.lower()).split())


_CODE_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


# code -> the fixed phrase logs stored before codes (not sentences of PROSE: nothing in them to read out).
PHRASES: dict[str, str] = {code_of(phrase): phrase for phrase in FIXED}
_CODES = {phrase: code for code, phrase in PHRASES.items()}

# Event fields holding a reason's arguments: the sentence's name -> the event's attribute.
ARGUMENTS = {"by": "by", "count": "count", "over": "over", "max": "max_hp", "attack": "attack"}


def _pattern(sentence: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", sentence)
    return re.compile("".join(
        re.escape(part) if index % 2 == 0 else (rf"(?P<{part}>\S+)" if part in ("by", "attack") else rf"(?P<{part}>\d+)")
        for index, part in enumerate(parts)))


@cache
def _patterns() -> dict[str, re.Pattern]:
    """Each sentence's pattern, compiled on first use (issue 25: a call that reads no older log compiles none)."""
    return {code: _pattern(sentence) for code, sentence in PROSE.items()}


def from_prose(text: str) -> tuple[str, dict[str, Any]] | None:
    """(code, fields) of a sentence an older log stored ("stabilized by brom" -> ("stabilized_by", {"by": "brom"})),
    None for any other text."""
    for code, pattern in _patterns().items():
        match = pattern.fullmatch(text)
        if match:
            return code, {name: value if name in ("by", "attack") else int(value) for name, value in match.groupdict().items()}
    return None


def prose(code: str, **fields: Any) -> str:
    """The English sentence an older log stored for `code` (the code itself when it never was a sentence)."""
    sentence = PROSE.get(code)
    return sentence.format(**fields) if sentence is not None else PHRASES.get(code, code)


def arguments(event: Any, code: str) -> dict[str, Any]:
    """The arguments the sentence of `code` names, read from the event's own fields."""
    sentence = PROSE.get(code, "")
    return {name: getattr(event, attribute, "") for name, attribute in ARGUMENTS.items() if "{" + name + "}" in sentence}


def said(event: Any, field: str = "reason") -> str:
    """The English sentence an older log stored for this event's reason (or `field`): the code and its arguments
    put back together ("start of aria's turn"), or its fixed phrase ("knocked out"); any other text as it is."""
    code = getattr(event, field, "")
    return prose(code, **arguments(event, code))


def _lift(event: dict[str, Any], field: str = "reason") -> dict[str, Any]:
    """A stored event's English sentence in `field` becomes its code, and the ids and numbers it names go into
    their own fields; any other text stays as it is."""
    text = event.get(field, "")
    found = from_prose(text) if text not in _CODES else (_CODES[text], {})
    if found is not None:
        event[field] = found[0]
        for name, value in found[1].items():
            event[ARGUMENTS[name]] = value
    return event


def _status_changed_v1(event: dict[str, Any]) -> dict[str, Any]:
    """StatusChanged v1 stored "stabilized by <id>"; v2 stores reason "stabilized_by" and the id in `by`."""
    found = from_prose(event.get("reason", ""))
    if found is not None and found[0] == "stabilized_by":
        event["reason"], event["by"] = found[0], found[1]["by"]
    return event


def _death_save_rolled_v1(event: dict[str, Any]) -> dict[str, Any]:
    """DeathSaveRolled v1 stored two of its outcomes as English ("two failures", "regains 1 HP")."""
    outcome = event.get("outcome", "")
    if outcome in ("two failures", "regains 1 HP"):
        event["outcome"] = code_of(outcome)
    return event


def _source_v1(event: dict[str, Any]) -> dict[str, Any]:
    """ConditionApplied v1 stored "ended its turn in <id>'s space" as its source; the rules' own markers ("0 HP",
    "fell unconscious") are sources still, not reasons."""
    found = from_prose(event.get("source", ""))
    if found is not None and found[0] == "ended_turn_in_space":
        event["source"], event["by"] = found[0], found[1]["by"]
    if event.get("no_effect") in ("immune (petrified)", "already has it"):  # why it had no effect: codes too
        event["no_effect"] = code_of(event["no_effect"])
    return event


# (event type, stored version) -> the function lifting the stored event dict to the next version.
UPCASTS = {
    ("StatusChanged", 1): _status_changed_v1,
    ("StatusChanged", 2): _lift,
    ("ConditionEnded", 1): _lift,
    ("EffectEnded", 1): _lift,
    ("ConcentrationEnded", 1): _lift,
    ("ConditionApplied", 1): _source_v1,
    ("DeathSaveFailed", 1): _lift,
    ("MovementSpent", 1): _lift,
    ("DiceLeftUnused", 1): _lift,
    ("Pf1SpellLost", 1): _lift,
    ("DeathSaveRolled", 1): _death_save_rolled_v1,
}
