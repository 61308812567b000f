"""The lessons in notebooks/lessons: indexed, committed executed, complete (the parts the
lesson standard asks for), with the numbers of the text printed by code, and stable under
nbval (progress bars sanitized)."""
from __future__ import annotations

import configparser
import json
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "notebooks" / "lessons"
FILES = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
WALKING_DECK = ["01-sample-spaces-calamity-bag.ipynb", "02-order-matters-memory.ipynb", "03-monte-carlo-protagonists.ipynb"]


def _nb(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_walking_deck_lessons_exist_and_the_index_links_every_lesson():
    assert [p.name for p in FILES][:3] == WALKING_DECK
    index = (LESSONS / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert f"]({path.name})" in index, f"README.md does not link {path.name} for JupyterLab"
        assert f"/voila/render/lessons/{path.name})" in index, f"README.md has no Voilà link for {path.name}"
    for link in re.findall(r"\]\(([^)#:]+\.ipynb)\)", index):
        assert (LESSONS / link).exists(), f"README.md links {link}, which does not exist"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_lesson_is_saved_executed_top_to_bottom_without_errors(path):
    code = [c for c in _nb(path)["cells"] if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1)), "run it top to bottom and save it"
    for i, cell in enumerate(code):
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, f"code cell {i} saved with an error"
        streams = [o for o in cell.get("outputs", []) if o.get("output_type") == "stream" and o.get("name") == "stderr"]
        assert not streams, f"code cell {i} wrote to stderr: {''.join(streams[0]['text'])[:200]}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_lesson_has_every_part_of_the_lesson_standard(path):
    cells = _nb(path)["cells"]
    md = "\n".join(_text(c) for c in cells if c["cell_type"] == "markdown")
    code = "\n".join(_text(c) for c in cells if c["cell_type"] == "code")
    for words in ("Learning goals", "Prerequisites", "The question, in the game", "Predict first", "Exercise 1",
                  "For the teacher", "Timing", "Discussion prompts", "misconceptions", "Binder", "Voilà"):
        assert words in md, f"no {words!r}"
    assert "lessons.Predictions()" in code and "predict.table(" in code, "predictions are not compared with the answers"
    assert any(f in code for f in ("reconcile_table", "first_course_table", "win_rates")), \
        "no table reconciling exact and simulated answers"
    assert re.search(r"^N_[A-Z]+ = [\d_]+ +#.*in class", code, flags=re.M), "no class size one variable away"
    assert "SEED" in code
    assert "render(" in code or "picture(" in code, "the question is not shown with the game's picture"
    outputs = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]
    mimes = [m for o in outputs for m in o.get("data", {})]
    assert "image/png" in mimes, "no plot"
    assert any("gl-progress" in "".join(o.get("data", {}).get("text/html", "")) for o in outputs), "no progress line"
    assert sum("widget_view" in m or "widget-view" in m for m in mimes) >= 2, "no widget"
    assert code.count(".solution") >= 3 and code.count(".check(") >= 3, "too few checked exercises"
    assert "<details" in "".join("".join(o.get("data", {}).get("text/html", "")) for o in outputs)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_numbers_in_the_prose_come_from_outputs(path):
    """Results are printed by code (say(f"...")): a Markdown cell holds no fraction, decimal or
    ≈ of its own, except in an exercise's statement (its given data) and in code spans."""
    for i, cell in enumerate(_nb(path)["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"`[^`]*`", "", _text(cell))
        if (text.lstrip().startswith(("**Exercise", "> **Rulebook or ours?**", "## Homework"))
                or re.search(r"## \d+\. Exercises", text)):
            continue  # an exercise's given data; the box naming our rulings and what they change
        found = re.findall(r"\d+/\d+|\d+\.\d+|≈", text)
        assert not found, f"Markdown cell {i} types the numbers {found}: print them from code instead"


def test_the_progress_bar_sanitizer_matches_what_tqdm_prints():
    from tqdm import tqdm

    cfg = configparser.ConfigParser(interpolation=None)
    cfg.read(LESSONS.parent / "nbval-sanitize.cfg")
    rule = re.compile(cfg["progress-bars"]["regex"])
    for n, elapsed in ((0, 0), (4, 1.3), (10, 2.0)):
        line = tqdm.format_meter(n, 10, elapsed, prefix="draws")
        assert rule.sub("PROGRESS-BAR", line) == "draws:PROGRESS-BAR", line
