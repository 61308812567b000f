"""The three printed pages of a lesson's pack, as print-ready HTML: the teacher's one-page plan,
the student handout (questions, predictions and exercises with room to write; no code, no
answers) and the answer key. Black on white with borders, no colour carrying meaning: a
school's black-and-white copier keeps all of it. ``@page`` sets the paper (A4 or Letter)."""
from __future__ import annotations

import html
import re
from typing import Any

import mistune

from .read import Block, Exercise, Lesson

PAPERS = ("A4", "Letter")

CSS = """
@page { size: %(paper)s; margin: 13mm 14mm 14mm 14mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Serif", Georgia, serif; font-size: 10.5pt; line-height: 1.35; color: #000;
       background: #fff; margin: 0 auto; max-width: 182mm; }
h1 { font-size: 15pt; margin: 0 0 1mm; } h2 { font-size: 12pt; margin: 4mm 0 1.5mm; border-bottom: 1pt solid #000; }
h3 { font-size: 10.5pt; margin: 3mm 0 1mm; }
h1, h2, h3 { break-after: avoid; }
.kind { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 8.5pt; letter-spacing: .08em;
        text-transform: uppercase; border: 1pt solid #000; padding: 0 2mm; display: inline-block; }
.sub { font-style: italic; margin: 0 0 2mm; }
p { margin: 1mm 0 1.5mm; } ul, ol { margin: 1mm 0 1.5mm; padding-left: 6mm; break-inside: avoid; } li { margin: .4mm 0; }
blockquote { margin: 1mm 0; padding-left: 3mm; border-left: 2pt solid #000; }
table { border-collapse: collapse; margin: 1.5mm 0; font-size: 9.5pt; }
th, td { border: .6pt solid #000; padding: .6mm 1.8mm; text-align: left; vertical-align: top; }
.term { font-family: "DejaVu Sans Mono", monospace; font-size: 92%%; }
.fields { display: flex; gap: 6mm; margin: 1mm 0 3mm; font-family: "DejaVu Sans", Arial, sans-serif; }
.fields span { flex: 1; border-bottom: .8pt solid #000; padding-top: 4mm; font-size: 9pt; }
.box { border: .8pt solid #000; margin: 1.5mm 0 3mm; break-inside: avoid; }
.box .ask { padding: 1mm 2mm; border-bottom: .6pt solid #000; }
.lines { background-image: repeating-linear-gradient(to bottom, transparent 0, transparent 7.2mm,
         #777 7.2mm, #777 7.5mm); }
.exercise { break-inside: avoid; margin-bottom: 3mm; }
/* The game's picture as line art: its dark table and coloured fills would print as a grey block,
   so backgrounds go and every line and letter is black (the picture's shapes and words carry it). */
.pic { zoom: 0.55; margin: 2mm 0; break-inside: avoid; }
.keep { break-inside: avoid; }
.pic * { background: transparent !important; color: #000 !important; border-color: #000 !important;
         box-shadow: none !important; text-shadow: none !important; }
.predict td:first-child { width: 45%%; } .predict td { height: 11mm; }
.plan { font-size: 9.5pt; line-height: 1.28; }
.plan .cols { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
.plan h2 { font-size: 11pt; margin-top: 2.5mm; }
.plan table { width: 100%%; font-size: 8.8pt; }
.num { text-align: right; white-space: nowrap; }
.answer { font-weight: bold; }
.key .exercise { border-left: 2pt solid #000; padding-left: 3mm; }
.page-break { break-before: page; }
@media screen { body { padding: 10mm; } }
"""


class _Renderer(mistune.HTMLRenderer):
    """Markdown as the pages print it: code spans as plain terms (a handout shows no code),
    code blocks dropped, and no raw HTML passed through from the Markdown."""

    def codespan(self, text: str) -> str:
        return f'<span class="term">{html.escape(text.strip(chr(34)))}</span>'

    def block_code(self, code: str, info: Any = None) -> str:
        return ""

    def inline_html(self, html_text: str) -> str:
        return html.escape(html_text)

    def block_html(self, html_text: str) -> str:
        return f"<p>{html.escape(html_text)}</p>"


_MARKDOWN = mistune.create_markdown(renderer=_Renderer(escape=False), plugins=["table"])


def md(text: str) -> str:
    return str(_MARKDOWN(text))


def _page(lesson: Lesson, kind: str, body: str, paper: str, extra_class: str = "") -> str:
    if paper not in PAPERS:
        raise ValueError(f"paper {paper[:20]!r}: valid are {', '.join(PAPERS)}")
    title = f"Lesson {lesson.number} · {lesson.title}"
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)} · {kind}</title><style>{CSS % {'paper': paper}}</style></head>"
            f'<body class="{extra_class}"><span class="kind">{html.escape(kind)}</span>'
            f"<h1>{html.escape(title)}</h1>{body}</body></html>\n")


def _timing(lesson: Lesson) -> str:
    rows, clock = [], 0
    for part in lesson.parts:
        if part.heading.lower().startswith("for the teacher"):
            continue
        if part.in_class:
            start, clock = clock, clock + part.minutes
            when = f"{start}–{clock}"
        else:
            when = "ext. / home"
        rows.append(f'<tr><td>{md_inline(part.heading)}</td><td class="num">{part.minutes}</td>'
                    f'<td class="num">{when}</td></tr>')
    return ('<table><tr><th>part</th><th class="num">min</th><th class="num">minute</th></tr>'
            + "".join(rows) + f'<tr><th>class work in all</th><th class="num">{clock}</th><th></th></tr></table>')


def md_inline(text: str) -> str:
    """One line of Markdown without its paragraph (a heading such as "1. The question" stays a
    line of text, not a numbered list)."""
    return re.sub(r"^<p>|</p>\s*$", "", md(re.sub(r"^(\d+)\.", r"\1\\.", text.strip())).strip())


def plan_page(lesson: Lesson, paper: str = "A4") -> str:
    """The teacher's one page: goals, what is assumed, timing, what to project, pitfalls."""
    project = "".join(f"<li><b>{md_inline(h)}</b>: {', '.join(items)}</li>" for h, items in lesson.project)
    left = (f"<h2>Goals</h2>{md(lesson.goals)}"
            f"<h2>What this lesson assumes</h2>{md(lesson.assumes) or '<p>(not stated)</p>'}"
            f"<h2>Timing (measured from the notebook)</h2>{_timing(lesson)}")
    right = (f"<h2>What to project</h2><ul>{project}</ul>"
             f"<h2>Where students usually go wrong</h2>{md(lesson.misconceptions)}")
    subtitle = re.sub(r":[^()]*\*For the teacher\*", "", lesson.subtitle)  # this page is that plan
    body = f'{md(subtitle)}<div class="cols"><div>{left}</div><div>{right}</div></div>'
    return _page(lesson, "Teacher's plan", body, paper, "plan")


def _block(block: Block) -> str:
    if block.kind == "markdown":
        return md(block.content)
    if block.kind == "table":
        return block.content
    if block.kind == "text":
        return "".join(f"<p>{html.escape(line)}</p>" for line in block.content.splitlines())
    return f'<div class="pic">{block.content}</div>'


def _exercises(heading: str, exercises: list[Exercise], lines: int) -> str:
    """Each statement with ``lines`` ruled lines to answer on (7.5 mm apart, as school paper);
    the heading goes inside the first exercise's block, so that a page never ends on it."""
    out = []
    for ex in exercises:
        lead, heading = heading, ""
        out.append(f'<div class="exercise">{lead}{md(ex.statement)}'
                   f'<div class="box lines" style="height:{7.5 * lines}mm"></div></div>')
    return "".join(out)


def handout_page(lesson: Lesson, paper: str = "A4") -> str:
    """The student's sheet: the question, a table for the predictions (and, later, the
    answers), the exercises with room to write. Nothing from a code cell, no answer."""
    question = "".join(_block(b) for b in lesson.question)
    rows = "".join(f"<tr><td>{md_inline(p)}</td><td></td><td></td></tr>" for p in lesson.predictions)
    predict = ('<div class="keep"><h2>Predict first</h2><p>Write your prediction before anything is shown, and '
               'one reason. Fill in the last column when the class has the answer.</p>'
               '<table class="predict" style="width:100%"><tr><th>question</th><th>my prediction, and why</th>'
               f"<th>the answer</th></tr>{rows}</table></div>")
    in_class = _exercises("<h2>Exercises</h2><p>Show how you found each answer.</p>",
                          [e for e in lesson.exercises if e.in_class], 4)
    home = _exercises("<h2>Homework</h2>", [e for e in lesson.exercises if not e.in_class], 5)
    body = ('<div class="fields"><span>Name</span><span>Class</span><span>Date</span></div>'
            f"<h2>The question</h2>{question}{predict}{in_class}{home}")
    return _page(lesson, "Student handout", body, paper, "handout")


def key_page(lesson: Lesson, paper: str = "A4") -> str:
    """The answer key: each prediction's exact answer and each exercise's worked solution, as
    the notebook computed them, then the discussion prompts with their expected answers."""
    rows = "".join(f'<tr><td>{md_inline(p)}</td><td class="answer">{html.escape(lesson.answers[p])}</td></tr>'
                   for p in lesson.predictions)
    exercises = "".join(f'<div class="exercise">{md(e.statement)}<p><b>Solution.</b></p>{e.solution}</div>'
                        for e in lesson.exercises)
    body = (f"<h2>Predictions: the exact answers</h2><table>"
            f"<tr><th>question</th><th>answer</th></tr>{rows}</table>"
            f"<h2>Exercises: worked solutions</h2>{exercises}"
            f"<h2>Discussion prompts (expected answers in brackets)</h2>{md(lesson.prompts)}")
    return _page(lesson, "Answer key", body, paper, "key")
