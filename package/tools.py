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
from combatlog.rulesets import CODEC, prepare

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combatlog.projections.describe import Cast, command_summary, describe
    from combatlog.projections.status import armor_class_now, conditions_text, effects_shown, left_this_turn, table_title, window_line
    from combatlog.projections.table import named_in

# Re-exported words, imported on first use (module __getattr__): `state --json` or `export` never loads them.
_WORDS = {"Cast": "describe", "command_summary": "describe", "describe": "describe", "conditions_text": "status",
          "armor_class_now": "status", "effects_shown": "status", "left_this_turn": "status", "table_title": "status", "window_line": "status", "named_in": "table"}


def __getattr__(name: str):
    if name in _WORDS:
        import importlib

        value = getattr(importlib.import_module(f"combatlog.projections.{_WORDS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


MAX_SEQ = 2**63 - 1  # beyond any log (and beyond what SQLite and PostgreSQL store)


def checked_seq(value: object, field: str, lowest: int = 0) -> int:
    """`value` as an event number, or RuleViolation naming `field`: a bool, a float (1e308), a string or a
    number no log reaches (2**200) is refused in words, never with an OverflowError or decimal error."""
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= MAX_SEQ:
        from combatlog.core.kernel.errors import RuleViolation

        text = repr(value)
        shown = text if len(text) <= 24 else text[:21] + "..."
        raise RuleViolation("store-bad-seq", field=field, value=shown, lowest=str(lowest))
    return value


def state_at(store: EventStore, name: str, seq: int, *, progress=None, replay: bool = False):
    """The folded state right after event `seq` (RuleViolation out of range); `replay`: from event 0, no snapshot."""
    from combatlog.replay.snapshots import state_at

    if isinstance(seq, bool) or not isinstance(seq, int) or abs(seq) > MAX_SEQ:  # below 0: the rules' own words
        checked_seq(seq, "--at")
    prepare(store, name)  # the ruleset its create names, loaded before the bulk read
    return state_at(store, name, seq, progress=progress, **({"every": 0} if replay else {}))


def replay_full(store: EventStore, name: str):
    """The folded state of the whole log, from its first event, ignoring snapshots."""
    from combatlog.replay.full import replay_full

    prepare(store, name)  # the ruleset its create names, loaded before the bulk read
    return replay_full(store, name)


def stream_records(store: EventStore, name: str):
    """Every verified record of the encounter, in order, decoded in chunks."""
    from combatlog.replay.full import stream_records

    prepare(store, name)  # the ruleset its create names, loaded before the bulk read
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

    return render_table(named_in(document, state, lang) if state is not None else document, lang, units, state=state)


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


def verify_encounter(store: EventStore, name: str, *, progress=None, jobs: int | None = 1) -> list:
    """Every problem of one encounter: bytes, links, envelopes, re-derivation, snapshots. `jobs`: processes to
    share the re-derivation among (None: one per core on a long log); the report is the same whatever it is."""
    from combatlog.replay.verify_parallel import verify_encounter

    prepare(store, name)  # the ruleset its create names, loaded before the bulk read
    return verify_encounter(store, name, progress=progress, jobs=jobs)


def signature_problems(store: EventStore, name: str, public_key) -> list:
    """The encounter's head signatures checked against the DM's public key file (`verify --public-key`)."""
    from combatlog.events.stores.signing import Checker
    from combatlog.replay.verify import check_signatures

    return check_signatures(store, name, Checker(public_key))


def new_key_pair(path):
    """Write a DM's Ed25519 key pair: the private key at `path` (owner only), the public one at `path.pub`."""
    from combatlog.events.stores.signing import new_key_pair

    return new_key_pair(path)


def chain_lines(store: EventStore) -> list[tuple[str, dict]]:
    """What `verify` says beside its verdict, as (message id, arguments): the log's chain version (and what
    version 1 cannot prove), then each encounter's head: its last seq and fingerprint."""
    from combatlog.replay.verify import chain_version, head_fingerprint

    version = chain_version(store)
    lines: list[tuple[str, dict]] = [("verify-chain-v2", {"id": store.log_id()}) if version == 2
                                     else ("verify-chain-v1", {})]
    for name in store.encounters():
        found = head_fingerprint(store, name)
        if found is not None:
            lines.append(("verify-fingerprint", {"encounter": name, "seq": store.last(name)[0] - 1,
                                                 "fingerprint": found}))
    return lines


def head_fingerprint(store: EventStore, name: str) -> str | None:
    """The short readable form of the encounter's last hash (4 groups of 4 base32 characters), or None."""
    from combatlog.replay.verify import head_fingerprint

    return head_fingerprint(store, name)


def expect_fingerprint(store: EventStore, fingerprint: str) -> tuple[str, dict]:
    """Whether the log still holds the event a noted fingerprint names (at any seq: the log may have grown):
    ("verify-expect-found", {encounter, seq, fingerprint}), or "verify-expect-missing" /
    "verify-expect-malformed" with the fingerprint."""
    from combatlog.events.envelope import normal_fingerprint
    from combatlog.replay.verify import find_fingerprint

    shown = normal_fingerprint(fingerprint)
    if len(shown) != 19 or any(char not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567-" for char in shown):
        return "verify-expect-malformed", {"fingerprint": fingerprint}
    found = find_fingerprint(store, shown)
    if found is None:
        return "verify-expect-missing", {"fingerprint": shown}
    return "verify-expect-found", {"encounter": found[0], "seq": found[1], "fingerprint": shown}


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


__all__ = ["Cast", "armor_class_now", "effects_shown", "ConcurrencyConflict", "StoreError", "chain_lines", "checked_seq", "command_summary", "expect_fingerprint",
           "head_fingerprint", "new_key_pair", "signature_problems", "conditions_text", "copy_log",
           "describe", "diff", "export_jsonl", "first_line_is_event", "import_jsonl", "is_postgres_url",
           "is_sqlite_file", "left_this_turn", "library_about_lines", "library_list_line", "log_lines", "named_in", "open_reader",
           "open_store", "render_diff", "render_table", "repair_jsonl", "replay_full", "stat_block_lines", "state_at",
           "store_problems", "stream_records", "table_title", "transcript_text", "undone", "undone_among",
           "unfinished_events", "verify_encounter", "window_line"]
