"""Stable action ids: every legal action of random and agent-played games has an id in its game's
declared universe and comes back from it; ``apply(id)`` plays the same game as ``apply(label)``.
The 100-game run is in ``make test``; the 2,000-game run per game is marked slow (``.ci/run``)."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.agents import agents_for
from gamelib.core import IllegalAction, Rng
from gamelib.strategy.ismcts import ISMCTSAgent

CONFIGS = [("walking-deck", {}), ("walk-the-plank", {"players": 3}), ("walk-the-plank", {"players": 5}),
           ("deadland", {"players": 2}), ("deadland", {"players": 4}), ("deadland", {"players": 6})]


def check_position(state) -> None:
    """Each legal action maps to an id and back, the ids are distinct and within the universe."""
    space = state.game.action_space()
    legal = state.legal_actions()
    ids = state.legal_action_ids()
    assert len(ids) == len(legal) == len(set(ids)), state
    assert all(0 <= i < len(space) for i in ids)
    back = {state.action_id(a): a for a in legal}
    assert sorted(back) == ids
    for i, a in back.items():
        assert state.find_action(i) is a  # the id finds the very Action
        assert space.keys[i] == state._action_key(a)


def play_checked(game, seed: int, agent=None, agent_plies: int = 10**6) -> int:
    """A game with every position checked; ``agent`` (else random) plays its first ``agent_plies``
    decisions, random ones the rest."""
    state = game.new_state(seed)
    rng = Rng(seed)
    twin = game.new_state(seed)  # played by label: the same game
    while not state.is_over:
        check_position(state)
        if agent is None or state.ply >= agent_plies:
            ids = state.legal_action_ids()
            i = ids[rng.randbelow(len(ids))]
        else:
            i = state.action_id(agent.choose(state))
        label = state.apply(i).label
        twin.apply(label)
    assert state == twin
    return state.ply


def run_games(name: str, options: dict, n: int) -> int:
    game = gamelib.load(name, **options)
    longest = 0
    for seed in range(n):
        longest = max(longest, play_checked(game, seed))
    assert longest <= game.max_game_length()
    return longest


@pytest.mark.parametrize("name,options", CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
def test_random_games_every_action_has_an_id(name, options):
    run_games(name, options, 100 if name == "walking-deck" else 8 if name == "walk-the-plank" else 4)


@pytest.mark.slow
@pytest.mark.parametrize("name,options", CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
def test_2000_random_games_every_action_has_an_id(name, options):
    run_games(name, options, 2000)


@pytest.mark.parametrize("name", ["walking-deck", "walk-the-plank", "deadland"])
def test_agent_played_games_every_action_has_an_id(name):
    game = gamelib.load(name)
    for kind, agent in agents_for(game).items():
        if kind != "random":
            play_checked(game, 1, agent(seed=1))
    play_checked(game, 9, ISMCTSAgent(seed=9, playouts=3), agent_plies=15)  # a search agent too


def test_walking_deck_search_agent_actions_have_ids():
    from gamelib.strategy.search import JourneySearchAgent

    game = gamelib.load("walking-deck")
    play_checked(game, 2, JourneySearchAgent(seed=2, samples=1, leaf_nodes=20, play_nodes=200), agent_plies=8)


def test_universe_is_fixed_and_by_name():
    """The universe depends on the options only, lists card names (never card ids) and is the
    same list for two games with the same options."""
    a, b = gamelib.load("walking-deck"), gamelib.load("walking-deck")
    assert a.action_space().keys == b.action_space().keys
    keys = a.action_space().keys
    assert ("memorise", "CAVE") in keys and ("draw", "Rural") in keys
    ids_of_cards = set(a.cards.events)
    assert not any(x in ids_of_cards for k in keys for x in k[1:]), "a key names a physical card id"
    plank = gamelib.load("walk-the-plank", players=3).action_space().keys
    assert ("program", "Charge!", 2) in plank and ("move", ("red", 1, 1)) in plank


def test_an_id_that_is_not_legal_is_refused_and_changes_nothing():
    state = gamelib.load("walking-deck").new_state(1)
    before = state.clone()
    space = state.game.action_space()
    unstack = space.index[("unstack",)]
    with pytest.raises(IllegalAction, match=r"action id \d+ \(unstack\(\)\)"):
        state.apply(unstack)
    with pytest.raises(IllegalAction, match="ids run from 0"):
        state.apply(len(space) + 5)
    with pytest.raises(IllegalAction):
        state.apply(True)  # a bool is not an id
    assert state == before and state.ply == 0
