"""The phase machine: one `transitions` machine per ruleset table, the single authority on which commands
each phase allows. A ruleset gives its phases, the phases each command is legal in, and the transitions
that move the machine; `is_legal` and `next_phase` answer from there."""

import threading

from transitions import Machine


class PhaseMachine:
    """`legal_in`: command -> phases where it is legal; `moves`: trigger dicts (trigger, source, dest).
    Commands named as a move's trigger are checked against that move; the others leave the phase alone."""

    def __init__(self, phases: tuple[str, ...], legal_in: dict[str, tuple[str, ...]], moves: list[dict]):
        self.phases = phases
        self.legal_in = legal_in
        self.moves = moves
        self._moving = {move["trigger"] for move in moves}
        self._local = threading.local()
        # The machine's answers, asked once per (phase, command): a may_ check walks every trigger of the machine.
        self._legal: dict[tuple[str, str], bool] = {}

    def _machine(self):
        if not hasattr(self._local, "machine"):
            model = _Phase()
            transitions = list(self.moves)
            for command, phases in self.legal_in.items():
                if command in self._moving:
                    continue
                transitions.append({"trigger": f"do_{command}", "source": list(phases), "dest": None})
            machine = Machine(model=model, states=list(self.phases), transitions=transitions, initial=self.phases[0],
                              auto_transitions=False)
            self._local.machine = (machine, model)
        return self._local.machine

    def is_legal(self, phase: str, command: str) -> bool:
        """Whether `command` may run in `phase` (restores the machine with set_state, fires nothing)."""
        key = (phase, command)
        answer = self._legal.get(key)
        if answer is None:
            if phase not in self.phases:
                return False
            machine, model = self._machine()
            machine.set_state(phase, model)
            trigger = command if command in self._moving and command in self.legal_in else f"do_{command}"
            checker = getattr(model, f"may_{trigger}", None)
            answer = self._legal[key] = bool(checker and checker())
        return answer

    def next_phase(self, phase: str, trigger: str) -> str:
        """Where `trigger` takes the machine from `phase`."""
        machine, model = self._machine()
        machine.set_state(phase, model)
        getattr(model, trigger)()
        return model.state


class _Phase:
    state: str
