"""Issue 23, "The shell and the pages": what a new user hit in `combatlog play` (and on the DM page, which reads its
lines through the same parser, combatlog.lines), each written as the DM types it.

Given an encounter and the lines a DM types (dice answers included), When the shell reads them, Then the screen says
what happened in the DM's language and the log holds exactly what was accepted.
"""

import io
import json
import re

import pytest
from rich.console import Console

from combatlog.api import Log
from combatlog.cli.main import main as cli_main
from combatlog.cli.play import Shell, open_encounter
from combatlog.events.stores import open_store
from combatlog.projections.document import state_document


class Table:
    """A DM at the keyboard, in an encounter of any ruleset (and units): lines read one by one, echoed after their
    prompt as a terminal shows them."""

    def __init__(self, log, *, ruleset="dnd5e-2024", lang="fr", dice="manual", units=None):
        self.console = Console(file=io.StringIO(), width=160, record=True, color_system=None, force_terminal=False)
        self.store = open_store(str(log))
        if units:  # a `create` of our own, with the encounter's units
            Log(self.store, str(log)).encounter("default").apply(
                {"do": "create", "ruleset": ruleset, "lang": lang, "seed": 7, "units": units})
        encounter = open_encounter(self.store, None, ruleset=ruleset, lang=lang, seed=7, name="Le gué")
        self.pending: list[str] = []
        self.shell = Shell(encounter, self.console, self.read, dice=dice, where=str(log))

    def read(self, prompt: str, kind: str) -> str:
        if not self.pending:
            raise EOFError
        line = self.pending.pop(0)
        self.console.print(prompt + line, markup=False, highlight=False)
        return line

    def type(self, *lines: str) -> str:
        self.pending = list(lines)
        self.console.export_text(clear=True)
        self.shell.loop()
        self.shell.running = True
        return self.console.export_text(clear=True)

    @property
    def document(self) -> dict:
        return state_document(self.shell.encounter.state)

    @property
    def seq(self) -> int:
        return self.shell.encounter.state.seq


@pytest.fixture
def table(tmp_path):
    stores = []

    def make(**options):
        made = Table(tmp_path / f"fight{len(stores)}.db", **options)
        stores.append(made.store)
        return made

    yield make
    for store in stores:
        store.close()


# Aria (Guerrier: CA 18, 44 PV) and a goblin (CA 15, 7 PV, Dex 14) side by side; Aria acts first.
SETUP_FR = ["ajout aria guerrier nom=Aria 2,2", "ajout gob1 gobelin 3,2", "init aria 15", "init gob1 12", "début"]
SETUP_EN = ["add aria fighter name=Aria 2,2", "add gob1 goblin 3,2", "init aria 15", "init gob1 12", "start"]


# ---------------------------------------------------------------- 1. the DM's own commands in a reaction window


@pytest.mark.parametrize("lang, setup, lines, refused", [
    ("fr", SETUP_FR, ["dgt gob1 1 feu", "cond gob1 +à_terre", "soins gob1 1", "pvt aria 3"], "suivant"),
    ("en", SETUP_EN, ["dmg gob1 1 fire", "cond gob1 +prone", "heal gob1 1", "thp aria 3"], "next"),
])
def test_the_dms_damage_conditions_healing_and_temp_hp_go_through_an_open_reaction_window(table, lang, setup, lines,
                                                                                           refused):
    # README: the DM's own damage, heal, temp_hp and condition are legal in every phase, an open window included.
    t = table(lang=lang, dice="auto")
    t.type(*setup, "bouge aria 1,2" if lang == "fr" else "move aria 1,2")  # leaves gob1's reach: gob1 may react
    assert t.document["phase"] == "reaction" and t.document["window"]["reactors"] == ["gob1"]
    before = t.seq
    screen = t.type(*lines)
    assert "✗" not in screen, screen
    document = t.document
    gob1, aria = document["combatants"]["gob1"], document["combatants"]["aria"]
    assert gob1["hp"] == 7 - 1 + 1 and gob1["conditions"] == ["prone"] and aria["temp_hp"] == 3
    assert document["phase"] == "reaction" and document["window"]["reactors"] == ["gob1"]  # still waiting on gob1
    assert t.seq > before
    # Ending the turn still waits for the window.
    screen = t.type(refused)
    assert screen.count("✗") == 1 and ("fenêtre de réaction" if lang == "fr" else "reaction window") in screen
    assert t.document["phase"] == "reaction"


# ---------------------------------------------------------------- 2. a condition tied to the current concentration


def test_a_condition_tied_to_concentration_joins_the_effect_already_concentrated_on(table):
    # SRD glossary, Concentration: one effect at a time; the web restrains its target while Lyra keeps it up.
    t = table(dice="auto")
    t.type("ajout lyra magicien nom=Lyra 0,1", "ajout chef gobelin nom=Chef 4,2", "concentration lyra toile")
    assert t.document["combatants"]["lyra"]["concentration"] == "toile"
    screen = t.type("cond chef +entravé par lyra conc")
    assert "✗" not in screen
    document = t.document
    assert document["combatants"]["lyra"]["concentration"] == "toile"  # the web holds: no "new concentration"
    assert "restrained" in document["combatants"]["chef"]["conditions"]
    # The DM page sends the same words through the API's parser: the same command.
    enc = Log(t.store, "fight").encounter("default")
    assert enc.parse_line("cond chef +entravé par lyra conc")[1][0]["effect"] == "toile"
    # Dropping the web frees the chief.
    t.type("concentration lyra fin")
    document = t.document
    assert document["combatants"]["lyra"]["concentration"] is None
    assert "restrained" not in document["combatants"]["chef"]["conditions"]


def test_a_condition_by_concentration_without_one_running_starts_it(table):
    t = table(dice="auto")
    t.type("ajout lyra magicien nom=Lyra 0,1", "ajout chef gobelin nom=Chef 4,2", "cond chef +entravé par lyra conc")
    assert t.document["combatants"]["lyra"]["concentration"] == "restrained"
    assert "restrained" in t.document["combatants"]["chef"]["conditions"]


# ---------------------------------------------------------------- 3. a custom creature


def test_a_custom_creature_in_french_fights_with_its_plain_attack(table):
    t = table(dice="manual")
    screen = t.type("ajout aria guerrier nom=Aria 2,2",
                    "ajout chef pv=30 ca=14 nom=Chef attaque=+4,1d6+2 tranchant init=+2 vitesse=9 3,2")
    assert "✗" not in screen
    chef = t.document["combatants"]["chef"]
    assert (chef["name"], chef["hp"], chef["max_hp"], chef["ac"], chef["kind"], chef["side"]) == \
        ("Chef", 30, 30, 14, "monster", "monsters")
    assert t.shell.encounter.state.combatants["chef"].stats.speed == 9
    # Initiative: d20 10 + 2 = 12.
    screen = t.type("init chef", "10", "init aria 1", "début")
    assert t.document["combatants"]["chef"]["initiative"] == 12
    # Its attack: d20 16 + 4 = 20 against CA 18 hits; 1d6+2 with a 3 deals 5 slashing.
    screen = t.type("attaque chef aria", "16", "3")
    assert "d20 [16] → 20 contre CA 18 : touche" in screen
    assert "Aria subit 5 dégâts tranchants (PV 44 → 39)" in screen


def test_a_custom_creature_in_english_takes_its_speed_in_the_encounters_feet(table):
    t = table(lang="en", dice="manual", units="ft")
    screen = t.type("add aria fighter name=Aria 2,2", "add boss hp=30 ac=14 name=Boss attack=+4,1d6+2 slashing "
                    "init=+2 speed=30 3,2")
    assert "✗" not in screen
    boss = t.document["combatants"]["boss"]
    assert (boss["name"], boss["max_hp"], boss["ac"]) == ("Boss", 30, 14)
    assert t.shell.encounter.state.combatants["boss"].stats.speed == 9  # 30 ft = 9 m
    screen = t.type("init boss", "10", "init aria 1", "start", "attack boss aria", "16", "3")
    assert t.document["combatants"]["boss"]["initiative"] == 12
    assert "Aria takes 5 slashing damage (HP 44 → 39)" in screen


def test_a_custom_creature_in_pathfinder_has_the_pf1_stat_block(table):
    # INTERFACE-pf1 `stats`: AC 14 = 10 + natural 4 (touch 10, flat-footed 14); a melee attack at +4, 1d6+2 (Str 10
    # adds nothing).
    t = table(ruleset="pf1", dice="manual")
    screen = t.type("ajout aria guerrier nom=Aria 2,2", "ajout chef pv=30 ca=14 nom=Chef attaque=+4,1d6+2 tranchant 3,2")
    assert "✗" not in screen
    chef = t.document["combatants"]["chef"]
    assert (chef["name"], chef["max_hp"], chef["ac"], chef["touch_ac"], chef["flat_footed_ac"]) == ("Chef", 30, 14, 10, 14)
    aria = t.document["combatants"]["aria"]
    assert (aria["hp"], aria["flat_footed_ac"]) == (49, 18)
    # Aria is flat-footed before her first turn: d20 15 + 4 = 19 against flat-footed AC 18 hits; the d6 3 + 2 = 5.
    t.type("init chef 20", "init aria 1", "début")
    t.type("attaque chef aria", "15", "3")
    assert t.document["combatants"]["aria"]["hp"] == 44


@pytest.mark.parametrize("line, said", [
    ("ajout chef ca=14 nom=Chef", "une créature sans modèle a besoin de ses PV et de sa CA"),
    ("ajout chef pv=30 ca=14 attaque=+4,tranchant", "attaque=+4,tranchant : écrivez le bonus pour toucher"),
    ("ajout chef gobelin attaque=+4,1d6+2 tranchant", "attaque= sert à une créature sans modèle"),
])
def test_a_custom_creature_missing_a_number_is_refused_in_words_and_nothing_is_written(table, line, said):
    t = table(dice="auto")
    before = t.seq
    screen = t.type(line)
    assert f"✗ {said}" in screen
    assert t.seq == before


# ---------------------------------------------------------------- 4. the help of the encounter's ruleset


@pytest.mark.parametrize("ruleset, shown, hidden", [
    ("dnd5e-2024", ["légendaire ID", "repos court|long", "empoigner ATTAQUANT"],
     ["outrance", "manœuvre", "pas ID", "départager", "round_suivant"]),
    ("dnd5e-2014", ["légendaire ID"], ["outrance", "round_suivant"]),
    ("rolenplay", ["round_suivant [N]"], ["outrance", "manœuvre", "départager"]),
    ("pf1", ["outrance ATTAQUANT", "manœuvre ATTAQUANT", "pas ID", "départager ID", "repos "], ["légendaire", "round_suivant"]),
])
def test_the_help_lists_the_verbs_of_the_encounters_ruleset_only(table, ruleset, shown, hidden):
    screen = table(ruleset=ruleset, dice="auto").type("aide")
    for words in shown:
        assert words in screen, words
    for words in hidden:
        assert words not in screen, words


# ---------------------------------------------------------------- 5. pass with no window


@pytest.mark.parametrize("lang, setup, line, said", [
    ("fr", SETUP_FR, "passer", "✗ aucune fenêtre de réaction n'est ouverte : il n'y a rien à passer"),
    ("en", SETUP_EN, "pass", "✗ no reaction window is open: there is nothing to pass"),
    ("fr", SETUP_FR, "réagir", "✗ aucune fenêtre de réaction n'est ouverte : personne ne peut réagir maintenant"),
    ("en", SETUP_EN, "react", "✗ no reaction window is open: nobody can react now"),
])
def test_pass_or_react_with_no_window_open_says_there_is_none(table, lang, setup, line, said):
    t = table(lang=lang, dice="auto")
    t.type(*setup)
    before = t.seq
    screen = t.type(line)
    assert said in screen and "who?" not in screen and "qui ?" not in screen
    assert t.seq == before


# ---------------------------------------------------------------- 6. damage over a dead target


@pytest.mark.parametrize("lang, kill, line, skipped, hit", [
    ("fr", "dgt gob1 30 feu", "dgt gob1,gob2 8d6 feu js dex 15", "déjà mort, laissé de côté : Gobelin (gob1)",
     "Gobelin (gob2) subit 8 dégâts de feu (PV 7 → 0)"),
    ("en", "dmg gob1 30 fire", "dmg gob1,gob2 8d6 fire save dex 15", "already dead, left out: Goblin (gob1)",
     "Goblin (gob2) takes 8 fire damage (HP 7 → 0)"),
])
def test_area_damage_skips_the_dead_targets_and_says_which(table, lang, kill, line, skipped, hit):
    t = table(lang=lang, dice="manual")
    add = "ajout" if lang == "fr" else "add"
    t.type(f"{add} gob1 goblin 3,2", f"{add} gob2 goblin 3,3", kill)
    assert t.document["combatants"]["gob1"]["status"] == "dead"
    # gob2's Dex save: d20 2 + 2 = 4 fails DC 15; eight d6 showing 1: 8 fire damage, all of it.
    screen = t.type(line, "2", *["1"] * 8)
    assert skipped in screen and hit in screen
    assert "✗" not in screen
    # Every target dead: the engine's own refusal, nothing written.
    before = t.seq
    screen = t.type("dgt gob1,gob2 5 feu" if lang == "fr" else "dmg gob1,gob2 5 fire")
    assert "✗" in screen and t.seq == before


# ---------------------------------------------------------------- 7. which attack? in the reader's words


@pytest.mark.parametrize("lang, setup, ask, said, by_name, line", [
    ("fr", SETUP_FR, "attaque aria gob1", "✗ quelle attaque ? (Épée longue, Hachette, Hachette (lancée), Arc long)",
     "attaque aria gob1 hachette (lancée)", "Aria attaque Gobelin (Hachette (lancée))"),
    ("en", SETUP_EN, "attack aria gob1", "✗ which attack? (Longsword, Handaxe, Handaxe (thrown), Longbow)",
     "attack aria gob1 handaxe (thrown)", "Aria attacks Goblin (Handaxe (thrown))"),
])
def test_which_attack_names_the_weapons_in_the_readers_language(table, lang, setup, ask, said, by_name, line):
    t = table(lang=lang, dice="auto")
    t.type(*setup)
    screen = t.type(ask)
    assert said in screen and "_" not in screen.split("✗", 1)[1].splitlines()[0]
    assert line in t.type(by_name)  # the name, as shown, is typed back
    t.type("annuler" if lang == "fr" else "undo")
    assert line in t.type(f"{ask} handaxe_thrown")  # the id still works
    t.type("annuler" if lang == "fr" else "undo")
    # Two attacks start with the same word: both named, in the reader's words.
    screen = t.type(f"{ask} {'hach' if lang == 'fr' else 'handa'}")
    assert ("Hachette, Hachette (lancée)" if lang == "fr" else "Handaxe, Handaxe (thrown)") in screen


# ---------------------------------------------------------------- 8. run's first screen


def test_run_prints_each_thing_that_happened_once_then_the_status_table_with_headers(tmp_path, capsys):
    script = tmp_path / "fight.jsonl"
    commands = [
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 7, "lang": "fr", "name": "Le gué"},
        {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
        {"do": "add", "id": "gob1", "side": "goblins", "kind": "monster", "template": "goblin", "at": [3, 2]},
        {"do": "initiative", "id": "aria", "value": 15}, {"do": "initiative", "id": "gob1", "value": 12},
        {"do": "start"},
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 2]},
        {"do": "end_turn"},
    ]
    script.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in commands) + "\n", encoding="utf-8")
    assert cli_main(["run", str(script), "--log", str(tmp_path / "fight.db")]) == 0
    out = capsys.readouterr().out
    assert "▸" not in out  # no echo of the commands: each result says what was done
    # d20 15 + 7 = 22 against CA 15 hits; d8 2 + 4 = 6 slashing: 7 → 1.
    assert out.count("Aria attaque Gobelin (Épée longue) : d20 [15] → 22 contre CA 15 : touche") == 1
    assert out.count("Gobelin subit 6 dégâts tranchants (PV 7 → 1)") == 1
    assert not re.search(r"^\s*\d+\s+\d+\s+(préparation|r1)", out, re.M)  # no bare seq/txn/place columns
    # The turn heads its lines; the table comes last, with its headers.
    assert re.search(r"^round 1, tour d'Aria\n  Aria utilise son action", out, re.M)
    table = out[out.rindex("Le gué"):]
    assert re.search(r"Init\s+Id\s+Nom\s+PV\s+CA\s+États", table)
    assert re.search(r"gob1\s+Gobelin\s+\S+ 1/7\s+15", table)


# ---------------------------------------------------------------- the DM page's command line reads the same words


def test_the_dm_pages_command_line_takes_the_dms_damage_and_conditions_in_an_open_window(tmp_path):
    pytest.importorskip("starlette", reason="the server extra is not installed")
    from combatlog.server.app import create_app
    from test_server import AUTH, TOKEN, TestClient, ready_log  # its TestClient: imported without the warning

    with TestClient(create_app(str(ready_log(tmp_path)), token=TOKEN)) as client:
        def line(text: str):
            return client.post("/api/encounters/default/line", json={"line": text}, headers=AUTH)

        assert line("bouge aria 3,2 2,2").status_code == 200  # Aria leaves gob1's reach: gob1 may react
        before = client.get("/api/encounters/default/state").json()
        assert before["phase"] == "reaction"
        for text in ("dgt gob1 1 feu", "cond gob1 +à_terre", "soins aria 1"):
            answer = line(text)
            assert answer.status_code == 200, answer.text
        after = client.get("/api/encounters/default/state").json()
        assert after["phase"] == "reaction" and after["window"]["reactors"] == ["gob1"]
        gob1 = after["combatants"]["gob1"]
        assert gob1["hp"] == before["combatants"]["gob1"]["hp"] - 1 and "prone" in gob1["conditions"]
