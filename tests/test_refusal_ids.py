"""Refusals are catalog message ids, said in the reader's language only when shown.

`str(error)` / `.message` are the English text, `.localized("fr")` the French; numbers are written by each
language's rules (4.5 m / 4,5 m). Older call forms, with finished texts, are still accepted."""

import pickle

import pytest

from combatlog.core.kernel.dice import DiceError
from combatlog.core.kernel.errors import InvalidCommand, RuleViolation, fail, refused
from combatlog.words import Phrase, both


def test_a_refusal_keeps_its_id_and_variables_and_says_them_in_each_language():
    error = fail("rule-cannot-reach-with-m-away", attacker="aria", target="gob1", profile="longsword",
                 distance=4.5, reach=1.5)
    assert (error.message_id, error.message_args["distance"]) == ("rule-cannot-reach-with-m-away", 4.5)
    assert str(error) == error.message == "aria cannot reach gob1 with longsword: 4.5 m away, reach 1.5 m"
    assert error.localized("fr") == error.message_fr == \
        "aria ne peut pas atteindre gob1 avec longsword : à 4,5 m, allonge 1,5 m"
    assert error.localized("en") == str(error)


def test_a_phrase_given_as_a_variable_is_said_in_the_refusal_s_language():
    error = RuleViolation("rule-cannot-dead", creature="gob1", what=Phrase("verb-attack"))
    assert error.localized("fr") != str(error)
    assert (str(error), error.localized("fr")) == both("rule-cannot-dead", creature="gob1", what=Phrase("verb-attack"))


def test_the_older_call_forms_still_work():
    english, french = both("rule-nothing-to-undo")
    for error in (fail(*both("rule-nothing-to-undo")), fail(english, french), RuleViolation(english, french),
                  RuleViolation(english, message_fr=french), InvalidCommand(english, french)):
        assert (str(error), error.localized("fr"), error.message_fr) == (english, french, french)
        assert error.message_id is None
    same = RuleViolation("a text said the same in every language")
    assert same.localized("fr") == str(same) == "a text said the same in every language"
    assert fail("rule-nothing-to-undo").localized("fr") == french


@pytest.mark.parametrize("error", [
    fail("rule-cannot-reach-with-m-away", attacker="a", target="b", profile="c", distance=6.0, reach=1.5),
    RuleViolation("plain english", "français"),
    InvalidCommand("rule-command-must-be-json-object"),
])
def test_a_copied_refusal_keeps_both_languages(error):
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert (str(copy), copy.localized("fr")) == (str(error), error.localized("fr"))


def test_a_dice_error_becomes_a_refusal_with_the_same_words():
    error = DiceError("dice-not-used", count=2, listed="3, 4")
    refusal = refused(error)
    assert isinstance(refusal, RuleViolation) and refusal.message_id == "dice-not-used"
    assert (str(refusal), refusal.localized("fr")) == (str(error), error.localized("fr")) == \
        ("2 supplied dice were not used: 3, 4", "2 dés fournis non utilisés : 3, 4")


def test_a_refused_pf1_command_appends_nothing_and_names_the_problem_in_both_languages(tmp_path):
    """INTERFACE-pf1: a combatant id is unique; the refusal names it, in English and French, and writes nothing."""
    import combatlog

    with combatlog.open_log(tmp_path / "log.db") as log:
        fight = log.encounter()
        fight.execute({"do": "create", "ruleset": "pf1", "seed": 7})
        fight.execute({"do": "add", "id": "eve", "side": "enemies", "template": "goblin"})
        before = log.last_seq()
        with pytest.raises(RuleViolation) as refusal:
            fight.execute({"do": "add", "id": "eve", "side": "enemies", "template": "goblin"})
        assert log.last_seq() == before
    assert refusal.value.message_id == "pf1-rule-there-already-combatant"
    assert (str(refusal.value), refusal.value.localized("fr")) == \
        ("there is already a combatant 'eve'", "il y a déjà un combattant 'eve'")
