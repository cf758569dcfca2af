"""The pf1 commands as typed values (INTERFACE-pf1 §1): unknown fields are refused by name."""

from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import Command, explained
from combatlog.core.kernel.errors import InvalidCommand

Square = tuple[int, int]


class SaveSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ability: Literal["fort", "ref", "will"]
    dc: int
    half: bool = True


class Create(Command, tag="create", frozen=True, kw_only=True):
    ruleset: str
    seed: int | str | None = None
    lang: Literal["fr", "en"] = "en"
    name: str = ""
    # How distances are shown; None: the language's own (feet in English, metres in French: words.default_units).
    units: Literal["m", "ft"] | None = None
    massive_damage: bool = False
    # The version of the pf1 rules to play under (state.py RULES_VERSIONS); None: the current one (a re-derived
    # create: the one its log recorded).
    rules: Literal[0, 1] | None = None


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
    # Joins as it ended another encounter of the same log (INTERFACE.md §7; core/rulesets/pf1/carry.py).
    carry: CarryFrom | None = None


class Remove(Command, tag="remove", frozen=True, kw_only=True):
    id: str


class Place(Command, tag="place", frozen=True, kw_only=True):
    id: str
    at: Square


class Hidden(Command, tag="hidden", frozen=True, kw_only=True):
    """The players' view leaves `id` out until it is revealed (`hidden: false`): no rule changes (as in 5e)."""

    id: str
    hidden: bool = True


class Surprise(Command, tag="surprise", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Initiative(Command, tag="initiative", frozen=True, kw_only=True):
    id: str
    value: int | None = None


class RollOff(Command, tag="roll_off", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Order(Command, tag="order", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Start(Command, tag="start", frozen=True, kw_only=True):
    pass


class Move(Command, tag="move", frozen=True, kw_only=True):
    id: str
    path: tuple[Square, ...]
    mode: Literal["walk", "crawl", "fly", "swim", "climb", "teleport"] = "walk"
    forced: bool = False
    five_foot_step: bool = False


class Action(Command, tag="action", frozen=True, kw_only=True):
    id: str
    action: str
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


class Cast(Command, tag="cast", frozen=True, kw_only=True):
    """INTERFACE.md §7: cast a spell (an id, or a spell object given here) through the `cast_spell` action."""

    caster: str
    spell: str | dict[str, Any]
    level: int | None = None
    targets: tuple[str, ...] = ()
    defensively: bool = False
    legendary_resistance: tuple[str, ...] = ()


class Dismiss(Command, tag="dismiss", frozen=True, kw_only=True):
    """End a spell's named effect (`bless`, `shield`...) before its time: on `target` (default: every creature),
    cast by `source` (default: any caster)."""

    effect: str
    target: str | None = None
    source: str | None = None


class Rest(Command, tag="rest", frozen=True, kw_only=True):
    """INTERFACE.md §7 `rest`, pf1: a long rest (a night's 8 hours) for `ids` (default every PC)."""

    kind: str
    ids: tuple[str, ...] | None = None


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


class CoupDeGrace(Command, tag="coup_de_grace", frozen=True, kw_only=True):
    """PRD Coup de Grace: a full-round action against a helpless opponent (added to INTERFACE-pf1)."""
    attacker: str
    target: str
    with_: str | None = msgspec.field(name="with", default=None)


class Maneuver(Command, tag="maneuver", frozen=True, kw_only=True):
    attacker: str
    target: str
    maneuver: str


class Grapple(Command, tag="grapple", frozen=True, kw_only=True):
    attacker: str
    target: str


class Shove(Command, tag="shove", frozen=True, kw_only=True):
    attacker: str
    target: str
    effect: Literal["prone", "push"] = "prone"


class Escape(Command, tag="escape", frozen=True, kw_only=True):
    id: str
    skill: Literal["escape_artist"] | None = None


class Damage(Command, tag="damage", frozen=True, kw_only=True):
    target: str | None = None
    targets: tuple[str, ...] | None = None
    amount: int | None = None
    roll: str | None = None
    type: str
    adjust: int = 0
    nonlethal: bool = False
    weapon: bool = False
    bypass: tuple[str, ...] = ()
    critical: bool = False
    multiplier: int = 2
    save: SaveSpec | None = None
    source: str = ""


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


class Opponent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    ability: str | None = None
    skill: str | None = None


class Check(Command, tag="check", frozen=True, kw_only=True):
    id: str
    ability: str | None = None
    skill: str | None = None
    dc: int | None = None
    against: Opponent | None = None


class Condition(Command, tag="condition", frozen=True, kw_only=True):
    target: str
    add: str | None = None
    remove: str | None = None
    source: str | None = None
    until: str | dict[str, Any] | None = None
    of: str | None = None
    rounds: int | None = None
    save: SaveSpec | None = None
    # bleed only: the HP it loses at the start of each of its turns (PRD Bleed); 0 leaves the damage to the DM
    amount: int | None = None


class Concentrate(Command, tag="concentrate", frozen=True, kw_only=True):
    id: str = ""
    effect: str = ""
    stop: bool = False


class DeathSave(Command, tag="death_save", frozen=True, kw_only=True):
    id: str


class Stabilize(Command, tag="stabilize", frozen=True, kw_only=True):
    id: str
    target: str


class React(Command, tag="react", frozen=True, kw_only=True):  # noqa: D101
    id: str
    with_: str = msgspec.field(name="with")
    attack: str | None = None
    target: str | None = None


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


class End(Command, tag="end", frozen=True, kw_only=True):
    reason: str = ""


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
