"""Seats and secrets: each seat a person or an agent; the player view belongs to one seat and
shows nothing that seat may not see, in the picture, the buttons, the log or the odds; the
hot-seat curtain hides the last person's cards. Whole seeded games of Walk the Plank (red a
person, three agents) and Deadland (one person), checked at every decision."""
from __future__ import annotations

import re
from html import unescape

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.render import odds_for_display, render
from gamelib.widgets import PERSON, Stepper
from gamelib.widgets.panels import odds_html


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def screen(s: Stepper) -> dict[str, str]:
    return {"buttons": " | ".join(s.visible_labels()), "log": text(s.log_widget.value),
            "odds": text(s.odds_widget.value) if s.odds_panel.layout.display != "none" else "",
            "picture": s.picture_widget.value}


def wtp_secrets(state, seat: str) -> list[str]:
    """What ``seat`` may not know in Walk the Plank: which card another pirate placed where (every
    pirate holds the same ten cards, so a card's name alone is no secret: the phrase names the
    pirate, as the rules' private log lines do)."""
    from gamelib.rules.walk_the_plank.cards import REVEALED

    out = []
    for o, colour in enumerate(state.game.players):
        if colour == seat:
            continue
        for k in (1, 2, 3):
            if state.face_down(o, REVEALED + k) < 0 and state.face_down(o, k) >= 0:
                name = state.game.cards[state.face_down(o, k)].name
                out += [f"{colour} programs {name} as card {k}", f"{colour}'s Ghost card is {name}",
                        f"{colour}'s card {k} is {name}"]
    return out


def deadland_secrets(state, seat: str) -> list[str]:
    """Another survivor's face-down Role card (by its name), unless this seat knows it."""
    me = state.game.players.index(seat)
    out = []
    for q in range(state.n):
        role = state.role[q]
        if q == me or role is None or state.shown[q] or q == state.traitor_known:
            continue
        if state.role[me] == role:
            continue
        out.append(state.data.roles[role].name)
    return out


def check_screen(s: Stepper, seat: str, secrets_of, rng: Rng) -> None:
    """The screen at the moment shown, in ``seat``'s eyes, against the rules' own idea of what
    that seat may see: buttons only on its decisions, no private log line of another seat, no
    secret named anywhere, and nothing changes when its hidden cards are dealt again."""
    shown = s.shown
    seen = screen(s)
    labels = s.visible_labels()
    if shown.is_over or shown.to_move != seat:
        assert labels == [], f"buttons on {shown.to_move}'s decision in {seat}'s view at {shown.ply}: {labels}"
    else:
        assert labels == shown.legal_labels()
    private = [e.text for e in shown.log if e.visible_to is not None and seat not in e.visible_to]
    for line in private:
        assert line not in seen["log"], f"private log line shown to {seat}: {line}"
    if not shown.is_over:
        for secret in secrets_of(shown, seat):
            for part in ("buttons", "odds", "log"):
                assert secret not in seen[part], f"{part} names {secret!r} at decision {shown.ply}"
        other = shown.resample_hidden(seat, rng)
        assert render(other, reveal=False, player=seat) == seen["picture"], f"picture leaks at {shown.ply}"
        note, groups = odds_for_display(other, seat)
        if seen["odds"]:
            assert text(odds_html(groups, note)) == seen["odds"], f"odds leak at {shown.ply}"
        if shown.to_move == seat:
            assert other.legal_labels() == labels, f"buttons depend on hidden cards at {shown.ply}"


def play_and_check(s: Stepper, seat: str, secrets_of, rng: Rng, max_clicks: int = 3000) -> None:
    for _ in range(max_clicks):
        if s.state.is_over:
            break
        check_screen(s, seat, secrets_of, rng)
        labels = s.visible_labels()
        assert labels, f"the person {seat} has no button although the game goes on ({s.actions_note.value})"
        s.click(labels[rng.randbelow(len(labels))])
        assert s.last_error is None, s.last_error
    assert s.state.is_over
    # every moment of the game, looked back at in the person's eyes
    for ply in range(s.state.ply, -1, -1):
        s.goto(ply)
        check_screen(s, seat, secrets_of, rng)


def test_walk_the_plank_red_person_three_agents_sees_only_its_own():
    # a whole game, to its end: the house-rule round limit keeps it short enough for a unit test
    s = Stepper(gamelib.load("walk-the-plank", max_rounds=12), seed=11, seats={"red": PERSON, "blue": "heuristic", "green": "random",
                                                   "yellow": "heuristic"})
    assert s.viewer == "red" and s.game.options["players"] == 4
    play_and_check(s, "red", wtp_secrets, Rng(1))


def test_deadland_one_person_sees_only_its_own():
    s = Stepper("deadland", seed=7, human=["blue"], view="blue")
    assert [p for p, who in s.seats.items() if who == PERSON] == ["blue"] and len(s.game.players) == 4
    play_and_check(s, "blue", deadland_secrets, Rng(2))


def test_the_reported_deadland_leak_is_gone():
    """Issue 11: Deadland seed 1, Step 14 times in red's view showed blue's face-down role."""
    s = Stepper("deadland", seed=1, human=gamelib.load("deadland").players)  # everybody a person
    for _ in range(14):
        s.step()
    s.set_view(table=False, seat="red")
    s.confirm_seat_now() if s.curtain_seat() else None
    for secret in deadland_secrets(s.shown, "red"):
        assert secret not in " ".join(s.visible_labels())


def test_agents_play_by_themselves_and_buttons_appear_on_the_persons_decisions():
    s = Stepper("walk-the-plank", seed=3)
    assert s.seats["red"] == PERSON and all(s.seats[p] != PERSON for p in ("blue", "green", "yellow"))
    assert s.state.to_move == "red" and s.visible_labels() == s.state.legal_labels()
    s.click(s.visible_labels()[0])
    assert s.state.to_move == "red" or s.state.is_over  # the agents answered at once (no event loop)


def test_a_seat_can_change_hands_during_the_game():
    s = Stepper("walk-the-plank", seed=3)
    s.set_seat("red", "random")  # red becomes an agent too: the game plays itself to the end
    assert s.state.is_over and s.last_error is None
    s.new_game(seed=4)
    assert s.state.is_over  # still everybody an agent
    s.set_seat("red", PERSON)
    s.new_game(seed=4)
    assert s.state.to_move == "red" and s.visible_labels()


def test_undo_goes_back_to_the_persons_last_decision_and_agents_wait():
    s = Stepper("walk-the-plank", seed=5)
    while s.state.ply < 20 and not s.state.is_over:
        s.click(s.visible_labels()[0])
    before = s.state.ply
    s.undo()
    assert s.state.to_move == "red" and s.state.ply < before and s.visible_labels()
    assert s.timeline.redo_count == before - s.state.ply
    s.redo()
    assert s.state.ply == before


def test_hot_seat_curtain_hides_the_last_persons_cards():
    s = Stepper("walk-the-plank", seed=2, seats={"red": PERSON, "blue": PERSON, "green": "heuristic",
                                                  "yellow": "heuristic"})
    curtains = 0
    for _ in range(400):
        if s.state.is_over:
            break
        seat = s.curtain_seat()
        if seat is not None:
            curtains += 1
            previous = s.viewer
            mine = s.state.view(previous)["players"][previous]["hand"]
            assert s.visible_labels() == [] and "Pass the screen to" in text(s.curtain_text.value)
            assert s.picture_widget.value == ""  # emptied, not hidden
            for card in mine:
                assert card not in text(s.curtain_text.value), f"{previous}'s {card} behind the curtain"
            assert "hidden until" in text(s.log_widget.value) and s.odds_panel.layout.display == "none"
            assert s.history_widget.disabled and s.undo_button.disabled  # no looking back behind it
            s.curtain_button.click()
            assert s.viewer == seat and s.curtain_seat() is None
            assert s.visible_labels() == s.state.legal_labels()
            assert 'data-view="%s"' % seat in s.status_widget.value
            continue
        assert s.state.to_move == s.viewer
        s.click(s.visible_labels()[0])
    assert curtains >= 2


def test_table_view_shows_everything_and_every_button():
    s = Stepper("walk-the-plank", seed=2, human=gamelib.load("walk-the-plank").players, table_view=True)
    for _ in range(12):
        assert s.curtain_seat() is None and s.visible_labels() == s.state.legal_labels()
        s.click(s.visible_labels()[-1])
    hands = s.state.view(None)["players"]
    shown = text(s.picture_widget.value)
    assert all(c in shown for p in hands.values() if isinstance(p["hand"], list) for c in p["hand"])


def test_unknown_seat_or_agent_is_refused_in_words():
    with pytest.raises(gamelib.GamelibError, match="unknown seat 'pink'"):
        Stepper("walk-the-plank", seats={"pink": PERSON})
    s = Stepper("walk-the-plank", seed=1)
    s._user(lambda: s._set_seat("blue", "genius"))
    assert "unknown agent 'genius'" in s.last_error
