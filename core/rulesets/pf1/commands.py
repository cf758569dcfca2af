"""The pf1 commands as typed values (INTERFACE-pf1 §1): unknown fields are refused by name.

The commands every ruleset takes word for word are the kernel's (core/kernel/shared_commands.py); those below are
pf1's own, or add pf1's fields to the kernel's base of the same command (its fields come first, as before)."""

from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import Command, explained
from combatlog.core.kernel.errors import InvalidCommand
from combatlog.core.kernel.shared_commands import (
    ActionBase, AddBase, CarryFrom, CastBase, CheckBase, ConditionBase, Contest, CreateBase, DamageBase, DeathSave,
    DropProne, End, EndTurn, Heal, Hidden, InitiativeBase, MoveBase, Order, Pass, Place, ReactBase, Remove, Rest,
    SaveBase, ShoveBase, Stabilize, Stand, Start, Surprise, TempHp, Terrain, Trigger)


class SaveSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ability: Literal["fort", "ref", "will"]
    dc: int
    half: bool = True


class Create(CreateBase, tag="create", frozen=True, kw_only=True):
    # How distances are shown; None: the language's own (feet in English, metres in French: words.default_units).
    units: Literal["m", "ft"] | None = None
    massive_damage: bool = False
    # The version of the pf1 rules to play under (state.py RULES_VERSIONS); None: the current one (a re-derived
    # create: the one its log recorded).
    rules: Literal[0, 1] | None = None


class Add(AddBase, tag="add", frozen=True, kw_only=True):
    # Joins as it ended another encounter of the same log (INTERFACE.md §7; core/rulesets/pf1/carry.py).
    carry: CarryFrom | None = None


class Initiative(InitiativeBase, tag="initiative", frozen=True, kw_only=True):
    pass


class RollOff(Command, tag="roll_off", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Move(MoveBase, tag="move", frozen=True, kw_only=True):
    five_foot_step: bool = False


class Action(ActionBase, tag="action", frozen=True, kw_only=True):
    slot: Literal["standard", "move", "full_round", "swift", "immediate", "free"] | None = None
    provokes: bool | None = None
    target: str | None = None
    ally: str | None = None
    on: Literal["attack", "ac"] | None = None
    spell_level: int = 0
    defensively: bool = False
    trigger: str = ""
    response: dict[str, Any] | None = None
    # The spell a `cast` command casts through this action (pf1/spells.py), resolved once the action goes through.
    cast: dict[str, Any] | None = None


class Cast(CastBase, tag="cast", frozen=True, kw_only=True):
    """INTERFACE.md §7: cast a spell (an id, or a spell object given here) through the `cast_spell` action."""

    defensively: bool = False
    legendary_resistance: tuple[str, ...] = ()


class Dismiss(Command, tag="dismiss", frozen=True, kw_only=True):
    """End a spell's named effect (`bless`, `shield`...) before its time: on `target` (default: every creature),
    cast by `source` (default: any caster)."""

    effect: str
    target: str | None = None
    source: str | None = None


class Modifier(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    value: int


class Attack(Command, tag="attack", frozen=True, kw_only=True):
    attacker: str
    target: str
    with_: str | None = msgspec.field(name="with", default=None)
    fight_defensively: bool = False
    nonlethal: bool = False
    cover: Literal["partial", "normal", "improved", "soft", "total"] | None = None
    concealment: Literal["normal", "total"] | None = None
    flanking: bool | None = None
    modifiers: tuple[Modifier, ...] = ()


class FullAttack(Command, tag="full_attack", frozen=True, kw_only=True):
    attacker: str
    target: str | None = None
    with_: str | None = msgspec.field(name="with", default=None)
    attacks: tuple[dict[str, Any], ...] | None = None
    fight_defensively: bool = False
    nonlethal: bool = False
    cover: Literal["partial", "normal", "improved", "soft", "total"] | None = None
    concealment: Literal["normal", "total"] | None = None
    flanking: bool | None = None
    modifiers: tuple[Modifier, ...] = ()


class CoupDeGrace(Contest, tag="coup_de_grace", frozen=True, kw_only=True):
    """PRD Coup de Grace: a full-round action against a helpless opponent (added to INTERFACE-pf1)."""

    with_: str | None = msgspec.field(name="with", default=None)


class Maneuver(Contest, tag="maneuver", frozen=True, kw_only=True):
    maneuver: str


class Grapple(Contest, tag="grapple", frozen=True, kw_only=True):
    pass


class Shove(ShoveBase, tag="shove", frozen=True, kw_only=True):
    pass


class Escape(Command, tag="escape", frozen=True, kw_only=True):
    id: str
    skill: Literal["escape_artist"] | None = None


class Damage(DamageBase, tag="damage", frozen=True, kw_only=True):
    nonlethal: bool = False
    weapon: bool = False
    bypass: tuple[str, ...] = ()
    critical: bool = False
    multiplier: int = 2
    save: SaveSpec | None = None
    source: str = ""


class Save(SaveBase, tag="save", frozen=True, kw_only=True):
    pass


class Opponent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    ability: str | None = None
    skill: str | None = None


class Check(CheckBase, tag="check", frozen=True, kw_only=True):
    against: Opponent | None = None


class Condition(ConditionBase, tag="condition", frozen=True, kw_only=True):
    save: SaveSpec | None = None
    # bleed only: the HP it loses at the start of each of its turns (PRD Bleed); 0 leaves the damage to the DM
    amount: int | None = None


class Concentrate(Command, tag="concentrate", frozen=True, kw_only=True):
    id: str = ""
    effect: str = ""
    stop: bool = False


class React(ReactBase, tag="react", frozen=True, kw_only=True):  # noqa: D101
    attack: str | None = None
    target: str | None = None


AnyCommand = (
    Create | Add | Remove | Place | Hidden | Surprise | Initiative | RollOff | Order | Start | Move | Action | Attack
    | FullAttack | CoupDeGrace | Maneuver | Grapple | Shove | Escape | Damage | Heal | TempHp | Save | Check | Condition
    | Concentrate | DeathSave | Stabilize | React | Pass | EndTurn | Stand | DropProne | Terrain | Trigger | End | Cast
    | Dismiss | Rest
)
COMMAND_NAMES = tuple(sorted(cls.__struct_config__.tag for cls in AnyCommand.__args__))
# INTERFACE-pf1: PF1 has no advantage; `slot` on attack is refused.
REFUSED = ("advantage", "disadvantage")


def parse(raw: object) -> Command:
    if not isinstance(raw, dict):
        raise InvalidCommand("rule-command-must-be-json-object")
    name = raw.get("do")
    if name not in COMMAND_NAMES:
        raise InvalidCommand("pf1-rule-unknown-command", name=str(name), known=", ".join(COMMAND_NAMES))
    for key in REFUSED:
        if key in raw:
            raise InvalidCommand("pf1-rule-no-advantage", name=name, field=key)
    if name in ("attack", "full_attack") and "slot" in raw:
        raise InvalidCommand("pf1-rule-no-slot", name=name)
    try:
        return msgspec.convert(raw, AnyCommand)
    except msgspec.ValidationError as error:
        raise InvalidCommand("rule-command-field", name=name, reason=explained(str(error))) from None
