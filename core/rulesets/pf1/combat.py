"""Attacks: the attack action, full attacks (iteratives, two-weapon fighting, natural attacks), criticals,
damage, attacks of opportunity and combat maneuvers (seed 004 ATT, BBA, Dégâts, DEF; PRD Combat)."""

from typing import Any, cast

import math

from combatlog.words import Distance, Named
from combatlog.core.kernel.context import fail
from combatlog.core.rulesets.pf1 import commands as c
from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.context import (
    Pf1Context, deal, name_of, provoke, replace_effect, require_turn, spend, square_of, start_effect,
)
from combatlog.core.rulesets.pf1.effects import attack_modifiers
from combatlog.core.rulesets.pf1.rules import (
    ac_values, cmb, cmd_values, conditions_in_force, denied_dex, distance_metres, flanked, reaches, threatens,
)
from combatlog.core.rulesets.pf1.state import Pf1Combatant
from combatlog.core.rulesets.pf1.stats import (
    MANEUVERS, PHYSICAL, SIZE_MODIFIER, Pf1Attack, iteratives, mod, str_damage,
)

COVER = {"partial": 2, "normal": 4, "improved": 8, "soft": 4}
CONCEALMENT = {"normal": 20, "total": 50}


def base_bonus(attacker: Pf1Combatant, attack: Pf1Attack) -> int:
    """Seed 004 BBA: melee BAB + Str + size; ranged BAB + Dex + size; then the profile's attack_bonus.
    An explicit `to_hit` (a Bestiary line) replaces the derived value."""
    if attack.to_hit is not None:
        return attack.to_hit
    ability = attack.attack_ability or ("str" if attack.kind == "melee" else "dex")
    score = getattr(attacker.stats.abilities, ability)
    found = conditions_in_force(attacker)
    if ability == "dex":
        from combatlog.core.rulesets.pf1.rules import dex_penalty

        score -= dex_penalty(found)  # PRD Grappled, Entangled: -4 Dex each
    return attacker.stats.bab + mod(score) + SIZE_MODIFIER[attacker.stats.size] + attack.attack_bonus


def _label(attack: Pf1Attack) -> str:
    if isinstance(attack.name, dict):
        return attack.name.get("en") or attack.id
    return attack.name or attack.id


def situational(ctx: Pf1Context, attacker: Pf1Combatant, target: Pf1Combatant, attack: Pf1Attack, opts: dict) -> list[dict]:
    """INTERFACE-pf1 § Attacks, Situational (PRD Combat Modifiers, Conditions): each modifier with its label."""
    mods: list[dict] = []
    found = conditions_in_force(attacker)
    target_found = conditions_in_force(target)
    melee = attack.kind == "melee"
    if attack.kind == "ranged":
        distance = distance_metres(attacker, target)
        increments = max(1, math.ceil(distance / cast(float, attack.range_increment)))
        limit = 5 if attack.thrown else 10
        if increments > limit:
            raise fail("pf1-rule-out-range-m-most-increments-m", target=target.id, attack=Named(attack.name, attack.id, attack.name_fr), distance=Distance(distance, ctx.state.units), limit=str(limit),
                       range_increment=Distance(cast(float, attack.range_increment), ctx.state.units))
        if increments > 1:
            mods.append({"label": "range", "value": -2 * (increments - 1)})  # PRD Range
        if not attacker.stats.precise_shot and _engaged_with_ally(ctx, attacker, target):
            mods.append({"label": "shooting_into_melee", "value": -4})
    flanking = opts.get("flanking")
    if melee and (flanking if flanking is not None else flanked(ctx.state, attacker, target)):
        mods.append({"label": "flanking", "value": 2})
    if opts.get("charge"):
        mods.append({"label": "charge", "value": 2})
    if attacker.effect("fighting_defensively"):
        mods.append({"label": "fighting_defensively", "value": -4})
    if opts.get("nonlethal") and not attack.nonlethal:
        mods.append({"label": "nonlethal", "value": -4})
    if "prone" in found and melee:
        mods.append({"label": "prone", "value": -4})
    if "helpless" in target_found and melee:
        mods.append({"label": "helpless_target", "value": 4})
    if "invisible" in found:
        mods.append({"label": "invisible", "value": 2})
    if found & {"shaken", "frightened", "panicked"}:
        mods.append({"label": "fear", "value": -2})
    if "sickened" in found:
        mods.append({"label": "sickened", "value": -2})
    if "dazzled" in found:
        mods.append({"label": "dazzled", "value": -1})
    if "grappled" in found:
        mods.append({"label": "grappled", "value": -2})
    if "entangled" in found:
        mods.append({"label": "entangled", "value": -2})
    aid = attacker.effect("aid_attack")
    if aid is not None and aid.data.get("target") == target.id:
        mods.append({"label": "aid_another", "value": 2})
    mods += attack_modifiers(attacker)  # spell effects: PRD Bless +1 morale, Bane -1, Haste +1 (pf1/effects.py)
    for extra in opts.get("modifiers", ()):
        mods.append({"label": extra.label, "value": extra.value})
    return mods


def _engaged_with_ally(ctx: Pf1Context, shooter: Pf1Combatant, target: Pf1Combatant) -> bool:
    for ally in ctx.state.combatants.values():
        if ally.id == shooter.id or ally.side != shooter.side or ally.position is None or ally.status == "dead":
            continue
        if threatens(ally, target) or threatens(target, ally):
            return True
    return False


def target_ac(attacker: Pf1Combatant, target: Pf1Combatant, attack: Pf1Attack, opts: dict) -> tuple[int, str]:
    """INTERFACE-pf1 Which AC: touch or normal, flat-footed when denied Dex; prone, cover and Mobility adjust it."""
    values = ac_values(target)
    denied = denied_dex(target, attacker) or _feinted(attacker, target, attack)
    if attack.touch:
        kind = "flat_footed_touch" if denied else "touch"
        ac = values["flat_footed_touch_ac" if denied else "touch_ac"]
    else:
        kind = "flat_footed" if denied else "normal"
        ac = values["flat_footed_ac" if denied else "ac"]
    found = conditions_in_force(target)
    if "prone" in found:
        ac += -4 if attack.kind == "melee" else 4  # PRD Prone
    cover = opts.get("cover")
    if cover and not (cover == "soft" and attack.kind == "melee"):
        ac += COVER[cover]
    if opts.get("mobility") and target.stats.mobility and not denied:
        ac += 4  # PRD Mobility: +4 dodge against attacks of opportunity provoked by moving
    aid = target.effect("aid_ac")
    if aid is not None and aid.data.get("target") == attacker.id:
        ac += 2
    return ac, kind


def _feinted(attacker: Pf1Combatant, target: Pf1Combatant, attack: Pf1Attack) -> bool:
    """PRD Feint: the feinter's next melee attack on that target denies it its Dex bonus to AC."""
    feint = attacker.effect("feint")
    return feint is not None and feint.data.get("target") == target.id and attack.kind == "melee"


def check_strike(ctx: Pf1Context, attacker: Pf1Combatant, target: Pf1Combatant, attack: Pf1Attack, opts: dict) -> None:
    """What makes an attack impossible, checked before anything is spent or any window opens (a refused command
    appends nothing): a dead target, total cover, out of reach or range, a prone archer."""
    if target.status == "dead":
        raise fail("pf1-rule-already-dead", target=target.id, attack=str(_label(attack)))
    if opts.get("cover") == "total":
        raise fail("pf1-rule-has-total-cover-cannot-targeted", target=target.id)
    if attacker.position is not None and target.position is not None and attack.kind == "melee" \
            and not reaches(attacker, attack, target):
        raise fail("pf1-rule-cannot-reach", attacker=attacker.id, target=target.id, attack=Named(attack.name, attack.id, attack.name_fr))
    if attack.kind == "ranged" and "prone" in conditions_in_force(attacker) and "crossbow" not in attack.id:
        raise fail("pf1-rule-prone-no-ranged-attack-except-crossbow", attacker=attacker.id)
    situational(ctx, attacker, target, attack, opts)  # out of range: refused there


def strike(ctx: Pf1Context, attacker_id: str, target_id: str, attack: Pf1Attack, bonus: int, kind: str, opts: dict,
           *, secondary: bool = False) -> bool:
    """One attack in the dice order of INTERFACE-pf1 § Dice: d20, miss chance, confirmation, damage, extra damage."""
    attacker = ctx.get(attacker_id)
    target = ctx.get(target_id, "target")
    check_strike(ctx, attacker, target, attack, opts)
    mods = situational(ctx, attacker, target, attack, opts)
    total_bonus = bonus + sum(m["value"] for m in mods)
    ac, ac_kind = target_ac(attacker, target, attack, opts)
    face = ctx.die(20)
    total = face + total_bonus
    # Seed 004 ATT: a natural 1 always misses, a natural 20 always hits and threatens.
    hit = face == 20 or (face != 1 and total >= ac)
    threat = hit and face >= attack.crit_range
    ctx.emit(e.Pf1AttackRolled(attacker=attacker.id, target=target.id, attack=attack.id, kind=kind, d20=face,
                               bonus=bonus, modifiers=tuple(mods), total=total, ac=ac, ac_kind=ac_kind, hit=hit,
                               threat=threat))
    aid = attacker.effect("aid_attack")
    if aid is not None and aid.data.get("target") == target.id:
        ctx.emit(e.Pf1EffectEnded(id=attacker.id, instance=aid.instance, effect="aid_attack"))
    aid = target.effect("aid_ac")
    if aid is not None and aid.data.get("target") == attacker.id and ctx.state.aid_and_maneuver_fixes:
        # PRD Aid Another: +2 AC against that opponent's next attack only
        ctx.emit(e.Pf1EffectEnded(id=target.id, instance=aid.instance, effect="aid_ac"))
    if _feinted(attacker, target, attack):
        ctx.emit(e.Pf1EffectEnded(id=attacker.id, instance=cast(Any, attacker.effect("feint")).instance, effect="feint"))
    if not hit:
        return False
    concealment = opts.get("concealment")
    if concealment:
        d100 = ctx.die(100)
        missed = d100 <= CONCEALMENT[concealment]
        ctx.emit(e.Pf1MissChanceRolled(attacker=attacker.id, target=target.id, d100=d100,
                                       chance=CONCEALMENT[concealment], missed=missed))
        if missed:
            return False
    multiplier = 1
    if threat:
        # PRD Critical Hits: the confirmation roll uses the same bonus against the same AC; 20 confirms, 1 does not.
        confirm = ctx.die(20)
        confirm_total = confirm + total_bonus
        if confirm == 20 or (confirm != 1 and confirm_total >= ac):
            multiplier = attack.crit_multiplier
            ctx.emit(e.Pf1CriticalConfirmed(attacker=attacker.id, target=target.id, d20=confirm, total=confirm_total,
                                            ac=ac, multiplier=multiplier))
        else:
            ctx.emit(e.Pf1CriticalNotConfirmed(attacker=attacker.id, target=target.id, d20=confirm,
                                               total=confirm_total, ac=ac))
    dealt = roll_damage(ctx, attacker, target, attack, multiplier, opts, secondary=secondary)
    if opts.get("on_hit"):
        opts["on_hit"](dealt)
    return True


def roll_damage(ctx: Pf1Context, attacker: Pf1Combatant, target: Pf1Combatant, attack: Pf1Attack, multiplier: int,
                opts: dict, *, secondary: bool = False) -> int:
    """The damage of a hit (INTERFACE-pf1 § Dice 4-5): `damage` `multiplier` times, then `extra_damage` once; the
    damage dealt after DR and resistance."""
    strength = str_damage(attacker.stats, attack, secondary=secondary)
    rolled = []
    physical: list[tuple[str, int]] = []
    # Seed 004 Multiplication des dégâts: roll the whole damage (Str and bonuses included) `multiplier` times.
    for time in range(multiplier):
        for index, part in enumerate(attack.damage):
            result = ctx.roll(part.roll)
            value = result.total + (strength if index == 0 else 0)
            rolled.append({"roll": part.roll, "type": part.type, "faces": list(result.faces), "total": value,
                           "multiplied": multiplier > 1})
            physical.append((part.type, value))
    # Seed 004 Exception: extra dice are never multiplied.
    for part in attack.extra_damage:
        result = ctx.roll(part.roll)
        rolled.append({"roll": part.roll, "type": part.type, "faces": list(result.faces), "total": result.total,
                       "multiplied": False})
        physical.append((part.type, result.total))
    grand = sum(v for _, v in physical)
    minimum = grand < 1
    if minimum:
        # Seed 004 Dégâts minimaux: a hit deals at least 1 (lethal: the seed wins over the PRD, INTERFACE-pf1 §4).
        physical = [(attack.damage[0].type, 1)]
    else:
        physical = [(k, max(0, v)) for k, v in physical]
    ctx.emit(e.Pf1DamageRolled(attacker=attacker.id, target=target.id, parts=tuple(rolled),
                               total=max(1, grand), minimum=minimum))
    weapon_types = {p.type for p in attack.damage if p.type in PHYSICAL}
    nonlethal = bool(opts.get("nonlethal") or attack.nonlethal)
    return deal(ctx, target.id, physical, weapon=True, bypass=set(attack.bypass) | weapon_types, nonlethal=nonlethal,
                source=attacker.id)


# --------------------------------------------------------------------------- coup de grâce
def coup_de_grace(ctx: Pf1Context, command: c.CoupDeGrace, stage: dict | None = None) -> None:
    """PRD Coup de Grace: a full-round action against a helpless adjacent opponent, with a melee weapon (or a bow or
    crossbow when adjacent). It hits automatically and is a critical hit: the damage dice `crit_multiplier` times,
    `extra_damage` once; if the target survives, a Fortitude save DC 10 + the damage dealt, or it dies. It provokes
    from threatening opponents. No attack d20: the dice are the damage, then the Fortitude d20."""
    attacker = ctx.get(command.attacker, "attacker")
    target = ctx.get(command.target, "target")
    profile = _profile(attacker, command.with_)
    if stage is None:
        require_turn(ctx, attacker, "coup_de_grace")
        if target.status == "dead":
            raise fail("pf1-rule-already-dead-2", target=target.id)
        if "helpless" not in conditions_in_force(target):
            raise fail("pf1-rule-not-helpless-no-coup-de-gr", target=target.id)
        if profile.kind == "ranged":
            if attacker.position is not None and target.position is not None and distance_metres(attacker, target) > 1.5:
                raise fail("pf1-rule-coup-de-gr-ce-needs-adjacent", profile=Named(profile.name, profile.id, profile.name_fr), target=target.id)
        elif attacker.position is not None and target.position is not None and not reaches(attacker, profile, target):
            raise fail("pf1-rule-cannot-reach-2", attacker=attacker.id, target=target.id, profile=Named(profile.name, profile.id, profile.name_fr))
        if attacker.actions.moved:
            raise fail("pf1-rule-cannot-deliver-coup-de-gr-ce", attacker=attacker.id)
        spend(ctx, attacker, "full_round", "coup_de_grace")
        if provoke(ctx, ctx.get(attacker.id), _raw(command), {"provoked": True}, act="coup_de_grace",
                   target=target.id):
            return
    attacker, target = ctx.get(attacker.id), ctx.get(target.id)
    if target.status == "dead":
        from combatlog.core.rulesets.pf1.context import leftover

        leftover(ctx, "coup_de_grace_already_dead", by=target.id)
        return
    ctx.emit(e.Pf1ActionTaken(id=attacker.id, action="coup_de_grace", details={"target": target.id, "attack": profile.id}))
    dealt = roll_damage(ctx, attacker, target, profile, profile.crit_multiplier, {})
    target = ctx.get(target.id)
    if target.status != "dead" and not (profile.nonlethal):
        from combatlog.core.rulesets.pf1.context import roll_save

        if not roll_save(ctx, target.id, "fort", 10 + dealt, purpose="coup_de_grace"):
            ctx.emit(e.Pf1StatusChanged(id=target.id, status="dead", hp=target.hp))


# --------------------------------------------------------------------------- the attack action
def _profile(attacker: Pf1Combatant, attack_id: str | None) -> Pf1Attack:
    if attack_id is None:
        if not attacker.stats.attacks:
            raise fail("pf1-rule-has-no-attack", attacker=attacker.id)
        return attacker.stats.attacks[0]
    profile = attacker.stats.attack(attack_id)
    if profile is None:
        known = ", ".join(a.id for a in attacker.stats.attacks)
        raise fail("pf1-rule-has-no-attack-known", attacker=attacker.id, attack_id=str(attack_id), known=known)
    return profile


def _fight_defensively(ctx: Pf1Context, attacker: Pf1Combatant, wanted: bool) -> None:
    """PRD Fighting Defensively: -4 to attacks, +2 dodge AC (+3 with 3 Acrobatics ranks) until its next turn."""
    if not wanted or attacker.effect("fighting_defensively"):
        return
    if attacker.effect("total_defense"):
        raise fail("pf1-rule-total-defense-cannot-also-fight-defensively", attacker=attacker.id)
    start_effect(ctx, attacker.id, "fighting_defensively")


def _provokes_shot(attack: Pf1Attack, attacker: Pf1Combatant) -> bool:
    return attack.kind == "ranged"


def attack(ctx: Pf1Context, command: c.Attack, stage: dict | None = None) -> None:
    attacker = ctx.get(command.attacker, "attacker")
    target = ctx.get(command.target, "target")
    profile = _profile(attacker, command.with_)
    opts = {"cover": command.cover, "concealment": command.concealment, "flanking": command.flanking,
            "nonlethal": command.nonlethal, "modifiers": command.modifiers}
    charge: Any = attacker.effect("charging")
    charge_attack = charge is not None and charge.data.get("moved") and not charge.data.get("attacked")
    if stage is None:
        require_turn(ctx, attacker, "attack")
        if target.status == "dead":
            raise fail("pf1-rule-already-dead-2", target=target.id)
        check_strike(ctx, attacker, target, profile, dict(opts, charge=bool(charge_attack)))
        if charge_attack:
            if charge.data.get("target") != target.id:
                raise fail("pf1-rule-charged-charge-attack-must-target", attacker=attacker.id, value=str(charge.data.get('target')))
            if profile.kind != "melee":
                raise fail("pf1-rule-charge-ends-melee-attack")
            replace_effect(ctx, attacker.id, "charging", attacked=True)
        else:
            spend(ctx, attacker, "standard", "attack")
        _fight_defensively(ctx, ctx.get(attacker.id), command.fight_defensively)
        attacker = ctx.get(attacker.id)
        # PRD Table 8-2: a ranged attack provokes; an unarmed strike without the feat provokes from its target.
        raw = _raw(command)
        if _provokes_shot(profile, attacker):
            if provoke(ctx, attacker, raw, {"provoked": True, "charge": bool(charge_attack)}, act="shoot",
                       using=profile.id):
                return
        elif profile.unarmed and not attacker.stats.improved_unarmed_strike:
            if provoke(ctx, attacker, raw, {"provoked": True}, only=(target.id,), act="unarmed"):
                return
    else:
        charge_attack = stage.get("charge", False)
    opts["charge"] = bool(charge_attack)
    strike(ctx, attacker.id, target.id, profile, base_bonus(attacker, profile), "charge" if charge_attack else "attack", opts)


def _raw(command) -> dict:
    import msgspec

    raw = msgspec.to_builtins(command)
    raw.pop("dice", None)
    return raw


# --------------------------------------------------------------------------- full attack
def _twf_penalties(attacker: Pf1Combatant, off_hand: Pf1Attack) -> tuple[int, int]:
    """PRD Table 8-7 Two-Weapon Fighting Penalties."""
    feat = attacker.stats.two_weapon_fighting
    if feat:
        return (-2, -2) if off_hand.light else (-4, -4)
    return (-4, -8) if off_hand.light else (-6, -10)


def hasted(attacker: Pf1Combatant) -> int:
    """1 when a spell effect gives the creature an extra attack in a full attack (PRD Haste), else 0."""
    return int(any(isinstance(x.data, dict) and x.data.get("extra_attack") for x in attacker.effects))


def plan_full_attack(attacker: Pf1Combatant, command: c.FullAttack) -> list[dict]:
    """The attacks of a full attack, each {"attack", "target", "bonus", "secondary"} or a maneuver or a step."""
    entries: list[dict] = []
    if command.attacks is not None:
        for item in command.attacks:
            keys = set(item)
            if keys == {"five_foot_step"}:
                entries.append({"step": square_of(item["five_foot_step"], "five_foot_step")})
            elif keys == {"with", "target"}:
                entries.append({"with": name_of(item["with"], "with"), "target": name_of(item["target"], "target")})
            elif keys == {"maneuver", "target"}:
                name_of(item["target"], "target")
                if item["maneuver"] not in ("disarm", "sunder", "trip"):
                    raise fail("pf1-rule-only-disarm-sunder-trip-may-replace", maneuver=str(item['maneuver']))
                entries.append({"maneuver": item["maneuver"], "target": item["target"]})
            else:
                raise fail("pf1-rule-full-attack-each-attack-target-maneuver", keys=str(sorted(keys)))
        if sum(1 for x in entries if "step" in x) > 1:
            raise fail("pf1-rule-full-attack-allows-most-one-5")
    else:
        if command.target is None:
            raise fail("pf1-rule-full-attack-needs-target-attacks")
        if command.with_ is not None:
            profile = _profile(attacker, command.with_)
            count = 1 if profile.natural else iteratives(attacker.stats.bab) + hasted(attacker)
            entries = [{"with": profile.id, "target": command.target} for _ in range(count)]
        else:
            natural = [a for a in attacker.stats.attacks if a.natural]
            if natural:
                entries = [{"with": a.id, "target": command.target} for a in natural]
            else:
                melee = next((a for a in attacker.stats.attacks if a.kind == "melee"), None)
                if melee is None:
                    raise fail("pf1-rule-has-no-melee-attack", attacker=attacker.id)
                entries = [{"with": melee.id, "target": command.target}
                           for _ in range(iteratives(attacker.stats.bab) + hasted(attacker))]
    profiles = {x["with"]: _profile(attacker, x["with"]) for x in entries if "with" in x}
    off = [x for x in entries if "with" in x and profiles[x["with"]].off_hand]
    weapons = [x for x in entries if "maneuver" in x or ("with" in x and not profiles[x["with"]].natural)]
    main_penalty = off_penalty = 0
    if off:
        main_penalty, off_penalty = _twf_penalties(attacker, profiles[off[0]["with"]])
    extra = hasted(attacker)
    iterative_count = iteratives(attacker.stats.bab) + extra
    off_count = 1 + attacker.stats.improved_two_weapon_fighting + attacker.stats.greater_two_weapon_fighting
    main_index = off_index = 0
    seen_natural: set[str] = set()
    for x in entries:
        if "step" in x:
            continue
        if "maneuver" in x or not profiles[x["with"]].off_hand and not profiles[x["with"]].natural:
            if main_index >= iterative_count:
                name = x.get("with") or x["maneuver"]
                profile = profiles.get(x.get("with")) or next((a for a in attacker.stats.attacks if not a.natural), None)  # type: ignore[assignment]  # None is handled below
                first = base_bonus(attacker, profile) + main_penalty if profile else attacker.stats.bab
                listed = "/".join(f"{first - 5 * max(0, i - extra):+d}" for i in range(iterative_count))
                raise fail("pf1-rule-gets-attack", attacker=attacker.id, count=iterative_count, name=str(name), listed=str(listed))
            x["iterative"] = main_index
            # PRD Haste: the extra attack is made at the full base attack bonus (+6/+6/+1 for BAB 6)
            x["penalty"] = main_penalty - 5 * max(0, main_index - extra)
            main_index += 1
        elif profiles[x["with"]].off_hand:
            if off_index >= off_count:
                raise fail("pf1-rule-gets-off-hand-attack", attacker=attacker.id, count=off_count)
            x["penalty"] = off_penalty - 5 * off_index
            off_index += 1
        else:
            if x["with"] in seen_natural:
                raise fail("pf1-rule-makes-each-natural-attack-once", attacker=attacker.id, with_=str(x['with']))
            seen_natural.add(x["with"])
            profile = profiles[x["with"]]
            # PRD Natural Attacks: secondary attacks at -5 with half Str; with weapon attacks all become secondary.
            secondary = profile.secondary or bool(weapons)
            x["penalty"] = -5 if secondary and profile.to_hit is None else 0  # a Bestiary to_hit already has it
            x["secondary"] = secondary
    return entries


def full_attack(ctx: Pf1Context, command: c.FullAttack, stage: dict | None = None) -> None:
    """PRD Full Attack: a full-round action; no movement but one 5-foot step; each ranged attack provokes."""
    attacker = ctx.get(command.attacker, "attacker")
    plan = plan_full_attack(attacker, command)
    start = 0
    if stage is None:
        require_turn(ctx, attacker, "full_attack")
        if attacker.actions.moved:
            raise fail("pf1-rule-cannot-full-attack-already-moved-this", attacker=attacker.id)
        if any("step" in x for x in plan) and attacker.actions.five_foot_step:
            raise fail("pf1-rule-already-took-5-foot-step", attacker=attacker.id)
        for x in plan:
            if "target" in x:
                ctx.get(x["target"], "target")
        spend(ctx, attacker, "full_round", "full_attack")
        _fight_defensively(ctx, ctx.get(attacker.id), command.fight_defensively)
    else:
        start = stage["index"]
    raw = _raw(command)
    opts = {"cover": command.cover, "concealment": command.concealment, "flanking": command.flanking,
            "nonlethal": command.nonlethal, "modifiers": command.modifiers}
    from combatlog.core.rulesets.pf1.actions import five_foot_step

    for index in range(start, len(plan)):
        x = plan[index]
        attacker = ctx.get(attacker.id)
        if index > start or stage is None:
            if index > 0 and not _still_acting(attacker):
                from combatlog.core.rulesets.pf1.context import leftover

                leftover(ctx, "cannot_act", by=attacker.id)
                return
        if "step" in x:
            five_foot_step(ctx, attacker, x["step"])
            continue
        target = ctx.get(x["target"], "target")
        name = x.get("with") or x.get("maneuver")
        if target.status == "dead" and stage is not None:
            # resumed after a window: the command can no longer be typed again, so what is left is not done
            from combatlog.core.rulesets.pf1.context import leftover

            leftover(ctx, "attack_target_dead", by=target.id, count=index + 1, attack=str(name))
            return
        if target.status == "dead":
            raise fail("pf1-rule-attack-full-attack-already-dead-aim", index=str(index + 1), name=str(name), target=target.id)
        if "maneuver" in x:
            resolve_maneuver(ctx, attacker, target, x["maneuver"], penalty=x["penalty"])
            continue
        profile = _profile(attacker, x["with"])
        provoked = stage is not None and index == start
        if profile.kind == "ranged" and not provoked:
            if provoke(ctx, attacker, raw, {"index": index}, act="shoot", using=profile.id):
                return
        strike(ctx, attacker.id, target.id, profile, base_bonus(attacker, profile) + x["penalty"], "full_attack", opts,
               secondary=x.get("secondary", False))


def _still_acting(attacker: Pf1Combatant) -> bool:
    from combatlog.core.rulesets.pf1.rules import can_act

    return can_act(attacker)


# --------------------------------------------------------------------------- maneuvers
# PRD Combat Maneuvers: "If the target is immobilized, unconscious, or otherwise helpless, your maneuver automatically
# succeeds (treat as if you rolled a natural 20)". Petrified: "considered unconscious" (PRD Conditions). The first
# found is the reason recorded.
HELPLESS = ("unconscious", "paralyzed", "petrified", "helpless")


def resolve_maneuver(ctx: Pf1Context, attacker: Pf1Combatant, target: Pf1Combatant, maneuver: str, penalty: int = 0,
                     aoo_damage: int = 0) -> bool:
    """PRD Combat Maneuvers: d20 + CMB against CMD (flat-footed CMD when denied Dex); 20 succeeds, 1 fails. Damage
    from the attack of opportunity it provoked is a penalty on the check. Against a helpless target the d20 is
    still rolled (the dice order holds) and recorded, but the maneuver succeeds, counted as a natural 20."""
    fixes = ctx.state.aid_and_maneuver_fixes  # the original rules: no AoO penalty, no automatic success
    face = ctx.die(20)
    bonus = cmb(attacker, maneuver) + penalty
    normal, flat = cmd_values(target, maneuver, fixes=fixes)
    defence = flat if denied_dex(target, attacker) else normal
    mods: list[dict[str, Any]] = [{"label": "aoo_damage", "value": -aoo_damage}] if aoo_damage > 0 and fixes else []
    # PRD Combat Maneuvers: "add any bonuses you currently have on attack rolls due to spells" (Bless, Haste).
    mods += attack_modifiers(attacker)
    total = face + bonus + sum(m["value"] for m in mods)
    found = conditions_in_force(target)
    automatic = next((name for name in HELPLESS if name in found), "") if fixes else ""
    success = bool(automatic) or face == 20 or (face != 1 and total >= defence)
    ctx.emit(e.Pf1ManeuverRolled(attacker=attacker.id, target=target.id, maneuver=maneuver, d20=face, cmb=bonus,
                                 total=total, cmd=defence, success=success, modifiers=tuple(mods), automatic=automatic))
    # the margin of a success (bull rush): a helpless target's counts the d20 as a natural 20
    margin = max(0, ((total - face + 20) if automatic else total) - defence) if fixes else total - defence
    from combatlog.core.rulesets.pf1.actions import add_condition, push

    if maneuver == "trip":
        if success:
            add_condition(ctx, target.id, "prone", source=attacker.id)
        elif defence - total >= 10:
            add_condition(ctx, attacker.id, "prone", source=target.id)  # PRD Trip: failing by 10 or more
    elif maneuver == "grapple" and success:
        add_condition(ctx, target.id, "grappled", source=attacker.id)
        add_condition(ctx, attacker.id, "grappled", source=target.id)
    elif maneuver == "bull_rush" and success:
        push(ctx, attacker, target, 1 + margin // 5)
    return success


def maneuver(ctx: Pf1Context, command: c.Maneuver, stage: dict | None = None) -> None:
    if command.maneuver not in MANEUVERS:
        raise fail("pf1-rule-unknown-maneuver-known", maneuver=str(command.maneuver), maneuvers=', '.join(MANEUVERS))
    attacker = ctx.get(command.attacker, "attacker")
    target = ctx.get(command.target, "target")
    if stage is None:
        require_turn(ctx, attacker, command.maneuver)
        if target.status == "dead" or target.id == attacker.id:
            raise fail("pf1-rule-cannot", attacker=attacker.id, maneuver=str(command.maneuver), target=target.id)
        if attacker.position is not None and target.position is not None and \
                not any(reaches(attacker, a, target) for a in attacker.stats.attacks if a.kind == "melee") and \
                sum(abs(p - q) for p, q in zip(attacker.position, target.position)) > 0:
            from combatlog.core.rulesets.pf1.rules import gap, within, natural_reach

            if not within(natural_reach(attacker.stats), *gap(attacker, attacker.position, target, target.position)):
                raise fail("pf1-rule-cannot-reach-3", attacker=attacker.id, target=target.id)
        spend(ctx, attacker, "standard", command.maneuver)
        attacker = ctx.get(attacker.id)
        # PRD Combat Maneuvers: provokes from the target unless the creature has the Improved feat.
        if command.maneuver not in attacker.stats.improved_maneuvers:
            if provoke(ctx, attacker, _raw(command), {"provoked": True}, only=(target.id,), act="maneuver",
                       using=command.maneuver, target=target.id):
                return
    resolve_maneuver(ctx, ctx.get(attacker.id), ctx.get(target.id), command.maneuver,
                     aoo_damage=(stage or {}).get("aoo_damage", 0))


# --------------------------------------------------------------------------- reactions
def opportunity_attack(ctx: Pf1Context, reactor: Pf1Combatant, provoker: Pf1Combatant, attack_id: str | None,
                       movement: bool, pending: dict) -> None:
    """Seed 004 Porter une attaque d'opportunité: one melee attack at the full (highest) bonus with a weapon that reaches."""
    if attack_id is not None:
        profile = _profile(reactor, attack_id)
        if profile.kind != "melee" or not reaches(reactor, profile, provoker):
            raise fail("pf1-rule-s-does-not-reach", reactor=reactor.id, profile=Named(profile.name, profile.id, profile.name_fr), provoker=provoker.id)
    else:
        from combatlog.core.rulesets.pf1.rules import threatening_attacks

        profile = next((a for a in threatening_attacks(reactor) if reaches(reactor, a, provoker)), None)  # type: ignore[assignment]  # None is handled below
        if profile is None:
            raise fail("pf1-rule-has-no-melee-attack-reaching", reactor=reactor.id, provoker=provoker.id)
    ctx.emit(e.Pf1ReactionTaken(id=reactor.id))
    casting = pending.get("command", {}).get("action") == "cast_spell" and not pending.get("command", {}).get("defensively")

    def concentration(dealt: int) -> None:
        # PRD Concentration (injury): DC 10 + damage + spell level, or the spell is lost.
        if not casting or dealt <= 0 or ctx.get(provoker.id).status != "alive":
            return
        level = pending["command"].get("spell_level", 0)
        face = ctx.die(20)
        from combatlog.core.rulesets.pf1.actions import concentration_bonus

        bonus = concentration_bonus(provoker)
        dc = 10 + dealt + level
        success = face + bonus >= dc
        ctx.emit(e.Pf1CheckRolled(id=provoker.id, check="concentration", d20=face, bonus=bonus, total=face + bonus,
                                  dc=dc, success=success, purpose="hurt_while_casting"))
        if not success:
            ctx.emit(e.Pf1SpellLost(id=provoker.id, reason="hurt_by_an_attack_of_opportunity"))

    strike(ctx, reactor.id, provoker.id, profile, base_bonus(reactor, profile), "opportunity",
           {"mobility": movement, "on_hit": concentration})
