"""Scenario builders shared by the Walk the Plank tests."""
from __future__ import annotations

from typing import Any

import gamelib

COLOURS = ("red", "blue", "green", "yellow", "purple")
FILLERS = ("Shove Left", "Shove Right", "Pull to Ship", "Run Around")


def game(players: int = 4, **options: Any):
    return gamelib.load("walk-the-plank", players=players, **options)


def ship(players: int = 4) -> dict[str, list[str]]:
    return {c: ["ship"] * 3 for c in COLOURS[:players]}


def board(players: int = 4, **places: list[str]) -> dict[str, list[str]]:
    """Every pirate on the ship except the colours given (3 places each)."""
    out = ship(players)
    out.update(places)
    return out


def last_card(card: str, player: str, pirates: dict[str, list[str]], players: int = 4,
              planks: int = 3, eliminated: list[str] | None = None, g: Any = None, **extra: Any):
    """A resolution position where ``player`` reveals ``card`` as card 3, the last card of the
    round: ``player`` sits right of the Captain and every other card of the round counts as
    already revealed, so only ``card`` acts on the board before the round ends."""
    g = g or game(players)
    colours = COLOURS[:players]
    seat = colours.index(player)
    eliminated = list(eliminated or [])
    programs: dict[str, list[str | None]] = {}
    for c in colours:
        if c not in eliminated:
            fill = [f for f in FILLERS if f != card]
            programs[c] = [fill[0], fill[1], card if c == player else fill[2]]
    scenario = {"pirates": pirates, "planks": planks, "captain": colours[(seat + 1) % players],
                "eliminated": eliminated, "programs": programs, "phase": "resolution",
                "next": {"card": 3, "player": player}}
    scenario.update(extra)
    return g.from_scenario(scenario, seed=1)


def places(state) -> dict[str, list[str]]:
    """Each colour's pirates' places, sorted (pirates of a colour are interchangeable)."""
    return {c: sorted(p) for c, p in state.to_scenario()["pirates"].items()}


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def reveals(state) -> list[str]:
    return [e.text for e in state.log if " reveals card " in e.text]


def program_all(state, plans: dict[str, Any]) -> None:
    """Apply this round's programming: ``{colour: [card1, card2, card3]}`` or, for a Ghost,
    ``{colour: (card, slot)}``, in turn order, stopping at a player without a plan."""
    start = state.round
    while not state.is_over and state.phase == "programming" and state.round == start:
        if state.to_move not in plans:
            return  # stop where the test wants to look
        plan = plans[state.to_move]
        if isinstance(plan, tuple):
            state.apply(f"Ghost plays {plan[0]} on card {plan[1]}")
        else:
            state.apply(f"Program {plan[state.slot - 1]} as card {state.slot}")


def finish_round(state, choose=lambda labels: labels[0]) -> None:
    """Resolve the current round's choices (first legal option unless ``choose`` says)."""
    start = state.round
    while not state.is_over and state.round == start and state.phase != "programming":
        state.apply(choose(state.legal_labels()))
