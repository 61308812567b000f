"""The Memory's order: which Event comes first, and the orders there are."""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from math import factorial, prod
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.rules.walking_deck.cards import Event

from .bags import find_event


def _memory(memory: Iterable[Any] | None, state: Any, cards: Any = None) -> list[Event]:
    if memory is None:
        if state is None:
            raise GamelibError("give the Memory (Events, first memorised first) or a state")
        return [state.game.cards.events[c] for c in state.memory]
    return [find_event(m, state, cards) for m in memory]


def draws_calamity(e: Event) -> bool:
    """Whether unstacking this Event draws a Calamity (its grey banner says so)."""
    return any(x[0] == "calamity" for x in e.grey)


def placed(e: Event) -> bool:
    """A Character is placed in front when unstacked, unless it has no grey banner (then it is buried)."""
    return bool(e.is_character and e.grey)


def first_calamity(memory: Iterable[Any] | None = None, *, state: Any = None) -> tuple[int | None, list[str]]:
    """For a given order (first memorised first): the position (1 = first unstacked) of the
    first Event that draws a Calamity, and the Characters placed in front by then (a Character
    whose own banner draws it counts: it is placed first). Damage on the way is not counted."""
    front: list[str] = []
    for i, e in enumerate(_memory(memory, state), start=1):
        if placed(e):
            front.append(e.label)
        if draws_calamity(e):
            return i, front
    return None, front


def chance_before_all(others: int) -> Fraction:
    """In a random order, the chance that one given item comes before ``others`` given items: 1/(others + 1)."""
    if isinstance(others, bool) or not isinstance(others, int) or others < 0:
        raise GamelibError(f"the number of other items must be a whole number >= 0, got {others!r}")
    return Fraction(1, others + 1)


def chance_character_first(characters: int, calamities: int) -> Fraction:
    """In a random order, the chance that one of ``characters`` Characters comes before all
    ``calamities`` Calamity Events: the first of these c + z cards is equally likely to be any."""
    for name, v in (("characters", characters), ("calamities", calamities)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise GamelibError(f"{name} must be a whole number >= 0, got {v!r}")
    if characters + calamities == 0:
        raise GamelibError("with neither Characters nor Calamity Events there is nothing to order")
    return Fraction(characters, characters + calamities)


def chance_in_front_at_first_calamity(memory: Iterable[Any] | None = None, character: Any = None, *,
                                      state: Any = None) -> Fraction:
    """Shuffle these Events into a random order: the chance that ``character`` (default: any
    Character) stands in front when the first Calamity is drawn. Only Characters placed and
    Events drawing Calamities matter; the others may go anywhere."""
    events = _memory(memory, state)
    if not any(draws_calamity(e) for e in events):
        raise GamelibError("no Event of this Memory draws a Calamity")
    if character is None:
        chars = sum(1 for e in events if placed(e))
        others = sum(1 for e in events if draws_calamity(e) and not placed(e))
        return chance_character_first(chars, others)
    target = find_event(character, state)
    if target not in events:
        raise GamelibError(f"{target.label} is not in this Memory")
    if not placed(target):
        return Fraction(0)
    return chance_before_all(sum(1 for e in events if draws_calamity(e) and e is not target))


def count_orders(memory: Iterable[Any] | None = None, *, by: str = "card", state: Any = None) -> int:
    """Orders of these Events: n! for distinct cards (``by="card"``); orders that differ in
    the names only (``by="name"``: two WALKERs swapped count once), n! / (m1! m2! ...)."""
    events = _memory(memory, state)
    if by == "card":
        return factorial(len(events))
    if by == "name":
        return factorial(len(events)) // prod(factorial(n) for n in Counter(e.name for e in events).values())
    raise GamelibError(f"by must be 'card' or 'name', got {by!r}")


def orders(memory: Iterable[Any] | None = None, *, state: Any = None) -> Iterable[tuple[str, ...]]:
    """Every order of these Events, as tuples of labels (n! of them: keep n small)."""
    labels = [e.label for e in _memory(memory, state)]
    if len(labels) > 9:
        raise GamelibError(f"{len(labels)} Events have {factorial(len(labels)):,} orders; enumerate at most 9")
    return itertools.permutations(labels)
