"""The rules of Deadland as the engine asks for them: the legal actions at the decision on top of
the pending work, carrying one out, the phase shown to players, and the start of a new game.

The rules themselves are split by rulebook chapter, in import order (each module imports only
the ones before it): tasks.py (the pending-work stack that drives a turn), common.py (tokens,
piles, turning into a zombie, the end), reactions.py (weapons at someone else's moment),
roles.py (Role powers), trials.py (Infection Trials and levels), effects.py (the Event phase),
flow.py (the turn, movement, exchanges, excess). Importing them registers their steps and
decisions in tasks.py."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action

from . import effects, flow, reactions, roles, trials  # noqa: F401  (registers every step and decision)
from .state import freeze
from .tasks import ANYTIME, DECISIONS, advance

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState


#: the ``anytime`` powers' legal actions (all registered: the rule modules are imported above)
ANYTIME_LEGAL = tuple(legal for legal, _ in ANYTIME.values())


def legal_actions(s: "DeadlandState") -> list[Action]:
    """The decision on top of the pending work: the ``anytime`` powers it offers, then its own."""
    t = s.stack[-1]
    out = DECISIONS[t[0]][0](s, t)
    extra: list[Action] | None = None
    for extra_legal in ANYTIME_LEGAL:
        got = extra_legal(s, t)
        if got:  # (almost never: no new list for the usual nothing)
            extra = got if extra is None else extra + got
    return out if extra is None else extra + out


def apply(s: "DeadlandState", action: Action) -> None:
    """Carry out one of ``legal_actions(s)``, then play on to the next decision."""
    t = s.stack.pop()
    power = ANYTIME.get(action.kind)
    if power is None:
        DECISIONS[t[0]][1](s, t, action)
    else:
        power[1](s, t, action)
        if s.result is None:
            s.stack.append(t)  # the decision is still to be answered
    advance(s)


def phase(s: "DeadlandState") -> str:
    if s.result is not None:
        return "over"
    return DECISIONS[s.stack[-1][0]][2]


def deal(s: "DeadlandState") -> None:
    """Shuffle and deal a new game's decks into a blank state (``Game.blank``), then play on to the first decision."""
    data = s.data
    for deck, boards in data.deck_boards.items():
        ids = list(data.decks[deck])
        s.rng.shuffle(ids)
        size = len(ids) // len(boards)
        for i, b in enumerate(boards):
            s.edeck[b] = ids[i * size:(i + 1) * size]
    s.vdeck = list(data.virus_ids)
    s.rng.shuffle(s.vdeck)
    s.rdeck = list(data.roles)
    s.rng.shuffle(s.rdeck)
    freeze(s)
    s.stack.append(("turn_start",))
    advance(s)
