"""The event types of the 5e family (the modules under events/ that hold them), for the decoder union."""

from combatlog.events import attacks, conditions, damage, movement, reactions, resources, spells, turns
from combatlog.events.base import Event

_MODULES = (turns, movement, attacks, damage, conditions, reactions, spells, resources)

FIVE_E_EVENTS: tuple[type[Event], ...] = tuple(
    cls
    for module in _MODULES
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and cls.__module__ == module.__name__
)
