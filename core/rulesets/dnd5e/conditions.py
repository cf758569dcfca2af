"""Conditions as instances with sources and durations, timed effects, and concentration."""

from typing import Any

from combatlog.words import Terms
from combatlog.core.kernel.context import Context, fail
from combatlog.core.rulesets.dnd5e.queries import incapacitated
from combatlog.core.rulesets.dnd5e.stats import ABILITIES, CONDITIONS
from combatlog.events.conditions import (
    ConcentrationEnded,
    ConcentrationStarted,
    ConditionApplied,
    ConditionEnded,
    EffectEnded,
    EffectStarted,
)

MAX_EXHAUSTION = 6


MAX_ROUNDS = 1_000_000  # a duration longer than any campaign, small enough for any arithmetic
MAX_DC = 1_000


def _whole(value: Any, field: str, low: int | None, high: int) -> int:
    """A whole number within [low, high], or a one-line refusal naming the field (the core's own check, so that
    callers of `decide` that skip replay/validation.py are as safe as the CLI)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail("rule-field-not-whole", field=field, kind=type(value).__name__)
    if value > high or (low is not None and value < low):
        raise fail("rule-field-out-of-range", field=field, value=value, low=low, high=high, bounded=low is not None)
    return value


def _creature(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise fail("rule-field-not-creature", field=field, kind=type(value).__name__)
    return value


def normalize_until(until: Any, *, of: str | None, rounds: int | None, save: Any, target: str, ctx: Context) -> dict:
    """Accept every spelling of a duration and store one shape: end/start of a turn, rounds, or a save."""
    state = ctx.state
    if isinstance(until, dict):
        spec = dict(until)
    elif until in (None, ""):
        spec = {}
        if rounds is not None:
            spec["rounds"] = rounds
        if save is not None:
            spec["save"] = save
    elif until in ("end_of_turn", "start_of_turn"):
        spec = {until: of or state.turn or target}
    elif until == "rounds":
        spec = {"rounds": rounds if rounds is not None else 1}
    elif until == "save":
        spec = {"save": save}
    else:
        raise fail("rule-unknown-duration-use-end-of", until=until)
    for key in ("end_of_turn", "start_of_turn"):
        if key in spec:
            who = spec[key] if isinstance(spec[key], str) else (spec.get("of") or of or state.turn or target)
            ctx.get(_creature(who, f"until.{key}" if isinstance(spec[key], str) else "until.of"))
            return {key: who}
    if "rounds" in spec:
        count = _whole(spec["rounds"], "until.rounds", None, MAX_ROUNDS)
        if count < 1:
            raise fail("rule-duration-of-rounds-too-short", count=count)
        anchor = _creature(spec.get("of") or of or state.turn or target, "until.of")
        ctx.get(anchor)
        started = state.round if state.turn else max(state.round, 1) + 0
        # A condition set before combat lasts N full rounds of its anchor: expiry counts from round 1.
        expires = started + count if state.turn else 1 + count
        return {"rounds": count, "of": anchor, "expires_round": expires}
    if "save" in spec:
        save_spec = spec["save"]
        if hasattr(save_spec, "ability"):
            save_spec = {"ability": save_spec.ability, "dc": save_spec.dc}
        if not isinstance(save_spec, dict) or "ability" not in save_spec or "dc" not in save_spec:
            raise fail("rule-save-duration-needs-ability-dc")
        if save_spec["ability"] not in ABILITIES:
            raise fail("rule-save-ability-unknown", known=", ".join(ABILITIES))
        dc = _whole(save_spec["dc"], "until.save.dc", 0, MAX_DC)
        return {"save": {"ability": save_spec["ability"], "dc": dc}, "of": target}
    if "concentration" in spec:
        return {"concentration": _creature(spec["concentration"], "until.concentration")}
    if spec:
        raise fail("rule-unknown-duration", spec=spec)
    return {}


def apply_condition(ctx: Context, target_id: str, condition: str, *, source: str = "", until: dict | None = None,
                    level: int = 1, by: str = "") -> None:
    """Add one instance; a condition the target is immune to is recorded with no effect. `source`: who imposed it,
    a marker of the rules, or a reason code naming the creature `by` (events/reasons.py)."""
    target = ctx.get(target_id)
    known = CONDITIONS + ctx.ruleset.extra_conditions
    if condition not in known:
        raise fail("rule-unknown-condition-known", condition=condition, known=Terms("condition", known))
    if condition == "turned" and not source:
        raise fail("rule-turned-needs-source-who-turned")
    if target.status == "dead":
        raise fail("rule-dead-no-condition-can-be", target_id=target_id)
    no_effect = ""
    if condition in target.stats.condition_immunities:
        no_effect = "immune"
    elif condition == "poisoned" and target.has("petrified"):
        no_effect = "immune_petrified"
    elif ctx.ruleset.single_condition_instances and target.has(condition):
        no_effect = "already_has_it"  # seed 003 Les états spéciaux: « Une créature a un état ou ne l'a pas » (D9)
    if condition == "exhaustion":
        if not 1 <= level <= MAX_EXHAUSTION:
            raise fail("rule-exhaustion-levels-run-from-to", level=level)
    was_incapacitated = incapacitated(target, ctx.ruleset)
    ctx.emit(ConditionApplied(
        target=target_id, condition=condition, instance=ctx.instance(), source=source or "", by=by,
        until=until or {}, level=level, no_effect=no_effect,
    ))
    if no_effect:
        return
    target = ctx.state.combatants[target_id]
    if condition == "exhaustion" and target.exhaustion() >= MAX_EXHAUSTION:
        from combatlog.core.rulesets.dnd5e.hitpoints import die  # exhaustion 6 kills (SRD glossary)

        die(ctx, target_id, "exhaustion_level_6")
        return
    if condition == "unconscious" and not target.has("prone") and ctx.ruleset.unconscious_falls_prone:
        # SRD glossary, Unconscious: the creature falls prone, and stays prone when it wakes up
        # (SRD 5.2: "When this condition ends, you remain Prone"): a prone instance of its own, not only implied.
        apply_condition(ctx, target_id, "prone", source="fell_unconscious")
        target = ctx.state.combatants[target_id]
    if target.hp > ctx.ruleset.max_hp(target):
        # SRD 5.1 Exhaustion level 4: the hit point maximum is halved, and current HP cannot exceed it.
        from combatlog.events.damage import StatusChanged

        ctx.emit(StatusChanged(id=target_id, status=target.status, reason="hit_point_maximum_halved_exhaustion",
                               hp=ctx.ruleset.max_hp(target)))
    if not was_incapacitated and incapacitated(target, ctx.ruleset):
        became_incapacitated(ctx, target_id)


def became_incapacitated(ctx: Context, creature_id: str) -> None:
    """Incapacitated creatures lose concentration (SRD glossary: Concentration) and let go of whoever they
    grapple (SRD glossary, Grappled: the condition ends if the grappler is incapacitated)."""
    if ctx.state.combatants[creature_id].concentration:
        end_concentration(ctx, creature_id, "incapacitated")
    end_conditions_where(
        ctx, lambda _, condition: condition.condition == "grappled" and condition.source == creature_id,
        "incapacitated_grappler", by=creature_id,
    )


def end_condition(ctx: Context, target_id: str, instance: int, reason: str, *, by: str = "", count: int = 0) -> None:
    """Ends one condition instance for `reason`, a reason code (events/reasons.py) naming `by` or `count`."""
    target = ctx.state.combatants[target_id]
    for condition in target.conditions:
        if condition.instance == instance:
            ctx.emit(ConditionEnded(target=target_id, condition=condition.condition, instance=instance, reason=reason,
                                    by=by, count=count))
            if condition.condition == "unconscious" and not ctx.ruleset.unconscious_falls_prone:
                after = ctx.state.combatants[target_id]
                if after.status != "dead" and not after.has("unconscious") and not after.has("prone"):
                    # Seed 003 Inconscient: « Lorsque cet état prend fin, la créature est à terre » (D5).
                    apply_condition(ctx, target_id, "prone", source="woke_up")
            return


def end_conditions_where(ctx: Context, predicate, reason: str, *, by: str = "") -> None:
    for combatant in list(ctx.state.combatants.values()):
        for condition in combatant.conditions:
            if predicate(combatant, condition):
                end_condition(ctx, combatant.id, condition.instance, reason, by=by)


def start_effect(ctx: Context, creature_id: str, effect: str, *, source: str = "", until: dict | None = None,
                 data: dict | None = None) -> None:
    ctx.emit(EffectStarted(id=creature_id, effect=effect, instance=ctx.instance(), source=source, until=until or {},
                           data=data or {}))


def end_effect(ctx: Context, creature_id: str, instance: int, reason: str, *, by: str = "", count: int = 0) -> None:
    """Ends one effect instance for `reason`, a reason code (events/reasons.py) naming `by` or `count`."""
    creature = ctx.state.combatants[creature_id]
    for effect in creature.effects:
        if effect.instance == instance:
            ctx.emit(EffectEnded(id=creature_id, effect=effect.effect, instance=instance, reason=reason, by=by,
                                 count=count))
            return


def start_concentration(ctx: Context, creature_id: str, effect: str) -> None:
    """One concentration effect at a time: a new one ends the old (SRD glossary: Concentration)."""
    if ctx.state.combatants[creature_id].concentration:
        end_concentration(ctx, creature_id, "started_concentrating_on_something_else")
    ctx.emit(ConcentrationStarted(id=creature_id, effect=effect))


def end_concentration(ctx: Context, creature_id: str, reason: str) -> None:
    """Ends the effect and every condition it imposed."""
    creature = ctx.state.combatants.get(creature_id)
    if creature is None or not creature.concentration:
        return
    effect = creature.concentration
    ctx.emit(ConcentrationEnded(id=creature_id, effect=effect, reason=reason))
    readied = creature.effect("readied")
    if readied is not None and readied.data.get("concentration"):
        # A readied spell is held by concentration: losing it loses the spell (seed 001/003 Se tenir prêt).
        end_effect(ctx, creature_id, readied.instance, "its_held_spell_is_lost")
    end_conditions_where(
        ctx, lambda _, condition: condition.until.get("concentration") == creature_id, "concentration_of",
        by=creature_id,
    )
    for other in list(ctx.state.combatants.values()):
        for timed in other.effects:
            if timed.until.get("concentration") == creature_id:
                end_effect(ctx, other.id, timed.instance, "concentration_of", by=creature_id)


def release_grapples_out_of_reach(ctx: Context, *, gone: str = "") -> None:
    """A grapple ends as soon as the grappled creature is out of the grappler's reach, however that happens
    (forced movement, a shove, teleport, `place`), or when the grappler leaves the fight (SRD 5.1 appendix and
    SRD 5.2 glossary, Grappled; seed 003 Empoigné: « si une créature empoignée sort de la portée de l'empoigneur »)."""
    from combatlog.core.rulesets.dnd5e.queries import distance_metres

    for creature in list(ctx.state.combatants.values()):
        for condition in creature.conditions:
            if condition.condition != "grappled" or not condition.source:
                continue
            if condition.source == gone:
                end_condition(ctx, creature.id, condition.instance, "left_the_fight", by=gone)
                continue
            grappler = ctx.state.combatants.get(condition.source)
            if grappler is None:
                continue
            distance = distance_metres(grappler, creature)
            reach = max([a.reach for a in grappler.stats.attacks if a.kind == "melee"] + [1.5])
            if distance is not None and distance > reach + 1e-9:
                end_condition(ctx, creature.id, condition.instance, "out_of_reach", by=grappler.id)
