"""A small seeded generator that gives the same numbers on every machine and Python
version (the standard library only promises that for ``random()``, not for
``shuffle`` or ``randrange``). Its whole state is one int, so cloning is free."""
from __future__ import annotations

import numbers
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import SeedError
from .inputs import show, type_name

T = TypeVar("T")
_MASK = (1 << 64) - 1
#: the largest seed: a seed is the generator's whole 64-bit state, so two different seeds in
#: 0..SEED_MAX never give the same game, and every seed fits a JSON record exactly.
SEED_MAX = _MASK
#: shuffle's shortcut: for n <= _SHORT, randbelow(n) rejects a draw z only if z >= 2**64 - (2**64 % n),
#: which is >= _SURE; below _SURE no rejection can happen and the limit need not be worked out
_SHORT = 1 << 16
_SURE = (1 << 64) - _SHORT
#: lists longer than this are shuffled with numpy's help (shorter ones: the loop is quicker)
_LONG = 32
_np = None


def _numpy():
    """numpy, or False where it cannot be imported (a browser's Python): then every shuffle takes
    the loop, which gives the same order (``_shuffle_long`` is only a quicker way to the same draws)."""
    global _np
    if _np is None:  # imported on the first long shuffle: the rules need it nowhere else
        try:
            import numpy
        except ImportError:
            _np = False
        else:
            _np = numpy
    return _np


_tables: dict[int, tuple] = {}


def _long_tables(m: int) -> tuple:
    """For a numpy shuffle of ``m + 1`` items: (k * golden for k = 1..m, the sizes m + 1 .. 2, the
    shifts and multipliers of mix64 as numpy scalars, numpy's uint64). Kept for the few deck sizes
    the games use (at most 64 of them), made afresh for any other."""
    got = _tables.get(m)
    if got is None:
        np = _numpy()
        u = np.uint64
        got = (np.arange(1, m + 1, dtype=u) * u(0x9E3779B97F4A7C15), np.arange(m + 1, 1, -1, dtype=u),
               u(30), u(27), u(31), u(0xBF58476D1CE4E5B9), u(0x94D049BB133111EB), u)
        if len(_tables) < 64:
            _tables[m] = got
    return got


def check_seed(seed: Any, what: str = "seed") -> int:
    """``seed`` as a plain int, or ``SeedError``: a seed is a whole number from 0 to 2**64 - 1.
    Floats (even 3.0), booleans, None and strings are refused rather than converted."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise SeedError(f"{what}={show(seed)} is not allowed: a seed is a whole number (int) "
                        f"from 0 to {SEED_MAX} (2**64 - 1), got {type_name(seed)}")
    value = int(seed)
    if not 0 <= value <= SEED_MAX:
        raise SeedError(f"{what}={show(value)} is not allowed: a seed is a whole number "
                        f"from 0 to {SEED_MAX} (2**64 - 1)")
    return value


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a good 64-bit hash of an int."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *parts: int) -> int:
    """A child seed for game ``i`` of a batch: independent of how games are split across workers."""
    z = mix64(seed & _MASK)
    for p in parts:
        z = mix64((z + 0x9E3779B97F4A7C15 + (p & _MASK)) & _MASK)
    return z >> 1  # keep it a positive int that fits in JSON and in a signed 64-bit column


class Rng:
    """SplitMix64. ``state`` is the whole generator state (an int)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = mix64(seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        return mix64(self.state)

    def randbelow(self, n: int) -> int:
        """Uniform int in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError(f"randbelow needs n > 0, got {n}")
        if n == 1:
            return 0
        limit = ((1 << 64) // n) * n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates from the end: ``seq[i]`` swaps with ``seq[randbelow(i + 1)]``. The draws
        are written out here (the same numbers as ``randbelow``, which a test checks) because
        shuffles are a good part of the cost of RNG-heavy games such as Deadland's reshuffles."""
        size = len(seq)
        if size > _SHORT:
            return self._shuffle_exact(seq)
        if size > _LONG and self._shuffle_long(seq):
            return
        state = self.state
        for i in range(size - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
            z ^= z >> 31
            if z >= _SURE:  # about once in 2**48 draws: maybe randbelow's rejection, decide exactly
                n = i + 1
                limit = ((1 << 64) // n) * n
                while z >= limit:
                    state = (state + 0x9E3779B97F4A7C15) & _MASK
                    z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
                    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
                    z ^= z >> 31
            j = z % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def _shuffle_long(self, seq: MutableSequence[T]) -> bool:
        """``shuffle`` with the draws worked out all at once by numpy (a deck of 70 in a third
        of the time): draw k of a shuffle is mix64(state + k * golden) when nothing is rejected,
        and 64-bit numpy arithmetic wraps exactly as ``& _MASK`` does. Returns False, changing
        nothing, when a draw is near the top of the range (maybe rejected): then the loop decides."""
        if not _numpy():
            return False
        m = len(seq) - 1
        steps, sizes, c30, c27, c31, k1, k2, u = _long_tables(m)
        z = steps + u(self.state)  # draw k's state: state + k * golden (wrapping)
        z ^= z >> c30
        z *= k1
        z ^= z >> c27
        z *= k2
        z ^= z >> c31
        if int(z.max()) >= _SURE:
            return False
        for i, j in zip(range(m, 0, -1), (z % sizes).tolist()):  # for i = m .. 1: z % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self.state = (self.state + m * 0x9E3779B97F4A7C15) & _MASK
        return True

    def _shuffle_exact(self, seq: MutableSequence[T]) -> None:
        """``shuffle`` for any length: randbelow's rejection limit worked out at every draw."""
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = ((1 << 64) // n) * n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
                z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
