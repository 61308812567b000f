"""Options, seeds and state arguments from people (issue 14): strict types, typed errors that name
the input and what would be valid, and a state left unchanged by a refused call."""
from __future__ import annotations

import numpy as np
import pytest

import gamelib
from gamelib.core import GamelibError, OptionError, PlyError, SeedError, UnknownPlayer
from gamelib.core.rng import SEED_MAX, check_seed

GAMES = ("walking-deck", "walk-the-plank", "deadland")


# ---- options ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["walk-the-plank", "deadland"])
@pytest.mark.parametrize("value, hint", [(3.0, "write 3"), (True, ""), ("3", ""), (3.5, ""), ([3], ""), (None, "")])
def test_players_must_be_a_whole_number(name, value, hint):
    """players=3.0 used to pass the choices check (3.0 == 3) and crash later with TypeError."""
    with pytest.raises(OptionError) as err:
        gamelib.load(name, players=value)
    msg = str(err.value)
    assert msg.startswith(f"{name}: option players=") and "choose one of" in msg and hint in msg


def test_bool_is_not_an_int_and_numpy_ints_are_ints():
    with pytest.raises(OptionError, match="players=True"):
        gamelib.load("deadland", players=True)
    game = gamelib.load("deadland", players=np.int64(3))
    assert game.options["players"] == 3 and type(game.options["players"]) is int  # records stay plain JSON
    assert len(game.players) == 3
    with pytest.raises(OptionError, match=r"max_rounds=5\.0"):
        gamelib.load("walk-the-plank", max_rounds=5.0)
    with pytest.raises(OptionError, match="protagonist=3"):
        gamelib.load("walking-deck", protagonist=3)


def test_a_check_that_raises_a_gamelib_error_is_not_rewrapped():
    from gamelib.core.game import Option

    def check(value):
        raise SeedError("seed-like problem")

    with pytest.raises(SeedError, match="^seed-like problem$"):
        Option("x", 0, "doc", check=check).validate("g", 1)


# ---- seeds --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed, words", [
    (None, "got null"), (1.5, "a number with a fraction"), (3.0, "a number with a fraction"), ("7", "a string"),
    (True, "a boolean"), (-1, "from 0 to"), (SEED_MAX + 1, "from 0 to"),
    pytest.param(10**5000, "digits", id="a-5001-digit-seed"),
])
def test_bad_seeds_are_seed_errors_naming_the_seed(name, seed, words):
    """new_state(seed=None) raised TypeError; seed=1.5 was silently truncated to 1."""
    with pytest.raises(SeedError) as err:
        gamelib.load(name).new_state(seed=seed)
    assert str(err.value).startswith("seed=") and words in str(err.value) and str(SEED_MAX) in str(err.value)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("seed", [0, 1, 2**63, SEED_MAX, np.uint64(SEED_MAX)])
def test_every_64_bit_seed_is_a_game(seed):
    state = gamelib.load("walking-deck").new_state(seed=seed)
    assert state.seed == int(seed) and type(state.seed) is int
    assert gamelib.load_record(state.to_record()) == state


def test_different_seeds_never_alias():
    a = gamelib.load("walking-deck").new_state(seed=0)
    b = gamelib.load("walking-deck").new_state(seed=2**64 - 1)
    assert a.rng.state != b.rng.state and check_seed(5) == 5


@pytest.mark.parametrize("name", GAMES)
def test_scenarios_check_their_seed_too(name):
    state = gamelib.load(name).new_state(seed=1)
    with pytest.raises(SeedError):
        state.game.from_scenario(state.to_scenario(), seed=1.5)


# ---- view and at_ply ------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_view_of_an_unknown_player_is_an_unknown_player_error(name):
    state = gamelib.load(name).new_state(seed=2)
    before = state.clone()
    for who in ("nobody", "", 3, ["you"]):
        with pytest.raises(UnknownPlayer) as err:
            state.view(who)
        assert "unknown player" in str(err.value) and ", ".join(state.players) in str(err.value)
        assert err.value.player == who and err.value.players == state.players
    assert state == before and state.log == before.log


@pytest.mark.parametrize("name", GAMES)
def test_at_ply_takes_only_a_whole_number_in_range(name):
    state = gamelib.load(name).new_state(seed=2)
    agent = gamelib.RandomAgent(2)
    for _ in range(4):
        state.apply(agent.choose(state))
    before = state.clone()
    for bad in (-1, 5, 1.5, 2.0, True, None, "2"):
        with pytest.raises(PlyError, match="from 0 to 4") as err:
            state.at_ply(bad)  # at_ply(1.5) used to return the current state
        assert "at_ply" in str(err.value)
    assert state == before and state.ply == 4
    assert state.at_ply(2).ply == 2 and state.at_ply(4) == state and state.at_ply(0).ply == 0


def test_the_new_errors_are_gamelib_errors_and_value_errors():
    for cls in (SeedError, UnknownPlayer, PlyError):
        assert issubclass(cls, GamelibError) and issubclass(cls, ValueError)
        assert getattr(gamelib, cls.__name__) is cls
