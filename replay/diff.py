"""What changed between two points of a log: a comparison of two state documents, as data and as lines."""

from combatlog.projections.document import state_document

ENCOUNTER_FIELDS = ("round", "turn", "phase", "order")
COMBATANT_FIELDS = ("hp", "temp_hp", "status", "position", "initiative")

_WORDS = {
    "en": {"events": "events", "round": "round", "turn": "turn", "phase": "phase", "order": "order",
           "hp": "HP", "temp_hp": "temp HP", "status": "status", "position": "position",
           "initiative": "initiative", "conditions": "conditions", "joined": "joined", "left": "left",
           "nothing": "no change", "none": "-"},
    "fr": {"events": "événements", "round": "round", "turn": "tour", "phase": "phase", "order": "ordre",
           "hp": "PV", "temp_hp": "PV temporaires", "status": "état", "position": "position",
           "initiative": "initiative", "conditions": "conditions", "joined": "arrive", "left": "part",
           "nothing": "aucun changement", "none": "-"},
}


def diff_states(before, after) -> dict:
    """The changes from `before` to `after` (see `diff_documents`)."""
    return diff_documents(state_document(before), state_document(after))


def diff_documents(before: dict, after: dict) -> dict:
    """Changes between two state documents; unchanged fields are left out.

    `{"seq": {"from", "to"}, "encounter": {field: {"from", "to"}}, "combatants": {id: {...}}}`, where a
    combatant's entry holds `presence` (`added`/`removed`) when it joined or left, each changed field of
    COMBATANT_FIELDS as `{"from", "to"}`, and `conditions` as `{"gained": [...], "lost": [...]}`.
    """
    encounter = {
        name: {"from": before[name], "to": after[name]}
        for name in ENCOUNTER_FIELDS if before[name] != after[name]
    }
    combatants: dict[str, dict] = {}
    ids = list(before["combatants"]) + [cid for cid in after["combatants"] if cid not in before["combatants"]]
    for cid in ids:
        old, new = before["combatants"].get(cid), after["combatants"].get(cid)
        change: dict = {}
        if old is None:
            change["presence"] = "added"
        elif new is None:
            change["presence"] = "removed"
        for name in COMBATANT_FIELDS:
            was = old.get(name) if old is not None else None
            now = new.get(name) if new is not None else None
            if was != now:
                change[name] = {"from": was, "to": now}
        had = set(old["conditions"]) if old is not None else set()
        has = set(new["conditions"]) if new is not None else set()
        if had != has:
            change["conditions"] = {"gained": sorted(has - had), "lost": sorted(had - has)}
        if change:
            combatants[cid] = change
    return {"seq": {"from": before["seq"], "to": after["seq"]}, "encounter": encounter, "combatants": combatants}


def render_diff(diff: dict, lang: str = "en") -> list[str]:
    """Readable lines, one for the encounter's changes and one per changed combatant."""
    words = _WORDS.get(lang, _WORDS["en"])
    lines = [f"{words['events']} {diff['seq']['from']} -> {diff['seq']['to']}"]
    for name, change in diff["encounter"].items():
        lines.append(f"{words[name]}: {_show(change['from'], words)} -> {_show(change['to'], words)}")
    for cid, change in diff["combatants"].items():
        parts = []
        presence = change.get("presence")
        if presence == "removed":
            lines.append(f"{cid}: {words['left']}")
            continue
        for name in COMBATANT_FIELDS:
            if name in change:
                if presence == "added":
                    parts.append(f"{words[name]} {_show(change[name]['to'], words)}")
                else:
                    parts.append(f"{words[name]} {_show(change[name]['from'], words)} -> {_show(change[name]['to'], words)}")
        if "conditions" in change:
            signs = [f"+{c}" for c in change["conditions"]["gained"]] + [f"-{c}" for c in change["conditions"]["lost"]]
            parts.append(f"{words['conditions']} {' '.join(signs)}")
        head = f"{cid} {words['joined']}:" if presence == "added" else f"{cid}:"
        lines.append(f"{head} {'; '.join(parts)}".rstrip())
    if len(lines) == 1:
        lines.append(words["nothing"])
    return lines


def _show(value, words: dict) -> str:
    if value is None:
        return words["none"]
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"({value[0]}, {value[1]})"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or words["none"]
    return str(value)


__all__ = ["diff_documents", "diff_states", "render_diff"]
