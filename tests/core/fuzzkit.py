"""Shared pieces of the fuzz tests (issue 14): hypothesis profiles, JSON-like values, valid
records and card files of every game to mutate, and the rule every target obeys: only a
``GamelibError`` escapes, and a failed call changes nothing.

Each fuzz target is registered twice by ``fuzz_tests``: a quick, derandomised run in the
default suite (a few dozen examples: CI stays fast and repeatable) and a thorough run of
thousands of fresh random examples behind the ``slow`` marker (``make test-slow``)."""
from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamelib
from gamelib.core.cards import data_path

GAMES = ("walking-deck", "walk-the-plank", "deadland")
CARD_FILES = {"walking-deck": "walking_deck.toml", "walk-the-plank": "walk_the_plank.toml",
              "deadland": "deadland.toml"}
#: examples per target: quick (default run) and thorough (slow marker)
QUICK_EXAMPLES = 25
THOROUGH_EXAMPLES = 3000

_COMMON = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))
QUICK = settings(max_examples=QUICK_EXAMPLES, derandomize=True, **_COMMON)
THOROUGH = settings(max_examples=THOROUGH_EXAMPLES, **_COMMON)


def fuzz_tests(target: Callable, *strategies: Any, quick: int = QUICK_EXAMPLES, per_game: bool = False,
               **named: Any) -> tuple[Callable, Callable]:
    """``(quick_test, thorough_test)`` for ``target`` called with examples of ``strategies``
    (and ``named`` strategies); ``per_game``: also parametrised by ``name``, one per game."""
    quick_test = settings(QUICK, max_examples=quick)(given(*strategies, **named)(target))
    thorough_test = pytest.mark.slow(THOROUGH(given(*strategies, **named)(target)))
    if per_game:
        quick_test = pytest.mark.parametrize("name", GAMES)(quick_test)
        thorough_test = pytest.mark.parametrize("name", GAMES)(thorough_test)
    return quick_test, thorough_test


# ---- values ------------------------------------------------------------------------------

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
#: Python values a person might pass as an option or a seed, beyond JSON
ODD = st.sampled_from([3.0, 2.5, float("nan"), float("inf"), -1, 0, 2**64, 10**30, True, False, "", "3", b"x",
                       (), (3,), [3], {}, object(), 1j])
ANY_VALUE = JSON | ODD


def nested(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


#: values past the input limits of issue 23 (text, option text, labels, nesting, size), small
#: enough for the tests' own copies and JSON round trips
HOSTILE_TEXT = ["x" * 1_001, "Aénor" * 60, "damage ²", "keep ²", "heal ³ stress", "damage ٣", "²",
                "Draw from the Rural pile" * 50]
HOSTILE = st.sampled_from(HOSTILE_TEXT + [2**70, -(2**64) - 1, nested("x", 14), list(range(20_001)),
                                          {"x" * 1_001: 1}])
#: an error message about any of these stays under this many characters (each value quoted is cut
#: to a 200-character prefix and its length)
MESSAGE_BOUND = 5_000


def bounded(exc: BaseException) -> None:
    """The message of an error about a hostile input is short, whatever the input's size."""
    assert len(str(exc)) < MESSAGE_BOUND, f"a message of {len(str(exc)):,} characters: {str(exc)[:300]}"


def deep_copy(value: Any) -> Any:
    return copy.deepcopy(value)


# ---- valid inputs to mutate ---------------------------------------------------------------

@functools.cache
def valid_records(name: str) -> tuple[str, ...]:
    """Records of short random games of ``name`` (each player count), one finished."""
    cls = gamelib.core.game_class(name)
    variants = [{}]
    players = next((o for o in cls.option_specs if o.name == "players"), None)
    if players is not None and players.choices:
        variants = [{"players": n} for n in players.choices]
    out = []
    for i, options in enumerate(variants):
        game = gamelib.load(name, **options)
        state = game.new_state(seed=100 + i)
        agent = gamelib.RandomAgent(i)
        for _ in range(12 + 5 * i):
            if state.is_over:
                break
            state.apply(agent.choose(state))
        out.append(state.to_record())
    finished = gamelib.play(gamelib.load(name), gamelib.RandomAgent(3), seed=3)
    out.append(finished.to_record())
    return tuple(out)


@functools.cache
def shipped_text(name: str) -> str:
    return data_path(CARD_FILES[name]).read_text(encoding="utf-8")


@functools.cache
def shipped_table(name: str) -> dict:
    from gamelib.core.cards import tomllib

    return tomllib.loads(shipped_text(name))


def play_a_little(state: Any, seed: int, steps: int = 150) -> None:
    """Random legal actions: none may fail, whatever card set or position we started from."""
    agent = gamelib.RandomAgent(seed)
    for _ in range(steps):
        if state.is_over:
            return
        assert state.legal_actions(), f"not over but no legal action: {state!r}"
        state.apply(agent.choose(state))


def same_state(a: Any, b: Any) -> bool:
    return a == b and a.log == b.log and a.ply == b.ply and a.history == b.history
