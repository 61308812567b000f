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
    names = [v for _, v in s.agent_widget.options]
    assert names[:len(gamelib.agents_for(s.game))] == list(gamelib.agents_for(s.game))  # then the search agents
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


def test_odds_panel_groups_outcomes_as_a_player_tells_them_apart():
    s = Stepper("walking-deck", seed=3)
    odds = text(s.odds_widget.value)
    assert "next Rural event: its kind" in odds and "next Urban event: its kind" in odds
    assert "next Rural event: which one" in odds and "5.6 %" in odds and "1/18" in odds
    assert "next Calamity token, by its weaknesses" in odds
    assert "CAL0" not in odds and "CAL1" not in odds  # token ids nobody at the table can tell apart
    # choosing a pile: the piles come first; during the Interrogation the Calamity bag does
    assert odds.index("its kind") < odds.index("Calamity")
    assert "which Events are left in each pile" in odds  # whose knowledge


def test_odds_follow_the_open_decision():
    s = Stepper("walking-deck", seed=3)
    s.autoplay()
    for ply in range(s.state.ply, -1, -1):
        shown = s.state.at_ply(ply)
        if not shown.is_over and not any(x.startswith("Draw") for x in shown.legal_labels()):
            break
    s.goto(ply)
    odds = text(s.odds_widget.value)
    if "Calamity" in odds and "its kind" in odds:
        assert odds.index("Calamity") < odds.index("its kind")


def test_large_text_picture():
    from gamelib.render.walking_deck import render_html

    state = gamelib.load("walking-deck").new_state(seed=1)
    big = render_html(state, large=True)
    assert 'class="gl-wd gl-wd-large"' in big and ".gl-wd.gl-wd-large{--u:1.6}" in big
    # card names are 13 px x 1.6 = 20.8 px in the large mode
    assert ".gl-wd .card .name{font-weight:700;font-size:calc(13px*var(--u))" in big
    s = Stepper("walking-deck", seed=1, large=True)
    assert "gl-large" in s.widget._dom_classes and "gl-wd-large" in s.picture_widget.value


def test_weakness_colours_are_safe_and_spelled_out():
    from gamelib.render.walking_deck import WEAKNESS_COLOURS, WEAKNESS_SHORT, WEAKNESS_TEXT

    def lum(h):
        rgb = [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for w, bg in WEAKNESS_COLOURS.items():
        a, b = sorted((lum(bg), lum(WEAKNESS_TEXT[w])))
        assert (b + 0.05) / (a + 0.05) >= 4.5, w
        assert WEAKNESS_SHORT[w]  # a short form beside the colour
    assert len(set(WEAKNESS_COLOURS.values())) == 3
