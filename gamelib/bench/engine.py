"""Speed figures for every game: ``python -m gamelib.bench [--seconds S] [--compare] [--full] [--browser]``;
``python -m gamelib.bench --load N [...]`` runs the classroom load test instead (gamelib/bench/load.py).

Prints figures, asserts nothing: timing tests flake on shared machines, so targets are read here.
Times are CPU time of this process (``time.process_time``), measured in short slices that take
turns between the contenders (interleaved), so a busy machine slows every contender alike and
the ratios stay meaningful. ``--compare`` adds OpenSpiel (the optional ``bench`` extra:
``pip install -e '.[bench]'``): its C++ Hearts and its pure-Python Block Dominoes, played the same
way (uniformly random legal actions, chance outcomes sampled), as the yardstick for decisions/s.

Figures and targets (issue 8):
  decisions/s      The Walking Deck and Walk the Plank >= 0.5x Hearts, Deadland >= 0.2x Hearts
  checked path     ``apply`` with undo kept, as agents and lessons' loops play (issue 29):
                   The Walking Deck >= 0.6x Hearts, Walk the Plank >= 0.5x, Deadland >= 0.25x;
                   "by id" plays the same path with stable action ids (``apply(int)``)
  clone            <= 5 µs for every game (a state in the middle of a game)
  record replay    a finished game's record: <= 2 ms (The Walking Deck), <= 5 ms (Deadland);
                   CPU ms per record over 20 finished random games: one untimed warm-up pass,
                   then the median of 5 timed passes
  Deadland games   10,000 random games <= 60 s with 2 workers (wall clock; --full plays all 10,000)
  simulate memory  1,000,000 Walking Deck games' rows <= 300 MB
  --ismcts         (issue 29) ISMCTS decisions per CPU second, tree keyed by action ids vs by labels
  --hint           (issue 22) gamelib.hint at the first decision of Walk the Plank and Deadland,
                   4 players: every option's 95 % interval within ±3 points in <= 2 s of CPU
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable

from ..agents import RandomAgent
from ..core.records import load_record
from ..core.registry import games, load
from ..core.rng import derive_seed

SLICE = 0.2  # CPU seconds per turn of one contender


# ---- contenders: each plays one random game and returns its number of decisions ------------------
def gamelib_player(name: str, fast: bool, by_id: bool = False, **options) -> Callable[[int], int]:
    game = load(name, **options)
    agent = RandomAgent(1)

    def one(i: int) -> int:
        state = game.new_state(seed=derive_seed(2026, i))
        if by_id:  # a random legal id, as a game-AI library plays (gamelib.core.ids)
            rng = agent.rng
            while not state.is_over:
                ids = state.legal_action_ids()
                state.apply(ids[rng.randbelow(len(ids))])
            return state.ply
        if fast:
            state.log_enabled = False
            go = state.apply_fast
        else:
            go = state.apply
        while not state.is_over:
            go(agent.choose(state))
        return state.ply

    return one


def openspiel_player(game_name: str) -> Callable[[int], int] | None:
    try:
        import pyspiel
        if game_name.startswith("python_"):
            from open_spiel.python import games as _  # noqa: F401  (registers the Python games)
        game = pyspiel.load_game(game_name)
    except Exception:
        return None
    rnd = random.Random(1)

    def one(i: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
                n += 1
        return n

    return one


def decisions_per_second(contenders: dict[str, Callable[[int], int]], seconds: float) -> dict[str, float]:
    """CPU-time decisions per second of each contender, measured in interleaved slices."""
    spent = dict.fromkeys(contenders, 0.0)
    made = dict.fromkeys(contenders, 0)
    played = dict.fromkeys(contenders, 0)
    for one in contenders.values():  # warm up (imports, caches)
        one(10**6)
    while min(spent.values()) < seconds:
        for name, one in contenders.items():
            if spent[name] >= seconds:
                continue
            t0 = time.process_time()
            while time.process_time() - t0 < SLICE:
                made[name] += one(played[name])
                played[name] += 1
            spent[name] += time.process_time() - t0
    return {name: made[name] / spent[name] for name in contenders}


# ---- per-game figures ------------------------------------------------------------------------
def finished_games(name: str, n: int = 20) -> list:
    game = load(name)
    agent = RandomAgent(3)
    out = []
    for i in range(n):
        state = game.new_state(seed=derive_seed(7, i))
        while not state.is_over:
            state.apply(agent.choose(state))
        out.append(state)
    return out


def clone_us(finals: list, reps: int = 4000) -> float:
    mid = [f.at_ply(f.ply // 2) for f in finals]
    rounds = max(1, reps // len(mid))
    t0 = time.process_time()
    for _ in range(rounds):
        for s in mid:
            s.clone()
    return (time.process_time() - t0) / (rounds * len(mid)) * 1e6


REPLAY_PASSES = 5  # timed passes over the records; the figure is their median


def replay_ms(finals: list, passes: int = REPLAY_PASSES) -> float:
    """CPU milliseconds per record to ``load_record`` each finished game's record: one untimed
    pass first (imports and first-use caches), then the median of ``passes`` timed passes over
    all the records (one pass alone moves by +-30% on a shared machine)."""
    records = [f.to_record() for f in finals]
    for r in records:  # warm-up, not timed
        load_record(r)
    times = []
    for _ in range(passes):
        t0 = time.process_time()
        for r in records:
            load_record(r)
        times.append(time.process_time() - t0)
    return statistics.median(times) / len(records) * 1e3


def deadland_seconds(n_games: int, workers: int = 2) -> tuple[float, float]:
    """(CPU seconds per game on the simulation path, wall seconds for ``n_games`` with ``workers``
    processes through ``simulate``). The wall figure includes starting the workers and depends
    on what else the machine runs; the CPU figure divided by the workers is the floor."""
    from concurrent.futures import ProcessPoolExecutor

    from ..sim import simulate

    game = load("deadland")
    t0 = time.process_time()
    simulate(game, RandomAgent(), 200, seed=2, executor="serial", progress=False)
    per_game = (time.process_time() - t0) / 200
    with ProcessPoolExecutor(max_workers=workers) as pool:
        t0 = time.perf_counter()
        simulate(game, RandomAgent(), n_games, seed=1, executor=pool, progress=False)
        wall = time.perf_counter() - t0
    return per_game, wall


def simulate_rows_mb(n_rows: int = 1_000_000, sample_games: int = 2000) -> tuple[float, float]:
    """(peak MB while gathering, MB of the final table's columns) for ``n_rows`` Walking Deck rows: real
    rows of ``sample_games`` games, fed again and again through simulate's column store."""
    from ..sim import Columns, _run_chunk

    game = load("walking-deck")
    chunks = [_run_chunk(type(game), game.options, RandomAgent(), 5, list(range(i, i + 200)))
              for i in range(0, sample_games, 200)]
    tracemalloc.start()
    cols = Columns()
    k = 0
    while cols.n < n_rows:
        chunk = chunks[k % len(chunks)]
        k += 1
        cols.add(chunk)
    table = cols.frame()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20, table.memory_usage(deep=False).sum() / 2**20


# ---- printing ----------------------------------------------------------------------------------
def _mark(ok: bool) -> str:
    return "ok  " if ok else "MISS"


def first_decision(name: str, players: int = 4, seed: int = 1):
    """The first position of a game where the seat to move has a choice."""
    state = load(name, players=players).new_state(seed=seed)
    while not state.is_over and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def hint_report(seconds: float = 2.0, target: float = 0.03) -> list[str]:
    """The hint's largest 95 % half-width and its CPU time at the first decision of Walk the
    Plank and Deadland (4 players), against the target; where it is missed, the CPU time the
    target would take at the measured playout speed."""
    from ..strategy.hint import hint
    from ..strategy.playouts import Z95

    lines = [f"gamelib.hint at the first decision, 4 players (budget {seconds:g} CPU s; target: every option "
             f"within ±{100 * target:g} points (95 %) in <= {seconds:g} s)"]
    for name in ("walk-the-plank", "deadland"):
        state = first_decision(name)
        t0 = time.process_time()
        h = hint(state, seconds=seconds, target=target)
        cpu = time.process_time() - t0
        half = max(o.half_width for o in h.options)
        ns = [o.samples or 0 for o in h.options]
        playouts = sum(ns)
        ok = half <= target + 1e-12 and cpu <= seconds * 1.05
        lines.append(f"  {name:<15} {len(h.options)} options  largest half-width ±{100 * half:.1f} points  "
                     f"CPU {cpu:.2f} s  {playouts:,} playouts ({min(ns):,}-{max(ns):,} per option)  {_mark(ok)}")
        lines.append(f"  {'':<15} {h.verdict()}")
        if not ok:
            # deals each option needs for ±target at its own estimate (normal approximation)
            need = sum(max(n, Z95 ** 2 * max(float(o.win) * (1 - float(o.win)), 0.01) / target ** 2)
                       for n, o in zip(ns, h.options))
            per = cpu / max(1, playouts)
            lines.append(f"  {'':<15} the target needs about {need:,.0f} playouts: {need * per:.0f} s of CPU at "
                         f"{1000 * per:.2f} ms a playout, or playouts {need * per / seconds:.1f}x faster")
    return lines


def decision_positions(name: str, n: int = 12, players: int = 3) -> list:
    """``n`` positions of a game where the seat to move has a choice, reached by random play
    (seeds ``derive_seed(11, i)``, 3 to 40 random decisions in)."""
    options = {} if name == "walking-deck" else {"players": players}
    game = load(name, **options)
    out = []
    for i in range(n):
        state = game.new_state(seed=derive_seed(11, i))
        agent = RandomAgent(i)
        for _ in range(3 + (i * 7) % 38):
            if state.is_over:
                break
            state.apply(agent.choose(state))
        while not state.is_over and len(state.legal_list()) < 2:
            state.apply(state.legal_list()[0])
        if not state.is_over:
            out.append(state)
    return out


def ismcts_report(seconds: float = 3.0, playouts: int = 30) -> list[str]:
    """ISMCTS decisions per CPU second (``playouts`` random-roll-out playouts each), its tree keyed
    by stable action ids against keyed by labels (as before session 25), interleaved in this run."""
    from ..strategy.ismcts import ISMCTSAgent

    class ByLabel(ISMCTSAgent):
        edges = "label"

    lines = [f"ISMCTS decisions per CPU second ({playouts} playouts, random roll-outs; 3 players), "
             f"interleaved ({seconds:g} s each)"]
    for name in ("walking-deck", "walk-the-plank", "deadland"):
        positions = decision_positions(name)
        same = sum(ISMCTSAgent(seed=j, playouts=playouts).choose(p) == ByLabel(seed=j, playouts=playouts).choose(p)
                   for j, p in enumerate(positions))

        def player(cls: type) -> Callable[[int], int]:
            def one(i: int) -> int:
                cls(seed=i, playouts=playouts).choose(positions[i % len(positions)])
                return 1
            return one

        rates = decisions_per_second({"ids": player(ISMCTSAgent), "labels": player(ByLabel)}, seconds)
        lines.append(f"  {name:<15} keyed by ids {rates['ids']:7.1f}/s   by labels {rates['labels']:7.1f}/s   "
                     f"ratio {rates['ids'] / rates['labels']:.2f}   same choice at {same} of {len(positions)} positions")
    return lines


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "--ismcts" in argv:
        args = _parser().parse_args(argv)
        for line in ismcts_report(args.seconds):
            print(line, flush=True)
        return
    if "--hint" in argv:
        for line in hint_report():
            print(line, flush=True)
        return
    if any(a == "--load" or a.startswith("--load=") for a in argv):
        from .load import main as load_test

        load_test(argv)
        return
    args = _parser().parse_args(argv)
    names = args.game or [g.name for g in games()]
    print_rates(names, args.seconds, args.compare)
    print_per_game(names)
    if not args.no_sim and (args.game is None or "deadland" in names):
        print_deadland_games(args.full)
    if not args.no_sim and (args.game is None or "walking-deck" in names):
        peak, final = simulate_rows_mb()
        print(f"  simulate, 1,000,000 Walking Deck games' rows: {peak:.0f} MB at the peak of gathering them "
              f"(target <= 300 MB {_mark(peak <= 300)}); the table itself {final:.0f} MB")
    if args.browser:
        from . import browser

        for line in browser.report(browser.run_all()):
            print(line)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gamelib.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of playouts per contender (default 3)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--compare", action="store_true", help="beside OpenSpiel's Hearts (C++) and Block Dominoes (Python)")
    parser.add_argument("--full", action="store_true", help="play all 10,000 Deadland games (else 1,000, scaled)")
    parser.add_argument("--no-sim", action="store_true", help="skip the Deadland games and the memory figure")
    parser.add_argument("--browser", action="store_true", help="also measure every Voila dashboard in Chromium")
    parser.add_argument("--hint", action="store_true", help="only the hint's interval and CPU time (issue 22)")
    parser.add_argument("--ismcts", action="store_true", help="only ISMCTS decisions per second, its tree keyed by "
                        "action ids against by labels (issue 29)")
    parser.add_argument("--load", type=int, metavar="N", help="instead, the classroom load test with N visitors "
                        "(its options: python -m gamelib.bench.load --help)")
    return parser


def print_rates(names: list[str], seconds: float, compare: bool) -> None:
    """Decisions per CPU second of each game's three paths (and OpenSpiel's, with ``compare``),
    interleaved, against the targets."""
    contenders: dict[str, Callable[[int], int]] = {}
    for name in names:
        contenders[f"{name} (simulation path)"] = gamelib_player(name, fast=True)
        contenders[f"{name} (apply, undo kept)"] = gamelib_player(name, fast=False)
        contenders[f"{name} (apply by id, undo kept)"] = gamelib_player(name, fast=False, by_id=True)
    if compare:
        for label, og in (("OpenSpiel hearts (C++)", "hearts"), ("OpenSpiel block dominoes (Python)", "python_block_dominoes")):
            one = openspiel_player(og)
            if one is None:
                print(f"{label}: not available (pip install -e '.[bench]')")
            else:
                contenders[label] = one
    rates = decisions_per_second(contenders, seconds)
    hearts = rates.get("OpenSpiel hearts (C++)")
    target = {"walking-deck": 0.5, "walk-the-plank": 0.5, "deadland": 0.2}
    checked = {"walking-deck": 0.6, "walk-the-plank": 0.5, "deadland": 0.25}
    print(f"decisions per CPU second, random playouts, interleaved ({seconds:g} s each)")
    for label, r in rates.items():
        game = label.split(" ")[0]
        line = f"  {label:<40}{r:>11,.0f}/s"
        if hearts:
            ratio = r / hearts
            line += f"  {ratio:5.2f}x hearts"
            if game in target and "simulation" in label:
                line += f"   target >= {target[game]}x  {_mark(ratio >= target[game])}"
            elif game in checked and "undo kept" in label:
                line += f"   target >= {checked[game]}x  {_mark(ratio >= checked[game])}"
        print(line)


def print_per_game(names: list[str]) -> None:
    """Clone and record-replay costs of each game, against their targets."""
    print(f"per game (CPU time; record replay: median of {REPLAY_PASSES} passes over 20 records, after a warm-up pass)")
    limits = {"walking-deck": 2.0, "deadland": 5.0}
    for name in names:
        finals = finished_games(name)
        c = clone_us(finals)
        r = replay_ms(finals)
        rline = f"record replay {r:6.2f} ms"
        if name in limits:
            rline += f" (target <= {limits[name]:g} ms {_mark(r <= limits[name])})"
        print(f"  {name:<16} clone {c:5.2f} µs (target <= 5 µs {_mark(c <= 5)})   {rline}")


def print_deadland_games(full: bool) -> None:
    """10,000 random Deadland games on 2 workers (1,000 scaled, without ``full``)."""
    import os

    n = 10_000 if full else 1_000
    per_game, wall = deadland_seconds(n)
    cpu = per_game * 10_000 / 2
    scaled = wall * 10_000 / n
    how = "" if full else f"; {n:,} played in {wall:.1f} s, scaled"
    print(f"  10,000 random Deadland games, 2 workers: {cpu:6.1f} s of CPU per worker (target <= 60 s "
          f"{_mark(cpu <= 60)}); wall clock {scaled:.1f} s{how} (load average {os.getloadavg()[0]:.1f})")
