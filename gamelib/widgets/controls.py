"""Small widget pieces of the stepper: the exact seed box, buttons, headings, seat names.
Nothing here knows a game."""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w
import traitlets

from ..core import GamelibError

PERSON = "person"
SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1


class SeedText(w.Text):
    """A seed box that keeps every digit: the browser holds text, never a (53-bit) number.
    ``value`` accepts an int too (older code sets ``seed_widget.value = 11``)."""

    value = traitlets.CUnicode("0", help="the seed, as text").tag(sync=True)


def parse_seed(text: object) -> int:
    """A seed typed by a person: a whole number that fits in 64 bits, exactly."""
    s = str(text).strip().replace("_", "").replace(" ", "")
    try:
        seed = int(s, 10)
    except ValueError:
        raise GamelibError(f"the seed {str(text)!r} is not a whole number; type digits only, "
                           f"e.g. 6915206964022700985") from None
    if not SEED_MIN <= seed <= SEED_MAX:
        raise GamelibError(f"the seed {seed} is too large: seeds go from {SEED_MIN} to {SEED_MAX}")
    return seed


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
