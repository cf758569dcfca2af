"""Replay tools: `combatlog diff`, snapshots every K events (and when an undo makes them unusable), the progress bar."""

import io
import json
import random
import tempfile
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combatlog.cli.main import main as cli_main
from combatlog.cli.progress import Progress, with_progress
from combatlog.core.kernel.errors import RuleViolation
from combatlog.events.stores import JsonlStore, MemoryStore, SQLiteStore
from combatlog.replay.diff import diff_documents, render_diff
from combatlog.replay.engine import Encounter
from combatlog.replay.snapshots import Snapshots, decode_snapshot, encode_snapshot, extend_timeline, state_at
from combatlog.replay.timeline import rebuild, timeline_of

OPENING = [
    {"do": "create", "ruleset": "dnd5e-2024", "seed": 7},
    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "initiative", "id": "aria", "value": 15},
    {"do": "initiative", "id": "gob1", "value": 10},
    {"do": "start"},
]


def cli(*args: str, capsys) -> tuple[int, str, str]:
    code = cli_main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def brawl(encounter: Encounter, rounds: int) -> None:
    """aria and gob1 trade harmless blows: every command is accepted, the log grows by ~10 events a round."""
    for _ in range(rounds):
        for command in (
            {"do": "heal", "target": "gob1", "amount": 1},
            {"do": "damage", "target": "gob1", "amount": 1, "type": "fire"},
            {"do": "end_turn"},
        ):
            encounter.execute(command)


# ---------------------------------------------------------------------------------------------- diff
def test_diff_lists_what_changed_between_two_events(run, log, capsys):
    assert run(*OPENING,
               {"do": "damage", "target": "gob1", "amount": 3, "type": "fire"},
               {"do": "condition", "target": "gob1", "add": "prone"},
               {"do": "temp_hp", "target": "aria", "amount": 5},
               {"do": "end_turn"},
               {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "at": [6, 6]},
               {"do": "move", "id": "gob1", "path": [[3, 3]]}).code == 0
    before = json.loads(cli("state", str(log), "--json", "--at", "11", capsys=capsys)[1])
    assert before["phase"] == "setup"
    last = json.loads(cli("state", str(log), "--json", capsys=capsys)[1])["seq"]

    code, out, err = cli("diff", str(log), "11", str(last), "--json", capsys=capsys)
    assert (code, err) == (0, "")
    changes = json.loads(out)
    assert changes["seq"] == {"from": 11, "to": last}
    assert changes["encounter"]["phase"] == {"from": "setup", "to": "turn"}
    assert changes["encounter"]["round"] == {"from": 0, "to": 1}
    assert changes["encounter"]["turn"] == {"from": None, "to": "gob1"}
    assert "order" not in changes["encounter"]
    gob1 = changes["combatants"]["gob1"]
    assert gob1["hp"] == {"from": 7, "to": 4}
    assert gob1["conditions"] == {"gained": ["prone"], "lost": []}
    assert gob1["position"] == {"from": [3, 2], "to": [3, 3]}
    assert changes["combatants"]["aria"] == {"temp_hp": {"from": 0, "to": 5}}
    assert changes["combatants"]["gob2"]["presence"] == "added"

    code, out, _ = cli("diff", str(log), str(last), "11", capsys=capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"events {last} -> 11"
    assert "phase: turn -> setup" in lines
    assert "gob1: HP 4 -> 7; position (3, 3) -> (3, 2); conditions -prone" in lines
    assert "gob2: left" in lines


def test_diff_of_a_point_with_itself_says_no_change(run, log, capsys):
    assert run(*OPENING).code == 0
    code, out, _ = cli("diff", str(log), "4", "4", capsys=capsys)
    assert code == 0 and out.splitlines() == ["events 4 -> 4", "no change"]


@pytest.mark.parametrize("a, b", [("3", "500"), ("-1", "3"), ("500", "3")])
def test_diff_rejects_a_seq_outside_the_log_with_exit_2(run, log, capsys, a, b):
    assert run(*OPENING).code == 0
    code, out, err = cli("diff", str(log), a, b, capsys=capsys)
    assert code == 2 and out == ""
    assert "there is no event" in err and "the log runs from 0 to" in err


def test_diff_speaks_french_for_a_french_encounter(run, log, capsys):
    assert run({"do": "create", "ruleset": "dnd5e-2024", "seed": 1, "lang": "fr"}, *OPENING[1:],
               {"do": "damage", "target": "gob1", "amount": 2, "type": "fire"}).code == 0
    last = json.loads(cli("state", str(log), "--json", capsys=capsys)[1])["seq"]
    code, out, _ = cli("diff", str(log), "14", str(last), capsys=capsys)
    assert code == 0 and "gob1 : PV 7 -> 5" in out.splitlines()  # French typography: a space before ":"
    code, _, err = cli("diff", str(log), "14", "99", capsys=capsys)
    assert code == 2 and "il n'y a pas d'événement 99" in err


def test_diff_documents_reports_conditions_gained_and_lost_and_departures():
    def doc(seq, **combatants):
        return {"seq": seq, "round": 1, "turn": "a", "phase": "turn", "order": ["a", "b"], "combatants": combatants}

    def creature(hp, conditions, position=(0, 0)):
        return {"hp": hp, "temp_hp": 0, "status": "alive", "conditions": conditions, "position": list(position),
                "initiative": 10}

    changes = diff_documents(doc(1, a=creature(5, ["prone", "poisoned"]), b=creature(3, [])),
                             doc(2, a=creature(5, ["poisoned", "stunned"])))
    assert changes["combatants"]["a"] == {"conditions": {"gained": ["stunned"], "lost": ["prone"]}}
    assert changes["combatants"]["b"]["presence"] == "removed"
    assert render_diff(changes)[1:] == ["a: conditions +stunned -prone", "b: left"]


# ----------------------------------------------------------------------------------------- snapshots
def test_snapshots_are_kept_every_k_events_in_the_sqlite_file(tmp_path):
    with SQLiteStore(tmp_path / "log.db") as store:
        encounter = Encounter(store, "e", snapshot_every=20)
        for command in OPENING:
            encounter.execute(command)
        brawl(encounter, 15)
        seqs = store.snapshot_seqs("e")
        assert len(seqs) >= len(encounter.records) // 20 - 1
        assert all(later - earlier >= 20 for earlier, later in zip(seqs, seqs[1:]))
        for seq in seqs:
            snapshot = decode_snapshot(store.read_snapshot("e", seq))
            assert snapshot.hash == encounter.records[seq].hash
            assert snapshot.state == rebuild(encounter.records, seq)[0]
    with SQLiteStore(tmp_path / "log.db") as store:
        reopened = Encounter(store, "e", snapshot_every=20)
        assert reopened.snapshots.base == seqs[-1]  # opening started from the newest snapshot
        assert reopened.state == encounter.state


def test_state_at_starts_from_the_nearest_snapshot_at_or_before_the_point(tmp_path):
    store = MemoryStore()
    encounter = Encounter(store, "e", snapshot_every=10)
    for command in OPENING:
        encounter.execute(command)
    brawl(encounter, 10)
    seqs = encounter.snapshots.seqs()
    target = seqs[2] + 3
    assert encounter.state_at(target) == rebuild(encounter.records, target)[0]
    assert encounter.snapshots.base == seqs[2] and encounter.snapshots.folded == 3
    assert encounter.state_at(seqs[2]) == rebuild(encounter.records, seqs[2])[0]
    assert encounter.snapshots.folded == 0


def test_an_undo_of_a_command_older_than_a_snapshot_falls_back_to_an_older_snapshot():
    # Given snapshots every 10 events, When the DM reverts to an event before the newest snapshots,
    # Then the states after the revert do not start from a snapshot the revert made stale.
    store = MemoryStore()
    encounter = Encounter(store, "e", snapshot_every=10)
    for command in OPENING:
        encounter.execute(command)
    brawl(encounter, 12)
    seqs = encounter.snapshots.seqs()
    early = seqs[1]
    boundary = max(r.seq for r in encounter.records if r.seq <= early + 5 and r.seq == r.txn) - 1
    encounter.execute({"do": "revert", "to": boundary})
    assert encounter.snapshots.base <= boundary  # the revert's own rebuild skipped every stale snapshot
    after_revert = encounter.next_seq - 1
    expected = rebuild(encounter.records, after_revert)[0]
    assert encounter.state == expected
    plain = Encounter(store, "e", snapshot_every=0)
    assert plain.state_at(after_revert) == expected
    # that long rebuild was kept as a snapshot of its own, usable from then on
    assert encounter.state_at(after_revert) == expected and encounter.snapshots.base == after_revert
    brawl(encounter, 1)
    assert encounter.state_at(after_revert + 3) == rebuild(encounter.records, after_revert + 3)[0]
    assert encounter.snapshots.base == after_revert
    # and the undo of the revert, which names a txn after every stale snapshot, is right too
    encounter.execute({"do": "undo"})
    assert encounter.state == rebuild(encounter.records)[0]
    for seq in range(len(encounter.records)):
        assert encounter.state_at(seq) == rebuild(encounter.records, seq)[0], seq


def test_a_snapshot_of_another_log_or_unreadable_bytes_is_ignored(tmp_path):
    with SQLiteStore(tmp_path / "log.db") as store:
        encounter = Encounter(store, "e", snapshot_every=0)
        for command in OPENING:
            encounter.execute(command)
        brawl(encounter, 3)
        wrong = rebuild(encounter.records, 5)[0]
        store.write_snapshot("e", 20, encode_snapshot(20, "f" * 64, wrong))  # the hash of no event here
        store.write_snapshot("e", 25, b"\x93not a snapshot")
        assert decode_snapshot(b"\x93not a snapshot") is None
        for seq in (20, 24, 25, 30):
            assert state_at(store, "e", seq) == rebuild(encounter.records, seq)[0]


def test_a_snapshot_written_by_another_format_is_ignored():
    body = msgspec.msgpack.encode({"format": 999, "version": "0", "seq": 1, "hash": "", "state": {}})
    assert decode_snapshot(body) is None


def test_the_jsonl_store_keeps_snapshots_in_memory(tmp_path):
    store = JsonlStore(tmp_path / "log.jsonl")
    encounter = Encounter(store, "e", snapshot_every=10)
    for command in OPENING:
        encounter.execute(command)
    brawl(encounter, 5)
    assert encounter.snapshots.seqs()
    # No snapshot file: only the log and its head (LOG.jsonl.head, which catches whole lines cut from its end).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl", "log.jsonl.head"]
    again = Encounter(store, "e", snapshot_every=10)  # same store object: its snapshots are shared
    assert again.snapshots.base == encounter.snapshots.seqs()[-1]
    assert again.state == encounter.state


def test_extend_timeline_sees_the_same_as_a_timeline_of_the_whole_log():
    encounter = Encounter(MemoryStore(), "e")
    for command in OPENING:
        encounter.execute(command)
    brawl(encounter, 3)
    encounter.execute({"do": "undo", "steps": 2})
    records = encounter.records
    cut = next(r.seq for r in reversed(records) if r.seq == r.txn and r.seq < len(records) - 8)
    assert extend_timeline(timeline_of(records[:cut]), records[cut:]) == timeline_of(records)


def test_state_at_out_of_range_is_refused():
    store = MemoryStore()
    encounter = Encounter(store, "e")
    encounter.execute(OPENING[0])
    with pytest.raises(RuleViolation, match="there is no event 9"):
        state_at(store, "e", 9)
    with pytest.raises(RuleViolation):
        encounter.state_at(-1)


# ---------------------------------------------------------------- property: snapshots never change a state
IDS = ["aria", "gob1", "gob2", "wiz"]
ROSTER = [
    {"do": "add", "id": "aria", "side": "party", "kind": "pc", "template": "fighter", "at": [2, 2]},
    {"do": "add", "id": "gob1", "side": "goblins", "template": "goblin", "at": [3, 2]},
    {"do": "add", "id": "gob2", "side": "goblins", "template": "goblin", "at": [3, 3]},
    {"do": "add", "id": "wiz", "side": "party", "kind": "pc", "template": "wizard", "at": [2, 3]},
]
WEAPONS = {"aria": ["longsword", "longbow"], "gob1": ["scimitar"], "gob2": ["scimitar"], "wiz": ["dagger", "fire_bolt"]}
KINDS = ["attack"] * 5 + ["damage"] * 3 + ["heal"] * 2 + ["condition"] * 2 + ["end_turn"] * 4 + ["move", "temp_hp"] \
    + ["undo"] * 2 + ["redo"] * 2 + ["revert"] + ["answer"] * 3


def random_command(rng: random.Random, encounter: Encounter) -> dict:
    """A command that fits the fight most of the time (so logs grow), with undo, redo and revert in the mix."""
    state = encounter.state
    if state.windows and rng.random() < 0.8:
        reactor = rng.choice(state.windows[-1].reactors)
        return rng.choice([{"do": "pass", "id": reactor}, {"do": "react", "id": reactor, "with": "opportunity_attack"},
                           {"do": "react", "id": reactor, "with": "shield"}])
    actor = state.turn or rng.choice(IDS)
    kind = rng.choice(KINDS)
    match kind:
        case "attack":
            target = rng.choice([i for i in IDS if i != actor])
            command = {"do": "attack", "attacker": actor, "target": target, "with": rng.choice(WEAPONS[actor])}
            if rng.random() < 0.2:  # typed-in dice (often the wrong count: rejected); else the seeded RNG rolls
                command["dice"] = [rng.randint(1, 20), rng.randint(1, 4)][: rng.randint(1, 2)]
            return command
        case "damage":
            return {"do": "damage", "target": rng.choice(IDS), "amount": rng.randint(0, 9), "type": "fire"}
        case "heal":
            return {"do": "heal", "target": rng.choice(IDS), "amount": rng.randint(1, 9)}
        case "temp_hp":
            return {"do": "temp_hp", "target": rng.choice(IDS), "amount": rng.randint(1, 6)}
        case "condition":
            return {"do": "condition", "target": rng.choice(IDS),
                    rng.choice(["add", "add", "remove"]): rng.choice(["prone", "poisoned", "restrained", "stunned"])}
        case "move":
            here = state.combatants[actor].position if actor in state.combatants else (0, 0)
            step = [here[0] + rng.choice([-1, 0, 1]), here[1] + rng.choice([-1, 1])]
            return {"do": "move", "id": actor, "path": [step]}
        case "undo" | "redo":
            return {"do": kind, "steps": rng.choice([1, 1, 2, 3])}
        case "revert":
            ends = [r.seq for r, after in zip(encounter.records, encounter.records[1:]) if after.txn != r.txn]
            return {"do": "revert", "to": rng.choice(ends[len(ends) // 3:] or [0]) if rng.random() < 0.6 else rng.choice(ends)}
        case "answer" if state.windows:
            return {"do": "pass", "id": state.windows[-1].reactors[0]}
    return {"do": "end_turn"}


def random_log(seed: int, steps: int, every: int, store=None) -> Encounter:
    rng = random.Random(seed)
    encounter = Encounter(store if store is not None else MemoryStore(), "e", snapshot_every=every)
    roster = ROSTER[: rng.randint(2, 4)]
    for command in [{"do": "create", "ruleset": rng.choice(["dnd5e-2014", "dnd5e-2024"]), "seed": seed}, *roster,
                    *({"do": "initiative", "id": add["id"], "value": 20 - n} for n, add in enumerate(roster)),
                    {"do": "start"}]:
        encounter.execute(command)
    for _ in range(steps):
        try:
            encounter.execute(random_command(rng, encounter))
        except RuleViolation:
            pass
        # the live state (undo rebuilds start from snapshots) is the fold of the log from 0
        assert encounter.state == rebuild(encounter.records)[0]
    return encounter


PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(seed=st.integers(0, 10**6), steps=st.integers(10, 70), every=st.integers(2, 12), order_seed=st.integers(0, 99))
def test_the_state_at_every_seq_rebuilt_from_snapshots_is_the_one_rebuilt_from_0(seed, steps, every, order_seed):
    encounter = random_log(seed, steps, every)
    records = encounter.records
    # Queried in a random order: each query may keep new snapshots that later queries start from.
    seqs = list(range(len(records)))
    random.Random(order_seed).shuffle(seqs)
    started_from_a_snapshot = 0
    for seq in seqs:
        assert encounter.state_at(seq) == rebuild(records, seq)[0], f"seq {seq}"
        started_from_a_snapshot += encounter.snapshots.base >= 0
    assert started_from_a_snapshot > 0

    # The same log in a SQLite file: snapshots written as msgpack and read back from the table.
    with tempfile.TemporaryDirectory() as folder:
        with SQLiteStore(Path(folder) / "log.db") as sqlite:
            sqlite.append_sealed("e", list(encounter.store.read_sealed("e")), 0)
            reopened = Encounter(sqlite, "e", snapshot_every=every)  # opening backfills snapshots
            decoded = reopened.records
            assert reopened.state == rebuild(decoded)[0]
            for seq in seqs:
                assert state_at(sqlite, "e", seq, every=every) == rebuild(decoded, seq)[0], f"seq {seq}"


# ------------------------------------------------------------------------------------------- progress
class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_stays_silent_when_stderr_is_not_a_terminal():
    stream, clock = io.StringIO(), Clock()
    with Progress("verify", 100, stream=stream, clock=clock) as bar:
        clock.now = 5.0
        bar.advance(50)
    assert stream.getvalue() == ""


def test_progress_appears_only_after_a_second_and_is_erased_at_the_end():
    stream, clock = FakeTerminal(), Clock()
    with Progress("replaying", 1000, stream=stream, clock=clock) as bar:
        bar.advance(100)
        clock.now = 0.5
        bar.advance(100)
        assert stream.getvalue() == ""
        clock.now = 1.2
        bar.advance(250)
        assert "replaying [#############" in stream.getvalue() and "45% 450/1,000" in stream.getvalue()
        list(bar.iterate(range(10)))
    assert stream.getvalue().endswith("\r")


def test_a_store_read_through_with_progress_advances_the_bar_per_event():
    store = MemoryStore()
    encounter = Encounter(store, "e")
    for command in OPENING:
        encounter.execute(command)
    stream, clock = FakeTerminal(), Clock()
    bar = Progress("export", stream=stream, clock=clock, delay=0)
    tracked = with_progress(store, bar, "exporting")
    assert list(tracked.read("e")) == list(store.read("e"))
    assert (bar.label, bar.done, bar.total) == ("exporting", len(encounter.records), len(encounter.records))
    assert tracked.encounters() == ["e"] and "exporting [" in stream.getvalue()


def test_verify_and_time_travel_print_no_progress_without_a_terminal(run, log, capsys):
    assert run(*OPENING).code == 0
    code, out, err = cli("verify", str(log), capsys=capsys)
    assert code == 0 and err == "" and out.startswith("ok: ")
    code, _, err = cli("state", str(log), "--at", "5", capsys=capsys)
    assert code == 0 and err == ""


def test_snapshots_turned_off_keep_nothing():
    encounter = Encounter(MemoryStore(), "e", snapshot_every=0)
    for command in OPENING:
        encounter.execute(command)
    brawl(encounter, 5)
    assert encounter.snapshots.seqs() == [] and not encounter.snapshots.enabled
    assert Snapshots(MemoryStore(), "x", 0).replay(encounter.records, 10) == rebuild(encounter.records, 10)[0]
