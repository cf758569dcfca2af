"""Saving throws and ability checks (seed 000 Tests de D20; seed 002 Tests de caractéristique, Opposition)."""

from typing import cast

from combatlog.core.kernel.context import Context, fail
from combatlog.core.rulesets.dnd5e.queries import conditions_in_force
from combatlog.core.rulesets.dnd5e.stats import ABILITIES, SKILLS
from combatlog.events.attacks import CheckRolled, ContestResolved, SavingThrowRolled
from combatlog.events.values import Modifier

COVER_BONUS = {"half": 2, "three_quarters": 5}


def cover_label(cover: str) -> str:
    """The label of a cover's bonus to AC or a Dexterity save: "half_cover", "three_quarters_cover"."""
    return f"{cover}_cover"


def check_ability(ability: str | None) -> str:
    if ability not in ABILITIES:
        raise fail("rule-unknown-ability-use-one-of", ability=ability, ABILITIES=', '.join(ABILITIES))
    return ability


def d20_test_sources(ctx: Context, creature_id: str, test: str, advantage: tuple[str, ...] = (),
                     disadvantage: tuple[str, ...] = ()) -> tuple[list[str], list[str], list[Modifier]]:
    """Advantage, disadvantage and flat modifiers every d20 test of this creature gets from its state."""
    creature = ctx.state.combatants[creature_id]
    conditions = conditions_in_force(creature, ctx.ruleset)
    adv, dis, mods = list(advantage), list(disadvantage), []
    level = creature.exhaustion()
    if level:
        if ctx.ruleset.exhaustion_disadvantage(level, test):
            dis.append(f"exhaustion:{level}")
        penalty = ctx.ruleset.exhaustion_penalty(level)
        if penalty:
            mods.append(Modifier(f"exhaustion:{level}", penalty))
    if test in ("check", "attack"):
        # SRD glossary: poisoned and frightened creatures have disadvantage on attack rolls and ability checks.
        if "poisoned" in conditions:
            dis.append("poisoned")
        if "frightened" in conditions:
            dis.append("frightened")
    return adv, dis, mods


def rolled_bonuses(ctx: Context, creature_id: str, test: str) -> list[Modifier]:
    """The dice a creature's effects add to this d20 test (`roll_bonus`, docs/spells.md: Bless +1d4, Bane -1d4 on
    attack rolls and saves), rolled right after the d20(s), in the order the effects started; each labelled by
    its effect, with its roll and faces. The same effect twice counts once (spells of one name do not stack)."""
    modifiers: list[Modifier] = []
    seen: set[str] = set()
    for effect in ctx.state.combatants[creature_id].effects:
        bonus = effect.data.get("roll_bonus") if isinstance(effect.data, dict) else None
        if not bonus or test not in bonus.get("on", ()) or effect.effect in seen:
            continue
        seen.add(effect.effect)
        result = ctx.roll(bonus["roll"])
        value = -result.total if bonus.get("subtract") else result.total
        modifiers.append(Modifier(effect.data.get("label", effect.effect), value, roll=bonus["roll"],
                                  faces=tuple(result.faces)))
    return modifiers


def saving_throw(ctx: Context, creature_id: str, ability: str, dc: int, *, advantage: bool = False,
                 disadvantage: bool = False, cover: str | None = None, purpose: str = "", condition: str = "") -> bool:
    """d20 + ability modifier + proficiency if proficient, against the DC; returns success. `purpose` is a code
    (`end_condition` names the condition it would end in `condition`)."""
    check_ability(ability)
    creature = ctx.get(creature_id)
    conditions = conditions_in_force(creature, ctx.ruleset)
    if ability in ("str", "dex"):
        failing = [c for c in ctx.ruleset.auto_fail_str_dex if c in conditions]
        if failing:
            ctx.emit(SavingThrowRolled(id=creature_id, ability=ability, dc=dc, success=False,
                                       auto_fail=failing[0], purpose=purpose, condition=condition))
            return False
    adv, dis, mods = d20_test_sources(ctx, creature_id, "save", ("DM",) if advantage else (), ("DM",) if disadvantage else ())
    if ability == "dex":
        dodging = creature.effect("dodging")
        if dodging and not _dodge_lost(ctx, creature_id):
            adv.append("dodging")
        if "restrained" in conditions:
            dis.append("restrained")
    modifiers = [Modifier(ability, creature.stats.modifier(ability))]
    if ability in creature.stats.saves:
        modifiers.append(Modifier("proficiency", creature.stats.proficiency_bonus))
    if cover and ability == "dex":
        modifiers.append(Modifier(cover_label(cover), COVER_BONUS[cover]))
    modifiers += mods
    natural, faces = ctx.d20(advantage=bool(adv), disadvantage=bool(dis))
    modifiers += rolled_bonuses(ctx, creature_id, "save")
    total = natural + sum(m.value for m in modifiers)
    success = total >= dc
    ctx.emit(SavingThrowRolled(
        id=creature_id, ability=ability, dc=dc, faces=faces, natural=natural, modifiers=tuple(modifiers),
        total=total, advantage=tuple(adv), disadvantage=tuple(dis), success=success, purpose=purpose,
        condition=condition,
    ))
    return success


def _dodge_lost(ctx: Context, creature_id: str) -> bool:
    """Dodge is lost while incapacitated or at speed 0 (seed 000 Actions: Esquiver)."""
    creature = ctx.state.combatants[creature_id]
    return "incapacitated" in conditions_in_force(creature, ctx.ruleset) or ctx.ruleset.speed(creature) == 0


def dodge_in_force(ctx: Context, creature_id: str) -> bool:
    creature = ctx.state.combatants[creature_id]
    return creature.effect("dodging") is not None and not _dodge_lost(ctx, creature_id)


def check_modifiers(ctx: Context, creature_id: str, ability: str | None, skill: str | None) -> tuple[str, list[Modifier]]:
    creature = ctx.get(creature_id)
    if skill is not None:
        if skill not in SKILLS:
            raise fail("rule-unknown-skill", skill=skill)
        ability = ability or SKILLS[skill]
    check_ability(ability)
    ability = cast(str, ability)  # check_ability refuses None
    modifiers = [Modifier(ability, creature.stats.modifier(ability))]
    if skill and skill in creature.stats.skills:
        modifiers.append(Modifier(f"proficiency:{skill}", creature.stats.proficiency_bonus))
    return ability, modifiers


def ability_check(ctx: Context, creature_id: str, ability: str | None, skill: str | None = None, dc: int | None = None,
                  *, advantage: bool = False, disadvantage: bool = False, purpose: str = "") -> int:
    """d20 + ability modifier (+ proficiency in the skill); returns the total."""
    ability, modifiers = check_modifiers(ctx, creature_id, ability, skill)
    adv, dis, mods = d20_test_sources(ctx, creature_id, "check", ("DM",) if advantage else (), ("DM",) if disadvantage else ())
    creature = ctx.state.combatants[creature_id]
    helped = next((e for e in creature.effects if e.effect == "helped" and e.data.get("check")
                   and e.data.get("skill", "") in ("", skill) and e.data.get("ability", "") in ("", ability)), None)
    if helped is not None:
        adv.append(f"help_from:{helped.source}")
    modifiers += mods
    natural, faces = ctx.d20(advantage=bool(adv), disadvantage=bool(dis))
    total = natural + sum(m.value for m in modifiers)
    ctx.emit(CheckRolled(
        id=creature_id, ability=ability, skill=skill or "", dc=dc, faces=faces, natural=natural,
        modifiers=tuple(modifiers), total=total, advantage=tuple(adv), disadvantage=tuple(dis),
        success=None if dc is None else total >= dc, purpose=purpose,
    ))
    if helped is not None:
        from combatlog.core.rulesets.dnd5e.conditions import end_effect

        end_effect(ctx, creature_id, helped.instance, "used_on_a_check")
    return total


def contest(ctx: Context, first: str, first_ability: str | None, first_skill: str | None,
            second: str, second_ability: str | None, second_skill: str | None, purpose: str = "") -> str:
    """Both roll; the higher total wins; a tie leaves things as they were (seed 002, Opposition)."""
    one = ability_check(ctx, first, first_ability, first_skill, purpose=purpose)
    two = ability_check(ctx, second, second_ability, second_skill, purpose=purpose)
    winner = first if one > two else second if two > one else ""
    ctx.emit(ContestResolved(ids=(first, second), totals=(one, two), winner=winner, purpose=purpose))
    return winner
