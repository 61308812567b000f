"""The teacher's pack (issue 26), checked for every lesson notebook there is: its handout asks
every question (each prediction, each exercise) and shows no answer and no code; its key holds
every answer; its plan is one page. The pages are checked as HTML for every lesson, and as
Chromium prints them (PDF text, page count, page images) for the first and last lesson here; every
lesson printed is the slow test, a step of .ci/run. Each lesson says what it assumes, near its top,
and the course order in notebooks/lessons/README.md lists every lesson."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from gamelib import handouts as pack
from gamelib.handouts import html as pages

from .threads import in_a_thread

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "notebooks" / "lessons"
FILES = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
ARTIFACTS = ROOT / "test-artifacts" / "handouts"


def text_of(page_html: str) -> str:
    """What a page says, tags dropped and blanks folded (as it prints)."""
    page_html = re.sub(r"<(style|script)\b.*?</\1>", " ", page_html, flags=re.S)
    return folded(html.unescape(re.sub(r"<[^>]+>", " ", page_html)))


def folded(text: str) -> str:
    """Blanks folded to one space, none before punctuation (a tag's end or a line's end leaves one)."""
    return re.sub(r" ([.,;:!?)])", r"\1", " ".join(text.split())).replace("( ", "(")


def plain(markdown: str) -> str:
    return text_of(pages.md(markdown))


def distinctive(answer: str) -> list[str]:
    """The forms of an answer that cannot appear by chance: a fraction, a decimal with three or
    more places, a count of three or more digits (small numbers and words are everywhere)."""
    forms = re.findall(r"(?<![\d.])-?\d+/\d+(?![\d])", answer)
    forms += re.findall(r"(?<![\d.])-?\d+\.\d{3,}", answer)
    forms += re.findall(r"(?<![\d.,/])\d{1,3}(?:,\d{3})+(?![\d])|(?<![\d.,/])\d{3,}(?![\d.,/])", answer)
    return forms


def solution_answers(solution_html: str) -> list[str]:
    """The answer a worked solution arrives at: its bold parts."""
    return [text_of(b) for b in re.findall(r"<b>(.*?)</b>", solution_html, flags=re.S)]


def found(needle: str, haystack: str) -> bool:
    return re.search(rf"(?<![\d.]){re.escape(needle)}(?![\d])", haystack) is not None


def check_pack(lesson: pack.Lesson, handout: str, key: str) -> None:
    """``handout`` and ``key``: the text of the printed pages."""
    assert lesson.predictions and lesson.exercises
    for question in lesson.predictions:
        assert plain(question) in handout, f"the handout does not ask {question!r}"
        assert plain(lesson.answers[question]) in key, f"the key lacks the answer to {question!r}"
        for form in distinctive(lesson.answers[question]):
            assert not found(form, handout), f"the handout shows {question!r}'s answer {form}"
    for ex in lesson.exercises:
        statement = plain(ex.statement)
        assert statement in handout, f"the handout lacks exercise {ex.number}"
        assert statement in key and text_of(ex.solution) in key, f"the key lacks exercise {ex.number}'s solution"
        assert text_of(ex.solution)[:60] not in handout, f"the handout holds exercise {ex.number}'s solution"
        answers = [f for a in solution_answers(ex.solution) for f in distinctive(a)]
        for form in answers:
            assert not found(form, handout) or found(form, statement), \
                f"the handout shows exercise {ex.number}'s answer {form}"


def check_no_code(path: Path, handout: str) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    lines = {ln.strip() for c in cells if c["cell_type"] == "code" for ln in "".join(c["source"]).splitlines()}
    code = [ln for ln in lines if len(ln) >= 12 and not ln.startswith("#")]
    assert code, "no code cells read"
    shown = [ln for ln in code if ln in handout]
    assert not shown, f"the handout prints code: {shown[:3]}"
    assert not re.search(r"\b(import|lessons\.\w+\(|predict\.|answer_\d|exercises\[)", handout), "code in the handout"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_lessons_pack_asks_every_question_and_its_key_holds_every_answer(path):
    lesson = pack.read(path)
    handout_html = pages.handout_page(lesson)
    handout, key = text_of(handout_html), text_of(pages.key_page(lesson))
    check_pack(lesson, handout, key)
    check_no_code(path, handout)
    assert "<pre" not in handout_html and "<code" not in handout_html
    plan = text_of(pages.plan_page(lesson))
    for part in lesson.parts:
        if part.in_class:
            assert f"{plain(part.heading)} {part.minutes} " in plan, f"the plan lacks the minutes of {part.heading!r}"
    assert lesson.misconceptions and plain(lesson.misconceptions) in plan


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_lesson_says_what_it_assumes_near_its_top(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    where = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             and "".join(c["source"]).startswith("**What this lesson assumes:**")]
    assert len(where) == 1 and where[0] <= 2, f"cells {where} begin with 'What this lesson assumes:'"
    assert len(pack.read(path).assumes.split()) >= 3, "it assumes nothing?"


def test_the_course_order_lists_every_lesson_once_with_what_it_assumes():
    index = (LESSONS / "README.md").read_text(encoding="utf-8")
    course = index.split("## A course through the lessons", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d+) \| (\d+) · ([^|]+)\| ([^|]+)\|$", course, flags=re.M)
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1)), "weeks in order"
    taught = [int(r[1]) for r in rows]
    assert sorted(taught) == list(range(1, 13)), "lessons 1 to 12, each once"
    for path in FILES:
        assert int(path.name[:2]) in taught, f"the course order leaves out {path.name}"
    assert all(len(r[3].split()) >= 2 for r in rows)


def test_a_notebook_without_the_lesson_structure_is_refused_by_name(tmp_path):
    broken = tmp_path / "99-broken.ipynb"
    broken.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": "# Lesson 99 · Nothing"}]}))
    with pytest.raises(pack.LessonFormatError, match="99-broken.ipynb: no prediction panel"):
        pack.read(broken)
    with pytest.raises(pack.LessonFormatError, match="1 notebook.*99-broken.ipynb"):
        pack.build([FILES[0], broken], tmp_path / "out", pdf=False, log=lambda line: None)
    assert (tmp_path / "out" / f"{FILES[0].name[:2]}-handout.html").exists(), "the other lessons' packs are made"
    broken.write_text("{not json")
    with pytest.raises(pack.LessonFormatError, match="not a readable notebook"):
        pack.read(broken)


def _printed(browser, files: list[Path], out: Path, paper: str) -> None:
    """Each lesson's pages printed by Chromium, read back from the PDF (text, pages, images)."""
    import pypdfium2 as pdfium

    page = browser.new_page()
    for path in files:
        lesson = pack.read(path)
        texts = {}
        for kind, source in pack.write_html(lesson, out, paper).items():
            data = pack.print_pdf(page, source, source.with_suffix(".pdf"))
            pdf = pdfium.PdfDocument(data)
            texts[kind] = folded(" ".join(p.get_textpage().get_text_range() for p in pdf))
            if kind == "plan":
                assert len(pdf) == 1, f"{path.name}: the plan takes {len(pdf)} pages on {paper}"
            for i, pdf_page in enumerate(pdf):
                image = pdf_page.render(scale=1, grayscale=True).to_pil()
                ink = image.convert("L").point(lambda v: 255 if v < 128 else 0).histogram()[255] / (image.width * image.height)
                assert 0.003 < ink < 0.3, f"{path.name} {kind} page {i + 1}: {ink:.2%} of it is ink"
                image.save(ARTIFACTS / f"{path.stem[:2]}-{kind}-{paper}-p{i + 1}.png")
        check_pack(lesson, texts["handout"], texts["key"])
        check_no_code(path, texts["handout"])
    page.close()


def _printed_in_a_thread(files: list[Path], tmp_path: Path, paper: str) -> None:
    """Chromium (Playwright's sync API) in a thread of its own (tests/threads.py says why)."""
    from gamelib.bench.browser import chromium_session

    def work() -> None:
        with chromium_session() as browser:
            _printed(browser, files, tmp_path, paper)

    in_a_thread(work)


def test_printed_by_chromium_the_pages_ask_every_question_and_the_plan_is_one_page(tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    _printed_in_a_thread([FILES[0], FILES[-1]], tmp_path, "A4")


@pytest.mark.slow
@pytest.mark.parametrize("paper", pages.PAPERS)
def test_every_lesson_printed_on_each_paper(tmp_path, paper):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    _printed_in_a_thread(FILES, tmp_path, paper)


def test_a_lesson_can_mark_cells_out_of_or_into_the_handouts_question(tmp_path):
    nb = json.loads(FILES[0].read_text(encoding="utf-8"))
    panel = next(i for i, c in enumerate(nb["cells"]) if "lessons.Predictions()" in "".join(c["source"]))
    asked = next(i for i in range(panel, 0, -1) if nb["cells"][i]["cell_type"] == "markdown")
    box = next(i for i, c in enumerate(nb["cells"]) if "".join(c["source"]).startswith("> **Rulebook or ours?**"))
    before = text_of(pages.handout_page(pack.read(FILES[0])))
    words = plain("".join(nb["cells"][asked]["source"]).split("\n\n")[0])
    assert words in before and "Rulebook or ours?" not in before
    nb["cells"][asked]["metadata"]["tags"] = ["pack-omit"]
    nb["cells"][box]["metadata"]["tags"] = ["pack-question"]
    path = tmp_path / FILES[0].name
    path.write_text(json.dumps(nb), encoding="utf-8")
    after = text_of(pages.handout_page(pack.read(path)))
    assert words not in after and "Rulebook or ours?" in after
