"""The tagged union of every event type, and the registry used to decode and upcast them."""

from typing import Union

from combatlog.events import attacks, conditions, damage, meta, movement, reactions, turns
from combatlog.events.base import Event

_MODULES = (meta, turns, movement, attacks, damage, conditions, reactions)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for module in _MODULES
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and cls.__module__ == module.__name__
}

# Temporary pf1 dispatch shim: the pf1 ruleset's own events join the union.
from combatlog.core.rulesets.pf1.events import EVENT_TYPES as _PF1_EVENTS  # noqa: E402

EVENT_TYPES.update({cls.__name__: cls for cls in _PF1_EVENTS})
AnyEvent = Union[tuple(EVENT_TYPES.values())]  # noqa: UP007 - a runtime-built union
