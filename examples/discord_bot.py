"""A Discord-style bot loop without Discord: one chat message per line in, the bot's replies out.

    python examples/discord_bot.py fight.db < messages.txt

Messages starting with "!" talk to the bot: "!état" / "!state", or any line of the `combatlog play` shell
("!attaque aria gob1", "!dgt gob1 5 tranchant", "!suivant", '!{"do": "heal", ...}'). A real bot calls
`handle(encounter, message)` from its on_message handler and posts what it returns.
"""

import sys

import combatlog


def handle(encounter: combatlog.Encounter, message: str) -> str | None:
    """The bot's reply to one chat message (None: not for the bot)."""
    if not message.startswith("!"):
        return None
    before = encounter.seq
    try:
        verb, commands = encounter.parse_line(message[1:])
        for command in commands:
            encounter.execute(command, actor="discord")
    except combatlog.RuleViolation as error:
        return f"⚠ {error.localized(encounter.lang)}"
    state = encounter.state()
    said = [line["text"] for line in encounter.log_lines(after=before) if line["type"] != "CommandIssued"]
    return "\n".join(said[-4:] + [f"round {state['round']} · {state['turn'] or '-'}"])


def main(log_path: str, encounter: str = "default") -> int:
    with combatlog.open_log(log_path) as log:
        fight = log.encounter(encounter)
        for message in sys.stdin:
            reply = handle(fight, message.strip())
            if reply:
                print(reply, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
