"""Limited uses (INTERFACE.md §7): `uses` on the stat block, attacks that spend one, recharge rolls at the start
of the creature's turn, and a save attack on several targets (a breath weapon).

The seeds say nothing of limited uses; the numbers follow SRD 5.1's adult red dragon ("Fire Breath (Recharge
5–6)": DC 21 Dexterity save, 18d6 fire, half on a success) and §7's settled details."""

from resources_support import Fight, dragon_stats, of_type, pc_stats


def breath_fight(tmp_path, ruleset="dnd5e-2014") -> Fight:
    """aria (init 15), bruno (12), the dragon (10, no lair): the dragon's first turn starts after two end_turns."""
    fight = Fight(tmp_path / "uses.db", ruleset)
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "bruno", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats(lair_actions=False)})
    for cid, value in (("aria", 15), ("bruno", 12), ("dragon", 10)):
        fight.do({"do": "initiative", "id": cid, "value": value})
    fight.do({"do": "start"})
    fight.do({"do": "end_turn"})
    events = fight.do({"do": "end_turn"})
    # §7 settled details: the d6 is rolled only for a use that is spent; nothing is spent yet.
    assert of_type(events, "RechargeRolled") == []
    assert fight.state()["turn"] == "dragon"
    return fight


def breathe(fight: Fight) -> list[dict]:
    """Aria's save: d20 10 + Dex 2 = 12 < 21, a failure; Bruno's: 19 + 2 = 21, a success; 18d6 all 2s = 36."""
    return fight.do({"do": "attack", "attacker": "dragon", "with": "fire-breath", "targets": ["aria", "bruno"],
                     "dice": [10, 19] + [2] * 18})


def test_a_breath_weapon_is_one_command_a_save_per_target_then_one_damage_roll_halved_on_a_success(tmp_path):
    fight = breath_fight(tmp_path)
    events = breathe(fight)
    saves = of_type(events, "SavingThrowRolled")
    assert [(s["id"], s["total"], s["success"]) for s in saves] == [("aria", 12, False), ("bruno", 21, True)]
    assert [(d["target"], d["total"]) for d in of_type(events, "DamageTaken")] == [("aria", 36), ("bruno", 18)]
    assert fight.creature("aria")["hp"] == 60 - 36
    assert fight.creature("bruno")["hp"] == 60 - 18
    assert of_type(events, "UseSpent")[0] | {} == {"type": "UseSpent", "id": "dragon", "use": "fire-breath",
                                                   "by": "fire-breath", "left": 0}
    assert fight.creature("dragon")["uses"] == {"fire-breath": {"max": 1, "left": 0}}
    assert fight.creature("dragon")["economy"]["action"] == "fire-breath"  # an action of its own


def test_a_spent_use_is_refused_naming_it_and_the_refusal_appends_nothing(tmp_path):
    fight = breath_fight(tmp_path)
    breathe(fight)
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn", "dice": [1]})  # the recharge d6 shows 1: still spent
    fight.refused({"do": "attack", "attacker": "dragon", "with": "fire-breath", "targets": ["aria"]},
                  "dragon has no fire-breath left", "d6 of 5 or more")


def test_a_recharge_roll_of_4_leaves_a_recharge_5_use_spent_and_a_5_returns_it(tmp_path):
    fight = breath_fight(tmp_path)
    breathe(fight)
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    events = fight.do({"do": "end_turn", "dice": [4]})  # Bruno's turn ends; the dragon's starts: its d6 is a 4
    rolled = of_type(events, "RechargeRolled")
    assert [(r["id"], r["use"], r["faces"], r["needed"], r["recharged"]) for r in rolled] == [
        ("dragon", "fire-breath", [4], 5, False)]
    assert fight.creature("dragon")["uses"]["fire-breath"] == {"max": 1, "left": 0}
    for _ in range(2):
        fight.do({"do": "end_turn"})
    events = fight.do({"do": "end_turn", "dice": [5]})
    assert [(r["faces"], r["recharged"]) for r in of_type(events, "RechargeRolled")] == [([5], True)]
    assert fight.creature("dragon")["uses"]["fire-breath"] == {"max": 1, "left": 1}


def test_the_recharge_die_comes_from_the_seeded_stream_when_the_end_turn_brings_none(tmp_path):
    fight = breath_fight(tmp_path)
    breathe(fight)
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    events = fight.do({"do": "end_turn"})
    rolled = of_type(events, "RechargeRolled")[0]
    assert 1 <= rolled["natural"] <= 6 and rolled["recharged"] == (rolled["natural"] >= 5)
    assert fight.creature("dragon")["uses"]["fire-breath"]["left"] == (1 if rolled["recharged"] else 0)


def test_an_attack_that_spends_a_use_spends_it_on_a_miss(tmp_path):
    fight = Fight(tmp_path / "miss.db")
    javelin = {"id": "storm-javelin", "kind": "ranged", "to_hit": 5, "range": [9, 36], "uses": "storm",
               "damage": [{"roll": "3d8", "type": "lightning"}]}
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc",
              "stats": pc_stats(attacks=[javelin], uses=[{"id": "storm", "max": 1, "per": "short_rest"}])})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats(lair_actions=False)})
    fight.do({"do": "initiative", "id": "aria", "value": 15})
    fight.do({"do": "initiative", "id": "dragon", "value": 10})
    fight.do({"do": "start"})
    events = fight.do({"do": "attack", "attacker": "aria", "target": "dragon", "with": "storm-javelin", "dice": [2]})
    assert of_type(events, "AttackRolled")[0]["hit"] is False  # 2 + 5 = 7 against AC 19
    assert fight.creature("aria")["uses"] == {"storm": {"max": 1, "left": 0}}
    fight.refused({"do": "attack", "attacker": "aria", "target": "dragon", "with": "storm-javelin", "dice": [20]},
                  "aria has no storm left", "short rest")


def test_undo_of_the_end_turn_gives_back_the_recharge_roll_and_redo_brings_it_again(tmp_path):
    fight = breath_fight(tmp_path)
    breathe(fight)
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    before = fight.state()
    fight.do({"do": "end_turn", "dice": [6]})
    assert fight.creature("dragon")["uses"]["fire-breath"]["left"] == 1
    fight.enc.undo()
    after_undo = fight.state()
    assert {**after_undo, "seq": None} == {**before, "seq": None}
    assert after_undo["combatants"]["dragon"]["uses"]["fire-breath"]["left"] == 0
    fight.enc.redo()
    assert fight.creature("dragon")["uses"]["fire-breath"]["left"] == 1


def test_state_at_any_seq_shows_the_uses_left_then(tmp_path):
    fight = breath_fight(tmp_path)
    before_breath = fight.enc.seq
    breathe(fight)
    after_breath = fight.enc.seq
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn"})
    fight.do({"do": "end_turn", "dice": [5]})
    left = lambda at: fight.state(at=at)["combatants"]["dragon"]["uses"]["fire-breath"]["left"]  # noqa: E731
    assert (left(before_breath), left(after_breath), left(fight.enc.seq)) == (1, 0, 1)
    reopened = Fight(None, log=__import__("combatlog").open_log(tmp_path / "uses.db"))
    assert reopened.state(at=after_breath)["combatants"]["dragon"]["uses"]["fire-breath"]["left"] == 0


def test_a_stat_block_naming_a_use_it_does_not_have_is_refused_by_name(tmp_path):
    fight = Fight(tmp_path / "bad.db")
    bad = pc_stats(attacks=[{"id": "breath", "save": {"ability": "dex", "dc": 12}, "uses": "breth",
                             "damage": [{"roll": "2d6", "type": "fire"}]}], uses=[{"id": "breath", "max": 1}])
    fight.refused({"do": "add", "id": "drake", "side": "foes", "kind": "monster", "stats": bad},
                  "attack 'breath' spends use 'breth'", "uses: breath")
    fight.refused({"do": "add", "id": "drake", "side": "foes", "kind": "monster",
                   "stats": pc_stats(uses=[{"id": "breath", "recharge": 7}])}, "recharge", "2 to 6, not 7")
    fight.refused({"do": "add", "id": "drake", "side": "foes", "kind": "monster",
                   "stats": pc_stats(attacks=[{"id": "bite", "damage": [{"roll": "1d6", "type": "piercing"}]}])},
                  "attack 'bite' needs `kind` and `to_hit`")


def test_every_ruleset_of_the_5e_family_spends_and_recharges(tmp_path):
    for ruleset in ("dnd5e-2024", "rolenplay"):
        fight = breath_fight(tmp_path / ruleset, ruleset) if (tmp_path / ruleset).mkdir() is None else None
        breathe(fight)
        assert fight.creature("dragon")["uses"]["fire-breath"]["left"] == 0
        for _ in range(2):
            fight.do({"do": "end_turn"})
        fight.do({"do": "end_turn", "dice": [6]})
        assert fight.creature("dragon")["uses"]["fire-breath"]["left"] == 1
