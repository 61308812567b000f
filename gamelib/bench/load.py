"""Load test of a classroom server: N visitors open a dashboard and play, in headless Chromium.

    python -m gamelib.bench --load 30 [--over 60] [--decisions 20] [--after 300]   # or make load-test
    python -m gamelib.bench --load 30 --over 60 --gets 30 --tabs 20   # and a crowd that takes kernels
    python -m gamelib.bench --load 10 --url http://127.0.0.1:8866/   # a server already running (make demo)

Starts Voilà on loopback (127.0.0.1, a free port) with the repository's settings (etc/jupyter:
voila.json, voila.py, the kernel limits), waits until its pools of pre-started kernels are full (a teacher starts
the server before the class), then lets N visitors - one Playwright browser context each -
arrive at once or spread evenly over ``--over`` seconds. Each opens the dashboard with its own
``?seed=``, checks that the page shows that seed, and takes ``--decisions`` decisions (starting a
new game when one ends), pausing ``--think`` seconds on average between them as a person would.
The visitors stay until all have finished (a class stays on the page), then every tab closes.

Prints: sessions completed; first render (from opening the page to the first decision button on
screen) p50/p95; click-to-update (from a click until the status line shows the new decision) p50/p95;
memory per kernel and in total while everyone is on; and how many of the visitors' kernels are
still alive after all tabs closed, watched for ``--after`` seconds (it stops early once all are
gone). Everything has a time limit; the server and the browser are stopped at the end.

The browsers run on the same machine as the server, so their CPU use counts against the figures:
a real class brings its own. The load average is printed beside the figures."""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import os
import random
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from . import browser as bb
from .crowd import Crowd, Watch, arrive
from .proc import cpu_seconds, kernel_processes, listening_pid, memory_mb, tree_cpu_seconds  # noqa: F401

ROOT = bb.ROOT
DASHBOARDS = ROOT / "notebooks" / "dashboards"
SETTINGS_DIR = ROOT / "etc" / "jupyter"
NEW_GAME = ".gl-stepper .gl-new"
CONFIRM = ".gl-stepper .gl-confirm-yes"
NOTICE = "#gl-wait"
# Records whether the page put up its loading notice (installed before the page's scripts; looks only
# at added nodes, so it costs nothing while the page builds).
_WATCH_NOTICE_JS = """
(() => {
  const obs = new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.id === 'gl-wait') { window.__glSawNotice = true; obs.disconnect(); return; }
    }
  });
  obs.observe(document, {childList: true, subtree: true});
})();
"""


# ---- the repository's settings -------------------------------------------------------------------
def settings_env(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment variables under which a Voilà reads the repository's settings: etc/jupyter
    first on JUPYTER_CONFIG_PATH, so the work tree's copies are read even where the environment's
    (installed by make) are older."""
    environ = os.environ if environ is None else environ
    paths = [str(SETTINGS_DIR)] + [p for p in environ.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep) if p]
    return {"JUPYTER_CONFIG_PATH": os.pathsep.join(dict.fromkeys(paths))}


@contextlib.contextmanager
def started(server: bb.VoilaServer, **env: str) -> Iterator[bb.VoilaServer]:
    """``with started(VoilaServer(...)) as server:`` the server runs with the repository's
    settings (its process inherits settings_env() and ``env``; this process's environment is put
    back as soon as it has started), and is stopped afterwards."""
    extra = {**settings_env(), **env}
    saved = {k: os.environ.get(k) for k in extra}
    os.environ.update(extra)
    try:
        server.__enter__()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    try:
        yield server
    finally:
        server.__exit__(None, None, None)


# ---- a server started elsewhere (make demo) --------------------------------------------------------
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


class _Process:
    def __init__(self, pid: int):
        self.pid = pid

    def poll(self) -> int | None:
        return None if Path(f"/proc/{self.pid}").exists() else 0


class RunningServer:
    """A Voilà already running on this machine's loopback, e.g. ``make demo``, serving the
    dashboards' folder: ``--url http://127.0.0.1:8866/``. Its process is found by its port (for
    the memory figures); its log is not known, so neither is which kernels were pre-started."""

    def __init__(self, url: str):
        from urllib.parse import urlparse

        u = urlparse(url)
        if u.scheme != "http" or u.hostname not in LOOPBACK or u.port is None:
            raise ValueError(f"--url {url!r}: give http://127.0.0.1:PORT/ (the load test stays on loopback)")
        self.url = f"http://{u.hostname}:{u.port}{u.path.rstrip('/')}/"
        pid = listening_pid(u.port)
        self.proc = _Process(pid) if pid else None
        self.notebook = DASHBOARDS
        self.log_path = "(unknown: the server was started elsewhere)"

    def log_tail(self, n: int = 3000) -> str:
        return ""

    page_url = bb.VoilaServer.page_url


def pools_started(server: bb.VoilaServer, notebooks: list[str]) -> bool:
    """Whether every notebook's pool has had its kernels started once (Voilà logs it; they may
    still be running their notebook)."""
    log = server.log_tail(10**7)
    return all(f"Kernel pool of {nb} is filled" in log for nb in notebooks)


def wait_until_ready(server: Any, notebooks: list[str], timeout: float) -> float:
    """Seconds until the pools are started and the server and its kernels are quiet (under 0.1
    CPU-seconds in 2 s: the pre-started kernels have run their notebooks up to their visitor).
    For a server started elsewhere, only the quiet."""
    if server.proc is None:
        return 0.0
    started_here = isinstance(server, bb.VoilaServer)
    t0 = time.perf_counter()
    last = cpu_seconds(server.proc.pid)
    while time.perf_counter() - t0 < timeout:
        if server.proc.poll() is not None:
            raise RuntimeError(f"voila exited:\n{server.log_tail()}")
        time.sleep(2.0)
        now = cpu_seconds(server.proc.pid)
        if (pools_started(server, notebooks) or not started_here) and now - last < 0.1:
            break
        last = now
    return time.perf_counter() - t0


def preheated_ids(server: bb.VoilaServer) -> set[str]:
    return set(re.findall(r"Using pre-heated kernel: ([0-9a-f-]{36})", server.log_tail(10**7)))


def culled_ids(server: bb.VoilaServer) -> set[str]:
    return set(re.findall(r"Culling '[a-z]+' kernel '[^']*' \(([0-9a-f-]{36})\)", server.log_tail(10**7)))


def released_ids(server: bb.VoilaServer, why: str = "") -> set[str]:
    """Kernels released by the limits of etc/jupyter/voila_kernel_limits.py (``why``: a part of the
    reason, "closed" or "no page connected")."""
    return {kid for kid, reason in re.findall(r"Releasing kernel ([0-9a-f-]{36}) of .*?: (.*)", server.log_tail(10**7))
            if why in reason}


def gone_ids(server: bb.VoilaServer) -> set[str]:
    """Kernels shut down by the culler or released by the limits."""
    return culled_ids(server) | released_ids(server)


def refused(server: bb.VoilaServer) -> int:
    """Requests refused because the server was full."""
    return server.log_tail(10**7).count("Server full: refused")


def kernel_alive(server: bb.VoilaServer, kernel_id: str) -> bool:
    """The server still has the kernel (its REST model answers) or its process still runs."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{server.url}api/kernels/{kernel_id}", timeout=5):
            return True
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            return True
    except OSError:
        pass
    return server.proc is not None and kernel_id in kernel_processes(server.proc.pid)


# ---- one visitor ------------------------------------------------------------------------------------
@dataclass
class Visit:
    index: int
    seed: int
    kernel: str = ""
    first_render_s: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    saw_notice: bool = False
    error: str = ""
    by_wire: bool = False  # a visitor without a browser (bench/wire.py)

    @property
    def completed(self) -> bool:
        return not self.error and self.first_render_s is not None


async def _visit(browser: Any, url: str, v: Visit, decisions: int, think: float, rng: random.Random,
                 timeout_s: float) -> Any:
    """Open the page, check it, take the decisions; returns the open context (closed by the caller)."""
    ctx = await browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        await ctx.add_init_script(_WATCH_NOTICE_JS)
        page = await ctx.new_page()
        t0 = time.perf_counter()
        response = await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        if response is not None and response.status == 503:
            raise RuntimeError("refused: the server is full (HTTP 503)")
        await page.wait_for_selector(bb.READY, timeout=timeout_s * 1000)
        await page.locator(bb.ACTION).first.wait_for(state="visible", timeout=timeout_s * 1000)
        v.first_render_s = time.perf_counter() - t0
        v.saw_notice = bool(await page.evaluate("!!window.__glSawNotice"))
        v.kernel = await page.evaluate(
            "window.jupyterapp.widgetManagerPromise.promise.then(m => m.kernel.id)")
        if v.seed is not None:
            shown = await page.locator(".gl-seed input").input_value()
            if shown != str(v.seed):
                raise RuntimeError(f"the page shows seed {shown!r}, its URL asked for {v.seed}")
        while len(v.clicks_ms) < decisions:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            over = await page.locator(bb.READY).get_attribute("data-over") == "1"
            if over:
                await page.evaluate(bb._CLICK_JS, [NEW_GAME, 0])
                continue
            v.clicks_ms.append(float(await page.evaluate(bb._CLICK_JS, [bb.ACTION_CSS, 0])))
        return ctx
    except Exception as exc:
        seen = ""
        with contextlib.suppress(Exception):  # what the visitor was looking at, for the report
            seen = " ".join((await asyncio.wait_for(page.inner_text("body"), 5)).split())[:160]
        await ctx.close()
        raise RuntimeError(f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}; page: {seen!r}") from exc
    except BaseException:
        await ctx.close()
        raise


def summary(values: list[float]) -> tuple[float, float]:
    return (statistics.median(values) if values else float("nan"), bb.percentile(values, 95))


async def _class(url_of, n: int, over: float, decisions: int, think: float, timeout_s: float,
                 query: bool, on_all_in, crowd: Crowd | None = None, gets: int = 0,
                 tabs: int = 0, wire: int = 0) -> list[Visit]:
    from playwright.async_api import async_playwright

    from . import wire as by_wire

    # the n - wire visitors in Chromium evenly spread among the arrivals, the others by wire
    browsers = n - wire
    visits = [Visit(i, 1000 + i if query else None, by_wire=(i * browsers) // n == ((i + 1) * browsers) // n)  # type: ignore[arg-type]
              for i in range(n)]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(bb.CHROMIUM), args=bb.CHROMIUM_ARGS, headless=True)
        try:
            contexts: list[Any] = []
            start = time.perf_counter()

            async def one(v: Visit) -> None:
                await asyncio.sleep(max(0.0, start + v.index * over / n - time.perf_counter()))
                try:
                    visit = (by_wire.fill(v, url_of(v.seed), decisions, think, random.Random(v.index), timeout_s)
                             if v.by_wire else
                             _visit(browser, url_of(v.seed), v, decisions, think, random.Random(v.index), timeout_s))
                    ctx = await asyncio.wait_for(visit, timeout=timeout_s + decisions * (think * 1.5 + 20))
                    contexts.append(ctx)  # a browser context, or a wire visitor's open page
                except asyncio.TimeoutError:
                    v.error = "did not finish in time"
                except Exception as exc:  # noqa: BLE001 - a failed visit is a figure, not a crash
                    v.error = str(exc).splitlines()[0][:400]

            extra = [arrive(browser, url_of, gets, tabs, over, timeout_s, crowd)] if crowd else []
            await asyncio.gather(*(one(v) for v in visits), *extra)
            on_all_in(visits)  # everyone who made it is still on the page: measure now
            await asyncio.gather(*(c.close() for c in contexts), return_exceptions=True)
        finally:
            await browser.close()
    return visits


def run(visitors: int = 30, over: float = 0.0, decisions: int = 20, think: float = 1.0, after: float = 300.0,
        notebook: str = "the-walking-deck.ipynb", server: Any = None,
        extra_args: tuple[str, ...] = (), pool_timeout: float = 600.0, timeout_s: float = 180.0,
        query: bool = True, gets: int = 0, tabs: int = 0, wire: int = 0, log=print) -> dict[str, Any]:
    """Run the load test and return its figures. With ``server`` (a running VoilaServer or a
    RunningServer, serving the dashboards' folder) the visitors use it; without, a server with the
    repository's settings is started (``extra_args`` added to its command line) and stopped at the end.
    ``gets`` plain GETs and ``tabs`` tabs opened and closed arrive among the visitors (bench/crowd.py);
    ``wire`` of the visitors use no browser (bench/wire.py)."""
    own = server is None
    figures: dict[str, Any] = {"visitors": visitors, "over_s": over, "decisions": decisions, "wire": wire,
                               "load_before": round(os.getloadavg()[0], 1)}
    with contextlib.ExitStack() as stack:
        if own:
            server = stack.enter_context(started(bb.VoilaServer(DASHBOARDS, timeout=120, extra_args=extra_args)))
        assert server is not None
        notebooks = sorted(p.name for p in server.notebook.glob("*.ipynb")) if server.notebook.is_dir() else [notebook]
        ready = wait_until_ready(server, notebooks, pool_timeout)
        figures["pools_ready_s"] = round(ready, 1) if own else None
        pid = server.proc.pid if server.proc is not None else None
        standby_before = set(kernel_processes(pid)) if pid else set()
        log(f"{visitors} visitors {'at once' if not over else f'over {over:g} s'}, {decisions} decisions each, "
            f"{notebook}; {len(standby_before) if pid else 'unknown:'} kernels standing by; load average {figures['load_before']}")

        def page_url(seed: int | None) -> str:
            return server.page_url(notebook, f"seed={seed}" if seed is not None else "")

        memory: dict[str, Any] = {}
        measure = _measure(pid, memory)
        t_run = time.perf_counter()
        crowd = Crowd()
        watch = stack.enter_context(Watch(pid, kernel_processes, memory_mb)) if pid else None
        # in a thread of its own: asyncio.run() must not meet a loop already running here (a
        # caller's synchronous Playwright, e.g. the browser tests' session fixture)
        with concurrent.futures.ThreadPoolExecutor(1) as one:
            visits = one.submit(asyncio.run, _class(page_url, visitors, over, decisions, think, timeout_s,
                                                    query, measure, crowd, gets, tabs, wire)).result()
        figures["run_s"] = round(time.perf_counter() - t_run, 1)
        figures.update(_visit_figures(visits, server))
        figures.update(memory)
        figures.update({"gets": dict(crowd.gets), "tabs": dict(crowd.tabs)})
        figures.update(_after_class(server, pid, standby_before, figures["visitor_kernels"], after, watch))
    return figures


def _measure(pid: int | None, memory: dict[str, Any]) -> Callable[[list[Visit]], None]:
    """``measure(visits)``, which the class calls while every page is still open: the CPU time of
    the browsers (this process's children) and of the server (``pid``) from now, and the
    kernels' memory, into ``memory``."""
    me = os.getpid()
    cpu0 = (tree_cpu_seconds(pid) if pid else 0.0, tree_cpu_seconds(me, skip=pid))

    def measure(visits: list[Visit]) -> None:
        memory["browser_cpu_s"] = tree_cpu_seconds(me, skip=pid) - cpu0[1]
        if not pid:
            return
        memory["server_cpu_s"] = tree_cpu_seconds(pid) - cpu0[0]
        kernels = kernel_processes(pid)
        theirs = [memory_mb(k) for kid, k in kernels.items() if kid in {v.kernel for v in visits}]
        every = [memory_mb(k) for k in kernels.values()]
        server_mb = memory_mb(pid)
        memory.update({
            "kernel_rss_mb": statistics.median([m[0] for m in theirs]) if theirs else float("nan"),
            "kernel_pss_mb": statistics.median([m[1] for m in theirs]) if theirs else float("nan"),
            "kernels_alive": len(kernels),
            "total_pss_mb": sum(m[1] for m in every) + server_mb[1],
            "server_pss_mb": server_mb[1],
        })

    return measure


def _renders_and_clicks(visits: list[Visit], prefix: str = "") -> dict[str, Any]:
    done = [v for v in visits if v.completed]
    renders = [v.first_render_s for v in done if v.first_render_s is not None]
    clicks = [c for v in done for c in v.clicks_ms]
    return {f"{prefix}completed": len(done), f"{prefix}first_render_p50_s": summary(renders)[0],
            f"{prefix}first_render_p95_s": summary(renders)[1], f"{prefix}click_p50_ms": summary(clicks)[0],
            f"{prefix}click_p95_ms": summary(clicks)[1], f"{prefix}clicks": len(clicks)}


def _visit_figures(visits: list[Visit], server: Any) -> dict[str, Any]:
    """What the visitors saw: completed sessions, errors, first renders and clicks (of all, and of
    those in Chromium alone: a wire visitor's first render is its page and widgets, not drawn)."""
    done = [v for v in visits if v.completed]
    return {
        **_renders_and_clicks(visits), **_renders_and_clicks([v for v in visits if not v.by_wire], "browser_"),
        "errors": [f"visitor {v.index}{' (wire)' if v.by_wire else ''}: {v.error}" for v in visits if v.error],
        "saw_notice": sum(v.saw_notice for v in visits),
        # read from the server's log: unknown (None) for a server started elsewhere (--url)
        "preheated": (len({v.kernel for v in done} & preheated_ids(server))
                      if isinstance(server, bb.VoilaServer) else None),
        "visitor_kernels": sorted({v.kernel for v in visits if v.kernel}),
        "load_after_run": round(os.getloadavg()[0], 1),
    }


def _after_class(server: Any, pid: int | None, standby_before: set, visitor_kernels: list[str], after: float,
                 watch: Watch | None) -> dict[str, Any]:
    """Every tab is closed: watch the visitors' kernels go (and the GETs' and tabs'), for up to
    ``after`` seconds, then what the server's log and the watch say."""
    figures: dict[str, Any] = {}

    def leftover() -> int:  # kernels beyond those standing by before the class (the GETs' too)
        return max(0, len(kernel_processes(pid)) - len(standby_before)) if pid else 0

    closed = time.perf_counter()
    alive = set(visitor_kernels)
    while (alive or leftover()) and time.perf_counter() - closed < after:
        time.sleep(min(5.0, max(0.5, after / 20)))
        alive = {k for k in alive if kernel_alive(server, k)}
    figures["leftover_after"] = leftover()
    if watch is not None:
        watch.__exit__()
        figures.update({"max_kernels": watch.max_kernels, "max_pss_mb": round(watch.max_pss_mb)})
    if isinstance(server, bb.VoilaServer):
        text = server.log_tail(10**8)
        delays = [float(x) for x in re.findall(r"its page connected ([\d.]+) s after", text)]
        figures.update({"refused": refused(server), "released_unconnected": len(released_ids(server, "no page")),
                        "released_closed": len(released_ids(server, "closed")),
                        "connect_delay_p50_s": summary(delays)[0], "connect_delay_max_s": max(delays, default=float("nan"))})
    figures["after_s"] = after
    figures["alive_after"] = len(alive)
    figures["all_gone_after_s"] = None if alive else round(time.perf_counter() - closed, 1)
    figures["culled"] = len(set(visitor_kernels) & culled_ids(server))
    figures["released"] = len(set(visitor_kernels) & released_ids(server))
    figures["standing_by"] = len(set(kernel_processes(pid)) - set(visitor_kernels)) if pid else None
    figures["load_after"] = round(os.getloadavg()[0], 1)
    figures["server_log"] = str(server.log_path)
    return figures


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(prog="python -m gamelib.bench --load N", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--load", type=int, default=30, metavar="N", help="visitors (default 30)")
    ap.add_argument("--over", type=float, default=0.0, metavar="S", help="spread their arrivals over S seconds (default 0: at once)")
    ap.add_argument("--decisions", type=int, default=20, help="decisions each visitor takes (default 20)")
    ap.add_argument("--think", type=float, default=1.0, metavar="S", help="mean seconds between a visitor's decisions (default 1)")
    ap.add_argument("--after", type=float, default=300.0, metavar="S",
                    help="seconds to watch the visitors' kernels after all tabs closed (default 300; stops when all are gone)")
    ap.add_argument("--notebook", default="the-walking-deck.ipynb", help="dashboard in notebooks/dashboards")
    ap.add_argument("--no-query", action="store_true", help="open the page without ?seed= (a dashboard that ignores it)")
    ap.add_argument("--url", metavar="URL", help="use a Voilà already running on loopback (e.g. make demo: "
                    "http://127.0.0.1:8866/) instead of starting one")
    ap.add_argument("--gets", type=int, default=0, metavar="G",
                    help="plain GETs of the dashboard among the visitors, none opening its websocket (default 0)")
    ap.add_argument("--tabs", type=int, default=0, metavar="T",
                    help="tabs opened and closed 1-5 s later among the visitors (default 0)")
    ap.add_argument("--wire", type=int, default=0, metavar="W",
                    help="visitors without a browser among the N (bench/wire.py; the rest in Chromium; default 0)")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="extra Voilà option, e.g. --voila-arg=--pool_size=30 (repeatable)")
    a = ap.parse_args(argv)
    if a.load < 1 or a.decisions < 1 or a.over < 0 or a.after < 0 or a.gets < 0 or a.tabs < 0 or not 0 <= a.wire <= a.load:
        ap.error("--load and --decisions must be at least 1, --over, --after, --gets and --tabs not negative, --wire at most --load")
    try:
        server = RunningServer(a.url) if a.url else None
    except ValueError as exc:
        ap.error(str(exc))
    f = run(visitors=a.load, over=a.over, decisions=a.decisions, think=a.think, after=a.after,
            notebook=a.notebook, extra_args=tuple(a.voila_arg), query=not a.no_query, server=server,
            gets=a.gets, tabs=a.tabs, wire=a.wire)
    from .load_report import report

    report(f)
    return f


if __name__ == "__main__":
    main()
