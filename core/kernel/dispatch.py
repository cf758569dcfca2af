"""The kernel's dispatcher: which ruleset decides a command.

Before `create`, the ruleset named by the `create` command; afterwards, the encounter's own."""

from collections.abc import Callable

import combatlog.core.rulesets as _rulesets

# Before any encounter, a command that is not a well-formed `create` of a known ruleset is explained
# (unknown command, missing field, "the first command must be create", unknown ruleset) by this one.
FALLBACK = "dnd5e-2024"


def ruleset_for(state, raw):
    RULESETS = _rulesets.RULESETS
    if state.created:
        return RULESETS[state.ruleset]
    name = raw.get("ruleset") if isinstance(raw, dict) and raw.get("do") == "create" else None
    ruleset = RULESETS.get(name) if isinstance(name, str) else None
    return ruleset if ruleset is not None else RULESETS[FALLBACK]


def decide_and_fold(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None,
                    default_seed: str = "", recorded: tuple | None = None) -> tuple[list, object]:
    """The events one command produces (the first is always CommandIssued) and the state they fold to.

    `recorded`: only when a logged `create` is re-derived (verify), the events the log holds for it, from which
    a ruleset takes what that create chose that its command does not say (pf1: the rules version), as the
    engine takes the seed; handed to the ruleset only then."""
    options = {"recorded": recorded} if recorded is not None else {}
    return ruleset_for(state, raw).decide_and_fold(state, raw, templates=templates, default_seed=default_seed,
                                                   **options)


def decide(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None, default_seed: str = "") -> list:
    return decide_and_fold(state, raw, templates=templates, default_seed=default_seed)[0]
