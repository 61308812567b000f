"""A progress line for the lessons' simulations that survives every way a notebook is shown.

tqdm's notebook bar is an ipywidget; closed when the loop ends (``leave=False``), its model is
gone but the cell's output still holds a view of it, so Voilà (and a saved notebook reopened)
shows "Error displaying widget: model not found" where each bar was. This line is plain output
instead: an HTML ``<progress>`` element and a sentence, shown with a display id and updated in
place (``update_display_data``), so no widget model is ever involved. Its last state
("draws: 10 of 10, done") is what the saved notebook keeps, the same on every run."""
from __future__ import annotations

import html
import time
from collections.abc import Iterable, Iterator
from typing import Any

#: at most one redraw per this many seconds (and the last one always), so that a loop of
#: 20,000 steps sends a few dozen messages, not 20,000
EVERY = 0.25


class ProgressLine:
    """``for x in ProgressLine(items, total, "draws"): ...`` shows "draws: k of n" with a bar."""

    def __init__(self, iterable: Iterable, total: int | None = None, desc: str = "", enabled: bool = True):
        self.iterable = iterable
        self.total = total if total is not None else (len(iterable) if hasattr(iterable, "__len__") else None)
        self.desc = desc or "progress"
        self.enabled = enabled
        self.handle: Any = None

    def text(self, done: int, finished: bool = False) -> str:
        of = f" of {self.total:,}" if self.total is not None else ""
        return f"progress · {self.desc}: {done:,}{of}" + (", done" if finished else "")

    def _bundle(self, done: int, finished: bool = False) -> dict[str, str]:
        total = self.total or max(done, 1)
        bar = (f"<progress value='{done}' max='{total}' style='width:min(240px,40vw);vertical-align:middle'>"
               f"</progress> ")
        words = html.escape(self.text(done, finished).removeprefix("progress · "))
        line = f"<div class='gl-progress' style='font:13px system-ui,sans-serif;color:#555'>{bar}{words}</div>"
        return {"text/plain": self.text(done, finished), "text/html": line}

    def _show(self, done: int, finished: bool = False) -> None:
        from IPython.display import display

        data = self._bundle(done, finished)
        if self.handle is None:
            self.handle = display(data, raw=True, display_id=True)
        else:
            self.handle.update(data, raw=True)

    def __iter__(self) -> Iterator:
        if not self.enabled:
            yield from self.iterable
            return
        done, last = 0, 0.0
        self._show(0)
        for item in self.iterable:
            yield item
            done += 1
            now = time.monotonic()
            if now - last >= EVERY:
                self._show(done)
                last = now
        self._show(done, finished=True)


def progress(iterable: Iterable, total: int | None = None, desc: str = "", enabled: bool = True) -> Iterable:
    """A progress line over ``iterable`` (see ``ProgressLine``); ``enabled=False`` shows nothing."""
    return ProgressLine(iterable, total=total, desc=desc, enabled=enabled)
