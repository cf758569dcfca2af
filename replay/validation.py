"""Input that may never reach a log: checked before any rule runs, and the stored bytes checked before a commit.

The rules (`core`) check what a command means; this module checks what it is made of, so that nothing a
script, the shell or a library caller hands in can make a log unopenable: every number finite and within
range, every string valid Unicode without control characters or line breaks and of sane length, no deep
nesting, only JSON types, and the few free-form fields (`until`, `overrides`, `stats`) in their shapes.
`check_decodable` then proves that the events about to be appended come back from their own bytes.
"""

import json
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from combatlog.words import both
from combatlog.core.kernel.commands import MAX_DISTANCE, MAX_NUMBER
from combatlog.core.kernel.errors import InvalidCommand
from combatlog.events.envelope import Recorded
from combatlog.events.codec import default_codec

# MAX_NUMBER (10**9): generous for any table (a 1000 m speed, a million hit points), small enough that no
# arithmetic explodes; MAX_DISTANCE (10 000 m). The rules bound raw stat blocks with the same figures.
MAX_SEED = 2**63 - 1
MAX_DEPTH = 24
MAX_ITEMS = 100_000  # per list or object (a big map's terrain squares)
MAX_NODES = 1_000_000  # per command
MAX_TEXT = 200  # ids, names, templates, dice expressions
MAX_FREE_TEXT = 2_000  # notes, triggers, reasons, effects
MAX_LINE = 1_000_000  # characters in one script line
FREE_TEXT = frozenset({"note", "trigger", "reason", "effect", "description", "text", "comment", "message"})
DISTANCES = frozenset({"speed", "swim_speed", "fly_speed", "climb_speed", "burrow_speed", "reach", "range_increment"})
UNTIL_KEYS = frozenset({"end_of_turn", "start_of_turn", "rounds", "save", "of", "concentration", "expires_round"})

# Control characters (C0, DEL, C1), line and paragraph separators, bidirectional overrides (text that shows
# other than it reads), lone surrogates (not encodable as UTF-8) and the BOM/non-characters.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufeff\ufffe\uffff]")


def _refuse(en: str, fr: str) -> InvalidCommand:
    return InvalidCommand(en, message_fr=fr)


def _where(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the command"


def _field(path: tuple) -> tuple[str, str]:
    where = _where(path)
    if not path:
        return "the command", "la commande"
    return f"field '{where}'", f"champ '{where}'"


def describe_char(char: str) -> str:
    """A forbidden character named by its code point, never printed raw."""
    return f"U+{ord(char):04X}"


def check_text(text: str, what: str = "text", what_fr: str = "texte", limit: int = MAX_TEXT) -> None:
    """Refuse a string holding control characters, line breaks, lone surrogates, or longer than `limit`."""
    if len(text) <= limit and text.isascii() and text.isprintable():
        return  # plain printable ASCII holds none of the forbidden characters
    if len(text) > limit:
        raise _refuse(*both("rule-characters-long-at-most", what=what, length=len(text), limit=limit, what_fr=what_fr))
    bad = _FORBIDDEN.search(text)
    if bad:
        code = describe_char(bad.group())
        if "\ud800" <= bad.group() <= "\udfff":
            raise _refuse(*both("rule-holds-lone-surrogate-not-valid", what=what, code=code, what_fr=what_fr))
        raise _refuse(*both("rule-holds-control-character-or-line", what=what, code=code, what_fr=what_fr))


def check_name(text: object, what: str, what_fr: str) -> None:
    """An id given outside a command (an encounter, an actor): a non-empty string without control characters."""
    if not isinstance(text, str) or not text:
        raise _refuse(*both("rule-must-be-non-empty-text", what=what, what_fr=what_fr))
    check_text(text, what, what_fr)


def check_value(value: Any) -> None:
    """Walk a command (without recursion) and refuse anything that is not plain, bounded JSON."""
    stack: list[tuple[Any, tuple, int]] = [(value, (), 0)]
    nodes = 0
    while stack:
        item, path, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise _refuse(*both("rule-command-holds-more-than-values", MAX_NODES=MAX_NODES))
        if item is None or item is True or item is False:
            continue
        kind = type(item)
        if kind is str and len(item) <= MAX_TEXT and item.isprintable() and item.isascii():
            continue  # the common case, checked without building any message
        if kind is int and 0 <= item <= _PLAIN_INT:
            continue  # within every bound, distances' included
        if kind is dict and depth < MAX_DEPTH and len(item) <= MAX_ITEMS:
            for key, child in item.items():
                if not (type(key) is str and len(key) <= MAX_TEXT and key.isprintable() and key.isascii()):
                    _check_key(key, path)
                stack.append((child, path + (key,), depth + 1))
            continue
        en, fr = _field(path)
        if isinstance(item, int):
            limit = MAX_SEED if path == ("seed",) else MAX_NUMBER
            if not -limit <= item <= limit:
                raise _refuse(*both("rule-number-out-of-range-at", en=en, item=_short(item), limit=limit, fr=fr))
            _check_distance(item, path, en, fr)
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                name = "NaN" if math.isnan(item) else ("Infinity" if item > 0 else "-Infinity")
                raise _refuse(*both("rule-not-finite-number-nor-json", en=en, name=name, fr=fr))
            if not -MAX_NUMBER <= item <= MAX_NUMBER:
                raise _refuse(*both("rule-number-out-of-range-any", en=en, item=repr(item), MAX_NUMBER=MAX_NUMBER, fr=fr))
            _check_distance(item, path, en, fr)
            continue
        if isinstance(item, str):
            key = next((part for part in reversed(path) if isinstance(part, str)), "")
            check_text(item, en, fr, MAX_FREE_TEXT if key in FREE_TEXT else MAX_TEXT)
            continue
        if depth >= MAX_DEPTH:
            raise _refuse(*both("rule-nested-more-than-levels-deep", en=en, MAX_DEPTH=MAX_DEPTH, fr=fr))
        if isinstance(item, dict):
            if len(item) > MAX_ITEMS:
                raise _refuse(*both("rule-more-than-keys", en=en, MAX_ITEMS=MAX_ITEMS, fr=fr))
            for key, child in item.items():
                _check_key(key, path)
                stack.append((child, path + (key,), depth + 1))
            continue
        if isinstance(item, (list, tuple)):
            if len(item) > MAX_ITEMS:
                raise _refuse(*both("rule-more-than-items", en=en, MAX_ITEMS=MAX_ITEMS, fr=fr))
            stack.extend((child, path + (index,), depth + 1) for index, child in enumerate(item))
            if path and path[-1] == "range":
                _check_distance_list(item, en, fr)
            continue
        raise _refuse(*both("rule-not-json-value", en=en, kind=type(item).__name__, fr=fr))


_PLAIN_INT = min(MAX_NUMBER, MAX_DISTANCE)  # a whole number from 0 to this passes every check of check_value


def _check_key(key: Any, path: tuple) -> None:
    """An object's key that is not plain short text: refused unless it is text check_text lets through."""
    en, fr = _field(path)
    if not isinstance(key, str):
        raise _refuse(*both("rule-key-not-text", en=en, key=_short(key), fr=fr))
    check_text(key, f"{en}: a key", f"{fr} : une clé", MAX_TEXT)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:10]}…({len(text)} digits)"


def _inside_stats(path: tuple) -> bool:
    return bool(path) and path[0] in ("stats", "overrides")


def _check_distance(number: float, path: tuple, en: str, fr: str) -> None:
    if _inside_stats(path) and path[-1] in DISTANCES and not 0 <= number <= MAX_DISTANCE:
        raise _refuse(*both("rule-distance-runs-from-to-m", en=en, MAX_DISTANCE=MAX_DISTANCE, number=str(number), fr=fr))


def _check_distance_list(items: Sequence, en: str, fr: str) -> None:
    for number in items:
        if isinstance(number, (int, float)) and not isinstance(number, bool) and not 0 <= number <= MAX_DISTANCE:
            raise _refuse(*both("rule-distance-runs-from-to-m", en=en, MAX_DISTANCE=MAX_DISTANCE, number=str(number), fr=fr))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_until(until: Any) -> None:
    """`until` is free-form in the command type: hold it to the shapes the rules read."""
    if until is None or isinstance(until, str):
        return
    if not isinstance(until, dict):
        raise _refuse(*both("rule-field-until-expected-text-or"))
    for key, value in until.items():
        if key not in UNTIL_KEYS:
            raise _refuse(*both("rule-field-until-unknown-key-known", key=key))
        where = f"until.{key}"
        if key in ("end_of_turn", "start_of_turn") and not (value is None or isinstance(value, (str, bool))):
            raise _refuse(*both("rule-field-expected-creature-id", where=where))
        if key in ("of", "concentration") and not isinstance(value, str):
            raise _refuse(*both("rule-field-expected-creature-id", where=where))
        if key in ("rounds", "expires_round") and not _is_int(value):
            raise _refuse(*both("rule-field-expected-whole-number-of", where=where))
        if key == "save":
            _check_save(value, where)


def _check_save(save: Any, where: str) -> None:
    if not isinstance(save, dict):
        raise _refuse(*both("rule-field-expected-object-ability-dc", where=where))
    for key, value in save.items():
        if key not in ("ability", "dc", "half"):
            raise _refuse(*both("rule-field-unknown-key", where=where, key=key))
        if key == "ability" and not isinstance(value, str):
            raise _refuse(*both("rule-field-ability-expected-ability-str", where=where))
        if key == "dc" and not _is_int(value):
            raise _refuse(*both("rule-field-dc-expected-whole-number", where=where))
        if key == "half" and not isinstance(value, bool):
            raise _refuse(*both("rule-field-half-expected-true-or", where=where))


def check_command(raw: Any) -> None:
    """Refuse (InvalidCommand, in English and French) a command no log may hold; return None when it may go on."""
    check_value(raw)
    if not isinstance(raw, dict):
        return  # the rules refuse it with their own words
    if "seed" in raw:
        seed = raw["seed"]
        if isinstance(seed, str) and not seed.strip():
            raise _refuse(*both("rule-field-seed-empty-seed-cannot"))
        if isinstance(seed, float):
            raise _refuse(*both("rule-field-seed-expected-whole-number"))
    if raw.get("do") == "condition":
        _check_until(raw.get("until"))
        if isinstance(raw.get("save"), dict):
            _check_save(raw["save"], "save")
    response = raw.get("response")
    if isinstance(response, dict):
        check_command(response)


def parse_line(line: str) -> Any:
    """One script line as JSON, refusing NaN/Infinity, overlong lines and nesting too deep to decode."""
    if len(line) > MAX_LINE:
        raise _refuse(*both("rule-line-characters-long-at-most", length=len(line), MAX_LINE=MAX_LINE))
    try:
        # NaN and Infinity are decoded (Python's json allows them) so that check_command names their field.
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise _refuse(*both("rule-not-valid-json-at-column", msg=error.msg, colno=error.colno)) from None
    except RecursionError:
        raise _refuse(*both("rule-json-nested-too-deeply")) from None
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise _refuse(*both("rule-not-valid-json", error=error)) from None


_event_encoder = msgspec.json.Encoder(order="sorted")


def check_decodable(records: Iterable[Recorded], encounter: str = "", codec=None) -> list[bytes]:
    """Every event about to be appended must read back from its own bytes as written, or the command is refused
    (`check_events_decodable` of the records' events). Returns those bytes, one per event, for the store to write
    as they are."""
    return check_events_decodable((record.event for record in records), codec)


def check_events_decodable(events: Iterable[Any], codec=None) -> list[bytes]:
    """Each event's own sorted-key bytes, refused (InvalidCommand) unless they read back as written.

    An event's bytes inside its stored body are exactly its own sorted-key encoding, so encoding each event,
    decoding it with the log's typed decoder (`codec`'s, default the installed one) and encoding it again must
    give the same bytes."""
    decode = (codec or default_codec()).event_decoder.decode
    checked = []
    for event in events:
        try:
            body = _event_encoder.encode(event)
            again = _event_encoder.encode(decode(body))
        except (msgspec.EncodeError, msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError,
                OverflowError) as error:
            raise _refuse(*both("rule-event-not-read-back-from-log", kind=type(event).__name__, error=error)) from None
        if again != body:
            raise _refuse(*both("rule-event-not-read-back", kind=type(event).__name__))
        checked.append(body)
    return checked


__all__ = ["MAX_DEPTH", "MAX_NUMBER", "MAX_TEXT", "check_command", "check_decodable", "check_events_decodable",
           "check_name", "check_text", "check_value", "describe_char", "parse_line"]
