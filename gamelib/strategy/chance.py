"""Every chance outcome of one action, read off the engine itself.

A game samples its randomness only through ``state.rng`` (the engine contract), and every draw
is ``rng.randbelow(n)`` for some ``n``. Replaying an action with a scripted generator that
answers each ``randbelow(n)`` with a chosen value, for every value in turn, lists all the ways
the action can turn out, each with its exact probability. This is the brute force the exact
solver is checked against: it uses nothing but ``clone`` and ``apply``."""
from __future__ import annotations

from fractions import Fraction

from gamelib.core import Action, Rng, State


class _NeedDraw(Exception):
    """The action wants one more random number below ``n`` than the script holds."""

    def __init__(self, n: int):
        super().__init__(n)
        self.n = n


class _Scripted(Rng):
    __slots__ = ("script", "at")

    def __init__(self, script: list[int], state: int):
        self.script = script
        self.at = 0
        self.state = state

    def randbelow(self, n: int) -> int:
        if self.at == len(self.script):
            raise _NeedDraw(n)
        r = self.script[self.at]
        self.at += 1
        if not 0 <= r < n:  # pragma: no cover - the script is built from the n asked for
            raise AssertionError(f"scripted draw {r} is not below {n}")
        return r

    def next64(self) -> int:  # pragma: no cover - no game draws raw words
        raise AssertionError("chance_outcomes only supports randbelow draws")

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


def chance_outcomes(state: State, action: Action | str, max_outcomes: int = 100_000) -> list[tuple[Fraction, State]]:
    """``[(probability, state after action)]`` for every sequence of random numbers ``action``
    can consume (the probabilities sum to 1). ``state`` is not changed. Outcomes are not merged:
    two draws giving the same position are listed twice."""
    out: list[tuple[Fraction, State]] = []
    base = state.rng.state

    def go(script: list[int], p: Fraction) -> None:
        s = state.clone()
        s.rng = _Scripted(script, base)
        try:
            s.apply(action)
        except _NeedDraw as need:  # apply() has put the position back as it was
            for r in range(need.n):
                go(script + [r], p / need.n)
            return
        finally:
            s.rng = s.rng.copy()
        out.append((p, s))
        if len(out) > max_outcomes:
            raise ValueError(f"more than {max_outcomes} chance outcomes; this position is too big to enumerate")

    go([], Fraction(1))
    return out


def brute_force_value(state: State, player: str | None = None) -> Fraction:
    """The exact chance that ``player`` wins under best play, by enumerating every decision
    and every random number (no memory, no cleverness). Only for one-player games and small
    positions: it is exponential."""
    if state.is_over:
        who = player or state.players[0]
        return Fraction(int(who in state.outcome.winners))
    best = Fraction(-1)
    for a in state.legal_actions():
        v = sum((p * brute_force_value(s, player) for p, s in chance_outcomes(state, a)), Fraction(0))
        if v > best:
            best = v
    return best


__all__ = ["chance_outcomes", "brute_force_value"]
