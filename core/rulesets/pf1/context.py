"""The working context of one pf1 command, and the rules every handler shares: spending actions, rolling,
opening attack-of-opportunity windows, dealing and healing damage."""

import math

import msgspec

from combatlog.core.kernel.context import fail
from combatlog.core.kernel.errors import refused
from combatlog.core.kernel.dice import DiceError, SuppliedDice, roll
from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.fold import evolve
from combatlog.core.rulesets.pf1.rules import (
    can_act, conditions_in_force, is_flat_footed, save_bonus, status_for, threatens,
)
from combatlog.core.rulesets.pf1.state import Pf1Combatant, Pf1State
from combatlog.core.rulesets.pf1.stats import PHYSICAL, damage_type
from combatlog.events.meta import DiceLeftUnused


class Pf1Context:
    """Events are folded as they are decided, so later rules see earlier consequences."""

    def __init__(self, state: Pf1State, dice, rng, templates=None, spells=None, encounters=None):
        self.state = state
        # `encounters(name)`: another encounter of the same log, its latest state or None (`add` with `carry`).
        self.encounters = encounters
        self.dice = dice
        self.rng = rng
        self.templates = templates
        self.spells = spells  # the library's spell lookup (§7), handed in like the creature templates
        self.events: list = []
        self.strain: str | None = None  # a disabled creature that took a standard action (PRD Disabled)

    def emit(self, event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def get(self, cid: str | None, role: str = "combatant") -> Pf1Combatant:
        if not cid:
            raise fail("pf1-rule-no-named", role=str(role))
        creature = self.state.combatants.get(cid)
        if creature is None:
            raise fail("pf1-rule-there-no-combatant-known", cid=str(cid), known=", ".join(self.state.combatants))
        return creature

    def instance(self) -> int:
        return self.state.next_instance

    def die(self, sides: int) -> int:
        try:
            return self.dice.next_face(sides)
        except DiceError as error:
            raise refused(error) from None

    def roll(self, expression: str):
        try:
            return roll(expression, self.dice)
        except DiceError as error:
            raise refused(error) from None

    def suspend_dice(self):
        return list(self.dice.take_rest()) if isinstance(self.dice, SuppliedDice) else None


def square_of(value, what: str) -> tuple[int, int]:
    """A map square [x, y] written by the table, or a clear refusal."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or \
            not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise fail("pf1-rule-square-x-y-whole-numbers-not", what=str(what), value=repr(value))
    return int(value[0]), int(value[1])


def name_of(value, what: str) -> str:
    if not isinstance(value, str):
        raise fail("pf1-rule-must-id-text-not", what=str(what), value=repr(value))
    return value


# --------------------------------------------------------------------------- turns and actions
def require_turn(ctx: Pf1Context, creature: Pf1Combatant, what: str) -> None:
    state = ctx.state
    if state.phase != "turn" or state.turn != creature.id:
        raise fail("pf1-rule-not-its-turn", creature=creature.id, what=str(what), turn=state.turn or "")
    if not can_act(creature):
        why = creature.status if creature.status != "alive" else ", ".join(sorted(conditions_in_force(creature)))
        raise fail("pf1-rule-cannot-cannot-act", creature=creature.id, what=str(what), why=str(why))


def restricted(creature: Pf1Combatant) -> bool:
    """PRD Surprise, Staggered, Disabled: a single standard or move action."""
    return creature.actions.restricted or "staggered" in conditions_in_force(creature) or creature.status == "disabled"


def spend(ctx: Pf1Context, creature: Pf1Combatant, slot: str, by: str) -> None:
    """Spend an action (PRD Action Types), or refuse naming what already spent it."""
    a = creature.actions
    limited = restricted(creature)

    def refuse(kind: str, spent_by: str):
        raise fail("pf1-rule-action-already-spent", creature=creature.id, by=str(by), slot=kind, spent_by=str(spent_by))

    if slot == "free":
        return
    if slot == "immediate" and ctx.state.turn != creature.id:
        if creature.swift_owed:
            raise fail("pf1-rule-cannot-already-took-immediate-action-this", creature=creature.id, by=str(by))
        ctx.emit(e.Pf1ActionSpent(id=creature.id, slots=("swift",), by="immediate", owed=True, spent="immediate"))
        return
    if slot in ("swift", "immediate"):
        if a.swift:
            refuse("swift", a.swift)
        ctx.emit(e.Pf1ActionSpent(id=creature.id, slots=("swift",), by=by if slot == "swift" else "immediate", spent=slot))
        return
    if slot == "standard":
        if a.full_round:
            refuse("full_round", a.full_round)
        if a.standard:
            refuse("standard", a.standard)
        if limited and a.move:
            raise fail("pf1-rule-cannot-may-take-only-one-standard", creature=creature.id, by=str(by), move=str(a.move))
        ctx.emit(e.Pf1ActionSpent(id=creature.id, slots=("standard",), by=by, spent="standard"))
        if creature.status == "disabled":
            ctx.strain = creature.id
        return
    if slot == "move":
        if a.full_round:
            refuse("full_round", a.full_round)
        if not a.move and not (limited and a.standard):
            ctx.emit(e.Pf1ActionSpent(id=creature.id, slots=("move",), by=by, spent="move"))
            return
        if a.move and not a.standard and not limited:
            # PRD Action Types: a move action may replace the standard action.
            ctx.emit(e.Pf1ActionSpent(id=creature.id, slots=("standard",), by=by, spent="move"))
            return
        if limited:
            raise fail("pf1-rule-cannot-may-take-only-one-standard-2", creature=creature.id, by=str(by), value=str(a.move or a.standard))
        refuse("standard", a.standard)
    if slot in ("full_round", "double"):
        if limited:
            raise fail("pf1-rule-cannot-may-take-only-one-standard-3", creature=creature.id, by=str(by))
        for kind in ("full_round", "standard", "move"):
            if getattr(a, kind):
                refuse(kind, getattr(a, kind))
        ctx.emit(e.Pf1ActionSpent(id=creature.id, slots=("full_round", "standard", "move") if slot == "full_round"
                                  else ("move", "standard"), by=by,
                                  spent="full_round" if slot == "full_round" else "double"))
        return
    raise fail("pf1-rule-unknown-action-slot", slot=str(slot))


# --------------------------------------------------------------------------- attacks of opportunity
def eligible_reactors(ctx: Pf1Context, provoker: Pf1Combatant, *, movement: bool, square=None,
                      only: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """INTERFACE-pf1 § Attacks of opportunity, who may answer (seed 004 Attaque d'opportunité)."""
    found = []
    provoker_conditions = conditions_in_force(provoker)
    for c in ctx.state.combatants.values():
        if c.id == provoker.id or c.side == provoker.side or (only is not None and c.id not in only):
            continue
        if c.aoo_left <= 0 or not can_act(c) or c.effect("total_defense"):
            continue
        if is_flat_footed(c) and not c.stats.combat_reflexes:
            continue  # seed 004 Pris au dépourvu: a flat-footed character makes no attacks of opportunity
        if "invisible" in provoker_conditions or "blinded" in conditions_in_force(c):
            continue
        if movement and c.aoo_round == ctx.state.round and provoker.id in c.aoo_movers:
            continue  # seed 004 Attaques réflexes: one opportunity per mover per round
        if not threatens(c, provoker, target_at=square):
            continue
        found.append(c.id)
    return tuple(found)


def provoke(ctx: Pf1Context, provoker: Pf1Combatant, command: dict, stage: dict, *, act: str, movement: bool = False,
            only: tuple[str, ...] | None = None, square=None, target: str = "", using: str = "") -> bool:
    """Open a window when someone may answer: the command waits with its unused faces. True when it waits. `act`
    says what provoked (a code of events/windows.py), `target` and `using` whom and with what."""
    reactors = eligible_reactors(ctx, provoker, movement=movement, only=only, square=square)
    if not reactors:
        return False
    pending = {"command": command, "stage": stage, "dice": ctx.suspend_dice()}
    if ctx.strain:
        pending["strain"] = ctx.strain
        ctx.strain = None
    pending = msgspec.json.decode(msgspec.json.encode(pending))  # JSON values, as a stored log gives them back
    ctx.emit(e.Pf1WindowOpened(waiting=provoker.id, reactors=reactors, act=act, target=target, using=using,
                               square=tuple(square) if movement and square is not None else None, pending=pending,
                               movement=movement))
    return True


def leftover(ctx: Pf1Context, reason: str, *, by: str = "", count: int = 0, attack: str = "") -> None:
    """Faces a resumed command no longer needs, for `reason` (a reason code, events/reasons.py)."""
    if isinstance(ctx.dice, SuppliedDice) and ctx.dice.unused():
        ctx.emit(DiceLeftUnused(faces=ctx.dice.take_rest(), reason=reason, by=by, count=count, attack=attack))


# --------------------------------------------------------------------------- saves, damage, healing
def roll_save(ctx: Pf1Context, cid: str, ability: str, dc: int, purpose: str = "", condition: str = "") -> bool:
    """Seed 004 Sauvegarde: d20 + base + ability; a natural 1 fails, a natural 20 succeeds."""
    if ability not in ("fort", "ref", "will"):
        raise fail("pf1-rule-unknown-save-pf1-saves-fort-ref", ability=str(ability))
    creature = ctx.get(cid)
    face = ctx.die(20)
    bonus = save_bonus(creature, ability)
    total = face + bonus
    success = face == 20 or (face != 1 and total >= dc)
    ctx.emit(e.Pf1SaveRolled(id=cid, ability=ability, d20=face, bonus=bonus, total=total, dc=dc, success=success,
                             purpose=purpose, condition=condition))
    return success


def reduce_damage(target: Pf1Combatant, parts: list[tuple[str, int]], *, weapon: bool, bypass: set[str]):
    """PRD Damage Reduction, Energy Resistance, Immunity, Vulnerability: returns (amount, reductions).
    DR takes the physical part of a weapon hit once (the best DR not overcome); resistance each energy type."""
    stats = target.stats
    by_type: dict[str, int] = {}
    for kind, amount in parts:
        by_type[kind] = by_type.get(kind, 0) + amount
    reduced = []
    total = 0
    physical = sum(v for k, v in by_type.items() if k in PHYSICAL)
    if physical and weapon and stats.dr:
        qualities = bypass | {k for k in by_type if k in PHYSICAL}
        best = 0
        for dr in stats.dr:
            if not dr.bypass:
                overcome = False
            elif dr.all:
                overcome = all(q in qualities for q in dr.bypass)
            else:
                overcome = any(q in qualities for q in dr.bypass)
            if not overcome:
                best = max(best, dr.amount)
        if best:
            cut = min(best, physical)
            reduced.append({"by": "dr", "type": "physical", "amount": cut})
            # take DR off the physical types in order
            left = cut
            for k in list(by_type):
                if k in PHYSICAL and left:
                    take = min(left, by_type[k])
                    by_type[k] -= take
                    left -= take
    for kind, amount in by_type.items():
        if kind in stats.immunities:
            if amount:
                reduced.append({"by": "immunity", "type": kind, "amount": amount})
            continue
        resist = stats.energy_resistance.get(kind, 0) if kind not in PHYSICAL else 0
        if resist and amount:
            cut = min(resist, amount)
            reduced.append({"by": "resistance", "type": kind, "amount": cut})
            amount -= cut
        if kind in stats.vulnerabilities and amount:
            extra = amount // 2
            reduced.append({"by": "vulnerability", "type": kind, "amount": -extra})
            amount += extra
        total += amount
    return total, tuple(reduced)


def deal(ctx: Pf1Context, cid: str, parts: list[tuple[str, int]], *, weapon: bool = False, bypass=(), nonlethal: bool = False,
         source: str = "", single_attack: bool = True) -> int:
    """Apply damage: temporary HP first, then HP (or the nonlethal counter); status follows (seed 004 Points de vie)."""
    target = ctx.get(cid)
    amount, reductions = reduce_damage(target, [(damage_type(k), v) for k, v in parts], weapon=weapon, bypass=set(bypass))
    hp, temp, lethal_nonlethal = target.hp, target.temp_hp, target.nonlethal
    if nonlethal:
        lethal_nonlethal += amount
    else:
        absorbed = min(temp, amount)
        temp -= absorbed
        hp -= amount - absorbed
    ctx.emit(e.Pf1DamageTaken(target=cid, amount=amount, nonlethal=nonlethal, reduced=reductions, hp_after=hp,
                              temp_after=temp, nonlethal_after=lethal_nonlethal, source=source))
    target = ctx.get(cid)
    if not nonlethal and amount > 0:
        status = status_for(target, hp, stable=False)
        if status != target.status:
            ctx.emit(e.Pf1StatusChanged(id=cid, status=status, hp=hp))
        target = ctx.get(cid)
        # PRD Massive Damage (optional rule): half the maximum HP, minimum 50, in one attack: Fort DC 15 or die.
        if ctx.state.massive_damage and single_attack and target.status != "dead" \
                and amount >= max(50, math.ceil(target.stats.max_hp / 2)):
            if not roll_save(ctx, cid, "fort", 15, purpose="massive_damage"):
                ctx.emit(e.Pf1StatusChanged(id=cid, status="dead", hp=target.hp))
    return amount


def heal_creature(ctx: Pf1Context, cid: str, amount: int, faces=()) -> None:
    """PRD Healing: any healing stabilizes a dying creature; disabled at 0, alive above. Nonlethal heals as much."""
    target = ctx.get(cid)
    hp = min(target.stats.max_hp, target.hp + amount)
    ctx.emit(e.Pf1Healed(target=cid, amount=amount, faces=tuple(faces), hp_after=hp,
                         nonlethal_after=max(0, target.nonlethal - amount)))
    status = status_for(target, hp, stable=amount > 0 or target.status == "stable")
    if status != target.status:
        ctx.emit(e.Pf1StatusChanged(id=cid, status=status, hp=hp))
    if amount > 0:
        stop_bleeding(ctx, cid, "healed")


def stop_bleeding(ctx: Pf1Context, cid: str, reason: str) -> None:
    """PRD Bleed: a DC 15 Heal check or any healing of hit point damage stops the bleeding."""
    for instance in ctx.get(cid).conditions:
        if instance.condition == "bleed":
            ctx.emit(e.Pf1ConditionEnded(target=cid, instance=instance.instance, condition="bleed", reason=reason))


def replace_effect(ctx: Pf1Context, cid: str, name: str, **data) -> None:
    creature = ctx.get(cid)
    effect = creature.effect(name)
    if effect is None:
        return
    ctx.emit(e.Pf1EffectChanged(id=cid, instance=effect.instance, effect=name, data={**effect.data, **data}))


def start_effect(ctx: Pf1Context, cid: str, name: str, until: str = "start_of_turn", **data) -> None:
    ctx.emit(e.Pf1EffectStarted(id=cid, instance=ctx.instance(), effect=name, until=until, data=data))


def replace_struct(value, **changes):
    return msgspec.structs.replace(value, **changes)
