"""What every request passes before an endpoint reads it: the Host it names, the site it comes from, who sent
it (the DM's token), and the shape of what it carries (body, query parameters, the encounter's name).

A refusal is an `ApiError` (status and JSON body, in the request's language) that the app's exception
handler answers; the two middlewares, which sit outside the exception handlers, answer it themselves.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec
from starlette.authentication import AuthCredentials, AuthenticationBackend, BaseUser, UnauthenticatedUser
from starlette.datastructures import Headers, QueryParams
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

import combatlog
from combatlog.server.words import LANGS, word

MAX_BODY = 256 * 1024  # bytes; a fight's command list is a few kilobytes
COOKIE = "combatlog_token"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Far beyond any seq or event count, and within SQLite's and PostgreSQL's 64-bit integers.
MAX_SEQ_DIGITS = 18
# A JSON integer longer than this cannot be a valid value of any command (they stop at 2**63): it is read as
# a number beyond every bound, so that the command's own check names its field (Python refuses to convert
# integers of more than 4,300 digits, and a long one costs time to convert).
MAX_INT_DIGITS = 30
MAX_KEY_LENGTH = 200


class ApiError(Exception):
    """A refusal: the HTTP status and the JSON body to answer."""

    def __init__(self, status: int, body: dict):
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(msgspec.json.encode(body), status_code=status, media_type="application/json", headers=headers)


def request_lang(params: QueryParams, fallback: str | None) -> str:
    """The language a refusal speaks: `?lang` when it is one we have, else `fallback`, else English."""
    asked = params.get("lang")
    return asked if asked in LANGS else fallback or "en"


def shown(value: str, limit: int = 24) -> str:
    """A value quoted back in a refusal, cut short (a 5,000-digit number is not echoed whole)."""
    return value if len(value) <= limit else f"{value[:limit]}…"


# ------------------------------------------------------------------------------------------ Host and Origin


@dataclass(frozen=True)
class HostPolicy:
    """The names the server answers to: loopback, the `--host` it listens on, and the names added by the
    operator (a LAN name, a reverse proxy's). A page of another name (DNS rebinding) gets nothing back.

    Listening on every interface (`--host 0.0.0.0`), any IP address is accepted too: players' phones reach
    the table by the machine's address, and an address is no name a rebinding attacker controls."""

    host: str = "127.0.0.1"
    port: int | None = None
    extra: frozenset[str] = field(default_factory=frozenset)

    def allows(self, header: str) -> bool:
        name, port = split_host(header)
        if name is None or (port is not None and self.port is not None and port != self.port):
            return False
        if name in LOOPBACK or name == self.host.strip("[]").lower() or name in self.extra:
            return True
        if self.host in WILDCARDS:
            try:
                ipaddress.ip_address(name)
            except ValueError:
                return False
            return True
        return False

    @classmethod
    def of(cls, host: str | None, port: int | None, extra: Iterable[str] = ()) -> HostPolicy:
        return cls(host=(host or "127.0.0.1").lower(), port=port,
                   extra=frozenset(name.strip().strip("[]").lower() for name in extra if name.strip()))


def split_host(header: str) -> tuple[str | None, int | None]:
    """("name", port or None) of a Host header (`[::1]:8000`, `localhost`), or (None, None) when malformed."""
    header = header.strip().lower()
    if header.startswith("["):
        name, bracket, rest = header[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else None
        if not bracket or (rest and port_text is None):
            return None, None
    else:
        name, colon, port_text = header.partition(":")
        port_text = port_text if colon else None
    if not name:
        return None, None
    if port_text is None:
        return name, None
    if not port_text.isdigit() or len(port_text) > 5:
        return None, None
    return name, int(port_text)


class SameOriginMiddleware:
    """Refuse a request naming a Host the server does not serve (400), and a state-changing request sent by
    a page of another origin (403): its `Origin`, or without one its `Sec-Fetch-Site`, must be this server's.

    A request without either header comes from no browser (a script, curl): the token alone guards it."""

    def __init__(self, app: ASGIApp, policy: HostPolicy, lang: str | None = None):
        self.app = app
        self.policy = policy
        self.lang = lang

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        refusal = None
        if not self.policy.allows(host):
            refusal = 400, "bad_host", {"host": shown(host, 80)}
        elif scope.get("method", "GET") not in SAFE_METHODS:
            origin = headers.get("origin")
            site = headers.get("sec-fetch-site")
            if origin is not None and origin != f"{scope.get('scheme', 'http')}://{host}":
                refusal = 403, "cross_site", {"origin": shown(origin, 80)}
            elif origin is None and site is not None and site not in ("same-origin", "none"):
                refusal = 403, "cross_site", {"origin": site}
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, key, values = refusal
        lang = request_lang(QueryParams(scope.get("query_string", b"")), self.lang)
        await json_response({"error": word(lang, key, **values)}, status)(scope, receive, send)


# ------------------------------------------------------------------------------------------ the DM's token


class DungeonMaster(BaseUser):
    """The holder of the token; `via` says how it was shown: a `bearer` header (a script) or the `cookie`."""

    def __init__(self, via: str):
        self.via = via

    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def display_name(self) -> str:
        return "dm"


class TokenBackend(AuthenticationBackend):
    """`Authorization: Bearer TOKEN` or the login cookie, compared in constant time: scopes `dm` and `read`.

    Anyone else gets `read` on an open server (INTERFACE.md §5: reads are open), nothing on a private one."""

    def __init__(self, token: str, private: bool):
        self.token = token.encode()
        self.private = private

    async def authenticate(self, conn: HTTPConnection):
        header = conn.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            given, via = header[7:].strip(), "bearer"
        else:
            given, via = conn.cookies.get(COOKIE, ""), "cookie"
        if given and hmac.compare_digest(given.encode(), self.token):
            return AuthCredentials(["dm", "read"]), DungeonMaster(via)
        return AuthCredentials([] if self.private else ["read"]), UnauthenticatedUser()


def token_matches(given: str, token: str) -> bool:
    return hmac.compare_digest(given.encode(), token.encode())


# ------------------------------------------------------------------------------------------ what a request carries


def encounter_name(request: Request) -> str:
    """The `{enc}` of the path, refused as the CLI's `--encounter` is (RuleViolation), and without quotes or
    backslashes, which an address, a page or a downloaded file's name would have to escape (ApiError 422)."""
    name = request.path_params["enc"]
    combatlog.check_encounter_name(name)
    if any(char in name for char in "\"'`\\"):
        lang = request_lang(request.query_params, request.app.state.settings.lang)
        raise ApiError(422, {"error": word(lang, "bad_encounter_quote", name=shown(name, 40))})
    return name


def seq_param(request: Request, name: str, lang: str) -> int | None:
    """An event number from the query string (`?at=`, `?after=`, `?seq=`), None when absent; 400 naming the
    parameter when it is no number or one far beyond any log."""
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    digits = value[1:] if value.startswith("-") else value
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_SEQ_DIGITS:
        raise ApiError(400, {"error": word(lang, "bad_seq", field=name, value=shown(value))})
    return int(value)


def count_param(request: Request, name: str, lang: str, limit: int) -> int | None:
    """A count from the query string (`?last=`), None when absent; 400 naming the parameter outside 1..limit."""
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    if not value.isascii() or not value.isdigit() or len(value) > len(str(limit)) or not 1 <= int(value) <= limit:
        raise ApiError(400, {"error": word(lang, "bad_count", field=name, value=shown(value), limit=limit)})
    return int(value)


def lang_param(request: Request, fallback: str | None) -> str | None:
    """`?lang=` (fr or en), `fallback` when absent; 400 for another language."""
    lang = request.query_params.get("lang")
    if lang is None:
        return fallback
    if lang not in LANGS:
        raise ApiError(400, {"error": word(fallback or "en", "bad_lang", value=shown(lang))})
    return lang


async def json_body(request: Request, lang: str) -> tuple[Any, bytes]:
    """The request's JSON body and its bytes: sent as `application/json`, at most MAX_BODY bytes, and decoded
    without a traceback whatever its nesting or numbers.

    A browser's cross-site form or `no-cors` fetch can only send `text/plain`, a form type or none at all:
    what the DM's cookie authenticates must say `application/json`. A script holding the token may leave the
    type out."""
    kind = request.headers.get("content-type")
    media = (kind or "").split(";", 1)[0].strip().lower()
    if media != "application/json" and not (kind is None and getattr(request.user, "via", "") == "bearer"):
        raise ApiError(415, {"error": word(lang, "not_json_type", type=shown(kind or "", 60))})
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError(413, {"error": word(lang, "body_too_large", limit=MAX_BODY)})
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, {"error": word(lang, "body_too_large", limit=MAX_BODY)})
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        return json.loads(raw.decode("utf-8") or "null", parse_int=_bounded_int), raw
    except RecursionError:
        raise ApiError(422, {"error": word(lang, "too_deep"), "line": 1}) from None
    except UnicodeDecodeError:
        raise ApiError(422, {"error": word(lang, "not_json", reason="UTF-8"), "line": 1}) from None
    except ValueError as error:
        raise ApiError(422, {"error": word(lang, "not_json", reason=getattr(error, "msg", str(error))),
                             "line": 1}) from None


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) <= MAX_INT_DIGITS:
        return int(digits)
    return -(10 ** MAX_INT_DIGITS) if digits.startswith("-") else 10 ** MAX_INT_DIGITS


def only_keys(body: dict, known: tuple[str, ...], lang: str) -> None:
    """422 naming the first key of `body` that is not one of `known`."""
    for key in body:
        if key not in known:
            raise ApiError(422, {"error": word(lang, "unknown_key", field=shown(str(key), 60), known=", ".join(known)),
                                 "line": 1})


def idempotency_key(request: Request, field_value: Any, lang: str) -> str | None:
    """The request's idempotency key: the `Idempotency-Key` header, or its body's `request_id` field."""
    header = request.headers.get("idempotency-key")
    key, where = (header, "Idempotency-Key") if header is not None else (field_value, "request_id")
    if key is None:
        return None
    if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_LENGTH or not key.isprintable():
        raise ApiError(422, {"error": word(lang, "bad_idempotency_key", field=where, limit=MAX_KEY_LENGTH),
                             "line": 1})
    return key


def fingerprint(request: Request, body: bytes) -> bytes:
    """What a request asks for (path, query, body), to tell a true repeat from another request reusing its key."""
    return hashlib.sha256(b"\0".join((request.url.path.encode(), request.url.query.encode(), body))).digest()


__all__ = ["COOKIE", "MAX_BODY", "ApiError", "DungeonMaster", "HostPolicy", "SameOriginMiddleware", "TokenBackend",
           "count_param", "encounter_name", "fingerprint", "idempotency_key", "json_body", "json_response", "lang_param",
           "only_keys", "request_lang", "seq_param", "shown", "split_host", "token_matches"]
