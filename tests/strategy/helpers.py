"""Positions for the strategy tests: Interrogations reached by real play, and small ones."""
from __future__ import annotations

import gamelib
from gamelib.core import Rng, derive_seed
from gamelib.rules.walking_deck.agents import HeuristicAgent
from gamelib.strategy.walking_deck import play_to_interrogation


class NoPeeking(Rng):
    """A generator that fails if used: the real position's one knows the future draws, so an
    agent or a hint must play its samples with generators of its own."""

    def randbelow(self, n):  # pragma: no cover - only reached by a leak
        raise AssertionError("the real position's random generator was used")

    def copy(self):
        return self


def to_interrogation(protagonist: str, seed: int, heuristic: bool = True):
    """A game played by the heuristic (or random) player up to its Interrogation, or None if it
    was lost during the Journey."""
    g = gamelib.load("walking-deck", protagonist=protagonist)
    s = g.new_state(seed=seed)
    play_to_interrogation(s, HeuristicAgent(seed) if heuristic else gamelib.RandomAgent(seed))
    return None if s.is_over else s


def interrogation_positions(protagonist: str, seeds, per_game: int = 12, heuristic: bool = True, memory_left: int = 99):
    """Positions inside Interrogations, stepped by random choices from each game's start (or
    from when at most ``memory_left`` Events are left to unstack: small, quick to solve)."""
    out = []
    for seed in seeds:
        s = to_interrogation(protagonist, seed, heuristic)
        if s is None:
            continue
        rng = gamelib.core.Rng(derive_seed(seed, 99))
        guide = HeuristicAgent(seed)
        while not s.is_over and len(s.memory) > memory_left:
            s.apply(guide.choose(s))
        for _ in range(per_game):
            if s.is_over:
                break
            out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
    return out
