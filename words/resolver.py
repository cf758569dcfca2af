"""Fluent messages resolved without fluent.runtime (issue 25, goal 1): fluent.runtime imports babel.dates, which
computes the local time zone through pytz (hundreds of files checked), and its bundle loads Babel's locale data
for the plural rules; together more than a `combatlog state` in words costs otherwise.

This is the small resolver of the subset our catalogs write, over the syntax tree of fluent.syntax, following
fluent.runtime 0.4's resolver step for step (tests/test_words_resolver.py formats every message of every catalog
both ways, in both languages, and compares): text, placeables, variables, message and term references, string
and number literals, select expressions (plural categories, string keys), the functions the bundle is given.
What the catalogs do not write is left out: the NUMBER and DATETIME builtins (an unknown function, said as
"NUMBER()"), a number literal printed as text (written as a message's number argument is, without Fluent's
grouping and three decimals), bidi isolation (the bundle never isolates). Numbers are written as Babel writes them for our two languages (no grouping, the language's
decimal mark, half-even rounding) and chosen by CLDR's plural rules for English and French, with no locale data
to load."""

from __future__ import annotations

from typing import Any, Callable

from fluent.syntax import ast

from combatlog.words.numbers import PLURALS, Float, Int, Number, decimal_text, plural_en, plural_fr  # noqa: F401

MAX_PART_LENGTH = 2500  # fluent.runtime's limits: a longer placeable, or more parts, makes the message "{???}"
MAX_PARTS = 1000


class Missing:
    """fluent.runtime's FluentNone: what a reference that finds nothing gives (said as its name, or "???")."""

    __slots__ = ("name",)

    def __init__(self, name: str | None = None):
        self.name = name

    def __str__(self) -> str:  # as a function's argument: fluent.runtime gives its object's repr
        return f"<missing {self.name}>"




class _Environment:
    __slots__ = ("lang", "lookup", "functions", "args", "parts", "active", "plural", "compiled")

    def __init__(self, lang: str, lookup, functions: dict[str, Callable[..., Any]], args: dict[str, Any],
                 compiled: dict):
        self.lang, self.lookup, self.functions, self.args = lang, lookup, functions, args
        self.parts = 0
        self.active: set[int] = set()
        self.plural = PLURALS[lang]
        self.compiled = compiled


def format_pattern(lang: str, pattern: ast.Pattern, args: dict[str, Any], lookup,
                   functions: dict[str, Callable[..., Any]], compiled: dict | None = None) -> str:
    """The text of `pattern` in `lang` with `args` (str or Number values); `lookup(id, term)` finds an entry
    (KeyError when there is none). `compiled` keeps each pattern's function between calls (the bundle's)."""
    environment = _Environment(lang, lookup, functions, args, {} if compiled is None else compiled)
    try:
        text = _run(pattern, environment)
    except ValueError:  # a limit passed (fluent.runtime's answer)
        return "{???}"
    return text if type(text) is str else _said(text, environment)


def _said(value: Any, environment: _Environment) -> str:
    """A resolved value as text, with fluent.runtime's limit on a placeable's length."""
    if type(value) is str:
        if len(value) > MAX_PART_LENGTH:
            raise ValueError(f"Too many characters in placeable ({len(value)}, max allowed is {MAX_PARTS})")
        return value
    if isinstance(value, Number):
        return decimal_text(value, environment.lang, value.places)
    if isinstance(value, Missing):
        return value.name or "???"
    if isinstance(value, str) and len(value) > MAX_PART_LENGTH:
        raise ValueError(f"Too many characters in placeable ({len(value)}, max allowed is {MAX_PARTS})")
    return value


# Each pattern is turned once into a function of the environment (a log of a thousand lines says the same few
# dozen messages again and again): the tree is walked when first said, not at every line.
Compiled = Callable[[_Environment], Any]


def _run(pattern: ast.Pattern, environment: _Environment) -> Any:
    function = environment.compiled.get(pattern)
    if function is None:
        function = environment.compiled[pattern] = _compile_pattern(pattern)
    return function(environment)


def _compile_pattern(pattern: ast.Pattern) -> Compiled:
    """fluent.runtime's Pattern: a cyclic reference is its FluentNone; more parts than its limit, or a placeable
    longer than it, ends the message as "{???}" (format_pattern)."""
    token = id(pattern)
    count = len(pattern.elements)
    parts: list[Any] = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            parts.append(element.value)  # checked against the limit when said, as fluent.runtime does
        else:
            parts.append(_compile_placeable(element))
    if all(type(part) is str for part in parts) and all(len(part) <= MAX_PART_LENGTH for part in parts):
        constant = "".join(parts)

        def run_text(environment: _Environment) -> Any:
            if token in environment.active:
                return Missing()
            if count > MAX_PARTS - environment.parts:
                raise ValueError(f"Too many parts in message (> {MAX_PARTS}), aborting.")
            environment.parts += count
            return constant
        return run_text

    def run(environment: _Environment) -> Any:
        active = environment.active
        if token in active:  # a cyclic reference
            return Missing()
        active.add(token)
        if count > MAX_PARTS - environment.parts:
            active.discard(token)
            raise ValueError(f"Too many parts in message (> {MAX_PARTS}), aborting.")
        said = []
        for part in parts:
            value = part if type(part) is str else part(environment)
            said.append(value if type(value) is str and len(value) <= MAX_PART_LENGTH else _said(value, environment))
        environment.parts += count
        active.discard(token)
        return "".join(said)
    return run


def _compile_placeable(placeable: ast.Placeable) -> Compiled:
    expression = _compile(placeable.expression)
    return lambda environment: _said(expression(environment), environment)


def _compile(node: Any) -> Compiled:
    """An expression as a function of the environment (fluent.runtime's resolver of that node)."""
    if isinstance(node, ast.VariableReference):
        name = node.id.name

        def variable(environment: _Environment) -> Any:
            value = environment.args.get(name, _ABSENT)
            if value is _ABSENT:
                return Missing(name)
            return value if isinstance(value, (str, Number, Missing)) else Missing(name)
        return variable
    if isinstance(node, ast.StringLiteral):
        text = node.parse()["value"]
        return lambda environment: text
    if isinstance(node, ast.NumberLiteral):
        number = _literal(node)
        return lambda environment: number
    if isinstance(node, ast.Placeable):
        return _compile_placeable(node)
    if isinstance(node, ast.SelectExpression):
        return _compile_select(node)
    if isinstance(node, ast.MessageReference):
        return lambda environment: _entry(node, environment)
    if isinstance(node, ast.TermReference):
        named = [(argument.name.name, _compile(argument.value))
                 for argument in (node.arguments.named if node.arguments else ())]

        def term(environment: _Environment) -> Any:
            values = {name: argument(environment) for name, argument in named}
            outer = environment.args
            environment.args = values
            try:
                return _entry(node, environment)
            finally:
                environment.args = outer
        return term
    if isinstance(node, ast.FunctionReference):
        function_name = node.id.name
        positional = [_compile(argument) for argument in node.arguments.positional]
        named_arguments = [(argument.name.name, _compile(argument.value)) for argument in node.arguments.named]

        def call(environment: _Environment) -> Any:
            args = [argument(environment) for argument in positional]
            kwargs = {name: argument(environment) for name, argument in named_arguments}
            function = environment.functions.get(function_name)
            if function is None:
                return Missing(function_name + "()")
            try:
                return function(*args, **kwargs)
            except Exception:
                return Missing(function_name + "()")
        return call
    raise TypeError(f"a Fluent expression this resolver does not know: {type(node).__name__}")


_ABSENT = object()


def _reference_id(reference: ast.MessageReference | ast.TermReference) -> str:
    start = ("-" if isinstance(reference, ast.TermReference) else "") + reference.id.name
    return f"{start}.{reference.attribute.name}" if reference.attribute else start


def _entry(reference: ast.MessageReference | ast.TermReference, environment: _Environment) -> Any:
    try:
        entry = environment.lookup(reference.id.name, isinstance(reference, ast.TermReference))
        if reference.attribute:
            # the last of that name, as fluent.runtime keeps them
            pattern = next(a.value for a in reversed(entry.attributes) if a.id.name == reference.attribute.name)
        else:
            pattern = entry.value
    except (LookupError, StopIteration):
        return Missing(f"{{{_reference_id(reference)}}}")
    if pattern is None:
        return Missing(_reference_id(reference))
    return _run(pattern, environment)


def _literal(node: ast.NumberLiteral) -> Any:
    return Float(node.value) if "." in node.value else Int(node.value)


def _compile_select(node: ast.SelectExpression) -> Compiled:
    selector = _compile(node.selector)
    variants = [(_literal(variant.key) if isinstance(variant.key, ast.NumberLiteral) else variant.key.name,
                 variant.value) for variant in node.variants]
    default = next((variant.value for variant in reversed(node.variants) if variant.default), None)
    # fluent.runtime takes the first matching variant, and the default as it was when the loop stopped: the last
    # default before the match (the syntax allows one default, so: the default).
    by_text: dict[str, ast.Pattern] = {}
    for key, value in variants:
        if type(key) is str:
            by_text.setdefault(key, value)
    numeric = any(type(key) is not str for key, _ in variants)

    def select(environment: _Environment) -> Any:
        key = selector(environment)
        if type(key) is str and not numeric:  # the usual case: a word chooses among words
            found = by_text.get(key, default)
        else:
            found = next((value for variant_key, value in variants if _match(key, variant_key, environment)), default)
        if found is None:
            return Missing()
        return _run(found, environment)
    return select


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float))


def _match(one: Any, other: Any, environment: _Environment) -> bool:
    if one is None or isinstance(one, Missing) or other is None or isinstance(other, Missing):
        return False
    if _is_number(one):
        if not _is_number(other):
            return environment.plural(one) == other
    elif _is_number(other):
        return _match(other, one, environment)
    return bool(one == other)
