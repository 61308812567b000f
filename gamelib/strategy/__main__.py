"""``python -m gamelib.strategy COMMAND``: the tournaments and benchmarks of docs/strategy.md.

    python -m gamelib.strategy bench [--games 10] [--compare PATH] [--slow 1]  # exact solver: CPU time per Interrogation
    python -m gamelib.strategy walking-deck [--games 1000] [--search-games 1000] [--best-games 200]
    python -m gamelib.strategy seats --game walk-the-plank [--players 3] [--games 60] [--playouts 30] [--baseline-games 600]

Everything prints Markdown tables and asserts nothing. Run the long ones with ``nice``: the
machine is shared."""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from . import tournament as T


def _solver_module(path: str | None) -> ModuleType:
    """This package's solver, or another checkout's copy at ``path`` (e.g. main's, to measure
    before and after in the same run): its ``walking_deck`` package folder, or a single
    ``walking_deck_solver.py`` as the solver was before it became a package."""
    if path is None:
        from . import walking_deck
        return walking_deck
    import importlib.util

    name = "_compared_walking_deck"
    where = Path(path)
    if where.is_dir():  # a package: its modules import each other relatively
        spec = importlib.util.spec_from_file_location(name, where / "__init__.py",
                                                      submodule_search_locations=[str(where)])
    else:
        spec = importlib.util.spec_from_file_location(name, where)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--compare: {path!r} is neither a Python file nor a package folder")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


Solvers = list[tuple[str, ModuleType]]
Row = tuple[list[float], list[int], list[int]]  # CPU seconds, positions, solves over the cap


def bench(games: int, seed: int, cap: int, compare: str | None = None, slow: float | None = None) -> None:
    """CPU time of the exact solve (a Fraction) of Interrogations reached by random and
    heuristic play. With ``compare`` (the path of another solver: a ``walking_deck`` folder or a
    ``walking_deck_solver.py``), each Interrogation is also solved by that copy, right after this
    one (interleaved, same cap). With ``slow``, a second table lists every Interrogation that
    took more than ``slow`` seconds with either solver: its positions, value and seconds. A last
    table gives the CPU time of ``gamelib.hint`` at each Interrogation's start, with nothing cached."""
    from gamelib.core import load

    solvers: Solvers = [("this", _solver_module(None))]
    if compare:
        solvers.insert(0, ("compared", _solver_module(compare)))
    print(f"Exact Interrogation solve (Fraction), CPU seconds; {games} games per row, cap {cap:,} positions"
          + (f"; 'compared' is {compare}" if compare else "") + "\n")
    print("| Protagonist | Journey by | solver | reached | median s | 90th pct s | max s | within 1 s | over cap "
          "| median positions |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    every: dict[str, list[float]] = {name: [] for name, _ in solvers}
    slow_rows: list[tuple] = []
    hints: list[tuple[float, bool]] = []
    for prot in T.PROTAGONISTS:
        g = load("walking-deck", protagonist=prot)
        for who in ("random", "heuristic"):
            rows, reached = _bench_rows(g, who, games, seed, cap, solvers, slow, slow_rows, hints)
            for name, _ in solvers:
                times, nodes, over = rows[name]
                every[name] += times
                if not times:
                    print(f"| {prot} | {who} | {name} | 0 | | | | | | |")
                    continue
                print(f"| {prot} | {who} | {name} | {reached} | {_summary(times)} | {over[0]} | "
                      f"{int(statistics.median(nodes)):,} |", flush=True)
    _bench_totals(solvers, every, hints, seed, slow, slow_rows)


def _bench_rows(g: Any, who: str, games: int, seed: int, cap: int, solvers: Solvers, slow: float | None,
                slow_rows: list[tuple], hints: list[tuple[float, bool]]) -> tuple[dict[str, Row], int]:
    """One row per solver: ``games`` games of ``g`` played by ``who`` to their Interrogation, each
    solved by every solver in turn; the hint's cost at each goes to ``hints``, the slow solves to
    ``slow_rows``. Returns the rows and how many games reached their Interrogation."""
    from gamelib.agents import RandomAgent
    from gamelib.core import derive_seed
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    from .hint import hint

    this = solvers[-1][1]
    rows: dict[str, Row] = {name: ([], [], [0]) for name, _ in solvers}
    reached = 0
    for i in range(games):
        s = g.new_state(seed=derive_seed(seed, i))
        this.play_to_interrogation(s, HeuristicAgent(i) if who == "heuristic" else RandomAgent(i))
        if s.is_over:
            continue
        reached += 1
        seen = [(name,) + _timed_solve(wds, s, cap, rows[name]) for name, wds in solvers]
        if slow is not None and any(t > slow for _, t, _, _ in seen):
            slow_rows += [(g.options["protagonist"], who, i) + x for x in seen]
        # what a person asking for a hint there waits: gamelib.hint with nothing cached
        this.clear_cache()
        t0 = time.process_time()
        h = hint(s)
        hints.append((time.process_time() - t0, h.exact))
        this.clear_cache()
    return rows, reached


def _timed_solve(wds: ModuleType, s: Any, cap: int, row: Row) -> tuple[float, int, str]:
    """Solve ``s`` exactly with the solver module ``wds`` within ``cap`` positions, added to
    ``row``; (CPU seconds, positions, value or "over cap")."""
    times, nodes, over = row
    solver = wds.solver_for(s, cache=False)
    solver.budget = cap
    t0 = time.process_time()
    try:
        value = f"{float(solver.exact(wds.key_of(solver, s))):.4f}"
    except wds.OverBudget:
        over[0] += 1
        value = "over cap"
    times.append(time.process_time() - t0)
    nodes.append(solver.nodes)
    return times[-1], solver.nodes, value


def _bench_totals(solvers: Solvers, every: dict[str, list[float]], hints: list[tuple[float, bool]], seed: int,
                  slow: float | None, slow_rows: list[tuple]) -> None:
    """The bench's last lines: every Interrogation per solver, the hint's cost, the slow solves."""
    for name, _ in solvers:
        if every[name]:
            print(f"| all | random and heuristic | {name} | {len(every[name])} | {_summary(every[name])} | | |")
    if hints:
        print("\n`gamelib.hint(state)` at the start of each of these Interrogations (every legal action's "
              "exact value, nothing cached), CPU seconds\n")
        print("| Interrogations | exact | median s | 90th pct s | max s | within 1 s |\n| --- | --- | --- | --- | --- | --- |")
        print(f"| {len(hints)} | {sum(e for _, e in hints)} | {_summary([t for t, _ in hints])} |")
    if slow is not None:
        print(f"\nInterrogations over {slow} s (game i: seed derive_seed({seed}, i))\n")
        print("| Protagonist | Journey by | game | solver | CPU s | positions | value |\n| --- | --- | --- | --- | --- | --- | --- |")
        for prot, who, i, name, t, n, value in slow_rows:
            print(f"| {prot} | {who} | {i} | {name} | {t:.2f} | {n:,} | {value} |")


def _summary(times: list[float]) -> str:
    """median | 90th percentile | max | within 1 s, of CPU seconds."""
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    within = sum(t <= 1.0 for t in times)
    return f"{statistics.median(times):.3f} | {p90:.3f} | {times[-1]:.2f} | {within}/{len(times)}"


def walking_deck(games: int, search_games: int, best_games: int, seed: int,
                 protagonists: tuple[str, ...] = T.PROTAGONISTS, csv: str | None = None,
                 part: tuple[int, int] = (0, 1), leaf_nodes: int | None = None) -> None:
    """Cheap rows first (random and heuristic for every Protagonist), then best-Interrogation,
    then search: each row is printed as soon as it is done, the whole table at the end. With
    ``csv``, every game is kept in that file as soon as it is played (``T.play_to_csv``: a
    stopped run goes on where it stopped; ``part`` shares a run between processes) and the
    table is made from the file. ``leaf_nodes``: the search agent's budget for an exact leaf,
    instead of ``T.SEARCH_SETTINGS``'s."""
    cols = ["protagonist", "agent", "games", "wins", "win rate", "95% low", "95% high", "s/game"]
    search = {**T.SEARCH_SETTINGS, **({} if leaf_nodes is None else {"leaf_nodes": leaf_nodes})}
    settings = {"search": search}
    print(f"The Walking Deck, seed {seed}; search settings {search}, best-Interrogation {T.BEST_SETTINGS}; "
          "s/game is CPU seconds\n", flush=True)
    rows = []
    plan = [(("random", "heuristic"), games), (("best-interrogation",), best_games), (("search",), search_games)]
    for agents, n in plan:
        if not n:
            continue
        if csv is not None:
            T.play_to_csv(csv, protagonists, agents, n, seed, part, settings)
            got = [r for r in T.rows_from_csv([csv], n) if r["agent"] in agents and r["protagonist"] in protagonists]
            rows += got
            print(T.markdown(got, cols), flush=True)
            continue
        for prot in protagonists:
            for name in agents:
                rows += T.walking_deck_rows(prot, (name,), n, seed, settings=settings)
                print(T.markdown(rows[-1:], cols).splitlines()[-1], flush=True)
    order = {name: i for i, name in enumerate(("random", "heuristic", "search", "best-interrogation"))}
    rows.sort(key=lambda r: (T.PROTAGONISTS.index(r["protagonist"]), order[r["agent"]]))
    print("\nAll rows:\n")
    print(T.markdown(rows, cols))


def seats(game: str, players: int | None, games: int, playouts: int, rollout: str, seed: int,
          baseline_games: int | None = None) -> None:
    cols = ["game", "players", "agent", "opponents", "games", "wins", "win rate", "95% low", "95% high", "s/game"]
    rows = []
    settings = {"playouts": playouts, "rollout": rollout}
    for opp in ("heuristic", "random"):
        for tested, st in (("ismcts", settings), (opp, None), ("heuristic" if opp == "random" else "random", None)):
            n = games if st is not None else (baseline_games or games)  # the cheap rows can afford more games
            rows.append(T.seat_rotated(game, tested, opp, n, seed, players, settings=st))
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
    b.add_argument("--compare", default=None, metavar="PATH",
                   help="also time this other solver (a walking_deck folder or walking_deck_solver.py, e.g. main's), interleaved")
    b.add_argument("--slow", type=float, default=None, metavar="S",
                   help="also list every Interrogation that took more than S CPU seconds")
    w = sub.add_parser("walking-deck", help="win rates by Protagonist and agent")
    w.add_argument("--games", type=int, default=1000, help="games for random and heuristic")
    w.add_argument("--search-games", type=int, default=1000)
    w.add_argument("--best-games", type=int, default=200)
    w.add_argument("--protagonists", default=",".join(T.PROTAGONISTS), help="comma-separated (default: all four)")
    w.add_argument("--leaf-nodes", type=int, default=None, metavar="N",
                   help=f"positions the search agent's exact leaf may take (default {T.SEARCH_SETTINGS['leaf_nodes']})")
    w.add_argument("--csv", default=None, metavar="PATH",
                   help="keep every game in this CSV as it is played; a stopped run goes on from it")
    w.add_argument("--part", default="0/1", metavar="K/N",
                   help="with --csv: play only games i with i %% N == K (N processes share a run)")
    s = sub.add_parser("seats", help="seat-rotated ISMCTS tournament")
    s.add_argument("--game", default="walk-the-plank")
    s.add_argument("--players", type=int, default=None)
    s.add_argument("--games", type=int, default=60)
    s.add_argument("--playouts", type=int, default=T.ISMCTS_SETTINGS["playouts"])
    s.add_argument("--rollout", default="random")
    s.add_argument("--baseline-games", type=int, default=None, help="games for the heuristic and random rows (default: --games)")
    for q in (b, w, s):
        q.add_argument("--seed", type=int, default=2026)
    a = p.parse_args(argv)
    t0 = time.process_time()
    if a.command == "bench":
        bench(a.games, a.seed, a.cap, a.compare, a.slow)
    elif a.command == "walking-deck":
        chosen = tuple(p.strip() for p in a.protagonists.split(",") if p.strip())
        unknown = [p for p in chosen if p not in T.PROTAGONISTS]
        if unknown:
            p.error(f"unknown Protagonist {unknown[0]!r}; choose among {', '.join(T.PROTAGONISTS)}")
        try:
            k, n = (int(x) for x in a.part.split("/"))
            if not 0 <= k < n:
                raise ValueError
        except ValueError:
            p.error(f"--part must be K/N with 0 <= K < N, e.g. 0/2, got {a.part!r}")
        if a.leaf_nodes is not None and a.leaf_nodes < 0:
            p.error(f"--leaf-nodes must be 0 or more, got {a.leaf_nodes}")
        walking_deck(a.games, a.search_games, a.best_games, a.seed, chosen, a.csv, (k, n), a.leaf_nodes)
    else:
        seats(a.game, a.players, a.games, a.playouts, a.rollout, a.seed, a.baseline_games)
    print(f"\n(main process CPU {time.process_time() - t0:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
