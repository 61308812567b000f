"""Build the teacher's pack of every lesson: three HTML pages per lesson (plan, handout, key),
their PDFs printed by headless Chromium, and an index page. ``make handouts`` runs
``python -m gamelib.handouts``; the output goes to ``build/handouts/`` (git-ignored: it is
made from the committed notebooks in seconds, and committed copies could drift from them)."""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Iterator

from .html import handout_page, key_page, plan_page
from .read import Lesson, LessonFormatError, read

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "notebooks" / "lessons"
OUT = ROOT / "build" / "handouts"
KINDS = {"plan": plan_page, "handout": handout_page, "key": key_page}


def lesson_files(folder: Path = LESSONS) -> list[Path]:
    """Every lesson notebook (``NN-name.ipynb``), in course-number order."""
    return sorted(folder.glob("[0-9][0-9]-*.ipynb"))


def write_html(lesson: Lesson, out: Path, paper: str = "A4") -> dict[str, Path]:
    """The lesson's three pages as ``out/NN-plan.html`` and so on."""
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for kind, page in KINDS.items():
        path = out / f"{lesson.path.stem[:2]}-{kind}.html"
        path.write_text(page(lesson, paper), encoding="utf-8")
        written[kind] = path
    return written


def _footer(lesson: Lesson, kind: str) -> str:
    label = html.escape(f"Lesson {lesson.number} · {kind}")
    return (f'<div style="font-size:7pt;width:100%;text-align:center;font-family:sans-serif">{label} · page '
            '<span class="pageNumber"></span> of <span class="totalPages"></span></div>')


def print_pdf(page: Any, source: Path, target: Path, footer: str = "") -> bytes:
    """``source`` printed by Chromium (``page`` a Playwright page) to ``target``, paper size
    from the page's CSS ``@page``."""
    page.goto(source.resolve().as_uri())
    pdf: bytes = page.pdf(path=str(target), prefer_css_page_size=True, print_background=True,
                          display_header_footer=bool(footer), header_template="<span></span>",
                          footer_template=footer or "<span></span>")
    return pdf


def _index(built: list[tuple[Lesson, dict[str, Path]]], pdf: bool) -> str:
    rows = []
    for lesson, files in built:
        links = " · ".join(f'<a href="{p.name}">{k}</a>' + (f' (<a href="{p.with_suffix(".pdf").name}">PDF</a>)'
                                                            if pdf else "") for k, p in files.items())
        rows.append(f"<li>Lesson {lesson.number} · {html.escape(lesson.title)}: {links}</li>")
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Teacher\'s pack</title></head>'
            "<body><h1>Teacher's pack</h1><p>For each lesson: a one-page plan, a student handout and an "
            f"answer key, made from the lesson's notebook.</p><ul>{''.join(rows)}</ul></body></html>\n")


def build(files: list[Path] | None = None, out: Path = OUT, paper: str = "A4", pdf: bool = True,
          log: Any = print) -> list[tuple[Lesson, dict[str, Path]]]:
    """The pack of each lesson in ``files`` (default: every lesson) under ``out``. A notebook
    that lacks part of the lesson structure (a lesson being written) is reported and skipped,
    so the other lessons' packs are still made; ``LessonFormatError`` names them at the end."""
    built, refused = [], []
    for path in files or lesson_files():
        try:
            lesson = read(path)
        except LessonFormatError as exc:
            log(f"skipped: {exc}")
            refused.append(str(exc))
            continue
        built.append((lesson, write_html(lesson, out, paper)))
    if pdf:
        for path, count in print_all(built):
            log(f"{path.relative_to(out.parent) if out.parent in path.parents else path}: {count} page(s)")
    (out / "index.html").write_text(_index(built, pdf), encoding="utf-8")
    log(f"{len(built)} lessons: {out / 'index.html'}")
    if refused:
        raise LessonFormatError(f"{len(refused)} notebook(s) skipped: " + "; ".join(refused))
    return built


def print_all(built: list[tuple[Lesson, dict[str, Path]]]) -> Iterator[tuple[Path, int]]:
    """Each page printed to PDF beside its HTML, with its page count."""
    from gamelib.bench.browser import chromium_session

    with chromium_session() as browser:
        page = browser.new_page()
        for lesson, files in built:
            for kind, source in files.items():
                target = source.with_suffix(".pdf")
                data = print_pdf(page, source, target, _footer(lesson, kind))
                yield target, pdf_pages(data)


def pdf_pages(data: bytes) -> int:
    """Pages in a PDF that Chromium printed (its page objects are written uncompressed)."""
    import re

    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
