"""The fold: `evolve(state, event) -> state`. It trusts the log; the rules live in `core.decide`."""

import msgspec

from combatlog.core.state import Combatant, ConditionInstance, Economy, Effect, EncounterState, Window
from combatlog.core.stats import Stats
from combatlog.events import attacks, conditions, damage, meta, movement, reactions, turns

replace = msgspec.structs.replace
from combatlog.core.rulesets import PLUGINS as _PLUGINS  # noqa: E402  temporary pf1 dispatch shim
LOG_COMMANDS = ("undo", "redo", "revert")


def evolve(state: EncounterState, event) -> EncounterState:
    """Apply one event to the state; events of undone transactions never reach this function."""
    plugin = _PLUGINS.get(state.ruleset)  # temporary pf1 dispatch shim
    if plugin is not None:
        return plugin.evolve(state, event)
    if type(event) is meta.EncounterCreated and event.ruleset in _PLUGINS:
        return _PLUGINS[event.ruleset].initial_state(event)
    match event:
        case meta.CommandIssued(rng_position=position, rng_draws=draws):
            if event.command.get("do") in LOG_COMMANDS:
                return state  # undo, redo and revert move no dice: the position follows the txns in force
            return replace(state, rng_position=position + draws)
        case meta.EncounterCreated():
            return replace(
                state, created=True, ruleset=event.ruleset, seed=event.seed, lang=event.lang,
                name=event.name, underwater=event.underwater, units=event.units,
            )
        case turns.CombatantAdded():
            stats = msgspec.convert(event.stats, Stats)
            combatant = Combatant(
                id=event.id, name=event.name, name_fr=event.name_fr, side=event.side, kind=event.kind,
                stats=stats, hp=stats.hp if stats.hp is not None else stats.max_hp, group=event.group,
                template=event.template,
            )
            return _with_order(replace(state, combatants={**state.combatants, event.id: combatant}))
        case turns.CombatantRemoved(id=combatant_id):
            remaining = {key: value for key, value in state.combatants.items() if key != combatant_id}
            return replace(state, combatants=remaining, order=tuple(i for i in state.order if i != combatant_id))
        case turns.Placed(id=combatant_id, at=square):
            return _update(state, combatant_id, position=tuple(square))
        case movement.Moved():
            who = state.combatants[event.id]
            used = who.economy.movement_used + (0.0 if event.forced else event.cost)
            return _update(state, event.id, position=tuple(event.path[-1]), economy=replace(who.economy, movement_used=used))
        case movement.MovementSpent(id=combatant_id, metres=metres):
            who = state.combatants[combatant_id]
            return _update(state, combatant_id, economy=replace(who.economy, movement_used=who.economy.movement_used + metres))
        case movement.TerrainMarked(squares=squares, kind=kind):
            marked = {tuple(square) for square in squares}
            terrain = state.terrain | marked if kind == "difficult" else state.terrain - marked
            return replace(state, terrain=frozenset(terrain))
        case turns.SurpriseDeclared(ids=ids):
            combatants = dict(state.combatants)
            for combatant_id in ids:
                combatants[combatant_id] = replace(combatants[combatant_id], surprised=True)
            return replace(state, combatants=combatants)
        case turns.InitiativeRolled(ids=ids, total=total):
            combatants = dict(state.combatants)
            for combatant_id in ids:
                combatants[combatant_id] = replace(combatants[combatant_id], initiative=total)
            return _with_order(replace(state, combatants=combatants))
        case turns.TiesOrdered(ids=ids):
            combatants = dict(state.combatants)
            for rank, combatant_id in enumerate(ids, start=1):
                combatants[combatant_id] = replace(combatants[combatant_id], tie_rank=rank)
            return _with_order(replace(state, combatants=combatants))
        case turns.OrderChanged(order=order):
            return replace(state, order=order)
        case turns.CombatStarted(order=order):
            return replace(state, order=order, phase="turn", round=1)
        case turns.TurnStarted():
            who = state.combatants[event.id]
            state = _update(
                state, event.id, economy=Economy(), turns_taken=who.turns_taken + 1,
                reaction_available=True if event.reaction_restored else who.reaction_available,
            )
            return replace(state, turn=event.id, round=event.round, phase="death_save" if event.awaiting_death_save else "turn")
        case turns.TurnSkipped():
            return state
        case turns.TurnEnded(id=combatant_id):
            if event.reaction_restored:
                return _update(state, combatant_id, surprised=False, reaction_available=True)
            return _update(state, combatant_id, surprised=False)
        case turns.EconomySpent():
            return _spend(state, event)
        case turns.ActionTaken():
            return _action(state, event)
        case attacks.AttackRolled():
            attacker = state.combatants.get(event.attacker)
            if attacker is None or event.slot != "action":
                return state
            profile = attacker.stats.attack(event.attack)
            if profile is not None and profile.light:
                return _update(state, event.attacker, economy=replace(attacker.economy, light_attack=event.attack))
            return state
        case damage.DamageTaken(target=target, hp_after=hp, temp_after=temp):
            return _update(state, target, hp=hp, temp_hp=temp)
        case damage.Healed(target=target, hp_after=hp):
            return _update(state, target, hp=hp)
        case damage.TempHpGranted(target=target, after=after):
            return _update(state, target, temp_hp=after)
        case damage.StatusChanged():
            changes = {"status": event.status}
            if event.hp is not None:
                changes["hp"] = event.hp
            if event.status in ("alive", "stable"):
                # seed 000 Trois Réussites/Échecs: counters reset on regaining HP or becoming stable, not on death
                changes.update(death_successes=0, death_failures=0)
            return _update(state, event.id, **changes)
        case damage.DeathSaveRolled(id=combatant_id, successes=successes, failures=failures):
            state = _update(state, combatant_id, death_successes=successes, death_failures=failures)
            return replace(state, phase="turn") if state.phase == "death_save" else state
        case damage.DeathSaveFailed(id=combatant_id, successes=successes, failures=failures):
            return _update(state, combatant_id, death_successes=successes, death_failures=failures)
        case damage.DeathSavesReset(id=combatant_id):
            return _update(state, combatant_id, death_successes=0, death_failures=0)
        case conditions.ConditionApplied():
            state = replace(state, next_instance=max(state.next_instance, event.instance + 1))
            if event.no_effect:
                return state
            who = state.combatants[event.target]
            instance = ConditionInstance(
                instance=event.instance, condition=event.condition, source=event.source,
                until=event.until, level=event.level,
            )
            return _update(state, event.target, conditions=who.conditions + (instance,))
        case conditions.ConditionEnded(target=target, instance=number):
            who = state.combatants.get(target)
            if who is None:
                return state
            return _update(state, target, conditions=tuple(c for c in who.conditions if c.instance != number))
        case conditions.EffectStarted():
            state = replace(state, next_instance=max(state.next_instance, event.instance + 1))
            who = state.combatants[event.id]
            effect = Effect(instance=event.instance, effect=event.effect, source=event.source, until=event.until, data=event.data)
            return _update(state, event.id, effects=who.effects + (effect,))
        case conditions.EffectEnded(id=combatant_id, instance=number):
            who = state.combatants.get(combatant_id)
            if who is None:
                return state
            return _update(state, combatant_id, effects=tuple(e for e in who.effects if e.instance != number))
        case conditions.ConcentrationStarted(id=combatant_id, effect=effect):
            return _update(state, combatant_id, concentration=effect)
        case conditions.ConcentrationEnded(id=combatant_id):
            return _update(state, combatant_id, concentration="")
        case reactions.ReactionWindowOpened():
            window = Window(trigger=event.trigger, reactors=event.reactors, waiting=event.waiting, pending=event.pending)
            return replace(state, windows=state.windows + (window,), phase="reaction")
        case reactions.ReactionTaken(id=reactor) | reactions.ReactionPassed(id=reactor):
            window = state.windows[-1]
            answered = replace(
                window, reactors=tuple(r for r in window.reactors if r != reactor), answered=window.answered + (reactor,)
            )
            return replace(state, windows=state.windows[:-1] + (answered,))
        case reactions.ReactionWindowClosed():
            windows = state.windows[:-1]
            return replace(state, windows=windows, phase="reaction" if windows else "turn")
        case meta.CombatEnded():
            return replace(state, phase="ended")
        case _:
            return state


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
    return replace(state, order=tuple(entry[-1] for entry in sorted(ranked)))


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


def fold(events, state: EncounterState | None = None) -> EncounterState:
    """Fold a sequence of events from `state` (or an empty encounter)."""
    state = state or EncounterState()
    for event in events:
        state = evolve(state, event)
    return state
