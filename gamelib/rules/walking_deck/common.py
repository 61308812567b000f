"""Shared pieces of the rules: section names, the hand size, and small questions about a
position (which pile, what a drawn Calamity shows, whether an effect would change anything)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Event

if TYPE_CHECKING:
    from .state import WalkingDeckState

JOURNEY, INTERROGATION = "Journey", "Interrogation"
BANNERS_S = "Clarifications on Banner Effects"
DAMAGE_S = "Clarifications on Damage and Healing"
GREY_S = "Clarifications on Grey Banner Effects"
FAQ = "F.A.Q."
END = "End of the Game"
POWER_S = "Protagonist"
HAND_SIZE = 3


class Ended(Exception):
    """The game ended in the middle of an action (a burial reached the limit)."""


# ---- small helpers -------------------------------------------------------------------------

def pile_of(s: WalkingDeckState, pile: str) -> list[str]:
    return s.rural if pile == "Rural" else s.urban


def calamity_weak(s: WalkingDeckState, p: tuple) -> int:
    """Weaknesses of the drawn Calamity after modifiers and the Reserves consumed against it."""
    _, token, add, ignore, by_reserve = p
    return (s.game.cards.tokens[token].weak | add) & ~ignore & ~by_reserve


def return_token(s: WalkingDeckState) -> None:
    order = s.game.cards.order
    s.bag.append(s.drawn)
    s.bag.sort(key=order.__getitem__)
    s.drawn = None


def orientation(e: Event, dmg: int) -> str:
    if dmg == 0:
        return "head up"
    if dmg >= e.toughness:
        return "upside down"
    return f"turned {dmg} step{'s' if dmg > 1 else ''}"


def can_take(e: Event, dmg: int) -> str:
    """A Character's orientation in words, with what it can still take."""
    left = e.toughness - dmg
    if left <= 0:
        return "upside down: the next damage buries it"
    return f"{orientation(e, dmg)} (can still take {left})"


def keep_limit(s: WalkingDeckState) -> int:
    prot = s.game.protagonist
    return prot.uses if prot.power == "keep" else 1


def effect_possible(s: WalkingDeckState, e: tuple, played: str | None) -> bool:
    """Whether applying ``e`` would change anything (``played`` is the Event leaving the hand)."""
    k = e[0]
    if k == "restore":
        return not s.reserves[e[1]]
    if k == "consume":
        return s.reserves[e[1]]
    if k == "bury_self":
        return True
    if k == "bury_hand":
        return len(s.hand) - (played in s.hand) > 0
    if k in ("memorise_top", "avoid_top"):
        return bool(pile_of(s, e[1]))
    if k == "respite_in":
        return bool(s.aside)
    if k == "respite_out":
        return any(s.game.cards.tokens[t].respite for t in s.bag)
    if k in ("damage", "calamity"):
        return bool(s.front)
    if k == "heal":
        return any(s.dmg[c] and (not e[2] or s.game.cards.events[c].weak & e[2]) for c in s.front)
    if k == "unbury":
        return bool(s.buried)
    raise ValueError(f"unknown effect {e!r}")  # pragma: no cover


def can_avoid(s: WalkingDeckState, e: Event) -> bool:
    """A black banner can be applied when at least one of its effects can (F.A.Q.: apply it as
    far as possible); otherwise avoiding would cost nothing, which the rule forbids."""
    return any(effect_possible(s, x, e.id) for x in e.black)


def with_reserve(t: tuple, i: int, value: bool) -> tuple:
    return t[:i] + (value,) + t[i + 1:]
