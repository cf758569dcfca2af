"""The CLI's logging: silent unless -v, then the library's JSON lines go to stderr."""

import sys


def configure(verbose: bool) -> None:
    if not verbose:
        return
    import logging  # only with -v: a quiet call never imports logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.getLogger("combatlog")
    if any(getattr(h, "combatlog_cli", False) for h in logger.handlers):
        return
    handler.combatlog_cli = True  # type: ignore[attr-defined]  # marks the CLI's own handler
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
