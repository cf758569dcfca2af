"""A second `create` on a log is a refusal about the file, not the fight (issue 23: with LANG=C a French encounter's
"ce journal contient déjà…" was printed in French): every ruleset raises `EncounterAlreadyCreated`, a RuleViolation
the front ends say in the terminal's language, and nothing is appended."""

import pytest

import combatlog
from combatlog.api import EncounterAlreadyCreated


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1"])
def test_a_second_create_is_a_refusal_about_the_file(tmp_path, ruleset):
    with combatlog.open_log(str(tmp_path / "fight.db")) as log:
        encounter = log.encounter("default")
        encounter.execute({"do": "create", "ruleset": ruleset, "seed": 1, "lang": "fr"})
        before = encounter.seq
        with pytest.raises(EncounterAlreadyCreated) as refused:
            encounter.execute({"do": "create", "ruleset": ruleset, "seed": 1, "lang": "fr"})
        assert isinstance(refused.value, combatlog.RuleViolation)
        assert "déjà" in refused.value.localized("fr") and "already" in refused.value.localized("en")
        assert encounter.seq == before


def test_lang_c_names_the_file_refusal_in_english(tmp_path):
    import os
    import subprocess
    import sys

    script = tmp_path / "fight.jsonl"
    script.write_text('{"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": "fr"}\n')
    log = tmp_path / "fight.db"
    env = {**os.environ, "LANG": "C", "LC_ALL": "C", "LANGUAGE": ""}
    run = [sys.executable, "-m", "combatlog.cli.main", "run", str(script), "--log", str(log)]
    assert subprocess.run(run, env=env, capture_output=True).returncode == 0
    again = subprocess.run(run, env=env, capture_output=True, text=True)
    assert again.returncode == 2
    assert "already" in again.stderr and "déjà" not in again.stderr


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "pf1"])
def test_an_encounter_names_its_ruleset(tmp_path, ruleset):
    with combatlog.open_log(str(tmp_path / "fight.db")) as log:
        encounter = log.encounter("default")
        assert encounter.ruleset is None
        encounter.execute({"do": "create", "ruleset": ruleset, "seed": 1})
        assert encounter.ruleset == ruleset
