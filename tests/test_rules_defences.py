"""Qualified defences and weapon qualities (INTERFACE.md §8 "Defences", "Attack profile additions"): `resistances`,
`immunities` and `vulnerabilities` entries `{"type", "unless"}` hold unless the attack's or the `damage` command's
`bypass` has one of `unless`; damage from a spell counts as `magic`. SRD 5.1 "from nonmagical attacks" is
`["magic"]`, "...not made with silvered weapons" `["magic", "silver"]`, "...adamantine weapons" `["magic",
"adamantine"]`. Stat blocks written by hand from the SRD 5.1 wording; each script is played with `combatlog run`,
read with `state --json`, replayed, verified, and its last command undone and played again (riders_support.play).

The hero (riders_support.pc) attacks first: +5 to hit; a longsword 1d8+3 slashing, plain, silvered or +1 (+6, 1d8+4,
magic); a mace 1d6+3 bludgeoning, plain or +1 (+6, 1d6+4); an adamantine warhammer 1d8+3 bludgeoning."""

import pytest

from riders_support import fight, pc, play, refused

WEAPONS = [
    {"id": "longsword", "kind": "melee", "to_hit": 5, "reach": 1.5, "damage": [{"roll": "1d8+3", "type": "slashing"}]},
    {"id": "silvered-longsword", "kind": "melee", "to_hit": 5, "reach": 1.5,
     "damage": [{"roll": "1d8+3", "type": "slashing"}], "bypass": ["silver"]},
    {"id": "longsword-plus-1", "kind": "melee", "to_hit": 6, "reach": 1.5,
     "damage": [{"roll": "1d8+4", "type": "slashing"}], "bypass": ["magic"]},
    {"id": "mace", "kind": "melee", "to_hit": 5, "reach": 1.5, "damage": [{"roll": "1d6+3", "type": "bludgeoning"}]},
    {"id": "mace-plus-1", "kind": "melee", "to_hit": 6, "reach": 1.5,
     "damage": [{"roll": "1d6+4", "type": "bludgeoning"}], "bypass": ["magic"]},
    {"id": "adamantine-warhammer", "kind": "melee", "to_hit": 5, "reach": 1.5,
     "damage": [{"roll": "1d8+3", "type": "bludgeoning"}], "bypass": ["adamantine"]},
]
HERO = pc(attacks=WEAPONS, spellcasting={"ability": "int", "slots": {"2": 1}, "spells": []})


def qualified(unless: list[str]) -> list[dict]:
    return [{"type": kind, "unless": unless} for kind in ("bludgeoning", "piercing", "slashing")]


def creature(ac: int, hp: int, abilities: dict, **defences) -> dict:
    return {"ac": ac, "max_hp": hp, "speed": 9, "proficiency_bonus": 2, "abilities": abilities,
            "attacks": [{"id": "claws", "kind": "melee", "to_hit": 4, "reach": 1.5,
                         "damage": [{"roll": "2d4+2", "type": "slashing"}]}], **defences}


# SRD 5.1 Werewolf: AC 11 (humanoid form), 58 HP. "Damage Immunities bludgeoning, piercing, and slashing from
# nonmagical attacks not made with silvered weapons".
WEREWOLF = creature(11, 58, {"str": 15, "dex": 13, "con": 14, "int": 10, "wis": 11, "cha": 10},
                    immunities=qualified(["magic", "silver"]))
# SRD 5.1 Lich: AC 17, 135 HP. "Damage Resistances cold, lightning, necrotic; Damage Immunities poison; bludgeoning,
# piercing, and slashing from nonmagical attacks".
LICH = creature(17, 135, {"str": 11, "dex": 16, "con": 16, "int": 20, "wis": 14, "cha": 16},
                resistances=["cold", "lightning", "necrotic"], immunities=["poison", *qualified(["magic"])])
# SRD 5.1 Gargoyle: AC 15, 52 HP. "Damage Resistances bludgeoning, piercing, and slashing from nonmagical attacks not
# made with adamantine weapons; Damage Immunities poison".
GARGOYLE = creature(15, 52, {"str": 15, "dex": 11, "con": 16, "int": 6, "wis": 11, "cha": 7},
                    resistances=qualified(["magic", "adamantine"]), immunities=["poison"])


def strike(weapon: str, dice: list) -> dict:
    return {"do": "attack", "attacker": "hero", "target": "m", "with": weapon, "dice": dice}


def against(ruleset: str, monster: dict) -> list[dict]:
    return fight(ruleset, monster, monster_first=False, pc_stats=HERO)


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "rolenplay"])
@pytest.mark.parametrize("weapon, hp", [
    ("longsword", 58),                    # nonmagical, not silvered: immune, 5 + 3 = 8 becomes 0
    ("silvered-longsword", 58 - 8),       # silvered: 5 + 3 = 8
    ("longsword-plus-1", 58 - 9),         # a +1 sword is magic: 5 + 4 = 9
])
def test_a_werewolf_is_immune_to_a_plain_sword_not_to_a_silvered_or_a_magic_one(tmp_path, capsys, ruleset, weapon, hp):
    # d20 15 + 5 (or + 6) hits AC 11; the d8 shows 5.
    played = play(tmp_path, capsys, against(ruleset, WEREWOLF) + [strike(weapon, [15, 5])])
    assert played.hp("m") == hp
    taken = played.of_type("DamageTaken")[-1]
    assert taken["bypass"] == next(w.get("bypass", []) for w in WEAPONS if w["id"] == weapon)


@pytest.mark.parametrize("weapon, hp", [
    ("mace", 135),                        # nonmagical: immune
    ("mace-plus-1", 135 - 8),             # magic: 4 + 4 = 8
    ("silvered-longsword", 135),          # silver is not magic: "from nonmagical attacks" holds
])
def test_a_lich_is_immune_to_any_nonmagical_weapon_and_takes_a_magic_mace_s_blow(tmp_path, capsys, weapon, hp):
    # d20 15 + 5 (or + 6) hits AC 17; the die shows 4.
    played = play(tmp_path, capsys, against("dnd5e-2014", LICH) + [strike(weapon, [15, 4])])
    assert played.hp("m") == hp


@pytest.mark.parametrize("weapon, hp", [
    ("adamantine-warhammer", 52 - 8),     # adamantine: 5 + 3 = 8 in full
    ("mace", 52 - 3),                     # plain: 4 + 3 = 7, resisted, 3
    ("silvered-longsword", 52 - 4),       # silvered is not adamantine: 5 + 3 = 8, resisted, 4
    ("longsword-plus-1", 52 - 9),         # magic: 5 + 4 = 9 in full
])
def test_a_gargoyle_resists_every_nonmagical_weapon_but_adamantine(tmp_path, capsys, weapon, hp):
    face = 4 if weapon == "mace" else 5
    played = play(tmp_path, capsys, against("dnd5e-2014", GARGOYLE) + [strike(weapon, [15, face])])
    assert played.hp("m") == hp


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "dnd5e-2024", "rolenplay"])
@pytest.mark.parametrize("bypass, hp", [([], 58), (["silver"], 48), (["magic"], 48), (["adamantine"], 58)])
def test_the_damage_command_takes_the_weapon_s_qualities(tmp_path, capsys, ruleset, bypass, hp):
    played = play(tmp_path, capsys, against(ruleset, WEREWOLF) + [
        {"do": "damage", "target": "m", "amount": 10, "type": "piercing", **({"bypass": bypass} if bypass else {})}])
    assert played.hp("m") == hp


# SRD 5.1 Cloud of Daggers (2nd level, concentration): "A creature takes 4d4 slashing damage when it enters the spell's
# area for the first time on a turn or starts its turn there." Damage from a spell counts as magic (§8).
CLOUD_OF_DAGGERS = {"id": "cloud-of-daggers", "level": 2, "casting_time": "action", "range": 18,
                    "damage": [{"roll": "4d4", "type": "slashing"}], "concentration": True}


def test_spell_damage_counts_as_magic_against_a_werewolf(tmp_path, capsys):
    # 4d4: 1 + 2 + 3 + 4 = 10 slashing, from a spell: magic, the werewolf's immunity does not hold (58 -> 48).
    played = play(tmp_path, capsys, against("dnd5e-2014", WEREWOLF) + [
        {"do": "cast", "caster": "hero", "spell": CLOUD_OF_DAGGERS, "targets": ["m"], "dice": [1, 2, 3, 4]}])
    assert played.hp("m") == 48
    assert played.of_type("DamageTaken")[-1]["bypass"] == ["magic"]


def test_a_spell_against_plain_defences_records_no_quality(tmp_path, capsys):
    # The implied "magic" of a spell is written down only against a qualified defence: older logs keep their bytes.
    plain = creature(11, 58, WEREWOLF["abilities"], resistances=["slashing"])
    played = play(tmp_path, capsys, against("dnd5e-2014", plain) + [
        {"do": "cast", "caster": "hero", "spell": CLOUD_OF_DAGGERS, "targets": ["m"], "dice": [1, 2, 3, 4]}])
    assert played.hp("m") == 53  # 10 resisted: 5
    assert played.of_type("DamageTaken")[-1]["bypass"] == []


def test_the_stat_block_keeps_its_qualified_defences_as_given(tmp_path, capsys):
    played = play(tmp_path, capsys, against("dnd5e-2014", LICH) + [strike("mace", [15, 4])])
    added = next(e for e in played.of_type("CombatantAdded") if e["id"] == "m")
    assert added["stats"]["immunities"] == LICH["immunities"]
    assert added["stats"]["resistances"] == ["cold", "lightning", "necrotic"]


@pytest.mark.parametrize("key", ["resistances", "immunities", "vulnerabilities"])
def test_an_unless_with_an_unknown_quality_is_refused_naming_the_field_and_the_words_allowed(tmp_path, capsys, key):
    bad = creature(11, 58, WEREWOLF["abilities"], **{key: [{"type": "slashing", "unless": ["magic", "holy"]}]})
    refused(tmp_path, capsys, fight("dnd5e-2014", WEREWOLF)[:1] + [
        {"do": "add", "id": "m", "side": "monsters", "kind": "monster", "stats": bad}],
        f"{key}[0].unless", "holy", "magic, silver, adamantine")


def test_an_attack_bypass_with_an_unknown_quality_is_refused(tmp_path, capsys):
    bad = pc(attacks=[{**WEAPONS[0], "bypass": ["blessed"]}])
    refused(tmp_path, capsys, fight("dnd5e-2024", WEREWOLF)[:1] + [
        {"do": "add", "id": "hero", "side": "party", "kind": "pc", "stats": bad}],
        "attacks[0].bypass", "blessed", "magic, silver, adamantine")


def test_a_damage_bypass_with_an_unknown_quality_is_refused_and_appends_nothing(tmp_path, capsys):
    refused(tmp_path, capsys, against("dnd5e-2014", WEREWOLF) + [
        {"do": "damage", "target": "m", "amount": 10, "type": "piercing", "bypass": ["cold-iron"]}],
        "bypass", "cold-iron", "magic, silver, adamantine")
