"""Waiting for the visitor in a pre-started (preheated) Voilà kernel, without importing Voilà.

A kernel that Voilà starts ahead of time runs the dashboard before anyone asks for the page, so
the page's query string is not known yet. Voilà's own helper (``voila.utils.wait_for_request``)
opens a websocket to the server's ``voila/query/<kernel id>`` and waits for the request's
details. Importing it costs about 2.5 CPU-seconds in every kernel: ``voila``'s package imports
Jupyter Server, whose event schemas load jsonschema, which builds a grammar on import. A classroom
server starts a kernel per student, and a time limit's interrupt could land inside that import
(etc/jupyter/voila.py, ``show_every_failure``). This module does the same wait with the
``websockets`` package alone (a dependency of Voilà): same address, same environment variables,
same message. It tries again while the server is too busy to answer (Voilà's helper gives up
after 5 s); if it cannot reach the server for minutes the page keeps its defaults.
The browser tests check that each link's seed reaches its pre-started kernel.
"""
from __future__ import annotations

import json
import os
import sys
import time
from typing import Mapping

#: how long one attempt waits for the websocket to open (the request itself may come much later)
OPEN_TIMEOUT_S = 5
#: how long to keep trying to reach the server before giving up (the page then has the defaults).
#: A server busy with a class can take longer than OPEN_TIMEOUT_S to answer a refill kernel, and
#: giving up at once handed that kernel's next visitor the default game (2 of 30 in a load test).
#: Trying again is safe: Voila keeps a request that arrives before its kernel has connected.
CONNECT_FOR_S = 300.0
RETRY_EVERY_S = 1.0


def preheated(env: Mapping[str, str] = os.environ) -> bool:
    """True in a kernel Voilà started ahead of its visitor."""
    return env.get("VOILA_PREHEAT", "False") != "False"


def request_url(env: Mapping[str, str] = os.environ) -> str:
    """The websocket that answers this kernel's request details (Voilà's RequestInfoSocketHandler)."""
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def wait_for_request() -> None:
    """In a pre-started kernel, block until a visitor's request arrives and put its details
    (``QUERY_STRING``, ``SCRIPT_NAME``...) in ``os.environ``; elsewhere return at once."""
    if not preheated():
        return
    # the sync client runs its own thread, so this works under the kernel's running event loop
    from websockets.sync.client import connect

    # No keepalive pings of our own: the kernel may wait hours for its visitor on a loopback
    # connection, and a server too busy to answer a ping within the library's 20 s (a class
    # arriving at once) would otherwise close it, and the page would lose its link's settings
    # (Voila's own helper does that: a 45 s stall of the server, and the page has the defaults).
    # The server's own pings are still answered.
    url = request_url()
    deadline = time.monotonic() + CONNECT_FOR_S
    while True:
        try:
            with connect(url, open_timeout=OPEN_TIMEOUT_S, ping_interval=None) as ws:
                message = ws.recv()
            break
        except Exception as exc:  # noqa: BLE001 - refused, timed out, closed: try again, then the defaults
            if time.monotonic() + RETRY_EVERY_S >= deadline:
                _complain(f"no request details from {url} ({exc!r}) in {CONNECT_FOR_S:.0f} s: "
                          "the page uses the defaults")
                return
            time.sleep(RETRY_EVERY_S)
    try:
        details = json.loads(message)
    except (TypeError, ValueError):
        _complain(f"request details that are not JSON ({str(message)[:80]!r}): the page uses the defaults")
        return
    if isinstance(details, dict):
        os.environ.update({str(k): str(v) for k, v in details.items()})


def _complain(text: str) -> None:
    """To the server's log (a kernel's stderr goes there), not to the page."""
    print(f"gamelib.widgets.preheat: {text}", file=sys.__stderr__, flush=True)


def get_query_string() -> str:
    """The page's query string (without '?'): waited for in a pre-started kernel; '' outside Voilà."""
    wait_for_request()
    return os.environ.get("QUERY_STRING", "")
