"""Lesson 10 (Is it worth it?): its exact answers against scipy.stats and a brute-force enumeration
written here, apart from the lesson's helpers; both choices simulated on the same deals agree with
them; and the lesson's claim holds: for the plank 2 pirate the higher expectation is the riskier move."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
from scipy import stats as sps

from gamelib.lessons import worth_it as lesson

CARDS = ["Shove Left", "Shove Right", "Shove Anyone", "Extend the Plank", "Retract the Plank", "Drag to Sea",
         "Pull to Ship", "Run Around", "I Don't Wan'a Die!", "Charge!"]


def test_the_ration_answers_match_scipy():
    # red at level 5 holds 1-5; 70 cards less those and the two Radio Contacts; good: eight 6s, four Illness
    real, good = 70 - 5 - 2, 12
    keep = 1 - sps.hypergeom(real, good, 3).pmf(0)
    eat = 1 - sps.hypergeom(real, good, 2).pmf(0)
    exact = lesson.ration_exact()
    assert abs(float(exact["keep the Ration"][1]) - keep) < 1e-4  # the engine's count, reshuffle and all
    assert abs(float(exact["eat the Ration"][1]) - eat) < 1e-4
    ex = lesson.exercises()
    assert abs(float(ex[1].answer) - eat * (1 - eat)) < 1e-12
    saved6 = (1 - sps.hypergeom(real - 1, good, 4).pmf(0)) - (1 - sps.hypergeom(real - 1, good, 3).pmf(0))
    assert abs(float(ex[3].answer) - saved6) < 1e-12


def _coin(state, rnd):
    """Red pirates alive at the end of round ``rnd``, each choice left to a fair coin (written apart)."""
    if state.is_over or state.round != rnd:
        return {sum(v["red"] for k, v in state.view(None)["pirates"].items() if k != "dead"): Fraction(1)}
    legal = state.legal_actions()
    total: dict[int, Fraction] = {}
    for a in legal:
        c = state.clone()
        c.apply(a)
        for k, p in _coin(c, rnd).items():
            total[k] = total.get(k, Fraction(0)) + p / len(legal)
    return total


def test_the_plank_distributions_match_a_brute_force_enumeration():
    g = lesson.plank_game()
    hand = [c for c in CARDS if c != "Extend the Plank"]
    programs = list(itertools.permutations(hand, 2))
    assert len(programs) == 72  # Charge! may be 2nd or 3rd: every ordered pair of the other nine cards
    exact = lesson.plank_exact()
    for move in lesson.MOVES:
        dist: dict[int, Fraction] = {}
        for second, third in programs:
            sc = lesson.plank_scenario()
            sc["programs"]["blue"] = ["Extend the Plank", second, third]
            s = g.from_scenario(sc, seed=0)
            rnd = s.round
            s.apply(f"Move red pirate on {move}")
            for k, p in _coin(s, rnd).items():
                dist[k] = dist.get(k, Fraction(0)) + p / len(programs)
        assert {k: dist.get(k, Fraction(0)) for k in (0, 1, 2)} == exact[move], move
    near, ship = exact[lesson.MOVES[0]], exact[lesson.MOVES[1]]
    (m_near, v_near), (m_ship, v_ship) = lesson.moments(near), lesson.moments(ship)
    assert m_near > m_ship and v_near > v_ship and near[0] > 0 == ship[0]  # higher expectation, riskier
    assert lesson.exercises()[2].answer == sum(k * p for k, p in near.items())
    assert lesson.exercises()[4].answer == sum(k * k * p for k, p in ship.items()) - m_ship ** 2


def test_both_choices_on_the_same_deals_agree_with_the_exact_answers():
    pairs = np.array(lesson.ration_pairs(500, seed=5, show_progress=False))
    exact = lesson.ration_exact()
    for j, choice in enumerate(("keep the Ration", "eat the Ration")):
        p = float(exact[choice][1])
        assert abs(pairs[:, j].mean() - p) < 3.3 * (p * (1 - p) / len(pairs)) ** 0.5
    assert not (pairs[:, 1] > pairs[:, 0]).any()  # the same deck: eating draws the first two of the three
    worlds = np.array(lesson.plank_pairs(800, seed=5, show_progress=False))
    for j, move in enumerate(lesson.MOVES):
        mean = float(lesson.moments(lesson.plank_exact()[move])[0])
        col = worlds[:, j].astype(float)
        assert abs(col.mean() - mean) < 3.3 * col.std(ddof=1) / len(col) ** 0.5, move
    # common random numbers: the moves share each world's luck, so their outcomes go together
    # (independent simulations would give correlations near 0, within about 0.07 for 800 worlds)
    assert np.corrcoef(worlds[:, 0], worlds[:, 1])[0, 1] > 0.15
    assert np.corrcoef(worlds[:, 2], worlds[:, 3])[0, 1] > 0.15
