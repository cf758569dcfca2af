"""Fight transcripts: the demo fight (fixtures/encounters/transcript_demo.jsonl) exported through the CLI as
Markdown, HTML and JSON, in French and in English, compared with the golden files in tests/golden/.

After a deliberate change of wording, regenerate the golden files and read them before committing:

    COMBATLOG_REGEN_GOLDEN=1 python -m pytest tests/test_transcript.py
"""

import json
import os
import re
from pathlib import Path

import pytest

from combatlog.cli.main import main as cli_main
from combatlog.events.stores import open_store
from combatlog.transcript import to_html, to_markdown, transcript

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "fixtures" / "encounters" / "transcript_demo.jsonl"
GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("COMBATLOG_REGEN_GOLDEN") == "1"

# Every golden file: (language, format, extra export options).
GOLDENS = [
    ("fr", "md", ()), ("en", "md", ()),
    ("fr", "html", ()), ("en", "html", ()),
    ("fr", "json", ()), ("en", "json", ()),
    ("fr", "md", ("--include-undone",)), ("en", "md", ("--include-undone",)),
]


def _run(script: Path, log: Path) -> None:
    assert cli_main(["run", str(script), "--log", str(log), "--quiet"]) == 0


def _export(log: Path, *options: str) -> str:
    out = log.parent / f"export-{abs(hash(options))}.out"
    assert cli_main(["export", str(log), *options, "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def _records(log: Path) -> list:
    with open_store(str(log)) as store:
        return list(store.read(store.encounters()[0]))


@pytest.fixture(scope="module")
def demo_log(tmp_path_factory) -> Path:
    log = tmp_path_factory.mktemp("transcript") / "demo.db"
    _run(DEMO, log)
    return log


def _script(tmp_path: Path, text: str) -> Path:
    script = tmp_path / "script.jsonl"
    script.write_text(text.strip() + "\n", encoding="utf-8")
    return script


# ---------------------------------------------------------------------------------------------
# Golden files
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, fmt, options", GOLDENS,
                         ids=[f"{lang}-{fmt}{'-undone' if options else ''}" for lang, fmt, options in GOLDENS])
def test_the_demo_transcript_matches_its_golden_file(demo_log, lang, fmt, options):
    text = _export(demo_log, "--format", fmt, "--lang", lang, *options)
    golden = GOLDEN / f"transcript_demo.{lang}{'.undone' if options else ''}.{fmt}"
    if REGEN:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"{golden.name} is missing: run with COMBATLOG_REGEN_GOLDEN=1 and read it"
    assert text == golden.read_text(encoding="utf-8"), (
        f"the transcript differs from {golden.name}; if the change is deliberate, regenerate with "
        "COMBATLOG_REGEN_GOLDEN=1 and read the new file"
    )


def test_the_transcript_is_in_the_encounters_language_unless_told_otherwise(demo_log):
    assert _export(demo_log, "--format", "md") == _export(demo_log, "--format", "md", "--lang", "fr")
    assert "Round 1" in _export(demo_log, "--format", "md", "--lang", "en")


def test_the_same_fight_replayed_later_gives_the_same_transcript_and_no_timestamp(demo_log, tmp_path):
    again = tmp_path / "again.db"
    _run(DEMO, again)
    stamps = {record.at for record in _records(demo_log)} | {record.at for record in _records(again)}
    for options in (("--format", "md"), ("--format", "html"), ("--format", "json", "--include-undone")):
        first, second = _export(demo_log, *options), _export(again, *options)
        assert first == second
        assert not any(stamp in first for stamp in stamps)
        assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", first)


# ---------------------------------------------------------------------------------------------
# What a French table reads
# ---------------------------------------------------------------------------------------------


def test_the_french_transcript_tells_the_fight_as_a_table_says_it(demo_log):
    text = _export(demo_log, "--format", "md", "--lang", "fr")
    for line in (
        "**Ordre d'initiative : Aria (17), Gobelin 1 (14), Gobelin 2 (10), Brom (9).**",
        "### Tour du gobelin 1",
        "- Aria attaque le gobelin 1 avec son épée longue.",
        "Jet d'attaque : d20 (16) + 7 = 23 contre CA 15 — touché.",
        "Jet d'attaque : d20 (2) + 7 = 9 contre CA 15 — raté.",
        "Fenêtre de réaction : le gobelin 1 quitte l'allonge d'Aria ; Aria peut réagir.",
        "Aria fait une attaque d'opportunité contre le gobelin 1 avec son épée longue.",
        "d20 (20) + 7 = 27 contre CA 15 — coup critique (20 naturel).",
        "Dégâts (coup critique : dés doublés) : 2d8 (3, 5) + 4 = 12 tranchants ; PV du gobelin 1 : 2 → 0.",
        "Le gobelin 1 meurt.",
        "Le gobelin 2 fait un JS de Dextérité DD 14 : d20 (7) + 2 (Dex) = 9 — échec.",
        "Le gobelin 2 est à terre.",
        "Jet d'attaque avec avantage (cible à terre à 1,5 m) : d20 (4 et 9, on garde 9) + 7 = 16 contre CA 15 — touché.",
        "Le gobelin 2 se relève (4,5 m de déplacement).",
        "Dégâts : 2d6 (5, 6) = 11 de feu, réduits à 5 par la résistance ; PV d'Aria : 5 → 0.",
        "Aria tombe à 0 PV et devra faire des jets de sauvegarde contre la mort.",
        "Aria perd connaissance.",
        "Aria fait son jet de sauvegarde contre la mort : d20 (12) — réussite (1 réussite, 0 échec).",
        "Brom fait un test de Sagesse (Médecine) DD 10 : d20 (9) + 3 (Sag) + 3 (maîtrise) = 15 — réussite.",
        "Aria est stable.",
        "Annulé par le MJ : l'attaque de Brom contre le gobelin 2 (masse d'armes).",
        "Note du MJ : « le gobelin lance une fiole de feu grégeois »",
    ):
        assert line in text, line


def test_the_english_transcript_reads_as_natural_english(demo_log):
    text = _export(demo_log, "--format", "md", "--lang", "en")
    for line in (
        "### Goblin 1's turn",
        "- Aria attacks Goblin 1 with a longsword.",
        "Attack roll: d20 (16) + 7 = 23 vs AC 15 — hit.",
        "Reaction window: Goblin 1 leaves Aria's reach; Aria can react.",
        "Attack roll: d20 (20) + 7 = 27 vs AC 15 — critical hit (natural 20).",
        "Attack roll with advantage (target prone within 1.5 m): d20 (4 and 9, kept 9) + 7 = 16 vs AC 15 — hit.",
        "Damage: 2d6 (5, 6) = 11 fire, halved to 5 by resistance; Aria: HP 5 → 0.",
        "Goblin 2 makes a DC 14 Dexterity saving throw: d20 (7) + 2 (Dex) = 9 — failure.",
        "Aria makes a death saving throw: d20 (12) — success (1 success, 0 failures).",
        "Goblin 1 dies.",
        "Undone by the DM: Brom's attack on Goblin 2 (mace).",
    ):
        assert line in text, line


# ---------------------------------------------------------------------------------------------
# Undone commands
# ---------------------------------------------------------------------------------------------


def test_an_undone_command_is_left_out_by_default_but_its_undo_is_shown(demo_log):
    text = _export(demo_log, "--format", "md")
    assert "Annulé par le MJ : l'attaque de Brom contre le gobelin 2 (masse d'armes)." in text
    assert "d20 (19)" not in text  # the mistyped roll
    assert "~~" not in text and "(annulé)" not in text
    document = json.loads(_export(demo_log, "--format", "json"))
    entries = [entry for round_ in document["rounds"] for turn in round_["turns"] for entry in turn["entries"]]
    assert not any(entry["undone"] for entry in entries)


def test_include_undone_shows_the_undone_command_struck_through_and_marked(demo_log):
    text = _export(demo_log, "--format", "md", "--include-undone")
    assert "- ~~Brom attaque le gobelin 2 avec sa masse d'armes.~~ *(annulé)*" in text
    assert "  - ~~Jet d'attaque : d20 (19) + 6 = 25 contre CA 15 — touché.~~" in text
    assert text.index("~~Brom attaque") < text.index("Annulé par le MJ")
    english = _export(demo_log, "--format", "md", "--lang", "en", "--include-undone")
    assert "- ~~Brom attacks Goblin 2 with a mace.~~ *(undone)*" in english
    html = _export(demo_log, "--format", "html", "--include-undone")
    assert '<del>Brom attaque le gobelin 2 avec sa masse d&#x27;armes.</del><span class="tag">annulé</span>' not in html
    assert "<del>Brom attaque le gobelin 2 avec sa masse d'armes.</del><span class=\"tag\">annulé</span>" in html
    document = json.loads(_export(demo_log, "--format", "json", "--include-undone"))
    entries = [entry for round_ in document["rounds"] for turn in round_["turns"] for entry in turn["entries"]]
    undone = [entry for entry in entries if entry["undone"]]
    assert [entry["text"] for entry in undone] == ["Brom attaque le gobelin 2 avec sa masse d'armes."]
    assert "undone" in undone[0]["tags"]


# ---------------------------------------------------------------------------------------------
# HTML and the other formats
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [(), ("--include-undone",), ("--lang", "en")])
def test_the_html_is_one_self_contained_file_that_prints_well(demo_log, options):
    html = _export(demo_log, "--format", "html", *options)
    assert html.startswith("<!DOCTYPE html>\n")
    assert html.rstrip().endswith("</html>")
    assert html.count("<style>") == 1 and "@media print" in html
    lowered = html.lower()
    for external in ("http", "<link", "<script", "src=", "@import", "url(", "<iframe", "<object"):
        assert external not in lowered, external


def test_the_html_escapes_every_text_the_table_typed(tmp_path):
    log = tmp_path / "escape.db"
    _run(_script(tmp_path, """
{"do": "create", "ruleset": "dnd5e-2024", "lang": "fr", "name": "<script>alert(1)</script> & co"}
{"do": "add", "id": "eve", "name": "<b>Ève</b>", "side": "a", "kind": "pc", "template": "fighter"}
{"do": "add", "id": "gob", "side": "b", "template": "goblin"}
{"do": "initiative", "id": "eve", "dice": [10]}
{"do": "initiative", "id": "gob", "dice": [5]}
{"do": "start"}
{"do": "attack", "attacker": "eve", "target": "gob", "with": "longsword", "dice": [3], "note": "<img src=x onerror=alert(1)>"}
"""), log)
    html = _export(log, "--format", "html")
    assert "<script" not in html and "<b>" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html
    assert "&lt;b&gt;Ève&lt;/b&gt; attaque le gobelin avec son épée longue." in html
    markdown = _export(log, "--format", "md")
    assert "\\<b\\>Ève\\</b\\>" in markdown


def test_json_is_stable_and_structured_for_tools(demo_log):
    document = json.loads(_export(demo_log, "--format", "json"))
    assert document["format"] == "combatlog-transcript" and document["version"] == 1
    assert document["title"] == "Le gué aux gobelins" and document["lang"] == "fr"
    assert [round_["number"] for round_ in document["rounds"]] == [1, 2, 3]
    first_turn = document["rounds"][0]["turns"][0]
    assert first_turn["id"] == "aria" and first_turn["heading"] == "Tour d'Aria"
    attack = first_turn["entries"][0]
    assert attack["kind"] == "attack" and attack["actor"] == "aria"
    assert set(attack) == {"kind", "text", "details", "seq", "txn", "actor", "undone", "tags"}
    final = {row["id"]: row for row in document["combatants"]}
    assert final["aria"]["final_hp"] == 0 and final["aria"]["final_status"] == "stable"
    assert final["gob1"]["final_status"] == "mort"


def test_jsonl_export_stays_the_raw_event_log(demo_log):
    lines = _export(demo_log, "--format", "jsonl").splitlines()
    assert len(lines) == len(_records(demo_log))
    assert json.loads(lines[0])["body"]["event"]["type"] == "CommandIssued"


def test_a_transcript_needs_one_encounter_when_the_log_holds_several(tmp_path, capsys):
    log = tmp_path / "two.db"
    script = _script(tmp_path, '{"do": "create", "ruleset": "dnd5e-2024"}')
    assert cli_main(["run", str(script), "--log", str(log), "--encounter", "one", "--quiet"]) == 0
    assert cli_main(["run", str(script), "--log", str(log), "--encounter", "two", "--quiet"]) == 0
    assert cli_main(["export", str(log), "--format", "md"]) == 1
    assert "--encounter" in capsys.readouterr().err
    assert cli_main(["export", str(log), "--format", "md", "--encounter", "two", "-o", str(tmp_path / "t.md")]) == 0


# ---------------------------------------------------------------------------------------------
# Every kind of event reads as prose
# ---------------------------------------------------------------------------------------------

BUSY_2024 = """
{"do": "create", "ruleset": "dnd5e-2024", "seed": "w", "lang": "fr", "name": "Tout"}
{"do": "add", "id": "lyra", "name": "Lyra", "side": "party", "kind": "pc", "template": "wizard", "at": [0, 0]}
{"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "overrides": {"hp": 10}, "at": [1, 0]}
{"do": "add", "id": "cap", "side": "bandits", "template": "bandit_captain", "at": [1, 1]}
{"do": "add", "id": "spider", "side": "bandits", "template": "giant_spider", "at": [3, 3]}
{"do": "add", "id": "snaga", "name": "Snaga", "side": "bandits", "template": "orc", "at": [6, 6]}
{"do": "surprise", "ids": ["aria", "lyra"]}
{"do": "initiative", "id": "lyra", "dice": [10, 12]}
{"do": "initiative", "id": "aria", "dice": [3, 17]}
{"do": "initiative", "id": "cap", "value": 12}
{"do": "initiative", "id": "spider", "dice": [8]}
{"do": "initiative", "id": "snaga", "dice": [5]}
{"do": "order", "ids": ["lyra", "cap"]}
{"do": "start"}
{"do": "attack", "attacker": "lyra", "target": "cap", "with": "dagger", "dice": [15, 3]}
{"do": "react", "id": "cap", "with": "parry"}
{"do": "end_turn"}
{"do": "attack", "attacker": "cap", "target": "lyra", "with": "scimitar", "dice": [10]}
{"do": "react", "id": "lyra", "with": "shield", "dice": []}
{"do": "condition", "target": "lyra", "add": "frightened", "source": "cap", "until": "end_of_turn", "of": "lyra"}
{"do": "condition", "target": "spider", "add": "poisoned", "rounds": 2}
{"do": "end_turn"}
{"do": "action", "id": "spider", "action": "dodge", "slot": "bonus"}
{"do": "move", "id": "spider", "path": [[2, 2], [2, 1]]}
{"do": "grapple", "attacker": "spider", "target": "aria", "dice": [3]}
{"do": "end_turn"}
{"do": "temp_hp", "target": "aria", "amount": 5}
{"do": "temp_hp", "target": "aria", "amount": 3}
{"do": "damage", "targets": ["aria", "lyra"], "roll": "3d6", "type": "poison", "save": {"ability": "con", "dc": 13}, "dice": [2, 18, 4, 4, 4]}
{"do": "heal", "target": "aria", "roll": "1d8+3", "dice": [4]}
{"do": "save", "id": "aria", "ability": "wis", "dc": 15, "advantage": true, "dice": [3, 19]}
{"do": "check", "id": "aria", "skill": "athletics", "against": {"id": "snaga", "ability": "str", "skill": "athletics"}, "dice": [10, 10]}
{"do": "end_turn"}
{"do": "escape", "id": "aria", "dice": [15]}
{"do": "move", "id": "aria", "path": [[2, 0], [3, 0]]}
{"do": "pass", "id": "cap"}
{"do": "end_turn"}
{"do": "end_turn"}
{"do": "damage", "target": "lyra", "amount": 40, "type": "force"}
{"do": "end_turn"}
{"do": "undo"}
{"do": "redo"}
{"do": "condition", "target": "aria", "add": "blinded"}
{"do": "condition", "target": "aria", "remove": "blinded"}
{"do": "condition", "target": "cap", "add": "blinded"}
{"do": "condition", "target": "spider", "add": "restrained", "save": {"ability": "str", "dc": 12}}
{"do": "place", "id": "snaga", "at": [5, 5]}
{"do": "terrain", "squares": [[1, 1], [2, 2]], "kind": "difficult"}
{"do": "action", "id": "spider", "action": "hide", "dice": [12, 16]}
{"do": "action", "id": "spider", "action": "help", "ally": "snaga", "target": "aria", "slot": "bonus"}
{"do": "end_turn"}
{"do": "end_turn"}
{"do": "end_turn"}
{"do": "death_save", "id": "lyra", "dice": [1]}
{"do": "end_turn"}
{"do": "attack", "attacker": "cap", "target": "lyra", "with": "scimitar", "dice": [9, 2, 3]}
{"do": "undo", "steps": 2, "note": "on revient sur la mort de Lyra"}
{"do": "redo", "steps": 2}
{"do": "end", "reason": "fuite"}
"""

BUSY_2014 = """
{"do": "create", "ruleset": "dnd5e-2014", "seed": "x", "lang": "fr", "name": "Ruelle"}
{"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [0, 0]}
{"do": "add", "id": "lyra", "name": "Lyra", "side": "party", "kind": "pc", "template": "wizard", "overrides": {"hp": 3}, "at": [0, 2]}
{"do": "add", "id": "o1", "side": "orcs", "template": "orc", "group": "orcs", "at": [1, 0]}
{"do": "add", "id": "o2", "side": "orcs", "template": "orc", "group": "orcs", "at": [1, 2]}
{"do": "add", "id": "wolf", "side": "orcs", "template": "wolf", "at": [5, 5]}
{"do": "initiative", "id": "aria", "dice": [18]}
{"do": "initiative", "id": "lyra", "dice": [2]}
{"do": "initiative", "id": "orcs", "dice": [10]}
{"do": "initiative", "id": "wolf", "dice": [7]}
{"do": "start"}
{"do": "grapple", "attacker": "aria", "target": "o1", "dice": [15, 5]}
{"do": "attack", "attacker": "aria", "target": "o1", "with": "longsword", "nonlethal": true, "dice": [17, 8]}
{"do": "end_turn"}
{"do": "action", "id": "o1", "action": "ready", "trigger": "si Aria bouge", "response": {"do": "attack", "target": "aria", "with": "greataxe"}}
{"do": "end_turn"}
{"do": "attack", "attacker": "o2", "target": "lyra", "with": "greataxe", "dice": [15, 12]}
{"do": "pass", "id": "lyra"}
{"do": "end_turn"}
{"do": "trigger", "id": "o1"}
{"do": "react", "id": "o1", "with": "readied", "dice": [12]}
{"do": "remove", "id": "wolf"}
{"do": "death_save", "id": "lyra", "dice": [20]}
{"do": "concentrate", "id": "lyra", "effect": "bouclier de foi"}
{"do": "end_turn"}
{"do": "revert", "to": 61}
{"do": "end"}
"""

RAW_WORDS = re.compile(
    r"\b(?:[A-Z][a-z]+){2,}\b"  # an event type name such as DamageTaken
    r"|\b(?:None|gob1|cap|spider|snaga|o1|o2|lyra|aria)\b"  # ids or Python values leaking into the prose
    r"|a monster dies|dropped to 0 HP|stood up|start of|end of \w+'s turn|opportunity_attack"
)


@pytest.mark.parametrize("script", [BUSY_2024, BUSY_2014], ids=["2024", "2014"])
def test_every_kind_of_event_of_a_busy_fight_reads_as_prose(tmp_path, script):
    log = tmp_path / "busy.db"
    _run(_script(tmp_path, script), log)
    records = _records(log)
    french = to_markdown(transcript(records, include_undone=True))
    english = to_markdown(transcript(records, lang="en", include_undone=True))
    leaks = RAW_WORDS.findall(french)
    assert not leaks, leaks
    assert not re.findall(r"\b(?:[A-Z][a-z]+){2,}\b|\bNone\b|opportunity_attack", english)
    assert to_html(transcript(records, lang="en"))


def test_the_busy_2024_fight_shows_reactions_conditions_and_death(tmp_path):
    log = tmp_path / "busy.db"
    _run(_script(tmp_path, BUSY_2024), log)
    text = to_markdown(transcript(_records(log)))
    for line in (
        "Le capitaine bandit réagit : Parade.",
        "La CA du capitaine bandit passe à 17 (15 + 2 Parade) : l'attaque touche quand même.",
        "Bouclier : CA +5 pour Lyra jusqu'au début de son prochain tour.",
        "La CA de Lyra passe à 17 (12 + 5 Bouclier) : l'attaque rate finalement.",
        "L'araignée géante est empoisonnée pendant 2 rounds.",
        "L'araignée géante n'est plus empoisonnée (2 rounds écoulés).",
        "Aria subit la condition Agrippé (source : l'araignée géante).",
        "La condition Agrippé d'Aria prend fin (libération réussie).",
        "Aria garde ses 5 PV temporaires (les 3 nouveaux ne se cumulent pas).",
        "Dégâts : 3d6 (4, 4, 4) = 12 de poison ; PV temporaires d'Aria : 5 → 0, PV : 10 → 3.",
        "Dégâts : 3d6 (4, 4, 4) = 12 de poison, réduits de moitié à 6 (JS réussi) ; PV de Lyra : 27 → 21.",
        "Initiative de Lyra avec désavantage (surprise) : d20 (10 et 12, on garde 10) + 2 = 12.",
        "Aria l'emporte (17 contre 13).",
        "Le capitaine bandit ne réagit pas.",
        "Aria poursuit son déplacement : 1,5 m, de (2, 0) à (3, 0).",
        "Lyra fait son jet de sauvegarde contre la mort : d20 (1) — 1 naturel : deux échecs (0 réussite, 2 échecs).",
        "coup critique automatique (cible inconsciente à 1,5 m)",
        "Coup critique à 0 PV : Lyra subit deux échecs au jet de sauvegarde contre la mort (0 réussite, 3 échecs).",
        "Lyra meurt (trois échecs aux jets de sauvegarde contre la mort).",
        "Rétabli par le MJ : la fin du tour ; l'attaque du capitaine bandit contre Lyra (cimeterre).",
    ):
        assert line in text, line


def test_the_2014_rules_speak_of_empoigne_and_of_readied_actions(tmp_path):
    log = tmp_path / "busy.db"
    _run(_script(tmp_path, BUSY_2014), log)
    text = to_markdown(transcript(_records(log), include_undone=True))
    assert "L'orc 1 est empoigné par Aria." in text
    assert "L'orc 1 utilise l'action Se tenir prêt : déclencheur « si Aria bouge »." in text
    assert "Fenêtre de réaction : le déclencheur de l'orc 1 survient (« si Aria bouge ») ; l'orc 1 peut réagir." in text
    assert "L'attaque de l'orc 2 contre Lyra porte." in text
    assert "Le MJ revient à l'événement n° 61 : 6 commandes annulées." in text
    assert "Initiative commune de l'orc 1 et de l'orc 2 : d20 (10) + 1 = 11." in text


# ---------------------------------------------------------------------------------------------
# Issue 23: event numbers, and who threw the dice
# ---------------------------------------------------------------------------------------------


def test_the_markdown_transcript_numbers_each_entry_by_its_event_as_the_html_does(demo_log):
    markdown = _export(demo_log, "--format", "md", "--lang", "fr")
    html = _export(demo_log, "--format", "html", "--lang", "fr")
    # Aria's first attack is event 27 in the demo log (the HTML's reference #27 says the same)
    assert '<li class="entry attack dice-typed" data-seq="27"' in html
    assert "- Aria attaque le gobelin 1 avec son épée longue. `#27`" in markdown
    assert "- Annulé par le MJ : l'attaque de Brom contre le gobelin 2 (masse d'armes). `#59`" in markdown


MIXED_DICE = """
{"do": "create", "ruleset": "dnd5e-2024", "seed": "dice-source", "lang": "fr", "name": "Qui lance ?"}
{"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [0, 0]}
{"do": "add", "id": "gob", "side": "goblins", "template": "goblin", "at": [1, 0]}
{"do": "initiative", "id": "aria"}
{"do": "initiative", "id": "gob", "dice": [1]}
{"do": "start"}
{"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword", "dice": [2]}
{"do": "attack", "attacker": "aria", "target": "gob", "with": "longsword"}
"""


def test_each_roll_says_whether_the_table_typed_its_dice_or_the_engine_rolled_them(tmp_path):
    log = tmp_path / "dice.db"
    _run(_script(tmp_path, MIXED_DICE), log)
    records = _records(log)
    document = transcript(records)
    setup = {entry.seq: entry for entry in document.setup}
    engine_initiative, typed_initiative = sorted(setup)
    assert "dice-typed" in setup[typed_initiative].tags and "dice-rolled" not in setup[typed_initiative].tags
    assert "dice-rolled" in setup[engine_initiative].tags and "dice-typed" not in setup[engine_initiative].tags
    typed_attack, engine_attack = document.rounds[0].turns[0].entries
    assert typed_attack.tags == ["dice-typed"] and engine_attack.tags[-1] == "dice-rolled"
    french = to_markdown(document)
    assert f"- Aria attaque le gobelin avec son épée longue. `#{typed_attack.seq}` *(dés de la table)*" in french
    assert f"- Aria attaque le gobelin avec son épée longue. `#{engine_attack.seq}` *(dés tirés par le moteur)*" in french
    english = to_markdown(transcript(records, lang="en"))
    assert "*(dice typed by the table)*" in english and "*(dice rolled by the engine)*" in english
    html = to_html(document)
    assert '<span class="tag dice">dés de la table</span>' in html
    assert '<span class="tag dice">dés tirés par le moteur</span>' in html
    # a move rolls nothing: no mark
    assert all(not {"dice-typed", "dice-rolled"} & set(entry.tags) for entry in document.setup if "Initiative" not in entry.text)


PF1_FORD = ROOT / "fixtures" / "encounters" / "pf1_ford_ambush.jsonl"


def test_the_pf1_transcript_reads_like_the_5e_one_dice_faces_damage_type_and_hp_before_and_after(tmp_path):
    """Issue 23: the pf1 transcript printed `dégâts sur Gobelin 1 : 4` and `subit 4 dégâts → 2 PV` although
    Pf1DamageRolled holds `1d6 [4] piercing`. Lisette's shortbow hits Goblin 1 (6 HP, seed 004 fixture) for 1d6 = 4
    piercing: 6 - 4 = 2 HP left; the HP before comes from the fold, the event holds only the HP after."""
    log = tmp_path / "ford.db"
    _run(PF1_FORD, log)
    french = _export(log, "--format", "md", "--lang", "fr")
    assert "  - Dégâts : 1d6 (4) = 4 perforants ; PV de Gobelin 1 : 6 → 2." in french
    assert "dégâts sur Gobelin 1" not in french and "subit 4 dégâts → 2 PV" not in french
    assert "- Initiative de Brann Cœur-de-Fer : d20 (10) + 2 = 12." in french
    assert "- Initiative commune de Gobelin 1 et de Gobelin 2 : d20 (9) + 6 = 15." in french
    assert "Attaque de Lisette Vif-Argent sur Gobelin 1 (arc court) : d20 (12) + 7 = 19 contre CA 14 (pris au dépourvu)" in french
    # Brann's confirmed critical with his longsword (×2): the whole damage twice, his Strength bonus (+4) included
    # in each roll (seed 004 Multiplication des dégâts): 5 + 3 + 4 = 12 and 4 + 3 + 4 = 11, 23 in all
    assert ("Dégâts : 1d8 (5) + 3 + 4 (For) = 12 tranchants + 1d8 (4) + 3 + 4 (For) = 11 tranchants, soit 23 au total ; "
            "PV de Gobelin 1 : 2 → -21.") in french
    english = _export(log, "--format", "md", "--lang", "en")
    assert "  - Damage: 1d6 (4) = 4 piercing; Goblin 1: HP 6 → 2." in english
    assert "- Initiative for Brann Ironheart: d20 (10) + 2 = 12." in english
    for text in (french, english):
        assert "d20 \\[" not in text, "raw log faces"
        # every initiative and damage line is a sentence now (the log's lower-case "initiative de …" is gone)
        lines = [line for line in text.splitlines() if re.search(r"Initiative|Dégâts|Damage|initiative de|dégâts sur", line)]
        assert lines and not [line for line in lines if re.match(r"\s*- [a-zé]", line)], "a lower-case log line"


# ---------------------------------------------------------------------------------------------
# Issue 19: the grammar lives in the catalogs, the ruleset words behind a hook
# ---------------------------------------------------------------------------------------------


def test_weapon_possessives_and_articles_come_from_the_catalogs():
    from combatlog.transcript.phrases import English, French

    french, english = French("dnd5e-2024", "m"), English("dnd5e-2024", "m")
    assert french.weapon("Dague") == "sa dague" and french.weapon("Rapière") == "sa rapière"
    assert french.weapon("Arc long") == "son arc long" and french.weapon("Épée longue") == "son épée longue"
    assert french.weapon("Cimeterre") == "son cimeterre" and french.weapon("Fléau d'armes") == "son fléau d'armes"
    assert french.weapon("Hache d'armes") == "sa hache d'armes"  # an aspirated h: no elision
    assert french.weapon("Serpette") == "sa serpette"  # not listed, ends in -e: feminine (tr-weapon's default)
    assert english.weapon("Axe") == "an axe" and english.weapon("Longsword") == "a longsword"


def test_the_transcript_package_holds_no_grammar_table_and_imports_no_ruleset():
    package = ROOT / "transcript"
    source = "\n".join(path.read_text(encoding="utf-8") for path in package.glob("*.py"))
    for word in ("FEMININE_HEADS", "MASCULINE_HEADS", "TEMPLATE_GENDER_FR", '"sa "', "rulesets.pf1", "l'état"):
        assert word not in source, word
    from combatlog.core.rulesets import find_ruleset

    assert find_ruleset("pf1").transcript_words.condition_name("flat_footed", "fr") != "flat_footed"
    assert find_ruleset("dnd5e-2024").transcript_words is None  # the 5e words are the transcript's own


def test_a_log_line_says_why_a_roll_had_advantage_or_disadvantage(tmp_path, capsys):
    """Issue 23: `d20 [3, 19]` alone does not say why two dice were rolled; the transcript did, the log now does."""
    log = tmp_path / "busy.db"
    _run(_script(tmp_path, BUSY_2024), log)
    capsys.readouterr()
    assert cli_main(["log", str(log)]) == 0
    french = capsys.readouterr().out
    assert "Aria : JS Sag DD 15 : d20 [3, 19] (avantage : décision du MJ) → 20, réussite" in french
    assert "initiative de Lyra : d20 [10, 12] (désavantage : surprise) → 12" in french
    assert ("d20 [9] (avantage : la cible ne voit pas l'attaquant, cible à terre à 1,5 m, cible inconsciente ; "
            "désavantage : l'attaquant ne voit pas la cible ; ils s'annulent) → 14") in french
    assert cli_main(["log", str(log), "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert "Aria: Wis save DC 15: d20 [3, 19] (advantage: DM's call) → 20, success" in english
    assert "d20 [15] → 20" in english  # Lyra's dagger: neither, nothing added
