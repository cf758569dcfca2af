"""Attack rules through the outside contract: scripts with supplied dice, asserted on the state document.

Seeds: 000 (SRD 5.2, dnd5e-2024) "Faire une Attaque", "Jets d'Attaque", "Lancer un 20 ou un 1",
"Avantage/Désavantage", "Couverture", "Attaques à Distance", "Combat Sous-Marin"; 001 (SRD 5.1, dnd5e-2014)
"Porter une attaque", "Jets d'attaque", "Faire 1 ou 20", "Attaquants et cibles invisibles", "Attaque à distance",
"Abri", "Coups critiques", "Combat sous-marin". Condition effects: SRD glossary (5.1 appendix / 5.2 glossary).

Unless a test says otherwise: the hero (a PC) attacks first with "sword" (+5, 1d8+3 slashing, melee) or "bow"
(+5, 1d6+2 piercing, range 24/96 m); the foe is a monster with AC 15 and 30 HP. With AC 15 a kept face of 18
hits (23) and a kept face of 3 misses (8), so the faces [3, 18] tell which d20 was kept: a hit needs one more
die for damage, a miss consumes none (dice left over reject the command).
"""

import pytest

from support import RULESETS


SWORD = {"id": "sword", "kind": "melee", "to_hit": 5, "reach": 1.5,
         "damage": [{"roll": "1d8+3", "type": "slashing"}]}
BOW = {"id": "bow", "kind": "ranged", "to_hit": 5, "range": [24, 96],
       "damage": [{"roll": "1d6+2", "type": "piercing"}]}


def stats(**changes) -> dict:
    """A plain stat block (all abilities 10) with the sword and the bow; `changes` override keys."""
    base = {
        "ac": 15, "max_hp": 30, "speed": 9, "proficiency_bonus": 2,
        "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "attacks": [SWORD, BOW],
    }
    base.update(changes)
    return base


def encounter(ruleset: str, *, hero: dict | None = None, foe: dict | None = None, extra: tuple = (),
              hero_at=None, foe_at=None, foe_first: bool = False, underwater: bool = False) -> list:
    """create, add the hero (PC, party) and the foe (monster), optional extras, initiative, start."""
    commands = [{"do": "create", "ruleset": ruleset, "seed": 7, **({"underwater": True} if underwater else {})},
                {"do": "add", "id": "hero", "side": "party", "kind": "pc", "stats": hero or stats()},
                {"do": "add", "id": "foe", "side": "monsters", "kind": "monster", "stats": foe or stats()}]
    if hero_at is not None:
        commands.append({"do": "place", "id": "hero", "at": hero_at})
    if foe_at is not None:
        commands.append({"do": "place", "id": "foe", "at": foe_at})
    commands += list(extra)
    commands += [{"do": "initiative", "id": "hero", "value": 10 if foe_first else 20},
                 {"do": "initiative", "id": "foe", "value": 20 if foe_first else 10}]
    ids = {c["id"] for c in extra if c.get("do") == "add"}
    for index, other in enumerate(sorted(ids)):
        commands.append({"do": "initiative", "id": other, "value": 5 - index})
    commands.append({"do": "start"})
    return commands


def hit(dice: list, attack: str = "sword", **fields) -> dict:
    return {"do": "attack", "attacker": "hero", "target": "foe", "with": attack, "dice": dice, **fields}


def condition(target: str, name: str, **fields) -> dict:
    return {"do": "condition", "target": target, "add": name, **fields}


def foe_hp(result) -> int:
    assert result.code == 0, result.err
    return result.state["combatants"]["foe"]["hp"]


# --- to-hit against AC, natural 20 and natural 1 ---------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_total_equal_to_ac_hits_seed000_jets_d_attaque_seed001_jets_d_attaque(run, ruleset):
    # 10 + 5 = 15 >= AC 15: a hit ("égal ou supérieur"); damage 1d8+3 with a 4 = 7; 30 - 7 = 23
    assert foe_hp(run(*encounter(ruleset), hit([10, 4]))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_total_below_ac_misses_seed000_jets_d_attaque(run, ruleset):
    # 9 + 5 = 14 < AC 15: a miss, no damage die consumed
    assert foe_hp(run(*encounter(ruleset), hit([9]))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_miss_consumes_no_damage_dice_so_a_supplied_one_rejects_the_command_seed000_faire_une_attaque(run, ruleset):
    first = run(*encounter(ruleset))
    assert first.code == 0, first.err
    before = first.state["seq"]
    # 9 + 5 = 14 < 15 misses: the damage die 4 is left unused, which rejects the whole command
    result = run(hit([9, 4]))
    assert result.code == 2
    assert result.err.startswith("line 1: ")
    assert "not used" in result.err or "unused" in result.err
    assert result.state["seq"] == before
    assert result.state["combatants"]["foe"]["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_natural_20_hits_whatever_the_ac_and_is_critical_seed000_lancer_un_20_ou_un_1_seed001_faire_1_ou_20(run, ruleset):
    hero = stats(attacks=[{"id": "longsword", "kind": "melee", "to_hit": 7, "reach": 1.5,
                           "damage": [{"roll": "1d8+4", "type": "slashing"}]}])
    foe = stats(ac=30, max_hp=40)
    # natural 20 vs AC 30 (27 < 30) still hits and is a critical hit: 2d8 (3 + 5) + 4 once = 12; 40 - 12 = 28
    result = run(*encounter(ruleset, hero=hero, foe=foe), hit([20, 3, 5], attack="longsword"))
    assert foe_hp(result) == 28


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_critical_hit_doubles_every_damage_part_dice_but_not_the_modifiers_seed000_coups_critiques(run, ruleset):
    hero = stats(attacks=[{"id": "flaming", "kind": "melee", "to_hit": 5, "reach": 1.5,
                           "damage": [{"roll": "1d8+3", "type": "slashing"}, {"roll": "1d6", "type": "fire"}]}])
    foe = stats(max_hp=40)
    # natural 20: slashing 2d8 (2 + 7) + 3 = 12; fire 2d6 (1 + 6) = 7; total 19; 40 - 19 = 21
    result = run(*encounter(ruleset, hero=hero, foe=foe), hit([20, 2, 7, 1, 6], attack="flaming"))
    assert foe_hp(result) == 21


@pytest.mark.parametrize("ruleset", RULESETS)
def test_natural_1_always_misses_seed000_lancer_un_20_ou_un_1_seed001_faire_1_ou_20(run, ruleset):
    hero = stats(attacks=[dict(SWORD, to_hit=20)])
    foe = stats(ac=5)
    # 1 + 20 = 21 >= AC 5, but a natural 1 misses: no damage die consumed
    assert foe_hp(run(*encounter(ruleset, hero=hero, foe=foe), hit([1]))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_natural_19_is_not_a_critical_hit_seed000_coups_critiques(run, ruleset):
    # 19 + 5 = 24 hits; not a critical: one d8 only: 6 + 3 = 9; 30 - 9 = 21
    assert foe_hp(run(*encounter(ruleset), hit([19, 6]))) == 21


# --- cover ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("cover,face,dice,hp", [
    ("half", 11, [11], 30),            # AC 15 + 2 = 17; 11 + 5 = 16 < 17: miss
    ("half", 12, [12, 4], 23),         # 12 + 5 = 17 >= 17: hit, 4 + 3 = 7
    ("three_quarters", 14, [14], 30),  # AC 15 + 5 = 20; 14 + 5 = 19 < 20: miss
    ("three_quarters", 15, [15, 4], 23),  # 15 + 5 = 20 >= 20: hit, 7
])
def test_cover_adds_two_or_five_to_ac_seed000_couverture_seed001_abri(run, ruleset, cover, face, dice, hp):
    assert foe_hp(run(*encounter(ruleset), hit(dice, cover=cover))) == hp


@pytest.mark.parametrize("ruleset", RULESETS)
def test_total_cover_cannot_be_targeted_seed000_couverture_seed001_abri(run, ruleset):
    assert run(*encounter(ruleset)).code == 0
    result = run(hit([20, 4], cover="total"))
    assert result.code == 2
    assert "cover" in result.err
    assert result.state["combatants"]["foe"]["hp"] == 30


# --- advantage and disadvantage: flags, two d20s, cancelling -----------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_advantage_keeps_the_higher_of_two_d20s_seed000_lancer_deux_d20(run, ruleset):
    # faces 3 and 18: advantage keeps 18; 18 + 5 = 23 hits; damage 4 + 3 = 7
    assert foe_hp(run(*encounter(ruleset), hit([3, 18, 4], advantage=True))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_disadvantage_keeps_the_lower_of_two_d20s_seed000_lancer_deux_d20(run, ruleset):
    # faces 18 and 3: disadvantage keeps 3; 3 + 5 = 8 misses: no damage die
    assert foe_hp(run(*encounter(ruleset), hit([18, 3], disadvantage=True))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_advantage_and_disadvantage_cancel_and_one_d20_is_rolled_seed000_ils_ne_se_cumulent_pas(run, ruleset):
    # one d20 (18): 23 hits, the next face (4) is the damage die: 4 + 3 = 7
    assert foe_hp(run(*encounter(ruleset), hit([18, 4], advantage=True, disadvantage=True))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_several_disadvantages_and_one_advantage_still_cancel_seed000_ils_ne_se_cumulent_pas(run, ruleset):
    # attacker poisoned and frightened (two disadvantages), target stunned (advantage): one d20
    # 3 + 5 = 8 misses; with two d20s the engine would ask for a second face
    setup = encounter(ruleset, extra=(condition("hero", "poisoned"), condition("hero", "frightened"),
                                      condition("foe", "stunned")))
    assert foe_hp(run(*setup, hit([3]))) == 30
    # a second attack to be sure it is one die: 18 hits, damage 4 + 3 = 7
    again = run({"do": "end_turn"}, {"do": "end_turn"}, hit([18, 4]))
    assert foe_hp(again) == 23


# --- Dodge and Help -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_attacks_against_a_dodging_creature_have_disadvantage_seed000_esquiver_seed001_esquiver(run, ruleset):
    setup = encounter(ruleset, foe_first=True)
    # the foe dodges on its turn; on the hero's turn the attack has disadvantage: [18, 3] keeps 3: 8 misses
    result = run(*setup, {"do": "action", "id": "foe", "action": "dodge"}, {"do": "end_turn"}, hit([18, 3]))
    assert foe_hp(result) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_help_gives_advantage_on_the_first_attack_only_seed000_aider_seed001_aider(run, ruleset):
    hero = stats(attacks_per_action=2)
    helper = {"do": "add", "id": "ally", "side": "party", "kind": "pc", "stats": stats()}
    commands = [{"do": "create", "ruleset": ruleset, "seed": 7},
                {"do": "add", "id": "hero", "side": "party", "kind": "pc", "stats": hero},
                {"do": "add", "id": "foe", "side": "monsters", "kind": "monster", "stats": stats()},
                helper,
                {"do": "initiative", "id": "ally", "value": 25},
                {"do": "initiative", "id": "hero", "value": 20},
                {"do": "initiative", "id": "foe", "value": 10},
                {"do": "start"},
                {"do": "action", "id": "ally", "action": "help", "ally": "hero", "target": "foe"},
                {"do": "end_turn"},
                # first attack with advantage: [3, 18] keeps 18: 23 hits; 4 + 3 = 7; 30 - 7 = 23
                hit([3, 18, 4])]
    assert foe_hp(run(*commands)) == 23
    # second attack of the Attack action: Help is spent, one d20: 3 + 5 = 8 misses
    assert foe_hp(run(hit([3]))) == 23


# --- sight: blinded and invisible -----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("who,name,dice,hp", [
    ("hero", "blinded", [18, 3], 30),     # cannot see the target: disadvantage, keeps 3: miss
    ("foe", "blinded", [3, 18, 4], 23),   # the target cannot see the attacker: advantage, keeps 18: 7 damage
    ("hero", "invisible", [3, 18, 4], 23),  # unseen attacker: advantage
    ("foe", "invisible", [18, 3], 30),    # unseen target: disadvantage
])
def test_unseen_attackers_and_targets_seed000_attaquants_et_cibles_invisibles_seed001(run, ruleset, who, name, dice, hp):
    assert foe_hp(run(*encounter(ruleset, extra=(condition(who, name),)), hit(dice))) == hp


@pytest.mark.parametrize("ruleset", RULESETS)
def test_blinded_attacker_against_blinded_target_cancels_srd_glossary_blinded(run, ruleset):
    # disadvantage (cannot see) and advantage (target cannot see): one d20; 18 hits; 4 + 3 = 7
    setup = encounter(ruleset, extra=(condition("hero", "blinded"), condition("foe", "blinded")))
    assert foe_hp(run(*setup, hit([18, 4]))) == 23


# --- prone -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_prone_target_within_1_5_m_gives_advantage_srd_glossary_prone(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[1, 0], extra=(condition("foe", "prone"),))
    # adjacent (1.5 m): advantage, [3, 18] keeps 18: hit, 4 + 3 = 7
    assert foe_hp(run(*setup, hit([3, 18, 4]))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_prone_target_beyond_1_5_m_gives_disadvantage_srd_glossary_prone(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[4, 0], extra=(condition("foe", "prone"),))
    # 6 m away with the bow (normal range 24 m): disadvantage, [18, 3] keeps 3: miss
    assert foe_hp(run(*setup, hit([18, 3], attack="bow"))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_prone_target_3_m_away_hit_by_a_ranged_attack_with_the_low_die_seed000(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[2, 0], extra=(condition("foe", "prone"),))
    # disadvantage, [18, 12] keeps 12: 17 >= 15 hits; bow 1d6+2 with 5 = 7; 30 - 7 = 23
    assert foe_hp(run(*setup, hit([18, 12, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_prone_attacker_has_disadvantage_srd_glossary_prone(run, ruleset):
    setup = encounter(ruleset, extra=(condition("hero", "prone"),))
    assert foe_hp(run(*setup, hit([18, 3]))) == 30


# --- other conditions -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", ["restrained", "poisoned", "frightened"])
def test_restrained_poisoned_or_frightened_attacker_has_disadvantage_srd_glossary(run, ruleset, name):
    setup = encounter(ruleset, extra=(condition("hero", name),))
    # disadvantage: [18, 3] keeps 3: 8 misses
    assert foe_hp(run(*setup, hit([18, 3]))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", ["restrained", "stunned", "petrified"])
def test_attacks_against_restrained_stunned_or_petrified_targets_have_advantage_srd_glossary(run, ruleset, name):
    setup = encounter(ruleset, extra=(condition("foe", name),))
    # advantage: [3, 18] keeps 18: hit; no critical: one d8: 4 + 3 = 7
    # (petrified: resistance to all damage: 7 // 2 = 3)
    expected = 30 - (3 if name == "petrified" else 7)
    assert foe_hp(run(*setup, hit([3, 18, 4]))) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", ["paralyzed", "unconscious"])
def test_a_hit_within_1_5_m_on_a_paralyzed_or_unconscious_target_is_critical_srd_glossary(run, ruleset, name):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[1, 1], extra=(condition("foe", name),))
    # advantage: [3, 12] keeps 12: 17 hits; adjacent (diagonal): critical: 2d8 (4 + 5) + 3 = 12; 30 - 12 = 18
    assert foe_hp(run(*setup, hit([3, 12, 4, 5]))) == 18


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", ["paralyzed", "unconscious"])
def test_without_positions_a_melee_hit_on_a_paralyzed_or_unconscious_target_is_critical(run, ruleset, name):
    # melee without positions is assumed within reach: advantage, critical: 2d8 (4 + 5) + 3 = 12
    assert foe_hp(run(*encounter(ruleset, extra=(condition("foe", name),)), hit([3, 12, 4, 5]))) == 18


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ranged_hit_on_a_paralyzed_target_3_m_away_is_not_critical_srd_glossary_paralyzed(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[2, 0], extra=(condition("foe", "paralyzed"),))
    # advantage: [3, 18] keeps 18; 3 m away: not a critical hit: 1d6+2 with 5 = 7; 30 - 7 = 23
    assert foe_hp(run(*setup, hit([3, 18, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ranged_attack_on_an_unconscious_target_3_m_away_cancels_srd_glossary_unconscious_prone(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[2, 0], extra=(condition("foe", "unconscious"),))
    # unconscious: advantage; also prone, attacked from beyond 1.5 m: disadvantage -> one d20
    # 18 + 5 hits; 3 m away: no critical: 5 + 2 = 7
    assert foe_hp(run(*setup, hit([18, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_stunned_target_hit_is_not_critical_srd_glossary_stunned(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[1, 0], extra=(condition("foe", "stunned"),))
    assert foe_hp(run(*setup, hit([3, 18, 4]))) == 23


# --- exhaustion ----------------------------------------------------------------------------------------------------

def test_2014_exhaustion_level_3_gives_disadvantage_on_attack_rolls_srd51_exhaustion(run):
    setup = encounter("dnd5e-2014", extra=(condition("hero", "exhaustion", level=3),))
    assert foe_hp(run(*setup, hit([18, 3]))) == 30


def test_2014_exhaustion_level_2_leaves_attack_rolls_alone_srd51_exhaustion(run):
    setup = encounter("dnd5e-2014", extra=(condition("hero", "exhaustion", level=2),))
    # one d20, no penalty: 10 + 5 = 15 hits; 4 + 3 = 7
    assert foe_hp(run(*setup, hit([10, 4]))) == 23


@pytest.mark.parametrize("face,dice,hp", [
    (15, [15], 30),      # 15 + 5 - 6 = 14 < 15: miss
    (16, [16, 4], 23),   # 16 + 5 - 6 = 15 >= 15: hit, 7 damage
])
def test_2024_exhaustion_subtracts_2_per_level_from_the_attack_roll_srd52_exhaustion(run, face, dice, hp):
    setup = encounter("dnd5e-2024", extra=(condition("hero", "exhaustion", level=3),))
    assert foe_hp(run(*setup, hit(dice))) == hp


# --- ranged attacks ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_with_a_hostile_creature_within_1_5_m_has_disadvantage_seed000_combat_rapproche(run, ruleset):
    guard = {"do": "add", "id": "guard", "side": "monsters", "kind": "monster", "stats": stats(), "at": [1, 0]}
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[4, 0], extra=(guard,))
    # the guard stands next to the hero: [18, 3] keeps 3: miss
    assert foe_hp(run(*setup, hit([18, 3], attack="bow"))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_next_to_an_incapacitated_enemy_has_no_disadvantage_seed000_combat_rapproche(run, ruleset):
    guard = {"do": "add", "id": "guard", "side": "monsters", "kind": "monster", "stats": stats(), "at": [1, 0]}
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[4, 0], extra=(guard, condition("guard", "incapacitated")))
    # one d20: 18 + 5 hits; 5 + 2 = 7
    assert foe_hp(run(*setup, hit([18, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_next_to_an_ally_has_no_disadvantage_seed000_combat_rapproche(run, ruleset):
    friend = {"do": "add", "id": "friend", "side": "party", "kind": "pc", "stats": stats(), "at": [1, 0]}
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[4, 0], extra=(friend,))
    assert foe_hp(run(*setup, hit([18, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_on_an_adjacent_target_has_disadvantage_seed000_combat_rapproche(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[1, 0])
    assert foe_hp(run(*setup, hit([18, 3], attack="bow"))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_at_exactly_normal_range_has_no_disadvantage_seed000_portee(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[16, 0])
    # 16 squares = 24 m = normal range: one d20; 18 hits; 5 + 2 = 7
    assert foe_hp(run(*setup, hit([18, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_beyond_normal_range_has_disadvantage_seed000_portee_seed001_portee(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[17, 0])
    # 17 squares = 25.5 m > 24 m: disadvantage, [18, 3] keeps 3: miss
    assert foe_hp(run(*setup, hit([18, 3], attack="bow"))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranged_attack_at_long_range_is_allowed_and_beyond_it_rejected_seed000_portee(run, ruleset):
    # 64 squares = 96 m = long range: disadvantage [3, 18] keeps 3: miss, but allowed
    ok = run(*encounter(ruleset, hero_at=[0, 0], foe_at=[64, 0]), hit([3, 18], attack="bow"))
    assert foe_hp(ok) == 30
    before = ok.state["seq"]
    far = run({"do": "place", "id": "foe", "at": [65, 0]})
    assert far.code == 0, far.err
    # 65 squares = 97.5 m > 96 m: rejected, nothing appended
    result = run(hit([20, 5], attack="bow"))
    assert result.code == 2
    assert result.state["seq"] == far.state["seq"] and far.state["seq"] > before
    assert result.state["combatants"]["foe"]["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_melee_attack_beyond_reach_is_rejected_seed000_portee_melee(run, ruleset):
    result = run(*encounter(ruleset, hero_at=[0, 0], foe_at=[2, 0]))
    assert result.code == 0, result.err
    rejected = run(hit([18, 4]))
    assert rejected.code == 2
    assert rejected.state["combatants"]["foe"]["hp"] == 30


# --- underwater ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_melee_with_a_slashing_weapon_and_no_swim_speed_has_disadvantage_seed000_seed001(run, ruleset):
    # a sword is neither piercing (2024) nor a dagger/javelin/shortsword/spear/trident (2014): [18, 3] keeps 3
    assert foe_hp(run(*encounter(ruleset, underwater=True), hit([18, 3]))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_melee_with_a_swim_speed_is_normal_seed000_seed001_combat_sous_marin(run, ruleset):
    setup = encounter(ruleset, hero=stats(swim_speed=9), underwater=True)
    assert foe_hp(run(*setup, hit([18, 4]))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_melee_with_a_spear_is_normal_seed000_seed001_combat_sous_marin(run, ruleset):
    spear = {"id": "spear", "kind": "melee", "to_hit": 5, "reach": 1.5,
             "damage": [{"roll": "1d6+3", "type": "piercing"}]}
    setup = encounter(ruleset, hero=stats(attacks=[spear]), underwater=True)
    # piercing (2024) / a spear (2014): one d20; 18 hits; 4 + 3 = 7
    assert foe_hp(run(*setup, hit([18, 4], attack="spear"))) == 23


def test_2024_underwater_melee_with_any_piercing_weapon_is_normal_seed000_armes_entravees(run):
    rapier = {"id": "rapier", "kind": "melee", "to_hit": 5, "reach": 1.5,
              "damage": [{"roll": "1d8+3", "type": "piercing"}]}
    setup = encounter("dnd5e-2024", hero=stats(attacks=[rapier]), underwater=True)
    assert foe_hp(run(*setup, hit([18, 4], attack="rapier"))) == 23


def test_2014_underwater_melee_with_a_rapier_has_disadvantage_seed001_combat_sous_marin(run):
    # seed 001 lists only the dagger, javelin, shortsword, spear and trident
    rapier = {"id": "rapier", "kind": "melee", "to_hit": 5, "reach": 1.5,
              "damage": [{"roll": "1d8+3", "type": "piercing"}]}
    setup = encounter("dnd5e-2014", hero=stats(attacks=[rapier]), underwater=True)
    assert foe_hp(run(*setup, hit([18, 3], attack="rapier"))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_ranged_attack_within_normal_range_has_disadvantage_seed000_seed001(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[4, 0], underwater=True)
    # a bow within normal range: disadvantage, [18, 3] keeps 3: miss
    assert foe_hp(run(*setup, hit([18, 3], attack="bow"))) == 30


def test_2014_underwater_crossbow_within_normal_range_is_normal_seed001_combat_sous_marin(run):
    crossbow = {"id": "light_crossbow", "kind": "ranged", "to_hit": 5, "range": [24, 96],
                "damage": [{"roll": "1d8+2", "type": "piercing"}]}
    setup = encounter("dnd5e-2014", hero=stats(attacks=[crossbow]), hero_at=[0, 0], foe_at=[4, 0], underwater=True)
    # one d20: 18 hits; 5 + 2 = 7
    assert foe_hp(run(*setup, hit([18, 5], attack="light_crossbow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_ranged_attack_beyond_normal_range_misses_even_on_a_20_seed000_seed001(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[17, 0], underwater=True)
    # 25.5 m > 24 m: automatic miss; one d20 (no disadvantage: that applies within normal range), no damage
    assert foe_hp(run(*setup, hit([20], attack="bow"))) == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_fire_damage_from_an_attack_is_halved_seed000_resistance_au_feu_seed001(run, ruleset):
    torch = {"id": "torch", "kind": "melee", "to_hit": 5, "reach": 1.5, "damage": [{"roll": "1d8+3", "type": "fire"}]}
    setup = encounter(ruleset, hero=stats(attacks=[torch], swim_speed=9), underwater=True)
    # 18 hits; 6 + 3 = 9 fire, halved (rounded down) = 4; 30 - 4 = 26
    assert foe_hp(run(*setup, hit([18, 6], attack="torch"))) == 26


# --- turn rules the attack command relies on ---------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_attacking_outside_ones_turn_is_rejected(run, ruleset):
    assert run(*encounter(ruleset)).code == 0
    result = run({"do": "attack", "attacker": "foe", "target": "hero", "with": "sword", "dice": [18, 4]})
    assert result.code == 2
    assert "foe" in result.err
    assert result.state["combatants"]["hero"]["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_second_attack_without_extra_attack_is_rejected(run, ruleset):
    first = run(*encounter(ruleset), hit([3]))
    assert first.code == 0, first.err
    second = run(hit([18, 4]))
    assert second.code == 2
    assert second.state["combatants"]["foe"]["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_extra_attack_allows_two_attacks_with_the_fighter_template(run, ruleset):
    result = run(
        {"do": "create", "ruleset": ruleset, "seed": 1},
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter"},
        {"do": "add", "id": "ogre", "side": "monsters", "kind": "monster", "stats": stats(max_hp=40)},
        {"do": "initiative", "id": "aria", "value": 15},
        {"do": "initiative", "id": "ogre", "value": 3},
        {"do": "start"},
        # longsword +7 vs AC 15: 8 + 7 = 15 hits, 1d8+4 with 5 = 9; then 7 + 7 = 14 misses; 40 - 9 = 31
        {"do": "attack", "attacker": "aria", "target": "ogre", "with": "longsword", "dice": [8, 5]},
        {"do": "attack", "attacker": "aria", "target": "ogre", "with": "longsword", "dice": [7]},
    )
    assert result.code == 0, result.err
    assert result.state["combatants"]["ogre"]["hp"] == 31


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_reach_weapon_hit_from_3_m_on_a_paralyzed_target_is_not_critical_srd_glossary_paralyzed(run, ruleset):
    glaive = {"id": "glaive", "kind": "melee", "to_hit": 5, "reach": 3, "damage": [{"roll": "1d10+3", "type": "slashing"}]}
    setup = encounter(ruleset, hero=stats(attacks=[glaive]), hero_at=[0, 0], foe_at=[2, 0],
                      extra=(condition("foe", "paralyzed"),))
    # 3 m away, within reach 3 m: advantage [3, 18] keeps 18; not within 1.5 m: no critical: 4 + 3 = 7
    assert foe_hp(run(*setup, hit([3, 18, 4], attack="glaive"))) == 23


def test_2024_grappled_attacker_has_disadvantage_against_anyone_but_its_grappler_srd52_grappled(run):
    other = {"do": "add", "id": "other", "side": "monsters", "kind": "monster", "stats": stats()}
    setup = encounter("dnd5e-2024", extra=(other, condition("hero", "grappled", source="other")))
    # grappled by "other", attacking "foe": disadvantage, [18, 3] keeps 3: miss
    assert foe_hp(run(*setup, hit([18, 3]))) == 30


def test_2024_grappled_attacker_attacks_its_grappler_normally_srd52_grappled(run):
    setup = encounter("dnd5e-2024", extra=(condition("hero", "grappled", source="foe"),))
    # one d20: 18 hits; 4 + 3 = 7
    assert foe_hp(run(*setup, hit([18, 4]))) == 23


def test_2014_grappled_attacker_attacks_normally_srd51_grappled(run):
    other = {"do": "add", "id": "other", "side": "monsters", "kind": "monster", "stats": stats()}
    setup = encounter("dnd5e-2014", extra=(other, condition("hero", "grappled", source="other")))
    assert foe_hp(run(*setup, hit([18, 4]))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dodge_ends_when_the_dodger_s_next_turn_starts_seed000_esquiver(run, ruleset):
    setup = encounter(ruleset, foe_first=True)
    result = run(*setup, {"do": "action", "id": "foe", "action": "dodge"}, {"do": "end_turn"}, hit([18, 3]),
                 {"do": "end_turn"}, {"do": "end_turn"})
    assert result.code == 0, result.err
    # round 2, the foe's turn has come and gone: the hero attacks with one d20: 18 hits, 7 damage
    assert foe_hp(run(hit([18, 4]))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dodging_creature_that_is_incapacitated_loses_the_benefit_seed000_esquiver(run, ruleset):
    setup = encounter(ruleset, foe_first=True)
    result = run(*setup, {"do": "action", "id": "foe", "action": "dodge"}, {"do": "end_turn"},
                 condition("foe", "incapacitated"), hit([18, 4]))
    assert foe_hp(result) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ranged_attack_on_an_adjacent_prone_target_cancels_out_srd_glossary_prone_seed000_combat_rapproche(run, ruleset):
    setup = encounter(ruleset, hero_at=[0, 0], foe_at=[1, 0], extra=(condition("foe", "prone"),))
    # prone within 1.5 m: advantage; a hostile, not incapacitated creature within 1.5 m: disadvantage -> one d20
    # 18 hits; not a critical: 5 + 2 = 7
    assert foe_hp(run(*setup, hit([18, 5], attack="bow"))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hidden_attacker_has_advantage_and_is_revealed_by_its_attack_seed000_attaquants_et_cibles_invisibles(run, ruleset):
    hero = stats(attacks_per_action=2,
                 abilities={"str": 10, "dex": 14, "con": 10, "int": 10, "wis": 10, "cha": 10}, skills=["stealth"])
    setup = encounter(ruleset, hero=hero)
    # Hide as a bonus action: Dex (Stealth) 11 + 2 + 2 = 15 >= DC 15: hidden (invisible)
    hidden = run(*setup, {"do": "action", "id": "hero", "action": "hide", "slot": "bonus", "dice": [11]})
    assert hidden.code == 0, hidden.err
    assert "invisible" in hidden.state["combatants"]["hero"]["conditions"]
    # unseen attacker: advantage [3, 18] keeps 18: hit, 4 + 3 = 7; the attack reveals the hero
    first = run(hit([3, 18, 4]))
    assert foe_hp(first) == 23
    assert "invisible" not in first.state["combatants"]["hero"]["conditions"]
    # the second attack of the action has one d20: 3 + 5 misses
    assert foe_hp(run(hit([3]))) == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_attacks_need_a_started_turn(run, ruleset):
    first = run({"do": "create", "ruleset": ruleset, "seed": 7},
                {"do": "add", "id": "hero", "side": "party", "kind": "pc", "stats": stats()},
                {"do": "add", "id": "foe", "side": "monsters", "kind": "monster", "stats": stats()})
    assert first.code == 0, first.err
    result = run(hit([18, 4]))
    assert result.code == 2
    assert result.state["combatants"]["foe"]["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dead_creature_cannot_be_attacked(run, ruleset):
    setup = encounter(ruleset, extra=({"do": "damage", "target": "foe", "amount": 30, "type": "fire"},))
    assert run(*setup).code == 0
    result = run(hit([18, 4]))
    assert result.code == 2
    assert result.state["combatants"]["foe"]["status"] == "dead"
