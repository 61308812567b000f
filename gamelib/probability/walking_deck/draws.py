"""One Calamity draw and several: what it does to the Characters in front, exactly."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from math import comb
from typing import Any

from gamelib.core.errors import GamelibError

from .bags import BagSpec, Weak, _characters, _mods, _shown, make_bag, weakness_text


def draw_distribution(*, bag: BagSpec = None, respites: int = 0, add: Weak = (), ignore: Weak = (),
                      reserves: Any = None, state: Any = None) -> dict[str, Fraction]:
    """The sample space of one draw: what the drawn Calamity shows after modifiers -> chance."""
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    total = sum(b.values())
    out: Counter = Counter()
    for m, n in b.items():
        out[_shown(m, a, ig)] += n
    order = sorted(out, key=lambda m: (bin(m).count("1"), m))  # single weaknesses first, then pairs
    return {weakness_text(m): Fraction(out[m], total) for m in order}


def hit_chance(weaknesses: Weak, *, bag: BagSpec = None, respites: int = 0, add: Weak = (), ignore: Weak = (),
               reserves: Any = None, state: Any = None) -> Fraction:
    """The chance that one Calamity draw hurts a Character with these weaknesses (or this
    Character, by name): the share of tokens that show one of them after the modifiers."""
    (w,) = _characters([weaknesses], state)
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    total = sum(b.values())
    return Fraction(sum(n for m, n in b.items() if _shown(m, a, ig) & w), total)


def hurt_distribution(characters: Iterable[Any] | None = None, *, bag: BagSpec = None, respites: int = 0,
                      add: Weak = (), ignore: Weak = (), reserves: Any = None, state: Any = None) -> dict[int, Fraction]:
    """How many of the Characters one draw hurts (each takes at most 1 damage) -> chance, for
    0 up to the number of Characters. Characters: weaknesses or names; default the state's front."""
    ws = _characters(characters, state)
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    total = sum(b.values())
    counts = Counter({k: 0 for k in range(len(ws) + 1)})
    for m, n in b.items():
        s = _shown(m, a, ig)
        counts[sum(1 for w in ws if s & w)] += n
    return {k: Fraction(counts[k], total) for k in range(len(ws) + 1)}


def expected_hurt(characters: Iterable[Any] | None = None, **kw: Any) -> Fraction:
    """Expected number of Characters hurt by one draw. By linearity of expectation it is the
    sum of each Character's own chance, however the hits depend on each other."""
    state = kw.get("state")
    ws = _characters(characters, state)
    return sum((hit_chance(w, **kw) for w in ws), Fraction(0))


def chance_nobody_hurt(characters: Iterable[Any] | None = None, **kw: Any) -> Fraction:
    """The chance that the draw shows none of the Characters' weaknesses."""
    ws = _characters(characters, kw.get("state"))
    union = 0
    for w in ws:
        union |= w
    return 1 - hit_chance(union, **kw) if union else Fraction(1)


def chance_anyone_hurt(characters: Iterable[Any] | None = None, **kw: Any) -> Fraction:
    """At least one Character hurt, by the complement: 1 - P(nobody is hurt)."""
    return 1 - chance_nobody_hurt(characters, **kw)


def _p(p: Any) -> Fraction:
    q = Fraction(p)
    if not 0 <= q <= 1:
        raise GamelibError(f"a probability lies between 0 and 1, got {p!r}")
    return q


def hits_in_draws(p: Any, draws: int) -> dict[int, Fraction]:
    """Times a Character is hurt in ``draws`` independent draws, each hurting with chance
    ``p`` (the tokens go back): the binomial distribution, k -> C(n, k) p^k (1 - p)^(n - k)."""
    q = _p(p)
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise GamelibError(f"draws must be a whole number >= 0, got {draws!r}")
    return {k: comb(draws, k) * q ** k * (1 - q) ** (draws - k) for k in range(draws + 1)}


def _toughness(t: int) -> int:
    if isinstance(t, bool) or not isinstance(t, int) or t < 0:
        raise GamelibError(f"toughness must be a whole number >= 0, got {t!r}")
    return t


def burial_draw_distribution(p: Any, toughness: int, max_draws: int) -> dict[int, Fraction]:
    """The draw at which a Character that can take ``toughness`` damage is buried: it goes
    upside down after ``toughness`` hits and is buried by the next one, so the draw of hit
    number toughness + 1 (negative binomial). Draws ``toughness + 1`` to ``max_draws``."""
    q = _p(p)
    t = _toughness(toughness)
    return {k: comb(k - 1, t) * q ** (t + 1) * (1 - q) ** (k - 1 - t) for k in range(t + 1, max_draws + 1)}


def expected_draws_to_bury(p: Any, toughness: int) -> Fraction:
    """Expected number of draws until the Character is buried: (toughness + 1) / p."""
    q = _p(p)
    if q == 0:
        raise GamelibError("with a chance of 0 the Character is never buried")
    return (_toughness(toughness) + 1) / q
