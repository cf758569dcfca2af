"""Hit points: the damage pipeline, temporary HP, healing, dropping to 0, death saves (seed 000 Dégâts et Soins)."""

from collections.abc import Callable
from typing import cast
from dataclasses import dataclass

from combatlog.core.rulesets.dnd5e.conditions import apply_condition, end_concentration, end_condition
from combatlog.core.kernel.context import Context, fail
from combatlog.core.rulesets.dnd5e.rolls import d20_test_sources, saving_throw
from combatlog.core.rulesets.dnd5e.stats import DAMAGE_TYPES, defence_holds, defence_type
from combatlog.events.damage import (
    DamageTaken,
    DeathSaveFailed,
    DeathSaveRolled,
    Healed,
    StatusChanged,
    TempHpGranted,
)
from combatlog.events.values import DamagePart

FELL_UNCONSCIOUS = "0_hp"
KNOCKED_OUT = "knocked_out"


@dataclass
class RolledPart:
    type: str
    roll: str
    faces: tuple[int, ...]
    rolled: int
    # Where an extra part comes from ("from hunters-mark"), kept in the damage event's part notes.
    notes: tuple[str, ...] = ()


def bonus_damage_parts(ctx: Context, attacker_id: str, target_id: str, *, spell: bool, critical: bool,
                       attack_type: str) -> list[RolledPart]:
    """The extra dice of the target's effects for a hit by `attacker_id` (`damage_bonus`, docs/spells.md: SRD
    Hunter's Mark 1d6 when its caster hits the marked creature), rolled after the hit's own damage dice, doubled
    on a critical hit; `attacks: weapon` counts a stat block's attacks, not spell attacks. One per effect id."""
    parts: list[RolledPart] = []
    seen: set[str] = set()
    for effect in ctx.state.combatants[target_id].effects:
        bonus = effect.data.get("damage_bonus") if isinstance(effect.data, dict) else None
        if not bonus or effect.source != attacker_id or effect.effect in seen:
            continue
        if spell and bonus.get("attacks", "weapon") != "any":
            continue
        seen.add(effect.effect)
        result = ctx.roll(bonus["roll"], critical=critical)
        parts.append(RolledPart(type=bonus.get("type") or attack_type, roll=bonus["roll"], faces=result.faces,
                                rolled=max(0, result.total), notes=(f"from:{effect.effect}",)))
    return parts


def check_damage_type(damage_type: str) -> None:
    if damage_type not in DAMAGE_TYPES:
        raise fail("rule-unknown-damage-type-known", damage_type=damage_type, DAMAGE_TYPES=', '.join(DAMAGE_TYPES))


def defences(entries, bypass) -> set[str]:
    """The damage types of `entries` (ids or `{"type", "unless"}`) that hold against damage with `bypass`."""
    return {defence_type(entry) for entry in entries if defence_holds(entry, bypass)}


def adjust_parts(ctx: Context, target_id: str, parts: list[RolledPart], adjust: int = 0, halve: bool = False,
                 bypass: tuple[str, ...] = ()) -> list[DamagePart]:
    """Adjustments, then resistance (halved, rounded down), then vulnerability (doubled); immunity zeroes
    (seed 000 Ordre d'Application; instances do not stack: Pas de Cumul). A qualified defence (§8 `unless`)
    holds only when `bypass` has none of its qualities."""
    target = ctx.state.combatants[target_id]
    resistances = defences(target.stats.resistances, bypass)
    immunities = defences(target.stats.immunities, bypass)
    if ctx.state.underwater:
        resistances.add("fire")  # seed 000/001 Combat sous-marin: everything underwater resists fire
    if target.has("petrified"):
        if ctx.ruleset.petrified_resists_all:
            resistances.update(DAMAGE_TYPES)  # SRD glossary, Petrified: resistance to all damage
        else:
            immunities.add("poison")  # seed 003 Pétrifié: immune to poison, no resistance listed
    vulnerabilities = defences(target.stats.vulnerabilities, bypass)
    if ctx.ruleset.resistance_cancels_vulnerability:
        # Seed 003: « une vulnérabilité annule une résistance (et inversement) »
        cancelled = resistances & vulnerabilities
        resistances -= cancelled
        vulnerabilities -= cancelled
    result = []
    for index, part in enumerate(parts):
        notes = list(part.notes)
        amount = max(0, part.rolled + (adjust if index == 0 else 0))
        if index == 0 and adjust:
            notes.append(f"adjusted:{adjust:+d}")
        if halve:
            amount //= 2
            notes.append("halved_save")
        if part.type in immunities:
            applied = 0
            notes.append("immune")
        else:
            applied = amount
            if part.type in resistances:
                applied //= 2
                notes.append("resistant")
            if part.type in vulnerabilities:
                applied *= 2
                notes.append("vulnerable")
        result.append(DamagePart(type=part.type, roll=part.roll, faces=part.faces, rolled=part.rolled,
                                 adjusted=amount, applied=applied, notes=tuple(notes)))
    return result


def has_qualified_defence(creature) -> bool:
    stats = creature.stats
    return any(not isinstance(entry, str) for entry in (*stats.resistances, *stats.immunities, *stats.vulnerabilities))


def damage_with_saves(ctx: Context, targets, *, save, roll: Callable[[], list[RolledPart]] | None, half: bool = True,
                      listed=(), purpose: str = "damage", cover=None, roll_when_all_saved: bool = True,
                      adjust: int = 0, critical: bool = False, source: str = "", nonlethal: bool = False,
                      bypass: tuple[str, ...] = (), implied: bool = False) -> dict[str, bool]:
    """Each target's save in `targets` order (legendary resistance for the `listed` ones: legendary.py), then one
    damage roll shared by all (seed 000 « Dégâts », Boule de Feu), each target's share halved on a success, none
    at all when not `half`. `damage`, a save attack (a breath) and a save spell (`cast`) all come here; a spell
    rolls nothing when every target saved against damage it does not halve (`roll_when_all_saved`). Returns
    each target's save."""
    from combatlog.core.rulesets.dnd5e.legendary import saving_throw_with_resistance

    cover = cover or {}
    saved = dict.fromkeys(targets, False)
    if save is not None:
        for target_id in saved:
            # Cover: +2/+5 to Dexterity saves (seed 000/001 Abri; seed 003 Abri)
            saved[target_id] = saving_throw_with_resistance(ctx, target_id, save.ability, save.dc, listed=listed,
                                                            purpose=purpose, cover=cover.get(target_id))
    if roll is None or (not roll_when_all_saved and not half and all(saved.values())):
        return saved
    parts = roll()
    for target_id, success in saved.items():
        if ctx.state.combatants[target_id].status != "dead":  # a save spell's victim of its own damage
            damage_after_save(ctx, target_id, parts, saved=success, half=half, adjust=adjust, critical=critical,
                              source=source, nonlethal=nonlethal, bypass=bypass, implied=implied)
    return saved


def one_roll(ctx: Context, type: str, roll: str | None, amount: int | None = None,
             critical: bool = False) -> Callable[[], list[RolledPart]]:
    """The damage of `damage` or of a save attack for `damage_with_saves`: `roll` rolled when it asks (every die
    doubled on a critical), or a fixed `amount`."""
    def parts() -> list[RolledPart]:
        if roll is None:
            return [RolledPart(type=type, roll="", faces=(), rolled=cast(int, amount))]
        result = ctx.roll(roll, critical=critical)
        return [RolledPart(type=type, roll=roll, faces=result.faces, rolled=max(0, result.total))]

    return parts


def damage_after_save(ctx: Context, target_id: str, parts: list[RolledPart], *, saved: bool, half: bool,
                      adjust: int = 0, critical: bool = False, source: str = "", nonlethal: bool = False,
                      bypass: tuple[str, ...] = (), implied: bool = False) -> None:
    """One target's share of a roll made for several: halved (rounded down) on a successful save when `half`,
    none at all on a success without it (seed 000 Dégâts; §7 settled details). `bypass`: the damage's qualities
    (§8; `implied`: a spell's "magic", recorded only against a qualified defence)."""
    if saved and not half:
        adjusted = adjust_parts(ctx, target_id, [RolledPart(part.type, part.roll, part.faces, 0) for part in parts],
                                bypass=bypass)
    else:
        adjusted = adjust_parts(ctx, target_id, parts, adjust, halve=saved, bypass=bypass)
    apply_damage(ctx, target_id, adjusted, critical=critical, source=source, half_on_save=saved, knock_out=nonlethal,
                 bypass=bypass, implied=implied)


def apply_damage(ctx: Context, target_id: str, parts: list[DamagePart], *, critical: bool = False, source: str = "",
                 knock_out: bool = False, half_on_save: bool = False, rider: int = 0,
                 bypass: tuple[str, ...] = (), implied: bool = False) -> None:
    """Temporary HP absorb first; then 0 HP: monsters die, characters fall unconscious or die outright.
    `implied` qualities (a spell's "magic") are recorded only when the target has a qualified defence: the damage
    events of logs written before §8 stay what the rules give."""
    target = ctx.state.combatants[target_id]
    if implied and not has_qualified_defence(target):
        bypass = ()
    if target.status == "dead":
        raise fail("rule-already-dead", target_id=target_id)
    total = sum(part.applied for part in parts)
    absorbed = min(target.temp_hp, total)
    remaining = total - absorbed
    hp_after = max(0, target.hp - remaining)
    overflow = max(0, remaining - target.hp)
    knocked_out = knock_out and target.hp > 0 and hp_after == 0
    if knocked_out and ctx.ruleset.nonlethal_leaves_one_hp:
        hp_after, overflow = 1, 0
    ctx.emit(DamageTaken(
        target=target_id, source=source, parts=tuple(parts), total=total, critical=critical, hp_before=target.hp,
        hp_after=hp_after, temp_before=target.temp_hp, temp_after=target.temp_hp - absorbed, overflow=overflow,
        half_on_save=half_on_save, bypass=tuple(bypass), rider=rider,
    ))
    was_at_zero = target.hp == 0
    if knocked_out:
        _knock_out(ctx, target_id)
    elif was_at_zero and remaining > 0:
        _damage_at_zero(ctx, target_id, remaining, critical)
    elif hp_after == 0 and remaining > 0:
        _drop_to_zero(ctx, target_id, overflow)
    target = ctx.state.combatants[target_id]
    if target.concentration and total > 0:
        if target.status in ("dead", "dying", "stable") or target.has("unconscious"):
            end_concentration(ctx, target_id, "fell_unconscious" if target.status != "dead" else "died")
        elif ctx.ruleset.concentration_ends_on_any_damage:
            end_concentration(ctx, target_id, "took_damage")  # seed 003 Se tenir prêt (D12): no save
        else:
            concentration_save(ctx, target_id, total)


def concentration_save(ctx: Context, creature_id: str, damage: int) -> None:
    """Con save DC max(10, half the damage) (SRD 2024 glossary: at most 30); failure ends the effect."""
    dc = max(10, damage // 2)
    if ctx.ruleset.concentration_dc_cap is not None:
        dc = min(dc, ctx.ruleset.concentration_dc_cap)
    if not saving_throw(ctx, creature_id, "con", dc, purpose="concentration"):
        end_concentration(ctx, creature_id, "failed_its_concentration_save")


def _knock_out(ctx: Context, target_id: str) -> None:
    """Seed 001 Assommer: 0 HP, unconscious and stable; seed 000 Mettre hors de combat: 1 HP and unconscious."""
    if not ctx.ruleset.nonlethal_leaves_one_hp:
        ctx.emit(StatusChanged(id=target_id, status="stable", reason="knocked_out"))
    apply_condition(ctx, target_id, "unconscious", source=KNOCKED_OUT)


def _drop_to_zero(ctx: Context, target_id: str, overflow: int) -> None:
    target = ctx.state.combatants[target_id]
    if target.kind == "monster" and not target.unconscious_at_zero:
        die(ctx, target_id, "a_monster_dies_at_0_hp")
    elif overflow >= ctx.ruleset.max_hp(target):
        die(ctx, target_id, "massive_damage", over=overflow, max_hp=ctx.ruleset.max_hp(target))
    else:
        ctx.emit(StatusChanged(id=target_id, status="dying", reason="dropped_to_0_hp"))
        apply_condition(ctx, target_id, "unconscious", source=FELL_UNCONSCIOUS)


def _damage_at_zero(ctx: Context, target_id: str, damage: int, critical: bool) -> None:
    """Seed 000 Dégâts à 0 Points de Vie: one failure, two on a critical hit, death if ≥ max HP."""
    target = ctx.state.combatants[target_id]
    if damage >= ctx.ruleset.max_hp(target) or (target.kind == "monster" and not target.unconscious_at_zero):
        die(ctx, target_id, "damage_at_0_hp_max_hp" if target.kind != "monster" else "a_monster_dies_at_0_hp")
        return
    if target.status == "stable":
        ctx.emit(StatusChanged(id=target_id, status="dying", reason="damaged_while_stable"))
    if not ctx.ruleset.death_saves:
        return  # seed 003 Stabiliser: damage at 0 HP only undoes the stabilization (no death save failure)
    count = 2 if critical else 1
    failures = min(3, target.death_failures + count)
    ctx.emit(DeathSaveFailed(id=target_id, count=count, successes=target.death_successes, failures=failures,
                             reason="critical_hit_at_0_hp" if critical else "damage_at_0_hp"))
    if failures >= 3:
        die(ctx, target_id, "three_death_save_failures")


def die(ctx: Context, target_id: str, reason: str, *, over: int = 0, max_hp: int = 0) -> None:
    """Dead, for `reason` (a reason code, events/reasons.py); massive damage names the damage left over and the
    hit point maximum."""
    ctx.emit(StatusChanged(id=target_id, status="dead", reason=reason, over=over, max_hp=max_hp, hp=0))
    target = ctx.state.combatants[target_id]
    if target.concentration:
        end_concentration(ctx, target_id, "died")
    from combatlog.core.rulesets.dnd5e.conditions import end_conditions_where

    # SRD glossary, Grappled: the grapple ends when the grappler cannot hold on any more.
    end_conditions_where(ctx, lambda _, c: c.condition == "grappled" and c.source == target_id, "creature_died",
                         by=target_id)


def heal(ctx: Context, target_id: str, amount: int, *, roll: str = "", faces: tuple[int, ...] = ()) -> None:
    """Healing is capped at the maximum; any healing above 0 HP ends unconsciousness (prone remains)."""
    target = ctx.get(target_id)
    if target.status == "dead":
        raise fail("rule-dead-healing-cannot-help", target_id=target_id)
    if amount < 0:
        raise fail("rule-healing-cannot-be-negative", amount=amount)
    hp_after = min(ctx.ruleset.max_hp(target), target.hp + amount)
    ctx.emit(Healed(target=target_id, roll=roll, faces=faces, amount=amount, hp_before=target.hp, hp_after=hp_after))
    if target.hp == 0 and hp_after > 0:
        revive(ctx, target_id, "regained_hit_points")
    elif amount > 0:
        # Seed 000 Mettre Hors de Combat: a knocked-out creature (1 HP) wakes when it regains hit points.
        for condition in target.conditions:
            if condition.condition == "unconscious" and condition.source == KNOCKED_OUT:
                end_condition(ctx, target_id, condition.instance, "regained_hit_points")


def revive(ctx: Context, target_id: str, reason: str) -> None:
    target = ctx.state.combatants[target_id]
    if target.status != "alive":
        ctx.emit(StatusChanged(id=target_id, status="alive", reason=reason))
    for condition in target.conditions:
        if condition.condition == "unconscious" and condition.source in (FELL_UNCONSCIOUS, KNOCKED_OUT):
            end_condition(ctx, target_id, condition.instance, reason)


def grant_temp_hp(ctx: Context, target_id: str, amount: int, replace: bool) -> None:
    """Temporary HP do not stack: keep the higher unless told to replace (seed 000)."""
    target = ctx.get(target_id)
    if amount < 0:
        raise fail("rule-temporary-hp-cannot-be-negative", amount=amount)
    if target.status == "dead":
        raise fail("rule-is-dead", target_id=target_id)
    after = amount if replace else max(target.temp_hp, amount)
    ctx.emit(TempHpGranted(target=target_id, amount=amount, before=target.temp_hp, after=after))


def death_save(ctx: Context, creature_id: str) -> None:
    """Seed 000 Jets de Sauvegarde contre la Mort: 10+ succeeds; a 1 counts twice; a 20 brings back 1 HP."""
    creature = ctx.get(creature_id)
    if ctx.state.turn != creature_id:
        raise fail("rule-cannot-roll-death-save-s", creature_id=creature_id, turn=ctx.state.turn)
    if creature.status != "dying":
        raise fail("rule-not-dying", creature_id=creature_id)
    # A death save is a saving throw: exhaustion weighs on it (2014 level 3: disadvantage; 2024: -2 per level).
    advantage, disadvantage, modifiers = d20_test_sources(ctx, creature_id, "save")
    natural, faces = ctx.d20(advantage=bool(advantage), disadvantage=bool(disadvantage))
    total = natural + sum(m.value for m in modifiers)
    successes, failures = creature.death_successes, creature.death_failures
    if natural == 20:
        outcome = "regains_1_hp"
    elif natural == 1:
        failures += 2
        outcome = "two_failures"
    elif total >= 10:
        successes += 1
        outcome = "success"
    else:
        failures += 1
        outcome = "failure"
    successes, failures = min(successes, 3), min(failures, 3)
    if natural != 20 and successes >= 3:
        outcome = "stable"
    if failures >= 3:
        outcome = "dead"
    ctx.emit(DeathSaveRolled(id=creature_id, faces=faces, natural=natural, successes=successes, failures=failures,
                             outcome=outcome))
    if natural == 20:
        ctx.emit(Healed(target=creature_id, amount=1, hp_before=0, hp_after=1, reason="natural_20_on_a_death_save"))
        revive(ctx, creature_id, "natural_20_on_a_death_save")
    elif outcome == "stable":
        ctx.emit(StatusChanged(id=creature_id, status="stable", reason="three_death_save_successes"))
    elif outcome == "dead":
        die(ctx, creature_id, "three_death_save_failures")


