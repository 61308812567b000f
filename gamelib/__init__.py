"""gamelib: playable rulebooks for classroom probability.

>>> import gamelib
>>> state = gamelib.load("walking-deck").new_state(seed=1)

This module is the public API: every name in ``__all__``. Deeper modules are the layers beneath it
(docs/engine.md, "Layers"); the development tools (``gamelib.bench``) are not part of it. Importing
gamelib loads the engine, the agents, ``simulate`` and ``hint``, not the exact solver, the
renderers or the widgets (tests/test_layering.py checks it).
"""
from .agents import Agent, AgentError, RandomAgent, UnfinishedGame, agents_for, play
from .core import (
    Action,
    CardDataError,
    Distribution,
    Game,
    GamelibError,
    IllegalAction,
    LogEntry,
    OptionError,
    Outcome,
    PlyError,
    RecordError,
    ScenarioError,
    SeedError,
    State,
    UnknownGame,
    UnknownPlayer,
    games,
    load,
    load_record,
    register,
)
from .sim import SimulationError, simulate
from .strategy import hint  # noqa: E402  (each option's chance of winning; issue 16)
from .strategy.hint import HintError

__version__ = "0.1.0"

__all__ = [
    "Action", "Agent", "AgentError", "CardDataError", "Distribution", "Game", "GamelibError", "HintError",
    "IllegalAction", "LogEntry", "OptionError", "Outcome", "PlyError", "RandomAgent", "RecordError", "ScenarioError",
    "SeedError", "SimulationError", "State", "UnfinishedGame", "UnknownGame", "UnknownPlayer", "agents_for", "games",
    "hint", "load", "load_record", "play", "register", "simulate",
]
