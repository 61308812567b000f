"""gamelib's games as PettingZoo AEC environments (``pip install 'gamelib[ai]'``)::

    from gamelib.adapters.pettingzoo import env
    e = env("deadland", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        e.step(None if termination or truncation else e.action_space(agent).sample(obs["action_mask"]))

Agents are the seats (``"you"``, or the colours). Actions are the game's stable action ids
(``Discrete(len(game.action_space()))``); an observation is a dict of ``observation`` (the seat's
view as a float32 vector, ``gamelib.core.ecosystem``) and ``action_mask`` (int8, 1 for each legal
id; all 0 when it is not that seat's turn). Rewards come at the end: 1 for a winner, -1 for a
loser, 0 otherwise; a game stopped by a house-rule limit (Walk the Plank's round limit) is a
truncation, any other end a termination. Draws are made with the seed given to ``reset`` (the
game's own seeded generator), so a seed replays the same game for the same actions.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import gamelib
from gamelib.core.ecosystem import OBS_SIZE, observation_facts, observation_tensor
from gamelib.core.rng import SEED_MAX


class GamelibEnv(AECEnv):
    """One gamelib game (name and options as for ``gamelib.load``) as an AEC environment."""

    metadata = {"name": "gamelib_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "walking-deck", render_mode: str | None = None, **options: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: choose None or 'ansi'")
        self.game = gamelib.load(game, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gamelib_{self.game.name.replace('-', '_')}_v0"}
        self.possible_agents = list(self.game.players)
        n = len(self.game.action_space())
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._act_space = spaces.Discrete(n)
        self.state = None
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, SEED_MAX, dtype=np.uint64, endpoint=True))
        self.state = self.game.new_state(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.state.to_move

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = np.zeros(self._act_space.n, np.int8)
        if agent == self.state.to_move:
            mask[self.state.legal_action_ids()] = 1
        return {"observation": observation_tensor(self.state, agent), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_over:
            ends = self.truncations if self.state.is_truncated else self.terminations
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = r
                ends[a] = True
            self.agent_selection = agent  # every seat is done: each is stepped out in turn
        else:
            self.agent_selection = self.state.to_move
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The view of the seat to move, as text (``ansi``); never what that seat cannot see."""
        if self.render_mode is None or self.state is None:
            return None
        seat = self.agent_selection
        facts = sorted(observation_facts(self.state, seat).elements())
        return f"{self.game.title}, {seat}'s view:\n" + "\n".join(facts)

    def close(self) -> None:
        pass


def env(game: str = "walking-deck", render_mode: str | None = None, **options: Any) -> GamelibEnv:
    """An AEC environment of ``game`` (``gamelib.load``'s name and options)."""
    return GamelibEnv(game, render_mode=render_mode, **options)
