"""HTML for the stepper's panels: status line, event log, odds, curtain. Pure functions of a
state (or of plain values), so they are tested without widgets. Every text is escaped."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

from ..render.generic import seat_badge

#: a fraction longer than this (numerator and denominator digits) is shown as a decimal
MAX_FRACTION_DIGITS = 7


def status_html(shown: Any, shown_ply: int, total_ply: int, game_no: int = 1, *, tick: int = 0,
                redo: int = 0, viewer: str | None = None, view: str = "") -> str:
    """One line: phase, whose decision, where we are in the history, and the outcome if over.
    ``data-ply``/``data-total``/``data-over``/``data-game`` let a browser wait for an update to
    land; ``data-view`` is "table" or the seat on screen; ``data-tick`` changes on every redraw (the page's click guard waits for it)."""
    parts = [f"<b>{escape(shown.game.title)}</b>", f"phase: {escape(str(shown.phase))}"]
    if shown.is_over:
        outcome = shown.outcome
        won = bool(outcome.winners) and not outcome.losers
        cls = "gl-won" if won else "gl-lost"
        parts.append(f'<span class="gl-outcome {cls}">{escape(str(outcome))}</span>')
    elif len(shown.players) > 1:
        parts.append(f"to decide: {seat_badge(str(shown.to_move))}")
    else:
        parts.append(f"to decide: {escape(str(shown.to_move))}")
    move = f"decision {shown_ply} of {total_ply}"
    if shown_ply < total_ply:
        move = (f'<span class="gl-past">looking back: after decision {shown_ply} of {total_ply} '
                f'(a different decision here starts a new line; this one is kept)</span>')
    if redo:
        move += f' <span class="gl-redo-count">({redo} undone: Redo brings {"it" if redo == 1 else "them"} back)</span>'
    if viewer is not None and len(shown.players) > 1:
        parts.append(f"seen by {seat_badge(viewer)}")
    elif viewer is None:
        parts.append('<span class="gl-tableview">table view: everything face up</span>')
    parts.append(f'<span class="gl-ply" data-ply="{shown_ply}" data-total="{total_ply}" '
                 f'data-over="{int(shown.is_over)}" data-game="{game_no}" data-view="{escape(view)}" data-tick="{tick}">{move}</span>')
    return '<div class="gl-status-line">' + " · ".join(parts) + "</div>"


def _visible(entry: Any, viewer: str | None) -> bool:
    return viewer is None or entry.visible_to is None or viewer in entry.visible_to


def _log_row(e: Any) -> str:
    return f'<div class="gl-log-entry"><span class="gl-log-section">{escape(e.section)}</span>{escape(e.text)}</div>'


def _log_list(rows: list[str], limit: int, before: int = 0) -> str:
    """The newest ``limit`` rows, newest first (the list is reversed inside a column-reverse box
    so the browser keeps it scrolled to the latest event); ``before`` rows were dropped already."""
    dropped = max(0, len(rows) - limit)
    shown = rows[dropped:][::-1]
    if dropped + before:
        shown.append(f'<div class="gl-muted">{dropped + before} earlier events not shown</div>')
    if not shown:
        shown = ['<div class="gl-muted">nothing yet</div>']
    return '<div class="gl-log-list">' + "".join(shown) + "</div>"


def log_html(entries: Iterable[Any], viewer: str | None, limit: int = 300) -> str:
    """The log, newest at the bottom. ``viewer`` None shows private entries too."""
    return _log_list([_log_row(e) for e in entries if _visible(e, viewer)], limit)


class LogText:
    """The log panel's HTML, kept up to date at a cost that does not grow with the game: the rows
    of a state's log are written once, and a longer log of the same state (the present line,
    which ``apply`` extends in place) only adds its new entries. Another state (Undo, Redo,
    looking back, another line, a new game) or other eyes build the rows again (``rebuilds``)."""

    def __init__(self, limit: int = 300):
        self.limit = limit
        self.rebuilds = 0
        self._state: Any = None
        self._viewer: str | None = None
        self._n = 0  # entries of the state's log already read
        self._last: Any = None  # the last of them (it must still be there)
        self._rows: list[str] = []
        self._dropped = 0  # rows older than the newest ``limit`` that are no longer kept

    def html(self, state: Any, viewer: str | None) -> str:
        n = state.log_length
        if (state is not self._state or viewer != self._viewer or n < self._n
                or (self._n and state.log_since(self._n - 1)[0] is not self._last)):
            self._state, self._viewer, self._n, self._last = state, viewer, 0, None
            self._rows, self._dropped = [], 0
            self.rebuilds += 1
            new = list(state.log)
        else:
            new = state.log_since(self._n) if n > self._n else []
        self._rows.extend(_log_row(e) for e in new if _visible(e, viewer))
        if new:
            self._n, self._last = n, new[-1]
        if len(self._rows) > 2 * self.limit:  # keep the list short: the page shows ``limit`` rows
            cut = len(self._rows) - self.limit
            del self._rows[:cut]
            self._dropped += cut
        return _log_list(self._rows, self.limit, self._dropped)


def fraction_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def exact_text(p: Fraction) -> str:
    """The exact Fraction when it is short enough to read, else a decimal marked as rounded."""
    p = Fraction(p)
    if len(str(p.numerator)) + len(str(p.denominator)) <= MAX_FRACTION_DIGITS:
        return fraction_text(p)
    return f"≈ {float(p):.4f}"


def percent_text(p: Fraction) -> str:
    x = float(p) * 100
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    if x < 0.1:
        return "< 0.1 %"
    if x > 99.9:
        return "> 99.9 %"
    return f"{x:.1f} %"


def odds_html(groups: Sequence[tuple[str, Sequence[tuple[str, Fraction]]]], note: str) -> str:
    """Each distribution as a small table: outcome, a bar, the percentage and the exact value.
    ``groups`` come from ``gamelib.render.odds_for_display`` (already grouped and ordered)."""
    if not groups:
        return f'<div class="gl-odds-who">{escape(note)}</div><div class="gl-muted">no hidden draw can come next</div>'
    tables = []
    for title, rows in groups:
        body = "".join(
            f'<tr><td class="gl-odds-outcome">{escape(str(k))}</td>'
            f'<td class="gl-odds-barcell"><span class="gl-track"><span class="gl-bar" style="width:{max(1.0, 100 * float(p)):.1f}%"></span></span></td>'
            f'<td class="gl-num gl-pct">{percent_text(p)}</td>'
            f'<td class="gl-num gl-exact" title="exactly {fraction_text(Fraction(p))}">{escape(exact_text(p))}</td></tr>'
            for k, p in rows
        )
        tables.append(f'<table class="gl-odds-table"><caption>{escape(str(title))}</caption>{body}</table>')
    return f'<div class="gl-odds-who">{escape(note)}</div>' + "".join(tables)


def curtain_html(seat: str, previous: str | None) -> str:
    """What the screen shows while it is passed from one person to the next (hot seat)."""
    who = seat_badge(seat)
    hide = f" {seat_badge(previous)}'s cards are hidden." if previous else ""
    return (f'<div class="gl-curtain-box" role="status"><div class="gl-curtain-title">Pass the screen to {who}</div>'
            f'<div>It is {who}\'s decision.{hide} {who}: press the button when the others look away.</div></div>')


def note_html(text: str) -> str:
    return f'<div class="gl-note">{escape(text)}</div>' if text else ""
