"""Exact probability and game theory for Walk the Plank, as ``Fraction``s: one round played out
for given programmes, the payoff matrix of a small endgame over both rivals' programmes, its
optimal mixed programme (the minimax solution of a zero-sum game), and the chi-square test a
lesson uses to ask whether the seat at the table matters.

An endgame is a position at the start of a round, read from a scenario dict (the engine's own
format: ``{"players": [...], "captain": "red", "planks": 3, "pirates": {"red": ["plank 2", "dead",
"dead"], ...}, "eliminated": [...], "set_aside": {...}}``), in which exactly two players still have
pirates: the two rivals. The round is played as the rules play it (``gamelib.rules.walk_the_plank``
and ``docs/rulings.md``, Walk the Plank): cards are revealed card 1 of every player from the
Captain clockwise, then card 2, then card 3; a card with no possible effect does nothing; the end
is checked after every card, and once it holds the round is finished and the players with
surviving pirates win. This module scores only this round: if no end condition holds when the
round is over, nobody wins (the engine's ``max_rounds`` house rule set to this round).

The payoff to the first rival is +1 if they win and the other does not, -1 the other way round,
0 when both win or neither does: a zero-sum game. When a card lets its owner choose how to carry
it out, the owner chooses as well as possible knowing every programme (``resolve="best"``), or
at random (``resolve="random"``, the engine's random player); a Ghost's player has nothing to
win, so the Ghost's programme and choices are taken at random, every one equally likely.

The cards are the game's own: ``endgame(scenario, cards=game)`` (or a card table, a path, or
nothing for the shipped set) reads the card definitions the engine plays with, their effects,
Skulls and allowed positions, so a teacher's edited card file changes every answer here as it
changes the game (``tests/probability/test_walk_the_plank_cards.py`` plays both out).

The modules: ``position`` (the endgame and its card set), ``board`` (one card's ways),
``rounds`` (a round and the payoff matrix), ``zerosum`` (the exact simplex), ``endgames`` (best
replies), ``seats`` (chi-square tests). No widgets, no plotting, no scipy here."""
from __future__ import annotations

from typing import Any

from ..stats import chi2_sf
from .board import options
from .endgames import EndgameSolution, solve_endgame
from .position import Endgame, card_set, card_table, endgame, programme_text, programmes
from .rounds import Core, PayoffMatrix, ghost_programmes, payoff, payoff_matrix, reveal_order, round_value
from .seats import ChiSquare, chi_square_table, chi_square_uniform, multinomial_p_value, multinomial_tail, seat_of
from .zerosum import Solution, guaranteed, pure_security, solve


def __getattr__(name: str) -> Any:
    # CARDS and SHOVES were constants here; they are now read from the shipped card set, as the
    # engine reads it (the card table of an edited set: ``card_table(game)``)
    if name == "CARDS":
        return card_table()
    if name == "SHOVES":
        return tuple(c.name for c in card_set() if c.is_shove)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CARDS", "ChiSquare", "Core", "Endgame", "EndgameSolution", "PayoffMatrix", "SHOVES", "Solution", "card_set",
    "card_table", "chi2_sf", "chi_square_table", "chi_square_uniform", "endgame", "multinomial_p_value",
    "multinomial_tail", "ghost_programmes", "guaranteed", "options", "payoff", "payoff_matrix", "programme_text",
    "programmes", "pure_security", "reveal_order", "round_value", "seat_of", "solve", "solve_endgame",
]
