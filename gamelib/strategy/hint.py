"""``gamelib.hint(state)``: each option's chance of winning, from the deciding seat's knowledge.

* The Walking Deck's Interrogation: exact (``Fraction``s), by the solver in
  ``walking_deck`` (loaded the first time it is needed), as long as it finishes within
  ``exact_nodes`` positions.
* Everything else: estimated by playouts (``playouts.py``): worlds the seat cannot tell from the
  real one are sampled (``state.resample_hidden(seat, rng)`` and a fresh random generator, the same
  worlds for every option), the option is played in each, and the game is finished by the
  heuristic players (random pirates in Walk the Plank; in The Walking Deck up to the end of the
  Journey, where the exact Interrogation value is used when it is quick to find). Each estimate
  comes with its 95 % interval (Wilson). After ``budget`` deals per option, more deals go to the
  options still close to the best, for up to ``seconds`` of CPU, until every option is within
  ``target``. It is the chance of winning *if everybody then plays like the finishers*, so it
  compares options fairly but is not the value of perfect play.
* ``Hint.best`` names an option only when it is sure: its whole interval lies above every other
  option's (exact: the one highest value). Otherwise the hint is "too close to call" and
  ``Hint.close`` lists the options that could each be best.

Nothing a seat cannot see is used: the real hidden cards and the real generator never reach a
playout (``tests/strategy/test_hint.py`` re-deals them and checks the hint does not move).

**The statistics, and why (issue 22, point 4).** Each option keeps its own Wilson interval on
plain win/loss playouts, with common random numbers across options and the race's allocation
(``playouts.py``). The target (every option within ±3 points at 95 %) is a per-option width, so
it needs about z² p (1 - p) / 0.03² playouts per option whatever is shared between options, and
for win/loss results no interval is narrower than Wilson's with the same coverage. Ways to need
fewer playouts were measured and left out: averaging exactly over the random finishers' last
choices once Walk the Plank's final round starts (explicit outcomes, no sampling) removes about
4 % of a playout's variance (most games are decided before, and most end in the very reveal that
starts the final round); a control variate on the sampled deal in Deadland (the top of the Virus
deck, where the Traitor is) explained no more of the result than chance does on the same sample
(R² 0.24 with 74 features over 300 playouts). The target is reached by speed instead: Walk the
Plank's playouts are played by ``walk_the_plank/fastplay.py`` (compiled where a C compiler was
found), the same games about 20 times quicker.

``cache=True`` (what the Hint panel asks) answers an information state asked again (a redraw,
another panel on the same seat) from the hints kept for that game, keyed by
``state.info_key(seat)`` and the settings.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from html import escape
import importlib
from importlib.util import find_spec
from numbers import Integral, Real
from types import ModuleType
from typing import Any
from weakref import WeakKeyDictionary

from gamelib.core import GamelibError, State, UnknownPlayer
from gamelib.core.inputs import show

from .playouts import describe, finisher_name, race

#: deals per option in the first round of an estimate (every option gets them, on the same deals)
DEFAULT_BUDGET = 32
#: CPU seconds an estimate may take in all (the first round included); 0 means the first round only
DEFAULT_SECONDS = 2.0
#: the half-width of a 95 % interval that is good enough (3 points)
DEFAULT_TARGET = 0.03
# positions the exact Interrogation search may take before a hint is estimated instead: at most
# about 4 CPU-seconds and 400 MB with the compiled search (the benchmark's largest Interrogation
# takes 532,000 positions and 77 MB), about 10 CPU-seconds with the Python one (no compiler; asked
# without loading the solver)
DEFAULT_EXACT_NODES = 3_000_000 if find_spec("gamelib.strategy._wds") is not None else 300_000


class HintError(GamelibError):
    """A hint's setting out of its range (``budget``, ``seconds``, ``target``); the message names it
    and what would be valid."""


@dataclass(frozen=True)
class HintOption:
    """One legal action and its chance of winning. Exact: ``win`` is a Fraction and ``low`` =
    ``high`` = ``win``. Estimated: ``win`` is the mean of ``samples`` playouts, ``low``-``high``
    its 95 % interval (Wilson) and ``stderr`` its standard error."""

    label: str
    win: Fraction | float
    exact: bool
    stderr: float | None = None
    samples: int | None = None
    low: float | None = None
    high: float | None = None

    @property
    def interval(self) -> tuple[float, float]:
        if self.exact or self.low is None or self.high is None:
            return float(self.win), float(self.win)
        return self.low, self.high

    @property
    def half_width(self) -> float:
        low, high = self.interval
        return (high - low) / 2

    def text(self) -> str:
        if self.exact:
            f = Fraction(self.win)
            frac = str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
            if len(frac) > 24:
                frac = "exact"
            return f"{float(f):.1%} ({frac})"
        return f"≈ {float(self.win):.1%} ({self.interval_text()})"

    def interval_text(self) -> str:
        """The 95 % interval as a reader says it: "38.2-44.9 %"."""
        low, high = self.interval
        return f"{100 * low:.1f}–{100 * high:.1f} %"


@dataclass(frozen=True)
class Hint:
    """What ``gamelib.hint`` returns: ``options`` in legal order, ``best`` (None when too close
    to call), ``close`` (the options that could each be best), and how they were found."""

    game: str
    seat: str | None
    exact: bool
    method: str
    budget: dict[str, Any] = field(default_factory=dict)
    options: tuple[HintOption, ...] = ()
    note: str = ""

    @property
    def leader(self) -> str | None:
        """The option with the highest value or estimate (first in legal order on a tie)."""
        if not self.options:
            return None
        top = max(float(o.win) for o in self.options)
        return next(o.label for o in self.options if float(o.win) >= top - 1e-12)

    @property
    def close(self) -> tuple[str, ...]:
        """The options that could be best: the leader and every option whose interval reaches
        the leader's (exact: every option of the highest value)."""
        if not self.options:
            return ()
        lead = self[self.leader]
        return tuple(o.label for o in self.options
                     if o.label == lead.label or o.interval[1] >= lead.interval[0] - (1e-12 if o.exact and lead.exact else 0.0))

    @property
    def best(self) -> str | None:
        """The option that is best beyond doubt (its interval above every other's), else None:
        too close to call."""
        close = self.close
        return close[0] if len(close) == 1 else None

    def values(self) -> dict[str, Fraction | float]:
        return {o.label: o.win for o in self.options}

    def __getitem__(self, label: str) -> HintOption:
        for o in self.options:
            if o.label == label:
                return o
        raise KeyError(label)

    def verdict(self) -> str:
        """One sentence: which option is best, or that it is too close to call."""
        if len(self.options) < 2:
            return "Only one option." if self.options else ""
        if self.best is not None:
            why = "the highest chance" if self.exact else "its interval lies above every other option's"
            return f"Best: {self.best} ({why})."
        names = _and(list(self.close))
        if self.exact:
            return f"Equally good: {names}."
        if len(self.close) > 3:  # a list of eight labels is not read: say how many, the rows are shaded
            return (f"Too close to call: {len(self.close)} of the {len(self.options)} options could each be best "
                    "(shaded: their 95 % intervals overlap).")
        return f"Too close to call: {names} could each be best (their 95 % intervals overlap)."

    def __str__(self) -> str:
        if not self.options:
            return f"Hint for {self.seat or 'the player'}: {self.note}"
        head = f"Hint for {self.seat or 'the player'} ({'exact' if self.exact else 'estimated'}: {self.method})"
        lines = [head] + [f"  {o.text():>28}  {o.label}" for o in self.options] + [f"  {self.verdict()}"]
        if self.note:
            lines.append(f"  {self.note}")
        return "\n".join(lines)

    def to_frame(self):
        import pandas as pd

        return pd.DataFrame([{"option": o.label, "win": float(o.win), "low": o.interval[0], "high": o.interval[1],
                              "exact": o.exact, "stderr": o.stderr, "samples": o.samples,
                              "fraction": o.win if o.exact else None, "best": o.label == self.best,
                              "could be best": o.label in self.close} for o in self.options])

    def _repr_html_(self) -> str:
        return hint_html(self)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _bar(o: HintOption) -> str:
    """A 100 px track: the estimate as a bar, its 95 % interval as a darker line over it."""
    p = max(0.0, min(1.0, float(o.win)))
    low, high = o.interval
    whisker = ("" if o.exact else
               f"<span class='gl-hint-ci' style='left:{100 * low:.1f}px;width:{max(1.0, 100 * (high - low)):.1f}px'></span>")
    return (f"<span class='gl-hint-track'><span class='gl-bar' style='width:{100 * p:.1f}px'></span>{whisker}</span>")


def hint_html(h: Hint) -> str:
    """The hint as a small table: option, chance of winning (exact or estimated, said so), its 95 %
    interval and a bar; the best option marked only when it is sure, else "too close to call"."""
    if not h.options:
        return f'<div class="gl-hint-box gl-muted">{escape(h.note or "no decision to hint")}</div>'
    best, close = h.best, set(h.close) if len(h.options) > 1 else set()
    rows = []
    for o in h.options:
        if o.label == best and len(h.options) > 1:
            mark, tag = ' class="gl-hint-best"', " <span class='gl-hint-tag'>best</span>"
        elif best is None and o.label in close:
            mark, tag = ' class="gl-hint-close"', ""
        else:
            mark, tag = "", ""
        interval = "exact" if o.exact else escape(o.interval_text())
        win = f"{float(o.win):.1%}" if o.exact else f"≈ {float(o.win):.1%}"
        rows.append(f"<tr{mark}><td>{escape(o.label)}{tag}</td><td class='gl-num'>{escape(win)}</td>"
                    f"<td class='gl-num gl-hint-interval'>{interval}</td><td>{_bar(o)}</td></tr>")
    kind = "exact" if h.exact else "estimated"
    caption = f"Chance of winning after each option ({kind}: {escape(h.method)})"
    head = "<tr><th>option</th><th>win</th><th>95 % interval</th><th></th></tr>"
    verdict = h.verdict()
    cls = "gl-hint-verdict" + ("" if best is not None else " gl-hint-toss")
    verdict_html = f"<div class='{cls}'>{escape(verdict)}</div>" if len(h.options) > 1 else ""
    note = f"<div class='gl-muted'>{escape(h.note)}</div>" if h.note else ""
    return (f'<div class="gl-hint-box" data-exact="{int(h.exact)}" data-best="{escape(best or "")}">'
            f'<table class="gl-odds-table gl-hint-table"><caption>{caption}</caption>{head}{"".join(rows)}</table>'
            f"{verdict_html}{note}</div>")


# ---- the exact solver ---------------------------------------------------------------------------

def _solver(state: State) -> ModuleType:
    """The game's exact solver (``Game.solver`` names its module: The Walking Deck's), imported the
    first time a hint needs it (``import gamelib`` does not load it)."""
    return importlib.import_module(state.game.solver)


def _interrogation(state: State) -> bool:
    """Whether the game's exact solver covers ``state``."""
    return state.game.solver is not None and _solver(state).is_interrogation(state)


# ---- the estimates ------------------------------------------------------------------------------

def _estimated(state: State, seat: str, budget: int, seed: int, seconds: float, target: float,
               note: str = "") -> Hint:
    # a game with an exact solver (The Walking Deck's Interrogation) stops its playouts where it takes over
    stop = state.game.solver is not None and not _interrogation(state)
    r = race(state, seat, budget, seed, seconds, target, stop_at_interrogation=stop)
    options = []
    for a, t in zip(state.legal_actions(), r.tallies):
        low, high = t.interval()
        options.append(HintOption(a.label, t.mean, False, t.stderr(), t.n, low, high))
    ns = [t.n for t in r.tallies]
    spread = f"{ns[0]:,}" if min(ns) == max(ns) else f"{min(ns):,} to {max(ns):,}"
    method = (f"{spread} sampled deals per option (more where options are close), finished by "
              f"{finisher_name(state)} players"
              + ("; the exact Interrogation value where it is quick to find" if stop else ""))
    if not r.reached() and seconds > 0:
        short = (f"Some intervals are wider than ±{100 * target:.0f} points: the {seconds:g} s budget ran out "
                 "(press Hint again after a decision, or give the hint more time).")
        note = f"{note} {short}".strip()
    return Hint(state.game.name, seat, False, method, describe(r), tuple(options), note)


# ---- the entry point ---------------------------------------------------------------------------

def _settings(budget: Any, seconds: Any, target: Any) -> tuple[int, float]:
    """``budget`` and ``seconds`` with their defaults, once every setting is checked (HintError)."""
    budget = DEFAULT_BUDGET if budget is None else budget
    if isinstance(budget, bool) or not isinstance(budget, Integral) or budget < 1:
        raise HintError(f"budget {show(budget)}: give a whole number of playouts per option, 1 or more")
    seconds = DEFAULT_SECONDS if seconds is None else seconds
    if isinstance(seconds, bool) or not isinstance(seconds, Real) or not seconds >= 0:
        raise HintError(f"seconds {show(seconds)}: give a number of CPU seconds, 0 or more")
    if isinstance(target, bool) or not isinstance(target, Real) or not 0 < target < 0.5:
        raise HintError(f"target {show(target)}: give a half-width between 0 and 0.5 (0.03 is 3 points)")
    return int(budget), float(seconds)


#: hints kept per game object for ``cache=True`` (a panel's redraw, another panel on the same seat)
CACHE_SIZE = 16
_cache: "WeakKeyDictionary[Any, OrderedDict[tuple, Hint]]" = WeakKeyDictionary()


def clear_cache() -> None:
    """Forget every kept hint."""
    _cache.clear()


def hint(state: State, seat: str | None = None, budget: int | None = None, *, seed: int = 0,
         exact_nodes: int = DEFAULT_EXACT_NODES, seconds: float | None = None,
         target: float = DEFAULT_TARGET, cache: bool = False) -> Hint:
    """Each legal action's chance of winning for ``seat`` (default: whoever decides now).

    ``budget``: deals per option in the first round of an estimate (default 32). ``seconds``: CPU
    seconds the estimate may take in all (default 2; 0: the first round only); after the first
    round, more deals go to the options still close to the best until every option's 95 %
    interval is within ±``target`` (default 0.03). ``exact_nodes``: how many positions the exact
    solver may search before the hint falls back to an estimate. ``seed`` fixes the samples, so
    the same call gives the same hint as long as it ends by reaching ``target`` (a hint cut short
    by ``seconds`` depends on the machine's speed).

    ``cache=True`` (the widgets): a hint asked again for the same information state, that is the
    same game object, seat, ``state.info_key(seat)`` (the seat's view without the log) and
    settings, is the one kept from the first time (the last ``CACHE_SIZE`` per game), however
    the cards the seat cannot see lie now: the hint depends on nothing else."""
    budget, seconds = _settings(budget, seconds, target)
    if not cache or state.is_over:
        return _hint(state, seat, budget, seed, exact_nodes, seconds, target)
    if seat is not None and seat not in state.players:
        raise UnknownPlayer(seat, state.players)
    who = seat or state.to_move
    key = (who, seat is None, state.info_key(who), budget, seed, exact_nodes, seconds, float(target))
    kept = _cache.setdefault(state.game, OrderedDict())
    got = kept.get(key)
    if got is None:
        got = kept[key] = _hint(state, seat, budget, seed, exact_nodes, seconds, target)
        while len(kept) > CACHE_SIZE:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    return replace(got, budget=dict(got.budget))  # (the caller's own dict to change)


def _hint(state: State, seat: str | None, budget: int, seed: int, exact_nodes: int, seconds: float,
          target: float) -> Hint:
    name = state.game.name
    if seat is not None and seat not in state.players:
        raise UnknownPlayer(seat, state.players)
    if state.is_over:
        return Hint(name, seat, True, "the game is over", {}, (), f"The game is over: {state.outcome}.")
    mover = state.to_move
    seat = seat or mover
    if seat != mover:
        return Hint(name, seat, True, "not this seat's decision", {}, (),
                    f"It is {mover}'s decision, not {seat}'s: a hint is given to the seat that decides.")
    if _interrogation(state):
        wds = _solver(state)
        solver = wds.solver_for(state)
        before = solver.nodes
        solver.budget = solver.nodes + exact_nodes
        try:
            vals = wds.action_values(state, exact=True, solver=solver)
        except wds.OverBudget:
            return _estimated(state, seat, budget, seed, seconds, target,
                              note=f"The exact search needed more than {exact_nodes:,} positions; estimated instead.")
        finally:
            solver.budget = float("inf")
        options = tuple(HintOption(a.label, vals[a.label], True) for a in state.legal_actions())
        method = "expectimax over the Calamity bag and every decision, best play afterwards"
        return Hint(name, seat, True, method, {"positions searched": solver.nodes - before,
                                               "positions known": solver.positions()}, options)
    return _estimated(state, seat, budget, seed, seconds, target)


__all__ = ["hint", "Hint", "HintError", "HintOption", "hint_html", "clear_cache", "CACHE_SIZE", "DEFAULT_BUDGET",
           "DEFAULT_EXACT_NODES", "DEFAULT_SECONDS", "DEFAULT_TARGET"]
