"""Who fights and when: combatants, initiative, the start of combat, turns and rounds (seed 000 Combat;
seed 001 Ordre de combat)."""

from typing import cast

import msgspec

from combatlog.core.rulesets.dnd5e import commands as c
from combatlog.core.rulesets.dnd5e.conditions import apply_condition, end_condition, end_effect
from combatlog.core.kernel.context import Context, fail
from combatlog.core.rulesets.dnd5e.legendary import LAIR, at_turn_start, check_lair_allowed, lair_alive
from combatlog.core.rulesets.dnd5e.queries import conditions_in_force, occupied_squares
from combatlog.core.rulesets.dnd5e.resources import carried_combatant, carry, roll_recharges
from combatlog.core.rulesets.dnd5e.legendary import saving_throw_with_resistance
from combatlog.core.rulesets.dnd5e.rolls import d20_test_sources
from combatlog.core.rulesets.dnd5e.stats import SIZES, parse_stats, stored_stats
from combatlog.events.turns import (
    HiddenChanged,
    CombatantAdded,
    CombatantRemoved,
    CombatStarted,
    EconomySpent,
    InitiativeRolled,
    Placed,
    SurpriseDeclared,
    TiesOrdered,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from combatlog.events.values import Modifier


def add(ctx: Context, command: c.Add) -> None:
    if command.unconscious_at_zero and not ctx.ruleset.creature_options:
        raise fail("rule-unconscious-at-zero-rolenplay")
    if not command.id or not command.id.strip():
        raise fail("rule-combatant-needs-id")
    if command.id in ctx.state.combatants:
        raise fail("rule-there-already-combatant", id=command.id)
    if command.carry is not None:
        carry(ctx, command, lambda stats, name, name_fr, kind: _add_combatant(
            ctx, msgspec.structs.replace(command, side=command.side or _carried_side(ctx, command)), stats, name,
            name_fr, kind))
        return
    if not command.side:
        raise fail("rule-add-needs-side", id=command.id)
    name, name_fr, kind = command.name, command.name_fr, command.kind
    if command.template:
        template = _template(ctx, command.template)
        raw_stats = _merge(template["stats"], command.overrides or {})
        template_names = template.get("name", {})
        name = name or template_names.get("en") or command.id
        name_fr = name_fr or (template_names.get("fr") if not command.name else command.name)
        kind = kind or template.get("kind")
    elif command.stats is not None:
        raw_stats = _merge(command.stats, command.overrides or {})
    else:
        raise fail("rule-needs-stats-or-template", id=command.id)
    if kind is None:
        raise fail("rule-needs-kind-pc-or-monster", id=command.id)
    _add_combatant(ctx, command, raw_stats, name, name_fr, kind)


def _carried_side(ctx: Context, command: c.Add) -> str:
    creature = carried_combatant(ctx, command)
    return creature.side if creature is not None else ""


def _add_combatant(ctx: Context, command: c.Add, raw_stats: dict, name, name_fr, kind) -> None:
    stats = parse_stats(raw_stats, command.id)
    check_lair_allowed(ctx, stats, command.id)
    ctx.emit(CombatantAdded(
        id=command.id, name=name or command.id, name_fr=name_fr or name or command.id, side=cast(str, command.side), kind=kind,
        stats=stored_stats(stats), template=command.template or "", group=command.group,
    ))
    if command.at is not None:
        ctx.emit(Placed(id=command.id, at=command.at))
    if stats.hp == 0:
        from combatlog.core.rulesets.dnd5e.hitpoints import _drop_to_zero

        _drop_to_zero(ctx, command.id, 0)


def find_template(ctx: Context, name: str) -> dict | None:
    """A template of fixtures/creatures first (today's ids win), then a creature of the ruleset's library."""
    template = ctx.templates(name) if ctx.templates is not None else None
    if template is None and ctx.ruleset is not None:
        from combatlog.compendium import template as library_template

        template = library_template(ctx.ruleset.library_family, name)
    return template


def _template(ctx: Context, name: str) -> dict:
    template = find_template(ctx, name)
    if template is None:
        if ctx.templates is None:
            raise fail("rule-no-creature-templates-are-available")
        raise fail("rule-unknown-template", name=name)
    return template


def _merge(base: dict, overrides: dict) -> dict:
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


def remove(ctx: Context, command: c.Remove) -> None:
    ctx.get(command.id)
    was_turn = ctx.state.turn == command.id and ctx.state.phase in ("turn", "death_save")
    order = ctx.state.order
    index = order.index(command.id) if command.id in order else 0
    if was_turn:
        ctx.emit(TurnEnded(id=command.id, round=ctx.state.round))
    from combatlog.core.rulesets.dnd5e.conditions import release_grapples_out_of_reach

    release_grapples_out_of_reach(ctx, gone=command.id)
    ctx.emit(CombatantRemoved(id=command.id))
    if was_turn and ctx.state.order:
        _advance(ctx, index - 1)


def place(ctx: Context, command: c.Place) -> None:
    ctx.get(command.id)
    ctx.emit(Placed(id=command.id, at=command.at))
    from combatlog.core.rulesets.dnd5e.conditions import release_grapples_out_of_reach

    release_grapples_out_of_reach(ctx)


def hidden(ctx: Context, command: c.Hidden) -> None:
    ctx.get(command.id)
    ctx.emit(HiddenChanged(id=command.id, hidden=command.hidden))


def surprise(ctx: Context, command: c.Surprise) -> None:
    for combatant_id in command.ids:
        ctx.get(combatant_id)
    ctx.emit(SurpriseDeclared(ids=command.ids))


def initiative(ctx: Context, command: c.Initiative) -> None:
    """A Dexterity check; a group rolls once for all its members (seed 000 Initiative)."""
    creature = _initiative_roller(ctx, command.id)
    members = tuple(
        member.id for member in ctx.state.combatants.values()
        if member.id == creature.id or (creature.group and member.group == creature.group)
    )
    if command.value is not None:
        ctx.emit(InitiativeRolled(ids=members, total=command.value, set_by_dm=True))
        return
    ruleset = ctx.ruleset
    advantage, disadvantage, extra = d20_test_sources(
        ctx, creature.id, "check", ("DM",) if command.advantage else (), ("DM",) if command.disadvantage else ()
    )
    conditions = conditions_in_force(creature, ruleset)
    if creature.surprised and ruleset.surprise_gives_initiative_disadvantage:
        disadvantage.append("surprised")
    if ruleset.incapacitated_initiative_disadvantage and "incapacitated" in conditions:
        disadvantage.append("incapacitated")
    if ruleset.invisible_initiative_advantage and "invisible" in conditions:
        advantage.append("invisible")
    modifiers = [Modifier("initiative", creature.stats.initiative_modifier)] + extra
    natural, faces = ctx.d20(advantage=bool(advantage), disadvantage=bool(disadvantage))
    ctx.emit(InitiativeRolled(
        ids=members, faces=faces, natural=natural, modifiers=tuple(modifiers),
        total=natural + sum(m.value for m in modifiers), advantage=tuple(advantage), disadvantage=tuple(disadvantage),
    ))


def _initiative_roller(ctx: Context, name: str):
    if name in ctx.state.combatants:
        return ctx.state.combatants[name]
    members = [member for member in ctx.state.combatants.values() if member.group == name]
    if members:
        return members[0]
    return ctx.get(name)


def order(ctx: Context, command: c.Order) -> None:
    """The DM breaks ties: the listed ids act in this order (seed 000 Initiative, Égalités).
    A group (or any of its members) stands for all its members, who act together."""
    expanded: list[str] = []
    for name in command.ids:
        creature = _initiative_roller(ctx, name)
        members = [m.id for m in ctx.state.combatants.values() if m.id == creature.id or (creature.group and m.group == creature.group)]
        expanded += [member for member in members if member not in expanded]
    command = c.Order(ids=tuple(expanded))
    for combatant_id in command.ids:
        if ctx.get(combatant_id).initiative is None:
            raise fail("rule-has-no-initiative-yet", combatant_id=combatant_id)
    counts = {ctx.state.combatants[i].initiative for i in command.ids}
    if len(counts) > 1 and len(command.ids) > 1:
        ranked = sorted(command.ids, key=lambda i: -ctx.state.combatants[i].initiative)
        if list(ranked) != list(command.ids):
            raise fail("rule-order-only-breaks-ties-cannot")
    ctx.emit(TiesOrdered(ids=command.ids))


def unresolved_ties(ctx: Context) -> list[list[str]]:
    by_count: dict[int, list] = {}
    for combatant in ctx.state.combatants.values():
        if combatant.initiative is not None:
            by_count.setdefault(combatant.initiative, []).append(combatant)
    ties = []
    for count, tied in sorted(by_count.items(), reverse=True):
        units: dict[str, list] = {}
        for combatant in tied:
            units.setdefault(combatant.group or combatant.id, []).append(combatant)
        if ctx.ruleset.characters_first_on_ties:
            # Seed 003 Initiative: a character tied with a monster acts first; only ties among characters
            # (the players choose) and among monster groups (the DM chooses) are left to `order`.
            kinds: tuple[list, ...] = ([u for u in units.values() if u[0].kind == "pc"], [u for u in units.values() if u[0].kind != "pc"])
        else:
            kinds = (list(units.values()),)
        for same_kind in kinds:
            if len(same_kind) < 2:
                continue
            ranks = [min((m.tie_rank for m in members if m.tie_rank), default=0) for members in same_kind]
            if 0 in ranks or len(set(ranks)) != len(ranks):
                ties.append([combatant.id for members in same_kind for combatant in members])
    return ties


def start(ctx: Context, command: c.Start) -> None:
    state = ctx.state
    if not state.combatants:
        raise fail("rule-cannot-start-nobody-in-fight")
    missing = [i for i, combatant in state.combatants.items() if combatant.initiative is None]
    if missing:
        raise fail("rule-cannot-start-no-initiative-yet", missing=', '.join(missing))
    ties = unresolved_ties(ctx)
    if ties:
        listed = "; ".join(" = ".join(group) + f" ({state.combatants[group[0]].initiative})" for group in ties)
        raise fail("rule-cannot-start-initiative-ties-to", listed=listed)
    ctx.emit(CombatStarted(order=state.order))
    if ctx.ruleset.surprise_skips_first_turn:
        for combatant in state.combatants.values():
            if combatant.surprised:
                ctx.emit(EconomySpent(id=combatant.id, resource="reaction", by="surprised"))
    _advance(ctx, -1, new_round=1)


def end_turn(ctx: Context, command: c.EndTurn) -> None:
    current = ctx.state.turn
    if current == LAIR:
        ctx.emit(TurnEnded(id=LAIR, round=ctx.state.round))
        _end_of_turn_expiries(ctx, LAIR)
        _advance(ctx, ctx.state.order.index(LAIR))
        return
    creature = ctx.state.combatants[current]
    # seed 001 Surprise: a surprised creature cannot react until its first turn ends.
    restored = creature.surprised and ctx.ruleset.surprise_skips_first_turn and creature.status == "alive"
    if ctx.ruleset.ending_turn_in_space_prone:
        _prone_in_another_space(ctx, creature)
    ctx.emit(TurnEnded(id=current, round=ctx.state.round, reaction_restored=restored))
    _end_of_turn_expiries(ctx, current)
    _advance(ctx, ctx.state.order.index(current))


def _prone_in_another_space(ctx: Context, creature) -> None:
    """Seed 000, Se Déplacer autour d'Autres Créatures: a creature that ends its turn in another creature's
    space falls prone, unless it is Tiny or larger than the other (SRD 5.2)."""
    if creature.position is None or creature.status == "dead" or creature.stats.size == "tiny" or creature.has("prone"):
        return
    mine = set(occupied_squares(creature))
    for other in ctx.state.combatants.values():
        if other.id == creature.id or other.position is None or other.status == "dead":
            continue
        if mine & set(occupied_squares(other)) and SIZES.index(creature.stats.size) <= SIZES.index(other.stats.size):
            apply_condition(ctx, creature.id, "prone", source="ended_turn_in_space", by=other.id)
            return


def _advance(ctx: Context, index: int, new_round: int | None = None) -> None:
    """Start the next living creature's turn after position `index`; dead creatures' turns are skipped."""
    state = ctx.state
    order = state.order
    round_number = new_round or state.round
    for _ in range(len(order) + 1):
        index += 1
        if index >= len(order):
            index = 0
            round_number += 1
        if order[index] == LAIR:
            if lair_alive(ctx.state.combatants):
                ctx.emit(TurnStarted(id=LAIR, round=round_number))
                _start_of_turn_expiries(ctx, LAIR, round_number)
                return
            ctx.emit(TurnSkipped(id=LAIR, round=round_number, reason="dead"))
            continue
        creature = ctx.state.combatants[order[index]]
        if creature.status == "dead":
            ctx.emit(TurnSkipped(id=creature.id, round=round_number, reason="dead"))
            # The skipped turn still comes round: what lasts until its start or its end, or N rounds of it, runs out.
            _start_of_turn_expiries(ctx, creature.id, round_number)
            _end_of_turn_expiries(ctx, creature.id)
            continue
        begin_turn(ctx, creature.id, round_number)
        return
    raise fail("rule-every-combatant-dead-end-combat")


def begin_turn(ctx: Context, creature_id: str, round_number: int) -> None:
    """Reaction back, durations that end here expire, a dying creature rolls its death save first."""
    creature = ctx.state.combatants[creature_id]
    restored = not (creature.surprised and ctx.ruleset.surprise_skips_first_turn)
    ctx.emit(TurnStarted(id=creature_id, round=round_number,
                         awaiting_death_save=creature.status == "dying" and ctx.ruleset.death_saves,
                         reaction_restored=restored))
    if ctx.ruleset.reaction_every_turn:
        # Seed 003 Réaction: once per turn, so every reaction comes back when any turn starts.
        back = tuple(other.id for other in ctx.state.combatants.values()
                     if not other.reaction_available and other.status != "dead" and not other.surprised
                     and not other.has("surprised"))
        if back:
            from combatlog.events.rolenplay import ReactionsRestored

            ctx.emit(ReactionsRestored(ids=back, turn_of=creature_id))
    _start_of_turn_expiries(ctx, creature_id, round_number)
    # INTERFACE.md §7: spent recharge uses roll their d6, legendary actions come back (when no gap is open).
    roll_recharges(ctx, creature_id)
    at_turn_start(ctx, creature_id)


def _start_of_turn_expiries(ctx: Context, creature_id: str, round_number: int) -> None:
    """Durations that end when `creature_id`'s turn starts (also when that turn is skipped)."""
    for other in list(ctx.state.combatants.values()):
        for condition in other.conditions:
            until = condition.until
            if until.get("start_of_turn") == creature_id:
                end_condition(ctx, other.id, condition.instance, "start_of_turn", by=creature_id)
            elif "rounds" in until and until.get("of") == creature_id and round_number >= until["expires_round"]:
                end_condition(ctx, other.id, condition.instance, "rounds_elapsed", count=until["rounds"])
        for effect in other.effects:
            until = effect.until
            if until.get("start_of_turn") == creature_id:
                end_effect(ctx, other.id, effect.instance, "start_of_turn", by=creature_id)
            elif "rounds" in until and until.get("of") == creature_id and round_number >= until["expires_round"]:
                end_effect(ctx, other.id, effect.instance, "rounds_elapsed", count=until["rounds"])


def _end_of_turn_expiries(ctx: Context, creature_id: str) -> None:
    for other in list(ctx.state.combatants.values()):
        for condition in other.conditions:
            if condition.until.get("end_of_turn") == creature_id:
                end_condition(ctx, other.id, condition.instance, "end_of_turn", by=creature_id)
        for effect in other.effects:
            if effect.until.get("end_of_turn") == creature_id:
                end_effect(ctx, other.id, effect.instance, "end_of_turn", by=creature_id)
    creature = ctx.state.combatants.get(creature_id)
    for condition in creature.conditions if creature is not None else ():
        save = condition.until.get("save")
        if save and creature.status != "dead":
            listed = (creature_id,) if condition.until.get("legendary_resistance") else ()
            if saving_throw_with_resistance(ctx, creature_id, save["ability"], save["dc"], listed=listed,
                                            purpose="end_condition",
                                            condition=condition.condition):
                end_condition(ctx, creature_id, condition.instance, "saving_throw_succeeded")


