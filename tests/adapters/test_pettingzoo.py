"""The PettingZoo adapter, tested by PettingZoo's own ``api_test`` and ``seed_test`` on every game,
and a truncation at Walk the Plank's house-rule round limit."""
from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from gamelib.adapters.pettingzoo import env

CONFIGS = [("walking-deck", {}), ("walk-the-plank", {"players": 3}), ("deadland", {"players": 3})]


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on naming and space types
@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_pettingzoo_api_and_seed_tests(name, options):
    api_test(env(name, **options), num_cycles=150)
    seed_test(lambda: env(name, **options), num_cycles=50)


def _finish(e, rng) -> dict:
    total = {a: 0.0 for a in e.possible_agents}
    ends = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        if termination or truncation:
            ends[agent] = (termination, truncation)
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return total, ends


def test_a_whole_game_ends_with_the_returns_and_the_round_limit_truncates():
    rng = np.random.default_rng(0)
    e = env("walk-the-plank", players=3)
    e.reset(seed=1)
    total, ends = _finish(e, rng)
    assert sorted(total) == ["blue", "green", "red"] and set(total.values()) <= {-1.0, 0.0, 1.0}
    assert all(t and not tr for t, tr in ends.values())  # a rulebook ending: terminations
    e = env("walk-the-plank", players=3, max_rounds=1)
    e.reset(seed=1)
    total, ends = _finish(e, rng)
    assert all(tr and not t for t, tr in ends.values()) and set(total.values()) == {0.0}


def test_masks_only_for_the_seat_to_move_and_render_shows_only_its_view():
    e = env("deadland", players=3, render_mode="ansi")
    e.reset(seed=2)
    mover = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)
    text = e.render()
    hidden = e.state.view(None, log=False)["players"]
    assert text.startswith("Deadland, " + mover)
    for seat, seen in hidden.items():  # no face-down role of another seat in the text
        if seat != mover and seen.get("role"):
            assert f"role={seen['role']}" not in text
