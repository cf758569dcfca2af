"""A sketch of a virtual-tabletop bridge: the VTT's token moves become commands, the log's changes become token updates.

    python examples/vtt_bridge.py fight.db [IDLE_SECONDS]

Reads the VTT's messages as JSON lines on stdin ({"token": "aria", "to": [3, 2]} when a player drags a token),
and writes on stdout what the VTT should redraw, following every writer of the log (the DM's browser, a bot, the
shell) with `Encounter.follow`. The VTT shows its tokens to the players, so a token carries what the server's
players' view shows (`combatlog.server.views.players_document`, the page /e/ENC/table): a monster's health as a
word (healthy / bloodied / down, « en forme » / « en sang » / « hors de combat »), never its hit points; a PC's
hit points; no token at all for a creature the DM keeps hidden.

    {"token": "gob1", "at": [4, 2], "health": "bloodied", "health_word": "en sang", "conditions": ["à terre"], ...}
"""

import json
import sys
import threading

import combatlog
from combatlog.server.views import players_document  # the players' whitelist; needs no server extra

_out = threading.Lock()


def send(message: dict) -> None:
    """One JSON line to the VTT (two threads talk to it: whole lines only)."""
    with _out:
        sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def token_updates(state: dict, lang: str | None = None) -> list[dict]:
    """One redraw per combatant the players may see: position, health in words, conditions by name; hit points
    for the player characters only (what the players' view shows)."""
    view = players_document(state, [], lang or state.get("lang") or "en")
    updates = []
    for row in view["combatants"]:
        update = {"token": row["id"], "name": row["name"], "at": row["position"], "health": row["health"],
                  "health_word": row["health_word"], "status": row["status"], "status_word": row["status_word"],
                  "conditions": row["conditions"], "current": row["current"]}
        if row["kind"] == "pc":
            update |= {"hp": row["hp"], "max_hp": row["max_hp"], "temp_hp": row["temp_hp"]}
        updates.append(update)
    return updates


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
