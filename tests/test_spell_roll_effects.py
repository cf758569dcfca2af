"""Spell effects that change rolls (docs/spells.md `roll_bonus`): Bless and Bane from the library in dnd5e-2024 and
dnd5e-2014 (SRD 5.1/5.2: a target adds 1d4 to its attack rolls and saving throws; Bane's target that fails a
Charisma save subtracts 1d4), each d4 rolled right after the d20 it modifies, recorded as a labelled modifier with
its face, shown in the log line and the transcript in both languages; undo restores the state; verify is clean.

aria (wizard 5, Int +3, proficiency +3: DC 14, spell attack +6, AC 12, 27 HP) names the spells by id only;
gob1/gob2 (AC 13, 40 HP, Dex +2, Wis -1, Con +1, Cha +0, a +4 club of 1d6+2; tests/spell_objects.py)."""

import pytest

import combatlog
from tests.spell_objects import BLESS, FIRE_BOLT, brute, wizard

FIVE_E = ["dnd5e-2024", "dnd5e-2014"]
# Fire Bolt as tests/spell_objects.py writes it (the 2024 library's cantrips lack `cantrip_scaling`).
SPELLS = ["bless", "bane", "fireball", FIRE_BOLT, "hunters-mark", "counterspell", "hold-person"]


def encounter(tmp_path, ruleset, *, first="aria", aria=None):
    enc = combatlog.open_log(str(tmp_path / "fight.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})
    base = wizard()
    stats = aria or {**base, "spellcasting": {**base["spellcasting"], "spells": SPELLS}}
    enc.execute({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": stats})
    for gob in ("gob1", "gob2"):
        enc.execute({"do": "add", "id": gob, "name": gob.title(), "side": "foes", "kind": "monster", "stats": brute()})
    order = [first] + [cid for cid in ("aria", "gob1", "gob2") if cid != first]
    for value, cid in zip((20, 15, 10), order):
        enc.execute({"do": "initiative", "id": cid, "value": value})
    enc.execute({"do": "start"})
    return enc


def new_events(enc, before, kind):
    return [line["body"]["event"] for line in enc.events(before) if line["body"]["event"]["type"] == kind]


def without_seq(document):
    return {key: value for key, value in document.items() if key != "seq"}


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_blessed_attack_roll_adds_the_d4_rolled_after_the_d20(tmp_path, ruleset):
    """Bless on aria and gob1 (no save, no attack: it lands). gob1's club on aria: d20 7 + 4 = 11 < AC 12, a miss
    without Bless; the d4 rolled next shows 2: 13 ≥ 12, a hit; 1d6+2 = 3 + 2 = 5: aria 27 → 22; her concentration save DC 10: d20 12 + Con 1 = 13, and she is blessed too:
    the d4 = 1, 14."""
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "bless", "targets": ["aria", "gob1"]})
    assert enc.state()["combatants"]["gob1"]["effects"] == ["bless"]
    enc.execute({"do": "end_turn"})
    before = enc.state()["seq"]
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [7, 2, 3, 12, 1]})
    [roll] = new_events(enc, before, "AttackRolled")
    assert roll["faces"] == [7] and roll["total"] == 13 and roll["hit"] is True
    assert roll["modifiers"][-1] == {"label": "bless", "value": 2, "roll": "1d4", "faces": [2]}
    assert roll["modifiers"][0] == {"label": "attack_bonus", "value": 4}  # the other modifiers are unchanged
    assert enc.state()["combatants"]["aria"]["hp"] == 22
    english = [line["text"] for line in enc.log_lines("en", after=before)]
    french = [line["text"] for line in enc.log_lines("fr", after=before)]
    assert any("d20 [7] + 1d4 [2] (Bless) → 13" in line for line in english), english
    assert any("d20 [7] + 1d4 [2] (Bénédiction) → 13" in line for line in french), french
    assert "+ 2 (Bless 1d4 \\[2\\])" in enc.transcript(lang="en")
    assert "+ 2 (Bénédiction 1d4 \\[2\\])" in enc.transcript(lang="fr")
    enc.verify()


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_a_blessed_save_the_concentration_save(tmp_path, ruleset):
    """aria blesses herself; gob1's club hits her (15 + 4 = 19 ≥ 12; gob1 is not blessed: no d4) for 4 + 2 = 6:
    concentration save DC 10, d20 5 + Con 1 = 6, then the d4 = 4: 10 ≥ 10, she keeps Bless."""
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "bless", "targets": ["aria"]})
    enc.execute({"do": "end_turn"})  # gob1's turn
    before = enc.state()["seq"]
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [15, 4, 5, 4]})
    [save] = new_events(enc, before, "SavingThrowRolled")
    assert (save["faces"], save["dc"], save["total"], save["success"]) == ([5], 10, 10, True)
    assert save["modifiers"][-1] == {"label": "bless", "value": 4, "roll": "1d4", "faces": [4]}
    assert enc.state()["combatants"]["aria"]["concentration"] == "bless"
    french = [line["text"] for line in enc.log_lines("fr", after=before)]
    assert any("d20 [5] + 1d4 [4] (Bénédiction) → 10" in line for line in french), french


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_blessed_spell_attack(tmp_path, ruleset):
    """aria, blessed, casts Fire Bolt at gob1: d20 6 + 6 = 12 < AC 13, then the d4 = 1: 13, a hit; 2d10 (cantrip
    ×2 at level 5) = 4 + 5 = 9: gob1 40 → 31."""
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "bless", "targets": ["aria"]})
    for _ in range(3):
        enc.execute({"do": "end_turn"})  # gob1, gob2, then aria again
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "aria", "spell": "fire-bolt", "targets": ["gob1"], "dice": [6, 1, 4, 5]})
    [roll] = new_events(enc, before, "AttackRolled")
    assert (roll["total"], roll["hit"], roll["modifiers"][-1]["faces"]) == (13, True, [1])
    assert enc.state()["combatants"]["gob1"]["hp"] == 31


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_bane_subtracts_the_d4_after_a_failed_charisma_save_and_ends_with_concentration(tmp_path, ruleset):
    """Bane on gob1 and gob2, Cha save DC 14: gob1 rolls 5 (+0, fails), gob2 rolls 18 (succeeds). gob1's club on
    aria: d20 9 + 4 = 13 ≥ 12 would hit; the d4 = 3 is subtracted: 10, a miss. Undo gives back the state before
    the attack; aria ending her concentration ends Bane."""
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "bane", "targets": ["gob1", "gob2"], "dice": [5, 18]})
    state = enc.state()["combatants"]
    assert (state["gob1"]["effects"], state["gob2"]["effects"]) == (["bane"], [])
    enc.execute({"do": "end_turn"})
    document = enc.state()
    before = document["seq"]
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [9, 3]})
    [roll] = new_events(enc, before, "AttackRolled")
    assert (roll["total"], roll["hit"]) == (10, False)
    assert roll["modifiers"][-1] == {"label": "bane", "value": -3, "roll": "1d4", "faces": [3]}
    english = [line["text"] for line in enc.log_lines("en", after=before)]
    assert any("d20 [9] - 1d4 [3] (Bane) → 10" in line for line in english), english
    assert "- 3 (Bane 1d4 \\[3\\])" in enc.transcript(lang="en")
    enc.undo()
    assert without_seq(enc.state()) == without_seq(document)
    enc.verify()


def test_a_roll_bonus_is_validated_by_name():
    from combatlog.core.rulesets.spellbook import parse_spell, spell_problems

    bad = {**BLESS, "effect": {"id": "bless", "roll_bonus": {"roll": "1d4", "on": ["damage"]}}}
    problems = spell_problems(parse_spell(bad), abilities=("str",), damage_types=(), conditions=())
    assert problems == [("spell-roll-bonus-unknown-test", {"spell": "bless", "test": "damage", "tests": "attack, save"})]
    worse = {**BLESS, "effect": {"id": "bless", "roll_bonus": {"roll": "d", "on": ["save"]}}}
    assert [p[0] for p in spell_problems(parse_spell(worse), abilities=(), damage_types=(), conditions=())] == ["spell-bad-dice"]
    import msgspec
    with pytest.raises(msgspec.ValidationError, match="dice"):
        parse_spell({**BLESS, "effect": {"id": "bless", "roll_bonus": {"roll": "1d4", "on": ["save"], "dice": 1}}})


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_the_library_bless_and_bane_use_roll_bonus(ruleset):
    from combatlog.compendium import library_for_family

    library = library_for_family(ruleset)
    assert library.get("bless")["effect"]["roll_bonus"] == {"on": ["attack", "save"], "roll": "1d4"}
    assert library.get("bane")["effect"]["roll_bonus"] == {"on": ["attack", "save"], "roll": "1d4", "subtract": True}
    assert library.get("bane")["save"] == {"ability": "cha"} and "executable" not in library.get("bane")


# ------------------------------------------------------------------------------------------ Hunter's Mark

DAGGER = {"id": "dagger", "kind": "melee", "to_hit": 5, "reach": 1.5,
          "damage": [{"roll": "1d4+2", "type": "piercing"}]}


def ranger(tmp_path, ruleset):
    """aria as above with a +5 dagger (1d4+2 piercing), the library's Hunter's Mark and Fire Bolt."""
    base = wizard(attacks=[DAGGER])
    stats = {**base, "spellcasting": {**base["spellcasting"], "spells": ["hunters-mark", FIRE_BOLT]}}
    return encounter(tmp_path, ruleset, aria=stats)


MARK_TYPE = {"dnd5e-2014": "piercing", "dnd5e-2024": "force"}


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_hunters_mark_adds_1d6_to_the_casters_weapon_hits_on_the_marked_creature(tmp_path, ruleset):
    """SRD 5.1: an extra 1d6 damage when you hit the target with a weapon attack (the dagger's piercing);
    SRD 5.2: an extra 1d6 Force damage when you hit it with an attack roll. Mark gob1 (bonus action); the dagger:
    d20 14 + 5 = 19 ≥ AC 13, 1d4+2 = 3 + 2 = 5, then the mark's d6 = 4: gob1 40 → 31. Undo gives back the state
    before the attack; gob2, unmarked, takes no extra die (14, 3: 5)."""
    enc = ranger(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "hunters-mark", "targets": ["gob1"]})
    document = enc.state()
    before = document["seq"]
    enc.execute({"do": "attack", "attacker": "aria", "target": "gob1", "with": "dagger", "dice": [14, 3, 4]})
    [damage] = new_events(enc, before, "DamageTaken")
    weapon, mark = damage["parts"]
    assert (weapon["type"], weapon["roll"], weapon["faces"], weapon["applied"]) == ("piercing", "1d4+2", [3], 5)
    assert (mark["type"], mark["roll"], mark["faces"], mark["applied"], mark["notes"]) == \
        (MARK_TYPE[ruleset], "1d6", [4], 4, ["from:hunters-mark"])
    assert enc.state()["combatants"]["gob1"]["hp"] == 31
    english = " ".join(line["text"] for line in enc.log_lines("en", after=before))
    french = " ".join(line["text"] for line in enc.log_lines("fr", after=before))
    assert f"takes 5 piercing and 4 {MARK_TYPE[ruleset]} (Hunter's Mark) damage" in english, english
    assert "(Marque du chasseur)" in french, french
    assert "(Hunter's Mark)" in enc.transcript(lang="en") and "(Marque du chasseur)" in enc.transcript(lang="fr")
    enc.verify()
    enc.undo()
    assert without_seq(enc.state()) == without_seq(document)
    before = enc.state()["seq"]
    enc.execute({"do": "attack", "attacker": "aria", "target": "gob2", "with": "dagger", "dice": [14, 3]})
    [damage] = new_events(enc, before, "DamageTaken")
    assert len(damage["parts"]) == 1 and enc.state()["combatants"]["gob2"]["hp"] == 35


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_hunters_mark_dice_double_on_a_critical_hit(tmp_path, ruleset):
    """Natural 20: every damage die twice (seed 000 « Coups critiques »): 1d4 → 1 + 2, + 2 = 5; the mark's
    1d6 → 3 + 4 = 7: gob1 40 → 28."""
    enc = ranger(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "hunters-mark", "targets": ["gob1"]})
    enc.execute({"do": "attack", "attacker": "aria", "target": "gob1", "with": "dagger", "dice": [20, 1, 2, 3, 4]})
    assert enc.state()["combatants"]["gob1"]["hp"] == 28


@pytest.mark.parametrize("ruleset, extra", [("dnd5e-2014", 0), ("dnd5e-2024", 6)])
def test_hunters_mark_on_a_spell_attack_only_in_2024(tmp_path, ruleset, extra):
    """Fire Bolt at the marked gob1: d20 15 + 6 = 21 ≥ 13; 2d10 (level 5) = 4 + 5 = 9; 2024 ("an attack roll")
    adds the mark's 1d6 = 6 force, 2014 ("a weapon attack") does not."""
    enc = ranger(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "hunters-mark", "targets": ["gob1"]})
    dice = [15, 4, 5] + ([6] if extra else [])
    enc.execute({"do": "cast", "caster": "aria", "spell": "fire-bolt", "targets": ["gob1"], "dice": dice})
    assert enc.state()["combatants"]["gob1"]["hp"] == 40 - 9 - extra
    enc.verify()


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_the_library_hunters_mark_uses_damage_bonus(ruleset):
    from combatlog.compendium import library_for_family

    bonus = library_for_family(ruleset).get("hunters-mark")["effect"]["damage_bonus"]
    assert bonus == ({"roll": "1d6", "from": "caster", "attacks": "weapon"} if ruleset == "dnd5e-2014"
                     else {"roll": "1d6", "type": "force", "from": "caster", "attacks": "any"})


def test_a_damage_bonus_is_validated_by_name():
    from combatlog.core.rulesets.spellbook import parse_spell, spell_problems

    mark = {"id": "hunters-mark", "level": 1, "effect": {"id": "hunters-mark",
                                                         "damage_bonus": {"roll": "1d6", "type": "sparkly"}}}
    assert spell_problems(parse_spell(mark), abilities=(), damage_types=("force",), conditions=()) == \
        [("spell-unknown-damage-type", {"spell": "hunters-mark", "type": "sparkly"})]
    import msgspec
    with pytest.raises(msgspec.ValidationError, match="attacks"):
        parse_spell({**mark, "effect": {"id": "x", "damage_bonus": {"roll": "1d6", "attacks": "some"}}})


# ------------------------------------------------------------------------------------------ spell attacks and Shield


def shielded(tmp_path, ruleset):
    """aria knows the library's Shield; gob1 casts Fire Bolt (no `level`: 1d10; Int +0, proficiency +2: +2)."""
    base = wizard()
    aria = {**base, "spellcasting": {**base["spellcasting"], "spells": ["shield"]}}
    enc = combatlog.open_log(str(tmp_path / "fight.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})
    enc.execute({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": aria})
    enc.execute({"do": "add", "id": "gob1", "name": "Gob1", "side": "foes", "kind": "monster",
                 "stats": brute(spellcasting={"ability": "int", "spells": [FIRE_BOLT]})})
    for value, cid in ((20, "gob1"), (10, "aria")):
        enc.execute({"do": "initiative", "id": cid, "value": value})
    enc.execute({"do": "start"})
    return enc


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_shield_answers_a_fire_bolt_and_the_miss_rolls_no_damage(tmp_path, ruleset):
    """gob1's Fire Bolt at aria: d20 12 + 2 = 14 ≥ AC 12, a hit; aria is offered Shield (a reaction `on: hit`);
    she casts it: AC 17, 14 < 17, a miss: no damage die is rolled (the 7 typed with the cast is left unused),
    her level 1 slot is spent, her HP unchanged. Undo of the react gives back the open window."""
    enc = shielded(tmp_path, ruleset)
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fire-bolt", "targets": ["aria"], "dice": [12, 7]})
    window = enc.state()["window"]
    assert window["reactors"] == ["aria"] and enc.state()["combatants"]["aria"]["hp"] == 27
    document = enc.state()
    enc.execute({"do": "react", "id": "aria", "with": "shield"})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["hp"], aria["effects"], aria["slots"]["1"]["left"], aria["reaction_available"]) == \
        (27, ["shield"], 3, False)
    [again] = new_events(enc, before, "AttackReevaluated")
    assert (again["target_ac"], again["hit"]) == (17, False)
    assert new_events(enc, before, "DamageTaken") == []
    [unused] = new_events(enc, before, "DiceLeftUnused")
    assert unused["faces"] == [7]
    enc.verify()
    enc.undo()
    assert without_seq(enc.state()) == without_seq(document)


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_a_fire_bolt_hit_that_is_not_answered_rolls_its_damage_when_the_window_closes(tmp_path, ruleset):
    """The same hit; aria passes: the window closes and the cast goes on: 1d10 = 7 fire, aria 27 → 20."""
    enc = shielded(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fire-bolt", "targets": ["aria"], "dice": [12, 7]})
    enc.execute({"do": "pass", "id": "aria"})
    assert enc.state()["combatants"]["aria"]["hp"] == 20 and enc.state()["window"] is None
    enc.verify()


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_a_spell_attack_that_beats_shield_still_hits(tmp_path, ruleset):
    """d20 17 + 2 = 19 ≥ 17: Shield does not turn it; the damage die comes with the react (7): 27 → 20."""
    enc = shielded(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fire-bolt", "targets": ["aria"], "dice": [17]})
    enc.execute({"do": "react", "id": "aria", "with": "shield", "dice": [7]})
    assert enc.state()["combatants"]["aria"]["hp"] == 20
    enc.verify()


# ------------------------------------------------------------------------------------------ Counterspell

from tests.spell_objects import FIREBALL  # noqa: E402


def countering(tmp_path, ruleset):
    """aria knows the library's Counterspell (slots 3: 2, 4: 1; Int +3, DC 14); gob1 casts Fireball (DC 8 + 2 + 0
    = 10; slots 3: 1, 4: 1; Con +1). gob1 acts first."""
    base = wizard()
    aria = {**base, "spellcasting": {**base["spellcasting"], "spells": ["counterspell"]}}
    enc = combatlog.open_log(str(tmp_path / "fight.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})
    enc.execute({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": aria})
    enc.execute({"do": "add", "id": "gob1", "name": "Gob1", "side": "foes", "kind": "monster",
                 "stats": brute(spellcasting={"ability": "int", "slots": {"3": 1, "4": 1}, "spells": [FIREBALL]})})
    for value, cid in ((20, "gob1"), (10, "aria")):
        enc.execute({"do": "initiative", "id": cid, "value": value})
    enc.execute({"do": "start"})
    return enc


FIREBALL_DICE = [5] + [1] * 8  # aria's Dex save 5 + 2 = 7 < 10; 8d6 of ones: 8


def test_counterspell_2014_a_spell_of_its_level_or_lower_simply_fails(tmp_path):
    """SRD 5.1: a 3rd-level Fireball against a 3rd-level Counterspell fails with no check; gob1's slot is spent
    all the same, aria's too; no save, no damage; undo gives back the open window."""
    enc = countering(tmp_path, "dnd5e-2014")
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fireball", "targets": ["aria"], "dice": FIREBALL_DICE})
    assert enc.state()["window"]["reactors"] == ["aria"]
    assert enc.state()["combatants"]["gob1"]["slots"]["3"]["left"] == 1  # paid when it takes effect
    document = enc.state()
    enc.execute({"do": "react", "id": "aria", "with": "counterspell"})
    state = enc.state()
    assert state["window"] is None
    assert (state["combatants"]["aria"]["hp"], state["combatants"]["aria"]["slots"]["3"]["left"]) == (27, 1)
    assert state["combatants"]["gob1"]["slots"]["3"]["left"] == 0
    [countered] = new_events(enc, before, "SpellCountered")
    assert (countered["caster"], countered["spell"], countered["level"], countered["by"], countered["slot_spent"]) == \
        ("gob1", "fireball", 3, "aria", True)
    assert new_events(enc, before, "SavingThrowRolled") == [] and new_events(enc, before, "DamageTaken") == []
    assert [e["spell"] for e in new_events(enc, before, "SpellCast")] == ["counterspell"]
    english = " ".join(line["text"] for line in enc.log_lines("en", after=before))
    french = " ".join(line["text"] for line in enc.log_lines("fr", after=before))
    assert "counters Gob1's fireball: it has no effect" in english, english
    assert "contre fireball de Gob1 : le sort est sans effet" in french, french
    enc.verify()
    enc.undo()
    assert without_seq(enc.state()) == without_seq(document)


@pytest.mark.parametrize("check, countered", [(8, False), (12, True)])
def test_counterspell_2014_a_higher_spell_needs_a_check_dc_10_plus_its_level(tmp_path, check, countered):
    """Fireball at 4th level: 4 > 3, aria's Intelligence check DC 14: 8 + 3 = 11 fails (the Fireball goes on
    with the dice typed with it: aria 7 < 10 fails her save, 9d6 of ones = 9: 27 → 18); 12 + 3 = 15 counters."""
    enc = countering(tmp_path, "dnd5e-2014")
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fireball", "level": 4, "targets": ["aria"],
                 "dice": FIREBALL_DICE + [1]})
    enc.execute({"do": "react", "id": "aria", "with": "counterspell", "dice": [check]})
    [rolled] = new_events(enc, before, "CheckRolled")
    assert (rolled["ability"], rolled["dc"], rolled["total"]) == ("int", 14, check + 3)
    state = enc.state()["combatants"]
    assert state["aria"]["hp"] == (27 if countered else 18)
    assert state["gob1"]["slots"]["4"]["left"] == 0
    assert len(new_events(enc, before, "SpellCountered")) == int(countered)
    enc.verify()


@pytest.mark.parametrize("save, countered", [(10, True), (13, False)])
def test_counterspell_2024_the_caster_saves_and_a_countered_slot_is_not_spent(tmp_path, save, countered):
    """SRD 5.2: gob1 makes a Con save against aria's DC 14: 10 + 1 = 11 fails: the Fireball dissipates, its slot
    isn't expended (3rd: 1 left), its action is; 13 + 1 = 14 succeeds: the Fireball goes on (aria 27 → 19)."""
    enc = countering(tmp_path, "dnd5e-2024")
    before = enc.state()["seq"]
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fireball", "targets": ["aria"], "dice": FIREBALL_DICE})
    document = enc.state()
    enc.execute({"do": "react", "id": "aria", "with": "counterspell", "dice": [save]})
    [saved] = new_events(enc, before, "SavingThrowRolled")[:1]
    assert (saved["id"], saved["ability"], saved["dc"], saved["success"]) == ("gob1", "con", 14, not countered)
    state = enc.state()["combatants"]
    assert state["aria"]["slots"]["3"]["left"] == 1 and state["aria"]["reaction_available"] is False
    assert state["gob1"]["slots"]["3"]["left"] == (1 if countered else 0)
    assert state["gob1"]["economy"]["action"]
    assert state["aria"]["hp"] == (27 if countered else 19)
    if countered:
        [event] = new_events(enc, before, "SpellCountered")
        assert event["slot_spent"] is False
    enc.verify()
    enc.undo()
    assert without_seq(enc.state()) == without_seq(document)


def test_counterspell_cast_outside_a_window_is_the_named_effect_as_before(tmp_path):
    """No spell being cast: Counterspell at gob1 is the GM's call, a reaction that marks it (2024: Con save
    10 + 1 = 11 < 14 fails)."""
    enc = countering(tmp_path, "dnd5e-2024")
    enc.execute({"do": "cast", "caster": "aria", "spell": "counterspell", "targets": ["gob1"], "dice": [10]})
    assert enc.state()["combatants"]["gob1"]["effects"] == ["counterspell"]
    assert enc.state()["combatants"]["aria"]["reaction_available"] is False
