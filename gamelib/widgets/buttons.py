"""The stepper's decision buttons and its guard around every callback; ``Stepper`` inherits
these (split from stepper.py to keep it readable).

* Buttons: one set per decision on screen (a generation), built for it and closed when it goes.
  A click on a button of another generation is refused in words, however late it arrives, and
  no seat's options stay hidden in the page for the next person to find.
* Guard: a person's action makes waiting agents give up, runs guarded and lets agents go on;
  a refused input shows its GamelibError's sentence, a bug one sentence with its type (its
  traceback goes to the server's log, logger ``gamelib.widgets``, never to the page)."""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from ..core import GamelibError
from .screen import logger  # noqa: F401  (bugs go to the server's log; re-exported)


class DecisionButtons:
    @property
    def action_buttons(self) -> list[w.Button]:
        return self._buttons

    def visible_labels(self) -> list[str]:
        return [b.description for b in self._buttons]

    def _set_actions(self, labels: list[str]) -> None:
        """One set of buttons per decision on screen (a generation): built for it, closed when
        it goes. A click meant for a decision already taken reaches a button of an old
        generation and is refused, however late it arrives; and a seat's options never stay in
        the page (hidden buttons are not kept) for the next person to find."""
        key = (self._moment(), tuple(labels))
        if key == self._buttons_for:
            return
        self._buttons_for = key
        self._generation += 1
        gen, old = self._generation, self._buttons
        new = []
        for label in labels:
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
            b.add_class("gl-action")
            b.on_click(lambda b, g=gen: self._on_button(g, b))
            new.append(b)
        self._buttons = new
        self.actions_box.children = tuple(new)
        for b in old:
            b.layout.close()
            b.close()  # the browser drops it: a late click on it reaches no one

    def _on_button(self, generation: int, b: w.Button) -> None:
        label = b.description
        if generation != self._generation:
            self._user(lambda: self._refuse_stale(label))
        else:
            self._user(lambda: self.model.act(label))

    def _refuse_stale(self, label: str) -> None:
        raise GamelibError(f"{label!r} was pressed for a decision already taken (or no longer shown), so it was "
                           "not taken. The buttons now show the decisions open now.")


class Guarded:
    """The guard around every callback; the model (``Screen.run``) turns what goes wrong into
    words, and the error panel shows them."""

    def _user(self, fn: Callable[[], None]) -> None:
        """A person's action: waiting agents give up, then it runs guarded, then agents may play."""
        self.model.person_acts()
        self._guard(fn, user=True)
        self._kick()

    def _guard(self, fn: Callable[[], None], user: bool = True) -> None:
        """Run a callback; whatever goes wrong is shown in words, then the screen is refreshed."""
        self.model.run(fn)
        self._refresh_safely()

    def _refresh_safely(self) -> None:
        try:
            self.refresh()
        except Exception as exc:  # noqa: BLE001
            self.model.bug("The game could not be drawn", exc)
            self._draw_error()

    def _show_bug(self, what: str, exc: BaseException) -> None:
        self.model.bug(what, exc)
        self._draw_error()

    def _show_error(self, message: str | None) -> None:
        self.model.error = message
        self._draw_error()

    def _draw_error(self) -> None:
        message = self.model.error
        html = "" if message is None else f'<div class="gl-error-box" role="alert">{escape(message)}</div>'
        if self.error_widget.value != html:
            self.error_widget.value = html
