"""What spellcasting adds to the folded state and to the state document (INTERFACE.md §7): slots and daily
castings spent, and the spells a creature cast on its own turn (for the bonus-action spell rule); what a rest
gives back and what `add` with `carry` brings (resources.RESTORERS, resources.CARRIED)."""

import msgspec

from combatlog.events.spells import PerDaySpent, SpellCast, SpellSlotSpent, SpellsRestored

replace = msgspec.structs.replace


def _update(state, combatant_id: str, **changes):
    combatant = state.combatants[combatant_id]
    return replace(state, combatants={**state.combatants, combatant_id: replace(combatant, **changes)})


def _slot_spent(state, event):
    who = state.combatants[event.caster]
    key = str(event.level)
    return _update(state, event.caster, slots_spent={**who.slots_spent, key: who.slots_spent.get(key, 0) + 1})


def _per_day_spent(state, event):
    who = state.combatants[event.caster]
    return _update(state, event.caster,
                   per_day_spent={**who.per_day_spent, event.spell: who.per_day_spent.get(event.spell, 0) + 1})


def _spell_cast(state, event):
    if state.turn != event.caster:
        return state  # only the caster's own turn counts for the bonus-action spell rule
    who = state.combatants[event.caster]
    cast = (event.casting_time, event.spell_level, event.using)
    return _update(state, event.caster, economy=replace(who.economy, spells_cast=who.economy.spells_cast + (cast,)))


def _restored(state, event):
    return _update(state, event.id, slots_spent={}, per_day_spent={})


HANDLERS = {SpellSlotSpent: _slot_spent, PerDaySpent: _per_day_spent, SpellCast: _spell_cast,
            SpellsRestored: _restored}


def rest_spells(ctx, creature, kind: str) -> None:
    """A long rest gives back every slot and daily casting spent; a short rest none (the Warlock's pact slots,
    back on a short rest, are not modelled: import-character leaves them out)."""
    if kind == "long" and (creature.slots_spent or creature.per_day_spent):
        ctx.emit(SpellsRestored(id=creature.id, slots=sum(creature.slots_spent.values()),
                                per_day=sum(creature.per_day_spent.values())))


def carried_spells(creature) -> dict:
    """What `add` with `carry` records of a caster: its slots and daily castings spent."""
    return {"slots": dict(creature.slots_spent), "per_day": dict(creature.per_day_spent)}


def put_carried_spells(creature, carried: dict):
    return replace(creature, slots_spent=dict(carried.get("slots") or {}),
                   per_day_spent=dict(carried.get("per_day") or {}))


def slots_left(creature, level: int) -> tuple[int, int]:
    """(left, max) of the creature's slots of `level`."""
    casting = creature.stats.spellcasting
    most = casting.slots.get(str(level), 0) if casting is not None else 0
    return max(0, most - creature.slots_spent.get(str(level), 0)), most


def per_day_left(creature, spell_id: str) -> tuple[int, int]:
    casting = creature.stats.spellcasting
    most = casting.per_day.get(spell_id, 0) if casting is not None else 0
    return max(0, most - creature.per_day_spent.get(spell_id, 0)), most


def document_fields(creature) -> dict:
    """§7 state document additions, present when the stat block has them."""
    casting = creature.stats.spellcasting
    if casting is None:
        return {}
    fields = {}
    if casting.slots:
        fields["slots"] = {level: {"max": most, "left": slots_left(creature, int(level))[0]}
                           for level, most in sorted(casting.slots.items(), key=lambda item: int(item[0]))}
    if casting.per_day:
        fields["per_day"] = {spell: {"max": most, "left": per_day_left(creature, spell)[0]}
                             for spell, most in sorted(casting.per_day.items())}
    return fields
