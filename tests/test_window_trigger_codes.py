"""A reaction window's trigger is stored as a code and the ids it names, never as a sentence (issue 19: "events
carry codes and ids, never prose").

Logs written before stored English sentences ("gob leaves the reach of aria"; pf1 an English and a French one,
the French one copied into the waiting command). Each fight below is played by the engine, then its log is aged:
every window event is written back the way the previous engine wrote it (sentences built here with that engine's
own f-strings, `v` 1, the chain re-hashed). The aged log must read back to the very same events, fold to the very
same state document, verify clean, and print the same log lines as the fresh one.

Windows exercised: seed 000 Attaques d'Opportunité (leaving reach), seed 001 Se tenir prêt (a readied trigger),
SRD 5.2 Shield (a reaction to a hit) and SRD 5.1 Counterspell (a reaction to a spell being cast; the seeds are
silent on spells), PRD Attacks of Opportunity (a spell cast in a threatened square, combat maneuvers), PRD Ready.
"""

import json
from pathlib import Path

import msgspec
import pytest
from test_rules_reactions import AWAY, READY, aria_and_goblin, fight

import combatlog
from combatlog.cli.main import main as cli_main
from combatlog.events.envelope import compute_hash

ROOT = Path(__file__).resolve().parent.parent
BODY = msgspec.json.Encoder(order="sorted")


def _old_5e_trigger(event: dict) -> str:
    """The sentence the engine wrote before codes (core/rulesets/dnd5e/reactions.py and spells.py)."""
    pending = event["pending"]
    if event["trigger"] == "leaves_reach":
        return f"{pending['id']} leaves the reach of {', '.join(event['reactors'])}"
    if event["trigger"] == "hit":
        return f"{pending['attacker']} hits {pending['target']} with {pending['attack']}"
    if event["trigger"] == "readied":
        return f"{pending['id']}'s trigger: {event['text']}"
    assert event["trigger"] == "casts"
    return f"{pending['caster']} casts {pending['spell']['id']}"


def _old_pf1_triggers(event: dict) -> tuple[str, str]:
    """The English and French sentences pf1 wrote before codes (core/rulesets/pf1/actions.py, combat.py, decide.py)."""
    who, act, target, using = event["waiting"], event["act"], event.get("target", ""), event.get("using", "")
    square = f"[{event['square'][0]},{event['square'][1]}]" if event.get("square") else ""
    readier = event["pending"].get("id", "")
    return {
        "move": (f"{who} leaves {square}", f"{who} quitte {square}"),
        "cast": (f"{who} casts a spell", f"{who} lance un sort"),
        "stand": (f"{who} stands up", f"{who} se relève"),
        "first_aid": (f"{who} gives first aid to {target}", f"{who} prodigue les premiers secours à {target}"),
        "coup_de_grace": (f"{who} delivers a coup de grâce to {target}", f"{who} porte un coup de grâce à {target}"),
        "shoot": (f"{who} shoots with {using}", f"{who} tire avec {using}"),
        "unarmed": (f"{who} strikes unarmed", f"{who} frappe à mains nues"),
        "maneuver": (f"{who} attempts {using} on {target}", f"{who} tente {using} sur {target}"),
        "readied": (f"{readier}'s trigger: {event.get('text', '')}", f"déclencheur de {readier} : {event.get('text', '')}"),
    }.get(act, (f"{who}: {act}", f"{who} : {act}"))


def _as_written_before(event: dict) -> dict:
    """A v2 window event as the engine wrote it at v1."""
    event = dict(event)
    if event["type"] == "ReactionWindowOpened":
        event["trigger"] = _old_5e_trigger(event)
        event.pop("text", None)
    else:
        english, french = _old_pf1_triggers(event)
        for field in ("target", "using", "text"):
            event.pop(field, None)
        event.update(trigger=english, trigger_fr=french)
        if event["act"] != "readied":
            event["pending"] = {**event["pending"], "trigger_fr": french}
    return event


def aged(export: bytes, path: Path) -> int:
    """Write `export` (a log's JSONL) to `path` with every window event as the previous engine wrote it, the
    chain re-hashed from the first line; the number of window events aged."""
    lines, count, prev = [], 0, None
    for raw in export.splitlines():
        line = json.loads(raw)
        body = line["body"]
        if prev is not None:
            body["prev_hash"] = prev
        if body["event"]["type"] in ("ReactionWindowOpened", "Pf1WindowOpened"):
            assert body.pop("v") == 2
            body["event"] = _as_written_before(body["event"])
            count += 1
        encoded = BODY.encode(body)
        prev = compute_hash(encoded)
        tail = b',"log":' + json.dumps(line["log"]).encode() if "log" in line else b""
        lines.append(b'{"encounter":' + json.dumps(line["encounter"]).encode() + b',"hash":"' + prev.encode()
                     + b'","body":' + encoded + tail + b"}\n")
    path.write_bytes(b"".join(lines))
    return count


def played(tmp_path, commands, name="fresh") -> combatlog.Encounter:
    encounter = combatlog.open_log(str(tmp_path / f"{name}.jsonl")).encounter("default")
    for command in commands:
        encounter.execute(command)
    return encounter


def commands_of(encounter) -> list[dict]:
    """The commands a fight was played with, to play it again in a log of this test's own."""
    return [line["body"]["event"]["command"] for line in encounter.events()
            if line["body"]["event"]["type"] == "CommandIssued"]


def _read_back(encounter) -> list[dict]:
    """The events as the store decodes them (an old record upcast), in the order of the log."""
    return [msgspec.to_builtins(record.event) for record, _ in encounter.log.store.read_sealed(encounter.name, 0)]


def _events(encounter) -> list[dict]:
    return [line["body"]["event"] for line in encounter.events()]


def _same_log_as_before(tmp_path, capsys, fresh, windows: int):
    old = tmp_path / "old.jsonl"
    assert aged(fresh.export(), old) == windows
    again = combatlog.open_log(str(old)).encounter("default")
    assert _read_back(again) == _read_back(fresh)  # the codes and ids, as the engine writes them now
    assert again.state() == fresh.state()
    assert cli_main(["verify", str(old)]) == 0
    assert "hash chain intact" in capsys.readouterr().out
    for lang in ("en", "fr"):
        assert cli_main(["log", str(old), "--lang", lang]) == 0
        said_old = capsys.readouterr().out
        assert cli_main(["log", str(tmp_path / "fresh.jsonl"), "--lang", lang]) == 0
        assert said_old == capsys.readouterr().out
    return again


def windows_of(encounter, kind="ReactionWindowOpened") -> list[dict]:
    return [event for event in _events(encounter) if event["type"] == kind]


def leaving_reach(ruleset):
    """Seed 000 Attaques d'Opportunité: aria walks out of gob's reach; gob lets her go."""
    return [*aria_and_goblin(ruleset), {"do": "move", "id": "aria", "path": AWAY}, {"do": "pass", "id": "gob"}]


def readied_attack(ruleset):
    """Seed 001 Se tenir prêt: the DM says aria's readied trigger happens, in the table's own words."""
    return [*fight(ruleset, ("aria", "party", "fighter", [0, 0], 20), ("gob", "goblins", "goblin", [3, 0], 10)),
            READY, {"do": "end_turn"}, {"do": "move", "id": "gob", "path": [[2, 0], [1, 0]]},
            {"do": "trigger", "id": "aria"}, {"do": "react", "id": "aria", "with": "readied", "dice": [10, 1]}]


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014"])
def test_leaving_reach_is_a_code_and_an_old_sentence_reads_the_same(tmp_path, capsys, ruleset):
    fresh = played(tmp_path, leaving_reach(ruleset))
    (leave,) = windows_of(fresh)
    assert (leave["trigger"], leave["text"], leave["pending"]["id"], leave["reactors"]) == \
        ("leaves_reach", "", "aria", ["gob"])
    _same_log_as_before(tmp_path, capsys, fresh, 1)


@pytest.mark.parametrize("ruleset", ["dnd5e-2024", "dnd5e-2014"])
def test_a_readied_trigger_keeps_the_tables_words_and_an_old_sentence_reads_the_same(tmp_path, capsys, ruleset):
    fresh = played(tmp_path, readied_attack(ruleset))
    (ready,) = windows_of(fresh)
    assert (ready["trigger"], ready["text"], ready["pending"]["id"]) == ("readied", "the goblin comes within reach", "aria")
    _same_log_as_before(tmp_path, capsys, fresh, 1)


def test_the_state_document_still_says_the_trigger_in_english(tmp_path):
    """The document's `window.trigger` (INTERFACE.md) is the sentence it always was, said from the code."""
    leave = played(tmp_path, leaving_reach("dnd5e-2024")[:-1], "leave")
    assert leave.state()["window"]["trigger"] == "aria leaves the reach of gob"
    ready = played(tmp_path, readied_attack("dnd5e-2024")[:-1], "ready")
    assert ready.state()["window"]["trigger"] == "aria's trigger: the goblin comes within reach"


def test_a_hit_and_a_spell_being_cast_are_codes_and_old_sentences_read_the_same(tmp_path, capsys):
    """SRD 5.2 Shield: gob1's club hits aria, a window before damage; SRD 5.1 Counterspell: gob1 casts Fireball, a
    window before it takes effect (2014: a 3rd-level Counterspell stops a 3rd-level spell)."""
    from test_spell_roll_effects import FIREBALL_DICE, countering

    enc = countering(tmp_path, "dnd5e-2014")
    enc.execute({"do": "cast", "caster": "gob1", "spell": "fireball", "targets": ["aria"], "dice": FIREBALL_DICE})
    enc.execute({"do": "react", "id": "aria", "with": "counterspell"})
    fresh = played(tmp_path, commands_of(enc))
    (cast,) = windows_of(fresh)
    assert (cast["trigger"], cast["pending"]["caster"], cast["pending"]["spell"]["id"]) == ("casts", "gob1", "fireball")
    _same_log_as_before(tmp_path, capsys, fresh, 1)


def test_a_hit_window_is_a_code(tmp_path, capsys):
    from test_spells import encounter, start

    enc = encounter(tmp_path)
    start(enc, first="gob1")
    enc.execute({"do": "attack", "attacker": "gob1", "target": "aria", "with": "club", "dice": [18, 3]})
    enc.execute({"do": "react", "id": "aria", "with": "shield"})
    fresh = played(tmp_path, commands_of(enc))
    (hit,) = windows_of(fresh)
    assert (hit["trigger"], hit["pending"]["attacker"], hit["pending"]["target"], hit["pending"]["attack"]) == \
        ("hit", "gob1", "aria", "club")
    _same_log_as_before(tmp_path, capsys, fresh, 1)


def test_pf1_windows_keep_what_provoked_in_fields_and_old_sentences_read_the_same(tmp_path, capsys):
    """PRD Combat Maneuvers: a trip or a grapple without the Improved feat provokes from its target; the old
    fight's script (fixtures/logs/before_pf1_rules_versions) has two."""
    script = ROOT / "fixtures" / "logs" / "before_pf1_rules_versions" / "pf1_fight.script.jsonl"
    commands = [json.loads(line) for line in script.read_text(encoding="utf-8").splitlines() if line.strip()]
    fresh = played(tmp_path, commands)
    maneuvers = windows_of(fresh, "Pf1WindowOpened")
    assert [(w["act"], w["waiting"], w["using"], w["target"]) for w in maneuvers] == \
        [("maneuver", "bob", "trip", "gob"), ("maneuver", "aria", "grapple", "gob")]
    assert not any("trigger" in w or "trigger_fr" in w or "trigger_fr" in w["pending"] for w in maneuvers)
    _same_log_as_before(tmp_path, capsys, fresh, 2)


def test_pf1_a_spell_cast_next_to_an_enemy_is_its_act_and_an_old_sentence_reads_the_same(tmp_path, capsys):
    """PRD Attacks of Opportunity, Casting a Spell: mira casts Burning Hands next to gob, who may answer."""
    from test_spells_pf1 import encounter

    enc = encounter(tmp_path, start=True)
    enc.execute({"do": "cast", "caster": "mira", "spell": "burning-hands", "targets": ["gob"], "dice": [1] * 6})
    fresh = played(tmp_path, commands_of(enc))
    (cast,) = windows_of(fresh, "Pf1WindowOpened")
    assert (cast["act"], cast["waiting"], cast["reactors"]) == ("cast", "mira", ["gob"])
    assert fresh.state()["window"]["trigger"] == "mira casts a spell"
    with pytest.raises(combatlog.RuleViolation) as refused:
        fresh.execute({"do": "end_turn"})
    assert "mira lance un sort" in refused.value.localized("fr") and "casts" not in refused.value.localized("fr")
    assert "mira casts a spell" in refused.value.localized("en")
    _same_log_as_before(tmp_path, capsys, fresh, 1)


def test_pf1_a_readied_trigger_keeps_the_tables_words_and_an_old_sentence_reads_the_same(tmp_path, capsys):
    """PRD Ready: the DM says aria's readied attack is triggered on the orc's turn."""
    from test_pf1_more import GOBLIN, duel

    orc = {"do": "add", "id": "orc", "side": "monsters", "stats": GOBLIN, "at": [1, 1]}
    fresh = played(tmp_path, [*duel(extra=[orc])[:-1], {"do": "initiative", "id": "orc", "value": 5}, {"do": "start"},
                              {"do": "action", "id": "aria", "action": "ready", "trigger": "the orc moves",
                               "response": {"do": "attack", "target": "orc"}},
                              {"do": "end_turn"}, {"do": "end_turn"}, {"do": "trigger", "id": "aria"}])
    (ready,) = windows_of(fresh, "Pf1WindowOpened")
    assert (ready["act"], ready["waiting"], ready["text"], ready["pending"]) == \
        ("readied", "orc", "the orc moves", {"kind": "readied", "id": "aria"})
    assert fresh.state()["window"]["trigger"] == "aria's trigger: the orc moves"
    with pytest.raises(combatlog.RuleViolation) as refused:
        fresh.execute({"do": "end_turn"})
    assert "déclencheur de aria : the orc moves" in refused.value.localized("fr")
    fresh.execute({"do": "react", "id": "aria", "with": "readied", "dice": [15, 2]})
    _same_log_as_before(tmp_path, capsys, fresh, 1)
