"""The state document of INTERFACE.md §2 (made by the encounter's ruleset: `combatlog.core.kernel.document`)."""

from combatlog.core.kernel.document import state_document

__all__ = ["state_document"]
