"""``simulate`` without pandas (the static site's browser Python): the PlainTable holds the same
columns, in the same order, with the same values, as the DataFrame of the same games."""
from __future__ import annotations

import math

import pytest

import gamelib
from gamelib import plaintable, sim


@pytest.fixture
def no_pandas(monkeypatch):
    monkeypatch.setattr(plaintable, "_available", False)


@pytest.mark.parametrize("game", ["walking-deck", "walk-the-plank"])
def test_plain_table_equals_the_dataframe(game, no_pandas):
    g = gamelib.load(game)
    plain = gamelib.simulate(g, gamelib.RandomAgent(), 24, seed=3, executor="serial", chunk_size=5, progress=False)
    assert isinstance(plain, plaintable.PlainTable)
    plaintable._available = True
    frame = gamelib.simulate(g, gamelib.RandomAgent(), 24, seed=3, executor="serial", chunk_size=5, progress=False)
    assert plain.columns == list(frame.columns)
    assert len(plain) == len(frame) == 24 and plain.shape == frame.shape
    for name in frame.columns:
        assert list(plain[name]) == frame[name].tolist(), name
    won = [c for c in frame.columns if c.startswith("won:")][0]
    assert math.isclose(plain[won].mean(), frame[won].mean()) and plain[won].sum() == frame[won].sum()
    assert "<table class='dataframe'>" in plain._repr_html_() and "14 more rows" in plain._repr_html_()


def test_iter_simulate_pieces_join_to_the_table(no_pandas):
    g = gamelib.load("walking-deck")
    pieces = list(sim.iter_simulate(g, gamelib.RandomAgent(), 7, seed=1, executor="serial", chunk_size=3,
                                    progress=False))
    assert [len(p) for p in pieces] == [3, 3, 1]
    whole = gamelib.simulate(g, gamelib.RandomAgent(), 7, seed=1, executor="serial", progress=False)
    assert [r for p in pieces for r in p.rows()] == list(whole.rows())


def test_a_column_added_by_a_later_chunk_is_filled_before():
    cols = plaintable.PlainColumns()
    cols.add({"a": [1, 2]})
    cols.add({"a": [3], "b": ["x"]})
    table = cols.frame()
    assert list(table["a"]) == [1, 2, 3] and list(table["b"]) == [None, None, "x"]
    with pytest.raises(KeyError, match="the columns are a, b"):
        table["c"]
    assert math.isnan(plaintable.PlainTable({"a": []})["a"].mean())
