"""Events and commands in words, in French or English: what `combatlog log`, the shell and the transcript print.

- `describe(event, lang, cast)` is the one line of `log` and of the shell for an event: message
  `event-<event type in kebab-case>`, variables = the event's fields by their names (`$hp_before`, also spelled
  `$hp-before`), combatant ids replaced by display names (see the "Words" paragraph of the ruleset contract);
  every string variable `$x` also comes with `$has-x` (yes/no) so a catalog can leave out an empty part.
- `Cast` knows the display names of combatants and their attacks in one language.
- Reasons the rules record (a code and ids, or the English prose of older logs) in the reader's language.

The catalogs themselves are read through `combatlog.words`, the ground floor."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

import msgspec

from combatlog.events.labels import named, phrase
from combatlog.events.reasons import PROSE, arguments, from_prose
from combatlog.events.windows import sentence
from combatlog.words import spell_names
from combatlog.words import (
    Distance, _lang, ability_name, action_name, condition_name, distance, faces, has, join, kebab, maybe, message,
    name_in, ruleset_name, skill_name, square, term,
)

__all__ = ["Cast", "catalog_line", "command_summary", "describe", "event_args", "log_entries", "log_lines", "reason_text",
           "roll_why", "until_text", "entry_name"]

# ------------------------------------------------------------------------------ names


class Cast:
    """Display names of combatants (unique: a shared name gets its id) and of their attacks, in one language.

    Names are remembered across `update`s, so a creature that left the fight is still named."""

    def __init__(self, lang: str, state=None):
        self.lang = _lang(lang)
        self.family = ""  # the library family of the encounter's ruleset: spells are named from it
        self.names: dict[str, str] = {}
        self.attacks: dict[tuple[str, str], str] = {}
        self.reactions: dict[tuple[str, str], str] = {}
        self.spells: dict[tuple[str, str], str] = {}  # a spell object of a creature's own stat block -> its name
        self.genders: dict[str, str] = {}
        self._seen: set[str] = set()
        self.groups: dict[str, list[str]] = {}  # an initiative group's id -> its members
        if state is not None:
            self.update(state)

    def update(self, state) -> "Cast":
        from combatlog.fixtures import load_template

        ruleset = getattr(state, "ruleset", None)
        if not self.family and isinstance(ruleset, str) and ruleset:
            self.family = library_family(ruleset)
        for cid, creature in getattr(state, "combatants", {}).items():
            if cid in self._seen:
                continue  # names, attacks and genders do not change once a creature is in the fight
            self._seen.add(cid)
            self.names[cid] = creature.display_name(self.lang) or cid
            if getattr(creature, "group", "") and creature.group != cid:
                self.groups.setdefault(creature.group, []).append(cid)
            for attack in creature.stats.attacks:
                self.attacks[(cid, attack.id)] = entry_name(attack, self.lang)
            for reaction in getattr(creature.stats, "reactions", ()):
                self.reactions[(cid, reaction.id)] = entry_name(reaction, self.lang)
            casting = getattr(creature.stats, "spellcasting", None)
            for spell in (*getattr(casting, "spells", ()), *getattr(casting, "at_will", ())):
                if not isinstance(spell, str) and getattr(spell, "name", None):
                    self.spells[(cid, spell.id)] = spell.display_name(self.lang)
            # A gender the stat block gives (`gender`: f, m, n) wins; a creature named after its template takes
            # its French noun's gender; else a monster is "n" (English "its") and anyone else neutral wording.
            gender = getattr(creature.stats, "gender", "") or ("n" if creature.kind == "monster" else "other")
            template = load_template(creature.template) if creature.template else None
            if template is not None and not getattr(creature.stats, "gender", ""):
                names = template.get("name")
                shown = name_in(names, self.lang)
                if shown == self.names[cid]:  # a creature named after its template: the noun's gender is known
                    noun = maybe(self.lang, "template-gender", "other", template=creature.template)
                    gender = noun if noun in ("f", "m") else gender  # English nouns have none: "its"
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
        if shown is None and cid in self.groups:  # a group's initiative: "Gobelins", or its members by name
            members = self.groups[cid]
            alike = {self.names.get(member) for member in members}
            if len(alike) == 1 and len(members) > 1:
                return message(self.lang, "creatures-plural", name=alike.pop())
            return self.names_of(members)
        if shown is None:
            return message(self.lang, "lair-name") if cid == "lair" else cid  # the lair's turn (INTERFACE.md §7)
        if shown != cid and sum(1 for other in self.names.values() if other == shown) > 1:
            return f"{shown} ({cid})"
        return shown

    def names_of(self, ids) -> str:
        return message(self.lang, "list-and", items=[self.name(cid) for cid in ids]) if ids else ""

    def attack(self, cid: str, attack_id: str) -> str:
        """An attack's name: the creature's own, a known weapon's, else a spell attack's spell (Fire Bolt)."""
        found = self.attacks.get((cid, attack_id)) or maybe(self.lang, f"attack-{kebab(attack_id)}", "")
        return found or (self.spell(attack_id, cid) if attack_id else attack_id)

    def reaction(self, cid: str, reaction_id: str) -> str:
        known = self.reactions.get((cid, reaction_id))
        if known:
            return known
        if not has(self.lang, f"reaction-{kebab(reaction_id)}") and self.effect(reaction_id) != reaction_id:
            return self.effect(reaction_id)  # a reaction spell (Shield, Counterspell) by its name
        return term(self.lang, "reaction", reaction_id)

    def gender(self, cid: str) -> str:
        return self.genders.get(cid, "other")

    def side(self, side: str) -> str:
        """A side in words: a known one (party, monsters), one named after a kind of creature ("goblins") in the
        plural of its name in this language, else as the DM typed it."""
        return side_name(side, self.lang, self.family)

    def effect(self, effect: str) -> str:
        """What a creature concentrates on, in this language (see `effect_name`)."""
        return effect_name(effect, self.lang, self.family)

    def spell(self, spell_id: str, caster: str = "") -> str:
        """A spell's name in this language: the caster's own spell object's name, else the library's, else its id."""
        return self.spells.get((caster, spell_id)) or spell_name(spell_id, self.lang, self.family)


@lru_cache(maxsize=512)
def side_name(side: str, lang: str, family: str = "") -> str:
    """A side (or any crowd the DM named) in words: `side-<id>` of the catalogs; a kind of creature ("goblins",
    "gobelins", "wolves") as the plural of its name in `lang`; else the DM's own word."""
    from combatlog.compendium import FAMILIES, library_for_family, plain
    from combatlog.fixtures import load_template

    lang = _lang(lang)
    if not side:
        return ""
    key = _unaccented(side.strip())  # "alliés" is side-allies: a Fluent id is ASCII
    if has(lang, f"side-{kebab(key)}"):
        return term(lang, "side", key)
    word = side.strip()
    lowered = word.lower()
    candidates = [word]
    if lowered.endswith("ves"):
        candidates.append(word[:-3] + "f")
    if lowered.endswith(("s", "x")):
        candidates.append(word[:-1])
    if lowered.endswith("es"):
        candidates.append(word[:-2])
    for candidate in candidates:
        entry = load_template(candidate)
        names = (entry or {}).get("name")
        if entry is None:
            for one in ((family,) if family else ()) + FAMILIES:
                names = library_for_family(one).names_of(candidate, "creature")
                if names is not None:
                    break
        if isinstance(names, dict) and names.get(lang):
            singular = names[lang]
            plural = message(lang, "creatures-plural", name=singular)
            if plain(candidate) == plain(singular) or plain(word) == plain(plural):
                return word  # already in the reader's words
            return plural if word[:1].isupper() else plural[:1].lower() + plural[1:]
    return word


def _unaccented(text: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def library_family(ruleset: str) -> str:
    """The library family (compendium) of a ruleset, asked of the registry's ruleset ("" when unknown)."""
    from combatlog.core.rulesets import RULESETS

    return getattr(RULESETS.get(ruleset or ""), "library_family", "") or ""


def spell_name(spell_id: str, lang: str, family: str = "") -> str:
    """A spell's name in `lang`, from the library of `family` (or any family when not given); its id in words
    (`magic-missile` -> "magic missile") when no library knows it."""
    from combatlog.compendium import FAMILIES, library_for_family

    if not spell_id:
        return ""
    for one in ((family,) if family else ()) + FAMILIES:
        entry = library_for_family(one).document("spell")["_by_id"].get(spell_id)
        if entry is not None:
            names = spell_names(spell_id, entry.get("name"))  # the French the import missed, from spells.ftl
            return name_in(names, lang, spell_id)
    return spell_id


def effect_name(effect: str, lang: str, family: str = "", gender: str = "other") -> str:
    """What a creature concentrates on, in words: a condition by its name, a library spell by its name in `lang`,
    a known effect (bless, dodge...) by its term, else as the DM typed it."""
    if not effect:
        return ""
    lang = _lang(lang)
    if has(lang, f"condition-{kebab(effect)}"):
        return condition_name(effect, lang, gender)
    if has(lang, f"effect-{kebab(effect)}"):
        return term(lang, "effect", effect)
    named = spell_name(effect, lang, family)
    return named if named != effect else effect


def entry_name(entry, lang: str) -> str:
    """An attack's or a reaction's name in `lang`: a profile, or a recorded one (a dict of a CombatantAdded)."""
    name: Any  # a name, a {lang: name} of a library entry, or None
    entry_id: Any  # the recorded dict's values are as decoded from JSON
    name, entry_id = (entry.get("name"), entry.get("id")) if isinstance(entry, dict) else (entry.name, entry.id)
    return name_in(name, lang) or term(lang, "attack", entry_id)


# ------------------------------------------------------------------------------ reasons recorded by the rules

def reason_text(reason: str, lang: str, cast: Cast | None = None, by: str = "", **named: Any) -> str:
    """A reason recorded by the rules, in the reader's language ("" for none): a reason code (with the creature it
    names, `by`, and the numbers or ids its sentence names: `count`, `over`, `max`, `attack`), a fixed English
    phrase, or the English sentence an older log stored ("stabilized by brom")."""
    if not reason:
        return ""
    if reason in PROSE:
        given = {"by": by, **named}
        return _reason_message(reason, {name: value for name, value in given.items() if "{" + name + "}" in PROSE[reason]},
                               lang, cast)
    fixed = f"reason-{kebab(re.sub(r'[^A-Za-z0-9 ]+', ' ', reason).strip())}"
    if has(lang, fixed):
        return message(lang, fixed)
    found = from_prose(reason)
    return _reason_message(*found, lang, cast) if found is not None else reason


def event_reason(event: Any, lang: str, cast: Cast | None = None, field: str = "reason") -> str:
    """The reason an event records in `field` (a code and the fields its sentence names), in the reader's language."""
    code = getattr(event, field, "")
    return reason_text(code, lang, cast, **arguments(event, code))


def _reason_message(code: str, fields: dict[str, Any], lang: str, cast: Cast | None) -> str:
    values = dict(fields)
    if "by" in values:
        creature = values.pop("by")
        values["who"] = cast.name(creature) if cast else creature
    return message(lang, f"reason-{kebab(code)}", **values)


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

_ID_FIELDS = ("id", "target", "attacker", "waiting", "caster")
_ID_LISTS = ("ids", "order", "reactors", "targets")


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
            args[name] = event_reason(event, lang, cast)  # in the reader's language
        else:
            args[name] = value
    if not _RULESET_ARGS:
        _ruleset_event_args()
    extra = _EXTRA.get(type(event).__name__)
    if extra is not None:
        args.update(extra(event, lang, cast, units))
    if isinstance(getattr(event, "advantage", None), tuple) and isinstance(getattr(event, "disadvantage", None), tuple):
        args["why"] = roll_why(event.advantage, event.disadvantage, lang, cast, units)
    modifiers = getattr(event, "modifiers", None)
    if isinstance(modifiers, tuple):
        args["rolled"] = rolled_modifiers(modifiers, lang)
    return args


def rolled_modifiers(modifiers, lang: str) -> str:
    """The dice an effect added to a d20 test, after the d20 (" + 1d4 [3] (Bless)"); "" when none."""
    return "".join(message(lang, "roll-bonus", sign="-" if m.value < 0 else "+", roll=m.roll, faces=faces(m.faces),
                           effect=term(lang, "effect", m.label))
                   for m in modifiers if getattr(m, "faces", ()))


def roll_why(advantage, disadvantage, lang: str, cast: Cast, units: str = "m") -> str:
    """Why a d20 roll had advantage or disadvantage (" (avantage : cible à terre à 1,5 m)"); "" for neither.
    The rules' labels name 1.5 m; the words say it in the encounter's `units`."""
    if not advantage and not disadvantage:
        return ""

    def words(labels) -> str:
        shown = []
        for label in labels:
            head, name = named(label)
            if head == "help_from":
                shown.append(message(lang, "event-roll-help", helper=cast.name(name)))
            elif head == "exhaustion" and name:
                shown.append(message(lang, "tr-source-exhaustion", level=int(name)))
            else:
                key = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
                shown.append(message(lang, f"tr-source-{key}", within=Distance(1.5, units))
                             if has(lang, f"tr-source-{key}") else phrase(label))
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
    return {"name": shown, "kind": term(lang, "kind", event.kind), "side": cast.side(event.side)}


@_extra("HiddenChanged")
def _(event, lang, cast, units):
    return {"shown": "hidden" if event.hidden else "revealed"}


@_extra("Placed")
def _(event, lang, cast, units):
    return {"at": square(event.at)}


@_extra("InitiativeRolled")
def _(event, lang, cast, units):
    return {"set_by_dm": event.set_by_dm, "count": len(event.ids)}


def _resource_name(cast: Cast, cid: str, key: str) -> str:
    """A use or legendary action by its attack's name when it has one of the same id (fire-breath), else its id."""
    return cast.attacks.get((cid, key)) or key


@_extra("UseSpent")
def _(event, lang, cast, units):
    return {"use": _resource_name(cast, event.id, event.use)}


@_extra("RechargeRolled")
def _(event, lang, cast, units):
    return {"use": _resource_name(cast, event.id, event.use)}


@_extra("UsesRestored")
def _(event, lang, cast, units):
    names = [message(lang, "legendary-resistance-name") if use == "legendary_resistance"
             else _resource_name(cast, event.id, use) for use in event.uses]
    return {"uses": message(lang, "list-and", items=names)}


@_extra("LegendaryActionTaken")
def _(event, lang, cast, units):
    return {"action": _resource_name(cast, event.id, event.action), "after": cast.name(event.after)}


@_extra("LegendaryResistanceUsed")
def _(event, lang, cast, units):
    return {"ability": ability_name(event.ability, lang)}


@_extra("LegendaryResistanceSpentOut")
def _(event, lang, cast, units):
    return {"ability": ability_name(event.ability, lang)}


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
        # An action's or a reason's words, else a spell cast with it (issue 23: "action (burning-hands)" was shown).
        by = maybe(lang, f"action-{kebab(by)}", "") or maybe(lang, f"reason-{kebab(by)}", "") or cast.spell(by, event.id)
    return {"resource": term(lang, "resource", event.resource, gender=cast.gender(event.id)), "by": by}


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
    return {"distance": distance(event.metres, lang, units), "reason": event_reason(event, lang, cast)}


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


@_extra("SpellCountered")
def _(event, lang, cast, units):
    return {"slot_spent": "yes" if event.slot_spent else "no"}


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
    """"5 slashing, 4 force (Hunter's Mark)": a part an effect added (`from:<effect>` in its notes) names it."""
    shown = []
    for part in parts:
        text = message(lang, "damage-part", amount=part.applied, type=term(lang, "damage-amount", part.type, count=part.applied))
        source = next((named(note)[1] for note in part.notes if named(note)[0] == "from"), "")
        shown.append(message(lang, "damage-part-from", part=text, effect=term(lang, "effect", source)) if source else text)
    return join(shown, lang)


@_extra("DamageTaken")
def _(event, lang, cast, units):
    return {"parts": damage_parts(event.parts, lang), "temp": event.temp_before != event.temp_after}


@_extra("StatusChanged")
def _(event, lang, cast, units):
    return {"status": event.status, "reason": event_reason(event, lang, cast),
            "gender": cast.gender(event.id)}


@_extra("DeathSaveRolled")
def _(event, lang, cast, units):
    return {"outcome": kebab(event.outcome) if event.outcome else "none"}


@_extra("DeathSaveFailed")
def _(event, lang, cast, units):
    return {"reason": event_reason(event, lang, cast)}


@_extra("ConditionApplied")
def _(event, lang, cast, units):
    gender = cast.gender(event.target)
    source = (message(lang, "by-creature", who=cast.name(event.source)) if event.source in cast.names
              else event_reason(event, lang, cast, "source"))
    return {"condition": condition_name(event.condition, lang, gender), "gender": gender,
            "no_effect": event.no_effect, "immune": bool(event.no_effect), "source": source,
            "until": until_text(event.until, lang, cast)}


@_extra("ConditionEnded")
def _(event, lang, cast, units):
    gender = cast.gender(event.target)
    return {"condition": condition_name(event.condition, lang, gender), "gender": gender,
            "reason": event_reason(event, lang, cast)}


@_extra("ConcentrationStarted")
def _(event, lang, cast, units):
    return {"effect": cast.effect(event.effect)}


@_extra("ConcentrationEnded")
def _(event, lang, cast, units):
    return {"reason": event_reason(event, lang, cast), "effect": cast.effect(event.effect)}


@_extra("SpellCast")
def _(event, lang, cast, units):
    return {"spell": cast.spell(event.spell, event.caster)}


@_extra("PerDaySpent")
def _(event, lang, cast, units):
    return {"spell": cast.spell(event.spell)} if isinstance(getattr(event, "spell", None), str) else {}


@_extra("EffectStarted")
def _(event, lang, cast, units):
    effect = event.effect
    shown = cast.reaction(event.id, effect) if (event.id, effect) in cast.reactions else cast.effect(effect)
    return {"effect": shown, "until": until_text(event.until, lang, cast),
            "ac_bonus": event.data.get("ac_bonus", 0) if isinstance(event.data, dict) else 0}


@_extra("EffectEnded")
def _(event, lang, cast, units):
    effect = event.effect
    shown = cast.reaction(event.id, effect) if (event.id, effect) in cast.reactions else cast.effect(effect)
    return {"effect": shown, "reason": event_reason(event, lang, cast)}


@_extra("ReactionWindowOpened")
def _(event, lang, cast, units):
    pending = event.pending if isinstance(event.pending, dict) else {}
    return {"kind": kebab(str(pending.get("kind", "other"))), "mover": cast.name(pending.get("id", "")),
            "attacker": cast.name(pending.get("attacker", "")), "target": cast.name(pending.get("target", "")),
            "count": len(event.reactors), "trigger": sentence(event.trigger, pending, event.reactors, event.text),
            "caster": cast.name(pending.get("caster", "")), "spell": _pending_spell(pending, cast)}


def _pending_spell(pending: dict, cast) -> str:
    """The spell a cast window waits on, by its name when the cast knows it."""
    spell = pending.get("spell")
    return str((spell.get("name") or spell.get("id", "")) if isinstance(spell, dict) else "")


@_extra("ReactionTaken")
def _(event, lang, cast, units):
    reaction = event.reaction
    return {"reaction": cast.reaction(event.id, reaction)}  # a stat block's, a spell's (Shield), or a known one


@_extra("CombatEnded")
def _(event, lang, cast, units):
    return {"reason": event.reason}


@_extra("DiceLeftUnused")
def _(event, lang, cast, units):
    return {"reason": event_reason(event, lang, cast)}


# ------------------------------------------------------------------------------ a command in words


def _added_name(command: dict, lang: str) -> str:
    """The name a creature being added will have: its own, else its template's in this language, else its id."""
    from combatlog.fixtures import load_template

    own = command.get("name_fr") if lang == "fr" and command.get("name_fr") else command.get("name")
    if isinstance(own, str) and own:
        return own
    template = load_template(command["template"]) if isinstance(command.get("template"), str) else None
    names = (template or {}).get("name")
    return name_in(names, lang, command["id"])


def command_summary(command: dict, lang: str, cast: Cast | None = None, units: str = "m") -> str:
    """A command as the table would say it: "Aria attaque Gobelin (Épée longue)"."""
    cast = cast or Cast(lang)
    do = str(command.get("do", ""))
    args: dict[str, Any] = {}
    for key, value in command.items():
        if key in ("do", "dice", "stats", "overrides", "response", "save", "against", "until", "with"):
            continue
        if key in ("id", "target", "attacker", "of", "ally", "source", "caster") and isinstance(value, str):
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
            args["with"] = cast.reaction(actor, weapon)
        else:
            args["with"] = cast.attack(actor, weapon)
    if do == "attack" and isinstance(command.get("attack"), str):
        args["attack"] = cast.attack(actor, command["attack"])
    if do in ("attack", "legendary") and not args.get("target") and isinstance(command.get("targets"), list):
        args["target"] = cast.names_of(command["targets"])  # a save attack (a breath) on several targets
    if do == "legendary" and isinstance(command.get("action"), str):
        args["action"] = _resource_name(cast, actor, command["action"])
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
    if do == "cast" and isinstance(command.get("spell"), str):
        args["spell"] = cast.spell(command["spell"], str(command.get("caster") or ""))
    if do == "concentrate" and isinstance(command.get("effect"), str):
        args["effect"] = cast.effect(command["effect"])
    if do == "cast" and isinstance(command.get("spell"), dict):
        args["spell"] = str(command["spell"].get("id", ""))  # a spell object given inline is named by its id
    if do in ("grapple", "shove"):
        args["effect"] = term(lang, "shove", str(command.get("effect", "prone")))
    message_id = f"command-{kebab(do)}"
    if has(lang, message_id):
        return message(lang, message_id, **args)
    return message(lang, "command-other", do=do)



def log_entries(records, lang: str, undone=frozenset(), units: str | None = None, *, state=None):
    """For each record: (record, the state after it, what happened in words, its place "r2 aria", its whole
    `combatlog log` line). `state` is the folded state just before the first record (the empty state when
    the records start the log)."""
    from combatlog.core.kernel.state import KernelState as EncounterState
    from combatlog.projections.fold import evolve

    records = list(records)
    state = state if state is not None else EncounterState()
    cast = Cast(lang).know(records).update(state)
    mark = " " + message(lang, "log-undone")
    for record in records:
        if record.txn not in undone:
            state = evolve(state, record.event)
            cast.update(state)
        place = message(lang, "log-place", round=state.round, turn=state.turn) if state.turn else message(lang, "log-setup")
        text = describe(record.event, lang, cast, units or getattr(state, "units", "") or "m")
        line = f"{record.seq:>6} {record.txn:>6} {place:<14} {record.actor:<6} {text}"
        yield record, state, text, place, line + (mark if record.txn in undone else "")


def log_lines(records, lang: str, undone=frozenset(), units: str | None = None, *, state=None):
    """`combatlog log`'s lines: seq, txn, round/turn, actor and what happened; undone commands marked.

    `state` is the folded state just before the first record (the empty state when the records start the log)."""
    for *_, line in log_entries(records, lang, undone, units, state=state):
        yield line


def _terms(kind: str, keys) -> dict[str, str]:
    return {key: term("fr", kind, key) for key in keys}


# French names kept for code that imported them from here; the catalogs (locales/fr/terms.ftl) hold the words.
# Built on first use (module __getattr__): reading the French catalogs at import cost every CLI call ~0.1-0.5 s.
_FR_TERMS = {
    "DAMAGE_FR": ("damage", ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
                             "poison", "psychic", "radiant", "slashing", "thunder")),
    "ABILITY_FR": ("ability", ("str", "dex", "con", "int", "wis", "cha")),
    "STATUS_FR": ("status", ("alive", "dying", "stable", "dead")),
}


def __getattr__(name: str) -> dict[str, str]:
    if name in _FR_TERMS:
        kind, keys = _FR_TERMS[name]
        value = globals()[name] = _terms(kind, keys)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def catalog_line(event, lang: str = "en", names: dict[str, str] | None = None,
                 attacks: dict[tuple[str, str], Any] | None = None, *,
                 attack_label: Callable[[Any, str], str] | None = None,
                 adjust: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None) -> str | None:
    """The catalog line of the event, or None when the catalogs do not know it; `names` turns ids into names,
    `attacks` maps (attacker, attack id) to a name (a string or {"en", "fr"}) or to a raw attack profile, named
    by `attack_label(profile, lang)` (a ruleset's: the transcript passes its `transcript_words`'); `adjust(event,
    variables)` may change the variables before the message is formatted (pf1's transcript: faces in parentheses)."""
    lang = _lang(lang)
    message_id = f"event-{kebab(type(event).__name__)}"
    if not has(lang, message_id):
        return None
    cast = Cast(lang)
    cast.names.update(names or {})
    for key, label in (attacks or {}).items():
        if isinstance(label, dict) and "id" not in label:
            label = name_in(label, lang, key[1])
        elif isinstance(label, dict):
            label = attack_label(label, lang) if attack_label is not None else _profile_name(label, lang)
        cast.attacks[key] = label
    args = event_args(event, lang, cast)
    if adjust is not None:
        args = adjust(event, args)
    return message(lang, message_id, **args)


def _profile_name(profile: dict, lang: str) -> str:
    """A raw attack profile's name in `lang` ({"en", "fr"}, or `name` with `name_fr`), else its id in words."""
    name, name_fr, attack_id = profile.get("name"), profile.get("name_fr"), profile.get("id") or ""
    if isinstance(name, dict):
        return name_in(name, lang, attack_id.replace("_", " "))
    if lang == "fr" and name_fr:
        return name_fr
    return name or attack_id.replace("_", " ")


_RULESET_ARGS: list = []  # holds the registry once its rulesets' event variables have joined _EXTRA


def _ruleset_event_args() -> None:
    """Events a ruleset defines for itself are filled with that ruleset's own variables (pf1: sides, attack names,
    checks, squares, signed bonuses): its `event_args` hook, asked through the installed registry (this module
    names no ruleset, and the rules never import it). Asked on first use, once the assembly has installed it;
    a ruleset imported later (the first event of its own a log holds loads it) joins as it loads."""
    from combatlog.core.kernel.registry import default_registry

    try:
        registry = default_registry()
    except RuntimeError:  # nothing installed yet (an inner module driven directly): the raw fields for now
        return

    def join(ruleset) -> None:
        for kind, function in (getattr(ruleset, "event_args", None) or {}).items():
            _EXTRA.setdefault(kind, function)

    registry.on_load(join)  # the rulesets loaded so far, and each one that loads later (a log of its events)
    _RULESET_ARGS[:] = [registry]
