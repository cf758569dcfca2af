"""INTERFACE-pf1.md checked line by line: commands, fields, defaults, dice order, the state document and the
decisions of its section 4. Numbers worked by hand from tests/pf1_support.py:

Aria: Str 16 (+3), Dex 14 (+2), Con 14 (+2), Wis 12 (+1), BAB 3, Medium. AC 21 / touch 13 / flat-footed 18.
  Longsword +6 (BAB 3 + Str 3), 1d8+3, 19-20 ×2. Shortbow +5 (BAB 3 + Dex 2), 1d6 (a bow: Str penalty only).
  Saves Fort 3+2 = 5, Ref 1+2 = 3, Will 1+1 = 2. CMB 3+3 = 6; CMD 10+3+3+2+1 dodge = 19. Dies at −14.
Goblin: Small, Str 11 (+0), Dex 15 (+2), Con 12 (+1), BAB 1. AC 16 / touch 13 / flat-footed 14; 6 HP.
  CMB 1+0−1 = 0; CMD 10+1+0+2−1 = 12. Dies at −10.
`duel()`: Aria at [0,0], the goblin at [1,0]; Aria (15) acts before the goblin (10).
"""

from pf1_support import ARIA, GOBLIN, duel, stats
from support import events_of, last, ok, rejected


def bonus_of(roll: dict) -> int:
    """The whole bonus of an attack roll: its base bonus and every situational modifier (total − d20)."""
    return roll["total"] - roll["d20"]


def attack(dice, attacker="aria", target="gob", weapon="longsword", **extra):
    return {"do": "attack", "attacker": attacker, "target": target, "with": weapon, "dice": dice, **extra}


# ----------------------------------------------------------------------------- §2 the state document
def test_state_document_fields_of_section_2(run):
    doc = ok(run(*duel()))
    assert doc["ruleset"] == "pf1" and doc["round"] == 1 and doc["surprise_round"] is False
    aria, gob = doc["combatants"]["aria"], doc["combatants"]["gob"]
    assert (aria["hp"], aria["max_hp"], aria["temp_hp"], aria["nonlethal"], aria["dies_at"]) == (22, 22, 0, 0, -14)
    assert aria["status"] == "alive" and aria["death_saves"] == {"successes": 0, "failures": 0}
    assert (aria["initiative"], aria["initiative_modifier"]) == (15, 2)
    # INTERFACE-pf1 §2: her turn began, so she is no longer flat-footed; the goblin still is (seed *Initiative*)
    assert aria["flat_footed"] is False and gob["flat_footed"] is True and "flat_footed" in gob["conditions"]
    assert (aria["aoo_left"], aria["aoo_per_round"], aria["reaction_available"]) == (1, 1, True)
    assert (aria["bab"], aria["ac"], aria["touch_ac"], aria["flat_footed_ac"]) == (3, 21, 13, 18)
    assert (aria["cmb"], aria["cmd"]) == (6, 19)
    assert aria["saves"] == {"fort": 5, "ref": 3, "will": 2}
    # `ac` and `touch_ac` as if not flat-footed, whatever `flat_footed` says
    assert (gob["ac"], gob["touch_ac"], gob["flat_footed_ac"], gob["cmb"], gob["cmd"]) == (16, 13, 14, 0, 12)
    assert aria["actions"] == {"standard": None, "move": None, "swift": None, "full_round": None,
                               "five_foot_step": False, "moved": False, "restricted": False}
    assert aria["effects"] == [] and aria["surprised"] is False
    for absent in ("economy", "exhaustion", "bloodied", "concentration"):
        assert absent not in aria, absent


def test_a_full_round_action_fills_full_round_standard_and_move(run):
    ok(run(*duel()))
    doc = ok(run({"do": "action", "id": "aria", "action": "total_defense"}))
    assert doc["combatants"]["aria"]["actions"]["standard"] == "total_defense"
    # +4 dodge (PRD Total Defense): 21 + 4 = 25, touch 13 + 4 = 17
    assert (doc["combatants"]["aria"]["ac"], doc["combatants"]["aria"]["touch_ac"]) == (25, 17)
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "full_attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [1]}))
    assert doc["combatants"]["aria"]["actions"]["full_round"] == "full_attack"
    assert doc["combatants"]["aria"]["actions"]["standard"] == "full_attack"
    assert doc["combatants"]["aria"]["actions"]["move"] == "full_attack"


def test_a_spent_action_is_named_in_the_refusal(run):
    ok(run(*duel()))
    ok(run(attack([1])))
    rejected(run(attack([1])), "attack")  # the standard action went to the attack


# ----------------------------------------------------------------------------- §1 commands kept
def test_slot_on_attack_and_concentrate_are_refused(run):
    ok(run(*duel()))
    rejected(run(attack([10], slot="swift")), "slot")
    rejected(run({"do": "concentrate", "id": "aria"}))


def test_damage_types_lightning_and_thunder_are_aliases_other_5e_types_are_refused(run, log):
    ok(run(*duel()))
    ok(run({"do": "damage", "target": "aria", "amount": 2, "type": "lightning"}))
    assert last(log, "Pf1DamageTaken")["amount"] == 2
    ok(run({"do": "damage", "target": "aria", "amount": 1, "type": "thunder"}))
    rejected(run({"do": "damage", "target": "aria", "amount": 1, "type": "necrotic"}), "necrotic")
    rejected(run({"do": "damage", "target": "aria", "amount": 1, "type": "radiant"}), "radiant")


def test_damage_as_a_weapon_hit_meets_damage_reduction(run):
    # PRD Damage Reduction: DR 5/silver takes 5 off a weapon's 8 unless it is silver; energy is untouched.
    ok(run(*duel(gob=stats(GOBLIN, max_hp=30, dr=[{"amount": 5, "bypass": ["silver"]}]))))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 8, "type": "slashing", "weapon": True}))
    assert doc["combatants"]["gob"]["hp"] == 27
    doc = ok(run({"do": "damage", "target": "gob", "amount": 8, "type": "slashing", "weapon": True, "bypass": ["silver"]}))
    assert doc["combatants"]["gob"]["hp"] == 19
    doc = ok(run({"do": "damage", "target": "gob", "amount": 4, "type": "fire"}))
    assert doc["combatants"]["gob"]["hp"] == 15


def test_damage_critical_multiplier_defaults_to_two(run):
    # INTERFACE-pf1 `damage`: `critical` rolls the whole roll N times, default 2: 1d6+1 twice = (3+1) + (5+1) = 10
    ok(run(*duel(gob=stats(GOBLIN, max_hp=30))))
    doc = ok(run({"do": "damage", "target": "gob", "roll": "1d6+1", "type": "slashing", "critical": True, "dice": [3, 5]}))
    assert doc["combatants"]["gob"]["hp"] == 20


def test_healing_removes_as_much_nonlethal_damage(run):
    # PRD Nonlethal Damage: healing removes as much nonlethal damage. 5 nonlethal, heal 3 -> 2 nonlethal; HP 22.
    ok(run(*duel()))
    ok(run({"do": "damage", "target": "aria", "amount": 5, "type": "bludgeoning", "nonlethal": True}))
    doc = ok(run({"do": "heal", "target": "aria", "amount": 3}))
    assert (doc["combatants"]["aria"]["nonlethal"], doc["combatants"]["aria"]["hp"]) == (2, 22)


def test_save_natural_one_fails_and_natural_twenty_succeeds(run, log):
    # seed *Sauvegarde*: Fort +5. A natural 1 (1 + 5 = 6 >= DC 5) still fails; a natural 20 (25 < DC 30) succeeds.
    ok(run(*duel()))
    ok(run({"do": "save", "id": "aria", "ability": "fort", "dc": 5, "dice": [1]}))
    assert last(log, "Pf1SaveRolled")["success"] is False
    ok(run({"do": "save", "id": "aria", "ability": "fort", "dc": 30, "dice": [20]}))
    assert last(log, "Pf1SaveRolled")["success"] is True
    ok(run({"do": "save", "id": "aria", "ability": "will", "dc": 12, "dice": [10]}))  # 10 + 2 = 12 >= 12
    assert last(log, "Pf1SaveRolled")["total"] == 12 and last(log, "Pf1SaveRolled")["success"] is True


def test_shove_prone_is_a_trip_and_push_is_a_bull_rush(run, log):
    # PRD Trip: d20 + CMB 6 vs the goblin's flat-footed CMD 10 (12 − Dex 2): 4 + 6 = 10 trips it.
    ok(run(*duel()))
    doc = ok(run({"do": "shove", "attacker": "aria", "target": "gob", "effect": "prone", "dice": [4]}))
    assert last(log, "Pf1ManeuverRolled")["maneuver"] == "trip" and "prone" in doc["combatants"]["gob"]["conditions"]
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # Bull rush: 11 + 6 = 17 vs CMD 12 (the goblin's turn came): margin 5 -> 1.5 m + 1.5 m = two squares
    # Bull rush provokes from its target (PRD Combat Maneuvers) unless improved: the goblin passes.
    ok(run({"do": "shove", "attacker": "aria", "target": "gob", "effect": "push", "dice": [11]}))
    doc = ok(run({"do": "pass", "id": "gob"}))
    assert last(log, "Pf1ManeuverRolled")["maneuver"] == "bull_rush"
    assert doc["combatants"]["gob"]["position"] == [3, 0]


def test_full_attack_with_the_target_alone_takes_the_first_melee_weapon_iteratives(run, log):
    # BAB 6: longsword +9/+4 (PRD Full Attack). 3 + 9 = 12 < 14 (flat-footed) misses; 1 misses.
    ok(run(*duel(aria=stats(ARIA, bab=6), gob=stats(GOBLIN, max_hp=40))))
    ok(run({"do": "full_attack", "attacker": "aria", "target": "gob", "dice": [3, 1]}))
    rolls = [e for e in events_of(log) if e["type"] == "Pf1AttackRolled"]
    assert [(r["attack"], r["bonus"]) for r in rolls] == [("longsword", 9), ("longsword", 4)]


def test_full_attack_list_with_a_trip_in_place_of_an_attack_and_a_five_foot_step(run, log):
    # BAB 6: +9 then +4. The first attack (12 + 9 = 21 ≥ 16) hits, 1d8+3 = 4 + 3 = 7; then a trip with CMB 9 − 5 = 4?
    # PRD Combat Maneuvers: a maneuver in place of a melee attack uses that attack's bonus: BAB 1 iterative −5.
    # Trip: d20 10 + CMB (6 + 3 from BAB 6) − 5 = 14 ≥ CMD 12 -> prone. Then a 5-foot step to [0,1].
    ok(run(*duel(aria=stats(ARIA, bab=6), gob=stats(GOBLIN, max_hp=40))))
    doc = ok(run({"do": "full_attack", "attacker": "aria", "attacks": [
        {"with": "longsword", "target": "gob"}, {"maneuver": "trip", "target": "gob"}, {"five_foot_step": [0, 1]}],
        "dice": [12, 4, 10]}))
    gob = doc["combatants"]["gob"]
    assert gob["hp"] == 33 and "prone" in gob["conditions"]
    assert doc["combatants"]["aria"]["position"] == [0, 1] and doc["combatants"]["aria"]["actions"]["five_foot_step"]


def test_a_creature_added_after_start_is_flat_footed_until_its_first_turn(run):
    ok(run(*duel()))
    doc = ok(run({"do": "add", "id": "bob", "name": "Bob", "side": "party", "stats": ARIA, "at": [0, 2]},
                 {"do": "initiative", "id": "bob", "value": 5}))
    assert doc["combatants"]["bob"]["flat_footed"] is True


def test_implied_conditions_of_section_3(run):
    ok(run(*duel()))
    doc = ok(run({"do": "condition", "target": "gob", "add": "pinned"}))
    gob = doc["combatants"]["gob"]
    assert {"pinned", "grappled", "flat_footed"} <= set(gob["conditions"]) and gob["flat_footed"] is True
    doc = ok(run({"do": "condition", "target": "aria", "add": "paralyzed"}))
    assert "helpless" in doc["combatants"]["aria"]["conditions"]


def test_helpless_target_dex_counts_as_zero_and_melee_gets_plus_four(run, log):
    # PRD Helpless: Dex 0 (−5): AC 10 + 2 + 1 − 5 + 1 (size) = 9; Aria's melee +6 + 4 = +10.
    ok(run(*duel()))
    ok(run({"do": "condition", "target": "gob", "add": "paralyzed"}))
    ok(run(attack([1])))
    roll = last(log, "Pf1AttackRolled")
    assert (bonus_of(roll), roll["ac"]) == (10, 9)


def test_prone_target_minus_four_against_melee_plus_four_against_ranged(run, log):
    # PRD Prone: −4 AC against melee, +4 against ranged. The goblin is flat-footed: 14 − 4 = 10 melee.
    ok(run(*duel(gob_at=(4, 0))))
    ok(run({"do": "condition", "target": "gob", "add": "prone"}))
    ok(run(attack([2], weapon="shortbow")))  # 4 squares = 6 m, first increment: +5; AC 14 + 4 = 18
    roll = last(log, "Pf1AttackRolled")
    assert (roll["bonus"], roll["ac"]) == (5, 18)


def test_prone_attacker_minus_four_in_melee_and_no_bow(run, log):
    ok(run(*duel()))
    ok(run({"do": "drop_prone", "id": "aria"}))
    ok(run(attack([1])))
    assert bonus_of(last(log, "Pf1AttackRolled")) == 2  # 6 − 4
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    rejected(run(attack([10], weapon="shortbow")))


def test_range_beyond_ten_increments_is_refused(run):
    # PRD Range: shortbow 18 m; 10 increments = 180 m = 120 squares. 121 squares away: refused.
    ok(run(*duel(gob_at=(121, 0))))
    rejected(run(attack([10], weapon="shortbow")))


def test_thrown_weapon_at_most_five_increments(run):
    # PRD Range: a thrown weapon reaches 5 increments: javelin 9 m -> 45 m = 30 squares; 31 squares refused.
    javelin = {"id": "javelin", "kind": "ranged", "thrown": True, "range_increment": 9,
               "damage": [{"roll": "1d6", "type": "piercing"}]}
    ok(run(*duel(aria=stats(ARIA, attacks=[javelin]), gob_at=(31, 0))))
    rejected(run(attack([10], weapon="javelin")))


def test_natural_attacks_beside_weapons_become_secondary(run, log):
    # PRD Natural Attacks: with weapon attacks, a natural attack is secondary: −5 and ½ Str.
    # Bite: +6 − 5 = +1. 19 + 1 = 20 ≥ 16 hits (19 is not in its 20 threat range); 1d4 3 + ⌊3 × 0.5⌋ = 3 + 1 = 4.
    bite = {"id": "bite", "kind": "melee", "natural": True, "damage": [{"roll": "1d4", "type": "piercing"}]}
    ok(run(*duel(aria=stats(ARIA, attacks=[ARIA["attacks"][0], bite]), gob=stats(GOBLIN, max_hp=40))))
    doc = ok(run({"do": "full_attack", "attacker": "aria", "attacks": [
        {"with": "longsword", "target": "gob"}, {"with": "bite", "target": "gob"}], "dice": [1, 19, 3]}))
    rolls = [e for e in events_of(log) if e["type"] == "Pf1AttackRolled"]
    assert [r["bonus"] for r in rolls] == [6, 1]
    assert doc["combatants"]["gob"]["hp"] == 36


def test_to_hit_overrides_and_iteratives_step_down_five(run, log):
    # INTERFACE-pf1 attack profile `to_hit`: the first attack's bonus; BAB 6 gives 2 attacks: +12/+7.
    sword = dict(ARIA["attacks"][0], to_hit=12)
    ok(run(*duel(aria=stats(ARIA, bab=6, attacks=[sword]), gob=stats(GOBLIN, max_hp=40))))
    ok(run({"do": "full_attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [1, 1]}))
    assert [e["bonus"] for e in events_of(log) if e["type"] == "Pf1AttackRolled"] == [12, 7]


def test_cmb_and_cmd_overrides(run):
    doc = ok(run(*duel(aria=stats(ARIA, cmb=11, cmd=25))))
    assert (doc["combatants"]["aria"]["cmb"], doc["combatants"]["aria"]["cmd"]) == (11, 25)


def test_surprised_is_cleared_when_round_one_starts(run):
    ok(run(*duel(extra=[{"do": "surprise", "ids": ["gob"]}])))
    doc = ok(run({"do": "end_turn"}))  # Aria's surprise-round turn ends; the goblin's is skipped; round 1
    assert doc["round"] == 1 and doc["surprise_round"] is False
    assert doc["combatants"]["gob"]["surprised"] is False and "surprised" not in doc["combatants"]["gob"]["conditions"]


def test_five_foot_step_limits(run):
    # PRD 5-Foot Step: not into difficult terrain; not at a speed of 1.5 m or less; not after moving.
    ok(run(*duel(gob_at=(5, 5))))
    ok(run({"do": "terrain", "squares": [[0, 1]], "kind": "difficult"}))
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1]], "five_foot_step": True}))
    ok(run({"do": "move", "id": "aria", "path": [[1, 0]]}))
    rejected(run({"do": "move", "id": "aria", "path": [[2, 0]], "five_foot_step": True}))


def test_five_foot_step_refused_at_speed_one_and_a_half(run):
    ok(run(*duel(aria=stats(ARIA, speed=1.5), gob_at=(5, 5))))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]], "five_foot_step": True}))


def test_through_an_enemy_only_if_helpless_and_never_ending_on_a_creature(run):
    ok(run(*duel(gob_at=(1, 0))))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    ok(run({"do": "condition", "target": "gob", "add": "unconscious"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0]]}))
    doc = ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]}))
    assert doc["combatants"]["aria"]["position"] == [2, 0]


def test_other_action_with_slot_and_provokes(run):
    ok(run(*duel()))
    doc = ok(run({"do": "action", "id": "aria", "action": "other", "slot": "swift", "provokes": False, "note": "Bénédiction"}))
    assert doc["combatants"]["aria"]["actions"]["swift"] is not None
    assert doc["combatants"]["aria"]["actions"]["standard"] is None


def test_cast_spell_as_a_swift_action(run):
    ok(run(*duel(gob_at=(5, 5))))
    doc = ok(run({"do": "action", "id": "aria", "action": "cast_spell", "slot": "swift"}))
    assert doc["combatants"]["aria"]["actions"]["swift"] == "cast_spell"
    assert doc["combatants"]["aria"]["actions"]["standard"] is None


def test_aid_another_on_ac(run, log):
    # PRD Aid Another: d20 + attack bonus (+6) vs AC 10: 4 + 6 = 10 succeeds; Bob gets +2 AC against the goblin.
    ok(run(*duel(extra=[{"do": "add", "id": "bob", "name": "Bob", "side": "party", "stats": ARIA, "at": [1, 1]},
                        {"do": "initiative", "id": "bob", "value": 1}])))
    ok(run({"do": "action", "id": "aria", "action": "aid_another", "target": "gob", "ally": "bob", "on": "ac",
            "dice": [4]}))
    ok(run({"do": "end_turn"}))
    ok(run(attack([10], attacker="gob", target="bob", weapon="shortsword")))
    # Bob is flat-footed (his first turn has not come): 18 + 2 = 20
    assert last(log, "Pf1AttackRolled")["ac"] == 20


def test_invisible_attacker_plus_two_and_the_target_loses_dex(run, log):
    # PRD Invisible: +2 to attack, the target is denied its Dex bonus: goblin flat-footed AC 14; +6 + 2 = +8.
    ok(run(*duel()))
    ok(run({"do": "condition", "target": "aria", "add": "invisible"}))
    ok(run(attack([1])))
    roll = last(log, "Pf1AttackRolled")
    assert (bonus_of(roll), roll["ac"]) == (8, 14)


def test_shaken_dazzled_grappled_entangled_modifiers(run, log):
    # PRD Conditions: shaken −2, dazzled −1, grappled −2 attack (and −4 Dex), entangled −2 attack (and −4 Dex)
    ok(run(*duel()))
    for condition, bonus in (("shaken", 4), ("dazzled", 3), ("grappled", 1), ("entangled", -1)):
        ok(run({"do": "condition", "target": "aria", "add": condition}))
        ok(run(attack([1])))
        assert bonus_of(last(log, "Pf1AttackRolled")) == bonus, condition
        ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    # Dex 14 − 4 − 4 = 6 (−2): AC 10 + 6 + 2 + 1 dodge − 2 = 17
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert doc["combatants"]["aria"]["ac"] == 17


def test_react_with_a_chosen_weapon(run, log):
    # `react` `attack`: the melee attack to use. Aria has a dagger (+6, 1d4+3) and a longsword.
    dagger = {"id": "dagger", "kind": "melee", "light": True, "damage": [{"roll": "1d4", "type": "piercing"}]}
    ok(run(*duel(aria=stats(ARIA, attacks=[ARIA["attacks"][0], dagger]), aria_init=10, gob_init=15)))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))  # round 2: the goblin leaves Aria's square with her unflat-footed
    ok(run({"do": "move", "id": "gob", "path": [[2, 0]]}))
    doc = ok(run({"do": "react", "id": "aria", "with": "opportunity_attack", "attack": "dagger", "dice": [15, 2]}))
    assert last(log, "Pf1AttackRolled")["attack"] == "dagger"
    assert doc["combatants"]["gob"]["hp"] == 1  # 2 + 3 = 5


def test_stabilize_is_a_standard_action_that_provokes(run, log):
    # PRD Heal: first aid, a standard action that provokes (Actions in Combat, use skill).
    ok(run(*duel(aria_init=10, gob_init=15, extra=[
        {"do": "add", "id": "bob", "name": "Bob", "side": "party", "stats": stats(ARIA, hp=-3), "at": [0, 1]},
        {"do": "initiative", "id": "bob", "value": 1}])))
    ok(run({"do": "end_turn"}))  # the goblin's turn ends; Aria's turn; the goblin is no longer flat-footed
    doc = ok(run({"do": "stabilize", "id": "aria", "target": "bob", "dice": [10]}))
    assert doc["window"] is not None and doc["window"]["reactors"] == ["gob"]
    doc = ok(run({"do": "pass", "id": "gob"}))
    assert doc["combatants"]["bob"]["status"] == "stable"  # 10 + 5 = 15 ≥ DC 15
    assert doc["combatants"]["aria"]["actions"]["standard"] == "stabilize"


def test_death_save_is_the_only_legal_command_of_a_dying_turn(run):
    ok(run(*duel(aria=stats(ARIA, hp=-3), aria_init=10, gob_init=15)))
    doc = ok(run({"do": "end_turn"}))
    assert doc["turn"] == "aria"
    rejected(run({"do": "end_turn"}))
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1]]}))
    # d20 10 + Con 2 + hp −3 = 9 < 10: loses 1 HP
    doc = ok(run({"do": "death_save", "id": "aria", "dice": [10]}))
    assert doc["combatants"]["aria"]["hp"] == -4 and doc["turn"] == "aria"


def test_bleeding_dying_creature_fails_automatically(run, log):
    # PRD Stable Characters and Recovery: a creature taking bleed damage fails its stabilization check.
    ok(run(*duel(aria=stats(ARIA, hp=-3), aria_init=10, gob_init=15)))
    ok(run({"do": "condition", "target": "aria", "add": "bleed"}))
    ok(run({"do": "end_turn"}))
    doc = ok(run({"do": "death_save", "id": "aria"}))  # nothing rolled: it fails, −3 -> −4
    assert last(log, "Pf1StabilizationRolled")["automatic_failure"] is True and doc["combatants"]["aria"]["hp"] == -4


def test_disabled_moves_at_half_speed(run):
    # PRD Disabled: half speed: 6 m -> 3 m = 2 squares; a path of 3 squares is refused.
    ok(run(*duel(aria=stats(ARIA, hp=0), gob_at=(5, 5))))
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1], [0, 2], [0, 3]]}))
    ok(run({"do": "move", "id": "aria", "path": [[0, 1], [0, 2]]}))


def test_flanking_field_forces_the_answer(run, log):
    ok(run(*duel()))
    ok(run(attack([1], flanking=True)))
    assert bonus_of(last(log, "Pf1AttackRolled")) == 8  # PRD Flanking +2


def test_full_attack_at_a_target_that_died_is_refused_naming_the_attack(run):
    # seed *Points de vie*: Con 12 > 10, so the goblin dies at −12: −8 − 4 = −12.
    ok(run(*duel(aria=stats(ARIA, bab=6), gob=stats(GOBLIN, hp=-8))))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 4, "type": "untyped"}))
    assert doc["combatants"]["gob"]["status"] == "dead"
    rejected(run({"do": "full_attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [1, 1]}),
             "longsword")


# ----------------------------------------------------------------------------- stats keys and their defaults
def test_run_feat_runs_five_times_speed(run):
    # PRD Run (feat): ×5 in medium armour: 4 squares × 5 = 20 squares; without it ×4 = 16 (seed *Vitesse*).
    far = [[x, 0] for x in range(1, 22)]
    ok(run(*duel(aria=stats(ARIA, run_feat=True), gob_at=(0, 30))))
    ok(run({"do": "action", "id": "aria", "action": "run"}))
    rejected(run({"do": "move", "id": "aria", "path": far}))
    doc = ok(run({"do": "move", "id": "aria", "path": far[:20]}))
    assert doc["combatants"]["aria"]["position"] == [20, 0]


def test_run_without_the_feat_is_four_times_speed(run):
    far = [[x, 0] for x in range(1, 18)]
    ok(run(*duel(gob_at=(0, 30))))
    ok(run({"do": "action", "id": "aria", "action": "run"}))
    rejected(run({"do": "move", "id": "aria", "path": far}))
    ok(run({"do": "move", "id": "aria", "path": far[:16]}))


def test_acrobatics_ranks_raise_total_defense_and_fighting_defensively(run):
    # PRD Total Defense / Fighting Defensively with 3 ranks in Acrobatics: +6 and +3 dodge (21 + 6 = 27; 21 + 3 = 24)
    ok(run(*duel(aria=stats(ARIA, acrobatics_ranks=3))))
    doc = ok(run({"do": "action", "id": "aria", "action": "total_defense"}))
    assert doc["combatants"]["aria"]["ac"] == 27
    assert any("total_defense" in str(effect) for effect in doc["combatants"]["aria"]["effects"])
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run(attack([1], fight_defensively=True)))
    assert doc["combatants"]["aria"]["ac"] == 24
    assert any("fighting_defensively" in str(effect) for effect in doc["combatants"]["aria"]["effects"])


def test_uncanny_dodge_keeps_dex_against_an_invisible_attacker(run, log):
    # INTERFACE-pf1 `uncanny_dodge`: never flat-footed, keeps its Dex bonus: AC 16; the invisible Aria +6 + 2 = +8
    ok(run(*duel(gob=stats(GOBLIN, uncanny_dodge=True))))
    ok(run({"do": "condition", "target": "aria", "add": "invisible"}))
    ok(run(attack([1])))
    roll = last(log, "Pf1AttackRolled")
    assert (bonus_of(roll), roll["ac"]) == (8, 16)


def test_a_bow_takes_only_a_strength_penalty(run):
    # seed *Dégâts*: a bow that is not composite adds a Str penalty, never a bonus. Str 8 (−1): 1d6 4 − 1 = 3.
    # Shortbow: BAB 3 + Dex 2 = +5; 15 + 5 = 20 ≥ flat-footed 14. (4 squares = 6 m: first increment.)
    ok(run(*duel(aria=stats(ARIA, abilities=dict(ARIA["abilities"], str=8)), gob_at=(4, 0))))
    doc = ok(run(attack([15, 4], weapon="shortbow")))
    assert doc["combatants"]["gob"]["hp"] == 3


def test_a_nonlethal_weapon_deals_nonlethal_damage(run):
    # PRD Nonlethal Damage: a sap, 1d6 nonlethal: 15 + 6 = 21 hits, 2 + 3 = 5 nonlethal; 5 < 6 HP: no condition.
    sap = {"id": "sap", "kind": "melee", "nonlethal": True, "damage": [{"roll": "1d6", "type": "bludgeoning"}]}
    ok(run(*duel(aria=stats(ARIA, attacks=[sap]))))
    doc = ok(run(attack([15, 2], weapon="sap")))
    gob = doc["combatants"]["gob"]
    assert (gob["hp"], gob["nonlethal"], gob["status"]) == (6, 5, "alive") and "staggered" not in gob["conditions"]


def test_improved_two_weapon_fighting_gives_a_second_off_hand_attack_at_minus_five(run, log):
    # PRD Table 8-7 with the feat and a light off-hand weapon: −2/−2. BAB 6: longsword +9 − 2 = +7 then +2;
    # dagger BAB 6 + Str 3 − 2 = +7, the second off-hand attack −5: +2 (PRD Improved Two-Weapon Fighting).
    dagger = {"id": "dagger", "kind": "melee", "light": True, "off_hand": True, "damage": [{"roll": "1d4", "type": "piercing"}]}
    aria = stats(ARIA, bab=6, two_weapon_fighting=True, improved_two_weapon_fighting=True,
                 attacks=[ARIA["attacks"][0], dagger])
    ok(run(*duel(aria=aria)))
    ok(run({"do": "full_attack", "attacker": "aria", "attacks": [
        {"with": "longsword", "target": "gob"}, {"with": "dagger", "target": "gob"},
        {"with": "longsword", "target": "gob"}, {"with": "dagger", "target": "gob"}], "dice": [1, 1, 1, 1]}))
    assert [bonus_of(e) for e in events_of(log) if e["type"] == "Pf1AttackRolled"] == [7, 7, 2, 2]


def test_restricted_in_the_surprise_round(run):
    # PRD Surprise: a single standard or move action: no full attack, no run, no double move (speed 4 squares).
    ok(run(*duel(gob_at=(6, 0), extra=[{"do": "surprise", "ids": ["gob"]}])))
    rejected(run({"do": "full_attack", "attacker": "aria", "target": "gob", "dice": [10]}))
    rejected(run({"do": "action", "id": "aria", "action": "run"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]}))
    # a restricted charge is a standard action limited to the speed: 5 squares to reach [5, 0] is too far
    ok(run({"do": "action", "id": "aria", "action": "charge", "target": "gob"}))
    rejected(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]}))


def test_restricted_charge_within_speed(run):
    # the goblin at [4, 0]: 3 squares to [3, 0] ≤ speed 4; +2 to the attack: 6 + 2 = 8; 6 + 8 = 14 ≥ 14 hits.
    ok(run(*duel(gob_at=(4, 0), extra=[{"do": "surprise", "ids": ["gob"]}])))
    doc = ok(run({"do": "action", "id": "aria", "action": "charge", "target": "gob"}))
    assert doc["combatants"]["aria"]["actions"]["standard"] == "charge"
    ok(run({"do": "move", "id": "aria", "path": [[1, 0], [2, 0], [3, 0]]}))
    doc = ok(run(attack([6, 2])))
    assert doc["combatants"]["gob"]["hp"] == 1  # 2 + 3 = 5
    assert doc["combatants"]["aria"]["ac"] == 19  # charge −2 until the start of her next turn


def test_flat_footed_added_by_the_dm(run, log):
    # INTERFACE-pf1: the condition `flat_footed` can be added by the DM; the attack faces the flat-footed AC 14.
    ok(run(*duel()))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))  # round 2: the goblin's turn came, it is not flat-footed
    doc = ok(run({"do": "condition", "target": "gob", "add": "flat_footed"}))
    assert doc["combatants"]["gob"]["flat_footed"] is True
    ok(run(attack([1])))
    assert (last(log, "Pf1AttackRolled")["ac"], last(log, "Pf1AttackRolled")["ac_kind"]) == (14, "flat_footed")


def test_crawling_is_one_square_and_provokes(run):
    # PRD Prone: crawl 1.5 m as a move action; it provokes (Table 8-2).
    ok(run(*duel(gob_at=(5, 5))))
    ok(run({"do": "drop_prone", "id": "aria"}))
    rejected(run({"do": "move", "id": "aria", "path": [[0, 1], [0, 2]], "mode": "crawl"}))
    doc = ok(run({"do": "move", "id": "aria", "path": [[0, 1]], "mode": "crawl"}))
    assert doc["combatants"]["aria"]["position"] == [0, 1]


def test_energy_immunity(run):
    ok(run(*duel(gob=stats(GOBLIN, immunities=["fire"]))))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 5, "type": "fire"}))
    assert doc["combatants"]["gob"]["hp"] == 6


# ----------------------------------------------------------------------------- windows, ties, dying, stable
def test_the_window_has_the_5e_shape(run):
    # INTERFACE-pf1 § Attacks of opportunity: {"trigger", "reactors", "for"}. Round 2: the goblin is not flat-footed.
    ok(run(*duel()))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "move", "id": "aria", "path": [[0, 1], [0, 2]]}))
    window = doc["window"]
    assert {"trigger", "reactors", "for"} <= set(window) and window["reactors"] == ["gob"]


def test_same_total_and_modifier_is_refused_naming_the_tied_ids(run):
    # seed *Initiative*: same total, same modifier (Aria +2, a second Aria +2): refused until roll_off or order.
    ok(run(*duel(start=False, aria_init=12, gob_init=10,
                 extra=[{"do": "add", "id": "bea", "name": "Bea", "side": "party", "stats": ARIA, "at": [0, 3]},
                        {"do": "initiative", "id": "bea", "value": 12}])))
    rejected(run({"do": "start"}), "aria", "bea")
    doc = ok(run({"do": "roll_off", "ids": ["aria", "bea"], "dice": [3, 17]}, {"do": "start"}))
    assert doc["order"] == ["bea", "aria", "gob"]


def test_a_creature_cannot_join_at_or_below_its_death_threshold(run):
    ok(run(*duel()))
    rejected(run({"do": "add", "id": "bob", "name": "Bob", "side": "party", "stats": stats(ARIA, hp=-14), "at": [0, 3]}))


def test_stable_creature_hit_again_is_dying(run):
    # PRD Stable Characters and Recovery: new damage makes a stable creature dying again.
    ok(run(*duel(aria=stats(ARIA, hp=-3), aria_init=10, gob_init=15)))
    ok(run({"do": "end_turn"}))
    doc = ok(run({"do": "death_save", "id": "aria", "dice": [20]}))  # a natural 20 succeeds
    assert doc["combatants"]["aria"]["status"] == "stable"
    doc = ok(run({"do": "damage", "target": "aria", "amount": 1, "type": "slashing"}))
    assert (doc["combatants"]["aria"]["status"], doc["combatants"]["aria"]["hp"]) == ("dying", -4)


def test_immediate_action_on_its_own_turn_is_the_swift(run):
    ok(run(*duel()))
    doc = ok(run({"do": "action", "id": "aria", "action": "other", "slot": "immediate"}))
    assert doc["combatants"]["aria"]["actions"]["swift"] == "immediate"
    rejected(run({"do": "action", "id": "aria", "action": "other", "slot": "swift"}))


def test_double_move_marks_move_and_standard(run):
    ok(run(*duel(gob_at=(5, 5))))
    doc = ok(run({"do": "move", "id": "aria", "path": [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5]]}))
    actions = doc["combatants"]["aria"]["actions"]
    assert (actions["move"], actions["standard"], actions["moved"]) == ("move", "move", True)


def test_the_dying_check_waits_only_after_the_turn_it_fell(run):
    # PRD Dying: checks start on its turns after the one during which it fell. Round 1: the goblin falls on its
    # own turn? Here it falls on Aria's turn (round 1); its own turn in round 1 opens with the check.
    ok(run(*duel(gob=stats(GOBLIN, hp=1))))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 3, "type": "untyped"}))
    assert doc["combatants"]["gob"]["status"] == "dying"
    ok(run({"do": "end_turn"}))
    rejected(run({"do": "end_turn"}))
    # d20 8 + Con 1 + hp −2 = 7 < 10: −3
    doc = ok(run({"do": "death_save", "id": "gob", "dice": [8]}))
    assert doc["combatants"]["gob"]["hp"] == -3


# ----------------------------------------------------------------------------- round 2 additions (PRD)
def test_prone_shows_in_the_document_ac(run):
    # INTERFACE-pf1 §2 (AC effects in force) and PRD Prone: −4 AC against melee: 21 − 4 = 17, touch 13 − 4 = 9,
    # flat-footed 18 − 4 = 14; against ranged +4: 25. Standing up restores them.
    ok(run(*duel()))
    doc = ok(run({"do": "drop_prone", "id": "aria"}))
    aria = doc["combatants"]["aria"]
    assert (aria["ac"], aria["touch_ac"], aria["flat_footed_ac"], aria["ac_against_ranged"]) == (17, 9, 14, 25)
    doc = ok(run({"do": "stand", "id": "aria"}))
    aria = doc["combatants"]["aria"]
    assert (aria["ac"], aria["touch_ac"], aria["flat_footed_ac"], aria["ac_against_ranged"]) == (21, 13, 18, 21)


def test_bleed_costs_its_amount_at_the_start_of_each_turn_and_the_highest_counts(run):
    # PRD Bleed: the listed damage at the beginning of its turn; bleed effects do not stack (the highest counts).
    ok(run(*duel(gob=stats(GOBLIN, max_hp=20))))
    ok(run({"do": "condition", "target": "gob", "add": "bleed", "amount": 2},
           {"do": "condition", "target": "gob", "add": "bleed", "amount": 3}))
    doc = ok(run({"do": "end_turn"}))  # the goblin's turn starts: 20 − 3 = 17
    assert doc["turn"] == "gob" and doc["combatants"]["gob"]["hp"] == 17
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))  # and again on its next turn: 14
    assert doc["combatants"]["gob"]["hp"] == 14


def test_bleed_without_an_amount_costs_nothing_by_itself(run):
    ok(run(*duel()))
    ok(run({"do": "condition", "target": "gob", "add": "bleed"}))
    doc = ok(run({"do": "end_turn"}))
    assert doc["combatants"]["gob"]["hp"] == 6


def test_healing_stops_bleeding(run):
    # PRD Bleed: any healing of hit point damage stops it.
    ok(run(*duel(gob=stats(GOBLIN, max_hp=20))))
    ok(run({"do": "condition", "target": "gob", "add": "bleed", "amount": 2}))
    doc = ok(run({"do": "end_turn"}, {"do": "heal", "target": "gob", "amount": 1}))
    assert doc["combatants"]["gob"]["hp"] == 19 and "bleed" not in doc["combatants"]["gob"]["conditions"]


def test_first_aid_dc_15_stops_bleeding(run):
    # PRD Bleed / Heal: a DC 15 Heal check stops it: 10 + 5 = 15. The goblin is flat-footed: no window.
    ok(run(*duel(gob=stats(GOBLIN, max_hp=20))))
    ok(run({"do": "condition", "target": "gob", "add": "bleed", "amount": 2}))
    doc = ok(run({"do": "stabilize", "id": "aria", "target": "gob", "dice": [10]}))
    assert "bleed" not in doc["combatants"]["gob"]["conditions"]
    doc = ok(run({"do": "end_turn"}))
    assert doc["combatants"]["gob"]["hp"] == 20


def test_bleed_amount_only_on_bleed(run):
    ok(run(*duel()))
    rejected(run({"do": "condition", "target": "gob", "add": "shaken", "amount": 2}), "bleed")


def test_a_dying_bleeder_loses_its_bleed_and_fails_its_check(run, log):
    # PRD Bleed, Stable Characters and Recovery: −3, bleed 1 at the start of its turn: −4; the check fails
    # automatically: −5.
    ok(run(*duel(aria=stats(ARIA, hp=-3), aria_init=10, gob_init=15)))
    ok(run({"do": "condition", "target": "aria", "add": "bleed", "amount": 1}))
    doc = ok(run({"do": "end_turn"}))
    assert doc["combatants"]["aria"]["hp"] == -4
    doc = ok(run({"do": "death_save", "id": "aria"}))
    assert doc["combatants"]["aria"]["hp"] == -5


def test_feint_denies_dex_to_the_next_melee_attack(run, log):
    # PRD Feint: Bluff (+4) against 10 + BAB 1 + Wis −1 = 10; goblin Sense Motive +1 -> 11 is lower than...
    # the higher DC counts: max(10, 11) = 11. d20 7 + 4 = 11 ≥ 11. Round 2 (the goblin not flat-footed):
    # the next melee attack faces the flat-footed AC 14, then the feint is spent (AC 16 again).
    ok(run(*duel(aria=stats(ARIA, skills={"bluff": 4}), gob=stats(GOBLIN, skills={"sense_motive": 1}))))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "action", "id": "aria", "action": "feint", "target": "gob", "dice": [7]}))
    assert last(log, "Pf1CheckRolled")["dc"] == 11 and last(log, "Pf1CheckRolled")["success"] is True
    assert doc["combatants"]["aria"]["actions"]["standard"] == "feint" and "feint" in doc["combatants"]["aria"]["effects"]
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    ok(run(attack([1])))
    assert (last(log, "Pf1AttackRolled")["ac"], last(log, "Pf1AttackRolled")["ac_kind"]) == (14, "flat_footed")
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert "feint" not in doc["combatants"]["aria"]["effects"]


def test_a_feint_lapses_after_the_feinters_next_turn(run):
    ok(run(*duel(aria=stats(ARIA, skills={"bluff": 4}, improved_feint=True))))
    doc = ok(run({"do": "action", "id": "aria", "action": "feint", "target": "gob", "dice": [20]}))
    assert doc["combatants"]["aria"]["actions"]["move"] == "feint"  # PRD Improved Feint: a move action
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    assert "feint" in doc["combatants"]["aria"]["effects"]
    doc = ok(run({"do": "end_turn"}))
    assert "feint" not in doc["combatants"]["aria"]["effects"]


def test_coup_de_grace_is_a_critical_then_a_fortitude_save(run, log):
    # PRD Coup de Grace: an ogre-sized goblin (40 HP) asleep: longsword ×2, (5 + 3) + (4 + 3) = 15 -> 25 HP;
    # Fort DC 10 + 15 = 25: d20 10 + Fort (2 + 1) = 13 fails: dead.
    ok(run(*duel(gob=stats(GOBLIN, max_hp=40))))
    ok(run({"do": "condition", "target": "gob", "add": "unconscious"}))
    doc = ok(run({"do": "coup_de_grace", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [5, 4, 10]}))
    assert last(log, "Pf1SaveRolled")["dc"] == 25 and last(log, "Pf1SaveRolled")["total"] == 13
    gob = doc["combatants"]["gob"]
    assert (gob["hp"], gob["status"]) == (25, "dead")
    assert doc["combatants"]["aria"]["actions"]["full_round"] == "coup_de_grace"


def test_coup_de_grace_survived_and_refused_against_a_creature_that_is_not_helpless(run):
    ok(run(*duel(gob=stats(GOBLIN, max_hp=40))))
    rejected(run({"do": "coup_de_grace", "attacker": "aria", "target": "gob", "dice": [5, 4, 10]}), "helpless")
    ok(run({"do": "condition", "target": "gob", "add": "paralyzed"}))
    # 1 + 3 + 1 + 3 = 8 -> 32; Fort DC 18: a natural 20 saves
    doc = ok(run({"do": "coup_de_grace", "attacker": "aria", "target": "gob", "dice": [1, 1, 20]}))
    assert (doc["combatants"]["gob"]["hp"], doc["combatants"]["gob"]["status"]) == (32, "alive")


def test_coup_de_grace_provokes_from_threatening_enemies(run):
    # PRD Coup de Grace: it provokes. A second goblin at [0, 1] threatens Aria (round 2: not flat-footed).
    extra = [{"do": "add", "id": "gob2", "name": "Goblin", "side": "monsters", "stats": GOBLIN, "at": [0, 1]},
             {"do": "initiative", "id": "gob2", "value": 5}]
    ok(run(*duel(gob=stats(GOBLIN, max_hp=40), extra=extra)))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}, {"do": "end_turn"}))
    ok(run({"do": "condition", "target": "gob", "add": "unconscious"}))
    doc = ok(run({"do": "coup_de_grace", "attacker": "aria", "target": "gob", "dice": [5, 4, 10]}))
    assert doc["window"]["reactors"] == ["gob2"]
    doc = ok(run({"do": "pass", "id": "gob2"}))
    assert doc["combatants"]["gob"]["status"] == "dead"


def test_full_attack_refused_when_an_earlier_attack_killed_the_target(run, log):
    # INTERFACE-pf1 § Full attack: the goblin at −11 (dying, helpless: AC 10 + 2 + 1 − 5 + 1 = 9; Aria +9 + 4).
    # Attack 1: 15 hits, 1d8 1 + 3 = 4 -> −15 ≤ −12: dead. Attack 2 is aimed at a dead target: refused, naming it;
    # nothing is appended, and the same command aimed elsewhere replays attack 1 with the same faces.
    ok(run(*duel(aria=stats(ARIA, bab=6), gob=stats(GOBLIN, hp=-11), aria_init=15, gob_init=10)))
    before = len(events_of(log))
    rejected(run({"do": "full_attack", "attacker": "aria", "attacks": [
        {"with": "longsword", "target": "gob"}, {"with": "longsword", "target": "gob"}], "dice": [15, 1, 10]}),
        "attack 2", "longsword")
    assert len(events_of(log)) == before


def test_forced_movement_costs_nothing_and_provokes_nothing(run):
    # INTERFACE-pf1 § Movement: `forced` moves cost nothing and provoke nothing (round 2: the goblin can answer).
    ok(run(*duel()))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "move", "id": "aria", "path": [[0, 1], [0, 2]], "forced": True}))
    assert doc["window"] is None and doc["combatants"]["aria"]["position"] == [0, 2]
    assert doc["combatants"]["aria"]["actions"]["move"] is None and doc["combatants"]["aria"]["actions"]["moved"] is False


def test_damage_adjust_comes_before_energy_resistance(run):
    # INTERFACE.md `damage` `adjust` (flat, before resistance); PRD Energy Resistance: (10 + 2) − 5 = 7.
    ok(run(*duel(gob=stats(GOBLIN, max_hp=30, energy_resistance={"fire": 5}))))
    doc = ok(run({"do": "damage", "target": "gob", "amount": 10, "adjust": 2, "type": "fire"}))
    assert doc["combatants"]["gob"]["hp"] == 23


def test_labelled_modifiers_and_soft_cover(run, log):
    # INTERFACE-pf1 `attack` `modifiers` (bless +1): 6 + 1 = 7. Soft cover +4 only against ranged attacks
    # (PRD Cover): melee against flat-footed 14 stays 14; in round 2 a shot at 6 m faces 16 + 4 = 20.
    ok(run(*duel()))
    ok(run(attack([1], modifiers=[{"label": "bless", "value": 1}], cover="soft")))
    roll = last(log, "Pf1AttackRolled")
    assert (bonus_of(roll), roll["ac"]) == (7, 14) and {"label": "bless", "value": 1} in roll["modifiers"]
    ok(run({"do": "end_turn"}, {"do": "end_turn"}, {"do": "move", "id": "aria", "path": [[0, 1]], "five_foot_step": True}))
    ok(run({"do": "place", "id": "gob", "at": [4, 1]}))
    ok(run(attack([1], weapon="shortbow", cover="soft")))
    assert last(log, "Pf1AttackRolled")["ac"] == 20  # the goblin's turn came: AC 16 + 4
