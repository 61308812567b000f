"""The odds of the next revealed card, as the public reckons them: every program the player could
have placed (their unplayed cards, the position rules) equally likely; and as each seat reckons
them (``odds_for``): the pirate whose card it is knows it, once placed (issue 22, point 6).
Imports cards, state, rules."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from gamelib.core import Distribution

from .cards import CARD_NUMBERS, PROGRAMMING, CardDef
from .rules import next_reveal

if TYPE_CHECKING:
    from .game import PlankState


def _open_slots(s: PlankState, seat: int) -> list[int]:
    """The card positions of ``seat`` that the public has not seen yet this round."""
    if s.stage == PROGRAMMING:
        return list(CARD_NUMBERS) if seat not in s.ghosts else []
    return [k for k in CARD_NUMBERS if s.face_down(seat, k) >= 0]


def _fills(pool: list[CardDef], slots: list[int]) -> int:
    """How many ways distinct cards of ``pool`` can fill ``slots`` (at most two positions)."""
    if not slots:
        return 1
    a = [c for c in pool if slots[0] in c.slots]
    if len(slots) == 1:
        return len(a)
    b = [c for c in pool if slots[1] in c.slots]
    both = sum(1 for c in a if slots[1] in c.slots)
    return len(a) * len(b) - both


def odds(s: PlankState) -> dict[str, Distribution]:
    """The next revealed card, as the public would reckon it if every program the player could
    have placed (given their unplayed cards and the position rules) were equally likely."""
    nxt = next_reveal(s)
    if nxt is None:
        return {}
    seat, k = nxt
    pool = s.unplayed(seat)
    others = [j for j in _open_slots(s, seat) if j != k]
    weights: dict[str, int] = {}
    for c in pool:
        if k in c.slots:
            w = _fills([x for x in pool if x is not c], others)
            if w:
                weights[c.name] = weights.get(c.name, 0) + w
    total = sum(weights.values())
    if not total:
        return {}
    title = f"next revealed card: {s.game.players[seat]}'s card {k} (every legal program equally likely)"
    return {title: Distribution({name: Fraction(w, total) for name, w in weights.items()}, title)}


def _own_card(s: PlankState, player: str) -> tuple[str, str] | None:
    """(title, card name) when the next revealed card is ``player``'s own and already placed."""
    nxt = next_reveal(s)
    if nxt is None or s.game.players[nxt[0]] != player:
        return None
    idx = s.face_down(*nxt)
    if idx < 0:
        return None
    return f"next revealed card: {player}'s card {nxt[1]} (your own: you placed it face down)", s.game.cards[idx].name


def odds_for(s: PlankState, player: str | None) -> dict[str, Distribution]:
    """The odds as ``player`` reckons them: the public's, except the pirate whose face-down card
    is revealed next, who knows it (certain)."""
    own = None if player is None else _own_card(s, player)
    if own is None:
        return odds(s)
    title, name = own
    return {title: Distribution({name: Fraction(1)}, title)}


def next_outcomes(s: PlankState) -> dict[str, object]:
    """The name of the face-down card that will be revealed next, once it has been placed, under
    the public's title and under its owner's (``odds_for``)."""
    nxt = next_reveal(s)
    if nxt is None:
        return {}
    idx = s.face_down(*nxt)
    if idx < 0:
        return {}
    out: dict[str, object] = {title: s.game.cards[idx].name for title in odds(s)}
    own = _own_card(s, s.game.players[nxt[0]])
    if own is not None:
        out[own[0]] = own[1]
    return out


def odds_viewer(s: PlankState) -> str | None:
    """The odds are the public's: a player other than the one whose card is revealed next."""
    nxt = next_reveal(s)
    colours = s.game.players
    return colours[(nxt[0] + 1) % len(colours)] if nxt is not None else s.to_move
