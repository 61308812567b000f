"""Small helpers for The Walking Deck's rule tests: positions are built from scenarios.

The usual rules are tested with Boris, whose power only adds a choice once a Calamity is drawn."""
from __future__ import annotations

from typing import Any

import gamelib

# Card ids of the shipped set used by the tests (see gamelib/data/walking_deck.toml)
WILD_ZERO, CAVE, CABOT, HORDE, MARCEL, LOUISE, GASTON, JEANNE = "R01", "R02", "R03", "R04", "R05", "R06", "R07", "R08"
WALKER_R, CRAWLER, BLOATED, ORCHARD, FARMHOUSE, RIVER, WELL, BEAR_TRAP = "R09", "R10", "R11", "R12", "R13", "R14", "R15", "R16"
STORM, WOLVES = "R17", "R18"
DOMITILLE, BRIGADE, THEO, NADIA, PIERRE, WALKER_U, RUNNER, SCREAMER = "U01", "U02", "U03", "U04", "U05", "U06", "U07", "U08"
SHAMBLER, PHARMACY, SUPERMARKET, CHURCH, SUBWAY, ROOFTOP, FIRE, HOSPITAL = "U09", "U10", "U11", "U12", "U13", "U14", "U15", "U16"
RIOT, RADIO = "U17", "U18"
# Calamity tokens: 2 of each of malnutrition, injuries, stress, and the three pairs
CAL_M, CAL_I, CAL_S, CAL_MI, CAL_MS, CAL_IS = "CAL01", "CAL03", "CAL05", "CAL07", "CAL09", "CAL11"


def game(protagonist: str = "Boris", cards: Any = None):
    return gamelib.load("walking-deck", protagonist=protagonist, cards=cards)


def make(scenario: dict | None = None, protagonist: str = "Boris", seed: int = 0, cards: Any = None):
    g = game(protagonist, cards)
    return g.new_state(seed=seed) if scenario is None else g.from_scenario(scenario, seed=seed)


def texts(state, section: str | None = None) -> list[str]:
    return [e.text for e in state.log if section is None or e.section == section]


def sections(state) -> set[str]:
    return {e.section for e in state.log}


def interrogation(memory: list[str], **extra: Any) -> dict:
    """A scenario at the start of the Interrogation with this Memory (first unstacked first)."""
    return {"phase": "Interrogation", "memory": memory, **extra}


def unstack(state):
    return state.apply("Unstack the next Event")


def damage_of(state, cid: str) -> int | None:
    for c in state.view(None)["characters"]:
        if c["id"] == cid:
            return c["damage"]
    return None
