"""The shell's short commands (French and English) turned into the raw command dicts of INTERFACE.md.

Pure and dependency-free: no prompt, no printing. `parse_line(line, state)` returns a `Parsed`; the shell
runs its commands through `Encounter.execute`, the one code path scripts use.
"""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from dataclasses import dataclass, field
from collections.abc import Sequence
from functools import lru_cache
from types import SimpleNamespace
from typing import Any, TypeAlias

from combatlog.core.kernel.errors import RuleViolation
from combatlog.core.kernel.registry import default_registry
from combatlog.fixtures import load_template, template_names
from combatlog.paths import cheapest_move
from combatlog import words
from combatlog import words as _words  # `candidates` has a local of that name

# The folded state of an encounter and one of its combatants (whatever the ruleset: the parser reads ids,
# names, attacks and windows, which every ruleset's state has).
EncounterState: TypeAlias = Any
Combatant: TypeAlias = Any

# The shell's vocabulary, from the rulesets' hooks (the Ruleset protocol): the default ruleset's ids are the
# ones it completes and lists; the other rulesets' damage types are accepted too (a pf1 `electricity`).
_REGISTRY = default_registry()
_MAIN = _REGISTRY.rulesets[_REGISTRY.fallback]
DAMAGE_TYPES: tuple[str, ...] = _MAIN.damage_types
CONDITIONS: tuple[str, ...] = _MAIN.conditions
ABILITIES: tuple[str, ...] = _MAIN.abilities
SKILLS: tuple[str, ...] = _MAIN.skills

# French names, from the catalogs (what the shell accepts and completes).
DAMAGE_FR = {kind: words.damage_name(kind, "fr") for kind in DAMAGE_TYPES}
CONDITIONS_FR = {condition: words.condition_name(condition, "fr") for condition in CONDITIONS}


class ShellInputError(RuleViolation):
    """A line the shell cannot turn into a command; nothing was run."""


def _say(message_id: str, *, fr: dict | None = None, en: dict | None = None, **args) -> ShellInputError:
    """A ShellInputError worded by the catalogs (errors.ftl) in both languages; `fr`/`en` hold per-language args."""
    return ShellInputError(words.message("en", message_id, **args, **(en or {})),
                           message_fr=words.message("fr", message_id, **args, **(fr or {})))


def norm(text: str) -> str:
    """Case-, accent- and separator-insensitive form: 'À_terre' and 'a terre' compare equal."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return re.sub(r"[\s_\-'’]+", " ", plain).strip()


def token_form(text: str) -> str:
    """A name as one typeable token (what completion inserts): spaces become underscores, accents stay."""
    return re.sub(r"\s+", "_", text.strip().lower())


# Canonical verb -> aliases (French first, then English). Verbs that are not engine commands
# (state, help, log, quit) are handled by the shell itself.
VERBS: dict[str, tuple[str, ...]] = {
    "attack": ("attaque", "att", "attack", "atk"),
    "damage": ("dgt", "dégâts", "dmg", "damage"),
    "heal": ("soin", "soins", "heal"),
    "temp_hp": ("pvt", "temp_hp", "thp"),
    "state": ("état", "state", "status"),
    "end_turn": ("suivant", "next", "end_turn"),
    "undo": ("annuler", "undo"),
    "redo": ("rétablir", "redo"),
    "death_save": ("jds", "deathsave", "death_save"),
    "react": ("réagir", "react"),
    "pass": ("passer", "pass"),
    "condition": ("cond", "condition"),
    "initiative": ("init", "initiative"),
    "order": ("ordre", "order"),
    "start": ("début", "start"),
    "add": ("ajout", "ajouter", "add"),
    "remove": ("retirer", "remove"),
    "move": ("bouge", "déplace", "move"),
    "place": ("place", "placer"),
    "stand": ("debout", "stand"),
    "action": ("action",),
    "save": ("js", "sauvegarde", "save"),
    "check": ("test", "check"),
    "surprise": ("surprise", "surpris"),
    "end": ("fin", "end"),
    "grapple": ("empoigner", "lutte", "grapple"),
    "shove": ("pousser", "bousculer", "shove"),
    "escape": ("échapper", "s'échapper", "libérer", "escape"),
    "stabilize": ("stabiliser", "stabilize"),
    "concentration": ("concentration", "conc", "concentrate"),
    "terrain": ("terrain",),
    "trigger": ("déclencher", "trigger"),
    "revert": ("revenir", "revert"),
    "full_attack": ("outrance", "attaque_totale", "full_attack", "fullattack"),
    "maneuver": ("manœuvre", "manoeuvre", "maneuver", "manoeuver"),
    "step": ("pas", "step"),
    "roll_off": ("départager", "roll_off", "rolloff"),
    "next_round": ("round_suivant", "next_round", "nextround"),
    "cast": ("lance", "lancer", "cast"),
    "legendary": ("légendaire", "legendary"),
    "rest": ("repos", "rest"),
    "templates": ("modèles", "templates"),
    "sheet": ("fiche", "sheet"),
    "log": ("journal", "log"),
    "help": ("aide", "help", "?"),
    "quit": ("quitter", "quit", "exit"),
}
_VERB_OF = {norm(alias): verb for verb, aliases in VERBS.items() for alias in aliases}
# Aliases only an English-speaking table types (the others are French, or the same word in both languages):
# the help of each language lists the aliases of that language only.
ENGLISH_ONLY = {"attack", "atk", "dmg", "damage", "heal", "temp_hp", "thp", "state", "status", "next", "end_turn",
                "undo", "redo", "deathsave", "death_save", "react", "pass", "order", "start", "add", "remove", "move",
                "stand", "save", "check", "end", "grapple", "shove", "escape", "stabilize", "concentrate", "trigger",
                "revert", "templates", "sheet", "log", "help", "quit", "exit", "full_attack", "fullattack", "maneuver",
                "manoeuver", "step", "roll_off", "rolloff", "next_round", "nextround", "cast", "legendary", "rest"}
FRENCH_ONLY = {alias for aliases in VERBS.values() for alias in aliases} - ENGLISH_ONLY - {
    "action", "surprise", "terrain", "place", "init", "initiative", "cond", "condition", "concentration", "?"}


def aliases_for(verb: str, lang: str) -> list[str]:
    """The aliases of a verb a table of this language types."""
    foreign = FRENCH_ONLY if lang == "en" else ENGLISH_ONLY
    return [a for a in VERBS[verb] if a not in foreign]
SHELL_VERBS = ("state", "log", "help", "quit", "templates", "sheet")
# While a reaction window is open: the window's own commands, and the DM's own damage, healing, temporary HP and
# conditions, which the engine takes in every phase (README "Beyond INTERFACE.md"); the rest waits for the window.
WINDOW_COMMANDS = ("react", "pass", "undo", "redo", "revert")
DM_ANY_PHASE = ("damage", "heal", "temp_hp", "condition")


def allowed_in_window(raw: dict) -> bool:
    """Whether a command may run while a reaction window is open."""
    return raw.get("do") in WINDOW_COMMANDS or raw.get("do") in DM_ANY_PHASE


# The command (`do`) a verb makes, where the names differ; `step` is pf1's five-foot step, a field of `move`.
_VERB_COMMAND = {"concentration": "concentrate", "step": "five_foot_step"}
_KERNEL_VERBS = ("undo", "redo", "revert")


def verbs_for(ruleset: str | None) -> list[str]:
    """The verbs an encounter of this ruleset takes, from its `command_names` hook (the shell's help lists only
    these); every verb before `create`, or for a ruleset that does not say."""
    names = getattr(_REGISTRY.get(ruleset or ""), "command_names", None)
    if not names:
        return list(VERBS)
    return [verb for verb in VERBS
            if verb in SHELL_VERBS or verb in _KERNEL_VERBS or _VERB_COMMAND.get(verb, verb) in names]


def ruleset_verbs(ruleset: str | None) -> dict:
    """The shell verbs a ruleset brings itself (its `shell_verbs` hook: {word: builder(args, state) -> command or
    commands}, a word per language), by their normalised word; none for the built-in rulesets, whose verbs are here."""
    verbs = getattr(_REGISTRY.get(ruleset or ""), "shell_verbs", None) or {}
    return {norm(word): builder for word, builder in verbs.items()}


def verb_of(word: str) -> str | None:
    return _VERB_OF.get(norm(word))


_ENGLISH = {"damage": "dmg", "temp_hp": "thp", "end_turn": "next", "death_save": "deathsave", "condition": "cond",
            "initiative": "init"}


def alias(verb: str, lang: str) -> str:
    """The alias shown to a DM of this language."""
    return VERBS[verb][0] if lang == "fr" else _ENGLISH.get(verb, verb)


class _Help(dict):
    """verb -> (French usage, English usage), from the catalogs' help-<verb> messages (a square said in metres)."""

    def __missing__(self, verb: str) -> tuple[str, str]:
        found = (help_text(verb, "fr"), help_text(verb, "en"))
        self[verb] = found
        return found


HELP: dict[str, tuple[str, str]] = _Help()


def help_text(verb: str, lang: str, units: str = "m") -> str:
    """The usage of `verb` for a DM of `lang`, a square said in the encounter's `units` (1 square = 1.5 m = 5 ft)."""
    return words.message(lang, f"help-{verb}", square=words.Distance(1.5, units))

ABILITY_WORDS = {
    "for": "str", "force": "str", "str": "str", "strength": "str",
    "dex": "dex", "dexterite": "dex", "dexterity": "dex",
    "con": "con", "constitution": "con",
    "int": "int", "intelligence": "int",
    "sag": "wis", "sagesse": "wis", "wis": "wis", "wisdom": "wis",
    "cha": "cha", "charisme": "cha", "charisma": "cha",
    # pf1 saving throws (Vigueur, Réflexes, Volonté)
    "vig": "fort", "vigueur": "fort", "fort": "fort", "fortitude": "fort",
    "ref": "ref", "reflexes": "ref", "reflex": "ref",
    "vol": "will", "volonte": "will", "will": "will",
}
ABILITY_SHOWN_FR = {"str": "for", "dex": "dex", "con": "con", "int": "int", "wis": "sag", "cha": "cha"}
SKILLS_FR = {
    "athletics": "athlétisme", "acrobatics": "acrobaties", "sleight_of_hand": "escamotage", "stealth": "discrétion",
    "arcana": "arcanes", "history": "histoire", "investigation": "investigation", "nature": "nature",
    "religion": "religion", "animal_handling": "dressage", "insight": "intuition", "medicine": "médecine",
    "perception": "perception", "survival": "survie", "deception": "tromperie", "intimidation": "intimidation",
    "performance": "représentation", "persuasion": "persuasion",
}
ACTIONS_FR = {
    "foncer": "dash", "sprint": "dash", "desengager": "disengage", "desengagement": "disengage",
    "esquiver": "dodge", "esquive": "dodge", "aider": "help", "aide": "help", "cacher": "hide",
    "se cacher": "hide", "chercher": "search", "fouiller": "search", "preparer": "ready",
    "objet": "use_object", "utiliser un objet": "use_object", "magie": "magic", "sort": "cast_spell",
    "influencer": "influence", "etudier": "study", "utiliser": "utilize",
}
ACTIONS = ("dash", "disengage", "dodge", "help", "hide", "ready", "search", "use_object", "magic", "cast_spell",
           "influence", "study", "utilize")
MOVE_MODES = {"vol": "fly", "voler": "fly", "fly": "fly", "nage": "swim", "nager": "swim", "swim": "swim",
              "rampe": "crawl", "ramper": "crawl", "crawl": "crawl", "escalade": "climb", "grimper": "climb",
              "climb": "climb", "marche": "walk", "walk": "walk"}
FLAGS = {
    "avantage": "advantage", "adv": "advantage", "advantage": "advantage", "av": "advantage",
    "desavantage": "disadvantage", "desav": "disadvantage", "dis": "disadvantage", "disadvantage": "disadvantage",
    "bonus": "bonus", "nonletal": "nonlethal", "non letal": "nonlethal", "nonlethal": "nonlethal",
    # pf1: fighting defensively; Rôle'n Play (cinematic option): an attack the player did not describe.
    "defensive": "fight_defensively", "defensif": "fight_defensively", "defensively": "fight_defensively",
    "plain": "plain", "nondecrite": "plain", "non decrite": "plain", "sans description": "plain",
}
OPPORTUNITY_WORDS = {"ao", "attaque d opportunite", "opportunite", "oa", "opportunity", "opportunity attack"}
READIED_WORDS = {"prete", "prepare", "preparee", "readied", "ready", "pret"}
# pf1 adds its own energy types (electricity, sonic, force…): the shell takes them too, the engine says which apply.
OTHER_DAMAGE_TYPES = tuple(dict.fromkeys(kind for ruleset in _REGISTRY for kind in getattr(ruleset, "damage_types", ())
                                         if kind not in DAMAGE_TYPES))
DAMAGE_WORDS = {norm(fr): en for en, fr in DAMAGE_FR.items()} | {en: en for en in DAMAGE_TYPES}
OTHER_DAMAGE_WORDS = {norm(words.damage_name(kind, "fr")): kind for kind in OTHER_DAMAGE_TYPES} | {
    kind: kind for kind in OTHER_DAMAGE_TYPES}
CONDITION_WORDS = {norm(fr): en for en, fr in CONDITIONS_FR.items()} | {en: en for en in CONDITIONS}
# A few words a French table also says.
CONDITION_WORDS |= {"allonge": "prone", "a terre": "prone", "empoigne": "grappled", "epuise": "exhaustion",
                    "entrave": "restrained", "inconsciente": "unconscious", "effrayee": "frightened"}

_DICE = re.compile(r"^\d*[dD](\d+|%)([+-]\d*[dD]?\d+)*$")
_SQUARE = re.compile(r"^\(?\s*(-?\d+)\s*[,;:]\s*(-?\d+)\s*\)?$")


def damage_name(damage_type: str, lang: str) -> str:
    return DAMAGE_FR.get(damage_type, damage_type) if lang == "fr" else damage_type


def condition_name(condition: str, lang: str) -> str:
    return CONDITIONS_FR.get(condition, condition) if lang == "fr" else condition


@dataclass
class Parsed:
    """What one line asks for: engine commands to run in order, or a shell verb (state, help, log, quit)."""

    verb: str
    commands: list[dict] = field(default_factory=list)
    args: list[str] = field(default_factory=list)
    # What the shell tells the DM besides running the commands, as (message id, its arguments per language): e.g.
    # the dead targets a `dmg` left out. `notes_in(lang)` words them.
    notes: list[tuple[str, dict[str, dict]]] = field(default_factory=list)

    def notes_in(self, lang: str) -> list[str]:
        return [words.message(lang, message_id, **(args.get(lang) or args.get("en") or {}))
                for message_id, args in self.notes]


def split(line: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError:  # an apostrophe in "masse d'armes" is not a quote
        return line.split()


def parse_line(line: str, state: EncounterState) -> Parsed:
    """Turn one typed line into commands; raise ShellInputError (a RuleViolation) when it makes no sense."""
    text = line.strip()
    if not text:
        if state.phase == "death_save" and state.turn:
            return Parsed("death_save", [{"do": "death_save", "id": state.turn}])
        return Parsed("nothing")
    if text.startswith("{"):
        return Parsed("json", [_json(text)])
    words = split(text)
    if not words:
        return Parsed("nothing")
    own_verbs = ruleset_verbs(state.ruleset)
    if norm(words[0]) in own_verbs:  # a verb of the encounter's ruleset (one from another package: its hook)
        built = own_verbs[norm(words[0])](words[1:], state)
        return Parsed(norm(words[0]), built if isinstance(built, list) else [built], args=words[1:])
    verb = verb_of(words[0])
    if verb is None:
        raise _say("error-unknown-command", word=words[0])
    args = words[1:]
    if verb in SHELL_VERBS:
        return Parsed(verb, args=args)
    builder = _BUILDERS[verb]
    built = builder(args, state)
    commands = built if isinstance(built, list) else [built]
    notes = [note for raw in commands for note in raw.pop(_NOTES, ())]
    return Parsed(verb, commands, args=args, notes=notes)


# A builder's remarks for the DM ride on its command under this key, taken off before the command runs.
_NOTES = "_notes"


def _json(text: str) -> dict:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise _say("error-json", error=error.msg, column=error.colno) from None
    if not isinstance(raw, dict):
        raise _say("error-json-object")
    return raw


# ---------------------------------------------------------------- helpers shared by the builders


def _usage(verb: str) -> tuple[str, str]:
    fr, en = HELP[verb]
    return fr.split(" — ")[0], en.split(" — ")[0]


def _need(args: list[str], count: int, verb: str) -> None:
    if len(args) < count:
        raise _say("error-missing-arguments", fr={"usage": _usage(verb)[0]}, en={"usage": _usage(verb)[1]})


def combatant_id(word: str, state: EncounterState) -> str:
    """An id as typed; a case-insensitive match is accepted when it is unique (the engine names unknown ids)."""
    if word in state.combatants:
        return word
    matches = [cid for cid in state.combatants if norm(cid) == norm(word)]
    return matches[0] if len(matches) == 1 else word


def _named(cid: str, state: EncounterState, lang: str) -> str:
    """A combatant as the DM reads it: its name and id ("Gobelin (gob1)"), or its id when they are the same."""
    creature = state.combatants.get(cid)
    name = creature.display_name(lang) if creature is not None else cid
    return name if norm(name) == norm(cid) else f"{name} ({cid})"


def _ids(word: str, state: EncounterState) -> list[str]:
    return [combatant_id(part, state) for part in word.split(",") if part]


def _int(word: str, what_en: str, what_fr: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise _say("error-whole-number", fr={"what": what_fr}, en={"what": what_en}, word=word) from None


def _amount(word: str, field_name: str = "amount") -> dict:
    if re.fullmatch(r"\d+", word):
        return {field_name: int(word)}
    if _DICE.match(word):
        return {"roll": word.lower()}
    raise _say("error-amount", word=word)


def damage_type(word: str) -> str:
    found = DAMAGE_WORDS.get(norm(word)) or OTHER_DAMAGE_WORDS.get(norm(word))
    if found is None:
        raise _say("error-damage-type", word=word, fr={"known": ", ".join(sorted(DAMAGE_FR.values()))},
                   en={"known": ", ".join(DAMAGE_TYPES)})
    return found


def condition_id(word: str) -> str:
    # Unknown names go through unchanged: rulesets add their own conditions and the engine names bad ones.
    return CONDITION_WORDS.get(norm(word), word)


def ability(word: str) -> str:
    found = ABILITY_WORDS.get(norm(word))
    if found is None:
        raise _say("error-ability", word=word)
    return found


def square(word: str) -> list[int] | None:
    match = _SQUARE.match(word)
    return [int(match[1]), int(match[2])] if match else None


def _flags(args: list[str]) -> tuple[list[str], set[str]]:
    rest, flags = [], set()
    for word in args:
        flag = FLAGS.get(norm(word))
        if flag:
            flags.add(flag)
        else:
            rest.append(word)
    return rest, flags


def _names(entry) -> list[str]:
    name = getattr(entry, "name", None) if not isinstance(entry, dict) else entry.get("name")
    if isinstance(name, dict):
        return [value for value in name.values() if value]
    return [name] if name else []


def shown_name(entry, lang: str) -> str:
    """An attack's or reaction's name in this language (its id when the stat block names none)."""
    return words.name_in(getattr(entry, "name", None), lang, entry.id)


def _pick(word: str, entries, owner: str, what_en: str, what_fr: str) -> str:
    """Match by id or any name, case/accent-insensitive; a unique prefix is enough."""
    wanted = norm(word)
    keyed = [(entry.id, {norm(entry.id)} | {norm(n) for n in _names(entry)}) for entry in entries]
    exact = [eid for eid, keys in keyed if wanted in keys]
    if len(exact) == 1:
        return exact[0]
    prefix = [eid for eid, keys in keyed if any(key.startswith(wanted) for key in keys)]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:  # the candidates by their names in the reader's language (their ids are accepted too)
        known = {lang: ", ".join(shown_name(entry, lang) for entry in entries if entry.id in prefix) for lang in ("fr", "en")}
        raise _say("error-ambiguous", word=word, fr={"what": what_fr, "known": known["fr"]},
                   en={"what": what_en, "known": known["en"]}, owner=owner)
    return word  # unknown: let the engine say so with its own words


def attack_id(word: str, creature: Combatant | None) -> str:
    if creature is None:
        return word
    return _pick(word, creature.stats.attacks, creature.id, "attack", "attaque")


@lru_cache(maxsize=1)
def templates() -> dict[str, dict]:
    """Template stem -> its names ({"en": …, "fr": …}) and kind."""
    found = {}
    for stem in template_names():
        data = load_template(stem) or {}
        name = data.get("name")
        names = name if isinstance(name, dict) else {"en": name or stem}
        found[stem] = {"names": names, "kind": data.get("kind", "monster")}
    return found


def template_id(word: str, state: EncounterState | None = None) -> str:
    """A template by file stem, English or French name (a unique prefix is enough), else a creature of the
    encounter's library by id or name in either language."""
    wanted = norm(word)
    every = templates()
    keyed = {stem: {norm(stem)} | {norm(n) for n in info["names"].values()} for stem, info in every.items()}
    exact = [stem for stem, keys in keyed.items() if wanted in keys]
    prefix = [stem for stem, keys in keyed.items() if any(key.startswith(wanted) for key in keys)]
    if exact or len(prefix) == 1:
        return (exact or prefix)[0]
    found = library_creature(word, state)
    if found is not None:
        return found["id"]
    shown_fr = sorted(every[s]["names"].get("fr", s) for s in (prefix or every))
    shown_en = sorted(prefix or every)
    if len(prefix) > 1:
        raise _say("error-ambiguous-template", word=word, fr={"known": ", ".join(shown_fr)}, en={"known": ", ".join(shown_en)})
    raise _say("error-no-template", word=word, fr={"known": ", ".join(shown_fr)}, en={"known": ", ".join(shown_en)})


def library_creature(word: str, state: EncounterState | None) -> dict | None:
    """The creature `word` (id, English or French name) of the encounter's library; None before `create`."""
    if state is None or not state.ruleset:
        return None
    from combatlog.compendium import library_for as library

    return library(state.ruleset).find(word, "creature")


def _library(state: EncounterState | None):
    """The encounter's library (creatures and spells), or None before `create` or for a ruleset that has none."""
    if state is None or not state.ruleset:
        return None
    from combatlog.compendium import library_for

    try:
        return library_for(state.ruleset)
    except (RuleViolation, LookupError, AttributeError):
        return None


@dataclass(frozen=True)
class KnownSpell:
    """One spell of a caster's list: its id, its names ({lang: name} or one string) and casting time."""

    id: str
    names: Any
    casting_time: str = "action"

    @property
    def keys(self) -> set[str]:
        return {norm(self.id)} | {norm(name) for name in _names({"name": self.names})}


def caster_spells(creature: Combatant | None, state: EncounterState | None) -> list[KnownSpell]:
    """The spells `creature` can name: its own spell objects, and the ids it lists with their library names."""
    casting = getattr(getattr(creature, "stats", None), "spellcasting", None)
    if casting is None:
        return []
    library = None
    found: list[KnownSpell] = []
    for spell in (*casting.spells, *getattr(casting, "at_will", ())):
        if isinstance(spell, str):
            library = library or _library(state)
            entry = library.get(spell, "spell") if library is not None else None
            found.append(KnownSpell(spell, words.spell_names(spell, (entry or {}).get("name")),
                                    (entry or {}).get("casting_time", "action")))
        else:
            found.append(KnownSpell(spell.id, words.spell_names(spell.id, spell.name), spell.casting_time))
    return found


def spell_words(args: Sequence[str], creature: Combatant | None, state: EncounterState | None) -> tuple[str, int]:
    """The spell the first words of `args` name (`bénédiction`, `boule_de_feu`, `boule de feu`, `fireball`: by id or
    either language's name, no case, accents or separators) and how many words it took: the caster's own spells
    first, then the encounter's library; the first word as typed when nothing matches (the engine then says so)."""
    known = caster_spells(creature, state)
    for count in range(len(args), 0, -1):
        wanted = norm(" ".join(args[:count]))
        hit = next((spell.id for spell in known if wanted in spell.keys), None)
        if hit is not None:
            return hit, count
    library = _library(state)
    if library is not None:
        for count in range(len(args), 0, -1):
            entry = library.find(" ".join(args[:count]), "spell")
            if entry is not None:
                return entry["id"], count
    return args[0], 1


def singular(words: list[str]) -> str:
    """« 4 gobelins », « 3 loups », « 2 goblins »: each word without its plural s or x."""
    return " ".join(re.sub(r"(?<=[^sx])[sx]$", "", word) if len(word) > 3 else word for word in words)


# ---------------------------------------------------------------- one builder per verb


def _attack(args, state):
    args, flags = _flags(args)
    _need(args, 2, "attack")
    attacker, target = combatant_id(args[0], state), combatant_id(args[1], state)
    creature = state.combatants.get(attacker)
    if len(args) > 2:
        weapon = attack_id(" ".join(args[2:]), creature)
    elif creature is not None and len(creature.stats.attacks) == 1:
        weapon = creature.stats.attacks[0].id
    else:
        # The attacks by their names in the reader's language, as typed back (`attaque aria gob1 hachette (lancée)`);
        # the ids are accepted too.
        known = {lang: ", ".join(shown_name(a, lang) for a in creature.stats.attacks) if creature else "-"
                 for lang in ("fr", "en")}
        raise _say("error-which-attack", fr={"known": known["fr"]}, en={"known": known["en"]})
    raw = {"do": "attack", "attacker": attacker, "target": target, "with": weapon}
    for flag in ("advantage", "disadvantage", "nonlethal", "fight_defensively", "plain"):
        if flag in flags:
            raw[flag] = True
    if "bonus" in flags:
        raw["slot"] = "bonus"
    return raw


def _full_attack(args, state):
    """pf1: every attack of the full-attack action at one target, with one weapon (or the creature's default)."""
    args, flags = _flags(args)
    _need(args, 2, "full_attack")
    attacker, target = combatant_id(args[0], state), combatant_id(args[1], state)
    raw = {"do": "full_attack", "attacker": attacker, "target": target}
    if len(args) > 2:
        raw["with"] = attack_id(" ".join(args[2:]), state.combatants.get(attacker))
    if "fight_defensively" in flags:
        raw["fight_defensively"] = True
    return raw


# pf1 combat maneuvers, in the words of the French PRD and of the English one.
MANEUVERS = {
    "croc en jambe": "trip", "crocenjambe": "trip", "trip": "trip",
    "bousculade": "bull_rush", "bull rush": "bull_rush", "bull_rush": "bull_rush",
    "desarmement": "disarm", "desarmer": "disarm", "disarm": "disarm",
    "lutte": "grapple", "grapple": "grapple",
    "renversement": "overrun", "overrun": "overrun",
    "destruction": "sunder", "sunder": "sunder",
    "sale coup": "dirty_trick", "coup bas": "dirty_trick", "dirty trick": "dirty_trick", "dirty_trick": "dirty_trick",
    "traction": "drag", "drag": "drag",
    "repositionnement": "reposition", "reposition": "reposition",
    "vol": "steal", "steal": "steal",
}
MANEUVERS_FR = {"trip": "croc-en-jambe", "bull_rush": "bousculade", "disarm": "désarmement", "grapple": "lutte",
                "overrun": "renversement", "sunder": "destruction", "dirty_trick": "sale_coup", "drag": "traction",
                "reposition": "repositionnement", "steal": "vol"}


def _maneuver(args, state):
    _need(args, 3, "maneuver")
    words_typed = " ".join(args[2:])
    kind = MANEUVERS.get(norm(words_typed).replace("-", " ")) or MANEUVERS.get(norm(words_typed).replace("_", " "))
    if kind is None:
        raise _say("error-maneuver", word=words_typed,
                   fr={"known": ", ".join(MANEUVERS_FR.values())}, en={"known": ", ".join(MANEUVERS_FR)})
    return {"do": "maneuver", "attacker": combatant_id(args[0], state), "target": combatant_id(args[1], state),
            "maneuver": kind}


def _step(args, state):
    """pf1: the 5-foot step (1.5 m), which provokes no attack of opportunity."""
    _need(args, 2, "step")
    at = square(args[1])
    if at is None:
        raise _say("error-square", word=args[1])
    return {"do": "move", "id": combatant_id(args[0], state), "path": [at], "five_foot_step": True}


def _roll_off(args, state):
    _need(args, 2, "roll_off")
    return {"do": "roll_off", "ids": [i for word in args for i in _ids(word, state)]}


def _next_round(args, state):
    """Rôle'n Play: rounds after the combat (the 5 rounds a dying character has)."""
    raw = {"do": "next_round"}
    if args:
        raw["rounds"] = _int(args[0], "the number of rounds", "le nombre de rounds")
    if len(args) > 1:
        raise _say("error-too-many", words=" ".join(args[1:]),
                   fr={"usage": _usage("next_round")[0]}, en={"usage": _usage("next_round")[1]})
    return raw


def _damage(args, state):
    save = None
    lowered = [norm(word) for word in args]
    for marker in ("js", "save", "sauvegarde"):
        if marker in lowered:
            at = lowered.index(marker)
            tail = args[at + 1:]
            if len(tail) < 2:
                raise _say("error-save-needs", example="dex 15")
            save = {"ability": ability(tail[0]), "dc": _int(tail[1], "the DC", "le DD")}
            if len(tail) > 2 and norm(tail[2]) in {"rien", "none", "nothing", "zero"}:
                save["half"] = False
            args = args[:at]
            break
    _need(args, 3, "damage")
    targets = _ids(args[0], state)
    raw = {"do": "damage"}
    dead = [cid for cid in targets if getattr(state.combatants.get(cid), "status", "") == "dead"]
    if dead and len(dead) < len(targets):
        # A fireball over a dead goblin still burns the living ones: the dead are left out, and the DM is told.
        # (All of them dead: the engine says so.)
        targets = [cid for cid in targets if cid not in dead]
        raw[_NOTES] = [("shell-skipped-dead", {lang: {"names": ", ".join(_named(cid, state, lang) for cid in dead),
                                                      "count": len(dead)} for lang in ("fr", "en")})]
    raw.update({"target": targets[0]} if len(targets) == 1 else {"targets": targets})
    raw.update(_amount(args[1]))
    raw["type"] = damage_type(" ".join(args[2:]))
    if save:
        raw["save"] = save
    return raw


def _heal(args, state):
    _need(args, 2, "heal")
    return {"do": "heal", "target": combatant_id(args[0], state), **_amount(args[1])}


def _temp_hp(args, state):
    _need(args, 2, "temp_hp")
    return {"do": "temp_hp", "target": combatant_id(args[0], state),
            "amount": _int(args[1], "the amount", "le montant")}


def _no_args(verb: str, args: list[str]) -> None:
    if args:
        fr, en = _usage(verb)
        raise _say("error-too-many", words=" ".join(args), fr={"usage": fr}, en={"usage": en})


def _end_turn(args, state):
    _no_args("end_turn", args)
    return {"do": "end_turn"}


def _steps(verb):
    def build(args, state):
        raw = {"do": verb}
        if args:
            raw["steps"] = _int(args[0], "the number of steps", "le nombre")
        return raw
    return build


def _only_reactor(state: EncounterState, verb: str) -> str:
    if not state.windows:  # nobody to answer for: say so, rather than ask who
        raise _say(f"shell-no-window-{verb}")
    reactors: Sequence[str] = state.windows[-1].reactors
    if len(reactors) == 1:
        return reactors[0]
    fr, en = _usage(verb)
    who = ", ".join(reactors)
    raise _say("error-who", who=who, fr={"usage": fr}, en={"usage": en})


def _death_save(args, state):
    who = combatant_id(args[0], state) if args else state.turn
    if not who:
        raise _say("error-whose-death-save")
    return {"do": "death_save", "id": who}


def _react(args, state):
    args, flags = _flags(args)
    who = combatant_id(args[0], state) if args else _only_reactor(state, "react")
    creature = state.combatants.get(who)
    raw = {"do": "react", "id": who, "with": "opportunity_attack"}
    rest = args[1:]
    if rest:
        first = norm(rest[0])
        joined = norm(" ".join(rest))
        if first in OPPORTUNITY_WORDS or joined in OPPORTUNITY_WORDS:
            rest = [] if joined in OPPORTUNITY_WORDS else rest[1:]
        elif first in READIED_WORDS:
            raw["with"], rest = "readied", rest[1:]
        elif (named := _named_reaction(rest, creature, who)) is not None:
            raw["with"], rest = named, []
        elif (spell := _reaction_spell_words(rest, creature, state)) is not None:
            # A reaction spell (Shield, Counterspell): `react` naming it casts it (INTERFACE.md §7); what follows
            # its name is the creature it answers, when the spell needs one.
            raw["with"], used = spell
            rest = rest[used:]
            if rest:
                raw["target"] = combatant_id(rest[0], state)
                rest = rest[1:]
        if rest and raw["with"] == "opportunity_attack":
            raw["attack"] = attack_id(" ".join(rest), creature)
    _roll_mode(raw, flags)
    return raw


def _named_reaction(args: Sequence[str], creature: Combatant | None, who: str) -> str | None:
    """The id of the stat block's named reaction the words name, else None."""
    if creature is None or not creature.stats.reactions:
        return None
    named = _pick(" ".join(args), creature.stats.reactions, who, "reaction", "réaction")
    return named if creature.stats.reaction(named) is not None else None


def _reaction_spell_words(args: Sequence[str], creature: Combatant | None, state) -> tuple[str, int] | None:
    """The reaction spell of `creature` the first words name, and how many words it took; None if they name none."""
    reactions = [spell for spell in caster_spells(creature, state) if spell.casting_time == "reaction"]
    for count in range(len(args), 0, -1):
        wanted = norm(" ".join(args[:count]))
        hit = next((spell.id for spell in reactions if wanted in spell.keys), None)
        if hit is not None:
            return hit, count
    return None


def _pass(args, state):
    return {"do": "pass", "id": combatant_id(args[0], state) if args else _only_reactor(state, "pass")}


_UNTIL_WORDS = {"jusqu a", "jusqu au", "jusqua", "jusquau", "until", "till", "jusque"}
_END_WORDS = {"fin", "end"}
_START_WORDS = {"debut", "start"}
_ROUND_WORDS = {"round", "rounds", "tour", "tours"}
_SAVE_WORDS = {"js", "save", "sauvegarde"}
_BY_WORDS = {"par", "by", "de", "from"}
_CONC_WORDS = {"conc", "concentration"}


def _duration_start(word: str) -> bool:
    """Does this word begin the duration/source part of a condition line?"""
    plain = norm(word)
    head = plain.split(":")[0]
    return (plain in _UNTIL_WORDS or plain in _SAVE_WORDS or plain in _BY_WORDS or plain in _CONC_WORDS
            or head in _END_WORDS | _START_WORDS or bool(re.fullmatch(r"\d+", plain))
            or plain.startswith(("source=", "jusqu")))


def _condition(args, state):
    _need(args, 2, "condition")
    target = combatant_id(args[0], state)
    rest = args[1:]
    cut = next((i for i, word in enumerate(rest) if i > 0 and _duration_start(word)), len(rest))
    known = set(CONDITION_WORDS.values())
    if cut > 1 and condition_id(" ".join(rest[:cut])[1:]) not in known and condition_id(rest[0][1:]) in known:
        cut = 1  # "+empoigné demain": a known condition, then words that must be a duration
    change, options = " ".join(rest[:cut]), rest[cut:]
    sign, name = change[:1], change[1:]
    if sign not in "+-" or not name.strip():
        raise _say("error-condition-sign", change=change)
    raw = {"do": "condition", "target": target, ("add" if sign == "+" else "remove"): condition_id(name)}
    index = 0
    while index < len(options):
        word = options[index]
        plain = norm(word)
        following = options[index + 1:]
        if plain in _UNTIL_WORDS or plain.startswith("jusqu"):
            # "jusqu'à fin:aria", "until end:aria", "jusqu'à la fin du tour de aria" is spelled fin:aria
            glued = plain.split(" ", 1)[1] if " " in plain else ""
            if glued and glued not in ("a", "au"):
                options.insert(index + 1, glued)
                following = options[index + 1:]
            index += 1
            continue
        head, _, who = plain.partition(":")
        if head in _END_WORDS | _START_WORDS:
            edge = "end_of_turn" if head in _END_WORDS else "start_of_turn"
            if not who and following and not _duration_start(following[0]):
                who = following[0]
                index += 1
            raw["until"] = edge
            if who:
                raw["of"] = combatant_id(who, state)
            index += 1
        elif re.fullmatch(r"\d+", plain):
            raw["until"] = {"rounds": int(plain)}
            index += 2 if following and norm(following[0]) in _ROUND_WORDS else 1
        elif plain in _SAVE_WORDS:
            if len(following) < 2:
                raise _say("error-save-needs", example="con 13")
            raw["until"] = {"save": {"ability": ability(following[0]), "dc": _int(following[1], "the DC", "le DD")}}
            index += 3
        elif plain in _BY_WORDS or plain.startswith("source="):
            source = word.split("=", 1)[1] if "=" in word else (following[0] if following else "")
            if not source:
                raise _say("error-by-whom")
            raw["source"] = combatant_id(source, state)
            index += 1 if "=" in word else 2
        elif plain in _CONC_WORDS:
            raw["concentration"] = True
            index += 1
        else:
            raise _say("error-duration", word=word)
    if any(norm(word) in _UNTIL_WORDS or norm(word).startswith("jusqu") for word in options) and "until" not in raw:
        raise _say("error-duration", word=options[-1])
    if raw.get("concentration") and "source" not in raw:
        raise _say("error-concentration-source")
    if raw.get("concentration"):
        # The source already concentrating (`concentration lyra toile`) ties the condition to that effect; without
        # its name the engine would read the condition as a new concentration and end the old one.
        source = state.combatants.get(raw["source"])
        current = getattr(source, "concentration", "") if source is not None else ""
        if current:
            raw["effect"] = current
    return raw


def _unit_id(word: str, state: EncounterState) -> str:
    """A creature, or a group that rolls one initiative (Rôle'n Play groups opponents by type: `init gobelin 12`)."""
    found = combatant_id(word, state)
    if found in state.combatants:
        return found
    groups = {creature.group for creature in state.combatants.values() if creature.group}
    for group in groups:
        names = {norm(group)} | {norm(name) for name in templates().get(group, {}).get("names", {}).values()}
        if norm(word) in names:
            return group
    return found


def _initiative(args, state):
    if not args:
        units, commands = set(), []
        for creature in state.combatants.values():
            unit = creature.group or creature.id
            if creature.initiative is None and unit not in units:
                units.add(unit)
                commands.append({"do": "initiative", "id": creature.id})
        if not commands:
            raise _say("error-initiative-done")
        return commands
    args, flags = _flags(args)
    raw = {"do": "initiative", "id": _unit_id(args[0], state)}
    if len(args) > 1:
        raw["value"] = _int(args[1], "the initiative", "l'initiative")
    _roll_mode(raw, flags)
    return raw


def _roll_mode(raw: dict, flags) -> None:
    """The `advantage` / `disadvantage` words of a line, as the command's flags."""
    raw.update({flag: True for flag in ("advantage", "disadvantage") if flag in flags})


def _order(args, state):
    _need(args, 2, "order")
    return {"do": "order", "ids": [i for word in args for i in _ids(word, state)]}


def _start(args, state):
    _no_args("start", args)
    return {"do": "start"}


MAX_ADDED_AT_ONCE = 50
_OPTION_KEYS = {"nom": "name", "name": "name", "camp": "side", "side": "side", "groupe": "group", "group": "group"}
# Stat overrides on add: "pv=52 ca=17" (a template's numbers changed for this creature).
_OVERRIDE_KEYS = {"pv": "max_hp", "hp": "max_hp", "pvmax": "max_hp", "max hp": "max_hp", "ca": "ac", "ac": "ac",
                  "vitesse": "speed", "speed": "speed", "init": "initiative_bonus", "initiative": "initiative_bonus",
                  "maitrise": "proficiency_bonus", "proficiency": "proficiency_bonus"}


_ATTACK_KEYS = {"attaque", "attack", "att", "atk"}


def _add(args, state):
    _need(args, 2, "add")
    if args[0].isdigit():
        return _add_several(int(args[0]), args[1:], state)
    raw = {"do": "add", "id": args[0]}
    words = []
    attacks = []
    rest = list(args[1:])
    while rest:
        word = rest.pop(0)
        key, eq, value = word.partition("=")
        if eq and norm(key) in _OPTION_KEYS:
            raw[_OPTION_KEYS[norm(key)]] = value.replace("_", " ") if _OPTION_KEYS[norm(key)] == "name" else value
        elif eq and norm(key) in _ATTACK_KEYS:
            attacks.append(_plain_attack(value, rest, len(attacks) + 1))
        elif eq and norm(key) in _OVERRIDE_KEYS:
            stat = _OVERRIDE_KEYS[norm(key)]
            number = _stat_number(value, key)
            if stat == "speed":
                number = _metres(number, state)
            overrides = raw.setdefault("overrides", {})
            overrides[stat] = number
            if stat == "max_hp":
                overrides["hp"] = number
        elif square(word) is not None:
            raw["at"] = square(word)
        elif norm(word) in {"pj", "pc", "joueur", "player"}:
            raw["kind"] = "pc"
        elif norm(word) in {"monstre", "monster", "pnj", "npc"}:
            raw["kind"] = "monster"
        else:
            words.append(word)
    if not words and (attacks or "overrides" in raw):
        return _custom(raw, attacks, state)
    if attacks:
        raise _say("shell-attack-needs-custom")
    if not words:
        raise _say("error-which-template")
    try:
        raw["template"] = template_id(" ".join(words), state)
    except ShellInputError as as_typed:
        try:
            raw["template"] = template_id(singular(words), state)
        except ShellInputError:
            raise as_typed from None
    kind = raw.get("kind") or templates().get(raw["template"], {}).get("kind", "monster")
    raw.setdefault("side", "party" if kind == "pc" else "monsters")
    return raw


def _metres(number, state: EncounterState):
    """A distance typed in the encounter's units, in metres (stat blocks hold metres: 5 ft = 1.5 m)."""
    if getattr(state, "units", "m") != "ft":
        return number
    metres = round(number * 3 / 10, 2)
    return int(metres) if metres == int(metres) else metres


def _plain_attack(value: str, rest: list[str], number: int) -> dict:
    """`attaque=+4,1d6+2 tranchant` (or `attack=+4,1d6+2,slashing`, `attaque=griffes,+4,1d6+2,tranchant`): a
    plain melee attack; its damage type may be the next word, which is then taken."""
    attack: dict = {"id": "attack" if number == 1 else f"attack{number}"}
    for part in (p.strip() for p in value.split(",") if p.strip()):
        if re.fullmatch(r"[+-]?\d+", part):
            attack["to_hit"] = int(part)
        elif _DICE.match(part):
            attack["roll"] = part.lower()
        elif DAMAGE_WORDS.get(norm(part)) or OTHER_DAMAGE_WORDS.get(norm(part)):
            attack["type"] = damage_type(part)
        else:
            attack["name"] = part.replace("_", " ")
    if "type" not in attack and rest and (DAMAGE_WORDS.get(norm(rest[0])) or OTHER_DAMAGE_WORDS.get(norm(rest[0]))):
        attack["type"] = damage_type(rest.pop(0))
    if not {"to_hit", "roll", "type"} <= set(attack):
        raise _say("shell-plain-attack", value=value)
    if "name" not in attack:
        attack["name"] = {lang: words.message(lang, "shell-plain-attack-name", number=number) for lang in ("fr", "en")}
    return attack


def _custom(raw: dict, attacks: list[dict], state: EncounterState) -> dict:
    """`ajout chef pv=30 ca=14 nom=Chef [vitesse=9] [init=+2] [attaque=+4,1d6+2 tranchant]`: a creature of no
    template, its stat block made by the encounter's ruleset (its `plain_stats` hook)."""
    numbers = raw.pop("overrides", {})
    if "max_hp" not in numbers or "ac" not in numbers:
        raise _say("shell-custom-needs")
    ruleset = _REGISTRY.get(getattr(state, "ruleset", "") or "")
    plain_stats = getattr(ruleset, "plain_stats", None)
    if plain_stats is None:
        raise _say("error-which-template")
    extra = {key: numbers[key] for key in ("speed", "initiative_bonus") if key in numbers}
    raw["stats"] = plain_stats(max_hp=int(numbers["max_hp"]), ac=int(numbers["ac"]), attacks=tuple(attacks), **extra)
    for key in set(numbers) - {"max_hp", "hp", "ac", "speed", "initiative_bonus"}:
        raw["stats"][key] = numbers[key]  # e.g. maîtrise=3: the ruleset's stat block takes it or names it
    raw.setdefault("kind", "monster")
    raw.setdefault("side", "party" if raw["kind"] == "pc" else "monsters")
    return raw


def _add_several(count: int, args: list[str], state) -> list[dict]:
    """« ajout 4 gobelins »: gob1…gob4 (numbers already taken are skipped), one group, so one initiative roll."""
    if not 1 <= count <= MAX_ADDED_AT_ONCE:
        raise _say("error-add-count", count=count, most=MAX_ADDED_AT_ONCE)
    first = _add(["?", *args], state)
    first.pop("at", None)  # one square cannot hold them all: `place` each
    words = [w for w in args if "=" not in w and square(w) is None]
    stem = re.sub(r"[^a-z0-9]", "", norm(words[0] if words else first.get("name", "")))[:3] or "c"
    first.setdefault("group", first.get("template") or stem)  # a custom creature: its id stem names the group
    raws: list[dict] = []
    taken, number = set(state.combatants), 0
    while len(raws) < count:
        number += 1
        if f"{stem}{number}" not in taken:
            raws.append({**first, "id": f"{stem}{number}"})
    return raws


def _stat_number(value: str, key: str):
    try:
        number = float(value.replace(",", "."))
    except ValueError:
        raise _say("error-stat-number", key=key, value=value) from None
    return int(number) if number == int(number) else number


def _one_id(verb):
    def build(args, state):
        _need(args, 1, verb)
        return {"do": verb, "id": combatant_id(args[0], state)}
    return build


def _move(args, state):
    _need(args, 2, "move")
    raw = {"do": "move", "id": combatant_id(args[0], state), "path": []}
    for word in args[1:]:
        mode = MOVE_MODES.get(norm(word))
        if mode:
            raw["mode"] = mode
            continue
        at = square(word)
        if at is None:
            raise _say("error-square", word=word)
        raw["path"].append(at)
    if not raw["path"]:
        raise _say("error-move-where")
    # `bouge young1 2,6`: one square farther than a step is reached by the cheapest legal path (issue 35).
    mover = state.combatants.get(raw["id"])
    at = getattr(mover, "position", None)
    if len(raw["path"]) == 1 and at is not None and max(abs(raw["path"][0][0] - at[0]), abs(raw["path"][0][1] - at[1])) > 1:
        found = cheapest_move(state, raw["id"], raw["path"][0], raw.get("mode"), _REGISTRY)
        if found is not None:
            raw["path"] = found["path"]
    return raw


def _place(args, state):
    _need(args, 2, "place")
    at = square(args[1])
    if at is None:
        raise _say("error-square", word=args[1])
    return {"do": "place", "id": combatant_id(args[0], state), "at": at}


def _action(args, state):
    args, flags = _flags(args)
    _need(args, 2, "action")
    name = norm(" ".join(args[1:]))
    action = ACTIONS_FR.get(name) or name.replace(" ", "_")
    raw = {"do": "action", "id": combatant_id(args[0], state), "action": action}
    if "bonus" in flags:
        raw["slot"] = "bonus"
    return raw


def _save(args, state):
    args, flags = _flags(args)
    _need(args, 3, "save")
    raw = {"do": "save", "id": combatant_id(args[0], state), "ability": ability(args[1]),
           "dc": _int(args[2], "the DC", "le DD")}
    _roll_mode(raw, flags)
    return raw


_SKILL_WORDS = {norm(fr): en for en, fr in SKILLS_FR.items()} | {norm(en): en for en in SKILLS}


def _check(args, state):
    args, flags = _flags(args)
    _need(args, 2, "check")
    raw = {"do": "check", "id": combatant_id(args[0], state)}
    rest = args[1:]
    dc = None
    if rest and re.fullmatch(r"\d+", rest[-1]):
        dc = int(rest.pop())
    what = norm(" ".join(rest))
    if what in _SKILL_WORDS:
        raw["skill"] = _SKILL_WORDS[what]
    elif what in ABILITY_WORDS:
        raw["ability"] = ABILITY_WORDS[what]
    else:
        raise _say("error-skill", word=" ".join(rest))
    if dc is not None:
        raw["dc"] = dc
    _roll_mode(raw, flags)
    return raw


def _surprise(args, state):
    _need(args, 1, "surprise")
    return {"do": "surprise", "ids": [i for word in args for i in _ids(word, state)]}


def _end(args, state):
    raw = {"do": "end"}
    if args:
        raw["reason"] = " ".join(args)
    return raw


def _two_ids(verb):
    def build(args, state):
        _need(args, 2, verb)
        return {"do": verb, "attacker": combatant_id(args[0], state), "target": combatant_id(args[1], state)}
    return build


_SHOVE_EFFECTS = {"terre": "prone", "a terre": "prone", "prone": "prone", "recul": "push", "repousser": "push",
                  "push": "push", "away": "push", "loin": "push"}


def _shove(args, state):
    _need(args, 2, "shove")
    raw = {"do": "shove", "attacker": combatant_id(args[0], state), "target": combatant_id(args[1], state)}
    if len(args) > 2:
        effect = _SHOVE_EFFECTS.get(norm(" ".join(args[2:])))
        if effect is None:
            raise _say("error-shove", word=" ".join(args[2:]))
        raw["effect"] = effect
    return raw


def _escape(args, state):
    _need(args, 1, "escape")
    raw = {"do": "escape", "id": combatant_id(args[0], state)}
    if len(args) > 1:
        skill = _SKILL_WORDS.get(norm(" ".join(args[1:])))
        if skill not in ("athletics", "acrobatics"):
            raise _say("error-escape")
        raw["skill"] = skill
    return raw


def _stabilize(args, state):
    _need(args, 2, "stabilize")
    return {"do": "stabilize", "id": combatant_id(args[0], state), "target": combatant_id(args[1], state)}


_STOP_WORDS = {"fin", "stop", "arret", "arreter", "end", "off", "cesser"}


def _concentration(args, state):
    _need(args, 1, "concentration")
    raw = {"do": "concentrate", "id": combatant_id(args[0], state)}
    effect = " ".join(args[1:])
    if norm(effect) in _STOP_WORDS:
        raw["stop"] = True
    elif effect:
        raw["effect"] = effect
    return raw


_TERRAIN_KINDS = {"difficile": "difficult", "difficult": "difficult", "degage": "clear", "clear": "clear",
                  "normal": "clear", "libre": "clear"}


def _terrain(args, state):
    _need(args, 2, "terrain")
    kind = _TERRAIN_KINDS.get(norm(args[0]))
    if kind is None:
        raise _say("error-terrain", word=args[0])
    squares = []
    for word in args[1:]:
        at = square(word)
        if at is None:
            raise _say("error-square", word=word)
        squares.append(at)
    return {"do": "terrain", "kind": kind, "squares": squares}


def _legendary(args, state):
    """INTERFACE.md §7: `légendaire DRAGON ACTION [CIBLE[,CIBLE…]] [avantage|désavantage]`."""
    args, flags = _flags(args)
    _need(args, 2, "legendary")
    creature_id = combatant_id(args[0], state)
    creature = state.combatants.get(creature_id)
    action = _pick(args[1], _legendary_entries(creature), creature_id, "legendary action", "action légendaire") \
        if creature is not None else args[1]
    raw = {"do": "legendary", "id": creature_id, "action": action}
    if len(args) > 2:
        targets = _ids(args[2], state)
        raw.update({"target": targets[0]} if len(targets) == 1 else {"targets": targets})
    _roll_mode(raw, flags)
    return raw


def _legendary_entries(creature: Combatant) -> list[SimpleNamespace]:
    """A creature's legendary actions, each also known by the names of the attack it makes ("queue" for tail)."""
    entries = []
    for action in creature.stats.legendary:
        attack = creature.stats.attack(action.attack) if action.attack else None
        names = _names(action) + (_names(attack) if attack is not None else [])
        entries.append(SimpleNamespace(id=action.id, name={str(i): n for i, n in enumerate(names)}))
    return entries


_REST_KINDS = {"court": "short", "courte": "short", "short": "short", "long": "long", "longue": "long"}


def _rest(args, state):
    """INTERFACE.md §7: `repos court|long [ID…]` (without ids: every player character)."""
    _need(args, 1, "rest")
    raw = {"do": "rest", "kind": _REST_KINDS.get(norm(args[0]), args[0])}
    if len(args) > 1:
        raw["ids"] = [i for word in args[1:] for i in _ids(word, state)]
    return raw


def _revert(args, state):
    _need(args, 1, "revert")
    return {"do": "revert", "to": _int(args[0], "the event number", "le numéro d'événement")}


# Words of `lance`/`cast` after the targets: the slot level, and a daily or ritual casting.
_CAST_LEVEL = ("niveau", "niv", "level", "lvl")
_CAST_USING = {"rituel": "ritual", "ritual": "ritual", "jour": "per_day", "par jour": "per_day", "per day": "per_day",
               "daily": "per_day"}


def _cast(args, state):
    """lance LANCEUR SORT [CIBLES…] [niveau N] [rituel|jour] (INTERFACE.md §7 `cast`)."""
    _need(args, 2, "cast")
    caster = combatant_id(args[0], state)
    spell, used = spell_words(args[1:], state.combatants.get(caster) if state is not None else None, state)
    raw: dict = {"do": "cast", "caster": caster, "spell": spell}
    targets: list[str] = []
    words_left = iter(args[1 + used:])
    for word in words_left:
        if norm(word) in _CAST_LEVEL:
            raw["level"] = _int(next(words_left, ""), "the slot level", "le niveau d'emplacement")
        elif norm(word) in _CAST_USING:
            raw["using"] = _CAST_USING[norm(word)]
        else:
            targets += _ids(word, state)
    if targets:
        raw["targets"] = targets
    return raw


_BUILDERS = {
    "attack": _attack, "damage": _damage, "heal": _heal, "temp_hp": _temp_hp, "end_turn": _end_turn,
    "undo": _steps("undo"), "redo": _steps("redo"), "death_save": _death_save, "react": _react, "pass": _pass,
    "condition": _condition, "initiative": _initiative, "order": _order, "start": _start, "add": _add,
    "remove": _one_id("remove"), "move": _move, "place": _place, "stand": _one_id("stand"), "action": _action,
    "save": _save, "check": _check, "surprise": _surprise, "end": _end,
    "grapple": _two_ids("grapple"), "shove": _shove, "escape": _escape, "stabilize": _stabilize,
    "concentration": _concentration, "terrain": _terrain, "trigger": _one_id("trigger"), "revert": _revert,
    "full_attack": _full_attack, "maneuver": _maneuver, "step": _step, "roll_off": _roll_off, "next_round": _next_round,
    "cast": _cast, "legendary": _legendary, "rest": _rest,
}
assert set(_BUILDERS) | set(SHELL_VERBS) == set(VERBS)


# ---------------------------------------------------------------- completion (pure: the shell wraps it)

_SLOTS: dict[str, tuple[str, ...]] = {
    "attack": ("combatant", "combatant", "attack", "attack_flag"),
    "damage": ("targets", "", "damage_type", "save_word", "ability"),
    "heal": ("combatant",), "temp_hp": ("combatant",), "death_save": ("combatant",),
    "react": ("reactor", "reaction", "attack"), "pass": ("reactor",),
    "condition": ("combatant", "condition", "duration", "duration", "duration", "duration"), "initiative": ("combatant",),
    "order": ("combatant",) * 8, "surprise": ("combatant",) * 8,
    "add": ("", "template"), "remove": ("combatant",), "stand": ("combatant",), "place": ("combatant",),
    "move": ("combatant",), "action": ("combatant", "action"), "save": ("combatant", "ability"),
    "check": ("combatant", "skill"), "help": ("verb",),
    "grapple": ("combatant", "combatant"), "shove": ("combatant", "combatant", "shove"),
    "escape": ("combatant", "skill"), "stabilize": ("combatant", "combatant"), "concentration": ("combatant",),
    "terrain": ("terrain",), "trigger": ("combatant",), "sheet": ("combatant",),
    "full_attack": ("combatant", "combatant", "attack", "attack_flag"), "maneuver": ("combatant", "combatant", "maneuver"),
    "step": ("combatant",), "roll_off": ("combatant",) * 8, "cast": ("combatant", "", "combatant", "combatant", "combatant"),
    "legendary": ("combatant", "", "combatant"), "rest": ("", "combatant", "combatant", "combatant", "combatant"),
}


def _attack_words(creature: Combatant | None, lang: str) -> list[str]:
    if creature is None:
        return []
    words = []
    for attack in creature.stats.attacks:  # the name in the DM's language first, then the id (both accepted)
        name = token_form(shown_name(attack, lang))
        if name != attack.id:
            words.append(name)
        words.append(attack.id)
    return words


def candidates(text: str, state: EncounterState, lang: str) -> tuple[str, list[str]]:
    """(the word being typed, the words that may complete it) for the text left of the cursor."""
    if text.lstrip().startswith("{"):
        return "", []
    words = text.split()
    current = "" if not words or text[-1:].isspace() else words[-1]
    index = len(words) - (0 if current == "" else 1)
    fr = lang == "fr"
    if index == 0:
        verbs = verbs_for(getattr(state, "ruleset", None))  # the encounter's ruleset's verbs only
        shown = [alias(v, lang) for v in verbs]  # this language's words first, then every other alias
        others = sorted({a for v in verbs for a in VERBS[v]} - set(shown))
        return current, [a for a in shown + others if norm(a).startswith(norm(current))]
    verb = verb_of(words[0])
    slots = _SLOTS.get(verb, ()) if verb is not None else ()
    slot = slots[index - 1] if index - 1 < len(slots) else ""
    ids = list(state.combatants)

    def creature_at(position: int) -> Combatant | None:
        return state.combatants.get(combatant_id(words[position], state)) if len(words) > position else None

    found: list[str] = []
    if slot in ("combatant", "targets"):
        found = ids
        if slot == "targets" and "," in current:
            head = current.rsplit(",", 1)[0] + ","
            found = [head + cid for cid in ids]
    elif slot == "reactor":
        found = list(state.windows[-1].reactors) if state.windows else ids
    elif slot == "attack":
        owner = creature_at(1)
        found = _attack_words(owner, lang)
    elif slot == "attack_flag":
        found = ["avantage", "désavantage", "bonus"] if fr else ["advantage", "disadvantage", "bonus"]
    elif slot == "reaction":
        owner = creature_at(1)
        found = ["ao", "prêt"] if fr else ["oa", "readied"]
        if owner is not None:
            found += [token_form(shown_name(r, lang)) for r in owner.stats.reactions]
            found += [token_form(_words.name_in(spell.names, lang, spell.id))
                      for spell in caster_spells(owner, state) if spell.casting_time == "reaction"]
            found += _attack_words(owner, lang)
    elif slot == "condition":
        signs = [current[0]] if current[:1] in ("+", "-") else ["+", "-"]
        names = [token_form(condition_name(c, lang)) for c in CONDITIONS]
        target = creature_at(1)
        if signs == ["-"] and target is not None and target.conditions:
            names = [token_form(condition_name(i.condition, lang)) for i in target.conditions]
        found = [sign + name for sign in signs for name in names]
    elif slot == "damage_type":
        found = [token_form(DAMAGE_FR[t]) for t in DAMAGE_TYPES] if fr else list(DAMAGE_TYPES)
    elif slot == "save_word":
        found = ["js"] if fr else ["save"]
    elif slot == "ability":
        found = [ABILITY_SHOWN_FR[a] for a in ABILITIES] if fr else list(ABILITIES)
    elif slot == "skill":
        found = [token_form(SKILLS_FR[s]) for s in SKILLS] if fr else list(SKILLS)
        found += [ABILITY_SHOWN_FR[a] for a in ABILITIES] if fr else list(ABILITIES)
    elif slot == "template":
        every = templates()
        found = [token_form(i["names"].get("fr", s)) for s, i in every.items()] if fr else list(every)
    elif slot == "action":
        found = ["foncer", "désengager", "esquiver", "aider", "cacher", "chercher", "préparer", "magie",
                 "influencer", "étudier", "utiliser"] if fr else list(ACTIONS)
    elif slot == "duration":
        if fr:
            found = ["jusqu'à"] + [f"fin:{cid}" for cid in ids] + [f"début:{cid}" for cid in ids] + ["rounds", "js", "par", "conc"]
        else:
            found = ["until"] + [f"end:{cid}" for cid in ids] + [f"start:{cid}" for cid in ids] + ["rounds", "save", "by", "conc"]
    elif slot == "maneuver":
        found = list(MANEUVERS_FR.values()) if fr else list(MANEUVERS_FR)
    elif slot == "shove":
        found = ["terre", "recul"] if fr else ["prone", "push"]
    elif slot == "terrain":
        found = ["difficile", "dégagé"] if fr else ["difficult", "clear"]
    elif slot == "verb":
        found = [alias(v, lang) for v in verbs_for(getattr(state, "ruleset", None))]
    wanted = norm(current)
    return current, [word for word in dict.fromkeys(found) if norm(word).startswith(wanted)]
