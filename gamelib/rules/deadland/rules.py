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
from .tasks import DECISIONS, advance, offered, push, taken

if TYPE_CHECKING:  # pragma: no cover
    from .state import DeadlandState


def legal_actions(s: "DeadlandState") -> list[Action]:
    return offered(s, s.stack[-1])


def apply(s: "DeadlandState", action: Action) -> None:
    taken(s, s.stack.pop(), action)
    advance(s)


def phase(s: "DeadlandState") -> str:
    if s.result is not None:
        return "over"
    return DECISIONS[s.stack[-1][0]][2]


def deal(s: "DeadlandState") -> None:
    """Shuffle and deal a new game's decks into a ``blank`` state, then play on to the first decision."""
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
    push(s, ("turn_start",))
    advance(s)
