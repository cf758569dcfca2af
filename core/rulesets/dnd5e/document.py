"""The state document of INTERFACE.md §2: a projection of the folded state, nothing more."""

from combatlog.core.rulesets.dnd5e.queries import conditions_in_force
from combatlog.core.rulesets.dnd5e.resources import resources_document
from combatlog.core.rulesets.dnd5e.spell_state import document_fields as spell_fields
from combatlog.core.rulesets.dnd5e.state import Combatant, EncounterState


def state_document(ruleset, state: EncounterState) -> dict:
    """The outside contract's view of an encounter; field names are fixed, extra fields may be added."""
    window = None
    if state.windows:
        innermost = state.windows[-1]
        window = {"trigger": innermost.trigger, "reactors": list(innermost.reactors), "for": innermost.waiting}
    return {
        "ruleset": state.ruleset or None,
        "name": state.name,
        "lang": state.lang,
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn,
        "order": list(state.order),
        "seq": state.seq,
        "window": window,
        "windows": len(state.windows),
        "underwater": state.underwater,
        "combatants": {cid: _combatant(c, state, ruleset) for cid, c in state.combatants.items()},
    }


def _combatant(creature: Combatant, state: EncounterState, ruleset) -> dict:
    conditions = sorted(conditions_in_force(creature, ruleset)) if ruleset else sorted({i.condition for i in creature.conditions})
    max_hp = ruleset.max_hp(creature) if ruleset else creature.stats.max_hp
    economy = creature.economy
    document = {
        "name": creature.display_name(state.lang),
        "side": creature.side,
        "kind": creature.kind,
        "hp": creature.hp,
        "max_hp": max_hp,
        "temp_hp": creature.temp_hp,
        "ac": creature.stats.ac,
        "status": creature.status,
        "conditions": conditions,
        "death_saves": {"successes": creature.death_successes, "failures": creature.death_failures},
        "initiative": creature.initiative,
        "position": list(creature.position) if creature.position is not None else None,
        "reaction_available": creature.reaction_available,
        "concentration": creature.concentration or None,
        "exhaustion": creature.exhaustion(),
        "effects": sorted({effect.effect for effect in creature.effects}),
        "economy": {
            "action": economy.action or None,
            "bonus": economy.bonus or None,
            "attacks_left": economy.attacks_left,
            "movement_used": economy.movement_used,
            "movement_left": _movement_left(creature, ruleset),
        },
    }
    if ruleset is not None and ruleset.bloodied:
        document["bloodied"] = creature.hp * 2 <= max_hp  # seed 000 Points de Vie: half or less
    document.update(spell_fields(creature))
    document.update(resources_document(creature))  # INTERFACE.md §7: uses, legendary actions and resistance
    if creature.group:
        document["group"] = creature.group
    if creature.hidden:
        document["hidden"] = True
    if creature.surprised:
        document["surprised"] = True
    return document


def _movement_left(creature: Combatant, ruleset) -> float:
    """Speed (after conditions) plus Dash, less what was used; nothing at all at speed 0 (seed 001 Se précipiter)."""
    speed = ruleset.speed(creature) if ruleset else creature.stats.speed
    if speed == 0:
        return 0.0
    return max(0.0, speed + creature.economy.extra_movement - creature.economy.movement_used)
