"""`combatlog run` of a script with no command (blank lines and comments only) on a new log: nothing to run, nothing
to show, exit 0 (it once failed with "run failed (AttributeError ...)")."""

from combatlog.cli.main import main


def test_an_empty_script_on_a_new_log_runs_nothing_and_says_nothing(tmp_path, capsys):
    script = tmp_path / "empty.jsonl"
    script.write_text("# nothing yet\n\n", encoding="utf-8")
    assert main(["run", str(script), "--log", str(tmp_path / "fight.db")]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "failed" not in captured.out
