"""The exact odds of a Walking Deck position's next draws, and what those draws will really give
(for the conformance check). The distributions themselves are kept in the state
(``state.draw_odds``), because the Calamity draw samples the very object shown here."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Distribution

from .state import draw_odds, next_token_odds

if TYPE_CHECKING:
    from .game import WalkingDeckState


def odds(s: WalkingDeckState) -> dict[str, Distribution]:
    """Exact odds of the next draws, from what the player knows: the contents of each pile (every
    Event that left one was seen) and of the bag."""
    c = draw_odds(s)
    out: dict[str, Distribution] = {}
    if s.rural:
        out["next Rural event"] = c.rural.dist
    if s.urban:
        out["next Urban event"] = c.urban.dist
    out["next Calamity weaknesses"] = c.bag
    return out


def next_outcomes(s: WalkingDeckState) -> dict[str, object]:
    """What the hidden cards will actually give, for each title of ``odds()`` (the conformance
    check tests the odds against it). The top card of each pile, and the Calamity a draw now
    would give (the draw simulated on a copy of the RNG, exactly as ``effects.draw_token``
    samples). Each title's outcome is read from ``odds()`` of a copy holding only the card or
    token that comes next, so it follows whatever labels ``odds()`` uses."""
    if s.over is not None:
        return {}
    tokens = s.game.cards.tokens
    key = next_token_odds(s).sample(s.rng.copy())
    inside = s.bag + ([s.drawn] if s.drawn is not None else [])
    token = key if key in tokens else next(t for t in inside if tokens[t].text == key)
    only = s.clone()
    only.rural, only.urban = s.rural[-1:], s.urban[-1:]
    only.bag, only.drawn, only._odds = [token], None, None
    out: dict[str, object] = {}
    for title, dist in odds(only).items():
        if len(dist) == 1:
            out[title] = next(iter(dist))
    return out
