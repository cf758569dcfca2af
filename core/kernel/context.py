"""The working context of one command: state so far, dice, and the events decided."""

from typing import Any

from combatlog.core.kernel.dice import DiceError, DiceSource, RollResult, roll, roll_d20
from combatlog.core.kernel.errors import fail, refused


class Context:
    """Events are folded as they are decided, so later rules see earlier consequences."""

    def __init__(self, state, dice: DiceSource, templates=None, rng: DiceSource | None = None, *, ruleset=None,
                 evolve=None, encounters=None):
        if evolve is None:
            from combatlog.core.kernel.fold import evolve  # the fold is the only way state changes
        self._evolve = evolve
        self.state = state
        self.dice = dice
        # The encounter's seeded stream, for rolls of a resumed command that came without supplied dice.
        self.rng = rng if rng is not None else dice
        self.templates = templates
        # `encounters(name)`: another encounter of the same log, its latest state or None (`add` with `carry`).
        self.encounters = encounters
        self.events: list = []
        if ruleset is None and state.ruleset:
            from combatlog.core.kernel.registry import default_registry

            ruleset = default_registry().find(state.ruleset)
        self.ruleset = ruleset

    def emit(self, event) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)

    def get(self, combatant_id: str | None, role: str = "combatant") -> Any:
        if not combatant_id:
            raise fail("rule-no-named", role=role)
        combatant = self.state.combatants.get(combatant_id)
        if combatant is None:
            known = ", ".join(self.state.combatants)
            raise fail("rule-there-no-combatant-known", combatant_id=combatant_id, known=known)
        return combatant

    def suspend_dice(self):
        """The supplied faces a suspended command still holds (None when its dice come from the stream)."""
        from combatlog.core.kernel.dice import SuppliedDice

        return list(self.dice.take_rest()) if isinstance(self.dice, SuppliedDice) else None

    def instance(self) -> int:
        return self.state.next_instance

    def d20(self, *, advantage: bool = False, disadvantage: bool = False) -> tuple[int, tuple[int, ...]]:
        try:
            return roll_d20(self.dice, advantage=advantage, disadvantage=disadvantage)
        except DiceError as error:
            raise refused(error) from None

    def roll(self, expression: str, *, critical: bool = False) -> RollResult:
        try:
            return roll(expression, self.dice, critical=critical)
        except DiceError as error:
            raise refused(error) from None


