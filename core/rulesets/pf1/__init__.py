"""Pathfinder 1e (`pf1`): a sibling of the 5e family sharing only the kernel (INTERFACE-pf1.md, seed 004)."""

from combatlog.core.rulesets.pf1.events import EVENT_TYPES
from combatlog.core.rulesets.pf1.state import Pf1State
from combatlog.core.rulesets.pf1.stats import DAMAGE_TYPES


class Pf1Ruleset:
    """The ruleset plug-in of kernel-contract.md."""

    name = "pf1"
    state_type = Pf1State
    event_types = EVENT_TYPES
    template_family = "pf1"
    library_family = "pf1"
    # What the shared words and views ask of a ruleset (never its name): PF1 rolls stabilization checks, not
    # death saves, and names its own conditions (flat-footed, staggered…).
    death_saves = False
    words_edition = 2024
    # The shell's vocabulary (the Ruleset protocol's hooks): the damage types its commands take.
    damage_types = DAMAGE_TYPES

    difficulty_scheme = "cr-pf1"  # PRD Designing Encounters

    @property
    def stat_keys(self) -> frozenset[str]:
        """The stat keys `add` takes (what brings characters in leaves out the others)."""
        from combatlog.core.rulesets.pf1.stats import Pf1Stats

        return frozenset(Pf1Stats.__struct_fields__)

    @property
    def command_types(self) -> tuple[type, ...]:
        """The command Structs it takes, undo/redo/revert (the kernel's) included (`combatlog schema`)."""
        from combatlog.core.kernel.commands import LOG_COMMANDS
        from combatlog.core.rulesets.pf1.commands import AnyCommand

        return AnyCommand.__args__ + tuple(LOG_COMMANDS.values())

    @property
    def stat_block_type(self) -> type:
        from combatlog.core.rulesets.pf1.stats import Pf1Stats

        return Pf1Stats

    @property
    def spell_type(self) -> type:
        from combatlog.core.rulesets.spellbook import SpellObject

        return SpellObject

    def plain_stats(self, *, max_hp: int, ac: int, speed: float = 9, initiative_bonus: int | None = None,
                    attacks=()) -> dict:
        """A stat block from what a DM reads off a sheet (the shell's `ajout chef pv=30 ca=14 attaque=+4,1d6+2
        tranchant`), in the pf1 form of INTERFACE-pf1: abilities 10, BAB 0, base saves 0, a medium creature whose AC
        above 10 is natural armour (touch AC 10, flat-footed AC the same as AC); `attacks` are {id, name, to_hit,
        roll, type}, each a melee attack at that bonus."""
        stats: dict = {"max_hp": max_hp, "speed": speed, "bab": 0,
                       "abilities": dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10),
                       "ac": {"natural": ac - 10} if ac >= 10 else {"misc": ac - 10},
                       "saves": {"fort": 0, "ref": 0, "will": 0},
                       "attacks": [{"id": a["id"], "name": a["name"], "kind": "melee", "to_hit": a["to_hit"],
                                    "damage": [{"roll": a["roll"], "type": a["type"]}]} for a in attacks]}
        if initiative_bonus is not None:
            stats["initiative_bonus"] = initiative_bonus
        return stats

    def stat_block_figures(self, stats: dict) -> dict:
        """What a printed stat block shows that the rules compute from a stat block, computed by those rules on a
        creature with no condition or effect: AC, touch and flat-footed AC (seed 004 DEF), the three saves (seed 004
        Sauvegarde), each attack's bonus (seed 004 BBA), CMB and CMD (PRD Combat Maneuvers)."""
        from combatlog.core.rulesets.pf1.combat import base_bonus
        from combatlog.core.rulesets.pf1.rules import ac_values, cmb, cmd_values, save_bonus
        from combatlog.core.rulesets.pf1.state import Pf1Combatant
        from combatlog.core.rulesets.pf1.stats import parse_stats

        parsed = parse_stats(stats, "stat block")
        creature = Pf1Combatant(id="stat-block", name="", side="", kind="monster", stats=parsed, hp=parsed.max_hp)
        ac = ac_values(creature)
        return {"ac": ac["ac"], "touch": ac["touch_ac"], "flat": ac["flat_footed_ac"],
                "saves": {save: save_bonus(creature, save) for save in ("fort", "ref", "will")},
                "to_hit": {attack.id: base_bonus(creature, attack) for attack in parsed.attacks},
                "cmb": cmb(creature), "cmd": cmd_values(creature, fixes=True)[0]}

    @property
    def command_names(self) -> frozenset[str]:
        """The commands it takes (the shell's help lists their verbs only), and the 5-foot step (a `move` field)."""
        from combatlog.core.rulesets.pf1.commands import COMMAND_NAMES

        return frozenset(COMMAND_NAMES) | {"five_foot_step"}

    def condition_name(self, condition: str, lang: str) -> str:
        from combatlog.core.rulesets.pf1.words import condition_name

        return condition_name(condition, lang)

    @property
    def event_args(self):
        """The words hook of its own events' log lines: per event type, the variables beyond ids -> names
        (sides, attack names, squares, signed bonuses; core/rulesets/pf1/words.py)."""
        from combatlog.core.rulesets.pf1.words import event_args_by_type

        return event_args_by_type()

    @property
    def transcript_words(self):
        """The transcript's hook: pf1's rolls, event lines and condition names (core/rulesets/pf1/words.py)."""
        from combatlog.core.rulesets.pf1.words import TRANSCRIPT_WORDS

        return TRANSCRIPT_WORDS

    def initial_state(self, created):
        from combatlog.core.rulesets.pf1.fold import initial_state

        return initial_state(created)

    def decide_and_fold(self, state, raw: dict, *, templates=None, default_seed: str = "", encounters=None,
                        spells=None, recorded=None):
        from combatlog.core.rulesets.pf1.decide import decide_and_fold

        return decide_and_fold(state, raw, templates=templates, default_seed=default_seed, spells=spells,
                               recorded=recorded, encounters=encounters)

    def carried_lookup(self, events):
        """For verify: the other encounter of an `add` with `carry`, as the command's own events recorded it."""
        from combatlog.core.rulesets.pf1.carry import carried_lookup

        return carried_lookup(events)

    def evolve(self, state, event):
        from combatlog.core.rulesets.pf1.fold import evolve

        return evolve(state, event)

    def document(self, state) -> dict:
        from combatlog.core.rulesets.pf1.document import state_document

        return state_document(state)


PF1 = Pf1Ruleset()

__all__ = ["PF1", "Pf1Ruleset", "Pf1State", "EVENT_TYPES"]
