"""The kernel's state before any encounter exists, and the fields every ruleset's state carries."""

from typing import Any

import msgspec

# Every ruleset's state_type has these fields (the kernel, replay and the state document read them).
KERNEL_FIELDS = ("ruleset", "seed", "lang", "name", "phase", "round", "turn", "order", "seq", "rng_position",
                 "created", "windows")


class KernelState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """An empty log: no ruleset yet. `create` replaces it with the chosen ruleset's initial state."""

    ruleset: str = ""
    seed: str = ""
    lang: str = "en"
    name: str = ""
    phase: str = "setup"
    round: int = 0
    turn: str | None = None
    order: tuple[str, ...] = ()
    combatants: dict[str, Any] = {}
    windows: tuple = ()
    seq: int = -1
    rng_position: int = 0
    created: bool = False


EMPTY = KernelState()


def empty_document(state: KernelState) -> dict:
    """The state document of a log that holds no encounter yet (INTERFACE.md §2, every value empty)."""
    return {
        "ruleset": None, "name": state.name, "lang": state.lang, "phase": state.phase, "round": state.round,
        "turn": state.turn, "order": list(state.order), "seq": state.seq, "window": None, "windows": 0,
        "underwater": False, "combatants": {},
    }
