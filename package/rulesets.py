"""The assembly: builds the registry the kernel is handed and the codec the stores decode with, and installs both
as the defaults for callers that hand none down. It names no ruleset: each one, the four built-in ones as a third
party's, registers itself through the entry-point group `combatlog.rulesets` (pyproject.toml
`[project.entry-points."combatlog.rulesets"]`: `name = "module:attribute"`, a class is instantiated).

A ruleset is imported only when a log or a command needs it (issue 25: `combatlog state` of a 5e log loads no
pf1 module): the registry knows each one by name and the module that provides it, and imports it on first use;
the codec then learns its own event types. Start-up stays cheap: the `combatlog` distribution's own entry points
are read from its entry_points.txt at once (registry.own_entry_points, no importlib.metadata); every installed
distribution's are scanned (`all_entry_points`) only when a name is not among them or when every ruleset is
listed. The shared event types (events/) are always known, so the create event of a log decodes first and names
the ruleset to load (the codec tells `_created`; a bulk read that decodes without the codec's checks calls
`prepare` first); an event of a type not known yet (read without its create) loads the ruleset that defines it
(`_learn`): first the rulesets that name the module of the event types only they write in the group
`combatlog.ruleset_events` (`name = "module"`), then each other one in turn. What lists every ruleset (the
reference, `combatlog schema`, the shell's vocabulary, the library) calls `load_all()`, or iterates the registry,
which comes to the same.

Adding a ruleset: give its distribution an entry point in `combatlog.rulesets` (and, if it writes event types of
its own, one in `combatlog.ruleset_events` naming their module); nothing here changes (docs/architecture.md)."""

import importlib

from combatlog.core.kernel.registry import (
    Registry, all_entry_points, install_default as _install_registry, own_entry_points,
)
from combatlog.events.codec import Codec, install_default as _install_codec

GROUP = "combatlog.rulesets"
EVENTS_GROUP = "combatlog.ruleset_events"
DISTRIBUTION = "combatlog"

# The order the built-in rulesets are listed in (`combatlog schema`, the reference, the pages' pickers): setuptools
# writes a distribution's entry points sorted by name, so the order pyproject.toml gives is lost. The first one
# explains a command before `create`. Every other ruleset follows, in the order its entry point is found.
LISTED_FIRST = ("dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1")


def _listed(providers: dict[str, str]) -> dict[str, str]:
    first = {name: providers[name] for name in LISTED_FIRST if name in providers}
    return first | providers


_own = own_entry_points(DISTRIBUTION, GROUP, EVENTS_GROUP)
# name -> "module:attribute", in the order the rulesets are listed: the distribution's own first (the others join
# when the registry discovers them). Not found (a copy run without its metadata): every distribution is scanned.
PROVIDERS: dict[str, str] = _listed(_own[0] if _own is not None else all_entry_points(GROUP))
# name -> the module holding the event types that ruleset alone writes (the others live in events/).
OWN_EVENTS: dict[str, str] = dict(_own[1]) if _own is not None else all_entry_points(EVENTS_GROUP)


def _discover() -> dict[str, str]:
    """Every installed distribution's rulesets (and the modules of their own events), asked once by the registry."""
    for name, module in all_entry_points(EVENTS_GROUP).items():
        OWN_EVENTS.setdefault(name, module)
    return all_entry_points(GROUP)


def _learn(event_type: str) -> bool:
    """The codec met a stored event of a type it does not know: load the ruleset that defines it. True when
    the codec knows it now."""
    for everywhere in (False, True):  # the own distribution's declarations first, every distribution's then
        if everywhere:
            REGISTRY.discovered()
        for name, module in tuple(OWN_EVENTS.items()):
            if name in REGISTRY and not REGISTRY.is_loaded(name) \
                    and isinstance(getattr(importlib.import_module(module), event_type, None), type):
                REGISTRY.load(name)
                return event_type in CODEC.event_types
    for name in REGISTRY.names():  # a ruleset whose own events are not declared: try each in turn
        if not REGISTRY.is_loaded(name):
            REGISTRY.load(name)
            if event_type in CODEC.event_types:
                return True
    return False


def _created(name: str) -> None:
    """The codec decoded a create naming `name`: load that ruleset before the events after it are decoded."""
    if name in REGISTRY and not REGISTRY.is_loaded(name):
        REGISTRY.load(name)


# Before `create`, the first ruleset listed (dnd5e-2024) explains a command that is not a well-formed `create` of a
# known ruleset.
REGISTRY = Registry(providers=PROVIDERS, discover=_discover)
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
    if REGISTRY.all_discovered and all(REGISTRY.is_loaded(name) for name in OWN_EVENTS):
        return  # every ruleset with events of its own is in already
    try:
        records = store.read_range(encounter, 0, 0)
    except Exception:  # an unreadable start: the read that follows names the damage
        return
    ruleset = getattr(records[0].event, "ruleset", None) if records else None
    if isinstance(ruleset, str) and ruleset in REGISTRY:
        REGISTRY.load(ruleset)


__all__ = ["CODEC", "DISTRIBUTION", "EVENTS_GROUP", "GROUP", "LISTED_FIRST", "OWN_EVENTS", "PROVIDERS", "REGISTRY", "find_ruleset",
           "load_all", "prepare"]
