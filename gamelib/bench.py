"""Speed figures for every game: ``python -m gamelib.bench [--seconds S] [--browser]``.

Prints figures, asserts nothing: timing tests flake on shared machines, so targets are read here."""
from __future__ import annotations

import argparse
import statistics
import time

from .agents import RandomAgent
from .core.records import load_record
from .core.registry import games, load
from .core.rng import derive_seed


def bench_game(name: str, seconds: float = 3.0, **options) -> dict[str, float]:
    game = load(name, **options)
    agent = RandomAgent(1)
    n_games = decisions = 0
    elapsed = 0.0
    finals = []
    while elapsed < seconds:
        t0 = time.perf_counter()
        state = game.new_state(seed=derive_seed(2026, n_games))
        while not state.is_over:
            state.apply(agent.choose(state))
            decisions += 1
        elapsed += time.perf_counter() - t0
        n_games += 1
        if len(finals) < 20:
            finals.append(state)

    mid = [f.at_ply(f.ply // 2) for f in finals]
    reps = 2000
    t0 = time.perf_counter()
    for _ in range(reps // len(mid)):
        for s in mid:
            s.clone()
    clone_us = (time.perf_counter() - t0) / (reps // len(mid) * len(mid)) * 1e6

    t0 = time.perf_counter()
    for f in finals:
        load_record(f.to_record())
    record_ms = (time.perf_counter() - t0) / len(finals) * 1e3

    return {
        "playouts_per_s": n_games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "mean_decisions": decisions / n_games,
        "clone_us": clone_us,
        "record_round_trip_ms": record_ms,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamelib.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per game (default 3)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--browser", action="store_true", help="also measure the Voila dashboard in Chromium")
    args = parser.parse_args(argv)

    names = args.game or [g.name for g in games()]
    print(f"{'game':<16}{'playouts/s':>12}{'decisions/s':>13}{'decisions/game':>16}{'clone µs':>10}{'record ms':>11}")
    for name in names:
        r = bench_game(name, args.seconds)
        print(
            f"{name:<16}{r['playouts_per_s']:>12.1f}{r['decisions_per_s']:>13.0f}{r['mean_decisions']:>16.1f}"
            f"{r['clone_us']:>10.2f}{r['record_round_trip_ms']:>11.2f}"
        )
    if args.browser:
        from . import bench_browser

        res = bench_browser.run()
        for k, v in res.items():
            print(f"dashboard {k}: {v}")


if __name__ == "__main__":
    main()
