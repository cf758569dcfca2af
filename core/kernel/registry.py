"""The registry of rulesets the kernel works with, handed to it from the edge.

The kernel knows no game: it is given a `Registry` (built once by the assembly, combatlog.rulesets) and asks
it which ruleset decides a command or folds an event. The registry knows each ruleset by name and the module
that provides it ("package.module:attribute"), and imports a ruleset only when something needs it: `find(name)`,
`get(name)` and `rulesets[name]` import that one on first use; listing them all (iterating the registry,
`rulesets.values()`, `event_types()`, `load_all()`) imports them all. `on_load(listener)` is told of each
ruleset as it loads (the assembly teaches the codec its event types). Callers that hand none down (inner
modules driven directly, the rulesets' own lookups) get the registry the assembly installed with
`install_default`."""

import _thread
import importlib
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
                 planned: tuple[str, ...] = ()):
        self._loaded: dict[str, Any] = {}
        self._providers: dict[str, str] = {}
        self._order: list[str] = []
        for ruleset in rulesets:
            self._loaded[ruleset.name] = ruleset
            self._order.append(ruleset.name)
        for name, where in (providers or {}).items():
            if name not in self._providers and name not in self._loaded:
                self._order.append(name)
            self._providers[name] = where
        self.rulesets: Mapping[str, Any] = _Rulesets(self)
        self.fallback = fallback or self._order[0]
        self.planned = planned  # names the interface reserves for rulesets not installed yet
        self._listeners: list[Callable[[Any], None]] = []
        self._lock = _thread.RLock()  # _thread: `threading` costs a start more than it gives here

    # ------------------------------------------------------------------ names, without importing anything
    def names(self) -> tuple[str, ...]:
        """Every ruleset's name, in order (none is imported)."""
        return tuple(self._order)

    def loaded(self) -> tuple:
        """The rulesets imported so far, in order."""
        return tuple(self._loaded[name] for name in self._order if name in self._loaded)

    def is_loaded(self, name: str) -> bool:
        return name in self._loaded

    def __contains__(self, name) -> bool:
        return isinstance(name, str) and (name in self._loaded or name in self._providers)

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
        return tuple(self.load(name) for name in self._order)

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
        known = ", ".join(self._order)
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


__all__ = ["Registry", "default_registry", "install_default"]
