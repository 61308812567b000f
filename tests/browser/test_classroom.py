"""The Walking Deck dashboard as a class uses it, in Debian's Chromium against the session's
Voila server (pre-started kernels): a link with a 64-bit seed and large text, a double click,
looking back and acting, a phone, the odds' scroll, nothing asked from outside the server, the
replay page opened from disk, and a kernel that dies. One page load: the same page is resized
from a projector to a laptop to a phone. Screenshots at 1280x720 (large text), 1024x768 and
390x844 land in test-artifacts/."""
from __future__ import annotations

import os
import signal
import time

import pytest

import gamelib
from gamelib.bench import browser as bb
from gamelib.render import render
from gamelib.render.export import frame_body

from .conftest import watch_problems

pytestmark = pytest.mark.browser

ARTIFACTS = bb.ROOT / "test-artifacts"
SEED = 6915206964022700985  # 19 digits: a browser number would round it to ...701000

#: WCAG contrast of every visible text in the stepper (disabled controls are exempt)
CONTRAST_JS = """
() => {
  const lum = c => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map(v => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return [0.2126 * r + 0.7152 * g + 0.0722 * b, m.length > 3 ? m[3] : 1]; };
  const bgOf = el => { for (let e = el; e; e = e.parentElement) { const cs = getComputedStyle(e);
      const [l, a] = lum(cs.backgroundColor); if (a > 0.5) return l; } return 1; };
  const bad = [];
  for (const el of document.querySelectorAll('.gl-stepper *')) {
    if (el.closest('[disabled], .gl-hidden') || !el.offsetParent) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const cs = getComputedStyle(el); if (cs.visibility === 'hidden' || +cs.opacity < 0.9) continue;
    const [fg] = lum(cs.color), bg = bgOf(el);
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const size = parseFloat(cs.fontSize), bold = +cs.fontWeight >= 700;
    const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    if (ratio < need) bad.push(`${ratio.toFixed(2)} ${el.className || el.tagName}: ${el.textContent.trim().slice(0, 40)}`);
  }
  return bad;
}
"""


@pytest.fixture(scope="module")
def page(voila, browser):
    """The dashboard opened from a shared link: a 64-bit seed and large text, in a projector's
    window; every request that tries to leave the server is refused and listed."""
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, accept_downloads=True)
    pg = ctx.new_page()
    pg.outside = bb.count_outside_requests(ctx, voila.url)  # type: ignore[attr-defined]
    watch_problems(pg)
    bb.open_dashboard(pg, voila.page_url(bb.DASHBOARD, f"seed={SEED}&large=1"))
    yield pg
    ctx.close()


def to_top(page) -> None:
    page.evaluate("document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; })")


def status(page) -> dict:
    el = page.locator(bb.READY)
    return {k: el.get_attribute(f"data-{k}") for k in ("ply", "total", "over", "game", "view", "tick")}


def labels(page) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(bb.ACTION).all_inner_texts()]


def wait_for(page, **want) -> None:
    cond = "".join(f'[data-{k}="{v}"]' for k, v in want.items())
    page.wait_for_selector(bb.READY + cond, timeout=20_000)


def full_shot(page, path) -> None:
    """A screenshot of the first screen, and one of the whole page (Voila scrolls inside)."""
    page.screenshot(path=str(path))
    size = page.viewport_size
    total = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": size["width"], "height": min(int(total) + 20, 6000)})
    page.screenshot(path=str(path).replace(".png", "-full.png"))
    page.set_viewport_size(size)


def test_a_link_with_a_seed_and_large_text_in_a_projector_window(page):
    # the link's seed, every digit, and the engine's game for it
    assert page.locator(".gl-seed input").input_value() == str(SEED)
    state = gamelib.load("walking-deck").new_state(seed=SEED)
    assert labels(page) == state.legal_labels()
    # large text: decision buttons (and the picture's card names) at 20 px or more
    sizes = page.eval_on_selector_all(bb.ACTION, "bs => bs.map(b => parseFloat(getComputedStyle(b).fontSize))")
    assert sizes and min(sizes) >= 20, sizes
    heights = []
    for k in range(6):
        label = labels(page)[k % 2]
        bb.click_and_measure(page, bb.ACTION_CSS, k % 2)
        state.apply(label)
        wait_for(page, ply=state.ply)
        assert labels(page) == state.legal_labels(), f"after {state.ply} decisions"
        heights.append(page.locator(".gl-picture").bounding_box()["height"])
    names = page.eval_on_selector_all(".gl-wd .card .name", "ns => ns.map(n => parseFloat(getComputedStyle(n).fontSize))")
    assert names and min(names) >= 20, names
    assert heights == sorted(heights), f"the picture shrank between decisions: {heights}"
    assert page.evaluate(CONTRAST_JS) == []
    to_top(page)
    full_shot(page, ARTIFACTS / "classroom-1280x720-large.png")
    page.state = state  # type: ignore[attr-defined]


def test_a_double_click_takes_exactly_one_decision(page):
    """A double click, two mouse clicks 70 ms apart, and two clicks whose second comes just after
    the page shows the first one's result (on new buttons nobody has seen yet): one decision each
    (issue 22; the helpers are test_classroom_guards.py's)."""
    from .test_classroom_guards import double_click, double_click_on_a_fast_server

    state = page.state  # type: ignore[attr-defined]
    for clicks in (lambda p: p.locator(bb.ACTION).first.dblclick(), double_click, double_click_on_a_fast_server):
        before = int(status(page)["ply"])
        expected = labels(page)[0]
        clicks(page)
        wait_for(page, ply=before + 1)
        time.sleep(1.0)  # time for a second decision to land, if one were taken
        assert int(status(page)["ply"]) == before + 1 and int(status(page)["total"]) == before + 1
        state.apply(expected)
        assert labels(page) == state.legal_labels()
    assert page.locator(".gl-error-box").count() == 0
    assert page.problems == []  # type: ignore[attr-defined]


def test_laptop_look_back_act_and_nothing_lost_then_the_replay_page(page, browser, tmp_path):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator(".gl-large-switch").click()  # large text off again
    page.wait_for_function("!document.querySelector('.gl-stepper').classList.contains('gl-large')")
    page.locator(".gl-seed input").fill("5")
    page.locator(".gl-seed input").press("Enter")
    page.locator(".gl-new").click()
    confirm = page.locator(".gl-confirm-yes")  # the game on screen is unfinished: New game asks
    confirm.wait_for(state="visible", timeout=20_000)
    bb.click_and_measure(page, ".gl-stepper .gl-confirm-yes")
    wait_for(page, ply=0, total=0)
    state = gamelib.load("walking-deck").new_state(seed=5)
    for _ in range(6):
        label = labels(page)[0]
        bb.click_and_measure(page)
        state.apply(label)
        wait_for(page, ply=state.ply)
    old = state.clone()
    # the odds panel keeps its scroll position when the page updates
    page.eval_on_selector(".gl-odds", "e => e.scrollTop = 80")
    scrolled = page.eval_on_selector(".gl-odds", "e => e.scrollTop")
    # look back at decision 2 and take a different decision there
    readout = page.locator(".gl-history .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    wait_for(page, ply=2, total=6)
    back = state.at_ply(2)
    taken = state.history[2].label
    other = next(i for i, x in enumerate(labels(page)) if x != taken)
    new_label = labels(page)[other]
    bb.click_and_measure(page, bb.ACTION_CSS, other)
    wait_for(page, ply=3, total=3)
    back.apply(new_label)
    assert labels(page) == back.legal_labels()
    assert page.eval_on_selector(".gl-odds", "e => e.scrollTop") == scrolled
    # nothing was lost: the old line is one choice away under Lines
    lines = page.locator(".gl-lines select")
    assert lines.is_visible() and lines.locator("option").count() == 2
    lines.select_option(index=1)
    wait_for(page, ply=6, total=6)
    assert labels(page) == old.legal_labels()
    assert page.evaluate(CONTRAST_JS) == []
    to_top(page)
    full_shot(page, ARTIFACTS / "classroom-1024x768.png")

    # the replay page: exported from the page, opened from disk without any network
    page.locator(".gl-save-toggle").click()
    page.locator(".gl-export").click()
    link = page.locator(".gl-export-download")
    link.wait_for(state="visible", timeout=20_000)
    with page.expect_download() as dl:
        link.click()
    replay = tmp_path / "replay.html"
    dl.value.save_as(str(replay))
    record = page.locator(".gl-record textarea").input_value()
    final = gamelib.load_record(record)
    assert final == old
    offline = browser.new_context(viewport={"width": 1024, "height": 768}, offline=True)
    try:
        requests: list[str] = []
        offline.on("request", lambda r: requests.append(r.url))
        view = offline.new_page()
        view.goto(replay.as_uri())
        view.wait_for_selector("#gl-frame .gl-wd")
        assert view.get_attribute("body", "data-frame") == str(final.ply)
        expected = frame_body(render(final, reveal=False, player="you"))
        same = view.evaluate("(x) => { const d = document.createElement('div'); d.innerHTML = x;"
                             " return d.innerHTML === document.getElementById('gl-frame').innerHTML; }", expected)
        assert same, "the replay's last frame is not the final state's picture"
        view.locator("#gl-first").click()
        assert view.get_attribute("body", "data-frame") == "0"
        assert [u for u in requests if not u.startswith("file:")] == []
        view.screenshot(path=str(ARTIFACTS / "classroom-replay-1024x768.png"))
    finally:
        offline.close()
    page.locator(".gl-save-toggle").click()
    assert page.problems == []  # type: ignore[attr-defined]


def test_phone_decisions_first_then_the_kernel_dies(page, voila):
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    to_top(page)
    widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth,"
                           " Math.max(...[...document.querySelectorAll('.gl-stepper *')]"
                           ".map(e => e.getBoundingClientRect().right))]")
    assert max(widths) <= 390 + 0.5, f"wider than the phone: {widths}"
    box = page.locator(bb.ACTION).first.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    picture = page.locator(".gl-picture").bounding_box()
    assert box["y"] < picture["y"], "the decisions come before the picture on a phone"
    full_shot(page, ARTIFACTS / "classroom-390x844.png")

    # the kernel dies: the page says so in words
    pid = voila.kernel_pid(bb.kernel_id(page))
    assert pid, "the page's kernel process was not found"
    os.kill(pid, signal.SIGKILL)
    dead = page.locator(".gl-dead-box")
    dead.wait_for(state="visible", timeout=20_000)
    assert "stopped" in dead.inner_text() and "Reload the page" in dead.inner_text()
    assert page.locator(bb.ACTION).first.is_disabled()
    page.screenshot(path=str(ARTIFACTS / "classroom-390x844-kernel-died.png"))


def test_no_request_left_the_server(page):
    """Counted over everything above with Playwright's routing (the Voila template has no CDN)."""
    assert page.outside == []  # type: ignore[attr-defined]
