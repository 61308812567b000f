"""Scenarios are untrusted input: every field of the wrong type is refused with a ScenarioError
naming it, an accepted scenario is always playable, and every reachable position round-trips,
finished games included. Fuzzed with hypothesis over mutated ``to_scenario()`` of random positions."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamelib
from gamelib.core import ScenarioError
from gamelib.rules.walk_the_plank.scenario import FIELDS
from tests.walking_deck.mutations import check_playable, fuzz_once

from .helpers import board, game

QUIET = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]
GAMES = {n: game(n) for n in (3, 4, 5)}


def ok(**extra):
    scenario = {"pirates": board(4)}
    scenario.update(extra)
    return scenario


@pytest.mark.parametrize("scenario, field", [
    (ok(pirates=board(4, red=[["ship"], "ship", "ship"])), "pirates"),
    (ok(pirates=board(4, red=["ship", {"at": "ship"}, "ship"])), "pirates"),
    (ok(set_aside={"red": [["Shove Anyone"]]}), "set_aside"),
    (ok(set_aside={"red": [{"name": "Shove Anyone"}]}), "set_aside"),
    (ok(set_aside={"red": ["Shove Anyone", "Drag to Sea", "Charge!", "Retract the Plank"]}), "set_aside"),
    (ok(programs={"red": [["Run Around"], None, None]}), "programs"),
    (ok(programs={"red": [{"card": "Run Around"}, None, None]}), "programs"),
    (ok(players=4), "players"),
    (ok(players=None), "players"),
    (ok(players="red, blue, green, yellow"), "players"),
    (ok(players={"red": 1}), "players"),
    (ok(phase="resolution", next={"card": 1.0, "player": "red"},
        programs={c: QUIET for c in ("red", "blue", "green", "yellow")}), "next"),
])
def test_scenario_fields_of_the_wrong_type_are_refused(scenario, field):
    """Each of these crashed with TypeError (or, for a float card number, was half accepted)."""
    with pytest.raises(ScenarioError) as err:
        game(4).from_scenario(scenario)
    assert err.value.field == field


def test_scenario_finished_games_round_trip():
    """How to Play (end of the game): the position of every finished random game round-trips."""
    for n, g in GAMES.items():
        for seed in range(5):
            state = gamelib.play(g, gamelib.RandomAgent(seed), seed=seed)
            again = g.from_scenario(json.loads(json.dumps(state.to_scenario())), seed=state.seed)
            assert again._key() == state._key() and again.outcome == state.outcome


def test_scenario_accepted_positions_play_to_the_end():
    """A position halfway through programming, with a Ghost, passes check_state and plays out."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4, blue=["dead"] * 3, red=["plank 2", "plank 1", "ship"]),
                             "eliminated": ["blue"], "captain": "red", "set_aside": {"green": ["Charge!"]},
                             "programs": {"red": QUIET, "blue": [None, "Shove Left", None], "green": ["Run Around", None, None]}})
    assert state.to_move == "green"
    check_playable(g, state, seed=3)


def _fuzz(data):
    fuzz_once(GAMES[data.draw(st.sampled_from(sorted(GAMES)), label="players")], data, FIELDS, max_steps=120)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_scenario_fuzz_mutated_positions_are_refused_or_playable(data):
    """Only a GamelibError escapes from_scenario; an accepted scenario passes check_state, round-trips
    and plays to the end."""
    _fuzz(data)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_scenario_fuzz_mutated_positions_slow(data):
    _fuzz(data)
