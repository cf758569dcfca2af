"""The state document of INTERFACE.md §2: a view of the folded state, made by the encounter's ruleset.

Here, below the readers, because replay (diff, time travel) compares documents as well as the projections."""

from combatlog.core.kernel.registry import default_registry
from combatlog.core.kernel.state import empty_document


def state_document(state) -> dict:
    """The outside contract's view of an encounter; field names are fixed, extra fields may be added."""
    if not state.created:
        return empty_document(state)
    return default_registry().rulesets[state.ruleset].document(state)
