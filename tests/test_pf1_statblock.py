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
