"""The stepper's callbacks, driven without a browser on the toy game (two seats, hidden hands).
Most tests seat two people at a table view, so every decision is a button (as a teacher
demonstrating); seats, agents and secrets have their own module (test_seats.py)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from gamelib.widgets import Stepper


def text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def stepper(toy):
    return Stepper(toy, seed=3, human=["north", "south"], table_view=True)


def test_one_button_per_legal_action(stepper):
    assert stepper.visible_labels() == stepper.state.legal_labels() == ["Draw a card", "Stop"]
    assert stepper.undo_button.disabled and not stepper.step_button.disabled and stepper.redo_button.disabled
    assert 'data-ply="0"' in stepper.status_widget.value


def test_clicking_a_button_applies_its_action_and_redraws(stepper):
    before = stepper.picture_widget.value
    stepper.action_buttons[0].click()  # the real ipywidgets click path
    assert stepper.state.ply == 1 and stepper.state.history[0].label == "Draw a card"
    assert stepper.last_error is None
    assert stepper.picture_widget.value != before
    assert "north draws" in text(stepper.log_widget.value)
    assert 'data-ply="1"' in stepper.status_widget.value
    assert stepper.history_widget.max == 1 and stepper.history_widget.value == 1
    assert not stepper.undo_button.disabled


def test_a_second_click_on_a_taken_decision_is_refused_in_words(stepper):
    """A double click: the second click reaches the buttons of the decision already taken
    (in a browser it left before the page changed); it is refused, never applied."""
    first = stepper.action_buttons[0]
    first.click()
    assert stepper.state.ply == 1
    first.click()  # the same button object, now belonging to the past decision
    assert stepper.state.ply == 1
    assert "decision already taken" in stepper.last_error
    stepper.action_buttons[0].click()  # the new buttons work
    assert stepper.state.ply == 2 and stepper.last_error is None


def test_updates_reuse_the_same_widgets_but_each_decision_has_its_own_buttons(stepper):
    """In-place updates: the layout is never re-created; the decision buttons are, one set per
    decision (a click meant for an old decision must find no live button), and the old set is
    closed, so the page keeps no hidden options."""
    layout, picture = stepper.widget, stepper.picture_widget
    children = stepper.widget.children
    stepper.click("Draw a card")
    before = list(stepper.actions_box.children)
    stepper.click("Draw a card")
    assert stepper.widget is layout and stepper.picture_widget is picture
    assert stepper.widget.children == children
    assert not set(map(id, stepper.actions_box.children)) & set(map(id, before))
    assert all(b.comm is None for b in before)
    stepper.refresh()  # a redraw of the same decision keeps its buttons
    again = list(stepper.actions_box.children)
    stepper.refresh()
    assert list(stepper.actions_box.children) == again


def test_illegal_action_is_shown_in_words_and_changes_nothing(stepper):
    stepper.click("Teleport to the moon")
    assert stepper.state.ply == 0
    shown = text(stepper.error_widget.value)
    assert "Teleport to the moon" in shown and "not a legal action" in shown and "Draw a card" in shown
    stepper.click("Stop")  # the next good action clears the error
    assert stepper.error_widget.value == "" and stepper.last_error is None


def test_unexpected_exception_is_one_sentence_its_traceback_in_the_log(stepper, monkeypatch, caplog):
    def broken(state):
        raise RuntimeError("agent exploded")

    monkeypatch.setattr(stepper.agent, "choose", broken)
    stepper.step_button.click()
    shown = stepper.error_widget.value
    assert "unexpected RuntimeError" in text(shown) and "server's log" in text(shown)
    assert "<details>" not in shown and "Traceback" not in shown and "exploded" not in shown
    assert "Traceback" in caplog.text and "agent exploded" in caplog.text
    assert stepper.state.ply == 0


def test_picture_failure_falls_back_to_the_plain_table(stepper, monkeypatch):
    import gamelib.widgets.drawing as mod  # (the panels are drawn there)

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


def test_autoplay_stops_when_a_person_must_decide(toy):
    s = Stepper(toy, seed=4, human=["north"])  # south is an agent: it answers at once
    s.click("Draw a card")
    assert s.state.is_over or s.state.to_move == "north"
    ply = s.state.ply
    s.auto_button.click()  # the agent takes north's decision, south answers, back to north
    assert s.state.is_over or s.state.to_move == "north"
    assert s.state.ply >= ply + 1


def test_autoplay_plays_to_the_end_and_shows_the_engines_outcome(toy):
    s = Stepper(toy, seed=5, human=[])  # two agents: the game plays itself
    assert s.state.is_over and s.last_error is None
    assert str(s.state.outcome) in text(s.status_widget.value)
    assert s.visible_labels() == [] and s.step_button.disabled and s.auto_button.disabled
    s.autoplay()  # nothing left to play: said in words
    assert "game is over" in s.last_error


def test_undo_redo_and_nothing_to_undo(stepper):
    stepper.undo_button.click()  # disabled in the browser, but a call still explains itself
    assert "nothing to undo" in stepper.last_error
    stepper.click("Draw a card")
    stepper.click("Stop")
    after_two, after_one = stepper.state.clone(), stepper.state.at_ply(1)
    stepper.undo_button.click()
    assert stepper.state.ply == 1 and stepper.state == after_one
    assert stepper.visible_labels() == stepper.state.legal_labels()
    assert "1 undone" in text(stepper.status_widget.value) and not stepper.redo_button.disabled
    stepper.redo_button.click()
    assert stepper.state.ply == 2 and stepper.state == after_two and stepper.redo_button.disabled
    stepper.redo()
    assert "nothing to redo" in stepper.last_error


def test_undo_steps_back_from_where_you_look(stepper):
    for _ in range(4):
        stepper.click("Draw a card")
    stepper.goto(2)
    stepper.undo()
    assert stepper.state.ply == 1 and stepper.shown_ply == 1  # not back to the end
    assert stepper.timeline.redo_count == 3
    for _ in range(3):
        stepper.redo()
    assert stepper.state.ply == 4


def test_history_slider_travels_back_and_forth(stepper):
    for label in ("Draw a card", "Draw a card", "Stop"):
        stepper.click(label)
    final_picture = stepper.picture_widget.value
    stepper.history_widget.value = 1  # what dragging the slider does
    assert stepper.shown_ply == 1 and stepper.state.ply == 3  # looking, not undoing
    from gamelib.render import render

    assert stepper.picture_widget.value == render(stepper.state.at_ply(1), reveal=True, player=None)
    assert stepper.picture_widget.value != final_picture
    assert "looking back" in text(stepper.status_widget.value)
    assert text(stepper.log_widget.value).count("north draws a card") == 1
    stepper.goto(3)
    assert stepper.picture_widget.value == final_picture


def test_acting_while_looking_back_keeps_the_old_line(stepper):
    for label in ("Draw a card", "Draw a card", "Draw a card"):
        stepper.click(label)
    old = stepper.state.clone()
    stepper.goto(1)
    stepper.click("Draw a card")  # the decision the line took: just moves along it
    assert stepper.state.ply == 3 and stepper.shown_ply == 2 and not stepper.timeline.kept
    stepper.click("Stop")  # a different one: a new line, the old one kept
    assert [a.label for a in stepper.state.history] == ["Draw a card", "Draw a card", "Stop"]
    assert stepper.history_widget.max == 3 and stepper.history_widget.value == 3
    assert len(stepper.timeline.kept) == 1 and stepper.timeline.kept[0] == old
    assert stepper.lines_widget.layout.display != "none" and len(stepper.lines_widget.options) == 2
    stepper.lines_widget.value = 0  # back to the old line, nothing lost
    assert stepper.state == old and stepper.state.ply == 3
    assert len(stepper.timeline.kept) == 1  # the newer line is kept in its place


def test_new_game_uses_the_seed_box_and_keeps_every_digit(stepper, toy):
    stepper.seed_widget.value = 11  # an int is accepted and kept as text
    stepper.new_button.click()  # at decision 0 nothing is lost: no question
    assert stepper.state.ply == 0 and stepper.state == toy.new_state(seed=11)
    big = 6915206964022700985  # more digits than a browser number keeps
    stepper.seed_widget.value = str(big)
    stepper.new_button.click()
    assert stepper.state.seed == big and stepper.state == toy.new_state(seed=big)
    stepper.new_game(seed=12)
    assert stepper.state == toy.new_state(seed=12) and stepper.seed_widget.value == "12"


def test_new_game_asks_before_discarding_an_unfinished_game(stepper, toy):
    stepper.click("Draw a card")
    stepper.seed_widget.value = "8"
    stepper.new_button.click()
    assert stepper.state.ply == 1 and stepper.confirm_box.layout.display != "none"
    assert "not finished" in text(stepper.confirm_text.value)
    stepper.confirm_no.click()
    assert stepper.state.ply == 1 and stepper.confirm_box.layout.display == "none"
    stepper.new_button.click()
    stepper.confirm_yes.click()
    assert stepper.state == toy.new_state(seed=8)


def test_a_bad_seed_is_refused_in_words(stepper):
    stepper.seed_widget.value = "12a"
    stepper.new_button.click()
    assert "not a whole number" in stepper.last_error and stepper.state.seed == 3
    stepper.seed_widget.value = str(1 << 70)
    stepper.new_button.click()
    assert "out of range" in stepper.last_error and "from 0 to 18446744073709551615" in stepper.last_error
    stepper.seed_widget.value = "-5"
    stepper.new_button.click()
    assert "from 0 to" in stepper.last_error and stepper.state.seed == 3
    stepper.seed_widget.value = "7" * 10_000_000  # a huge paste is quoted by its start only
    stepper.new_button.click()
    assert "10000000 characters" in stepper.last_error and len(stepper.error_widget.value) < 500


def test_player_view_hides_what_the_table_view_shows(toy):
    s = Stepper(toy, seed=3, human=["north"])  # south is an agent
    s.click("Draw a card")  # north's secret card, then south plays at once
    south = s.state.hands["south"]
    assert south, "this seed has south draw a card"
    assert south[0] not in s.picture_widget.value  # seen by north
    hidden_log = "south draws " + south[0]
    assert hidden_log not in text(s.log_widget.value)
    s.set_view(table=True)
    assert south[0] in s.picture_widget.value and "table view" in s.picture_widget.value
    assert hidden_log in text(s.log_widget.value)


def test_odds_panel_gives_percentages_fractions_and_says_whose_knowledge(stepper):
    odds = text(stepper.odds_widget.value)
    assert "next card value" in odds and "public information" in odds
    assert "25.0 %" in odds and "1/4" in odds and "12.5 %" in odds and "1/8" in odds  # two 5s among 8 cards
    assert odds.index("25.0 %") < odds.index("12.5 %")  # most likely first
    assert 'class="gl-bar" style="width:25.0%"' in stepper.odds_widget.value


def test_odds_panel_disappears_when_the_game_is_over(toy):
    s = Stepper(toy, seed=5, human=[])
    assert s.state.is_over and s.odds_panel.layout.display == "none"
    s.goto(0)
    assert s.odds_panel.layout.display != "none"


def test_long_fractions_become_decimals():
    from fractions import Fraction

    from gamelib.widgets.panels import exact_text, percent_text

    assert exact_text(Fraction(12, 143)) == "12/143"
    assert exact_text(Fraction(12863785709889949123, 36928791027133401536)) == "≈ 0.3483"
    assert percent_text(Fraction(1, 3)) == "33.3 %" and percent_text(Fraction(1, 10**6)) == "< 0.1 %"
    assert percent_text(Fraction(1)) == "100 %" and percent_text(Fraction(0)) == "0 %"


def test_log_shows_each_events_section(stepper):
    stepper.click("Stop")
    assert 'class="gl-log-section">Turn</span>north stops' in stepper.log_widget.value


def test_agent_choice_offers_the_games_agents(stepper):
    assert [v for _, v in stepper.agent_widget.options] == ["random", "ismcts"]
    assert stepper.agent.seed is not None


def test_error_in_a_new_game_option_is_shown(toy, monkeypatch):
    s = Stepper(toy, seed=1, human=["north", "south"])
    s.seed_widget.value = 2
    monkeypatch.setattr(type(toy), "new_state", lambda self, seed=0: (_ for _ in ()).throw(ValueError("no deck")))
    s.new_button.click()
    assert "unexpected ValueError" in s.last_error
    assert s.state.seed == 1  # the old game stays on screen


def test_decisions_panel_explains_why_it_is_empty(toy):
    s = Stepper(toy, seed=5, human=[])
    assert "game is over" in s.actions_note.value
    s.goto(1)
    assert "deciding" in s.actions_note.value or "decision" in s.actions_note.value


def test_agents_failing_half_way_show_how_far_they_got(monkeypatch):
    s = Stepper("walking-deck", seed=5)  # one seat: Auto-play goes to the end
    real = s.agent.choose
    calls = []

    def flaky(state):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("agent gave up")
        return real(state)

    monkeypatch.setattr(s.agent, "choose", flaky)
    s.autoplay()
    assert "unexpected RuntimeError" in s.last_error
    assert s.state.ply == 2 and s.shown_ply == 2 and 'data-ply="2"' in s.status_widget.value


def test_large_text_switch(stepper):
    assert "gl-large" not in stepper.widget._dom_classes
    stepper.large_widget.value = True
    assert "gl-large" in stepper.widget._dom_classes and stepper.large
    assert "gl-generic-large" in stepper.picture_widget.value


def test_status_says_where_and_who(stepper):
    v = stepper.status_widget.value
    assert 'data-view="table"' in v and "table view" in text(v)
    tick = re.search(r'data-tick="(\d+)"', v).group(1)
    stepper.set_view(table=False)
    v2 = stepper.status_widget.value
    assert 'data-view="north"' in v2 and re.search(r'data-tick="(\d+)"', v2).group(1) != tick
