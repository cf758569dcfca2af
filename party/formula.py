"""The formulas Foundry VTT sheets hold (`@classes.sorcerer.levels`, `max(@abilities.str.mod, @attributes.spell.mod)`,
`(floor((@details.level + 1) / 6))d6`, `@scale.monk.die + @mod`), read without `eval`.

A small recursive-descent reader: numbers, `@paths` looked up in a roll-data dictionary, `+ - * /`, parentheses,
`floor`/`ceil`/`round`/`abs`/`min`/`max`, and dice `NdM` (N and M may be parenthesised numbers). Flavour
brackets (`1d6[radiant]`) are dropped. The result is a `Dice`: whole dice by faces and a constant, so a damage
formula comes out as `1d8+3` and a bonus as a plain number. Anything else is a FormulaError naming the formula.
"""

from __future__ import annotations

from collections.abc import Callable
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

MAX_FORMULA = 400  # characters: a sheet's formula is a line, never a program
MAX_DICE = 100  # a formula rolling more dice than this is not a sheet's


class FormulaError(ValueError):
    """The formula cannot be read: the message says where."""


@dataclass
class Dice:
    """Dice by faces ({8: 1} is 1d8) plus a constant."""

    const: Fraction = Fraction(0)
    dice: dict[int, int] = field(default_factory=dict)

    def __add__(self, other: Dice) -> Dice:
        dice = dict(self.dice)
        for faces, count in other.dice.items():
            dice[faces] = dice.get(faces, 0) + count
        return Dice(self.const + other.const, {f: c for f, c in dice.items() if c})

    def __neg__(self) -> Dice:
        return Dice(-self.const, {f: -c for f, c in self.dice.items()})

    def scaled(self, factor: Fraction) -> Dice:
        return Dice(self.const * factor, {f: int(c * factor) for f, c in self.dice.items()})

    @property
    def is_number(self) -> bool:
        return not self.dice

    def number(self) -> int:
        """The whole number (rounded down, as the system's bonuses are)."""
        if self.dice:
            raise FormulaError("dice where a number is expected")
        return math.floor(self.const)

    def roll_text(self) -> str:
        """`2d6+3`, `1d8`, `1d6+1d4-1` (the largest die first)."""
        text = ""
        for faces in sorted(self.dice, reverse=True):
            count = self.dice[faces]
            text += f"{count}d{faces}" if not text else f"{'+' if count > 0 else '-'}{abs(count)}d{faces}"
        constant = math.floor(self.const)
        if constant or not text:
            text += str(constant) if not text else f"{constant:+d}"
        return text


TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|(@[A-Za-z_][\w.-]*)|([A-Za-z_]+)|(\S))")
FUNCTIONS: dict[str, Callable[..., Any]] = {"floor": math.floor, "ceil": math.ceil, "round": round, "abs": abs, "min": min, "max": max}


def evaluate(formula: Any, data: dict) -> Dice:
    """`formula` (text or a number) with `@paths` from `data`; raises FormulaError."""
    if isinstance(formula, bool):
        raise FormulaError(f"{formula!r} is not a formula")
    if isinstance(formula, (int, float)):
        return Dice(Fraction(formula))
    text = re.sub(r"\[[^\[\]]*\]", "", str(formula or ""))  # flavour: 1d6[radiant]
    if len(text) > MAX_FORMULA:
        raise FormulaError("the formula is too long")
    if not text.strip():
        return Dice()
    return _Reader(text, data).read()


def number(formula: Any, data: dict) -> int:
    return evaluate(formula, data).number()


class _Reader:
    def __init__(self, text: str, data: dict):
        self.text, self.data = text, data
        self.tokens: list[tuple[str, str]] = []
        position = 0
        while position < len(text):
            found = TOKEN.match(text, position)
            if not found or found.end() == position:
                break
            position = found.end()
            if found.group(1):
                self.tokens.append(("num", found.group(1)))
            elif found.group(2):
                self.tokens.append(("ref", found.group(2)[1:]))
            elif found.group(3):
                self.tokens.append(("name", found.group(3)))
            elif found.group(4):
                self.tokens.append(("op", found.group(4)))
        self.at = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, op: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if token is None or (op is not None and token != ("op", op)):
            raise FormulaError(f"'{self.text.strip()}' cannot be read")
        self.at += 1
        return token

    def read(self) -> Dice:
        value = self.sum()
        if self.peek() is not None:
            raise FormulaError(f"'{self.text.strip()}' cannot be read")
        return value

    def sum(self) -> Dice:
        value = self.product()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            right = self.product()
            value = value + (right if op == "+" else -right)
        return value

    def product(self) -> Dice:
        value = self.unary()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.take()[1]
            right = self.unary()
            if op == "*":
                if value.is_number:
                    value, right = right, value
                if not right.is_number:
                    raise FormulaError(f"'{self.text.strip()}': dice times dice")
                value = value.scaled(right.const)
            else:
                if not right.is_number or right.const == 0:
                    raise FormulaError(f"'{self.text.strip()}': a division by dice or by zero")
                value = value.scaled(1 / right.const)
        return value

    def unary(self) -> Dice:
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        if self.peek() == ("op", "+"):
            self.take()
            return self.unary()
        return self.dice()

    def dice(self) -> Dice:
        """`N d M`: a count (a number or a parenthesised one) followed by `d` and the faces."""
        token = self.peek()
        if token is not None and token[0] == "name" and re.fullmatch(r"d\d+", token[1]):
            self.take()
            return self._roll(1, int(token[1][1:]))
        value = self.atom()
        token = self.peek()
        if token is not None and token[0] == "name" and re.fullmatch(r"d(\d+)?", token[1]):
            self.take()
            faces_text = token[1][1:]
            faces = int(faces_text) if faces_text else self.atom().number()
            return self._roll(value.number(), faces)
        return value

    def _roll(self, count: int, faces: int) -> Dice:
        if not 0 <= count <= MAX_DICE or not 1 <= faces <= 1000:
            raise FormulaError(f"'{self.text.strip()}': {count}d{faces} is not a die of a sheet")
        return Dice(Fraction(0), {faces: count} if count else {})

    def atom(self) -> Dice:
        kind, value = self.take()
        if kind == "num":
            return Dice(Fraction(value))
        if kind == "ref":
            return self._lookup(value)
        if kind == "name" and value in FUNCTIONS:
            self.take("(")
            arguments = [self.sum()]
            while self.peek() == ("op", ","):
                self.take()
                arguments.append(self.sum())
            self.take(")")
            if any(not a.is_number for a in arguments):
                raise FormulaError(f"'{self.text.strip()}': {value}() of dice")
            result = FUNCTIONS[value](*(a.const for a in arguments))
            return Dice(Fraction(result))
        if (kind, value) == ("op", "("):
            inner = self.sum()
            self.take(")")
            return inner
        raise FormulaError(f"'{self.text.strip()}' cannot be read")

    def _lookup(self, path: str) -> Dice:
        node: Any = self.data
        for part in path.split("."):
            if isinstance(node, dict) and part in node:
                node = node[part]
            else:
                raise FormulaError(f"@{path} is not on the sheet")
        if isinstance(node, bool) or node is None:
            raise FormulaError(f"@{path} is not a number")
        if isinstance(node, (int, float)):
            return Dice(Fraction(node))
        if isinstance(node, str):
            # a scale value holds a die ("1d8") or a number as text; a nested formula is read once more
            return _Reader(node, {}).read() if len(node) < 40 else evaluate(node, {})
        raise FormulaError(f"@{path} is not a number")
