"""``python -m gamelib.bench.hint_cost``: CPU time of the Stepper's Hint button, at its own budgets.

    python -m gamelib.bench.hint_cost [--decisions 3] [--interrogations 6] [--seed 2026]

A tool, not the strategy package's: it drives the Stepper (widgets), which the strategy layer
below it must not import. Prints a Markdown table (docs/strategy.md) and asserts nothing."""
from __future__ import annotations

import argparse
import time

import gamelib
from gamelib.core import derive_seed
from gamelib.rules.walking_deck.agents import HeuristicAgent
from gamelib.strategy.tournament import PROTAGONISTS
from gamelib.strategy.walking_deck import play_to_interrogation
from gamelib.widgets import Stepper
from gamelib.widgets.layout import HINT_BUDGET, HINT_EXACT_NODES


def hint_cost(decisions: int, seed: int, interrogations: int = 6) -> None:
    """CPU time of the Stepper's Hint button, at its own budgets, on the first decisions of a
    seeded game of each kind and at the start of heuristic games' Interrogations."""

    print(f"The Stepper's Hint: budget {HINT_BUDGET} deals per option, exact solver capped at {HINT_EXACT_NODES:,} "
          "positions; CPU seconds\n")
    print("| position | options | kind | CPU s |\n| --- | --- | --- | --- |")
    for name, opts in (("walking-deck", {}), ("walk-the-plank", {"players": 3}), ("deadland", {"players": 3})):
        st = Stepper(gamelib.load(name, **opts), seed=seed)
        for _ in range(decisions):
            if not st.visible_labels():
                break
            t0 = time.process_time()
            h = st.hint_panel.show()
            t = time.process_time() - t0
            print(f"| {name}, decision {st.state.ply + 1} | {len(h.options)} | {'exact' if h.exact else 'estimated'} | {t:.2f} |",
                  flush=True)
            st.click(st.visible_labels()[0])
    found = 0
    for i in range(20 * interrogations):
        if found >= interrogations:
            break
        g = gamelib.load("walking-deck", protagonist=PROTAGONISTS[i % 4])
        s = g.new_state(seed=derive_seed(seed, i))
        play_to_interrogation(s, HeuristicAgent(i))
        while not s.is_over and len(s.legal_actions()) == 1:  # to its first real choice
            s.apply(s.legal_actions()[0])
        if s.is_over:
            continue
        found += 1
        st = Stepper(g, seed=0)
        st.state = s
        st.refresh()
        t0 = time.process_time()
        h = st.hint_panel.show()
        t = time.process_time() - t0
        print(f"| {g.options['protagonist']}: first choice of a heuristic game's Interrogation | {len(h.options)} | "
              f"{'exact' if h.exact else 'estimated (past the cap)'} | {t:.2f} |", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m gamelib.bench.hint_cost", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--decisions", type=int, default=3, help="first decisions of a seeded game of each kind")
    p.add_argument("--interrogations", type=int, default=6, help="heuristic games' Interrogations")
    p.add_argument("--seed", type=int, default=2026)
    a = p.parse_args(argv)
    hint_cost(a.decisions, a.seed, a.interrogations)


if __name__ == "__main__":
    main()
