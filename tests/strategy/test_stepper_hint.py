"""The Hint button in the classroom Stepper (issue 16, point 4), without a browser.

A hint uses the eyes of the screen: the player view's seat (never what it cannot see) or, in
the table view, whoever decides. It sits beside the decision buttons, is hidden behind the
hot-seat curtain, is cleared (or recomputed with "Keep hinting") when the position changes, and
a failing hint is words in its own box, not a broken Stepper."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.widgets import PERSON, Stepper
from gamelib.widgets.layout import HINT_BUDGET

from .helpers import interrogation_positions


def _visible(widget) -> bool:
    return widget.layout.display != "none"


def _within(a, b, k: float = 4.0) -> None:
    assert [o.label for o in a.options] == [o.label for o in b.options]
    for x, y in zip(a.options, b.options):
        se = math.sqrt(x.stderr ** 2 + y.stderr ** 2)
        assert abs(float(x.win) - float(y.win)) <= k * se + 1e-12, (x, y)


def _interrogation():
    return next(p for p in interrogation_positions("Boris", [0], per_game=8, memory_left=8) if len(p.legal_actions()) > 1)


def test_the_stepper_has_a_hint_beside_a_persons_decision_with_a_small_budget():
    s = Stepper("walking-deck", seed=2)
    assert _visible(s.hint_box) and s.hint_panel.widget in s.hint_box.children
    assert "Press Hint" in s.hint_panel.output.value and s.hint_panel.get_seat() == "you"
    s.hint_panel.budget, s.hint_panel.seconds = 2, 0  # the test's own budget; the Stepper's default is HINT_BUDGET
    s.hint_panel.button.click()
    h = s.hint_panel.hint
    assert h is not None and not h.exact and h.seat == "you" and [o.label for o in h.options] == s.visible_labels()
    assert "estimated" in s.hint_panel.output.value and s.last_error is None
    s.refresh()
    assert s.hint_panel.hint is h  # the same position keeps its hint
    s.click(s.visible_labels()[0])
    assert s.hint_panel.hint is None and "Press Hint" in s.hint_panel.output.value  # never a stale hint
    s.undo()
    assert s.hint_panel.hint is None
    assert Stepper("walking-deck", seed=2).hint_panel.budget == HINT_BUDGET <= 8


def test_an_interrogation_hint_in_the_player_view_is_exact_and_does_not_move_when_the_piles_are_redealt():
    pos = _interrogation()
    s = Stepper("walking-deck", seed=0)
    s.state = pos.clone()
    s.refresh()
    h = s.hint_panel.show()
    assert h.exact and all(isinstance(o.win, Fraction) for o in h.options)
    shown = s.hint_panel.output.value
    s.state = pos.resample_hidden("you", Rng(5))  # what "you" cannot see, dealt again
    s.refresh()
    again = s.hint_panel.show()
    assert again.values() == h.values() and s.hint_panel.output.value == shown


@pytest.mark.parametrize("name,seed", [("walk-the-plank", 3), ("deadland", 1)])
def test_a_player_view_hint_uses_that_seat_only_and_stays_within_its_error_when_hidden_cards_are_redealt(name, seed):
    s = Stepper(gamelib.load(name, players=3), seed=seed)
    seat = s.viewer
    assert not s.table_view and s.seats[seat] == PERSON and s.state.to_move == seat and s.visible_labels()
    assert _visible(s.hint_box) and s.hint_panel.get_seat() == seat
    s.hint_panel.budget, s.hint_panel.seconds = 3, 0
    calls = []
    orig = type(s.state).resample_hidden

    def spy(self, player, rng):
        calls.append(player)
        return orig(self, player, rng)

    type(s.state).resample_hidden = spy
    try:
        h = s.hint_panel.show()
    finally:
        type(s.state).resample_hidden = orig
    assert h is not None and not h.exact and h.seat == seat and set(calls) == {seat}
    assert [o.label for o in h.options] == s.visible_labels()
    s.state = s.state.resample_hidden(seat, Rng(11))  # every card the seat cannot see, dealt again
    s.refresh()
    _within(h, s.hint_panel.show())


def test_the_table_view_hints_whoever_decides_and_an_agents_turn_or_the_curtain_hides_the_hint():
    s = Stepper(gamelib.load("walk-the-plank", players=3), seed=3, seats={"red": PERSON, "blue": PERSON})
    first = s.state.to_move
    s.set_view(table=True)
    assert s.hint_panel.get_seat() is None and _visible(s.hint_box)
    s.set_view(table=False)
    assert s.hint_panel.get_seat() == s.viewer
    while s.state.to_move == first and not s.state.is_over:
        s.click(s.visible_labels()[0])
    assert s.curtain_seat() == "blue"  # hot seat: nothing of the next person's is shown yet
    assert not _visible(s.hint_box)
    s.confirm_seat()
    assert _visible(s.hint_box) and s.hint_panel.get_seat() == s.state.to_move == "blue"
    over = Stepper("walking-deck", seed=1)
    over.autoplay()
    assert over.state.is_over and not _visible(over.hint_box)


def test_keep_hinting_recomputes_at_each_persons_decision():
    s = Stepper("walking-deck", seed=2)
    s.hint_panel.budget, s.hint_panel.seconds = 1, 0
    s.hint_panel.keep.value = True  # switching it on gives the hint at once
    first = s.hint_panel.hint
    assert first is not None
    s.click(s.visible_labels()[0])
    second = s.hint_panel.hint
    assert second is not None and second is not first and [o.label for o in second.options] == s.visible_labels()


def test_a_failing_hint_is_words_in_its_box_and_the_stepper_plays_on(monkeypatch):
    import gamelib.widgets.hint as hint_widget

    def broken(*_a, **_k):
        raise RuntimeError("solver on fire")

    monkeypatch.setattr(hint_widget, "hint", broken)
    s = Stepper("walking-deck", seed=2)
    s.hint_panel.button.click()
    assert "solver on fire" in s.hint_panel.output.value and s.hint_panel.button.description == "Hint"
    assert s.last_error is None
    ply = s.state.ply
    s.click(s.visible_labels()[0])
    assert s.state.ply == ply + 1 and s.last_error is None and "Press Hint" in s.hint_panel.output.value
