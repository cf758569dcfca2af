"""Numbers in the reader's language, as Babel writes them for English and French, without Babel's locale data:
a message's number arguments (`Int`, `Float`), a number written out (`decimal_text`), and CLDR's plural category
of a number (`PLURALS`). Imports nothing heavy at its top (decimal on first use): `combatlog.words` reads it in every call."""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from typing import Any, Callable

DECIMAL_MARK = {"en": ".", "fr": ","}


class Number:
    """A number argument and how it is written (fluent.runtime's FluentNumber with `useGrouping=False`): `places`
    fraction digits at most (3, Fluent's default, for an int; 2 for a float, as words/ asks)."""

    __slots__ = ()
    places: int


class Int(int, Number):
    places = 3


class Float(float, Number):
    places = 2


def decimal_text(value: Any, lang: str, places: int) -> str:
    """`value` written as Babel's pattern "0.##" (or "#,##0.###" without grouping) writes it in `lang`: at most
    `places` fraction digits, half-even rounding, no trailing zeros, the language's decimal mark, "-" before a
    negative number (-0.0 included), "∞" for an infinity."""
    if isinstance(value, int) and not isinstance(value, bool):  # the usual case: its digits as Python writes them
        return int.__repr__(value)
    from decimal import Decimal  # msgspec has imported it already in any call that says a number

    number = value if isinstance(value, Decimal) else Decimal(str(value))
    sign = "-" if number.is_signed() else ""
    number = abs(number).normalize()
    if number.is_infinite():
        return sign + "∞"
    whole, _, fraction = f"{number.quantize(Decimal(1).scaleb(-places)):f}".partition(".")
    fraction = fraction or "0"
    if int(fraction) == 0:
        return sign + whole
    return sign + whole + DECIMAL_MARK[lang] + fraction.rstrip("0")


def _operands(value: float) -> tuple[int, int]:
    """CLDR's plural operands i (the integer digits) and v (the count of visible fraction digits), as Babel reads
    them from a number."""
    from decimal import Decimal

    n: Any = abs(value)
    i = int(n)
    if isinstance(n, float):
        n = i if i == n else Decimal(str(n))
    if isinstance(n, Decimal):
        exponent = n.as_tuple().exponent
        return i, (-exponent if isinstance(exponent, int) and exponent < 0 else 0)
    return i, 0


def plural_en(value: float) -> str:
    """CLDR English: one when i = 1 and v = 0."""
    i, v = _operands(value)
    return "one" if i == 1 and v == 0 else "other"


def plural_fr(value: float) -> str:
    """CLDR French: one when i = 0 or 1; many when i is a non-zero multiple of a million and v = 0."""
    i, v = _operands(value)
    if i in (0, 1):
        return "one"
    if i != 0 and i % 1000000 == 0 and v == 0:
        return "many"
    return "other"


PLURALS: dict[str, Callable[[float], str]] = {"en": plural_en, "fr": plural_fr}
