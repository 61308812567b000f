"""Rulebook section "Daily Infection Trial" (and "Virus Cards": Illness jokers, Radio Contacts)."""
from __future__ import annotations

import pytest

from .helpers import FILLER, climb, player, start, texts


def test_daily_trial_andrew_example():
    """Daily Infection Trial: Andrew, level 4, draws 3 cards: 6 (discarded), 5 (added), 6 (discarded:
    only one card is added in a daily trial). He ends at level 5."""
    s = start(2, active="red", virus={"deck": ["6", "5", "6"]},
              players={"red": {"board": "Hospital", "infection": climb(4), "role": "looter"}})
    red = player(s, "red")
    assert red["level"] == 5 and red["top"] == "5"
    trial = texts(s, "Daily Infection Trial")
    assert "red (level 4) draws 3 Virus cards" in trial
    assert trial[-3:] == [
        "red draws a 6: discarded",
        "red draws a 5: the next card for their Infection deck (level 4)",
        "red draws a 6: discarded (a card was already added in this daily trial)",
    ]
    assert s.view(None)["virus"]["discard"] == ["6", "6"]
    assert s.to_move == "red" and s.phase == "Movement"


@pytest.mark.parametrize("level,cards", [(0, 2), (2, 2), (3, 3), (5, 3), (6, 4), (7, 4)])
def test_daily_trial_size_by_level(level, cards):
    """Daily Infection Trial / Effects Due to the Infection Level: 0-2 draw 2, 3-5 draw 3, 6-7 draw 4."""
    filler = FILLER if level < 7 else "1"
    s = start(2, virus={"deck": [filler] * 4},
              players={"red": {"board": "Hospital", "infection": climb(level), "role": "looter"} if level else
                       {"board": "Hospital"}})
    assert f"red (level {level}) draws {cards} Virus cards" in texts(s)
    assert len(s.view(None)["virus"]["discard"]) == cards


def test_daily_trial_first_card_must_be_a_one():
    """Daily Infection Trial: with an empty Infection deck only a 1 (or an Illness) can be added."""
    s = start(2, virus={"deck": ["2", "1"]}, players={"red": {"board": "Hospital"}})
    assert player(s, "red")["infection"] == ["1"]


def test_daily_trial_base_reduction_two_players_on_base():
    """Daily Infection Trial: on the Base one card fewer (min 1) unless more than two players are there."""
    s = start(2, virus={"deck": [FILLER] * 3})
    assert "red (level 0) draws 1 Virus card (one fewer on the Base)" in texts(s)


def test_daily_trial_no_base_reduction_with_three_players_and_no_turned_board():
    """Daily Infection Trial: three players on the Base and no board turned: the full trial."""
    s = start(3, virus={"deck": [FILLER] * 3})
    assert "red (level 0) draws 2 Virus cards" in texts(s)


def test_daily_trial_base_reduction_returns_once_a_board_is_turned():
    """Daily Infection Trial: the exception needs no board turned over, so the reduction applies again."""
    s = start(3, virus={"deck": [FILLER] * 3}, boards={"Police Station": {"turned": True}})
    assert "red (level 0) draws 1 Virus card (one fewer on the Base)" in texts(s)


def test_rations_reduce_the_daily_trial_by_one():
    """Event Card Types (Rations): at the start of the turn one Ration lowers the daily trial by one."""
    s = start(2, virus={"deck": [FILLER] * 4},
              players={"red": {"board": "Hospital", "infection": climb(3), "role": "looter", "rations": 2}})
    assert s.phase == "Daily Infection Trial"
    assert s.legal_labels() == ["Eat a Ration before the trial", "Draw 3 Virus cards"]
    s.apply("Eat a Ration before the trial")
    assert player(s, "red")["rations"] == 1
    # alone with a face-down card red might be the Hermit, so the trial waits once more
    assert s.legal_labels() == ["Draw 2 Virus cards"]
    s.apply("Draw 2 Virus cards")
    assert "red (level 3) draws 2 Virus cards" in texts(s)


def test_rations_not_offered_when_the_trial_is_already_one_card():
    """Event Card Types (Rations): nothing to reduce below one card, so no prompt; the Ration stays."""
    s = start(2, virus={"deck": [FILLER] * 2}, players={"red": {"rations": 1}})
    assert s.phase == "Movement" and player(s, "red")["rations"] == 1


def test_radio_contact_does_not_count_and_moves_the_marker():
    """Daily Infection Trial: a Radio Contact is set aside, the marker moves, drawing continues."""
    s = start(2, virus={"deck": ["Radio Contact", FILLER, FILLER]}, players={"red": {"board": "Hospital"}})
    v = s.view(None)
    assert v["radio"]["contacts"] == 1 and v["virus"]["radio_set_aside"] == 1
    assert v["virus"]["discard"] == [FILLER, FILLER]


def test_second_radio_contact_reshuffles_discards_into_the_deck():
    """Virus Cards / Daily Infection Trial: the second Radio Contact makes a new deck from the rest,
    the discards and both Radio Contacts."""
    s = start(2, radio=1, virus={"deck": [FILLER, "Radio Contact"], "discard": ["3", "4", "5"]},
              players={"red": {"board": "Hospital"}}, seed=3)
    v = s.view(None)
    assert v["radio"]["contacts"] == 2 and v["virus"]["radio_set_aside"] == 0
    ids = s.vdeck
    assert sum(1 for c in ids if c.startswith("RC")) == 2
    # the second card of the trial came from the new deck, so the old discards are in play again
    assert len(v["virus"]["discard"]) + len(s.vdeck) + len(s.inf[0]) + len(s.inf[1]) == 70
    assert len(v["virus"]["discard"]) <= 1


def test_illness_is_a_joker_for_the_next_level():
    """Virus Cards: an Illness counts as the next level (but never 8)."""
    s = start(2, virus={"deck": ["Illness", FILLER]},
              players={"red": {"board": "Hospital", "infection": climb(2), "role": "looter"}})
    red = player(s, "red")
    assert red["level"] == 3 and red["top"] == "Illness"


def test_illness_cannot_be_level_eight():
    """Virus Cards: at level 7 an Illness cannot become the 8: it is discarded."""
    s = start(2, virus={"deck": ["Illness", "1", "1", "1"]},
              players={"red": {"board": "Hospital", "infection": climb(7), "role": "looter"}})
    assert player(s, "red")["level"] == 7 and s.view(None)["virus"]["discard"][0] == "Illness"


def test_third_illness_is_discarded():
    """Virus Cards: never more than two Illness cards in an Infection deck."""
    s = start(2, virus={"deck": ["Illness", FILLER]},
              players={"red": {"board": "Hospital", "infection": ["Illness", "Illness"], "role": "looter"}})
    assert player(s, "red")["level"] == 2 and "Illness" in s.view(None)["virus"]["discard"]
