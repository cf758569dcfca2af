"""Issue 35's blocker as a property: every log that `run` accepted can be exported in every format, verifies, and
renders the DM page and the players' view; a server error is always the JSON `{"error", "seq"}`.

A stat block may name an attack or a reaction `{"en": …, "fr": …}`, with one language only, or as a plain string
(the schema allows `{lang: str} | str`); a party file wrote the plain string and the transcript could not be built.
Hypothesis draws the names' shapes and a short fight of each ruleset; each command the rules refuse appends nothing,
as `run` leaves it. COMBATLOG_PROPERTY_EXAMPLES raises the number of examples (default 10 per ruleset)."""

from __future__ import annotations

import copy
import json
import os
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import combatlog
from combatlog.cli.main import main as cli_main

starlette = pytest.importorskip("starlette", reason="the server extra is not installed")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from combatlog.server.app import create_app  # noqa: E402
from starlette.routing import Route  # noqa: E402

CREATURES = Path(__file__).resolve().parents[1] / "fixtures" / "creatures"
EXAMPLES = int(os.environ.get("COMBATLOG_PROPERTY_EXAMPLES", "10"))
TOKEN = "property-token"
RULESETS = {  # ruleset -> (its PC template, its monster template)
    "dnd5e-2014": ("fighter", "goblin"),
    "dnd5e-2024": ("fighter", "goblin"),
    "rolenplay": ("fighter", "goblin"),
    "pf1": ("pf1/fighter", "pf1/goblin"),
}

# The shapes a name may take in a stat block: a plain string, both languages, one language, none.
NAME_SHAPES = st.sampled_from(["plain", "both", "en", "fr", "none"])


def named(shape: str, attack_id: str, pf1: bool) -> dict:
    words = attack_id.replace("_", " ")
    if shape == "plain":
        return {"name": f"{words} maison"}
    if shape == "both":
        return {"name": {"en": f"{words} (en)", "fr": f"{words} (fr)"}}
    if shape in ("en", "fr"):
        return {"name": {shape: f"{words} ({shape})"}}
    return {"name": ""} if pf1 else {}


def stats_with_names(template: str, shapes: list[str], pf1: bool) -> dict:
    stats = copy.deepcopy(json.loads((CREATURES / f"{template}.json").read_text(encoding="utf-8"))["stats"])
    for index, attack in enumerate(stats.get("attacks") or ()):
        attack.pop("name", None)
        attack.pop("name_fr", None)
        attack.update(named(shapes[index % len(shapes)], attack["id"], pf1))
    for index, reaction in enumerate(stats.get("reactions") or ()):
        reaction.pop("name", None)
        reaction.update(named(shapes[(index + 1) % len(shapes)], reaction["id"], pf1))
    return stats


ACTIONS = st.lists(st.sampled_from(["attack_pc", "attack_monster", "end_turn", "damage", "heal", "move", "undo"]),
                   min_size=2, max_size=9)


def fight(ruleset: str, lang: str, shapes: list[str], actions: list[str]) -> list[dict]:
    pc, monster = RULESETS[ruleset]
    pf1 = ruleset == "pf1"
    pc_stats = stats_with_names(pc, shapes, pf1)
    monster_stats = stats_with_names(monster, shapes[::-1], pf1)
    pc_attack = pc_stats["attacks"][0]["id"]
    monster_attack = monster_stats["attacks"][0]["id"]
    commands = [
        {"do": "create", "ruleset": ruleset, "seed": 35, "lang": lang, "name": "Jeudi"},
        {"do": "add", "id": "bob", "name": "Bob", "side": "party", "kind": "pc", "stats": pc_stats, "at": [2, 2]},
        {"do": "add", "id": "gob1", "name": "Gob", "side": "goblins", "kind": "monster", "stats": monster_stats,
         "at": [3, 2]},
        {"do": "initiative", "id": "bob", "value": 15},
        {"do": "initiative", "id": "gob1", "value": 10},
        {"do": "start"},
    ]
    for action in actions:
        commands.append({
            "attack_pc": {"do": "attack", "attacker": "bob", "target": "gob1", "with": pc_attack},
            "attack_monster": {"do": "attack", "attacker": "gob1", "target": "bob", "with": monster_attack},
            "end_turn": {"do": "end_turn"},
            "damage": {"do": "damage", "target": "gob1", "amount": 2, "type": "fire"},
            "heal": {"do": "heal", "target": "bob", "amount": 3},
            "move": {"do": "move", "id": "bob", "path": [[2, 3]]},
            "undo": {"do": "undo"},
        }[action])
        commands.append({"do": "pass", "id": "bob"})  # a window an attack opened (a reaction): declined
        commands.append({"do": "pass", "id": "gob1"})
    return commands


def run_accepted(path: Path, commands: list[dict]) -> None:
    """Each command as `run` would append it; one the rules refuse leaves nothing behind."""
    with combatlog.open_log(path) as log:
        encounter = log.encounter("default")
        for command in commands:
            try:
                encounter.execute(command)
            except combatlog.RuleViolation:
                pass


def check_every_view(path: Path, tmp: Path, capsys) -> None:
    for fmt in ("md", "html", "json"):
        out = tmp / f"transcript.{fmt}"
        assert cli_main(["export", str(path), "--format", fmt, "-o", str(out)]) == 0, capsys.readouterr().err
        assert out.read_text(encoding="utf-8").strip()
    assert cli_main(["verify", str(path)]) == 0, capsys.readouterr()
    capsys.readouterr()
    with TestClient(create_app(str(path), token=TOKEN), raise_server_exceptions=False) as client:
        for url in (f"/e/default?token={TOKEN}", "/e/default/table", "/api/encounters/default/transcript",
                    "/api/encounters/default/transcript?format=md", "/api/encounters/default/dm",
                    "/api/encounters/default/state", "/api/encounters/default/log"):
            answer = client.get(url, headers={"Authorization": f"Bearer {TOKEN}"})
            if answer.status_code >= 500:
                body = answer.json()  # never a bare "Internal Server Error"
                assert set(body) >= {"error", "seq"}, body
            assert answer.status_code == 200, (url, answer.status_code, answer.text[:300])


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_log_run_accepted_exports_verifies_and_renders(ruleset, tmp_path_factory, capsys):
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(lang=st.sampled_from(["fr", "en"]), shapes=st.lists(NAME_SHAPES, min_size=1, max_size=3), actions=ACTIONS)
    def property(lang, shapes, actions):
        tmp = tmp_path_factory.mktemp("log")
        path = tmp / "fight.db"
        run_accepted(path, fight(ruleset, lang, shapes, actions))
        check_every_view(path, tmp, capsys)

    property()


def test_an_attack_named_by_a_plain_string_is_exported_under_that_name(tmp_path, capsys):
    path = tmp_path / "fight.db"
    commands = fight("dnd5e-2014", "fr", ["plain"], ["attack_pc"])
    run_accepted(path, commands)
    out = tmp_path / "fight.md"
    assert cli_main(["export", str(path), "--format", "md", "-o", str(out)]) == 0
    assert "longsword maison" in out.read_text(encoding="utf-8").lower()
    assert cli_main(["export", str(path), "--format", "json", "-o", str(tmp_path / "fight.json")]) == 0
    assert json.loads((tmp_path / "fight.json").read_text(encoding="utf-8"))


def test_a_server_failure_answers_json_with_the_error_and_the_seq(tmp_path):
    """Any failure the server did not foresee is still `{"error", "seq"}`, in the encounter's words: an endpoint
    that fails (one added to the real app for the test) answers so, never a bare "Internal Server Error"."""
    path = tmp_path / "fight.db"
    run_accepted(path, fight("dnd5e-2014", "fr", ["both"], ["attack_pc"]))

    async def failing(request):
        raise ValueError("a bug")

    app = create_app(str(path), token=TOKEN)
    app.router.routes.insert(0, Route("/api/encounters/{enc}/failing", failing))
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/api/encounters/default/failing")
    assert answer.status_code == 500
    body = answer.json()
    assert body["error"].startswith("erreur interne du serveur")
    assert body["seq"] == combatlog.open_log(path).encounter("default").seq
