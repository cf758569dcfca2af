"""The kernel's fold: `evolve(state, event) -> state`, dispatched to the encounter's ruleset.

Folding an `EncounterCreated` asks its ruleset for the initial state; every other event goes to the
encounter's ruleset's `evolve`. Before `create`, only the dice position moves. The rulesets come from the
registry handed down (`registry=`), or the installed default (core/kernel/registry.py).

The dice position is the kernel's: a `CommandIssued` (other than undo, redo and revert) sets it to the
command's position plus its draws, whatever the ruleset, and nothing else in a fold reads it but
`EncounterCreated` (which carries it over). `fold` therefore keeps it aside and writes it into the state
once, before an `EncounterCreated` and at the end: the same state as `evolve` event by event."""

import msgspec

from combatlog.core.kernel.registry import default_registry
from combatlog.core.kernel.state import EMPTY
from combatlog.events.meta import CommandIssued, EncounterCreated

replace = msgspec.structs.replace
LOG_COMMANDS = ("undo", "redo", "revert")


def evolve(state, event, registry=None):
    """Apply one event to the state; events of undone transactions never reach this function."""
    kind = type(event)
    if kind is CommandIssued:
        if event.command.get("do") in LOG_COMMANDS:
            return state  # undo, redo and revert move no dice: the position follows the txns in force
        return replace(state, rng_position=event.rng_position + event.rng_draws)
    if state.created:
        return (registry or default_registry()).rulesets[state.ruleset].evolve(state, event)
    if kind is EncounterCreated:
        initial = (registry or default_registry()).find(event.ruleset).initial_state(event)
        return replace(initial, seq=state.seq, rng_position=state.rng_position)
    return state


def fold(events, state=None, registry=None):
    """Fold a sequence of events from `state` (or an empty log): `evolve` event by event, without the
    per-event lookups (the ruleset's evolve is found once per `EncounterCreated`, the dice position is
    written once)."""
    state = state or EMPTY
    rulesets = (registry or default_registry()).rulesets
    position = None  # the dice position not yet written into the state
    ruleset_evolve = rulesets[state.ruleset].evolve if state.created else None
    # A ruleset whose evolve is a table by event type (`evolve.handlers`) is called through it directly.
    handlers = getattr(ruleset_evolve, "handlers", None)
    for event in events:
        kind = type(event)
        if kind is CommandIssued:
            if event.command.get("do") not in LOG_COMMANDS:
                position = event.rng_position + event.rng_draws
            continue
        if kind is EncounterCreated:
            if position is not None:
                state, position = replace(state, rng_position=position), None
            state = evolve(state, event, registry)
            ruleset_evolve = rulesets[state.ruleset].evolve if state.created else None
            handlers = getattr(ruleset_evolve, "handlers", None)
        elif ruleset_evolve is not None:
            handler = handlers.get(kind) if handlers is not None else None
            state = handler(state, event) if handler is not None else ruleset_evolve(state, event)
    if position is not None:
        state = replace(state, rng_position=position)
    return state
