"""A refusal while a reaction window is open quotes what opened it in the reader's language (issue 23, French and
English never mix): the window's stored trigger is an English sentence ("aria leaves the reach of gob"), which a
French refusal used to quote as it was."""

import pytest

import combatlog
from test_rules_reactions import AWAY, aria_and_goblin


def opened_window(tmp_path, ruleset):
    log = combatlog.open_log(str(tmp_path / "fight.db"))
    encounter = log.encounter("default")
    setup = aria_and_goblin(ruleset)
    encounter.execute_all([dict(setup[0], lang="fr"), *setup[1:], {"do": "move", "id": "aria", "path": AWAY}])
    assert encounter.state()["window"]["reactors"] == ["gob"]
    return log, encounter


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014"])
def test_a_refused_end_turn_quotes_the_move_out_of_reach_in_french_and_english(tmp_path, ruleset):
    log, encounter = opened_window(tmp_path, ruleset)
    with log:
        seq = encounter.seq
        with pytest.raises(combatlog.RuleViolation) as refused:
            encounter.execute({"do": "end_turn"})
        french, english = refused.value.localized("fr"), refused.value.localized("en")
        assert "aria quitte l'allonge de gob" in french and "leaves the reach" not in french
        assert "aria leaves the reach of gob" in english
        assert encounter.seq == seq


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014"])
def test_a_reaction_out_of_turn_quotes_the_trigger_in_french(tmp_path, ruleset):
    log, encounter = opened_window(tmp_path, ruleset)
    with log:
        with pytest.raises(combatlog.RuleViolation) as refused:
            encounter.execute({"do": "pass", "id": "aria"})
        french = refused.value.localized("fr")
        assert "aria quitte l'allonge de gob" in french and "leaves" not in french


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014"])
def test_a_refusal_quotes_a_readied_trigger_with_the_dms_own_words(tmp_path, ruleset):
    """Seed 001 « Se tenir prêt »: the readier's trigger is the DM's own text, quoted as typed inside the reader's
    sentence."""
    from test_rules_reactions import READY, fight

    with combatlog.open_log(str(tmp_path / "fight.db")) as log:
        encounter = log.encounter("default")
        setup = fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [3, 0], 10))
        encounter.execute_all([dict(setup[0], lang="fr"), *setup[1:], READY, {"do": "end_turn"},
                               {"do": "move", "id": "gob", "path": [[2, 0], [1, 0]]}, {"do": "trigger", "id": "aria"}])
        with pytest.raises(combatlog.RuleViolation) as refused:
            encounter.execute({"do": "end_turn"})
        assert "déclencheur de aria : the goblin comes within reach" in refused.value.localized("fr")
        assert "aria's trigger: the goblin comes within reach" in refused.value.localized("en")
