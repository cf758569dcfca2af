"""words/resolver.py writes every message as fluent.runtime does (issue 25, goal 1: the words without
fluent.runtime's imports). Every message of every catalog, in both languages, is formatted both ways with
representative arguments (names, empty texts, each key its selectors choose between, integers and decimals around
the plural boundaries) and the texts compared; numbers and plural categories are compared with Babel's own."""

import glob
from decimal import Decimal
from pathlib import Path

import pytest
from babel import Locale
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import ast

from combatlog import words
from combatlog.words import resolver

ROOT = Path(__file__).resolve().parent.parent / "locales"
LOCALES = {"en": "en_US", "fr": "fr_FR"}


def fluent_bundle(lang: str) -> FluentBundle:
    """The bundle words/ built before (fluent.runtime), with the same catalogs in the same order and functions."""
    functions = {"ELISION": words._elision, "FINAL_S": words._final_s, "ENDING": words._ending,
                 "DISTANCE": words._distance_function(lang)}
    found = FluentBundle([LOCALES[lang].replace("_", "-")], use_isolating=False, functions=functions)
    for path in sorted(glob.glob(str(ROOT / lang / "*.ftl")), key=lambda p: Path(p).name):
        found.add_resource(FluentResource(Path(path).read_text(encoding="utf-8")))
    return found


def fluent_message(found: FluentBundle, message_id: str, /, **args) -> str:
    """words.message as it was written over fluent.runtime (numbers as FluentNumber, the same `has-` keys)."""
    if not found.has_message(message_id):
        return message_id
    pattern = found.get_message(message_id).value
    if pattern is None:
        return message_id
    values = {}
    for name, value in args.items():
        if isinstance(value, bool):
            converted = "yes" if value else "no"
        elif isinstance(value, int):
            converted = fluent_number(value, useGrouping=False)
        elif isinstance(value, float):
            converted = fluent_number(value, useGrouping=False, maximumFractionDigits=2)
        elif value is None:
            converted = ""
        elif isinstance(value, (list, tuple)):
            converted = ", ".join(str(item) for item in value)
        else:
            converted = value if isinstance(value, str) else str(value)
        for key in {name, name.replace("_", "-")}:
            values[key] = converted
            if isinstance(value, str):
                values.setdefault(f"has-{key}", "yes" if value else "no")
    text, _ = found.format_pattern(pattern, values)
    return text


def _walk(node, seen_messages, variables, keys, messages):
    if isinstance(node, ast.VariableReference):
        variables.add(node.id.name)
    elif isinstance(node, ast.SelectExpression):
        if isinstance(node.selector, ast.VariableReference):
            keys.setdefault(node.selector.id.name, set()).update(
                v.key.name if isinstance(v.key, ast.Identifier) else v.key.value for v in node.variants)
    elif isinstance(node, ast.MessageReference) and node.id.name not in seen_messages and node.id.name in messages:
        seen_messages.add(node.id.name)
        _walk(messages[node.id.name], seen_messages, variables, keys, messages)
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.BaseNode):
                    _walk(child, seen_messages, variables, keys, messages)


NUMBERS = (0, 1, 2, 3, 5, 21, 1000, 1000000, 2000000, -1, -4)
DECIMALS = (0.5, 1.0, 1.5, 2.25, 0.125, 0.135, 4.5, 1e-7, -0.0, -2.5, 1234567.891)
TEXTS = ("Aria", "", "orc", "Hache-Noire", "élan", "gobelins", "Chacal", "x" * 2600)


def argument_sets(variables: set[str], keys: dict[str, set]) -> list[dict]:
    """One set per kind of value given to every variable at once, then each selector's keys in turn (the other
    variables a name)."""
    names = sorted(variables)
    sets = [{name: value for name in names} for value in NUMBERS + DECIMALS + TEXTS[:-1] + (True, None, ["a", "b"])]
    sets.append({name: TEXTS[-1] for name in names})  # a placeable over fluent.runtime's limit: "{???}"
    for name, choices in sorted(keys.items()):
        for choice in sorted(choices, key=str):
            base = {other: "Aria" for other in names}
            base[name] = choice if isinstance(choice, str) else int(choice) if "." not in choice else float(choice)
            sets.append(base)
    return sets


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_of_every_catalog_is_written_as_fluent_runtime_writes_it(lang):
    found = fluent_bundle(lang)
    messages = {name: found._messages[name] for name in found._messages}
    assert set(messages) == set(words.catalog_entries(lang)[0]) and len(messages) > 1000
    compared = 0
    for name, entry in sorted(messages.items()):
        variables: set[str] = set()
        keys: dict[str, set] = {}
        _walk(entry, {name}, variables, keys, messages)
        for args in argument_sets(variables, keys):
            ours = words.message(lang, name, **args)
            theirs = fluent_message(found, name, **args)
            assert ours == theirs, (name, args)
            compared += 1
    assert compared > 20000


def test_a_missing_variable_or_reference_a_literal_and_a_term_are_said_as_fluent_runtime_says_them():
    source = ("missing-var = a { $nobody } b\n"
              "missing-ref = a { no-such-message } b\n"
              "no-value =\n    .attr = x\n"
              "ref-no-value = { no-value }\n"
              "ref-missing-attr = { missing-var.nothing }\n"
              "literal = { \"\\u00e9\" } { 42 } { 1.5 }\n"
              "unknown-function = { NOPE($x) }\n"
              "numeric-select = { $n ->\n    [one] one\n    [2] two\n   *[other] other\n}\n"
              "string-number = { $s ->\n    [1] a number key\n   *[other] other\n}\n"
              "-term = term { $x }\nwith-term = { -term(x: \"y\") } { -term }\n")
    for lang in ("en", "fr"):
        theirs = fluent_bundle(lang)
        theirs.add_resource(FluentResource(source))
        ours = words.Bundle(lang, {}, {})
        ours.add_resource(FluentResource(source))
        for item in FluentResource(source).body:
            if isinstance(item, ast.Message) and item.value is not None:
                for args in ({}, {"x": "1", "n": 1, "s": "other"}, {"n": 2, "s": "one"}, {"n": 2.0}, {"n": 1.5}):
                    fluent_args = {k: fluent_number(v) if isinstance(v, (int, float)) else v for k, v in args.items()}
                    ours_args = {k: resolver.Int(v) if isinstance(v, int) else resolver.Float(v) if isinstance(v, float)
                                 else v for k, v in args.items()}
                    expected, _ = theirs.format_pattern(theirs.get_message(item.id.name).value, fluent_args)
                    assert ours.format_pattern(item.value, ours_args) == expected, (lang, item.id.name, args)


VALUES = (0, 1, -1, 7, 10, 100, 1000000, 123456789012, 0.5, 0.25, 0.125, 0.135, 0.005, 0.015, 2.675, 1.0, -0.0,
          -0.004, 1.999, 9.995, 1e-9, 1e15, 3.14159, float("inf"), float("-inf"), Decimal("2.50"))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("value", VALUES, ids=str)
def test_a_number_is_written_as_babel_writes_it(lang, value):
    assert words.number(value, lang) == format_decimal(value, format="0.##", locale=LOCALES[lang])
    if not isinstance(value, Decimal):  # as a message's variable: FluentNumber without grouping
        fluent = fluent_number(value, useGrouping=False, **({"maximumFractionDigits": 2} if isinstance(value, float) else {}))
        ours = resolver.Float(value) if isinstance(value, float) else resolver.Int(value)
        assert resolver.decimal_text(ours, lang, ours.places) == fluent.format(Locale.parse(LOCALES[lang]))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_plural_category_of_a_number_is_cldr_s_as_babel_reads_it(lang):
    # CLDR (the seeds say nothing of grammar): en one = "i = 1 and v = 0"; fr one = "i = 0,1",
    # many = "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5".
    babel_plural = Locale.parse(LOCALES[lang]).plural_form
    values = list(range(-3, 30)) + [100, 1000, 999999, 1000000, 2000000, 3500000, 10**12] + \
        [0.0, 0.5, 1.0, 1.5, 1.99, 2.0, 1000000.0, 1000000.5, -1.0, -1.5, 0.1]
    for value in values:
        assert resolver.PLURALS[lang](value) == babel_plural(value), value
    assert resolver.plural_fr(1.5) == "one" and resolver.plural_fr(2000000) == "many" and resolver.plural_en(1.0) == "one"


def test_a_cycle_is_said_as_three_question_marks():
    # fluent.runtime recurses until Python stops it; the resolver says the cycle as its FluentNone would ("???").
    ours = words.Bundle("en", {}, {})
    ours.add_resource(FluentResource("cycle-a = a { cycle-b }\ncycle-b = b { cycle-a }\n"))
    assert ours.format_pattern(ours.get_message("cycle-a").value, {}) == "a b ???"
