"""The browser benchmark (``python -m gamelib.bench --browser``) runs and reports sensible numbers.
It reuses the session's Voila server and browser here, so it costs one page load; the command
itself starts its own and measures every dashboard of notebooks/dashboards/."""
from __future__ import annotations

import pytest

from gamelib.bench import browser as bb

from .conftest import NOTEBOOK

pytestmark = pytest.mark.browser


def test_browser_benchmark_reports_its_timings(voila, browser):
    result = bb.run(clicks=5, notebook=NOTEBOOK, server=voila, browser=browser)
    assert set(result) == {"first_render_s", "click_median_ms", "click_p95_ms", "clicks"}
    assert 0 < result["first_render_s"] < 60 and result["clicks"] == 5
    assert 0 < result["click_median_ms"] <= result["click_p95_ms"] < 20_000


def test_every_dashboard_is_benchmarked_against_its_targets():
    books = bb.dashboards()
    assert {b.name for b in books} >= {"the-walking-deck.ipynb", "walk-the-plank.ipynb", "deadland.ipynb"}
    games = {b.name: bb.dashboard_game(b) for b in books}
    assert games["deadland.ipynb"] == "deadland" and games["walk-the-plank.ipynb"] == "walk-the-plank"
    # several seats: the table view with every seat a person, so a button is always there to click
    assert bb.bench_query("walk-the-plank") == "view=table&pause=0&red=person&blue=person&green=person&yellow=person"
    assert bb.bench_query("walking-deck") == ""
    fake = {"a.ipynb": {"first_render_s": 1.2, "click_median_ms": 60.0, "click_p95_ms": 90.0, "clicks": 40.0},
            "b.ipynb": {"first_render_s": 6.0, "click_median_ms": 90.0, "click_p95_ms": 200.0, "clicks": 40.0}}
    lines = bb.report(fake)
    assert "a.ipynb" in lines[1] and "(target < 5 s ok)" in lines[1] and "(target p95 < 150 ms ok)" in lines[1]
    assert "(target < 5 s MISS)" in lines[2] and "p50   90 ms, p95  200 ms" in lines[2]
