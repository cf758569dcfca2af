"""A coin-flip duel: the smallest ruleset a third party could write, installed beside combatlog through its own
entry point (tests/plugins/combatlog_coinflip-0.1.0.dist-info/entry_points.txt), never named by combatlog itself.

The rules: each duellist has hit points (`stats.max_hp`). On its turn a duellist flips a coin at another (`flip`):
heads, the other loses 1 hit point; tails, nothing. A duellist at 0 is out; the duel ends when one side is left.
Its words are its own catalogs (locales/<lang>/coinflip.ftl), which combatlog loads because the ruleset names them
(`catalogs`)."""

from pathlib import Path
from typing import Any, Literal

import msgspec

from combatlog.core.kernel.commands import LOG_COMMANDS, Command
from combatlog.core.kernel.dice import SeededDice, SuppliedDice
from combatlog.core.kernel.errors import EncounterAlreadyCreated, InvalidCommand, fail
from combatlog.events.base import Event
from combatlog.events.meta import CombatEnded, CommandIssued, EncounterCreated

replace = msgspec.structs.replace
CATALOGS = Path(__file__).parent / "locales"


# ------------------------------------------------------------------------------------------------ commands
class Create(Command, tag="create", frozen=True, kw_only=True):
    ruleset: Literal["coinflip"]
    seed: str | int | None = None
    lang: Literal["fr", "en"] = "en"
    name: str = ""
    units: Literal["m", "ft"] | None = None


class DuellistStats(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    max_hp: int = 3
    attacks: tuple = ()  # a duellist attacks with its coin only (the shared views list a creature's attacks)


class Add(Command, tag="add", frozen=True, kw_only=True):
    id: str
    name: str = ""
    side: str
    kind: Literal["pc", "monster", "npc"] = "pc"
    stats: DuellistStats = DuellistStats()


class Start(Command, tag="start", frozen=True, kw_only=True):
    pass


class Flip(Command, tag="flip", frozen=True, kw_only=True):
    id: str
    target: str


class EndTurn(Command, tag="end_turn", frozen=True, kw_only=True):
    id: str | None = None  # the duellist whose turn it is


class NoSpell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A duel has no spells: its spell object takes no field."""


AnyCommand = Create | Add | Start | Flip | EndTurn


# ------------------------------------------------------------------------------------------------ events
class DuellistJoined(Event, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    kind: str = "pc"
    max_hp: int


class DuelStarted(Event, frozen=True, kw_only=True):
    order: tuple[str, ...]


class CoinFlipped(Event, frozen=True, kw_only=True):
    id: str
    target: str
    face: int  # 1 heads, 2 tails
    hp_after: int


class TurnPassed(Event, frozen=True, kw_only=True):
    id: str
    next: str
    round: int


EVENT_TYPES = (DuellistJoined, DuelStarted, CoinFlipped, TurnPassed)


# ------------------------------------------------------------------------------------------------ state
class Duellist(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    name: str
    side: str
    kind: str
    max_hp: int
    hp: int
    stats: DuellistStats = DuellistStats()
    template: str = ""
    conditions: tuple = ()  # a coin inflicts none

    def display_name(self, lang: str) -> str:
        return self.name


class DuelState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    ruleset: str = "coinflip"
    seed: str = ""
    lang: str = "en"
    name: str = ""
    units: str = "m"
    phase: str = "setup"
    round: int = 0
    turn: str | None = None
    order: tuple[str, ...] = ()
    combatants: dict[str, Duellist] = {}
    windows: tuple = ()
    seq: int = -1
    rng_position: int = 0
    created: bool = True


def _standing(state: DuelState) -> list[Duellist]:
    return [state.combatants[cid] for cid in state.order if state.combatants[cid].hp > 0]


def evolve(state: DuelState, event: Any) -> DuelState:
    kind = type(event)
    if kind is DuellistJoined:
        duellist = Duellist(id=event.id, name=event.name, side=event.side, kind=event.kind, max_hp=event.max_hp,
                            hp=event.max_hp, stats=DuellistStats(max_hp=event.max_hp))
        return replace(state, combatants={**state.combatants, event.id: duellist})
    if kind is DuelStarted:
        return replace(state, phase="turn", round=1, order=event.order, turn=event.order[0])
    if kind is CoinFlipped:
        hit = replace(state.combatants[event.target], hp=event.hp_after)
        return replace(state, combatants={**state.combatants, event.target: hit})
    if kind is TurnPassed:
        return replace(state, turn=event.next, round=event.round)
    if kind is CombatEnded:
        return replace(state, phase="ended", turn=None)
    return state


# ------------------------------------------------------------------------------------------------ decide
def _decide(state: DuelState, command: Command, dice) -> list:
    name = command.do_name
    if name == "add":
        if state.phase != "setup":
            raise fail("coinflip-rule-duel-started", what=name)
        if command.id in state.combatants:
            raise fail("coinflip-rule-already-there", id=command.id)
        if command.stats.max_hp < 1:
            raise fail("coinflip-rule-hp-at-least-one", id=command.id)
        return [DuellistJoined(id=command.id, name=command.name or command.id, side=command.side, kind=command.kind,
                               max_hp=command.stats.max_hp)]
    if name == "start":
        if state.phase != "setup":
            raise fail("coinflip-rule-duel-started", what=name)
        if len({duellist.side for duellist in state.combatants.values()}) < 2:
            raise fail("coinflip-rule-two-sides")
        return [DuelStarted(order=tuple(state.combatants))]
    if state.phase != "turn":
        raise fail("coinflip-rule-not-started", what=name)
    if isinstance(command, EndTurn) and command.id is None:
        command = EndTurn(id=state.turn)
    if command.id != state.turn:
        raise fail("coinflip-rule-not-your-turn", id=command.id, turn=str(state.turn))
    if name == "flip":
        target = state.combatants.get(command.target)
        if target is None:
            raise fail("coinflip-rule-no-such-duellist", id=command.target)
        if target.hp <= 0 or target.id == command.id:
            raise fail("coinflip-rule-not-a-target", id=command.target)
        face = dice.next_face(2)
        events: list = [CoinFlipped(id=command.id, target=target.id, face=face,
                                    hp_after=target.hp - 1 if face == 1 else target.hp)]
        after = evolve(state, events[0])
        if len({duellist.side for duellist in _standing(after)}) < 2:
            events.append(CombatEnded(reason="last_side_standing"))
        return events
    # end_turn: the next duellist still standing, a new round after the last of the order
    standing = [duellist.id for duellist in _standing(state)]
    place = state.order.index(command.id)
    later = [cid for cid in state.order[place + 1:] if cid in standing]
    following = later[0] if later else standing[0]
    return [TurnPassed(id=command.id, next=following, round=state.round + (0 if later else 1))]


def parse(raw: dict) -> Command:
    try:
        return msgspec.convert(raw, AnyCommand)
    except msgspec.ValidationError as error:
        raise InvalidCommand("coinflip-rule-bad-command", reason=str(error)) from None


class CoinFlip:
    """The coin-flip duel's plug-in: what the Ruleset contract of combatlog asks (core/rulesets/__init__.py)."""

    name = "coinflip"
    state_type = DuelState
    event_types = EVENT_TYPES
    template_family = "coinflip"
    library_family = ""
    death_saves = False
    catalogs = CATALOGS  # locales/<lang>/*.ftl: its words
    command_types = AnyCommand.__args__ + tuple(LOG_COMMANDS.values())
    stat_block_type = DuellistStats
    spell_type = NoSpell
    command_names = frozenset(("create", "add", "start", "flip", "end_turn"))
    stat_keys = frozenset(DuellistStats.__struct_fields__)

    def initial_state(self, created: EncounterCreated) -> DuelState:
        return DuelState(seed=created.seed, lang=created.lang, name=created.name, units=created.units)

    def decide_and_fold(self, state, raw: dict, *, templates=None, default_seed: str = "", encounters=None,
                        spells=None, recorded=None):
        command = parse(raw)
        if isinstance(command, Create):
            if getattr(state, "created", False):
                raise EncounterAlreadyCreated("coinflip-rule-already-created")
            seed = str(command.seed) if command.seed is not None else str(default_seed)
            created = EncounterCreated(ruleset=self.name, seed=seed, lang=command.lang, name=command.name,
                                       units=command.units or ("ft" if command.lang == "en" else "m"))
            return [CommandIssued(command=raw, rng_position=0), created], self.initial_state(created)
        rng = SeededDice(state.seed or default_seed, state.rng_position)
        dice = SuppliedDice(command.dice) if command.dice is not None else rng
        events = _decide(state, command, dice)
        folded = state
        for event in events:
            folded = evolve(folded, event)
        draws = rng.drawn
        return ([CommandIssued(command=raw, rng_position=state.rng_position, rng_draws=draws), *events],
                replace(folded, rng_position=state.rng_position + draws))

    def evolve(self, state, event):
        return evolve(state, event)

    def document(self, state: DuelState) -> dict:
        return {
            "ruleset": self.name, "name": state.name, "lang": state.lang, "phase": state.phase,
            "round": state.round, "turn": state.turn, "order": list(state.order), "seq": state.seq,
            "window": None, "windows": 0, "underwater": False,
            "combatants": {cid: {"name": d.name, "side": d.side, "kind": d.kind, "hp": d.hp, "max_hp": d.max_hp,
                                 "temp_hp": 0, "status": "alive" if d.hp > 0 else "dead", "conditions": [],
                                 "death_saves": {"successes": 0, "failures": 0}, "initiative": None, "position": None,
                                 "reaction_available": False}
                           for cid, d in state.combatants.items()},
        }

    # the shell's verbs (`combatlog play`), in both languages: `flip ann bob` / `lance ann bob`, `next` is the
    # shell's own end of turn
    shell_verbs = {"flip": lambda args, state: {"do": "flip", "id": args[0], "target": args[1]},
                   "pièce": lambda args, state: {"do": "flip", "id": args[0], "target": args[1]}}

    # the log's lines of its own events (`event-<type>` in its catalogs): the variables beyond ids -> names
    event_args = {"CoinFlipped": lambda event, lang, cast, units: {"heads": "yes" if event.face == 1 else "no"}}
