"""``WalkingDeckState``: one position of The Walking Deck, as plain lists, tuples and ints.

The fields are declared once (``fields`` below), which gives the class its ``__slots__``,
``_copy_into`` and ``_key``. This module also holds the small queries the rules, views and odds
share, and the values a position holds (pending decisions). It imports only ``cards`` (and
``gamelib.core``); the engine hooks that need the modules below it (``rules``, ``views``,
``odds``, ``scenario``) are bound to the class in ``game.py``:

    _legal_actions, _apply   rules.legal_actions, rules.apply
    _view, zones, _redeal_hidden   views.view, views.zones, views.redeal_hidden
    odds, _next_outcomes     odds.odds, odds.next_outcomes
    to_scenario              scenario.to_scenario
"""
from __future__ import annotations

from typing import Any, NamedTuple

from gamelib.core import Distribution, Outcome, State, chance
from gamelib.core.fields import CACHE, DICT, LIST, TUPLE, VALUE, Fields

from .cards import END, INTERROGATION, RESERVES

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


class WalkingDeckState(State):
    fields = Fields(
        rural=LIST, urban=LIST,  # draw piles, top = last item
        hand=LIST,
        memory=LIST,             # first memorised first (the Interrogation unstacks index 0)
        avoided=LIST,
        buried=LIST,             # first buried first
        front=LIST,              # Characters in front of you, in placement order
        dmg=DICT,                # Character in front -> its damage
        removed=LIST,            # removed from the game
        current=VALUE,           # the non-Character Event being unstacked, or None
        reserves=VALUE,          # (Food, Medical, Restorative): True = available side
        bag=LIST,                # Calamity tokens in the bag, in card-file order
        aside=LIST,              # Respite tokens beside the bag, in card-file order
        drawn=VALUE,             # the drawn Calamity token, or None
        out=TUPLE,               # tokens out of play (scenarios); never changes in a game
        stage=VALUE,             # JOURNEY or INTERROGATION
        step=VALUE,              # DRAW or PLAY (Journey), UNSTACK (Interrogation)
        src=VALUE,               # the Event whose banner is being applied, or None
        banner=VALUE,            # that banner's colour (NO_BANNER when src is None)
        nxt=VALUE,               # index of the next effect of that banner (0 when src is None)
        failed=VALUE,            # a negative effect of that banner failed (False when src is None)
        pending=VALUE,           # the open sub-decision (a *Pending above), or None
        uses=VALUE,              # Protagonist power: uses so far
        power_reserves=VALUE,    # Reserves already used by "reserve heal" (bits)
        over=VALUE,              # None, WON or LOST
        _odds=CACHE,             # a DrawOdds, valid while pile sizes and the Respites aside are unchanged
    )

    # ---- contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        return None if self.over is not None else PLAYER

    @property
    def phase(self) -> str:
        return END if self.over is not None else self.stage

    @property
    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        prot = self.game.protagonist
        if self.over == WON:
            return Outcome((PLAYER,), (), f"the Memory is entirely unstacked ({len(self.buried)}/{prot.burial_limit} buried)")
        return Outcome((), (PLAYER,), f"{len(self.buried)} Events buried, {prot.name}'s limit")

    def summary(self) -> dict[str, Any]:
        return {
            "protagonist": self.game.protagonist.name,
            "buried": len(self.buried),
            "memory_size": len(self.memory),
            "characters_alive": len(self.front),
            "avoided": len(self.avoided),
            "reached_interrogation": self.stage == INTERROGATION,
            "reserves_available": sum(self.reserves),
            "power_uses": self.uses,
        }

    # ---- helpers for views and agents ------------------------------------------------------
    def reserve_states(self) -> dict[str, str]:
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
