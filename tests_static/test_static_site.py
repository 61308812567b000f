"""The static site (issue 27) end to end: ``make static`` builds it, Python's file server serves it
on loopback, and headless Chromium opens each dashboard with every request to another host refused
and listed. Each dashboard's link sets the game (seed, options, seats, view); ten decisions are
clicked and the picture must change with each; the save record read from the page must be the
record gamelib writes for the same seed and decisions, and load back to the same state. A page
whose Python cannot start must say so in words within 60 s. The notebooks with code
(00-start-here, the tutorials) must run to the end without an error.

Too long for ``make test`` (a build, and a Python start in the browser per page): a step of
.ci/run (``make static-test``); ``tests`` does not collect this folder."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import gamelib
from gamelib.bench import browser as bb

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "static"))
import sitetools  # noqa: E402

ARTIFACTS = sitetools.ROOT / "test-artifacts" / "static"
PICTURE = ".gl-stepper .gl-picture"

def _persons(game: str, **options) -> str:
    """Every seat a person: each click is one decision of the stepper (no agent moves between)."""
    players = gamelib.load(game, **options).players
    return "" if len(players) == 1 else "&" + "&".join(f"{p}=person" for p in players)


#: each dashboard's link, as a teacher would share it (each kind of link parameter at least once)
LINKS = {
    "walking-deck": ("seed=7&protagonist=Boris&large=1", {"protagonist": "Boris"}),
    "walk-the-plank": ("seed=11&players=4&view=table&pause=0" + _persons("walk-the-plank", players=4), {"players": 4}),
    "deadland": ("seed=5&players=3&view=table&pause=0" + _persons("deadland", players=3), {"players": 3}),
}


@pytest.fixture(scope="module")
def site():
    sitetools.build()
    assert (sitetools.SITE / "pyodide" / "pyodide-lock.json").exists()
    return sitetools.SITE


@pytest.fixture(scope="module")
def base(site):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sitetools.serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    if not bb.CHROMIUM.exists():
        pytest.fail(f"the static site's test needs Chromium at {bb.CHROMIUM}")
    with bb.chromium_session() as b:
        yield b


@pytest.fixture
def context(browser, base):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.outside = sitetools.block_outside(ctx, base)
    yield ctx
    ctx.close()


def picture(page) -> str:
    return page.locator(PICTURE).first.inner_html()


@pytest.mark.parametrize("game", list(LINKS))
def test_dashboard_plays_offline_as_the_package_does(game, context, base):
    query, options = LINKS[game]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sitetools.open_dashboard(page, sitetools.dashboard_url(base, game, query))

    # the link reached the kernel: its seed is on screen, its view and text size are applied
    seed = int(query.split("seed=")[1].split("&")[0])
    assert page.locator(".gl-seed input").input_value() == str(seed)
    if "large=1" in query:
        assert page.locator(".gl-stepper.gl-large").count() == 1
    if "view=table" in query:
        assert page.locator('.gl-stepper [data-view="table"]').count() >= 1
    assert page.locator(".gl-notice").count() == 0, page.locator(".gl-notice").all_inner_texts()

    # ten decisions, each changing the picture, replayed by the package alongside
    state = gamelib.load(game, **options).new_state(seed=seed)
    for taken in range(10):
        labels = [" ".join(t.split()) for t in page.locator(bb.ACTION).all_inner_texts()]
        assert labels == [" ".join(x.split()) for x in state.legal_labels()], f"after {taken} decisions"
        before = picture(page)
        bb.click_and_measure(page, bb.ACTION_CSS, 0)
        state.apply(state.legal_labels()[0])
        assert picture(page) != before, f"decision {taken + 1}: the picture did not change"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{game}-1280x720.png"))

    # the game on the page is the package's game: the save record, word for word, and its replay
    page.locator(".gl-save-toggle").first.click()
    box = page.locator(".gl-record textarea").first
    box.wait_for(state="visible", timeout=30_000)
    page.wait_for_function("(el) => el.value.includes('gamelib-record')", arg=box.element_handle(), timeout=30_000)
    record = box.input_value()
    assert json.loads(record) == json.loads(state.to_record())
    replayed = gamelib.load_record(record)
    assert replayed.view(None) == state.view(None) and replayed.ply == 10

    # a phone's screen, judged on the screenshots: the top of the page, and the picture
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(".gl-save-toggle").first.click()
    # the page scrolls inside Voici's own container, not the window: every scrolled box back to its top
    page.evaluate("() => { for (const e of document.querySelectorAll('*')) if (e.scrollTop) e.scrollTop = 0; "
                  "window.scrollTo(0, 0); }")
    page.wait_for_timeout(500)
    assert page.locator("#gl-static-failure").count() == 0  # no start-up message left on a page that runs
    page.screenshot(path=str(ARTIFACTS / f"{game}-390x844.png"))
    page.evaluate(f"document.querySelector({json.dumps(PICTURE)}).scrollIntoView()")
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"{game}-390x844-picture.png"))
    assert errors == []
    assert context.outside == [], f"requests to other hosts: {context.outside[:5]}"


def test_notebooks_with_code_run_to_the_end(context, base):
    """00-start-here and two tutorials run in the browser: each code cell gives its output and
    none an error (numpy, pandas and matplotlib are absent there)."""
    for path, last in [("00-start-here", "decisions were taken"), ("tutorials/deadland", ".gl-stepper"),
                       ("tutorials/walk-the-plank", "programmes from 2000 games")]:
        page = context.new_page()  # a tab per notebook, as a student opens them: each its own Python
        page.goto(f"{base}voici/render/{path}.html")
        shot = ARTIFACTS / f"{path.replace('/', '-')}.png"
        # the last code cell's output (a text or a widget), or an error on the way
        done = (f"document.querySelector({json.dumps(last)})" if last.startswith(".") else
                f"document.body.innerText.includes({json.dumps(last)})")
        try:
            page.wait_for_function(f"() => {done} || document.body.innerText.includes('Traceback')",
                                   timeout=sitetools.START_TIMEOUT_MS)
        finally:
            page.screenshot(path=str(shot), full_page=False)
        text = page.inner_text("body")
        assert "Traceback" not in text, f"{path}: {text[text.index('Traceback') - 300:][:1500]}"
        page.close()
    assert context.outside == []


def test_a_page_whose_python_cannot_start_says_so(browser, base):
    """Pyodide's WebAssembly refused: within 60 s the page says in words that it cannot run."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    outside = sitetools.block_outside(ctx, base)
    ctx.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = ctx.new_page()
    page.goto(sitetools.dashboard_url(base, "walking-deck"))
    note = page.locator("#gl-static-failure")
    note.wait_for(state="visible", timeout=75_000)
    assert "has not started" in note.inner_text()
    page.screenshot(path=str(ARTIFACTS / "no-python.png"))
    ctx.close()
    assert outside == []
