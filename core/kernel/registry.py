"""The registry of rulesets the kernel works with, handed to it from the edge.

The kernel knows no game: it is given a `Registry` (built once by the assembly, combatlog.rulesets) and asks
it which ruleset decides a command or folds an event. The registry knows each ruleset by name and the module
that provides it ("package.module:attribute"), and imports a ruleset only when something needs it: `find(name)`,
`get(name)` and `rulesets[name]` import that one on first use; listing them all (iterating the registry,
`rulesets.values()`, `event_types()`, `load_all()`) imports them all. `on_load(listener)` is told of each
ruleset as it loads (the assembly teaches the codec its event types). Callers that hand none down (inner
modules driven directly, the rulesets' own lookups) get the registry the assembly installed with
`install_default`.

Where the providers come from is the edge's business: the assembly reads the entry points of the group
`combatlog.rulesets` (`own_entry_points` reads the `combatlog` distribution's own file, without importlib.metadata;
`all_entry_points` scans every installed distribution, and is what `discover` calls when a name is not among the
own ones or when every ruleset is listed)."""

import _thread
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from combatlog.core.kernel.errors import InvalidCommand


class _Rulesets(Mapping):
    """The rulesets by name: the names are known at once, each ruleset is imported when it is first read."""

    def __init__(self, registry: "Registry"):
        self._registry = registry

    def __getitem__(self, name):
        if name not in self._registry:
            raise KeyError(name)
        return self._registry.load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry.names())

    def __len__(self) -> int:
        return len(self._registry.names())

    def __contains__(self, name) -> bool:
        return name in self._registry

    def __repr__(self) -> str:
        return f"<rulesets {', '.join(self._registry.names())}>"


class Registry:
    """Rulesets by name, in the order given: `rulesets` already built, then `providers` ({name:
    "module:attribute"}, imported on first use; an attribute naming a class is instantiated). Before `create`,
    `fallback` explains a command that is not a well-formed `create` of a known ruleset (unknown command,
    missing field, unknown ruleset)."""

    def __init__(self, rulesets=(), *, providers: Mapping[str, str] | None = None, fallback: str | None = None,
                 planned: tuple[str, ...] = (), discover: Callable[[], Mapping[str, str]] | None = None):
        self._loaded: dict[str, Any] = {}
        self._providers: dict[str, str] = {}
        self._order: list[str] = []
        for ruleset in rulesets:
            self._loaded[ruleset.name] = ruleset
            self._order.append(ruleset.name)
        self._provide(providers or {}, replace=True)
        # `discover()`: more providers ({name: "module:attribute"}, e.g. every installed distribution's entry
        # points), asked once, when a name is not known or when every ruleset is listed; the ones given win.
        self._discover = discover
        self.rulesets: Mapping[str, Any] = _Rulesets(self)
        self.fallback = fallback or (self._order[0] if self._order else "")
        self.planned = planned  # names the interface reserves for rulesets not installed yet
        self._listeners: list[Callable[[Any], None]] = []
        self._lock = _thread.RLock()  # _thread: `threading` costs a start more than it gives here

    def _provide(self, providers: Mapping[str, str], *, replace: bool) -> None:
        for name, where in providers.items():
            if name not in self._providers and name not in self._loaded:
                self._order.append(name)
            elif not replace:
                continue  # a name given first keeps its provider
            self._providers[name] = where

    def discovered(self) -> None:
        """Ask `discover` for the providers beyond the given ones, once (nothing when there is no `discover`)."""
        if self._discover is None:
            return
        with self._lock:
            if self._discover is not None:
                self._provide(self._discover(), replace=False)
                self._discover = None

    @property
    def all_discovered(self) -> bool:
        """Whether every provider is known (`discover` was asked, or there is none)."""
        return self._discover is None

    # ------------------------------------------------------------------ names, without importing anything
    def names(self) -> tuple[str, ...]:
        """Every ruleset's name, in order (none is imported; the discovered ones included)."""
        self.discovered()
        return tuple(self._order)

    def loaded(self) -> tuple:
        """The rulesets imported so far, in order."""
        return tuple(self._loaded[name] for name in self._order if name in self._loaded)

    def is_loaded(self, name: str) -> bool:
        return name in self._loaded

    def __contains__(self, name) -> bool:
        if not isinstance(name, str):
            return False
        if name in self._loaded or name in self._providers:
            return True
        if self._discover is None:
            return False
        self.discovered()
        return name in self._providers

    # ------------------------------------------------------------------ loading
    def on_load(self, listener: Callable[[Any], None]) -> None:
        """Call `listener(ruleset)` for each ruleset loaded so far and for each one that loads later."""
        with self._lock:
            self._listeners.append(listener)
            for ruleset in self.loaded():
                listener(ruleset)

    def load(self, name: str):
        """The ruleset `name`, imported now if it was not yet (KeyError for an unknown name)."""
        ruleset = self._loaded.get(name)
        if ruleset is not None:
            return ruleset
        with self._lock:
            if name in self._loaded:
                return self._loaded[name]
            module, _, attribute = self._providers[name].partition(":")
            found = getattr(importlib.import_module(module), attribute)
            ruleset = found() if isinstance(found, type) else found
            for listener in self._listeners:  # before anyone else sees it: the codec knows its events first
                listener(ruleset)
            self._loaded[name] = ruleset
            return ruleset

    def load_all(self) -> tuple:
        """Every ruleset, each imported now if it was not yet (for what lists them all)."""
        return tuple(self.load(name) for name in self.names())

    def __iter__(self):
        return iter(self.load_all())

    # ------------------------------------------------------------------ lookups
    def get(self, name):
        return self.load(name) if name in self else None

    def find(self, name):
        """The ruleset `name`; an unknown name is refused in the GM's words, listing the known ones."""
        ruleset = self.get(name)
        if ruleset is not None:
            return ruleset
        known = ", ".join(self.names())
        if name in self.planned:
            raise InvalidCommand("rule-ruleset-not-available", name=str(name), known=known)
        raise InvalidCommand("rule-ruleset-unknown", name=str(name), known=known)

    def ruleset_for(self, state, raw):
        """Which ruleset decides `raw`: the encounter's; before `create`, the one `create` names (or the fallback)."""
        if state.created:
            return self.load(state.ruleset)
        name = raw.get("ruleset") if isinstance(raw, dict) and raw.get("do") == "create" else None
        return self.get(name) or self.load(self.fallback)

    def event_types(self) -> tuple[type, ...]:
        """Every ruleset's own event types, each once (imports them all; the codec adds the shared ones)."""
        seen: dict[type, None] = {}
        for ruleset in self.load_all():
            for event_type in ruleset.event_types:
                seen[event_type] = None
        return tuple(seen)


def _parse_entry_points(text: str, group: str) -> dict[str, str]:
    """The `name = value` lines of section `[group]` of an entry_points.txt (the format of the packaging spec)."""
    found: dict[str, str] = {}
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            found[name.strip()] = value.strip()
    return found


def _normalized(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()


def own_entry_points(distribution: str, *groups: str) -> tuple[dict[str, str], ...] | None:
    """The entry points of `groups` that the distribution `distribution` declares, one dict per group, read from
    its entry_points.txt where importlib.metadata would find it first (the first folder of sys.path holding its
    .dist-info), without importing importlib.metadata (its imports cost a CLI call a tenth of a second); None when
    that distribution is not found."""
    wanted = _normalized(distribution)
    for folder in sys.path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in entries:
            if entry.endswith(".dist-info") and _normalized(entry.partition("-")[0]) == wanted:
                try:
                    with open(os.path.join(folder or ".", entry, "entry_points.txt"), encoding="utf-8") as file:
                        text = file.read()
                except OSError:
                    text = ""
                return tuple(_parse_entry_points(text, group) for group in groups)
    return None


def all_entry_points(group: str) -> dict[str, str]:
    """The entry points of `group` of every installed distribution, in the order importlib.metadata finds them
    (the first one of a name kept)."""
    import importlib.metadata  # only when every distribution is scanned (never on a read: see own_entry_points)

    found: dict[str, str] = {}
    for entry in importlib.metadata.entry_points(group=group):
        found.setdefault(entry.name, entry.value)
    return found


_default: Registry | None = None


def install_default(registry: Registry) -> None:
    """Make `registry` the one used where none was handed down (the assembly calls it once, at import)."""
    global _default
    _default = registry


def default_registry() -> Registry:
    if _default is None:  # `import combatlog` names its assembly without building it: built on first need
        from combatlog.core.kernel.assembly import build

        build()
    if _default is None:
        raise RuntimeError("no ruleset registry installed: import combatlog (its assembly registers the rulesets)")
    return _default


__all__ = ["Registry", "all_entry_points", "default_registry", "install_default", "own_entry_points"]
