"""The library's structured logger: structlog over the stdlib logger "combatlog", silent until an app adds a handler.

structlog (and what it pulls in: asyncio, rich) is imported only when a record is actually emitted: a CLI call
that logs nothing does not pay for it (~0.1 s). Nor for the stdlib's `logging`: while nothing has imported it,
no handler can listen, and a call costs a dict lookup."""

import sys

# The stdlib's levels (logging.DEBUG ... logging.CRITICAL), without importing logging for them.
_LEVELS = {"debug": 10, "info": 20, "warning": 30, "warn": 30, "error": 40, "exception": 40, "critical": 50}


_stdlib: list = []  # the stdlib logger "combatlog" once made


def _stdlib_logger():
    """The stdlib logger "combatlog", given a NullHandler the first time."""
    if not _stdlib:
        import logging

        stdlib = logging.getLogger("combatlog")
        stdlib.addHandler(logging.NullHandler())
        _stdlib.append(stdlib)
    return _stdlib[0]


def _enabled(level: int) -> bool:
    logging = sys.modules.get("logging")
    return logging is not None and _stdlib_logger().isEnabledFor(level)


def _structlog_logger(bound: dict):
    import structlog

    return structlog.wrap_logger(
        _stdlib_logger(),
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.stdlib.BoundLogger,
    ).bind(**bound)


def _silent(*_args, **_kwargs) -> None:
    return None


class _LazyLogger:
    """A structlog BoundLogger made on the first record that a handler would see; until then, calls at a level
    nobody listens to cost one `isEnabledFor`."""

    __slots__ = ("_bound", "_real")

    def __init__(self, bound: dict):
        self._bound = bound
        self._real = None

    def bind(self, **more) -> "_LazyLogger":
        return _LazyLogger({**self._bound, **more})

    def __getattr__(self, name: str):
        level = _LEVELS.get(name)
        if level is not None and self._real is None and not _enabled(level):
            return _silent
        if self._real is None:
            self._real = _structlog_logger(self._bound)
        return getattr(self._real, name)


def get_logger(**bound):
    """A structlog logger that renders JSON through the stdlib logger "combatlog" (NullHandler by default)."""
    return _LazyLogger(bound)
