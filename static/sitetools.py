"""Building, serving and opening the static site: shared by its test (tests_static/) and its
benchmark (static/bench.py). The server is Python's own static file server on loopback (any
static web server would do); the browser refuses every request to another host and lists it."""
from __future__ import annotations

import contextlib
import functools
import http.server
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "static"
DASHBOARDS = {"walking-deck": "the-walking-deck", "walk-the-plank": "walk-the-plank", "deadland": "deadland"}
#: a first start in a browser on a loaded 2-core machine can take minutes (measured: 30 s with a
#: load average of 20); a test waits this long before calling it a failure
START_TIMEOUT_MS = 300_000


def build() -> None:
    """``make static``: the tools, the npm packages and the site (quick once fetched)."""
    subprocess.run(["make", "static"], cwd=ROOT, check=True)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path = SITE) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (a free port); yields the base URL, ending in '/'."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def block_outside(context: Any, base: str) -> list[str]:
    """Let through requests to ``base`` (and data:/blob:); refuse any other and list it."""
    outside: list[str] = []

    def handle(route: Any) -> None:
        url = route.request.url
        if url.startswith(base) or url.split(":", 1)[0] in ("data", "blob"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", handle)
    return outside


def dashboard_url(base: str, game: str, query: str = "") -> str:
    return f"{base}voici/render/dashboards/{DASHBOARDS[game]}.html" + (f"?{query}" if query else "")


def open_dashboard(page: Any, url: str, timeout_ms: float = START_TIMEOUT_MS) -> float:
    """Open a dashboard; seconds until its first decision button is on screen."""
    from gamelib.bench import browser as bb

    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(bb.READY, timeout=timeout_ms)
    page.locator(bb.ACTION).first.wait_for(state="visible", timeout=timeout_ms)
    return time.perf_counter() - t0


def site_size(site: Path = SITE) -> int:
    return sum(f.stat().st_size for f in site.rglob("*") if f.is_file())


def fetched_bytes(urls: list[str], base: str, site: Path = SITE) -> int:
    """Bytes of the site's files behind ``urls`` (each counted once): what a visit downloaded."""
    total = 0
    for url in sorted(set(urls)):
        if url.startswith(base):
            path = site / url[len(base):].split("?")[0].split("#")[0]
            if path.is_dir():
                path = path / "index.html"
            if path.is_file():
                total += path.stat().st_size
    return total
