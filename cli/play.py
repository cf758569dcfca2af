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

from combatlog.lines import (
    help_text,
    SHELL_VERBS,
    alias,
    aliases_for,
    allowed_in_window,
    candidates,
    parse_line,
    verb_of,
    verbs_for,
)
from combatlog.cli.play_view import status_table
from combatlog.cli.safe_text import printable, printable_document, printable_lines
from combatlog.cli.errors import BadInput
from combatlog.events.meta import CommandIssued, EncounterCreated, Redone, Reverted, Undone
from combatlog.words import (
    ability_name,
    both,
    condition_name,
    damage_name,
    distance,
    localized,
    message,
    name_in,
    ruleset_name,
    skill_name,
    term,
)
from combatlog.api import DEFAULT_ENCOUNTER, ConcurrencyConflict, Encounter, Log, RuleViolation, StoreError, state_document
from combatlog.tools import Cast, armor_class_now, command_summary, describe, effects_shown

# read(prompt, kind) -> the line typed; kind is "command" or "die". EOFError ends, KeyboardInterrupt cancels.
Reader = Callable[[str, str], str]

DEFAULT_RULESET = "dnd5e-2024"  # a new encounter's, when `play` is not told another

# Commands that never roll: no "dice" field is added to them in manual mode.
NO_DICE = ("create", "add", "remove", "place", "surprise", "order", "terrain", "end", "undo", "redo", "revert")
_MISSING_DIE = re.compile(r"a d(\d+) is still needed")
CANCEL_WORDS = {"annuler", "stop", "cancel", "abandon", "q"}


class Cancelled(Exception):
    """The DM abandoned the command while it asked for dice; nothing was appended."""


class Shell:
    """The command loop: read a line, run its commands, show what they produced and the table."""

    def __init__(self, encounter: Encounter, console: Console, read: Reader, *, lang: str | None = None,
                 dice: str = "auto", actor: str = "dm", where: str = "", units: str | None = None):
        if not isinstance(encounter, Encounter):  # the live view `open_encounter` returns
            encounter = Encounter(Log(encounter.store, where), encounter.encounter, live=encounter)
        self.session = encounter  # the API's encounter: every command goes through it
        self.console = console
        self.read = read
        self.lang_override = lang
        self.dice = dice
        self.actor = actor
        self.where = where
        self.units_override = units
        self.running = True
        self._cast: Cast | None = None

    @property
    def encounter(self):
        """The fight as the session holds it (folded state, records), for what the shell shows."""
        return self.session.live

    @property
    def lang(self) -> str:
        return self.lang_override or self.encounter.state.lang or "en"

    @property
    def fr(self) -> bool:
        return self.lang == "fr"

    @property
    def cast(self) -> Cast:
        """Display names in the DM's language, remembered for creatures that left."""
        if self._cast is None or self._cast.lang != self.lang:
            self._cast = Cast(self.lang).know(self.encounter.records)
        return self._cast.update(self.encounter.state)

    @property
    def units(self) -> str:
        return self.units_override or self.encounter.state.units or "m"

    def words(self, message_id: str, **args) -> str:
        return message(self.lang, message_id, **args)

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
        self.say(self.words("shell-goodbye", where=self.where, count=self.encounter.next_seq), style="dim")
        return 0

    def prompt(self) -> str:
        """The prompt says what the engine waits for: a reaction, a death save, or the DM's next command."""
        state = self.encounter.state
        if state.phase == "reaction" and state.windows:
            return self.words("shell-prompt-reaction", who=", ".join(state.windows[-1].reactors))
        if state.phase == "death_save":
            return self.words("shell-prompt-death-save", who=state.turn or "")
        if state.phase == "setup":
            return self.words("shell-prompt-setup")
        if state.phase == "ended":
            return self.words("shell-prompt-ended")
        return self.words("shell-prompt-turn", round=state.round, who=state.turn or "")

    def handle(self, line: str) -> None:
        """Run one line; whatever happens, print at most a line of error and keep going."""
        try:
            self._handle(line)
        except Cancelled:
            self.say(self.words("shell-cancelled"), style="yellow")
        except RuleViolation as error:
            self.error(error.localized(self.lang))
        except ConcurrencyConflict as error:
            self.reload()
            self.error(self.words("shell-conflict", error=error.localized(self.lang)))
        except StoreError as error:
            self.error(self.words("shell-store-error", error=error.localized(self.lang)))
        except KeyboardInterrupt:
            self.reload()
            self.say(self.words("shell-interrupted"), style="yellow")
        except Exception as error:  # the shell never crashes on input
            self.reload()
            self.error(self.words("shell-internal-error", error=f"{type(error).__name__}: {localized(error, self.lang)}"))

    def _handle(self, line: str) -> None:
        state = self.encounter.state
        parsed = parse_line(line, state)
        if parsed.verb == "nothing":
            return
        if parsed.verb in SHELL_VERBS:
            getattr(self, f"do_{parsed.verb}")(parsed.args)
            return
        if state.phase == "reaction" and state.windows:
            refused = [raw.get("do") for raw in parsed.commands if not allowed_in_window(raw)]
            if refused:
                who = ", ".join(state.windows[-1].reactors)
                raise RuleViolation(message("en", "shell-window-only", who=who),
                                    message_fr=message("fr", "shell-window-only", who=who))
        for note in parsed.notes_in(self.lang):
            self.say(note, style="yellow")
        done = 0
        try:
            for raw in parsed.commands:
                if self.already_has(raw):
                    continue
                self.show_events(self.execute(raw))
                done += 1
        finally:
            if done:
                self.show_table()

    # ------------------------------------------------------------------ running a command

    def execute(self, raw: dict):
        """Encounter.execute; with manual dice, ask for each die the engine says is missing, then retry."""
        # A value typed in (`init chef 20`) rolls nothing: pf1 refuses `dice` beside `value`.
        manual = self.dice == "manual" and raw.get("do") not in NO_DICE and "value" not in raw
        if manual:
            raw = {**raw, "dice": list(raw.get("dice") or [])}
        while True:
            try:
                return self.session.apply(raw, actor=self.actor)
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
                text = self.read(self.words("shell-prompt-die", sides=sides), "die").strip()
            except (EOFError, KeyboardInterrupt):
                raise Cancelled from None
            if text.lower() in CANCEL_WORDS:
                raise Cancelled
            if re.fullmatch(r"\d{1,6}", text) and 1 <= int(text) <= sides:
                return int(text)
            if text:
                self.error(self.words("shell-bad-die", sides=sides, text=text))

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
        """The event's line from the catalogs; an undo names what it undid."""
        cast = self.cast
        line = describe(event, self.lang, cast, self.units)
        if isinstance(event, (Undone, Redone, Reverted)):
            separator = self.words("shell-separator")
            line = self.words("shell-undid", line=line,
                              commands=separator.join(self._command_of(txn) for txn in event.txns))
        return line

    def _command_of(self, txn: int) -> str:
        record = self.encounter.record(txn)
        if record is None or not isinstance(record.event, CommandIssued):
            return str(txn)
        return command_summary(record.event.command, self.lang, self.cast, self.units)

    def already_has(self, raw: dict) -> bool:
        """Adding a condition the target already has from the same source: say so, and add nothing."""
        if raw.get("do") != "condition" or not isinstance(raw.get("add"), str):
            return False
        target = self.encounter.state.combatants.get(raw.get("target"))
        source = raw.get("source") or ""
        if target is None or not any(i.condition == raw["add"] and i.source == source for i in target.conditions):
            return False
        cast = self.cast
        self.say(self.words("shell-already", target=cast.name(target.id),
                            condition=condition_name(raw["add"], self.lang, cast.gender(target.id)),
                            source=cast.name(source) if source else ""), style="yellow")
        return True

    def show_table(self) -> None:
        state = self.encounter.state
        self.console.print(status_table(printable_document(state_document(state)), self.lang, state, self.cast, self.units))

    def banner(self) -> None:
        state = self.encounter.state
        name = state.name or self.session.name
        self.say(self.words("shell-banner", name=name, ruleset=ruleset_name(state.ruleset, self.lang), where=self.where,
                            dice=self.dice), style="bold")
        self.say(self.words("shell-banner-help"), style="dim")
        if state.combatants:
            self.show_table()

    def reload(self) -> None:
        """Re-read the encounter from the store: after a surprise, the log is the truth."""
        try:
            self.session.reload()
        except Exception:  # the store itself is broken: keep what we have, the error line says why
            pass

    # ------------------------------------------------------------------ shell verbs

    def do_state(self, args) -> None:
        self.show_table()

    def do_quit(self, args) -> None:
        self.running = False

    def do_help(self, args) -> None:
        lang = self.lang
        asked = verb_of(args[0]) if args else None
        verbs: list[str] = [asked] if asked else verbs_for(self.encounter.state.ruleset)
        if args and not verb_of(args[0]):
            self.error(self.words("shell-unknown-command", word=args[0]))
            return
        if len(verbs) > 1:
            self.say(self.words("help-intro"), style="bold")
        for verb in verbs:
            usage = help_text(verb, "fr" if self.fr else "en", self.units)
            others = [a for a in aliases_for(verb, lang) if a != alias(verb, lang)]
            self.say(f"  {usage}" + (f"   [{', '.join(others)}]" if others else ""))
        if len(verbs) > 1:
            self.say(self.words("help-outro"), style="dim")

    def do_templates(self, args) -> None:
        from combatlog.lines import templates
        from combatlog.fixtures import load_template

        self.say(self.words("shell-templates-title"), style="bold")
        for stem, info in templates().items():
            data = load_template(stem) or {}
            stats = data.get("stats", {})
            name = name_in(info["names"], self.lang, stem)
            self.say("  " + self.words("shell-template-line", name=name, stem=stem, kind=term(self.lang, "kind", info["kind"]),
                                       ac=stats.get("ac", "?"), hp=stats.get("max_hp", "?"),
                                       speed=distance(float(stats.get("speed", 0)), self.lang, self.units)))

    def show_library_entry(self, word: str) -> bool:
        """`fiche gobelin`: a library creature or spell of the encounter's ruleset, as a printed stat block."""
        import combatlog
        from combatlog.cli.play_parse import singular
        from combatlog.fixtures import load_template

        ruleset = self.encounter.state.ruleset
        if not ruleset:
            return False
        library = combatlog.library(ruleset)
        found = library.find(word) or library.find(singular(word.split())) or load_template(word)
        if found is not None:
            self.say(combatlog.stat_block(found, self.lang))
        return found is not None

    def do_sheet(self, args) -> None:
        """A creature's stat block, with its attacks, in the DM's language."""
        from combatlog.lines import combatant_id
        from combatlog.api import state_document as document_of

        state = self.encounter.state
        cid = combatant_id(args[0], state) if args else (state.turn or "")
        creature = state.combatants.get(cid)
        if creature is None and args and self.show_library_entry(" ".join(args)):
            return
        if creature is None:
            self.error(self.words("shell-no-creature", id=cid or "?", known=", ".join(state.combatants) or "-"))
            return
        lang, cast, stats = self.lang, self.cast, creature.stats
        if not hasattr(stats, "proficiency_bonus"):  # a Pathfinder creature: the printed pf1 stat block
            import msgspec

            import combatlog

            entry = {"id": cid, "name": {lang: creature.display_name(lang)}, "stats": msgspec.to_builtins(stats)}
            self.say(combatlog.stat_block(entry, lang))
            return
        shown = document_of(state)["combatants"][cid]
        none = self.words("shell-sheet-none")

        def listing(items) -> str:
            return ", ".join(items) or none

        def modifier(score: int) -> str:
            value = (score - 10) // 2
            return f"{score} ({'+' if value >= 0 else '−'}{abs(value)})"

        initiative = stats.initiative_bonus if stats.initiative_bonus is not None else (stats.abilities.dex - 10) // 2
        self.say(self.words("shell-sheet-title", name=creature.display_name(lang), id=cid, kind=term(lang, "kind", creature.kind),
                            side=cast.side(creature.side)), style="bold")
        ac_now = armor_class_now(cid, shown, state)
        self.say("  " + self.words("shell-sheet-defence", ac=ac_now if ac_now == stats.ac else f"{ac_now} ({stats.ac})",
                                   hp=creature.hp, max_hp=shown["max_hp"],
                                   speed=distance(stats.speed, lang, self.units), proficiency=stats.proficiency_bonus,
                                   initiative=f"{'+' if initiative >= 0 else '−'}{abs(initiative)}"))
        effects = effects_shown(cid, state, lang, cast)
        if effects:
            self.say("  " + self.words("shell-sheet-effects", list=", ".join(effects)))
        abilities = {a: modifier(getattr(stats.abilities, a)) for a in ("str", "dex", "con", "int", "wis", "cha")}
        self.say("  " + self.words("shell-sheet-abilities", **abilities))
        self.say("  " + self.words("shell-sheet-saves", list=listing(ability_name(a, lang) for a in stats.saves)))
        self.say("  " + self.words("shell-sheet-skills", list=listing(skill_name(k, lang) for k in stats.skills)))
        self.say("  " + self.words("shell-sheet-attacks", per_action=stats.attacks_per_action))
        for attack in stats.attacks:
            damage = " + ".join(self.words("shell-sheet-damage", roll=d.roll, type=damage_name(d.type, lang))
                                for d in attack.damage)
            if attack.save is not None:  # a save attack (a breath weapon): no attack roll, no reach
                self.say("    " + self.words("shell-sheet-save-attack", name=cast.attack(cid, attack.id), id=attack.id,
                                             ability=ability_name(attack.save.ability, lang), dc=attack.save.dc,
                                             half=attack.save.half, damage=damage, uses=attack.uses or ""))
                continue
            reach = distance(attack.reach, lang, self.units)
            span = (f"{distance(attack.range[0], lang, self.units)}/{distance(attack.range[1], lang, self.units)}"
                    if attack.range else reach)
            self.say("    " + self.words("shell-sheet-attack", name=cast.attack(cid, attack.id), id=attack.id, kind=attack.kind,
                                         to_hit=attack.to_hit, reach=reach, range=span, damage=damage))
        if stats.reactions:
            self.say("  " + self.words("shell-sheet-reactions", list=listing(cast.reaction(cid, r.id) for r in stats.reactions)))
        for key, kind in (("resistances", "damage"), ("vulnerabilities", "damage"), ("immunities", "damage"),
                          ("condition_immunities", "condition")):
            values = getattr(stats, key)
            if values:
                names = [damage_name(v, lang) if kind == "damage" else condition_name(v, lang) for v in values]
                self.say("  " + self.words(f"shell-sheet-{key.replace('_', '-')}", list=listing(names)))

    def do_log(self, args) -> None:
        try:
            count = max(1, int(args[0])) if args else 10
        except ValueError:
            count = 10
        mark = " " + self.words("shell-undone-mark")
        for record, undone in self.encounter.recent(count):  # reads only these events
            line = f"{record.seq:>5}  {self.event_line(record.event)}"
            self.say(line + (mark if undone else ""), style="dim" if undone else "")


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

    session: PromptSession[str] = PromptSession(history=history, input=input, output=output)
    dice: PromptSession[str] = PromptSession(history=InMemoryHistory(), input=input, output=output)  # faces stay out of the history

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


def open_encounter(store, wanted: str | None, *, ruleset: str | None, lang: str | None, seed, name: str,
                   where: str = "", new: bool = True):
    """The log's encounter (the only one, or `wanted`), as the live view a Shell takes; a new log gets a
    `create` first (through the API).

    With `new` False (what `play` passes unless `--new` is typed), a name the log does not hold, in a log that holds
    other encounters, is refused naming them (a typo must not make a permanent encounter); an encounter that exists is
    never opened under another `ruleset` than its own."""
    names = store.encounters()
    created = {each: _created(store, each) for each in names}
    said = lang or next((event.lang for event in created.values() if event is not None), None)
    if wanted is None:
        if len(names) > 1:
            raise BadInput(*both("cli-several-encounters", names=", ".join(names)), lang=said)
        wanted = names[0] if names else DEFAULT_ENCOUNTER
    own = created.get(wanted)
    if own is not None and ruleset is not None and ruleset != own.ruleset:
        raise BadInput(*both("cli-play-other-ruleset", wanted=wanted, ruleset=own.ruleset, asked=ruleset), lang=own.lang)
    if names and wanted not in names and not new:
        raise BadInput(*both("cli-play-no-such-encounter", wanted=wanted, known=", ".join(names)), lang=said)
    encounter = Log(store, where).encounter(wanted)
    if not encounter.live.state.created:
        create = {"do": "create", "ruleset": ruleset or DEFAULT_RULESET, "lang": lang or "fr"}
        if seed is not None:
            create["seed"] = seed
        if name:
            create["name"] = name
        encounter.apply(create)
    return encounter.live


def _created(store, name: str):
    """The encounter's EncounterCreated event (its ruleset and language), read without a replay; None if absent."""
    for record in store.read(name):
        if isinstance(record.event, EncounterCreated):
            return record.event
        if record.seq > 8:
            break
    return None


def default_log() -> str:
    return f"combat-{_dt.datetime.now():%Y%m%d-%H%M%S}.db"


def play(args, *, input=None, output=None, console: Console | None = None) -> int:
    """The `combatlog play` handler (input/output/console are for tests)."""
    from combatlog.api import open_log

    log = args.log or default_log()
    console = console or Console(highlight=False)
    with open_log(log) as opened:
        store = opened.store
        try:
            encounter = open_encounter(store, args.encounter, ruleset=args.ruleset, lang=args.lang, seed=args.seed,
                                       name=args.name or "", where=log, new=getattr(args, "new", True))
        except RuleViolation as error:
            console.print(Text(message(args.lang or "en", "cli-error", text=error.localized(args.lang or "en")),
                               style="bold red"))
            return 2
        shell_ref: list[Shell] = []
        read = prompt_reader(shell_ref, history_for(log), input=input, output=output)
        shell = Shell(encounter, console, read, lang=args.lang, dice=args.dice, actor=args.actor, where=log,
                      units=getattr(args, "units", None))
        shell_ref.append(shell)
        return shell.loop()
