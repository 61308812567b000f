"""A lesson's plan, measured from the notebook itself: minutes of class work per part.

A part is what follows a ``## `` heading. Its minutes are the words a class reads (the Markdown
cells and the sentences code prints, at ``WORDS_PER_MINUTE``), each table, plot or picture looked
at (``FIGURE_MINUTES``), plus its activities: each prediction (``PREDICTION_MINUTES``), each
exercise answered in class (``EXERCISE_MINUTES``), each widget to explore (``WIDGET_MINUTES``). Parts headed "Extension", "Homework" or
"For the teacher" are not class work. ``notebooks/lessons/README.md`` lists the plans and
``tests/test_lessons_second_edition.py`` holds every lesson to ``CLASS_MINUTES``."""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

WORDS_PER_MINUTE = 100   # a class reading a technical text together, on the projector
PREDICTION_MINUTES = 2   # per question: think, tell a neighbour, lock in
EXERCISE_MINUTES = 4     # per exercise done in class: try, check, open the solution
WIDGET_MINUTES = 4       # per widget explored in class
FIGURE_MINUTES = 1       # per table, plot or game picture looked at
CLASS_MINUTES = 45
NOT_CLASS = ("extension", "homework", "for the teacher")


@dataclass(frozen=True)
class Part:
    heading: str
    words: int
    predictions: int
    exercises: int
    widgets: int
    figures: int = 0

    @property
    def in_class(self) -> bool:
        return not any(w in self.heading.lower() for w in NOT_CLASS)

    @property
    def minutes(self) -> int:
        reading = self.words / WORDS_PER_MINUTE
        return math.ceil(reading + PREDICTION_MINUTES * self.predictions + EXERCISE_MINUTES * self.exercises
                         + WIDGET_MINUTES * self.widgets + FIGURE_MINUTES * self.figures)


def _text(cell: dict[str, Any]) -> str:
    return "".join(cell.get("source", ""))


def _words(text: str) -> int:
    text = re.sub(r"<[^>]+>", " ", text)
    return len(re.findall(r"[\w'’-]+", text))


def parts(notebook: dict[str, Any] | str | Path) -> list[Part]:
    """The notebook's parts with what each asks of a class (the title cell is the first part)."""
    nb = notebook if isinstance(notebook, dict) else json.loads(Path(notebook).read_text(encoding="utf-8"))
    out: list[Part] = []
    heading, words, preds, exs, widgets, figures = "Introduction", 0, 0, 0, 0, 0

    def close() -> None:
        out.append(Part(heading, words, preds, exs, widgets, figures))

    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            src = _text(cell)
            m = re.search(r"^## (.+)$", src, flags=re.M)
            if m:
                close()
                heading, words, preds, exs, widgets, figures = m.group(1).strip(), 0, 0, 0, 0, 0
            words += _words(src)
            continue
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            plain = "".join(data.get("text/plain", ""))
            if "text/markdown" in data:
                words += _words("".join(data["text/markdown"]))
            elif "image/png" in data or "<table" in "".join(data.get("text/html", "")) \
                    or "gl-deadland" in "".join(data.get("text/html", "")) or "<svg" in "".join(data.get("text/html", "")):
                figures += 1
            if plain.startswith("Predictions to lock in"):
                preds += plain.count("\n- ")
            elif "application/vnd.jupyter.widget-view+json" in data:
                if plain.startswith("Exercise"):
                    exs += 1
                elif plain.startswith("exact and simulated answers") or "widget" in plain.lower():
                    widgets += 1
    close()
    return [p for p in out if p.words or p.predictions or p.exercises or p.widgets or p.figures]


def plan_table(notebook: dict[str, Any] | str | Path) -> str:
    """The plan as a Markdown table: part, minutes, and in class or not."""
    rows = ["| part | minutes | when |", "| --- | --- | --- |"]
    total = 0
    for p in parts(notebook):
        if p.heading.lower().startswith("for the teacher"):
            continue
        when = "class" if p.in_class else "extension / homework"
        total += p.minutes if p.in_class else 0
        rows.append(f"| {p.heading} | {p.minutes} | {when} |")
    rows.append(f"| **class work in all** | **{total}** | |")
    return "\n".join(rows)


def class_minutes(notebook: dict[str, Any] | str | Path) -> int:
    return sum(p.minutes for p in parts(notebook) if p.in_class)
