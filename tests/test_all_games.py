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


# ---- issue 8: the odds check can fail, the simulation path plays the same games -------------------
@pytest.mark.parametrize("name", NAMES)
def test_the_odds_check_fails_on_a_wrong_distribution(name, monkeypatch):
    """All the mass on one outcome: normalised, so "sums to 1" passes, but check_game must fail."""
    from fractions import Fraction

    from gamelib.testing import ConformanceError

    game = gamelib.load(name)
    cls = type(game.new_state(seed=1))
    real = cls.odds

    def wrong(self):
        return {t: gamelib.Distribution({next(iter(d)): Fraction(1)}, t) for t, d in real(self).items()}

    monkeypatch.setattr(cls, "odds", wrong)
    with pytest.raises(ConformanceError, match="odds"):
        check_game(game, n_games=3, seed=2026, deep_games=1)


def _same_games(name, seeds):
    game = gamelib.load(name)
    for seed in seeds:
        checked = gamelib.play(game, gamelib.RandomAgent(), seed=seed)
        fast = gamelib.play(game, gamelib.RandomAgent(), seed=seed, fast=True, log=False)
        assert fast == checked, seed
        assert fast.ply == checked.ply and [a.label for a in fast.history] == [a.label for a in checked.history], seed
        assert fast.outcome == checked.outcome and fast.summary() == checked.summary(), seed


@pytest.mark.parametrize("name", NAMES)
def test_simulation_path_plays_the_same_games(name):
    _same_games(name, range(40))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_simulation_path_plays_the_same_games_1000_seeds(name):
    _same_games(name, range(1000, 2000))


@pytest.mark.parametrize("name", NAMES)
def test_simulation_path_keeps_the_same_log_when_asked(name):
    game = gamelib.load(name)
    for seed in range(5):
        a = gamelib.play(game, gamelib.RandomAgent(), seed=seed)
        b = gamelib.play(game, gamelib.RandomAgent(), seed=seed, fast=True)
        assert a.log == b.log and a == b
