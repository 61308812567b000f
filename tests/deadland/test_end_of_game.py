"""Rulebook section "End of the Game" (Radio Contact targets, all zombies, role conditions)."""
from __future__ import annotations

import pytest

from .helpers import climb, game, junk, start


@pytest.mark.parametrize("n,target", [(2, 7), (3, 9), (4, 11), (5, 12), (6, 14)])
def test_radio_contact_targets_by_player_count(n, target):
    """End of the Game: the number of Radio Contacts to reach, by number of players."""
    assert game(n).new_state(seed=1).view(None)["radio"]["target"] == target


def test_reaching_the_radio_target_ends_the_game_and_living_survivors_win():
    """End of the Game: the marker reaches the target: every survivor who is not a zombie wins."""
    s = start(3, radio=8, virus={"deck": ["Radio Contact"]},
              players={"red": {"board": "Hospital"}, "blue": {"zombie": True, "board": "Road 1"}})
    assert s.is_over and s.outcome.winners == ("red", "green") and s.outcome.losers == ("blue",)
    assert s.to_move is None and s.legal_labels() == []


def test_role_conditions_at_the_radio_end():
    """Role Cards: a living Infectee needs Medications, the Traitor two objects, the Survivor a Ration."""
    s = start(4, radio=10, virus={"deck": ["Radio Contact"]}, players={
        "red": {"board": "Hospital", "infection": ["1"], "role": "infectee"},
        "blue": {"infection": ["1"], "role": "traitor", "objects": ["Pistol"]},
        "green": {"infection": ["1"], "role": "survivor", "rations": 1},
        "yellow": {"infection": ["1"], "role": "looter"}})
    assert s.is_over
    assert s.outcome.winners == ("green", "yellow") and s.outcome.losers == ("red", "blue")
    assert "red is the Infectee without Medications" in s.outcome.reason


def test_all_survivors_zombies_everyone_but_the_last_wins():
    """End of the Game: when every survivor has turned, all win except the last player to turn."""
    s = start(2, virus={"deck": ["8"] + junk(3)},
              players={"red": {"board": "Hospital", "infection": climb(7), "role": "looter"},
                       "blue": {"board": "Road 1", "zombie": True}})
    assert s.is_over and s.outcome.winners == ("blue",) and s.outcome.losers == ("red",)


def test_zombies_out_of_resistance_lose_too():
    """End of the Game: zombie players who ran out of Resistance tokens also lose."""
    s = start(3, virus={"deck": ["8"] + junk(3)},
              players={"red": {"board": "Hospital", "infection": climb(7), "role": "looter"},
                       "blue": {"board": "Road 1", "zombie": True},
                       "green": {"board": "Road 2", "zombie": True, "dead": True, "resistance": 0}})
    assert s.is_over and s.outcome.winners == ("blue",) and s.outcome.losers == ("red", "green")
