"""The ruleset registry: `find_ruleset(name) -> Ruleset`.

A ruleset is one object per name exposing the plug-in contract (see README "How a ruleset plugs in"):
`name`, `state_type`, `event_types`, `template_family`, `initial_state(created)`,
`decide_and_fold(state, raw, *, templates, default_seed[, recorded])`, `evolve(state, event)`, `document(state)`.
`recorded` is passed only when verify re-derives a logged `create`: the events the log holds for it (a ruleset
whose rules have versions takes the version that create recorded from them)."""

from typing import Any, Protocol

from combatlog.core.kernel.errors import InvalidCommand


class Ruleset(Protocol):
    name: str
    state_type: type
    event_types: tuple[type, ...]
    template_family: str

    def initial_state(self, created) -> Any: ...
    def decide_and_fold(self, state, raw: dict, *, templates, default_seed: str,
                        recorded: tuple | None = None) -> tuple[list, Any]: ...
    def evolve(self, state, event) -> Any: ...
    def document(self, state) -> dict: ...


RULESETS: dict[str, Ruleset] = {}
# Names the interface reserves for rulesets that are not installed yet (none: all four are).
PLANNED: tuple[str, ...] = ()


def register(ruleset: Ruleset) -> Ruleset:
    RULESETS[ruleset.name] = ruleset
    return ruleset


def find_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        if name in PLANNED:
            raise InvalidCommand("rule-ruleset-not-available", name=str(name), known=", ".join(RULESETS)) from None
        raise InvalidCommand("rule-ruleset-unknown", name=str(name), known=", ".join(RULESETS)) from None


def rolls_death_saves(name: str | None) -> bool:
    """Whether the ruleset `name` rolls death saving throws (Pathfinder rolls stabilization checks, Rôle'n Play
    has none); True for an unknown name, as the 5e rules the other rulesets started from."""
    return getattr(RULESETS.get(name or ""), "death_saves", True)


def all_event_types() -> tuple[type, ...]:
    """Every ruleset's own event types, each once, for the kernel's decoder union."""
    seen: dict[type, None] = {}
    for ruleset in RULESETS.values():
        for event_type in ruleset.event_types:
            seen[event_type] = None
    return tuple(seen)


def _install() -> None:
    from combatlog.core.rulesets.dnd5e.dnd5e_2014 import Dnd5e2014
    from combatlog.core.rulesets.dnd5e.dnd5e_2024 import Dnd5e2024
    from combatlog.core.rulesets.dnd5e.rolenplay import Rolenplay
    from combatlog.core.rulesets.pf1 import PF1

    for ruleset in (Dnd5e2024(), Dnd5e2014(), Rolenplay(), PF1):
        register(ruleset)


_install()
