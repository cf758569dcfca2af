"""`combatlog play`: an interactive shell for the game master at the table.

Every line becomes raw command dicts run by `Encounter.execute`, the same code path as scripts, so a
rejected line appends nothing. prompt_toolkit reads the lines (completion, history); rich draws the
table. Both are imported only here, and this module only when `play` runs.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from combatlog.cli.play_parse import (
    HELP,
    SHELL_VERBS,
    VERBS,
    alias,
    candidates,
    parse_line,
    verb_of,
)
from combatlog.cli.play_view import status_table, window_line
from combatlog.cli.safe_text import printable, printable_document, printable_lines
from combatlog.core.errors import RuleViolation
from combatlog.events.meta import CommandIssued, Redone, Reverted, Undone
from combatlog.events.reactions import ReactionWindowOpened
from combatlog.events.stores import ConcurrencyConflict, StoreError
from combatlog.projections.describe import describe
from combatlog.projections.document import state_document
from combatlog.replay.engine import DEFAULT_ENCOUNTER, Encounter

# read(prompt, kind) -> the line typed; kind is "command" or "die". EOFError ends, KeyboardInterrupt cancels.
Reader = Callable[[str, str], str]

WINDOW_COMMANDS = ("react", "pass", "undo", "redo")
# Commands that never roll: no "dice" field is added to them in manual mode.
NO_DICE = ("create", "add", "remove", "place", "surprise", "order", "terrain", "end", "undo", "redo", "revert")
_MISSING_DIE = re.compile(r"a d(\d+) is still needed")
CANCEL_WORDS = {"annuler", "stop", "cancel", "abandon", "q"}


class Cancelled(Exception):
    """The DM abandoned the command while it asked for dice; nothing was appended."""


class Shell:
    """The command loop: read a line, run its commands, show what they produced and the table."""

    def __init__(self, encounter: Encounter, console: Console, read: Reader, *, lang: str | None = None,
                 dice: str = "auto", actor: str = "dm", where: str = ""):
        self.encounter = encounter
        self.console = console
        self.read = read
        self.lang_override = lang
        self.dice = dice
        self.actor = actor
        self.where = where
        self.running = True

    @property
    def lang(self) -> str:
        return self.lang_override or self.encounter.state.lang or "en"

    @property
    def fr(self) -> bool:
        return self.lang == "fr"

    # ------------------------------------------------------------------ the loop

    def loop(self) -> int:
        """Read lines until quit or end of input; nothing typed ends it any other way."""
        self.banner()
        while self.running:
            try:
                line = self.read(printable(self.prompt()), "command")
            except EOFError:
                break
            except KeyboardInterrupt:
                continue
            self.handle(line)
        self.say(f"À bientôt. Journal : {self.where} ({len(self.encounter.records)} événements)" if self.fr
                 else f"Goodbye. Log: {self.where} ({len(self.encounter.records)} events)", style="dim")
        return 0

    def prompt(self) -> str:
        """The prompt says what the engine waits for: a reaction, a death save, or the DM's next command."""
        state = self.encounter.state
        fr = self.fr
        if state.phase == "reaction" and state.windows:
            who = ", ".join(state.windows[-1].reactors)
            return (f"réaction ? {who} (réagir/passer/annuler) > " if fr
                    else f"reaction? {who} (react/pass/undo) > ")
        if state.phase == "death_save":
            return (f"jet contre la mort de {state.turn} ? (Entrée ou jds) > " if fr
                    else f"death save for {state.turn}? (Enter or deathsave) > ")
        if state.phase == "setup":
            return "préparation > " if fr else "setup > "
        if state.phase == "ended":
            return "fin > " if fr else "ended > "
        return f"r{state.round} {state.turn} > "

    def handle(self, line: str) -> None:
        """Run one line; whatever happens, print at most a line of error and keep going."""
        try:
            self._handle(line)
        except Cancelled:
            self.say("commande abandonnée : rien n'est enregistré" if self.fr
                     else "command abandoned: nothing recorded", style="yellow")
        except RuleViolation as error:
            self.error(error.localized(self.lang))
        except ConcurrencyConflict as error:
            self.reload()
            self.error(("un autre programme a écrit dans le journal ; état relu, recommencez : " if self.fr
                        else "another program wrote to the log; state reloaded, try again: ") + str(error))
        except StoreError as error:
            self.error(("journal illisible ou non inscriptible : " if self.fr else "log cannot be read or written: ")
                       + str(error))
        except KeyboardInterrupt:
            self.reload()
            self.say("interrompu" if self.fr else "interrupted", style="yellow")
        except Exception as error:  # the shell never crashes on input
            self.reload()
            self.error((f"erreur interne ({type(error).__name__}: {error}) ; état relu depuis le journal" if self.fr
                        else f"internal error ({type(error).__name__}: {error}); state reloaded from the log"))

    def _handle(self, line: str) -> None:
        state = self.encounter.state
        parsed = parse_line(line, state)
        if parsed.verb == "nothing":
            return
        if parsed.verb in SHELL_VERBS:
            getattr(self, f"do_{parsed.verb}")(parsed.args)
            return
        if state.phase == "reaction" and state.windows:
            refused = [raw.get("do") for raw in parsed.commands if raw.get("do") not in WINDOW_COMMANDS]
            if refused:
                who = ", ".join(state.windows[-1].reactors)
                raise RuleViolation(
                    f"a reaction window is open: only react, pass or undo now ({who} may react)",
                    message_fr=f"une fenêtre de réaction est ouverte : seulement réagir, passer ou annuler ({who} peut réagir)")
        done = 0
        try:
            for raw in parsed.commands:
                self.show_events(self.execute(raw))
                done += 1
        finally:
            if done:
                self.show_table()

    # ------------------------------------------------------------------ running a command

    def execute(self, raw: dict):
        """Encounter.execute; with manual dice, ask for each die the engine says is missing, then retry."""
        manual = self.dice == "manual" and raw.get("do") not in NO_DICE
        if manual:
            raw = {**raw, "dice": list(raw.get("dice") or [])}
        while True:
            try:
                return self.encounter.execute(raw, actor=self.actor)
            except RuleViolation as error:
                missing = _MISSING_DIE.search(error.message) if manual else None
                if missing is None:
                    raise
                face = self.ask_die(int(missing[1]))
                raw = {**raw, "dice": [*raw["dice"], face]}

    def ask_die(self, sides: int) -> int:
        """Ask "d20 ?" until a face from 1 to sides is typed; a cancel word, Ctrl-C or end of input abandons."""
        while True:
            try:
                text = self.read(f"d{sides} ? ", "die").strip()
            except (EOFError, KeyboardInterrupt):
                raise Cancelled from None
            if text.lower() in CANCEL_WORDS:
                raise Cancelled
            if re.fullmatch(r"\d{1,6}", text) and 1 <= int(text) <= sides:
                return int(text)
            if text:
                self.error(f"un d{sides} montre un nombre de 1 à {sides}, pas « {text} »" if self.fr
                           else f"a d{sides} shows a number from 1 to {sides}, not '{text}'")

    # ------------------------------------------------------------------ output

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(printable_lines(text), style=style), highlight=False)

    def error(self, message: str) -> None:
        first = (message.splitlines() or [""])[0]
        self.say(f"✗ {first}", style="bold red")

    def show_events(self, records) -> None:
        """One line per event the command produced, in the DM's language."""
        for record in records:
            if not isinstance(record.event, CommandIssued):
                self.say(f"  {self.event_line(record.event)}")

    def event_line(self, event) -> str:
        """describe(), with the window's trigger in the DM's language and undo naming what it undid."""
        if isinstance(event, ReactionWindowOpened):
            return window_line(event.trigger, event.reactors, self.lang)
        line = describe(event, self.lang)
        if isinstance(event, (Undone, Redone, Reverted)):
            line += " : " + "; ".join(self._command_of(txn) for txn in event.txns)
        return line

    def _command_of(self, txn: int) -> str:
        record = next((r for r in self.encounter.records if r.seq == txn), None)
        if record is None or not isinstance(record.event, CommandIssued):
            return str(txn)
        return describe(record.event, self.lang)

    def show_table(self) -> None:
        self.console.print(status_table(printable_document(state_document(self.encounter.state)), self.lang))

    def banner(self) -> None:
        state = self.encounter.state
        dice = ("manuels (la table lance)" if self.dice == "manual" else "automatiques") if self.fr else (
            "manual (the table rolls)" if self.dice == "manual" else "automatic")
        name = state.name or self.encounter.encounter
        self.say(f"combatlog — {name} ({state.ruleset}) · {'journal' if self.fr else 'log'} {self.where} · "
                 f"{'dés' if self.fr else 'dice'} {dice}", style="bold")
        self.say("Tapez aide pour la liste des commandes, Tab pour compléter." if self.fr
                 else "Type help for the commands, Tab to complete.", style="dim")
        if state.combatants:
            self.show_table()

    def reload(self) -> None:
        """Re-read the encounter from the store: after a surprise, the log is the truth."""
        try:
            self.encounter = Encounter(self.encounter.store, self.encounter.encounter)
        except Exception:  # the store itself is broken: keep what we have, the error line says why
            pass

    # ------------------------------------------------------------------ shell verbs

    def do_state(self, args) -> None:
        self.show_table()

    def do_quit(self, args) -> None:
        self.running = False

    def do_help(self, args) -> None:
        lang = self.lang
        verbs = [verb_of(args[0])] if args and verb_of(args[0]) else list(VERBS)
        if args and not verb_of(args[0]):
            self.error(f"commande inconnue « {args[0]} »" if self.fr else f"unknown command '{args[0]}'")
            return
        for verb in verbs:
            usage = HELP[verb][0 if self.fr else 1]
            others = [a for a in VERBS[verb] if a != alias(verb, lang)]
            self.say(f"  {usage}" + (f"   [{', '.join(others)}]" if others else ""))
        if len(verbs) > 1:
            self.say("  {…} — une commande JSON brute (voir INTERFACE.md)" if self.fr
                     else "  {…} — a raw JSON command (see INTERFACE.md)")

    def do_log(self, args) -> None:
        try:
            count = max(1, int(args[0])) if args else 10
        except ValueError:
            count = 10
        undone = self.encounter.timeline.undone
        mark = " (annulé)" if self.fr else " (undone)"
        for record in self.encounter.records[-count:]:
            line = f"{record.seq:>5}  {self.event_line(record.event)}"
            self.say(line + (mark if record.txn in undone else ""), style="dim" if record.txn in undone else "")


# ---------------------------------------------------------------------- prompt_toolkit glue


def make_completer(shell: Shell):
    from prompt_toolkit.completion import Completer, Completion

    class ShellCompleter(Completer):
        """Commands, combatant ids, attacks, conditions and damage types, in the DM's language."""

        def get_completions(self, document, complete_event):
            current, words = candidates(document.text_before_cursor, shell.encounter.state, shell.lang)
            for word in words:
                yield Completion(word, start_position=-len(current))

    return ShellCompleter()


def prompt_reader(shell_ref: list, history, *, input=None, output=None) -> Reader:
    """A Reader backed by one PromptSession: completion for commands, none for dice."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    session = PromptSession(history=history, input=input, output=output)
    dice = PromptSession(history=InMemoryHistory(), input=input, output=output)  # faces stay out of the history

    def read(message: str, kind: str) -> str:
        if kind == "die":
            return dice.prompt(message)
        return session.prompt(message, completer=make_completer(shell_ref[0]), complete_while_typing=False)

    return read


def history_for(log: str):
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    if log == ":memory:":
        return InMemoryHistory()
    return FileHistory(str(Path(log).with_name(Path(log).name + ".history")))


def open_encounter(store, wanted: str | None, *, ruleset: str, lang: str | None, seed, name: str) -> Encounter:
    """The log's encounter (the only one, or `wanted`); a new log gets a `create` first."""
    names = store.encounters()
    if wanted is None:
        if len(names) > 1:
            raise StoreError(f"the log holds several encounters ({', '.join(names)}): choose one with --encounter")
        wanted = names[0] if names else DEFAULT_ENCOUNTER
    encounter = Encounter(store, wanted)
    if not encounter.state.created:
        create = {"do": "create", "ruleset": ruleset, "lang": lang or "fr"}
        if seed is not None:
            create["seed"] = seed
        if name:
            create["name"] = name
        encounter.execute(create)
    return encounter


def default_log() -> str:
    return f"combat-{_dt.datetime.now():%Y%m%d-%H%M%S}.db"


def play(args, *, input=None, output=None, console: Console | None = None) -> int:
    """The `combatlog play` handler (input/output/console are for tests)."""
    from combatlog.events.stores import open_store

    log = args.log or default_log()
    console = console or Console(highlight=False)
    with open_store(log) as store:
        try:
            encounter = open_encounter(store, args.encounter, ruleset=args.ruleset, lang=args.lang, seed=args.seed,
                                       name=args.name or "")
        except RuleViolation as error:
            console.print(Text(f"combatlog: {error.localized(args.lang or 'en')}", style="bold red"))
            return 2
        shell_ref: list[Shell] = []
        read = prompt_reader(shell_ref, history_for(log), input=input, output=output)
        shell = Shell(encounter, console, read, lang=args.lang, dice=args.dice, actor=args.actor, where=log)
        shell_ref.append(shell)
        return shell.loop()
