"""Shared by the limited-uses, legendary and rest tests: an encounter through the public API, its events,
and the adult red dragon of tests/creatures (SRD 5.1 numbers)."""

import copy
import json
import pathlib

import pytest

import combatlog

DRAGON = json.loads((pathlib.Path(__file__).parent / "creatures" / "adult_red_dragon.json").read_text(encoding="utf-8"))


def dragon_stats(**overrides) -> dict:
    stats = copy.deepcopy(DRAGON["stats"])
    stats.update(overrides)
    return stats


def pc_stats(**overrides) -> dict:
    """A plain fighter: AC 15, 60 HP, Dex 14 (+2), Con 14, proficient in Str and Con saves."""
    stats = {"ac": 15, "max_hp": 60, "speed": 9,
             "abilities": {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 10},
             "proficiency_bonus": 2, "saves": ["str", "con"],
             "attacks": [{"id": "sword", "kind": "melee", "to_hit": 5, "damage": [{"roll": "1d8+3", "type": "slashing"}]}]}
    stats.update(overrides)
    return stats


class Fight:
    """One encounter of a SQLite log, driven by the public API."""

    def __init__(self, path, ruleset: str = "dnd5e-2014", name: str = "default", log=None):
        self.log = log or combatlog.open_log(path)
        self.enc = self.log.encounter(name)
        if self.enc.seq < 0:
            self.enc.execute({"do": "create", "ruleset": ruleset, "seed": 7})

    def do(self, command: dict, **fields) -> list[dict]:
        """Run one command; its events (the body's `event`)."""
        return [line["body"]["event"] for line in self.enc.execute({**command, **fields})]

    def refused(self, command: dict, *fragments: str) -> str:
        """The command is refused, naming every fragment (in English), and appends nothing."""
        before = self.enc.seq
        with pytest.raises(combatlog.RuleViolation) as caught:
            self.enc.execute(command)
        text = caught.value.localized("en")
        for fragment in fragments:
            assert fragment in text, f"{fragment!r} not in {text!r}"
        assert caught.value.localized("fr") != text  # said in French too
        assert self.enc.seq == before
        return text

    def state(self, at=None) -> dict:
        return self.enc.state(at=at)

    def creature(self, cid: str) -> dict:
        return self.state()["combatants"][cid]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]
