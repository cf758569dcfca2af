"""Spells, limited uses and the library together: one way to record a stat block's later keys, legendary
resistance against a spell's save, rests and carry giving back and bringing slots and daily castings, one
status-table column for what runs out. Numbers worked by hand from the SRD stat blocks of the fixtures."""

from resources_support import Fight, dragon_stats, of_type, pc_stats
from spell_objects import brute, cleric, wizard

from combatlog.core.rulesets.dnd5e.stats import LATER_ATTACK_KEYS, LATER_KEYS

FROST = {"id": "frost-burst", "level": 1, "casting_time": "action", "range": 18,
         "save": {"ability": "dex", "half": True}, "damage": [{"roll": "2d6", "type": "cold"}]}


def _added(fight, cid: str, stats: dict, kind: str = "monster", side: str = "foes") -> dict:
    events = fight.do({"do": "add", "id": cid, "side": side, "kind": kind, "stats": stats})
    return of_type(events, "CombatantAdded")[0]["stats"]


# ------------------------------------------------------------------------------------------ recorded stat blocks


def test_a_stat_block_records_each_later_key_only_where_it_is_set(tmp_path):
    fight = Fight(tmp_path / "keys.db", "dnd5e-2014")
    plain = _added(fight, "gob", brute())
    assert not set(plain) & set(LATER_KEYS)
    assert not set(plain["attacks"][0]) & set(LATER_ATTACK_KEYS)
    # The adult red dragon sets uses, legendary actions, legendary resistance and the lair; cr and xp given here;
    # its breath spends a use and calls for a save.
    dragon = _added(fight, "dragon", dragon_stats(cr=17, xp=18000))
    assert {key for key in LATER_KEYS if key in dragon} == {"uses", "legendary_actions", "legendary",
                                                            "legendary_resistance", "lair_actions", "cr", "xp"}
    assert (dragon["legendary_resistance"], dragon["cr"], dragon["xp"]) == (3, 17, 18000)
    breath = next(attack for attack in dragon["attacks"] if attack["id"] == "fire-breath")
    assert (breath["uses"], breath["save"]) == ("fire-breath", {"ability": "dex", "dc": 21, "half": True})
    bite = next(attack for attack in dragon["attacks"] if attack["id"] == "bite")
    assert not set(bite) & set(LATER_ATTACK_KEYS)
    caster = _added(fight, "aria", wizard(), kind="pc", side="party")
    assert (caster["level"], caster["spellcasting"]["slots"]) == (5, {"1": 4, "2": 3, "3": 2, "4": 1})
    assert not {"uses", "legendary_actions", "legendary", "legendary_resistance", "lair_actions", "cr",
                "xp"} & set(caster)
    fight.enc.verify()


# ------------------------------------------------------------------------------------------ legendary resistance


def test_hold_person_on_the_adult_red_dragon_spends_a_legendary_resistance(tmp_path):
    """Bren's Hold Person: DC 8 + 2 + 3 (Wis 16) = 13. The dragon's Wis save: Wis 13 (+1), proficient (+6):
    a 3 makes 10, a failure; listed, it spends one of its three legendary resistances and succeeds."""
    fight = Fight(tmp_path / "hold.db", "dnd5e-2014")
    fight.do({"do": "add", "id": "bren", "side": "party", "kind": "pc", "stats": cleric()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats()})
    events = fight.do({"do": "cast", "caster": "bren", "spell": "hold-person", "targets": ["dragon"],
                       "legendary_resistance": ["dragon"], "dice": [3]})
    save = of_type(events, "SavingThrowRolled")[0]
    assert (save["total"], save["success"], save["purpose"]) == (10, False, "spell")
    used = of_type(events, "LegendaryResistanceUsed")[0]
    assert (used["id"], used["ability"], used["dc"], used["left"]) == ("dragon", "wis", 13, 2)
    dragon = fight.creature("dragon")
    assert "paralyzed" not in dragon["conditions"]
    assert dragon["legendary_resistance"] == {"max": 3, "left": 2}
    assert fight.creature("bren")["slots"]["2"] == {"max": 2, "left": 1}
    # Not listed, the same failure stands: paralyzed, nothing spent.
    fight.do({"do": "cast", "caster": "bren", "spell": "hold-person", "targets": ["dragon"], "dice": [3]})
    dragon = fight.creature("dragon")
    assert "paralyzed" in dragon["conditions"] and dragon["legendary_resistance"]["left"] == 2
    # Only a target with the trait can be listed.
    fight.refused({"do": "cast", "caster": "bren", "spell": "bless", "targets": ["bren"],
                   "legendary_resistance": ["dragon"]}, "dragon")
    fight.enc.verify()


def test_a_save_spell_with_damage_and_a_damage_command_share_one_routine_with_legendary_resistance(tmp_path):
    """Aria's frost burst: DC 8 + 3 + 3 (Int 16) = 14; the dragon's Dex save +6 (Dex 10, proficient): a 4
    makes 10, a failure turned into a success: half of 2d6 (5 + 6 = 11) is 5. The DM's `damage` with the same
    save and the same dice gives the same 5, spending the next resistance."""
    fight = Fight(tmp_path / "frost.db", "dnd5e-2014")
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": wizard()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats()})
    cast = fight.do({"do": "cast", "caster": "aria", "spell": FROST, "targets": ["dragon"],
                     "legendary_resistance": ["dragon"], "dice": [4, 5, 6]})
    assert of_type(cast, "LegendaryResistanceUsed")[0]["left"] == 2
    assert fight.creature("dragon")["hp"] == 256 - 5
    damage = fight.do({"do": "damage", "targets": ["dragon"], "roll": "2d6", "type": "cold",
                       "save": {"ability": "dex", "dc": 14}, "legendary_resistance": ["dragon"], "dice": [4, 5, 6]})
    assert of_type(damage, "LegendaryResistanceUsed")[0]["left"] == 1
    assert fight.creature("dragon")["hp"] == 256 - 10
    taken = [of_type(events, "DamageTaken")[0] for events in (cast, damage)]
    assert [(event["total"], event["half_on_save"]) for event in taken] == [(5, True), (5, True)]


# ------------------------------------------------------------------------------------------ rest and carry


def test_slots_and_daily_castings_are_carried_and_come_back_on_a_long_rest_only(tmp_path):
    """Aria spends a 1st-level slot (detect magic) and Bren his one daily Hold Person in "cave"; carried into
    "lair" they are still spent; a short rest after its end gives nothing back, a long rest everything."""
    import combatlog

    log = combatlog.open_log(tmp_path / "campaign.db")
    cave = Fight(None, "dnd5e-2014", name="cave", log=log)
    cave.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": wizard()})
    cave.do({"do": "add", "id": "bren", "side": "party", "kind": "pc", "stats": cleric()})
    cave.do({"do": "add", "id": "gob", "side": "foes", "kind": "monster", "stats": brute()})
    cave.do({"do": "cast", "caster": "aria", "spell": "detect-magic"})
    cave.do({"do": "cast", "caster": "bren", "spell": "hold-person", "using": "per_day", "targets": ["gob"],
             "dice": [20]})
    assert cave.creature("aria")["slots"]["1"] == {"max": 4, "left": 3}

    lair = Fight(None, "dnd5e-2014", name="lair", log=log)
    carried = lair.do({"do": "add", "id": "aria", "carry": {"from": "cave", "id": "aria"}})
    lair.do({"do": "add", "id": "bren", "carry": {"from": "cave", "id": "bren"}})
    assert of_type(carried, "CombatantCarried")[0]["carried"]["slots"] == {"slots": {"1": 1}, "per_day": {}}
    assert lair.creature("aria")["slots"] == {"1": {"max": 4, "left": 3}, "2": {"max": 3, "left": 3},
                                              "3": {"max": 2, "left": 2}, "4": {"max": 1, "left": 1}}
    assert lair.creature("bren")["per_day"] == {"hold-person": {"max": 1, "left": 0}}
    lair.do({"do": "end"})
    short = lair.do({"do": "rest", "kind": "short"})
    assert not of_type(short, "SpellsRestored")
    assert lair.creature("aria")["slots"]["1"]["left"] == 3
    restored = of_type(lair.do({"do": "rest", "kind": "long"}), "SpellsRestored")
    assert [(event["id"], event["slots"], event["per_day"]) for event in restored] == [("aria", 1, 0), ("bren", 0, 1)]
    assert lair.creature("aria")["slots"]["1"] == {"max": 4, "left": 4}
    assert lair.creature("bren")["per_day"] == {"hold-person": {"max": 1, "left": 1}}
    lair.enc.verify()
    assert cave.creature("aria")["slots"]["1"]["left"] == 3  # the other encounter keeps its own
    for lang, words in (("en", "aria gets back one spell slot (long rest)"),
                        ("fr", "aria récupère un emplacement de sort (repos long)")):
        assert words in [entry["text"] for entry in lair.enc.log_lines(lang)]


# ------------------------------------------------------------------------------------------ the status table


def test_the_status_table_has_one_resources_column_for_slots_uses_and_legendary_counts(tmp_path):
    from rich.console import Console

    from combatlog.cli.play_view import status_table

    fight = Fight(tmp_path / "table.db", "dnd5e-2014")
    fight.do({"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": wizard()})
    fight.do({"do": "add", "id": "bren", "name": "Bren", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "dragon", "name": "Dragon", "side": "dragons", "kind": "monster",
              "stats": dragon_stats(lair_actions=False)})
    fight.do({"do": "cast", "caster": "aria", "spell": "detect-magic"})
    for lang, header, lines in (
            ("fr", "Ressources", ("Emplacements 1 ●●●○  2 ●●●  3 ●●  4 ●", "Souffle de feu 1/1", "légendaires 3/3",
                                  "résist. lég. 3/3")),
            ("en", "Resources", ("Slots 1 ●●●○  2 ●●●  3 ●●  4 ●", "Fire Breath 1/1", "legendary 3/3",
                                 "leg. resistance 3/3"))):
        table = status_table(fight.state(), lang, fight.enc._engine.state)
        console = Console(width=160, record=True)
        console.print(table)
        screen = console.export_text()
        headers = [str(column.header) for column in table.columns]
        assert header in headers and {"Emplacements", "Slots"}.isdisjoint(headers), headers
        for line in lines:
            assert line in screen, (line, screen)
        bren = next(line for line in screen.splitlines() if " bren " in line)
        assert bren.split("60/60", 1)[1].split() == ["15"]  # nothing runs out for a plain fighter
