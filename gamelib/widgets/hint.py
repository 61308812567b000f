"""``HintPanel``: a Hint button and what it found, for any game (issue 16).

A Stepper (or any page) gives it two callables, so the panel never holds a stale position:

    panel = HintPanel(get_state=lambda: stepper.shown, get_seat=lambda: seat_or_None)
    box.children += (panel.widget,)
    panel.refresh()   # after each change of position: an old hint is cleared, not shown as new

Pressing the button (or ``panel.show()``) computes ``gamelib.hint`` for that state and seat and
shows each option's chance of winning, saying whether it is exact or estimated (with its
standard error and the playouts used). Testable without a browser: ``panel.show()``, then read
``panel.hint`` and ``panel.output.value``."""
from __future__ import annotations

import traceback
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..strategy.hint import Hint, hint, hint_html

STYLE = """<style>
.gl-hint .gl-hint-box{border:1px solid #e5dccb;border-radius:6px;padding:2px 6px;background:#fffdf8;font-size:12.5px}
.gl-hint .gl-hint-best td{font-weight:700;background:#f1f7ec}
.gl-hint table.gl-hint-table{border-collapse:collapse;width:100%}
.gl-hint table.gl-hint-table caption{text-align:left;font-weight:600;padding:2px 0}
.gl-hint table.gl-hint-table td,.gl-hint table.gl-hint-table th{padding:1px 6px;border-bottom:1px solid #eee;text-align:left}
.gl-hint td.gl-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.gl-hint .gl-bar{display:inline-block;height:8px;background:#6a9c5a;border-radius:2px;vertical-align:middle}
.gl-hint .gl-muted{color:#777;font-style:italic}
.gl-hint .gl-hint-error{color:#7a1010}
</style>"""


class HintPanel:
    """A "Hint" button and a box showing each option's chance of winning.

    ``get_state()`` returns the position on screen; ``get_seat()`` the seat asking (None: the
    seat that decides). ``budget`` is passed to ``gamelib.hint`` (playouts per option for
    estimates); ``seed`` fixes the samples so the same position gives the same hint."""

    def __init__(self, get_state: Callable[[], Any], get_seat: Callable[[], str | None] = lambda: None,
                 budget: int | None = None, seed: int = 0):
        self.get_state = get_state
        self.get_seat = get_seat
        self.budget = budget
        self.seed = seed
        self.hint: Hint | None = None
        self.error: str | None = None
        self._for: tuple | None = None  # the position (and seat) the shown hint belongs to
        self.button = w.Button(description="Hint", icon="lightbulb-o",
                               tooltip="each option's chance of winning, from what this seat knows",
                               layout=w.Layout(width="auto"))
        self.button.add_class("gl-hint-button")
        self.button.on_click(lambda _b: self.show())
        self.output = w.HTML(value=self._idle())
        self.output.add_class("gl-hint-output")
        self.widget = w.VBox([w.HTML(STYLE), self.button, self.output])
        self.widget.add_class("gl-hint")

    @staticmethod
    def _idle() -> str:
        return '<div class="gl-muted">Press Hint to see each option\'s chance of winning.</div>'

    def _where(self) -> tuple:
        s = self.get_state()
        return (s.game.name, s.seed, s.ply, len(s.log), tuple(a.label for a in s.history[-3:]), self.get_seat())

    def show(self) -> Hint | None:
        """Compute and show the hint for the current position (errors are shown as words)."""
        self.error = None
        self.button.disabled = True
        self.button.description = "Thinking…"
        try:
            state = self.get_state()
            self.hint = hint(state, seat=self.get_seat(), budget=self.budget, seed=self.seed)
            self._for = self._where()
            self.output.value = hint_html(self.hint)
        except Exception as exc:  # noqa: BLE001 - a person must see it, not a lost traceback
            self.hint = None
            self.error = f"No hint ({type(exc).__name__}): {exc}"
            self.output.value = (f'<div class="gl-hint-error" role="alert">{escape(self.error)}'
                                 f"<details><summary>technical details</summary><pre>{escape(traceback.format_exc())}</pre></details></div>")
        finally:
            self.button.disabled = False
            self.button.description = "Hint"
        return self.hint

    def refresh(self) -> None:
        """Call after the position changes: a hint for another position is cleared."""
        if self._for is not None and self._for != self._where():
            self.clear()

    def clear(self) -> None:
        self.hint = None
        self._for = None
        self.error = None
        if self.output.value != self._idle():
            self.output.value = self._idle()


__all__ = ["HintPanel"]
