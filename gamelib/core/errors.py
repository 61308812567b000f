"""The exception taxonomy. Every error is a ``ValueError`` so callers that only
care about "bad input" can catch one thing, while tools can catch the precise kind.

One naming rule, and each error has one name (no aliases here): an input that fails its checks
raises ``<the input>Error`` (``OptionError``, ``RecordError``, ``SeedError``, ``PlyError``,
``ScenarioError``, ``CardDataError``: one type per input, from ``gamelib.core.checks`` where the
input is a table); a name that names nothing raises ``Unknown<what>`` (``UnknownGame``,
``UnknownPlayer``); an action the rules refuse now raises ``IllegalAction``."""
from __future__ import annotations

import difflib
from collections.abc import Iterable

from .inputs import MAX_LABEL_LENGTH, cut, show


#: an error message built from an input is cut to this many characters (its parts quote at most
#: ``SHOW_LIMIT`` characters of any one value; this bounds a message listing many of them)
MESSAGE_LIMIT = 4 * 1024


class GamelibError(ValueError):
    """Base of every error gamelib raises on purpose."""


class UnknownGame(GamelibError):
    """``gamelib.load`` was given a name that is not registered."""

    def __init__(self, name: str, known: Iterable[str]):
        self.name = name
        self.known = tuple(known)
        super().__init__(f"unknown game {show(name)}; the games are: {', '.join(self.known)}")


class OptionError(GamelibError):
    """An option name or value is not allowed for this game."""


class IllegalAction(GamelibError):
    """``State.apply`` was given an action that is not legal now. The state is unchanged.

    The message names the action, the player and the phase, gives the game's own reason when it
    has one (``explanation``), suggests the closest legal labels (``suggestions``) and lists the
    legal ones. After the end of the game it is one sentence saying so."""

    def __init__(self, action: object, player: str | None, phase: str, legal: Iterable[str], why: str = "",
                 explanation: str = "", over: bool | None = None):
        self.action = action
        self.player = player
        self.phase = phase
        self.legal = tuple(legal)
        self.why = why
        self.explanation = explanation
        self.over = (player is None and not self.legal) if over is None else over
        label = getattr(action, "label", None)  # an Action; anything else but text is shown briefly
        text = action if isinstance(action, str) else label if isinstance(label, str) else show(action)
        # difflib's work grows with the product of the lengths: only a label of a plausible
        # length gets suggestions (a 10 MB label would take seconds and hundreds of MB)
        close = not why and len(text) <= MAX_LABEL_LENGTH
        self.suggestions = tuple(difflib.get_close_matches(text, self.legal, n=3, cutoff=0.6)) if close else ()
        quoted = show(text)
        if len(text) > MAX_LABEL_LENGTH:
            why = why or f"no action label is longer than {MAX_LABEL_LENGTH:,} characters"
            self.why = why
        if self.over and text != "undo":
            reason = f" ({why})" if why and why != "the game is over" else ""
            super().__init__(f"{quoted} cannot be played: the game is over{reason}.")
            return
        who = f"player {player!r}" if player is not None else "nobody"
        listing = "; ".join(repr(x) for x in self.legal) if self.legal else "none"
        reason = f" ({why})" if why else ""
        explained = f" {explanation.rstrip('.')}." if explanation else ""
        if self.suggestions:
            maybe = " Did you mean " + " or ".join(repr(x) for x in self.suggestions) + "?"
        else:
            maybe = ""
        super().__init__(
            f"{quoted} is not a legal action for {who} in phase {phase!r}{reason}.{explained}{maybe} "
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
        self.field = field = cut(str(field))  # a field path is built from the scenario's own keys
        super().__init__(f"scenario field {field!r}: {cut(message, MESSAGE_LIMIT)}")


class CardDataError(GamelibError):
    """A card data file is malformed; the message names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, message: str):
        # file, card and field come from the input (a path, a card's id, a key): quoted briefly
        self.file = file
        self.card = card
        self.field = field
        where = cut(str(file))
        if card is not None:
            where += f", card {show(card)}"
        if field is not None:
            where += f", field {show(field)}"
        super().__init__(f"{where}: {cut(message, MESSAGE_LIMIT)}")
