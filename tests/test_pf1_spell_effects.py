"""pf1 spells that change the numbers (issue 21): named effects with typed bonuses and a duration, healing and
damage "+ 1 per caster level (maximum +N)", Magic Missile's missiles, Shield negating them, and library spells the
engine cannot run refused by name. Rules: PRD Bless, Bane, Shield, Mage Armor, Haste, Cure/Inflict Light Wounds,
Magic Missile; PRD Combat "Bonus Types" (stacking); seed 004 DEF (AC), Sauvegarde (saves), BBA (attack bonus).

The casters name library spells by id (compendium/data/pf1-spells.json), as an outside script would.
- Cleo, a 3rd-level cleric: Wis 16 (+3), BAB 2; spell DC 10 + level + 3.
- Mira, a 5th-level wizard: Int 18 (+4), Dex 14 (+2), no armour: AC 12, touch 12, flat-footed 10; Ref 1 + 2 = 3.
- Aria (tests/pf1_support.py): AC 21 (6 armour, 2 shield, 2 Dex, 1 dodge), touch 13, flat-footed 18; longsword
  +6 (BAB 3 + Str 3), 1d8 + 3; Ref 1 + 2 = 3.
- Goblins: AC 16, Will -1 + Wis -1 = -2, shortsword +2 (BAB 1 + Str 0 + size 1), here with 30 HP."""

import pytest

import combatlog
from combatlog.core.rulesets.spellbook import SpellMissiles
from tests.pf1_support import ARIA, GOBLIN, stats

CLEO = {"max_hp": 18, "speed": 6, "bab": 2,
        "abilities": {"str": 10, "dex": 10, "con": 12, "int": 10, "wis": 16, "cha": 12},
        "ac": {"armor": 4}, "saves": {"fort": 3, "ref": 1, "will": 3},
        "spellcasting": {"caster_level": 3, "ability": "wis", "per_day": {"0": 4, "1": 3, "2": 2},
                         "spells": ["bless", "bane", "cure-light-wounds", "inflict-light-wounds", "resistance",
                                    "spiritual-weapon"]}}
MIRA = {"max_hp": 20, "speed": 9, "bab": 2,
        "abilities": {"str": 8, "dex": 14, "con": 12, "int": 18, "wis": 10, "cha": 10},
        "ac": {}, "saves": {"fort": 1, "ref": 1, "will": 4},
        "spellcasting": {"caster_level": 5, "ability": "int", "per_day": {"0": 4, "1": 4, "2": 2, "3": 1},
                         "spells": ["shield", "mage-armor", "magic-missile", "haste", "invisibility"]}}


def with_level(block: dict, level: int) -> dict:
    return stats(block, spellcasting={**block["spellcasting"], "caster_level": level})


def encounter(tmp_path, *extra):
    enc = combatlog.open_log(str(tmp_path / "pf1.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": "pf1", "seed": 5})
    enc.execute({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": ARIA, "at": [0, 0]})
    enc.execute({"do": "add", "id": "cleo", "name": "Cleo", "side": "party", "kind": "pc", "stats": CLEO, "at": [0, 1]})
    enc.execute({"do": "add", "id": "mira", "name": "Mira", "side": "party", "kind": "pc", "stats": MIRA, "at": [0, 2]})
    for gob, at in (("gob", [1, 0]), ("gob2", [8, 8])):
        enc.execute({"do": "add", "id": gob, "side": "monsters", "kind": "monster", "stats": stats(GOBLIN, max_hp=30),
                     "at": at})
    for command in extra:
        enc.execute(command)
    return enc


def events(enc, kind):
    return [e["body"]["event"] for e in enc.events() if e["body"]["event"]["type"] == kind]


def refused(enc, command, *fragments):
    seq = enc.state()["seq"]
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute(command)
    for fragment in fragments:
        assert fragment in str(caught.value)
    assert caught.value.localized("fr") != str(caught.value)
    assert enc.state()["seq"] == seq


def who(enc, cid):
    return enc.state()["combatants"][cid]


def start(enc, order=("aria", "cleo", "mira", "gob", "gob2")):
    for value, cid in zip(range(20, 0, -3), order, strict=False):
        enc.execute({"do": "initiative", "id": cid, "value": value})
    enc.execute({"do": "start"})


def test_bless_adds_a_plus_1_morale_bonus_to_each_allys_attack_rolls(tmp_path):
    """PRD Bless: +1 morale on attack rolls. Aria's d20 9 + 6 = 15 misses the goblin's AC 16; blessed, 9 + 6 + 1 =
    16 hits: 1d8 [5] + 3 = 8, the goblin 30 → 22."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "cleo", "spell": "bless", "targets": ["aria", "cleo"]})
    assert "bless" in who(enc, "aria")["effects"] and "bless" in who(enc, "cleo")["effects"]
    assert who(enc, "cleo")["spells_per_day"]["1"] == {"max": 3, "left": 2}
    start(enc)
    enc.execute({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [9, 5]})
    (rolled,) = events(enc, "Pf1AttackRolled")
    assert {"label": "bless", "value": 1} in rolled["modifiers"]
    assert (rolled["total"], rolled["hit"]) == (16, True)
    assert who(enc, "gob")["hp"] == 22
    enc.verify()


def test_two_bless_spells_on_one_ally_count_once(tmp_path):
    """PRD Combat "Bonus Types": two morale bonuses do not stack; the same spell twice is one effect: still +1."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "cleo", "spell": "bless", "targets": ["aria"]})
    enc.execute({"do": "cast", "caster": "cleo", "spell": "bless", "targets": ["aria"]})
    assert who(enc, "aria")["effects"] == ["bless"]
    start(enc)
    enc.execute({"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [9, 5]})
    (rolled,) = events(enc, "Pf1AttackRolled")
    assert [m for m in rolled["modifiers"] if m["label"] == "bless"] == [{"label": "bless", "value": 1}]
    assert rolled["total"] == 16


def test_bane_lands_on_a_failed_will_save_and_takes_1_from_attack_rolls(tmp_path):
    """PRD Bane, Will negates: DC 10 + 1 + Wis 3 = 14. gob: 10 - 2 = 8 fails; gob2: 17 - 2 = 15 saves. The baned
    goblin's shortsword: d20 12 + 2 - 1 = 13 against Aria's AC 21."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "cleo", "spell": "bane", "targets": ["gob", "gob2"], "dice": [10, 17]})
    assert "bane" in who(enc, "gob")["effects"] and "bane" not in who(enc, "gob2")["effects"]
    saves = events(enc, "Pf1SaveRolled")
    assert [(s["id"], s["dc"], s["success"]) for s in saves] == [("gob", 14, False), ("gob2", 14, True)]
    start(enc, order=("gob", "aria", "cleo", "mira", "gob2"))
    enc.execute({"do": "attack", "attacker": "gob", "target": "aria", "with": "shortsword", "dice": [12]})
    (rolled,) = events(enc, "Pf1AttackRolled")
    assert {"label": "bane", "value": -1} in rolled["modifiers"] and rolled["total"] == 13


def test_shield_and_mage_armor_raise_the_casters_ac_but_not_its_touch_ac(tmp_path):
    """PRD Shield +4 shield, Mage Armor +4 armour: neither counts against touch attacks (seed 004 DEF). Mira: AC 12
    → 16 → 20; touch 12; flat-footed 10 → 18."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "shield"})
    mira = who(enc, "mira")
    assert (mira["ac"], mira["touch_ac"], mira["flat_footed_ac"]) == (16, 12, 14)
    enc.execute({"do": "cast", "caster": "mira", "spell": "mage-armor", "targets": ["mira"]})
    mira = who(enc, "mira")
    assert (mira["ac"], mira["touch_ac"], mira["flat_footed_ac"]) == (20, 12, 18)
    assert mira["effects"] == ["mage-armor", "shield"]


def test_mage_armor_adds_nothing_over_a_better_armour_bonus(tmp_path):
    """PRD Combat "Bonus Types": armour bonuses do not stack, the larger counts: Aria's armour 6 beats Mage Armor's 4,
    her AC stays 21."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "mage-armor", "targets": ["aria"]})
    assert "mage-armor" in who(enc, "aria")["effects"] and who(enc, "aria")["ac"] == 21


def test_haste_gives_1_to_attacks_1_dodge_to_ac_and_reflex_and_ends_after_a_round_per_level(tmp_path):
    """PRD Haste: +1 on attack rolls, +1 dodge to AC and Reflex saves; 1 round/level: Mira at caster level 5 casts it
    in round 1, it ends as her turn of round 6 starts. Aria: AC 21 → 22, touch 13 → 14, flat-footed 18 (a dodge
    bonus is lost flat-footed), Ref 3 → 4."""
    enc = encounter(tmp_path)
    start(enc, order=("mira", "aria", "cleo", "gob", "gob2"))
    enc.execute({"do": "cast", "caster": "mira", "spell": "haste", "targets": ["aria"]})
    aria = who(enc, "aria")
    assert (aria["ac"], aria["touch_ac"], aria["flat_footed_ac"], aria["saves"]["ref"]) == (22, 14, 18, 4)
    for _ in range(4 * 5 + 4):  # to gob2's turn of round 5
        enc.execute({"do": "end_turn"})
    assert enc.state()["round"] == 5 and "haste" in who(enc, "aria")["effects"]
    enc.execute({"do": "end_turn"})
    state = enc.state()
    assert (state["round"], state["turn"]) == (6, "mira")
    assert "haste" not in who(enc, "aria")["effects"] and who(enc, "aria")["ac"] == 21
    enc.verify()


def test_the_dm_dismisses_an_effect_and_a_second_dismiss_is_refused(tmp_path):
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "shield"})
    enc.execute({"do": "dismiss", "effect": "shield", "target": "mira"})
    assert who(enc, "mira")["effects"] == [] and who(enc, "mira")["ac"] == 12
    refused(enc, {"do": "dismiss", "effect": "shield", "target": "mira"}, "shield", "mira")


def test_undo_of_a_cast_gives_back_the_ac_and_the_spell_of_the_day(tmp_path):
    enc = encounter(tmp_path)
    before = {k: v for k, v in enc.state().items() if k != "seq"}
    enc.execute({"do": "cast", "caster": "mira", "spell": "shield"})
    assert who(enc, "mira")["ac"] == 16
    enc.undo()
    assert {k: v for k, v in enc.state().items() if k != "seq"} == before
    enc.redo()
    assert who(enc, "mira")["ac"] == 16
    enc.verify()


def test_cure_light_wounds_heals_1d8_plus_caster_level_at_most_5(tmp_path):
    """PRD Cure Light Wounds: 1d8 + 1 per caster level (maximum +5). Cleo (CL 3): 4 + 3 = 7, Aria 22 - 10 = 12 → 19.
    A 9th-level cleric: 8 + 5 (not 9) = 13, Aria 19 - 10 = 9 → 22."""
    enc = encounter(tmp_path)
    enc.execute({"do": "damage", "target": "aria", "amount": 10, "type": "slashing"})
    enc.execute({"do": "cast", "caster": "cleo", "spell": "cure-light-wounds", "targets": ["aria"], "dice": [4]})
    assert who(enc, "aria")["hp"] == 19
    enc.execute({"do": "add", "id": "elder", "side": "party", "kind": "pc", "stats": with_level(CLEO, 9)})
    enc.execute({"do": "damage", "target": "aria", "amount": 10, "type": "slashing"})
    enc.execute({"do": "cast", "caster": "elder", "spell": "cure-light-wounds", "targets": ["aria"], "dice": [8]})
    assert events(enc, "Pf1Healed")[-1]["amount"] == 13 and who(enc, "aria")["hp"] == 22


def test_inflict_light_wounds_deals_1d8_plus_caster_level_half_on_a_will_save(tmp_path):
    """PRD Inflict Light Wounds: 1d8 + 1 per caster level (max +5), Will half; DC 10 + 1 + 3 = 14. gob 5 - 2 = 3
    fails: 6 + 3 = 9, 30 → 21; gob2 17 - 2 = 15 saves: 9 // 2 = 4, 30 → 26."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "cleo", "spell": "inflict-light-wounds", "targets": ["gob", "gob2"],
                 "dice": [5, 17, 6]})
    assert (who(enc, "gob")["hp"], who(enc, "gob2")["hp"]) == (21, 26)


def test_magic_missile_has_one_missile_and_one_more_per_two_levels_beyond_first_at_most_5():
    """PRD Magic Missile: two at 3rd level, three at 5th, four at 7th, five at 9th or higher."""
    missiles = SpellMissiles()
    assert [missiles.count(level) for level in (1, 2, 3, 4, 5, 7, 9, 12)] == [1, 1, 2, 2, 3, 4, 5, 5]


def test_magic_missiles_split_among_targets_each_with_its_own_1d4_plus_1(tmp_path):
    """Mira (CL 5) has 3 missiles: gob, gob, gob2: [2] + 1 = 3 and [3] + 1 = 4 to gob (30 → 23), [4] + 1 = 5 to
    gob2 (30 → 25). One name takes them all: [1, 1, 1] → 2 + 2 + 2 = 6. Two names for three missiles: refused."""
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "mira", "spell": "magic-missile", "targets": ["gob", "gob2"]}, "3")
    enc.execute({"do": "cast", "caster": "mira", "spell": "magic-missile", "targets": ["gob", "gob", "gob2"],
                 "dice": [2, 3, 4]})
    assert (who(enc, "gob")["hp"], who(enc, "gob2")["hp"]) == (23, 25)
    (cast,) = events(enc, "SpellCast")
    assert cast["targets"] == ["gob", "gob", "gob2"]
    enc.execute({"do": "cast", "caster": "mira", "spell": "magic-missile", "targets": ["gob2"], "dice": [1, 1, 1]})
    assert who(enc, "gob2")["hp"] == 19
    enc.verify()


def test_shield_negates_the_magic_missiles_aimed_at_its_caster(tmp_path):
    """PRD Shield: "It negates magic missile attacks directed at you." Zed, a 3rd-level wizard, has 2 missiles: the
    one at shielded Mira rolls no dice and deals nothing; the one at Aria: [3] + 1 = 4, 22 → 18."""
    enc = encounter(tmp_path, {"do": "add", "id": "zed", "side": "monsters", "kind": "monster",
                               "stats": with_level(MIRA, 3)})
    enc.execute({"do": "cast", "caster": "mira", "spell": "shield"})
    enc.execute({"do": "cast", "caster": "zed", "spell": "magic-missile", "targets": ["mira", "aria"], "dice": [3]})
    assert (who(enc, "mira")["hp"], who(enc, "aria")["hp"]) == (20, 18)


def test_library_spells_the_engine_cannot_run_are_refused_by_name_and_spend_nothing(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "cleo", "spell": "spiritual-weapon", "targets": ["gob"]},
            "Spiritual Weapon", "not modelled")  # issue 23: the library's name, not the id
    refused(enc, {"do": "cast", "caster": "mira", "spell": "invisibility", "targets": ["mira"]}, "Invisibility")
    assert who(enc, "cleo")["spells_per_day"]["2"]["left"] == 2 and who(enc, "mira")["spells_per_day"]["2"]["left"] == 2


def test_a_pf1_effect_with_5e_keys_or_an_unknown_duration_is_refused(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "mira", "spell": {"id": "ward", "level": 1, "effect": {"id": "ward",
                                                                                                    "ac_bonus": 2}}},
            "ward", "bonuses")
    refused(enc, {"do": "cast", "caster": "mira", "spell": {"id": "ward", "level": 1, "effect": {
        "id": "ward", "until": {"days": 1}, "bonuses": [{"to": "ac", "value": 1}]}}}, "ward", "days")
    refused(enc, {"do": "cast", "caster": "mira", "spell": {"id": "ward", "level": 1, "effect": {
        "id": "ward", "bonuses": [{"to": "cmb", "value": 1}]}}}, "ward", "cmb")


def test_a_long_rest_gives_back_the_days_spells_and_1_hp_per_level_and_ends_short_effects(tmp_path):
    """PRD Natural Healing: a night's rest heals 1 HP per character level: Cleo (caster level 3, no `level`) 18 - 10 =
    8 → 11; Aria with `level` 4 heals 4: 22 - 10 = 12 → 16. PRD Preparing Spells: the day's spells come back. Bless
    (3 minutes = 30 rounds) ends in the night (8 hours = 4800 rounds). The goblin, not a PC, is not named: 20."""
    enc = combatlog.open_log(str(tmp_path / "pf1.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": "pf1", "seed": 5})
    enc.execute({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": stats(ARIA, level=4)})
    enc.execute({"do": "add", "id": "cleo", "side": "party", "kind": "pc", "stats": CLEO})
    enc.execute({"do": "add", "id": "gob", "side": "monsters", "kind": "monster", "stats": stats(GOBLIN, max_hp=30)})
    enc.execute({"do": "cast", "caster": "cleo", "spell": "bless", "targets": ["aria"]})
    for cid in ("aria", "cleo", "gob"):
        enc.execute({"do": "damage", "target": cid, "amount": 10, "type": "slashing"})
    refused(enc, {"do": "rest", "kind": "short"}, "short")
    enc.execute({"do": "rest", "kind": "long"})
    state = enc.state()["combatants"]
    assert (state["aria"]["hp"], state["cleo"]["hp"], state["gob"]["hp"]) == (16, 11, 20)
    assert state["cleo"]["spells_per_day"]["1"] == {"max": 3, "left": 3}
    assert state["aria"]["effects"] == []
    enc.undo()
    assert enc.state()["combatants"]["cleo"]["spells_per_day"]["1"]["left"] == 2
    enc.verify()


def test_rest_is_refused_during_the_fight(tmp_path):
    enc = encounter(tmp_path)
    start(enc)
    refused(enc, {"do": "rest", "kind": "long"}, "rest")


def test_haste_gives_one_extra_attack_at_the_full_bonus_in_a_full_attack(tmp_path):
    """PRD Haste: "one extra attack ... using the creature's full base attack bonus". Aria (BAB 3: one attack) makes
    two, both at +6 + 1 (haste): d20 10 → 17 and 9 → 16 hit AC 16: 1d8 [4] + 3 = 7 and [2] + 3 = 5, 30 → 18.
    Without haste her full attack is one attack."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "haste", "targets": ["aria"]})
    start(enc)
    enc.execute({"do": "full_attack", "attacker": "aria", "with": "longsword", "target": "gob", "dice": [10, 4, 9, 2]})
    rolled = events(enc, "Pf1AttackRolled")
    assert [(r["total"], r["hit"]) for r in rolled] == [(17, True), (16, True)]
    assert all({"label": "haste", "value": 1} in r["modifiers"] for r in rolled)
    assert who(enc, "gob")["hp"] == 18
    enc.execute({"do": "dismiss", "effect": "haste"})
    for _ in range(5):
        enc.execute({"do": "end_turn"})
    enc.execute({"do": "full_attack", "attacker": "aria", "with": "longsword", "target": "gob", "dice": [10, 4]})
    assert len(events(enc, "Pf1AttackRolled")) == 3
