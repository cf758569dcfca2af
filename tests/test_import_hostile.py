"""Hostile character files are refused fast, with a clear error naming the file (party/safe_load.py), and the
formulas of a Foundry sheet are read by a small evaluator that never runs Python (party/formula.py)."""

import json
import time
import tracemalloc

import pytest

import combatlog
from combatlog.party import formula
from combatlog.party.safe_load import MAX_BYTES


def refusal(path) -> combatlog.RuleViolation:
    with pytest.raises(combatlog.RuleViolation) as caught:
        combatlog.import_character(path)
    return caught.value


def billion_laughs(levels: int = 9) -> str:
    """The YAML alias bomb: each level lists the previous one nine times (9**9 strings once expanded)."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels + 1):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\nparty:\n  - name: bomb\n    stats: *a9\n"


def test_a_yaml_alias_bomb_is_refused_at_once_in_little_memory(tmp_path):
    bomb = tmp_path / "party.yaml"
    bomb.write_text(billion_laughs(), encoding="utf-8")
    tracemalloc.start()
    started = time.perf_counter()
    error = refusal(bomb)
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert elapsed < 0.5 and peak < 5 * 1024 * 1024  # today's loader: 635 MB and 4.5 s
    # The position is the anchor that is used again (`&a0`, line 1).
    assert str(error) == f"{bomb}: YAML anchors and aliases are refused (line 1, column 5): write each value out"
    assert error.localized("fr").startswith(f"{bomb} : les ancres et alias YAML sont refusés (ligne 1, colonne 5)")


def test_a_merge_key_is_an_alias_too(tmp_path):
    merged = tmp_path / "party.yml"
    merged.write_text("base: &base {ac: 12}\nparty:\n  - name: A\n    stats:\n      <<: *base\n", encoding="utf-8")
    assert "YAML anchors and aliases are refused" in str(refusal(merged))


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_file_nested_too_deep_is_refused(tmp_path, suffix):
    deep = tmp_path / f"deep{suffix}"
    deep.write_text("[" * 200 + "]" * 200, encoding="utf-8")
    assert str(refusal(deep)) == f"{deep} nests deeper than 64 levels: not a character sheet"
    deeper = tmp_path / f"deeper{suffix}"
    deeper.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    started = time.perf_counter()
    assert "nests deeper than 64 levels" in str(refusal(deeper)) and time.perf_counter() - started < 1
    if suffix == ".yaml":
        block = tmp_path / "block.yaml"
        block.write_text("- " * 50_000 + "x\n", encoding="utf-8")
        assert "nests deeper than 64 levels" in str(refusal(block))


def test_a_file_too_big_is_refused_before_it_is_read(tmp_path):
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_BYTES + 1024 * 1024)  # 17 MB of nothing, not written out
    started = time.perf_counter()
    error = refusal(huge)
    assert time.perf_counter() - started < 0.1
    assert str(error) == f"{huge} is 17 MB: a character file is refused past 16 MB"
    assert error.localized("fr") == f"{huge} pèse 17 Mo : un fichier de personnage est refusé au-delà de 16 Mo"


def test_a_file_of_too_many_values_is_refused(tmp_path):
    many = tmp_path / "many.json"
    many.write_text(json.dumps({"party": [0] * 2_000_001}), encoding="utf-8")
    assert str(refusal(many)) == f"{many} holds more than 2000000 values: not a character sheet"


def test_a_real_premade_is_far_inside_the_caps():
    from pathlib import Path

    import gzip

    from combatlog.party.safe_load import check_shape, parse

    heaviest = Path(__file__).parent.parent / "fixtures/characters/foundry/premades-2024/level-17/zanna.yml.gz"
    text = gzip.decompress(heaviest.read_bytes()).decode("utf-8")
    check_shape(parse(text, yaml_form=True))
    assert len(text) < MAX_BYTES // 20


# --- formulas
SHEET = {"classes": {"sorcerer": {"levels": 11}}, "details": {"level": 11}, "prof": 4,
         "abilities": {"con": {"mod": 3}, "str": {"mod": 5}, "dex": {"mod": 2}}, "scale": {"monk": {"die": "1d8"}}}


@pytest.mark.parametrize(("text", "value"), [
    ("@classes.sorcerer.levels", 11), ("@abilities.con.mod * 2 + 1", 7), ("floor((@details.level + 1) / 6)", 2),
    ("ceil(@details.level / 2)", 6), ("max(@abilities.str.mod, @abilities.dex.mod)", 5), ("min(3, -2)", -2),
    ("-(2 + 3) * 2", -10), ("+1", 1), ("", 0), (3, 3), ("7 / 2", 3),
])
def test_a_formula_gives_the_number_foundry_would(text, value):
    assert formula.number(text, SHEET) == value


def test_a_damage_formula_keeps_its_dice():
    assert formula.evaluate("@scale.monk.die + @abilities.dex.mod", SHEET).roll_text() == "1d8+2"
    assert formula.evaluate("(floor((@details.level + 1) / 6))d6", SHEET).roll_text() == "2d6"
    assert formula.evaluate("1d6[radiant] + 1d4", SHEET).roll_text() == "1d6+1d4"


@pytest.mark.parametrize("text", [
    "__import__('os').system('true')", "@classes.wizard.levels", "1 +", "2 ** 8", "lambda: 1", "1d6 * 1d6",
    "1 / 0", "1000d6", "x" * 500, "@abilities", "open('/etc/passwd')",
])
def test_what_is_not_a_sheet_formula_is_refused_without_running_it(text):
    with pytest.raises(formula.FormulaError):
        formula.number(text, SHEET)
