"""The library's version, on the ground floor: snapshots record it, the CLI prints it."""

__version__ = "0.1.0"
