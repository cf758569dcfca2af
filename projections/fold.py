"""The fold every reader uses: the kernel's `evolve`, dispatched to the encounter's ruleset."""

from combatlog.core.kernel.fold import evolve, fold

__all__ = ["evolve", "fold"]
