"""gamelib: playable rulebooks for classroom probability.

>>> import gamelib
>>> state = gamelib.load("walking-deck").new_state(seed=1)
"""
from .agents import Agent, RandomAgent, agents_for, play
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
from .sim import simulate
from .strategy import hint  # noqa: E402  (each option's chance of winning; issue 16)

__version__ = "0.1.0"
IllegalActionError = IllegalAction  # python-chess style alias

__all__ = [
    "Action", "Agent", "CardDataError", "Distribution", "Game", "GamelibError", "IllegalAction",
    "IllegalActionError", "LogEntry", "OptionError", "Outcome", "RandomAgent", "RecordError",
    "ScenarioError", "State", "UnknownGame", "agents_for", "games", "load", "load_record", "play",
    "register", "simulate", "hint", "SeedError", "UnknownPlayer", "PlyError",
]
