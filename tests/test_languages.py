"""One voice in two languages: the same fight in French and in English, through `run`, `log`, `state`, `diff`,
`export` and the shell in a real pseudo-terminal; no screen holds a word of the other language.

Given the same commands in a French and in an English encounter, When every front end shows the fight, Then
each screen speaks its encounter's language only (ids, names, paths and the DM's own text aside), and `log`
and the shell screens match the golden files in tests/golden/ (read them after a deliberate change of wording:
`COMBATLOG_REGEN_GOLDEN=1 python -m pytest tests/test_languages.py`).
"""

import io
import json
import os
import re
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from combatlog.cli.main import main as cli_main
from combatlog.cli.play import Shell, open_encounter
from combatlog.events.stores import open_store
from combatlog import words

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("COMBATLOG_REGEN_GOLDEN") == "1"


def fight(lang: str) -> list[dict]:
    """The scripted fight; the French script names its templates in French ("guerrier", "gobelin")."""
    fr = lang == "fr"

    def say(french: str, english: str) -> str:
        return french if fr else english

    return [
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 7, "lang": lang, "name": say("Embuscade au gué", "Ambush at the ford")},
        {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": say("guerrier", "fighter"), "at": [2, 2]},
        {"do": "add", "id": "gob1", "side": "monsters", "template": say("gobelin", "goblin"), "at": [3, 2]},
        {"do": "add", "id": "gob2", "side": "monsters", "template": say("gobelin", "goblin"), "at": [6, 2]},
        {"do": "initiative", "id": "aria", "value": 15},
        {"do": "initiative", "id": "gob1", "dice": [10]},
        {"do": "initiative", "id": "gob2", "value": 8},
        {"do": "start"},
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 2]},
        {"do": "move", "id": "aria", "path": [[1, 2]]},
        {"do": "react", "id": "gob1", "with": "opportunity_attack", "dice": [18, 3]},
        {"do": "condition", "target": "gob2", "add": "poisoned", "until": {"rounds": 2}},
        {"do": "damage", "target": "gob2", "amount": 3, "type": "fire", "save": {"ability": "dex", "dc": 12}, "dice": [5]},
        {"do": "end_turn"},
        {"do": "move", "id": "gob1", "path": [[2, 2]]},
        {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [1]},
        {"do": "end_turn"},
        {"do": "end_turn"},
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [20, 3, 5]},
        {"do": "undo"},
        {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [12, 4]},
        {"do": "damage", "target": "aria", "amount": 60, "type": "slashing"},
        {"do": "end_turn"},
        {"do": "end_turn"},
        {"do": "death_save", "id": "aria", "dice": [12]},
        {"do": "end", "reason": say("les gobelins s'enfuient", "the goblins flee")},
    ]


# The same fight typed at the shell (the encounter's seeded dice roll: same seed, same rolls in both languages).
SHELL = {
    "fr": ["ajout aria guerrier nom=Aria 2,2", "ajout gob1 gobelin 3,2", "ajout gob2 gobelin 6,2 pv=9 ca=13",
           "init aria 15", "init gob1 12", "init gob2 8", "début", "attaque aria gob1 épée",
           "cond gob2 +empoisonné 2 rounds", "cond gob2 +empoisonné", "cond gob1 +à_terre jusqu'à fin:aria",
           "bouge aria 1,2", "passer", "concentration aria bénédiction", "suivant", "bouge gob1 2,2",
           "empoigner gob1 aria", "suivant", "suivant", "dgt aria 60 feu", "suivant", "suivant", "",
           "fiche gob2", "modèles", "journal 5", "aide", "fin"],
    "en": ["add aria fighter name=Aria 2,2", "add gob1 goblin 3,2", "add gob2 goblin 6,2 hp=9 ac=13",
           "init aria 15", "init gob1 12", "init gob2 8", "start", "attack aria gob1 longsword",
           "cond gob2 +poisoned 2 rounds", "cond gob2 +poisoned", "cond gob1 +prone until end:aria",
           "move aria 1,2", "pass", "concentration aria blessing", "next", "move gob1 2,2",
           "grapple gob1 aria", "next", "next", "dmg aria 60 fire", "next", "next", "",
           "sheet gob2", "templates", "log 5", "help", "end"],
}

# Telltale words: a French screen holds none of ENGLISH, an English screen none of FRENCH. Words both languages
# write the same way (action, bonus, round, initiative, stable, invisible, poison, force, combat, test) are not here.
FRENCH = {
    "subit", "attaque", "attaques", "dégâts", "touche", "raté", "tour", "fenêtre", "réaction", "réagir", "passe",
    "mort", "mourant", "vivant", "terre", "empoisonné", "tranchant", "tranchants", "feu", "perforant", "épée",
    "cimeterre", "PV", "CA", "DD", "JS", "annule", "commande", "rencontre", "préparation", "déplace", "rejoint",
    "camp", "le", "la", "les", "de", "du", "des", "et", "contre", "pour", "à", "en", "est", "fin", "début",
    "événements", "événement", "graine", "règles", "bientôt", "journal", "dés", "automatiques", "Nom", "États",
    "Reste", "sauvegarde", "réussite", "échec", "inconscient", "neutralisé", "agrippé", "fixée", "utilise",
    "déplacement", "restant", "restants", "groupe", "aventuriers", "monstres", "monstre", "combat terminé", "aucun",
    "changement", "PJ", "vitesse", "maîtrise", "Compétences", "portée", "allonge", "modèles", "Commandes",
    "quitter", "aide", "suivant", "ou", "sur", "avec", "sauté", "quitte", "peut", "Tapez",
}
ENGLISH = {
    "takes", "attacks", "attack", "damage", "hit", "miss", "turn", "window", "reaction", "react", "pass", "passes",
    "death", "save", "saves", "dies", "dead", "dying", "alive", "prone", "poisoned", "slashing", "fire", "piercing",
    "longsword", "scimitar", "HP", "AC", "DC", "undo", "undoes", "command", "encounter", "setup", "moves", "joins",
    "side", "fight", "the", "of", "and", "with", "to", "by", "is", "end", "start", "starts", "events", "event",
    "seed", "rules", "Goodbye", "Log", "dice", "automatic", "Name", "Left", "success", "failure",
    "unconscious", "incapacitated", "grappled", "set", "uses", "movement", "left", "square", "party", "monsters",
    "monster", "over", "no", "change", "PC", "speed", "proficiency", "Skills", "range", "reach", "templates",
    "Commands", "quit", "help", "next", "or", "on", "skipped", "leaves", "may",
}
TELLTALE = {"fr": ENGLISH, "en": FRENCH}
IDS_AND_NAMES = ("aria", "Aria", "gob1", "gob2", "Gobelin", "Goblin", "Embuscade au gué", "Ambush at the ford",
                 "les gobelins s'enfuient", "the goblins flee", "bénédiction", "blessing", "table.db")


def foreign_words(screen: str, lang: str) -> set[str]:
    """The other language's telltale words on a screen, ids, names, paths and parenthesised ids aside."""
    text = screen
    for known in IDS_AND_NAMES:
        text = text.replace(known, " ")
    text = re.sub(r"\(([a-z_]+)\)", " ", text)  # template and attack ids: (goblin), (scimitar), (young_red_dragon)
    text = re.sub(r"\S*/\S*", " ", text)  # file paths
    found = set(re.findall(r"[A-Za-zÀ-ÿœŒ]+", text))
    return found & TELLTALE[lang]


def cli(capsys, *argv: str) -> str:
    code = cli_main([*argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def write(path: Path, commands: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in commands) + "\n", encoding="utf-8")
    return path


def _strip_terminal(text: str) -> str:
    """A pseudo-terminal's bytes as the eye reads them: no colour, cursor or title sequences."""
    text = re.sub(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)", "", text)
    text = re.sub(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]", "", text)
    text = re.sub(r"\x1b[()][0-9A-Za-z]|\x1b[=>78]", "", text)
    return text.replace("\r", "")


def shell_in_a_terminal(tmp_path: Path, lang: str) -> str:
    """`combatlog play` in a real pseudo-terminal (pexpect): the lines typed one by one, then quit."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "COLUMNS": "160", "LINES": "60"}
    child = pexpect.spawn(sys.executable, ["-m", "combatlog.cli.main", "play", "table.db", "--lang", lang, "--seed", "7",
                                           "--name", "Embuscade au gué" if lang == "fr" else "Ambush at the ford"],
                          cwd=str(tmp_path), env=env, encoding="utf-8", dimensions=(60, 160), timeout=180)
    seen = io.StringIO()
    child.logfile_read = seen  # everything the terminal showed
    try:
        child.expect(" >")
        for line in SHELL[lang] + ["quitter" if lang == "fr" else "quit"]:
            child.sendline(line)
            time.sleep(0.15)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    return _strip_terminal(seen.getvalue())


def screens(tmp_path: Path, capsys, lang: str) -> dict[str, str]:
    """Every front end's screen for the fight in `lang`."""
    log = tmp_path / f"fight-{lang}.db"
    shown = {"run": cli(capsys, "run", str(write(tmp_path / f"fight-{lang}.jsonl", fight(lang))), "--log", str(log))}
    shown["log"] = cli(capsys, "log", str(log))
    shown["state"] = cli(capsys, "state", str(log))
    shown["diff"] = cli(capsys, "diff", str(log), "19", "70")
    shown["export"] = cli(capsys, "export", str(log), "--format", "md")
    return shown


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_same_fight_speaks_only_its_language_on_every_screen(tmp_path, capsys, lang):
    shown = screens(tmp_path, capsys, lang)
    shown["shell"] = shell_in_a_terminal(tmp_path, lang)
    for name, screen in shown.items():
        assert screen.strip(), f"{name} printed nothing"
        assert foreign_words(screen, lang) == set(), f"{name} ({lang}) shows words of the other language"
    # Each screen really shows the fight.
    hit = {"fr": "Gobelin (gob1) subit 6 dégâts tranchants (PV 7 → 1)", "en": "Goblin (gob1) takes 6 slashing damage (HP 7 → 1)"}[lang]
    assert hit in shown["run"] and hit in shown["log"]
    assert {"fr": "dégâts de feu", "en": "fire damage"}[lang] in shown["shell"]
    assert {"fr": "Aria subit 60 dégâts de feu (PV 44 → 0)", "en": "Aria takes 60 fire damage (HP 44 → 0)"}[lang] in shown["shell"]
    assert {"fr": "PV   4/7", "en": "HP   4/7"}[lang] in shown["state"]
    assert {"fr": "gob1 : PV 7 -> 0; état vivant -> mort", "en": "gob1: HP 7 -> 0; status alive -> dead"}[lang] in shown["diff"]


def test_both_languages_fight_the_same_fight(tmp_path, capsys):
    documents = {}
    for lang in ("fr", "en"):
        log = tmp_path / f"{lang}.db"
        cli(capsys, "run", str(write(tmp_path / f"{lang}.jsonl", fight(lang))), "--log", str(log), "-q")
        documents[lang] = json.loads(cli(capsys, "state", str(log), "--json"))
    for document in documents.values():
        del document["name"], document["lang"]
        for creature in document["combatants"].values():
            del creature["name"]
    assert documents["fr"] == documents["en"]
    assert cli_main(["verify", str(tmp_path / "fr.db")]) == 0


def _check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from the golden file"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_log_matches_its_golden_file(tmp_path, capsys, lang):
    log = tmp_path / "fight.db"
    cli(capsys, "run", str(write(tmp_path / "fight.jsonl", fight(lang))), "--log", str(log), "-q")
    _check_golden(f"log.{lang}.txt", cli(capsys, "log", str(log)))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_shell_screens_match_their_golden_file(tmp_path, lang):
    console = Console(file=io.StringIO(), width=130, record=True, color_system=None, force_terminal=False)
    lines = list(SHELL[lang])
    with open_store(str(tmp_path / "table.db")) as store:
        encounter = open_encounter(store, None, ruleset="dnd5e-2024", lang=lang, seed=7,
                                   name="Embuscade au gué" if lang == "fr" else "Ambush at the ford")

        def read(prompt: str, kind: str) -> str:
            if not lines:
                raise EOFError
            line = lines.pop(0)
            console.print(prompt + line, markup=False, highlight=False)
            return line

        Shell(encounter, console, read, lang=lang, dice="auto", where="table.db").loop()
    screen = console.export_text()
    assert foreign_words(screen, lang) == set()
    _check_golden(f"shell.{lang}.txt", screen)


# ------------------------------------------------------------------ the other rulesets: Rôle'n Play and Pathfinder
FIXTURES = Path(__file__).parent.parent / "fixtures" / "encounters"
# The DM's own words in the sample scripts (free text is not translated) are left out of the two-language runs.
DM_TEXT = ("note", "reason", "description", "comment", "trigger")


def sample_fight(stem: str, lang: str) -> list[dict]:
    """A sample script of fixtures/encounters/ in `lang`: its encounter language set, the DM's free text left out."""
    commands = []
    for line in (FIXTURES / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        command = {key: value for key, value in json.loads(line).items() if key not in DM_TEXT}
        if command["do"] == "create":
            command.update(lang=lang, name="Wolf ford" if stem.startswith("rolenplay") else "Ford ambush")
        commands.append(command)
    return commands


# Display names of the sample creatures (names, not words of a language).
SAMPLE_NAMES = ("Wolf ford", "Ford ambush", "Brom", "Lyra", "Brann", "Lisette", "Agathe", "Eloi", "Ironheart")


@pytest.mark.parametrize("stem", ["rolenplay_wolf_ford", "pf1_ford_ambush"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rolenplay_and_pathfinder_fights_speak_only_their_language(tmp_path, capsys, stem, lang):
    """Given a Rôle'n Play (seed 003) and a Pathfinder (seed 004) sample fight, When `log`, `state` and `export`
    show it in French and in English, Then no screen holds a telltale word of the other language."""
    log = tmp_path / f"{stem}-{lang}.db"
    cli(capsys, "run", str(write(tmp_path / f"{stem}-{lang}.jsonl", sample_fight(stem, lang))), "--log", str(log), "-q")
    shown = {"log": cli(capsys, "log", str(log)), "state": cli(capsys, "state", str(log)),
             "export": cli(capsys, "export", str(log), "--format", "md")}
    for name, screen in shown.items():
        assert screen.strip(), f"{name} printed nothing"
        for known in SAMPLE_NAMES:
            screen = screen.replace(known, " ")
        assert foreign_words(screen, lang) == set(), f"{stem}: {name} ({lang}) shows words of the other language"


# The Pathfinder verbs and Rôle'n Play's rounds after the combat, typed in each language's words at the shell.
PF1_SHELL = {
    "fr": ["ajout brann guerrier 2,2", "ajout gob1 gobelin 3,2", "ajout gob2 gobelin 3,3", "init brann 15", "init gob1 10",
           "init gob2 10", "début", "départager gob1 gob2", "début", "outrance brann gob1", "suivant",
           "manœuvre gob2 brann croc-en-jambe"],
    "en": ["add brann fighter 2,2", "add gob1 goblin 3,2", "add gob2 goblin 3,3", "init brann 15", "init gob1 10",
           "init gob2 10", "start", "roll_off gob1 gob2", "start", "full_attack brann gob1", "next",
           "maneuver gob2 brann trip"],
}
ROLENPLAY_SHELL = {
    "fr": ["ajout aria guerrier nom=Aria pj 2,2", "ajout gob1 gobelin 3,2", "init aria 15", "init gobelin 10", "début",
           "round_suivant", "fin", "round_suivant 2"],
    "en": ["add aria fighter name=Aria pc 2,2", "add gob1 goblin 3,2", "init aria 15", "init goblin 10", "start",
           "next_round", "end", "next_round 2"],
}


def _shell_session(tmp_path: Path, ruleset: str, lang: str, lines: list[str]) -> tuple[str, list[str]]:
    """The screen of a shell session and the commands it wrote to the log (their `do`)."""
    console = Console(file=io.StringIO(), width=160, record=True, color_system=None, force_terminal=False)
    pending = list(lines)
    with open_store(str(tmp_path / f"{ruleset}-{lang}.db")) as store:
        encounter = open_encounter(store, None, ruleset=ruleset, lang=lang, seed=7, name="Test")

        def read(prompt: str, kind: str) -> str:
            if not pending:
                raise EOFError
            line = pending.pop(0)
            console.print(prompt + line, markup=False, highlight=False)
            return line

        Shell(encounter, console, read, lang=lang, dice="auto", where="table.db").loop()
        done = [record.event.command.get("do") for record in store.read(encounter.encounter)
                if type(record.event).__name__ == "CommandIssued"]
    return console.export_text(), done


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_pathfinder_verbs_are_reachable_in_both_languages_at_the_shell(tmp_path, lang):
    """pf1's full attack, combat maneuver and initiative roll-off (seed 004 Initiative) in the table's own words."""
    screen, done = _shell_session(tmp_path, "pf1", lang, PF1_SHELL[lang])
    assert {"roll_off", "full_attack", "maneuver"} <= set(done), screen
    assert {"fr": "✗ initiative à égalité", "en": "✗ initiative tied"}[lang] in screen  # the tied start is refused
    assert {"fr": "attaque à outrance", "en": "full attack"}[lang] in screen


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rolenplay_rounds_after_the_combat_at_the_shell(tmp_path, lang):
    """Rôle'n Play's five rounds after the combat (seed 003 D6) and its group initiative by the template's name."""
    screen, done = _shell_session(tmp_path, "rolenplay", lang, ROLENPLAY_SHELL[lang])
    assert done.count("next_round") == 1 and done.count("initiative") == 2, screen
    refused = {"fr": "les rounds après le combat ne se comptent qu'une fois le combat fini", "en": "next_round counts the rounds after the combat"}
    assert refused[lang] in screen  # during the combat it is refused, in the table's language
    assert {"fr": "round 2 après le combat (3 restants)", "en": "round 2 after the combat"}[lang] in screen
    assert foreign_words(screen.replace("Test", " "), lang) == set()


def test_every_message_the_code_names_is_in_both_catalogs():
    """One place per message: each id given to both(), Phrase(), say(), a refusal (fail, RuleViolation,
    InvalidCommand) or a dice error exists in French and English."""
    root = Path(__file__).parent.parent
    used = set()
    for folder in ("core/kernel", "core/rulesets", "core/rulesets/dnd5e", "core/rulesets/pf1", "replay", "cli",
                   "projections"):
        for path in (root / folder).glob("*.py"):
            used |= set(re.findall(r'(?:both|Phrase|say|_said|fail|RuleViolation|InvalidCommand|DiceError)\(\s*"([a-z0-9-]+)"',
                                   path.read_text(encoding="utf-8")))
    assert len(used) > 150
    missing = sorted((lang, mid) for mid in used for lang in ("fr", "en") if not words.has(lang, mid))
    assert missing == []
