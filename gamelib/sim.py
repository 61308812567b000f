"""Many games at once: ``simulate`` returns one tidy row per game."""
from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from .agents import Agents, play
from .core.game import Game
from .core.rng import derive_seed

_games: dict[tuple, Game] = {}


def _game(cls: type[Game], options: dict[str, Any]) -> Game:
    # Workers rebuild the Game from its class (pickled by reference) and options once, then reuse
    # it for every chunk; card data is never shipped between processes.
    key = (cls.__module__, cls.__qualname__, tuple(sorted((k, repr(v)) for k, v in options.items())))
    if key not in _games:
        _games[key] = cls(**options)
    return _games[key]


def _row(game: Game, agents: Agents, index: int, seed: int) -> dict[str, Any]:
    game_seed = derive_seed(seed, index)
    state = play(game, agents, seed=game_seed)
    out = state.outcome
    row: dict[str, Any] = {
        "game": index,
        "seed": game_seed,
        "winners": ",".join(out.winners),
        "losers": ",".join(out.losers),
        "reason": out.reason,
        "decisions": state.ply,
    }
    row.update(state.summary())
    for p in game.players:
        row[f"won:{p}"] = p in out.winners
    return row


def _run_chunk(cls: type[Game], options: dict[str, Any], agents: Agents, seed: int, indices: list[int]) -> list[dict]:
    game = _game(cls, options)
    return [_row(game, agents, i, seed) for i in indices]


def _chunks(n: int, size: int) -> Iterable[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def simulate(
    game: Game,
    agents: Agents,
    n_games: int,
    seed: int = 0,
    executor: Executor | str | None = None,
    chunk_size: int | None = None,
    progress: bool = True,
):
    """Play ``n_games`` games and return a pandas DataFrame, one row per game, in game order.

    Game ``i`` uses the seed ``derive_seed(seed, i)`` and freshly seeded agents, so the table is
    the same whatever the executor: ``None`` runs local processes, ``"serial"`` runs here, and any
    ``concurrent.futures.Executor`` works (a dask ``client.get_executor()`` included)."""
    import pandas as pd
    from tqdm.auto import tqdm

    if n_games < 0:
        raise ValueError(f"n_games must be >= 0, got {n_games}")
    own = None
    if executor is None:
        workers = max(1, min(os.cpu_count() or 1, 8))
        executor = own = ProcessPoolExecutor(max_workers=workers) if n_games > 1 else "serial"
    size = chunk_size or max(1, min(200, n_games // 16 or 1))
    chunks = list(_chunks(n_games, size))
    rows: list[dict] = []
    bar = tqdm(total=n_games, desc=f"{game.name}", disable=not progress, leave=False)
    try:
        if executor == "serial":
            for idx in chunks:
                rows.extend(_run_chunk(type(game), game.options, agents, seed, idx))
                bar.update(len(idx))
        elif isinstance(executor, Executor) or hasattr(executor, "submit"):
            futures = [executor.submit(_run_chunk, type(game), game.options, agents, seed, idx) for idx in chunks]
            for fut, idx in zip(futures, chunks):
                rows.extend(fut.result())
                bar.update(len(idx))
        else:
            raise ValueError(f"executor must be None, 'serial' or a concurrent.futures.Executor, got {executor!r}")
    finally:
        bar.close()
        if isinstance(own, Executor):
            own.shutdown()
    return pd.DataFrame(rows)


__all__ = ["simulate"]
