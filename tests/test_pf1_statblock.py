"""A Pathfinder creature's printed stat block (`fiche` / `sheet`, `combatlog library show`), from the pf1 library.

PRD Bestiary, Goblin: AC 16 = 10 + armor 2 + shield 1 + Dex 2 (Dex 15) + size 1 (Small); touch 13 = 10 + Dex 2 + size 1;
flat-footed 14 = 16 - Dex 2. hp 6. Fort +3 = base 2 + Con 1; Ref +2 = base 0 + Dex 2; Will −1 = base 0 + Wis −1.
Base Atk +1; CMB +0; CMD 12; CR 1/3 (135 XP). Short sword +2 = BAB 1 + Str 0 + size 1, 1d4, 19–20/×2."""

import combatlog
from combatlog.tools import stat_block_lines
from test_shell_points import table  # noqa: F401  (the fixture)


def test_the_pf1_goblin_prints_its_defence_offence_and_statistics_in_both_languages():
    goblin = combatlog.library("pf1").get("goblin")
    english = "\n".join(stat_block_lines(goblin, "en"))
    assert "AC 16, touch 13, flat-footed 14" in english
    assert "Hit Points 6" in english
    assert "Fort +3, Ref +2, Will −1" in english
    assert "Base Atk +1; CMB +0; CMD 12" in english
    assert "short_sword: melee +2, 1d4 piercing (19–20/×2)" in english
    assert "CR 1/3 (135 XP)" in english
    french = "\n".join(stat_block_lines(goblin, "fr"))
    assert "CA 16, contact 13, pris au dépourvu 14" in french
    assert "BBA +1 ; BMO +0 ; DMD 12" in french
    assert "FP 1/3 (135 PX)" in french
    assert "piercing" not in french and "perforant" in french


def test_fiche_in_a_pf1_encounter_shows_the_stat_block(table):  # noqa: F811
    # It failed with an internal error (a 5e proficiency bonus read from a pf1 stat block).
    t = table(ruleset="pf1", dice="manual")
    screen = t.type("ajout gob1 goblin 2,2", "fiche gob1")
    assert "✗" not in screen
    assert "CA 16, contact 13, pris au dépourvu 14" in screen
    assert "short_sword : corps à corps +2, 1d4 perforant (19–20/×2)" in screen


def test_a_tiny_creature_prints_the_cmb_its_rules_use_prd_combat_maneuvers():
    """PRD Combat Maneuvers: "Tiny and smaller creatures use their Dexterity modifier in place of their Strength
    modifier to determine their CMB". BAB +1, Str 4 (−3), Dex 16 (+3), Tiny (special size modifier −2):
    CMB = 1 + 3 − 2 = +2 (with Str it would be −4); CMD = 10 + 1 − 3 + 3 − 2 = 9. AC = 10 + Dex 3 + size 2 = 15,
    touch 15, flat-footed 12. The printed block asks the rules, so it says what a maneuver would roll."""
    stats = {"max_hp": 3, "speed": 6, "bab": 1, "size": "tiny", "ac": {},
             "abilities": {"str": 4, "dex": 16, "con": 10, "int": 2, "wis": 12, "cha": 6},
             "saves": {"fort": 2, "ref": 2, "will": 0},
             "attacks": [{"id": "bite", "kind": "melee", "damage": [{"roll": "1d3", "type": "piercing"}]}]}
    english = "\n".join(stat_block_lines({"id": "rat", "name": {"en": "Rat"}, "stats": stats}, "en"))
    assert "Base Atk +1; CMB +2; CMD 9" in english
    assert "AC 15, touch 15, flat-footed 12" in english
    assert "Fort +2, Ref +5, Will +1" in english
    # Seed 004 BBA: melee BAB 1 + Str −3 + size 2 = +0
    assert "bite: melee +0, 1d3 piercing" in english
