"""The phase machine: the single authority on which commands each phase allows."""

import threading

from transitions import Machine

PHASES = ("setup", "turn", "death_save", "reaction", "ended")

# command -> phases in which it is legal. `create` and the undo family are handled before the machine.
LEGAL_IN: dict[str, tuple[str, ...]] = {
    "add": ("setup", "turn"),
    "remove": ("setup", "turn"),
    "place": ("setup", "turn"),
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
    "damage": ("setup", "turn"),
    "heal": ("setup", "turn"),
    "temp_hp": ("setup", "turn"),
    "save": ("setup", "turn"),
    "check": ("setup", "turn"),
    "condition": ("setup", "turn"),
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
}

# Commands that move the machine to a new phase; the others leave it where it is.
_TRANSITIONS = [
    {"trigger": "start", "source": "setup", "dest": "turn"},
    {"trigger": "await_death_save", "source": "turn", "dest": "death_save"},
    {"trigger": "death_save", "source": "death_save", "dest": "turn"},
    {"trigger": "open_window", "source": ["turn", "reaction"], "dest": "reaction"},
    {"trigger": "close_window", "source": "reaction", "dest": "turn"},
    {"trigger": "end", "source": ["setup", "turn", "death_save"], "dest": "ended"},
]


class _Phase:
    state: str


_local = threading.local()


def _machine() -> tuple[Machine, _Phase]:
    if not hasattr(_local, "machine"):
        model = _Phase()
        transitions = list(_TRANSITIONS)
        for command, phases in LEGAL_IN.items():
            if command in ("start", "death_save", "end"):
                continue
            transitions.append({"trigger": f"do_{command}", "source": list(phases), "dest": None})
        machine = Machine(model=model, states=list(PHASES), transitions=transitions, initial="setup", auto_transitions=False)
        _local.machine = (machine, model)
    return _local.machine


# The machine's answers, asked once per (phase, command): a may_ check walks every trigger of the machine.
_legal: dict[tuple[str, str], bool] = {}


def is_legal(phase: str, command: str) -> bool:
    """Whether `command` may run in `phase` (the machine's answer, restored with set_state, fires nothing)."""
    key = (phase, command)
    answer = _legal.get(key)
    if answer is None:
        machine, model = _machine()
        machine.set_state(phase, model)
        trigger = command if command in ("start", "death_save", "end") else f"do_{command}"
        checker = getattr(model, f"may_{trigger}", None)
        answer = _legal[key] = bool(checker and checker())
    return answer


def next_phase(phase: str, trigger: str) -> str:
    """Where `trigger` takes the machine from `phase`."""
    machine, model = _machine()
    machine.set_state(phase, model)
    getattr(model, trigger)()
    return model.state
