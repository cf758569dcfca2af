"""The encounter's difficulty against the party: pure functions over the PCs' levels and the monsters' CR/XP.

Three schemes, one per ruleset family (the ruleset names its own: `difficulty_scheme`). The seeds are silent
on building encounters, so the published tables are used:
- `xp-thresholds-2014` (dnd5e-2014, rolenplay): Dungeon Master's Guide (2014) ch. 3, "XP Thresholds by
  Character Level" and "Encounter Multipliers" (with the party-size adjustment); XP by CR from SRD 5.1
  "Experience Points by Challenge Rating".
- `xp-budget-2024` (dnd5e-2024): SRD 5.2 "Combat Encounters", "XP Budget per Character" (low, moderate, high);
  the monsters' XP summed, no multiplier.
- `cr-pf1` (pf1): PRD "Designing Encounters": the average party level (APL, rounded to the nearest, +1 with six
  or more characters, -1 with three or fewer), "Table: Experience Point Awards" for the monsters' XP, the
  encounter's CR the highest whose total XP the monsters reach, "Table: Encounter Design" (easy APL-1, average
  APL, challenging APL+1, hard APL+2, epic APL+3).
A monster's CR/XP comes from its stat block (`cr`, `xp`) or the library entry it was added from; a PC's level
from its stat block (`level`, INTERFACE §7) or its entry.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

from combatlog.core.rulesets.challenge import cr_text, parse_cr

# SRD 5.1 (and 5.2) Experience Points by Challenge Rating.
XP_BY_CR_5E = {
    Fraction(0): 10, Fraction(1, 8): 25, Fraction(1, 4): 50, Fraction(1, 2): 100, Fraction(1): 200, Fraction(2): 450,
    Fraction(3): 700, Fraction(4): 1100, Fraction(5): 1800, Fraction(6): 2300, Fraction(7): 2900, Fraction(8): 3900,
    Fraction(9): 5000, Fraction(10): 5900, Fraction(11): 7200, Fraction(12): 8400, Fraction(13): 10000,
    Fraction(14): 11500, Fraction(15): 13000, Fraction(16): 15000, Fraction(17): 18000, Fraction(18): 20000,
    Fraction(19): 22000, Fraction(20): 25000, Fraction(21): 33000, Fraction(22): 41000, Fraction(23): 50000,
    Fraction(24): 62000, Fraction(25): 75000, Fraction(26): 90000, Fraction(27): 105000, Fraction(28): 120000,
    Fraction(29): 135000, Fraction(30): 155000,
}
# DMG 2014 XP Thresholds by Character Level: (easy, medium, hard, deadly).
THRESHOLDS_2014 = {
    1: (25, 50, 75, 100), 2: (50, 100, 150, 200), 3: (75, 150, 225, 400), 4: (125, 250, 375, 500),
    5: (250, 500, 750, 1100), 6: (300, 600, 900, 1400), 7: (350, 750, 1100, 1700), 8: (450, 900, 1400, 2100),
    9: (550, 1100, 1600, 2400), 10: (600, 1200, 1900, 2800), 11: (800, 1600, 2400, 3600),
    12: (1000, 2000, 3000, 4500), 13: (1100, 2200, 3400, 5100), 14: (1250, 2500, 3800, 5700),
    15: (1400, 2800, 4300, 6400), 16: (1600, 3200, 4800, 7200), 17: (2000, 3900, 5900, 8800),
    18: (2100, 4200, 6300, 9500), 19: (2400, 4900, 7300, 10900), 20: (2800, 5700, 8500, 12700),
}
RATINGS_2014 = ("easy", "medium", "hard", "deadly")
# DMG 2014 Encounter Multipliers, with the step below x1 (x0.5) and above x4 (x5) that the party-size
# adjustment reaches: fewer than three characters take the next higher multiplier, six or more the next lower.
MULTIPLIERS_2014 = (0.5, 1, 1.5, 2, 2.5, 3, 4, 5)
# SRD 5.2 XP Budget per Character: (low, moderate, high).
BUDGET_2024 = {
    1: (50, 75, 100), 2: (100, 150, 200), 3: (150, 225, 400), 4: (250, 375, 500), 5: (500, 750, 1100),
    6: (600, 1000, 1400), 7: (750, 1300, 1700), 8: (1000, 1700, 2100), 9: (1300, 2000, 2600),
    10: (1600, 2300, 3100), 11: (1900, 2900, 4100), 12: (2200, 3700, 4700), 13: (2600, 4200, 5400),
    14: (2900, 4900, 6200), 15: (3300, 5400, 7800), 16: (3800, 6100, 9800), 17: (4500, 7200, 11700),
    18: (5000, 8700, 14200), 19: (5500, 10700, 17200), 20: (6400, 13200, 22000),
}
RATINGS_2024 = ("low", "moderate", "high")
# PRD Table: Experience Point Awards (total XP by CR).
XP_BY_CR_PF1 = {
    Fraction(1, 8): 50, Fraction(1, 6): 65, Fraction(1, 4): 100, Fraction(1, 3): 135, Fraction(1, 2): 200,
    Fraction(1): 400, Fraction(2): 600, Fraction(3): 800, Fraction(4): 1200, Fraction(5): 1600, Fraction(6): 2400,
    Fraction(7): 3200, Fraction(8): 4800, Fraction(9): 6400, Fraction(10): 9600, Fraction(11): 12800,
    Fraction(12): 19200, Fraction(13): 25600, Fraction(14): 38400, Fraction(15): 51200, Fraction(16): 76800,
    Fraction(17): 102400, Fraction(18): 153600, Fraction(19): 204800, Fraction(20): 307200, Fraction(21): 409600,
    Fraction(22): 614400, Fraction(23): 819200, Fraction(24): 1228800, Fraction(25): 1638400,
}
# PRD Table: Encounter Design: the encounter's CR minus the APL.
RATINGS_PF1 = {-1: "easy", 0: "average", 1: "challenging", 2: "hard", 3: "epic"}


def _level(level: int) -> int:
    if not isinstance(level, int) or not 1 <= level <= 20:
        raise ValueError(f"a character level runs 1 to 20, not {level!r}")
    return level


def multiplier_2014(monsters: int, party: int) -> float:
    """DMG 2014 Encounter Multipliers: x1, x1.5 for 2, x2 for 3-6, x2.5 for 7-10, x3 for 11-14, x4 for 15+."""
    step = 1 if monsters <= 1 else 2 if monsters == 2 else 3 if monsters <= 6 else 4 if monsters <= 10 \
        else 5 if monsters <= 14 else 6
    if party < 3:
        step += 1
    elif party >= 6:
        step -= 1
    return MULTIPLIERS_2014[step]


def difficulty_2014(levels: list[int], monster_xp: list[int]) -> dict[str, Any]:
    """The party's summed thresholds against the monsters' XP times the multiplier."""
    thresholds = [sum(THRESHOLDS_2014[_level(level)][i] for level in levels) for i in range(4)]
    xp = sum(monster_xp)
    multiplier = multiplier_2014(len(monster_xp), len(levels))
    adjusted = math.floor(xp * multiplier)
    reached = [name for name, threshold in zip(RATINGS_2014, thresholds) if adjusted >= threshold]
    return {"scheme": "xp-thresholds-2014", "rating": reached[-1] if reached else "below_easy", "xp": xp,
            "multiplier": multiplier, "adjusted_xp": adjusted, "thresholds": dict(zip(RATINGS_2014, thresholds))}


def difficulty_2024(levels: list[int], monster_xp: list[int]) -> dict[str, Any]:
    """The monsters' XP against the party's summed budget (SRD 5.2: no multiplier)."""
    budget = [sum(BUDGET_2024[_level(level)][i] for level in levels) for i in range(3)]
    xp = sum(monster_xp)
    reached = [name for name, amount in zip(RATINGS_2024, budget) if xp >= amount]
    rating = "beyond_high" if xp > budget[2] else reached[-1] if reached else "below_low"
    return {"scheme": "xp-budget-2024", "rating": rating, "xp": xp, "budget": dict(zip(RATINGS_2024, budget))}


def average_party_level(levels: list[int]) -> int:
    """PRD Step 1: the mean rounded to the nearest (half up), +1 with six or more, -1 with three or fewer."""
    apl = math.floor(Fraction(sum(_level(level) for level in levels), len(levels)) + Fraction(1, 2))
    return apl + (1 if len(levels) >= 6 else -1 if len(levels) <= 3 else 0)


def difficulty_pf1(levels: list[int], monster_xp: list[int]) -> dict[str, Any]:
    """The encounter's CR (the highest whose XP the monsters' total reaches) against the APL."""
    apl = average_party_level(levels)
    xp = sum(monster_xp)
    reached = [cr for cr, amount in XP_BY_CR_PF1.items() if xp >= amount]
    cr = max(reached) if reached else Fraction(0)
    offset = math.floor(cr) - apl if cr >= 1 else -apl  # the fractions sit below CR 1 (PRD CR progression)
    rating = RATINGS_PF1[max(-1, min(3, offset))]
    return {"scheme": "cr-pf1", "rating": rating, "xp": xp, "cr": cr_text(cr), "apl": apl, "offset": offset}


SCHEMES: dict[str, tuple[Callable[[list[int], list[int]], dict], dict]] = {
    "xp-thresholds-2014": (difficulty_2014, XP_BY_CR_5E),
    "xp-budget-2024": (difficulty_2024, XP_BY_CR_5E),
    "cr-pf1": (difficulty_pf1, XP_BY_CR_PF1),
}


def monster_xp(scheme: str, cr: object = None, xp: int | None = None) -> int | None:
    """A monster's XP: its own `xp`, else its CR's in the scheme's table; None when it has neither."""
    if xp is not None:
        return int(xp)
    if cr is None:
        return None
    return SCHEMES[scheme][1].get(parse_cr(cr))


# ----------------------------------------------------------------------------------------------- from a state
def _value(source: Any, key: str) -> Any:
    if source is None:
        return None
    if isinstance(source, dict):
        found = source.get(key)
        return found if found is not None else _value(source.get("stats"), key)
    return getattr(source, key, None)


def encounter_difficulty(state, lookup: Callable[[str, str], dict | None] | None = None) -> dict[str, Any] | None:
    """The difficulty of a folded encounter: the PCs (kind `pc`) against the monsters of the other sides.

    `lookup(ruleset, template_id)` gives the library entry a combatant was added from (its `cr`, `xp`,
    `level`), for what the stat block does not say. None when there is no PC or no monster; otherwise the
    scheme's result, plus `unrated` (monsters without CR or XP, not counted) and `unknown_levels` (PCs without a
    level: then no rating)."""
    from combatlog.core.rulesets import find_ruleset

    ruleset = getattr(state, "ruleset", None)
    scheme = getattr(find_ruleset(ruleset), "difficulty_scheme", None) if ruleset else None
    if scheme not in SCHEMES:
        return None
    combatants = [c for c in state.combatants.values()]
    pcs = [c for c in combatants if c.kind == "pc"]
    party_sides = {c.side for c in pcs}
    monsters = [c for c in combatants if c.kind != "pc" and c.side not in party_sides]
    if not pcs or not monsters:
        return None

    def entry(combatant):
        return lookup(ruleset, combatant.template) if lookup and combatant.template else None

    levels, unknown = [], []
    for pc in pcs:
        level = _value(pc.stats, "level") or _value(entry(pc), "level")
        (levels.append(int(level)) if isinstance(level, int) and 1 <= level <= 20 else unknown.append(pc.id))
    xps, unrated = [], []
    for monster in monsters:
        found = entry(monster)
        cr = _value(monster.stats, "cr") if _value(monster.stats, "cr") is not None else _value(found, "cr")
        xp = _value(monster.stats, "xp") if _value(monster.stats, "xp") is not None else _value(found, "xp")
        worth = monster_xp(scheme, cr, xp)
        (xps.append(worth) if worth is not None else unrated.append(monster.id))
    if len(unknown) == len(pcs) and not xps:
        return None  # nothing rated at all: the table did not ask for a difficulty
    if unknown or not xps:
        return {"scheme": scheme, "rating": None, "unknown_levels": unknown, "unrated": unrated}
    result = SCHEMES[scheme][0](levels, xps)
    return {**result, "party": len(levels), "monsters": len(xps), "unknown_levels": [], "unrated": unrated}


def library_lookup(ruleset: str, template_id: str) -> dict | None:
    """The library creature `template_id` of `ruleset` through `combatlog.library` (INTERFACE §7), for the CR
    and XP a stat block does not carry: a library creature's, or a fixtures template's that has the library's id
    (the SRD goblin of fixtures/creatures is the library's goblin); None otherwise."""
    import combatlog

    library = getattr(combatlog, "library", None)
    return library(ruleset).get(template_id, "creature") if library is not None else None


# ----------------------------------------------------------------------------------------------- words
def difficulty_line(result: dict[str, Any] | None, lang: str) -> str | None:
    """One line for `combatlog state` and the shell, in the reader's language; None when there is nothing to rate."""
    from combatlog.words import message

    if result is None:
        return None
    tail = message(lang, "difficulty-unrated", who=", ".join(result["unrated"])) if result.get("unrated") else ""
    if result["rating"] is None:
        if result["unknown_levels"]:
            return message(lang, "difficulty-unknown-levels", who=", ".join(result["unknown_levels"])) + tail
        return message(lang, "difficulty-no-monster-rated") + tail
    rating = message(lang, "difficulty-rating", rating=result["rating"])
    if result["scheme"] == "xp-thresholds-2014":
        thresholds = result["thresholds"]
        line = message(lang, "difficulty-2014", rating=rating, xp=result["xp"], multiplier=result["multiplier"],
                       adjusted=result["adjusted_xp"], **thresholds)
    elif result["scheme"] == "xp-budget-2024":
        line = message(lang, "difficulty-2024", rating=rating, xp=result["xp"], **result["budget"])
    else:
        line = message(lang, "difficulty-pf1", rating=rating, xp=result["xp"], cr=result["cr"], apl=result["apl"])
    return line + tail


def difficulty_short(result: dict[str, Any] | None, lang: str) -> str | None:
    """The rating alone, for the shell's status header."""
    from combatlog.words import message

    if result is None or result["rating"] is None:
        return None
    return message(lang, "difficulty-short", rating=message(lang, "difficulty-rating", rating=result["rating"]))


def state_difficulty_line(state, lang: str) -> str | None:
    """The line for a folded state, the library looked up where there is one."""
    return difficulty_line(encounter_difficulty(state, library_lookup), lang)
