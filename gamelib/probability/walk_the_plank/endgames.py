"""An endgame solved exactly by best replies: the value, each rival's optimal mix, and the
certificate that the mixes are optimal in the whole payoff matrix."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError

from .position import Endgame, Programme, endgame, programmes
from .rounds import _play, payoff
from .zerosum import solve

@dataclass(frozen=True)
class EndgameSolution:
    """An endgame solved exactly: the value, each rival's optimal mix over the programmes that
    matter, and the certificate that the mixes are optimal in the WHOLE game: every programme of
    one rival, played against the other's mix, earns at most (for the row rival) or concedes at
    least (for the column rival) the value. ``entries`` holds every payoff computed on the way."""

    game: Endgame
    value: Fraction
    row: dict[Programme, Fraction]
    col: dict[Programme, Fraction]
    best_row_reply: Fraction       # max over ALL of the row rival's programmes against ``col``
    best_col_reply: Fraction       # min over ALL of the column rival's programmes against ``row``
    rows_checked: int
    cols_checked: int
    entries: dict[tuple[Programme, Programme], Fraction] = field(compare=False, repr=False, default_factory=dict)
    resolve: str = "best"

    @property
    def proved(self) -> bool:
        return self.best_row_reply == self.value == self.best_col_reply

    @property
    def pure(self) -> bool:
        return len(self.row) == 1 and len(self.col) == 1


def solve_endgame(game: Endgame | Mapping[str, Any], resolve: str = "best", max_rounds: int = 60, *,
                  rows: Sequence[Programme] | None = None, cols: Sequence[Programme] | None = None,
                  unfinished: Fraction = Fraction(0), cards: Any = None) -> EndgameSolution:
    """The endgame's value and optimal mixed programmes, exactly, without filling the whole
    payoff matrix (tens of thousands of rounds): start from one programme each, solve the small
    game, add each rival's best reply to the other's mix, computed against EVERY programme, and
    stop when neither best reply does better than the value. That stopping test is a proof: the
    mixes found are optimal in the full matrix (``payoff_matrix`` gives the same value). A
    scenario dict is played with the card set ``cards`` (``position.card_set``)."""
    g = game if isinstance(game, Endgame) else endgame(game, cards)
    a, b = g.rivals
    rows = list(rows) if rows is not None else programmes(g, a)
    cols = list(cols) if cols is not None else programmes(g, b)
    memo: dict[tuple[Programme, Programme], Fraction] = {}

    def entry(r: Programme, c: Programme) -> Fraction:
        if (r, c) not in memo:
            memo[r, c] = payoff(g, r, c, resolve, Fraction(unfinished))
        return memo[r, c]

    R, C = [rows[0]], [cols[0]]
    try:
        for _ in range(max_rounds):
            sol = solve([[entry(r, c) for c in C] for r in R])
            col_mix = {c: q for c, q in zip(C, sol.col) if q}
            row_mix = {r: p for r, p in zip(R, sol.row) if p}
            row_vals = {r: sum((q * entry(r, c) for c, q in col_mix.items()), Fraction(0)) for r in rows}
            col_vals = {c: sum((p * entry(r, c) for r, p in row_mix.items()), Fraction(0)) for c in cols}
            br = max(rows, key=lambda r: row_vals[r])
            bc = min(cols, key=lambda c: col_vals[c])
            if row_vals[br] <= sol.value and col_vals[bc] >= sol.value:
                return EndgameSolution(g, sol.value, row_mix, col_mix, row_vals[br], col_vals[bc], len(rows),
                                       len(cols), dict(memo), resolve)
            if row_vals[br] > sol.value and br not in R:
                R.append(br)
            if col_vals[bc] < sol.value and bc not in C:
                C.append(bc)
        raise GamelibError(f"no proof of optimality after {max_rounds} rounds of best replies")
    finally:
        _play.cache_clear()
