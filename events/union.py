"""The tagged union of every event type, as the installed codec knows it (events/codec.py).

The union is built from the registry at the edge (the kernel's events plus each ruleset's `event_types`,
once); `EVENT_TYPES` and `AnyEvent` here read the installed codec, for callers that name them."""

from typing import TYPE_CHECKING, Any

from combatlog.events.codec import KERNEL_EVENTS, default_codec

if TYPE_CHECKING:
    from combatlog.events.base import Event

if TYPE_CHECKING:  # read lazily through __getattr__ below (PEP 562): declared here for readers and checkers
    EVENT_TYPES: dict[str, type[Event]]
    AnyEvent: Any


def __getattr__(name: str) -> Any:
    if name == "EVENT_TYPES":
        return default_codec().event_types
    if name == "AnyEvent":
        return default_codec().any_event
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["EVENT_TYPES", "AnyEvent", "KERNEL_EVENTS"]
