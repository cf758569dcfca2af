"""The pf1 state document (INTERFACE.md §2 with the additions of INTERFACE-pf1 §2)."""

from combatlog.core.rulesets.pf1.fold import aoo_per_round, initiative_modifier
from combatlog.core.rulesets.pf1.rules import ac_values, cmb, cmd_values, conditions_in_force, is_flat_footed, save_bonus
from combatlog.core.rulesets.pf1.spells import document_fields as spell_fields
from combatlog.core.rulesets.pf1.state import Pf1Combatant, Pf1State
from combatlog.core.rulesets.pf1.stats import dies_at


def state_document(state: Pf1State) -> dict:
    window = None
    if state.windows:
        innermost = state.windows[-1]
        window = {"trigger": innermost.trigger, "reactors": list(innermost.reactors), "for": innermost.waiting}
    return {
        "ruleset": "pf1",
        "name": state.name,
        "lang": state.lang,
        "phase": state.phase,
        "round": state.round,
        "surprise_round": state.surprise_round,
        "turn": state.turn,
        "order": list(state.order),
        "seq": state.seq,
        "window": window,
        "windows": len(state.windows),
        "massive_damage": state.massive_damage,
        "combatants": {cid: _combatant(cr, state) for cid, cr in state.combatants.items()},
    }


def _combatant(cr: Pf1Combatant, state: Pf1State) -> dict:
    values = ac_values(cr)
    # INTERFACE-pf1 §2: the AC effects in force. Prone (PRD Prone): −4 AC against melee attacks, shown in `ac`,
    # `touch_ac` and `flat_footed_ac`; +4 against ranged attacks, shown in `ac_against_ranged` (added field).
    prone = "prone" in conditions_in_force(cr)
    shift = -4 if prone else 0
    a = cr.actions
    document = {
        "name": cr.display_name(state.lang),
        "side": cr.side,
        "kind": cr.kind,
        "hp": cr.hp,
        "max_hp": cr.stats.max_hp,
        "temp_hp": cr.temp_hp,
        "nonlethal": cr.nonlethal,
        "dies_at": dies_at(cr.stats),
        "status": cr.status,
        "conditions": sorted(conditions_in_force(cr)),
        "death_saves": {"successes": 0, "failures": 0},
        "initiative": cr.initiative,
        "initiative_modifier": initiative_modifier(cr),
        "position": list(cr.position) if cr.position is not None else None,
        "flat_footed": is_flat_footed(cr),
        "surprised": cr.surprised,
        "aoo_left": cr.aoo_left,
        "aoo_per_round": aoo_per_round(cr.stats),
        "reaction_available": cr.aoo_left > 0,
        "bab": cr.stats.bab,
        "ac": values["ac"] + shift,
        "touch_ac": values["touch_ac"] + shift,
        "flat_footed_ac": values["flat_footed_ac"] + shift,
        "ac_against_ranged": values["ac"] + (4 if prone else 0),
        "cmb": cmb(cr),
        "cmd": cmd_values(cr, fixes=state.aid_and_maneuver_fixes)[0],
        "saves": {name: save_bonus(cr, name) for name in ("fort", "ref", "will")},
        "actions": {"standard": a.standard or None, "move": a.move or None, "swift": a.swift or None,
                    "full_round": a.full_round or None, "five_foot_step": a.five_foot_step, "moved": a.moved,
                    "restricted": a.restricted or "staggered" in conditions_in_force(cr) or cr.status == "disabled"},
        "effects": sorted({x.effect for x in cr.effects}),
    }
    if cr.group:
        document["group"] = cr.group
    if cr.hidden:
        document["hidden"] = True
    document.update(spell_fields(cr))
    return document
