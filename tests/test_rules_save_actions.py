"""Save actions as attacks (INTERFACE.md §8 "Save actions", §7 limited uses): a breath weapon, or any "each creature in
the area makes a save" action, is an attack of the stat block with `save` (and `area`, `uses`, `recharge`), run by
`{"do": "attack", "attacker": ID, "targets": [...], "with": ...}`: every target's save in `targets` order, then one
damage roll for all, half on a success. Stat blocks written by hand from the SRD 5.1 / 5.2 wording; each script is
played with `combatlog run`, read with `state --json`, replayed, verified, and its last command undone and played
again (riders_support.play). The fighters of riders_support.pc have Dex save +2 and Wis save +0, 60 HP."""

import pytest

from riders_support import fight, pc, play, refused

DRAGON_ABILITIES = {"str": 23, "dex": 10, "con": 21, "int": 14, "wis": 11, "cha": 19}

# SRD 5.1 Young Red Dragon (AC 18, 178 HP; saves Dex, Con, Wis, Cha; proficiency +4). "Fire Breath (Recharge 5–6).
# The dragon exhales fire in a 30-foot cone. Each creature in that area must make a DC 17 Dexterity saving throw,
# taking 56 (16d6) fire damage on a failed save, or half as much damage on a successful one." SRD 5.2 says the same:
# "Dexterity Saving Throw: DC 17, each creature in a 30-foot Cone. Failure: 56 (16d6) Fire damage. Success: Half
# damage."
YOUNG_RED_DRAGON = {
    "ac": 18, "max_hp": 178, "speed": 12, "size": "large", "proficiency_bonus": 4, "abilities": DRAGON_ABILITIES,
    "saves": ["dex", "con", "wis", "cha"], "immunities": ["fire"],
    "attacks": [
        {"id": "bite", "kind": "melee", "to_hit": 10, "reach": 3,
         "damage": [{"roll": "2d10+6", "type": "piercing"}, {"roll": "1d6", "type": "fire"}]},
        {"id": "fire-breath", "save": {"ability": "dex", "dc": 17}, "area": {"shape": "cone", "length": 9},
         "damage": [{"roll": "16d6", "type": "fire"}], "uses": "fire-breath"},
    ],
    "uses": [{"id": "fire-breath", "max": 1, "recharge": 5}],
}
THREE = ("aria", "bruno", "cid")
CID = ({"do": "add", "id": "cid", "name": "Cid", "side": "party", "kind": "pc", "stats": pc(resistances=["fire"])},)


def breath(targets, dice, **fields) -> dict:
    return {"do": "attack", "attacker": "m", "targets": list(targets), "with": "fire-breath", "dice": dice, **fields}


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "dnd5e-2024", "rolenplay"])
def test_a_young_red_dragon_breathes_fire_on_three_targets_saves_first_then_one_roll(tmp_path, capsys, ruleset):
    # Saves in targets order: aria 3 + 2 = 5 fails, bruno 15 + 2 = 17 succeeds, cid 4 + 2 = 6 fails. Then one 16d6
    # for all, every die a 3: 48. aria takes 48 (60 -> 12), bruno half, 24 (-> 36), cid resists fire: 24 (-> 36).
    played = play(tmp_path, capsys, fight(ruleset, YOUNG_RED_DRAGON, pcs=("aria", "bruno"), others=CID)
                  + [breath(THREE, [3, 15, 4] + [3] * 16)])
    assert [played.hp(cid) for cid in THREE] == [12, 36, 36]
    saves = played.of_type("SavingThrowRolled")
    assert [(s["id"], s["dc"], s["total"], s["success"]) for s in saves] == [
        ("aria", 17, 5, False), ("bruno", 17, 17, True), ("cid", 17, 6, False)]
    damage = played.of_type("DamageTaken")
    assert [(d["target"], d["total"], d["half_on_save"]) for d in damage] == [
        ("aria", 48, False), ("bruno", 24, True), ("cid", 24, False)]
    assert len({tuple(d["parts"][0]["faces"]) for d in damage}) == 1  # one roll shared by all
    assert played.state["combatants"]["m"]["uses"] == {"fire-breath": {"max": 1, "left": 0}}


def test_a_spent_breath_is_refused_until_it_recharges_and_nothing_is_appended(tmp_path, capsys):
    head = fight("dnd5e-2014", YOUNG_RED_DRAGON, pcs=("aria",)) + [breath(["aria"], [19] + [1] * 16)]
    refused(tmp_path, capsys, head + [breath(["aria"], [19] + [1] * 16)], "fire-breath")


@pytest.mark.parametrize("face, left", [(4, 0), (5, 1)])
def test_the_breath_recharges_on_a_d6_of_5_or_6_at_the_start_of_the_dragon_s_turn(tmp_path, capsys, face, left):
    # aria 19 + 2 = 21 succeeds: 16 ones = 16, half 8 (60 -> 52). Round 2 starts with the dragon's turn: d6 `face`.
    commands = fight("dnd5e-2014", YOUNG_RED_DRAGON, pcs=("aria",)) + [
        breath(["aria"], [19] + [1] * 16), {"do": "end_turn"}, {"do": "end_turn", "dice": [face]}]
    played = play(tmp_path, capsys, commands)
    assert played.hp("aria") == 52
    assert played.state["combatants"]["m"]["uses"]["fire-breath"]["left"] == left
    assert played.of_type("RechargeRolled")[-1]["faces"] == [face]


def test_the_breath_is_refused_with_no_targets_and_its_save_attack_with_a_target_roll(tmp_path, capsys):
    refused(tmp_path, capsys, fight("dnd5e-2014", YOUNG_RED_DRAGON, pcs=("aria",)) + [breath([], [3])],
            "needs its targets")


# SRD 5.1 Adult Red Dragon, "Frightful Presence. Each creature of the dragon's choice that is within 120 feet of the
# dragon and aware of it must succeed on a DC 19 Wisdom saving throw or become frightened for 1 minute. A creature can
# repeat the saving throw at the end of each of its turns, ending the effect on itself on a success." A save action
# without damage: its `on_hit` condition befalls each target that failed.
FRIGHTFUL = {"id": "frightful-presence", "save": {"ability": "wis", "dc": 19},
             "area": {"shape": "sphere", "radius": 36},
             "on_hit": [{"condition": {"add": "frightened", "until": {"save": {"ability": "wis", "dc": 19}}}}]}


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "rolenplay"])
def test_frightful_presence_frightens_each_target_that_fails_its_wisdom_save(tmp_path, capsys, ruleset):
    # aria 10 + 0 = 10 < 19 fails: frightened; bruno 19 + 0 = 19 succeeds. At the end of aria's turn: 19, free.
    dragon = {**YOUNG_RED_DRAGON, "attacks": YOUNG_RED_DRAGON["attacks"] + [FRIGHTFUL]}
    head = fight(ruleset, dragon, pcs=("aria", "bruno")) + [
        {"do": "attack", "attacker": "m", "targets": ["aria", "bruno"], "with": "frightful-presence", "dice": [10, 19]}]
    played = play(tmp_path, capsys, head, name="afraid")
    assert played.conditions("aria") == ["frightened"] and played.conditions("bruno") == []
    assert not played.of_type("DamageTaken")
    played = play(tmp_path, capsys, head + [{"do": "end_turn"}, {"do": "end_turn", "dice": [19]}], name="brave")
    assert played.conditions("aria") == []


# SRD 5.1 Solar, "Searing Burst (Costs 2 Actions). The solar emits magical, divine energy. Each creature of its choice
# in a 10-foot radius must make a DC 23 Dexterity saving throw, taking 14 (4d6) fire damage plus 14 (4d6) radiant
# damage on a failed save, or half as much damage on a successful one." Two damage parts, rolled once for all.
SOLAR = {"ac": 21, "max_hp": 243, "speed": 15, "size": "large", "proficiency_bonus": 6,
         "abilities": {"str": 26, "dex": 22, "con": 26, "int": 25, "wis": 25, "cha": 30},
         "attacks": [{"id": "searing-burst", "save": {"ability": "dex", "dc": 23},
                      "area": {"shape": "sphere", "radius": 3},
                      "damage": [{"roll": "4d6", "type": "fire"}, {"roll": "4d6", "type": "radiant"}]}]}


def test_a_save_action_with_two_damage_parts_rolls_each_once_for_all_its_targets(tmp_path, capsys):
    # Both fighters proficient in Dex saves here: +4. aria 10 + 4 = 14 fails, bruno 19 + 4 = 23 succeeds.
    # Fire 1 + 2 + 3 + 4 = 10, radiant 6 + 6 + 6 + 6 = 24: aria takes 34 (60 -> 26); bruno half of each part,
    # 5 + 12 = 17 (-> 43).
    played = play(tmp_path, capsys, fight("dnd5e-2014", SOLAR, pcs=("aria", "bruno"), pc_stats=pc(saves=["dex"])) + [
        {"do": "attack", "attacker": "m", "targets": ["aria", "bruno"], "with": "searing-burst",
         "dice": [10, 19, 1, 2, 3, 4, 6, 6, 6, 6]}])
    assert (played.hp("aria"), played.hp("bruno")) == (26, 43)
    assert [p["type"] for p in played.of_type("DamageTaken")[0]["parts"]] == ["fire", "radiant"]


def test_a_save_action_with_neither_damage_nor_conditions_is_refused_in_add(tmp_path, capsys):
    empty = {**SOLAR, "attacks": [{"id": "glare", "save": {"ability": "wis", "dc": 10}}]}
    refused(tmp_path, capsys, fight("dnd5e-2014", empty)[:1] + [
        {"do": "add", "id": "m", "side": "monsters", "kind": "monster", "stats": empty}], "glare")
