"""What opened a reaction window, as a refusal's variable said in the reader's language.

A window's event stores its trigger as a code and the ids it names (events/windows.py); the window's `pending`
says what happened (its `kind` and ids), which is what the log lines already word; refusals word it the same way.
The state's `trigger` is the English sentence the state document has always shown."""

from __future__ import annotations

from typing import Any

from combatlog.words import Named, Phrase


def trigger_phrase(state: Any, window: Any) -> Phrase | str:
    """The window's trigger in words: a move out of reach, a hit, a readied trigger (with the GM's own text), a
    spell being cast; the stored sentence for a window of another kind."""
    pending = window.pending if isinstance(window.pending, dict) else {}
    kind = pending.get("kind")
    reactors = ", ".join(window.reactors)
    if kind == "move":
        return Phrase("window-trigger-move", mover=str(pending.get("id", "")), reactors=reactors)
    if kind == "attack_damage":
        attack = str(pending.get("attack", ""))
        return Phrase("window-trigger-hit", attacker=str(pending.get("attacker", "")),
                      target=str(pending.get("target", "")), attack=Named(None, attack))
    if kind == "readied":
        readier = state.combatants.get(pending.get("id", ""))
        effect = readier.effect("readied") if readier is not None else None
        text = effect.data.get("trigger", "") if effect is not None and isinstance(effect.data, dict) else ""
        return Phrase("window-trigger-readied", readier=str(pending.get("id", "")), text=str(text))
    if kind == "cast":
        found = pending.get("spell")
        spell: dict = found if isinstance(found, dict) else {}
        spell_id = str(spell.get("id", ""))
        return Phrase("window-trigger-cast", caster=str(pending.get("caster", "")),
                      spell=Named(spell.get("name") or spell_id, spell_id))
    return window.trigger
