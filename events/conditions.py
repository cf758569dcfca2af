"""Events of conditions and concentration.

Reasons are codes (`combatlog.events.reasons`), with the creature or number they name in fields of their own;
logs written before stored English sentences, which the upcasters of `events/reasons.py` read as codes."""

from typing import Any, ClassVar

from combatlog.events.base import Event


class ConditionApplied(Event, frozen=True, kw_only=True):
    """`source`: the creature that imposed it, a marker of the rules as a code ("0_hp", "fell_unconscious"; v2
    stored the English phrase), or a reason code with the creature it names in `by` ("ended_turn_in_space"; v1
    stored "ended its turn in gob1's space"). `no_effect`: why it has
    none, a code (immune, immune_petrified, already_has_it; v1 stored the last two in English)."""

    schema_version: ClassVar[int] = 3
    target: str
    condition: str
    instance: int
    source: str = ""
    by: str = ""
    until: dict[str, Any] = {}
    level: int = 1
    no_effect: str = ""


class ConditionEnded(Event, frozen=True, kw_only=True):
    """`reason`: a reason code; the creature it names is in `by`, a number of rounds in `count` (v1 stored an
    English sentence: "start of aria's turn")."""

    schema_version: ClassVar[int] = 2
    target: str
    condition: str
    instance: int
    reason: str = ""
    by: str = ""
    count: int = 0


class ConcentrationStarted(Event, frozen=True, kw_only=True):
    id: str
    effect: str


class ConcentrationEnded(Event, frozen=True, kw_only=True):
    """`reason`: a reason code ("failed_its_concentration_save"; v1 stored the English phrase)."""

    schema_version: ClassVar[int] = 2
    id: str
    effect: str
    reason: str = ""


class EffectStarted(Event, frozen=True, kw_only=True):
    """A timed effect that is not a condition: Dodge, Help, a reaction's AC bonus, a readied action."""

    id: str
    effect: str
    instance: int
    source: str = ""
    until: dict[str, Any] = {}
    data: dict[str, Any] = {}


class EffectEnded(Event, frozen=True, kw_only=True):
    """`reason`: a reason code, with `by` and `count` as in ConditionEnded (v1 stored an English sentence)."""

    schema_version: ClassVar[int] = 2
    id: str
    effect: str
    instance: int
    reason: str = ""
    by: str = ""
    count: int = 0
