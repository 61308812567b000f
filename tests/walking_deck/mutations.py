"""Fuzzing scenarios: mutate a position's ``to_scenario()`` as a person editing it might (a field
deleted, replaced by a value of another type or borrowed from elsewhere in the dict, a list
grown), then check the contract for untrusted input: ``from_scenario`` either refuses with a
``GamelibError`` or gives a playable position (it passes ``check_state`` and random play reaches
the end). Shared by The Walking Deck's and Walk the Plank's fuzz tests."""
from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

import gamelib
from gamelib.core import GamelibError, Rng
from gamelib.testing import check_state

JUNK: tuple[Any, ...] = (None, True, False, 0, 1, -1, 2, 3, 4, 9, 10**30, 1.5, "", "zz", [], {}, [None], [[]],
                         [["ship"]], {"zz": 1}, [1, 2, 3],
                         # past the scenario limits (issue 23): long text, deep nesting, many items, big ints
                         "x" * 1_001, "²", 2**70, {"x" * 1_001: 1}, [[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]],
                         list(range(20_001)))
#: an error message about a hostile scenario stays under this many characters (issue 23)
MESSAGE_BOUND = 5_000


def _paths(node: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON-like tree: dict keys and list indexes, depth first."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path + (k,)
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield path + (i,)
            yield from _paths(v, path + (i,))


def _leaves(node: Any) -> Iterator[Any]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from _leaves(v)
    elif isinstance(node, list):
        for v in node:
            yield from _leaves(v)
    else:
        yield node


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def mutate(data: st.DataObject, scenario: dict, fields: tuple[str, ...]) -> dict:
    """One to three random edits of a deep copy of ``scenario``; ``fields`` are the scenario's
    top-level field names (a deleted field may come back)."""
    sc = copy.deepcopy(scenario)
    borrowed = sorted({json.dumps(v) for v in _leaves(sc)} | {json.dumps(f) for f in fields})

    def value() -> Any:
        kind = data.draw(st.sampled_from(["junk", "borrowed", "list of borrowed", "subtree"]))
        if kind == "junk":
            return copy.deepcopy(data.draw(st.sampled_from(JUNK)))
        if kind == "subtree":
            paths = list(_paths(sc))
            return copy.deepcopy(_get(sc, data.draw(st.sampled_from(paths)))) if paths else None
        one = [json.loads(data.draw(st.sampled_from(borrowed)))
               for _ in range(1 if kind == "borrowed" else data.draw(st.integers(0, 4)))]
        return one[0] if kind == "borrowed" else one

    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(sc))
        op = data.draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if op == "add":
            target = _get(sc, data.draw(st.sampled_from([()] + paths)))
            if isinstance(target, dict):
                key = json.loads(data.draw(st.sampled_from(borrowed)))
                target[key if isinstance(key, str) else "zz"] = value()
            elif isinstance(target, list):
                target.insert(data.draw(st.integers(0, len(target))), value())
            continue
        if not paths:
            continue
        path = data.draw(st.sampled_from(paths))
        parent = _get(sc, path[:-1])
        if op == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = value()
    return json.loads(json.dumps(sc))  # plain data, as a person would paste it


def random_position(game, seed: int, steps: int):
    """A reachable position: ``steps`` random actions from a new game (fewer if it ends)."""
    state = game.new_state(seed=seed)
    agent = gamelib.RandomAgent(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(agent.choose(state))
    return state


def inventory(state) -> Counter:
    out: Counter = Counter()
    for items in state.zones().values():
        out.update(items)
    return out


def check_playable(game, state, seed: int, max_plies: int = 5000) -> None:
    """``state`` passes ``check_state`` (deep: undo, record replay, view leaks), its scenario
    round-trips, and random play from it reaches the end, checked after every action."""
    start = inventory(state)
    rng = Rng(seed)
    again = game.from_scenario(json.loads(json.dumps(state.to_scenario())), seed=state.seed)
    assert again._key() == state._key(), "to_scenario() of an accepted scenario does not round-trip"
    agent = gamelib.RandomAgent(seed)
    for ply in range(max_plies):
        check_state(game, seed, state, start, ply == 0 or state.is_over, rng, replay=ply == 0 or state.is_over)
        if state.is_over:
            return
        state.apply(agent.choose(state))
    raise AssertionError(f"random play from the scenario did not end in {max_plies} actions")


def fuzz_once(game, data: st.DataObject, fields: tuple[str, ...], max_steps: int) -> None:
    seed = data.draw(st.integers(0, 2**32), label="seed")
    state = random_position(game, seed, data.draw(st.integers(0, max_steps), label="steps"))
    scenario = mutate(data, state.to_scenario(), fields)
    frozen = copy.deepcopy(scenario)
    try:
        accepted = game.from_scenario(scenario, seed=seed)
    except GamelibError as exc:
        assert len(str(exc)) < MESSAGE_BOUND, f"a message of {len(str(exc)):,} characters"
        accepted = None
    assert scenario == frozen, "from_scenario changed the dict it was given"
    if accepted is not None:
        try:
            check_playable(game, accepted, seed)
        except Exception as exc:
            raise AssertionError(f"accepted scenario {json.dumps(scenario)} (seed {seed}) is not playable: "
                                 f"{type(exc).__name__}: {exc}") from exc
