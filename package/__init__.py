"""combatlog: an event-sourced combat engine for tabletop role-playing games."""

__version__ = "0.1.0"
