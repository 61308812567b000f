"""The class board's widgets: the button under an experiment adds one contribution (once, however
often pressed), and the board on the projector shows the pooled result of exactly the
contributions made, beside the exact answer (checked against the contributions themselves)."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from gamelib.tables import Board, Store
from gamelib.tables.experiments import QUESTION, calamity_stress
from gamelib.widgets.class_board import ClassBoard, add_to_board


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite://{tmp_path}/t.sqlite")
    yield s
    s.close()


def figures(board: ClassBoard) -> tuple[int, int, int]:
    m = re.search(r'data-contributions="(\d+)" data-successes="(\d+)" data-trials="(\d+)"', board.picture.value)
    assert m, board.picture.value[:300]
    return tuple(map(int, m.groups()))


def test_a_class_pools_its_experiments_on_the_board(store):
    board = ClassBoard("4B", store=store, poll=False)
    assert "no class board" in board.picture.value  # nobody has contributed yet
    runs = [calamity_stress(50, seed) for seed in range(6)]
    buttons = [add_to_board("4B", QUESTION, exact, hits, n, store=store) for hits, n, exact in runs]
    for i, b in enumerate(buttons):
        b.name_widget.value = f"student {i}"
        b.add()
        assert b.last_error is None and "Added: " in b.status.value
    buttons[0].add()  # pressed twice: on the board once
    assert "Already on the board" in buttons[0].status.value
    board.refresh()
    rows = Board(store, "4B").rows()
    assert figures(board) == (len(runs), sum(r["successes"] for r in rows), sum(r["trials"] for r in rows))
    assert figures(board) == (6, sum(h for h, _, _ in runs), 300)
    assert [(r["who"], r["successes"]) for r in rows] == [(f"student {i}", runs[i][0]) for i in range(6)]
    pooled = sum(h for h, _, _ in runs) / 300
    assert f"= <b>{pooled:.3f}</b>" in board.picture.value and "exact answer <b>1/2</b>" in board.picture.value
    assert runs[0][2] == Fraction(1, 2)
    csv_link = board.export.value
    assert 'download="4B.csv"' in csv_link and "student%205" in csv_link


def test_a_wrong_contribution_is_said_in_words_and_adds_nothing(store):
    b = add_to_board("no way!", QUESTION, Fraction(1, 2), 3, 10, store=store)
    b.add()
    assert "board name" in b.last_error and "gl-error-box" in b.status.value
    b = add_to_board("4B", QUESTION, Fraction(1, 2), 11, 10, store=store)
    b.add()
    assert "no more successes than trials" in b.last_error
    assert Board(store, "4B").rows() == []


def test_the_experiment_counts_what_the_hidden_pile_gives():
    hits, n, exact = calamity_stress(400, seed=3)
    assert n == 400 and exact == Fraction(1, 2)
    assert abs(hits / n - 0.5) < 0.1  # 400 deals: about 4 standard errors
    assert calamity_stress(400, seed=3) == (hits, n, exact) and calamity_stress(400, seed=4)[0] != hits
    with pytest.raises(ValueError, match="n=0"):
        calamity_stress(0, seed=1)
    assert json.dumps([hits, n])  # plain numbers
