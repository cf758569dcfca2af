"""The 5e family's fold: `evolve(state, event) -> state`. It trusts the log; the rules live in `decide`.

Dispatch is one dict lookup on the event's type (`HANDLERS`); an event type without a handler leaves the
state as it is. A subclass of a handled type is looked up through its MRO once, then remembered."""

from typing import Any

import msgspec

from combatlog.core.rulesets.dnd5e.state import Combatant, ConditionInstance, Economy, Effect, EncounterState, Window
from combatlog.core.rulesets.dnd5e.stats import Stats
from combatlog.core.rulesets.dnd5e import resources as _resources
from combatlog.core.rulesets.dnd5e.legendary import LAIR, any_legendary, lair_in_fight, with_lair
from combatlog.events import attacks, conditions, damage, meta, movement, reactions, resources, rolenplay, turns
from combatlog.events.windows import sentence

replace = msgspec.structs.replace
LOG_COMMANDS = ("undo", "redo", "revert")
_convert = msgspec.convert


def _command_issued(state, event):
    if event.command.get("do") in LOG_COMMANDS:
        return state  # undo, redo and revert move no dice: the position follows the txns in force
    return replace(state, rng_position=event.rng_position + event.rng_draws)


def _encounter_created(state, event):
    return replace(initial_state(event), seq=state.seq, rng_position=state.rng_position)


def _combatant_added(state, event):
    stats = _convert(event.stats, Stats)
    combatant = Combatant(
        id=event.id, name=event.name, name_fr=event.name_fr, side=event.side, kind=event.kind,
        stats=stats, hp=stats.hp if stats.hp is not None else stats.max_hp, group=event.group,
        template=event.template,
    )
    return _with_order(replace(state, combatants={**state.combatants, event.id: combatant}))


def _combatant_removed(state, event):
    combatant_id = event.id
    remaining = {key: value for key, value in state.combatants.items() if key != combatant_id}
    order = tuple(i for i in state.order if i != combatant_id)
    if LAIR in order and not lair_in_fight(remaining):
        order = tuple(i for i in order if i != LAIR)
    return replace(state, combatants=remaining, order=order)


def _placed(state, event):
    return _update(state, event.id, position=tuple(event.at))


def _hidden_changed(state, event):
    return _update(state, event.id, hidden=event.hidden)


def _moved(state, event):
    who = state.combatants[event.id]
    used = who.economy.movement_used + (0.0 if event.forced else event.cost)
    return _update(state, event.id, position=tuple(event.path[-1]), economy=replace(who.economy, movement_used=used))


def _movement_spent(state, event):
    who = state.combatants[event.id]
    return _update(state, event.id, economy=replace(who.economy, movement_used=who.economy.movement_used + event.metres))


def _terrain_marked(state, event):
    marked = {tuple(square) for square in event.squares}
    terrain = state.terrain | marked if event.kind == "difficult" else state.terrain - marked
    return replace(state, terrain=frozenset(terrain))


def _surprise_declared(state, event):
    combatants = dict(state.combatants)
    for combatant_id in event.ids:
        combatants[combatant_id] = replace(combatants[combatant_id], surprised=True)
    return replace(state, combatants=combatants)


def _initiative_rolled(state, event):
    combatants = dict(state.combatants)
    total = event.total
    for combatant_id in event.ids:
        combatants[combatant_id] = replace(combatants[combatant_id], initiative=total)
    return _with_order(replace(state, combatants=combatants))


def _ties_ordered(state, event):
    combatants = dict(state.combatants)
    for rank, combatant_id in enumerate(event.ids, start=1):
        combatants[combatant_id] = replace(combatants[combatant_id], tie_rank=rank)
    return _with_order(replace(state, combatants=combatants))


def _order_changed(state, event):
    return replace(state, order=event.order)


def _combat_started(state, event):
    return replace(state, order=event.order, phase="turn", round=1)


def _turn_started(state, event):
    if event.id == LAIR:
        return replace(state, turn=LAIR, round=event.round, phase="turn")
    who = state.combatants[event.id]
    combatants = {**state.combatants, event.id: replace(
        who, economy=Economy(), turns_taken=who.turns_taken + 1,
        reaction_available=True if event.reaction_restored else who.reaction_available,
    )}
    return replace(state, combatants=combatants, turn=event.id, round=event.round,
                   phase="death_save" if event.awaiting_death_save else "turn")


def _same(state, event):
    return state


def _turn_ended(state, event):
    combatants, who = state.combatants, event.id
    if any_legendary(combatants):  # the gap in which legendary actions may be taken opens (legendary.py)
        state = replace(state, legendary_gap=who, legendary_acted=())
    if who == LAIR:
        return state
    if event.reaction_restored:
        changed = replace(combatants[who], surprised=False, reaction_available=True)
    else:
        changed = replace(combatants[who], surprised=False)
    return replace(state, combatants={**combatants, who: changed})


def _attack_rolled(state, event):
    attacker = state.combatants.get(event.attacker)
    if attacker is None or event.slot != "action":
        return state
    profile = attacker.stats.attack(event.attack)
    if profile is not None and profile.light:
        return _update(state, event.attacker, economy=replace(attacker.economy, light_attack=event.attack))
    return state


def _damage_taken(state, event):
    combatants, who = state.combatants, event.target
    changed = replace(combatants[who], hp=event.hp_after, temp_hp=event.temp_after)
    return replace(state, combatants={**combatants, who: changed})


def _healed(state, event):
    combatants, who = state.combatants, event.target
    return replace(state, combatants={**combatants, who: replace(combatants[who], hp=event.hp_after)})


def _temp_hp_granted(state, event):
    return _update(state, event.target, temp_hp=event.after)


def _status_changed(state, event):
    changes = {"status": event.status}
    if event.hp is not None:
        changes["hp"] = event.hp
    if event.status in ("alive", "stable"):
        # seed 000 Trois Réussites/Échecs: counters reset on regaining HP or becoming stable, not on death
        changes.update(death_successes=0, death_failures=0)
    return _update(state, event.id, **changes)


def _death_save_rolled(state, event):
    state = _update(state, event.id, death_successes=event.successes, death_failures=event.failures)
    return replace(state, phase="turn") if state.phase == "death_save" else state


def _death_save_failed(state, event):
    return _update(state, event.id, death_successes=event.successes, death_failures=event.failures)


def _death_saves_reset(state, event):
    return _update(state, event.id, death_successes=0, death_failures=0)


def _condition_applied(state, event):
    state = replace(state, next_instance=max(state.next_instance, event.instance + 1))
    if event.no_effect:
        return state
    who = state.combatants[event.target]
    instance = ConditionInstance(
        instance=event.instance, condition=event.condition, source=event.source,
        until=event.until, level=event.level,
    )
    return _update(state, event.target, conditions=who.conditions + (instance,))


def _condition_ended(state, event):
    who = state.combatants.get(event.target)
    if who is None:
        return state
    number = event.instance
    return _update(state, event.target, conditions=tuple(c for c in who.conditions if c.instance != number))


def _effect_started(state, event):
    state = replace(state, next_instance=max(state.next_instance, event.instance + 1))
    who = state.combatants[event.id]
    effect = Effect(instance=event.instance, effect=event.effect, source=event.source, until=event.until, data=event.data)
    return _update(state, event.id, effects=who.effects + (effect,))


def _effect_ended(state, event):
    who = state.combatants.get(event.id)
    if who is None:
        return state
    number = event.instance
    return _update(state, event.id, effects=tuple(e for e in who.effects if e.instance != number))


def _concentration_started(state, event):
    return _update(state, event.id, concentration=event.effect)


def _concentration_ended(state, event):
    return _update(state, event.id, concentration="")


def _window_opened(state, event):
    window = Window(trigger=sentence(event.trigger, event.pending, event.reactors, event.text), reactors=event.reactors, waiting=event.waiting, pending=event.pending)
    return replace(state, windows=state.windows + (window,), phase="reaction")


def _reaction_answered(state, event):
    reactor = event.id
    window = state.windows[-1]
    answered = replace(
        window, reactors=tuple(r for r in window.reactors if r != reactor), answered=window.answered + (reactor,)
    )
    return replace(state, windows=state.windows[:-1] + (answered,))


def _window_closed(state, event):
    windows = state.windows[:-1]
    return replace(state, windows=windows, phase="reaction" if windows else state.legendary_resume or "turn")


def _combat_ended(state, event):
    return replace(state, phase="ended")


def _death_save_cancelled(state, event):
    return replace(state, phase="turn") if state.phase == "death_save" else state


def _rolenplay_options(state, event):
    return replace(state, cinematic=event.cinematic, opportunity_attacks=event.opportunity_attacks)


def _kept_alive(state, event):
    return _update(state, event.id, unconscious_at_zero=True)


def _reactions_restored(state, event):
    combatants = dict(state.combatants)
    for combatant_id in event.ids:
        combatants[combatant_id] = replace(combatants[combatant_id], reaction_available=True)
    return replace(state, combatants=combatants)


def _plain_streak(state, event):
    return _update(state, event.id, plain_streak=event.streak)


def _aftermath_started(state, event):
    return replace(state, aftermath=event.rounds, aftermath_round=0, aftermath_tried=(), turn=None)


def _aftermath_round(state, event):
    combatants = {key: replace(value, economy=Economy()) for key, value in state.combatants.items()}
    return replace(state, combatants=combatants, aftermath=event.rounds_left, aftermath_round=event.round,
                   aftermath_tried=())


def _stabilize_attempted(state, event):
    return replace(state, aftermath_tried=state.aftermath_tried + (event.id,))


def _on_combatant(fold_creature):
    """A fold of one combatant's event (its `id`) as a fold of the state."""
    def fold_state(state, event):
        return replace(state, combatants={**state.combatants, event.id: fold_creature(state.combatants[event.id], event)})
    return fold_state


def _legendary_taken(state, event):
    who = state.combatants[event.id]
    state = _update(state, event.id, resources=replace(who.resources, legendary_spent=who.resources.legendary_spent + event.cost))
    return replace(state, legendary_acted=state.legendary_acted + (event.id,),
                   legendary_resume="death_save" if state.phase == "death_save" else "")


def _legendary_restored(state, event):
    who = state.combatants[event.id]
    return _update(state, event.id, resources=replace(who.resources, legendary_spent=0))


def _resistance_used(state, event):
    who = state.combatants[event.id]
    return _update(state, event.id, resources=replace(who.resources, resistance_spent=who.resources.resistance_spent + 1))


def _rested_hp(state, event):
    return _update(state, event.target, hp=event.hp_after, temp_hp=0)


def _economy_spent(state, event):
    return _spend(state, event)


def _action_taken(state, event):
    return _action(state, event)


HANDLERS: dict[Any, Any] = {  # event type -> handler
    meta.CommandIssued: _command_issued,
    meta.EncounterCreated: _encounter_created,
    turns.CombatantAdded: _combatant_added,
    turns.CombatantRemoved: _combatant_removed,
    turns.Placed: _placed,
    turns.HiddenChanged: _hidden_changed,
    movement.Moved: _moved,
    movement.MovementSpent: _movement_spent,
    movement.TerrainMarked: _terrain_marked,
    turns.SurpriseDeclared: _surprise_declared,
    turns.InitiativeRolled: _initiative_rolled,
    turns.TiesOrdered: _ties_ordered,
    turns.OrderChanged: _order_changed,
    turns.CombatStarted: _combat_started,
    turns.TurnStarted: _turn_started,
    turns.TurnSkipped: _same,
    turns.TurnEnded: _turn_ended,
    turns.EconomySpent: _economy_spent,
    turns.ActionTaken: _action_taken,
    attacks.AttackRolled: _attack_rolled,
    damage.DamageTaken: _damage_taken,
    damage.Healed: _healed,
    damage.TempHpGranted: _temp_hp_granted,
    damage.StatusChanged: _status_changed,
    damage.DeathSaveRolled: _death_save_rolled,
    damage.DeathSaveFailed: _death_save_failed,
    damage.DeathSavesReset: _death_saves_reset,
    conditions.ConditionApplied: _condition_applied,
    conditions.ConditionEnded: _condition_ended,
    conditions.EffectStarted: _effect_started,
    conditions.EffectEnded: _effect_ended,
    conditions.ConcentrationStarted: _concentration_started,
    conditions.ConcentrationEnded: _concentration_ended,
    reactions.ReactionWindowOpened: _window_opened,
    reactions.ReactionTaken: _reaction_answered,
    reactions.ReactionPassed: _reaction_answered,
    reactions.ReactionWindowClosed: _window_closed,
    meta.CombatEnded: _combat_ended,
    damage.DeathSaveCancelled: _death_save_cancelled,
    rolenplay.RolenplayOptionsSet: _rolenplay_options,
    rolenplay.KeptAliveAtZero: _kept_alive,
    rolenplay.ReactionsRestored: _reactions_restored,
    rolenplay.PlainStreakChanged: _plain_streak,
    rolenplay.AftermathStarted: _aftermath_started,
    rolenplay.AftermathRoundPassed: _aftermath_round,
    rolenplay.StabilizeAttempted: _stabilize_attempted,
    resources.UseSpent: _on_combatant(_resources.fold_use_spent),
    resources.RechargeRolled: _on_combatant(_resources.fold_recharge),
    resources.UsesRestored: _on_combatant(_resources.fold_uses_restored),
    resources.ExhaustionLowered: _on_combatant(_resources.fold_exhaustion_lowered),
    resources.RestedHitPoints: _rested_hp,
    resources.CombatantCarried: _resources.fold_carried,
    resources.LegendaryActionTaken: _legendary_taken,
    resources.LegendaryActionsRestored: _legendary_restored,
    resources.LegendaryResistanceUsed: _resistance_used,
    resources.LegendaryGapClosed: lambda state, event: replace(state, legendary_gap="", legendary_acted=(),
                                                               legendary_resume=""),
}


from combatlog.core.rulesets.dnd5e.spell_state import HANDLERS as _SPELL_HANDLERS  # noqa: E402

HANDLERS.update(_SPELL_HANDLERS)


def handler_for(kind: type):
    """The handler of an event type: its own, else its nearest handled base class's (as `match` would pick
    the first matching class pattern), else none; remembered in `HANDLERS`."""
    for base in kind.__mro__[1:]:
        if base in HANDLERS:
            HANDLERS[kind] = HANDLERS[base]
            return HANDLERS[kind]
    HANDLERS[kind] = _same
    return _same


def evolve(state: EncounterState, event) -> EncounterState:
    """Apply one event to the state; events of undone transactions never reach this function."""
    kind = type(event)
    handler = HANDLERS.get(kind)
    if handler is None:
        handler = handler_for(kind)
    return handler(state, event)


evolve.handlers = HANDLERS  # type: ignore[attr-defined]  # the kernel's fold looks handlers up itself; a miss goes through evolve


def _update(state: EncounterState, combatant_id: str, **changes) -> EncounterState:
    combatant = state.combatants[combatant_id]
    return replace(state, combatants={**state.combatants, combatant_id: replace(combatant, **changes)})


def _with_order(state: EncounterState) -> EncounterState:
    """Initiative order: highest first; ties by the DM's ranking, then by the order they joined."""
    ranked = [
        (-combatant.initiative, combatant.tie_rank or 10**6, index, combatant.id)
        for index, combatant in enumerate(state.combatants.values())
        if combatant.initiative is not None
    ]
    return replace(state, order=with_lair(tuple(entry[-1] for entry in sorted(ranked)), state.combatants))


def _spend(state: EncounterState, event: turns.EconomySpent) -> EncounterState:
    who = state.combatants[event.id]
    economy = who.economy
    match event.resource:
        case "reaction":
            return _update(state, event.id, reaction_available=False)
        case "action":
            economy = replace(economy, action=event.by or "action")
        case "bonus":
            economy = replace(economy, bonus=event.by or "bonus")
        case "object":
            economy = replace(economy, object=True)
    if event.attacks_left >= 0:
        economy = replace(economy, attacks_left=event.attacks_left)
    return _update(state, event.id, economy=economy)


def _action(state: EncounterState, event: turns.ActionTaken) -> EncounterState:
    who = state.combatants[event.id]
    match event.action:
        case "dash":
            extra = float(event.details.get("extra_movement", who.stats.speed))
            return _update(state, event.id, economy=replace(who.economy, extra_movement=who.economy.extra_movement + extra))
        case "disengage":
            return _update(state, event.id, economy=replace(who.economy, disengaged=True))
    return state


def initial_state(event: meta.EncounterCreated) -> EncounterState:
    """The state right after `create` folds (the kernel carries the dice position and seq over)."""
    return EncounterState(created=True, ruleset=event.ruleset, seed=event.seed, lang=event.lang, name=event.name,
                          underwater=event.underwater, units=event.units)


def fold(events, state: EncounterState | None = None) -> EncounterState:
    """Fold a sequence of events from `state` (or an empty encounter)."""
    state = state or EncounterState()
    for event in events:
        state = evolve(state, event)
    return state
