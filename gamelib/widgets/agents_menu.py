"""The agents a page offers, with what each costs per decision (issue 22, point 8).

``gamelib.agents_for(game)`` lists the rules' own agents (random, heuristic). A page offers every
agent the package has: those, plus ISMCTS for every game and, where the game has one, its search
agents (``gamelib.strategy``). Agents are named by import path and loaded on first use, so a page
that never picks ISMCTS never imports it, and the rules never import the strategy package.

The costs are CPU time per decision measured on the classroom server (2 shared cores) with
``python -m gamelib.widgets.agents_menu``, which plays a few seeded games with each agent and
prints the figures; the menus show them so a teacher knows which agent makes a class wait."""
from __future__ import annotations

import importlib
import time
from typing import Any

from ..agents import Agent, RandomAgent, agents_for

#: ISMCTS in a page: fewer playouts than the library's default (200), so a decision stays near a
#: second on the shared server; ``Stepper.seat_agents`` can be replaced for stronger play.
PAGE_PLAYOUTS = 60

#: agents beyond the rules' own: name -> (import path, keyword arguments), per game (None: all)
EXTRA: dict[str | None, dict[str, tuple[str, dict[str, Any]]]] = {
    None: {"ismcts": ("gamelib.strategy.ismcts:ISMCTSAgent", {"playouts": PAGE_PLAYOUTS, "rollout": "heuristic"})},
    "walking-deck": {
        "search": ("gamelib.strategy.search:JourneySearchAgent", {}),
        "best-interrogation": ("gamelib.strategy.search:BestInterrogationAgent", {"play_nodes": 200_000}),
    },
}

#: what each agent is, in a few words
ABOUT = {
    "random": "any legal decision",
    "heuristic": "rules of thumb",
    "ismcts": f"tree search, {PAGE_PLAYOUTS} playouts",
    "search": "looks ahead over sampled piles",
    "best-interrogation": "heuristic, then exact Interrogation",
}

#: measured CPU seconds per decision (mean over the decisions of two seeded games; the worst
#: single decision in brackets), ``python -m gamelib.widgets.agents_menu``, 2026-12-03
#: (load average 10 to 20 on the 2 cores while measuring: CPU time, not wall time, is what counts)
COST: dict[tuple[str, str], tuple[float, float]] = {
    ("walking-deck", "random"): (0.0, 0.0), ("walking-deck", "heuristic"): (0.0, 0.001),
    ("walking-deck", "ismcts"): (0.067, 0.228), ("walking-deck", "search"): (0.040, 0.154),
    ("walking-deck", "best-interrogation"): (0.0, 0.075),
    ("walk-the-plank", "random"): (0.0, 0.0), ("walk-the-plank", "heuristic"): (0.0, 0.0),
    ("walk-the-plank", "ismcts"): (0.177, 0.483),
    ("deadland", "random"): (0.0, 0.0), ("deadland", "heuristic"): (0.0, 0.0),
    ("deadland", "ismcts"): (0.170, 0.501),
}


class _Named:
    """A factory for an agent given by import path and settings (loaded on first call)."""

    def __init__(self, name: str, path: str, kwargs: dict[str, Any]):
        self.name, self.path, self.kwargs = name, path, kwargs

    def __call__(self, seed: int = 0) -> Agent:
        module, _, cls = self.path.partition(":")
        return getattr(importlib.import_module(module), cls)(seed=seed, **self.kwargs)


def page_agents(game: Any) -> dict[str, Any]:
    """Every agent a page offers for ``game``: name -> a callable ``(seed=...) -> Agent``."""
    out: dict[str, Any] = dict(agents_for(game))
    for scope in (None, game.name):
        for name, (path, kwargs) in EXTRA.get(scope, {}).items():
            out.setdefault(name, _Named(name, path, kwargs))
    return out


def cost_text(game: str, name: str) -> str:
    """A decision's CPU time in a few characters: "instant", "40 ms", "0.2 s" ("" if unmeasured)."""
    mean, _worst = COST.get((game, name), (None, None))
    if mean is None:
        return ""
    if mean < 0.01:
        return "instant"
    return f"{mean * 1000:.0f} ms" if mean < 0.1 else f"{mean:.1f} s"


def menu_label(game: str, name: str) -> str:
    """What a menu shows for agent ``name``: its name and what a decision costs (short: a seat's
    menu sits in a row of four); what it is goes in ``menu_tooltip``."""
    cost = cost_text(game, name)
    return f"{name} · {cost} a decision" if cost and cost != "instant" else (f"{name} · instant" if cost else name)


def menu_tooltip(game: str, names: list[str]) -> str:
    """Every agent of a menu in a few words, with its time per decision (typical, and the worst seen)."""
    parts = []
    for n in names:
        mean, worst = COST.get((game, n), (None, None))
        cost = "" if mean is None else (" (instant)" if mean < 0.01 else f" (about {cost_text(game, n)} a decision, at most {worst:.1f} s)")
        parts.append(f"{n}: {ABOUT.get(n, 'an agent')}{cost}")
    return "; ".join(parts)


def menu_options(game: Any, names: list[str], person: str | None = None) -> list[tuple[str, str]]:
    """(label, value) pairs for a Dropdown; ``person`` first when given."""
    out = [(person, person)] if person else []
    return out + [(menu_label(game.name, n), n) for n in names]


def measure(games: dict[str, dict[str, Any]] | None = None, seeds: int = 2, decisions: int = 400):
    """CPU seconds per decision of every page agent, one row at a time: (game, agent, decisions,
    mean, worst), over whole games (at most ``decisions`` each) from seeds 0, 1, ..."""
    import gamelib

    games = games or {"walking-deck": {}, "walk-the-plank": {"players": 4}, "deadland": {"players": 4}}
    for name, options in games.items():
        g = gamelib.load(name, **options)
        for agent_name, make in page_agents(g).items():
            total, n, worst = 0.0, 0, 0.0
            for seed in range(seeds):
                state, agent = g.new_state(seed=seed), make(seed=seed)
                for _ in range(decisions):
                    if state.is_over:
                        break
                    t = time.process_time()
                    action = agent.choose(state)
                    d = time.process_time() - t
                    total, n, worst = total + d, n + 1, max(worst, d)
                    state.apply(action)
            yield (name, agent_name, n, total / max(n, 1), worst)


def main() -> None:  # pragma: no cover - a measurement, printed
    import os

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for game, agent, n, mean, worst in measure():
        print(f"{game:15s} {agent:20s} {n:4d} decisions  mean {mean:7.3f} s  worst {worst:7.3f} s", flush=True)


if __name__ == "__main__":  # pragma: no cover
    main()


__all__ = ["page_agents", "menu_label", "menu_options", "menu_tooltip", "cost_text", "measure", "RandomAgent"]
