"""The stepper and the picture on the real Walking Deck engine."""
from __future__ import annotations

import re
from html import unescape

import gamelib
from gamelib.widgets import Stepper


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def test_a_state_draws_itself_with_the_walking_deck_picture():
    state = gamelib.load("walking-deck").new_state(seed=1)
    html = state._repr_html_()
    assert 'class="gl-wd"' in html and "Memory (0)" in text(html) and "Calamity bag" in text(html)


def test_protagonist_choice_and_new_game():
    s = Stepper("walking-deck", seed=1)
    dd = s.option_widgets["protagonist"]
    assert list(dd.options) == ["Aénor", "Boris", "Adrien", "Éléonore"]
    assert list(s.agent_widget.options) == list(gamelib.agents_for(s.game))
    dd.value = "Boris"
    s.seed_widget.value = 9
    s.new_button.click()
    assert s.game.options["protagonist"] == "Boris" and s.state.seed == 9
    assert s.state == gamelib.load("walking-deck", protagonist="Boris").new_state(seed=9)
    assert "Boris" in text(s.picture_widget.value)


def test_clicking_through_a_game_matches_the_engine():
    s = Stepper("walking-deck", seed=4)
    twin = gamelib.load("walking-deck").new_state(seed=4)
    for _ in range(12):
        label = s.visible_labels()[-1]
        assert s.visible_labels() == twin.legal_labels()
        next(b for b in s.action_buttons if b.description == label).click()
        twin.apply(label)
        assert s.last_error is None and s.state == twin
    assert f"Hand ({len(twin.view('you')['hand'])})" in text(s.picture_widget.value)


def test_memory_face_down_in_player_view_and_revealed_in_table_view():
    s = Stepper("walking-deck", seed=2)
    while s.state.view(None)["memory"]["count"] < 2:
        s.step()
    first = s.state.view(None)["memory"]["cards"][0]["label"]
    assert "Memory (" in text(s.picture_widget.value)
    assert f"1. {first}" not in text(s.picture_widget.value)
    s.set_view(table=True)
    assert f"1. {first}" in text(s.picture_widget.value)


def test_autoplay_reaches_the_engines_outcome_with_each_agent():
    for agent in gamelib.agents_for(gamelib.load("walking-deck")):
        s = Stepper("walking-deck", seed=6, agent=agent)
        s.autoplay()
        assert s.state.is_over and s.last_error is None
        replay = gamelib.load_record(s.state.to_record())
        assert str(replay.outcome) in text(s.status_widget.value)
        s.goto(0)
        assert "Memory (0)" in text(s.picture_widget.value) and s.visible_labels() == replay.at_ply(0).legal_labels()


def test_odds_panel_shows_each_pile_and_the_calamity_bag():
    s = Stepper("walking-deck", seed=3)
    odds = text(s.odds_widget.value)
    assert "next Rural event" in odds and "next Urban event" in odds and "next Calamity weaknesses" in odds
    assert "1/18" in odds and "0.056" in odds
