"""The bridge to the compiled search (``_wds.c``): the same positions (it reads the keys of
``keys``), the same search, in C, 30 to 40 times faster. Built when the package is installed with
a C compiler; without it, or for a card set its packed positions cannot hold, the Python search
of ``search`` runs instead."""
from __future__ import annotations

from typing import Any

from .model import LOST, WON, OverBudget

try:  # the compiled search (_wds.c), built when the package is installed with a C compiler
    from gamelib.strategy import _wds
except ImportError:  # pragma: no cover - no compiler where it was installed
    _wds = None

FAST = _wds is not None  # whether new solvers use the compiled search (tests switch it off)


class Compiled:
    """A mixin of ``InterrogationSolver``: builds its compiled twin and searches in it."""

    _EFFECTS = {"restore": 0, "consume": 1, "bury_self": 2, "respite_in": 3, "respite_out": 4,
                "damage": 5, "calamity": 6, "heal": 7, "unbury": 8}
    _POWERS = {"redraw": 1, "reserve heal": 2, "restore": 3}

    def _compiled(self) -> Any:
        """The compiled solver for this Interrogation, or None if there is none or the card set
        exceeds what its packed positions hold (then the Python search runs)."""
        if _wds is None or getattr(_wds, "VERSION", None) != 2:  # none, or a stale build
            return None
        R = self.rules
        banners = []
        for c in self.memory:
            effects = []
            for x in R.grey[c]:
                kind = self._EFFECTS.get(x[0])
                args = tuple(int(v) for v in x[1:]) + (0, 0)
                if kind is None or not all(0 <= v < 8 for v in args[:2]):
                    return None
                effects.append((kind, args[0], args[1]))
            banners.append(tuple(effects))
        chars = sum(1 for v in R.char.values() if v is not None)
        if (chars > _wds.MAX_FRONT or R.limit > 15 or len(self.memory) > 250 or self._nxt_span > 15
                or self.respites > 3 or R.max_uses > 7 or len(self.base) > 15
                or self._lpow[self._dmax] >= 1 << 62):
            return None
        n = len(self.memory)
        contexts: list[tuple | None] = [None] * ((n + 1) * self._nxt_span * 2)
        for i in range(n + 1):
            spots = [(None, 0)]
            if i:
                spots += [(self.memory[i - 1], nxt) for nxt in range(len(R.grey[self.memory[i - 1]]) + 1)]
            for src, nxt in spots:
                ci = (i * self._nxt_span + nxt) * 2 + (src is not None)  # as in key()
                ctx = self._ctx[ci] = self._context(i, src, nxt)  # key() (hints, outcomes) reuses it
                fx = ctx[7]  # see _sure_losses: (checked, forced hits by weaknesses, restores)
                forced = () if fx is None else sum(fx[0] or ((0, 0, 0),) * 8, ())
                contexts[ci] = (
                    ctx[0], int(ctx[1]), int(ctx[2]), int(ctx[3]), self._ctx_heals[ctx[4]], self._harms[ctx[5]],
                    int(fx is not None), forced or (0,) * 24, (0, 0, 0) if fx is None else fx[1])
        return _wds.Solver(
            banners, [-1 if R.char[c] is None else R.char[c] for c in self.memory],
            [-1 if x is None else x for x in self._calm], list(self._next_cal), contexts, self._nxt_span,
            [tuple(b) for b in self.base], self.respites, R.limit, self._POWERS.get(R.power, 0), R.max_uses,
            self._redraw_tokens, self._power_uses, self._dmax, self._l, OverBudget)

    def _fast_value(self, k: Any) -> float:
        if k == WON or k == LOST:
            return 1.0 if k == WON else 0.0
        return self._in_c(self._fast.value, k)

    def _fast_exact(self, k: Any) -> tuple[int, int]:
        if k == WON or k == LOST:
            return (1, 0) if k == WON else (0, 0)
        return self._in_c(self._fast.exact, k)

    def _in_c(self, search: Any, k: Any) -> Any:
        """``search(k)`` in the compiled solver, within this solver's budget (-1: none); its
        position count is read back even when it stops (OverBudget, an interrupt)."""
        try:
            return search(k, -1 if self.budget == float("inf") else int(self.budget))
        finally:
            self.nodes = self._fast.nodes
