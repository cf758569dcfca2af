"""`cast` (INTERFACE.md §7) in dnd5e-2024, dnd5e-2014 and rolenplay: slots, upcasting, saves and attack rolls,
one damage roll for all, healing, conditions, effects, concentration, cantrip scaling, daily and ritual casting,
the bonus-action spell rule of each edition, reaction spells, undo, time travel and verify.

Numbers are worked by hand in each test from the stat blocks of tests/spell_objects.py:
aria (wizard 5, Int +3, proficiency +3: DC 14, spell attack +6, AC 12), bren (cleric 3, Wis +3, proficiency +2:
DC 13, spell attack +5, AC 16), gob1/gob2 (AC 13, 40 HP, Dex +2, Wis -1, Con +1, no save proficiency)."""

import pytest

import combatlog
from tests.spell_objects import (
    ALARM,
    BLESS,
    CURE_WOUNDS_2014,
    FIRE_BOLT,
    HEALING_WORD,
    HEALING_WORD_2014,
    HOLD_PERSON,
    brute,
    cleric,
    wizard,
)

FIVE_E = ["dnd5e-2024", "dnd5e-2014", "rolenplay"]


def encounter(tmp_path, ruleset="dnd5e-2024", *, aria=None, bren=None):
    log = combatlog.open_log(str(tmp_path / "fight.db"))
    enc = log.encounter("default")
    enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})
    enc.execute({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": aria or wizard()})
    enc.execute({"do": "add", "id": "bren", "name": "Bren", "side": "party", "kind": "pc", "stats": bren or cleric()})
    for gob in ("gob1", "gob2"):
        enc.execute({"do": "add", "id": gob, "name": gob.title(), "side": "foes", "kind": "monster", "stats": brute()})
    return enc


def start(enc, first="aria"):
    """Initiative: `first` at 20, then the others in a fixed order; combat starts on `first`'s turn."""
    others = [cid for cid in ("aria", "bren", "gob1", "gob2") if cid != first]
    enc.execute({"do": "initiative", "id": first, "value": 20})
    for value, cid in zip((15, 10, 5), others):
        enc.execute({"do": "initiative", "id": cid, "value": value})
    enc.execute({"do": "start"})


def new_events(enc, before: int) -> list[dict]:
    return [line["body"]["event"] for line in enc.events(before)]


def of_type(events, kind):
    return [event for event in events if event["type"] == kind]


def refused(enc, command, *fragments):
    """The command is refused in both languages, naming what is wrong, and appends nothing."""
    seq = enc.state()["seq"]
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute(command)
    english, french = str(caught.value), caught.value.localized("fr")
    for fragment in fragments:
        assert fragment in english, english
    assert french != english and french
    assert enc.state()["seq"] == seq
    return english, french


def without_seq(document):
    return {key: value for key, value in document.items() if key != "seq"}


# ------------------------------------------------------------------------------------------ slots


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_fireball_upcast_at_4th_rolls_9d6_once_and_halves_on_a_success(tmp_path, ruleset):
    """SRD Fireball: 8d6 fire, Dex save for half; +1d6 per slot level above 3rd (4th: 9d6). Seed 000 « Dégâts »:
    rolled once for every creature caught. gob1 rolls 5 (+2 = 7 < 14: fails), gob2 15 (+2 = 17: succeeds);
    9d6 = 1+2+3+4+5+6+1+2+3 = 27: gob1 40 → 13, gob2 takes 27 // 2 = 13: 40 → 27."""
    enc = encounter(tmp_path, ruleset)
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "fireball", "level": 4, "targets": ["gob1", "gob2"],
                 "dice": [5, 15, 1, 2, 3, 4, 5, 6, 1, 2, 3]})
    state = enc.state()
    assert state["combatants"]["gob1"]["hp"] == 13
    assert state["combatants"]["gob2"]["hp"] == 27
    assert state["combatants"]["aria"]["slots"]["4"] == {"max": 1, "left": 0}
    assert state["combatants"]["aria"]["slots"]["3"] == {"max": 2, "left": 2}
    events = new_events(enc, before)
    [cast] = of_type(events, "SpellCast")
    assert (cast["spell"], cast["slot_level"], cast["upcast"], cast["dc"], cast["targets"]) == ("fireball", 4, 1, 14, ["gob1", "gob2"])
    [slot] = of_type(events, "SpellSlotSpent")
    assert (slot["level"], slot["left"], slot["max"]) == (4, 0, 1)
    saves = of_type(events, "SavingThrowRolled")
    assert [(s["id"], s["faces"], s["dc"], s["success"]) for s in saves] == [("gob1", [5], 14, False), ("gob2", [15], 14, True)]
    damage = of_type(events, "DamageTaken")
    assert [d["parts"][0]["roll"] for d in damage] == ["9d6", "9d6"]
    assert [d["total"] for d in damage] == [27, 13]


def test_a_cast_with_no_slot_of_that_level_left_is_refused_naming_the_level(tmp_path):
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "aria", "spell": "fireball", "level": 4, "targets": ["gob1"]})
    english, french = refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "level": 4,
                                    "targets": ["gob1"]}, "level 4", "aria")
    assert "niveau 4" in french
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "level": 5, "targets": ["gob1"]},
            "no level 5 spell slots")
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "level": 2}, "level 3 spell", "level 2 slot")


def test_slots_run_out_one_cast_at_a_time(tmp_path):
    """Two 3rd-level slots: two fireballs, the third is refused."""
    enc = encounter(tmp_path)
    for left in (1, 0):
        enc.execute({"do": "cast", "caster": "aria", "spell": "fireball", "targets": []})
        assert enc.state()["combatants"]["aria"]["slots"]["3"]["left"] == left
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball"}, "no level 3 spell slot left")


def test_a_save_spell_without_half_does_nothing_on_a_success(tmp_path):
    """SRD Sacred Flame: Dex save or 1d8 radiant, nothing on a success. gob1 rolls 11 (+2 = 13 ≥ 13): unharmed;
    gob2 rolls 2 (4 < 13): 1d8 = 6 at cleric level 3 (no scaling before 5). Nobody harmed, no damage roll."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "bren", "spell": "sacred-flame", "targets": ["gob1"], "dice": [11]})
    assert enc.state()["combatants"]["gob1"]["hp"] == 40
    enc.execute({"do": "cast", "caster": "bren", "spell": "sacred-flame", "targets": ["gob2"], "dice": [2, 6]})
    assert enc.state()["combatants"]["gob2"]["hp"] == 34
    assert enc.state()["combatants"]["bren"]["slots"] == {"1": {"max": 4, "left": 4}, "2": {"max": 2, "left": 2}}


# ------------------------------------------------------------------------------------------ cantrips


@pytest.mark.parametrize(("level", "dice", "damage"), [(None, [15, 7], 7), (4, [15, 7], 7), (5, [15, 4, 7], 11),
                                                       (11, [15, 4, 7, 1], 12), (17, [15, 4, 7, 1, 10], 22)])
def test_cantrip_damage_dice_grow_at_levels_5_11_and_17(tmp_path, level, dice, damage):
    """SRD Fire Bolt: 1d10, two dice at 5th level, three at 11th, four at 17th; no `level`, no scaling (§7).
    d20 15 + 6 = 21 ≥ AC 13: a hit."""
    stats = wizard()
    stats.pop("level")
    if level is not None:
        stats["level"] = level
    enc = encounter(tmp_path, aria=stats)
    enc.execute({"do": "cast", "caster": "aria", "spell": "fire-bolt", "targets": ["gob1"], "dice": dice})
    assert enc.state()["combatants"]["gob1"]["hp"] == 40 - damage
    assert "slots" in enc.state()["combatants"]["aria"]
    assert all(v["left"] == v["max"] for v in enc.state()["combatants"]["aria"]["slots"].values())


def test_a_spell_attack_that_misses_rolls_no_damage(tmp_path):
    """d20 5 + 6 = 11 < AC 13: a miss; no damage dice consumed (the supplied dice hold the d20 alone)."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "aria", "spell": "fire-bolt", "targets": ["gob1"], "dice": [5]})
    [rolled] = of_type(new_events(enc, 0), "AttackRolled")
    assert (rolled["attack"], rolled["total"], rolled["target_ac"], rolled["hit"]) == ("fire-bolt", 11, 13, False)
    assert enc.state()["combatants"]["gob1"]["hp"] == 40


def test_a_cantrip_takes_no_slot_level(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fire-bolt", "level": 1, "targets": ["gob1"]}, "cantrip")


# ------------------------------------------------------------------------------------------ the common spells


def test_magic_missile_three_darts_one_roll_and_a_fourth_dart_upcast(tmp_path):
    """SRD Magic Missile: three darts of 1d4+1 force, one more per slot level above 1st; the darts strike
    together (one roll: 3 + 1 = 4 each). gob1 takes two darts (40 → 36 → 32), gob2 one (36)."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "aria", "spell": "magic-missile", "targets": ["gob1", "gob1", "gob2"],
                 "dice": [3]})
    state = enc.state()["combatants"]
    assert (state["gob1"]["hp"], state["gob2"]["hp"]) == (32, 36)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "magic-missile", "targets": ["gob1"] * 4},
            "at most 3 target")
    enc.execute({"do": "cast", "caster": "aria", "spell": "magic-missile", "level": 2, "targets": ["gob2"] * 4,
                 "dice": [1]})
    assert enc.state()["combatants"]["gob2"]["hp"] == 36 - 4 * 2


def test_cure_wounds_heals_dice_plus_the_spellcasting_modifier_and_more_when_upcast(tmp_path):
    """SRD 5.2 Cure Wounds: 2d8 + modifier, +2d8 per level above 1st. aria at 7 HP: 2d8 = 3 + 5, + Wis 3 = 11 → 18;
    at 2nd level 4d8 = 1+1+1+1 + 3 = 7 → 25."""
    enc = encounter(tmp_path)
    enc.execute({"do": "damage", "target": "aria", "amount": 20, "type": "fire"})
    enc.execute({"do": "cast", "caster": "bren", "spell": "cure-wounds", "targets": ["aria"], "dice": [3, 5]})
    assert enc.state()["combatants"]["aria"]["hp"] == 18
    enc.execute({"do": "cast", "caster": "bren", "spell": "cure-wounds", "level": 2, "targets": ["aria"],
                 "dice": [1, 1, 1, 1]})
    assert enc.state()["combatants"]["aria"]["hp"] == 25
    assert enc.state()["combatants"]["bren"]["slots"]["1"]["left"] == 3
    assert enc.state()["combatants"]["bren"]["slots"]["2"]["left"] == 1


def test_2014_cure_wounds_and_healing_word_given_inline(tmp_path):
    """SRD 5.1: Cure Wounds 1d8 + modifier (6 + 3 = 9), Healing Word 1d4 + modifier (2 + 3 = 5)."""
    enc = encounter(tmp_path, "dnd5e-2014")
    enc.execute({"do": "damage", "target": "aria", "amount": 20, "type": "fire"})
    enc.execute({"do": "cast", "caster": "bren", "spell": CURE_WOUNDS_2014, "targets": ["aria"], "dice": [6]})
    enc.execute({"do": "cast", "caster": "bren", "spell": HEALING_WORD_2014, "targets": ["aria"], "dice": [2]})
    assert enc.state()["combatants"]["aria"]["hp"] == 7 + 9 + 5


def test_healing_word_brings_a_dying_character_back(tmp_path):
    """SRD 5.2 Healing Word: 2d4 + modifier; healing a character at 0 HP ends its dying (seed 000)."""
    enc = encounter(tmp_path)
    enc.execute({"do": "damage", "target": "aria", "amount": 27, "type": "fire"})
    assert enc.state()["combatants"]["aria"]["status"] == "dying"
    enc.execute({"do": "cast", "caster": "bren", "spell": "healing-word", "targets": ["aria"], "dice": [1, 2]})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["hp"], aria["status"]) == (6, "alive")
    assert "unconscious" not in aria["conditions"]


def test_hold_person_paralyzes_on_a_failed_save_until_a_save_at_the_end_of_its_turns(tmp_path):
    """SRD Hold Person: Wis save or paralyzed; a new save at the end of each of its turns; concentration.
    gob1 rolls 3 (-1 = 2 < 13): paralyzed. At the end of gob1's turn it rolls 14 (13 ≥ 13): free."""
    enc = encounter(tmp_path)
    start(enc, first="bren")
    enc.execute({"do": "cast", "caster": "bren", "spell": "hold-person", "targets": ["gob1"], "dice": [3]})
    state = enc.state()
    assert "paralyzed" in state["combatants"]["gob1"]["conditions"]
    assert state["combatants"]["bren"]["concentration"] == "hold-person"
    assert state["combatants"]["bren"]["economy"]["action"] == "hold-person"
    enc.execute({"do": "end_turn"})  # bren → aria (15)
    enc.execute({"do": "end_turn"})  # aria → gob1 (10)
    assert enc.state()["turn"] == "gob1"
    enc.execute({"do": "end_turn", "dice": [14]})
    assert "paralyzed" not in enc.state()["combatants"]["gob1"]["conditions"]


def test_a_concentration_spell_ends_the_previous_one_and_every_condition_it_made(tmp_path):
    """SRD glossary, Concentration: one at a time. bren holds gob1 (3 - 1 = 2 < 13), then blesses aria and
    itself: hold-person ends and gob1 is no longer paralyzed; the blessings are tied to bren's concentration."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "bren", "spell": "hold-person", "targets": ["gob1"], "dice": [3]})
    assert "paralyzed" in enc.state()["combatants"]["gob1"]["conditions"]
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria", "bren"]})
    state = enc.state()["combatants"]
    assert state["gob1"]["conditions"] == []
    assert state["bren"]["concentration"] == "bless"
    assert state["aria"]["effects"] == ["bless"] and state["bren"]["effects"] == ["bless"]
    ended = of_type(new_events(enc, before), "ConcentrationEnded")
    assert [e["effect"] for e in ended] == ["hold-person"]
    enc.execute({"do": "concentrate", "id": "bren", "stop": True})
    assert enc.state()["combatants"]["aria"]["effects"] == []


def test_concentration_starts_even_when_every_target_saves(tmp_path):
    """§7 settled: concentration starts when cast, whatever the saves give (gob1: 18 - 1 = 17 ≥ 13)."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "bren", "spell": "hold-person", "targets": ["gob1"], "dice": [18]})
    assert enc.state()["combatants"]["bren"]["concentration"] == "hold-person"
    assert enc.state()["combatants"]["gob1"]["conditions"] == []


def test_bless_takes_one_more_target_per_level_above_first(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria", "bren", "gob1", "gob2"]},
            "at most 3")
    enc.execute({"do": "cast", "caster": "bren", "spell": "bless", "level": 2,
                 "targets": ["aria", "bren", "gob1", "gob2"]})
    assert all(c["effects"] == ["bless"] for c in enc.state()["combatants"].values())


def test_spiritual_weapon_is_a_bonus_action_spell_attack_adding_the_modifier(tmp_path):
    """SRD Spiritual Weapon: bonus action, melee spell attack, 1d8 + modifier force. d20 12 + 5 = 17 ≥ 13: 6 + 3 = 9.
    The action stays free (a fire bolt... bren has none: sacred flame is a cantrip, allowed in 2024)."""
    enc = encounter(tmp_path)
    start(enc, first="bren")
    enc.execute({"do": "cast", "caster": "bren", "spell": "spiritual-weapon", "targets": ["gob1"], "dice": [12, 6]})
    state = enc.state()["combatants"]
    assert state["gob1"]["hp"] == 31
    assert state["bren"]["economy"]["bonus"] == "spiritual-weapon" and state["bren"]["economy"]["action"] is None
    assert state["bren"]["slots"]["2"]["left"] == 1
    enc.execute({"do": "cast", "caster": "bren", "spell": "sacred-flame", "targets": ["gob2"], "dice": [1, 8]})
    assert enc.state()["combatants"]["gob2"]["hp"] == 32


def test_hunters_mark_is_a_bonus_action_concentration_effect_on_its_target(tmp_path):
    enc = encounter(tmp_path)
    start(enc, first="bren")
    enc.execute({"do": "cast", "caster": "bren", "spell": "hunters-mark", "targets": ["gob2"]})
    state = enc.state()["combatants"]
    assert state["gob2"]["effects"] == ["hunters-mark"]
    assert state["bren"]["concentration"] == "hunters-mark"
    assert state["bren"]["economy"]["bonus"] == "hunters-mark"


def test_shield_answers_a_hit_through_react_and_turns_it_into_a_miss(tmp_path):
    """SRD Shield: a reaction when hit by an attack roll, +5 AC until the start of its next turn, against the
    triggering attack too. gob1's club: 10 + 4 = 14 ≥ AC 12 hits; with Shield AC 17: a miss, no damage."""
    enc = encounter(tmp_path)
    start(enc, first="gob1")
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [10]})
    assert enc.state()["window"]["reactors"] == ["aria"]
    enc.execute({"do": "react", "id": "aria", "with": "shield"})
    state = enc.state()
    assert state["window"] is None and state["phase"] == "turn"
    aria = state["combatants"]["aria"]
    assert (aria["hp"], aria["reaction_available"], aria["effects"]) == (27, False, ["shield"])
    assert aria["slots"]["1"]["left"] == 3
    reevaluated = of_type(new_events(enc, 0), "AttackReevaluated")[-1]
    assert (reevaluated["target_ac"], reevaluated["hit"]) == (17, False)
    # the +5 lasts until the start of aria's next turn (gob1 20 → aria 15)
    enc.execute({"do": "end_turn"})
    assert enc.state()["combatants"]["aria"]["effects"] == []


def test_shield_cast_with_cast_answers_the_window_too(tmp_path):
    """The same reaction as a `cast`: 18 + 4 = 22 still hits AC 17; the club's 1d6+2 = 3 + 2 = 5 lands."""
    enc = encounter(tmp_path)
    start(enc, first="gob1")
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [18, 3]})
    enc.execute({"do": "cast", "caster": "aria", "spell": "shield"})
    assert enc.state()["combatants"]["aria"]["hp"] == 22
    assert enc.state()["window"] is None


def test_a_non_reaction_spell_is_refused_while_a_window_is_open(tmp_path):
    enc = encounter(tmp_path)
    start(enc, first="gob1")
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [10]})
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fire-bolt", "targets": ["gob1"]}, "reaction window")


def test_counterspell_is_a_reaction_on_another_creatures_turn(tmp_path):
    """SRD 5.2 Counterspell: a reaction, 3rd level; the caster it targets makes a Con save (DC 14): gob1 rolls 4
    (+1 = 5): it fails. Its reaction and a 3rd-level slot are spent; a second one is refused."""
    enc = encounter(tmp_path)
    start(enc, first="gob1")
    enc.execute({"do": "cast", "caster": "aria", "spell": "counterspell", "targets": ["gob1"], "dice": [4]})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["reaction_available"], aria["slots"]["3"]["left"]) == (False, 1)
    [save] = of_type(new_events(enc, 0), "SavingThrowRolled")
    assert (save["id"], save["ability"], save["dc"], save["total"], save["success"]) == ("gob1", "con", 14, 5, False)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "counterspell", "targets": ["gob1"]}, "reaction")


# ------------------------------------------------------------------------------------------ casting time and economy


def test_an_action_spell_needs_the_casters_turn_and_its_action(tmp_path):
    enc = encounter(tmp_path)
    start(enc, first="aria")
    refused(enc, {"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria"]}, "bren")
    enc.execute({"do": "cast", "caster": "aria", "spell": "fire-bolt", "targets": ["gob1"], "dice": [1]})
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1"]}, "aria")


def test_a_longer_casting_time_is_refused_in_combat_and_allowed_before(tmp_path):
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "aria", "spell": "alarm"})
    start(enc)
    refused(enc, {"do": "cast", "caster": "aria", "spell": ALARM}, "1 minute")


def test_a_ritual_spends_no_slot_and_is_refused_in_combat(tmp_path):
    """SRD Rituals: no slot, 10 minutes longer; not in a fight's 6-second rounds."""
    enc = encounter(tmp_path)
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "detect-magic", "using": "ritual"})
    aria = enc.state()["combatants"]["aria"]
    assert aria["slots"]["1"]["left"] == 4 and aria["concentration"] == "detect-magic"
    [cast] = of_type(new_events(enc, before), "SpellCast")
    assert (cast["using"], cast["ritual_minutes"]) == ("ritual", 10)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "using": "ritual"}, "not a ritual")
    start(enc)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "detect-magic", "using": "ritual"}, "ritual", "combat")


def test_per_day_casting_spends_no_slot_and_runs_out(tmp_path):
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "bren", "spell": "hold-person", "using": "per_day", "targets": ["gob1"],
                 "dice": [20]})
    bren = enc.state()["combatants"]["bren"]
    assert bren["per_day"] == {"hold-person": {"max": 1, "left": 0}}
    assert bren["slots"]["2"]["left"] == 2
    refused(enc, {"do": "cast", "caster": "bren", "spell": "hold-person", "using": "per_day", "targets": ["gob1"]},
            "none left")
    refused(enc, {"do": "cast", "caster": "aria", "spell": "fireball", "using": "per_day"}, "no daily castings")


# ------------------------------------------------------------------------------------------ the bonus-action rule


def test_2024_after_a_bonus_action_spell_no_other_spell_with_a_slot_but_a_cantrip(tmp_path):
    """SRD 5.2, Casting Time, Bonus Action (the seeds name the bonus action, seed 000 « Action Bonus », but not this
    rule): healing word (bonus, slot), then magic... bren's 1st-level cure wounds (slot) is refused, sacred
    flame (cantrip) is allowed, and so is a daily hold person (no slot)."""
    enc = encounter(tmp_path)
    start(enc, first="bren")
    enc.execute({"do": "cast", "caster": "bren", "spell": "healing-word", "targets": ["aria"], "dice": [1, 1]})
    english, french = refused(enc, {"do": "cast", "caster": "bren", "spell": "cure-wounds", "targets": ["aria"]},
                              "bonus action", "spell slot")
    assert "action bonus" in french
    enc.execute({"do": "cast", "caster": "bren", "spell": "hold-person", "using": "per_day", "targets": ["gob1"],
                 "dice": [20]})


def test_2024_a_slot_spell_first_forbids_a_bonus_action_slot_spell_after(tmp_path):
    enc = encounter(tmp_path)
    start(enc, first="bren")
    enc.execute({"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria"]})
    refused(enc, {"do": "cast", "caster": "bren", "spell": "healing-word", "targets": ["aria"]}, "bonus action")
    assert enc.state()["combatants"]["bren"]["economy"]["bonus"] is None


def test_2014_after_a_bonus_action_spell_only_a_cantrip_of_one_action(tmp_path):
    """SRD 5.1 Bonus Action casting time: the only other spell that turn is a cantrip with a casting time of one
    action. The daily hold person that 2024 allows is refused; sacred flame (cantrip, one action) is fine."""
    enc = encounter(tmp_path, "dnd5e-2014", bren=cleric(spellcasting={
        **cleric()["spellcasting"], "spells": [HEALING_WORD_2014, HOLD_PERSON, BLESS,
                                               {**FIRE_BOLT, "id": "sacred-flame", "attack": None,
                                                "save": {"ability": "dex", "half": False}}]}))
    start(enc, first="bren")
    enc.execute({"do": "cast", "caster": "bren", "spell": "healing-word", "targets": ["aria"], "dice": [1]})
    english, french = refused(enc, {"do": "cast", "caster": "bren", "spell": "hold-person", "using": "per_day",
                                    "targets": ["gob1"]}, "cantrip with a casting time of one action")
    assert "tour de magie" in french
    enc.execute({"do": "cast", "caster": "bren", "spell": "sacred-flame", "targets": ["gob1"], "dice": [20]})


def test_the_bonus_action_rule_counts_only_the_casters_own_turn(tmp_path):
    """2024: after aria's bonus-action healing word (given inline) on her turn, counterspell with a slot is
    refused on that turn, and accepted as a reaction on gob1's turn (gob1 rolls 4 + 1 = 5 < 14)."""
    enc = encounter(tmp_path)
    start(enc, first="aria")
    enc.execute({"do": "cast", "caster": "aria", "spell": HEALING_WORD, "targets": ["bren"], "dice": [1, 1]})
    refused(enc, {"do": "cast", "caster": "aria", "spell": "counterspell", "targets": ["gob1"]}, "bonus action")
    enc.execute({"do": "end_turn"})
    enc.execute({"do": "end_turn"})
    assert enc.state()["turn"] == "gob1"
    enc.execute({"do": "cast", "caster": "aria", "spell": "counterspell", "targets": ["gob1"], "dice": [4]})
    assert enc.state()["combatants"]["aria"]["slots"]["3"]["left"] == 1


# ------------------------------------------------------------------------------------------ refusals


def test_an_unknown_spell_or_key_is_refused_by_name(tmp_path):
    enc = encounter(tmp_path)
    refused(enc, {"do": "cast", "caster": "aria", "spell": "no-such-spell"}, "no-such-spell", "library")
    refused(enc, {"do": "cast", "caster": "aria", "spell": {"id": "zap", "level": 1, "colour": "blue"}}, "colour")
    refused(enc, {"do": "cast", "caster": "aria", "spell": {"id": "zap"}}, "level")
    refused(enc, {"do": "cast", "caster": "aria", "spell": {"id": "zap", "level": 1, "damage": [{"roll": "2d6", "type": "ice"}]}},
            "ice")
    refused(enc, {"do": "cast", "caster": "gob1", "spell": "fireball"}, "gob1", "spellcasting")
    refused(enc, {"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria", "aria"]}, "twice")
    refused(enc, {"do": "cast", "caster": "bren", "spell": "cure-wounds"}, "targets")


def test_a_stat_block_with_an_unknown_spellcasting_key_is_refused_by_name(tmp_path):
    enc = encounter(tmp_path)
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute({"do": "add", "id": "mage", "side": "foes", "kind": "monster",
                     "stats": wizard(spellcasting={"ability": "int", "slot": {"1": 2}})})
    assert "slot" in str(caught.value) and "spellcasting" in str(caught.value)
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute({"do": "add", "id": "mage", "side": "foes", "kind": "monster",
                     "stats": wizard(spellcasting={"ability": "int", "slots": {"10": 1}})})
    assert "'10'" in str(caught.value)
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute({"do": "add", "id": "mage", "side": "foes", "kind": "monster",
                     "stats": wizard(spellcasting={"ability": "int", "spells": [{"id": "x", "level": 1, "save": {"ability": "luck"}}]})})
    assert "luck" in str(caught.value)


def test_the_dc_and_attack_given_in_the_stat_block_win(tmp_path):
    """§7: `dc` and `attack` override 8 + proficiency + modifier. DC 17: gob1's 13 + 2 = 15 fails."""
    enc = encounter(tmp_path, aria=wizard(spellcasting={**wizard()["spellcasting"], "dc": 17, "attack": 9}))
    enc.execute({"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1"],
                 "dice": [13, 1, 1, 1, 1, 1, 1, 1, 1]})
    assert enc.state()["combatants"]["gob1"]["hp"] == 32


# ------------------------------------------------------------------------------------------ the log


def test_undo_of_a_cast_restores_the_slot_hp_conditions_and_concentration_exactly(tmp_path):
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria"]})
    start(enc, first="bren")
    before = without_seq(enc.state())
    enc.execute({"do": "cast", "caster": "bren", "spell": "hold-person", "targets": ["gob1"], "dice": [1]})
    changed = enc.state()
    assert changed["combatants"]["bren"]["concentration"] == "hold-person"
    assert changed["combatants"]["aria"]["effects"] == []
    enc.undo()
    assert without_seq(enc.state()) == before
    enc.redo()
    assert without_seq(enc.state()) == without_seq(changed)


def test_state_at_any_seq_shows_the_slots_of_that_moment(tmp_path):
    enc = encounter(tmp_path)
    first = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "magic-missile", "targets": ["gob1"], "dice": [2]})
    second = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "magic-missile", "targets": ["gob1"], "dice": [2]})
    assert enc.state(at=first)["combatants"]["aria"]["slots"]["1"]["left"] == 4
    assert enc.state(at=second)["combatants"]["aria"]["slots"]["1"]["left"] == 3
    assert enc.state()["combatants"]["aria"]["slots"]["1"]["left"] == 2
    enc.verify()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_spell_event_has_its_log_line(tmp_path, lang):
    enc = encounter(tmp_path)
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "fireball", "level": 4, "targets": ["gob1", "gob2"],
                 "dice": [5, 15, 1, 2, 3, 4, 5, 6, 1, 2, 3]})
    lines = [line["text"] for line in enc.log_lines(lang, after=before)]
    text = "\n".join(lines)
    if lang == "fr":
        assert "Aria lance Boule de feu avec un emplacement de niveau 4" in text
        assert "emplacement de sort de niveau 4 (reste 0/1)" in text
    else:
        assert "Aria casts Fireball with a level 4 slot (upcast by 1) on Gob1, Gob2, save DC 14" in text
        assert "spends a level 4 spell slot (0/1 left)" in text
    assert "[5]" in text and "[15]" in text


# ------------------------------------------------------------------------------------------ Rôle'n Play


def test_rolenplay_any_damage_ends_concentration_and_its_blessings(tmp_path):
    """Seed 003 « Se tenir prêt » (D12): taking damage breaks concentration, no save is rolled."""
    enc = encounter(tmp_path, "rolenplay")
    enc.execute({"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria", "bren"]})
    before = enc.state()["seq"]
    enc.execute({"do": "damage", "target": "bren", "amount": 1, "type": "piercing"})
    state = enc.state()["combatants"]
    assert state["bren"]["concentration"] is None
    assert state["aria"]["effects"] == [] and state["bren"]["effects"] == []
    assert of_type(new_events(enc, before), "SavingThrowRolled") == []


def test_2024_concentration_survives_a_made_con_save(tmp_path):
    """SRD 5.2 Concentration: DC max(10, half the damage); bren Con 12 (+1) rolls 12: 13 ≥ 10, bless stays."""
    enc = encounter(tmp_path)
    enc.execute({"do": "cast", "caster": "bren", "spell": "bless", "targets": ["aria"]})
    enc.execute({"do": "damage", "target": "bren", "amount": 5, "type": "piercing", "dice": [12]})
    assert enc.state()["combatants"]["bren"]["concentration"] == "bless"


# ------------------------------------------------------------------------------------------ held spells


def _ready_magic_missile(enc):
    enc.execute({"do": "action", "id": "aria", "action": "ready", "trigger": "a goblin comes near",
                 "spell": "magic-missile", "response": {"do": "cast", "targets": ["gob1", "gob1", "gob1"]}})


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_a_held_spell_spends_its_slot_when_readied_and_strikes_on_the_trigger(tmp_path, ruleset):
    """Seed 001/003 « Se tenir prêt »: the spell is cast now and its energy held, by concentration, until the
    reaction releases it. Three darts of 1d4+1 = 2 + 1 = 3 each: gob1 40 → 31."""
    enc = encounter(tmp_path, ruleset)
    start(enc, first="aria")
    _ready_magic_missile(enc)
    aria = enc.state()["combatants"]["aria"]
    assert (aria["slots"]["1"]["left"], aria["concentration"]) == (3, "magic-missile")
    enc.execute({"do": "end_turn"})
    enc.execute({"do": "trigger", "id": "aria"})
    enc.execute({"do": "react", "id": "aria", "with": "readied", "dice": [2]})
    state = enc.state()["combatants"]
    assert state["gob1"]["hp"] == 31
    assert (state["aria"]["slots"]["1"]["left"], state["aria"]["reaction_available"]) == (3, False)
    assert state["aria"]["concentration"] is None
    [cast] = of_type(new_events(enc, 0), "SpellCast")
    assert cast["held"] is True


def test_rolenplay_a_held_spell_is_lost_on_any_damage_and_its_slot_stays_spent(tmp_path):
    """Seed 003 « Se tenir prêt » (D12): « subir des dégâts cause la déconcentration », the spell vanishes."""
    enc = encounter(tmp_path, "rolenplay")
    start(enc, first="aria")
    _ready_magic_missile(enc)
    enc.execute({"do": "damage", "target": "aria", "amount": 1, "type": "piercing"})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["concentration"], aria["effects"], aria["slots"]["1"]["left"]) == (None, [], 3)
    enc.execute({"do": "end_turn"})
    refused(enc, {"do": "trigger", "id": "aria"}, "aria")


def test_only_a_spell_of_one_action_can_be_held(tmp_path):
    enc = encounter(tmp_path)
    start(enc, first="aria")
    refused(enc, {"do": "action", "id": "aria", "action": "ready", "trigger": "now", "spell": "shield",
                  "response": {"do": "cast"}}, "one action")
