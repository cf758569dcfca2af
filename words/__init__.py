"""The ground floor of the language layer: every sentence a person reads comes from the Fluent catalogs
`locales/<lang>/*.ftl`, and this package is their only reader. It imports nothing else from combatlog.

- `message(lang, id, **args)` formats one message (Project Fluent: plurals, gender and French elision are
  written in the .ftl files; numbers are formatted by the language's rules, "1,5" in French).
- Every .ftl file of a language folder is loaded once, so a ruleset may drop in its own `<family>.ftl`.
- `Phrase` is a message used as a variable of another message; `Said` is a message said in English that can be
  said again in another language (what errors carry).
- Game terms (damage types, conditions, abilities, skills...), numbers and distances in the reader's language.

Describing events (a line per event, a command in words, the names of a cast) is a projection:
`combatlog.projections.describe`."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from combatlog.words.numbers import Float, Int, decimal_text

TYPE_CHECKING = False  # typing is not imported at run time (a CLI call that prints no words needs none of it)
if TYPE_CHECKING:
    from typing import Any, Callable

    from fluent.syntax import ast  # imported on first use: fluent.syntax costs a CLI call that prints no words

LANGS = ("fr", "en")
_LOCALES = {"fr": "fr-FR", "en": "en-US"}
_BABEL = {"fr": "fr_FR", "en": "en_US"}
# Words starting with an aspirated h take no elision ("de Hache-Noire" is not "d'Hache-Noire").
_H_ASPIRE = ("hache", "hachette", "hallebarde", "harpon", "hurlement")
_VOWELS = "aeiouyàâäéèêëîïôöûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ"


def _elision(value: Any = "", *_, **__) -> str:
    """ELISION($name) in a catalog: "vowel" when French elides before this word (d'Aria), else "consonant"."""
    text = str(value).strip()
    lowered = text.lower()
    if not text or lowered.startswith(_H_ASPIRE):
        return "consonant"
    return "vowel" if text[0] in _VOWELS or lowered[0] == "h" else "consonant"


def _final_s(value: Any = "", *_, **__) -> str:
    """FINAL_S($name) in a catalog: "s" when the word ends in s (English possessive "goblins' initiative"), else
    "other"."""
    return "s" if str(value).strip().lower().endswith("s") else "other"


def _ending(value: Any = "", *_, **__) -> str:
    """ENDING($noun) in a catalog: how the noun's last word ends ("s", "x", "z", "au", "eu", "al", "y", "f" or
    "other"), for the catalog's plural selectors ("Gobelin" -> "Gobelins", "Chacal" -> "Chacals" is the catalog's
    choice, not Python's)."""
    word = str(value).strip().lower()
    for ending in ("eau", "au", "eu", "al", "s", "x", "z", "y", "f"):
        if word.endswith(ending):
            return "au" if ending == "eau" else ending
    return "other"


def _distance_function(lang: str) -> Callable[..., str]:
    """DISTANCE($distance) in a catalog: a `Distance` as its encounter shows it ("9 m", "30 ft"; it reaches the
    catalog already said), a plain number as metres, the unit the rules count in ("4.5 m", "4,5 m")."""

    def say(value: Any = "", *_, **__) -> str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return message(lang, "distance-m", value=number(value, lang))
        return str(value)

    return say


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


# A message or term starts a line of a catalog with its id and "=" (its other lines are indented, Fluent's rule).
# Compiled when the catalogs are first read: a call that prints no words compiles nothing here.
_ENTRY = r"^(-?[a-zA-Z][a-zA-Z0-9_-]*)[ \t]*="


class _Entries(dict):
    """A bundle's messages (or terms) by id, each parsed from its own lines of the catalog the first time it is
    asked for: a call that says a few sentences does not parse the thousands it does not say (parsing every
    catalog of a language cost a `combatlog state` more than the rest of its start together)."""

    def __init__(self, texts: dict[str, str]):
        super().__init__()
        self.texts = texts  # id -> its lines, the first definition in file name order (as FluentBundle keeps)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.texts

    def __missing__(self, key: str):
        from fluent.syntax import FluentParser

        text = self.texts[key]  # KeyError, as a dict
        body = FluentParser(with_spans=False).parse(text).body
        entry = next(item for item in body if getattr(getattr(item, "id", None), "name", None) == key)
        self[key] = entry
        return entry

    def get(self, key, default=None):
        return self[key] if key in self else default


def catalog_entries(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The text of every message and every term of locales/<lang>/, by id (a term's id without its "-"): the first
    definition in file name order."""
    messages: dict[str, str] = {}
    terms: dict[str, str] = {}
    starts_of = re.compile(_ENTRY, re.M).finditer
    files = sorted(_catalog_folder(_lang(lang)).iterdir(), key=lambda item: item.name)
    for folder in _PLUGIN_CATALOGS:  # a plug-in ruleset's own catalogs, after the project's (theirs win)
        language = Path(folder, _lang(lang))
        files += sorted(language.iterdir(), key=lambda item: item.name) if language.is_dir() else []
    for entry in files:
        if not entry.name.endswith(".ftl"):
            continue
        text = entry.read_text(encoding="utf-8")
        starts = list(starts_of(text))
        for index, start in enumerate(starts):
            end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
            entry_id = start.group(1)
            found = terms if entry_id.startswith("-") else messages
            found.setdefault(entry_id.removeprefix("-"), text[start.start():end])
    return messages, terms


_PLUGIN_CATALOGS: list[str] = []


def add_catalogs(folder) -> None:
    """Load the catalogs of `folder` (`<folder>/<lang>/*.ftl`) beside the project's own: a ruleset from another
    package brings its words this way (the assembly calls it with the ruleset's `catalogs` as the ruleset loads).
    Its messages join every language already loaded; a message id the project already has keeps the project's."""
    folder = str(folder)
    if folder not in _PLUGIN_CATALOGS:
        _PLUGIN_CATALOGS.append(folder)
        bundle.cache_clear()


def _catalog_folder(lang: str):
    """locales/<lang>/: the folder itself when the package is installed as files (a checkout, a wheel), read with
    pathlib, which a CLI call has imported already; through importlib.resources only otherwise (a zipped install:
    importlib.resources brings zipfile and tempfile, a few ms of every call that prints words)."""
    import importlib
    from pathlib import Path

    for root in getattr(importlib.import_module("combatlog.locales"), "__path__", ()):
        folder = Path(root, lang)
        if folder.is_dir():
            return folder
    from importlib import resources

    return resources.files("combatlog.locales").joinpath(lang)


class Bundle:
    """The messages and terms of one language, each parsed when first asked for (`_Entries`), formatted by
    words/resolver.py (fluent.runtime's FluentBundle, without its imports: babel.dates and pytz, Babel's locale
    data; tests/test_words_resolver.py checks that both write every message alike)."""

    def __init__(self, lang: str, messages: dict[str, str], terms: dict[str, str]):
        self.lang = lang
        self._messages = _Entries(messages)
        self._terms = _Entries(terms)  # by name without its "-", as FluentBundle keeps them
        self._compiled: dict = {}  # pattern -> its function (words/resolver.py), made when first said
        self._functions = {"ELISION": _elision, "FINAL_S": _final_s, "ENDING": _ending,
                           "DISTANCE": _distance_function(lang)}

    def has_message(self, message_id: str) -> bool:
        return message_id in self._messages

    def get_message(self, message_id: str) -> ast.Message:
        return self._messages[message_id]

    def _lookup(self, entry_id: str, term: bool = False):
        return self._terms[entry_id] if term else self._messages[entry_id]

    def add_resource(self, resource: ast.Resource) -> None:
        """The messages and terms of a parsed resource that the bundle does not hold yet (as FluentBundle adds)."""
        from fluent.syntax import ast as syntax

        for item in resource.body:
            if isinstance(item, (syntax.Message, syntax.Term)):
                entries = self._messages if isinstance(item, syntax.Message) else self._terms
                if item.id.name not in entries:
                    entries[item.id.name] = item

    def format_pattern(self, pattern: ast.Pattern, args: dict[str, Any]) -> str:
        from combatlog.words.resolver import format_pattern

        return format_pattern(self.lang, pattern, args, self._lookup, self._functions, self._compiled)


@lru_cache(maxsize=None)
def bundle(lang: str) -> Bundle:
    """Every .ftl file of locales/<lang>/, in name order, in one bundle (loaded once per language); each message
    is parsed when first asked for (`_Entries`)."""
    lang = _lang(lang)
    return Bundle(lang, *catalog_entries(lang))


def has(lang: str, message_id: str) -> bool:
    return bundle(_lang(lang)).has_message(message_id)


class Phrase:
    """A message used as a variable of another message, said in that message's language.

    `both("rule-cannot-dead", creature="gob1", what=Phrase("verb-attack"))`: "gob1 cannot attack: it is dead" and
    "gob1 ne peut pas attaquer : il est mort", each half of the sentence from the catalogs."""

    __slots__ = ("message_id", "args", "default")

    def __init__(self, message_id: str, /, _default: str | None = None, **args: Any):
        self.message_id, self.args, self.default = message_id, args, _default

    def __call__(self, lang: str) -> str:
        if self.default is not None:
            return maybe(lang, self.message_id, self.default, **self.args)
        return message(lang, self.message_id, **self.args)

    def __repr__(self) -> str:
        return f"Phrase({self.message_id!r}, {self.args!r})"


class Said(str):
    """A catalog message said in English, that can be said again in another language: `localized(lang)`.

    What the store and verify errors carry: being the English text itself, it keeps `str(error)`, substring
    checks and `error.reason` unchanged for library users, while the CLI and the server speak the reader's
    language. Given as a variable of another message, it is said in that message's language."""

    _speak: Callable[[str], str]  # set by `by`

    def __new__(cls, message_id: str, /, **args: Any) -> "Said":
        return cls.by(Phrase(message_id, **args))

    @classmethod
    def by(cls, speak: Callable[[str], str]) -> "Said":
        """What `speak(lang)` gives, in English now and in any language later (e.g. a RuleViolation's `localized`)."""
        text = str.__new__(cls, speak("en"))
        text._speak = speak
        return text

    def localized(self, lang: str) -> str:
        return str(self) if _lang(lang) == "en" else self._speak(_lang(lang))


class Sayable:
    """What an error says, kept as a catalog message and said only when shown (a mixin for exception classes).

    `Error("rule-cannot-dead", creature="gob1", what=Phrase("verb-attack"))` holds `message_id` and `message_args`;
    `str(error)` and `.message` are the English text, `.localized(lang)` the text in any language (`.message_fr`
    the French). Variables are said in the message's language: numbers by its rules ("1,5" in French), a Phrase,
    a Said or another error in that language.

    Finished texts are accepted too, for code written before message ids: `Error(english, french)`,
    `Error(english, message_fr=french)`, `Error(*both("id", **args))`, and `Error(text)` (one text for every
    language). Those carry `message_id` None."""

    def __init__(self, message_id: str, /, *texts: str, message_fr: str | None = None, **args: Any):
        if texts or message_fr is not None or (not args and not has("en", message_id)):
            english, french = message_id, message_fr if message_fr is not None else (texts[0] if texts else message_id)
            self._said = Said.by(lambda lang: french if lang == "fr" else english)
            self.message_id, self.message_args = None, {}
        else:
            self._said = Said(message_id, **args)
            self.message_id, self.message_args = message_id, args
        self.message = str(self._said)
        super().__init__(self.message)  # type: ignore[call-arg]  # a mixin: next in the MRO is the Exception

    def __reduce__(self):  # a copy or a pickle keeps both languages
        return _rebuild, (type(self), self.message_id, self.message_args, self.message, self.localized("fr"))

    @property
    def message_fr(self) -> str:
        return self.localized("fr")

    def localized(self, lang: str) -> str:
        return self._said.localized(lang)


def _rebuild(cls, message_id, args, english, french):
    return cls(message_id, **args) if message_id else cls(english, french)


def localized(text: Any, lang: str) -> str:
    """`text` in `lang` when it can be said again (a Said, an error with `localized`), else as it stands."""
    said = getattr(text, "localized", None)
    return said(lang) if callable(said) else str(text)


def term_phrase(kind: str, key: str, /, **args: Any) -> Phrase:
    """A game term (`<kind>-<key>`, e.g. condition-prone) as a variable of another message."""
    return Phrase(f"{kind}-{kebab(key)}", _default=key, **args)


class Terms:
    """A list of game terms (`<kind>-<key>` each) as a variable of another message, said in that message's language:
    a refusal's `known=Terms("condition", CONDITIONS)` lists "aveuglé, charmé, …" in French, "blinded, charmed, …" in
    English (the ids themselves where the catalogs have no word)."""

    __slots__ = ("kind", "keys")

    def __init__(self, kind: str, keys):
        self.kind, self.keys = kind, tuple(keys)

    def localized(self, lang: str) -> str:
        return ", ".join(term(lang, self.kind, key) for key in self.keys)

    def __str__(self) -> str:
        return self.localized("en")

    def __reduce__(self):
        return Terms, (self.kind, self.keys)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terms) and (self.kind, self.keys) == (other.kind, other.keys)

    def __hash__(self) -> int:
        return hash((self.kind, self.keys))

    def __repr__(self) -> str:
        return f"Terms({self.kind!r}, {self.keys!r})"


class Named:
    """An attack's (or any entry's) name as a variable of another message, said in that message's language: its
    own names ({"en", "fr"}, or a name with `name_fr`), else the catalogs' `attack-<id>`, else the id in words."""

    __slots__ = ("names", "entry_id", "name_fr")

    def __init__(self, names: Any, entry_id: str, name_fr: str = ""):
        self.names, self.entry_id, self.name_fr = names, str(entry_id), name_fr or ""

    def localized(self, lang: str) -> str:
        lang = _lang(lang)
        if isinstance(self.names, dict):
            shown = self.names.get(lang) or self.names.get("en")
            if shown:
                return str(shown)
        elif lang == "fr" and self.name_fr:
            return self.name_fr
        elif isinstance(self.names, str) and self.names:
            return self.names
        return maybe(lang, f"attack-{kebab(self.entry_id)}", self.entry_id.replace("_", " "))

    def __str__(self) -> str:
        return self.localized("en")

    def __reduce__(self):
        return Named, (self.names, self.entry_id, self.name_fr)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and (self.names, self.entry_id, self.name_fr) == (other.names, other.entry_id,
                                                                                          other.name_fr)

    def __hash__(self) -> int:
        return hash((self.entry_id, self.name_fr))


def _arg(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return Int(value)  # no grouping, as FluentNumber(useGrouping=False) writes it
    if isinstance(value, float):
        return Float(value)  # at most two decimals
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return value if isinstance(value, str) else str(value)


def message(lang: str, message_id: str, /, **args: Any) -> str:
    """The message `message_id` (or `id.attribute`) of `lang`, filled with `args`; the id itself when missing."""
    lang = _lang(lang)
    found = bundle(lang)
    name, _, attribute = message_id.partition(".")
    if not found.has_message(name):
        return message_id
    entry = found.get_message(name)
    if attribute:  # the last of that name, as fluent.runtime keeps them
        pattern = next((a.value for a in reversed(entry.attributes) if a.id.name == attribute), None)
    else:
        pattern = entry.value
    if pattern is None:
        return message_id
    values: dict[str, Any] = {}
    for name, value in args.items():
        kind = type(value)
        if kind is str:
            converted = value
        elif kind is int:
            converted = Int(value)
        else:
            if isinstance(value, Phrase):
                value = value(lang)
            elif callable(getattr(value, "localized", None)):  # a Said, an error: said in this message's language
                value = value.localized(lang)
            converted = _arg(value)
        # A field is reachable by its own name ($hp_before) and in Fluent's usual kebab-case ($hp-before);
        # `has-<name>` lets a catalog leave out an empty part: { $has-reason -> ... }.
        keys = _KEYS.get(name) or _keys(name)
        text = isinstance(value, str)
        for key, has_key in keys:
            values[key] = converted
            if text:
                values.setdefault(has_key, "yes" if value else "no")
    return found.format_pattern(pattern, values)


_KEYS: dict[str, tuple[tuple[str, str], ...]] = {}


def _keys(name: str) -> tuple[tuple[str, str], ...]:
    """The names a message argument is reachable by, each with its `has-` key (kept: a log says the same few)."""
    kebab_name = name.replace("_", "-")
    found = tuple((key, f"has-{key}") for key in dict.fromkeys((name, kebab_name)))
    _KEYS[name] = found
    return found


def both(message_id: str, /, **args: Any) -> tuple[str, str]:
    """(English, French) of one message, for code that wants both texts now (an error takes the id itself:
    `RuleViolation(message_id, **args)`, see `Sayable`)."""
    return message("en", message_id, **args), message("fr", message_id, **args)


def maybe(lang: str, message_id: str, default: str = "", /, **args: Any) -> str:
    """The message if the catalogs hold it, else `default`."""
    return message(lang, message_id, **args) if has(lang, message_id.partition(".")[0]) else default


def kebab(name: str) -> str:
    """CamelCase or snake_case to kebab-case: DamageTaken -> damage-taken, temp_hp -> temp-hp."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).replace("_", "-").replace(" ", "-").lower()


# ------------------------------------------------------------------------------ numbers and game terms


def number(value: float, lang: str) -> str:
    """A number as the language writes it: 1.5 -> "1,5" in French; no grouping, at most two decimals."""
    return decimal_text(value, _lang(lang), 2)  # as Babel's format_decimal(value, "0.##") writes it


def distance(metres: float, lang: str, units: str = "m") -> str:
    """A distance in metres, or in feet when the encounter shows feet (1.5 m = 5 ft)."""
    if units == "ft":
        return message(lang, "distance-ft", value=number(round(metres / 1.5 * 5, 1), lang))
    return message(lang, "distance-m", value=number(metres, lang))


def default_units(lang: str | None) -> str:
    """The units an encounter shows when its `create` names none: feet in English, metres in French (issue 23)."""
    return "ft" if _lang(lang) == "en" else "m"


class Distance(float):
    """A distance in metres, as the rules count it, that a message shows in the encounter's units: a refusal's
    `reach=Distance(1.5, state.units)` reads "reach 5 ft" in a feet encounter, "allonge 1,5 m" in a metre one
    (the catalog writes `{ DISTANCE($reach) }`). Being the number itself, it compares and computes as metres."""

    __slots__ = ("units",)
    units: str

    def __new__(cls, metres: float, units: str = "m") -> "Distance":
        made = super().__new__(cls, metres)
        made.units = units if units in ("m", "ft") else "m"
        return made

    def localized(self, lang: str) -> str:
        return distance(float(self), lang, self.units)

    def __reduce__(self):
        return Distance, (float(self), self.units)

    def __repr__(self) -> str:
        return f"Distance({float(self)!r}, {self.units!r})"


def term(lang: str, kind: str, key: str, /, **args: Any) -> str:
    """A game term from the catalogs (`<kind>-<key>`), or the key itself when the catalogs do not know it."""
    return maybe(lang, f"{kind}-{kebab(key)}", key, **args)


def damage_name(kind: str, lang: str, count: int = 1) -> str:
    return term(lang, "damage", kind, count=count)


def condition_name(condition: str, lang: str, gender: str = "other") -> str:
    return term(lang, "condition", condition, gender=gender or "other")


def ability_name(ability: str, lang: str, short: bool = True) -> str:
    return term(lang, "ability" if short else "ability-long", ability)


def skill_name(skill: str, lang: str) -> str:
    return term(lang, "skill", skill)


def status_name(status: str, lang: str) -> str:
    return term(lang, "status", status)


def action_name(action: str, lang: str) -> str:
    return term(lang, "action", action)


def square(at) -> str:
    return f"({at[0]}, {at[1]})"


def faces(values) -> str:
    return "[" + ", ".join(str(face) for face in values) + "]"


def spell_names(spell_id: str, names: Any) -> Any:
    """A spell's names (`{"en": …, "fr": …}` or one string), with the language the library lacks taken from the
    catalogs (spells.ftl `spell-name-ID`: the French names the import did not pair, Shield → Bouclier)."""
    key = f"spell-name-{spell_id}"
    if isinstance(names, dict) and all(names.get(lang) for lang in ("en", "fr")):
        return names
    if not has("fr", key):
        return names
    found = dict(names) if isinstance(names, dict) else ({"en": names} if names else {})
    for lang in ("en", "fr"):
        found.setdefault(lang, message(lang, key))
    return found


def name_in(name: Any, lang: str | None, default: str = "") -> str:
    """A name that may be localised, in `lang`: a stat block, a party file or the library writes a name either
    `{"en": ..., "fr": ...}` or as one plain string (the schema allows both). The language's own, else English,
    else any language given, else `default`. Every reader of such a name goes through here (issue 35)."""
    if isinstance(name, dict):
        found = name.get(_lang(lang)) or name.get("en") or next((str(v) for v in name.values() if v), "")
        return str(found) if found else default
    return str(name) if name else default


def ruleset_name(ruleset: str, lang: str) -> str:
    return term(lang, "ruleset", ruleset)



def join(items: list[str], lang: str) -> str:
    """"a, b et c" / "a, b and c"."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return message(lang, "list-join", head=", ".join(items[:-1]), last=items[-1])
