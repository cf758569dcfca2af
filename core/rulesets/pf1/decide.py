"""pf1 `decide_and_fold(state, raw)`: validate, roll, and return the events and the state they fold to."""

import typing
from typing import Any

from collections.abc import Callable

import msgspec

from combatlog.core.kernel.context import fail
from combatlog.core.kernel.errors import EncounterAlreadyCreated
from combatlog.core.kernel.dice import DiceError, SeededDice, SuppliedDice
from combatlog.core.kernel.phases import PhaseMachine
from combatlog.core.rulesets.pf1 import actions, combat
from combatlog.core.rulesets.pf1 import commands as c
from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.context import (
    Pf1Context, deal, heal_creature, leftover, name_of, roll_save, spend, square_of,
)
from combatlog.core.rulesets.pf1.fold import evolve, initiative_modifier
from combatlog.core.rulesets.pf1.rules import can_act, conditions_in_force, status_for
from combatlog.core.rulesets.pf1.spells import cast as cast_spell
from combatlog.core.rulesets.pf1.spells import dismiss, expire_effects, rest
from combatlog.core.rulesets.pf1.state import CURRENT_RULES, ORIGINAL_RULES, RULES_VERSIONS, Pf1State
from combatlog.core.rulesets.pf1.stats import damage_type, mod, parse_stats
from combatlog.events.meta import CombatEnded, CommandIssued, EncounterCreated
from combatlog.events.turns import HiddenChanged
from combatlog.core.rulesets.pf1.window_words import trigger_phrase

PHASES = ("setup", "turn", "death_save", "reaction", "ended")
LEGAL_IN: dict[str, tuple[str, ...]] = {
    "add": ("setup", "turn"), "remove": ("setup", "turn"), "place": ("setup", "turn"), "surprise": ("setup",),
    "hidden": ("setup", "turn", "death_save", "reaction", "ended"),
    "initiative": ("setup", "turn"), "roll_off": ("setup", "turn"), "order": ("setup", "turn"), "start": ("setup",),
    "move": ("turn",), "action": ("turn",), "attack": ("turn",), "full_attack": ("turn",), "coup_de_grace": ("turn",), "maneuver": ("turn",),
    "grapple": ("turn",), "shove": ("turn",), "escape": ("turn",), "damage": ("setup", "turn"),
    "heal": ("setup", "turn"), "temp_hp": ("setup", "turn"), "save": ("setup", "turn"), "check": ("setup", "turn"),
    "condition": ("setup", "turn"), "concentrate": ("setup", "turn", "death_save", "reaction"),
    "death_save": ("death_save",), "stabilize": ("turn",), "react": ("reaction",), "pass": ("reaction",),
    "end_turn": ("turn",), "stand": ("turn",), "drop_prone": ("turn",), "terrain": ("setup", "turn"),
    "trigger": ("turn",), "end": ("setup", "turn", "death_save"), "cast": ("setup", "turn"),
    "dismiss": ("setup", "turn"), "rest": ("setup", "ended"),
}
# The kernel's phase machine answers which commands each phase allows; pf1's fold moves the phase itself
# (a turn awaiting a stabilization check, a window opening or closing), so the machine needs no moves.
MACHINE = PhaseMachine(PHASES, LEGAL_IN, [])
PF1_FAMILY = "pf1"


def load_pf1_template(name: str) -> dict | None:
    """A pf1 creature template from fixtures/creatures/pf1/<name>.json."""
    import json

    from combatlog.fixtures import CREATURES

    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    path = CREATURES / PF1_FAMILY / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _library_creature(name: str) -> dict | None:
    """The pf1 library's creature `name` (INTERFACE §7), the fallback after fixtures/creatures/pf1."""
    from combatlog.compendium import library_for_family

    return library_for_family(PF1_FAMILY).get(name, "creature")


def decide_and_fold(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None,
                    default_seed: str = "", spells: Callable[[str], dict | None] | None = None,
                    recorded: tuple | None = None, encounters=None) -> tuple[list, Pf1State]:
    """`recorded`: when a logged command is re-derived (verify), the events the log holds for it; a `create`
    takes from them the rules version it recorded, as the engine takes the seed."""
    command = c.parse(raw)
    if command.do_name == "create":
        return _create(state, raw, typing.cast(c.Create, command), default_seed, recorded)
    rng = SeededDice(state.seed or default_seed, state.rng_position)
    dice = SuppliedDice(command.dice) if command.dice is not None else rng
    ctx = Pf1Context(state, dice, rng, templates, spells, encounters)
    _check_phase(state, command)
    ctx.emit(CommandIssued(command=raw, rng_position=state.rng_position))
    HANDLERS[command.do_name](ctx, command)
    if ctx.strain and ctx.state.phase != "reaction":
        _strain(ctx, ctx.strain)
    if isinstance(dice, SuppliedDice):
        try:
            dice.check_all_used()
        except DiceError as error:
            raise fail("pf1-rule-dice-not-used", error=error, listed=", ".join(map(str, dice.unused()))) from None
    events = ctx.events
    events[0] = CommandIssued(command=raw, rng_position=state.rng_position, rng_draws=rng.drawn)
    return events, msgspec.structs.replace(ctx.state, rng_position=state.rng_position + rng.drawn)


def _create(state, raw: dict, command: c.Create, default_seed: str, recorded: tuple | None = None):
    from combatlog.core.rulesets import created_units
    from combatlog.core.rulesets.pf1.fold import initial_state

    if getattr(state, "created", False):
        raise EncounterAlreadyCreated("pf1-rule-this-log-already-holds-encounter-create")
    seed = str(command.seed) if command.seed is not None else str(default_seed)
    rules = command.rules if command.rules is not None else recorded_rules(recorded)
    units = created_units(command.units, command.lang, recorded)
    created = EncounterCreated(ruleset="pf1", seed=seed, lang=command.lang, name=command.name, units=units)
    events = [CommandIssued(command=raw, rng_position=0), created]
    folded = initial_state(created)
    if command.massive_damage or rules != ORIGINAL_RULES:
        # the original rules are recorded as before versions (no event, or none of its field): old logs re-derive
        events.append(e.Pf1RulesChosen(massive_damage=command.massive_damage, rules=rules))
        folded = evolve(folded, events[-1])
    return events, msgspec.structs.replace(folded, rng_position=0)


def recorded_rules(recorded: tuple | None) -> int:
    """The rules version a `create` plays under when its command names none: the current one for a new
    encounter; for a logged create re-derived (`recorded`, its events in the log), the version it recorded, and
    ORIGINAL_RULES for one whose log has its EncounterCreated but no version (written before versions)."""
    if recorded is None:
        return CURRENT_RULES
    chosen = next((event for event in recorded if isinstance(event, e.Pf1RulesChosen)), None)
    if chosen is not None:
        return chosen.rules if chosen.rules in RULES_VERSIONS else CURRENT_RULES
    if any(isinstance(event, EncounterCreated) for event in recorded):
        return ORIGINAL_RULES
    return CURRENT_RULES  # a create cut before its EncounterCreated: what the rules write now


def _check_phase(state: Pf1State, command: c.Command) -> None:
    name = command.do_name
    if name == "concentrate":
        raise fail("pf1-rule-concentrate-refused-pf1-no-5e-style")
    if MACHINE.is_legal(state.phase, name):
        return
    if state.phase == "reaction":
        window = state.windows[-1]
        raise fail("pf1-rule-cannot-now-attack-opportunity-window-open", name=str(name), trigger=trigger_phrase(window),
                   reactors=', '.join(window.reactors))
    if state.phase == "death_save":
        raise fail("pf1-rule-cannot-now-dying-must-roll-stabilization", name=str(name), turn=str(state.turn))
    if state.phase == "setup":
        raise fail("pf1-rule-cannot-combat-has-not-started-use", name=str(name))
    if state.phase == "ended":
        raise fail("pf1-rule-cannot-combat-has-ended", name=str(name))
    raise fail("pf1-rule-cannot-during-phase", name=str(name), phase=str(state.phase))


def _strain(ctx: Pf1Context, cid: str) -> None:
    """PRD Disabled: a standard action costs 1 HP (unless it raised the HP), so the creature falls to -1 and is dying."""
    ctx.strain = None
    creature = ctx.state.combatants.get(cid)
    if creature is not None and creature.status == "disabled" and creature.hp <= 0:
        deal(ctx, cid, [("untyped", 1)], source="disabled_strain", single_attack=False)


# --------------------------------------------------------------------------- setup
def _add(ctx: Pf1Context, command: c.Add) -> None:
    if command.id in ctx.state.combatants:
        raise fail("pf1-rule-there-already-combatant", command=command.id)
    if not command.id or not command.id.replace("_", "").replace("-", "").isalnum():
        raise fail("pf1-rule-combatant-id-must-letters-digits", command=command.id)
    if command.carry is not None:
        from combatlog.core.rulesets.pf1.carry import carry

        def add_combatant(raw_stats: dict, name: str, name_fr: str, kind: str, side: str) -> None:
            parse_stats(raw_stats, command.id)
            ctx.emit(e.Pf1CombatantAdded(id=command.id, name=name, name_fr=name_fr, side=side, kind=kind,
                                         stats=raw_stats, group=command.group, unacted=ctx.state.phase != "setup"))

        carry(ctx, command, add_combatant)
        if command.at is not None:
            _place(ctx, c.Place(id=command.id, at=command.at))
        return
    if not command.side:
        raise fail("rule-add-needs-side", id=command.id)
    template: dict[str, Any] = {}
    if command.template is not None:
        template = load_pf1_template(command.template) or _library_creature(command.template) or {}
        if not template:
            raise fail("pf1-rule-there-no-pf1-creature-template", template=str(command.template))
    if command.stats is not None and command.template is not None:
        raise fail("pf1-rule-add-takes-stats-template-not-both")
    raw_stats = dict(command.stats if command.stats is not None else template.get("stats") or {})
    if not raw_stats:
        raise fail("pf1-rule-needs-stats-template", command=command.id)
    if command.overrides:
        raw_stats.update(command.overrides)
    stats = parse_stats(raw_stats, command.id)
    names = typing.cast(dict[str, Any], template.get("name") if isinstance(template.get("name"), dict) else {"en": template.get("name")})
    name = command.name or names.get("en") or command.id
    name_fr = command.name_fr or names.get("fr") or template.get("name_fr") or ""
    kind = command.kind or template.get("kind") or "monster"
    ctx.emit(e.Pf1CombatantAdded(id=command.id, name=name, name_fr=name_fr, side=command.side, kind=kind,
                                 stats=raw_stats, template=command.template or "", group=command.group,
                                 unacted=ctx.state.phase != "setup"))
    del stats
    if command.at is not None:
        _place(ctx, c.Place(id=command.id, at=command.at))


def _remove(ctx: Pf1Context, command: c.Remove) -> None:
    creature = ctx.get(command.id)
    if ctx.state.turn == creature.id:
        raise fail("pf1-rule-cannot-removed-during-own-turn-end", creature=creature.id)
    ctx.emit(e.Pf1CombatantRemoved(id=creature.id))


def _place(ctx: Pf1Context, command: c.Place) -> None:
    creature = ctx.get(command.id)
    at = typing.cast(tuple[int, int], tuple(command.at))
    blocker = actions._blockers(ctx, creature, at, ending=True)
    if blocker:
        raise fail("pf1-rule-occupied-3", at0=str(at[0]), at1=str(at[1]), blocker=str(blocker))
    ctx.emit(e.Pf1Placed(id=creature.id, at=at))


def _hidden(ctx: Pf1Context, command: c.Hidden) -> None:
    # The DM's page: a monster not yet seen is left out of the players' view until revealed (the event 5e records).
    ctx.emit(HiddenChanged(id=ctx.get(command.id).id, hidden=command.hidden))


def _terrain(ctx: Pf1Context, command: c.Terrain) -> None:
    ctx.emit(e.Pf1TerrainMarked(squares=tuple(typing.cast(tuple[int, int], tuple(s)) for s in command.squares), kind=command.kind))


def _surprise(ctx: Pf1Context, command: c.Surprise) -> None:
    for cid in command.ids:
        ctx.get(cid)
    ctx.emit(e.Pf1SurpriseDeclared(ids=tuple(command.ids)))


def _members(ctx: Pf1Context, name: str) -> list[str]:
    if name in ctx.state.combatants:
        return [name]
    group = [cid for cid, cr in ctx.state.combatants.items() if cr.group == name]
    if not group:
        ctx.get(name)
    return group


def _initiative(ctx: Pf1Context, command: c.Initiative) -> None:
    """Seed 004 Initiative: d20 + Dex modifier (or initiative_bonus); a group rolls once."""
    ids = _members(ctx, command.id)
    creature = ctx.get(ids[0])
    modifier = initiative_modifier(creature)
    if command.value is not None:
        if command.dice is not None:
            raise fail("pf1-rule-initiative-takes-value-dice-not-both")
        ctx.emit(e.Pf1InitiativeRolled(ids=tuple(ids), modifier=modifier, total=command.value, set_by_dm=True))
        return
    face = ctx.die(20)
    ctx.emit(e.Pf1InitiativeRolled(ids=tuple(ids), faces=(face,), modifier=modifier, total=face + modifier))


def _roll_off(ctx: Pf1Context, command: c.RollOff) -> None:
    """Seed 004 Initiative: the tied roll again, highest first; those still tied roll once more."""
    ids = list(command.ids)
    if len(ids) < 2 or len(set(ids)) != len(ids):
        raise fail("pf1-rule-roll-off-needs-least-two-different")
    for cid in ids:
        ctx.get(cid)
    # INTERFACE-pf1 dice: one d20 per id in `ids` order, then one more round for those still tied, and so on.
    rolled: dict[str, tuple[int, ...]] = {cid: () for cid in ids}
    rounds = []
    tied = list(ids)
    while tied:
        faces = [ctx.die(20) for _ in tied]
        rounds.append(tuple(faces))
        for cid, face in zip(tied, faces):
            rolled[cid] += (face,)
        tied = [cid for cid in ids if sum(1 for other in ids if rolled[other] == rolled[cid]) > 1]
        if len(rounds) >= 100:
            raise fail("pf1-rule-roll-off-does-not-settle-type")
    ranking = sorted(ids, key=lambda cid: tuple(-face for face in rolled[cid]))
    ctx.emit(e.Pf1RolledOff(ids=tuple(ids), rounds=tuple(rounds), order=tuple(ranking)))


def _order(ctx: Pf1Context, command: c.Order) -> None:
    ids = tuple(command.ids)
    for cid in ids:
        ctx.get(cid)
    if len(set(ids)) != len(ids):
        raise fail("pf1-rule-order-lists-combatant-twice")
    if ctx.state.phase == "setup":
        rest = tuple(cid for cid in ctx.state.order if cid not in ids)
        ctx.emit(e.Pf1OrderSet(order=ids + rest if set(ids) >= set(ctx.state.order) or not rest else _merge(ctx, ids),
                               ranked=ids))
        return
    if set(ids) != set(ctx.state.order):
        raise fail("pf1-rule-during-combat-order-must-list-every")
    ctx.emit(e.Pf1OrderSet(order=ids))


def _merge(ctx: Pf1Context, ids: tuple[str, ...]) -> tuple[str, ...]:
    """Settle the listed ties in the given order; the rest keep their initiative places."""
    order = list(ctx.state.order)
    slots = sorted(order.index(cid) for cid in ids if cid in order)
    listed = [cid for cid in ids if cid in order]
    for slot, cid in zip(slots, listed):
        order[slot] = cid
    return tuple(order) + tuple(cid for cid in ids if cid not in order)


def _ties(state: Pf1State) -> list[list[str]]:
    groups: dict[tuple[int, int], list[str]] = {}
    for cid in state.order:
        cr = state.combatants[cid]
        groups.setdefault((typing.cast(int, cr.initiative), initiative_modifier(cr)), []).append(cid)
    tied = []
    for members in groups.values():
        ranks = [state.combatants[cid].tie_rank for cid in members]
        groups_of = {state.combatants[cid].group for cid in members}
        if len(groups_of) == 1 and "" not in groups_of:
            continue  # a group rolled once and acts in the order its members joined
        if len(members) > 1 and (0 in ranks or len(set(ranks)) != len(ranks)):
            tied.append(members)
    return tied


def _start(ctx: Pf1Context, command: c.Start) -> None:
    state = ctx.state
    if not state.combatants:
        raise fail("pf1-rule-no-combatants-yet-add-some-first")
    missing = [cid for cid, cr in state.combatants.items() if cr.initiative is None]
    if missing:
        raise fail("pf1-rule-no-initiative-yet", missing=', '.join(missing))
    tied = _ties(state)
    if tied:
        names = "; ".join(", ".join(group) for group in tied)
        raise fail("pf1-rule-initiative-tied-total-modifier-settle-roll", names=str(names))
    surprised = [cid for cid in state.order if state.combatants[cid].surprised]
    surprise_round = 0 < len(surprised) < len(state.order)  # seed 004 Surprise
    flat = tuple(cid for cid in state.order)  # seed 004 Pris au dépourvu: everyone until its first turn
    ctx.emit(e.Pf1CombatStarted(order=state.order, surprise_round=surprise_round, flat_footed=flat))
    if surprised and not surprise_round:
        ctx.emit(e.Pf1SurpriseRoundEnded(ids=tuple(surprised)))
    _next_turn(ctx, first=True)


# --------------------------------------------------------------------------- turns
def _next_turn(ctx: Pf1Context, first: bool = False) -> None:
    state = ctx.state
    order = list(state.order)
    if not order:
        raise fail("pf1-rule-nobody-initiative-order")
    index = -1 if first or state.turn not in order else order.index(state.turn)
    number = state.round
    for _ in range(2 * len(order) + 2):
        index += 1
        if index >= len(order):
            index = 0
            number += 1
            if ctx.state.surprise_round:
                ctx.emit(e.Pf1SurpriseRoundEnded(ids=tuple(cid for cid, cr in ctx.state.combatants.items() if cr.surprised)))
        cid = order[index]
        if ctx.state.aid_and_maneuver_fixes:
            actions.end_aid_of(ctx, cid)  # PRD Aid Another: "before the beginning of your next turn"
        expire_effects(ctx, cid, number)  # spell effects counted from cid's turns (pf1/spells.py)
        creature = ctx.state.combatants[cid]
        if creature.status == "dead":
            ctx.emit(e.Pf1TurnSkipped(id=cid, round=number, reason="dead"))
            continue
        if ctx.state.surprise_round and creature.surprised:
            ctx.emit(e.Pf1TurnSkipped(id=cid, round=number, reason="surprised"))
            continue
        for owner, instance, condition in _expiring(ctx.state, "start_of_turn", cid, number):
            ctx.emit(e.Pf1ConditionEnded(target=owner, instance=instance, condition=condition, reason="duration"))
        creature = ctx.state.combatants[cid]
        ended = tuple(x.instance for x in creature.effects if x.until == "start_of_turn")
        found = conditions_in_force(creature)
        # PRD Surprise / Staggered / Disabled: a single standard or move action.
        restricted = ctx.state.surprise_round or "staggered" in found or creature.status == "disabled"
        ctx.emit(e.Pf1TurnStarted(id=cid, round=number, restricted=restricted, awaiting_check=creature.status == "dying",
                                  ended_effects=ended))
        # PRD Bleed: the listed damage at the beginning of its turn; bleeds do not stack, the highest counts.
        bleed = max((i.amount for i in creature.conditions if i.condition == "bleed"), default=0)
        if bleed > 0 and creature.status != "dead":
            deal(ctx, cid, [("untyped", bleed)], source="bleed", single_attack=False)
        return
    raise fail("pf1-rule-no-creature-can-take-turn-all")


def _end_turn(ctx: Pf1Context, command: c.EndTurn) -> None:
    state = ctx.state
    if state.turn is not None and state.turn in state.combatants:
        creature = state.combatants[state.turn]
        # PRD Feint: the melee attack it sets up must be made on or before the feinter's next turn.
        feint = creature.effect("feint")
        if feint is not None and feint.data.get("armed"):
            ctx.emit(e.Pf1EffectEnded(id=creature.id, instance=feint.instance, effect="feint"))
        elif feint is not None:
            ctx.emit(e.Pf1EffectChanged(id=creature.id, instance=feint.instance, effect="feint",
                                        data={**feint.data, "armed": True}))
        creature = ctx.state.combatants[creature.id]
        ended = tuple(x.instance for x in creature.effects if x.until == "end_of_turn")
        ctx.emit(e.Pf1TurnEnded(id=creature.id, ended_effects=ended))
        for owner, instance, condition in _expiring(ctx.state, "end_of_turn", creature.id, state.round):
            ctx.emit(e.Pf1ConditionEnded(target=owner, instance=instance, condition=condition, reason="duration"))
        # a condition that lasts until a save: the save at the end of each of its turns (as in 5e)
        creature = ctx.state.combatants[creature.id]
        for held in creature.conditions:
            save = held.until.get("save")
            if save and creature.status != "dead":
                if roll_save(ctx, creature.id, save["ability"], save["dc"], purpose="end_condition", condition=held.condition):
                    ctx.emit(e.Pf1ConditionEnded(target=creature.id, instance=held.instance,
                                                 condition=held.condition, reason="save"))
    _next_turn(ctx)


def _death_save(ctx: Pf1Context, command: c.DeathSave) -> None:
    """PRD Stable Characters and Recovery: d20 + Con modifier + hp (negative) against 10; a natural 20 succeeds.
    Failure costs 1 HP; bleeding creatures fail automatically."""
    creature = ctx.get(command.id)
    if ctx.state.turn != creature.id:
        raise fail("pf1-rule-cannot-roll-now-s-stabilization-check", creature=creature.id, turn=str(ctx.state.turn))
    bonus = mod(creature.stats.abilities.con) + creature.hp
    if creature.has("bleed"):
        ctx.emit(e.Pf1StabilizationRolled(id=creature.id, d20=None, bonus=bonus, total=bonus, success=False,
                                          automatic_failure=True))
        success = False
    else:
        face = ctx.die(20)
        success = face == 20 or face + bonus >= 10
        ctx.emit(e.Pf1StabilizationRolled(id=creature.id, d20=face, bonus=bonus, total=face + bonus, success=success))
    if success:
        ctx.emit(e.Pf1StatusChanged(id=creature.id, status="stable", hp=creature.hp))
    else:
        deal(ctx, creature.id, [("untyped", 1)], source="dying", single_attack=False)


# --------------------------------------------------------------------------- damage and healing
def _damage(ctx: Pf1Context, command: c.Damage) -> None:
    """One roll for all targets; each target's save first; half rounded down on a success (as in 5e)."""
    targets = list(command.targets or ()) + ([command.target] if command.target else [])
    if not targets:
        raise fail("pf1-rule-damage-needs-target-targets")
    if len(set(targets)) != len(targets):
        raise fail("pf1-rule-target-listed-twice")
    kind = damage_type(command.type)
    if (command.amount is None) == (command.roll is None):
        raise fail("pf1-rule-damage-needs-exactly-one-amount-roll")
    if command.amount is not None and command.amount < 0:
        raise fail("pf1-rule-damage-cannot-negative", amount=str(command.amount))
    if command.multiplier < 2 or command.multiplier > 6:
        raise fail("pf1-rule-multiplier-runs-from-2-6")
    for tid in targets:
        if ctx.get(tid, "target").status == "dead":
            raise fail("pf1-rule-already-dead-3", tid=str(tid))
    saved = {}
    if command.save is not None:
        for tid in targets:
            saved[tid] = roll_save(ctx, tid, command.save.ability, command.save.dc, purpose="damage")
    if command.roll is not None:
        times = command.multiplier if command.critical else 1
        total = 0
        faces = []
        for _ in range(times):
            result = ctx.roll(command.roll)
            total += result.total
            faces.extend(result.faces)
        amount = max(0, total)
        ctx.emit(e.Pf1DamageRolled(target=targets[0], parts=({"roll": command.roll, "type": kind, "faces": faces,
                                                              "total": total, "multiplied": times > 1},), total=amount))
    else:
        amount = typing.cast(int, command.amount)
    amount = max(0, amount + command.adjust)
    for tid in targets:
        value = amount
        if saved.get(tid):
            value = value // 2 if typing.cast(typing.Any, command.save).half else 0
        deal(ctx, tid, [(kind, value)], weapon=command.weapon, bypass=set(command.bypass), nonlethal=command.nonlethal,
             source=command.source)


def _heal(ctx: Pf1Context, command: c.Heal) -> None:
    if (command.amount is None) == (command.roll is None):
        raise fail("pf1-rule-heal-needs-exactly-one-amount-roll")
    target = ctx.get(command.target, "target")
    if target.status == "dead":
        raise fail("pf1-rule-dead-healing-does-not-bring-back", target=target.id)
    if command.amount is not None and command.amount < 0:
        raise fail("pf1-rule-healing-cannot-negative", amount=str(command.amount))
    if command.roll is not None:
        result = ctx.roll(command.roll)
        heal_creature(ctx, target.id, max(0, result.total), faces=result.faces)
    else:
        heal_creature(ctx, target.id, typing.cast(int, command.amount))


def _temp_hp(ctx: Pf1Context, command: c.TempHp) -> None:
    target = ctx.get(command.target, "target")
    if command.amount < 0:
        raise fail("pf1-rule-temporary-hit-points-cannot-negative")
    after = command.amount if command.replace else max(target.temp_hp, command.amount)
    ctx.emit(e.Pf1TempHpGranted(target=target.id, amount=command.amount, after=after))


def _save(ctx: Pf1Context, command: c.Save) -> None:
    ctx.get(command.id)
    roll_save(ctx, command.id, command.ability, command.dc)


def _check_bonus(creature, ability: str | None, skill: str | None) -> tuple[str, int]:
    """A skill's total bonus from `stats.skills` (an `ability` given with it is only its key ability), else the
    ability modifier."""
    if ability is None and skill is None:
        raise fail("pf1-rule-check-needs-ability-skill")
    if skill is None:
        if ability not in ("str", "dex", "con", "int", "wis", "cha"):
            raise fail("pf1-rule-unknown-ability", ability=str(ability))
        return ability, mod(getattr(creature.stats.abilities, ability))
    if skill not in creature.stats.skills:
        known = ", ".join(creature.stats.skills)
        raise fail("pf1-rule-has-no-skill-stats-known", creature=creature.id, skill=str(skill), known=known)
    return skill, creature.stats.skills[skill]


def _check(ctx: Pf1Context, command: c.Check) -> None:
    creature = ctx.get(command.id)
    name, bonus = _check_bonus(creature, command.ability, command.skill)
    if command.against is not None:
        # PRD Opposed checks: the higher result wins; a tie goes to the higher bonus, then both roll again.
        other = ctx.get(command.against.id, "opponent")
        if other.id == creature.id:
            raise fail("pf1-rule-creature-cannot-oppose-itself")
        other_name, other_bonus = _check_bonus(other, command.against.ability, command.against.skill)
        for _ in range(20):
            mine, theirs = ctx.die(20), ctx.die(20)
            if mine + bonus != theirs + other_bonus or bonus != other_bonus:
                break
        won = (mine + bonus, bonus) > (theirs + other_bonus, other_bonus)
        ctx.emit(e.Pf1CheckRolled(id=creature.id, check=name, d20=mine, bonus=bonus, total=mine + bonus,
                                  dc=theirs + other_bonus, success=won, purpose="opposed_by", target=other.id))
        ctx.emit(e.Pf1CheckRolled(id=other.id, check=other_name, d20=theirs, bonus=other_bonus,
                                  total=theirs + other_bonus, dc=mine + bonus, success=not won,
                                  purpose="opposing", target=creature.id))
        return
    face = ctx.die(20)
    success = None if command.dc is None else face + bonus >= command.dc
    ctx.emit(e.Pf1CheckRolled(id=creature.id, check=name, d20=face, bonus=bonus, total=face + bonus, dc=command.dc,
                              success=success))


def _condition(ctx: Pf1Context, command: c.Condition) -> None:
    target = ctx.get(command.target, "target")
    if (command.add is None) == (command.remove is None):
        raise fail("pf1-rule-condition-needs-exactly-one-add-remove")
    name = typing.cast(str, command.add or command.remove)
    actions.check_condition_id(name)
    if command.add is not None:
        if command.source is not None:
            ctx.get(command.source, "source")
        until = _until(ctx, command, target.id)
        if command.amount is not None and (name != "bleed" or command.amount < 0):
            raise fail("pf1-rule-amount-hp-bleed-costs-each-turn", add="add: bleed")  # command syntax, in no language
        ctx.emit(e.Pf1ConditionApplied(target=target.id, instance=ctx.instance(), condition=name,
                                       source=command.source or "", until=until,
                                       no_effect=name in target.stats.condition_immunities, amount=command.amount or 0))
        return
    matching = [i for i in target.conditions if i.condition == name and (command.source is None or i.source == command.source)]
    if not matching:
        raise fail("pf1-rule-has-no-remove", target=target.id, name=str(name))
    for i in matching:
        ctx.emit(e.Pf1ConditionEnded(target=target.id, instance=i.instance, condition=name))


def _until(ctx: Pf1Context, command: c.Condition, target: str) -> dict:
    """INTERFACE.md `condition` durations: end or start of a turn (the first that comes, the current one
    included), N rounds of an anchor, or a save (recorded for the DM)."""
    until, state = command.until, ctx.state
    spec = dict(until) if isinstance(until, dict) else {}
    if isinstance(until, str):
        if until in ("end_of_turn", "start_of_turn"):
            spec = {until: command.of or state.turn or target}
        elif until == "rounds":
            spec = {"rounds": command.rounds if command.rounds is not None else 1}
        elif until == "save":
            spec = {"save": msgspec.to_builtins(command.save) if command.save else None}
        elif until != "forever":
            raise fail("pf1-rule-unknown-duration-use-end-turn-start", until=str(until))
    elif until is None and command.rounds is not None:
        spec = {"rounds": command.rounds}
    for key in ("end_of_turn", "start_of_turn"):
        if key in spec:
            who = spec[key] if isinstance(spec[key], str) else (command.of or state.turn or target)
            ctx.get(who)
            return {key: who}
    if "rounds" in spec:
        if not isinstance(spec["rounds"], int) or isinstance(spec["rounds"], bool) or spec["rounds"] < 1:
            raise fail("pf1-rule-duration-rounds-too-short", rounds=str(spec['rounds']))
        anchor = spec.get("of") or command.of or state.turn or target
        ctx.get(anchor)
        # N full rounds: it ends when the anchor's turn starts N rounds later (before combat: counted from round 1).
        return {"rounds": spec["rounds"], "of": anchor,
                "expires_round": (state.round if state.turn else 1) + spec["rounds"]}
    if "save" in spec:
        save = spec["save"]
        if not isinstance(save, dict) or save.get("ability") not in ("fort", "ref", "will") \
                or not isinstance(save.get("dc"), int) or isinstance(save.get("dc"), bool):
            raise fail("pf1-rule-save-duration-needs-ability-dc", keys='{"ability", "dc"}')
        return {"save": {"ability": save["ability"], "dc": int(save["dc"])}, "of": target}
    if spec:
        raise fail("pf1-rule-unknown-duration", spec=str(spec))
    return {}


def _expiring(state: Pf1State, moment: str, cid: str, number: int) -> list[tuple[str, int, str]]:
    """Conditions that end at the start or end of `cid`'s turn (round `number`)."""
    found = []
    for creature in state.combatants.values():
        for i in creature.conditions:
            until = i.until
            if until.get(moment) == cid:
                found.append((creature.id, i.instance, i.condition))
            elif moment == "start_of_turn" and "rounds" in until and until.get("of") == cid \
                    and number >= until.get("expires_round", 0):
                found.append((creature.id, i.instance, i.condition))
    return found


def _end(ctx: Pf1Context, command: c.End) -> None:
    ctx.emit(CombatEnded(reason=command.reason))


def _grapple(ctx: Pf1Context, command: c.Grapple) -> None:
    combat.maneuver(ctx, c.Maneuver(attacker=command.attacker, target=command.target, maneuver="grapple"))


def _shove(ctx: Pf1Context, command: c.Shove) -> None:
    combat.maneuver(ctx, c.Maneuver(attacker=command.attacker, target=command.target,
                                    maneuver="trip" if command.effect == "prone" else "bull_rush"))


def _trigger(ctx: Pf1Context, command: c.Trigger) -> None:
    """The DM says the readied trigger happened: a window opens for the readier alone (PRD Ready; INTERFACE.md)."""
    readier = ctx.get(command.id)
    effect = readier.effect("readied")
    if effect is None:
        raise fail("pf1-rule-has-no-readied-action", readier=readier.id)
    if ctx.state.turn == readier.id:
        raise fail("pf1-rule-cannot-trigger-readied-action-own-turn", readier=readier.id)
    if not can_act(readier):
        raise fail("pf1-rule-cannot-act-now-2", readier=readier.id)
    text = effect.data.get("trigger", "")
    ctx.emit(e.Pf1WindowOpened(waiting=ctx.state.turn or readier.id, reactors=(readier.id,), act="readied", text=text,
                               pending={"kind": "readied", "id": readier.id}))


def _readied(ctx: Pf1Context, command: c.React, window) -> None:
    """The readied response: an attack at the highest bonus or a move; then the readier's place in the order moves
    to just before the creature whose act triggered it (PRD Ready)."""
    reactor = ctx.get(command.id)
    effect = reactor.effect("readied")
    if window.pending.get("kind") != "readied" or window.pending.get("id") != reactor.id or effect is None:
        raise fail("pf1-rule-has-no-readied-action-waiting-this", reactor=reactor.id)
    response = dict(effect.data.get("response") or {})
    ctx.emit(e.Pf1ReactionTaken(id=reactor.id, reaction="readied"))
    ctx.emit(e.Pf1EffectEnded(id=reactor.id, instance=effect.instance, effect="readied"))
    ctx.emit(e.Pf1ActionTaken(id=reactor.id, action="readied", details={"trigger": effect.data.get("trigger", "")}))
    trigger_creature = window.waiting
    if trigger_creature in ctx.state.order and trigger_creature != reactor.id:
        order = [cid for cid in ctx.state.order if cid != reactor.id]
        order.insert(order.index(trigger_creature), reactor.id)
        ctx.emit(e.Pf1OrderSet(order=tuple(order)))
    if response.get("do") == "move":
        mover = ctx.get(reactor.id)
        raw_path = response.get("path", ())
        path = [square_of(square, "readied move") for square in (raw_path if isinstance(raw_path, list) else [raw_path])]
        if not path or mover.position is None:
            raise fail("pf1-rule-s-readied-move-has-no-path", reactor=reactor.id)
        costs = actions.path_costs(ctx, mover, path)
        if sum(costs) > actions.speed(mover) + 1e-9:
            raise fail("pf1-rule-s-readied-move-longer-than-speed", reactor=reactor.id)
        actions._walk(ctx, mover, c.Move(id=reactor.id, path=tuple(path)), path, 0, costs, "")
        return
    target = ctx.get(name_of(command.target or response.get("target"), "the readied attack's target"), "target")
    melee = next((a for a in reactor.stats.attacks if a.kind == "melee"), None)
    attack_id = command.attack or response.get("with") or (melee.id if melee else None)
    if attack_id is not None:
        name_of(attack_id, "with")
    profile = combat._profile(reactor, attack_id)
    combat.strike(ctx, reactor.id, target.id, profile, combat.base_bonus(reactor, profile), "readied", {})


# --------------------------------------------------------------------------- reactions
def _react(ctx: Pf1Context, command: c.React) -> None:
    window = ctx.state.windows[-1]
    reactor = ctx.get(command.id)
    if command.id not in window.reactors:
        raise fail("pf1-rule-may-not-react-now-waiting", command=command.id, reactors=', '.join(window.reactors),
                   trigger=trigger_phrase(window))
    if command.with_ == "readied":
        _readied(ctx, command, window)
        _maybe_close(ctx)
        return
    if command.with_ != "opportunity_attack":
        raise fail("pf1-rule-pf1-reactions-opportunity-attack-readied-not", with_=str(command.with_))
    if window.pending.get("kind") == "readied":
        raise fail("pf1-rule-this-window-s-readied-trigger-answer", waiting=str(window.waiting))
    provoker = ctx.get(window.waiting)
    combat.opportunity_attack(ctx, reactor, provoker, command.attack, bool(window.pending.get("stage", {}).get("costs")),
                              window.pending)
    _maybe_close(ctx)


def _pass(ctx: Pf1Context, command: c.Pass) -> None:
    window = ctx.state.windows[-1]
    if command.id not in window.reactors:
        raise fail("pf1-rule-may-not-pass-now-waiting", command=command.id, reactors=', '.join(window.reactors))
    ctx.emit(e.Pf1ReactionPassed(id=command.id))
    _maybe_close(ctx)


def _maybe_close(ctx: Pf1Context) -> None:
    """When every reactor answered, the window closes and the waiting command goes on (seed 004: the attack of
    opportunity resolves at once, then the action continues)."""
    window = ctx.state.windows[-1]
    if window.reactors:
        return
    ctx.emit(e.Pf1WindowClosed(waiting=window.waiting))
    pending = window.pending
    if "command" not in pending:
        return  # a readied trigger: nothing waits
    own_dice = ctx.dice
    ctx.dice = SuppliedDice(pending["dice"]) if pending.get("dice") is not None else ctx.rng
    try:
        provoker = ctx.state.combatants.get(window.waiting)
        if provoker is None or not can_act(provoker):
            leftover(ctx, "cannot_act", by=window.waiting)
            return
        raw = pending["command"]
        command = c.parse(raw)
        stage = {**pending.get("stage", {}), "lost": bool(pending.get("lost"))}
        if ctx.state.aid_and_maneuver_fixes:
            stage["aoo_damage"] = window.damage
        HANDLERS_RESUMABLE[command.do_name](ctx, command, stage)
        if pending.get("strain"):
            ctx.strain = pending["strain"]
        if ctx.strain and ctx.state.phase != "reaction":
            _strain(ctx, ctx.strain)
        if isinstance(ctx.dice, SuppliedDice) and ctx.state.phase != "reaction":
            try:
                ctx.dice.check_all_used()
            except DiceError as error:
                raise fail("pf1-rule-waiting-command", error=str(error)) from None
    finally:
        ctx.dice = own_dice


HANDLERS_RESUMABLE: dict[str, Callable] = {
    "move": actions.move, "attack": combat.attack, "full_attack": combat.full_attack, "maneuver": combat.maneuver,
    "coup_de_grace": combat.coup_de_grace, "action": actions.action, "stand": actions.stand, "stabilize": actions.stabilize,
}

HANDLERS: dict[str, Callable] = {
    "add": _add, "remove": _remove, "place": _place, "hidden": _hidden, "terrain": _terrain, "surprise": _surprise,
    "initiative": _initiative, "roll_off": _roll_off, "order": _order, "start": _start, "end_turn": _end_turn,
    "move": actions.move, "action": actions.action, "stand": actions.stand, "drop_prone": actions.drop_prone,
    "stabilize": actions.stabilize, "escape": actions.escape, "attack": combat.attack,
    "full_attack": combat.full_attack, "coup_de_grace": combat.coup_de_grace, "maneuver": combat.maneuver,
    "grapple": _grapple, "shove": _shove,
    "damage": _damage, "heal": _heal, "temp_hp": _temp_hp, "save": _save, "check": _check,
    "condition": _condition, "death_save": _death_save, "react": _react, "pass": _pass, "trigger": _trigger,
    "end": _end, "cast": cast_spell, "dismiss": dismiss, "rest": rest,
}
_ = (spend, status_for)
