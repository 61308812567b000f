"""What the class can reach (issue 22): no secret in a save panel or a hidden widget, one click one
decision however late the second comes, a teacher lock, Auto-play to the end, every agent in
the menus, no traceback on the page (issue 23, defects 6 and 9: a deep paste, wrong arguments)."""
from __future__ import annotations

import logging
import re
import time
from html import unescape

import ipywidgets as w
import pytest

import gamelib
from gamelib.widgets import PERSON, TABLE_VIEW, Stepper, dashboard, parse_parameters
from gamelib.widgets.agents_menu import page_agents
from gamelib.widgets.secrecy import HiddenDecisions

from .test_seats import wtp_secrets


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def page_source(s: Stepper) -> str:
    """Everything the page holds, shown or hidden: every value, label, option and tooltip of every
    widget in the tree (what the browser's inspector would find)."""
    out, todo, seen = [], [s.widget], set()
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        for name in ("value", "description", "tooltip", "placeholder"):
            v = getattr(x, name, None)
            if isinstance(v, str):
                out.append(v)
        for o in getattr(x, "_options_labels", ()) or ():
            out.append(str(o))
        todo.extend(getattr(x, "children", ()) or ())
    return "\n".join(out)


def programmed(state, seat: str) -> list[str]:
    """The labels of ``seat``'s decisions in the current round of Walk the Plank (its face-down cards)."""
    return [a.label for a, who in zip(state.history, movers(state)) if who == seat and a.label.startswith("Program")]


def movers(state) -> list[str]:
    out, s = [], state.at_ply(0)
    for a in state.history:
        out.append(s.to_move)
        s.apply(a.label)
    return out


# ---- 1. secrets -------------------------------------------------------------------------------
def hot_seat() -> Stepper:
    return Stepper("walk-the-plank", seed=2, seats={"red": PERSON, "blue": PERSON, "green": "heuristic",
                                                     "yellow": "heuristic"}, pause=0)


def test_the_save_panel_of_a_player_view_holds_no_other_seats_cards_the_table_view_holds_all():
    s = hot_seat()
    s._toggle_save()
    while s.curtain_seat() is None and not s.state.is_over:
        s.click(s.visible_labels()[0])
    assert s.curtain_seat() == "blue"
    # behind the curtain: no record, no buttons, no picture, no odds, no export
    red_cards = programmed(s.state, "red")
    assert len(red_cards) == 3
    source = page_source(s)
    for label in red_cards:
        assert label not in source
    assert s.record_widget.value == "" and s.action_buttons == [] and s.picture_widget.value == ""
    assert s.odds_widget.value == "" and "Pass the screen to" in text(s.curtain_text.value)
    s.confirm_seat()
    # blue's eyes: red's programme is hidden from blue, so the record is kept back, in words (the
    # labels alone are no secret: every pirate holds the same cards; which pirate placed which is)
    others = [m for m in movers(s.state) if m != "blue"]  # red's three cards and the agents' (programming)
    assert s.viewer == "blue" and s.record_withheld() == len(others) >= 3
    assert s.record_widget.value == "" and "not shown in a player view" in text(s.record_links.value)
    secrets = wtp_secrets(s.state, "blue")
    assert secrets
    for phrase in secrets:
        assert phrase not in page_source(s)
    # the teacher's table view has the whole record
    s.set_view(True)
    assert gamelib.load_record(s.record_widget.value) == s.state
    for label in red_cards:
        assert label in s.record_widget.value
    # a closed panel keeps nothing in the page
    s.set_view(False, "blue")
    s._toggle_save()
    s._refresh_safely()
    assert s.record_widget.value == "" and s.record_links.value == ""


def test_hidden_decisions_are_found_from_views_only():
    """The test of a hidden decision: re-dealing the card red programmed would leave blue's view
    the same; a Deadland move on a road is seen by everyone."""
    st = gamelib.load("walk-the-plank").new_state(seed=2)
    first = st.to_move
    st.apply(st.legal_labels()[0])
    other = next(p for p in st.players if p != first)
    assert HiddenDecisions().count(st, first) == 0  # its own decision
    assert HiddenDecisions().count(st, other) == 1
    d = gamelib.load("deadland").new_state(seed=3)
    mover = d.to_move
    d.apply(d.legal_labels()[1])
    other = next(p for p in d.players if p != mover)
    assert HiddenDecisions().count(d, other) == 0


def test_a_player_views_replay_page_is_that_seats_own():
    s = hot_seat()
    while s.curtain_seat() is None:
        s.click(s.visible_labels()[0])
    red_cards = programmed(s.state, "red")
    s.confirm_seat()
    page = s.export_html()
    assert "seen by blue" in page
    for label in red_cards:
        name = label.removeprefix("Program ").rsplit(" as card", 1)[0]
        assert f"red programs {name}" not in page
    s._on_export()
    s.set_view(False, "blue")
    assert s._export is not None and s._export[0] == s._export_key()
    s._export = (s._export[0][:1] + ("someone else",), s._export[1])  # a page made for other eyes
    s._toggle_save()
    s._refresh_safely()
    assert s.export_link.value == ""


def test_behind_the_curtain_the_export_is_refused():
    s = hot_seat()
    while s.curtain_seat() is None:
        s.click(s.visible_labels()[0])
    s._user(s._on_export)
    assert "curtain" in s.last_error and s._export is None


# ---- 1. teacher lock ---------------------------------------------------------------------------
def test_the_teacher_lock_keeps_the_table_view_and_seen_by_closed():
    s = hot_seat()
    s.lock("4711")
    assert s.locked and s.view_widget.disabled and s.viewer_widget.disabled and s.lock_code.value == ""
    s.set_view(True)
    assert not s.table_view and "teacher lock" in s.last_error
    s.set_view(False, "blue")
    assert s.viewer == "red" and "teacher lock" in s.last_error
    s.view_widget.value = TABLE_VIEW  # a crafted message from the page: undone
    assert not s.table_view and "teacher lock" in s.last_error
    s.viewer_widget.value = "blue"
    assert s.viewer == "red" and s.viewer_widget.value == "red"
    s.unlock("1234")
    assert s.locked and "not the teacher's code" in s.last_error
    while s.curtain_seat() is None:  # the curtain still hands the screen on
        s.click(s.visible_labels()[0])
    s.confirm_seat()
    assert s.viewer == "blue"
    s.unlock("4711")
    assert not s.locked and not s.view_widget.disabled and s.last_error is None
    s.set_view(True)
    assert s.table_view
    s.lock("no")  # too short
    assert not s.locked and "3 to 20 letters or digits" in s.last_error


def test_a_lock_in_the_link_opens_a_locked_player_view():
    s = dashboard("walk-the-plank", "lock=4711&view=table&blue=person&pause=0")
    assert s.locked and not s.table_view and "locked page shows a player view" in text(s.notice_widget.value)
    assert "4711" not in page_source(s)
    args, problems = parse_parameters("walk-the-plank", "lock=x")
    assert "lock" not in args and "3 to 20 letters or digits" in problems[0]


# ---- 2. one click, one decision ---------------------------------------------------------------
def test_a_click_on_an_old_decisions_button_is_refused_however_late():
    """Red programs three cards in a row. The old pages of buttons took turns, so a button of the
    first decision was live again at the third; now each decision has its own buttons."""
    s = Stepper("walk-the-plank", seed=3, pause=0)
    start = s.state.ply
    first = s.action_buttons[0]
    first.click()
    assert s.state.ply == start + 1 and s.state.to_move == "red"
    s.action_buttons[0].click()
    assert s.state.ply == start + 2
    first.click()  # two decisions later
    assert s.state.ply == start + 2 and "decision already taken" in s.last_error
    assert first.comm is None  # closed: the browser dropped it
    s.action_buttons[0].click()
    assert s.state.ply >= start + 3 and s.last_error is None


def test_switching_the_view_rebuilds_the_buttons():
    s = Stepper("walk-the-plank", seed=3, pause=0, human=["red", "blue"], table_view=True)
    start = s.state.ply
    mover = s.state.to_move
    table_button = s.action_buttons[0]
    s.set_view(False, next(p for p in ("red", "blue") if p != mover))  # not its decision: no buttons
    assert s.action_buttons == []
    table_button.click()
    assert s.state.ply == start and "already taken (or no longer shown)" in s.last_error


# ---- 3, 9: links and words --------------------------------------------------------------------
@pytest.mark.parametrize("query, words", [
    ("seed=-5", "from 0 to 18446744073709551615"),
    ("seed=-1", "from 0 to 18446744073709551615"),
    ("seed=18446744073709551616", "from 0 to 18446744073709551615"),
    ("players=99", "players='99' is not allowed; choose one of"),
    ("blue=nobody", "blue='nobody': choose person or one of"),
    ("pause=-3", "from 0 to 5"),
])
def test_every_link_opens_a_game_and_names_what_it_refused(query, words):
    s = dashboard("deadland", query + "&pause=0" if "pause" not in query else query)
    notes = text(s.notice_widget.value)
    assert words in notes and "default" in notes or "seed 1" in notes
    assert "-" not in notes.split("from 0 to")[0][-3:] if "from 0" in notes else True
    assert s.state.seed in (1, 0) or "seed" not in query
    assert s.last_error is None and s.visible_labels() or s.state.is_over or s.curtain_seat() is None


def test_a_seed_notice_states_the_true_range():
    _, problems = parse_parameters("walking-deck", "seed=99999999999999999999999")
    assert "from 0 to 18446744073709551615" in problems[0] and "-9223372036854775808" not in problems[0]
    _, problems = parse_parameters("walking-deck", "seed=" + "9" * 100_000)
    assert len(problems[0]) < 400 and "100000 characters" in problems[0]


def test_a_page_that_cannot_be_built_opens_the_default_game_with_a_sentence(monkeypatch, caplog):
    import sys

    mod = sys.modules["gamelib.widgets.dashboard"]

    real = mod.Stepper

    def fragile(game, **kw):
        if kw.get("seed") == 77:
            raise RuntimeError("/srv/secret/path exploded")
        return real(game, **kw)

    monkeypatch.setattr(mod, "Stepper", fragile)
    with caplog.at_level(logging.ERROR, logger="gamelib.widgets"):
        s = dashboard("walking-deck", "seed=77")
    notes = text(s.notice_widget.value)
    assert "could not open a game (RuntimeError)" in notes and "/srv" not in notes
    assert "exploded" in caplog.text


def test_a_bug_shows_one_sentence_and_the_traceback_goes_to_the_log(caplog):
    s = Stepper("walking-deck", seed=1)

    def broken(state):
        raise RuntimeError("/home/server/gamelib/agents.py exploded")

    s.agent.choose = broken
    with caplog.at_level(logging.ERROR, logger="gamelib.widgets"):
        s.step()
    shown = s.error_widget.value
    assert "unexpected RuntimeError" in text(shown) and "server's log" in text(shown)
    assert "Traceback" not in shown and "/home" not in shown and "exploded" not in shown
    assert "Traceback" in caplog.text and "exploded" in caplog.text


def test_a_deeply_nested_paste_is_refused_in_words_quickly():
    s = Stepper("walking-deck", seed=1)
    t = time.process_time()
    s.load_record("[" * 100_000 + "]" * 100_000)
    assert time.process_time() - t < 2
    assert "nested too deeply" in s.last_error and "Unexpected" not in s.error_widget.value
    assert "Traceback" not in s.error_widget.value and s.state.ply == 0
    s.load_record('{"format": "gamelib-record", "options": ' + "{\"a\": " * 50_000 + "1" + "}" * 50_001)
    assert "nested too deeply" in s.last_error or "save record" in s.last_error


# ---- 7. Auto-play ------------------------------------------------------------------------------
def test_autoplay_plays_to_the_end_or_stops_at_people_when_asked():
    s = Stepper("deadland", seed=4, human=["red"], pause=0)
    s.autoplay()
    assert s.state.is_over and s.last_error is None  # one press, whole game
    s.new_game(seed=4)
    s.stop_widget.value = True
    s.autoplay()
    assert not s.state.is_over and s.state.to_move == "red" and s.visible_labels()


# ---- 8. agents ---------------------------------------------------------------------------------
def test_every_agent_of_the_package_is_in_the_menus_with_its_cost():
    for name, extra in (("walking-deck", {"search", "best-interrogation"}), ("walk-the-plank", set()),
                        ("deadland", set())):
        s = Stepper(name, seed=1, pause=0)
        want = {"random", "heuristic", "ismcts", *extra}
        assert set(s.agent_widget.options and [v for _, v in s.agent_widget.options]) == want
        labels = dict((v, k) for k, v in s.agent_widget.options)
        assert re.fullmatch(r"ismcts · [0-9.]+ (ms|s) a decision", labels["ismcts"]), labels["ismcts"]
        assert labels["random"] == "random · instant"
        assert "at most" in s.agent_widget.tooltip and "tree search" in s.agent_widget.tooltip
        for dd in s.seat_widgets.values():
            assert {v for _, v in dd.options} == want | {PERSON}
    s = dashboard("walk-the-plank", "blue=ismcts&pause=0")
    assert s.seats["blue"] == "ismcts" and s.notice_widget.value == ""
    assert type(s.seat_agents["blue"]).__name__ == "ISMCTSAgent"
    assert set(page_agents(gamelib.load("deadland"))) == {"random", "heuristic", "ismcts"}


# ---- 5. the curtain ----------------------------------------------------------------------------
def test_the_curtain_button_is_inside_the_dark_panel():
    s = hot_seat()
    while s.curtain_seat() is None:
        s.click(s.visible_labels()[0])
    assert s.curtain_button in s.curtain_box.children and s.curtain_text in s.curtain_box.children
    assert s.curtain_box.layout.display != "none" and s.picture_widget.layout.display == "none"
    assert "gl-curtain" in s.curtain_box._dom_classes
    grid = s.widget.children[-1]
    assert s.curtain_box in grid.children
    s.confirm_seat()
    assert s.curtain_box.layout.display == "none" and s.picture_widget.layout.display != "none"


def test_old_buttons_are_closed_not_hidden():
    s = hot_seat()
    made: list[w.Button] = []
    for _ in range(5):
        made += s.action_buttons
        if s.curtain_seat():
            s.confirm_seat()
        else:
            s.click(s.visible_labels()[0])
    live = set(map(id, s.action_buttons))
    assert all(b.comm is None for b in made if id(b) not in live)


def test_the_seed_box_and_the_link_take_the_engines_range():
    from gamelib.core import GamelibError
    from gamelib.widgets.controls import parse_seed

    assert parse_seed(" 18_446_744_073_709_551_615 ") == 2**64 - 1 and parse_seed("+7") == 7
    for bad in ("-5", "-1", str(2**64), "--5", "5e3", "١٢"):
        with pytest.raises(GamelibError, match="from 0 to 18446744073709551615"):
            parse_seed(bad)


def test_a_seed_the_game_itself_refuses_is_named_and_replaced(monkeypatch):
    """The link's seed is also tried on the game before any page is built on it."""
    from gamelib.core import GamelibError

    game_type = type(gamelib.load("walking-deck"))
    real = game_type.new_state

    def picky(self, seed=0):
        if seed == 77:
            raise GamelibError("seed=77 is not one this game deals")
        return real(self, seed=seed)

    monkeypatch.setattr(game_type, "new_state", picky)
    s = dashboard("walking-deck", "seed=77")
    assert "seed=77 is not one this game deals; using seed 1 instead" in text(s.notice_widget.value)
    assert s.state.seed == 1 and s.last_error is None


def test_while_autoplay_runs_the_curtain_stays_down():
    s = hot_seat()
    while s.curtain_seat() is None:
        s.click(s.visible_labels()[0])
    s._autoplay = True  # (as while Auto-play runs in a live page)
    assert s.curtain_seat() is None
    s._autoplay = False
    assert s.curtain_seat() == "blue"
