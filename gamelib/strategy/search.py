"""Agents for The Walking Deck that look ahead.

``JourneySearchAgent``: at each Journey decision with a real choice it samples orders of the
two piles consistent with what the player knows (their contents, never their order: the
state's ``resample_hidden``, with a fresh generator so the real future Calamity draws are not
used either), plays each option in every sample (the same samples for every option, so the
comparison is fair), finishes the Journey with the heuristic player, and scores the leaf where
the Memory is complete with the exact Interrogation value when the solver finds it within
``leaf_nodes`` positions (else one heuristic Interrogation played out). The heuristic's own
choice is kept unless another option does better on the same samples by more than ``margin``
standard errors of the paired difference (a first tournament with "best average wins" and 3
samples lost to the heuristic: the noise picked worse moves). With ``screen=k`` it first plays
only the first k samples and goes on to all ``samples`` only if some option did better than the
heuristic's on them (the same samples, in the same order: otherwise the heuristic's choice stands
at once, which is what the full test keeps nearly always). In the Interrogation it plays the
exact best action (when found within ``play_nodes`` new positions, else the heuristic's choice).

``BestInterrogationAgent``: the heuristic's Journey, then the exact best Interrogation play:
what perfect play is worth after the same Journey.
"""
from __future__ import annotations

from typing import Any

from gamelib.agents import Agent, whole_setting
from gamelib.core import Action, Rng, derive_seed
from gamelib.rules.walking_deck.agents import HeuristicAgent

from . import walking_deck as wds

PLAYER = "you"


class _ExactInterrogation:
    """The exact Interrogation play shared by the agents below (one solver per game)."""

    play_nodes: float
    stats: dict[str, int]

    def _init_solver(self) -> None:
        self._solver: wds.InterrogationSolver | None = None
        self._fallback = HeuristicAgent(self.seed)
        self.stats = {"exact_decisions": 0, "fallback_decisions": 0, "leaves_exact": 0, "leaves_played": 0}

    def interrogation_choice(self, state: Any) -> Action:
        if not wds.covers(self._solver, state):
            self._solver = wds.solver_for(state, cache=False)
        a = wds.best_action(state, self._solver, self.play_nodes)
        if a is None:
            self.stats["fallback_decisions"] += 1
            return self._fallback.choose(state)
        self.stats["exact_decisions"] += 1
        return a


class BestInterrogationAgent(_ExactInterrogation, Agent):
    """The heuristic player's Journey, then best play in the Interrogation."""

    name = "best-interrogation"

    def __init__(self, seed: int = 0, play_nodes: float = float("inf")):
        super().__init__(seed)
        self.play_nodes = play_nodes
        self._journey = HeuristicAgent(seed)
        self._init_solver()

    def with_seed(self, seed: int) -> "BestInterrogationAgent":
        return type(self)(seed=seed, play_nodes=self.play_nodes)

    def choose(self, state: Any) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.stage == "Interrogation":
            return self.interrogation_choice(state)
        return self._journey.choose(state)

    def __repr__(self) -> str:
        return f"BestInterrogationAgent(seed={self.seed}, play_nodes={self.play_nodes})"


class JourneySearchAgent(_ExactInterrogation, Agent):
    """Sampled pile orders, heuristic roll-outs to the end of the Journey, exact leaves."""

    name = "search"

    def __init__(self, seed: int = 0, samples: int = 6, leaf_nodes: int = 300, play_nodes: float = 50_000,
                 margin: float = 2.0, screen: int | None = None):
        super().__init__(seed)
        whole_setting("samples", samples)
        if screen is not None:
            whole_setting("screen", screen, also=", or None (every sample at once)")
        self.samples = samples
        self.screen = screen
        self.margin = margin
        self.leaf_nodes = leaf_nodes
        self.play_nodes = play_nodes
        self._roll = HeuristicAgent(seed)
        self._init_solver()

    def with_seed(self, seed: int) -> "JourneySearchAgent":
        return type(self)(seed=seed, samples=self.samples, leaf_nodes=self.leaf_nodes, play_nodes=self.play_nodes,
                          margin=self.margin, screen=self.screen)

    def __repr__(self) -> str:
        return (f"JourneySearchAgent(seed={self.seed}, samples={self.samples}, leaf_nodes={self.leaf_nodes}, "
                f"play_nodes={self.play_nodes}, screen={self.screen})")

    # ---- deciding ------------------------------------------------------------------------------
    def choose(self, state: Any) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.stage == "Interrogation":
            return self.interrogation_choice(state)
        # The heuristic's choice stands unless the samples show another option is better by
        # more than ``margin`` standard errors of the paired difference (the same worlds are
        # used for every option): with few samples, noise would otherwise pick worse moves.
        default = self._roll.choose(state)
        seed = self.rng.next64()
        first = self.samples if self.screen is None else min(self.screen, self.samples)
        _, per = self.evaluate(state, legal, first, seed)
        base = per[legal.index(default)]
        if first < self.samples and any(sum(v) > sum(base) for v in per):
            # Some option did better on the first samples: play the rest of them. If none did,
            # no option can pass the test below on these samples, and the heuristic's stands.
            _, more = self.evaluate(state, legal, self.samples, seed, start=first)
            per = [v + m for v, m in zip(per, more)]
            base = per[legal.index(default)]
        best, best_gain = default, 0.0
        n = len(base)
        for a, vals in zip(legal, per):
            if a == default:
                continue
            diffs = [x - y for x, y in zip(vals, base)]
            gain = sum(diffs) / n
            var = sum((d - gain) ** 2 for d in diffs) / max(1, n - 1)
            if gain > best_gain and gain > self.margin * (var / n) ** 0.5:
                best, best_gain = a, gain
        return best

    def evaluate(self, state: Any, legal: list[Action], samples: int, seed: int,
                 start: int = 0) -> tuple[list[float], list[list[float]]]:
        """Sum and per-sample leaf values of each action over sampled worlds ``start`` to
        ``samples - 1`` (world k depends only on ``seed`` and k)."""
        per: list[list[float]] = [[] for _ in legal]
        for k in range(start, samples):
            world_seed = derive_seed(seed, k)
            world = sample_world(state, world_seed)
            for j, a in enumerate(legal):
                w = world.clone()
                w.rng = Rng(derive_seed(world_seed, 1))  # the same future Calamities for every option
                w.apply(a)
                per[j].append(self.rollout(w))
        return [sum(v) for v in per], per

    def rollout(self, w: Any) -> float:
        """Finish the Journey with the heuristic; the exact Interrogation value at the leaf.
        The world is thrown away afterwards: it plays on the simulation path (no undo
        snapshots, no log), which plays the very games ``apply`` plays (a test shows it)."""
        roll = self._roll
        w.log_enabled = False
        go = w.apply_fast
        while not w.is_over and w.stage != "Interrogation":
            legal = w.legal_list()
            go(legal[0] if len(legal) == 1 else roll.choose(w))
        if w.is_over:
            return float(w.over == "won")
        v = wds.budgeted_value(w, self.leaf_nodes)
        if v is not None:
            self.stats["leaves_exact"] += 1
            return v
        self.stats["leaves_played"] += 1
        while not w.is_over:
            legal = w.legal_list()
            go(legal[0] if len(legal) == 1 else roll.choose(w))
        return float(w.over == "won")


def sample_world(state: Any, seed: int) -> Any:
    """A position the player cannot tell from ``state``: pile orders re-shuffled, and a fresh
    generator for the Calamity bag (the real one would know the future draws)."""
    world = state.resample_hidden(PLAYER, Rng(seed))
    world.rng = Rng(derive_seed(seed, 7))
    return world


__all__ = ["JourneySearchAgent", "BestInterrogationAgent", "sample_world"]
