"""The floors of the house (DESIGN.md "Floors"): an import only ever goes down, no module circle, and nothing
outside core/rulesets/ names a ruleset package but the one assembly that registers them (combatlog.rulesets).

Read from the installed package's source with `ast` (every import statement, at the top of a module or inside
a function: a lazy import is still a dependency)."""

from __future__ import annotations

import ast
import importlib.util
from functools import lru_cache
from pathlib import Path

import combatlog

# Floors, lowest first; a module belongs to the floor of its longest matching prefix.
FLOORS: dict[str, int] = {
    # 1. the kernel, the words, the event envelope and types (and the ground-floor helpers: the library's data
    #    loader, its logger, its version)
    "combatlog.core.kernel": 1, "combatlog.events": 1, "combatlog.words": 1,
    "combatlog.fixtures": 1, "combatlog.locales": 1, "combatlog.logs": 1, "combatlog.version": 1,
    "combatlog.core": 1,
    # 2. the rulesets, and the library data they read
    "combatlog.core.rulesets": 2, "combatlog.compendium": 2,
    # 3. the stores
    "combatlog.events.stores": 3,
    # 4. replay and the projections
    "combatlog.replay": 4, "combatlog.projections": 4, "combatlog.transcript": 4,
    # 5. the API, which assembles registry, codec and store
    "combatlog": 5,
    # 6. the front ends
    "combatlog.cli": 6, "combatlog.server": 6,
}
ASSEMBLY = "combatlog.rulesets"  # the one module outside core/rulesets that names the rulesets
RULESET_PACKAGES = ("combatlog.core.rulesets.dnd5e", "combatlog.core.rulesets.pf1")

# Modules allowed to break the rules below while they are being moved (none now).
PENDING: dict[str, str] = {}


def floor_of(module: str) -> int:
    best = max((prefix for prefix in FLOORS if module == prefix or module.startswith(prefix + ".")), key=len)
    return FLOORS[best]


@lru_cache(maxsize=1)
def modules() -> dict[str, Path]:
    """Every module of the installed package: its dotted name and its source file."""
    found: dict[str, Path] = {}
    packages = [package for package in sorted(FLOORS) if _exists(package)]
    while packages:
        package = packages.pop()
        spec = importlib.util.find_spec(package)
        for folder in spec.submodule_search_locations or ():
            for path in Path(folder).glob("*.py"):
                found[package if path.stem == "__init__" else f"{package}.{path.stem}"] = path
            packages += [f"{package}.{sub.name}" for sub in Path(folder).iterdir()
                         if (sub / "__init__.py").is_file() and f"{package}.{sub.name}" not in FLOORS]
    return found


def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


@lru_cache(maxsize=1)
def imports() -> dict[str, set[str]]:
    """module -> the combatlog modules it imports (a `from package import name` counts the submodule when
    `name` is one)."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        targets: set[str] = set()
        package = name if path.stem == "__init__" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{parent}.{base}" if base else parent
                for alias in node.names:
                    targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
        graph[name] = {t for t in targets if t.startswith("combatlog") and t in known and t != name}
    return graph


def test_the_walk_sees_every_floor():
    names = modules()
    for expected in ("combatlog.api", "combatlog.rulesets", "combatlog.core.kernel.fold", "combatlog.events.codec",
                     "combatlog.events.stores.sqlite", "combatlog.replay.engine", "combatlog.cli.main",
                     "combatlog.server.app", "combatlog.core.rulesets.pf1.decide"):
        assert expected in names, expected
    assert "combatlog.words" in names and "combatlog.projections.describe" in names
    assert floor_of("combatlog.words") == 1 and floor_of("combatlog.projections.describe") == 4
    assert floor_of("combatlog.projections.table") == 4
    assert floor_of("combatlog.events.stores.base") == 3 and floor_of("combatlog.api") == 5


def _violations(check) -> list[str]:
    return sorted(f"{source} -> {target}" for source, targets in imports().items() for target in targets
                  if check(source, target))


def _split(found: list[str]) -> tuple[list[str], list[str]]:
    pending = [line for line in found if line.split(" -> ")[0] in PENDING]
    return [line for line in found if line not in pending], pending


def test_an_import_only_ever_goes_down():
    found, _ = _split(_violations(lambda source, target: floor_of(target) > floor_of(source)))
    assert found == []


def test_the_kernel_and_the_events_import_no_ruleset():
    lower = ("combatlog.core.kernel", "combatlog.events")
    assert _violations(lambda source, target: source.startswith(lower)
                       and target.startswith("combatlog.core.rulesets")) == []


def test_nothing_outside_core_rulesets_names_a_ruleset_package_but_the_assembly():
    found, _ = _split(_violations(
        lambda source, target: not source.startswith("combatlog.core.rulesets") and source != ASSEMBLY
        and target.startswith(RULESET_PACKAGES)))
    assert found == []


def test_the_api_imports_nothing_from_the_front_ends():
    assert _violations(lambda source, target: floor_of(source) == 5
                       and target.startswith(("combatlog.cli", "combatlog.server"))) == []


def test_the_front_ends_reach_the_middle_floors_only_through_the_api():
    """The CLI, the shell and the server use the API (combatlog, combatlog.api, combatlog.tools, combatlog.lines)
    and the ground floor (words, event types, errors); never a ruleset, a store, replay or a projection."""
    assert _violations(lambda source, target: floor_of(source) == 6 and 2 <= floor_of(target) <= 4) == []


def test_once_the_words_move_the_ground_floor_imports_nothing_from_projections():
    found = _violations(lambda source, target: floor_of(source) < 4 and target.startswith("combatlog.projections"))
    assert found == []


def _cycles() -> list[list[str]]:
    """The import graph's strongly connected components of more than one module (Tarjan)."""
    graph = imports()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_circle_crosses_a_floor_or_leaves_a_ruleset():
    """A circle inside one ruleset's package is that ruleset's business; none may take in the kernel, the
    events, the stores, replay, the API or two rulesets."""
    crossing = []
    for component in _cycles():
        if all(member in PENDING for member in component):
            continue
        owners = {next((p for p in RULESET_PACKAGES if m == p or m.startswith(p + ".")), m) for m in component}
        if len(owners) > 1:
            crossing.append(component)
    assert crossing == []


def test_the_public_names_of_combatlog_stay():
    for name in ("open_log", "Log", "Encounter", "RuleViolation", "LogCorrupted", "ConcurrencyConflict",
                 "StoreError", "BatchRejected", "DEFAULT_ENCOUNTER", "event_line", "__version__"):
        assert hasattr(combatlog, name), name
