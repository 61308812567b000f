"""The hint's playouts (gamelib/strategy/playouts.py) are the games the finishers play through the
engine, seeded by the deal: the quick paths (Walk the Plank's play_randomly, the seeds worked out
once a deal) change no game."""
from __future__ import annotations

import pytest

from gamelib.agents import agents_for
from gamelib.bench.engine import first_decision
from gamelib.core import Rng, derive_seed
from gamelib.strategy.playouts import FINISHER, _wanted, Tally, playout, sample_world


def _reference(world, index, seat, deal_seed):
    """A playout as the finishers play it through the engine: apply, legal_actions, choose."""
    w = world.clone()
    w.rng = Rng(derive_seed(deal_seed, 1))
    cls = agents_for(w.game)[FINISHER.get(w.game.name, "heuristic")]
    agents = {p: cls(seed=derive_seed(deal_seed, 11 + i)) for i, p in enumerate(w.players)}
    w.apply(w.legal_actions()[index])
    while not w.is_over:
        legal = w.legal_actions()
        w.apply(legal[0] if len(legal) == 1 else agents[w.to_move].choose(w))
    return 1.0 if seat in w.outcome.winners else 0.0


@pytest.mark.parametrize("name,deals", [("walk-the-plank", 12), ("deadland", 1)])
def test_a_playout_is_the_finishers_game_through_the_engine(name, deals):
    s = first_decision(name)
    seat = s.to_move
    results = []
    for d in range(deals):
        deal_seed = derive_seed(7, d)
        world = sample_world(s, seat, deal_seed)
        for j in range(len(s.legal_actions())):
            got = playout(world, j, seat, deal_seed, False)
            assert got == _reference(world, j, seat, deal_seed), (name, d, j)
            results.append(got)
    assert 0 < sum(results) < len(results)  # wins and losses both met: the comparison can fail


def test_the_next_deal_goes_to_the_close_options_first():
    t = [Tally(60, 100), Tally(55, 100), Tally(10, 100), Tally(59, 2000)]
    assert _wanted(t, 0.03) == [0, 1]  # option 2 is far below; option 3 is narrow enough
    assert _wanted([Tally(10, 100), Tally(900, 1000)], 0.03) == [0]  # none close and wide: any wide
    assert _wanted([Tally(500, 2000), Tally(900, 2000)], 0.03) == []
