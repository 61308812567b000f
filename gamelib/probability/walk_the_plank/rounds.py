"""One round played out exactly for given programmes (``round_value``), and the payoff matrix of
an endgame over both rivals' programmes. The round is played as the rules play it: card 1 of
every player from the Captain clockwise, then card 2, then card 3; the end is checked after every
card (see the package's docstring for the payoff)."""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gamelib.core.errors import GamelibError

from .board import Board, _options, over
from .position import Endgame, Programme, endgame, programmes


# ---- one round, exactly ---------------------------------------------------------------------------------

def reveal_order(game: Endgame, progs: Mapping[int, Programme]) -> tuple[tuple[int, str, int], ...]:
    """(seat, effect, position) of every programmed card in the order the round reveals them."""
    n = len(game.colours)
    effects = {r[0]: r[1] for r in game.deck}
    out = []
    for k in (1, 2, 3):
        for off in range(n):
            seat = (game.captain + off) % n
            p = progs.get(seat)
            if p is not None and p[k - 1] is not None:
                out.append((seat, effects[p[k - 1]], k))
    return tuple(out)


def round_value(game: Endgame, progs: Mapping[int, Programme], resolve: str = "best",
                unfinished: Fraction = Fraction(0)) -> Fraction:
    """The first rival's payoff (+1, -1, 0: see the module's docstring) when the round is played with
    these programmes (seat -> programme), exactly; choices made as ``resolve`` says. A round after
    which the game goes on scores ``unfinished`` (0 by default: the round limit's "nobody wins"; a
    lesson varies it to show what that modelling step changes)."""
    if resolve not in ("best", "random"):
        raise GamelibError(f"resolve must be 'best' or 'random', got {resolve!r}")
    a, b = game.rivals
    board = (game.counts, game.planks)
    return Fraction(_play(board, reveal_order(game, progs), frozenset(game.ghosts), a, b, resolve, over(game.counts),
                          Fraction(unfinished)))


@lru_cache(maxsize=None)
def _play(board: Board, reveals: tuple, ghosts: frozenset, a: int, b: int, resolve: str, final: bool,
          unfinished: Fraction = Fraction(0)) -> Fraction:
    counts = board[0]
    if not reveals:
        if not final:
            return unfinished  # no end condition this round: scored on this round only (0: nobody wins)
        return (sum(counts[a]) > 0) - (sum(counts[b]) > 0)
    (seat, effect, slot), rest = reveals[0], reveals[1:]
    ghost = seat in ghosts
    if not ghost and not sum(counts[seat]):
        return _play(board, rest, ghosts, a, b, resolve, final, unfinished)  # eliminated: its cards go back unplayed
    outs = _options(board, seat, ghost, effect, slot)
    if len(outs) <= 1:
        o = outs[0] if outs else board
        return _play(o, rest, ghosts, a, b, resolve, final or over(o[0]), unfinished)
    vals = [_play(o, rest, ghosts, a, b, resolve, final or over(o[0]), unfinished) for o in outs]
    if ghost or resolve == "random" or seat not in (a, b):
        return Fraction(sum(vals), 1) / len(vals)
    return max(vals) if seat == a else min(vals)


def ghost_programmes(game: Endgame) -> list[dict[int, Programme]]:
    """Every combination of the Ghosts' programmes (each equally likely): a list of seat -> programme."""
    per = [[(g, p) for p in programmes(game, g)] for g in game.ghosts]
    return [dict(c) for c in itertools.product(*per)] if per else [{}]


def payoff(game: Endgame, row: Programme, col: Programme, resolve: str = "best",
           unfinished: Fraction = Fraction(0)) -> Fraction:
    """The first rival's expected payoff for one pair of programmes, averaged over the Ghosts'."""
    a, b = game.rivals
    gs = ghost_programmes(game)
    return sum((round_value(game, {a: row, b: col, **g}, resolve, unfinished) for g in gs), Fraction(0)) / len(gs)


@dataclass(frozen=True)
class PayoffMatrix:
    """The first rival's payoffs, one row per programme of theirs, one column per programme of the
    other rival's; entries exact."""

    game: Endgame
    rows: tuple[Programme, ...]
    cols: tuple[Programme, ...]
    entries: tuple[tuple[Fraction, ...], ...]
    resolve: str = "best"

    @property
    def row_player(self) -> str:
        return self.game.name(self.game.rivals[0])

    @property
    def col_player(self) -> str:
        return self.game.name(self.game.rivals[1])

    def classes(self) -> tuple[list[list[int]], list[list[int]]]:
        """Programmes that do exactly the same against everything: groups of row and column indices."""
        rg: dict[tuple, list[int]] = {}
        for i, r in enumerate(self.entries):
            rg.setdefault(r, []).append(i)
        cg: dict[tuple, list[int]] = {}
        for j in range(len(self.cols)):
            cg.setdefault(tuple(r[j] for r in self.entries), []).append(j)
        return list(rg.values()), list(cg.values())

    def reduced(self) -> "Core":
        """One programme per class, then strictly dominated programmes removed, again and again
        (neither changes the value of the game nor the optimal strategies' payoffs)."""
        rclass, cclass = self.classes()
        rows = [g[0] for g in rclass]
        cols = [g[0] for g in cclass]
        m = {(i, j): self.entries[i][j] for i in rows for j in cols}
        changed = True
        while changed:
            changed = False
            for i in list(rows):
                if any(k != i and all(m[k, j] > m[i, j] for j in cols) for k in rows):
                    rows.remove(i)
                    changed = True
            for j in list(cols):
                if any(k != j and all(m[i, k] < m[i, j] for i in rows) for k in cols):
                    cols.remove(j)
                    changed = True
        size = {i: len(g) for g in rclass for i in [g[0]]}
        csize = {j: len(g) for g in cclass for j in [g[0]]}
        return Core(self, tuple(rows), tuple(cols), tuple(tuple(m[i, j] for j in cols) for i in rows),
                    tuple(size[i] for i in rows), tuple(csize[j] for j in cols))


@dataclass(frozen=True)
class Core:
    """The matrix that is left after merging equal programmes and removing dominated ones: row
    ``k`` stands for ``matrix.rows[row_index[k]]`` and the ``row_class[k]`` programmes equal to it."""

    matrix: PayoffMatrix
    row_index: tuple[int, ...]
    col_index: tuple[int, ...]
    entries: tuple[tuple[Fraction, ...], ...]
    row_class: tuple[int, ...]
    col_class: tuple[int, ...]

    @property
    def rows(self) -> list[Programme]:
        return [self.matrix.rows[i] for i in self.row_index]

    @property
    def cols(self) -> list[Programme]:
        return [self.matrix.cols[j] for j in self.col_index]


def payoff_matrix(game: Endgame | Mapping[str, Any], resolve: str = "best", *,
                  rows: Sequence[Programme] | None = None, cols: Sequence[Programme] | None = None,
                  cards: Any = None) -> PayoffMatrix:
    """Every pair of the two rivals' programmes (or of the ``rows`` and ``cols`` given), played out
    exactly (``round_value``), averaged over the Ghosts' programmes. All of them: tens of thousands
    of rounds, several seconds (``solve_endgame`` finds the solution without them all). A scenario
    dict is played with the card set ``cards`` (``position.card_set``)."""
    g = game if isinstance(game, Endgame) else endgame(game, cards)
    if resolve not in ("best", "random"):
        raise GamelibError(f"resolve must be 'best' or 'random', got {resolve!r}")
    a, b = g.rivals
    rows = list(rows) if rows is not None else programmes(g, a)
    cols = list(cols) if cols is not None else programmes(g, b)
    gs = ghost_programmes(g)
    n = len(g.colours)
    order = [(g.captain + off) % n for off in range(n)]
    board = (g.counts, g.planks)
    ghosts = frozenset(g.ghosts)
    final = over(g.counts)
    effects = {r[0]: r[1] for r in g.deck}

    def cards(seat: int, p: Programme) -> list:
        return [None if c is None else (seat, effects[c], k) for k, c in zip((1, 2, 3), p)]

    rc = [cards(a, r) for r in rows]
    cc = [cards(b, c) for c in cols]
    gc = [{s: cards(s, p) for s, p in gh.items()} for gh in gs]
    # the reveal order, card k of each seat from the Captain: precomputed pieces joined per pair
    slots = [[s for s in order if s in (a, b) or s in ghosts] for _ in range(3)]
    entries = []
    try:
        for r in rc:
            line = []
            for c in cc:
                total = 0
                for gh in gc:
                    per = {a: r, b: c, **gh}
                    reveals = tuple(x for k in range(3) for s in slots[k] for x in (per[s][k],) if x is not None)
                    total += _play(board, reveals, ghosts, a, b, resolve, final)
                line.append(Fraction(total) / len(gc))
            entries.append(tuple(line))
    finally:
        _play.cache_clear()  # millions of small positions: keep the memory for the next question
    return PayoffMatrix(g, tuple(rows), tuple(cols), tuple(entries), resolve)
