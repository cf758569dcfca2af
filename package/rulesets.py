"""The assembly: the one place that names the installed rulesets. It builds the registry the kernel is handed
and the codec the stores decode with, and installs both as the defaults for callers that hand none down.

A ruleset is imported only when a log or a command needs it (issue 25: `combatlog state` of a 5e log loads no
pf1 module): the registry knows each one by name and the module that provides it (`PROVIDERS`), and imports
it on first use; the codec then learns its own event types. The shared event types (events/) are always known,
so the create event of a log decodes first and names the ruleset to load (the codec tells `_created`; a bulk
read that decodes without the codec's checks calls `prepare` first); an event of a type not known yet (read
without its create) loads the ruleset that defines it (`_learn`, through `OWN_EVENTS`). What lists every ruleset (the reference, `combatlog schema`, the shell's vocabulary, the
library) calls `load_all()`, or iterates the registry, which comes to the same.

Adding a ruleset: write its package under core/rulesets/, add it to `PROVIDERS` (and the module of the event
types only it writes, if any, to `OWN_EVENTS`)."""

import importlib

from combatlog.core.kernel.registry import Registry, install_default as _install_registry
from combatlog.events.codec import Codec, install_default as _install_codec

# name -> "module:attribute" (a class is instantiated), in the order the rulesets are listed.
PROVIDERS = {
    "dnd5e-2024": "combatlog.core.rulesets.dnd5e.dnd5e_2024:Dnd5e2024",
    "dnd5e-2014": "combatlog.core.rulesets.dnd5e.dnd5e_2014:Dnd5e2014",
    "rolenplay": "combatlog.core.rulesets.dnd5e.rolenplay:Rolenplay",
    "pf1": "combatlog.core.rulesets.pf1:PF1",
}
# The module holding the event types a ruleset alone writes (the others live in events/ and are always known).
OWN_EVENTS = {
    "rolenplay": "combatlog.events.rolenplay",
    "pf1": "combatlog.core.rulesets.pf1.events",
}


def _learn(event_type: str) -> bool:
    """The codec met a stored event of a type it does not know: load the ruleset that defines it. True when
    the codec knows it now."""
    for name, module in OWN_EVENTS.items():
        if not REGISTRY.is_loaded(name) and isinstance(getattr(importlib.import_module(module), event_type, None), type):
            REGISTRY.load(name)
            return event_type in CODEC.event_types
    for name in REGISTRY.names():  # a ruleset whose own events are not listed above: try each in turn
        if not REGISTRY.is_loaded(name):
            REGISTRY.load(name)
            if event_type in CODEC.event_types:
                return True
    return False


def _created(name: str) -> None:
    """The codec decoded a create naming `name`: load that ruleset before the events after it are decoded."""
    if name in REGISTRY and not REGISTRY.is_loaded(name):
        REGISTRY.load(name)


# Before `create`, dnd5e-2024 explains a command that is not a well-formed `create` of a known ruleset.
REGISTRY = Registry(providers=PROVIDERS, fallback="dnd5e-2024")
CODEC = Codec(missing=_learn, created=_created)
REGISTRY.on_load(lambda ruleset: CODEC.learn(ruleset.event_types))
_install_registry(REGISTRY)
_install_codec(CODEC)


def find_ruleset(name: str):
    """The ruleset `name`, imported on first use (InvalidCommand naming the known ones when there is none)."""
    return REGISTRY.find(name)


def load_all() -> tuple:
    """Every installed ruleset, all imported (for what lists them all: the reference, `combatlog schema`, the
    shell's vocabulary, the library)."""
    return REGISTRY.load_all()


def prepare(store, encounter: str) -> None:
    """Load the ruleset the encounter's first event (its create) names, before a bulk read of its events
    decodes them: the codec then knows them all from the start (a decoder held through a long read stays
    the right one). Nothing for an empty encounter or one whose first event is not a create."""
    if all(REGISTRY.is_loaded(name) for name in OWN_EVENTS):
        return  # every ruleset with events of its own is in already
    try:
        records = store.read_range(encounter, 0, 0)
    except Exception:  # an unreadable start: the read that follows names the damage
        return
    ruleset = getattr(records[0].event, "ruleset", None) if records else None
    if isinstance(ruleset, str) and ruleset in REGISTRY:
        REGISTRY.load(ruleset)


__all__ = ["CODEC", "OWN_EVENTS", "PROVIDERS", "REGISTRY", "find_ruleset", "load_all", "prepare"]
