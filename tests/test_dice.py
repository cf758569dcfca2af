"""Tests for combatlog.core.kernel.dice: parsing, sources, rolls, criticals and d20 advantage."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combatlog.core.kernel.dice import (
    DiceError,
    DiceExpression,
    DiceSource,
    DiceTerm,
    RollResult,
    SeededDice,
    SuppliedDice,
    roll,
    roll_d20,
)


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("2d6+3", "2d6+3"),
        ("d20", "1d20"),
        ("1D20", "1d20"),
        (" 2d6 + 1d8 + 3 - 1 ", "2d6+1d8+2"),
        ("2d20kh1", "2d20kh1"),
        ("2d20KL1", "2d20kl1"),
        ("4d6kh3", "4d6kh3"),
        ("d%", "1d100"),
        ("5", "5"),
        ("-5", "-5"),
        ("+1d4", "1d4"),
        ("-1d4+2", "-1d4+2"),
        ("3+2d6", "2d6+3"),
        ("1d6-1", "1d6-1"),
        ("1d6+1-1", "1d6"),
    ],
)
def test_parse_accepts_common_notation_and_normalises_it(text, normalised):
    assert DiceExpression.parse(text).text == normalised
    assert str(DiceExpression.parse(text)) == normalised


def test_parse_splits_terms_and_sums_constants():
    expression = DiceExpression.parse("2d6+1d8+3-1")
    assert expression.terms == (DiceTerm(2, 6, 1, None, 2), DiceTerm(1, 8, 1, None, 1))
    assert expression.constant == 2


def test_parse_reads_keep_highest_and_negative_terms():
    assert DiceExpression.parse("4d6kh3").terms == (DiceTerm(4, 6, 1, "h", 3),)
    assert DiceExpression.parse("-2d4").terms == (DiceTerm(2, 4, -1, None, 2),)


def test_a_bare_constant_has_no_terms():
    expression = DiceExpression.parse("5")
    assert expression.terms == () and expression.constant == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "'' is not a dice expression: it is empty"),
        ("   ", "is not a dice expression: it is empty"),
        ("2d", "'2d' is not a dice expression: expected something like 2d6+3"),
        ("d", "'d' is not a dice expression: expected something like 2d6+3"),
        ("2d6+", "'2d6+' is not a dice expression: expected something like 2d6+3"),
        ("2d6 3", "'2d6 3' is not a dice expression"),
        ("2d6++3", "'2d6++3' is not a dice expression"),
        ("fireball", "'fireball' is not a dice expression"),
        ("2dé6", "'2dé6' is not a dice expression"),
        ("0d6", "'0d6' is not a dice expression: a term rolls from 1 to 1000 dice, not 0"),
        ("1001d6", "a term rolls from 1 to 1000 dice, not 1001"),
        ("2d0", "'2d0' is not a dice expression: a die has from 1 to 1000 sides, not 0"),
        ("1d1001", "a die has from 1 to 1000 sides, not 1001"),
        ("2d6kh3", "'2d6kh3' is not a dice expression: cannot keep 3 of 2 dice"),
        ("2d6kh0", "cannot keep 0 of 2 dice"),
        ("2d6kx1", "'2d6kx1' is not a dice expression"),
    ],
)
def test_parse_rejects_bad_expressions_naming_the_text(text, message):
    with pytest.raises(DiceError, match=message.replace("+", r"\+")):
        DiceExpression.parse(text)


def test_parse_rejects_a_non_text_expression():
    with pytest.raises(DiceError, match="a dice expression is text, not int"):
        DiceExpression.parse(20)


def test_dice_error_is_a_value_error():
    assert issubclass(DiceError, ValueError)


# --- bounds ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("2d6+3", 5, 15),
        ("1d6-1", 0, 5),
        ("4d6kh3", 3, 18),
        ("-1d4+2", -2, 1),
        ("5", 5, 5),
        ("d%", 1, 100),
    ],
)
def test_minimum_and_maximum_bound_the_total(text, low, high):
    expression = DiceExpression.parse(text)
    assert (expression.minimum(), expression.maximum()) == (low, high)


def test_dice_count_counts_rolled_dice_and_doubles_on_a_critical():
    expression = DiceExpression.parse("4d6kh3+1d8+2")
    assert expression.dice_count() == 5
    assert expression.dice_count(critical=True) == 10


# --- supplied dice -----------------------------------------------------------------------------


def test_supplied_faces_are_consumed_in_order():
    dice = SuppliedDice([3, 4, 8])
    result = roll("2d6+1d8-1", dice)
    assert result.faces == (3, 4, 8)
    assert result.total == 14
    assert dice.used == 3 and dice.unused() == ()
    dice.check_all_used()


def test_an_out_of_range_face_is_rejected_with_its_position():
    with pytest.raises(DiceError, match=r"die 2 \(a d6\) cannot show 7: faces run from 1 to 6"):
        roll("2d6", SuppliedDice([3, 7]))
    with pytest.raises(DiceError, match=r"die 1 \(a d6\) cannot show 0"):
        roll("1d6", SuppliedDice([0]))


def test_a_face_that_is_not_a_whole_number_is_rejected():
    with pytest.raises(DiceError, match=r"die 1 \(a d6\) must be a whole number, not True"):
        SuppliedDice([True]).next_face(6)
    with pytest.raises(DiceError, match=r"die 1 \(a d6\) must be a whole number, not '4'"):
        SuppliedDice(["4"]).next_face(6)


def test_too_few_faces_names_the_missing_die():
    with pytest.raises(DiceError, match="not enough dice supplied: a d20 is still needed"):
        roll("1d6+1d20", SuppliedDice([4]))


def test_unused_faces_are_reported():
    dice = SuppliedDice([3, 4, 5])
    roll("1d6", dice)
    assert dice.unused() == (4, 5)
    with pytest.raises(DiceError, match="2 supplied dice were not used: 4, 5"):
        dice.check_all_used()


def test_a_single_unused_face_is_reported_in_the_singular():
    dice = SuppliedDice([6])
    with pytest.raises(DiceError, match="1 supplied die was not used: 6"):
        dice.check_all_used()


# --- rolling -----------------------------------------------------------------------------------


def test_keep_highest_keeps_the_best_faces():
    result = roll("4d6kh3", SuppliedDice([1, 5, 3, 6]))
    assert result.terms[0].faces == (1, 5, 3, 6)
    assert result.terms[0].kept == (5, 3, 6)
    assert result.total == 14


def test_keep_lowest_keeps_the_worst_faces():
    result = roll("4d6kl2+1", SuppliedDice([4, 2, 6, 2]))
    assert result.terms[0].kept == (2, 2)
    assert result.total == 5


def test_a_negative_term_subtracts_its_dice():
    result = roll("1d8-1d4", SuppliedDice([6, 3]))
    assert [t.subtotal for t in result.terms] == [6, -3]
    assert result.total == 3


def test_a_total_may_go_below_zero():
    assert roll("1d4-3", SuppliedDice([1])).total == -2


def test_a_critical_doubles_the_dice_but_not_the_modifier():
    result = roll("1d8+3", SuppliedDice([2, 7]), critical=True)
    assert result.faces == (2, 7)
    assert result.total == 12
    assert result.critical


def test_a_critical_doubles_kept_dice_too():
    result = roll("2d20kh1", SuppliedDice([3, 18, 11, 4]), critical=True)
    assert result.terms[0].kept == (18, 11)
    assert result.total == 29


def test_roll_accepts_a_parsed_expression():
    expression = DiceExpression.parse("2d4")
    result = roll(expression, SuppliedDice([1, 2]))
    assert result == RollResult("2d4", result.terms, 0, 3, False)


def test_a_bare_constant_rolls_no_dice():
    dice = SuppliedDice([])
    assert roll("7", dice).total == 7 and dice.used == 0


# --- seeded stream -----------------------------------------------------------------------------


def test_the_same_seed_and_position_give_the_same_faces():
    first = [SeededDice("goblin-ambush").next_face(20) for _ in range(3)]
    assert len(set(first)) == 1
    a, b = SeededDice("goblin-ambush", 5), SeededDice("goblin-ambush", 5)
    assert [a.next_face(6) for _ in range(10)] == [b.next_face(6) for _ in range(10)]


def test_the_seeded_formula_is_random_seeded_by_seed_and_position():
    dice = SeededDice(42, position=7)
    assert dice.next_face(12) == random.Random("42:7").randint(1, 12)


def test_position_after_k_draws_is_k():
    dice = SeededDice("s")
    for _ in range(4):
        dice.next_face(6)
    assert dice.position == 4 and dice.drawn == 4


def test_a_stream_resumed_at_position_three_continues_a_fresh_stream():
    fresh = SeededDice("dragon")
    faces = [fresh.next_face(20) for _ in range(8)]
    resumed = SeededDice("dragon", position=3)
    assert [resumed.next_face(20) for _ in range(5)] == faces[3:]
    assert resumed.position == 8 and resumed.drawn == 5


def test_different_seeds_give_different_streams():
    a, b = SeededDice("a"), SeededDice("b")
    assert [a.next_face(1000) for _ in range(5)] != [b.next_face(1000) for _ in range(5)]


def test_both_sources_satisfy_the_dice_source_protocol():
    assert isinstance(SeededDice(1), DiceSource) and isinstance(SuppliedDice([]), DiceSource)


# --- d20 ---------------------------------------------------------------------------------------


def test_advantage_keeps_the_higher_d20():
    assert roll_d20(SuppliedDice([7, 15]), advantage=True) == (15, (7, 15))


def test_disadvantage_keeps_the_lower_d20():
    assert roll_d20(SuppliedDice([7, 15]), disadvantage=True) == (7, (7, 15))


@pytest.mark.parametrize("both", [False, True])
def test_advantage_and_disadvantage_together_cancel_to_one_d20(both):
    dice = SuppliedDice([12, 3])
    assert roll_d20(dice, advantage=both, disadvantage=both) == (12, (12,))
    assert dice.unused() == (3,)


# --- properties ----------------------------------------------------------------------------------


@st.composite
def expressions(draw):
    terms = []
    for _ in range(draw(st.integers(0, 4))):
        count = draw(st.integers(1, 12))
        keep = draw(st.sampled_from([None, "h", "l"]))
        keep_count = draw(st.integers(1, count)) if keep else count
        sign = draw(st.sampled_from([1, -1]))
        terms.append(DiceTerm(count, draw(st.integers(1, 1000)), sign, keep, keep_count))
    return DiceExpression.of(terms, draw(st.integers(-50, 50)))


@given(expressions(), st.integers())
def test_every_total_lies_between_minimum_and_maximum(expression, seed):
    total = roll(expression, SeededDice(seed)).total
    assert expression.minimum() <= total <= expression.maximum()


@given(expressions(), st.integers(), st.booleans())
def test_dice_count_equals_the_faces_a_roll_consumes(expression, seed, critical):
    dice = SeededDice(seed)
    result = roll(expression, dice, critical=critical)
    assert dice.drawn == len(result.faces) == expression.dice_count(critical)


@given(expressions())
def test_normalised_text_parses_back_to_the_same_expression(expression):
    assert DiceExpression.parse(expression.text) == expression


@given(expressions(), st.integers())
def test_replaying_the_faces_of_a_seeded_roll_gives_the_same_result(expression, seed):
    seeded = roll(expression, SeededDice(seed))
    supplied = SuppliedDice(seeded.faces)
    assert roll(expression, supplied) == seeded
    supplied.check_all_used()


@given(st.text(max_size=20))
def test_parse_raises_only_dice_errors(text):
    try:
        DiceExpression.parse(text)
    except DiceError:
        pass
