"""Dice expressions, dice sources and rolls: every face comes from a source, so rolls replay exactly."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable

from combatlog.words import Sayable

__all__ = [
    "DiceError",
    "DiceTerm",
    "DiceExpression",
    "DiceSource",
    "SeededDice",
    "SuppliedDice",
    "TermRoll",
    "RollResult",
    "roll",
    "roll_d20",
]

MAX_COUNT = 1000
MAX_SIDES = 1000

# One signed term; the sign is optional only on the first. Numbers are capped at 9 digits so
# int() never meets a pathological string; anything longer fails as garbage.
_TOKEN = re.compile(
    r"\s*(?P<sign>[+-])?\s*(?:"
    r"(?P<count>[0-9]{1,9})?[dD](?P<sides>[0-9]{1,9}|%)(?:[kK](?P<keep>[hHlL])(?P<keep_count>[0-9]{1,9})?)?"
    r"|(?P<constant>[0-9]{1,9}))\s*",
    re.ASCII,
)


class DiceError(Sayable, ValueError):
    """A bad dice expression, or supplied faces that are wrong, missing or left over: a catalog message id and its
    variables (a DiceError given as a variable is said in the message's language)."""


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """One NdS term, possibly keeping only the highest or lowest dice."""

    count: int
    sides: int
    sign: int = 1
    keep: str | None = None
    keep_count: int = 0

    def __post_init__(self) -> None:
        if self.keep is None and self.keep_count == 0:
            object.__setattr__(self, "keep_count", self.count)
        if not 1 <= self.count <= MAX_COUNT:
            raise DiceError("dice-term-count", max=MAX_COUNT, count=self.count)
        if not 1 <= self.sides <= MAX_SIDES:
            raise DiceError("dice-term-sides", max=MAX_SIDES, sides=self.sides)
        if self.sign not in (1, -1):
            raise DiceError(f"a term's sign is +1 or -1, not {self.sign}")
        if self.keep not in (None, "h", "l"):
            raise DiceError(f"keep is 'h' (highest) or 'l' (lowest), not {self.keep!r}")
        if self.keep is None and self.keep_count != self.count:
            raise DiceError(f"{self.count}d{self.sides} keeps every die, so keep_count must be {self.count}")
        if self.keep is not None and not 1 <= self.keep_count <= self.count:
            raise DiceError("dice-term-keep", keep=self.keep_count, count=self.count)

    def __str__(self) -> str:
        keep = f"k{self.keep}{self.keep_count}" if self.keep else ""
        return f"{self.count}d{self.sides}{keep}"


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A sum of dice terms and a constant, e.g. 2d6+1d8+3."""

    terms: tuple[DiceTerm, ...]
    constant: int
    text: str

    @staticmethod
    def parse(text: str) -> DiceExpression:
        """Parse dice notation such as "2d6+3", "d20", "4d6kh3", "d%" or "-1" (an expression is immutable:
        the few a fight rolls are parsed once and kept)."""
        if type(text) is str:
            parsed = _PARSED.get(text)
            if parsed is None:
                parsed = DiceExpression._parse(text)
                if len(_PARSED) >= _PARSED_KEPT:
                    _PARSED.clear()
                _PARSED[text] = parsed
            return parsed
        return DiceExpression._parse(text)

    @staticmethod
    def _parse(text: str) -> DiceExpression:
        if not isinstance(text, str):
            raise DiceError("dice-not-text", kind=type(text).__name__)
        if not text.strip():
            raise DiceError("dice-empty", shown=repr(text), text=text)
        terms: list[DiceTerm] = []
        constant = 0
        position = 0
        while position < len(text):
            match = _TOKEN.match(text, position)
            if match is None or (position and not match["sign"]):
                raise DiceError("dice-not-expression", shown=repr(text), text=text)
            position = match.end()
            sign = -1 if match["sign"] == "-" else 1
            if match["constant"] is not None:
                constant += sign * int(match["constant"])
                continue
            count = int(match["count"]) if match["count"] else 1
            sides = 100 if match["sides"] == "%" else int(match["sides"])
            keep = match["keep"].lower() if match["keep"] else None
            keep_count = int(match["keep_count"] or 1) if keep else count
            try:
                terms.append(DiceTerm(count, sides, sign, keep, keep_count))
            except DiceError as error:
                raise DiceError("dice-bad-term", shown=repr(text), text=text, reason=error) from None
        return DiceExpression.of(terms, constant)

    @staticmethod
    def of(terms: Sequence[DiceTerm], constant: int = 0) -> DiceExpression:
        """Build an expression from terms and a constant, writing its normalised text."""
        parts = [("-" if t.sign < 0 else "+" if i else "") + str(t) for i, t in enumerate(terms)]
        if constant or not terms:
            parts.append(f"{constant:+d}" if terms else str(constant))
        return DiceExpression(tuple(terms), constant, "".join(parts))

    def minimum(self) -> int:
        """Lowest possible total."""
        return self.constant + sum(t.keep_count if t.sign > 0 else -t.keep_count * t.sides for t in self.terms)

    def maximum(self) -> int:
        """Highest possible total."""
        return self.constant + sum(t.keep_count * t.sides if t.sign > 0 else -t.keep_count for t in self.terms)

    def dice_count(self, critical: bool = False) -> int:
        """How many faces a roll consumes."""
        return sum(t.count for t in self.terms) * (2 if critical else 1)

    def __str__(self) -> str:
        return self.text


_PARSED: dict[str, DiceExpression] = {}  # dice text -> its parsed expression (a parse error is never kept)
_PARSED_KEPT = 256


@runtime_checkable
class DiceSource(Protocol):
    """Anything that hands out die faces one at a time."""

    def next_face(self, sides: int) -> int: ...


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise DiceError(f"a die needs a whole number of sides, at least 1, not {sides!r}")


class SeededDice:
    """Deterministic dice stream of an encounter: face number n of the stream depends only on (seed, n)."""

    __slots__ = ("seed", "position", "drawn")

    def __init__(self, seed: str | int, position: int = 0):
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise DiceError(f"a dice stream position is a whole number from 0, not {position!r}")
        self.seed = seed
        self.position = position
        self.drawn = 0

    def next_face(self, sides: int) -> int:
        """Draw the face at the current position and advance by one."""
        _check_sides(sides)
        # Seeding a fresh Random per face from a string is stable across processes and Python
        # runs (unlike hash()), so any face can be recomputed from (seed, position) alone.
        face = random.Random(f"{self.seed}:{self.position}").randint(1, sides)
        self.position += 1
        self.drawn += 1
        return face

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r}, position={self.position})"


class SuppliedDice:
    """Faces typed in by the table, consumed in order."""

    __slots__ = ("faces", "used")

    def __init__(self, faces: Sequence[int]):
        self.faces = tuple(faces)
        self.used = 0

    def next_face(self, sides: int) -> int:
        """Hand out the next supplied face, checking it fits a die of this many sides."""
        _check_sides(sides)
        if self.used >= len(self.faces):
            raise DiceError("dice-not-enough", sides=sides)
        face = self.faces[self.used]
        number = self.used + 1
        if isinstance(face, bool) or not isinstance(face, int):
            raise DiceError("dice-not-whole", number=number, sides=sides, face=repr(face))
        if not 1 <= face <= sides:
            raise DiceError("dice-cannot-show", number=number, sides=sides, face=face)
        self.used += 1
        return face

    def unused(self) -> tuple[int, ...]:
        """Supplied faces not yet consumed."""
        return self.faces[self.used :]

    def take_rest(self) -> tuple[int, ...]:
        """Hand over the faces not yet consumed (a suspended command keeps them for later)."""
        rest = self.unused()
        self.used = len(self.faces)
        return rest

    def check_all_used(self) -> None:
        """Refuse leftover faces: they usually mean the table rolled for something else."""
        left = self.unused()
        if left:
            listed = ", ".join(str(face) for face in left)
            raise DiceError("dice-not-used", count=len(left), listed=listed)

    def __repr__(self) -> str:
        return f"SuppliedDice({list(self.faces)!r}, used={self.used})"


@dataclass(frozen=True, slots=True)
class TermRoll:
    """The faces one term rolled and the ones it kept."""

    term: DiceTerm
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    subtotal: int


@dataclass(frozen=True, slots=True)
class RollResult:
    """A rolled expression: every face, and the total (possibly negative; callers clamp)."""

    expression: str
    terms: tuple[TermRoll, ...]
    constant: int
    total: int
    critical: bool

    @property
    def faces(self) -> tuple[int, ...]:
        """All faces rolled, in roll order."""
        return tuple(face for term in self.terms for face in term.faces)


def _keep(faces: tuple[int, ...], keep: str | None, keep_count: int) -> tuple[int, ...]:
    if keep is None:
        return faces
    ranked = sorted(range(len(faces)), key=faces.__getitem__, reverse=keep == "h")
    return tuple(faces[i] for i in sorted(ranked[:keep_count]))


def roll(expression: str | DiceExpression, source: DiceSource, *, critical: bool = False) -> RollResult:
    """Roll terms left to right; a critical rolls every term's dice twice, the constant once."""
    parsed = expression if isinstance(expression, DiceExpression) else DiceExpression.parse(expression)
    factor = 2 if critical else 1
    rolled = []
    for term in parsed.terms:
        faces = tuple(source.next_face(term.sides) for _ in range(term.count * factor))
        kept = _keep(faces, term.keep, term.keep_count * factor)
        rolled.append(TermRoll(term, faces, kept, term.sign * sum(kept)))
    total = sum(t.subtotal for t in rolled) + parsed.constant
    return RollResult(parsed.text, tuple(rolled), parsed.constant, total, bool(critical))


def roll_d20(source: DiceSource, *, advantage: bool = False, disadvantage: bool = False) -> tuple[int, tuple[int, ...]]:
    """Roll a d20, two with advantage or disadvantage (both cancel); return (kept face, all faces)."""
    if bool(advantage) == bool(disadvantage):
        face = source.next_face(20)
        return face, (face,)
    faces = (source.next_face(20), source.next_face(20))
    return (max(faces) if advantage else min(faces)), faces
