"""The engine contract on Deadland (random playouts checked after every action), game length,
and the heuristic agent."""
from __future__ import annotations

import statistics

import pytest

import gamelib
from gamelib import RandomAgent, play
from gamelib.agents import agents_for
from gamelib.testing import check_game

from .helpers import game


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_conformance(n):
    assert check_game(gamelib.load("deadland", players=n), n_games=10, seed=100 + n, deep_games=1, deep_every=25) > 100


@pytest.mark.parametrize("n", [2, 6])
def test_random_games_end_quickly(n):
    """Turn Sequence: every turn draws Virus cards, so the Radio Contacts always come; random games
    stay short enough to simulate thousands."""
    g = game(n)
    plies = [play(g, RandomAgent(i), seed=i).ply for i in range(12)]
    assert max(plies) < 1000 and statistics.mean(plies) < 400


def test_heuristic_agent_plays_whole_games():
    g = game(4)
    cls = agents_for(g)["heuristic"]
    for seed in range(4):
        s = play(g, [cls(), RandomAgent(), cls(), RandomAgent()], seed=seed)
        assert s.is_over and s.outcome.reason
        assert set(s.summary()) >= {"radio_contacts", "zombies", "turns"}


@pytest.mark.slow
def test_conformance_long():
    for n in range(2, 7):
        check_game(gamelib.load("deadland", players=n), n_games=40, seed=7, deep_games=1, deep_every=40)
