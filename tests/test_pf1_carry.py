"""pf1 `add` with `carry` (INTERFACE.md §7 "Commands" and "Settled details"; issue 21): the combatant joins as it
ended another encounter of the same log: its HP, nonlethal damage and the day's spells spent (seed 004 "Points de
vie" and "Sorts"; the seed is silent on carrying between encounters, §7 settles it). Ongoing spell effects do not
carry (docs/spells.md).

Mira, a 5th-level wizard (tests/test_spells_pf1.py): 20 HP, Int 18 (+4), three 1st-level spells a day."""

import pytest

import combatlog
from combatlog.tools import open_reader, verify_encounter
from tests.pf1_support import GOBLIN, stats
from tests.test_spells_pf1 import MIRA


def of_type(events, kind):
    return [line["body"]["event"] for line in events if line["body"]["event"]["type"] == kind]


def first(tmp_path):
    """Encounter "first": Mira casts burning hands (level 1) on the goblin: DC 10 + 1 + 4 = 15, the goblin rolls
    1 + 0 Ref + 2 Dex = 3 and fails, 5d4 = 5: 30 → 25. Mira then takes 7 fire (20 → 13) and 3 nonlethal."""
    log = combatlog.open_log(str(tmp_path / "campaign.db"))
    enc = log.encounter("first")
    enc.execute({"do": "create", "ruleset": "pf1", "seed": 5})
    enc.execute({"do": "add", "id": "mira", "name": "Mira", "side": "party", "kind": "pc", "stats": MIRA, "at": [0, 0]})
    enc.execute({"do": "add", "id": "gob", "side": "monsters", "kind": "monster", "stats": stats(GOBLIN, max_hp=30),
                 "at": [1, 0]})
    enc.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"],
                 "dice": [1, 1, 1, 1, 1, 1]})
    enc.execute({"do": "damage", "target": "mira", "amount": 7, "type": "fire"})
    enc.execute({"do": "damage", "target": "mira", "amount": 3, "type": "bludgeoning", "nonlethal": True})
    mira = enc.state()["combatants"]["mira"]
    assert (mira["hp"], mira["nonlethal"], mira["spells_per_day"]["1"]) == (13, 3, {"max": 3, "left": 2})
    assert enc.state()["combatants"]["gob"]["hp"] == 25
    return log, enc


def refused(enc, command, *fragments):
    seq = enc.state()["seq"]
    with pytest.raises(combatlog.RuleViolation) as caught:
        enc.execute(command)
    for fragment in fragments:
        assert fragment in caught.value.localized("en"), caught.value.localized("en")
    assert caught.value.localized("fr") != caught.value.localized("en")
    assert enc.state()["seq"] == seq  # nothing appended


def test_a_wizard_carried_into_a_second_encounter_keeps_hp_nonlethal_and_the_days_spells(tmp_path):
    log, first_enc = first(tmp_path)
    second = log.encounter("second")
    second.execute({"do": "create", "ruleset": "pf1", "seed": 9})
    lines = second.execute({"do": "add", "id": "mira", "carry": {"from": "first", "id": "mira"}})
    carried = of_type(lines, "CombatantCarried")[0]
    assert (carried["from_encounter"], carried["from_id"], carried["hp"]) == ("first", "mira", 13)
    assert carried["carried"]["spells_spent"] == {"1": 1}
    mira = second.state()["combatants"]["mira"]
    assert (mira["name"], mira["side"], mira["kind"], mira["hp"], mira["max_hp"], mira["nonlethal"]) == (
        "Mira", "party", "pc", 13, 20, 3)
    assert mira["spells_per_day"]["1"] == {"max": 3, "left": 2}  # 3 a day, 1 spent in "first"
    assert mira["spells_per_day"]["3"] == {"max": 1, "left": 1}
    # a second level-1 spell spends from what is left: 2 → 1
    second.execute({"do": "add", "id": "gob", "side": "monsters", "kind": "monster",
                    "stats": stats(GOBLIN, max_hp=30), "at": [1, 0]})
    second.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"],
                    "dice": [1, 1, 1, 1, 1, 1]})
    assert second.state()["combatants"]["mira"]["spells_per_day"]["1"] == {"max": 3, "left": 1}
    # The log verifies (the re-derived carry reads only this encounter's own events), by the API and the tools.
    second.verify()
    store = open_reader(tmp_path / "campaign.db")
    assert verify_encounter(store, "second") == []
    assert verify_encounter(store, "first") == []
    # "first" going on afterwards changes nothing in "second", reopened from the file.
    first_enc.execute({"do": "heal", "target": "mira", "amount": 7})
    reopened = combatlog.open_log(str(tmp_path / "campaign.db")).encounter("second")
    assert reopened.state()["combatants"]["mira"]["hp"] == 13


def test_undo_of_a_carrying_add_removes_the_combatant(tmp_path):
    log, _ = first(tmp_path)
    second = log.encounter("second")
    second.execute({"do": "create", "ruleset": "pf1", "seed": 9})
    before = {k: v for k, v in second.state().items() if k != "seq"}
    second.execute({"do": "add", "id": "wiz", "side": "heroes", "carry": {"from": "first", "id": "mira"}})
    assert second.state()["combatants"]["wiz"]["side"] == "heroes"  # a side given wins over the carried one
    second.undo()
    assert "wiz" not in second.state()["combatants"]
    assert {k: v for k, v in second.state().items() if k != "seq"} == before
    second.verify()


def test_carry_refusals_name_what_is_wrong_and_append_nothing(tmp_path):
    log, first_enc = first(tmp_path)
    first_enc.execute({"do": "damage", "target": "gob", "amount": 40, "type": "fire"})  # 25 - 40 = -15: dead (Con 12)
    assert first_enc.state()["combatants"]["gob"]["status"] == "dead"
    second = log.encounter("second")
    second.execute({"do": "create", "ruleset": "pf1", "seed": 9})
    refused(second, {"do": "add", "id": "mira", "carry": {"from": "nowhere", "id": "mira"}},
            "no other encounter named 'nowhere'")
    refused(second, {"do": "add", "id": "mira", "carry": {"from": "first", "id": "zed"}}, "no combatant 'zed'",
            "mira, gob")
    refused(second, {"do": "add", "id": "gob", "carry": {"from": "first", "id": "gob"}}, "'gob' is dead")
    refused(second, {"do": "add", "id": "mira", "carry": {"from": "first", "id": "mira"}, "stats": MIRA},
            "give no `stats` or `template`")
    refused(second, {"do": "add", "id": "mira", "carry": {"from": "first", "id": "mira"}, "template": "goblin"},
            "give no `stats` or `template`")
    refused(second, {"do": "add", "id": "bob", "kind": "pc", "stats": MIRA}, "bob needs a `side`")
    town = log.encounter("town")
    town.execute({"do": "create", "ruleset": "dnd5e-2014", "seed": 1})
    refused(town, {"do": "add", "id": "mira", "carry": {"from": "first", "id": "mira"}}, "plays pf1")
    refused(second, {"do": "add", "id": "aria", "carry": {"from": "town", "id": "aria"}}, "plays dnd5e-2014")
