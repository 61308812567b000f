"""The Walking Deck dashboard in a real browser: a Voila server on a free port, driven by
Debian's headless Chromium through Playwright. Plays a whole seeded game by clicking, and
checks the page against the engine replaying the same clicks."""
from __future__ import annotations

import os
import re

import pytest

import gamelib
from gamelib.bench import browser as bb

from .conftest import NOTEBOOK, watch_problems

pytestmark = pytest.mark.browser

ARTIFACTS = bb.ROOT / "test-artifacts"
# another dashboard can be checked the same way: GAMELIB_DASHBOARD=... GAMELIB_DASHBOARD_GAME=name=module:Class
GAME = os.environ.get("GAMELIB_DASHBOARD_GAME", "walking-deck")
if "=" in GAME:
    GAME, _, path = GAME.partition("=")
    gamelib.register(GAME, path)
SEED = 5


def normalise(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def page(voila, browser):
    pg = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        watch_problems(pg)
        bb.open_dashboard(pg, voila.page_url(NOTEBOOK))
        yield pg
    finally:
        pg.close()


def ply(page) -> tuple[int, int, bool]:
    el = page.locator(bb.READY)
    return int(el.get_attribute("data-ply")), int(el.get_attribute("data-total")), el.get_attribute("data-over") == "1"


def labels(page) -> list[str]:
    return [normalise(t) for t in page.locator(bb.ACTION).all_inner_texts()]


def wait_for_ply(page, shown: int, total: int | None = None) -> None:
    cond = f'[data-ply="{shown}"]' + (f'[data-total="{total}"]' if total is not None else "")
    page.wait_for_selector(bb.READY + cond, timeout=20_000)


def set_history(page, n: int) -> None:
    """Type into the slider's readout, as a person can, and wait for the picture of that moment."""
    readout = page.locator(".gl-history .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(n))
    page.keyboard.press("Enter")
    wait_for_ply(page, n)


def test_dashboard_renders_without_errors(page):
    assert page.locator(".voila-error").count() == 0
    assert page.locator(".gl-stepper .gl-picture").is_visible()
    for cls in ("gl-step", "gl-autoplay", "gl-undo", "gl-new", "gl-seed", "gl-agent", "gl-view", "gl-history",
                "gl-odds", "gl-log"):
        assert page.locator(f".gl-stepper .{cls}").count() >= 1, cls
    assert labels(page), "no action button on screen"
    assert page.problems == []  # type: ignore[attr-defined]


def test_play_a_seeded_game_by_clicking(page):
    options = {}
    for box in page.locator(".gl-stepper .gl-option").all():
        name = next(c[len("gl-option-"):] for c in box.get_attribute("class").split() if c.startswith("gl-option-"))
        select = box.locator("select")
        choices = select.locator("option").all_inner_texts()
        select.select_option(label=choices[-1])  # not the default: proves the choice is used
        options[name] = choices[-1]
    page.locator(".gl-seed input").fill(str(SEED))
    page.locator(".gl-seed input").press("Enter")
    bb.click_and_measure(page, ".gl-stepper .gl-new")
    wait_for_ply(page, 0, 0)

    game = gamelib.load(GAME, **options)
    state = game.new_state(seed=SEED)
    ARTIFACTS.mkdir(exist_ok=True)
    undo_checked = False
    while not state.is_over:
        shown = labels(page)
        assert shown == [normalise(x) for x in state.legal_labels()], f"after {state.ply} decisions"
        if state.ply == 3 and not undo_checked:
            # Undo in the page: one decision back, same buttons as the engine after undo
            bb.click_and_measure(page, ".gl-stepper .gl-undo")
            wait_for_ply(page, 2, 2)
            back = state.at_ply(2)
            assert labels(page) == [normalise(x) for x in back.legal_labels()]
            state = back
            undo_checked = True
            continue
        bb.click_and_measure(page, bb.ACTION_CSS, 0)
        state.apply(state.legal_labels()[0])
        wait_for_ply(page, state.ply, state.ply)
        if state.ply == 20:
            page.screenshot(path=str(ARTIFACTS / "walking-deck-mid-game.png"), full_page=True)
        assert state.ply < 2000, "the game does not end"
    assert undo_checked
    outcome = page.locator(".gl-stepper .gl-outcome").inner_text()
    assert normalise(outcome) == normalise(str(state.outcome))
    assert labels(page) == []
    page.screenshot(path=str(ARTIFACTS / "walking-deck-end.png"), full_page=True)

    # the history slider: back to the start, the middle, and the end again
    final = ply(page)[1]
    set_history(page, 0)
    assert "looking back" in page.locator(".gl-status").inner_text()
    assert labels(page) == [normalise(x) for x in state.at_ply(0).legal_labels()]
    set_history(page, final // 2)
    assert labels(page) == [normalise(x) for x in state.at_ply(final // 2).legal_labels()]
    set_history(page, final)
    assert normalise(page.locator(".gl-stepper .gl-outcome").inner_text()) == normalise(str(state.outcome))
    assert page.locator(".voila-error").count() == 0
    assert page.problems == []  # type: ignore[attr-defined]
    assert re.search(r"decision \d+ of \d+", page.locator(".gl-status").inner_text())

