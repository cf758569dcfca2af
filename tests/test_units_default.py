"""An English encounter shows feet unless asked (issue 23, "Language", last point).

Given a `create` that names no units, When the encounter speaks English, Then every distance it shows (state,
log, shell, refusals, transcript) is in feet; a French one shows metres; an explicit `units` always wins; `--units`
on a reader still overrides for display. The rules still count in metres (INTERFACE.md § Units: "Distances are
metres; one grid square is 1.5 m"; 1.5 m = 5 ft), and a log written before this default keeps the metres it
recorded: it replays, verifies and prints exactly as before.

Numbers worked by hand (1 square = 1.5 m = 5 ft; ft = m / 1.5 × 5):
- the fighter's and the goblin's speed 9 m = 6 squares = 30 ft;
- one square moved: 1.5 m = 5 ft, leaving 9 − 1.5 = 7.5 m = 25 ft;
- aria at (1, 0) and gob1 at (4, 0): 3 squares apart = 4.5 m = 15 ft, beyond the longsword's reach 1.5 m = 5 ft;
- six more squares from (1, 0): the sixth needs 6 × 1.5 = 9 m = 30 ft, with 7.5 m = 25 ft left.
"""

import io
import json
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from combatlog.api import open_log
from combatlog.cli.main import main as cli_main
from combatlog.cli.play import Shell, open_encounter
from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.envelope import Recorded
from combatlog.events.meta import CommandIssued, EncounterCreated
from combatlog.events.stores import open_store
from combatlog.words import Distance, default_units, message

ROOT = Path(__file__).parent.parent
OLD_LOG = ROOT / "fixtures" / "logs" / "goblin_ambush_v0_1.jsonl"
OLD_PF1_LOG = ROOT / "fixtures" / "logs" / "before_pf1_rules_versions" / "pf1_fight.jsonl"

SETUP = [
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [0, 0]},
    {"do": "add", "id": "gob1", "side": "monsters", "template": "goblin", "at": [4, 0]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "start"},
    {"do": "move", "id": "aria", "path": [[1, 0]]},
]
TOO_FAR = {"do": "move", "id": "aria", "path": [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6]]}
OUT_OF_REACH = {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 4]}


def fight(path: Path, **create):
    """A 2024 encounter created with `create`'s fields (lang, units), aria one square along: its API encounter."""
    log = open_log(str(path))
    encounter = log.encounter()
    encounter.execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 7, **create})
    for command in SETUP:
        encounter.execute(command)
    return log, encounter


def refusal(encounter, command: dict) -> RuleViolation:
    """The command is refused and appends nothing."""
    before = encounter.seq
    with pytest.raises(RuleViolation) as refused:
        encounter.execute(command)
    assert encounter.seq == before
    return refused.value


def cli(capsys, *argv: str) -> str:
    code = cli_main([*argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


# ------------------------------------------------------------------ the default follows the encounter's language


def test_the_default_units_are_feet_in_english_and_metres_in_french():
    assert (default_units("en"), default_units("fr"), default_units(None)) == ("ft", "m", "ft")


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1"])
@pytest.mark.parametrize(("create", "units"), [({}, "ft"), ({"lang": "en"}, "ft"), ({"lang": "fr"}, "m"),
                                                ({"lang": "en", "units": "m"}, "m"),
                                                ({"lang": "fr", "units": "ft"}, "ft")])
def test_a_create_without_units_takes_its_language_s_and_explicit_units_win(ruleset, create, units):
    encounter = open_log(":memory:").encounter()
    events = encounter.execute({"do": "create", "ruleset": ruleset, **create})
    created = next(e["body"]["event"] for e in events if e["body"]["event"]["type"] == "EncounterCreated")
    # The resolved units are written into the event itself: a reader never has to know the default.
    assert created["units"] == units
    assert encounter.live.state.units == units


# ------------------------------------------------------------------ an English encounter shows feet everywhere


def test_an_english_encounter_refuses_an_attack_out_of_reach_in_feet(tmp_path):
    _log, encounter = fight(tmp_path / "en.db")
    error = refusal(encounter, OUT_OF_REACH)
    # 3 squares = 4.5 m = 15 ft; the longsword's reach 1.5 m = 5 ft (seed 000 Faire une Attaque: reach).
    assert str(error) == "aria cannot reach gob1 with Longsword: 15 ft away, reach 5 ft"
    assert error.localized("fr") == "aria ne peut pas atteindre gob1 avec Épée longue : à 15 pieds, allonge 5 pieds"
    # The variables stay the rules' metres.
    assert (error.message_args["distance"], error.message_args["reach"]) == (4.5, 1.5)


def test_an_english_encounter_refuses_a_move_too_far_in_feet(tmp_path):
    _log, encounter = fight(tmp_path / "en.db")
    error = refusal(encounter, TOO_FAR)
    # Speed 9 m = 30 ft, 1.5 m spent: the sixth square needs 9 m = 30 ft, 7.5 m = 25 ft left (seed 000 Se déplacer).
    assert str(error) == "aria cannot reach [1,6]: 30 ft needed, 25 ft left"
    assert error.localized("fr") == "aria ne peut pas atteindre [1,6] : 30 pieds nécessaires, il reste 25 pieds"


def test_an_english_encounter_shows_feet_in_state_log_and_transcript(tmp_path, capsys):
    log, encounter = fight(tmp_path / "en.db")
    log.close()
    state = cli(capsys, "state", str(tmp_path / "en.db"))
    assert "movement left 25 ft" in state  # 9 m − 1.5 m = 7.5 m = 25 ft of movement left
    assert " m " not in state and " m\n" not in state
    lines = cli(capsys, "log", str(tmp_path / "en.db"))
    assert "Aria moves to (1, 0) (5 ft)" in lines
    assert "1.5 m" not in lines
    with open_log(str(tmp_path / "en.db")) as reopened:
        transcript = reopened.encounter().transcript("md")
        assert "5 ft" in transcript and "1.5 m" not in transcript
        # A reader may still ask for metres: `--units m` overrides for display only.
        assert "Aria moves to (1, 0) (1.5 m)" in cli(capsys, "log", str(tmp_path / "en.db"), "--units", "m")
        assert "movement left 7.5 m" in cli(capsys, "state", str(tmp_path / "en.db"), "--units", "m")
    assert cli_main(["verify", str(tmp_path / "en.db")]) == 0  # the create re-derives with the feet it recorded


def test_the_transcript_says_feet_and_a_reader_may_ask_for_metres(tmp_path):
    log, encounter = fight(tmp_path / "en.db")
    from combatlog.tools import transcript_text

    records = encounter.records()
    assert "5 ft" in transcript_text(records, "md")
    shown = transcript_text(records, "md", units="m")
    assert "1.5 m" in shown and "5 ft" not in shown
    log.close()


def test_the_english_shell_shows_feet_in_its_table_sheets_and_help(tmp_path):
    console = Console(file=io.StringIO(), width=130, record=True, color_system=None, force_terminal=False)
    lines = ["add aria fighter name=Aria 0,0", "add gob1 goblin 8,0", "init aria 15", "init gob1 10", "start",
             "move aria 1,0", "attack aria gob1 longsword", "sheet gob1", "help move"]
    with open_store(str(tmp_path / "table.db")) as store:
        encounter = open_encounter(store, None, ruleset="dnd5e-2024", lang="en", seed=7, name="Ford")

        def read(prompt: str, kind: str) -> str:
            if not lines:
                raise EOFError
            line = lines.pop(0)
            console.print(prompt + line, markup=False, highlight=False)
            return line

        Shell(encounter, console, read, lang="en", dice="auto", where="table.db").loop()
    screen = console.export_text()
    assert "action, bonus, reaction, 30 ft" in screen  # speed 9 m = 30 ft, before moving
    assert "Aria moves to (1, 0) (5 ft)" in screen
    assert "reaction, 25 ft" in screen  # 7.5 m left
    # gob1 at (8, 0), aria at (1, 0): 7 squares = 10.5 m = 35 ft; reach 1.5 m = 5 ft.
    assert "aria cannot reach gob1 with Longsword: 35 ft away, reach 5 ft" in screen
    assert "speed 30 ft" in screen and "reach 5 ft" in screen and "range 80 ft/320 ft" in screen  # 24/96 m
    assert "movement square by square (1 square = 5 ft)" in screen
    assert "9 m" not in screen and "1.5 m" not in screen


def test_a_speed_typed_in_the_english_shell_is_read_in_feet():
    """package/lines.py reads a distance typed in a feet encounter as feet: speed=40 is 12 m (40 / 5 × 1.5); in a
    French one, metres as typed."""
    for lang, typed, metres in (("en", "speed=40", 12), ("fr", "vitesse=12", 12)):
        encounter = open_log(":memory:").encounter()
        encounter.execute({"do": "create", "ruleset": "dnd5e-2024", "lang": lang})
        _kind, commands = encounter.parse_line(f"add boss hp=30 ac=14 {typed}")
        add = next(command for command in commands if command["do"] == "add")
        assert add["stats"]["speed"] == metres


# ------------------------------------------------------------------ French, and explicit metres in English


def test_a_french_encounter_shows_metres(tmp_path, capsys):
    log, encounter = fight(tmp_path / "fr.db", lang="fr")
    error = refusal(encounter, TOO_FAR)
    assert error.localized("fr") == "aria ne peut pas atteindre [1,6] : 9 m nécessaires, il reste 7,5 m"
    assert str(error) == "aria cannot reach [1,6]: 9 m needed, 7.5 m left"
    log.close()
    assert "Aria se déplace en (1, 0) (1,5 m)" in cli(capsys, "log", str(tmp_path / "fr.db"))
    assert "déplacement restant 7,5 m" in cli(capsys, "state", str(tmp_path / "fr.db"))


def test_explicit_metres_in_an_english_encounter_show_metres(tmp_path, capsys):
    log, encounter = fight(tmp_path / "en-m.db", lang="en", units="m")
    error = refusal(encounter, OUT_OF_REACH)
    assert str(error) == "aria cannot reach gob1 with Longsword: 4.5 m away, reach 1.5 m"
    log.close()
    lines = cli(capsys, "log", str(tmp_path / "en-m.db"))
    assert "Aria moves to (1, 0) (1.5 m)" in lines and " ft" not in lines
    assert "movement left 7.5 m" in cli(capsys, "state", str(tmp_path / "en-m.db"))
    assert cli_main(["verify", str(tmp_path / "en-m.db")]) == 0


def test_pf1_in_english_refuses_a_move_in_feet():
    """Seed 004 Vitesse: the pf1 fighter's armoured speed 6 m = 20 ft; a double move allows 12 m = 40 ft; nine
    squares in a straight line cost 13.5 m = 45 ft."""
    encounter = open_log(":memory:").encounter()
    encounter.execute({"do": "create", "ruleset": "pf1", "seed": 7})
    encounter.execute({"do": "add", "id": "val", "side": "party", "kind": "pc", "template": "fighter", "at": [0, 0]})
    encounter.execute({"do": "add", "id": "gob", "side": "monsters", "template": "goblin", "at": [0, 9]})
    encounter.execute({"do": "initiative", "id": "val", "value": 20})
    encounter.execute({"do": "initiative", "id": "gob", "value": 1})
    encounter.execute({"do": "start"})
    error = refusal(encounter, {"do": "move", "id": "val", "path": [[x, 0] for x in range(1, 10)]})
    assert str(error) == "val cannot reach [9,0]: 45 ft needed, a double move allows 40 ft"
    assert "45 pieds nécessaires" in error.localized("fr") and "40 pieds" in error.localized("fr")
    moved = encounter.execute({"do": "move", "id": "val", "path": [[1, 0]]})
    assert any(line["text"].endswith("moves 5 ft") for line in encounter.log_lines("en")[-len(moved):]), \
        [line["text"] for line in encounter.log_lines("en")[-len(moved):]]


# ------------------------------------------------------------------ old logs print exactly as before


def test_an_old_french_log_still_prints_metres_and_verifies(tmp_path, capsys):
    copy = tmp_path / OLD_LOG.name
    shutil.copyfile(OLD_LOG, copy)
    english = cli(capsys, "log", str(copy), "--lang", "en")
    assert " m)" in english and " ft" not in english
    assert cli_main(["verify", str(copy)]) == 0


def test_an_old_english_pf1_log_keeps_its_metres_and_verifies(tmp_path, capsys):
    """A pf1 log written before this default (English, no units in its create, metres recorded)."""
    copy = tmp_path / OLD_PF1_LOG.name
    shutil.copyfile(OLD_PF1_LOG, copy)
    create, created = (json.loads(line)["body"]["event"] for line in copy.read_text(encoding="utf-8").splitlines()[:2])
    assert "units" not in create["command"] and "lang" not in create["command"]
    assert (created["type"], created["lang"], created["units"]) == ("EncounterCreated", "en", "m")
    lines = cli(capsys, "log", str(copy))
    assert " ft" not in lines
    assert cli_main(["verify", str(copy)]) == 0


def test_an_english_5e_log_written_before_the_default_keeps_its_metres(tmp_path, capsys):
    """As the engine wrote an English create without units before issue 23: the command names no units and the
    event records none (the metres default). It prints metres and verifies; later commands keep metres."""
    path = tmp_path / "old-en.db"
    with open_store(str(path)) as store:
        at = "2026-11-01T10:00:00.000Z"
        store.append("default", [
            Recorded(seq=0, txn=0, at=at, actor="dm",
                     event=CommandIssued(command={"do": "create", "ruleset": "dnd5e-2024", "seed": 7})),
            Recorded(seq=1, txn=0, at=at, actor="dm", event=EncounterCreated(ruleset="dnd5e-2024", seed="7")),
        ], 0)
    with open_log(str(path)) as log:
        encounter = log.encounter()
        assert encounter.live.state.units == "m"
        for command in SETUP:
            encounter.execute(command)
        assert str(refusal(encounter, TOO_FAR)) == "aria cannot reach [1,6]: 9 m needed, 7.5 m left"
    lines = cli(capsys, "log", str(path))
    assert "Aria moves to (1, 0) (1.5 m)" in lines and " ft" not in lines
    assert cli_main(["verify", str(path)]) == 0


# ------------------------------------------------------------------ the words


def test_a_distance_says_itself_in_its_units_and_a_plain_number_in_metres():
    assert Distance(4.5, "ft") == 4.5
    assert Distance(4.5, "ft").localized("en") == "15 ft"
    assert Distance(4.5, "ft").localized("fr") == "15 pieds"
    assert Distance(4.5).localized("fr") == "4,5 m"
    args = dict(attacker="a", target="b", profile="c")
    assert message("en", "rule-cannot-reach-with-m-away", distance=4.5, reach=1.5, **args).endswith(
        "4.5 m away, reach 1.5 m")
    assert message("fr", "rule-cannot-reach-with-m-away", distance=Distance(9, "ft"), reach=Distance(3, "ft"),
                   **args).endswith("à 30 pieds, allonge 10 pieds")


# ------------------------------------------------------------------ the DM's page


def test_the_dm_page_says_speeds_and_the_help_in_the_encounter_s_units(tmp_path):
    """`GET /statblocks` gives each speed in words (the page's stat block panel printed "9 m" whatever the
    encounter); `help` on the command line says a square in the encounter's units (1.5 m = 5 ft)."""
    from test_server import AUTH, TOKEN, TestClient, create_app

    log, _encounter = fight(tmp_path / "en.db")
    log.close()
    with TestClient(create_app(str(tmp_path / "en.db"), token=TOKEN)) as client:
        blocks = client.get("/api/encounters/default/statblocks", headers=AUTH).json()
        assert blocks["speeds"] == {"aria": "30 ft", "gob1": "30 ft"}  # speed 9 m = 30 ft
        french = client.get("/api/encounters/default/statblocks?lang=fr", headers=AUTH).json()
        assert french["speeds"]["aria"] == "30 pieds"
        help = client.post("/api/encounters/default/line", headers=AUTH, json={"line": "help"}).json()["help"]
        assert "(1 square = 5 ft)" in help
    log, _encounter = fight(tmp_path / "fr.db", lang="fr")
    log.close()
    with TestClient(create_app(str(tmp_path / "fr.db"), token=TOKEN)) as client:
        assert client.get("/api/encounters/default/statblocks", headers=AUTH).json()["speeds"]["aria"] == "9 m"
        help = client.post("/api/encounters/default/line", headers=AUTH, json={"line": "aide"}).json()["help"]
        assert "(1 case = 1,5 m)" in help
