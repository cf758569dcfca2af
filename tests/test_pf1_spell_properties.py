"""Property (issue 21, pf1): whatever library spells are cast (effects, missiles, healing, refused or not), rests,
dismissals and turns played, undo brings back the state document exactly as before, a refused command changes
nothing, and `verify` re-derives the log."""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

import combatlog
from tests.pf1_support import ARIA, GOBLIN, stats
from tests.test_pf1_spell_effects import CLEO, MIRA

CASTS = [("cleo", "bless"), ("cleo", "bane"), ("cleo", "cure-light-wounds"), ("cleo", "inflict-light-wounds"),
         ("cleo", "resistance"), ("mira", "shield"), ("mira", "mage-armor"), ("mira", "magic-missile"),
         ("mira", "haste"), ("cleo", "spiritual-weapon")]
IDS = ("aria", "cleo", "mira", "gob", "gob2")

cast_step = st.tuples(st.just("cast"), st.sampled_from(range(len(CASTS))), st.lists(st.sampled_from(IDS), max_size=3))
other_step = st.tuples(st.sampled_from(["undo", "end_turn", "rest", "dismiss"]), st.sampled_from(range(len(CASTS))),
                       st.just([]))


def without_seq(document):
    return {key: value for key, value in document.items() if key != "seq"}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(cast_step, cast_step, other_step), min_size=1, max_size=12), st.booleans())
def test_undo_of_any_pf1_spell_command_restores_the_previous_state_document(steps, in_combat):
    with tempfile.TemporaryDirectory() as folder:
        enc = combatlog.open_log(str(Path(folder) / "pf1.db")).encounter("default")
        enc.execute({"do": "create", "ruleset": "pf1", "seed": 3})
        for cid, block, side, at in (("aria", ARIA, "party", [0, 0]), ("cleo", CLEO, "party", [0, 3]),
                                     ("mira", MIRA, "party", [0, 6]), ("gob", stats(GOBLIN, max_hp=60), "foes", [9, 0]),
                                     ("gob2", stats(GOBLIN, max_hp=60), "foes", [9, 6])):
            enc.execute({"do": "add", "id": cid, "side": side, "kind": "pc" if side == "party" else "monster",
                         "stats": block, "at": at})
        if in_combat:
            for value, cid in zip((20, 17, 14, 11, 8), IDS, strict=True):
                enc.execute({"do": "initiative", "id": cid, "value": value})
            enc.execute({"do": "start"})
        history = []
        for op, index, targets in steps:
            before = enc.state()
            if op == "undo":
                if history:
                    enc.undo()
                    assert without_seq(enc.state()) == history.pop()
                continue
            if op == "cast":
                caster, spell = CASTS[index]
                command = {"do": "cast", "caster": caster, "spell": spell, "targets": targets}
            elif op == "end_turn":
                command = {"do": "end_turn"}
            elif op == "rest":
                command = {"do": "rest", "kind": "long"}
            else:
                command = {"do": "dismiss", "effect": CASTS[index][1]}
            try:
                enc.execute(command)
            except combatlog.RuleViolation:
                assert enc.state() == before  # refused: nothing appended
                continue
            history.append(without_seq(before))
        enc.verify()
