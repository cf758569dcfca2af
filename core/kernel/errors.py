"""Errors raised by the rules: every refusal a game master can meet derives from RuleViolation."""


class RuleViolation(Exception):
    """A command the rules refuse; the message names who, what and why, in the DM's words."""

    def __init__(self, message: str, message_fr: str | None = None):
        super().__init__(message)
        self.message = message
        self.message_fr = message_fr or message

    def localized(self, lang: str) -> str:
        return self.message_fr if lang == "fr" else self.message


class InvalidCommand(RuleViolation):
    """The command itself is malformed: unknown command, missing or unknown field, wrong type."""


def fail(message: str, message_fr: str) -> RuleViolation:
    """A refusal in the DM's words, in English and French."""
    return RuleViolation(message, message_fr=message_fr)
