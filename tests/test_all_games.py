"""Promises of the engine contract checked on every registered game (foundation issue).
Each game's own test folder runs the long conformance playouts; this is the quick sweep."""
from __future__ import annotations

import json

import pytest

import gamelib
from gamelib.testing import check_game

NAMES = [g.name for g in gamelib.games()]


@pytest.mark.parametrize("name", NAMES)
def test_conformance_quick(name):
    assert check_game(gamelib.load(name), n_games=20, seed=2026, deep_games=2) > 20


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name):
    game = gamelib.load(name)
    a = gamelib.play(game, gamelib.RandomAgent(), seed=77)
    b = gamelib.play(game, gamelib.RandomAgent(), seed=77)
    assert a == b and a.to_record() == b.to_record() and a.log == b.log


@pytest.mark.parametrize("name", NAMES)
def test_illegal_action_leaves_state_unchanged(name):
    state = gamelib.load(name).new_state(seed=5)
    before = state.clone()
    with pytest.raises(gamelib.IllegalAction) as err:
        state.apply("Teleport to the moon")
    assert state == before and state.log == before.log
    assert err.value.legal == tuple(state.legal_labels())
    assert all(label in str(err.value) for label in err.value.legal)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_readable_start(name):
    state = gamelib.load(name).new_state(seed=1)
    assert state.to_move in state.players and state.phase and state.legal_labels()
    json.dumps(state.view(None))
    for p in state.players:
        json.dumps(state.view(p))



@pytest.mark.parametrize("name", NAMES)
def test_scenario_round_trip_mid_game(name):
    game = gamelib.load(name)
    state = game.new_state(seed=3)
    agent = gamelib.RandomAgent(4)
    for _ in range(25):
        if state.is_over:
            break
        state.apply(agent.choose(state))
        again = game.from_scenario(json.loads(json.dumps(state.to_scenario())), seed=state.seed)
        assert again._key() == state._key()
        assert again.legal_labels() == state.legal_labels()
