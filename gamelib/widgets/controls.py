"""Small widget pieces of the stepper: the exact seed box, buttons, headings, seat names.
Nothing here knows a game."""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w
import traitlets

from .inputs import PERSON, QUOTE_CHARS, SEED_MIN, parse_seed, quote  # noqa: F401  (re-exported)


class SeedText(w.Text):
    """A seed box that keeps every digit: the browser holds text, never a (53-bit) number.
    ``value`` accepts an int too (``seed_widget.value = 11`` from Python)."""

    value = traitlets.CUnicode("0", help="the seed, as text").tag(sync=True)


def button(text: str, cls: str, handler: Callable[[], None], tip: str) -> w.Button:
    b = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
    b.add_class(cls)
    b.on_click(lambda _b: handler())
    return b


def heading(text: str) -> w.HTML:
    h = w.HTML(f"<div class='gl-heading'>{escape(text)}</div>")
    h.add_class("gl-heading-box")
    return h


def box(children: list, cls: str, vertical: bool = False) -> w.Box:
    b = (w.VBox if vertical else w.HBox)(children)
    b.add_class(cls)
    if not vertical:
        b.add_class("gl-row")
    return b


def show(widget: w.DOMWidget, visible: bool) -> None:
    """Hide or show without re-creating (only sends a message when it changes)."""
    # "" rather than None: None reaches a JupyterLite page as undefined, and the widget stays hidden
    want = "" if visible else "none"
    if (widget.layout.display or "") != want:
        widget.layout.display = want


class ShowsWidget:
    """For an object that holds its widget tree in ``self.widget``: it shows as that widget in a
    notebook, with its own short, stable ``repr`` as the plain text (notebooks compare that
    text, never the whole widget tree)."""

    widget: w.DOMWidget

    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict) and "text/plain" in bundle:
            bundle["text/plain"] = repr(self)
        return bundle

