"""The kernel and its rulesets (issue 9 §1): the plug-in contract, the registry, and the kernel's services
(undo, time travel, snapshots, verify) working on every ruleset through the same dispatch."""

import json
import re
from pathlib import Path

import pytest

from combatlog.core.kernel.errors import InvalidCommand
from combatlog.core.kernel.state import KERNEL_FIELDS, KernelState
from combatlog.core.rulesets import RULESETS, find_ruleset
from combatlog.events.stores import SQLiteStore
from combatlog.events.union import EVENT_TYPES
from combatlog.projections.document import state_document
from combatlog.replay.engine import Encounter
from combatlog.replay.snapshots import decode_snapshot, encode_snapshot
from combatlog.replay.verify import rederive

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "fixtures" / "encounters" / "rolenplay_wolf_ford.jsonl"


def commands(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_exposes_the_plug_in_contract(name):
    ruleset = find_ruleset(name)
    assert ruleset.name == name
    for field in KERNEL_FIELDS:
        assert field in ruleset.state_type.__struct_fields__, (name, field)
    for attribute in ("initial_state", "decide_and_fold", "evolve", "document"):
        assert callable(getattr(ruleset, attribute))
    assert isinstance(ruleset.template_family, str)
    for event_type in ruleset.event_types:
        assert EVENT_TYPES[event_type.__name__] is event_type  # merged into the decoder union, tag = class name


def test_unknown_rulesets_are_refused_naming_the_available_ones():
    with pytest.raises(InvalidCommand) as refused:
        find_ruleset("gurps")
    for name in RULESETS:
        assert name in refused.value.message and name in refused.value.message_fr


def test_before_create_the_kernel_state_is_empty_and_knows_no_game():
    document = state_document(KernelState())
    assert document["ruleset"] is None and document["combatants"] == {} and document["phase"] == "setup"


def test_only_a_ruleset_asks_which_ruleset_it_is():
    """No `if ruleset == ...` outside a ruleset's own package: the kernel, replay, the events, the projections
    (words and transcripts), the CLI and shell, the server and the public API ask rulesets for hooks instead."""
    pattern = re.compile(r"""(ruleset|\.name|\))\s*[!=]=\s*["'](dnd5e|rolenplay|pf1)""")
    places = [ROOT / "core" / "kernel", ROOT / "replay", ROOT / "events", ROOT / "projections", ROOT / "cli",
              ROOT / "server", ROOT / "package", ROOT / "core" / "rulesets" / "__init__.py"]
    for place in places:
        for path in ([place] if place.is_file() else sorted(place.rglob("*.py"))):
            assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_a_rolenplay_log_undoes_travels_in_time_snapshots_and_verifies(tmp_path):
    store = SQLiteStore(tmp_path / "ford.db")
    encounter = Encounter(store, "e", snapshot_every=25)
    for command in commands(SCRIPT):
        encounter.execute(command)
    final = state_document(encounter.state)
    # a snapshot holds the rolenplay state and decodes back through the registry
    snapshot = decode_snapshot(encode_snapshot(encounter.state.seq, "h", encounter.state))
    assert snapshot is not None and snapshot.state == encounter.state
    assert type(snapshot.state) is find_ruleset("rolenplay").state_type
    # reopening replays from the snapshots to the same document
    assert state_document(Encounter(store, "e", snapshot_every=25).state) == final
    # time travel to right after `end`: the aftermath clock stands at 5
    ended = next(r.seq for r in encounter.records if type(r.event).__name__ == "AftermathStarted")
    assert state_document(encounter.state_at(ended))["aftermath"] == {"rounds_left": 5}
    # undo the last next_round: 5 rounds left again
    encounter.execute({"do": "undo"})
    assert state_document(encounter.state)["aftermath"] == {"rounds_left": 5}
    assert rederive(list(store.read("e"))) is None  # verify: every command re-derived identically
    store.close()
