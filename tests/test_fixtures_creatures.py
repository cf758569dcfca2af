"""Shape checks for the creature fixtures in fixtures/creatures/*.json."""

import json
import pathlib
import re

import pytest

CREATURES_DIR = pathlib.Path(__file__).parent.parent / "fixtures" / "creatures"

TOP_LEVEL_KEYS = frozenset({"id", "name", "kind", "source", "stats"})
KINDS = frozenset({"monster", "pc"})
LANGS = ("en", "fr")

REQUIRED_STATS_KEYS = frozenset({"ac", "max_hp", "speed", "abilities", "proficiency_bonus"})
OPTIONAL_STATS_KEYS = frozenset({
    "hp",
    "initiative_bonus",
    "size",
    "attacks_per_action",
    "saves",
    "skills",
    "attacks",
    "resistances",
    "vulnerabilities",
    "immunities",
    "condition_immunities",
    "reactions",
})
ALLOWED_STATS_KEYS = REQUIRED_STATS_KEYS | OPTIONAL_STATS_KEYS

ABILITIES = frozenset({"str", "dex", "con", "int", "wis", "cha"})
SIZES = frozenset({"tiny", "small", "medium", "large", "huge", "gargantuan"})
SKILLS = frozenset({
    "athletics", "acrobatics", "sleight_of_hand", "stealth", "arcana", "history",
    "investigation", "nature", "religion", "animal_handling", "insight", "medicine",
    "perception", "survival", "deception", "intimidation", "performance", "persuasion",
})
DAMAGE_TYPES = frozenset({
    "acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
    "piercing", "poison", "psychic", "radiant", "slashing", "thunder",
})
CONDITIONS = frozenset({
    "blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled",
    "incapacitated", "invisible", "paralyzed", "petrified", "poisoned", "prone",
    "restrained", "stunned", "unconscious",
})

ATTACK_KINDS = frozenset({"melee", "ranged"})
REQUIRED_ATTACK_KEYS = frozenset({"id", "name", "kind", "to_hit", "damage"})
ALLOWED_ATTACK_KEYS = REQUIRED_ATTACK_KEYS | {"reach", "range", "light", "finesse"}
ALLOWED_DAMAGE_PART_KEYS = frozenset({"roll", "type"})
ROLL_RE = re.compile(r"^\d+d\d+([+-]\d+)?$")

REQUIRED_REACTION_KEYS = frozenset({"id", "name", "on", "ac_bonus"})
ALLOWED_REACTION_KEYS = REQUIRED_REACTION_KEYS | {"until"}

SNAKE_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")

MIN_MONSTERS = 12
MIN_PCS = 4

FILES = sorted(CREATURES_DIR.glob("*.json"))


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_name(name, where):
    assert isinstance(name, dict), f"{where}: name must be an object"
    for lang in LANGS:
        assert isinstance(name.get(lang), str) and name[lang].strip(), f"{where}: missing {lang} name"


def test_fixture_directory_is_not_empty():
    assert FILES, f"no creature fixtures found in {CREATURES_DIR}"


def test_minimum_roster():
    kinds = [_load(path)["kind"] for path in FILES]
    assert kinds.count("monster") >= MIN_MONSTERS
    assert kinds.count("pc") >= MIN_PCS


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_creature_top_level(path):
    data = _load(path)
    assert isinstance(data, dict)
    assert set(data) <= TOP_LEVEL_KEYS, f"unknown keys {set(data) - TOP_LEVEL_KEYS}"
    assert data.get("id") == path.stem
    assert SNAKE_ID_RE.match(data["id"])
    _check_name(data.get("name"), path.stem)
    assert data.get("kind") in KINDS
    assert isinstance(data.get("source"), str) and data["source"].strip()
    assert isinstance(data.get("stats"), dict)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_creature_stats(path):
    stats = _load(path)["stats"]
    unknown = set(stats) - ALLOWED_STATS_KEYS
    assert not unknown, f"unknown stats keys {unknown}"
    missing = REQUIRED_STATS_KEYS - set(stats)
    assert not missing, f"missing stats keys {missing}"

    assert _is_int(stats["ac"]) and stats["ac"] > 0
    assert _is_int(stats["max_hp"]) and stats["max_hp"] > 0
    if "hp" in stats:
        assert _is_int(stats["hp"]) and 0 <= stats["hp"] <= stats["max_hp"]
    assert _is_number(stats["speed"]) and stats["speed"] >= 0
    assert _is_int(stats["proficiency_bonus"]) and 2 <= stats["proficiency_bonus"] <= 9
    if "initiative_bonus" in stats:
        assert _is_int(stats["initiative_bonus"])
    if "attacks_per_action" in stats:
        assert _is_int(stats["attacks_per_action"]) and stats["attacks_per_action"] >= 1

    abilities = stats["abilities"]
    assert set(abilities) == ABILITIES
    for ability, score in abilities.items():
        assert _is_int(score) and 1 <= score <= 30, f"{ability} score {score} out of 1..30"

    if "size" in stats:
        assert stats["size"] in SIZES

    for key, allowed in (
        ("saves", ABILITIES),
        ("skills", SKILLS),
        ("resistances", DAMAGE_TYPES),
        ("vulnerabilities", DAMAGE_TYPES),
        ("immunities", DAMAGE_TYPES),
        ("condition_immunities", CONDITIONS),
    ):
        if key in stats:
            values = stats[key]
            assert isinstance(values, list), f"{key} must be a list"
            assert len(values) == len(set(values)), f"duplicate entries in {key}"
            assert set(values) <= allowed, f"unknown {key}: {set(values) - allowed}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_creature_attacks(path):
    attacks = _load(path)["stats"].get("attacks", [])
    assert isinstance(attacks, list)
    ids = [attack.get("id") for attack in attacks]
    assert len(ids) == len(set(ids)), "duplicate attack ids"
    for attack in attacks:
        where = f"{path.stem}/{attack.get('id')}"
        assert set(attack) <= ALLOWED_ATTACK_KEYS, f"{where}: unknown keys {set(attack) - ALLOWED_ATTACK_KEYS}"
        assert REQUIRED_ATTACK_KEYS <= set(attack), f"{where}: missing {REQUIRED_ATTACK_KEYS - set(attack)}"
        assert isinstance(attack["id"], str) and SNAKE_ID_RE.match(attack["id"])
        _check_name(attack["name"], where)
        assert attack["kind"] in ATTACK_KINDS
        assert _is_int(attack["to_hit"])
        if attack["kind"] == "melee":
            assert "range" not in attack, f"{where}: melee attack with range"
            if "reach" in attack:
                assert _is_number(attack["reach"]) and attack["reach"] > 0
        else:
            assert "reach" not in attack, f"{where}: ranged attack with reach"
            rng = attack.get("range")
            assert isinstance(rng, list) and len(rng) == 2, f"{where}: range must be [normal, long]"
            assert all(_is_number(r) and r > 0 for r in rng)
            assert rng[0] <= rng[1]
        for flag in ("light", "finesse"):
            if flag in attack:
                assert isinstance(attack[flag], bool)

        parts = attack["damage"]
        assert isinstance(parts, list) and parts, f"{where}: no damage parts"
        for part in parts:
            assert set(part) == ALLOWED_DAMAGE_PART_KEYS, f"{where}: bad damage part {part}"
            assert ROLL_RE.match(part["roll"]), f"{where}: bad roll {part['roll']!r}"
            assert part["type"] in DAMAGE_TYPES, f"{where}: unknown damage type {part['type']!r}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_creature_reactions(path):
    reactions = _load(path)["stats"].get("reactions", [])
    assert isinstance(reactions, list)
    for reaction in reactions:
        where = f"{path.stem}/{reaction.get('id')}"
        assert set(reaction) <= ALLOWED_REACTION_KEYS, f"{where}: unknown keys"
        assert REQUIRED_REACTION_KEYS <= set(reaction), f"{where}: missing keys"
        assert SNAKE_ID_RE.match(reaction["id"])
        _check_name(reaction["name"], where)
        assert isinstance(reaction["on"], str) and reaction["on"]
        assert _is_int(reaction["ac_bonus"])
