"""The pf1 fold: `evolve(state, event) -> state`. It trusts the log; the rules live in decide.py."""

import msgspec

from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.state import Pf1Actions, Pf1Combatant, Pf1Condition, Pf1Effect, Pf1State, Pf1Window
from combatlog.core.rulesets.pf1.stats import Pf1Stats, mod, with_attack_names
from combatlog.events import meta
from combatlog.events.resources import CombatantCarried
from combatlog.events.spells import SpellSlotSpent, SpellsRestored
from combatlog.events.turns import HiddenChanged
from combatlog.events.windows import pf1_sentence

replace = msgspec.structs.replace
LOG_COMMANDS = ("undo", "redo", "revert")


def aoo_per_round(stats: Pf1Stats) -> int:
    """Seed 004 Attaque d'opportunité: one per round; Combat Reflexes adds the Dex modifier."""
    return max(1, 1 + mod(stats.abilities.dex)) if stats.combat_reflexes else 1


def initial_state(created: meta.EncounterCreated, massive_damage: bool = False) -> Pf1State:
    return Pf1State(seed=created.seed, lang=created.lang, name=created.name, units=created.units,
                    massive_damage=massive_damage)


def evolve(state: Pf1State, event) -> Pf1State:
    match event:
        case meta.CommandIssued(rng_position=position, rng_draws=draws):
            if event.command.get("do") in LOG_COMMANDS:
                return state
            return replace(state, rng_position=position + draws)
        case meta.CombatEnded():
            return replace(state, phase="ended")
        case e.Pf1RulesChosen(massive_damage=massive, rules=rules):
            return replace(state, massive_damage=massive, rules=rules)
        case e.Pf1CombatantAdded():
            stats = with_attack_names(msgspec.convert(event.stats, Pf1Stats))
            creature = Pf1Combatant(
                id=event.id, name=event.name, name_fr=event.name_fr, side=event.side, kind=event.kind, stats=stats,
                hp=stats.hp if stats.hp is not None else stats.max_hp, group=event.group, template=event.template,
                unacted=event.unacted, aoo_left=aoo_per_round(stats),
            )
            if creature.hp <= 0:
                from combatlog.core.rulesets.pf1.rules import status_for

                creature = replace(creature, status=status_for(creature, creature.hp))
            return _ordered(replace(state, combatants={**state.combatants, event.id: creature}))
        case e.Pf1CombatantRemoved(id=cid):
            return replace(state, combatants={k: v for k, v in state.combatants.items() if k != cid},
                           order=tuple(i for i in state.order if i != cid))
        case HiddenChanged(id=cid, hidden=hidden):
            return _update(state, cid, hidden=hidden)
        case e.Pf1Placed(id=cid, at=at):
            return _update(state, cid, position=tuple(at))
        case e.Pf1TerrainMarked(squares=squares, kind=kind):
            marked = {tuple(s) for s in squares}
            return replace(state, terrain=frozenset(state.terrain | marked if kind == "difficult" else state.terrain - marked))
        case e.Pf1SurpriseDeclared(ids=ids):
            combatants = {k: replace(v, surprised=k in ids) for k, v in state.combatants.items()}
            return replace(state, combatants=combatants)
        case e.Pf1InitiativeRolled(ids=ids, total=total):
            combatants = dict(state.combatants)
            for cid in ids:
                combatants[cid] = replace(combatants[cid], initiative=total)
            return _ordered(replace(state, combatants=combatants))
        case e.Pf1RolledOff(order=ranking):
            return _ranked(state, ranking)
        case e.Pf1OrderSet(order=order):
            return replace(_ranked(state, event.ranked or order), order=order)
        case e.Pf1CombatStarted(order=order, surprise_round=surprise):
            combatants = {k: replace(v, unacted=k in event.flat_footed) for k, v in state.combatants.items()}
            return replace(state, combatants=combatants, order=order, phase="turn", round=0 if surprise else 1,
                           surprise_round=surprise)
        case e.Pf1SurpriseRoundEnded():
            combatants = {k: replace(v, surprised=False) for k, v in state.combatants.items()}
            return replace(state, combatants=combatants, surprise_round=False)
        case e.Pf1TurnStarted():
            who = state.combatants[event.id]
            actions = Pf1Actions(restricted=event.restricted, swift="immediate" if who.swift_owed else "")
            who = replace(who, actions=actions, swift_owed=False, aoo_left=aoo_per_round(who.stats), unacted=False,
                          turns_taken=who.turns_taken + 1,
                          effects=tuple(x for x in who.effects if x.instance not in event.ended_effects))
            state = replace(state, combatants={**state.combatants, event.id: who})
            return replace(state, turn=event.id, round=event.round, phase="death_save" if event.awaiting_check else "turn")
        case e.Pf1TurnSkipped(round=number):
            return replace(state, round=number)
        case e.Pf1TurnEnded(id=cid):
            who = state.combatants.get(cid)  # type: ignore[assignment]  # None is handled below
            if who is None:
                return state
            return _update(state, cid, effects=tuple(x for x in who.effects if x.instance not in event.ended_effects))
        case e.Pf1ActionSpent():
            who = state.combatants[event.id]
            if event.owed:
                return _update(state, event.id, swift_owed=True)
            changes = {slot: event.by for slot in event.slots}
            return _update(state, event.id, actions=replace(who.actions, **changes))
        case e.Pf1ActionTaken():
            return state
        case e.Pf1Moved():
            who = state.combatants[event.id]
            actions = who.actions
            if event.five_foot_step:
                actions = replace(actions, five_foot_step=True)
            elif not event.forced and event.metres > 0:
                actions = replace(actions, moved=True, moved_metres=actions.moved_metres + event.metres)
            return _update(state, event.id, position=tuple(event.path[-1]), actions=actions)
        case e.Pf1EffectStarted():
            state = replace(state, next_instance=max(state.next_instance, event.instance + 1))
            who = state.combatants[event.id]
            effect = Pf1Effect(instance=event.instance, effect=event.effect, until=event.until, data=event.data)
            return _update(state, event.id, effects=who.effects + (effect,))
        case e.Pf1EffectChanged(id=cid, instance=number):
            who = state.combatants[cid]
            return _update(state, cid, effects=tuple(replace(x, data=event.data) if x.instance == number else x
                                                     for x in who.effects))
        case e.Pf1EffectEnded(id=cid, instance=number):
            who = state.combatants.get(cid)  # type: ignore[assignment]  # None is handled below
            if who is None:
                return state
            return _update(state, cid, effects=tuple(x for x in who.effects if x.instance != number))
        case e.Pf1ConditionApplied():
            state = replace(state, next_instance=max(state.next_instance, event.instance + 1))
            if event.no_effect:
                return state
            who = state.combatants[event.target]
            instance = Pf1Condition(instance=event.instance, condition=event.condition, source=event.source,
                                    until=event.until, amount=event.amount)
            return _update(state, event.target, conditions=who.conditions + (instance,))
        case e.Pf1ConditionEnded(target=target, instance=number):
            who = state.combatants.get(target)  # type: ignore[assignment]  # None is handled below
            if who is None:
                return state
            return _update(state, target, conditions=tuple(c for c in who.conditions if c.instance != number))
        case e.Pf1DamageTaken(target=target):
            if state.windows and state.windows[-1].waiting == target and event.source in state.windows[-1].answered:
                window = state.windows[-1]  # dealt by an attack of opportunity on the creature that waits
                state = replace(state, windows=state.windows[:-1] + (replace(window, damage=window.damage + event.amount),))
            return _update(state, target, hp=event.hp_after, temp_hp=event.temp_after, nonlethal=event.nonlethal_after)
        case e.Pf1Healed(target=target):
            return _update(state, target, hp=event.hp_after, nonlethal=event.nonlethal_after)
        case e.Pf1TempHpGranted(target=target, after=after):
            return _update(state, target, temp_hp=after)
        case e.Pf1StatusChanged(id=cid, status=status, hp=hp):
            return _update(state, cid, status=status, hp=hp)
        case e.Pf1StabilizationRolled():
            return replace(state, phase="turn") if state.phase == "death_save" else state
        case e.Pf1WindowOpened():
            trigger = pf1_sentence(event.act, event.waiting, event.pending, square=event.square, target=event.target,
                                   using=event.using, text=event.text)
            state = replace(state, windows=state.windows + (Pf1Window(
                trigger=trigger, reactors=event.reactors, waiting=event.waiting, pending=event.pending, act=event.act,
                square=event.square, target=event.target, using=event.using, text=event.text),), phase="reaction")
            if event.movement:
                combatants = dict(state.combatants)
                for reactor in event.reactors:
                    who = combatants[reactor]
                    movers = who.aoo_movers if who.aoo_round == state.round else ()
                    combatants[reactor] = replace(who, aoo_movers=movers + (event.waiting,), aoo_round=state.round)
                state = replace(state, combatants=combatants)
            return state
        case e.Pf1ReactionTaken(id=reactor) | e.Pf1ReactionPassed(id=reactor):
            window = state.windows[-1]
            window = replace(window, reactors=tuple(r for r in window.reactors if r != reactor),
                             answered=window.answered + (reactor,))
            state = replace(state, windows=state.windows[:-1] + (window,))
            if isinstance(event, e.Pf1ReactionTaken) and event.reaction == "opportunity_attack":
                who = state.combatants[reactor]
                state = _update(state, reactor, aoo_left=max(0, who.aoo_left - 1))
            return state
        case e.Pf1SpellLost():
            if not state.windows:
                return state
            window = state.windows[-1]
            window = replace(window, pending={**window.pending, "lost": True})
            return replace(state, windows=state.windows[:-1] + (window,))
        case e.Pf1WindowClosed():
            windows = state.windows[:-1]
            return replace(state, windows=windows, phase="reaction" if windows else "turn")
        case CombatantCarried():
            from combatlog.core.rulesets.pf1.carry import fold_carried

            return fold_carried(state, event)
        case SpellsRestored(id=cid):
            return _update(state, cid, spells_spent={})
        case SpellSlotSpent(caster=caster, level=level):
            spent = state.combatants[caster].spells_spent
            return _update(state, caster, spells_spent={**spent, str(level): spent.get(str(level), 0) + 1})
        case _:
            return state


def _update(state: Pf1State, cid: str, **changes) -> Pf1State:
    return replace(state, combatants={**state.combatants, cid: replace(state.combatants[cid], **changes)})


def _ranked(state: Pf1State, ranking) -> Pf1State:
    combatants = dict(state.combatants)
    for rank, cid in enumerate(ranking, start=1):
        if cid in combatants:
            combatants[cid] = replace(combatants[cid], tie_rank=rank)
    return _ordered(replace(state, combatants=combatants))


def initiative_modifier(creature: Pf1Combatant) -> int:
    """Seed 004 Initiative: the Dex modifier, or the whole `initiative_bonus`."""
    stats = creature.stats
    return stats.initiative_bonus if stats.initiative_bonus is not None else mod(stats.abilities.dex)


def _ordered(state: Pf1State) -> Pf1State:
    """Highest total first; ties by the higher modifier, then roll-off / DM rank, then joining order (seed 004)."""
    ranked = [
        (-c.initiative, -initiative_modifier(c), c.tie_rank or 10**6, index, c.id)
        for index, c in enumerate(state.combatants.values()) if c.initiative is not None
    ]
    return replace(state, order=tuple(entry[-1] for entry in sorted(ranked)))
