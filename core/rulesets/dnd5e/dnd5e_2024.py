"""D&D 5e 2024 (SRD 5.2, seed 000)."""

from combatlog.core.rulesets.dnd5e.base import Ruleset5e


class Dnd5e2024(Ruleset5e):
    name = "dnd5e-2024"
    difficulty_scheme = "xp-budget-2024"  # SRD 5.2 Combat Encounters
    library_family = "dnd5e-2024"  # SRD 5.2
