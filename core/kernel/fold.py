"""The kernel's fold: `evolve(state, event) -> state`, dispatched to the encounter's ruleset.

Folding an `EncounterCreated` asks its ruleset for the initial state; every other event goes to
`find_ruleset(state.ruleset).evolve`. Before `create`, only the dice position moves."""

import msgspec

import combatlog.core.rulesets as _rulesets
from combatlog.core.kernel.state import EMPTY
from combatlog.events.meta import CommandIssued, EncounterCreated

replace = msgspec.structs.replace
LOG_COMMANDS = ("undo", "redo", "revert")


def evolve(state, event):
    """Apply one event to the state; events of undone transactions never reach this function."""
    if state.created:
        return _rulesets.RULESETS[state.ruleset].evolve(state, event)
    if type(event) is EncounterCreated:
        initial = _rulesets.find_ruleset(event.ruleset).initial_state(event)
        return replace(initial, seq=state.seq, rng_position=state.rng_position)
    if type(event) is CommandIssued and event.command.get("do") not in LOG_COMMANDS:
        return replace(state, rng_position=event.rng_position + event.rng_draws)
    return state


def fold(events, state=None):
    """Fold a sequence of events from `state` (or an empty log)."""
    state = state or EMPTY
    for event in events:
        state = evolve(state, event)
    return state
