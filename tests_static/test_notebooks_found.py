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
    # gamelib.lessons itself imports none of them; some of its helpers do, and a notebook naming one needs it
    ("from gamelib import lessons", None),
    ("from gamelib.lessons.tables import win_rates", "pandas (through gamelib.lessons: tables.win_rates)"),
    ("from gamelib import lessons\nlessons.win_rates(t)", "pandas (through gamelib.lessons: win_rates)"),
    ("import gamelib.lessons\ngamelib.lessons.in_batches(f, 9)", "numpy (through gamelib.lessons: in_batches)"),
    ("from gamelib.lessons import traitor as lesson\nlesson.engine_worlds(9)\nlesson.plot_base_rates()", None),
    ("from gamelib.lessons import walking_deck as wd\nwd.bag_widget()", "numpy (through gamelib.lessons: walking_deck.bag_widget)"),
    ("import pandas\nfrom gamelib import lessons\nlessons.reconcile_table(r)\nlessons.plot_convergence(x)", "pandas"),    ("import gamelib.lessonsx", None),
    ("%matplotlib inline\nimport gamelib", None),
    ("!pip install pandas\nx = 1", None),
])
def test_what_a_notebook_needs(code, needs):
    assert found.needs_server(nb(code)) == needs


def test_what_a_helper_needs_is_read_from_its_source(tmp_path, monkeypatch):
    """A helper needs what it imports and what the helpers it names need; asking ``..._available()``
    or catching the ImportError is a fallback; the package's re-exports carry their needs."""
    pkg = tmp_path / "lessons"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import plain, fancy, safe, caught\n")
    (pkg / "a.py").write_text(
        "def plain():\n    return 1\n\n"
        "def _np():\n    import numpy as np\n    return np\n\n"
        "def fancy():\n    return _np().zeros(3)\n\n"
        "def safe():\n    if not numpy_available():\n        return [0] * 3\n    import numpy\n    return numpy.zeros(3)\n\n"
        "def caught():\n    try:\n        import scipy\n    except ImportError:\n        return None\n")
    (pkg / "sub" / "__init__.py").write_text("from .b import table\n")
    (pkg / "sub" / "b.py").write_text("class Table:\n    def show(self):\n        from pandas import DataFrame\n\n"
                                      "def table():\n    return Table()\n")
    monkeypatch.setattr(found, "LESSONS", pkg)
    found.lesson_needs.cache_clear()
    try:
        needs = found.lesson_needs()
    finally:
        found.lesson_needs.cache_clear()
    L = "gamelib.lessons"
    assert needs[f"{L}.a.plain"] == set() and needs[f"{L}.a.safe"] == set() and needs[f"{L}.caught"] == set()
    assert needs[f"{L}.a.fancy"] == {"numpy"} == needs[f"{L}.fancy"]
    assert needs[f"{L}.sub.b.Table"] == {"pandas"} == needs[f"{L}.sub.table"] == needs[f"{L}.sub.b.table"]


def test_every_notebook_is_found_and_the_lessons_need_the_server(tmp_path, monkeypatch):
    real = found.notebooks()
    rels = [n.rel for n in real]
    lessons = sorted(p.name for p in (found.NOTEBOOKS / "lessons").glob("*.ipynb"))
    assert rels[0] == "00-start-here.ipynb" and [r.split("/")[1] for r in rels if r.startswith("lessons/")] == lessons
    assert len(lessons) >= 8
    assert {n.rel for n in real if n.needs is None} >= {
        "00-start-here.ipynb", "tutorials/the-walking-deck.ipynb", "tutorials/walk-the-plank.ipynb",
        "tutorials/deadland.ipynb", "lessons/08-simultaneous-choices-walk-the-plank.ipynb",
        "lessons/09-bayes-who-is-the-traitor.ipynb", "lessons/10-expected-value-is-it-worth-it.ipynb"}
    # lesson 1 imports pandas itself and draws its bag with numpy through gamelib.lessons
    first = next(n for n in real if n.rel.startswith("lessons/01-"))
    assert first.needs.startswith("numpy, pandas (through gamelib.lessons: ") and "in_batches" in first.needs
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


def test_the_lessons_index_says_which_lessons_run_in_the_browser():
    """notebooks/lessons/README.md's "static site" column agrees with what the build serves."""
    import re

    index = (found.NOTEBOOKS / "lessons" / "README.md").read_text(encoding="utf-8")
    said = {m.group(1): m.group(2) for m in re.finditer(r"\[open\]\((\S+\.ipynb)\).*\| ([^|]+) \|$", index, re.M)}
    lessons = [n for n in found.notebooks() if n.kind == "lessons"]
    assert set(said) == {n.rel.split("/")[1] for n in lessons}
    for n in lessons:
        assert said[n.rel.split("/")[1]] == ("server only" if n.needs else "runs in the browser"), n.rel
    assert sum(n.needs is None for n in lessons) >= 2
