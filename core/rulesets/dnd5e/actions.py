"""Non-attack actions, movement, standing up, first aid (seed 000 Actions; seed 001 Actions en combat)."""

from typing import Any, cast

from combatlog.words import Distance, Phrase, term_phrase
from combatlog.core.rulesets.dnd5e import commands as c
from combatlog.core.rulesets.dnd5e.combat import MELEE_RANGE, can_act, escape, spend
from combatlog.core.rulesets.dnd5e.conditions import apply_condition, end_condition, start_effect
from combatlog.core.kernel.context import Context, fail
from combatlog.core.kernel.errors import RuleViolation
from combatlog.core.rulesets.dnd5e.hitpoints import KNOCKED_OUT
from combatlog.core.rulesets.dnd5e.queries import (
    SQUARE_METRES,
    conditions_in_force,
    gap_squares,
    hostile,
    incapacitated,
    occupied_squares,
    turn_phrase,
    within,
)
from combatlog.core.rulesets.dnd5e.rolls import ability_check
from combatlog.core.rulesets.dnd5e.stats import SIZES
from combatlog.events.damage import StatusChanged
from combatlog.events.movement import MovementSpent
from combatlog.events.turns import ActionTaken

# 2014 and 2024 names for the same actions, and French names a table may type.
ACTION_ALIASES = {
    "cast_spell": "magic", "cast_a_spell": "magic", "magie": "magic", "lancer_un_sort": "magic",
    "use_object": "utilize", "use_an_object": "utilize", "utiliser": "utilize",
    "foncer": "dash", "se_precipiter": "dash", "désengager": "disengage", "se_desengager": "disengage",
    "esquiver": "dodge", "aider": "help", "se_cacher": "hide", "se_preparer": "ready", "se_tenir_pret": "ready",
    "chercher": "search", "influencer": "influence", "etudier": "study", "étudier": "study",
}
ACTIONS = ("dash", "disengage", "dodge", "help", "hide", "ready", "search", "magic", "influence", "study", "utilize",
           "escape")
HIDE_DC = 15  # SRD 5.2 Hide action: DC 15 Dexterity (Stealth)


def action(ctx: Context, command: c.Action) -> None:
    name = ACTION_ALIASES.get(command.action, command.action)
    if name == "attack":
        raise fail("rule-use-attack-command-to-attack")
    if name not in ACTIONS:
        raise fail("rule-unknown-action-known", action=command.action, ACTIONS=', '.join(ACTIONS))
    creature = ctx.get(command.id)
    # Seed 003 Repoussé: a turned creature may only dash; dodge and escape are accepted (the DM judges it is held).
    can_act(ctx, creature, Phrase("verb-action", action=name), turned_away=name not in ("dash", "dodge", "escape"))
    if name == "disengage" and not ctx.state.opportunity_attacks:
        raise fail("rule-there-no-disengage-action-without")
    spend(ctx, creature, command.slot, name)
    details: dict = {}
    if name == "dash":
        details["extra_movement"] = ctx.ruleset.speed(creature)
    if name == "ready":
        if not command.trigger:
            raise fail("rule-ready-needs-trigger-what-creature")
        if not isinstance(command.response, dict) or command.response.get("do") not in ("attack", "move", "cast"):
            raise fail("rule-ready-needs-response-attack-or")
        details.update(trigger=command.trigger, response=command.response)
        if command.spell:
            details["spell"] = command.spell
    if command.target:
        details["target"] = command.target
    if command.ally:
        details["ally"] = command.ally
    ctx.emit(ActionTaken(id=creature.id, action=name, slot=command.slot, details=details))
    _carry_out(ctx, creature.id, name, command)


def _carry_out(ctx: Context, creature_id: str, name: str, command: c.Action) -> None:
    creature = ctx.state.combatants[creature_id]
    own_next_turn = {"start_of_turn": creature_id}
    if name == "dodge":
        start_effect(ctx, creature_id, "dodging", source=creature_id, until=own_next_turn)
    elif name == "help" and ctx.ruleset.help_needs_helper_near_ally:
        _help_near_ally(ctx, creature, command)
    elif name == "help":
        ally_id = command.ally or (command.target if not command.ally and command.skill else None)
        if ally_id is None:
            raise fail("rule-help-needs-ally-and-target")
        ally = ctx.get(ally_id)
        if ally.id == creature_id:
            raise fail("rule-cannot-help-itself-action", creature_id=creature_id)
        if command.target and command.target != ally.id:
            enemy = ctx.get(command.target)
            if not within(creature, enemy, MELEE_RANGE, unknown=True):
                raise fail("rule-cannot-help-against-must-be", creature_id=creature_id, enemy=enemy.id,
                           within=Distance(MELEE_RANGE, ctx.state.units))
            data = {"against": enemy.id}
        else:
            data = {"check": True}
        start_effect(ctx, ally.id, "helped", source=creature_id, until=own_next_turn, data=data)
    elif name == "hide":
        dc = command.dc if command.dc is not None else HIDE_DC
        total = ability_check(ctx, creature_id, "dex", "stealth", dc, purpose="hide")
        if total >= dc:
            apply_condition(ctx, creature_id, "invisible", source="hide")
    elif name == "ready":
        held = command.spell or command.effect
        if held:
            # A readied spell holds concentration until it is released (seed 001/003 Se tenir prêt).
            from combatlog.core.rulesets.dnd5e.conditions import start_concentration

            start_concentration(ctx, creature_id, held)
        data = {"trigger": command.trigger, "response": command.response, "concentration": bool(held)}
        if command.spell:
            data["spell"] = command.spell
        if cast(dict, command.response).get("do") == "cast":
            from combatlog.core.rulesets.dnd5e.spells import hold_spell  # a real spell, its slot spent now

            data["cast"] = hold_spell(ctx, creature_id, command.spell,
                                      {k: v for k, v in cast(dict, command.response).items() if k != "do"})
        start_effect(ctx, creature_id, "readied", source=creature_id, until=own_next_turn, data=data)
    elif name == "escape":
        escape(ctx, creature, command.skill)
    elif command.skill or command.ability:
        ability_check(ctx, creature_id, command.ability, command.skill, command.dc, purpose=name)


def _help_near_ally(ctx: Context, helper, command: c.Action) -> None:
    """Seed 003 Aider (D10): the helper within 1.5 m of the ally; advantage on the ally's first attack roll
    (any target), or with a skill or ability on its next matching check; no expiry: used up by that roll."""
    if not command.ally:
        raise fail("rule-help-needs-ally-one-who")
    ally = ctx.get(command.ally)
    if ally.id == helper.id:
        raise fail("rule-cannot-help-itself", helper=helper.id)
    if not within(helper, ally, MELEE_RANGE, unknown=True):
        raise fail("rule-cannot-help-must-be-within", helper=helper.id, ally=ally.id,
                   within=Distance(MELEE_RANGE, ctx.state.units))
    if command.target:
        ctx.get(command.target)  # informative: no distance to the enemy is checked
    if command.skill or command.ability:
        data = {"check": True, "skill": command.skill or "", "ability": command.ability or ""}
    else:
        data = {"attack": True}
    start_effect(ctx, ally.id, "helped", source=helper.id, until={}, data=data)


def stabilize(ctx: Context, command: c.Stabilize) -> None:
    """Help to stabilize a creature at 0 HP: Wisdom (Medicine) DC 10 (seed 000 Stabiliser un Personnage)."""
    helper = ctx.get(command.id)
    target = ctx.get(command.target, "target")
    if ctx.state.phase == "ended":
        # Seed 003 Perdre conscience: after the combat, allies have 5 rounds to heal or stabilize (D6).
        if ctx.state.aftermath is not None and ctx.state.aftermath <= 0:
            raise fail("rule-rounds-after-combat-have-run")
        if helper.status != "alive" or incapacitated(helper, ctx.ruleset):
            raise fail("rule-cannot-stabilize-cannot-act", helper=helper.id)
        if helper.economy.action:
            raise fail("rule-action-spent-round", helper=helper.id)
    else:
        can_act(ctx, helper, Phrase("verb-stabilize"))
    knocked_out = next((i for i in target.conditions if i.condition == "unconscious" and i.source == KNOCKED_OUT), None)
    if target.status != "dying" and knocked_out is None:
        raise fail("rule-does-not-need-stabilizing", target=target.id, status=term_phrase("status", target.status))
    if not within(helper, target, MELEE_RANGE, unknown=True):
        raise fail("rule-cannot-stabilize-not-within-m", helper=helper.id, target=target.id,
                   within=Distance(MELEE_RANGE, ctx.state.units))
    spend(ctx, helper, "action", "stabilize")
    ctx.emit(ActionTaken(id=helper.id, action="help", details={"target": target.id, "first_aid": True}))
    # Seed 000/001: Wisdom (Medicine) DC 10; seed 003 Stabiliser: « un test de Sagesse DD 10 », no skill.
    if ability_check(ctx, helper.id, "wis", ctx.ruleset.stabilize_skill, 10, purpose="stabilize") >= 10:
        if target.status == "dying":
            ctx.emit(StatusChanged(id=target.id, status="stable", reason="stabilized_by", by=helper.id))
        else:
            end_condition(ctx, target.id, cast(Any, knocked_out).instance, "first_aid", by=helper.id)


def _step_cost(ctx: Context, mover, square, *, crawling: bool) -> int:
    """1 square, +1 in difficult terrain (not cumulative), +1 crawling (seed 000 Terrain Difficile; Ramper)."""
    cost = 1
    difficult = any(s in ctx.state.terrain for s in occupied_squares(mover, square))
    # Seed 001 Terrain difficile: any other creature's space is difficult terrain; seed 000 Se Déplacer autour
    # d'Autres Créatures: unless that creature is Tiny or your ally.
    every_creature = ctx.ruleset.every_creature_space_difficult
    if not difficult:
        for other in ctx.state.combatants.values():
            if other.id != mover.id and other.position is not None and other.status != "dead":
                if (every_creature or (hostile(other, mover) and other.stats.size != "tiny")) and gap_squares(square, mover.stats.space, other.position, other.stats.space) == 0 and _overlaps(mover, square, other):
                    difficult = True
                    break
    if difficult:
        cost += 1
    if crawling:
        cost += 1
    return cost


def _overlaps(mover, square, other) -> bool:
    mine = set(occupied_squares(mover, square))
    return bool(mine & set(occupied_squares(other)))


def move(ctx: Context, command: c.Move, reaction_move: bool = False) -> None:
    """Square by square; costs are checked against what is left of the speed (seed 000 Déplacement et Position)."""
    mover = ctx.get(command.id)
    if not command.path:
        raise fail("rule-move-needs-path-of-squares")
    if mover.position is None:
        raise fail("rule-not-on-map-place-first", mover=mover.id)
    free = command.forced or command.mode == "teleport"
    if not free:
        can_move(ctx, mover, Phrase("verb-move"), reaction=reaction_move)
    position = mover.position
    crawling = command.mode == "crawl" or ("prone" in {i.condition for i in mover.conditions} and not free)
    speed = ctx.ruleset.speed(mover)
    budget = speed if reaction_move else speed + mover.economy.extra_movement - mover.economy.movement_used
    if speed == 0:
        budget = 0.0  # seed 001 Se précipiter: the Dash bonus follows the speed, so speed 0 stops every step
    spent = 0.0
    step_costs: list[float] = []
    for square in command.path:
        square = tuple(square)  # type: ignore[assignment]  # the command's squares are lists
        if not free and gap_squares(position, 1, square, 1) != 1:
            raise fail("rule-cannot-step-from-to-squares", mover=mover.id, position=str(list(position)), square=str(list(square)))
        _check_passable(ctx, mover, square)
        if not command.forced:
            _check_fear(ctx, mover, position, square)
            _check_turned(ctx, mover, position, square)
        if not free:
            cost = _step_cost(ctx, mover, square, crawling=crawling) * SQUARE_METRES
            if spent + cost > budget + 1e-9:
                # Squares are written as the script writes them: `aria cannot reach [7,0]: 10.5 m needed, 9 m left`.
                where = f"[{square[0]},{square[1]}]"
                raise fail("rule-cannot-reach-m-needed-m", mover=mover.id, where=where,
                           spent_bound=Distance(spent + cost, ctx.state.units),
                           budget=Distance(max(budget, 0), ctx.state.units))
            spent += cost
        step_costs.append(0.0 if free else cost)
        position = square
    _check_end_square(ctx, mover, position)
    from combatlog.core.rulesets.dnd5e.reactions import walk

    walk(ctx, mover.id, [tuple(s) for s in command.path], step_costs, mode=command.mode, forced=command.forced,
         reaction_move=reaction_move)


def path_rules(ruleset, state, mover_id: str, mode: str | None = None):
    """The step costs (in squares) and the end check `move` applies, for the path finder: a step into a hostile's
    space is refused unless that creature may be passed (seed 000 Se Déplacer autour d'Autres Créatures; seed 001
    Se déplacer autour des autres créatures), difficult terrain costs one more square (seed 000 Terrain Difficile;
    seed 001 Terrain difficile, where every other creature's space is difficult), crawling one more (Ramper); no
    move ends in another creature's space."""
    ctx = Context(state, None, ruleset=ruleset)  # type: ignore[arg-type]  # no die is rolled: only rules are read
    mover = ctx.get(mover_id)
    crawling = mode == "crawl" or "prone" in {i.condition for i in mover.conditions}

    def step_cost(before, after) -> int | None:
        try:
            _check_passable(ctx, mover, after)
            _check_fear(ctx, mover, before, after)
            _check_turned(ctx, mover, before, after)
        except RuleViolation:
            return None
        return _step_cost(ctx, mover, after, crawling=crawling)

    def can_end(square) -> bool:
        try:
            _check_passable(ctx, mover, square)
            _check_end_square(ctx, mover, square)
        except RuleViolation:
            return False
        return True

    return step_cost, can_end


def can_move(ctx: Context, creature, what: Phrase, *, reaction: bool = False) -> None:
    """Moving is not an action: Incapacitated alone does not stop it (SRD glossary, Incapacitated: no action,
    bonus action or reaction); the conditions that do stop it give speed 0 (ruleset.speed_zero_conditions).
    A move taken as a reaction (a readied move) is a reaction, so an incapacitated creature cannot make it."""
    if reaction or not incapacitated(creature, ctx.ruleset):
        can_act(ctx, creature, what, reaction=reaction, turned_away=False)
        return
    state = ctx.state
    if creature.status == "dead":
        raise fail("rule-cannot-dead", creature=creature.id, what=what)
    if state.turn != creature.id:
        raise fail("rule-cannot-not-now", creature=creature.id, what=what, now=turn_phrase(state))
    if (creature.surprised and ctx.ruleset.surprise_skips_first_turn) or creature.has("surprised"):
        raise fail("rule-cannot-surprised-until-first-turn", creature=creature.id, what=what)
    conditions = conditions_in_force(creature, ctx.ruleset)
    stopped = next((name for name in ctx.ruleset.speed_zero_conditions if name in conditions), None)
    if stopped:
        raise fail("rule-cannot-speed-zero", creature=creature.id, what=what, stopped=term_phrase("condition", stopped))


def _check_fear(ctx: Context, mover, before, after) -> None:
    """A frightened creature can't willingly move closer to the source of its fear (SRD glossary, Frightened)."""
    for instance in mover.conditions:
        source = ctx.state.combatants.get(instance.source) if instance.condition == "frightened" else None
        if source is None or source.position is None or source.status == "dead":
            continue
        if (gap_squares(after, mover.stats.space, source.position, source.stats.space)
                < gap_squares(before, mover.stats.space, source.position, source.stats.space)):
            where = f"[{after[0]},{after[1]}]"
            raise fail("rule-cannot-move-to-frightened-of", mover=mover.id, where=where, source=source.id)


def _check_turned(ctx: Context, mover, before, after) -> None:
    """Seed 003 Repoussé (D15): every step ends more than 9 m from the source, or farther from it than before."""
    for instance in mover.conditions:
        source = ctx.state.combatants.get(instance.source) if instance.condition == "turned" else None
        if source is None or source.position is None or source.status == "dead":
            continue
        now = gap_squares(after, mover.stats.space, source.position, source.stats.space)
        was = gap_squares(before, mover.stats.space, source.position, source.stats.space)
        if now * SQUARE_METRES <= 9 + 1e-9 and now <= was:
            where = f"[{after[0]},{after[1]}]"
            raise fail("rule-cannot-move-to-turned-by", mover=mover.id, where=where, source=source.id)


def _check_passable(ctx: Context, mover, square) -> None:
    """Through an ally, an incapacitated, Tiny, or two-sizes-different creature only (seed 000/001)."""
    for other in ctx.state.combatants.values():
        if other.id == mover.id or other.position is None or other.status == "dead":
            continue
        if not _overlaps(mover, square, other):
            continue
        size_gap = abs(SIZES.index(other.stats.size) - SIZES.index(mover.stats.size))
        if not ctx.ruleset.pass_through_incapacitated_or_tiny:
            passable = not hostile(mover, other) or size_gap >= 2
        else:
            passable = (not hostile(mover, other) or incapacitated(other, ctx.ruleset) or other.stats.size == "tiny"
                        or size_gap >= 2)
        if not passable:
            raise fail("rule-cannot-move-through-there", mover=mover.id, square=str(list(square)), other=other.id)


def _check_end_square(ctx: Context, mover, square) -> None:
    for other in ctx.state.combatants.values():
        if other.id != mover.id and other.position is not None and other.status != "dead" and _overlaps(mover, square, other):
            raise fail("rule-cannot-end-move-in-there", mover=mover.id, square=str(list(square)), other=other.id)


def stand(ctx: Context, command: c.Stand) -> None:
    """Standing up costs half the speed; impossible at speed 0 or with too little left (seed 000 À Terre)."""
    creature = ctx.get(command.id)
    can_move(ctx, creature, Phrase("verb-stand-up"))
    prone = [i for i in creature.conditions if i.condition == "prone"]
    if not prone:
        raise fail("rule-not-prone", creature=creature.id)
    if creature.has("unconscious"):
        raise fail("rule-cannot-stand-unconscious", creature=creature.id)
    speed = ctx.ruleset.speed(creature)
    cost = speed / 2  # half the Speed as it stands now (seed 001 Être à terre; SRD 5.2 Prone), e.g. after exhaustion
    left = speed + creature.economy.extra_movement - creature.economy.movement_used
    if speed == 0:
        raise fail("rule-cannot-stand-speed", creature=creature.id)
    if cost > left + 1e-9:
        raise fail("rule-cannot-stand-m-needed-m", creature=creature.id, cost=Distance(cost, ctx.state.units),
                   left=Distance(left, ctx.state.units))
    ctx.emit(MovementSpent(id=creature.id, metres=cost, reason="stand_up"))
    for instance in prone:
        end_condition(ctx, creature.id, instance.instance, "stood_up")


def drop_prone(ctx: Context, command: c.DropProne) -> None:
    creature = ctx.get(command.id)
    if ctx.state.turn != creature.id:  # seed 000 Se Jeter au Sol: "pendant votre tour"
        raise fail("rule-cannot-drop-prone", creature=creature.id, now=turn_phrase(ctx.state))
    if ctx.ruleset.drop_prone_needs_speed and ctx.ruleset.speed(creature) == 0:
        # Seed 000 Se Jeter au Sol (2024 only): « si votre Vitesse n'est pas de 0 »; 2014 has no such limit.
        raise fail("rule-cannot-drop-prone-at-speed", creature=creature.id)
    apply_condition(ctx, creature.id, "prone", source="dropped_prone")
