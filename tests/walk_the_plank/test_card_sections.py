"""Rulebook section Cards: one group of tests per card, each card played as the last card of a
round from a scenario, so nothing else moves the pirates."""
from __future__ import annotations

import pytest

from .helpers import board, game, last_card, places, texts


def no_effect(state, card: str) -> bool:
    return any(t.startswith(f"{card} has no effect") for t in texts(state))


# ---- Shove Left + Shove Right ---------------------------------------------------------------
def test_shove_left_choose_which_piece():
    """Shove Left + Shove Right: several shared pieces: you choose; the pirate moves one space."""
    state = last_card("Shove Left", "red", board(red=["plank 1", "ship", "ship"], blue=["plank 1", "ship", "dead"]))
    assert state.legal_labels() == ["Shove blue pirate on the ship", "Shove blue pirate on plank 1"]
    state.apply("Shove blue pirate on plank 1")
    assert places(state)["blue"] == ["dead", "plank 2", "ship"]


def test_shove_right_targets_the_player_on_the_right():
    """Shove Left + Shove Right: Shove Right affects the player to your right (red's right is yellow)."""
    state = last_card("Shove Right", "red", board(red=["plank 3", "dead", "dead"], yellow=["plank 3", "ship", "ship"]))
    assert places(state)["yellow"] == ["dead", "ship", "ship"]
    assert "Shove yellow pirate on plank 3 (the only possible way)" in texts(state)


def test_shove_left_no_shared_piece_no_effect():
    """Shove Left + Shove Right: no piece holds both players' pirates: no effect."""
    state = last_card("Shove Left", "red", board(red=["plank 2", "plank 2", "plank 1"]))
    assert no_effect(state, "Shove Left") and places(state)["blue"] == ["ship"] * 3


def test_shove_left_skips_eliminated_players():
    """Shove Left + Shove Right: eliminated players are ignored: the next surviving player is hit."""
    pirates = board(blue=["dead"] * 3)
    state = last_card("Shove Left", "red", pirates, eliminated=["blue"])
    assert places(state)["green"] == ["plank 1", "ship", "ship"]


@pytest.mark.parametrize("card", ["Shove Left", "Shove Right"])
def test_shove_left_and_right_same_with_two_players_left(card):
    """Shove Left + Shove Right: with two players left both cards hit the same player."""
    pirates = board(blue=["dead"] * 3, green=["dead"] * 3)
    state = last_card(card, "red", pirates, eliminated=["blue", "green"])
    assert places(state)["yellow"] == ["plank 1", "ship", "ship"]


def test_shove_left_never_affects_its_player():
    """Shove Left + Shove Right: never the card's own player (alone, it has no effect)."""
    pirates = board(blue=["dead"] * 3, green=["dead"] * 3, yellow=["dead"] * 3)
    state = last_card("Shove Left", "red", pirates, eliminated=["blue", "green", "yellow"])
    assert no_effect(state, "Shove Left") and places(state)["red"] == ["ship"] * 3


# ---- Shove Anyone ---------------------------------------------------------------------------
def test_shove_anyone_any_pirate_on_any_of_your_pieces():
    """Shove Anyone: any pirate sharing a piece with one of yours, your own included (ruling)."""
    state = last_card("Shove Anyone", "red", board(red=["plank 1", "plank 1", "ship"], blue=["plank 1", "ship", "ship"]))
    assert state.legal_labels() == [
        "Shove blue pirate on the ship", "Shove green pirate on the ship", "Shove yellow pirate on the ship",
        "Shove red pirate on plank 1", "Shove blue pirate on plank 1"]


def test_shove_anyone_must_shove_own_pirate():
    """Shove Anyone: if the only pirate you can shove is yours, you must shove it."""
    pirates = board(red=["plank 3", "plank 3", "dead"])
    state = last_card("Shove Anyone", "red", pirates)
    assert places(state)["red"] == ["dead", "dead", "plank 3"]


def test_shove_anyone_alone_no_effect_and_still_set_aside():
    """Shove Anyone: a pirate alone on its piece shoves nobody; the Skull card is set aside anyway."""
    state = last_card("Shove Anyone", "red", board(red=["plank 1", "dead", "dead"]))
    assert no_effect(state, "Shove Anyone")
    assert state.view(None)["players"]["red"]["set_aside"] == ["Shove Anyone"]


# ---- Extend the Plank + Retract the Plank -------------------------------------------------------
def test_extend_adds_a_piece_up_to_three():
    """Extend the Plank + Retract the Plank: Extend adds a piece; never more than three."""
    state = last_card("Extend the Plank", "red", board(), planks=2)
    assert state.planks == 3 and "plank piece 3" in state.zones()["plank in play"]
    state = last_card("Extend the Plank", "red", board(), planks=3)
    assert no_effect(state, "Extend the Plank") and state.planks == 3


def test_retract_kills_pirates_on_the_last_piece():
    """Extend the Plank + Retract the Plank: the last piece goes and its pirates fall and die."""
    pirates = board(red=["plank 2", "ship", "ship"], blue=["plank 2", "plank 2", "plank 1"])
    state = last_card("Retract the Plank", "green", pirates, planks=2)
    assert state.planks == 1 and places(state)["blue"] == ["dead", "dead", "plank 1"]
    assert places(state)["red"] == ["dead", "ship", "ship"]
    assert state.zones()["plank retracted (sea side up)"] == ["plank piece 2", "plank piece 3"]
    assert "two blue pirates fall into the ocean" in texts(state) and "a red pirate falls into the ocean" in texts(state)


def test_retract_keeps_at_least_one_piece():
    """Extend the Plank + Retract the Plank: with one piece left Retract has no effect."""
    state = last_card("Retract the Plank", "red", board(red=["plank 1", "ship", "ship"]), planks=1)
    assert no_effect(state, "Retract the Plank") and places(state)["red"] == ["plank 1", "ship", "ship"]


# ---- Drag to Sea + Pull to Ship ---------------------------------------------------------------
def test_drag_your_pirate_and_another_toward_the_kraken():
    """Drag to Sea + Pull to Ship: your pirate and another on the same piece move one space."""
    state = last_card("Drag to Sea", "red", board(red=["plank 1", "plank 1", "dead"], blue=["plank 1", "ship", "ship"]))
    assert state.legal_labels() == ["Drag two red pirates on plank 1 toward the Kraken",
                                    "Drag red pirate and blue pirate on plank 1 toward the Kraken"]
    state.apply("Drag red pirate and blue pirate on plank 1 toward the Kraken")
    assert places(state)["red"] == ["dead", "plank 1", "plank 2"] and places(state)["blue"] == ["plank 2", "ship", "ship"]


def test_drag_from_the_last_piece_kills_both():
    """Drag to Sea + Pull to Ship: dragging off the last piece sends both pirates to the Kraken."""
    pirates = board(red=["plank 3", "dead", "dead"], blue=["plank 3", "dead", "dead"], green=["plank 1"] * 3)
    state = last_card("Drag to Sea", "red", pirates)
    assert places(state)["red"] == ["dead"] * 3 and places(state)["blue"] == ["dead"] * 3


def test_drag_and_pull_need_another_pirate():
    """Drag to Sea + Pull to Ship: a pirate alone on its piece cannot use these cards."""
    state = last_card("Pull to Ship", "red", board(red=["plank 2", "dead", "dead"]))
    assert no_effect(state, "Pull to Ship")
    state = last_card("Drag to Sea", "red", board(red=["plank 2", "dead", "dead"]))
    assert no_effect(state, "Drag to Sea")


def test_pull_moves_both_toward_the_ship_not_from_the_ship():
    """Drag to Sea + Pull to Ship: Pull moves two pirates one space toward the ship; on the ship
    they cannot move closer (ruling: not a choice)."""
    state = last_card("Pull to Ship", "red", board(red=["plank 1", "ship", "ship"], green=["plank 1", "ship", "ship"]))
    assert places(state)["red"] == ["ship"] * 3 and places(state)["green"] == ["ship"] * 3
    assert "Pull red pirate and green pirate on plank 1 toward the ship (the only possible way)" in texts(state)


# ---- Run Around -----------------------------------------------------------------------------
def test_run_around_all_on_ship_must_climb_onto_the_plank():
    """Run Around: with every pirate on the ship one must climb onto the plank."""
    state = last_card("Run Around", "red", board())
    assert places(state)["red"] == ["plank 1", "ship", "ship"]


def test_run_around_either_direction():
    """Run Around: one of your pirates, one space toward the ship or toward the Kraken."""
    state = last_card("Run Around", "red", board(red=["plank 3", "dead", "dead"]))
    assert state.legal_labels() == ["Run red pirate on plank 3 toward the ship",
                                    "Run red pirate on plank 3 toward the Kraken (into the sea)"]
    state.apply("Run red pirate on plank 3 toward the ship")
    assert places(state)["red"] == ["dead", "dead", "plank 2"]


# ---- I Don't Wan'a Die! ---------------------------------------------------------------------
def test_dont_want_to_die_one_or_two_spaces_toward_the_ship():
    """I Don't Wan'a Die!: one of your pirates moves one or two spaces toward the ship."""
    state = last_card("I Don't Wan'a Die!", "red", board(red=["plank 3", "plank 1", "ship"]))
    assert state.legal_labels() == ["Move red pirate on plank 1 to the ship", "Move red pirate on plank 3 to plank 2",
                                    "Move red pirate on plank 3 to plank 1"]
    state.apply("Move red pirate on plank 3 to plank 1")
    assert places(state)["red"] == ["plank 1", "plank 1", "ship"]


def test_dont_want_to_die_no_effect_on_the_ship():
    """I Don't Wan'a Die!: no effect if all your pirates are already on the ship."""
    state = last_card("I Don't Wan'a Die!", "red", board(red=["ship", "ship", "dead"]))
    assert no_effect(state, "I Don't Wan'a Die!")


# ---- Charge! --------------------------------------------------------------------------------
def test_charge_only_as_second_or_third_card():
    """Charge!: may only be programmed as card 2 or 3."""
    state = game(3).new_state(seed=2)
    assert "Program Charge! as card 1" not in state.legal_labels()
    state.apply("Program Shove Left as card 1")
    assert "Program Charge! as card 2" in state.legal_labels()


def test_charge_moves_then_shoves_on_arrival():
    """Charge!: your pirate moves one space toward the Kraken, then shoves one pirate there."""
    state = last_card("Charge!", "red", board(red=["plank 1", "dead", "dead"], blue=["plank 2", "ship", "ship"],
                                              green=["plank 2", "ship", "ship"]))
    assert state.legal_labels() == ["Charge red pirate on plank 1 to plank 2 and shove blue pirate",
                                    "Charge red pirate on plank 1 to plank 2 and shove green pirate"]
    state.apply("Charge red pirate on plank 1 to plank 2 and shove green pirate")
    assert places(state)["red"] == ["dead", "dead", "plank 2"] and places(state)["green"] == ["plank 3", "ship", "ship"]


def test_charge_must_shove_own_pirate():
    """Charge!: if only your own pirates are on the new piece you must shove one of them."""
    state = last_card("Charge!", "red", board(red=["plank 2", "plank 3", "dead"]))
    assert "Charge red pirate on plank 2 to plank 3 and shove red pirate" in state.legal_labels()
    assert all("nobody" not in lab for lab in state.legal_labels())


def test_charge_nobody_to_shove_and_running_off_the_end():
    """Charge!: nobody on the new piece: just move; you may charge off the end of the plank."""
    state = last_card("Charge!", "red", board(red=["plank 2", "dead", "dead"]), planks=2)
    assert places(state)["red"] == ["dead"] * 3
    assert "Charge red pirate on plank 2 into the sea (the only possible way)" in texts(state)
    state = last_card("Charge!", "red", board(red=["plank 1", "dead", "dead"]))
    assert places(state)["red"] == ["dead", "dead", "plank 2"]


def test_charge_as_first_card_has_no_effect(tmp_path):
    """Charge!: no effect as the first card (reachable only with a teacher's copy allowing it)."""
    from gamelib.core.cards import data_path

    text = data_path("walk_the_plank.toml").read_text().replace("slots = [2, 3]", "slots = [1, 2, 3]")
    copy = tmp_path / "cards.toml"
    copy.write_text(text)
    g = game(3, cards=str(copy))
    state = g.from_scenario({"pirates": board(3), "captain": "red", "programs": {
        "red": ["Charge!", "Extend the Plank", "Pull to Ship"], "blue": ["Pull to Ship", "Extend the Plank", "Run Around"],
        "green": ["Pull to Ship", "Extend the Plank", "Run Around"]}, "phase": "resolution",
        "next": {"card": 1, "player": "red"}})
    assert "Charge! has no effect (Charge! never works as the first card)" in texts(state)
