"""combatlog: an event-sourced combat engine for tabletop role-playing games.

The library in five lines::

    import combatlog
    with combatlog.open_log("fight.db") as log:       # a path, a .jsonl path, or a postgresql:// URL
        enc = log.encounter("default")
        enc.execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 7})   # raises combatlog.RuleViolation
        print(enc.state()["phase"])

`Log`: `encounters()`, `encounter(name)`, `close()`.
`Encounter`: `execute(command)`, `execute_all(commands)`, `state(at=SEQ)`, `undo()`, `redo()`, `revert(to)`,
`transcript(format, lang)`, `verify()`, `log_lines(lang)`, `recent_lines(lang, count)`, `recent(count)`, `events(after=SEQ)`, `wait_for_new(after, timeout)`,
`follow()`, `seq`, `lang`, `ruleset`; for a table display: `status_words(lang, at=SEQ)` (the shell's status table in
words), `conditions(at=SEQ)` (durations), `window_text(lang)`, `parse_line(line)` (the shell's words).
`library(ruleset)`: the ruleset family's creatures and spells (`.search(query, kind=None)`, `.get(id)`);
`stat_block(entry, lang)` prints one as a stat block.
Errors: `RuleViolation` (a refused command: `error.localized("fr")`), `BatchRejected` (one of a list, with its
`line`), `LogCorrupted` (`error.seq` names the first bad event), `ConcurrencyConflict` (another writer got there
first: read again and retry; in `execute_all`, its `line` and `events` say what the commands before it
appended), `StoreError` (the log cannot be opened, read or written). `check_encounter_name(name)` refuses a name the CLI's
`--encounter` refuses. `str(error)` is English; the last three
also have `error.localized("fr")`, as the CLI prints them.
"""

from combatlog.version import __version__  # noqa: E402,F401  (first: inner modules import it)

from combatlog.core.kernel import assembly as _assembly  # noqa: E402  (imports nothing)


def _assemble() -> None:
    """The assembly (combatlog.rulesets): builds and installs the registry and the codec; no ruleset is imported
    before a log or command names it."""
    import combatlog.rulesets  # noqa: F401


# Named, not built: the first caller that needs the registry or the codec builds them (`combatlog --version`
# imports nothing of the engine, msgspec included); combatlog.api and combatlog.tools import it at their top.
_assembly.install(_assemble)

# The API is imported on first use (module __getattr__), like the subpackages read as attributes
# (`combatlog.tools`): a caller that needs one part does not load the others.
_API_NAMES = frozenset({"DEFAULT_ENCOUNTER", "BatchRejected", "ConcurrencyConflict", "Encounter", "Log", "LogCorrupted",
                        "RuleViolation", "StoreError", "check_encounter_name", "event_line", "open_log"})


def __getattr__(name: str):
    import importlib

    if name in _API_NAMES:
        value = getattr(importlib.import_module("combatlog.api"), name)
        globals()[name] = value
        return value
    if not name.startswith("__"):
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _API_NAMES)


__all__ = ["BatchRejected", "ConcurrencyConflict", "DEFAULT_ENCOUNTER", "Encounter", "Log", "LogCorrupted",
           "RuleViolation", "StoreError", "__version__", "check_encounter_name", "event_line", "import_character", "library", "open_log",
           "stat_block"]


def import_character(path_or_dict, *, ruleset: str | None = None):
    """A Foundry VTT actor export (dnd5e "Export Data" JSON) into a PC template, or a party file (JSON or YAML,
    docs/party-file.md) into a list of them; `ruleset` checks each against that encounter's `add`. The template is
    `{"id", "name", "kind": "pc", "level", "class", "source", "stats", "notes"}` (stats with the §7 `level` and
    `spellcasting`). Raises RuleViolation naming the field that cannot be read (`error.localized("fr")`)."""
    from combatlog.party.characters import import_character as read

    return read(path_or_dict, ruleset=ruleset)


def library(ruleset: str):
    """The creatures and spells of `ruleset`'s family (INTERFACE §7): `.search(query, kind=None)` and `.get(id)`
    give entries as dicts (`kind` is "creature" or "spell"). Read from the package's data on first use; an
    unknown ruleset raises `RuleViolation`."""
    from combatlog.compendium import library_for

    return library_for(ruleset)


def stat_block(entry: dict, lang: str = "en") -> str:
    """A library entry (creature or spell) as a printed stat block in `lang` ("fr" or "en")."""
    from combatlog.projections.statblock import stat_block_lines

    return "\n".join(stat_block_lines(entry, lang))
