"""The version of the pf1 rules an encounter is played under (issue 23's fixes came after logs were written).

`fixtures/logs/before_pf1_rules_versions/pf1_fight.jsonl` was written by the build before the issue 23 rules from
`pf1_fight.script.jsonl`: aid another on AC, a trip that takes the attack of opportunity's damage, a trip on an
unconscious goblin, an escape from a grappler. It records no rules version, so it re-derives under the original
rules and verifies clean; the same script in a new encounter is played under the fixed rules.

Numbers (pf1_support): Bob (Aria's stat block) AC 21, CMB 6; Aria CMD 19, grappled 17 (−4 Dex) under the fixes;
the goblin (claws) CMD 12 once it has acted; the unconscious goblin 2 CMD 12.
"""

import json
import shutil
from pathlib import Path

import msgspec
import pytest
from support import events_of, ok, rejected

from combatlog.cli.main import main as cli_main
from combatlog.core.rulesets.pf1 import decide
from combatlog.core.rulesets.pf1 import events as e
from combatlog.core.rulesets.pf1.state import AID_AND_MANEUVER_FIXES, CURRENT_RULES, ORIGINAL_RULES, Pf1State
from combatlog.events.meta import EncounterCreated
from conftest import state_of

HERE = Path(__file__).resolve().parent.parent / "fixtures" / "logs" / "before_pf1_rules_versions"
OLD_LOG = HERE / "pf1_fight.jsonl"
SCRIPT = [json.loads(line) for line in (HERE / "pf1_fight.script.jsonl").read_text(encoding="utf-8").splitlines()]


def verified(log, capsys) -> str:
    capsys.readouterr()
    code = cli_main(["verify", str(log)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "every command re-derived identically" in out.out
    return out.out


def outcomes(log) -> dict:
    """What each of the four rules decided in the fight, read from its events."""
    events = events_of(log)
    attacks = [x for x in events if x["type"] == "Pf1AttackRolled"]
    maneuvers = [x for x in events if x["type"] == "Pf1ManeuverRolled"]
    escape = [x for x in events if x["type"] == "Pf1CheckRolled" and x["purpose"] == "escape"][-1]
    ended = [x for x in events if x["type"] == "Pf1EffectEnded" and x["effect"] == "aid_ac"]
    chosen = [x for x in events if x["type"] == "Pf1RulesChosen"]
    return {
        "rules": chosen[0].get("rules", ORIGINAL_RULES) if chosen else ORIGINAL_RULES,
        # the goblin's claw and bite on Bob, then its attack of opportunity on Bob
        "ac": [x["ac"] for x in attacks],
        "aid_ended": len(ended),
        # the trip on the unconscious goblin 2, Bob's trip, Aria's grapple
        "maneuvers": [(x["d20"], x["total"], x["cmd"], x["success"], x.get("automatic", ""), x.get("modifiers", []))
                      for x in maneuvers],
        "escape": (escape["total"], escape["dc"], escape["success"]),
    }


ORIGINAL_OUTCOMES = {
    "rules": ORIGINAL_RULES,
    "ac": [23, 23, 23],  # the aid's +2 AC is never spent and never lapses
    "aid_ended": 0,
    "maneuvers": [(1, 7, 12, False, "", []),  # a natural 1 fails, unconscious or not
                  (8, 14, 12, True, "", []),  # the 3 damage of the attack of opportunity costs nothing
                  (10, 16, 12, True, "", [])],
    "escape": (17, 19, False),  # Aria's CMD counts her full Dex while grappled
}
FIXED_OUTCOMES = {
    "rules": AID_AND_MANEUVER_FIXES,
    "ac": [23, 21, 21],  # the claw spends the aid; the bite and the attack of opportunity face AC 21
    "aid_ended": 1,
    "maneuvers": [(1, 7, 12, True, "unconscious", []),
                  (8, 11, 12, False, "", [{"label": "aoo_damage", "value": -3}]),
                  (10, 16, 12, True, "", [])],
    "escape": (17, 17, True),  # grappled: Dex 14 − 4 = 10, CMD 19 − 2 = 17
}


def test_a_log_written_before_rules_versions_verifies_and_replays_to_its_outcomes(tmp_path, capsys):
    log = tmp_path / "old.jsonl"
    shutil.copy(OLD_LOG, log)
    verified(log, capsys)
    assert outcomes(log) == ORIGINAL_OUTCOMES
    state = state_of(log)
    assert state == json.loads((HERE / "pf1_fight.state.json").read_text(encoding="utf-8"))
    gob = state["combatants"]["gob"]
    assert "grappled" in gob["conditions"] and "prone" in gob["conditions"]  # tripped, and never escaped
    assert "prone" not in state["combatants"]["gob2"]["conditions"] and "aid_ac" in state["combatants"]["bob"]["effects"]
    assert [r["body"]["event"]["command"] for r in map(json.loads, OLD_LOG.read_text().splitlines())
            if r["body"]["event"]["type"] == "CommandIssued"] == SCRIPT
    assert log.read_bytes() == OLD_LOG.read_bytes()


def test_an_old_log_is_continued_under_its_own_rules(tmp_path, run, capsys):
    """Commands appended to an old log are decided under the rules it was played under, and it still verifies."""
    log = tmp_path / "old.jsonl"
    shutil.copy(OLD_LOG, log)
    script = tmp_path / "more.jsonl"
    # goblin 2's turn ends; round 4: Aria, still grappled by the goblin under the original rules, ends her turn;
    # Bob trips the unconscious goblin 2 with a natural 1: no automatic success
    more = [{"do": "end_turn"}, {"do": "end_turn"},
            {"do": "maneuver", "attacker": "bob", "target": "gob2", "maneuver": "trip", "dice": [1]}]
    script.write_text("".join(json.dumps(c) + "\n" for c in more), encoding="utf-8")
    assert cli_main(["run", str(script), "--log", str(log), "--quiet"]) == 0
    rolled = [x for x in events_of(log) if x["type"] == "Pf1ManeuverRolled"][-1]
    assert (rolled["target"], rolled["success"], rolled["automatic"]) == ("gob2", False, "")
    verified(log, capsys)


def test_the_same_script_in_a_new_encounter_gets_the_fixed_rules(run, log, capsys):
    doc = ok(run(*SCRIPT))
    assert outcomes(log) == FIXED_OUTCOMES
    assert [x for x in events_of(log) if x["type"] == "Pf1RulesChosen"] == [
        {"type": "Pf1RulesChosen", "massive_damage": False, "rules": CURRENT_RULES}]
    assert "grappled" not in doc["combatants"]["gob"]["conditions"] and "prone" not in doc["combatants"]["gob"]["conditions"]
    assert "prone" in doc["combatants"]["gob2"]["conditions"] and "aid_ac" not in doc["combatants"]["bob"]["effects"]
    verified(log, capsys)


def test_a_fight_played_through_the_engine_under_the_original_rules_is_the_old_log(run, log, capsys, monkeypatch):
    """With the version forced to the original one (what `create` chose before versions), the engine writes the
    old log's events again, records no version, and the log verifies under today's rules."""
    monkeypatch.setattr(decide, "CURRENT_RULES", ORIGINAL_RULES)
    ok(run(*SCRIPT))
    monkeypatch.undo()
    assert outcomes(log) == ORIGINAL_OUTCOMES
    assert not [x for x in events_of(log) if x["type"] == "Pf1RulesChosen"]
    capsys.readouterr()
    assert cli_main(["log", str(log)]) == 0
    lines = capsys.readouterr().out
    assert cli_main(["log", str(OLD_LOG)]) == 0
    assert lines == capsys.readouterr().out  # word for word the log the old build wrote
    verified(log, capsys)


def test_create_can_name_the_rules_version(run, log, capsys):
    """`rules`: 0, the original rules (recorded as a log before versions records them: nothing), or 1."""
    ok(run({**SCRIPT[0], "rules": ORIGINAL_RULES}, *SCRIPT[1:]))
    assert outcomes(log) == ORIGINAL_OUTCOMES
    verified(log, capsys)
    rejected(run({"do": "create", "ruleset": "pf1", "rules": 2}), "rules")


def test_the_version_and_the_massive_damage_option_share_their_event(run, log, capsys):
    ok(run({"do": "create", "ruleset": "pf1", "seed": 7, "massive_damage": True}))
    assert [x for x in events_of(log) if x["type"] == "Pf1RulesChosen"] == [
        {"type": "Pf1RulesChosen", "massive_damage": True, "rules": CURRENT_RULES}]
    verified(log, capsys)


def test_old_events_decode_with_the_original_rules():
    """A Pf1RulesChosen written before versions (massive damage only) and a state snapshot without `rules`."""
    chosen = msgspec.json.decode(b'{"type": "Pf1RulesChosen", "massive_damage": true}', type=e.Pf1RulesChosen)
    assert chosen.rules == ORIGINAL_RULES
    state = msgspec.json.decode(b'{"state_of": "pf1", "seed": "7"}', type=Pf1State)
    assert state.rules == ORIGINAL_RULES and not state.aid_and_maneuver_fixes
    assert Pf1State(rules=CURRENT_RULES).aid_and_maneuver_fixes


@pytest.mark.parametrize(("recorded", "version"), [
    (None, CURRENT_RULES),  # a new create
    ((EncounterCreated(ruleset="pf1", seed="7"),), ORIGINAL_RULES),  # a logged create without a version
    ((EncounterCreated(ruleset="pf1", seed="7"), e.Pf1RulesChosen(massive_damage=True)), ORIGINAL_RULES),
    ((EncounterCreated(ruleset="pf1", seed="7"), e.Pf1RulesChosen(rules=1)), AID_AND_MANEUVER_FIXES),
    ((), CURRENT_RULES),  # a create cut before its EncounterCreated (repair): what the rules write now
])
def test_which_version_a_create_plays_under(recorded, version):
    assert decide.recorded_rules(recorded) == version


def test_an_old_log_holding_only_its_create_is_whole(tmp_path, capsys):
    """`repair` re-runs the last command: the old create must not look cut short (today's has one event more)."""
    log = tmp_path / "created.jsonl"
    log.write_text("".join(OLD_LOG.read_text(encoding="utf-8").splitlines(keepends=True)[:2]), encoding="utf-8")
    before = log.read_bytes()
    assert cli_main(["repair", str(log)]) == 0
    assert log.read_bytes() == before
    verified(log, capsys)
