"""Virus decks as compositions (label -> count), and the game's own Virus deck, read from
the card set the engine plays with (the shipped one, or ``cards=`` as ``gamelib.load`` takes it)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Union

from gamelib.core.errors import GamelibError
from gamelib.rules.deadland.cards import MAX_ILLNESS, ZOMBIE_LEVEL, CardData, cached_cards


#: the labels the Virus cards show: the levels, then the Illness and the Radio Contact
LEVELS = tuple(str(i) for i in range(1, ZOMBIE_LEVEL + 1))
ILLNESS = "Illness"
RADIO = "Radio Contact"
LABELS = LEVELS + (ILLNESS, RADIO)
#: Illness cards one Infection deck may hold (the engine's rule)
MAX_ILLNESSES = MAX_ILLNESS
#: the trial kinds: the daily trial adds at most one card; the others follow the attack rules
KINDS = ("daily", "attack", "zombie", "bloodstain")

Deck = Union[Mapping[Any, int], Iterable[Any], None]


def _label(x: Any) -> str:
    if isinstance(x, bool):
        raise GamelibError(f"not a Virus card: {x!r}")
    if isinstance(x, int):
        x = str(x)
    if isinstance(x, str):
        t = x.strip()
        low = t.lower()
        if low in ("illness", "illness card"):
            return ILLNESS
        if low in ("radio contact", "radio", "radio contact card"):
            return RADIO
        if t in LEVELS:
            return t
    raise GamelibError(f"{x!r} is not a Virus card; the cards show {', '.join(LABELS)}")


def composition(cards: Deck) -> Counter:
    """A deck or a pile as label -> count: from a mapping (``{"3": 8, "Illness": 4}``), or from a
    list with one label per card (``view["virus"]["deck"]``). ``None``: empty."""
    out: Counter = Counter()
    if cards is None:
        return out
    if isinstance(cards, Mapping):
        for k, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise GamelibError(f"the count of {k!r} must be a whole number >= 0, got {n!r}")
            if n:
                out[_label(k)] += n
        return out
    if isinstance(cards, (str, bytes)):
        raise GamelibError(f"a deck is a list of card labels or a mapping label -> count, got {cards!r}")
    for c in cards:
        out[_label(c)] += 1
    return out


def card_data(cards: Any = None) -> CardData:
    """The engine's card data: ``None`` for the shipped file, a Deadland game
    (``gamelib.load("deadland", cards=...)``), its ``CardData``, or anything the game's ``cards``
    option takes (a path or a card table; ``CardDataError`` names what is wrong)."""
    if isinstance(cards, CardData):
        return cards
    if getattr(cards, "name", None) == "deadland" and isinstance(getattr(cards, "data", None), CardData):
        return cards.data
    return cached_cards(None) if cards is None else _load("deadland", cards=cards).data


def _load(name: str, **options: Any) -> Any:
    from gamelib.core import load  # the engine checks the card set; imported late

    return load(name, **options)


def full_deck(cards: Any = None) -> Counter:
    """The Virus deck of the card set, every card (shipped: eight of each level 1-8, 4 Illness,
    2 Radio Contact), read from the engine's card data (``card_data``)."""
    out = Counter(v.label for v in card_data(cards).virus.values())
    return Counter({k: out[k] for k in LABELS if out[k]})


def deck_minus(deck: Deck, *piles: Deck) -> Counter:
    """``deck`` with the cards of ``piles`` taken out (e.g. the full deck minus the discards)."""
    out = composition(deck)
    for pile in piles:
        for k, n in composition(pile).items():
            if out[k] < n:
                raise GamelibError(f"cannot take {n} {k!r} out of a deck that holds {out[k]}")
            out[k] -= n
    return +out
