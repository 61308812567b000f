"""Experiments a class can pool on a board: each returns (successes, trials, exact answer).

``calamity_stress(n, seed)`` deals ``n`` new games of The Walking Deck and counts those whose
first Calamity hits stress. The exact answer comes from the engine's odds at the start of a game
(what a player can know: every Calamity card equally likely to come first); each deal's real
first Calamity is what the hidden pile will give (``_next_outcomes``, the hook the engine's own
odds check uses). Each student uses their own seed, so the class pools different deals."""
from __future__ import annotations

import random
from fractions import Fraction

from ..core import load

QUESTION = "How often does a new game of The Walking Deck start with a Calamity that hits stress?"
TITLE = "next Calamity weaknesses"


def calamity_stress(n: int, seed: int) -> tuple[int, int, Fraction]:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 100_000:
        raise ValueError(f"n={n!r}: deal from 1 to 100,000 games")
    game = load("walking-deck")
    exact = sum((Fraction(p) for k, p in game.new_state(seed=0).odds()[TITLE].items() if "stress" in str(k)),
                Fraction(0))
    rng = random.Random(seed)
    hits = sum("stress" in str(game.new_state(seed=rng.getrandbits(64))._next_outcomes()[TITLE]) for _ in range(n))
    return hits, n, exact


__all__ = ["calamity_stress", "QUESTION"]
