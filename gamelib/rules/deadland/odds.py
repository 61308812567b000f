"""Exact odds from public information: the next Virus card, whether the player to move would add
a card in a daily trial taken now, and the next Event card of their board."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from gamelib.core import Distribution

from .common import VIRUS_ORDER, VIRUS_TITLE, event_probs, illnesses, virus_odds  # noqa: F401 (VIRUS_ORDER: kept importable here)
from .trials import daily_count

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState



def odds(s: "DeadlandState") -> dict[str, Distribution]:
    if s.result is not None:
        return {}
    out: dict[str, Distribution] = {}
    out[VIRUS_TITLE] = virus_odds(s)
    p = s.game.players.index(s.to_move)  # type: ignore[arg-type]
    if not s.zombie[p]:
        title = f"{s.name(p)}'s daily trial, taken now, adds a card"
        yes = daily_add_chance(s, p)
        out[title] = Distribution([("adds a card", yes), ("adds nothing", 1 - yes)], title)
    b = s.pos[p]
    if s.edeck[b]:
        title = f"next Event on {s.the(b)}"
        out[title] = next_event(s, b, title)
    return out


def odds_for(s: "DeadlandState", player: str | None) -> dict[str, Distribution]:
    """Every seat reckons these draws alike: the Virus deck's and the Event decks' contents follow
    from what is face up, and a face-down role changes no daily trial (only a face-up one does),
    so what a seat alone knows (its role, its hand) tells it nothing more about them (issue 22,
    point 6; ``check_game`` re-deals what each seat cannot see and checks it)."""
    return odds(s)


def next_event(s: "DeadlandState", b: int, title: str) -> Distribution:
    """The next Event card of board ``b`` by category, as the table reckons it (``event_probs``)."""
    category = lambda c: s.data.events[c].category  # noqa: E731
    return Distribution(sorted(event_probs(s, b, category, category).items()), title)


def daily_add_chance(s: "DeadlandState", p: int) -> Fraction:
    """Chance that a daily trial of ``p`` taken in the present position (no Ration eaten, revealed
    roles only) adds a card, following Radio Contacts and the reshuffle they cause exactly."""
    virus = s.data.virus
    level = s.level(p)
    nxt = level + 1
    ill_ok = nxt <= 7 and illnesses(s, p) < 2

    def good(c: str) -> bool:
        vc = virus[c]
        return (vc.kind == "level" and vc.level == nxt) or (vc.kind == "illness" and ill_ok)

    g = sum(1 for c in s.vdeck if good(c))
    r = sum(1 for c in s.vdeck if virus[c].kind == "radio")
    bad = len(s.vdeck) - g - r
    gd = sum(1 for c in s.vdisc if good(c))
    bd = len(s.vdisc) - gd
    k = daily_count(s, p, False)  # only revealed roles change it: public
    return _chance(g, bad, r, gd, bd, k, s.target() - s.radio)


@lru_cache(maxsize=65536)
def _chance(g: int, b: int, r: int, gd: int, bd: int, k: int, left: int) -> Fraction:
    """P(a good card among the next ``k`` non-radio draws). ``r`` Radio Contacts are in the deck
    (2: none drawn this cycle; 1: the second one reshuffles the discards back in); ``left`` more
    Radio Contacts end the game."""
    if k <= 0:
        return Fraction(0)
    total = g + b + r
    if total == 0:  # cannot happen: the deck always holds a Radio Contact
        return Fraction(0)
    p = Fraction(0)
    if g:
        p += Fraction(g, total)
    if b:
        p += Fraction(b, total) * _chance(g, b - 1, r, gd, bd + 1, k - 1, left)
    if r:
        if left <= 1:
            after = Fraction(0)
        elif r == 2:
            after = _chance(g, b, 1, gd, bd, k, left - 1)
        else:  # the second Radio Contact: discards and both Radio cards make the new deck
            after = _chance(g + gd, b + bd, 2, 0, 0, k, left - 1)
        p += Fraction(r, total) * after
    return p


def next_outcomes(s: "DeadlandState") -> dict[str, object]:
    """What the hidden cards will actually give, for the titles of ``odds()`` (the conformance
    check tests the odds against it): the top Virus card, the top Event card of the board, and
    the daily trial of the player to move played out now on copies of the decks and the RNG
    (Radio Contacts and the reshuffle they cause included), as ``daily_add_chance`` reckons it."""
    if s.result is not None:
        return {}
    virus, events = s.data.virus, s.data.events
    out: dict[str, object] = {}
    if s.vdeck:
        out["next Virus card"] = virus[s.vdeck[-1]].label
    p = s.game.players.index(s.to_move)  # type: ignore[arg-type]
    if not s.zombie[p]:  # the same titles, on the same conditions, as odds()
        out[f"{s.name(p)}'s daily trial, taken now, adds a card"] = "adds a card" if _daily_adds(s, p) else "adds nothing"
    b = s.pos[p]
    if s.edeck[b]:
        out[f"next Event on {s.the(b)}"] = events[s.edeck[b][-1]].category
    return out


def _daily_adds(s: "DeadlandState", p: int) -> bool:
    virus = s.data.virus
    nxt = s.level(p) + 1
    ill_ok = nxt <= 7 and illnesses(s, p) < 2
    deck, disc, radio_aside = list(s.vdeck), list(s.vdisc), list(s.vradio)
    rng = s.rng.copy()
    radio = s.radio
    left = daily_count(s, p, False)
    while left > 0 and deck:
        card = deck.pop()
        vc = virus[card]
        if vc.kind == "radio":
            radio_aside.append(card)
            radio += 1
            if radio >= s.target():
                return False  # the game ends first
            if len(radio_aside) >= 2:  # as trials.radio_contact: the same list, the same shuffle
                deck.extend(disc)
                deck.extend(radio_aside)
                disc, radio_aside = [], []
                rng.shuffle(deck)
            continue
        if (vc.kind == "level" and vc.level == nxt) or (vc.kind == "illness" and ill_ok):
            return True
        disc.append(card)
        left -= 1
    return False
