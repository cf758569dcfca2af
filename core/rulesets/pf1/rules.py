"""Derived pf1 values read from the folded state: AC, CMB/CMD, saves, reach and threat, conditions in force."""

from typing import cast

import math

from combatlog.core.rulesets.pf1.effects import ac_parts as effect_ac
from combatlog.core.rulesets.pf1.effects import save_modifier as effect_save
from combatlog.core.rulesets.pf1.state import Pf1Combatant, Pf1State
from combatlog.core.rulesets.pf1.stats import (
    SIZE_MODIFIER, Pf1Attack, attack_reach, dies_at, mod, natural_reach, space,
)

CONDITIONS = ("bleed", "blinded", "confused", "cowering", "dazed", "dazzled", "deafened", "entangled", "exhausted",
              "fascinated", "fatigued", "flat_footed", "frightened", "grappled", "helpless", "invisible", "nauseated",
              "panicked", "paralyzed", "petrified", "pinned", "prone", "shaken", "sickened", "staggered", "stunned",
              "unconscious", "surprised")
# INTERFACE-pf1 § Attacks of opportunity: these cannot answer a provocation (nor act).
CANNOT_ACT = ("helpless", "unconscious", "stunned", "paralyzed", "cowering", "dazed", "nauseated", "petrified")
# INTERFACE-pf1 § Attacks, Which AC (seed 004 DEF; PRD Conditions): these deny the Dex bonus to AC.
DENY_DEX = ("flat_footed", "stunned", "blinded", "cowering", "pinned")


def conditions_in_force(c: Pf1Combatant) -> set[str]:
    """Given and implied conditions (INTERFACE-pf1 §3): unconscious and paralyzed imply helpless; pinned implies
    grappled and flat-footed; disabled implies staggered; dying and stable imply unconscious; nonlethal damage
    equal to the HP staggers, above it knocks out (PRD Nonlethal Damage)."""
    found = {i.condition for i in c.conditions}
    if c.status == "disabled":
        found.add("staggered")
    if c.status in ("dying", "stable"):
        found.add("unconscious")
    if c.status != "dead" and c.nonlethal > 0:
        if c.nonlethal > c.hp:
            found.add("unconscious")
        elif c.nonlethal == c.hp:
            found.add("staggered")
    if c.surprised:
        found.add("surprised")
    if "pinned" in found:
        found |= {"grappled", "flat_footed"}
    if "unconscious" in found or "paralyzed" in found:
        found.add("helpless")
    if c.unacted:
        found.add("flat_footed")
    if c.stats.uncanny_dodge:
        # Seed 004 Initiative, esquive instinctive: never caught flat-footed.
        found.discard("flat_footed")
    return found


def is_flat_footed(c: Pf1Combatant) -> bool:
    return "flat_footed" in conditions_in_force(c)


def can_act(c: Pf1Combatant) -> bool:
    if c.status in ("dead", "dying", "stable"):
        return False
    return not (conditions_in_force(c) & set(CANNOT_ACT))


def status_for(c: Pf1Combatant, hp: int, *, stable: bool = False) -> str:
    """Seed 004 Points de vie; PRD Injury and Death: alive > 0, disabled at 0, dying below, dead at the threshold."""
    threshold = dies_at(c.stats)
    if c.stats.abilities.con is None:
        return "alive" if hp > 0 else "dead"
    if hp <= threshold:
        return "dead"
    if hp > 0:
        return "alive"
    if hp == 0:
        return "disabled"
    return "stable" if stable else "dying"


# --------------------------------------------------------------------------- defence
def dex_penalty(found) -> int:
    """PRD Grappled, Entangled: each −4 Dex; penalties from different conditions stack (PRD Stacking)."""
    return 4 * ("grappled" in found) + 4 * ("entangled" in found)


def dex_bonus(c: Pf1Combatant) -> int:
    """Dex modifier to AC, capped by the armour's max_dex; grappled or entangled: -4 Dex (PRD Conditions)."""
    score = c.stats.abilities.dex
    found = conditions_in_force(c)
    score -= dex_penalty(found)
    value = mod(score)
    cap = c.stats.ac.max_dex
    return min(value, cap) if cap is not None else value


def dodge_bonus(c: Pf1Combatant) -> int:
    """Dodge bonuses stack (seed 004 DEF): the stat block's, total defense, fighting defensively (PRD)."""
    total = c.stats.ac.dodge
    trained = c.stats.acrobatics_ranks >= 3
    if c.effect("total_defense"):
        total += 6 if trained else 4
    if c.effect("fighting_defensively"):
        total += 3 if trained else 2
    return total + effect_ac(c)["dodge"]  # spell effects (PRD Haste: +1 dodge), pf1/effects.py


def ac_values(c: Pf1Combatant) -> dict[str, int]:
    """Seed 004 DEF: 10 + armour + shield + Dex + size (+ natural, deflection, dodge, misc); touch drops armour,
    shield and natural; flat-footed drops a positive Dex bonus and every dodge bonus. Charging: -2 (PRD Charge)."""
    parts = c.stats.ac
    dex = dex_bonus(c)
    dodge = dodge_bonus(c)
    found = conditions_in_force(c)
    if "helpless" in found:
        dex, dodge = -5, 0  # PRD Helpless: Dex counts as 0
    extra = effect_ac(c)  # spell effects (PRD Shield, Mage Armor), typed and not stacked (pf1/effects.py)
    armor, shield, natural = parts.armor + extra["armor"], parts.shield + extra["shield"], parts.natural + extra["natural"]
    others = parts.deflection + parts.misc + extra["other"] + SIZE_MODIFIER[c.stats.size] - (2 if c.effect("charging") else 0)
    normal = 10 + armor + shield + natural + dex + dodge + others
    touch = normal - armor - shield - natural
    lost = max(0, dex) + dodge
    return {"ac": normal, "touch_ac": touch, "flat_footed_ac": normal - lost, "flat_footed_touch_ac": touch - lost}


def denied_dex(target: Pf1Combatant, attacker: Pf1Combatant | None = None) -> bool:
    """INTERFACE-pf1 Which AC: flat-footed, stunned, blinded, cowering, pinned, running, or an invisible attacker."""
    found = conditions_in_force(target)
    if found & set(DENY_DEX):
        return True
    if target.effect("running") and not target.stats.run_feat:
        return True
    if attacker is not None and "invisible" in conditions_in_force(attacker) and not target.stats.uncanny_dodge:
        return True
    return False


def cmb(c: Pf1Combatant, maneuver: str | None = None) -> int:
    """PRD Combat Maneuvers: BAB + Str + special size modifier; +2 with the improved feat."""
    # PRD Combat Maneuvers: Tiny and smaller creatures use Dex in place of Str for CMB.
    tiny = c.stats.size in ("fine", "diminutive", "tiny")
    ability = mod(c.stats.abilities.dex if tiny else c.stats.abilities.str)
    base = c.stats.cmb if c.stats.cmb is not None else c.stats.bab + ability - SIZE_MODIFIER[c.stats.size]
    if maneuver and maneuver in c.stats.improved_maneuvers:
        base += 2
    found = conditions_in_force(c)
    if "grappled" in found and maneuver != "grapple":
        base -= 2
    return base


def cmd_values(c: Pf1Combatant, maneuver: str | None = None, *, fixes: bool) -> tuple[int, int]:
    """PRD Combat Maneuvers: 10 + BAB + Str + Dex + special size + dodge + deflection + misc; flat-footed drops Dex and dodge.
    The −4 Dex of grappled or entangled (PRD Conditions) lowers the Dex it counts, as it lowers AC, when `fixes`
    (the encounter's Pf1State.aid_and_maneuver_fixes; the original rules counted the full Dex)."""
    dex = mod(c.stats.abilities.dex - (dex_penalty(conditions_in_force(c)) if fixes else 0))
    dodge = dodge_bonus(c)
    if c.stats.cmd is not None:
        normal = c.stats.cmd + (dodge - c.stats.ac.dodge) + (dex - mod(c.stats.abilities.dex))
    else:
        normal = (10 + c.stats.bab + mod(c.stats.abilities.str) + dex - SIZE_MODIFIER[c.stats.size] + dodge
                  + c.stats.ac.deflection + c.stats.ac.misc)
    if maneuver and maneuver in c.stats.improved_maneuvers:
        normal += 2
    return normal, normal - max(0, dex) - dodge


def save_bonus(c: Pf1Combatant, ability: str) -> int:
    """Seed 004 Sauvegarde: base save + Con (Fort), Dex (Ref), Wis (Will)."""
    score = {"fort": c.stats.abilities.con, "ref": c.stats.abilities.dex, "will": c.stats.abilities.wis}[ability]
    return getattr(c.stats.saves, ability) + mod(score) + effect_save(c, ability)  # spell effects (PRD Haste)


# --------------------------------------------------------------------------- grid
def gap(a: Pf1Combatant, a_at, b: Pf1Combatant, b_at) -> tuple[int, int]:
    """Squares between the nearest occupied squares of two spaces, per axis (adjacent = 1)."""
    sa, sb = space(a.stats), space(b.stats)
    dx = max(0, b_at[0] - (a_at[0] + sa - 1), a_at[0] - (b_at[0] + sb - 1))
    dy = max(0, b_at[1] - (a_at[1] + sa - 1), a_at[1] - (b_at[1] + sb - 1))
    return dx, dy


def squares(dx: int, dy: int) -> int:
    """PRD Measuring Distance: diagonals alternate 1 and 2."""
    return max(dx, dy) + min(dx, dy) // 2


def within(metres: float, dx: int, dy: int) -> bool:
    """Reach in metres covers (dx, dy); a 3 m reach also covers the second diagonal (Paizo FAQ, reach weapons)."""
    reach = round(metres / 1.5)
    return squares(dx, dy) <= reach or (reach == 2 and dx == 2 and dy == 2)


def reaches(attacker: Pf1Combatant, attack: Pf1Attack, target: Pf1Combatant, at=None, target_at=None) -> bool:
    """A melee attack reaches the target's space; a reach weapon only beyond the natural reach (seed 004 Armes à allonge)."""
    at = at if at is not None else attacker.position
    target_at = target_at if target_at is not None else target.position
    if at is None or target_at is None:
        return False
    dx, dy = gap(attacker, at, target, target_at)
    if (dx, dy) == (0, 0):
        # Spaces overlap only when a Fine, Diminutive or Tiny creature has entered: PRD Big and Little Creatures
        # in Combat, "you can attack into your own square", and the little one attacks from there.
        return not attack.reach_weapon
    if not within(attack_reach(attacker.stats, attack), dx, dy):
        return False
    if attack.reach_weapon and within(natural_reach(attacker.stats), dx, dy):
        return False
    return True


def threatening_attacks(c: Pf1Combatant) -> list[Pf1Attack]:
    """Melee attacks in hand threaten; an unarmed strike only with Improved Unarmed Strike (seed 004 Cases menacées)."""
    return [a for a in c.stats.attacks if a.kind == "melee" and (not a.unarmed or c.stats.improved_unarmed_strike)]


def threatens(c: Pf1Combatant, target: Pf1Combatant, target_at=None) -> bool:
    if not can_act(c):
        return False
    return any(reaches(c, a, target, target_at=target_at) for a in threatening_attacks(c))


def distance_metres(a: Pf1Combatant, b: Pf1Combatant) -> float:
    dx, dy = gap(a, a.position, b, b.position)
    return squares(dx, dy) * 1.5


def flanked(state: Pf1State, attacker: Pf1Combatant, target: Pf1Combatant) -> bool:
    """PRD Flanking: an ally threatening the target, the line between the two centres crossing opposite borders
    or corners of the target's space."""
    if attacker.position is None or target.position is None:
        return False
    for ally in state.combatants.values():
        if ally.id in (attacker.id, target.id) or ally.side != attacker.side or ally.position is None:
            continue
        if not threatens(ally, target):
            continue
        if _opposite(_centre(attacker), _centre(ally), target):
            return True
    return False


def _centre(c: Pf1Combatant) -> tuple[float, float]:
    size = space(c.stats)
    x, y = cast(tuple[int, int], c.position)
    return x + size / 2, y + size / 2


def _opposite(a, b, target: Pf1Combatant) -> bool:
    size = space(target.stats)
    x0, y0 = cast(tuple[int, int], target.position)
    x1, y1 = x0 + size, y0 + size
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 >= t1 - 1e-9:
        return False

    def sides(t):
        x, y = a[0] + t * dx, a[1] + t * dy
        found = set()
        for name, value, coord in (("W", x0, x), ("E", x1, x), ("N", y0, y), ("S", y1, y)):
            if math.isclose(value, coord, abs_tol=1e-9):
                found.add(name)
        return found

    entry, exit_ = sides(t0), sides(t1)
    return any({p, q} in ({"W", "E"}, {"N", "S"}) for p in entry for q in exit_)
