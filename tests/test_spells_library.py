"""The library hook of `cast` (INTERFACE.md §7 settled: a spell id is looked up among the caster's spell objects,
then in the library): `decide_and_fold` takes a `spells` lookup the way it takes `templates`."""

import pytest

from combatlog.core.kernel.errors import RuleViolation
from combatlog.core.rulesets import find_ruleset
from tests.spell_objects import FIREBALL, brute, wizard

LIBRARY = {"fireball": {**FIREBALL, "damage": [{"roll": "1d6", "type": "fire"}]},
           "wish": {"id": "wish", "level": 9, "unsupported": "its effects are the DM's"},
           # the shape of combatlog.compendium's entries: text for people, and `executable: false` with `why`
           "prestidigitation": {"id": "prestidigitation", "level": 0, "casting_time": "action", "components": "VS",
                                "duration": "1 hour", "range": 3, "range_text": "10 feet", "school": "transmutation",
                                "name": {"en": "Prestidigitation", "fr": "Prestidigitation"},
                                "text": {"en": {"desc": "A minor magical trick."}}, "executable": False,
                                "why": "no damage, healing or single condition"},
           "acid-splash": {"id": "acid-splash", "level": 0, "casting_time": "action", "components": "VS",
                           "duration": "instantaneous", "range": 18, "range_text": "60 feet", "ritual": False,
                           "save": {"ability": "dex"}, "damage": [{"roll": "1d6", "type": "acid"}],
                           "cantrip_scaling": True, "concentration": False, "school": "evocation",
                           "name": {"en": "Acid Splash", "fr": "Aspersion acide"}, "text": {"en": {"desc": "…"}}}}


def play(*commands, ruleset="dnd5e-2024"):
    rules = find_ruleset(ruleset)
    state = rules.state_type()
    for raw in commands:
        _, state = rules.decide_and_fold(state, raw, spells=LIBRARY.get)
    return state


SETUP = ({"do": "create", "ruleset": "dnd5e-2024", "seed": 1},
         {"do": "add", "id": "aria", "side": "party", "kind": "pc", "stats": wizard(spellcasting={
             **wizard()["spellcasting"], "spells": ["fireball"]})},
         {"do": "add", "id": "gob1", "side": "foes", "kind": "monster", "stats": brute()})


def test_a_spell_id_the_caster_only_names_comes_from_the_library():
    """The library's fireball (1d6 here): gob1 rolls 1 (+2 = 3 < 14), takes the 1d6 = 4."""
    state = play(*SETUP, {"do": "cast", "caster": "aria", "spell": "fireball", "targets": ["gob1"], "dice": [1, 4]})
    assert state.combatants["gob1"].hp == 36
    assert state.combatants["aria"].slots_spent == {"3": 1}


def test_a_library_spell_cast_cannot_express_is_refused_with_its_reason():
    with pytest.raises(RuleViolation) as caught:
        play(*SETUP, {"do": "cast", "caster": "aria", "spell": "wish"})
    assert "wish" in str(caught.value) and "the DM's" in str(caught.value)
    assert "wish" in caught.value.localized("fr")


def test_library_entries_with_their_text_are_cast_and_a_non_executable_one_refused_with_why():
    """Acid Splash, a save cantrip (no half): gob1 rolls 2 (+2 = 4 < 14) and takes 1d6 ×2 at level 5 = 3 + 4 = 7."""
    state = play(*SETUP, {"do": "cast", "caster": "aria", "spell": "acid-splash", "targets": ["gob1"], "dice": [2, 3, 4]})
    assert state.combatants["gob1"].hp == 33
    with pytest.raises(RuleViolation) as caught:
        play(*SETUP, {"do": "cast", "caster": "aria", "spell": "prestidigitation"})
    # Issue 23: the refusal names the spell by its library name, not its id.
    assert str(caught.value).startswith("Prestidigitation cannot be cast here") and "single condition" in str(caught.value)
    assert caught.value.localized("fr").startswith("Prestidigitation ne peut pas être lancé ici")
