"""The DM page's endpoints for carry and spells (issue 22): `GET /api/encounters/{enc}/carry` lists the other
encounters of the log with this one's ruleset and their player characters (INTERFACE.md §7, `add` with `carry`);
`GET /statblocks` says each known spell's level, for the spell buttons and the slot-level picker."""

import combatlog
from test_browser_fight import MIRA, last_session
from test_server import AUTH, TOKEN, TestClient, create_app


def test_carry_lists_the_other_encounters_pcs_of_the_same_ruleset(tmp_path):
    path = tmp_path / "campaign.db"
    last_session(path)  # "Prologue" (dnd5e-2024): Mira, a PC, and a goblin
    with combatlog.open_log(path) as log:
        log.encounter("pf1-side").execute_all([
            {"do": "create", "ruleset": "pf1", "seed": 1},
            {"do": "add", "id": "brann", "side": "party", "kind": "pc", "template": "fighter"}])
        log.encounter("grave").execute_all([
            {"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
            {"do": "add", "id": "old", "side": "party", "kind": "pc", "stats": {**MIRA, "hp": 0}},
            {"do": "damage", "target": "old", "amount": 30, "type": "fire"}])  # 22 HP max: dead outright at 0 HP
        log.encounter("default").execute({"do": "create", "ruleset": "dnd5e-2024", "seed": 2})
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        assert client.get("/api/encounters/default/carry").status_code == 401
        answer = client.get("/api/encounters/default/carry", headers=AUTH)
        assert answer.status_code == 200
        # Not the pf1 encounter (another ruleset), not the grave (its only PC is dead), not this one.
        assert answer.json() == {"encounters": [{"id": "prologue", "name": "Prologue", "pcs": [
            {"id": "mira", "name": "Mira", "hp": 22, "max_hp": 22, "status": "alive", "side": "party"}]}]}
        carried = client.post("/api/encounters/default/commands", headers=AUTH,
                              json={"do": "add", "id": "mira", "carry": {"from": "prologue", "id": "mira"}})
        assert carried.status_code == 200, carried.text
        # Magic Missile in the prologue spent one of 4 level 1 slots; the stat block's spells carry their levels.
        assert client.get("/api/encounters/default/state", headers=AUTH).json()["combatants"]["mira"]["slots"] == \
            {"1": {"max": 4, "left": 3}, "2": {"max": 2, "left": 2}}
        spells = client.get("/api/encounters/default/statblocks", headers=AUTH).json()["spells"]
        assert spells["burning-hands"]["level"] == 1 and spells["magic-missile"]["level"] == 1
        assert spells["burning-hands"]["name"]["fr"] == "Mains brûlantes"
        assert spells["magic-missile"]["targets"] == 3


def test_carry_names_an_unknown_encounter(tmp_path):
    path = tmp_path / "campaign.db"
    last_session(path)
    with TestClient(create_app(str(path), token=TOKEN)) as client:
        answer = client.get("/api/encounters/nowhere/carry?lang=fr", headers=AUTH)
        assert answer.status_code == 404 and "nowhere" in answer.json()["error"]
