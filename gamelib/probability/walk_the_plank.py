"""Exact probability and game theory for Walk the Plank, as ``Fraction``s: one round played out
for given programmes, the payoff matrix of a small endgame over both rivals' programmes, its
optimal mixed programme (the minimax solution of a zero-sum game), and the chi-square test a
lesson uses to ask whether the seat at the table matters.

An endgame is a position at the start of a round, read from a scenario dict (the engine's own
format: ``{"players": [...], "captain": "red", "planks": 3, "pirates": {"red": ["plank 2", "dead",
"dead"], ...}, "eliminated": [...], "set_aside": {...}}``), in which exactly two players still have
pirates: the two rivals. The round is played as the rules play it (``gamelib.rules.walk_the_plank``
and ``docs/rulings.md``, Walk the Plank): cards are revealed card 1 of every player from the
Captain clockwise, then card 2, then card 3; a card with no possible effect does nothing; the end
is checked after every card, and once it holds the round is finished and the players with
surviving pirates win. This module scores only this round: if no end condition holds when the
round is over, nobody wins (the engine's ``max_rounds`` house rule set to this round).

The payoff to the first rival is +1 if they win and the other does not, -1 the other way round,
0 when both win or neither does: a zero-sum game. When a card lets its owner choose how to carry
it out, the owner chooses as well as possible knowing every programme (``resolve="best"``), or
at random (``resolve="random"``, the engine's random player); a Ghost's player has nothing to
win, so the Ghost's programme and choices are taken at random, every one equally likely.

No widgets, no plotting, no scipy here: the linear programme is solved exactly by a small simplex
on Fractions."""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from gamelib.core.errors import GamelibError

from .stats import chi2_sf

SHIP, DEAD, MAX_PLANKS = 0, -1, 3
#: the shipped cards of one colour: name -> (effect, Skull?, positions allowed)
CARDS: dict[str, tuple[str, bool, tuple[int, ...]]] = {
    "Shove Left": ("shove_left", False, (1, 2, 3)),
    "Shove Right": ("shove_right", False, (1, 2, 3)),
    "Shove Anyone": ("shove_anyone", True, (1, 2, 3)),
    "Extend the Plank": ("extend", False, (1, 2, 3)),
    "Retract the Plank": ("retract", True, (1, 2, 3)),
    "Drag to Sea": ("drag", True, (1, 2, 3)),
    "Pull to Ship": ("pull", False, (1, 2, 3)),
    "Run Around": ("run_around", False, (1, 2, 3)),
    "I Don't Wan'a Die!": ("dont_want_to_die", False, (1, 2, 3)),
    "Charge!": ("charge", True, (2, 3)),
}
SHOVES = ("Shove Left", "Shove Right", "Shove Anyone")
PLACES = {"ship": 0, "the ship": 0, "plank 1": 1, "plank 2": 2, "plank 3": 3, "dead": DEAD}

Programme = tuple  # (card 1, card 2, card 3); a Ghost's: None except at its declared position


# ---- the position ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Endgame:
    """A position at the start of a round with two rivals (the players who still have pirates)."""

    colours: tuple[str, ...]
    counts: tuple[tuple[int, ...], ...]   # per seat: living pirates on the ship, plank 1, 2, 3
    planks: int
    captain: int
    ghosts: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]    # per seat: the cards that may be programmed this round
    scenario: dict = field(compare=False, hash=False, default_factory=dict)

    @property
    def rivals(self) -> tuple[int, int]:
        alive = [s for s, c in enumerate(self.counts) if sum(c)]
        return alive[0], alive[1]

    def name(self, seat: int) -> str:
        return self.colours[seat]


def endgame(scenario: Mapping[str, Any]) -> Endgame:
    """An ``Endgame`` from a scenario dict (only the fields a round needs; the engine checks the
    rest when the lessons load the same dict with ``game.from_scenario``)."""
    if not isinstance(scenario, Mapping):
        raise GamelibError(f"an endgame is a scenario dict, got {type(scenario).__name__}")
    colours = tuple(scenario.get("players") or ())
    if not 3 <= len(colours) <= 5:
        raise GamelibError("the scenario must list its players (3 to 5 colours), e.g. players=['red', 'blue', 'green']")
    planks = scenario.get("planks", MAX_PLANKS)
    if planks not in (1, 2, 3):
        raise GamelibError(f"planks must be 1, 2 or 3, got {planks!r}")
    pirates = scenario.get("pirates")
    if not isinstance(pirates, Mapping) or set(pirates) != set(colours):
        raise GamelibError("pirates must give 3 places for every colour, e.g. {'red': ['ship', 'plank 1', 'dead']}")
    counts = []
    for c in colours:
        places = pirates[c]
        if not isinstance(places, list) or len(places) != 3 or any(p not in PLACES for p in places):
            raise GamelibError(f"{c}: 3 places among 'ship', 'plank 1', 'plank 2', 'plank 3', 'dead', got {places!r}")
        row = [0, 0, 0, 0]
        for p in places:
            if PLACES[p] > planks:
                raise GamelibError(f"{c} has a pirate on {p} but only {planks} plank piece(s) are in play")
            if PLACES[p] >= 0:
                row[PLACES[p]] += 1
        counts.append(tuple(row))
    alive = [i for i, c in enumerate(counts) if sum(c)]
    if len(alive) != 2:
        raise GamelibError(f"an endgame has exactly two players with pirates, got {len(alive)}")
    if sum(sum(c) for c in counts) <= 2:
        raise GamelibError("with two pirates or fewer the game is already over")
    captain = scenario.get("captain", colours[0])
    if captain not in colours or not sum(counts[colours.index(captain)]):
        raise GamelibError(f"the Captain must be a player with pirates, got {captain!r}")
    eliminated = list(scenario.get("eliminated", []))
    n_ghosts = 2 if len(colours) == 5 else 1
    ghosts = tuple(colours.index(c) for c in eliminated[:n_ghosts])
    aside = scenario.get("set_aside", {}) or {}
    hands = []
    for s, c in enumerate(colours):
        own = SHOVES if s in ghosts else tuple(CARDS)
        out = [x for x in own if x not in aside.get(c, [])]
        hands.append(tuple(out) if (sum(counts[s]) or s in ghosts) else ())
    return Endgame(colours, tuple(counts), planks, colours.index(captain), ghosts, tuple(hands), dict(scenario))


def programmes(game: Endgame, seat: int) -> list[Programme]:
    """Every programme ``seat`` may place: three different cards of the hand in order (Charge!
    never first), or for a Ghost one Shove card at a declared position."""
    hand = game.hands[seat]
    if seat in game.ghosts:
        return [tuple(card if k == j else None for k in (1, 2, 3)) for card in hand for j in CARDS[card][2]]
    return [p for p in itertools.permutations(hand, 3) if all(k in CARDS[c][2] for k, c in zip((1, 2, 3), p))]


def programme_text(p: Programme) -> str:
    cards = [c for c in p if c is not None]
    if len(cards) == 1:
        return f"{cards[0]} as card {p.index(cards[0]) + 1}"
    return " → ".join(cards)


# ---- one card on the board ------------------------------------------------------------------------------

Board = tuple  # (counts per seat, planks)


def _alive(counts: tuple, seat: int) -> bool:
    return sum(counts[seat]) > 0


def _neighbour(counts: tuple, seat: int, step: int) -> int | None:
    n = len(counts)
    s = (seat + step) % n
    while s != seat:
        if _alive(counts, s):
            return s
        s = (s + step) % n
    return None


def _move(counts: list[list[int]], planks: int, seat: int, place: int, steps: int) -> None:
    counts[seat][place] -= 1
    new = place + steps
    if new <= planks:
        counts[seat][max(SHIP, new)] += 1


def options(board: Board, seat: int, ghost: bool, effect: str, slot: int) -> list[Board]:
    """Every distinct board ``seat`` can leave by carrying out a card (empty: no effect), as the
    rules list the ways (``docs/rulings.md``, Walk the Plank, Cards)."""
    return list(_options(board, seat, ghost, effect, slot))


@lru_cache(maxsize=200_000)
def _options(board: Board, seat: int, ghost: bool, effect: str, slot: int) -> tuple[Board, ...]:
    """Every distinct board ``seat`` can leave by carrying out a card (empty: no effect), as the
    rules list the ways (``docs/rulings.md``, Walk the Plank, Cards)."""
    counts, planks = board
    mine = [SHIP] if ghost else [p for p in range(planks + 1) if counts[seat][p]]
    outs: list[Board] = []

    def result(moves: Sequence[tuple[int, int, int]] = (), new_planks: int | None = None) -> None:
        c = [list(r) for r in counts]
        pl = planks
        if new_planks is not None:
            if new_planks < planks:  # retract: everyone on the last piece falls into the sea
                for r in c:
                    r[planks] = 0
            pl = new_planks
        for who, place, steps in moves:
            _move(c, pl, who, place, steps)
        outs.append((tuple(tuple(r) for r in c), pl))

    n = len(counts)
    if effect in ("shove_left", "shove_right"):
        target = _neighbour(counts, seat, 1 if effect == "shove_left" else -1)
        if target is not None:
            for place in mine:
                if counts[target][place]:
                    result([(target, place, 1)])
    elif effect == "shove_anyone":
        for place in mine:
            for q in range(n):
                k = counts[q][place]
                if k and (q != seat or k >= 2):
                    result([(q, place, 1)])
    elif effect == "extend":
        if planks < MAX_PLANKS:
            result(new_planks=planks + 1)
    elif effect == "retract":
        if planks > 1:
            result(new_planks=planks - 1)
    elif effect in ("drag", "pull"):
        toward = 1 if effect == "drag" else -1
        for place in mine:
            if toward == -1 and place == SHIP:
                continue
            for q in range(n):
                k = counts[q][place]
                if q == seat and k >= 2:
                    result([(seat, place, toward), (seat, place, toward)])
                elif q != seat and k:
                    result([(seat, place, toward), (q, place, toward)])
    elif effect == "run_around":
        for place in mine:
            if place > SHIP:
                result([(seat, place, -1)])
            result([(seat, place, 1)])
    elif effect == "dont_want_to_die":
        for place in mine:
            if place > SHIP:
                for steps in ((1, 2) if place >= 2 else (1,)):
                    result([(seat, place, -steps)])
    elif effect == "charge":
        if slot == 1:
            return ()
        for place in mine:
            dest = place + 1
            targets = [q for q in range(n) if dest <= planks and counts[q][dest]]
            if not targets:
                result([(seat, place, 1)])
            for q in targets:
                result([(seat, place, 1), (q, dest, 1)])
    else:
        raise GamelibError(f"unknown card effect {effect!r}")
    return tuple(outs)


@lru_cache(maxsize=100_000)
def _over(counts: tuple) -> bool:
    living = sum(sum(c) for c in counts)
    return living <= 2 or sum(1 for c in counts if sum(c)) <= 1


# ---- one round, exactly ---------------------------------------------------------------------------------

def reveal_order(game: Endgame, progs: Mapping[int, Programme]) -> tuple[tuple[int, str, int], ...]:
    """(seat, effect, position) of every programmed card in the order the round reveals them."""
    n = len(game.colours)
    out = []
    for k in (1, 2, 3):
        for off in range(n):
            seat = (game.captain + off) % n
            p = progs.get(seat)
            if p is not None and p[k - 1] is not None:
                out.append((seat, CARDS[p[k - 1]][0], k))
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
    return Fraction(_play(board, reveal_order(game, progs), frozenset(game.ghosts), a, b, resolve, _over(game.counts),
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
        return _play(o, rest, ghosts, a, b, resolve, final or _over(o[0]), unfinished)
    vals = [_play(o, rest, ghosts, a, b, resolve, final or _over(o[0]), unfinished) for o in outs]
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
                  rows: Sequence[Programme] | None = None, cols: Sequence[Programme] | None = None) -> PayoffMatrix:
    """Every pair of the two rivals' programmes (or of the ``rows`` and ``cols`` given), played out
    exactly (``round_value``), averaged over the Ghosts' programmes. All of them: tens of thousands
    of rounds, several seconds (``solve_endgame`` finds the solution without them all)."""
    g = game if isinstance(game, Endgame) else endgame(game)
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
    final = _over(g.counts)

    def cards(seat: int, p: Programme) -> list:
        return [None if c is None else (seat, CARDS[c][0], k) for k, c in zip((1, 2, 3), p)]

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
                  unfinished: Fraction = Fraction(0)) -> EndgameSolution:
    """The endgame's value and optimal mixed programmes, exactly, without filling the whole
    payoff matrix (tens of thousands of rounds): start from one programme each, solve the small
    game, add each rival's best reply to the other's mix, computed against EVERY programme, and
    stop when neither best reply does better than the value. That stopping test is a proof: the
    mixes found are optimal in the full matrix (``payoff_matrix`` gives the same value)."""
    g = game if isinstance(game, Endgame) else endgame(game)
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


__all__ = [
    "CARDS", "ChiSquare", "Core", "Endgame", "EndgameSolution", "PayoffMatrix", "SHOVES", "Solution", "chi2_sf", "chi_square_table",
    "chi_square_uniform", "endgame", "multinomial_p_value", "multinomial_tail", "ghost_programmes", "guaranteed", "options", "payoff", "payoff_matrix",
    "programme_text", "programmes", "pure_security", "reveal_order", "round_value", "seat_of", "solve", "solve_endgame",
]
