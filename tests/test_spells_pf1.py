"""pf1 `cast` (INTERFACE.md §7 "Other rulesets"): spells per day by level, level 0 not expended, the DC 10 + spell
level + ability modifier, casting defensively, the attack of opportunity and its concentration check, touch
attacks, one damage roll with half on a save, undo.

Mira, a 5th-level wizard: Int 18 (+4), BAB 2, Dex 14 (+2); concentration 5 + 4 = 9 (§7 default). Goblins: Dex 15
(+2), Ref 0 → Ref save +2, touch AC 13 (tests/pf1_support.py), here with 30 HP."""

import pytest

import combatlog
from tests.pf1_support import GOBLIN, stats

FIREBALL = {"id": "fireball", "level": 3, "casting_time": "standard", "save": {"ability": "ref", "half": True},
            "damage": [{"roll": "5d6", "type": "fire"}]}
BURNING_HANDS = {"id": "burning-hands", "level": 1, "casting_time": "standard",
                 "save": {"ability": "ref", "half": True}, "damage": [{"roll": "5d4", "type": "fire"}]}
RAY_OF_FROST = {"id": "ray-of-frost", "level": 0, "casting_time": "standard", "attack": "ranged",
                "damage": [{"roll": "1d3", "type": "cold"}]}
HOLD_PERSON = {"id": "hold-person", "level": 2, "casting_time": "standard", "targets": 1,
               "save": {"ability": "will"}, "condition": {"add": "paralyzed"}}
MIRA = {"max_hp": 20, "speed": 9, "bab": 2,
        "abilities": {"str": 8, "dex": 14, "con": 12, "int": 18, "wis": 10, "cha": 10},
        "ac": {}, "saves": {"fort": 1, "ref": 1, "will": 4},
        "spellcasting": {"caster_level": 5, "ability": "int", "per_day": {"0": 4, "1": 3, "2": 2, "3": 1},
                         "spells": [FIREBALL, BURNING_HANDS, RAY_OF_FROST, HOLD_PERSON]}}


def encounter(tmp_path, *, start=False):
    enc = combatlog.open_log(str(tmp_path / "pf1.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": "pf1", "seed": 5})
    enc.execute({"do": "add", "id": "mira", "name": "Mira", "side": "party", "kind": "pc", "stats": MIRA, "at": [0, 0]})
    for gob, at in (("gob", [1, 0]), ("gob2", [5, 5])):
        enc.execute({"do": "add", "id": gob, "side": "monsters", "kind": "monster", "stats": stats(GOBLIN, max_hp=30),
                     "at": at})
    if start:
        # the goblins act first, so that they are no longer flat-footed (which forbids attacks of opportunity)
        for cid, value in (("gob", 20), ("gob2", 15), ("mira", 10)):
            enc.execute({"do": "initiative", "id": cid, "value": value})
        enc.execute({"do": "start"})
        enc.execute({"do": "end_turn"})
        enc.execute({"do": "end_turn"})
    return enc


def refused(enc, command, *fragments):
    seq = enc.state()["seq"]
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute(command)
    for fragment in fragments:
        assert fragment in str(caught.value)
    assert caught.value.localized("fr") != str(caught.value)
    assert enc.state()["seq"] == seq


def test_fireball_dc_is_10_plus_level_plus_int_and_spends_the_days_3rd_level_spell(tmp_path):
    """DC 10 + 3 + 4 = 17. gob rolls 10 + 2 = 12: fails; gob2 15 + 2 = 17: half. 5d6 = 1+2+3+4+5 = 15: gob 30 → 15,
    gob2 takes 7: 30 → 23. Mira's one 3rd-level spell is spent; a second fireball is refused."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "fireball", "targets": ["gob", "gob2"],
                 "dice": [10, 15, 1, 2, 3, 4, 5]})
    state = enc.state()["combatants"]
    assert (state["gob"]["hp"], state["gob2"]["hp"]) == (15, 23)
    assert state["mira"]["spells_per_day"]["3"] == {"max": 1, "left": 0}
    saves = [e["body"]["event"] for e in enc.events() if e["body"]["event"]["type"] == "Pf1SaveRolled"]
    assert [(s["id"], s["d20"], s["dc"], s["success"]) for s in saves] == [("gob", 10, 17, False), ("gob2", 15, 17, True)]
    refused(enc, {"do": "cast", "caster": "mira", "spell": "fireball", "targets": ["gob"]}, "none left")
    refused(enc, {"do": "cast", "caster": "mira", "spell": "fireball", "level": 4}, "own level")


def test_a_level_0_spell_is_not_expended_and_a_ray_is_a_ranged_touch_attack(tmp_path):
    """PRD Cantrips: not expended. Ray of frost: 10 + BAB 2 + Dex 2 = 14 ≥ touch AC 13: 1d3 = 2 cold."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "ray-of-frost", "targets": ["gob"], "dice": [10, 2]})
    state = enc.state()["combatants"]
    assert state["gob"]["hp"] == 28
    assert state["mira"]["spells_per_day"]["0"] == {"max": 4, "left": 4}


def test_hold_person_paralyzes_on_a_failed_will_save(tmp_path):
    """DC 10 + 2 + 4 = 16; the goblin's Will -1 + Wis -1 = -2: 10 - 2 = 8 fails."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "mira", "spell": "hold-person", "targets": ["gob"], "dice": [10]})
    assert "paralyzed" in enc.state()["combatants"]["gob"]["conditions"]


def test_casting_next_to_an_enemy_provokes_and_the_spell_goes_off_after_the_window(tmp_path):
    enc = encounter(tmp_path, start=True)
    # the faces of the save and the damage come with the cast, and wait with it while the window is open
    enc.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"],
                 "dice": [1, 1, 1, 1, 1, 1]})
    state = enc.state()
    assert state["window"]["reactors"] == ["gob"]
    assert state["combatants"]["mira"]["spells_per_day"]["1"]["left"] == 2
    enc.execute({"do": "pass", "id": "gob"})
    state = enc.state()
    # the save: 1 is a natural 1 (fails); 5d4 = 5 fire
    assert state["window"] is None and state["combatants"]["gob"]["hp"] == 25


def test_casting_defensively_needs_concentration_15_plus_twice_the_level(tmp_path):
    """Concentration 9 (caster level 5 + Int 4): d20 8 → 17 ≥ 15 + 2 = 17: cast without provoking; d20 7 → 16: lost,
    and the spell is spent all the same."""
    enc = encounter(tmp_path, start=True)
    enc.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"], "defensively": True,
                 "dice": [8, 1, 1, 1, 1, 1, 1]})
    state = enc.state()
    assert state["window"] is None and state["combatants"]["gob"]["hp"] == 25
    enc.execute({"do": "end_turn"})
    enc.execute({"do": "end_turn"})
    enc.execute({"do": "end_turn"})
    enc.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"], "defensively": True,
                 "dice": [7]})
    state = enc.state()["combatants"]
    assert state["gob"]["hp"] == 25 and state["mira"]["spells_per_day"]["1"]["left"] == 1


def test_undo_gives_the_days_spell_back(tmp_path):
    enc = encounter(tmp_path)
    before = {k: v for k, v in enc.state().items() if k != "seq"}
    enc.execute({"do": "cast", "caster": "mira", "spell": "fireball", "targets": ["gob"], "dice": [1, 1, 1, 1, 1, 1]})
    enc.undo()
    assert {k: v for k, v in enc.state().items() if k != "seq"} == before
    enc.verify()


def test_a_caster_hit_by_the_attack_of_opportunity_can_lose_the_spell_and_it_stays_spent(tmp_path):
    """INTERFACE-pf1: DC 10 + damage + spell level. The goblin's +2 shortsword: 15 + 2 = 17 ≥ AC 12 hits, 1d4 = 3;
    concentration 1 + 9 = 10 < 10 + 3 + 1 = 14: burning hands is lost, the goblin untouched, the spell spent."""
    enc = encounter(tmp_path, start=True)
    enc.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"]})
    enc.execute({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [15, 3, 1]})
    state = enc.state()
    assert state["window"] is None
    assert (state["combatants"]["mira"]["hp"], state["combatants"]["gob"]["hp"]) == (17, 30)
    assert state["combatants"]["mira"]["spells_per_day"]["1"]["left"] == 2
    assert not [e for e in enc.events() if e["body"]["event"]["type"] == "SpellCast"]
