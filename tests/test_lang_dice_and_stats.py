"""Bad dice expressions and stat-block problems are refused in the encounter's language, French or English,
with the English text unchanged; nothing is appended."""

import pytest

from combatlog.core.kernel.dice import DiceError, DiceExpression
from conftest import run_script, state_of

FIGHTERS = [
    {"do": "add", "id": "a", "side": "x", "template": "goblin", "at": [0, 0]},
    {"do": "add", "id": "b", "side": "y", "template": "goblin", "at": [1, 0]},
    {"do": "initiative", "id": "a", "value": 10},
    {"do": "initiative", "id": "b", "value": 5},
    {"do": "start"},
]
STATS = {"ac": 12, "max_hp": 10, "hp": 50, "speed": 9, "proficiency_bonus": 2, "saves": ["luck"],
         "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
         "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "damage": [{"roll": "1d+x", "type": "bludgeoning"}]}]}


@pytest.mark.parametrize("text, english, french", [
    ("2d6+", "'2d6+' is not a dice expression: expected something like 2d6+3",
     "« 2d6+ » n'est pas une expression de dés : il faut quelque chose comme 2d6+3"),
    ("0d6", "'0d6' is not a dice expression: a term rolls from 1 to 1000 dice, not 0",
     "« 0d6 » n'est pas une expression de dés : un terme lance de 1 à 1000 dés, pas 0"),
    ("4d6kh5", "'4d6kh5' is not a dice expression: cannot keep 5 of 4 dice",
     "« 4d6kh5 » n'est pas une expression de dés : impossible de garder 5 dés sur 4"),
])
def test_a_bad_dice_expression_is_explained_in_both_languages(text, english, french):
    with pytest.raises(DiceError) as caught:
        DiceExpression.parse(text)
    assert str(caught.value) == caught.value.localized("en") == english
    assert caught.value.localized("fr") == french


@pytest.mark.parametrize("lang, expected", [
    ("fr", "ligne 7 : « 2d6+ » n'est pas une expression de dés : il faut quelque chose comme 2d6+3"),
    ("en", "line 7: '2d6+' is not a dice expression: expected something like 2d6+3"),
])
def test_a_damage_roll_that_is_no_dice_expression_is_refused_in_the_encounters_language(
        tmp_path, monkeypatch, lang, expected):
    # Given a French (or English) fight read in the same language, When the DM deals "2d6+" fire damage,
    # Then the line is refused in that language and nothing of it is written.
    monkeypatch.setenv("LANG", "fr_FR.UTF-8" if lang == "fr" else "C")
    log = tmp_path / "fight.db"
    assert run_script(log, {"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": lang}, *FIGHTERS).code == 0
    before = state_of(log)["seq"]
    refused = run_script(log, *[{"do": "heal", "target": "a", "amount": 1}] * 6,
                         {"do": "damage", "target": "b", "roll": "2d6+", "type": "fire"})
    assert refused.code != 0 and expected in refused.err
    assert state_of(log)["seq"] == before + 6 * 2  # the six heals before it, nothing of the refused line


@pytest.mark.parametrize("lang, expected", [
    ("fr", "caractéristiques de a : saves : « luck » inconnu ; hp 50 doit être compris entre 0 et max_hp 10 ; "
           "attaque « club » : « 1d+x » n'est pas une expression de dés : il faut quelque chose comme 2d6+3"),
    ("en", "a's stats: saves: unknown 'luck'; hp 50 must lie between 0 and max_hp 10; "
           "attack 'club': '1d+x' is not a dice expression: expected something like 2d6+3"),
])
def test_every_problem_of_a_stat_block_is_named_in_the_encounters_language(tmp_path, lang, expected):
    log = tmp_path / "fight.db"
    refused = run_script(log, {"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": lang},
                         {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": STATS, "at": [0, 0]})
    assert refused.code != 0 and expected in refused.err


@pytest.mark.parametrize("lang, expected", [
    ("fr", "caractéristiques de a : champ « proficiency_bonus » manquant"),
    ("en", "a's stats: missing field 'proficiency_bonus'"),
])
def test_a_missing_stat_is_named_in_the_encounters_language(tmp_path, lang, expected):
    stats = {key: value for key, value in STATS.items() if key not in ("proficiency_bonus", "hp", "saves")}
    log = tmp_path / "fight.db"
    refused = run_script(log, {"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": lang},
                         {"do": "add", "id": "a", "side": "x", "kind": "monster", "stats": stats, "at": [0, 0]})
    assert refused.code != 0 and expected in refused.err
