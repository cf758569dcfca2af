"""The sample Rôle'n Play fight (fixtures/encounters/rolenplay_wolf_ford.jsonl) played end to end, its state,
its log verified, and its transcript exported in French and in English (issue 9 §2)."""

from pathlib import Path

from combatlog.cli.main import main as cli_main
from conftest import state_of

SCRIPT = Path(__file__).resolve().parent.parent / "fixtures" / "encounters" / "rolenplay_wolf_ford.jsonl"


def _export(log, lang, fmt, tmp_path) -> str:
    out = tmp_path / f"t.{lang}.{fmt}"
    assert cli_main(["export", str(log), "--format", fmt, "--lang", lang, "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def test_the_wolf_ford_is_played_to_the_end_and_exported_in_both_languages(tmp_path, capsys):
    log = tmp_path / "ford.db"
    assert cli_main(["run", str(SCRIPT), "--log", str(log), "--quiet"]) == 0
    state = state_of(log)
    assert state["ruleset"] == "rolenplay" and state["phase"] == "ended"
    assert state["cinematic"] is True and state["aftermath"] == {"rounds_left": 4}
    # goblins and wolves each act on one shared initiative; ties with characters go to the characters
    assert state["order"][:2] == ["lyra", "aria"]
    creatures = state["combatants"]
    assert (creatures["aria"]["hp"], creatures["aria"]["status"], creatures["aria"]["conditions"]) == (8, "alive", ["prone"])
    assert (creatures["gob1"]["status"], creatures["gob1"]["hp"]) == ("stable", 0)  # knocked out, « Assommer »
    assert creatures["loup2"]["status"] == "dead" and creatures["gob1"]["group"] == "goblin"
    assert cli_main(["verify", str(log)]) == 0
    fr = _export(log, "fr", "md", tmp_path)
    assert "# Le gué aux loups" in fr and "Rôle'n Play" in fr
    assert "contre CA 16 (15 + 1 règle cinématique)" in fr
    assert "inconscient, en danger de mort jusqu'à être soigné ou stabilisé" in fr
    assert "jets de sauvegarde contre la mort" not in fr
    assert "Brom fait un test de Sagesse DD 10 : d20 (11) + 3 (Sag) = 14 — réussite." in fr
    assert "Dés de dégâts lancés avec le d20 et ignorés : 4 (attaque ratée)." in fr
    assert "Après le combat : 5 rounds pour soigner ou stabiliser les mourants" in fr
    en = _export(log, "en", "md", tmp_path)
    assert "vs AC 16 (15 + 1 cinematic rule)" in en and "death saving throw" not in en
    assert "After the combat: 5 rounds to heal or stabilize the dying" in en
    for lang in ("fr", "en"):
        assert "Le gué aux loups" in _export(log, lang, "html", tmp_path)
        assert _export(log, lang, "json", tmp_path).startswith("{")
