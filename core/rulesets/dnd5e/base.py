"""The 5e base ruleset and its hooks; the 2014 and 2024 variants override what their seeds change."""

from combatlog.core.rulesets.dnd5e import events as _events, fold as _fold
from combatlog.core.rulesets.dnd5e.state import Combatant, EncounterState
from combatlog.core.rulesets.dnd5e import stats as _stats
from combatlog.core.rulesets.dnd5e.stats import Stats as _Stats

# What only deciding a command needs (the handlers, the phase machine, the command Structs) is imported on first
# use, in the properties below: folding a log and printing its state (`combatlog state`) go without them.


class Ruleset5e:
    """Rules shared by the 5e family; each hook names a point where a seed's text differs."""

    name = "dnd5e"
    # Surprise (seed 000 Initiative): disadvantage on the initiative roll.
    surprise_gives_initiative_disadvantage = True
    # Surprise (seed 001 Surprise): no move or action on the first turn, no reaction until it ends.
    surprise_skips_first_turn = False
    # Knocking a creature out (seed 001 Assommer / seed 000 Mettre hors de combat).
    nonlethal_leaves_one_hp = True
    # Concentration save DC cap (SRD 5.2 glossary: at most 30; SRD 5.1 has none).
    concentration_dc_cap: int | None = 30
    # Grapple and shove: "contest" (2014 Athletics contests) or "save" (2024 unarmed strike options).
    grapple_style = "save"
    bloodied = True
    # Incapacitated creatures roll initiative with disadvantage (SRD 5.2 glossary, Incapacitated).
    incapacitated_initiative_disadvantage = True
    # Invisible creatures roll initiative with advantage (SRD 5.2 glossary, Invisible).
    invisible_initiative_advantage = True
    # A creature whose turn starts in another's space falls prone (seed 000): a 2024 rule only.
    dash_uses_speed = True

    def exhaustion_penalty(self, level: int) -> int:
        """Flat penalty to every d20 test (SRD 5.2: -2 per level)."""
        return -2 * level

    def exhaustion_disadvantage(self, level: int, test: str) -> bool:
        """Whether exhaustion gives disadvantage on `test` ("check", "attack", "save")."""
        return False

    def speed(self, creature: Combatant) -> float:
        """Current walking speed in metres, after conditions (SRD glossary)."""
        if any(creature.has(c) for c in self.speed_zero_conditions):
            return 0.0
        level = creature.exhaustion()
        return max(0.0, creature.stats.speed - 1.5 * level)

    speed_zero_conditions: tuple[str, ...] = ("grappled", "restrained", "paralyzed", "petrified", "unconscious")
    # Conditions implied by others (SRD glossary): unconscious => incapacitated and prone, etc.
    implied = {
        "unconscious": ("incapacitated", "prone"),
        "paralyzed": ("incapacitated",),
        "stunned": ("incapacitated",),
        "petrified": ("incapacitated",),
    }
    # Attacks that hit these targets from within 1.5 m are critical hits (SRD glossary).
    auto_crit_conditions = ("paralyzed", "unconscious")
    # These targets fail Strength and Dexterity saves automatically (SRD glossary).
    auto_fail_str_dex = ("paralyzed", "stunned", "unconscious", "petrified")
    # Grappled gives disadvantage on attacks against anyone but the grappler (SRD 5.2 glossary only).
    grappled_attack_disadvantage = True

    def underwater_melee_disadvantage(self, attacker: Combatant, attack) -> bool:
        """Seed 000 Combat Sous-Marin: no swim speed and the weapon does not pierce."""
        if attacker.stats.swim_speed > 0:
            return False
        return not any(part.type == "piercing" for part in attack.damage)

    def underwater_ranged_disadvantage(self, attack) -> bool:
        return True

    def max_hp(self, creature: Combatant) -> int:
        return creature.stats.max_hp

    # --- where the 2014 text, the 2024 text and Rôle'n Play (seed 003) part ways ---
    # Death saving throws (seed 000/001); Rôle'n Play has none: dying until healed or stabilized.
    death_saves = True
    # The SRD edition whose action and condition names the transcript uses (seed 001 for 2014, seed 000 otherwise).
    words_edition = 2024
    # The transcript's hook for a ruleset's own words (pf1 has one); the 5e words live in the transcript package.
    transcript_words = None
    # Seed 001 Terrain difficile: every other creature's space is difficult terrain (2014); 2024: only enemies'.
    every_creature_space_difficult = False
    # 2014: only through a non-hostile or a creature two sizes apart; 2024 adds incapacitated and Tiny ones.
    pass_through_incapacitated_or_tiny = True
    # Two-weapon fighting: 2014 allows the same light weapon again (a second one in the other hand).
    two_weapon_same_weapon = False
    two_weapon_bonus_attack = True
    # Seed 000 Se Jeter au Sol: a creature at speed 0 cannot drop prone (2024 only; issue 9 §3).
    drop_prone_needs_speed = True
    # Seed 000 Se Déplacer autour d'Autres Créatures: ending a turn in another's space knocks prone (2024).
    ending_turn_in_space_prone = True
    # SRD glossary Unconscious: the creature also falls prone.
    unconscious_falls_prone = True
    # Nonlethal (knock-out) attacks: melee only in 5e.
    nonlethal_any_attack = False
    # Critical hit on a paralyzed/unconscious target: a hit from within 1.5 m (5e).
    auto_crit_melee_any_reach = False
    # Prone target: advantage within 1.5 m, disadvantage beyond (5e).
    prone_by_attack_kind = False
    # Ranged attack with a hostile creature within 1.5 m: only if that creature can see the attacker (5e).
    ranged_adjacent_needs_sight = True
    resistance_cancels_vulnerability = False
    petrified_resists_all = True
    # Concentration: a Constitution save on damage (5e); Rôle'n Play: any damage ends it (D12).
    concentration_ends_on_any_damage = False
    # A reaction per round (5e) or per turn (Rôle'n Play « Réaction »).
    reaction_every_turn = False
    # Conditions as instances (5e) or a creature has a condition or not (Rôle'n Play D9).
    single_condition_instances = False
    extra_conditions: tuple[str, ...] = ()
    # Initiative: groups only when the DM makes them (5e); Rôle'n Play groups every monster by type (D8).
    monsters_grouped_by_type = False
    characters_first_on_ties = False
    # A target beyond long range: rejected (5e) or an automatic miss (Rôle'n Play D11).
    beyond_long_range_misses = False
    # Help: the ally's first attack against a target within 1.5 m of the helper (5e) or any first attack (D10).
    help_needs_helper_near_ally = False
    stabilize_skill: str | None = "medicine"
    # Seed 003 « Un peu de rapidité ? » (D16): damage dice typed with a missed attack's d20 are set aside.
    damage_dice_with_the_d20 = False
    # Passing on a readied window: the readied action waits for another trigger (5e) or is spent (seed 003).
    pass_spends_readied = False
    # Rounds the allies have after `end` to heal or stabilize the dying (Rôle'n Play), 0 = no such clock.
    aftermath_rounds = 0
    # Surprise is a condition of its own (Rôle'n Play « Surpris »).
    surprise_is_a_condition = False
    creature_options = False
    # The bonus-action spell rule of the SRD edition (spells.py): 2024 (SRD 5.2) or 2014 (SRD 5.1).
    bonus_action_spell_rule = 2024
    # Counterspell (SRD 5.2): the caster makes a Con save against the counterspeller's DC; 2014 (SRD 5.1): a spell
    # of the counterspell's slot level or lower fails, a higher one on a check DC 10 + its level.
    counterspell_rule = 2024
    # Lair actions on initiative 20 (SRD 5.1 monsters); SRD 5.2 has none, so dnd5e-2024 refuses `lair_actions`.
    lair_turn = False

    # Encounter difficulty (combatlog.party.difficulty): the DMG 2014 XP thresholds with the group multiplier;
    # 2024 reads the SRD 5.2 XP budget instead. The stat keys `add` takes, for what brings characters in.
    difficulty_scheme = "xp-thresholds-2014"
    stat_keys = frozenset(_Stats.__struct_fields__)

    # --- the kernel's plug-in contract (core/rulesets/__init__.py) ---
    template_family = ""  # 5e templates live in fixtures/creatures/ itself
    library_family = ""  # which compendium/data family `add` with `template` falls back on (set per variant)
    state_type = EncounterState
    event_types = _events.FIVE_E_EVENTS
    # The shell's vocabulary (the Ruleset protocol's hooks): the ids its commands take.
    damage_types = _stats.DAMAGE_TYPES
    conditions = _stats.CONDITIONS
    abilities = _stats.ABILITIES
    skills = tuple(_stats.SKILLS)

    @property
    def machine(self):
        from combatlog.core.rulesets.dnd5e.phases import MACHINE

        return MACHINE

    def plain_stats(self, *, max_hp: int, ac: int, speed: float = 9, initiative_bonus: int | None = None,
                    attacks=()) -> dict:
        """A stat block from what a DM reads off a sheet (the shell's `ajout chef pv=30 ca=14 attaque=+4,1d6+2
        tranchant`, INTERFACE §5's custom creature): abilities 10, proficiency +2; `attacks` are {id, name, to_hit,
        roll, type}, each a melee attack at 1.5 m."""
        stats: dict = {"ac": ac, "max_hp": max_hp, "speed": speed, "proficiency_bonus": 2,
                       "abilities": dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10),
                       "attacks": [{"id": a["id"], "name": a["name"], "kind": "melee", "to_hit": a["to_hit"],
                                    "reach": 1.5, "damage": [{"roll": a["roll"], "type": a["type"]}]} for a in attacks]}
        if initiative_bonus is not None:
            stats["initiative_bonus"] = initiative_bonus
        return stats

    @property
    def command_names(self) -> frozenset[str]:
        """The commands it takes (the shell's help lists their verbs only); `next_round` only where a fight has
        rounds after it (Rôle'n Play)."""
        from combatlog.core.rulesets.dnd5e.commands import COMMAND_NAMES

        return frozenset(name for name in COMMAND_NAMES if name != "next_round" or self.aftermath_rounds)

    @property
    def handlers(self):
        from combatlog.core.rulesets.dnd5e.decide import HANDLERS

        return HANDLERS

    # The reference (`combatlog schema`, docs/reference): the command Structs it takes (`next_round` is Rôle'n
    # Play's alone), its stat block and its spell object.
    @property
    def command_types(self) -> tuple[type, ...]:
        from combatlog.core.rulesets.dnd5e.commands import AnyCommand

        return tuple(kind for kind in AnyCommand.__args__ if kind.__struct_config__.tag != "next_round")

    stat_block_type = _Stats

    @property
    def spell_type(self) -> type:
        from combatlog.core.rulesets.spellbook import SpellObject

        return SpellObject

    evolve = staticmethod(_fold.evolve)

    def initial_state(self, created) -> EncounterState:
        return _fold.initial_state(created)

    def decide_and_fold(self, state, raw: dict, *, templates=None, default_seed: str = "", spells=None,
                        encounters=None, recorded=None):
        # `recorded` (a logged create re-derived): the 5e rules have a single version; it gives the units it recorded
        from combatlog.core.rulesets.dnd5e.decide import decide_and_fold

        return decide_and_fold(self, state, raw, templates=templates, default_seed=default_seed, spells=spells,
                               encounters=encounters, recorded=recorded)

    def document(self, state) -> dict:
        from combatlog.core.rulesets.dnd5e.document import state_document

        return state_document(self, state)

    def path_rules(self, state, mover_id: str, mode: str | None = None):
        """What a step of `mover_id` costs and where its move may end, as `move` checks them: the cheapest path of
        `combatlog.core.kernel.paths` is searched with these (a drag on the DM's map, the shell's `bouge ID x,y`)."""
        from combatlog.core.rulesets.dnd5e.actions import path_rules

        return path_rules(self, state, mover_id, mode)

    def carried_lookup(self, events):
        """For verify: the other encounter of an `add` with `carry`, as the command's own events recorded it."""
        from combatlog.core.rulesets.dnd5e.resources import carried_lookup

        return carried_lookup(events, self.name)
