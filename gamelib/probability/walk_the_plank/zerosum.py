"""Zero-sum matrix games solved exactly (a small simplex on Fractions, no scipy), and an
endgame solved by best replies without filling its whole payoff matrix."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError

# ---- zero-sum games, solved exactly ------------------------------------------------------------------------

@dataclass(frozen=True)
class Solution:
    """The minimax solution of a zero-sum matrix game: the value (what the row player can make
    sure of on average, and the column player can hold them to) and an optimal mixed strategy for
    each side (probabilities over rows and columns)."""

    value: Fraction
    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]

    @property
    def pure(self) -> bool:
        """A saddle point: both sides have an optimal strategy that plays one programme for sure."""
        return max(self.row) == 1 and max(self.col) == 1


def _as_matrix(m: Any) -> list[list[Fraction]]:
    rows = [[Fraction(x) for x in r] for r in (m.entries if hasattr(m, "entries") else m)]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise GamelibError("a payoff matrix needs at least one row and one column, all rows of equal length")
    return rows


def solve(matrix: Any) -> Solution:
    """Optimal mixed strategies and the value of a zero-sum game (rows maximise), exactly: the
    linear programme "maximise v with every column paying the row mix at least v", by the simplex
    method on Fractions (Bland's rule, so it always ends). The result is checked before it is
    returned: the row mix earns at least the value against every column, and the column mix
    concedes at most the value to every row."""
    a = _as_matrix(matrix)
    m, n = len(a), len(a[0])
    shift = 1 - min(min(r) for r in a)  # every entry >= 1, so the value is > 0
    b = [[x + shift for x in r] for r in a]
    # maximise sum(y) subject to b y <= 1, y >= 0 (the column player's programme, scaled)
    # tableau rows: m constraints with slacks; columns: n variables + m slacks + rhs
    t = [b[i][:] + [Fraction(int(i == k)) for k in range(m)] + [Fraction(1)] for i in range(m)]
    z = [Fraction(-1)] * n + [Fraction(0)] * m + [Fraction(0)]
    basis = [n + i for i in range(m)]
    while True:
        enter = next((j for j in range(n + m) if z[j] < 0), None)
        if enter is None:
            break
        best, leave = None, None
        for i in range(m):
            if t[i][enter] > 0:
                ratio = t[i][-1] / t[i][enter]
                if best is None or ratio < best or (ratio == best and basis[i] < basis[leave]):
                    best, leave = ratio, i
        if leave is None:  # cannot happen: the constraints bound every variable
            raise GamelibError("the linear programme is unbounded")
        piv = t[leave][enter]
        t[leave] = [x / piv for x in t[leave]]
        for i in range(m):
            if i != leave and t[i][enter]:
                f = t[i][enter]
                t[i] = [x - f * y for x, y in zip(t[i], t[leave])]
        if z[enter]:
            f = z[enter]
            z = [x - f * y for x, y in zip(z, t[leave])]
        basis[leave] = enter
    total = z[-1]
    v = 1 / total
    y = [Fraction(0)] * n
    for i, j in enumerate(basis):
        if j < n:
            y[j] = t[i][-1]
    col = tuple(x * v for x in y)
    row = tuple(z[n + i] * v for i in range(m))
    value = v - shift
    sol = Solution(value, row, col)
    _check(a, sol)
    return sol


def _check(a: list[list[Fraction]], s: Solution) -> None:
    m, n = len(a), len(a[0])
    if sum(s.row) != 1 or sum(s.col) != 1 or min(s.row) < 0 or min(s.col) < 0:
        raise GamelibError("internal error: the strategies found are not probability distributions")
    worst = min(sum(s.row[i] * a[i][j] for i in range(m)) for j in range(n))
    best = max(sum(a[i][j] * s.col[j] for j in range(n)) for i in range(m))
    if worst != s.value or best != s.value:
        raise GamelibError("internal error: the strategies found are not optimal")


def guaranteed(matrix: Any, row_mix: Sequence[Fraction]) -> Fraction:
    """What a row mix earns for sure on average: its payoff against the column player's best reply."""
    a = _as_matrix(matrix)
    return min(sum(Fraction(row_mix[i]) * a[i][j] for i in range(len(a))) for j in range(len(a[0])))


def pure_security(matrix: Any) -> tuple[Fraction, Fraction]:
    """(the best the row player can make sure of with one programme: max over rows of the row's
    minimum, the least the column player can concede with one: min over columns of the maximum).
    Equal: a saddle point, no need to mix."""
    a = _as_matrix(matrix)
    return max(min(r) for r in a), min(max(a[i][j] for i in range(len(a))) for j in range(len(a[0])))
