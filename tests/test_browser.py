"""The DM's page and the players' view in a real Chromium (Debian's `chromium`, driven by Playwright).

Outside CI these tests skip, saying why, when no Chromium is installed; under CI=true they fail instead
(`.ci/run` installs it). Screenshots of both pages in both languages land in tests/artifacts/."""

import os
import re
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from test_server import TOKEN, live_server, monsters_hp_leaks, ready_log

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("COMBATLOG_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium",
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must run the browser tests: .ci/run installs chromium)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    if executable is None:
        unavailable("no chromium found (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def fight(tmp_path):
    return ready_log(tmp_path)


def dm_page(browser, base: str, lang: str | None = None, token: str = TOKEN):
    context = browser.new_context(viewport={"width": 1400, "height": 760})
    page = context.new_page()
    response = page.goto(f"{base}/e/default?token={token}" + (f"&lang={lang}" if lang else ""))
    return page, response


def players_page(browser, base: str, lang: str | None = None):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{base}/e/default/table" + (f"?lang={lang}" if lang else ""))
    return page


def test_a_command_typed_on_the_dm_page_reaches_the_players_view_within_a_second(browser, fight):
    from playwright.sync_api import expect

    with live_server(fight) as base:
        dm, response = dm_page(browser, base)
        assert response.status == 200
        players = players_page(browser, base)  # another browser context: no cookie, no token
        aria = players.locator("tr[data-id=aria]")
        expect(aria).to_contain_text("44/44")
        expect(players.locator("#round")).to_contain_text("tour d'Aria")
        dm.fill("#command", "dgt aria 5 tranchant")
        dm.press("#command", "Enter")
        expect(aria).to_contain_text("39/44", timeout=1000)
        expect(dm.locator("#feedback")).to_have_class(re.compile(r"\bok\b"))
        expect(dm.locator("tr[data-id=aria]")).to_contain_text("39/44")
        dm.click("#next-turn")
        expect(players.locator("#round")).to_contain_text("Gobelin (gob1)", timeout=1000)
        # Undone commands are marked in the DM's running log.
        dm.click("#undo")
        expect(players.locator("#round")).to_contain_text("tour d'Aria", timeout=1000)
        expect(dm.locator("#log li.undone").first).to_contain_text("annulé")
        # A refused command shows the CLI's reason and changes nothing.
        dm.fill("#command", "attaque gob1 aria scimitar")
        dm.press("#command", "Enter")
        expect(dm.locator("#feedback")).to_contain_text("gob1 ne peut pas")
        expect(aria).to_contain_text("39/44")


def test_the_players_view_never_shows_a_monsters_exact_hp(browser, fight):
    from playwright.sync_api import expect

    import combatlog

    with live_server(fight) as base:
        players = players_page(browser, base, "en")
        received: list[str] = []
        players.on("response", lambda response: received.append(response.url))
        with combatlog.open_log(fight) as log:
            log.encounter("default").execute({"do": "damage", "target": "gob1", "amount": 4, "type": "fire"})
            state = log.encounter("default").state()
        expect(players.locator("tr[data-id=gob1]")).to_contain_text("bloodied", timeout=2000)
        expect(players.locator("tr[data-id=gob2]")).to_contain_text("healthy")
        assert state["combatants"]["gob1"]["hp"] == 3
        shown = players.locator("body").inner_text()
        assert monsters_hp_leaks(shown, state) == []
        assert monsters_hp_leaks(players.content(), state) == []
        # Not even hidden in the page's data.
        assert players.evaluate("INITIAL.doc.combatants.filter(c => c.kind === 'monster' && 'hp' in c).length") == 0
        assert "3/7" not in shown and "Goblin (gob1) is wounded" in shown


def test_a_wrong_token_is_refused(browser, fight):
    with live_server(fight) as base:
        page, response = dm_page(browser, base, token="not-the-token")
        assert response.status == 401
        assert "token" in page.locator("#refused").inner_text().lower() or "jeton" in page.locator("#refused").inner_text().lower()
        status = page.evaluate("""async () => (await fetch('/api/encounters/default/commands',
            {method: 'POST', headers: {'Authorization': 'Bearer nope'}, body: '{"do": "end_turn"}'})).status""")
        assert status == 401
        anonymous = browser.new_context().new_page()
        assert anonymous.goto(f"{base}/e/default").status == 401


def test_the_time_slider_shows_an_earlier_state_read_only(browser, fight):
    from playwright.sync_api import expect

    with live_server(fight) as base:
        dm, _ = dm_page(browser, base, "en")
        dm.fill("#command", "dmg aria 10 slashing")
        dm.press("#command", "Enter")
        expect(dm.locator("tr[data-id=aria]")).to_contain_text("34/44")
        slider = dm.locator("#time")
        before = int(slider.get_attribute("max")) - 4
        slider.evaluate(f"(s) => {{ s.value = {before}; s.dispatchEvent(new Event('input')); }}")
        expect(dm.locator("#banner")).to_contain_text(f"State after event {before}")
        expect(dm.locator("tr[data-id=aria]")).to_contain_text("44/44")
        expect(dm.locator("#next-turn")).to_be_disabled()
        expect(dm.locator("#command")).to_be_disabled()
        dm.click("#live")
        expect(dm.locator("#next-turn")).to_be_enabled()
        expect(dm.locator("tr[data-id=aria]")).to_contain_text("34/44")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_screenshots_of_both_pages(browser, fight, lang):
    from playwright.sync_api import expect

    import combatlog

    with combatlog.open_log(fight) as log:
        fight_log = log.encounter("default")
        fight_log.execute_all([
            {"do": "move", "id": "aria", "path": [[3, 2]]},
            {"do": "attack", "attacker": "aria", "target": "gob1", "with": "longsword", "dice": [15, 1]},
            {"do": "end_turn"},
            {"do": "attack", "attacker": "gob1", "target": "aria", "with": "scimitar", "dice": [17, 5]},
            {"do": "condition", "target": "brom", "add": "prone"},
        ])
    ARTIFACTS.mkdir(exist_ok=True)
    with live_server(fight) as base:
        dm, _ = dm_page(browser, base, lang)
        problems: list[str] = []  # script errors and Content-Security-Policy refusals
        dm.on("console", lambda message: message.type == "error" and problems.append(message.text))
        dm.on("pageerror", lambda error: problems.append(str(error)))
        dm.reload()
        expect(dm.locator("#status tbody tr")).to_have_count(5)
        dm.screenshot(path=str(ARTIFACTS / f"dm-{lang}.png"))
        players = players_page(browser, base, lang)
        players.on("console", lambda message: message.type == "error" and problems.append(message.text))
        players.on("pageerror", lambda error: problems.append(str(error)))
        players.reload()
        expect(players.locator("#order tbody tr")).to_have_count(5)
        expect(players.locator("tr[data-id=gob1]")).to_contain_text("en sang" if lang == "fr" else "bloodied")
        expect(players.locator("tr[data-id=brom]")).to_contain_text("à terre" if lang == "fr" else "prone")
        players.screenshot(path=str(ARTIFACTS / f"table-{lang}.png"))
        assert problems == []
    for name in (f"dm-{lang}.png", f"table-{lang}.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000


def test_a_fight_starts_from_an_empty_log_on_the_dm_page(browser, tmp_path):
    from playwright.sync_api import expect

    with live_server(tmp_path / "new.db") as base:
        dm, response = dm_page(browser, base, "en")
        assert response.status == 200
        for line in ('{"do": "create", "ruleset": "dnd5e-2024", "seed": 3, "lang": "en", "name": "Cellar"}',
                     "add gob1 goblin", "add aria fighter name=Aria pc", "init aria 15", "init gob1 12", "start"):
            dm.fill("#command", line)
            dm.press("#command", "Enter")
            expect(dm.locator("#command")).to_have_value("")
        expect(dm.locator("#title")).to_contain_text("Cellar — round 1 — Aria's turn")
        players = players_page(browser, base, "en")
        expect(players.locator("#order tbody tr")).to_have_count(2)
        dm.click("#next-turn")
        expect(players.locator("#round")).to_contain_text("Goblin's turn", timeout=1000)
        dm.press("#command", "ArrowUp")
        expect(dm.locator("#command")).to_have_value("start")  # the shell's history, on the page


@contextmanager
def another_site():
    """A plain HTTP server on another port of the same host: same-site for the browser (SameSite=Strict cookies
    go along), another origin for the combatlog server. Yields its base URL."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Blank(BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><title>cat pictures</title><p>nothing to see</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Blank)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# JSON-looking fields in a text/plain form: the browser sends `{"line": "dgt aria 30 feu", "x": "="}`.
FORGED_FORM = """([action, name]) => {
  const form = document.createElement("form");
  form.method = "POST"; form.enctype = "text/plain"; form.action = action;
  const field = document.createElement("input");
  field.name = name; field.value = '"}';
  form.append(field); document.body.append(form); form.submit();
}"""
FORGED_FETCHES = """async (base) => {
  const line = JSON.stringify({line: "dgt aria 30 feu"});
  const command = JSON.stringify({do: "damage", target: "aria", amount: 30, type: "fire"});
  const options = {method: "POST", mode: "no-cors", credentials: "include"};
  const sent = [[`${base}/api/encounters/default/line`, line], [`${base}/api/encounters/default/commands`, command],
                [`${base}/api/encounters/default/commands`, new Blob([command])]];  // a Blob: no content type at all
  for (const [url, body] of sent) await fetch(url, {...options, body}).catch(() => null);
  return sent.length;
}"""


def test_a_page_on_another_port_cannot_write_through_the_dms_logged_in_browser(browser, fight):
    # Issue 24: a page on another port of the same host applied 30 fire damage to a PC through the DM's browser.
    import combatlog

    def seq() -> int:
        with combatlog.open_log(fight) as log:
            return log.last_seq("default")

    with live_server(fight) as base, another_site() as evil:
        context = browser.new_context()
        dm = context.new_page()
        assert dm.goto(f"{base}/e/default?token={TOKEN}").status == 200  # the DM is logged in: the cookie is set
        before = seq()
        attacker = context.new_page()
        answers: list[tuple[str, int]] = []
        attacker.on("response", lambda response: "/api/" in response.url
                    and answers.append((response.url.split("/")[-1], response.status)))
        attacker.goto(f"{evil}/")
        assert attacker.evaluate(FORGED_FETCHES, base) == 3
        for target, name in (("line", '{"line": "dgt aria 30 feu", "x": "'),
                             ("commands", '{"do": "damage", "target": "aria", "amount": 30, "type": "fire", "x": "')):
            attacker.goto(f"{evil}/")
            with attacker.expect_navigation() as navigation:
                attacker.evaluate(FORGED_FORM, [f"{base}/api/encounters/default/{target}", name])
            assert navigation.value.status == 403, target
        assert seq() == before
        assert sorted(answers) == sorted([("line", 403), ("commands", 403), ("commands", 403),
                                          ("line", 403), ("commands", 403)])
        # The DM's own page still writes, with the same cookie.
        dm.fill("#command", "dgt aria 5 feu")
        dm.press("#command", "Enter")
        from playwright.sync_api import expect

        expect(dm.locator("tr[data-id=aria]")).to_contain_text("39/44")
        assert seq() > before


def test_a_custom_creature_added_from_the_page_in_a_pf1_encounter_has_a_pf1_stat_block(browser, tmp_path):
    # INTERFACE-pf1 stats, as the shell's `ajout chef pv=30 ca=14` builds them: AC 14 = 10 + natural 4, so touch AC
    # 10 and flat-footed AC 14; an attack at +4. The page sent a 5e stat block, which pf1 refused.
    import json
    import urllib.request

    from playwright.sync_api import expect

    from combatlog.cli.main import main as cli_main

    script = tmp_path / "pf1.jsonl"
    script.write_text('{"do": "create", "ruleset": "pf1", "lang": "fr"}\n', encoding="utf-8")
    log = tmp_path / "pf1.db"
    assert cli_main(["run", str(script), "--log", str(log), "-q"]) == 0
    with live_server(log) as base:
        dm, response = dm_page(browser, base)
        assert response.status == 200
        dm.click("#add-button")
        dm.fill("#custom-name", "Chef")
        dm.fill("#custom-hp", "30")
        dm.fill("#custom-ac", "14")
        dm.fill("#custom-attack", "Hache")
        dm.fill("#custom-to-hit", "4")
        dm.fill("#custom-damage", "1d6+2")
        dm.uncheck("#custom-pc")
        dm.click("#add-custom")
        expect(dm.locator("tr[data-id=chef]")).to_contain_text("30")
        with urllib.request.urlopen(f"{base}/api/encounters/default/state") as answer:
            chef = json.load(answer)["combatants"]["chef"]
        assert (chef["max_hp"], chef["ac"], chef["touch_ac"], chef["flat_footed_ac"]) == (30, 14, 10, 14)
