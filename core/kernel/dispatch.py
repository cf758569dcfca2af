"""The kernel's dispatcher: which ruleset decides a command.

Before `create`, the ruleset named by the `create` command; afterwards, the encounter's own. The rulesets
come from the registry handed down (`registry=`), or the installed default (core/kernel/registry.py)."""

from collections.abc import Callable

from combatlog.core.kernel.registry import default_registry
from combatlog.core.kernel.state import KernelState


def ruleset_for(state, raw, registry=None):
    return (registry or default_registry()).ruleset_for(state, raw)


def decide_and_fold(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None,
                    default_seed: str = "", registry=None, encounters: Callable[[str], object] | None = None,
                    spells: Callable[[str, str], dict | None] | None = None,
                    recorded: tuple | None = None) -> tuple[list, KernelState]:
    """The events one command produces (the first is always CommandIssued) and the state they fold to.
    `encounters(name)` gives another encounter of the same log (its latest state), for `add` with `carry`;
    `spells(family, id)` a spell of the encounter's library family, for `cast` of a spell the caster does not
    carry as an object (bound here to the ruleset's `library_family`).

    `recorded`: only when a logged `create` is re-derived (verify), the events the log holds for it, from which
    a ruleset takes what that create chose that its command does not say (pf1: the rules version), as the
    engine takes the seed; handed to the ruleset only then."""
    ruleset = ruleset_for(state, raw, registry)
    family = getattr(ruleset, "library_family", "")
    lookup = (lambda spell_id: spells(family, spell_id)) if spells is not None and family else None
    options = {"recorded": recorded} if recorded is not None else {}
    return ruleset.decide_and_fold(state, raw, templates=templates, default_seed=default_seed,
                                   encounters=encounters, spells=lookup, **options)


def decide(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None, default_seed: str = "",
           registry=None) -> list:
    return decide_and_fold(state, raw, templates=templates, default_seed=default_seed, registry=registry)[0]
