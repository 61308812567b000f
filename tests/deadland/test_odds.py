"""Exact odds from public information (Virus Cards, Daily Infection Trial, Event)."""
from __future__ import annotations

from fractions import Fraction

from gamelib.rules.deadland.odds import _chance

from .helpers import start

# 18 public discards, one of them a 5: the 52 unseen cards hold seven 5s
DISCARD = ["5"] + ["1"] * 8 + ["2"] * 8 + ["3"]


def _waiting(**extra):
    """red waits at the start of a daily trial (a Ration to decide on), on the Hospital."""
    players = {"red": {"board": "Hospital", "rations": 1}}
    return start(2, virus={"discard": DISCARD}, players=players, **extra)


def test_next_virus_card_counts_the_unseen_cards():
    """Virus Cards: the next card is uniform over the deck, whose make-up is public (the discards are)."""
    s = _waiting()
    assert s.phase == "Daily Infection Trial"
    d = s.odds()["next Virus card"]
    assert d["5"] == Fraction(7, 52)
    assert d["Radio Contact"] == Fraction(2, 52) and d["Illness"] == Fraction(4, 52)
    assert "1" not in d and d["4"] == Fraction(8, 52) and d["3"] == Fraction(7, 52)
    assert list(d) == ["3", "4", "5", "6", "7", "8", "Illness", "Radio Contact"]  # nothing else can come


def test_next_event_of_the_movers_board_by_kind():
    """Event: the next Event card of the Hospital, by kind, from its 20 cards."""
    d = _waiting().odds()["next Event on the Hospital"]
    assert d == {
        "Group of Zombies": Fraction(4, 20), "Horde of Zombies": Fraction(1, 20), "Infected Area": Fraction(3, 20),
        "Object": Fraction(5, 20), "One Zombie": Fraction(3, 20), "Rations or Munitions": Fraction(4, 20),
    }


def test_next_event_on_a_road_pools_both_road_decks():
    """Game Set Up: the Road cards are split unseen, so either Road's next card is any unseen Road card."""
    s = start(2, virus={"discard": DISCARD}, players={"red": {"board": "Road 1", "rations": 1}})
    d = s.odds()["next Event on Road 1"]
    assert d["Infected Area"] == Fraction(2, 36) and d["Horde of Zombies"] == Fraction(2, 36)


def test_daily_add_chance_small_cases():
    """Daily Infection Trial: the exact recursion on tiny decks (good, bad, Radio Contacts)."""
    assert _chance(1, 1, 0, 0, 0, 1, 5) == Fraction(1, 2)
    assert _chance(1, 1, 0, 0, 0, 2, 5) == 1
    # a Radio Contact that ends the game means nothing more is drawn
    assert _chance(1, 1, 1, 0, 0, 1, 1) == Fraction(1, 3)
    # a Radio Contact that is not the last is skipped: 1/4 good + 2/4 radio then (1/3 as above) = 5/12
    assert _chance(1, 1, 2, 0, 0, 1, 2) == Fraction(5, 12)
    # the second Radio Contact brings the discards back: 1 good among (0 good + 1 bad) + 1 discarded good
    assert _chance(0, 1, 1, 1, 0, 1, 5) == Fraction(1, 2) * _chance(1, 1, 2, 0, 0, 1, 4)


def test_daily_add_chance_matches_the_game():
    """Daily Infection Trial: the odds shown agree with the trials the game plays (same public position,
    unseen order varied by seed), within sampling error."""
    s = _waiting()
    p = s.odds()["red's daily trial, taken now, adds a card"]["adds a card"]
    # 1s are all discarded: only the 4 Illness jokers fit; 2 cards drawn
    runs = 600
    hits = 0
    for seed in range(runs):
        t = start(2, seed=seed, virus={"discard": DISCARD}, players={"red": {"board": "Hospital"}})
        hits += t.level(0) > 0
    assert abs(hits / runs - float(p)) < 3 * (float(p) * (1 - float(p)) / runs) ** 0.5 + 0.01
    assert Fraction(4, 52) < p < Fraction(9, 52)
