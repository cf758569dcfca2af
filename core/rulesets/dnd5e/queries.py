"""Questions the rules ask about creatures: conditions in force, sight, distance, speed."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from combatlog.words import Phrase
from combatlog.core.kernel.grid import SQUARE_METRES, gap_squares  # noqa: F401 - re-exported for the 5e modules
from combatlog.core.rulesets.dnd5e.state import Combatant, EncounterState, Square

if TYPE_CHECKING:
    from combatlog.core.rulesets.dnd5e.base import Ruleset5e


def conditions_in_force(creature: Combatant, ruleset: Ruleset5e) -> set[str]:
    """Every condition the creature has, including those implied by another (SRD glossary)."""
    if not creature.conditions:
        return set()
    active = {instance.condition for instance in creature.conditions}
    for condition in list(active):
        active.update(ruleset.implied.get(condition, ()))
    return active


def has(creature: Combatant, condition: str, ruleset: Ruleset5e) -> bool:
    return condition in conditions_in_force(creature, ruleset)


def incapacitated(creature: Combatant, ruleset: Ruleset5e) -> bool:
    return "incapacitated" in conditions_in_force(creature, ruleset)


def can_see(observer: Combatant, target: Combatant, ruleset: Ruleset5e) -> bool:
    """Blinded observers see nothing; invisible targets are unseen (SRD glossary)."""
    return not has(observer, "blinded", ruleset) and not has(target, "invisible", ruleset) and not has(
        observer, "unconscious", ruleset
    )


def occupied_squares(creature: Combatant, at: Square | None = None) -> list[Square]:
    x, y = at if at is not None else cast("Square", creature.position)
    size = creature.stats.space
    return [(x + dx, y + dy) for dx in range(size) for dy in range(size)]


def distance_squares(a: Combatant, b: Combatant) -> int | None:
    """Squares between the nearest occupied squares, diagonals counting one (seed 000, Jouer sur une Grille)."""
    if a.position is None or b.position is None:
        return None
    return gap_squares(a.position, a.stats.space, b.position, b.stats.space)


def distance_metres(a: Combatant, b: Combatant) -> float | None:
    squares = distance_squares(a, b)
    return None if squares is None else squares * SQUARE_METRES


def within(a: Combatant, b: Combatant, metres: float, *, unknown: bool = True) -> bool:
    """Whether b lies within `metres` of a; `unknown` answers when positions are not on the map."""
    distance = distance_metres(a, b)
    return unknown if distance is None else distance <= metres + 1e-9


def hostile(a: Combatant, b: Combatant) -> bool:
    return a.side != b.side


def is_down(creature: Combatant) -> bool:
    return creature.status in ("dying", "stable", "dead")


def turn_phrase(state: EncounterState) -> Phrase:
    """Whose turn it is ("it is aria's turn (round 2)"), in the language of the message it goes into."""
    return Phrase("rule-whose-turn", turn=state.turn or "", round=state.round)


def turn_label(state: EncounterState) -> str:
    return turn_phrase(state)("en")


def turn_label_fr(state: EncounterState) -> str:
    return turn_phrase(state)("fr")
