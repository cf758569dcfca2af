"""The SRD 5.1 library compared with a second independent source (5e-bits/5e-database), offline: every
disagreement is settled by the SRD text in compendium/data/settled-5.1.json (issue 34)."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import import_library  # noqa: E402

from combatlog.compendium import library_for_family  # noqa: E402

SETTLED = json.loads((ROOT / "compendium" / "data" / "settled-5.1.json").read_text(encoding="utf-8"))["settled"]
SECOND = json.loads(import_library.SECOND_SOURCE.read_text(encoding="utf-8"))


def test_the_shipped_copy_of_the_second_source_records_its_commit_and_licence():
    assert len(SECOND["source"]["commit"]) == 40 and "MIT" in SECOND["source"]["licence"]
    assert (ROOT / "tools" / "second_source" / "LICENSE-5e-database.md").read_text().startswith("MIT License")
    assert len(SECOND["monsters"]) > 300


def test_every_disagreement_left_is_one_settled_for_the_library():
    entries = library_for_family("dnd5e-2014").entries("creature")
    disagreements, compared = import_library.compare_with_database(entries, SECOND)
    assert compared == 316
    ours = {(r["creature"], r["field"]): r for r in SETTLED if r["verdict"] == "ours"}
    for item in disagreements:
        record = ours[(item["creature"], item["field"])]
        assert import_library.float_equal(record["ours"], item["ours"]), item
    # what the SRD text gave to the second source is what the library now holds: no disagreement left there
    theirs = {(r["creature"], r["field"]) for r in SETTLED if r["verdict"] == "theirs"}
    assert not theirs & {(item["creature"], item["field"]) for item in disagreements}
    assert (len(SETTLED), len(ours), len(theirs)) == (32, 23, 9)


def test_the_known_errors_of_the_first_source_are_corrected():
    library = library_for_family("dnd5e-2014")
    # SRD 5.1 Zombie: Damage Immunities poison.
    assert library.get("zombie")["stats"]["immunities"] == ["poison"]
    # SRD 5.1 Wight: resistant to necrotic and nonmagical B/P/S not silvered; immune to poison; exhaustion, poisoned.
    wight = library.get("wight")["stats"]
    assert "necrotic" in wight["resistances"] and {"type": "slashing", "unless": ["magic", "silver"]} in wight["resistances"]
    assert wight["immunities"] == ["poison"] and wight["condition_immunities"] == ["exhaustion", "poisoned"]
    # SRD 5.1 Mummy: immune to necrotic and poison only; B/P/S from nonmagical attacks is a resistance.
    mummy = library.get("mummy")["stats"]
    assert mummy["immunities"] == ["necrotic", "poison"]
    assert {"type": "bludgeoning", "unless": ["magic"]} in mummy["resistances"]
    # SRD 5.1 Chain Devil: Challenge 8 (3,900 XP), proficiency +3; Giant Elk: AC 14.
    chain = library.get("chain-devil")
    assert (chain["cr"], chain["xp"], chain["stats"]["proficiency_bonus"]) == (8, 3900, 3)
    assert library.get("giant-elk")["stats"]["ac"] == 14
    # Druid: Quarterstaff +2 to hit, 3 (1d6) bludgeoning; Dryad: Club +2 to hit, 2 (1d4) bludgeoning.
    assert [(a["id"], a["to_hit"], a["damage"][0]["roll"]) for a in library.get("druid")["stats"]["attacks"]] == [
        ("quarterstaff", 2, "1d6")]
    assert [(a["id"], a["to_hit"], a["damage"][0]["roll"]) for a in library.get("dryad")["stats"]["attacks"]] == [
        ("club", 2, "1d4")]
    # the nine swarms keep their Bites
    swarms = [e for e in library.entries("creature") if e["id"].startswith("swarm-of-") and e["id"] != "swarm-of-ravens"]
    assert len(swarms) == 9 and all(  # the nine swarms that bite (the Swarm of Ravens has Beaks)
        any(a["id"] == "bites" for a in e["stats"]["attacks"]) for e in swarms)


def test_an_unsettled_disagreement_is_reported():
    unsettled, stale = import_library.settle([{"creature": "goblin", "field": "ac", "ours": 15, "theirs": 14}], SETTLED)
    assert unsettled == [{"creature": "goblin", "field": "ac", "ours": 15, "theirs": 14}]
    assert len(stale) == len(SETTLED)
