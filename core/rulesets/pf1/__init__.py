"""Pathfinder 1e (`pf1`): a sibling of the 5e family sharing only the kernel (INTERFACE-pf1.md, seed 004)."""

from combatlog.core.rulesets.pf1.events import EVENT_TYPES
from combatlog.core.rulesets.pf1.state import Pf1State


class Pf1Ruleset:
    """The ruleset plug-in of kernel-contract.md."""

    name = "pf1"
    state_type = Pf1State
    event_types = EVENT_TYPES
    template_family = "pf1"
    # What the shared words and views ask of a ruleset (never its name): PF1 rolls stabilization checks, not
    # death saves, and names its own conditions (flat-footed, staggered…).
    death_saves = False
    words_edition = 2024

    def condition_name(self, condition: str, lang: str) -> str:
        from combatlog.core.rulesets.pf1.words import condition_name

        return condition_name(condition, lang)

    def initial_state(self, created):
        from combatlog.core.rulesets.pf1.fold import initial_state

        return initial_state(created)

    def decide_and_fold(self, state, raw: dict, *, templates=None, default_seed: str = "", recorded=None):
        from combatlog.core.rulesets.pf1.decide import decide_and_fold

        return decide_and_fold(state, raw, templates=templates, default_seed=default_seed, recorded=recorded)

    def evolve(self, state, event):
        from combatlog.core.rulesets.pf1.fold import evolve

        return evolve(state, event)

    def document(self, state) -> dict:
        from combatlog.core.rulesets.pf1.document import state_document

        return state_document(state)


PF1 = Pf1Ruleset()

# The pf1 event lines join the language layer's `describe` (combatlog log, the shell).
from combatlog.core.rulesets.pf1 import words as _words  # noqa: E402,F401
__all__ = ["PF1", "Pf1Ruleset", "Pf1State", "EVENT_TYPES"]
