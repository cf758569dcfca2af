"""What the DM's page run with clicks (issue 22) asks of the server: the stat blocks, the map's terrain, `aide`."""

from test_server import AUTH, served  # noqa: F401  (the fixture)


def test_the_stat_blocks_of_the_fight_with_groups_and_terrain(served):  # noqa: F811
    path, client = served
    assert client.get("/api/encounters/default/statblocks").status_code == 401
    answer = client.post("/api/encounters/default/commands", headers=AUTH,
                         json=[{"do": "terrain", "squares": [[3, 3], [4, 3]], "kind": "difficult"},
                               {"do": "terrain", "squares": [[4, 3]], "kind": "clear"}])
    assert answer.status_code == 200
    blocks = client.get("/api/encounters/default/statblocks", headers=AUTH).json()
    assert set(blocks["stats"]) == {"aria", "brom", "gob1", "gob2", "gob3"}
    assert [a["id"] for a in blocks["stats"]["gob1"]["attacks"]] == ["scimitar", "shortbow"]
    assert blocks["groups"] == {"gob1": "goblins", "gob2": "goblins", "gob3": "goblins"}
    assert blocks["terrain"] == [[3, 3]]
    client.post("/api/encounters/default/commands", headers=AUTH, json={"do": "undo", "steps": 1})
    # the clearing of [4, 3] undone: the square is difficult again
    assert client.get("/api/encounters/default/statblocks", headers=AUTH).json()["terrain"] == [[3, 3], [4, 3]]


def test_aide_and_help_on_the_command_line_answer_the_shells_help(served):  # noqa: F811
    path, client = served
    before = client.get("/api/encounters/default/state").json()["seq"]
    french = client.post("/api/encounters/default/line", headers=AUTH, json={"line": "aide"})
    assert french.status_code == 200 and french.json()["help"].startswith("Commandes")
    assert "  attaque ATTAQUANT CIBLE" in french.json()["help"]  # each verb's usage (the page listed none)
    # the encounter's ruleset's verbs only (issue 23): no Pathfinder full attack, no Rôle'n Play aftermath
    assert "outrance" not in french.json()["help"] and "round_suivant" not in french.json()["help"]
    english = client.post("/api/encounters/default/line", headers=AUTH, json={"line": "help"})
    assert english.status_code == 200 and "Commandes" in english.json()["help"]  # the encounter's language
    assert client.get("/api/encounters/default/state").json()["seq"] == before
    assert client.post("/api/encounters/default/line", json={"line": "aide"}).status_code == 401


def test_the_players_view_has_the_tokens_positions(served):  # noqa: F811
    path, client = served
    rows = client.get("/e/default/table").text
    assert '"position": [2, 2]' in rows or '"position":[2,2]' in rows


def test_a_hidden_monster_is_not_sent_to_the_players_view(served):  # noqa: F811
    path, client = served
    answer = client.post("/api/encounters/default/commands", headers=AUTH,
                         json=[{"do": "hidden", "id": "gob3"}, {"do": "damage", "target": "gob3", "amount": 2, "type": "fire"}])
    assert answer.status_code == 200
    assert client.get("/api/encounters/default/state").json()["combatants"]["gob3"]["hidden"] is True
    page = client.get("/e/default/table").text
    assert "gob3" not in page
    assert "Gobelin (gob1)" in page  # the others keep their names
    client.post("/api/encounters/default/commands", headers=AUTH, json={"do": "hidden", "id": "gob3", "hidden": False})
    assert "gob3" in client.get("/e/default/table").text
    assert "hidden" not in client.get("/api/encounters/default/state").json()["combatants"]["gob3"]


def test_a_multi_target_damage_on_the_dm_page_says_which_dead_targets_it_left_out(served):  # noqa: F811
    """Issue 23: the shell says which dead targets a `dmg` over several left out; the page's command line says it too,
    in the page's language. Seed 000 « Dégâts » (a creature at 0 HP is dead for a monster: it takes no more)."""
    path, client = served
    killed = client.post("/api/encounters/default/line", headers=AUTH, json={"line": "dgt gob1 30 feu"})
    assert killed.status_code == 200 and "notes" not in killed.json()  # one living target: nothing to say
    assert client.get("/api/encounters/default/state").json()["combatants"]["gob1"]["status"] == "dead"
    hp = client.get("/api/encounters/default/state").json()["combatants"]["gob2"]["hp"]
    french = client.post("/api/encounters/default/line?lang=fr", headers=AUTH, json={"line": "dgt gob1,gob2 2 feu"})
    assert french.status_code == 200, french.text
    assert french.json()["notes"] == ["déjà mort, laissé de côté : Gobelin (gob1)"]
    # the living goblin took its 2 fire damage, the dead one nothing
    assert client.get("/api/encounters/default/state").json()["combatants"]["gob2"]["hp"] == hp - 2
    english = client.post("/api/encounters/default/line?lang=en", headers=AUTH, json={"line": "dmg gob1,gob3 1 fire"})
    assert english.status_code == 200, english.text
    assert english.json()["notes"] == ["already dead, left out: Goblin (gob1)"]
    # the page shows the notes after the seq it answers (dm.js `send`)
    script = client.get("/static/dm.js").text
    assert "answer.notes" in script
