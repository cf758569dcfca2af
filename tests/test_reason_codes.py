"""Events carry reason codes and the ids or numbers they name, never English sentences (issue 19).

Rules exercised: seed 000 Dégâts Massifs (max 12 HP at 6, 18 damage: 12 left over = max HP: dead), seed 000 Se
Déplacer autour d'Autres Créatures (ending a turn in another creature's space knocks prone, 2024), seed 000
Durées (a condition "until the start of X's turn" ends then). Logs written before codes stored the English
sentences; the upcasters of events/reasons.py read them as codes and the stored bytes never change."""

import msgspec
import pytest
from support import events_of, ok

from combatlog.events.codec import default_codec
from combatlog.events.envelope import compute_hash
from combatlog.events.reasons import from_prose, said
from combatlog.projections.describe import Cast, describe, reason_text

BODY = msgspec.json.Encoder(order="sorted")


def read_old(event: dict, v: int = 1):
    """A record stored by an older schema, as a store reads it back."""
    body = BODY.encode({"seq": 3, "txn": 2, "at": "2026-11-01T00:00:00.000Z", "v": v, "event": event})
    return default_codec().decode_body(body, compute_hash(body), expected_seq=3, expected_prev="0" * 64)


def test_an_old_condition_end_sentence_is_read_as_its_code_and_the_creature_it_names():
    record = read_old({"type": "ConditionEnded", "target": "gob1", "condition": "prone", "instance": 4,
                       "reason": "start of aria's turn"})
    assert (record.v, record.event.reason, record.event.by, record.event.count) == (2, "start_of_turn", "aria", 0)
    assert said(record.event) == "start of aria's turn"
    rounds = read_old({"type": "EffectEnded", "id": "aria", "effect": "dodging", "instance": 2,
                       "reason": "3 round(s) elapsed"}).event
    assert (rounds.reason, rounds.count, rounds.by) == ("rounds_elapsed", 3, "")


def test_an_old_fixed_phrase_becomes_its_code_and_other_text_stays():
    concentration = read_old({"type": "ConcentrationEnded", "id": "aria", "effect": "bless",
                              "reason": "failed its concentration save"}).event
    assert concentration.reason == "failed_its_concentration_save"
    assert said(concentration) == "failed its concentration save"
    # The rules' own markers in a condition's source are codes too since ConditionApplied v3 (events/purposes.py):
    # "fell unconscious" is read as "fell_unconscious", said again as the phrase it was.
    marker = read_old({"type": "ConditionApplied", "target": "aria", "condition": "prone", "instance": 5,
                       "source": "fell unconscious"}).event
    assert (marker.source, marker.by) == ("fell_unconscious", "")
    assert said(marker, "source") == "fell unconscious"
    space = read_old({"type": "ConditionApplied", "target": "aria", "condition": "prone", "instance": 6,
                      "source": "ended its turn in gob1's space"}).event
    assert (space.source, space.by) == ("ended_turn_in_space", "gob1")
    # A spell's countered dice: a code since DiceLeftUnused v3; text the rules never wrote is read as it is.
    countered = read_old({"type": "DiceLeftUnused", "faces": [3], "reason": "the spell was countered"}).event
    assert countered.reason == "the_spell_was_countered"
    for version in (1, 2):
        stranger = read_old({"type": "DiceLeftUnused", "faces": [3], "reason": "a note of the table"}, version).event
        assert stranger.reason == "a note of the table"


def test_massive_damage_of_an_old_log_names_its_numbers_in_fields():
    """Seed 000 Dégâts Massifs, v1 and v2 logs alike: "12 left over ≥ max HP 12" -> over 12, max_hp 12."""
    for version in (1, 2):
        record = read_old({"type": "StatusChanged", "id": "pc", "status": "dead", "hp": 0,
                           "reason": "massive damage: 12 left over ≥ max HP 12"}, version)
        assert (record.v, record.event.reason, record.event.over, record.event.max_hp) == (3, "massive_damage", 12, 12)
    knocked = read_old({"type": "StatusChanged", "id": "pc", "status": "stable", "reason": "knocked out"}, 2).event
    assert knocked.reason == "knocked_out"


def test_pf1_unused_dice_name_the_attack_and_its_target():
    event = read_old({"type": "DiceLeftUnused", "faces": [4, 6], "reason": "attack 2 (longsword): gob1 is dead"}).event
    assert (event.reason, event.count, event.attack, event.by) == ("attack_target_dead", 2, "longsword", "gob1")
    assert reason_text(event.reason, "fr", by="gob1", count=2, attack="longsword") == "attaque 2 (longsword) : gob1 est mort"


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014"])
def test_massive_damage_is_recorded_as_a_code_with_its_numbers_seed000_degats_massifs(run, log, ruleset):
    """Max 12 HP, at 6, 18 damage: 0 HP with 12 left over, equal to the maximum: dead."""
    stats = {"ac": 10, "max_hp": 12, "hp": 6, "speed": 9, "proficiency_bonus": 2,
             "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    ok(run({"do": "create", "ruleset": ruleset, "seed": 3},
           {"do": "add", "id": "pc", "side": "party", "kind": "pc", "stats": stats},
           {"do": "damage", "target": "pc", "type": "fire", "amount": 18}))
    (dead,) = [e for e in events_of(log) if e["type"] == "StatusChanged" and e["status"] == "dead"]
    assert (dead["reason"], dead["over"], dead["max_hp"]) == ("massive_damage", 12, 12)
    assert not any("left over" in str(value) for e in events_of(log) for value in e.values())


def test_every_reason_code_is_said_in_french_and_english():
    """Each code of the table has its message in both catalogs (never the code itself, never an English leftover)."""
    from combatlog.events.reasons import PHRASES, PROSE

    fields = {"by": "aria", "count": 2, "over": 5, "max": 9, "attack": "longsword"}
    for code in [*PROSE, *PHRASES]:
        used = {name: value for name, value in fields.items() if "{" + name + "}" in PROSE.get(code, "")}
        for lang in ("fr", "en"):
            text = reason_text(code, lang, **used)
            assert text != code or code in ("died", "released", "escaped", "incapacitated"), (code, lang)
        if code not in ("dropped_to_0_hp",):  # said as nothing: the dying line says it already
            assert reason_text(code, "fr", **used) != reason_text(code, "en", **used) or code in ("surprised",), code


def test_a_log_line_says_a_condition_end_in_the_readers_language():
    from combatlog.events.conditions import ConditionEnded

    event = ConditionEnded(target="gob1", condition="grappled", instance=3, reason="out_of_reach", by="aria")
    cast = Cast("fr")
    cast.names.update({"gob1": "Gobelin", "aria": "Aria"})
    line = describe(event, "fr", cast)
    assert "hors de l'allonge d'Aria" in line
    assert "out of" not in describe(event, "fr", cast)
    assert from_prose("out of aria's reach") == ("out_of_reach", {"by": "aria"})


def test_an_old_death_save_outcome_is_read_as_its_code_seed000_jets_de_sauvegarde_contre_la_mort():
    """Seed 000: a natural 1 counts two failures, a natural 20 brings back 1 HP; v1 said both in English."""
    two = read_old({"type": "DeathSaveRolled", "id": "pc", "faces": [1], "natural": 1, "successes": 0, "failures": 2,
                    "outcome": "two failures"}).event
    twenty = read_old({"type": "DeathSaveRolled", "id": "pc", "faces": [20], "natural": 20, "successes": 0,
                       "failures": 0, "outcome": "regains 1 HP"}).event
    plain = read_old({"type": "DeathSaveRolled", "id": "pc", "faces": [12], "natural": 12, "successes": 1,
                      "failures": 0, "outcome": "success"}).event
    assert (two.outcome, twenty.outcome, plain.outcome) == ("two_failures", "regains_1_hp", "success")


def test_why_a_condition_had_no_effect_is_a_code_seed003_les_etats_speciaux():
    """Seed 003 Les états spéciaux: « Une créature a un état ou ne l'a pas »: a second instance has no effect."""
    again = read_old({"type": "ConditionApplied", "target": "aria", "condition": "prone", "instance": 7,
                      "no_effect": "already has it"}).event
    immune = read_old({"type": "ConditionApplied", "target": "aria", "condition": "poisoned", "instance": 8,
                       "no_effect": "immune (petrified)"}).event
    assert (again.no_effect, immune.no_effect) == ("already_has_it", "immune_petrified")
