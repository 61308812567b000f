"""The sampled half of ``gamelib.hint``: playouts over re-deals, Wilson intervals, and a race
that spends the CPU budget where the options are still close (issue 22, point 4).

* **Worlds the seat cannot tell apart.** Deal ``k`` is ``state.resample_hidden(seat, ...)`` with
  a fresh generator, both seeded from ``(seed, k)``: the real hidden cards and the real
  generator never reach a playout.
* **Common random numbers.** Every option played on deal ``k`` meets the same cards, the same
  future generator and finishers seeded alike, so the differences between options are not
  drowned by the luck of the deal (and one re-deal serves every option).
* **Intervals.** Each option's chance comes with its Wilson score interval (95 %). The values of
  a playout lie in [0, 1] (a win, a loss, or in The Walking Deck the exact Interrogation value),
  so their variance is at most ``p (1 - p)`` and the Wilson interval stays on the safe side.
* **The race.** After a first round of ``first`` deals per option, deals go one at a time to
  the options that still need them: first those whose interval overlaps the leader's and is
  wider than ``target``, then any option still wider than ``target``, until every option is
  within ``target`` or the CPU budget (``time.process_time``) is spent. An option whose interval
  lies wholly below the leader's needs no more deals to be told apart, so it waits.
* **Speed.** A deal's seeds are worked out once for all its options; a game that finishes its
  random players itself (Walk the Plank's ``_play_randomly``, ``walk_the_plank/fastplay.py``,
  compiled where a C compiler was found) plays the same draws over the same legal lists without
  the engine's bookkeeping: the same games (``tests/strategy/test_playouts.py`` compares them
  with the finishers playing through the engine's checked ``apply``).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gamelib.agents import Agent, RandomAgent, agents_for
from gamelib.core import Rng, State, derive_seed

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054

#: who finishes the playouts: the game's heuristic, except in Walk the Plank, where a table of
#: heuristic pirates can go on until the round limit (measured: a playout costs seconds), while
#: random pirates end a game in about 110 decisions (about 1 ms a playout on this machine)
FINISHER = {"walk-the-plank": "random"}

#: deals per option at most, whatever the time budget (a bound on memory and on a runaway loop)
MAX_DEALS = 100_000


def wilson(mean: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a chance estimated as ``mean`` of ``n`` results in [0, 1]
    (never certain from a finite sample: 0 wins out of 20 gives [0, 16 %])."""
    if n <= 0:
        return 0.0, 1.0
    mean = min(1.0, max(0.0, mean))
    z2 = z * z
    denom = 1 + z2 / n
    centre = (mean + z2 / (2 * n)) / denom
    half = z * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """One option's playouts so far."""

    total: float = 0.0
    n: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.mean, self.n)

    def half_width(self) -> float:
        low, high = self.interval()
        return (high - low) / 2

    def stderr(self) -> float:
        """The standard error of the mean, with the Agresti-Coull centre (so 0 or n wins out of
        n is not reported as certain)."""
        if not self.n:
            return 0.5
        p = (self.total + 1) / (self.n + 2)
        return math.sqrt(p * (1 - p) / self.n)


def sample_world(state: State, seat: str, seed: int) -> State:
    world = state.resample_hidden(seat, Rng(seed))
    world.rng = Rng(derive_seed(seed, 7))
    world.log_enabled = False  # playouts are read for their outcome only
    return world


def finisher_class(state: State) -> type[Agent]:
    """The class of the agents that finish the playouts (``FINISHER``)."""
    return agents_for(state.game).get(FINISHER.get(state.game.name, "heuristic"), RandomAgent)


def finishers(state: State, seed: int, cls: type[Agent] | None = None) -> dict[str, Agent]:
    cls = finisher_class(state) if cls is None else cls
    return {p: cls(seed=sd) for p, sd in zip(state.players, _deal_seeds(seed, len(state.players))[1])}


@lru_cache(maxsize=64)
def _deal_seeds(deal_seed: int, n: int) -> tuple[int, tuple[int, ...]]:
    """The seeds a deal gives every option's playout: the world's generator and each finisher's
    (worked out once a deal, not once a playout: the same for every option)."""
    return derive_seed(deal_seed, 1), tuple(derive_seed(deal_seed, 11 + i) for i in range(n))


def finisher_name(state: State) -> str:
    return FINISHER.get(state.game.name, "heuristic")


def playout(world: State, index: int, seat: str, deal_seed: int, stop_at_interrogation: bool,
            finisher: type[Agent] | None = None) -> float:
    """Play option ``index`` in a copy of ``world`` and finish the game; the seat's result.
    ``finisher``: the finishers' class when the caller has looked it up already (a race does it
    once, not once a playout)."""
    w = world.clone()
    players = w.players
    world_seed, seeds = _deal_seeds(deal_seed, len(players))
    w.rng = Rng(world_seed)  # the same future for every option of this deal
    cls = finisher_class(w) if finisher is None else finisher
    w.apply_fast(w.legal_list()[index])
    fast = getattr(w, "_play_randomly", None)
    if fast is not None and cls is RandomAgent and not stop_at_interrogation:
        # the game's own random finish (Walk the Plank): RandomAgent's draws (its generator is
        # Rng(seed)) over the same legal lists, without the engine's bookkeeping: the same game
        fast([Rng(sd) for sd in seeds])
        return 1.0 if seat in w.outcome.winners else 0.0
    # seeded by the deal: the same finishers for every option
    finish = {p: cls(seed=sd) for p, sd in zip(players, seeds)}
    if stop_at_interrogation:  # only The Walking Deck's Journey: its solver, loaded on first use
        return _journey(w, seat, finish)
    for _ in range(20_000):
        if w.is_over:
            return 1.0 if seat in w.outcome.winners else 0.0
        legal = w.legal_list()
        w.apply_fast(legal[0] if len(legal) == 1 else finish[w.to_move].choose(w))
    return 0.0  # a playout that does not end counts as not won (none has been seen to)


def _journey(w: State, seat: str, finish: dict[str, Agent]) -> float:
    """The rest of ``playout`` in The Walking Deck's Journey: the exact Interrogation value where
    it is quick to find."""
    from . import walking_deck as wds

    tried = False
    for _ in range(20_000):
        if w.is_over:
            return 1.0 if seat in w.outcome.winners else 0.0
        if not tried and wds.is_interrogation(w):
            tried = True
            v = wds.budgeted_value(w, 200)
            if v is not None:
                return float(v)
        legal = w.legal_list()
        w.apply_fast(legal[0] if len(legal) == 1 else finish[w.to_move].choose(w))
    return 0.0


@dataclass
class Race:
    """What ``race`` found: one Tally per legal option, the deals dealt and the CPU used."""

    tallies: list[Tally]
    deals: int
    cpu: float
    target: float

    def reached(self) -> bool:
        return all(t.half_width() <= self.target for t in self.tallies)


def _wanted(tallies: list[Tally], target: float) -> list[int]:
    """The options the next deal goes to: the close ones first (overlapping the leader's
    interval and wider than ``target``), else any option still wider than ``target``. (Each
    interval worked out once: this runs at every deal.)"""
    ivs = [t.interval() for t in tallies]
    wide = [j for j, (low, high) in enumerate(ivs) if (high - low) / 2 > target]
    if not wide:
        return []
    lead = max(range(len(tallies)), key=lambda j: tallies[j].mean)
    lead_low = ivs[lead][0]
    close = [j for j in wide if ivs[j][1] >= lead_low]
    return close or wide


def race(state: State, seat: str, first: int, seed: int, seconds: float, target: float,
         stop_at_interrogation: bool) -> Race:
    """``first`` deals for every option, then more deals, one at a time, to the options
    ``_wanted`` names, while the CPU time (of this process) stays under ``seconds``."""
    start = time.process_time()
    k = len(state.legal_actions())
    tallies = [Tally() for _ in range(k)]
    deal = 0
    cls = finisher_class(state)

    def play(options: list[int]) -> None:
        nonlocal deal
        deal_seed = derive_seed(seed, deal)
        world = sample_world(state, seat, deal_seed)
        for j in options:
            tallies[j].total += playout(world, j, seat, deal_seed, stop_at_interrogation, cls)
            tallies[j].n += 1
        deal += 1

    everyone = list(range(k))
    for _ in range(first):
        play(everyone)
    while time.process_time() - start < seconds and deal < MAX_DEALS:
        options = _wanted(tallies, target)
        if not options:
            break
        play(options)
    return Race(tallies, deal, time.process_time() - start, target)


def describe(r: Race) -> dict[str, Any]:
    ns = [t.n for t in r.tallies]
    return {"deals": r.deals, "deals per option": (min(ns), max(ns)), "CPU seconds": round(r.cpu, 2),
            "target half-width": r.target,
            "largest half-width": round(max(t.half_width() for t in r.tallies), 4)}


__all__ = ["wilson", "Tally", "Race", "race", "playout", "sample_world", "finishers", "finisher_class", "finisher_name",
           "describe", "FINISHER", "Z95", "MAX_DEALS"]
