"""``Timeline``: the decisions of one game as lines of play, so that travelling in time never
loses anything. Pure Python (no widgets), so it is tested on its own.

* ``present``: where play continues (its ``ply`` is the "of N" in "decision k of N").
* ``tip``: the furthest point of the present line; after Undo the undone decisions are still
  there and Redo walks back towards the tip.
* ``shown``: the moment on screen, at most the present (looking back).
* ``kept``: the other lines. Taking a different decision while looking back (or after Undo)
  starts a new line from there; the old one is kept and can be brought back with ``switch``.

States are never copied in full: ``at_ply`` shares the immutable undo frames."""
from __future__ import annotations

from typing import Any, Callable

from ..core import Action, GamelibError

State = Any  # a gamelib State (kept loose: any game)


def _labels(state: State) -> list[str]:
    return [a.label for a in state.history]


class Timeline:
    def __init__(self, state: State):
        self.present: State = state
        self.tip: State = state  # the same object while there is nothing to redo
        self.kept: list[State] = []
        self.shown_ply: int = state.ply

    # ---- reading -----------------------------------------------------------------------
    @property
    def redo_count(self) -> int:
        return self.tip.ply - self.present.ply

    def shown(self) -> State:
        if self.shown_ply == self.present.ply:
            return self.present
        return self.present.at_ply(self.shown_ply)

    def looking_back(self) -> bool:
        return self.shown_ply < self.present.ply

    def next_label(self, ply: int) -> str | None:
        """The decision this line took after ``ply`` decisions, if it goes that far."""
        if ply >= self.tip.ply:
            return None
        return self.tip.history[ply].label

    def lines(self) -> list[State]:
        """Every line's furthest point: the present line first, then the kept ones."""
        return [self.tip, *self.kept]

    # ---- moving --------------------------------------------------------------------------
    def look(self, ply: int) -> None:
        if not 0 <= ply <= self.present.ply:
            raise GamelibError(f"there is no decision {ply}: choose 0 to {self.present.ply}")
        self.shown_ply = ply

    def act(self, action: Action | str) -> bool:
        """Take ``action`` at the moment on screen. Returns True when a new line was started
        (the old one is then in ``kept``). The same decision as the line's next one just moves
        along the line. An illegal action raises ``IllegalAction`` and changes nothing."""
        k = self.shown_ply
        base = self.present if k == self.present.ply else self.present.at_ply(k)
        chosen = base.find_action(action)  # raises IllegalAction before anything moves
        if self.next_label(k) == chosen.label:
            if k < self.present.ply:
                self.shown_ply = k + 1  # looking back and replaying the line: nothing changes
            else:
                self._redo_one()
            return False
        branched = self.tip.ply > k
        if branched:
            path = [*_labels(base), chosen.label]
            for i, other in enumerate(self.kept):
                if other.ply > k and _labels(other)[: k + 1] == path:
                    # that decision was taken before, on a kept line: continue along it
                    self.kept[i] = self.tip
                    self.tip = other
                    self.present = other if other.ply == k + 1 else other.at_ply(k + 1)
                    self.shown_ply = k + 1
                    return True
            self._keep(self.tip)  # ``base`` is not the tip's object, so the kept line stays intact
        base.apply(chosen)  # ``base`` is the present or a fresh copy from ``at_ply``
        self.present = self.tip = base
        self.shown_ply = base.ply
        return branched

    def undo(self, stop: Callable[[State], bool] | None = None) -> int:
        """One decision back from the moment on screen, then further back while ``stop`` says
        no (to skip agents' decisions). The undone decisions stay for Redo. Returns the ply."""
        if self.shown_ply == 0:
            raise GamelibError("nothing to undo: this is the start of the game")
        target = self.shown_ply - 1
        if stop is not None:
            while target > 0 and not stop(self.present.at_ply(target)):
                target -= 1
        self.present = self.present.at_ply(target)
        self.shown_ply = target
        return target

    def redo(self, stop: Callable[[State], bool] | None = None) -> int:
        """One decision forward from the moment on screen (along the line kept by Undo), then
        further while ``stop`` says no. Returns the ply."""
        if self.shown_ply < self.present.ply:
            self.shown_ply += 1
            while stop is not None and self.shown_ply < self.present.ply and not stop(self.shown()):
                self.shown_ply += 1
            return self.shown_ply
        if not self.redo_count:
            raise GamelibError("nothing to redo: no decision was undone on this line")
        self._redo_one()
        while stop is not None and self.redo_count and not stop(self.present):
            self._redo_one()
        return self.present.ply

    def _redo_one(self) -> None:
        n = self.present.ply + 1
        self.present = self.tip if n == self.tip.ply else self.tip.at_ply(n)
        self.shown_ply = n

    def switch(self, index: int) -> None:
        """Bring back kept line ``index`` (0-based); the present line is kept in its place."""
        if not 0 <= index < len(self.kept):
            raise GamelibError(f"there is no other line {index + 1}: there are {len(self.kept)}")
        other = self.kept[index]
        self.kept[index] = self.tip
        self.present = self.tip = other
        self.shown_ply = other.ply

    def _keep(self, line: State) -> None:
        """Keep ``line`` unless a kept line already contains it (then nothing would be lost)."""
        mine = _labels(line)
        for i, other in enumerate(self.kept):
            theirs = _labels(other)
            if theirs[: len(mine)] == mine:
                return
            if mine[: len(theirs)] == theirs:
                self.kept[i] = line  # it extends a kept line: keep the longer one only
                return
        self.kept.append(line)


__all__ = ["Timeline"]
