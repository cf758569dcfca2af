"""The registry of rulesets the kernel works with, handed to it from the edge.

The kernel knows no game: it is given a `Registry` (built once by the assembly, combatlog.rulesets) and asks
it which ruleset decides a command or folds an event. Callers that hand none down (inner modules driven
directly, the rulesets' own lookups) get the registry the assembly installed with `install_default`."""

from combatlog.core.kernel.errors import InvalidCommand


class Registry:
    """Rulesets by name, in the order given. Before `create`, `fallback` explains a command that is not a
    well-formed `create` of a known ruleset (unknown command, missing field, unknown ruleset)."""

    def __init__(self, rulesets, *, fallback: str | None = None, planned: tuple[str, ...] = ()):
        self.rulesets: dict = {ruleset.name: ruleset for ruleset in rulesets}
        self.fallback = fallback or next(iter(self.rulesets))
        self.planned = planned  # names the interface reserves for rulesets not installed yet

    def __contains__(self, name) -> bool:
        return name in self.rulesets

    def __iter__(self):
        return iter(self.rulesets.values())

    def get(self, name):
        return self.rulesets.get(name) if isinstance(name, str) else None

    def find(self, name):
        """The ruleset `name`; an unknown name is refused in the GM's words, listing the known ones."""
        ruleset = self.get(name)
        if ruleset is not None:
            return ruleset
        known = ", ".join(self.rulesets)
        if name in self.planned:
            raise InvalidCommand("rule-ruleset-not-available", name=str(name), known=known)
        raise InvalidCommand("rule-ruleset-unknown", name=str(name), known=known)

    def ruleset_for(self, state, raw):
        """Which ruleset decides `raw`: the encounter's; before `create`, the one `create` names (or the fallback)."""
        if state.created:
            return self.rulesets[state.ruleset]
        name = raw.get("ruleset") if isinstance(raw, dict) and raw.get("do") == "create" else None
        return self.get(name) or self.rulesets[self.fallback]

    def event_types(self) -> tuple[type, ...]:
        """Every ruleset's own event types, each once (the codec adds the kernel's)."""
        seen: dict[type, None] = {}
        for ruleset in self.rulesets.values():
            for event_type in ruleset.event_types:
                seen[event_type] = None
        return tuple(seen)


_default: Registry | None = None


def install_default(registry: Registry) -> None:
    """Make `registry` the one used where none was handed down (the assembly calls it once, at import)."""
    global _default
    _default = registry


def default_registry() -> Registry:
    if _default is None:
        raise RuntimeError("no ruleset registry installed: import combatlog (its assembly registers the rulesets)")
    return _default


__all__ = ["Registry", "default_registry", "install_default"]
