"""Characters brought in: a Foundry VTT actor export ("Export Data", the `dnd5e` system) or a plain party file
(JSON or YAML, docs/party-file.md) into PC templates of INTERFACE.md §1 and §7.

A template is `{"id", "name", "kind": "pc", "level", "class", "source", "stats", "notes"}`; `stats` is the stat
block `add` takes, with the §7 additions `level` and `spellcasting`. What cannot be read is refused with the
field named, in French and English (locales/*/characters.ftl); what is read but not modelled (a versatile grip,
a custom damage formula) is said in `notes`, never guessed.

A Foundry export is the actor's *source* data: the numbers the sheet shows (AC, maximum HP, spell slots, to-hit)
are derived here the way the dnd5e system derives them (module/config.mjs `armorClasses`, `SPELL_SLOT_TABLE`;
module/data/actor/character.mjs), cited where it matters.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from combatlog.party.foundry_dnd5e import Dnd5eActor
from combatlog.party.safe_load import Refused, parse, read_text
from combatlog.party.sheet import ABILITIES, CharacterUnreadable, get, integer, modifier, proficiency_bonus, slug

__all__ = ["CharacterUnreadable", "import_character", "read_source", "add_commands", "summary_lines"]
_get, _integer = get, integer


def read_source(path_or_dict: str | os.PathLike[str] | dict) -> tuple[Any, Path | None]:
    """The parsed file (JSON, or YAML for .yaml/.yml), refused in one line when it cannot be read or when it is
    hostile (too big, too deep, too many values, YAML aliases: party/safe_load.py)."""
    if isinstance(path_or_dict, dict):
        return path_or_dict, None
    path = Path(path_or_dict)
    try:
        text = read_text(path)
    except IsADirectoryError:
        raise CharacterUnreadable("char-file-is-folder", file=str(path)) from None
    except Refused as refused:
        raise CharacterUnreadable(refused.reason, file=str(path), **refused.args_) from None
    except (OSError, UnicodeDecodeError) as error:
        raise CharacterUnreadable("char-file-unreadable", file=str(path),
                                  reason=getattr(error, "strerror", None) or type(error).__name__) from None
    try:
        return parse(text, yaml_form=path.suffix.lower() in (".yaml", ".yml")), path
    except Refused as refused:
        raise CharacterUnreadable(refused.reason, file=str(path), **refused.args_) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise CharacterUnreadable("char-not-readable", file=str(path), line=(mark.line + 1) if mark else 0,
                                  column=(mark.column + 1) if mark else 0,
                                  reason=str(getattr(error, "problem", "") or error)) from None
    except json.JSONDecodeError as error:
        raise CharacterUnreadable("char-not-readable", file=str(path), line=error.lineno, column=error.colno,
                                  reason=error.msg) from None


def import_character(path_or_dict: str | os.PathLike[str] | dict, *, ruleset: str | None = None) -> dict | list[dict]:
    """A Foundry VTT actor export (dnd5e) → one PC template; a party file → a list of them.

    `ruleset` (`dnd5e-2014`, `dnd5e-2024`, `rolenplay`, `pf1`) is the encounter the characters will join: a
    character of another family is refused. Raises CharacterUnreadable (a RuleViolation) naming the field."""
    data, path = read_source(path_or_dict)
    if ruleset is not None:
        from combatlog.core.rulesets import find_ruleset

        find_ruleset(ruleset)  # refuses an unknown name, listing the known ones
    if isinstance(data, dict) and "party" in data:
        return _party(data, path, ruleset)
    if isinstance(data, dict) and isinstance(data.get("system"), dict) and "items" in data:
        return _foundry(data, ruleset)
    raise CharacterUnreadable("char-not-a-character-file")


def _family(ruleset: str | None) -> str:
    from combatlog.core.rulesets import find_ruleset

    return find_ruleset(ruleset).template_family or "dnd5e" if ruleset else "dnd5e"


def _foundry(actor: dict, ruleset: str | None) -> dict:
    system_id = _get(actor, "_stats.systemId", None) or _get(actor, "flags.exportSource.system", None) or \
        ("dnd5e" if "attributes" in actor["system"] else None)
    if system_id != "dnd5e":
        raise CharacterUnreadable("char-unknown-system", system=str(system_id))
    if actor.get("type") != "character":
        raise CharacterUnreadable("char-not-a-character", name=str(actor.get("name", "?")), type=str(actor.get("type")))
    if _family(ruleset) != "dnd5e":
        raise CharacterUnreadable("char-ruleset-mismatch", system="dnd5e", ruleset=ruleset)
    rules = {"dnd5e-2014": "2014", "dnd5e-2024": "2024"}.get(ruleset or "")
    return Dnd5eActor(actor, rules=rules).template()


# ----------------------------------------------------------------------------------------------- party file
def _party(data: dict, path: Path | None, ruleset: str | None) -> list[dict]:
    """A party file (docs/party-file.md): `ruleset`? and `party`, a list of characters, each a Foundry export
    (`foundry: FILE`, relative to the party file) or a stat block of its own (`stats`)."""
    ruleset = ruleset or data.get("ruleset")
    if ruleset is not None:
        from combatlog.core.rulesets import find_ruleset

        find_ruleset(ruleset)
    members = data.get("party")
    if not isinstance(members, list) or not members:
        raise CharacterUnreadable("char-party-empty")
    templates, seen = [], set()
    for number, member in enumerate(members):
        where = f"party[{number}]"
        if not isinstance(member, dict):
            raise CharacterUnreadable("char-field-bad", field=where, value=json.dumps(member, ensure_ascii=False)[:60],
                                      expected="object")
        unknown = sorted(set(member) - {"id", "name", "level", "class", "foundry", "stats", "side"})
        if unknown:
            raise CharacterUnreadable("char-field-unknown", field=f"{where}.{unknown[0]}")
        if "foundry" in member:
            file = Path(str(member["foundry"]))
            if path is not None and not file.is_absolute():
                file = path.parent / file
            try:
                template = import_character(file, ruleset=ruleset)
            except CharacterUnreadable as error:
                raise CharacterUnreadable("char-in-member", field=f"{where}.foundry", en=error.message,
                                          fr=error.message_fr) from None
            if isinstance(template, list):
                raise CharacterUnreadable("char-field-bad", field=f"{where}.foundry", value=str(file), expected="actor")
            template = {**template, "id": str(member.get("id") or template["id"])}
            if "name" in member:
                template["name"] = {"en": str(member["name"]), "fr": str(member["name"])}
        else:
            name = member.get("name")
            if not isinstance(name, str) or not name.strip():
                raise CharacterUnreadable("char-field-missing", field=f"{where}.name")
            stats = member.get("stats")
            if not isinstance(stats, dict):
                raise CharacterUnreadable("char-field-missing", field=f"{where}.stats")
            level = _integer(member.get("level", stats.get("level")), f"{where}.level", blank=None)
            stats = {**_text_keys(stats), **({"level": level} if level is not None else {})}
            _default_casting(stats, f"{where}.stats")
            template = {"id": str(member.get("id") or slug(name)), "name": {"en": name, "fr": name}, "kind": "pc",
                        "level": level, "class": str(member.get("class", "")), "source": "party file",
                        "stats": stats, "notes": []}
        if template["id"] in seen:
            raise CharacterUnreadable("char-duplicate-id", field=f"{where}.id", id=template["id"])
        seen.add(template["id"])
        if "side" in member:
            template["side"] = str(member["side"])
        if ruleset is not None:
            template["ruleset"] = ruleset
        if ruleset is not None:
            check_against_engine(template, ruleset, where)
        templates.append(template)
    return templates


def _text_keys(node: Any) -> Any:
    """YAML reads `slots: {1: 4}` with a number as key; the stat block keys are text (`{"1": 4}`)."""
    if isinstance(node, dict):
        return {(str(k) if isinstance(k, int) and not isinstance(k, bool) else k): _text_keys(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_text_keys(v) for v in node]
    return node


def _default_casting(stats: dict, where: str) -> None:
    """INTERFACE.md §7: `spellcasting.dc` defaults to 8 + proficiency + the ability's modifier, `attack` to
    proficiency + that modifier."""
    casting = stats.get("spellcasting")
    if not isinstance(casting, dict) or ("dc" in casting and "attack" in casting):
        return
    ability = casting.get("ability")
    score = (stats.get("abilities") or {}).get(ability) if isinstance(stats.get("abilities"), dict) else None
    if ability not in ABILITIES or score is None:
        raise CharacterUnreadable("char-field-missing", field=f"{where}.spellcasting.ability")
    mod = modifier(integer(score, f"{where}.abilities.{ability}"))
    proficiency = integer(stats.get("proficiency_bonus"), f"{where}.proficiency_bonus", blank=None)
    if proficiency is None:
        proficiency = proficiency_bonus(integer(stats.get("level"), f"{where}.level", blank=1))
    stats["spellcasting"] = {"dc": 8 + proficiency + mod, "attack": proficiency + mod, **casting}


def engine_stats(template: dict, ruleset: str) -> tuple[dict, list[str]]:
    """The template's stats as this engine's `add` takes them, and the keys left out (the §7 `level` and
    `spellcasting` where the installed engine does not take them yet)."""
    from combatlog.core.rulesets import find_ruleset

    accepted = find_ruleset(ruleset).stat_keys
    stats = template["stats"]
    return {k: v for k, v in stats.items() if k in accepted}, sorted(k for k in stats if k not in accepted)


def check_against_engine(template: dict, ruleset: str, where: str = "") -> None:
    """Run the template through `add` in a throwaway encounter: what the engine refuses is refused here."""
    from combatlog.api import open_log
    from combatlog.core.kernel.errors import RuleViolation

    stats, _left_out = engine_stats(template, ruleset)
    encounter = open_log(":memory:").encounter()
    encounter.execute({"do": "create", "ruleset": ruleset})
    try:
        encounter.execute({"do": "add", "id": "check", "side": "party", "kind": "pc", "stats": stats})
    except RuleViolation as error:
        raise CharacterUnreadable("char-stats-refused", field=where or template["id"], en=error.localized("en"),
                                  fr=error.localized("fr")) from None


def add_commands(templates: list[dict], ruleset: str) -> tuple[list[dict], list[str]]:
    """One `add` command per character (side `party` unless the file says), for `combatlog run`; and the stat
    keys left out because the installed engine does not take them yet."""
    commands, left_out = [], set()
    for template in templates:
        stats, dropped = engine_stats(template, ruleset)
        left_out.update(dropped)
        commands.append({"do": "add", "id": template["id"], "name": template["name"]["en"],
                         "side": template.get("side", "party"), "kind": "pc", "stats": stats})
    return commands, sorted(left_out)


# ----------------------------------------------------------------------------------------------- words
def summary_lines(template: dict, lang: str) -> list[str]:
    """What a GM checks at a glance, in the reader's language: AC, HP, attacks, saves, slots, notes."""
    from combatlog.words import ability_name, damage_name, message, skill_name

    stats = template["stats"]
    lines = [message(lang, "char-summary", name=template["name"]["en"], level=template.get("level") or "?",
                     **{"class": template.get("class") or ""}, ac=stats.get("ac", "?"), hp=stats.get("max_hp", "?"),
                     speed=stats.get("speed", "?"), initiative=f"{stats.get('initiative_bonus', 0):+d}")]
    if stats.get("saves"):
        lines.append("  " + message(lang, "char-saves", saves=", ".join(ability_name(a, lang) for a in stats["saves"])))
    if stats.get("skills"):
        lines.append("  " + message(lang, "char-skills", skills=", ".join(skill_name(k, lang) for k in stats["skills"])))
    for attack in stats.get("attacks", ()):
        name = attack.get("name") or attack["id"]
        name = name.get(lang) or name.get("en") if isinstance(name, dict) else name
        damage = ", ".join(f"{part['roll']} {damage_name(part['type'], lang)}" for part in attack["damage"])
        lines.append("  " + message(lang, "char-attack", name=name, to_hit=f"{attack['to_hit']:+d}", damage=damage))
    casting = stats.get("spellcasting")
    if casting:
        slots = " ".join(f"{level}:{count}" for level, count in casting.get("slots", {}).items()) or "-"
        lines.append("  " + message(lang, "char-spellcasting", ability=ability_name(casting["ability"], lang), dc=casting["dc"],
                                    attack=f"{casting['attack']:+d}", slots=slots, spells=", ".join(casting["spells"])))
    for note in template.get("notes", ()):
        text = note.get(lang) or note.get("en") if isinstance(note, dict) else str(note)
        lines.append("  " + message(lang, "char-note", text=text))
    return lines
