"""Rulebook section "Objects, Event Symbols and Effects": Pistol, Shotgun, Hatchet, Chainsaw,
used by whoever holds them, also during someone else's turn; impediments."""
from __future__ import annotations

from .helpers import draw_daily, junk, player, start, texts


def _attack(card: str, blue: dict, red: dict | None = None, virus: list | None = None, n: int = 2, **extra):
    """red (active) turns over ``card`` on the Hospital; blue is there too."""
    players = {"red": {"board": "Hospital", **(red or {})}, "blue": {"board": "Hospital", **blue}}
    extra.setdefault("roles", ["medic", "scavenger"])
    s = start(n, virus={"deck": virus or junk(14)}, boards={"Hospital": {"deck": [card]}}, players=players, **extra)
    draw_daily(s)
    s.apply("Stay on the Hospital")
    if s.phase == "Using / Exchanging Objects":
        s.apply("End the exchange phase")
    return s


def test_hatchet_sees_off_a_one_zombie_attack_by_another_player():
    """Hatchet: when a One Zombie card is turned over on the holder's board, discarding the Hatchet
    spares everyone there that trial, even on another player's turn."""
    s = _attack("One Zombie (2 cards)", {"objects": ["Hatchet"]})
    assert s.to_move == "blue" and s.legal_labels() == ["Use the Hatchet to see off the attack",
                                                         "Keep the Hatchet: everyone here faces the attack"]
    s.apply("Use the Hatchet to see off the attack")
    assert player(s, "blue")["objects"] == [] and not any("undergoes an Infection Trial" in t for t in texts(s))


def test_chainsaw_sees_off_a_group_but_not_a_one_zombie_or_a_horde():
    """Chainsaw: only for Group of Zombies cards (the card shows the Chainsaw symbol)."""
    s = _attack("Group of Zombies (3 cards)", {"objects": ["Chainsaw"]})
    assert s.legal_labels() == ["Use the Chainsaw to see off the attack",
                                "Keep the Chainsaw: everyone here faces the attack"]
    s = _attack("One Zombie (2 cards)", {"objects": ["Chainsaw"]})
    assert "red undergoes an Infection Trial of 2 cards" in texts(s)
    s = _attack("Horde of Zombies (5 cards)", {"objects": ["Chainsaw", "Hatchet"]})
    assert "red undergoes an Infection Trial of 5 cards" in texts(s)


def test_pistol_munition_gives_everyone_one_card_fewer():
    """Pistol: one Munitions token before the trials: everyone on the board draws one card fewer."""
    s = _attack("Group of Zombies (3 cards)", {"objects": ["Pistol"], "munitions": 1})
    assert s.to_move == "blue"
    s.apply("Spend 1 Munitions with the Pistol: one card fewer for everyone here")
    lines = texts(s)
    assert "red undergoes an Infection Trial of 2 cards (-1: Pistol)" in lines
    assert "blue undergoes an Infection Trial of 2 cards (-1: Pistol)" in lines
    assert player(s, "blue")["munitions"] == 0


def test_pistol_needs_a_munition_and_no_prompt_without_one():
    """Munitions: a Pistol without munitions does nothing, so nobody is asked."""
    s = _attack("Group of Zombies (3 cards)", {"objects": ["Pistol"]})
    assert "red undergoes an Infection Trial of 3 cards" in texts(s)


def test_shotgun_discards_the_card_about_to_be_added_once_per_turn():
    """Shotgun: three munitions discard the Virus card another survivor on the board is about to add;
    once per turn."""
    s = _attack("Group of Zombies (3 cards)", {"objects": ["Shotgun"], "munitions": 6},
                virus=junk(2) + ["1", "1", "8"] + junk(8))
    assert s.to_move == "blue"
    assert s.legal_labels() == ["Use the Shotgun to discard the 1 (red)",
                                "Do not fire the Shotgun: the 1 goes into red's deck"]
    s.apply("Use the Shotgun to discard the 1 (red)")
    # the second 1 is added without a prompt: blue still has 3 munitions but used the Shotgun this turn
    assert player(s, "blue")["munitions"] == 3 and player(s, "red")["level"] == 1
    assert sum("fires the Shotgun" in t for t in texts(s)) == 1


def test_pistol_and_level_5_apply_to_a_zombie_players_trial():
    """Life as a Zombie (Zombie Infection Trial follows the attack rules): the Pistol lowers it and a
    level-5 survivor raises it."""
    s = start(2, virus={"deck": junk(12)}, boards={"Hospital": {"deck": ["Rations"]}},
              players={"red": {"board": "Road 1", "zombie": True, "resistance": 3},
                       "blue": {"board": "Hospital", "infection": ["1", "2", "3", "4", "V5-1"], "role": "looter",
                                "objects": ["Pistol"], "munitions": 2}})
    s.apply("Move to the Hospital")
    s.apply("Let red pass")
    s.apply("Spend 1 Munitions with the Pistol: one card fewer for everyone here")
    # red is a zombie, so blue's face-down card might be the Survivor: asked before the trial
    assert s.legal_labels() == ["Undergo the Infection Trial"]
    s.apply("Undergo the Infection Trial")
    assert "blue undergoes an Infection Trial of 3 cards (+1: level 5 on the board, -1: Pistol)" in texts(s)


def test_shotgun_not_offered_without_three_munitions():
    """Shotgun: it needs three munitions."""
    s = _attack("Group of Zombies (3 cards)", {"objects": ["Shotgun"], "munitions": 2},
                virus=junk(2) + ["1"] + junk(8), roles=["traitor", "medic"])
    assert player(s, "red")["level"] == 1


def test_objects_drawn_this_turn_wait_for_their_holders_next_turn():
    """Event: an object just drawn is usable only from its holder's next turn, so a Hatchet blue drew
    on her last turn cannot see off an attack on red's turn."""
    s = _attack("One Zombie (2 cards)", {"objects": ["store-09"]}, fresh=["store-09"])
    assert "red undergoes an Infection Trial of 2 cards" in texts(s)
    assert player(s, "blue")["objects"] == ["Hatchet"]  # still hers, never offered


def test_impediment_on_the_top_card_blocks_the_object():
    """Virus Cards (impediments): the top card of the Infection deck can forbid an object."""
    # V3-7 and V3-8 are the level-3 cards that show the Pistol impediment
    s = _attack("Group of Zombies (3 cards)", {"objects": ["Pistol"], "munitions": 1,
                                                "infection": ["1", "2", "V3-7"], "role": "looter"})
    assert "red undergoes an Infection Trial of 3 cards" in texts(s)
    assert player(s, "blue")["impediments"] == ["Pistol"]


def test_weapons_wound_a_zombie_that_ends_its_movement_on_the_board():
    """Pistol/Shotgun/Hatchet/Chainsaw: a zombie finishing its move on the holder's board can be wounded."""
    s = start(2, virus={"deck": junk(8)}, boards={"Hospital": {"deck": ["Rations"]}},
              players={"red": {"board": "Road 1", "zombie": True},
                       "blue": {"board": "Hospital", "infection": ["1"], "role": "looter",
                                "objects": ["Pistol", "Shotgun", "Chainsaw"], "munitions": 3}})
    s.apply("Move to the Hospital")
    assert s.to_move == "blue"
    assert s.legal_labels() == ["Shoot red with the Pistol (1 Munitions)", "Fire the Shotgun at red (1 Munitions)",
                                "Fire the Shotgun at red (2 Munitions)",
                                "Strike red with the Chainsaw (discard it, 2 Resistance)", "Let red pass"]
    s.apply("Shoot red with the Pistol (1 Munitions)")
    assert player(s, "red")["resistance"] == 4
    # the Pistol is once per turn against zombies; the Shotgun and Chainsaw remain
    assert "Shoot red with the Pistol (1 Munitions)" not in s.legal_labels()
    s.apply("Fire the Shotgun at red (2 Munitions)")
    s.apply("Strike red with the Chainsaw (discard it, 2 Resistance)")
    assert player(s, "red")["dead"] and player(s, "blue")["munitions"] == 0
