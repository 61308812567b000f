"""The hint's cache (``cache=True``, the widgets): one information state, one computation."""
from __future__ import annotations

import importlib

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.widgets.hint import HintPanel

hint_module = importlib.import_module("gamelib.strategy.hint")  # (gamelib.strategy.hint is also the function)


def _second_programmer():
    """Walk the Plank where the seat to move cannot see the first programmer's cards."""
    s = gamelib.load("walk-the-plank", players=3).new_state(seed=4)
    first = s.to_move
    while s.to_move == first:
        s.apply(s.legal_actions()[-1])
    return s


@pytest.fixture
def count_deals(monkeypatch):
    """How many worlds the hints sample (resample_hidden calls), from a cleared cache."""
    hint_module.clear_cache()
    calls = []
    cls = type(_second_programmer())
    orig = cls.resample_hidden

    def spy(self, player, rng):
        calls.append(player)
        return orig(self, player, rng)

    monkeypatch.setattr(cls, "resample_hidden", spy)
    yield calls
    hint_module.clear_cache()


def test_the_same_information_state_is_answered_from_the_cache(count_deals):
    s = _second_programmer()
    h = gamelib.hint(s, budget=3, seconds=0, cache=True)
    assert len(count_deals) == 3
    other = s.resample_hidden(s.to_move, Rng(7))  # the first programmer's cards dealt again
    count_deals.clear()
    assert other.loc != s.loc and other.info_key(s.to_move) == s.info_key(s.to_move)
    again = gamelib.hint(other, budget=3, seconds=0, cache=True)
    assert count_deals == [] and again.values() == h.values() and again.budget == h.budget
    kept = dict(h.budget)
    again.budget["deals"] = -1  # the caller's own copy: the kept hint does not change
    assert gamelib.hint(s, budget=3, seconds=0, cache=True).budget == kept
    gamelib.hint(s, budget=3, seconds=0)  # without cache=True: computed again
    assert len(count_deals) == 3


def test_another_information_state_or_setting_is_computed_afresh(count_deals):
    s = _second_programmer()
    gamelib.hint(s, budget=3, seconds=0, cache=True)
    moved = s.clone()
    moved.apply(moved.legal_actions()[0])  # the seat placed a card: it knows more now
    count_deals.clear()
    gamelib.hint(moved, budget=3, seconds=0, cache=True)
    assert len(count_deals) == 3
    gamelib.hint(s, budget=3, seconds=0, seed=1, cache=True)  # another seed: other samples
    assert len(count_deals) == 6
    other_game = gamelib.load("walk-the-plank", players=3)  # same rules, another game object
    s2 = other_game.new_state(seed=4)
    for a in s.history:
        s2.apply(a.label)
    gamelib.hint(s2, budget=3, seconds=0, cache=True)
    assert len(count_deals) == 9


def test_the_cache_keeps_the_last_few_hints_per_game(count_deals):
    s = _second_programmer()
    for seed in range(hint_module.CACHE_SIZE + 1):
        gamelib.hint(s, budget=1, seconds=0, seed=seed, cache=True)
    assert len(hint_module._cache[s.game]) == hint_module.CACHE_SIZE
    count_deals.clear()
    gamelib.hint(s, budget=1, seconds=0, seed=hint_module.CACHE_SIZE, cache=True)  # the newest: kept
    gamelib.hint(s, budget=1, seconds=0, seed=0, cache=True)  # the oldest: forgotten
    assert len(count_deals) == 1


def test_a_second_panel_on_the_same_seat_reuses_the_first_panels_hint(count_deals):
    s = _second_programmer()
    seat = s.to_move
    first = HintPanel(lambda: s, lambda: seat, budget=3, seconds=0)
    h = first.show()
    assert h is not None and len(count_deals) == 3
    other = s.resample_hidden(seat, Rng(3))  # (one more call of the spy)
    assert other.loc != s.loc
    second = HintPanel(lambda: other, lambda: seat, budget=3, seconds=0)
    assert second.show().values() == h.values() and len(count_deals) == 4
    assert second.output.value == first.output.value
