"""``dashboard()``: the URL's query string chooses the game, safely (without a browser)."""
from __future__ import annotations

import gamelib
from gamelib.widgets import PERSON, dashboard, parse_parameters


def test_every_parameter_reaches_the_stepper():
    s = dashboard("walking-deck", "seed=6915206964022700985&protagonist=Boris&large=1&view=table")
    assert s.state.seed == 6915206964022700985
    assert s.state == gamelib.load("walking-deck", protagonist="Boris").new_state(seed=6915206964022700985)
    assert s.large and "gl-large" in s.widget._dom_classes and s.table_view
    assert s.seed_widget.value == "6915206964022700985" and s.option_widgets["protagonist"].value == "Boris"
    assert s.notice_widget.value == ""


def test_a_seat_view_link_plays_that_seat():
    s = dashboard("deadland", "players=5&view=green&seed=3&pause=0")
    assert len(s.game.players) == 5 and s.viewer == "green"
    assert [p for p, who in s.seats.items() if who == PERSON] == ["green"]
    assert s.state.is_over or s.state.to_move == "green"


def test_seats_by_name_and_case_of_option_values():
    args, problems = parse_parameters("walk-the-plank", "blue=person&green=random&players=3")
    assert problems == [] and args["game"].options["players"] == 3
    assert args["seats"] == {"red": PERSON, "blue": PERSON, "green": "random"}
    args, _ = parse_parameters("walking-deck", "protagonist=boris")
    assert args["game"].options["protagonist"] == "Boris"


def test_wrong_parameters_are_reported_in_words_and_the_defaults_used():
    s = dashboard("walk-the-plank", "seed=12x&players=9&large=maybe&view=pink&cards=/etc/passwd&colour=red&blue=genius")
    notes = s.notice_widget.value
    for words in ("not a whole number", "players='9' is not allowed", "write 1 or 0", "view='pink'",
                  "cannot be set from a link", "unknown URL parameter 'colour'", "blue='genius'"):
        assert words in notes.replace("&#x27;", "'"), words
    assert s.state.seed == 1 and s.game.options["players"] == 4 and s.game.options["cards"] is None
    assert not s.large


def test_voila_parameters_are_left_to_voila():
    _, problems = parse_parameters("walking-deck", "theme=dark&template=gamelib")
    assert problems == []


def test_the_query_string_comes_from_voila(monkeypatch):
    import sys

    dashboard_module = sys.modules["gamelib.widgets.dashboard"]
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=42")
    assert dashboard_module.query_string() == "seed=42"
    assert dashboard("walking-deck").state.seed == 42
    # a pre-started kernel asks Voila for the request's query string (it waits for the request)
    import types

    fake = types.ModuleType("voila.utils")  # (the real one waits for a Voila request)
    fake.get_query_string = lambda url=None: "seed=43"
    monkeypatch.setitem(sys.modules, "voila.utils", fake)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    assert dashboard("walking-deck").state.seed == 43
    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.delenv("VOILA_PREHEAT")
    assert dashboard("walking-deck").state.seed == 1  # JupyterLab, nbval: the defaults
