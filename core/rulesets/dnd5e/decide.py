"""`decide(state, command) -> events`: validate, roll, and return new events, or raise RuleViolation."""

from typing import cast

from collections.abc import Callable

import msgspec

from combatlog.words import Phrase, term_phrase
from combatlog.core.rulesets.dnd5e.window_words import trigger_phrase
from combatlog.core.rulesets.dnd5e import actions, combat, commands as c, reactions, turns
from combatlog.core.rulesets.dnd5e.spells import cast as cast_spell
from combatlog.core.rulesets.dnd5e.conditions import apply_condition, end_concentration, end_condition, normalize_until, start_concentration
from combatlog.core.kernel.context import Context, fail
from combatlog.core.kernel.errors import EncounterAlreadyCreated, refused
from combatlog.core.kernel.dice import DiceError, SeededDice, SuppliedDice
from combatlog.core.rulesets.dnd5e.hitpoints import (
    check_damage_type,
    damage_with_saves,
    death_save,
    grant_temp_hp,
    heal,
    one_roll,
)
from combatlog.core.rulesets.dnd5e.legendary import check_resistance_list, close_gap, legendary
from combatlog.core.rulesets.dnd5e.stats import check_qualities
from combatlog.core.rulesets.dnd5e.legendary import legendary_resistance as legendary_resistance_of
from combatlog.core.rulesets.dnd5e.queries import turn_phrase
from combatlog.core.rulesets.dnd5e.resources import refuse, rest
from combatlog.core.rulesets.dnd5e.rolls import ability_check, check_ability, contest, saving_throw
from combatlog.core.rulesets.dnd5e.state import EncounterState
from combatlog.events.damage import DeathSaveCancelled
from combatlog.events.reactions import ReactionPassed
from combatlog.events.meta import CombatEnded, CommandIssued, EncounterCreated
from combatlog.events.movement import TerrainMarked



def decide_and_fold(ruleset, state: EncounterState, raw: dict, *, templates: Callable[[str], dict | None] | None = None,
                    default_seed: str = "", spells: Callable[[str], dict | None] | None = None,
                    encounters=None, recorded: tuple | None = None) -> tuple[list, EncounterState]:
    """The events and the state they fold to: the context folds them as it decides, so nobody folds twice.
    `ruleset` is the 5e variant deciding (the encounter's, or before `create` the one named by it); `recorded`:
    a logged `create` re-derived (verify), the events its log holds (the units it recorded)."""
    command = c.parse_command(raw)
    if command.do_name in c.UNDO_FAMILY:
        raise fail("rule-undo-redo-and-revert-are")
    rng = SeededDice(state.seed or default_seed, state.rng_position)
    dice = SuppliedDice(command.dice) if command.dice is not None else rng
    ctx = Context(state, dice, templates, rng=rng, ruleset=ruleset, evolve=ruleset.evolve, encounters=encounters)
    ctx.spells = spells  # type: ignore[attr-defined]  # the library's spell lookup (§7), handed in like the creature templates
    ctx.recorded = recorded  # type: ignore[attr-defined]  # a logged create re-derived: what it recorded
    _check_phase(ruleset, state, command)
    opening = CommandIssued(command=raw, rng_position=state.rng_position)
    ctx.emit(opening)
    close_gap(ctx, command.do_name)
    ruleset.handlers[command.do_name](ctx, command)
    if state.phase == "death_save" and ctx.state.phase == "death_save" and command.do_name in DM_COMMANDS:
        _death_save_still_due(ctx)
    if state.phase == "reaction" and command.do_name in DM_COMMANDS:
        _reactors_still_able(ctx)
    if isinstance(dice, SuppliedDice):
        try:
            dice.check_all_used()
        except DiceError as error:
            raise refused(error) from None
    events = ctx.events
    events[0] = CommandIssued(command=raw, rng_position=state.rng_position, rng_draws=rng.drawn)
    # The opening was folded before the dice were counted: the stream now stands after this command's draws.
    return events, msgspec.structs.replace(ctx.state, rng_position=state.rng_position + rng.drawn)


DM_COMMANDS = ("damage", "heal", "temp_hp", "condition")


def _death_save_still_due(ctx: Context) -> None:
    """The DM struck (or healed) while a dying creature's death save was pending (issue 9 §3): if it is no
    longer dying, its turn goes on without the save."""
    creature = ctx.state.combatants.get(ctx.state.turn)
    if creature is None or creature.status != "dying":
        ctx.emit(DeathSaveCancelled(id=ctx.state.turn, reason="dead" if creature is None else creature.status))


def _reactors_still_able(ctx: Context) -> None:
    """The DM struck while a reaction window was open: a reactor who can no longer react (dead, unconscious,
    incapacitated) passes, and a window nobody still has to answer closes, resuming what it suspended."""
    while ctx.state.windows:
        window = ctx.state.windows[-1]
        unable = [r for r in window.reactors if r in ctx.state.combatants and not reactions.can_react(ctx, ctx.state.combatants[r])]
        if not unable:
            return
        for reactor in unable:
            ctx.emit(ReactionPassed(id=reactor))
        reactions.settle(ctx)


def _check_phase(ruleset, state: EncounterState, command: c.Command) -> None:
    name = command.do_name
    if not state.created:
        if name != "create":
            raise fail("rule-log-has-no-encounter-yet")
        return
    if name == "create":
        raise EncounterAlreadyCreated("rule-this-log-already-holds-encounter")
    if not ruleset.machine.is_legal(state.phase, name):
        if state.phase == "reaction":
            window = state.windows[-1]
            raise fail("rule-cannot-now-reaction-window-open", name=name, doing=Phrase("rule-doing", name=name), trigger=trigger_phrase(state, window), reactors=', '.join(window.reactors))
        if state.phase == "death_save":
            raise fail("rule-cannot-now-must-roll-death", name=name, doing=Phrase("rule-doing", name=name), turn=state.turn)
        who = getattr(command, "id", None) or getattr(command, "attacker", None)
        subject = Phrase("rule-subject-cannot", who=who or "", name=name, doing=Phrase("rule-doing", name=name))
        if name == "death_save" and state.phase == "turn":
            raise fail("rule-no-death-save-due", subject=subject, now=turn_phrase(state))
        if state.phase == "setup":
            raise fail("rule-combat-has-not-started-use", subject=subject)
        if state.phase == "ended":
            raise fail("rule-combat-has-ended", subject=subject)
        raise fail("rule-during-phase", subject=subject, phase=state.phase, phase_name=term_phrase("phase", state.phase))


def _create(ctx: Context, command: c.Create) -> None:
    from combatlog.core.rulesets import created_units, find_ruleset

    created = find_ruleset(command.ruleset)
    if not getattr(created, "creature_options", False) and (command.cinematic or command.opportunity_attacks is not None):
        raise fail("rule-cinematic-and-opportunity-attacks-are", ruleset=command.ruleset)
    seed = str(command.seed) if command.seed is not None else str(cast(SeededDice, ctx.rng).seed)
    units = created_units(command.units, command.lang, getattr(ctx, "recorded", None))
    ctx.emit(EncounterCreated(ruleset=command.ruleset, seed=seed, lang=command.lang, name=command.name,
                              underwater=command.underwater, units=units))


def _damage(ctx: Context, command: c.Damage) -> None:
    """One roll for all targets; each target's save comes first; half rounded down on a success (seed 000)."""
    targets = list(command.targets or ()) + ([command.target] if command.target else [])
    if not targets:
        raise fail("rule-damage-needs-target-or-targets")
    if (command.amount is None) == (command.roll is None):
        raise fail("rule-damage-needs-exactly-one-of")
    if command.amount is not None and command.amount < 0:
        raise fail("rule-damage-cannot-be-negative", amount=command.amount)
    if command.legendary_resistance and command.save is None:
        raise fail("rule-legendary-resistance-needs-save")
    if len(set(targets)) != len(targets):
        raise fail("rule-target-listed-twice")
    check_damage_type(command.type)
    check_qualities("bypass", command.bypass)
    for target_id in targets:
        if ctx.get(target_id, "target").status == "dead":
            raise fail("rule-already-dead", target_id=target_id)
    cover = dict(command.cover or {})
    for target_id in cover:
        if target_id not in targets:
            raise fail("rule-cover-given-for-which-not", target_id=target_id)
    listed = check_resistance_list(ctx, command.legendary_resistance, targets)
    if command.save is not None:
        check_ability(command.save.ability)
    damage_with_saves(ctx, targets, save=command.save, half=command.save is None or command.save.half,
                      roll=one_roll(ctx, command.type, command.roll, command.amount, command.critical),
                      listed=listed, cover=cover, adjust=command.adjust, critical=command.critical,
                      source=command.source, nonlethal=command.nonlethal, bypass=tuple(command.bypass))


def _heal(ctx: Context, command: c.Heal) -> None:
    if (command.amount is None) == (command.roll is None):
        raise fail("rule-heal-needs-exactly-one-of")
    ctx.get(command.target, "target")
    if command.roll is not None:
        result = ctx.roll(command.roll)
        heal(ctx, command.target, max(0, result.total), roll=command.roll, faces=result.faces)
    else:
        heal(ctx, command.target, cast(int, command.amount))


def _save(ctx: Context, command: c.Save) -> None:
    ctx.get(command.id)
    listed = check_resistance_list(ctx, command.legendary_resistance, [command.id])
    success = saving_throw(ctx, command.id, command.ability, command.dc, advantage=command.advantage,
                           disadvantage=command.disadvantage, cover=command.cover)
    legendary_resistance_of(ctx, command.id, command.ability, command.dc, success, listed)


def _check(ctx: Context, command: c.Check) -> None:
    ctx.get(command.id)
    if command.against is not None:
        ctx.get(command.against.id)
        contest(ctx, command.id, command.ability, command.skill, command.against.id, command.against.ability,
                command.against.skill, purpose="contest")
        return
    if command.ability is None and command.skill is None:
        raise fail("rule-check-needs-ability-or-skill")
    ability_check(ctx, command.id, command.ability, command.skill, command.dc, advantage=command.advantage,
                  disadvantage=command.disadvantage)


def _condition(ctx: Context, command: c.Condition) -> None:
    target = ctx.get(command.target, "target")
    if (command.add is None) == (command.remove is None):
        raise fail("rule-condition-needs-exactly-one-of")
    if command.add is not None:
        if command.add == "surprised" and command.until is None and command.rounds is None and command.save is None:
            # Seed 003 Surpris (INTERFACE-rolenplay §1): by default until the end of the creature's next turn.
            command = msgspec.structs.replace(command, until="end_of_turn", of=target.id)
        until = normalize_until(command.until, of=command.of, rounds=command.rounds, save=command.save,
                                target=target.id, ctx=ctx)
        if check_resistance_list(ctx, command.legendary_resistance, [target.id]):
            if "save" not in until:
                raise refuse("rule-legendary-resistance-needs-save")
            until = {**until, "legendary_resistance": True}  # its saves to end it may spend one (legendary.py)
        if command.concentration:
            caster = ctx.get(command.source, "concentrating source")
            if caster.concentration != (command.effect or command.add):
                start_concentration(ctx, caster.id, cast(str, command.effect or command.add))
            until = {**until, "concentration": caster.id}
        apply_condition(ctx, target.id, cast(str, command.add), source=command.source or "", until=until, level=command.level)
        return
    matching = [i for i in target.conditions if i.condition == command.remove
                and (command.source is None or i.source == command.source)]
    if not matching:
        raise fail("rule-nothing-to-remove", target=target.id, condition=command.remove, condition_name=term_phrase("condition", cast(str, command.remove)), source=command.source or "")
    for instance in matching:
        end_condition(ctx, target.id, instance.instance, "removed_by_the_dm")


def _concentrate(ctx: Context, command: c.Concentrate) -> None:
    creature = ctx.get(command.id)
    if command.stop:
        if not creature.concentration:
            raise fail("rule-not-concentrating", creature=creature.id)
        end_concentration(ctx, creature.id, "ended_by_choice")
        return
    if not command.effect:
        raise fail("rule-concentrate-needs-effect-name")
    start_concentration(ctx, creature.id, command.effect)


def _terrain(ctx: Context, command: c.Terrain) -> None:
    ctx.emit(TerrainMarked(squares=command.squares, kind=command.kind))


def _end(ctx: Context, command: c.End) -> None:
    ctx.emit(CombatEnded(reason=command.reason))


def _escape(ctx: Context, command: c.Escape) -> None:
    actions.action(ctx, c.Action(id=command.id, action="escape", skill=command.skill))


HANDLERS: dict[str, Callable] = {
    "create": _create,
    "add": turns.add,
    "remove": turns.remove,
    "place": turns.place,
    "hidden": turns.hidden,
    "surprise": turns.surprise,
    "initiative": turns.initiative,
    "order": turns.order,
    "start": turns.start,
    "end_turn": turns.end_turn,
    "move": actions.move,
    "stand": actions.stand,
    "drop_prone": actions.drop_prone,
    "action": actions.action,
    "stabilize": actions.stabilize,
    "attack": combat.attack,
    "grapple": combat.grapple,
    "shove": combat.shove,
    "escape": _escape,
    "damage": _damage,
    "heal": _heal,
    "temp_hp": lambda ctx, command: grant_temp_hp(ctx, command.target, command.amount, command.replace),
    "save": _save,
    "check": _check,
    "condition": _condition,
    "concentrate": _concentrate,
    "death_save": lambda ctx, command: death_save(ctx, command.id),
    "terrain": _terrain,
    "end": _end,
    "react": reactions.react,
    "pass": reactions.pass_,
    "trigger": reactions.trigger,
    "cast": cast_spell,
    "next_round": lambda ctx, command: _only_in_rolenplay("next_round"),
    "legendary": legendary,
    "rest": rest,
}


def _only_in_rolenplay(name: str) -> None:
    raise fail("rule-aftermath-only", name=name)
