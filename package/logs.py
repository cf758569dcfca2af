"""The library's structured logger: structlog over the stdlib logger "combatlog", silent until an app adds a handler."""

import logging

import structlog

_stdlib = logging.getLogger("combatlog")
_stdlib.addHandler(logging.NullHandler())


def get_logger(**bound):
    """A structlog logger that renders JSON through the stdlib logger "combatlog" (NullHandler by default)."""
    return structlog.wrap_logger(
        _stdlib,
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.stdlib.BoundLogger,
    ).bind(**bound)
