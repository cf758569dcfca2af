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


def library_spells(family: str, spell_id: str) -> dict | None:
    """The default spell lookup: the spell `spell_id` of the compendium family `family` (INTERFACE §7), or None."""
    from combatlog.compendium import spell

    return spell(family, spell_id)


def decide_and_fold(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None,
                    default_seed: str = "", encounters: Callable[[str], object] | None = None,
                    spells: Callable[[str, str], dict | None] | None = library_spells) -> tuple[list, object]:
    """The events one command produces (the first is always CommandIssued) and the state they fold to.
    `encounters(name)` gives another encounter of the same log (its latest state), for `add` with `carry`;
    `spells(family, id)` a spell of the encounter's library family, for `cast` of a spell the caster does not
    carry as an object (bound here to the ruleset's `library_family`)."""
    ruleset = ruleset_for(state, raw)
    family = getattr(ruleset, "library_family", "")
    lookup = (lambda spell_id: spells(family, spell_id)) if spells is not None and family else None
    return ruleset.decide_and_fold(state, raw, templates=templates, default_seed=default_seed,
                                   encounters=encounters, spells=lookup)


def decide(state, raw: dict, *, templates: Callable[[str], dict | None] | None = None, default_seed: str = "") -> list:
    return decide_and_fold(state, raw, templates=templates, default_seed=default_seed)[0]
