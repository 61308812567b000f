"""The game on screen as a plain model (``Screen``), driven without any widget: seats and the
hot-seat curtain, the agents' schedule, Undo past agents, questions, errors in words; and the
log panel's text, kept incrementally (``LogText``)."""
from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest

import gamelib
from gamelib.core import GamelibError
from gamelib.widgets.panels import LogText, log_html
from gamelib.widgets.screen import PERSON, Screen

WIDGETS = Path(gamelib.__file__).parent / "widgets"


def _imports(module: str) -> set[str]:
    """Every module ``gamelib.widgets.<module>`` imports, following the package's own modules."""
    seen, todo, out = set(), [module], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for node in ast.walk(ast.parse((WIDGETS / f"{name}.py").read_text())):
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level == 1 and node.module:  # from .x import y: one of ours, follow it
                    todo.append(node.module)
                out.add(("." * node.level) + (node.module or ""))
    return out


def test_the_model_imports_no_widget_library():
    for module in ("screen", "timeline", "inputs", "panels"):
        found = {m for m in _imports(module) if m.split(".")[0] in ("ipywidgets", "traitlets", "IPython")}
        assert not found, f"{module} imports {found}"
    assert "ipywidgets" in _imports("stepper")  # (the check sees imports: the Stepper's are found)


@pytest.fixture
def hot_seat(toy):
    return Screen(toy, 3, seats={"north": PERSON, "south": PERSON})


def test_the_curtain_waits_for_the_next_person_and_offers_nothing_meanwhile(hot_seat):
    m = hot_seat
    assert m.viewer == "north" and m.curtain_seat() is None
    assert m.decision_labels() == ["Draw a card", "Stop"]
    m.act("Draw a card")
    assert m.state.to_move == "south" and m.curtain_seat() == "south"
    assert m.decision_labels() == []  # no button of south's behind the curtain
    m.confirm_seat()
    assert m.viewer == "south" and m.curtain_seat() is None
    assert m.decision_labels() == ["Draw a card", "Stop"]
    with pytest.raises(GamelibError, match="nobody needs to confirm"):
        m.confirm_seat()


def test_the_table_view_has_no_curtain_and_a_button_for_every_decision(hot_seat):
    m = hot_seat
    m.table_view = True
    m.act("Draw a card")
    assert m.curtain_seat() is None and m.screen_seat() is None
    assert m.decision_labels() == ["Draw a card", "Stop"]


def test_an_agent_seat_plays_by_itself_and_undo_skips_back_to_the_person(toy):
    m = Screen(toy, 3)  # north a person, south the random agent
    assert m.seats == {"north": PERSON, "south": "random"}
    assert m.agent_to_play() is None  # north decides
    m.act("Draw a card")
    assert m.agent_to_play() is m.seat_agents["south"]
    m.play_agents_now()
    assert m.state.to_move in ("north", None) and m.state.ply >= 2
    ply = m.state.ply
    m.undo()
    assert m.state.ply == 0  # back past south's decision to north's
    assert m.paused and m.agent_to_play() is None
    m.redo()  # forward past south's decisions again, to the next person's (or the end)
    assert m.state.ply >= 2 and m.state.to_move in ("north", None)
    assert m.agent_to_play() is None  # still paused after Redo
    assert m.timeline.redo_count == ply - m.state.ply
    m.act("Stop")  # a person acts: agents go on
    assert not m.paused


def test_autoplay_stops_at_people_only_when_asked(toy):
    m = Screen(toy, 4)
    m.stops = True
    m.start_autoplay()
    m.play_agents_now()
    # north's first decision by the Agent menu's agent, south's by its own, then north's is north's
    assert m.state.ply == 2 and m.state.to_move == "north" and not m.autoplay
    m2 = Screen(toy, 4)
    m2.start_autoplay()
    m2.play_agents_now()
    assert m2.state.is_over


def test_a_question_blocks_agents_and_any_other_action_closes_it(toy):
    m = Screen(toy, 3)
    m.act("Draw a card")
    m.play_agents_now()
    done = []
    m.ask(m.new_game_question(), "Start the new game", lambda: done.append(1))
    assert m.unfinished() and "not finished" in m.confirm.question
    assert m.agent_to_play() is None
    m.confirmed()
    assert done == [1] and m.confirm is None
    with pytest.raises(GamelibError, match="nothing to confirm"):
        m.confirmed()
    m.ask("?", "yes", lambda: done.append(2))
    m.undo()
    assert m.confirm is None and done == [1]


def test_errors_become_words_and_change_nothing(toy, caplog):
    m = Screen(toy, 3)
    m.run(lambda: m.act("Teleport to the moon"))
    assert "Teleport to the moon" in m.error and "Draw a card" in m.error and m.state.ply == 0
    m.run(lambda: m.act("x" * 10_000))
    assert "is not a decision" in m.error and len(m.error) < 300 and m.state.ply == 0
    m.run(lambda: m.act(None))
    assert "None is not a decision" in m.error
    with caplog.at_level(logging.ERROR, logger="gamelib.widgets"):
        m.run(lambda: {}["secret path /srv/x"])
    assert m.error.startswith("That did not work (an unexpected KeyError") and "/srv" not in m.error
    assert "KeyError" in caplog.text
    m.run(lambda: m.act("Stop"))
    assert m.error is None and m.state.ply == 1


def test_seats_are_checked_in_words(toy):
    m = Screen(toy, 3)
    with pytest.raises(GamelibError, match="unknown seat 'west'"):
        m.set_seat("west", PERSON)
    with pytest.raises(GamelibError, match="unknown agent 'genius'"):
        m.set_seat("south", "genius")
    with pytest.raises(GamelibError, match="unknown agent"):
        Screen(toy, 3, seats={"south": "genius"})
    m.set_seat("south", PERSON)
    assert m.persons() == ["north", "south"] and "south" not in m.seat_agents


def test_a_new_game_with_other_seats_keeps_the_people():
    m = Screen(gamelib.load("walk-the-plank", players=3), 1, seats={"red": PERSON, "blue": PERSON})
    game = gamelib.load("walk-the-plank", players=4)
    assert m.start(game, game.new_state(seed=2))
    assert list(m.seats) == list(game.players) and m.persons() == ["red", "blue"]
    assert m.games_started == 2 and m.state.ply == 0


def _entries(state, seat):
    return [e for e in state.log if seat is None or e.visible_to is None or seat in e.visible_to]


def test_the_log_text_adds_new_entries_only_and_equals_the_whole_log(hot_seat):
    """Incremental: one build for the present line however long it gets, the same text as
    written from the whole log; another state (Undo) or other eyes build it again."""
    m, text = hot_seat, LogText(limit=3)
    for label in ["Draw a card", "Draw a card", "Draw a card", "Draw a card"]:
        m.act(label)
        for seat in ("north",):
            assert text.html(m.state, seat) == log_html(m.state.log, seat, 3)
    assert text.rebuilds == 1
    assert "earlier events not shown" in text.html(m.state, "north")
    assert text.html(m.state, None) == log_html(m.state.log, None, 3)  # the table's eyes
    assert text.rebuilds == 2
    m.undo()
    assert text.html(m.state, None) == log_html(m.state.log, None, 3) and text.rebuilds == 3


def test_the_log_text_keeps_other_seats_private_lines_out(hot_seat):
    m, text = hot_seat, LogText()
    m.act("Draw a card")
    m.confirm_seat()
    m.act("Draw a card")
    private = [e for e in m.state.log if e.visible_to and "north" not in e.visible_to]
    assert private  # south's draw is south's alone
    shown = text.html(m.state, "north")
    assert all(e.text not in shown for e in private)
    assert shown == log_html(m.state.log, "north")


def test_a_long_log_keeps_only_what_the_panel_shows(hot_seat):
    m, text = hot_seat, LogText(limit=2)
    m.table_view = True
    while not m.state.is_over:
        m.act("Draw a card")
        text.html(m.state, None)
    assert len(text._rows) <= 4 and text.html(m.state, None) == log_html(m.state.log, None, 2)


def test_the_stepper_writes_its_log_panel_once_per_line(toy):
    """A click adds the new entries to the log panel; Undo (another state) builds it again."""
    from gamelib.widgets import Stepper

    st = Stepper(toy, seed=3, human=["north", "south"], table_view=True)
    built = st.log_text.rebuilds
    for _ in range(3):
        st.click("Draw a card")
    assert st.log_text.rebuilds == built and st.log_widget.value == log_html(st.state.log, None)
    st.undo()
    assert st.log_text.rebuilds == built + 1 and st.log_widget.value == log_html(st.state.log, None)
