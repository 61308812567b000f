"""``gamelib.hint(state)``: each option's chance of winning, from the deciding seat's knowledge.

* The Walking Deck's Interrogation: exact (``Fraction``s), by the solver in
  ``walking_deck_solver``, as long as it finishes within ``exact_nodes`` positions.
* Everything else: estimated. For each option, ``budget`` worlds the seat cannot tell from
  the real one are sampled (``state._redeal_hidden(seat, rng)`` and a fresh random generator,
  the same worlds for every option), the option is played in each, and the game is finished by
  the heuristic players (in The Walking Deck up to the end of the Journey, where the exact
  Interrogation value is used when it is quick to find). The estimate comes with its standard
  error. It is the chance of winning *if everybody then plays like the heuristic*, so it
  compares options fairly but is not the value of perfect play.

Nothing a seat cannot see is used: the real hidden cards and the real generator never reach a
playout (``tests/strategy/test_hint.py`` re-deals them and checks the hint does not move).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from gamelib.agents import Agent, RandomAgent, agents_for
from gamelib.core import Rng, State, derive_seed

from . import walking_deck_solver as wds

DEFAULT_BUDGET = 32
# positions the exact Interrogation search may take before a hint is estimated instead: at most
# about 4 CPU-seconds and 400 MB with the compiled search (the benchmark's largest Interrogation
# takes 532,000 positions and 77 MB), about 10 CPU-seconds with the Python one (no compiler)
DEFAULT_EXACT_NODES = 3_000_000 if wds.FAST else 300_000


@dataclass(frozen=True)
class HintOption:
    """One legal action and its chance of winning (``stderr`` is None when exact)."""

    label: str
    win: Fraction | float
    exact: bool
    stderr: float | None = None
    samples: int | None = None

    def text(self) -> str:
        if self.exact:
            f = Fraction(self.win)
            frac = str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
            if len(frac) > 24:
                frac = "exact"
            return f"{float(f):.1%} ({frac})"
        return f"≈ {float(self.win):.1%} ± {self.stderr:.1%}"


@dataclass(frozen=True)
class Hint:
    """What ``gamelib.hint`` returns: ``options`` in legal order, ``best``, and how they were found."""

    game: str
    seat: str | None
    exact: bool
    method: str
    budget: dict[str, Any] = field(default_factory=dict)
    options: tuple[HintOption, ...] = ()
    note: str = ""

    @property
    def best(self) -> str | None:
        if not self.options:
            return None
        top = max(float(o.win) for o in self.options)
        return next(o.label for o in self.options if float(o.win) >= top - 1e-12)

    def values(self) -> dict[str, Fraction | float]:
        return {o.label: o.win for o in self.options}

    def __getitem__(self, label: str) -> HintOption:
        for o in self.options:
            if o.label == label:
                return o
        raise KeyError(label)

    def __str__(self) -> str:
        if not self.options:
            return f"Hint for {self.seat or 'the player'}: {self.note}"
        head = f"Hint for {self.seat or 'the player'} ({'exact' if self.exact else 'estimated'}: {self.method})"
        lines = [head] + [f"  {o.text():>28}  {o.label}" for o in self.options]
        if self.note:
            lines.append(f"  {self.note}")
        return "\n".join(lines)

    def to_frame(self):
        import pandas as pd

        return pd.DataFrame([{"option": o.label, "win": float(o.win), "exact": o.exact, "stderr": o.stderr,
                              "samples": o.samples, "fraction": o.win if o.exact else None} for o in self.options])

    def _repr_html_(self) -> str:
        return hint_html(self)


def hint_html(h: Hint) -> str:
    """The hint as a small table: option, chance of winning (exact or estimated, said so), a bar."""
    if not h.options:
        return f'<div class="gl-hint-box gl-muted">{escape(h.note or "no decision to hint")}</div>'
    best = h.best
    rows = []
    for o in h.options:
        p = max(0.0, min(1.0, float(o.win)))
        mark = ' class="gl-hint-best"' if o.label == best else ""
        rows.append(f"<tr{mark}><td>{escape(o.label)}</td><td class='gl-num'>{escape(o.text())}</td>"
                    f"<td><span class='gl-bar' style='width:{round(60 * p)}px'></span></td></tr>")
    kind = "exact" if h.exact else "estimated"
    caption = f"Chance of winning after each option ({kind}: {escape(h.method)})"
    note = f"<div class='gl-muted'>{escape(h.note)}</div>" if h.note else ""
    return (f'<div class="gl-hint-box" data-exact="{int(h.exact)}"><table class="gl-odds-table gl-hint-table">'
            f"<caption>{caption}</caption><tr><th>option</th><th>win</th><th></th></tr>{''.join(rows)}</table>{note}</div>")


# ---- the estimates ------------------------------------------------------------------------------

def _sample(state: State, seat: str, seed: int) -> State:
    world = state._redeal_hidden(seat, Rng(seed))
    world.rng = Rng(derive_seed(seed, 7))
    return world


#: who finishes the playouts of an estimate: the game's heuristic, except in Walk the Plank,
#: where a table of heuristic pirates can go on until the round limit (measured: a playout costs
#: seconds), while random pirates end a game in about 120 decisions.
FINISHER = {"walk-the-plank": "random"}


def _finishers(state: State, seed: int) -> dict[str, Agent]:
    agents = agents_for(state.game)
    cls = agents.get(FINISHER.get(state.game.name, "heuristic"), RandomAgent)
    return {p: cls(seed=derive_seed(seed, 11 + i)) for i, p in enumerate(state.players)}


def _stderr(values: list[float]) -> float:
    """Standard error of a mean of values in [0, 1]. For win/loss results it uses the
    Agresti-Coull centre (wins + 1) / (n + 2), so 0 or n wins out of n is not reported as certain."""
    n = len(values)
    if all(v in (0.0, 1.0) for v in values):
        p = (sum(values) + 1) / (n + 2)
        return math.sqrt(p * (1 - p) / n)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / max(1, n - 1)
    return math.sqrt(var / n)


def _playout_estimates(state: State, seat: str, budget: int, seed: int, stop_at_interrogation: bool) -> list[list[float]]:
    legal = state.legal_actions()
    finish = _finishers(state, seed)
    per: list[list[float]] = [[] for _ in legal]
    for k in range(budget):
        world_seed = derive_seed(seed, k)
        world = _sample(state, seat, world_seed)
        for j, a in enumerate(legal):
            w = world.clone()
            w.rng = Rng(derive_seed(world_seed, 1))  # the same future for every option
            w.apply(a)
            n = 0
            tried = not stop_at_interrogation
            while not w.is_over and n < 20_000:
                if not tried and wds.is_interrogation(w):
                    tried = True
                    v = wds.budgeted_value(w, 200)
                    if v is not None:
                        break
                actions = w.legal_actions()
                w.apply(actions[0] if len(actions) == 1 else finish[w.to_move].choose(w))
                n += 1
            else:
                v = None
            if w.is_over:
                v = 1.0 if seat in w.outcome.winners else 0.0
            per[j].append(float(v if v is not None else 0.0))
    return per


def _estimated(state: State, seat: str, budget: int, seed: int, note: str = "") -> Hint:
    wd = state.game.name == "walking-deck"
    per = _playout_estimates(state, seat, budget, seed, stop_at_interrogation=wd and not wds.is_interrogation(state))
    options = tuple(HintOption(a.label, sum(v) / len(v), False, _stderr(v), len(v))
                    for a, v in zip(state.legal_actions(), per))
    finisher = FINISHER.get(state.game.name, "heuristic")
    method = (f"{budget} sampled deals per option, finished by {finisher} players"
              + ("; the exact Interrogation value where it is quick to find" if wd and not wds.is_interrogation(state) else ""))
    return Hint(state.game.name, seat, False, method, {"playouts per option": budget}, options, note)


# ---- the entry point ---------------------------------------------------------------------------

def hint(state: State, seat: str | None = None, budget: int | None = None, *, seed: int = 0,
         exact_nodes: int = DEFAULT_EXACT_NODES) -> Hint:
    """Each legal action's chance of winning for ``seat`` (default: whoever decides now).

    ``budget``: sampled worlds per option for estimates (default 32). ``exact_nodes``: how many
    positions the exact solver may search before the hint falls back to an estimate.
    ``seed`` fixes the samples, so the same call gives the same hint."""
    budget = DEFAULT_BUDGET if budget is None else int(budget)
    if budget < 1:
        raise ValueError(f"budget must be at least 1 playout per option, got {budget}")
    name = state.game.name
    if seat is not None and seat not in state.players:
        raise ValueError(f"unknown seat {seat!r}; the seats are {', '.join(state.players)}")
    if state.is_over:
        return Hint(name, seat, True, "the game is over", {}, (), f"The game is over: {state.outcome}.")
    mover = state.to_move
    seat = seat or mover
    if seat != mover:
        return Hint(name, seat, True, "not this seat's decision", {}, (),
                    f"It is {mover}'s decision, not {seat}'s: a hint is given to the seat that decides.")
    if wds.is_interrogation(state):
        solver = wds.solver_for(state)
        before = solver.nodes
        solver.budget = solver.nodes + exact_nodes
        try:
            vals = wds.action_values(state, exact=True, solver=solver)
        except wds.OverBudget:
            return _estimated(state, seat, budget, seed,
                              note=f"The exact search needed more than {exact_nodes:,} positions; estimated instead.")
        finally:
            solver.budget = float("inf")
        options = tuple(HintOption(a.label, vals[a.label], True) for a in state.legal_actions())
        method = "expectimax over the Calamity bag and every decision, best play afterwards"
        return Hint(name, seat, True, method, {"positions searched": solver.nodes - before,
                                               "positions known": solver.positions()}, options)
    return _estimated(state, seat, budget, seed)


__all__ = ["hint", "Hint", "HintOption", "hint_html", "DEFAULT_BUDGET", "DEFAULT_EXACT_NODES"]
