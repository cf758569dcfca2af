"""The 5e gaps of issue 9 §3, each from its seed: 000 = SRD 5.2 (dnd5e-2024), 001 = SRD 5.1 (dnd5e-2014).

`aria` is the fighter template (medium, 44 HP, Con 15 +2, proficient in Con saves +3); `gob1` the goblin (small)."""

import pytest

from support import RULESETS, events_of, ok, rejected


def fight(ruleset, *more, aria=None, gob_first=False, aria_at=(0, 0), gob_at=(1, 0)):
    return [
        {"do": "create", "ruleset": ruleset, "seed": 5},
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "at": list(aria_at),
         **({"overrides": aria} if aria else {})},
        {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": list(gob_at)},
        {"do": "initiative", "id": "aria", "value": 10 if gob_first else 20},
        {"do": "initiative", "id": "gob1", "value": 20 if gob_first else 10},
        {"do": "start"},
        *more,
    ]


# --- the DM's direct commands in every phase of a fight -------------------------------------------------------------


def dying_aria_awaiting_her_save(ruleset):
    return fight(ruleset, {"do": "damage", "target": "aria", "amount": 5, "type": "slashing"}, {"do": "end_turn"},
                 aria={"hp": 5}, gob_first=True)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_dm_may_strike_while_a_death_save_is_pending(run, ruleset):
    # seed 000/001 Dégâts à 0 PV: 1 damage at 0 HP is one death save failure; the save is still due
    state = ok(run(*dying_aria_awaiting_her_save(ruleset)))
    assert (state["phase"], state["turn"]) == ("death_save", "aria")
    state = ok(run({"do": "damage", "target": "aria", "amount": 1, "type": "fire"},
                   {"do": "condition", "target": "aria", "add": "poisoned"},
                   {"do": "temp_hp", "target": "aria", "amount": 3}))
    aria = state["combatants"]["aria"]
    assert state["phase"] == "death_save" and aria["death_saves"]["failures"] == 1 and aria["temp_hp"] == 3
    # only the dying creature's own actions and the others' wait
    rejected(run({"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [10, 3]}))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_healing_during_a_pending_death_save_lets_the_turn_go_on(run, ruleset):
    state = ok(run(*dying_aria_awaiting_her_save(ruleset), {"do": "heal", "target": "aria", "amount": 3}))
    assert (state["phase"], state["turn"]) == ("turn", "aria")
    assert state["combatants"]["aria"]["status"] == "alive"
    rejected(run({"do": "death_save", "id": "aria", "dice": [12]}))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_killing_blow_during_a_pending_death_save_needs_no_save(run, ruleset):
    # 44 damage at 0 HP >= max HP 44: dead (seed 000 Mort Instantanée; seed 001 the same)
    state = ok(run(*dying_aria_awaiting_her_save(ruleset), {"do": "damage", "target": "aria", "amount": 44, "type": "fire"}))
    assert state["phase"] == "turn" and state["combatants"]["aria"]["status"] == "dead"
    state = ok(run({"do": "end_turn"}))
    assert state["turn"] == "gob1"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_dm_may_strike_while_a_reaction_window_is_open(run, ruleset):
    # gob1 leaves aria's reach: a window for aria's opportunity attack; a trap hits gob1 meanwhile (7 - 3 = 4)
    state = ok(run(*fight(ruleset, {"do": "move", "id": "gob1", "path": [[2, 0]]}, gob_first=True)))
    assert state["phase"] == "reaction"
    state = ok(run({"do": "damage", "target": "gob1", "amount": 3, "type": "piercing"}))
    assert state["phase"] == "reaction" and state["combatants"]["gob1"]["hp"] == 4
    state = ok(run({"do": "pass", "id": "aria"}))
    assert state["phase"] == "turn" and state["combatants"]["gob1"]["position"] == [2, 0]


# --- a grapple ends out of the grappler's reach (SRD 5.1 appendix / SRD 5.2 glossary, Grappled) -------------------


def grappled(ruleset, *more):
    return fight(ruleset, {"do": "condition", "target": "gob1", "add": "grappled", "source": "aria"}, *more)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("how", [
    {"do": "move", "id": "gob1", "path": [[2, 0]], "forced": True},
    {"do": "move", "id": "gob1", "path": [[6, 6]], "mode": "teleport"},
    {"do": "place", "id": "gob1", "at": [4, 4]},
    {"do": "remove", "id": "aria"},
])
def test_a_grapple_ends_when_the_grappled_creature_is_out_of_reach_however_it_happens(run, ruleset, how):
    state = ok(run(*grappled(ruleset, how)))
    assert "grappled" not in state["combatants"]["gob1"]["conditions"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_grapple_holds_while_still_within_reach(run, ruleset):
    # [1,1] is diagonal to aria at [0,0]: still 1.5 m away
    state = ok(run(*grappled(ruleset, {"do": "place", "id": "gob1", "at": [1, 1]})))
    assert "grappled" in state["combatants"]["gob1"]["conditions"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_grapple_ends_when_the_grappler_steps_away(run, ruleset):
    # the second step leaves gob1's reach too: its opportunity window first, then the step
    state = ok(run(*grappled(ruleset, {"do": "move", "id": "aria", "path": [[0, 1], [0, 2]]})))
    assert "grappled" in state["combatants"]["gob1"]["conditions"] and state["phase"] == "reaction"
    state = ok(run({"do": "pass", "id": "gob1"}))
    assert "grappled" not in state["combatants"]["gob1"]["conditions"]


# --- drop_prone at speed 0: 2024 only (seed 000 Se Jeter au Sol) -----------------------------------------------------


def test_2014_a_grappled_creature_may_drop_prone(run):
    state = ok(run(*fight("dnd5e-2014", {"do": "condition", "target": "aria", "add": "grappled", "source": "gob1"},
                          {"do": "drop_prone", "id": "aria"})))
    assert "prone" in state["combatants"]["aria"]["conditions"]


def test_2024_a_creature_at_speed_0_cannot_drop_prone(run):
    rejected(run(*fight("dnd5e-2024", {"do": "condition", "target": "aria", "add": "grappled", "source": "gob1"},
                        {"do": "drop_prone", "id": "aria"})), "aria", "speed 0")


# --- 2024: ending a turn in another creature's space (seed 000, Se Déplacer autour d'Autres Créatures) ----------


def test_2024_ending_a_turn_in_a_larger_or_equal_creatures_space_knocks_prone(run):
    # the small goblin ends its turn in the medium fighter's square: prone
    state = ok(run(*fight("dnd5e-2024", {"do": "place", "id": "gob1", "at": [0, 0]}, {"do": "end_turn"},
                          {"do": "end_turn"}, gob_first=True)))
    assert "prone" in state["combatants"]["gob1"]["conditions"]


def test_2024_a_larger_creature_ending_its_turn_in_a_smaller_ones_space_stays_up(run):
    state = ok(run(*fight("dnd5e-2024", {"do": "place", "id": "aria", "at": [1, 0]}, {"do": "end_turn"})))
    assert "prone" not in state["combatants"]["aria"]["conditions"]


def test_2024_a_tiny_creature_ending_its_turn_in_anothers_space_stays_up(run):
    state = ok(run(*fight("dnd5e-2024", {"do": "place", "id": "aria", "at": [1, 0]}, {"do": "end_turn"},
                          aria={"size": "tiny"})))
    assert "prone" not in state["combatants"]["aria"]["conditions"]


def test_2014_has_no_such_rule(run):
    state = ok(run(*fight("dnd5e-2014", {"do": "place", "id": "gob1", "at": [0, 0]}, {"do": "end_turn"},
                          gob_first=True)))
    assert "prone" not in state["combatants"]["gob1"]["conditions"]


# --- a readied spell is lost with its caster's concentration (seed 000/001 Se tenir prêt / Préparer) -------------


def ready_spell(ruleset):
    return fight(ruleset, {"do": "action", "id": "aria", "action": "ready", "trigger": "the goblin moves",
                           "effect": "hold_person", "response": {"do": "attack", "target": "gob1", "with": "longsword"}},
                 {"do": "end_turn"})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_readied_spell_is_lost_when_concentration_fails(run, log, ruleset):
    # 10 damage: Con save DC 10; d20 1 + 2 (Con) + 3 (proficient) = 6 fails
    state = ok(run(*ready_spell(ruleset), {"do": "damage", "target": "aria", "amount": 10, "type": "fire", "dice": [1]}))
    aria = state["combatants"]["aria"]
    assert aria["concentration"] is None and "readied" not in aria["effects"]
    rejected(run({"do": "trigger", "id": "aria"}), "aria", "no readied action")
    ended = [e for e in events_of(log) if e["type"] == "EffectEnded"][-1]
    assert ended["reason"] == "its_held_spell_is_lost"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_readied_spell_is_lost_when_the_caster_concentrates_on_something_else(run, ruleset):
    state = ok(run(*ready_spell(ruleset), {"do": "concentrate", "id": "aria", "effect": "bless"}))
    assert "readied" not in state["combatants"]["aria"]["effects"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_readied_spell_survives_a_successful_concentration_save(run, ruleset):
    # d20 10 + 5 = 15 >= DC 10
    state = ok(run(*ready_spell(ruleset), {"do": "damage", "target": "aria", "amount": 10, "type": "fire", "dice": [10]}))
    assert "readied" in state["combatants"]["aria"]["effects"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_reactor_the_dm_knocks_out_passes_and_the_suspended_move_goes_on(run, ruleset):
    # the trap brings aria (44 HP) to 0 while her opportunity window is open: she cannot react any more
    state = ok(run(*fight(ruleset, {"do": "move", "id": "gob1", "path": [[2, 0], [3, 0]]}, gob_first=True),
                   {"do": "damage", "target": "aria", "amount": 44, "type": "piercing"}))
    assert state["phase"] == "turn" and state["window"] is None
    assert state["combatants"]["gob1"]["position"] == [3, 0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_damage_with_a_save_takes_each_targets_cover(run, ruleset):
    # seed 000 Abri / seed 001 Abri: +2 (half) and +5 (three-quarters) to Dexterity saves. Goblin Dex 14 -> +2;
    # DC 15 Dex save, 8 fire, half on a success: gob1 10 + 2 + 5 = 17 saves (4), aria 10 + 2 = 12 fails (8)
    state = ok(run(*fight(ruleset, {"do": "damage", "targets": ["gob1", "aria"], "amount": 8, "type": "fire",
                                    "save": {"ability": "dex", "dc": 15}, "cover": {"gob1": "three_quarters"},
                                    "dice": [10, 10]})))
    assert state["combatants"]["gob1"]["hp"] == 3 and state["combatants"]["aria"]["hp"] == 36
    rejected(run({"do": "damage", "target": "aria", "amount": 1, "type": "fire", "cover": {"gob1": "half"}}), "gob1")
