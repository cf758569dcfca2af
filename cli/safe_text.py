"""Text from a log made safe for a terminal: control characters and escape sequences are shown, never sent raw."""

import re
from functools import cache


def printable(text: str) -> str:
    """Text safe for a terminal: control characters, line breaks and escape sequences shown as \\xNN, never raw."""
    return _unprintable().sub(lambda match: _escape(match.group()), text)


def printable_lines(text: str) -> str:
    """`printable` line by line, keeping the line breaks between them."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


# The patterns are compiled on first use (issue 25: a command that prints no text from the log compiles none).
@cache
def _unprintable() -> re.Pattern[str]:
    return re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufeff]")


def printable_document(value):
    """The state document with every string made safe for a terminal."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [printable_document(item) for item in value]
    if isinstance(value, dict):
        return {printable(key) if isinstance(key, str) else key: printable_document(item) for key, item in value.items()}
    return value


def printable_events(records: list) -> list:
    """Records whose events hold no control character or line break in any text (shown escaped instead).

    For transcripts of logs written before names were checked: a line break in a name would break a
    Markdown table, an escape sequence would reach whoever prints the file."""
    import msgspec

    out = []
    for record in records:
        event = record.event
        if _unprintable_json().search(msgspec.json.encode(event)):
            cleaned = printable_document(msgspec.to_builtins(event))
            event = msgspec.convert(cleaned, type(event))
            record = msgspec.structs.replace(record, event=event)
        out.append(record)
    return out


# How msgspec writes the characters `printable` escapes: \uXXXX or \n-style escapes, or the raw C1/separators.
@cache
def _unprintable_json() -> re.Pattern[bytes]:
    return re.compile(
        rb"\\u00[01][0-9a-fA-F]|\\u007[fF]|\\[nrtbf]|\xc2[\x80-\x9f]|\xe2\x80[\xa8\xa9\xaa-\xae]"
        rb"|\xe2\x81[\xa6-\xa9]|\\u[dD][89a-fA-F]|\xef\xbb\xbf")
