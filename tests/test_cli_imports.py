"""Issue 25, goal 1: a CLI call imports only what the command uses (not a timed test: it reads `sys.modules` of a
real `combatlog` process). A read command that prints JSON needs no Fluent, Babel, rich, structlog, server,
PostgreSQL or compendium module; a command that prints words loads the catalogs, and nothing of the server."""

import json
import subprocess
import sys

import pytest

# Top-level packages a read command must not import (the server's stack, PostgreSQL, the tables, the words).
SERVER_AND_FRIENDS = ("starlette", "uvicorn", "jinja2", "psycopg", "psycopg_pool", "anyio", "asyncio", "rich",
                      "structlog", "yaml", "cryptography")
WORDS = ("fluent", "babel")
OURS = ("combatlog.server", "combatlog.compendium", "combatlog.transcript", "combatlog.cli.play",
        "combatlog.projections.describe", "combatlog.projections.status", "combatlog.projections.table")

PROBE = """
import json, sys
from combatlog.cli.main import main
code = main(sys.argv[1:])
sys.stdout.flush()
print("\\n" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def modules_of(*args: str) -> tuple[str, set[str]]:
    """The output of `combatlog ARGS` run as its own process, and the modules that process had imported at its end."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    output, _, last = done.stdout.rstrip("\n").rpartition("\n")
    report = json.loads(last)
    assert report["code"] == 0, done.stderr
    return output, set(report["modules"])


def loaded(modules: set[str], prefixes) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


@pytest.fixture(scope="module")
def fight(tmp_path_factory):
    log = tmp_path_factory.mktemp("imports") / "fight.db"
    script = log.with_suffix(".jsonl")
    script.write_text("\n".join(json.dumps(c) for c in (
        {"do": "create", "ruleset": "dnd5e-2024", "seed": 3},
        {"do": "add", "id": "gob", "side": "x", "kind": "monster", "template": "goblin"},
        {"do": "add", "id": "orc", "side": "y", "kind": "monster", "template": "goblin"},
    )) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", "import sys; from combatlog.cli.main import main; "
                           "sys.exit(main(sys.argv[1:]))", "run", str(script), "--log", str(log), "-q"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return log


def test_state_json_imports_no_server_postgres_tables_or_words(fight):
    output, modules = modules_of("state", str(fight), "--json")
    assert sorted(json.loads(output)["combatants"]) == ["gob", "orc"]  # a real answer: both goblins
    assert loaded(modules, SERVER_AND_FRIENDS) == []
    assert loaded(modules, WORDS) == []
    assert loaded(modules, OURS) == []


def test_state_json_at_imports_no_server_postgres_tables_or_words(fight):
    # Each command records its CommandIssued and then its event: event 3 is the first goblin's arrival.
    output, modules = modules_of("state", str(fight), "--json", "--at", "3")
    assert sorted(json.loads(output)["combatants"]) == ["gob"]
    assert loaded(modules, SERVER_AND_FRIENDS + WORDS + OURS) == []


def test_export_jsonl_imports_no_server_postgres_tables_or_words(fight):
    output, modules = modules_of("export", str(fight))
    assert len(output.splitlines()) == 6  # the three commands' six events, one line each
    assert loaded(modules, SERVER_AND_FRIENDS + WORDS + OURS) == []


def test_state_in_words_loads_the_catalogs_but_nothing_of_the_server(fight):
    output, modules = modules_of("state", str(fight), "--lang", "fr")
    assert "Gobelin" in output or "gob" in output
    assert loaded(modules, ("fluent",)) != []  # the words are read from the catalogs
    assert loaded(modules, SERVER_AND_FRIENDS + OURS[:4]) == []



# ------------------------------------------------------------------ only the log's ruleset (issue 25, goal 1)
# The modules of each ruleset: a read command loads the one its log's create names, and none of the others.
PF1 = ("combatlog.core.rulesets.pf1",)
ROLENPLAY = ("combatlog.core.rulesets.dnd5e.rolenplay", "combatlog.events.rolenplay")
# The 5e fold, shared by the family, folds Rôle'n Play's events too: a 5e log imports their module (events/), not
# the Rôle'n Play rules.
ROLENPLAY_RULES = ROLENPLAY[:1]
DND5E_2014 = ("combatlog.core.rulesets.dnd5e.dnd5e_2014",)
DND5E_2024 = ("combatlog.core.rulesets.dnd5e.dnd5e_2024",)
# What only deciding a command needs (the 5e handlers, the phase machine and its `transitions`): reading a log
# folds it and prints it, it decides nothing.
DECIDING = ("combatlog.core.rulesets.dnd5e.decide", "combatlog.core.rulesets.dnd5e.actions",
            "combatlog.core.rulesets.dnd5e.phases", "combatlog.core.rulesets.pf1.decide", "transitions",
            "combatlog.core.kernel.context", "combatlog.core.kernel.dice")
# pf1's state and stat modules import the kernel's dice and command context at their top (not cut yet): of what
# decides, a pf1 read loads those two, not the rules.
PF1_DECIDING = DECIDING[:5]


def _log_of(folder, commands) -> str:
    log = folder / "fight.db"
    script = folder / "fight.jsonl"
    script.write_text("\n".join(json.dumps(c) for c in commands) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", "import sys; from combatlog.cli.main import main; "
                           "sys.exit(main(sys.argv[1:]))", "run", str(script), "--log", str(log), "-q"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return str(log)


@pytest.fixture(scope="module")
def pf1_fight(tmp_path_factory):
    from pf1_support import duel

    # A pf1 duel through to an attack: its log holds pf1's own events (Pf1AttackRolled...) besides the shared ones.
    return _log_of(tmp_path_factory.mktemp("pf1"), duel(extra=()) + [{"do": "attack", "attacker": "aria",
                                                                        "target": "gob", "with": "longsword"}])


@pytest.fixture(scope="module")
def rolenplay_fight(tmp_path_factory):
    return _log_of(tmp_path_factory.mktemp("rolenplay"), [
        {"do": "create", "ruleset": "rolenplay", "seed": 3},
        {"do": "add", "id": "gob", "side": "x", "kind": "monster", "template": "goblin"},
        {"do": "end"},  # Rôle'n Play's own event: the aftermath starts (D6)
    ])


def test_a_5e_2024_log_loads_no_other_ruleset_and_nothing_that_decides(fight):
    output, modules = modules_of("state", str(fight), "--json")
    assert json.loads(output)["ruleset"] == "dnd5e-2024"
    assert loaded(modules, DND5E_2024) != []
    assert loaded(modules, PF1 + ROLENPLAY_RULES + DND5E_2014) == []
    assert loaded(modules, DECIDING) == []


@pytest.mark.parametrize("verb", [("state",), ("state", "--at", "3"), ("log",), ("export",), ("diff", "1", "3")])
def test_every_read_verb_of_a_5e_2024_log_loads_no_other_ruleset(fight, verb):
    _, modules = modules_of(verb[0], str(fight), *verb[1:])
    assert loaded(modules, PF1 + ROLENPLAY_RULES + DND5E_2014) == []


def test_a_pf1_log_loads_pf1_alone(pf1_fight):
    output, modules = modules_of("state", pf1_fight, "--json")
    assert json.loads(output)["ruleset"] == "pf1"
    assert loaded(modules, PF1) != []
    # pf1 shares the kernel and the event types of events/ (hidden, spell slots, carried), not a 5e module.
    assert loaded(modules, ("combatlog.core.rulesets.dnd5e",) + ROLENPLAY) == []
    assert loaded(modules, PF1_DECIDING) == []


@pytest.mark.parametrize("verb", [("log",), ("export",), ("state", "--replay", "--json"), ("state", "--lang", "fr")])
def test_every_read_verb_of_a_pf1_log_loads_pf1_alone(pf1_fight, verb):
    output, modules = modules_of(verb[0], pf1_fight, *verb[1:])
    assert output.strip()
    assert loaded(modules, ("combatlog.core.rulesets.dnd5e",) + ROLENPLAY) == []


def test_a_pf1_log_in_words_names_pf1_events_with_pf1_words(pf1_fight):
    # pf1's own events are worded by its hook (core/rulesets/pf1/words.py), which joins when pf1 loads.
    output, _ = modules_of("log", pf1_fight, "--lang", "en")
    attack = [line for line in output.splitlines() if "longsword" in line.lower()]
    assert attack, output


def test_a_rolenplay_log_loads_rolenplay_and_the_2014_rules_it_derives_from(rolenplay_fight):
    output, modules = modules_of("state", rolenplay_fight, "--json")
    document = json.loads(output)
    assert document["ruleset"] == "rolenplay" and document["aftermath"] == {"rounds_left": 5}  # D6: 5 rounds
    assert loaded(modules, ROLENPLAY + DND5E_2014) != []  # Rôle'n Play derives from dnd5e-2014 (D1)
    assert loaded(modules, PF1 + DND5E_2024) == []


def test_run_of_a_create_loads_the_ruleset_it_names_alone(tmp_path):
    script = tmp_path / "one.jsonl"
    script.write_text(json.dumps({"do": "create", "ruleset": "pf1", "seed": 1}) + "\n", encoding="utf-8")
    _, modules = modules_of("run", str(script), "--log", str(tmp_path / "one.db"), "-q")
    assert loaded(modules, PF1) != []
    assert loaded(modules, ("combatlog.core.rulesets.dnd5e",)) == []


LIBRARY_PROBE = """
import json, sys
import combatlog
from combatlog.rulesets import CODEC, REGISTRY
before = sorted(m for m in sys.modules if m.startswith("combatlog.core.rulesets."))
shared = len(CODEC.event_types)
REGISTRY.find("pf1")
after_pf1 = sorted(m for m in sys.modules if m.startswith("combatlog.core.rulesets."))
print(json.dumps({"before": before, "after_pf1": after_pf1, "pf1_events": "Pf1AttackRolled" in CODEC.event_types,
                  "shared": shared, "names": list(REGISTRY.names()), "all": [r.name for r in REGISTRY]}))
"""


def test_import_combatlog_loads_no_ruleset_and_find_loads_one():
    done = subprocess.run([sys.executable, "-c", LIBRARY_PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["before"] == []  # `import combatlog` names the rulesets, imports none
    assert "combatlog.core.rulesets.pf1" in report["after_pf1"]
    # pf1 and the pieces of core/rulesets/ both families share (the spellbook), nothing of the 5e family
    assert not [m for m in report["after_pf1"] if m.startswith("combatlog.core.rulesets.dnd5e")], report["after_pf1"]
    assert report["pf1_events"]  # the codec learned pf1's own event types as pf1 loaded
    assert report["names"] == report["all"] == ["dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1"]  # listing loads all


STORE_PROBE = """
import json, sys
import combatlog
from combatlog.events.stores import open_store
from combatlog.rulesets import CODEC
store = open_store(sys.argv[1], codec=CODEC)
first = int(sys.argv[2])
records = store.read_range("default", first, store.last("default")[0] - 1)
print(json.dumps({"types": sorted({type(r.event).__name__ for r in records}),
                  "pf1": any(m.startswith("combatlog.core.rulesets.pf1") for m in sys.modules),
                  "dnd5e": any(m.startswith("combatlog.core.rulesets.dnd5e") for m in sys.modules)}))
"""


@pytest.mark.parametrize("first", [0, 2])
def test_a_store_read_directly_learns_the_pf1_events_it_meets(pf1_fight, first):
    # From event 0, the create is decoded first and loads pf1; from event 2 (no create read), pf1's first own
    # event asks the assembly, which loads the ruleset defining it. Either way pf1 alone.
    done = subprocess.run([sys.executable, "-c", STORE_PROBE, pf1_fight, str(first)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert ("EncounterCreated" in report["types"]) == (first == 0)
    assert any(t.startswith("Pf1") for t in report["types"])
    assert report["pf1"] and not report["dnd5e"]


def test_the_commands_main_knows_are_the_parsers_commands():
    from combatlog.cli.main import COMMANDS, _parser

    sub = next(action for action in _parser()._actions if action.dest == "command")
    assert tuple(sub.choices) == COMMANDS
    for command in COMMANDS:  # each built alone is the same parser as within the whole
        alone = next(action for action in _parser(command)._actions if action.dest == "command")
        assert list(alone.choices) == [command]
        assert [a.dest for a in alone.choices[command]._actions] == [a.dest for a in sub.choices[command]._actions]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_message_parsed_alone_is_the_message_the_whole_catalog_holds(lang):
    # The bundle parses a message from its own lines when first asked (words/__init__.py `_Entries`): every
    # message and term of every catalog, cut out that way, must be the very entry the full parse gives.
    import glob
    from pathlib import Path

    from fluent.runtime import FluentResource

    from combatlog.words import bundle, catalog_entries

    whole: dict = {}
    root = Path(__file__).resolve().parent.parent / "locales" / lang
    for path in sorted(glob.glob(str(root / "*.ftl"))):
        for item in FluentResource(Path(path).read_text(encoding="utf-8")).body:
            if type(item).__name__ in ("Message", "Term"):
                whole.setdefault((type(item).__name__, item.id.name), item)
    messages, terms = catalog_entries(lang)
    assert set(messages) == {name for kind, name in whole if kind == "Message"}
    assert set(terms) == {name for kind, name in whole if kind == "Term"}
    found = bundle(lang)
    for (kind, name), item in whole.items():
        alone = found._messages[name] if kind == "Message" else found._terms[name]
        # the same entry, but for the comment written above it in the file (never said) and the positions
        assert alone.equals(item, ignored_fields=["span", "comment"]), name


# ------------------------------------------------------------------ what no command needs (issue 25, goal 1)
# Scans and helpers no CLI command needs at all: entry-point scans (importlib.metadata, pkg_resources),
# importlib.resources and the zipfile and tempfile it brings (the catalogs are read from their folder,
# words/__init__.py `_catalog_folder`), and shutil (argparse asks it the terminal's width for every argument it
# adds: cli/main.py `_Formatter` computes it as shutil does).
NEVER = ("importlib.metadata", "pkg_resources", "importlib.resources", "zipfile", "tempfile", "shutil")
# What checks a command (the limits of script lines and names): a read decides nothing, and checks nothing.
CHECKS = ("combatlog.replay.validation",)

READ_VERBS = [("state", "--json"), ("state",), ("state", "--at", "3"), ("state", "--json", "--at", "3"),
              ("state", "--json", "--replay"), ("log",), ("export",), ("export", "--format", "md"), ("diff", "1", "3"),
              ("diff", "1", "3", "--json")]


@pytest.mark.parametrize("verb", READ_VERBS, ids=" ".join)
def test_no_read_command_scans_entry_points_sizes_the_terminal_or_imports_command_checks(fight, verb):
    output, modules = modules_of(verb[0], str(fight), *verb[1:])
    assert output.strip()  # a real answer
    assert loaded(modules, NEVER + CHECKS) == []


@pytest.mark.parametrize("verb", [("state", "--json"), ("state", "--json", "--at", "3"), ("export",),
                                  ("diff", "1", "3", "--json")], ids=" ".join)
def test_a_read_that_prints_json_loads_no_words_tables_or_compendium(fight, verb):
    _, modules = modules_of(verb[0], str(fight), *verb[1:])
    assert loaded(modules, WORDS + ("rich", "combatlog.compendium", "combatlog.projections.describe")) == []


@pytest.mark.parametrize("verb", [("state",), ("state", "--at", "3"), ("diff", "1", "3")], ids=" ".join)
def test_a_read_in_words_of_a_5e_log_needs_no_compendium(fight, verb):
    # The goblins' side ("x", "y") is looked up in the library by `log` and the transcripts (a side named after a
    # kind of creature); the state table and a diff name no side.
    _, modules = modules_of(verb[0], str(fight), *verb[1:])
    assert loaded(modules, ("combatlog.compendium", "rich")) == []


def test_export_of_the_raw_events_runs_no_encounter(fight):
    # `export` streams the stored records (each hash checked by the codec): no API object, no engine, no fold.
    output, modules = modules_of("export", str(fight))
    assert len(output.splitlines()) == 6
    assert loaded(modules, ("combatlog.api", "combatlog.replay.engine", "combatlog.replay.snapshots")) == []


def test_run_of_one_command_prints_nothing_and_loads_no_words_tables_or_server(fight, tmp_path):
    log = tmp_path / "copy.db"
    log.write_bytes(fight.read_bytes())
    script = tmp_path / "one.jsonl"
    script.write_text(json.dumps({"do": "hidden", "id": "gob", "hidden": True}) + "\n", encoding="utf-8")
    output, modules = modules_of("run", str(script), "--log", str(log), "-q")
    assert output == ""
    assert loaded(modules, SERVER_AND_FRIENDS + WORDS + NEVER + OURS) == []


VERSION_PROBE = """
import json, sys
from combatlog.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as done:
    code = done.code
sys.stdout.flush()
print("\\n" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def test_version_opens_no_log_loads_no_ruleset_and_builds_no_command_parser():
    from combatlog import __version__

    done = subprocess.run([sys.executable, "-c", VERSION_PROBE, "--version"], capture_output=True, text=True,
                          timeout=120)
    output, _, last = done.stdout.rstrip("\n").rpartition("\n")
    report = json.loads(last)
    assert report["code"] == 0 and output.strip() == f"combatlog {__version__}"
    modules = set(report["modules"])
    assert loaded(modules, ("combatlog.api", "combatlog.tools", "combatlog.events.stores", "combatlog.replay",
                            "combatlog.core.rulesets", "combatlog.rulesets", "combatlog.events", "msgspec",
                            "sqlite3", "typing", "decimal", "fluent") + WORDS + NEVER + SERVER_AND_FRIENDS) == []


@pytest.mark.parametrize("columns", [None, "", "x", "0", "-3", "50", "200"])
def test_the_help_is_as_wide_as_argparse_makes_it(monkeypatch, columns):
    # cli/main.py `_Formatter` sizes the help without shutil: the width must be shutil's, and every command's
    # help the very text argparse's own formatter writes (no terminal here: $COLUMNS, else 80).
    import argparse
    import shutil

    from combatlog.cli import main as cli

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli._terminal_columns() == shutil.get_terminal_size().columns
    ours = {command: _help_of(cli._parser(command), command) for command in (None,) + cli.COMMANDS}
    monkeypatch.setattr(cli, "_Formatter", argparse.HelpFormatter)
    for command, text in ours.items():
        assert text == _help_of(cli._parser(command), command), command


def _help_of(parser, command) -> str:
    if command is None:
        return parser.format_help()
    sub = next(action for action in parser._actions if action.dest == "command")
    return sub.choices[command].format_help()


# ------------------------------------------------------------------ `import combatlog` builds nothing (issue 25, goal 1)
PACKAGE_PROBE = """
import json, sys
import combatlog
bare = sorted(m for m in sys.modules if m.startswith(("combatlog.", "msgspec", "fluent", "babel")))
names = {}
for name in combatlog.__all__:
    exec(f"from combatlog import {name}")  # each public name, as a caller writes it
    names[name] = type(getattr(combatlog, name)).__name__
print(json.dumps({"bare": bare, "names": names, "dir": [n for n in combatlog.__all__ if n not in dir(combatlog)]}))
"""


def test_import_combatlog_imports_nothing_of_the_engine_and_every_public_name_is_there():
    done = subprocess.run([sys.executable, "-c", PACKAGE_PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # the version and the hook naming the assembly, nothing that decodes, decides or says anything
    assert report["bare"] == ["combatlog.core", "combatlog.core.kernel", "combatlog.core.kernel.assembly",
                              "combatlog.version"]
    assert report["names"]["open_log"] == report["names"]["library"] == "function"
    assert report["names"]["RuleViolation"] == report["names"]["Encounter"] == "type"
    assert report["names"]["__version__"] == "str" and report["names"]["DEFAULT_ENCOUNTER"] == "str"
    assert report["dir"] == []


INNER_PROBE = """
import json, sys
from combatlog.core.kernel.registry import default_registry
from combatlog.events.codec import default_codec
before = "combatlog.rulesets" in sys.modules
registry, codec = default_registry(), default_codec()
print(json.dumps({"before": before, "names": list(registry.names()), "create": "EncounterCreated" in codec.event_types}))
"""


def test_an_inner_module_driven_directly_finds_the_assembly_built_on_first_need():
    done = subprocess.run([sys.executable, "-c", INNER_PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report == {"before": False, "names": ["dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1"], "create": True}


# ------------------------------------------------------------------ patterns compiled on first use (issue 25, goal 1)
COMPILE_PROBE = """
import json, sys
import re._compiler
compiled = []
real = re._compiler.compile


def spy(pattern, flags=0):  # re's own cache calls this on a miss only: each pattern once
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.endswith(("re/__init__.py", "functools.py")):
        frame = frame.f_back
    compiled.append(frame.f_code.co_filename if frame is not None else "")
    return real(pattern, flags)


re._compiler.compile = spy
from combatlog.cli.main import main
code = main(sys.argv[1:])
sys.stdout.flush()
print("\\n" + json.dumps({"code": code, "compiled": compiled}))
"""


@pytest.mark.parametrize("verb", [("state", "--json"), ("state", "--json", "--at", "3"), ("export",), ("state",)],
                         ids=" ".join)
def test_a_read_of_a_log_written_by_this_version_compiles_no_pattern_of_the_engine(fight, verb):
    # The upcasters' patterns (events/labels.py, purposes.py, reasons.py) read older logs only; this log's
    # labels and reasons are codes. Of combatlog, only what says words compiles (the catalogs' entries, kebab-case,
    # the terminal's safe text).
    done = subprocess.run([sys.executable, "-c", COMPILE_PROBE, verb[0], str(fight), *verb[1:]], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.rstrip("\n").rpartition("\n")[2])
    ours = sorted({path for path in report["compiled"] if "/site-packages/" not in path and "/lib/python3" not in path})
    words = ("words/__init__.py", "cli/safe_text.py")
    assert [path for path in ours if not path.endswith(words)] == []
    if "--json" in verb or verb == ("export",):
        assert ours == []


@pytest.mark.parametrize("phrase", ["hit point maximum halved (exhaustion)", "0 HP", "A--b  c_d é9 ", "", "İle 3"])
def test_a_code_is_the_words_of_its_phrase_joined_as_the_old_pattern_found_them(phrase):
    import re

    from combatlog.events.reasons import code_of

    assert code_of(phrase) == "_".join(re.findall(r"[a-z0-9]+", phrase.lower()))


# ------------------------------------------------------------------ words without fluent.runtime (issue 25, goal 1)
# fluent.runtime imports babel.dates (the local time zone through pytz, hundreds of files checked) and attrs, and
# its bundle loads Babel's locale data: the words are resolved by words/resolver.py over fluent.syntax's tree.
NOT_FOR_WORDS = ("fluent.runtime", "babel", "pytz", "attr", "attrs")


@pytest.mark.parametrize("verb", [("state",), ("state", "--lang", "fr"), ("log",), ("log", "--lang", "fr"),
                                  ("diff", "1", "3"), ("export", "--format", "md")], ids=" ".join)
def test_a_read_in_words_loads_neither_fluent_runtime_nor_babel(fight, verb):
    output, modules = modules_of(verb[0], str(fight), *verb[1:])
    assert output.strip()
    assert loaded(modules, ("fluent.syntax",)) != []  # the catalogs are read
    assert loaded(modules, NOT_FOR_WORDS) == []
