"""static/notebooks.py finds every notebook with code (a lesson added later is picked up) and says
which need what the browser's Python lacks. No build, no browser: quick."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "static"))
import notebooks as found  # noqa: E402


def nb(*cells: str) -> dict:
    return {"cells": [{"cell_type": "markdown", "source": ["# A title\n"]}]
            + [{"cell_type": "code", "source": [c]} for c in cells]}


@pytest.mark.parametrize("code, needs", [
    ("import gamelib\nfrom gamelib.widgets import Stepper", None),
    ("import pandas as pd", "pandas"),
    ("import numpy as np\nimport scipy.stats", "numpy, scipy"),
    ("from matplotlib import pyplot", "matplotlib"),
    ("def f():\n    import numpy\n", "numpy"),
    ("from gamelib import lessons", "gamelib.lessons, built on numpy, pandas and matplotlib"),
    ("from gamelib.lessons.tables import win_rates", "gamelib.lessons, built on numpy, pandas and matplotlib"),
    ("import gamelib.lessonsx", None),
    ("%matplotlib inline\nimport gamelib", None),
    ("!pip install pandas\nx = 1", None),
])
def test_what_a_notebook_needs(code, needs):
    assert found.needs_server(nb(code)) == needs


def test_every_notebook_is_found_and_the_lessons_need_the_server(tmp_path, monkeypatch):
    real = found.notebooks()
    rels = [n.rel for n in real]
    lessons = sorted(p.name for p in (found.NOTEBOOKS / "lessons").glob("*.ipynb"))
    assert rels[0] == "00-start-here.ipynb" and [r.split("/")[1] for r in rels if r.startswith("lessons/")] == lessons
    assert len(lessons) >= 8
    assert {n.rel for n in real if n.needs is None} >= {
        "00-start-here.ipynb", "tutorials/the-walking-deck.ipynb", "tutorials/walk-the-plank.ipynb",
        "tutorials/deadland.ipynb"}
    assert all(n.title and n.page.startswith("voici/render/") for n in real)
    # a lesson written later is found by the next build, in name order
    (tmp_path / "tutorials").mkdir()
    (tmp_path / "lessons").mkdir()
    (tmp_path / "00-start-here.ipynb").write_text('{"cells": []}')
    for name in ("12-new.ipynb", "09-new.ipynb"):
        (tmp_path / "lessons" / name).write_text('{"cells": [{"cell_type": "markdown", "source": ["## Lesson *9*"]}]}')
    monkeypatch.setattr(found, "NOTEBOOKS", tmp_path)
    got = found.notebooks()
    assert [n.rel for n in got] == ["00-start-here.ipynb", "lessons/09-new.ipynb", "lessons/12-new.ipynb"]
    assert got[1].title == "Lesson 9" and got[1].needs is None and got[0].title == "00-start-here"
