"""Scenarios: positions from plain dicts, the errors that name the faulty field, round trips."""
from __future__ import annotations

import json

import pytest

import gamelib
from gamelib.core import ScenarioError

from .helpers import board, game

QUIET = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]


def ok(**extra):
    scenario = {"pirates": board(4)}
    scenario.update(extra)
    return scenario


@pytest.mark.parametrize("scenario, field, message", [
    ({}, "pirates", "is missing"),
    (ok(colour="red"), "colour", "is not a known field"),
    (ok(players=["red", "blue", "green"]), "players", "this game seats red, blue, green, yellow"),
    (ok(pirates={"red": ["ship"] * 3}), "pirates", "no places for blue, green, yellow"),
    (ok(pirates=board(4, red=["ship", "deck", "ship"])), "pirates", "'deck' is not a place"),
    (ok(pirates=board(4, red=["ship", "ship"])), "pirates", "red needs a list of 3 places"),
    (ok(pirates=board(4, red=["plank 3", "ship", "ship"]), planks=2), "pirates", "only 2 plank piece(s) are in play"),
    (ok(pirates={**board(4), "black": ["ship"] * 3}), "pirates", "'black' is not a player"),
    (ok(planks=4), "planks", "must be between 1 and 3, got 4"),
    (ok(round=0), "round", "must be between 1 and 100, got 0"),
    (ok(captain="black"), "captain", "'black' is not a player"),
    (ok(pirates=board(4, red=["dead"] * 3)), "eliminated", "exactly the colours with no living pirate (red)"),
    (ok(pirates=board(4, red=["dead"] * 3), eliminated=["red"], captain="red"), "captain", "cannot hold the Captain's Token"),
    (ok(set_aside={"red": ["Run Around"]}), "set_aside", "Run Around has no Skull"),
    (ok(set_aside={"red": ["Jump"]}), "set_aside", "'Jump' is not a card"),
    (ok(programs={"red": ["Charge!", None, None]}), "programs", "Charge! may only be card 2 or 3, not card 1"),
    (ok(programs={"red": ["Run Around", "Run Around", None]}), "programs", "red programs Run Around twice"),
    (ok(programs={"red": [None, "Run Around", None]}), "programs", "red programs cards in order 1, 2, 3"),
    (ok(programs={"blue": QUIET}), "programs", "blue cannot have programmed yet: red is still programming"),
    (ok(set_aside={"red": ["Shove Anyone"]}, programs={"red": ["Shove Anyone", None, None]}), "programs",
     "red's Shove Anyone is set aside"),
    (ok(pirates=board(4, blue=["dead"] * 3), eliminated=["blue"], programs={"red": QUIET, "blue": ["Run Around", None, None]}),
     "programs", "blue plays the Ghost: one Shove card only"),
    (ok(pirates=board(4, blue=["dead"] * 3), eliminated=["blue"], set_aside={"blue": ["Drag to Sea"]}),
     "set_aside", "blue plays the Ghost and keeps only Shove cards"),
    (ok(pirates={"red": ["plank 1", "dead", "dead"], "blue": ["ship", "dead", "dead"], "green": ["dead"] * 3,
                 "yellow": ["dead"] * 3}, eliminated=["green", "yellow"]), "pirates", "the game would already be over"),
    (ok(phase="voting"), "phase", "'voting' is not one of: programming, resolution, over"),
    (ok(next={"card": 1, "player": "red"}), "next", "only a resolution-phase scenario"),
    (ok(phase="resolution"), "next", "needs next ="),
    (ok(phase="resolution", next={"card": 1, "player": "red"}, programs={"red": QUIET}), "programs",
     "blue is alive and must have programmed cards 1, 2 and 3"),
    (ok(phase="resolution", next={"card": 4, "player": "red"}), "next", "card must be 1, 2 or 3"),
    (ok(phase="resolution", next={"card": 1, "player": "blue"}, programs={"red": QUIET}), "next", "blue has no card 1"),
    (ok(phase="over"), "phase", "the game is not over"),
])
def test_scenario_errors_name_the_field(scenario, field, message):
    with pytest.raises(ScenarioError) as err:
        game(4).from_scenario(scenario)
    assert err.value.field == field
    assert message in str(err.value), str(err.value)


def test_scenario_resolution_eliminated_players_have_no_unrevealed_cards():
    pirates = board(4, green=["dead"] * 3, blue=["dead"] * 3)
    with pytest.raises(ScenarioError, match="green is eliminated: its unrevealed cards went back"):
        game(4).from_scenario({"pirates": pirates, "eliminated": ["blue", "green"], "phase": "resolution",
                               "programs": {"red": QUIET, "yellow": QUIET, "green": QUIET},
                               "next": {"card": 1, "player": "red"}})


def test_scenario_round_trip_through_json_for_every_phase():
    """to_scenario -> JSON -> from_scenario gives the same position and the same choices."""
    phases = set()
    for n in (3, 4, 5):
        g = game(n)
        for seed in range(6):
            state = g.new_state(seed=seed)
            agent = gamelib.RandomAgent(seed)
            while True:
                again = g.from_scenario(json.loads(json.dumps(state.to_scenario())), seed=state.seed)
                assert again._key() == state._key() and again.legal_labels() == state.legal_labels()
                phases.add(state.to_scenario()["phase"])
                if state.is_over:
                    assert again.outcome == state.outcome
                    break
                state.apply(agent.choose(state))
    assert phases == {"programming", "resolution", "over"}


def test_scenario_record_replays_from_the_scenario():
    g = game(4)
    state = g.from_scenario({"pirates": board(4, red=["plank 2", "plank 1", "ship"]), "captain": "blue", "round": 3})
    agent = gamelib.RandomAgent(5)
    for _ in range(30):
        state.apply(agent.choose(state))
    again = gamelib.load_record(state.to_record())
    assert again == state and again.log == state.log


def test_scenario_finished_games():
    """A finished position: by the rulebook's end (survivors win) or by the round limit (draw)."""
    won = game(3).from_scenario({"pirates": {"red": ["ship", "dead", "dead"], "blue": ["plank 2", "dead", "dead"],
                                             "green": ["dead"] * 3}, "eliminated": ["green"], "phase": "over"})
    assert won.is_over and won.outcome.winners == ("red", "blue") and won.legal_labels() == []
    drawn = game(3, max_rounds=2).from_scenario({"pirates": board(3), "round": 2, "phase": "over"})
    assert drawn.is_over and drawn.outcome.winners == () and "round limit of 2" in drawn.outcome.reason
