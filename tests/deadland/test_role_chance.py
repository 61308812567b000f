"""Role cards drawn as explicit chance nodes (issue 29, Deliver 2): the seat reaching level 1
takes any card of the Role deck alike; exact expectimax through the node (and through the
Virus draws before it) equals the odds shown for the trial, shared among the cards left; the
seeded mode draws the same cards as before (tests/golden, tests/core/test_explicit_chance.py)."""
from __future__ import annotations

from fractions import Fraction

import gamelib
from gamelib.core import Rng
from gamelib.core.chance import ChanceState, expectimax, recorded

BLUE = 1
#: the Virus deck of the scenario: a small one, so the exact tree is small; the other cards are
#: discarded or in the Infection decks, and the eighth Radio Contact would end the game
DECK = ["1", "1", "5", "Illness", "Radio Contact"]
DISCARD = [lab for lab, k in [("1", 4), ("2", 7), ("3", 8), ("4", 8), ("5", 7), ("6", 8), ("7", 8), ("8", 8),
                              ("Illness", 3)] for _ in range(k)]


def _blue_before_the_trial():
    """Blue, at level 0 and without a Role card, about to draw a daily trial of two cards; red
    and green hold the Medic and the Traitor, so six Role cards are left."""
    game = gamelib.load("deadland", players=3)
    return game.from_scenario({
        "active": "blue", "radio": 8,
        "players": {"red": {"board": "Base", "infection": ["1"], "role": "medic"},
                    "blue": {"board": "Hospital", "rations": 1},
                    "green": {"board": "Road 2", "infection": ["1", "2"], "role": "traitor"}},
        "virus": {"deck": DECK, "discard": DISCARD, "radio": ["Radio Contact"]},
    }, seed=7)


def _trial_over(s) -> bool:
    return s.is_over or s.to_move != "blue" or any(lab.startswith(("Stay", "Move")) for lab in s.legal_labels())


def test_expectimax_through_the_role_draw_equals_the_odds():
    pos = _blue_before_the_trial()
    assert pos.phase == "Daily Infection Trial" and pos.role[BLUE] is None and len(pos.rdeck) == 6
    adds = pos.odds()["blue's daily trial, taken now, adds a card"]["adds a card"]
    assert adds == Fraction(3, 4)  # a 1 or the Illness among two cards, unless the Radio Contact ends it first
    node = ChanceState.at(pos)
    node.apply(next(a for a in pos.legal_actions() if a.kind == "draw"))
    for role in pos.data.roles:
        got = expectimax(node, lambda s, r=role: Fraction(s.role[BLUE] == r), stop=_trial_over)
        assert got == (adds / 6 if role in pos.rdeck else 0), role


def test_the_role_node_offers_the_cards_left_alike():
    pos = _blue_before_the_trial()
    node = ChanceState.at(pos)
    node.apply(next(a for a in pos.legal_actions() if a.kind == "draw"))
    node.apply_outcome("1")  # the next card of blue's Infection deck: level 1, a Role card
    assert node.is_chance and node.chance_title == "blue's Role card"
    names = {pos.data.roles[r].name for r in pos.rdeck}
    assert dict(node.chance_outcomes()) == {name: Fraction(1, 6) for name in names}
    assert set(node.chance_outcomes()) <= set(pos.game.chance_labels())
    node.apply_outcome("Hermit")
    node.apply_outcome("5")  # the trial's second card (discarded: one card was added already)
    assert not node.is_chance and node.state.phase == "Movement"
    assert node.state.role[BLUE] == "hermit" and "hermit" not in node.state.rdeck
    assert len(node.state.rdeck) == 5 and sorted(node.state.rdeck + ("hermit",)) == sorted(pos.rdeck)


def test_a_seeded_games_role_draws_replay_as_chance_outcomes():
    """The draws of a seeded game, chosen at the nodes of an explicit-chance game, give every
    seat the Role card the seeded game gave it."""
    game = gamelib.load("deadland", players=4)
    seeded, draws = recorded(lambda: game.new_state(3))
    node = ChanceState(game, 3)
    rng = Rng(3)
    role_draws = 0
    while True:
        for title, outcome in draws:
            assert node.is_chance and node.chance_title == title
            role_draws += title.endswith("'s Role card")
            node.apply_outcome(outcome)
        if seeded.is_over:
            break
        legal = seeded.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        _, draws = recorded(lambda: seeded.apply(action))
        node.apply(action.label)
    assert role_draws >= 2
    assert node.state.role == seeded.role and node.state.log == seeded.log
