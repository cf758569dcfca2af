"""Rests and carrying a combatant between encounters (INTERFACE.md §7). The seeds do not cover rests; the rules
are SRD 5.1/5.2's "Short Rest" and "Long Rest" (all hit points back, exhaustion lowered by one; a creature at
0 hit points gains nothing, per §7) as §7 settles them."""

import combatlog
from resources_support import Fight, dragon_stats, of_type, pc_stats

CHANNEL = [{"id": "channel", "max": 1, "per": "short_rest"}, {"id": "second-wind", "max": 2}]


def test_a_long_rest_restores_hit_points_and_every_use_and_lowers_exhaustion_by_one(tmp_path):
    fight = Fight(tmp_path / "rest.db", "dnd5e-2014")
    attacks = [{"id": use, "kind": "melee", "to_hit": 5, "uses": use, "damage": [{"roll": "1d4", "type": "bludgeoning"}]}
               for use in ("channel", "second-wind")]
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats(uses=CHANNEL, attacks=attacks)})
    fight.do({"do": "add", "id": "bruno", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "gob", "side": "foes", "kind": "monster", "stats": pc_stats(ac=10, max_hp=200)})
    for cid, value in (("aria", 15), ("bruno", 12), ("gob", 10)):
        fight.do({"do": "initiative", "id": cid, "value": value})
    fight.do({"do": "start"})
    fight.do({"do": "attack", "attacker": "aria", "target": "gob", "with": "channel", "dice": [1]})
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    fight.do({"do": "attack", "attacker": "aria", "target": "gob", "with": "second-wind", "dice": [1]})
    fight.do({"do": "damage", "target": "aria", "amount": 37, "type": "cold"})
    fight.do({"do": "damage", "target": "bruno", "amount": 60, "type": "cold"})
    fight.do({"do": "condition", "target": "aria", "add": "exhaustion", "level": 2})
    fight.refused({"do": "rest", "kind": "long"}, "nobody rests in the middle of a fight", "phase turn")
    fight.do({"do": "end"})
    aria = fight.creature("aria")
    assert (aria["hp"], aria["exhaustion"], aria["uses"]) == (
        23, 2, {"channel": {"max": 1, "left": 0}, "second-wind": {"max": 2, "left": 1}})
    events = fight.do({"do": "rest", "kind": "long"})  # every PC by default: aria and bruno
    assert of_type(events, "RestTaken")[0]["ids"] == ["aria", "bruno"]
    assert of_type(events, "RestTaken")[0]["gained_nothing"] == ["bruno"]  # at 0 HP: nothing (§7)
    aria = fight.creature("aria")
    assert (aria["hp"], aria["exhaustion"]) == (60, 1)
    assert aria["uses"] == {"channel": {"max": 1, "left": 1}, "second-wind": {"max": 2, "left": 2}}
    assert fight.creature("bruno")["hp"] == 0
    fight.do({"do": "rest", "kind": "long", "ids": ["aria"]})
    assert fight.creature("aria")["exhaustion"] == 0


def test_a_short_rest_restores_only_the_short_rest_uses(tmp_path):
    fight = Fight(tmp_path / "rest.db", "dnd5e-2024")
    attacks = [{"id": use, "kind": "melee", "to_hit": 5, "uses": use, "damage": [{"roll": "1d4", "type": "bludgeoning"}]}
               for use in ("channel", "second-wind")]
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats(uses=CHANNEL, attacks=attacks)})
    fight.do({"do": "add", "id": "gob", "side": "foes", "kind": "monster", "stats": pc_stats(ac=10, max_hp=200)})
    fight.do({"do": "initiative", "id": "aria", "value": 15})
    fight.do({"do": "initiative", "id": "gob", "value": 10})
    fight.do({"do": "start"})
    fight.do({"do": "attack", "attacker": "aria", "target": "gob", "with": "channel", "dice": [1]})
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    fight.do({"do": "attack", "attacker": "aria", "target": "gob", "with": "second-wind", "dice": [1]})
    fight.do({"do": "damage", "target": "aria", "amount": 10, "type": "cold"})
    fight.do({"do": "end"})
    fight.do({"do": "rest", "kind": "short", "ids": ["aria", "gob"]})
    aria = fight.creature("aria")
    assert aria["uses"] == {"channel": {"max": 1, "left": 1}, "second-wind": {"max": 2, "left": 1}}
    assert aria["hp"] == 50  # hit dice are spent with `heal`
    fight.refused({"do": "rest", "kind": "nap"}, "a rest is `short` or `long`, not 'nap'")
    fight.refused({"do": "rest", "kind": "long", "ids": ["zed"]}, "zed")


def test_a_rest_before_start_and_undo_of_a_rest(tmp_path):
    fight = Fight(tmp_path / "rest.db", "rolenplay")
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats(hp=20)})
    before = fight.state()
    fight.do({"do": "rest", "kind": "long"})
    assert fight.creature("aria")["hp"] == 60
    fight.enc.undo()
    assert {**fight.state(), "seq": None} == {**before, "seq": None}


# ------------------------------------------------------------------------------------------------ carry
def first_encounter(tmp_path):
    """Encounter "cave": aria ends it at 23 HP with 4 temp HP, exhaustion 1, channel spent; the dragon's legendary
    resistance once spent."""
    log = combatlog.open_log(tmp_path / "campaign.db")
    cave = Fight(None, "dnd5e-2014", name="cave", log=log)
    attacks = [{"id": "channel", "kind": "melee", "to_hit": 5, "uses": "channel", "damage": [{"roll": "1d4", "type": "bludgeoning"}]}]
    cave.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats(uses=CHANNEL, attacks=attacks)})
    cave.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats(lair_actions=False)})
    cave.do({"do": "initiative", "id": "aria", "value": 15})
    cave.do({"do": "initiative", "id": "dragon", "value": 10})
    cave.do({"do": "start"})
    cave.do({"do": "attack", "attacker": "aria", "target": "dragon", "with": "channel", "dice": [1]})
    cave.do({"do": "damage", "target": "aria", "amount": 37, "type": "fire"})
    cave.do({"do": "temp_hp", "target": "aria", "amount": 4})
    cave.do({"do": "condition", "target": "aria", "add": "exhaustion"})
    cave.do({"do": "save", "id": "dragon", "ability": "con", "dc": 30, "legendary_resistance": ["dragon"], "dice": [1]})
    cave.do({"do": "end"})
    return log, cave


def test_a_pc_carried_into_a_second_encounter_keeps_its_hp_uses_and_exhaustion(tmp_path):
    log, cave = first_encounter(tmp_path)
    lair = Fight(None, "dnd5e-2014", name="lair", log=log)
    events = lair.do({"do": "add", "id": "aria", "carry": {"from": "cave", "id": "aria"}})
    carried = of_type(events, "CombatantCarried")[0]
    assert (carried["from_encounter"], carried["hp"], carried["temp_hp"], carried["exhaustion"]) == ("cave", 23, 4, 1)
    aria = lair.creature("aria")
    assert (aria["hp"], aria["max_hp"], aria["temp_hp"], aria["exhaustion"], aria["side"], aria["kind"]) == (
        23, 60, 4, 1, "party", "pc")
    assert aria["uses"]["channel"] == {"max": 1, "left": 0}
    lair.do({"do": "add", "id": "wyrm", "side": "dragons", "carry": {"from": "cave", "id": "dragon"}})
    assert lair.creature("wyrm")["legendary_resistance"] == {"max": 3, "left": 2}
    # What was carried is in this encounter's own log: its replay and its verification never read "cave".
    lair.enc.verify()
    reopened = combatlog.open_log(tmp_path / "campaign.db").encounter("lair")
    assert reopened.state() == lair.state()
    # The other encounter going on afterwards changes nothing here.
    cave.do({"do": "rest", "kind": "long"})
    assert combatlog.open_log(tmp_path / "campaign.db").encounter("lair").state()["combatants"]["aria"]["hp"] == 23


def test_carrying_from_a_missing_encounter_or_combatant_is_refused(tmp_path):
    log, cave = first_encounter(tmp_path)
    lair = Fight(None, "dnd5e-2014", name="lair", log=log)
    lair.refused({"do": "add", "id": "aria", "carry": {"from": "nowhere", "id": "aria"}},
                 "this log has no other encounter named 'nowhere'")
    lair.refused({"do": "add", "id": "aria", "carry": {"from": "cave", "id": "zed"}}, "no combatant 'zed'",
                 "aria, dragon")
    lair.refused({"do": "add", "id": "aria", "carry": {"from": "cave", "id": "aria"}, "stats": pc_stats()},
                 "give no `stats` or `template`")
    other = Fight(None, "dnd5e-2024", name="town", log=log)
    other.refused({"do": "add", "id": "aria", "carry": {"from": "cave", "id": "aria"}}, "plays dnd5e-2014")
    lair.refused({"do": "add", "id": "bob", "kind": "pc", "stats": pc_stats()}, "bob needs a `side`")


def test_a_long_rest_ends_temporary_hit_points_and_gives_legendary_actions_back(tmp_path):
    fight = Fight(tmp_path / "rest.db", "dnd5e-2014")
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "bruno", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats(lair_actions=False)})
    for cid, value in (("aria", 15), ("bruno", 12), ("dragon", 10)):
        fight.do({"do": "initiative", "id": cid, "value": value})
    fight.do({"do": "start"})
    fight.do({"do": "temp_hp", "target": "aria", "amount": 5})
    fight.do({"do": "end_turn"})
    fight.do({"do": "legendary", "id": "dragon", "action": "detect"})
    fight.do({"do": "end"})
    assert (fight.creature("aria")["temp_hp"], fight.creature("dragon")["legendary_actions"]["left"]) == (5, 2)
    # SRD 5.1 "Temporary Hit Points": they last until depleted or a long rest; a short rest leaves them.
    fight.do({"do": "rest", "kind": "short", "ids": ["aria"]})
    assert fight.creature("aria")["temp_hp"] == 5
    events = fight.do({"do": "rest", "kind": "long", "ids": ["aria", "dragon"]})
    assert [(e["target"], e["hp_after"], e["temp_hp_lost"]) for e in of_type(events, "RestedHitPoints")] == [("aria", 60, 5)]
    assert fight.creature("aria")["temp_hp"] == 0
    assert fight.creature("dragon")["legendary_actions"] == {"max": 3, "left": 3}


def test_a_monster_carried_in_rolenplay_keeps_its_kind_and_joins_its_type_group(tmp_path):
    log = combatlog.open_log(tmp_path / "campaign.db")
    ford = Fight(None, "rolenplay", name="ford", log=log)
    ford.do({"do": "add", "id": "wolf", "side": "wolves", "kind": "monster", "stats": pc_stats(max_hp=11)})
    ford.do({"do": "damage", "target": "wolf", "amount": 4, "type": "cold"})
    camp = Fight(None, "rolenplay", name="camp", log=log)
    camp.do({"do": "add", "id": "wolf", "carry": {"from": "ford", "id": "wolf"}})
    wolf = camp.creature("wolf")
    assert (wolf["kind"], wolf["hp"], wolf.get("group")) == ("monster", 7, "wolf")


def test_carry_through_combatlog_run_into_another_encounter_of_the_same_log(tmp_path, capsys):
    import json

    from combatlog.cli.main import main as cli_main

    log = tmp_path / "campaign.jsonl"
    first = [{"do": "create", "ruleset": "dnd5e-2014", "seed": 1},
             {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats()},
             {"do": "damage", "target": "aria", "amount": 12, "type": "cold"}]
    second = [{"do": "create", "ruleset": "dnd5e-2014", "seed": 2},
              {"do": "add", "id": "aria", "carry": {"from": "cave", "id": "aria"}, "at": [1, 1]}]
    for name, script in (("cave", first), ("lair", second)):
        path = tmp_path / f"{name}.jsonl.script"
        path.write_text("\n".join(json.dumps(line) for line in script) + "\n", encoding="utf-8")
        assert cli_main(["run", str(path), "--log", str(log), "--encounter", name, "-q"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert cli_main(["state", str(log), "--json", "--encounter", "lair"]) == 0
    aria = json.loads(capsys.readouterr().out)["combatants"]["aria"]
    assert (aria["hp"], aria["position"]) == (48, [1, 1])
    assert cli_main(["verify", str(log)]) == 0
