"""What a load test adds around its visitors (``python -m gamelib.bench --load N --gets G --tabs T``):
plain GETs of the dashboard that never open its websocket (a link preview, a script, a curious
student), tabs that are opened and closed before their game shows, and a watch on the server's
kernels and memory all along, to check the cap on visitors' kernels holds
(etc/jupyter/voila_kernel_limits.py, docs/deploy.md: "Kernels and memory")."""
from __future__ import annotations

import asyncio
import random
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable


def plain_get(url: str, timeout_s: float) -> int:
    """The HTTP status of a GET of ``url``, the whole page read (0: no answer in time)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


@dataclass
class Crowd:
    """The extra requests' outcomes: HTTP status -> how many."""

    gets: Counter = field(default_factory=Counter)
    tabs: Counter = field(default_factory=Counter)


async def arrive(browser: Any, url_of: Callable[[int], str], gets: int, tabs: int, over: float,
                 timeout_s: float, crowd: Crowd) -> None:
    """``gets`` plain GETs and ``tabs`` tabs, spread evenly over ``over`` seconds (interleaved); each
    tab is closed 1 to 5 s after the server began to answer it."""
    start = time.perf_counter()
    rng = random.Random(7)
    kinds = ["get"] * gets + ["tab"] * tabs
    rng.shuffle(kinds)

    async def one(i: int, kind: str) -> None:
        await asyncio.sleep(max(0.0, start + i * over / max(1, len(kinds)) - time.perf_counter()))
        url = url_of(5000 + i)
        if kind == "get":
            crowd.gets[await asyncio.to_thread(plain_get, url, timeout_s)] += 1
            return
        ctx = await browser.new_context()
        try:
            page = await ctx.new_page()
            response = await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
            crowd.tabs[response.status if response else 0] += 1
            await asyncio.sleep(rng.uniform(1.0, 5.0))
        except Exception:  # noqa: BLE001 - a tab that got nothing is a figure, not a crash
            crowd.tabs[0] += 1
        finally:
            await ctx.close()

    await asyncio.gather(*(one(i, k) for i, k in enumerate(kinds)))


class Watch:
    """Samples the server's kernels and memory every ``every`` seconds in a thread of its own:
    the most kernels alive at once and the most memory (proportional, server and kernels)."""

    def __init__(self, server_pid: int, kernel_processes: Callable[[int], dict[str, int]],
                 memory_mb: Callable[[int], tuple[float, float]], every: float = 2.0):
        self.pid, self.kernel_processes, self.memory_mb, self.every = server_pid, kernel_processes, memory_mb, every
        self.max_kernels = 0
        self.max_pss_mb = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            kernels = self.kernel_processes(self.pid)
            pss = self.memory_mb(self.pid)[1] + sum(self.memory_mb(p)[1] for p in kernels.values())
            self.max_kernels = max(self.max_kernels, len(kernels))
            self.max_pss_mb = max(self.max_pss_mb, pss)
            self._stop.wait(self.every)

    def __enter__(self) -> "Watch":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
