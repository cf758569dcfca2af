"""The pf1 ruleset's own events (tagged msgspec Structs; tag = class name, prefixed `Pf1`).

The kernel's CommandIssued, EncounterCreated, CombatEnded and DiceLeftUnused are reused as they are.
Events carry the values they set (hp after, order…), so the fold only copies them.
"""

from typing import Any, ClassVar

from combatlog.events.base import Event
from combatlog.events.shapes import (
    ActionFields, CombatantFields, InitiativeFields, PlacedFields, TurnFields, TurnSkippedFields)

Square = tuple[int, int]


class Pf1RulesChosen(Event, frozen=True, kw_only=True):
    """The pf1 options of `create` (the PRD's optional massive-damage rule), and the version of the pf1 rules the
    encounter is played under (state.py RULES_VERSIONS; absent from logs written before versions: ORIGINAL_RULES).
    `create` records it whenever it is not ORIGINAL_RULES."""

    massive_damage: bool = False
    rules: int = 0  # state.ORIGINAL_RULES


class Pf1CombatantAdded(CombatantFields, frozen=True, kw_only=True):
    # Joined after `start`: flat-footed until its first turn (INTERFACE-pf1 `add`).
    unacted: bool = False


class Pf1CombatantRemoved(Event, frozen=True, kw_only=True):
    id: str


class Pf1Placed(PlacedFields, frozen=True, kw_only=True):
    pass


class Pf1TerrainMarked(Event, frozen=True, kw_only=True):
    squares: tuple[Square, ...]
    kind: str


class Pf1SurpriseDeclared(Event, frozen=True, kw_only=True):
    ids: tuple[str, ...]


class Pf1InitiativeRolled(InitiativeFields, frozen=True, kw_only=True):
    modifier: int = 0
    total: int
    set_by_dm: bool = False


class Pf1RolledOff(Event, frozen=True, kw_only=True):
    """Seed 004 Initiative: the tied roll again; `rounds` holds each round's faces, `order` the result."""

    ids: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...]
    order: tuple[str, ...]


class Pf1OrderSet(Event, frozen=True, kw_only=True):
    order: tuple[str, ...]
    ranked: tuple[str, ...] = ()  # the ids the DM ranked (ties settled); empty: the whole order


class Pf1CombatStarted(Event, frozen=True, kw_only=True):
    order: tuple[str, ...]
    surprise_round: bool
    flat_footed: tuple[str, ...] = ()


class Pf1TurnStarted(TurnFields, frozen=True, kw_only=True):
    opens_turn: ClassVar[bool] = True  # the transcript opens a turn here
    restricted: bool = False
    awaiting_check: bool = False
    ended_effects: tuple[int, ...] = ()


class Pf1TurnSkipped(TurnSkippedFields, frozen=True, kw_only=True):
    pass


class Pf1TurnEnded(Event, frozen=True, kw_only=True):
    id: str
    ended_effects: tuple[int, ...] = ()


class Pf1SurpriseRoundEnded(Event, frozen=True, kw_only=True):
    ids: tuple[str, ...] = ()


class Pf1ActionSpent(Event, frozen=True, kw_only=True):
    """`slots` among standard, move, full_round, swift; `by` names the act (shown in `actions`)."""

    id: str
    slots: tuple[str, ...]
    by: str
    owed: bool = False  # an immediate action off its turn: the next turn's swift action
    spent: str = ""  # the kind of action for the log line: full_round, double, standard, move, swift, immediate


class Pf1ActionTaken(ActionFields, frozen=True, kw_only=True):
    details: dict[str, Any] = {}


class Pf1Moved(Event, frozen=True, kw_only=True):
    id: str
    path: tuple[Square, ...]
    metres: float = 0.0
    five_foot_step: bool = False
    forced: bool = False


class _EffectFields(Event, frozen=True, kw_only=True):
    """The fields every pf1 effect event starts with (a base, never written: EVENT_TYPES lists the Pf1 names)."""

    id: str
    instance: int
    effect: str


class Pf1EffectStarted(_EffectFields, frozen=True, kw_only=True):
    until: str = "start_of_turn"
    data: dict[str, Any] = {}


class Pf1EffectChanged(_EffectFields, frozen=True, kw_only=True):
    """An effect goes on with new data (a charge's move done, its attack made)."""

    data: dict[str, Any] = {}


class Pf1EffectEnded(_EffectFields, frozen=True, kw_only=True):
    pass


class _ConditionFields(Event, frozen=True, kw_only=True):
    """The fields every pf1 condition event starts with (a base, never written)."""

    target: str
    instance: int
    condition: str


class Pf1ConditionApplied(_ConditionFields, frozen=True, kw_only=True):
    source: str = ""
    until: dict[str, Any] = {}
    no_effect: bool = False  # the target is immune: recorded, not applied (INTERFACE.md `condition`)
    amount: int = 0  # bleed: HP lost at the start of each of its turns (PRD Bleed)


class Pf1ConditionEnded(_ConditionFields, frozen=True, kw_only=True):
    reason: str = ""


class Pf1AttackRolled(Event, frozen=True, kw_only=True):
    attacker: str
    target: str
    attack: str
    kind: str  # attack, full_attack, opportunity, charge
    d20: int
    bonus: int
    modifiers: tuple[dict[str, Any], ...] = ()
    total: int
    ac: int
    ac_kind: str  # normal, touch, flat_footed, flat_footed_touch
    hit: bool
    threat: bool = False


class Pf1MissChanceRolled(Event, frozen=True, kw_only=True):
    attacker: str
    target: str
    d100: int
    chance: int
    missed: bool


class Pf1CriticalConfirmed(Event, frozen=True, kw_only=True):
    attacker: str
    target: str
    d20: int
    total: int
    ac: int
    multiplier: int


class Pf1CriticalNotConfirmed(Event, frozen=True, kw_only=True):
    attacker: str
    target: str
    d20: int
    total: int
    ac: int


class Pf1DamageRolled(Event, frozen=True, kw_only=True):
    """Each part rolled: {roll, type, faces, total, multiplied}; `minimum` when seed 004 Dégâts minimaux raised it to 1."""

    attacker: str = ""
    target: str
    parts: tuple[dict[str, Any], ...]
    total: int
    minimum: bool = False


class Pf1DamageTaken(Event, frozen=True, kw_only=True):
    """`source`: a marker of the rules as a code (disabled_strain; v1 stored the English phrase)."""

    schema_version: ClassVar[int] = 2
    target: str
    amount: int
    nonlethal: bool = False
    reduced: tuple[dict[str, Any], ...] = ()  # {"by": "dr"/"resistance"/"immunity"/"vulnerability", "type", "amount"}
    hp_after: int
    temp_after: int
    nonlethal_after: int
    source: str = ""


class Pf1StatusChanged(Event, frozen=True, kw_only=True):
    id: str
    status: str
    hp: int


class Pf1Healed(Event, frozen=True, kw_only=True):
    target: str
    amount: int
    faces: tuple[int, ...] = ()
    hp_after: int
    nonlethal_after: int


class Pf1TempHpGranted(Event, frozen=True, kw_only=True):
    target: str
    amount: int
    after: int


class Pf1SaveRolled(Event, frozen=True, kw_only=True):
    """`purpose`: a code (spell, damage, massive_damage, end_condition with the condition in `condition`; v1
    stored "end <condition>")."""

    schema_version: ClassVar[int] = 2
    id: str
    ability: str
    d20: int
    bonus: int
    total: int
    dc: int
    success: bool
    purpose: str = ""
    condition: str = ""


class Pf1CheckRolled(Event, frozen=True, kw_only=True):
    """`purpose`: a code (aid_attack, aid_ac, feint, first_aid, opposed_by, opposing, spell, casting_defensively,
    hurt_while_casting, ...) with whom it is made against in `target`, the ally aided in `ally`, the spell in
    `spell` (v1 stored sentences: "feint against gob")."""

    schema_version: ClassVar[int] = 2
    id: str
    check: str
    d20: int
    bonus: int
    total: int
    dc: int | None = None
    success: bool | None = None
    purpose: str = ""
    target: str = ""
    ally: str = ""
    spell: str = ""


class Pf1StabilizationRolled(Event, frozen=True, kw_only=True):
    """PRD Stable Characters and Recovery: d20 + Con modifier + hp (negative) against 10; a natural 20 succeeds."""

    id: str
    d20: int | None
    bonus: int
    total: int
    success: bool
    automatic_failure: bool = False


class Pf1ManeuverRolled(Event, frozen=True, kw_only=True):
    """`total` = d20 + `cmb` + the labelled `modifiers` (e.g. {"label": "aoo_damage", "value": -5}: PRD Combat
    Maneuvers, damage from the attack of opportunity it provoked). `automatic` names why it succeeds whatever the
    roll (PRD: an immobilized, unconscious or otherwise helpless target; as a natural 20): the condition, e.g.
    "unconscious", "paralyzed", "petrified", "helpless"; "" when the d20 decided."""

    attacker: str
    target: str
    maneuver: str
    d20: int
    cmb: int
    total: int
    cmd: int
    success: bool
    modifiers: tuple[dict[str, Any], ...] = ()
    automatic: str = ""


class Pf1WindowOpened(Event, frozen=True, kw_only=True):
    """An attack-of-opportunity window (or a readied trigger) opens: `act` says what provoked, as a code of
    `events/windows.py`; v1 stored English and French sentences in `trigger` and `trigger_fr`."""

    schema_version: ClassVar[int] = 2
    waiting: str  # the provoking creature (the readier's trigger: the creature whose turn it is)
    act: str = ""  # move, shoot, unarmed, cast, stand, maneuver, first_aid, coup_de_grace, readied, or the action's name
    square: tuple[int, int] | None = None  # the square left, for a move
    target: str = ""  # the creature given first aid, dealt a coup de grâce, or the maneuver's target
    using: str = ""  # the weapon shot with, or the maneuver attempted
    text: str = ""  # a readied trigger's own words, as the table gave them
    reactors: tuple[str, ...]
    pending: dict[str, Any] = {}
    movement: bool = False


class Pf1ReactionTaken(Event, frozen=True, kw_only=True):
    id: str
    reaction: str = "opportunity_attack"


class Pf1ReactionPassed(Event, frozen=True, kw_only=True):
    id: str


class Pf1WindowClosed(Event, frozen=True, kw_only=True):
    waiting: str = ""


class Pf1SpellLost(Event, frozen=True, kw_only=True):
    """`reason`: a reason code ("failed_to_cast_defensively"; v1 stored the English phrase)."""

    schema_version: ClassVar[int] = 2
    id: str
    reason: str


EVENT_TYPES: tuple[type, ...] = tuple(
    value for name, value in dict(globals()).items() if name.startswith("Pf1") and isinstance(value, type)
)
