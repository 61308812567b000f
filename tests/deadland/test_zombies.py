"""Rulebook section "Life as a Zombie"."""
from __future__ import annotations

from .helpers import climb, draw_daily, junk, player, start, texts


def test_turning_into_a_zombie_discards_everything_and_takes_five_resistance():
    """Life as a Zombie: Infection deck and belongings discarded, zombie marker on the same board,
    five Resistance tokens."""
    s = start(2, virus={"deck": ["8"] + junk(4, "7654")},
              players={"red": {"board": "Police Station", "infection": climb(7), "role": "traitor",
                               "rations": 3, "objects": ["Shotgun", "Hatchet"]}})
    draw_daily(s)
    red = player(s, "red")
    assert red["zombie"] and red["board"] == "Police Station" and red["resistance"] == 5
    assert red["objects"] == [] and red["rations"] == 0 and red["level"] == 0
    assert s.view(None)["virus"]["discard"][:8] == climb(7) + ["8"]
    assert red["role"] == "Traitor" and s.view("blue")["players"]["red"]["role"] == "Traitor"


def test_zombie_daily_trial_draws_two_and_illness_gives_back_resistance():
    """Life as a Zombie (Daily Infection Trial): two cards, all discarded; an Illness returns a
    Resistance token."""
    s = start(2, virus={"deck": ["Illness", "1"]}, players={"red": {"board": "Road 1", "zombie": True, "resistance": 3}})
    assert player(s, "red")["resistance"] == 4
    assert s.view(None)["virus"]["discard"] == ["Illness", "1"]


def test_zombie_resistance_never_exceeds_five():
    """Life as a Zombie: at most five Resistance tokens."""
    s = start(2, virus={"deck": ["Illness", "Illness"]}, players={"red": {"board": "Road 1", "zombie": True}})
    assert player(s, "red")["resistance"] == 5


def test_radio_contacts_still_count_for_zombies():
    """Life as a Zombie: a Radio Contact drawn by a zombie moves the marker as usual."""
    s = start(2, virus={"deck": ["Radio Contact", "1", "2"]}, players={"red": {"board": "Road 1", "zombie": True}})
    assert s.view(None)["radio"]["contacts"] == 1
    assert s.view(None)["virus"]["discard"] == ["1", "2"]


def test_zombie_event_hand_symbol_gives_resistance_other_cards_do_nothing():
    """Life as a Zombie (Event): with the hand symbol the zombie takes a Resistance token; a card
    without it is discarded without effect."""
    s = start(2, virus={"deck": junk(2)}, boards={"Hospital": {"deck": ["hospital-10"]}},
              players={"red": {"board": "Road 1", "zombie": True, "resistance": 2}, "blue": {"board": "Base"}})
    s.apply("Move to the Hospital")
    assert player(s, "red")["resistance"] == 3
    s = start(2, virus={"deck": junk(2)}, boards={"Hospital": {"deck": ["hospital-11"]}},
              players={"red": {"board": "Road 1", "zombie": True, "resistance": 2}, "blue": {"board": "Base"}})
    s.apply("Move to the Hospital")
    assert player(s, "red")["resistance"] == 2 and "discarded without effect" in texts(s)


def test_zombie_infection_trial_draws_the_zombies_resistance():
    """Life as a Zombie (Zombie Infection Trial): every survivor on the zombie's board draws as many
    cards as the zombie's Resistance tokens, after its movement."""
    s = start(3, virus={"deck": junk(12)}, boards={"Hospital": {"deck": ["Rations"]}}, roles=["medic", "hermit"],
              players={"red": {"board": "Road 1", "zombie": True, "resistance": 3},
                       "blue": {"board": "Hospital"}, "green": {"board": "Hospital"}})
    s.apply("Move to the Hospital")
    lines = texts(s)
    assert "blue undergoes an Infection Trial of 3 cards" in lines
    assert "green undergoes an Infection Trial of 3 cards" in lines
    assert lines.index("blue undergoes an Infection Trial of 3 cards") < lines.index("green undergoes an Infection Trial of 3 cards")


def test_entering_a_zombies_board_causes_no_trial():
    """Life as a Zombie (N.B.): a survivor moving onto a zombie's board undergoes no trial for it."""
    s = start(2, virus={"deck": junk(4)}, boards={"Hospital": {"deck": ["Rations"]}},
              players={"red": {"board": "Road 1"}, "blue": {"board": "Hospital", "zombie": True}})
    s.apply("Move to the Hospital")
    assert not any("undergoes" in line for line in texts(s))
    assert player(s, "red")["rations"] == 1


def test_a_zombie_skips_the_exchange_phase():
    """Life as a Zombie (Using/Exchanging Objects): skipped; a zombie never gets that phase."""
    s = start(2, virus={"deck": junk(4)}, boards={"Hospital": {"deck": ["Rations"]}},
              players={"red": {"board": "Road 1", "zombie": True}, "blue": {"board": "Base", "munitions": 3}})
    s.apply("Move to the Hospital")
    assert s.active == 1


def test_a_zombie_out_of_resistance_is_out_of_the_game():
    """Life as a Zombie: a zombie wounded down to no Resistance is dead and out; its turns are skipped."""
    s = start(2, virus={"deck": junk(6)}, boards={"Hospital": {"deck": ["Rations", "Rations"]}},
              players={"red": {"board": "Road 1", "zombie": True, "resistance": 1},
                       "blue": {"board": "Hospital", "infection": ["1"], "role": "looter",
                                "objects": ["Hatchet"], "munitions": 1}})
    s.apply("Move to the Hospital")
    assert s.to_move == "blue" and "Strike red with the Hatchet (discard it)" in s.legal_labels()
    s.apply("Strike red with the Hatchet (discard it)")
    assert player(s, "red")["dead"] and s.active == 1
    assert "red has no Resistance tokens left: dead and out of the game" in texts(s)
