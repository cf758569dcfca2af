"""The endpoints of `combatlog serve`: the JSON API of INTERFACE.md §5, the DM's page and the players' view.

Each is a plain function of the request. The log and its followers are `request.app.state.hub`, the server's
options `request.app.state.settings`; who asks is `request.user` (the `TokenBackend`). Refusals are raised
(`ApiError`, RuleViolation, the log's own errors) and answered by the app's exception handlers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import msgspec
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.authentication import requires
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse

import combatlog
from combatlog.server.guards import (COOKIE, ApiError, count_param, encounter_name, fingerprint, idempotency_key, json_body,
                                     json_response, lang_param, only_keys, request_lang, seq_param, token_matches)
from combatlog.server.hub import Hub
from combatlog.server.views import PLAYER_LOG_LINES, dm_document, players_document
from combatlog.server.words import condition_name, distance, message, word, words_for

HERE = Path(__file__).parent
KEEPALIVE = 15.0  # seconds between SSE comments on a quiet stream (proxies close silent connections)
LINE_KEYS = ("line", "request_id")
MAX_LAST_LINES = 10_000  # `/log?last=N`
DM_LOG_LINES = 300  # the running log's lines on the DM's page

PAGE_HEADERS = {
    # Scripts and styles come from /static only; the page's data sits in a non-executed JSON script element.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the DM's address carries the token until the cookie replaces it
    "Cache-Control": "no-store",
}


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


templates = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))
templates.filters["script_json"] = _script_json


@dataclass(frozen=True)
class Settings:
    """What `combatlog serve` was started with."""

    token: str
    lang: str | None = None  # the pages' language (--lang); each encounter's own when None
    private: bool = False


def hub_of(request: Request) -> Hub:
    return request.app.state.hub


def settings_of(request: Request) -> Settings:
    return request.app.state.settings


def page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers=PAGE_HEADERS)


def refused_page(request: Request) -> HTMLResponse:
    """The DM's page without the token: 401, saying where the right address is."""
    lang = request_lang(request.query_params, settings_of(request).lang or "fr")
    return page(templates.get_template("refused.html").render(lang=lang, w=words_for(lang)), 401)


def error_lang(request: Request) -> str:
    """The language of a refusal before any encounter is read: `?lang`, else the server's, else English."""
    return request_lang(request.query_params, settings_of(request).lang)


def held(log: combatlog.Log, name: str) -> combatlog.Encounter | None:
    """The encounter `name` when the log holds any event of it, else None (and nothing opened): one last-seq
    query, where `name in log.encounters()` listed every encounter of the log at every request."""
    return log.encounter(name) if log.last_seq(name) >= 0 else None


async def existing(request: Request) -> tuple[str, combatlog.Encounter]:
    """The path's encounter (its name checked), or 404 when the log holds none of that name."""
    name = encounter_name(request)
    found = await hub_of(request).call(lambda log: held(log, name), name)
    if found is None:
        raise ApiError(404, {"error": word(error_lang(request), "no_such_encounter", name=name)})
    return name, found


async def encounter_lang_of(request: Request, name: str) -> str:
    """The language an answer about encounter `name` speaks: the one the request asks (`?lang=`), else the
    encounter's own, else the server's, else English (the asked language wins, as on every screen)."""
    asked = request.query_params.get("lang")
    if asked in ("fr", "en"):
        return asked
    hub = hub_of(request)
    found = hub.langs.get(name)  # as this server's last write or reading left it: a command asks the log once
    if found is None:
        found = await hub.call(lambda log: getattr(held(log, name), "lang", None), name)
        if found is not None:
            hub.langs[name] = found
    return found or settings_of(request).lang or "en"


async def page_lang(request: Request, encounter: combatlog.Encounter | None) -> str:
    """A page's language: `?lang`, else the server's `--lang`, else the encounter's, else French."""
    fallback = settings_of(request).lang
    if fallback is None and encounter is not None:
        fallback = await hub_of(request).call(lambda log: encounter.lang, encounter.name)
    return lang_param(request, fallback or "fr") or "fr"


def relabel(hub: Hub, log: combatlog.Log, name: str, document: dict, lang: str) -> dict:
    """Names in the reader's language (a monster is "Gobelin" in French); fields stay the same. On the log's thread."""
    if lang == document.get("lang"):
        return document
    names = hub.names(log, name)[lang]
    for cid, creature in document["combatants"].items():
        creature["name"] = names.get(cid, creature["name"])
    return document


# ------------------------------------------------------------------------------------------ the JSON API: reads


@requires("read", status_code=401)
async def list_encounters(request: Request) -> Response:
    """The encounter ids, sorted; `?detail=1` adds each one's last seq, name and language."""
    detail = request.query_params.get("detail") in ("1", "true", "yes")

    def listing(log):
        if not detail:
            return log.encounters()
        return [{"id": name, "seq": log.last_seq(name), "name": log.encounter(name).state().get("name"),
                 "lang": log.encounter(name).lang} for name in log.encounters()]

    return json_response(await hub_of(request).call(listing))


@requires("read", status_code=401)
async def state(request: Request) -> Response:
    name, encounter = await existing(request)
    lang = lang_param(request, None)
    at = seq_param(request, "at", lang or "en")

    hub = hub_of(request)

    def read(log):
        try:
            document = encounter.state(at=at)
        except combatlog.RuleViolation as error:
            raise ApiError(404, {"error": error.localized(lang or encounter.lang)}) from None
        return relabel(hub, log, name, document, lang) if lang else document

    return json_response(await hub.call(read, name))


@requires("read", status_code=401)
async def events(request: Request) -> Response:
    name, encounter = await existing(request)
    after = seq_param(request, "after", error_lang(request))
    after = -1 if after is None else after
    accept = request.headers.get("accept", "")
    if request.query_params.get("format") == "jsonl" or "ndjson" in accept or "jsonl" in accept:
        # Byte for byte what `combatlog export --format jsonl` writes.
        exported = await hub_of(request).call(lambda log: encounter.export(after=after), name)
        return Response(exported, media_type="application/x-ndjson")
    return json_response(await hub_of(request).call(lambda log: encounter.events(after=after), name))


@requires("read", status_code=401)
async def log_lines(request: Request) -> Response:
    name, encounter = await existing(request)
    lang = lang_param(request, None)
    after = seq_param(request, "after", lang or "en")
    last = count_param(request, "last", lang or "en", MAX_LAST_LINES)
    if last is not None:  # what the DM's page shows: read from the tail, whatever the log's length
        lines = await hub_of(request).call(lambda log: encounter.recent_lines(lang, last), name)
    else:
        lines = await hub_of(request).call(
            lambda log: encounter.log_lines(lang, after=-1 if after is None else after), name)
    for entry in lines:
        entry.pop("event", None)
    return json_response({"lines": lines})


@requires("read", status_code=401)
async def transcript(request: Request) -> Response:
    name, encounter = await existing(request)
    lang = lang_param(request, None)
    fmt = request.query_params.get("format", "md")
    if fmt not in ("md", "html", "json"):
        raise ApiError(400, {"error": word(lang or "en", "bad_format", value=fmt[:24])})
    undone = request.query_params.get("include_undone") in ("1", "true", "yes")
    text = await hub_of(request).call(lambda log: encounter.transcript(fmt, lang, include_undone=undone), name)
    media = {"md": "text/markdown; charset=utf-8", "html": "text/html; charset=utf-8", "json": "application/json"}[fmt]
    headers = {}
    if request.query_params.get("download"):
        headers["Content-Disposition"] = attachment(f"{name}.{fmt}")
    return Response(text, media_type=media, headers=headers)


@requires("read", status_code=401)
async def summary(request: Request) -> Response:
    """After the fight (INTERFACE.md §5): the summary document; `?format=md` its tables in words (`?lang=`)."""
    name, encounter = await existing(request)
    lang = lang_param(request, None)
    fmt = request.query_params.get("format", "json")
    if fmt not in ("json", "md"):
        raise ApiError(400, {"error": word(lang or "en", "bad_format", value=fmt[:24])})
    if fmt == "md":
        text = await hub_of(request).call(lambda log: encounter.summary_text(lang), name)
        return Response(text, media_type="text/markdown; charset=utf-8")
    return json_response(await hub_of(request).call(lambda log: encounter.summary(lang), name))


def attachment(filename: str) -> str:
    """A download's Content-Disposition: the name as is for browsers (RFC 6266), an ASCII stand-in for the rest
    (a header is Latin-1: "Ω" would not go through). `filename` holds no quote (encounter_name refuses them)."""
    fallback = filename.encode("ascii", "replace").decode("ascii").replace("?", "_")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"


@requires("read", status_code=401)
async def stream(request: Request) -> Response:
    name, encounter = await existing(request)
    lang = lang_param(request, None)

    hub = hub_of(request)

    def make(log):
        document = encounter.state()
        return relabel(hub, log, name, document, lang) if lang else document

    return sse(request, name, ("state", name, lang), make)


@requires("read", status_code=401)
async def library(request: Request) -> Response:
    """The library of creatures and spells (INTERFACE.md §7): `GET /api/library?q=…&ruleset=…&kind=…&lang=…`, the
    entries `combatlog library --json` lists; `&id=…` gives one entry with its printed stat block in `lang`."""
    lang = lang_param(request, None) or error_lang(request)
    ruleset = request.query_params.get("ruleset") or "dnd5e-2024"
    kind = request.query_params.get("kind") or None
    if kind not in (None, "creature", "spell"):
        raise ApiError(422, {"error": message(lang, "server-library-kind", kind=kind)})
    try:
        found = combatlog.library(ruleset)
    except combatlog.RuleViolation as error:
        raise ApiError(422, {"error": error.localized(lang)}) from None
    wanted = request.query_params.get("id")
    if wanted is not None:
        entry = found.get(wanted)
        if entry is None:
            raise ApiError(404, {"error": message(lang, "server-library-unknown", id=wanted)})
        return json_response({"entry": entry, "stat_block": combatlog.stat_block(entry, lang)})
    entries = found.search(request.query_params.get("q") or "", kind)
    return json_response({"ruleset": ruleset, "entries": entries})


# ------------------------------------------------------------------------------------------ the JSON API: writes


@requires("dm", status_code=401)
async def commands(request: Request) -> Response:
    """One command object or a list of them, run in order (INTERFACE.md §5)."""
    name = encounter_name(request)
    lang = await encounter_lang_of(request, name)
    payload, raw = await json_body(request, lang)
    request_id = None
    if isinstance(payload, dict) and "request_id" in payload:
        payload = dict(payload)
        request_id = payload.pop("request_id")
    key = idempotency_key(request, request_id, lang)
    batch = payload if isinstance(payload, list) else [payload]
    # The last seq the client saw (`?seq=N`, or `?expected_seq=N`): a stale one answers 409.
    expected = seq_param(request, "seq", lang)
    if expected is None:
        expected = seq_param(request, "expected_seq", lang)
    actor = request.query_params.get("actor") or "dm"
    return await run_batch(request, name, lambda log: batch, expected, actor, key, fingerprint(request, raw))


@requires("dm", status_code=401)
async def line(request: Request) -> Response:
    """One line in the shell's words (French or English) or raw JSON, from the DM's command box."""
    name = encounter_name(request)
    lang = await encounter_lang_of(request, name)
    payload, raw = await json_body(request, lang)
    if not isinstance(payload, dict):
        raise ApiError(422, {"error": word(lang, "not_json", reason='{"line": "…"}'), "line": 1})
    only_keys(payload, LINE_KEYS, lang)
    text = payload.get("line", "")
    if not isinstance(text, str):
        raise ApiError(422, {"error": word(lang, "not_text", field="line"), "line": 1})
    key = idempotency_key(request, payload.get("request_id"), lang)

    if text.strip().split(" ", 1)[0].lower() in HELP_WORDS:
        ruleset, units = await hub_of(request).call(
            lambda log: (log.encounter(name).ruleset, log.encounter(name).units)
            if held(log, name) is not None else (None, "m"), name)
        return json_response({"help": help_text(lang, ruleset, units)})

    notes: list[str] = []  # what the shell would say besides running the line (the dead targets a dmg left out)

    def parse(log) -> list[dict]:
        encounter = log.encounter(name)
        try:
            parsed = encounter.parsed_line(text)
        except combatlog.RuleViolation as error:
            raise ApiError(422, {"error": error.localized(encounter.lang), "line": 1}) from None
        batch = list(parsed.commands)
        if not batch:
            raise ApiError(422, {"error": word(encounter.lang, "nothing_to_run", line=text.strip()[:80]), "line": 1})
        notes[:] = parsed.notes_in(lang)
        return batch

    return await run_batch(request, name, parse, None, "dm", key, fingerprint(request, raw), notes)


HELP_WORDS = {"aide", "help", "?", "aide-moi"}


def help_text(lang: str, ruleset: str | None = None, units: str = "m") -> str:
    """The shell's `aide`/`help` text, in `lang`: the usage of every verb the encounter's ruleset takes (every verb
    before `create`), with its other spellings; a square said in the encounter's `units`."""
    from combatlog.lines import alias, aliases_for, help_text as usage, verbs_for

    fr = lang == "fr"
    lines = [message(lang, "help-intro")]
    for verb in verbs_for(ruleset):
        others = [a for a in aliases_for(verb, lang) if a != alias(verb, lang)]
        lines.append(f"  {usage(verb, 'fr' if fr else 'en', units)}" + (f"   [{', '.join(others)}]" if others else ""))
    lines.append(message(lang, "help-outro"))
    return "\n".join(lines)


@requires("dm", status_code=401)
async def statblocks(request: Request) -> Response:
    """Each combatant's stat block as it joined (its `CombatantAdded` event): the DM's page builds the acting
    creature's attack, spell and legendary buttons from it. `{"stats": {id: stats}, "names": {id: {en, fr}}, "groups": {id: group}, "terrain": [[x, y]...]}` (difficult squares,
    undone marks left out: the state document does not carry the map's terrain)."""
    name, encounter = await existing(request)
    lang = await page_lang(request, encounter)

    def read(log: combatlog.Log) -> dict[str, Any]:
        found: dict[str, dict] = {}
        names: dict[str, dict] = {}
        groups: dict[str, str] = {}
        terrain: set[tuple] = set()
        templates: dict[str | None, str] = {}  # an add with `count` names no single id
        encounter = log.encounter(name)
        for entry in encounter.log_lines(lang):
            event = entry["event"]
            command = event.get("command") if entry["type"] == "CommandIssued" else None
            if isinstance(command, dict) and command.get("do") == "add" and isinstance(command.get("template"), str):
                templates[command.get("id")] = command["template"]
            if entry["type"] == "CombatantAdded":
                found[event["id"]] = event["stats"]
                names[event["id"]] = {"en": event["name"], "fr": event.get("name_fr") or event["name"]}
                if event.get("group"):
                    groups[event["id"]] = event["group"]
            elif entry["type"] == "TerrainMarked" and not entry["undone"]:
                marked = {tuple(square) for square in event["squares"]}
                terrain = terrain | marked if event["kind"] == "difficult" else terrain - marked
        # Spells, legendary actions and uses (INTERFACE §7) come from the library entry when the engine's own
        # stat block does not keep them: the page builds their buttons either way.
        if templates:
            try:
                shelf = combatlog.library(encounter.ruleset or "")
            except combatlog.RuleViolation:
                shelf = None
            for cid, template in templates.items():
                if cid is None or cid not in found:
                    continue
                entry = shelf.get(template) if shelf is not None else None
                for key in ("spellcasting", "legendary", "legendary_actions", "uses"):
                    if entry and key in entry.get("stats", {}) and key not in found[cid]:
                        found[cid] = {**found[cid], key: entry["stats"][key]}
        # Each speed in the page's language and the encounter's units (9 m = 30 ft), as the shell's sheet says it.
        units = encounter.units
        speeds = {cid: distance(float(block.get("speed") or 0), lang, units) for cid, block in found.items()
                  if isinstance(block.get("speed"), (int, float))}
        return {"stats": found, "names": names, "groups": groups, "terrain": sorted(terrain),
                "spells": spell_facts(found, encounter.ruleset or ""), "speeds": speeds}

    return json_response(await hub_of(request).call(read, name))


def spell_facts(found: dict[str, dict], ruleset: str) -> dict[str, dict]:
    """What the page shows of each spell the casters know: `{id: {"level", "name": {en, fr}, "targets"?}}` (a spell
    object of the stat block, else the library's entry): the spell's button and its slot-level picker."""
    shelf = None
    facts: dict[str, dict] = {}
    for block in found.values():
        for spell in (block.get("spellcasting") or {}).get("spells") or ():
            if isinstance(spell, dict) and isinstance(spell.get("id"), str):
                entry: dict | None = spell
            elif isinstance(spell, str) and spell not in facts:
                if shelf is None:
                    try:
                        shelf = combatlog.library(ruleset)
                    except combatlog.RuleViolation:
                        return facts
                entry = shelf.get(spell)
            else:
                continue
            if not entry or not isinstance(entry.get("level"), int):
                continue
            name = entry.get("name") or entry["id"]
            facts[entry["id"]] = {"level": entry["level"], "name": name if isinstance(name, dict) else {"en": name},
                                  **({"targets": entry["targets"]} if isinstance(entry.get("targets"), int) else {}),
                                  # a reaction spell's window (Shield `on: hit`, Counterspell `on: cast`): the prompt's buttons
                                  **({"casting_time": entry["casting_time"]} if isinstance(entry.get("casting_time"), str) else {}),
                                  **({"on": entry["on"]} if isinstance(entry.get("on"), str) else {})}
    return facts


@requires("dm", status_code=401)
async def carry_choices(request: Request) -> Response:
    """The DM's Add dialog, `add` with `carry` (INTERFACE.md §7): the other encounters of the log with this one's
    ruleset, each with its player characters still alive or dying, as they stand now.
    `{"encounters": [{"id", "name", "pcs": [{"id", "name", "hp", "max_hp", "status", "side"}]}]}`."""
    name, encounter = await existing(request)
    lang = await page_lang(request, encounter)
    hub = hub_of(request)

    def read(log):
        ruleset = encounter.state().get("ruleset")
        found = []
        for other in log.encounters():
            if other == name:
                continue
            document = relabel(hub, log, other, log.encounter(other).state(), lang)
            if document.get("ruleset") != ruleset:
                continue
            pcs = [{"id": cid, "name": c["name"], "hp": c["hp"], "max_hp": c["max_hp"], "status": c["status"],
                    "side": c["side"]}
                   for cid, c in document["combatants"].items() if c["kind"] == "pc" and c["status"] != "dead"]
            if pcs:
                found.append({"id": other, "name": document.get("name") or other, "pcs": pcs})
        return {"encounters": found}

    return json_response(await hub.call(read, name))


@requires("dm", status_code=401)
async def move_path(request: Request) -> Response:
    """The cheapest legal path of a move, before it is sent (issue 35: the DM's map shows it and its cost while a
    token is dragged): `?id=ID&to=X,Y[&mode=MODE]` answers `{"path": [[x, y]...] | null, "metres", "left"?, "text"}`,
    `text` saying its cost (and what movement is left) in the page's language, or that no legal path reaches it."""
    name, encounter = await existing(request)
    lang = await page_lang(request, encounter)
    mover = request.query_params.get("id", "")
    try:
        to = [int(part) for part in request.query_params.get("to", "").split(",")]
    except ValueError:
        to = []
    if len(to) != 2:
        raise ApiError(400, {"error": word(lang, "bad_square", value=request.query_params.get("to", "")[:24])})
    mode = request.query_params.get("mode") or None

    def read(log) -> dict[str, Any]:
        found = encounter.cheapest_move(mover, to, mode)
        if found is None:
            return {"path": None, "text": word(lang, "no_path")}
        units = encounter.units
        cost = distance(found["metres"], lang, units)
        if "left" not in found:
            return {**found, "text": word(lang, "path_cost_only", cost=cost)}
        left = distance(found["left"], lang, units)
        key = "path_too_far" if found["metres"] > found["left"] + 1e-9 else "path_cost"
        return {**found, "text": word(lang, key, cost=cost, left=left)}

    return json_response(await hub_of(request).call(read, name))


@dataclass(frozen=True)
class Outcome:
    """What a batch did: its answer (JSON, encoded once: kept per idempotency key, it weighs its bytes, not the
    dicts of its events), or the refusal to raise again for every repeat of its idempotency key."""

    body: bytes | None = None
    error: Exception | None = None
    wrote: bool = False


async def run_batch(request: Request, name: str, prepare: Callable[[combatlog.Log], list[dict]], expected: int | None,
                    actor: str, key: str | None, asked: bytes, notes: list[str] | None = None) -> Response:
    """Run the batch `prepare(log)` gives on the log's thread; a repeat of an idempotency key answers the first
    outcome, appending nothing (and before the line is parsed again: the state it parses against has moved).
    `notes`, filled by `prepare`, go with the answer (`"notes": [...]`, the shell's remarks in the page's words)."""
    hub = hub_of(request)

    def run(log) -> tuple[Outcome, bool, list]:
        if key is not None:
            remembered = hub.replies.get(name, key)
            if remembered is None:
                # Not answered by this process: the log keeps the key of every request that appended events
                # (issue 24), so a retry after a restart, or after an outcome the store could not confirm, is
                # answered with what the first one appended.
                stored = log.encounter(name).answered(key)
                if stored is not None:
                    remembered = (bytes.fromhex(stored["fingerprint"]) if len(stored["fingerprint"]) == 64 else b"",
                                  Outcome(body=msgspec.json.encode({"seq": stored["seq"], "events": stored["events"]})))
                    hub.replies.remember(name, key, *remembered)
            if remembered is not None:
                first_asked, outcome = remembered
                if first_asked != asked:
                    raise ApiError(422, {"error": word(log.encounter(name).lang, "key_reused", id=key[:40]),
                                         "line": 1})
                return outcome, True, []
        batch = prepare(log)
        encounter = log.encounter(name)
        try:
            events = encounter.execute_all(batch, actor=actor, expected_seq=expected, request_id=key,
                                           request_fingerprint=asked.hex() if key is not None else None)
        except (combatlog.BatchRejected, combatlog.ConcurrencyConflict) as error:
            outcome = Outcome(error=error, wrote=bool(getattr(error, "events", None)))
        else:
            # The seq of this batch's last event (another process may have written since: its events come after).
            seq = events[-1]["body"]["seq"] if events else encounter.seq
            body: dict[str, Any] = {"seq": seq, "events": events}
            if notes:
                body["notes"] = list(notes)
            outcome = Outcome(body=msgspec.json.encode(body), wrote=bool(events))
        if key is not None:
            hub.replies.remember(name, key, asked, outcome)
        if outcome.wrote:
            hub.wrote()
            hub.langs[name] = encounter.lang  # a `create` chooses it
        # The streams' messages for the new state, made here, before the next command can change it.
        return outcome, False, hub.render(log, name) if outcome.wrote else []

    outcome, repeated, rendered = await hub.call(run, name)
    if outcome.wrote and not repeated:
        hub.notify(name, rendered)
    if outcome.error is not None:
        raise outcome.error
    return Response(outcome.body, media_type="application/json",
                    headers={"Idempotent-Replayed": "true"} if repeated else None)


# ------------------------------------------------------------------------------------------ streams


def sse(request: Request, name: str, key: tuple, make: Callable[[combatlog.Log], dict]) -> StreamingResponse:
    """Server-Sent Events: `make(log)`'s document now, then again at every change of the encounter, computed
    once per change for all the streams sharing `key`."""
    hub = hub_of(request)

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
        feed = hub.follow(name, key, lambda log: as_event(make(log)))
        try:
            while not hub.stopping.is_set():
                change = hub.changed(name)  # taken before reading: a write during the read wakes us again
                await hub.catch_up(name, key, feed)
                for seq, message in feed.after(last):  # every state since the last one sent, in order
                    last = seq
                    yield message
                if feed.after(last):
                    continue  # more came while this stream was sending
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
        finally:
            hub.unfollow(name, key)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def as_event(document: dict) -> tuple[int, bytes]:
    """(its seq, the Server-Sent Event carrying `document`): serialized and encoded once, the same bytes sent to
    every stream (a str would be encoded again for each)."""
    seq = document["seq"]
    return seq, f"event: state\nid: {seq}\ndata: {json.dumps(document, ensure_ascii=False)}\n\n".encode()


# ------------------------------------------------------------------------------------------ pages


def players_state(hub: Hub, log: combatlog.Log, name: str, lang: str) -> dict:
    """The players' view of the encounter now, from its state and its last events only (on the log's thread):
    its cost does not grow with the log."""
    encounter = log.encounter(name)
    document = relabel(hub, log, name, encounter.state(), lang)
    status, fingerprint = encounter.status_words(lang), encounter.fingerprint
    count = 4 * PLAYER_LOG_LINES  # a command is a few events, and most are told to the players
    while True:
        lines = encounter.recent(count)
        players = players_document(document, lines, lang, status, fingerprint)
        if len(lines) < count or len(players["log"]) >= PLAYER_LOG_LINES:
            return players
        count *= 4  # a stretch of untold events (dice, bookkeeping) or undone commands: look further back


async def table_stream(request: Request) -> Response:
    name, encounter = await existing(request)
    lang = await page_lang(request, encounter)
    hub = hub_of(request)
    return sse(request, name, ("table", name, lang), lambda log: players_state(hub, log, name, lang))


async def table_page(request: Request) -> Response:
    name, encounter = await existing(request)
    lang = await page_lang(request, encounter)
    hub = hub_of(request)
    document = await hub.call(lambda log: players_state(hub, log, name, lang), name)
    html = templates.get_template("table.html").render(
        enc=name, lang=lang, doc=document, words=words_for(lang), w=words_for(lang))
    return page(html)


async def dm_page(request: Request) -> Response:
    name = encounter_name(request)
    given = request.query_params.get("token")
    if given is not None:
        # The address printed at start: swap the token in the URL for a cookie, then drop it from the URL.
        if not token_matches(given, settings_of(request).token):
            return refused_page(request)
        target = request.url.path + (f"?lang={request.query_params['lang']}" if "lang" in request.query_params else "")
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(COOKIE, settings_of(request).token, httponly=True, samesite="strict", path="/")
        return response
    if "dm" not in request.auth.scopes:
        return refused_page(request)
    hub = hub_of(request)
    known = await hub.call(lambda log: held(log, name), name)
    lang = await page_lang(request, known)

    def read(log):
        if known is None:
            return None, []
        document = relabel(hub, log, name, known.state(), lang)
        return (answering(dm_document(document, lang, known.status_words(lang), known.window_text(lang)), known),
                known.recent_lines(lang, DM_LOG_LINES))

    document, lines = await hub.call(read, name)
    for entry in lines:
        entry.pop("event", None)
    html = templates.get_template("dm.html").render(
        enc=name, lang=lang, doc=document, lines=lines, log_shown=DM_LOG_LINES, words=words_for(lang), w=words_for(lang),
        names=page_names(lang))
    return page(html)


RULESETS = ("dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1")
CONDITIONS = ("blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated", "invisible",
              "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned", "unconscious")
DAMAGE_TYPES = ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic",
                "radiant", "slashing", "thunder")
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def page_names(lang: str) -> dict:
    """The names the DM's page's pickers show: rulesets, conditions, damage types, abilities (INTERFACE.md §3)."""
    from combatlog.words import ability_name, damage_name, ruleset_name

    return {"rulesets": {r: ruleset_name(r, lang) for r in RULESETS},
            "conditions": {c: condition_name(c, lang) for c in CONDITIONS},
            "damage": {d: damage_name(d, lang) for d in DAMAGE_TYPES},
            "abilities": {a: ability_name(a, lang) for a in ABILITIES}}


@requires("dm", status_code=401)
async def dm_view(request: Request) -> Response:
    """The DM's page's data: the state document (at `?at=` for the time slider) with its display extras."""
    name, encounter = await existing(request)
    lang = await page_lang(request, encounter)
    at = seq_param(request, "at", lang)

    hub = hub_of(request)

    def read(log):
        try:
            document = relabel(hub, log, name, encounter.state(at=at), lang)
        except combatlog.RuleViolation as error:
            raise ApiError(404, {"error": error.localized(lang)}) from None
        return answering(dm_document(document, lang, encounter.status_words(lang, at=at), encounter.window_text(lang, at=at)),
                         encounter, at)

    return json_response(await hub.call(read, name))


def answering(document: dict, encounter: combatlog.Encounter, at: int | None = None) -> dict:
    """The DM's page's document with what the open reaction window answers (`view.answers`: `{"kind", "target"?,
    "attack_kind"?}`): the prompt offers the reactions that fit it, spells included (issue 35). On the log's thread."""
    if document.get("window"):
        document["view"]["answers"] = encounter.open_window(at)
    return document


async def index(request: Request) -> Response:
    """The encounters, with links to each one's pages; a private server names none to a visitor without the token."""
    lang = lang_param(request, settings_of(request).lang or "fr") or "fr"
    private = "read" not in request.auth.scopes

    def listing(log):
        return [(name, log.encounter(name).state().get("name") or name) for name in log.encounters()]

    encounters = [] if private else await hub_of(request).call(listing)
    html = templates.get_template("index.html").render(lang=lang, encounters=encounters, private=private,
                                                       w=words_for(lang))
    return page(html)


async def favicon(request: Request) -> Response:
    return Response(status_code=204)


__all__ = ["KEEPALIVE", "Settings", "carry_choices", "commands", "dm_page", "dm_view", "events", "favicon", "index", "line",
           "list_encounters", "log_lines", "move_path", "state", "stream", "table_page", "table_stream", "transcript"]
