"""The Walking Deck's Interrogation, solved exactly.

Once the Journey is over nothing is hidden any more: the player filled the Memory and knows its
order, and the only chance left is the Calamity bag. So every Interrogation position has an
exact chance of winning under best play, found by expectimax: at a decision take the best
option, at a Calamity draw average over what the token shows (with its exact probability).

The modules, from the bottom up:

* ``model``: a compact copy of the rules (``_Work``, ``RulesCopy``), so that a position is a small
  tuple that can be memoised, and Characters that look alike (same weaknesses, toughness and
  damage) count once. ``tests/strategy`` checks this copy against the engine action by action
  (every chance outcome of every legal action lands on the same position) and against
  brute-force enumeration on small positions.
* ``keys``: the tables of what the rest of the Memory can still do, and canonical keys.
* ``search``: the float search (pruned) and the exact one (``Fraction``s, on integers).
* ``compiled``: the bridge to ``_wds.c``, the same search on the same keys in C (30 to 40 times
  faster), used where the package was installed with a C compiler; the Python search stays the
  reference, and the search wherever there is none.
* ``api``: ``InterrogationSolver`` (the four parts as one object) and the functions below.

Nothing here is imported by ``import gamelib``: ``gamelib.hint`` loads it the first time it is
asked about an Interrogation.

    from gamelib.strategy.walking_deck import solve, action_values
    solve(state)            # Fraction: the chance of winning with best play from here
    action_values(state)    # {label: Fraction} for each legal action
"""
from __future__ import annotations

from .api import (
    MAX_POSITIONS,
    MAX_SOLVERS,
    InterrogationSolver,
    NotAnInterrogation,
    action_values,
    best_action,
    budgeted_value,
    clear_cache,
    covers,
    is_interrogation,
    key_of,
    model_action,
    play_to_interrogation,
    rules_for,
    solve,
    solver_for,
    work_of,
)
from .compiled import FAST, _wds
from .model import LOST, WON, OverBudget, Rules

__all__ = ["InterrogationSolver", "NotAnInterrogation", "OverBudget", "Rules", "budgeted_value", "covers", "solve", "action_values",
           "best_action", "solver_for", "key_of", "work_of", "model_action", "is_interrogation", "clear_cache",
           "play_to_interrogation", "rules_for", "WON", "LOST", "FAST", "MAX_SOLVERS", "MAX_POSITIONS"]
