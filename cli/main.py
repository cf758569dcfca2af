"""The `combatlog` command: parse, call, print. No rules here.

Each command imports what it uses, in its own handler (issue 25: a CLI call pays for its own imports only;
tests/test_cli_imports.py holds what each one must not load): `--version` and `-h` open no log, `state --json`
loads no words, no table and nothing that decides a command."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from combatlog import __version__
from combatlog.cli.errors import BadInput, answer_lang, reader_lang
from combatlog.cli.logging_setup import configure
from combatlog.cli.safe_text import printable, printable_document
from combatlog.words import Said, both, localized, message

TYPE_CHECKING = False  # typing itself is not imported at run time: `combatlog --version` needs none of it
if TYPE_CHECKING:
    from typing import Any

    from combatlog.api import ConcurrencyConflict, Encounter, LogCorrupted, StoreError

EXIT_OK, EXIT_FAILED, EXIT_REJECTED = 0, 1, 2


def say(message_id: str, /, **args) -> str:
    """A message of the catalogs in the language of whoever reads the terminal."""
    return message(reader_lang(), message_id, **args)


# Every sub-command, in the order `combatlog -h` lists them (tests/test_cli_imports.py holds it to the parser).
COMMANDS = ("run", "state", "export", "import-character", "import", "log", "verify", "key", "repair", "diff", "play",
            "serve", "library", "schema", "summary")


def _command_in(argv: list[str]) -> str | None:
    """The sub-command `argv` names (the first word that is not an option: the top level's take no value), or
    None (no command, or one no parser knows: the whole parser then says what is wrong), or "" for `--version`
    before any command (no command's parser is built)."""
    for arg in argv:
        if arg in ("-h", "--help"):  # the top level's help lists every command
            return None
        if arg == "--version":  # answered as soon as it is read: no command's parser is needed
            return ""
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def main(argv: list[str] | None = None) -> int:
    # Only the named command's parser is built (argparse formats every argument as it is added: building all
    # fourteen costs a short command a tenth of its start).
    parser = _parser(_command_in(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    configure(args.verbose)
    try:
        return args.handler(args)
    except BadInput as error:
        print(message(error.said_in, "cli-error", text=printable(str(error))), file=sys.stderr)
        return EXIT_REJECTED
    except _failures() as error:  # evaluated only when an exception gets this far
        print(say("cli-error", text=printable(error.localized(reader_lang()))), file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:
        return EXIT_OK
    except UnicodeEncodeError as error:  # a log written by another tool, holding text no terminal can show
        print(say("cli-output-cannot-be-written", error=printable(str(error))[:200]), file=sys.stderr)
        return EXIT_FAILED
    except RecursionError:
        print(say("cli-input-nested-too-deeply"), file=sys.stderr)
        return EXIT_REJECTED
    except Exception as error:  # e.g. a log written by an older combatlog that the rules cannot fold
        if args.verbose:
            raise
        print(say("cli-command-failed", command=args.command, kind=type(error).__name__,
                  error=printable(str(error))[:300]), file=sys.stderr)
        return EXIT_FAILED


def _failures() -> tuple[type[StoreError], type[LogCorrupted], type[ConcurrencyConflict]]:
    """What a command answers "error: ..." to and exits 1: the log cannot be opened, read or written."""
    from combatlog.api import ConcurrencyConflict, LogCorrupted, StoreError

    return StoreError, LogCorrupted, ConcurrencyConflict


class _Skipped:
    """Stands for the parser of a command that is not run: takes every call and builds nothing."""

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: self


class _Only:
    """The sub-parsers action, building the parser of command `only` alone (every one when `only` is None), each
    with the help formatter of the top level."""

    def __init__(self, sub, only: str | None):
        self._sub, self._only = sub, only

    def add_parser(self, name: str, **kwargs):
        if self._only is not None and name != self._only:
            return _Skipped()
        kwargs.setdefault("formatter_class", _Formatter)
        return self._sub.add_parser(name, **kwargs)


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, as wide as argparse makes it, without importing shutil for the width (with the
    compression modules shutil brings, a few ms of every call: argparse builds a formatter for each argument
    added, to check it, long before any help is printed)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_columns() - 2 if width is None else width)


def _terminal_columns() -> int:
    """`shutil.get_terminal_size().columns`, computed as shutil computes it: $COLUMNS when it is a positive number,
    else the width of the terminal standard output is, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):  # no standard output, closed, detached or not a terminal
        return 80
    return size.columns or 80


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `only`, that sub-command's parser alone (what `main` runs)."""
    parser = argparse.ArgumentParser(prog="combatlog", description="An event-sourced combat log for tabletop RPGs.",
                                     formatter_class=_Formatter)
    parser.add_argument("--version", action="version", version=f"combatlog {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="JSON logs on stderr")
    sub: Any = _Only(parser.add_subparsers(dest="command", required=True), only)

    run = sub.add_parser("run", help="run a JSON Lines combat script against a log")
    run.add_argument("script", help="the script (.jsonl); - for standard input")
    run.add_argument("--log", required=True, help="the log: a .db SQLite file, a .jsonl file, or a postgresql:// URL; created if absent")
    run.add_argument("--encounter", default=None, help="encounter id inside the log (default: the only one)")
    run.add_argument("--actor", default="dm", help="who issues the commands (recorded on every event)")
    run.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    run.add_argument("--durable", action="store_true",
                     help="SQLite synchronous=FULL: each command survives a power cut (default: WAL with "
                          "synchronous=NORMAL, which survives a crash of the process, not of the machine)")
    run.add_argument("--json", action="store_true", help="print the state document (JSON) instead of the fight")
    run.add_argument("--lang", choices=["fr", "en"], default=None,
                     help="the language of the fight and of its errors (default: the encounter's)")
    run.set_defaults(handler=_run)

    state = sub.add_parser("state", help="print the state of an encounter")
    state.add_argument("log")
    state.add_argument("--json", action="store_true", help="the state document (JSON)")
    state.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the encounter's language")
    state.add_argument("--units", choices=["m", "ft"], default=None, help="distances in metres or feet (default: the encounter's)")
    state.add_argument("--at", type=int, default=None, help="as of event SEQ (time travel)")
    state.add_argument("--encounter", default=None)
    state.add_argument("--replay", action="store_true",
                       help="fold the whole log from its first event, ignoring snapshots (prints the same document)")
    state.set_defaults(handler=_state)

    export = sub.add_parser("export", help="export a log")
    export.add_argument("log")
    export.add_argument("--format", choices=["jsonl", "md", "html", "json"], default="jsonl",
                        help="jsonl: the raw events; md, html, json: the fight transcript")
    export.add_argument("--lang", choices=["fr", "en"], default=None,
                        help="transcript language (default: the encounter's)")
    export.add_argument("--units", choices=["m", "ft"], default=None,
                        help="transcript distances in metres or feet (default: the encounter's)")
    export.add_argument("--include-undone", action="store_true",
                        help="show commands undone by the DM, marked, in the transcript")
    export.add_argument("--encounter", default=None,
                        help="only this encounter (default: all for jsonl; the only one for a transcript)")
    export.add_argument("--output", "-o", default="-", help="file to write (default: standard output)")
    export.set_defaults(handler=_export)

    character = sub.add_parser("import-character", help="read a Foundry VTT actor export or a party file into PC templates")
    character.add_argument("file", help="a Foundry VTT dnd5e actor export (JSON), or a party file (JSON or YAML)")
    character.add_argument("--ruleset", default=None, help="the encounter they join: each character is checked as `add` takes it")
    character.add_argument("--json", action="store_true", help="print the template (a list for a party file) as JSON")
    character.add_argument("-o", "--output", default=None,
                           help="write the templates as JSON, or as `add` commands for `combatlog run` when it ends in .jsonl")
    character.set_defaults(handler=_import_character)

    imp = sub.add_parser("import", help="import a JSON Lines export (or another log) into a log")
    imp.add_argument("file", help="a .jsonl export, or another log (SQLite file or postgresql:// URL) to copy")
    imp.add_argument("--log", required=True)
    imp.set_defaults(handler=_import)

    log = sub.add_parser("log", help="list the events, one line each")
    log.add_argument("log")
    log.add_argument("--encounter", default=None)
    log.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the encounter's language")
    log.add_argument("--units", choices=["m", "ft"], default=None, help="distances in metres or feet (default: the encounter's)")
    log.set_defaults(handler=_log)

    verify = sub.add_parser("verify", help="check a log's hash chain; exit 1 if it is broken")
    verify.add_argument("log")
    verify.add_argument("--expect", metavar="FINGERPRINT", default=None,
                        help="a head fingerprint noted earlier: fail unless the log still contains that event")
    verify.add_argument("--fingerprint", action="store_true",
                        help="also print the chain version and each encounter's head fingerprint (to note)")
    verify.add_argument("--public-key", metavar="FILE", default=None,
                        help="the DM's public key (combatlog key new): every head must carry its signature")
    verify.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="processes re-deriving the log at once (default: one per core, on logs of 20,000 events "
                             "or more); 1: this process alone. The report is the same whatever N is")
    verify.set_defaults(handler=_verify)

    key = sub.add_parser("key", help="the DM's signing key (Ed25519): `key new FILE` writes FILE and FILE.pub")
    key_verbs = key.add_subparsers(dest="key_verb", required=True)
    key_new = key_verbs.add_parser("new", help="write a new key pair; set COMBATLOG_SIGNING_KEY=FILE to sign heads",
                                   formatter_class=_Formatter)
    key_new.add_argument("file", nargs="?", default="combatlog-dm.key")
    key_new.set_defaults(handler=_key_new)

    repair = sub.add_parser("repair", help="cut a JSON Lines log cut off mid-write back to its last whole command")
    repair.add_argument("log")
    repair.set_defaults(handler=_repair)

    diff = sub.add_parser("diff", help="what changed between the states right after events A and B")
    diff.add_argument("log")
    diff.add_argument("a", type=int, help="the earlier event seq")
    diff.add_argument("b", type=int, help="the later event seq")
    diff.add_argument("--json", action="store_true", help="the changes as JSON")
    diff.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the encounter's language")
    diff.add_argument("--encounter", default=None)
    diff.set_defaults(handler=_diff)

    play = sub.add_parser("play", help="an interactive shell for the game master (short French/English commands)")
    play.add_argument("log", nargs="?", default=None, help="the log file; created if absent (default: a new combat-DATE.db)")
    play.add_argument("--dice", choices=["manual", "auto"], default="auto", help="manual: the table types every die")
    play.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the encounter's language (fr for a new one)")
    play.add_argument("--units", choices=["m", "ft"], default=None, help="distances in metres or feet (default: the encounter's)")
    play.add_argument("--encounter", default=None, help="encounter id inside the log (default: the only one)")
    play.add_argument("--ruleset", default=None, help="ruleset of a new encounter (default: dnd5e-2024)")
    play.add_argument("--new", action="store_true",
                      help="create the encounter --encounter names in a log that already holds others")
    play.add_argument("--seed", default=None, help="dice seed of a new encounter")
    play.add_argument("--name", default=None, help="name of a new encounter")
    play.add_argument("--actor", default="dm", help="who issues the commands (recorded on every event)")
    play.set_defaults(handler=_play)

    serve = sub.add_parser("serve", help="serve the log's encounters in a browser: the DM's page and the players' view")
    serve.add_argument("log", help="the log (.db SQLite, .jsonl, or a postgresql:// URL); created if absent")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--token", default=None, help="the DM's token (default: a new random one, printed)")
    serve.add_argument("--lang", choices=["fr", "en"], default=None, help="pages' language (default: the encounter's)")
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes sharing the port (several need a PostgreSQL log or a SQLite file)")
    serve.add_argument("--private", action="store_true",
                       help="the JSON API's reads need the DM's token too (the players' view stays open)")
    serve.set_defaults(handler=_serve)
    if only in (None, "library"):
        from combatlog.cli.library import add_library_parser

        add_library_parser(sub, reader_lang)
    if only in (None, "schema"):
        from combatlog.cli.schema import add_schema_parser

        add_schema_parser(sub)
    summary = sub.add_parser("summary", help="after the fight: damage dealt and taken, healing, hits, kills, saves, "
                                                "per combatant and per round")
    summary.add_argument("log")
    summary.add_argument("--encounter", default=None)
    summary.add_argument("--json", action="store_true", help="the summary document (JSON; docs/reference/summary-and-builder.md)")
    summary.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the encounter's language")
    summary.set_defaults(handler=_summary)
    return parser


def _bind_log_context(verbose: bool, **context) -> None:
    """The context of the JSON log lines -v prints; structlog is imported only then (it costs ~0.1 s)."""
    if verbose:
        import structlog

        structlog.contextvars.bind_contextvars(**context)


def _serve(args) -> int:
    # Imported here: the server's dependencies are the optional `server` extra.
    try:
        from combatlog.server import serve
    except ImportError as error:  # pragma: no cover - depends on the installation
        print(say("cli-serve-needs-extra", install=_server_install(), error=str(error)), file=sys.stderr)
        return EXIT_FAILED
    try:
        import uvicorn  # noqa: F401
        import starlette  # noqa: F401
        import jinja2  # noqa: F401
    except ImportError as error:
        print(say("cli-serve-needs-extra", install=_server_install(), error=str(error)), file=sys.stderr)
        return EXIT_FAILED
    return serve(args.log, host=args.host, port=args.port, token=args.token, lang=args.lang, workers=args.workers,
                 private=args.private)


def _server_install() -> str:
    """How to install the server extra: from a source checkout (a pyproject.toml beside the package) the editable
    install, else the package from the index."""
    if (Path(__file__).resolve().parents[1] / "pyproject.toml").is_file():
        return "pip install -e '.[server]'"
    return "pip install 'combatlog[server]'"


def _play(args) -> int:
    # Imported here so the rest of the CLI never loads the shell, prompt_toolkit or rich tables.
    from combatlog.cli.play import play

    if args.log is not None:
        _check_log_path(args.log)
    return play(args)


def _is_url(path: str) -> bool:
    return "://" in path


def _check_log_path(path: str) -> None:
    """Refuse a log path that would lose what is written to it, or that is a folder."""
    if not path.strip():
        raise BadInput(*both("cli-log-path-empty-name-log"))
    if path == ":memory:":
        raise BadInput(*both("cli-log-memory-keeps-nothing-once", path=":memory:"))
    if not _is_url(path) and Path(path).is_dir():
        raise BadInput(*both("cli-folder-not-log-file", path=path))


def _existing_store(path: str):
    """The log at `path` (a file or a postgresql:// URL), opened for reading only: nothing is created or altered."""
    from combatlog.tools import StoreError, open_reader, open_store  # not the API: `export` runs no encounter

    _check_log_path(path)
    if _is_url(path):
        return open_store(path, create=False)
    if not Path(path).exists():
        raise StoreError(Said("store-no-such-log-file", path=path))
    return open_reader(path)


def _writable_store(path: str, *, durable: bool = False):
    from combatlog.tools import open_store

    _check_log_path(path)
    return open_store(path, durable=durable)


def _pick_encounter(store, wanted: str | None, *, creating: bool = False) -> str:
    from combatlog.tools import StoreError

    if wanted is not None:
        from combatlog.api import RuleViolation, check_name

        try:
            check_name(wanted, "--encounter", "--encounter")
        except RuleViolation as error:
            raise BadInput(error.message, error.message_fr) from None
    names = store.encounters()
    if wanted:
        if not creating and wanted not in names:
            raise BadInput(*both("cli-log-has-no-encounter", wanted=wanted, known=", ".join(names)))
        return wanted
    if not names:
        if creating:
            from combatlog.api import DEFAULT_ENCOUNTER

            return DEFAULT_ENCOUNTER
        raise StoreError(say("cli-no-encounter-yet"))
    if len(names) > 1:
        raise StoreError(say("cli-several-encounters", names=", ".join(names)))
    return names[0]


def _read_script(path: str) -> list[tuple[int, str]]:
    try:
        if path == "-":
            text = sys.stdin.buffer.read().decode("utf-8") if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        else:
            text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(*both("cli-no-such-script", path=path)) from None
    except IsADirectoryError:
        raise BadInput(*both("cli-folder-not-script", path=path)) from None
    except UnicodeDecodeError as error:
        raise BadInput(*both("cli-script-not-utf-text-byte", path=path, start=error.start)) from None
    except OSError as error:
        raise BadInput(*both("cli-cannot-read-script", path=path, value=error.strerror or error)) from None
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write first
    # Only \n (and \r\n) end a script line: a U+2028 inside a string is the string's problem, refused by name.
    return [(number, line.rstrip("\r")) for number, line in enumerate(text.split("\n"), start=1)
            if line.strip() and not line.lstrip().startswith("#")]


def _run(args) -> int:
    from combatlog.api import RuleViolation, check_name

    lines = _read_script(args.script)
    try:
        check_name(args.actor, "--actor", "--actor")
    except RuleViolation as error:
        raise BadInput(error.message, error.message_fr) from None
    fresh = not _is_url(args.log) and not Path(args.log).exists()
    try:
        return _run_lines(args, lines)
    finally:
        _drop_if_empty(args.log, fresh)


def _drop_if_empty(path: str, fresh: bool) -> None:
    """A log file this run created and left without one event (its first line refused) is removed: no empty file
    is left behind."""
    if not fresh or not Path(path).is_file():
        return
    from combatlog.tools import open_reader

    try:
        with open_reader(path) as store:
            empty = not store.encounters()
    except Exception:  # not a log we can read: leave it as it is
        return
    if empty:
        for leftover in (path, f"{path}-wal", f"{path}-shm", f"{path}-journal"):
            Path(leftover).unlink(missing_ok=True)


def _run_lines(args, lines) -> int:
    from combatlog.api import (ConcurrencyConflict, EncounterAlreadyCreated, Log, LogCorrupted, RuleViolation, StoreError,
                               parse_script_line)

    with _writable_store(args.log, durable=args.durable) as store:
        encounter = Log(store, args.log).encounter(_pick_encounter(store, args.encounter, creating=True))
        live = encounter.live
        lang = live.state.lang if live.state.created else None  # a new log: the terminal's until `create`
        first, start_state = live.next_seq, live.state
        for number, line in lines:
            _bind_log_context(args.verbose, encounter=encounter.name, line=number)
            before = live.next_seq
            try:
                raw = parse_script_line(line)
                encounter.apply(raw, actor=args.actor)
            except RuleViolation as error:
                # `line N: <reason>` (the script contract): the prefix in the language `--lang` asks, else the terminal's; the reason in the
                # language `--lang` asks, else the encounter's (README, Languages); a refusal about the log file
                # itself (it already holds an encounter) speaks the terminal's language, as every error about a file.
                about_the_file = isinstance(error, EncounterAlreadyCreated)
                said = answer_lang(args.lang, None if about_the_file else lang)
                print(message(args.lang or reader_lang(), "cli-line", number=number, text=printable(error.localized(said))),
                      file=sys.stderr)
                return EXIT_REJECTED
            except (ConcurrencyConflict, StoreError, LogCorrupted) as error:
                # Another writer (or a damaged file): the commands before this line are in the log, this one is not.
                # About the file, not the encounter: the terminal's language, as every store error.
                print(say("cli-line", number=number, text=printable(error.localized(reader_lang()))), file=sys.stderr)
                return EXIT_FAILED
            except (RecursionError, MemoryError):
                said = answer_lang(args.lang, lang)
                print(message(args.lang or reader_lang(), "cli-line", number=number,
                              text=message(said, "cli-command-nested-too-deeply")), file=sys.stderr)
                return EXIT_REJECTED
            except Exception as error:  # a bug in the rules must not print a traceback or lose the script's place
                said = answer_lang(args.lang, lang)
                text = message(said, "cli-command-not-run", kind=type(error).__name__, error=printable(str(error))[:200],
                               written=live.next_seq != before)
                print(message(args.lang or reader_lang(), "cli-line", number=number, text=text), file=sys.stderr)
                return EXIT_REJECTED
            lang = live.state.lang if live.state.created else None
        if args.json:
            import json

            from combatlog.api import state_document

            print(json.dumps(state_document(live.state), ensure_ascii=False, indent=2))
        elif not args.quiet:
            _print_fight(encounter, first, start_state, args.lang)
    return EXIT_OK


def _print_fight(encounter: Encounter, first: int, before, lang: str | None = None) -> None:
    """What a table reads after a script, as the shell shows it: what happened, once per event (the commands' own
    echo left out: each result names what was done), a turn's events under the line that starts it, then the
    status table with its column headers."""
    from rich.console import Console

    from combatlog.api import state_document
    from combatlog.cli.play_view import status_table
    from combatlog.events.meta import CommandIssued
    from combatlog.tools import Cast, describe, undone_among

    state = encounter.live.state
    if not state.created:  # an empty script on a new log: no encounter yet, nothing to show
        return
    # Only this run's events are read: markers name earlier transactions, so the ones that matter are among them.
    records = encounter.log.read_range(encounter.name, first, encounter.live.next_seq - 1)
    undone = undone_among(records)
    lang, units = lang or state.lang or "en", getattr(state, "units", None) or "m"
    cast = Cast(lang).update(before).know(records).update(state)
    mark = " " + message(lang, "shell-undone-mark")
    in_turn = bool(getattr(before, "turn", None))
    for record in records:
        if isinstance(record.event, CommandIssued):
            continue
        # A turn (or round) starting heads the lines that follow; any ruleset's turn event ends in "TurnStarted".
        starts_turn = type(record.event).__name__.endswith("TurnStarted")
        if starts_turn:
            print()
        line = describe(record.event, lang, cast, units) + (mark if record.txn in undone else "")
        print(printable(line if starts_turn or not in_turn else f"  {line}"))
        in_turn = in_turn or starts_turn
    print()
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 120  # a file or a pipe: wide enough for every column on one line
    console.print(status_table(printable_document(state_document(state)), lang, state, cast, units))


def _state(args) -> int:
    from combatlog.api import Log, RuleViolation, state_document

    with _existing_store(args.log) as store:
        name = _pick_encounter(store, args.encounter)
        if args.at is not None:
            # Straight from the store: only the events after the nearest usable snapshot are read and folded.
            try:
                state = _state_at(store, name, args.at, replay=args.replay)
            except RuleViolation as error:
                said = answer_lang(args.lang, _lang_of(store, name))
                print(message(said, "cli-error", text=error.localized(said)), file=sys.stderr)
                return EXIT_REJECTED
        elif args.replay:
            from combatlog.tools import replay_full

            state = replay_full(store, name)
        else:
            state = Log(store, args.log).encounter(name).live.state
        document = state_document(state)
        if args.json:
            import json

            print(json.dumps(document, ensure_ascii=False, indent=2))
        else:
            from combatlog.tools import named_in, render_table

            from combatlog.party.difficulty import state_difficulty_line

            print(render_table(printable_document(named_in(document, state, args.lang or state.lang)),
                               args.lang or state.lang, args.units or state.units, state=state))
            difficulty = state_difficulty_line(state, args.lang or state.lang)
            if difficulty:
                print(printable(difficulty))
    return EXIT_OK


def _summary(args) -> int:
    """INTERFACE.md §5 "After the fight": the summary document (`--json`) or its tables in words."""
    from combatlog.api import Log

    with _existing_store(args.log) as store:
        name = _pick_encounter(store, args.encounter)
        encounter = Log(store, args.log).encounter(name)
        if args.json:
            import json

            print(json.dumps(encounter.summary(args.lang), ensure_ascii=False, indent=2))
        else:
            for line in encounter.summary_text(args.lang).splitlines():
                print(printable(line))
    return EXIT_OK


def _state_at(store, name: str, seq: int, *, replay: bool = False):
    """The state as of event `seq` (RuleViolation when out of range), with a progress bar on a terminal;
    `replay`: folded from event 0, ignoring snapshots."""
    from combatlog.cli.progress import Progress
    from combatlog.tools import state_at

    with Progress("state") as progress:
        return state_at(store, name, seq, progress=progress, replay=replay)


def _lang_of(store, name: str) -> str:
    """The encounter's language, from its first command (for error messages that need no replay)."""
    for record in store.read(name):
        if type(record.event).__name__ == "EncounterCreated":
            return record.event.lang
        if record.seq > 8:
            break
    return "en"


def _diff(args) -> int:
    """What changed between the states right after events A and B."""
    from combatlog.api import RuleViolation
    from combatlog.tools import diff as diff_states, render_diff

    with _existing_store(args.log) as store:
        name = _pick_encounter(store, args.encounter)
        try:
            before = _state_at(store, name, args.a)
            after = _state_at(store, name, args.b)
        except RuleViolation as error:
            said = answer_lang(args.lang, _lang_of(store, name))
            print(message(said, "cli-error", text=error.localized(said)), file=sys.stderr)
            return EXIT_REJECTED
        changes = diff_states(before, after)
        if args.json:
            import json

            print(json.dumps(changes, ensure_ascii=False, indent=2))
        else:
            print("\n".join(render_diff(changes, args.lang or after.lang)))
    return EXIT_OK


def _export(args) -> int:
    from combatlog.cli.progress import Progress, with_progress
    from combatlog.tools import export_jsonl

    output = None if args.output == "-" else _output_path(args.output, args.log)
    with _existing_store(args.log) as opened, Progress("export") as bar:
        store = with_progress(opened, bar, "exporting")
        if args.encounter is not None:
            _pick_encounter(opened, args.encounter)  # refuses an encounter the log does not have
        if args.format != "jsonl":
            from combatlog.tools import stream_records, transcript_text

            name = _pick_encounter(store, args.encounter)
            bar.stage("exporting", opened.last(name)[0])
            records = list(bar.iterate(stream_records(opened, name)))  # chunked decode, every hash checked
            if args.format in ("md", "html"):
                from combatlog.cli.safe_text import printable_events

                records = printable_events(records)
            text = transcript_text(records, args.format, lang=args.lang, include_undone=args.include_undone,
                                   units=args.units)
            if output is None:
                sys.stdout.flush()
                sys.stdout.buffer.write(text.encode("utf-8"))  # UTF-8 whatever the terminal's locale
                sys.stdout.buffer.flush()
            else:
                _write_replacing(output, lambda handle: handle.write(text.encode("utf-8")), jsonl=False)
        elif output is None:
            export_jsonl(store, args.encounter, sys.stdout.buffer)
            sys.stdout.flush()
        else:
            _write_replacing(output, lambda handle: export_jsonl(store, args.encounter, handle), jsonl=True)
    return EXIT_OK


def _output_path(output: str, log: str) -> Path:
    """Where `export -o` may write: an existing folder, never the log itself nor any other log."""
    if not output.strip():
        raise BadInput(*both("cli-o-path-empty"))
    path = Path(output)
    if path.is_dir():
        raise BadInput(*both("cli-folder-name-file-to-write", output=output))
    folder = path.resolve().parent
    if not folder.is_dir():
        raise BadInput(*both("cli-cannot-write-folder-does-not", output=output, folder=folder))
    if not _is_url(log):
        target, source = str(path.resolve()), str(Path(log).resolve())
        same = target in (source, source + "-wal", source + "-shm", source + "-journal")
        if not same and path.exists() and Path(log).exists():
            same = os.path.samefile(path, log)
        if same:
            raise BadInput(*both("cli-log-being-exported-choose-another", output=output))
    if path.exists() and not os.access(path, os.W_OK):
        raise BadInput(*both("cli-cannot-write-permission-denied", output=output))
    if not os.access(folder, os.W_OK):
        raise BadInput(*both("cli-cannot-write-folder-not-writable", output=output, folder=folder))
    return path


def _is_log_file(path: Path) -> str | None:
    """'sqlite' or 'jsonl' when the existing file at `path` holds a log (or any SQLite database), else None."""
    from combatlog.tools import first_line_is_event

    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
    except OSError:
        return None
    if head == b"SQLite format 3\x00":
        return "sqlite"
    return "jsonl" if first_line_is_event(path) else None


def _write_replacing(path: Path, write, *, jsonl: bool) -> None:
    """Write through a temporary file renamed over `path` at the end: a failure never truncates what was there.

    An existing log is never replaced, except a JSON Lines export by a newer export of the same events
    (every line it held is in the new one, so nothing is lost)."""
    kind = _is_log_file(path) if path.exists() else None
    if kind == "sqlite" or (kind == "jsonl" and not jsonl):
        raise BadInput(*both("cli-combatlog-log-will-not-be", path=path))
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "xb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        if kind == "jsonl" and not set(_lines(path)) <= set(_lines(temporary)):
            raise BadInput(*both("cli-combatlog-log-holding-events-this", path=path))
        os.replace(temporary, path)
    except OSError as error:
        raise BadInput(*both("cli-cannot-write", path=path, value=error.strerror or error)) from None
    finally:
        if temporary.exists():
            temporary.unlink()


def _lines(path: Path) -> list[bytes]:
    return [line for line in path.read_bytes().splitlines() if line.strip()]


def _import_character(args) -> int:
    """Characters brought in: refusals name the field (exit 2); the result as words, JSON or `add` commands."""
    import json

    from combatlog import import_character
    from combatlog.api import RuleViolation
    from combatlog.party.characters import add_commands, summary_lines

    try:
        found = import_character(args.file, ruleset=args.ruleset)
    except RuleViolation as error:
        raise BadInput(error.message, error.message_fr) from None
    templates = found if isinstance(found, list) else [found]
    if args.output:
        target = Path(args.output)
        if target.is_dir():
            raise BadInput(*both("char-output-is-folder", file=args.output))
        if target.suffix.lower() == ".jsonl":
            commands, left_out = add_commands(templates, args.ruleset or templates[0].get("ruleset") or "dnd5e-2024")
            text = "".join(json.dumps(command, ensure_ascii=False) + "\n" for command in commands)
            if left_out:
                print(say("char-left-out", keys=", ".join(left_out)), file=sys.stderr)
        else:
            text = json.dumps(found, ensure_ascii=False, indent=2) + "\n"
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as error:
            raise BadInput(*both("char-output-not-written", file=args.output, reason=error.strerror or "")) from None
        print(say("char-written", count=len(templates), file=printable(str(target))))
    elif args.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
    else:
        for template in templates:
            print("\n".join(printable(line) for line in summary_lines(template, reader_lang())))
    return EXIT_OK


def _import(args) -> int:
    from combatlog.tools import copy_log, import_jsonl, is_postgres_url, is_sqlite_file, open_store

    _check_log_path(args.log)
    if is_postgres_url(args.file) or is_sqlite_file(args.file):
        def copy(store):  # another log: copied as it is stored, bodies and hashes unchanged
            with open_store(args.file, create=False) as source:
                return copy_log(source, store)
    else:
        source = Path(args.file)
        if source.is_dir():
            raise BadInput(*both("cli-folder-not-export", file=args.file))
        if not source.exists():
            raise BadInput(*both("cli-no-such-file", file=args.file))

        def copy(store):
            return import_jsonl(args.file, store)
    if not _is_url(args.file) and not _is_url(args.log) and Path(args.log).resolve() == Path(args.file).resolve():
        raise BadInput(*both("cli-log-itself-import-into-another", file=args.file))
    if _is_url(args.log) or Path(args.log).exists():
        with open_store(args.log) as store:
            counts = copy(store)
    else:
        counts = _import_new(args.file, Path(args.log), copy)
    for name, count in counts.items():
        print(say("cli-imported", count=count, name=printable(name)))
    return EXIT_OK


def _import_new(file: str, target: Path, copy) -> dict[str, int]:
    """All or nothing: import into a temporary log beside `target`, which appears only once the import is whole."""
    from combatlog.tools import open_store

    suffix = ".jsonl" if target.name.lower().endswith(".jsonl") else ".db"
    temporary = target.with_name(f".{target.name}.import-{os.getpid()}{suffix}")
    try:
        with open_store(temporary) as store:
            counts = copy(store)
        if not counts:
            raise BadInput(*both("cli-holds-no-events-nothing-was", file=file))
        try:
            os.link(temporary, target)  # never replaces a log that appeared meanwhile
        except FileExistsError:
            raise BadInput(*both("cli-appeared-while-importing-nothing-was", target=target)) from None
        except OSError:
            os.replace(temporary, target)  # a file system without hard links
        if Path(f"{temporary}.head").exists():  # a .jsonl log's head goes with it
            os.replace(f"{temporary}.head", f"{target}.head")
        return counts
    finally:
        for leftover in (temporary, Path(f"{temporary}-wal"), Path(f"{temporary}-shm"), Path(f"{temporary}.head")):
            if leftover.exists():
                leftover.unlink()


def _log(args) -> int:
    """seq, txn, round/turn, actor and what happened; events of undone commands are marked."""
    from combatlog.api import Log
    from combatlog.tools import log_lines, stream_records, undone

    with _existing_store(args.log) as store:
        name = _pick_encounter(store, args.encounter)
        lang = args.lang or Log(store, args.log).encounter(name).live.state.lang
        # Streamed: the markers first (what is undone at the end), then every event once, nothing kept.
        for line in log_lines(stream_records(store, name), lang, undone(store, name), args.units):
            print(printable(line))
    return EXIT_OK


def _repair(args) -> int:
    """Cut a .jsonl log back to its last whole command, saying what was cut (kept in LOG.cut)."""
    from combatlog.tools import repair_jsonl, store_problems, unfinished_events

    _check_log_path(args.log)
    if not Path(args.log).exists():
        raise BadInput(*both("cli-no-such-log-file", log=args.log))
    if not args.log.lower().endswith(".jsonl"):
        with _existing_store(args.log) as store:
            problems = store_problems(store)
        if problems:
            for problem in problems:
                print(say("cli-error", text=printable(localized(problem, reader_lang()))), file=sys.stderr)
            return EXIT_FAILED
        print(say("cli-repair-sqlite", log=str(args.log)))
        return EXIT_OK
    cut = repair_jsonl(args.log, lambda encounter, sealed: unfinished_events(sealed))
    if cut is None:
        print(say("cli-repair-whole", log=str(args.log)))
        return EXIT_OK
    seqs = [seq for _, seq in cut.events]
    print(say("cli-repaired", log=str(args.log), torn=cut.torn_line is not None, line=cut.torn_line or 0,
              events=len(seqs), first=seqs[0] if seqs else 0, last=seqs[-1] if seqs else 0,
              encounter=printable(cut.events[0][0]) if cut.events else "", size=cut.size, offset=cut.offset,
              saved=str(cut.saved_to)))
    return EXIT_OK


MAX_REPORTED = 50  # problem lines verify prints per encounter; the rest are counted


def _verify(args) -> int:
    """Check the storage, every stored byte and link, and re-derive every command; exit 1 listing every problem."""
    from combatlog.cli.progress import Progress
    from combatlog.tools import store_problems, verify_encounter

    from combatlog.tools import chain_lines, expect_fingerprint

    if args.jobs is not None and args.jobs < 1:
        raise BadInput(*both("cli-verify-jobs", jobs=args.jobs))
    failed = []
    with _existing_store(args.log) as store, Progress("verify") as progress:
        failed += [say("cli-verify-failed", where="", problem=localized(problem, reader_lang()))
                   for problem in store_problems(store)]
        if args.expect is not None:
            expected = expect_fingerprint(store, args.expect)
            if expected[0] != "verify-expect-found":
                failed.append(say("cli-verify-failed", where="", problem=message(reader_lang(), expected[0],
                                                                                  **expected[1])))
        about = chain_lines(store)
        total = 0
        names = store.encounters()
        for name in names:
            label = f"{name}: " if len(names) > 1 else ""
            with _stage_labels(progress, label):
                problems = verify_encounter(store, name, progress=progress, jobs=args.jobs)
            if args.public_key is not None:
                from combatlog.tools import signature_problems

                problems = sorted(problems + signature_problems(store, name, args.public_key),
                                  key=lambda problem: problem.seq)
            total += store.last(name)[0]
            where = name if len(names) > 1 else ""
            for problem in problems[:MAX_REPORTED]:
                fields = f" [{', '.join(problem.fields)}]" if problem.fields else ""
                failed.append(say("cli-verify-failed", where=where, problem=f"{problem.localized(reader_lang())}{fields}"))
            if len(problems) > MAX_REPORTED:
                failed.append(say("cli-verify-more", where=where, count=len(problems) - MAX_REPORTED))
        progress.close()
    shown = args.fingerprint or args.expect is not None or args.public_key is not None
    lines = [printable(message(reader_lang(), key, **values)) for key, values in about] if shown else []
    if args.expect is not None and expected[0] == "verify-expect-found":
        lines.append(printable(message(reader_lang(), expected[0], **expected[1])))
    if failed:
        for line in failed:
            print(printable(line), file=sys.stderr)
        for line in lines:  # what this version of the chain proves, and the heads as they stand
            print(line, file=sys.stderr)
        return EXIT_FAILED
    verdict = say("cli-verify-ok", events=total, encounters=len(names))
    heads = [values for key, values in about if key == "verify-fingerprint"]
    if heads and any(key == "verify-chain-v2" for key, _ in about):
        # The head's fingerprint on the verdict's line, for a player to note (verify --expect checks it later); a
        # version-1 log's line stays as it always was.
        listed = ", ".join(values["fingerprint"] if len(names) == 1 else f"{printable(values['encounter'])} {values['fingerprint']}"
                           for values in heads)
        verdict = say("cli-verify-ok-heads", verdict=verdict, heads=listed, count=len(heads))
    print(verdict)
    # Beside the one-line verdict (stdout, as scripts read it): what this chain version proves, and each
    # head's fingerprint, on stderr.
    for line in lines:
        print(line, file=sys.stderr)
    return EXIT_OK


def _key_new(args) -> int:
    """Write the DM's key pair (the private key readable by its owner only) and say how to use it."""
    from combatlog.tools import new_key_pair

    private, public = new_key_pair(args.file)
    print(say("cli-key-written", private=str(private), public=str(public)))
    return EXIT_OK


class _stage_labels:
    """Prefix the progress bar's stage names with the encounter while it is verified."""

    def __init__(self, progress, label: str):
        self.progress, self.label = progress, label

    def __enter__(self):
        if self.label:
            stage = self.progress.stage
            self.progress.stage = lambda name, *rest, **kw: stage(f"{self.label}{name}", *rest, **kw)
        return self

    def __exit__(self, *exc_info):
        if self.label:
            del self.progress.stage
        return False


if __name__ == "__main__":
    sys.exit(main())
