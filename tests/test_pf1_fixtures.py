"""pf1 creature templates and the sample fight: it runs end to end, verifies, and exports in both languages."""

import json
from pathlib import Path

import pytest
from support import ok

from combatlog.cli.main import main as cli_main
from combatlog.core.rulesets.pf1.stats import parse_stats

ROOT = Path(__file__).parent.parent
TEMPLATES = sorted((ROOT / "fixtures" / "creatures" / "pf1").glob("*.json"))
FIGHT = ROOT / "fixtures" / "encounters" / "pf1_ford_ambush.jsonl"


def test_the_roster():
    names = {path.stem for path in TEMPLATES}
    assert {"goblin", "orc", "wolf", "skeleton", "ogre", "young_red_dragon", "fighter", "rogue", "cleric", "wizard"} <= names


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.stem)
def test_each_template_is_a_valid_pf1_stat_block_with_both_names(path):
    template = json.loads(path.read_text(encoding="utf-8"))
    assert template["name"]["en"] and template["name"]["fr"] and template["source"]
    parse_stats(template["stats"], path.stem)


def test_bestiary_numbers_come_out_of_the_templates(run):
    doc = ok(run({"do": "create", "ruleset": "pf1"},
                 *[{"do": "add", "id": p.stem, "side": "x", "template": p.stem} for p in TEMPLATES]))
    c = doc["combatants"]
    # PRD Bestiary lines: goblin AC 16/13/14 CMB +0 CMD 12; ogre AC 17 CMB +9 CMD 18; young red dragon AC 24, touch 9
    assert (c["goblin"]["ac"], c["goblin"]["touch_ac"], c["goblin"]["flat_footed_ac"], c["goblin"]["cmb"], c["goblin"]["cmd"]) == (16, 13, 14, 0, 12)
    assert (c["ogre"]["ac"], c["ogre"]["cmb"], c["ogre"]["cmd"], c["ogre"]["saves"]) == (17, 9, 18, {"fort": 6, "ref": 0, "will": 3})
    assert (c["young_red_dragon"]["ac"], c["young_red_dragon"]["touch_ac"]) == (24, 9)
    assert c["skeleton"]["dies_at"] == 0 and c["wolf"]["saves"] == {"fort": 5, "ref": 5, "will": 1}
    assert c["fighter"]["name"] == "Brann Ironheart"


def test_the_sample_fight_runs_verifies_and_exports_in_both_languages(tmp_path, capsys):
    log = tmp_path / "ford.db"
    assert cli_main(["run", str(FIGHT), "--log", str(log), "--quiet"]) == 0
    assert cli_main(["verify", str(log)]) == 0
    capsys.readouterr()
    assert cli_main(["state", str(log), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["phase"] == "ended"
    assert doc["combatants"]["gob1"]["status"] == "dead" and doc["combatants"]["orc"]["status"] == "dying"
    french, english = tmp_path / "fr.md", tmp_path / "en.md"
    assert cli_main(["export", str(log), "--format", "md", "--lang", "fr", "-o", str(french)]) == 0
    assert cli_main(["export", str(log), "--format", "md", "--lang", "en", "-o", str(english)]) == 0
    fr, en = french.read_text(encoding="utf-8"), english.read_text(encoding="utf-8")
    for words in ("attaque d'opportunité", "pris au dépourvu", "round de surprise", "Critique confirmé", "CA"):
        assert words in fr, words
    for words in ("attack of opportunity", "flat-footed", "surprise round", "Critical confirmed"):
        assert words in en, words
    assert "Pf1" not in fr and "Pf1" not in en  # every pf1 event has its line
    # names, not ids: the cast table and the lines (a name used twice is numbered)
    assert "| Gobelin 1 | monstres | monstre | 16 | 6 / 6 |" in fr and "| Goblin 2 |" in en
    # the template's French attack names; elision through ELISION() (d'Éloi, not "de Éloi")
    assert "Attaque de Brann Cœur-de-Fer sur Gobelin 1 (épée longue)" in fr
    assert "Attack by Brann Ironheart on Goblin 1 (longsword)" in en
    assert "Attaque d'Éloi le Gris sur Orque (rayon ardent)" in fr and "de Éloi" not in fr
    assert "Loup sur Brann Cœur-de-Fer (morsure)" in fr and "(bite)" not in fr
    # sides in the table's language, as the 5e lines show them
    assert "Brann Cœur-de-Fer rejoint le combat (camp : aventuriers)" in fr
    assert "Brann Ironheart joins the fight (party)" in en
    assert "| Orque | -9 / 6 | mourant | sans défense, inconscient |" in fr and "| Orc | -9 / 6 | dying | helpless, unconscious |" in en
    capsys.readouterr()
    assert cli_main(["log", str(log)]) == 0
    lines = capsys.readouterr().out
    assert "attaque d'opportunité possible pour Loup : Brann Cœur-de-Fer quitte la case (2, 2)" in lines and "Pf1" not in lines
    assert "initiative d'Éloi le Gris : d20 [12] + 2 = 14" in lines and "de Éloi" not in lines
    assert "Gobelin (gob1) se déplace de 4,5 m" in lines  # decimal comma
    assert cli_main(["diff", str(log), "40", "60"]) == 0
    assert "PV 6 -> 2" in capsys.readouterr().out  # gob1 hit by the surprise-round arrow


def test_snapshots_of_a_pf1_fight_round_trip_through_sqlite(tmp_path):
    from combatlog.events.stores.sqlite import SQLiteStore
    from combatlog.replay.engine import Encounter
    from combatlog.replay.snapshots import decode_snapshot, state_at
    from combatlog.replay.timeline import rebuild

    commands = [json.loads(line) for line in FIGHT.read_text(encoding="utf-8").splitlines() if line.strip()]
    with SQLiteStore(tmp_path / "log.db") as store:
        encounter = Encounter(store, "e", snapshot_every=25)
        for command in commands:
            encounter.execute(command)
        seqs = store.snapshot_seqs("e")
        assert seqs
        for seq in seqs:
            snapshot = decode_snapshot(store.read_snapshot("e", seq))
            assert snapshot.state == rebuild(encounter.records, seq)[0]
        for seq in range(0, len(encounter.records), 7):
            assert state_at(store, "e", seq, every=25) == rebuild(encounter.records, seq)[0], seq
    with SQLiteStore(tmp_path / "log.db") as store:
        assert Encounter(store, "e", snapshot_every=25).state == encounter.state


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_pf1_event_has_a_catalog_line(lang):
    from combatlog.core.rulesets.pf1 import EVENT_TYPES
    from combatlog.core.rulesets.pf1.words import kebab
    from combatlog.words import has

    missing = [cls.__name__ for cls in EVENT_TYPES if not has(lang, f"event-{kebab(cls.__name__)}")]
    assert not missing, missing


def test_pf1_lines_in_both_languages_roll_off_and_condition_names():
    """The roll-off line gives each round's d20 then the order; conditions in the reader's language."""
    from combatlog.core.rulesets.pf1 import events as e
    from combatlog.projections.describe import catalog_line as describe

    names = {"aria": "Aria", "eve": "Ève"}
    event = e.Pf1RolledOff(ids=("aria", "eve"), rounds=((4, 4), (3, 9)), order=("eve", "aria"))
    assert describe(event, "fr", names) == \
        "nouveau jet d'initiative pour départager Aria, Ève : Aria 4, Ève 4 ; Aria 3, Ève 9 → Ève, Aria"
    assert describe(event, "en", names) == \
        "initiative roll-off between Aria, Ève: Aria 4, Ève 4; Aria 3, Ève 9 → Ève, Aria"
    bleed = e.Pf1ConditionApplied(target="eve", instance=1, condition="bleed", amount=2)
    assert describe(bleed, "fr", names) == "Ève : saignement (2 PV au début de chacun de ses tours)"
    assert describe(bleed, "en", names) == "Ève is bleeding (2 HP at the start of each of its turns)"
    check = e.Pf1InitiativeRolled(ids=("eve",), faces=(12,), modifier=-1, total=11, set_by_dm=False)
    assert describe(check, "fr", names) == "initiative d'Ève : d20 [12] − 1 = 11"
