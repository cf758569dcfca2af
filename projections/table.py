"""A plain-text table of the state document, for `combatlog state` without --json."""


def render_table(document: dict) -> str:
    lines = [f"{document.get('name') or 'encounter'} [{document['ruleset']}] phase {document['phase']}, "
             f"round {document['round']}, turn {document['turn'] or '-'} (seq {document['seq']})"]
    order = document["order"] + [cid for cid in document["combatants"] if cid not in document["order"]]
    for cid in order:
        c = document["combatants"][cid]
        marker = ">" if cid == document["turn"] else " "
        temp = f" +{c['temp_hp']}" if c["temp_hp"] else ""
        conditions = ", ".join(c["conditions"]) or "-"
        lines.append(f"{marker} {cid:<12} {c['name']:<18} init {str(c['initiative']):>4}  HP {c['hp']:>3}/{c['max_hp']:<3}{temp:<4} "
                     f"{c['status']:<6} {conditions}")
    if document["window"]:
        window = document["window"]
        lines.append(f"reaction window: {window['trigger']} (waiting: {', '.join(window['reactors'])}; for {window['for']})")
    return "\n".join(lines)
