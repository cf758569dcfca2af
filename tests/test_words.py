"""The language layer (combatlog.words and the Fluent catalogs locales/<lang>/*.ftl).

Given an event, a term or a number, When it is put into words, Then French and English each read naturally:
elision ("tour d'Aria"), gender ("l'araignée est agrippée"), a decimal comma ("1,5 m"), feet on demand.
"""

import glob
import re
import json
from pathlib import Path

import msgspec
import pytest
from fluent.syntax import parse

from combatlog.cli.main import main as cli_main
from combatlog.events import attacks, conditions, damage, meta, movement, reactions, turns
from combatlog.events.values import DamagePart
from combatlog.fixtures import load_template
from combatlog import words
from combatlog.words import distance, kebab, message
from combatlog.projections.describe import Cast, describe, event_args

ROOT = Path(__file__).resolve().parents[1]
EVENT_MODULES = (attacks, conditions, damage, meta, movement, reactions, turns)


def _event_types():
    for module in EVENT_MODULES:
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, msgspec.Struct) and value.__module__ == module.__name__:
                if value.__name__ not in ("Event",):
                    yield value


def _message_ids(lang: str) -> set[str]:
    ids = set()
    for path in glob.glob(str(ROOT / "locales" / lang / "*.ftl")):
        for entry in parse(Path(path).read_text(encoding="utf-8")).body:
            if type(entry).__name__ == "Message":
                ids.add(entry.id.name)
    return ids


@pytest.mark.parametrize("path", sorted(glob.glob(str(ROOT / "locales" / "*" / "*.ftl"))))
def test_every_catalog_parses_without_junk(path):
    junk = [entry for entry in parse(Path(path).read_text(encoding="utf-8")).body if type(entry).__name__ == "Junk"]
    assert junk == [], [j.content[:80] for j in junk]


def test_both_languages_hold_the_same_messages():
    assert _message_ids("fr") == _message_ids("en")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_type_has_its_line_in_both_languages(lang):
    missing = [kind.__name__ for kind in _event_types() if not words.has(lang, f"event-{kebab(kind.__name__)}")]
    assert missing == []


def test_message_ids_follow_the_event_type_in_kebab_case():
    assert kebab("DamageTaken") == "damage-taken"
    assert kebab("Pf1CriticalConfirmed") == "pf1-critical-confirmed"
    assert kebab("temp_hp") == "temp-hp"


def _cast(lang: str) -> Cast:
    cast = Cast(lang)
    cast.names.update({"aria": "Aria", "gob1": "Gobelin" if lang == "fr" else "Goblin", "spider": "Araignée géante"})
    cast.genders.update({"gob1": "m", "spider": "f"})
    cast.attacks[("aria", "longsword")] = "Épée longue" if lang == "fr" else "Longsword"
    return cast


def test_french_elides_before_a_vowel_and_not_before_a_consonant():
    cast = _cast("fr")
    assert describe(turns.TurnStarted(id="aria", round=2), "fr", cast) == "round 2, tour d'Aria"
    assert describe(turns.TurnStarted(id="gob1", round=2), "fr", cast) == "round 2, tour de Gobelin"
    assert describe(turns.TurnEnded(id="aria", round=2), "fr", cast) == "fin du tour d'Aria"
    assert describe(turns.TurnStarted(id="aria", round=2), "en", _cast("en")) == "round 2, Aria's turn"


def test_french_conditions_agree_with_a_known_gender():
    cast = _cast("fr")
    event = conditions.ConditionApplied(target="spider", condition="grappled", instance=1)
    assert describe(event, "fr", cast) == "Araignée géante : agrippée"
    event = conditions.ConditionApplied(target="gob1", condition="grappled", instance=2)
    assert describe(event, "fr", cast) == "Gobelin : agrippé"


def test_damage_reads_as_a_table_says_it_with_plurals():
    part = DamagePart(type="slashing", roll="1d8+4", rolled=8, adjusted=8, applied=8)
    event = damage.DamageTaken(target="gob1", parts=(part,), total=8, hp_before=7, hp_after=0)
    assert describe(event, "fr", _cast("fr")) == "Gobelin subit 8 dégâts tranchants (PV 7 → 0)"
    assert describe(event, "en", _cast("en")) == "Goblin takes 8 slashing damage (HP 7 → 0)"
    one = DamagePart(type="fire", roll="1", rolled=1, adjusted=1, applied=1)
    event = damage.DamageTaken(target="gob1", parts=(one,), total=1, hp_before=7, hp_after=6)
    assert describe(event, "fr", _cast("fr")) == "Gobelin subit 1 dégât de feu (PV 7 → 6)"


def test_attack_lines_name_the_weapon_and_use_french_typography():
    event = attacks.AttackRolled(attacker="aria", target="gob1", attack="longsword", faces=(15,), natural=15, total=22,
                                 target_ac=15, hit=True)
    assert describe(event, "fr", _cast("fr")) == "Aria attaque Gobelin (Épée longue) : d20 [15] → 22 contre CA 15 : touche"
    assert describe(event, "en", _cast("en")) == "Aria attacks Goblin (Longsword): d20 [15] → 22 vs AC 15: hit"


def test_numbers_take_a_decimal_comma_in_french_and_feet_on_demand():
    assert distance(1.5, "fr") == "1,5 m"
    assert distance(1.5, "en") == "1.5 m"
    assert distance(9, "fr", "ft") == "30 pieds"
    assert distance(9, "en", "ft") == "30 ft"
    event = movement.Moved(id="aria", path=((1, 2),), cost=4.5)
    assert describe(event, "fr", _cast("fr")) == "Aria se déplace en (1, 2) (4,5 m)"
    assert describe(event, "en", _cast("en"), units="ft") == "Aria moves to (1, 2) (15 ft)"


def test_reasons_recorded_by_the_rules_are_put_into_words():
    cast = _cast("fr")
    event = damage.StatusChanged(id="gob1", status="dead", reason="a monster dies at 0 HP")
    assert describe(event, "fr", cast) == "Gobelin meurt (un monstre meurt à 0 PV)"
    event = conditions.ConditionEnded(target="gob1", condition="prone", instance=3, reason="end of aria's turn")
    assert describe(event, "fr", cast) == "Gobelin n'est plus à terre (fin du tour d'Aria)"
    event = turns.TurnSkipped(id="gob1", round=2, reason="dead")
    assert describe(event, "fr", cast) == "tour de Gobelin sauté (mort)"


def test_a_message_missing_from_the_catalogs_shows_its_id_and_never_raises():
    assert message("fr", "no-such-message") == "no-such-message"
    assert describe(object(), "fr") == "object"


def test_every_event_of_a_real_fight_has_a_line_without_raw_fields(tmp_path, capsys):
    log = tmp_path / "demo.db"
    assert cli_main(["run", str(ROOT / "fixtures" / "encounters" / "transcript_demo.jsonl"), "--log", str(log), "-q"]) == 0
    for lang in ("fr", "en"):
        assert cli_main(["log", str(log), "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert "{" not in out and "$" not in out and "event-" not in out and "command-other" not in out


@pytest.mark.parametrize("name, stem", [("guerrier", "fighter"), ("Gobelin", "goblin"), ("araignee_geante", "giant_spider"),
                                        ("fighter", "fighter"), ("Araignée géante", "giant_spider")])
def test_scripts_accept_the_template_names_the_shell_accepts(name, stem):
    assert load_template(name)["id"] == stem


def test_a_script_adds_a_creature_by_its_french_template_name(tmp_path, capsys):
    script = tmp_path / "fr.jsonl"
    script.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in [
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": "fr"},
        {"do": "add", "id": "thorin", "side": "party", "template": "guerrier", "overrides": {"max_hp": 52, "hp": 52, "ac": 17}},
    ]) + "\n", encoding="utf-8")
    log = tmp_path / "fr.db"
    assert cli_main(["run", str(script), "--log", str(log), "--json"]) == 0
    thorin = json.loads(capsys.readouterr().out)["combatants"]["thorin"]
    assert (thorin["name"], thorin["kind"], thorin["max_hp"], thorin["ac"]) == ("Guerrier", "pc", 52, 17)
    assert cli_main(["verify", str(log)]) == 0


def test_state_text_and_log_show_feet_when_asked(tmp_path, capsys):
    script = tmp_path / "ft.jsonl"
    script.write_text("\n".join(json.dumps(c) for c in [
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": "en", "units": "ft"},
        {"do": "add", "id": "aria", "name": "Aria", "side": "party", "template": "fighter", "at": [0, 0]},
        {"do": "initiative", "id": "aria", "value": 10}, {"do": "start"},
        {"do": "move", "id": "aria", "path": [[1, 0], [2, 0]]},
    ]) + "\n", encoding="utf-8")
    log = tmp_path / "ft.db"
    assert cli_main(["run", str(script), "--log", str(log), "-q"]) == 0
    capsys.readouterr()
    assert cli_main(["log", str(log)]) == 0
    assert "Aria moves to (2, 0) (10 ft)" in capsys.readouterr().out
    assert cli_main(["state", str(log)]) == 0
    assert "movement left 20 ft" in capsys.readouterr().out
    assert cli_main(["log", str(log), "--units", "m"]) == 0
    assert "Aria moves to (2, 0) (3 m)" in capsys.readouterr().out


def test_transcript_sentences_come_from_the_catalogs_with_french_elision():
    from combatlog.transcript.phrases import English, French, Who

    aria = Who(id="aria", name_en="Aria", name_fr="Aria", proper=True)
    spider = Who(id="sp", name_en="Giant Spider", name_fr="Araignée géante", proper=False, gender="f")
    fr, en = French("dnd5e-2024", "m"), English("dnd5e-2024", "m")
    assert fr.check(aria, "int", "", 12, "", "d20 (14) + 1 = 15", True) == \
        "Aria fait un test d'Intelligence DD 12 : d20 (14) + 1 = 15 — réussite."
    assert en.check(aria, "int", "", None, "", "d20 (3)", None) == "Aria makes an Intelligence check: d20 (3)."
    assert fr.turn(aria) == "Tour d'Aria" and fr.turn(spider) == "Tour de l'araignée géante"
    assert fr.condition_gained(spider, "grappled", 1, aria, "", "") == "L'araignée géante est agrippée par Aria."
    assert French("dnd5e-2014", "ft").condition_gained(spider, "grappled", 1, None, "", "") == \
        "L'araignée géante est empoignée."
    assert fr.stand(aria, 4.5) == "Aria se relève (4,5 m de déplacement)."
    assert French("dnd5e-2024", "ft").stand(aria, 4.5) == "Aria se relève (15 pieds de déplacement)."
    assert en.revert(12, 3) == "The DM goes back to event 12: 3 commands undone."


def test_event_fields_are_reachable_by_their_own_names_and_in_kebab_case():
    cast = _cast("en")
    event = damage.Healed(target="aria", amount=3, hp_before=2, hp_after=5)
    args = event_args(event, "en", cast)
    assert args["hp_before"] == 2 and args["target"] == "Aria"
    bundle = words.bundle("en")
    from fluent.runtime import FluentResource

    bundle.add_resource(FluentResource("test-own-names = { $target } { $hp_before }/{ $hp-after }\n"))
    assert message("en", "test-own-names", **args) == "Aria 2/5"


def test_feet_in_the_shell_and_the_transcript_when_asked(tmp_path, capsys):
    import io

    from rich.console import Console

    from combatlog.cli.play import Shell, open_encounter
    from combatlog.events.stores import open_store

    console = Console(file=io.StringIO(), width=140, record=True, color_system=None, force_terminal=False)
    lines = ["add aria fighter name=Aria 0,0", "init aria 10", "start", "move aria 1,0 2,0"]
    with open_store(str(tmp_path / "ft.db")) as store:
        encounter = open_encounter(store, None, ruleset="dnd5e-2024", lang="en", seed=1, name="Feet")
        read = lambda prompt, kind: lines.pop(0) if lines else (_ for _ in ()).throw(EOFError)  # noqa: E731
        Shell(encounter, console, read, lang="en", where="ft.db", units="ft").loop()
    screen = console.export_text()
    assert "Aria moves to (2, 0) (10 ft)" in screen and "reaction, 20 ft" in screen
    assert cli_main(["export", str(tmp_path / "ft.db"), "--format", "md", "--units", "ft"]) == 0
    assert "10 ft" in capsys.readouterr().out


def _french_texts():
    """Every French message's text, literals only (placeables and comments aside)."""
    from fluent.syntax import ast as fluent_ast

    for path in glob.glob(str(ROOT / "locales" / "fr" / "*.ftl")):
        for entry in parse(Path(path).read_text(encoding="utf-8")).body:
            if isinstance(entry, fluent_ast.Message) and entry.value is not None:
                texts = []

                def walk(node):
                    if isinstance(node, fluent_ast.TextElement):
                        texts.append(node.value)
                    for child in vars(node).values():
                        for item in child if isinstance(child, list) else [child]:
                            if isinstance(item, fluent_ast.SyntaxNode):
                                walk(item)

                walk(entry.value)
                for text in texts:  # each literal piece (what a placeable stands between is checked piece by piece)
                    yield entry.id.name, text


def test_french_catalogs_follow_french_typography():
    for message_id, text in _french_texts():
        if message_id == "help-outro" and '"do"' in text:
            continue  # the help's example of a raw JSON command is code, not French
        # A space before ":", "?", "!" and ";" (a colon glued to an id, as in "fin:ID", is command syntax).
        assert not re.search(r"\S[:?!;](\s|$)", text), (message_id, text)
        # Quotes are « », never straight double quotes (the JSON example of the help aside).
        assert '"' not in text or message_id == "help-outro", (message_id, text)


def test_both_gives_the_english_and_french_pair_an_error_takes():
    assert words.both("error-square", word="x") == ("'x' is not a square: write x,y", "« x » n'est pas une case : écrivez x,y")
