"""gamelib.probability.walk_the_plank: one round played out exactly equals the engine's own game
tree (every legal action explored), the exact simplex equals scipy's linear programme, the endgame's
solution is optimal in the whole matrix and the engine's games land within 4 standard errors of
its value, and the chi-square test equals scipy.stats."""
from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

import numpy as np
import pytest
from scipy import optimize, stats as sps

import gamelib
from gamelib import GamelibError
from gamelib.lessons import walk_the_plank as lesson
from gamelib.probability import walk_the_plank as wp

K = 4


def engine_value(s, a: str, b: str, mode: str) -> Fraction:
    """The round's payoff to ``a`` by exploring every legal action of the engine (clone and apply):
    a's choices maximise, b's minimise (``best``), everything else is averaged."""
    if s.is_over:
        w = s.outcome.winners
        return Fraction((a in w) - (b in w))
    vals = []
    for act in s.legal_actions():
        c = s.clone()
        c.apply(act)
        vals.append(engine_value(c, a, b, mode))
    if mode == "random" or s.to_move not in (a, b) or len(vals) == 1:
        return sum(vals, Fraction(0)) / len(vals)
    return max(vals) if s.to_move == a else min(vals)


PLACES = ["ship", "plank 1", "plank 2", "plank 3"]


def random_endgame(rng: random.Random) -> dict:
    players = rng.choice([3, 4])
    colours = ["red", "blue", "green", "yellow"][:players]
    planks = rng.choice([2, 3])
    a, b = rng.sample(colours, 2)
    pirates = {c: ["dead"] * 3 for c in colours}
    na, nb = rng.choice([(1, 2), (2, 1), (2, 2), (1, 3), (3, 1)])
    for c, k in ((a, na), (b, nb)):
        for i in range(k):
            pirates[c][i] = rng.choice(PLACES[:planks + 1])
    eliminated = [c for c in colours if c not in (a, b)]
    rng.shuffle(eliminated)
    aside = {c: rng.sample(["Shove Anyone", "Drag to Sea", "Charge!", "Retract the Plank"], rng.choice([0, 2, 3]))
             for c in (a, b)}
    return {"players": colours, "captain": rng.choice([a, b]), "planks": planks, "pirates": pirates,
            "eliminated": eliminated, "set_aside": aside}


def test_one_round_equals_the_engines_game_tree_on_random_endgames():
    rng = random.Random(13)
    checked = 0
    for _ in range(30):
        sc = random_endgame(rng)
        eg = wp.endgame(sc)
        g = gamelib.load("walk-the-plank", players=len(sc["players"]), max_rounds=1)
        a, b = eg.rivals
        for _ in range(5):
            progs = {s: rng.choice(wp.programmes(eg, s)) for s in (a, b, *eg.ghosts)}
            d = dict(sc, programs={eg.name(s): list(p) for s, p in progs.items()})
            state = g.from_scenario(d, seed=1)
            for mode in ("random", "best"):
                assert wp.round_value(eg, progs, mode) == engine_value(state, eg.name(a), eg.name(b), mode), (d, mode)
                checked += 1
    assert checked == 300


def test_programmes_are_the_engines_legal_programmes():
    eg = wp.endgame(lesson.ENDGAME)
    s = lesson.endgame_state()
    first = {a.label for a in s.legal_actions()}
    assert first == {f"Program {c} as card 1" for c in {p[0] for p in wp.programmes(eg, 0)}}
    assert len(wp.programmes(eg, 0)) == 7 * 6 * 5
    full = wp.endgame({**lesson.ENDGAME, "set_aside": {}})
    assert len(wp.programmes(full, 0)) == 10 * 9 * 8 - 9 * 8  # Charge! never first
    assert len(wp.programmes(eg, 2)) == 2 * 3  # the Ghost: Shove Left or Right, on card 1, 2 or 3


@pytest.mark.parametrize("seed", range(6))
def test_the_exact_simplex_equals_scipys_linear_programme(seed):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(2, 7, size=2)
    a = rng.integers(-4, 5, size=(m, n))
    sol = wp.solve(a.tolist())
    # scipy: maximise v subject to A^T x >= v, sum x = 1, x >= 0
    c = np.zeros(m + 1)
    c[-1] = -1
    res = optimize.linprog(c, A_ub=np.hstack([-a.T, np.ones((n, 1))]), b_ub=np.zeros(n),
                           A_eq=np.hstack([np.ones((1, m)), [[0]]]), b_eq=[1],
                           bounds=[(0, None)] * m + [(None, None)])
    assert float(sol.value) == pytest.approx(-res.fun, abs=1e-9)
    assert wp.guaranteed(a.tolist(), sol.row) == sol.value
    low, high = wp.pure_security(a.tolist())
    assert low <= sol.value <= high
    assert sol.pure == (low == high) or low == high


def test_a_two_by_two_game_by_hand():
    sol = wp.solve([[2, -1], [-1, 1]])
    assert sol.value == Fraction(1, 5) and sol.row == (Fraction(2, 5), Fraction(3, 5))
    assert wp.solve([[3, 1], [2, 0]]).pure  # a saddle point: row 1, column 2
    with pytest.raises(GamelibError, match="at least one row"):
        wp.solve([])


def test_the_endgame_solution_is_optimal_in_the_whole_matrix_of_a_sub_game():
    eg = wp.endgame(lesson.ENDGAME)
    rng = random.Random(2)
    rows = rng.sample(wp.programmes(eg, 0), 15)
    cols = rng.sample(wp.programmes(eg, 1), 15)
    for mode in ("random", "best"):
        full = wp.payoff_matrix(eg, mode, rows=rows, cols=cols)
        sol = wp.solve(full)
        core = full.reduced()
        assert wp.solve(core).value == sol.value  # merging equal programmes and dominated ones keeps the value
        oracle = wp.solve_endgame(eg, mode, rows=rows, cols=cols)
        assert oracle.proved and oracle.value == sol.value


def test_the_lessons_endgame_needs_a_mixed_programme():
    sol = lesson.solution("random")
    assert sol.proved and sol.value == Fraction(1, 3) and not sol.pure
    assert (sol.rows_checked, sol.cols_checked) == (210, 180)  # blue kept Charge!, never a first card
    # no single programme of red's makes sure of the value, none of blue's holds red to it
    rows, cols = wp.programmes(sol.game, 0), wp.programmes(sol.game, 1)
    assert max(min(sol.entries[r, c] for c in sol.col) for r in rows) < sol.value
    assert min(max(sol.entries[r, c] for r in sol.row) for c in cols) > sol.value


def test_the_engine_plays_the_endgame_as_the_solution_says():
    sol = lesson.solution("random")
    out = np.array(lesson.play_endgame(sol.row, sol.col, 400, seed=3, show_progress=False))
    assert abs(out.mean() - float(sol.value)) <= K * out.std(ddof=1) / sqrt(len(out))
    # against a fixed reply the engine agrees with that reply's exact payoff
    r, c = next(iter(sol.row)), next(iter(sol.col))
    out = np.array(lesson.play_endgame(r, c, 200, seed=4, show_progress=False))
    exact = sol.entries[r, c]
    assert abs(out.mean() - float(exact)) <= K * max(out.std(ddof=1), 0.05) / sqrt(len(out))


@pytest.mark.slow
def test_the_whole_payoff_matrix_of_the_lessons_endgame():
    full = wp.payoff_matrix(lesson.ENDGAME, "random")
    assert (len(full.rows), len(full.cols)) == (210, 180)
    assert wp.solve(full.reduced()).value == Fraction(1, 3)
    low, high = wp.pure_security(full)
    assert low < Fraction(1, 3) < high


# ---- chi-square ---------------------------------------------------------------------------------------

def test_the_chi_square_tail_equals_scipy():
    for df in range(1, 9):
        for x in (0.1, 0.5, 1.0, 2.7, 5.0, 9.3, 20.0, 44.0):
            assert wp.chi2_sf(x, df) == pytest.approx(sps.chi2.sf(x, df), rel=1e-10, abs=1e-15)
    assert wp.chi2_sf(0, 3) == 1.0


def test_goodness_of_fit_and_contingency_tables_equal_scipy():
    counts = [186, 217, 186, 246]
    chi = wp.chi_square_uniform(counts)
    ref = sps.chisquare(counts)
    assert float(chi.statistic) == pytest.approx(ref.statistic) and chi.p_value == pytest.approx(ref.pvalue)
    assert chi.df == 3 and sum(chi.expected) == sum(counts)
    shares = [1, 1, 2]
    chi = wp.chi_square_uniform([10, 14, 30], shares)
    ref = sps.chisquare([10, 14, 30], f_exp=[54 / 4, 54 / 4, 27])
    assert chi.p_value == pytest.approx(ref.pvalue)
    table = [[497, 1003], [496, 1004], [485, 1015], [551, 949]]
    chi = wp.chi_square_table(table)
    stat, p, dof, _ = sps.chi2_contingency(table, correction=False)
    assert float(chi.statistic) == pytest.approx(stat) and chi.p_value == pytest.approx(p) and chi.df == dof
    with pytest.raises(GamelibError, match="two or more counts"):
        wp.chi_square_uniform([5])


def test_seats_are_counted_from_the_first_captain():
    assert wp.seat_of("red", "red", ["red", "blue", "green"]) == 1
    assert wp.seat_of("red", "blue", ["red", "blue", "green"]) == 3
    t = lesson.seat_games(4, 20, seed=1, show_progress=False)
    c = lesson.seat_counts(t, 4)
    assert sum(c["sole"]) == int((t["sole winner seat"] > 0).sum()) and len(t) == 20
    assert t.equals(lesson.seat_games(4, 20, seed=1, show_progress=False))


# ---- the exact multinomial p-value (lesson 7) ---------------------------------------------------------------

@pytest.mark.parametrize("counts", [[4, 1, 1], [3, 3, 1, 1], [4, 1], [2, 2, 2], [0, 5, 1, 0]])
def test_the_multinomial_p_value_equals_brute_force_with_scipy(counts):
    import itertools

    import scipy.stats as sps

    n, k = sum(counts), len(counts)
    obs = wp.chi_square_uniform(counts).statistic
    brute = sum(sps.multinomial(n, [1 / k] * k).pmf(v) for v in itertools.product(range(n + 1), repeat=k)
                if sum(v) == n and wp.chi_square_uniform(list(v)).statistic >= obs)
    assert float(wp.multinomial_p_value(counts)) == pytest.approx(brute, abs=1e-12)
    assert wp.multinomial_tail(n, k, 0) == 1


def test_the_multinomial_p_value_against_seeded_fair_tables_within_4_standard_errors():
    from gamelib.lessons import walk_the_plank as lesson

    counts = [21, 22, 18, 17]
    exact = float(wp.multinomial_p_value(counts))
    null = lesson.null_chi_squares(4, sum(counts), 20_000, seed=3)
    got = (null >= float(wp.chi_square_uniform(counts).statistic) - 1e-9).mean()
    assert abs(got - exact) <= 4 * (exact * (1 - exact) / len(null)) ** 0.5
    assert abs(null.mean() - 3) <= 4 * null.std(ddof=1) / len(null) ** 0.5  # E = k - 1 exactly
    with pytest.raises(GamelibError, match="simulate instead"):
        wp.multinomial_tail(500, 6, 1)
