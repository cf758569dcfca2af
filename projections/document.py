"""The state document of INTERFACE.md §2: a projection of the folded state, made by the encounter's ruleset."""

from combatlog.core.kernel.state import empty_document


def state_document(state) -> dict:
    """The outside contract's view of an encounter; field names are fixed, extra fields may be added."""
    if not state.created:
        return empty_document(state)
    from combatlog.core.rulesets import RULESETS

    return RULESETS[state.ruleset].document(state)
