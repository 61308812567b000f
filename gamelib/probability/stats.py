"""The statistics a lesson needs to put a simulated number next to an exact one: standard
errors, confidence intervals (Wilson for a rate, normal for a mean), and how many games it
takes to measure a rate to a margin or to tell two rates apart.

Standard library only (``statistics.NormalDist`` gives the normal quantiles), so that the
dashboards and worker processes never need scipy; the tests check every formula against
``scipy.stats``."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, erfc, exp, pi, sqrt
from statistics import NormalDist
from typing import Any

from gamelib.core.errors import GamelibError

_NORMAL = NormalDist()


def _check_confidence(confidence: float, name: str = "confidence") -> float:
    if not isinstance(confidence, (int, float, Fraction)) or isinstance(confidence, bool) or not 0 < confidence < 1:
        raise GamelibError(f"{name} must be a number strictly between 0 and 1 (0.95 for 95%), got {confidence!r}")
    return float(confidence)


def _check_count(name: str, value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise GamelibError(f"{name} must be a whole number >= {low}, got {value!r}")
    return value


def _check_rate(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not 0 <= value <= 1:
        raise GamelibError(f"{name} must be a probability between 0 and 1, got {value!r}")
    return float(value)


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile: 1.96 for 95%, 2.58 for 99%."""
    c = _check_confidence(confidence)
    return _NORMAL.inv_cdf(0.5 + c / 2)


def standard_error(p: float, n: int) -> float:
    """Standard error of a proportion estimated from ``n`` trials whose true rate is ``p``
    (use the estimate for ``p`` when the truth is unknown): sqrt(p(1-p)/n)."""
    p = _check_rate("p", p)
    n = _check_count("n", n, 1)
    return sqrt(p * (1 - p) / n)


def standard_error_of_mean(values: Sequence[float]) -> float:
    """Standard error of a sample mean: the sample standard deviation over sqrt(n)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n < 2:
        raise GamelibError(f"a standard error needs at least 2 values, got {n}")
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return sqrt(var / n)


def wilson_interval(successes: int, n: int, confidence: float = 0.95, *, z: float | None = None) -> tuple[float, float]:
    """Wilson score interval for a win rate: better than estimate +- 1.96 SE when the rate is
    near 0 or 1 or ``n`` is small (it never leaves [0, 1] and is never empty at 0 wins).
    ``z``, if given, is the normal quantile itself instead of ``confidence``'s."""
    n = _check_count("n", n, 1)
    k = _check_count("successes", successes)
    if k > n:
        raise GamelibError(f"successes ({k}) cannot exceed the number of trials n ({n})")
    if z is None:
        z = z_value(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 or n successes one end is exactly 0 or 1 (centre and half-width cancel); in floating
    # point it may come out as 0.9999999999999999, and the exact value 1 would fall "outside".
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def normal_interval(estimate: float, se: float, confidence: float = 0.95) -> tuple[float, float]:
    """estimate +- z SE: the interval for a mean (expected damage, expected burials)."""
    z = z_value(confidence)
    return estimate - z * se, estimate + z * se


def games_for_margin(margin: float, p: float = 0.5, confidence: float = 0.95) -> int:
    """Games needed so that the interval for a rate near ``p`` is at most +- ``margin``
    (p = 0.5 is the worst case): n = z^2 p(1-p) / margin^2, rounded up."""
    m = _check_rate("margin", margin)
    if m == 0:
        raise GamelibError("margin must be greater than 0")
    p = _check_rate("p", p)
    z = z_value(confidence)
    return max(1, ceil(z * z * p * (1 - p) / (m * m) - 1e-9))


def games_needed(p1: float, p2: float, confidence: float = 0.95, power: float = 0.8) -> int:
    """Games per side needed to tell a win rate ``p1`` from ``p2`` with a two-sided test at
    level 1 - ``confidence`` that detects the difference with probability ``power``
    (the usual two-proportion formula with the pooled rate under "no difference")."""
    a = _check_rate("p1", p1)
    b = _check_rate("p2", p2)
    if a == b:
        raise GamelibError(f"p1 and p2 are equal ({a}): no number of games tells them apart")
    _check_confidence(power, "power")
    za = z_value(confidence)
    zb = _NORMAL.inv_cdf(float(power))
    bar = (a + b) / 2
    top = za * sqrt(2 * bar * (1 - bar)) + zb * sqrt(a * (1 - a) + b * (1 - b))
    return ceil((top / (a - b)) ** 2 - 1e-9)


def power_of_comparison(p1: float, p2: float, n: int, confidence: float = 0.95) -> float:
    """The chance that ``n`` games per side show a significant difference between true rates
    ``p1`` and ``p2`` (normal approximation, the inverse of ``games_needed``)."""
    a = _check_rate("p1", p1)
    b = _check_rate("p2", p2)
    n = _check_count("n", n, 1)
    za = z_value(confidence)
    bar = (a + b) / 2
    sd0 = sqrt(2 * bar * (1 - bar) / n)
    sd1 = sqrt((a * (1 - a) + b * (1 - b)) / n)
    if sd1 == 0:
        return 1.0 if a != b else 0.0
    d = abs(a - b)
    return _NORMAL.cdf((d - za * sd0) / sd1) + _NORMAL.cdf((-d - za * sd0) / sd1)


def two_proportion_test(wins1: int, n1: int, wins2: int, n2: int) -> tuple[float, float]:
    """(z, two-sided p-value) for "the two win rates are equal", with the pooled rate."""
    n1 = _check_count("n1", n1, 1)
    n2 = _check_count("n2", n2, 1)
    for name, k, n in (("wins1", wins1, n1), ("wins2", wins2, n2)):
        _check_count(name, k)
        if k > n:
            raise GamelibError(f"{name} ({k}) cannot exceed its number of games ({n})")
    pooled = (wins1 + wins2) / (n1 + n2)
    se = sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    diff = wins1 / n1 - wins2 / n2
    if se == 0:
        return 0.0, 1.0
    z = diff / se
    return z, 2 * _NORMAL.cdf(-abs(z))


def games_needed_one_sample(p0: float, p1: float, confidence: float = 0.95, power: float = 0.8) -> int:
    """Trials needed to tell a true rate ``p1`` from a KNOWN rate ``p0`` (one seat's share of the
    sole wins against the fair 1/4) with a two-sided test at level 1 - ``confidence`` and the
    given power: n = ((z_a sqrt(p0 (1 - p0)) + z_b sqrt(p1 (1 - p1))) / (p1 - p0))^2. About half
    the two-sample ``games_needed``, which must also estimate the second rate."""
    a = _check_rate("p0", p0)
    b = _check_rate("p1", p1)
    if a == b:
        raise GamelibError(f"p0 and p1 are equal ({a}): no number of trials tells them apart")
    _check_confidence(power, "power")
    za = z_value(confidence)
    zb = _NORMAL.inv_cdf(float(power))
    return ceil(((za * sqrt(a * (1 - a)) + zb * sqrt(b * (1 - b))) / (b - a)) ** 2 - 1e-9)


def chi2_ppf(q: float, df: int) -> float:
    """The chi-square quantile: the x with P(chi-square <= x) = ``q`` (bisection on ``chi2_sf``)."""
    _check_confidence(q, "q")
    lo, hi = 0.0, 1.0
    while chi2_sf(hi, df) > 1 - q:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if chi2_sf(mid, df) > 1 - q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def noncentral_chi2_sf(x: float, df: int, nc: float) -> float:
    """P(noncentral chi-square >= ``x``): a Poisson(nc / 2) mixture of central chi-squares."""
    if nc < 0:
        raise GamelibError(f"the noncentrality must be >= 0, got {nc!r}")
    total, j, weight = 0.0, 0, exp(-nc / 2)
    while True:
        total += weight * chi2_sf(x, df + 2 * j)
        j += 1
        weight *= (nc / 2) / j
        if j > nc / 2 + 10 and weight < 1e-16:
            return min(1.0, total)


def chi_square_trials_needed(p0: Sequence[float], p1: Sequence[float], confidence: float = 0.95,
                             power: float = 0.8) -> int:
    """Trials needed for the chi-square goodness-of-fit test at level 1 - ``confidence`` to reject
    the shares ``p0`` with the given power when the true shares are ``p1``: the smallest n whose
    noncentrality n * sum((p1 - p0)^2 / p0) reaches the power (Cohen's method)."""
    if len(p0) != len(p1) or len(p0) < 2:
        raise GamelibError("p0 and p1 must be two lists of at least two shares, of the same length")
    w2 = sum((float(b) - float(a)) ** 2 / float(a) for a, b in zip(p0, p1))
    if w2 == 0:
        raise GamelibError("p0 and p1 are equal: no number of trials tells them apart")
    _check_confidence(power, "power")
    df = len(p0) - 1
    cut = chi2_ppf(_check_confidence(confidence), df)
    lo, hi = 0.0, 1.0
    while noncentral_chi2_sf(cut, df, hi) < power:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if noncentral_chi2_sf(cut, df, mid) < power:
            lo = mid
        else:
            hi = mid
    return ceil(hi / w2 - 1e-9)


def paired_test(only_first: int, only_second: int) -> tuple[float, float]:
    """McNemar's test for paired trials (the same deals played two ways): (z, two-sided p-value)
    from the pairs won only the first way and only the second way (continuity-corrected)."""
    _check_count("only_first", only_first)
    _check_count("only_second", only_second)
    d = only_first + only_second
    if d == 0:
        return 0.0, 1.0
    z = (abs(only_first - only_second) - 1) / sqrt(d)
    z = max(z, 0.0) * (1 if only_first >= only_second else -1)
    return z, 2 * _NORMAL.cdf(-abs(z))


@dataclass(frozen=True)
class Estimate:
    """A simulated number with its uncertainty: ``value`` +- ``se``, ``low``..``high`` the
    interval at ``confidence``, from ``n`` trials."""

    value: float
    se: float
    low: float
    high: float
    n: int
    confidence: float = 0.95

    def contains(self, x: float | Fraction) -> bool:
        """Whether ``x`` lies in the interval; the ends count as inside (the Wilson interval's
        ends at 0 and n successes are exactly 0 and 1)."""
        return self.low <= float(x) <= self.high

    def within(self, x: float | Fraction, k: float = 4.0) -> bool:
        """Whether ``x`` lies within ``k`` standard errors (the tests use k = 4)."""
        return abs(float(x) - self.value) <= k * self.se + 1e-12


def estimate_rate(successes: int, n: int, confidence: float = 0.95) -> Estimate:
    """A simulated probability: the share of successes, its standard error and Wilson interval."""
    n = _check_count("n", n, 1)
    low, high = wilson_interval(successes, n, confidence)
    p = successes / n
    return Estimate(p, sqrt(p * (1 - p) / n), low, high, n, float(confidence))


def estimate_mean(values: Iterable[float], confidence: float = 0.95) -> Estimate:
    """A simulated expectation: the sample mean, its standard error and a normal interval.
    A numpy array is summarised by numpy (a million values at once)."""
    if hasattr(values, "mean") and hasattr(values, "std") and hasattr(values, "__len__"):
        n = len(values)
        if n < 2:
            raise GamelibError(f"a standard error needs at least 2 values, got {n}")
        m = float(values.mean())
        se = float(values.std(ddof=1)) / sqrt(n)
        low, high = normal_interval(m, se, confidence)
        return Estimate(m, se, low, high, n, float(confidence))
    xs = [float(v) for v in values]
    se = standard_error_of_mean(xs)
    m = sum(xs) / len(xs)
    low, high = normal_interval(m, se, confidence)
    return Estimate(m, se, low, high, len(xs), float(confidence))


def reconcile(exact: Fraction | float, estimate: Estimate, what: str = "") -> dict[str, Any]:
    """One row of the table that puts an exact answer next to its simulation: exact value,
    estimate, standard error, interval, whether the exact value lies inside, and how many
    standard errors apart the two are."""
    gap = float(estimate.value) - float(exact)
    row: dict[str, Any] = {}
    if what:
        row["question"] = what
    row.update({
        "exact": exact,
        "exact ≈": float(exact),
        "simulated": estimate.value,
        "standard error": estimate.se,
        f"{round(100 * estimate.confidence)}% interval": f"{estimate.low:.4f} to {estimate.high:.4f}",
        "exact inside?": estimate.contains(exact),
        "gap in SEs": gap / estimate.se if estimate.se else 0.0,
        "trials": estimate.n,
    })
    return row


# ---- the chi-square distribution -------------------------------------------------------------------
def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom >= ``x``), the p-value: the regularised upper
    incomplete gamma function in closed form for whole and half-whole shapes (standard library
    only; the tests check it against scipy.stats.chi2). The p-value of the seats' test in
    ``walk_the_plank`` and of ``gamelib.testing``'s odds check."""
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise GamelibError(f"degrees of freedom must be a whole number >= 1, got {df!r}")
    x = float(x)
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for j in range(1, df // 2):
            term *= h / j
            total += term
        return min(1.0, exp(-h) * total)
    total = erfc(sqrt(h))
    term = sqrt(h) * 2 / sqrt(pi)  # the j = 1/2 term of the series, times e^h
    for j in range(1, (df + 1) // 2):
        total += exp(-h) * term
        term *= h / (j + 0.5)
    return min(1.0, total)


__all__ = [
    "chi2_ppf", "chi2_sf", "chi_square_trials_needed", "games_needed_one_sample", "noncentral_chi2_sf", "paired_test",
    "Estimate", "estimate_mean", "estimate_rate", "games_for_margin", "games_needed", "normal_interval",
    "power_of_comparison", "reconcile", "standard_error", "standard_error_of_mean", "two_proportion_test",
    "wilson_interval", "z_value",
]
