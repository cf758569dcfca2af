"""A damaged, missing or foreign log is explained in the reader's language (locales/<lang>/store.ftl, verify.ftl).

The CLI says store errors, a corrupted log, another writer's conflict and verify's problems in French to a
French reader and exactly as before in English (library users and scripts match those English texts); the exit
codes do not change. Logs are real SQLite and JSON Lines files, damaged for real.
"""

import io
import json
import re
import sqlite3
import warnings
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import msgspec
import pytest
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse

with warnings.catch_warnings():  # Starlette 1.x nudges towards httpx2; httpx is what the extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import combatlog
from combatlog.cli.main import main
from combatlog.events.envelope import LogCorrupted
from combatlog.events.stores import ConcurrencyConflict, StoreError, open_store
from combatlog.words import Said, has
from combatlog.replay.verify import verify_encounter
from combatlog.server.app import create_app
from test_robust_cli import FIGHT  # the same short fight: aria hits a goblin

ROOT = Path(__file__).resolve().parents[1]
NEW_CATALOGS = ("store.ftl", "verify.ftl")
EDITED = 8  # the CommandIssued of aria's initiative


@pytest.fixture(params=["fr", "en"])
def reader(request, monkeypatch) -> str:
    """The reader's locale, from LANG alone (as a French game master's terminal has it)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8" if request.param == "fr" else "C")
    return request.param


def cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in argv])
    return code, out.getvalue(), err.getvalue()


def script(folder: Path, commands, name: str = "script.jsonl") -> Path:
    path = folder / name
    path.write_text("\n".join(json.dumps(command) for command in commands) + "\n", encoding="utf-8")
    return path


def fought(folder: Path, name: str = "fight.db") -> Path:
    log = folder / name
    assert main(["run", str(script(folder, FIGHT)), "--log", str(log), "-q"]) == 0
    return log


def edit_row(log: Path, seq: int, old: bytes, new: bytes) -> None:
    """Change the stored bytes of one event behind combatlog's back, leaving its hash as it was."""
    with sqlite3.connect(log) as db:
        (body,) = db.execute("SELECT body FROM events WHERE seq = ?", (seq,)).fetchone()
        assert old in bytes(body)
        db.execute("UPDATE events SET body = ? WHERE seq = ?", (bytes(body).replace(old, new), seq))


def said(expected: dict, reader: str, code: int, result) -> str:
    status, _, err = result
    assert status == code, result
    assert "Traceback" not in err
    assert expected[reader] in err, err
    if reader == "fr":
        assert "corrupted" not in err and "no such" not in err and "verify failed" not in err, err
    return err


# ---------------------------------------------------------------------------------------------- StoreError
@pytest.mark.parametrize("command", ["state", "verify", "log", "export"])
def test_a_missing_log_is_said_in_the_readers_language(tmp_path, reader, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    said({"fr": "combatlog : missing.db : journal introuvable\n", "en": "combatlog: missing.db: no such log file\n"},
         reader, 1, cli(command, "missing.db"))


def test_another_applications_database_is_refused_in_the_readers_language(tmp_path, reader):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE photos (name TEXT)")
    said({"fr": "est une base SQLite d'une autre application, pas un journal combatlog",
          "en": "is a SQLite database of another application, not a combatlog log"},
         reader, 1, cli("run", script(tmp_path, FIGHT), "--log", other))
    said({"fr": "est une base SQLite, mais pas un journal combatlog (pas de table des événements)",
          "en": "is a SQLite database but not a combatlog log (no events table)"}, reader, 1, cli("state", other))


def test_an_empty_file_and_a_newer_schema_are_refused_in_the_readers_language(tmp_path, reader):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    said({"fr": "est un fichier vide, pas un journal combatlog", "en": "is an empty file, not a combatlog log"},
         reader, 1, cli("state", empty))
    newer = fought(tmp_path)
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    said({"fr": "est un journal au format (schéma) version 99 ; ce combatlog lit la version 2",
          "en": "has log schema version 99; this combatlog reads version 2"}, reader, 1, cli("state", newer))


def test_appending_after_a_cut_tail_names_the_script_line_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    more = script(tmp_path, [{"do": "end_turn"}], "more.jsonl")
    err = said({"fr": "ligne 1 : ", "en": "line 1: "}, reader, 1, cli("run", more, "--log", log, "-q"))
    assert {"fr": "ne s'arrête pas là où le dit sa fin enregistrée (les événements 19 à 19 manquent à la fin) ; "
                  "rien n'a été écrit (lancez combatlog verify)",
            "en": "does not end where its recorded head says (events 19 to 19 are missing from its end); "
                  "nothing was written (run combatlog verify)"}[reader] in err


def test_a_jsonl_log_cut_mid_line_is_explained_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path, "fight.jsonl")
    log.write_bytes(log.read_bytes()[:-40])
    said({"fr": "ligne 20 : pas un événement combatlog lisible (le fichier s'arrête au milieu d'une ligne : une "
                "écriture interrompue ? `combatlog repair",
          "en": "line 20: not a readable combatlog event (the file ends mid-line: an interrupted write? "
                "`combatlog repair"}, reader, 1, cli("state", log))


# ---------------------------------------------------------------------------------------------- LogCorrupted
@pytest.mark.parametrize("argv", [["state"], ["log"], ["export", "--format", "md"], ["state", "--replay"]])
def test_an_edited_event_is_named_in_the_readers_language(tmp_path, reader, argv):
    log = fought(tmp_path)
    edit_row(log, EDITED, b'"value":15', b'"value":16')
    said({"fr": "combatlog : journal corrompu à l'événement 8 de la rencontre « default » : ses octets ne "
                "correspondent plus à son empreinte (modifié ou abîmé)",
          "en": "combatlog: log corrupted at event 8 of encounter 'default': its bytes do not match its hash "
                "(edited or damaged)"}, reader, 1, cli(argv[0], log, *argv[1:]))


def test_running_a_script_on_an_edited_log_stops_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    edit_row(log, EDITED, b'"value":15', b'"value":16')
    more = script(tmp_path, [{"do": "end_turn"}], "more.jsonl")
    said({"fr": "journal corrompu à l'événement 8", "en": "log corrupted at event 8"}, reader, 1,
         cli("run", more, "--log", log, "-q"))


def test_a_missing_event_is_named_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events WHERE seq = 3")
    said({"fr": "journal corrompu à l'événement 3 de la rencontre « default » : on y trouve l'événement 4 à la "
                "place du 3",
          "en": "log corrupted at event 3 of encounter 'default': found seq 4 where 3 was expected"},
         reader, 1, cli("log", log))


def test_an_edited_export_names_its_file_and_line_in_the_readers_language(tmp_path, reader):
    export = fought(tmp_path, "fight.jsonl")
    export.write_text(export.read_text(encoding="utf-8").replace('"value":15', '"value":16', 1), encoding="utf-8")
    said({"fr": "journal corrompu à l'événement 8 de la rencontre « default » : " + str(export) + ", ligne 9 : "
                "ses octets ne correspondent plus à son empreinte (modifié ou abîmé)",
          "en": "log corrupted at event 8 of encounter 'default': " + str(export) + ", line 9: its bytes do not "
                "match its hash (edited or damaged)"}, reader, 1, cli("import", export, "--log", tmp_path / "new.db"))
    assert not (tmp_path / "new.db").exists()


# ---------------------------------------------------------------------------------------------- conflicts
def test_importing_an_encounter_the_log_already_holds_is_a_conflict_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    export = fought(tmp_path, "other.jsonl")
    said({"fr": "combatlog : la rencontre « default » a avancé : l'événement 0 devait être écrit, mais le journal "
                "en compte déjà 20 événements ; rechargez et recommencez",
          "en": "combatlog: encounter 'default' moved on: expected to write event 0 but the log already has "
                "20 events; reload and try again"}, reader, 1, cli("import", export, "--log", log))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_servers_conflict_detail_speaks_the_encounters_language(tmp_path, lang):
    path = tmp_path / "fight.db"
    with combatlog.open_log(path) as log:
        log.encounter("default").execute_all([{**FIGHT[0], "lang": lang}, *FIGHT[1:]])
    with TestClient(create_app(str(path), token="t")) as client:
        seen = client.get("/api/encounters/default/state").json()["seq"]
        with combatlog.open_log(path) as other:
            other.encounter("default").execute({"do": "end_turn"})
        answer = client.post(f"/api/encounters/default/commands?seq={seen}", json={"do": "end_turn"},
                             headers={"Authorization": "Bearer t"})
    assert answer.status_code == 409
    assert {"fr": "la rencontre « default » a avancé : l'événement",
            "en": "encounter 'default' moved on: expected to write event"}[lang] in answer.json()["detail"]


# ---------------------------------------------------------------------------------------------- verify
def test_verify_lists_an_edited_event_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    edit_row(log, EDITED, b'"value":15', b'"value":16')
    err = said({"fr": "combatlog : échec de la vérification : événement 8 : ses octets ne correspondent plus à son "
                      "empreinte enregistrée (modifié ou abîmé) [Recorded.hash]",
                "en": "combatlog: verify failed: event 8: its bytes do not match its stored hash (edited or damaged) "
                      "[Recorded.hash]"}, reader, 1, cli("verify", log))
    assert {"fr": "événement 9 : InitiativeRolled.total vaut 15 dans le journal, les règles donnent 16",
            "en": "event 9: InitiativeRolled.total is 15 in the log, the rules give 16"}[reader] in err


def test_verify_lists_a_deleted_event_and_the_damage_it_leaves_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events WHERE seq = 3")
    err = said({"fr": "événement 3 : l'événement 3 manque au journal", "en": "event 3: event 3 is missing from the log"},
               reader, 1, cli("verify", log))
    assert {"fr": "événement 4 : le journal contient Placed là où les règles donnent CombatantAdded ; la commande a "
                  "produit 3 événements, le journal en contient 2 [type]",
            "en": "event 4: the log has Placed where the rules give CombatantAdded; the command produced 3 events, "
                  "the log holds 2 [type]"}[reader] in err
    assert {"fr": "rencontre « default » : 19 événements enregistrés, mais le dernier porte le numéro 19 "
                  "(événements manquants)",
            "en": "encounter 'default': 19 events stored but the last seq is 19 (events missing)"}[reader] in err


def test_verify_names_a_cut_tail_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    said({"fr": "événement 19 : la fin enregistrée du journal dit qu'il s'arrête à l'événement 19 : l'événement 19 "
                "a été coupé de sa fin",
          "en": "event 19: the log's head says it ends at event 19: event 19 cut from its end"},
         reader, 1, cli("verify", log))


def test_repair_of_a_damaged_sqlite_log_names_its_problems_in_the_readers_language(tmp_path, reader):
    log = fought(tmp_path)
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events WHERE seq = 3")
    said({"fr": "combatlog : rencontre « default » : 19 événements enregistrés",
          "en": "combatlog: encounter 'default': 19 events stored"}, reader, 1, cli("repair", log))


# ---------------------------------------------------------------------------------------------- the library
def test_library_users_keep_the_english_texts_and_the_fields_they_had(tmp_path):
    log = fought(tmp_path)
    edit_row(log, EDITED, b'"value":15', b'"value":16')
    with open_store(log) as store, pytest.raises(LogCorrupted) as corrupted:
        list(store.read("default"))
    error = corrupted.value
    assert (error.seq, error.encounter) == (8, "default")
    assert error.reason == "its bytes do not match its hash (edited or damaged)"
    assert str(error) == "log corrupted at event 8 of encounter 'default': its bytes do not match its hash (edited or damaged)"
    assert error.localized("en") == str(error)
    assert error.localized("fr").startswith("journal corrompu à l'événement 8 de la rencontre « default » : ses octets")
    with open_store(log) as store:
        problems = verify_encounter(store, "default")
    assert str(problems[0]) == "event 8: its bytes do not match its stored hash (edited or damaged)"
    assert [problem.localized("en") for problem in problems] == [str(problem) for problem in problems]
    assert problems[1].message == "InitiativeRolled.total is 15 in the log, the rules give 16"
    assert problems[1].localized("fr") == "événement 9 : InitiativeRolled.total vaut 15 dans le journal, les règles donnent 16"
    # What a library user stores or sends stays plain English text.
    assert type(error.reason) is str and type(problems[0].message) is str
    assert json.loads(msgspec.json.encode(problems))[0]["message"] == problems[0].message


def test_errors_raised_with_plain_text_still_localize_to_that_text():
    assert StoreError("a message of a plugin").localized("fr") == "a message of a plugin"
    assert LogCorrupted(2, "a plain reason").localized("en") == "log corrupted at event 2: a plain reason"
    assert LogCorrupted(2, "a plain reason").localized("fr") == "journal corrompu à l'événement 2 : a plain reason"
    conflict = ConcurrencyConflict("x", 3, 0)
    assert str(conflict) == "encounter 'x' is behind: expected to write event 3 but the log has only 0 events; reload and try again"
    assert conflict.localized("fr") == ("la rencontre « x » est en retard : l'événement 3 devait être écrit, mais le journal "
                                        "ne compte encore aucun événement ; rechargez et recommencez")


def test_a_said_text_is_its_english_text():
    text = Said("store-no-such-log-file", path="a.db")
    assert text == "a.db: no such log file" and isinstance(text, str) and f"{text}!" == "a.db: no such log file!"
    assert text.localized("fr") == "a.db : journal introuvable"
    assert Said("store-reason-at-line", file="x.jsonl", line=3, reason=Said("store-reason-missing")).localized("fr") == (
        "x.jsonl, ligne 3 : il manque au journal")


# ---------------------------------------------------------------------------------------------- catalogs
def _variables(lang: str, catalog: str) -> dict[str, set[str]]:
    """Each message of one catalog file, with the variables it uses."""
    found = {}
    for entry in parse((ROOT / "locales" / lang / catalog).read_text(encoding="utf-8")).body:
        if isinstance(entry, fluent_ast.Message):
            names = set()

            def walk(node):
                if isinstance(node, fluent_ast.VariableReference):
                    names.add(node.id.name)
                for child in vars(node).values():
                    for item in child if isinstance(child, list) else [child]:
                        if isinstance(item, fluent_ast.SyntaxNode):
                            walk(item)

            walk(entry)
            found[entry.id.name] = {name.removeprefix("has-").replace("_", "-") for name in names}
    return found


@pytest.mark.parametrize("catalog", NEW_CATALOGS)
def test_store_and_verify_messages_take_the_same_variables_in_both_languages(catalog):
    french, english = _variables("fr", catalog), _variables("en", catalog)
    assert french.keys() == english.keys()
    assert {mid: names for mid, names in french.items() if names != english[mid]} == {}


def test_every_message_the_stores_and_verify_name_is_in_both_catalogs():
    used = set()
    for folder in ("events", "events/stores", "replay", "package", "cli", "server"):
        for path in (ROOT / folder).glob("*.py"):
            used |= set(re.findall(r'Said\(\s*"([a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    assert len(used) > 50
    assert sorted((lang, mid) for mid in used for lang in ("fr", "en") if not has(lang, mid)) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_server_answers_a_damaged_log_with_a_json_error_naming_the_event(tmp_path, lang):
    # Given a served log whose event 8 was edited behind combatlog's back, When a client reads its state,
    # its log, its transcript or sends a command, Then each answer is a 500 JSON error naming event 8 in the
    # asked language, never a bare "Internal Server Error", and nothing is appended.
    path = fought(tmp_path)
    edit_row(path, EDITED, b'"value":15', b'"value":16')
    with TestClient(create_app(str(path), token="t"), raise_server_exceptions=False) as client:
        answers = [client.get(f"/api/encounters/default/{what}?lang={lang}")
                   for what in ("state", "log", "events", "transcript")]
        answers.append(client.post(f"/api/encounters/default/commands?lang={lang}", json={"do": "end_turn"},
                                   headers={"Authorization": "Bearer t"}))
    for answer in answers:
        assert answer.status_code == 500 and answer.json()["seq"] == EDITED
        assert {"fr": "journal corrompu à l'événement 8 de la rencontre « default » : ses octets ne correspondent "
                      "plus à son empreinte",
                "en": "log corrupted at event 8 of encounter 'default': its bytes do not match its hash"}[lang] \
            in answer.json()["error"]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM events").fetchone() == (20,)


def test_the_server_answers_a_log_it_can_no_longer_read_with_a_503_json_error(tmp_path):
    # Given a served log overwritten with bytes that are no SQLite database after the server opened it,
    # When a client reads the encounters, Then the answer is a 503 JSON error naming the file.
    path = fought(tmp_path)
    with TestClient(create_app(str(path), token="t"), raise_server_exceptions=False) as client:
        path.write_bytes(b"not a database at all, " * 400)
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        answer = client.get("/api/encounters/default/state?lang=fr")
    assert answer.status_code == 503 and answer.headers["content-type"].startswith("application/json")
    assert answer.json()["error"] == f"{path} n'est pas un journal combatlog lisible : file is not a database"
