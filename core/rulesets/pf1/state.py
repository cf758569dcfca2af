"""The folded state of a pf1 encounter: frozen values rebuilt from events, never edited in place."""

from typing import Any

import msgspec

from combatlog.core.rulesets.pf1.stats import Pf1Stats

Square = tuple[int, int]

# The versions of the pf1 rules an encounter is played under (`Pf1State.rules`, recorded by `create` in
# Pf1RulesChosen.rules). A log re-derives under the version it recorded, so a rule fixed later never makes an
# untouched older log fail `verify`.
ORIGINAL_RULES = 0  # what every log without a recorded version was played under
# Issue 23: the attack of opportunity's damage penalises the maneuver that provoked it; maneuvers against a helpless
# target succeed; grappled/entangled -4 Dex lowers CMD; aid another is spent by one attack and lapses at the
# helper's next turn.
AID_AND_MANEUVER_FIXES = 1
CURRENT_RULES = AID_AND_MANEUVER_FIXES  # what `create` records from now on
RULES_VERSIONS = (ORIGINAL_RULES, AID_AND_MANEUVER_FIXES)


class Pf1Actions(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What a creature spent this turn (INTERFACE-pf1 §2 `actions`); "" = available."""

    standard: str = ""
    move: str = ""
    swift: str = ""
    full_round: str = ""
    five_foot_step: bool = False
    moved: bool = False
    restricted: bool = False
    moved_metres: float = 0.0


class Pf1Effect(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    instance: int
    effect: str
    until: str = "start_of_turn"  # "start_of_turn" / "end_of_turn" of its owner, or "" (until removed)
    data: dict[str, Any] = {}


class Pf1Condition(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    instance: int
    condition: str
    source: str = ""
    until: dict[str, Any] = {}
    amount: int = 0  # bleed: HP lost at the start of each of its turns (PRD Bleed)


class Pf1Combatant(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    name: str
    name_fr: str = ""
    side: str
    kind: str
    stats: Pf1Stats
    hp: int
    temp_hp: int = 0
    nonlethal: int = 0
    status: str = "alive"
    conditions: tuple[Pf1Condition, ...] = ()
    effects: tuple[Pf1Effect, ...] = ()
    initiative: int | None = None
    tie_rank: int = 0
    position: Square | None = None
    group: str = ""
    template: str = ""
    surprised: bool = False
    hidden: bool = False  # from the players' view (the DM's `hidden` command)
    # Flat-footed from `start` (or from joining after it) until its first turn begins (seed 004 Initiative).
    unacted: bool = False
    aoo_left: int = 1
    # Movers whose movement already gave this creature its opportunity this round (seed 004, Attaques réflexes).
    aoo_movers: tuple[str, ...] = ()
    aoo_round: int = -1
    actions: Pf1Actions = Pf1Actions()
    swift_owed: bool = False  # an immediate action taken off its turn uses the next turn's swift action
    turns_taken: int = 0
    # Spells of each level spent today ("1": 2), against stats.spellcasting.per_day (pf1/spells.py).
    spells_spent: dict[str, int] = {}

    def has(self, condition: str) -> bool:
        return any(instance.condition == condition for instance in self.conditions)

    def effect(self, name: str) -> Pf1Effect | None:
        return next((e for e in self.effects if e.effect == name), None)

    def display_name(self, lang: str) -> str:
        return (self.name_fr or self.name) if lang == "fr" else self.name


class Pf1Window(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """An open attack-of-opportunity window and the command that waits for it."""

    trigger: str  # in English, as the state document has always shown it
    reactors: tuple[str, ...]
    waiting: str
    answered: tuple[str, ...] = ()
    pending: dict[str, Any] = {}
    # What provoked, as the window's opening event says it (events/windows.py): for the refusals' words.
    act: str = ""
    square: tuple[int, int] | None = None
    target: str = ""
    using: str = ""
    text: str = ""
    # Damage the waiting creature took from the attacks of opportunity of this window: a penalty on the combat
    # maneuver check that waits (PRD Combat Maneuvers).
    damage: int = 0


class Pf1State(msgspec.Struct, frozen=True, kw_only=True, gc=False, tag="pf1", tag_field="state_of"):
    ruleset: str = "pf1"
    seed: str = ""
    lang: str = "en"
    name: str = ""
    massive_damage: bool = False
    phase: str = "setup"
    round: int = 0
    surprise_round: bool = False
    turn: str | None = None
    order: tuple[str, ...] = ()
    combatants: dict[str, Pf1Combatant] = {}
    windows: tuple[Pf1Window, ...] = ()
    terrain: frozenset[Square] = frozenset()
    seq: int = -1
    rng_position: int = 0
    next_instance: int = 1
    created: bool = True
    units: str = "m"
    underwater: bool = False
    # The version of the rules this encounter is played under (see RULES_VERSIONS); a log that recorded none was
    # played before versions were recorded.
    rules: int = ORIGINAL_RULES

    @property
    def aid_and_maneuver_fixes(self) -> bool:
        """Whether the issue 23 rules apply (AID_AND_MANEUVER_FIXES): AoO damage on the maneuver check, automatic
        maneuvers on helpless targets, the -4 Dex of grappled/entangled in CMD, aid another spent and lapsing."""
        return self.rules >= AID_AND_MANEUVER_FIXES

    def combatant(self, combatant_id: str) -> Pf1Combatant | None:
        return self.combatants.get(combatant_id)
