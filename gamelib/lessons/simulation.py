"""Seeded simulations for the lessons, each with a progress bar: numpy experiments in
batches, Interrogations played by the real engine, and whole games through ``gamelib.simulate``."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gamelib.agents import Agent, RandomAgent
from gamelib.core.errors import GamelibError
from gamelib.core.rng import derive_seed

from .progress import progress  # a text line, not a widget bar (see .progress); the lessons' modules import it here

def in_batches(simulate: Callable[[int, int], Any], n: int, *, seed: int = 0, batch: int = 100_000,
               desc: str = "draws", show_progress: bool = True):
    """Run ``simulate(size, seed)`` over batches of at most ``batch`` and join the numpy arrays
    (each batch its own derived seed, so a run is the same for a given ``n`` and ``batch``)."""
    import numpy as np

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise GamelibError(f"the number of trials must be a whole number >= 1, got {n!r}")
    sizes = [min(batch, n - start) for start in range(0, n, batch)]
    parts = [simulate(size, derive_seed(seed, i)) for i, size in
             enumerate(progress(sizes, total=len(sizes), desc=desc, enabled=show_progress))]
    return np.concatenate(parts)


class InterrogationPlayer(Agent):
    """The policy of ``walking_deck.interrogation``: decline every Reserve and power, heal the
    Characters closest to burial first and never stop a heal early, otherwise unstack."""

    name = "interrogation"

    def choose(self, state: Any):
        legal = state.legal_actions()
        heals = [a for a in legal if a.kind == "heal"]
        if heals:
            ev = state.game.cards.events
            return min(heals, key=lambda a: (ev[a.args[0]].toughness - state.dmg[a.args[0]], state.front.index(a.args[0])))
        for kind in ("unstack", "apply_calamity"):
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]


def play_interrogations(memory: Sequence[str], n: int, *, seed: int = 0, protagonist: str = "Aénor",
                        characters: Sequence[Any] = (), buried: int | Sequence[str] = 0, respites: int = 0,
                        show_progress: bool = True):
    """Play ``n`` seeded Interrogations of this Memory with the real engine (every Reserve
    consumed, ``InterrogationPlayer`` deciding) and return a numpy array of Events buried at
    the end (the game stops at the Protagonist's limit)."""
    import numpy as np

    import gamelib
    from gamelib.probability import walking_deck as wd

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise GamelibError(f"the number of Interrogations must be a whole number >= 1, got {n!r}")
    game = gamelib.load("walking-deck", protagonist=protagonist)
    d = wd.interrogation_scenario(memory, characters=characters, buried=buried, respites=respites)
    agent = InterrogationPlayer()
    out = np.zeros(n, dtype=np.int64)
    for i in progress(range(n), total=n, desc="Interrogations", enabled=show_progress):
        s = game.from_scenario(d, seed=derive_seed(seed, i))
        while not s.is_over:
            s.apply(agent.choose(s))
        out[i] = len(s.buried)
    return out


class NoPowerAgent(Agent):
    """The heuristic player who does not use the Protagonist's power (Aénor keeps at most one
    Event, like everybody), unless the rules leave no other action: to ask what a power is worth."""

    name = "heuristic without power"
    POWER_KINDS = ("redraw", "restore_power", "reserve_heal")

    def __init__(self, seed: int = 0):
        from gamelib.rules.walking_deck.agents import HeuristicAgent

        super().__init__(seed)
        self.inner = HeuristicAgent(seed)

    def choose(self, state: Any):
        every = state.legal_actions()
        legal = [a for a in every if a.kind not in self.POWER_KINDS
                 and not (a.kind == "keep" and len(state.hand) > 1)]
        if not legal:  # the rules leave nothing else (Aénor's second kept Event): the power is forced
            legal = every
        best, best_cost = legal[0], float("inf")
        for a in legal:
            c = self.inner.cost(state, a)
            if c < best_cost:
                best, best_cost = a, c
        return best


def strategies() -> dict[str, type[Agent]]:
    """The players a lesson can compare, by name."""
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    return {"heuristic": HeuristicAgent, "heuristic without power": NoPowerAgent, "random": RandomAgent}


def compare_protagonists(n_games: int, *, strategy: str = "heuristic", seed: int = 0,
                         protagonists: Sequence[str] | None = None, executor: Any = None,
                         show_progress: bool = True):
    """``gamelib.simulate`` for each Protagonist, one progress bar each, and one pandas table
    with a row per game and ``protagonist`` and ``stars`` columns. Game ``i`` of a Protagonist
    has the same seed, so the same deal, whatever the strategy. ``executor=None`` runs the games
    in parallel on every core (one pool for all the Protagonists); ``"serial"`` runs them here."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    import pandas as pd

    import gamelib
    from gamelib.rules.walking_deck.cards import PROTAGONISTS

    agents = strategies()
    if strategy not in agents:
        raise GamelibError(f"unknown strategy {strategy!r}; the strategies are {', '.join(agents)}")
    names = list(protagonists or PROTAGONISTS)
    games = [gamelib.load("walking-deck", protagonist=name) for name in names]  # checks the names first
    own = None
    if executor is None and n_games > 1:
        executor = own = ProcessPoolExecutor(max_workers=max(1, min(os.cpu_count() or 1, 8)))
    try:
        tables = []
        # one progress line over the Protagonists, not gamelib.simulate's widget bar (see .progress)
        for game in progress(games, total=len(games), desc=f"{strategy}: Protagonists played",
                             enabled=show_progress):
            name = game.protagonist.name
            t = gamelib.simulate(game, agents[strategy](), n_games, seed=derive_seed(seed, PROTAGONISTS.index(name)),
                                 executor=executor or "serial", progress=False)
            t["protagonist"] = name
            t["stars"] = game.protagonist.stars
            t["strategy"] = strategy
            tables.append(t)
    finally:
        if own is not None:
            own.shutdown()
    return pd.concat(tables, ignore_index=True)
