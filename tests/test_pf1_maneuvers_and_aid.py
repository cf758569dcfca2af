"""Issue 23, the Pathfinder rules: combat maneuvers hurt by the attack of opportunity they provoke, maneuvers against
helpless targets, the grappled creature's CMD, and how long aid another lasts. PRD sections cited (seed 004 is silent);
numbers worked by hand from the stat blocks of pf1_support:

- Aria: BAB 3, Str 16 (+3), Dex 14 (+2), dodge 1, Medium. CMB 3 + 3 = 6; CMD 10 + 3 + 3 + 2 + 1 = 19. AC 21.
- Goblin: BAB 1, Str 11 (+0), Dex 15 (+2), Small (special size −1). CMB 1 + 0 − 1 = 0; CMD 10 + 1 + 0 + 2 − 1 = 12,
  flat-footed 10. Shortsword +2 (BAB 1 + Str 0 + size 1), 1d4.
"""

from pf1_support import ARIA, GOBLIN, duel, stats
from support import events_of, last, ok

from combatlog.cli.main import main as cli_main


def lines(log, capsys, lang: str) -> str:
    """What `combatlog log --lang` prints."""
    capsys.readouterr()
    assert cli_main(["log", str(log), "--lang", lang]) == 0
    return capsys.readouterr().out


def transcript(log, tmp_path, lang: str) -> str:
    out = tmp_path / f"transcript.{lang}.md"
    assert cli_main(["export", str(log), "--format", "md", "--lang", lang, "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def trip(dice, attacker="aria", target="gob"):
    return {"do": "maneuver", "attacker": attacker, "target": target, "maneuver": "trip", "dice": dice}


# ----------------------------------------------------------------------------- 1. the attack of opportunity's damage
def test_damage_from_the_attack_of_opportunity_is_a_penalty_on_the_maneuver_check(run, log, capsys, tmp_path):
    """PRD Combat Maneuvers: "If you take damage from the attack of opportunity, that damage is a penalty on your
    combat maneuver check". The goblin acts first, so it is not flat-footed and answers Aria's trip."""
    ok(run(*duel(aria_init=10, gob_init=15), {"do": "end_turn"}))
    doc = ok(run(trip([8])))
    assert doc["window"]["reactors"] == ["gob"]
    # the goblin's attack of opportunity: natural 20 hits, confirmation 1 fails, 1d4 = 4: Aria 22 -> 18
    doc = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [20, 1, 4]}))
    assert doc["combatants"]["aria"]["hp"] == 18
    # the trip: d20 8 + CMB 6 − 4 = 10 < CMD 12 (without the penalty, 14 would have tripped the goblin)
    rolled = last(log, "Pf1ManeuverRolled")
    assert (rolled["d20"], rolled["cmb"], rolled["total"], rolled["cmd"], rolled["success"]) == (8, 6, 10, 12, False)
    assert rolled["modifiers"] == [{"label": "aoo_damage", "value": -4}] and rolled["automatic"] == ""
    assert "prone" not in doc["combatants"]["gob"]["conditions"]
    assert "prone" not in doc["combatants"]["aria"]["conditions"]  # failed by 2, not by 10
    # the labelled modifier in the log line and in the transcript, in both languages
    en = "d20 8 + CMB 6 − 4 (damage from the attack of opportunity) = 10 vs CMD 12 → failure"
    fr = "d20 8 + BMO 6 − 4 (dégâts de l'attaque d'opportunité) = 10 contre DMD 12 → ratée"
    assert en in lines(log, capsys, "en") and fr in lines(log, capsys, "fr")
    assert en in transcript(log, tmp_path, "en") and fr in transcript(log, tmp_path, "fr")


def test_a_missed_or_passed_attack_of_opportunity_costs_the_maneuver_nothing(run, log):
    ok(run(*duel(aria_init=10, gob_init=15), {"do": "end_turn"}, trip([6])))
    # the goblin misses: 2 + 2 = 4 vs AC 21; the trip: 6 + 6 = 12 >= CMD 12
    doc = ok(run({"do": "react", "id": "gob", "with": "opportunity_attack", "dice": [2]}))
    rolled = last(log, "Pf1ManeuverRolled")
    assert (rolled["total"], rolled["modifiers"], rolled["success"]) == (12, [], True)
    assert "prone" in doc["combatants"]["gob"]["conditions"]


def test_only_the_damage_of_this_window_counts(run, log):
    """Damage taken earlier (a DM's damage before the trip) is no penalty on the check."""
    ok(run(*duel(aria_init=10, gob_init=15), {"do": "end_turn"}))
    ok(run({"do": "damage", "targets": ["aria"], "amount": 5, "type": "fire"}))
    ok(run(trip([6]), {"do": "pass", "id": "gob"}))
    rolled = last(log, "Pf1ManeuverRolled")
    assert (rolled["total"], rolled["modifiers"], rolled["success"]) == (12, [], True)


# ----------------------------------------------------------------------------- 2. helpless targets
def test_a_maneuver_against_an_unconscious_target_succeeds_whatever_the_d20(run, log, capsys):
    """PRD Combat Maneuvers: "If the target is immobilized, unconscious, or otherwise helpless, your maneuver
    automatically succeeds (treat as if you rolled a natural 20)". The d20 is still rolled and recorded."""
    ok(run(*duel(), {"do": "condition", "target": "gob", "add": "unconscious"}))
    # natural 1: 1 + 6 = 7 vs flat-footed CMD 10, yet the trip succeeds; an unconscious goblin provokes nothing
    doc = ok(run(trip([1])))
    rolled = last(log, "Pf1ManeuverRolled")
    assert (rolled["d20"], rolled["total"], rolled["cmd"], rolled["success"]) == (1, 7, 10, True)
    assert rolled["automatic"] == "unconscious"
    assert "prone" in doc["combatants"]["gob"]["conditions"] and doc["window"] is None
    assert "d20 1 + CMB 6 = 7 vs CMD 10 → automatic success (the target is unconscious: as a natural 20)" \
        in lines(log, capsys, "en")
    assert "d20 1 + BMO 6 = 7 contre DMD 10 → réussie d'office (cible inconsciente : comme un 20 naturel)" \
        in lines(log, capsys, "fr")


def test_paralyzed_and_helpless_targets_name_their_reason(run, log, capsys):
    ok(run(*duel(), {"do": "condition", "target": "gob", "add": "paralyzed"}))
    ok(run(trip([2])))  # 2 + 6 = 8 < 10
    assert (last(log, "Pf1ManeuverRolled")["success"], last(log, "Pf1ManeuverRolled")["automatic"]) == (True, "paralyzed")
    ok(run({"do": "end_turn"}, {"do": "end_turn"}, {"do": "condition", "target": "gob", "remove": "paralyzed"},
           {"do": "condition", "target": "gob", "remove": "prone"}, {"do": "condition", "target": "gob", "add": "helpless"}))
    ok(run(trip([2])))  # the goblin has acted: CMD 12; 8 < 12
    rolled = last(log, "Pf1ManeuverRolled")
    assert (rolled["cmd"], rolled["success"], rolled["automatic"]) == (12, True, "helpless")
    assert "réussie d'office (cible sans défense : comme un 20 naturel)" in lines(log, capsys, "fr")


def test_a_bull_rush_on_a_helpless_target_counts_a_natural_20_for_the_distance(run, log):
    """PRD Bull Rush: 1.5 m, plus 1.5 m per 5 points by which the check exceeds CMD. As a natural 20:
    20 + 6 = 26 vs flat-footed CMD 10, margin 16: 1 + 3 = 4 squares, from [1, 0] to [5, 0]."""
    ok(run(*duel(), {"do": "condition", "target": "gob", "add": "unconscious"}))
    doc = ok(run({"do": "shove", "attacker": "aria", "target": "gob", "effect": "push", "dice": [1]}))
    assert last(log, "Pf1ManeuverRolled")["success"] is True
    assert doc["combatants"]["gob"]["position"] == [5, 0]


def test_a_target_that_can_act_is_still_rolled_against(run, log):
    ok(run(*duel(), {"do": "condition", "target": "gob", "add": "prone"}))
    ok(run(trip([1])))  # a natural 1 fails
    rolled = last(log, "Pf1ManeuverRolled")
    assert (rolled["success"], rolled["automatic"]) == (False, "")


# ----------------------------------------------------------------------------- 3. the grappled creature's CMD
def test_grappled_lowers_cmd_by_its_minus_four_dex_and_escape_faces_it(run, log):
    """PRD Grappled: −4 Dex; CMD counts the Dex modifier (PRD Combat Maneuvers), as AC does."""
    ok(run(*duel()))
    # 5 + 6 = 11 vs the goblin's flat-footed CMD 10: both grappled
    doc = ok(run({"do": "grapple", "attacker": "aria", "target": "gob", "dice": [5]}))
    # Aria: Dex 14 − 4 = 10 (+0): CMD 10 + 3 + 3 + 0 + 1 = 17 (AC 21 − 2 = 19)
    # goblin: Dex 15 − 4 = 11 (+0): CMD 10 + 1 + 0 + 0 − 1 = 10 (AC 16 − 2 = 14)
    aria, gob = doc["combatants"]["aria"], doc["combatants"]["gob"]
    assert (aria["cmd"], aria["ac"]) == (17, 19) and (gob["cmd"], gob["ac"]) == (10, 14)
    # the goblin's escape: CMB 0 (no −2 to escape a grapple); 17 + 0 = 17 >= 17 (against 19 it would fail)
    ok(run({"do": "end_turn"}))
    doc = ok(run({"do": "escape", "id": "gob", "dice": [17]}))
    check = last(log, "Pf1CheckRolled")
    assert (check["total"], check["dc"], check["success"]) == (17, 17, True)
    assert "grappled" not in doc["combatants"]["gob"]["conditions"]
    assert doc["combatants"]["aria"]["cmd"] == 19 and doc["combatants"]["gob"]["cmd"] == 12


def test_a_given_cmd_is_lowered_too_and_entangled_does_the_same(run):
    ok(run(*duel(gob=stats(GOBLIN, cmd=15))))
    # the goblin's flat-footed CMD 15 − 2 = 13: 10 + 6 = 16 grapples it; grappled: Dex +2 -> +0, CMD 15 − 2 = 13
    doc = ok(run({"do": "grapple", "attacker": "aria", "target": "gob", "dice": [10]}))
    assert doc["combatants"]["gob"]["cmd"] == 13
    # entangled: −4 Dex as well (PRD Entangled): Aria, no longer grappled, CMD 17
    ok(run({"do": "condition", "target": "aria", "remove": "grappled"}))
    doc = ok(run({"do": "condition", "target": "aria", "add": "entangled"}))
    assert doc["combatants"]["aria"]["cmd"] == 17


# ----------------------------------------------------------------------------- 4. aid another: next attack, one turn
def bob(at=(0, 1)):
    return {"do": "add", "id": "bob", "name": "Bob", "side": "party", "stats": ARIA, "at": list(at)}


def trio(gob=None):
    """Aria (15), Bob (12), the goblin (10): Aria helps Bob against the goblin."""
    return (*duel(gob=gob, extra=[bob()])[:-1], {"do": "initiative", "id": "bob", "value": 12}, {"do": "start"})


def aid(on, dice=(4,)):
    # PRD Aid Another: d20 4 + 6 = 10 against AC 10
    return {"do": "action", "id": "aria", "action": "aid_another", "target": "gob", "ally": "bob", "on": on,
            "dice": list(dice)}


CLAWS = stats(GOBLIN, attacks=[
    {"id": "claw", "kind": "melee", "natural": True, "damage": [{"roll": "1d3", "type": "slashing"}]},
    {"id": "bite", "kind": "melee", "natural": True, "damage": [{"roll": "1d4", "type": "piercing"}]}])


def test_aid_on_ac_counts_against_the_targets_next_attack_only(run, log):
    """PRD Aid Another: "+2 bonus to AC against that opponent's next attack". The goblin's full attack, claw then
    bite, on Bob (AC 21, he has acted): the claw faces 23, the bite 21."""
    ok(run(*trio(CLAWS), aid("ac"), {"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "full_attack", "attacker": "gob", "target": "bob", "dice": [1, 1]}))
    assert [r["ac"] for r in events_of(log) if r["type"] == "Pf1AttackRolled"] == [23, 21]
    assert "aid_ac" not in doc["combatants"]["bob"]["effects"]
    # undo the full attack: the aid is back, and the next attack faces 23 again
    doc = ok(run({"do": "undo"}))
    assert "aid_ac" in doc["combatants"]["bob"]["effects"]
    ok(run({"do": "attack", "attacker": "gob", "target": "bob", "with": "claw", "dice": [1]}))
    assert last(log, "Pf1AttackRolled")["ac"] == 23


def test_aid_on_ac_is_not_spent_by_an_attack_on_someone_else(run, log):
    ok(run(*trio(CLAWS), aid("ac"), {"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "attack", "attacker": "gob", "target": "aria", "with": "claw", "dice": [1]}))
    assert "aid_ac" in doc["combatants"]["bob"]["effects"]


def test_aid_on_attack_lapses_at_the_start_of_the_helpers_next_turn(run, log, capsys):
    """PRD Aid Another: "as long as that attack comes before the beginning of your next turn"."""
    ok(run(*trio(), aid("attack")))
    doc = ok(run({"do": "end_turn"}, {"do": "end_turn"}))  # Bob does not attack; the goblin's turn
    assert doc["turn"] == "gob" and "aid_attack" in doc["combatants"]["bob"]["effects"]
    doc = ok(run({"do": "end_turn"}))  # round 2: Aria's turn begins
    assert (doc["round"], doc["turn"]) == (2, "aria") and "aid_attack" not in doc["combatants"]["bob"]["effects"]
    assert "Bob: the aid (attack) ends" in lines(log, capsys, "en")
    assert "Bob : fin de l'aide (attaque)" in lines(log, capsys, "fr")
    # undo that end_turn: the aid is back; Bob's attack in round 2 gets no +2 once it has lapsed
    doc = ok(run({"do": "undo"}))
    assert doc["turn"] == "gob" and "aid_attack" in doc["combatants"]["bob"]["effects"]
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    ok(run({"do": "attack", "attacker": "bob", "target": "gob", "with": "longsword", "dice": [1]}))
    assert {"label": "aid_another", "value": 2} not in last(log, "Pf1AttackRolled")["modifiers"]


def test_aid_on_ac_lapses_at_the_start_of_the_helpers_next_turn(run, log):
    ok(run(*trio(), aid("ac"), {"do": "end_turn"}, {"do": "end_turn"}))
    doc = ok(run({"do": "end_turn"}))  # the goblin did not attack Bob; Aria's turn begins
    assert "aid_ac" not in doc["combatants"]["bob"]["effects"]
    ok(run({"do": "end_turn"}, {"do": "end_turn"}))
    ok(run({"do": "attack", "attacker": "gob", "target": "bob", "with": "shortsword", "dice": [1]}))
    assert last(log, "Pf1AttackRolled")["ac"] == 21


def test_aid_on_attack_used_once(run, log):
    """The +2 on Bob's next attack roll against the goblin, spent by that attack (and restored by undo)."""
    ok(run(*trio(), aid("attack"), {"do": "end_turn"}))
    doc = ok(run({"do": "attack", "attacker": "bob", "target": "gob", "with": "longsword", "dice": [1]}))
    assert {"label": "aid_another", "value": 2} in last(log, "Pf1AttackRolled")["modifiers"]
    assert "aid_attack" not in doc["combatants"]["bob"]["effects"]
    doc = ok(run({"do": "undo"}))
    assert "aid_attack" in doc["combatants"]["bob"]["effects"]
