"""Players that choose actions by themselves, and ``play`` for one whole game."""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Union

from .core.action import Action
from .core.errors import GamelibError
from .core.game import Game
from .core.inputs import show
from .core.rng import Rng, derive_seed
from .core.state import State


class AgentError(GamelibError):
    """Agents that cannot play this game as given: a player without an agent, a number of agents
    that is not the number of players, an agent's setting out of its range, an unknown agent name.
    The message names the input and what would be valid."""


class UnfinishedGame(GamelibError):
    """``play`` reached ``max_actions`` before the game ended (no game of this package needs more
    than a few thousand actions; a larger ``max_actions`` or other agents may finish it)."""


def whole_setting(name: str, value: Any, low: int = 1, also: str = "") -> None:
    """Refuse an agent setting ``name`` that is not a whole number of at least ``low`` (AgentError;
    ``also`` names what else is allowed)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise AgentError(f"{name} {show(value)}: give a whole number, {low} or more{also}")


class Agent:
    """Chooses one of ``state.legal_actions()`` for ``state.to_move``."""

    name = "agent"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def with_seed(self, seed: int) -> "Agent":
        """A fresh agent of the same kind and settings, reseeded (one per simulated game)."""
        return type(self)(seed=seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, state: State) -> Action:
        legal = state.legal_list()
        return legal[self.rng.randbelow(len(legal))]


Agents = Union[Agent, Sequence[Agent], Mapping[str, Agent]]


def agents_for(game: Game) -> dict[str, type[Agent]]:
    """The agents a game offers by name: always "random", plus the game's own."""
    out: dict[str, type[Agent]] = {"random": RandomAgent}
    for name, path in type(game).agent_classes.items():
        module, _, cls = path.partition(":")
        out[name] = getattr(importlib.import_module(module), cls)
    return out


def seat_agents(game: Game, agents: Agents, seed: int) -> dict[str, Agent]:
    """One freshly seeded agent per player, so a game's result depends only on ``seed``."""
    players = game.players
    if isinstance(agents, Agent):
        chosen = {p: agents for p in players}
    elif isinstance(agents, Mapping):
        missing = [p for p in players if p not in agents]
        if missing:
            raise AgentError(f"no agent for player {missing[0]!r}: give one agent for each of the players "
                             f"{', '.join(players)}")
        chosen = dict(agents)
    else:
        agents = list(agents)
        if len(agents) != len(players):
            raise AgentError(f"{len(agents)} agents for {len(players)} players: give one agent per player, in seat "
                             f"order ({', '.join(players)}), a dict by player name, or one agent for all")
        chosen = dict(zip(players, agents))
    return {p: a.with_seed(derive_seed(seed, 1 + i)) for i, (p, a) in enumerate(chosen.items())}


def play(game: Game, agents: Agents, seed: int = 0, max_actions: int = 100_000, *, fast: bool = False,
         log: bool = True) -> State:
    """Play one game from ``game.new_state(seed)`` to the end and return the final state.

    ``fast=True`` is the simulation path: actions chosen among ``legal_actions()`` are played
    with ``State.apply_fast`` (no undo snapshots; undo still works, by replaying). ``log=False`` keeps
    no log. Either way the game played is the same."""
    whole_setting("max_actions", max_actions)
    seated = seat_agents(game, agents, seed)
    state = game.new_state(seed=seed)
    if not log:
        state.log_enabled = False
    go = state.apply_fast if fast else state.apply
    for _ in range(max_actions):
        if state.is_over:
            return state
        go(seated[state.to_move].choose(state))
    raise UnfinishedGame(f"{game.name}: the game with seed {seed} did not end within max_actions={max_actions:,} "
                         "actions; give a larger max_actions, or agents that finish it")


__all__ = ["Agent", "AgentError", "RandomAgent", "UnfinishedGame", "agents_for", "play", "seat_agents"]
