"""Events of spellcasting (INTERFACE.md §7): a spell cast, the slot or daily use it spent, their return. Saves, attack rolls,
damage, healing, conditions and effects of a spell are the ordinary events of those things, after these."""

from combatlog.events.base import Event


class SpellCast(Event, frozen=True, kw_only=True):
    """`caster` casts `spell` (its level `spell_level`) with a slot of `slot_level` (0: no slot), `using`
    "slot", "per_day", "ritual" or "cantrip", as its `casting_time` ("action", "bonus", "reaction", or a longer
    time outside combat); `upcast` levels above the spell's; `multiplier` is the cantrip's dice multiplier."""

    caster: str
    spell: str
    spell_level: int
    slot_level: int = 0
    using: str = "slot"
    casting_time: str = "action"
    targets: tuple[str, ...] = ()
    at: tuple[int, int] | None = None
    dc: int = 0  # the save DC, 0 for a spell without a save
    attack_bonus: int | None = None
    upcast: int = 0
    multiplier: int = 1
    concentration: bool = False
    ritual_minutes: int = 0
    # A spell readied on an earlier turn, released now with the reaction (its slot was spent when readied).
    held: bool = False


class SpellSlotSpent(Event, frozen=True, kw_only=True):
    caster: str
    level: int
    left: int
    max: int


class PerDaySpent(Event, frozen=True, kw_only=True):
    """One of a spell's daily castings (`per_day`) spent."""

    caster: str
    spell: str
    left: int
    max: int



class SpellsRestored(Event, frozen=True, kw_only=True):
    """A long rest gives `id` back every spell slot and daily casting it had spent: `slots` and `per_day`, how
    many came back (SRD 5.1/5.2 "Spell Slots": expended slots are regained after a long rest)."""

    id: str
    slots: int = 0
    per_day: int = 0


class SpellCountered(Event, frozen=True, kw_only=True):
    """`by` countered `caster`'s `spell` (cast at `level`, 0 for a cantrip): it has no effect. `slot_spent`: the
    countered spell's slot is expended anyway (SRD 5.1) or not (SRD 5.2: "the slot isn't expended")."""

    caster: str
    spell: str
    level: int
    by: str
    slot_spent: bool = False
