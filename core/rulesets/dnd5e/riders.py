"""Attack riders (INTERFACE.md §8): what a stat block's attack does after the hit's own damage, in order.

A rider is extra damage (against a save, or plain), a condition (on a failed save when it has one) with its
duration, or a grapple with its escape DC. Dice come after the hit's own damage dice: for each rider in order the
target's save d20, then the rider's damage dice. A critical hit doubles the dice of riders without a save only."""

from combatlog.core.kernel.context import Context
from combatlog.core.rulesets.dnd5e.conditions import apply_condition, normalize_until
from combatlog.core.rulesets.dnd5e.hitpoints import RolledPart, adjust_parts, apply_damage
from combatlog.core.rulesets.dnd5e.rolls import saving_throw
from combatlog.core.rulesets.dnd5e.state import Combatant
from combatlog.core.rulesets.dnd5e.stats import SIZES, AttackProfile, Rider

RIDER_PURPOSE = "rider"  # a save a rider calls for (SavingThrowRolled.purpose)


def rider_applies(rider: Rider, attacker: Combatant, target: Combatant, *, advantage: bool) -> bool:
    """`if: "advantage"` (the attack roll had advantage), `size_max` and `creature_types_except` (SRD wording:
    "if the target is Medium or smaller", "a creature other than an elf or undead")."""
    if rider.if_ == "advantage" and not advantage:
        return False
    if rider.size_max is not None and SIZES.index(target.stats.size) > SIZES.index(rider.size_max):
        return False
    if rider.creature_types_except and target.stats.creature_type in rider.creature_types_except:
        return False
    return True


def apply_riders(ctx: Context, attacker_id: str, target_id: str, profile: AttackProfile, *, critical: bool,
                 advantage: bool, bypass: tuple[str, ...]) -> None:
    """Each rider of `profile.on_hit` in order, on a target still alive after the hit's own damage."""
    for index, rider in enumerate(profile.on_hit, start=1):
        target = ctx.state.combatants[target_id]
        attacker = ctx.state.combatants[attacker_id]
        if target.status == "dead":
            return
        if not rider_applies(rider, attacker, target, advantage=advantage):
            continue
        saved = False
        if rider.save is not None:
            saved = saving_throw(ctx, target_id, rider.save.ability, rider.save.dc, purpose=RIDER_PURPOSE)
        if rider.damage:
            damage_rider(ctx, attacker_id, target_id, rider, index, saved=saved, critical=critical, bypass=bypass)
        elif rider.condition is not None and not saved:
            condition = rider.condition
            until = rider_until(ctx, condition.until, condition.of, attacker_id, target_id)
            apply_condition(ctx, target_id, condition.add, source=attacker_id, until=until)
        elif rider.grapple is not None and not saved:
            # SRD 5.1/5.2 "the target is grappled (escape DC 13)": the escape check is made against that DC.
            apply_condition(ctx, target_id, "grappled", source=attacker_id,
                            until={"escape_dc": rider.grapple.escape_dc})


def damage_rider(ctx: Context, attacker_id: str, target_id: str, rider: Rider, index: int, *, saved: bool,
                 critical: bool, bypass: tuple[str, ...]) -> None:
    """The rider's damage, its own instance: halved on a successful save when `half`, none without it (nothing
    rolled then); a critical hit doubles its dice only when it has no save."""
    half = rider.save.half if rider.save is not None else True
    if saved and not half:
        return
    doubled = critical and rider.save is None
    parts = []
    for spec in rider.damage:
        result = ctx.roll(spec.roll, critical=doubled)
        parts.append(RolledPart(type=spec.type, roll=spec.roll, faces=result.faces, rolled=max(0, result.total)))
    adjusted = adjust_parts(ctx, target_id, parts, halve=saved, bypass=bypass)
    apply_damage(ctx, target_id, adjusted, critical=doubled, source=attacker_id, half_on_save=saved, rider=index,
                 bypass=bypass)


def rider_until(ctx: Context, until, of: str | None, attacker_id: str, target_id: str) -> dict:
    """A rider's `until` as the `condition` command stores it: `of` "self" is the attacker, "target" the target."""
    if until is None:
        return {}
    anchor = target_id if of == "target" else attacker_id
    if isinstance(until, str):
        return normalize_until(until, of=anchor, rounds=None, save=None, target=target_id, ctx=ctx)
    if "rounds" in until:
        return normalize_until({"rounds": until["rounds"]}, of=anchor, rounds=None, save=None, target=target_id, ctx=ctx)
    return normalize_until(dict(until), of=None, rounds=None, save=None, target=target_id, ctx=ctx)


def attack_bypass(profile: AttackProfile) -> tuple[str, ...]:
    """The qualities of an attack's damage: its weapon's `bypass`."""
    return tuple(profile.bypass)
