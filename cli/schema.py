"""`combatlog schema [commands|stats|state|spell|all] [--ruleset R] [--json]`: the JSON Schema of what the engine
reads and writes, generated from the code itself (`msgspec.json.schema` of each ruleset's command Structs, stat
block Struct and spell object Struct), so that it cannot drift from what `run`, `add` and `cast` accept.

The state document is built as a dict by each ruleset; its schema here is the part every ruleset shares (the
fields the reference promises), written as Structs below, and a test folds real fights of the four rulesets and
checks their documents against it. Without `--json` a short text summary is printed instead (each command and
its fields, `?` marking the optional ones)."""

from __future__ import annotations

import json
import sys
from typing import Any, Literal, Union

import msgspec

PARTS = ("commands", "stats", "state", "spell", "all")


# ------------------------------------------------------------------------------------------ the state document
class Window(msgspec.Struct, frozen=True, kw_only=True, rename={"for_": "for"}):
    """The innermost open reaction window."""

    trigger: str
    reactors: list[str]
    for_: str | None


class DeathSaves(msgspec.Struct, frozen=True, kw_only=True):
    successes: int
    failures: int


class CombatantDocument(msgspec.Struct, frozen=True, kw_only=True):
    """What the state document shows of one combatant, in every ruleset (rulesets add fields of their own)."""

    name: str
    side: str
    kind: Literal["pc", "monster"] | None
    hp: int
    max_hp: int
    temp_hp: int
    ac: int | dict[str, Any] | None
    status: str
    conditions: list[str]
    death_saves: DeathSaves
    initiative: int | None
    position: tuple[int, int] | None
    reaction_available: bool


class StateDocument(msgspec.Struct, frozen=True, kw_only=True):
    """The state document (`combatlog state LOG --json`): the fields every ruleset gives."""

    ruleset: str | None
    name: str
    lang: Literal["fr", "en"]
    phase: Literal["setup", "turn", "death_save", "reaction", "ended"]
    round: int
    turn: str | None
    order: list[str]
    seq: int
    window: Window | None
    combatants: dict[str, CombatantDocument]


# ------------------------------------------------------------------------------------------------ the schemas
def ruleset_names() -> tuple[str, ...]:
    from combatlog.rulesets import REGISTRY

    return tuple(ruleset.name for ruleset in REGISTRY)


def _ruleset(name: str):
    from combatlog.rulesets import REGISTRY

    return REGISTRY.find(name)  # an unknown name is refused naming the known ones


def command_types(ruleset: str) -> tuple[type, ...]:
    """The command Structs `ruleset` takes, sorted by their `do` name."""
    return tuple(sorted(_ruleset(ruleset).command_types, key=do_name))


def do_name(kind: type) -> str:
    return str(kind.__struct_config__.tag)  # type: ignore[attr-defined]


def commands_schema(ruleset: str) -> dict:
    """One JSON Schema for a script line of `ruleset`: any of its commands, told apart by `do`."""
    kinds = command_types(ruleset)
    schema = msgspec.json.schema(Union[kinds])  # type: ignore[valid-type]
    return {"title": f"combatlog command ({ruleset})", **schema}


def stats_schema(ruleset: str) -> dict:
    return {"title": f"combatlog stat block ({ruleset})", **msgspec.json.schema(_ruleset(ruleset).stat_block_type)}


def spell_schema(ruleset: str) -> dict:
    return {"title": f"combatlog spell object ({ruleset})", **msgspec.json.schema(_ruleset(ruleset).spell_type)}


def state_schema() -> dict:
    schema = msgspec.json.schema(StateDocument)
    for definition in schema.get("$defs", {}).values():
        definition["additionalProperties"] = True  # rulesets add fields; the reference names them
    return {"title": "combatlog state document", **schema}


def schema(part: str, ruleset: str | None = None) -> dict:
    """The JSON Schema of `part` for `ruleset`, or keyed by ruleset name for every ruleset when it is None."""
    names = (ruleset,) if ruleset else ruleset_names()
    if part == "all":
        return {"commands": schema("commands", ruleset), "stats": schema("stats", ruleset),
                "spell": schema("spell", ruleset), "state": state_schema()}
    if part == "state":
        return state_schema()
    make = {"commands": commands_schema, "stats": stats_schema, "spell": spell_schema}[part]
    if ruleset:
        return make(ruleset)
    return {name: make(name) for name in names}


# ------------------------------------------------------------------------------------------- the text summary
def fields(kind: type) -> list[tuple[str, bool]]:
    """(field name as written in a script, required?) of a Struct, `do` and the common `dice`/`note` left out."""
    info = msgspec.inspect.type_info(kind)
    return [(field.encode_name, field.required) for field in info.fields  # type: ignore[attr-defined]
            if field.encode_name not in ("dice", "note")]


def summary_lines(part: str, ruleset: str | None) -> list[str]:
    names = (ruleset,) if ruleset else ruleset_names()
    lines: list[str] = []
    parts = ("commands", "stats", "spell", "state") if part == "all" else (part,)
    for name_part in parts:
        if name_part == "state":
            lines.append("state document")
            lines.append("  " + ", ".join(_shown(StateDocument)))
            lines.append("  combatants.*: " + ", ".join(_shown(CombatantDocument)))
            continue
        for name in names:
            lines.append(f"{name}: {name_part}")
            if name_part == "commands":
                for kind in command_types(name):
                    lines.append(f"  {do_name(kind)}: " + ", ".join([*_shown(kind), "dice?", "note?"]))
            else:
                found = _ruleset(name)
                kind = found.stat_block_type if name_part == "stats" else found.spell_type
                lines.append("  " + ", ".join(_shown(kind)))
    return lines


def _shown(kind: type) -> list[str]:
    return [name if required else f"{name}?" for name, required in fields(kind)]


# ---------------------------------------------------------------------------------------------------- the CLI
def add_schema_parser(sub) -> None:
    parser = sub.add_parser("schema", help="print the JSON Schema of the commands, stat blocks, state document or "
                                           "spell object, generated from the code")
    parser.add_argument("part", nargs="?", choices=PARTS, default="all",
                        help="commands, stats (the stat block), state (the state document), spell, or all (default)")
    parser.add_argument("--ruleset", default=None,
                        help="dnd5e-2024, dnd5e-2014, rolenplay or pf1 (default: every ruleset, keyed by name)")
    parser.add_argument("--json", action="store_true",
                        help="the JSON Schema itself (default: a summary, each command with its fields)")
    parser.set_defaults(handler=run_schema)


def run_schema(args) -> int:
    import combatlog
    from combatlog.cli.errors import BadInput

    if args.ruleset is not None:
        try:
            _ruleset(args.ruleset)
        except combatlog.RuleViolation as error:
            raise BadInput(error.localized("en"), error.localized("fr")) from None
    if args.json:
        json.dump(schema(args.part, args.ruleset), sys.stdout, ensure_ascii=False, indent=2, sort_keys=True)
        print()
    else:
        print("\n".join(summary_lines(args.part, args.ruleset)))
    return 0
