"""Vectorised simulations (numpy) that check the exact answers."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamelib.core.errors import GamelibError

from .bags import ALL, BagSpec, Weak, _characters, _mods, make_bag


def simulate_draws(n: int, *, bag: BagSpec = None, respites: int = 0, add: Weak = (), ignore: Weak = (),
                   reserves: Any = None, state: Any = None, seed: int = 0):
    """``n`` seeded Calamity draws at once (numpy): an array of what each drawn token shows,
    as weakness masks, after the modifiers. Compare with ``draw_distribution``."""
    import numpy as np

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise GamelibError(f"n must be a whole number >= 0, got {n!r}")
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    tokens = np.repeat(np.array(sorted(b), dtype=np.uint8), [b[m] for m in sorted(b)])
    drawn = tokens[np.random.default_rng(seed).integers(0, len(tokens), size=n)]
    return (drawn | np.uint8(a)) & np.uint8(~ig & ALL)


def simulate_hurt(characters: Iterable[Any] | None, n: int, *, seed: int = 0, state: Any = None, **kw: Any):
    """How many of the Characters each of ``n`` seeded draws hurts (a numpy array of ints)."""
    return count_hurt(simulate_draws(n, seed=seed, state=state, **kw), characters, state=state)


def count_hurt(shown, characters: Iterable[Any] | None, *, state: Any = None):
    """For an array of drawn tokens (what each shows, from ``simulate_draws``): how many of the
    Characters each one hurts."""
    import numpy as np

    ws = _characters(characters, state)
    hurt = np.zeros(len(shown), dtype=np.int64)
    for w in ws:
        hurt += (shown & np.uint8(w)) != 0
    return hurt
