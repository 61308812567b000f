"""gamelib.probability.stats against scipy.stats, and against seeded simulation within 4
standard errors."""
from __future__ import annotations

from math import sqrt

import numpy as np
import pytest
from scipy import stats as sps

from gamelib import GamelibError
from gamelib.probability import stats


@pytest.mark.parametrize("confidence", [0.5, 0.8, 0.9, 0.95, 0.99, 0.999])
def test_z_value_is_the_normal_quantile(confidence):
    assert stats.z_value(confidence) == pytest.approx(sps.norm.ppf(0.5 + confidence / 2), rel=1e-12)


@pytest.mark.parametrize("p,n", [(0.5, 10), (0.26, 1000), (0.01, 50), (1.0, 7)])
def test_standard_error_is_the_binomial_sd_over_n(p, n):
    assert stats.standard_error(p, n) == pytest.approx(sps.binom(n, p).std() / n, abs=1e-15)


def test_standard_error_of_mean_matches_scipy_sem():
    xs = np.random.default_rng(3).integers(0, 4, size=500)
    assert stats.standard_error_of_mean(xs.tolist()) == pytest.approx(sps.sem(xs), rel=1e-12)


@pytest.mark.parametrize("n", [1, 5, 37, 200, 10_000])
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_wilson_interval_matches_scipy_binomtest(n, confidence):
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
        if not 0 <= k <= n:
            continue
        ref = sps.binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
        low, high = stats.wilson_interval(k, n, confidence)
        assert low == pytest.approx(ref.low, abs=1e-12) and high == pytest.approx(ref.high, abs=1e-12), (k, n)


def test_wilson_interval_covers_the_truth_as_often_as_it_says():
    """Exact coverage (summing the binomial over every k whose interval contains p) is close to
    95%, and seeded simulation of 20,000 experiments agrees with it within 4 standard errors."""
    p, n = 0.26, 200
    ks = np.arange(n + 1)
    inside = np.array([stats.wilson_interval(int(k), n)[0] <= p <= stats.wilson_interval(int(k), n)[1] for k in ks])
    exact = float(sps.binom(n, p).pmf(ks)[inside].sum())
    assert 0.93 < exact < 0.97
    wins = np.random.default_rng(12).binomial(n, p, size=20_000)
    covered = inside[wins].mean()
    assert abs(covered - exact) <= 4 * sqrt(exact * (1 - exact) / 20_000)


def test_normal_interval_matches_scipy():
    low, high = stats.normal_interval(1.5, 0.02, 0.95)
    ref = sps.norm.interval(0.95, loc=1.5, scale=0.02)
    assert (low, high) == pytest.approx(ref, abs=1e-12)


@pytest.mark.parametrize("margin,p", [(0.01, 0.5), (0.02, 0.26), (0.05, 0.1)])
def test_games_for_margin_is_the_smallest_n_that_reaches_the_margin(margin, p):
    n = stats.games_for_margin(margin, p)
    z = sps.norm.ppf(0.975)
    assert z * sqrt(p * (1 - p) / n) <= margin + 1e-12
    assert z * sqrt(p * (1 - p) / (n - 1)) > margin


def _power_scipy(p1, p2, n, confidence=0.95):
    za = sps.norm.ppf(0.5 + confidence / 2)
    bar = (p1 + p2) / 2
    sd0 = sqrt(2 * bar * (1 - bar) / n)
    sd1 = sqrt((p1 * (1 - p1) + p2 * (1 - p2)) / n)
    d = abs(p1 - p2)
    return sps.norm.cdf((d - za * sd0) / sd1) + sps.norm.cdf((-d - za * sd0) / sd1)


@pytest.mark.parametrize("p1,p2", [(0.33, 0.16), (0.26, 0.23), (0.5, 0.45), (0.02, 0.0)])
def test_games_needed_is_the_smallest_n_with_the_power(p1, p2):
    n = stats.games_needed(p1, p2)
    assert stats.power_of_comparison(p1, p2, n) == pytest.approx(_power_scipy(p1, p2, n), abs=1e-12)
    assert stats.power_of_comparison(p1, p2, n) >= 0.8 - 1e-9
    if n > 1:
        assert stats.power_of_comparison(p1, p2, n - 1) < 0.8 + 1e-3


def test_games_needed_gives_the_power_it_promises_in_simulation():
    """Run 4,000 seeded experiments of n games per side: the share that finds a significant
    difference is the promised power within 4 standard errors (the formula is approximate,
    so we compare with the normal-approximation power at that n)."""
    p1, p2 = 0.30, 0.20
    n = stats.games_needed(p1, p2)
    rng = np.random.default_rng(5)
    w1, w2 = rng.binomial(n, p1, 4000), rng.binomial(n, p2, 4000)
    rejected = np.mean([stats.two_proportion_test(int(a), n, int(b), n)[1] < 0.05 for a, b in zip(w1, w2)])
    promised = stats.power_of_comparison(p1, p2, n)
    assert abs(rejected - promised) <= 4 * sqrt(promised * (1 - promised) / 4000) + 0.01


def test_two_proportion_test_is_the_chi_square_test_without_correction():
    for w1, n1, w2, n2 in [(33, 100, 16, 100), (260, 1000, 230, 1000), (5, 40, 9, 60)]:
        z, pval = stats.two_proportion_test(w1, n1, w2, n2)
        chi2, ref_p, _, _ = sps.chi2_contingency([[w1, n1 - w1], [w2, n2 - w2]], correction=False)
        assert z * z == pytest.approx(chi2, rel=1e-9)
        assert pval == pytest.approx(ref_p, rel=1e-9)


def test_estimates_and_the_reconciling_row():
    est = stats.estimate_rate(260, 1000)
    assert est.value == 0.26 and est.se == pytest.approx(sqrt(0.26 * 0.74 / 1000))
    assert (est.low, est.high) == stats.wilson_interval(260, 1000)
    row = stats.reconcile(0.25, est, "a win")
    assert row["question"] == "a win" and row["exact inside?"] is True
    assert row["gap in SEs"] == pytest.approx(0.01 / est.se)
    assert not est.contains(0.3) and est.within(0.3, k=4) is (0.04 <= 4 * est.se)
    mean = stats.estimate_mean([1, 2, 2, 3])
    assert mean.value == 2 and mean.se == pytest.approx(sps.sem([1, 2, 2, 3]))


@pytest.mark.parametrize("call,words", [
    (lambda: stats.wilson_interval(5, 3), "cannot exceed"),
    (lambda: stats.wilson_interval(1, 0), "n must be"),
    (lambda: stats.z_value(1.5), "confidence"),
    (lambda: stats.games_needed(0.2, 0.2), "equal"),
    (lambda: stats.games_needed(0.2, 0.3, power=2), "power"),
    (lambda: stats.games_for_margin(0), "greater than 0"),
    (lambda: stats.standard_error(1.2, 10), "between 0 and 1"),
    (lambda: stats.standard_error_of_mean([1.0]), "at least 2"),
])
def test_bad_inputs_raise_a_gamelib_error_that_says_what_is_wrong(call, words):
    with pytest.raises(GamelibError, match=words):
        call()
