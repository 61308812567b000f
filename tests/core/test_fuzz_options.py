"""Fuzzing options, seeds and the small inputs of a state (issue 14): ``gamelib.load`` with
random options, ``new_state`` with random seeds, and ``view``, ``at_ply`` and ``apply`` with
random arguments. Only a ``GamelibError`` escapes, and a failed call leaves the state as it
was. Quick profile here; thousands behind ``slow``."""
from __future__ import annotations

from hypothesis import event
from hypothesis import strategies as st

import gamelib
from gamelib.core import GamelibError, IllegalAction, OptionError, PlyError, SeedError, UnknownPlayer
from gamelib.core.cards import CardDataError
from gamelib.core.rng import SEED_MAX
from tests.core.fuzzkit import ANY_VALUE, HOSTILE, bounded, fuzz_tests, play_a_little, same_state

OPTION_NAMES = st.sampled_from(["players", "protagonist", "max_rounds", "cards"]) | st.text(max_size=6)
# a string for ``cards`` would be read as a path from this machine: card files have their own fuzzing
OPTIONS = st.dictionaries(OPTION_NAMES | st.sampled_from(["x" * 1_001]), ANY_VALUE | HOSTILE, max_size=3).filter(
    lambda d: not isinstance(d.get("cards"), (str, bytes)))


def fuzz_options(name, options, seed):
    try:
        game = gamelib.load(name, **options)
    except (OptionError, CardDataError) as exc:
        assert name in str(exc) or isinstance(exc, CardDataError)
        bounded(exc)
        event("options refused")
        return
    event("options accepted")
    try:
        state = game.new_state(seed=seed)
    except SeedError as exc:
        assert "seed" in str(exc)
        ok = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= SEED_MAX
        assert not ok, f"a valid seed {seed} was refused"
        event("seed refused")
        return
    assert isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= SEED_MAX
    play_a_little(state, 1, steps=30)


test_options_quick, test_options_thorough = fuzz_tests(
    fuzz_options, per_game=True, options=OPTIONS,
    seed=st.integers(0, 2**64 - 1) | st.integers(-(2**70), 2**70) | ANY_VALUE)


def _a_state(name, seed, steps):
    state = gamelib.load(name).new_state(seed=seed)
    play_a_little(state, seed, steps=steps)
    return state


def fuzz_state_inputs(name, seed, steps, player, ply, action):
    state = _a_state(name, seed, steps)
    before = state.clone()
    try:
        view = state.view(player)
        assert player is None or player in state.players
        assert isinstance(view, dict)
    except UnknownPlayer as exc:
        assert "unknown player" in str(exc)
        bounded(exc)
    try:
        past = state.at_ply(ply)
        assert isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= state.ply
        assert past.ply == ply
    except PlyError:
        assert not (type(ply) is int and 0 <= ply <= state.ply)
    try:
        state.apply(action)
        event("action applied")  # only when a random label happens to be legal
        state.undo()
    except IllegalAction as exc:
        bounded(exc)
    except GamelibError as exc:  # pragma: no cover - the check below names it
        raise AssertionError(f"apply({action!r}) raised {type(exc).__name__}, not IllegalAction") from exc
    assert same_state(state, before), "a failed call changed the state"


test_state_inputs_quick, test_state_inputs_thorough = fuzz_tests(
    fuzz_state_inputs, per_game=True,
    seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 40),
    player=st.sampled_from(["you", "red", "blue", "nobody", None, ""]) | ANY_VALUE | HOSTILE,
    ply=st.integers(-3, 60) | ANY_VALUE,
    action=st.sampled_from(["Draw from the Urban pile", "Stop", "", "undo", "Draw " * 300_000]) | ANY_VALUE | HOSTILE,
)
