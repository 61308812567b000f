"""Many games at once: ``simulate`` returns one tidy row per game; ``iter_simulate`` streams them.

Games are played on the simulation path (``play(..., fast=True, log=False)``: no undo snapshots,
no log), which plays exactly the games the checked path plays (``tests/core/test_simulate.py``).
Rows travel in chunks and are stored column by column (numbers in numpy arrays, each distinct
text once), so a million games' table stays small and the memory in flight stays flat."""
from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor
from numbers import Integral
from typing import Any

from .agents import Agents, play
from .core.errors import GamelibError
from .core.game import Game
from .core.inputs import show
from .core.rng import derive_seed
from .plaintable import PlainColumns, tables_available

_games: dict[tuple, Game] = {}


class SimulationError(GamelibError):
    """``simulate`` was given a number of games or an executor it cannot use; the message names
    it and what would be valid."""


def _game(cls: type[Game], options: dict[str, Any]) -> Game:
    # Workers rebuild the Game from its class (pickled by reference) and options once, then reuse
    # it for every chunk; card data is never shipped between processes.
    key = (cls.__module__, cls.__qualname__, tuple(sorted((k, repr(v)) for k, v in options.items())))
    if key not in _games:
        _games[key] = cls(**options)
    return _games[key]


def game_row(game: Game, agents: Agents, index: int, seed: int) -> dict[str, Any]:
    """The row ``simulate(game, agents, n, seed)`` gives for game ``index`` (any ``n > index``):
    for runs that keep each game as soon as it is played."""
    return _row(game, agents, index, seed)


def _row(game: Game, agents: Agents, index: int, seed: int) -> dict[str, Any]:
    game_seed = derive_seed(seed, index)
    state = play(game, agents, seed=game_seed, fast=True, log=False)
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


def _run_chunk(cls: type[Game], options: dict[str, Any], agents: Agents, seed: int, indices: list[int]) -> dict[str, list]:
    game = _game(cls, options)
    rows = [_row(game, agents, i, seed) for i in indices]
    names: dict[str, None] = {}
    for r in rows:
        names.update(dict.fromkeys(r))
    return {name: [r.get(name) for r in rows] for name in names}  # columns: smaller to pickle


def _chunks(n: int, size: int) -> Iterable[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


class Columns:
    """Rows gathered column by column: bools, ints and floats in numpy arrays, anything else
    as objects with each distinct value stored once."""

    def __init__(self) -> None:
        self.parts: dict[str, list] = {}
        self.n = 0
        self._same: dict[Any, Any] = {}

    def add(self, cols: dict[str, list]) -> None:
        import numpy as np

        m = len(next(iter(cols.values()))) if cols else 0
        for name in cols:
            if name not in self.parts:
                self.parts[name] = [np.full(self.n, None, dtype=object)] if self.n else []
        for name, parts in self.parts.items():
            vals = cols.get(name)
            if vals is None:
                parts.append(np.full(m, None, dtype=object))
                continue
            kinds = {type(v) for v in vals}
            if kinds == {bool}:
                parts.append(np.array(vals, dtype=bool))
            elif kinds == {int} and all(-2**63 <= v < 2**63 for v in vals):
                parts.append(np.array(vals, dtype=np.int64))
            elif kinds <= {int, float} and kinds:
                parts.append(np.array(vals, dtype=np.float64))
            else:
                same = self._same
                arr = np.empty(m, dtype=object)
                for i, v in enumerate(vals):
                    try:
                        arr[i] = same.setdefault(v, v)
                    except TypeError:  # unhashable
                        arr[i] = v
                parts.append(arr)
        self.n += m

    def frame(self):
        """The rows as a DataFrame (this empties the Columns)."""
        import numpy as np
        import pandas as pd

        # One column at a time, dropping its pieces as soon as it is joined: the peak is the
        # table plus one column, not twice the table. The Columns are empty afterwards.
        data = {}
        for name in list(self.parts):
            parts = self.parts.pop(name)
            if len({p.dtype for p in parts}) > 1:
                parts = [p.astype(object) for p in parts]
            data[name] = np.concatenate(parts) if parts else np.array([], dtype=object)
            del parts
        self.n = 0
        return pd.DataFrame(data, copy=False)


def iter_simulate(
    game: Game,
    agents: Agents,
    n_games: int,
    seed: int = 0,
    executor: Executor | str | None = None,
    chunk_size: int | None = None,
    progress: bool = True,
) -> Iterator[Any]:
    """Like ``simulate`` but yields the table in pieces (pandas DataFrames, in game order), so
    any number of games can be summarised in constant memory."""
    for cols in _stream(game, agents, n_games, seed, executor, chunk_size, progress):
        part = Columns() if tables_available() else PlainColumns()  # no pandas: the static site
        part.add(cols)
        yield part.frame()


def _stream(game, agents, n_games, seed, executor, chunk_size, progress) -> Iterator[dict[str, list]]:
    from tqdm.auto import tqdm

    if sys.platform == "emscripten":  # a browser's Python starts no thread: no warning for tqdm's monitor
        tqdm.monitor_interval = 0

    if isinstance(n_games, bool) or not isinstance(n_games, Integral) or n_games < 0:
        raise SimulationError(f"n_games must be a whole number of games, 0 or more; got {show(n_games)}")
    own = None
    workers = max(1, min(os.cpu_count() or 1, 8))
    if executor is None:
        # imported here: a browser's Python (Pyodide, the static site) has no _multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        executor = own = ProcessPoolExecutor(max_workers=workers) if n_games > 1 else "serial"
    if not (executor == "serial" or isinstance(executor, Executor) or hasattr(executor, "submit")):
        raise SimulationError("executor must be None (worker processes), 'serial' or a concurrent.futures.Executor; "
                              f"got {show(executor)}")
    size = chunk_size or max(1, min(200, n_games // 16 or 1))
    bar = tqdm(total=n_games, desc=f"{game.name}", disable=not progress, leave=False)
    try:
        if executor == "serial":
            for idx in _chunks(n_games, size):
                yield _run_chunk(type(game), game.options, agents, seed, idx)
                bar.update(len(idx))
        else:
            # a bounded window of chunks in flight: memory stays flat however many games
            window: deque = deque()
            limit = 4 * workers
            for idx in _chunks(n_games, size):
                window.append((executor.submit(_run_chunk, type(game), game.options, agents, seed, idx), len(idx)))
                if len(window) >= limit:
                    fut, k = window.popleft()
                    yield fut.result()
                    bar.update(k)
            while window:
                fut, k = window.popleft()
                yield fut.result()
                bar.update(k)
    finally:
        bar.close()
        if isinstance(own, Executor):
            own.shutdown(cancel_futures=True)


def simulate(
    game: Game,
    agents: Agents,
    n_games: int,
    seed: int = 0,
    executor: Executor | str | None = None,
    chunk_size: int | None = None,
    progress: bool = True,
):
    """Play ``n_games`` games and return a pandas DataFrame, one row per game, in game order
    (a ``plaintable.PlainTable`` with the same columns where pandas cannot be imported).

    Game ``i`` uses the seed ``derive_seed(seed, i)`` and freshly seeded agents, so the table is
    the same whatever the executor: ``None`` runs local processes, ``"serial"`` runs here, and any
    ``concurrent.futures.Executor`` works (a dask ``client.get_executor()`` included).
    ``iter_simulate`` gives the same rows in pieces."""
    cols = Columns() if tables_available() else PlainColumns()  # no pandas: the static site
    for part in _stream(game, agents, n_games, seed, executor, chunk_size, progress):
        cols.add(part)
    return cols.frame()


__all__ = ["simulate", "iter_simulate", "game_row", "Columns", "SimulationError"]
