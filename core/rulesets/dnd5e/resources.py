"""What runs out and comes back (INTERFACE.md §7): limited uses, their recharge rolls, rests, and a combatant
carried over from another encounter of the same log.

Every refusal here goes through `refuse(message_id, **args)`, whose messages live in `locales/*/resources.ftl`.
Rest and carry work through one function per resource kind (`RESTORERS`, `CARRIED`), so that another kind
(spell slots, spells per day) plugs in with one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from combatlog.core.kernel.errors import fail, refused
from combatlog.core.rulesets.carrying import carried_combatant, combatant_to_carry
from combatlog.core.rulesets.dnd5e.spell_state import carried_spells, put_carried_spells, rest_spells
from combatlog.core.rulesets.dnd5e.state import Combatant, Resources
if TYPE_CHECKING:  # the context of a command being decided; folding a log (which imports this module) needs none
    from combatlog.core.kernel.context import Context
from combatlog.events.resources import (
    CombatantCarried,
    ExhaustionLowered,
    RechargeRolled,
    RestedHitPoints,
    RestTaken,
    UsesRestored,
    UseSpent,
)
from combatlog.words import Phrase, term_phrase

replace = msgspec.structs.replace


def refuse(message_id: str, **args):
    """A refusal from the resources catalog, in English and French (the one place to rewire to message ids)."""
    return fail(message_id, **args)


# ------------------------------------------------------------------------------------------------ stat block
def resource_problems(stats) -> list[Phrase]:
    """What is wrong with a stat block's uses, legendary actions and save attacks, one phrase per problem."""
    from combatlog.core.rulesets.dnd5e.stats import ABILITIES

    problems: list[Phrase] = []
    use_ids = [use.id for use in stats.uses]
    seen: set[str] = set()
    for use in stats.uses:
        if use.id in seen:
            problems.append(Phrase("stats-use-twice", use=use.id))
        seen.add(use.id)
        if use.recharge is not None and not 2 <= use.recharge <= 6:
            problems.append(Phrase("stats-use-recharge", use=use.id, value=use.recharge))
    attack_ids = [attack.id for attack in stats.attacks]
    for attack in stats.attacks:
        if attack.uses is not None and attack.uses not in use_ids:
            problems.append(Phrase("stats-attack-unknown-use", attack=attack.id, use=attack.uses,
                                   known=", ".join(use_ids) or "-"))
        if attack.save is None:
            if attack.kind is None or attack.to_hit is None:
                problems.append(Phrase("stats-attack-needs-kind-and-to-hit", attack=attack.id))
        else:
            if attack.save.ability not in ABILITIES:
                problems.append(Phrase("stats-unknown-value", key=f"attacks.{attack.id}.save.ability",
                                       value=attack.save.ability))
            if not attack.damage and not attack.on_hit:
                problems.append(Phrase("stats-save-attack-no-effect", attack=attack.id))
    for action in stats.legendary:
        if action.attack is not None and action.attack not in attack_ids:
            problems.append(Phrase("stats-legendary-unknown-attack", action=action.id, attack=action.attack,
                                   known=", ".join(attack_ids) or "-"))
    if stats.legendary and not stats.legendary_actions:
        problems.append(Phrase("stats-legendary-without-count"))
    return problems


# ------------------------------------------------------------------------------------------------ limited uses
def uses_left(creature: Combatant, use_id: str) -> int:
    use = creature.stats.use(use_id)
    return 0 if use is None else use.max - creature.resources.uses_spent.get(use_id, 0)


def spend_use(ctx: Context, creature: Combatant, use_id: str, by: str) -> None:
    """Spend one use of `use_id`, or refuse naming it when none is left (INTERFACE.md §7)."""
    if uses_left(creature, use_id) < 1:
        use = creature.stats.use(use_id)
        raise refuse("rule-no-use-left", creature=creature.id, use=use_id, max=use.max if use else 0,
                     recharge=use.recharge if use and use.recharge else 0,
                     per=Phrase(f"rest-{(use.per if use else 'long_rest').replace('_', '-')}"))
    ctx.emit(UseSpent(id=creature.id, use=use_id, by=by, left=uses_left(creature, use_id) - 1))


def spend_attack_use(ctx: Context, attacker: Combatant, profile) -> None:
    """An attack that spends a use spends it whether it hits or misses (INTERFACE.md §7, settled details)."""
    if profile.uses:
        spend_use(ctx, ctx.state.combatants[attacker.id], profile.uses, profile.id)


def roll_recharges(ctx: Context, creature_id: str) -> None:
    from combatlog.core.kernel.dice import DiceError

    """At the start of the creature's turn, a d6 for each SPENT recharge use: `recharge` or more returns one
    (SRD 5.1/5.2 "Recharge X–6"). Dice given with the `end_turn` that starts the turn are used first."""
    creature = ctx.state.combatants[creature_id]
    for use in creature.stats.uses:
        if use.recharge is None or not creature.resources.uses_spent.get(use.id, 0):
            continue
        try:
            result = ctx.dice.next_face(6)
        except DiceError as error:
            raise refused(error) from None
        ctx.emit(RechargeRolled(id=creature_id, use=use.id, faces=(result,), natural=result, needed=use.recharge,
                                recharged=result >= use.recharge))


# ------------------------------------------------------------------------------------------------ rests
def _rest_hit_points(ctx: Context, creature: Combatant, kind: str) -> None:
    """A long rest: all hit points back (SRD 5.1/5.2 Long Rest), and temporary hit points end with it (SRD 5.1
    "Temporary Hit Points": they last until depleted or a long rest). Hit dice on a short rest are `heal`s."""
    maximum = ctx.ruleset.max_hp(creature)
    if kind == "long" and (creature.hp < maximum or creature.temp_hp):
        ctx.emit(RestedHitPoints(target=creature.id, hp_before=creature.hp, hp_after=max(creature.hp, maximum),
                                 temp_hp_lost=creature.temp_hp))


def _rest_uses(ctx: Context, creature: Combatant, kind: str) -> None:
    """A long rest restores every use; a short rest only the `short_rest` ones (INTERFACE.md §7)."""
    spent = creature.resources.uses_spent
    back = tuple(use.id for use in creature.stats.uses
                 if spent.get(use.id, 0) and (kind == "long" or use.per == "short_rest"))
    if back:
        ctx.emit(UsesRestored(id=creature.id, uses=back, reason=f"{kind}_rest"))


def _rest_legendary_resistance(ctx: Context, creature: Combatant, kind: str) -> None:
    """Legendary resistance is so many times a day (SRD 5.1 monsters, "3/Day"): a long rest restores it."""
    if kind == "long" and creature.resources.resistance_spent:
        ctx.emit(UsesRestored(id=creature.id, uses=("legendary_resistance",), reason="long_rest"))


def _rest_legendary_actions(ctx: Context, creature: Combatant, kind: str) -> None:
    """Legendary actions come back at the start of the creature's turn; a rest between fights is past that."""
    from combatlog.core.rulesets.dnd5e.legendary import restore_legendary_actions

    restore_legendary_actions(ctx, creature.id)


def _rest_exhaustion(ctx: Context, creature: Combatant, kind: str) -> None:
    """A long rest lowers exhaustion by one level (SRD 5.1 Exhaustion; SRD 5.2 Exhaustion), the newest first."""
    if kind != "long":
        return
    levels = [instance for instance in creature.conditions if instance.condition == "exhaustion"]
    if levels:
        newest = levels[-1]
        before = creature.exhaustion()
        ctx.emit(ExhaustionLowered(id=creature.id, instance=newest.instance, level_before=before,
                                   level_after=before - 1))


# One function per resource kind: (ctx, creature, "short" | "long").
RESTORERS: list[Callable[[Context, Combatant, str], None]] = [
    _rest_hit_points, _rest_uses, _rest_legendary_resistance, _rest_legendary_actions, _rest_exhaustion,
    rest_spells,
]


def rest(ctx: Context, command) -> None:
    """`rest` {kind, ids?}: only before `start` or after `end`; a creature at 0 HP gains nothing."""
    if ctx.state.phase not in ("setup", "ended"):
        raise refuse("rule-rest-not-in-combat", phase=term_phrase("phase", ctx.state.phase))
    if command.kind not in ("short", "long"):
        raise refuse("rule-rest-kind", kind=command.kind)
    if command.ids is None:
        ids = tuple(creature.id for creature in ctx.state.combatants.values() if creature.kind == "pc")
    else:
        ids = tuple(command.ids)
        if len(set(ids)) != len(ids):
            raise refuse("rule-rest-listed-twice")
        for creature_id in ids:
            ctx.get(creature_id)
    if not ids:
        raise refuse("rule-rest-nobody")
    nothing = tuple(i for i in ids if ctx.state.combatants[i].hp <= 0)
    ctx.emit(RestTaken(kind=command.kind, ids=ids, gained_nothing=nothing))
    for creature_id in ids:
        if creature_id in nothing:
            continue
        for restore in RESTORERS:
            restore(ctx, ctx.state.combatants[creature_id], command.kind)


# ------------------------------------------------------------------------------------------------ carry
# One entry per resource kind carried beyond HP, temp HP, exhaustion and uses, by name:
# (read it from the combatant as it ended the other encounter, put it on the joining one).
CARRIED: dict[str, tuple[Callable[[Combatant], Any], Callable[[Combatant, Any], Combatant]]] = {
    "slots": (carried_spells, put_carried_spells),  # spell slots and daily castings spent
}


def carried_kind(ctx: Context, command) -> str | None:
    creature = carried_combatant(ctx, command)
    return creature.kind if creature is not None else None


def carry(ctx: Context, command, add_combatant: Callable[[dict, str, str, str], None]) -> None:
    """`add` with `carry: {"from": ENCOUNTER, "id": ID}`: the combatant joins as it stood in that encounter's
    latest state. `add_combatant(stats, name, name_fr, kind)` adds it as `add` would; what was carried is
    recorded in a CombatantCarried event, so that a replay never reads the other encounter."""
    carried = combatant_to_carry(ctx, command)
    stats = msgspec.to_builtins(carried.stats)
    if command.overrides:
        from combatlog.core.rulesets.dnd5e.turns import _merge

        stats = _merge(stats, command.overrides)
    stats["hp"] = min(carried.hp, stats.get("max_hp", carried.hp))
    add_combatant(stats, command.name or carried.name, command.name_fr or carried.name_fr,
                  command.kind or carried.kind)
    ctx.emit(CombatantCarried(
        id=command.id, from_encounter=command.carry.from_, from_id=command.carry.id, hp=stats["hp"], temp_hp=carried.temp_hp,
        exhaustion=carried.exhaustion(), uses_spent=dict(carried.resources.uses_spent),
        legendary_resistance_spent=carried.resources.resistance_spent,
        carried={name: get(carried) for name, (get, _) in CARRIED.items()},
    ))


def carried_lookup(events, ruleset: str) -> Callable[[str], object | None]:
    """For re-deriving a recorded `add` with `carry` (verify): the other encounter as the log recorded it,
    built from the command's own CombatantAdded and CombatantCarried events, never from the other encounter."""
    from combatlog.core.rulesets.dnd5e.state import Combatant, EncounterState
    from combatlog.core.rulesets.dnd5e.stats import Stats

    added = {type(e).__name__: e for e in events if type(e).__name__ in ("CombatantAdded", "CombatantCarried")}
    if len(added) < 2:
        return lambda name: None
    new, carried = added["CombatantAdded"], added["CombatantCarried"]
    state = fold_carried(EncounterState(created=True, ruleset=ruleset, combatants={new.id: Combatant(
        id=new.id, name=new.name, name_fr=new.name_fr, side=new.side, kind=new.kind,
        stats=msgspec.convert(new.stats, Stats), hp=carried.hp)}), carried)
    creature = replace(state.combatants[new.id], id=carried.from_id)
    state = replace(state, combatants={carried.from_id: creature})
    return lambda name: state if name == carried.from_encounter else None


# ------------------------------------------------------------------------------------------------ folds
def _with_resources(creature: Combatant, **changes) -> Combatant:
    return replace(creature, resources=replace(creature.resources, **changes))


def fold_use_spent(creature: Combatant, event: UseSpent) -> Combatant:
    spent = creature.resources.uses_spent
    return _with_resources(creature, uses_spent={**spent, event.use: spent.get(event.use, 0) + 1})


def fold_recharge(creature: Combatant, event: RechargeRolled) -> Combatant:
    if not event.recharged:
        return creature
    spent = dict(creature.resources.uses_spent)
    spent[event.use] = max(0, spent.get(event.use, 0) - 1)
    return _with_resources(creature, uses_spent={k: v for k, v in spent.items() if v})


def fold_uses_restored(creature: Combatant, event: UsesRestored) -> Combatant:
    if "legendary_resistance" in event.uses:
        creature = _with_resources(creature, resistance_spent=0)
    spent = {k: v for k, v in creature.resources.uses_spent.items() if k not in event.uses}
    return _with_resources(creature, uses_spent=spent)


def fold_exhaustion_lowered(creature: Combatant, event: ExhaustionLowered) -> Combatant:
    conditions = []
    for instance in creature.conditions:
        if instance.instance == event.instance:
            if instance.level > 1:
                conditions.append(replace(instance, level=instance.level - 1))
            continue
        conditions.append(instance)
    return replace(creature, conditions=tuple(conditions))


def fold_carried(state, event: CombatantCarried):
    """The carried values onto the combatant `add` just made (exhaustion as one condition instance)."""
    from combatlog.core.rulesets.dnd5e.state import ConditionInstance

    creature = state.combatants[event.id]
    creature = replace(creature, hp=event.hp, temp_hp=event.temp_hp, resources=Resources(
        uses_spent=dict(event.uses_spent), resistance_spent=event.legendary_resistance_spent))
    for name, value in event.carried.items():
        if name in CARRIED:
            creature = CARRIED[name][1](creature, value)
    next_instance = state.next_instance
    if event.exhaustion:
        creature = replace(creature, conditions=creature.conditions + (ConditionInstance(
            instance=next_instance, condition="exhaustion", source="carried", level=event.exhaustion),))
        next_instance += 1
    return replace(state, combatants={**state.combatants, event.id: creature}, next_instance=next_instance)


# ------------------------------------------------------------------------------------------------ document
def resources_document(creature: Combatant) -> dict:
    """The state document's additions (INTERFACE.md §7), present only when the stat block has them."""
    stats, spent = creature.stats, creature.resources
    document: dict = {}
    if stats.uses:
        document["uses"] = {use.id: {"max": use.max, "left": use.max - spent.uses_spent.get(use.id, 0)}
                            for use in stats.uses}
    if stats.legendary_actions:
        document["legendary_actions"] = {"max": stats.legendary_actions,
                                         "left": stats.legendary_actions - spent.legendary_spent}
    if stats.legendary_resistance:
        document["legendary_resistance"] = {"max": stats.legendary_resistance,
                                            "left": stats.legendary_resistance - spent.resistance_spent}
    return document
