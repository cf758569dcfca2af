"""Issue 35, "Thursday's fight": what a GM hit running a real fight by shell (the CLI, shell, transcript and
language parts; the DM page has its own tests).

Given a log and the lines or the command a GM types, When the CLI or the shell reads them, Then the screen says
what happened in the fight's language and the log holds exactly what was accepted."""

import io
import json
import subprocess
import sys

import pytest
from rich.console import Console

from combatlog.cli.main import main as cli_main
from combatlog.cli.play import Shell, open_encounter
from combatlog.events.stores import open_store
from combatlog.projections.document import state_document


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The installed `combatlog` command, as a GM runs it (exit code and output)."""
    return subprocess.run([sys.executable, "-m", "combatlog.cli.main", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **(env or {})}, timeout=120)


def run_script(log, lines: list[dict]) -> None:
    script = log.with_suffix(".jsonl")
    script.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert cli_main(["run", str(script), "--log", str(log)]) == 0


def encounters_of(log) -> list[str]:
    with open_store(str(log)) as store:
        return store.encounters()


class Table:
    """A GM at the keyboard in an encounter of any ruleset: each line read in turn, echoed after its prompt."""

    def __init__(self, log, *, ruleset="dnd5e-2014", lang="fr", dice="auto", seed=35):
        self.console = Console(file=io.StringIO(), width=160, record=True, color_system=None, force_terminal=False)
        self.store = open_store(str(log))
        encounter = open_encounter(self.store, None, ruleset=ruleset, lang=lang, seed=seed, name="Jeudi")
        self.pending: list[str] = []
        self.prompts: list[str] = []
        self.shell = Shell(encounter, self.console, self.read, dice=dice, where=str(log))

    def read(self, prompt: str, kind: str) -> str:
        self.prompts.append(prompt)
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
    def state(self):
        return self.shell.encounter.state

    @property
    def document(self) -> dict:
        return state_document(self.state)


@pytest.fixture
def table(tmp_path):
    tables = []

    def make(**options):
        tables.append(Table(tmp_path / f"jeudi{len(tables)}.db", **options))
        return tables[-1]

    yield make
    for made in tables:
        made.store.close()


# ---------------------------------------------------------------- 2. play --encounter TYPO


def test_play_refuses_an_encounter_name_the_log_does_not_hold_and_names_the_ones_it_has(tmp_path):
    log = tmp_path / "jeudi.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "fr", "seed": 1}])
    done = cli("play", str(log), "--encounter", "defualt")
    assert done.returncode == 2
    assert "defualt" in done.stderr and "default" in done.stderr and "--new" in done.stderr
    assert "rencontre" in done.stderr  # the log's language, not the terminal's
    assert encounters_of(log) == ["default"]


def test_play_creates_a_second_encounter_only_when_new_says_so(tmp_path):
    log = tmp_path / "jeudi.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "fr", "seed": 1}])
    done = subprocess.run([sys.executable, "-m", "combatlog.cli.main", "play", str(log), "--encounter", "pont",
                           "--new", "--ruleset", "dnd5e-2014"], input="", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(encounters_of(log)) == ["default", "pont"]


def test_play_refuses_another_ruleset_for_an_encounter_that_exists(tmp_path):
    log = tmp_path / "jeudi.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "en", "seed": 1}])
    done = cli("play", str(log), "--encounter", "default", "--ruleset", "pf1")
    assert done.returncode == 2
    assert "dnd5e-2014" in done.stderr and "pf1" in done.stderr
    assert encounters_of(log) == ["default"]


# ---------------------------------------------------------------- 3. reaction spells through `réagir`

MIRABEL = {"do": "add", "id": "mirabel", "name": "Mirabel", "side": "party", "kind": "pc", "at": [4, 3],
           "stats": {"ac": 12, "max_hp": 32, "speed": 9,
                     "abilities": {"str": 8, "dex": 14, "con": 14, "int": 18, "wis": 12, "cha": 10},
                     "proficiency_bonus": 3, "saves": ["int", "wis"],
                     "attacks": [{"id": "dagger", "kind": "melee", "name": "Dague", "to_hit": 5, "reach": 1.5,
                                  "damage": [{"roll": "1d4+2", "type": "piercing"}]}],
                     "spellcasting": {"ability": "int", "dc": 15, "attack": 7, "slots": {"1": 4, "2": 3, "3": 2},
                                      "spells": ["bless", "counterspell", "fireball", "shield", "cure-wounds"]}}}
OGRE = {"do": "add", "id": "ogre", "name": "Ogre", "side": "monsters", "kind": "monster",
        "at": [3, 3], "stats": {"ac": 11, "max_hp": 59, "speed": 12,
                                "abilities": {"str": 19, "dex": 8, "con": 16, "int": 5, "wis": 7, "cha": 7},
                                "proficiency_bonus": 2,
                                "attacks": [{"id": "greatclub", "kind": "melee", "name": {"en": "Greatclub", "fr": "Massue"},
                                             "to_hit": 6, "reach": 1.5, "damage": [{"roll": "2d8+4", "type": "bludgeoning"}]}]}}


def thursday(tmp_path, lang="fr", ruleset="dnd5e-2014") -> Table:
    """Mirabel (a wizard with Shield, Counterspell, Bless, Fireball) and an ogre, the ogre's turn first."""
    log = tmp_path / f"thursday-{lang}.db"
    run_script(log, [{"do": "create", "ruleset": ruleset, "lang": lang, "seed": 35}, MIRABEL, OGRE,
                     {"do": "initiative", "id": "ogre", "value": 20}, {"do": "initiative", "id": "mirabel", "value": 12},
                     {"do": "start"}])
    return Table(log)


@pytest.fixture
def fight(tmp_path):
    made = []

    def make(**options):
        made.append(thursday(tmp_path, **options))
        return made[-1]

    yield make
    for one in made:
        one.store.close()


def hit_mirabel(t: Table) -> None:
    """The ogre attacks Mirabel until a hit opens her reaction window (the seed decides the rolls)."""
    for _ in range(6):
        t.type("attaque ogre mirabel massue")
        if t.state.windows:
            return
    raise AssertionError("the ogre never hit")


def test_reagir_with_the_french_name_of_shield_casts_it_and_the_hit_becomes_a_miss_or_stays_against_ac_17(fight):
    t = fight()
    hit_mirabel(t)
    screen = t.type("réagir mirabel bouclier")
    assert "attaque d'opportunité" not in screen
    mirabel = t.document["combatants"]["mirabel"]
    assert "shield" in mirabel["effects"]
    assert not t.state.windows
    assert mirabel["slots"]["1"] == {"max": 4, "left": 3}  # Shield is a level 1 spell
    assert mirabel["reaction_available"] is False


def test_reagir_offers_the_reaction_spells_in_completion(fight):
    from combatlog.lines import candidates

    t = fight()
    hit_mirabel(t)
    offered = candidates("réagir mirabel ", t.state, "fr")
    assert {"bouclier", "contresort"} <= set(offered[1])


# ---------------------------------------------------------------- 4. spells by either language's name


@pytest.mark.parametrize("typed", ["bénédiction", "benediction", "Bénédiction", "bless"])
def test_lance_takes_bless_by_its_french_or_english_name_accents_and_case_ignored(fight, typed):
    from combatlog.lines import parse_line

    t = fight()
    parsed = parse_line(f"lance mirabel {typed} mirabel", t.state)
    assert parsed.commands == [{"do": "cast", "caster": "mirabel", "spell": "bless", "targets": ["mirabel"]}]


@pytest.mark.parametrize("typed", ["boule_de_feu", "boule de feu", "Boule-de-Feu", "fireball"])
def test_lance_takes_fireball_in_one_word_or_several_then_its_target_and_level(fight, typed):
    from combatlog.lines import parse_line

    t = fight()
    parsed = parse_line(f"lance mirabel {typed} ogre niveau 3", t.state)
    assert parsed.commands == [{"do": "cast", "caster": "mirabel", "spell": "fireball", "targets": ["ogre"], "level": 3}]


def test_a_spell_of_the_library_the_caster_does_not_list_is_named_by_its_id_for_the_engine_to_judge(fight):
    from combatlog.lines import parse_line

    t = fight()
    parsed = parse_line("lance mirabel projectile_magique ogre", t.state)
    assert parsed.commands[0]["spell"] == "magic-missile"


def test_casting_bless_in_french_on_mirabels_turn_spends_a_slot_and_marks_her(fight):
    t = fight()
    t.type("suivant")  # the ogre ends its turn: Mirabel's
    screen = t.type("lance mirabel bénédiction mirabel")
    assert "ni parmi" not in screen
    assert "bless" in t.document["combatants"]["mirabel"]["effects"]


# ---------------------------------------------------------------- 5. effects visible wherever a condition shows


def test_after_shield_the_shell_state_and_fiche_show_the_effect_and_ac_17_and_the_transcript_names_it(fight, capsys):
    t = fight()
    hit_mirabel(t)
    t.type("réagir mirabel bouclier")
    table = t.type("état")
    row = next(line for line in table.splitlines() if " mirabel " in line)
    assert " 17 " in row and "Bouclier (CA +5)" in row  # 12 + 5, the effect and what it changes
    sheet = t.type("fiche mirabel")
    assert "CA 17 (12)" in sheet and "Effets : Bouclier (CA +5)" in sheet
    log = str(t.shell.where)
    t.store.close()
    capsys.readouterr()  # what `run` printed while the fight was set up
    assert cli_main(["state", log]) == 0
    text = capsys.readouterr().out
    line = next(line for line in text.splitlines() if " mirabel " in line)
    assert "CA 17" in line and "Bouclier (CA +5)" in line
    assert cli_main(["export", log, "--format", "md"]) == 0
    transcript = capsys.readouterr().out
    assert "réagit : Bouclier" in transcript and "(12 + 5 Bouclier)" in transcript
    assert "shield" not in transcript.lower().replace("shield.", "")
    assert cli_main(["log", log]) == 0
    assert "shield" not in capsys.readouterr().out


def test_bless_shows_its_d4_on_attacks_and_saves_in_french_and_english(fight, capsys):
    t = fight()
    t.type("suivant", "lance mirabel bénédiction mirabel")
    assert "Bénédiction (+1d4 aux" in t.type("état")  # the table wraps the rest of the cell
    log = str(t.shell.where)
    t.store.close()
    capsys.readouterr()
    assert cli_main(["state", log]) == 0
    assert "Bénédiction (+1d4 aux attaques et JS)" in capsys.readouterr().out
    assert cli_main(["state", log, "--lang", "en"]) == 0
    assert "Bless (+1d4 to attacks and saves)" in capsys.readouterr().out


# ---------------------------------------------------------------- 8. the smaller ones


def test_serve_without_its_extra_says_how_to_install_it_from_a_source_checkout():
    from combatlog.cli.main import _server_install
    from combatlog.words import message

    assert _server_install() == "pip install -e '.[server]'"  # these tests run from the repository
    assert "pip install -e '.[server]'" in message("en", "cli-serve-needs-extra", install=_server_install(), error="x")
    assert "l'extra server" in message("fr", "cli-serve-needs-extra", install=_server_install(), error="x")


def test_run_whose_first_line_is_refused_leaves_no_log_file_behind(tmp_path):
    script = tmp_path / "groupe.jsonl"
    script.write_text('{"do": "add", "id": "bob"}\n', encoding="utf-8")
    log = tmp_path / "x.db"
    assert cli_main(["run", str(script), "--log", str(log)]) == 2
    assert not log.exists() and list(tmp_path.iterdir()) == [script]


def test_run_into_an_existing_log_never_removes_it(tmp_path):
    log = tmp_path / "x.db"
    run_script(log, [{"do": "create", "ruleset": "dnd5e-2014", "lang": "fr", "seed": 1}])
    script = tmp_path / "bad.jsonl"
    script.write_text('{"do": "add", "id": "bob"}\n', encoding="utf-8")
    assert cli_main(["run", str(script), "--log", str(log)]) == 2
    assert encounters_of(log) == ["default"]
