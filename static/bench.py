"""The static site's figures (issue 27's budget), printed, never asserted: ``make static-bench``.

- size: the folder build/static/ (budget 60 MB), and what a first visit downloads;
- first interactive: seconds from opening a dashboard in a fresh browser (empty cache) until its
  first decision button is on screen (budget 20 s), with the CPU-seconds Chromium spent meanwhile
  and the machine's load, since wall time on a shared 2-core machine says little alone;
- later load: the same in a new tab of the same browser (its cache warm);
- decisions: click-to-picture latency over N clicks per dashboard, median and p95 (budget 300 ms),
  with Chromium's CPU-milliseconds per decision (a new game when one ends counts in it);
- lessons: seconds from opening each lesson the site serves (a new tab, cache warm) until every
  cell's output is on the page, with Chromium's CPU-seconds.
Served by Python's file server on loopback; every other host is refused (and counted)."""
from __future__ import annotations

import argparse
import json
import os
import time
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebooks as found  # noqa: E402
import sitetools  # noqa: E402

from gamelib.bench import browser as bb  # noqa: E402

BUDGET_MB, BUDGET_FIRST_S, BUDGET_P95_MS = 60, 20, 300


def browser_cpu_s(pid: int) -> float:
    """CPU-seconds of a process and its children (Chromium's renderer and workers)."""
    import psutil

    total = 0.0
    try:
        root = psutil.Process(pid)
        for p in [root, *root.children(recursive=True)]:
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                pass
    except psutil.Error:
        pass
    return total


def chromium_pid() -> int:
    import psutil

    me = psutil.Process()
    kids = [p for p in me.children(recursive=True) if "chrom" in p.name().lower()]
    roots = [p for p in kids if p.parent() is None or "chrom" not in p.parent().name().lower()]
    return (roots or kids)[0].pid


def queries() -> dict[str, str]:
    return {game: bb.bench_query(game) for game in sitetools.DASHBOARDS}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=30, help="decisions per dashboard (default 30)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    site = sitetools.SITE
    if not (site / "pyodide").exists():
        raise SystemExit("no site in build/static: run `make static` first")
    size = sitetools.site_size(site)
    print(f"static site: {size / 1e6:.1f} MB in {site} (budget {BUDGET_MB} MB): "
          + ", ".join(f"{p.name} {sitetools.site_size(p) / 1e6:.1f} MB" for p in sorted(site.iterdir())
                      if p.is_dir() and sitetools.site_size(p) > 1e5))
    with sitetools.serve(site) as base, sync_playwright() as pw:
        browser = bb.launch_chromium(pw)
        pid = chromium_pid()
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        outside = sitetools.block_outside(ctx, base)
        fetched: list[str] = []
        ctx.on("request", lambda r: fetched.append(r.url))
        latencies: dict[str, list[float]] = {}
        pages: list = []
        for i, (game, query) in enumerate(queries().items()):
            page = ctx.new_page()
            load0, cpu0 = os.getloadavg()[0], browser_cpu_s(pid)
            seconds = sitetools.open_dashboard(page, sitetools.dashboard_url(base, game, query))
            cpu = browser_cpu_s(pid) - cpu0
            what = "first visit (empty cache)" if i == 0 else "later visit (cache warm)"
            extra = f", {sitetools.fetched_bytes(fetched, base) / 1e6:.1f} MB downloaded" if i == 0 else ""
            print(f"{game}: {what}: interactive after {seconds:.1f} s (budget {BUDGET_FIRST_S} s), "
                  f"Chromium {cpu:.1f} CPU-s{extra}; load average {load0:.1f}")
            lat = latencies[game] = []
            cpu0 = browser_cpu_s(pid)
            while len(lat) < args.clicks:
                if page.locator(bb.READY).get_attribute("data-over") == "1":
                    bb.click_and_measure(page, ".gl-stepper .gl-new")
                    continue
                lat.append(bb.click_and_measure(page))
            cpu = browser_cpu_s(pid) - cpu0
            print(f"{game}: {len(lat)} decisions: median {statistics.median(lat):.0f} ms, "
                  f"p95 {bb.percentile(lat, 95):.0f} ms (budget {BUDGET_P95_MS} ms); Chromium "
                  f"{1000 * cpu / len(lat):.0f} CPU-ms a decision; load average {os.getloadavg()[0]:.1f}")
            pages.append(page)  # kept open: a closed tab takes its CPU time with it
        every = [x for v in latencies.values() for x in v]
        print(f"all dashboards: {len(every)} decisions: median {statistics.median(every):.0f} ms, "
              f"p95 {bb.percentile(every, 95):.0f} ms")
        for nb in found.notebooks():
            if nb.kind != "lessons" or nb.needs is not None:
                continue
            cells = json.loads((found.NOTEBOOKS / nb.rel).read_text())["cells"]
            want = sum(1 for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])
                       if o.get("name") != "stderr")
            page = ctx.new_page()
            load0, cpu0, t0 = os.getloadavg()[0], browser_cpu_s(pid), time.perf_counter()
            page.goto(base + nb.page, wait_until="commit")
            page.wait_for_function(f"() => document.querySelectorAll('.jp-OutputArea-output').length >= {want}",
                                   timeout=sitetools.START_TIMEOUT_MS)
            seconds, cpu = time.perf_counter() - t0, browser_cpu_s(pid) - cpu0
            print(f"{nb.rel}: every cell run after {seconds:.1f} s (cache warm), Chromium {cpu:.1f} CPU-s; "
                  f"load average {load0:.1f}")
            pages.append(page)
        print(f"requests to other hosts: {len(outside)}")
        browser.close()


if __name__ == "__main__":
    main()
