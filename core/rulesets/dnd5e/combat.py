"""Attacks (seed 000 Faire une Attaque, Jets d'Attaque; seed 001 Porter une attaque), grapple and shove."""

from typing import Any, cast

from combatlog.words import Distance, Named, Phrase, term_phrase
from combatlog.core.rulesets.dnd5e import commands as c
from combatlog.core.rulesets.dnd5e.conditions import apply_condition, end_condition, end_effect
from combatlog.core.kernel.context import Context, fail
from combatlog.core.rulesets.dnd5e.hitpoints import RolledPart, adjust_parts, bonus_damage_parts, apply_damage, damage_with_saves, one_roll
from combatlog.core.rulesets.dnd5e.queries import (
    can_see,
    conditions_in_force,
    distance_metres,
    hostile,
    incapacitated,
    turn_phrase,
    within,
)
from combatlog.core.rulesets.dnd5e.rolls import COVER_BONUS, ability_check, cover_label, contest, d20_test_sources, dodge_in_force, rolled_bonuses, saving_throw
from combatlog.core.rulesets.dnd5e.legendary import check_resistance_list
from combatlog.core.rulesets.dnd5e.resources import refuse, spend_attack_use
from combatlog.core.rulesets.dnd5e.riders import apply_riders, attack_bypass
from combatlog.core.rulesets.dnd5e.state import Combatant
from combatlog.core.rulesets.dnd5e.stats import SIZES, AttackProfile
from combatlog.events.attacks import AttackRolled
from combatlog.events.turns import EconomySpent
from combatlog.events.values import Modifier

MELEE_RANGE = 1.5
COVER_FR = {"half": "abri partiel", "three_quarters": "abri important", "total": "abri total"}


def attack_hits(natural: int, total: int, armor: int) -> bool:
    """Seed 000 Lancer un 20 ou un 1: a natural 20 hits whatever the AC, a natural 1 always misses."""
    return natural == 20 or (natural != 1 and total >= armor)


def armor_class(target: Combatant, cover_bonus: int = 0) -> tuple[int, tuple[Modifier, ...]]:
    """AC with cover, plus the AC bonuses of the target's effects (Shield, Parry), each labelled."""
    bonuses = tuple(Modifier(e.data.get("label", e.effect), int(e.data["ac_bonus"]))
                    for e in target.effects if e.data.get("ac_bonus"))
    return target.stats.ac + cover_bonus + sum(m.value for m in bonuses), bonuses


def can_act(ctx: Context, creature: Combatant, what: Phrase, *, reaction: bool = False,
            turned_away: bool = True) -> None:
    """Turn, consciousness and surprise checks every action shares; errors say who, what and why."""
    state = ctx.state
    if creature.status == "dead":
        raise fail("rule-cannot-dead", creature=creature.id, what=what)
    if not reaction and state.turn != creature.id:
        raise fail("rule-cannot-not-now", creature=creature.id, what=what, now=turn_phrase(state))
    conditions = conditions_in_force(creature, ctx.ruleset)
    if "incapacitated" in conditions:
        cause = next((name for name in ("unconscious", "paralyzed", "stunned", "petrified") if name in conditions), "incapacitated")
        raise fail("rule-cannot-incapacitated", creature=creature.id, what=what, cause=term_phrase("condition", cause))
    if (creature.surprised and ctx.ruleset.surprise_skips_first_turn) or creature.has("surprised"):
        raise fail("rule-cannot-surprised-until-first-turn", creature=creature.id, what=what)
    if turned_away and creature.has("turned"):
        raise fail("rule-cannot-turned-and-may-only", creature=creature.id, what=what)


def spend(ctx: Context, creature: Combatant, slot: str, by: str) -> None:
    """Spend the action, bonus action or reaction; anything used twice in a turn is refused."""
    economy = creature.economy
    if slot == "action":
        if economy.action:
            raise fail("rule-action-spent", creature=creature.id, action=economy.action)
        ctx.emit(EconomySpent(id=creature.id, resource="action", by=by))
    elif slot == "bonus":
        if economy.bonus:
            raise fail("rule-has-already-used-bonus-action", creature=creature.id, bonus=economy.bonus)
        ctx.emit(EconomySpent(id=creature.id, resource="bonus", by=by))
    elif slot == "reaction":
        if not creature.reaction_available:
            raise fail("rule-has-already-used-reaction-this", creature=creature.id)
        ctx.emit(EconomySpent(id=creature.id, resource="reaction", by=by))


def spend_attack(ctx: Context, attacker: Combatant, slot: str, profile: AttackProfile | None, label: str) -> bool:
    """One attack of the Attack action (Extra Attack gives several), a bonus-action attack, or a reaction.
    Returns True when this is a two-weapon-fighting bonus attack (no positive ability modifier to damage).
    An attack that spends a limited use spends it here, whether it then hits or misses (INTERFACE.md §7)."""
    if profile is not None:
        spend_attack_use(ctx, attacker, profile)
    if slot == "legendary":
        return False  # a legendary action is spent by `legendary` itself, outside the turn's economy
    economy = attacker.economy
    if slot == "action":
        if economy.action == "attack" and economy.attacks_left > 0:
            ctx.emit(EconomySpent(id=attacker.id, resource="attack", by=label, attacks_left=economy.attacks_left - 1))
            return False
        if economy.action == "attack":
            made = attacker.stats.attacks_per_action
            raise fail("rule-action-spent-attacks", attacker=attacker.id, made=made)
        if economy.action:
            spend(ctx, attacker, "action", "attack")
        ctx.emit(EconomySpent(id=attacker.id, resource="action", by="attack",
                              attacks_left=attacker.stats.attacks_per_action - 1))
        return False
    if slot == "bonus":
        granted = profile is not None and profile.slot == "bonus"
        two_weapon = ctx.ruleset.two_weapon_bonus_attack and (
            profile is not None and profile.light and profile.kind == "melee" and economy.action == "attack"
            and bool(economy.light_attack) and (economy.light_attack != profile.id or ctx.ruleset.two_weapon_same_weapon)
        )
        if not granted and not two_weapon:
            raise fail("rule-has-no-bonus-action-attack", attacker=attacker.id)
        spend(ctx, attacker, "bonus", label)
        return two_weapon and not granted
    spend(ctx, attacker, "reaction", label)
    return False


def attack(ctx: Context, command: c.Attack) -> None:
    if command.with_ in ("grapple", "shove"):
        if command.with_ == "grapple":
            grapple(ctx, c.Grapple(attacker=command.attacker, target=command.target, slot=command.slot))
        else:
            shove(ctx, c.Shove(attacker=command.attacker, target=command.target, effect=command.shove, slot=command.slot))
        return
    attacker = ctx.get(command.attacker, "attacker")
    profile = attacker.stats.attack(command.with_)
    if profile is None:
        known = ", ".join(a.id for a in attacker.stats.attacks)
        raise fail("rule-has-no-attack-attacks", attacker=attacker.id, wanted=command.with_, known=known)
    slot = command.slot or profile.slot
    if profile.save is not None:
        targets = list(command.targets or ()) + ([command.target] if command.target else [])
        save_attack(ctx, attacker, profile, targets, slot=slot, legendary_resistance=command.legendary_resistance)
        return
    if command.targets:
        raise refuse("rule-attack-one-target", attacker=attacker.id, attack=profile.id)
    target = ctx.get(command.target, "target")
    if command.two_handed and not profile.versatile:
        raise fail("rule-attack-not-versatile", attacker=attacker.id, attack=profile.id)
    resolve_attack(ctx, attacker, target, profile, slot=slot, advantage=command.advantage,
                   disadvantage=command.disadvantage, cover=command.cover, nonlethal=command.nonlethal,
                   plain=command.plain, two_handed=command.two_handed)


def resolve_attack(ctx: Context, attacker: Combatant, target: Combatant, profile: AttackProfile, *, slot: str,
                   advantage: bool = False, disadvantage: bool = False, cover: str | None = None,
                   nonlethal: bool = False, economy_label: str = "", plain: bool = False,
                   two_handed: bool = False) -> None:
    """Choose a target, gather modifiers, roll, and on a hit roll damage (seed 000 Faire une Attaque)."""
    can_act(ctx, attacker, Phrase("verb-attack"), reaction=slot in ("reaction", "legendary"))
    if target.status == "dead":
        raise fail("rule-cannot-attack-dead", attacker=attacker.id, target=target.id)
    if cover == "total":
        raise fail("rule-cannot-target-has-total-cover", attacker=attacker.id, target=target.id)
    for charm in attacker.conditions:
        if charm.condition == "charmed" and charm.source == target.id:
            raise fail("rule-cannot-attack-charmed-by", attacker=attacker.id, target=target.id)
    distance = distance_metres(attacker, target)
    adv, dis, extra = d20_test_sources(ctx, attacker.id, "attack", ("DM",) if advantage else (), ("DM",) if disadvantage else ())
    auto_miss = ""
    if profile.kind == "melee":
        if distance is not None and distance > profile.reach + 1e-9:
            raise fail("rule-cannot-reach-with-m-away", attacker=attacker.id, target=target.id, profile=Named(profile.name, profile.id),
                       distance=Distance(distance, ctx.state.units), reach=Distance(profile.reach, ctx.state.units))
    else:
        normal, long = cast(tuple[float, float], profile.range)
        if distance is not None and distance > long + 1e-9 and ctx.ruleset.beyond_long_range_misses:
            # Seed 003 Portée: « l'attaque échoue instantanément » (D11): made and missed, no die rolled.
            spend_attack(ctx, attacker, slot, profile, economy_label or profile.id)
            ctx.emit(AttackRolled(
                attacker=attacker.id, target=target.id, attack=profile.id, kind=cast(str, profile.kind), slot=slot, faces=(),
                natural=0, modifiers=(), total=0, target_ac=target.stats.ac, hit=False, critical=False,
                auto_miss="beyond_long_range", nonlethal=nonlethal,
            ))
            _cinematic_streak(ctx, attacker, plain)
            return
        if distance is not None and distance > long + 1e-9:
            raise fail("rule-cannot-hit-with-m-away", attacker=attacker.id, target=target.id, profile=Named(profile.name, profile.id),
                       distance=Distance(distance, ctx.state.units), long=Distance(long, ctx.state.units))
        if distance is not None and distance > normal + 1e-9:
            if ctx.state.underwater:
                auto_miss = "underwater_beyond_normal_range"
            else:
                dis.append("long_range")
        if any(
            hostile(attacker, other) and other.status == "alive" and other.position is not None
            and within(attacker, other, MELEE_RANGE, unknown=False) and not incapacitated(other, ctx.ruleset)
            and (can_see(other, attacker, ctx.ruleset) or not ctx.ruleset.ranged_adjacent_needs_sight)
            for other in ctx.state.combatants.values() if other.id != attacker.id
        ):
            dis.append("ranged_attack_with_a_hostile_creature_within_1_5_m")
    _situational_sources(ctx, attacker, target, profile, distance, adv, dis)
    modifiers = [Modifier("attack_bonus", cast(int, profile.to_hit))] + extra
    cover_bonus = COVER_BONUS[cover] if cover else 0
    target_ac, effect_modifiers = armor_class(target, cover_bonus)
    ac_modifiers = ([Modifier(cover_label(cover), cover_bonus)] if cover else []) + list(effect_modifiers)
    two_weapon = spend_attack(ctx, attacker, slot, profile, economy_label or profile.id)
    streak_bonus = _cinematic_streak(ctx, attacker, plain)
    if streak_bonus:
        # Seed 003 « Comment décrire une scène vivante ? » (D7): +1 AC per plain attack in a row, at most +5.
        target_ac += streak_bonus
        ac_modifiers.append(Modifier("cinematic_rule", streak_bonus))
    natural, faces = ctx.d20(advantage=bool(adv), disadvantage=bool(dis))
    modifiers += rolled_bonuses(ctx, attacker.id, "attack")
    total = natural + sum(m.value for m in modifiers)
    hit = not auto_miss and attack_hits(natural, total, target_ac)
    close = within(attacker, target, MELEE_RANGE, unknown=profile.kind == "melee")
    if ctx.ruleset.auto_crit_melee_any_reach:
        close = profile.kind == "melee"  # seed 003 Inconscient/Paralysé: melee hits are critical, ranged never
    critical = hit and (natural == 20 or (close and any(target.has(x) or _implied(ctx, target, x)
                                                        for x in ctx.ruleset.auto_crit_conditions)))
    ctx.emit(AttackRolled(
        attacker=attacker.id, target=target.id, attack=profile.id, kind=cast(str, profile.kind), slot=slot, faces=faces,
        natural=natural, modifiers=tuple(modifiers), total=total, target_ac=target_ac, ac_modifiers=tuple(ac_modifiers),
        advantage=tuple(adv), disadvantage=tuple(dis), hit=hit, critical=critical, auto_miss=auto_miss,
        nonlethal=nonlethal,
    ))
    _after_attack_roll(ctx, attacker.id, target.id)
    if not hit and ctx.ruleset.damage_dice_with_the_d20:
        _damage_dice_thrown_along(ctx, profile)
    if hit:
        from combatlog.core.rulesets.dnd5e.reactions import after_hit

        after_hit(ctx, {
            "kind": "attack_damage", "attacker": attacker.id, "target": target.id, "attack": profile.id,
            "attack_kind": profile.kind, "natural": natural, "total": total, "cover_bonus": cover_bonus,
            "critical": critical, "two_weapon": two_weapon,
            "nonlethal": nonlethal and (profile.kind == "melee" or ctx.ruleset.nonlethal_any_attack),
            # §8: only when they matter, so that the windows of logs written before keep their bytes
            **({"two_handed": True} if two_handed else {}),
            **({"advantage": True} if profile.on_hit and adv and not dis else {}),
        })


def save_attack(ctx: Context, attacker: Combatant, profile: AttackProfile, targets: list[str], *, slot: str,
                legendary_resistance=()) -> None:
    """An attack with a `save` (a breath weapon): an action of its own, not one of the Attack action's attacks;
    each target's save in `targets` order, then one damage roll for all, halved on a success (INTERFACE.md §1
    `damage` with `save`; SRD 5.1 monsters' breath weapons)."""
    can_act(ctx, attacker, Phrase("verb-attack"), reaction=slot in ("reaction", "legendary"))
    if not targets:
        raise refuse("rule-save-attack-needs-targets", attacker=attacker.id, attack=profile.id)
    if len(set(targets)) != len(targets):
        raise refuse("rule-target-listed-twice")
    for target_id in targets:
        if ctx.get(target_id, "target").status == "dead":
            raise refuse("rule-already-dead", target_id=target_id)
    listed = check_resistance_list(ctx, legendary_resistance, targets)
    if slot != "legendary":
        spend(ctx, attacker, slot, profile.id)
    spend_attack_use(ctx, attacker, profile)
    saved = damage_with_saves(ctx, targets, save=profile.save, half=cast(Any, profile.save).half,
                              roll=_parts_roll(ctx, profile) if profile.damage else None, listed=listed,
                              source=attacker.id, bypass=attack_bypass(profile))
    # §8 save actions: the conditions of its `on_hit` befall each target that failed the save (a dragon's
    # Frightful Presence), in `targets` order, after the damage.
    for target_id, success in saved.items():
        if not success and profile.on_hit:
            apply_riders(ctx, attacker.id, target_id, profile, critical=False, advantage=False,
                         bypass=attack_bypass(profile))


def _parts_roll(ctx: Context, profile: AttackProfile):
    """A save attack's damage, one roll of every part for all its targets (parts in order)."""
    if len(profile.damage) == 1:
        return one_roll(ctx, profile.damage[0].type, profile.damage[0].roll)

    def parts() -> list[RolledPart]:
        rolled = []
        for spec in profile.damage:
            result = ctx.roll(spec.roll)
            rolled.append(RolledPart(type=spec.type, roll=spec.roll, faces=result.faces, rolled=max(0, result.total)))
        return rolled

    return parts


def _cinematic_streak(ctx: Context, attacker: Combatant, plain: bool) -> int:
    """The cinematic rule (seed 003, D7): a character's plain attacks in a row raise the target's AC by the
    streak (this attack included), at most +5; a described attack resets it. Monsters never count."""
    if not ctx.state.cinematic or attacker.kind != "pc":
        return 0
    from combatlog.events.rolenplay import PlainStreakChanged

    streak = attacker.plain_streak + 1 if plain else 0
    if streak != attacker.plain_streak:
        ctx.emit(PlainStreakChanged(id=attacker.id, streak=streak))
    return min(streak, 5)


def _damage_dice_thrown_along(ctx: Context, profile: AttackProfile) -> None:
    """Seed 003 « Un peu de rapidité ? » (D16): damage dice thrown with the d20 are set aside on a miss, if
    the faces left are exactly the dice a hit would have rolled (count and sides)."""
    from combatlog.core.kernel.dice import DiceExpression, SuppliedDice
    from combatlog.events.meta import DiceLeftUnused

    if not isinstance(ctx.dice, SuppliedDice):
        return
    rest = list(ctx.dice.unused())
    sides: list[int] = []
    for spec in profile.damage:
        expression = DiceExpression.parse(spec.roll)
        for term in expression.terms:
            sides += [term.sides] * term.count
    if rest and len(rest) == len(sides) and all(1 <= face <= side for face, side in zip(rest, sides)):
        ctx.dice.take_rest()
        ctx.emit(DiceLeftUnused(faces=tuple(rest), reason="damage_dice_thrown_with_a_missed_attack"))


def _implied(ctx: Context, creature: Combatant, condition: str) -> bool:
    return condition in conditions_in_force(creature, ctx.ruleset)


def _situational_sources(ctx, attacker, target, profile, distance, adv, dis) -> None:
    """Every source of advantage and disadvantage from conditions and effects (SRD glossary), each labelled."""
    ruleset = ctx.ruleset
    attacker_conditions = conditions_in_force(attacker, ruleset)
    target_conditions = conditions_in_force(target, ruleset)
    if not can_see(attacker, target, ruleset):
        dis.append("cannot_see_the_target" if "blinded" in attacker_conditions else "target_invisible")
    if not can_see(target, attacker, ruleset):
        adv.append("target_cannot_see_the_attacker" if "invisible" not in attacker_conditions else "attacker_invisible")
    if "prone" in attacker_conditions:
        dis.append("attacker_prone")
    if "restrained" in attacker_conditions:
        dis.append("attacker_restrained")
    if ruleset.grappled_attack_disadvantage:
        grapplers = {i.source for i in attacker.conditions if i.condition == "grappled"}
        if grapplers and target.id not in grapplers:
            dis.append("grappled_attacking_another_creature")
    if "prone" in target_conditions:
        near = within(attacker, target, MELEE_RANGE, unknown=profile.kind == "melee")
        if ruleset.prone_by_attack_kind:
            near = profile.kind == "melee"  # seed 003 À terre: by the kind of attack, whatever the distance
        (adv if near else dis).append("target_prone_within_1_5_m" if near else "target_prone_beyond_1_5_m")
    if "restrained" in target_conditions:
        adv.append("target_restrained")
    for condition in ("paralyzed", "stunned", "unconscious", "petrified"):
        if condition in target_conditions:
            adv.append(f"target_{condition}")
            break
    if dodge_in_force(ctx, target.id) and can_see(target, attacker, ruleset):
        dis.append("target_dodging")
    helped = _help_against(ctx, attacker, target)
    if helped is not None:
        adv.append(f"help_from:{helped.source}")
    if ctx.state.underwater:
        if profile.kind == "melee" and ruleset.underwater_melee_disadvantage(attacker, profile):
            dis.append("underwater_melee")
        elif profile.kind == "ranged" and ruleset.underwater_ranged_disadvantage(profile) and not (
            distance is not None and distance > profile.range[0] + 1e-9
        ):
            # Seed 000/001 Combat sous-marin: disadvantage within normal range; beyond it the attack simply misses.
            dis.append("underwater_ranged")


def _help_against(ctx: Context, attacker: Combatant, target: Combatant):
    """Help: advantage on the next attack against a target within 1.5 m of the helper (seed 000/001 Aider)."""
    for effect in attacker.effects:
        if effect.effect == "helped" and effect.data.get("attack"):
            return effect  # seed 003 Aider (D10): the ally's first attack roll, whatever its target
        if effect.effect == "helped" and effect.data.get("against") == target.id:
            helper = ctx.state.combatants.get(effect.source)
            if helper is None or within(helper, target, MELEE_RANGE, unknown=True):
                return effect
    return None


def _after_attack_roll(ctx: Context, attacker_id: str, target_id: str) -> None:
    """A hidden attacker is revealed once the attack hits or misses; Help is spent on the first attack."""
    attacker = ctx.state.combatants[attacker_id]
    for condition in attacker.conditions:
        if condition.condition == "invisible" and condition.source == "hide":
            end_condition(ctx, attacker_id, condition.instance, "attacked_position_revealed")
    target = ctx.state.combatants[target_id]
    helped = _help_against(ctx, attacker, target)
    if helped is not None:
        end_effect(ctx, attacker_id, helped.instance, "used_on_an_attack")


def deal_attack_damage(ctx: Context, attacker_id: str, target_id: str, profile: AttackProfile, *, critical: bool,
                       nonlethal: bool = False, two_weapon: bool = False, two_handed: bool = False,
                       advantage: bool = False) -> None:
    """Each damage part rolls its own dice; a critical hit rolls them twice, modifiers once (seed 000 Coups Critiques).
    Two-handed, the `versatile` parts replace the first ones, one for one: what the text adds ("plus 3 (1d6)
    fire") stays whichever grip. Then the attack's riders, in order (§8)."""
    parts = []
    bypass = attack_bypass(profile)
    damage = profile.damage
    if two_handed and profile.versatile:
        damage = profile.versatile + profile.damage[len(profile.versatile):]
    for index, spec in enumerate(damage):
        result = ctx.roll(spec.roll, critical=critical)
        rolled = result.total
        if two_weapon and index == 0 and result.constant > 0:
            rolled -= result.constant  # seed 001 Combat à deux armes: no positive ability modifier
        parts.append(RolledPart(type=spec.type, roll=spec.roll, faces=result.faces, rolled=max(0, rolled)))
    parts += bonus_damage_parts(ctx, attacker_id, target_id, spell=False, critical=critical,
                                attack_type=profile.damage[0].type if profile.damage else "")
    adjusted = adjust_parts(ctx, target_id, parts, bypass=bypass)
    apply_damage(ctx, target_id, adjusted, critical=critical, source=attacker_id, knock_out=nonlethal, bypass=bypass)
    if profile.on_hit:
        apply_riders(ctx, attacker_id, target_id, profile, critical=critical, advantage=advantage, bypass=bypass)


def _size_ok(attacker: Combatant, target: Combatant) -> bool:
    return SIZES.index(target.stats.size) <= SIZES.index(attacker.stats.size) + 1


def _special_attack_checks(ctx: Context, attacker: Combatant, target: Combatant, what: Phrase, slot: str) -> None:
    can_act(ctx, attacker, what, reaction=slot == "reaction")
    if target.status == "dead":
        raise fail("rule-cannot-target-dead", attacker=attacker.id, what=what, target=target.id)
    if not _size_ok(attacker, target):
        raise fail("rule-cannot-more-than-one-size", attacker=attacker.id, what=what, target=target.id)
    if not within(attacker, target, MELEE_RANGE, unknown=True):
        raise fail("rule-cannot-not-within-m", attacker=attacker.id, what=what, target=target.id,
                   within=Distance(MELEE_RANGE, ctx.state.units))


def _unarmed_save_dc(attacker: Combatant) -> int:
    """SRD 5.2 Unarmed Strike: DC 8 + Strength modifier + proficiency bonus."""
    return 8 + attacker.stats.modifier("str") + attacker.stats.proficiency_bonus


def _target_defence(target: Combatant) -> tuple[str, str]:
    """The target picks the better of Athletics (Str) and Acrobatics (Dex)."""
    def total(ability, skill):
        return target.stats.modifier(ability) + (target.stats.proficiency_bonus if skill in target.stats.skills else 0)
    return ("str", "athletics") if total("str", "athletics") >= total("dex", "acrobatics") else ("dex", "acrobatics")


def grapple(ctx: Context, command: c.Grapple) -> None:
    """2014 (seed 001 Empoignade): Athletics contest replacing one attack; 2024: Str/Dex save vs 8 + Str + PB."""
    attacker = ctx.get(command.attacker, "attacker")
    target = ctx.get(command.target, "target")
    slot = command.slot or "action"
    _special_attack_checks(ctx, attacker, target, Phrase("verb-grapple"), slot)
    spend_attack(ctx, attacker, slot, None, "grapple")
    if _special_contest(ctx, attacker, target, "grapple"):
        apply_condition(ctx, target.id, "grappled", source=attacker.id)


def shove(ctx: Context, command: c.Shove) -> None:
    attacker = ctx.get(command.attacker, "attacker")
    target = ctx.get(command.target, "target")
    slot = command.slot or "action"
    _special_attack_checks(ctx, attacker, target, Phrase("verb-shove"), slot)
    spend_attack(ctx, attacker, slot, None, f"shove ({command.effect})")
    if _special_contest(ctx, attacker, target, "shove"):
        if command.effect == "prone":
            apply_condition(ctx, target.id, "prone", source=attacker.id)
        elif target.position is not None and attacker.position is not None:
            from combatlog.events.movement import Moved

            ax, ay = attacker.position
            tx, ty = target.position
            step = ((tx > ax) - (tx < ax), (ty > ay) - (ty < ay))
            ctx.emit(Moved(id=target.id, path=((tx + step[0], ty + step[1]),), forced=True, mode="push"))
            from combatlog.core.rulesets.dnd5e.conditions import release_grapples_out_of_reach

            release_grapples_out_of_reach(ctx)


def _special_contest(ctx: Context, attacker: Combatant, target: Combatant, purpose: str) -> bool:
    if ctx.ruleset.grapple_style == "contest":
        ability, skill = _target_defence(target)
        return contest(ctx, attacker.id, "str", "athletics", target.id, ability, skill, purpose=purpose) == attacker.id
    ability = max(("str", "dex"), key=lambda a: target.stats.modifier(a) + (target.stats.proficiency_bonus if a in target.stats.saves else 0))
    return not saving_throw(ctx, target.id, ability, _unarmed_save_dc(attacker), purpose=purpose)


def escape(ctx: Context, creature: Combatant, skill: str | None) -> None:
    """Escaping a grapple uses the action: 2014 contest vs the grappler's Athletics; 2024 check vs the escape DC."""
    grips = [i for i in creature.conditions if i.condition == "grappled"]
    if not grips:
        raise fail("rule-not-grappled", creature=creature.id)
    grip = grips[0]
    grappler = ctx.state.combatants.get(grip.source)
    if skill is None:
        skill = _target_defence(creature)[1]
    ability = "str" if skill == "athletics" else "dex"
    escape_dc = (grip.until or {}).get("escape_dc")
    if grappler is None:
        escaped = True
    elif escape_dc is not None:
        # A monster's grapple with its escape DC (§8 rider; SRD 5.1/5.2 "grappled (escape DC 11)"): a Strength
        # (Athletics) or Dexterity (Acrobatics) check against that DC, in every ruleset.
        escaped = ability_check(ctx, creature.id, ability, skill, escape_dc, purpose="escape") >= escape_dc
    elif ctx.ruleset.grapple_style == "contest":
        escaped = contest(ctx, creature.id, ability, skill, grappler.id, "str", "athletics", purpose="escape") == creature.id
    else:
        escaped = ability_check(ctx, creature.id, ability, skill, _unarmed_save_dc(grappler), purpose="escape") >= _unarmed_save_dc(grappler)
    if escaped:
        end_condition(ctx, creature.id, grip.instance, "escaped")
