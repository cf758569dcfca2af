"""An adult red dragon in its lair (SRD 5.1 numbers, tests/creatures/adult_red_dragon.json), played through the
§7 interface from a `combatlog run` script: legendary actions, a lair turn, legendary resistance, its fire breath
spent and recharged, then a long rest. Every number below is worked out by hand in the comments."""

import json

import pytest

from combatlog.cli.main import main as cli_main
from resources_support import DRAGON, pc_stats


def script(ruleset: str) -> list[dict]:
    dying_turn = [{"do": "death_save", "id": "aria", "dice": [12]}] if ruleset == "dnd5e-2014" else []
    return [
        {"do": "create", "ruleset": ruleset, "seed": 3, "lang": "fr", "name": "L'antre du dragon"},
        {"do": "add", "id": "aria", "name": "Aria", "side": "party", "kind": "pc", "stats": pc_stats()},
        {"do": "add", "id": "bruno", "name": "Bruno", "side": "party", "kind": "pc", "stats": pc_stats()},
        {"do": "add", "id": "dragon", "name": DRAGON["name"]["en"], "name_fr": DRAGON["name"]["fr"], "side": "dragons",
         "kind": "monster", "stats": DRAGON["stats"]},
        {"do": "initiative", "id": "aria", "value": 21},
        {"do": "initiative", "id": "bruno", "value": 15},
        {"do": "initiative", "id": "dragon", "value": 10},
        {"do": "start"},  # order: aria (21), lair (20), bruno (15), dragon (10)
        # Sword: 15 + 5 = 20 hits AC 19; 1d8+3 = 6 + 3 = 9: dragon 256 -> 247.
        {"do": "attack", "attacker": "aria", "target": "dragon", "with": "sword", "dice": [15, 6]},
        {"do": "end_turn"},
        # The lair: DC 15 Dexterity save, 9 + 2 = 11 fails; 3d6 fire = 4 + 5 + 6 = 15: bruno 60 -> 45.
        {"do": "damage", "target": "bruno", "roll": "3d6", "type": "fire", "save": {"ability": "dex", "dc": 15},
         "dice": [9, 4, 5, 6]},
        {"do": "end_turn"},
        # After the lair's turn, before bruno's first command: tail, 10 + 14 = 24 hits AC 15; 2d8+8 = 15: aria 45.
        {"do": "legendary", "id": "dragon", "action": "tail-attack", "target": "aria", "dice": [10, 3, 4]},
        {"do": "attack", "attacker": "bruno", "target": "dragon", "with": "sword", "dice": [3]},  # 8: a miss
        {"do": "end_turn"},
        # Wing attack (2 actions: 3 - 1 - 2 = 0 left), DC 22: aria 5 + 2 = 7 fails and takes 2d6+8 = 20 (45 -> 25);
        # bruno 20 + 2 = 22 succeeds and takes nothing.
        {"do": "legendary", "id": "dragon", "action": "wing-attack", "targets": ["aria", "bruno"], "dice": [5, 20, 6, 6]},
        # The dragon's first command: its 3 legendary actions come back. Fire breath, DC 21: aria 3 + 2 = 5 fails,
        # 18d6 all 2s = 36 (25 -> 0); bruno 19 + 2 = 21 succeeds, 18 (45 -> 27).
        {"do": "attack", "attacker": "dragon", "with": "fire-breath", "targets": ["aria", "bruno"], "dice": [3, 19] + [2] * 18},
        # Con save DC 30: 1 + 7 + 6 = 14 fails; a legendary resistance makes it a success (3 -> 2).
        {"do": "save", "id": "dragon", "ability": "con", "dc": 30, "legendary_resistance": ["dragon"], "dice": [1]},
        {"do": "end_turn"},
        *dying_turn,
        {"do": "end_turn"},
        {"do": "end_turn"},  # the lair's turn
        {"do": "end_turn", "dice": [5]},  # bruno's ends; the dragon's starts: recharge d6 5, the breath is back
        # Breath on bruno: 2 + 2 = 4 fails; 18d6 all 1s = 18: 27 -> 9.
        {"do": "attack", "attacker": "dragon", "with": "fire-breath", "targets": ["bruno"], "dice": [2] + [1] * 18},
        {"do": "end"},
        # aria is at 0 HP and gains nothing; bruno is back to 60.
        {"do": "rest", "kind": "long", "ids": ["aria", "bruno"]},
    ]


def cli(*args: str, capsys) -> tuple[int, str]:
    code = cli_main(list(args))
    return code, capsys.readouterr().out


@pytest.mark.parametrize("ruleset", ["dnd5e-2014", "rolenplay"])
def test_an_adult_red_dragon_in_its_lair_played_through_a_script(tmp_path, capsys, ruleset):
    log = tmp_path / "dragon.db"
    path = tmp_path / "dragon.jsonl"
    path.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in script(ruleset)) + "\n", encoding="utf-8")
    code = cli_main(["run", str(path), "--log", str(log), "-q"])
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    code, out = cli("state", str(log), "--json", capsys=capsys)
    state = json.loads(out)
    dragon, aria, bruno = (state["combatants"][cid] for cid in ("dragon", "aria", "bruno"))
    assert state["order"] == ["aria", "lair", "bruno", "dragon"]
    assert (dragon["hp"], aria["hp"], bruno["hp"]) == (247, 0, 60)
    assert dragon["uses"] == {"fire-breath": {"max": 1, "left": 0}}
    assert dragon["legendary_actions"] == {"max": 3, "left": 3}
    assert dragon["legendary_resistance"] == {"max": 3, "left": 2}
    code, replayed = cli("state", str(log), "--json", "--replay", capsys=capsys)
    assert json.loads(replayed) == state
    # `state --at`: the breath spent at the first UseSpent, back at the RechargeRolled that returned it.
    code, out = cli("export", str(log), "--format", "jsonl", capsys=capsys)
    seqs = {}
    for line in out.splitlines():
        body = json.loads(line)["body"]
        seqs.setdefault(body["event"]["type"], []).append(body["seq"])
    left = lambda at: json.loads(cli("state", str(log), "--json", "--at", str(at), capsys=capsys)[1])[  # noqa: E731
        "combatants"]["dragon"]["uses"]["fire-breath"]["left"]
    spent, recharged = seqs["UseSpent"][0], seqs["RechargeRolled"][0]
    assert (left(spent - 1), left(spent), left(recharged - 1), left(recharged)) == (1, 0, 0, 1)
    code, out = cli("verify", str(log), capsys=capsys)
    assert code == 0, out
    for lang, words in (("fr", ("Souffle de feu", "l'antre", "résistance légendaire")),
                        ("en", ("Fire Breath", "lair", "legendary resistance"))):
        code, text = cli("export", str(log), "--format", "md", "--lang", lang, capsys=capsys)
        assert code == 0 and all(word in text for word in words), text
        code, lines = cli("log", str(log), "--lang", lang, capsys=capsys)
        assert code == 0 and {"fr": "action légendaire", "en": "legendary action"}[lang] in lines


def test_the_shell_shows_uses_legendary_actions_and_resistance_left_and_the_breath_on_the_sheet(tmp_path):
    from test_play import Table, row

    for lang, words in (("fr", ("Souffle de feu 0/1", "légendaires 3/3", "résist. lég. 2/3",
                                "JS de Dex DD 21, 18d6 feu, moitié en cas de réussite (utilise fire-breath)")),
                        ("en", ("Fire Breath 0/1", "legendary 3/3", "leg. resistance 2/3",
                                "Dex save DC 21, 18d6 fire, half on a success (spends fire-breath)"))):
        t = Table(tmp_path / f"shell-{lang}.db", dice="auto", lang=lang, create_lang=lang)
        dragon = {"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": {
            **DRAGON["stats"], "lair_actions": False}, "name": "Dragon"}
        aria = {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats(), "name": "Aria"}
        t.type(json.dumps(dragon), json.dumps(aria), '{"do": "initiative", "id": "dragon", "value": 20}',
               '{"do": "initiative", "id": "aria", "value": 5}', '{"do": "start"}',
               '{"do": "attack", "attacker": "dragon", "with": "fire-breath", "targets": ["aria"]}',
               '{"do": "save", "id": "dragon", "ability": "con", "dc": 40, "legendary_resistance": ["dragon"]}')
        screen = t.type("sheet dragon" if lang == "en" else "fiche dragon", "state" if lang == "en" else "état")
        for word in words:
            assert word in screen, (word, screen)
        assert ("Fire Breath 0/1" if lang == "en" else "Souffle de feu 0/1") in row(screen, "dragon")
        t.close()


def test_the_shell_verbs_legendary_and_rest_in_french_and_english(tmp_path):
    from combatlog.cli.play_parse import parse_line
    from resources_support import Fight, dragon_stats

    fight = Fight(tmp_path / "verbs.db", "dnd5e-2014")
    fight.do({"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "bruno", "side": "party", "kind": "pc", "stats": pc_stats()})
    fight.do({"do": "add", "id": "dragon", "side": "dragons", "kind": "monster", "stats": dragon_stats()})
    state = fight.enc._engine.state

    def raw(line):
        return parse_line(line, state).commands

    assert raw("légendaire dragon queue aria") == raw("legendary dragon tail-attack aria") == [
        {"do": "legendary", "id": "dragon", "action": "tail-attack", "target": "aria"}]
    assert raw("legendaire dragon wing aria,bruno avantage") == raw("legendary dragon wing-attack aria,bruno adv") == [
        {"do": "legendary", "id": "dragon", "action": "wing-attack", "targets": ["aria", "bruno"], "advantage": True}]
    assert raw("repos long") == raw("rest long") == [{"do": "rest", "kind": "long"}]
    assert raw("repos court aria dragon") == raw("rest short aria dragon") == [
        {"do": "rest", "kind": "short", "ids": ["aria", "dragon"]}]
