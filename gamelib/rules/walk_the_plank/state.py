"""``PlankState``: one position of Walk the Plank, as plain lists and ints.

The fields are declared once (``fields`` below), which gives the class its ``__slots__``,
``_copy_into`` and ``_key``. This module also holds the small queries the rules, views, odds and
scenarios share. It imports only ``cards`` (and ``gamelib.core``); the engine hooks that need the
modules below it are bound to the class in ``game.py``:

    _legal_actions, _apply, _explain_illegal    rules
    _view, zones, _redeal_hidden                views
    odds, _next_outcomes, _odds_viewer          odds
    to_scenario                                 scenario
"""
from __future__ import annotations

from typing import Any

from gamelib.core import Outcome, State
from gamelib.core.fields import CACHE, LIST, VALUE, Fields

from .cards import CARD_NUMBERS, HAND, NO_CARD, PIRATES, PROGRAMMING, RESOLUTION, CardDef


class PlankState(State):
    fields = Fields(
        pos=LIST,          # pirate PIRATES * seat + i -> its Place (SHIP, plank 1..3, DEAD)
        planks=VALUE,      # plank pieces in play, 1..MAX_PLANKS
        loc=LIST,          # card i of seat s at [s * len(cards) + i] -> Where it is (HAND, k, ...)
        captain=VALUE,     # seat holding the Captain's Token
        round=VALUE,       # round number, from 1
        stage=VALUE,       # a Stage (as a plain int)
        turn=VALUE,        # PROGRAMMING: the seat placing a card; else the Captain (canonical)
        slot=VALUE,        # PROGRAMMING: the card number being placed; else 0
        card_no=VALUE,     # RESOLUTION: the card number being revealed; else 0
        off=VALUE,         # RESOLUTION: the revealer's seat counted from the Captain; else 0
        pending=VALUE,     # RESOLUTION: the revealed card waiting for its player's choice, or NO_CARD
        eliminated=LIST,   # seats without a living pirate, in the order they were eliminated
        ghosts=LIST,       # the eliminated seats that play the Ghost Pirate
        final=VALUE,       # an end condition holds: this round is the last
        result=VALUE,      # the Outcome once the game is over, else None
        # RESOLUTION with a pending card: its Actions, made when it was revealed (derived from
        # the fields above, so never compared; a list nothing changes in place), else None
        choices=CACHE,
    )

    # ---- small queries ------------------------------------------------------------------
    @property
    def colours(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def cards(self) -> tuple[CardDef, ...]:
        return self.game.cards

    def alive(self, seat: int) -> bool:
        pos, b = self.pos, PIRATES * seat
        return pos[b] >= 0 or pos[b + 1] >= 0 or pos[b + 2] >= 0

    def cards_at(self, seat: int, where: int) -> list[int]:
        """Indices of ``seat``'s cards at ``where`` (a ``loc`` code)."""
        nc = len(self.game.cards)
        b = seat * nc
        loc = self.loc
        return [i for i in range(nc) if loc[b + i] == where]

    def face_down(self, seat: int, where: int) -> int:
        """The index of ``seat``'s card at ``where`` (e.g. face down as card 2: ``where=2``), or NO_CARD."""
        nc = len(self.game.cards)
        b = seat * nc
        try:
            return self.loc.index(where, b, b + nc) - b
        except ValueError:
            return NO_CARD

    def unplayed(self, seat: int) -> list[CardDef]:
        """``seat``'s cards in hand or face down: the ones it could have placed this round (a
        Ghost's player places only Shove cards)."""
        cards = self.game.cards
        nc = len(cards)
        b = seat * nc
        loc = self.loc
        out = [c for c in cards if loc[b + c.index] == HAND or loc[b + c.index] in CARD_NUMBERS]
        return [c for c in out if c.is_shove] if seat in self.ghosts else out

    def status(self, seat: int) -> str:
        if seat in self.ghosts:
            return "ghost"
        return "eliminated" if seat in self.eliminated else "alive"

    def revealer(self) -> int:
        """RESOLUTION: the seat whose card is being revealed."""
        return (self.captain + self.off) % len(self.game.players)

    # ---- contract properties ------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        if self.stage == PROGRAMMING:
            return self.game.players[self.turn]
        if self.stage == RESOLUTION:
            return self.game.players[(self.captain + self.off) % len(self.game.players)]
        return None

    @property
    def phase(self) -> str:
        if self.stage == PROGRAMMING:
            return "programming"
        return f"revealing card {self.card_no}" if self.stage == RESOLUTION else "over"

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rounds": self.round, "pirates_left": sum(1 for p in self.pos if p >= 0)}
        for seat, c in enumerate(self.game.players):
            out[f"survivors:{c}"] = sum(1 for p in self.pos[PIRATES * seat:PIRATES * (seat + 1)] if p >= 0)
        out["ghosts"] = ",".join(self.game.players[g] for g in self.ghosts)
        return out
