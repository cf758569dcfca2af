"""`spellcasting.at_will` (issue 21, an addition to INTERFACE.md §7): spells a creature casts without a slot, any
number of times, with `cast` … `using: "at_will"` (SRD 5.1 innate spellcasting "At will:", SRD 5.2 stat blocks
"At Will:"); the library's importer fills it from those lines. Also: a pf1-only key on a 5e spell is refused, and
the library's data fixes of the issue (Bane's French name, SRD 5.2 cantrip scaling).

Aria (tests/spell_objects.py): a 5th-level wizard, Int +3, proficiency +3: DC 14, slots 4/3/2/1. The goblins:
AC 13, 40 HP, Dex +2."""

import json
from pathlib import Path

import pytest

import combatlog
from tests.spell_objects import brute, wizard

DATA = Path(__file__).resolve().parent.parent / "compendium" / "data"
SCORCH = {"id": "scorch", "level": 2, "casting_time": "action", "save": {"ability": "dex"},
          "damage": [{"roll": "2d6", "type": "fire"}]}


def library(name: str) -> dict:
    return {entry["id"]: entry for entry in json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["entries"]}


def encounter(tmp_path, ruleset="dnd5e-2024"):
    enc = combatlog.open_log(str(tmp_path / "fight.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})
    casting = {**wizard()["spellcasting"], "at_will": [SCORCH]}
    enc.execute({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": wizard(spellcasting=casting)})
    for gob in ("gob1", "gob2"):
        enc.execute({"do": "add", "id": gob, "side": "foes", "kind": "monster", "stats": brute()})
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


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014", "rolenplay"])
def test_an_at_will_spell_costs_no_slot_however_often_it_is_cast(tmp_path, ruleset):
    """DC 8 + 3 + 3 = 14. gob1's Dex save 5 + 2 = 7 fails: 2d6 [3, 4] = 7, 40 → 33; again 12 + 2 = 14 succeeds:
    [6, 5] = 11, half 5, 33 → 28. The slots and the state document's resources do not change."""
    enc = encounter(tmp_path, ruleset)
    before = enc.state()["combatants"]["aria"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "scorch", "targets": ["gob1"], "using": "at_will",
                 "dice": [5, 3, 4]})
    enc.execute({"do": "cast", "caster": "aria", "spell": "scorch", "targets": ["gob1"], "using": "at_will",
                 "dice": [12, 6, 5]})
    state = enc.state()["combatants"]
    assert state["gob1"]["hp"] == 28
    assert state["aria"]["slots"] == before["slots"] and "per_day" not in state["aria"]
    assert [c["using"] for c in events(enc, "SpellCast")] == ["at_will", "at_will"]
    assert events(enc, "SpellSlotSpent") == []
    enc.undo()
    assert enc.state()["combatants"]["gob1"]["hp"] == 33
    enc.verify()


def test_a_spell_not_listed_at_will_or_cast_above_its_level_is_refused(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1"], "using": "at_will"},
            "aria", "fireball", "at_will")
    refused(enc, {"do": "cast", "caster": "aria", "spell": "scorch", "targets": ["gob1"], "using": "at_will",
                  "level": 3}, "scorch", "2")


def test_the_library_dragon_casts_its_at_will_acid_arrow_without_spending_anything(tmp_path):
    """SRD 5.2 Adult Black Dragon, Spellcasting: "At Will: Detect Magic, Fear, Acid Arrow", +9 to hit with spell
    attacks. d20 10 + 9 = 19 hits AC 13: 4d4 [1, 2, 3, 4] = 10 acid, 40 → 30."""
    dragon = library("dnd5e-2024-creatures")["adult-black-dragon"]
    assert dragon["stats"]["spellcasting"]["at_will"] == ["detect-magic", "fear", "acid-arrow"]
    enc = encounter(tmp_path)
    enc.execute({"do": "add", "id": "wyrm", "side": "foes2", "kind": "monster", "template": "adult-black-dragon"})
    enc.execute({"do": "cast", "caster": "wyrm", "spell": "acid-arrow", "targets": ["gob1"], "using": "at_will",
                 "dice": [10, 1, 2, 3, 4]})
    assert enc.state()["combatants"]["gob1"]["hp"] == 30


def test_the_2014_library_reads_innate_at_will_lines_without_a_bullet():
    """SRD 5.1 Djinni, Innate Spellcasting: "At will: detect evil and good, detect magic, thunderwave"; "3/day each:
    create food and water, tongues, wind walk"."""
    casting = library("dnd5e-2014-creatures")["djinni"]["stats"]["spellcasting"]
    assert casting["at_will"] == ["detect-evil-and-good", "detect-magic", "thunderwave"]
    assert casting["per_day"]["tongues"] == 3


def test_a_pf1_only_key_on_a_5e_spell_is_refused_by_name(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "aria", "spell": {"id": "darts", "level": 1, "missiles": {},
                                                             "damage": [{"roll": "1d4+1", "type": "force"}]},
                  "targets": ["gob1"]}, "darts", "missiles", "pf1")


def test_bane_is_fleau_in_french_and_2024_damage_cantrips_scale():
    """Bane is « Fléau » in the French SRD (5e-drs), not « Fou rire » (Hideous Laughter); SRD 5.2 Fire Bolt: "The
    damage increases by 1d10 when you reach levels 5 (2d10), 11 (3d10), and 17 (4d10)"."""
    for name in ("dnd5e-2014-spells", "dnd5e-2024-spells"):
        spells = library(name)
        assert spells["bane"]["name"]["fr"] == "Fléau"
        assert spells["hideous-laughter"]["name"]["fr"] == "Fou rire"
        assert spells["bless"]["name"]["fr"] == "Bénédiction"
    spells = library("dnd5e-2024-spells")
    assert all(spells[i].get("cantrip_scaling") for i in ("fire-bolt", "sacred-flame", "eldritch-blast", "ray-of-frost"))
