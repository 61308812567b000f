"""``gamelib.hint`` (issue 16, point 4): exact where solved, estimated elsewhere, and never
dependent on what the seat cannot see."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.strategy import walking_deck as wds

from .helpers import NoPeeking, interrogation_positions


def _decision(state, agent, steps):
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(agent.choose(state))
    while not state.is_over and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def _within(a, b, k=4.0):
    for x, y in zip(a.options, b.options):
        assert x.label == y.label
        se = math.sqrt(x.stderr ** 2 + y.stderr ** 2)
        assert abs(float(x.win) - float(y.win)) <= k * se + 1e-12, (x, y)


def test_interrogation_hint_is_exact_and_does_not_move_when_hidden_cards_are_redealt():
    positions = [s for s in interrogation_positions("Boris", range(3), per_game=8, memory_left=9) if len(s.legal_actions()) > 1]
    positions += interrogation_positions("Éléonore", [4, 5], per_game=3, memory_left=9)
    assert positions
    for s in positions:
        h = gamelib.hint(s)
        assert h.exact and all(o.exact and isinstance(o.win, Fraction) and o.stderr is None for o in h.options)
        assert [o.label for o in h.options] == s.legal_labels()
        assert h.values() == wds.action_values(s)
        other = s.resample_hidden("you", Rng(5))
        other.rng = NoPeeking()
        assert gamelib.hint(other).values() == h.values()
        top = max(h.values().values())
        assert list(h.close) == [o.label for o in h.options if o.win == top]  # ties are "equally good"
        assert h.best == (h.close[0] if len(h.close) == 1 else None) and "exact" in h._repr_html_()


def test_journey_hint_is_estimated_and_stays_within_its_error_when_piles_are_reshuffled():
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    s = _decision(gamelib.load("walking-deck", protagonist="Aénor").new_state(seed=3), HeuristicAgent(3), 36)
    h = gamelib.hint(s, budget=6, seed=1, seconds=0)
    assert not h.exact and h.budget["deals per option"] == (6, 6)
    assert all(o.stderr is not None and o.samples == 6 and 0 <= o.low <= o.win <= o.high <= 1 for o in h.options)
    other = s.resample_hidden("you", Rng(9))
    other.rng = NoPeeking()
    _within(h, gamelib.hint(other, budget=6, seed=2, seconds=0))


@pytest.mark.parametrize("name,players,steps", [("walk-the-plank", 3, 7), ("deadland", 3, 12)])
def test_multiplayer_hint_uses_only_the_seat_view(name, players, steps):
    """The estimate for the seat that decides, with every card hidden from it re-dealt: the
    real position's generator is never touched and re-dealing moves the hint by no more than
    its error."""
    game = gamelib.load(name, players=players)
    s = _decision(game.new_state(seed=4), gamelib.RandomAgent(4), steps)
    seat = s.to_move
    calls = []
    orig = type(s).resample_hidden

    def spy(self, player, rng):
        calls.append(player)
        return orig(self, player, rng)

    s.rng = NoPeeking()
    type(s).resample_hidden = spy
    try:
        h = gamelib.hint(s, budget=4, seed=3, seconds=0)
    finally:
        type(s).resample_hidden = orig
    assert calls and set(calls) == {seat}
    assert not h.exact and [o.label for o in h.options] == s.legal_labels()
    other = s.resample_hidden(seat, Rng(11))
    _within(h, gamelib.hint(other, budget=4, seed=5, seconds=0))


def test_hint_for_a_seat_that_does_not_decide_and_for_a_finished_game():
    s = gamelib.load("walk-the-plank", players=3).new_state(seed=1)
    idle = next(p for p in s.players if p != s.to_move)
    h = gamelib.hint(s, seat=idle)
    assert h.options == () and s.to_move in h.note
    with pytest.raises(gamelib.UnknownPlayer, match="unknown player .orange.; the players are: red, blue, green"):
        gamelib.hint(s, seat="orange")
    with pytest.raises(ValueError, match="budget"):
        gamelib.hint(s, budget=0)
    lost = gamelib.load("walking-deck").from_scenario({"phase": "Interrogation", "memory": ["R16"], "buried": ["R17", "U15", "R14", "R10", "U17"]})
    assert lost.is_over and "over" in gamelib.hint(lost).note


def test_interrogation_hint_falls_back_to_an_estimate_past_its_budget():
    s = interrogation_positions("Aénor", [0], per_game=1)[0]
    wds.clear_cache()
    h = gamelib.hint(s, budget=3, exact_nodes=20, seconds=0)
    assert not h.exact and "estimated instead" in h.note
    assert all(o.samples == 3 for o in h.options)
