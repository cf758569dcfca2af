"""`add` with `carry: {"from": ENCOUNTER, "id": ID}` (INTERFACE.md §7), what every ruleset shares: finding the
combatant in the other encounter of the same log, and the refusals when it cannot be carried. Each ruleset then
adds it its own way and records what it carried (dnd5e/resources.py, pf1/carry.py)."""

from typing import Any

from combatlog.core.kernel.errors import fail


def _other_encounter(ctx: Any, name: str) -> Any:
    """The state of the encounter `name` as the context can look it up; None when there is none or it was never
    created."""
    lookup = getattr(ctx, "encounters", None)
    other = lookup(name) if lookup is not None else None
    return other if other is not None and getattr(other, "created", False) else None


def carried_combatant(ctx: Any, command: Any) -> Any:
    """The combatant `add` with `carry` names, as it stands in the other encounter (None when there is none)."""
    other = _other_encounter(ctx, command.carry.from_)
    return other.combatants.get(command.carry.id) if other is not None else None


def combatant_to_carry(ctx: Any, command: Any) -> Any:
    """The living combatant the `carry` of `command` names, in an encounter of the same ruleset; refused (and nothing
    written) with stats or a template beside it, an unknown encounter, another ruleset, an unknown or dead combatant."""
    source = command.carry
    if command.stats is not None or command.template:
        raise fail("rule-carry-not-with-stats", id=command.id)
    other_state = _other_encounter(ctx, source.from_)
    if other_state is None:
        raise fail("rule-carry-no-encounter", id=command.id, encounter=source.from_)
    if other_state.ruleset != ctx.state.ruleset:
        raise fail("rule-carry-other-ruleset", id=command.id, encounter=source.from_, theirs=other_state.ruleset,
                   ours=ctx.state.ruleset)
    carried = other_state.combatants.get(source.id)
    if carried is None:
        raise fail("rule-carry-no-combatant", id=command.id, encounter=source.from_, wanted=source.id,
                   known=", ".join(other_state.combatants) or "-")
    if carried.status == "dead":
        raise fail("rule-carry-dead", id=command.id, encounter=source.from_, wanted=source.id)
    return carried
