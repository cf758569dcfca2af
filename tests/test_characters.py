"""Characters brought in: Foundry VTT dnd5e exports and party files (docs/party-file.md).

The two fixtures were written from the dnd5e system's data model (packs/_source/heroes, module/config.mjs);
every number below is worked out by hand from the fixture's fields."""

import copy
import json
from pathlib import Path

import pytest

import combatlog
from combatlog.cli.main import main as cli_main

CHARACTERS = Path(__file__).parent.parent / "fixtures" / "characters"
FIGHTER = CHARACTERS / "foundry-dnd5e-fighter-5.json"
WIZARD = CHARACTERS / "foundry-dnd5e-wizard-5.json"
PARTY = CHARACTERS / "party.yaml"


def attack(template: dict, attack_id: str) -> dict:
    return next(a for a in template["stats"]["attacks"] if a["id"] == attack_id)


def refusal(source, *, ruleset=None) -> combatlog.RuleViolation:
    with pytest.raises(combatlog.RuleViolation) as caught:
        combatlog.import_character(source, ruleset=ruleset)
    return caught.value


def test_a_level_5_fighter_from_foundry():
    fighter = combatlog.import_character(FIGHTER)
    stats = fighter["stats"]
    assert (fighter["kind"], fighter["level"], stats["level"], stats["proficiency_bonus"]) == ("pc", 5, 5, 3)
    # AC: chain mail 16 (heavy: no Dex) + shield 2 + Defense's active effect +1 = 19; the plate armour in the
    # pack is not equipped and counts for nothing.
    assert stats["ac"] == 19
    # HP: d10 fighter: 10 (level 1, max) + 6 + 6 (avg: 10/2+1) + 8 (rolled) + 6 = 36, + Con +3 x 5 = 51.
    assert stats["max_hp"] == 51 and "hp" not in stats
    assert stats["abilities"]["str"] == 18 and stats["initiative_bonus"] == 1 and stats["speed"] == 9
    assert stats["saves"] == ["str", "con"] and stats["skills"] == ["athletics", "intimidation", "perception"]
    assert stats["attacks_per_action"] == 2  # Extra Attack
    # Longsword +1: Str +4, proficiency +3, magic +1 = +8; 1d8 + 4 + 1.
    longsword = attack(fighter, "longsword")
    assert (longsword["kind"], longsword["to_hit"], longsword["damage"], longsword["reach"]) == \
        ("melee", 8, [{"roll": "1d8+5", "type": "slashing"}], 1.5)
    # Handaxe (light, thrown 20/60 ft): +4 +3 = +7, 1d6+4; thrown 6/18 m.
    assert attack(fighter, "handaxe")["to_hit"] == 7
    thrown = attack(fighter, "handaxe_thrown")
    assert (thrown["kind"], thrown["range"], thrown["damage"][0]["roll"]) == ("ranged", [6.0, 18.0], "1d6+4")
    # Longbow 150/600 ft: Dex +1 +3 = +4, 1d8+1; 45/180 m.
    longbow = attack(fighter, "longbow")
    assert (longbow["to_hit"], longbow["damage"][0]["roll"], longbow["range"]) == (4, "1d8+1", [45.0, 180.0])
    assert "greataxe" not in [a["id"] for a in stats["attacks"]] and "spellcasting" not in stats
    assert any("versatile" in note["en"] and "polyvalente" in note["fr"] for note in fighter["notes"])


def test_a_level_5_wizard_from_foundry():
    wizard = combatlog.import_character(WIZARD)
    stats = wizard["stats"]
    assert stats["ac"] == 15  # Mage Armor: 13 + Dex +2
    # HP: d6 wizard: 6 + 4 x 4 (avg: 6/2+1) = 22, + Con +2 x 5 = 32.
    assert stats["max_hp"] == 32 and stats["saves"] == ["int", "wis"]
    # Quarterstaff: Str -1 + 3 = +2, 1d6-1; dagger (finesse: Dex +2 beats Str -1): +5, 1d4+2.
    assert (attack(wizard, "quarterstaff")["to_hit"], attack(wizard, "quarterstaff")["damage"][0]["roll"]) == (2, "1d6-1")
    assert (attack(wizard, "dagger")["to_hit"], attack(wizard, "dagger")["damage"][0]["roll"]) == (5, "1d4+2")
    # Int 18 (+4), proficiency +3: DC 8 + 3 + 4 = 15, attack +7; a 5th-level full caster: 4/3/2 slots (SRD
    # Wizard table), whatever slots are spent on the sheet (spell1.value 3).
    casting = stats["spellcasting"]
    assert (casting["ability"], casting["dc"], casting["attack"]) == ("int", 15, 7)
    assert casting["slots"] == {"1": 4, "2": 3, "3": 2}
    # The cantrips and the prepared spells; Detect Magic and Hold Person sit unprepared in the spellbook.
    assert casting["spells"] == ["counterspell", "fire-bolt", "fireball", "mage-armor", "mage-hand", "magic-missile",
                                 "misty-step", "ray-of-frost", "scorching-ray", "shield"]


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "dnd5e-2024", "rolenplay"])
def test_the_templates_minus_the_new_keys_join_an_encounter_with_add(tmp_path, ruleset):
    encounter = combatlog.open_log(tmp_path / "party.db").encounter()
    encounter.execute({"do": "create", "ruleset": ruleset})
    for path in (FIGHTER, WIZARD):
        template = combatlog.import_character(path, ruleset=ruleset)
        stats = {k: v for k, v in template["stats"].items() if k not in ("level", "spellcasting")}
        encounter.execute({"do": "add", "id": template["id"], "side": "party", "kind": "pc", "stats": stats})
    document = encounter.state()["combatants"]
    assert document["brienne-carvalho"]["max_hp"] == 51 and document["mirabel-vantreuil"]["max_hp"] == 32


def test_a_wounded_character_keeps_its_hp_and_an_override_wins_the_slots():
    actor = json.loads(WIZARD.read_text(encoding="utf-8"))
    actor["system"]["attributes"]["hp"]["value"] = 12
    actor["system"]["spells"]["spell3"]["override"] = 3
    wizard = combatlog.import_character(actor)
    assert wizard["stats"]["hp"] == 12 and wizard["stats"]["spellcasting"]["slots"]["3"] == 3


def test_a_lone_half_caster_rounds_its_levels_up_as_the_system_does():
    # SRD Paladin table: a 5th-level paladin has 4 first-level and 2 second-level slots (a 3rd-level caster).
    actor = json.loads(WIZARD.read_text(encoding="utf-8"))
    klass = next(item for item in actor["items"] if item["type"] == "class")
    klass["name"], klass["system"]["spellcasting"] = "Paladin", {"progression": "half", "ability": "cha"}
    assert combatlog.import_character(actor)["stats"]["spellcasting"]["slots"] == {"1": 4, "2": 2}


def test_what_cannot_be_read_is_refused_with_the_field_named(tmp_path):
    actor = json.loads(FIGHTER.read_text(encoding="utf-8"))
    broken = copy.deepcopy(actor)
    del broken["system"]["abilities"]["dex"]["value"]
    error = refusal(broken)
    assert str(error) == "field 'system.abilities.dex.value' is missing"
    assert error.localized("fr") == "le champ 'system.abilities.dex.value' manque"
    broken = copy.deepcopy(actor)
    broken["system"]["abilities"]["str"]["value"] = "strong"
    assert "field 'system.abilities.str.value': \"strong\" is not a whole number" in str(refusal(broken))
    broken = copy.deepcopy(actor)
    broken["items"] = [item for item in broken["items"] if item["type"] != "class"]
    assert "has no class item" in str(refusal(broken))
    broken = copy.deepcopy(actor)
    broken["type"] = "npc"
    assert "is a 'npc', not a player character (field 'type')" in str(refusal(broken))
    broken = copy.deepcopy(actor)
    broken["_stats"]["systemId"] = "pf2e"
    assert "system 'pf2e'" in str(refusal(broken))
    broken = copy.deepcopy(actor)
    broken["system"]["attributes"]["ac"]["calc"] = "custom"
    assert "'custom'" in str(refusal(broken)) and "'system.attributes.ac.calc'" in str(refusal(broken))
    assert "cannot join a pf1 encounter" in str(refusal(actor, ruleset="pf1"))
    assert "unknown ruleset 'dnd6'" in str(refusal(actor, ruleset="dnd6"))
    not_json = tmp_path / "sheet.json"
    not_json.write_text('{"name": "Aria",\n "system": }', encoding="utf-8")
    error = refusal(not_json)
    assert "is not valid JSON or YAML (line 2, column 12)" in str(error) and "(ligne 2, colonne 12)" in error.localized("fr")
    assert "neither a Foundry VTT actor export" in str(refusal({"name": "Aria"}))
    assert "is a folder" in str(refusal(tmp_path))


def test_a_party_file_brings_foundry_exports_and_plain_characters():
    party = combatlog.import_character(PARTY)
    assert [t["id"] for t in party] == ["brienne", "mirabel", "tobin"]
    assert party[0]["name"] == {"en": "Brienne", "fr": "Brienne"} and party[0]["stats"]["ac"] == 19
    tobin = party[2]
    assert (tobin["level"], tobin["stats"]["level"], tobin["stats"]["ac"], tobin["class"]) == (5, 5, 15, "Rogue 5")
    assert all(t["ruleset"] == "dnd5e-2014" for t in party)


def test_a_party_file_is_refused_field_by_field(tmp_path):
    assert "lists no character (field 'party'" in str(refusal({"party": []}))
    assert "'party[0].hp' is not a party file field" in str(refusal({"party": [{"name": "A", "hp": 3}]}))
    assert "'party[0].name' is missing" in str(refusal({"party": [{"stats": {}}]}))
    tobin = {"name": "Tobin", "stats": {"ac": "high", "max_hp": 9, "speed": 9, "proficiency_bonus": 2,
                                        "abilities": {a: 10 for a in ("str", "dex", "con", "int", "wis", "cha")}}}
    error = refusal({"ruleset": "dnd5e-2024", "party": [tobin]})
    assert str(error).startswith("party[0]: ") and "ac" in str(error)
    twice = {"party": [{"name": "Tobin", "stats": {}}, {"name": "tobin", "stats": {}}]}
    assert "two characters have the id 'tobin'" in str(refusal(twice))
    missing = tmp_path / "party.yaml"
    missing.write_text("party:\n  - foundry: nowhere.json\n", encoding="utf-8")
    assert str(refusal(missing)).startswith("party[0].foundry: ")
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("party: [\n  - a\n", encoding="utf-8")
    assert "is not valid JSON or YAML" in str(refusal(bad_yaml))


def test_the_cli_prints_writes_add_commands_and_refuses(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert cli_main(["import-character", str(WIZARD)]) == 0
    out = capsys.readouterr().out
    assert "CA 15, PV 32" in out and "DD des sauvegardes 15, attaque des sorts +7" in out and "1:4 2:3 3:2" in out
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert cli_main(["import-character", str(FIGHTER), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stats"]["ac"] == 19
    script = tmp_path / "party.jsonl"
    assert cli_main(["import-character", str(PARTY), "-o", str(script)]) == 0
    captured = capsys.readouterr()
    # The engine takes §7's level and spellcasting: the add commands carry them and nothing is left out.
    assert "3 characters written" in captured.out and "level" not in captured.err
    written = [json.loads(line) for line in script.read_text(encoding="utf-8").splitlines()]
    assert [command["stats"]["level"] for command in written] == [5, 5, 5]
    assert written[1]["stats"]["spellcasting"]["slots"] == {"1": 4, "2": 3, "3": 2}
    create = tmp_path / "create.jsonl"
    create.write_text(json.dumps({"do": "create", "ruleset": "dnd5e-2014"}) + "\n", encoding="utf-8")
    log = tmp_path / "fight.db"
    assert cli_main(["run", str(create), "--log", str(log), "-q"]) == 0
    assert cli_main(["run", str(script), "--log", str(log), "-q"]) == 0
    capsys.readouterr()
    assert cli_main(["state", str(log), "--json"]) == 0
    combatants = json.loads(capsys.readouterr().out)["combatants"]
    assert sorted(combatants) == ["brienne", "mirabel", "tobin"] and combatants["tobin"]["kind"] == "pc"
    broken = tmp_path / "broken.json"
    broken.write_text("{}", encoding="utf-8")
    written = tmp_path / "out.jsonl"
    assert cli_main(["import-character", str(broken), "-o", str(written)]) == 2
    assert "neither a Foundry VTT actor export" in capsys.readouterr().err and not written.exists()
    assert cli_main(["import-character", str(FIGHTER), "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
