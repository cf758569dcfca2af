"""The pf1 library data (compendium/data/pf1-*.json, made by tools/import_pf1_library.py from the PRD).

Every creature goes into a pf1 encounter with its stats inline and makes each of its attacks once; ten stat
blocks are checked number by number against the PRD Bestiary text (quoted in each test); a re-run of the import
on the same PSRD-Data commit gives the same bytes (only where the snapshot is on this machine)."""

import importlib.util
import json
import subprocess
from pathlib import Path

import pytest

import combatlog
from combatlog.core.rulesets.pf1.stats import parse_stats, space

ROOT = Path(__file__).parent.parent
DATA = ROOT / "compendium" / "data"
SNAPSHOT = Path("/work/.mirror/devonjones+PSRD-Data/repo")


def load(kind: str) -> dict:
    return json.loads((DATA / f"pf1-{kind}s.json").read_text(encoding="utf-8"))


CREATURES = load("creature")
SPELLS = load("spell")
BY_ID = {entry["id"]: entry for entry in CREATURES["entries"]}


def test_the_files_have_the_library_shape_and_the_counts_of_the_issue():
    for document, kind in ((CREATURES, "creature"), (SPELLS, "spell")):
        assert document["family"] == "pf1" and document["kind"] == kind
        (source,) = document["sources"]
        assert source["repo"] == "https://github.com/devonjones/PSRD-Data" and len(source["commit"]) == 40
        assert "OGL" in source["licence"] and source["paths"]
        ids = [entry["id"] for entry in document["entries"]]
        assert ids == sorted(ids) and len(ids) == len(set(ids))
        assert all(set(skip) == {"id", "name", "why"} and skip["why"] for skip in document["skipped"])
        # English only: the French PF1 texts are under Paizo's Community Use Policy, not open content.
        assert all(set(entry["name"]) == {"en"} for entry in document["entries"])
    assert len(CREATURES["entries"]) >= 340 and len(SPELLS["entries"]) >= 300


def test_every_creature_is_a_monster_with_cr_xp_size_type_and_text():
    for entry in CREATURES["entries"]:
        assert entry["kind"] == "monster" and entry["size"] and entry["type"] and set(entry["text"]) == {"en"}, entry["id"]
        # A lycanthrope's hybrid form has no CR line of its own: said in its notes, not made up.
        assert (entry["cr"] and isinstance(entry["xp"], int)) or \
            (entry["cr"] is entry["xp"] is None and "another form" in entry["notes"][-1]), entry["id"]
        parse_stats(entry["stats"], entry["id"])


def test_what_did_not_parse_is_listed_word_for_word():
    swarm = BY_ID["swarm-rat"]
    assert swarm["unparsed_attacks"] == ["melee: swarm (1d6 plus disease)"] and "attacks" not in swarm["stats"]
    # The aboleth's slime is a rider the engine does not run: kept as a note on each tentacle.
    assert BY_ID["aboleth"]["attack_notes"]["tentacle_1"] == "plus slime"
    skipped = {skip["id"]: skip["why"] for skip in CREATURES["skipped"]}
    assert "family page" in skipped["dragon-chromatic-red"]


def _attack_script(entry: dict) -> list[dict]:
    """The creature at [0,0] and a target beside it (inside its space for a Tiny creature, whose reach is 0:
    PRD Big and Little Creatures in Combat), every attack once, one a turn."""
    stats = entry["stats"]
    beside = 0 if entry["size"] in ("fine", "diminutive", "tiny") else space(parse_stats(stats, entry["id"]))
    target = {"max_hp": 100000, "speed": 9, "bab": 0, "abilities": {}, "ac": {}, "saves": {}}
    commands = [
        {"do": "create", "ruleset": "pf1", "seed": 20},
        {"do": "add", "id": "target", "side": "party", "kind": "pc", "stats": target, "at": [beside, 0]},
        {"do": "add", "id": "it", "side": "monsters", "kind": "monster", "stats": stats, "at": [0, 0]},
        {"do": "initiative", "id": "it", "value": 20}, {"do": "initiative", "id": "target", "value": 1},
        {"do": "start"},
    ]
    for attack in stats.get("attacks", ()):
        commands += [{"do": "attack", "attacker": "it", "target": "target", "with": attack["id"]},
                     {"do": "end_turn"}, {"do": "end_turn"}]
    return commands


def test_every_library_creature_joins_a_pf1_encounter_and_makes_each_attack_once(tmp_path):
    log = combatlog.open_log(tmp_path / "bestiary.db")
    attacks = 0
    for entry in CREATURES["entries"]:
        encounter = log.encounter(entry["id"])
        try:
            encounter.execute_all(_attack_script(entry))
        except combatlog.BatchRejected as error:  # pragma: no cover - the message is the point
            pytest.fail(f"{entry['id']}: {error}")
        made = [e["body"]["event"]["attack"] for e in encounter.events() if e["body"]["event"]["type"] == "Pf1AttackRolled"]
        assert made == [a["id"] for a in entry["stats"].get("attacks", ())], entry["id"]
        attacks += len(made)
    assert attacks > 800


def _line(entry: dict, attack_id: str) -> tuple:
    attack = next(a for a in entry["stats"]["attacks"] if a["id"] == attack_id)
    return (attack["to_hit"], [d["roll"] for d in attack["damage"]], attack.get("crit_range", 20),
            attack.get("crit_multiplier", 2))


def _document(tmp_path, entry: dict) -> dict:
    encounter = combatlog.open_log(tmp_path / "one.db").encounter(entry["id"])
    encounter.execute_all([{"do": "create", "ruleset": "pf1"},
                           {"do": "add", "id": "it", "side": "m", "kind": "monster", "stats": entry["stats"]}])
    return encounter.state()["combatants"]["it"]


def _dc(entry: dict, ability: str) -> tuple:
    found = next(d for d in entry["save_dcs"] if d["ability"] == ability)
    return found["save"], found["dc"]


# Ten PRD Bestiary stat blocks, number by number (the PRD text is quoted above each check).
def test_prd_goblin(tmp_path):
    # AC 16, touch 13, flat-footed 14; hp 6 (1d10+1); Fort +3, Ref +2, Will -1; CMB +0; CMD 12;
    # Melee short sword +2 (1d4/19-20); Ranged short bow +4 (1d4/x3); CR 1/3, XP 135.
    goblin = BY_ID["goblin"]
    doc = _document(tmp_path, goblin)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (16, 13, 14, 6)
    assert doc["saves"] == {"fort": 3, "ref": 2, "will": -1} and (doc["cmb"], doc["cmd"]) == (0, 12)
    assert _line(goblin, "short_sword") == (2, ["1d4"], 19, 2) and _line(goblin, "short_bow") == (4, ["1d4"], 20, 3)
    assert (goblin["cr"], goblin["xp"]) == ("1/3", 135)


def test_prd_aboleth(tmp_path):
    # AC 20, touch 9, flat-footed 19; hp 84 (8d8+48); Fort +8, Ref +5, Will +11;
    # Melee 4 tentacles +10 (1d6+5 plus slime); slime: DC 20 Fortitude; mucus cloud DC 20 Fortitude; CR 7, XP 3,200.
    aboleth = BY_ID["aboleth"]
    doc = _document(tmp_path, aboleth)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (20, 9, 19, 84)
    assert doc["saves"] == {"fort": 8, "ref": 5, "will": 11}
    assert [a["id"] for a in aboleth["stats"]["attacks"]] == ["tentacle_1", "tentacle_2", "tentacle_3", "tentacle_4"]
    assert _line(aboleth, "tentacle_3") == (10, ["1d6+5"], 20, 2)
    assert _dc(aboleth, "Slime") == ("fort", 20) and _dc(aboleth, "Mucus Cloud") == ("fort", 20)
    # Huge: space 15 ft., reach 15 ft. (4.5 m), the size's own, so no reach key
    assert aboleth["size"] == "huge" and "reach" not in aboleth["stats"] and aboleth["xp"] == 3200


def test_prd_devil_erinyes(tmp_path):
    # AC 23, touch 17, flat-footed 16 (+6 Dex, +1 dodge, +6 natural); hp 94 (9d10+45); Fort +11, Ref +12, Will +7;
    # DR 5/good; Resist acid 10, cold 10; Melee +1 longsword +15/+10 (1d8+8/19-20);
    # Ranged +1 flaming composite longbow +14/+14/+9 (1d8+6/x3 plus 1d6 fire) or rope +15 touch (entangle).
    erinyes = BY_ID["devil-erinyes"]
    doc = _document(tmp_path, erinyes)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (23, 17, 16, 94)
    assert doc["saves"] == {"fort": 11, "ref": 12, "will": 7}
    stats = erinyes["stats"]
    assert stats["dr"] == [{"amount": 5, "bypass": ["good"]}] and stats["energy_resistance"] == {"acid": 10, "cold": 10}
    assert _line(erinyes, "longsword") == (15, ["1d8+8"], 19, 2)
    bow = next(a for a in stats["attacks"] if a["id"] == "flaming_composite_longbow")
    assert (bow["to_hit"], bow["damage"][0]["roll"], bow["crit_multiplier"], bow["extra_damage"]) == \
        (14, "1d8+6", 3, [{"roll": "1d6", "type": "fire"}])
    assert "magic" in bow["bypass"] and bow["range_increment"] == 33.0  # +1: overcomes DR/magic; 110 ft
    # the Rapid Shot extra attack is not the engine's: said, not hidden
    assert "+14/+14/+9" in erinyes["attack_notes"]["flaming_composite_longbow"]
    assert "ranged: rope +15 touch (entangle)" in erinyes["unparsed_attacks"]


def test_prd_ogre(tmp_path):
    # AC 17, touch 8, flat-footed 17 (+4 armor, -1 Dex, +5 natural, -1 size); hp 30 (4d8+12);
    # Fort +6, Ref +0, Will +3; Melee greatclub +7 (2d8+7); Ranged javelin +1 (1d8+5); CR 3, XP 800.
    ogre = BY_ID["ogre"]
    doc = _document(tmp_path, ogre)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (17, 8, 17, 30)
    assert doc["saves"] == {"fort": 6, "ref": 0, "will": 3}
    assert _line(ogre, "greatclub") == (7, ["2d8+7"], 20, 2) and _line(ogre, "javelin") == (1, ["1d8+5"], 20, 2)
    assert (ogre["cr"], ogre["xp"]) == ("3", 800)


def test_prd_young_white_dragon(tmp_path):
    # AC 20, touch 12, flat-footed 18 (+2 Dex, +8 natural); hp 66 (7d12+21); Fort +8, Ref +7, Will +5;
    # Melee bite +11 (1d8+6), 2 claws +11 (1d6+4), 2 wings +6 (1d4+2); Space 5 ft.; Reach 5 ft. (10 ft. with bite).
    dragon = BY_ID["dragon-chromatic-white-young"]
    doc = _document(tmp_path, dragon)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (20, 12, 18, 66)
    assert doc["saves"] == {"fort": 8, "ref": 7, "will": 5}
    assert _line(dragon, "bite") == (11, ["1d8+6"], 20, 2) and _line(dragon, "claw_2") == (11, ["1d6+4"], 20, 2)
    assert _line(dragon, "wing_1") == (6, ["1d4+2"], 20, 2)
    assert next(a for a in dragon["stats"]["attacks"] if a["id"] == "bite")["reach"] == 3.0


def test_prd_vampire(tmp_path):
    # AC 23, touch 17, flat-footed 18 (+2 deflection, +4 Dex, +1 dodge, +6 natural); hp 102 (8d6+72);
    # Fort +13, Ref +11, Will +12; DR 10/magic and silver; Resist cold 10, electricity 10;
    # Melee slam +8 (1d4+4 plus energy drain); Con - (undead: its Charisma is in the Fortitude total).
    vampire = BY_ID["vampire"]
    doc = _document(tmp_path, vampire)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (23, 17, 18, 102)
    assert doc["saves"] == {"fort": 13, "ref": 11, "will": 12} and doc["dies_at"] == 0
    assert vampire["stats"]["dr"] == [{"all": True, "amount": 10, "bypass": ["magic", "silver"]}]
    assert _line(vampire, "slam") == (8, ["1d4+4"], 20, 2)
    assert vampire["attack_notes"]["slam"] == "plus energy drain"


def test_prd_giant_cloud(tmp_path):
    # AC 25, touch 9, flat-footed 24 (+4 armor, +1 Dex, +12 natural, -2 size); hp 168 (16d8+96);
    # Fort +16, Ref +6, Will +10; Melee morningstar +22/+17/+12 (4d6+18) or 2 slams +22 (2d6+12);
    # Ranged rock +12 (2d6+18); Special Attacks rock throwing (140 ft.).
    giant = BY_ID["giant-cloud"]
    doc = _document(tmp_path, giant)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (25, 9, 24, 168)
    assert doc["saves"] == {"fort": 16, "ref": 6, "will": 10}
    assert _line(giant, "morningstar") == (22, ["4d6+18"], 20, 2) and _line(giant, "slam_1") == (22, ["2d6+12"], 20, 2)
    rock = next(a for a in giant["stats"]["attacks"] if a["id"] == "rock")
    assert (rock["to_hit"], rock["damage"], rock["range_increment"]) == (12, [{"roll": "2d6+18", "type": "bludgeoning"}], 42.0)


def test_prd_dark_stalker(tmp_path):
    # Melee short swords +6/+6 (1d6+2 plus poison/19-20): the threat range written after the rider.
    stalker = BY_ID["dark-stalker"]
    assert _line(stalker, "short_sword_1") == (6, ["1d6+2"], 19, 2)
    assert stalker["attack_notes"]["short_sword_1"].startswith("plus poison")


def test_prd_manticore_and_hydra(tmp_path):
    # Hydra: AC 15, touch 9, flat-footed 14; hp 47 (5d10+20); Fort +8, Ref +7, Will +3; Melee 5 bites +6 (1d8+3).
    hydra = BY_ID["hydra"]
    doc = _document(tmp_path, hydra)
    assert (doc["ac"], doc["touch_ac"], doc["flat_footed_ac"], doc["max_hp"]) == (15, 9, 14, 47)
    assert doc["saves"] == {"fort": 8, "ref": 7, "will": 3}
    assert len(hydra["stats"]["attacks"]) == 5 and _line(hydra, "bite_5") == (6, ["1d8+3"], 20, 2)
    # Manticore: Melee bite +10 (1d8+5), 2 claws +10 (2d4+5); its spikes name no range increment in the line.
    manticore = BY_ID["manticore"]
    assert _line(manticore, "claw_2") == (10, ["2d4+5"], 20, 2)
    assert any("spikes" in line for line in manticore["unparsed_attacks"])


def test_prd_medusa_save_dc(tmp_path):
    # Medusa: Petrifying Gaze, DC 16 Fortitude; poison (bite) DC 14 Fortitude in its special abilities.
    medusa = BY_ID["medusa"]
    doc = _document(tmp_path, medusa)
    assert doc["max_hp"] == 76
    assert ("fort", 16) in {(d["save"], d["dc"]) for d in medusa["save_dcs"]}


def test_the_ogl_text_with_the_prd_section_15_sits_beside_the_data():
    text = (ROOT / "compendium" / "LICENSES" / "OGL-1.0a-pf1.txt").read_text(encoding="utf-8")
    assert "OPEN GAME LICENSE Version 1.0a" in text and "15. COPYRIGHT NOTICE" in text
    assert "Pathfinder Roleplaying Game Bestiary. © 2009, Paizo Publishing, LLC; Author: Jason Bulmahn" in text
    assert "Pathfinder Roleplaying Game Reference Document. © 2011, Paizo Publishing, LLC" in text
    assert "Community Use Policy. We are" not in text


def test_spells_carry_the_pf1_spell_object():
    spells = {entry["id"]: entry for entry in SPELLS["entries"]}
    fireball = spells["fireball"]
    assert (fireball["level"], fireball["levels"]["wizard"], fireball["casting_time"]) == (3, 3, "standard")
    assert fireball["save"] == {"ability": "ref", "half": True} and fireball["range"] == "long"
    # "1d6 points of fire damage per caster level (maximum 10d6)": written at casting from the caster level.
    assert fireball.get("executable", True) and "attack" not in fireball
    assert fireball["damage"] == [{"roll": "1d6", "type": "fire"}] and fireball["per_caster_level"] == {"roll": "1d6", "most": 10}
    assert spells["magic-missile"]["casting_time"] == "standard"
    # PRD Acid Arrow: "2d4 points of acid damage" and a ranged touch attack, fixed dice.
    assert spells["acid-arrow"]["damage"] == [{"roll": "2d4", "type": "acid"}] and spells["acid-arrow"]["attack"] == "ranged"
    # PRD "functions like charm person": what charm monster does not say, charm person does.
    assert spells["charm-monster"]["casting_time"] == spells["charm-person"]["casting_time"] == "standard"
    assert all(entry["casting_time"] or entry.get("executable") is False for entry in SPELLS["entries"])
    assert all(entry["why"] for entry in SPELLS["entries"] if entry.get("executable") is False)


@pytest.mark.skipif(not (SNAPSHOT / "HEAD").exists(), reason="the PSRD-Data snapshot is not on this machine")
def test_the_import_re_run_on_the_same_snapshot_is_byte_identical(tmp_path):
    spec = importlib.util.spec_from_file_location("import_pf1_library", ROOT / "tools" / "import_pf1_library.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    licence = tmp_path / "OGL.txt"
    assert module.main(["--repo", str(SNAPSHOT), "--out", str(tmp_path), "--licence", str(licence)]) == 0
    for name in ("pf1-creatures.json", "pf1-spells.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name
    assert licence.read_bytes() == (ROOT / "compendium" / "LICENSES" / "OGL-1.0a-pf1.txt").read_bytes()
    commit = subprocess.run(["git", "-C", str(SNAPSHOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert CREATURES["sources"][0]["commit"] == commit


def test_a_tiny_creature_enters_its_targets_square_to_attack(tmp_path):
    # PRD Big and Little Creatures in Combat: reach 0, "they must enter an opponent's square to attack in melee";
    # Moving Through a Square: a Tiny creature can move into an occupied square. A Medium one still cannot.
    quasit = BY_ID["demon-quasit"]
    encounter = combatlog.open_log(tmp_path / "tiny.db").encounter()
    target = {"max_hp": 50, "speed": 9, "bab": 0, "abilities": {}, "ac": {}, "saves": {}}
    encounter.execute_all([
        {"do": "create", "ruleset": "pf1", "seed": 1},
        {"do": "add", "id": "pc", "side": "party", "kind": "pc", "stats": target, "at": [1, 0]},
        {"do": "add", "id": "quasit", "side": "demons", "stats": quasit["stats"], "at": [0, 0]},
        {"do": "initiative", "id": "quasit", "value": 20}, {"do": "initiative", "id": "pc", "value": 1},
        {"do": "start"}])
    with pytest.raises(combatlog.RuleViolation, match="cannot reach pc"):
        encounter.execute({"do": "attack", "attacker": "quasit", "target": "pc", "with": "bite"})
    encounter.execute({"do": "move", "id": "quasit", "path": [[1, 0]]})
    # a natural 20 confirmed by a 20: 1d4-1 twice (PRD Critical Hits), each 0, and a hit deals at least 1 (seed 004)
    encounter.execute({"do": "attack", "attacker": "quasit", "target": "pc", "with": "bite", "dice": [20, 20, 1, 1]})
    assert encounter.state()["combatants"]["pc"]["hp"] < 50
    with pytest.raises(combatlog.RuleViolation, match="occupied"):
        encounter.execute({"do": "add", "id": "pc2", "side": "party", "stats": target, "at": [1, 0]})
