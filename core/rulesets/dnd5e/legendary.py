"""Legendary actions, legendary resistance and the lair turn (INTERFACE.md §7). The seeds are silent on all
three: these follow the published SRD 5.1 monster rules ("Legendary Actions", "Legendary Resistance",
"Lair Actions"), as §7 settles them.

- A legendary action is taken only in the gap between two turns: right after an `end_turn`, before the next
  creature's first command; not by the creature whose turn just ended; at most one per creature per gap. They
  come back at the start of the creature's own turn, and when the turn after the gap is its own, it acts in
  the gap before they come back: so they come back when the gap closes.
- The gap stays open through the answers to what happens in it (`react`, `pass`) and the DM's own commands
  (`damage`, `heal`, `temp_hp`, `condition`, `save`, `check`); any other command closes it.
- Legendary resistance: a listed creature that fails a save spends one and succeeds instead.
- The lair acts on initiative 20, losing ties: after every combatant with 20 or more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combatlog.core.rulesets.dnd5e.resources import refuse
from combatlog.events.resources import (
    LegendaryActionsRestored,
    LegendaryActionTaken,
    LegendaryGapClosed,
    LegendaryResistanceSpentOut,
    LegendaryResistanceUsed,
)
from combatlog.words import Phrase

if TYPE_CHECKING:  # the context of a command being decided: folding a log needs none
    from combatlog.core.kernel.context import Context

LAIR = "lair"
LAIR_INITIATIVE = 20
GAP_KEEPING = ("legendary", "react", "pass", "damage", "heal", "temp_hp", "condition", "save", "check")


# ------------------------------------------------------------------------------------------------ the gap
def any_legendary(combatants) -> bool:
    return any(creature.stats.legendary_actions for creature in combatants.values())


def close_gap(ctx: Context, command_name: str) -> None:
    """Before a command that is not part of the gap: the gap closes, and the creature whose turn it is gets its
    legendary actions back (deferred from its turn's start, so that it could still act in the gap)."""
    state = ctx.state
    if not getattr(state, "legendary_gap", "") or command_name in GAP_KEEPING:
        return
    ctx.emit(LegendaryGapClosed(turn_of=state.turn or ""))
    restore_legendary_actions(ctx, state.turn)


def restore_legendary_actions(ctx: Context, creature_id: str | None) -> None:
    creature = ctx.state.combatants.get(creature_id or "")
    if creature is not None and creature.resources.legendary_spent:
        ctx.emit(LegendaryActionsRestored(id=creature.id, restored=creature.resources.legendary_spent))


def at_turn_start(ctx: Context, creature_id: str) -> None:
    """A turn that starts with no gap before it (the first turn, after a removal) gives the actions back now."""
    if not ctx.state.legendary_gap:
        restore_legendary_actions(ctx, creature_id)


def legendary(ctx: Context, command) -> None:
    """`legendary` {id, action, + the fields of the command it makes}: spends `cost` legendary actions."""
    from combatlog.core.rulesets.dnd5e.combat import can_act, resolve_attack, save_attack

    creature = ctx.get(command.id)
    if not creature.stats.legendary_actions:
        raise refuse("rule-legendary-none", creature=creature.id)
    action = creature.stats.legendary_action(command.action)
    if action is None:
        raise refuse("rule-legendary-unknown", creature=creature.id, action=command.action,
                     known=", ".join(a.id for a in creature.stats.legendary) or "-")
    state = ctx.state
    if not state.legendary_gap:
        raise refuse("rule-legendary-not-between-turns", creature=creature.id, turn=state.turn or "-")
    if creature.id == state.legendary_gap:
        raise refuse("rule-legendary-own-turn-just-ended", creature=creature.id)
    if creature.id in state.legendary_acted:
        raise refuse("rule-legendary-one-per-gap", creature=creature.id, after=state.legendary_gap)
    left = creature.stats.legendary_actions - creature.resources.legendary_spent
    if action.cost > left:
        raise refuse("rule-legendary-not-enough", creature=creature.id, action=action.id, cost=action.cost, left=left)
    can_act(ctx, creature, Phrase("verb-legendary"), reaction=True)
    profile = creature.stats.attack(action.attack) if action.attack else None
    if profile is not None:
        targets = list(command.targets or ()) + ([command.target] if command.target else [])
        if not targets:
            raise refuse("rule-legendary-needs-target", creature=creature.id, action=action.id)
    ctx.emit(LegendaryActionTaken(id=creature.id, action=action.id, cost=action.cost, left=left - action.cost,
                                  after=state.legendary_gap))
    if profile is None:
        return
    if profile.save is not None:
        save_attack(ctx, ctx.state.combatants[creature.id], profile, targets, slot="legendary",
                    legendary_resistance=command.legendary_resistance)
        return
    if len(targets) != 1:
        raise refuse("rule-legendary-one-target", creature=creature.id, action=action.id)
    resolve_attack(ctx, ctx.state.combatants[creature.id], ctx.get(targets[0], "target"), profile, slot="legendary",
                   advantage=command.advantage, disadvantage=command.disadvantage, cover=command.cover)


# ------------------------------------------------------------------------------------------------ resistance
def check_resistance_list(ctx: Context, listed, targets) -> tuple[str, ...]:
    """The ids a command lists under `legendary_resistance`: each among its targets, with the trait."""
    listed = tuple(listed or ())
    for creature_id in listed:
        creature = ctx.get(creature_id)
        if creature_id not in targets:
            raise refuse("rule-legendary-resistance-not-a-target", creature=creature_id)
        if not creature.stats.legendary_resistance:
            raise refuse("rule-legendary-resistance-none", creature=creature_id)
    return listed


def legendary_resistance(ctx: Context, creature_id: str, ability: str, dc: int, success: bool, listed) -> bool:
    """The one entry point for every save a command lists under `legendary_resistance` (`save`, `damage`,
    `condition`, a save attack, `cast`): a listed creature that failed spends one and succeeds instead; with
    none left the failure stands (SRD 5.1 "Legendary Resistance (3/Day)"). Returns the save's outcome."""
    if success or creature_id not in (listed or ()):
        return success
    creature = ctx.state.combatants[creature_id]
    left = creature.stats.legendary_resistance - creature.resources.resistance_spent
    if left < 1:
        ctx.emit(LegendaryResistanceSpentOut(id=creature_id, ability=ability, dc=dc))
        return False
    ctx.emit(LegendaryResistanceUsed(id=creature_id, ability=ability, dc=dc, left=left - 1))
    return True


def saving_throw_with_resistance(ctx: Context, creature_id: str, ability: str, dc: int, *, listed=(), **options) -> bool:
    """`rolls.saving_throw`, then legendary resistance for a listed creature that failed."""
    from combatlog.core.rulesets.dnd5e.rolls import saving_throw

    success = saving_throw(ctx, creature_id, ability, dc, **options)
    return legendary_resistance(ctx, creature_id, ability, dc, success, listed)


# ------------------------------------------------------------------------------------------------ the lair
def lair_in_fight(combatants) -> bool:
    return any(creature.stats.lair_actions for creature in combatants.values())


def with_lair(order: tuple[str, ...], combatants) -> tuple[str, ...]:
    """The order with the lair's turn at initiative 20, after every combatant with 20 or more (losing ties)."""
    order = tuple(i for i in order if i != LAIR)
    if not lair_in_fight(combatants):
        return order
    place = sum(1 for i in order if (combatants[i].initiative or 0) >= LAIR_INITIATIVE)
    return order[:place] + (LAIR,) + order[place:]


def lair_alive(combatants) -> bool:
    """The lair acts while a creature whose lair it is still lives."""
    return any(creature.stats.lair_actions and creature.status != "dead" for creature in combatants.values())


def check_lair_allowed(ctx: Context, stats, creature_id: str) -> None:
    if stats.lair_actions and not ctx.ruleset.lair_turn:
        raise refuse("rule-lair-not-in-2024", creature=creature_id)
    if creature_id == LAIR and (stats.lair_actions or lair_in_fight(ctx.state.combatants)):
        raise refuse("rule-lair-id-reserved")
