"""Browser benchmark of a dashboard: a real Voila server, driven by headless Chromium.

Reports the time from opening the page to the first interactive render (the action buttons
are on screen) and the click-to-update latency (from a click on an action button until the
status line shows the new decision count, measured inside the page with ``performance.now``).

    python -m gamelib.bench_browser            # prints a small table, returns a dict from run()

The browser tests reuse ``VoilaServer``, ``launch_chromium`` and ``click_and_measure`` so the
benchmark and the tests drive the dashboard the same way."""
from __future__ import annotations

import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            [voila_executable(), str(self.notebook), f"--port={self.port}", "--no-browser",
             "--Voila.ip=127.0.0.1", "--ServerApp.open_browser=False", *self.extra_args],
            cwd=str(ROOT), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                # the tree handler answers fast; the dashboard itself is rendered per page visit
                with urllib.request.urlopen(self.url + "voila/static/require.min.js", timeout=2):
                    return self.url
            except OSError:
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


def run(clicks: int = 40, notebook: Path | str = DASHBOARD) -> dict[str, float]:
    """Start Voila, open the dashboard, click ``clicks`` action buttons (the first one each
    time, starting a new game when one ends) and return the timings."""
    from playwright.sync_api import sync_playwright

    with VoilaServer(notebook) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            offline_cdn(page)
            first = open_dashboard(page, url)
            latencies: list[float] = []
            while len(latencies) < clicks:
                over = page.locator(READY).get_attribute("data-over") == "1"
                if over:
                    click_and_measure(page, ".gl-stepper .gl-new")
                    continue
                latencies.append(click_and_measure(page))
        finally:
            browser.close()
    return {
        "first_render_s": round(first, 3),
        "click_median_ms": round(statistics.median(latencies), 1),
        "click_p95_ms": round(percentile(latencies, 95), 1),
        "clicks": float(len(latencies)),
    }


def main() -> None:
    result = run()
    print("dashboard in a real browser (Voila + headless Chromium)")
    print(f"  time to first interactive render: {result['first_render_s']:.2f} s   (target < 5 s)")
    print(f"  click-to-update latency: median {result['click_median_ms']:.0f} ms, "
          f"p95 {result['click_p95_ms']:.0f} ms over {int(result['clicks'])} clicks   (target p95 < 150 ms)")


if __name__ == "__main__":
    main()
