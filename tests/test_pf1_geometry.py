"""pf1 grid rules as pure functions: distances, reach, threatened squares, flanking (PRD Measuring Distance,
Reach Weapons, Flanking; seed 004 Cases menacées, Armes à allonge)."""

import msgspec
from pf1_support import ARIA

from combatlog.core.rulesets.pf1.rules import flanked, reaches, squares, threatens, within
from combatlog.core.rulesets.pf1.state import Pf1Combatant, Pf1State
from combatlog.core.rulesets.pf1.stats import attack_reach, parse_stats


def creature(cid, at, side="a", **changes):
    stats = parse_stats({**ARIA, **changes}, cid)
    return Pf1Combatant(id=cid, name=cid, side=side, kind="pc", stats=stats, hp=stats.max_hp, position=at)


def test_diagonals_alternate():
    assert [squares(d, d) for d in range(1, 6)] == [1, 3, 4, 6, 7]
    assert squares(3, 1) == 3 and squares(0, 4) == 4


def test_ten_foot_reach_covers_the_second_diagonal_but_not_farther():
    assert within(3.0, 2, 2) and within(3.0, 2, 1) and not within(3.0, 3, 0) and not within(1.5, 2, 0)
    assert within(4.5, 3, 1) and not within(4.5, 3, 3)  # 15 ft = 3 squares: (3,1) counts 3, (3,3) counts 4


def test_reach_weapon_threatens_only_beyond_natural_reach():
    spear = {"id": "longspear", "kind": "melee", "reach_weapon": True, "damage": [{"roll": "1d8", "type": "piercing"}]}
    holder = creature("h", (0, 0), attacks=[spear])
    assert attack_reach(holder.stats, holder.stats.attacks[0]) == 3.0
    near, far, diagonal = creature("n", (1, 0), "b"), creature("f", (2, 0), "b"), creature("d", (2, 2), "b")
    assert not threatens(holder, near) and threatens(holder, far) and threatens(holder, diagonal)


def test_large_creature_reach_is_measured_from_its_whole_space():
    ogre = creature("o", (0, 0), size="large")  # squares [0,1] x [0,1], reach 3 m
    assert reaches(ogre, ogre.stats.attacks[0], creature("t", (3, 0), "b"))
    assert reaches(ogre, ogre.stats.attacks[0], creature("t", (3, 3), "b"))
    assert not reaches(ogre, ogre.stats.attacks[0], creature("t", (4, 0), "b"))


def test_unarmed_without_the_feat_threatens_nothing():
    fist = {"id": "fist", "kind": "melee", "unarmed": True, "damage": [{"roll": "1d3", "type": "bludgeoning"}]}
    monk = creature("m", (0, 0), attacks=[fist])
    assert not threatens(monk, creature("t", (1, 0), "b"))
    assert threatens(msgspec.structs.replace(monk, stats=msgspec.structs.replace(monk.stats, improved_unarmed_strike=True)),
                     creature("t", (1, 0), "b"))


def test_flanking_lines():
    target = creature("t", (1, 1), "b")
    attacker = creature("a", (0, 1))

    def state(*others):
        return Pf1State(combatants={c.id: c for c in (target, attacker, *others)})

    assert flanked(state(creature("x", (2, 1))), attacker, target)        # opposite sides
    assert not flanked(state(creature("x", (1, 2))), attacker, target)    # adjacent sides
    assert not flanked(state(creature("x", (2, 1), "b")), attacker, target)  # not an ally
    corner = creature("a", (0, 0))
    assert flanked(Pf1State(combatants={c.id: c for c in (target, corner, creature("x", (2, 2)))}), corner, target)
    # a Large target [1,2]x[1,2]: attackers on opposite sides
    big = creature("t", (1, 1), "b", size="large")
    assert flanked(Pf1State(combatants={c.id: c for c in (big, attacker, creature("x", (3, 2)))}), attacker, big)
