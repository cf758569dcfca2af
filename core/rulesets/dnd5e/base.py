"""The 5e base ruleset and its hooks; the 2014 and 2024 variants override what their seeds change."""

from combatlog.core.rulesets.dnd5e import decide as _decide, document as _document, events as _events, fold as _fold
from combatlog.core.rulesets.dnd5e import phases as _phases
from combatlog.core.rulesets.dnd5e.state import Combatant, EncounterState


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

    speed_zero_conditions = ("grappled", "restrained", "paralyzed", "petrified", "unconscious")
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

    # --- the kernel's plug-in contract (core/rulesets/__init__.py) ---
    template_family = ""  # 5e templates live in fixtures/creatures/ itself
    state_type = EncounterState
    event_types = _events.FIVE_E_EVENTS
    machine = _phases.MACHINE
    evolve = staticmethod(_fold.evolve)

    def initial_state(self, created) -> EncounterState:
        return _fold.initial_state(created)

    def decide_and_fold(self, state, raw: dict, *, templates=None, default_seed: str = ""):
        return _decide.decide_and_fold(self, state, raw, templates=templates, default_seed=default_seed)

    def document(self, state) -> dict:
        return _document.state_document(self, state)
