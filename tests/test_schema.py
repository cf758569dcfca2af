"""`combatlog schema`: the JSON Schema of the commands, stat blocks, spell object and state document, generated from
the code (issue 23, "The reference, in the repository"). It must be valid JSON, name exactly the commands the
engine takes in each ruleset, and the state documents of real fights must fit it."""

import json
from pathlib import Path

import msgspec
import pytest

import combatlog
from combatlog.cli.main import main
from combatlog.cli.schema import StateDocument, command_types, do_name, schema

RULESETS = ("dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1")
ENCOUNTERS = Path(__file__).resolve().parent.parent / "fixtures" / "encounters"


def _printed_json(capsys, *argv) -> dict:
    assert main(["schema", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_whole_schema_is_valid_json_keyed_by_part_and_ruleset(capsys):
    found = _printed_json(capsys, "--json")
    assert set(found) == {"commands", "stats", "spell", "state"}
    assert set(found["commands"]) == set(RULESETS) == set(found["stats"])
    assert found["state"]["$ref"] == "#/$defs/StateDocument"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_command_schema_of_a_ruleset_is_one_union_told_apart_by_do(capsys, ruleset):
    found = _printed_json(capsys, "commands", "--ruleset", ruleset, "--json")
    assert found["discriminator"]["propertyName"] == "do"
    tags = set(found["discriminator"]["mapping"])
    assert tags == {do_name(kind) for kind in command_types(ruleset)}
    attack = found["$defs"][found["discriminator"]["mapping"]["attack"].rsplit("/", 1)[1]]
    assert "attacker" in attack["required"] and "with" in attack["properties"]


def _engine_names(ruleset: str, tmp_path) -> set[str]:
    """What the engine says it knows, from its own refusal of an unknown command (plus the log's undo, redo and
    revert, which the kernel answers before any ruleset)."""
    encounter = combatlog.open_log(str(tmp_path / f"{ruleset}.db")).encounter("e")
    encounter.execute({"do": "create", "ruleset": ruleset})
    with pytest.raises(combatlog.RuleViolation) as refused:
        encounter.execute({"do": "no-such-command"})
    listed = refused.value.message_args.get("COMMAND_NAMES") or refused.value.message_args["known"]
    return set(listed.split(", ")) | {"undo", "redo", "revert"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_schema_names_every_command_the_engine_takes_and_no_other(ruleset, tmp_path):
    named = {do_name(kind) for kind in command_types(ruleset)}
    engine = _engine_names(ruleset, tmp_path)
    if ruleset in ("dnd5e-2024", "dnd5e-2014"):
        # next_round parses in every 5e ruleset but is Rôle'n Play's aftermath alone (seed 003, D6)
        engine.discard("next_round")
    assert named == engine


@pytest.mark.parametrize("ruleset", ("dnd5e-2024", "dnd5e-2014"))
def test_next_round_is_left_out_of_the_2014_and_2024_schemas_because_the_engine_refuses_it(ruleset, tmp_path):
    encounter = combatlog.open_log(str(tmp_path / "n.db")).encounter("e")
    encounter.execute({"do": "create", "ruleset": ruleset})
    with pytest.raises(combatlog.RuleViolation) as refused:
        encounter.execute({"do": "next_round"})
    assert refused.value.message_id == "rule-aftermath-only"
    assert "next_round" not in schema("commands", ruleset)["discriminator"]["mapping"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_command_of_the_schema_is_known_to_the_engine(ruleset, tmp_path):
    encounter = combatlog.open_log(str(tmp_path / "k.db")).encounter("e")
    encounter.execute({"do": "create", "ruleset": ruleset})
    for kind in command_types(ruleset):
        try:
            encounter.execute({"do": do_name(kind)})
        except combatlog.RuleViolation as error:
            assert error.message_id not in ("rule-unknown-command-known", "pf1-rule-unknown-command"), do_name(kind)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_stat_block_schema_names_the_required_keys_of_the_reference(capsys, ruleset):
    found = _printed_json(capsys, "stats", "--ruleset", ruleset, "--json")
    block = found["$defs"][found["$ref"].rsplit("/", 1)[1]]
    expected = {"max_hp", "speed", "abilities", "ac"} | ({"bab", "saves"} if ruleset == "pf1" else {"proficiency_bonus"})
    assert expected <= set(block["required"])
    assert block["additionalProperties"] is False  # unknown keys are refused by name


def test_the_spell_object_needs_an_id_and_a_level(capsys):
    found = _printed_json(capsys, "spell", "--ruleset", "dnd5e-2024", "--json")
    spell = found["$defs"][found["$ref"].rsplit("/", 1)[1]]
    assert {"id", "level"} <= set(spell["required"])


@pytest.mark.parametrize("script, ruleset", [("goblin_ambush.jsonl", "dnd5e-2024"),
                                             ("rolenplay_wolf_ford.jsonl", "rolenplay"),
                                             ("pf1_ford_ambush.jsonl", "pf1")])
def test_the_state_documents_of_real_fights_fit_the_state_schema(script, ruleset, tmp_path):
    encounter = combatlog.open_log(str(tmp_path / "fight.db")).encounter("fight")
    for line in (ENCOUNTERS / script).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            encounter.execute(json.loads(line))
    document = encounter.state()
    assert document["ruleset"] == ruleset
    msgspec.convert(document, StateDocument)  # raises naming the field that does not fit


def test_an_unknown_ruleset_is_refused_naming_the_known_ones(capsys):
    assert main(["schema", "commands", "--ruleset", "dnd6"]) == 2
    error = capsys.readouterr().err
    assert "dnd6" in error and "pf1" in error


def test_the_summary_lists_each_command_with_its_fields(capsys):
    assert main(["schema", "commands", "--ruleset", "rolenplay"]) == 0
    out = capsys.readouterr().out
    assert "  next_round: rounds?, dice?, note?" in out
    assert "  attack: attacker, target?, targets?" in out
