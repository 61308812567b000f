"""The shuffle without numpy (a browser's Python, the static site) gives the same orders and so
the same games: Deadland shuffles decks of more than 32 cards, which take numpy's shortcut where
numpy is there (``Rng._shuffle_long``) and the plain loop where it is not."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.core import rng as rng_module
from gamelib.core.rng import Rng


@pytest.fixture
def without_numpy(monkeypatch):
    """``rng`` as where numpy cannot be imported (what ``_numpy`` records then)."""
    monkeypatch.setattr(rng_module, "_np", False)


def shuffled(seed: int, n: int) -> tuple[list[int], int]:
    r = Rng(seed)
    deck = list(range(n))
    r.shuffle(deck)
    return deck, r.state


def test_long_shuffles_equal_with_and_without_numpy(monkeypatch):
    sizes = (33, 40, 57, 70, 96)
    with_np = {(s, n): shuffled(s, n) for s in range(300) for n in sizes}
    # the shortcut really ran (not the loop both times): it needs numpy, and it leaves the same state
    assert rng_module._numpy() is not False
    monkeypatch.setattr(rng_module, "_np", False)
    assert Rng(1)._shuffle_long(list(range(40))) is False
    without = {(s, n): shuffled(s, n) for s in range(300) for n in sizes}
    assert without == with_np


def deadland_games(seeds: range) -> list[tuple]:
    out = []
    for players in (2, 4, 6):
        game = gamelib.load("deadland", players=players)
        for seed in seeds:
            final = gamelib.play(game, gamelib.RandomAgent(seed=seed), seed=seed)
            out.append((players, seed, final.ply, str(final.outcome), final.to_record(), [str(e) for e in final.log]))
    return out


def test_deadland_games_equal_with_and_without_numpy(monkeypatch):
    seeds = range(40)
    expected = deadland_games(seeds)
    monkeypatch.setattr(rng_module, "_np", False)
    assert deadland_games(seeds) == expected
