"""The tagged union of every event type, and the registry used to decode and upcast them.

The kernel's own events (events/meta.py) plus every registered ruleset's `event_types`."""

from typing import Union

from combatlog.core.rulesets import all_event_types
from combatlog.events import meta
from combatlog.events.base import Event

_KERNEL_EVENTS = tuple(
    cls for cls in vars(meta).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and cls.__module__ == meta.__name__
)

EVENT_TYPES: dict[str, type[Event]] = {cls.__name__: cls for cls in _KERNEL_EVENTS + all_event_types()}

# Temporary pf1 dispatch shim: the pf1 ruleset's own events join the union.
from combatlog.core.rulesets.pf1.events import EVENT_TYPES as _PF1_EVENTS  # noqa: E402

EVENT_TYPES.update({cls.__name__: cls for cls in _PF1_EVENTS})
AnyEvent = Union[tuple(EVENT_TYPES.values())]  # noqa: UP007 - a runtime-built union
