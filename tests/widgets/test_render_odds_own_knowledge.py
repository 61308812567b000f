"""Own knowledge in the odds (issue 22, point 6): a seat's odds use everything that seat knows.
In Walk the Plank the pirate whose face-down card is revealed next knows it; the others reckon
as the public does. ``check_game``'s odds check re-deals what each seat cannot see (keeping that
seat's own programme) and holds these odds to it; a wrong or leaking ``odds_for`` fails it."""
from __future__ import annotations

from fractions import Fraction

import pytest

import gamelib
from gamelib.core import Distribution, Rng
from gamelib.render import odds_for_display
from gamelib.rules.walk_the_plank import odds as wtp_odds
from gamelib.rules.walk_the_plank.rules import next_reveal
from gamelib.testing import ConformanceError, check_game, check_odds


def _placed(seed: int = 1, players: int = 3):
    """The Captain has placed card 1 face down: it is the next card to be revealed."""
    s = gamelib.load("walk-the-plank", players=players).new_state(seed=seed)
    s.apply(s.legal_actions()[3])
    seat, k = next_reveal(s)
    return s, s.players[seat], s.game.cards[s.face_down(seat, k)].name


def _which(groups):
    return next(rows for title, rows in groups if title.endswith("which card"))


def test_a_pirates_odds_panel_knows_its_own_face_down_card():
    s, owner, card = _placed()
    note, groups = odds_for_display(s, owner)
    assert _which(groups) == [(card, Fraction(1))]  # its own card: certain
    assert "own face-down cards are known" in note
    for other in (p for p in s.players if p != owner):
        rows = _which(odds_for_display(s, other)[1])
        assert len(rows) > 1 and all(p < 1 for _, p in rows)  # the others cannot see it
        assert rows == _which(odds_for_display(s, None)[1])  # the public's odds, as the table view's
        # what the other pirate cannot see, dealt again: its odds do not move
        assert odds_for_display(s.resample_hidden(other, Rng(3)), other) == odds_for_display(s, other)


def test_the_owners_odds_follow_redeals_that_keep_its_programme_and_the_check_fails_on_wrong_odds(monkeypatch):
    s, owner, card = _placed(seed=4)
    game = s.game
    check_odds(game, 4, s, Rng(1), samples=60)  # the public's and the owner's, against 60 re-deals each

    def wrong(state, player):  # the owner "knows" a card it did not place
        got = wtp_odds.odds_for(state, player)
        if player == owner and len(next(iter(got.values()))) == 1:
            title = next(iter(got))
            other = next(c.name for c in state.game.cards if c.name != card)
            return {title: Distribution({other: Fraction(1)}, title)}
        return got

    monkeypatch.setattr(type(s), "odds_for", wrong)
    with pytest.raises(ConformanceError, match="probability 0"):
        check_odds(game, 4, s, Rng(1), samples=60)


def test_check_game_catches_a_seat_whose_odds_peek_at_anothers_card(monkeypatch):
    state_type = type(gamelib.load("walk-the-plank", players=3).new_state(seed=0))

    def leaky(state, player):  # every seat reckons as the owner of the next card: a leak
        nxt = next_reveal(state)
        if player is None or nxt is None:
            return wtp_odds.odds_for(state, player)
        return wtp_odds.odds_for(state, state.players[nxt[0]])

    monkeypatch.setattr(state_type, "odds_for", leaky)
    with pytest.raises(ConformanceError, match="use hidden information"):
        check_game(gamelib.load("walk-the-plank", players=3), n_games=1, seed=2, deep_games=1, odds_samples=0)


def test_the_steppers_odds_panel_uses_the_seats_own_knowledge():
    """The dashboard's odds panel in a pirate's view is that pirate's own odds at every decision,
    and at some of them (its own face-down card next) they differ from the public's."""
    from gamelib.widgets import Stepper
    from gamelib.widgets.panels import odds_html

    players = gamelib.load("walk-the-plank", players=3).players
    owner = players[0]
    st = Stepper("walk-the-plank", seed=2, seats={p: "person" if p == owner else "heuristic" for p in players},
                 view=owner)
    differs = 0
    for _ in range(60):
        now = st.timeline.present
        if now.is_over:
            break
        mine = odds_html(*reversed(odds_for_display(now, owner)))
        assert st.odds_widget.value == mine, f"the panel is not {owner}'s own odds at ply {now.ply}"
        differs += mine != odds_html(*reversed(odds_for_display(now, None)))
        st.timeline.act(now.legal_actions()[-1])
        st.refresh()
    assert differs, "the pirate's own face-down card never showed in its odds panel"
