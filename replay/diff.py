"""What changed between two points of a log: a comparison of two state documents, as data and as lines."""

from combatlog.core.kernel.document import state_document

ENCOUNTER_FIELDS = ("round", "turn", "phase", "order")
COMBATANT_FIELDS = ("hp", "temp_hp", "status", "position", "initiative")

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
    """Readable lines in the table's language (catalog messages diff-*), one for the encounter's changes and one
    per changed combatant."""
    from combatlog.words import condition_name, message, status_name, term

    def show(name: str, value) -> str:
        if value is None:
            return message(lang, "diff-none")
        if name == "status":
            return status_name(value, lang)
        if name == "phase":
            return term(lang, "phase", value)
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
            return f"({value[0]}, {value[1]})"
        if isinstance(value, list):
            return ", ".join(str(v) for v in value) or message(lang, "diff-none")
        return str(value)

    def label(name: str) -> str:
        return message(lang, f"diff-{name.replace('_', '-')}")

    lines = [message(lang, "diff-events", **{"from": diff["seq"]["from"], "to": diff["seq"]["to"]})]
    for name, change in diff["encounter"].items():
        lines.append(message(lang, "diff-field", field=label(name), **{"from": show(name, change["from"]),
                                                                         "to": show(name, change["to"])}))
    for cid, change in diff["combatants"].items():
        parts = []
        presence = change.get("presence")
        if presence == "removed":
            lines.append(message(lang, "diff-left", id=cid))
            continue
        for name in COMBATANT_FIELDS:
            if name in change:
                if presence == "added":
                    parts.append(f"{label(name)} {show(name, change[name]['to'])}")
                else:
                    parts.append(f"{label(name)} {show(name, change[name]['from'])} -> {show(name, change[name]['to'])}")
        if "conditions" in change:
            signs = ([f"+{condition_name(c, lang)}" for c in change["conditions"]["gained"]]
                     + [f"-{condition_name(c, lang)}" for c in change["conditions"]["lost"]])
            parts.append(f"{label('conditions')} {' '.join(signs)}")
        if presence == "added":
            lines.append(f"{message(lang, 'diff-joined', id=cid)} {'; '.join(parts)}".rstrip())
        else:
            lines.append(message(lang, "diff-line", head=cid, changes="; ".join(parts)).rstrip())
    if len(lines) == 1:
        lines.append(message(lang, "diff-nothing"))
    return lines


__all__ = ["diff_documents", "diff_states", "render_diff"]
