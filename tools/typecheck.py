"""Type-check the installed package with mypy: `python tools/typecheck.py [mypy arguments]`.

The repository maps its top-level folders to `combatlog.*` (pyproject's [tool.setuptools.package-dir]), which
mypy cannot follow through the editable install; so this installs a copy of the package into a temporary
folder and runs mypy there, with the configuration of pyproject.toml's [tool.mypy]. The scope checked is that
section's `packages` list, and only there; arguments replace it (`python tools/typecheck.py -p combatlog` checks
the whole package). The exit code is mypy's.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # a stale build/ would be installed instead of the source
    with tempfile.TemporaryDirectory(prefix="combatlog-typecheck-") as target:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                        "--target", target, str(ROOT)], check=True)
        shutil.rmtree(ROOT / "build", ignore_errors=True)
        command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), *argv]
        return subprocess.run(command, cwd=target).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
