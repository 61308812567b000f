"""The leak check's re-deal draws every legal program with the same probability, as the odds
assume, for any card file: here a teacher's file where most cards allow only some positions
(card 3 can be filled by three cards only), so that drawing card by card would not be uniform.
The expected frequencies are counted here by brute force (itertools), independently of the
package's own enumeration, and compared with a chi-square test (false alarm 1e-6)."""
from __future__ import annotations

import tomllib
from collections import Counter
from itertools import permutations

import pytest

from gamelib.core import Rng
from gamelib.core.cards import data_path
from gamelib.testing import ODDS_ALPHA, check_game, chi2_sf

from .helpers import board, game

#: positions allowed per card in the teacher's file (the shipped file allows 1, 2, 3 for all but Charge!)
LIMITS = {
    "Shove Left": [1, 2, 3], "Shove Right": [1, 2, 3], "Shove Anyone": [1, 2], "Extend the Plank": [3],
    "Retract the Plank": [1, 2], "Drag to Sea": [1, 2], "Pull to Ship": [1, 2], "Run Around": [1, 2],
    "I Don't Wan'a Die!": [1, 2], "Charge!": [2],
}
QUIET = ["Run Around", "I Don't Wan'a Die!", "Extend the Plank"]  # legal under LIMITS, no effect on the ship
N = 4000


def limited_table() -> dict:
    table = tomllib.loads(data_path("walk_the_plank.toml").read_text())
    for card in table["card"]:
        card["slots"] = LIMITS[card["name"]]
    return table


def limited_game(players: int = 4):
    return game(players, cards=limited_table())


def legal_programs(names: list[str], positions: tuple[int, ...]) -> list[tuple[str, ...]]:
    """Brute force: every way to put distinct cards of ``names`` in ``positions``."""
    return [p for p in permutations(names, len(positions)) if all(k in LIMITS[c] for c, k in zip(p, positions))]


def assert_follows(observed: Counter, expected: Counter) -> None:
    """Chi-square goodness of fit of ``observed`` (N draws) to the weights ``expected``."""
    assert set(observed) <= set(expected), set(observed) - set(expected)
    total = sum(expected.values())
    chi2 = sum((observed[k] - N * w / total) ** 2 / (N * w / total) for k, w in expected.items())
    p = chi2_sf(chi2, len(expected) - 1)
    assert p > ODDS_ALPHA, f"re-deal frequencies do not follow the legal programs (chi2={chi2:.0f}, p={p:.2g})"


def redealt(state, viewer: str, colour: str, n: int = N, seed: int = 1) -> Counter:
    rng = Rng(seed)
    out: Counter = Counter()
    for _ in range(n):
        row = state.resample_hidden(viewer, rng).view(None)["players"][colour]["cards"]
        out[tuple(row)] += 1
    return out


def test_the_limited_card_file_is_accepted():
    cards = limited_game().cards
    assert {c.name: list(c.slots) for c in cards} == LIMITS


def test_redeal_during_resolution_draws_every_legal_program_equally():
    """Red's cards 2 and 3 are face down: 7 cards may be card 2 but Shove Left and Shove Right are
    two of the only three that may be card 3, so each leaves 2 ways to fill card 3 where the
    others leave 3. Every (card 2, card 3) pair must come equally often."""
    g = limited_game()
    state = g.from_scenario({
        "pirates": board(4, red=["plank 1", "plank 1", "ship"], blue=["plank 1", "ship", "ship"]),
        "captain": "red", "phase": "resolution", "next": {"card": 1, "player": "blue"},
        "programs": {"red": ["Retract the Plank", "Shove Left", "Extend the Plank"],
                     "blue": QUIET, "green": QUIET, "yellow": QUIET}})
    assert state.view("blue")["players"]["red"]["cards"] == ["Retract the Plank", "face down", "face down"]
    unplayed = [c for c in LIMITS if c != "Retract the Plank"]
    expected = Counter({("Retract the Plank",) + p: 1 for p in legal_programs(unplayed, (2, 3))})
    assert_follows(redealt(state, "blue", "red"), expected)


def test_redeal_while_programming_weighs_placed_cards_by_their_completions():
    """Red (placing card 3 now) has placed cards 1 and 2. A uniformly drawn whole program, of
    which cards 1 and 2 are kept: a pair that uses Shove Left or Shove Right leaves fewer cards
    for card 3, so it comes less often (1, 2 or 3 completions)."""
    g = limited_game()
    state = g.from_scenario({"pirates": board(4), "captain": "red"})
    state.apply("Program Shove Left as card 1")
    state.apply("Program Charge! as card 2")
    assert state.to_move == "red" and state.slot == 3
    expected = Counter()
    for p in legal_programs(list(LIMITS), (1, 2, 3)):
        expected[p[:2] + (None,)] += 1
    assert len(set(expected.values())) == 3  # the completions differ: drawing card by card would be biased
    assert_follows(redealt(state, "blue", "red"), expected)


def test_redeal_of_an_undeclared_ghost_card_draws_card_and_position_uniformly():
    """The Ghost's player has placed one Shove card, position not declared yet: each (card,
    position) it could have chosen is equally likely (Shove Anyone allows only two positions)."""
    g = limited_game(3)
    state = g.from_scenario({"pirates": board(3, green=["dead"] * 3), "eliminated": ["green"], "captain": "blue",
                             "programs": {"blue": QUIET, "green": [None, "Shove Anyone", None]}})
    assert state.phase == "programming" and state.to_move == "red"
    assert state.view("red")["players"]["green"]["cards"] == [None, None, None]
    expected = Counter()
    for card in ("Shove Left", "Shove Right", "Shove Anyone"):
        for k in LIMITS[card]:
            row = [None, None, None]
            row[k - 1] = card
            expected[tuple(row)] += 1
    assert_follows(redealt(state, "red", "green"), expected)


@pytest.mark.parametrize("players", [3, 5])
def test_conformance_with_the_limited_card_file(players):
    """check_game, odds check included (outcomes over re-deals against odds()), on the teacher's file."""
    assert check_game(limited_game(players), n_games=3, seed=40 + players, deep_games=2) > 3 * 20
