"""Rulebook sections Components, Setup and How to Play (rounds, reveals, Skulls, the Captain's
Token, elimination, the end of the game), plus the round-limit house rule."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.core import OptionError

from .helpers import board, finish_round, game, places, program_all, reveals, texts


def test_components_every_piece_is_somewhere():
    """Components: 10 cards and 3 pirates per colour, the Captain's Token, the Ghost Pirate,
    three plank pieces."""
    for n in (3, 4, 5):
        state = game(n).new_state(seed=1)
        items = [x for zone in state.zones().values() for x in zone]
        assert len(items) == len(set(items))
        assert sum(1 for x in items if ":" in x) == 10 * n
        assert sum(1 for x in items if x[-2:] in ("-1", "-2", "-3")) == 3 * n
        assert {"Captain's Token", "Ghost Pirate", "plank piece 1", "plank piece 2", "plank piece 3"} <= set(items)


def test_players_option_is_3_to_5_colours():
    """Components: five colours, 3-5 players; player names are the colours."""
    assert game(3).players == ("red", "blue", "green")
    assert game(5).players == ("red", "blue", "green", "yellow", "purple")
    for bad in (2, 6):
        with pytest.raises(OptionError, match="players"):
            game(bad)


def test_setup_plank_ship_and_random_captain():
    """Setup: three plank pieces, every pirate on the ship, a random starting player with the
    Captain's Token (drawn with the state's seeded rng)."""
    g = game(4)
    state = g.new_state(seed=3)
    assert places(state) == {c: ["ship"] * 3 for c in g.players}
    assert state.view(None)["planks_in_play"] == 3
    assert state.to_move == state.view(None)["captain"] and texts(state)[0].startswith("the plank has 3 pieces")
    captains = {g.new_state(seed=s).view(None)["captain"] for s in range(40)}
    assert captains == set(g.players)
    assert g.new_state(seed=11).view(None)["captain"] == g.new_state(seed=11).view(None)["captain"]


def test_how_to_play_programming_three_cards_in_turn_order():
    """How to Play: every player places three cards face down, in order; we ask them one after
    the other, starting with the Captain, card 1 then 2 then 3."""
    g = game(3)
    state = g.from_scenario({"pirates": board(3), "captain": "blue"})
    seen = []
    while state.phase == "programming":
        seen.append((state.to_move, state.slot))
        state.apply(state.legal_labels()[0])
    assert seen == [(c, k) for c in ("blue", "green", "red") for k in (1, 2, 3)]


def test_how_to_play_reveal_order_clockwise_from_captain():
    """How to Play: the Captain reveals card 1, then clockwise (to the left); then card 2, card 3."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4), "captain": "green"})
    quiet = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]  # no effect: all on the ship
    program_all(state, {c: quiet for c in g.players})
    order = [t.split(" reveals")[0] + t.split("reveals")[1][:7] for t in reveals(state)]
    assert order == [f"{c} card {k}" for k in (1, 2, 3) for c in ("green", "yellow", "red", "blue")]


def test_how_to_play_must_perform_only_performing_choices():
    """How to Play / Cards: a card must be performed if possible: there is no 'pass' choice."""
    from .helpers import last_card

    state = last_card("Run Around", "red", board(red=["plank 2", "ship", "ship"]))
    labels = state.legal_labels()
    assert labels == ["Run red pirate on the ship toward the Kraken", "Run red pirate on plank 2 toward the ship",
                      "Run red pirate on plank 2 toward the Kraken"]


def test_how_to_play_skull_cards_sit_out_one_round():
    """How to Play: Skull cards are set aside face up for the next round (even with no effect)
    and come back to the hand when that round ends."""
    g = game(3)
    state = g.from_scenario({"pirates": board(3), "captain": "red"})
    plan = ["Shove Anyone", "Extend the Plank", "Pull to Ship"]
    program_all(state, {c: plan for c in g.players})
    finish_round(state)
    v = state.view(None)
    assert v["players"]["red"]["set_aside"] == ["Shove Anyone"]
    assert all("Shove Anyone" not in lab for lab in state.legal_labels())
    program_all(state, {c: ["Run Around", "Shove Left", "Shove Right"] for c in g.players})
    finish_round(state)
    assert state.view(None)["players"]["red"]["set_aside"] == []
    assert "Program Shove Anyone as card 1" in state.legal_labels()


def test_how_to_play_skull_card_set_aside_is_refused_with_the_reason():
    """How to Play (Skull cards can't be played two rounds in a row): programming a card set
    aside is refused, and the explanation says that it is set aside this round and why; the
    other refusals say what is wrong too (a card already placed, a position the card does not
    allow, a Ghost card). Legal labels and unknown cards get no explanation."""
    g = game(3)
    state = g.from_scenario({"pirates": board(3), "captain": "red", "set_aside": {"red": ["Shove Anyone"]}})
    why = state._explain_illegal("Program Shove Anyone as card 1")
    assert why.startswith("Shove Anyone is set aside this round: it carries the Skull and red played it last round")
    with pytest.raises(gamelib.IllegalAction):
        state.apply("Program Shove Anyone as card 1")
    assert "may only be played as card 2 or 3" in state._explain_illegal("Program Charge! as card 1")
    assert "placing card 1 now" in state._explain_illegal("Program Run Around as card 2")
    assert "only the player of the Ghost Pirate" in state._explain_illegal("Ghost plays Shove Left on card 1")
    state.apply("Program Run Around as card 1")
    assert state._explain_illegal("Program Run Around as card 2") == "Run Around is already placed face down this round"
    assert state._explain_illegal("Program Shove Left as card 2") == ""  # legal
    assert state._explain_illegal("Program Jump as card 2") == "" and state._explain_illegal("Fly away") == ""


def test_how_to_play_captain_token_passes_counter_clockwise():
    """How to Play: the token goes to the player on the right: the last to play goes first next."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4), "captain": "red"})
    quiet = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]
    program_all(state, {c: quiet for c in g.players})
    assert reveals(state)[-1].startswith("yellow reveals card 3")
    assert state.view(None)["captain"] == "yellow" and state.to_move == "yellow" and state.round == 2


def test_how_to_play_token_skips_eliminated_players():
    """How to Play (ruling): the token passes to the nearest player on the right still alive."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4, yellow=["dead"] * 3), "eliminated": ["yellow"], "captain": "red"})
    quiet = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]
    program_all(state, {"red": quiet, "blue": quiet, "green": quiet, "yellow": ("Shove Left", 3)})
    finish_round(state)
    assert state.view(None)["captain"] == "green"


def test_how_to_play_eliminated_player_plays_no_more_cards():
    """How to Play: after losing the last pirate a player reveals no more cards this round."""
    g = game(3)
    pirates = {"red": ["plank 3", "ship", "ship"], "blue": ["ship", "ship", "ship"], "green": ["plank 3", "dead", "dead"]}
    state = g.from_scenario({"pirates": pirates, "captain": "red", "eliminated": []})
    program_all(state, {"red": ["Shove Right", "Extend the Plank", "I Don't Wan'a Die!"],
                        "blue": ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"],
                        "green": ["Run Around", "Pull to Ship", "Shove Left"]})
    finish_round(state)
    assert not any(t.startswith("green reveals") for t in reveals(state))
    assert "green has no living pirate left and is eliminated" in texts(state)
    assert state.view(None)["players"]["green"]["status"] == "ghost"


def test_how_to_play_two_pirates_left_round_finishes_then_both_win():
    """How to Play: when two or fewer pirates remain the current round is finished, then the
    players with surviving pirates win (two players can win together)."""
    g = game(3)
    pirates = {"red": ["plank 3", "dead", "dead"], "blue": ["ship", "dead", "dead"], "green": ["plank 3", "dead", "dead"]}
    state = g.from_scenario({"pirates": pirates, "captain": "red"})
    program_all(state, {"red": ["Shove Right", "I Don't Wan'a Die!", "Extend the Plank"],
                        "blue": ["Pull to Ship", "I Don't Wan'a Die!", "Extend the Plank"],
                        "green": ["Shove Left", "Shove Right", "Pull to Ship"]})
    assert state.view(None)["final_round"] and not state.is_over  # red's second card is a choice
    finish_round(state)
    assert state.is_over and state.outcome.winners == ("red", "blue") and state.outcome.losers == ("green",)
    assert any(t.startswith("blue reveals card 3") for t in reveals(state))
    assert state.outcome.reason == "2 pirates survived"


def test_how_to_play_single_colour_left_sole_winner():
    """How to Play: only pirates of one colour left: that player alone wins, whatever their number."""
    g = game(3)
    pirates = {"red": ["plank 1", "ship", "ship"], "blue": ["plank 3", "dead", "dead"], "green": ["plank 3", "dead", "dead"]}
    state = g.from_scenario({"pirates": pirates, "captain": "red"})
    program_all(state, {"red": ["Retract the Plank", "Extend the Plank", "Pull to Ship"],
                        "blue": ["Shove Left", "Shove Right", "Pull to Ship"],
                        "green": ["Shove Left", "Shove Right", "Pull to Ship"]})
    assert state.is_over and state.outcome.winners == ("red",)
    assert state.outcome.reason == "only red pirates survived (3)"
    # eliminated together by one card: in turn order from the card's player (ruling)
    assert state.view(None)["eliminated"] == ["blue", "green"] and state.view(None)["ghost_players"] == ["blue"]


def test_how_to_play_nobody_wins_when_every_pirate_dies():
    """How to Play: if no pirate survives, nobody wins."""
    g = game(3)
    pirates = {c: ["plank 3", "dead", "dead"] for c in ("red", "blue", "green")}
    state = g.from_scenario({"pirates": pirates, "captain": "red"})
    program_all(state, {c: ["Retract the Plank", "Extend the Plank", "Pull to Ship"] for c in g.players})
    assert state.is_over and state.outcome.winners == () and "nobody wins" in state.outcome.reason
    assert str(state.outcome).startswith("lost: red, blue, green")


def test_round_limit_house_rule_ends_in_a_draw():
    """Ruling (termination): after max_rounds rounds the game stops and nobody wins."""
    g = game(3, max_rounds=1)
    state = g.from_scenario({"pirates": board(3), "captain": "red"})
    program_all(state, {c: ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"] for c in g.players})
    assert state.is_over and state.outcome.winners == () and "round limit of 1" in state.outcome.reason
    with pytest.raises(OptionError, match="max_rounds"):
        game(3, max_rounds=0)


def test_how_to_play_moving_a_space_and_dying_at_the_kraken():
    """How to Play: a move from the last plank piece in play goes to the Kraken: the pirate dies."""
    from .helpers import last_card

    state = last_card("Run Around", "red", board(red=["plank 2", "dead", "dead"]), planks=2)
    state.apply("Run red pirate on plank 2 toward the Kraken (into the sea)")
    assert places(state)["red"] == ["dead"] * 3
    assert "a red pirate is taken by the Kraken" in texts(state)


def test_games_are_reproducible_from_the_seed():
    g = game(5)
    a = gamelib.play(g, gamelib.RandomAgent(), seed=9)
    b = gamelib.play(g, gamelib.RandomAgent(), seed=9)
    assert a == b and a.log == b.log
