"""`combatlog serve`: the HTTP API, the DM's page and the players' view (needs the `server` extra)."""

from __future__ import annotations

import os
import secrets
import sys
from typing import Any
from urllib.parse import quote

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000


def dm_urls(host: str, port: int, token: str, encounters: list[str], lang: str | None = None) -> list[str]:
    """The addresses that log the DM's browser in (one per encounter; the index when the log is empty)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{port}"
    suffix = f"&lang={lang}" if lang else ""
    return [f"{base}/e/{quote(name, safe='')}?token={quote(token, safe='')}{suffix}" for name in encounters or ["default"]]


def terminal_name(name: str) -> str:
    """An encounter's name as the terminal may print it: one the server refuses (a control character, an
    escape sequence: an older log's) is shown escaped, never raw."""
    import combatlog

    try:
        combatlog.check_encounter_name(name)
    except combatlog.RuleViolation:
        return ascii(name)
    return name


ENV_LOG, ENV_TOKEN, ENV_LANG, ENV_PRIVATE, ENV_LISTEN = (
    "COMBATLOG_SERVE_LOG", "COMBATLOG_SERVE_TOKEN", "COMBATLOG_SERVE_LANG", "COMBATLOG_SERVE_PRIVATE",
    "COMBATLOG_SERVE_LISTEN")
ENV_LOOP, ENV_HTTP = "COMBATLOG_SERVE_LOOP", "COMBATLOG_SERVE_HTTP"


def is_url(log: str) -> bool:
    return log.startswith(("postgresql://", "postgres://"))


def workers_refusal(log: str, workers: int) -> tuple[str, str] | None:
    """(English, French) reason why `workers` processes cannot share `log`, or None when they can."""
    if workers < 1:
        return (f"--workers takes a number of processes, 1 or more (not {workers})",
                f"--workers prend un nombre de processus, 1 ou plus (pas {workers})")
    if workers == 1 or is_url(log):
        return None
    if log == ":memory:" or log.endswith(".jsonl"):
        return ("several server processes need a PostgreSQL log (postgresql://…) or a SQLite file, "
                "not a .jsonl or in-memory log",
                "plusieurs processus serveurs demandent un journal PostgreSQL (postgresql://…) ou un fichier SQLite, "
                "pas un journal .jsonl ou en mémoire")
    return None


def app_from_environment():
    """The app of one worker process (`uvicorn --factory`): the log, token and options come from the environment."""
    from combatlog.server.app import create_app

    host, _, port = os.environ.get(ENV_LISTEN, "").rpartition(":")
    return create_app(os.environ[ENV_LOG], token=os.environ[ENV_TOKEN], lang=os.environ.get(ENV_LANG) or None,
                      private=os.environ.get(ENV_PRIVATE) == "1", host=host or None,
                      port=int(port) if port.isdigit() else None)


def serve(log: str, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, token: str | None = None,
          lang: str | None = None, workers: int = 1, private: bool = False, out=None) -> int:
    """Run the server until interrupted; prints the DM's address(es) with the token, and the players' view.

    With `workers` > 1, that many processes share the port (uvicorn's process manager); each follows the writes
    of the others through the store (PostgreSQL's LISTEN/NOTIFY, or SQLite's last-seq query). With `private`,
    the JSON API's reads need the DM's token too; the players' view stays open (it never shows a monster's HP)."""
    import uvicorn

    import combatlog
    from combatlog.server.app import create_app

    out = out or sys.stdout
    refusal = workers_refusal(log, workers)
    if refusal is not None:
        print(f"combatlog: {refusal[1] if lang == 'fr' else refusal[0]}", file=sys.stderr)
        return 2
    token = token or secrets.token_urlsafe(24)
    with combatlog.open_log(log) as opened:
        names = opened.encounters()
    fr = lang == "fr"
    for name, url in zip(names or ["default"], dm_urls(host, port, token, names, lang)):
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        table = f"http://{shown}:{port}/e/{quote(name, safe='')}/table" + (f"?lang={lang}" if lang else "")
        print(f"{'MJ' if fr else 'DM'} ({terminal_name(name)}): {url}", file=out)
        print(f"{'Joueurs' if fr else 'Players'} ({terminal_name(name)}): {table}", file=out)
    out.flush()
    # uvicorn picks uvloop and httptools when installed (the `server` extra brings them): their sends do not let
    # go of the GIL, where each of the stdlib loop's did and then waited for it behind the log's threads (issue
    # 25). COMBATLOG_SERVE_LOOP / COMBATLOG_SERVE_HTTP (asyncio, h11) choose the pure Python ones, to compare.
    common: dict[str, Any] = {"host": host, "port": port, "log_level": "warning", "timeout_graceful_shutdown": 2,
                              "loop": os.environ.get(ENV_LOOP) or "auto", "http": os.environ.get(ENV_HTTP) or "auto"}
    if workers == 1:
        uvicorn.run(create_app(log, token=token, lang=lang, private=private, host=host, port=port), **common)
        return 0
    # Worker processes are started afresh (spawned): they read their settings from the environment.
    os.environ.update({ENV_LOG: log, ENV_TOKEN: token, ENV_LANG: lang or "", ENV_PRIVATE: "1" if private else "",
                       ENV_LISTEN: f"{host}:{port}"})
    uvicorn.run("combatlog.server:app_from_environment", factory=True, workers=workers, **common)
    return 0


__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "app_from_environment", "dm_urls", "serve", "terminal_name", "workers_refusal"]
