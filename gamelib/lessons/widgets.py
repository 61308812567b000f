"""The widget that moves an exact answer and its simulation together (ipywidgets): the
controls change the question (deck contents, weaknesses, number of trials, strategy), and the
exact value, the simulated one with its interval, and a plot are redrawn side by side."""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.probability.stats import Estimate

from .numbers import exact_html, readable

_TD = "padding:1px 8px;text-align:left"


def answers_html(title: str, exact: Any, est: Estimate, unit: str = "") -> str:
    """Exact, simulated (with its standard error), the 95% interval and whether the exact value
    lies inside it. ``exact=None`` for a question without a formula: only the estimate."""
    rows = []
    if exact is not None:
        from fractions import Fraction

        q = Fraction(exact)
        approx = "" if q.denominator == 1 or readable(q) != f"{q.numerator}/{q.denominator}" else f" ≈ {float(q):.4f}"
        rows.append(f"<tr><td style='{_TD}'>exact</td><td style='{_TD}'><b>{exact_html(q)}{approx}</b>{unit}</td></tr>")
    rows.append(f"<tr><td style='{_TD}'>simulated</td><td style='{_TD}'><b>{est.value:.4f}</b>{unit} "
                f"(standard error {est.se:.4f}, {est.n:,} trials)</td></tr>")
    verdict = ""
    if exact is not None:
        inside = est.contains(exact)
        colour = "#1d6b2f" if inside else "#9b1c1c"
        verdict = f": the exact value is <b style='color:{colour}'>{'inside' if inside else 'outside'}</b> it"
    else:
        verdict = f" (width {est.high - est.low:.4f}; no formula gives the exact value)"
    rows.append(f"<tr><td style='{_TD}'>95% interval</td><td style='{_TD}'>{est.low:.4f} to {est.high:.4f}{verdict}</td></tr>")
    return (f"<div class='gl-answers' style='font-family:system-ui,sans-serif;font-size:14px'><b>{html.escape(title)}</b>"
            f"<table style='border-collapse:collapse;margin-top:4px'>{''.join(rows)}</table></div>")


def figure_png(fig: Any) -> bytes:
    """A matplotlib figure as PNG bytes (for an Image widget)."""
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi)
    return buf.getvalue()


def linked_answers(controls: Mapping[str, Any], compute: Callable[..., tuple[str, Any, Estimate]],
                   plot: Callable[..., Any] | None = None, note: str = ""):
    """``controls`` (argument name -> ipywidget) feed ``compute(**values)``, which returns
    (title, exact or None, estimate); both answers are shown together and redrawn whenever a
    control moves. ``plot(**values, exact=..., estimate=...)`` may return a matplotlib figure.
    A bad combination of values (a ``GamelibError``) shows its message instead of failing."""
    import ipywidgets as w

    result = w.HTML()
    # The plot is an Image widget holding PNG bytes, not an Output widget: output captured into
    # a widget needs a frontend to route it, which nbval and plain kernels do not have.
    # Where matplotlib is missing (the static site) the plot is gamelib's SVG, in an HTML widget.
    from .svgplot import matplotlib_available

    shown = w.Layout(max_width="100%", height="auto", object_fit="contain", display=None if plot is not None else "none")
    figure = w.Image(format="png", layout=shown) if matplotlib_available() else w.HTML(layout=shown)
    footer = w.HTML(f"<div style='color:#555;font-size:12.5px'>{html.escape(note)}</div>" if note else "")

    def update(_change: Any = None) -> None:
        values = {k: c.value for k, c in controls.items()}
        try:
            title, exact, est = compute(**values)
        except GamelibError as err:
            result.value = f"<div style='color:#9b1c1c'>{html.escape(str(err))}</div>"
            figure.layout.display = "none"
            return
        result.value = answers_html(title, exact, est)
        if plot is not None:
            fig = plot(**values, exact=exact, estimate=est)
            if isinstance(figure, w.Image):
                figure.value = figure_png(fig)
                figure.width = str(round(fig.get_figwidth() * fig.dpi))  # natural size, shrunk on small screens
            else:
                figure.value = fig._repr_html_()
            figure.layout.display = None

    for c in controls.values():
        c.observe(update, names="value")
    row = w.HBox(list(controls.values()), layout=w.Layout(flex_flow="row wrap"))
    box = LinkedAnswers([row, result, figure, footer])
    box.controls, box.result, box.figure, box.update = dict(controls), result, figure, update
    update()
    return box


try:  # ipywidgets is always there in the lessons' environment; the rest works without it
    import ipywidgets as _w

    class LinkedAnswers(_w.VBox):
        """The controls, the two answers and the plot; a short text form for logs and nbval."""

        def __repr__(self) -> str:
            return "exact and simulated answers, moved together by the controls (they need a running kernel)"
except ImportError:  # pragma: no cover
    pass
