"""The browser benchmark runs and reports sensible numbers (its own Voila server and browser,
so it runs after the dashboard test's module has closed theirs)."""
from __future__ import annotations

import pytest

from gamelib import bench_browser as bb

from .conftest import need_browser
from .conftest import NOTEBOOK

pytestmark = pytest.mark.browser


def test_browser_benchmark_reports_its_timings():
    need_browser()
    result = bb.run(clicks=5, notebook=NOTEBOOK)
    assert set(result) == {"first_render_s", "click_median_ms", "click_p95_ms", "clicks"}
    assert 0 < result["first_render_s"] < 60 and result["clicks"] == 5
    assert 0 < result["click_median_ms"] <= result["click_p95_ms"] < 20_000
