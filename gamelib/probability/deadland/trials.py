"""How many cards a trial draws, and one Infection Trial played out exactly."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.rules.deadland.cards import daily_size

from .decks import Deck, ILLNESS, KINDS, LEVELS, MAX_ILLNESSES, RADIO, ZOMBIE_LEVEL, composition


def daily_base(level: int) -> int:
    """Cards of a daily trial by Infection level: 0-2: 2, 3-5: 3, 6-7: 4."""
    _check_level(level)
    return daily_size(level)


def trial_size(level: int = 0, kind: str = "daily", cards: int | None = None, *, on_base: bool = False,
               players_on_base: int = 1, boards_turned: bool = False, ration: bool = False,
               survivor: bool = False, hermit_alone: bool = False, level5: bool = False,
               pistol: bool = False) -> int:
    """Cards a survivor at ``level`` draws, as the engine counts them (never below one).

    ``kind="daily"``: by level, one fewer on the Base (``on_base``) unless more than two markers
    are there (``players_on_base``) and no board has been turned over; one fewer for a Ration
    eaten (``ration``), for a face-up Survivor who takes one fewer (``survivor``), for a face-up
    Hermit alone on the board (``hermit_alone``). ``kind="attack"`` (an Event card's zombies) or
    ``"zombie"`` (a zombie player's trial, ``cards`` = its Resistance): ``cards``, one more when a
    survivor at level 5 shares the board (``level5``), one fewer for the Pistol (``pistol``) and
    for the Survivor. ``kind="bloodstain"`` (a turned-over board): ``cards``, one fewer for the
    Survivor only."""
    if kind not in KINDS:
        raise GamelibError(f"unknown trial kind {kind!r}; the kinds are {', '.join(KINDS)}")
    if kind == "daily":
        n = daily_base(level)
        if on_base and not (players_on_base > 2 and not boards_turned):
            n -= 1
        n -= bool(ration) + bool(survivor) + bool(hermit_alone)
        return max(1, n)
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
        raise GamelibError(f"a {kind} trial needs the number of cards on the card (cards=2..5), got {cards!r}")
    n = cards
    if kind in ("attack", "zombie"):
        n += bool(level5) - bool(pistol)
    n -= bool(survivor)
    return max(1, n)


def _check_level(level: Any, illnesses: Any = 0) -> None:
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 7:
        raise GamelibError(f"a survivor's Infection level is 0 to 7, got {level!r}")
    if isinstance(illnesses, bool) or not isinstance(illnesses, int) or not 0 <= illnesses <= min(MAX_ILLNESSES, level):
        raise GamelibError(f"a survivor at level {level} holds 0 to {min(MAX_ILLNESSES, level)} Illness cards, "
                           f"got {illnesses!r}")


@dataclass(frozen=True)
class TrialOutcome:
    """One way a trial can end: the survivor's level and Illness cards after it (level 8: a
    zombie), and whether a Radio Contact ended the game during it."""

    level: int
    illnesses: int
    game_over: bool = False


def trial_outcomes(deck: Deck, discard: Deck = None, *, level: int = 0, illnesses: int = 0, cards: int = 2,
                   kind: str = "daily", radio_aside: int | None = None,
                   radio_left: int | None = None) -> dict[TrialOutcome, Fraction]:
    """Every way a trial of ``cards`` cards (``trial_size``) can end, with its exact chance.

    ``deck``: the Virus deck's composition; ``discard``: the discard pile (it comes back at the
    second Radio Contact of a cycle); ``radio_aside``: Radio Contacts set aside this cycle
    (default: the shipped two, less those in the deck); ``radio_left``: Radio Contacts still needed
    to end the game (``None``: the game never ends, as in a model)."""
    _check_level(level, illnesses)
    if kind not in KINDS:
        raise GamelibError(f"unknown trial kind {kind!r}; the kinds are {', '.join(KINDS)}")
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 0:
        raise GamelibError(f"cards must be a whole number >= 0, got {cards!r}")
    d, x = composition(deck), composition(discard)
    if sum(d.values()) == 0 and cards:
        raise GamelibError("the Virus deck is empty")
    if radio_aside is None:
        radio_aside = max(0, 2 - d[RADIO])
    if radio_left is not None and (isinstance(radio_left, bool) or not isinstance(radio_left, int) or radio_left < 1):
        raise GamelibError(f"radio_left must be a whole number >= 1 (or None), got {radio_left!r}")
    if x[RADIO]:
        raise GamelibError("Radio Contact cards are never in the discard pile (they are set aside or in the deck)")
    # Only the next few levels, the Illness cards and the Radio Contacts can matter: every other
    # card is "other" (the recursion then meets far fewer distinct decks).
    reach = 1 if kind == "daily" else cards
    keep = [str(v) for v in range(level + 1, min(ZOMBIE_LEVEL, level + reach) + 1)] + [ILLNESS, RADIO]
    idx = {k: i for i, k in enumerate(keep)}
    other = len(keep)

    def vec(c: Counter) -> tuple[int, ...]:
        v = [0] * (len(keep) + 1)
        for k, n in c.items():
            v[idx.get(k, other)] += n
        return tuple(v)

    levels = tuple(int(k) if k in LEVELS else 0 for k in keep) + (0,)
    out = _trial(vec(d), vec(x), radio_aside, cards, level, illnesses, kind == "daily", False,
                 -1 if radio_left is None else radio_left, levels, idx[ILLNESS], idx[RADIO])
    return {TrialOutcome(lv, ill, over): p for (lv, ill, over), p in sorted(out.items())}


@lru_cache(maxsize=200_000)
def _trial(deck: tuple, disc: tuple, aside: int, left: int, level: int, ill: int, daily: bool, added: bool,
           radio_left: int, levels: tuple, i_ill: int, i_radio: int) -> dict[tuple, Fraction]:
    if left <= 0 or level >= ZOMBIE_LEVEL:
        return {(level, ill, False): Fraction(1)}
    args = (left, level, ill, daily, added, radio_left, levels, i_ill, i_radio)
    if radio_left < 0 and aside == 0 and not any(disc) and deck[i_radio] >= 2:
        # A game that never ends can loop: two Radio Contacts in a row from a deck with no
        # discards shuffle it back into itself. Solve f = rest + q f for the loop's chance q.
        total = sum(deck)
        p1 = Fraction(deck[i_radio], total)
        y = deck[:i_radio] + (deck[i_radio] - 1,) + deck[i_radio + 1:]
        p2 = Fraction(y[i_radio], total - 1)
        out = _branches(deck, disc, aside, *args, skip_radio=True)
        for k, q in _branches(y, disc, aside + 1, *args, skip_radio=True).items():
            out[k] = out.get(k, Fraction(0)) + p1 * q
        loop = 1 - p1 * p2
        return {k: q / loop for k, q in out.items()}
    return _branches(deck, disc, aside, *args)


def _branches(deck: tuple, disc: tuple, aside: int, left: int, level: int, ill: int, daily: bool, added: bool,
              radio_left: int, levels: tuple, i_ill: int, i_radio: int, skip_radio: bool = False) -> dict[tuple, Fraction]:
    """The next card of a trial, every possibility weighted by its chance (``skip_radio``: leave
    out drawing a Radio Contact, for the loop above)."""
    total = sum(deck)
    out: dict[tuple, Fraction] = {}

    def add(sub: Mapping[tuple, Fraction], p: Fraction) -> None:
        for k, q in sub.items():
            out[k] = out.get(k, Fraction(0)) + p * q

    rec = (levels, i_ill, i_radio)
    for i, n in enumerate(deck):
        if not n:
            continue
        p = Fraction(n, total)
        rest = deck[:i] + (n - 1,) + deck[i + 1:]
        if i == i_radio:
            if skip_radio:
                continue
            if radio_left == 1:  # the marker reaches the target: the game ends at once
                out[(level, ill, True)] = out.get((level, ill, True), Fraction(0)) + p
                continue
            nleft = radio_left - 1 if radio_left > 0 else radio_left
            if aside + 1 >= 2:  # the second Radio Contact: a new deck of everything not held
                new = tuple(a + b for a, b in zip(rest, disc))
                new = new[:i_radio] + (new[i_radio] + aside + 1,) + new[i_radio + 1:]
                add(_trial(new, (0,) * len(disc), 0, left, level, ill, daily, added, nleft, *rec), p)
            else:
                add(_trial(rest, disc, aside + 1, left, level, ill, daily, added, nleft, *rec), p)
            continue
        nxt = level + 1
        fits = (levels[i] == nxt) if i != i_ill else (nxt <= 7 and ill < MAX_ILLNESSES)
        if fits and not (daily and added):
            add(_trial(rest, disc, aside, left - 1, nxt, ill + (i == i_ill), daily, True, radio_left, *rec), p)
        else:
            d2 = disc[:i] + (disc[i] + 1,) + disc[i + 1:]
            add(_trial(rest, d2, aside, left - 1, level, ill, daily, added, radio_left, *rec), p)
    return out


def added_distribution(deck: Deck, discard: Deck = None, *, level: int = 0, illnesses: int = 0, cards: int = 2,
                       kind: str = "daily", radio_aside: int | None = None,
                       radio_left: int | None = None) -> dict[int, Fraction]:
    """How many cards the trial adds to the Infection deck (0, 1, ...), exactly: the distribution
    the issue's lessons draw. Same arguments as ``trial_outcomes``."""
    out: dict[int, Fraction] = {}
    for o, p in trial_outcomes(deck, discard, level=level, illnesses=illnesses, cards=cards, kind=kind,
                               radio_aside=radio_aside, radio_left=radio_left).items():
        out[o.level - level] = out.get(o.level - level, Fraction(0)) + p
    top = max(out)
    return {k: out.get(k, Fraction(0)) for k in range(top + 1)}


def add_chance(deck: Deck, discard: Deck = None, **kw: Any) -> Fraction:
    """The chance that the trial adds at least one card (``added_distribution``'s complement of 0)."""
    return 1 - added_distribution(deck, discard, **kw)[0]


def good_cards(deck: Deck, level: int = 0, illnesses: int = 0) -> int:
    """Cards of ``deck`` that a survivor at ``level`` (holding ``illnesses`` Illness cards) would add."""
    _check_level(level, illnesses)
    d = composition(deck)
    nxt = level + 1
    return d[str(nxt)] + (d[ILLNESS] if nxt <= 7 and illnesses < MAX_ILLNESSES else 0)


def hypergeom_at_least_one(total: int, good: int, k: int) -> Fraction:
    """P(at least one of ``good`` cards among ``k`` drawn from ``total`` without replacement):
    1 - C(total - good, k) / C(total, k)."""
    for name, v in (("total", total), ("good", good), ("k", k)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise GamelibError(f"{name} must be a whole number >= 0, got {v!r}")
    if good > total or k > total:
        raise GamelibError(f"cannot draw {k} cards or hold {good} good ones in a deck of {total}")
    return 1 - Fraction(comb(total - good, k), comb(total, k))


def hypergeom_pmf(total: int, good: int, k: int) -> dict[int, Fraction]:
    """The number of good cards among ``k`` drawn without replacement (hypergeometric)."""
    hypergeom_at_least_one(total, good, k)
    den = comb(total, k)
    return {j: Fraction(comb(good, j) * comb(total - good, k - j), den) for j in range(min(good, k) + 1)}


def binomial_at_least_one(p: Fraction, k: int) -> Fraction:
    """The same chance if every card went back before the next draw: 1 - (1 - p)^k."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise GamelibError(f"p must be a probability, got {p}")
    return 1 - (1 - p) ** k
