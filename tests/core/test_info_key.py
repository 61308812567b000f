"""The cheap information-state key (``state.info_key(seat)``, each game's ``_info_key`` hook)
splits positions exactly as the slow definition does (``view_key``: the seat's view without the
log, flattened): over random playouts of every game, plus worlds re-dealt with
``resample_hidden`` (same view, other hidden cards), equal keys mean equal views and equal views
mean equal keys, for every seat."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.core import Rng, UnknownPlayer
from gamelib.core.ecosystem import info_key, view_key

# (game, options, seeds): a few games each keeps this near a second of CPU in all
CONFIGS = [("walking-deck", {}, 3), ("walk-the-plank", {"players": 3}, 2), ("deadland", {"players": 3}, 2),
           ("deadland", {"players": 4}, 1)]
REDEALS = [("walking-deck", {}), ("walk-the-plank", {"players": 5}), ("deadland", {"players": 4})]


def _positions(game, seeds: int):
    """Every position of ``seeds`` random games, and every few plies one re-dealt world per seat;
    then 30 more opening positions (cheap, and they meet copies of a card: two Virus "4"s)."""
    for seed in range(seeds):
        state, rng = game.new_state(seed), Rng(seed)
        while True:
            yield state
            if state.ply % 3 == 0:
                for seat in game.players:
                    yield state.resample_hidden(seat, Rng(state.ply))
            if state.is_over:
                break
            ids = state.legal_action_ids()
            state.apply(ids[rng.randbelow(len(ids))])
    for seed in range(100, 130):
        yield game.new_state(seed)


@pytest.mark.parametrize("name,options,seeds", CONFIGS, ids=[f"{c[0]}-{len(c[1]) and c[1]['players']}" for c in CONFIGS])
def test_info_key_splits_positions_as_the_view_does(name, options, seeds):
    game = gamelib.load(name, **options)
    assert hasattr(game.new_state(0), "_info_key")  # the cheap path, not the definition itself
    fast_to_view: dict = {}
    view_to_fast: dict = {}
    merged_by_view = 0
    for state in _positions(game, seeds):
        for seat in game.players:
            fast, slow = (seat, info_key(state, seat)), (seat, view_key(state, seat))
            assert fast_to_view.setdefault(fast, slow) == slow, f"{seat} at ply {state.ply}: equal keys, other views"
            seen = view_to_fast.setdefault(slow, fast)
            assert seen == fast, f"{seat} at ply {state.ply}: the same view, other keys"
            merged_by_view += seen is not fast
    assert merged_by_view > 0  # the comparison met positions a seat cannot tell apart


@pytest.mark.parametrize("name,options", REDEALS, ids=[c[0] for c in REDEALS])
def test_a_redeal_keeps_the_key_and_the_table_view_changes(name, options):
    state = gamelib.load(name, **options).new_state(5)
    rng = Rng(5)
    while state.ply < 6:
        ids = state.legal_action_ids()
        state.apply(ids[rng.randbelow(len(ids))])
    for seat in state.players:
        worlds = [state.resample_hidden(seat, Rng(i)) for i in range(5)]
        assert all(w.info_key(seat) == state.info_key(seat) for w in worlds)
        assert any(w.view(None, log=False) != state.view(None, log=False) for w in worlds)
    with pytest.raises(UnknownPlayer):
        state.info_key("nobody")
