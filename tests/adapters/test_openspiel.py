"""The OpenSpiel adapter, tested by OpenSpiel's own checks: ``pyspiel.random_sim_test`` with
serialization, the partial-tree API tests of ``open_spiel.integration_tests.api_test`` (the
private and public observation tests included) and OpenSpiel's MCTS and ISMCTS bots playing.
``make test`` runs one player count per game and short bot games; the slow tests (``.ci/run``)
every player count, 400 sampled states and whole games."""
from __future__ import annotations

import unittest

import numpy as np
import pytest
from absl import flags

import gamelib.adapters.openspiel  # noqa: F401  (registers the games)
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

if not flags.FLAGS.is_parsed():
    flags.FLAGS(["pytest"])  # absltest reads its flags; api_test defines one more
from open_spiel.integration_tests import api_test  # noqa: E402

QUICK = [("gamelib_walking_deck", {}), ("gamelib_walk_the_plank", {"players": 3}), ("gamelib_deadland", {"players": 2})]
EVERY = ([("gamelib_walking_deck", {})] + [("gamelib_walk_the_plank", {"players": n}) for n in (3, 4, 5)]
         + [("gamelib_deadland", {"players": n}) for n in (2, 3, 4, 5, 6)])


def _id(config) -> str:
    return f"{config[0]}-{config[1].get('players', 1)}"


@pytest.mark.parametrize("config", QUICK, ids=_id)
def test_random_sim_test_with_serialization(config):
    name, params = config
    pyspiel.random_sim_test(pyspiel.load_game(name, {**params, "seed": 3}), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("config", EVERY, ids=_id)
def test_random_sim_test_with_serialization_every_player_count(config):
    name, params = config
    for seed in (0, 1):
        pyspiel.random_sim_test(pyspiel.load_game(name, {**params, "seed": seed}), num_sims=5, serialize=True,
                                verbose=False)


def _partial_tree(name: str, params: dict, states: int) -> unittest.TestResult:
    """OpenSpiel's partial-tree API tests on ``states`` sampled states (theirs: 400)."""

    class Partial(api_test.EnforceAPIOnPartialTreeBase):
        @classmethod
        def setUpClass(cls):
            parameterized_base = api_test.parameterized.TestCase
            parameterized_base.setUpClass.__func__(cls)
            cls.some_states = api_test.sample_some_states.sample_some_states(cls.game, max_states=states)
            cls.game_type = cls.game.get_type()

    Partial.game_name, Partial.game = name, pyspiel.load_game(name, params)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Partial)
    assert suite.countTestCases() == 5
    result = unittest.TestResult()
    suite.run(result)
    return result


@pytest.mark.parametrize("config", QUICK, ids=_id)
def test_openspiel_partial_tree_api_tests(config):
    result = _partial_tree(*config, states=30)
    assert result.wasSuccessful(), result.failures + result.errors
    assert result.testsRun == 5 and not result.skipped


@pytest.mark.slow
@pytest.mark.parametrize("config", EVERY, ids=_id)
def test_openspiel_partial_tree_api_tests_400_states(config):
    result = _partial_tree(*config, states=400)
    assert result.wasSuccessful(), result.failures + result.errors


def test_private_and_public_observations_do_not_return_early():
    """The two observation tests of the partial tree run to their checks: a private observation
    exists and is not empty for some seat of an imperfect-information game, and every state has
    a public observation."""
    from open_spiel.python.observation import make_observation

    for name, params in QUICK:
        game = pyspiel.load_game(name, params)
        private = make_observation(game, pyspiel.IIGObservationType(
            public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
        public = make_observation(game, pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
        state = game.new_initial_state()
        rng = np.random.RandomState(0)
        seen_private = False
        for _ in range(30):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            assert public.string_from(state, 0) is not None and public.string_from(state, 0) != ""
            seen_private |= any(private.string_from(state, p) for p in range(game.num_players()))
            state.apply_action(int(rng.choice(state.legal_actions())))
        assert seen_private, name


def _play(game, bots, rng, bot_decisions: int) -> list[float]:
    """One game: chance by its probabilities, the bots for their first decisions, then random."""
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif made < bot_decisions:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            made += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert len(returns) == game.num_players() and all(-1 <= r <= 1 for r in returns)
    return returns


def _bots(kind: str, game, rng, sims: int) -> list:
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if kind == "mcts":
        return [mcts.MCTSBot(game, 2, sims, evaluator, random_state=rng) for _ in range(game.num_players())]
    return [ismcts.ISMCTSBot(game, evaluator, 2, sims, random_state=rng) for _ in range(game.num_players())]


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
@pytest.mark.parametrize("config", QUICK, ids=_id)
def test_openspiel_bots_decide_through_the_adapter(config, kind):
    game = pyspiel.load_game(*config)
    rng = np.random.RandomState(5)
    _play(game, _bots(kind, game, rng, sims=3), rng, bot_decisions=2)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
@pytest.mark.parametrize("config", QUICK, ids=_id)
def test_openspiel_bots_play_whole_games(config, kind):
    game = pyspiel.load_game(*config)
    rng = np.random.RandomState(11)
    for _ in range(2):
        _play(game, _bots(kind, game, rng, sims=10), rng, bot_decisions=10**6)


def test_chance_outcomes_are_the_odds_and_serialization_replays():
    game = pyspiel.load_game("gamelib_walking_deck", {"seed": 4})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # draw from a pile: a chance node
    assert state.is_chance_node()
    gl = state.gstate
    title = state.node.chance_title
    dist = gl.odds()[title]
    got = {game.chance_labels[o]: p for o, p in state.chance_outcomes()}
    assert got == {k: float(v) for k, v in dist.items()}
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.is_chance_node() and again.history() == state.history()
    assert again.node.chance_outcomes() == state.node.chance_outcomes()


def test_observation_tensor_shape_and_players():
    game = pyspiel.load_game("gamelib_deadland", {"players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensor = np.asarray(state.observation_tensor(0))
    assert tensor.shape == (game.observation_tensor_size(),) and tensor.sum() > 0
    assert not np.array_equal(tensor, np.asarray(state.observation_tensor(1)))  # each seat its own view
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(3)
