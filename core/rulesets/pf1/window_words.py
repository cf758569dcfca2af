"""What opened an attack-of-opportunity window, as a refusal's variable said in the reader's language: the
window's act and the ids it names (events/windows.py), through the catalog message `pf1-window-trigger`."""

from __future__ import annotations

from combatlog.core.rulesets.pf1.state import Pf1Window
from combatlog.events.windows import square_text
from combatlog.words import Phrase


def trigger_phrase(window: Pf1Window) -> Phrase:
    """The window's trigger in words ("brann quitte [2,2]", "aria tente grapple sur gob")."""
    readier = window.pending.get("id", "") if isinstance(window.pending, dict) else ""
    return Phrase("pf1-window-trigger", act=window.act or "act", waiting=window.waiting, square=square_text(window.square),
                  target=window.target, using=window.using, text=window.text, readier=str(readier))
