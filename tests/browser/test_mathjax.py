"""TeX in a lesson served by Voilà is typeset, offline: the MathJax 3 that Voilà's own page bundles
(JupyterLab's mathjax extension, its scripts and fonts in voila/static) does it, and the page asks
nothing from outside the server. Voilà's page uses that bundled MathJax only while the page's config
leaves both ``fullMathjaxUrl`` and ``mathjaxConfig`` null; with either set it loads MathJax from that
URL instead (cdnjs when only the config is set). Standalone Voilà leaves both null; Voilà inside
JupyterLab sets them, and our page template (share/jupyter/voila/templates/gamelib) nulls them again.

The lesson is written by the test (no lesson of notebooks/lessons has TeX yet): markdown with inline
and display TeX as a lesson writes it, a display formula longer than a phone is wide, and a code
cell whose output is TeX (``IPython.display.Math``, typeset by the page's renderers, not by nbconvert).
Standalone Voilà, as ``make lessons`` serves lessons (no pre-started pool), runs in the suite;
Voilà inside JupyterLab (``/voila/render/...``, Binder) starts a JupyterLab of its own, so it is
marked slow (.ci/run runs it)."""
from __future__ import annotations

import contextlib
import http.client
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from gamelib.bench import browser as bb
from gamelib.bench import load as bench_load

from .conftest import need_browser, watch_problems

pytestmark = pytest.mark.browser

NAME = "lesson-with-tex.ipynb"
PROSE = r"""## Bayes' rule

Before the move, yellow holds the Traitor with probability $P(T) = \tfrac{2}{6} = \tfrac{1}{3}$.
A Traitor heads for the richest survivor 3 times in 4, anyone else 1 time in 4, so after the move

$$P(T \mid M) = \frac{P(M \mid T)\,P(T)}{P(M \mid T)\,P(T) + P(M \mid \bar T)\,P(\bar T)}
  = \frac{\tfrac34 \cdot \tfrac13}{\tfrac34 \cdot \tfrac13 + \tfrac14 \cdot \tfrac23} = \frac{3}{5}.$$
"""
# longer than a 390 px phone is wide: it must scroll in its own box, not widen the page
LONG = r"""The chance of the move, over every card yellow could hold:

$$P(M) = P(M \mid T)\,P(T) + P(M \mid \text{Medic})\,P(\text{Medic}) + P(M \mid \text{Looter})\,P(\text{Looter})
  + P(M \mid \text{Hermit})\,P(\text{Hermit}) + P(M \mid \text{Scavenger})\,P(\text{Scavenger})$$
"""
OUTPUT = 'from IPython.display import Math\nMath(r"E[X] = \\sum_{k=1}^{6} \\frac{k}{6} = 3.5")'
#: typeset formulas the page must show: two in PROSE, one in LONG, one output
FORMULAS = 4
# what a formula left as TeX would show on the page
RAW = ("$", "\\frac", "\\tfrac", "\\mid", "\\sum")


def write_lesson(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A lesson with formulas"), nbformat.v4.new_markdown_cell(PROSE),
                nbformat.v4.new_markdown_cell(LONG), nbformat.v4.new_code_cell(OUTPUT)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / NAME
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def lessons_voila(tmp_path_factory):
    """A standalone Voilà of a folder holding the lesson, with the repository's settings and, as
    ``make lessons``, no pre-started kernels (each page starts its own)."""
    need_browser()
    lesson = write_lesson(tmp_path_factory.mktemp("lessons"))
    server = bb.VoilaServer(lesson.parent, extra_args=("--pool_size=0",))
    with bench_load.started(server):
        yield server


def typeset_offline(browser, url: str) -> dict:
    """Open ``url`` (the lesson) at 1280x720 with every request to another host refused; once its
    formulas are typeset, what the page shows, and the page's width on a 390x844 phone."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        seen: list[str] = []
        ctx.on("request", lambda r: seen.append(r.url))
        outside = bb.count_outside_requests(ctx, url.split("/voila/")[0] + "/")
        page = ctx.new_page()
        problems = watch_problems(page)
        page.goto(url, wait_until="commit", timeout=150_000)
        try:
            page.wait_for_function(f"document.querySelectorAll('#rendered_cells mjx-container').length >= {FORMULAS}",
                                   timeout=60_000)
        except PlaywrightTimeout:  # the assertions below say what the page showed instead
            pass
        text = page.inner_text("#rendered_cells")
        shown = page.evaluate("""() => ({
            formulas: document.querySelectorAll('#rendered_cells mjx-container').length,
            display: document.querySelectorAll('#rendered_cells .jp-MarkdownOutput mjx-container[display="true"]').length,
            output: document.querySelectorAll('#rendered_cells .jp-OutputArea-output mjx-container').length,
            glyphs: document.querySelectorAll('#rendered_cells mjx-container mjx-c').length})""")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        # each displayed formula wider than its box, scrolled to its end: can the reader get there?
        phone = page.evaluate("""() => {
            const wide = [...document.querySelectorAll('#rendered_cells mjx-container[display="true"]')]
                .filter(m => m.scrollWidth > m.clientWidth + 1);
            wide.forEach(m => { m.scrollLeft = m.scrollWidth; });
            return {page: document.documentElement.scrollWidth, wide: wide.length,
                    unreachable: wide.filter(m => m.scrollLeft + m.clientWidth < m.scrollWidth - 1).length};
        }""")
    finally:
        ctx.close()
    return {"text": text, "outside": outside, "seen": seen, "problems": problems, **shown, "phone": phone}


def check_typeset_offline(got: dict) -> None:
    assert got["outside"] == [], f"the page asked for things outside the server: {got['outside']}"
    assert got["formulas"] == FORMULAS and got["display"] == 2 and got["output"] == 1, (got, got["text"][:600])
    assert got["glyphs"] > 50, "MathJax's CHTML draws each character as an mjx-c element"
    raw = [r for r in RAW if r in got["text"]]
    assert raw == [], f"TeX left unrendered on the page ({raw}): {got['text'][:600]}"
    # the fonts MathJax draws with come from the server (Voilà's static files), not from a CDN
    assert any("/voila/" in u and u.endswith(".woff") for u in got["seen"]), got["seen"]
    assert got["problems"] == [], got["problems"]
    # on a phone the long formulas (Bayes' rule and LONG) scroll sideways in their own boxes to their
    # very end: the page itself is no wider than the phone, and no formula is cut off out of reach
    assert got["phone"]["wide"] == 2, f"two formulas should be wider than a phone: {got['phone']}"
    assert got["phone"]["unreachable"] == 0, f"a formula is cut off at the phone's edge: {got['phone']}"
    assert got["phone"]["page"] <= 390, f"the page is wider than a 390 px phone: {got['phone']}"


def test_tex_in_a_lesson_is_typeset_by_voilas_own_mathjax_offline(lessons_voila, browser):
    check_typeset_offline(typeset_offline(browser, lessons_voila.page_url(NAME)))


@contextlib.contextmanager
def jupyterlab(root: Path) -> Iterator[str]:
    """JupyterLab's server, Voilà its extension (as on Binder), serving ``root``; its URL. With the
    environment's settings only (no Jupyter variable), as a teacher's JupyterLab runs: the copies
    that ``make`` installs and tests/test_voila_settings.py keeps up to date. (The work tree's
    copies cannot come first here: Voilà's extension reads every voila.py it finds, the
    environment's last, and each puts its own share/jupyter first on the template path.)"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    log_path = root.parent / f"{root.name}-jupyterlab.log"
    deadline = time.monotonic() + 120
    for _ in range(5):  # a kernel may take the free port first: the server exits, try another
        port = bb.free_port()
        url = f"http://127.0.0.1:{port}/"
        with log_path.open("wb") as log:
            proc = subprocess.Popen(
                [str(Path(sys.prefix) / "bin" / "jupyter"), "lab", f"--port={port}", "--ServerApp.port_retries=0",
                 "--no-browser", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--allow-root",
                 f"--ServerApp.root_dir={root}"],
                cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            while proc.poll() is None:
                try:
                    with urllib.request.urlopen(url + "api/status", timeout=2):
                        break
                except (OSError, http.client.HTTPException):
                    assert time.monotonic() < deadline, log_path.read_text()
                    time.sleep(0.3)
            if proc.poll() is None:
                yield url
                return
            assert "already in use" in log_path.read_text(), log_path.read_text()
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
    raise AssertionError(f"no free port in 5 tries:\n{log_path.read_text()}")


@pytest.mark.slow
def test_tex_in_a_lesson_is_typeset_offline_in_voila_inside_jupyterlab(tmp_path, browser):
    """Voilà inside JupyterLab points the page at MathJax on cdnjs; our template nulls it, so the
    page typesets with its bundled MathJax and asks nothing outside."""
    need_browser()
    write_lesson(tmp_path)
    with jupyterlab(tmp_path) as url:
        got = typeset_offline(browser, f"{url}voila/render/{NAME}")
    check_typeset_offline(got)
