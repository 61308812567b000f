"""Setup and Journey (How to Play, phase 1), built from scenarios."""
from __future__ import annotations

import pytest

from gamelib.core import IllegalAction

from .helpers import (BEAR_TRAP, CAVE, CHURCH, CRAWLER, DOMITILLE, FIRE, MARCEL, ORCHARD, RIOT, SUPERMARKET,
                      WILD_ZERO, WOLVES, make, texts)


def test_setup_piles_reserves_bag_and_respites():
    """Setup: two shuffled piles of 18, three Reserves available, 12 Calamities in the bag, Respites aside."""
    s = make(protagonist="Boris", seed=3)
    v = s.view(None)
    assert v["piles"]["Rural"]["count"] == 18 and v["piles"]["Urban"]["count"] == 18
    assert {c["pile"] for c in v["piles"]["Rural"]["cards"]} == {"Rural"}
    assert v["reserves"] == {"Food": "available", "Medical": "available", "Restorative": "available"}
    assert len(v["calamity_bag"]) == 12 and not any(t["respite"] for t in v["calamity_bag"])
    assert v["respite_aside"] == ["RESPITE1", "RESPITE2"]
    assert v["hand"] == [] and v["memory"]["count"] == 0 and v["phase"] == "Journey"
    assert v["protagonist"]["name"] == "Boris" and v["protagonist"]["burial_limit"] == 4
    assert texts(s, "Setup")
    other = make(protagonist="Boris", seed=4).view(None)
    assert [c["id"] for c in other["piles"]["Rural"]["cards"]] != [c["id"] for c in v["piles"]["Rural"]["cards"]]


def test_journey_complete_hand_to_three_one_at_a_time_choosing_the_pile():
    """Journey: complete the hand to 3, one card at a time, from the pile of your choice, seeing each card."""
    s = make(seed=1)
    assert s.legal_labels() == ["Draw from the Rural pile", "Draw from the Urban pile"]
    s.apply("Draw from the Rural pile")
    hand = s.view("you")["hand"]
    assert len(hand) == 1 and hand[0]["pile"] == "Rural"  # seen before drawing the next one
    assert s.legal_labels() == ["Draw from the Rural pile", "Draw from the Urban pile"]
    s.apply("Draw from the Urban pile")
    s.apply("Draw from the Urban pile")
    assert [c["pile"] for c in s.view("you")["hand"]] == ["Rural", "Urban", "Urban"]
    assert not any(l.startswith("Draw") for l in s.legal_labels())
    assert s.view("you")["step"] == "play"


def test_journey_play_until_zero_or_one_then_keep():
    """Journey: play Events until 0 or 1 remain; keeping is offered only then (and ends the play step)."""
    s = make({"rural": [WOLVES], "hand": [CAVE, ORCHARD, MARCEL], "step": "play"})
    assert not any(l.startswith("Keep") for l in s.legal_labels())
    s.apply("Memorise CAVE")
    assert not any(l.startswith("Keep") for l in s.legal_labels())  # 2 left: must play on
    s.apply("Memorise ORCHARD")
    assert "Keep MARCEL" in s.legal_labels()
    s.apply("Keep MARCEL")
    assert s.view("you")["step"] == "draw" and s.legal_labels() == ["Draw from the Rural pile"]
    assert any("keep MARCEL" in t for t in texts(s, "Journey"))


def test_journey_playing_the_last_card_ends_the_play_step():
    """Journey: with 0 Events left the play step ends and the hand is completed again."""
    s = make({"rural": [WOLVES], "hand": [CAVE], "step": "play"})
    s.apply("Memorise CAVE")
    assert s.view("you")["step"] == "draw" and s.view("you")["hand"] == []


def test_journey_memorise_only_white_or_grey_and_apply_white():
    """Journey: memorise puts the Event face up on the Memory and applies its white banner;
    an Event showing only a black banner cannot be memorised."""
    s = make({"rural": [WOLVES], "hand": [ORCHARD, BEAR_TRAP], "step": "play", "reserves": {"Food": "consumed"}})
    labels = s.legal_labels()
    assert "Memorise ORCHARD" in labels and "Memorise BEAR TRAP" not in labels
    s.apply("Memorise ORCHARD")
    assert s.view("you")["reserves"]["Food"] == "available"  # white banner: restore Food
    assert s.view(None)["memory"]["cards"][0]["id"] == ORCHARD


def test_journey_avoid_only_black_banner_that_can_be_applied():
    """Journey: avoid puts the Event face up on the Avoided and applies its black banner; only an
    Event with a black banner whose effect can be applied may be avoided."""
    s = make({"rural": [WOLVES], "hand": [CAVE, BEAR_TRAP], "step": "play"})
    assert "Avoid CAVE" not in s.legal_labels()  # no black banner
    s.apply("Avoid BEAR TRAP")
    v = s.view("you")
    assert v["reserves"]["Medical"] == "consumed"
    assert [c["id"] for c in v["avoided"]] == [BEAR_TRAP]  # the Avoided may be consulted
    s = make({"rural": [WOLVES], "hand": [CAVE, BEAR_TRAP], "step": "play", "reserves": {"Medical": "consumed"}})
    assert "Avoid BEAR TRAP" not in s.legal_labels()  # consuming a consumed Reserve is not applying it
    with pytest.raises(IllegalAction) as err:
        s.apply("Avoid BEAR TRAP")
    assert err.value.legal == ("Memorise CAVE",)  # BEAR TRAP can wait: CAVE can be played


def test_journey_event_that_can_be_neither_memorised_nor_avoided_is_buried():
    """Journey + F.A.Q. (when in doubt, bury): our ruling for an Event that must be played but can go nowhere."""
    s = make({"rural": [WOLVES], "hand": [BEAR_TRAP, FIRE], "step": "play",
              "reserves": {"Medical": "consumed", "Food": "consumed", "Restorative": "consumed"}})
    assert set(s.legal_labels()) == {"Bury BEAR TRAP (it can be neither memorised nor avoided)",
                                     "Bury FIRE (it can be neither memorised nor avoided)"}
    s.apply("Bury FIRE (it can be neither memorised nor avoided)")
    assert s.view("you")["buried"]["count"] == 1
    assert s.legal_labels() == ["Keep BEAR TRAP"]  # one left: it is kept for better days, not buried


STUCK = "(it can be neither memorised nor avoided)"


def test_journey_play_step_an_event_that_cannot_be_played_is_kept_while_others_can_be():
    """How to Play, 1. Journey ("play your Events until you keep 0 or 1") + F.A.Q. ("when in
    doubt, bury"), our ruling: an Event that can be neither memorised nor avoided is buried only
    when the play step cannot go on otherwise. While another Event can be played it is not
    offered, and once keeping is allowed it is kept."""
    s = make({"rural": [WOLVES], "hand": [CAVE, BEAR_TRAP], "step": "play", "reserves": {"Medical": "consumed"}})
    assert s.legal_labels() == ["Memorise CAVE"]
    s.apply("Memorise CAVE")
    assert s.legal_labels() == ["Keep BEAR TRAP"]
    # both piles empty: no keeping, so once CAVE is played BEAR TRAP must go, and is buried
    s = make({"hand": [CAVE, BEAR_TRAP], "step": "play", "reserves": {"Medical": "consumed"}})
    assert s.legal_labels() == ["Memorise CAVE"]
    s.apply("Memorise CAVE")
    assert s.legal_labels() == [f"Bury BEAR TRAP {STUCK}"]
    s.apply(f"Bury BEAR TRAP {STUCK}")
    assert s.view("you")["buried"]["count"] == 1 and s.phase == "Interrogation"


def test_journey_play_step_playing_another_event_first_can_make_it_avoidable():
    """How to Play, 1. Journey: why the other Events are played first. FIRE consumes Food and
    Restorative; with both consumed it cannot be avoided, but memorising ORCHARD restores Food,
    and then FIRE can be avoided instead of buried."""
    s = make({"hand": [ORCHARD, FIRE], "step": "play", "reserves": {"Food": "consumed", "Restorative": "consumed"}})
    assert s.legal_labels() == ["Memorise ORCHARD"]
    s.apply("Memorise ORCHARD")
    assert s.legal_labels() == ["Avoid FIRE"]
    s.apply("Avoid FIRE")
    assert s.view("you")["buried"]["count"] == 0


def test_journey_memory_cannot_be_looked_at_but_avoided_can():
    """Journey: the Memory is not visible to the player (count only); the Avoided is."""
    s = make({"rural": [WOLVES], "hand": [CAVE, DOMITILLE, BEAR_TRAP], "step": "play"})
    s.apply("Memorise CAVE")
    s.apply("Avoid BEAR TRAP")
    mine = s.view("you")
    assert mine["memory"] == {"count": 1}
    assert [c["id"] for c in mine["avoided"]] == [BEAR_TRAP]
    assert [c["id"] for c in s.view(None)["memory"]["cards"]] == [CAVE]


def test_journey_repeats_until_piles_and_hand_are_empty():
    """Journey: no keeping once both piles are empty; when the hand is empty too, the Interrogation begins."""
    s = make({"hand": [CAVE, ORCHARD], "step": "play"})
    s.apply("Memorise CAVE")
    assert s.legal_labels() == ["Memorise ORCHARD"]  # nothing left to draw: keeping would never end
    s.apply("Memorise ORCHARD")
    assert s.phase == "Interrogation"
    assert any("turn the Memory face down" in t for t in texts(s, "Interrogation"))


def test_journey_bury_from_hand_is_a_choice():
    """Clarifications on Banner Effects: an effect that buries an Event of your hand lets you choose it."""
    s = make({"rural": [WOLVES], "hand": [RIOT, SUPERMARKET, CHURCH], "step": "play"})
    s.apply("Avoid RIOT")
    assert s.legal_labels() == ["Bury SUPERMARKET from your hand", "Bury CHURCH from your hand"]
    assert "choose an Event of your hand" in s.view("you")["pending"]
    s.apply("Bury CHURCH from your hand")
    assert [c["id"] for c in s.view("you")["hand"]] == [SUPERMARKET]
    assert s.view("you")["buried"]["count"] == 1


def test_journey_avoid_needs_something_left_to_bury_from_hand():
    """Journey: RIOT's black banner buries from the hand; alone in hand it cannot be applied."""
    s = make({"rural": [WOLVES], "hand": [RIOT], "step": "play"})
    assert "Avoid RIOT" not in s.legal_labels()
    s = make({"rural": [WOLVES], "hand": [CRAWLER], "step": "play", "reserves": {"Medical": "available"}})
    assert "Avoid CRAWLER" in s.legal_labels()  # partly applicable (F.A.Q.: as far as possible)


def test_journey_wild_zero_avoided_consumes_food():
    s = make({"rural": [WOLVES], "hand": [WILD_ZERO], "step": "play"})
    s.apply("Avoid WILD ZERO")
    assert s.view("you")["reserves"]["Food"] == "consumed"
