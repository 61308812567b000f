"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse,
2012) for any gamelib game, built only on the engine contract.

Each playout starts from a world the searching seat cannot tell from the real one: the
position re-dealt with ``state.resample_hidden(seat, rng)`` and given a fresh random generator
(the real generator would know the future draws). The tree is keyed by the stable ids of the
actions taken (``gamelib.core.ids``; labels for a game without an action universe), so a node
gathers every world in which those decisions were made, even where a label differs between
worlds while the decision does not (The Walking Deck's "Keep FIRE and RIOT" is the one id
``("keep",)`` whatever the hand); a child is
chosen by UCB1 counted over the playouts in which it was available (ISMCTS's "availability").
Every player in the tree picks what is best for them; the result of a playout is who won. The
budget is a number of playouts, so a seed gives the same decision on every machine.

``tree="infoset"`` keys nodes instead by the searching seat's information-state key
(``state.info_key(seat)``, a few µs) with statistics per edge, so paths and worlds the seat
cannot tell apart share a node (transpositions merged). It was no faster and not
measurably stronger than the id-path tree in session 25's measurements (docs/performance.md),
so the default stays "path" and seeded decisions are unchanged.
"""
from __future__ import annotations

import math

from collections.abc import Callable

from gamelib.agents import Agent, AgentError, RandomAgent, whole_setting
from gamelib.core import Action, Rng, State, derive_seed
from gamelib.core.ecosystem import info_key
from gamelib.core.inputs import show
from gamelib.core.ids import has_universe, ids_in_legal_order


class _Node:
    __slots__ = ("children", "visits", "wins", "avail")

    def __init__(self) -> None:
        self.children: dict[int | str, _Node] = {}  # by action id (or label)
        self.visits = 0
        self.wins = 0.0   # for the player who chose the action leading here
        self.avail = 0


#: the two shapes of tree (``ISMCTSAgent.tree``)
TREES = ("path", "infoset")


def sample_world(state: State, seat: str, seed: int) -> State:
    """A position ``seat`` cannot tell from ``state``, with its own future randomness."""
    world = state.resample_hidden(seat, Rng(seed))
    world.rng = Rng(derive_seed(seed, 7))  # (as before resample_hidden existed: the same worlds, the same decisions)
    world.log_enabled = False  # a playout is thrown away: no log texts (the rules never read the log)
    return world


def _labels(state: State) -> list[str]:
    return [a.label for a in state.legal_list()]


def edge_keys(state: State, by: str = "id") -> Callable[[State], list]:
    """How the tree keys an edge for this game: the legal actions' stable ids, in the legal
    list's order, or their labels (``by="label"``, and for a game without an action universe)."""
    return ids_in_legal_order if by == "id" and has_universe(state.game) else _labels


def reward(state: State, player: str) -> float:
    out = state.outcome
    return 1.0 if out is not None and player in out.winners else 0.0


class ISMCTSAgent(Agent):
    """``playouts`` per decision; ``exploration`` is UCB1's constant; ``rollout`` names the
    agent that finishes each playout ("random", or a name from the game's agent list such as
    "heuristic"); ``max_rollout`` caps a playout's length (a capped one scores as a loss)."""

    name = "ismcts"
    #: "id": edges keyed by stable action ids (labels where a game has no universe); "label":
    #: by labels, as before session 25 (kept to measure one against the other in one run:
    #: python -m gamelib.bench --ismcts)
    edges = "id"
    #: "path": a node per sequence of edges from the root (the tree as before); "infoset": a node
    #: per information set of the searching seat (``state.info_key``), statistics per edge
    tree = "path"

    def __init__(self, seed: int = 0, playouts: int = 200, exploration: float = 0.7, rollout: str = "random",
                 max_rollout: int = 5_000, tree: str | None = None):
        super().__init__(seed)
        whole_setting("playouts", playouts)
        if tree is not None:
            if tree not in TREES:
                raise AgentError(f"tree={show(tree)}: choose one of {', '.join(TREES)}")
            self.tree = tree
        self.playouts = playouts
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout = max_rollout
        self._rollers: dict[str, Agent] = {}
        self.last_root: _Node | None = None
        self.last_nodes: dict[tuple, _Node] = {}  # "infoset": the last search's nodes by information-state key

    def with_seed(self, seed: int) -> "ISMCTSAgent":
        return type(self)(seed=seed, playouts=self.playouts, exploration=self.exploration, rollout=self.rollout,
                          max_rollout=self.max_rollout, tree=self.tree)

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
        keys = edge_keys(state, self.edges)(state)
        legal = state.legal_list()  # (the order the keys are in)
        best = max(range(len(legal)), key=lambda j: (root.children[keys[j]].visits if keys[j] in root.children else -1))
        return legal[best]

    def search(self, state: State, seat: str, playouts: int, seed: int) -> _Node:
        """Run ``playouts`` playouts for ``seat`` from ``state``; returns the root node."""
        if self.tree == "infoset":
            return self._search_infosets(state, seat, playouts, seed)
        root = _Node()
        roller = self._roller(state)
        c = self.exploration
        keys_of = edge_keys(state, self.edges)
        for i in range(playouts):
            world = sample_world(state, seat, derive_seed(seed, i))
            node = root
            path: list[tuple[_Node, str]] = []
            # selection and expansion
            while not world.is_over:
                legal = world.legal_list()
                keys = keys_of(world)
                player = world.to_move
                children = node.children
                untried = [j for j, k in enumerate(keys) if k not in children]
                if untried:
                    j = untried[world.rng.randbelow(len(untried))]
                    child = children[keys[j]] = _Node()
                    for k in keys:
                        seen = children.get(k)
                        if seen is not None:
                            seen.avail += 1
                    world.apply_fast(legal[j])  # (an Action of world.legal_list(): no undo needed)
                    path.append((child, player))
                    break
                best, best_v, best_node = 0, -1.0, None
                for j, k in enumerate(keys):
                    ch = children[k]
                    ch.avail += 1
                    v = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > best_v:
                        best, best_v, best_node = j, v, ch
                world.apply_fast(legal[best])
                node = best_node
                path.append((node, player))
            # roll-out
            n = 0
            while not world.is_over and n < self.max_rollout:
                legal = world.legal_list()
                world.apply_fast(legal[0] if len(legal) == 1 else roller.choose(world))
                n += 1
            # back-propagation: each node scores for the player who chose it
            for ch, player in path:
                ch.visits += 1
                ch.wins += reward(world, player)
        self.last_root = root
        return root

    def _search_infosets(self, state: State, seat: str, playouts: int, seed: int) -> _Node:
        """``search`` with a node per information set of ``seat`` (``state.info_key(seat)`` of
        the position reached), statistics per edge (action id) out of it: worlds and paths that
        ``seat`` cannot tell apart share their nodes (transpositions merged)."""
        root = _Node()
        nodes: dict[tuple, _Node] = {info_key(state, seat): root}
        roller = self._roller(state)
        c = self.exploration
        keys_of = edge_keys(state, self.edges)
        for i in range(playouts):
            world = sample_world(state, seat, derive_seed(seed, i))
            node = root
            path: list[tuple[_Node, str]] = []
            while not world.is_over:
                legal = world.legal_list()
                keys = keys_of(world)
                player = world.to_move
                edges = node.children
                untried = [j for j, k in enumerate(keys) if k not in edges]
                if untried:
                    j = untried[world.rng.randbelow(len(untried))]
                    edge = edges[keys[j]] = _Node()
                    for k in keys:
                        seen = edges.get(k)
                        if seen is not None:
                            seen.avail += 1
                    world.apply_fast(legal[j])
                    path.append((edge, player))
                    break
                best, best_v, best_edge = 0, -1.0, None
                for j, k in enumerate(keys):
                    e = edges[k]
                    e.avail += 1
                    v = e.wins / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                    if v > best_v:
                        best, best_v, best_edge = j, v, e
                world.apply_fast(legal[best])
                path.append((best_edge, player))
                key = info_key(world, seat)
                node = nodes.get(key)
                if node is None:
                    node = nodes[key] = _Node()
            n = 0
            while not world.is_over and n < self.max_rollout:
                legal = world.legal_list()
                world.apply_fast(legal[0] if len(legal) == 1 else roller.choose(world))
                n += 1
            for edge, player in path:
                edge.visits += 1
                edge.wins += reward(world, player)
        self.last_nodes = nodes
        self.last_root = root
        return root


__all__ = ["ISMCTSAgent", "sample_world", "reward", "edge_keys"]
