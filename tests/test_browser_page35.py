"""Issue 35, the DM's page: what a GM hit running Thursday's fight by clicks, each in a real Chromium at 1280 and
390 px (Playwright, as test_browser_fight.py does), with no console error on the way.

Rules quoted from the seeds: seed 000 « Terrain Difficile » (« Une case de Terrain Difficile coûte 2 cases pour y
entrer ») and « Se Déplacer autour d'Autres Créatures » (through an ally's space, never a hostile's)."""

import json
import re
import os
import tempfile
import urllib.request
from pathlib import Path

import pytest

import combatlog
from test_browser import browser  # noqa: F401  (the module's Chromium fixture)
from test_browser_fight import SIZES, Hand, square_point, watch
from test_server import AUTH, TOKEN, live_server

SHOTS = Path(os.environ.get("COMBATLOG_PAGE35_SHOTS") or tempfile.mkdtemp(prefix="combatlog-page35-"))

PC = {"ac": 12, "max_hp": 22, "speed": 9, "proficiency_bonus": 2,
      "abilities": {"str": 10, "dex": 14, "con": 12, "int": 16, "wis": 10, "cha": 10},
      "attacks": [{"id": "dagger", "name": {"en": "Dagger", "fr": "Dague"}, "kind": "melee", "to_hit": 4, "reach": 1.5,
                   "damage": [{"roll": "1d4+2", "type": "piercing"}]}]}


def make_log(tmp_path: Path, commands: list[dict], name: str = "default") -> Path:
    path = tmp_path / "fight.db"
    with combatlog.open_log(path) as log:
        log.encounter(name).execute_all(commands)
    return path


def open_page(browser, base: str, size: str, lang: str, problems: list[str], enc: str = "default"):  # noqa: F811
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    watch(page, problems)
    page.goto(f"{base}/e/{enc}?token={TOKEN}&lang={lang}")
    return page, Hand(page, touch=size == "phone")


def api(base: str, path: str):
    request = urllib.request.Request(base + path, headers=AUTH)
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def events(base: str, kind: str) -> list[dict]:
    return [e["body"]["event"] for e in api(base, "/api/encounters/default/events") if e["body"]["event"]["type"] == kind]


def shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def in_viewport(page, selector: str) -> bool:
    return page.evaluate("""(selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    }""", selector)


# ------------------------------------------------------------------ movement along the cheapest path


def crossing_fight(lang: str) -> list[dict]:
    """Mira at (1, 2), her ally Tobin at (2, 2); a band of difficult terrain at x = 3 from y = 0 to 4; a wolf far
    off (no reach on the way). Mira's turn, speed 9 m (6 squares)."""
    return [{"do": "create", "ruleset": "dnd5e-2024", "seed": 3, "lang": lang, "units": "m"},
            {"do": "add", "id": "mira", "name": "Mira", "side": "party", "kind": "pc", "stats": PC, "at": [1, 2]},
            {"do": "add", "id": "tobin", "name": "Tobin", "side": "party", "kind": "pc", "stats": PC, "at": [2, 2]},
            {"do": "add", "id": "wolf", "side": "monsters", "kind": "monster", "template": "wolf", "at": [9, 7]},
            {"do": "terrain", "squares": [[3, y] for y in range(5)], "kind": "difficult"},
            {"do": "initiative", "id": "mira", "value": 20}, {"do": "initiative", "id": "tobin", "value": 10},
            {"do": "initiative", "id": "wolf", "value": 5}, {"do": "start"}]


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fr")])
def test_a_drag_shows_the_cheapest_path_and_its_cost_before_the_drop_then_sends_it(browser, tmp_path, size, lang):  # noqa: F811
    from playwright.sync_api import expect

    problems: list[str] = []
    path = make_log(tmp_path, crossing_fight(lang))
    with live_server(path) as base:
        page, hand = open_page(browser, base, size, lang, problems)
        token = page.locator("#map g.token[data-id=mira]")
        token.scroll_into_view_if_needed()
        box = token.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        to_x, to_y = square_point(page, 5, 2)
        page.mouse.move(x, y)
        page.mouse.down()
        for i in range(1, 9):
            page.mouse.move(x + (to_x - x) * i / 8, y + (to_y - y) * i / 8)
        # Before the drop: the path is drawn square by square and its cost said. Through the band where it is
        # one square wide: 1 + 2 (difficult) + 1 + 1 = 5 squares = 7.5 m; walking round it to y = 5 costs more.
        preview = page.locator("#move-preview")
        expect(preview).to_have_text("Cheapest path: 7.5 m; 9 m left" if lang == "en"
                                     else "Chemin le moins cher : 7,5 m ; il lui reste 9 m")
        assert in_viewport(page, "#move-preview")
        steps = page.locator("#map .path-step").evaluate_all("nodes => nodes.map(n => n.dataset.square)")
        assert steps[-1] == "5,2" and len(steps) == 4
        assert sum(1 for square in steps if square.startswith("3,")) == 1  # the band crossed once
        shot(page, f"path-preview-{size}-{lang}")
        page.mouse.up()
        expect(page.locator("#status tr[data-id=mira] td.left")).to_contain_text("1,5" if lang == "fr" else "1.5")
        moved = events(base, "Moved")[-1]
        assert [f"{a},{b}" for a, b in moved["path"]] == steps  # the path shown is the path taken
        assert moved["cost"] == 7.5
        expect(preview).to_be_hidden()
        # Too far: 3 squares more than the 1.5 m she has left is said before the drop, and the drop is refused
        # on the page, in its words.
        token = page.locator("#map g.token[data-id=mira]")
        box = token.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        to_x, to_y = square_point(page, 8, 2)
        page.mouse.move(x, y)
        page.mouse.down()
        for i in range(1, 9):
            page.mouse.move(x + (to_x - x) * i / 8, y + (to_y - y) * i / 8)
        expect(preview).to_contain_text("Too far" if lang == "en" else "Trop loin")
        page.mouse.up()
        expect(page.locator("#feedback")).not_to_be_empty()
        assert api(base, "/api/encounters/default/state")["combatants"]["mira"]["position"] == [5, 2]
    assert problems == []


# ------------------------------------------------------------------ initiative ties


def tied_fight(lang: str) -> list[dict]:
    """Mira, Tobin and the goblins (one group: they act together) all at 15; the wolf at 12. Seed 001 Initiative
    (2014): « En cas d'égalité … le MD décide » for the monsters, the players for their characters."""
    return [{"do": "create", "ruleset": "dnd5e-2014", "seed": 4, "lang": lang},
            {"do": "add", "id": "mira", "name": "Mira", "side": "party", "kind": "pc", "stats": PC, "at": [1, 1]},
            {"do": "add", "id": "tobin", "name": "Tobin", "side": "party", "kind": "pc", "stats": PC, "at": [1, 2]},
            {"do": "add", "id": "gob1", "side": "monsters", "kind": "monster", "template": "goblin", "group": "gobs", "at": [6, 1]},
            {"do": "add", "id": "gob2", "side": "monsters", "kind": "monster", "template": "goblin", "group": "gobs", "at": [6, 2]},
            {"do": "add", "id": "wolf", "side": "monsters", "kind": "monster", "template": "wolf", "at": [7, 3]},
            {"do": "initiative", "id": "mira", "value": 15}, {"do": "initiative", "id": "tobin", "value": 15},
            {"do": "initiative", "id": "gob1", "value": 15}, {"do": "initiative", "id": "wolf", "value": 12}]


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fr")])
def test_tied_initiatives_are_ranked_in_a_dialog_and_the_fight_starts(browser, tmp_path, size, lang):  # noqa: F811
    from playwright.sync_api import expect

    problems: list[str] = []
    start, up, confirm = (("Start the fight", "Move Tobin (tobin) up", "Confirm the ranking and start") if lang == "en" else
                          ("Commencer le combat", "Monter Tobin (tobin)", "Valider l'ordre et commencer"))
    with live_server(make_log(tmp_path, tied_fight(lang))) as base:
        page, hand = open_page(browser, base, size, lang, problems)
        hand.press(page.get_by_role("button", name=start, exact=True))
        dialog = page.locator("#ties-dialog")
        expect(dialog).to_be_visible()
        # One tie at 15: Mira, Tobin and the goblins' group as one line; the wolf is not tied.
        expect(dialog.locator("li")).to_have_count(3)
        assert "wolf" not in dialog.inner_text().lower() and "loup" not in dialog.inner_text().lower()
        assert "order" not in dialog.inner_text() and "order" not in page.locator("#feedback").inner_text()
        expect(dialog.locator("li").nth(2)).to_contain_text("gob1" if lang == "en" else "gob1")
        expect(dialog.locator("li").nth(2)).to_contain_text("gob2")
        shot(page, f"ties-{size}-{lang}")
        hand.press(dialog.get_by_role("button", name=up, exact=True))
        expect(dialog.locator("li").first).to_contain_text("Tobin")
        hand.press(dialog.get_by_role("button", name=confirm, exact=True))
        expect(dialog).to_be_hidden()
        state = api(base, "/api/encounters/default/state")
        assert state["phase"] == "turn" and state["turn"] == "tobin"
        assert state["order"] == ["tobin", "mira", "gob1", "gob2", "wolf"]
        assert events(base, "TiesOrdered")[-1]["ids"] == ["tobin", "mira", "gob1", "gob2"]
    assert problems == []


# ------------------------------------------------------------------ reactions, spells included


WIZARD = {**PC, "level": 5, "spellcasting": {"ability": "int", "slots": {"1": 4, "2": 3, "3": 2},
                                             "spells": ["shield", "magic-missile", "counterspell"]}}
MAGE = {**PC, "level": 5, "spellcasting": {"ability": "int", "slots": {"1": 4}, "spells": ["magic-missile"]}}


def shield_fight(lang: str) -> list[dict]:
    """A goblin's scimitar hits Mirabel (d20 10 + 4 = 14 against AC 12): the window before damage is hers."""
    return [{"do": "create", "ruleset": "dnd5e-2014", "seed": 5, "lang": lang},
            {"do": "add", "id": "mira", "name": "Mirabel", "side": "party", "kind": "pc", "stats": WIZARD, "at": [1, 1]},
            {"do": "add", "id": "gob1", "side": "monsters", "kind": "monster", "template": "goblin", "at": [2, 1]},
            {"do": "add", "id": "mage", "name": "Mage", "side": "monsters", "kind": "monster", "stats": MAGE, "at": [4, 4]},
            {"do": "initiative", "id": "gob1", "value": 15}, {"do": "initiative", "id": "mage", "value": 12},
            {"do": "initiative", "id": "mira", "value": 10}, {"do": "start"},
            {"do": "attack", "attacker": "gob1", "target": "mira", "with": "scimitar", "dice": [10]}]


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fr")])
def test_the_reaction_prompt_offers_shield_in_the_viewport_and_casting_it_turns_the_hit_into_a_miss(browser, tmp_path, size, lang):  # noqa: F811
    """SRD 5.1 Shield: "+5 bonus to AC, including against the triggering attack": 14 against AC 17 misses."""
    from playwright.sync_api import expect

    problems: list[str] = []
    # The spells' names are the library's (its French names for Shield and Counterspell come with the spell-name
    # catalogs of the shell's branch): the buttons are found by the reaction they send.
    with live_server(make_log(tmp_path, shield_fight(lang))) as base:
        page, hand = open_page(browser, base, size, lang, problems)
        page.locator("#command").scroll_into_view_if_needed()  # the GM works at the foot of the page
        prompt = page.locator("#prompt")
        expect(prompt).to_be_visible()
        button = prompt.locator("button[data-react=mira][data-with=shield]")
        expect(button).to_be_visible()
        expect(button).to_contain_text("(Mirabel (mira))")
        assert in_viewport(page, "#prompt")
        # a hit on her is no spell being cast, and no one leaves a reach: no Counterspell, no opportunity attack
        expect(prompt.locator("[data-with=counterspell]")).to_have_count(0)
        expect(prompt.locator("[data-with=opportunity_attack]")).to_have_count(0)
        expect(prompt.locator("[data-pass=mira]")).to_be_visible()
        shot(page, f"react-shield-{size}-{lang}")
        hand.press(button)
        expect(prompt).to_be_hidden()
        state = api(base, "/api/encounters/default/state")
        assert "shield" in state["combatants"]["mira"]["effects"]
        assert state["combatants"]["mira"]["hp"] == 22  # the scimitar missed
        assert events(base, "AttackReevaluated")[-1]["hit"] is False
        assert state["combatants"]["mira"]["slots"]["1"]["left"] == 3
        page.context.close()
    # Counterspell answers a spell being cast: the mage's Magic Missile at Mirabel, on a fresh log where her
    # reaction is still hers.
    (tmp_path / "counter").mkdir()
    with live_server(make_log(tmp_path / "counter", shield_fight(lang)[:-1] + [
            {"do": "end_turn"}, {"do": "cast", "caster": "mage", "spell": "magic-missile", "targets": ["mira"]}])) as base:
        page, hand = open_page(browser, base, size, lang, problems)
        prompt = page.locator("#prompt")
        button = prompt.locator("button[data-react=mira][data-with=counterspell]")
        expect(button).to_be_visible()
        expect(prompt.locator("[data-with=shield]")).to_have_count(0)
        hand.press(button)
        expect(prompt).to_be_hidden()
        state = api(base, "/api/encounters/default/state")
        assert state["combatants"]["mira"]["hp"] == 22  # countered: no missile
        assert state["combatants"]["mira"]["slots"]["3"]["left"] == 1
        shot(page, f"react-counterspell-{size}-{lang}")
        page.context.close()
    assert problems == []


# ------------------------------------------------------------------ a turn passes


def turn_fight(lang: str) -> list[dict]:
    """Mirabel's turn (Magic Missile: several targets), then the goblin's."""
    return [{"do": "create", "ruleset": "dnd5e-2014", "seed": 6, "lang": lang},
            {"do": "add", "id": "mira", "name": "Mirabel", "side": "party", "kind": "pc", "stats": WIZARD, "at": [1, 1]},
            {"do": "add", "id": "gob1", "side": "monsters", "kind": "monster", "template": "goblin", "at": [5, 1]},
            {"do": "add", "id": "gob2", "side": "monsters", "kind": "monster", "template": "goblin", "at": [5, 3]},
            {"do": "initiative", "id": "mira", "value": 15}, {"do": "initiative", "id": "gob1", "value": 12},
            {"do": "initiative", "id": "gob2", "value": 8}, {"do": "start"}]


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fr")])
def test_next_turn_ends_a_choice_of_targets_visibly_and_the_profile_follows_the_acting_creature(browser, tmp_path, size, lang):  # noqa: F811
    from playwright.sync_api import expect

    problems: list[str] = []
    next_turn = "Next turn" if lang == "en" else "Tour suivant"
    with live_server(make_log(tmp_path, turn_fight(lang))) as base:
        page, hand = open_page(browser, base, size, lang, problems)
        block = page.locator("#statblock")
        expect(block.locator("h2")).to_contain_text("(mira)")
        hand.press(block.locator("button[data-spell=magic-missile]"))
        expect(page.locator("#picking")).to_be_visible()
        hand.press(page.locator("#status tr[data-id=gob1] td.name button"))
        expect(page.locator("#status tr[data-id=gob1]")).to_have_class(re.compile("picked"))
        hand.press(page.get_by_role("button", name=next_turn, exact=True))
        # The choice begun for Mirabel is given up, and the page says so; nothing was cast.
        expect(page.locator("#picking")).to_be_hidden()
        ended = page.locator("#picking-ended")
        expect(ended).to_be_visible()
        expect(ended).to_contain_text("Target choice dropped" if lang == "en" else "Choix des cibles abandonné")
        expect(page.locator("#status tr.picked")).to_have_count(0)
        assert api(base, "/api/encounters/default/state")["combatants"]["mira"]["slots"]["1"]["left"] == 4
        # The profile is the goblin's now, its attacks ready to click.
        expect(block.locator("h2")).to_contain_text("(gob1)")
        expect(block.locator("button[data-attack=scimitar]")).to_be_enabled()
        expect(block.locator("button[data-spell]")).to_have_count(0)
        shot(page, f"next-turn-{size}-{lang}")
        hand.press(block.locator("button[data-attack=shortbow]"))
        hand.press(page.locator("#status tr[data-id=mira] td.name button"))
        expect(page.locator("#result")).to_contain_text("Mirabel")
        assert events(base, "AttackRolled")[-1]["attacker"] == "gob1"
        page.context.close()
    assert problems == []
