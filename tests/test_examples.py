"""The examples show players what the players' view shows (issue 23): a monster's health in words, never its hit
points; the Discord bot's !état says the state and !annuler says what was undone. Their logic is tested without
the network and without the discord package.

Numbers: the SRD 5.2 goblin (fixtures/creatures) has 7 HP; 4 slashing damage leaves 3, and 3 × 2 = 6 ≤ 7 is
"bloodied" (seed 000 « Points de vie » : en sang à la moitié de ses PV ou moins)."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

import combatlog

ROOT = Path(__file__).resolve().parent.parent


def _example(name: str):
    spec = importlib.util.spec_from_file_location(f"example_{name}", ROOT / "examples" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fight(tmp_path):
    """The README's ready-to-play fight (French), Aria's turn in round 1."""
    encounter = combatlog.open_log(str(tmp_path / "fight.db")).encounter("default")
    for line in (ROOT / "fixtures" / "encounters" / "ready_to_play.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            encounter.execute(json.loads(line))
    return encounter


def test_the_vtt_tokens_carry_a_monsters_health_in_words_and_never_its_hit_points(fight):
    bridge = _example("vtt_bridge")
    fight.execute({"do": "damage", "target": "gob1", "amount": 4, "type": "slashing"})
    tokens = {token["token"]: token for token in bridge.token_updates(fight.state())}
    goblin = tokens["gob1"]
    assert goblin["health"] == "bloodied" and goblin["health_word"] == "en sang"
    assert not {"hp", "max_hp", "hp_bar", "temp_hp"} & set(goblin)
    assert tokens["gob2"]["health_word"] == "en forme"
    assert tokens["aria"]["hp"] == tokens["aria"]["max_hp"]  # a PC's hit points are the players' own


def test_the_vtt_tokens_speak_english_when_asked_and_leave_hidden_creatures_out(fight):
    bridge = _example("vtt_bridge")
    fight.execute({"do": "hidden", "id": "gob3"})
    fight.execute({"do": "damage", "target": "gob1", "amount": 7, "type": "slashing"})
    tokens = {token["token"]: token for token in bridge.token_updates(fight.state(), "en")}
    assert "gob3" not in tokens
    assert tokens["gob1"]["health_word"] == "down" and tokens["gob1"]["status"] == "dead"


def test_the_bot_tells_damage_to_a_monster_without_its_hit_points(fight):
    bot = _example("discord_bot")
    reply = bot.handle(fight, "!dgt gob1 4 tranchant")
    assert reply == "Gobelin (gob1) encaisse un coup"
    assert "PV" not in reply and "→" not in reply


def test_the_bot_state_says_round_turn_and_each_creatures_health(fight):
    bot = _example("discord_bot")
    fight.execute({"do": "damage", "target": "gob1", "amount": 4, "type": "slashing"})
    fight.execute({"do": "condition", "target": "gob2", "add": "prone"})
    lines = bot.handle(fight, "!état").splitlines()
    assert lines[0] == "Round 1 — tour d'Aria"
    assert "▶ Aria — 44/44 PV" in lines
    assert "• Gobelin (gob1) — en sang" in lines
    assert "• Gobelin (gob2) — en forme, à terre" in lines
    assert not any("/7" in line for line in lines)  # no goblin's hit points


def test_the_bot_says_what_was_undone_and_redone(fight):
    bot = _example("discord_bot")
    bot.handle(fight, "!dgt gob1 4 tranchant")
    assert bot.handle(fight, "!annuler") == "Annulé : 4 dégâts tranchants à Gobelin (gob1)"
    assert fight.state()["combatants"]["gob1"]["hp"] == 7
    assert bot.handle(fight, "!rétablir") == "Rétabli : 4 dégâts tranchants à Gobelin (gob1)"


def test_the_bot_refuses_in_the_encounters_language_and_appends_nothing(fight):
    bot = _example("discord_bot")
    seq = fight.seq
    reply = bot.handle(fight, "!dgt nobody 4 tranchant")
    assert reply.startswith("⚠ ") and fight.seq == seq
    assert bot.handle(fight, "bonjour") is None


def test_the_bot_speaks_english_in_an_english_encounter(tmp_path):
    bot = _example("discord_bot")
    encounter = combatlog.open_log(str(tmp_path / "en.db")).encounter("default")
    encounter.execute({"do": "create", "ruleset": "dnd5e-2024", "lang": "en", "seed": 3})
    encounter.execute({"do": "add", "id": "gob1", "side": "goblins", "template": "goblin"})
    encounter.execute({"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "name": "Aria"})
    assert bot.handle(encounter, "!dmg gob1 4 slashing") == "Goblin is wounded"
    assert "• Goblin — bloodied" in bot.handle(encounter, "!state").splitlines()
    assert bot.handle(encounter, "!undo") == "Undone: 4 slashing damage to Goblin"


def test_the_examples_import_without_the_discord_package():
    _example("discord_bot")
    _example("vtt_bridge")
    assert "discord" not in sys.modules
