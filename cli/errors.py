"""The CLI's own refusal: what the user named cannot be used (exit 2, one line)."""

import os


def reader_lang() -> str:
    """The language of whoever reads the terminal, from the locale variables (fr or en)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def answer_lang(asked: str | None = None, encounter: str | None = None) -> str:
    """The language of what the CLI says about an encounter, errors included: the one `--lang` asks, else the
    encounter's own; the terminal's locale only for what concerns the file rather than an encounter (a missing
    file, a bad path, a damaged log: those are said with `reader_lang`)."""
    for lang in (asked, encounter):
        if lang in ("fr", "en"):
            return lang
    return reader_lang()


class BadInput(Exception):
    """What the user named cannot be used (a missing file, a folder, a path that is the log): exit 2, one line.

    Said in `lang` when it is given (the encounter's, or the one `--lang` asks: see `answer_lang`), else in French
    when the user's locale is French (LC_ALL, LC_MESSAGES or LANG), else in English."""

    def __init__(self, message: str, message_fr: str | None = None, *, lang: str | None = None):
        super().__init__(message)
        self.message, self.message_fr = message, message_fr or message
        self.lang = lang if lang in ("fr", "en") else None

    @property
    def said_in(self) -> str:
        return self.lang or reader_lang()

    def __str__(self) -> str:
        return self.message_fr if self.said_in == "fr" else self.message
