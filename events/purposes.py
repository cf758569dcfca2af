"""What a roll was for and the rules' own markers, as codes with the ids they name in their own fields.

A saving throw to end a condition is `purpose="end_condition"` with the condition in `condition` (v1: "end
paralyzed"); pf1's checks name whom they are made against in `target` (and an ally in `ally`, a spell in
`spell`): `purpose="feint"`, `target="gob"` (v1: "feint against gob"). The markers the rules wrote in English are
their snake-case codes: an attack's automatic miss (`beyond_long_range`), a condition's source (`fell_unconscious`,
`0_hp`), a natural 20's healing (`Healed.reason="natural_20_on_a_death_save"`), unused dice
(`the_spell_was_countered`). Readers say a code with the catalog message `reason-<code in kebab-case>`;
`events.reasons.said` gives the English phrase back.

The upcasters below read the sentences older logs stored; their bytes and hashes never change."""

from __future__ import annotations

import re
from typing import Any

from combatlog.events.labels import lift_labels
from combatlog.events.reasons import _lift, code_of

# The markers the rules wrote as English phrases, by the field that held them; each becomes code_of(phrase).
MARKERS = {
    "auto_miss": ("beyond long range", "underwater, beyond normal range"),
    "source": ("0 HP", "fell unconscious", "woke up", "dropped prone", "knocked out", "disabled strain"),
}

# pf1 check purposes of v1 -> (code, the fields the sentence names).
_PF1_CHECKS = (
    (r"(?P<on>attack|ac) for (?P<ally>\S+) against (?P<target>\S+)", "aid_{on}"),
    (r"feint against (?P<target>\S+)", "feint"),
    (r"first aid on (?P<target>\S+)", "first_aid"),
    (r"opposed by (?P<target>\S+)", "opposed_by"),
    (r"opposing (?P<target>\S+)", "opposing"),
    (r"(?P<spell>\S+) against (?P<target>\S+)", "spell"),
)
_END = r"end (?P<condition>\w+)"
# Matched through re's own cache (`re.fullmatch(pattern, ...)`), compiled on first use: a read of a log written by
# this version, whose purposes are codes already, compiles none.


def _markers(field: str):
    phrases = MARKERS[field]

    def lift(event: dict[str, Any]) -> dict[str, Any]:
        if event.get(field) in phrases:
            event[field] = code_of(event[field])
        return event
    return lift


def _save_v1(event: dict[str, Any]) -> dict[str, Any]:
    """A save's purpose "end paralyzed" -> "end_condition", condition "paralyzed"."""
    found = re.fullmatch(_END, event.get("purpose", ""))
    if found is not None:
        event["purpose"], event["condition"] = "end_condition", found["condition"]
    return event


def _pf1_check_v1(event: dict[str, Any]) -> dict[str, Any]:
    """A pf1 check's purpose sentence -> its code and the ids it names; "casting defensively" -> its code."""
    purpose = event.get("purpose", "")
    if purpose in ("casting defensively", "hurt while casting"):
        event["purpose"] = code_of(purpose)
        return event
    for pattern, code in _PF1_CHECKS:
        found = re.fullmatch(pattern, purpose)
        if found is not None:
            fields = found.groupdict()
            event["purpose"] = code.format(on=fields.pop("on", ""))
            event.update(fields)
            return event
    return event


def _healed_v1(event: dict[str, Any]) -> dict[str, Any]:
    """Healed v1 marked a natural 20's 1 HP with roll "natural 20"; v2 says it with its reason code."""
    if event.get("roll") == "natural 20":
        event["roll"], event["reason"] = "", "natural_20_on_a_death_save"
    return event


def _then_labels(lift):
    """`lift`, then every label of the event as its code (events/labels.py)."""
    return lambda event: lift_labels(lift(event))


UPCASTS = {
    ("SavingThrowRolled", 1): _then_labels(_save_v1),
    ("CheckRolled", 1): lift_labels,
    ("AttackReevaluated", 1): lift_labels,
    ("InitiativeRolled", 1): lift_labels,
    ("DamageTaken", 1): lift_labels,
    ("Pf1SaveRolled", 1): _save_v1,
    ("Pf1CheckRolled", 1): _pf1_check_v1,
    ("Healed", 1): _healed_v1,
    ("DiceLeftUnused", 2): _lift,  # "the spell was countered", a fixed phrase of events/reasons.py now
    ("AttackRolled", 1): _then_labels(_markers("auto_miss")),
    ("ConditionApplied", 2): _markers("source"),
    ("Pf1DamageTaken", 1): _markers("source"),
}
