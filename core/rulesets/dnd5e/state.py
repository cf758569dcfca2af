"""The folded state of an encounter: frozen values, rebuilt from events and never edited in place."""

from typing import Any

import msgspec

from combatlog.core.rulesets.dnd5e.stats import Stats

Square = tuple[int, int]


class ConditionInstance(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    instance: int
    condition: str
    source: str = ""
    until: dict[str, Any] = {}
    level: int = 1


class Effect(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A timed effect that is not a condition: dodging, helped, a reaction's AC bonus, readied."""

    instance: int
    effect: str
    source: str = ""
    until: dict[str, Any] = {}
    data: dict[str, Any] = {}


class Economy(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What a creature has spent this turn."""

    action: str = ""
    bonus: str = ""
    object: bool = False
    attacks_left: int = 0
    light_attack: str = ""
    movement_used: float = 0.0
    extra_movement: float = 0.0
    disengaged: bool = False
    # Spells cast on this turn, as (casting time, spell level, using): the bonus-action spell rule (spells.py).
    spells_cast: tuple[tuple[str, int, str], ...] = ()


class Resources(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What a creature has spent of what runs out (INTERFACE.md §7); what is left is its stat block's max less this."""

    uses_spent: dict[str, int] = {}
    legendary_spent: int = 0
    resistance_spent: int = 0


class Combatant(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    name: str
    name_fr: str = ""
    side: str
    kind: str
    stats: Stats
    hp: int
    temp_hp: int = 0
    status: str = "alive"
    conditions: tuple[ConditionInstance, ...] = ()
    effects: tuple[Effect, ...] = ()
    death_successes: int = 0
    death_failures: int = 0
    initiative: int | None = None
    tie_rank: int = 0
    position: Square | None = None
    reaction_available: bool = True
    economy: Economy = Economy()
    group: str = ""
    surprised: bool = False
    turns_taken: int = 0
    concentration: str = ""
    template: str = ""
    hidden: bool = False  # from the players' view (the DM's `hidden` command)
    # Rôle'n Play (seed 003): plain attacks in a row (cinematic rule, D7); a monster that falls unconscious at 0 HP.
    plain_streak: int = 0
    unconscious_at_zero: bool = False
    # Spellcasting (INTERFACE.md §7): slots spent by level ("1": 2) and daily castings spent by spell id.
    slots_spent: dict[str, int] = {}
    per_day_spent: dict[str, int] = {}
    resources: Resources = Resources()

    def has(self, condition: str) -> bool:
        for instance in self.conditions:
            if instance.condition == condition:
                return True
        return False

    def exhaustion(self) -> int:
        return sum(instance.level for instance in self.conditions if instance.condition == "exhaustion")

    def effect(self, name: str) -> Effect | None:
        return next((effect for effect in self.effects if effect.effect == name), None)

    def display_name(self, lang: str) -> str:
        return (self.name_fr or self.name) if lang == "fr" else self.name


class Window(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """An open reaction window: who may still answer, and the command that waits for it."""

    trigger: str
    reactors: tuple[str, ...]
    waiting: str
    answered: tuple[str, ...] = ()
    pending: dict[str, Any] = {}


class EncounterState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    ruleset: str = ""
    seed: str = ""
    lang: str = "en"
    name: str = ""
    underwater: bool = False
    units: str = "m"
    phase: str = "setup"
    round: int = 0
    turn: str | None = None
    order: tuple[str, ...] = ()
    combatants: dict[str, Combatant] = {}
    windows: tuple[Window, ...] = ()
    terrain: frozenset[Square] = frozenset()
    seq: int = -1
    rng_position: int = 0
    next_instance: int = 1
    created: bool = False
    # Rôle'n Play options and its post-combat clock (seed 003; None until `end`); 5e keeps the defaults.
    cinematic: bool = False
    opportunity_attacks: bool = True
    aftermath: int | None = None
    aftermath_round: int = 0
    aftermath_tried: tuple[str, ...] = ()
    # Legendary actions (INTERFACE.md §7): the creature whose turn just ended while the gap after it is open
    # ("" when closed), and who took a legendary action in that gap.
    legendary_gap: str = ""
    legendary_acted: tuple[str, ...] = ()
    # The phase a legendary action's reaction window returns to when the gap is before a dying creature's death save.
    legendary_resume: str = ""

    def combatant(self, combatant_id: str) -> Combatant | None:
        return self.combatants.get(combatant_id)
