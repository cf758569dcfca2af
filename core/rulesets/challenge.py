"""A challenge rating as a stat block may carry it (`"cr": "1/4"`, `2`, `0.5`), for the encounter's difficulty."""

from typing import Any, cast

from fractions import Fraction

from combatlog.words import Phrase

# The fractions the 5e SRD and the PRD print (PF1 adds 1/6 and 1/3).
FRACTIONS = (Fraction(1, 8), Fraction(1, 6), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2))


def parse_cr(value: object) -> Fraction:
    """`"1/4"`, `"2"`, `2`, `0.25` → a Fraction; ValueError for anything that is no challenge rating (0 to 30)."""
    if isinstance(value, bool):
        raise ValueError(value)
    try:
        cr = Fraction(str(value).strip()) if isinstance(value, str) else Fraction(cast(Any, value)).limit_denominator(8)
    except (ValueError, TypeError, ZeroDivisionError):
        raise ValueError(value) from None
    if not (cr in FRACTIONS or (cr.denominator == 1 and 0 <= cr <= 30)):
        raise ValueError(value)
    return cr


def cr_text(cr: Fraction) -> str:
    return str(cr.numerator) if cr.denominator == 1 else f"{cr.numerator}/{cr.denominator}"


MAX_XP = 10_000_000


def challenge_problems(cr: object, xp: int | None) -> list[Phrase]:
    """A stat block's `cr` and `xp`, checked: one problem (a message of the catalogs) per bad value."""
    problems = []
    if cr is not None:
        try:
            parse_cr(cr)
        except ValueError:
            problems.append(Phrase("stats-bad-cr", value=str(cr)))
    if xp is not None and not 0 <= xp <= MAX_XP:
        problems.append(Phrase("stats-bad-xp", value=xp))
    return problems
