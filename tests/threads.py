"""Run a test's work in a thread of its own. Under `make test` a worker that runs such a file may
also run the browser tests, whose Playwright (sync API) keeps an event loop running in the main
thread: `asyncio.run` and a second sync Playwright both refuse to start there."""
from __future__ import annotations

import threading
from typing import Any, Callable


def in_a_thread(work: Callable[[], Any]) -> Any:
    """``work()`` in a new thread; its result, or its exception raised again here."""
    out: dict[str, Any] = {}

    def main() -> None:
        try:
            out["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
            out["error"] = exc

    worker = threading.Thread(target=main)
    worker.start()
    worker.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")
