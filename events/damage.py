"""Events of hit points: damage, healing, temporary HP, dying, death saves."""

from typing import ClassVar

from combatlog.events.base import Event
from combatlog.events.values import DamagePart


class DamageTaken(Event, frozen=True, kw_only=True):
    """Its parts' notes are codes (`halved_save`, `adjusted:-5`, `from:hunters-mark`; events/labels.py); v1
    stored English phrases."""

    schema_version: ClassVar[int] = 2
    target: str
    source: str = ""
    parts: tuple[DamagePart, ...]
    total: int
    critical: bool = False
    hp_before: int
    hp_after: int
    temp_before: int = 0
    temp_after: int = 0
    overflow: int = 0
    half_on_save: bool = False
    # INTERFACE.md §8: the damage's qualities (magic, silver, adamantine) and, for a rider's damage, its place in
    # the attack's `on_hit` (1 the first; 0 the hit's own damage or damage outside an attack).
    bypass: tuple[str, ...] = ()
    rider: int = 0


class Healed(Event, frozen=True, kw_only=True):
    """`roll`: the dice healed with; `reason`: a reason code for healing no dice gave
    (natural_20_on_a_death_save; v1 stored roll "natural 20")."""

    schema_version: ClassVar[int] = 2
    target: str
    roll: str = ""
    faces: tuple[int, ...] = ()
    amount: int
    hp_before: int
    hp_after: int
    reason: str = ""


class TempHpGranted(Event, frozen=True, kw_only=True):
    target: str
    amount: int
    before: int
    after: int


class StatusChanged(Event, frozen=True, kw_only=True):
    """alive, dying, stable or dead, with the rule that made it so: a reason code (`combatlog.events.reasons`) and
    the creature it names, if any, in `by` (v1 stored an English sentence: "stabilized by aria"); massive damage
    names the damage left over and the hit point maximum in `over` and `max_hp` (v2 stored every reason as an
    English phrase but "stabilized_by")."""

    schema_version: ClassVar[int] = 3
    id: str
    status: str
    reason: str = ""
    by: str = ""
    over: int = 0
    max_hp: int = 0
    hp: int | None = None


class DeathSaveRolled(Event, frozen=True, kw_only=True):
    """`outcome`: success, failure, two_failures, regains_1_hp, stable or dead (v1 stored "two failures" and
    "regains 1 HP" as English)."""

    schema_version: ClassVar[int] = 2
    id: str
    faces: tuple[int, ...]
    natural: int
    successes: int
    failures: int
    outcome: str = ""


class DeathSaveFailed(Event, frozen=True, kw_only=True):
    """Failures added without a roll: damage at 0 HP (two on a critical hit); `reason` a reason code (v1: the
    English phrase)."""

    schema_version: ClassVar[int] = 2
    id: str
    count: int
    successes: int
    failures: int
    reason: str = ""


class DeathSavesReset(Event, frozen=True, kw_only=True):
    id: str


class DeathSaveCancelled(Event, frozen=True, kw_only=True):
    """The death save the turn waited for is no longer due: the DM healed, stabilized or killed the creature."""

    id: str
    reason: str = ""
