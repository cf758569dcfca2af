"""What every ruleset's commands share and no game owns: the command base (tagged by `do`), the log's own
commands (undo, redo, revert: they name transactions, whatever the game), a validation error in plain words,
and the sanity bounds of a raw stat block's numbers."""

import math
import re

import msgspec

from combatlog.core.kernel.errors import InvalidCommand
from combatlog.words import Phrase

MAX_DISTANCE = 10_000  # metres: speeds, reach, ranges


class Command(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="do"):
    dice: tuple[int, ...] | None = None
    # Free-text note from the table, kept in the log.
    note: str = ""

    @property
    def do_name(self) -> str:
        return str(self.__struct_config__.tag)  # every command's tag is its `do` name, a str


class Undo(Command, tag="undo", frozen=True, kw_only=True):
    steps: int = 1


class Redo(Command, tag="redo", frozen=True, kw_only=True):
    steps: int = 1


class Revert(Command, tag="revert", frozen=True, kw_only=True):
    to: int


# The log's own commands: the engine answers them from the log (markers naming txns), never a ruleset.
LOG_COMMANDS: dict[str, type[Undo | Redo | Revert]] = {str(cls.__struct_config__.tag): cls for cls in (Undo, Redo, Revert)}


def parse_log_command(raw: dict) -> Undo | Redo | Revert:
    """An undo, redo or revert command, typed; a wrong field is refused naming it, as any command's."""
    name = raw["do"]
    try:
        return msgspec.convert(raw, LOG_COMMANDS[name])
    except msgspec.ValidationError as error:
        raise InvalidCommand("rule-command-field", name=name, reason=explained(str(error))) from None


_EXPECTED = r"Expected `([^`]+)`, got `([^`]+)`"  # compiled on first use (re's own cache): a read compiles none


def explained(text: str) -> Phrase:
    """A msgspec validation error in plain words, in the language of the message it goes into."""
    message, _, where = text.partition(" - at ")
    field = where.strip("`").removeprefix("$.").removeprefix("$")
    if message.startswith("Object contains unknown field"):
        return Phrase("rule-reason-unknown-field", key=message.split("`")[1], field=field)
    if message.startswith("Object missing required field"):
        return Phrase("rule-reason-missing-field", key=message.split("`")[1], field=field)
    expected = re.fullmatch(_EXPECTED, message)
    detail: Phrase | str
    if expected:
        detail = Phrase("rule-reason-expected", expected=expected[1], got=expected[2])
    else:
        detail = (message[0].lower() + message[1:] if field else message).replace("`", "")
    return Phrase("rule-reason-field", field=field, detail=detail)


MAX_NUMBER = 10**9  # no arithmetic of the rules explodes below it (replay/validation.py checks commands with it)
DISTANCE_KEYS = frozenset({"speed", "swim_speed", "fly_speed", "climb_speed", "burrow_speed", "reach", "range",
                           "range_increment"})


def bad_number(raw: object) -> tuple[str, str] | None:
    """The first number of a raw stat block that is not finite, beyond ±MAX_NUMBER, or a negative or over-long
    distance, as (field, reason); None when all are sound. For rulesets whose stat blocks have no bounds of
    their own, so that `decide` called directly never folds a NaN (stored as null: a log that no longer opens)."""
    stack: list[tuple[object, str, str]] = [(raw, "", "")]
    while stack:
        item, where, key = stack.pop()
        if isinstance(item, dict):
            stack += [(child, f"{where}.{name}" if where else str(name), str(name)) for name, child in item.items()]
        elif isinstance(item, (list, tuple)):
            stack += [(child, f"{where}[{index}]", key) for index, child in enumerate(item)]
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            if not math.isfinite(item) or not -MAX_NUMBER <= item <= MAX_NUMBER:
                return where, f"{item!r} is not a finite number within ±{MAX_NUMBER}"
            if key in DISTANCE_KEYS and not 0 <= item <= MAX_DISTANCE:
                return where, f"a distance runs from 0 to {MAX_DISTANCE} m, not {item!r}"
    return None
