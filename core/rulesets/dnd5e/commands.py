"""Commands as typed values: parsed from a script line, validated field by field, named by `do`."""

from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import LOG_COMMANDS, Command, Redo, Revert, Undo, explained
from combatlog.core.kernel.errors import InvalidCommand

Square = tuple[int, int]


class Create(Command, tag="create", frozen=True, kw_only=True):
    ruleset: str
    seed: int | str | None = None
    lang: Literal["fr", "en"] = "en"
    name: str = ""
    underwater: bool = False
    # How distances are shown; None: the language's own (feet in English, metres in French: words.default_units).
    units: Literal["m", "ft"] | None = None
    # Rôle'n Play only: the cinematic rule (D7) and opportunity attacks (D4).
    cinematic: bool = False
    opportunity_attacks: bool | None = None


class CarryFrom(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    from_: str = msgspec.field(name="from")
    id: str


class Add(Command, tag="add", frozen=True, kw_only=True):
    id: str
    name: str | None = None
    name_fr: str | None = None
    side: str | None = None  # required, unless `carry` brings the side the combatant had
    kind: Literal["pc", "monster"] | None = None
    stats: dict[str, Any] | None = None
    template: str | None = None
    overrides: dict[str, Any] | None = None
    group: str = ""
    at: Square | None = None
    unconscious_at_zero: bool = False
    carry: CarryFrom | None = None


class Remove(Command, tag="remove", frozen=True, kw_only=True):
    id: str


class Place(Command, tag="place", frozen=True, kw_only=True):
    id: str
    at: Square


class Hidden(Command, tag="hidden", frozen=True, kw_only=True):
    """The players' view leaves `id` out until it is revealed (`hidden: false`)."""

    id: str
    hidden: bool = True


class Surprise(Command, tag="surprise", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Initiative(Command, tag="initiative", frozen=True, kw_only=True):
    id: str
    value: int | None = None
    advantage: bool = False
    disadvantage: bool = False


class Order(Command, tag="order", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Start(Command, tag="start", frozen=True, kw_only=True):
    pass


class Move(Command, tag="move", frozen=True, kw_only=True):
    id: str
    path: tuple[Square, ...]
    mode: Literal["walk", "crawl", "fly", "swim", "climb", "teleport"] = "walk"
    forced: bool = False


class Action(Command, tag="action", frozen=True, kw_only=True):
    id: str
    action: str
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


class Grapple(Command, tag="grapple", frozen=True, kw_only=True):
    attacker: str
    target: str
    slot: Literal["action", "bonus", "reaction"] | None = None


class Shove(Command, tag="shove", frozen=True, kw_only=True):
    attacker: str
    target: str
    effect: Literal["prone", "push"] = "prone"
    slot: Literal["action", "bonus", "reaction"] | None = None


class Escape(Command, tag="escape", frozen=True, kw_only=True):
    id: str
    skill: Literal["athletics", "acrobatics"] | None = None


class SaveSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ability: str
    dc: int
    half: bool = True


class Damage(Command, tag="damage", frozen=True, kw_only=True):
    target: str | None = None
    targets: tuple[str, ...] | None = None
    amount: int | None = None
    roll: str | None = None
    type: str
    adjust: int = 0
    critical: bool = False
    save: SaveSpec | None = None
    source: str = ""
    nonlethal: bool = False
    cover: dict[str, Literal["half", "three_quarters"]] | None = None
    legendary_resistance: tuple[str, ...] = ()


class Heal(Command, tag="heal", frozen=True, kw_only=True):
    target: str
    amount: int | None = None
    roll: str | None = None
    source: str = ""


class TempHp(Command, tag="temp_hp", frozen=True, kw_only=True):
    target: str
    amount: int
    replace: bool = False


class Save(Command, tag="save", frozen=True, kw_only=True):
    id: str
    ability: str
    dc: int
    advantage: bool = False
    disadvantage: bool = False
    cover: Literal["half", "three_quarters"] | None = None
    legendary_resistance: tuple[str, ...] = ()


class Opponent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    ability: str
    skill: str | None = None


class Check(Command, tag="check", frozen=True, kw_only=True):
    id: str
    ability: str | None = None
    skill: str | None = None
    dc: int | None = None
    against: Opponent | None = None
    advantage: bool = False
    disadvantage: bool = False


class Condition(Command, tag="condition", frozen=True, kw_only=True):
    target: str
    add: str | None = None
    remove: str | None = None
    source: str | None = None
    until: str | dict[str, Any] | None = None
    of: str | None = None
    rounds: int | None = None
    save: SaveSpec | None = None
    level: int = 1
    concentration: bool = False
    effect: str = ""
    legendary_resistance: tuple[str, ...] = ()


class Concentrate(Command, tag="concentrate", frozen=True, kw_only=True):
    id: str
    effect: str = ""
    stop: bool = False


class DeathSave(Command, tag="death_save", frozen=True, kw_only=True):
    id: str


class Stabilize(Command, tag="stabilize", frozen=True, kw_only=True):
    id: str
    target: str


class React(Command, tag="react", frozen=True, kw_only=True):
    id: str
    with_: str = msgspec.field(name="with")
    target: str | None = None
    attack: str | None = None
    advantage: bool = False
    disadvantage: bool = False


class Pass(Command, tag="pass", frozen=True, kw_only=True):
    id: str


class EndTurn(Command, tag="end_turn", frozen=True, kw_only=True):
    pass


class Stand(Command, tag="stand", frozen=True, kw_only=True):
    id: str


class DropProne(Command, tag="drop_prone", frozen=True, kw_only=True):
    id: str


class Terrain(Command, tag="terrain", frozen=True, kw_only=True):
    squares: tuple[Square, ...]
    kind: Literal["difficult", "clear"]


class Trigger(Command, tag="trigger", frozen=True, kw_only=True):
    id: str


class Cast(Command, tag="cast", frozen=True, kw_only=True):
    """INTERFACE.md §7: cast a spell (an id, or a spell object given here)."""

    caster: str
    spell: str | dict[str, Any]
    level: int | None = None
    targets: tuple[str, ...] = ()
    at: Square | None = None
    using: Literal["slot", "per_day", "ritual", "at_will"] = "slot"
    legendary_resistance: tuple[str, ...] = ()


class NextRound(Command, tag="next_round", frozen=True, kw_only=True):
    rounds: int = 1


class End(Command, tag="end", frozen=True, kw_only=True):
    reason: str = ""


class Legendary(Command, tag="legendary", frozen=True, kw_only=True):
    id: str
    action: str
    target: str = ""
    targets: tuple[str, ...] | None = None
    advantage: bool = False
    disadvantage: bool = False
    cover: Literal["half", "three_quarters", "total"] | None = None
    legendary_resistance: tuple[str, ...] = ()


class Rest(Command, tag="rest", frozen=True, kw_only=True):
    kind: str
    ids: tuple[str, ...] | None = None


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
