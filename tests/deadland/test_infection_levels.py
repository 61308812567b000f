"""Rulebook section "Effects Due to the Infection Level" (levels 1-8)."""
from __future__ import annotations

from .helpers import FILLER, board, climb, player, start, texts


def test_level_1_draws_a_face_down_role_card():
    """Level 1: the first card added gives a Role card at random, seen only by its holder."""
    s = start(2, virus={"deck": ["1", FILLER]}, players={"red": {"board": "Hospital"}})
    assert s.role[0] is not None and len(s.rdeck) == 7
    assert player(s, "red")["level"] == 1
    assert s.view("blue")["players"]["red"]["role"] == "face down"
    assert s.view("red")["players"]["red"]["role"].endswith("(face down)")
    private = [e for e in s.log if e.visible_to is not None]
    assert private and all(e.visible_to == frozenset({"red"}) for e in private)
    assert not any("draws the" in line for line in s.view("blue")["log"])


def test_level_2_discards_an_event_of_the_own_board():
    """Level 2: the top Event card of the player's board is discarded without effect (3+ players)."""
    s = start(3, virus={"deck": ["2", FILLER]},
              boards={"Hospital": {"deck": ["Horde of Zombies"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter"}})
    hosp = board(s, "Hospital")
    assert len(hosp["deck"]) == 19 and hosp["discard"] == ["Horde of Zombies (5 cards)"]
    assert all(len(b["discard"]) == 0 for b in s.view(None)["boards"] if b["name"] != "Hospital")


def test_level_2_in_a_two_player_game_discards_from_every_zone():
    """Level 2: with two players an Event card is discarded from each zone."""
    s = start(2, virus={"deck": ["2", FILLER]},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter"}})
    assert all(len(b["discard"]) == 1 for b in s.view(None)["boards"])


def test_level_2_discard_can_turn_a_board_over():
    """Level 2 / Zombie Attacks: discarding the last Event card of a board turns it over."""
    rest = [f"hospital-{i:02d}" for i in range(2, 21)]
    s = start(3, virus={"deck": ["2", FILLER]}, box=rest, boards={"Hospital": {"deck": ["hospital-01"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter"}})
    assert board(s, "Hospital")["turned"] and "hospital-01" in s.box


def test_level_3_increases_the_daily_trial():
    """Level 3: the daily trial becomes three cards (from the next trial on)."""
    s = start(2, virus={"deck": ["3", FILLER]},
              players={"red": {"board": "Hospital", "infection": climb(2), "role": "looter"}})
    assert "red (level 2) draws 2 Virus cards" in texts(s)
    assert player(s, "red")["level"] == 3


def test_level_4_discards_the_only_object():
    """Level 4: the player discards one of their objects at once."""
    s = start(2, virus={"deck": ["4", FILLER]},
              players={"red": {"board": "Hospital", "infection": climb(3), "role": "looter", "objects": ["Pistol"]}})
    assert player(s, "red")["objects"] == []
    assert "red must discard an object: the Pistol" in texts(s)


def test_level_4_lets_the_player_choose_which_object():
    """Level 4: with several objects the player chooses."""
    s = start(2, virus={"deck": ["4", FILLER]},
              players={"red": {"board": "Hospital", "infection": climb(3), "role": "looter",
                               "objects": ["Pistol", "Hatchet"]}})
    assert s.to_move == "red" and s.legal_labels() == ["Discard the Pistol", "Discard the Hatchet"]
    s.apply("Discard the Hatchet")
    assert player(s, "red")["objects"] == ["Pistol"]


def _attack_position(levels: dict[str, int], card: str = "One Zombie"):
    players = {}
    for name, lv in levels.items():
        spec = {"board": "Hospital", "infection": climb(lv)}
        if lv:
            spec["role"] = {"red": "looter", "blue": "traitor", "green": "scavenger"}[name]
        players[name] = spec
    s = start(3, virus={"deck": [FILLER] * 3 + ["7"] * 8}, boards={"Hospital": {"deck": [card]}}, players=players)
    s.apply("Stay on the Hospital")
    if s.phase == "Using / Exchanging Objects":
        s.apply("End the exchange phase")
    return s


def test_level_5_adds_one_card_to_attacks_on_the_board():
    """Level 5: everyone on the board of a level-5 player draws one more card in a zombie attack."""
    s = _attack_position({"red": 0, "blue": 5, "green": 0})
    lines = texts(s, "Zombie Attacks")
    assert "red undergoes an Infection Trial of 3 cards (+1: level 5 on the board)" in lines
    assert "green undergoes an Infection Trial of 3 cards (+1: level 5 on the board)" in lines


def test_level_5_penalty_is_not_cumulative():
    """Level 5: two level-5 players on one board still add only one card."""
    s = _attack_position({"red": 0, "blue": 5, "green": 5})
    assert "red undergoes an Infection Trial of 3 cards (+1: level 5 on the board)" in texts(s, "Zombie Attacks")


def test_levels_6_and_7_carry_four_tokens_and_two_objects():
    """Levels 6-7 / Discarding Excess: at most four tokens and two objects, enforced in phase 5."""
    s = start(2, virus={"deck": ["1"] * 4}, boards={"Hospital": {"deck": ["Rations"]}},
              players={"red": {"board": "Hospital", "infection": climb(6), "role": "traitor", "munitions": 3,
                               "rations": 2, "objects": ["Pistol", "Hatchet", "Medications"]}})
    s.apply("Draw 4 Virus cards")
    s.apply("Stay on the Hospital")
    # nothing to give, but red's face-down card might be the Scavenger: the Using phase waits
    assert s.legal_labels() == ["End the exchange phase"]
    s.apply("End the exchange phase")
    s.apply("Draw one Event card")  # red might be the Looter too: the Event draw waits
    # the Event gave a Ration: 6 tokens now, 4 allowed
    assert s.phase == "Discarding Excess Objects/Tokens"
    assert s.legal_labels() == ["Discard 1 Munitions", "Discard 1 Rations"]
    s.apply("Discard 1 Munitions")
    s.apply("Discard 1 Rations")
    assert s.legal_labels() == ["Discard the Pistol", "Discard the Hatchet", "Discard the Medications"]
    s.apply("Discard the Medications")
    red = player(s, "red")
    assert red["munitions"] + red["rations"] == 4 and len(red["objects"]) == 2
    assert s.active == 1  # blue's turn began


def test_level_8_turns_the_player_into_a_zombie_and_ends_their_turn():
    """Level 8: the player becomes a zombie at once; on their own turn, the turn ends."""
    s = start(3, virus={"deck": ["8", FILLER, FILLER, FILLER] + [FILLER] * 4},
              players={"red": {"board": "Hospital", "infection": climb(7), "role": "looter",
                               "munitions": 2, "objects": ["Pistol"]}})
    red = player(s, "red")
    assert red["zombie"] and red["resistance"] == 5 and red["level"] == 0
    assert red["munitions"] == 0 and red["objects"] == [] and red["role"] == "Looter"
    assert "red draws an 8: the next card for their Infection deck (level 7)" in texts(s)
    # the remaining three cards of red's trial were not drawn, and blue is playing now
    assert s.active == 1 and not any(t.startswith("red stays") or t.startswith("red moves") for t in texts(s))
    assert len(s.view(None)["virus"]["discard"]) >= 8  # red's whole Infection deck went to the discards
