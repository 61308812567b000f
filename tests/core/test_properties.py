"""Property tests of the contract (hypothesis): any seed, any sequence of legal choices."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib.core import Distribution, Rng, derive_seed
from tests.toygame import Twenty

GAME = Twenty()


def _play(seed: int, picks: list[int]):
    state = GAME.new_state(seed=seed)
    for p in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[p % len(legal)])
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63 - 1), st.lists(st.integers(0, 5), max_size=12))
def test_undo_all_returns_to_the_start(seed, picks):
    state = _play(seed, picks)
    start = GAME.new_state(seed=seed)
    n = state.ply
    for _ in range(n):
        state.undo()
    assert state == start and state.log == [] and state.ply == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63 - 1), st.lists(st.integers(0, 5), max_size=12))
def test_records_replay_exactly(seed, picks):
    from gamelib.core.registry import register, unregister

    register("toy-twenty", Twenty)
    try:
        state = _play(seed, picks)
        again = gamelib.load_record(state.to_record())
        assert again == state and again.log == state.log
    finally:
        unregister("toy-twenty")


@given(st.integers(0, 2**64 - 1), st.integers(1, 10**12))
def test_randbelow_stays_in_range(seed, n):
    assert 0 <= Rng(seed).randbelow(n) < n


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 2**64 - 1), max_size=3))
def test_derived_seeds_fit_a_signed_64_bit_column(seed, parts):
    assert 0 <= derive_seed(seed, *parts) < 2**63


@given(st.lists(st.sampled_from("abcde"), min_size=1, max_size=30), st.integers(0, 2**32))
def test_uniform_counts_are_the_shares_and_samples_are_outcomes(items, seed):
    dist = Distribution.uniform_counts(items)
    assert set(dist) == set(items)
    assert all(dist[k] == Fraction(items.count(k), len(items)) for k in dist)
    assert dist.sample(Rng(seed)) in set(items)
