"""Scenarios: short hand-written positions, their validation errors, and exact round trips."""
from __future__ import annotations

import json

import pytest

from gamelib import RandomAgent, ScenarioError, load_record

from .helpers import game, start


@pytest.mark.parametrize("scenario,field,words", [
    ({"players": {"purple": {}}}, "players.purple", "not a player"),
    ({"players": {"red": {"board": "Moon"}}}, "players.red.board", "not a board"),
    ({"players": {"red": {"infection": ["1", "3"], "role": "looter"}}}, "players.red.infection", "must be a 2"),
    ({"players": {"red": {"infection": ["1"], "role": None}}}, "players.red.role", "holds a Role card"),
    ({"players": {"red": {"role": "looter"}}}, "players.red.role", "level 0"),
    ({"players": {"red": {"zombie": True, "munitions": 2}}}, "players.red.zombie", "holds no"),
    ({"players": {"red": {"resistance": 2}}}, "players.red.resistance", "only zombies"),
    ({"players": {"red": {"munitions": 20}, "blue": {"munitions": 10}}}, "players", "only 25"),
    ({"players": {"red": {"objects": ["Pistol", "police-01"]}}}, "players.red.objects", "two identical"),
    ({"players": {"red": {"objects": ["Rations"]}}}, "players.red.objects", "no unused Event card"),
    ({"players": {"red": {"infection": ["1"], "role": "ninja"}}}, "players.red.role", "unknown role"),
    ({"boards": {"Hospital": {"deck": ["base-01"]}}}, "boards.Hospital.deck", "belongs to the 'base' deck"),
    ({"boards": {"Hospital": {"turned": True, "deck": ["Rations"]}}}, "boards.Hospital.turned", "no deck"),
    ({"virus": {"deck": ["1"] * 9}}, "virus.deck", "no '1' Virus card is left"),
    ({"virus": {"deck": ["V1-1"], "discard": ["V1-1"]}}, "virus.discard", "placed twice"),
    ({"virus": {"discard": ["Radio Contact"]}}, "virus.discard", "never discarded"),
    ({"radio": 7}, "radio", "0 to 6"),
    ({"wizard": 1}, "wizard", "not a known field"),
    ({"active": "blue", "players": {"blue": {"zombie": True, "dead": True, "resistance": 0}}}, "active", "out of the game"),
])
def test_scenario_errors_name_the_field(scenario, field, words):
    with pytest.raises(ScenarioError) as err:
        game(2).from_scenario(scenario)
    assert err.value.field == field and words in str(err.value)


def test_scenario_round_trip_is_exact_mid_game():
    g = game(4)
    s = g.new_state(seed=9)
    agent = RandomAgent(3)
    for _ in range(60):
        if s.is_over:
            break
        s.apply(agent.choose(s))
        again = g.from_scenario(json.loads(json.dumps(s.to_scenario())), seed=s.seed)
        assert again._key() == s._key() and again.legal_labels() == s.legal_labels()


def test_scenario_games_replay_from_their_record():
    s = start(3, virus={"deck": ["8", "7"]}, players={"red": {"board": "Hospital", "rations": 1}})
    agent = RandomAgent(4)
    for _ in range(30):
        if s.is_over:
            break
        s.apply(agent.choose(s))
    assert load_record(s.to_record()) == s


def test_short_scenario_places_every_card():
    s = start(2, virus={"deck": ["5"]}, players={"red": {"board": "Hospital", "rations": 1}})
    zones = s.zones()
    cards = [c for k, v in zones.items() if not k.startswith(("munitions", "rations", "resistance", "radio:")) for c in v]
    assert len(cards) == len(set(cards)) == 116 + 70 + 8
