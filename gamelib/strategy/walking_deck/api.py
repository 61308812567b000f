"""The solver for one Interrogation (``InterrogationSolver``, made of the mixins of ``keys``,
``search``, ``model`` and ``compiled``), and the API from the engine to the solver and back:
``solve``, ``action_values``, ``best_action``, ``budgeted_value``, a cache of solvers."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from gamelib.core import Action, GamelibError

from . import compiled
from .compiled import Compiled
from .keys import Keys
from .model import HEALED, LOST, SRC, WON, OverBudget, Rules, RulesCopy, _Work, char_code
from .search import Search


class NotAnInterrogation(GamelibError):
    """The solver was asked about a position or an action outside The Walking Deck's
    Interrogation (the only part of a game it covers)."""


class InterrogationSolver(Keys, Search, RulesCopy, Compiled):
    """Exact values for one Interrogation: one Memory (positions later in the same Memory are
    its suffixes), one Protagonist, and one set of tokens in play.

    ``value(k)`` searches with floats (fast: the best option is all an agent needs) and keeps,
    at each position, the options whose float value is within ``1e-9`` of the best (``cands``:
    the exact best is always among them); ``exact(k)`` then gives the ``Fraction``, evaluating
    exactly only those options, with integer arithmetic (see ``_exact``)."""

    TOL = 1e-9

    def __init__(self, rules: Rules, memory: tuple[str, ...], base: tuple[tuple[int, int], ...], respites: int,
                 fast: bool | None = None):
        self.rules = rules
        self.memory = memory
        self.base = base           # (mask, count) of the tokens with weaknesses, always in the bag
        self.base_total = sum(n for _, n in base)
        self.respites = respites   # Respite tokens in play (in the bag or beside it)
        self.fmemo: dict[Any, float] = {WON: 1.0, LOST: 0.0}
        self.xmemo: dict[Any, tuple[int, int]] = {WON: (1, 0), LOST: (0, 0)}  # see _exact
        self.cands: dict[Any, tuple] = {}  # see value()
        self._k0: Any = None  # see _settle
        self._redraws: dict[Any, float] = {}  # see _scan
        self._xredraws: dict[Any, tuple[int, int]] = {}
        # what a token shows, by the number of Respites in the bag: (mask, count) and the total
        self._draws = []
        for r in range(respites + 1):
            d = list(base) + ([(0, r)] if r else [])
            self._draws.append((tuple(d), self.base_total + r))
        self._l = 1  # every bag size divides L
        for _, total in self._draws:
            self._l = self._l * total // math.gcd(self._l, total)
        # the most draws one decision can lead to before the next: a redraw and every
        # Calamity of one banner
        self._dmax = 1 + max([sum(x[0] == "calamity" for x in rules.grey[c]) for c in memory] + [1])
        self._lpow = [self._l ** e for e in range(8 * self._dmax + 8)]
        self._tables()
        # power uses left open a Calamity decision (Boris's redraw, Éléonore's restore) below this
        self._power_uses = rules.max_uses if rules.power in ("redraw", "restore") else 0
        self._adrien = rules.power == "reserve heal"
        # _next_cal[i]: (add, ignore) if unstacking memory[i] draws a Calamity first, else None
        self._next_cal = []
        for c in memory:
            g = rules.grey[c]
            self._next_cal.append((g[0][1], g[0][2]) if g and g[0][0] == "calamity" else None)
        self._next_cal.append(None)
        self._kills: dict[tuple, tuple] = {}  # see _sure_death
        self.nodes = 0  # decision positions searched (for benchmarks and budgets)
        self.budget = float("inf")  # value() raises OverBudget past this many nodes
        # The compiled search, when there is one and the card set fits it: the same positions
        # (it reads these keys), the same search, in C. _value and _exact then go to it.
        self._fast = self._compiled() if (compiled.FAST if fast is None else fast) else None
        if self._fast is not None:
            self.__class__ = _CompiledSolver  # (not bound methods on the instance: no cycle to collect)

    def positions(self) -> int:
        """How many positions this solver remembers (for the cache's bound), not counting the
        two end keys each memo starts with."""
        return len(self.fmemo) + len(self.xmemo) - 4 + (len(self._fast) if self._fast is not None else 0)


class _CompiledSolver(InterrogationSolver):
    """An InterrogationSolver whose float and exact searches run in C (``_wds``); everything
    else (the rules for hints, outcomes, action values) is the Python class's."""

    _value = InterrogationSolver._fast_value
    _exact = InterrogationSolver._fast_exact


# ---- from the engine to the solver and back ------------------------------------------------------

_rules: dict[tuple, Rules] = {}
_solvers: dict[tuple, InterrogationSolver] = {}
MAX_SOLVERS = 64        # solvers (Memories) kept for hints; each remembers its positions
MAX_POSITIONS = 400_000  # memoised positions across them before the oldest solver is dropped


def rules_for(game: Any) -> Rules:
    k = (id(game.cards), game.protagonist.name)
    r = _rules.get(k)
    if r is None or r.tokens is not game.cards.tokens:
        r = _rules[k] = Rules(game)
    return r


def _bag(state: Any) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """(masks and counts of the tokens with weaknesses in play, Respites in play, Respites in the bag)."""
    tokens = state.game.cards.tokens
    inside = list(state.bag) + ([state.drawn] if state.drawn else [])
    counts: dict[int, int] = {}
    resp = 0
    for t in state.game.cards.token_ids:  # card-file order: the same whatever the bag's order
        if t in inside:
            if tokens[t].respite:
                resp += 1
            else:
                counts[tokens[t].weak] = counts.get(tokens[t].weak, 0) + 1
    return tuple(counts.items()), resp + len(state.aside), resp


def is_interrogation(state: Any) -> bool:
    return state.game.name == "walking-deck" and state.stage == "Interrogation"


def _memory_of(state: Any) -> tuple[str, ...]:
    """The Memory as a solver holds it: led by the Event whose banner is being applied, if any
    (it has left the Memory already), so that in every position that Event is memory[i - 1],
    the Event before the next to unstack (the search's tables are indexed so)."""
    return ((state.src,) if state.src is not None else ()) + tuple(state.memory)


def covers(solver: InterrogationSolver | None, state: Any) -> bool:
    """Whether ``solver`` was made for this Interrogation (or an earlier point of it)."""
    if solver is None or not is_interrogation(state):
        return False
    base, respites, _ = _bag(state)
    memory = _memory_of(state)
    n = len(memory)
    return (solver.rules is rules_for(state.game) and solver.base == base and solver.respites == respites
            and len(solver.memory) >= n and solver.memory[len(solver.memory) - n:] == memory)


def play_to_interrogation(state: Any, agent: Any) -> Any:
    """``state`` played on by ``agent`` until its Interrogation begins, or until the game ends
    (lost during the Journey); returns ``state``."""
    while not state.is_over and state.stage != "Interrogation":
        state.apply(agent.choose(state))
    return state


def solver_for(state: Any, cache: bool = True, fast: bool | None = None) -> InterrogationSolver:
    """The solver for this Interrogation. With ``cache``, solvers are kept (by Memory,
    Protagonist and tokens in play), so stepping through one game reuses the work. ``fast``:
    False for the Python search even where the compiled one is built (default: ``compiled.FAST``)."""
    if not is_interrogation(state):
        raise NotAnInterrogation("the exact solver covers the Interrogation of The Walking Deck only; this is "
                         f"{state.game.title}, {state.phase}")
    rules = rules_for(state.game)
    base, respites, _ = _bag(state)
    memory = _memory_of(state)
    if cache:
        for sv in reversed(_solvers.values()):
            if covers(sv, state):
                return sv
    solver = InterrogationSolver(rules, memory, base, respites, fast)
    if cache:
        while _solvers and (len(_solvers) >= MAX_SOLVERS
                            or sum(s.positions() for s in _solvers.values()) > MAX_POSITIONS):
            _solvers.pop(next(iter(_solvers)))
        _solvers[(id(rules), base, respites, memory)] = solver
    return solver


def work_of(solver: InterrogationSolver, state: Any) -> _Work:
    """The solver's working copy of an engine position of the same Interrogation (not over)."""
    p = state.pending
    healed = p[3] if p is not None and p[0] == "heal" else ()
    front = [_code(state, c, healed) for c in state.front]
    if p is None:
        pend = None
    elif p[0] == "damage":
        pend = ("damage", p[1])
    elif p[0] == "heal":
        pend = ("heal", p[1], p[2])
    elif p[0] == "calamity":
        pend = ("cal", state.game.cards.tokens[p[1]].weak, p[2], p[3], p[4])
    else:  # pragma: no cover - Journey decisions never happen in the Interrogation
        raise ValueError(f"unexpected decision {p!r} in the Interrogation")
    resp = _bag(state)[2]
    src = state.src
    w = _Work.__new__(_Work)
    w.i = len(solver.memory) - len(state.memory)
    w.front, w.res, w.resp, w.aside = front, sum(1 << r for r in range(3) if state.reserves[r]), resp, solver.respites - resp
    w.buried, w.uses, w.pres = len(state.buried), state.uses, state.power_reserves
    w.src, w.nxt, w.failed = src, (state.nxt if src else 0), (state.failed if src else False)
    w.cur = src is not None and state.current == src
    w.pending, w.over = pend, None
    return w


def key_of(solver: InterrogationSolver, state: Any) -> Any:
    """The solver's canonical key for an engine position of the same Interrogation."""
    if state.over is not None:
        return WON if state.over == "won" else LOST
    return solver.key(work_of(solver, state))


def _code(state: Any, c: str, healed: tuple = ()) -> int:
    e = state.game.cards.events[c]
    x = char_code(e.weak, e.toughness, state.dmg[c])
    if c == state.src:
        x |= SRC
    if c in healed:
        x |= HEALED
    return x


def model_action(state: Any, action: Action) -> tuple:
    """The solver's action for an engine action (Characters become their codes)."""
    p = state.pending
    healed = p[3] if p is not None and p[0] == "heal" else ()
    k, args = action.kind, action.args
    if k in ("damage", "heal"):
        return (k, _code(state, args[0], healed))
    if k == "reserve_heal":
        return (k, args[0], _code(state, args[1], healed))
    if k in ("ignore", "restore_power"):
        return (k, args[0])
    if k in ("unstack", "stop_heal", "apply_calamity", "redraw"):
        return (k,)
    raise NotAnInterrogation(f"{action.label!r} is not an Interrogation decision: give one of the legal actions "
                             "of an Interrogation position")


def solve(state: Any, exact: bool = True, cache: bool = True) -> Fraction | float:
    """The chance of winning from an Interrogation position with best play: a ``Fraction``
    (or a float with ``exact=False``, faster)."""
    if state.is_over:
        won = state.over == "won"
        return Fraction(int(won)) if exact else float(won)
    solver = solver_for(state, cache)
    k = key_of(solver, state)
    return solver.exact(k) if exact else solver.value(k)


def budgeted_value(state: Any, nodes: int, solver: InterrogationSolver | None = None) -> float | None:
    """The float value of an Interrogation position if it can be found within ``nodes`` new
    positions, else None (agents use this at the leaves of their search). ``solver``: one
    made by ``solver_for(state, cache=False)`` to reuse (else a fresh one)."""
    if state.is_over:
        return float(state.over == "won")
    if solver is None:
        solver = solver_for(state, cache=False)
    solver.budget = solver.nodes + nodes
    try:
        return solver.value(key_of(solver, state))
    except OverBudget:
        return None
    finally:
        solver.budget = float("inf")


def action_values(state: Any, exact: bool = True, cache: bool = True,
                  solver: InterrogationSolver | None = None) -> dict[str, Fraction | float]:
    """``{label: chance of winning}`` for each legal action of an Interrogation position,
    each followed by best play."""
    if state.is_over:
        return {}
    if solver is None:
        solver = solver_for(state, cache)
    w = work_of(solver, state)
    out: dict[str, Any] = {}
    values: dict[tuple, Any] = {}
    for a in state.legal_actions():
        m = model_action(state, a)
        if m not in values:
            values[m] = solver.exact_action_value(w, m) if exact else solver.action_value(w, m)
        out[a.label] = values[m]
    return out


def best_action(state: Any, solver: InterrogationSolver | None = None, nodes: float = float("inf")) -> Action | None:
    """A legal action of highest value (the first in the legal order within ``1e-9`` of the
    best, by the float search), or None if that takes more than ``nodes`` new positions."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if solver is None:
        solver = solver_for(state)
    solver.budget = solver.nodes + nodes
    try:
        vals = action_values(state, exact=False, solver=solver)
    except OverBudget:
        return None
    finally:
        solver.budget = float("inf")
    best = max(vals.values()) - InterrogationSolver.TOL
    return next(a for a in legal if vals[a.label] >= best)


def clear_cache() -> None:
    _solvers.clear()


