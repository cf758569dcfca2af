"""Stateful property test: random legal and illegal commands against a live encounter, for both 5e rulesets.

After every command:
- a rejected command (RuleViolation) appends nothing and leaves the state document exactly unchanged;
- any other exception is a bug and propagates;
- hp within [0, max_hp], temp_hp >= 0, death save counters within [0, 3];
- replaying the log (`rebuild(records)`) gives the live state's document;
- the phase is a known one; a `reaction` phase has a window with at least one reactor;
- a dead creature's turn is skipped: a turn never passes to a dead creature (one that dies during
  its own turn keeps it until end_turn, INTERFACE.md `end_turn`, and an undo may bring such a turn back).
"""

import unittest

import hypothesis.strategies as st
from hypothesis import HealthCheck, note, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.stores.memory import MemoryStore
from combatlog.projections.document import state_document
from combatlog.replay.engine import Encounter
from combatlog.replay.timeline import rebuild
from combatlog.replay.verify import rederive

TEMPLATES = ["fighter", "wizard", "goblin", "bandit_captain", "orc"]
SIDES = ["party", "monsters"]
CONDITIONS = ["blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated",
              "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned", "unconscious",
              "sleepy"]
DAMAGE_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
                "psychic", "radiant", "slashing", "thunder", "banana"]
ABILITIES = ["str", "dex", "con", "int", "wis", "cha", "luck"]
SKILLS = [None, "athletics", "acrobatics", "stealth", "perception", "medicine", "arcana", "juggling"]
ACTIONS = ["dodge", "dash", "disengage", "help", "hide", "search", "magic", "ready", "fly_away"]
PHASES = {"setup", "turn", "death_save", "reaction", "ended"}
GRID = 4  # squares 0..GRID-1 on each axis: everyone stays close

# Mostly in-range faces, sometimes anything (0, negatives, above the die's sides).
FACE = st.one_of(st.integers(1, 20), st.integers(1, 4), st.integers(-2, 30))
DICE = st.one_of(st.none(), st.none(), st.lists(FACE, min_size=0, max_size=5))
# An attack's dice that are often exactly right: one d20 (two with advantage) then damage faces of 1..4.
ATTACK_DICE = st.one_of(st.none(), st.lists(st.integers(1, 20), min_size=1, max_size=2).flatmap(
    lambda d20: st.lists(st.integers(1, 4), min_size=0, max_size=2).map(lambda dmg: d20 + dmg)), DICE)
SMALL_AMOUNT = st.one_of(st.integers(0, 12), st.integers(-3, 80))
ROLLS = st.sampled_from(["1d6", "2d6+1", "8d6", "1d4", "3d10", "1d0", "d", "2d6-10"])


def _attack_ids(template: str) -> list[str]:
    from combatlog.fixtures import load_template

    return [a["id"] for a in load_template(template)["stats"]["attacks"]]


ATTACK_IDS = {name: _attack_ids(name) for name in TEMPLATES}


class EncounterMachine(RuleBasedStateMachine):
    ruleset = "dnd5e-2014"

    def __init__(self):
        super().__init__()
        self.store = MemoryStore()
        self.enc = Encounter(self.store, "fight")
        self.templates: dict[str, str] = {}

    # ------------------------------------------------------------------ helpers
    @property
    def ids(self) -> list[str]:
        return sorted(self.templates)

    def run(self, command) -> bool:
        """Execute; a RuleViolation must leave the log and the state document untouched. True if accepted."""
        before_len = len(self.enc.records)
        before_doc = state_document(self.enc.state)  # a fresh structure on every call
        note(f"execute({command!r})")
        try:
            self.enc.execute(command)
        except RuleViolation as error:
            note(f"    rejected: {error}")
            assert len(self.enc.records) == before_len, f"rejected {command!r} appended events"
            assert state_document(self.enc.state) == before_doc, f"rejected {command!r} changed the state"
            return False
        note(f"    accepted (log now {len(self.enc.records)} events)")
        self._went_back = isinstance(command, dict) and command.get("do") in ("undo", "redo", "revert")
        return True

    def doc(self) -> dict:
        return state_document(self.enc.state)

    def who(self, data, *, current_bias: bool = True) -> str:
        """A combatant id: often the one whose turn it is, mostly a known one, rarely an unknown id."""
        turn = self.enc.state.turn
        choices = self.ids * 2 + ["nobody"]
        if current_bias and turn is not None:
            choices = [turn] * (len(self.ids) * 2) + choices
        return data.draw(st.sampled_from(choices))

    def enemies_of(self, cid: str) -> list[str]:
        state = self.enc.state
        me = state.combatants.get(cid)
        return [o.id for o in state.combatants.values() if me is not None and o.side != me.side]

    def adjacent(self, a: str, b: str) -> bool:
        state = self.enc.state
        pa, pb = state.combatants[a].position, state.combatants[b].position
        return pa is not None and pb is not None and max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1])) <= 1

    # ------------------------------------------------------------------ setup
    @initialize(data=st.data())
    def setup(self, data):
        assert self.run({"do": "create", "ruleset": self.ruleset, "seed": data.draw(st.integers(0, 10_000))})
        count = data.draw(st.integers(3, 5), label="count")
        templates = data.draw(st.lists(st.sampled_from(TEMPLATES), min_size=count, max_size=count), label="templates")
        sides = data.draw(st.lists(st.sampled_from(SIDES), min_size=count, max_size=count), label="sides")
        sides[0], sides[1] = "party", "monsters"  # two sides, always
        squares = data.draw(st.lists(st.tuples(st.integers(0, GRID - 1), st.integers(0, GRID - 1)),
                                     min_size=count, max_size=count, unique=True), label="squares")
        inits = data.draw(st.lists(st.integers(1, 25), min_size=count, max_size=count, unique=True), label="inits")
        for index, template in enumerate(templates):
            cid = f"c{index}"
            kind = "pc" if template in ("fighter", "wizard") else "monster"
            assert self.run({"do": "add", "id": cid, "side": sides[index], "kind": kind, "template": template})
            self.templates[cid] = template
            assert self.run({"do": "place", "id": cid, "at": list(squares[index])})
            assert self.run({"do": "initiative", "id": cid, "value": inits[index]})
        if data.draw(st.integers(0, 5), label="start") > 0:
            assert self.run({"do": "start"})
        self.engine_invariants()

    # ------------------------------------------------------------------ rules
    @rule()
    def start(self):
        self.run({"do": "start"})

    @rule(data=st.data())
    def attack(self, data):
        attacker = self.who(data)
        target = data.draw(st.sampled_from(self.ids + ["nobody"]), label="target")
        template = self.templates.get(attacker, "goblin")
        weapon = data.draw(st.one_of(st.sampled_from(ATTACK_IDS[template]), st.just("spoon")), label="with")
        command = {"do": "attack", "attacker": attacker, "target": target, "with": weapon}
        dice = data.draw(DICE, label="dice")
        if dice is not None:
            command["dice"] = dice
        for flag in ("advantage", "disadvantage", "nonlethal"):
            if data.draw(st.integers(0, 5), label=flag) == 0:
                command[flag] = True
        if data.draw(st.integers(0, 6), label="cover") == 0:
            command["cover"] = data.draw(st.sampled_from(["half", "three_quarters", "total"]))
        self.run(command)

    @precondition(lambda self: self.enc.state.phase == "turn")
    @rule(data=st.data())
    def attack_enemy(self, data):
        """The creature whose turn it is attacks an enemy, with an attack it has (melee when adjacent)."""
        attacker = self.enc.state.turn
        enemies = self.enemies_of(attacker)
        if not enemies:
            return
        target = data.draw(st.sampled_from(enemies), label="target")
        attacks = self.enc.state.combatants[attacker].stats.attacks
        kind = "melee" if self.adjacent(attacker, target) else "ranged"
        weapon = data.draw(st.sampled_from([a.id for a in attacks if a.kind == kind] or [attacks[0].id]), label="with")
        command = {"do": "attack", "attacker": attacker, "target": target, "with": weapon}
        dice = data.draw(ATTACK_DICE, label="dice")
        if dice is not None:
            command["dice"] = dice
        self.run(command)

    @precondition(lambda self: self.enc.state.phase == "turn")
    @rule(data=st.data())
    def step(self, data):
        """The creature whose turn it is walks one to three squares to free neighbouring squares."""
        mover = self.enc.state.turn
        here = self.enc.state.combatants[mover].position
        if here is None:
            return
        taken = {c.position for c in self.enc.state.combatants.values() if c.id != mover}
        path, (x, y) = [], here
        for _ in range(data.draw(st.integers(1, 3), label="length")):
            options = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                       if (dx or dy) and (x + dx, y + dy) not in taken and 0 <= x + dx < GRID + 1 and 0 <= y + dy < GRID + 1]
            if not options:
                break
            x, y = data.draw(st.sampled_from(options), label="square")
            path.append([x, y])
        if path:
            self.run({"do": "move", "id": mover, "path": path})

    @rule(really=st.integers(0, 3))
    def end(self, really):
        """Ending the combat leaves little to do but undo: only sometimes."""
        if really == 0:
            self.run({"do": "end", "reason": "the DM calls it"})

    @rule(data=st.data())
    def damage(self, data):
        command = {"do": "damage", "type": data.draw(st.sampled_from(DAMAGE_TYPES), label="type")}
        if data.draw(st.integers(0, 4), label="multi") == 0:
            command["targets"] = data.draw(st.lists(st.sampled_from(self.ids + ["nobody"]), min_size=0, max_size=3))
        else:
            command["target"] = self.who(data, current_bias=False)
        how = data.draw(st.integers(0, 3), label="how")
        pcs = [c.id for c in self.enc.state.combatants.values() if c.kind == "pc" and c.status == "alive"]
        if how == 0 and pcs and "target" in command:
            command["target"] = data.draw(st.sampled_from(pcs), label="pc")
        current = self.enc.state.combatants.get(command.get("target"))
        if how == 0 and current is not None:  # exactly down to 0 HP (or just past it): dying, not dead outright
            command["amount"] = current.hp + current.temp_hp + data.draw(st.integers(0, 3), label="extra")
        elif how <= 1:
            command["amount"] = data.draw(SMALL_AMOUNT, label="amount")
        else:
            command["roll"] = data.draw(ROLLS, label="roll")
            dice = data.draw(DICE, label="dice")
            if dice is not None:
                command["dice"] = dice
        if data.draw(st.integers(0, 3), label="save?") == 0:
            command["save"] = {"ability": data.draw(st.sampled_from(ABILITIES)), "dc": data.draw(st.integers(5, 25)),
                               "half": data.draw(st.booleans())}
        if data.draw(st.integers(0, 5), label="critical") == 0:
            command["critical"] = True
        self.run(command)

    @rule(data=st.data())
    def heal(self, data):
        command = {"do": "heal", "target": self.who(data, current_bias=False)}
        if data.draw(st.booleans()):
            command["amount"] = data.draw(st.integers(-2, 60))
        else:
            command["roll"] = data.draw(ROLLS)
            dice = data.draw(DICE)
            if dice is not None:
                command["dice"] = dice
        self.run(command)

    @rule(data=st.data())
    def temp_hp(self, data):
        command = {"do": "temp_hp", "target": self.who(data, current_bias=False),
                   "amount": data.draw(st.integers(-2, 30))}
        if data.draw(st.booleans()):
            command["replace"] = True
        self.run(command)

    @rule(data=st.data())
    def condition(self, data):
        target = self.who(data, current_bias=False)
        name = data.draw(st.sampled_from(CONDITIONS), label="condition")
        if data.draw(st.integers(0, 2)) == 0:
            self.run({"do": "condition", "target": target, "remove": name})
            return
        command = {"do": "condition", "target": target, "add": name}
        duration = data.draw(st.sampled_from([None, "end_of_turn", "start_of_turn", "rounds", "save", "forever"]))
        if duration is not None:
            command["until"] = duration
        if duration in ("end_of_turn", "start_of_turn") and data.draw(st.booleans()):
            command["of"] = data.draw(st.sampled_from(self.ids + ["nobody"]))
        if duration == "rounds":
            command["rounds"] = data.draw(st.integers(0, 3))
        if duration == "save":
            command["save"] = {"ability": data.draw(st.sampled_from(ABILITIES[:6])), "dc": data.draw(st.integers(5, 20))}
        if name == "exhaustion" and data.draw(st.booleans()):
            command["level"] = data.draw(st.integers(0, 7))
        if data.draw(st.integers(0, 3)) == 0:
            command["source"] = data.draw(st.sampled_from(self.ids))
        self.run(command)

    @rule(data=st.data())
    def save(self, data):
        command = {"do": "save", "id": self.who(data, current_bias=False),
                   "ability": data.draw(st.sampled_from(ABILITIES)), "dc": data.draw(st.integers(1, 30))}
        dice = data.draw(DICE)
        if dice is not None:
            command["dice"] = dice
        self.run(command)

    @rule(data=st.data())
    def check(self, data):
        command = {"do": "check", "id": self.who(data, current_bias=False)}
        if data.draw(st.integers(0, 3)) == 0:
            command["against"] = {"id": data.draw(st.sampled_from(self.ids + ["nobody"])),
                                  "ability": data.draw(st.sampled_from(ABILITIES[:6]))}
            command["ability"] = data.draw(st.sampled_from(ABILITIES[:6]))
        else:
            if data.draw(st.booleans()):
                command["ability"] = data.draw(st.sampled_from(ABILITIES))
            skill = data.draw(st.sampled_from(SKILLS))
            if skill is not None:
                command["skill"] = skill
            if data.draw(st.booleans()):
                command["dc"] = data.draw(st.integers(1, 30))
        dice = data.draw(DICE)
        if dice is not None:
            command["dice"] = dice
        self.run(command)

    @rule(data=st.data())
    def action(self, data):
        name = data.draw(st.sampled_from(ACTIONS), label="action")
        command = {"do": "action", "id": self.who(data), "action": name}
        if name == "help":
            if data.draw(st.integers(0, 4)):
                command["ally"] = data.draw(st.sampled_from(self.ids + ["nobody"]))
            if data.draw(st.booleans()):
                command["target"] = data.draw(st.sampled_from(self.ids))
        if name == "ready":
            command["trigger"] = "an enemy comes close"
            target = data.draw(st.sampled_from(self.ids))
            command["response"] = data.draw(st.sampled_from([
                {"do": "attack", "target": target, "with": ATTACK_IDS[self.templates.get(command["id"], "goblin")][0]},
                {"do": "move", "path": [[0, 0]]},
                {"do": "dance"},
            ]))
        if name == "hide":
            dice = data.draw(DICE)
            if dice is not None:
                command["dice"] = dice
        if data.draw(st.integers(0, 5)) == 0:
            command["slot"] = "bonus"
        self.run(command)

    @rule(data=st.data())
    def move(self, data):
        mover = self.who(data)
        creature = self.enc.state.combatants.get(mover)
        x, y = creature.position if creature is not None and creature.position is not None else (0, 0)
        steps = data.draw(st.lists(st.tuples(st.integers(-1, 1), st.integers(-1, 1)), min_size=0, max_size=5),
                          label="steps")
        path = []
        for dx, dy in steps:
            x, y = x + dx, y + dy
            path.append([x, y])
        if data.draw(st.integers(0, 8)) == 0 and path:  # a jump: not adjacent
            path[-1] = [path[-1][0] + 3, path[-1][1]]
        command = {"do": "move", "id": mover, "path": path}
        if data.draw(st.integers(0, 5)) == 0:
            command["mode"] = data.draw(st.sampled_from(["crawl", "fly", "teleport"]))
        dice = data.draw(st.one_of(st.none(), st.none(), DICE))
        if dice is not None:
            command["dice"] = dice
        self.run(command)

    @rule(data=st.data())
    def stand(self, data):
        self.run({"do": "stand", "id": self.who(data)})

    @rule()
    def end_turn(self):
        self.run({"do": "end_turn"})

    @rule(data=st.data())
    def death_save(self, data):
        command = {"do": "death_save", "id": self.who(data)}
        dice = data.draw(DICE)
        if dice is not None:
            command["dice"] = dice
        self.run(command)

    @precondition(lambda self: self.enc.state.phase == "death_save")
    @rule(dice=st.one_of(st.none(), st.lists(st.integers(1, 20), min_size=1, max_size=1)))
    def roll_death_save(self, dice):
        command = {"do": "death_save", "id": self.enc.state.turn}
        if dice is not None:
            command["dice"] = dice
        self.run(command)

    @rule(data=st.data())
    def react(self, data):
        window = self.doc()["window"]
        reactors = list(window["reactors"]) if window else []
        reactor = data.draw(st.one_of(st.sampled_from(reactors or self.ids), st.sampled_from(self.ids + ["nobody"])))
        reaction = data.draw(st.sampled_from(["opportunity_attack", "shield", "parry", "readied", "counterspell"]))
        command = {"do": "react", "id": reactor, "with": reaction}
        dice = data.draw(DICE)
        if dice is not None:
            command["dice"] = dice
        if reaction == "opportunity_attack" and data.draw(st.booleans()):
            command["attack"] = data.draw(st.sampled_from(ATTACK_IDS[self.templates.get(reactor, "goblin")] + ["spoon"]))
        self.run(command)

    @rule(data=st.data())
    def pass_(self, data):
        window = self.doc()["window"]
        reactors = list(window["reactors"]) if window else []
        reactor = data.draw(st.one_of(st.sampled_from(reactors or self.ids), st.sampled_from(self.ids + ["nobody"])))
        self.run({"do": "pass", "id": reactor})

    @precondition(lambda self: self.enc.state.phase == "reaction")
    @rule(data=st.data())
    def answer_window(self, data):
        """While a window is open, answer it properly most of the time so the fight goes on."""
        window = self.doc()["window"]
        reactor = data.draw(st.sampled_from(window["reactors"]))
        if data.draw(st.booleans()):
            self.run({"do": "pass", "id": reactor})
            return
        template = self.templates.get(reactor, "goblin")
        reaction = {"wizard": "shield", "bandit_captain": "parry"}.get(template, "opportunity_attack")
        reaction = data.draw(st.sampled_from([reaction, "opportunity_attack"]))
        self.run({"do": "react", "id": reactor, "with": reaction})

    @rule(steps=st.integers(0, 3))
    def undo(self, steps):
        self.run({"do": "undo"} if steps == 1 else {"do": "undo", "steps": steps})

    @rule(steps=st.integers(0, 3))
    def redo(self, steps):
        self.run({"do": "redo"} if steps == 1 else {"do": "redo", "steps": steps})

    @rule(data=st.data())
    def revert(self, data):
        size = len(self.enc.records)
        to = data.draw(st.one_of(st.integers(max(-1, size - 12), size + 1), st.integers(-1, size + 1)), label="to")
        self.run({"do": "revert", "to": to})

    @rule(data=st.data())
    def malformed(self, data):
        some = data.draw(st.sampled_from(self.ids))
        command = data.draw(st.sampled_from([
            {"do": "heal", "target": some, "amount": 3, "bogus": 1},
            {"do": "attack", "attacker": some, "target": some, "with": "scimitar", "sword": True},
            {"do": "heal", "target": "nobody", "amount": 3},
            {"do": "move", "id": "nobody", "path": [[0, 0]]},
            {"do": "fly", "id": some},
            {"id": some},
            {"do": "damage", "target": some, "amount": "lots", "type": "fire"},
            {"do": "condition", "target": some, "add": "prone", "until": {"weird": 1}},
            {"do": "undo", "steps": "all"},
            {"do": "revert"},
            {"do": "create", "ruleset": self.ruleset},
            {"do": "end_turn", "extra": 1},
            {"do": "pass"},
            ["not", "a", "dict"],
        ]))
        self.run(command)

    # ------------------------------------------------------------------ invariants
    @invariant()
    def engine_invariants(self):
        state = self.enc.state
        doc = state_document(state)
        assert doc["phase"] in PHASES, doc["phase"]
        for cid, creature in doc["combatants"].items():
            assert 0 <= creature["hp"] <= creature["max_hp"], (cid, creature["hp"], creature["max_hp"])
            assert creature["temp_hp"] >= 0, (cid, creature["temp_hp"])
            saves = creature["death_saves"]
            assert 0 <= saves["successes"] <= 3, (cid, saves)
            assert 0 <= saves["failures"] <= 3, (cid, saves)
        if doc["phase"] == "reaction":
            assert doc["window"] is not None, "reaction phase without a window"
            assert len(doc["window"]["reactors"]) >= 1, doc["window"]
        holder = (doc["turn"], doc["round"])
        # Undo may rightly bring back a turn whose creature died during it; only a turn passing forward is checked.
        moved_on = holder != getattr(self, "_last_holder", None) and not getattr(self, "_went_back", False)
        if doc["turn"] is not None and doc["turn"] in doc["combatants"] and moved_on:
            assert doc["combatants"][doc["turn"]]["status"] != "dead", f"the turn passed to dead {doc['turn']}"
        self._last_holder = holder
        replayed = state_document(rebuild(self.enc.records)[0])
        assert replayed == doc, "replaying the log differs from the live state"

    def teardown(self):
        # Verification for disputes: every log this machine writes re-derives identically from its commands.
        discrepancy = rederive(self.enc.records)
        assert discrepancy is None, str(discrepancy)


SETTINGS = settings(max_examples=40, stateful_step_count=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


class Machine2014(EncounterMachine):
    ruleset = "dnd5e-2014"


class Machine2024(EncounterMachine):
    ruleset = "dnd5e-2024"


class MachineRolenplay(EncounterMachine):
    """Rôle'n Play (seed 003) on the same kernel: the same invariants, plus its own (no death saves, ever)."""

    ruleset = "rolenplay"

    @rule(rounds=st.integers(-1, 6))
    def next_round(self, rounds):
        self.run({"do": "next_round", "rounds": rounds})

    @invariant()
    def rolenplay_invariants(self):
        doc = state_document(self.enc.state)
        assert doc["phase"] != "death_save"
        for cid, creature in doc["combatants"].items():
            assert creature["death_saves"] == {"successes": 0, "failures": 0}, cid
            if creature["kind"] == "monster":
                assert creature["group"], cid
        left = (doc["aftermath"] or {}).get("rounds_left")
        assert (left is None) == (doc["phase"] != "ended"), (doc["phase"], doc["aftermath"])
        if left == 0:
            assert all(c["status"] != "dying" for c in doc["combatants"].values())


Machine2014.TestCase.settings = SETTINGS
Machine2024.TestCase.settings = SETTINGS
MachineRolenplay.TestCase.settings = settings(SETTINGS, max_examples=25)
TestStateMachine2014: unittest.TestCase = Machine2014.TestCase
TestStateMachine2024: unittest.TestCase = Machine2024.TestCase
TestStateMachineRolenplay: unittest.TestCase = MachineRolenplay.TestCase
