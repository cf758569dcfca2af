"""Events of attacks, saving throws and ability checks: every d20 test with its faces."""

from typing import ClassVar

from combatlog.events.base import Event
from combatlog.events.values import Modifier


class AttackRolled(Event, frozen=True, kw_only=True):
    """`auto_miss`: why the attack missed whatever its roll, a code (beyond_long_range,
    underwater_beyond_normal_range); its advantage, disadvantage and modifiers' labels are codes too
    (events/labels.py). v1 stored English phrases."""

    schema_version: ClassVar[int] = 2
    attacker: str
    target: str
    attack: str
    kind: str = "melee"
    slot: str = "action"
    faces: tuple[int, ...]
    natural: int
    modifiers: tuple[Modifier, ...] = ()
    total: int
    target_ac: int
    ac_modifiers: tuple[Modifier, ...] = ()
    advantage: tuple[str, ...] = ()
    disadvantage: tuple[str, ...] = ()
    hit: bool
    critical: bool = False
    auto_miss: str = ""
    nonlethal: bool = False


class AttackReevaluated(Event, frozen=True, kw_only=True):
    """A reaction changed the target's AC after the roll: the hit is judged again. Its modifiers' labels are codes (events/labels.py; v1 stored English phrases)."""

    schema_version: ClassVar[int] = 2
    attacker: str
    target: str
    target_ac: int
    ac_modifiers: tuple[Modifier, ...] = ()
    hit: bool
    critical: bool = False


class SavingThrowRolled(Event, frozen=True, kw_only=True):
    """`purpose`: what the save is for, a code (concentration, damage, end_condition with the condition in
    `condition`, ...; v1 stored "end <condition>"); its labels are codes (events/labels.py)."""

    schema_version: ClassVar[int] = 2
    id: str
    ability: str
    dc: int
    faces: tuple[int, ...] = ()
    natural: int = 0
    modifiers: tuple[Modifier, ...] = ()
    total: int = 0
    advantage: tuple[str, ...] = ()
    disadvantage: tuple[str, ...] = ()
    success: bool
    auto_fail: str = ""
    purpose: str = ""
    condition: str = ""


class CheckRolled(Event, frozen=True, kw_only=True):
    """An ability check; its advantage, disadvantage and modifiers' labels are codes (events/labels.py; v1 stored English phrases)."""

    schema_version: ClassVar[int] = 2
    id: str
    ability: str
    skill: str = ""
    dc: int | None = None
    faces: tuple[int, ...] = ()
    natural: int = 0
    modifiers: tuple[Modifier, ...] = ()
    total: int = 0
    advantage: tuple[str, ...] = ()
    disadvantage: tuple[str, ...] = ()
    success: bool | None = None
    purpose: str = ""


class ContestResolved(Event, frozen=True, kw_only=True):
    """Two checks compared: a tie leaves things as they were (winner empty)."""

    ids: tuple[str, str]
    totals: tuple[int, int]
    winner: str = ""
    purpose: str = ""
