"""What a front end does with a whole log beyond running one encounter's commands (the `combatlog` verbs other
than `run` and `play`): open it for reading only, fold it at a point or from its first event, stream its
records, export, import and copy it, repair a torn JSON Lines log, verify it, word it, diff two points.

Part of the API floor: the CLI reaches the stores, replay and the projections through here, and every store
it opens decodes with the registry's codec. The lower modules are imported on first use only, so that a
short command (`combatlog run`) starts without them."""

from __future__ import annotations

import os
from pathlib import Path

from combatlog.events.stores import (
    ConcurrencyConflict,
    EventStore,
    StoreError,
    copy_log,
    export_jsonl,
    import_jsonl,
    is_postgres_url,
    is_sqlite_file,
    open_store as _open_store,
)
from combatlog.projections.describe import Cast, command_summary, describe
from combatlog.projections.table import named_in
from combatlog.projections.status import conditions_text, left_this_turn, table_title, window_line
from combatlog.rulesets import CODEC


def open_store(location: str | os.PathLike[str], *, create: bool = True, durable: bool = False) -> EventStore:
    """The store a LOG argument names (events/stores `open_store`), decoding with the registry's codec."""
    return _open_store(location, create=create, durable=durable, codec=CODEC)


def open_reader(path: str | os.PathLike[str]) -> EventStore:
    """A store over an existing log file that never writes to it."""
    from combatlog.events.stores import JsonlStore, SQLiteStore

    store = JsonlStore(path) if os.fspath(path).lower().endswith(".jsonl") else SQLiteStore(path, readonly=True)
    store.codec = CODEC
    return store


def first_line_is_event(path: Path) -> bool:
    """Whether the file's first line is a combatlog event (a JSON Lines log or export)."""
    from combatlog.events.stores.jsonl import first_line_is_event

    return first_line_is_event(path)


def repair_jsonl(path, incomplete=None):
    """Cut a torn JSON Lines log back to its last whole command (events/stores/jsonl.py `repair_jsonl`)."""
    from combatlog.events.stores.jsonl import repair_jsonl

    return repair_jsonl(path, incomplete)


def state_at(store: EventStore, name: str, seq: int, *, progress=None, replay: bool = False):
    """The folded state right after event `seq` (RuleViolation out of range); `replay`: from event 0, no snapshot."""
    from combatlog.replay.snapshots import state_at

    return state_at(store, name, seq, progress=progress, **({"every": 0} if replay else {}))


def replay_full(store: EventStore, name: str):
    """The folded state of the whole log, from its first event, ignoring snapshots."""
    from combatlog.replay.full import replay_full

    return replay_full(store, name)


def stream_records(store: EventStore, name: str):
    """Every verified record of the encounter, in order, decoded in chunks."""
    from combatlog.replay.full import stream_records

    return stream_records(store, name)


def undone(store: EventStore, name: str) -> set[int]:
    """The txns undone at the end of the log (read from its markers only)."""
    from combatlog.replay.full import markers, undone_by

    return undone_by(markers(store, name))


def undone_among(records) -> set[int]:
    """The txns the markers among `records` leave undone."""
    from combatlog.events.meta import Redone, Reverted, Undone
    from combatlog.replay.full import undone_by

    return undone_by(r for r in records if isinstance(r.event, (Undone, Redone, Reverted)))


def log_lines(records, lang: str, undone: set[int], units: str | None = None, *, state=None):
    """One line per event, as `combatlog log` prints them."""
    from combatlog.projections.describe import log_lines

    return log_lines(records, lang, undone, units, state=state)


def render_table(document: dict, lang: str, units: str = "m", state=None) -> str:
    """The plain status table of a state document; with the folded `state`, creatures are named in `lang`."""
    from combatlog.projections.table import render_table

    return render_table(named_in(document, state, lang) if state is not None else document, lang, units)


def transcript_text(records, format: str, *, lang=None, include_undone: bool = False, units=None) -> str:
    """The fight's transcript in `format` (md, html or json)."""
    from combatlog.transcript import to_html, to_json, to_markdown, transcript

    document = transcript(records, lang=lang, include_undone=include_undone, units=units)
    return {"md": to_markdown, "html": to_html, "json": to_json}[format](document)


def diff(before, after) -> dict:
    """What changed between two folded states."""
    from combatlog.replay.diff import diff_states

    return diff_states(before, after)


def render_diff(changes, lang: str) -> list[str]:
    from combatlog.replay.diff import render_diff

    return render_diff(changes, lang)


def store_problems(store: EventStore) -> list:
    """What is wrong with the storage itself (SQLite's integrity, rows against seqs, the recorded heads)."""
    from combatlog.replay.verify import store_problems

    return store_problems(store)


def verify_encounter(store: EventStore, name: str, *, progress=None) -> list:
    """Every problem of one encounter: bytes, links, envelopes, re-derivation, snapshots."""
    from combatlog.replay.verify import verify_encounter

    return verify_encounter(store, name, progress=progress)


def unfinished_events(sealed) -> int:
    """How many of an encounter's last events belong to a command not written whole (for `repair`)."""
    from combatlog.replay.verify import unfinished_events

    return unfinished_events(sealed)


def stat_block_lines(entry: dict, lang: str) -> list[str]:
    """A library entry (creature or spell) as a printed stat block or spell card, line by line."""
    from combatlog.projections.statblock import stat_block_lines

    return stat_block_lines(entry, lang)


def library_list_line(entry: dict, lang: str) -> str:
    """One library entry as a line of `combatlog library`'s listing."""
    from combatlog.projections.statblock import list_line

    return list_line(entry, lang)


def library_about_lines(library, lang: str) -> list[str]:
    """The sources and licences of a ruleset family's library."""
    from combatlog.projections.statblock import about_lines

    return about_lines(library, lang)


__all__ = ["Cast", "ConcurrencyConflict", "StoreError", "command_summary", "conditions_text", "copy_log",
           "describe", "diff", "export_jsonl", "first_line_is_event", "import_jsonl", "is_postgres_url",
           "is_sqlite_file", "left_this_turn", "library_about_lines", "library_list_line", "log_lines", "named_in", "open_reader",
           "open_store", "render_diff", "render_table", "repair_jsonl", "replay_full", "stat_block_lines", "state_at",
           "store_problems", "stream_records", "table_title", "transcript_text", "undone", "undone_among",
           "unfinished_events", "verify_encounter", "window_line"]
