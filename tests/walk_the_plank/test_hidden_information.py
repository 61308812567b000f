"""How to Play (cards placed face down): views, private log lines, the leak check, odds, zones."""
from __future__ import annotations

import json
from fractions import Fraction

import gamelib
from gamelib.core import Rng

from .helpers import board, game, program_all

QUIET = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]


def programmed(players=4):
    g = game(players)
    state = g.from_scenario({"pirates": board(players, red=["plank 1", "plank 2", "ship"]), "captain": "red"})
    state.apply("Program Shove Left as card 1")
    state.apply("Program Charge! as card 2")
    return state


def test_face_down_cards_hidden_from_other_players():
    """How to Play: cards are placed face down: others see how many, never which."""
    state = programmed()
    blue = state.view("blue")["players"]["red"]
    assert blue["cards"] == ["face down", "face down", None] and blue["hand"] == 8
    assert "Shove Left" in blue["not_yet_played"]  # public: the set minus what was seen
    assert not any("Charge!" in line for line in state.view("blue")["log"])
    own = state.view("red")["players"]["red"]
    assert own["cards"] == ["Shove Left", "Charge!", None] and "Charge!" not in own["hand"]
    assert state.view(None)["players"]["red"]["cards"] == ["Shove Left", "Charge!", None]
    assert any("red programs Charge! as card 2" in line for line in state.view("red")["log"])
    json.dumps(state.view(None))


def test_revealed_cards_are_public():
    state = programmed()
    state.apply("Program Run Around as card 3")
    program_all(state, {c: QUIET for c in ("blue", "green", "yellow")})
    # red's Shove Left (blue on the ship with red's ship pirate) resolved automatically
    assert state.view("green")["players"]["red"]["cards"][0] == "Shove Left"


def test_redeal_changes_only_what_the_viewer_cannot_see():
    """The leak check's redeal: other players' face-down cards are re-chosen among the cards
    they could have placed; the viewer's own view does not change."""
    state = programmed()
    seen = set()
    rng = Rng(3)
    for _ in range(30):
        other = state.resample_hidden("blue", rng)
        assert other.view("blue") == state.view("blue")
        row = tuple(other.view(None)["players"]["red"]["cards"][:2])
        assert row[0] != "Charge!"  # Charge! is never card 1
        seen.add(row)
    assert len(seen) > 5
    assert state.resample_hidden("red", rng).view(None)["players"]["red"]["cards"][:2] == ["Shove Left", "Charge!"]


def test_redeal_ghost_card_stays_a_shove_in_its_declared_slot():
    g = game(3)
    state = g.from_scenario({"pirates": board(3, green=["dead"] * 3, red=["plank 1", "ship", "ship"]),
                             "eliminated": ["green"], "captain": "red"})
    program_all(state, {"red": ["Run Around", "Extend the Plank", "Pull to Ship"], "blue": QUIET})
    state.apply("Ghost plays Shove Anyone on card 2")
    assert state.to_move == "red" and state.phase == "revealing card 1"
    rng = Rng(1)
    cards = {tuple(state.resample_hidden("red", rng).view(None)["players"]["green"]["cards"]) for _ in range(20)}
    assert cards <= {(None, c, None) for c in ("Shove Left", "Shove Right", "Shove Anyone")} and len(cards) > 1


def test_odds_next_revealed_card_under_uniform_programming():
    """Odds: the Captain's first card, if every legal program were equally likely: one of the
    nine cards allowed as card 1 (never Charge!), 1/9 each."""
    state = game(4).new_state(seed=1)
    (title, dist), = state.odds().items()
    assert title.startswith(f"next revealed card: {state.to_move}'s card 1")
    assert set(dist.values()) == {Fraction(1, 9)} and "Charge!" not in dist and len(dist) == 9


def test_odds_account_for_set_aside_cards_and_later_positions():
    """Odds: set-aside Skull cards cannot come; Charge! only counts as card 2 or 3."""
    g = game(3)
    state = g.from_scenario({"pirates": board(3), "captain": "red", "set_aside": {
        "red": ["Shove Anyone", "Drag to Sea", "Retract the Plank"]}})
    (title, dist), = state.odds().items()
    # pool of 7 for red's card 1: Charge! excluded; each other card leaves 6 cards for 2 and 3
    assert set(dist.values()) == {Fraction(1, 6)} and "Charge!" not in dist and "Drag to Sea" not in dist


def test_odds_during_resolution_name_the_next_card():
    g = game(3)
    state = g.from_scenario({"pirates": board(3, red=["plank 1", "plank 1", "ship"], blue=["plank 1", "ship", "ship"]),
                             "captain": "red", "phase": "resolution", "next": {"card": 1, "player": "red"},
                             "programs": {"red": ["Shove Anyone", "Charge!", "Run Around"], "blue": QUIET, "green": QUIET}})
    assert state.to_move == "red"  # Shove Anyone needs a choice
    (title, dist), = state.odds().items()
    assert "blue's card 1" in title and sum(dist.values()) == 1
    # blue has 10 unplayed cards and three positions open: card 1 is any card but Charge!
    assert dist["Shove Left"] == Fraction(1, 9)


def test_zones_hold_every_card_and_pirate_once():
    """zones(): each card in one zone (hand, face down k, revealed k, set aside, discarded) and
    each pirate in one place; the Ghost Pirate and the Captain's Token too."""
    state = gamelib.play(game(5), gamelib.RandomAgent(), seed=4)
    zones = state.zones()
    items = [x for z in zones.values() for x in z]
    assert len(items) == len(set(items)) == 50 + 15 + 2 + 3
    assert any(z.endswith("discarded (Ghost)") for z in zones) == bool(state.view(None)["ghost_players"])
