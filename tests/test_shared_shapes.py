"""Issue 19, "commands that know no game ... live in the kernel once": the command Structs 5e and pf1 take word
for word are one class (core/kernel/shared_commands.py), those that differ by a few fields subclass a shared base,
and the turn events pf1 repeats from events/turns.py share their fields through events/shapes.py.

Sharing must change nothing a user or a stored log sees: every command keeps its `do`, its fields in their order,
its defaults and its refusals (in English and French); every event keeps its tag and its bytes (stored logs are
hashed; the old fixtures' replay and verification are held by tests/test_fixtures*.py and test_verify*.py)."""

import msgspec
import pytest

from combatlog.core.kernel import shared_commands
from combatlog.core.kernel.errors import InvalidCommand
from combatlog.core.rulesets.dnd5e import commands as c5
from combatlog.core.rulesets.dnd5e.events import FIVE_E_EVENTS
from combatlog.core.rulesets.pf1 import commands as cp
from combatlog.core.rulesets.pf1 import events as pf1_events
from combatlog.events import shapes, turns
from combatlog.events.codec import SHARED_EVENTS, Codec

# INTERFACE.md §7 and INTERFACE-pf1 §1: the same fields, types and defaults in both rulesets.
WORD_FOR_WORD = ("remove", "place", "hidden", "surprise", "order", "start", "heal", "temp_hp", "death_save",
                 "stabilize", "pass", "end_turn", "stand", "drop_prone", "terrain", "trigger", "end", "rest")


def _by_tag(module) -> dict[str, type]:
    return {kind.__struct_config__.tag: kind for kind in module.AnyCommand.__args__}


def _fields(kind: type) -> list[tuple[str, object]]:
    """Each field as decoded: its JSON name and its default (`required` when it has none)."""
    return [(field.encode_name, "required" if field.required else field.default)
            for field in msgspec.inspect.type_info(kind).fields]


@pytest.mark.parametrize("do", WORD_FOR_WORD)
def test_a_command_both_rulesets_take_word_for_word_is_the_kernels_one_class(do):
    five_e, pf1 = _by_tag(c5)[do], _by_tag(cp)[do]
    assert five_e is pf1
    assert five_e.__module__ == shared_commands.__name__


def test_the_commands_that_differ_keep_their_fields_in_their_order():
    # INTERFACE.md §7 `add` (5e: unconscious_at_zero before carry); INTERFACE-pf1 §1 `add` (no unconscious_at_zero).
    base = [("dice", None), ("note", ""), ("id", "required"), ("name", None), ("name_fr", None), ("side", None),
            ("kind", None), ("stats", None), ("template", None), ("overrides", None), ("group", ""), ("at", None)]
    assert _fields(c5.Add) == base + [("unconscious_at_zero", False), ("carry", None)]
    assert _fields(cp.Add) == base + [("carry", None)]
    # `move`: pf1 adds the 5-foot step (PRD Take 5-Foot Step) after the fields 5e has.
    move = [("dice", None), ("note", ""), ("id", "required"), ("path", "required"), ("mode", "walk"), ("forced", False)]
    assert _fields(c5.Move) == move
    assert _fields(cp.Move) == move + [("five_foot_step", False)]
    # `react`: 5e names the target before the attack, pf1 the attack before the target, as they always did.
    react = [("dice", None), ("note", ""), ("id", "required"), ("with", "required")]
    assert _fields(c5.React) == react + [("target", None), ("attack", None), ("advantage", False),
                                         ("disadvantage", False)]
    assert _fields(cp.React) == react + [("attack", None), ("target", None)]
    # `create`: the four fields every ruleset reads first, then each ruleset's own.
    create = [("dice", None), ("note", ""), ("ruleset", "required"), ("seed", None), ("lang", "en"), ("name", "")]
    assert _fields(c5.Create) == create + [("underwater", False), ("units", None), ("cinematic", False),
                                           ("opportunity_attacks", None)]
    assert _fields(cp.Create) == create + [("units", None), ("massive_damage", False), ("rules", None)]
    # pf1's grapple and shove take no `slot` (INTERFACE-pf1: no bonus action); 5e's do.
    assert _fields(cp.Grapple) == [("dice", None), ("note", ""), ("attacker", "required"), ("target", "required")]
    assert _fields(c5.Shove)[-2:] == [("effect", "prone"), ("slot", None)]
    assert _fields(cp.Shove)[-1:] == [("effect", "prone")]


def test_a_shared_base_is_no_command_of_either_ruleset():
    bases = (shared_commands.CreateBase, shared_commands.AddBase, shared_commands.MoveBase, shared_commands.Contest,
             shared_commands.ShoveBase, shared_commands.DamageBase, shared_commands.SaveBase)
    for module in (c5, cp):
        assert not set(bases) & set(module.AnyCommand.__args__)
    assert "grapple" in cp.COMMAND_NAMES and "Contest" not in cp.COMMAND_NAMES


@pytest.mark.parametrize("parse", [c5.parse_command, cp.parse], ids=["5e", "pf1"])
def test_a_shared_command_refuses_an_unknown_field_by_name_in_both_languages(parse):
    raw = {"do": "remove", "id": "gob1", "bogus": 1}
    with pytest.raises(InvalidCommand) as refused:
        parse(raw)
    assert str(refused.value) == "remove: unknown field 'bogus'"
    assert refused.value.localized("fr") == "remove : champ inconnu « bogus »"


def test_pf1_add_still_refuses_5e_s_own_field():
    with pytest.raises(InvalidCommand) as refused:
        cp.parse({"do": "add", "id": "a", "side": "pcs", "unconscious_at_zero": True})
    assert str(refused.value) == "add: unknown field 'unconscious_at_zero'"
    assert c5.parse_command({"do": "add", "id": "a", "side": "pcs", "unconscious_at_zero": True}).unconscious_at_zero


def test_a_shared_command_parses_to_the_same_value_in_both_rulesets():
    raw = {"do": "heal", "target": "aria", "amount": 7, "source": "potion"}
    assert c5.parse_command(raw) == cp.parse(raw) == shared_commands.Heal(target="aria", amount=7, source="potion")


# ------------------------------------------------------------------------------------------------------ events
def _joining(kind):
    return kind(id="gob1", name="Goblin", side="monsters", kind="monster", stats={"hp": 7}, group="g")


def test_a_combatant_added_is_encoded_byte_for_byte_as_before():
    # The bytes a log stored before the fields were shared: tag first, then the fields in their declared order.
    assert msgspec.json.encode(_joining(turns.CombatantAdded)) == (
        b'{"type":"CombatantAdded","id":"gob1","name":"Goblin","name_fr":"","side":"monsters","kind":"monster",'
        b'"stats":{"hp":7},"template":"","group":"g"}')
    assert msgspec.json.encode(_joining(pf1_events.Pf1CombatantAdded)) == (
        b'{"type":"Pf1CombatantAdded","id":"gob1","name":"Goblin","name_fr":"","side":"monsters","kind":"monster",'
        b'"stats":{"hp":7},"template":"","group":"g","unacted":false}')


def test_the_turn_events_are_encoded_byte_for_byte_as_before():
    assert msgspec.json.encode(pf1_events.Pf1TurnSkipped(id="gob1", round=2, reason="dead")) == (
        b'{"type":"Pf1TurnSkipped","id":"gob1","round":2,"reason":"dead"}')
    assert msgspec.json.encode(turns.TurnSkipped(id="gob1", round=2, reason="dead")) == (
        b'{"type":"TurnSkipped","id":"gob1","round":2,"reason":"dead"}')
    assert msgspec.json.encode(pf1_events.Pf1TurnStarted(id="aria", round=1)) == (
        b'{"type":"Pf1TurnStarted","id":"aria","round":1,"restricted":false,"awaiting_check":false,'
        b'"ended_effects":[]}')
    assert msgspec.json.encode(turns.TurnEnded(id="aria", round=1)) == (
        b'{"type":"TurnEnded","id":"aria","round":1,"reaction_restored":false}')
    assert msgspec.json.encode(pf1_events.Pf1InitiativeRolled(ids=("aria",), faces=(14,), modifier=3, total=17)) == (
        b'{"type":"Pf1InitiativeRolled","ids":["aria"],"faces":[14],"modifier":3,"total":17,"set_by_dm":false}')
    assert msgspec.json.encode(pf1_events.Pf1Placed(id="aria", at=(3, 4))) == (
        b'{"type":"Pf1Placed","id":"aria","at":[3,4]}')
    assert msgspec.json.encode(pf1_events.Pf1ActionTaken(id="aria", action="total_defense")) == (
        b'{"type":"Pf1ActionTaken","id":"aria","action":"total_defense","details":{}}')


def test_pf1_effect_and_condition_events_are_encoded_byte_for_byte_as_before():
    # Their leading fields come from pf1's own bases (_EffectFields, _ConditionFields), in the order logs stored.
    assert msgspec.json.encode(pf1_events.Pf1EffectStarted(id="aria", instance=3, effect="charge")) == (
        b'{"type":"Pf1EffectStarted","id":"aria","instance":3,"effect":"charge","until":"start_of_turn","data":{}}')
    assert msgspec.json.encode(pf1_events.Pf1EffectEnded(id="aria", instance=3, effect="charge")) == (
        b'{"type":"Pf1EffectEnded","id":"aria","instance":3,"effect":"charge"}')
    # PRD Bleed: 2 HP a turn.
    assert msgspec.json.encode(pf1_events.Pf1ConditionApplied(target="gob1", instance=4, condition="bleed",
                                                              amount=2)) == (
        b'{"type":"Pf1ConditionApplied","target":"gob1","instance":4,"condition":"bleed","source":"","until":{},'
        b'"no_effect":false,"amount":2}')
    assert msgspec.json.encode(pf1_events.Pf1ConditionEnded(target="gob1", instance=4, condition="bleed",
                                                            reason="healed")) == (
        b'{"type":"Pf1ConditionEnded","target":"gob1","instance":4,"condition":"bleed","reason":"healed"}')
    assert not {pf1_events._EffectFields, pf1_events._ConditionFields} & set(pf1_events.EVENT_TYPES)


def test_a_stored_pf1_event_decodes_into_its_own_type_not_the_shared_one():
    codec = Codec(pf1_events.EVENT_TYPES)
    event = codec.event_decoder.decode(b'{"type":"Pf1TurnSkipped","id":"gob1","round":2,"reason":"dead"}')
    assert type(event) is pf1_events.Pf1TurnSkipped
    assert not isinstance(event, turns.TurnSkipped)  # a 5e view never takes a pf1 event for its own


def test_the_field_sets_are_no_event_type_of_any_log():
    bases = {value for value in vars(shapes).values()
             if isinstance(value, type) and value.__module__ == shapes.__name__}
    assert {kind.__name__ for kind in bases} == {"CombatantFields", "PlacedFields", "InitiativeFields", "TurnFields",
                                                 "TurnSkippedFields", "ActionFields"}
    known = set(SHARED_EVENTS) | set(FIVE_E_EVENTS) | set(pf1_events.EVENT_TYPES)
    assert not bases & known
    assert not bases & set(Codec(pf1_events.EVENT_TYPES).event_types.values())
