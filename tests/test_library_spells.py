"""The library's spells cast by id (INTERFACE.md §7): `cast` finds a spell the caster only names in the encounter's
family library, through the API, `combatlog run`, `verify` and `state --replay`; the common SRD combat spells as
the import writes them, worked by hand in dnd5e-2024 and dnd5e-2014; and every spell the library marks executable
cast once.

aria (wizard 5, Int +3, proficiency +3: DC 14, spell attack +6, AC 12, 27 HP) names the spells by id only;
gob1/gob2 (AC 13, 40 HP, Dex +2, Wis -1, Con +1, a +4 club of 1d6+2; tests/spell_objects.py)."""

import json

import pytest

import combatlog
from combatlog.cli.main import main as cli_main
from combatlog.compendium import library_for_family
from combatlog.core.kernel.errors import RuleViolation
from tests.pf1_support import GOBLIN, stats
from tests.spell_objects import brute, wizard

FIVE_E = ["dnd5e-2024", "dnd5e-2014"]
TEN = ["fireball", "bless", "hold-person", "cure-wounds", "magic-missile", "shield", "counterspell",
       "spiritual-weapon", "hunters-mark", "healing-word"]


def caster(spells=TEN, **extra) -> dict:
    base = wizard(**extra)
    return {**base, "spellcasting": {**base["spellcasting"], "spells": list(spells)}}


def encounter(tmp_path, ruleset, *, first=None):
    enc = combatlog.open_log(str(tmp_path / "fight.db")).encounter("default")
    enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})
    enc.execute({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": caster()})
    for gob in ("gob1", "gob2"):
        enc.execute({"do": "add", "id": gob, "name": gob.title(), "side": "foes", "kind": "monster", "stats": brute()})
    if first:
        order = [first] + [cid for cid in ("aria", "gob1", "gob2") if cid != first]
        for value, cid in zip((20, 15, 10), order):
            enc.execute({"do": "initiative", "id": cid, "value": value})
        enc.execute({"do": "start"})
    return enc


def events(enc, kind):
    return [line["body"]["event"] for line in enc.events(0) if line["body"]["event"]["type"] == kind]


# ------------------------------------------------------------------------------------------ through run and verify


def run_script(tmp_path, capsys, commands):
    script = tmp_path / "script.jsonl"
    script.write_text("".join(json.dumps(command) + "\n" for command in commands), encoding="utf-8")
    log = tmp_path / "fight.db"
    assert cli_main(["run", str(script), "--log", str(log), "--quiet"]) == 0, capsys.readouterr().err
    assert cli_main(["verify", str(log)]) == 0, capsys.readouterr()
    capsys.readouterr()
    assert cli_main(["state", str(log), "--json"]) == 0
    live = json.loads(capsys.readouterr().out)
    assert cli_main(["state", str(log), "--json", "--replay"]) == 0
    assert json.loads(capsys.readouterr().out) == live
    return live


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_a_library_fireball_runs_verifies_and_replays_in_5e(tmp_path, capsys, ruleset):
    """Fireball 8d6, Dex save DC 14: gob1 rolls 3 (+2 = 5): 8d6 = 1+2+3+4+5+6+1+2 = 24 → 16; gob2 rolls 15
    (+2 = 17): half, 12 → 28."""
    state = run_script(tmp_path, capsys, [
        {"do": "create", "ruleset": ruleset, "seed": 7},
        {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": caster(["fireball"])},
        {"do": "add", "id": "gob1", "side": "foes", "kind": "monster", "stats": brute()},
        {"do": "add", "id": "gob2", "side": "foes", "kind": "monster", "stats": brute()},
        {"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1", "gob2"],
         "dice": [3, 15, 1, 2, 3, 4, 5, 6, 1, 2]},
        {"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1", "gob2"]}])
    assert state["combatants"]["aria"]["slots"]["3"]["left"] == 0


def test_a_library_fireball_runs_verifies_and_replays_in_pf1(tmp_path, capsys):
    """PRD Fireball: 1d6 per caster level (maximum 10d6), Reflex half, DC 10 + 3 + Int 4 = 17. Caster level 5:
    5d6 = 1+2+3+4+5 = 15; gob rolls 10 (+2 = 12): 30 → 15; gob2 rolls 15 (+2 = 17): half, 7 → 23."""
    mira = {"max_hp": 20, "speed": 9, "bab": 2, "abilities": {"str": 8, "dex": 14, "con": 12, "int": 18, "wis": 10,
                                                               "cha": 10},
            "ac": {}, "saves": {"fort": 1, "ref": 1, "will": 4},
            "spellcasting": {"caster_level": 5, "ability": "int", "per_day": {"3": 1}, "spells": ["fireball"]}}
    state = run_script(tmp_path, capsys, [
        {"do": "create", "ruleset": "pf1", "seed": 5},
        {"do": "add", "id": "mira", "side": "party", "kind": "pc", "stats": mira, "at": [0, 0]},
        {"do": "add", "id": "gob", "side": "monsters", "kind": "monster", "stats": stats(GOBLIN, max_hp=30),
         "at": [1, 0]},
        {"do": "add", "id": "gob2", "side": "monsters", "kind": "monster", "stats": stats(GOBLIN, max_hp=30),
         "at": [5, 5]},
        {"do": "cast", "caster": "mira", "spell": "fireball", "targets": ["gob", "gob2"],
         "dice": [10, 15, 1, 2, 3, 4, 5]}])
    assert (state["combatants"]["gob"]["hp"], state["combatants"]["gob2"]["hp"]) == (15, 23)


def test_a_spell_neither_the_caster_nor_the_library_has_is_refused(tmp_path):
    enc = encounter(tmp_path, "dnd5e-2024")
    with pytest.raises(RuleViolation) as caught:
        enc.execute({"do": "cast", "caster": "aria", "spell": "no-such-spell", "targets": ["gob1"]})
    assert "no-such-spell" in str(caught.value)


# ------------------------------------------------------------------------------------------ the ten, by hand


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_fireball_8d6_save_for_half_at_dc_14(tmp_path, ruleset):
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1", "gob2"],
                 "dice": [3, 15, 1, 2, 3, 4, 5, 6, 1, 2]})
    state = enc.state()["combatants"]
    assert (state["gob1"]["hp"], state["gob2"]["hp"]) == (16, 28)
    assert [save["dc"] for save in events(enc, "SavingThrowRolled")] == [14, 14]


@pytest.mark.parametrize("ruleset, dice, healed", [("dnd5e-2014", [6], 6 + 3), ("dnd5e-2024", [3, 5], 8 + 3)])
def test_cure_wounds_1d8_in_2014_2d8_in_2024_plus_the_modifier(tmp_path, ruleset, dice, healed):
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "damage", "target": "aria", "amount": 20, "type": "fire"})
    enc.execute({"do": "cast", "caster": "aria", "spell": "cure-wounds", "targets": ["aria"], "dice": dice})
    assert enc.state()["combatants"]["aria"]["hp"] == 7 + healed


@pytest.mark.parametrize("ruleset, dice, healed", [("dnd5e-2014", [2], 2 + 3), ("dnd5e-2024", [1, 2], 3 + 3)])
def test_healing_word_1d4_in_2014_2d4_in_2024_plus_the_modifier_as_a_bonus_action(tmp_path, ruleset, dice, healed):
    enc = encounter(tmp_path, ruleset, first="aria")
    enc.execute({"do": "damage", "target": "aria", "amount": 20, "type": "fire"})
    enc.execute({"do": "cast", "caster": "aria", "spell": "healing-word", "targets": ["aria"], "dice": dice})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["hp"], aria["economy"]["bonus"]) == (7 + healed, "healing-word")


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_magic_missile_three_darts_of_1d4_plus_1(tmp_path, ruleset):
    """One roll for the darts (3 + 1 = 4 each): gob1 takes two (40 → 32), gob2 one (36); a fourth dart at 2nd."""
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "magic-missile", "targets": ["gob1", "gob1", "gob2"],
                 "dice": [3]})
    state = enc.state()["combatants"]
    assert (state["gob1"]["hp"], state["gob2"]["hp"]) == (32, 36)
    enc.execute({"do": "cast", "caster": "aria", "spell": "magic-missile", "level": 2, "targets": ["gob2"] * 4,
                 "dice": [1]})
    assert enc.state()["combatants"]["gob2"]["hp"] == 36 - 4 * 2


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_hold_person_paralyzes_until_a_save_at_the_end_of_its_turn(tmp_path, ruleset):
    """Wis save DC 14: gob1 rolls 3 (-1 = 2): paralyzed, aria concentrates; at the end of gob1's turn it rolls 16
    (-1 = 15 ≥ 14): free."""
    enc = encounter(tmp_path, ruleset, first="aria")
    enc.execute({"do": "cast", "caster": "aria", "spell": "hold-person", "targets": ["gob1"], "dice": [3]})
    state = enc.state()["combatants"]
    assert "paralyzed" in state["gob1"]["conditions"] and state["aria"]["concentration"] == "hold-person"
    enc.execute({"do": "end_turn"})
    assert enc.state()["turn"] == "gob1"
    enc.execute({"do": "end_turn", "dice": [16]})
    assert "paralyzed" not in enc.state()["combatants"]["gob1"]["conditions"]


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_bless_an_effect_on_three_targets_with_concentration(tmp_path, ruleset):
    enc = encounter(tmp_path, ruleset)
    enc.execute({"do": "cast", "caster": "aria", "spell": "bless", "targets": ["aria"]})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["effects"], aria["concentration"]) == (["bless"], "bless")
    with pytest.raises(RuleViolation):
        enc.execute({"do": "cast", "caster": "aria", "spell": "bless", "targets": ["aria", "gob1", "gob2", "aria"]})


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_shield_plus_5_ac_as_a_reaction_on_a_hit(tmp_path, ruleset):
    """gob1's club: 10 + 4 = 14 ≥ AC 12 hits; aria, who only names `shield`, is offered the reaction: AC 17, a miss."""
    enc = encounter(tmp_path, ruleset, first="gob1")
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [10]})
    assert enc.state()["window"]["reactors"] == ["aria"]
    enc.execute({"do": "react", "id": "aria", "with": "shield"})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["hp"], aria["reaction_available"], aria["effects"]) == (27, False, ["shield"])
    assert aria["slots"]["1"]["left"] == 3
    assert (events(enc, "AttackReevaluated")[-1]["target_ac"], events(enc, "AttackReevaluated")[-1]["hit"]) == (17, False)


@pytest.mark.parametrize("ruleset, dice", [("dnd5e-2014", None), ("dnd5e-2024", [4])])
def test_counterspell_a_3rd_level_reaction_on_another_creatures_turn(tmp_path, ruleset, dice):
    """2024: the target makes a Con save (4 + 1 = 5 < 14); 2014: no save."""
    enc = encounter(tmp_path, ruleset, first="gob1")
    command = {"do": "cast", "caster": "aria", "spell": "counterspell", "targets": ["gob1"]}
    enc.execute({**command, **({"dice": dice} if dice else {})})
    aria = enc.state()["combatants"]["aria"]
    assert (aria["reaction_available"], aria["slots"]["3"]["left"]) == (False, 1)
    assert len(events(enc, "SavingThrowRolled")) == (1 if dice else 0)
    assert enc.state()["combatants"]["gob1"]["effects"] == ["counterspell"]


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_spiritual_weapon_a_bonus_action_melee_spell_attack_adding_the_modifier(tmp_path, ruleset):
    """15 + 6 = 21 ≥ AC 13: 1d8 = 5, + Int 3 = 8: gob1 40 → 32."""
    enc = encounter(tmp_path, ruleset, first="aria")
    enc.execute({"do": "cast", "caster": "aria", "spell": "spiritual-weapon", "targets": ["gob1"], "dice": [15, 5]})
    state = enc.state()["combatants"]
    assert (state["gob1"]["hp"], state["aria"]["economy"]["bonus"]) == (32, "spiritual-weapon")


@pytest.mark.parametrize("ruleset", FIVE_E)
def test_hunters_mark_a_bonus_action_concentration_effect_without_an_attack(tmp_path, ruleset):
    enc = encounter(tmp_path, ruleset, first="aria")
    enc.execute({"do": "cast", "caster": "aria", "spell": "hunters-mark", "targets": ["gob2"]})
    state = enc.state()["combatants"]
    assert state["gob2"]["effects"] == ["hunters-mark"] and state["gob2"]["hp"] == 40
    assert (state["aria"]["concentration"], state["aria"]["economy"]["bonus"]) == ("hunters-mark", "hunters-mark")
    assert events(enc, "AttackRolled") == []


# ------------------------------------------------------------------------------------------ every executable spell

RULE_REFUSALS = ("casting time", "temps d'incantation", "out of combat", "reaction window", "no reaction")


@pytest.mark.parametrize("family", FIVE_E)
def test_every_executable_library_spell_casts(tmp_path, family):
    """A generic caster with every slot casts each executable spell once on a fresh encounter: none raises, and
    none is refused but by a rule of casting (a reaction spell outside a window, a long casting time)."""
    library = library_for_family(family)
    spells = [entry for entry in library.entries("spell") if entry.get("executable", True)]
    assert len(spells) > 90
    stats = wizard(level=20, spellcasting={"ability": "int", "slots": {str(n): 4 for n in range(1, 10)},
                                           "spells": [entry["id"] for entry in spells]})
    log = combatlog.open_log(str(tmp_path / "all.db"))
    refused = {}
    for entry in spells:
        enc = log.encounter(entry["id"])
        enc.execute({"do": "create", "ruleset": family, "seed": 3})
        enc.execute({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": stats})
        for gob in ("gob1", "gob2", "gob3"):
            enc.execute({"do": "add", "id": gob, "side": "foes", "kind": "monster", "stats": brute(hp=400)})
        most = entry.get("targets") or 1
        targets = [] if entry.get("range") == 0 and not entry.get("area") else ["gob1", "gob2", "gob3"][:most]
        if entry.get("heal") or entry.get("temp_hp"):
            targets = ["aria"]
        try:
            enc.execute({"do": "cast", "caster": "aria", "spell": entry["id"], "targets": targets})
        except RuleViolation as error:
            if not any(reason in str(error) for reason in RULE_REFUSALS):
                refused[entry["id"]] = str(error)
    assert refused == {}, "\n".join(f"{k}: {v}" for k, v in refused.items())


@pytest.mark.parametrize("ruleset, dice, taken", [("dnd5e-2014", [3] + [1] * 8, 8), ("dnd5e-2024", [3] + [1] * 10, 10)])
def test_flame_strike_fire_and_radiant_rolled_once_each(tmp_path, ruleset, dice, taken):
    """Flame Strike: 4d6 fire and 4d6 radiant in 2014, 5d6 and 5d6 in 2024, Dex save for half: gob1 rolls 3
    (+2 = 5 < 14) and takes every die at 1."""
    enc = encounter(tmp_path, ruleset)
    cleo = caster(["flame-strike"])
    cleo["spellcasting"]["slots"] = {"5": 1}
    enc.execute({"do": "add", "id": "cleo", "side": "party", "kind": "pc", "stats": cleo})
    enc.execute({"do": "cast", "caster": "cleo", "spell": "flame-strike", "targets": ["gob1"], "dice": dice})
    assert enc.state()["combatants"]["gob1"]["hp"] == 40 - taken


@pytest.mark.parametrize("ruleset, rolled", [("dnd5e-2014", "1d4+4"), ("dnd5e-2024", "2d4+4")])
def test_false_life_gives_temporary_hit_points(tmp_path, ruleset, rolled):
    enc = encounter(tmp_path, ruleset)
    dice = [2] * int(rolled[0])
    enc.execute({"do": "cast", "caster": "aria", "spell": "false-life", "targets": ["aria"], "dice": dice})
    assert enc.state()["combatants"]["aria"]["temp_hp"] == 2 * int(rolled[0]) + 4


def test_every_executable_pf1_library_spell_casts(tmp_path):
    """A 20th-level caster with four spells of each level casts each executable PRD spell once at a goblin."""
    spells = [entry for entry in library_for_family("pf1").entries("spell") if entry.get("executable", True)]
    # Issue 21: a PRD spell whose effect cast cannot run is marked `executable: false` with its `why` (and refused,
    # test_pf1_spell_effects.py); the others, the PRD's damage, healing, condition and bonus spells, all cast.
    assert len(spells) > 50
    assert {"fireball", "magic-missile", "cure-light-wounds", "bless", "bane", "shield", "haste", "hold-person"} <= {
        entry["id"] for entry in spells}
    mira = {"max_hp": 20, "speed": 9, "bab": 2, "ac": {}, "saves": {"fort": 1, "ref": 1, "will": 4},
            "abilities": {"str": 8, "dex": 14, "con": 12, "int": 18, "wis": 10, "cha": 10},
            "spellcasting": {"caster_level": 20, "ability": "int", "per_day": {str(n): 4 for n in range(10)},
                             "spells": [entry["id"] for entry in spells]}}
    log = combatlog.open_log(str(tmp_path / "pf1.db"))
    refused = {}
    for entry in spells:
        enc = log.encounter(entry["id"])
        enc.execute({"do": "create", "ruleset": "pf1", "seed": 5})
        enc.execute({"do": "add", "id": "mira", "side": "party", "kind": "pc", "stats": mira, "at": [0, 0]})
        enc.execute({"do": "add", "id": "gob", "side": "m", "kind": "monster", "stats": stats(GOBLIN, max_hp=300),
                     "at": [1, 0]})
        try:
            enc.execute({"do": "cast", "caster": "mira", "spell": entry["id"], "targets": ["gob"]})
        except RuleViolation as error:
            refused[entry["id"]] = str(error)
    assert refused == {}
