"""Which games exist. Entries are import paths so that ``import gamelib`` stays cheap."""
from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionError, UnknownGame
from .game import Game, GameInfo

_REGISTRY: dict[str, str] = {
    "walking-deck": "gamelib.rules.walking_deck:WalkingDeck",
    "walk-the-plank": "gamelib.rules.walk_the_plank:WalkThePlank",
    "deadland": "gamelib.rules.deadland:Deadland",
}
_loaded: dict[str, type[Game]] = {}


def register(name: str, path_or_class: str | type[Game]) -> None:
    """Add a game (``"module:Class"`` or the class itself). Tests and plug-ins use this."""
    if isinstance(path_or_class, str):
        _REGISTRY[name] = path_or_class
        _loaded.pop(name, None)
    else:
        _REGISTRY[name] = f"{path_or_class.__module__}:{path_or_class.__qualname__}"
        _loaded[name] = path_or_class


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)
    _loaded.pop(name, None)


def game_class(name: str) -> type[Game]:
    if not isinstance(name, str):
        raise UnknownGame(repr(name), _REGISTRY)
    if name not in _REGISTRY:
        raise UnknownGame(name, _REGISTRY)
    if name not in _loaded:
        module, _, cls = _REGISTRY[name].partition(":")
        _loaded[name] = getattr(importlib.import_module(module), cls)
    return _loaded[name]


def load(name: str, **options: Any) -> Game:
    """The Game called ``name`` with ``options`` (see ``gamelib.games()``)."""
    return game_class(name)(**options)


def games() -> list[GameInfo]:
    """Every registered game with its options."""
    out = []
    for name in _REGISTRY:
        cls = game_class(name)
        players = f"{cls.min_players} player" if cls.max_players == 1 else f"{cls.min_players}-{cls.max_players} players"
        out.append(GameInfo(name, cls.title, players, tuple(cls.option_specs)))
    return out


__all__ = ["load", "games", "register", "unregister", "game_class", "OptionError"]
