"""pf1 `add` with `carry: {"from": ENCOUNTER, "id": ID}` (INTERFACE.md §7): the combatant joins as it ended
that encounter of the same log: HP, temporary HP, nonlethal damage, status and the day's spells spent
(`spells_spent`). Ongoing spell effects and conditions do not carry (docs/spells.md). What was carried is
recorded in the kernel's CombatantCarried event, so that a replay or `verify` never reads the other encounter."""

from collections.abc import Callable
from typing import Any

import msgspec

from combatlog.core.rulesets.carrying import combatant_to_carry
from combatlog.events.resources import CombatantCarried

replace = msgspec.structs.replace


def carry(ctx, command, add_combatant: Callable[[dict, str, str, str, str], None]) -> None:
    """The refusals are every ruleset's (core/rulesets/carrying.py); `add_combatant(stats, name, name_fr,
    kind, side)` adds the creature as `add` would, then CombatantCarried puts on it what it carried."""
    carried = combatant_to_carry(ctx, command)
    stats: dict[str, Any] = msgspec.to_builtins(carried.stats)
    if command.overrides:
        stats.update(command.overrides)
    hp = min(carried.hp, stats.get("max_hp", carried.hp))
    stats["hp"] = hp
    add_combatant(stats, command.name or carried.name, command.name_fr or carried.name_fr,
                  command.kind or carried.kind, command.side or carried.side)
    ctx.emit(CombatantCarried(
        id=command.id, from_encounter=command.carry.from_, from_id=command.carry.id, hp=hp, temp_hp=carried.temp_hp,
        carried={"nonlethal": carried.nonlethal, "spells_spent": dict(carried.spells_spent),
                 "status": carried.status},
    ))


def fold_carried(state, event: CombatantCarried):
    """The carried values onto the combatant `add` just made."""
    creature = state.combatants[event.id]
    carried = event.carried
    creature = replace(creature, hp=event.hp, temp_hp=event.temp_hp, nonlethal=int(carried.get("nonlethal", 0)),
                       spells_spent={str(k): int(v) for k, v in dict(carried.get("spells_spent") or {}).items()},
                       status=str(carried.get("status") or creature.status))
    return replace(state, combatants={**state.combatants, event.id: creature})


def carried_lookup(events) -> Callable[[str], object | None]:
    """For re-deriving a recorded `add` with `carry` (verify): the other encounter as the log recorded it,
    built from the command's own Pf1CombatantAdded and CombatantCarried events, never from the other encounter."""
    from combatlog.core.rulesets.pf1 import events as e
    from combatlog.core.rulesets.pf1.fold import evolve
    from combatlog.core.rulesets.pf1.state import Pf1State

    added = next((event for event in events if isinstance(event, e.Pf1CombatantAdded)), None)
    carried = next((event for event in events if isinstance(event, CombatantCarried)), None)
    if added is None or carried is None:
        return lambda name: None
    state = evolve(evolve(Pf1State(), added), carried)
    creature = replace(state.combatants[added.id], id=carried.from_id)
    state = replace(state, combatants={carried.from_id: creature})
    return lambda name: state if name == carried.from_encounter else None
