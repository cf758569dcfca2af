"""Write the generated parts of docs/reference/ from the code itself, so that they cannot drift:

- commands.md: every command of every ruleset with its fields, their types and defaults (read from the command
  Structs with msgspec) and what each field means (the FIELDS table below: a field the table does not describe
  stops the generator, and tests/test_reference.py fails, naming it);
- stat-block-fields.md: the keys of the 5e and pf1 stat blocks and of the spell object, with types and defaults;
- cli.md: every subcommand and option of `combatlog`, from its argparse parser;
- ids.md: the condition and damage ids of each ruleset, with their French and English names;
- shell.md: the verbs of `combatlog play` in French and in English, from combatlog.lines' own tables.

    python tools/gen_reference.py          # rewrite the files
    python tools/gen_reference.py --check  # exit 1 when a committed file differs from what the code gives
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "reference"

FAMILIES = (("5e", ("dnd5e-2024", "dnd5e-2014", "rolenplay")), ("pf1", ("pf1",)))

# What every command takes, described once.
COMMON = {
    "dice": "faces typed in by the table, consumed in the order the engine rolls them (see [dice](dice-and-units.md))",
    "note": "free text from the table, kept in the log",
}

# (command, field) -> meaning, for both families; ("pf1", command, field) where pf1 means something else.
FIELDS: dict[tuple, str] = {
    # create
    ("create", "ruleset"): "`dnd5e-2024`, `dnd5e-2014`, `rolenplay` or `pf1`",
    ("create", "seed"): "the seed of the encounter's dice (default: made from the encounter's name)",
    ("create", "lang"): "`fr` or `en`: the language of what the encounter says (names, log, transcript)",
    ("create", "name"): "the encounter's name, shown in titles",
    ("create", "underwater"): "the fight is under water (SRD underwater combat: ranged and melee limits, fire resistance)",
    ("create", "units"): "`m` or `ft`: how distances are shown (1.5 m = 5 ft); none: feet in English, metres in French; "
                         "scripts always use metres",
    ("create", "cinematic"): "Rôle'n Play only: the optional cinematic rule (plain attacks in a row raise the AC, at most +5)",
    ("create", "opportunity_attacks"): "Rôle'n Play only: bring back opportunity attacks and Disengage (off by default)",
    ("create", "massive_damage"): "the PRD's optional massive-damage rule (a Fortitude save DC 15 at 50 damage or more)",
    ("create", "rules"): "the version of the pf1 rules to play under (default: the current one)",
    # add
    ("add", "id"): "the combatant's id, used by every later command",
    ("add", "name"): "the name shown (default: the template's name in the encounter's language, else the id)",
    ("add", "name_fr"): "the French name, when it differs",
    ("add", "side"): "any string; the same side means allies (may be left out with `carry`)",
    ("add", "kind"): "`pc` or `monster` (default from the template)",
    ("add", "stats"): "a whole stat block (see [stat blocks](stat-blocks.md))",
    ("add", "template"): "a template or library id of the encounter's ruleset family (`goblin-warrior`, `fighter`)",
    ("add", "overrides"): "stat-block keys replacing the template's (`{\"max_hp\": 30}`)",
    ("add", "group"): "an initiative group: its members roll once and act together",
    ("add", "at"): "its square `[x, y]`",
    ("add", "unconscious_at_zero"): "Rôle'n Play, monsters only: falls unconscious and dying at 0 HP like a character",
    ("add", "carry"): "`{\"from\": ENCOUNTER, \"id\": ID}`: joins as it ended that encounter of the same log",
    ("remove", "id"): "the combatant who leaves (flees, dismissed)",
    ("place", "id"): "the combatant", ("place", "at"): "its square `[x, y]` (no movement cost, no reactions)",
    ("hidden", "id"): "the combatant", ("hidden", "hidden"): "`true`: left out of the players' view; `false`: shown again",
    ("surprise", "ids"): "the combatants surprised when combat starts",
    ("initiative", "id"): "the combatant (or a group member: the whole group gets the score)",
    ("initiative", "value"): "the total, set as is, instead of a roll",
    ("initiative", "advantage"): "roll with advantage", ("initiative", "disadvantage"): "roll with disadvantage",
    ("roll_off", "ids"): "the tied combatants: each rolls a d20, the highest acts first; those still tied roll again",
    ("order", "ids"): "the DM breaks a tie: these ids act in this order",
    # move and actions
    ("move", "id"): "who moves",
    ("move", "path"): "the squares `[[x, y], ...]` entered, one step at a time; costs are checked",
    ("move", "mode"): "`walk`, `crawl`, `fly`, `swim`, `climb` or `teleport`",
    ("move", "forced"): "forced movement: costs nothing and provokes nothing",
    ("move", "five_foot_step"): "a 5-foot step: one square, no action, never provokes",
    ("action", "id"): "who acts",
    ("action", "action"): "5e: `dash`, `disengage`, `dodge`, `help`, `hide`, `ready`, `search`, `use_object`, "
                          "`magic`/`cast_spell`, `influence`, `study`, `utilize`",
    ("action", "slot"): "`action` or `bonus`",
    ("action", "trigger"): "`ready`: the trigger, in words",
    ("action", "response"): "`ready`: the command made when it triggers, without its actor (`attack`, `move`, `cast`)",
    ("action", "target"): "`help`: the enemy (informative)",
    ("action", "ally"): "`help`: the ally who gets the advantage",
    ("action", "ability"): "`help`: the ability of the check helped", ("action", "skill"): "`help`: the skill helped",
    ("action", "dc"): "the DC of a check the action makes (`hide`, `search`, `study`, `influence`)",
    ("action", "effect"): "a named effect the action starts",
    ("action", "spell"): "`ready` in Rôle'n Play: the spell cast now and held",
    ("pf1", "action", "action"): "`withdraw`, `run`, `charge`, `total_defense`, `cast_spell`, `ready`, `aid_another`, "
                                 "`draw_weapon`, `use_object`, `other`",
    ("pf1", "action", "slot"): "`standard`, `move`, `full_round`, `swift`, `immediate` or `free` (for `other`)",
    ("action", "provokes"): "whether an action the engine does not model provokes",
    ("pf1", "action", "target"): "`charge`: whom it charges; `aid_another`: the enemy",
    ("pf1", "action", "ally"): "`aid_another`: the ally helped",
    ("action", "on"): "`aid_another`: `attack` (+2 on the ally's next attack) or `ac` (+2 AC against the target's next attack)",
    ("action", "spell_level"): "`cast_spell`: the spell's level (concentration DCs)",
    ("action", "defensively"): "`cast_spell`: cast defensively (no attack of opportunity; a concentration check)",
    ("action", "cast"): "set by `cast`: the spell it casts through this action",
    # attacks
    ("attack", "attacker"): "who attacks",
    ("attack", "target"): "the target",
    ("attack", "targets"): "several targets, for an attack with a save (a breath weapon)",
    ("attack", "legendary_resistance"): "targets that spend a legendary resistance if they fail the save",
    ("attack", "with"): "the attack id of the stat block (`longsword`), or `grapple`/`shove`",
    ("attack", "advantage"): "roll with advantage", ("attack", "disadvantage"): "roll with disadvantage",
    ("attack", "cover"): "the target's cover: `half` (+2 AC), `three_quarters` (+5), `total` (cannot be targeted)",
    ("attack", "slot"): "`action`, `bonus` or `reaction`",
    ("attack", "nonlethal"): "knock out instead of killing at 0 HP",
    ("attack", "two_handed"): "a versatile weapon held in two hands: its `versatile` damage",
    ("attack", "shove"): "`with: \"shove\"`: `prone` or `push`",
    ("attack", "plain"): "Rôle'n Play: the player only said « j'attaque » (counts with `cinematic`)",
    ("pf1", "attack", "with"): "the attack id (default: the first melee attack)",
    ("pf1", "attack", "cover"): "`partial` (+2), `normal` (+4), `improved` (+8), `soft` (+4 against ranged), `total`",
    ("attack", "fight_defensively"): "−4 to attacks this turn, +2 dodge AC until its next turn",
    ("attack", "concealment"): "`normal` (20 % miss chance) or `total` (50 %)",
    ("attack", "flanking"): "force the flanking answer (default: from positions)",
    ("attack", "modifiers"): "situational modifiers `[{\"label\": \"bless\", \"value\": 1}]`",
    ("full_attack", "attacker"): "who attacks",
    ("full_attack", "target"): "the target of every attack (with `with`, or alone for natural attacks)",
    ("full_attack", "with"): "the weapon whose iterative attacks are made",
    ("full_attack", "attacks"): "the attacks in order: `{\"with\", \"target\"}`, `{\"maneuver\", \"target\"}`, "
                                "at most one `{\"five_foot_step\": [x, y]}`",
    ("full_attack", "fight_defensively"): "as on `attack`", ("full_attack", "nonlethal"): "as on `attack`",
    ("full_attack", "cover"): "as on `attack`", ("full_attack", "concealment"): "as on `attack`",
    ("full_attack", "flanking"): "as on `attack`", ("full_attack", "modifiers"): "as on `attack`",
    ("coup_de_grace", "attacker"): "who strikes", ("coup_de_grace", "target"): "a helpless opponent",
    ("coup_de_grace", "with"): "the attack id (default: the first melee attack)",
    ("maneuver", "attacker"): "who makes it", ("maneuver", "target"): "against whom",
    ("maneuver", "maneuver"): "`bull_rush`, `dirty_trick`, `disarm`, `drag`, `grapple`, `overrun`, `reposition`, "
                              "`steal`, `sunder` or `trip`",
    ("grapple", "attacker"): "who grapples", ("grapple", "target"): "whom",
    ("grapple", "slot"): "`action`, `bonus` or `reaction`",
    ("shove", "attacker"): "who shoves", ("shove", "target"): "whom", ("shove", "effect"): "`prone` or `push`",
    ("shove", "slot"): "`action`, `bonus` or `reaction`",
    ("escape", "id"): "who escapes",
    ("escape", "skill"): "5e: `athletics` or `acrobatics` (default: the better); pf1: `escape_artist` (default: CMB)",
    # damage and hit points
    ("damage", "target"): "the target", ("damage", "targets"): "several targets: one roll for all",
    ("damage", "amount"): "a number of hit points", ("damage", "roll"): "a dice expression (`8d6`, `2d6+3`)",
    ("damage", "type"): "the damage type (see [ids](ids.md))",
    ("damage", "adjust"): "a flat number added before resistance",
    ("damage", "critical"): "a critical hit: the dice are doubled",
    ("damage", "save"): "`{\"ability\", \"dc\", \"half\"}`: each target saves; `half` (default true) halves on a success",
    ("damage", "source"): "who deals it (concentration, knock-out, the transcript)",
    ("damage", "nonlethal"): "knock out instead of killing at 0 HP",
    ("damage", "cover"): "`{\"id\": \"half\"}`: +2/+5 to that target's Dexterity save",
    ("damage", "legendary_resistance"): "targets that spend a legendary resistance if they fail the save",
    ("damage", "weapon"): "counts as a weapon hit: damage reduction applies",
    ("damage", "bypass"): "the qualities that overcome damage reduction (`magic`, `silver`…)",
    ("pf1", "damage", "critical"): "a critical hit: the whole roll is made `multiplier` times",
    ("damage", "multiplier"): "the critical multiplier (default 2)",
    ("pf1", "damage", "save"): "`{\"ability\": \"fort\"|\"ref\"|\"will\", \"dc\", \"half\"}`",
    ("heal", "target"): "who is healed", ("heal", "amount"): "hit points", ("heal", "roll"): "a dice expression",
    ("heal", "source"): "who heals",
    ("temp_hp", "target"): "who gets them", ("temp_hp", "amount"): "temporary hit points",
    ("temp_hp", "replace"): "replace the current ones (default keeps the higher)",
    # tests
    ("save", "id"): "who saves", ("save", "ability"): "5e: `str` … `cha`; pf1: `fort`, `ref`, `will`",
    ("save", "dc"): "the DC", ("save", "advantage"): "roll with advantage", ("save", "disadvantage"): "with disadvantage",
    ("save", "cover"): "`half` or `three_quarters`: +2/+5 to a Dexterity save",
    ("save", "legendary_resistance"): "the creature spends a legendary resistance if it fails",
    ("check", "id"): "who tests", ("check", "ability"): "the ability", ("check", "skill"): "the skill",
    ("check", "dc"): "the DC", ("check", "against"): "a contest: `{\"id\", \"ability\", \"skill\"?}`",
    ("check", "advantage"): "roll with advantage", ("check", "disadvantage"): "with disadvantage",
    # conditions and concentration
    ("condition", "target"): "who", ("condition", "add"): "the condition id to add",
    ("condition", "remove"): "the condition id to end (with `source`: only that instance)",
    ("condition", "source"): "who or what caused it",
    ("condition", "until"): "`end_of_turn` or `start_of_turn` (with `of`), or `{\"rounds\": N}`, or `{\"save\": {...}}`",
    ("condition", "of"): "whose turn `until` counts", ("condition", "rounds"): "lasts N rounds",
    ("condition", "save"): "`{\"ability\", \"dc\"}`: a save at the end of each of its turns ends it",
    ("condition", "level"): "exhaustion: how many levels",
    ("condition", "concentration"): "tied to the `source`'s concentration",
    ("condition", "effect"): "the effect it belongs to (what the source concentrates on)",
    ("condition", "legendary_resistance"): "the target spends a legendary resistance if it fails the save",
    ("condition", "amount"): "pf1 `bleed`: the HP lost at the start of each of its turns",
    ("concentrate", "id"): "who concentrates", ("concentrate", "effect"): "what it concentrates on",
    ("concentrate", "stop"): "`true`: stop concentrating",
    ("death_save", "id"): "the dying creature (pf1: its stabilization check)",
    ("stabilize", "id"): "the helper", ("stabilize", "target"): "the dying creature",
    # reactions and turns
    ("react", "id"): "who reacts", ("react", "with"): "`opportunity_attack`, `readied` or a named reaction (`shield`)",
    ("react", "target"): "the reaction's target (default: the creature the window is for)",
    ("react", "attack"): "the attack id used (default: the first that reaches)",
    ("react", "advantage"): "roll with advantage", ("react", "disadvantage"): "with disadvantage",
    ("pass", "id"): "who declines the open window",
    ("stand", "id"): "who stands up (half the speed; pf1: a move action that provokes)",
    ("drop_prone", "id"): "who drops prone",
    ("terrain", "squares"): "the squares `[[x, y], ...]`", ("terrain", "kind"): "`difficult` or `clear`",
    ("trigger", "id"): "whose readied trigger has happened",
    ("end", "reason"): "why the fight ends (shown in the transcript)",
    ("next_round", "rounds"): "how many aftermath rounds pass (default 1)",
    # spells and resources
    ("cast", "caster"): "who casts", ("cast", "spell"): "a spell id, or a whole spell object",
    ("cast", "level"): "the slot level (at least the spell's; default the spell's)",
    ("cast", "targets"): "the targets, in the order their dice are rolled", ("cast", "at"): "the point of an area `[x, y]`",
    ("cast", "using"): "`slot` (default), `per_day`, `at_will` or `ritual`",
    ("dismiss", "effect"): "the named effect to end (`bless`, `shield`...)",
    ("dismiss", "target"): "the creature it ends on (default: every creature)",
    ("dismiss", "source"): "only the effect cast by this caster (default: any caster)",
    ("cast", "legendary_resistance"): "targets that spend a legendary resistance if they fail the save",
    ("cast", "defensively"): "cast defensively (a concentration check instead of an attack of opportunity)",
    ("legendary", "id"): "the legendary creature", ("legendary", "action"): "an id of its stat block's `legendary` list",
    ("legendary", "target"): "the target of the command it makes", ("legendary", "targets"): "several targets",
    ("legendary", "advantage"): "roll with advantage", ("legendary", "disadvantage"): "with disadvantage",
    ("legendary", "cover"): "the target's cover", ("legendary", "legendary_resistance"): "targets that may resist",
    ("rest", "kind"): "`short` or `long`", ("rest", "ids"): "who rests (default: every PC)",
    ("undo", "steps"): "how many commands (default 1)", ("redo", "steps"): "how many commands (default 1)",
    ("revert", "to"): "undo everything after this event seq, as one undoable command",
}

# One line per command: what it does.
MEANING = {
    "create": "a new encounter; the log's first command", "add": "a combatant joins (also mid-combat)",
    "remove": "a combatant leaves", "place": "set a position without moving",
    "hidden": "hide a combatant from the players' view, or show it again",
    "surprise": "these combatants are surprised when combat starts", "initiative": "roll (or set) initiative",
    "roll_off": "the tie-break roll of the PF1 initiative", "order": "the DM breaks initiative ties",
    "start": "start combat", "move": "movement square by square", "action": "an action other than an attack",
    "attack": "one attack: to-hit, then damage on a hit", "full_attack": "the full-attack action, in one command",
    "coup_de_grace": "a coup de grâce on a helpless opponent", "maneuver": "a combat maneuver: CMB against CMD",
    "grapple": "the ruleset's grapple", "shove": "the ruleset's shove", "escape": "escape a grapple",
    "damage": "damage outside an attack (spell, trap, DM)", "heal": "healing", "temp_hp": "temporary hit points",
    "save": "a saving throw", "check": "an ability check or a contest", "condition": "add or end a condition",
    "concentrate": "start or stop concentration", "death_save": "a dying creature's death save",
    "stabilize": "first aid on a dying creature", "react": "answer the open reaction window",
    "pass": "decline the open reaction window", "end_turn": "end the current turn; the next starts",
    "stand": "stand up from prone", "drop_prone": "drop prone", "terrain": "mark map squares",
    "trigger": "a readied trigger has happened", "end": "end combat",
    "next_round": "Rôle'n Play's aftermath: rounds pass after `end`", "cast": "cast a spell",
    "dismiss": "end a spell's named effect before its time",
    "legendary": "a legendary action, between turns", "rest": "a short or long rest, out of combat",
    "undo": "undo the last command(s)", "redo": "redo what was just undone", "revert": "go back to an event",
}


class Undescribed(Exception):
    """A command field the reference does not describe (add it to FIELDS)."""


def _schema():
    sys.path.insert(0, str(ROOT))
    from combatlog.cli import schema

    return schema


def type_text(info) -> str:
    """A msgspec type, as a reader writes it."""
    kind = type(info).__name__
    if kind == "UnionType":
        return " | ".join(type_text(t) for t in info.types)
    if kind == "LiteralType":
        return " | ".join(json.dumps(value) for value in info.values)
    if kind in ("ListType", "VarTupleType", "SetType", "FrozenSetType"):
        return f"[{type_text(info.item_type)}]"
    if kind == "TupleType":
        return "[" + ", ".join(type_text(t) for t in info.item_types) + "]"
    if kind == "DictType":
        return "{" + type_text(info.key_type) + ": " + type_text(info.value_type) + "}"
    if kind == "StructType":
        return "{" + ", ".join(f.encode_name for f in info.fields) + "}"
    return {"StrType": "string", "IntType": "integer", "FloatType": "number", "BoolType": "boolean",
            "NoneType": "null", "AnyType": "any"}.get(kind, kind.removesuffix("Type").lower())


def default_text(field) -> str:
    if field.required:
        return "required"
    if field.default is not msgspec.NODEFAULT:
        value = field.default
    else:
        value = field.default_factory()
    return "`" + json.dumps(msgspec.to_builtins(value), ensure_ascii=False) + "`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def describe(family: str, command: str, field: str) -> str:
    found = FIELDS.get((family, command, field)) or FIELDS.get((command, field))
    if found is None:
        raise Undescribed(f"{family} command `{command}`: field `{field}` is not described in tools/gen_reference.py")
    return found


def commands_md() -> str:
    schema = _schema()
    lines = ["# Commands and their fields", "",
             "<!-- Generated by tools/gen_reference.py from the command Structs: do not edit by hand. -->", "",
             "A script line is one JSON object; `do` names the command. Fields marked *required* must be there; the",
             "others take the default shown. An unknown field is refused by name, and a refused command appends",
             "nothing to the log. `combatlog schema commands --ruleset R --json` prints the same as a JSON Schema.",
             "", "Every command also takes:", "", "| field | type | default | meaning |", "|---|---|---|---|",
             f"| `dice` | [integer] | `null` | {COMMON['dice']} |", f"| `note` | string | `\"\"` | {COMMON['note']} |", ""]
    for family, rulesets in FAMILIES:
        by_name: dict[str, type] = {}
        where: dict[str, list[str]] = {}
        for ruleset in rulesets:
            for kind in schema.command_types(ruleset):
                by_name[schema.do_name(kind)] = kind
                where.setdefault(schema.do_name(kind), []).append(ruleset)
        title = "D&D 5e: `dnd5e-2024`, `dnd5e-2014`, `rolenplay`" if family == "5e" else "Pathfinder 1e: `pf1`"
        lines += [f"## {title}", "", "| do | meaning |", "|---|---|"]
        lines += [f"| [`{name}`](#{family}-{name.replace('_', '-')}) | {MEANING[name]}"
                  + ("" if len(where[name]) == len(rulesets) else " (" + ", ".join(where[name]) + " only)") + " |"
                  for name in sorted(by_name)]
        lines.append("")
        for name in sorted(by_name):
            lines += [f"<a id=\"{family}-{name.replace('_', '-')}\"></a>", f"### {family} `{name}`", "",
                      MEANING[name][0].upper() + MEANING[name][1:] + "."
                      + ("" if len(where[name]) == len(rulesets) else " Only in " + ", ".join(where[name]) + "."), ""]
            info = msgspec.inspect.type_info(by_name[name])
            own = [f for f in info.fields if f.encode_name not in COMMON and f.encode_name != "do"]
            if not own:
                lines += ["No fields of its own.", ""]
                continue
            lines += ["| field | type | default | meaning |", "|---|---|---|---|"]
            for field in own:
                lines.append(f"| `{field.encode_name}` | {_cell(type_text(field.type))} | "
                             f"{_cell(default_text(field))} | {describe(family, name, field.encode_name)} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _struct_table(kind: type) -> list[str]:
    info = msgspec.inspect.type_info(kind)
    lines = ["| key | type | default |", "|---|---|---|"]
    for field in info.fields:
        lines.append(f"| `{field.encode_name}` | {_cell(type_text(field.type))} | {_cell(default_text(field))} |")
    return lines


def _nested(kind: type) -> list[type]:
    """The Structs a Struct's fields hold, each once, in the order met."""
    found: list[type] = []
    stack = [msgspec.inspect.type_info(kind)]
    while stack:
        info = stack.pop(0)
        name = type(info).__name__
        if name == "StructType":
            if info.cls not in found:
                found.append(info.cls)
                stack += [field.type for field in info.fields]
        elif name == "UnionType":
            stack += list(info.types)
        elif name in ("ListType", "VarTupleType"):
            stack.append(info.item_type)
        elif name == "TupleType":
            stack += list(info.item_types)
        elif name == "DictType":
            stack.append(info.value_type)
    return found


def stat_blocks_md() -> str:
    schema = _schema()
    lines = ["# Stat block and spell object keys", "",
             "<!-- Generated by tools/gen_reference.py from the stat-block and spell Structs: do not edit by hand. -->",
             "", "What each key means is in [stat blocks](stat-blocks.md) and [spells](../spells.md); this page is the",
             "exact list the engine reads (an unknown key is refused by name). `combatlog schema stats --ruleset R --json`",
             "prints it as a JSON Schema.", ""]
    for title, ruleset, part in (("5e stat block (`dnd5e-2024`, `dnd5e-2014`, `rolenplay`)", "dnd5e-2024", "stats"),
                                 ("pf1 stat block", "pf1", "stats"), ("Spell object (every ruleset)", "pf1", "spell")):
        found = schema._ruleset(ruleset)
        kind = found.stat_block_type if part == "stats" else found.spell_type
        lines += [f"## {title}", ""]
        for index, nested in enumerate(_nested(kind)):
            if index:
                lines += [f"### `{nested.__name__}`", ""]
            lines += _struct_table(nested) + [""]
    return "\n".join(lines).rstrip() + "\n"


def cli_md() -> str:
    sys.path.insert(0, str(ROOT))
    from combatlog.cli.main import _parser

    parser = _parser()
    lines = ["# The command line: `combatlog`", "",
             "<!-- Generated by tools/gen_reference.py from the argparse parser: do not edit by hand. -->", "",
             "`combatlog SUBCOMMAND --help` prints the same. What each subcommand does at length: the README's [CLI section](../../README.md#the-cli).",
             "", "Options of `combatlog` itself:", ""]
    lines += _options(parser) + [""]
    sub = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    helps = {choice.dest: choice.help for choice in sub._choices_actions}
    lines += ["| subcommand | what it does |", "|---|---|"]
    lines += [f"| [`{name}`](#{name}) | {helps.get(name, '')} |" for name in sorted(sub.choices)]
    lines.append("")
    for name in sorted(sub.choices):
        command = sub.choices[name]
        usage = " ".join(command.format_usage().split()).removeprefix("usage: ")
        lines += [f"## {name}", "", helps.get(name, "") + ".", "", "```", usage, "```", ""]
        lines += _options(command) + [""]
    return "\n".join(lines).rstrip() + "\n"


def _options(parser: argparse.ArgumentParser) -> list[str]:
    lines = ["| argument | default | meaning |", "|---|---|---|"]
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        name = ", ".join(action.option_strings) if action.option_strings else (action.metavar or action.dest)
        if action.choices and not isinstance(action, argparse._SubParsersAction):
            name += " {" + ",".join(str(c) for c in action.choices) + "}"
        default = "" if action.default in (None, False, argparse.SUPPRESS) or action.required else f"`{action.default}`"
        if action.required:
            default = "required"
        text = (action.help or "").replace("|", "\\|").replace("%%", "%")
        lines.append(f"| `{name}` | {default} | {text} |")
    return lines


def shell_md() -> str:
    sys.path.insert(0, str(ROOT))
    from combatlog import lines as shell

    out = ["# The shell's verbs (`combatlog play`)", "",
           "<!-- Generated by tools/gen_reference.py from combatlog.lines' own tables: do not edit by hand. -->", "",
           "Each line the game master types starts with a verb, in French or in English (any case, accents optional).",
           "The shell's `aide`/`help` prints the same, in the encounter's language and for its ruleset.", "",
           "| verb | French | English |", "|---|---|---|"]
    for verb in shell.VERBS:
        fr = ", ".join(f"`{a}`" for a in shell.aliases_for(verb, "fr"))
        en = ", ".join(f"`{a}`" for a in shell.aliases_for(verb, "en"))
        out.append(f"| {verb} | {fr} | {en} |")
    for lang, title in (("fr", "## En français"), ("en", "## In English")):
        out += ["", title, ""]
        for verb in shell.VERBS:
            usage = shell.HELP[verb][0 if lang == "fr" else 1]
            out += [f"- `{shell.alias(verb, lang)}`: " + " ".join(usage.split()).replace("|", "\\|")]
    return "\n".join(out).rstrip() + "\n"


def ids_md() -> str:
    sys.path.insert(0, str(ROOT))
    from combatlog import words
    from combatlog.core.rulesets.pf1.rules import CONDITIONS as PF1_CONDITIONS
    from combatlog.rulesets import REGISTRY

    out = ["# Condition and damage ids", "",
           "<!-- Generated by tools/gen_reference.py from the rulesets: do not edit by hand. -->", "",
           "Commands take the ids (`\"add\": \"prone\"`, `\"type\": \"fire\"`); what a reader sees is the name",
           "in the encounter's (or the reader's) language. The shell takes the ids or either language's names.", ""]
    for ruleset in REGISTRY:
        out += [f"## `{ruleset.name}`", ""]
        if ruleset.name == "pf1":
            conditions = tuple(PF1_CONDITIONS)
        else:
            conditions = tuple(ruleset.conditions) + tuple(getattr(ruleset, "extra_conditions", ()))
        out += ["| condition | français | English |", "|---|---|---|"]
        for condition in conditions:
            out.append(f"| `{condition}` | {ruleset_condition(ruleset, words, condition, 'fr')} | "
                       f"{ruleset_condition(ruleset, words, condition, 'en')} |")
        out += ["", "| damage type | français | English |", "|---|---|---|"]
        for kind in ruleset.damage_types:
            out.append(f"| `{kind}` | {words.damage_name(kind, 'fr')} | {words.damage_name(kind, 'en')} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def ruleset_condition(ruleset, words, condition: str, lang: str) -> str:
    own = getattr(ruleset, "condition_name", None)
    return own(condition, lang) if own else words.condition_name(condition, lang)


GENERATED = {"commands.md": commands_md, "stat-block-fields.md": stat_blocks_md, "cli.md": cli_md,
             "shell.md": shell_md,
             "ids.md": ids_md}


def generate() -> dict[str, str]:
    """file name -> the text the code gives."""
    return {name: make() for name, make in GENERATED.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a committed file differs")
    args = parser.parse_args(argv)
    try:
        found = generate()
    except Undescribed as error:
        print(f"gen_reference: {error}", file=sys.stderr)
        return 1
    stale = [name for name, text in found.items()
             if not (OUT / name).is_file() or (OUT / name).read_text(encoding="utf-8") != text]
    if args.check:
        for name in stale:
            print(f"docs/reference/{name} differs from what the code gives: run python tools/gen_reference.py")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name in stale:
        (OUT / name).write_text(found[name], encoding="utf-8")
        print(f"wrote docs/reference/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
