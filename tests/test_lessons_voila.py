"""Every lesson opened in Voilà in headless Chromium, as a class sees it: no "model not found"
where a widget was, nothing wider than a 1280 px page, the prediction widgets there and
working (a prediction locked in shows its answer in the table). Slow (each lesson runs its
simulations in its own kernel): ``make test-slow``, or ``pytest -m slow tests/test_lessons_voila.py``."""
from __future__ import annotations

from pathlib import Path

import pytest

from gamelib.bench import browser as bb
from gamelib.bench import load as bench_load

from .browser.conftest import need_browser

LESSONS = Path(__file__).resolve().parent.parent / "notebooks" / "lessons"
FILES = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def lessons_server():
    need_browser()
    # as `make lessons` serves them: the repository's settings, no pre-started pool (one per lesson would
    # be 8 x 10 kernels); each page starts its kernel when opened
    server = bb.VoilaServer(LESSONS, timeout=180, extra_args=("--pool_size=0",))
    with bench_load.started(server):
        yield server


@pytest.fixture(scope="module")
def chromium():
    need_browser()
    with bb.chromium_session() as b:
        yield b


def check_lesson(chromium, url: str, width: int = 1280, height: int = 720, screenshot: str | None = None) -> dict:
    """Open one lesson; what a class would see go wrong (``screenshot``: a full-page PNG there too)."""
    page = chromium.new_page(viewport={"width": width, "height": height})
    bb.offline_cdn(page)
    try:
        page.goto(url, wait_until="commit", timeout=240_000)
        page.wait_for_selector(".gl-predictions", timeout=240_000)  # the table: the notebook ran this far
        page.wait_for_load_state("networkidle", timeout=240_000)
        page.wait_for_timeout(1500)
        text = page.inner_text("body")
        wide = page.evaluate("""() => [...document.querySelectorAll('.jp-OutputArea-output, .jp-RenderedHTMLCommon')]
            .filter(e => e.scrollWidth > document.documentElement.clientWidth + 1 || e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map(e => e.innerText.slice(0, 80))""")
        page_wide = page.evaluate("() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1")
        # choose in every choice, type nothing, lock every prediction in: the table shows the answers
        before = page.inner_text(".gl-predictions")
        groups = page.locator(".widget-toggle-buttons")
        for k in range(groups.count()):
            groups.nth(k).locator("button").first.click()
        boxes = page.locator("input[placeholder^='your number']")
        for k in range(boxes.count()):
            boxes.nth(k).fill("1")  # inside every number prediction's bounds
        locks = page.locator("button:has-text('Lock in')")
        for k in range(locks.count()):
            locks.nth(k).click()
        page.wait_for_timeout(800)
        after = page.inner_text(".gl-predictions")
        if screenshot:
            page.screenshot(path=screenshot, full_page=True)
        return {"model not found": text.count("model not found"), "wide outputs": wide, "page wider": page_wide,
                "table changed": "lock in your prediction" in before and "lock in your prediction" not in after}
    finally:
        page.close()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_lesson_in_voila_shows_every_widget_fits_the_page_and_takes_predictions(path, lessons_server, chromium):
    seen = check_lesson(chromium, lessons_server.url + f"voila/render/{path.name}")
    assert seen["model not found"] == 0, seen
    assert not seen["wide outputs"] and not seen["page wider"], seen
    assert seen["table changed"], seen
