"""The small queries the rules, views, odds and scenarios of Walk the Plank ask of a position.
It imports only ``cards`` (and ``gamelib.core``). The State class itself, its fields declared
once and its engine hooks named in its body, is ``game.PlankState``: it names the modules below
this one (``rules``, ``views``, ``odds``, ``scenario``), which import this one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARD_NUMBERS, HAND, NO_CARD, PIRATES, CardDef

if TYPE_CHECKING:
    from .game import PlankState


class PlankQueries:
    """The queries the rules, views, odds and scenarios ask of a position (mixed into the State
    class, ``game.PlankState``, which declares the fields and names the hooks)."""

    __slots__ = ()

    # ---- small queries ------------------------------------------------------------------
    @property
    def colours(self: "PlankState") -> tuple[str, ...]:
        return self.game.players

    @property
    def cards(self: "PlankState") -> tuple[CardDef, ...]:
        return self.game.cards

    def alive(self: "PlankState", seat: int) -> bool:
        pos, b = self.pos, PIRATES * seat
        return pos[b] >= 0 or pos[b + 1] >= 0 or pos[b + 2] >= 0

    def cards_at(self: "PlankState", seat: int, where: int) -> list[int]:
        """Indices of ``seat``'s cards at ``where`` (a ``loc`` code)."""
        nc = len(self.game.cards)
        b = seat * nc
        loc = self.loc
        return [i for i in range(nc) if loc[b + i] == where]

    def face_down(self: "PlankState", seat: int, where: int) -> int:
        """The index of ``seat``'s card at ``where`` (e.g. face down as card 2: ``where=2``), or NO_CARD."""
        nc = len(self.game.cards)
        b = seat * nc
        try:
            return self.loc.index(where, b, b + nc) - b
        except ValueError:
            return NO_CARD

    def unplayed(self: "PlankState", seat: int) -> list[CardDef]:
        """``seat``'s cards in hand or face down: the ones it could have placed this round (a
        Ghost's player places only Shove cards)."""
        cards = self.game.cards
        nc = len(cards)
        b = seat * nc
        loc = self.loc
        out = [c for c in cards if loc[b + c.index] == HAND or loc[b + c.index] in CARD_NUMBERS]
        return [c for c in out if c.is_shove] if seat in self.ghosts else out

    def status(self: "PlankState", seat: int) -> str:
        if seat in self.ghosts:
            return "ghost"
        return "eliminated" if seat in self.eliminated else "alive"

    def revealer(self: "PlankState") -> int:
        """RESOLUTION: the seat whose card is being revealed."""
        return (self.captain + self.off) % len(self.game.players)
