"""The static site (issue 27) end to end: ``make static`` builds it, Python's file server serves it
on loopback, and headless Chromium opens each dashboard with every request to another host refused
and listed. Each dashboard's link sets the game (seed, options, seats, view); ten decisions are
clicked and the picture must change with each; the save record read from the page must be the
record gamelib writes for the same seed and decisions, and load back to the same state. A page
whose Python cannot start must say so in words within 60 s. The notebooks with code
(00-start-here, the tutorials, the lessons that need nothing the browser lacks) must run to the
end without an error; a lesson's plots, tables and prediction widget must be there and work.

Too long for ``make test`` (a build, and a Python start in the browser per page): a step of
.ci/run (``make static-test``); ``tests`` does not collect this folder."""
from __future__ import annotations

import html
import json
import sys
from pathlib import Path

import pytest

import gamelib
from gamelib.bench import browser as bb

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "static"))
import notebooks as found  # noqa: E402
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
    ctx.missing = []  # the site's files a page asked for and did not get (pruned too much?)
    ctx.on("response", lambda r: ctx.missing.append(r.url) if r.status >= 400 and r.url.startswith(base) else None)
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
    assert context.missing == [], f"files of the site not found: {context.missing[:5]}"


#: how a notebook's page shows it ran to its last cell: a text of the last cells' output, or a CSS
#: selector of the widget the last cell shows; a notebook not named here: as many outputs on the
#: page as its committed copy has (every tutorial and lesson found gets a page, static/notebooks.py)
END = {"00-start-here.ipynb": "decisions were taken", "tutorials/deadland.ipynb": ".gl-stepper",
       "tutorials/walk-the-plank.ipynb": "programmes from 2000 games",
       "tutorials/the-walking-deck.ipynb": "a random player wins"}
PAGES = [nb for nb in found.notebooks() if nb.needs is None]


def _outputs(rel: str) -> int:
    cells = json.loads((found.NOTEBOOKS / rel).read_text())["cells"]
    return sum(1 for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])
               if o.get("name") != "stderr")


@pytest.mark.parametrize("nb", PAGES, ids=lambda nb: nb.rel)
def test_notebooks_with_code_run_to_the_end(nb, context, base):
    """00-start-here, the tutorials and every lesson that needs nothing the browser lacks run in the
    browser: each code cell gives its output and none an error."""
    page = context.new_page()  # a tab per notebook, as a student opens them: each its own Python
    page.goto(base + nb.page)
    shot = ARTIFACTS / f"{nb.rel.removesuffix('.ipynb').replace('/', '-')}.png"
    last = END.get(nb.rel)
    if last is None:
        done = f"document.querySelectorAll('.jp-OutputArea-output').length >= {_outputs(nb.rel)}"
    elif last.startswith("."):
        done = f"document.querySelector({json.dumps(last)})"
    else:
        done = f"document.body.innerText.includes({json.dumps(last)})"
    try:
        page.wait_for_function(f"() => {done} || document.body.innerText.includes('Traceback')",
                               timeout=sitetools.START_TIMEOUT_MS)
    finally:
        page.screenshot(path=str(shot), full_page=False)
    text = page.inner_text("body")
    assert "Traceback" not in text, f"{nb.rel}: {text[text.index('Traceback') - 300:][:1500]}"
    # no warning box either (tqdm's monitor thread, which a browser's Python cannot start, once showed one)
    stderr = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert stderr.count() == 0, f"{nb.rel}: {stderr.all_inner_texts()[:3]}"
    # the end of the notebook, as a student scrolled down sees it (judged on the screenshot)
    page.locator(".jp-OutputArea-output").last.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(shot.with_name(shot.stem + "-end.png")))
    if nb.kind == "lessons":
        _lesson_works(page, nb, shot)
    assert context.outside == []
    assert context.missing == [], f"files of the site not found: {context.missing[:5]}"


def _lesson_works(page, nb, shot: Path) -> None:
    """A lesson's page: its plots are drawn (gamelib's SVG: no matplotlib in the browser), its
    tables are HTML tables, and its prediction widget answers: the first prediction locked in is
    said back (or, for a choice or a number not yet given, the page asks for one). Screenshots at a phone's
    width too: the prediction widget, the first plot and the first table."""
    plots = page.locator(".gl-plot svg")
    committed = json.loads((found.NOTEBOOKS / nb.rel).read_text())["cells"]
    want = sum(1 for c in committed if c["cell_type"] == "code" for o in c.get("outputs", [])
               if "image/png" in o.get("data", {}))
    # the notebook's plots, and those of its widgets (an HTML widget here, a PNG under Voilà)
    assert plots.count() >= want >= 1, f"{nb.rel}: {plots.count()} plots drawn, the notebook has {want}"
    assert page.locator(".gl-table table").count() >= 1
    lock = page.locator(".widget-button", has_text="Lock in").first
    lock.scroll_into_view_if_needed()
    lock.click()
    # an untouched prediction: a slider locks its value in, a choice or a number box asks for one
    page.wait_for_function("() => /Locked in: |choose one of the options first|type a number first/"
                           ".test(document.body.innerText)",
                           timeout=30_000)
    page.set_viewport_size({"width": 390, "height": 844})
    for name, where in (("predict", lock), ("plot", plots.first), ("table", page.locator(".gl-table").first)):
        where.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(shot.with_name(f"{shot.stem}-390x844-{name}.png")))
    page.set_viewport_size({"width": 1280, "height": 720})
    plots.first.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(shot.with_name(f"{shot.stem}-plot.png")))


def test_the_site_leaves_out_what_no_page_asks_for(site):
    """JupyterLite's own app and the extensions Voici does not load are pruned (each page's run
    above checks no page asks for them); the folder stays within issue 27's 60 MB."""
    import build as static_build

    assert {"build", "doc"} <= set(static_build.PRUNE)  # JupyterLite's app: 17 MB no page loads
    assert not [rel for rel in static_build.PRUNE if (site / rel).exists()]
    assert sitetools.site_size(site) <= 60e6
    assert not list((site / "pyodide").glob("parso-*.whl"))


def test_the_landing_page_lists_every_notebook(site):
    """Each notebook found is on the landing page: linked when it has a page, else with the reason
    it needs the classroom server."""
    landing = (site / "index.html").read_text()
    for nb in found.notebooks():
        if nb.needs is None:
            assert f'href="{nb.page}"' in landing and (site / nb.page).is_file(), nb.rel
        else:
            assert html.escape(nb.title) in landing and html.escape(nb.needs) in landing, nb.rel
            assert not (site / nb.page).exists(), f"{nb.rel} needs the server but has a page"
    assert "<!--" not in landing.split("<body>")[1]


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
