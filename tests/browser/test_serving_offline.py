"""Every Voilà started from the environment is offline and uses our settings (issue 23): the
command a teacher types, ``.venv/bin/voila notebooks/dashboards/deadland.ipynb``, from a neutral
folder with no Jupyter variable set (so neither the repository's etc/jupyter nor its share/jupyter
is named anywhere: only the environment's installed copies can be read), serves a game that
renders in Chromium, and the page asks nothing from outside the server: every request and
websocket the page makes is recorded, and any to another host is refused and fails the test.
The command gets only what the test needs beyond it: a free port, no browser of its own, and a
pool of 1 kernel instead of our settings' 10 (ten Deadland kernels starting at once cost this
suite about 10 CPU-seconds and 30 s; the pool itself comes from our settings, Voilà has none).
"""
from __future__ import annotations

import contextlib
import http.client
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gamelib.bench import browser as bb

from .conftest import need_browser, watch_problems

pytestmark = pytest.mark.browser

DEADLAND = bb.ROOT / "notebooks" / "dashboards" / "deadland.ipynb"


@contextlib.contextmanager
def _serving(command: Callable[[int], list[str]], cwd: Path, host: str, probe: str) -> Iterator[tuple[str, Path]]:
    """Run a server from the environment (no Jupyter variable set) on a free port until its
    ``probe`` answers; yield its URL and its log's path; stop it. ``command(port)`` must tell the
    server not to try other ports: if a kernel took the port first, the server exits and we try
    a new one (see ``gamelib.bench.browser.VoilaServer``)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    log_path = cwd / "server.log"
    deadline = time.monotonic() + 120
    for _ in range(5):
        port = bb.free_port()
        url = f"http://{host}:{port}/"
        with log_path.open("wb") as log:
            proc = subprocess.Popen(command(port), cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL)
        try:
            while proc.poll() is None:
                try:
                    with urllib.request.urlopen(url + probe, timeout=2):
                        break
                except (OSError, http.client.HTTPException):
                    assert time.monotonic() < deadline, log_path.read_text()
                    time.sleep(0.3)
            if proc.poll() is None:
                yield url, log_path
                return
            assert "already in use" in log_path.read_text(), log_path.read_text()
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
    raise AssertionError(f"no free port in 5 tries:\n{log_path.read_text()}")


@pytest.fixture(scope="module")
def plain_voila(tmp_path_factory):
    need_browser()
    def command(port: int) -> list[str]:
        return [str(Path(sys.prefix) / "bin" / "voila"), str(DEADLAND), f"--port={port}", "--Voila.port_retries=0",
                "--no-browser", "--pool_size=1"]
    with _serving(command, tmp_path_factory.mktemp("neutral"), "localhost", "voila/static/require.min.js") as served:
        yield served


def test_a_voila_typed_by_hand_serves_the_game_and_asks_nothing_outside(plain_voila, browser):
    url, log_path = plain_voila
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        seen: list[str] = []
        ctx.on("request", lambda r: seen.append(r.url))
        outside = bb.count_outside_requests(ctx, url)
        page = ctx.new_page()
        page.on("websocket", lambda ws: seen.append(ws.url))
        problems = watch_problems(page)
        bb.open_dashboard(page, url + "?seed=12&view=table", timeout_ms=150_000)
        assert page.locator(".gl-seed input").input_value() == "12"
        page.locator(bb.ACTION).first.click()  # and it plays
        page.wait_for_function("document.querySelector('.gl-stepper .gl-status .gl-ply').dataset.ply === '1'",
                               timeout=60_000)
        assert page.locator("#gl-wait").count() == 0, "our template's loading notice is not gone"
        html = page.content()
        kernel = bb.kernel_id(page)
        page.goto("about:blank")  # the student leaves the page: Voila's page sends its beacon
        page.wait_for_timeout(1000)
    finally:
        ctx.close()
    closed = time.monotonic()
    assert outside == [], f"the page asked for things outside the server: {outside}"
    local = (url, url.replace("http://", "ws://"))
    assert seen and all(u.startswith(local) or u.split(":", 1)[0] in ("data", "blob") for u in seen), seen
    assert any("/api/kernels/" in u and u.startswith("ws://") for u in seen), "no kernel websocket recorded"
    assert problems == [], problems
    # our settings, read from the environment's copies: the page template (share/jupyter), the
    # pool (voila.py; Voilà's default has none), the culler (voila.json), and the kernel limits
    # (voila_kernel_limits.py, which log a visitor's page connecting); the closed tab's kernel is
    # shut down at once by its page's beacon
    assert "/voila/templates/gamelib/" in html, "not our page template"
    log = log_path.read_text()
    assert f"Using pre-heated kernel: {kernel}" in log, log[-2000:]
    assert "Culling kernels with idle durations > 240" in log, log[-2000:]
    assert f"Kernel {kernel} of deadland.ipynb: its page connected" in log, log[-2000:]
    shut = f"Kernel shutdown: {kernel}"
    while shut not in log_path.read_text() and time.monotonic() - closed < 30:
        time.sleep(0.5)
    assert shut in log_path.read_text(), log_path.read_text()[-2000:]


@pytest.fixture(scope="module")
def jupyter_server(tmp_path_factory):
    """JupyterLab's server with Voila as its extension (as on Binder, or a teacher's JupyterLab):
    the environment's settings only, the repository as its root."""
    need_browser()
    def command(port: int) -> list[str]:
        return [str(Path(sys.prefix) / "bin" / "jupyter"), "lab", f"--port={port}", "--ServerApp.port_retries=0",
                "--no-browser", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--allow-root",
                f"--ServerApp.root_dir={bb.ROOT}"]
    with _serving(command, tmp_path_factory.mktemp("lab"), "127.0.0.1", "api/status") as (url, _log):
        yield url


@pytest.mark.slow
def test_voila_inside_jupyterlab_uses_our_page_and_asks_nothing_outside(jupyter_server, browser):
    """Voila as a server extension sets a MathJax URL on cdnjs that its page fetched; our template
    unsets it. A slow test (its own JupyterLab and kernel): .ci/run runs it."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        outside = bb.count_outside_requests(ctx, jupyter_server)
        page = ctx.new_page()
        bb.open_dashboard(page, jupyter_server + "voila/render/notebooks/dashboards/deadland.ipynb?seed=3",
                          timeout_ms=150_000)
        assert page.locator(".gl-seed input").input_value() == "3"
        html = page.content()
    finally:
        ctx.close()
    assert "/voila/templates/gamelib/" in html, "not our page template"
    assert outside == [], f"the page asked for things outside the server: {outside}"
