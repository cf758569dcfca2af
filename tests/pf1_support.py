"""Stat blocks and scripts shared by the pf1 rules tests (numbers worked by hand in each test)."""

import copy

# Aria, a fighter: Str 16 (+3), Dex 14 (+2), Con 14 (+2), Wis 12 (+1); BAB 3.
# AC = 10 + 6 armour + 2 shield + 2 Dex (max_dex 3) + 1 dodge = 21; touch 13; flat-footed 18.
ARIA = {
    "max_hp": 22, "speed": 6, "bab": 3,
    "abilities": {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 12, "cha": 8},
    "ac": {"armor": 6, "shield": 2, "dodge": 1, "max_dex": 3}, "armor_type": "medium",
    "saves": {"fort": 3, "ref": 1, "will": 1},
    "attacks": [
        {"id": "longsword", "kind": "melee", "damage": [{"roll": "1d8", "type": "slashing"}], "crit_range": 19},
        {"id": "shortbow", "kind": "ranged", "range_increment": 18, "damage": [{"roll": "1d6", "type": "piercing"}],
         "crit_multiplier": 3},
    ],
    "skills": {"heal": 5},
}
# A goblin: Small (+1 AC and attack, -1 CMB/CMD), Str 11 (+0), Dex 15 (+2), Con 12 (+1); BAB 1.
# AC = 10 + 2 armour + 1 shield + 2 Dex + 1 size = 16; touch 13; flat-footed 14.
GOBLIN = {
    "max_hp": 6, "speed": 9, "bab": 1, "size": "small",
    "abilities": {"str": 11, "dex": 15, "con": 12, "int": 10, "wis": 9, "cha": 6},
    "ac": {"armor": 2, "shield": 1}, "saves": {"fort": 2, "ref": 0, "will": -1},
    "attacks": [{"id": "shortsword", "kind": "melee", "damage": [{"roll": "1d4", "type": "slashing"}], "crit_range": 19}],
}


def stats(base: dict, **changes) -> dict:
    result = copy.deepcopy(base)
    for key, value in changes.items():
        result[key] = value
    return result


def duel(aria: dict | None = None, gob: dict | None = None, *, aria_at=(0, 0), gob_at=(1, 0), aria_init=15,
         gob_init=10, start=True, extra=()):
    """create, Aria at [0,0] and a goblin at [1,0], initiative set by the DM, start."""
    commands = [
        {"do": "create", "ruleset": "pf1", "seed": 7},
        {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": aria or ARIA, "at": list(aria_at)},
        {"do": "add", "id": "gob", "name": "Goblin", "name_fr": "Gobelin", "side": "monsters", "stats": gob or GOBLIN,
         "at": list(gob_at)},
        *extra,
        {"do": "initiative", "id": "aria", "value": aria_init},
        {"do": "initiative", "id": "gob", "value": gob_init},
    ]
    if start:
        commands.append({"do": "start"})
    return commands
