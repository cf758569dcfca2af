"""The encounter's difficulty (party/difficulty.py). The seeds are silent on building encounters: the numbers come
from the published tables, worked by hand here: DMG 2014 "XP Thresholds by Character Level" and "Encounter
Multipliers", SRD 5.1 "Experience Points by Challenge Rating", SRD 5.2 "XP Budget per Character", PRD
"Designing Encounters" (Table: Experience Point Awards, Table: Encounter Design)."""

import json

import pytest

import combatlog
from combatlog.cli.main import main as cli_main
from combatlog.party.difficulty import (average_party_level, difficulty_2014, difficulty_2024, difficulty_line,
                                        difficulty_pf1, encounter_difficulty, monster_xp, multiplier_2014)


# --- 2014: thresholds and multipliers
def test_2014_three_monsters_double_their_xp_against_four_level_5_characters():
    # Thresholds x4 at level 5: 1000 / 2000 / 3000 / 4400. An ogre (CR 2, 450) and two goblins (CR 1/4, 50 each):
    # 550 XP, three monsters x2 = 1100: easy.
    result = difficulty_2014([5, 5, 5, 5], [monster_xp("xp-thresholds-2014", "2"), 50, 50])
    assert result["thresholds"] == {"easy": 1000, "medium": 2000, "hard": 3000, "deadly": 4400}
    assert (result["xp"], result["multiplier"], result["adjusted_xp"], result["rating"]) == (550, 2, 1100, "easy")


def test_2014_a_young_red_dragon_alone_is_deadly_for_four_level_5_characters():
    # CR 10 = 5,900 XP, one monster x1: 5,900 >= 4,400.
    result = difficulty_2014([5] * 4, [monster_xp("xp-thresholds-2014", 10)])
    assert (result["adjusted_xp"], result["rating"]) == (5900, "deadly")


def test_2014_the_party_size_moves_the_multiplier_one_step():
    # DMG: fewer than three characters, the next higher multiplier; six or more, the next lower (x0.5 for one).
    assert [multiplier_2014(n, 4) for n in (1, 2, 3, 6, 7, 10, 11, 14, 15, 30)] == [1, 1.5, 2, 2, 2.5, 2.5, 3, 3, 4, 4]
    assert (multiplier_2014(1, 2), multiplier_2014(15, 1), multiplier_2014(1, 6), multiplier_2014(2, 7)) == (1.5, 5, 0.5, 1)
    # Two level-3 characters (150/300/450/800) against one CR 2 (450) x1.5 = 675: hard.
    assert difficulty_2014([3, 3], [450])["rating"] == "hard"
    # Six level-1 characters (150/300/450/600) against one CR 1 (200) x0.5 = 100: below easy.
    assert difficulty_2014([1] * 6, [200]) | {} == {"scheme": "xp-thresholds-2014", "rating": "below_easy", "xp": 200,
                                                   "multiplier": 0.5, "adjusted_xp": 100,
                                                   "thresholds": {"easy": 150, "medium": 300, "hard": 450, "deadly": 600}}


def test_2014_mixed_levels_add_their_own_thresholds():
    # Levels 3, 4, 5: easy 75+125+250 = 450, medium 150+250+500 = 900, hard 225+375+750 = 1350, deadly 400+500+1100.
    result = difficulty_2014([3, 4, 5], [700])  # one CR 3 = 700: medium
    assert result["thresholds"] == {"easy": 450, "medium": 900, "hard": 1350, "deadly": 2000}
    assert result["rating"] == "easy"  # 700 reaches easy (450) but not medium (900)


# --- 2024: the XP budget
def test_2024_the_budget_sums_per_character_and_the_monsters_add_up_without_multiplier():
    # Four level-5 characters: low 500x4 = 2000, moderate 750x4 = 3000, high 1100x4 = 4400.
    # A CR 5 (1,800) and two CR 1/2 (100 each) = 2,000: exactly the low budget.
    xp = [monster_xp("xp-budget-2024", 5), monster_xp("xp-budget-2024", "1/2"), monster_xp("xp-budget-2024", 0.5)]
    result = difficulty_2024([5] * 4, xp)
    assert result == {"scheme": "xp-budget-2024", "rating": "low", "xp": 2000,
                      "budget": {"low": 2000, "moderate": 3000, "high": 4400}}
    assert difficulty_2024([5] * 4, [3000])["rating"] == "moderate"
    assert difficulty_2024([5] * 4, [4400])["rating"] == "high"
    assert difficulty_2024([5] * 4, [4401])["rating"] == "beyond_high"


def test_2024_one_level_1_character():
    # 50 / 75 / 100: a CR 0 (10 XP) is below low; a CR 1 (200) is beyond high.
    assert difficulty_2024([1], [monster_xp("xp-budget-2024", 0)])["rating"] == "below_low"
    assert difficulty_2024([1], [200])["rating"] == "beyond_high"
    # Three level-10 characters: 4800 / 6900 / 9300; CR 9 (5,000) + CR 4 (1,100) = 6,100: low.
    assert difficulty_2024([10] * 3, [5000, 1100])["rating"] == "low"


# --- Pathfinder: APL, the encounter's CR
def test_pf1_the_average_party_level_rounds_to_the_nearest_and_counts_the_party():
    # PRD: two 4th-level and four 5th-level characters: 28/6 = 4.67 -> 5, six players +1 = 6.
    assert average_party_level([4, 4, 5, 5, 5, 5]) == 6
    assert average_party_level([5, 5, 5, 5]) == 5 and average_party_level([4, 5, 5, 4]) == 5  # 4.5 rounds up
    assert average_party_level([3, 3, 3]) == 2  # three or fewer: -1


def test_pf1_the_prd_example_is_a_challenging_encounter():
    # PRD Step 3: six 8th-level PCs (APL 9) against a stone giant (CR 8, 4,800 XP) and four gargoyles (CR 4,
    # 1,200 XP each): 9,600 XP, the XP of CR 10 = APL + 1: challenging.
    xp = [monster_xp("cr-pf1", 8)] + [monster_xp("cr-pf1", 4)] * 4
    result = difficulty_pf1([8] * 6, xp)
    assert (result["apl"], result["xp"], result["cr"], result["offset"], result["rating"]) == (9, 9600, "10", 1, "challenging")


def test_pf1_ratings_from_easy_to_epic():
    # Four 1st-level PCs (APL 1) and four goblins (CR 1/3, 135 XP): 540 XP reaches CR 1 (400), not CR 2: average.
    assert difficulty_pf1([1] * 4, [monster_xp("cr-pf1", "1/3")] * 4)["cr"] == "1"
    assert difficulty_pf1([1] * 4, [135] * 4)["rating"] == "average"
    assert difficulty_pf1([3] * 3, [800])["rating"] == "challenging"  # APL 2 against CR 3
    assert difficulty_pf1([5] * 4, [800])["rating"] == "easy"  # CR 3 = APL - 2: the table's lowest, easy
    assert difficulty_pf1([5] * 4, [4800])["rating"] == "epic"  # CR 8 = APL + 3
    assert difficulty_pf1([1] * 4, [9600])["offset"] == 9 and difficulty_pf1([1] * 4, [9600])["rating"] == "epic"
    # CR 5 (1,600 XP) = APL: average; CR 6 (2,400 XP) = APL + 1: challenging; 3,200 XP is CR 7: hard.
    assert [difficulty_pf1([5] * 4, [xp])["rating"] for xp in (1600, 2399, 2400, 3200)] == \
        ["average", "average", "challenging", "hard"]


def test_a_bad_level_or_cr_is_refused():
    with pytest.raises(ValueError):
        difficulty_2014([0], [50])
    with pytest.raises(ValueError):
        monster_xp("xp-thresholds-2014", "1/5")


# --- from an encounter
def _encounter(tmp_path, ruleset: str, *commands: dict):
    encounter = combatlog.open_log(tmp_path / "fight.db").encounter()
    encounter.execute_all([{"do": "create", "ruleset": ruleset, "lang": "fr"}, *commands])
    return encounter


def test_a_stat_block_carries_its_cr_and_xp_and_a_bad_one_is_refused(tmp_path):
    encounter = _encounter(tmp_path, "dnd5e-2014",
                           {"do": "add", "id": "gob", "side": "m", "template": "goblin", "overrides": {"cr": "1/4"}})
    with pytest.raises(combatlog.RuleViolation) as caught:
        encounter.execute({"do": "add", "id": "gob2", "side": "m", "template": "goblin", "overrides": {"cr": "1/5"}})
    assert "'cr' 1/5 is not a challenge rating" in str(caught.value)
    assert "n'est pas un facteur de puissance" in caught.value.localized("fr")
    (tmp_path / "pf1").mkdir()
    pf1 = _encounter(tmp_path / "pf1", "pf1")
    with pytest.raises(combatlog.RuleViolation) as caught:
        pf1.execute({"do": "add", "id": "gob", "side": "m", "template": "goblin", "overrides": {"xp": -5}})
    assert "'xp' -5 is not an XP value" in str(caught.value)
    pf1.execute({"do": "add", "id": "gob", "side": "m", "template": "goblin", "overrides": {"cr": "1/3"}})


def _folded(tmp_path, ruleset, *commands):
    from combatlog.events.stores import open_store
    from combatlog.replay.engine import Encounter

    _encounter(tmp_path, ruleset, *commands)
    with open_store(str(tmp_path / "fight.db")) as store:
        return Encounter(store, "default").state


ORCS_AND_FIGHTERS = (
    {"do": "add", "id": "orc1", "side": "monsters", "template": "orc", "overrides": {"cr": "1/2"}},
    {"do": "add", "id": "orc2", "side": "monsters", "template": "orc", "overrides": {"cr": "1/2"}},
    {"do": "add", "id": "wolf", "side": "monsters", "template": "wolf"},
    {"do": "add", "id": "aria", "side": "party", "template": "fighter"},
    {"do": "add", "id": "bram", "side": "party", "template": "cleric"},
)


def test_the_encounter_rates_its_monsters_against_its_pcs_levels(tmp_path):
    state = _folded(tmp_path, "dnd5e-2014", *ORCS_AND_FIGHTERS)
    # The PCs' levels from their entries (a lookup standing for the library: level 5 each); the wolf, without CR,
    # is not counted. Two orcs (CR 1/2, 100 XP each) = 200 XP; two monsters are x1.5, and a party of fewer than
    # three takes the next multiplier, x2: 400 against 500 / 1000 / 1500 / 2200 (two level-5 characters).
    levels = {"fighter": {"level": 5}, "cleric": {"level": 5}}
    result = encounter_difficulty(state, lambda ruleset, template: levels.get(template))
    assert (result["rating"], result["xp"], result["multiplier"], result["adjusted_xp"], result["unrated"]) == \
        ("below_easy", 200, 2, 400, ["wolf"])
    assert difficulty_line(result, "fr") == ("Difficulté : en deçà de facile — 200 PX × 2 = 400 PX (seuils : facile 500, "
                                             "moyenne 1000, difficile 1500, mortelle 2200) (non comptés, sans FP : wolf)")
    assert difficulty_line(result, "en").startswith("Difficulty: below easy — 200 XP × 2 = 400 XP (thresholds: easy 500")
    # Without levels: said, not guessed.
    unknown = encounter_difficulty(state)
    assert unknown["rating"] is None and unknown["unknown_levels"] == ["aria", "bram"]
    assert difficulty_line(unknown, "en") == "Difficulty: unknown — no level for aria, bram (not counted, no CR: wolf)"


def test_pf1_and_2024_encounters_use_their_own_scheme(tmp_path):
    state = _folded(tmp_path, "pf1",
                    {"do": "add", "id": "ogre", "side": "m", "template": "ogre", "overrides": {"cr": 3}},
                    {"do": "add", "id": "aria", "side": "p", "kind": "pc", "template": "fighter"})
    result = encounter_difficulty(state, lambda ruleset, template: {"level": 2} if template == "fighter" else None)
    # One level-2 PC: APL 2 - 1 (three or fewer) = 1; the ogre's CR 3 (800 XP) = APL + 2: hard.
    assert (result["apl"], result["cr"], result["rating"]) == (1, "3", "hard")
    assert difficulty_line(result, "fr") == ("Difficulté : difficile — FP de la rencontre 3 (800 PX) face à un niveau "
                                             "moyen du groupe de 1")
    (tmp_path / "b").mkdir()
    state = _folded(tmp_path / "b", "dnd5e-2024", *ORCS_AND_FIGHTERS)
    result = encounter_difficulty(state, lambda ruleset, template: {"level": 1})
    # Two level-1 characters: 100 / 150 / 200; two orcs (CR 1/2) = 200 XP: high.
    assert (result["xp"], result["budget"], result["rating"]) == (200, {"low": 100, "moderate": 150, "high": 200}, "high")


def test_combatlog_state_prints_the_difficulty_line_only_when_something_is_rated(tmp_path, capsys):
    script = tmp_path / "fight.jsonl"
    script.write_text("\n".join(json.dumps(c) for c in (
        {"do": "create", "ruleset": "dnd5e-2014", "lang": "fr"},
        # a monster of its own stat block, with no CR (a template with a library id takes the library's CR)
        {"do": "add", "id": "gob", "side": "monsters", "kind": "monster",
         "stats": {"ac": 13, "max_hp": 7, "speed": 9, "proficiency_bonus": 2,
                   "abilities": {"str": 8, "dex": 14, "con": 10, "int": 10, "wis": 8, "cha": 8}}},
        {"do": "add", "id": "aria", "side": "party", "template": "fighter"})) + "\n", encoding="utf-8")
    log = tmp_path / "fight.db"
    assert cli_main(["run", str(script), "--log", str(log), "-q"]) == 0
    assert cli_main(["state", str(log)]) == 0
    assert "Difficult" not in capsys.readouterr().out  # nothing rated: nothing said, the table as before
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"do": "add", "id": "ogre", "side": "monsters", "template": "ogre",
                                "overrides": {"cr": 2}}) + "\n", encoding="utf-8")
    assert cli_main(["run", str(more), "--log", str(log), "-q"]) == 0
    capsys.readouterr()
    assert cli_main(["state", str(log)]) == 0
    assert "Difficulté : inconnue — aucun niveau pour aria (non comptés, sans FP : gob)" in capsys.readouterr().out
    assert cli_main(["state", str(log), "--lang", "en"]) == 0
    assert "Difficulty: unknown — no level for aria (not counted, no CR: gob)" in capsys.readouterr().out
    assert cli_main(["state", str(log), "--json"]) == 0
    assert "difficulty" not in capsys.readouterr().out  # the state document is unchanged


def test_the_shell_header_and_state_rate_pcs_with_a_level(tmp_path, capsys):
    from combatlog.cli.play_view import status_table
    from combatlog.projections.document import state_document

    state = _folded(tmp_path, "dnd5e-2014",
                    {"do": "add", "id": "ogre", "side": "m", "template": "ogre", "overrides": {"cr": 2}},
                    {"do": "add", "id": "aria", "side": "p", "template": "fighter", "overrides": {"level": 7}})
    table = status_table(state_document(state), "fr", state)
    # 450 XP, x1.5 for a party of one (DMG: fewer than three, the next multiplier) = 675 against 350 / 750: easy
    assert "difficulté : facile" in str(table.title)


def test_state_rates_library_goblins_from_their_library_entry_against_a_level_3_pc(tmp_path, capsys):
    """SRD 5.1 goblins added from the library carry no CR in their stat block: the entry gives CR 1/4, 50 XP each.
    Four goblins: 200 XP, x2 for 3-6 monsters, one step higher for a party under three (DMG 2014) = x2.5 = 500
    against one level-3 PC (75 / 150 / 225 / 400): deadly (x2 alone, 400, is deadly too)."""
    hero = {"ac": 15, "max_hp": 30, "speed": 9, "proficiency_bonus": 2, "level": 3,
            "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    commands = [{"do": "create", "ruleset": "dnd5e-2014", "seed": 1, "lang": "en"},
                {"do": "add", "id": "hero", "side": "party", "kind": "pc", "stats": hero}]
    commands += [{"do": "add", "id": f"g{n}", "side": "foes", "template": "goblin"} for n in range(1, 5)]
    script = tmp_path / "goblins.jsonl"
    script.write_text("".join(json.dumps(command) + "\n" for command in commands), encoding="utf-8")
    log = tmp_path / "goblins.db"
    assert combatlog.library("dnd5e-2014").get("goblin")["xp"] == 50
    assert cli_main(["run", str(script), "--log", str(log), "--quiet"]) == 0
    capsys.readouterr()
    assert cli_main(["state", str(log), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Difficulty: deadly — 200 XP × 2.5 = 500 XP (thresholds: easy 75, medium 150, hard 225, deadly 400)" in out
