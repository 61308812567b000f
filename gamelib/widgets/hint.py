"""``HintPanel``: a Hint button and what it found, for any game (issue 16).

A Stepper (or any page) gives it two callables, so the panel never holds a stale position:

    panel = HintPanel(get_state=lambda: stepper.shown, get_seat=lambda: seat_or_None)
    box.children += (panel.widget,)
    panel.refresh()   # after each change of position: an old hint is cleared, not shown as new

Pressing the button (or ``panel.show()``) computes ``gamelib.hint`` for that state and seat and
shows each option's chance of winning, saying whether it is exact or estimated (with its 95 %
interval and the deals used), and marks the best option only when the intervals separate
("too close to call" otherwise). With "Keep hinting" on, ``refresh()`` computes the hint
of each new position by itself. Testable without a browser: ``panel.show()``, then read
``panel.hint`` and ``panel.output.value``.

A hint is computed in the kernel while the page waits ("Thinking…"), so the budgets are kept
small: ``budget`` sampled deals per option in the first round of an estimate, ``seconds`` of CPU
for the whole estimate (more deals where the options are close) and ``exact_nodes`` positions
for the exact Interrogation solver (past them the hint is estimated and says so)."""
from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..strategy.hint import DEFAULT_EXACT_NODES, Hint, hint, hint_html

#: CPU seconds a hint of the panel may take (issue 22: every option within ±3 points in 2 s
#: where the game's playouts are fast enough; ``python -m gamelib.bench --hint`` measures it)
HINT_SECONDS = 2.0

_log = logging.getLogger(__name__)

STYLE = """<style>
.gl-hint .gl-hint-box{border:1px solid #e5dccb;border-radius:6px;padding:2px 6px;background:#fffdf8;font-size:var(--gl-small,12.5px)}
.gl-hint .gl-hint-best td{font-weight:700;background:#f1f7ec}
.gl-hint .gl-hint-close td{background:#fbf6e6}
.gl-hint .gl-hint-tag{display:inline-block;margin-left:4px;padding:0 5px;border-radius:8px;background:#1d6b2f;color:#fff;font-size:.85em}
.gl-hint .gl-hint-verdict{font-weight:700;margin:3px 0}
.gl-hint .gl-hint-toss{color:#6b4a00}
.gl-hint .gl-hint-track{position:relative;display:inline-block;width:100px;height:10px;background:#eee;border-radius:2px;vertical-align:middle}
.gl-hint .gl-hint-track .gl-bar{position:absolute;left:0;top:1px}
.gl-hint .gl-hint-ci{position:absolute;top:4px;height:2px;background:#1f1f1f}
.gl-hint table.gl-hint-table{border-collapse:collapse;width:100%}
.gl-hint table.gl-hint-table caption{text-align:left;font-weight:600;padding:2px 0}
.gl-hint table.gl-hint-table td,.gl-hint table.gl-hint-table th{padding:1px 6px;border-bottom:1px solid #eee;text-align:left}
.gl-hint td.gl-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.gl-hint .gl-bar{display:inline-block;height:8px;background:#6a9c5a;border-radius:2px;vertical-align:middle}
.gl-hint .gl-muted{color:#5c5c5c;font-style:italic}
.gl-hint .gl-hint-error{color:#7a1010}
</style>"""


class HintPanel:
    """A "Hint" button and a box showing each option's chance of winning.

    ``get_state()`` returns the position on screen; ``get_seat()`` the seat asking (None: the
    seat that decides). ``budget`` is passed to ``gamelib.hint`` (playouts per option for
    estimates, in the first round), ``seconds`` the CPU time of an estimate and ``exact_nodes``
    caps the exact solver; ``seed`` fixes the samples so the same position gives the same hint."""

    def __init__(self, get_state: Callable[[], Any], get_seat: Callable[[], str | None] = lambda: None,
                 budget: int | None = None, seed: int = 0, exact_nodes: int = DEFAULT_EXACT_NODES,
                 seconds: float = HINT_SECONDS):
        self.get_state = get_state
        self.get_seat = get_seat
        self.budget = budget
        self.seed = seed
        self.exact_nodes = exact_nodes
        self.seconds = seconds
        self.hint: Hint | None = None
        self.error: str | None = None
        self._for: tuple | None = None  # the position (and seat) the shown hint belongs to
        self.button = w.Button(description="Hint", icon="lightbulb-o",
                               tooltip="each option's chance of winning, from what this seat knows",
                               layout=w.Layout(width="auto"))
        self.button.add_class("gl-hint-button")
        self.button.on_click(lambda _b: self.show())
        self.keep = w.ToggleButton(value=False, description="Keep hinting", icon="refresh",
                                   tooltip="give the hint of every new position by itself (each takes a moment)",
                                   layout=w.Layout(width="auto"))
        self.keep.add_class("gl-hint-keep")
        self.keep.observe(self._on_keep, names="value")
        self.output = w.HTML(value=self._idle())
        self.output.add_class("gl-hint-output")
        self.widget = w.VBox([w.HTML(STYLE), w.HBox([self.button, self.keep]), self.output])
        self.widget.add_class("gl-hint")

    @staticmethod
    def _idle() -> str:
        return '<div class="gl-muted">Press Hint to see each option\'s chance of winning.</div>'

    def _where(self) -> tuple:
        """What a hint belongs to: the game, its seed, every decision so far and the seat. (A
        re-deal of cards the seat cannot see keeps it: the hint may not depend on them.)"""
        s = self.get_state()
        options = tuple(sorted((k, repr(v)) for k, v in getattr(s.game, "options", {}).items()))
        return (s.game.name, options, s.seed, s.ply, tuple(a.label for a in s.history), self.get_seat())

    def _on_keep(self, change: dict) -> None:
        if change["new"] and self.hint is None:
            self.show()

    def show(self) -> Hint | None:
        """Compute and show the hint for the current position (errors are shown as words)."""
        self.error = None
        self.button.disabled = True
        self.button.description = "Thinking…"
        try:
            state = self.get_state()
            self.hint = hint(state, seat=self.get_seat(), budget=self.budget, seed=self.seed,
                             exact_nodes=self.exact_nodes, seconds=self.seconds, cache=True)
            self._for = self._where()
            self.output.value = hint_html(self.hint)
        except Exception as exc:  # noqa: BLE001 - a person must see it, not a lost traceback
            self.hint = None
            # the page gets a sentence; the traceback (server paths) goes to the server's log only
            _log.exception("hint failed")
            self.error = f"No hint this time: {str(exc)[:200]}"
            self.output.value = f'<div class="gl-hint-error" role="alert">{escape(self.error)}</div>'
        finally:
            self.button.disabled = False
            self.button.description = "Hint"
        return self.hint

    def refresh(self, compute: bool = True) -> None:
        """Call after the position changes: a hint for another position is cleared, or, with
        "Keep hinting" on and ``compute`` true, replaced by the new position's hint."""
        if self._for is not None and self._for == self._where():
            return
        if self.keep.value and compute:
            self.show()
        elif self._for is not None or self.error is not None:
            self.clear()

    def clear(self) -> None:
        self.hint = None
        self._for = None
        self.error = None
        if self.output.value != self._idle():
            self.output.value = self._idle()


__all__ = ["HintPanel"]
