"""A visitor without a browser, for the load test (``bench/load.py``, ``--wire N``).

Thirty Chromium pages on this 2-core machine cost the load test about 16 CPU-seconds per visitor
(JupyterLab's page code), ten times what the server and the visitor's kernel spend: the browsers,
not the server, then decide how long a page takes. A class's browsers run on thirty devices. This
visitor asks the server exactly what a page asks and nothing of the rendering: the dashboard's page
(``GET``, the notebook run for it), the kernel's websocket, the widgets' states (the
``jupyter.widget.control`` comm, as the page's widget manager asks them), then clicks: a ``click``
message to a decision button, timed until the kernel has sent the status line's new decision count
(what the browser's click test waits for, less the drawing). Which buttons are on screen is found
as the page finds it: from the page's root widgets down their children, skipping hidden layouts.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any

_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_ROOT_VIEW = re.compile(r'\\?"model_id\\?":\s*\\?"([0-9a-f]{32})\\?"')
_PLY = re.compile(r'<span class="gl-ply"([^>]*)>')
_ATTR = re.compile(r'data-(ply|total|over|game)="(\d+)"')


@dataclass
class WirePage:
    """One visitor's page, as the kernel sees it: the widgets' states kept up to date."""

    url: str
    kernel_id: str = ""
    roots: list[str] = field(default_factory=list)
    models: dict[str, dict[str, Any]] = field(default_factory=dict)
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    ws: Any = None

    def message(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> dict[str, Any]:
        header = {"msg_id": uuid.uuid4().hex, "username": "wire", "session": self.session, "msg_type": msg_type,
                  "version": "5.3", "date": ""}
        return {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                "channel": "shell", "buffers": []}

    def on_screen(self) -> list[str]:
        """Model ids of the widgets a browser would show (roots, then children of shown boxes)."""
        shown, todo = [], list(self.roots)
        while todo:
            mid = todo.pop(0)
            state = self.models.get(mid, {})
            layout = self.models.get(str(state.get("layout", "")).removeprefix("IPY_MODEL_"), {})
            if layout.get("display") == "none" or layout.get("visibility") == "hidden":
                continue
            shown.append(mid)
            todo.extend(str(c).removeprefix("IPY_MODEL_") for c in state.get("children", ()))
        return shown

    def buttons(self, css_class: str) -> list[str]:
        return [m for m in self.on_screen() if self.models[m].get("_model_name") == "ButtonModel"
                and css_class in self.models[m].get("_dom_classes", ()) and not self.models[m].get("disabled")]

    def status(self) -> dict[str, str]:
        """The status line's numbers (ply, total, over, game), as the page's click test reads them;
        empty before the status line is there."""
        for state in self.models.values():
            found = _PLY.search(str(state.get("value", ""))) if state.get("_model_name") == "HTMLModel" else None
            if found:
                return dict(_ATTR.findall(found.group(1)))
        return {}

    async def close(self) -> None:
        """Leave as a tab closes: the websocket goes, and the page's beacon asks the server to shut
        the kernel down (our page template's: POST voila/api/shutdown/<id> with its _xsrf)."""
        if self.ws is not None:
            await self.ws.close()
        where = urllib.parse.urlsplit(self.url)
        token = uuid.uuid4().hex
        beacon = urllib.request.Request(f"{where.scheme}://{where.netloc}/voila/api/shutdown/{self.kernel_id}",
                                        data=f"_xsrf={token}".encode(), method="POST",
                                        headers={"Cookie": f"_xsrf={token}"})

        def send() -> None:
            with contextlib.suppress(OSError), urllib.request.urlopen(beacon, timeout=30):
                pass

        await asyncio.get_running_loop().run_in_executor(None, send)

    def take(self, msg: dict[str, Any]) -> None:
        """Keep the states in step with the kernel's comm messages."""
        content, kind = msg.get("content", {}), msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        data = content.get("data", {})
        if kind == "comm_open":
            self.models[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") == "update":
            self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for mid, model in data.get("states", {}).items():
                self.models[mid] = dict(model.get("state", {}))


async def _get(url: str, timeout: float) -> str:
    def fetch() -> str:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read().decode("utf-8", "replace")

    return await asyncio.get_running_loop().run_in_executor(None, fetch)


async def _until(page: WirePage, done, timeout: float) -> None:
    """Read the kernel's messages until ``done()`` holds."""
    deadline = time.monotonic() + timeout
    while not done():
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer from the kernel in time")
        raw = await asyncio.wait_for(page.ws.recv(), left)
        if isinstance(raw, str):
            page.take(json.loads(raw))


async def open_page(url: str, timeout: float) -> WirePage:
    """The page's requests: the dashboard, its kernel's websocket, the widgets' states."""
    import websockets

    html = await _get(url, timeout)
    found = _KERNEL_ID.search(html)
    if found is None:
        raise RuntimeError("the page names no kernel (a refusal or an error page)")
    page = WirePage(url, found.group(1), list(dict.fromkeys(_ROOT_VIEW.findall(html))))
    where = urllib.parse.urlsplit(url)  # the load test's servers have the base URL "/"
    ws_url = f"ws://{where.netloc}/api/kernels/{page.kernel_id}/channels?session_id={page.session}"
    page.ws = await websockets.connect(ws_url, max_size=None, open_timeout=timeout)
    control = uuid.uuid4().hex
    opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
    await page.ws.send(json.dumps(page.message("comm_open", opening, {"version": "1.0.0"})))  # the widgets' protocol
    await page.ws.send(json.dumps(page.message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})))
    await _until(page, lambda: bool(page.status()), timeout)
    return page


async def click(page: WirePage, model_id: str, timeout: float) -> float:
    """Click a button; milliseconds until the status line changes."""
    before = page.status()
    t0 = time.perf_counter()
    await page.ws.send(json.dumps(page.message("comm_msg", {"comm_id": model_id,
                                                            "data": {"method": "custom", "content": {"event": "click"}}})))
    await _until(page, lambda: page.status() != before, timeout)
    return 1000 * (time.perf_counter() - t0)


async def fill(v: Any, url: str, decisions: int, think: float, rng: Any, timeout: float,
               action: str = "gl-action", new_game: str = "gl-new") -> WirePage:
    """A whole visit into ``v`` (a ``load.Visit``: first render, kernel, each click's ms). A finished
    game is followed by "New game", as the browser visitors do. Returns the page, still open
    (``await page.close()`` leaves it as a tab closes), like a browser visit's context."""
    t0 = time.perf_counter()
    try:
        page = await open_page(url, timeout)
    except Exception as exc:  # noqa: BLE001 - the visit's error, as for a browser visit
        raise RuntimeError(f"{type(exc).__name__}: {str(exc)[:160]}") from exc
    v.first_render_s, v.kernel = time.perf_counter() - t0, page.kernel_id
    try:
        while len(v.clicks_ms) < decisions:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if page.status().get("over") == "1":
                await click(page, (page.buttons(new_game) or [""])[0], timeout)
                continue
            choices = page.buttons(action)
            if not choices:
                raise RuntimeError(f"no decision button on screen (status {page.status()})")
            v.clicks_ms.append(await click(page, choices[0], timeout))
    except BaseException:
        await page.close()
        raise
    return page
