"""docs/reference/ cannot drift from the code (issue 23): the generated pages equal what tools/gen_reference.py
writes from the command Structs, the stat-block Structs, the argparse parser and the shell's tables, and a command
field that the reference does not describe stops the generator, naming it."""

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _generator():
    spec = importlib.util.spec_from_file_location("gen_reference", ROOT / "tools" / "gen_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_reference_is_what_the_code_gives():
    generated = _generator().generate()
    for name, text in generated.items():
        committed = (ROOT / "docs" / "reference" / name).read_text(encoding="utf-8")
        assert committed == text, f"docs/reference/{name} is stale: run python tools/gen_reference.py"


def test_a_command_field_the_reference_does_not_describe_stops_the_generator():
    generator = _generator()
    del generator.FIELDS[("attack", "nonlethal")]
    with pytest.raises(generator.Undescribed, match="`attack`: field `nonlethal`"):
        generator.commands_md()


def test_a_field_pf1_means_otherwise_takes_its_own_words():
    text = _generator().commands_md()
    pf1 = text.split("## Pathfinder 1e")[1]
    assert "`partial` (+2), `normal` (+4)" in pf1
    assert "`half` (+2 AC), `three_quarters` (+5)" in text.split("## Pathfinder 1e")[0]


def test_every_subcommand_of_the_parser_has_its_section_in_the_cli_reference():
    from combatlog.cli.main import _parser

    parser = _parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    cli = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    for name in sub.choices:
        assert f"\n## {name}\n" in cli


def test_the_shell_reference_gives_every_verb_in_both_languages():
    from combatlog import lines

    shell = (ROOT / "docs" / "reference" / "shell.md").read_text(encoding="utf-8")
    for verb in lines.VERBS:
        assert f"- `{lines.alias(verb, 'fr')}`: " in shell.split("## In English")[0]
        assert f"- `{lines.alias(verb, 'en')}`: " in shell.split("## In English")[1]


def test_the_reference_pages_link_only_to_files_the_repository_has():
    for page in (ROOT / "docs").rglob("*.md"):
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links to missing {target}"


def test_no_page_of_the_project_sends_the_reader_to_a_file_outside_the_repository():
    for page in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        assert "INTERFACE" not in page.read_text(encoding="utf-8"), page.relative_to(ROOT)
