"""The commands every ruleset takes word for word (same fields, types and defaults), declared once, and the bases
of those the rulesets take with a few fields of their own (issue 19: "commands that know no game ... live in the
kernel once").

A ruleset's commands module names these in its `AnyCommand` union; a command it takes with more fields subclasses
the base here, and msgspec puts the base's fields first, so each command keeps its `do` tag, its fields and their
order exactly as a ruleset declared them before. What a command does is each ruleset's own business: nothing here
decides anything."""

from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import Command

Square = tuple[int, int]


class CarryFrom(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """`add`'s `carry`: the combatant `id` as it ended the encounter `from` of the same log (INTERFACE.md §7)."""

    from_: str = msgspec.field(name="from")
    id: str


# ------------------------------------------------------------------------- the same in every ruleset, word for word
class Remove(Command, tag="remove", frozen=True, kw_only=True):
    id: str


class Place(Command, tag="place", frozen=True, kw_only=True):
    id: str
    at: Square


class Hidden(Command, tag="hidden", frozen=True, kw_only=True):
    """The players' view leaves `id` out until it is revealed (`hidden: false`): no rule changes."""

    id: str
    hidden: bool = True


class Surprise(Command, tag="surprise", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Order(Command, tag="order", frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Start(Command, tag="start", frozen=True, kw_only=True):
    pass


class Heal(Command, tag="heal", frozen=True, kw_only=True):
    target: str
    amount: int | None = None
    roll: str | None = None
    source: str = ""


class TempHp(Command, tag="temp_hp", frozen=True, kw_only=True):
    target: str
    amount: int
    replace: bool = False


class DeathSave(Command, tag="death_save", frozen=True, kw_only=True):
    id: str


class Stabilize(Command, tag="stabilize", frozen=True, kw_only=True):
    id: str
    target: str


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


class Rest(Command, tag="rest", frozen=True, kw_only=True):
    """INTERFACE.md §7 `rest`: a short or long rest (pf1: a long rest, a night's 8 hours) for `ids` (default every
    PC)."""

    kind: str
    ids: tuple[str, ...] | None = None


# -------------------------------------------------- the fields every ruleset's command starts with (no `do` of its own)
class CreateBase(Command, frozen=True, kw_only=True):
    ruleset: str
    seed: int | str | None = None
    lang: Literal["fr", "en"] = "en"
    name: str = ""


class AddBase(Command, frozen=True, kw_only=True):
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


class InitiativeBase(Command, frozen=True, kw_only=True):
    id: str
    value: int | None = None


class MoveBase(Command, frozen=True, kw_only=True):
    id: str
    path: tuple[Square, ...]
    mode: Literal["walk", "crawl", "fly", "swim", "climb", "teleport"] = "walk"
    forced: bool = False


class ActionBase(Command, frozen=True, kw_only=True):
    id: str
    action: str


class CastBase(Command, frozen=True, kw_only=True):
    """INTERFACE.md §7: cast a spell (an id, or a spell object given here)."""

    caster: str
    spell: str | dict[str, Any]
    level: int | None = None
    targets: tuple[str, ...] = ()


class Contest(Command, frozen=True, kw_only=True):
    """One creature against another: grapple, shove, and pf1's maneuver and coup de grâce."""

    attacker: str
    target: str


class ShoveBase(Contest, frozen=True, kw_only=True):
    effect: Literal["prone", "push"] = "prone"


class DamageBase(Command, frozen=True, kw_only=True):
    target: str | None = None
    targets: tuple[str, ...] | None = None
    amount: int | None = None
    roll: str | None = None
    type: str
    adjust: int = 0


class SaveBase(Command, frozen=True, kw_only=True):
    id: str
    ability: str
    dc: int


class CheckBase(Command, frozen=True, kw_only=True):
    id: str
    ability: str | None = None
    skill: str | None = None
    dc: int | None = None


class ConditionBase(Command, frozen=True, kw_only=True):
    target: str
    add: str | None = None
    remove: str | None = None
    source: str | None = None
    until: str | dict[str, Any] | None = None
    of: str | None = None
    rounds: int | None = None


class ReactBase(Command, frozen=True, kw_only=True):
    id: str
    with_: str = msgspec.field(name="with")
