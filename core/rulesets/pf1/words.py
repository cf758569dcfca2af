"""The log line of a pf1 event from the Fluent catalogs `locales/<lang>/pf1.ftl` (message `event-<kebab type>`,
variables = the event's fields, underscores written as hyphens, booleans as yes/no).

A stand-in until the language layer (which loads every .ftl of a language) is merged: it follows the same rules."""

import re
from functools import lru_cache
from pathlib import Path

LOCALES = Path(__file__).resolve().parents[3] / "locales"


@lru_cache(maxsize=None)
def _bundle(lang: str):
    try:
        from fluent.runtime import FluentBundle, FluentResource
    except ImportError:  # the language layer brings fluent.runtime
        return None
    bundle = FluentBundle(["fr-FR" if lang == "fr" else "en-US"], use_isolating=False)
    folder = LOCALES / lang
    if folder.is_dir():
        for path in sorted(folder.glob("*.ftl")):
            bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


def kebab(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).replace("_", "-").lower()


def _arg(value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "other"
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], (list, tuple)) and len(value[0]) == 2 and all(isinstance(v, int) for v in value[0]):
            return ", ".join(f"[{a},{b}]" for a, b in value)
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return f"[{value[0]},{value[1]}]"
        return ", ".join(str(item) for item in value)
    if isinstance(value, float):
        return f"{value:g}"
    return value


def cast_ac(stats: dict) -> int | None:
    """The AC of a joining creature's stat block, for a transcript's cast table."""
    try:
        from combatlog.core.rulesets.pf1.rules import ac_values
        from combatlog.core.rulesets.pf1.state import Pf1Combatant
        from combatlog.core.rulesets.pf1.stats import parse_stats

        parsed = parse_stats(stats, "cast")
        return ac_values(Pf1Combatant(id="cast", name="cast", side="", kind="", stats=parsed, hp=parsed.max_hp))["ac"]
    except Exception:  # a transcript never fails on a stat block
        return None


def condition_name(condition: str, lang: str) -> str:
    """A pf1 condition in words (message `pf1-condition`), or its id."""
    bundle = _bundle("fr" if lang == "fr" else "en")
    if bundle is None or not bundle.has_message("pf1-condition"):
        return condition
    text, _errors = bundle.format_pattern(bundle.get_message("pf1-condition").value, {"condition": condition})
    return text


_ID_FIELDS = ("id", "target", "attacker", "waiting")
_ID_LISTS = ("ids", "order", "reactors")


def describe(event, lang: str = "en", names: dict[str, str] | None = None,
             attacks: dict[tuple[str, str], str] | None = None) -> str | None:
    """The catalog line of the event, or None when the catalogs do not know it; `names` turns ids into names."""
    bundle = _bundle("fr" if lang == "fr" else "en")
    message_id = f"event-{kebab(type(event).__name__)}"
    if bundle is None or not bundle.has_message(message_id):
        return None
    values = {}
    for name in getattr(type(event), "__struct_fields__", ()):
        value = getattr(event, name)
        if isinstance(value, dict) or (isinstance(value, tuple) and value and isinstance(value[0], dict)):
            continue
        if name == "attack" and attacks and isinstance(value, str):
            value = attacks.get((getattr(event, "attacker", ""), value), value.replace("_", " "))
        elif name == "faces":
            value = "[" + ", ".join(map(str, value)) + "]"
        elif names and name in _ID_FIELDS and isinstance(value, str):
            value = names.get(value, value)
        elif names and name in _ID_LISTS and isinstance(value, tuple):
            value = tuple(names.get(item, item) for item in value)
        values[name.replace("_", "-")] = _arg(value)
    text, _errors = bundle.format_pattern(bundle.get_message(message_id).value, values)
    if lang == "fr":
        text = re.sub(r"(?<=\d)\.(?=\d)", ",", text)
    return text
