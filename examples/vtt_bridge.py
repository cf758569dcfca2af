"""A sketch of a virtual-tabletop bridge: the VTT's token moves become commands, the log's changes become token updates.

    python examples/vtt_bridge.py fight.db [IDLE_SECONDS]

Reads the VTT's messages as JSON lines on stdin ({"token": "aria", "to": [3, 2]} when a player drags a token),
and writes on stdout what the VTT should redraw ({"token": "gob1", "hp_bar": 0.57, "conditions": [...]}),
following every writer of the log (the DM's browser, a bot, the shell) with `Encounter.follow`.
"""

import json
import sys
import threading

import combatlog

_out = threading.Lock()


def send(message: dict) -> None:
    """One JSON line to the VTT (two threads talk to it: whole lines only)."""
    with _out:
        sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def token_updates(state: dict) -> list[dict]:
    """One redraw per combatant: position, a health bar (not exact HP: the VTT shows it to players), conditions."""
    return [{"token": cid, "at": c["position"], "hp_bar": round(max(c["hp"], 0) / c["max_hp"], 2) if c["max_hp"] else 0,
             "status": c["status"], "conditions": c["conditions"], "current": cid == state["turn"]}
            for cid, c in state["combatants"].items()]


def apply_vtt_message(encounter: combatlog.Encounter, message: dict) -> str | None:
    """A token dragged on the map is a move along the squares the VTT reports; the error is sent back to the VTT."""
    try:
        encounter.execute({"do": "move", "id": message["token"], "path": message.get("path") or [message["to"]]},
                          actor="vtt")
    except combatlog.RuleViolation as error:
        return error.localized(encounter.lang)
    return None


def main(log_path: str, idle: str = "2", encounter: str = "default") -> int:
    with combatlog.open_log(log_path) as log:
        fight = log.encounter(encounter)
        start = fight.seq

        def follow():  # its own log: one SQLite connection per thread
            with combatlog.open_log(log_path) as watcher:
                watched = watcher.encounter(encounter)
                for _ in watched.follow(after=start, timeout=0.2, idle=float(idle)):
                    send({"redraw": token_updates(watched.state())})

        follower = threading.Thread(target=follow)
        follower.start()
        for line in sys.stdin:
            if line.strip():
                error = apply_vtt_message(fight, json.loads(line))
                if error:
                    send({"error": error})
        follower.join()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
