"""Long conformance runs: many random games per game, every one checked by
``gamelib.testing.check_game``, every violation reported (zero expected).

    python -m gamelib.bench.longrun --games 100000 --game deadland --workers 2
    python -m gamelib.bench.longrun --games 2000                      # every game, 2,000 games each
    python -m gamelib.bench.longrun --games 50000 --start 50000 ...  # the second half of a 100,000-game run

Game ``i`` of a run uses the seed ``derive_seed(seed, i)`` and cycles through the game's option
variants (each player count, each Protagonist), so a run is the same whatever the number of
workers, and any game can be re-run alone from the seed and index printed with a violation.
One game in ``--deep-every`` gets the costly checks after every action (undo, record replay,
view leaks); the others get them at a sample of moments and at the end (see ``check_game``).
The figures of the runs made so far are in ``docs/reliability.md``."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.registry import game_class, games, load
from ..core.rng import derive_seed

#: how many violations are kept in full (the count is always exact)
KEEP_VIOLATIONS = 20


def variants(name: str) -> list[dict[str, Any]]:
    """The option sets a long run cycles through: every choice of every option with choices."""
    out: list[dict[str, Any]] = [{}]
    for spec in game_class(name).option_specs:
        if spec.choices:
            out = [{**o, spec.name: c} for o in out for c in spec.choices]
    return out


@dataclass
class Report:
    game: str
    games: int = 0
    actions: int = 0
    violations: int = 0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    examples: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: "Report") -> None:
        self.games += other.games
        self.actions += other.actions
        self.violations += other.violations
        self.cpu_seconds += other.cpu_seconds
        self.examples.extend(other.examples[: KEEP_VIOLATIONS - len(self.examples)])

    def line(self) -> str:
        rate = self.games / self.cpu_seconds if self.cpu_seconds else 0.0
        return (f"{self.game}: {self.games} games, {self.actions} actions checked, {self.violations} violations; "
                f"CPU {self.cpu_seconds:.0f} s ({rate:.0f} games per CPU second), wall {self.wall_seconds:.0f} s")


def run_chunk(name: str, seed: int, start: int, stop: int, deep_every: int) -> Report:
    """Check games ``start`` to ``stop - 1`` of a run (one worker's share)."""
    from ..testing import check_game  # the public conformance check; imported here for workers

    t0 = time.process_time()
    opts = variants(name)
    built = [load(name, **o) for o in opts]
    report = Report(name)
    for i in range(start, stop):
        game = built[i % len(opts)]
        game_seed = derive_seed(seed, i)
        deep = 1 if deep_every and i % deep_every == 0 else 0
        try:
            report.actions += check_game(game, n_games=1, seed=game_seed, deep_games=deep)
        except Exception as exc:  # a violation, or a crash of the rules: both are reported
            report.violations += 1
            if len(report.examples) < KEEP_VIOLATIONS:
                report.examples.append({"index": i, "options": opts[i % len(opts)], "seed": game_seed,
                                        "deep": bool(deep), "error": type(exc).__name__,
                                        "message": str(exc)[:4000]})
        report.games += 1
    report.cpu_seconds = time.process_time() - t0
    return report


def run(name: str, n_games: int, seed: int = 0, workers: int = 1, chunk: int = 200, deep_every: int = 50,
        progress: bool = True, start: int = 0) -> Report:
    """Check ``n_games`` random games of ``name`` (games ``start`` to ``start + n_games - 1`` of the
    run with this seed, so a long run can be split or resumed); the report counts games, actions
    and violations."""
    total = Report(name)
    t0 = time.perf_counter()
    end = start + n_games
    bounds = [(s, min(end, s + chunk)) for s in range(start, end, chunk)]
    done = 0

    def note(part: Report) -> None:
        nonlocal done
        total.add(part)
        done += part.games
        if progress:
            print(f"\r{name}: {done}/{n_games} games, {total.violations} violations", end="", file=sys.stderr,
                  flush=True)

    if workers <= 1:
        for a, b in bounds:
            note(run_chunk(name, seed, a, b, deep_every))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run_chunk, name, seed, a, b, deep_every) for a, b in bounds]
            for f in as_completed(futures):
                note(f.result())
    if progress:
        print(file=sys.stderr)
    total.wall_seconds = time.perf_counter() - t0
    total.examples.sort(key=lambda e: e["index"])
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamelib.bench.longrun", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per game (default 1000)")
    parser.add_argument("--game", action="append", help="a game's name (repeatable; default: every game)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument("--start", type=int, default=0,
                        help="index of the first game (to split or resume a run; default 0)")
    parser.add_argument("--chunk", type=int, default=200, help="games per task handed to a worker")
    parser.add_argument("--deep-every", type=int, default=50,
                        help="one game in this many is checked deeply after every action (0: none)")
    parser.add_argument("--json", help="also write the reports to this file")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    if min(args.games, args.deep_every, args.start, args.seed) < 0 or args.workers < 1 or args.chunk < 1:
        parser.error("--games, --start, --seed and --deep-every must be >= 0, --workers and --chunk >= 1")
    names = args.game or [g.name for g in games()]
    reports = []
    for name in names:
        game_class(name)  # unknown names fail before any work
        report = run(name, args.games, args.seed, args.workers, args.chunk, args.deep_every, not args.quiet,
                     args.start)
        reports.append(report)
        print(report.line())
        for ex in report.examples:
            print(f"  violation in game {ex['index']} (options {ex['options']}, seed {ex['seed']}): "
                  f"{ex['error']}: {ex['message'].splitlines()[0] if ex['message'] else ''}")
    if args.json:
        info = {"command": "python -m gamelib.bench.longrun " + " ".join(argv if argv is not None else sys.argv[1:]),
                "cpu_count": os.cpu_count(), "reports": [asdict(r) for r in reports]}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(info, fh, indent=1)
    return 1 if any(r.violations for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
