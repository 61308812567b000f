"""Walk the Plank's picture (issue 10), on scenario positions: the plank, every pirate's piece,
the Captain, face-down versus revealed cards, the Ghost, the reveal order, what the last card
did, legibility (font sizes, contrast), and that a player's picture shows nothing hidden."""
from __future__ import annotations

import random
import re
from collections import Counter
from html import unescape

import pytest

import gamelib
from gamelib.core.rng import Rng
from gamelib.render import render
from gamelib.rules.walk_the_plank.cards import REVEALED
from gamelib.render.walk_the_plank import CONTRAST, STYLE, last_card, picture, render_walk_the_plank, reveal_order

COLOURS = ("red", "blue", "green", "yellow", "purple")
QUIET = ["Extend the Plank", "I Don't Wan'a Die!", "Pull to Ship"]  # no effect with everyone on the ship
MARKER = re.compile(r'class="gl-wtp-pirate[^"]*" data-colour="(\w+)" data-place="([^"]*)"')
CARD = re.compile(r'data-player="(\w+)" data-card="(\d)" data-order="(\d*)" data-face="([\w-]+)"[^>]*>(.*?)</div>')


def game(players: int = 4):
    return gamelib.load("walk-the-plank", players=players)


def draw(state, **kw) -> str:
    """The picture without its style sheet (class names in the CSS would count as elements)."""
    return render_walk_the_plank(state, **kw).split("</style>", 1)[1]


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def markers(html: str) -> Counter:
    """(colour, place) -> number of pirate markers drawn there (the seat badges and the table
    view's hand columns excluded)."""
    return Counter((c, p) for c, p in MARKER.findall(html) if p not in ("seat", "hand"))


def cards(html: str) -> dict[tuple[str, int], tuple[str, str, str]]:
    """(colour, card number) -> (reveal order, face, text) of each programmed position."""
    return {(c, int(k)): (o, face, text(inner)) for c, k, o, face, inner in CARD.findall(html)}


def seat_row(html: str, colour: str) -> str:
    m = re.search(rf'<div class="gl-wtp-seat[^"]*" data-seat="{colour}".*?(?=<div class="gl-wtp-seat|$)', html, re.S)
    assert m, colour
    return m.group(0)


# ---- the board -------------------------------------------------------------------------------
def test_every_pirate_is_drawn_on_its_piece_and_the_dead_beside_the_kraken():
    """Setup + Cards (Retract the Plank): the plank pieces in play, each pirate on its piece,
    the dead with the Kraken, a retracted piece drawn as sea."""
    pirates = {"red": ["ship", "plank 1", "plank 2"], "blue": ["plank 2", "plank 2", "dead"],
               "green": ["ship", "ship", "ship"], "yellow": ["plank 1", "dead", "dead"]}
    state = game(4).from_scenario({"pirates": pirates, "planks": 2, "captain": "green"}, seed=1)
    html = draw(state, reveal=True)
    where = {"ship": "the ship", "plank 1": "plank 1", "plank 2": "plank 2", "dead": "dead"}
    expected = Counter((c, where[p]) for c, places in pirates.items() for p in places)
    assert markers(html) == expected
    assert 'data-planks="2"' in html
    assert html.count('class="gl-wtp-col gl-wtp-col-plank"') == 2 and html.count("gl-wtp-col-sea") == 1
    assert 'data-place="plank 3"' not in html  # the third piece shows its sea side, empty
    assert 'title="plank 3 retracted: sea side up"' in html
    # the markers carry a letter as well as a colour (colour-blind safe)
    assert re.search(r'data-colour="yellow" data-place="dead" title="yellow pirate, dead" style="[^"]*">Y<', html)


@pytest.mark.parametrize("planks", [1, 2, 3])
def test_the_plank_length_follows_the_pieces_in_play(planks):
    pirates = {c: ["ship"] * 3 for c in COLOURS[:3]}
    state = game(3).from_scenario({"pirates": pirates, "planks": planks}, seed=1)
    html = draw(state)
    assert f'data-planks="{planks}"' in html
    assert html.count("gl-wtp-col-plank") == planks and html.count("gl-wtp-col-sea") == 3 - planks
    assert [f"Plank {k}" in text(html) for k in (1, 2, 3)] == [k <= planks for k in (1, 2, 3)]


def test_the_captain_and_the_seats_in_clockwise_order():
    """Setup 3 + How to Play: one player holds the Captain's Token; seats are listed clockwise
    (the order of play), the Captain's row carries the token."""
    state = game(5).from_scenario({"pirates": {c: ["ship"] * 3 for c in COLOURS}, "captain": "yellow"}, seed=1)
    html = draw(state, player="red")
    assert re.findall(r'data-seat="(\w+)"', html) == list(COLOURS)
    assert "Captain</span>" in seat_row(html, "yellow")
    assert all("Captain</span>" not in seat_row(html, c) for c in COLOURS if c != "yellow")
    assert "Captain: yellow" in text(html)


def test_the_ghost_pirate_stands_on_the_ship_in_its_players_lane():
    """Ghost Pirate 1: the first player eliminated plays the Ghost, which stays on the ship."""
    pirates = {"red": ["ship"] * 3, "blue": ["dead"] * 3, "green": ["ship", "plank 1", "dead"], "yellow": ["ship"] * 3}
    state = game(4).from_scenario({"pirates": pirates, "eliminated": ["blue"], "captain": "red"}, seed=1)
    html = draw(state, player="green")
    ship = html[html.index('data-place="the ship"><div'):html.index('data-place="plank 1"><div')]
    assert re.findall(r'class="gl-wtp-ghost" data-colour="(\w+)"', ship) == ["blue"]
    assert "Ghost B" in text(ship)
    assert 'data-status="ghost"' in seat_row(html, "blue") and "Ghost · " in text(seat_row(html, "blue"))
    assert "7 discarded" in text(seat_row(html, "blue"))  # only the three Shove cards are kept
    nobody = game(4).from_scenario({"pirates": {c: ["ship"] * 3 for c in COLOURS[:4]}}, seed=1)
    assert "gl-wtp-ghost" not in draw(nobody)


# ---- the programmed rows ----------------------------------------------------------------------
PROGRAMS = {"red": ["Shove Left", "Run Around", "Charge!"], "blue": QUIET,
            "green": ["Pull to Ship", "Shove Anyone", "Shove Right"], "yellow": QUIET}


def resolution(next_card: int = 2, next_player: str = "green"):
    """Everyone on the ship, red is Captain; every card before ``next`` has been revealed."""
    programs = PROGRAMS
    return game(4).from_scenario({"pirates": {c: ["ship"] * 3 for c in COLOURS[:4]}, "captain": "red",
                                  "programs": programs, "phase": "resolution",
                                  "next": {"card": next_card, "player": next_player}}, seed=3)


def test_revealed_cards_face_up_the_others_face_down_except_your_own():
    """How to Play: the three cards are placed face down and revealed in turn; a player knows
    their own face-down cards, the table view shows every card."""
    state = resolution()
    done = {(c, k) for seat, c in enumerate(state.players) for k in (1, 2, 3)
            if state.face_down(seat, REVEALED + k) >= 0}
    mine = cards(draw(state, player="blue"))
    table = cards(draw(state, reveal=True))
    programs = PROGRAMS
    for (c, k), (_, face, shown) in mine.items():
        name = programs[c][k - 1]
        if (c, k) in done:
            assert face == "up" and name in shown, (c, k)
        elif c == "blue":
            assert face == "down-seen" and name in shown, (c, k)
        else:
            assert face == "down" and shown.endswith("face down") and name not in shown, (c, k)
        assert table[(c, k)][1] == ("up" if (c, k) in done else "down-seen") and name in table[(c, k)][2]
    assert sum(face == "up" for _, face, _ in mine.values()) == len(done) >= 4


def test_the_card_being_revealed_now_is_marked_and_named():
    state = resolution()
    assert state.to_move is not None
    rev = state.view(None)["revealing"]
    html = draw(state, player="yellow")
    now = re.search(r'class="gl-wtp-card gl-wtp-current[^"]*" data-player="(\w+)" data-card="(\d)"', html)
    assert now and (now.group(1), int(now.group(2))) == (rev["player"], rev["card_number"])
    assert f"Now: {rev['player']} reveals card {rev['card_number']}, {rev['card']}" in text(html)
    assert f'data-seat="{rev["player"]}"' in re.search(r'class="gl-wtp-seat gl-wtp-active"[^>]*>', html).group(0)


def test_reveal_order_follows_the_rulebook_example_with_the_ghosts_declared_card():
    """Ghost Pirate, example: John (red, Captain), Mary (blue, Ghost, declares card 2), Anna
    (green), Joe (yellow): the Ghost's card is revealed 5th, right after John's second card."""
    pirates = {c: ["ship"] * 3 for c in COLOURS[:4]}
    pirates["blue"] = ["dead"] * 3
    state = game(4).from_scenario({"pirates": pirates, "eliminated": ["blue"], "captain": "red"}, seed=1)
    plan = {"red": ["Shove Anyone", *QUIET[1:]], "green": QUIET, "yellow": QUIET}
    while state.phase == "programming":
        who = state.to_move
        state.apply("Ghost plays Shove Left on card 2" if who == "blue"
                    else f"Program {plan[who][state.slot - 1]} as card {state.slot}")
    assert state.view(None)["revealing"] == {"player": "red", "card": "Shove Anyone", "card_number": 1}
    view = state.view("red")
    assert reveal_order(view) == [("red", 1), ("green", 1), ("yellow", 1), ("red", 2), ("blue", 2), ("green", 2),
                                  ("yellow", 2), ("red", 3), ("green", 3), ("yellow", 3)]
    shown = cards(picture(view).split("</style>", 1)[1])
    assert shown[("blue", 2)][0] == "5" and shown[("blue", 1)][0] == "" and shown[("blue", 3)][0] == ""
    assert shown[("red", 1)][0] == "1" and shown[("yellow", 3)][0] == "10"


def test_skull_cards_set_aside_and_hands_the_viewers_by_name_others_as_a_count():
    """How to Play: Skull cards played last round lie face up beside their player; the hand
    is yours to see, the others' only as a number of cards."""
    state = game(4).from_scenario({"pirates": {c: ["ship"] * 3 for c in COLOURS[:4]}, "captain": "blue",
                                   "set_aside": {"green": ["Shove Anyone", "Charge!"]}}, seed=1)
    html = draw(state, player="red")
    assert "Shove Anyone Charge!" in text(seat_row(html, "green"))
    assert "8 in hand" in text(seat_row(html, "green")) and "10 in hand" in text(seat_row(html, "blue"))
    side = re.search(r'data-hand="red">.*?</div></div>', html, re.S).group(0)
    assert "Your hand, red (10)" in text(side) and "☠ Drag to Sea" in text(side) and "Shove Left" in text(side)
    table = draw(state, reveal=True)
    assert 'data-hand="' not in table  # the table view has no "you"...
    # ...but every hand by name: one row per card, a tick under each seat holding it
    hands = re.search(r'data-hands="table">.*?</table>', table, re.S).group(0)
    for row in re.findall(r"<tr>.*?</tr>", hands, re.S)[1:-1]:
        name = text(re.search(r'<th class="gl-wtp-cardname"[^>]*>(.*?)</th>', row, re.S).group(1)).lstrip("☠ ")
        ticks = ["✓" in cell for cell in re.findall(r"<td[^>]*>.*?</td>", row, re.S)]
        assert ticks == [name in state.view(None)["players"][c]["hand"] for c in COLOURS[:4]], name
    assert text(hands).endswith("in hand 10 10 8 10")


def test_what_the_last_card_did_is_one_short_line():
    """Cards (Charge!): a pirate moves toward the Kraken and shoves one more; the line names
    the player, the card, what moved and who was lost."""
    pirates = {"red": ["ship"] * 3, "blue": ["plank 2", "dead", "dead"], "green": ["plank 3", "dead", "dead"],
               "yellow": ["ship"] * 3}
    programs = {"red": QUIET, "blue": ["Shove Left", "Run Around", "Charge!"], "green": QUIET, "yellow": QUIET}
    # green holds the Captain's Token, so blue's card 3 is the last card of the round
    state = game(4).from_scenario({"pirates": pirates, "captain": "green", "programs": programs,
                                   "phase": "resolution", "next": {"card": 3, "player": "blue"}}, seed=1)
    assert state.round == 2 and state.view(None)["eliminated"] == ["green"]
    line = last_card(state.view("red"))
    # the effect itself is the log's own words (the rules engine writes them)
    assert line.startswith("blue played Charge! (card 3): ") and "plank 2" in line and "Kraken" in line
    assert "green is eliminated" in line and "green now plays the Ghost" in line
    assert "Last card: " + line in text(draw(state, player="red"))
    assert last_card(game(4).new_state(seed=1).view("red")) == "no card revealed yet"


# ---- legibility --------------------------------------------------------------------------------
def luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula_matches_wcag_reference_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("fg,bg,where", CONTRAST, ids=[w for _, _, w in CONTRAST])
def test_every_text_colour_has_a_contrast_of_at_least_4_5(fg, bg, where):
    assert contrast(fg, bg) >= 4.5, f"{where}: {fg} on {bg} is {contrast(fg, bg):.2f}:1"


def test_no_text_is_smaller_than_14px_and_large_mode_scales_it_up():
    """Every size is in em from a 15 px base, and no rule shrinks text below 1 em."""
    sizes = re.findall(r"font-size:([\d.]+)(px|em)", STYLE)
    assert ("15", "px") in sizes and ("20", "px") in sizes
    assert all(float(v) >= 14 if unit == "px" else float(v) >= 1 for v, unit in sizes), sizes
    state = game(4).new_state(seed=2)
    assert 'class="gl-wtp gl-wtp-large"' in draw(state, large=True)
    assert 'class="gl-wtp"' in draw(state) and render(state) == render_walk_the_plank(state)


def test_a_state_draws_itself_in_a_notebook():
    state = game(3).new_state(seed=4)
    html = state._repr_html_()
    assert html and "gl-wtp" in html and f"player view: {state.to_move}" in text(html)


# ---- secrets ---------------------------------------------------------------------------------
def positions(players: int, seed: int, every: int = 3):
    """Positions of a seeded random game, every few decisions."""
    state = game(players).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.ply % every == 0:
            yield state.clone()
        labels = state.legal_labels()
        state.apply(labels[rng.randrange(len(labels))])
    yield state


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 59), (5, 2)])
def test_a_players_picture_shows_nothing_they_cannot_see(players, seed):
    """Re-dealing every card hidden from a player leaves their picture unchanged, and another
    player's face-down card is only ever drawn as 'face down'."""
    rng = Rng(seed)
    checked = 0
    for state in positions(players, seed):
        for p in state.players:
            html = draw(state, player=p)
            assert draw(state.resample_hidden(p, rng), player=p) == html, (state.ply, p)
            for (c, _), (_, face, shown) in cards(html).items():
                if c != p and face.startswith("down"):
                    assert face == "down" and shown.endswith("face down")
            checked += 1
    assert checked > 40


def test_the_picture_reads_only_the_view():
    """A stand-in with nothing but ``view`` draws the same picture as the real state."""
    state = resolution()

    class OnlyView:
        players = state.players
        to_move = state.to_move

        def view(self, player=None):
            return state.view(player)

    assert picture(state.view("red")) == render_walk_the_plank(OnlyView(), player="red")


def test_the_end_names_the_winners_and_no_card_waits_to_be_placed():
    """How to Play, end of the game: the players with surviving pirates win."""
    for state in positions(4, 59, every=1000):
        pass
    assert state.is_over and state.outcome.winners
    html = draw(state, player="red")
    won = [c for c in state.players if "gl-wtp-won\">won</span>" in seat_row(html, c)]
    lost = [c for c in state.players if "gl-wtp-lost\">lost</span>" in seat_row(html, c)]
    assert won == list(state.outcome.winners) and lost == [c for c in state.players if c not in won]
    assert set(re.findall(r'data-order="(\d*)"', html)) == {""}
    assert f"Game over: {state.outcome}" in text(html)
    # the head names the winners by colour (not the Captain's Token) and the Now line may wrap
    head = html.split('class="gl-wtp-head"', 1)[1].split('class="gl-wtp-lines"', 1)[0]
    assert "Captain:" not in head and all(f'gl-wtp-won">{c}</span>' in head for c in won)
    assert 'class="gl-wtp-now gl-wtp-over"' in html
