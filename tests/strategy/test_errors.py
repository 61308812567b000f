"""Bad input to the agents, ``play``, the search agents, tournaments, hints and the solver comes
back as a GamelibError subclass whose message names the input and what would be valid (issue 24,
point 5); one name per error, no aliases."""
from __future__ import annotations

import pytest

import gamelib
from gamelib import AgentError, GamelibError, HintError, RandomAgent, SimulationError, UnfinishedGame, UnknownPlayer
from gamelib.strategy import walking_deck as wds
from gamelib.strategy.ismcts import ISMCTSAgent
from gamelib.strategy.search import JourneySearchAgent
from gamelib.strategy.tournament import make_agent, play_to_csv, skill_table


def test_play_refuses_agents_that_do_not_fit_the_seats():
    g = gamelib.load("walk-the-plank", players=3)
    with pytest.raises(AgentError, match=r"2 agents for 3 players: give one agent per player, in seat order "
                                         r"\(red, blue, green\)"):
        gamelib.play(g, [RandomAgent(), RandomAgent()])
    with pytest.raises(AgentError, match=r"no agent for player 'green': give one agent for each of the players "
                                         r"red, blue, green"):
        gamelib.play(g, {"red": RandomAgent(), "blue": RandomAgent()})


@pytest.mark.parametrize("bad", [0, -3, "10", 2.5, True, None])
def test_play_refuses_a_max_actions_that_is_not_a_whole_number(bad):
    with pytest.raises(AgentError, match=r"max_actions .*: give a whole number, 1 or more"):
        gamelib.play(gamelib.load("walking-deck"), RandomAgent(), max_actions=bad)


def test_a_game_cut_short_by_max_actions_says_so():
    with pytest.raises(UnfinishedGame, match=r"walking-deck: the game with seed 4 did not end within "
                                             r"max_actions=3 actions; give a larger max_actions"):
        gamelib.play(gamelib.load("walking-deck"), RandomAgent(), seed=4, max_actions=3)


@pytest.mark.parametrize("make, message", [
    (lambda: JourneySearchAgent(samples=0), r"samples 0: give a whole number, 1 or more"),
    (lambda: JourneySearchAgent(samples="6"), r"samples '6': give a whole number, 1 or more"),
    (lambda: JourneySearchAgent(screen=0), r"screen 0: give a whole number, 1 or more, or None"),
    (lambda: ISMCTSAgent(playouts=0), r"playouts 0: give a whole number, 1 or more"),
    (lambda: ISMCTSAgent(playouts=1.5), r"playouts 1.5: give a whole number, 1 or more"),
    (lambda: make_agent(gamelib.load("deadland"), "clever"), r"unknown agent 'clever' for deadland; choose one of random"),
    (lambda: skill_table("Boris", {"random": 2}, agents=("random", "heuristic"), progress=False),
     r"n_games gives no size for 'heuristic'; give one number or one per agent"),
    (lambda: play_to_csv("/nonexistent/x.csv", ("Boris",), ("random",), 1, 1, (2, 2)),
     r"part \(2, 2\): give \(k, n\), whole numbers with 0 <= k < n"),
])
def test_agent_settings_out_of_range_are_agent_errors(make, message):
    with pytest.raises(AgentError, match=message):
        make()


@pytest.mark.parametrize("kw, message", [
    ({"n_games": -1}, r"n_games must be a whole number of games, 0 or more; got -1"),
    ({"n_games": 2.5}, r"n_games must be a whole number of games, 0 or more; got 2.5"),
    ({"n_games": 2, "executor": "threads"}, r"executor must be None \(worker processes\), 'serial' or a "
                                           r"concurrent.futures.Executor; got 'threads'"),
])
def test_simulate_refuses_a_number_of_games_or_an_executor_it_cannot_use(kw, message):
    with pytest.raises(SimulationError, match=message):
        gamelib.simulate(gamelib.load("walking-deck"), RandomAgent(), progress=False, **kw)


def test_hint_settings_out_of_range_are_hint_errors_and_nothing_is_played():
    s = gamelib.load("walk-the-plank", players=3).new_state(seed=1)
    ply = s.ply
    for kw, message in [({"budget": 0}, r"budget 0: give a whole number of playouts per option, 1 or more"),
                        ({"budget": "8"}, r"budget '8': give a whole number"),
                        ({"seconds": -1}, r"seconds -1: give a number of CPU seconds, 0 or more"),
                        ({"seconds": float("nan")}, r"seconds nan: give a number of CPU seconds"),
                        ({"target": 0.7}, r"target 0.7: give a half-width between 0 and 0.5")]:
        with pytest.raises(HintError, match=message):
            gamelib.hint(s, **kw)
    with pytest.raises(UnknownPlayer, match=r"unknown player 'nobody'; the players are: red, blue, green"):
        gamelib.hint(s, seat="nobody")
    assert s.ply == ply


def test_the_solver_outside_an_interrogation_says_what_it_covers():
    s = gamelib.load("walking-deck").new_state(seed=1)
    with pytest.raises(wds.NotAnInterrogation, match=r"covers the Interrogation of The Walking Deck only; this is "
                                                     r"The Walking Deck, "):
        wds.solve(s)


def test_every_new_error_is_a_gamelib_error_in_the_public_api_and_no_alias_is_left():
    for cls in (AgentError, UnfinishedGame, HintError, SimulationError, wds.NotAnInterrogation):
        assert issubclass(cls, GamelibError)
    assert {"AgentError", "UnfinishedGame", "HintError", "SimulationError"} <= set(gamelib.__all__)
    # one name per error: the python-chess style alias of IllegalAction is gone
    assert not hasattr(gamelib, "IllegalActionError") and "IllegalActionError" not in gamelib.__all__
    errors = [getattr(gamelib, n) for n in gamelib.__all__ if isinstance(getattr(gamelib, n), type)
              and issubclass(getattr(gamelib, n), BaseException)]
    assert len({id(e) for e in errors}) == len(errors)
