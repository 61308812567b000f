"""Outcome numbers, observations, resample_hidden and the information-state key (docs/ecosystems.md).
Secrets: what a seat's tensor, key and facts show does not change when its hidden cards are
re-dealt, and another seat's secrets are in neither."""
from __future__ import annotations

import numpy as np
import pytest

import gamelib
from gamelib.core import Rng, UnknownPlayer
from gamelib.core.ecosystem import OBS_SIZE, observation_facts, view_key

CONFIGS = [("walking-deck", {}), ("walk-the-plank", {"players": 3}), ("deadland", {"players": 3})]


def _midgame(name: str, options: dict, seed: int = 3, plies: int = 12):
    state = gamelib.load(name, **options).new_state(seed)
    rng = Rng(seed)
    while state.ply < plies and not state.is_over:
        ids = state.legal_action_ids()
        state.apply(ids[rng.randbelow(len(ids))])
    return state


@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_returns_bounds_and_length(name, options):
    game = gamelib.load(name, **options)
    lo, hi = game.utility_bounds
    for seed in range(2):
        state = gamelib.play(game, gamelib.RandomAgent(seed), seed=seed)
        r = state.returns()
        assert len(r) == len(game.players) and all(lo <= x <= hi for x in r)
        out = state.outcome
        assert [p for p, x in zip(game.players, r) if x == 1] == [p for p in game.players if p in out.winners]
        assert [p for p, x in zip(game.players, r) if x == -1] == [p for p in game.players if p in out.losers]
        assert state.ply <= game.max_game_length() and not state.is_truncated
    assert game.new_state(0).returns() == [0.0] * len(game.players)


def test_round_limit_is_a_truncation():
    game = gamelib.load("walk-the-plank", players=3, max_rounds=1)
    state = gamelib.play(game, gamelib.RandomAgent(1), seed=1)
    assert state.is_over and state.is_truncated and state.returns() == [0.0, 0.0, 0.0]
    assert game.max_game_length() == 6 * 3 * 1


@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_resample_hidden_keeps_what_the_seat_sees(name, options):
    state = _midgame(name, options, plies=4)  # (Walk the Plank: programmed cards still face down)
    changed = False
    for seat in state.players:
        worlds = [state.resample_hidden(seat, Rng(i)) for i in range(6)]
        key = state.info_key(seat)
        tensor = state.observation_tensor(seat)
        for w in worlds:
            assert w.info_key(seat) == key
            assert np.array_equal(w.observation_tensor(seat), tensor)
            assert w.ply == 0 and w.rng.state != state.rng.state  # no history; fresh future draws
        table = state.view(None, log=False)
        changed |= any(w.view(None, log=False) != table for w in worlds)
    assert changed  # something hidden was re-dealt: the table view differs in some world
    with pytest.raises(UnknownPlayer):
        state.resample_hidden("nobody", Rng(0))


def test_another_seats_secret_is_in_no_observation_or_key():
    """Deadland: a seat's face-down role is in its private facts, in no other seat's facts or key."""
    game = gamelib.load("deadland", players=3)
    state, rng = game.new_state(4), Rng(4)
    while not any(str(state.view(p, log=False)["players"][p]["role"]).endswith("(face down)") for p in game.players):
        ids = state.legal_action_ids()
        state.apply(ids[rng.randbelow(len(ids))])
    owner = next(p for p in game.players if str(state.view(p, log=False)["players"][p]["role"]).endswith("(face down)"))
    secret = f"players.{owner}.role={state.view(owner, log=False)['players'][owner]['role']}"
    assert secret in observation_facts(state, owner, "private")
    for seat in game.players:
        if seat != owner:
            assert secret not in observation_facts(state, seat) and secret not in view_key(state, seat)
            # the cheap key splits positions as view_key does (tests/core/test_info_key.py): a
            # re-deal of the roles this seat cannot see leaves it alone
            assert state.resample_hidden(seat, Rng(1)).info_key(seat) == state.info_key(seat)


@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_observation_tensor_layout_and_parts(name, options):
    state = _midgame(name, options)
    seat = state.players[0]
    whole, public, private = (state.observation_tensor(seat, p) for p in ("all", "public", "private"))
    for t in (whole, public, private):
        assert t.shape == (OBS_SIZE,) and t.dtype == np.float32 and (t >= 0).all()
    assert np.array_equal(whole, public + private)
    for other in state.players:  # the public part is the same for every seat
        assert np.array_equal(state.observation_tensor(other, "public"), public)
    assert private.sum() > 0  # a hand, a role, programmed cards: something only this seat sees
    with pytest.raises(ValueError, match="choose one of"):
        state.observation_tensor(seat, "secret")
