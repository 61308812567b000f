"""Small widget pieces of the stepper: the exact seed box, buttons, headings, seat names.
Nothing here knows a game."""
from __future__ import annotations

import re
from html import escape
from typing import Any, Callable

import ipywidgets as w
import traitlets

from ..core import GamelibError
from ..core.rng import SEED_MAX

PERSON = "person"
#: the seeds the engine accepts (``gamelib.core.rng.check_seed``): the page checks the same range
SEED_MIN = 0
#: an input longer than this is quoted only by its first characters (a paste may be megabytes)
QUOTE_CHARS = 40
_WHOLE = re.compile(r"[+-]?[0-9]+")


class SeedText(w.Text):
    """A seed box that keeps every digit: the browser holds text, never a (53-bit) number.
    ``value`` accepts an int too (older code sets ``seed_widget.value = 11``)."""

    value = traitlets.CUnicode("0", help="the seed, as text").tag(sync=True)


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A person's input as words can show it: ``repr``, cut to its first ``limit`` characters
    (saying how long it was), whatever it is (text, a number, something else)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        r = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print: its type says enough
        return f"a {type(value).__name__}"
    return r if len(r) <= limit else f"{r[:limit]}... (a {type(value).__name__})"


def parse_seed(text: object) -> int:
    """A seed typed by a person or given in a link: a whole number the engine accepts, from 0
    to 2**64 - 1, exactly (checked here, so a page never builds a game the engine refuses)."""
    raw = text if isinstance(text, str) else str(text)
    s = raw.strip().replace("_", "").replace(" ", "")
    if len(s) > 100 or not _WHOLE.fullmatch(s):  # (a bounded int() on digits only)
        raise GamelibError(f"the seed {quote(raw)} is not a whole number from {SEED_MIN} to {SEED_MAX}; "
                           "type digits only, e.g. 6915206964022700985")
    seed = int(s, 10)
    if not SEED_MIN <= seed <= SEED_MAX:
        raise GamelibError(f"the seed {seed} is out of range: seeds are whole numbers from {SEED_MIN} to {SEED_MAX}")
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

