"""No event stores a sentence (issue 19: "no event type with a prose field"): every text field of every event type
is an id, a code, or words the table itself gave (a name, a readied trigger, the reason the DM gave for ending
the fight), and every label a roll or a damage part holds is a code (events/labels.py). Codes and ids hold no
spaces; a sentence always does.

The fights: every sample encounter of `fixtures/encounters/` played afresh, and every log written by an older
build (`fixtures/logs/`, `tests/golden/prose_logs/`) read back through the codec, whose upcasters turn the
sentences those logs stored into codes."""

import json
import typing
from pathlib import Path

import msgspec
import pytest

import combatlog
from combatlog.core.kernel.registry import default_registry
from combatlog.events.codec import default_codec

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "fixtures" / "encounters").glob("*.jsonl"))
OLD_LOGS = sorted((ROOT / "fixtures" / "logs").glob("*.jsonl")) + sorted(
    (ROOT / "fixtures" / "logs" / "before_pf1_rules_versions").glob("pf1_fight.jsonl")) + sorted(
    (ROOT / "tests" / "golden" / "prose_logs").glob("*.jsonl"))

# Words the table gave, kept as given: names, the encounter's seed, a readied trigger, the DM's reason to end.
TABLE_WORDS = {
    ("EncounterCreated", "name"), ("EncounterCreated", "seed"),
    ("CombatantAdded", "name"), ("CombatantAdded", "name_fr"), ("CombatantAdded", "group"),
    ("Pf1CombatantAdded", "name"), ("Pf1CombatantAdded", "name_fr"), ("Pf1CombatantAdded", "group"),
    ("ReactionWindowOpened", "text"), ("Pf1WindowOpened", "text"), ("CombatEnded", "reason"),
}

# Fields holding tuples of labels (a roll's advantage and disadvantage, a damage part's notes) and nested
# modifiers' labels: codes too (events/labels.py).
LABEL_TUPLES = {"advantage", "disadvantage"}


def _text_fields(cls) -> list[str]:
    return [field.name for field in msgspec.structs.fields(cls)
            if field.type is str or (typing.get_origin(field.type) in (typing.Union, getattr(__import__("types"), "UnionType"))
                                     and str in typing.get_args(field.type))]


def _events_of_every_fight(tmp_path) -> list:
    for name in ("dnd5e-2024", "dnd5e-2014", "rolenplay", "pf1"):
        default_registry().find(name)
    events = []
    for script in SCRIPTS:
        encounter = combatlog.open_log(str(tmp_path / f"{script.stem}.db")).encounter("default")
        commands = [json.loads(line) for line in script.read_text(encoding="utf-8").splitlines()
                    if line.strip() and not line.lstrip().startswith("#")]
        encounter.execute_all(commands)
        events += [record.event for record, _ in encounter.log.store.read_sealed("default", 0)]
    for old in OLD_LOGS:
        copy = tmp_path / f"old-{old.parent.name}-{old.name}"
        copy.write_bytes(old.read_bytes())
        log = combatlog.open_log(str(copy))
        for name in log.encounters():
            events += [record.event for record, _ in log.store.read_sealed(name, 0)]
    return events


def test_every_text_field_of_every_event_type_holds_no_sentence(tmp_path):
    events = _events_of_every_fight(tmp_path)
    assert len(events) > 1000
    kinds = {type(event).__name__ for event in events}
    assert {"ReactionWindowOpened", "Pf1WindowOpened", "SavingThrowRolled", "ConditionApplied"} <= kinds
    sentences = set()
    for event in events:
        kind = type(event).__name__
        for name in _text_fields(type(event)):
            value = getattr(event, name)
            if (kind, name) not in TABLE_WORDS and isinstance(value, str) and " " in value:
                sentences.add((kind, name, value))
        for name in LABEL_TUPLES:
            sentences |= {(kind, name, label) for label in getattr(event, name, ()) if " " in label}
        for name in ("modifiers", "ac_modifiers"):
            labels = [m.get("label", "") if isinstance(m, dict) else m.label for m in getattr(event, name, ())]
            sentences |= {(kind, name, label) for label in labels if isinstance(label, str) and " " in label}
        for part in getattr(event, "parts", ()):
            sentences |= {(kind, "notes", note) for note in getattr(part, "notes", ()) if " " in note}
    assert sorted(sentences) == []


def test_every_text_field_is_known_to_this_test():
    """A new event type with a text field is checked above as soon as a fight writes it; the table words are
    fields that exist."""
    for name in ("dnd5e-2024", "pf1"):
        default_registry().find(name)
    types = default_codec().event_types
    for kind, field in TABLE_WORDS:
        assert field in _text_fields(types[kind]), (kind, field)
    assert all(any(label in {f.name for f in msgspec.structs.fields(cls)} for cls in types.values())
               for label in LABEL_TUPLES)


@pytest.mark.parametrize("old", OLD_LOGS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_old_logs_are_read_without_losing_a_byte(old, tmp_path):
    copy = tmp_path / old.name
    copy.write_bytes(old.read_bytes())
    log = combatlog.open_log(str(copy))
    for name in log.encounters():
        list(log.store.read_sealed(name, 0))
    assert copy.read_bytes() == old.read_bytes()
