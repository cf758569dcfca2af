"""The pages' words, from the Fluent catalogs: locales/<lang>/server.ftl, and the shell's own messages where the
page says the same thing (table-round, table-window, shell-undone-mark, phase-*, status-*: see server.ftl).

`word(lang, key, **values)` formats one message; `words_for(lang)` is what the pages' JavaScript receives, with
`{name}` placeholders it fills itself (`fill(W.ok_seq, {seq})`).
"""

from __future__ import annotations

# The one import of the catalogs' module in the server (views.py takes its words from here).
from combatlog.words import LANGS, condition_name, message, status_name, term

# The key the templates and scripts use -> the catalog's message id.
IDS: dict[str, str] = {
    "dm_title": "page-dm-title",
    "table_title": "page-table-title",
    "encounters": "page-encounters",
    "no_encounter": "page-no-encounter",
    "setup": "page-setup",
    "round": "table-round",
    "turn_of": "table-turn-of",
    "phase_setup": "phase-setup",
    "phase_turn": "phase-turn",
    "phase_death_save": "phase-death-save",
    "phase_reaction": "phase-reaction",
    "phase_ended": "phase-ended",
    "col_init": "page-col-init",
    "col_id": "page-col-id",
    "col_name": "page-col-name",
    "col_hp": "page-col-hp",
    "col_thp": "page-col-thp",
    "col_ac": "page-col-ac",
    "col_conditions": "page-col-conditions",
    "col_left": "page-col-left",
    "col_health": "page-col-health",
    "status_alive": "status-alive",
    "status_dying": "status-dying",
    "status_stable": "status-stable",
    "status_dead": "status-dead",
    "health_healthy": "players-health-healthy",
    "health_bloodied": "players-health-bloodied",
    "health_down": "players-health-down",
    "window": "table-window",
    "command": "page-command",
    "command_placeholder": "page-command-placeholder",
    "send": "page-send",
    "next_turn": "page-next-turn",
    "undo": "page-undo",
    "redo": "page-redo",
    "log": "page-log",
    "undone": "shell-undone-mark",
    "time": "page-time",
    "live": "page-live",
    "viewing_at": "page-viewing-at",
    "transcript": "page-transcript",
    "players_view": "page-players-view",
    "last_lines": "page-last-lines",
    "ok_seq": "page-ok-seq",
    "disconnected": "page-disconnected",
    "bad_token": "server-bad-token",
    "body_too_large": "server-body-too-large",
    "not_json": "server-not-json",
    "no_such_encounter": "server-no-such-encounter",
    "bad_seq": "server-bad-seq",
    "bad_count": "server-bad-count",
    "bad_lang": "server-bad-lang",
    "bad_format": "server-bad-format",
    "conflict": "server-conflict",
    "nothing_to_run": "server-nothing-to-run",
    "bad_host": "server-bad-host",
    "cross_site": "server-cross-site",
    "not_json_type": "server-not-json-type",
    "unknown_key": "server-unknown-key",
    "not_text": "server-not-text",
    "too_deep": "server-too-deep",
    "bad_encounter_quote": "server-bad-encounter-quote",
    "bad_idempotency_key": "server-bad-idempotency-key",
    "key_reused": "server-key-reused",
    "private_index": "page-private-index",
    "p_combat_starts": "players-combat-starts",
    "p_combat_ends": "players-combat-ends",
    "p_turn": "players-turn",
    "p_hit": "players-hit",
    "p_critical": "players-critical",
    "p_miss": "players-miss",
    "p_damage_pc": "players-damage-pc",
    "p_damage_monster": "players-damage-monster",
    "p_heal_pc": "players-heal-pc",
    "p_heal_monster": "players-heal-monster",
    "p_dying": "players-dying",
    "p_dead": "players-dead",
    "p_stable": "players-stable",
    "p_condition": "players-condition",
    "p_condition_ends": "players-condition-ends",
    "p_save_ok": "players-save-ok",
    "p_save_ko": "players-save-ko",
    "p_reacts": "players-reacts",
    "p_joins": "players-joins",
    "p_leaves": "players-leaves",
}

# The words the pages' scripts fill in themselves: their variables stay `{name}` placeholders.
_SCRIPT_PLACEHOLDERS: dict[str, dict[str, str]] = {
    "round": {"round": "{round}"},
    "window": {"trigger": "{trigger}", "who": "{who}"},
    "viewing_at": {"seq": "{seq}"},
    "ok_seq": {"seq": "{seq}"},
}
# Said by the server only (they need the catalog's grammar on real values, like French elision).
_SERVER_ONLY = {"turn_of", "body_too_large", "not_json", "no_such_encounter", "bad_seq", "bad_lang", "bad_format",
                "nothing_to_run", "bad_count", "bad_host", "cross_site", "not_json_type", "unknown_key", "not_text", "too_deep",
                "bad_encounter_quote", "bad_idempotency_key", "key_reused"} | {key for key in IDS if key.startswith("p_")}


def word(lang: str, key: str, **values) -> str:
    """The message `key` in `lang` (English when the language is unknown), filled with `values`."""
    return message(lang if lang in LANGS else "en", IDS[key], **values)


def words_for(lang: str) -> dict[str, str]:
    """The messages of one language the pages show (the templates, and the pages' JavaScript)."""
    return {key: word(lang, key, **_SCRIPT_PLACEHOLDERS.get(key, {})) for key in IDS if key not in _SERVER_ONLY}


__all__ = ["IDS", "LANGS", "condition_name", "message", "status_name", "term", "word", "words_for"]
