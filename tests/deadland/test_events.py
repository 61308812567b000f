"""Rulebook sections "Event", "Event Card Types", "Zombie Attacks" (and turned-over boards)."""
from __future__ import annotations

from .helpers import FILLER, board, draw_daily, junk, player, settle, start, texts


def _event(card: str, n: int = 2, red: dict | None = None, others: dict | None = None, virus: list | None = None,
           seed: int = 0, **extra):
    players = {"red": {"board": "Hospital", **(red or {})}}
    players.update(others or {})
    held = {spec.get("role") for spec in players.values()}
    extra.setdefault("roles", [r for r in ("medic", "scavenger", "hermit") if r not in held])
    s = start(n, seed=seed, virus={"deck": virus or junk(12)}, boards={"Hospital": {"deck": [card]}},
              players=players, **extra)
    draw_daily(s)
    s.apply("Stay on the Hospital")
    settle(s)  # the role prompts that offer a single choice
    if s.phase == "Using / Exchanging Objects":
        s.apply("End the exchange phase")
    return settle(s)


def test_event_tokens_are_taken():
    """Event / Event Card Types: Rations and Munitions shown on the card are taken."""
    s = _event("1 Rations and 1 Munitions")
    assert player(s, "red")["rations"] == 1 and player(s, "red")["munitions"] == 1
    assert board(s, "Hospital")["discard"] == ["1 Rations and 1 Munitions"]


def test_event_object_is_kept_and_usable_from_the_next_turn():
    """Event: an object is kept in front of the player, usable from their next turn."""
    s = _event("Hatchet")
    assert player(s, "red")["objects"] == ["Hatchet (new)"]
    assert board(s, "Hospital")["discard"] == []


def test_event_duplicate_object_is_discarded():
    """Event: nobody holds two identical objects; the second one is discarded."""
    s = _event("Hatchet", red={"objects": ["store-09"]})
    assert player(s, "red")["objects"] == ["Hatchet"]
    assert board(s, "Hospital")["discard"] == ["Hatchet"]


def test_zombie_attack_hits_every_survivor_on_the_board_in_turn_order():
    """Event / Zombie Attacks: everyone sharing the board draws, in turn order from the active player."""
    s = _event("One Zombie (2 cards)", n=3, others={"blue": {"board": "Road 1"}, "green": {"board": "Hospital"}})
    lines = texts(s, "Zombie Attacks")
    assert lines.index("red undergoes an Infection Trial of 2 cards") < lines.index("green undergoes an Infection Trial of 2 cards")
    assert not any(line.startswith("blue undergoes") for line in lines)


def test_zombie_attack_can_add_several_cards():
    """Event: the one-card limit of the daily trial does not apply to attacks."""
    s = _event("Group of Zombies (3 cards)", virus=[FILLER, FILLER, "1", "2", FILLER])
    assert player(s, "red")["infection"] == ["1", "2"]


def test_infected_area_takes_the_next_numbers_from_the_discards():
    """Objects, Event Symbols and Effects (Infected Area): each survivor on the board takes the next
    number from the Virus discards if there is one; zombies there take back a Resistance token."""
    s = _event("Infected Area", n=3, red={"infection": ["1"], "role": "traitor"},
               others={"blue": {"board": "Hospital"}, "green": {"board": "Hospital", "zombie": True, "resistance": 3}},
               virus=[FILLER, FILLER])
    # the two FILLER (8) cards of red's own trial are the only discards: nobody finds a 2 or a 1
    assert player(s, "red")["level"] == 1 and player(s, "blue")["level"] == 0
    assert player(s, "green")["resistance"] == 4
    s2 = start(3, virus={"deck": [FILLER, FILLER], "discard": ["1", "2", "5"]},
               boards={"Hospital": {"deck": ["Infected Area"]}},
               players={"red": {"board": "Hospital", "infection": ["1"], "role": "traitor"},
                        "blue": {"board": "Hospital"}})
    s2.apply("Stay on the Hospital")
    if s2.phase == "Using / Exchanging Objects":
        s2.apply("End the exchange phase")
    settle(s2)  # red, holding a face-down card, is asked before the 2 is added
    assert player(s2, "red")["infection"] == ["1", "2"] and player(s2, "blue")["infection"] == ["1"]
    assert s2.view(None)["virus"]["discard"][:1] == ["5"]


def test_an_emptied_board_is_turned_over_and_its_discards_boxed():
    """Zombie Attacks (board turned over): the last Event card empties the deck, the discards go in
    the box and the board is turned."""
    rest = [f"hospital-{i:02d}" for i in range(1, 21) if i not in (5, 9, 10)]
    s = start(2, virus={"deck": [FILLER] * 8}, box=rest,
              boards={"Hospital": {"deck": ["hospital-05"], "discard": ["hospital-09", "hospital-10"]}},
              players={"red": {"board": "Hospital"}})
    assert len(board(s, "Hospital")["deck"]) == 1
    s.apply("Stay on the Hospital")
    b = board(s, "Hospital")
    assert b["turned"] and b["deck"] == [] and b["discard"] == []
    assert {"hospital-05", "hospital-09", "hospital-10"} <= set(s.box) and len(s.box) == 20
    assert any("has no Event cards left" in line for line in texts(s))


def test_a_survivor_on_a_turned_board_faces_the_bloodstain_trial():
    """Zombie Attacks (turned board): a survivor draws the bloodstain's number of cards instead of an Event."""
    s = start(2, virus={"deck": [FILLER] * 8}, boards={"Hospital": {"turned": True}},
              players={"red": {"board": "Hospital"}})
    s.apply("Stay on the Hospital")
    assert "the Hospital is turned over: red faces its bloodstain instead of an Event" in texts(s)
    assert "red undergoes an Infection Trial of 4 cards" in texts(s)
