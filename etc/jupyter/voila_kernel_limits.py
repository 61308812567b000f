"""Limits on the kernels a Voilà hands to its visitors (loaded by voila.py, beside it).

Without them, every request for a dashboard took a kernel, a plain GET as much as a student's tab,
and kept it until the culler came (4 minutes idle): 15 GETs held 15 kernels and 1.1 GB, and
nothing capped their number. Here:

* **a cap**: at most ``KernelLimits.per_dashboard`` visitors' kernels for one dashboard and
  ``KernelLimits.total`` for all of them together (the pre-started kernels waiting in the pools
  are not counted: the pools bound those). A request past the cap gets no kernel, and the page
  ``503.html`` of our template ("the server is full, try again in a minute"), HTTP 503;
* **release**: a visitor's kernel is shut down when nothing uses it for a while: once its page
  has been sent (``log_request``, Tornado's hook at the end of each request), ``connect_within`` seconds with no sign of a browser (a plain GET); once
  the page has called the server (our template's page says "I am loading" every 5 s, from its
  first bytes until its game shows: ``GET api/kernels/<id>``), ``loading_within`` seconds without
  another call or its websocket (a tab closed while it loaded: a browser on a machine this busy
  can take half a minute and more from the notebook's end to its websocket, so a loading page
  gets longer); once its websocket has connected, ``release_after`` seconds without one. A tab
  closed the ordinary way needs none of this: our template's page sends a beacon as it goes
  (``voila/api/shutdown/<id>``) and its kernel goes at once. A websocket that drops while its page
  stays open (a server so busy it misses the heartbeats, a phone changing networks) is a page that
  will come back: JupyterLab's client tries again 1, 2, 4 ... 64 s later, 127 s in all, so
  ``release_after`` is longer than that. Neither these kernels nor those of plain GETs block a
  class: a request that finds the cap reached **reclaims** the kernel of a page no browser loaded,
  else of the page disconnected longest, once it has been so for ``reclaim_after`` seconds, rather
  than being refused. The culler stays as a backstop.

Voilà builds its kernel manager class in ``voila.app.voila_kernel_manager_factory`` (the pools
are added on top of ``VoilaConfiguration.multi_kernel_manager_class``), and a visitor's kernel is
taken from a pool in the class it builds (``get_rendered_notebook``), so ``install()`` wraps that
function and puts ``KernelLimits`` on top of what it returns. Checked against Voilà 0.5.
"""
from __future__ import annotations

import asyncio
import contextvars
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote

from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Integer
from traitlets.config import LoggingConfigurable

#: the status line of a refused request (the page's words are in the template's 503.html)
FULL = "Server full"

#: set while Voilà's shutdown handler runs: the page's own request as it goes (its beacon)
_BEACON: contextvars.ContextVar[bool] = contextvars.ContextVar("gamelib_beacon", default=False)

#: (manager, kernel id) of the page the current request is sending: set when its kernel is handed
#: out, read by ``page_sent`` when the request ends (both run in the request's own task)
_SENDING: contextvars.ContextVar[tuple[Any, str] | None] = contextvars.ContextVar("gamelib_sending", default=None)


@dataclass
class Visitor:
    """A kernel handed to a request (``kernel_id`` is "" while it is being handed out)."""

    dashboard: str
    seen: float  # monotonic: the last moment its page was connected or its kernel busy
    kernel_id: str = ""
    sending: bool = True  # the server is still sending its page (the grace starts once it is sent)
    connected: bool = False  # its page has connected its websocket at least once
    loading: bool = False  # its page has called the server (a browser is loading it)
    releasing: bool = False


class KernelLimits(LoggingConfigurable):
    """Mixed in on top of Voilà's kernel manager (see ``install``)."""

    per_dashboard = Integer(40, config=True, help="""Visitors' kernels at most for one dashboard
        (pre-started kernels not counted). A class of 30, reloads and the teacher's screen.""")
    total = Integer(60, config=True, help="""Visitors' kernels at most for all dashboards together
        (pre-started kernels not counted).""")
    connect_within = Float(30.0, config=True, help="""Seconds a visitor's kernel is kept, once its
        notebook has run, for its page to connect; then it is shut down (a plain GET).""")
    loading_within = Float(120.0, config=True, help="""Seconds a visitor's kernel is kept for a page
        that has called the server but not connected its websocket yet, after its last call.""")
    release_after = Float(130.0, config=True, help="""Seconds a visitor's kernel is kept after its
        page's last websocket closed without the page's closing beacon; then it is shut down (a
        crashed browser). Longer than the page's own attempts to reconnect (127 s).""")
    reclaim_after = Float(15.0, config=True, help="""When the cap is reached, a new visitor takes
        the kernel of the page disconnected longest, if it has been disconnected this many seconds.""")
    check_every = Float(1.0, config=True, help="Seconds between two looks at the visitors' kernels.")

    def __init__(self, **kwargs: Any) -> None:
        self._visitors: dict[Any, Visitor] = {}
        self._watch: PeriodicCallback | None = None
        # shutdowns of reclaimed kernels still running (a reference, so none is garbage-collected)
        self._reclaiming: set[asyncio.Future] = set()
        super().__init__(**kwargs)

    # ---- the cap ---------------------------------------------------------------------------------
    def visitors(self, dashboard: str | None = None) -> int:
        """Visitors' kernels (those being handed out included), of one dashboard or of all."""
        return sum(1 for v in self._visitors.values() if dashboard is None or v.dashboard == dashboard)

    def _admit(self, dashboard: str) -> object:
        """Reserve a place for a request's kernel, or refuse the request (HTTP 503). Nothing is
        awaited between the count and the reservation, so concurrent requests cannot overshoot."""
        mine, every = self.visitors(dashboard), self.visitors()
        if (mine >= self.per_dashboard or every >= self.total) and self._reclaim(dashboard, mine):
            mine, every = self.visitors(dashboard), self.visitors()
        if mine >= self.per_dashboard or every >= self.total:
            self.log.warning("Server full: refused a request for %s (%d of %d kernels for it, %d of %d in all)",
                             dashboard, mine, self.per_dashboard, every, self.total)
            raise web.HTTPError(503, reason=FULL)
        token = object()
        self._visitors[token] = Visitor(dashboard, time.monotonic())
        self._start_watching()
        return token

    def _reclaim(self, dashboard: str, mine: int, now: float | None = None) -> bool:
        """Free a place for a request past the cap: shut down the kernel of a page no browser loaded
        (sent at least ``reclaim_after`` s ago), else of the page disconnected longest (as long), of
        this dashboard when this dashboard is the one full. Its place is free at once (the shutdown
        itself runs in the background)."""
        now = time.monotonic() if now is None else now
        connections: dict[str, int] = getattr(self, "_kernel_connections", {})
        candidates = [v for v in self._visitors.values()
                      if v.kernel_id and not v.releasing and not v.sending and not v.loading
                      and connections.get(v.kernel_id, 0) == 0 and now - v.seen >= self.reclaim_after
                      and (mine < self.per_dashboard or v.dashboard == dashboard)]
        if not candidates:
            return False
        # a page sent that no browser ever loaded (a plain GET, a link preview: a browser's page
        # calls the server within seconds) goes before a page that was connected and may come back
        victim = min(candidates, key=lambda v: (v.connected, v.seen))
        self.log.info("Reclaiming kernel %s of %s for a new visitor: %s %.0f s ago", victim.kernel_id, victim.dashboard,
                      "its page disconnected" if victim.connected else "no browser loaded its page, sent",
                      now - victim.seen)
        self._visitors.pop(victim.kernel_id, None)
        victim.releasing = True
        task = asyncio.ensure_future(self._shut_down_quietly(victim.kernel_id))
        self._reclaiming.add(task)
        task.add_done_callback(self._reclaiming.discard)
        return True

    async def _shut_down_quietly(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id)
        except Exception as exc:  # noqa: BLE001 - already gone (its page's beacon, the culler)
            self.log.warning("Reclaiming kernel %s failed: %r", kernel_id, exc)

    def _admitted(self, token: object, kernel_id: str) -> None:
        visitor = self._visitors.pop(token)
        visitor.kernel_id, visitor.seen = kernel_id, time.monotonic()
        self._visitors[kernel_id] = visitor
        _SENDING.set((self, kernel_id))

    def page_sent(self, kernel_id: str) -> None:
        """The request that took ``kernel_id`` has ended: its page is sent (or its client gone)."""
        visitor = self._visitors.get(kernel_id)
        if visitor is not None:
            visitor.sending, visitor.seen = False, time.monotonic()

    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        """A pre-started kernel for a request (Voilà's pool), within the cap."""
        token = self._admit(notebook_name)
        try:
            result = await super().get_rendered_notebook(notebook_name, *args, **kwargs)  # type: ignore[misc]
        except BaseException:
            self._visitors.pop(token, None)
            raise
        self._admitted(token, result[2])
        return result

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A kernel started for a request (no pool, or a notebook kept out of the pools), within
        the cap. The pools' own kernels (VOILA_PREHEAT=True) are not visitors'."""
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True":
            return await super().start_kernel(*args, **kwargs)  # type: ignore[misc]
        token = self._admit(self._dashboard_of(env))
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)  # type: ignore[misc]
        except BaseException:
            self._visitors.pop(token, None)
            raise
        self._admitted(token, kernel_id)
        return kernel_id

    def _dashboard_of(self, env: dict[str, str]) -> str:
        """The notebook a request asked for, named as Voilà's pools name it."""
        app = self.parent
        if getattr(app, "notebook_path", None):  # a one-notebook server
            return os.path.relpath(app.notebook_path, app.root_dir)
        script = env.get("SCRIPT_NAME", "")
        prefix = getattr(app, "base_url", "/").rstrip("/") + "/voila/render/"
        return unquote(script[len(prefix):]) if script.startswith(prefix) else script

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        visitor = self._visitors.pop(kernel_id, None)
        if visitor is not None and _BEACON.get():
            self.log.info("Releasing kernel %s of %s: its page closed (the page's beacon as it went)",
                          kernel_id, visitor.dashboard)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[misc]

    def kernel_model(self, kernel_id: str) -> Any:
        """``GET api/kernels/<id>``: our template's page calls it while it loads (a sign of life)."""
        visitor = self._visitors.get(kernel_id)
        if visitor is not None:
            visitor.loading, visitor.seen = True, time.monotonic()
        return super().kernel_model(kernel_id)  # type: ignore[misc]

    def remove_kernel(self, kernel_id: str) -> Any:  # a kernel that died
        self._visitors.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)  # type: ignore[misc]

    def fill_if_needed(self, delay: Any = None, notebook_name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        """Voilà's pool filler, except for a notebook of ``preheat_denylist``: Voilà fills the pool
        of a one-notebook server (``voila notebooks/lessons/01-....ipynb``) whatever the list says,
        and each of its 10 kernels would run the whole lesson when the server starts."""
        keep = getattr(self, "_notebook_filter", None)
        if notebook_name is not None and keep is not None and not keep(Path(notebook_name)):
            return None
        return super().fill_if_needed(delay, notebook_name, *args, **kwargs)  # type: ignore[misc]

    # ---- release ---------------------------------------------------------------------------------
    def _start_watching(self) -> None:
        if self._watch is None:
            self._watch = PeriodicCallback(self.release_abandoned, 1000 * self.check_every)
            self._watch.start()

    def abandoned(self, now: float | None = None) -> list[tuple[str, str]]:
        """[(kernel id, why)] of the visitors' kernels to release now. A kernel whose page is
        connected, or that is busy (its notebook still running for the page), is in use; one that
        is neither for longer than its grace is abandoned."""
        now = time.monotonic() if now is None else now
        kernels: dict[str, Any] = getattr(self, "_kernels", {})
        connections: dict[str, int] = getattr(self, "_kernel_connections", {})
        out = []
        for key, v in list(self._visitors.items()):
            if not v.kernel_id or v.releasing:
                continue
            kernel = kernels.get(v.kernel_id)
            if kernel is None:  # gone without us (died, or shut down elsewhere)
                self._visitors.pop(key, None)
                continue
            if connections.get(v.kernel_id, 0) > 0:
                if not v.connected:
                    self.log.info("Kernel %s of %s: its page connected %.1f s after its notebook ran",
                                  v.kernel_id, v.dashboard, now - v.seen)
                v.connected, v.seen = True, now
            elif v.sending or (not v.connected and getattr(kernel, "execution_state", "") in ("busy", "starting")):
                # its notebook still running for a page not yet there; once a page has connected,
                # busy no longer counts as use (a callback looping for a page that is gone)
                v.seen = now
            else:
                if v.connected:
                    grace, why = self.release_after, "its page closed {:.0f} s ago"
                elif v.loading:
                    grace, why = self.loading_within, "its page stopped loading {:.0f} s ago"
                else:
                    grace, why = self.connect_within, "no page connected within {:.0f} s of its notebook running"
                if now - v.seen > grace:
                    out.append((v.kernel_id, why.format(now - v.seen)))
        return out

    async def release_abandoned(self) -> None:
        """Shut down every abandoned visitor's kernel (all at once: a graceful shutdown waits)."""
        todo = self.abandoned()
        for kernel_id, why in todo:
            self._visitors[kernel_id].releasing = True
            self.log.info("Releasing kernel %s of %s: %s", kernel_id, self._visitors[kernel_id].dashboard, why)
        results = await asyncio.gather(*(self.shutdown_kernel(k) for k, _ in todo), return_exceptions=True)
        for (kernel_id, _), r in zip(todo, results):
            if isinstance(r, BaseException):
                self.log.warning("Releasing kernel %s failed: %r", kernel_id, r)
                self._visitors.pop(kernel_id, None)


def log_request(handler: Any) -> None:
    """Tornado's ``log_function``, called as every request ends: the request log as Tornado writes
    it, and for a dashboard's page, the end of its sending. On a server short of CPU the page can
    reach its browser long after the notebook has run (the server renders the outputs), so the
    grace for the browser to connect counts from here."""
    sending = _SENDING.get()
    if sending is not None:
        _SENDING.set(None)
        manager, kernel_id = sending
        manager.page_sent(kernel_id)
    from tornado.log import access_log

    status = handler.get_status()
    log = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    log("%d %s %.2fms", status, handler._request_summary(), 1000.0 * handler.request.request_time())


def install() -> None:
    """Make Voilà's kernel manager class ``KernelLimits`` on top of the class Voilà builds.
    Idempotent, and the last one loaded wins: an environment's copy of these settings and the
    repository's (``JUPYTER_CONFIG_PATH``) may both be read."""
    import voila.app

    built: Callable[..., type] = voila.app.voila_kernel_manager_factory
    original = getattr(built, "voila_original", built)

    def factory(base_class: type, *args: Any, **kwargs: Any) -> type:
        return type("GamelibKernelManager", (KernelLimits, original(base_class, *args, **kwargs)), {})

    factory.voila_original = original  # type: ignore[attr-defined]
    voila.app.voila_kernel_manager_factory = factory

    # Voilà's handler for the page's beacon (POST voila/api/shutdown/<id>, sent by our template's
    # page as it goes): marked, so the log says why the kernel went
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    post = getattr(VoilaShutdownKernelHandler.post, "voila_original", VoilaShutdownKernelHandler.post)

    async def beacon(self: Any, kernel_id: str) -> None:
        token = _BEACON.set(True)
        try:
            await post(self, kernel_id)
        finally:
            _BEACON.reset(token)

    beacon.voila_original = post  # type: ignore[attr-defined]
    VoilaShutdownKernelHandler.post = beacon
