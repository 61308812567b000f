"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse,
2012) for any gamelib game, built only on the engine contract.

Each playout starts from a world the searching seat cannot tell from the real one: the
position re-dealt with ``state.resample_hidden(seat, rng)`` and given a fresh random generator
(the real generator would know the future draws). The tree is keyed by the labels of the
actions taken, so a node gathers every world in which those decisions were made; a child is
chosen by UCB1 counted over the playouts in which it was available (ISMCTS's "availability").
Every player in the tree picks what is best for them; the result of a playout is who won. The
budget is a number of playouts, so a seed gives the same decision on every machine.
"""
from __future__ import annotations

import math

from gamelib.agents import Agent, RandomAgent, whole_setting
from gamelib.core import Action, Rng, State, derive_seed


class _Node:
    __slots__ = ("children", "visits", "wins", "avail")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.wins = 0.0   # for the player who chose the action leading here
        self.avail = 0


def sample_world(state: State, seat: str, seed: int) -> State:
    """A position ``seat`` cannot tell from ``state``, with its own future randomness."""
    world = state.resample_hidden(seat, Rng(seed))
    world.rng = Rng(derive_seed(seed, 7))  # (as before resample_hidden existed: the same worlds, the same decisions)
    world.log_enabled = False  # a playout is thrown away: no log texts (the rules never read the log)
    return world


def reward(state: State, player: str) -> float:
    out = state.outcome
    return 1.0 if out is not None and player in out.winners else 0.0


class ISMCTSAgent(Agent):
    """``playouts`` per decision; ``exploration`` is UCB1's constant; ``rollout`` names the
    agent that finishes each playout ("random", or a name from the game's agent list such as
    "heuristic"); ``max_rollout`` caps a playout's length (a capped one scores as a loss)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, playouts: int = 200, exploration: float = 0.7, rollout: str = "random",
                 max_rollout: int = 5_000):
        super().__init__(seed)
        whole_setting("playouts", playouts)
        self.playouts = playouts
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout = max_rollout
        self._rollers: dict[str, Agent] = {}
        self.last_root: _Node | None = None

    def with_seed(self, seed: int) -> "ISMCTSAgent":
        return type(self)(seed=seed, playouts=self.playouts, exploration=self.exploration, rollout=self.rollout,
                          max_rollout=self.max_rollout)

    def __repr__(self) -> str:
        return f"ISMCTSAgent(seed={self.seed}, playouts={self.playouts}, rollout={self.rollout!r})"

    def _roller(self, state: State) -> Agent:
        r = self._rollers.get(state.game.name)
        if r is None:
            if self.rollout == "random":
                r = RandomAgent(derive_seed(self.seed, 3))
            else:
                from gamelib.agents import agents_for

                r = agents_for(state.game)[self.rollout](seed=derive_seed(self.seed, 3))
            self._rollers[state.game.name] = r
        return r

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state, state.to_move, self.playouts, self.rng.next64())
        best = max(legal, key=lambda a: (root.children[a.label].visits if a.label in root.children else -1))
        return best

    def search(self, state: State, seat: str, playouts: int, seed: int) -> _Node:
        """Run ``playouts`` playouts for ``seat`` from ``state``; returns the root node."""
        root = _Node()
        roller = self._roller(state)
        c = self.exploration
        for i in range(playouts):
            world = sample_world(state, seat, derive_seed(seed, i))
            node = root
            path: list[tuple[_Node, str]] = []
            # selection and expansion
            while not world.is_over:
                legal = world.legal_actions()
                player = world.to_move
                untried = [a for a in legal if a.label not in node.children]
                if untried:
                    a = untried[world.rng.randbelow(len(untried))]
                    child = node.children[a.label] = _Node()
                    for b in legal:
                        seen = node.children.get(b.label)
                        if seen is not None:
                            seen.avail += 1
                    world.apply_fast(a)  # (an Action of world.legal_actions(): no undo needed)
                    path.append((child, player))
                    break
                best, best_v = None, -1.0
                for b in legal:
                    ch = node.children[b.label]
                    ch.avail += 1
                    v = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > best_v:
                        best, best_v = b, v
                world.apply_fast(best)
                node = node.children[best.label]
                path.append((node, player))
            # roll-out
            n = 0
            while not world.is_over and n < self.max_rollout:
                legal = world.legal_actions()
                world.apply_fast(legal[0] if len(legal) == 1 else roller.choose(world))
                n += 1
            # back-propagation: each node scores for the player who chose it
            for ch, player in path:
                ch.visits += 1
                ch.wins += reward(world, player)
        self.last_root = root
        return root


__all__ = ["ISMCTSAgent", "sample_world", "reward"]
