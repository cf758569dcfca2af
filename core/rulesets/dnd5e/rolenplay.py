"""Rôle'n Play (`rolenplay`): seed 003, chapter « Combat », and ../shared/INTERFACE-rolenplay.md (D1-D16).

A variant of the 5e base that rewrites SRD 5.1: where seed 003 is silent it follows dnd5e-2014 (D1), which is
why the class derives from Dnd5e2014. What the seed changes is a hook value below, or one of the few
handlers of this file (create, add, initiative, order, surprise, end, next_round, death_save)."""

from typing import Any, Callable

import msgspec

from combatlog.core.kernel.context import Context, fail
from combatlog.core.kernel.phases import PhaseMachine
from combatlog.core.rulesets.dnd5e import commands as c, decide as _decide, turns as _turns
from combatlog.core.rulesets.dnd5e.conditions import apply_condition
from combatlog.core.rulesets.dnd5e.dnd5e_2014 import Dnd5e2014
from combatlog.core.rulesets.dnd5e.events import FIVE_E_EVENTS
from combatlog.core.rulesets.dnd5e.hitpoints import die
from combatlog.core.rulesets.dnd5e.legendary import with_lair
from combatlog.core.rulesets.dnd5e.resources import carried_kind
from combatlog.core.rulesets.dnd5e.phases import LEGAL_IN as _LEGAL_5E
from combatlog.events.meta import CombatEnded
from combatlog.events.rolenplay import (
    ROLENPLAY_EVENTS,
    AftermathRoundPassed,
    AftermathStarted,
    KeptAliveAtZero,
    RolenplayOptionsSet,
)
from combatlog.events.turns import InitiativeRolled, OrderChanged

# « Perdre conscience »: « ses alliés ont 5 rounds pour soigner ou stabiliser un personnage inconscient » (D6).
AFTERMATH_ROUNDS = 5

PHASES = ("setup", "turn", "reaction", "ended")  # never death_save: no death saving throws
_DM = ("setup", "turn", "reaction")
LEGAL_IN = {command: tuple(p for p in phases if p in PHASES) for command, phases in _LEGAL_5E.items()}
LEGAL_IN.update({
    "damage": _DM, "temp_hp": _DM, "condition": _DM,
    "heal": _DM + ("ended",),  # « Soins » also in the aftermath (section 2)
    "stabilize": ("turn", "ended"),
    "death_save": PHASES,  # always rejected by its handler, with the reason
    "next_round": PHASES,  # aftermath only: the handler says why elsewhere
    "end": ("setup", "turn"),
})
MOVES: list[dict[str, Any]] = [
    {"trigger": "start", "source": "setup", "dest": "turn"},
    {"trigger": "open_window", "source": ["turn", "reaction"], "dest": "reaction"},
    {"trigger": "close_window", "source": "reaction", "dest": "turn"},
    {"trigger": "end", "source": ["setup", "turn"], "dest": "ended"},
]
MACHINE = PhaseMachine(PHASES, LEGAL_IN, MOVES)


# ------------------------------------------------------------------------------------------------- handlers


def create(ctx: Context, command: c.Create) -> None:
    _decide.HANDLERS["create"](ctx, command)
    ctx.emit(RolenplayOptionsSet(cinematic=command.cinematic, opportunity_attacks=bool(command.opportunity_attacks)))


def add(ctx: Context, command: c.Add) -> None:
    """« Initiative »: every character has its own score; opponents are grouped by type (D8)."""
    kind: str | None = command.kind
    if kind is None and command.template:
        kind = (_turns.find_template(ctx, command.template) or {}).get("kind")
    if kind is None and command.carry is not None:
        kind = carried_kind(ctx, command)
    if kind == "pc" and command.group:
        raise fail("rule-character-characters-have-their-own", id=command.id)
    if command.unconscious_at_zero and kind != "monster":
        raise fail("rule-unconscious-at-zero-for-monsters")
    if kind == "monster":
        command = msgspec.structs.replace(command, group=command.group or command.template or command.id)
    _turns.add(ctx, command)
    if command.unconscious_at_zero:
        ctx.emit(KeptAliveAtZero(id=command.id))
    creature = ctx.state.combatants[command.id]
    if creature.kind == "monster" and creature.initiative is None:
        # A monster joining a group that already has initiative takes its score and acts with it.
        score = next((m.initiative for m in ctx.state.combatants.values()
                      if m.id != creature.id and m.group == creature.group and m.initiative is not None), None)
        if score is not None:
            ctx.emit(InitiativeRolled(ids=(creature.id,), total=score, set_by_dm=True))
    _reorder(ctx)


def initiative(ctx: Context, command: c.Initiative) -> None:
    """A Dexterity test, one d20: surprise gives no disadvantage (« Initiative »; as 2014)."""
    _turns.initiative(ctx, command)
    _reorder(ctx)


def order(ctx: Context, command: c.Order) -> None:
    """« En cas d'égalité entre un personnage et un monstre, le personnage agit en premier »."""
    listed: list[str] = []
    for name in command.ids:
        creature = _turns._initiative_roller(ctx, name)
        listed.append(creature.id)
    seen_monster = None
    for combatant_id in listed:
        creature = ctx.state.combatants[combatant_id]
        if creature.kind == "monster":
            seen_monster = seen_monster or creature
        elif seen_monster is not None and seen_monster.initiative == creature.initiative:
            raise fail("rule-character-tied-with-character-acts", creature=creature.id, seen_monster=seen_monster.id)
    _turns.order(ctx, command)
    _reorder(ctx)


def surprise(ctx: Context, command: c.Surprise) -> None:
    """« Surpris »: no action, movement or reaction until the end of its first turn (D3)."""
    _turns.surprise(ctx, command)
    for combatant_id in command.ids:
        apply_condition(ctx, combatant_id, "surprised", source="surprise", until={"end_of_turn": combatant_id})


def end(ctx: Context, command: c.End) -> None:
    """`end` starts the aftermath clock: 5 rounds to heal or stabilize the dying (D6)."""
    ctx.emit(CombatEnded(reason=command.reason))
    dying = tuple(i for i, creature in ctx.state.combatants.items() if creature.status == "dying")
    ctx.emit(AftermathStarted(rounds=AFTERMATH_ROUNDS, dying=dying))


def next_round(ctx: Context, command: c.NextRound) -> None:
    state = ctx.state
    if state.phase != "ended" or state.aftermath is None:
        raise fail("rule-next-round-counts-rounds-after")
    if state.aftermath <= 0:
        raise fail("rule-rounds-after-combat-have-run")
    if command.rounds < 1:
        raise fail("rule-rounds-must-be-at-least", rounds=command.rounds)
    if command.rounds > state.aftermath:
        raise fail("rule-only-round-s-are-left", aftermath=state.aftermath)
    for _ in range(command.rounds):
        left = ctx.state.aftermath - 1
        ctx.emit(AftermathRoundPassed(round=ctx.state.aftermath_round + 1, rounds_left=left))
        if left == 0:
            for creature in list(ctx.state.combatants.values()):
                if creature.status == "dying":
                    die(ctx, creature.id, "nobody_healed_or_stabilized_it_within_5_rounds_after_the_combat")


def death_save(ctx: Context, command: c.DeathSave) -> None:
    raise fail("rule-rolenplay-no-death-saves")


def _reorder(ctx: Context) -> None:
    """Highest first; on a tie characters before monsters; then the DM's/players' order; a group's members
    together, in the order they were added."""
    wanted = initiative_order(ctx.state)
    if wanted != ctx.state.order:
        ctx.emit(OrderChanged(order=wanted))


def initiative_order(state) -> tuple[str, ...]:
    creatures = list(state.combatants.values())
    index = {creature.id: position for position, creature in enumerate(creatures)}
    unit_rank: dict[str, tuple] = {}
    for creature in creatures:
        if creature.initiative is None:
            continue
        unit = creature.group or creature.id
        key = (-creature.initiative, 0 if creature.kind == "pc" else 1, creature.tie_rank or 10**6, index[creature.id])
        unit_rank[unit] = min(unit_rank.get(unit, key), key)
    ranked = sorted(
        (unit_rank[creature.group or creature.id], index[creature.id], creature.id)
        for creature in creatures if creature.initiative is not None
    )
    return with_lair(tuple(entry[-1] for entry in ranked), state.combatants)


HANDLERS: dict[str, Callable[..., Any]] = {**_decide.HANDLERS, "create": create, "add": add, "initiative": initiative, "order": order,
            "surprise": surprise, "end": end, "next_round": next_round, "death_save": death_save}


class Rolenplay(Dnd5e2014):
    name = "rolenplay"
    machine = MACHINE
    handlers = HANDLERS
    event_types = FIVE_E_EVENTS + ROLENPLAY_EVENTS
    command_types = c.AnyCommand.__args__  # with `next_round`, the aftermath's (D6)
    creature_options = True
    death_saves = False
    words_edition = 2024  # Rôle'n Play's transcript keeps the 2024 names it has always used
    # « Les états spéciaux »: unconscious implies incapacitated only; prone comes when it ends (D5).
    implied = {
        "unconscious": ("incapacitated",),
        "paralyzed": ("incapacitated",),
        "stunned": ("incapacitated",),
        "petrified": ("incapacitated",),
    }
    unconscious_falls_prone = False
    nonlethal_any_attack = True  # « Assommer une créature »: any attack
    auto_crit_melee_any_reach = True  # « Inconscient », « Paralysé »: melee hits are critical, ranged never
    prone_by_attack_kind = True  # « À terre »: melee advantage, ranged disadvantage, whatever the distance
    ranged_adjacent_needs_sight = False  # « Attaque à distance dans un combat au corps à corps »
    resistance_cancels_vulnerability = True  # « Types de dégâts, résistance et vulnérabilité »
    petrified_resists_all = False  # « Pétrifié » lists no resistance; poison immunity instead
    concentration_ends_on_any_damage = True  # « Se tenir prêt »: « subir des dégâts cause la déconcentration » (D12)
    reaction_every_turn = True  # « Réaction »: « qu'une fois par tour »
    single_condition_instances = True  # « ni la durée ni l'intensité n'augmentent » (D9)
    extra_conditions = ("turned", "surprised")  # « Autres états temporaires »
    monsters_grouped_by_type = True  # D8
    characters_first_on_ties = True  # « Initiative »
    pass_spends_readied = True  # « Se tenir prêt »: « Dans les deux cas … a consommé son action »
    beyond_long_range_misses = True  # « Portée »: « l'attaque échoue instantanément » (D11)
    help_needs_helper_near_ally = True  # « Aider » (D10)
    two_weapon_bonus_attack = False  # the seed has no two-weapon rule: a bonus attack needs "slot": "bonus"
    stabilize_skill = None  # « Stabiliser »: a Wisdom test DC 10
    damage_dice_with_the_d20 = True  # D16
    aftermath_rounds = AFTERMATH_ROUNDS
    surprise_is_a_condition = True

    def initial_state(self, created):
        state = super().initial_state(created)
        return msgspec.structs.replace(state, opportunity_attacks=False)

    def document(self, state) -> dict:
        document = super().document(state)
        document["cinematic"] = state.cinematic
        document["opportunity_attacks"] = state.opportunity_attacks
        document["aftermath"] = None if state.aftermath is None else {"rounds_left": state.aftermath}
        for combatant_id, creature in state.combatants.items():
            entry = document["combatants"][combatant_id]
            if creature.kind == "pc" and state.cinematic:
                entry["plain_streak"] = creature.plain_streak
            if creature.kind == "monster":
                entry["group"] = creature.group or creature.template or combatant_id
        return document
