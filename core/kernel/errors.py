"""Errors raised by the rules: every refusal a game master can meet derives from RuleViolation.

A refusal is a catalog message id and its variables (`locales/<lang>/rules.ftl`, or the ruleset's own .ftl),
said in the reader's language only when shown; see `combatlog.words.Sayable` for the accepted forms."""

from typing import Any

from combatlog.words import Sayable


class RuleViolation(Sayable, Exception):
    """A command the rules refuse; the message names who, what and why, in the DM's words.

    `RuleViolation("rule-cannot-dead", creature="gob1", what=Phrase("verb-attack"))`: `str(error)` is the English
    text, `error.localized("fr")` the French."""


class EncounterAlreadyCreated(RuleViolation):
    """A `create` on a log whose encounter already exists: a refusal about the log file rather than about the
    fight, which front ends say in the terminal's language as every error about a file."""


class InvalidCommand(RuleViolation):
    """The command itself is malformed: unknown command, missing or unknown field, wrong type."""


def fail(message_id: str, /, *texts: str, **args: Any) -> RuleViolation:
    """A refusal in the DM's words: `fail("rule-...", who=...)` (also `fail(english, french)`, as older code wrote)."""
    return RuleViolation(message_id, *texts, **args)


def refused(error: Sayable) -> RuleViolation:
    """Another error's words (a DiceError's) as a refusal: the same message, said in the reader's language."""
    if error.message_id is not None:
        return RuleViolation(error.message_id, **error.message_args)
    return RuleViolation(error.message, error.localized("fr"))
