"""The engine contract shared by every game."""
from .action import Action, LogEntry, Outcome
from .errors import (
    CardDataError,
    GamelibError,
    IllegalAction,
    OptionError,
    PlyError,
    RecordError,
    ScenarioError,
    SeedError,
    UnknownGame,
    UnknownPlayer,
)
from .game import Game, GameInfo, Option
from .odds import Distribution
from .records import load_record
from .registry import game_class, games, load, register, unregister
from .rng import Rng, derive_seed
from .state import State, log
from . import chance  # noqa: E402  (explicit chance: imports the modules above)

__all__ = [
    "Action", "LogEntry", "Outcome", "CardDataError", "GamelibError", "IllegalAction", "OptionError",
    "RecordError", "ScenarioError", "UnknownGame", "SeedError", "UnknownPlayer", "PlyError", "Game", "GameInfo", "Option", "Distribution",
    "load_record", "game_class", "games", "load", "register", "unregister", "Rng", "derive_seed",
    "State", "log",
]
