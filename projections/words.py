"""The language layer: every sentence a person reads comes from the Fluent catalogs `locales/<lang>/*.ftl`.

- `message(lang, id, **args)` formats one message (Project Fluent: plurals, gender and French elision are
  written in the .ftl files; numbers are formatted by the language's rules, "1,5" in French).
- Every .ftl file of a language folder is loaded once, so a ruleset may drop in its own `<family>.ftl`.
- `describe(event, lang, cast)` is the one line of `log` and of the shell for an event: message
  `event-<event type in kebab-case>`, variables = the event's fields by their names (`$hp_before`, also spelled
  `$hp-before`), combatant ids replaced by display names (see the "Words" paragraph of the ruleset contract);
  every string variable `$x` also comes with `$has-x` (yes/no) so a catalog can leave out an empty part.
- `Cast` knows the display names of combatants and their attacks in one language.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

import msgspec
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number

LANGS = ("fr", "en")
_LOCALES = {"fr": "fr-FR", "en": "en-US"}
_BABEL = {"fr": "fr_FR", "en": "en_US"}
# Words starting with an aspirated h take no elision ("de Hache-Noire" is not "d'Hache-Noire").
_H_ASPIRE = ("hache", "hachette", "hallebarde", "harpon", "hurlement")
_VOWELS = "aeiouyàâäéèêëîïôöûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ"


def _elision(value: Any = "", *_, **__) -> str:
    """ELISION($name) in a catalog: "vowel" when French elides before this word (d'Aria), else "consonant"."""
    text = str(value).strip()
    lowered = text.lower()
    if not text or lowered.startswith(_H_ASPIRE):
        return "consonant"
    return "vowel" if text[0] in _VOWELS or lowered[0] == "h" else "consonant"


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


@lru_cache(maxsize=None)
def bundle(lang: str) -> FluentBundle:
    """Every .ftl file of locales/<lang>/, in name order, in one bundle (loaded once per language)."""
    lang = _lang(lang)
    found = FluentBundle([_LOCALES[lang]], use_isolating=False, functions={"ELISION": _elision})
    folder = resources.files("combatlog.locales").joinpath(lang)
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".ftl"):
            found.add_resource(FluentResource(entry.read_text(encoding="utf-8")))
    return found


def has(lang: str, message_id: str) -> bool:
    return bundle(_lang(lang)).has_message(message_id)


class Phrase:
    """A message used as a variable of another message, said in that message's language.

    `both("rule-cannot-dead", creature="gob1", what=Phrase("verb-attack"))`: "gob1 cannot attack: it is dead" and
    "gob1 ne peut pas attaquer : il est mort", each half of the sentence from the catalogs."""

    __slots__ = ("message_id", "args", "default")

    def __init__(self, message_id: str, /, _default: str | None = None, **args: Any):
        self.message_id, self.args, self.default = message_id, args, _default

    def __call__(self, lang: str) -> str:
        if self.default is not None:
            return maybe(lang, self.message_id, self.default, **self.args)
        return message(lang, self.message_id, **self.args)

    def __repr__(self) -> str:
        return f"Phrase({self.message_id!r}, {self.args!r})"


class Said(str):
    """A catalog message said in English, that can be said again in another language: `localized(lang)`.

    What the store and verify errors carry: being the English text itself, it keeps `str(error)`, substring
    checks and `error.reason` unchanged for library users, while the CLI and the server speak the reader's
    language. Given as a variable of another message, it is said in that message's language."""

    def __new__(cls, message_id: str, /, **args: Any) -> "Said":
        return cls.by(Phrase(message_id, **args))

    @classmethod
    def by(cls, speak: Callable[[str], str]) -> "Said":
        """What `speak(lang)` gives, in English now and in any language later (e.g. a RuleViolation's `localized`)."""
        text = str.__new__(cls, speak("en"))
        text._speak = speak
        return text

    def localized(self, lang: str) -> str:
        return str(self) if _lang(lang) == "en" else self._speak(_lang(lang))


def localized(text: Any, lang: str) -> str:
    """`text` in `lang` when it can be said again (a Said, an error with `localized`), else as it stands."""
    said = getattr(text, "localized", None)
    return said(lang) if callable(said) else str(text)


def term_phrase(kind: str, key: str, /, **args: Any) -> Phrase:
    """A game term (`<kind>-<key>`, e.g. condition-prone) as a variable of another message."""
    return Phrase(f"{kind}-{kebab(key)}", _default=key, **args)


def _arg(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, float):
        return fluent_number(value, useGrouping=False, maximumFractionDigits=2)
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return value if isinstance(value, str) else str(value)


def message(lang: str, message_id: str, /, **args: Any) -> str:
    """The message `message_id` (or `id.attribute`) of `lang`, filled with `args`; the id itself when missing."""
    lang = _lang(lang)
    found = bundle(lang)
    name, _, attribute = message_id.partition(".")
    if not found.has_message(name):
        return message_id
    entry = found.get_message(name)
    pattern = entry.attributes.get(attribute) if attribute else entry.value
    if pattern is None:
        return message_id
    values = {}
    for name, value in args.items():
        if isinstance(value, Phrase):
            value = value(lang)
        elif isinstance(value, Said):
            value = value.localized(lang)
        converted = _arg(value)
        # A field is reachable by its own name ($hp_before) and in Fluent's usual kebab-case ($hp-before).
        for key in {name, name.replace("_", "-")}:
            values[key] = converted
            if isinstance(value, str):  # `has-<name>` lets a catalog leave out an empty part: { $has-reason -> ... }
                values.setdefault(f"has-{key}", "yes" if value else "no")
    text, _errors = found.format_pattern(pattern, values)
    return text


def both(message_id: str, /, **args: Any) -> tuple[str, str]:
    """(English, French) of one message: what `fail(en, fr)` and `RuleViolation(en, message_fr=fr)` take."""
    return message("en", message_id, **args), message("fr", message_id, **args)


def maybe(lang: str, message_id: str, default: str = "", /, **args: Any) -> str:
    """The message if the catalogs hold it, else `default`."""
    return message(lang, message_id, **args) if has(lang, message_id.partition(".")[0]) else default


def kebab(name: str) -> str:
    """CamelCase or snake_case to kebab-case: DamageTaken -> damage-taken, temp_hp -> temp-hp."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).replace("_", "-").replace(" ", "-").lower()


# ------------------------------------------------------------------------------ numbers and game terms


def number(value: float, lang: str) -> str:
    """A number as the language writes it: 1.5 -> "1,5" in French; no grouping, at most two decimals."""
    return format_decimal(value, format="0.##", locale=_BABEL[_lang(lang)])


def distance(metres: float, lang: str, units: str = "m") -> str:
    """A distance in metres, or in feet when the encounter shows feet (1.5 m = 5 ft)."""
    if units == "ft":
        return message(lang, "distance-ft", value=number(round(metres / 1.5 * 5, 1), lang))
    return message(lang, "distance-m", value=number(metres, lang))


def term(lang: str, kind: str, key: str, /, **args: Any) -> str:
    """A game term from the catalogs (`<kind>-<key>`), or the key itself when the catalogs do not know it."""
    return maybe(lang, f"{kind}-{kebab(key)}", key, **args)


def damage_name(kind: str, lang: str, count: int = 1) -> str:
    return term(lang, "damage", kind, count=count)


def condition_name(condition: str, lang: str, gender: str = "other") -> str:
    return term(lang, "condition", condition, gender=gender or "other")


def ability_name(ability: str, lang: str, short: bool = True) -> str:
    return term(lang, "ability" if short else "ability-long", ability)


def skill_name(skill: str, lang: str) -> str:
    return term(lang, "skill", skill)


def status_name(status: str, lang: str) -> str:
    return term(lang, "status", status)


def action_name(action: str, lang: str) -> str:
    return term(lang, "action", action)


def square(at) -> str:
    return f"({at[0]}, {at[1]})"


def faces(values) -> str:
    return "[" + ", ".join(str(face) for face in values) + "]"


def ruleset_name(ruleset: str, lang: str) -> str:
    return term(lang, "ruleset", ruleset)


# ------------------------------------------------------------------------------ names


class Cast:
    """Display names of combatants (unique: a shared name gets its id) and of their attacks, in one language.

    Names are remembered across `update`s, so a creature that left the fight is still named."""

    def __init__(self, lang: str, state=None):
        self.lang = _lang(lang)
        self.names: dict[str, str] = {}
        self.attacks: dict[tuple[str, str], str] = {}
        self.reactions: dict[tuple[str, str], str] = {}
        self.genders: dict[str, str] = {}
        self._seen: set[str] = set()
        if state is not None:
            self.update(state)

    def update(self, state) -> "Cast":
        from combatlog.fixtures import load_template

        for cid, creature in getattr(state, "combatants", {}).items():
            if cid in self._seen:
                continue  # names, attacks and genders do not change once a creature is in the fight
            self._seen.add(cid)
            self.names[cid] = creature.display_name(self.lang) or cid
            for attack in creature.stats.attacks:
                self.attacks[(cid, attack.id)] = _entry_name(attack, self.lang)
            for reaction in getattr(creature.stats, "reactions", ()):
                self.reactions[(cid, reaction.id)] = _entry_name(reaction, self.lang)
            gender = "other"
            template = load_template(creature.template) if creature.template else None
            if template is not None:
                names = template.get("name")
                shown = names.get(self.lang) if isinstance(names, dict) else names
                if shown == self.names[cid]:  # a creature named after its template: the noun's gender is known
                    gender = maybe(self.lang, "template-gender", "other", template=creature.template)
            self.genders[cid] = gender
        return self

    def know(self, records) -> "Cast":
        """Learn every name a log will use (CombatantAdded events), so a shared name shows its id from the start."""
        for record in records:
            event = getattr(record, "event", record)
            if type(event).__name__ == "CombatantAdded" and event.id not in self.names:
                self.names[event.id] = ((event.name_fr or event.name) if self.lang == "fr" else event.name) or event.id
        return self

    def name(self, cid: str | None) -> str:
        if not cid:
            return ""
        shown = self.names.get(cid)
        if shown is None:
            return cid
        if shown != cid and sum(1 for other in self.names.values() if other == shown) > 1:
            return f"{shown} ({cid})"
        return shown

    def names_of(self, ids) -> str:
        return message(self.lang, "list-and", items=[self.name(cid) for cid in ids]) if ids else ""

    def attack(self, cid: str, attack_id: str) -> str:
        return self.attacks.get((cid, attack_id)) or term(self.lang, "attack", attack_id)

    def reaction(self, cid: str, reaction_id: str) -> str:
        return self.reactions.get((cid, reaction_id)) or term(self.lang, "reaction", reaction_id)

    def gender(self, cid: str) -> str:
        return self.genders.get(cid, "other")


def _entry_name(entry, lang: str) -> str:
    name = getattr(entry, "name", None)
    if isinstance(name, dict):
        return name.get(lang) or name.get("en") or entry.id
    return name or term(lang, "attack", entry.id)


def join(items: list[str], lang: str) -> str:
    """"a, b et c" / "a, b and c"."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return message(lang, "list-join", head=", ".join(items[:-1]), last=items[-1])


# ------------------------------------------------------------------------------ reasons recorded by the rules

# Reasons the rules record in English, as (pattern, message id, group names to turn into display names).
_REASONS = (
    (r"start of (?P<who>\S+)'s turn", "reason-start-of-turn"),
    (r"end of (?P<who>\S+)'s turn", "reason-end-of-turn"),
    (r"(?P<count>\d+) round\(s\) elapsed", "reason-rounds-elapsed"),
    (r"(?P<who>\S+) is incapacitated", "reason-incapacitated-grappler"),
    (r"(?P<who>\S+) died", "reason-creature-died"),
    (r"first aid from (?P<who>\S+)", "reason-first-aid"),
    (r"stabilized by (?P<who>\S+)", "reason-stabilized-by"),
    (r"(?P<who>\S+)'s concentration ended", "reason-concentration-of"),
    (r"massive damage: (?P<over>\d+) left over ≥ max HP (?P<max>\d+)", "reason-massive-damage"),
)


def reason_text(reason: str, lang: str, cast: Cast | None = None) -> str:
    """A reason recorded by the rules, in the reader's language ("" for none)."""
    if not reason:
        return ""
    fixed = f"reason-{kebab(re.sub(r'[^A-Za-z0-9 ]+', ' ', reason).strip())}"
    if has(lang, fixed):
        return message(lang, fixed)
    for pattern, message_id in _REASONS:
        match = re.fullmatch(pattern, reason)
        if match:
            values = match.groupdict()
            if "who" in values:
                values["who"] = cast.name(values["who"]) if cast else values["who"]
            if "count" in values:
                values["count"] = int(values["count"])
            return message(lang, message_id, **values)
    return reason


def until_text(until: dict, lang: str, cast: Cast | None = None) -> str:
    """How long a condition or effect lasts ("" when until removed)."""
    name = cast.name if cast else (lambda cid: cid)
    if not until:
        return ""
    for key in ("end_of_turn", "start_of_turn"):
        if key in until:
            return message(lang, f"until-{kebab(key)}", who=name(until[key]))
    if "rounds" in until:
        return message(lang, "until-rounds", count=int(until["rounds"]), who=name(until.get("of", "")),
                       expires=int(until.get("expires_round", 0)))
    if "save" in until:
        save = until["save"]
        return message(lang, "until-save", ability=ability_name(save.get("ability", ""), lang), dc=save.get("dc", 0))
    if "concentration" in until:
        return message(lang, "until-concentration", who=name(until["concentration"]))
    return ""


# ------------------------------------------------------------------------------ one line per event

_ID_FIELDS = ("id", "target", "attacker", "waiting")
_ID_LISTS = ("ids", "order", "reactors")


def describe(event, lang: str = "en", cast: Cast | None = None, units: str = "m") -> str:
    """The one line of `log` and of the shell for an event: `event-<type>` filled with the event's fields."""
    lang = _lang(lang)
    cast = cast or Cast(lang)
    kind = type(event).__name__
    message_id = f"event-{kebab(kind)}"
    if not has(lang, message_id):
        return kind
    return message(lang, message_id, **event_args(event, lang, cast, units))


def event_args(event, lang: str, cast: Cast, units: str = "m") -> dict[str, Any]:
    """The event's fields as message variables: ids become names, faces "[3, 5]", terms in the language."""
    args: dict[str, Any] = {}
    for name in getattr(type(event), "__struct_fields__", ()):
        value = getattr(event, name)
        if name in _ID_FIELDS and isinstance(value, str):
            args[name] = cast.name(value)
        elif name in _ID_LISTS:
            args[name] = cast.names_of(value)
        elif name == "faces":
            args[name] = faces(value)
        elif isinstance(value, (dict, list)) or (isinstance(value, tuple) and value and not isinstance(value[0], (str, int))):
            continue
        elif isinstance(value, tuple):
            args[name] = ", ".join(map(str, value))
        elif isinstance(value, msgspec.Struct):
            continue
        elif name == "reason" and isinstance(value, str):
            args[name] = reason_text(value, lang, cast)  # a reason the rules record, in the reader's language
        else:
            args[name] = value
    extra = _EXTRA.get(type(event).__name__)
    if extra is not None:
        args.update(extra(event, lang, cast, units))
    if isinstance(getattr(event, "advantage", None), tuple) and isinstance(getattr(event, "disadvantage", None), tuple):
        args["why"] = roll_why(event.advantage, event.disadvantage, lang, cast)
    return args


def roll_why(advantage, disadvantage, lang: str, cast: Cast) -> str:
    """Why a d20 roll had advantage or disadvantage (" (avantage : cible à terre à 1,5 m)"); "" for neither."""
    if not advantage and not disadvantage:
        return ""

    def words(labels) -> str:
        shown = []
        for label in labels:
            helper = re.fullmatch(r"help from (\S+)", label)
            exhaustion = re.fullmatch(r"exhaustion (\d+)", label)
            if helper:
                shown.append(message(lang, "event-roll-help", helper=cast.name(helper[1])))
            elif exhaustion:
                shown.append(message(lang, "tr-source-exhaustion", level=int(exhaustion[1])))
            else:
                key = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
                shown.append(message(lang, f"tr-source-{key}") if has(lang, f"tr-source-{key}") else label)
        return ", ".join(shown)

    return message(lang, "event-roll-why", advantage=words(advantage), disadvantage=words(disadvantage),
                   has_advantage="yes" if advantage else "no", has_disadvantage="yes" if disadvantage else "no")


def _extra(kind: str):
    def register(function):
        _EXTRA[kind] = function
        return function
    return register


_EXTRA: dict[str, Any] = {}


@_extra("EncounterCreated")
def _(event, lang, cast, units):
    return {"ruleset": ruleset_name(event.ruleset, lang)}


@_extra("CommandIssued")
def _(event, lang, cast, units):
    return {"summary": command_summary(event.command, lang, cast, units)}


@_extra("Undone")
def _(event, lang, cast, units):
    return {"count": len(event.txns)}


@_extra("Redone")
def _(event, lang, cast, units):
    return {"count": len(event.txns)}


@_extra("Reverted")
def _(event, lang, cast, units):
    return {"count": len(event.txns)}


@_extra("CombatantAdded")
def _(event, lang, cast, units):
    shown = (event.name_fr or event.name) if lang == "fr" else event.name
    return {"name": shown, "kind": term(lang, "kind", event.kind), "side": term(lang, "side", event.side)}


@_extra("HiddenChanged")
def _(event, lang, cast, units):
    return {"shown": "hidden" if event.hidden else "revealed"}


@_extra("Placed")
def _(event, lang, cast, units):
    return {"at": square(event.at)}


@_extra("InitiativeRolled")
def _(event, lang, cast, units):
    return {"set_by_dm": event.set_by_dm, "count": len(event.ids)}


@_extra("TurnSkipped")
def _(event, lang, cast, units):
    return {"reason": reason_text(event.reason, lang, cast)}


@_extra("EconomySpent")
def _(event, lang, cast, units):
    by = event.by
    if by and (event.id, by) in cast.attacks:
        by = cast.attack(event.id, by)
    elif by and (event.id, by) in cast.reactions:
        by = cast.reaction(event.id, by)
    elif by:
        by = maybe(lang, f"action-{kebab(by)}", "") or maybe(lang, f"reason-{kebab(by)}", by)
    return {"resource": term(lang, "resource", event.resource), "by": by}


@_extra("ActionTaken")
def _(event, lang, cast, units):
    return {"action": action_name(event.action, lang), "slot": event.slot}


@_extra("Moved")
def _(event, lang, cast, units):
    end = event.path[-1] if event.path else (0, 0)
    return {"to": square(end), "distance": distance(event.cost, lang, units), "mode": term(lang, "mode", event.mode),
            "forced": event.forced, "walking": event.mode == "walk"}


@_extra("MovementSpent")
def _(event, lang, cast, units):
    return {"distance": distance(event.metres, lang, units), "reason": reason_text(event.reason, lang, cast)}


@_extra("TerrainMarked")
def _(event, lang, cast, units):
    return {"kind": term(lang, "terrain", event.kind), "count": len(event.squares)}


def _outcome(event) -> str:
    if getattr(event, "auto_miss", ""):
        return "auto-miss"
    return "critical" if event.critical else "hit" if event.hit else "miss"


@_extra("AttackRolled")
def _(event, lang, cast, units):
    return {"attack": cast.attack(event.attacker, event.attack), "outcome": _outcome(event),
            "auto_miss": reason_text(event.auto_miss, lang, cast) if event.auto_miss else ""}


@_extra("AttackReevaluated")
def _(event, lang, cast, units):
    return {"outcome": _outcome(event)}


@_extra("SavingThrowRolled")
def _(event, lang, cast, units):
    cause = event.auto_fail
    return {"ability": ability_name(event.ability, lang), "success": event.success,
            "auto_fail": condition_name(cause, lang) if cause else ""}


@_extra("CheckRolled")
def _(event, lang, cast, units):
    what = skill_name(event.skill, lang) if event.skill else ability_name(event.ability, lang)
    success = "none" if event.success is None else ("yes" if event.success else "no")
    return {"what": what, "success": success, "dc": event.dc if event.dc is not None else ""}


@_extra("ContestResolved")
def _(event, lang, cast, units):
    return {"winner": cast.name(event.winner) if event.winner else "", "tie": not event.winner}


def damage_parts(parts, lang: str) -> str:
    return join([message(lang, "damage-part", amount=part.applied, type=term(lang, "damage-amount", part.type, count=part.applied))
                 for part in parts], lang)


@_extra("DamageTaken")
def _(event, lang, cast, units):
    return {"parts": damage_parts(event.parts, lang), "temp": event.temp_before != event.temp_after}


@_extra("StatusChanged")
def _(event, lang, cast, units):
    return {"status": event.status, "reason": reason_text(event.reason, lang, cast), "gender": cast.gender(event.id)}


@_extra("DeathSaveRolled")
def _(event, lang, cast, units):
    return {"outcome": kebab(event.outcome) if event.outcome else "none"}


@_extra("DeathSaveFailed")
def _(event, lang, cast, units):
    return {"reason": reason_text(event.reason, lang, cast)}


@_extra("ConditionApplied")
def _(event, lang, cast, units):
    gender = cast.gender(event.target)
    source = (message(lang, "by-creature", who=cast.name(event.source)) if event.source in cast.names
              else reason_text(event.source, lang, cast))
    return {"condition": condition_name(event.condition, lang, gender), "gender": gender,
            "no_effect": event.no_effect, "immune": bool(event.no_effect), "source": source,
            "until": until_text(event.until, lang, cast)}


@_extra("ConditionEnded")
def _(event, lang, cast, units):
    gender = cast.gender(event.target)
    return {"condition": condition_name(event.condition, lang, gender), "gender": gender,
            "reason": reason_text(event.reason, lang, cast)}


@_extra("ConcentrationEnded")
def _(event, lang, cast, units):
    return {"reason": reason_text(event.reason, lang, cast)}


@_extra("EffectStarted")
def _(event, lang, cast, units):
    effect = event.effect
    shown = cast.reaction(event.id, effect) if (event.id, effect) in cast.reactions else term(lang, "effect", effect)
    return {"effect": shown, "until": until_text(event.until, lang, cast),
            "ac_bonus": event.data.get("ac_bonus", 0) if isinstance(event.data, dict) else 0}


@_extra("EffectEnded")
def _(event, lang, cast, units):
    effect = event.effect
    shown = cast.reaction(event.id, effect) if (event.id, effect) in cast.reactions else term(lang, "effect", effect)
    return {"effect": shown, "reason": reason_text(event.reason, lang, cast)}


@_extra("ReactionWindowOpened")
def _(event, lang, cast, units):
    pending = event.pending if isinstance(event.pending, dict) else {}
    return {"kind": kebab(str(pending.get("kind", "other"))), "mover": cast.name(pending.get("id", "")),
            "attacker": cast.name(pending.get("attacker", "")), "target": cast.name(pending.get("target", "")),
            "count": len(event.reactors), "trigger": event.trigger}


@_extra("ReactionTaken")
def _(event, lang, cast, units):
    reaction = event.reaction
    if (event.id, reaction) in cast.reactions:
        shown = cast.reaction(event.id, reaction)
    else:
        shown = term(lang, "reaction", reaction)
    return {"reaction": shown}


@_extra("CombatEnded")
def _(event, lang, cast, units):
    return {"reason": event.reason}


@_extra("DiceLeftUnused")
def _(event, lang, cast, units):
    return {"reason": reason_text(event.reason, lang, cast)}


# ------------------------------------------------------------------------------ a command in words


def _added_name(command: dict, lang: str) -> str:
    """The name a creature being added will have: its own, else its template's in this language, else its id."""
    from combatlog.fixtures import load_template

    own = command.get("name_fr") if lang == "fr" and command.get("name_fr") else command.get("name")
    if isinstance(own, str) and own:
        return own
    template = load_template(command["template"]) if isinstance(command.get("template"), str) else None
    names = (template or {}).get("name")
    if isinstance(names, dict):
        return names.get(lang) or names.get("en") or command["id"]
    return names if isinstance(names, str) and names else command["id"]


def command_summary(command: dict, lang: str, cast: Cast | None = None, units: str = "m") -> str:
    """A command as the table would say it: "Aria attaque Gobelin (Épée longue)"."""
    cast = cast or Cast(lang)
    do = str(command.get("do", ""))
    args: dict[str, Any] = {}
    for key, value in command.items():
        if key in ("do", "dice", "stats", "overrides", "response", "save", "against", "until", "with"):
            continue
        if key in ("id", "target", "attacker", "of", "ally", "source") and isinstance(value, str):
            args[key] = cast.name(value)
        elif key in ("ids", "targets") and isinstance(value, list):
            args[key] = cast.names_of(value)
        elif key in ("at",) and isinstance(value, list) and len(value) == 2:
            args[key] = square(value)
        elif isinstance(value, (str, int, float, bool)):
            args[key] = value
    actor = command.get("attacker") or command.get("id") or ""
    weapon = command.get("with")
    if isinstance(weapon, str):
        if do == "react":
            args["with"] = cast.reaction(actor, weapon) if (actor, weapon) in cast.reactions else term(lang, "reaction", weapon)
        else:
            args["with"] = cast.attack(actor, weapon)
    if do == "attack" and isinstance(command.get("attack"), str):
        args["attack"] = cast.attack(actor, command["attack"])
    if do == "damage":
        amount = command.get("amount", command.get("roll", ""))
        count = amount if isinstance(amount, int) and not isinstance(amount, bool) else 2
        args["type"] = term(lang, "damage-amount", str(command.get("type", "")), count=count)
        args["amount"] = amount
        if not args.get("target"):
            args["target"] = cast.names_of(command.get("targets") or [])
    if do == "heal":
        args["amount"] = command.get("amount", command.get("roll", ""))
    if do == "condition":
        condition = command.get("add") or command.get("remove") or ""
        args["condition"] = condition_name(str(condition), lang)
        args["adding"] = "add" in command
    if do in ("save", "check"):
        if command.get("ability"):
            args["ability"] = ability_name(str(command["ability"]), lang)
        if command.get("skill"):
            args["skill"] = skill_name(str(command["skill"]), lang)
        args["what"] = args.get("skill") or args.get("ability") or ""
    if do == "action":
        args["action"] = action_name(str(command.get("action", "")), lang)
    if do == "move" and isinstance(command.get("path"), list) and command["path"]:
        end = command["path"][-1]
        args["to"] = square(end) if isinstance(end, list) and len(end) == 2 else ""
    if do == "hidden":
        args["shown"] = "revealed" if command.get("hidden") is False else "hidden"
    if do == "terrain":
        args["kind"] = term(lang, "terrain", str(command.get("kind", "")))
        args["count"] = len(command.get("squares") or [])
    if do == "next_round":
        rounds = command.get("rounds", 1)
        args["rounds"] = rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else 1
    if do in ("undo", "redo"):
        args["steps"] = int(command.get("steps", 1)) if isinstance(command.get("steps", 1), int) else 1
    if do == "create":
        args["ruleset"] = ruleset_name(str(command.get("ruleset", "")), lang)
    if do == "add" and isinstance(command.get("id"), str) and command["id"] not in cast.names:
        shown = _added_name(command, lang)
        args["id"] = shown if shown.lower() == command["id"].lower() else f"{shown} ({command['id']})"
    if do in ("grapple", "shove"):
        args["effect"] = term(lang, "shove", str(command.get("effect", "prone")))
    message_id = f"command-{kebab(do)}"
    if has(lang, message_id):
        return message(lang, message_id, **args)
    return message(lang, "command-other", do=do)
