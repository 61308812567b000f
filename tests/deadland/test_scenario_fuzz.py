"""Scenarios from anyone (issue 14): a scenario is refused with a ``ScenarioError`` naming the field,
or it is a position that passes the conformance checks and plays on to the end. Hypothesis mutates
``to_scenario()`` of random positions and tries every pending step with arguments of every shape: a
quick profile in the default run, thousands of examples behind ``slow``."""
from __future__ import annotations

import copy
import json
from collections import Counter
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib import GamelibError, RandomAgent, ScenarioError, play
from gamelib.core import Rng, derive_seed
from gamelib.rules.deadland import pending as P
from gamelib.rules.deadland.pending import ARGS, declared
from gamelib.testing import _inventory, check_state

from .helpers import game

QUICK = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=3000, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))

# values a person might type anywhere: right and wrong types, names, labels, ids, step names
POOL = [0, 1, 2, 3, 5, 7, 8, 12, 13, 99, -1, 10 ** 30, True, False, None, 1.5, "", "red", "blue", "purple",
        "Hospital", "Base", "Moon", "5", "Illness", "Radio Contact", "Pistol", "Hatchet", "base-03", "V5-1",
        "traitor", "ninja", "attack", "daily", "zdaily", "infected", "hatchet", "chainsaw", "turn_end",
        "turn_start", "ask_move", "ask_drop", [], [0], [0, 1], [1, 0], [[0]], ["red"], ["turn_end"], {}, {"red": {}},
        {"deck": []},
        # past the scenario limits (issue 23): long text, deep nesting, many items, big ints
        "x" * 1_001, "²", 2**70, {"x" * 1_001: 1}, [[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]], list(range(20_001))]


@lru_cache(maxsize=None)
def _positions() -> tuple[tuple[int, int, str], ...]:
    """(players, seed, scenario as JSON) of random positions: starts, every kind of decision, ends."""
    out = []
    for n in (2, 3, 4, 5, 6):
        seed = derive_seed(1400, n)
        full = play(game(n), RandomAgent(seed), seed=seed)
        rng = Rng(seed)
        for ply in sorted({0, full.ply, rng.randbelow(full.ply), rng.randbelow(full.ply), rng.randbelow(full.ply)}):
            out.append((n, seed, json.dumps(full.at_ply(ply).to_scenario())))
    return tuple(out)


def _playable(state: Any, seed: int) -> None:
    """The conformance checks of ``check_game`` at the position, then random play to the end."""
    g = state.game
    inventory = _inventory(state)
    rng = Rng(seed)
    check_state(g, seed, state, inventory, True, rng, True)
    again = g.from_scenario(json.loads(json.dumps(state.to_scenario())), seed=state.seed)
    assert again._key() == state._key() and again.legal_labels() == state.legal_labels()
    agent = RandomAgent(seed)
    while not state.is_over:
        state.apply(agent.choose(state))
        assert state.ply < 5000, "the game does not end"
    check_state(g, seed, state, inventory, False, rng, False)


def _try(n: int, scenario: Any, seed: int = 0) -> str:
    """Load ``scenario``: refused (only a ScenarioError, input untouched) or playable."""
    g = game(n)
    before = copy.deepcopy(scenario)
    try:
        state = g.from_scenario(scenario, seed=seed)
    except ScenarioError as err:
        assert scenario == before, "a refused scenario was modified"
        assert err.field and str(err)
        assert len(str(err)) < 5_000, f"a message of {len(str(err)):,} characters"
        return "refused"
    except GamelibError as err:  # pragma: no cover - a failure to explain
        raise AssertionError(f"{type(err).__name__} instead of ScenarioError: {err}") from err
    assert scenario == before, "an accepted scenario was modified"
    _playable(state, seed)
    return "accepted"


# ---- mutations of real positions ----------------------------------------------------------------
def _paths(x: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(x, dict):
        for k, v in x.items():
            out += _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out += _paths(v, path + (i,))
    return out


def _mutate(data: Any, sc: dict) -> dict:
    """One to three edits of ``sc``: replace a value, delete or duplicate an entry, add a key."""
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(sc) if p]
        pending = [p for p in paths if p[0] == "pending"]
        pick = data.draw(st.sampled_from(pending if pending and data.draw(st.booleans()) else paths))
        parent = sc
        for k in pick[:-1]:
            parent = parent[k]
        key = pick[-1]
        op = data.draw(st.sampled_from(("replace", "replace", "delete", "copy", "add")))
        if op == "replace":
            siblings = list(parent.values()) if isinstance(parent, dict) else list(parent)
            value = data.draw(st.sampled_from(POOL + siblings[:10]))
            parent[key] = copy.deepcopy(value)
        elif op == "delete":
            del parent[key]
        elif op == "copy" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(("extra", "deck", "role", "pending", "radio", "players")))] = \
                copy.deepcopy(data.draw(st.sampled_from(POOL)))
    return sc


def _mutated(data: Any) -> str:
    n, seed, text = data.draw(st.sampled_from(_positions()))
    return _try(n, _mutate(data, json.loads(text)), seed)


@QUICK
@given(st.data())
def test_mutated_scenarios_are_refused_or_playable(data):
    """Scenarios (issue 14): edits of real positions are refused with ScenarioError or play on."""
    _mutated(data)


@pytest.mark.slow
@LONG
@given(st.data())
def test_mutated_scenarios_are_refused_or_playable_long(data):
    _mutated(data)


# ---- every pending step with arguments of every shape --------------------------------------------
ARG_POOL = [0, 1, 2, 3, 5, -1, 6, 12, 99, True, None, 1.5, "", "attack", "zattack", "daily", "blood", "zdaily",
            "infected", "hatchet", "chainsaw", "pistol", "red", [], [0], [1], [0, 1], [1, 1], [[0]], ["red"]]


def _bases() -> list[tuple[int, int, dict]]:
    """Positions to put a pending step on: real ones, and a crowded hand-made one."""
    crowded = {"players": {
        "red": {"board": "Hospital", "infection": ["1"], "role": "contagious", "revealed": True, "munitions": 3,
                "rations": 2, "objects": ["Shotgun", "Pistol"]},
        "blue": {"board": "Hospital", "infection": ["1", "2"], "role": "looter", "munitions": 1,
                 "objects": ["Hatchet", "Chainsaw"]},
        "green": {"board": "Hospital", "zombie": True, "resistance": 3}}}
    out = [(3, 5, crowded), (3, 6, {**crowded, "drawn": ["2"]}), (3, 7, {**crowded, "resolving": ["Hatchet"]})]
    out += [(n, seed, json.loads(text)) for n, seed, text in _positions()]
    return out


def _well_typed(arg: Any, n: int) -> st.SearchStrategy:
    """Values of the right type and range for ``arg`` (so that the deeper checks are reached)."""
    seats = st.integers(0, n - 1)
    return {
        P.SEAT: seats, P.SEATS: st.lists(seats, max_size=3, unique=True), P.BOARD: st.integers(0, 5),
        P.COUNT: st.integers(0, 5), P.ATTACK: st.integers(1, 5), P.LEVEL: st.integers(0, 3), P.FLAG: st.integers(0, 1),
        P.SEEOFF: st.sampled_from(("hatchet", "chainsaw")), P.WEAPON: st.sampled_from(("", "hatchet", "chainsaw")),
        P.TRIAL: st.sampled_from(P.TRIAL_MODES), P.ADD: st.sampled_from(P.ADD_MODES),
        P.VICTIM: st.sampled_from(P.VICTIM_MODES), P.ATTACKING: st.sampled_from(P.ATTACK_MODES),
    }[arg]


def _step(data: Any) -> str:
    n, seed, base = data.draw(st.sampled_from(_bases()))
    name = data.draw(st.sampled_from(sorted(ARGS)))
    shape = ARGS[name]
    k = len(shape)
    size = data.draw(st.sampled_from((k, k, k, k, k, k, max(0, k - 1), k + 1)))
    args = [data.draw(_well_typed(shape[i], n) if i < k and data.draw(st.integers(0, 4)) else st.sampled_from(ARG_POOL))
            for i in range(size)]
    sc = copy.deepcopy(base)
    bottom = data.draw(st.sampled_from((["turn_start"], ["turn_end"], None)))
    if bottom is None and isinstance(sc.get("pending"), list) and sc["pending"]:
        sc["pending"] = sc["pending"][:-1] + [[name, *args]]  # in place of the decision on top
    else:
        sc["pending"] = [bottom or ["turn_end"], [name, *args]]
    return _try(n, sc, seed)


@QUICK
@given(st.data())
def test_pending_steps_with_any_arguments_are_refused_or_playable(data):
    """Scenarios (issue 14): every pending step with arguments of every shape is refused with
    ScenarioError or gives a position that plays on (of 546 such shapes, 272 used to crash)."""
    _step(data)


@pytest.mark.slow
@LONG
@given(st.data())
def test_pending_steps_with_any_arguments_are_refused_or_playable_long(data):
    _step(data)


def test_every_step_and_decision_has_its_arguments_declared():
    """Scenarios: the pending checks know every step the rules define, so none escapes them."""
    assert set(ARGS) == declared()


def test_the_fuzzers_accept_some_and_refuse_some():
    """The two fuzzers are not vacuous: on fixed seeds both accepted and refused scenarios come up."""
    seen = Counter()
    for i in range(24):
        rng = Rng(i)
        n, seed, text = _positions()[rng.randbelow(len(_positions()))]
        sc = json.loads(text)
        if i % 2:
            k = rng.randbelow(len(ARGS))
            name = sorted(ARGS)[k]
            sc["pending"] = [["turn_end"], [name, *[0] * len(ARGS[name])]]
        seen[_try(n, sc, seed)] += 1
    assert seen["accepted"] >= 5 and seen["refused"] >= 5, seen


# ---- the examples of the issue ---------------------------------------------------------------------
@pytest.mark.parametrize("scenario,field", [
    ({"pending": [["turn_start"], ["ask_drop", 0]]}, "pending[1]"),       # accepted but frozen before
    ({"pending": [["turn_end"], ["ask_drop"]]}, "pending[1]"),
    ({"pending": [["turn_end"], ["trial", 0, "2", 0, "daily"]]}, "pending[1][2]"),
    ({"pending": [["turn_end"], ["ask_seeoff", 0, 0, 2, "pistol", []]]}, "pending[1][4]"),
    ({"pending": [["turn_end"], ["ask_move", 0], ["move"]]}, "pending"),
    ({"pending": [["ask_move", 0]]}, "pending[0]"),
    ({"pending": [["turn_end"], ["ask_role_add", 0, "daily"]]}, "drawn"),
    ({"players": ["red"]}, "players"),
    ({"boards": "Hospital"}, "boards"),
    ({"players": {"red": {"infection": ["1"], "role": ["traitor"]}}}, "players.red.role"),
    ({"roles": [["traitor"]]}, "roles"),
    ({"roles": "traitor"}, "roles"),
    ({"outcome": "red won"}, "outcome"),
    ({"outcome": {"winners": "red", "losers": [], "reason": "x"}}, "outcome.winners"),
    ({"outcome": {"winners": ["red"], "losers": ["blue"], "reason": 3}}, "outcome.reason"),
])
def test_scenario_examples_from_the_issue_are_refused(scenario, field):
    """Scenarios (issue 14): wrong types and impossible pending work give a ScenarioError naming the field."""
    with pytest.raises(ScenarioError) as err:
        game(2).from_scenario(scenario)
    assert err.value.field == field, str(err.value)


def test_every_reachable_position_round_trips_finished_games_included():
    """Scenarios: ``to_scenario()`` at many plies of random games, and at their end, loads back to the
    same position with the same choices."""
    checked = 0
    for n in (2, 3, 4, 5, 6):
        g = game(n)
        for i in range(2):
            seed = derive_seed(1414, n, i)
            full = play(g, RandomAgent(seed), seed=seed)
            for ply in list(range(0, full.ply, 7)) + [full.ply]:
                s = full.at_ply(ply)
                again = g.from_scenario(json.loads(json.dumps(s.to_scenario())), seed=s.seed)
                assert again._key() == s._key() and again.legal_labels() == s.legal_labels(), (ply, s.to_record())
                checked += 1
            assert again.is_over
    assert checked > 100


# ---- every decision, set up by hand ----------------------------------------------------------------
_CROWD = {
    "red": {"board": "Hospital", "infection": ["1"], "role": "contagious", "revealed": True, "munitions": 3,
            "rations": 2, "objects": ["Shotgun", "Pistol"]},
    "blue": {"board": "Hospital", "infection": ["1", "2"], "role": "looter", "munitions": 1,
             "objects": ["Hatchet", "Chainsaw"]},
    "green": {"board": "Hospital", "zombie": True, "resistance": 3},
}
_PHASES = [["turn_end"], ["excess"], ["event"], ["use"]]
HOSPITAL = 4


def _with(players=None, **extra):
    crowd = copy.deepcopy(_CROWD)
    for name, spec in (players or {}).items():
        crowd[name].update(spec)
    return {"players": crowd, **extra}


DECISION_SCENARIOS = {
    "ask_move": _with(pending=_PHASES + [["ask_move", 0]]),
    "ask_zmove": _with(active="green", pending=[["turn_end"], ["zattack"], ["zevent"], ["ask_zmove", 2]]),
    "ask_use": _with(pending=_PHASES[:3] + [["ask_use", 0]]),
    "ask_excess": _with({"red": {"rations": 5}}, pending=[["turn_end"], ["ask_excess", 0]]),
    "ask_drop": _with(pending=[["turn_end"], ["ask_drop", 1]]),
    "ask_daily": _with(pending=_PHASES + [["move"], ["ask_daily", 0, 0]]),
    "ask_role_add": _with(drawn=["3"], pending=[["turn_end"], ["ask_role_add", 1, "attack"]]),
    "ask_survivor": _with(pending=[["turn_end"], ["ask_survivor", 1, HOSPITAL, 3, 0, "attack"]]),
    "ask_looter": _with(active="blue", pending=[["turn_end"], ["excess"], ["ask_looter", 1, HOSPITAL]]),
    "ask_loot": _with({"blue": {"revealed": True}}, active="blue", resolving=["Rations", "Munitions", "One Zombie"],
                      pending=[["turn_end"], ["excess"], ["ask_loot", 1, HOSPITAL]]),
    "ask_seeoff": _with(resolving=["One Zombie"], pending=[["turn_end"], ["excess"], ["event_done", HOSPITAL, 0, 0],
                                                           ["ask_seeoff", 1, HOSPITAL, 2, "hatchet", []]]),
    "ask_cmun": _with(pending=_PHASES + [["ask_cmun", 1, 0, [1], []]]),
    "ask_ctarget": _with(pending=_PHASES + [["ask_ctarget", 0, [1]]]),
    "ask_shotgun": _with(drawn=["3"], pending=[["turn_end"], ["ask_shotgun", 0, 1, "attack", []]]),
    "ask_pistol": _with(pending=[["turn_end"], ["ask_pistol", 0, HOSPITAL, 3, "attack", [1]]]),
    "ask_wound": _with(pending=[["turn_end"], ["ask_wound", 0, 2, []]]),
}


@pytest.mark.parametrize("name", sorted(DECISION_SCENARIOS))
def test_every_decision_can_be_set_up_by_hand_and_played_on(name):
    """Scenarios: each decision, written by hand with the arguments the engine gives it, is accepted,
    waits for the right player and plays on to the end."""
    s = game(3).from_scenario(copy.deepcopy(DECISION_SCENARIOS[name]), seed=3)
    assert s.stack[-1][0] == name and s.legal_actions()
    _playable(s, 3)


def test_every_decision_has_a_hand_made_scenario():
    from gamelib.rules.deadland.tasks import DECISIONS
    assert set(DECISION_SCENARIOS) == set(DECISIONS)
