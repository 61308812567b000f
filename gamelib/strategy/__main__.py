"""``python -m gamelib.strategy COMMAND``: the tournaments and benchmarks of docs/strategy.md.

    python -m gamelib.strategy bench [--games 10]            # exact solver: CPU time per Interrogation
    python -m gamelib.strategy walking-deck [--games 1000] [--search-games 1000] [--best-games 200]
    python -m gamelib.strategy seats --game walk-the-plank [--players 3] [--games 60] [--playouts 40]

Everything prints Markdown tables and asserts nothing. Run the long ones with ``nice``: the
machine is shared."""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from . import tournament as T


def bench(games: int, seed: int, cap: int) -> None:
    """CPU time of the exact solve (a Fraction) of Interrogations reached by random and heuristic play."""
    import gamelib
    from gamelib.core import derive_seed
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    from . import walking_deck_solver as wds

    print(f"Exact Interrogation solve (Fraction), CPU seconds; {games} games per row, cap {cap:,} positions\n")
    print("| Protagonist | Journey by | reached | median s | 90th pct s | max s | within 1 s | over cap | median positions |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for prot in T.PROTAGONISTS:
        g = gamelib.load("walking-deck", protagonist=prot)
        for who in ("random", "heuristic"):
            times, nodes, over, reached = [], [], 0, 0
            for i in range(games):
                s = g.new_state(seed=derive_seed(seed, i))
                agent = HeuristicAgent(i) if who == "heuristic" else gamelib.RandomAgent(i)
                while not s.is_over and s.stage != "Interrogation":
                    s.apply(agent.choose(s))
                if s.is_over:
                    continue
                reached += 1
                solver = wds.solver_for(s, cache=False)
                solver.budget = cap
                t0 = time.process_time()
                try:
                    solver.exact(wds.key_of(solver, s))
                except wds.OverBudget:
                    over += 1
                times.append(time.process_time() - t0)
                nodes.append(solver.nodes)
            if not times:
                print(f"| {prot} | {who} | 0 | | | | | | |")
                continue
            times.sort()
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            within = sum(t <= 1.0 for t in times)
            print(f"| {prot} | {who} | {reached} | {statistics.median(times):.3f} | {p90:.3f} | {times[-1]:.2f} | "
                  f"{within}/{len(times)} | {over} | {int(statistics.median(nodes)):,} |", flush=True)


def walking_deck(games: int, search_games: int, best_games: int, seed: int) -> None:
    cols = ["protagonist", "agent", "games", "wins", "win rate", "95% low", "95% high", "s/game"]
    print(f"The Walking Deck, seed {seed}; search settings {T.SEARCH_SETTINGS}, best-Interrogation {T.BEST_SETTINGS}\n")
    rows = []
    for prot in T.PROTAGONISTS:
        rows += T.walking_deck_rows(prot, ("random", "heuristic"), games, seed)
        if search_games:
            rows += T.walking_deck_rows(prot, ("search",), search_games, seed)
        if best_games:
            rows += T.walking_deck_rows(prot, ("best-interrogation",), best_games, seed)
        print(T.markdown(rows[-(2 + bool(search_games) + bool(best_games)):], cols), flush=True)
    print("All rows:\n")
    print(T.markdown(rows, cols))


def seats(game: str, players: int | None, games: int, playouts: int, rollout: str, seed: int) -> None:
    cols = ["game", "players", "agent", "opponents", "games", "wins", "win rate", "95% low", "95% high", "s/game"]
    rows = []
    settings = {"playouts": playouts, "rollout": rollout}
    for opp in ("heuristic", "random"):
        for tested, st in (("ismcts", settings), (opp, None), ("heuristic" if opp == "random" else "random", None)):
            rows.append(T.seat_rotated(game, tested, opp, games, seed, players, settings=st))
            print(T.markdown(rows[-1:], cols), flush=True)
    print(f"{game}: ISMCTS with {playouts} playouts per decision ({rollout} roll-outs), seat-rotated\n")
    print(T.markdown(rows, cols))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m gamelib.strategy", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="CPU time of the exact Interrogation solver")
    b.add_argument("--games", type=int, default=10)
    b.add_argument("--cap", type=int, default=3_000_000, help="stop a solve past this many positions")
    w = sub.add_parser("walking-deck", help="win rates by Protagonist and agent")
    w.add_argument("--games", type=int, default=1000, help="games for random and heuristic")
    w.add_argument("--search-games", type=int, default=1000)
    w.add_argument("--best-games", type=int, default=200)
    s = sub.add_parser("seats", help="seat-rotated ISMCTS tournament")
    s.add_argument("--game", default="walk-the-plank")
    s.add_argument("--players", type=int, default=None)
    s.add_argument("--games", type=int, default=60)
    s.add_argument("--playouts", type=int, default=T.ISMCTS_SETTINGS["playouts"])
    s.add_argument("--rollout", default="random")
    for q in (b, w, s):
        q.add_argument("--seed", type=int, default=2026)
    a = p.parse_args(argv)
    t0 = time.process_time()
    if a.command == "bench":
        bench(a.games, a.seed, a.cap)
    elif a.command == "walking-deck":
        walking_deck(a.games, a.search_games, a.best_games, a.seed)
    else:
        seats(a.game, a.players, a.games, a.playouts, a.rollout, a.seed)
    print(f"\n(main process CPU {time.process_time() - t0:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
