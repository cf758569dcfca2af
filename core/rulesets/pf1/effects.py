"""The numbers pf1 spell effects change (PRD Bless, Bane, Shield, Mage Armor, Haste...): typed bonuses to attack
rolls, AC and saves, read from the effects a creature bears (`Pf1Effect.data["bonuses"]`, written by `cast`).

PRD Combat, Bonus types ("Stacking"): bonuses of the same type do not stack, only the largest counts, except
dodge bonuses (and untyped ones, which are not of a type); penalties stack. The same named effect twice counts
once (two Bless spells). An AC bonus of the armour, shield, natural armour or deflection type does not stack with
the stat block's own of that type: Mage Armor's +4 armour bonus adds nothing to a chain shirt's +4.

This module reads only the folded state, so rules.py (AC, saves) and combat.py (attack rolls) can both use it."""

from combatlog.core.rulesets.pf1.state import Pf1Combatant

STACKING_TYPES = ("dodge", "untyped")
# AC types a stat block also gives (INTERFACE-pf1 `ac`): an effect's bonus of that type counts above it only.
STAT_BLOCK_AC = ("armor", "shield", "natural", "deflection")


def _bonuses(creature: Pf1Combatant, wanted: tuple[str, ...]) -> list[tuple[str, int, str]]:
    """(effect id, value, type) of every bonus to one of `wanted`, one effect id counted once."""
    found: list[tuple[str, int, str]] = []
    seen: set[str] = set()
    for effect in creature.effects:
        bonuses = effect.data.get("bonuses") if isinstance(effect.data, dict) else None
        if not bonuses or effect.effect in seen:
            continue
        seen.add(effect.effect)
        for bonus in bonuses:
            if bonus.get("to") in wanted and not bonus.get("against"):
                found.append((effect.effect, int(bonus.get("value", 0)), str(bonus.get("type") or "untyped")))
    return found


def _stacked(found: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """What counts after PRD stacking: every penalty, every dodge or untyped bonus, the largest of each other type."""
    counted = [item for item in found if item[1] < 0 or item[2] in STACKING_TYPES]
    best: dict[str, tuple[str, int, str]] = {}
    for item in found:
        if item[1] > 0 and item[2] not in STACKING_TYPES and (item[2] not in best or item[1] > best[item[2]][1]):
            best[item[2]] = item
    return counted + list(best.values())


def attack_modifiers(creature: Pf1Combatant) -> list[dict]:
    """The labelled modifiers the creature's effects add to its attack rolls (PRD Bless: +1 morale)."""
    return [{"label": label, "value": value} for label, value, _ in _stacked(_bonuses(creature, ("attack",))) if value]


def save_modifier(creature: Pf1Combatant, ability: str) -> int:
    """What the creature's effects add to one saving throw (`save` bonuses count on all three)."""
    return sum(value for _, value, _ in _stacked(_bonuses(creature, ("save", ability))))


def ac_parts(creature: Pf1Combatant) -> dict[str, int]:
    """The AC the creature's effects add, by the part of ac_values each belongs to: `armor`, `shield`, `natural`
    (not in touch AC), `dodge` (lost when denied the Dex bonus) and `other` (deflection and the rest)."""
    parts = {"armor": 0, "shield": 0, "natural": 0, "dodge": 0, "other": 0}
    block = creature.stats.ac
    for _, value, kind in _stacked(_bonuses(creature, ("ac",))):
        if kind in STAT_BLOCK_AC and value > 0:
            value = max(0, value - getattr(block, kind))
        key = kind if kind in parts else "other"
        parts[key] += value
    return parts


def negates(creature: Pf1Combatant, spell_id: str) -> str | None:
    """The effect of the creature that negates `spell_id` (PRD Shield: magic missile), or None."""
    for effect in creature.effects:
        if isinstance(effect.data, dict) and spell_id in (effect.data.get("negates") or ()):
            return effect.effect
    return None
