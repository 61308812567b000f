"""The lessons' second edition, read from the committed notebooks: predictions are widgets asked
before any output shows their answers; code a student sees is at most five lines; each lesson
fits a class period by its measured plan, which the index lists; each says which parts are
rulebook and which are ours; lesson 3's recorded run is what the code plays."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamelib.lessons import plan

LESSONS = Path(__file__).resolve().parent.parent / "notebooks" / "lessons"
FILES = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"


def _nb(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _plain(out: dict) -> str:
    return "".join(out.get("data", {}).get("text/plain", "")) or "".join(out.get("text", ""))


def _all_text(out: dict) -> str:
    data = out.get("data", {})
    return "\n".join("".join(data.get(m, "")) for m in ("text/plain", "text/html", "text/markdown")) + "".join(out.get("text", ""))


def _answers(cells: list[dict]) -> dict[str, str]:
    """question -> answer text, read from the comparison table's text form."""
    for cell in cells:
        for out in cell.get("outputs", []):
            text = _plain(out)
            if text.startswith("Predictions compared with the answers"):
                return dict(line[2:].split(": ", 1) for line in text.splitlines()[1:])
    raise AssertionError("no table compares the predictions with the answers")


def _forms(answer: str) -> list[str]:
    """The ways an output could show this answer: its fraction, its decimals."""
    forms = []
    frac = re.match(r"^(-?\d+/\d+)", answer)
    if frac:
        forms.append(frac.group(1))
    dec = re.search(r"(-?\d+\.\d{3,})", answer)
    if dec:
        x = float(dec.group(1))
        forms += [f"{x:.4f}", f"{x:.3f}", f"{100 * x:.1f}%"]
    whole = re.fullmatch(r"[\d,]{3,}", answer)  # a count such as 1,768 (small ones are everywhere)
    if whole:
        forms += [answer, answer.replace(",", "")]
    return forms


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_prediction_is_a_widget_asked_before_any_output_shows_its_answer(path):
    cells = _nb(path)["cells"]
    code = "\n".join(_src(c) for c in cells if c["cell_type"] == "code")
    assert "my_guesses" not in code and "compare_predictions" not in code, "a prediction is still a code cell"
    panels = [(i, _plain(o)) for i, c in enumerate(cells) for o in c.get("outputs", [])
              if _plain(o).startswith("Predictions to lock in")]
    assert len(panels) == 1, "one panel of prediction widgets, at the start"
    first, panel = panels[0]
    assert any(WIDGET in o.get("data", {}) for o in cells[first]["outputs"]), "the predictions are not widgets"
    asked = [line[2:] for line in panel.splitlines()[1:]]
    answers = _answers(cells)
    assert set(answers) == set(asked), (asked, list(answers))
    before = [_all_text(o) for c in cells[:first] for o in c.get("outputs", [])]
    before += [_src(c) for c in cells[:first] if c["cell_type"] == "markdown"]
    for question, answer in answers.items():
        for form in _forms(answer):
            hits = [t for t in before if re.search(rf"(?<![\d.]){re.escape(form)}(?![\d])", t)]
            assert not hits, f"{question!r}: its answer {form} is on screen before the prediction"
    if path.name[:2] in ("04", "05", "06"):
        assert not any("Table view: everything face up" in t for t in before), "a table view before the prediction"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_visible_code_cell_has_more_than_five_lines(path):
    for i, cell in enumerate(_nb(path)["cells"]):
        if cell["cell_type"] != "code":
            continue
        text = _src(cell).rstrip("\n")
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
        if hidden:
            assert text.startswith("# "), f"collapsed cell {i} has no first line saying what it does"
        else:
            assert len(text.splitlines()) <= 5, f"visible code cell {i} has {len(text.splitlines())} lines"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_lesson_fits_a_class_period_and_the_index_lists_its_plan(path):
    nb = _nb(path)
    minutes = plan.class_minutes(nb)
    assert minutes <= plan.CLASS_MINUTES, f"{minutes} minutes of class work"
    assert any(not p.in_class for p in plan.parts(nb)), "nothing is marked extension or homework"
    index = (LESSONS / "README.md").read_text(encoding="utf-8")
    assert plan.plan_table(nb) in index, f"README.md does not list the measured plan of {path.name}"
    teacher = next(_src(c) for c in nb["cells"] if _src(c).lstrip().startswith("## For the teacher"))
    assert plan.plan_table(nb) in teacher, "the lesson's own plan is not the measured one"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_lesson_says_what_is_rulebook_and_what_is_ours(path):
    boxes = [_src(c) for c in _nb(path)["cells"] if _src(c).startswith("> **Rulebook or ours?**")]
    assert len(boxes) == 1 and "](../../docs/rulings.md)" in boxes[0]
    assert (LESSONS / "../../docs/rulings.md").resolve().exists()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_progress_bar_widget_is_left_in_the_outputs(path):
    """tqdm's bar was a widget closed when done: Voilà showed "model not found" where it was."""
    for i, cell in enumerate(_nb(path)["cells"]):
        for out in cell.get("outputs", []):
            if WIDGET in out.get("data", {}):
                assert "%|" not in _plain(out) and "it/s" not in _plain(out), f"cell {i} left a progress bar widget"


def test_lesson_3s_recorded_run_is_what_the_code_plays():
    import csv

    from gamelib import lessons
    from gamelib.lessons import walking_deck

    with open(walking_deck.AENOR_RUN, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))[:12]
    kw = dict(seed=11, protagonists=["Aénor"], executor="serial", show_progress=False)
    a = lessons.compare_protagonists(12, strategy="heuristic", **kw)["won:you"].astype(int).tolist()
    b = lessons.compare_protagonists(12, strategy="heuristic without power", **kw)["won:you"].astype(int).tolist()
    assert a == [int(r["won with power"]) for r in rows] and b == [int(r["won without power"]) for r in rows]
    said = walking_deck.aenor_power_finding()
    assert "3,000 deals" in said and "makes her worse" in said and "McNemar" in said
