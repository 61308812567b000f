"""The Deadland picture (issue 9), on scenario positions: levels and top cards, the Radio track,
an overturned board, a trial in progress, the Virus deck; and secrets: a player's picture never
shows another player's face-down role or the Virus deck's order, and re-dealing what that player
cannot see leaves their picture unchanged (rulebook sections named in each test)."""
from __future__ import annotations

import random
import re
from fractions import Fraction
from html import unescape

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.render import render
from gamelib.render.deadland import render_deadland
from gamelib.render.deadland.style import PLAYER_COLOURS, TEXT_PAIRS
from gamelib.render.deadland.trial import exact_text, last_trial, percent

SCENARIO = {
    "radio": 3,
    "players": {
        "red": {"board": "Road 1", "infection": ["1", "2", "3"], "role": "looter", "munitions": 2,
                "objects": ["Pistol"]},
        "blue": {"board": "Hospital", "infection": ["1", "Illness", "3", "4", "5"], "role": "medic", "rations": 1},
        "green": {"board": "Road 2", "zombie": True, "resistance": 4},
    },
    "boards": {"Police Station": {"turned": True}},
    "virus": {"deck": ["8", "4", "6", "7"]},
}


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def part(html: str, cls: str) -> str:
    """The element with class ``cls`` (up to the next sibling of the same kind), as HTML."""
    start = html.index(cls)
    start = html.rindex("<div", 0, start)
    depth, i = 0, start
    for m in re.finditer(r"<(/?)div\b", html[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            i = start + m.end()
            break
    return html[start:html.index(">", i) + 1]


def player_part(html: str, name: str) -> str:
    return part(html, f'data-player="{name}"')


@pytest.fixture
def position():
    """Red's daily trial (level 3: three cards, Road 1) has drawn an 8 and then the 4 it needs."""
    s = gamelib.load("deadland", players=3).from_scenario(SCENARIO, seed=3)
    while s.phase == "Daily Infection Trial":  # the neutral prompt anyone alone on a board gets
        s.apply(next(label for label in s.legal_labels() if label.startswith("Draw")))
    assert s.view(None)["virus"]["drawn"] == ["4"]
    return s


def test_each_players_level_and_top_card(position):
    """Virus Cards / Effects Due to the Infection Level: the top card gives the level."""
    html = render_deadland(position, reveal=True)
    red, blue, green = (player_part(html, n) for n in ("red", "blue", "green"))
    assert 'data-level="3"' in red and "level 3, 5 from turning" in text(red)
    assert re.search(r'class="sl top"[^>]*>3<', red)
    assert [re.search(rf'class="sl"[^>]*title="level {i}">{i}<', red) is not None for i in (1, 2)] == [True, True]
    assert 'data-level="5"' in blue and "level 5, 3 from turning" in text(blue)
    assert re.search(r'class="sl top five"[^>]*>5<', blue)  # level 5 marked by a double line too
    assert 'class="sl ill"' in blue  # the Illness under blue's 5, marked by a pattern and a letter
    assert 'class="sl empty next' in red and 'title="needed next: level 4"' in red
    assert "Zombie" in text(green) and "Resistance 4" in text(green) and green.count("pip on") == 4


def test_radio_contacts_and_the_goal_for_three_players(position):
    """End of the Game: a 3-player game ends at 9 Radio Contacts."""
    html = render_deadland(position, player="red")
    radio = part(html, "gl-dl-radio")
    assert 'data-contacts="3"' in radio and 'data-goal="9"' in radio
    assert "RADIO 3 / 9" in text(radio)
    assert radio.count('class="sq on') == 3 and len(re.findall(r'class="sq[ "]', radio)) == 9 and "goal" in radio


def test_an_overturned_board_shows_its_bloodstain(position):
    """Zombie Attacks: a board without Event cards is turned over; survivors there draw its bloodstain."""
    html = render_deadland(position, player="red")
    police = part(html, 'data-board="Police Station"')
    assert "turned" in police.split(">")[0] and "overrun" in text(police)
    assert "survivors draw 3" in text(police)
    hospital = part(html, 'data-board="Hospital"')
    assert "turned" not in hospital.split(">")[0] and "deck 20" in text(hospital)
    assert 'title="blue"' in hospital  # blue's marker stands on the Hospital
    assert "G☠" in part(html, 'data-board="Road 2"')  # the zombie marker: a letter and a skull


def test_a_trial_in_progress(position):
    """Daily Infection Trial: cards drawn so far, how many are still to draw, the number needed."""
    html = render_deadland(position, player="red")
    box = part(html, "gl-dl-trial")
    assert 'data-live="1"' in box and 'data-drawn="2"' in box and 'data-total="3"' in box
    t = text(box)
    assert "TRIAL IN PROGRESS" in t and "red, daily trial" in t
    assert "2 of 3 drawn" in t and "1 still to draw" in t and "the 4 is about to be added" in t
    assert re.search(r'class="vc"[^>]*>8<', box) and re.search(r'class="vc deciding"[^>]*>4<', box)
    position.apply(position.legal_labels()[0])  # add the 4; the last card is drawn
    while position.phase == "Virus card about to be added":
        position.apply(position.legal_labels()[-1])
    after = text(part(render_deadland(position, player="red"), "gl-dl-trial"))
    assert "LAST TRIAL" in after and "3 of 3 drawn" in after and "1 card added" in after


def _attack_with_a_radio_contact():
    """A random 3-player game paused in a zombie attack's trial after a Radio Contact was drawn."""
    game = gamelib.load("deadland", players=3)
    for seed in range(300):
        s, rng = game.new_state(seed=seed), random.Random(seed)
        while not s.is_over:
            t = s.view(None, log=False)["trial"]
            if (t and t["kind"] == "attack" and t["to_draw"] > 0
                    and any(c["fate"] == "radio contact" for c in t["drawn"])):
                return s
            s.apply(rng.choice(s.legal_labels()))
    raise AssertionError("no attack with a Radio Contact in 300 games")


def test_needed_number_for_an_attack_and_radio_contacts_do_not_count():
    """Zombie Attacks / Virus Cards: a Radio Contact drawn in a trial is set aside and replaced."""
    s = _attack_with_a_radio_contact()
    t = s.view(None)["trial"]
    box = part(render_deadland(s, reveal=True), "gl-dl-trial")
    counted = sum(1 for c in t["drawn"] if c["fate"] != "radio contact")
    assert f'data-drawn="{counted}"' in box and f'data-total="{t["cards"]}"' in box
    assert f'data-left="{t["to_draw"]}"' in box and counted < len(t["drawn"])  # the RC does not count
    assert counted + t["to_draw"] == t["cards"]
    assert 'class="vc rc"' in box and t["cause"] in text(box) and t["cause"].startswith(s.view(None)["resolving"][0])
    assert f'{t["player"]}, {t["cause"]}' in text(box)


def test_the_trial_box_reads_the_view_not_the_log(position):
    """The picture of a trial in progress does not depend on the log (views without it draw the same)."""
    seen = last_trial(position.view("red", log=False))
    assert seen.live and seen.cards == [("8", "discarded"), ("4", "deciding")] and seen.left == 1
    assert seen.needs == ["4", "Illness"] and seen.total == 3 and seen.kind == "daily"
    assert last_trial({"trial": None, "last_trial": None}) is None
    assert last_trial({"trial": {"player": "red"}}) is None  # malformed: no box rather than an error


def test_trial_is_none_between_trials_and_public(position):
    """Virus Cards: every card drawn in a trial is shown to all, so every seat sees the same trial,
    and re-dealing what a seat cannot see changes nothing in it."""
    views = [position.view(p)["trial"] for p in (None, "red", "blue", "green")]
    assert all(v == views[0] for v in views) and views[0]["drawn"][-1] == {"card": "4", "fate": "about to be added"}
    for p in ("red", "blue", "green"):
        for k in range(5):
            other = position.resample_hidden(p, Rng(k))
            assert other.view(p)["trial"] == position.view(p)["trial"]
    position.apply(position.legal_labels()[0])
    while position.phase == "Virus card about to be added":
        position.apply(position.legal_labels()[-1])
    v = position.view("blue")
    assert v["trial"] is None and v["last_trial"]["added"] == 1 and v["last_trial"]["to_draw"] == 0


def test_player_view_hides_other_roles_and_the_virus_order(position):
    """Role Cards: kept face down until revealed; Virus Cards: the deck is face down."""
    table = render_deadland(position, reveal=True)
    mine = render_deadland(position, player="red")
    theirs = render_deadland(position, player="blue")
    assert "Medic (hidden)" in text(table) and "Looter (hidden)" in text(table)
    assert "Looter (hidden)" in text(mine) and "Medic" not in text(mine)
    assert "Medic (hidden)" in text(theirs) and "Looter" not in text(theirs)
    assert "Role ?" in text(player_part(mine, "blue"))
    virus_table, virus_mine = text(part(table, "gl-dl-virus")), text(part(mine, "gl-dl-virus"))
    assert "next: 6 7" in virus_table and "next:" not in virus_mine and "order hidden" in virus_mine
    assert "next:" not in text(part(mine, 'data-board="Road 1"'))  # nor the Event decks' order
    # blue's cards under the top are face down for red
    assert 'class="sl ill"' not in player_part(mine, "blue") and 'class="sl hid"' in player_part(mine, "blue")


def test_the_public_virus_composition_matches_the_table(position):
    """What is left in the Virus deck is public (every card drawn was shown), only its order is not."""
    def row(html: str) -> list[str]:
        comp = part(html, "gl-dl-virus")
        r = re.search(r"in deck</td>(.*?)</tr>", comp).group(1)
        return re.findall(r"<td>([^<]*)</td>", r)

    assert row(render_deadland(position, player="blue")) == row(render_deadland(position, reveal=True))
    assert "?" not in row(render_deadland(position, player="blue"))


@pytest.mark.parametrize("seed", [2, 11])
def test_redealing_hidden_cards_leaves_each_players_picture_unchanged(seed):
    """Secrets stay secret: over a random 4-player game, every player's picture at every decision
    is the same after what that player cannot see is re-dealt."""
    game = gamelib.load("deadland", players=4)
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    checks = 0
    while not s.is_over and s.ply < 60:
        s.apply(rng.choice(s.legal_labels()))
        for p in game.players:
            before = render_deadland(s, player=p)
            assert render_deadland(s.resample_hidden(p, Rng(1000 * s.ply)), player=p) == before, (p, s.ply)
            checks += 1
    assert checks > 100


def test_table_view_and_player_view_say_whose_eyes(position):
    assert "Table view: everything face up" in text(render_deadland(position, reveal=True))
    assert "Seen by blue" in text(render_deadland(position, player="blue"))
    assert 'data-view="red"' in render(position)  # the default: whoever decides now


def test_odds_as_percentages_with_the_exact_value(position):
    """Odds from state.odds(): a percentage and a bar; a long Fraction as a decimal, in full in table view."""
    p = next(d["adds a card"] for d in position.odds().values() if "adds a card" in d)
    player, table = render_deadland(position, player="red"), render_deadland(position, reveal=True)
    odds = text(part(player, "gl-dl-odds"))
    assert percent(p) in odds and "red's daily trial adds a card" in odds
    assert 'class="meter"' in part(player, "gl-dl-odds")
    if len(str(p.denominator)) > 6:
        assert f"{p.numerator}/{p.denominator}" not in odds
        assert f"{p.numerator}/{p.denominator}" in text(part(table, "gl-dl-odds"))


def test_fractions_are_decimals_when_long():
    assert exact_text(Fraction(3, 13), table=False) == "3/13"
    long = Fraction(3337549312777897, 12681736044138744)
    assert exact_text(long, table=False) == "≈ 0.263178"
    assert exact_text(long, table=True) == "≈ 0.263178 = 3337549312777897/12681736044138744"
    assert percent(Fraction(1, 3)) == "33.3%" and percent(Fraction(1, 10_000)) == "<0.1%"


def test_game_over_shows_the_outcome():
    """End of the Game."""
    game = gamelib.load("deadland", players=2)
    s = game.new_state(seed=5)
    agent = gamelib.RandomAgent(seed=5)
    while not s.is_over:
        s.apply(agent.choose(s))
    html = render_deadland(s, player="red")
    assert "GAME OVER" in text(html) and str(s.outcome) in text(html)


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_text_contrast_is_at_least_4_5():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    for fg, bg in TEXT_PAIRS + [(fg, bg) for bg, fg, _ in PLAYER_COLOURS.values()]:
        assert contrast(fg, bg) >= 4.5, (fg, bg)


def test_players_are_told_apart_by_letters_not_only_colour(position):
    html = render_deadland(position, reveal=True)
    letters = {name: PLAYER_COLOURS[name][2] for name in ("red", "blue", "green")}
    assert len(set(letters.values())) == 3
    for name, letter in letters.items():
        assert re.search(rf'class="mk[^"]*"[^>]*title="{name}[^"]*">{letter}', html)


def test_large_text_mode_scales_the_picture(position):
    assert 'class="gl-dl gl-deadland gl-dl-large"' in render_deadland(position, large=True)
    assert 'class="gl-dl gl-deadland"' in render_deadland(position)
    assert ".gl-dl.gl-dl-large{font-size:23px}" in render_deadland(position)


def test_no_text_under_14px_nor_under_20px_in_large_mode():
    """Sizes are in em of the root (16 px, 23 px large); no rule goes under 0.875 em (14 px; 20.1 px
    large); the browser test measures the computed sizes."""
    from gamelib.render.deadland.style import STYLE

    ems = [float(v) for v in re.findall(r"font-size:([\d.]+)em", STYLE)]
    assert min(ems) == 0.875 and 0.875 * 16 >= 14 and 0.875 * 23 >= 20
    assert re.findall(r"font-size:(\d+)px", STYLE) == ["16", "23"]


def test_a_state_draws_itself_and_games_without_a_picture_fall_back(position, toy):
    """Issue 9 point 2: the last expression of a cell shows the picture, never None."""
    assert "gl-dl" in position._repr_html_()
    assert "gl-generic" in toy.new_state(seed=1)._repr_html_()


def test_a_top_card_that_blocks_an_object_is_shown():
    """Effects Due to the Infection Level (impediments): the view names the blocked objects
    ("Pistol"); the picture crosses the Pistol out and says so under the Infection deck."""
    sc = {**SCENARIO, "players": {**SCENARIO["players"],
                                  "red": {**SCENARIO["players"]["red"], "infection": ["1", "2", "V3-7"]}}}
    s = gamelib.load("deadland", players=3).from_scenario(sc, seed=3)
    assert s.view("red")["players"]["red"]["impediments"] == ["Pistol"]
    red = player_part(render_deadland(s, player="red"), "red")
    assert 'class="obj blocked"' in red and "Pistol ✕" in text(red) and "top card blocks Pistol" in text(red)
    blue = player_part(render_deadland(s, player="red"), "blue")
    assert "blocked" not in blue and "blocks" not in text(blue)
