"""What one click on a decision button costs early and late in a game (issue 24, point 3).

    python -m gamelib.widgets.bench_click [--game deadland] [--seed 1] [--early 5] [--late 200]

A Stepper in the table view with every seat a person (so no agent plays after the click) is
brought to decision ``early`` and to decision ``late`` of one seeded game (the random agent's
choices), drawn once, then one click is measured at each point: the Python function calls it
runs (a count that does not depend on the machine's load), split by where they run, and its CPU
time (the median of interleaved repeats, early and late alternating).

* page: the Stepper itself (its model, panels, log, status; ``gamelib.widgets`` and the standard
  library it calls). This is what must not grow with the game.
* rules and picture: ``apply``, the legal actions, the odds and the renderer. They depend on the
  position (what the decision sets off, how much is on the table), not on the game's length.
* widget library: ipywidgets and traitlets sending the changed values (more when a decision
  has more buttons)."""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from typing import Any

import gamelib
from gamelib.agents import RandomAgent

from .stepper import Stepper

PARTS = ("page", "rules and picture", "widget library")


def _at(game: Any, seed: int, ply: int) -> tuple[Stepper, str]:
    """A Stepper at decision ``ply`` of the random agent's game, drawn, and the next label."""
    st = Stepper(game, seed=seed, seats={p: "person" for p in game.players}, table_view=True, pause=0)
    agent = RandomAgent(seed=seed)
    for _ in range(ply):
        st.timeline.act(agent.choose(st.state))
    st.refresh()
    return st, agent.choose(st.state).label


def _part(filename: str) -> str:
    if any(f"/gamelib/{p}/" in filename for p in ("rules", "core", "render")) or filename.endswith("fractions.py"):
        return PARTS[1]
    if "/traitlets/" in filename or "/ipywidgets/" in filename or "/comm/" in filename:
        return PARTS[2]
    return PARTS[0]


def calls(fn: Any) -> Counter:
    """Python function calls made by ``fn()``, by part."""
    out: Counter = Counter()

    def count(frame: Any, event: str, _arg: Any) -> None:
        if event == "call":
            out[_part(frame.f_code.co_filename)] += 1

    sys.setprofile(count)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return out


def measure(game: Any, seed: int, plies: tuple[int, ...], repeats: int = 5) -> dict[int, tuple[Counter, float]]:
    """{ply: (Python calls of one click by part, median CPU seconds of one click)}."""
    counted, cpu = {}, {ply: [] for ply in plies}
    for ply in plies:
        st, label = _at(game, seed, ply)
        counted[ply] = calls(lambda: st.click(label))
        if st.last_error is not None or st.state.ply != ply + 1:
            raise SystemExit(f"the click at decision {ply} did not land: {st.last_error}")
    for _ in range(repeats):  # interleaved, so a change of the machine's load hits every point alike
        for ply in plies:
            st, label = _at(game, seed, ply)
            t = time.thread_time()
            st.click(label)
            cpu[ply].append(time.thread_time() - t)
    return {ply: (counted[ply], statistics.median(cpu[ply])) for ply in plies}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="deadland")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--early", type=int, default=5)
    ap.add_argument("--late", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args(argv)
    game = gamelib.load(a.game)
    got = measure(game, a.seed, (a.early, a.late), a.repeats)
    print(f"One click in the Stepper, {game.title}, seed {a.seed}, table view, same run "
          "(Python calls by part; CPU time of the whole click):")
    print(f"  {'decision':>8}  {PARTS[0]:>6}  {PARTS[1]:>17}  {PARTS[2]:>14}  {'all':>6}  {'CPU':>8}")
    for ply, (c, t) in got.items():
        print(f"  {ply:>8}  {c[PARTS[0]]:>6}  {c[PARTS[1]]:>17}  {c[PARTS[2]]:>14}  {sum(c.values()):>6}  "
              f"{t * 1000:>5.1f} ms")
    (c1, t1), (c2, t2) = got[a.early], got[a.late]
    print(f"  late / early: page x{c2[PARTS[0]] / c1[PARTS[0]]:.2f}, all calls x{sum(c2.values()) / sum(c1.values()):.2f}, "
          f"CPU x{t2 / t1:.2f}")


if __name__ == "__main__":
    main()
