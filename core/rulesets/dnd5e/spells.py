"""`cast` (INTERFACE.md §7): a spell's slot, its casting time's action, then each target's attack roll or save,
one damage roll for all, healing, temporary HP, conditions and named effects, and concentration.

Seed 001 « Lancer un sort » (SRD 5.1 p93) and seed 003 « Lancer un sort »: every spell has a casting time (an
action, a reaction, or minutes to hours beforehand); seed 000 « Dégâts » (Boule de Feu): a spell's damage is
rolled once for every creature it catches; seed 000 « Jets de sauvegarde »: the save DC comes from the caster's
spellcasting ability and proficiency. Where the seeds are silent (slots, upcasting, cantrip scaling, rituals,
the bonus-action spell rule) the SRD 5.1/5.2 "Spellcasting" chapter is followed, and each place says so."""

from typing import Any

import msgspec

from combatlog.words import Phrase
from combatlog.core.rulesets.dnd5e.window_words import trigger_phrase
from combatlog.core.kernel.commands import explained
from combatlog.core.kernel.context import Context
from combatlog.core.kernel.errors import RuleViolation, fail
from combatlog.core.rulesets.dnd5e import commands as c
from combatlog.core.rulesets.dnd5e.combat import (
    _after_attack_roll,
    _situational_sources,
    armor_class,
    attack_hits,
    can_act,
    spend,
)
from combatlog.core.rulesets.dnd5e.conditions import apply_condition, normalize_until, start_concentration, start_effect
from combatlog.core.rulesets.dnd5e.hitpoints import RolledPart, bonus_damage_parts, damage_after_save, damage_with_saves, grant_temp_hp, heal
from combatlog.core.rulesets.dnd5e.legendary import check_resistance_list
from combatlog.core.rulesets.dnd5e.queries import distance_metres, hostile, within
from combatlog.core.rulesets.dnd5e.rolls import ability_check, d20_test_sources, rolled_bonuses, saving_throw
from combatlog.core.rulesets.dnd5e.spell_state import per_day_left, slots_left
from combatlog.core.rulesets.spellbook import (
    CASTING_TIMES_IN_COMBAT,
    MAX_SPELL_LEVEL,
    SpellObject,
    cantrip_multiplier,
    parse_spell,
    scaled_roll,
    spell_problems,
)
from combatlog.core.rulesets.dnd5e.stats import ABILITIES, CONDITIONS, DAMAGE_TYPES, AttackProfile
from combatlog.events.attacks import AttackReevaluated, AttackRolled
from combatlog.events.reactions import ReactionTaken
from combatlog.events.spells import PerDaySpent, SpellCast, SpellCountered, SpellSlotSpent
from combatlog.events.values import Modifier


IN_COMBAT = ("turn", "reaction", "death_save")
# SRD 5.1/5.2 Rituals: a ritual takes 10 minutes longer than the spell's normal casting time.
RITUAL_MINUTES = 10
ROUNDS_PER_MINUTE = 10  # a round is 6 seconds (seed 000/001)
# Damage from a spell counts as magic against a qualified defence (INTERFACE.md §8: "from nonmagical attacks").
SPELL_MAGIC: dict = {"bypass": ("magic",), "implied": True}


def refuse(message_id: str, /, **args: Any) -> RuleViolation:
    """Every refusal of this module, from spells.ftl in English and French (one place to rewire to message ids)."""
    return fail(message_id, **args)


# ------------------------------------------------------------------------------------------ what a caster has


def spell_dc(caster) -> int:
    """§7: 8 + proficiency + the spellcasting ability's modifier, unless the stat block gives `dc`."""
    casting = caster.stats.spellcasting
    if casting.dc is not None:
        return casting.dc
    return 8 + caster.stats.proficiency_bonus + caster.stats.modifier(casting.ability)


def spell_attack_bonus(caster) -> int:
    """§7: proficiency + the spellcasting ability's modifier, unless the stat block gives `attack`."""
    casting = caster.stats.spellcasting
    if casting.attack is not None:
        return casting.attack
    return caster.stats.proficiency_bonus + caster.stats.modifier(casting.ability)


def spellcasting_problems(stats) -> list[Phrase]:
    """Problems of a stat block's `level` and `spellcasting`, for parse_stats (one refusal naming them all)."""
    problems: list[Phrase] = []
    if stats.level is not None and not 1 <= stats.level <= 30:
        problems.append(Phrase("spell-stats-level", value=stats.level))
    casting = stats.spellcasting
    if casting is None:
        return problems
    if casting.ability not in ABILITIES:
        problems.append(Phrase("spell-stats-ability", ability=casting.ability))
    for level, count in casting.slots.items():
        if not level.isdigit() or not 1 <= int(level) <= MAX_SPELL_LEVEL:
            problems.append(Phrase("spell-stats-slot-level", level=level))
        elif not 0 <= count <= 100:
            problems.append(Phrase("spell-stats-slot-count", level=level, count=count))
    for spell_id, count in casting.per_day.items():
        if not 1 <= count <= 100:
            problems.append(Phrase("spell-stats-per-day-count", spell=spell_id, count=count))
    for spell in (*casting.spells, *casting.at_will):
        if isinstance(spell, SpellObject):
            problems += [Phrase(message_id, **args) for message_id, args in _problems(spell)]
    return problems


def _problems(spell: SpellObject) -> list[tuple[str, dict]]:
    found = spell_problems(spell, abilities=ABILITIES, damage_types=DAMAGE_TYPES, conditions=CONDITIONS)
    return found + [("spell-pf1-only-key", {"spell": spell.named, "key": key}) for key in pf1_only_keys(spell)]


def pf1_only_keys(spell: SpellObject) -> list[str]:
    """The keys of a spell object that only pf1 runs (typed bonuses, missiles, + caster level): refused here rather
    than ignored, so a 5e spell never silently does less than it says."""
    keys = ["missiles"] if spell.missiles is not None else []
    effect = spell.effect_spec
    if effect is not None and effect.bonuses:
        keys.append("effect.bonuses")
    if effect is not None and effect.negates:
        keys.append("effect.negates")
    if effect is not None and effect.extra_attack:
        keys.append("effect.extra_attack")
    if (spell.heal is not None and spell.heal.plus_caster_level is not None) or any(
            part.plus_caster_level is not None for part in spell.damage):
        keys.append("plus_caster_level")
    return keys


def find_spell(ctx: Context, caster, wanted: str | dict) -> SpellObject:
    """§7 settled: a spell object given in `cast` itself; else the caster's own spell objects; else the library
    (the lookup handed to `decide` like the creature templates: `ctx.spells`)."""
    if isinstance(wanted, dict):
        try:
            spell = parse_spell(wanted)
        except msgspec.ValidationError as error:
            raise refuse("spell-invalid", error=explained(str(error).replace("`$.", "`spell.").replace("`$`", "`spell`"))) from None
    else:
        known = caster.stats.spellcasting.spell(wanted) if caster.stats.spellcasting is not None else None
        if known is not None:
            spell = known
        else:
            lookup = getattr(ctx, "spells", None)
            raw = lookup(wanted) if lookup is not None else None
            if raw is None:
                raise refuse("spell-unknown", caster=caster.id, spell=wanted)
            try:
                spell = parse_spell(raw)
            except msgspec.ValidationError as error:
                raise refuse("spell-invalid", error=explained(str(error))) from None
    problems = _problems(spell)
    if problems:
        message_id, args = problems[0]
        raise refuse(message_id, **args)
    if spell.refusal:
        raise refuse("spell-unsupported", spell=spell.named, reason=spell.refusal)
    return spell


# ------------------------------------------------------------------------------------------ the command


def cast(ctx: Context, command: c.Cast) -> None:
    caster = ctx.get(command.caster, "caster")
    if caster.stats.spellcasting is None:
        raise refuse("spell-caster-has-no-spellcasting", caster=caster.id)
    spell = find_spell(ctx, caster, command.spell)
    in_combat = ctx.state.phase in IN_COMBAT
    slot_level, using = _resource(ctx, caster, spell, command, in_combat)
    upcast = _upcast(spell, slot_level, using)
    targets = _targets(ctx, spell, command.targets, upcast)
    # §7: a listed creature that fails the spell's save spends a legendary resistance and succeeds (legendary.py).
    listed = check_resistance_list(ctx, command.legendary_resistance, targets)
    answering = _casting_time(ctx, caster, spell, in_combat)
    if in_combat and ctx.state.turn == caster.id:
        _bonus_action_spell_rule(ctx, caster, spell, using)
    if spell.on == "cast" and answering is not None and answering.pending.get("kind") == "cast":
        _pay(ctx, caster.id, spell, slot_level, using)
        _counter(ctx, caster.id, spell, slot_level, using, answering)
        return
    if in_combat and answering is None and not ctx.state.windows:
        reactors = counterspellers(ctx, caster)
        if reactors:
            # A window before the spell takes effect (SRD Counterspell: "a creature ... in the process of casting
            # a spell"): its action is spent; its slot is paid and it takes effect when the window closes.
            from combatlog.core.rulesets.dnd5e.reactions import open_window

            pending = {"kind": "cast", "caster": caster.id, "spell": _builtins(spell), "level": slot_level,
                       "using": using, "targets": list(targets), "upcast": upcast,
                       "at": list(command.at) if command.at else None, "legendary": list(listed)}
            open_window(ctx, "casts", reactors, caster.id,
                        {**pending, "dice": ctx.suspend_dice()})
            return
    _pay(ctx, caster.id, spell, slot_level, using)
    _release(ctx, caster.id, spell, slot_level, using, targets, upcast, at=command.at, legendary_resistance=listed)
    if answering is not None:
        _after_reaction_spell(ctx, caster.id, answering)


def _builtins(spell: SpellObject) -> dict:
    return {k: v for k, v in msgspec.to_builtins(spell).items() if k != "text"}


def counterspellers(ctx: Context, caster) -> tuple[str, ...]:
    """Creatures hostile to `caster` with a reaction spell `on: cast` (Counterspell) and its reaction and a slot
    left, within its range (unknown positions count as within)."""
    from combatlog.core.rulesets.dnd5e.reactions import can_react

    found = []
    for other in ctx.state.combatants.values():
        if other.id == caster.id or other.status != "alive" or not hostile(other, caster) or not can_react(ctx, other):
            continue
        spell = _reaction_spell(ctx, other, "cast")
        if spell is None:
            continue
        reach = spell.range if isinstance(spell.range, (int, float)) and spell.range > 0 else 18
        if within(other, caster, reach, unknown=True):
            found.append(other.id)
    return tuple(found)


def resume_cast(ctx: Context, pending: dict) -> None:
    """Nobody countered the spell: it is paid and takes effect, as `cast` would have done."""
    caster_id = pending["caster"]
    if caster_id not in ctx.state.combatants:
        return
    spell = parse_spell(pending["spell"])
    _pay(ctx, caster_id, spell, pending["level"], pending["using"])
    at = tuple(pending["at"]) if pending.get("at") else None
    _release(ctx, caster_id, spell, pending["level"], pending["using"], tuple(pending["targets"]), pending["upcast"],
             at=at, legendary_resistance=tuple(pending.get("legendary", ())))


def _counter(ctx: Context, reactor_id: str, counter: SpellObject, slot_level: int, using: str, window) -> None:
    """Counterspell answers a cast. SRD 5.1: the spell fails if its level is at most the counterspell's slot
    level, else on an ability check with the spellcasting ability, DC 10 + its level (its slot is spent anyway);
    SRD 5.2: its caster makes a Con save against the counterspeller's DC, and on a failure the spell fails and
    its slot is not expended. A countered spell has no effect; the window closes without resuming it."""
    from combatlog.core.rulesets.dnd5e.reactions import settle
    from combatlog.events.meta import DiceLeftUnused
    from combatlog.events.reactions import ReactionWindowClosed

    pending = window.pending
    caster_id = pending["caster"]
    countered_spell = parse_spell(pending["spell"])
    level = pending["level"] if countered_spell.level else 0
    reactor = ctx.state.combatants[reactor_id]
    ctx.emit(SpellCast(caster=reactor_id, spell=counter.id, spell_level=counter.level, slot_level=slot_level,
                       using=using, casting_time=counter.casting_time, targets=(caster_id,),
                       dc=spell_dc(reactor) if ctx.ruleset.counterspell_rule == 2024 else 0,
                       upcast=_upcast(counter, slot_level, using)))
    if ctx.ruleset.counterspell_rule == 2014:
        countered = level <= slot_level or ability_check(
            ctx, reactor_id, reactor.stats.spellcasting.ability, dc=10 + level, purpose="counterspell") >= 10 + level
        slot_spent = True
    else:
        ability = counter.save.ability if counter.save is not None else "con"
        countered = not saving_throw(ctx, caster_id, ability, spell_dc(reactor), purpose="counterspell")
        slot_spent = False
    if not countered:
        settle(ctx)
        return
    if slot_spent:
        _pay(ctx, caster_id, countered_spell, pending["level"], pending["using"])
    ctx.emit(SpellCountered(caster=caster_id, spell=countered_spell.id, level=level, by=reactor_id,
                            slot_spent=slot_spent and pending["using"] in ("slot", "per_day") and level > 0))
    dice = tuple(pending.get("dice") or ())
    ctx.emit(ReactionWindowClosed(depth=len(ctx.state.windows)))
    if dice:
        ctx.emit(DiceLeftUnused(faces=dice, reason="the_spell_was_countered"))
    settle(ctx)


def _pay(ctx: Context, caster_id: str, spell: SpellObject, slot_level: int, using: str) -> None:
    caster = ctx.state.combatants[caster_id]
    if using == "slot" and spell.level > 0:
        left, most = slots_left(caster, slot_level)
        ctx.emit(SpellSlotSpent(caster=caster_id, level=slot_level, left=left - 1, max=most))
    elif using == "per_day":
        left, most = per_day_left(caster, spell.id)
        ctx.emit(PerDaySpent(caster=caster_id, spell=spell.id, left=left - 1, max=most))


def _release(ctx: Context, caster_id: str, spell: SpellObject, slot_level: int, using: str, targets: tuple[str, ...],
             upcast: int, *, at=None, legendary_resistance: tuple[str, ...] = (), held: bool = False) -> None:
    """The spell takes effect: announced, concentration started, then each target resolved."""
    caster = ctx.state.combatants[caster_id]
    multiplier = cantrip_multiplier(spell, caster.stats.level)
    ctx.emit(SpellCast(
        caster=caster_id, spell=spell.id, spell_level=spell.level, slot_level=slot_level if spell.level else 0,
        using=using, casting_time=spell.casting_time, targets=targets, at=at,
        dc=spell_dc(caster) if spell.save else 0, attack_bonus=spell_attack_bonus(caster) if spell.attack else None,
        upcast=upcast, multiplier=multiplier, concentration=spell.concentration,
        ritual_minutes=RITUAL_MINUTES if using == "ritual" else 0, held=held,
    ))
    if spell.concentration:
        # §7 settled: concentration starts when the spell is cast, whatever the saves give; the previous one ends
        # with everything it made (SRD glossary, Concentration).
        start_concentration(ctx, caster_id, spell.id)
    Resolution(ctx, caster_id, spell, targets, upcast, multiplier, legendary_resistance).run()


def _upcast(spell: SpellObject, slot_level: int, using: str) -> int:
    return slot_level - spell.level if using == "slot" and spell.level > 0 else 0


def _resource(ctx: Context, caster, spell: SpellObject, command: c.Cast, in_combat: bool) -> tuple[int, str]:
    """(slot level, how it is paid): a cantrip costs nothing; a slot of `level` (at least the spell's), one of
    the spell's daily castings, or nothing as a ritual (SRD Spellcasting: Rituals, out of combat here)."""
    if spell.level == 0:
        if command.level not in (None, 0):
            raise refuse("spell-cantrip-has-no-slot", spell=spell.named)
        if command.using not in ("slot", "at_will"):  # an at-will cantrip is a cantrip
            raise refuse("spell-cantrip-needs-nothing", spell=spell.named, using=command.using)
        return 0, "cantrip"
    if command.using == "per_day":
        if command.level not in (None, spell.level):
            raise refuse("spell-per-day-at-its-level", spell=spell.named, level=spell.level)
        left, most = per_day_left(caster, spell.id)
        if most == 0:
            raise refuse("spell-not-per-day", caster=caster.id, spell=spell.named)
        if left == 0:
            raise refuse("spell-per-day-spent", caster=caster.id, spell=spell.named, count=most)
        return spell.level, "per_day"
    if command.using == "at_will":
        # §7 addition: a spell of `spellcasting.at_will` costs nothing, any number of times, at its own level.
        if spell.id not in caster.stats.spellcasting.at_will_ids():
            raise refuse("spell-not-at-will", caster=caster.id, spell=spell.named)
        if command.level not in (None, spell.level):
            raise refuse("spell-at-will-at-its-level", spell=spell.named, level=spell.level)
        return spell.level, "at_will"
    if command.using == "ritual":
        if not spell.ritual:
            raise refuse("spell-not-a-ritual", spell=spell.named)
        if in_combat:
            raise refuse("spell-ritual-in-combat", spell=spell.named, minutes=RITUAL_MINUTES)
        if command.level not in (None, spell.level):
            raise refuse("spell-ritual-at-its-level", spell=spell.named, level=spell.level)
        return spell.level, "ritual"
    level = spell.level if command.level is None else command.level
    if level < spell.level:
        raise refuse("spell-slot-below-spell", spell=spell.named, spell_level=spell.level, level=level)
    if level > MAX_SPELL_LEVEL:
        raise refuse("spell-slot-level-too-high", level=level)
    left, most = slots_left(caster, level)
    if most == 0:
        raise refuse("spell-no-slots-of-level", caster=caster.id, level=level)
    if left == 0:
        raise refuse("spell-no-slot-left", caster=caster.id, level=level, count=most)
    return level, "slot"


def _targets(ctx: Context, spell: SpellObject, targets: tuple[str, ...], upcast: int) -> tuple[str, ...]:
    """The DM names the targets (§7: no template geometry is required); `targets` is the most the spell takes."""
    most = spell.targets
    if most is not None and spell.upcast is not None:
        most += spell.upcast.targets * upcast
    if most is not None and len(targets) > most:
        raise refuse("spell-too-many-targets", spell=spell.named, count=len(targets), most=most)
    # Darts and rays (an attack, or damage with neither attack nor save: Magic Missile) may strike one creature
    # several times; a creature makes one save, is healed once and is marked once.
    repeats = spell.attack is not None or (bool(spell.damage) and spell.save is None)
    if not repeats and len(set(targets)) != len(targets):
        raise refuse("spell-target-twice", spell=spell.named)
    for target_id in targets:
        if ctx.get(target_id, "target").status == "dead":
            raise refuse("spell-target-dead", spell=spell.named, target=target_id)
    if not targets and (spell.heal is not None or spell.temp_hp is not None or spell.condition is not None):
        raise refuse("spell-needs-targets", spell=spell.named)
    return tuple(targets)


def _casting_time(ctx: Context, caster, spell: SpellObject, in_combat: bool):
    """Spend what the casting time costs; returns the reaction window this cast answers, if any."""
    what = Phrase("verb-cast", spell=spell.named)
    window = ctx.state.windows[-1] if ctx.state.windows else None
    if window is not None and (spell.casting_time != "reaction" or caster.id not in window.reactors):
        raise refuse("spell-window-open", caster=caster.id, spell=spell.named, trigger=trigger_phrase(ctx.state, window),
                     reactors=", ".join(window.reactors))
    if not in_combat:
        if caster.status != "alive":
            raise refuse("spell-caster-cannot-cast", caster=caster.id, status=caster.status)
        return None
    if spell.casting_time not in CASTING_TIMES_IN_COMBAT:
        # Seed 001/003 « Lancer un sort »: longer casting times are prepared minutes or hours beforehand.
        raise refuse("spell-casting-time-too-long", spell=spell.named, casting_time=spell.casting_time)
    reaction = spell.casting_time == "reaction"
    can_act(ctx, caster, what, reaction=reaction)
    if reaction:
        from combatlog.core.rulesets.dnd5e.reactions import can_react

        if not can_react(ctx, caster):
            raise refuse("spell-no-reaction", caster=caster.id, spell=spell.named)
        if window is not None:
            ctx.emit(ReactionTaken(id=caster.id, reaction=spell.id))
    spend(ctx, caster, spell.casting_time, spell.id)
    return window


def _bonus_action_spell_rule(ctx: Context, caster, spell: SpellObject, using: str) -> None:
    """Spells on one turn once a bonus-action spell is among them (the seeds are silent; the SRD says):
    SRD 5.2 "Casting Time: Bonus Action": on a turn you cast a spell with a bonus action, you can't cast another
    spell with a spell slot (cantrips and daily spells are fine); SRD 5.1 "Bonus Action": the only other spell
    that turn is a cantrip with a casting time of one action."""
    now = (spell.casting_time, spell.level, using)
    cast_this_turn = caster.economy.spells_cast + (now,)
    bonus = [index for index, entry in enumerate(cast_this_turn) if entry[0] == "bonus"]
    if not bonus:
        return
    others = [entry for index, entry in enumerate(cast_this_turn) if index != bonus[0]]
    if ctx.ruleset.bonus_action_spell_rule == 2014:
        allowed = all(level == 0 and time == "action" for time, level, _ in others)
        message_id = "spell-bonus-action-rule-2014"
    else:
        allowed = all(paid != "slot" for _, _, paid in others)
        message_id = "spell-bonus-action-rule-2024"
    if not allowed:
        raise refuse(message_id, caster=caster.id, spell=spell.named)


def finish_spell_attack(ctx: Context, pending: dict, hit: bool) -> None:
    """A spell attack's hit window closed and the hit was judged again against the AC as it then stood
    (reactions.finish_attack): on a hit its damage and marks (a miss rolls no damage dice), then the cast's
    remaining rays or targets."""
    caster_id, target_id = pending["attacker"], pending["target"]
    if caster_id not in ctx.state.combatants:
        return
    spell = parse_spell(pending["spell"])
    resolution = Resolution(ctx, caster_id, spell, (target_id, *pending.get("rest", ())), pending.get("upcast", 0),
                            pending.get("multiplier", 1), tuple(pending.get("legendary", ())))
    target = ctx.state.combatants[target_id]
    if hit and target.status != "dead":
        resolution._hit(target_id, hit and pending["critical"])
        if resolution._alive(target_id):
            resolution._marks(target_id)
    resolution.attack_targets(pending.get("rest", ()))


def _after_reaction_spell(ctx: Context, caster_id: str, window) -> None:
    """A reaction spell that answered a window: an attack that hit the caster is judged again against its AC as
    it now stands (Shield: SRD "+5 bonus to AC, including against the triggering attack"); then the window
    closes when nobody else has to answer, resuming what it suspended."""
    from combatlog.core.rulesets.dnd5e.reactions import settle

    pending = window.pending
    if pending.get("kind") == "attack_damage" and pending.get("target") == caster_id:
        target = ctx.state.combatants[caster_id]
        ac, modifiers = armor_class(target, pending.get("cover_bonus", 0))
        hit = attack_hits(pending["natural"], pending["total"], ac)
        ctx.emit(AttackReevaluated(attacker=pending["attacker"], target=caster_id, target_ac=ac,
                                   ac_modifiers=modifiers, hit=hit, critical=hit and pending["critical"]))
    settle(ctx)


def known_spell(ctx, creature, spell_id: str) -> SpellObject | None:
    """The spell `spell_id` of `creature`'s list: its own spell object, else (when it names the id) the library's
    (`ctx.spells`); None when neither has a castable one."""
    casting = creature.stats.spellcasting
    if casting is None:
        return None
    spell = casting.spell(spell_id)
    if spell is not None or not casting.knows(spell_id):
        return spell
    lookup = getattr(ctx, "spells", None)
    raw = lookup(spell_id) if lookup is not None else None
    if raw is None:
        return None
    try:
        spell = parse_spell(raw)
    except msgspec.ValidationError:
        return None
    return None if spell.refusal or _problems(spell) else spell


def _reaction_spell(ctx, creature, trigger: str) -> SpellObject | None:
    """`creature`'s reaction spell answering `trigger` with something left to cast it with, if any."""
    casting = creature.stats.spellcasting
    if casting is None:
        return None
    for spell in casting.spells:
        if isinstance(spell, str):
            spell = known_spell(ctx, creature, spell)
        if isinstance(spell, SpellObject) and spell.casting_time == "reaction" and spell.on == trigger:
            if spell.level == 0 or per_day_left(creature, spell.id)[0] or any(
                    slots_left(creature, level)[0] for level in range(spell.level, MAX_SPELL_LEVEL + 1)):
                return spell
    return None


def reaction_spell_ready(creature, trigger: str, ctx=None) -> bool:
    """Whether `creature` has a reaction spell answering `trigger` ("hit") and something left to cast it with
    (a spell it only names by id is read from the library through `ctx`)."""
    casting = creature.stats.spellcasting
    if casting is None:
        return False
    for spell in casting.spells:
        if isinstance(spell, str):
            spell = known_spell(ctx, creature, spell) if ctx is not None else None
        if isinstance(spell, SpellObject) and spell.casting_time == "reaction" and spell.on == trigger:
            if spell.level == 0 or per_day_left(creature, spell.id)[0] or any(
                    slots_left(creature, level)[0] for level in range(spell.level, MAX_SPELL_LEVEL + 1)):
                return True
    return False


def react_with_spell(ctx: Context, command: c.React) -> bool:
    """`react` naming one of the reactor's reaction spells casts it (lowest slot that is left); False when the
    reaction is not a spell of its stat block."""
    reactor = ctx.state.combatants[command.id]
    spell = known_spell(ctx, reactor, command.with_)
    if spell is None or spell.casting_time != "reaction":
        return False
    level = None
    if spell.level:
        level = next((lvl for lvl in range(spell.level, MAX_SPELL_LEVEL + 1) if slots_left(reactor, lvl)[0]), spell.level)
    targets = (command.target,) if command.target else ()
    cast(ctx, c.Cast(caster=reactor.id, spell=spell.id, level=level, targets=targets))
    return True


# ------------------------------------------------------------------------------------------ held spells


def hold_spell(ctx: Context, caster_id: str, spell_ref: str | dict, response: dict) -> dict:
    """Readying a spell (seed 001 « Se tenir prêt »: « vous le lancez normalement mais vous contenez son énergie »;
    seed 003: « Il le lance pendant son tour puis le contient »): its slot is spent now, and only a spell with a
    casting time of one action can be held. Returns what `release_held_spell` needs, kept in the readied effect."""
    caster = ctx.state.combatants[caster_id]
    if not spell_ref:
        raise refuse("spell-held-needs-spell", caster=caster_id)
    if caster.stats.spellcasting is None:
        raise refuse("spell-caster-has-no-spellcasting", caster=caster_id)
    spell = find_spell(ctx, caster, spell_ref)
    if spell.casting_time != "action":
        raise refuse("spell-held-needs-one-action", spell=spell.named, casting_time=spell.casting_time)
    try:
        planned = msgspec.convert({**response, "do": "cast", "caster": caster_id, "spell": spell.id}, c.Cast)
    except msgspec.ValidationError as error:
        raise refuse("spell-invalid", error=explained(str(error).replace("`$.", "`response."))) from None
    slot_level, using = _resource(ctx, caster, spell, planned, True)
    _targets(ctx, spell, planned.targets, _upcast(spell, slot_level, using))
    _pay(ctx, caster_id, spell, slot_level, using)
    return {"spell": msgspec.to_builtins(spell), "level": slot_level, "using": using,
            "targets": list(planned.targets)}


def release_held_spell(ctx: Context, caster_id: str, held: dict, target: str | None) -> None:
    """The trigger came: the held spell takes effect with the reaction, on the target the `react` names (else the
    ones named when it was readied), without spending its slot again."""
    from combatlog.events.turns import EconomySpent

    spell = msgspec.convert(held["spell"], SpellObject)
    upcast = _upcast(spell, held["level"], held["using"])
    targets = _targets(ctx, spell, (target,) if target else tuple(held["targets"]), upcast)
    ctx.emit(EconomySpent(id=caster_id, resource="reaction", by=spell.id))
    _release(ctx, caster_id, spell, held["level"], held["using"], targets, upcast, held=True)


# ------------------------------------------------------------------------------------------ resolution


class Resolution:
    """Each target in `targets` order: an attack roll, or every save first; then damage, healing, temporary HP,
    conditions and effects (§7 "Settled details")."""

    def __init__(self, ctx: Context, caster_id: str, spell: SpellObject, targets: tuple[str, ...], upcast: int,
                 multiplier: int, legendary_resistance: tuple[str, ...]):
        self.ctx, self.caster_id, self.spell, self.targets = ctx, caster_id, spell, targets
        self.upcast, self.multiplier, self.legendary = upcast, multiplier, tuple(legendary_resistance)
        caster = ctx.state.combatants[caster_id]
        self.modifier = caster.stats.modifier(caster.stats.spellcasting.ability)
        self.dc = spell_dc(caster)

    @property
    def caster(self):
        return self.ctx.state.combatants[self.caster_id]

    def run(self) -> None:
        spell = self.spell
        if spell.attack is not None:
            self.attack_targets(self.targets)
            return
        if spell.save is not None:
            # No roll when nobody takes any of it: every target saved against a spell that does nothing then.
            outcomes = damage_with_saves(
                self.ctx, self.targets, save=c.SaveSpec(spell.save.ability, self.dc), purpose="spell",
                roll=self._roll_damage if spell.damage else None, half=spell.half_on_success,
                roll_when_all_saved=False, listed=self.legendary, source=self.caster_id, **SPELL_MAGIC)
            for target_id, success in outcomes.items():
                if not success and self._alive(target_id):
                    self._marks(target_id)
            self._caster_effect()
            return
        if spell.damage and self.targets:
            parts = self._roll_damage()
            for target_id in self.targets:
                if self._alive(target_id):
                    damage_after_save(self.ctx, target_id, parts, saved=False, half=False, source=self.caster_id,
                                      **SPELL_MAGIC)
        self._heal()
        self._temp_hp()
        for target_id in dict.fromkeys(self.targets):
            if self._alive(target_id):
                self._marks(target_id)
        self._caster_effect()

    def _alive(self, target_id: str) -> bool:
        # A dart or a ray after the one that killed its target, or a save spell's victim of its own damage.
        return self.ctx.state.combatants[target_id].status != "dead"

    def _roll_damage(self, critical: bool = False) -> list[RolledPart]:
        """One roll per damage part: cantrip dice multiplied, upcast dice added to the first part."""
        parts = []
        extra = self.spell.upcast.damage if self.spell.upcast is not None else ""
        for index, spec in enumerate(self.spell.damage):
            text = scaled_roll(spec.roll, multiplier=self.multiplier, extra=extra if index == 0 else "",
                               times=self.upcast)
            result = self.ctx.roll(text, critical=critical)
            total = result.total + (self.modifier if spec.add_modifier else 0)
            parts.append(RolledPart(type=spec.type, roll=text, faces=result.faces, rolled=max(0, total)))
        return parts

    def attack_targets(self, targets) -> None:
        """Each ray or target in turn; a hit that opens a reaction window (Shield) suspends the rest, which the
        window carries and `finish_spell_attack` resumes once it closes."""
        targets = tuple(targets)
        for index, target_id in enumerate(targets):
            if not self._alive(target_id):
                continue
            outcome = self._attack(target_id, targets[index + 1:])
            if outcome is None:
                return
            if outcome:
                self._marks(target_id)

    def _hit(self, target_id: str, critical: bool) -> None:
        """A spell attack's hit: its damage dice (doubled on a critical), then the target's `damage_bonus` dice."""
        ctx, spell = self.ctx, self.spell
        parts = self._roll_damage(critical=critical) if spell.damage else []
        parts += bonus_damage_parts(ctx, self.caster_id, target_id, spell=True, critical=critical,
                                    attack_type=spell.damage[0].type if spell.damage else "force")
        if parts:
            damage_after_save(ctx, target_id, parts, saved=False, half=False, source=self.caster_id,
                              critical=critical, **SPELL_MAGIC)

    def _attack(self, target_id: str, rest: tuple[str, ...] = ()) -> bool | None:
        """One spell attack roll (seed 000 « Jets d'attaque »: spellcasting modifier + proficiency); on a hit,
        this target's own damage roll, every die doubled on a natural 20 (seed 000 « Coups critiques »)."""
        ctx, spell = self.ctx, self.spell
        assert spell.attack is not None, "only a spell with an attack roll is resolved here"
        caster, target = self.caster, ctx.state.combatants[target_id]
        bonus = spell_attack_bonus(caster)
        reach = spell.range if isinstance(spell.range, (int, float)) else 1.5
        profile = AttackProfile(id=spell.id, kind=spell.attack, to_hit=bonus, reach=max(reach, 1.5),
                                range=(reach, reach) if spell.attack == "ranged" else None)
        adv, dis, extra = d20_test_sources(ctx, caster.id, "attack")
        _situational_sources(ctx, caster, target, profile, distance_metres(caster, target), adv, dis)
        modifiers = [Modifier("spell_attack", bonus)] + extra
        ac, ac_modifiers = armor_class(target)
        natural, faces = ctx.d20(advantage=bool(adv), disadvantage=bool(dis))
        modifiers += rolled_bonuses(ctx, caster.id, "attack")
        total = natural + sum(m.value for m in modifiers)
        hit = attack_hits(natural, total, ac)
        critical = hit and natural == 20
        slot = spell.casting_time if spell.casting_time in CASTING_TIMES_IN_COMBAT else "action"
        ctx.emit(AttackRolled(
            attacker=caster.id, target=target_id, attack=spell.id, kind=spell.attack, slot=slot, faces=faces,
            natural=natural, modifiers=tuple(modifiers), total=total, target_ac=ac, ac_modifiers=ac_modifiers,
            advantage=tuple(adv), disadvantage=tuple(dis), hit=hit, critical=critical,
        ))
        _after_attack_roll(ctx, caster.id, target_id)
        if hit:
            # Like a weapon attack (reactions.after_hit): a target with a reaction to hits (Shield) answers before
            # the damage; the window carries what the cast still has to do (None: suspended).
            from combatlog.core.rulesets.dnd5e.reactions import hit_reactors, open_window

            pending = {"kind": "attack_damage", "attacker": caster.id, "target": target_id, "attack": spell.id,
                       "attack_kind": spell.attack, "natural": natural, "total": total, "cover_bonus": 0,
                       "critical": critical, "two_weapon": False, "nonlethal": False,
                       "spell": {k: v for k, v in msgspec.to_builtins(spell).items() if k != "text"},
                       "rest": list(rest), "upcast": self.upcast, "multiplier": self.multiplier,
                       "legendary": list(self.legendary)}
            reactors = hit_reactors(ctx, pending)
            if reactors:
                open_window(ctx, "hit", reactors, caster.id,
                            {**pending, "dice": ctx.suspend_dice()})
                return None
            self._hit(target_id, critical)
        return hit

    def _heal(self) -> None:
        spec = self.spell.heal
        if spec is None:
            return
        extra = self.spell.upcast.heal if self.spell.upcast is not None else ""
        text = scaled_roll(spec.roll, extra=extra, times=self.upcast)
        result = self.ctx.roll(text)
        # SRD Cure Wounds, Healing Word: the dice plus the spellcasting ability modifier.
        amount = max(0, result.total + (self.modifier if spec.add_modifier else 0))
        for target_id in dict.fromkeys(self.targets):
            if self._alive(target_id):
                heal(self.ctx, target_id, amount, roll=text, faces=result.faces)

    def _temp_hp(self) -> None:
        given = self.spell.temp_hp
        if given is None:
            return
        amount = given if isinstance(given, int) else max(0, self.ctx.roll(given).total)
        for target_id in dict.fromkeys(self.targets):
            if self._alive(target_id):
                grant_temp_hp(self.ctx, target_id, amount, False)

    def _marks(self, target_id: str) -> None:
        """The spell's condition and its effect on a target it hit, that failed its save, or that it simply took."""
        condition = self.spell.condition
        if condition is not None:
            apply_condition(self.ctx, target_id, condition.add, source=self.caster_id,
                            until=self._until(condition.until, target_id))
        effect = self.spell.effect_spec
        if effect is not None and effect.on != "caster":
            self._effect(target_id, effect)

    def _caster_effect(self) -> None:
        effect = self.spell.effect_spec
        if effect is not None and (effect.on == "caster" or not self.targets):
            self._effect(self.caster_id, effect)

    def _effect(self, bearer: str, effect) -> None:
        data: dict[str, Any] = {"spell": self.spell.id, "label": effect.id}
        if effect.ac_bonus:
            data["ac_bonus"] = effect.ac_bonus
        if effect.damage_bonus is not None:
            data["damage_bonus"] = {"roll": effect.damage_bonus.roll, "type": effect.damage_bonus.type,
                                    "from": effect.damage_bonus.source, "attacks": effect.damage_bonus.attacks}
        if effect.roll_bonus is not None:
            data["roll_bonus"] = {"roll": effect.roll_bonus.roll, "on": list(effect.roll_bonus.on),
                                  "subtract": effect.roll_bonus.subtract}
        start_effect(self.ctx, bearer, effect.id, source=self.caster_id, until=self._until(effect.until, bearer),
                     data=data)

    def _until(self, until, target_id: str) -> dict:
        """A spell's duration in the `condition` command's shapes, counted from the caster's turns unless it says
        `of`; `"save"` repeats the spell's own save against the caster's DC at the end of each of the target's
        turns (SRD Hold Person); `{"minutes": N}` is 10 N rounds; a concentration spell's marks end with it."""
        ctx, caster_id = self.ctx, self.caster_id
        spec: dict[str, Any]
        if until in ("end_of_turn", "start_of_turn"):
            spec = {until: caster_id}
        elif until == "save":
            spec = {"save": {"ability": self.spell.save.ability if self.spell.save else "wis", "dc": self.dc}}
        elif isinstance(until, dict):
            spec = dict(until)
            if "minutes" in spec:
                spec = {"rounds": int(spec.pop("minutes")) * ROUNDS_PER_MINUTE, **spec}
            if isinstance(spec.get("save"), dict) and "dc" not in spec["save"]:
                spec["save"] = {**spec["save"], "dc": self.dc}
            if "rounds" in spec:
                spec.setdefault("of", caster_id)
        elif until in (None, ""):
            spec = {}
        else:
            raise refuse("spell-unknown-duration", spell=self.spell.named, until=str(until))
        normalized = normalize_until(spec, of=None, rounds=None, save=None, target=target_id, ctx=ctx) if spec else {}
        if self.spell.concentration:
            normalized = {**normalized, "concentration": caster_id}
        if "save" in normalized and target_id in self.legendary:
            normalized = {**normalized, "legendary_resistance": True}  # its saves to end it may spend one too
        return normalized
