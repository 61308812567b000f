"""Browser benchmark of a dashboard: a real Voila server, driven by headless Chromium.

Reports the time from opening the page to the first interactive render (the action buttons
are on screen) and the click-to-update latency (from a click on an action button until the
status line shows the new decision count, measured inside the page with ``performance.now``).

    python -m gamelib.bench.browser            # every dashboard of notebooks/dashboards/
    python -m gamelib.bench --browser          # the same after the engine's figures

The browser tests reuse ``VoilaServer``, ``launch_chromium`` and ``click_and_measure`` so the
benchmark and the tests drive the dashboard the same way."""
from __future__ import annotations

import http.client
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # the repository (gamelib/bench/browser.py)
DASHBOARD = ROOT / "notebooks" / "dashboards" / "the-walking-deck.ipynb"
CHROMIUM = Path(os.environ.get("GAMELIB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
]
READY = ".gl-stepper .gl-status .gl-ply"
ACTION = ".gl-stepper .gl-action:visible"  # Playwright selector
ACTION_CSS = ".gl-stepper .gl-action"  # plain CSS, for code run inside the page

# Clicks the element, then resolves with the milliseconds until the status line's decision
# count (data-ply/total) or game number (data-game) changes. The stepper writes the status last, so by then the rest has landed.
_CLICK_JS = """
async ([selector, index]) => {
  const status = () => document.querySelector('.gl-stepper .gl-status .gl-ply');
  const key = s => s ? [s.dataset.ply, s.dataset.total, s.dataset.game].join('/') : '';
  const before = key(status());
  const buttons = [...document.querySelectorAll(selector)].filter(b => b.offsetParent !== null);
  const target = buttons[index];
  if (!target) throw new Error('no element ' + selector + ' #' + index);
  const t0 = performance.now();
  target.click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      const s = status();
      if (s && key(s) !== before) { resolve(performance.now() - t0); return true; }
      return false;
    };
    const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
    obs.observe(document.querySelector('.gl-stepper'), {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('no update within 20 s after clicking ' + selector)); }, 20000);
  });
}
"""


#: what sticks out beyond ``width`` px (the page itself, or any element of the stepper, even one
#: clipped by its box): [] when a page fits a phone without sideways scrolling or cut-off text
WIDER_THAN_JS = """
(width) => {
  const out = [];
  if (document.documentElement.scrollWidth > width + 0.5) out.push('page ' + document.documentElement.scrollWidth + ' px');
  for (const e of document.querySelectorAll('.gl-stepper *')) {
    const r = e.getBoundingClientRect();
    if (r.right > width + 0.5 && r.width > 0) out.push(`${e.tagName.toLowerCase()}.${e.className} right=${Math.round(r.right)}: ${(e.textContent || '').trim().slice(0, 40)}`);
  }
  return out.slice(0, 8);
}
"""


#: one round trip for what a browser test checks after each click: the status line's decision
#: counts, the visible decision buttons' labels, and the picture's height (``selector``)
SNAPSHOT_JS = """
(selector) => {
  const st = document.querySelector('.gl-stepper .gl-status .gl-ply');
  const labels = [...document.querySelectorAll('.gl-stepper .gl-action')].filter(b => b.offsetParent !== null)
    .map(b => b.innerText.split(/\\s+/).filter(Boolean).join(' '));
  const pic = selector ? document.querySelector(selector) : null;
  return {ply: st ? +st.dataset.ply : -1, total: st ? +st.dataset.total : -1, over: st ? st.dataset.over === '1' : false,
          labels, height: pic ? pic.offsetHeight : 0};
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_executable() -> str:
    here = Path(sys.executable).parent / "voila"
    found = str(here) if here.exists() else shutil.which("voila")
    if not found:
        raise RuntimeError("voila is not installed in this environment (pip install voila)")
    return found


class VoilaServer:
    """``with VoilaServer(notebook) as url:`` a Voila server on a free port, stopped afterwards.
    Its output goes to a log file whose tail is included in any startup error."""

    def __init__(self, notebook: Path | str = DASHBOARD, timeout: float = 60.0, preheat: bool = False,
                 extra_args: tuple[str, ...] = ()):
        self.notebook = Path(notebook)
        self.timeout = timeout
        # preheat: Voila runs the notebook in a pre-started kernel before anyone asks for the
        # page (a classroom server's setting); the dashboard then waits for the query string.
        self.extra_args = (("--preheat_kernel=True", "--pool_size=1") if preheat else ()) + tuple(extra_args)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None
        self.log_path = Path(tempfile.mkstemp(prefix="voila-", suffix=".log")[1])

    def __enter__(self) -> str:
        if not self.notebook.exists():
            raise FileNotFoundError(f"dashboard notebook not found: {self.notebook}")
        deadline = time.monotonic() + self.timeout
        # A kernel (of this server or another test's) may take the free port between free_port()
        # closing its socket and Voila binding it: a kernel's ZeroMQ socket then answers the probe
        # with bytes that are no HTTP. Voila is told not to wander to another port (it would, and
        # the probe would keep asking the kernel); it exits, and we try again on a new port.
        for attempt in range(5):
            if attempt:
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}/"
            if self._start(deadline):
                return self.url
        raise RuntimeError(f"voila found no free port in 5 tries:\n{self.log_tail()}")

    def _start(self, deadline: float) -> bool:
        """Start Voila on ``self.port``; True once it answers, False when the port was taken."""
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            [voila_executable(), str(self.notebook), f"--port={self.port}", "--Voila.port_retries=0", "--no-browser",
             "--Voila.ip=127.0.0.1", "--ServerApp.open_browser=False", *self.extra_args],
            cwd=str(ROOT), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if "already in use" in self.log_tail(100_000):
                    return False
                raise RuntimeError(f"voila exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                # the tree handler answers fast; the dashboard itself is rendered per page visit
                with urllib.request.urlopen(self.url + "voila/static/require.min.js", timeout=2):
                    return True
            except (OSError, http.client.HTTPException):
                time.sleep(0.2)
        self.__exit__(None, None, None)
        raise RuntimeError(f"voila did not answer on {self.url} within {self.timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, n: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def page_url(self, notebook: str | Path, query: str = "") -> str:
        """The URL of one dashboard: the server's root for a one-notebook server, else
        ``voila/render/<name>`` of the served folder; ``query`` without the '?'."""
        if self.notebook.is_dir():
            rel = Path(notebook)
            if rel.is_absolute():
                rel = rel.relative_to(self.notebook.resolve())
            url = f"{self.url}voila/render/{rel.as_posix()}"
        else:
            url = self.url
        return url + (f"?{query}" if query else "")

    def kernel_pid(self, kernel_id: str) -> int | None:
        """The process of the kernel ``kernel_id`` among this server's children (to kill it in a
        test of what a page shows when its kernel dies)."""
        if self.proc is None:
            return None
        mine = {self.proc.pid}
        found = None
        for _ in range(3):  # children, grandchildren...
            for entry in Path("/proc").iterdir():
                if not entry.name.isdigit():
                    continue
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                    cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                except (OSError, IndexError, ValueError):
                    continue
                if ppid in mine:
                    mine.add(int(entry.name))
                    if kernel_id in cmd:
                        found = int(entry.name)
        return found

    def __exit__(self, *exc: Any) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None


def launch_chromium(playwright: Any):
    if not CHROMIUM.exists():
        raise FileNotFoundError(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)


@contextmanager
def chromium_session():
    """A launched headless Chromium for a ``with`` block (tests' session and module fixtures)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            yield browser
        finally:
            browser.close()


def offline_cdn(page: Any) -> None:
    """Voila's page template links Font Awesome from a CDN, although its bundle already carries
    the icons. On an offline machine (this one, CI) that link fails with a console error, so
    answer it locally with an empty stylesheet; nothing the dashboard uses comes from it."""
    page.route("https://cdn.jsdelivr.net/npm/@fortawesome/**",
               lambda route: route.fulfill(status=200, content_type="text/css", body=""))


def count_outside_requests(target: Any, server_url: str) -> list[str]:
    """Route every request of a page or browser context: those to ``server_url`` (and data:,
    blob:, file:) go through, any other is refused and listed in the returned list."""
    outside: list[str] = []

    def handle(route: Any) -> None:
        url = route.request.url
        if url.startswith(server_url) or url.split(":", 1)[0] in ("data", "blob", "file"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    target.route("**/*", handle)
    return outside


def kernel_id(page: Any) -> str:
    """The id of the kernel behind a Voila page."""
    return page.evaluate("window.jupyterapp.widgetManagerPromise.promise.then(m => m.kernel.id)")


def open_dashboard(page: Any, url: str, timeout_ms: float = 60_000) -> float:
    """Load the dashboard; seconds until the first action button is on screen."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    page.wait_for_selector(READY, timeout=timeout_ms)
    page.locator(ACTION).first.wait_for(state="visible", timeout=timeout_ms)
    return time.perf_counter() - t0


def click_and_measure(page: Any, selector: str = ACTION_CSS, index: int = 0) -> float:
    """Click the ``index``-th visible element matching ``selector``; milliseconds until the
    dashboard shows the resulting state."""
    return float(page.evaluate(_CLICK_JS, [selector, index]))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def dashboards(folder: Path | str | None = None) -> list[Path]:
    """Every dashboard notebook of one game (``notebooks/dashboards/*.ipynb`` with a
    ``dashboard("...")`` call), in name order; the tables' lobby (``tables.ipynb``) has no game
    and no decision to click until a table is made, so it is measured by ``gamelib.bench.tables``."""
    return sorted(p for p in Path(folder or DASHBOARD.parent).glob("*.ipynb") if dashboard_game(p))


def dashboard_game(notebook: Path | str) -> str | None:
    """The game a dashboard notebook plays: the name in its ``dashboard("...")`` call."""
    import re

    m = re.search(r'dashboard\((?:\\"|")([\w-]+)', Path(notebook).read_text(encoding="utf-8"))
    return m.group(1) if m else None


def bench_query(game: str | None) -> str:
    """The link the benchmark opens: for a several-player game the table view with every seat a
    person, so every click is one decision of the stepper and its picture (no agent thinking,
    no agents' pause) and a button is always on screen."""
    if not game:
        return ""
    import gamelib

    players = gamelib.load(game).players
    if len(players) == 1:
        return ""
    return "view=table&pause=0&" + "&".join(f"{p}=person" for p in players)


def measure(page: Any, url: str, clicks: int) -> dict[str, float]:
    """Open ``url`` in ``page``; the first render and ``clicks`` click-to-update latencies (the
    first action button each time, a new game when one ends)."""
    first = open_dashboard(page, url)
    latencies: list[float] = []
    while len(latencies) < clicks:
        if page.locator(READY).get_attribute("data-over") == "1":
            click_and_measure(page, ".gl-stepper .gl-new")
            continue
        latencies.append(click_and_measure(page))
    return {
        "first_render_s": round(first, 3),
        "click_median_ms": round(statistics.median(latencies), 1),
        "click_p95_ms": round(percentile(latencies, 95), 1),
        "clicks": float(len(latencies)),
    }


def run(clicks: int = 40, notebook: Path | str = DASHBOARD, server: VoilaServer | None = None,
        browser: Any = None) -> dict[str, float]:
    """Open one dashboard and click ``clicks`` action buttons; the timings. ``server`` (a running
    ``VoilaServer`` of the dashboards' folder or of this notebook) and ``browser`` (a Playwright
    browser) are reused when given, as the browser tests do; otherwise both are started here."""
    notebook = Path(notebook)
    query = bench_query(dashboard_game(notebook))
    if server is not None and browser is not None:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            offline_cdn(page)
            return measure(page, server.page_url(notebook.resolve(), query), clicks)
        finally:
            page.close()
    from playwright.sync_api import sync_playwright

    with VoilaServer(notebook) as url, sync_playwright() as pw:
        b = launch_chromium(pw)
        try:
            page = b.new_page(viewport={"width": 1400, "height": 1000})
            offline_cdn(page)
            return measure(page, url + (f"?{query}" if query else ""), clicks)
        finally:
            b.close()


#: the targets every dashboard is held to (issues 9, 10, 11)
FIRST_RENDER_TARGET_S = 5.0
CLICK_P95_TARGET_MS = 150.0


def run_all(clicks: int = 40, folder: Path | str | None = None) -> dict[str, dict[str, float]]:
    """Every dashboard, one after the other, on one Voila server of their folder and one browser."""
    from playwright.sync_api import sync_playwright

    books = dashboards(folder)
    out: dict[str, dict[str, float]] = {}
    if not books:
        return out
    server = VoilaServer(books[0].parent)
    with server, sync_playwright() as pw:
        b = launch_chromium(pw)
        try:
            for nb in books:
                out[nb.name] = run(clicks, nb, server=server, browser=b)
        finally:
            b.close()
    return out


def report(results: dict[str, dict[str, float]]) -> list[str]:
    """The lines ``python -m gamelib.bench --browser`` prints: each dashboard against its targets."""
    lines = ["dashboards in a real browser (Voila + headless Chromium; wall-clock times on this machine, "
             f"load average {os.getloadavg()[0]:.1f})"]
    for name, r in results.items():
        first_ok = r["first_render_s"] < FIRST_RENDER_TARGET_S
        click_ok = r["click_p95_ms"] < CLICK_P95_TARGET_MS
        lines.append(f"  {name:<28} first render {r['first_render_s']:5.2f} s (target < {FIRST_RENDER_TARGET_S:g} s "
                     f"{'ok' if first_ok else 'MISS'});  click-to-update p50 {r['click_median_ms']:4.0f} ms, "
                     f"p95 {r['click_p95_ms']:4.0f} ms over {int(r['clicks'])} clicks (target p95 < "
                     f"{CLICK_P95_TARGET_MS:g} ms {'ok' if click_ok else 'MISS'})")
    return lines


def main() -> None:
    for line in report(run_all()):
        print(line)


if __name__ == "__main__":
    main()
