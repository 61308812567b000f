"""Tournaments with 95 % (Wilson) intervals: how much is skill worth?

``skill_table("Boris", n_games=200)`` is the one-line comparison for the lessons: random,
heuristic, search and best-Interrogation play of The Walking Deck side by side.
``seat_rotated("walk-the-plank", "ismcts", "heuristic", n_games=60)`` puts one agent in each
seat in turn among others. ``python -m gamelib.strategy`` runs them all and prints tables."""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamelib.agents import Agent, AgentError, RandomAgent, agents_for
from gamelib.core import load
from gamelib.core.inputs import show
from gamelib.probability.stats import wilson_interval
from gamelib.sim import simulate

PROTAGONISTS = ("Aénor", "Boris", "Adrien", "Éléonore")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % with the default ``z``, the tables of
    docs/strategy.md), from ``gamelib.probability.stats``; (0, 1) when no game was played."""
    return (0.0, 1.0) if n == 0 else wilson_interval(wins, n, z=z)


# ---- agents by name ----------------------------------------------------------------------------

def make_agent(game: Any, name: str, **settings: Any) -> Agent:
    """An agent by name: "random", a game's own ("heuristic"), "search" and
    "best-interrogation" (The Walking Deck), "ismcts" (any game). ``settings`` go to it."""
    if name == "ismcts":
        from .ismcts import ISMCTSAgent

        return ISMCTSAgent(**settings)
    if name == "search":
        from .search import JourneySearchAgent

        return JourneySearchAgent(**settings)
    if name == "best-interrogation":
        from .search import BestInterrogationAgent

        return BestInterrogationAgent(**settings)
    agents = agents_for(game)
    if name not in agents:
        raise AgentError(f"unknown agent {show(name)} for {game.name}; choose one of "
                         f"{', '.join([*agents, 'ismcts', 'search', 'best-interrogation'])}")
    return agents[name](**settings)


#: settings used by the tables of docs/strategy.md (cheap enough for 1,000 games on two cores)
SEARCH_SETTINGS = {"samples": 4, "leaf_nodes": 40, "play_nodes": 50_000, "screen": 2}
BEST_SETTINGS = {"play_nodes": 50_000}
ISMCTS_SETTINGS = {"playouts": 30}


def _clock(executor: Any) -> float:
    """CPU seconds of this process when the games run here ("serial", the default: on a shared
    machine CPU time is the figure to compare); wall-clock seconds when they run elsewhere."""
    return time.process_time() if executor == "serial" else time.perf_counter()


def _row(label: dict[str, Any], df: Any, column: str, seconds: float) -> dict[str, Any]:
    wins = int(df[column].sum())
    n = len(df)
    lo, hi = wilson(wins, n)
    return {**label, "games": n, "wins": wins, "win rate": wins / n if n else float("nan"),
            "95% low": lo, "95% high": hi, "s/game": seconds / n if n else float("nan")}


# ---- The Walking Deck ---------------------------------------------------------------------------

def walking_deck_rows(protagonist: str, agents: Sequence[str], n_games: int, seed: int = 2026,
                      executor: Any = "serial", progress: bool = False, settings: dict[str, dict] | None = None) -> list[dict]:
    game = load("walking-deck", protagonist=protagonist)
    settings = {"search": SEARCH_SETTINGS, "best-interrogation": BEST_SETTINGS, **(settings or {})}
    rows = []
    for name in agents:
        agent = make_agent(game, name, **settings.get(name, {}))
        t0 = _clock(executor)
        df = simulate(game, agent, n_games, seed=seed, executor=executor, progress=progress)
        rows.append(_row({"protagonist": protagonist, "agent": name}, df, "won:you", _clock(executor) - t0))
    return rows


# ---- long runs, one game at a time ------------------------------------------------------------

CSV_COLUMNS = ("protagonist", "agent", "game", "won", "decisions", "cpu_s")


def play_to_csv(path: str, protagonists: Sequence[str], agents: Sequence[str], n_games: int, seed: int = 2026,
                part: tuple[int, int] = (0, 1), settings: dict[str, dict] | None = None) -> int:
    """Play the games of ``walking_deck_rows`` one at a time and append each one's row to the CSV
    at ``path`` as soon as it is played, so a long run (1,000 searched games per Protagonist is
    hours of CPU) loses nothing when stopped and goes on where it stopped: games already in the
    file are skipped. Game ``i`` comes before game ``i + 1`` for every Protagonist and agent, so
    a stopped run holds the same first games everywhere. ``part=(k, n)`` plays only the games
    ``i`` with ``i % n == k``, for ``n`` processes sharing one run (their own files, or one file:
    each row is one line written at once). Returns the number of games played."""
    import csv
    import os

    from gamelib.sim import game_row

    k, n = part
    if not (isinstance(k, int) and isinstance(n, int) and 0 <= k < n):
        raise AgentError(f"part {show(part)}: give (k, n), whole numbers with 0 <= k < n")
    settings = {"search": SEARCH_SETTINGS, "best-interrogation": BEST_SETTINGS, **(settings or {})}
    done = {(r["protagonist"], r["agent"], int(r["game"])) for r in read_csv(path)} if os.path.exists(path) else set()
    games = {p: load("walking-deck", protagonist=p) for p in protagonists}
    players = {(p, a): make_agent(games[p], a, **settings.get(a, {})) for p in protagonists for a in agents}
    played = 0
    with open(path, "a", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        if f.tell() == 0:
            out.writerow(CSV_COLUMNS)
        for i in range(k, n_games, n):
            for (p, a), agent in players.items():
                if (p, a, i) in done:
                    continue
                t0 = time.process_time()
                row = game_row(games[p], agent, i, seed)
                out.writerow([p, a, i, int(row["won:you"]), row["decisions"], f"{time.process_time() - t0:.3f}"])
                f.flush()
                played += 1
    return played


def read_csv(path: str) -> list[dict[str, str]]:
    import csv

    with open(path, newline="", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r.get("protagonist") != "protagonist"]


def rows_from_csv(paths: Sequence[str], n_games: int) -> list[dict]:
    """The table rows (as ``walking_deck_rows`` gives them) of the games ``0 .. n_games - 1``
    found in the CSV files of ``play_to_csv``, per Protagonist and agent; "games" says how many
    of them are there (fewer than ``n_games`` when the run has not finished). "s/game" is the
    mean CPU seconds of a game."""
    seen: dict[tuple[str, str], dict[int, tuple[int, float]]] = {}
    for path in paths:
        for r in read_csv(path):
            i = int(r["game"])
            if i < n_games:
                seen.setdefault((r["protagonist"], r["agent"]), {})[i] = (int(r["won"]), float(r["cpu_s"]))
    rows = []
    for (p, a), games in seen.items():
        wins = sum(w for w, _ in games.values())
        m = len(games)
        lo, hi = wilson(wins, m)
        rows.append({"protagonist": p, "agent": a, "games": m, "wins": wins, "win rate": wins / m,
                     "95% low": lo, "95% high": hi, "s/game": sum(c for _, c in games.values()) / m})
    return rows


def skill_table(protagonist: str = "Aénor", n_games: int | Mapping[str, int] = 200, seed: int = 2026,
                agents: Sequence[str] = ("random", "heuristic", "search", "best-interrogation"),
                executor: Any = "serial", progress: bool = True, settings: dict[str, dict] | None = None):
    """How much is skill worth? The win rate of each kind of play for one Protagonist, with
    95 % Wilson intervals, on the same deals (game ``i`` has the same shuffled piles for every
    agent). ``n_games`` is one size for all or one per agent (``{"search": 5, ...}``: a
    searched game costs about 3 s of CPU, a heuristic one a few ms). A pandas DataFrame; its
    "s/game" column is CPU seconds when the games run here (the default)."""
    sizes = n_games if isinstance(n_games, Mapping) else {name: n_games for name in agents}
    missing = [name for name in agents if name not in sizes]
    if missing:
        raise AgentError(f"n_games gives no size for {', '.join(map(show, missing))}; give one number or one per agent of "
                         f"{', '.join(agents)}")
    import pandas as pd  # (after the checks: it takes a second to import)

    rows = []
    for name in agents:
        rows += walking_deck_rows(protagonist, (name,), int(sizes[name]), seed, executor, progress, settings)
    return pd.DataFrame(rows)


# ---- seat-rotated tournaments -------------------------------------------------------------------

def seat_rotated(game_name: str, tested: str, opponent: str, n_games: int, seed: int = 2026, players: int | None = None,
                 executor: Any = "serial", progress: bool = False, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """``tested`` plays one seat, ``opponent`` agents the others; the tested seat moves round
    the table (game ``i`` puts it in seat ``i mod players``). Returns its wins with a Wilson
    interval, next to what the same seat wins when an ``opponent`` agent plays it."""
    options = {} if players is None else {"players": players}
    game = load(game_name, **options)
    seats = game.players
    per = [n_games // len(seats) + (1 if i < n_games % len(seats) else 0) for i in range(len(seats))]
    t0 = _clock(executor)
    wins = n = 0
    for i, seat in enumerate(seats):
        if not per[i]:
            continue
        agents = {p: make_agent(game, tested if p == seat else opponent, **(settings or {}) if p == seat else {})
                  for p in seats}
        df = simulate(game, agents, per[i], seed=seed + 1000 * i, executor=executor, progress=progress)
        wins += int(df[f"won:{seat}"].sum())
        n += len(df)
    lo, hi = wilson(wins, n)
    return {"game": game_name, "players": len(seats), "agent": tested, "opponents": opponent, "games": n,
            "wins": wins, "win rate": wins / n if n else float("nan"), "95% low": lo, "95% high": hi,
            "s/game": (_clock(executor) - t0) / max(n, 1)}


def markdown(rows: list[dict[str, Any]], columns: Sequence[str]) -> str:
    """A Markdown table of rows (percentages for rates and bounds)."""
    def cell(k: str, v: Any) -> str:
        if k in ("win rate", "95% low", "95% high"):
            return f"{100 * v:.1f} %"
        if k == "s/game":
            return f"{v:.2f}"
        return str(v)

    head = "| " + " | ".join(columns) + " |\n| " + " | ".join("---" for _ in columns) + " |\n"
    return head + "".join("| " + " | ".join(cell(k, r[k]) for k in columns) + " |\n" for r in rows)


__all__ = ["wilson", "make_agent", "skill_table", "walking_deck_rows", "seat_rotated", "markdown",
           "play_to_csv", "rows_from_csv", "read_csv", "CSV_COLUMNS",
           "SEARCH_SETTINGS", "BEST_SETTINGS", "ISMCTS_SETTINGS", "PROTAGONISTS"]
del Callable, RandomAgent
