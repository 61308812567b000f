"""The pictures: the generic table for any game, and The Walking Deck's table layout."""
from __future__ import annotations

import re
from html import unescape

from gamelib.render import render, renderer_for
from gamelib.render.generic import render_html as generic
from gamelib.render.walking_deck import render_html as walking_deck

from .fake_views import FakeState


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def test_generic_renderer_shows_the_view_and_escapes_it(toy):
    state = toy.new_state(seed=1)
    state.apply("Draw a card")
    html = generic(state, reveal=True)
    assert "table view" in html and "Deck 7" in text(html)
    assert state.hands["north"][0] in html
    assert state.hands["north"][0] not in generic(state, player="south")


def test_generic_renderer_speaks_in_words_not_in_view_keys(toy):
    state = toy.new_state(seed=1)
    shown = text(generic(state, reveal=True))
    assert "Phase: drawing" in shown and f"to decide: {state.to_move[0].upper()} {state.to_move}" in shown
    for raw in ("to_move", "is_over", "legal_actions", "phase drawing", "outcome"):
        assert raw not in shown, raw
    assert "Stopped none" in shown and "Hands north" in shown  # inner keys (seat names) as they are
    while not state.is_over:
        state.apply("Stop")
    assert f"Game over: {state.outcome}" in text(generic(state, reveal=True))


def test_games_without_a_renderer_get_the_generic_one(toy):
    assert renderer_for(toy) is generic
    assert "gl-generic" in render(toy.new_state(seed=2))


def test_walking_deck_player_view_keeps_the_memory_face_down():
    html = walking_deck(FakeState())
    t = text(html)
    assert "Memory (3)" in t and "DOMITILLE" not in t and "CAVE" not in t
    assert 'title="Memory card 3, face down"' in html
    assert "player view" in t


def test_walking_deck_table_view_reveals_the_memory_in_order():
    t = text(walking_deck(FakeState(), reveal=True))
    assert "1. CAVE" in t and "2. DOMITILLE" in t and "3. WILD ZERO" in t
    assert "RATS" in t and "FOG" in t  # the Buried, face up for teaching
    assert "top: BARN" in t


def test_walking_deck_shows_every_zone():
    html = walking_deck(FakeState())
    t = text(html)
    assert "Boris ★★" in t and "burial limit: 5" in t
    assert "Buried 2 of 5" in t
    assert "Rural" in t and "12" in t and "Urban" in t
    assert "Food available" in t and "Medical consumed" in t and "Restorative available" in t
    assert "Calamity bag (3)" in t and "Respites beside the bag" in t
    assert "STR INJ" in t and "MAL" in t and "Respite" in t and "MAL malnutrition" in t
    assert "Avoided (1)" in t and "BRIDGE" in t
    assert "Hand (2)" in t and "HORDE" in t


def test_walking_deck_writes_the_banners_out():
    t = text(walking_deck(FakeState()))
    assert "Avoid inflict 2 damage" in t  # HORDE: black banner only
    assert "Memorise recover the Food Reserve" in t and "Interrogation draw a Calamity" in t


def test_walking_deck_turns_characters_by_damage():
    html = walking_deck(FakeState())
    assert "transform:rotate(90deg)" in html and "transform:rotate(0deg)" in html
    assert "can take 1 more" in text(html)


def test_walking_deck_shows_what_is_happening_now():
    class Busy(FakeState):
        def view(self, player=None, log=True):
            v = super().view(player)
            v["being_unstacked"] = {"name": "CAVE", "banners": {"grey": "draw a Calamity"}}
            v["resolving"] = {"event": "CAVE", "banner": "grey", "text": "draw a Calamity", "next_effect": 0}
            v["drawn_calamity"] = {"id": "C9", "weaknesses": ["injuries"], "respite": False, "text": "injuries"}
            v["pending"] = "CAVE: Calamity C9 drawn, showing injuries"
            v["removed"] = [{"name": "RIVER"}]
            return v

    t = text(walking_deck(Busy()))
    assert "Being unstacked: CAVE" in t and "Applying the grey banner of CAVE: draw a Calamity" in t
    assert "Your choice: CAVE: Calamity C9 drawn" in t and "drawn now: INJ" in t
    assert "Removed from the game (1) RIVER" in t


def test_walking_deck_survives_a_sparse_view():
    class Sparse(FakeState):
        def view(self, player=None, log=True):
            return {"phase": "journey", "hand": [{"name": "CAVE"}], "characters": [{"name": "X", "damage": 2}]}

    html = walking_deck(Sparse())
    assert "CAVE" in html and "rotate(180deg)" in html and "Memory (0)" in text(html)


def test_a_renderer_without_a_player_argument_still_works(toy, monkeypatch):
    calls = []

    def minimal(state, reveal=None):
        calls.append(reveal)
        return "<p>minimal</p>"

    monkeypatch.setattr("gamelib.render.renderer_for", lambda game: minimal)
    assert render(toy.new_state(seed=1), reveal=True, player="north") == "<p>minimal</p>" and calls == [True]
