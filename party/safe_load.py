"""Reading a character file that may be hostile: a size cap before anything is parsed, YAML without anchors and
aliases (an alias bomb is refused as soon as the first alias is met, in microseconds), and a cap on nesting depth
and on the number of values, checked without recursion. JSON or YAML; YAML for `.yaml`/`.yml`.

What the caps allow is far beyond a real sheet: Foundry's heaviest premade (a level-17 2024 character) is 0.3 MB of
YAML, nests 12 deep and holds about 40,000 values.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import yaml

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_VALUES = 2_000_000

_YamlLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Refused(Exception):
    """A file refused before or while it is read: `reason` is a message id of characters.ftl, `args` its args."""

    def __init__(self, reason: str, **args: Any):
        super().__init__(reason)
        self.reason, self.args_ = reason, args


class _NoAliasLoader(_YamlLoader):  # type: ignore[misc, valid-type]
    """PyYAML's safe loader (the C one where it is built) that refuses a node met twice: an alias."""

    def construct_object(self, node, deep=False):  # noqa: ANN001 - PyYAML's signature
        if node in self.constructed_objects or node in self.recursive_objects:
            mark = node.start_mark
            raise Refused("char-yaml-alias", line=mark.line + 1, column=mark.column + 1)
        return super().construct_object(node, deep)

    def flatten_mapping(self, node):  # noqa: ANN001
        # a merge key (`<<: *base`) is an alias by another name
        for key, _ in node.value:
            if key.tag == "tag:yaml.org,2002:merge":
                mark = key.start_mark
                raise Refused("char-yaml-alias", line=mark.line + 1, column=mark.column + 1)
        return super().flatten_mapping(node)


def check_shape(data: Any) -> None:
    """Depth and count of values, walked with a stack (no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    values = 0
    while stack:
        node, depth = stack.pop()
        values += 1
        if values > MAX_VALUES:
            raise Refused("char-too-many-values", limit=MAX_VALUES)
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth >= MAX_DEPTH:
            raise Refused("char-too-deep", limit=MAX_DEPTH)
        stack.extend((child, depth + 1) for child in children)


def read_text(path: Path, read: Callable[[Path], bytes] = Path.read_bytes) -> str:
    """The file's text, refused past MAX_BYTES without reading it whole."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise Refused("char-file-too-big", size=size // (1024 * 1024), limit=MAX_BYTES // (1024 * 1024))
    return read(path)[:MAX_BYTES + 1].decode("utf-8")


def parse(text: str, *, yaml_form: bool) -> Any:
    """JSON or YAML text into data; JSON/YAML syntax errors pass through (json.JSONDecodeError, yaml.YAMLError),
    the caps raise Refused."""
    if yaml_form:
        loader = _NoAliasLoader(text)
        try:
            data = loader.get_single_data()
        except RecursionError:  # the pure-Python loader composes nodes recursively
            raise Refused("char-too-deep", limit=MAX_DEPTH) from None
        except yaml.YAMLError as error:
            if "maximum nesting depth" in str(error):  # libyaml stops at 1000 levels
                raise Refused("char-too-deep", limit=MAX_DEPTH) from None
            raise
        finally:
            loader.dispose()
    else:
        try:
            data = json.loads(text)
        except RecursionError:
            raise Refused("char-too-deep", limit=MAX_DEPTH) from None
    check_shape(data)
    return data
