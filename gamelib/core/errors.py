"""The exception taxonomy. Every error is a ``ValueError`` so callers that only
care about "bad input" can catch one thing, while tools can catch the precise kind."""
from __future__ import annotations

from collections.abc import Iterable

from .inputs import show


class GamelibError(ValueError):
    """Base of every error gamelib raises on purpose."""


class UnknownGame(GamelibError):
    """``gamelib.load`` was given a name that is not registered."""

    def __init__(self, name: str, known: Iterable[str]):
        self.name = name
        self.known = tuple(known)
        super().__init__(f"unknown game {name!r}; the games are: {', '.join(self.known)}")


class OptionError(GamelibError):
    """An option name or value is not allowed for this game."""


class IllegalAction(GamelibError):
    """``State.apply`` was given an action that is not legal now. The state is unchanged."""

    def __init__(self, action: object, player: str | None, phase: str, legal: Iterable[str], why: str = ""):
        self.action = action
        self.player = player
        self.phase = phase
        self.legal = tuple(legal)
        who = f"player {player!r}" if player is not None else "nobody (the game is over)"
        listing = "; ".join(repr(x) for x in self.legal) if self.legal else "none"
        reason = f" ({why})" if why else ""
        super().__init__(
            f"{str(action)!r} is not a legal action for {who} in phase {phase!r}{reason}. "
            f"Legal actions: {listing}"
        )


class RecordError(GamelibError):
    """A saved replay record is malformed, tampered with or does not replay."""


class SeedError(GamelibError):
    """A seed is not a whole number from 0 to 2**64 - 1 (the generator's whole state)."""


class UnknownPlayer(GamelibError):
    """A player name (for ``view`` and the like) is not one of the game's players."""

    def __init__(self, player: object, players: Iterable[str]):
        self.player = player
        self.players = tuple(players)
        super().__init__(f"unknown player {show(player)}; the players are: {', '.join(self.players)}")


class PlyError(GamelibError):
    """A position in the history (``at_ply``) that is not a whole number from 0 to the current ply."""


class ScenarioError(GamelibError):
    """A scenario dict does not describe a valid position; the message names the field."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"scenario field {field!r}: {message}")


class CardDataError(GamelibError):
    """A card data file is malformed; the message names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, message: str):
        self.file = file
        self.card = card
        self.field = field
        where = str(file)
        if card is not None:
            where += f", card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")
