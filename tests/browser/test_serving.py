"""Serving a class (issue 15), in Debian's Chromium against the session's Voilà server, which
runs with the repository's settings (etc/jupyter: voila.json and voila.py): five visitors at once
all get a working dashboard that shows the seed of their own link, whether a pre-started kernel
served them or one started for them, and each takes 3 decisions (the load test of
``python -m gamelib.bench --load``, small); two of them by wire (no browser: bench/wire.py), whose
clicks count only once the kernel has sent the status line's new decision. The short cull settings, the cell time limit and a
kernel that cannot start are checked in test_serving_strict.py, on a server of their own."""
from __future__ import annotations

import pytest

from gamelib.bench import load as bl

pytestmark = pytest.mark.browser


def test_five_visitors_at_once_all_get_a_working_dashboard(voila):
    # 3 decisions each (the load test's default is 20): the suite checks that everyone is served
    # and can play; the figures for 20 decisions come from `make load-test` (docs/deploy.md)
    f = bl.run(visitors=5, over=0, decisions=3, think=0.05, after=0, server=voila, pool_timeout=60,
               timeout_s=120, wire=2, log=lambda *a: None)
    assert f["errors"] == [] and f["completed"] == 5, (f["errors"], voila.log_tail())
    assert f["clicks"] == 5 * 3 and f["browser_completed"] == 3 and f["browser_clicks"] == 3 * 3
    assert f["saw_notice"] == 3, "every page in Chromium put up its loading notice"
    assert len(f["visitor_kernels"]) == 5, "each visitor, by wire or not, had a kernel of its own"
    # every page, in Chromium or by wire, freed its kernel as it closed: our page's beacon
    assert set(f["visitor_kernels"]) <= bl.released_ids(voila, "beacon"), voila.log_tail()
    # the session server keeps one kernel per dashboard ready: the first visitor gets it, the
    # others wait for the pool's refills, as a class larger than the pool would; every page showed
    # its own link's seed, checked by the load test itself
    assert 1 <= f["preheated"] <= 5
    assert 0 < f["first_render_p50_s"] <= f["first_render_p95_s"] < 120
    assert 0 < f["click_p50_ms"] <= f["click_p95_ms"] < 20_000
    assert f["kernel_pss_mb"] > 10 and f["total_pss_mb"] > 5 * f["kernel_pss_mb"]
