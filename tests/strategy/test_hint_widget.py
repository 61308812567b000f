"""The Hint panel a Stepper can include (gamelib/widgets/hint.py), without a browser."""
from __future__ import annotations

import gamelib
from gamelib.widgets.hint import HintPanel

from .helpers import interrogation_positions


def test_hint_panel_shows_exact_chances_and_clears_when_the_position_changes():
    s = next(p for p in interrogation_positions("Boris", [0], per_game=8, memory_left=8) if len(p.legal_actions()) > 1)
    panel = HintPanel(lambda: s, lambda: None)
    assert "Press Hint" in panel.output.value
    h = panel.show()
    assert h is not None and h.exact
    html = panel.output.value
    assert "exact" in html and all(label.split(" (")[0] in html for label in s.legal_labels()[:2])
    assert "gl-hint-best" in html and panel.button.description == "Hint" and not panel.button.disabled
    panel.refresh()
    assert panel.hint is h  # same position: kept
    s.apply(s.legal_actions()[0])
    panel.refresh()
    assert panel.hint is None and "Press Hint" in panel.output.value


def test_hint_panel_estimates_say_so_and_errors_are_shown_as_words():
    s = gamelib.load("walking-deck").new_state(seed=2)
    panel = HintPanel(lambda: s, budget=3, seconds=0)
    panel.button.click()
    assert panel.hint is not None and not panel.hint.exact
    assert "estimated" in panel.output.value and "95 % interval" in panel.output.value

    def broken():
        raise RuntimeError("no state here")

    bad = HintPanel(broken)
    bad.show()
    assert bad.hint is None and "no state here" in bad.error and "alert" in bad.output.value
    assert "Traceback" not in bad.output.value and ".py" not in bad.output.value  # no server path on the page
