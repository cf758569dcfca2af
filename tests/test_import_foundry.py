"""Characters from the files GMs really have: the premade characters Foundry VTT's dnd5e system ships
(fixtures/characters/foundry, CC-BY-4.0, see its README), in the compendium source form and in the form "Export
Data" writes.

The premades store what the sheet shows for two numbers: `system.attributes.hp.value` is the full maximum HP and
`system.spells.spellN.value` / `pact.value` the full slots (a fresh character). Those are the expected values of
the test over every premade; AC, attacks and the rest are worked by hand from the file in the detailed tests
(rules: SRD 5.1/5.2, and the dnd5e system's own derivations, cited in party/foundry_dnd5e.py)."""

import copy
import gzip
import json
from pathlib import Path

import pytest

import combatlog
from combatlog.cli.main import main as cli_main
from combatlog.party.safe_load import parse
from combatlog.party.sheet import pact_slots

FOUNDRY = Path(__file__).parent.parent / "fixtures" / "characters" / "foundry"
PREMADES = sorted((FOUNDRY / "premades-2024").glob("level-*/*.yml.gz"))
HEROES = sorted((FOUNDRY / "heroes-2014").glob("*.yml*"))
EXPORT = FOUNDRY / "export-data" / "randal-level-5.json"
DROPPED_BY_EXPORT = ("_id", "_stats", "_key", "folder", "sort", "ownership", "flags")


def load(path: Path) -> dict:
    raw = path.read_bytes()
    text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    return parse(text, yaml_form=True)


def export_form(actor: dict) -> dict:
    """What Foundry's "Export Data" drops from a compendium document: ids, statistics, pack keys, folder, sort,
    ownership and flags, on the actor, its items and their effects."""
    actor = {k: v for k, v in copy.deepcopy(actor).items() if k not in DROPPED_BY_EXPORT}
    actor["items"] = [{k: v for k, v in item.items() if k not in DROPPED_BY_EXPORT} for item in actor["items"]]
    for item in actor["items"]:
        item["effects"] = [{k: v for k, v in e.items() if k not in DROPPED_BY_EXPORT} for e in item.get("effects", [])]
    actor["effects"] = [{k: v for k, v in e.items() if k not in DROPPED_BY_EXPORT} for e in actor.get("effects", [])]
    return actor


def premade(level: int, name: str) -> dict:
    return combatlog.import_character(load(FOUNDRY / "premades-2024" / f"level-{level}" / f"{name}.yml.gz"))


def hero(name: str) -> dict:
    return combatlog.import_character(load(next(p for p in HEROES if p.name.startswith(name))))


def attack(template: dict, attack_id: str) -> dict:
    return next(a for a in template["stats"]["attacks"] if a["id"] == attack_id)


def expected_slots(actor: dict) -> dict:
    spells = actor["system"].get("spells", {})
    slots = {key.removeprefix("spell"): slot["value"] for key, slot in spells.items()
             if key.startswith("spell") and slot.get("value")}
    if spells.get("pact", {}).get("value"):
        warlock = sum(i["system"]["levels"] for i in actor["items"]
                      if i["type"] == "class" and i["system"]["spellcasting"]["progression"] == "pact")
        slots[next(iter(pact_slots(warlock)))] = spells["pact"]["value"]
    return slots


def test_the_fixtures_are_every_premade_foundry_ships():
    assert len(PREMADES) == 48 and len(HEROES) == 12 and EXPORT.exists()
    assert (FOUNDRY / "README.md").read_text(encoding="utf-8").count("CC-BY-4.0") >= 2


@pytest.mark.parametrize("path", PREMADES + HEROES, ids=lambda p: f"{p.parent.name}/{p.name.split('.')[0]}")
def test_every_premade_imports_with_the_hp_level_and_slots_its_sheet_shows(path):
    actor = load(path)
    level = int(path.parent.name.removeprefix("level-")) if path.parent.name.startswith("level-") else 1
    template = combatlog.import_character(actor)
    stats = template["stats"]
    assert (template["level"], stats["level"]) == (level, level)
    assert stats["max_hp"] == actor["system"]["attributes"]["hp"]["value"] and "hp" not in stats
    assert stats.get("spellcasting", {}).get("slots", {}) == expected_slots(actor)
    assert 10 <= stats["ac"] <= 25 and stats["proficiency_bonus"] == 2 + (level - 1) // 4
    # The same character as "Export Data" writes it reads the same.
    exported = combatlog.import_character(export_form(actor))
    assert {**exported, "source": ""} == {**template, "source": ""}


def test_a_fighter_with_the_defense_style():
    randal = premade(5, "randal")
    stats = randal["stats"]
    # Splint armour 17 (heavy: no Dex) + Defense's enabled effect +1 on ac.bonus = 18 (the issue's "17 where
    # Foundry shows 18").
    assert stats["ac"] == 18
    # d10 fighter: 10 (level 1, "max") + 4 x 6 ("avg": 10/2 + 1) = 34, + Con 16 (+3) x 5 = 49.
    assert stats["max_hp"] == 49 and stats["attacks_per_action"] == 2
    # Greatsword: Str 18 (+4) + proficiency +3 = +7; 2d6 + 4 slashing. The halberd and pike are not equipped.
    assert (attack(randal, "greatsword")["to_hit"], attack(randal, "greatsword")["damage"]) == \
        (7, [{"roll": "2d6+4", "type": "slashing"}])
    assert [a["id"] for a in stats["attacks"]] == ["greatsword"] and "spellcasting" not in stats
    assert stats["saves"] == ["str", "con"]


def test_the_export_data_file_reads_as_the_compendium_one():
    exported = combatlog.import_character(EXPORT)
    assert json.loads(EXPORT.read_text(encoding="utf-8")).keys().isdisjoint(DROPPED_BY_EXPORT)
    assert (exported["stats"]["ac"], exported["stats"]["max_hp"], exported["level"]) == (18, 49, 5)


def test_a_warlock_of_level_11_has_three_fifth_level_pact_slots():
    sefris = premade(11, "sefris")
    casting = sefris["stats"]["spellcasting"]
    # SRD Warlock table, level 11: 3 Pact Magic slots of level 5. Cha 18 (+4), proficiency +4: DC 16, attack +8.
    assert (casting["slots"], casting["ability"], casting["dc"], casting["attack"]) == ({"5": 3}, "cha", 16, 8)
    # Chain mail 16 + its "+1" enchantment + Cloak of Protection (attuned) +1 = 18.
    # d8: 8 + 10 x 5 = 58, + Con 16 (+3) x 11 = 91.
    assert (sefris["stats"]["ac"], sefris["stats"]["max_hp"]) == (18, 91)
    assert premade(5, "sefris")["stats"]["spellcasting"]["slots"] == {"3": 2}
    assert premade(17, "sefris")["stats"]["spellcasting"]["slots"] == {"5": 4}


def test_a_sorcerer_with_draconic_resilience():
    morthos = premade(11, "morthos")
    stats = morthos["stats"]
    # Draconic Resilience overrides ac.calc with 10 + Dex (+2) + Cha (+5) = 17; Bracers of Defense +2 = 19.
    assert stats["ac"] == 19
    # d6: 6 + 10 x 4 = 46, + Con 15 (+2) x 11 = 22, + @classes.sorcerer.levels (11) on hp.bonuses.overall = 79.
    assert stats["max_hp"] == 79
    assert stats["spellcasting"]["slots"] == {"1": 4, "2": 3, "3": 3, "4": 3, "5": 2, "6": 1}


def test_a_belt_of_dwarvenkind_raises_con_and_hit_points():
    merric = premade(11, "merric")
    stats = merric["stats"]
    # Con 15 + the belt's 2 (ADD, then DOWNGRADE to 20 at most) = 17 (+3). d12: 12 + 10 x 7 = 82, + 3 x 11 = 115.
    assert (stats["abilities"]["con"], stats["max_hp"]) == (17, 115)
    # Halberd +1 (an enchantment): Str 20 (+5) + proficiency +4 + 1 = +10, 1d10 + 6, reach 3 m.
    halberd = attack(merric, "halberd")
    assert (halberd["to_hit"], halberd["damage"][0], halberd["reach"]) == (10, {"roll": "1d10+6", "type": "slashing"}, 3.0)
    # Half plate 15 + Dex +2 (its cap) = 17.
    assert stats["ac"] == 17


def test_dwarven_toughness_adds_a_hit_point_per_level():
    riswynn = premade(11, "riswynn")
    # d8 rogue: 8 + 10 x 5 = 58, + Con 14 (+2) x 11 = 22, + Dwarven Toughness 1 x 11 = 91.
    assert riswynn["stats"]["max_hp"] == 91
    # Shortbow +1: Dex 20 (+5) + 4 + 1 = +10, 1d6 + 6; studded leather +1: 12 + 1 + Dex 5 = 18.
    assert (attack(riswynn, "shortbow")["to_hit"], attack(riswynn, "shortbow")["damage"][0]["roll"]) == (10, "1d6+6")
    assert riswynn["stats"]["ac"] == 18


def test_a_shield_plus_2_enchantment_and_radiant_strikes():
    # Plate 18 + shield 2 + its "Shield +2" enchantment 2 + Cloak of Protection 1 = 23.
    assert premade(11, "akra")["stats"]["ac"] == 23
    krusk = premade(11, "krusk")
    # Plate +1 19 + shield +1 3 + Defense 1 = 23; the warhammer +1: Str 20 (+5) + 4 + 1 = +10, 1d8 + 6, and
    # Radiant Strikes' 1d8[radiant] on every melee weapon hit. Bless and Divine Favor are spells: not counted.
    assert krusk["stats"]["ac"] == 23
    assert (attack(krusk, "warhammer")["to_hit"], attack(krusk, "warhammer")["damage"]) == \
        (10, [{"roll": "1d8+6", "type": "bludgeoning"}, {"roll": "1d8", "type": "radiant"}])


def test_a_level_1_sorcerer_of_the_2014_heroes():
    path = FOUNDRY / "heroes-2014" / "morthos-tiefling-sorcerer.yml"
    morthos = combatlog.import_character(path)
    stats = morthos["stats"]
    # Draconic AC 13 + Dex +1 = 14; d6 6 + (Con +2 + hp.bonuses.level @classes.sorcerer.levels = 1) x 1 = 9.
    assert (stats["ac"], stats["max_hp"], stats["level"]) == (14, 9, 1)
    # Cha 17 (+3), proficiency +2: DC 13, attack +5; 2 first-level slots.
    casting = stats["spellcasting"]
    assert (casting["dc"], casting["attack"], casting["slots"]) == (13, 5, {"1": 2})
    assert {"fire-bolt", "mending", "message", "minor-illusion", "thaumaturgy"} <= set(casting["spells"])
    # Dagger (finesse: Dex +1 beats Str 0) +1 +2 = +3, 1d4 + 1; thrown 20/60 ft = 6/18 m.
    assert (attack(morthos, "dagger")["to_hit"], attack(morthos, "dagger_thrown")["range"]) == (3, [6.0, 18.0])


def test_a_2014_paladin_of_level_1_has_no_slots_where_a_2024_one_has_two():
    # SRD 5.1 Paladin: spells from level 2; SRD 5.2 Paladin: 2 first-level slots at level 1.
    assert "spellcasting" not in hero("krusk")["stats"] or hero("krusk")["stats"]["spellcasting"]["slots"] == {}
    assert premade(1, "krusk")["stats"]["spellcasting"]["slots"] == {"1": 2}


def test_an_unequipped_or_unattuned_item_lends_nothing():
    actor = load(FOUNDRY / "premades-2024" / "level-11" / "merric.yml.gz")
    belt = next(item for item in actor["items"] if item["name"] == "Belt of Dwarvenkind")
    belt["system"]["attuned"] = False
    assert combatlog.import_character(actor)["stats"]["max_hp"] == 104  # Con 15 (+2): 82 + 22
    belt["system"]["attuned"], belt["system"]["equipped"] = True, False
    assert combatlog.import_character(actor)["stats"]["max_hp"] == 104
    defense = load(FOUNDRY / "premades-2024" / "level-5" / "randal.yml.gz")
    next(i for i in defense["items"] if i["name"] == "Defense")["effects"][0]["disabled"] = True
    assert combatlog.import_character(defense)["stats"]["ac"] == 17


def test_a_formula_that_cannot_be_read_is_refused_with_its_field():
    actor = load(FOUNDRY / "premades-2024" / "level-5" / "randal.yml.gz")
    actor["system"]["attributes"]["hp"]["bonuses"] = {"overall": "@classes.wizard.levels"}
    with pytest.raises(combatlog.RuleViolation) as caught:
        combatlog.import_character(actor)
    assert "field 'system.attributes.hp.bonuses.overall': the formula '@classes.wizard.levels' cannot be read" in str(caught.value)
    assert "la formule '@classes.wizard.levels' est illisible" in caught.value.localized("fr")
    actor["system"]["attributes"]["hp"]["bonuses"] = {"overall": "__import__('os')"}
    with pytest.raises(combatlog.RuleViolation):
        combatlog.import_character(actor)


def test_an_imported_premade_plays_a_fight(tmp_path, capsys):
    party = tmp_path / "party.jsonl"
    assert cli_main(["import-character", str(FOUNDRY / "heroes-2014" / "morthos-tiefling-sorcerer.yml"),
                     "--ruleset", "dnd5e-2014", "-o", str(party)]) == 0
    add = json.loads(party.read_text(encoding="utf-8").splitlines()[0])
    goblin = {"ac": 15, "max_hp": 7, "speed": 9, "proficiency_bonus": 2,
              "abilities": {"str": 8, "dex": 14, "con": 10, "int": 10, "wis": 8, "cha": 8},
              "attacks": [{"id": "scimitar", "kind": "melee", "to_hit": 4, "reach": 1.5,
                           "damage": [{"roll": "1d6+2", "type": "slashing"}]}]}
    script = tmp_path / "fight.jsonl"
    lines = [{"do": "create", "ruleset": "dnd5e-2014"}, add,
             {"do": "add", "id": "goblin", "side": "foes", "kind": "monster", "stats": goblin},
             {"do": "place", "id": add["id"], "at": [0, 0]}, {"do": "place", "id": "goblin", "at": [1, 0]},
             {"do": "initiative", "id": add["id"], "dice": [15]}, {"do": "initiative", "id": "goblin", "dice": [3]},
             {"do": "start"},
             {"do": "attack", "attacker": add["id"], "target": "goblin", "with": "dagger", "dice": [15, 3]}]
    script.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    log = tmp_path / "fight.db"
    assert cli_main(["run", str(script), "--log", str(log), "-q"]) == 0
    capsys.readouterr()
    assert cli_main(["state", str(log), "--json"]) == 0
    combatants = json.loads(capsys.readouterr().out)["combatants"]
    # 15 + 3 = 18 hits AC 15; 1d4 (3) + Dex 1 = 4 piercing: the goblin has 3 of 7 left.
    assert combatants["morthos"]["max_hp"] == 9 and combatants["goblin"]["hp"] == 3
