"""Radio Contacts: negative hypergeometric waits and the length of a game."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb, lcm
from typing import Any

from gamelib.core.errors import GamelibError

from .decks import card_data


def _check_deck_size(n: Any, radios: int = 2) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < radios:
        raise GamelibError(f"a Virus deck holding {radios} Radio Contacts has at least {radios} cards, got {n!r}")
    return n


def radio_wait(deck_size: int = 70, which: int = 1, radios: int = 2) -> dict[int, Fraction]:
    """P(the ``which``-th Radio Contact is the k-th card drawn from a freshly shuffled deck of
    ``deck_size`` cards holding ``radios`` of them), k = which .. deck_size: the negative
    hypergeometric, C(k - 1, which - 1) C(N - k, r - which) / C(N, r)."""
    n = _check_deck_size(deck_size, radios)
    if not 1 <= which <= radios:
        raise GamelibError(f"which must be 1 to {radios}, got {which!r}")
    den = comb(n, radios)
    return {k: Fraction(comb(k - 1, which - 1) * comb(n - k, radios - which), den) for k in range(which, n - radios + which + 1)}


def expected_radio_wait(deck_size: int = 70, which: int = 1, radios: int = 2) -> Fraction:
    """E(position of the ``which``-th Radio Contact) = which (N + 1) / (r + 1)."""
    n = _check_deck_size(deck_size, radios)
    return Fraction(which * (n + 1), radios + 1)


def _moments(dist: Mapping[int, Fraction]) -> tuple[int, int, int, int]:
    den = lcm(*(Fraction(p).denominator for p in dist.values()))
    nums = {k: Fraction(p).numerator * (den // Fraction(p).denominator) for k, p in dist.items()}
    return den, sum(nums.values()), sum(k * v for k, v in nums.items()), sum(k * k * v for k, v in nums.items())


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    """E(X) of a distribution over whole numbers, exactly."""
    den, _, s1, _ = _moments(dist)
    return Fraction(s1, den)


def variance(dist: Mapping[int, Fraction]) -> Fraction:
    """Var(X) = E(X^2) - E(X)^2, exactly."""
    den, _, s1, s2 = _moments(dist)
    return Fraction(s2, den) - Fraction(s1, den) ** 2


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent counts (whole numbers on a common
    denominator: adding Fractions one by one is slow)."""
    da = lcm(*(Fraction(p).denominator for p in a.values()))
    db = lcm(*(Fraction(q).denominator for q in b.values()))
    na = {i: Fraction(p).numerator * (da // Fraction(p).denominator) for i, p in a.items()}
    nb = {j: Fraction(q).numerator * (db // Fraction(q).denominator) for j, q in b.items()}
    out: dict[int, int] = {}
    for i, p in na.items():
        for j, q in nb.items():
            out[i + j] = out.get(i + j, 0) + p * q
    den = da * db
    return {k: Fraction(v, den) for k, v in sorted(out.items())}


def radio_targets(cards: Any = None) -> dict[int, int]:
    """Radio Contacts that end the game, by number of players (the card set's table, as the
    engine reads it: ``decks.card_data``)."""
    return dict(card_data(cards).targets)


def cycles(target: int) -> list[int]:
    """Which Radio Contact ends each cycle of the Virus deck until the ``target``-th: 2 for every
    full cycle (the second one reshuffles), 1 for a last cycle ended by its first."""
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise GamelibError(f"the Radio Contact target is a whole number >= 1, got {target!r}")
    return [2] * (target // 2) + [1] * (target % 2)


def cards_to_target(players: int | None = None, *, target: int | None = None,
                    deck_sizes: int | Sequence[int] = 70, cards: Any = None) -> dict[int, Fraction]:
    """The distribution of the Virus cards drawn until the Radio Contact marker reaches the
    target (the game's length in cards, if no other end comes first), exactly.

    Each cycle of the deck ends at its second Radio Contact (the reshuffle), so the length is a
    sum of independent negative hypergeometric waits, one per cycle, the last one ended by its
    first Radio Contact when the target is odd. ``deck_sizes``: the deck's size at the start of
    each cycle (one number for all, or a list; the cards in survivors' Infection decks are not
    shuffled back, so real decks shrink)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for which, n in _cycles_and_sizes(players, target, deck_sizes, cards):
        dist = convolve(dist, radio_wait(n, which))
    return dist


def expected_cards_to_target(players: int | None = None, *, target: int | None = None,
                             deck_sizes: int | Sequence[int] = 70, cards: Any = None) -> Fraction:
    """E(Virus cards until the target): by linearity, the sum of the cycles' expected waits."""
    return sum((expected_radio_wait(n, which) for which, n in _cycles_and_sizes(players, target, deck_sizes, cards)),
               Fraction(0))


def _cycles_and_sizes(players: int | None, target: int | None,
                      deck_sizes: int | Sequence[int], cards: Any = None) -> list[tuple[int, int]]:
    """(the Radio Contact that ends the cycle, the deck's size) for each cycle until the target
    (the players' target when ``target`` is None); too few deck sizes is an error, never a
    shorter game."""
    if target is None:
        targets = radio_targets(cards)
        if players not in targets:
            raise GamelibError(f"Deadland seats 2 to 6 players, got {players!r}")
        target = targets[players]
    ends = cycles(target)
    sizes = [deck_sizes] * len(ends) if isinstance(deck_sizes, int) else list(deck_sizes)
    if len(sizes) < len(ends):
        raise GamelibError(f"{len(ends)} cycles need {len(ends)} deck sizes, got {len(sizes)}")
    return list(zip(ends, sizes))


def quantile(dist: Mapping[int, Fraction], q: Fraction | float) -> int:
    """The smallest k with P(X <= k) >= q."""
    acc = Fraction(0)
    q = Fraction(q)
    for k in sorted(dist):
        acc += dist[k]
        if acc >= q:
            return k
    return max(dist)


def cdf(dist: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for j, p in dist.items() if j <= k), Fraction(0))
