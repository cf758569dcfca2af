"""Commands as typed values: parsed from a script line, validated field by field, named by `do`.

The commands every ruleset takes word for word are the kernel's (core/kernel/shared_commands.py); those below are
5e's own, or add 5e's fields to the kernel's base of the same command (its fields come first, as before)."""

from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import LOG_COMMANDS, Command, Redo, Revert, Undo, explained
from combatlog.core.kernel.errors import InvalidCommand
from combatlog.core.kernel.shared_commands import (
    ActionBase, AddBase, CarryFrom, CastBase, CheckBase, ConditionBase, Contest, CreateBase, DamageBase, DeathSave,
    DropProne, End, EndTurn, Heal, Hidden, InitiativeBase, MoveBase, Order, Pass, Place, ReactBase, Remove, Rest,
    SaveBase, ShoveBase, Square, Stabilize, Stand, Start, Surprise, TempHp, Terrain, Trigger)


class Create(CreateBase, tag="create", frozen=True, kw_only=True):
    underwater: bool = False
    # How distances are shown; None: the language's own (feet in English, metres in French: words.default_units).
    units: Literal["m", "ft"] | None = None
    # Rôle'n Play only: the cinematic rule (D7) and opportunity attacks (D4).
    cinematic: bool = False
    opportunity_attacks: bool | None = None


class Add(AddBase, tag="add", frozen=True, kw_only=True):
    unconscious_at_zero: bool = False
    carry: CarryFrom | None = None


class Initiative(InitiativeBase, tag="initiative", frozen=True, kw_only=True):
    advantage: bool = False
    disadvantage: bool = False


class Move(MoveBase, tag="move", frozen=True, kw_only=True):
    pass


class Action(ActionBase, tag="action", frozen=True, kw_only=True):
    slot: Literal["action", "bonus"] = "action"
    trigger: str = ""
    response: dict[str, Any] | None = None
    target: str | None = None
    ally: str | None = None
    ability: str | None = None
    skill: str | None = None
    dc: int | None = None
    effect: str = ""
    spell: str = ""


class Attack(Command, tag="attack", frozen=True, kw_only=True):
    attacker: str
    target: str = ""
    # An attack with a `save` (a breath weapon) takes several targets, and may list legendary resisters.
    targets: tuple[str, ...] | None = None
    legendary_resistance: tuple[str, ...] = ()
    with_: str = msgspec.field(name="with")
    advantage: bool = False
    disadvantage: bool = False
    cover: Literal["half", "three_quarters", "total"] | None = None
    slot: Literal["action", "bonus", "reaction"] | None = None
    nonlethal: bool = False
    shove: Literal["prone", "push"] = "prone"
    plain: bool = False
    # INTERFACE.md §8: a versatile weapon held in two hands deals its `versatile` damage.
    two_handed: bool = False


class Grapple(Contest, tag="grapple", frozen=True, kw_only=True):
    slot: Literal["action", "bonus", "reaction"] | None = None


class Shove(ShoveBase, tag="shove", frozen=True, kw_only=True):
    slot: Literal["action", "bonus", "reaction"] | None = None


class Escape(Command, tag="escape", frozen=True, kw_only=True):
    id: str
    skill: Literal["athletics", "acrobatics"] | None = None


class SaveSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ability: str
    dc: int
    half: bool = True


class Damage(DamageBase, tag="damage", frozen=True, kw_only=True):
    critical: bool = False
    save: SaveSpec | None = None
    source: str = ""
    nonlethal: bool = False
    cover: dict[str, Literal["half", "three_quarters"]] | None = None
    legendary_resistance: tuple[str, ...] = ()
    # INTERFACE.md §8: the damage's qualities (magic, silver, adamantine) against qualified defences.
    bypass: tuple[str, ...] = ()


class Save(SaveBase, tag="save", frozen=True, kw_only=True):
    advantage: bool = False
    disadvantage: bool = False
    cover: Literal["half", "three_quarters"] | None = None
    legendary_resistance: tuple[str, ...] = ()


class Opponent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    ability: str
    skill: str | None = None


class Check(CheckBase, tag="check", frozen=True, kw_only=True):
    against: Opponent | None = None
    advantage: bool = False
    disadvantage: bool = False


class Condition(ConditionBase, tag="condition", frozen=True, kw_only=True):
    save: SaveSpec | None = None
    level: int = 1
    concentration: bool = False
    effect: str = ""
    legendary_resistance: tuple[str, ...] = ()


class Concentrate(Command, tag="concentrate", frozen=True, kw_only=True):
    id: str
    effect: str = ""
    stop: bool = False


class React(ReactBase, tag="react", frozen=True, kw_only=True):
    target: str | None = None
    attack: str | None = None
    advantage: bool = False
    disadvantage: bool = False


class Cast(CastBase, tag="cast", frozen=True, kw_only=True):
    """INTERFACE.md §7: cast a spell (an id, or a spell object given here)."""

    at: Square | None = None
    using: Literal["slot", "per_day", "ritual", "at_will"] = "slot"
    legendary_resistance: tuple[str, ...] = ()


class NextRound(Command, tag="next_round", frozen=True, kw_only=True):
    rounds: int = 1


class Legendary(Command, tag="legendary", frozen=True, kw_only=True):
    id: str
    action: str
    target: str = ""
    targets: tuple[str, ...] | None = None
    advantage: bool = False
    disadvantage: bool = False
    cover: Literal["half", "three_quarters", "total"] | None = None
    legendary_resistance: tuple[str, ...] = ()


AnyCommand = (
    Create | Add | Remove | Place | Hidden | Surprise | Initiative | Order | Start | Move | Action | Attack | Grapple
    | Shove | Escape | Damage | Heal | TempHp | Save | Check | Condition | Concentrate | DeathSave | Stabilize
    | React | Pass | EndTurn | Stand | DropProne | Terrain | Trigger | End | Undo | Redo | Revert | NextRound | Cast
    | Legendary | Rest
)
COMMAND_NAMES = tuple(sorted(cls.__struct_config__.tag for cls in AnyCommand.__args__))
# Converting into the one class the tag names costs a tenth of converting into the whole union.
COMMAND_CLASSES = {cls.__struct_config__.tag: cls for cls in AnyCommand.__args__}
UNDO_FAMILY = tuple(LOG_COMMANDS)


def parse_command(raw: object) -> Command:
    """Turn one script object into a typed command; errors name the field, in plain words."""
    if not isinstance(raw, dict):
        raise InvalidCommand("rule-command-must-be-json-object")
    name = raw.get("do")
    if name is None:
        raise InvalidCommand("rule-command-has-no-do-field")
    kind = COMMAND_CLASSES.get(name) if isinstance(name, str) else None
    if kind is None:
        raise InvalidCommand("rule-unknown-command-known", name=name, COMMAND_NAMES=', '.join(COMMAND_NAMES))
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as error:
        raise InvalidCommand("rule-command-field", name=name, reason=explained(str(error))) from None


def command_to_dict(command: Command) -> dict[str, Any]:
    return msgspec.to_builtins(command)
