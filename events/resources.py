"""Events of what runs out and comes back (INTERFACE.md §7): limited uses and their recharge rolls, legendary
actions and legendary resistance, lair turns, rests, and a combatant carried over from another encounter."""

from typing import Any

from combatlog.events.base import Event


class UseSpent(Event, frozen=True, kw_only=True):
    """One use of a limited ability is spent (`by`: the attack or legendary action that spent it)."""

    id: str
    use: str
    by: str = ""
    left: int


class RechargeRolled(Event, frozen=True, kw_only=True):
    """The d6 of a spent recharge use, at the start of its creature's turn: `needed` or more returns it."""

    id: str
    use: str
    faces: tuple[int, ...]
    natural: int
    needed: int
    recharged: bool


class UsesRestored(Event, frozen=True, kw_only=True):
    """Spent uses come back (`reason`: `short_rest` or `long_rest`)."""

    id: str
    uses: tuple[str, ...]
    reason: str


class LegendaryActionTaken(Event, frozen=True, kw_only=True):
    """A legendary action between two turns: `after` is the creature whose turn had just ended."""

    id: str
    action: str
    cost: int
    left: int
    after: str


class LegendaryGapClosed(Event, frozen=True, kw_only=True):
    """The next creature's first command after an `end_turn`: no more legendary actions until the next turn ends."""

    turn_of: str


class LegendaryActionsRestored(Event, frozen=True, kw_only=True):
    """A creature's legendary actions come back at the start of its own turn."""

    id: str
    restored: int


class LegendaryResistanceUsed(Event, frozen=True, kw_only=True):
    """A failed saving throw turned into a success by spending one legendary resistance."""

    id: str
    ability: str
    dc: int
    left: int


class LegendaryResistanceSpentOut(Event, frozen=True, kw_only=True):
    """A listed creature failed its save with no legendary resistance left: the failure stands."""

    id: str
    ability: str
    dc: int


class RestTaken(Event, frozen=True, kw_only=True):
    """A short or long rest for these combatants (each one's gains follow as their own events)."""

    kind: str
    ids: tuple[str, ...]
    gained_nothing: tuple[str, ...] = ()


class RestedHitPoints(Event, frozen=True, kw_only=True):
    """A long rest brings a creature back to its hit point maximum, and its temporary hit points end."""

    target: str
    hp_before: int
    hp_after: int
    temp_hp_lost: int = 0


class ExhaustionLowered(Event, frozen=True, kw_only=True):
    """A long rest lowers exhaustion by one level (`instance` is the condition instance lowered)."""

    id: str
    instance: int
    level_before: int
    level_after: int


class CombatantCarried(Event, frozen=True, kw_only=True):
    """A combatant joins as it stood in another encounter of the same log: what was carried is recorded here,
    so that a replay never needs the other encounter."""

    id: str
    from_encounter: str
    from_id: str
    hp: int
    temp_hp: int = 0
    exhaustion: int = 0
    uses_spent: dict[str, int] = {}
    legendary_resistance_spent: int = 0
    carried: dict[str, Any] = {}
