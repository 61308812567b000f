"""The stepper is built only on the engine contract, so it serves every registered game (issue 4)."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.widgets import Stepper

NAMES = [g.name for g in gamelib.games()]


@pytest.mark.parametrize("name", NAMES)
def test_stepper_plays_any_game_to_the_end(name):
    stepper = Stepper(name, seed=4, human=())
    stepper.autoplay()
    assert stepper.state.is_over
    replay = gamelib.load_record(stepper.state.to_record())
    assert replay == stepper.state


@pytest.mark.parametrize("name", NAMES)
def test_stepper_clicks_undo_and_renders_any_game(name):
    import html

    stepper = Stepper(name, seed=4)
    first = stepper.picture_widget.value
    assert first and "Traceback" not in first and not stepper.last_error
    label = stepper.state.legal_labels()[0]
    stepper.click(label)
    assert stepper.state.ply == 1 and stepper.state.history[0].label == label
    assert label.split()[0] in html.unescape(stepper.log_widget.value) or stepper.picture_widget.value != first
    stepper.undo()
    assert stepper.state.ply == 0 and stepper.picture_widget.value == first
