"""Lesson 9 (Who is the Traitor?): its exact answers against a brute-force count written here,
independently of the lesson's helpers, and its posterior against the engine's own re-deal of the
Role cards red cannot see, with yellow's policy playing the move in each re-dealt world."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from gamelib.lessons import traitor as lesson

ROLES = ["Infectee", "Traitor", "Looter", "Survivor", "Contagious", "Scavenger", "Medic", "Hermit"]


def brute(p_traitor: Fraction, p_other: Fraction, seen=("Medic", "Looter"), moves: int = 1,
          not_traitor=()) -> dict[str, Fraction]:
    """Every assignment of the unseen cards to blue, yellow and the Role deck's slots (all orders),
    weighted by P(yellow's moves | yellow's card); who holds the Traitor, given the moves."""
    unseen = [r for r in ROLES if r not in seen]
    weights = {"yellow": Fraction(0), "blue": Fraction(0), "deck": Fraction(0)}
    for order in itertools.permutations(unseen):
        blue, yellow = order[0], order[1]
        if any({"blue": blue, "yellow": yellow}[q] == "Traitor" for q in not_traitor):
            continue
        w = (p_traitor if yellow == "Traitor" else p_other) ** moves
        holder = "yellow" if yellow == "Traitor" else "blue" if blue == "Traitor" else "deck"
        weights[holder] += w
    total = sum(weights.values())
    return {k: v / total for k, v in weights.items()}


def test_the_lessons_exact_answers_match_a_brute_force_count():
    s = lesson.before_move()
    pool, holders, deck = lesson.unseen(s)
    assert sorted(pool) == sorted(set(ROLES) - {"Medic", "Looter"}) and sorted(holders) == ["blue", "yellow"]
    assert deck == 4
    flat = brute(Fraction(1), Fraction(1))
    assert lesson.prior(pool, holders) == flat["yellow"] == Fraction(1, 6)
    after = brute(Fraction(3, 4), Fraction(1, 4))
    for who in ("yellow", "blue", "deck"):
        assert lesson.posterior(pool, holders, who=who) == after[who]
    assert (after["yellow"], after["blue"], after["deck"]) == (Fraction(3, 8), Fraction(1, 8), Fraction(1, 2))
    assert lesson.bayes(lesson.prior(pool, holders)) == after["yellow"]
    ex = lesson.exercises()
    assert ex[1].answer == brute(Fraction(3, 4), Fraction(1, 4), moves=2)["yellow"] == Fraction(9, 14)
    assert ex[2].answer == brute(Fraction(1), Fraction(1), not_traitor=("yellow",))["blue"] == Fraction(1, 5)
    assert ex[3].answer == brute(Fraction(1), Fraction(1, 4))["yellow"] == Fraction(4, 9)
    assert ex[4].answer == brute(Fraction(3, 4), Fraction(1, 4), seen=("Medic",))["yellow"] == Fraction(1, 3)


def test_the_posterior_matches_the_engines_redeal_and_a_wrong_likelihood_does_not():
    """In worlds the engine re-deals for red, yellow's policy plays the move; among the worlds with
    the move, the Traitor's holder falls where the posterior says (99.9% Wilson intervals). A
    likelihood with the two chances swapped, or read as the answer (base-rate neglect), is far off."""
    from gamelib.probability import stats

    s = lesson.before_move()
    pool, holders, _ = lesson.unseen(s)
    moved, holder = lesson.engine_worlds(3000, seed=7, state=s, show_progress=False)
    assert isinstance(moved, list) and isinstance(holder, list)  # plain lists: the same in a browser
    moved, holder = np.array(moved), np.array(holder, dtype=object)
    kept = int(moved.sum())
    assert 800 < kept < 1200  # P(move) = 1/3
    for who in ("yellow", "blue", "deck"):
        low, high = stats.wilson_interval(int((holder[moved] == who).sum()), kept, 0.999)
        exact = lesson.posterior(pool, holders, who=who)
        assert low <= exact <= high, (who, exact, low, high)
    low, high = stats.wilson_interval(int((holder[moved] == "yellow").sum()), kept, 0.999)
    swapped = lesson.posterior(pool, holders, lesson.Policy(Fraction(1, 4), Fraction(3, 4)))
    assert not low <= swapped <= high
    assert not low <= lesson.POLICY.traitor <= high  # base-rate neglect
    low, high = stats.wilson_interval(int((holder == "yellow").sum()), len(holder), 0.999)
    assert low <= lesson.prior(pool, holders) <= high  # the re-deal alone gives the prior


def test_an_accepted_gift_is_conditioned_on_by_the_engines_redeal():
    """Exercise 2 (rulebook evidence: a face-down Traitor cannot accept a gift): the engine's re-deal
    keeps yellow clear of the Traitor and spreads it over blue and the Role deck."""
    from gamelib.probability import stats

    sc = {**lesson.SCENARIO, "players": {**lesson.SCENARIO["players"]}}
    sc["players"]["yellow"] = {**sc["players"]["yellow"], "known_not_traitor": True, "role": "hermit"}
    s = lesson.before_move(scenario=sc)
    _, holder = lesson.engine_worlds(1000, seed=3, policy=None, state=s, show_progress=False)
    holder = np.array(holder, dtype=object)
    assert not (holder == "yellow").any()
    low, high = stats.wilson_interval(int((holder == "blue").sum()), len(holder), 0.999)
    assert low <= lesson.exercises()[2].answer <= high


def test_a_policy_outside_zero_to_one_is_refused_in_words():
    from gamelib.core.errors import GamelibError

    with pytest.raises(GamelibError, match="traitor"):
        lesson.Policy(Fraction(5, 4), Fraction(1, 4))
