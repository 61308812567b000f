"""Explicit chance, an optional mode: a game in which every draw the rules make is a node of its
own, whose outcomes and exact probabilities are those ``odds()`` shows, and whose outcome the
caller chooses (an exact tree for expectimax, CFR or a lesson walking through a draw).

The rules make their draws through two hooks, ``sample`` (a draw made with the RNG from a
``Distribution``) and ``take_top`` (the top card of a face-down pile). In the default, seeded mode
they do exactly what the rules did before (``dist.sample(rng)``, ``cards.pop()``), so seeded games
are the same games. In explicit mode (``ChanceState``), a decision is carried out on a copy of
the position with a list of *forced* outcomes: each draw takes the next forced outcome, and the
first draw with none left stops the decision (``NeedChance``) and makes the position a chance
node. Choosing an outcome carries the decision out again from its start with one more forced
outcome, until it runs to its end. A pile draw forced to give a card name takes the card of
that name nearest the top (cards of one name are alike for the rules).

A game that carries out a draw itself asks ``choose`` for the outcome (Deadland's Event draws).

Games: The Walking Deck (the piles' next Event, the Calamity draws), Walk the Plank (the
Captain's Token at the start), Deadland (every Virus and Event draw, and each Role card drawn in a trial).
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .action import Action
from .errors import GamelibError, IllegalAction
from .odds import Distribution
from .rng import Rng

#: outcomes the draws of the decision being carried out must give, in order; None: seeded mode
_forced: list[tuple[str, str]] | None = None
_used = 0


class NeedChance(Exception):
    """A draw found no forced outcome left (explicit mode only): the decision waits for chance."""

    def __init__(self, title: str, dist: Distribution):
        super().__init__(title)
        self.title = title
        self.dist = dist


class ChanceError(GamelibError):
    """An outcome that the chance node does not offer, or a decision asked at a chance node."""


class Recorder(list):
    """In place of the forced outcomes: the draws are made as in the seeded mode (the same game)
    and each is noted as (title, outcome), so an explicit-chance replay can choose them."""


def active() -> bool:
    return _forced is not None


def recorded(fn: Callable[[], Any]) -> tuple[Any, list[tuple[str, str]]]:
    """``fn()`` played in the seeded way, with the list of its draws (title, outcome)."""
    rec = Recorder()
    return _run(rec, fn), list(rec)


def _next(title: str, dist: Callable[[], Distribution]) -> str:
    global _used
    if _used < len(_forced):
        got_title, outcome = _forced[_used]
        if got_title != title:  # the replay went another way: a bug in a game's hooks
            raise AssertionError(f"explicit chance: expected a draw of {got_title!r}, the rules drew {title!r}")
        _used += 1
        return outcome
    raise NeedChance(title, dist())


def sample(title: str, dist: Distribution, rng: Rng) -> str:
    """A draw from ``dist`` (titled as in ``odds()``): with ``rng`` in seeded mode."""
    if _forced is None:
        return dist.sample(rng)
    if type(_forced) is Recorder:
        got = dist.sample(rng)
        _forced.append((title, got))
        return got
    return _next(title, lambda: dist)


def take_top(cards: list, title: str, dist: Callable[[], Distribution], outcome_of: Callable[[Any], str]) -> Any:
    """Remove and return the top card (the last item) of a face-down pile; in explicit mode the
    card nearest the top whose outcome (``outcome_of(card)``, the label ``odds()`` uses) is forced."""
    if _forced is None:
        return cards.pop()
    if type(_forced) is Recorder:
        got = cards.pop()
        _forced.append((title, outcome_of(got)))
        return got
    want = _next(title, dist)
    for i in range(len(cards) - 1, -1, -1):
        if outcome_of(cards[i]) == want:
            return cards.pop(i)
    raise AssertionError(f"explicit chance: {want!r} is not in the pile of {title!r}")


def choose(title: str, dist: Callable[[], Distribution], seeded: Callable[[], str]) -> str | None:
    """For a draw the game carries out itself: None in the seeded way (``seeded()`` names the
    outcome it is about to give, noted when recording), else the outcome chosen for it."""
    if _forced is None:
        return None
    if type(_forced) is Recorder:
        _forced.append((title, seeded()))
        return None
    return _next(title, dist)


def _run(forced: list[tuple[str, str]], fn: Callable[[], Any]) -> Any:
    global _forced, _used
    saved = _forced, _used
    _forced, _used = forced, 0
    try:
        return fn()
    finally:
        _forced, _used = saved


class ChanceState:
    """A position of a game in explicit-chance mode. At a decision it is used like a State
    (``legal_actions``, ``legal_action_ids``, ``apply``, ``to_move``, ``returns``...); at a chance
    node ``is_chance`` is True, ``chance_outcomes()`` gives the draw's ``Distribution`` (exact
    Fractions, the one ``odds()`` shows under the same title) and ``apply_outcome(o)`` chooses.

    ``state`` is the position before the decision (or before the setup) still waiting for
    chance; ``pending`` that decision; ``forced`` the outcomes chosen for it so far."""

    __slots__ = ("game", "seed", "state", "pending", "forced", "need", "_trail")

    def __init__(self, game: Any, seed: int = 0):
        self.game, self.seed = game, seed
        self.state = None
        self.pending: Action | None = None
        self.forced: tuple[tuple[str, str], ...] = ()
        self.need: NeedChance | None = None
        self._trail: tuple | None = None  # (earlier trail, (is_outcome, label)): what was chosen so far
        self._go(())

    # ---- the two kinds of node -----------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        return self.need is not None

    def chance_outcomes(self) -> Distribution:
        if self.need is None:
            raise ChanceError("not a chance node: the position waits for a decision")
        return self.need.dist

    @property
    def chance_title(self) -> str:
        return "" if self.need is None else self.need.title

    def apply_outcome(self, outcome: str) -> None:
        dist = self.chance_outcomes()
        if outcome not in dist or not dist[outcome]:
            raise ChanceError(f"{self.need.title}: {str(outcome)[:60]!r} is not an outcome; "
                              f"choose one of {', '.join(map(repr, dist))}")
        self._trail = (self._trail, (True, outcome))
        self._go(self.forced + ((self.need.title, outcome),))

    def _go(self, forced: tuple[tuple[str, str], ...]) -> None:
        if self.state is None:  # the setup itself waits for chance (Walk the Plank's Captain)
            run = lambda: self.game.new_state(self.seed)  # noqa: E731
        else:
            base, action = self.state.clone(), self.pending
            run = lambda: (base.apply(action), base)[1]  # noqa: E731
        try:
            after = _run(list(forced), run)
        except NeedChance as need:
            self.need, self.forced = need, forced
            return
        self.state, self.pending, self.forced, self.need = after, None, (), None

    # ---- a decision node: as a State ---------------------------------------------------------
    def _decision(self) -> Any:
        if self.need is not None:
            raise ChanceError(f"a chance node ({self.need.title}): choose an outcome with apply_outcome")
        return self.state

    def legal_actions(self) -> list[Action]:
        return [] if self.need is not None else self.state.legal_actions()

    def legal_action_ids(self) -> list[int]:
        return [] if self.need is not None else self.state.legal_action_ids()

    def apply(self, action: Action | str | int) -> Action:
        state = self._decision()
        if state.is_over:
            raise IllegalAction(action, None, state.phase, [], "the game is over", over=True)
        chosen = state.find_action(action)
        self._trail = (self._trail, (False, chosen.label))
        self.pending = chosen
        self._go(())
        return chosen

    @property
    def to_move(self) -> str | None:
        return None if self.need is not None else self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.need is None and self.state.is_over

    def returns(self) -> list[float]:
        if self.need is not None:
            return [0.0] * len(self.game.players)
        return self.state.returns()

    def clone(self) -> "ChanceState":
        new = ChanceState.__new__(ChanceState)
        new.game, new.seed = self.game, self.seed
        new.state = None if self.state is None else self.state.clone()
        new.pending, new.forced, new.need, new._trail = self.pending, self.forced, self.need, self._trail
        return new

    def trail(self) -> list[tuple[bool, str]]:
        """Every choice so far, oldest first: (True, outcome) at a chance node, (False, label)."""
        out, t = [], self._trail
        while t is not None:
            t, step = t
            out.append(step)
        out.reverse()
        return out

    @classmethod
    def at(cls, state: Any) -> "ChanceState":
        """Explicit chance from a position (a scenario, a game under way): a copy of ``state``
        whose next draws are chance nodes."""
        node = cls.__new__(cls)
        node.game, node.seed, node.state = state.game, state.seed, state.clone()
        node.pending, node.forced, node.need, node._trail = None, (), None, None
        return node

    @classmethod
    def replay(cls, game: Any, seed: int, trail: list[tuple[bool, str]]) -> "ChanceState":
        """The position that ``trail`` (from ``trail()``) reaches from the start of a new game."""
        node = cls(game, seed)
        for is_outcome, label in trail:
            if is_outcome:
                node.apply_outcome(label)
            else:
                node.apply(label)
        return node

    def __repr__(self) -> str:
        what = f"chance: {self.need.title}" if self.need is not None else f"to move: {self.to_move}"
        return f"<ChanceState {self.game.name} seed={self.seed} ({what})>"


def expectimax(node: ChanceState, value: Callable[[Any], Fraction], stop: Callable[[Any], bool] | None = None,
               choose: str = "max") -> Fraction:
    """The exact expected ``value`` of a position under best play (``choose="max"``, or "min"),
    averaging over every chance node with its exact probabilities. The walk stops at the end of
    the game or where ``stop(state)`` holds (``state``: the gamelib State, between decisions);
    ``value`` scores the gamelib State there. Every decision is taken by the one chooser: for a
    one-player game, or a position whose decisions up to ``stop`` are one seat's."""
    if node.is_chance:
        total = Fraction(0)
        for outcome, p in node.chance_outcomes().items():
            if p:
                child = node.clone()
                child.apply_outcome(outcome)
                total += p * expectimax(child, value, stop, choose)
        return total
    state = node.state
    if state.is_over or (stop is not None and stop(state)):
        return Fraction(value(state))
    pick = max if choose == "max" else min
    values = []
    for a in state.legal_actions():
        child = node.clone()
        child.apply(a)
        values.append(expectimax(child, value, stop, choose))
    return pick(values)
