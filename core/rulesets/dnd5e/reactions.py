"""Reaction windows: opportunity attacks, readied actions, reactions to hits, and reactions to reactions
(seed 000 Réactions, Attaques d'Opportunité; seed 001 Réaction, Se tenir prêt, Attaque d'opportunité).

A window is data on a stack: the command that opened it is suspended in the window's `pending`, and
resumes exactly where it stopped once every eligible reactor has answered `react` or `pass`."""

from typing import cast

from combatlog.core.rulesets.dnd5e import commands as c
from combatlog.core.rulesets.dnd5e.conditions import end_concentration, end_effect, release_grapples_out_of_reach, start_effect
from combatlog.core.rulesets.dnd5e.combat import armor_class, attack_hits
from combatlog.core.kernel.context import Context, fail
from combatlog.core.kernel.dice import SuppliedDice
from combatlog.core.rulesets.dnd5e.queries import can_see, gap_squares, hostile, incapacitated
from combatlog.core.rulesets.dnd5e.state import Combatant
from combatlog.events.attacks import AttackReevaluated
from combatlog.events.meta import DiceLeftUnused
from combatlog.events.movement import Moved
from combatlog.core.rulesets.dnd5e.window_words import trigger_phrase
from combatlog.events.reactions import ReactionPassed, ReactionTaken, ReactionWindowClosed, ReactionWindowOpened


def can_react(ctx: Context, creature: Combatant) -> bool:
    """Reaction available, conscious, able to act, and (2014) not surprised before its first turn ends."""
    if creature.status != "alive" or not creature.reaction_available:
        return False
    if incapacitated(creature, ctx.ruleset):
        return False
    if creature.has("surprised") or creature.has("turned"):
        return False  # seed 003 Surpris, Repoussé: no reactions
    return not (creature.surprised and ctx.ruleset.surprise_skips_first_turn)


def melee_reach(creature: Combatant) -> float | None:
    reaches = [attack.reach for attack in creature.stats.attacks if attack.kind == "melee"]
    return max(reaches) if reaches else None


def _in_reach(reactor: Combatant, reach: float, mover: Combatant, square) -> bool:
    return gap_squares(cast(tuple[int, int], reactor.position), reactor.stats.space, square, mover.stats.space) * 1.5 <= reach + 1e-9


def opportunity_reactors(ctx: Context, mover: Combatant, before, after) -> tuple[str, ...]:
    """Enemies whose reach the mover leaves on this step and who may react (seed 000 Attaques d'Opportunité)."""
    reactors = []
    for other in ctx.state.combatants.values():
        if other.id == mover.id or other.position is None or not hostile(other, mover):
            continue
        reach = melee_reach(other)
        if reach is None or not can_react(ctx, other) or not can_see(other, mover, ctx.ruleset):
            continue
        if _in_reach(other, reach, mover, before) and not _in_reach(other, reach, mover, after):
            reactors.append(other.id)
    return tuple(reactors)


def walk(ctx: Context, mover_id: str, path: list, costs: list[float], *, mode: str, forced: bool,
         reaction_move: bool = False, resuming: bool = False) -> None:
    """Move step by step; before a step that leaves an enemy's reach, open a window for those enemies."""
    mover = ctx.state.combatants[mover_id]
    # Disengage lasts for the rest of the mover's own turn only (seed 000 Désengager; seed 001 Se désengager):
    # the economy is reset at its next turn, so a readied move on another's turn provokes again.
    disengaged = mover.economy.disengaged and ctx.state.turn == mover_id
    # Seed 003 (D4): no opportunity attacks unless the encounter was created with them.
    provokes = not forced and mode != "teleport" and not disengaged and ctx.state.opportunity_attacks
    done = 0
    position = mover.position
    for index, square in enumerate(path):
        if provokes and not (resuming and index == 0):  # the step a window already answered goes ahead
            reactors = opportunity_reactors(ctx, ctx.state.combatants[mover_id], position, tuple(square))
            if reactors:
                if done:
                    _moved(ctx, mover_id, path[:done], costs[:done], mode, forced, reaction_move)
                open_window(ctx, "leaves_reach", reactors, mover_id, {
                    "kind": "move", "id": mover_id, "path": [list(s) for s in path[done:]], "costs": costs[done:],
                    "mode": mode, "reaction_move": reaction_move, "dice": ctx.suspend_dice(),
                })
                return
        position = tuple(square)
        done = index + 1
    if done:
        _moved(ctx, mover_id, path[:done], costs[:done], mode, forced, reaction_move)


def _moved(ctx, mover_id, path, costs, mode, forced, reaction_move) -> None:
    ctx.emit(Moved(id=mover_id, path=tuple(tuple(s) for s in path), cost=0.0 if reaction_move else sum(costs),
                   mode=mode, forced=forced))
    release_grapples_out_of_reach(ctx)


def open_window(ctx: Context, trigger: str, reactors: tuple[str, ...], waiting: str, pending: dict,
                text: str = "") -> None:
    """A window opens for `reactors`: `trigger` is a code of events/windows.py, `pending` the command that waits."""
    ctx.emit(ReactionWindowOpened(trigger=trigger, reactors=reactors, waiting=waiting, depth=len(ctx.state.windows) + 1,
                                  pending=pending, text=text))


def hit_reactors(ctx: Context, pending: dict) -> tuple[str, ...]:
    target = ctx.state.combatants[pending["target"]]
    if not can_react(ctx, target):
        return ()
    for reaction in target.stats.reactions:
        if reaction.on == "hit" or (reaction.on == "melee_hit" and pending["attack_kind"] == "melee"):
            return (target.id,)
    from combatlog.core.rulesets.dnd5e.spells import reaction_spell_ready

    return (target.id,) if reaction_spell_ready(target, "hit", ctx) else ()


def after_hit(ctx: Context, pending: dict) -> None:
    """An attack roll hit: a target with a reaction to hits gets a window before damage."""
    reactors = hit_reactors(ctx, pending)
    if reactors:
        open_window(ctx, "hit", reactors,
                    pending["attacker"], {**pending, "dice": ctx.suspend_dice()})
        return
    finish_attack(ctx, pending)


def finish_attack(ctx: Context, pending: dict) -> None:
    """Judge the hit against the AC as it now stands, roll damage if it still hits, end this-attack effects."""
    from combatlog.core.rulesets.dnd5e.combat import deal_attack_damage

    target = ctx.state.combatants[pending["target"]]
    attacker = ctx.state.combatants[pending["attacker"]]
    ac, _ = armor_class(target, pending.get("cover_bonus", 0))
    natural = pending["natural"]
    hit = attack_hits(natural, pending["total"], ac)
    for effect in target.effects:
        if effect.until.get("this_attack"):
            end_effect(ctx, target.id, effect.instance, "the_attack_is_resolved")
    if "spell" in pending:
        from combatlog.core.rulesets.dnd5e.spells import finish_spell_attack

        finish_spell_attack(ctx, pending, hit)  # a spell attack (Fire Bolt): its damage, marks, other rays
        return
    if hit and target.status != "dead":
        profile = attacker.stats.attack(pending["attack"])
        deal_attack_damage(ctx, attacker.id, target.id, profile, critical=pending["critical"],
                           nonlethal=pending["nonlethal"], two_weapon=pending["two_weapon"],
                           two_handed=pending.get("two_handed", False), advantage=pending.get("advantage", False))


def react(ctx: Context, command: c.React) -> None:
    window = _answering(ctx, command.id)
    reactor = ctx.state.combatants[command.id]
    if not can_react(ctx, reactor):
        raise fail("rule-cannot-react-reaction-spent-or", reactor=reactor.id)
    pending = window.pending
    kind = pending.get("kind")
    if command.with_ == "opportunity_attack":
        if kind != "move":
            raise fail("rule-opportunity-attack-answers-creature-leaving")
        _opportunity_attack(ctx, command, pending["id"])
    elif command.with_ == "readied":
        if kind != "readied" or pending.get("id") != command.id:
            raise fail("rule-has-no-readied-action-waiting", id=command.id)
        _readied(ctx, command)
    else:
        from combatlog.core.rulesets.dnd5e.spells import react_with_spell

        if react_with_spell(ctx, command):
            return  # the spell answered the window and settled it (spells.py)
        _named_reaction(ctx, command, window)
    settle(ctx)


def pass_(ctx: Context, command: c.Pass) -> None:
    window = _answering(ctx, command.id)
    ctx.emit(ReactionPassed(id=command.id))
    readied = ctx.state.combatants[command.id].effect("readied")
    if ctx.ruleset.pass_spends_readied and window.pending.get("kind") == "readied" and readied is not None:
        # Seed 003 Se tenir prêt: « Dans les deux cas, le personnage a consommé son action ».
        end_effect(ctx, command.id, readied.instance, "passed_the_readied_action_is_spent")
        if readied.data.get("concentration"):
            end_concentration(ctx, command.id, "readied_action_given_up")
    settle(ctx)


def _answering(ctx: Context, reactor_id: str):
    ctx.get(reactor_id)
    window = ctx.state.windows[-1]
    if reactor_id not in window.reactors:
        if reactor_id in window.answered:
            raise fail("rule-has-already-answered-this-window", reactor_id=reactor_id)
        raise fail("rule-may-not-react-now-waiting", reactor_id=reactor_id, reactors=', '.join(window.reactors),
                   trigger=trigger_phrase(ctx.state, window))
    return window


def _opportunity_attack(ctx: Context, command: c.React, mover_id: str) -> None:
    """One melee attack against the creature leaving reach, using the reaction (seed 000 Effectuer une AO)."""
    from combatlog.core.rulesets.dnd5e.combat import resolve_attack

    reactor = ctx.state.combatants[command.id]
    if command.target not in (None, mover_id):
        raise fail("rule-opportunity-attack-targets", mover_id=mover_id)
    melee = [a for a in reactor.stats.attacks if a.kind == "melee"]
    profile = next((a for a in melee if a.id == command.attack), None) if command.attack else (melee[0] if melee else None)
    if profile is None:
        raise fail("rule-has-no-melee-attack", reactor=reactor.id, attack=command.attack)
    ctx.emit(ReactionTaken(id=reactor.id, reaction="opportunity_attack"))
    mover = ctx.state.combatants[mover_id]
    resolve_attack(ctx, reactor, mover, profile, slot="reaction", advantage=command.advantage,
                   disadvantage=command.disadvantage)


def _readied(ctx: Context, command: c.React) -> None:
    from combatlog.core.rulesets.dnd5e.actions import move
    from combatlog.core.rulesets.dnd5e.combat import resolve_attack

    reactor = ctx.state.combatants[command.id]
    readied = reactor.effect("readied")
    response = dict(readied.data.get("response") or {})
    ctx.emit(ReactionTaken(id=reactor.id, reaction="readied"))
    end_effect(ctx, reactor.id, readied.instance, "released")
    if readied.data.get("concentration"):
        end_concentration(ctx, reactor.id, "readied_action_released")
    if response.get("do") == "cast":
        from combatlog.core.rulesets.dnd5e.spells import release_held_spell

        release_held_spell(ctx, reactor.id, readied.data["cast"], command.target)
    elif response.get("do") == "attack":
        target = ctx.get(command.target or response.get("target"), "target")
        profile = reactor.stats.attack(command.attack or response.get("with"))
        if profile is None:
            raise fail("rule-has-no-readied-attack", reactor=reactor.id, value=response.get('with'))
        resolve_attack(ctx, reactor, target, profile, slot="reaction", advantage=command.advantage,
                       disadvantage=command.disadvantage)
    else:
        from combatlog.events.turns import EconomySpent

        ctx.emit(EconomySpent(id=reactor.id, resource="reaction", by="readied move"))
        move(ctx, c.Move(id=reactor.id, path=tuple(tuple(s) for s in response.get("path", ())), mode=response.get("mode", "walk")),
             reaction_move=True)


def _named_reaction(ctx: Context, command: c.React, window) -> None:
    """A reaction from the stat block, e.g. Shield (+5 AC until its next turn) or Parry (+N AC, this attack)."""
    reactor = ctx.state.combatants[command.id]
    reaction = reactor.stats.reaction(command.with_)
    if reaction is None:
        known = ", ".join(r.id for r in reactor.stats.reactions)
        raise fail("rule-has-no-reaction-reactions", reactor=reactor.id, wanted=command.with_, known=known)
    pending = window.pending
    if pending.get("kind") != "attack_damage" or pending.get("target") != reactor.id:
        raise fail("rule-answers-attack-that-hits", reaction=reaction.id, reactor=reactor.id)
    if reaction.on == "melee_hit" and pending.get("attack_kind") != "melee":
        raise fail("rule-only-answers-melee-attack", reaction=reaction.id)
    ctx.emit(ReactionTaken(id=reactor.id, reaction=reaction.id))
    from combatlog.events.turns import EconomySpent

    ctx.emit(EconomySpent(id=reactor.id, resource="reaction", by=reaction.id))
    until = {"start_of_turn": reactor.id} if reaction.until == "start_of_turn" else {"this_attack": True}
    start_effect(ctx, reactor.id, reaction.id, source=reactor.id, until=until,
                 data={"ac_bonus": reaction.ac_bonus, "label": reaction.id})
    target = ctx.state.combatants[reactor.id]
    ac, modifiers = armor_class(target, pending.get("cover_bonus", 0))
    natural = pending["natural"]
    hit = attack_hits(natural, pending["total"], ac)
    ctx.emit(AttackReevaluated(attacker=pending["attacker"], target=reactor.id, target_ac=ac, ac_modifiers=modifiers,
                               hit=hit, critical=hit and pending["critical"]))


def trigger(ctx: Context, command: c.Trigger) -> None:
    """The DM says a readied trigger happened: a window opens for the readier alone (seed 001 Se tenir prêt)."""
    readier = ctx.get(command.id)
    if readier.effect("readied") is None:
        raise fail("rule-has-no-readied-action", readier=readier.id)
    if not can_react(ctx, readier):
        raise fail("rule-cannot-react-now-reaction-spent", readier=readier.id)
    trigger_text = readier.effect("readied").data.get("trigger", "")
    open_window(ctx, "readied", (readier.id,), ctx.state.turn or readier.id, {"kind": "readied", "id": readier.id},
                text=trigger_text)


def settle(ctx: Context) -> None:
    """Close every innermost window that nobody still has to answer, resuming what it suspended."""
    while ctx.state.windows and not ctx.state.windows[-1].reactors:
        window = ctx.state.windows[-1]
        ctx.emit(ReactionWindowClosed(depth=len(ctx.state.windows)))
        _resume(ctx, window.pending)


def _resume(ctx: Context, pending: dict) -> None:
    kind = pending.get("kind")
    if kind == "readied":
        return
    saved = ctx.dice
    supplied = pending.get("dice")
    # The suspended command's own faces first; once they run out, the faces of the `react`/`pass` that
    # resumed it (INTERFACE: they carry their own dice), so an attack typed with its d20 alone can still
    # roll its damage instead of leaving the window unanswerable.
    answer = list(saved.take_rest()) if supplied is not None and isinstance(saved, SuppliedDice) else []
    resumed = ctx.dice = SuppliedDice(list(supplied) + answer) if supplied is not None else ctx.rng
    try:
        if kind == "move":
            mover = ctx.state.combatants.get(pending["id"])
            if mover is None or mover.status != "alive" or incapacitated(mover, ctx.ruleset) or ctx.ruleset.speed(mover) == 0:
                return  # the mover was stopped where it stood
            walk(ctx, mover.id, [tuple(s) for s in pending["path"]], list(pending["costs"]), mode=pending["mode"],
                 forced=False, reaction_move=pending.get("reaction_move", False), resuming=True)
        elif kind == "attack_damage":
            finish_attack(ctx, pending)
        elif kind == "cast":
            from combatlog.core.rulesets.dnd5e.spells import resume_cast

            resume_cast(ctx, pending)
    finally:
        if supplied is not None and isinstance(resumed, SuppliedDice):
            used = cast(SuppliedDice, resumed).used  # a window opened by the resumed command has taken the rest with it
            if answer:
                # the answering command's faces nobody used go back to it: its own unused-dice check applies
                cast(SuppliedDice, saved).used -= len(answer[max(0, used - len(supplied)):])
            left = tuple(supplied[used:])
            if left:
                ctx.emit(DiceLeftUnused(faces=left, reason="not_needed_once_the_reaction_was_resolved"))
        ctx.dice = saved


