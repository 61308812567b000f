"""Strategy: exact values, search agents and hints (issue 16).

* ``walking_deck``: The Walking Deck's Interrogation solved exactly (``Fraction``s); a package
  (model, keys, search, compiled bridge, api), loaded on first use.
* ``search``: ``JourneySearchAgent`` (sampled pile orders, exact leaves) and
  ``BestInterrogationAgent`` (the heuristic's Journey, then perfect Interrogation play).
* ``ismcts``: ``ISMCTSAgent``, information-set Monte Carlo tree search for any game.
* ``hint``: ``gamelib.hint(state, seat=None, budget=...)``, each option's chance of winning.
* ``tournament``: ``skill_table`` (how much is skill worth?), ``seat_rotated``, ``wilson``.
* ``chance``: every chance outcome of an action, read off the engine (brute force).

``python -m gamelib.strategy`` runs the tournaments and benchmarks of docs/strategy.md.
Only ``hint`` is imported eagerly; the rest loads on first use."""
from __future__ import annotations

from typing import Any

from .hint import Hint, HintOption, hint

_LAZY = {
    "JourneySearchAgent": "search", "BestInterrogationAgent": "search", "ISMCTSAgent": "ismcts",
    "skill_table": "tournament", "seat_rotated": "tournament", "wilson": "tournament",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["hint", "Hint", "HintOption", *_LAZY]
