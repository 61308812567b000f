"""Rulebook sections "Movement" (and the Town Boards' connections) and "Using / Exchanging Objects"."""
from __future__ import annotations

from .helpers import FILLER, draw_daily, has, player, start, texts

ROAD_EXITS = ["Move to the Base", "Move to the General Store", "Move to the Hospital", "Move to the Police Station"]


def test_movement_from_the_base_reaches_only_the_two_roads():
    """Movement: from the Base only the two Roads are one move away; staying is allowed."""
    s = start(2, virus={"deck": [FILLER] * 2})
    assert s.legal_labels() == ["Stay on the Base", "Move to Road 1", "Move to Road 2"]


def test_movement_from_a_road_reaches_the_base_and_every_outer_zone():
    """Movement (our reading of figure 3.0): each Road leads to the Base and to all three outer zones."""
    for road in ("Road 1", "Road 2"):
        s = start(2, virus={"deck": [FILLER] * 2}, players={"red": {"board": road}})
        assert s.legal_labels() == [f"Stay on {road}"] + ROAD_EXITS


def test_movement_outer_zones_are_not_connected_together():
    """Movement: the outer zones connect only to the Roads."""
    s = start(2, virus={"deck": [FILLER] * 2}, players={"red": {"board": "Police Station"}})
    assert s.legal_labels() == ["Stay on the Police Station", "Move to Road 1", "Move to Road 2"]


def test_a_zombie_must_move_and_cannot_enter_the_base_while_no_board_is_turned():
    """Life as a Zombie (Movement): a zombie has to move, never onto the Base until a board is turned."""
    s = start(2, virus={"deck": [FILLER] * 2}, players={"red": {"board": "Road 1", "zombie": True}})
    assert s.legal_labels() == ["Move to the General Store", "Move to the Hospital", "Move to the Police Station"]
    s = start(2, virus={"deck": [FILLER] * 2}, boards={"Hospital": {"turned": True}},
              players={"red": {"board": "Road 1", "zombie": True}})
    assert s.legal_labels() == ROAD_EXITS


def _exchange(red: dict, blue: dict, **extra):
    red = {"board": "Hospital", **red}
    blue = {"board": "Hospital", **blue}
    s = start(2, virus={"deck": [FILLER] * 2}, players={"red": red, "blue": blue}, **extra)
    draw_daily(s)
    s.apply("Stay on the Hospital")
    return s


def test_exchange_gives_tokens_and_objects_to_a_survivor_on_the_same_board():
    """Using / Exchanging Objects: objects, munitions and rations can be given on the same board."""
    s = _exchange({"munitions": 2, "rations": 1, "objects": ["Pistol"]}, {})
    assert s.phase == "Using / Exchanging Objects"
    assert s.legal_labels() == ["Give 1 Munitions to blue", "Give 1 Rations to blue", "Give the Pistol to blue",
                                "End the exchange phase"]
    s.apply("Give the Pistol to blue")
    s.apply("Give 1 Munitions to blue")
    assert player(s, "blue")["objects"] == ["Pistol"] and player(s, "blue")["munitions"] == 1
    assert s.legal_labels() == ["Give 1 Munitions to blue", "Give 1 Rations to blue", "End the exchange phase"]


def test_exchange_respects_the_receivers_limits_and_duplicates():
    """Using / Exchanging Objects: a gift may not break the receiver's carrying limit, and nobody holds
    two identical objects."""
    s = _exchange({"munitions": 1, "objects": ["Pistol", "Hatchet"]},
                  {"infection": ["1", "2", "3", "4", "5", "6"], "role": "looter", "rations": 4, "objects": ["Pistol"]})
    assert s.legal_labels() == ["Give the Hatchet to blue", "End the exchange phase"]
    s.apply("Give the Hatchet to blue")
    assert s.legal_labels() == ["End the exchange phase"] or s.phase != "Using / Exchanging Objects"


def test_exchange_is_not_offered_to_other_boards_or_zombies():
    """Using / Exchanging Objects: only survivors on the same board receive gifts."""
    s = _exchange({"munitions": 1}, {"board": "Road 1"})
    assert s.phase == "Event" or not has(s, "Give 1 Munitions to blue")
    s = _exchange({"munitions": 1}, {"zombie": True})
    assert not any(label.startswith("Give") for label in s.legal_labels())


def test_a_face_down_traitor_refuses_gifts_and_everyone_learns_it():
    """Role Cards (Traitor): nobody can pass the face-down Traitor tokens or objects."""
    s = _exchange({"munitions": 2}, {"infection": ["1"], "role": "traitor"})
    s.apply("Give 1 Munitions to blue")
    assert player(s, "red")["munitions"] == 2 and player(s, "blue")["munitions"] == 0
    assert s.view("red")["traitor_known"] == "blue"
    assert not any(label.startswith("Give") for label in s.legal_labels())


def test_stolen_resources_give_two_rations():
    """Objects (stand-in effect): the Stolen Resources are discarded for 2 Rations in the Using phase."""
    s = start(2, virus={"deck": [FILLER] * 2}, players={"red": {"board": "Hospital", "objects": ["Stolen Resources"]}})
    s.apply("Stay on the Hospital")
    s.apply("Use the Stolen Resources: discard it and take 2 Rations")
    assert player(s, "red")["rations"] == 2 and player(s, "red")["objects"] == []
    assert "red uses the Stolen Resources" in texts(s)
