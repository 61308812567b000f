"""Hints that say how sure they are (issue 22, point 4): every estimated option carries its 95 %
interval, "best" is marked only where the intervals separate ("too close to call" otherwise), and
the deals after the first round go to the options that are still close."""
from __future__ import annotations

from fractions import Fraction

import pytest

import gamelib
from gamelib.strategy.hint import Hint, HintOption, hint_html
from gamelib.strategy.playouts import Tally, _wanted, wilson
from gamelib.widgets.hint import HintPanel


def _est(label: str, win: float, low: float, high: float, n: int = 400) -> HintOption:
    return HintOption(label, win, False, (high - low) / 4, n, low, high)


SEPARATE = Hint("walk-the-plank", "red", False, "test", {}, (
    _est("Program Shove Left as card 1", 0.62, 0.59, 0.65),
    _est("Program Run Around as card 1", 0.40, 0.37, 0.43),
    _est("Program Drag to Sea as card 1", 0.30, 0.27, 0.33),
))
OVERLAP = Hint("walk-the-plank", "red", False, "test", {}, (
    _est("Program Shove Left as card 1", 0.52, 0.47, 0.57),
    _est("Program Run Around as card 1", 0.49, 0.44, 0.54),
    _est("Program Drag to Sea as card 1", 0.30, 0.27, 0.33),
))


def test_wilson_interval_matches_known_values_and_is_never_certain():
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0.0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)  # 0 wins in 20 is not "never"
    assert wilson(1.0, 20)[0] == pytest.approx(1 - 0.1611, abs=1e-4)
    assert wilson(0.3, 0) == (0.0, 1.0)


def test_best_is_named_only_where_the_intervals_separate():
    assert SEPARATE.best == "Program Shove Left as card 1" and SEPARATE.close == ("Program Shove Left as card 1",)
    assert "Best: Program Shove Left as card 1" in SEPARATE.verdict()
    assert OVERLAP.best is None and OVERLAP.leader == "Program Shove Left as card 1"
    assert OVERLAP.close == ("Program Shove Left as card 1", "Program Run Around as card 1")
    assert OVERLAP.verdict().startswith("Too close to call")
    # exact values: a tie is "equally good", a unique highest value is best
    tie = Hint("walking-deck", "you", True, "exact", {}, (HintOption("A", Fraction(1, 3), True), HintOption("B", Fraction(1, 3), True)))
    assert tie.best is None and tie.verdict() == "Equally good: A and B."
    one = Hint("walking-deck", "you", True, "exact", {}, (HintOption("A", Fraction(1, 3), True), HintOption("B", Fraction(1, 4), True)))
    assert one.best == "A"


def test_the_hint_panel_shows_intervals_and_marks_best_only_when_they_separate(monkeypatch):
    import gamelib.widgets.hint as hint_widget

    state = gamelib.load("walk-the-plank", players=3).new_state(seed=1)
    given = {"hint": SEPARATE}
    monkeypatch.setattr(hint_widget, "hint", lambda *_a, **_k: given["hint"])
    panel = HintPanel(lambda: state)
    panel.show()
    html = panel.output.value
    assert "95 % interval" in html and "59.0–65.0 %" in html and "37.0–43.0 %" in html
    assert html.count('class="gl-hint-best"') == 1 and "gl-hint-tag'>best<" in html
    assert 'data-best="Program Shove Left as card 1"' in html and "Too close to call" not in html

    given["hint"] = OVERLAP
    state.apply(state.legal_actions()[0])  # another position, so the panel shows a new hint
    panel.show()
    html = panel.output.value
    assert "gl-hint-best" not in html and "gl-hint-tag" not in html and 'data-best=""' in html
    assert "Too close to call" in html and html.count('class="gl-hint-close"') == 2
    assert "47.0–57.0 %" in html and "44.0–54.0 %" in html


def test_an_estimated_hint_carries_an_interval_around_each_estimate():
    s = gamelib.load("deadland", players=4).new_state(seed=1)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    h = gamelib.hint(s, budget=6, seconds=0, seed=2)
    for o in h.options:
        assert o.samples == 6 and 0 <= o.low <= float(o.win) <= o.high <= 1
        assert (o.low, o.high) == pytest.approx(wilson(float(o.win), 6))
    html = hint_html(h)
    assert all(o.interval_text() in html for o in h.options)
    assert (h.best is None) == ("Too close to call" in html)


def test_more_deals_go_to_the_options_that_are_close():
    t = [Tally(55, 100), Tally(52, 100), Tally(10, 100), Tally(30, 1000)]
    # 0 leads, 1 overlaps it; 2 lies wholly below; 3 is below and already narrow
    assert _wanted(t, 0.03) == [0, 1]
    narrow = [Tally(550, 1000), Tally(520, 1000), Tally(10, 100)]
    assert _wanted(narrow, 0.035) == [2]  # the close ones are narrow enough: the wide one's turn
    assert _wanted([Tally(550, 1000), Tally(100, 1000)], 0.04) == []


def test_a_hint_with_time_left_deals_more_to_close_options_and_stops_at_the_target():
    s = gamelib.load("walk-the-plank", players=3).new_state(seed=2)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    h = gamelib.hint(s, budget=4, seconds=1.0, target=0.2, seed=1)
    ns = [o.samples for o in h.options]
    assert min(ns) >= 4 and max(ns) > 4  # beyond the first round, within the time
    assert all(o.half_width <= 0.2 for o in h.options) and h.budget["largest half-width"] <= 0.2
    assert h.budget["CPU seconds"] <= 1.5
