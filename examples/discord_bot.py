"""A Discord bot for the table: the players and the DM type "!" commands in a channel, the bot runs them on the log
and answers in the players' words (what the server's players' view shows: a monster is healthy, bloodied or down,
never "HP 7 → 4").

    python examples/discord_bot.py fight.db < messages.txt      # without Discord: one chat message per line
    DISCORD_TOKEN=... python examples/discord_bot.py fight.db --discord   # with discord.py installed

Messages starting with "!" talk to the bot: "!état" / "!state" (round, whose turn, each creature's health and
conditions), "!annuler" / "!undo" (says what was undone), or any line of the `combatlog play` shell
("!attaque aria gob1 épée_longue", "!dgt gob1 5 tranchant", "!suivant", '!{"do": "heal", ...}').
`handle(encounter, message)` is the whole logic and needs no discord package; `run_discord` imports it only
when it runs.
"""

import os
import sys

import combatlog
from combatlog.server.views import players_document, told  # the players' whitelist; needs no server extra

# The bot's own few words, in both languages (everything else comes from combatlog's catalogs).
WORDS = {
    "fr": {"undone": "Annulé : {what}", "redone": "Rétabli : {what}", "nothing": "C'est noté.",
           "hp": "{hp}/{max_hp} PV", "temp": " (+{temp} PV temporaires)", "refused": "⚠ {reason}",
           "no_fight": "Pas encore de combat."},
    "en": {"undone": "Undone: {what}", "redone": "Redone: {what}", "nothing": "Noted.",
           "hp": "{hp}/{max_hp} HP", "temp": " (+{temp} temporary HP)", "refused": "⚠ {reason}",
           "no_fight": "No fight yet."},
}


def say(lang: str, key: str, **values) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**values)


def state_text(state: dict, lang: str) -> str:
    """The answer to !état: the heading (round and whose turn), then one line per creature the players may see:
    a PC's hit points, a monster's health in words, its status when not alive, its conditions."""
    view = players_document(state, [], lang)
    lines = [view["heading"] or view["name"] or say(lang, "no_fight")]
    for row in view["combatants"]:
        if row["kind"] == "pc":
            health = say(lang, "hp", hp=row["hp"], max_hp=row["max_hp"])
            health += say(lang, "temp", temp=row["temp_hp"]) if row["temp_hp"] else ""
        else:
            health = row["health_word"]
        parts = [health] + ([row["status_word"]] if row["status_word"] else []) + row["conditions"]
        lines.append(("▶ " if row["current"] else "• ") + f"{row['name']} — " + ", ".join(parts))
    return "\n".join(lines)


def _command_text(entry: dict) -> str:
    return entry["text"].removeprefix("▸").strip()


def undo_text(encounter: combatlog.Encounter, lines: list[dict], lang: str) -> list[str]:
    """What an undo or redo among `lines` took back or brought back, named by the commands it concerns."""
    said = []
    for entry in lines:
        if entry["type"] not in ("Undone", "Redone"):
            continue
        txns = set(entry["event"].get("txns") or ())
        if not txns:
            continue
        commands = [_command_text(line) for line in encounter.log_lines(after=min(txns) - 1)
                    if line["type"] == "CommandIssued" and line["txn"] in txns]
        key = "undone" if entry["type"] == "Undone" else "redone"
        said += [say(lang, key, what=text) for text in commands]
    return said


def handle(encounter: combatlog.Encounter, message: str) -> str | None:
    """The bot's reply to one chat message (None: not for the bot)."""
    if not message.startswith("!"):
        return None
    lang = encounter.lang
    before = encounter.seq
    try:
        verb, commands = encounter.parse_line(message[1:])
        if verb == "state":
            return state_text(encounter.state(), lang)
        for command in commands:
            encounter.execute(command, actor="discord")
    except combatlog.RuleViolation as error:
        return say(lang, "refused", reason=error.localized(lang))
    state = encounter.state()
    lines = list(encounter.log_lines(after=before))
    said = undo_text(encounter, lines, lang)
    said += told([line for line in lines if line["type"] not in ("Undone", "Redone")], state["combatants"], lang)
    if not said:
        said = [say(lang, "nothing")]
    return "\n".join(said[-6:])


def run_discord(log_path: str, token: str, encounter: str = "default") -> None:  # pragma: no cover - needs Discord
    import discord  # only here: the logic above runs without it

    intents = discord.Intents.default()
    intents.message_content = True
    client = discord.Client(intents=intents)
    log = combatlog.open_log(log_path)
    fight = log.encounter(encounter)

    @client.event
    async def on_message(message):
        if message.author == client.user:
            return
        fight.refresh()
        reply = handle(fight, message.content.strip())
        if reply:
            await message.channel.send(reply)

    client.run(token)


def main(log_path: str, *rest: str) -> int:
    if "--discord" in rest:
        run_discord(log_path, os.environ["DISCORD_TOKEN"])
        return 0
    encounter = rest[0] if rest else "default"
    with combatlog.open_log(log_path) as log:
        fight = log.encounter(encounter)
        for message in sys.stdin:
            reply = handle(fight, message.strip())
            if reply:
                print(reply, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
