"""The CLI never answers bad input with a traceback, never loses or overwrites a log, never alters one it reads.

Issue 11: every bad input exits 2 with one line naming the problem; `export -o` never writes over the log
(or any log); `--log ''` and `--log :memory:` are refused; an encounter that does not exist is refused;
names never reach the terminal with their escape sequences; reading a log creates and alters nothing;
an import is all or nothing; a JSONL log cut mid-line is repaired by `combatlog repair`; two writers racing
on a new file get the conflict message with the script line, never "database is locked".
"""

import io
import json
import sqlite3
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from combatlog.cli.main import main
from combatlog.replay import engine

FIGHT = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 3, "lang": "en"},
    {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "start"},
    {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 3]},
]


@pytest.fixture(autouse=True)
def english_reader(monkeypatch):
    """Refusals outside a script follow the reader's locale: these tests read the English ones."""
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in argv])
    return code, out.getvalue(), err.getvalue()


def one_line_refusal(result, *fragments, code=2) -> str:
    status, _, err = result
    assert status == code, result
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for fragment in fragments:
        assert fragment in lines[0], err
    return lines[0]


def script(folder: Path, commands, name="script.jsonl") -> Path:
    path = folder / name
    path.write_text("\n".join(c if isinstance(c, str) else json.dumps(c) for c in commands) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def fought(tmp_path) -> Path:
    log = tmp_path / "fight.db"
    assert cli("run", script(tmp_path, FIGHT), "--log", log, "-q")[0] == 0
    return log


@pytest.fixture
def fought_jsonl(tmp_path) -> Path:
    log = tmp_path / "fight.jsonl"
    assert cli("run", script(tmp_path, FIGHT), "--log", log, "-q")[0] == 0
    return log


def snapshot_of(folder: Path) -> dict:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


# --- run: scripts and --log ------------------------------------------------------------------------------


def test_running_a_folder_as_a_script_is_refused_in_one_line(tmp_path):
    one_line_refusal(cli("run", tmp_path, "--log", tmp_path / "x.db"), "folder")
    assert not (tmp_path / "x.db").exists()


def test_running_an_unreadable_script_is_refused_in_one_line(tmp_path):
    one_line_refusal(cli("run", "/proc/self/mem", "--log", tmp_path / "x.db"), "cannot read")


def test_running_a_script_that_is_not_utf8_is_refused_in_one_line(tmp_path):
    (tmp_path / "latin.jsonl").write_bytes('{"do": "create", "ruleset": "dnd5e-2024", "name": "é"}\n'.encode("latin-1"))
    one_line_refusal(cli("run", tmp_path / "latin.jsonl", "--log", tmp_path / "x.db"), "UTF-8")


@pytest.mark.parametrize("log", ["", ":memory:", "   "])
def test_a_log_that_would_keep_nothing_is_refused(tmp_path, log):
    one_line_refusal(cli("run", script(tmp_path, FIGHT[:1]), "--log", log), "--log")


def test_a_french_reader_is_refused_in_french(tmp_path, monkeypatch):
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    one_line_refusal(cli("run", tmp_path, "--log", tmp_path / "x.db"), "est un dossier, pas un script")


def test_a_folder_as_the_log_is_refused(tmp_path):
    one_line_refusal(cli("run", script(tmp_path, FIGHT[:1]), "--log", tmp_path), "folder")


@pytest.mark.parametrize("command", ["state", "log", "export", "diff"])
def test_an_encounter_the_log_does_not_have_is_refused(fought, command):
    extra = ["0", "1"] if command == "diff" else []
    one_line_refusal(cli(command, fought, *extra, "--encounter", "nope"), "no encounter 'nope'", "default")


def test_a_control_character_in_an_encounter_name_is_refused(fought):
    one_line_refusal(cli("state", fought, "--encounter", "a\x1b[2Jb"), "U+001B")


def test_a_rules_bug_is_one_line_naming_the_script_line_and_nothing_is_written(tmp_path, monkeypatch):
    log = tmp_path / "log.db"
    assert cli("run", script(tmp_path, FIGHT[:3]), "--log", log, "-q")[0] == 0
    seq = json.loads(cli("state", log, "--json")[1])["seq"]

    def broken(*args, **kwargs):
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(engine, "decide_and_fold", broken)
    line = one_line_refusal(cli("run", script(tmp_path, [{"do": "end_turn"}], "more.jsonl"), "--log", log, "-q"),
                            "line 1:", "nothing was written")
    assert "TypeError" in line
    monkeypatch.undo()
    assert json.loads(cli("state", log, "--json")[1])["seq"] == seq


# --- export -o -----------------------------------------------------------------------------------------


def test_export_to_a_missing_folder_is_refused(fought, tmp_path):
    one_line_refusal(cli("export", fought, "-o", tmp_path / "nowhere" / "out.jsonl"), "does not exist")


def test_export_to_a_folder_is_refused(fought, tmp_path):
    one_line_refusal(cli("export", fought, "--format", "md", "-o", tmp_path), "folder")


def test_export_to_an_unwritable_place_is_refused(fought):
    one_line_refusal(cli("export", fought, "--format", "md", "-o", "/proc/combatlog-test.md"), "cannot write")


@pytest.mark.parametrize("format", ["jsonl", "md", "html", "json"])
def test_export_onto_the_log_itself_is_refused_and_the_log_is_untouched(fought, fought_jsonl, format):
    for log in (fought, fought_jsonl):
        before = log.read_bytes()
        one_line_refusal(cli("export", log, "--format", format, "-o", log), "is the log")
        assert log.read_bytes() == before
        assert cli("verify", log)[0] == 0


def test_export_onto_the_logs_write_ahead_file_is_refused(fought):
    one_line_refusal(cli("export", fought, "-o", f"{fought}-wal"), "is the log")


@pytest.mark.parametrize("format", ["jsonl", "md", "html", "json"])
def test_export_never_overwrites_another_sqlite_log(fought, tmp_path, format):
    other = tmp_path / "other.db"
    assert cli("run", script(tmp_path, FIGHT[:2], "other.jsonl"), "--log", other, "-q")[0] == 0
    before = other.read_bytes()
    one_line_refusal(cli("export", fought, "--format", format, "-o", other), "will not be overwritten")
    assert other.read_bytes() == before


def test_a_transcript_never_overwrites_a_jsonl_log(fought, fought_jsonl):
    before = fought_jsonl.read_bytes()
    one_line_refusal(cli("export", fought, "--format", "md", "-o", fought_jsonl), "will not be overwritten")
    assert fought_jsonl.read_bytes() == before


def test_a_jsonl_export_may_be_refreshed_but_never_replaces_another_logs_events(fought, tmp_path):
    out = tmp_path / "out.jsonl"
    assert cli("export", fought, "-o", out)[0] == 0
    assert cli("run", script(tmp_path, [{"do": "end_turn"}], "more.jsonl"), "--log", fought, "-q")[0] == 0
    assert cli("export", fought, "-o", out)[0] == 0  # the newer export holds every line of the older one
    other = tmp_path / "other.jsonl"
    assert cli("run", script(tmp_path, FIGHT[:2], "o.jsonl"), "--log", other, "-q")[0] == 0
    before = other.read_bytes()
    one_line_refusal(cli("export", fought, "-o", other), "will not be overwritten")
    assert other.read_bytes() == before


def test_a_failed_export_leaves_the_previous_file_whole(fought, tmp_path):
    out = tmp_path / "notes.md"
    out.write_text("my notes\n", encoding="utf-8")
    one_line_refusal(cli("export", fought, "--format", "md", "-o", out, "--encounter", "nope"), "nope")
    assert out.read_text(encoding="utf-8") == "my notes\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# --- names on the terminal -----------------------------------------------------------------------------


@pytest.fixture
def escaped_log(tmp_path, monkeypatch) -> Path:
    """A log written by an older combatlog, whose names hold an escape sequence and a line break."""
    log = tmp_path / "old.db"
    monkeypatch.setattr(engine, "check_command", lambda raw: None)
    commands = [FIGHT[0], {**FIGHT[1], "name": "Aria\x1b[2J\x1b]0;pwned\x07\nEvil | cell"}, *FIGHT[2:6]]
    assert cli("run", script(tmp_path, commands), "--log", log, "-q")[0] == 0
    monkeypatch.undo()
    return log


@pytest.mark.parametrize("argv", [["state"], ["log"], ["state", "--json"]])
def test_escape_sequences_in_names_never_reach_the_terminal(escaped_log, argv):
    code, out, err = cli(argv[0], escaped_log, *argv[1:])
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out
    if argv == ["state"]:
        assert "\\x1b[2J" in out
        assert all("Evil" not in line or "Aria" in line for line in out.splitlines())  # the line break is shown


def test_the_shell_shows_escape_sequences_as_text(escaped_log):
    from combatlog.cli.safe_text import printable_document

    document = printable_document({"combatants": {"aria": {"name": "Aria\x1b[2J\nx"}}})
    assert document["combatants"]["aria"]["name"] == "Aria\\x1b[2J\\x0ax"


# --- reading never creates or alters -------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["state"], ["state", "--json", "--at", "3"], ["log"], ["verify"], ["export", "-o"],
                                  ["export", "--format", "md", "-o"], ["diff", "2", "5"]])
def test_reading_a_log_creates_and_alters_nothing(fought, tmp_path, argv):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    before = snapshot_of(tmp_path)
    tail = [elsewhere / "out"] if argv[-1] == "-o" else []
    assert cli(argv[0], fought, *argv[1:], *tail)[0] == 0
    assert snapshot_of(tmp_path) == before


@pytest.mark.parametrize("argv", [["state"], ["log"], ["verify"], ["export"]])
def test_an_empty_file_is_not_a_log_and_stays_empty(tmp_path, argv):
    empty = tmp_path / "empty.db"
    empty.touch()
    one_line_refusal(cli(argv[0], empty, *argv[1:]), "empty file", code=1)
    assert snapshot_of(tmp_path) == {"empty.db": b""}


@pytest.mark.parametrize("argv", [["state"], ["verify"], ["export"], ["run", "{script}", "--log"]])
def test_another_applications_sqlite_file_is_refused_and_left_as_it_was(tmp_path, argv):
    other = tmp_path / "notes.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('hello')")
    db.close()
    steps = script(tmp_path, FIGHT[:1], "s.jsonl")
    before = snapshot_of(tmp_path)
    args = [a.format(script=steps) for a in argv] + [other] if argv[0] == "run" else [argv[0], other]
    one_line_refusal(cli(*args), "notes.db", code=1)
    assert snapshot_of(tmp_path) == before


# --- import --------------------------------------------------------------------------------------------


def test_a_failed_import_creates_no_log(fought, tmp_path):
    exported = tmp_path / "all.jsonl"
    assert cli("export", fought, "-o", exported)[0] == 0
    lines = exported.read_bytes().splitlines(keepends=True)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"".join(lines[:-3]) + lines[-3].replace(b'"dm"', b'"DM"') + b"".join(lines[-2:]))
    target = tmp_path / "new.db"
    code, _, err = cli("import", damaged, "--log", target)
    assert code == 1 and "event" in err
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir() if "import" in p.name] == []
    assert cli("import", exported, "--log", target)[0] == 0
    assert cli("verify", target)[0] == 0


def test_importing_a_log_into_itself_is_refused(fought_jsonl):
    one_line_refusal(cli("import", fought_jsonl, "--log", fought_jsonl), "itself")


# --- repair --------------------------------------------------------------------------------------------


def test_a_jsonl_log_torn_mid_line_is_detected_then_repaired_back_to_the_last_whole_command(fought_jsonl, tmp_path):
    data = fought_jsonl.read_bytes()
    fought_jsonl.write_bytes(data[:-40])
    code, _, err = cli("verify", fought_jsonl)
    assert code == 1 and "combatlog repair" in err
    code, out, err = cli("repair", fought_jsonl)
    assert code == 0, err
    assert "cut" in out and "line" in out and "kept in" in out
    # The last command (the attack) lost its last event: its first events went with it.
    assert "event" in out
    assert cli("verify", fought_jsonl)[0] == 0
    state = json.loads(cli("state", fought_jsonl, "--json")[1])
    assert state["combatants"]["gob1"]["hp"] == 7
    assert cli("run", script(tmp_path, [FIGHT[-1]], "again.jsonl"), "--log", fought_jsonl, "-q")[0] == 0
    assert cli("verify", fought_jsonl)[0] == 0
    assert Path(f"{fought_jsonl}.cut").read_bytes() != b""


def test_a_command_cut_between_two_lines_is_cut_whole_by_repair(fought_jsonl):
    lines = fought_jsonl.read_bytes().splitlines(keepends=True)
    fought_jsonl.write_bytes(b"".join(lines[:-1]))  # the attack's last event is gone, the file ends on a newline
    assert cli("verify", fought_jsonl)[0] == 1
    code, out, _ = cli("repair", fought_jsonl)
    assert code == 0 and "not written whole" in out
    assert cli("verify", fought_jsonl)[0] == 0


def test_repair_of_a_whole_log_cuts_nothing(fought, fought_jsonl):
    for log in (fought, fought_jsonl):
        before = log.read_bytes()
        code, out, _ = cli("repair", log)
        assert code == 0 and "nothing to repair" in out
        assert log.read_bytes() == before


# --- two writers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".db", ".jsonl"])
def test_two_writers_racing_on_a_new_file_get_the_conflict_with_the_script_line(tmp_path, suffix):
    commands = [FIGHT[0]] + [{"do": "add", "id": f"g{n}", "side": "goblins", "template": "goblin"} for n in range(30)]
    steps = script(tmp_path, commands)
    for attempt in range(3):
        log = tmp_path / f"race{attempt}{suffix}"
        writers = [subprocess.Popen([sys.executable, "-m", "combatlog.cli.main", "run", str(steps), "--log", str(log),
                                     "-q"], stderr=subprocess.PIPE, text=True) for _ in range(2)]
        results = [(writer.wait(timeout=120), writer.stderr.read()) for writer in writers]
        for code, err in results:
            assert "locked" not in err and "Traceback" not in err, err
            if code != 0:
                assert code in (1, 2), err
                assert err.startswith("line "), err
        assert cli("verify", log)[0] == 0


def test_a_markdown_transcript_of_such_a_log_keeps_its_table_whole(escaped_log, tmp_path):
    out = tmp_path / "t.md"
    code, _, err = cli("export", escaped_log, "--format", "md", "-o", out)
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\x07" not in text
    rows = [line for line in text.splitlines() if line.startswith("|")]
    assert rows and all(line.endswith("|") for line in rows)
    assert any("Aria" in line and "Evil" in line for line in rows), rows


@pytest.mark.parametrize("suffix", [".db", ".jsonl"])
def test_the_losing_writer_on_a_shared_log_says_at_which_line_it_stopped(tmp_path, suffix):
    log = tmp_path / f"shared{suffix}"
    assert cli("run", script(tmp_path, [FIGHT[0]], "create.jsonl"), "--log", log, "-q")[0] == 0
    scripts = [script(tmp_path, [{"do": "add", "id": f"{who}{n}", "side": who, "template": "goblin"}
                                 for n in range(60)], f"{who}.jsonl") for who in ("a", "b")]
    writers = [subprocess.Popen([sys.executable, "-m", "combatlog.cli.main", "run", str(path), "--log", str(log), "-q"],
                                stderr=subprocess.PIPE, text=True) for path in scripts]
    results = [(writer.wait(timeout=120), writer.stderr.read()) for writer in writers]
    for code, err in results:
        assert "locked" not in err and "Traceback" not in err, err
        if code != 0:
            assert code == 1 and err.startswith("line ") and "reload and try again" in err, err
    assert cli("verify", log)[0] == 0


def test_a_script_saved_with_a_byte_order_mark_runs(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(FIGHT[0]).encode() + b"\r\n" + json.dumps(FIGHT[1]).encode() + b"\r\n")
    code, _, err = cli("run", path, "--log", tmp_path / "bom.db", "-q")
    assert code == 0, err


def test_a_log_an_older_combatlog_broke_is_one_line_and_verify_names_the_command(tmp_path, monkeypatch):
    """Before issue 11 `"speed": NaN` was stored as null and every later `state` died with a traceback."""
    from combatlog.events.stores import SQLiteStore
    from combatlog.replay.engine import Encounter

    log = tmp_path / "old.db"
    monkeypatch.setattr(engine, "check_command", lambda raw: None)
    monkeypatch.setattr(engine, "check_decodable", lambda *args, **kwargs: None)
    from combatlog.core.rulesets.dnd5e import stats as stats_module  # the core's own bounds came later still

    monkeypatch.setattr(stats_module, "_out_of_bounds", lambda stats: [])
    with SQLiteStore(log) as store:
        encounter = Encounter(store, "default")
        encounter.execute(FIGHT[0])
        encounter.execute({**FIGHT[2], "overrides": {"speed": float("nan")}})
    monkeypatch.undo()
    one_line_refusal(cli("state", log), "state failed", code=1)
    code, _, err = cli("verify", log)
    assert code == 1 and "event 2:" in err and "stats.speed" in err, err
