"""The Deadland lessons' pieces (gamelib.lessons.deadland): exercises whose answers are computed
independently (scipy.stats, by hand), the chain's world simulated card by card against the chain
within 4 standard errors, the chain's rows against the engine's own odds, and the widgets showing
the exact value of their settings."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, sqrt

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
import scipy.stats as sps  # noqa: E402

from gamelib import lessons  # noqa: E402
from gamelib.lessons import deadland as lesson  # noqa: E402
from gamelib.probability import deadland as dl  # noqa: E402

K = 4  # standard errors


@lru_cache(maxsize=1)
def chain() -> dl.LevelChain:
    return dl.level_chain()


# (every exercise accepting its answer and rejecting its mistakes: tests/test_lessons.py, for all lessons)


def test_the_exercise_answers_are_the_exact_values_computed_independently():
    v = lesson.virus_deck_exercises()
    assert v[1].answer == Fraction(6, 50)
    assert float(v[2].answer) == pytest.approx(1 - sps.hypergeom(50, 6, 2).pmf(0), abs=1e-12)
    assert float(v[3].answer) == pytest.approx(1 - sps.binom(2, 6 / 50).pmf(0), abs=1e-12)
    assert float(v[5].answer) == pytest.approx(sps.hypergeom(60, 9, 3).mean(), abs=1e-12)
    assert 1 - sps.hypergeom(55, 8, 3).pmf(0) > 1 - sps.hypergeom(55, 4, 3).pmf(0) and v[4].answer == "b"
    c = lesson.chain_exercises(chain())
    stay0 = Fraction(comb(56, 2), comb(68, 2))  # no 1 and no Illness among two of 68 real cards
    assert (c[1].answer, c[2].answer, c[3].answer, c[4].answer) == (4, Fraction(1, 8), stay0 ** 3, 6)
    P = np.array([[0.75, 0.25, 0], [0, 0.5, 0.5], [0, 0, 1]])
    assert np.linalg.matrix_power(P, 2)[0, 2] == pytest.approx(float(c[2].answer))
    w = lesson.waiting_exercises()
    assert float(w[2].answer) == pytest.approx(1 + sps.nhypergeom(70, 68, 1).mean())
    assert w[3].answer == Fraction(comb(35, 2), comb(70, 2))
    assert float(w[4].answer) == pytest.approx(3 * (2 + sps.nhypergeom(70, 68, 2).mean()) + 1 + sps.nhypergeom(70, 68, 1).mean())


def test_numpy_draws_are_hypergeometric_or_binomial_within_4_standard_errors():
    n = 200_000
    for replace, exact in ((False, 1 - sps.hypergeom(58, 9, 2).pmf(0)), (True, 1 - sps.binom(2, 9 / 58).pmf(0))):
        got = lesson.numpy_daily(58, 9, 2, n, seed=3, replace=replace).mean()
        assert abs(got - exact) <= K * sqrt(exact * (1 - exact) / n)
    assert float(dl.hypergeom_at_least_one(58, 9, 2)) == pytest.approx(1 - sps.hypergeom(58, 9, 2).pmf(0))


def test_the_lessons_position_and_the_chance_as_the_discards_fill():
    s = lesson.before_trial(lesson.daily_scenario(2, lesson.LESSON4_DISCARD))
    pos = lesson.deck_of(s)
    assert (pos["cards"], pos["real"], pos["good"], pos["k"]) == (60, 58, 9, 2)
    assert s.odds()["red's daily trial, taken now, adds a card"]["adds a card"] == 1 - dl.daily_distribution(s, "red")[0]
    moves = lesson.chance_by_discards(level=2, k=2)
    # nothing but the 10 "other" cards out (no 3): 12 good cards among 66 - 10 real ones
    assert moves["next"][0] == dl.hypergeom_at_least_one(56, 12, 2)
    assert moves["others"][0] == dl.hypergeom_at_least_one(66, 12, 2)
    assert all(a > b for a, b in zip(moves["next"], moves["next"][1:]))
    assert all(a < b for a, b in zip(moves["others"], moves["others"][1:]))


# ---- lesson 5 ----------------------------------------------------------------------------------------

def test_the_chains_world_simulated_card_by_card_agrees_with_the_chain():
    paths = dl.lone_survivor_paths(1500, seed=8, fresh=True)
    turns = np.array([len(p) for p in paths])
    assert list(turns) == dl.lone_survivor_turns(1500, seed=8, fresh=True)
    ch = chain()
    exp = float(ch.expected_turns())
    assert abs(turns.mean() - exp) <= K * turns.std(ddof=1) / sqrt(len(turns))
    p = float(ch.turned_by(20))
    assert abs((turns <= 20).mean() - p) <= K * sqrt(p * (1 - p) / len(turns))
    rates = lesson.advance_rates(paths, ch, min_days=100)
    assert len(rates) >= 15 and (rates["gap (SEs)"].abs() <= K).all(), rates


def test_the_game_remembers_and_the_lesson_measures_it():
    paths = dl.lone_survivor_paths(1500, seed=8)
    ch = chain()
    rates = lesson.advance_rates(paths, ch, min_days=100)
    assert rates.loc["level 0", "moved on (game)"] > rates.loc["level 0", "chain ≈"]  # the misses stay out
    # pooled over every day of every run: the days that moved on against the chain's chances
    days = [(ch.matrix[ch.index(d[:2])][ch.index(d[:2])], d[3]) for p in paths for d in p]
    moved = sum(a for _, a in days)
    expect = sum(float(1 - q) for q, _ in days)
    sd = sqrt(sum(float(q * (1 - q)) for q, _ in days))
    assert (moved - expect) / sd > K
    groups = lesson.rate_by_memory(paths, (5, 2))
    days = sum(1 for p in paths for d in p if d[:2] == (5, 2))
    assert sum(e.n for _, e in groups) == days
    assert groups[0][1].value > groups[-1][1].value  # 6s in the discard pile: fewer 6s to come
    # each recorded day: how many of the next level were in the discard pile, never more than 8
    assert all(0 <= d[2] <= 8 for p in paths for d in p)
    assert all(p[-1][3] and sum(d[3] for d in p) == 8 for p in paths)


def test_the_chains_rows_are_the_engines_own_odds():
    check = lesson.chain_against_odds(dl.level_chain(radio=True))
    assert len(check) == 21
    # the only difference: the game ending by radio during a trial (seven Radio Contacts in a row)
    assert (check["difference"].abs() < 1e-9).all()
    assert (check["difference"] <= 0).all()


def test_the_level_matrix_table_shows_the_chains_fractions():
    t = lesson.level_matrix_table(chain())
    assert t.shape == (9, 9)
    assert t.iloc[0, 0] == lessons.fraction_text(Fraction(comb(56, 2), comb(68, 2))) and t.iloc[0, 2] == ""
    assert t.iloc[8, 8] == "1"


def test_the_deadland_widgets_show_the_exact_value_of_their_settings():
    v = lesson.virus_deck_widget(n_trials=40, seed=1)
    assert "exact" in v.result.value and v.figure.value
    c = lesson.chain_widget(n_runs=100, seed=1)
    assert lessons.exact_text(chain().turned_by(20)).split("≈ ")[-1] in c.result.value
    c.controls["days"].value = 30
    assert lessons.exact_text(chain().turned_by(30)).split("≈ ")[-1] in c.result.value
    r = lesson.radio_widget(n_decks=500, seed=1)
    assert lessons.exact_text(dl.expected_cards_to_target(4)) in r.result.value


def test_the_lesson_plots_draw_what_they_say():
    ch = chain()
    fig = lesson.plot_turn_curves(ch, {"a": [10, 20, 30]}, days=40)
    line = fig.axes[0].lines[0]
    assert list(line.get_ydata())[20] == pytest.approx(float(ch.turned_by(20)))
    groups = lesson.rate_by_memory(dl.lone_survivor_paths(50, seed=1), (5, 2))
    fig = lesson.plot_memory(groups, Fraction(1, 3), state=(5, 2), nxt="6")
    assert any("1/3" in t.get_text() for t in fig.axes[0].get_legend().get_texts())


# ---- lesson 6 ----------------------------------------------------------------------------------------

def test_the_radio_rows_and_the_length_summary():
    first = lesson.first_deck_radios(300, seed=2)
    seen = lesson.reshuffle_radios(4, 6, seed=2, show_progress=False)
    rows = lesson.radio_rows(first, seen)
    assert [r[1] for r in rows] == [Fraction(71, 3), Fraction(142, 3), 0, 0]
    assert all(est.within(exact, K) for _, exact, est in rows)
    assert float(rows[0][1]) == pytest.approx(1 + sps.nhypergeom(70, 68, 1).mean())
    import pandas as pd

    games = pd.concat([lesson.play_games(p, 6, seed=2, show_progress=False) for p in (2, 6)], ignore_index=True)
    t = lesson.length_summary(games)
    assert list(t.index) == [2, 6] and (t["games"] == 6).all()
    assert t.loc[6, "Radio target"] == 14 and t.loc[2, "Radio clock (cards, exact)"] == pytest.approx(497 / 3, abs=0.05)
    assert t.loc[2, "mean rounds"] == pytest.approx(games[games["players"] == 2]["rounds"].mean(), abs=0.005)
    fig = lesson.plot_lengths(games)
    assert len(fig.axes[0].get_xticklabels()) == 2
    fig = lesson.plot_clocks()
    assert len(fig.axes[0].get_legend().get_texts()) == 5


# ---- lesson 7 (Walk the Plank) -------------------------------------------------------------------------

def test_the_fairness_lessons_pieces():
    from gamelib.lessons import walk_the_plank as wtp
    from gamelib.probability import walk_the_plank as wp

    tables = {3: wtp.seat_games(3, 30, seed=1, show_progress=False)}
    t = wtp.seat_tests(tables)
    sole = wtp.seat_counts(tables[3], 3)["sole"]
    assert t.loc[3, "p-value"] == pytest.approx(sps.chisquare(sole).pvalue, abs=1e-4)
    assert t.loc[3, "degrees of freedom"] == 2
    sol = wtp.solution()
    core = wtp.core_table(sol)
    assert core.shape == (len(sol.row) + 1, len(sol.col) + 1)
    assert wtp.mix_value(sol, sol.row, sol.col) == sol.value
    for c in sol.col:  # red's optimal mix leaves blue indifferent
        assert wtp.mix_value(sol, sol.row, {c: Fraction(1)}) == sol.value
    fig = wtp.plot_mix(sol)
    assert any(fraction_in(t.get_text(), sol.value) for t in fig.axes[0].get_legend().get_texts())
    assert wtp.chi2_pdf(2.0, 3) == pytest.approx(sps.chi2(3).pdf(2.0), rel=1e-12)
    played = np.array(wtp.play_endgame(sol.row, sol.col, 300, seed=4, show_progress=False))
    assert abs(played.mean() - float(sol.value)) <= K * played.std(ddof=1) / sqrt(len(played))
    assert wp.multinomial_p_value([5, 5, 5]) == 1


def fraction_in(text: str, x: Fraction) -> bool:
    return lessons.fraction_text(x) in text
