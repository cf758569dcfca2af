"""Movement and the other actions of a pf1 turn (seed 004 Vitesse; PRD Actions in Combat, Table 8-2)."""

from typing import cast

from combatlog.words import Distance, Terms
from combatlog.core.kernel.context import fail
from combatlog.core.rulesets.pf1 import commands as c
from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.context import (
    Pf1Context, eligible_reactors, provoke, replace_effect, require_turn, restricted, spend, start_effect,
)
from combatlog.core.rulesets.pf1.rules import (
    CONDITIONS, cmb, cmd_values, conditions_in_force, gap, reaches, squares,
)
from combatlog.core.rulesets.pf1.state import Pf1Combatant
from combatlog.core.rulesets.pf1.stats import mod, space
from combatlog.events.windows import square_text

SQUARE = 1.5
# PRD Conditions: these creatures cannot move at all.
NO_MOVEMENT = ("grappled", "pinned", "paralyzed", "helpless", "petrified", "unconscious", "stunned", "cowering")
ACTIONS = ("total_defense", "withdraw", "run", "charge", "cast_spell", "ready", "aid_another", "draw_weapon",
           "use_object", "feint", "other")


def speed(creature: Pf1Combatant) -> float:
    """Land speed in metres after conditions: disabled, entangled and exhausted halve it (PRD Conditions)."""
    found = conditions_in_force(creature)
    if found & set(NO_MOVEMENT) or creature.status != "alive" and creature.status != "disabled":
        return 0.0
    value = creature.stats.speed
    if creature.status == "disabled" or found & {"entangled", "exhausted"}:
        value /= 2
    return value


def footprint(creature: Pf1Combatant, at) -> set[tuple[int, int]]:
    size = space(creature.stats)
    return {(at[0] + dx, at[1] + dy) for dx in range(size) for dy in range(size)}


VERY_SMALL = ("fine", "diminutive", "tiny")


def _blockers(ctx: Pf1Context, mover: Pf1Combatant, at, *, ending: bool) -> str | None:
    if mover.stats.size in VERY_SMALL:
        # PRD Moving Through a Square (Very Small Creature): a Fine, Diminutive or Tiny creature can move into or
        # through an occupied square; with its reach of 0 it must, to attack in melee (Big and Little Creatures).
        return None
    squares_here = footprint(mover, at)
    for other in ctx.state.combatants.values():
        if other.id == mover.id or other.position is None or other.status == "dead":
            continue
        if not footprint(other, other.position) & squares_here:
            continue
        if ending:
            return other.id
        if other.side != mover.side and "helpless" not in conditions_in_force(other):
            return other.id  # PRD Moving Through a Square: an enemy's square only if it is helpless
    return None


def path_costs(ctx: Pf1Context, mover: Pf1Combatant, path) -> list[float]:
    """PRD Measuring Distance / Difficult Terrain: 1 square, diagonals alternate 1 and 2, difficult terrain doubles."""
    position = cast(tuple[int, int], mover.position)
    costs = []
    diagonals = 0
    for square in path:
        dx, dy = abs(square[0] - position[0]), abs(square[1] - position[1])
        if max(dx, dy) != 1:
            raise fail("pf1-rule-cannot-step-from-squares-must-adjacent", mover=mover.id, position=square_text(position), square=square_text(square))
        blocker = _blockers(ctx, mover, square, ending=False)
        if blocker:
            raise fail("pf1-rule-cannot-pass-through-s-square", mover=mover.id, blocker=str(blocker), square=square_text(square))
        cost = 1
        if dx and dy:
            diagonals += 1
            cost = 2 if diagonals % 2 == 0 else 1
        if footprint(mover, square) & ctx.state.terrain:
            cost *= 2
        costs.append(cost * SQUARE)
        position = square
    return costs


def five_foot_step(ctx: Pf1Context, mover: Pf1Combatant, square) -> None:
    """PRD 5-Foot Step: one square, no action, never provokes; not if it moved otherwise this turn, never into
    difficult terrain, never at a speed of 1.5 m or less, once a turn."""
    square = tuple(square)
    a = mover.actions
    if a.five_foot_step:
        raise fail("pf1-rule-already-took-5-foot-step-this", mover=mover.id)
    if a.moved:
        raise fail("pf1-rule-cannot-take-5-foot-step-already", mover=mover.id)
    if speed(mover) <= SQUARE:
        raise fail("pf1-rule-step-too-slow", mover=mover.id, speed=Distance(speed(mover), ctx.state.units))
    if mover.position is None:
        raise fail("pf1-rule-not-map-place-first", mover=mover.id)
    dx, dy = abs(square[0] - mover.position[0]), abs(square[1] - mover.position[1])
    if max(dx, dy) != 1:
        raise fail("pf1-rule-5-foot-step-one-square-not", position=square_text(mover.position), square=square_text(square))
    if footprint(mover, square) & ctx.state.terrain:
        raise fail("pf1-rule-cannot-take-5-foot-step-into", mover=mover.id, square=square_text(square))
    blocker = _blockers(ctx, mover, square, ending=True)
    if blocker:
        raise fail("pf1-rule-occupied", square=square_text(square), blocker=str(blocker))
    ctx.emit(e.Pf1Moved(id=mover.id, path=(square,), metres=SQUARE, five_foot_step=True))


def _special(mover: Pf1Combatant):
    for name in ("charging", "withdrawing", "running"):
        effect = mover.effect(name)
        if effect is not None and not effect.data.get("moved"):
            return name, effect
    return None, None


def move(ctx: Pf1Context, command: c.Move, stage: dict | None = None) -> None:
    mover = ctx.get(command.id)
    path = [cast(tuple[int, int], tuple(square)) for square in command.path]
    if not path:
        raise fail("pf1-rule-move-needs-path-squares")
    if mover.position is None:
        raise fail("pf1-rule-not-map-place-first", mover=mover.id)
    if stage is not None:
        _walk(ctx, mover, command, path, stage["step"], stage["costs"], stage.get("mode") or "")
        return
    if command.forced or command.mode == "teleport":
        blocker = _blockers(ctx, mover, path[-1], ending=True)
        if blocker:
            raise fail("pf1-rule-occupied-2", path=square_text(path[-1]), blocker=str(blocker))
        ctx.emit(e.Pf1Moved(id=mover.id, path=tuple(path), metres=0.0, forced=True))
        return
    require_turn(ctx, mover, "move")
    if command.five_foot_step:
        if len(path) != 1:
            raise fail("pf1-rule-5-foot-step-path-exactly-one")
        five_foot_step(ctx, mover, path[0])
        return
    if mover.actions.five_foot_step:
        raise fail("pf1-rule-took-5-foot-step-this-turn", mover=mover.id)
    base = speed(mover)
    if base <= 0:
        raise fail("pf1-rule-cannot-move-speed-0", mover=mover.id)
    costs = path_costs(ctx, mover, path)
    cost = sum(costs)
    end = path[-1]
    blocker = _blockers(ctx, mover, end, ending=True)
    if blocker:
        raise fail("pf1-rule-cannot-end-move-s-square", mover=mover.id, blocker=str(blocker), end=square_text(end))

    def too_far(limit: float, how: str):
        if cost > limit + 1e-9:
            raise fail("pf1-rule-move-too-far", mover=mover.id, square=square_text(end),
                       cost=Distance(cost, ctx.state.units), how=how, limit=Distance(limit, ctx.state.units))

    limited = restricted(mover)
    mode, effect = _special(mover)
    if "prone" in conditions_in_force(mover):
        if command.mode != "crawl":
            raise fail("pf1-rule-prone-stand-up-first-crawl-mode", mover=mover.id)
        too_far(SQUARE, "crawl")
        spend(ctx, mover, "move", "crawl")
        mode = "crawl"
    elif mode == "withdrawing":
        too_far(base if limited else 2 * base, "withdraw")
    elif mode == "running":
        heavy = mover.stats.armor_type == "heavy"
        factor = (4 if heavy else 5) if mover.stats.run_feat else (3 if heavy else 4)  # seed 004 Vitesse; PRD Run
        too_far(factor * base, "run")
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip([mover.position] + path, path)}
        if len(steps) > 1:
            raise fail("pf1-rule-runs-straight-line", mover=mover.id)
        if any(footprint(mover, s) & ctx.state.terrain for s in path):
            raise fail("pf1-rule-cannot-run-through-difficult-terrain", mover=mover.id)
    elif mode == "charging":
        _check_charge(ctx, mover, path, costs, effect.data["target"], base if limited else 2 * base)
    else:
        if cost <= base + 1e-9:
            spend(ctx, mover, "move", "move")
        else:
            too_far(2 * base, "double")
            spend(ctx, mover, "double", "move")  # seed 004 Vitesse: a double move spends the move and the standard
    _walk(ctx, ctx.get(mover.id), command, path, 0, costs, mode or "")


def _check_charge(ctx: Pf1Context, mover: Pf1Combatant, path, costs, target_id: str, limit: float) -> None:
    """PRD Charge: at least 2 squares, at most twice the speed, closer at every step, no difficult terrain, and it
    ends where it can attack the target."""
    target = ctx.get(target_id, "target")
    if sum(costs) < 2 * SQUARE - 1e-9:
        raise fail("pf1-rule-must-move-least-3-m-charge", mover=mover.id, least=Distance(2 * SQUARE, ctx.state.units))
    if sum(costs) > limit + 1e-9:
        raise fail("pf1-rule-charge-too-far", mover=mover.id, limit=Distance(limit, ctx.state.units))
    previous = squares(*gap(mover, mover.position, target, target.position))
    for square in path:
        for other in ctx.state.combatants.values():
            if other.id != mover.id and other.position is not None and other.status != "dead" \
                    and footprint(other, other.position) & footprint(mover, square):
                raise fail("pf1-rule-cannot-charge-through", mover=mover.id, other=other.id)
        if footprint(mover, square) & ctx.state.terrain:
            raise fail("pf1-rule-cannot-charge-through-difficult-terrain", mover=mover.id)
        now = squares(*gap(mover, square, target, target.position))
        if now >= previous:
            raise fail("pf1-rule-each-square-charge-must-bring-closer", mover=mover.id, target=target.id, square=square_text(square))
        previous = now
    def can_attack_from(square) -> bool:
        return any(reaches(mover, a, target, at=square) for a in mover.stats.attacks if a.kind == "melee")

    if not can_attack_from(path[-1]):
        raise fail("pf1-rule-s-charge-must-end-where-can", mover=mover.id, target=target.id)
    early = next((square for square in path[:-1] if can_attack_from(square)), None)
    if early is not None:
        # PRD Charge: it stops in the first (closest) square from which it can attack
        raise fail("pf1-rule-s-charge-must-stop-first-square", mover=mover.id, early=square_text(early), target=target.id)


def _walk(ctx: Pf1Context, mover: Pf1Combatant, command: c.Move, path, start: int, costs, mode: str) -> None:
    """Step by step: leaving a threatened square opens a window before the step (seed 004 Sortir d'une case menacée)."""
    import msgspec

    done_from = start
    origin = mover.position
    for index in range(start, len(path)):
        mover = ctx.get(mover.id)
        if index > start:
            origin = path[index - 1]
        if not (mode == "withdrawing" and index == 0):  # PRD Withdraw: the start square does not provoke
            if eligible_reactors(ctx, mover, movement=True, square=origin):
                if index > done_from:
                    ctx.emit(e.Pf1Moved(id=mover.id, path=tuple(path[done_from:index]), metres=sum(costs[done_from:index])))
                raw = msgspec.to_builtins(command)
                raw.pop("dice", None)
                if provoke(ctx, ctx.get(mover.id), raw,
                           {"step": index, "costs": costs, "mode": mode}, movement=True, square=origin, act="move"):
                    return
    if len(path) > done_from:
        ctx.emit(e.Pf1Moved(id=mover.id, path=tuple(path[done_from:]), metres=sum(costs[done_from:])))
    if mode in ("charging", "withdrawing", "running"):
        replace_effect(ctx, mover.id, mode, moved=True)


def push(ctx: Pf1Context, attacker: Pf1Combatant, target: Pf1Combatant, count: int) -> None:
    """Forced movement away from the attacker, square by square, stopping before an obstacle (PRD Bull Rush)."""
    if attacker.position is None or target.position is None:
        return
    sx = (target.position[0] > attacker.position[0]) - (target.position[0] < attacker.position[0])
    sy = (target.position[1] > attacker.position[1]) - (target.position[1] < attacker.position[1])
    if sx == sy == 0:
        return
    path = []
    at = target.position
    for _ in range(count):
        nxt = (at[0] + sx, at[1] + sy)
        if _blockers(ctx, target, nxt, ending=True):
            break
        path.append(nxt)
        at = nxt
    if path:
        ctx.emit(e.Pf1Moved(id=target.id, path=tuple(path), metres=0.0, forced=True))


def add_condition(ctx: Pf1Context, cid: str, condition: str, source: str = "") -> None:
    creature = ctx.get(cid)
    if condition in creature.stats.condition_immunities:
        return
    if any(i.condition == condition and i.source == source for i in creature.conditions):
        return
    ctx.emit(e.Pf1ConditionApplied(target=cid, instance=ctx.instance(), condition=condition, source=source))


def end_condition(ctx: Pf1Context, cid: str, condition: str, source: str | None = None) -> None:
    creature = ctx.get(cid)
    for i in creature.conditions:
        if i.condition == condition and (source is None or i.source == source):
            ctx.emit(e.Pf1ConditionEnded(target=cid, instance=i.instance, condition=condition))


# --------------------------------------------------------------------------- the `action` command
def concentration_bonus(creature: Pf1Combatant) -> int:
    from combatlog.core.rulesets.pf1.spells import concentration_bonus as bonus  # the §7 default

    return bonus(creature)


def action(ctx: Pf1Context, command: c.Action, stage: dict | None = None) -> None:
    creature = ctx.get(command.id)
    name = command.action
    if name not in ACTIONS:
        raise fail("pf1-rule-unknown-pf1-action-known", name=str(name), actions=', '.join(ACTIONS))
    if stage is not None:
        _after_provocation(ctx, creature, command, stage)
        return
    off_turn_immediate = command.slot == "immediate" and ctx.state.turn != creature.id
    if off_turn_immediate:
        if ctx.state.phase not in ("turn",):
            raise fail("pf1-rule-cannot-act-now", creature=creature.id)
        from combatlog.core.rulesets.pf1.rules import can_act

        if not can_act(creature):
            raise fail("pf1-rule-cannot-act", creature=creature.id)
    else:
        require_turn(ctx, creature, name)
    limited = restricted(creature)
    raw = _raw(command)
    if name == "total_defense":
        if creature.effect("fighting_defensively"):
            raise fail("pf1-rule-fighting-defensively-no-total-defense-this", creature=creature.id)
        spend(ctx, creature, "standard", name)
        start_effect(ctx, creature.id, "total_defense")  # PRD Total Defense: until the start of its next turn
        return
    if name in ("withdraw", "charge", "run"):
        if name == "run" and limited:
            raise fail("pf1-rule-cannot-run-may-take-only-one", creature=creature.id)
        if creature.actions.moved or creature.actions.five_foot_step:
            raise fail("pf1-rule-cannot-already-moved-this-turn", creature=creature.id, name=str(name))
        if name == "charge":
            target = ctx.get(command.target, "charge target")
            if target.status == "dead" or target.side == creature.side and target.id == creature.id:
                raise fail("pf1-rule-cannot-charge", creature=creature.id, target=target.id)
            if "prone" in conditions_in_force(creature):
                raise fail("pf1-rule-prone-cannot-charge", creature=creature.id)
        # PRD Restricted Withdraw / Charge: a standard action for restricted creatures.
        spend(ctx, creature, "standard" if limited else "full_round", name)
        if name == "charge":
            start_effect(ctx, creature.id, "charging", target=command.target)
        elif name == "withdraw":
            start_effect(ctx, creature.id, "withdrawing", until="end_of_turn")
        else:
            start_effect(ctx, creature.id, "running")
        return
    if name == "cast_spell":
        slot = command.slot or "standard"
        if slot not in ("standard", "swift", "full_round", "immediate", "move"):
            raise fail("pf1-rule-spell-takes-standard-swift-immediate-full", slot=str(slot))
        spend(ctx, creature, "full_round" if slot == "full_round" else slot, "cast_spell")
        if command.defensively:
            # PRD Casting Defensively: concentration DC 15 + twice the spell level, or the spell is lost.
            face = ctx.die(20)
            bonus = concentration_bonus(creature)
            dc = 15 + 2 * command.spell_level
            success = face + bonus >= dc
            ctx.emit(e.Pf1CheckRolled(id=creature.id, check="concentration", d20=face, bonus=bonus, total=face + bonus,
                                      dc=dc, success=success, purpose="casting_defensively"))
            if not success:
                ctx.emit(e.Pf1SpellLost(id=creature.id, reason="failed_to_cast_defensively"))
                return
            _spell_went_off(ctx, creature, command)
            return
        if command.provokes is not False and provoke(ctx, creature, raw, {"provoked": True}, act="cast"):
            return
        _spell_went_off(ctx, creature, command)
        return
    if name == "ready":
        spend(ctx, creature, "standard", "ready")
        start_effect(ctx, creature.id, "readied", trigger=command.trigger, response=command.response or {})
        return
    if name == "aid_another":
        target = ctx.get(command.target, "target")
        ally = ctx.get(command.ally, "ally")
        if command.on is None:
            raise fail("pf1-rule-aid-another-needs-attack-ac")
        spend(ctx, creature, "standard", "aid_another")
        from combatlog.core.rulesets.pf1.combat import base_bonus

        melee = next((a for a in creature.stats.attacks if a.kind == "melee"), None)
        bonus = base_bonus(creature, melee) if melee else creature.stats.bab
        face = ctx.die(20)
        success = face + bonus >= 10  # PRD Aid Another: an attack roll against AC 10
        ctx.emit(e.Pf1CheckRolled(id=creature.id, check="aid_another", d20=face, bonus=bonus, total=face + bonus, dc=10,
                                  success=success, purpose=f"aid_{command.on}", ally=ally.id, target=target.id))
        if success:
            # PRD Aid Another: the ally's next attack roll against the target, or the target's next attack against
            # the ally, "as long as that attack comes before the beginning of your next turn" (end_aid_of).
            helper = {"helper": creature.id} if ctx.state.aid_and_maneuver_fixes else {}
            start_effect(ctx, ally.id, "aid_attack" if command.on == "attack" else "aid_ac", until="", target=target.id,
                         **helper)
        return
    if name == "feint":
        _feint(ctx, creature, command)
        return
    if name == "draw_weapon":
        spend(ctx, creature, "move", "draw_weapon")
        ctx.emit(e.Pf1ActionTaken(id=creature.id, action=name))
        return
    slot = command.slot or "standard"
    spend(ctx, creature, slot, name if name != "other" else (command.note or "other"))
    provokes = command.provokes if command.provokes is not None else name == "use_object"
    if provokes and provoke(ctx, creature, raw, {"provoked": True}, act=name):
        return
    ctx.emit(e.Pf1ActionTaken(id=creature.id, action=name, details={"note": command.note} if command.note else {}))


def end_aid_of(ctx: Pf1Context, helper: str) -> None:
    """PRD Aid Another: the +2 lapses unused when the helper's next turn begins."""
    for creature in ctx.state.combatants.values():
        for effect in creature.effects:
            if effect.effect in ("aid_attack", "aid_ac") and effect.data.get("helper") == helper:
                ctx.emit(e.Pf1EffectEnded(id=creature.id, instance=effect.instance, effect=effect.effect))


def _feint(ctx: Pf1Context, creature: Pf1Combatant, command: c.Action) -> None:
    """PRD Combat, Feint (and Bluff): a standard action (a move action with Improved Feint); Bluff check against
    10 + the target's BAB + Wis modifier, or 10 + its Sense Motive if higher; −8 against animal Intelligence (1–2),
    impossible against a creature without Intelligence. Success: its next melee attack on the target, made on or
    before its next turn, denies the target its Dex bonus to AC."""
    if command.target is None:
        raise fail("pf1-rule-feint-needs-target")
    target = ctx.get(command.target, "target")
    if target.id == creature.id:
        raise fail("pf1-rule-cannot-feint-itself", creature=creature.id)
    intelligence = target.stats.abilities.int
    if intelligence is None:
        raise fail("pf1-rule-has-no-intelligence-feint-cannot-fool", target=target.id)
    spend(ctx, creature, "move" if creature.stats.improved_feint else "standard", "feint")
    dc = max(10 + target.stats.bab + mod(target.stats.abilities.wis), 10 + target.stats.skills.get("sense_motive", -10))
    bonus = creature.stats.skills.get("bluff", mod(creature.stats.abilities.cha)) - (8 if intelligence <= 2 else 0)
    face = ctx.die(20)
    success = face + bonus >= dc
    ctx.emit(e.Pf1CheckRolled(id=creature.id, check="bluff", d20=face, bonus=bonus, total=face + bonus, dc=dc,
                              success=success, purpose="feint", target=target.id))
    if success:
        old = creature.effect("feint")
        if old is not None:
            ctx.emit(e.Pf1EffectEnded(id=creature.id, instance=old.instance, effect="feint"))
        start_effect(ctx, creature.id, "feint", until="", target=target.id)


def _after_provocation(ctx: Pf1Context, creature: Pf1Combatant, command: c.Action, stage: dict) -> None:
    if command.action == "cast_spell":
        if stage.get("lost"):
            return  # the spell was lost to the concentration check of the attack of opportunity
        _spell_went_off(ctx, creature, command)
        return
    ctx.emit(e.Pf1ActionTaken(id=creature.id, action=command.action))


def _spell_went_off(ctx: Pf1Context, creature: Pf1Combatant, command: c.Action) -> None:
    """The `cast_spell` action went through; a spell given by `cast` now takes effect (pf1/spells.py)."""
    ctx.emit(e.Pf1ActionTaken(id=creature.id, action="cast_spell", details={"spell_level": command.spell_level}))
    if command.cast is not None:
        from combatlog.core.rulesets.pf1.spells import take_effect

        take_effect(ctx, creature.id, command.cast)


def _raw(command) -> dict:
    import msgspec

    raw = msgspec.to_builtins(command)
    raw.pop("dice", None)
    return raw


def stand(ctx: Pf1Context, command: c.Stand, stage: dict | None = None) -> None:
    """PRD Actions in Combat: standing up from prone is a move action that provokes."""
    creature = ctx.get(command.id)
    if stage is None:
        require_turn(ctx, creature, "stand")
        if "prone" not in {i.condition for i in creature.conditions}:
            raise fail("pf1-rule-not-prone", creature=creature.id)
        spend(ctx, creature, "move", "stand")
        if provoke(ctx, ctx.get(creature.id), _raw(command), {"provoked": True}, act="stand"):
            return
    end_condition(ctx, creature.id, "prone")


def drop_prone(ctx: Pf1Context, command: c.DropProne, stage=None) -> None:
    creature = ctx.get(command.id)
    require_turn(ctx, creature, "drop_prone")
    if creature.has("prone"):
        raise fail("pf1-rule-already-prone", creature=creature.id)
    add_condition(ctx, creature.id, "prone", source=creature.id)


def stabilize(ctx: Pf1Context, command: c.Stabilize, stage: dict | None = None) -> None:
    """PRD Heal (first aid): a standard action that provokes; Heal check DC 15 makes a dying creature stable."""
    helper = ctx.get(command.id)
    target = ctx.get(command.target, "target")
    if stage is None:
        require_turn(ctx, helper, "stabilize")
        if target.status != "dying" and not target.has("bleed"):
            raise fail("pf1-rule-neither-dying-nor-bleeding", target=target.id, status=str(target.status))
        spend(ctx, helper, "standard", "stabilize")
        if provoke(ctx, ctx.get(helper.id), _raw(command), {"provoked": True}, act="first_aid", target=target.id):
            return
    target = ctx.get(target.id)
    face = ctx.die(20)
    bonus = helper.stats.skills.get("heal", 0)
    success = face + bonus >= 15
    ctx.emit(e.Pf1CheckRolled(id=helper.id, check="heal", d20=face, bonus=bonus, total=face + bonus, dc=15,
                              success=success, purpose="first_aid", target=target.id))
    if success and target.status == "dying":
        ctx.emit(e.Pf1StatusChanged(id=target.id, status="stable", hp=target.hp))
    if success and target.has("bleed"):
        from combatlog.core.rulesets.pf1.context import stop_bleeding

        stop_bleeding(ctx, target.id, "first_aid")  # PRD Bleed: a DC 15 Heal check stops it


def escape(ctx: Pf1Context, command: c.Escape, stage=None) -> None:
    """PRD Grapple: a standard action, CMB or Escape Artist against the grappler's CMD."""
    creature = ctx.get(command.id)
    require_turn(ctx, creature, "escape")
    holds = [i for i in creature.conditions if i.condition in ("grappled", "pinned")]
    if not holds:
        raise fail("pf1-rule-not-grappled", creature=creature.id)
    grappler = ctx.state.combatants.get(holds[0].source)
    spend(ctx, creature, "standard", "escape")
    face = ctx.die(20)
    bonus = creature.stats.skills.get("escape_artist", 0) if command.skill else cmb(creature, "grapple")
    defence = cmd_values(grappler, "grapple", fixes=ctx.state.aid_and_maneuver_fixes)[0] if grappler else 10
    success = face == 20 or (face != 1 and face + bonus >= defence)
    ctx.emit(e.Pf1CheckRolled(id=creature.id, check=command.skill or "cmb", d20=face, bonus=bonus, total=face + bonus,
                              dc=defence, success=success, purpose="escape"))
    if success:
        for instance in holds:
            ctx.emit(e.Pf1ConditionEnded(target=creature.id, instance=instance.instance, condition=instance.condition))
        if grappler is not None:
            end_condition(ctx, grappler.id, "grappled", source=creature.id)


def check_condition_id(name: str) -> None:
    if name not in CONDITIONS:
        raise fail("pf1-rule-unknown-pf1-condition-known", name=str(name), conditions=Terms("condition", CONDITIONS))
