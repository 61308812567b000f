"""Issue 8 in the core: costs that do not grow with a game (log tape, undo frames, clone), the
simulation path, fields declared once, the odds check's statistics, and notebook ergonomics."""
from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib.core import Action, IllegalAction, State, log
from gamelib.core.fields import CACHE, LIST, SET, VALUE, Fields
from gamelib.testing import chi2_sf, goodness_of_fit, play_ops
from tests.toygame import Twenty, TwentyState

GAME = Twenty()


def _long_log_state(n: int = 50_000) -> State:
    state = GAME.new_state(seed=1)
    for i in range(n):
        log(state, "Setup", f"line {i}")
    return state


# ---- undo, the log and clone at constant cost ------------------------------------------------------
def test_apply_and_undo_write_the_log_in_place_without_copying_it():
    state = _long_log_state()
    items = state._tape.items
    for _ in range(20):
        state.apply("Draw a card")
        state.undo()
    assert state._tape.items is items and len(items) <= 50_002  # truncated in place, never copied
    assert state.log_length == 50_000 and state.recent_log(1)[0].text == "line 49999"


def test_clone_shares_the_log_and_a_diverging_clone_writes_its_own_tail():
    state = _long_log_state()
    twin = state.clone()
    assert twin._tape is state._tape  # nothing copied
    twin.apply("Draw a card")
    state.apply("Stop")
    assert twin._tape is not state._tape and twin._tape.parent is state._tape
    assert len(twin._tape.items) == 2  # only the clone's own entries
    assert twin.recent_log(2)[0].text == "north draws a card" and state.recent_log(1)[0].text == "north stops"
    assert twin.log[:50_000] == state.log[:50_000] and twin.log_length == 50_002 and state.log_length == 50_001


def test_a_log_is_a_snapshot_later_actions_do_not_change():
    state = GAME.new_state(seed=2)
    state.apply("Draw a card")
    seen = state.log
    state.apply("Stop")
    state.undo()
    state.undo()
    state.apply("Stop")
    assert [e.text for e in seen] == ["north draws a card", "north draws " + seen[1].text.split("draws ")[1]]
    assert state.log == [e for e in state.log] and state.log != seen
    with pytest.raises(AttributeError):
        seen.append(None)  # read-only: appending to it could never reach the state


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(["act", "undo", "clone", "at_ply", "switch"]), max_size=40))
def test_any_mix_of_apply_undo_clone_and_at_ply_keeps_every_log_and_history_right(seed, ops):
    """Every live state's log, history and position equal what its own record replays to."""
    gamelib.register("toy-twenty", Twenty)
    try:
        states = play_ops(GAME, seed, ops)
        for s in states:
            again = gamelib.load_record(s.to_record())
            assert again == s and again.log == s.log and again.history == s.history
    finally:
        gamelib.core.unregister("toy-twenty")


def test_a_failing_apply_leaves_the_log_as_it_was(monkeypatch):
    state = GAME.new_state(seed=5)
    state.apply("Draw a card")
    before = state.log

    def broken(self, action):
        log(self, "Turn", "half")
        raise RuntimeError("boom")

    monkeypatch.setattr(TwentyState, "_apply", broken)
    with pytest.raises(RuntimeError):
        state.apply("Stop")
    assert state.log == before and state.ply == 1


# ---- the simulation path ------------------------------------------------------------------------
def test_apply_fast_plays_the_same_game_and_undo_still_works():
    fast = gamelib.play(GAME, gamelib.RandomAgent(), seed=9, fast=True)
    slow = gamelib.play(GAME, gamelib.RandomAgent(), seed=9)
    assert fast == slow and fast.log == slow.log and fast.history == slow.history
    fast.undo()  # no snapshot: replayed from the start
    slow.undo()
    assert fast == slow and fast.log == slow.log
    assert fast.at_ply(1) == slow.at_ply(1)


def test_apply_fast_refuses_nothing_legal_and_checks_anything_else():
    state = GAME.new_state(seed=3)
    with pytest.raises(IllegalAction):
        state.apply_fast(Action("Fly", "fly"))
    state.apply_fast(Action("Stop", "stop"))  # equal but not one of the listed objects: full check
    assert state.ply == 1


def test_without_the_log_the_game_is_the_same():
    quiet = gamelib.play(GAME, gamelib.RandomAgent(), seed=4, fast=True, log=False)
    loud = gamelib.play(GAME, gamelib.RandomAgent(), seed=4)
    assert quiet == loud and quiet.history == loud.history and quiet.log_length == 0


# ---- fields declared once ------------------------------------------------------------------------
def test_declared_fields_make_the_slots_copy_and_key():
    assert TwentyState.__slots__ == ("deck", "hands", "turn", "stopped")
    state = GAME.new_state(seed=1)
    twin = state.clone()
    twin.hands["north"].append("c1")
    twin.stopped.add("south")
    twin.deck.pop()
    assert state.hands["north"] == [] and state.stopped == set() and len(state.deck) == 8


def test_every_declared_field_counts_for_equality():
    state = GAME.new_state(seed=1)
    state.apply("Draw a card")
    changes = {
        "deck": lambda s: s.deck.reverse(),
        "hands": lambda s: s.hands["south"].append("c9"),
        "turn": lambda s: setattr(s, "turn", 1 - s.turn),
        "stopped": lambda s: s.stopped.add("north"),
    }
    assert set(changes) == set(TwentyState.fields.keyed)
    for name, change in changes.items():
        other = state.clone()
        change(other)
        assert other != state, f"changing {name} went unnoticed"


def test_a_class_with_a_declaration_cannot_write_its_own_key_or_copy():
    with pytest.raises(TypeError, match="_key"):
        class Bad(State):
            fields = Fields(a=VALUE, b=LIST)

            def _key(self):
                return (self.a,)  # b forgotten: exactly what the declaration prevents
    with pytest.raises(TypeError, match="__slots__"):
        class Twice(State):
            __slots__ = ("a",)
            fields = Fields(a=VALUE)


def test_caches_are_copied_but_not_compared():
    class Cached(State):
        fields = Fields(a=VALUE, memo=CACHE)

    x = object.__new__(Cached)
    x.a, x.memo = 1, {"big": 1}
    y = object.__new__(Cached)
    x._copy_into(y)
    assert y.memo is x.memo and y._key() == (1,)


def test_undo_snapshots_keep_lists_as_tuples_and_caches_beside_the_fields():
    """Session 25: a snapshot holds no list (lists as tuples, which leave the garbage collector's
    rounds) and its caches outside the fields' tuple; written back, the containers are the
    state's own again (a later move does not change the snapshot)."""
    class Snapped(State):
        fields = Fields(a=VALUE, deck=LIST, seen=SET, memo=CACHE)

    x = object.__new__(Snapped)
    x.a, x.deck, x.seen, x.memo = 1, [3, 4], {5}, {"big": 1}
    snap = x._snapshot()
    assert snap == ((1, (3, 4), {5}), x.memo) and type(snap[0][1]) is tuple
    x.deck.append(6)
    x.seen.add(7)
    x.memo = None
    x._restore_snapshot(snap)
    assert (x.a, x.deck, x.seen, x.memo) == (1, [3, 4], {5}, {"big": 1}) and type(x.deck) is list
    x.deck.append(8)
    assert snap[0][1] == (3, 4) and x.seen is not snap[0][2]
    with pytest.raises(TypeError, match="_snapshot"):
        class Handmade(State):
            fields = Fields(a=VALUE)

            def _snapshot(self):
                return ()


def test_every_games_snapshot_holds_no_list_and_undo_gives_the_position_back():
    for name in ("walking-deck", "walk-the-plank", "deadland"):
        game = gamelib.load(name)
        agent = gamelib.RandomAgent(3)
        state = game.new_state(seed=4)
        for _ in range(25):
            if state.is_over:
                break
            before = state.clone()
            state.apply(agent.choose(state))
            assert not any(type(v) is list for v in state._frames.snap[0]), name
            state.undo()
            assert state == before and state._key() == before._key(), name
            state.apply(agent.choose(state))


def test_clone_of_a_declared_state_is_cheap():
    state = GAME.new_state(seed=1)
    import time

    t0 = time.process_time()
    for _ in range(2000):
        state.clone()
    per = (time.process_time() - t0) / 2000
    assert per < 1e-3  # sanity only: the target (<= 5 µs) is read from python -m gamelib.bench


# ---- the odds check's statistics ----------------------------------------------------------------
@pytest.mark.parametrize("x", [0.5, 1.0, 3.84, 10.0, 30.0])
def test_chi2_survival_function_matches_closed_forms(x):
    assert math.isclose(chi2_sf(x, 1), math.erfc(math.sqrt(x / 2)), rel_tol=1e-12)
    assert math.isclose(chi2_sf(x, 2), math.exp(-x / 2), rel_tol=1e-12)
    # df = 3: erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2)
    assert math.isclose(chi2_sf(x, 3), math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2), rel_tol=1e-12)
    assert math.isclose(chi2_sf(x, 4), math.exp(-x / 2) * (1 + x / 2), rel_tol=1e-12)


def test_chi2_known_critical_values():
    assert math.isclose(chi2_sf(3.841458820694124, 1), 0.05, rel_tol=1e-9)
    assert math.isclose(chi2_sf(11.070497693516351, 5), 0.05, rel_tol=1e-9)
    assert math.isclose(chi2_sf(23.209251158954356, 10), 0.01, rel_tol=1e-9)


def test_goodness_of_fit_accepts_the_truth_and_rejects_a_lie():
    rng = gamelib.core.Rng(3)
    probs = {"a": Fraction(1, 2), "b": Fraction(1, 3), "c": Fraction(1, 6)}
    dist = gamelib.Distribution(probs)
    seen: dict = {}
    for _ in range(600):
        k = dist.sample(rng)
        seen[k] = seen.get(k, 0) + 1
    assert goodness_of_fit(seen, probs)[2] > 1e-3
    lie = {"a": Fraction(1, 3), "b": Fraction(1, 3), "c": Fraction(1, 3)}
    assert goodness_of_fit(seen, lie)[2] < 1e-6


def test_goodness_of_fit_pools_rare_outcomes():
    probs = {"common": Fraction(98, 100), "rare1": Fraction(1, 100), "rare2": Fraction(1, 100)}
    stat, df, p = goodness_of_fit({"common": 98, "rare1": 1, "rare2": 1}, probs)
    assert df == 0 and p == 1.0  # 1 + 1 expected: pooled into the big bin, nothing left to test


# ---- ergonomics ---------------------------------------------------------------------------------
def test_an_action_shows_as_its_label():
    a = Action("Draw a card", "draw")
    assert repr(a) == "Action('Draw a card')" and str(a) == "Draw a card"
    from IPython.lib.pretty import pretty

    assert pretty([a, Action("Stop", "stop")]) == "[Draw a card, Stop]"
    assert "Draw a card" in a._repr_html_()


def test_illegal_action_suggests_the_closest_labels():
    state = GAME.new_state(seed=5)
    with pytest.raises(IllegalAction) as err:
        state.apply("Draw a crad")
    assert err.value.suggestions == ("Draw a card",)
    assert "Did you mean 'Draw a card'?" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.apply("Teleport")
    assert err.value.suggestions == () and "Did you mean" not in str(err.value)


def test_after_the_end_an_illegal_action_is_one_clear_sentence():
    state = GAME.new_state(seed=1)
    state.apply("Stop")
    state.apply("Stop")
    with pytest.raises(IllegalAction) as err:
        state.apply("Draw a card")
    assert str(err.value) == "'Draw a card' cannot be played: the game is over."
    assert "nobody" not in str(err.value) and err.value.over


def test_explain_illegal_hook_is_included(monkeypatch):
    monkeypatch.setattr(TwentyState, "_explain_illegal",
                        lambda self, label: "the deck is face down, so it cannot be searched" if "Search" in label else "")
    state = GAME.new_state(seed=1)
    with pytest.raises(IllegalAction) as err:
        state.apply("Search the deck")
    assert "the deck is face down, so it cannot be searched." in str(err.value)
    assert err.value.explanation.startswith("the deck")


def test_view_can_leave_the_log_out():
    state = GAME.new_state(seed=1)
    state.apply("Draw a card")
    assert "log" not in state.view("north", log=False) and state.view("north")["log"]
    full = state.view("north")
    del full["log"]
    assert full == state.view("north", log=False)
    json.dumps(state.view(None, log=False))
