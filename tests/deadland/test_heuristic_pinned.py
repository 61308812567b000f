"""The heuristic agent's choices, pinned (session 25: its implementation and the rules were made
faster; neither may change a game). Whole games played by heuristic agents on every seat, as the
hint's playouts play them (``apply_fast``, log off), six seeds per number of players, about 800
choices in all (every kind of decision the agent meets); and the same games with the log on
through the checked ``apply``. The digest of every label chosen and of each game's outcome is
the one main gave at 1a2075a, before the change."""
from __future__ import annotations

import hashlib

import pytest

from gamelib.agents import agents_for
from gamelib.core import derive_seed

from .helpers import game

#: players -> sha256 of the labels chosen and the outcomes of seeds 0..5, from main at 1a2075a
PINNED = {
    2: "27b34d27eb607ecd43b28818223ecdbf34f168dfe94dcc5abed384146af6be9f",
    3: "7e4c3657c758585e636383cf6d9652a68ab11043195a212a784a99ea0fd8f8d0",
    4: "3d2fde2193e5a5ecd89201ed387fd0882b61601909099590f4adafb0c59cd9d1",
    5: "984c5c3ba0abd2842bbbed4d25978dee079fb46c98b32c7b2772ac133f734e82",
    6: "23d4e8752135af88193114fdd534a59180b9d607d7fe15e462b0c99c940ece35",
}


def _digest(players: int, fast: bool) -> str:
    g = game(players)
    cls = agents_for(g)["heuristic"]
    h = hashlib.sha256()
    for seed in range(6):
        s = g.new_state(seed=seed)
        agents = {p: cls(seed=derive_seed(seed, i)) for i, p in enumerate(s.players)}
        if fast:
            s.log_enabled = False
        while not s.is_over:
            legal = s.legal_list()
            a = legal[0] if len(legal) == 1 else agents[s.to_move].choose(s)
            h.update(a.label.encode() + b"\n")
            (s.apply_fast if fast else s.apply)(a)
        h.update(repr(s.outcome).encode() + b"\n")
    return h.hexdigest()


@pytest.mark.parametrize("players", sorted(PINNED))
def test_heuristic_choices_are_pinned(players):
    assert _digest(players, fast=True) == PINNED[players]


def test_heuristic_choices_are_the_same_with_the_log_on():
    assert _digest(4, fast=False) == PINNED[4]
