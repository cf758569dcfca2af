"""`combatlog serve`'s app, assembled in one place: routes, middleware, exception handlers, and the log's hub.

The endpoints (`endpoints.py`) are plain functions of the request; who may call them is the
`AuthenticationMiddleware`'s `TokenBackend` with `@requires`; where a request may come from is the
`SameOriginMiddleware` (`guards.py`); the log and its followers are the `Hub` (`hub.py`) on `app.state`.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import time
from collections.abc import Iterable
from typing import Any
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.authentication import AuthenticationMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import combatlog
from combatlog.server import endpoints as ep
from combatlog.server.guards import (MAX_BODY, ApiError, HostPolicy, SameOriginMiddleware, TokenBackend,
                                     json_response)
from combatlog.server.hub import Hub
from combatlog.server.words import message, word

# Names the server answers to besides loopback and its `--host`, comma-separated: a LAN name or a reverse
# proxy's (`salon.local,combat.example.org`). The test suite adds Starlette's TestClient's `testserver`.
ENV_HOSTS = "COMBATLOG_SERVE_HOSTS"

ROUTES = [
    Route("/", ep.index),
    Route("/favicon.ico", ep.favicon),
    Route("/api/encounters", ep.list_encounters),
    Route("/api/encounters/{enc}/commands", ep.commands, methods=["POST"]),
    Route("/api/encounters/{enc}/line", ep.line, methods=["POST"]),
    Route("/api/encounters/{enc}/state", ep.state),
    Route("/api/encounters/{enc}/events", ep.events),
    Route("/api/encounters/{enc}/log", ep.log_lines),
    Route("/api/encounters/{enc}/stream", ep.stream),
    Route("/api/encounters/{enc}/transcript", ep.transcript),
    Route("/api/encounters/{enc}/summary", ep.summary),  # INTERFACE.md §5 "After the fight"
    Route("/api/encounters/{enc}/dm", ep.dm_view),
    Route("/api/encounters/{enc}/statblocks", ep.statblocks),
    Route("/api/encounters/{enc}/carry", ep.carry_choices),  # the Add dialog's `carry` (INTERFACE.md §7)
    Route("/api/encounters/{enc}/path", ep.move_path),  # the map's drag: the cheapest path and its cost (issue 35)
    Route("/api/library", ep.library),  # INTERFACE.md §7
    Route("/e/{enc}", ep.dm_page),
    Route("/e/{enc}/table", ep.table_page),
    Route("/e/{enc}/table/stream", ep.table_stream),
    Mount("/static", StaticFiles(directory=ep.HERE / "static"), name="static"),
]


# ------------------------------------------------------------------------------------------ exception handlers


async def encounter_lang(request: Request) -> str:
    """The language of a refusal about the path's encounter: its own, else the request's or the server's."""
    name = request.path_params.get("enc")
    if not isinstance(name, str):
        return ep.error_lang(request)
    try:
        combatlog.check_encounter_name(name)
    except combatlog.RuleViolation:
        return ep.error_lang(request)
    return await ep.encounter_lang_of(request, name)


def refusal(request: Request, body: dict, status: int) -> Response:
    """A refused request's answer: `status` with `body`, or, when the DM's page asks it (`Prefer:
    combatlog-refusal=200`), 200 with the status in the body (`"status": 422`): a browser logs every 4xx answer to
    its console, and a refusal the page shows in its own words is no error of the page (issue 35)."""
    if status == 422 and "combatlog-refusal=200" in request.headers.get("prefer", ""):
        return json_response({**body, "status": status}, 200)
    return json_response(body, status)


async def api_error(request: Request, error: ApiError) -> Response:
    return refusal(request, error.body, error.status)


async def http_error(request: Request, error: HTTPException) -> Response:
    """401 from `@requires`: the DM's token is missing or wrong (the refused page for a page); others as JSON."""
    if error.status_code == 401:
        if not request.url.path.startswith("/api/"):
            return ep.refused_page(request)
        return json_response({"error": word(ep.error_lang(request), "bad_token")}, 401)
    return json_response({"error": error.detail}, error.status_code, headers=dict(error.headers) if error.headers else None)


async def refused_command(request: Request, error: combatlog.RuleViolation) -> Response:
    """422 in the encounter's words; for one command of a batch, its `line`, the seq and what the lines before it appended."""
    lang = await encounter_lang(request)
    body = {"error": error.localized(lang)}
    if isinstance(error, combatlog.BatchRejected):
        name = request.path_params["enc"]
        body |= {"line": error.line, "seq": await ep.hub_of(request).call(lambda log: log.encounter(name).seq, name),
                 "events": error.events}
    return refusal(request, body, 422)


async def conflict(request: Request, error: combatlog.ConcurrencyConflict) -> Response:
    """409: another writer got there first (nothing of the refused command appended)."""
    lang = await encounter_lang(request)
    name = request.path_params["enc"]
    seq = await ep.hub_of(request).call(lambda log: log.encounter(name).seq, name)
    return json_response({"error": word(lang, "conflict"), "detail": error.localized(lang), "seq": seq,
                          "line": getattr(error, "line", 1), "events": getattr(error, "events", [])}, 409)


async def log_error(request: Request, error: combatlog.LogCorrupted | combatlog.StoreError) -> Response:
    """A damaged log (500, naming the first bad event) or one that cannot be read or written (503): a JSON
    error in the request's language (`?lang`), else the server's, never a bare "Internal Server Error"."""
    lang = ep.error_lang(request)
    if isinstance(error, combatlog.LogCorrupted):
        return json_response({"error": error.localized(lang), "seq": error.seq}, 500)
    return json_response({"error": error.localized(lang)}, 503)


async def server_error(request: Request, error: Exception) -> Response:
    """500 for a failure nothing above foresaw: still the JSON `{"error", "seq"}` in the encounter's words (the
    seq the page holds is still right: nothing was appended), never a bare "Internal Server Error" (issue 35)."""
    try:
        lang = await encounter_lang(request)
    except Exception:  # the failure may be the log's itself: the request's language then
        lang = ep.error_lang(request)
    seq = None
    name = request.path_params.get("enc")
    if isinstance(name, str):
        try:
            seq = await ep.hub_of(request).call(lambda log: log.encounter(name).seq, name)
        except Exception:
            seq = None
    return json_response({"error": message(lang if lang in ("fr", "en") else "en", "server-internal-error",
                                           kind=type(error).__name__), "seq": seq}, 500)


# Starlette picks a handler by the exception's class, so each takes its own class (typed Any: Starlette's own
# annotation asks for handlers of every Exception).
EXCEPTION_HANDLERS: dict[type[Exception], Any] = {
    ApiError: api_error,
    HTTPException: http_error,
    combatlog.RuleViolation: refused_command,
    combatlog.ConcurrencyConflict: conflict,
    combatlog.LogCorrupted: log_error,
    combatlog.StoreError: log_error,
    Exception: server_error,  # Starlette gives this one to its outermost middleware: any failure left
}


# ------------------------------------------------------------------------------------------ the app


class ServerTiming:
    """`Server-Timing: app;dur=MS` on every answer (RFC: W3C Server Timing): the server's own time from the
    request's arrival in the app to the start of its answer, log thread's queue included. A client that measures
    more than this measures the network or its own queue (benchmarks/game_night.py reports both)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        began = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":
                spent = f"app;dur={(time.perf_counter() - began) * 1e3:.1f}".encode("ascii")
                message = {**message, "headers": [*message.get("headers", ()), (b"server-timing", spent)]}
            await send(message)

        return await self.app(scope, receive, timed)


# How long a thread holding the GIL may run before one waiting gets it (Python's default: 5 ms). The event loop
# and the log's threads each release it at every socket send and SQLite step, and then wait for it again: with
# the default, a command's dozen such waits behind a busy thread made most of its time on a game night (issue 25).
SWITCH_INTERVAL = float(os.environ.get("COMBATLOG_SERVE_SWITCH_INTERVAL", "0.005"))


@asynccontextmanager
async def lifespan(app: Starlette):
    hub: Hub = app.state.hub
    hub.loop = asyncio.get_running_loop()
    switch = sys.getswitchinterval()
    sys.setswitchinterval(min(switch, SWITCH_INTERVAL))
    frozen = os.environ.get("COMBATLOG_SERVE_FREEZE", "1") == "1"
    if frozen:
        # What the start left (modules, the words' catalogs, the rules' tables) lives as long as the process:
        # moved out of the collector's sight, a full collection no longer walks it (one took 130 ms, issue 25).
        gc.collect()
        gc.freeze()
    try:
        yield
    finally:
        hub.close()
        sys.setswitchinterval(switch)
        if frozen:
            gc.unfreeze()  # an app run inside a longer process (the tests) leaves nothing out of the collector's sight


def hosts_from_environment() -> list[str]:
    return [name for name in os.environ.get(ENV_HOSTS, "").split(",") if name.strip()]


def create_app(location: str, *, token: str, lang: str | None = None, private: bool = False,
               host: str | None = None, port: int | None = None, allowed_hosts: Iterable[str] | None = None) -> Starlette:
    """The ASGI app serving every encounter of the log at `location` (a path, a .jsonl path or a URL).

    Reads of the JSON API are open (INTERFACE.md §5) unless `private`: then they need the DM's token like the
    writes. The players' view and its stream stay open either way: they never carry a monster's exact HP.
    `host` and `port` are where the server listens: requests naming another host are refused (besides
    loopback and `allowed_hosts`, by default those of the COMBATLOG_SERVE_HOSTS variable)."""
    extra = hosts_from_environment() if allowed_hosts is None else list(allowed_hosts)
    middleware = [
        Middleware(ServerTiming),
        Middleware(SameOriginMiddleware, policy=HostPolicy.of(host, port, extra), lang=lang),
        Middleware(AuthenticationMiddleware, backend=TokenBackend(token, private)),
    ]
    app = Starlette(routes=ROUTES, middleware=middleware, exception_handlers=EXCEPTION_HANDLERS, lifespan=lifespan)
    app.state.hub = Hub(location, lang)
    app.state.settings = ep.Settings(token=token, lang=lang, private=private)
    return app


__all__ = ["ENV_HOSTS", "MAX_BODY", "create_app"]
