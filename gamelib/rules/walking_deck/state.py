"""What a position of The Walking Deck holds and the small queries the rules, views and odds
share: the values of its fields (pending decisions, the odds cache) and functions of a
position. It imports only ``cards`` (and ``gamelib.core``). The State class itself, its fields
declared once and its engine hooks named in its body, is ``game.WalkingDeckState``: it names
the modules below this one (``rules``, ``views``, ``odds``, ``scenario``), which import this one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from gamelib.core import Distribution, chance

from .cards import RESERVES

if TYPE_CHECKING:
    from .game import WalkingDeckState

PLAYER = "you"

# Values of ``step``, ``over`` and ``banner`` (plain strings: views and scenarios show them)
DRAW, PLAY, UNSTACK = "draw", "play", "unstack"
WON, LOST = "won", "lost"
NO_BANNER = "grey"  # ``banner`` while no banner is being applied (canonical, for equal keys)


# ---- pending sub-decisions (the value of ``pending``): named tuples, kind first ----------------

class Pending(NamedTuple):
    """A decision without arguments: "bury_hand" (an Event of the hand to bury) or
    "replacement" (the pile for the replacement of a Horde or Brigade)."""
    kind: str


class DamagePending(NamedTuple):
    kind: str   # "damage"
    left: int   # damage still to distribute, one at a time


class HealPending(NamedTuple):
    kind: str        # "heal"
    left: int        # Characters that may still be healed
    weakness: int    # weakness bits a healed Character must show; 0: any
    healed: tuple    # Characters already healed by this effect (each once)


class CalamityPending(NamedTuple):
    kind: str        # "calamity"
    token: str       # the drawn token (also in ``drawn``)
    add: int         # weakness bits the effect adds
    ignore: int      # weakness bits the effect ignores
    by_reserve: int  # weakness bits ignored by Reserves consumed against this draw


BURY_HAND = Pending("bury_hand")
REPLACEMENT = Pending("replacement")


# ---- cached odds of the next draws (the ``_odds`` field) ----------------------------------------

class PileOdds(NamedTuple):
    size: int                # cards in the pile when this was made
    top: str | None          # its top card then
    counts: dict[str, int]   # Events left by name, in card-file order
    dist: Distribution


class DrawOdds(NamedTuple):
    rural: PileOdds
    urban: PileOdds
    aside: list[str]         # the Respites aside then (they identify the bag's contents)
    bag: Distribution        # the next Calamity, by what the token shows


class WalkingDeckQueries:
    """The queries the rules, views and agents ask of a position (mixed into the State class,
    ``game.WalkingDeckState``, which declares the fields and names the hooks)."""

    __slots__ = ()

    def reserve_states(self: "WalkingDeckState") -> dict[str, str]:
        return {name: ("available" if ok else "consumed") for name, ok in zip(RESERVES, self.reserves)}


# ---- small queries --------------------------------------------------------------------------

def pile_of(s: WalkingDeckState, pile: str) -> list[str]:
    return s.rural if pile == "Rural" else s.urban


def clear_banner(s: WalkingDeckState) -> None:
    """No banner is being applied (its fields back to their canonical values)."""
    s.src, s.banner, s.nxt, s.failed = None, NO_BANNER, 0, False


def calamity_weak(s: WalkingDeckState, p: CalamityPending) -> int:
    """Weaknesses of the drawn Calamity after modifiers and the Reserves consumed against it."""
    return (s.game.cards.tokens[p.token].weak | p.add) & ~p.ignore & ~p.by_reserve


def keep_limit(s: WalkingDeckState) -> int:
    prot = s.game.protagonist
    return prot.uses if prot.power == "keep" else 1


def with_reserve(reserves: tuple, r: int, value: bool) -> tuple:
    return reserves[:r] + (value,) + reserves[r + 1:]


def pile_odds(s: WalkingDeckState, pile: str, old: PileOdds | None = None) -> PileOdds:
    """The next Event of ``pile``. Names are counted in card-file order, never in pile order, so
    the odds cannot hint at the order. ``old`` is the same from an ancestor position: a pile
    only ever loses its top card, so one draw since then is a decrement."""
    ev = s.game.cards.events
    cards = pile_of(s, pile)
    n = len(cards)
    if old is not None:
        if old.size == n:
            return old
        if old.size == n + 1:
            counts = dict(old.counts)
            name = ev[old.top].name
            counts[name] -= 1
            if not counts[name]:
                del counts[name]
            return PileOdds(n, cards[-1] if cards else None, counts, Distribution.from_counts(counts, f"next {pile} event"))
    inside = set(cards)
    counts = {}
    for c in s.game.cards.piles[pile]:
        if c in inside:
            name = ev[c].name
            counts[name] = counts.get(name, 0) + 1
    return PileOdds(n, cards[-1] if cards else None, counts, Distribution.from_counts(counts, f"next {pile} event"))


def bag_odds(s: WalkingDeckState) -> Distribution:
    """The next Calamity draw, by what the token shows (the player cannot tell two tokens with
    the same weaknesses apart). A drawn token goes back before the next draw, so it counts as
    in the bag."""
    cs = s.game.cards
    inside = set(s.bag)
    if s.drawn is not None:
        inside.add(s.drawn)
    by_weak: dict[str, int] = {}
    for t in cs.token_ids:
        if t in inside:
            text = cs.tokens[t].text
            by_weak[text] = by_weak.get(text, 0) + 1
    return Distribution.from_counts(by_weak, "next Calamity weaknesses")


def draw_odds(s: WalkingDeckState) -> DrawOdds:
    """The odds of the next draws, kept in the state and rebuilt piece by piece. Every token but
    the Respites is always in the bag or drawn from it, so the Respites aside identify the
    bag's contents."""
    c = s._odds
    if c is not None and c.rural.size == len(s.rural) and c.urban.size == len(s.urban) and c.aside == s.aside:
        return c  # the usual case: nothing was drawn since
    rural = pile_odds(s, "Rural", c.rural if c else None)
    urban = pile_odds(s, "Urban", c.urban if c else None)
    bag = c.bag if c is not None and c.aside == s.aside else bag_odds(s)
    c = s._odds = DrawOdds(rural, urban, list(s.aside), bag)
    return c


def next_token_odds(s: WalkingDeckState) -> Distribution:
    """What a Calamity draw samples from: the very object ``odds()`` reports."""
    return draw_odds(s).bag


def draw_top(s: WalkingDeckState, pile: str) -> str:
    """Take the top Event of ``pile`` (in explicit-chance mode, the Event the chance node chose:
    ``gamelib.core.chance``; the odds cache assumes top draws, so it is dropped then)."""
    cards = pile_of(s, pile)
    if not chance.active():
        return cards.pop()
    ev = s.game.cards.events
    c = chance.take_top(cards, f"next {pile} event", lambda: pile_odds(s, pile).dist, lambda x: ev[x].name)
    s._odds = None
    return c
