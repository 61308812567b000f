"""Does the seat at the table matter? Chi-square tests of wins by seat: goodness of fit,
contingency tables, and the exact multinomial tail for small tables."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from gamelib.core.errors import GamelibError

from ..stats import chi2_sf

# ---- does the seat matter? a chi-square test -----------------------------------------------------------------

@dataclass(frozen=True)
class ChiSquare:
    """A chi-square test: the statistic (exact), degrees of freedom, p-value, expected counts."""

    statistic: Fraction
    df: int
    p_value: float
    expected: tuple[Fraction, ...]
    observed: tuple[int, ...]


def chi_square_uniform(counts: Sequence[int], shares: Sequence[Any] | None = None) -> ChiSquare:
    """Goodness of fit: do ``counts`` (e.g. sole wins by seat) fit ``shares`` (default: all equal)?
    The statistic is the sum of (observed - expected)^2 / expected, with k - 1 degrees of freedom."""
    obs = [int(c) for c in counts]
    if len(obs) < 2 or any(c < 0 for c in obs) or sum(obs) == 0:
        raise GamelibError(f"a chi-square test needs two or more counts >= 0 with a positive total, got {counts!r}")
    k = len(obs)
    w = [Fraction(1)] * k if shares is None else [Fraction(s) for s in shares]
    if len(w) != k or any(x <= 0 for x in w):
        raise GamelibError("shares must be positive, one per count")
    total = sum(obs)
    exp_ = [Fraction(total) * x / sum(w) for x in w]
    stat = sum(((o - e) ** 2 / e for o, e in zip(obs, exp_)), Fraction(0))
    return ChiSquare(stat, k - 1, chi2_sf(float(stat), k - 1), tuple(exp_), tuple(obs))


def chi_square_table(table: Sequence[Sequence[int]]) -> ChiSquare:
    """Independence in a contingency table (e.g. seats x won/lost): expected = row total x column
    total / grand total, (r - 1)(c - 1) degrees of freedom."""
    t = [[int(x) for x in r] for r in table]
    r, c = len(t), len(t[0]) if t else 0
    if r < 2 or c < 2 or any(len(row) != c for row in t):
        raise GamelibError("a contingency table needs at least 2 rows and 2 columns of equal length")
    rs = [sum(row) for row in t]
    cs = [sum(t[i][j] for i in range(r)) for j in range(c)]
    total = sum(rs)
    if not total or 0 in rs or 0 in cs:
        raise GamelibError("every row and every column of the table needs a positive total")
    exp_ = [[Fraction(rs[i] * cs[j], total) for j in range(c)] for i in range(r)]
    stat = sum(((t[i][j] - exp_[i][j]) ** 2 / exp_[i][j] for i in range(r) for j in range(c)), Fraction(0))
    df = (r - 1) * (c - 1)
    return ChiSquare(stat, df, chi2_sf(float(stat), df), tuple(x for row in exp_ for x in row),
                     tuple(x for row in t for x in row))


def multinomial_tail(n: int, k: int, statistic: Any, *, limit: int = 3_000_000) -> Fraction:
    """P(chi-square statistic >= ``statistic``) EXACTLY for ``n`` wins shared out at random among
    ``k`` equally likely seats (the multinomial null hypothesis), by enumerating every vector of
    counts: the statistic is k/n * sum(O^2) - n, so the comparison is one of whole numbers."""
    for name, v in (("n", n), ("k", k)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise GamelibError(f"{name} must be a whole number >= 1, got {v!r}")
    if k < 2:
        raise GamelibError(f"a chi-square test needs two or more seats, got k={k}")
    if comb(n + k - 1, k - 1) > limit:
        raise GamelibError(f"{comb(n + k - 1, k - 1):,} vectors of counts for n={n}, k={k}: more than {limit:,} "
                           "to enumerate; simulate instead")
    # sum(O^2) >= (statistic + n) * n / k, the smallest whole number at least that
    need = Fraction(statistic + n) * n / k
    target = -((-need.numerator) // need.denominator)
    total = 0

    def rec(i: int, left: int, sq: int, ways: int) -> None:
        nonlocal total
        if i == k - 1:
            if sq + left * left >= target:
                total += ways
            return
        for c in range(left + 1):
            rec(i + 1, left - c, sq + c * c, ways * comb(left, c))

    rec(0, n, 0, 1)
    return Fraction(total, k ** n)


def multinomial_p_value(counts: Sequence[int]) -> Fraction:
    """The exact p-value of ``chi_square_uniform(counts)`` under equal shares (``multinomial_tail``)."""
    chi = chi_square_uniform(counts)
    return multinomial_tail(sum(chi.observed), len(chi.observed), chi.statistic)


def seat_of(colour: str, captain: str, colours: Sequence[str]) -> int:
    """A player's place in the first round's order: 1 for the first Captain, 2 for the next
    player clockwise, ..."""
    return (list(colours).index(colour) - list(colours).index(captain)) % len(colours) + 1
