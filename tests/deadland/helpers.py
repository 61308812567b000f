"""Scenario builders shared by the Deadland tests."""
from __future__ import annotations

from typing import Any

import gamelib

FILLER = "8"  # a Virus card nobody below level 7 can add


def junk(k: int, levels: str = "8765") -> list[str]:
    """``k`` Virus card labels that players at low levels cannot add (at most 8 copies of each)."""
    return [levels[i % len(levels)] for i in range(k)]


def draw_daily(state):
    """Take the daily trial without eating a Ration or revealing anything, if it is waiting, then
    answer the single-choice prompts that follow (see ``settle``)."""
    if state.phase == "Daily Infection Trial":
        state.apply(next(label for label in state.legal_labels() if label.startswith("Draw")))
    return settle(state)


def game(players: int = 2, **options: Any):
    return gamelib.load("deadland", players=players, **options)


def settle(state):
    """Answer every decision that offers a single choice: the neutral role prompts that anyone who
    might hold a face-down role gets (see ``may_hold``); no other Deadland decision has one choice.
    A face-down Traitor's reveal, offered at every decision of their turn, is not counted."""
    while not state.is_over:
        legal = [a for a in state.legal_actions() if a.kind != "traitor"]
        if len(legal) != 1:
            break
        state.apply(legal[0])
    return state


def start(n: int = 2, seed: int = 0, settled: bool = True, **scenario: Any):
    """A position of an ``n``-player game from a short scenario (see deadland/scenarios.py), with
    the single-choice role prompts answered unless ``settled`` is False."""
    s = game(n).from_scenario(scenario, seed=seed)
    return settle(s) if settled else s


def climb(level: int) -> list[str]:
    """An Infection deck at ``level``: the cards 1..level."""
    return [str(i) for i in range(1, level + 1)]


def texts(state, section: str | None = None) -> list[str]:
    return [e.text for e in state.log if section is None or e.section == section]


def player(state, name: str) -> dict:
    return state.view(None)["players"][name]


def board(state, name: str) -> dict:
    return next(b for b in state.view(None)["boards"] if b["name"] == name)


def has(state, label: str) -> bool:
    return label in state.legal_labels()
