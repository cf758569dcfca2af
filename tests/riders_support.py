"""Shared by the §8 tests (riders, save actions, defences): hand-written stat blocks in the shapes of INTERFACE.md §8
and one way to play a script: `combatlog run`, then `state --json`, `state --json --replay`, `verify`, and the undo
of the last command."""

import json

import combatlog
from combatlog.cli.main import main as cli_main


def pc(**changes) -> dict:
    """A plain fighter: AC 15, 60 HP, Str 16 (+3), Dex 14 (+2), Con 14 (+2), proficient in Str and Con saves (+2):
    Str save +5, Dex save +2, Con save +4, Wis save +0; a longsword +5, 1d8+3 slashing."""
    stats = {"ac": 15, "max_hp": 60, "speed": 9, "size": "medium",
             "abilities": {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 10},
             "proficiency_bonus": 2, "saves": ["str", "con"],
             "attacks": [{"id": "longsword", "kind": "melee", "to_hit": 5, "reach": 1.5,
                          "damage": [{"roll": "1d8+3", "type": "slashing"}]}]}
    stats.update(changes)
    return stats


def weapon(id: str, roll: str, type: str, **fields) -> dict:
    """A melee weapon of the fighter's: +5 to hit."""
    return {"id": id, "kind": "melee", "to_hit": 5, "reach": 1.5, "damage": [{"roll": roll, "type": type}], **fields}


def fight(ruleset: str, monster: dict, *, pcs: tuple = ("hero",), monster_first: bool = True,
          pc_stats: dict | None = None, others: tuple = ()) -> list[dict]:
    """create, the monster `m` (side monsters), the PCs (side party), initiative (the monster first unless told),
    start."""
    commands = [{"do": "create", "ruleset": ruleset, "seed": 5, "lang": "en"},
                {"do": "add", "id": "m", "name": "Monster", "side": "monsters", "kind": "monster", "stats": monster}]
    for index, pid in enumerate(pcs):
        commands.append({"do": "add", "id": pid, "name": pid.title(), "side": "party", "kind": "pc",
                         "stats": pc_stats or pc()})
    commands += list(others)
    commands.append({"do": "initiative", "id": "m", "value": 20 if monster_first else 1})
    for index, pid in enumerate(pcs):
        commands.append({"do": "initiative", "id": pid, "value": 15 - index})
    for index, other in enumerate(c["id"] for c in others if c.get("do") == "add"):
        commands.append({"do": "initiative", "id": other, "value": 10 - index})
    commands.append({"do": "start"})
    return commands


class Played:
    """A script played through the CLI: its state document, its events (as exported) and the log's path."""

    def __init__(self, log, state: dict, events: list[dict]):
        self.log, self.state, self.events = log, state, events

    def hp(self, cid: str) -> int:
        return self.state["combatants"][cid]["hp"]

    def conditions(self, cid: str) -> list[str]:
        return [entry["condition"] if isinstance(entry, dict) else entry
                for entry in self.state["combatants"][cid]["conditions"]]

    def of_type(self, kind: str) -> list[dict]:
        return [event for event in self.events if event["type"] == kind]


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    code = cli_main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _run(tmp_path, capsys, log, commands, name) -> None:
    script = tmp_path / f"{name}.jsonl"
    script.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in commands) + "\n", encoding="utf-8")
    code, _, err = _cli(capsys, "run", str(script), "--log", str(log), "-q")
    assert code == 0, err


def play(tmp_path, capsys, commands: list[dict], name: str = "fight") -> Played:
    """Run `commands` with `combatlog run`; the state read back, replayed and verified; the last command undone
    gives back the state before it, and the log still verifies; then the last command is played again."""
    log = tmp_path / f"{name}.db"
    _run(tmp_path, capsys, log, commands[:-1], f"{name}-head")
    code, before, err = _cli(capsys, "state", str(log), "--json")
    assert code == 0, err
    _run(tmp_path, capsys, log, commands[-1:], f"{name}-last")
    code, out, err = _cli(capsys, "state", str(log), "--json")
    assert code == 0, err
    state = json.loads(out)
    code, replayed, err = _cli(capsys, "state", str(log), "--json", "--replay")
    assert code == 0 and json.loads(replayed) == state, err
    code, out, err = _cli(capsys, "verify", str(log))
    assert code == 0, out + err
    code, _, err = _cli(capsys, "export", str(log), "-o", str(log.with_suffix(".events.jsonl")))
    assert code == 0, err
    events = [json.loads(line)["body"]["event"]
              for line in log.with_suffix(".events.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    # undo the last command: the state before it comes back, the log still verifies
    opened = combatlog.open_log(log)
    encounter = opened.encounter(combatlog.DEFAULT_ENCOUNTER)
    encounter.undo()
    assert {**encounter.state(), "seq": None} == {**json.loads(before), "seq": None}
    encounter.verify()
    _run(tmp_path, capsys, log, commands[-1:], f"{name}-again")
    code, out, err = _cli(capsys, "state", str(log), "--json")
    assert json.loads(out) == {**state, "seq": json.loads(out)["seq"]}
    return Played(log, state, events)


def refused(tmp_path, capsys, commands: list[dict], *fragments: str, name: str = "refused") -> str:
    """The head of `commands` is played; the last command is refused naming every fragment in English (and said
    otherwise in French), and appends nothing."""
    log = tmp_path / f"{name}.db"
    _run(tmp_path, capsys, log, commands[:-1], f"{name}-head")
    opened = combatlog.open_log(log)
    encounter = opened.encounter(combatlog.DEFAULT_ENCOUNTER)
    before = encounter.seq
    try:
        encounter.execute(commands[-1])
    except combatlog.RuleViolation as error:
        text = error.localized("en")
        assert error.localized("fr") != text
    else:
        raise AssertionError(f"{commands[-1]} was accepted")
    for fragment in fragments:
        assert fragment in text, f"{fragment!r} not in {text!r}"
    assert combatlog.open_log(log).encounter(combatlog.DEFAULT_ENCOUNTER).seq == before
    return text
