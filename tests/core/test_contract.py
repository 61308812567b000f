"""The engine contract (foundation issue), tested on a tiny game so it does not depend on any
real game's rules. ``test_all_games.py`` runs the same promises over every registered game."""
from __future__ import annotations

import json

import pytest

import gamelib
from gamelib.core import Action, IllegalAction, OptionError, RecordError, ScenarioError, UnknownGame


def test_unknown_game_names_it_and_lists_the_games():
    with pytest.raises(UnknownGame) as err:
        gamelib.load("chess")
    assert "'chess'" in str(err.value)
    assert "walking-deck" in str(err.value)
    assert isinstance(err.value, ValueError)


def test_unknown_option_names_it_and_lists_the_options(toy):
    with pytest.raises(OptionError, match=r"unknown option 'colour'.*limit"):
        gamelib.load("toy-twenty", colour="red")


def test_bad_option_value_names_it_and_says_what_is_allowed(toy):
    with pytest.raises(OptionError, match=r"limit=99.*must be 10 to 40"):
        gamelib.load("toy-twenty", limit=99)


def test_games_lists_every_game_with_options(toy):
    infos = {g.name: g for g in gamelib.games()}
    assert "toy-twenty" in infos and "walking-deck" in infos
    assert [o.name for o in infos["toy-twenty"].options] == ["limit"]
    assert "limit = 20" in str(infos["toy-twenty"])


def test_illegal_action_names_action_player_phase_and_legal_labels(toy):
    state = toy.new_state(seed=5)
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        state.apply("Shuffle the deck")
    msg = str(err.value)
    assert "'Shuffle the deck'" in msg and "'north'" in msg and "'drawing'" in msg
    assert "'Draw a card'" in msg and "'Stop'" in msg
    assert err.value.legal == ("Draw a card", "Stop")
    assert isinstance(err.value, ValueError)
    assert state == before and state.log == before.log and state.ply == 0


def test_illegal_action_object_and_wrong_type(toy):
    state = toy.new_state(seed=5)
    with pytest.raises(IllegalAction):
        state.apply(Action("Draw a card", "stop"))  # same label, different meaning: not legal
    with pytest.raises(IllegalAction, match="expected an Action or its label, got int"):
        state.apply(3)  # type: ignore[arg-type]


def test_failing_apply_leaves_nothing_half_applied(toy, monkeypatch):
    state = toy.new_state(seed=5)
    before = state.clone()
    from tests.toygame import TwentyState

    def broken(self, action):
        self.deck.pop()
        raise RuntimeError("boom")

    monkeypatch.setattr(TwentyState, "_apply", broken)
    with pytest.raises(RuntimeError):
        state.apply("Draw a card")
    assert state == before and state.log == before.log


def test_apply_accepts_action_or_label_and_returns_the_action(toy):
    state = toy.new_state(seed=5)
    draw = state.legal_actions()[0]
    assert state.apply(draw) is draw and state.history == [draw]
    assert state.apply("Draw a card").label == "Draw a card"
    assert [a.label for a in state.history] == ["Draw a card", "Draw a card"]


def test_seed_determinism(toy):
    def run(seed):
        state = toy.new_state(seed=seed)
        agent = gamelib.RandomAgent(seed=11)
        while not state.is_over:
            state.apply(agent.choose(state))
        return state.to_record(), state._key(), [str(e) for e in state.log]

    assert run(42) == run(42)
    assert len({run(s)[1] for s in range(20)}) > 1  # different seeds give different games


def test_rng_is_the_same_on_every_machine():
    rng = gamelib.core.Rng(2026)
    # fixed values: if these change, every saved record in the world replays differently
    assert [rng.randbelow(1000) for _ in range(5)] == [361, 289, 107, 932, 976]
    deck = list(range(10))
    gamelib.core.Rng(7).shuffle(deck)
    assert deck == [1, 6, 8, 2, 4, 9, 3, 0, 7, 5]


def test_shuffle_draws_exactly_what_randbelow_draws():
    """Rng.shuffle writes its draws out for speed: the same permutation and the same generator
    state after it as Fisher-Yates through randbelow, for every length and many seeds."""
    for seed in range(300):
        for n in (0, 1, 2, 3, 7, 32, 33, 70, 200):
            fast, slow = gamelib.core.Rng(seed), gamelib.core.Rng(seed)
            a = list(range(n))
            fast.shuffle(a)
            assert a == _fisher_yates(slow, n) and fast.state == slow.state, (seed, n)


def _fisher_yates(rng, n: int) -> list[int]:
    """range(n) shuffled the plain way, one randbelow per position: what shuffle must match."""
    b = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.randbelow(i + 1)
        b[i], b[j] = b[j], b[i]
    return b


def _unmix64(z: int) -> int:
    """The input that SplitMix64's finaliser turns into ``z`` (each of its steps can be undone)."""
    mask = (1 << 64) - 1

    def unshift(x: int, k: int) -> int:  # undo x ^= x >> k
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y

    z = unshift(z, 31)
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & mask
    z = unshift(z, 27)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask
    return unshift(z, 30)


def test_shuffle_rejects_exactly_the_draws_randbelow_rejects():
    """The draws shuffle's shortcut must look at again: the top of the 64-bit range, where
    randbelow(n) throws a draw away (z >= 2**64 - 2**64 % n) or keeps it. A generator is put just
    before such a draw (by undoing the mixing) and shuffle must still match randbelow."""
    from gamelib.core import rng as rng_module

    assert rng_module.mix64(_unmix64(12345)) == 12345
    top = 1 << 64
    for n in (3, 7, 10, 70, 1000, 65536):
        for z in (top - 1, top - (top % n or n), top - (top % n or n) - 1, rng_module._SURE, rng_module._SURE - 1):
            fast, slow = gamelib.core.Rng(0), gamelib.core.Rng(0)
            fast.state = slow.state = (_unmix64(z) - 0x9E3779B97F4A7C15) % top  # the next draw is z
            a = list(range(n))
            fast.shuffle(a)
            assert a == _fisher_yates(slow, n) and fast.state == slow.state, (n, z)
    n = 66_396  # longer than the shortcut allows, and 2**64 % n > 2**16: a rejected draw below _SURE
    assert n > rng_module._SHORT and top % n > top - rng_module._SURE
    fast, slow = gamelib.core.Rng(0), gamelib.core.Rng(0)
    fast.state = slow.state = (_unmix64(top - top % n) - 0x9E3779B97F4A7C15) % top
    deck = list(range(n))
    fast.shuffle(deck)
    assert deck == _fisher_yates(slow, n) and fast.state == slow.state


def test_undo_restores_state_log_and_history(toy):
    state = toy.new_state(seed=9)
    start = state.clone()
    state.apply("Draw a card")
    middle = state.clone()
    state.apply("Stop")
    assert state.undo().label == "Stop"
    assert state == middle and state.log == middle.log and state.history == middle.history
    assert state.undo().label == "Draw a card"
    assert state == start and state.log == [] and state.ply == 0
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()


def test_undo_then_same_action_replays_identically(toy):
    state = toy.new_state(seed=9)
    state.apply("Draw a card")
    after = state.clone()
    state.undo()
    state.apply("Draw a card")
    assert state == after and state.log == after.log


def test_clone_is_independent(toy):
    state = toy.new_state(seed=9)
    twin = state.clone()
    twin.apply("Draw a card")
    assert state.ply == 0 and twin.ply == 1
    assert state != twin
    assert len(state.zones()["deck"]) == 8 and len(twin.zones()["deck"]) == 7
    state.apply("Stop")
    assert twin.history[0].label == "Draw a card"  # the original's moves never reach the clone


def test_clone_shares_the_game_and_its_definitions(toy):
    state = toy.new_state(seed=9)
    assert state.clone().game is state.game


def test_at_ply_travels_through_history(toy):
    state = toy.new_state(seed=9)
    snaps = [state.clone()]
    for label in ["Draw a card", "Draw a card", "Stop"]:
        state.apply(label)
        snaps.append(state.clone())
    for n, snap in enumerate(snaps):
        assert state.at_ply(n) == snap and state.at_ply(n).ply == n
    with pytest.raises(ValueError):
        state.at_ply(9)


def test_record_round_trip_is_exact(toy):
    state = toy.new_state(seed=123)
    agent = gamelib.RandomAgent(3)
    while not state.is_over:
        state.apply(agent.choose(state))
    again = gamelib.load_record(state.to_record())
    assert again == state and again.log == state.log and again.history == state.history
    assert again.to_record() == state.to_record()


def test_record_of_a_scenario_round_trips(toy):
    state = toy.from_scenario({"deck": ["c1", "c2", "c3", "c4"], "hands": {"north": ["c5", "c6"], "south": ["c7", "c8"]}, "turn": 1}, seed=4)
    state.apply("Draw a card")
    again = gamelib.load_record(state.to_record())
    assert again == state


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda r: "{not json", "not valid JSON"),
        (lambda r: json.dumps([1, 2]), "must be a JSON object"),
        (lambda r: json.dumps({**r, "format": "pgn"}), "'format'"),
        (lambda r: json.dumps({**r, "version": 7}), "'version'"),
        (lambda r: json.dumps({k: v for k, v in r.items() if k != "seed"}), "missing field 'seed'"),
        (lambda r: json.dumps({**r, "seed": "12"}), "'seed' must be int"),
        (lambda r: json.dumps({**r, "extra": 1}), "unknown field 'extra'"),
        (lambda r: json.dumps({**r, "game": "chess"}), "unknown game 'chess'"),
        (lambda r: json.dumps({**r, "options": {"limit": 3}}), "limit=3"),
        (lambda r: json.dumps({**r, "actions": ["Draw a card", "Fly away"]}), "action 2 'Fly away'"),
        (lambda r: json.dumps({**r, "actions": [5]}), "action 1 must be a label"),
    ],
)
def test_tampered_records_raise_record_error_saying_what_failed(toy, tamper, message):
    state = toy.new_state(seed=1)
    state.apply("Draw a card")
    rec = json.loads(state.to_record())
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        gamelib.load_record(tamper(rec))


def test_record_with_action_after_the_end_fails(toy):
    state = toy.new_state(seed=1)
    while not state.is_over:
        state.apply("Stop")
    rec = json.loads(state.to_record())
    rec["actions"].append("Stop")
    with pytest.raises(RecordError, match="game is over"):
        gamelib.load_record(rec)


@pytest.mark.parametrize(
    "scenario, field",
    [
        ({"hands": {}, "turn": 0}, "deck"),
        ({"deck": ["c1", "zz"], "hands": {}, "turn": 0}, "deck"),
        ({"deck": ["c1"], "hands": {}, "turn": 0}, "deck"),
        ({"deck": list(f"c{i}" for i in range(1, 9)), "hands": {}, "turn": 5}, "turn"),
    ],
)
def test_scenario_errors_name_the_field(toy, scenario, field):
    with pytest.raises(ScenarioError) as err:
        toy.from_scenario(scenario)
    assert err.value.field == field and repr(field) in str(err.value)


def test_views_hide_what_a_player_may_not_see(toy):
    state = toy.from_scenario({"deck": ["c1", "c2", "c3", "c8", "c6", "c4"], "hands": {"north": ["c5"], "south": ["c7"]}, "turn": 0})
    state.apply("Draw a card")
    north, south, table = state.view("north"), state.view("south"), state.view(None)
    assert north["hands"]["north"] == ["c5", "c4"] and north["hands"]["south"] == 1
    assert south["hands"]["north"] == 2
    assert "c4" not in json.dumps(south)  # the private log line is not shown to south
    assert "c4" in json.dumps(table)
    assert south["legal_actions"] == ["Draw a card", "Stop"] and north["legal_actions"] == []
    with pytest.raises(ValueError, match="unknown player 'east'"):
        state.view("east")


def test_odds_are_exact_fractions_of_what_the_player_to_move_has_not_seen(toy):
    from fractions import Fraction

    state = toy.new_state(seed=1)
    dist = state.odds()["next card value"]
    assert dict(dist) == {"2": Fraction(1, 8), "3": Fraction(1, 8), "5": Fraction(2, 8), "7": Fraction(1, 8),
                          "8": Fraction(1, 8), "9": Fraction(1, 8), "10": Fraction(1, 8)}
    state.apply("Draw a card")
    south = state.odds()["next card value"]  # south has not seen north's card: still all 8 unseen
    assert dict(south) == dict(dist)
    state.apply("Draw a card")  # north again: knows one card of their own
    mine = state.zones()["hand:north"][0]
    left = state.odds()["next card value"]
    from tests.toygame import VALUES
    assert left.get(str(VALUES[mine])) == (Fraction(1, 7) if VALUES[mine] == 5 else None)  # north's card is seen
    assert all((p * 7).denominator == 1 for p in left.values())  # 7 unseen cards


def test_distribution_sampling_follows_the_exact_odds():
    from fractions import Fraction

    dist = gamelib.Distribution({"a": Fraction(1, 4), "b": Fraction(3, 4)})
    rng = gamelib.core.Rng(1)
    n = 20_000
    share = sum(dist.sample(rng) == "a" for _ in range(n)) / n
    # 5 standard errors of a binomial proportion at p = 1/4
    assert abs(share - 0.25) < 5 * (0.25 * 0.75 / n) ** 0.5


def test_conformance_check_passes_on_the_toy_game(toy):
    from gamelib.testing import check_game

    assert check_game(toy, n_games=100, seed=3) > 100


def test_conformance_check_catches_a_leaking_view(toy, monkeypatch):
    from gamelib.testing import ConformanceError, check_game
    from tests.toygame import TwentyState

    monkeypatch.setattr(TwentyState, "_view", lambda self, p: {"deck": list(self.deck)})
    with pytest.raises(ConformanceError, match="leaks"):
        check_game(toy, n_games=3, seed=3)


def test_conformance_check_catches_a_lost_card(toy, monkeypatch):
    from gamelib.testing import ConformanceError, check_game
    from tests.toygame import TwentyState

    real = TwentyState.zones
    monkeypatch.setattr(TwentyState, "zones", lambda self: {k: v[:-1] if k == "deck" and self.ply == 2 else v for k, v in real(self).items()})
    with pytest.raises(ConformanceError, match="conservation"):
        check_game(toy, n_games=5, seed=3)


def test_games_is_still_the_function_after_a_game_is_imported():
    # regression: a subpackage called gamelib.games used to replace the function on first import
    gamelib.load("walk-the-plank")
    assert callable(gamelib.games) and "walk-the-plank" in [g.name for g in gamelib.games()]


def test_distribution_from_counts_is_exact():
    from fractions import Fraction

    dist = gamelib.Distribution.from_counts({"5": 2, "7": 1}, "next card")
    assert dict(dist) == {"5": Fraction(2, 3), "7": Fraction(1, 3)}
    assert dict(gamelib.Distribution.from_counts({}, "empty")) == {}
