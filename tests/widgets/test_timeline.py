"""Time travel without loss: the Timeline alone (no widgets), on The Walking Deck."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.widgets import Timeline


def played(n: int, seed: int = 4):
    state = gamelib.load("walking-deck").new_state(seed=seed)
    agent = gamelib.RandomAgent(seed=1)
    for _ in range(n):
        state.apply(agent.choose(state))
    return state


def labels(state):
    return [a.label for a in state.history]


def test_undo_from_where_you_look_and_redo_back():
    full = played(30)
    tl = Timeline(full.clone())
    tl.look(10)
    tl.undo()
    assert tl.present.ply == 9 and tl.shown_ply == 9 and tl.redo_count == 21
    assert tl.present == full.at_ply(9)
    while tl.redo_count:
        tl.redo()
    assert tl.present == full and labels(tl.present) == labels(full)


def test_redo_while_looking_back_moves_the_view_only():
    tl = Timeline(played(5))
    tl.look(2)
    tl.redo()
    assert tl.shown_ply == 3 and tl.present.ply == 5


def test_the_same_decision_while_looking_back_changes_nothing():
    full = played(20)
    tl = Timeline(full.clone())
    tl.look(7)
    assert tl.act(full.history[7].label) is False
    assert tl.shown_ply == 8 and tl.present == full and not tl.kept


def test_a_different_decision_starts_a_new_line_and_keeps_the_old():
    full = played(20)
    tl = Timeline(full.clone())
    tl.look(7)
    other = next(x for x in full.at_ply(7).legal_labels() if x != full.history[7].label)
    assert tl.act(other) is True
    assert tl.present.ply == 8 and labels(tl.present) == labels(full)[:7] + [other]
    assert len(tl.kept) == 1 and tl.kept[0] == full and labels(tl.kept[0]) == labels(full)
    tl.switch(0)
    assert tl.present == full and labels(tl.kept[0]) == labels(full)[:7] + [other]


def test_after_undo_a_different_decision_keeps_the_undone_ones():
    full = played(12)
    tl = Timeline(full.clone())
    tl.undo()
    tl.undo()
    other = next(x for x in tl.present.legal_labels() if x != full.history[10].label)
    tl.act(other)
    assert tl.kept and tl.kept[0] == full


def test_an_illegal_decision_changes_nothing():
    full = played(6)
    tl = Timeline(full.clone())
    tl.look(3)
    with pytest.raises(gamelib.IllegalAction):
        tl.act("Fly to the moon")
    assert tl.present == full and tl.shown_ply == 3 and not tl.kept


def test_a_line_already_kept_is_not_kept_twice():
    full = played(10)
    tl = Timeline(full.clone())
    tl.look(4)
    other = next(x for x in full.at_ply(4).legal_labels() if x != full.history[4].label)
    tl.act(other)
    tl.switch(0)          # back to the first line
    tl.look(4)
    tl.act(other)         # the same branch again: the first line is kept once
    assert len(tl.kept) == 1


def test_nothing_to_undo_or_redo_is_said_in_words():
    tl = Timeline(played(0))
    with pytest.raises(gamelib.GamelibError, match="nothing to undo"):
        tl.undo()
    with pytest.raises(gamelib.GamelibError, match="nothing to redo"):
        tl.redo()
    with pytest.raises(gamelib.GamelibError, match="no decision 3"):
        tl.look(3)
