"""The `combatlog` command: parse, call, print. No rules here."""

import argparse
import json
import os
import sys
from pathlib import Path

import msgspec
import structlog

from combatlog import __version__
from combatlog.cli.logging_setup import configure
from combatlog.core.errors import RuleViolation
from combatlog.events.envelope import LogCorrupted
from combatlog.events.stores import ConcurrencyConflict, StoreError, export_jsonl, import_jsonl, open_store
from combatlog.projections.document import state_document
from combatlog.replay.engine import DEFAULT_ENCOUNTER, Encounter

EXIT_OK, EXIT_FAILED, EXIT_REJECTED = 0, 1, 2


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    configure(args.verbose)
    try:
        return args.handler(args)
    except (StoreError, LogCorrupted, ConcurrencyConflict) as error:
        print(f"combatlog: {error}", file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:
        return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="combatlog", description="An event-sourced combat log for tabletop RPGs.")
    parser.add_argument("--version", action="version", version=f"combatlog {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="JSON logs on stderr")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run a JSON Lines combat script against a log")
    run.add_argument("script", help="the script (.jsonl); - for standard input")
    run.add_argument("--log", required=True, help="the log file (.db SQLite, or .jsonl); created if absent")
    run.add_argument("--encounter", default=None, help="encounter id inside the log (default: the only one)")
    run.add_argument("--actor", default="dm", help="who issues the commands (recorded on every event)")
    run.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    run.add_argument("--json", action="store_true", help="print the state document (JSON) instead of the fight")
    run.set_defaults(handler=_run)

    state = sub.add_parser("state", help="print the state of an encounter")
    state.add_argument("log")
    state.add_argument("--json", action="store_true", help="the state document (JSON)")
    state.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the encounter's language")
    state.add_argument("--units", choices=["m", "ft"], default=None, help="distances in metres or feet (default: the encounter's)")
    state.add_argument("--at", type=int, default=None, help="as of event SEQ (time travel)")
    state.add_argument("--encounter", default=None)
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

    imp = sub.add_parser("import", help="import a JSON Lines export into a log")
    imp.add_argument("file")
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
    verify.set_defaults(handler=_verify)

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
    play.add_argument("--ruleset", default="dnd5e-2024", help="ruleset of a new encounter")
    play.add_argument("--seed", default=None, help="dice seed of a new encounter")
    play.add_argument("--name", default=None, help="name of a new encounter")
    play.add_argument("--actor", default="dm", help="who issues the commands (recorded on every event)")
    play.set_defaults(handler=_play)
    return parser


def _play(args) -> int:
    # Imported here so the rest of the CLI never loads the shell, prompt_toolkit or rich tables.
    from combatlog.cli.play import play

    return play(args)


def _existing_store(path: str):
    if path != ":memory:" and not Path(path).exists():
        raise StoreError(f"{path}: no such log file")
    return open_store(path)


def _pick_encounter(store, wanted: str | None, *, creating: bool = False) -> str:
    if wanted:
        return wanted
    names = store.encounters()
    if not names:
        if creating:
            return DEFAULT_ENCOUNTER
        raise StoreError("the log holds no encounter yet")
    if len(names) > 1:
        raise StoreError(f"the log holds several encounters ({', '.join(names)}): choose one with --encounter")
    return names[0]


def _read_script(path: str) -> list[tuple[int, str]]:
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise StoreError(f"{path}: no such script") from None
        except UnicodeDecodeError:
            raise StoreError(f"{path}: the script is not UTF-8 text") from None
    return [(number, line) for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith("#")]


def _run(args) -> int:
    lines = _read_script(args.script)
    with open_store(args.log) as store:
        encounter = Encounter(store, _pick_encounter(store, args.encounter, creating=True))
        lang = encounter.state.lang
        first, before = len(encounter.records), encounter.state
        for number, line in lines:
            structlog.contextvars.bind_contextvars(encounter=encounter.encounter, line=number)
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as error:
                print(f"line {number}: not valid JSON ({error.msg} at column {error.colno})", file=sys.stderr)
                return EXIT_REJECTED
            try:
                encounter.execute(raw, actor=args.actor)
            except RuleViolation as error:
                print(f"line {number}: {error.localized(lang)}", file=sys.stderr)
                return EXIT_REJECTED
            lang = encounter.state.lang
        if args.json:
            print(json.dumps(state_document(encounter.state), ensure_ascii=False, indent=2))
        elif not args.quiet:
            _print_fight(encounter, first, before)
    return EXIT_OK


def _print_fight(encounter: Encounter, first: int, before) -> None:
    """What a table reads after a script: the log lines of the commands it ran, then the status table."""
    from combatlog.projections.describe import log_lines
    from combatlog.projections.table import render_table

    state = encounter.state
    undone = encounter.timeline.undone
    for line in log_lines(encounter.records[first:], state.lang, undone, state.units, state=before):
        print(line)
    print()
    print(render_table(state_document(state), state.lang, state.units))


def _state(args) -> int:
    with _existing_store(args.log) as store:
        name = _pick_encounter(store, args.encounter)
        if args.at is not None:
            # Straight from the store: only the events after the nearest usable snapshot are read and folded.
            try:
                state = _state_at(store, name, args.at)
            except RuleViolation as error:
                print(f"combatlog: {error.localized(_lang_of(store, name))}", file=sys.stderr)
                return EXIT_REJECTED
        else:
            state = Encounter(store, name).state
        document = state_document(state)
        if args.json:
            print(json.dumps(document, ensure_ascii=False, indent=2))
        else:
            from combatlog.projections.table import render_table

            print(render_table(document, args.lang or state.lang, args.units or state.units))
    return EXIT_OK


def _state_at(store, name: str, seq: int):
    """The state as of event `seq` (RuleViolation when out of range), with a progress bar on a terminal."""
    from combatlog.cli.progress import Progress
    from combatlog.replay.snapshots import state_at

    with Progress("state") as progress:
        return state_at(store, name, seq, progress=progress)


def _lang_of(store, name: str) -> str:
    """The encounter's language, from its first command (for error messages that need no replay)."""
    from combatlog.events.meta import EncounterCreated

    for record in store.read(name):
        if isinstance(record.event, EncounterCreated):
            return record.event.lang
        if record.seq > 8:
            break
    return "en"


def _diff(args) -> int:
    """What changed between the states right after events A and B."""
    from combatlog.replay.diff import diff_states, render_diff

    with _existing_store(args.log) as store:
        name = _pick_encounter(store, args.encounter)
        try:
            before = _state_at(store, name, args.a)
            after = _state_at(store, name, args.b)
        except RuleViolation as error:
            print(f"combatlog: {error.localized(_lang_of(store, name))}", file=sys.stderr)
            return EXIT_REJECTED
        changes = diff_states(before, after)
        if args.json:
            print(json.dumps(changes, ensure_ascii=False, indent=2))
        else:
            print("\n".join(render_diff(changes, args.lang or after.lang)))
    return EXIT_OK


def _export(args) -> int:
    from combatlog.cli.progress import Progress, with_progress

    with _existing_store(args.log) as opened, Progress("export") as bar:
        store = with_progress(opened, bar, "exporting")
        if args.encounter and args.encounter not in store.encounters():
            raise StoreError(f"the log has no encounter '{args.encounter}'")
        if args.format != "jsonl":
            from combatlog.projections.transcript import to_html, to_json, to_markdown, transcript

            records = list(store.read(_pick_encounter(store, args.encounter)))
            document = transcript(records, lang=args.lang, include_undone=args.include_undone, units=args.units)
            text = {"md": to_markdown, "html": to_html, "json": to_json}[args.format](document)
            if args.output == "-":
                sys.stdout.flush()
                sys.stdout.buffer.write(text.encode("utf-8"))  # UTF-8 whatever the terminal's locale
                sys.stdout.buffer.flush()
            else:
                Path(args.output).write_text(text, encoding="utf-8")
        elif args.output == "-":
            export_jsonl(store, args.encounter, sys.stdout.buffer)
            sys.stdout.flush()
        else:
            export_jsonl(store, args.encounter, args.output)
    return EXIT_OK


def _import(args) -> int:
    with open_store(args.log) as store:
        counts = import_jsonl(args.file, store)
    for name, count in counts.items():
        print(f"imported {count} events into encounter '{name}'")
    return EXIT_OK


def _log(args) -> int:
    """seq, txn, round/turn, actor and what happened; events of undone commands are marked."""
    from combatlog.projections.describe import log_lines
    from combatlog.replay.timeline import timeline_of

    with _existing_store(args.log) as store:
        encounter = Encounter(store, _pick_encounter(store, args.encounter))
        lang = args.lang or encounter.state.lang
        undone = timeline_of(encounter.records).undone
        for line in log_lines(encounter.records, lang, undone, args.units):
            print(line)
    return EXIT_OK


def _verify(args) -> int:
    """Check the hash chain, then re-derive every command with its recorded dice; exit 1 at the first problem."""
    from combatlog.cli.progress import Progress
    from combatlog.replay.verify import rederive

    with _existing_store(args.log) as store, Progress("verify") as progress:
        total = 0
        names = store.encounters()
        for name in names:
            label = f"{name}: " if len(names) > 1 else ""
            progress.stage(f"{label}reading", store.last(name)[0])
            records = list(progress.iterate(store.read(name)))
            total += len(records)
            progress.stage(f"{label}re-deriving", len(records))
            discrepancy = rederive(progress.iterate(records))  # rederive only walks the records once, in order
            if discrepancy is not None:
                where = f" (encounter '{name}')" if len(names) > 1 else ""
                progress.close()
                print(f"combatlog: verify failed{where}: {discrepancy}", file=sys.stderr)
                return EXIT_FAILED
    print(f"ok: {total} events in {len(names)} encounter(s): hash chain intact, every command re-derived identically")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
