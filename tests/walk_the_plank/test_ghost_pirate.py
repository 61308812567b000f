"""Rulebook section Ghost Pirate, its example (John, Mary, Anna, Joe) and our rulings."""
from __future__ import annotations

from gamelib.core import Rng

from .helpers import board, finish_round, game, last_card, places, program_all, reveals, texts

QUIET = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]  # no effect with all on the ship


def test_ghost_pirate_rulebook_example_john_mary_anna_joe():
    """Ghost Pirate, example: Mary (blue) was eliminated first; John (red) holds the Captain's
    Token; Mary places Shove Left and declares card 2. She is skipped for the first cards, plays
    right after John's second card, and plays nothing as card 3."""
    g = game(4)  # red = John, blue = Mary, green = Anna, yellow = Joe, seated in that order
    state = g.from_scenario({"pirates": board(4, blue=["dead"] * 3), "eliminated": ["blue"], "captain": "red"})
    program_all(state, {"red": QUIET, "green": QUIET, "yellow": QUIET, "blue": ("Shove Left", 2)})
    order = [t.split(" reveals")[0] + " " + t.split("reveals card ")[1][0] for t in reveals(state)]
    assert order == ["red 1", "green 1", "yellow 1", "red 2", "blue's Ghost 2", "green 2", "yellow 2",
                     "red 3", "green 3", "yellow 3"]
    # Mary's Shove Left hits Anna, the next surviving player on her left, from the ship
    log = texts(state)
    at = log.index("blue's Ghost reveals card 2: Shove Left")
    assert log[at + 1] == "Shove green pirate on the ship (the only possible way)"


def test_ghost_pirate_first_eliminated_takes_the_ghost_and_keeps_only_shoves():
    """Ghost Pirate 1-2: the first player eliminated plays the Ghost, which enters on the ship;
    all their cards but Shove Left, Shove Right and Shove Anyone are discarded."""
    state = last_card("Shove Right", "red", board(red=["plank 3", "ship", "ship"], yellow=["plank 3", "dead", "dead"]))
    v = state.view(None)
    assert v["ghost_players"] == ["yellow"] and v["ghost_pirate"] == "on the ship"
    assert "Ghost Pirate" in state.zones()["the ship"]
    assert v["players"]["yellow"]["hand"] == ["Shove Anyone", "Shove Left", "Shove Right"]
    assert len(v["players"]["yellow"]["discarded"]) == 7


def test_ghost_pirate_programs_one_shove_and_declares_its_card_number():
    """Ghost Pirate 3: the Ghost's player places one Shove card face down and declares whether
    it is played as card 1, 2 or 3; the number is public, the card is not."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4, blue=["dead"] * 3), "eliminated": ["blue"], "captain": "green"})
    program_all(state, {"green": QUIET, "yellow": QUIET, "red": QUIET})
    assert state.to_move == "blue"
    assert sorted(state.legal_labels()) == sorted(f"Ghost plays {c} on card {k}" for c in
                                                  ("Shove Left", "Shove Right", "Shove Anyone") for k in (1, 2, 3))
    state.apply("Ghost plays Shove Right on card 3")
    public = [e.text for e in state.log if e.visible_to is None]
    # blue placed last, so the number is declared at once, before the first card is revealed
    assert "blue declares that the Ghost's card will be played as card 3" in public
    assert public.index("blue declares that the Ghost's card will be played as card 3") < \
        next(i for i, t in enumerate(public) if " reveals card " in t)
    assert not any("Shove Right" in t for t in public if "Ghost" in t and "reveals" not in t)


def test_ghost_pirate_3_the_declared_number_is_known_only_once_every_player_has_placed():
    """Ghost Pirate 3 (and its example: Mary declares after the others have placed): a Ghost's
    player who places before others in turn order gives them nothing to go on. Whatever the
    Ghost's card and number, the other players see the same views, log and choices until the
    last card is placed; then the number is declared to everyone."""
    g = game(4)
    start = g.from_scenario({"pirates": board(4, blue=["dead"] * 3), "eliminated": ["blue"], "captain": "red"})
    program_all(start, {"red": QUIET})
    assert start.to_move == "blue"  # the Ghost programs before green and yellow
    assert start._explain_illegal("Ghost plays Run Around on card 1").startswith(
        "Run Around was discarded when blue took the Ghost Pirate")
    assert start._explain_illegal("Program Shove Left as card 1").startswith("blue plays the Ghost Pirate")
    choices = []
    for label in start.legal_labels():
        state = start.clone()
        state.apply(label)
        choices.append(state)
    for state in choices[1:]:
        for other in ("red", "green", "yellow"):
            assert state.view(other) == choices[0].view(other), other
        assert state.legal_labels() == choices[0].legal_labels()
        assert state.odds() == choices[0].odds()
    assert choices[0].view("green")["players"]["blue"]["face_down"] == 1
    state = start.clone()
    state.apply("Ghost plays Shove Left on card 2")
    program_all(state, {"green": QUIET})
    assert not any("card 2" in t for t in state.view("yellow")["log"] if t.startswith("Ghost Pirate"))
    program_all(state, {"yellow": QUIET})
    log = state.view("yellow")["log"]
    declared = log.index("Ghost Pirate: blue declares that the Ghost's card will be played as card 2")
    assert declared < next(i for i, t in enumerate(log) if " reveals card 1" in t)


def test_ghost_pirate_3_redeal_moves_an_undeclared_ghost_card():
    """Ghost Pirate 3, the leak check: while the number is not declared the redeal moves the
    Ghost's card to any position, and the other players' views do not change."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4, blue=["dead"] * 3), "eliminated": ["blue"], "captain": "red"})
    program_all(state, {"red": QUIET, "blue": ("Shove Left", 1)})
    rng = Rng(2)
    rows = set()
    for _ in range(40):
        other = state.resample_hidden("green", rng)
        assert other.view("green") == state.view("green")
        rows.add(tuple(other.view(None)["players"]["blue"]["cards"]))
    assert {row.index(next(c for c in row if c)) for row in rows} == {0, 1, 2}


def test_ghost_pirate_only_shoves_from_the_ship_never_to_the_kraken():
    """Ghost Pirate: the Ghost stays on the ship, so it only shoves pirates from the ship onto
    plank 1 (it cannot send anyone to the Kraken)."""
    pirates = board(blue=["dead"] * 3, red=["plank 1", "plank 3", "ship"], green=["ship", "plank 3", "dead"])
    g = game(4)
    state = g.from_scenario({"pirates": pirates, "eliminated": ["blue"], "captain": "green", "programs": {
        "green": QUIET, "yellow": QUIET, "red": QUIET, "blue": [None, None, "Shove Anyone"]},
        "phase": "resolution", "next": {"card": 3, "player": "blue"}})
    assert state.to_move == "blue"
    assert state.legal_labels() == ["Shove red pirate on the ship", "Shove green pirate on the ship",
                                    "Shove yellow pirate on the ship"]


def test_ghost_pirate_is_not_company_for_living_pirates():
    """Ruling: the Ghost Pirate is never shoved, dragged or pulled and does not count as another
    pirate: a red pirate alone on the ship with the Ghost cannot use Shove Anyone."""
    pirates = board(blue=["dead"] * 3, red=["ship", "dead", "dead"], green=["plank 1"] * 3, yellow=["plank 2"] * 3)
    state = last_card("Shove Anyone", "red", pirates, eliminated=["blue"])
    assert any(t.startswith("Shove Anyone has no effect") for t in texts(state))


def test_ghost_pirate_shove_anyone_skull_set_aside():
    """Ghost Pirate 4: the Ghost's Shove Anyone has the Skull: set aside for the next round."""
    g = game(4)
    state = g.from_scenario({"pirates": board(4, blue=["dead"] * 3), "eliminated": ["blue"], "captain": "red"})
    program_all(state, {"red": QUIET, "green": QUIET, "yellow": QUIET, "blue": ("Shove Anyone", 1)})
    finish_round(state)
    assert state.view(None)["players"]["blue"]["set_aside"] == ["Shove Anyone"]
    program_all(state, {"yellow": QUIET, "red": QUIET, "green": QUIET})
    assert state.to_move == "blue" and all("Shove Anyone" not in lab for lab in state.legal_labels())


def test_ghost_pirate_second_eliminated_in_five_player_game():
    """Ghost Pirate 5: with five players the second player eliminated also plays the Ghost;
    with four, the second player eliminated just stops playing."""
    five = game(5).from_scenario({"pirates": board(5, blue=["dead"] * 3, green=["dead"] * 3),
                                  "eliminated": ["green", "blue"], "captain": "red"})
    program_all(five, {"red": QUIET})
    assert five.to_move == "blue" and five.view(None)["ghost_players"] == ["green", "blue"]
    five.apply("Ghost plays Shove Left on card 1")
    assert five.to_move == "green"
    five.apply("Ghost plays Shove Right on card 3")
    program_all(five, {c: QUIET for c in ("yellow", "purple")})
    assert [t[:20] for t in reveals(five)].count("blue's Ghost reveals") == 1
    assert [t[:21] for t in reveals(five)].count("green's Ghost reveals") == 1
    four = game(4).from_scenario({"pirates": board(4, blue=["dead"] * 3, green=["dead"] * 3),
                                  "eliminated": ["green", "blue"], "captain": "red"})
    program_all(four, {"red": QUIET, "yellow": QUIET, "green": ("Shove Left", 1)})
    assert four.view(None)["players"]["blue"]["status"] == "eliminated"
    assert not any(t.startswith("blue") for t in reveals(four))


def test_ghost_pirate_never_holds_the_captains_token():
    """Ruling: the Captain's Token skips the Ghost's player (it has no pirate in the crew)."""
    g = game(3)
    state = g.from_scenario({"pirates": board(3, green=["dead"] * 3), "eliminated": ["green"], "captain": "red"})
    program_all(state, {"red": QUIET, "blue": QUIET, "green": ("Shove Left", 1)})
    finish_round(state)
    assert state.view(None)["captain"] == "blue"
