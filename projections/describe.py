"""One line per event, in French or English: what `combatlog log` and the shell print.

Written from the event alone, through the Fluent catalogs (message `event-<event type in kebab-case>`); see
`combatlog.projections.words`."""

from combatlog.projections.words import Cast, command_summary, describe, event_args

__all__ = ["Cast", "command_summary", "describe", "event_args", "log_entries", "log_lines"]


def log_entries(records, lang: str, undone=frozenset(), units: str | None = None, *, state=None):
    """For each record: (record, the state after it, what happened in words, its place "r2 aria", its whole
    `combatlog log` line). `state` is the folded state just before the first record (the empty state when
    the records start the log)."""
    from combatlog.core.kernel.state import KernelState as EncounterState
    from combatlog.projections.fold import evolve
    from combatlog.projections.words import message

    records = list(records)
    state = state if state is not None else EncounterState()
    cast = Cast(lang).know(records).update(state)
    mark = " " + message(lang, "log-undone")
    for record in records:
        if record.txn not in undone:
            state = evolve(state, record.event)
            cast.update(state)
        place = message(lang, "log-place", round=state.round, turn=state.turn) if state.turn else message(lang, "log-setup")
        text = describe(record.event, lang, cast, units or getattr(state, "units", "") or "m")
        line = f"{record.seq:>6} {record.txn:>6} {place:<14} {record.actor:<6} {text}"
        yield record, state, text, place, line + (mark if record.txn in undone else "")


def log_lines(records, lang: str, undone=frozenset(), units: str | None = None, *, state=None):
    """`combatlog log`'s lines: seq, txn, round/turn, actor and what happened; undone commands marked.

    `state` is the folded state just before the first record (the empty state when the records start the log)."""
    for *_, line in log_entries(records, lang, undone, units, state=state):
        yield line


def _terms(kind: str, keys) -> dict[str, str]:
    from combatlog.projections.words import term

    return {key: term("fr", kind, key) for key in keys}


# French names kept for code that imported them from here; the catalogs (locales/fr/terms.ftl) hold the words.
DAMAGE_FR = _terms("damage", ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
                              "poison", "psychic", "radiant", "slashing", "thunder"))
ABILITY_FR = _terms("ability", ("str", "dex", "con", "int", "wis", "cha"))
STATUS_FR = _terms("status", ("alive", "dying", "stable", "dead"))
