"""D&D 5e 2014 (SRD 5.1, seeds 001 combat and 002 ability scores)."""

from combatlog.core.rulesets.dnd5e.base import Ruleset5e
from combatlog.core.rulesets.dnd5e.state import Combatant

# Seed 001, Combat sous-marin: these melee weapons work normally underwater.
UNDERWATER_MELEE_WEAPONS = ("dagger", "javelin", "shortsword", "spear", "trident")
# ...and these ranged weapons keep their normal range without disadvantage within it.
UNDERWATER_RANGED_WEAPONS = ("crossbow", "light_crossbow", "hand_crossbow", "heavy_crossbow", "net", "javelin", "spear", "trident", "dart")


class Dnd5e2014(Ruleset5e):
    name = "dnd5e-2014"
    library_family = "dnd5e-2014"  # SRD 5.1, which Rôle'n Play reads too
    words_edition = 2014
    counterspell_rule = 2014
    surprise_gives_initiative_disadvantage = False
    surprise_skips_first_turn = True
    nonlethal_leaves_one_hp = False
    concentration_dc_cap = None
    grapple_style = "contest"
    bloodied = False
    incapacitated_initiative_disadvantage = False
    invisible_initiative_advantage = False
    grappled_attack_disadvantage = False
    # SRD 5.1 appendix: stunned and paralyzed creatures cannot move.
    speed_zero_conditions = ("grappled", "restrained", "paralyzed", "petrified", "unconscious", "stunned")
    every_creature_space_difficult = True
    pass_through_incapacitated_or_tiny = False
    two_weapon_same_weapon = True
    # Seed 001 has no speed condition on dropping prone: a grappled creature may drop prone (issue 9 §3).
    drop_prone_needs_speed = False
    ending_turn_in_space_prone = False
    bonus_action_spell_rule = 2014
    lair_turn = True  # SRD 5.1 "Lair Actions": initiative count 20, losing ties

    def exhaustion_penalty(self, level: int) -> int:
        return 0

    def exhaustion_disadvantage(self, level: int, test: str) -> bool:
        """SRD 5.1 Exhaustion: level 1 checks; level 3 attack rolls and saving throws."""
        if test == "check":
            return level >= 1
        return level >= 3

    def speed(self, creature: Combatant) -> float:
        if any(creature.has(c) for c in self.speed_zero_conditions):
            return 0.0
        level = creature.exhaustion()
        if level >= 5:
            return 0.0
        return creature.stats.speed / 2 if level >= 2 else creature.stats.speed

    def max_hp(self, creature: Combatant) -> int:
        """SRD 5.1 Exhaustion level 4: hit point maximum halved."""
        return creature.stats.max_hp // 2 if creature.exhaustion() >= 4 else creature.stats.max_hp

    def underwater_melee_disadvantage(self, attacker: Combatant, attack) -> bool:
        if attacker.stats.swim_speed > 0:
            return False
        return not any(attack.id.startswith(weapon) for weapon in UNDERWATER_MELEE_WEAPONS)

    def underwater_ranged_disadvantage(self, attack) -> bool:
        return not any(attack.id.startswith(weapon) for weapon in UNDERWATER_RANGED_WEAPONS) and not attack.thrown
