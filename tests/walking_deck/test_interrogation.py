"""Interrogation (How to Play, phase 2), Clarifications on Banner Effects, and the End of the Game."""
from __future__ import annotations

from .helpers import (CAVE, CHURCH, CRAWLER, DOMITILLE, FARMHOUSE, FIRE, MARCEL, ORCHARD, RIVER, ROOFTOP,
                      SUPERMARKET, WILD_ZERO, WOLVES, damage_of, interrogation, make, texts, unstack)


def test_interrogation_memory_turned_face_down_and_unstacked_first_in_first_out():
    """Interrogation: the Memory keeps its order face down; the first Event memorised is the first unstacked."""
    s = make({"hand": [DOMITILLE, ORCHARD, CAVE], "step": "play"})
    for label in ("Memorise DOMITILLE", "Memorise ORCHARD", "Memorise CAVE"):
        s.apply(label)
    assert s.phase == "Interrogation" and s.view("you")["memory"] == {"count": 3}
    for expected in (DOMITILLE, ORCHARD, CAVE):
        assert s.view(None)["memory"]["cards"][0]["id"] == expected
        unstack(s)
    unstacked = [t for t in texts(s, "Interrogation") if t.startswith("unstack")]
    assert [t.split(" (")[0] for t in unstacked] == ["unstack DOMITILLE", "unstack ORCHARD", "unstack CAVE"]


def test_interrogation_character_placed_in_front_face_up():
    """Interrogation: a Character is placed face up in front of you (head up), its grey banner applied."""
    s = make(interrogation([DOMITILLE, CAVE]))
    unstack(s)
    chars = s.view("you")["characters"]
    assert [c["id"] for c in chars] == [DOMITILLE]
    assert chars[0]["orientation"] == "head up" and chars[0]["can_take"] == 2
    assert any("heal" in t and "nothing happens" in t for t in texts(s, "F.A.Q."))  # nobody to heal


def test_interrogation_other_events_removed_from_the_game():
    """Interrogation: an Event that is not a Character is removed from the game after its grey banner."""
    s = make(interrogation([ORCHARD, CAVE]))
    unstack(s)
    assert s.view("you")["removed"][-1]["id"] == ORCHARD  # (Events named in no zone start there too)
    assert s.view("you")["buried"]["count"] == 0  # a positive effect that does nothing: no burial


def test_interrogation_event_without_grey_banner_is_buried():
    """Interrogation (note): an Event with no grey banner is buried."""
    s = make(interrogation([RIVER, CAVE]))
    unstack(s)
    assert s.view(None)["buried"]["cards"][0]["id"] == RIVER
    assert any("no grey banner" in t for t in texts(s, "Interrogation"))


def test_interrogation_effect_that_cannot_be_applied_buries_the_event():
    """Interrogation (note): WILD ZERO must inflict damage but there is no Character: bury it."""
    s = make(interrogation([WILD_ZERO, CAVE]))
    unstack(s)
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [WILD_ZERO]
    assert WILD_ZERO not in [c["id"] for c in s.view("you")["removed"]]


def test_banner_clarification_bury_places_face_down_next_to_the_protagonist():
    """Clarifications on Banner Effects: a buried Event is face down: the player sees how many, not which."""
    s = make({"rural": [CAVE], "hand": [WOLVES], "step": "play"})
    s.apply("Avoid WOLVES")
    assert s.view("you")["buried"] == {"count": 1, "limit": 4}
    assert s.view("you")["avoided"] == []  # it left the Avoided for the Buried
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [WOLVES]


def test_banner_clarification_reserves_restore_and_consume():
    """Clarifications on Banner Effects: Reserve icons turn a Reserve available or consumed; if it
    already is, nothing happens."""
    s = make({"rural": [CAVE], "hand": [ORCHARD, FIRE], "step": "play",
              "reserves": {"Food": "consumed", "Restorative": "consumed"}})
    s.apply("Memorise ORCHARD")
    assert s.view("you")["reserves"]["Food"] == "available"
    s.apply("Avoid FIRE")  # consume Food (applies) and Restorative (already consumed: nothing)
    assert s.view("you")["reserves"] == {"Food": "consumed", "Medical": "available", "Restorative": "consumed"}
    assert any("already consumed" in t for t in texts(s, "F.A.Q."))


def test_banner_clarification_events_moved_by_a_banner_have_no_effect():
    """Clarifications on Banner Effects (note): an Event memorised, avoided or buried through a
    banner effect does not apply its own effects."""
    # FARMHOUSE memorises the top Rural Event: ORCHARD would restore Food, but does not
    s = make({"rural": [ORCHARD, WOLVES], "hand": [FARMHOUSE], "step": "play", "reserves": {"Food": "consumed"}})
    s.apply("Memorise FARMHOUSE")
    assert [c["id"] for c in s.view(None)["memory"]["cards"]] == [FARMHOUSE, ORCHARD]
    assert s.view("you")["reserves"]["Food"] == "consumed"
    # ROOFTOP avoids the top Urban Event: FIRE would consume two Reserves, but does not
    s = make({"urban": [FIRE, CHURCH], "hand": [ROOFTOP], "step": "play"})
    s.apply("Memorise ROOFTOP")
    assert [c["id"] for c in s.view("you")["avoided"]] == [FIRE]
    assert set(s.view("you")["reserves"].values()) == {"available"}
    # CRAWLER buries SUPERMARKET from the hand: SUPERMARKET's banners do nothing
    s = make({"rural": [WOLVES], "hand": [CRAWLER, SUPERMARKET], "step": "play", "reserves": {"Food": "consumed"}})
    s.apply("Avoid CRAWLER")
    s.apply("Bury SUPERMARKET from your hand")
    assert s.view("you")["reserves"]["Food"] == "consumed"
    assert s.view("you")["buried"]["count"] == 1


def test_end_of_game_lost_as_soon_as_the_burial_limit_is_reached():
    """End of the Game: the game ends instantly when the Protagonist's number of buried Events is reached."""
    s = make({"rural": [CAVE], "hand": [WOLVES, ORCHARD], "step": "play", "buried": [RIVER, FIRE, CRAWLER]})  # Boris: 4
    s.apply("Avoid WOLVES")
    assert s.is_over and s.to_move is None and s.legal_actions() == []
    assert s.outcome.losers == ("you",) and "4 Events buried" in s.outcome.reason
    assert s.phase == "End of the Game" and texts(s, "End of the Game")
    assert [c["id"] for c in s.view("you")["hand"]] == [ORCHARD]  # nothing more happened


def test_end_of_game_lost_in_the_middle_of_an_effect():
    """End of the Game: instantly, even halfway through a grey banner (the rest is not applied)."""
    s = make(interrogation([WILD_ZERO, CAVE], characters=[{"id": MARCEL, "damage": 2}],
                           buried=[RIVER, FIRE, CRAWLER]))
    unstack(s)
    s.apply("Deal 1 damage to MARCEL")  # upside down: buried, the 4th (Boris's limit)
    assert s.is_over and s.outcome.losers == ("you",)
    assert s.view(None)["being_unstacked"]["id"] == WILD_ZERO and s.view("you")["pending"] is None


def test_end_of_game_won_when_the_memory_is_entirely_unstacked():
    """End of the Game: won when the Memory is entirely unstacked and its effects applied."""
    s = make(interrogation([DOMITILLE, CAVE], buried=[RIVER, FIRE, CRAWLER]))
    unstack(s)
    assert not s.is_over
    unstack(s)
    assert s.is_over and s.outcome.winners == ("you",)
    assert damage_of(s, DOMITILLE) == 0
    assert "entirely unstacked" in s.outcome.reason


def test_interrogation_grey_heal_with_character_applies_before_removal():
    s = make(interrogation([CAVE, ORCHARD], characters=[{"id": DOMITILLE, "damage": 1}]))
    unstack(s)
    assert s.legal_labels() == ["Heal DOMITILLE", "Stop healing"]
    s.apply("Heal DOMITILLE")
    assert damage_of(s, DOMITILLE) == 0 and s.view("you")["removed"][-1]["id"] == CAVE
