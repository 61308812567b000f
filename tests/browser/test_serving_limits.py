"""A tab cannot exhaust the kernels (issue 23), in Debian's Chromium against a Voilà of its own with
the repository's settings except a small pool (1 per dashboard), a small cap (1 visitor's kernel
per dashboard, 2 in all) and short graces, serving two copies of the Walking Deck dashboard, A and
B: 10 tabs of B get 1 game and 9 "server is full" pages (HTTP 503, our words, nothing from outside
the server) while the game is open; 20 plain GETs of A at once get 1 kernel and 19 full pages; the
tabs close; then only the pools' kernels are left: the GET's kernel released because no page
connected to it, the game's because its page closed; and a visitor gets a game again. A screenshot
of the full page at 390x844 lands in test-artifacts/. One test, so the waits for the releases
overlap. Nothing in it depends on how fast this machine is: a place is held while its page is
open or being sent. (The limits' logic without a server: tests/test_voila_kernel_limits.py.)
"""
from __future__ import annotations

import concurrent.futures
import shutil
import time
import urllib.error
import urllib.request

import pytest

from gamelib.bench import browser as bb
from gamelib.bench import load as bl

from .conftest import need_browser

pytestmark = pytest.mark.browser

ARTIFACTS = bb.ROOT / "test-artifacts"
A, B = "a.ipynb", "b.ipynb"  # two copies of the Walking Deck dashboard
POOL, PER_DASHBOARD, TOTAL = 2, 1, 2  # POOL: 1 per dashboard
CONNECT_WITHIN, RELEASE_AFTER = 10, 3  # seconds (KernelLimits.connect_within, release_after)
#: how long the kernels may take to go beyond their grace on a loaded machine
MARGIN = 45


@pytest.fixture(scope="module")
def limited(tmp_path_factory):
    need_browser()
    root = tmp_path_factory.mktemp("limited")
    for name in (A, B):
        shutil.copy(bb.ROOT / "notebooks" / "dashboards" / "the-walking-deck.ipynb", root / name)
    server = bb.VoilaServer(root, timeout=120, preheat=True, extra_args=(
        f"--KernelLimits.per_dashboard={PER_DASHBOARD}", f"--KernelLimits.total={TOTAL}",
        f"--KernelLimits.connect_within={CONNECT_WITHIN}", f"--KernelLimits.release_after={RELEASE_AFTER}"))
    with bl.started(server):
        bl.wait_until_ready(server, [A, B], timeout=120)
        yield server


def _kernels(server) -> int:
    return len(bl.kernel_processes(server.proc.pid))


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=150) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_gets_and_tabs_past_the_cap_are_refused_and_every_kernel_they_took_is_released(limited, browser):
    contexts, statuses, outside = [], [], []
    try:
        # 10 tabs of B: the first gets the game and keeps its place while it is open; 9 full pages
        for i in range(10):
            ctx = browser.new_context(viewport={"width": 390, "height": 844})
            contexts.append(ctx)
            outside.append(bb.count_outside_requests(ctx, limited.url))
            page = ctx.new_page()
            response = page.goto(limited.page_url(B, f"seed={100 + i}"), wait_until="commit", timeout=150_000)
            statuses.append(response.status)
            if i == 0:  # the visitor within the cap plays as usual
                page.wait_for_selector(bb.READY, timeout=150_000)
                page.locator(bb.ACTION).first.wait_for(state="visible", timeout=150_000)
                assert page.locator(".gl-seed input").input_value() == "100"
                game = bb.kernel_id(page)
        assert statuses == [200] + [503] * 9, statuses
        page = contexts[-1].pages[0]
        page.locator("#gl-full").wait_for(state="visible", timeout=30_000)
        text = page.locator("#gl-full").inner_text()
        assert "The server is full" in text and "Try again in a minute" in text, text
        assert page.title() == "The server is full"
        box = page.locator("#gl-full").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "serving-full-390x844.png"))

        # 20 plain GETs of A at once, the game still open: 1 kernel (2 in all), 19 full pages
        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(_get, [limited.page_url(A, "seed=7")] * 20))
        codes = sorted(code for code, _ in answers)
        assert codes == [200] * PER_DASHBOARD + [503] * (20 - PER_DASHBOARD), codes
        full = [" ".join(html.split()) for code, html in answers if code == 503]
        assert all("The server is full" in h and "Try again in a minute" in h for h in full), full[0]
        assert not any("Traceback" in h or "://" in h for h in full), "a full page shows a traceback or a link outside"
        assert _kernels(limited) <= POOL + TOTAL
    finally:
        for ctx in contexts:
            ctx.close()
    assert outside == [[]] * len(outside), f"requests outside the server: {outside}"

    # every visitor gone: only the pools' kernels are left, within the graces. Waiting for the GET's
    # release too, not only for the count: until the server has finished the GET's request, its
    # dashboard's pool is not refilled yet, so the count can be down to the pools' too early
    t0, within = time.monotonic(), CONNECT_WITHIN + MARGIN
    while (_kernels(limited) > POOL or not bl.released_ids(limited, "no page connected")) \
            and time.monotonic() - t0 < within:
        time.sleep(0.5)
    assert _kernels(limited) <= POOL, f"{_kernels(limited)} kernels (pools: {POOL}):\n{limited.log_tail()}"
    assert len(bl.released_ids(limited, "no page connected")) == 1, "the GET's kernel"
    assert game in bl.released_ids(limited, "closed"), "the closed tab's kernel went, but not by its release"
    assert bl.refused(limited) == 9 + 19
    # and their places are free again
    code, html = _get(limited.page_url(A, "seed=5"))
    assert code == 200 and "The server is full" not in html
