"""Promises of the engine contract checked on every registered game (foundation issue).
Each game's own test folder runs the long conformance playouts; this is the quick sweep."""
from __future__ import annotations

import json

import pytest

import gamelib
from gamelib.testing import check_game

NAMES = [g.name for g in gamelib.games()]


@pytest.mark.parametrize("name", NAMES)
def test_conformance_quick(name):
    assert check_game(gamelib.load(name), n_games=20, seed=2026, deep_games=2) > 20


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name):
    game = gamelib.load(name)
    a = gamelib.play(game, gamelib.RandomAgent(), seed=77)
    b = gamelib.play(game, gamelib.RandomAgent(), seed=77)
    assert a == b and a.to_record() == b.to_record() and a.log == b.log


@pytest.mark.parametrize("name", NAMES)
def test_illegal_action_leaves_state_unchanged(name):
    state = gamelib.load(name).new_state(seed=5)
    before = state.clone()
    with pytest.raises(gamelib.IllegalAction) as err:
        state.apply("Teleport to the moon")
    assert state == before and state.log == before.log
    assert err.value.legal == tuple(state.legal_labels())
    assert all(label in str(err.value) for label in err.value.legal)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_readable_start(name):
    state = gamelib.load(name).new_state(seed=1)
    assert state.to_move in state.players and state.phase and state.legal_labels()
    json.dumps(state.view(None))
    for p in state.players:
        json.dumps(state.view(p))



@pytest.mark.parametrize("name", NAMES)
def test_scenario_round_trip_mid_game(name):
    game = gamelib.load(name)
    state = game.new_state(seed=3)
    agent = gamelib.RandomAgent(4)
    for _ in range(25):
        if state.is_over:
            break
        state.apply(agent.choose(state))
        again = game.from_scenario(json.loads(json.dumps(state.to_scenario())), seed=state.seed)
        assert again._key() == state._key()
        assert again.legal_labels() == state.legal_labels()


# ---- issue 8: the odds check can fail, the simulation path plays the same games -------------------
@pytest.mark.parametrize("name", NAMES)
def test_the_odds_check_fails_on_a_wrong_distribution(name, monkeypatch):
    """All the mass on one outcome: normalised, so "sums to 1" passes, but check_game must fail."""
    from fractions import Fraction

    from gamelib.testing import ConformanceError

    game = gamelib.load(name)
    cls = type(game.new_state(seed=1))
    real = cls.odds

    def wrong(self):
        return {t: gamelib.Distribution({next(iter(d)): Fraction(1)}, t) for t, d in real(self).items()}

    monkeypatch.setattr(cls, "odds", wrong)
    with pytest.raises(ConformanceError, match="odds"):
        check_game(game, n_games=3, seed=2026, deep_games=1)


def _same_games(name, seeds):
    game = gamelib.load(name)
    for seed in seeds:
        checked = gamelib.play(game, gamelib.RandomAgent(), seed=seed)
        fast = gamelib.play(game, gamelib.RandomAgent(), seed=seed, fast=True, log=False)
        assert fast == checked, seed
        assert fast.ply == checked.ply and [a.label for a in fast.history] == [a.label for a in checked.history], seed
        assert fast.outcome == checked.outcome and fast.summary() == checked.summary(), seed


@pytest.mark.parametrize("name", NAMES)
def test_simulation_path_plays_the_same_games(name):
    _same_games(name, range(40))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_simulation_path_plays_the_same_games_1000_seeds(name):
    _same_games(name, range(1000, 2000))


@pytest.mark.parametrize("name", NAMES)
def test_simulation_path_keeps_the_same_log_when_asked(name):
    game = gamelib.load(name)
    for seed in range(5):
        a = gamelib.play(game, gamelib.RandomAgent(), seed=seed)
        b = gamelib.play(game, gamelib.RandomAgent(), seed=seed, fast=True)
        assert a.log == b.log and a == b


@pytest.mark.parametrize("name", NAMES)
def test_a_loaded_record_undoes_and_rewinds_like_the_game_it_records(name):
    """load_record keeps an undo snapshot only every few actions (records.CHECKPOINT): undo and
    at_ply into the others play on from the nearest one and must give the same positions, logs
    and legal actions as the game played with every snapshot."""
    from gamelib.core.records import CHECKPOINT

    game = gamelib.load(name)
    for seed in range(3):
        played = gamelib.play(game, gamelib.RandomAgent(), seed=seed)
        loaded = gamelib.load_record(played.to_record())
        kept = [f.snap is not None for f in _frames(loaded)]
        assert kept[-1] and sum(kept) == -(-played.ply // CHECKPOINT), kept  # the last one, then every 8th back
        for n in sorted({0, 1, played.ply // 2, played.ply - 1, *range(max(0, played.ply - 2 * CHECKPOINT), played.ply)}):
            a, b = loaded.at_ply(n), played.at_ply(n)
            assert a == b and a.log == b.log and a.legal_labels() == b.legal_labels() and a.ply == n, (seed, n)
        branch = loaded.at_ply(played.ply - 3)  # a rewound copy plays on like the game would
        twin = played.at_ply(played.ply - 3)
        if not branch.is_over:
            branch.apply(branch.legal_labels()[-1])
            twin.apply(twin.legal_labels()[-1])
            assert branch == twin and branch.log == twin.log
        steps = 0
        while loaded.ply and steps < 2 * CHECKPOINT + 3:  # undo back past two checkpoints
            assert loaded.undo() == played.undo()
            assert loaded == played and loaded.log == played.log and loaded.legal_labels() == played.legal_labels()
            steps += 1


@pytest.mark.parametrize("name", NAMES)
def test_a_loaded_record_is_the_game_played_with_apply(name):
    """load_record's replay step (no _find, snapshots every few actions, the log's in-place tail)
    against the checked path, over random games: the same position, history, log entry for entry
    and text for text, and the same views; a label that does not replay gives the RecordError
    that wraps the IllegalAction the checked apply raises there."""
    from gamelib.core.inputs import show

    game = gamelib.load(name)
    for seed in range(12):
        played = gamelib.play(game, gamelib.RandomAgent(seed), seed=seed)
        loaded = gamelib.load_record(played.to_record())
        assert loaded == played and loaded.history == played.history and loaded.outcome == played.outcome
        assert loaded.log == played.log and [str(e) for e in loaded.log] == [str(e) for e in played.log]
        assert [loaded.view(p) for p in (None, *game.players)] == [played.view(p) for p in (None, *game.players)]
        labels = [a.label for a in played.history]
        k = seed * 7 % len(labels)  # action k + 1 replaced by a label that is not legal there
        bad = json.loads(played.to_record())
        bad["actions"] = labels[:k] + ["Teleport to the moon"] + labels[k + 1:]
        checked = played.at_ply(k)
        with pytest.raises(gamelib.IllegalAction) as illegal:
            checked.apply("Teleport to the moon")
        with pytest.raises(gamelib.RecordError) as err:
            gamelib.load_record(json.dumps(bad))
        assert str(err.value) == (f"record field 'actions': action {k + 1} {show('Teleport to the moon')} "
                                  f"does not replay: {illegal.value}")


def _frames(state):
    out, f = [], state._frames
    while f is not None:
        out.append(f)
        f = f.below
    return out[::-1]


# ---- hypothesis-generated action sequences on the real games ---------------------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gamelib.core import Rng  # noqa: E402
from gamelib.testing import _inventory, check_odds  # noqa: E402

_GAMES = {name: gamelib.load(name) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**63 - 1), picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=80),
       undo_at=st.integers(0, 80))
def test_any_action_sequence_keeps_the_contract(name, seed, picks, undo_at):
    """Choices drawn by hypothesis (it shrinks a failure to a short sequence): conservation,
    odds consistent with the hidden cards, records, undo all the way back."""
    game = _GAMES[name]
    state = game.new_state(seed=seed)
    start = state.clone()
    inventory = _inventory(state)
    rng = Rng(seed)
    for i, p in enumerate(picks):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[p % len(legal)])
        if i == undo_at:  # undo in the middle, then go on
            state.undo()
        assert _inventory(state) == inventory
        check_odds(game, seed, state, rng)
    again = gamelib.load_record(state.to_record())
    assert again == state and again.log == state.log
    while state.ply:
        state.undo()
    assert state == start and state.log == start.log
