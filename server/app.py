"""`combatlog serve`: the JSON API of INTERFACE.md §5, the DM's page and the players' view, over the public API.

One thread owns the log (SQLite connections belong to the thread that opened them): every read and write goes
through `Hub.call`. Followers (the Server-Sent Events streams) are woken at once by writes made here, and by a
watcher thread per followed encounter that waits on the store (`wait_for_append`) for writes made elsewhere.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hmac
import json
import threading
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import combatlog
from combatlog.logs import get_logger
from combatlog.server.views import dm_document, players_document
from combatlog.server.words import LANGS, word, words_for

_log = get_logger()
HERE = Path(__file__).parent
MAX_BODY = 256 * 1024  # bytes; a fight's command list is a few kilobytes
COOKIE = "combatlog_token"
KEEPALIVE = 15.0  # seconds between SSE comments on a quiet stream (proxies close silent connections)
WATCH_IDLE = 30.0  # seconds a watcher waits on the store after its encounter's last stream closed
T = TypeVar("T")


class ApiError(Exception):
    def __init__(self, status: int, body: dict):
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


class Hub:
    """The log, its owner thread, and the followers of each encounter."""

    def __init__(self, location: str, token: str, lang: str | None):
        self.location = location
        self.token = token
        self.lang = lang
        self._owner = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="combatlog-log")
        self._log: combatlog.Log | None = None
        self._changed: dict[str, asyncio.Event] = {}
        self._watchers: dict[str, threading.Thread] = {}
        self._followers: dict[str, int] = {}  # open streams per encounter; a watcher stops when none is left
        self._watch_lock = threading.Lock()
        self.watch_idle = WATCH_IDLE
        self.stopping = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        # PostgreSQL: the watchers share one log (one pool, one LISTEN connection for every encounter);
        # SQLite connections belong to their thread, so each watcher opens its own.
        self._shared_watch_log: combatlog.Log | None = None
        self._shared_lock = threading.Lock()

    # ---------------------------------------------------------------- the log's thread
    async def call(self, function: Callable[[combatlog.Log], T]) -> T:
        """Run `function(log)` on the log's own thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._owner, self._run, function)

    def _run(self, function):
        if self._log is None:
            self._log = combatlog.open_log(self.location)
        return function(self._log)

    def close(self) -> None:
        self.stopping.set()
        for event in self._changed.values():
            event.set()

        def shut(log):
            log.close()

        if self._log is not None:
            self._owner.submit(shut, self._log).result()
        self._owner.shutdown(wait=True)
        for thread in list(self._watchers.values()):
            thread.join(timeout=2)
        with self._shared_lock:
            shared, self._shared_watch_log = self._shared_watch_log, None
        if shared is not None:
            shared.close()

    def _watch_log(self) -> tuple[combatlog.Log, bool]:
        """The log a watcher waits on, and whether the watcher owns it (closes it when done)."""
        if not self.location.startswith(("postgresql://", "postgres://")):
            return combatlog.open_log(self.location), True
        with self._shared_lock:
            if self._shared_watch_log is None:
                self._shared_watch_log = combatlog.open_log(self.location)
            return self._shared_watch_log, False

    # ---------------------------------------------------------------- followers
    def changed(self, encounter: str) -> asyncio.Event:
        """An event set at the next change of `encounter` (take it before reading, then wait on it)."""
        if encounter not in self._changed:
            self._changed[encounter] = asyncio.Event()
        return self._changed[encounter]

    def notify(self, encounter: str) -> None:
        """Wake every follower of `encounter` (on the event loop's thread)."""
        event = self._changed.pop(encounter, None)
        if event is not None:
            event.set()

    def watch(self, encounter: str) -> None:
        """A stream follows `encounter`: start, once, a thread waiting on the store for writes by other processes.

        Call `unwatch` when the stream ends; a watcher left without streams stops after `watch_idle` seconds."""
        with self._watch_lock:
            self._followers[encounter] = self._followers.get(encounter, 0) + 1
            if encounter in self._watchers or self.location == ":memory:":
                return
            loop = asyncio.get_running_loop()
            thread = threading.Thread(target=self._watch, args=(encounter, loop), daemon=True,
                                      name=f"combatlog-watch-{encounter}")
            self._watchers[encounter] = thread
        thread.start()

    def unwatch(self, encounter: str) -> None:
        with self._watch_lock:
            self._followers[encounter] = max(0, self._followers.get(encounter, 0) - 1)

    def watching(self) -> list[str]:
        """The encounters with a running watcher."""
        with self._watch_lock:
            return sorted(self._watchers)

    def _still_followed(self, name: str, idle_since: list[float]) -> bool:
        """False (and the watcher is forgotten) once nobody has followed `name` for `watch_idle` seconds."""
        now = time.monotonic()
        with self._watch_lock:
            if self._followers.get(name, 0) > 0:
                idle_since.clear()
                return True
            if not idle_since:
                idle_since.append(now)
            if now - idle_since[0] < self.watch_idle:
                return True
            self._watchers.pop(name, None)
            self._followers.pop(name, None)
            return False

    def _watch(self, name: str, loop: asyncio.AbstractEventLoop) -> None:
        """Wake the followers of `name` at every append, by this process or any other sharing the log."""
        try:
            log, owned = self._watch_log()
        except Exception as error:  # the followers still hear this process's own writes
            _log.warning("cannot watch the log", encounter=name, error=str(error))
            with self._watch_lock:
                self._watchers.pop(name, None)
            return
        try:
            self._watch_loop(log, name, loop)
        finally:
            if owned:
                log.close()

    def _watch_loop(self, log: combatlog.Log, name: str, loop: asyncio.AbstractEventLoop) -> None:
        last = -1  # the first round wakes the followers once: no write slips in while this thread starts
        idle_since: list[float] = []
        while not self.stopping.is_set():
            if not self._still_followed(name, idle_since):
                return
            try:
                if not log.store.wait_for_append(name, last, 0.5):
                    continue
                last = log.last_seq(name)
            except Exception as error:  # a busy or briefly unreachable log: keep watching
                _log.warning("watch failed", encounter=name, error=str(error))
                self.stopping.wait(1.0)
                continue
            try:
                loop.call_soon_threadsafe(self.notify, name)
            except RuntimeError:  # the loop is closed: the server is stopping
                return


# -------------------------------------------------------------------- helpers


def _lang(request: Request, fallback: str | None) -> str | None:
    lang = request.query_params.get("lang")
    if lang is None:
        return fallback
    if lang not in LANGS:
        raise ApiError(400, {"error": word(fallback or "en", "bad_lang", value=lang)})
    return lang


def _seq_param(request: Request, name: str, lang: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise ApiError(400, {"error": word(lang, "bad_seq", value=value)}) from None


def authorized(request: Request, token: str) -> bool:
    """The DM's token, from `Authorization: Bearer` or the login cookie, compared in constant time."""
    header = request.headers.get("authorization", "")
    given = header[7:].strip() if header.lower().startswith("bearer ") else request.cookies.get(COOKIE, "")
    return bool(given) and hmac.compare_digest(given.encode(), token.encode())


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError(413, {"error": word("en", "body_too_large", limit=MAX_BODY)})
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, {"error": word("en", "body_too_large", limit=MAX_BODY)})
        chunks.append(chunk)
    return b"".join(chunks)


def _json_response(body: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(body), status_code=status, media_type="application/json")


PAGE_HEADERS = {
    # Scripts and styles come from /static only; the page's data sits in a non-executed JSON script element.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the DM's address carries the token until the cookie replaces it
    "Cache-Control": "no-store",
}


def _page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers=PAGE_HEADERS)


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# -------------------------------------------------------------------- the app


def create_app(location: str, *, token: str, lang: str | None = None, private: bool = False) -> Starlette:
    """The ASGI app serving every encounter of the log at `location` (a path, a .jsonl path or a URL).

    Reads of the JSON API are open (INTERFACE.md §5) unless `private`: then they need the DM's token like the
    writes. The players' view and its stream stay open either way: they never carry a monster's exact HP."""
    hub = Hub(location, token, lang)
    templates = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))
    templates.filters["script_json"] = _script_json

    def page_lang(request: Request, encounter_lang: str | None) -> str:
        return _lang(request, hub.lang or encounter_lang or "fr") or "fr"

    async def existing(name: str, lang: str = "en") -> combatlog.Encounter:
        def find(log):
            if name not in log.encounters():
                return None
            return log.encounter(name)

        found = await hub.call(find)
        if found is None:
            raise ApiError(404, {"error": word(lang, "no_such_encounter", name=name)})
        return found

    def reading(handler):
        """A read of the JSON API: open, or behind the DM's token when the server is private."""
        async def guarded(request: Request) -> Response:
            if private and not authorized(request, token):
                lang = request.query_params.get("lang")
                return _json_response({"error": word(lang if lang in LANGS else hub.lang or "en", "bad_token")}, 401)
            return await handler(request)

        guarded.__name__ = handler.__name__
        return guarded

    # ---------------------------------------------------------------- JSON API
    @reading
    async def list_encounters(request: Request) -> Response:
        """The encounter ids, sorted; `?detail=1` adds each one's last seq, name and language."""
        def listing(log):
            if request.query_params.get("detail") not in ("1", "true", "yes"):
                return log.encounters()
            return [{"id": name, "seq": log.last_seq(name), "name": log.encounter(name).state().get("name"),
                     "lang": log.encounter(name).lang} for name in log.encounters()]

        return _json_response(await hub.call(listing))

    async def commands(request: Request) -> Response:
        name = request.path_params["enc"]
        if not authorized(request, token):
            return _json_response({"error": word(hub.lang or "en", "bad_token")}, 401)
        raw = await _body(request)
        enc_lang = await hub.call(lambda log: log.encounter(name).lang if name in log.encounters() else None)
        lang = enc_lang or hub.lang or "en"
        try:
            payload = json.loads(raw.decode("utf-8") or "null")
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            reason = getattr(error, "msg", "not UTF-8")
            return _json_response({"error": word(lang, "not_json", reason=reason), "line": 1}, 422)
        batch = payload if isinstance(payload, list) else [payload]
        # The last seq the client saw (`?seq=N`, or `?expected_seq=N`): a stale one answers 409.
        expected = _seq_param(request, "seq", lang)
        if expected is None:
            expected = _seq_param(request, "expected_seq", lang)
        actor = request.query_params.get("actor") or "dm"
        return await run_batch(name, batch, expected, actor)

    async def run_batch(name: str, batch: list, expected: int | None, actor: str) -> Response:
        def run(log):
            encounter = log.encounter(name)
            try:
                events = encounter.execute_all(batch, actor=actor, expected_seq=expected)
            except combatlog.BatchRejected as error:
                return 422, {"error": error.localized(encounter.lang), "line": error.line, "seq": encounter.seq,
                             "events": error.events}, bool(error.events)
            except combatlog.ConcurrencyConflict as error:
                done = getattr(error, "events", [])
                return 409, {"error": word(encounter.lang, "conflict"), "detail": error.localized(encounter.lang), "seq": encounter.seq,
                             "line": getattr(error, "line", 1), "events": done}, bool(done)
            # The seq of this batch's last event (another process may have written since: its events come after).
            seq = events[-1]["body"]["seq"] if events else encounter.seq
            return 200, {"seq": seq, "events": events}, bool(events)

        status, body, wrote = await hub.call(run)
        if wrote:
            hub.notify(name)
        return _json_response(body, status)

    async def line(request: Request) -> Response:
        """One line in the shell's words (French or English) or raw JSON, from the DM's command box."""
        name = request.path_params["enc"]
        if not authorized(request, token):
            return _json_response({"error": word(hub.lang or "en", "bad_token")}, 401)
        raw = await _body(request)
        try:
            text = json.loads(raw.decode("utf-8")).get("line", "")
        except (UnicodeDecodeError, json.JSONDecodeError, AttributeError):
            return _json_response({"error": word("en", "not_json", reason="{\"line\": \"…\"}"), "line": 1}, 422)

        def parse(log):
            encounter = log.encounter(name)
            try:
                return encounter.parse_line(str(text)), None
            except combatlog.RuleViolation as error:
                return None, error.localized(encounter.lang)

        parsed, error = await hub.call(parse)
        if error is not None:
            return _json_response({"error": error, "line": 1}, 422)
        verb, batch = parsed
        if not batch:
            lang = await hub.call(lambda log: log.encounter(name).lang)
            return _json_response({"error": word(lang, "nothing_to_run", line=str(text).strip()), "line": 1}, 422)
        return await run_batch(name, batch, None, "dm")

    @reading
    async def state(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        lang = _lang(request, None)
        at = _seq_param(request, "at", lang or "en")

        def read(log):
            try:
                document = encounter.state(at=at)
            except combatlog.RuleViolation as error:
                return 404, {"error": error.localized(lang or encounter.lang)}
            if lang:
                document = _relabel(document, encounter, at, lang)
            return 200, document

        status, body = await hub.call(read)
        return _json_response(body, status)

    def _relabel(document: dict, encounter: combatlog.Encounter, at: int | None, lang: str) -> dict:
        # Names follow the reader's language (a monster is "Gobelin" in French); fields stay the same.
        if lang == document.get("lang"):
            return document
        names = {}
        for record in encounter.records():
            event = record.event
            if type(event).__name__ == "CombatantAdded":
                names[event.id] = (event.name_fr or event.name) if lang == "fr" else event.name
        for cid, creature in document["combatants"].items():
            creature["name"] = names.get(cid, creature["name"])
        return document

    @reading
    async def events(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        after = _seq_param(request, "after", "en")
        after = -1 if after is None else after
        accept = request.headers.get("accept", "")
        if request.query_params.get("format") == "jsonl" or "ndjson" in accept or "jsonl" in accept:
            # Byte for byte what `combatlog export --format jsonl` writes.
            return Response(await hub.call(lambda log: encounter.export(after=after)), media_type="application/x-ndjson")
        return _json_response(await hub.call(lambda log: encounter.events(after=after)))

    @reading
    async def log_lines(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        lang = _lang(request, None)
        after = _seq_param(request, "after", lang or "en")
        lines = await hub.call(lambda log: encounter.log_lines(lang, after=-1 if after is None else after))
        for entry in lines:
            entry.pop("event", None)
        return _json_response({"lines": lines})

    @reading
    async def transcript(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        lang = _lang(request, None)
        fmt = request.query_params.get("format", "md")
        if fmt not in ("md", "html", "json"):
            raise ApiError(400, {"error": word(lang or "en", "bad_format", value=fmt)})
        undone = request.query_params.get("include_undone") in ("1", "true", "yes")
        text = await hub.call(lambda log: encounter.transcript(fmt, lang, include_undone=undone))
        media = {"md": "text/markdown; charset=utf-8", "html": "text/html; charset=utf-8",
                 "json": "application/json"}[fmt]
        headers = {}
        if request.query_params.get("download"):
            headers["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
        return Response(text, media_type=media, headers=headers)

    def sse(request: Request, name: str, make: Callable[[combatlog.Log], dict]) -> StreamingResponse:
        async def stream():
            hub.watch(name)  # here, not before: a response never iterated follows nothing
            try:
                async for chunk in pushes():
                    yield chunk
            finally:
                hub.unwatch(name)

        async def pushes():
            last = None
            yield "retry: 1000\n\n"
            while not hub.stopping.is_set():
                change = hub.changed(name)  # taken before reading: a write during the read wakes us again
                document = await hub.call(make)
                if document["seq"] != last:
                    last = document["seq"]
                    yield f"event: state\nid: {last}\ndata: {json.dumps(document, ensure_ascii=False)}\n\n"
                quiet = 0.0
                while not change.is_set() and not hub.stopping.is_set():
                    try:  # one-second slices: a closed tab or a stopping server is noticed quickly
                        await asyncio.wait_for(change.wait(), 1.0)
                    except asyncio.TimeoutError:
                        quiet += 1.0
                        if await request.is_disconnected():
                            return
                        if quiet >= KEEPALIVE:
                            quiet = 0.0
                            yield ": keepalive\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    @reading
    async def stream(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        lang = _lang(request, None)

        def make(log):
            document = encounter.state()
            return _relabel(document, encounter, None, lang) if lang else document

        return sse(request, name, make)

    # ---------------------------------------------------------------- pages
    def players_state(encounter: combatlog.Encounter, lang: str) -> dict:
        document = _relabel(encounter.state(), encounter, None, lang)
        return players_document(document, encounter.log_lines(lang), lang, encounter.status_words(lang))

    async def table_stream(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        lang = page_lang(request, await hub.call(lambda log: encounter.lang))
        return sse(request, name, lambda log: players_state(encounter, lang))

    async def table_page(request: Request) -> Response:
        name = request.path_params["enc"]
        encounter = await existing(name)
        lang = page_lang(request, await hub.call(lambda log: encounter.lang))
        document = await hub.call(lambda log: players_state(encounter, lang))
        html = templates.get_template("table.html").render(
            enc=name, lang=lang, doc=document, words=words_for(lang), w=words_for(lang))
        return _page(html)

    async def dm_page(request: Request) -> Response:
        name = request.path_params["enc"]
        given = request.query_params.get("token")
        if given is not None:
            # The address printed at start: swap the token in the URL for a cookie, then drop it from the URL.
            if not hmac.compare_digest(given.encode(), token.encode()):
                return _refused(request)
            target = request.url.path + (f"?lang={request.query_params['lang']}" if "lang" in request.query_params else "")
            response = RedirectResponse(target, status_code=303)
            response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
            return response
        if not authorized(request, token):
            return _refused(request)
        enc_lang = await hub.call(lambda log: log.encounter(name).lang if name in log.encounters() else None)
        lang = page_lang(request, enc_lang)

        def read(log):
            encounter = log.encounter(name)
            if name not in log.encounters():
                return None, []
            document = _relabel(encounter.state(), encounter, None, lang)
            return dm_document(document, lang, encounter.status_words(lang), encounter.window_text(lang)), encounter.log_lines(lang)

        document, lines = await hub.call(read)
        for entry in lines:
            entry.pop("event", None)
        html = templates.get_template("dm.html").render(
            enc=name, lang=lang, doc=document, lines=lines, words=words_for(lang), w=words_for(lang))
        return _page(html)

    async def dm_view(request: Request) -> Response:
        """The DM's page's data: the state document (at `?at=` for the time slider) with its display extras."""
        name = request.path_params["enc"]
        if not authorized(request, token):
            return _json_response({"error": word(hub.lang or "en", "bad_token")}, 401)
        encounter = await existing(name)
        lang = page_lang(request, await hub.call(lambda log: encounter.lang))
        at = _seq_param(request, "at", lang)

        def read(log):
            try:
                document = _relabel(encounter.state(at=at), encounter, at, lang)
            except combatlog.RuleViolation as error:
                return 404, {"error": error.localized(lang)}
            return 200, dm_document(document, lang, encounter.status_words(lang, at=at),
                                    encounter.window_text(lang, at=at))

        status, body = await hub.call(read)
        return _json_response(body, status)

    def _refused(request: Request) -> Response:
        lang = request.query_params.get("lang") if request.query_params.get("lang") in LANGS else hub.lang or "fr"
        html = templates.get_template("refused.html").render(lang=lang, w=words_for(lang))
        return _page(html, 401)

    async def index(request: Request) -> Response:
        lang = page_lang(request, None)

        def listing(log):
            return [(name, log.encounter(name).state().get("name") or name) for name in log.encounters()]

        html = templates.get_template("index.html").render(lang=lang, encounters=await hub.call(listing),
                                                           w=words_for(lang))
        return _page(html)

    async def api_error(request: Request, error: ApiError) -> Response:
        return _json_response(error.body, error.status)

    async def log_error(request: Request, error: Exception) -> Response:
        """A damaged log (500, naming the first bad event) or one that cannot be read or written (503): a JSON
        error in the request's language (`?lang`), else the server's, never a bare "Internal Server Error"."""
        asked = request.query_params.get("lang")
        lang = asked if asked in LANGS else hub.lang or "en"
        if isinstance(error, combatlog.LogCorrupted):
            return _json_response({"error": error.localized(lang), "seq": error.seq}, 500)
        return _json_response({"error": error.localized(lang)}, 503)

    @asynccontextmanager
    async def lifespan(app):
        hub.loop = asyncio.get_running_loop()
        try:
            yield
        finally:
            hub.close()

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/api/encounters", list_encounters),
        Route("/api/encounters/{enc}/commands", commands, methods=["POST"]),
        Route("/api/encounters/{enc}/line", line, methods=["POST"]),
        Route("/api/encounters/{enc}/state", state),
        Route("/api/encounters/{enc}/events", events),
        Route("/api/encounters/{enc}/log", log_lines),
        Route("/api/encounters/{enc}/stream", stream),
        Route("/api/encounters/{enc}/transcript", transcript),
        Route("/api/encounters/{enc}/dm", dm_view),
        Route("/e/{enc}", dm_page),
        Route("/e/{enc}/table", table_page),
        Route("/e/{enc}/table/stream", table_stream),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={ApiError: api_error, combatlog.LogCorrupted: log_error, combatlog.StoreError: log_error})
    app.state.hub = hub
    app.state.private = private
    return app
