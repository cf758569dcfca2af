"""pf1 `cast` (INTERFACE.md §7 "Other rulesets"): the `cast_spell` action of INTERFACE-pf1 made concrete.

Seed 004 and the PRD (Magic, where the seed is silent): a spell of each level is spent from the day's spells of
that level (level-0 spells are not expended); the save DC is 10 + spell level + the casting ability's modifier;
casting provokes attacks of opportunity unless cast defensively (concentration DC 15 + twice the spell level), and
a caster hurt by that attack makes a concentration check (DC 10 + damage + spell level) or loses the spell — both
already live in the `cast_spell` action (actions.py, combat.py); a lost spell is still spent (PRD Concentration:
"the spell is lost"). A ranged or melee spell attack is a touch attack: d20 + BAB + Dex (ranged) or Str (melee)
against touch AC. pf1 has no 5e concentration, cantrip scaling or upcasting; those keys are ignored or refused."""

from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import explained
from combatlog.core.kernel.errors import RuleViolation, fail
from combatlog.core.rulesets.pf1 import commands as c
from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.context import Pf1Context, deal, heal_creature, roll_save
from combatlog.core.rulesets.pf1.effects import attack_modifiers, negates
from combatlog.core.rulesets.pf1.rules import CONDITIONS, ac_values
from combatlog.core.rulesets.pf1.stats import DAMAGE_ALIASES, DAMAGE_TYPES, mod
from combatlog.core.rulesets.spellbook import SpellObject, parse_spell, scaled_roll, spell_problems
from combatlog.events.spells import SpellCast, SpellSlotSpent, SpellsRestored

SAVES = ("fort", "ref", "will")
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
# INTERFACE.md §7 settled: `standard` (also written `action`), `swift`, `full_round` or `immediate`.
CASTING_SLOTS: dict[str, Literal["standard", "swift", "full_round", "immediate"]] = {"standard": "standard", "action": "standard", "swift": "swift", "full_round": "full_round",
                 "immediate": "immediate"}


def refuse(message_id: str, /, **args: Any) -> RuleViolation:
    """Every refusal of this module, from spells.ftl in English and French (one place to rewire to message ids)."""
    return fail(message_id, **args)


def ability_modifier(creature) -> int:
    casting = creature.stats.spellcasting
    return mod(getattr(creature.stats.abilities, casting.ability))


def spell_dc(creature, spell_level: int) -> int:
    """§7: 10 + spell level + the casting ability's modifier, unless the stat block gives `dc` (for level 0)."""
    casting = creature.stats.spellcasting
    if casting.dc is not None:
        return casting.dc + spell_level
    return 10 + spell_level + ability_modifier(creature)


def concentration_bonus(creature) -> int:
    """§7 settled: the concentration bonus defaults to caster level + the ability's modifier; `concentration`
    in the stat block (or its spellcasting) wins."""
    casting = creature.stats.spellcasting
    if casting is not None and casting.concentration is not None:
        return casting.concentration
    if creature.stats.concentration or casting is None:
        return creature.stats.concentration
    return casting.caster_level + ability_modifier(creature)


def spells_left(creature, level: int) -> tuple[int, int]:
    casting = creature.stats.spellcasting
    most = casting.per_day.get(str(level), 0) if casting is not None else 0
    return max(0, most - creature.spells_spent.get(str(level), 0)), most


def document_fields(creature) -> dict:
    casting = creature.stats.spellcasting
    if casting is None or not casting.per_day:
        return {}
    return {"spells_per_day": {level: {"max": most, "left": spells_left(creature, int(level))[0]}
                               for level, most in sorted(casting.per_day.items(), key=lambda item: int(item[0]))}}


def stats_problems(stats) -> list[tuple[str, dict]]:
    """Problems of a pf1 stat block's `spellcasting`, as (message id, args) of spells.ftl."""
    casting = stats.spellcasting
    problems: list[tuple[str, dict]] = []
    if casting.ability not in ABILITIES:
        problems.append(("spell-stats-ability", {"ability": casting.ability}))
    for level, count in casting.per_day.items():
        if not level.isdigit() or not 0 <= int(level) <= 9:
            problems.append(("spell-stats-slot-level", {"level": level}))
        elif not 0 <= count <= 100:
            problems.append(("spell-stats-slot-count", {"level": level, "count": count}))
    for spell in casting.spells:
        if isinstance(spell, SpellObject):
            problems += _problems(spell)
    return problems


def _problems(spell: SpellObject) -> list[tuple[str, dict]]:
    found = spell_problems(spell, abilities=SAVES, damage_types=DAMAGE_TYPES + tuple(DAMAGE_ALIASES),
                           conditions=CONDITIONS)
    if spell.casting_time not in CASTING_SLOTS:
        found.append(("spell-pf1-casting-time", {"spell": spell.named, "casting_time": spell.casting_time}))
    effect = spell.effect_spec
    if effect is not None:
        if effect.ac_bonus or effect.roll_bonus is not None or effect.damage_bonus is not None:
            found.append(("spell-pf1-no-effects", {"spell": spell.named}))
        if duration_rounds(effect.until, 1) is None:
            found.append(("spell-pf1-unknown-duration", {"spell": spell.named, "until": str(effect.until)}))
    return found


DURATION_ROUNDS = {"rounds": 1, "minutes": 10, "hours": 600}  # PRD Duration: 1 minute is 10 rounds


def duration_rounds(until, caster_level: int) -> int | None:
    """A pf1 effect's duration in rounds: `{"rounds"|"minutes"|"hours": N}`, times the caster level with
    `"per_level": true` (PRD Bless: 1 min./level); 0 for none (until dismissed); None when it cannot be read."""
    if until in (None, "", {}):
        return 0
    if not isinstance(until, dict) or set(until) - {*DURATION_ROUNDS, "per_level"}:
        return None
    units = [key for key in DURATION_ROUNDS if key in until]
    if len(units) != 1:
        return None
    count, per_level = until[units[0]], until.get("per_level", False)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1 or not isinstance(per_level, bool):
        return None
    return count * DURATION_ROUNDS[units[0]] * (max(1, caster_level) if per_level else 1)


def _find(ctx: Pf1Context, caster, wanted) -> SpellObject:
    if isinstance(wanted, dict):
        try:
            spell = parse_spell(wanted)
        except msgspec.ValidationError as error:
            raise refuse("spell-invalid", error=explained(str(error).replace("`$.", "`spell."))) from None
    else:
        spell = caster.stats.spellcasting.spell(wanted)
        lookup = getattr(ctx, "spells", None)
        raw = lookup(wanted) if spell is None and lookup is not None else None
        if spell is None and raw is None:
            raise refuse("spell-unknown", caster=caster.id, spell=wanted)
        if spell is None:
            spell = parse_spell(raw)
    problems = _problems(spell)
    if problems:
        raise refuse(problems[0][0], **problems[0][1])
    if spell.refusal:
        raise refuse("spell-unsupported", spell=spell.named, reason=spell.refusal)
    return spell


def cast(ctx: Pf1Context, command: c.Cast) -> None:
    """Spend the day's spell of its level, then cast it through the `cast_spell` action (economy, attack of
    opportunity, casting defensively); it takes effect when the action goes through (`take_effect`)."""
    from combatlog.core.rulesets.pf1.actions import action

    caster = ctx.get(command.caster, "caster")
    if caster.stats.spellcasting is None:
        raise refuse("spell-caster-has-no-spellcasting", caster=caster.id)
    spell = _find(ctx, caster, command.spell)
    if command.level not in (None, spell.level):
        raise refuse("spell-pf1-no-upcast", spell=spell.named, level=spell.level)
    left, most = spells_left(caster, spell.level)
    if spell.level > 0:
        if most == 0:
            raise refuse("spell-pf1-none-of-level", caster=caster.id, level=spell.level)
        if left == 0:
            raise refuse("spell-pf1-none-left", caster=caster.id, level=spell.level, count=most)
    elif most == 0:
        raise refuse("spell-pf1-none-of-level", caster=caster.id, level=0)
    targets = tuple(command.targets)
    for target_id in targets:
        if ctx.get(target_id, "target").status == "dead":
            raise refuse("spell-target-dead", spell=spell.named, target=target_id)
    if spell.targets is not None and len(targets) > spell.targets:
        raise refuse("spell-too-many-targets", spell=spell.named, count=len(targets), most=spell.targets)
    if spell.missiles is not None and targets:
        # PRD Magic Missile: one missile per entry of `targets` (a creature named twice takes two), or every
        # missile at the one creature named.
        count = spell.missiles.count(caster.stats.spellcasting.caster_level)
        if len(targets) == 1:
            targets = targets * count
        elif len(targets) != count:
            raise refuse("spell-pf1-missile-targets", spell=spell.named, count=count, given=len(targets))
    spell = at_caster_level(spell, caster.stats.spellcasting.caster_level)
    planned = {"spell": msgspec.to_builtins(spell), "targets": list(targets)}
    if spell.level > 0:
        # PRD Magic: the spell is spent when cast, even when a concentration check then loses it.
        ctx.emit(SpellSlotSpent(caster=caster.id, level=spell.level, left=left - 1, max=most))
    if ctx.state.phase == "setup":
        take_effect(ctx, caster.id, planned)
        return
    action(ctx, c.Action(id=caster.id, action="cast_spell", slot=CASTING_SLOTS[spell.casting_time],
                         spell_level=spell.level, defensively=command.defensively, cast=planned))


def at_caster_level(spell: SpellObject, caster_level: int) -> SpellObject:
    """The spell with its damage written for this caster level (`per_caster_level`: 1d6 per level, maximum 10d6
    at caster level 12 is 10d6); a spell without it is unchanged."""
    per = spell.per_caster_level
    if per is None or not spell.damage:
        return spell
    levels = max(1, min(caster_level, per.most) if per.most else caster_level)
    first = msgspec.structs.replace(spell.damage[0], roll=scaled_roll(per.roll, multiplier=levels))
    return msgspec.structs.replace(spell, damage=(first, *spell.damage[1:]))


def take_effect(ctx: Pf1Context, caster_id: str, planned: dict) -> None:
    """The spell goes off: each target's touch attack or save, one damage roll for all (half on a save when the
    spell says so), healing, and a condition on a failed save or a hit."""
    spell = msgspec.convert(planned["spell"], SpellObject)
    caster = ctx.get(caster_id)
    targets = tuple(planned["targets"])
    dc = spell_dc(caster, spell.level)
    ctx.emit(SpellCast(caster=caster_id, spell=spell.id, spell_level=spell.level, slot_level=spell.level,
                       using="slot" if spell.level else "cantrip", casting_time=spell.casting_time, targets=targets,
                       dc=dc if spell.save else 0))
    caster_level = caster.stats.spellcasting.caster_level if caster.stats.spellcasting is not None else 1
    if spell.missiles is not None:
        _missiles(ctx, caster, targets, spell, caster_level)
        return
    if spell.attack is not None:
        for target_id in targets:
            if ctx.get(target_id).status != "dead" and _touch_attack(ctx, caster, target_id, spell):
                _damage(ctx, caster_id, (target_id,), spell, {})
                _condition(ctx, caster_id, target_id, spell)
                _effect(ctx, caster, target_id, spell)
        _caster_effect(ctx, caster, targets, spell)
        return
    saved = {t: roll_save(ctx, t, spell.save.ability, dc, purpose="spell") for t in targets} if spell.save else {}
    _damage(ctx, caster_id, targets, spell, saved)
    if spell.heal is not None and targets:
        result = ctx.roll(spell.heal.roll)
        # PRD Cure Light Wounds: 1d8 + 1 per caster level (maximum +5).
        amount = max(0, result.total + (ability_modifier(caster) if spell.heal.add_modifier else 0)
                     + plus_caster_level(spell.heal.plus_caster_level, caster_level))
        for target_id in dict.fromkeys(targets):
            heal_creature(ctx, target_id, amount, result.faces)
    for target_id in dict.fromkeys(targets):
        if not saved.get(target_id, False) and ctx.get(target_id).status != "dead":
            _condition(ctx, caster_id, target_id, spell)
            _effect(ctx, caster, target_id, spell)
    _caster_effect(ctx, caster, targets, spell)


def plus_caster_level(spec, caster_level: int) -> int:
    """`plus_caster_level` {`most`}: the caster level, at most `most` (0 without the key)."""
    if spec is None:
        return 0
    return min(caster_level, spec.most) if spec.most is not None else caster_level


def _missiles(ctx: Pf1Context, caster, targets: tuple[str, ...], spell: SpellObject, caster_level: int) -> None:
    """PRD Magic Missile: each missile deals its own 1d4+1, rolled missile by missile in `targets` order; a missile
    at a creature whose effect negates the spell (PRD Shield) rolls no dice and deals nothing."""
    for target_id in targets:
        target = ctx.get(target_id)
        if target.status == "dead" or negates(target, spell.id):
            continue
        parts = []
        for part in spell.damage:
            total = ctx.roll(part.roll).total + plus_caster_level(part.plus_caster_level, caster_level)
            parts.append((part.type, max(0, total + (ability_modifier(caster) if part.add_modifier else 0))))
        deal(ctx, target_id, parts, source=caster.id)


def _caster_effect(ctx: Pf1Context, caster, targets: tuple[str, ...], spell: SpellObject) -> None:
    effect = spell.effect_spec
    if effect is not None and (effect.on == "caster" or not targets):
        _start(ctx, caster, caster.id, spell, effect)


def _effect(ctx: Pf1Context, caster, target_id: str, spell: SpellObject) -> None:
    effect = spell.effect_spec
    if effect is not None and effect.on != "caster" and ctx.get(target_id).status != "dead":
        _start(ctx, caster, target_id, spell, effect)


def _start(ctx: Pf1Context, caster, bearer_id: str, spell: SpellObject, effect) -> None:
    """A named effect on `bearer_id`, with its bonuses and its end: the same effect already there ends first (the
    same spell does not stack with itself, PRD Stacking Effects); `expires_round`, counted from the caster's turns
    as the `condition` command counts rounds, ends it at the start of the caster's turn in that round."""
    caster_level = caster.stats.spellcasting.caster_level
    old = ctx.get(bearer_id).effect(effect.id)
    if old is not None:
        ctx.emit(e.Pf1EffectEnded(id=bearer_id, instance=old.instance, effect=old.effect))
    data: dict[str, Any] = {"spell": spell.id, "source": caster.id}
    if effect.bonuses:
        data["bonuses"] = [msgspec.to_builtins(bonus) for bonus in effect.bonuses]
    if effect.negates:
        data["negates"] = list(effect.negates)
    if effect.extra_attack:
        data["extra_attack"] = True
    rounds = duration_rounds(effect.until, caster_level) or 0
    if rounds:
        state = ctx.state
        data.update(rounds=rounds, of=caster.id, expires_round=(state.round if state.turn else 1) + rounds)
    ctx.emit(e.Pf1EffectStarted(id=bearer_id, instance=ctx.instance(), effect=effect.id, until="", data=data))


def expire_effects(ctx: Pf1Context, turn_of: str, number: int) -> None:
    """Called as `turn_of`'s turn of round `number` comes (taken or skipped): the spell effects it started that
    have run their rounds end (an effect whose caster has left the order ends at the first turn after its time)."""
    for creature in list(ctx.state.combatants.values()):
        for effect in creature.effects:
            data = effect.data if isinstance(effect.data, dict) else {}
            if "expires_round" not in data or number < data["expires_round"]:
                continue
            if data.get("of") == turn_of or data.get("of") not in ctx.state.order:
                ctx.emit(e.Pf1EffectEnded(id=creature.id, instance=effect.instance, effect=effect.effect))


def dismiss(ctx: Pf1Context, command: c.Dismiss) -> None:
    """The DM ends a spell's named effect before its time (PRD Dismissible, or any end the table decides): on
    `target` (default every creature), from `source` (default any caster)."""
    if command.target is not None:
        ctx.get(command.target, "target")
    if command.source is not None:
        ctx.get(command.source, "source")
    ended = [(creature.id, effect) for creature in ctx.state.combatants.values()
             if command.target in (None, creature.id) for effect in creature.effects
             if effect.effect == command.effect and isinstance(effect.data, dict) and "spell" in effect.data
             and command.source in (None, effect.data.get("source"))]
    if not ended:
        raise refuse("spell-dismiss-nothing", effect=command.effect, target=command.target or "",
                     source=command.source or "", **{"has-target": "yes" if command.target else "no",
                                                     "has-source": "yes" if command.source else "no"})
    for bearer, effect in ended:
        ctx.emit(e.Pf1EffectEnded(id=bearer, instance=effect.instance, effect=effect.effect))


def _touch_attack(ctx: Pf1Context, caster, target_id: str, spell: SpellObject) -> bool:
    """PRD Touch Spells in Combat / Ray: d20 + BAB + Str (melee) or Dex (ranged) against touch AC; a natural 20
    always hits, a natural 1 always misses (critical hits with spells are not rolled here)."""
    ability = "str" if spell.attack == "melee" else "dex"
    # spell effects count on a touch attack too (PRD Bless: +1 morale on attack rolls)
    bonus = caster.stats.bab + mod(getattr(caster.stats.abilities, ability)) + sum(
        m["value"] for m in attack_modifiers(caster))
    touch = ac_values(ctx.get(target_id))["touch_ac"]
    face = ctx.die(20)
    hit = face == 20 or (face != 1 and face + bonus >= touch)
    ctx.emit(e.Pf1CheckRolled(id=caster.id, check="touch_attack", d20=face, bonus=bonus, total=face + bonus, dc=touch,
                              success=hit, purpose="spell", spell=spell.id, target=target_id))
    return hit


def _damage(ctx: Pf1Context, caster_id: str, targets: tuple[str, ...], spell: SpellObject, saved: dict) -> None:
    """One roll for every target; half (rounded down) on a successful save when `half`, none without it."""
    if not spell.damage or not targets:
        return
    if spell.save is not None and all(saved.values()) and not spell.half_on_success:
        return
    rolled = []
    casting = ctx.get(caster_id).stats.spellcasting
    caster_level = casting.caster_level if casting is not None else 1
    for part in spell.damage:
        total = ctx.roll(part.roll).total + (ability_modifier(ctx.get(caster_id)) if part.add_modifier else 0)
        # PRD Inflict Light Wounds: 1d8 + 1 per caster level (maximum +5)
        total += plus_caster_level(part.plus_caster_level, caster_level)
        rolled.append((part.type, max(0, total)))
    for target_id in targets:
        if ctx.get(target_id).status == "dead":
            continue
        if saved.get(target_id, False):
            if not spell.half_on_success:
                continue
            parts = [(kind, amount // 2) for kind, amount in rolled]
        else:
            parts = rolled
        deal(ctx, target_id, parts, source=caster_id)


def _condition(ctx: Pf1Context, caster_id: str, target_id: str, spell: SpellObject) -> None:
    if spell.condition is not None:
        from combatlog.core.rulesets.pf1.actions import add_condition

        # pf1 conditions carry no duration here: the DM ends them with `condition … remove`.
        add_condition(ctx, target_id, spell.condition.add, source=caster_id)


NIGHT_ROUNDS = 8 * 600  # a night's rest: 8 hours of 600 rounds (PRD Natural Healing, Preparing Spells)


def rest(ctx: Pf1Context, command: c.Rest) -> None:
    """INTERFACE.md §7 `rest`, pf1 (only before `start` or after `end`): a long rest is a night's rest. PRD Natural
    Healing: "With a full night's rest (8 hours of sleep or more), you recover 1 hit point per character level"
    (`level`, default the caster level; none without either), and as much nonlethal damage; the spells of every
    level come back (PRD Preparing Spells: after 8 hours of rest). A spell effect whose time runs out during the
    night ends. pf1 has no short rest. A dead creature gains nothing."""
    if command.kind != "long":
        raise refuse("spell-pf1-rest-long-only", kind=command.kind)
    ids = command.ids if command.ids is not None else tuple(
        cid for cid, creature in ctx.state.combatants.items() if creature.kind == "pc")
    for cid in ids:
        ctx.get(cid)
    now = ctx.state.round if ctx.state.turn else 1
    for cid in ids:
        creature = ctx.get(cid)
        if creature.status == "dead":
            continue
        casting = creature.stats.spellcasting
        level = creature.stats.level if creature.stats.level is not None else (casting.caster_level if casting else 0)
        if level > 0 and (creature.hp < creature.stats.max_hp or creature.nonlethal):
            heal_creature(ctx, cid, level)
        if creature.spells_spent:
            ctx.emit(SpellsRestored(id=cid, slots=sum(creature.spells_spent.values())))
    for creature in list(ctx.state.combatants.values()):
        for effect in creature.effects:
            data = effect.data if isinstance(effect.data, dict) else {}
            if "expires_round" in data and data["expires_round"] <= now + NIGHT_ROUNDS:
                ctx.emit(e.Pf1EffectEnded(id=creature.id, instance=effect.instance, effect=effect.effect))
