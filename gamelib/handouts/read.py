"""A lesson notebook read for its teacher's pack: everything comes from the committed notebook
(its Markdown, its outputs), so the plan, the handout and the key cannot disagree with it.

What is read, by the structure every second-edition lesson follows:
- the title cell (``# Lesson N · title``, the italic line under it, **Learning goals.**);
- the cell beginning ``**What this lesson assumes:**``;
- section ``## 1.`` up to the prediction widgets: the question as a student reads it;
- the prediction panel's text form ("Predictions to lock in") and the comparison table's
  ("Predictions compared with the answers"), which holds each exact answer;
- each ``**Exercise N.**`` statement and its folded solution (``<details class="gl-solution">``);
- ``## For the teacher``: **Common misconceptions.** and **Discussion prompts.**;
- the measured plan (``gamelib.lessons.plan``) and what each part shows (pictures, plots, tables,
  widgets): what to project.

Markers a lesson may add (cell tags): ``pack-omit`` keeps a cell out of the handout's question,
``pack-question`` brings a cell from anywhere before the predictions into it."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.lessons import plan

ASSUMES = "**What this lesson assumes:**"
PANEL = "Predictions to lock in"
COMPARED = "Predictions compared with the answers"
WIDGET = "application/vnd.jupyter.widget-view+json"
OMIT, QUESTION = "pack-omit", "pack-question"


class LessonFormatError(GamelibError):
    """A notebook lacks a part of the lesson structure the pack reads."""


@dataclass(frozen=True)
class Block:
    """One piece of the question as printed: Markdown text, an HTML table, or a note."""
    kind: str   # "markdown", "table", "text" or "picture" (the game's picture, as the notebook drew it)
    content: str


@dataclass(frozen=True)
class Exercise:
    number: int
    statement: str      # Markdown, from the bold "Exercise N." on
    solution: str       # HTML of the worked solution (the folded part of the notebook)
    in_class: bool      # False when under a Homework or Extension heading


@dataclass(frozen=True)
class Lesson:
    path: Path
    number: str
    title: str
    subtitle: str
    goals: str
    assumes: str
    question: list[Block]
    predictions: list[str]
    answers: dict[str, str]
    exercises: list[Exercise]
    parts: list[plan.Part]
    project: list[tuple[str, list[str]]]
    misconceptions: str
    prompts: str
    notes: dict[str, str] = field(default_factory=dict)


def _src(cell: dict[str, Any]) -> str:
    return "".join(cell.get("source", ""))


def _data(out: dict[str, Any], mime: str) -> str:
    return "".join(out.get("data", {}).get(mime, ""))


def _paragraph_after(text: str, label: str) -> str:
    """The bold-labelled paragraph (and its list) ``label`` of ``text``, without the label:
    it runs to the next paragraph that starts with a bold label."""
    m = re.search(re.escape(label) + r"\s*(.*?)(?=\n\n\*\*[^*\n]+\*\*|\Z)", text, flags=re.S)
    return m.group(1).strip() if m else ""


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _heading(src: str) -> str | None:
    m = re.search(r"^## (.+)$", src, flags=re.M)
    return m.group(1).strip() if m else None


def _panel_index(cells: list[dict[str, Any]]) -> int:
    for i, cell in enumerate(cells):
        if any(_data(o, "text/plain").startswith(PANEL) for o in cell.get("outputs", [])):
            return i
    raise LessonFormatError("no prediction panel (an output starting 'Predictions to lock in')")


def _listed(cells: list[dict[str, Any]], start: str) -> list[str]:
    """The ``- `` lines of the first output whose text form starts with ``start``."""
    for cell in cells:
        for out in cell.get("outputs", []):
            text = _data(out, "text/plain")
            if text.startswith(start):
                return [line[2:] for line in text.splitlines()[1:] if line.startswith("- ")]
    raise LessonFormatError(f"no output starting {start!r}")


def _title_cell(cells: list[dict[str, Any]]) -> tuple[str, str, str, str]:
    """number, title, the italic line under it, the learning goals (Markdown)."""
    text = _src(cells[0])
    m = re.match(r"#\s+Lesson\s+(\d+)\s*·\s*(.+)", text.strip())
    if not m:
        raise LessonFormatError(f"the first cell is not '# Lesson N · title': {text[:60]!r}")
    sub = re.search(r"^\*[^*].*\*.*$", text, flags=re.M)
    return m.group(1), m.group(2).strip(), sub.group(0) if sub else "", _paragraph_after(text, "**Learning goals.**")


def _assumes(cells: list[dict[str, Any]]) -> str:
    for cell in cells:
        text = _src(cell).strip()
        if cell["cell_type"] == "markdown" and text.startswith(ASSUMES):
            return text[len(ASSUMES):].strip()
    return ""


def _question_markdown(text: str) -> str:
    """The Markdown a student reads, without the notebook's instructions for its widgets
    (the paragraph that says how to lock in) and the "Predict first" heading."""
    keep = [p for p in re.split(r"\n\s*\n", text)
            if not re.match(r"\s*#{3,} Predict first", p) and "Lock in" not in p and p.strip()]
    return "\n\n".join(keep)


def _output_blocks(out: dict[str, Any]) -> list[Block]:
    if out.get("output_type") == "stream" and out.get("name") == "stdout":
        return [Block("text", "".join(out.get("text", "")).strip())]
    if "text/markdown" in out.get("data", {}):
        return [Block("markdown", _data(out, "text/markdown"))]
    html = _data(out, "text/html")
    if "<table" in html and 'class="gl-' not in html:
        return [Block("table", re.sub(r"<style.*?</style>", "", html, flags=re.S))]
    if 'class="gl-' in html and not re.search(r'class="gl-(solution|progress)', html):
        return [Block("picture", re.sub(r"<script\b.*?</script>", "", html, flags=re.S))]
    return []


def _question(cells: list[dict[str, Any]], panel: int) -> list[Block]:
    """Section 1 (from its ``## 1.`` heading) up to the prediction panel, as a student reads it,
    and any cell before the panel tagged ``pack-question``."""
    start = next((i for i, c in enumerate(cells[:panel])
                  if c["cell_type"] == "markdown" and re.search(r"^## 1\.", _src(c), flags=re.M)), None)
    if start is None:
        raise LessonFormatError("no '## 1.' section before the prediction panel")
    blocks: list[Block] = []
    for i, cell in enumerate(cells[:panel]):
        if OMIT in _tags(cell) or (i < start and QUESTION not in _tags(cell)):
            continue
        if cell["cell_type"] == "markdown":
            text = _question_markdown(re.sub(r"^## .+$", "", _src(cell), flags=re.M))
            if text:
                blocks.append(Block("markdown", text))
        else:
            for out in cell.get("outputs", []):
                blocks += [b for b in _output_blocks(out) if b.content]
    return blocks


def _solutions(cells: list[dict[str, Any]]) -> dict[int, str]:
    found: dict[int, str] = {}
    for cell in cells:
        for out in cell.get("outputs", []):
            html = _data(out, "text/html")
            m = re.search(r'class="gl-solution".*?<summary[^>]*>\s*Exercise (\d+)\b.*?</summary>(.*)</details>',
                          html, flags=re.S)
            if m:
                found[int(m.group(1))] = m.group(2).strip()
    return found


def _exercises(cells: list[dict[str, Any]]) -> list[Exercise]:
    solutions = _solutions(cells)
    heading, out = "Introduction", []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        for chunk in re.split(r"(?=^## |^\*\*Exercise \d+\.\*\*)", _src(cell), flags=re.M):
            heading = _heading(chunk) or heading
            m = re.match(r"\*\*Exercise (\d+)\.\*\*", chunk)
            if m:
                n = int(m.group(1))
                in_class = plan.Part(heading, 0, 0, 0, 0).in_class
                out.append(Exercise(n, chunk.strip(), solutions.get(n, ""), in_class))
    missing = [e.number for e in out if not e.solution]
    if missing:
        raise LessonFormatError(f"no folded solution for exercise(s) {missing}")
    return out


def _shown(out: dict[str, Any]) -> str | None:
    """What an output puts on the projector, in a teacher's words (None: nothing to project)."""
    plain, html = _data(out, "text/plain"), _data(out, "text/html")
    if plain.startswith(PANEL):
        return "the prediction widgets (lock in)"
    if plain.startswith(COMPARED):
        return "the predictions compared with the answers"
    if WIDGET in out.get("data", {}) and not plain.startswith("Exercise"):
        return "the widget to explore"
    if "image/png" in out.get("data", {}):
        return "a plot"
    if 'class="gl-' in html and not re.search(r'class="gl-(solution|progress)', html):
        return "the game's picture"
    if "<table" in html:
        return "a table"
    return None


def _project(cells: list[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """Each part's heading with what it shows, in order (repeats counted: "2 plots")."""
    parts: list[tuple[str, list[str]]] = [("Introduction", [])]
    for cell in cells:
        heading = _heading(_src(cell)) if cell["cell_type"] == "markdown" else None
        if heading:
            parts.append((heading, []))
        for out in cell.get("outputs", []):
            item = _shown(out)
            if item:
                parts[-1][1].append(item)
    counted = []
    for heading, items in parts:
        names = list(dict.fromkeys(items))
        said = [n if items.count(n) == 1 else f"{items.count(n)} × {n}" for n in names]
        if said and not heading.lower().startswith("for the teacher"):
            counted.append((heading, said))
    return counted


def _teacher(cells: list[dict[str, Any]]) -> str:
    for cell in cells:
        if _src(cell).lstrip().startswith("## For the teacher"):
            return _src(cell)
    raise LessonFormatError("no '## For the teacher' cell")


def read(path: str | Path) -> Lesson:
    """The pack's view of one lesson notebook."""
    path = Path(path)
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
        cells = nb["cells"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise LessonFormatError(f"{path.name[:80]}: not a readable notebook ({exc.__class__.__name__})") from None
    try:
        return _read(path, nb, cells)
    except LessonFormatError as exc:
        raise LessonFormatError(f"{path.name[:80]}: {exc}") from None


def _read(path: Path, nb: dict[str, Any], cells: list[dict[str, Any]]) -> Lesson:
    number, title, subtitle, goals = _title_cell(cells)
    panel = _panel_index(cells)
    predictions = _listed(cells, PANEL)
    answers = dict(line.split(": ", 1) for line in _listed(cells, COMPARED))
    if set(answers) != set(predictions):
        raise LessonFormatError(f"the predictions {predictions} and the answered {list(answers)} differ")
    teacher = _teacher(cells)
    return Lesson(
        path=path, number=number, title=title, subtitle=subtitle, goals=goals, assumes=_assumes(cells),
        question=_question(cells, panel), predictions=predictions, answers=answers,
        exercises=_exercises(cells), parts=plan.parts(nb), project=_project(cells),
        misconceptions=_paragraph_after(teacher, "**Common misconceptions.**"),
        prompts=_paragraph_after(teacher, "**Discussion prompts.**"))
