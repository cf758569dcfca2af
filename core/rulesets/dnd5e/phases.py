"""The 5e family's phase table, run by the kernel's phase machine."""

from typing import Any

from combatlog.core.kernel.phases import PhaseMachine

PHASES = ("setup", "turn", "death_save", "reaction", "ended")

# command -> phases in which it is legal. `create` and the undo family are handled before the machine.
LEGAL_IN: dict[str, tuple[str, ...]] = {
    "add": ("setup", "turn"),
    "remove": ("setup", "turn"),
    "place": ("setup", "turn"),
    "hidden": ("setup", "turn", "death_save", "reaction", "ended"),
    "surprise": ("setup",),
    "initiative": ("setup", "turn"),
    "order": ("setup", "turn"),
    "start": ("setup",),
    "move": ("turn",),
    "action": ("turn",),
    "attack": ("turn",),
    "grapple": ("turn",),
    "shove": ("turn",),
    "escape": ("turn",),
    "damage": ("setup", "turn", "death_save", "reaction"),  # the DM strikes whenever (issue 9 §3)
    "heal": ("setup", "turn", "death_save", "reaction"),  # the DM strikes whenever (issue 9 §3)
    "temp_hp": ("setup", "turn", "death_save", "reaction"),  # the DM strikes whenever (issue 9 §3)
    "save": ("setup", "turn"),
    "check": ("setup", "turn"),
    "condition": ("setup", "turn", "death_save", "reaction"),  # the DM strikes whenever (issue 9 §3)
    "concentrate": ("setup", "turn"),
    "death_save": ("death_save",),
    "stabilize": ("turn",),
    "react": ("reaction",),
    "pass": ("reaction",),
    "end_turn": ("turn",),
    "stand": ("turn",),
    "drop_prone": ("turn",),
    "terrain": ("setup", "turn"),
    "trigger": ("turn",),
    "end": ("setup", "turn", "death_save"),
    # Spells out of combat too (rituals, healing after the fight); in a window, only a reaction spell (spells.py).
    "cast": ("setup", "turn", "reaction", "ended"),
    "next_round": PHASES,  # Rôle'n Play's aftermath: the 5e handler names the ruleset it belongs to
    "legendary": ("turn", "death_save"),  # between two turns only: legendary.py says when exactly
    "rest": PHASES,  # before `start` or after `end`: the handler says why anywhere else
}

# Commands that move the machine to a new phase; the others leave it where it is.
_TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "start", "source": "setup", "dest": "turn"},
    {"trigger": "await_death_save", "source": "turn", "dest": "death_save"},
    {"trigger": "death_save", "source": "death_save", "dest": "turn"},
    {"trigger": "open_window", "source": ["turn", "reaction"], "dest": "reaction"},
    {"trigger": "close_window", "source": "reaction", "dest": "turn"},
    {"trigger": "end", "source": ["setup", "turn", "death_save"], "dest": "ended"},
]

MACHINE = PhaseMachine(PHASES, LEGAL_IN, _TRANSITIONS)
is_legal = MACHINE.is_legal
next_phase = MACHINE.next_phase
