"""Attack riders (INTERFACE.md §8 "Attack profile additions"): what an attack's SRD text says it does on a hit, after
the hit's own damage, in order. Stat blocks written by hand in the §8 shapes from the SRD 5.1 and SRD 5.2 wording
(quoted above each one); every script is played with `combatlog run`, read with `state --json`, replayed, verified,
and its last command undone and played again (riders_support.play).

Unless a test says otherwise the target is the fighter of riders_support.pc: AC 15, 60 HP, Str save +5, Con save +4.
Dice order (§8): the attack's d20(s), its damage dice, then for each rider its save d20, then its damage dice."""

import pytest

from riders_support import fight, pc, play, refused

ABILITIES = {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}


def monster(attack: dict, *, ac: int = 12, hp: int = 30, size: str = "medium", abilities: dict | None = None,
            **extra) -> dict:
    return {"ac": ac, "max_hp": hp, "speed": 9, "size": size, "proficiency_bonus": 2,
            "abilities": abilities or ABILITIES, "attacks": [attack], **extra}


def bite(dice: list, *, attack: str = "bite", **fields) -> dict:
    return {"do": "attack", "attacker": "m", "target": "hero", "with": attack, "dice": dice, **fields}


# SRD 5.1 Giant Spider, Bite: "+5 to hit, reach 5 ft., one creature. Hit: 7 (1d8 + 3) piercing damage, and the
# target must make a DC 11 Constitution saving throw, taking 9 (2d8) poison damage on a failed save, or half as much
# damage on a successful one."
GIANT_SPIDER = monster({"id": "bite", "kind": "melee", "to_hit": 5, "reach": 1.5,
                        "damage": [{"roll": "1d8+3", "type": "piercing"}],
                        "on_hit": [{"damage": [{"roll": "2d8", "type": "poison"}],
                                    "save": {"ability": "con", "dc": 11}}]},
                       ac=14, hp=26, size="large",
                       abilities={"str": 14, "dex": 16, "con": 12, "int": 2, "wis": 11, "cha": 4})


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "rolenplay"])
def test_a_giant_spider_bite_deals_its_poison_on_a_failed_constitution_save(tmp_path, capsys, ruleset):
    # d20 15 + 5 = 20 hits AC 15; 1d8 5 + 3 = 8 piercing; Con save 4 + 4 = 8 < 11 fails; 2d8 3 + 6 = 9 poison.
    played = play(tmp_path, capsys, fight(ruleset, GIANT_SPIDER) + [bite([15, 5, 4, 3, 6])])
    assert played.hp("hero") == 60 - 8 - 9
    save = played.of_type("SavingThrowRolled")[-1]
    assert (save["id"], save["ability"], save["dc"], save["total"], save["success"]) == ("hero", "con", 11, 8, False)
    hit, poison = played.of_type("DamageTaken")[-2:]
    assert (hit["total"], hit["rider"], poison["total"], poison["rider"]) == (8, 0, 9, 1)
    assert poison["parts"][0]["faces"] == [3, 6] and poison["parts"][0]["type"] == "poison"


def test_a_giant_spider_bite_deals_half_its_poison_on_a_successful_save(tmp_path, capsys):
    # Con save 10 + 4 = 14 >= 11 succeeds: 2d8 3 + 6 = 9 halved, rounded down: 4.
    played = play(tmp_path, capsys, fight("dnd5e-2014", GIANT_SPIDER) + [bite([15, 5, 10, 3, 6])])
    assert played.hp("hero") == 60 - 8 - 4
    assert played.of_type("DamageTaken")[-1]["half_on_save"] is True


def test_a_critical_bite_doubles_the_hit_s_dice_but_never_a_saved_rider_s(tmp_path, capsys):
    # Natural 20: 1d8 twice, 5 + 2, + 3 = 10; the rider has a save: its 2d8 roll once, 3 + 6 = 9 (save 1 + 4 fails).
    played = play(tmp_path, capsys, fight("dnd5e-2014", GIANT_SPIDER) + [bite([20, 5, 2, 1, 3, 6])])
    assert played.hp("hero") == 60 - 10 - 9
    hit, poison = played.of_type("DamageTaken")[-2:]
    assert (hit["critical"], poison["critical"]) == (True, False)


def test_a_missed_bite_rolls_no_rider(tmp_path, capsys):
    # 2 + 5 = 7 misses: no damage die, no save; a die left over would refuse the command.
    played = play(tmp_path, capsys, fight("dnd5e-2014", GIANT_SPIDER) + [bite([2])])
    assert played.hp("hero") == 60 and not played.of_type("SavingThrowRolled")


# SRD 5.1 Wolf, Bite: "+4 to hit ... Hit: 7 (2d4 + 2) piercing damage. If the target is a creature, it must succeed on a
# DC 11 Strength saving throw or be knocked prone."
WOLF_51 = monster({"id": "bite", "kind": "melee", "to_hit": 4, "reach": 1.5,
                   "damage": [{"roll": "2d4+2", "type": "piercing"}],
                   "on_hit": [{"condition": {"add": "prone"}, "save": {"ability": "str", "dc": 11}}]},
                  ac=13, hp=11, abilities={"str": 12, "dex": 15, "con": 12, "int": 3, "wis": 12, "cha": 6})


@pytest.mark.parametrize("face, prone", [(3, True), (6, False)])
def test_a_srd51_wolf_knocks_its_target_prone_on_a_failed_strength_save(tmp_path, capsys, face, prone):
    # 13 + 4 = 17 hits; 2d4 2 + 3 + 2 = 7; Str save face + 5: 8 fails, 11 succeeds (DC 11).
    played = play(tmp_path, capsys, fight("dnd5e-2014", WOLF_51) + [bite([13, 2, 3, face])])
    assert played.hp("hero") == 53
    assert ("prone" in played.conditions("hero")) is prone


# SRD 5.2 Wolf, Bite: "Melee Attack Roll: +4, reach 5 ft. 5 (1d6 + 2) Piercing damage. If the target is a Medium or
# smaller creature, it has the Prone condition."
WOLF_52 = monster({"id": "bite", "kind": "melee", "to_hit": 4, "reach": 1.5,
                   "damage": [{"roll": "1d6+2", "type": "piercing"}],
                   "on_hit": [{"condition": {"add": "prone"}, "size_max": "medium"}]},
                  ac=12, hp=11, abilities={"str": 14, "dex": 15, "con": 12, "int": 3, "wis": 12, "cha": 6})


@pytest.mark.parametrize("size, prone", [("medium", True), ("large", False)])
def test_a_srd52_wolf_knocks_a_medium_target_prone_without_a_save_but_not_a_large_one(tmp_path, capsys, size, prone):
    # 13 + 4 = 17 hits; 1d6 4 + 2 = 6; no save die.
    played = play(tmp_path, capsys, fight("dnd5e-2024", WOLF_52, pc_stats=pc(size=size)) + [bite([13, 4])])
    assert played.hp("hero") == 54
    assert ("prone" in played.conditions("hero")) is prone
    assert not played.of_type("SavingThrowRolled")


# SRD 5.1 Ghoul, Claws: "+4 to hit ... Hit: 7 (2d4 + 2) slashing damage. If the target is a creature other than an elf
# or undead, it must succeed on a DC 10 Constitution saving throw or be paralyzed for 1 minute. The target can repeat
# the saving throw at the end of each of its turns, ending the effect on itself on a success."
GHOUL_51 = monster({"id": "claws", "kind": "melee", "to_hit": 4, "reach": 1.5,
                    "damage": [{"roll": "2d4+2", "type": "slashing"}],
                    "on_hit": [{"condition": {"add": "paralyzed",
                                              "until": {"save": {"ability": "con", "dc": 10}}},
                                "save": {"ability": "con", "dc": 10}, "creature_types_except": ["undead"]}]},
                   hp=22, abilities={"str": 13, "dex": 15, "con": 10, "int": 7, "wis": 10, "cha": 6})


def test_a_ghoul_paralyzes_until_a_constitution_save_at_the_end_of_the_target_s_turn(tmp_path, capsys):
    # 14 + 4 = 18 hits; 2d4 1 + 2 + 2 = 5; Con save 3 + 4 = 7 < 10: paralyzed. The ghoul's turn ends; at the end of
    # the hero's turn its new save 2 + 4 = 6 fails (still paralyzed); at the end of its next one 6 + 4 = 10 succeeds.
    head = fight("dnd5e-2014", GHOUL_51) + [bite([14, 1, 2, 3], attack="claws"), {"do": "end_turn"}]
    played = play(tmp_path, capsys, head + [{"do": "end_turn", "dice": [2]}], name="still")
    assert played.hp("hero") == 55 and "paralyzed" in played.conditions("hero")
    played = play(tmp_path, capsys, head + [{"do": "end_turn", "dice": [2]}, {"do": "end_turn"},
                                            {"do": "end_turn", "dice": [6]}], name="free")
    assert "paralyzed" not in played.conditions("hero")
    repeats = [e for e in played.of_type("SavingThrowRolled") if e["id"] == "hero"]
    assert [(e["total"], e["success"]) for e in repeats] == [(7, False), (6, False), (10, True)]


def test_a_ghoul_s_claws_spare_an_undead_target_no_save_rolled(tmp_path, capsys):
    played = play(tmp_path, capsys, fight("dnd5e-2014", GHOUL_51, pc_stats=pc(creature_type="undead"))
                  + [bite([14, 1, 2], attack="claws")])
    assert played.hp("hero") == 55 and played.conditions("hero") == []
    assert not played.of_type("SavingThrowRolled")


# SRD 5.2 Ghoul, Claw: "+4, reach 5 ft. 4 (1d4 + 2) Slashing damage. If the target is a creature that isn't an Undead
# or elf, ... Constitution Saving Throw: DC 10. Failure: The target has the Paralyzed condition until the end of its
# next turn."
GHOUL_52 = monster({"id": "claw", "kind": "melee", "to_hit": 4, "reach": 1.5,
                    "damage": [{"roll": "1d4+2", "type": "slashing"}],
                    "on_hit": [{"condition": {"add": "paralyzed", "until": "end_of_turn", "of": "target"},
                                "save": {"ability": "con", "dc": 10}, "creature_types_except": ["undead"]}]},
                   hp=22, abilities={"str": 13, "dex": 15, "con": 10, "int": 7, "wis": 10, "cha": 6})


def test_a_srd52_ghoul_paralyzes_until_the_end_of_the_target_s_next_turn(tmp_path, capsys):
    # 14 + 4 = 18 hits; 1d4 3 + 2 = 5; Con save 1 + 4 = 5 fails. Paralyzed through the hero's turn, gone at its end.
    head = fight("dnd5e-2024", GHOUL_52) + [bite([14, 3, 1], attack="claw")]
    played = play(tmp_path, capsys, head + [{"do": "end_turn"}], name="during")
    assert played.hp("hero") == 55 and "paralyzed" in played.conditions("hero")
    played = play(tmp_path, capsys, head + [{"do": "end_turn"}, {"do": "end_turn"}], name="after")
    assert "paralyzed" not in played.conditions("hero")


# SRD 5.2 Lich, Paralyzing Touch: "Melee Attack Roll: +12, reach 5 ft. 15 (3d6 + 5) Cold damage, and the target has the
# Paralyzed condition until the start of the lich's next turn."
LICH_52 = monster({"id": "paralyzing-touch", "kind": "melee", "to_hit": 12, "reach": 1.5,
                   "damage": [{"roll": "3d6+5", "type": "cold"}],
                   "on_hit": [{"condition": {"add": "paralyzed", "until": "start_of_turn", "of": "self"}}]},
                  ac=20, hp=315, abilities={"str": 11, "dex": 16, "con": 16, "int": 21, "wis": 14, "cha": 16})


def test_the_lich_s_paralyzing_touch_lasts_until_the_start_of_the_lich_s_next_turn(tmp_path, capsys):
    # 10 + 12 = 22 hits; 3d6 1 + 2 + 3 + 5 = 11 cold. The hero stays paralyzed through its own turn; the lich's next
    # turn starts and the paralysis ends.
    head = fight("dnd5e-2024", LICH_52) + [bite([10, 1, 2, 3], attack="paralyzing-touch")]
    played = play(tmp_path, capsys, head + [{"do": "end_turn"}], name="held")
    assert played.hp("hero") == 49 and "paralyzed" in played.conditions("hero")
    played = play(tmp_path, capsys, head + [{"do": "end_turn"}, {"do": "end_turn"}], name="freed")
    assert "paralyzed" not in played.conditions("hero")


# SRD 5.1 Giant Crab, Claw: "+3 to hit ... Hit: 4 (1d6 + 1) bludgeoning damage, and the target is grappled (escape DC
# 11)."
GIANT_CRAB = monster({"id": "claw", "kind": "melee", "to_hit": 3, "reach": 1.5,
                      "damage": [{"roll": "1d6+1", "type": "bludgeoning"}],
                      "on_hit": [{"grapple": {"escape_dc": 11}}]},
                     ac=15, hp=13, abilities={"str": 13, "dex": 15, "con": 11, "int": 1, "wis": 9, "cha": 3})


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "dnd5e-2024"])
@pytest.mark.parametrize("face, free", [(8, True), (7, False)])
def test_a_giant_crab_grapples_and_the_target_escapes_against_dc_11(tmp_path, capsys, ruleset, face, free):
    # 14 + 3 = 17 hits; 1d6 4 + 1 = 5; grappled by the crab. On its turn the hero's Strength (Athletics) check
    # against the escape DC: face + 3, 11 escapes, 10 does not.
    head = fight(ruleset, GIANT_CRAB) + [bite([14, 4], attack="claw"), {"do": "end_turn"}]
    played = play(tmp_path, capsys, head + [{"do": "escape", "id": "hero", "skill": "athletics", "dice": [face]}])
    assert played.hp("hero") == 55
    assert ("grappled" in played.conditions("hero")) is not free
    check = played.of_type("CheckRolled")[-1]
    assert (check["total"], check.get("dc")) == (face + 3, 11)


# SRD 5.2 Goblin Warrior, Scimitar: "Melee Attack Roll: +4, reach 5 ft. 5 (1d6 + 2) Slashing damage, plus 2 (1d4)
# Slashing damage if the attack roll had Advantage."
GOBLIN_WARRIOR = monster({"id": "scimitar", "kind": "melee", "to_hit": 4, "reach": 1.5,
                          "damage": [{"roll": "1d6+2", "type": "slashing"}],
                          "on_hit": [{"damage": [{"roll": "1d4", "type": "slashing"}], "if": "advantage"}]},
                         ac=15, hp=10, size="small",
                         abilities={"str": 8, "dex": 15, "con": 10, "int": 10, "wis": 8, "cha": 8})


def test_a_goblin_warrior_adds_1d4_when_its_attack_roll_had_advantage(tmp_path, capsys):
    # Advantage: 3 and 15, 15 + 4 = 19 hits; 1d6 4 + 2 = 6; then the rider's 1d4 3: 9 in all.
    played = play(tmp_path, capsys, fight("dnd5e-2024", GOBLIN_WARRIOR)
                  + [bite([3, 15, 4, 3], attack="scimitar", advantage=True)])
    assert played.hp("hero") == 60 - 6 - 3


def test_a_goblin_warrior_without_advantage_deals_its_plain_damage(tmp_path, capsys):
    played = play(tmp_path, capsys, fight("dnd5e-2024", GOBLIN_WARRIOR) + [bite([15, 4], attack="scimitar")])
    assert played.hp("hero") == 54


def test_a_critical_hit_doubles_a_rider_without_a_save(tmp_path, capsys):
    # Advantage, 2 and 20: critical. 1d6 twice 4 + 1, + 2 = 7; the rider has no save: 1d4 twice, 3 + 2 = 5.
    played = play(tmp_path, capsys, fight("dnd5e-2024", GOBLIN_WARRIOR)
                  + [bite([2, 20, 4, 1, 3, 2], attack="scimitar", advantage=True)])
    assert played.hp("hero") == 60 - 7 - 5
    rider = played.of_type("DamageTaken")[-1]
    assert (rider["critical"], rider["rider"], rider["parts"][0]["faces"]) == (True, 1, [3, 2])


# SRD 5.1 Azer, Warhammer: "+5 to hit ... Hit: 7 (1d8 + 3) bludgeoning damage, or 8 (1d10 + 3) bludgeoning damage if
# used with two hands to make a melee attack, plus 3 (1d6) fire damage."
AZER = monster({"id": "warhammer", "kind": "melee", "to_hit": 5, "reach": 1.5,
                "damage": [{"roll": "1d8+3", "type": "bludgeoning"}, {"roll": "1d6", "type": "fire"}],
                "versatile": [{"roll": "1d10+3", "type": "bludgeoning"}]},
               ac=17, hp=39, abilities={"str": 17, "dex": 12, "con": 15, "int": 12, "wis": 13, "cha": 10})


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "rolenplay"])
@pytest.mark.parametrize("two_handed, face, hp", [(False, 7, 60 - 10 - 4), (True, 9, 60 - 12 - 4)])
def test_the_azer_s_warhammer_adds_its_fire_whichever_grip(tmp_path, capsys, ruleset, two_handed, face, hp):
    # 12 + 5 = 17 hits; one hand 1d8 7 + 3 = 10, two hands 1d10 9 + 3 = 12; then 1d6 4 fire either way.
    played = play(tmp_path, capsys, fight(ruleset, AZER)
                  + [bite([12, face, 4], attack="warhammer", **({"two_handed": True} if two_handed else {}))])
    assert played.hp("hero") == hp
    parts = played.of_type("DamageTaken")[-1]["parts"]
    assert [(p["roll"], p["type"]) for p in parts] == [("1d10+3" if two_handed else "1d8+3", "bludgeoning"),
                                                        ("1d6", "fire")]


def test_two_hands_on_a_weapon_that_is_not_versatile_is_refused(tmp_path, capsys):
    refused(tmp_path, capsys, fight("dnd5e-2014", WOLF_51) + [bite([13, 2, 3, 3], two_handed=True)],
            "not versatile")


@pytest.mark.parametrize("rider, fragments", [
    ({"condition": {"add": "sleepy"}}, ("attacks[0].on_hit[0].condition.add", "sleepy", "prone")),
    ({"damage": [{"roll": "1d4", "type": "slashing"}], "if": "flanking"}, ("on_hit[0].if", "flanking", "advantage")),
    ({"condition": {"add": "prone"}, "size_max": "big"}, ("on_hit[0].size_max", "big", "medium")),
    ({"condition": {"add": "prone"}, "creature_types_except": ["elf"]},
     ("creature_types_except", "elf", "undead")),
    ({"damage": [{"roll": "2d8", "type": "poison"}], "save": {"ability": "luck", "dc": 11}},
     ("on_hit[0].save.ability", "luck", "con")),
    ({"condition": {"add": "paralyzed", "until": "forever"}}, ("on_hit[0].condition.until", "forever")),
    ({"damage": [{"roll": "1d4", "type": "slashing"}], "condition": {"add": "prone"}}, ("on_hit[0]",)),
])
def test_a_rider_with_an_unknown_word_is_refused_naming_the_field_and_the_words_allowed(tmp_path, capsys, rider,
                                                                                        fragments):
    attack = {"id": "bite", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d6", "type": "piercing"}],
              "on_hit": [rider]}
    commands = fight("dnd5e-2014", WOLF_51)[:1] + [
        {"do": "add", "id": "m", "side": "monsters", "kind": "monster", "stats": monster(attack)}]
    refused(tmp_path, capsys, commands, *fragments)
