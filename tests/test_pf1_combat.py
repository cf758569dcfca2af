"""pf1 attacks, criticals, damage, hit points below zero, attacks of opportunity and maneuvers, through the CLI.

Numbers worked by hand; sources: seed 004 (ATT, BBA, Dégâts, DEF, Points de vie, Attaque d'opportunité) and
the PRD where the seed is silent."""

from pf1_support import ARIA, GOBLIN, duel, stats
from support import events_of, last, ok, rejected

from combatlog.core.rulesets.pf1.stats import iteratives

LONGSWORD = ARIA["attacks"][0]
TOUGH_GOBLIN = stats(GOBLIN, max_hp=30)


def attack(dice, **extra):
    return {"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": dice, **extra}


# ----------------------------------------------------------------------------- criticals (seed ATT, Dégâts)
def test_confirmed_critical_rolls_the_damage_twice_with_strength_each_time(run, log):
    ok(run(*duel()))
    # d20 19 (threat 19-20) + 6 = 25 vs flat-footed 14: a threat; confirmation 15 + 6 = 21 hits: x2.
    # (1d8 5 + Str 3) + (1d8 6 + Str 3) = 17 -> goblin 6 - 17 = -11: dying (dead at -12, Con 12).
    doc = ok(run(attack([19, 15, 5, 6])))
    assert doc["combatants"]["gob"]["hp"] == -11 and doc["combatants"]["gob"]["status"] == "dying"
    assert last(log, "Pf1CriticalConfirmed")["multiplier"] == 2
    assert [p["total"] for p in last(log, "Pf1DamageRolled")["parts"]] == [8, 9]


def test_extra_dice_are_never_multiplied(run, log):
    flaming = stats(ARIA, attacks=[{**LONGSWORD, "extra_damage": [{"roll": "1d6", "type": "fire"}]}])
    ok(run(*duel(aria=flaming, gob=stats(GOBLIN, max_hp=40))))
    # natural 20, confirmation 10 + 6 = 16 >= 14; (4+3) + (4+3) = 14, then fire 1d6 5 once: 19 -> 40 - 19 = 21
    doc = ok(run(attack([20, 10, 4, 4, 5])))
    assert doc["combatants"]["gob"]["hp"] == 21
    parts = last(log, "Pf1DamageRolled")["parts"]
    assert [(p["type"], p["multiplied"]) for p in parts] == [("slashing", True), ("slashing", True), ("fire", False)]


def test_a_threat_that_misses_takes_no_confirmation_and_a_natural_20_always_hits(run, log):
    armoured = stats(GOBLIN, ac={"armor": 20})  # flat-footed AC 10 + 20 + 1 size = 31
    ok(run(*duel(gob=armoured)))
    ok(run(attack([19])))  # 19 + 6 = 25 < 31: a miss, no confirmation die consumed (all dice used)
    assert last(log, "Pf1AttackRolled")["hit"] is False
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # a natural 20 hits and threatens; confirmation 5 + 6 = 11 < 31 fails; 1d8 3 + 3 = 6 -> 0 hp, disabled
    doc = ok(run(attack([20, 5, 3])))
    assert last(log, "Pf1CriticalNotConfirmed")["total"] == 11
    assert doc["combatants"]["gob"]["status"] == "disabled"


def test_a_natural_1_always_misses(run, log):
    ok(run(*duel()))
    ok(run(attack([1], modifiers=[{"label": "bless", "value": 20}])))  # 1 + 26 = 27 >= 14, still a miss
    rolled = last(log, "Pf1AttackRolled")
    assert rolled["hit"] is False and rolled["modifiers"] == [{"label": "bless", "value": 20}]


def test_minimum_damage_is_one_lethal_point(run, log):
    weak = stats(ARIA, abilities={**ARIA["abilities"], "str": 6})  # Str -2; attack 3 - 2 = +1
    ok(run(*duel(aria=weak)))
    # 15 + 1 = 16 >= 14; 1d8 1 - 2 = -1 -> 1 (seed Dégâts minimaux; INTERFACE-pf1 §4: lethal)
    doc = ok(run(attack([15, 1])))
    assert doc["combatants"]["gob"]["hp"] == 5 and doc["combatants"]["gob"]["nonlethal"] == 0
    assert last(log, "Pf1DamageRolled")["minimum"] is True


def test_two_handed_weapon_adds_one_and_a_half_strength(run):
    greatsword = stats(ARIA, attacks=[{"id": "greatsword", "kind": "melee", "two_handed": True,
                                       "damage": [{"roll": "2d6", "type": "slashing"}]}])
    ok(run(*duel(aria=greatsword, gob=TOUGH_GOBLIN)))
    # seed Dégâts, arme à deux mains: Str 3 x 1.5 = 4 (rounded down); 2d6 3 + 2 + 4 = 9 -> 30 - 9 = 21
    doc = ok(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "greatsword", "dice": [10, 3, 2]}))
    assert doc["combatants"]["gob"]["hp"] == 21


# ----------------------------------------------------------------------------- DR, resistance, vulnerability (PRD)
def test_damage_reduction_and_its_bypass(run):
    silver_dr = stats(GOBLIN, max_hp=30, dr=[{"amount": 5, "bypass": ["silver"]}])
    ok(run(*duel(gob=silver_dr)))
    # 10 + 6 = 16 hits; 1d8 5 + 3 = 8, DR 5/silver -> 3 -> 27
    doc = ok(run(attack([10, 5])))
    assert doc["combatants"]["gob"]["hp"] == 27
    # the DM's weapon damage with a silver weapon: DR bypassed, 8 -> 19; DR applies to weapons only: 4 fire -> 15
    doc = ok(run({"do": "damage", "target": "gob", "amount": 8, "type": "slashing", "weapon": True, "bypass": ["silver"]},
                 {"do": "damage", "target": "gob", "amount": 4, "type": "slashing"}))
    assert doc["combatants"]["gob"]["hp"] == 15
    doc = ok(run({"do": "damage", "target": "gob", "amount": 7, "type": "piercing", "weapon": True}))
    assert doc["combatants"]["gob"]["hp"] == 13  # 7 - 5


def test_dr_can_bring_a_hit_to_zero(run):
    # PRD Damage Reduction: the minimum of 1 does not apply after DR
    ok(run(*duel(gob=stats(GOBLIN, dr=[{"amount": 10, "bypass": []}]))))
    doc = ok(run(attack([10, 5])))  # 8 - 10 -> 0
    assert doc["combatants"]["gob"]["hp"] == 6


def test_energy_resistance_and_vulnerability(run):
    block = stats(GOBLIN, max_hp=30, energy_resistance={"fire": 10}, vulnerabilities=["cold"])
    ok(run(*duel(gob=block)))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 15, "type": "fire"}))
    assert doc["combatants"]["gob"]["hp"] == 25  # 15 - 10
    doc = ok(run({"do": "damage", "target": "gob", "amount": 7, "type": "cold"}))
    assert doc["combatants"]["gob"]["hp"] == 15  # 7 + 50 % rounded down = 10
    doc = ok(run({"do": "damage", "target": "gob", "amount": 3, "type": "lightning"}))  # 5e alias of electricity
    assert doc["combatants"]["gob"]["hp"] == 12
    rejected(run({"do": "damage", "target": "gob", "amount": 3, "type": "psychic"}), "psychic")


# ----------------------------------------------------------------------------- full attack (PRD Full Attack)
def test_iterative_count():
    # 1 + (BAB - 1) // 5, 1..4
    assert [iteratives(b) for b in (0, 1, 5, 6, 10, 11, 15, 16, 20)] == [1, 1, 1, 2, 2, 3, 3, 4, 4]


def test_full_attack_iteratives_and_too_many_attacks(run, log):
    veteran = stats(ARIA, bab=6)  # longsword +9/+4
    ok(run(*duel(aria=veteran, gob=TOUGH_GOBLIN)))
    rejected(run({"do": "full_attack", "attacker": "aria", "attacks": [{"with": "longsword", "target": "gob"}] * 3,
                  "dice": [10, 3, 10, 3, 10, 3]}), "aria gets 2 attacks with longsword: +9/+4")
    # first 10 + 9 = 19 hits for 3 + 3 = 6; second 2 + 4 = 6 misses (flat-footed 14)
    doc = ok(run({"do": "full_attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [10, 3, 2]}))
    assert doc["combatants"]["gob"]["hp"] == 24
    totals = [(e["bonus"], e["total"]) for e in events_of(log) if e["type"] == "Pf1AttackRolled"]
    assert totals == [(9, 19), (4, 6)]
    assert doc["combatants"]["aria"]["actions"]["full_round"] == "full_attack"


def test_two_weapon_fighting_with_the_feat_and_a_light_off_hand(run, log):
    shortsword = {"id": "shortsword", "kind": "melee", "off_hand": True, "light": True,
                  "damage": [{"roll": "1d6", "type": "piercing"}]}
    dual = stats(ARIA, two_weapon_fighting=True, attacks=[LONGSWORD, shortsword])
    ok(run(*duel(aria=dual, gob=TOUGH_GOBLIN)))
    # PRD Table 8-7: feat + light off-hand -2/-2: 10 + 4 = 14 hits for 4 + 3 = 7; 10 + 4 = 14 hits for 3 + half Str 1 = 4
    doc = ok(run({"do": "full_attack", "attacker": "aria", "attacks": [{"with": "longsword", "target": "gob"},
                                                                        {"with": "shortsword", "target": "gob"}],
                  "dice": [10, 4, 10, 3]}))
    assert doc["combatants"]["gob"]["hp"] == 19
    assert [e["bonus"] for e in events_of(log) if e["type"] == "Pf1AttackRolled"] == [4, 4]


def test_two_weapon_fighting_without_the_feat(run, log):
    shortsword = {"id": "shortsword", "kind": "melee", "off_hand": True, "light": True,
                  "damage": [{"roll": "1d6", "type": "piercing"}]}
    ok(run(*duel(aria=stats(ARIA, attacks=[LONGSWORD, shortsword]), gob=TOUGH_GOBLIN)))
    # light off-hand without the feat: -4 / -8 -> +2 and -2
    ok(run({"do": "full_attack", "attacker": "aria", "attacks": [{"with": "longsword", "target": "gob"},
                                                                  {"with": "shortsword", "target": "gob"}],
            "dice": [2, 2]}))
    assert [e["bonus"] for e in events_of(log) if e["type"] == "Pf1AttackRolled"] == [2, -2]


# ----------------------------------------------------------------------------- hit points below zero (seed Points de vie)
def test_dying_stabilization_check(run, log):
    ok(run(*duel(), {"do": "damage", "target": "gob", "amount": 8, "type": "untyped"}))
    doc = ok(run({"do": "end_turn"}))
    # hp -2, dying: its turn waits for the stabilization check
    assert doc["phase"] == "death_save" and doc["combatants"]["gob"]["status"] == "dying"
    assert {"unconscious", "helpless"} <= set(doc["combatants"]["gob"]["conditions"])
    rejected(run({"do": "move", "id": "gob", "path": [[2, 0]]}), "stabilization check")
    # PRD: d20 10 + Con 1 + hp -2 = 9 < 10: fails, loses 1 HP
    doc = ok(run({"do": "death_save", "id": "gob", "dice": [10]}))
    assert doc["combatants"]["gob"]["hp"] == -3 and doc["phase"] == "turn"
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # 12 + 1 - 3 = 10: stable
    doc = ok(run({"do": "death_save", "id": "gob", "dice": [12]}))
    assert doc["combatants"]["gob"]["status"] == "stable" and doc["combatants"]["gob"]["hp"] == -3


def test_dead_at_minus_con_or_minus_ten(run):
    ok(run(*duel()))
    doc = ok(run({"do": "damage", "target": "aria", "amount": 35, "type": "untyped"}))
    assert doc["combatants"]["aria"]["hp"] == -13 and doc["combatants"]["aria"]["status"] == "dying"
    doc = ok(run({"do": "damage", "target": "aria", "amount": 1, "type": "untyped"}))
    assert doc["combatants"]["aria"]["status"] == "dead"  # -14 = -Con 14


def test_dead_at_minus_ten_with_low_con(run):
    frail = stats(GOBLIN, abilities={**GOBLIN["abilities"], "con": 8})
    doc = ok(run(*duel(gob=frail, start=False)))
    assert doc["combatants"]["gob"]["dies_at"] == -10
    doc = ok(run({"do": "damage", "target": "gob", "amount": 16, "type": "untyped"}))
    assert doc["combatants"]["gob"]["status"] == "dead"


def test_no_con_destroyed_at_zero(run):
    skeleton = stats(GOBLIN, abilities={**GOBLIN["abilities"], "con": None})
    ok(run(*duel(gob=skeleton, start=False)))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 6, "type": "slashing"}))
    assert doc["combatants"]["gob"]["status"] == "dead" and doc["combatants"]["gob"]["dies_at"] == 0


def test_disabled_standard_action_costs_one_hp(run):
    ok(run(*duel(), {"do": "damage", "target": "gob", "amount": 6, "type": "untyped"}))
    doc = ok(run({"do": "end_turn"}))
    assert doc["combatants"]["gob"]["status"] == "disabled" and doc["combatants"]["gob"]["actions"]["restricted"]
    # PRD Disabled: after a standard action, 1 damage -> -1, dying
    doc = ok(run({"do": "attack", "attacker": "gob", "target": "aria", "with": "shortsword", "dice": [1]}))
    assert doc["combatants"]["gob"]["hp"] == -1 and doc["combatants"]["gob"]["status"] == "dying"


def test_healing_a_dying_creature(run):
    ok(run(*duel(), {"do": "damage", "target": "gob", "amount": 8, "type": "untyped"}))
    doc = ok(run({"do": "heal", "target": "gob", "amount": 1}))
    assert (doc["combatants"]["gob"]["hp"], doc["combatants"]["gob"]["status"]) == (-1, "stable")
    doc = ok(run({"do": "heal", "target": "gob", "amount": 1}))
    assert (doc["combatants"]["gob"]["hp"], doc["combatants"]["gob"]["status"]) == (0, "disabled")
    doc = ok(run({"do": "heal", "target": "gob", "amount": 3}))
    assert (doc["combatants"]["gob"]["hp"], doc["combatants"]["gob"]["status"]) == (3, "alive")
    # damage makes a stable creature dying again
    ok(run({"do": "damage", "target": "gob", "amount": 5, "type": "untyped"}, {"do": "heal", "target": "gob", "amount": 1}))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 1, "type": "untyped"}))
    assert doc["combatants"]["gob"]["status"] == "dying"


def test_nonlethal_staggers_then_knocks_out(run):
    ok(run(*duel(start=False)))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 6, "type": "bludgeoning", "nonlethal": True}))
    assert doc["combatants"]["gob"]["nonlethal"] == 6 and "staggered" in doc["combatants"]["gob"]["conditions"]
    doc = ok(run({"do": "damage", "target": "gob", "amount": 1, "type": "bludgeoning", "nonlethal": True}))
    assert "unconscious" in doc["combatants"]["gob"]["conditions"] and doc["combatants"]["gob"]["hp"] == 6


def test_first_aid_stabilizes(run):
    ok(run(*duel(), {"do": "damage", "target": "gob", "amount": 8, "type": "untyped"}))
    # PRD Heal: d20 10 + heal 5 = 15 >= DC 15
    doc = ok(run({"do": "stabilize", "id": "aria", "target": "gob", "dice": [10]}))
    assert doc["combatants"]["gob"]["status"] == "stable"


# ----------------------------------------------------------------------------- attacks of opportunity
def _gob_first(**kw):
    return duel(aria_init=10, gob_init=15, **kw)


def test_leaving_a_threatened_square_provokes_and_the_move_waits(run):
    ok(run(*duel()))
    ok(run({"do": "end_turn"}))  # the goblin's turn; aria has acted, so it is not flat-footed
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 0], [3, 0]]}))
    assert doc["phase"] == "reaction" and doc["window"]["reactors"] == ["aria"] and doc["window"]["for"] == "gob"
    assert doc["combatants"]["gob"]["position"] == [1, 0]
    # seed: a single melee attack at the highest bonus: 10 + 6 = 16 vs AC 16 hits; 1d8 4 + 3 = 7 -> -1, dying
    doc = ok(run({"do": "react", "id": "aria", "with": "opportunity_attack", "dice": [10, 4]}))
    assert doc["combatants"]["gob"]["status"] == "dying" and doc["combatants"]["gob"]["position"] == [1, 0]
    assert doc["combatants"]["aria"]["aoo_left"] == 0 and doc["phase"] == "turn"


def test_passing_lets_the_move_go_on(run):
    ok(run(*duel(), {"do": "end_turn"}))
    ok(run({"do": "move", "id": "gob", "path": [[2, 0], [3, 0]]}))
    doc = ok(run({"do": "pass", "id": "aria"}))
    assert doc["combatants"]["gob"]["position"] == [3, 0] and doc["window"] is None


def test_one_opportunity_per_mover_per_round(run):
    ok(run(*duel(), {"do": "end_turn"}))
    # [1,0] -> [1,1] -> [1,2]: leaves [1,0] and [1,1], both threatened by aria: one window only (seed, Attaques réflexes)
    ok(run({"do": "move", "id": "gob", "path": [[1, 1], [1, 2]]}))
    doc = ok(run({"do": "pass", "id": "aria"}))
    assert doc["window"] is None and doc["combatants"]["gob"]["position"] == [1, 2]


def test_flat_footed_creatures_make_no_attack_of_opportunity(run):
    ok(run(*_gob_first()))
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 0], [3, 0]]}))
    assert doc["window"] is None and doc["combatants"]["gob"]["position"] == [3, 0]


def test_combat_reflexes_answers_while_flat_footed(run):
    ok(run(*_gob_first(aria=stats(ARIA, combat_reflexes=True))))
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 0], [3, 0]]}))
    assert doc["window"]["reactors"] == ["aria"]
    # 1 + Dex 2 = 3 per round
    assert doc["combatants"]["aria"]["aoo_per_round"] == 3


def test_five_foot_step_and_withdraw_do_not_provoke(run):
    ok(run(*duel(), {"do": "end_turn"}))
    doc = ok(run({"do": "move", "id": "gob", "path": [[2, 0]], "five_foot_step": True}))
    assert doc["window"] is None
    ok(run({"do": "end_turn"}, {"do": "move", "id": "aria", "path": [[1, 0]]}, {"do": "end_turn"}))
    # PRD Withdraw: leaving the start square does not provoke
    ok(run({"do": "action", "id": "gob", "action": "withdraw"}))
    doc = ok(run({"do": "move", "id": "gob", "path": [[3, 0], [4, 0], [5, 0]]}))
    assert doc["window"] is None and doc["combatants"]["gob"]["position"] == [5, 0]


def test_ranged_attack_in_a_threatened_square_provokes_then_resolves(run):
    ok(run(*duel(), {"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "attack", "attacker": "aria", "target": "gob", "with": "shortbow", "dice": [15, 2]}))
    assert doc["window"]["reactors"] == ["gob"] and doc["combatants"]["gob"]["hp"] == 6
    # the shot waits with its faces; 15 + 3 + Dex 2 = 20 vs 16 hits; 1d6 2 (a bow: no Str bonus) -> 4
    doc = ok(run({"do": "pass", "id": "gob"}))
    assert doc["combatants"]["gob"]["hp"] == 4 and doc["window"] is None


def test_casting_provokes_and_a_hit_breaks_concentration(run, log):
    caster = stats(ARIA, concentration=5)
    ok(run(*duel(aria=caster), {"do": "end_turn"}, {"do": "end_turn"}))
    ok(run({"do": "action", "id": "aria", "action": "cast_spell", "spell_level": 1}))
    # goblin: 15 + 1 (BAB 1 + Str 0 + size 1) = 16 vs aria 21: miss... use 20: hits, confirm 1 fails; 1d4 3 -> 3
    # concentration: 5 + 5 = 10 < DC 10 + 3 + 1 = 14: the spell is lost
    doc = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [20, 1, 3, 5]}))
    assert doc["combatants"]["aria"]["hp"] == 19
    assert last(log, "Pf1SpellLost")["id"] == "aria"
    assert not [e for e in events_of(log) if e["type"] == "Pf1ActionTaken" and e["action"] == "cast_spell"]


# ----------------------------------------------------------------------------- combat maneuvers (PRD)
def test_trip_against_flat_footed_cmd(run):
    ok(run(*duel()))
    # 10 + CMB 6 = 16 vs flat-footed CMD 12 - 2 = 10: prone
    doc = ok(run({"do": "maneuver", "attacker": "aria", "target": "gob", "maneuver": "trip", "dice": [10]}))
    assert "prone" in doc["combatants"]["gob"]["conditions"]
    # prone: -4 AC against melee: flat-footed 14 - 4 = 10
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))


def test_grapple_grapples_both(run):
    ok(run(*duel()))
    doc = ok(run({"do": "grapple", "attacker": "aria", "target": "gob", "dice": [5]}))  # 11 >= 10
    assert "grappled" in doc["combatants"]["gob"]["conditions"] and "grappled" in doc["combatants"]["aria"]["conditions"]


def test_undo_redo_and_state_at(run, log):
    from conftest import state_of

    ok(run(*duel()))
    before = state_of(log)
    ok(run(attack([10, 5])))
    doc = ok(run({"do": "undo"}))
    assert doc["combatants"]["gob"]["hp"] == 6 and doc["combatants"]["aria"]["actions"]["standard"] is None
    doc = ok(run({"do": "redo"}))
    assert doc["combatants"]["gob"]["hp"] == -2
    assert state_of(log, at=before["seq"])["combatants"]["gob"]["hp"] == 6
