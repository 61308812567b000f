"""The exact Interrogation solver (issue 16, point 1): its copy of the rules agrees with the
engine action by action, its values with brute-force enumeration, and best play lands on its
value in a seeded simulation."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

import gamelib
from gamelib.core import Rng, derive_seed
from gamelib.strategy import walking_deck as wds
from gamelib.strategy.chance import brute_force_value, chance_outcomes

from .helpers import interrogation_positions

PROTAGONISTS = ("Aénor", "Boris", "Adrien", "Éléonore")


# Where no compiler built the compiled search, test_the_compiled_search_is_built_and_used says
# why and the tests of the compiled search are skipped; the Python search is tested everywhere.
compiled = pytest.mark.skipif(wds._wds is None, reason="the compiled search is not built here")


@pytest.fixture(params=["python", pytest.param("compiled", marks=compiled)])
def search(request, monkeypatch):
    """Each test that takes this runs with the Python search and with the compiled one."""
    monkeypatch.setattr(wds.compiled, "FAST", request.param == "compiled")
    return request.param


def test_the_compiled_search_is_built_and_used():
    """Installing the package builds gamelib.strategy._wds (setup.py) where there is a C
    compiler and Python's headers, as on this machine and CI; new solvers use it unless told
    not to. (Where there are none, the install goes on without it: then this says so.)"""
    import os
    import shutil
    import sysconfig

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not (shutil.which(cc) and os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))):
        pytest.skip(f"no C compiler ({cc}) or no Python.h here: the Python search runs")
    assert wds._wds is not None and wds.FAST
    s = interrogation_positions("Boris", [0], per_game=1)[0]
    assert type(wds.solver_for(s, cache=False)).__name__ == "_CompiledSolver"
    assert type(wds.solver_for(s, cache=False, fast=False)) is wds.InterrogationSolver


@compiled
@pytest.mark.parametrize("protagonist", PROTAGONISTS)
def test_the_compiled_search_gives_the_python_search_values(protagonist):
    """On Interrogation positions of heuristic and random games, the compiled search gives
    the Python search's exact value, for the position and for every legal action, in as many
    positions: it is the same search, not only the same answers."""
    positions = interrogation_positions(protagonist, range(14), per_game=3, memory_left=7)
    positions += interrogation_positions(protagonist, range(3), per_game=3, heuristic=False)
    compared = nonzero = 0
    for s in positions:
        py, c = wds.solver_for(s, cache=False, fast=False), wds.solver_for(s, cache=False, fast=True)
        assert type(c).__name__ == "_CompiledSolver"
        kp, kc = wds.key_of(py, s), wds.key_of(c, s)
        assert kp == kc
        py.budget = 6_000  # the Python search is slow: positions beyond this are left out
        try:
            v = py.exact(kp)
        except wds.OverBudget:
            continue
        py.budget = float("inf")
        compared += 1
        assert c.exact(kc) == v and c.value(kc) == pytest.approx(py.value(kp), abs=1e-12)
        assert c.nodes == py.nodes
        nonzero += 0 < v < 1
        assert wds.action_values(s, solver=c) == wds.action_values(s, solver=py)
    assert compared >= 8 and nonzero >= 4, (compared, nonzero)


@compiled
def test_the_python_search_runs_where_the_compiled_one_cannot(monkeypatch):
    """A card set with more Characters than the packed positions hold, or a build of another
    version (a checkout updated without reinstalling), gets the Python search."""
    s = interrogation_positions("Boris", [0], per_game=1)[0]
    monkeypatch.setattr(wds._wds, "MAX_FRONT", 3)
    assert type(wds.solver_for(s, cache=False)) is wds.InterrogationSolver
    monkeypatch.setattr(wds._wds, "MAX_FRONT", 24)
    assert type(wds.solver_for(s, cache=False)).__name__ == "_CompiledSolver"
    monkeypatch.setattr(wds._wds, "VERSION", 1)
    assert type(wds.solver_for(s, cache=False)) is wds.InterrogationSolver


@compiled
def test_a_long_compiled_search_can_be_interrupted():
    """The compiled search looks for signals as it goes, so an interrupt (or a notebook's
    time limit) stops it; what it finished stays, and a second call goes on to the value."""
    import signal

    from gamelib.rules.walking_deck.agents import HeuristicAgent

    class Stop(Exception):
        pass

    def stop(*_):
        raise Stop

    s = gamelib.load("walking-deck", protagonist="Boris").new_state(seed=derive_seed(2026, 6))
    wds.play_to_interrogation(s, HeuristicAgent(6))  # the benchmark's largest: 532,000 positions
    solver = wds.solver_for(s, cache=False)
    # a CPU-time timer: on a busy machine a wall-clock one can fire before the search has begun
    old = signal.signal(signal.SIGPROF, stop)
    try:
        signal.setitimer(signal.ITIMER_PROF, 0.05)
        with pytest.raises(Stop):
            solver.value(wds.key_of(solver, s))
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    assert 0 < solver.nodes < 532_499 and solver.positions() > 0
    assert solver.value(wds.key_of(solver, s)) == pytest.approx(0.41387397081487526, abs=1e-12)


@compiled
def test_the_compiled_search_refuses_a_position_that_is_not_one():
    s = interrogation_positions("Boris", [0], per_game=1)[0]
    c = wds.solver_for(s, cache=False)
    k = wds.key_of(c, s)
    for bad in [(1, 2, 3), k[:1] + ((0,) * 30,) + k[2:], (999,) + k[1:], k[:-1] + (("spin", 1),),
                k[:2] + (8,) + k[3:], k[:1] + ((5000,),) + k[2:], k[:4] + (-1,) + k[5:]]:
        with pytest.raises((TypeError, ValueError)):
            c.value(bad)


def engine_outcomes(solver, state, action):
    out: dict = {}
    for p, child in chance_outcomes(state, action):
        k = wds.key_of(solver, child)
        out[k] = out.get(k, Fraction(0)) + p
    return out


@pytest.mark.parametrize("protagonist", PROTAGONISTS)
def test_solver_rules_agree_with_the_engine_action_by_action(protagonist):
    """Every legal action of the engine is one of the solver's, and every chance outcome of it
    (each Calamity the bag can give, read off the engine by scripting its generator) lands on
    the position the solver predicts, with the same exact probability."""
    positions = interrogation_positions(protagonist, range(6), per_game=10)
    positions += interrogation_positions(protagonist, range(3), per_game=6, heuristic=False)
    assert len(positions) > 25
    kinds = set()
    for s in positions:
        solver = wds.solver_for(s, cache=False)
        w = wds.work_of(solver, s)
        engine = {wds.model_action(s, a) for a in s.legal_actions()}
        assert engine == set(solver.legal(w)), s.legal_labels()
        for a in s.legal_actions():
            kinds.add(a.kind)
            model = {k: p for p, k in solver.outcomes(w, wds.model_action(s, a), exact=True)}
            assert sum(model.values()) == 1
            assert engine_outcomes(solver, s, a) == model, a.label
    assert {"unstack", "damage", "heal", "apply_calamity"} <= kinds


# Small positions, built from scenarios, that still use every kind of decision.
SMALL = [
    # Boris: a Calamity with a redraw to use or keep, a damage to place, a heal
    ("Boris", {"phase": "Interrogation", "memory": ["U06", "R18", "R02"], "characters": [{"id": "U04", "damage": 3}, {"id": "U05", "damage": 1}],
               "reserves": {"Food": "consumed"}, "buried": ["R16", "R17"], "bag": ["CAL01", "CAL05", "CAL11"], "power_uses": 2}),
    # a damage then a Calamity (RUNNER), then a heal and "bury this" (CHURCH)
    ("Aénor", {"phase": "Interrogation", "memory": ["U07", "U12"], "characters": [{"id": "R05", "damage": 1}, {"id": "U03", "damage": 2}],
               "buried": ["R16", "R17", "U15"], "bag": ["CAL01", "CAL03", "CAL11"], "reserves": {"Food": "consumed"}}),
    # Adrien's power between two Events; a Calamity adding malnutrition
    ("Adrien", {"phase": "Interrogation", "memory": ["R11", "U09"], "characters": [{"id": "R06", "damage": 2}, {"id": "R05", "damage": 1}],
                "reserves": {"Food": "consumed", "Medical": "consumed", "Restorative": "consumed"}, "buried": ["R16", "R17", "U15"],
                "bag": ["CAL03", "CAL05", "RESPITE1"],
                "respite_aside": ["RESPITE2"], "power_reserves_used": ["Food"]}),
    # Éléonore's restores at any time; a Calamity ignoring injuries; CABOT
    ("Éléonore", {"phase": "Interrogation", "memory": ["U13", "R03", "U08"], "characters": [{"id": "U01", "damage": 2}, {"id": "U04", "damage": 3}],
                  "reserves": {"Food": "consumed", "Medical": "consumed", "Restorative": "consumed"}, "buried": ["R16", "R17"],
                  "bag": ["CAL03", "CAL09", "CAL05"],
                  "power_uses": 1}),
    # a Character's own Calamity as it is placed (LOUISE), then a damage
    ("Aénor", {"phase": "Interrogation", "memory": ["R06", "R01"], "characters": [{"id": "U05", "damage": 1}],
               "reserves": {"Medical": "consumed"}, "buried": ["R16", "R17", "U15"], "bag": ["CAL03", "CAL07", "CAL05"]}),
    # a pending Calamity decision with Reserves to consume one at a time
    ("Boris", {"phase": "Interrogation", "memory": ["U06"], "characters": ["R07", {"id": "U04", "damage": 3}],
               "reserves": {"Restorative": "consumed"},
               "being_unstacked": "U02", "resolving": {"event": "U02", "next_effect": 1}, "drawn_calamity": "CAL09",
               "pending": {"kind": "calamity", "add": ["injuries"]}, "buried": ["R16", "R17", "U15"], "bag": ["CAL01", "CAL05", "CAL11"],
               "power_uses": 3}),
]


@pytest.mark.parametrize("protagonist,scenario", SMALL)
def test_solver_agrees_with_brute_force_enumeration(protagonist, scenario, search):
    """On small positions the exact values (of the position and of every legal action) equal
    those of a brute-force search over the engine itself: every decision, every random number."""
    game = gamelib.load("walking-deck", protagonist=protagonist)
    s = game.from_scenario(scenario, seed=1)
    assert 0 < brute_force_value(s) < 1  # the position is a real test: neither won nor lost
    assert wds.solve(s, cache=False) == brute_force_value(s)
    values = wds.action_values(s, cache=False)
    for a in s.legal_actions():
        brute = sum((p * brute_force_value(c) for p, c in chance_outcomes(s, a)), Fraction(0))
        assert values[a.label] == brute, a.label
    assert all(isinstance(v, Fraction) for v in values.values())


def test_solver_values_are_fractions_between_actions_and_positions(search):
    """A position's value is the best of its actions' values, and floats agree with Fractions."""
    for s in interrogation_positions("Boris", range(3), per_game=8, memory_left=9):
        if len(s.legal_actions()) < 2:
            continue
        vals = wds.action_values(s, cache=False)
        assert wds.solve(s, cache=False) == max(vals.values())
        fl = wds.action_values(s, exact=False, cache=False)
        assert all(abs(fl[k] - float(v)) < 1e-12 for k, v in vals.items())


def test_simulated_best_play_lands_within_four_standard_errors_of_the_exact_value():
    """Playing the solver's best action from a position, again and again with seeded Calamity
    draws, wins as often as its exact value says (within 4 standard errors)."""
    game = gamelib.load("walking-deck", protagonist="Boris")
    s = game.from_scenario({"phase": "Interrogation", "memory": ["U06", "R18", "U13", "U08", "R11", "R09"],
                            "characters": [{"id": "U04", "damage": 2}, "U05", "R05"],
                            "reserves": {"Food": "consumed"}, "buried": ["R16", "R17"]}, seed=1)
    solver = wds.solver_for(s, cache=False)
    value = wds.solve(s, cache=False)
    assert 0.2 < value < 0.8
    n, wins = 400, 0
    for i in range(n):
        g = s.clone()
        g.rng = Rng(derive_seed(2026, i))
        while not g.is_over:
            g.apply(wds.best_action(g, solver))
        wins += g.over == "won"
    se = math.sqrt(float(value) * (1 - float(value)) / n)
    assert abs(wins / n - float(value)) < 4 * se


def test_budget_stops_the_search_and_keeps_what_was_done(search):
    s = interrogation_positions("Aénor", [0], per_game=1, memory_left=10)[0]  # 3,600 positions
    solver = wds.solver_for(s, cache=False)
    assert wds.budgeted_value(s, 50, solver) is None
    assert 50 <= solver.nodes <= 51
    done = solver.positions()
    assert done > 0
    assert wds.budgeted_value(s, 10**7, solver) == pytest.approx(float(wds.solve(s, cache=False)), abs=1e-12)
    assert solver.positions() > done
    assert wds.best_action(s, solver, nodes=10) is None or len(s.legal_actions()) == 1


def test_solver_refuses_other_phases_and_games():
    s = gamelib.load("walking-deck").new_state(seed=1)
    with pytest.raises(ValueError, match="Interrogation"):
        wds.solve(s)


def test_a_sure_win_is_exactly_one_and_ends_the_search(search):
    """The Interrogation of the benchmark's heuristic Boris game 1 is a sure win under best
    play. Its float value is exactly 1.0 (not 0.9999999999999998), so the search stops at the
    first option that wins for sure, and the exact pass does not compute a Fraction for every
    option that also wins: it stays within the positions the float search met (before this,
    the float search took 360,000 positions and the exact pass a minute)."""
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    s = gamelib.load("walking-deck", protagonist="Boris").new_state(seed=derive_seed(2026, 1))
    wds.play_to_interrogation(s, HeuristicAgent(1))
    solver = wds.solver_for(s, cache=False)
    solver.budget = 50_000
    k = wds.key_of(solver, s)
    assert solver.value(k) == 1.0
    searched = solver.nodes
    assert solver.exact(k) == 1
    assert solver.nodes == searched
    if search == "python":
        assert len(solver.xmemo) < len(solver.fmemo)


def test_a_shared_redraw_value_is_the_redraw_searched_at_each_decision():
    """Boris's redraw is worth the same whatever token was drawn, so the solver keeps its value
    once per draw (under the decision's key without the token) and the other Calamity decisions
    of that draw reuse it. At every decision that reused one, in floats and exactly, the redraw
    searched right there gives the same value."""
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    s = gamelib.load("walking-deck", protagonist="Boris").new_state(seed=derive_seed(2026, 4))
    wds.play_to_interrogation(s, HeuristicAgent(4))
    solver = wds.solver_for(s, cache=False, fast=False)  # its memos are read below
    solver.exact(wds.key_of(solver, s))
    shared = exact_shared = 0
    for k in list(solver.fmemo):
        if not isinstance(k, tuple) or k[-1] is None or k[-1][0] != "cal":
            continue
        rk = solver._redraw_key(k)
        w = solver._work(k)
        if rk in solver._redraws:
            shared += 1
            assert solver.action_value(w, ("redraw",)) == pytest.approx(solver._redraws[rk], abs=1e-12)
        if rk in solver._xredraws and k in solver.xmemo and exact_shared < 40:
            exact_shared += 1
            n, e = solver._xredraws[rk]
            assert solver.exact_action_value(w, ("redraw",)) == Fraction(n, solver._l ** e)
    assert shared > 1000 and exact_shared > 20
