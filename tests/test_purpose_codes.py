"""What a roll was for and the rules' own markers are codes with the ids they name in fields, never sentences
(issue 19: "events carry codes and ids, never prose"). Logs written before stored English sentences ("end
paralyzed", "feint against gob", "natural 20", "beyond long range", "woke up"); the upcasters of
events/purposes.py read them as codes and the stored bytes never change.

Rules exercised: seed 000 Jets de sauvegarde contre la mort (a natural 20 regains 1 HP), PRD Feint (Bluff against
the target's Sense Motive), PRD Aid Another (d20 against DC 10)."""

import pytest
from pf1_support import ARIA, GOBLIN, duel, stats
from support import last, ok
from test_reason_codes import read_old
from test_rules_units import dying_hero, one, when

from combatlog.core.kernel.registry import default_registry
from combatlog.events.damage import Healed
from combatlog.events.reasons import said


@pytest.fixture(autouse=True)
def pf1_known():
    default_registry().find("pf1")  # the codec learns pf1's events when its ruleset is first used


def test_an_old_save_to_end_a_condition_names_the_condition_in_its_own_field():
    for kind, fields in (("SavingThrowRolled", {"success": False}),
                         ("Pf1SaveRolled", {"d20": 4, "bonus": 1, "total": 5, "success": False})):
        record = read_old({"type": kind, "id": "gob", "ability": "wis", "dc": 13, "purpose": "end paralyzed", **fields})
        assert (record.v, record.event.purpose, record.event.condition) == (2, "end_condition", "paralyzed")
    other = read_old({"type": "SavingThrowRolled", "id": "gob", "ability": "dex", "dc": 13, "success": False,
                      "purpose": "damage"}).event
    assert (other.purpose, other.condition) == ("damage", "")


@pytest.mark.parametrize("sentence, code, fields", [
    ("attack for bob against gob", "aid_attack", {"ally": "bob", "target": "gob"}),
    ("ac for bob against gob", "aid_ac", {"ally": "bob", "target": "gob"}),
    ("feint against gob", "feint", {"target": "gob"}),
    ("first aid on bob", "first_aid", {"target": "bob"}),
    ("opposed by gob", "opposed_by", {"target": "gob"}),
    ("opposing aria", "opposing", {"target": "aria"}),
    ("magic-missile against gob", "spell", {"spell": "magic-missile", "target": "gob"}),
    ("casting defensively", "casting_defensively", {}),
    ("hurt while casting", "hurt_while_casting", {}),
    ("escape", "escape", {}),
])
def test_an_old_pf1_check_purpose_is_read_as_its_code_and_the_ids_it_names(sentence, code, fields):
    event = read_old({"type": "Pf1CheckRolled", "id": "aria", "check": "bluff", "d20": 7, "bonus": 4, "total": 11,
                      "purpose": sentence}).event
    assert event.purpose == code
    assert {name: getattr(event, name) for name in ("target", "ally", "spell")} == {
        "target": "", "ally": "", "spell": "", **fields}


def test_old_markers_are_read_as_codes_and_said_again_as_they_were():
    healed = read_old({"type": "Healed", "target": "hero", "roll": "natural 20", "amount": 1, "hp_before": 0,
                       "hp_after": 1}).event
    assert (healed.roll, healed.reason) == ("", "natural_20_on_a_death_save")
    missed = read_old({"type": "AttackRolled", "attacker": "a", "target": "b", "attack": "bow", "faces": [15],
                       "natural": 15, "total": 20, "target_ac": 12, "hit": False, "auto_miss": "beyond long range"}).event
    assert missed.auto_miss == "beyond_long_range" and said(missed, "auto_miss") == "beyond long range"
    for phrase, code in (("woke up", "woke_up"), ("dropped prone", "dropped_prone"), ("0 HP", "0_hp"),
                         ("knocked out", "knocked_out")):
        applied = read_old({"type": "ConditionApplied", "target": "aria", "condition": "prone", "instance": 5,
                            "source": phrase}, 2).event
        assert (applied.source, said(applied, "source")) == (code, phrase)
    strain = read_old({"type": "Pf1DamageTaken", "target": "aria", "amount": 1, "hp_after": -1, "temp_after": 0,
                       "nonlethal_after": 0, "source": "disabled strain"}).event
    assert strain.source == "disabled_strain"


def test_a_natural_20_on_a_death_save_heals_for_a_reason_not_a_roll_seed_000():
    """Seed 000: a natural 20 on a death save regains 1 HP; no dice were rolled for the healing."""
    healed = one(when(dying_hero(), {"do": "death_save", "id": "hero", "dice": [20]}), Healed)
    assert (healed.roll, healed.reason, healed.amount) == ("", "natural_20_on_a_death_save", 1)


def test_pf1_a_feint_names_its_target_in_a_field(run, log):
    """PRD Feint: d20 7 + Bluff 4 = 11 against the goblin's 11 (see test_pf1_interface)."""
    ok(run(*duel(aria=stats(ARIA, skills={"bluff": 4}), gob=stats(GOBLIN, skills={"sense_motive": 1}))))
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    ok(run({"do": "action", "id": "aria", "action": "feint", "target": "gob", "dice": [7]}))
    check = last(log, "Pf1CheckRolled")
    assert (check["purpose"], check["target"], check["success"]) == ("feint", "gob", True)


def test_old_roll_labels_are_read_as_codes_and_said_again_as_they_were():
    """A d20 roll's advantage and disadvantage, its modifiers and a damage part's notes (events/labels.py)."""
    from combatlog.events.labels import phrase

    attack = read_old({"type": "AttackRolled", "attacker": "aria", "target": "gob", "attack": "bow", "faces": [9, 4],
                       "natural": 4, "total": 9, "target_ac": 15, "hit": False,
                       "advantage": ["help from bren", "target prone within 1.5 m"],
                       "disadvantage": ["attacker prone", "exhaustion 2", "poisoned", "DM"],
                       "modifiers": [{"label": "attack bonus", "value": 5}, {"label": "bless", "value": 3, "roll": "1d4",
                                                                             "faces": [3]}],
                       "ac_modifiers": [{"label": "three_quarters cover", "value": 5}]}).event
    assert attack.advantage == ("help_from:bren", "target_prone_within_1_5_m")
    assert attack.disadvantage == ("attacker_prone", "exhaustion:2", "poisoned", "DM")
    assert [m.label for m in attack.modifiers] == ["attack_bonus", "bless"]
    assert [m.label for m in attack.ac_modifiers] == ["three_quarters_cover"]
    assert [phrase(label) for label in attack.advantage + attack.disadvantage] == [
        "help from bren", "target prone within 1.5 m", "attacker prone", "exhaustion 2", "poisoned", "DM"]
    check = read_old({"type": "CheckRolled", "id": "aria", "ability": "str", "skill": "athletics", "faces": [12],
                      "natural": 12, "total": 17, "modifiers": [{"label": "str", "value": 3},
                                                                  {"label": "proficiency (athletics)", "value": 2}]}).event
    assert [m.label for m in check.modifiers] == ["str", "proficiency:athletics"]
    hurt = read_old({"type": "DamageTaken", "target": "gob", "total": 11, "hp_before": 20, "hp_after": 9,
                     "parts": [{"type": "fire", "roll": "4d6", "faces": [6, 6, 5, 5], "rolled": 22, "adjusted": 11,
                                "applied": 11, "notes": ["adjusted -5", "halved (save)", "resistant"]},
                               {"type": "force", "roll": "1d6", "faces": [4], "rolled": 4, "adjusted": 4,
                                "applied": 4, "notes": ["from hunters-mark"]}]}).event
    assert [part.notes for part in hurt.parts] == [("adjusted:-5", "halved_save", "resistant"), ("from:hunters-mark",)]
