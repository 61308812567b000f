"""The stepper's callbacks, driven without a browser on the toy game (two seats, hidden hands)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from gamelib.widgets import Stepper


def text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def stepper(toy):
    return Stepper(toy, seed=3)


def test_one_button_per_legal_action(stepper):
    assert stepper.visible_labels() == stepper.state.legal_labels() == ["Draw a card", "Stop"]
    assert stepper.undo_button.disabled and not stepper.step_button.disabled
    assert 'data-ply="0"' in stepper.status_widget.value


def test_clicking_a_button_applies_its_action_and_redraws(stepper):
    before = stepper.picture_widget.value
    stepper.action_buttons[0].click()  # the real ipywidgets click path
    assert stepper.state.ply == 1 and stepper.state.history[0].label == "Draw a card"
    assert stepper.last_error is None
    assert stepper.picture_widget.value != before
    assert "north draws a card" in text(stepper.log_widget.value)
    assert 'data-ply="1"' in stepper.status_widget.value
    assert stepper.history_widget.max == 1 and stepper.history_widget.value == 1
    assert not stepper.undo_button.disabled


def test_updates_reuse_the_same_widgets(stepper):
    """In-place updates: the layout and the buttons are never re-created."""
    layout, picture, buttons = stepper.widget, stepper.picture_widget, list(stepper.action_buttons)
    children = stepper.widget.children
    for _ in range(3):
        stepper.click("Draw a card")
    stepper.undo()
    assert stepper.widget is layout and stepper.picture_widget is picture
    assert stepper.widget.children == children
    assert stepper.action_buttons[:2] == buttons


def test_illegal_action_is_shown_in_words_and_changes_nothing(stepper):
    stepper.click("Teleport to the moon")
    assert stepper.state.ply == 0
    shown = text(stepper.error_widget.value)
    assert "Teleport to the moon" in shown and "not a legal action" in shown and "Draw a card" in shown
    stepper.click("Stop")  # the next good action clears the error
    assert stepper.error_widget.value == "" and stepper.last_error is None


def test_unexpected_exception_is_shown_with_its_traceback(stepper, monkeypatch):
    def broken(state):
        raise RuntimeError("agent exploded")

    monkeypatch.setattr(stepper.agent, "choose", broken)
    stepper.step_button.click()
    shown = stepper.error_widget.value
    assert "Unexpected error (RuntimeError): agent exploded" in text(shown)
    assert "<details>" in shown and "Traceback" in shown
    assert stepper.state.ply == 0


def test_picture_failure_falls_back_to_the_plain_table(stepper, monkeypatch):
    import gamelib.widgets.stepper as mod

    def broken(*a, **k):
        raise KeyError("memory")

    monkeypatch.setattr(mod, "render", broken)
    stepper.click("Draw a card")
    assert "The picture failed (KeyError" in stepper.last_error
    assert "gl-generic" in stepper.picture_widget.value and stepper.state.ply == 1


def test_step_lets_the_agent_take_one_decision(stepper):
    stepper.step_button.click()
    assert stepper.state.ply == 1
    assert stepper.state.history[0].label in ("Draw a card", "Stop")


def test_autoplay_stops_when_a_human_seat_must_decide(toy):
    s = Stepper(toy, seed=4, human=["north"])
    s.click("Draw a card")  # now south (an agent's seat) decides
    s.auto_button.click()
    assert s.state.is_over or s.state.to_move == "north"
    assert s.state.ply >= 2


def test_autoplay_plays_to_the_end_and_shows_the_engines_outcome(toy):
    s = Stepper(toy, seed=5, human=[])
    s.autoplay()
    assert s.state.is_over and s.last_error is None
    assert str(s.state.outcome) in text(s.status_widget.value)
    assert s.visible_labels() == [] and s.step_button.disabled and s.auto_button.disabled
    s.autoplay()  # nothing left to play: said in words
    assert "game is over" in s.last_error


def test_undo_button_and_undo_with_nothing_to_undo(stepper):
    stepper.undo_button.click()  # disabled in the browser, but a call still explains itself
    assert "nothing to undo" in stepper.last_error
    stepper.click("Draw a card")
    stepper.click("Stop")
    after_one = stepper.state.at_ply(1)
    stepper.undo_button.click()
    assert stepper.state.ply == 1 and stepper.state == after_one
    assert stepper.visible_labels() == stepper.state.legal_labels()


def test_history_slider_travels_back_and_forth(stepper):
    for label in ("Draw a card", "Draw a card", "Stop"):
        stepper.click(label)
    final_picture = stepper.picture_widget.value
    stepper.history_widget.value = 1  # what dragging the slider does
    assert stepper.shown_ply == 1 and stepper.state.ply == 3  # looking, not undoing
    from gamelib.render import render

    assert stepper.picture_widget.value == render(stepper.state.at_ply(1), reveal=False, player="north")
    assert stepper.picture_widget.value != final_picture
    assert "looking back" in text(stepper.status_widget.value)
    assert len(stepper.shown.log) == len(stepper.state.at_ply(1).log)
    assert "north draws a card" in text(stepper.log_widget.value)
    assert text(stepper.log_widget.value).count("draws a card") < 3
    stepper.goto(3)
    assert stepper.picture_widget.value == final_picture


def test_acting_in_the_past_continues_from_there(stepper):
    for label in ("Draw a card", "Draw a card", "Draw a card"):
        stepper.click(label)
    stepper.goto(1)
    stepper.click("Stop")
    assert stepper.state.ply == 2 and [a.label for a in stepper.state.history] == ["Draw a card", "Stop"]
    assert stepper.history_widget.max == 2 and stepper.history_widget.value == 2


def test_new_game_uses_the_seed_box(stepper, toy):
    stepper.click("Draw a card")
    stepper.seed_widget.value = 11
    stepper.new_button.click()
    assert stepper.state.ply == 0 and stepper.state == toy.new_state(seed=11)
    assert stepper.history_widget.max == 0
    stepper.new_game(seed=12)
    assert stepper.state == toy.new_state(seed=12) and stepper.seed_widget.value == 12


def test_player_view_hides_what_the_table_view_shows(stepper):
    stepper.click("Draw a card")  # north's secret card
    stepper.click("Draw a card")  # south's secret card
    south_card = stepper.state.hands["south"][0]
    assert south_card not in stepper.picture_widget.value  # seen by north
    stepper.set_view(table=True)
    assert south_card in stepper.picture_widget.value
    assert "table view" in stepper.picture_widget.value
    hidden_log = "south draws " + south_card
    assert hidden_log in text(stepper.log_widget.value)
    stepper.view_widget.value = "player view"
    assert hidden_log not in text(stepper.log_widget.value)


def test_odds_panel_gives_exact_fractions_and_decimals(stepper):
    odds = text(stepper.odds_widget.value)
    assert "next card value" in odds
    assert "1/8" in odds and "0.125" in odds and "1/4" in odds and "0.250" in odds  # two 5s among 8 cards


def test_log_shows_each_events_section(stepper):
    stepper.click("Stop")
    assert 'class="gl-log-section">Turn</span>north stops' in stepper.log_widget.value


def test_agent_choice_offers_the_games_agents(stepper):
    assert list(stepper.agent_widget.options) == ["random"]
    assert stepper.agent.seed is not None


def test_error_in_a_new_game_option_is_shown(toy, monkeypatch):
    s = Stepper(toy, seed=1)
    s.seed_widget.value = 2
    monkeypatch.setattr(type(toy), "new_state", lambda self, seed=0: (_ for _ in ()).throw(ValueError("no deck")))
    s.new_button.click()
    assert "Unexpected error (ValueError): no deck" in s.last_error
    assert s.state.seed == 1  # the old game stays on screen


def test_decisions_panel_explains_why_it_is_empty(toy):
    s = Stepper(toy, seed=5, human=[])
    assert s.actions_note.value == ""
    s.autoplay()
    assert "game is over" in s.actions_note.value
    s.goto(1)
    assert "Looking back" in s.actions_note.value


def test_autoplay_failing_half_way_shows_how_far_it_got(toy, monkeypatch):
    s = Stepper(toy, seed=5, human=[])
    real = s.agent.choose
    calls = []

    def flaky(state):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("agent gave up")
        return real(state)

    monkeypatch.setattr(s.agent, "choose", flaky)
    s.autoplay()
    assert "agent gave up" in s.last_error
    assert s.state.ply == 2 and s.shown_ply == 2 and 'data-ply="2"' in s.status_widget.value
