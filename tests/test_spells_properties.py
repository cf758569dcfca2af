"""Property: whatever casts are played (random spells, slot levels and targets, refused or not), undo brings
back the state document exactly as it was before the cast, and a refused cast changes nothing (issue 21)."""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

import combatlog
from tests.spell_objects import brute, cleric, wizard

CASTS = [
    ("aria", "fireball", (3, 4, 5)), ("aria", "magic-missile", (1, 2)), ("aria", "fire-bolt", (0,)),
    ("bren", "bless", (1, 2)), ("bren", "hold-person", (2,)), ("bren", "cure-wounds", (1, 2)),
    ("bren", "sacred-flame", (0,)), ("bren", "hunters-mark", (1,)), ("bren", "spiritual-weapon", (2,)),
    ("bren", "healing-word", (1,)),
]
IDS = ("aria", "bren", "gob1", "gob2")

cast_step = st.tuples(st.just("cast"), st.sampled_from(range(len(CASTS))), st.integers(0, 2),
                      st.lists(st.sampled_from(IDS), max_size=4), st.booleans())
undo_step = st.tuples(st.just("undo"), st.just(0), st.just(0), st.just([]), st.just(False))
end_turn_step = st.tuples(st.just("end_turn"), st.just(0), st.just(0), st.just([]), st.just(False))


def without_seq(document):
    return {key: value for key, value in document.items() if key != "seq"}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(cast_step, cast_step, undo_step, end_turn_step), min_size=1, max_size=12),
       st.sampled_from(["dnd5e-2024", "dnd5e-2014", "rolenplay"]), st.booleans())
def test_undo_of_any_cast_restores_the_previous_state_document(steps, ruleset, in_combat):
    with tempfile.TemporaryDirectory() as folder:
        enc = combatlog.open_log(str(Path(folder) / "fight.db")).encounter("default")
        enc.execute({"do": "create", "ruleset": ruleset, "seed": 3})
        for cid, stats, side, kind in (("aria", wizard(), "party", "pc"), ("bren", cleric(), "party", "pc"),
                                       ("gob1", brute(hp=60), "foes", "monster"), ("gob2", brute(hp=60), "foes", "monster")):
            enc.execute({"do": "add", "id": cid, "side": side, "kind": kind, "stats": stats})
        if in_combat:
            for value, cid in zip((20, 15, 10, 5), IDS):
                enc.execute({"do": "initiative", "id": cid, "value": value})
            enc.execute({"do": "start"})
        history = []
        for op, index, level_index, targets, first_only in steps:
            before = enc.state()
            if op == "undo":
                if not history:
                    continue
                enc.undo()
                assert without_seq(enc.state()) == history.pop()
                continue
            if op == "end_turn":
                if before["phase"] != "turn":
                    continue
                command = {"do": "end_turn"}
            else:
                caster, spell, levels = CASTS[index]
                command = {"do": "cast", "caster": caster, "spell": spell,
                           "targets": targets[:1] if first_only else targets}
                if levels[level_index % len(levels)]:
                    command["level"] = levels[level_index % len(levels)]
            try:
                enc.execute(command)
            except combatlog.RuleViolation:
                assert enc.state() == before  # refused: nothing appended
                continue
            history.append(without_seq(before))
        enc.verify()
