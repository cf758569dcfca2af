"""`combatlog serve`: the HTTP API, the DM's page and the players' view (needs the `server` extra)."""

from __future__ import annotations

import secrets
import sys

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000


def dm_urls(host: str, port: int, token: str, encounters: list[str], lang: str | None = None) -> list[str]:
    """The addresses that log the DM's browser in (one per encounter; the index when the log is empty)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{port}"
    suffix = f"&lang={lang}" if lang else ""
    return [f"{base}/e/{name}?token={token}{suffix}" for name in encounters or ["default"]]


def serve(log: str, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, token: str | None = None,
          lang: str | None = None, out=None) -> int:
    """Run the server until interrupted; prints the DM's address(es) with the token, and the players' view."""
    import uvicorn

    import combatlog
    from combatlog.server.app import create_app

    out = out or sys.stdout
    token = token or secrets.token_urlsafe(24)
    with combatlog.open_log(log) as opened:
        names = opened.encounters()
    app = create_app(log, token=token, lang=lang)
    fr = lang == "fr"
    for name, url in zip(names or ["default"], dm_urls(host, port, token, names, lang)):
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        table = f"http://{shown}:{port}/e/{name}/table" + (f"?lang={lang}" if lang else "")
        print(f"{'MJ' if fr else 'DM'} ({name}): {url}", file=out)
        print(f"{'Joueurs' if fr else 'Players'} ({name}): {table}", file=out)
    out.flush()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
    return 0


__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "dm_urls", "serve"]
