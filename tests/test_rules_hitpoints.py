"""Hit point rules through the outside contract: damage pipeline, temporary HP, healing, 0 HP and death saves.

Seeds: 000 (SRD 5.2, dnd5e-2024) "Dégâts et Soins" with "Points de Vie", "Jets de Dégâts", "Coups Critiques",
"Jets de Sauvegarde et Dégâts", "Résistance et Vulnérabilité" (Pas de Cumul, Ordre d'Application), "Immunité",
"Soins", "Tomber à 0 Points de Vie" (Mort Instantanée, Tomber Inconscient, Mettre une Créature Hors de Combat),
"Jets de Sauvegarde contre la Mort", "Stabiliser un Personnage", "Points de Vie Temporaires", "Combat Sous-Marin";
001 (SRD 5.1, dnd5e-2014) "Dégâts", "Coups critiques", "Résistance et vulnérabilité aux dégâts",
"Assommer une créature", "Combat sous-marin", and the SRD 5.1 "Damage and Healing" rules for 0 HP, death saves,
stabilizing and temporary HP (the same numbers as seed 000).
"""

import pytest

from support import ok, RULESETS

ALL_DAMAGE_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
                    "psychic", "radiant", "slashing", "thunder"]
SWORD = {"id": "sword", "kind": "melee", "to_hit": 5, "reach": 1.5, "damage": [{"roll": "1d8+3", "type": "slashing"}]}
BOW = {"id": "bow", "kind": "ranged", "to_hit": 5, "range": [24, 96], "damage": [{"roll": "1d6+2", "type": "piercing"}]}


def stats(**changes) -> dict:
    base = {
        "ac": 10, "max_hp": 30, "speed": 9, "proficiency_bonus": 2,
        "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "attacks": [SWORD, BOW],
    }
    base.update(changes)
    return base


def setup(ruleset: str, *, pc: dict | None = None, monster: dict | None = None, underwater: bool = False) -> list:
    """An encounter in setup: "pc" (kind pc, party) and "orc" (kind monster)."""
    return [
        {"do": "create", "ruleset": ruleset, "seed": 3, **({"underwater": True} if underwater else {})},
        {"do": "add", "id": "pc", "side": "party", "kind": "pc", "stats": pc or stats()},
        {"do": "add", "id": "orc", "side": "monsters", "kind": "monster", "stats": monster or stats()},
    ]


def start(pc_first: bool = True) -> list:
    return [{"do": "initiative", "id": "pc", "value": 20 if pc_first else 5},
            {"do": "initiative", "id": "orc", "value": 10},
            {"do": "start"}]


def damage(target: str, amount: int | None = None, kind: str = "slashing", **fields) -> dict:
    command = {"do": "damage", "target": target, "type": kind, **fields}
    if amount is not None:
        command["amount"] = amount
    return command



def creature(result, cid: str) -> dict:
    return ok(result)["combatants"][cid]


# --- the damage pipeline ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_plain_damage_subtracts_from_hp_seed000_points_de_vie(run, ruleset):
    assert creature(run(*setup(ruleset), damage("orc", 12)), "orc")["hp"] == 18


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rolled_damage_uses_the_supplied_dice_seed000_jets_de_degats(run, ruleset):
    # 2d6+3 with 4 and 5 = 12; 30 - 12 = 18
    assert creature(run(*setup(ruleset), damage("orc", roll="2d6+3", dice=[4, 5])), "orc")["hp"] == 18


@pytest.mark.parametrize("ruleset", RULESETS)
def test_resistance_halves_rounding_down_seed000_resistance_et_vulnerabilite_seed001(run, ruleset):
    orc = stats(resistances=["fire"])
    # 7 fire, resistant: 7 // 2 = 3; 30 - 3 = 27
    assert creature(run(*setup(ruleset, monster=orc), damage("orc", 7, "fire")), "orc")["hp"] == 27


@pytest.mark.parametrize("ruleset", RULESETS)
def test_resistance_to_another_type_changes_nothing_seed000_resistance_et_vulnerabilite(run, ruleset):
    orc = stats(resistances=["fire"])
    assert creature(run(*setup(ruleset, monster=orc), damage("orc", 7, "cold")), "orc")["hp"] == 23


@pytest.mark.parametrize("ruleset", RULESETS)
def test_vulnerability_doubles_seed000_resistance_et_vulnerabilite_seed001(run, ruleset):
    orc = stats(vulnerabilities=["fire"])
    # 7 fire, vulnerable: 14; 30 - 14 = 16
    assert creature(run(*setup(ruleset, monster=orc), damage("orc", 7, "fire")), "orc")["hp"] == 16


@pytest.mark.parametrize("ruleset", RULESETS)
def test_adjust_then_resistance_then_vulnerability_seed000_ordre_d_application_worked_example(run, ruleset):
    orc = stats(max_hp=40, resistances=ALL_DAMAGE_TYPES, vulnerabilities=["fire"])
    # seed 000 example: 28 fire, -5 -> 23; resistance -> 11; vulnerability -> 22; 40 - 22 = 18
    result = run(*setup(ruleset, monster=orc), damage("orc", 28, "fire", adjust=-5))
    assert creature(result, "orc")["hp"] == 18


@pytest.mark.parametrize("ruleset", RULESETS)
def test_adjust_before_resistance_seed001_resistance_et_vulnerabilite_worked_example(run, ruleset):
    orc = stats(resistances=["bludgeoning"])
    # seed 001 example: 25 bludgeoning, aura -5 -> 20, halved -> 10; 30 - 10 = 20
    result = run(*setup(ruleset, monster=orc), damage("orc", 25, "bludgeoning", adjust=-5))
    assert creature(result, "orc")["hp"] == 20


@pytest.mark.parametrize("ruleset", RULESETS)
def test_resistance_instances_do_not_stack_seed000_pas_de_cumul(run, ruleset):
    orc = stats(resistances=["necrotic"] + ALL_DAMAGE_TYPES)
    # resistant to necrotic and to all damage: halved once, 20 -> 10 (not 5)
    assert creature(run(*setup(ruleset, monster=orc), damage("orc", 20, "necrotic")), "orc")["hp"] == 20


@pytest.mark.parametrize("ruleset", RULESETS)
def test_immunity_means_no_damage_seed000_immunite(run, ruleset):
    orc = stats(immunities=["poison"])
    assert creature(run(*setup(ruleset, monster=orc), damage("orc", 25, "poison")), "orc")["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_is_never_negative_seed000_jets_de_degats_seed001_jets_de_degats(run, ruleset):
    # 5 - 10 = -5 -> 0 damage, not healing
    state = ok(run(*setup(ruleset), damage("orc", 8), damage("orc", 5, adjust=-10)))
    assert state["combatants"]["orc"]["hp"] == 22


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_attack_with_a_penalty_can_deal_zero_but_not_negative_damage_seed000_jets_de_degats(run, ruleset):
    pc = stats(attacks=[{"id": "club", "kind": "melee", "to_hit": 5, "reach": 1.5,
                         "damage": [{"roll": "1d4-3", "type": "bludgeoning"}]}])
    # 15 + 5 hits AC 10; 1d4-3 with a 1 = -2 -> 0; the orc keeps 30
    result = run(*setup(ruleset, pc=pc), *start(),
                 {"do": "attack", "attacker": "pc", "target": "orc", "with": "club", "dice": [15, 1]})
    assert creature(result, "orc")["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_several_damage_parts_each_with_its_own_type_seed000_types_de_degats(run, ruleset):
    pc = stats(attacks=[{"id": "flame_tongue", "kind": "melee", "to_hit": 5, "reach": 1.5,
                         "damage": [{"roll": "1d8+3", "type": "slashing"}, {"roll": "2d6", "type": "fire"}]}])
    orc = stats(resistances=["fire"])
    # hit (15 + 5 >= 10); slashing 4 + 3 = 7; fire 3 + 6 = 9, resisted -> 4; total 11; 30 - 11 = 19
    result = run(*setup(ruleset, pc=pc, monster=orc), *start(),
                 {"do": "attack", "attacker": "pc", "target": "orc", "with": "flame_tongue", "dice": [15, 4, 3, 6]})
    assert creature(result, "orc")["hp"] == 19


@pytest.mark.parametrize("ruleset", RULESETS)
def test_critical_damage_command_doubles_the_dice_not_the_modifier_seed000_coups_critiques(run, ruleset):
    # 2d6+3 critical: 4d6 (1 + 2 + 3 + 4 = 10) + 3 = 13; 30 - 13 = 17
    result = run(*setup(ruleset), damage("orc", roll="2d6+3", critical=True, dice=[1, 2, 3, 4]))
    assert creature(result, "orc")["hp"] == 17


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_everyone_resists_fire_seed000_resistance_au_feu_seed001_combat_sous_marin(run, ruleset):
    result = run(*setup(ruleset, underwater=True), damage("orc", 9, "fire"), damage("pc", 9, "fire"),
                 damage("pc", 9, "cold"))
    state = ok(result)
    # fire 9 -> 4 for both; cold is not resisted: the pc takes 4 + 9 = 13
    assert state["combatants"]["orc"]["hp"] == 26
    assert state["combatants"]["pc"]["hp"] == 17


@pytest.mark.parametrize("ruleset", RULESETS)
def test_underwater_fire_resistance_does_not_stack_with_the_creature_s_own_seed000_pas_de_cumul(run, ruleset):
    orc = stats(resistances=["fire"])
    # 20 fire: halved once -> 10
    assert creature(run(*setup(ruleset, monster=orc, underwater=True), damage("orc", 20, "fire")), "orc")["hp"] == 20


# --- damage with a saving throw -----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_save_for_half_rolls_each_save_in_target_order_then_the_damage_once_seed000_degats_contre_plusieurs_cibles(run, ruleset):
    pc = stats(abilities={"str": 10, "dex": 14, "con": 10, "int": 10, "wis": 10, "cha": 10})
    # pc: Dex +2, face 11 -> 13 >= 13 succeeds; orc: Dex +0, face 12 -> 12 < 13 fails
    # 4d6 with 6, 5, 4, 3 = 18: the orc takes 18 (30 -> 12), the pc half rounded down, 9 (30 -> 21)
    result = run(*setup(ruleset, pc=pc),
                 {"do": "damage", "targets": ["pc", "orc"], "roll": "4d6", "type": "thunder",
                  "save": {"ability": "dex", "dc": 13, "half": True}, "dice": [11, 12, 6, 5, 4, 3]})
    state = ok(result)
    assert state["combatants"]["pc"]["hp"] == 21
    assert state["combatants"]["orc"]["hp"] == 12


@pytest.mark.parametrize("ruleset", RULESETS)
def test_half_damage_on_a_save_rounds_down_before_resistance_seed000_moitie_des_degats(run, ruleset):
    orc = stats(resistances=["fire"])
    # 25 fire, save made (15 >= 10): half -> 12, resisted -> 6; 30 - 6 = 24
    result = run(*setup(ruleset, monster=orc),
                 {"do": "damage", "target": "orc", "amount": 25, "type": "fire",
                  "save": {"ability": "con", "dc": 10}, "dice": [15]})
    assert creature(result, "orc")["hp"] == 24


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_successful_save_against_no_half_damage_means_no_damage(run, ruleset):
    result = run(*setup(ruleset),
                 {"do": "damage", "target": "orc", "amount": 25, "type": "poison",
                  "save": {"ability": "con", "dc": 10, "half": False}, "dice": [15]})
    assert creature(result, "orc")["hp"] == 30


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_paralyzed_creature_fails_a_dex_save_automatically_srd_glossary_paralyzed(run, ruleset):
    # automatic failure: no d20 consumed; 4d6 = 6 + 5 + 4 + 3 = 18 in full; 30 - 18 = 12
    result = run(*setup(ruleset), {"do": "condition", "target": "orc", "add": "paralyzed"},
                 {"do": "damage", "target": "orc", "roll": "4d6", "type": "fire",
                  "save": {"ability": "dex", "dc": 13}, "dice": [6, 5, 4, 3]})
    assert creature(result, "orc")["hp"] == 12


# --- temporary hit points ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_temporary_hp_are_lost_first_seed000_perdre_les_pv_temporaires_en_premier(run, ruleset):
    # seed 000 example: 5 temporary HP, 7 damage: temp 0, then 2 HP lost; 30 - 2 = 28
    result = run(*setup(ruleset), {"do": "temp_hp", "target": "pc", "amount": 5}, damage("pc", 7))
    pc = creature(result, "pc")
    assert (pc["hp"], pc["temp_hp"]) == (28, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_temporary_hp_absorb_a_smaller_hit_entirely_seed000(run, ruleset):
    result = run(*setup(ruleset), {"do": "temp_hp", "target": "pc", "amount": 10}, damage("pc", 4))
    pc = creature(result, "pc")
    assert (pc["hp"], pc["temp_hp"]) == (30, 6)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_temporary_hp_absorb_before_resistance_is_applied_not_after(run, ruleset):
    pc = stats(resistances=["fire"])
    # 20 fire -> 10 after resistance; 4 temp absorb 4, 6 from HP: 30 - 6 = 24
    result = run(*setup(ruleset, pc=pc), {"do": "temp_hp", "target": "pc", "amount": 4}, damage("pc", 20, "fire"))
    state = creature(result, "pc")
    assert (state["hp"], state["temp_hp"]) == (24, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("first,second,replace,expected", [
    (10, 12, False, 12),  # seed 000 example: 12 while having 10: 12 or 10, never 22
    (12, 10, False, 12),  # keep the higher by default
    (12, 10, True, 10),   # the DM chose the new ones
])
def test_temporary_hp_do_not_stack_seed000_ne_se_cumulent_pas(run, ruleset, first, second, replace, expected):
    second_command = {"do": "temp_hp", "target": "pc", "amount": second, **({"replace": True} if replace else {})}
    result = run(*setup(ruleset), {"do": "temp_hp", "target": "pc", "amount": first}, second_command)
    assert creature(result, "pc")["temp_hp"] == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_temporary_hp_at_full_hp_and_healing_does_not_restore_them_seed000_ce_ne_sont_pas_des_soins(run, ruleset):
    result = run(*setup(ruleset), {"do": "temp_hp", "target": "pc", "amount": 8})
    pc = creature(result, "pc")
    assert (pc["hp"], pc["temp_hp"]) == (30, 8)
    # 10 damage: 8 temp, 2 HP -> 28; healing 10 -> 30 (capped), temp stays 0
    result = run(damage("pc", 10), {"do": "heal", "target": "pc", "amount": 10})
    pc = creature(result, "pc")
    assert (pc["hp"], pc["temp_hp"]) == (30, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_temporary_hp_at_0_hp_do_not_wake_a_dying_character_seed000_ce_ne_sont_pas_des_soins(run, ruleset):
    result = run(*setup(ruleset), damage("pc", 30), {"do": "temp_hp", "target": "pc", "amount": 5})
    pc = creature(result, "pc")
    assert (pc["hp"], pc["temp_hp"], pc["status"]) == (0, 5, "dying")
    assert "unconscious" in pc["conditions"]


# --- healing ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_healing_is_capped_at_the_maximum_seed000_soins(run, ruleset):
    pc = stats(max_hp=20, hp=14)
    # seed 000 example: 14 of 20 + 8 healing -> 20 (6 regained, not 8)
    result = run(*setup(ruleset, pc=pc), {"do": "heal", "target": "pc", "amount": 8})
    assert creature(result, "pc")["hp"] == 20


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rolled_healing_uses_the_supplied_dice_seed000_soins(run, ruleset):
    # 20 damage -> 10; 2d4+2 with 3 and 4 = 9 -> 19
    result = run(*setup(ruleset), damage("pc", 20), {"do": "heal", "target": "pc", "roll": "2d4+2", "dice": [3, 4]})
    assert creature(result, "pc")["hp"] == 19


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_dead_cannot_be_healed(run, ruleset):
    first = run(*setup(ruleset), damage("orc", 30))
    assert creature(first, "orc")["status"] == "dead"
    result = run({"do": "heal", "target": "orc", "amount": 5})
    assert result.code == 2
    assert result.state["combatants"]["orc"]["hp"] == 0


# --- dropping to 0 HP ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_monster_dies_at_0_hp_seed000_mort_d_un_monstre(run, ruleset):
    orc = creature(run(*setup(ruleset), damage("orc", 31)), "orc")
    assert (orc["hp"], orc["status"]) == (0, "dead")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_character_at_0_hp_is_dying_unconscious_and_prone_seed000_tomber_inconscient(run, ruleset):
    # 30 HP, 35 damage: 0 HP with 5 left over (< max 30): dying, not dead
    pc = creature(run(*setup(ruleset), damage("pc", 35)), "pc")
    assert (pc["hp"], pc["status"]) == (0, "dying")
    assert pc["conditions"] == ["incapacitated", "prone", "unconscious"]
    assert pc["death_saves"] == {"successes": 0, "failures": 0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_massive_damage_kills_outright_seed000_degats_massifs_example(run, ruleset):
    pc = stats(max_hp=12, hp=6)
    # seed 000 example: max 12, at 6, 18 damage: 0 HP with 12 left = max HP -> dead
    pc_state = creature(run(*setup(ruleset, pc=pc), damage("pc", 18)), "pc")
    assert (pc_state["hp"], pc_state["status"]) == (0, "dead")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_point_short_of_massive_damage_leaves_the_character_dying_seed000_degats_massifs(run, ruleset):
    pc = stats(max_hp=12, hp=6)
    # 17 damage: 11 left over < 12: dying
    pc_state = creature(run(*setup(ruleset, pc=pc), damage("pc", 17)), "pc")
    assert (pc_state["hp"], pc_state["status"]) == (0, "dying")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_massive_damage_counts_what_is_left_after_temporary_hp_seed000(run, ruleset):
    pc = stats(max_hp=12, hp=6)
    # 5 temp HP absorb 5 of 23; 18 remain: 6 to reach 0, 12 left over = max -> dead
    result = run(*setup(ruleset, pc=pc), {"do": "temp_hp", "target": "pc", "amount": 5}, damage("pc", 23))
    assert creature(result, "pc")["status"] == "dead"
    # and 22 would have left 11 over: dying
    other = run({"do": "add", "id": "pc2", "side": "party", "kind": "pc", "stats": stats(max_hp=12, hp=6)},
                {"do": "temp_hp", "target": "pc2", "amount": 5}, damage("pc2", 22))
    assert creature(other, "pc2")["status"] == "dying"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_at_0_hp_is_one_death_save_failure_seed000_degats_a_0_pv(run, ruleset):
    pc = creature(run(*setup(ruleset), damage("pc", 30), damage("pc", 3)), "pc")
    assert (pc["status"], pc["death_saves"]) == ("dying", {"successes": 0, "failures": 1})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_critical_damage_at_0_hp_is_two_failures_seed000_degats_a_0_pv(run, ruleset):
    pc = creature(run(*setup(ruleset), damage("pc", 30), damage("pc", roll="1d4", critical=True, dice=[1, 1])), "pc")
    assert (pc["status"], pc["death_saves"]) == ("dying", {"successes": 0, "failures": 2})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_at_0_hp_equal_to_max_hp_kills_seed000_degats_a_0_pv(run, ruleset):
    pc = creature(run(*setup(ruleset), damage("pc", 30), damage("pc", 30)), "pc")
    assert pc["status"] == "dead"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_at_0_hp_below_max_hp_does_not_kill_seed000_degats_a_0_pv(run, ruleset):
    pc = creature(run(*setup(ruleset), damage("pc", 30), damage("pc", 29)), "pc")
    assert (pc["status"], pc["death_saves"]["failures"]) == ("dying", 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_three_failures_from_damage_at_0_hp_kill_seed000_trois_echecs(run, ruleset):
    result = run(*setup(ruleset), damage("pc", 30), damage("pc", 1), damage("pc", roll="1d4", critical=True, dice=[1, 1]))
    assert creature(result, "pc")["status"] == "dead"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_melee_hit_on_a_dying_character_is_a_critical_two_failures_srd_glossary_unconscious(run, ruleset):
    commands = setup(ruleset) + [damage("pc", 30)] + start(pc_first=False)
    # the orc's turn: the pc is unconscious: advantage [2, 9] keeps 9: 14 >= AC 10 hits; adjacent (no positions,
    # melee): critical: 2d8 (1 + 1) + 3 = 5 < max 30: two failures
    result = run(*commands, {"do": "attack", "attacker": "orc", "target": "pc", "with": "sword", "dice": [2, 9, 1, 1]})
    pc = creature(result, "pc")
    assert (pc["status"], pc["death_saves"]) == ("dying", {"successes": 0, "failures": 2})


# --- death saves ----------------------------------------------------------------------------------------------------

def dying_pc_turn(ruleset: str, **pc_stats) -> list:
    """The pc drops to 0 in setup, then combat starts on its turn: it must roll a death save first."""
    return setup(ruleset, pc=stats(**pc_stats)) + [damage("pc", 30)] + start()


ROUND = [{"do": "end_turn"}, {"do": "end_turn"}]  # the pc's turn ends, the orc's turn ends: the pc's turn again


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dying_character_s_turn_waits_for_its_death_save_seed000_jets_de_sauvegarde_contre_la_mort(run, ruleset):
    state = ok(run(*dying_pc_turn(ruleset)))
    assert (state["phase"], state["turn"]) == ("death_save", "pc")
    result = run({"do": "end_turn"})
    assert result.code == 2
    assert "death save" in result.err


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("face,successes,failures", [(10, 1, 0), (19, 1, 0), (9, 0, 1), (2, 0, 1), (1, 0, 2)])
def test_death_save_10_or_more_succeeds_a_1_counts_twice_seed000_trois_reussites_echecs_obtenir_1(run, ruleset, face,
                                                                                                    successes, failures):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [face]})
    state = ok(result)
    pc = state["combatants"]["pc"]
    assert pc["death_saves"] == {"successes": successes, "failures": failures}
    assert (pc["status"], pc["hp"]) == ("dying", 0)
    assert state["phase"] == "turn" and state["turn"] == "pc"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_natural_20_on_a_death_save_brings_back_1_hp_seed000_obtenir_un_1_ou_un_20(run, ruleset):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [9]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [20]})
    pc = creature(result, "pc")
    # 1 HP, conscious, counters reset; still prone until it stands
    assert (pc["hp"], pc["status"]) == (1, "alive")
    assert pc["death_saves"] == {"successes": 0, "failures": 0}
    assert pc["conditions"] == ["prone"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_three_successes_make_the_character_stable_seed000_trois_reussites(run, ruleset):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [12]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [3]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [15]})
    assert creature(result, "pc")["death_saves"] == {"successes": 2, "failures": 1}
    result = run(*ROUND, {"do": "death_save", "id": "pc", "dice": [10]})
    pc = creature(result, "pc")
    # stable: counters reset (seed 000: "réinitialisé à zéro lorsque vous ... devenez Stable"), still unconscious at 0 HP
    assert (pc["hp"], pc["status"]) == (0, "stable")
    assert pc["death_saves"] == {"successes": 0, "failures": 0}
    assert pc["conditions"] == ["incapacitated", "prone", "unconscious"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_stable_character_rolls_no_death_save_on_its_turn_seed000_stabiliser(run, ruleset):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [12]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [12]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [12]}, *ROUND)
    state = ok(result)
    assert (state["turn"], state["phase"]) == ("pc", "turn")
    assert state["combatants"]["pc"]["status"] == "stable"
    assert run({"do": "death_save", "id": "pc", "dice": [12]}).code == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_three_failures_kill_seed000_trois_echecs(run, ruleset):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [5]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [1]})
    pc = creature(result, "pc")
    assert pc["status"] == "dead"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dead_character_s_turn_is_skipped(run, ruleset):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [1]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [4]}, {"do": "end_turn"}, {"do": "end_turn"})
    state = ok(result)
    # round 3: the pc is dead, so the orc's turn follows the orc's turn
    assert state["combatants"]["pc"]["status"] == "dead"
    assert state["turn"] == "orc"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_healing_a_dying_character_resets_the_counters_and_ends_unconscious_seed000_soins(run, ruleset):
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [12]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [4]},
                 {"do": "heal", "target": "pc", "amount": 3})
    pc = creature(result, "pc")
    assert (pc["hp"], pc["status"]) == (3, "alive")
    assert pc["death_saves"] == {"successes": 0, "failures": 0}
    # prone remains until it stands up
    assert pc["conditions"] == ["prone"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_stable_character_that_takes_damage_is_dying_again_seed000_stabiliser(run, ruleset):
    result = run(*dying_pc_turn(ruleset), *[cmd for face in (12, 12, 12)
                                            for cmd in ({"do": "death_save", "id": "pc", "dice": [face]}, *ROUND)])
    assert creature(result, "pc")["status"] == "stable"
    pc = creature(run(damage("pc", 2)), "pc")
    # damage at 0 HP: one failure, and it makes death saves again
    assert (pc["status"], pc["death_saves"]) == ("dying", {"successes": 0, "failures": 1})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_dying_character_at_exhaustion_rolls_its_death_save_normally_in_2014(run, ruleset):
    # 2024: exhaustion 2 -> -4 on every d20 test, a death save included: 12 - 4 = 8 < 10 fails
    # 2014: exhaustion 2 does not touch saving throws: 12 succeeds
    commands = setup(ruleset) + [{"do": "condition", "target": "pc", "add": "exhaustion", "level": 2},
                                 damage("pc", 30)] + start()
    pc = creature(run(*commands, {"do": "death_save", "id": "pc", "dice": [12]}), "pc")
    expected = {"successes": 0, "failures": 1} if ruleset == "dnd5e-2024" else {"successes": 1, "failures": 0}
    assert pc["death_saves"] == expected


# --- stabilizing ----------------------------------------------------------------------------------------------------

def medic_encounter(ruleset: str, **medic_stats) -> list:
    """pc drops to 0 in setup; the medic (party) acts first."""
    return setup(ruleset) + [
        {"do": "add", "id": "medic", "side": "party", "kind": "pc", "stats": stats(**medic_stats)},
        damage("pc", 30),
        {"do": "initiative", "id": "medic", "value": 25},
        {"do": "initiative", "id": "pc", "value": 20},
        {"do": "initiative", "id": "orc", "value": 10},
        {"do": "start"},
    ]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stabilize_with_wisdom_medicine_dc_10_seed000_stabiliser_un_personnage(run, ruleset):
    # Wis 10 (+0), not proficient: 10 >= 10 succeeds
    result = run(*medic_encounter(ruleset), {"do": "stabilize", "id": "medic", "target": "pc", "dice": [10]})
    pc = creature(result, "pc")
    assert (pc["hp"], pc["status"]) == (0, "stable")
    assert "unconscious" in pc["conditions"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_failed_stabilize_leaves_the_character_dying_seed000_stabiliser_un_personnage(run, ruleset):
    # 9 + 0 < 10
    result = run(*medic_encounter(ruleset), {"do": "stabilize", "id": "medic", "target": "pc", "dice": [9]})
    assert creature(result, "pc")["status"] == "dying"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stabilize_adds_wisdom_and_medicine_proficiency_seed000_stabiliser_un_personnage(run, ruleset):
    # Wis 14 (+2) + proficiency 2: 6 + 4 = 10 succeeds
    medic = medic_encounter(ruleset, abilities={"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 14,
                                                             "cha": 10}, skills=["medicine"])
    result = run(*medic, {"do": "stabilize", "id": "medic", "target": "pc", "dice": [6]})
    assert creature(result, "pc")["status"] == "stable"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stabilize_uses_the_action_seed000_stabiliser_un_personnage(run, ruleset):
    first = run(*medic_encounter(ruleset), {"do": "stabilize", "id": "medic", "target": "pc", "dice": [4]})
    assert creature(first, "pc")["status"] == "dying"
    again = run({"do": "stabilize", "id": "medic", "target": "pc", "dice": [15]})
    assert again.code == 2
    assert again.state["combatants"]["pc"]["status"] == "dying"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stabilize_needs_the_helper_within_1_5_m_seed000_stabiliser_un_personnage(run, ruleset):
    commands = medic_encounter(ruleset)
    commands[-1:-1] = [{"do": "place", "id": "medic", "at": [0, 0]}, {"do": "place", "id": "pc", "at": [2, 0]}]
    assert run(*commands).code == 0
    result = run({"do": "stabilize", "id": "medic", "target": "pc", "dice": [15]})
    assert result.code == 2
    assert result.state["combatants"]["pc"]["status"] == "dying"


# --- knocking a creature out ------------------------------------------------------------------------------------------

def knockout_attack(target: str = "orc", weapon: str = "sword", dice=(15, 8)) -> dict:
    return {"do": "attack", "attacker": "pc", "target": target, "with": weapon, "nonlethal": True, "dice": list(dice)}


def test_2014_a_nonlethal_melee_blow_leaves_the_creature_at_0_hp_unconscious_and_stable_seed001_assommer(run):
    orc = stats(hp=5)
    # 15 + 5 hits AC 10; 8 + 3 = 11 >= 5 HP: knocked out instead of killed
    result = run(*setup("dnd5e-2014", monster=orc), *start(), knockout_attack())
    state = creature(result, "orc")
    assert (state["hp"], state["status"]) == (0, "stable")
    assert "unconscious" in state["conditions"]


def test_2024_a_nonlethal_melee_blow_leaves_the_creature_at_1_hp_and_unconscious_seed000_mettre_hors_de_combat(run):
    orc = stats(hp=5)
    result = run(*setup("dnd5e-2024", monster=orc), *start(), knockout_attack())
    state = creature(result, "orc")
    assert (state["hp"], state["status"]) == (1, "alive")
    assert "unconscious" in state["conditions"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_nonlethal_blow_that_does_not_reach_0_is_ordinary_damage(run, ruleset):
    # 8 + 3 = 11: 30 - 11 = 19, conscious
    state = creature(run(*setup(ruleset), *start(), knockout_attack()), "orc")
    assert (state["hp"], state["status"], state["conditions"]) == (19, "alive", [])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ranged_attack_cannot_knock_out_seed000_seed001_attaque_de_corps_a_corps(run, ruleset):
    orc = stats(hp=5)
    # the bow at unknown distance: 15 + 5 hits; 6 + 2 = 8 >= 5: the monster dies
    result = run(*setup(ruleset, monster=orc), *start(), knockout_attack(weapon="bow", dice=(15, 6)))
    assert creature(result, "orc")["status"] == "dead"


def test_2024_first_aid_ends_a_knockout_seed000_mettre_hors_de_combat(run):
    orc = stats(hp=5)
    commands = setup("dnd5e-2024", monster=orc) + [
        {"do": "add", "id": "medic", "side": "party", "kind": "pc", "stats": stats()},
        {"do": "initiative", "id": "pc", "value": 20}, {"do": "initiative", "id": "medic", "value": 15},
        {"do": "initiative", "id": "orc", "value": 10}, {"do": "start"},
        knockout_attack(), {"do": "end_turn"},
        {"do": "stabilize", "id": "medic", "target": "orc", "dice": [12]},
    ]
    state = creature(run(*commands), "orc")
    assert (state["hp"], state["status"]) == (1, "alive")
    assert "unconscious" not in state["conditions"]


def test_2024_healing_ends_a_knockout_seed000_mettre_hors_de_combat(run):
    orc = stats(hp=5)
    result = run(*setup("dnd5e-2024", monster=orc), *start(), knockout_attack(), {"do": "heal", "target": "orc", "amount": 2})
    state = creature(result, "orc")
    assert (state["hp"], state["status"]) == (3, "alive")
    assert "unconscious" not in state["conditions"]


# --- bloodied (2024) ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("amount,bloodied", [(0, False), (14, False), (15, True), (29, True)])
def test_2024_bloodied_at_half_hp_or_less_seed000_points_de_vie(run, amount, bloodied):
    # max 30: 16 HP is not bloodied, 15 HP (half) is
    commands = setup("dnd5e-2024") + ([damage("orc", amount)] if amount else [])
    assert creature(run(*commands), "orc")["bloodied"] is bloodied


def test_2024_bloodied_rounds_with_odd_max_hp_seed000_points_de_vie(run):
    orc = stats(max_hp=7)
    # half of 7 is 3.5: 4 HP is more than half, 3 HP is less
    assert creature(run(*setup("dnd5e-2024", monster=orc), damage("orc", 3)), "orc")["bloodied"] is False
    assert creature(run(damage("orc", 1)), "orc")["bloodied"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_character_killed_by_three_failures_shows_them_seed000_trois_echecs(run, ruleset):
    # counters reset only on regaining HP or becoming stable (seed 000 Trois Réussites/Échecs), not on death
    result = run(*dying_pc_turn(ruleset), {"do": "death_save", "id": "pc", "dice": [5]},
                 *ROUND, {"do": "death_save", "id": "pc", "dice": [1]})
    pc = creature(result, "pc")
    assert pc["status"] == "dead"
    assert pc["death_saves"]["failures"] == 3


def test_2014_exhaustion_4_halves_the_hit_point_maximum_and_caps_current_hp_srd51_exhaustion(run):
    result = run(*setup("dnd5e-2014"), {"do": "condition", "target": "pc", "add": "exhaustion", "level": 4})
    pc = creature(result, "pc")
    # max 30 -> 15; current HP cannot exceed the maximum: 30 -> 15
    assert (pc["max_hp"], pc["hp"]) == (15, 15)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ranged_hit_from_3_m_on_a_dying_character_is_one_failure_seed000_degats_a_0_pv(run, ruleset):
    commands = setup(ruleset) + [{"do": "place", "id": "pc", "at": [0, 0]}, {"do": "place", "id": "orc", "at": [2, 0]},
                                 damage("pc", 30)] + start(pc_first=False)
    # unconscious (advantage) but prone and 3 m away (disadvantage): one d20, 12 + 5 >= AC 10 hits;
    # not within 1.5 m: no critical; 1d6+2 with 1 = 3 < max 30: one failure
    result = run(*commands, {"do": "attack", "attacker": "orc", "target": "pc", "with": "bow", "dice": [12, 1]})
    pc = creature(result, "pc")
    assert (pc["status"], pc["death_saves"]) == ("dying", {"successes": 0, "failures": 1})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_monster_killed_by_an_attack_is_dead(run, ruleset):
    orc = stats(hp=5)
    # 15 + 5 hits; 8 + 3 = 11 >= 5: a monster dies at 0 HP
    result = run(*setup(ruleset, monster=orc), *start(),
                 {"do": "attack", "attacker": "pc", "target": "orc", "with": "sword", "dice": [15, 8]})
    orc_state = creature(result, "orc")
    assert (orc_state["hp"], orc_state["status"]) == (0, "dead")
