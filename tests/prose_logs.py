"""Logs written before events carried reason codes (prose reasons such as "stabilized by brom"), and what every
reader printed for them then: `tests/golden/prose_logs/expected/<log>.<view>.txt`.

The logs are the 0.1 fixtures (`fixtures/logs/`) and one log per example script of `fixtures/encounters/`, run
by combatlog before the change. Their bytes, hashes and every view of them must stay the same for good."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

from combatlog.cli.main import main

HERE = Path(__file__).parent
ROOT = HERE.parent
EXPECTED = HERE / "golden" / "prose_logs" / "expected"
LOGS = sorted((ROOT / "fixtures" / "logs").glob("*.jsonl")) + sorted((HERE / "golden" / "prose_logs").glob("*.jsonl"))

VIEWS = {
    "state.json": ["state", "--json"],
    "state.fr": ["state", "--lang", "fr"],
    "state.en": ["state", "--lang", "en"],
    "log.fr": ["log", "--lang", "fr"],
    "log.en": ["log", "--lang", "en"],
    "export.jsonl": ["export", "--format", "jsonl"],
    "export.fr.md": ["export", "--format", "md", "--lang", "fr", "--include-undone"],
    "export.en.md": ["export", "--format", "md", "--lang", "en", "--include-undone"],
    "export.fr.json": ["export", "--format", "json", "--lang", "fr"],
    "export.en.html": ["export", "--format", "html", "--lang", "en"],
    "verify": ["verify"],
}


def views(log: Path, workdir: Path) -> dict[str, str]:
    """Every view of a copy of `log` (readers may add index files beside a log: the original stays untouched)."""
    copy = workdir / log.name
    shutil.copyfile(log, copy)
    head = log.with_name(log.name + ".head")
    if head.exists():
        shutil.copyfile(head, workdir / head.name)
    seen = {}
    for name, argv in VIEWS.items():
        out, err = io.StringIO(), io.StringIO()
        written = workdir / f"out.{name}"
        into = ["--output", str(written)] if argv[0] == "export" else []  # export writes bytes, to a file
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*argv, *into, str(copy)])
        text = written.read_text(encoding="utf-8") if written.exists() else ""
        seen[name] = f"exit {code}\n{out.getvalue()}{text}{err.getvalue()}"
    return seen


if __name__ == "__main__":  # capture what the readers print today
    import tempfile

    EXPECTED.mkdir(parents=True, exist_ok=True)
    for log in LOGS:
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in views(log, Path(tmp)).items():
                (EXPECTED / f"{log.stem}.{name}.txt").write_text(text, encoding="utf-8")
