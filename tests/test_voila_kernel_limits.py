"""The cap on visitors' kernels and their release (etc/jupyter/voila_kernel_limits.py, issue 23),
against a stand-in for Voilà's kernel manager: no server, no kernel, no browser (the browser
test tests/browser/test_serving_limits.py checks the same against a real Voilà). Also: the
environment's copies of the Jupyter files are the work tree's, and JupyterLab's Voilà gets our
template and messages."""
from __future__ import annotations

import asyncio
import filecmp
import json
import sys
import time
import types
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from tornado import web
from traitlets.config import Configurable, LoggingConfigurable

from .threads import in_a_thread

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "etc" / "jupyter"


def _limits_module() -> types.ModuleType:
    path = SETTINGS / "voila_kernel_limits.py"
    module = types.ModuleType("gamelib_voila_kernel_limits_test")
    module.__file__ = str(path)
    with mock.patch.dict(sys.modules, {module.__name__: module}):
        exec(compile(path.read_text(), str(path), "exec"), module.__dict__)
    return module


LIMITS = _limits_module()


class StandIn(LoggingConfigurable):
    """What KernelLimits uses of Voilà's kernel manager: a pool hand-out, a start, a shutdown,
    and the kernels' states and websocket counts (as Jupyter Server keeps them)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._kernels: dict[str, Any] = {}
        self._kernel_connections: dict[str, int] = {}
        self.fail = False
        self.filled: list[str] = []
        self._started = 0

    def _new(self) -> str:
        self._started += 1  # ids never reused, as Jupyter's (uuids)
        kid = f"k{self._started + 100}-{id(self) % 1000}"
        self._kernels[kid] = SimpleNamespace(execution_state="idle")
        self._kernel_connections[kid] = 0
        return kid

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple:
        await asyncio.sleep(0.01)  # Voilà awaits the pool's kernel: other requests come in meanwhile
        if self.fail:
            raise RuntimeError("no kernel")
        return (None, [], self._new())

    async def start_kernel(self, **kwargs: Any) -> str:
        await asyncio.sleep(0.01)
        if self.fail:
            raise RuntimeError("no kernel")
        return self._new()

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._kernels.pop(kernel_id, None)

    def remove_kernel(self, kernel_id: str) -> None:
        self._kernels.pop(kernel_id, None)

    def kernel_model(self, kernel_id: str) -> dict:
        return {"id": kernel_id}

    def fill_if_needed(self, delay: Any = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        self.filled.append(str(notebook_name))

    def _notebook_filter(self, nb_path: Path) -> bool:
        return "lessons/" not in str(nb_path)


Limited = type("Limited", (LIMITS.KernelLimits, StandIn), {})


def _app(notebook_path: str | None = None, root_dir: str = "/srv") -> Configurable:
    """The Voilà application's attributes KernelLimits reads."""
    app = Configurable()
    app.notebook_path, app.root_dir, app.base_url = notebook_path, root_dir, "/"
    return app


def run(coro: Any) -> Any:
    """``asyncio.run`` in a thread of its own (tests/threads.py says why)."""
    return in_a_thread(lambda: asyncio.run(coro))


def _manager(**limits: Any) -> Any:
    km = Limited(**{"per_dashboard": 2, "total": 3, "connect_within": 5.0, "release_after": 2.0, **limits})
    km._start_watching = lambda: None  # the tests call abandoned() with their own clock
    km.parent = _app()
    return km


def _refused(coro: Any) -> bool:
    try:
        run(coro)
    except web.HTTPError as exc:
        assert exc.status_code == 503 and exc.reason == LIMITS.FULL
        return True
    return False


def _request_env(path: str, preheat: str = "False") -> dict[str, str]:
    return {"SCRIPT_NAME": f"/voila/render/{path}", "VOILA_PREHEAT": preheat}


def test_the_cap_per_dashboard_and_in_total():
    km = _manager()
    for _ in range(2):
        run(km.get_rendered_notebook("a.ipynb"))
    assert _refused(km.get_rendered_notebook("a.ipynb")), "a third kernel for one dashboard (cap 2)"
    assert _refused(km.start_kernel(env=_request_env("a.ipynb"))), "a started kernel escapes the cap"
    run(km.start_kernel(env=_request_env("b.ipynb")))
    assert km.visitors() == 3 and km.visitors("b.ipynb") == 1
    assert _refused(km.get_rendered_notebook("c.ipynb")), "a fourth kernel in all (total 3)"
    # the pools' own kernels are not visitors': never refused, never counted
    run(km.start_kernel(env=_request_env("a.ipynb", preheat="True")))
    assert km.visitors() == 3 and len(km._kernels) == 4
    # a kernel shut down (a page's beacon, a release, the culler) or dead frees its place
    first = next(iter(km._visitors))
    run(km.shutdown_kernel(first))
    run(km.get_rendered_notebook("a.ipynb"))
    dead = next(k for k, v in km._visitors.items() if v.dashboard == "b.ipynb")
    km.remove_kernel(dead)
    assert km.visitors() == 2


def test_requests_at_once_cannot_overshoot_the_cap():
    km = _manager(per_dashboard=2, total=10)

    async def ten() -> list[Any]:
        return await asyncio.gather(*(km.get_rendered_notebook("a.ipynb") for _ in range(10)),
                                    return_exceptions=True)

    results = run(ten())
    refused = [r for r in results if isinstance(r, web.HTTPError)]
    assert len(refused) == 8 and km.visitors("a.ipynb") == 2 and len(km._kernels) == 2


def test_a_failed_hand_out_gives_its_place_back():
    km = _manager()
    km.fail = True
    for _ in range(5):
        with pytest.raises(RuntimeError):
            run(km.get_rendered_notebook("a.ipynb"))
        with pytest.raises(RuntimeError):
            run(km.start_kernel(env=_request_env("a.ipynb")))
    assert km.visitors() == 0


def test_a_request_kernel_is_counted_for_its_dashboard():
    km = _manager()
    run(km.start_kernel(env=_request_env("lessons/01%20x.ipynb")))
    assert km.visitors("lessons/01 x.ipynb") == 1
    one = _manager()
    one.parent = _app("/srv/dash/deadland.ipynb", "/srv/dash")
    run(one.start_kernel(env={"SCRIPT_NAME": "/", "VOILA_PREHEAT": "False"}))
    assert one.visitors("deadland.ipynb") == 1


class Handler:
    """What log_request reads of a Tornado handler."""

    def __init__(self) -> None:
        self.request = SimpleNamespace(request_time=lambda: 0.5)

    def get_status(self) -> int:
        return 200

    def _request_summary(self) -> str:
        return "GET /voila/render/a.ipynb (127.0.0.1)"


def _sent_page(km: Any, dashboard: str = "a.ipynb") -> str:
    """A request as Voilà serves it: the kernel handed out, then the request ends (in one task)."""
    async def request() -> str:
        _, _, kid = await km.get_rendered_notebook(dashboard)
        assert km._visitors[kid].sending
        LIMITS.log_request(Handler())
        return kid

    return run(request())


def test_a_page_being_sent_keeps_its_kernel_and_the_request_log_says_when_it_is_sent():
    km = _manager()
    _, _, kid = run(km.get_rendered_notebook("a.ipynb"))  # its request has not ended
    assert km.abandoned(km._visitors[kid].seen + 3600) == [], "released while its page was being sent"
    other = _sent_page(km)
    assert not km._visitors[other].sending and km._visitors[kid].sending
    LIMITS.log_request(Handler())  # another request (a static file) ends: nothing to mark
    assert km._visitors[kid].sending


def test_a_page_that_never_connects_releases_its_kernel():
    km = _manager()
    kid = _sent_page(km)
    t0 = km._visitors[kid].seen
    km._kernels[kid].execution_state = "busy"  # the notebook still runs for the page: kept
    assert km.abandoned(t0 + 60) == []
    km._kernels[kid].execution_state = "idle"  # the notebook has run (at t0 + 60)
    assert km.abandoned(t0 + 64) == [], "released before connect_within"
    [(released, why)] = km.abandoned(t0 + 66)
    assert released == kid and "no page connected" in why
    km._visitors[kid].seen -= 100  # on the real clock: idle for 100 s
    run(km.release_abandoned())
    assert kid not in km._kernels and km.visitors() == 0


def test_a_closed_page_releases_its_kernel_an_open_one_keeps_it():
    km = _manager()
    kid = _sent_page(km)
    t0 = km._visitors[kid].seen
    km._kernel_connections[kid] = 1
    assert km.abandoned(t0 + 3600) == [], "an open page's kernel was released"
    km._kernel_connections[kid] = 0  # the tab closed at t0 + 3600
    assert km.abandoned(t0 + 3601) == []
    [(released, why)] = km.abandoned(t0 + 3603)
    assert released == kid and "closed" in why


def test_a_loading_page_keeps_its_kernel_longer_until_it_stops_calling():
    km = _manager(loading_within=20.0)
    kid = _sent_page(km)
    assert km.kernel_model(kid) == {"id": kid}  # the page's call, as our template makes it
    t0 = km._visitors[kid].seen
    assert km.abandoned(t0 + 6) == [], "a loading page's kernel released after connect_within"
    assert km.abandoned(t0 + 19) == []
    [(released, why)] = km.abandoned(t0 + 21)
    assert released == kid and "stopped loading" in why


def test_a_kernel_gone_elsewhere_is_forgotten():
    km = _manager()
    _, _, kid = run(km.get_rendered_notebook("a.ipynb"))
    del km._kernels[kid]
    assert km.abandoned() == [] and km.visitors() == 0


def test_a_denylisted_notebook_gets_no_pool_even_on_a_one_notebook_server():
    km = _manager()
    km.fill_if_needed(delay=0, notebook_name="notebooks/lessons/01-sample-spaces.ipynb")
    km.fill_if_needed(delay=0, notebook_name="deadland.ipynb")
    assert km.filled == ["deadland.ipynb"]


def test_install_puts_the_limits_on_top_of_voilas_kernel_manager(monkeypatch):
    import voila.app
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    monkeypatch.setattr(voila.app, "voila_kernel_manager_factory", voila_kernel_manager_factory)
    LIMITS.install()
    _limits_module().install()  # read twice (the environment's copy and the work tree's): once on top
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    cls = voila.app.voila_kernel_manager_factory(AsyncMappingKernelManager, True, 10)
    names = [k.__name__ for k in cls.__mro__]
    assert names[:3] == ["GamelibKernelManager", "KernelLimits", "VoilaKernelManager"], names
    assert names.count("KernelLimits") == 1
    # the methods that hand kernels out are ours, above Voilà's
    assert cls.get_rendered_notebook.__qualname__.startswith("KernelLimits")
    assert cls.start_kernel.__qualname__.startswith("KernelLimits")


def test_the_environments_jupyter_files_are_the_work_trees():
    """`make` copies etc/jupyter and share/jupyter into the environment's prefix (an editable
    install leaves data files out); a copy out of date means a Voilà that does not use them."""
    stale = []
    for top in ("etc/jupyter", "share/jupyter"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                installed = Path(sys.prefix) / path.relative_to(ROOT)
                if not installed.is_file() or not filecmp.cmp(path, installed, shallow=False):
                    stale.append(str(path.relative_to(ROOT)))
    assert not stale, f"not installed, or out of date, in {sys.prefix} (run make): {stale}"


def test_jupyterlabs_voila_uses_our_template_and_messages_and_asks_nothing_outside():
    server = json.loads((SETTINGS / "jupyter_server_config.json").read_text())
    voila = json.loads((SETTINGS / "voila.json").read_text())
    assert server["VoilaConfiguration"]["template"] == "gamelib"
    for key in ("cell_error_instruction", "cell_timeout_instruction"):
        assert server["VoilaExecutor"][key] == voila["VoilaExecutor"][key]
    assert server["LabApp"]["news_url"] is None
    assert server["LabApp"]["check_for_updates_class"] == "jupyterlab.NeverCheckForUpdate"
    assert server["LabApp"]["extension_manager"] == "readonly"



def test_past_the_cap_a_request_reclaims_the_kernel_disconnected_longest():
    """A page whose websocket dropped keeps its kernel (release_after: it may reconnect), but not
    against a new visitor once the cap is reached: the request takes the place of the page
    disconnected longest, if it has been for reclaim_after seconds; a loading page is never taken."""
    km = _manager(per_dashboard=3, total=10, reclaim_after=15.0, release_after=130.0)
    old, recent, loading = _sent_page(km), _sent_page(km), _sent_page(km)
    for kid in (old, recent):
        km._kernel_connections[kid] = 1
    km.abandoned()  # both pages seen connected
    km.kernel_model(loading)  # the third page is loading
    for kid in (old, recent):
        km._kernel_connections[kid] = 0
    now = time.monotonic()
    km._visitors[old].seen, km._visitors[recent].seen = now - 40, now - 20
    km._visitors[loading].seen = now - 100
    assert km.abandoned(now) == [], "a dropped connection released within release_after"

    async def arrive() -> str:
        _, _, kid = await km.get_rendered_notebook("a.ipynb")
        await asyncio.sleep(0.05)  # the reclaimed kernel's shutdown runs in the background
        return kid

    newcomer = run(arrive())
    assert old not in km._kernels and old not in km._visitors, "the longest-disconnected page was not reclaimed"
    assert {recent, loading, newcomer} <= set(km._visitors) and km.visitors("a.ipynb") == 3
    km._visitors[recent].seen = time.monotonic() - 5  # disconnected for 5 s only: kept
    assert _refused(km.get_rendered_notebook("a.ipynb")), "a page disconnected for 5 s was reclaimed"
    assert recent in km._kernels and loading in km._kernels


def test_a_busy_kernel_whose_page_has_gone_is_released():
    """Busy keeps a kernel only while its notebook runs for a page not yet connected: a callback
    that loops for a page that has gone (a crashed browser) does not hold the kernel for ever."""
    km = _manager()
    kid = _sent_page(km)
    t0 = km._visitors[kid].seen
    km._kernel_connections[kid] = 1
    km.abandoned(t0 + 1)
    km._kernel_connections[kid] = 0
    km._kernels[kid].execution_state = "busy"
    [(released, why)] = km.abandoned(t0 + 4)  # release_after 2 s in these tests
    assert released == kid and "closed" in why


def test_past_the_cap_a_plain_gets_kernel_is_reclaimed_before_a_disconnected_page():
    """A page sent that no browser loaded (no call, no websocket) goes first once reclaim_after has
    passed; a page being sent, or one whose browser is loading it, is never taken."""
    km = _manager(per_dashboard=4, total=10, reclaim_after=15.0, release_after=130.0, connect_within=30.0)
    dropped, get, loading = _sent_page(km), _sent_page(km), _sent_page(km)
    _, _, sending = run(km.get_rendered_notebook("a.ipynb"))  # its request has not ended
    km._kernel_connections[dropped] = 1
    km.abandoned()
    km._kernel_connections[dropped] = 0
    km.kernel_model(loading)
    now = time.monotonic()
    for kid in (dropped, get, loading, sending):
        km._visitors[kid].seen = now - 20
    km._visitors[dropped].seen = now - 60  # disconnected longer than the GET's page was sent

    async def arrive() -> None:
        await km.get_rendered_notebook("a.ipynb")
        await asyncio.sleep(0.05)

    run(arrive())
    assert get not in km._kernels, "the plain GET's kernel was not the one reclaimed"
    assert {dropped, loading, sending} <= set(km._kernels)
    run(arrive())
    assert dropped not in km._kernels and {loading, sending} <= set(km._kernels)
    assert _refused(km.get_rendered_notebook("a.ipynb")), "a loading or a sending page's kernel was taken"
