"""The infection level as a Markov chain."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamelib.core.errors import GamelibError

from .decks import Deck, ILLNESS, LEVELS, MAX_ILLNESSES, RADIO, ZOMBIE_LEVEL, composition, full_deck
from .trials import trial_outcomes, trial_size


ZOMBIE = (ZOMBIE_LEVEL, -1)


@dataclass(frozen=True)
class LevelChain:
    """The infection level of one survivor as a Markov chain, one step per daily trial.

    A state is (level, Illness cards held): the number of Illness cards matters because a third
    one cannot be added, so the level alone would not be a Markov chain. ``ZOMBIE`` (level 8) is
    absorbing. ``matrix[i][j]`` is the chance of going from ``states[i]`` to ``states[j]`` in one
    turn, exactly. The model's assumption: every day the Virus deck is shuffled afresh from the
    same cards (the deck forgets); the real deck remembers what was drawn."""

    states: tuple[tuple[int, int], ...]
    matrix: tuple[tuple[Fraction, ...], ...]
    description: str = ""

    def index(self, state: tuple[int, int]) -> int:
        return self.states.index(tuple(state))

    def row(self, state: tuple[int, int]) -> dict[tuple[int, int], Fraction]:
        i = self.index(state)
        return {s: p for s, p in zip(self.states, self.matrix[i]) if p}

    def step(self, dist: Sequence[Fraction]) -> list[Fraction]:
        n = len(self.states)
        out = [Fraction(0)] * n
        for i, pi in enumerate(dist):
            if pi:
                for j, q in enumerate(self.matrix[i]):
                    if q:
                        out[j] += pi * q
        return out

    def after(self, turns: int, start: tuple[int, int] = (0, 0)) -> list[Fraction]:
        """The distribution over ``states`` after ``turns`` daily trials (a row of the matrix power)."""
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
            raise GamelibError(f"turns must be a whole number >= 0, got {turns!r}")
        dist = [Fraction(int(s == tuple(start))) for s in self.states]
        if not any(dist):
            raise GamelibError(f"{start!r} is not a state of the chain")
        for _ in range(turns):
            dist = self.step(dist)
        return dist

    def level_after(self, turns: int, start: tuple[int, int] = (0, 0)) -> dict[int, Fraction]:
        """The chance of each level (8: a zombie) after ``turns`` daily trials."""
        out = {lv: Fraction(0) for lv in range(ZOMBIE_LEVEL + 1)}
        for s, p in zip(self.states, self.after(turns, start)):
            out[s[0]] += p
        return out

    def turned_by(self, turns: int, start: tuple[int, int] = (0, 0)) -> Fraction:
        """P(a zombie within ``turns`` daily trials): the (start, zombie) entry of the matrix power."""
        return self.after(turns, start)[self.index(ZOMBIE)]

    def turned_by_curve(self, turns: int, start: tuple[int, int] = (0, 0)) -> list[Fraction]:
        """P(a zombie within n trials) for n = 0, 1, ..., ``turns``."""
        dist = [Fraction(int(s == tuple(start))) for s in self.states]
        z = self.index(ZOMBIE)
        out = [dist[z]]
        for _ in range(turns):
            dist = self.step(dist)
            out.append(dist[z])
        return out

    def expected_turns(self, start: tuple[int, int] = (0, 0)) -> Fraction:
        """Expected daily trials until the survivor turns (absorption time), by first-step analysis:
        t(s) = 1 + sum over s' of P(s, s') t(s'). Levels never go down, so the equations solve
        from level 7 back to level 0."""
        return self._times()[self.index(start)]

    def expected_turns_all(self) -> dict[tuple[int, int], Fraction]:
        return dict(zip(self.states, self._times()))

    def _times(self) -> list[Fraction]:
        n = len(self.states)
        t = [Fraction(0)] * n
        for i in sorted(range(n), key=lambda i: -self.states[i][0]):
            if self.states[i] == ZOMBIE:
                continue
            stay = self.matrix[i][i]
            if stay == 1:
                raise GamelibError(f"from {self.states[i]} the survivor can never turn: no card to add is left")
            t[i] = (1 + sum(q * t[j] for j, q in enumerate(self.matrix[i]) if j != i and q)) / (1 - stay)
        return t

    def absorbing(self) -> list[tuple[int, int]]:
        return [s for i, s in enumerate(self.states) if self.matrix[i][i] == 1]

    def level_matrix(self, illnesses: int = 0) -> list[list[Fraction]]:
        """The 9 x 9 matrix over levels 0-8 for a survivor who keeps ``illnesses`` Illness cards
        fixed (a picture for the board; the chain itself runs on (level, Illness) states)."""
        out = [[Fraction(0)] * (ZOMBIE_LEVEL + 1) for _ in range(ZOMBIE_LEVEL + 1)]
        out[ZOMBIE_LEVEL][ZOMBIE_LEVEL] = Fraction(1)
        for lv in range(ZOMBIE_LEVEL):
            s = (lv, min(illnesses, lv))
            for (l2, _), p in self.row(s).items():
                out[lv][l2] += p
        return out


def chain_states() -> tuple[tuple[int, int], ...]:
    return tuple((lv, i) for lv in range(ZOMBIE_LEVEL) for i in range(min(MAX_ILLNESSES, lv) + 1)) + (ZOMBIE,)


def level_chain(deck: Deck = None, *, on_base: bool = False, players_on_base: int = 1, survivor: bool = False,
                radio: bool = False, own_cards_out: bool = True) -> LevelChain:
    """The Markov chain of one survivor's daily trials, each from a freshly shuffled ``deck``
    (default: the shipped 70 cards).

    ``own_cards_out``: the survivor's own Infection cards are not in the deck (the others are);
    ``radio=False`` leaves the Radio Contacts out (they never count toward a trial, so they only
    matter through a reshuffle in the middle of a trial, and the game never ends in the chain);
    ``on_base``, ``players_on_base``, ``survivor``: as in ``trial_size``."""
    base = composition(full_deck() if deck is None else deck)
    if not radio:
        base[RADIO] = 0
    states = chain_states()
    rows = []
    for lv, ill in states:
        if (lv, ill) == ZOMBIE:
            rows.append(tuple(Fraction(int(s == ZOMBIE)) for s in states))
            continue
        d = Counter(base)
        if own_cards_out:
            d[ILLNESS] = max(0, d[ILLNESS] - ill)
            _take_own_levels(d, lv - ill)
        k = trial_size(lv, "daily", on_base=on_base, players_on_base=players_on_base, survivor=survivor)
        row = dict.fromkeys(states, Fraction(0))
        for o, p in trial_outcomes(+d, level=lv, illnesses=ill, cards=k, kind="daily",
                                   radio_aside=0 if radio else 2).items():
            row[ZOMBIE if o.level >= ZOMBIE_LEVEL else (o.level, o.illnesses)] += p
        rows.append(tuple(row[s] for s in states))
    where = " on the Base" if on_base else ""
    return LevelChain(states, tuple(rows), f"daily trials{where}, each from a freshly shuffled deck")


def _take_own_levels(d: Counter, n: int) -> None:
    """The survivor holds ``n`` level cards below the next level: which ones does not matter to a
    daily trial (none of them can be added again), only that they are not in the deck."""
    for lv in LEVELS:
        if n <= 0:
            return
        take = min(n, d[lv], 1)
        d[lv] -= take
        n -= take
