"""The SRD's common combat spells as INTERFACE.md §7 spell objects (test fixtures), and the stat blocks that
cast them. Numbers from SRD 5.2 (dnd5e-2024) unless the name says 2014 (SRD 5.1); ranges in metres (1.5 m = 5 ft)."""

FIREBALL = {"id": "fireball", "level": 3, "casting_time": "action", "range": 45,
            "area": {"shape": "sphere", "radius": 6}, "save": {"ability": "dex", "half": True},
            "damage": [{"roll": "8d6", "type": "fire"}], "upcast": {"damage": "1d6"}, "concentration": False}
BLESS = {"id": "bless", "level": 1, "casting_time": "action", "range": 9, "targets": 3, "concentration": True,
         "effect": {"id": "bless", "until": {"minutes": 1}}, "upcast": {"targets": 1}}
HOLD_PERSON = {"id": "hold-person", "level": 2, "casting_time": "action", "range": 18, "targets": 1,
               "save": {"ability": "wis"}, "concentration": True,
               "condition": {"add": "paralyzed", "until": "save"}, "upcast": {"targets": 1}}
CURE_WOUNDS = {"id": "cure-wounds", "level": 1, "casting_time": "action", "range": 1.5, "targets": 1,
               "heal": {"roll": "2d8", "add_modifier": True}, "upcast": {"heal": "2d8"}}
CURE_WOUNDS_2014 = {**CURE_WOUNDS, "heal": {"roll": "1d8", "add_modifier": True}, "upcast": {"heal": "1d8"}}
MAGIC_MISSILE = {"id": "magic-missile", "level": 1, "casting_time": "action", "range": 36, "targets": 3,
                 "damage": [{"roll": "1d4+1", "type": "force"}], "upcast": {"targets": 1}}
SHIELD = {"id": "shield", "level": 1, "casting_time": "reaction", "on": "hit",
          "effect": {"id": "shield", "on": "caster", "until": "start_of_turn", "ac_bonus": 5}}
COUNTERSPELL = {"id": "counterspell", "level": 3, "casting_time": "reaction", "range": 18, "targets": 1,
                "save": {"ability": "con"}}
SPIRITUAL_WEAPON = {"id": "spiritual-weapon", "level": 2, "casting_time": "bonus", "range": 18, "targets": 1,
                    "attack": "melee", "damage": [{"roll": "1d8", "type": "force", "add_modifier": True}],
                    "upcast": {"damage": "1d8"}, "concentration": True}
HUNTERS_MARK = {"id": "hunters-mark", "level": 1, "casting_time": "bonus", "range": 27, "targets": 1,
                "concentration": True, "effect": {"id": "hunters-mark", "until": {"minutes": 60}}}
HEALING_WORD = {"id": "healing-word", "level": 1, "casting_time": "bonus", "range": 18, "targets": 1,
                "heal": {"roll": "2d4", "add_modifier": True}, "upcast": {"heal": "2d4"}}
HEALING_WORD_2014 = {**HEALING_WORD, "heal": {"roll": "1d4", "add_modifier": True}, "upcast": {"heal": "1d4"}}
FIRE_BOLT = {"id": "fire-bolt", "level": 0, "casting_time": "action", "range": 36, "attack": "ranged",
             "damage": [{"roll": "1d10", "type": "fire"}], "cantrip_scaling": True}
SACRED_FLAME = {"id": "sacred-flame", "level": 0, "casting_time": "action", "range": 18, "targets": 1,
                "save": {"ability": "dex", "half": False}, "damage": [{"roll": "1d8", "type": "radiant"}],
                "cantrip_scaling": True}
DETECT_MAGIC = {"id": "detect-magic", "level": 1, "casting_time": "action", "ritual": True, "concentration": True,
                "effect": {"id": "detect-magic", "on": "caster", "until": {"minutes": 10}}}
ALARM = {"id": "alarm", "level": 1, "casting_time": "1 minute", "ritual": True}

COMMON = [FIREBALL, BLESS, HOLD_PERSON, CURE_WOUNDS, MAGIC_MISSILE, SHIELD, COUNTERSPELL, SPIRITUAL_WEAPON,
          HUNTERS_MARK, HEALING_WORD, FIRE_BOLT, SACRED_FLAME, DETECT_MAGIC, ALARM]

ABILITIES = {"str": 10, "dex": 14, "con": 12, "int": 10, "wis": 10, "cha": 10}


def wizard(**extra) -> dict:
    """Aria, a 5th-level wizard: Int 16 (+3), proficiency +3 → save DC 8 + 3 + 3 = 14, spell attack +6; AC 12."""
    stats = {"ac": 12, "max_hp": 27, "speed": 9, "proficiency_bonus": 3, "level": 5,
             "abilities": {**ABILITIES, "int": 16},
             "spellcasting": {"ability": "int", "slots": {"1": 4, "2": 3, "3": 2, "4": 1},
                              "spells": [FIREBALL, MAGIC_MISSILE, SHIELD, COUNTERSPELL, FIRE_BOLT, DETECT_MAGIC,
                                         ALARM]}}
    stats.update(extra)
    return stats


def cleric(**extra) -> dict:
    """Bren, a 3rd-level cleric: Wis 16 (+3), proficiency +2 → save DC 13, spell attack +5; AC 16, 24 HP."""
    stats = {"ac": 16, "max_hp": 24, "speed": 9, "proficiency_bonus": 2, "level": 3,
             "abilities": {**ABILITIES, "wis": 16},
             "spellcasting": {"ability": "wis", "slots": {"1": 4, "2": 2},
                              "spells": [BLESS, HOLD_PERSON, CURE_WOUNDS, SPIRITUAL_WEAPON, HEALING_WORD,
                                         SACRED_FLAME, HUNTERS_MARK], "per_day": {"hold-person": 1}}}
    stats.update(extra)
    return stats


def brute(hp: int = 40, **extra) -> dict:
    """A target: AC 13, Dex 14 (+2), Wis 8 (-1), Con 12 (+1), no save proficiencies; a +4 club (1d6+2)."""
    stats = {"ac": 13, "max_hp": hp, "speed": 9, "proficiency_bonus": 2,
             "abilities": {**ABILITIES, "wis": 8},
             "attacks": [{"id": "club", "kind": "melee", "to_hit": 4, "reach": 1.5,
                          "damage": [{"roll": "1d6+2", "type": "bludgeoning"}]}]}
    stats.update(extra)
    return stats
