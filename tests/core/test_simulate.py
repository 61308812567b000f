"""gamelib.simulate: the same table for a seed whatever runs the games."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import gamelib


def _table(toy, **kw):
    return gamelib.simulate(toy, gamelib.RandomAgent(), 40, seed=8, progress=False, **kw)


def test_simulate_returns_one_tidy_row_per_game(toy):
    table = _table(toy, executor="serial")
    assert list(table["game"]) == list(range(40))
    assert {"seed", "winners", "losers", "reason", "decisions", "won:north", "won:south"} <= set(table.columns)
    assert table["decisions"].min() >= 1


def test_parallel_processes_equal_serial(toy):
    serial = _table(toy, executor="serial")
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = _table(toy, executor=pool, chunk_size=3)
    assert parallel.equals(serial)


def test_default_executor_and_threads_equal_serial(toy):
    serial = _table(toy, executor="serial")
    assert _table(toy).equals(serial)
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert _table(toy, executor=pool, chunk_size=7).equals(serial)


def test_dask_distributed_executor_equals_serial(toy):
    distributed = pytest.importorskip("distributed")  # a test extra: always installed by `make test`
    serial = _table(toy, executor="serial")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        assert _table(toy, executor=client.get_executor(), chunk_size=5).equals(serial)


def test_a_game_result_does_not_depend_on_its_batch(toy):
    small = gamelib.simulate(toy, gamelib.RandomAgent(), 5, seed=8, executor="serial", progress=False)
    assert small.equals(_table(toy, executor="serial").head(5))


def test_bad_executor_is_refused(toy):
    with pytest.raises(ValueError, match="executor must be"):
        _table(toy, executor="cluster")


def test_play_needs_one_agent_per_player(toy):
    with pytest.raises(ValueError, match="1 agents for 2 players"):
        gamelib.play(toy, [gamelib.RandomAgent()], seed=1)
    with pytest.raises(ValueError, match="no agent for player 'south'"):
        gamelib.play(toy, {"north": gamelib.RandomAgent()}, seed=1)
    final = gamelib.play(toy, {"north": gamelib.RandomAgent(), "south": gamelib.RandomAgent()}, seed=1)
    assert final.is_over and final.outcome.reason


def test_iter_simulate_streams_the_same_rows_in_pieces(toy):
    import pandas as pd

    from gamelib.sim import iter_simulate

    pieces = list(iter_simulate(toy, gamelib.RandomAgent(), 40, seed=8, executor="serial", chunk_size=7, progress=False))
    assert len(pieces) == 6 and [len(p) for p in pieces] == [7] * 5 + [5]
    assert pd.concat(pieces, ignore_index=True).equals(_table(toy, executor="serial"))


def test_columns_keep_types_and_fill_missing_values():
    from gamelib.sim import Columns

    cols = Columns()
    cols.add({"a": [1, 2], "b": [True, False], "t": ["x", "y"]})
    cols.add({"a": [3], "t": ["x"], "extra": [0.5]})
    df = cols.frame()
    assert list(df["a"]) == [1, 2, 3] and df["a"].dtype == "int64"
    assert list(df["b"]) == [True, False, None] and list(df["extra"]) == [None, None, 0.5]
    assert df["t"][0] is df["t"][2]  # each distinct text stored once


def test_simulate_uses_the_simulation_path_and_gets_the_checked_paths_results(toy):
    table = _table(toy, executor="serial")
    for i in (0, 17, 39):
        final = gamelib.play(toy, gamelib.RandomAgent(), seed=int(table["seed"][i]))
        assert table["decisions"][i] == final.ply and table["reason"][i] == final.outcome.reason
