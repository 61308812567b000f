"""Class boards on screen: "add to the class board" under a student's experiment, and the
board itself for the projector: the pooled result beside the exact answer, each contribution's
rate as a histogram, the 95 % interval, the count of contributions, and a CSV export.

    add_to_board("4B", question, exact, successes, trials)     # one button under an experiment
    ClassBoard("4B")                                            # the board, updated live

Nothing is written until the button is pressed; the store is the tables' store (gamelib/tables)."""
from __future__ import annotations

import asyncio
import secrets
from fractions import Fraction
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as w

from ..core import GamelibError
from ..tables import Board, Store, open_store
from ..tables.board import Pooled
from ..tables.codes import check_board_name
from .controls import ShowsWidget, box, button

#: seconds between two looks at the board's contributions
BOARD_POLL_S = 2.0
BINS = 10


def pooled_html(name: str, question: str, p: Pooled) -> str:
    """The board's picture: a pure function of the pooled figures (tested without a store)."""
    head = f'<div class="gl-board-title"><b>{escape(name)}</b> · {escape(question)}</div>'
    if not p.contributions:
        return head + '<div class="gl-muted">No contribution yet: press “Add to the class board” under the experiment.</div>'
    low, high = p.interval or (0.0, 0.0)
    exact = (f' · exact answer <b>{p.exact.numerator}/{p.exact.denominator}</b> = {float(p.exact):.3f} '
             f'({"inside" if low <= p.exact <= high else "outside"} the interval)') if p.exact is not None else ""
    figures = (f'<div class="gl-board-figures" data-contributions="{p.contributions}" data-successes="{p.successes}" '
               f'data-trials="{p.trials}">{p.contributions} contribution{"s" if p.contributions != 1 else ""}: '
               f'{p.successes:,} of {p.trials:,} = <b>{p.successes / p.trials:.3f}</b> · 95 % interval '
               f'{low:.3f} to {high:.3f} (Wilson){exact}</div>')
    counts = [0] * BINS
    for r in p.rates:
        counts[min(BINS - 1, int(r * BINS))] += 1
    top = max(counts)
    bars = "".join(
        f'<div class="gl-board-bin" title="{c} contribution(s) with a rate from {i / BINS:.1f} to {(i + 1) / BINS:.1f}">'
        f'<div class="gl-board-bar" style="height:{120 * c / top:.0f}px"></div></div>'
        for i, c in enumerate(counts))
    marks = ""
    for value, cls, text in ((p.successes / p.trials, "gl-board-pooled", "pooled"),
                             *(((float(p.exact), "gl-board-exact", "exact"),) if p.exact is not None else ())):
        marks += f'<div class="{cls}" style="left:{100 * value:.1f}%" title="{text} {value:.3f}">{text}</div>'
    axis = "".join(f'<span style="left:{100 * i / BINS:.0f}%">{i / BINS:.1f}</span>' for i in range(BINS + 1))
    hist = (f'<div class="gl-board-hist-title">Each contribution\'s rate (how many contributions in each tenth)</div>'
            f'<div class="gl-board-hist"><div class="gl-board-bins">{bars}</div>{marks}</div>'
            f'<div class="gl-board-axis">{axis}</div>')
    return head + figures + hist


CSS = """<style>
.gl-class-board{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;max-width:760px}
.gl-class-board .gl-board-title{font-size:18px;margin:4px 0}
.gl-class-board .gl-board-figures{background:#f6f1e6;border-radius:6px;padding:6px 8px;margin:4px 0}
.gl-class-board .gl-board-hist{position:relative;border-bottom:1px solid #444;margin:18px 14px 4px 14px}
.gl-class-board .gl-board-bins{display:flex;align-items:flex-end;gap:2px;height:150px}
.gl-class-board .gl-board-bin{flex:1;display:flex;flex-direction:column;justify-content:flex-end;align-items:center;font-size:12px}
.gl-class-board .gl-board-bar{width:100%;background:#0072B2;border-radius:2px 2px 0 0}
.gl-class-board .gl-board-pooled,.gl-class-board .gl-board-exact{position:absolute;top:-16px;bottom:0;border-left:2px solid;
  font-size:12px;padding-left:2px;pointer-events:none}
.gl-class-board .gl-board-pooled{color:#9b1c1c}
.gl-class-board .gl-board-exact{color:#1d6b2f;border-left-style:dashed;top:0;bottom:-40px;display:flex;align-items:flex-end}
.gl-class-board .gl-board-axis{position:relative;height:16px;font-size:12px;margin:0 14px 24px 14px}
.gl-class-board .gl-board-axis span{position:absolute;transform:translateX(-50%)}
.gl-class-board .gl-muted{color:#595959;font-style:italic}
.gl-class-board a.gl-download{color:#0b4f8a}
</style>"""


class AddToBoard(ShowsWidget):
    """One button under an experiment: adds ``successes`` of ``trials`` to the named board (the
    board is made on the first contribution). Pressing twice adds it once."""

    def __init__(self, board: str, question: str, exact: Fraction | None, successes: int, trials: int, *,
                 store: Store | None = None):
        self._store = store
        self.question, self.exact = question, exact
        self.successes, self.trials = successes, trials
        self._ident = secrets.token_hex(8)  # the same experiment is one contribution, however often pressed
        self.board_widget = w.Text(value=board, description="Board", style={"description_width": "initial"})
        self.name_widget = w.Text(value="", placeholder="your name or group", description="Name",
                                  style={"description_width": "initial"})
        self.button = button("Add to the class board", "gl-add-to-board", self.add,
                             "pool this result with the class's")
        self.status = w.HTML()
        self.widget = box([self.board_widget, self.name_widget, self.button, self.status], "gl-add-board")
        self.last_error: str | None = None

    def add(self) -> None:
        try:
            store = self._store or open_store()
            board = Board.open_or_create(store, self.board_widget.value, self.question, self.exact)
            added = board.contribute(self.name_widget.value or "anonymous", self.successes, self.trials, self._ident)
            p = board.pooled()
            self.last_error = None
            what = "Added" if added else "Already on the board"
            self.status.value = (f'<span class="gl-added">{what}: {self.successes} of {self.trials}. The board '
                                 f'"{escape(board.name)}" has {p.contributions} contribution(s).</span>')
        except GamelibError as exc:
            self.last_error = str(exc)
            self.status.value = f'<span class="gl-error-box" role="alert">{escape(str(exc))}</span>'
        except Exception as exc:  # noqa: BLE001 - words on the page, never a traceback
            self.last_error = f"Could not reach the class board ({type(exc).__name__})"
            self.status.value = f'<span class="gl-error-box" role="alert">{escape(self.last_error)}</span>'


    def __repr__(self) -> str:
        return f"AddToBoard({self.board_widget.value!r}, {self.successes} of {self.trials})"


def add_to_board(board: str, question: str, exact: Fraction | None, successes: int, trials: int,
                 store: Store | None = None) -> AddToBoard:
    return AddToBoard(board, question, exact, successes, trials, store=store)


class ClassBoard(ShowsWidget):
    """The board for the projector, brought up to date every ``BOARD_POLL_S`` seconds in a
    kernel (``refresh()`` by hand elsewhere)."""

    def __init__(self, name: str, *, store: Store | None = None, poll: bool = True):
        self.name = check_board_name(name)
        self._store = store
        self.picture = w.HTML()
        self.picture.add_class("gl-board-picture")
        self.export = w.HTML()
        self.widget = w.VBox([w.HTML(CSS), self.picture, self.export])
        self.widget.add_class("gl-class-board")
        self._task: asyncio.Task | None = None
        self.refresh()
        if poll:
            self._start()

    def refresh(self) -> None:
        try:
            board = Board(self._store or open_store(), self.name)
        except GamelibError as exc:
            self.picture.value = f'<div class="gl-muted">{escape(str(exc))}</div>'
            return
        html = pooled_html(board.name, board.question, board.pooled())
        if self.picture.value != html:
            self.picture.value = html
            href = "data:text/csv;charset=utf-8," + quote(board.csv())
            self.export.value = (f'<a class="gl-download" download="{escape(board.name)}.csv" href="{href}">'
                                 "Download every contribution (CSV)</a>")

    def _start(self) -> None:
        try:
            from IPython import get_ipython

            shell = get_ipython()
            if shell is None or getattr(shell, "kernel", None) is None:
                return
            loop = asyncio.get_running_loop()
        except (ImportError, RuntimeError):
            return
        self._task = loop.create_task(self._poll())

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(BOARD_POLL_S)
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - the next look may work (a store restarting)
                pass

    def __repr__(self) -> str:
        return f"ClassBoard({self.name!r})"


__all__ = ["AddToBoard", "ClassBoard", "add_to_board", "pooled_html"]
