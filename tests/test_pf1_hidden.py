"""pf1's `hidden` (the DM's page, issue 22): a monster the DM marks hidden is left out of the players' view until it
is revealed. Seed 004 is silent (it is table practice, not a rule): as in 5e, the command changes no rule, only what
the players are shown, and it is an event, so undo and the time slider know it."""

import pytest

import combatlog
from pf1_support import duel


def fight(tmp_path):
    log = combatlog.open_log(tmp_path / "pf1.db")
    encounter = log.encounter("default")
    encounter.execute_all(duel())
    return log, encounter


def test_a_hidden_pf1_monster_is_marked_in_the_state_and_revealed_again(tmp_path):
    log, encounter = fight(tmp_path)
    with log:
        encounter.execute({"do": "hidden", "id": "gob"})
        assert encounter.state()["combatants"]["gob"]["hidden"] is True
        assert "hidden" not in encounter.state()["combatants"]["aria"]
        seq = encounter.state()["seq"]
        encounter.execute({"do": "hidden", "id": "gob", "hidden": False})
        assert "hidden" not in encounter.state()["combatants"]["gob"]
        assert encounter.state(at=seq)["combatants"]["gob"]["hidden"] is True  # the slider sees it
        encounter.undo()
        assert encounter.state()["combatants"]["gob"]["hidden"] is True
        # Nothing else changed: the goblin keeps its 6 HP and its turn order (Aria 15, the goblin 10).
        assert encounter.state()["combatants"]["gob"]["hp"] == 6
        assert encounter.state()["order"] == ["aria", "gob"]


def test_hiding_an_unknown_pf1_combatant_is_refused_and_appends_nothing(tmp_path):
    log, encounter = fight(tmp_path)
    with log:
        before = encounter.state()["seq"]
        with pytest.raises(combatlog.RuleViolation) as refused:
            encounter.execute({"do": "hidden", "id": "orc"})
        assert "orc" in refused.value.localized("en") and "orc" in refused.value.localized("fr")
        assert encounter.state()["seq"] == before


def test_a_hidden_pf1_monster_stays_hidden_after_the_fight_ends_and_replays_the_same(tmp_path):
    log, encounter = fight(tmp_path)
    with log:
        encounter.execute_all([{"do": "hidden", "id": "gob"}, {"do": "end"}])
        encounter.execute({"do": "hidden", "id": "aria"})  # legal in every phase, the ended one too
        state = encounter.state()
        assert state["combatants"]["gob"]["hidden"] is True and state["combatants"]["aria"]["hidden"] is True
    with combatlog.open_log(tmp_path / "pf1.db") as again:
        assert again.encounter("default").state() == state
        again.encounter("default").verify()


def test_the_players_view_of_a_pf1_fight_leaves_a_hidden_monster_out(tmp_path):
    import warnings

    pytest.importorskip("starlette")
    with warnings.catch_warnings():  # Starlette nudges towards httpx2; httpx is what the extra installs
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from combatlog.server.app import create_app

    log, encounter = fight(tmp_path)
    with log:
        encounter.execute({"do": "hidden", "id": "gob"})
    with TestClient(create_app(str(tmp_path / "pf1.db"), token="t0ken")) as client:
        page = client.get("/e/default/table").text
        assert "Aria" in page and "Gobelin" not in page and "Goblin" not in page
        answer = client.post("/api/encounters/default/commands", headers={"Authorization": "Bearer t0ken"},
                             json={"do": "hidden", "id": "gob", "hidden": False})
        assert answer.status_code == 200, answer.text
        assert "Goblin" in client.get("/e/default/table").text  # revealed: shown again
