"""The lessons' plots as SVG, in pure Python: what ``gamelib.lessons.plots`` draws where matplotlib
cannot be imported (the static site's browser Python has neither matplotlib nor numpy; see
docs/deploy.md, "A static site").

``subplots()`` returns a ``Figure`` and an ``Axes`` that take the few matplotlib calls the lessons'
plots make (lines and dots, bars, a band, a horizontal line, error bars, a log x axis, labels and a
legend), so each plot is written once and drawn by matplotlib or here. The figure shows as inline
SVG (``_repr_html_``): it scales to the width of the page; the text is large and the legend sits
under the axes, so the plot stays readable on a projector and on a phone. Nothing here imports
numpy or matplotlib."""
from __future__ import annotations

import html
import itertools
import math
from collections.abc import Sequence
from typing import Any

_available: bool | None = None

#: the drawing's own units: the SVG scales to the page, so these are proportions, not pixels
#: (narrow, with large text: shrunk to a phone's width the text stays about 10 px high)
WIDTH, HEIGHT = 560, 330
LEFT, RIGHT, TOP, BOTTOM = 70, 14, 42, 62
FONT = 17
ROW = FONT + 9  # a legend row
_ids = itertools.count(1)  # each plot's clip path its own id: ids are the whole page's
DASHES = {"--": "7 5", ":": "2 4", "-.": "7 4 2 4", "-": None, "solid": None}


def matplotlib_available() -> bool:
    """True where matplotlib can be imported (then the lessons' plots are matplotlib's)."""
    global _available
    if _available is None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _available = False
        else:
            _available = True
    return _available


def _floats(values: Any) -> list[float]:
    if isinstance(values, (int, float)) or hasattr(values, "denominator"):
        return [float(values)]
    return [float(v) for v in values]


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) covering [low, high], at most ``most``+1."""
    if not high > low:
        return [low]
    raw = (high - low) / most
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9)
    ticks = []
    k = first
    while k * step <= high + 1e-9 * step:
        ticks.append(round(k * step, 12))
        k += 1
    return ticks


def tick_text(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 1000 and v == int(v) else f"{v:g}"


class Figure:
    """One plot: an ``Axes`` drawn as inline SVG."""

    def __init__(self, figsize: tuple[float, float] = (8.6, 3.6), dpi: int = 100) -> None:
        self.figsize, self.dpi = figsize, dpi
        self.ax = Axes()

    def get_figwidth(self) -> float:
        return self.figsize[0]

    def to_svg(self) -> str:
        return self.ax.to_svg()

    def _repr_html_(self) -> str:
        return f"<div class='gl-plot' style='max-width:{WIDTH * 1.35:.0f}px'>{self.to_svg()}</div>"

    def __repr__(self) -> str:
        title = f": {self.ax.title}" if self.ax.title else ""
        return f"<gamelib plot{title}>"


def subplots(figsize: tuple[float, float] = (8.6, 3.6), dpi: int = 100) -> tuple[Figure, "Axes"]:
    fig = Figure(figsize, dpi)
    return fig, fig.ax


class Axes:
    """The matplotlib calls the lessons' plots make, recorded and drawn as SVG."""

    def __init__(self) -> None:
        self.items: list[tuple[str, dict[str, Any]]] = []
        self.title = self.xlabel = self.ylabel = ""
        self.xlim: list[float | None] = [None, None]
        self.ylim: list[float | None] = [None, None]
        self.xlog = False
        self.xticks: tuple[list[float], list[str] | None] | None = None

    # ---- what the plots call ----------------------------------------------------------------------

    def plot(self, x: Any, y: Any, fmt: str = "-", *, color: str = "#333", lw: float = 1.5, ls: str = "-",
             alpha: float = 1.0, label: str | None = None, ms: float = 6, markersize: float | None = None,
             linewidth: float | None = None, linestyle: str | None = None, **_: Any) -> None:
        kind = "dots" if "o" in fmt else "line"
        ms, lw, ls = markersize or ms, linewidth or lw, linestyle or ls
        self.items.append((kind, dict(x=_floats(x), y=_floats(y), color=_colour(color), lw=lw, ls=ls, alpha=alpha,
                                      label=label, ms=ms)))

    def bar(self, x: Any, height: Any, width: float = 0.8, *, color: str = "#333", alpha: float = 1.0,
            label: str | None = None, **_: Any) -> None:
        self.items.append(("bars", dict(x=_floats(x), y=_floats(height), width=float(width), color=color,
                                        alpha=alpha, label=label)))

    def axhline(self, y: Any, *, color: str = "#333", ls: str = "-", lw: float = 1.2, label: str | None = None,
                linestyle: str | None = None, linewidth: float | None = None, **_: Any) -> None:
        self.items.append(("hline", dict(y=float(y), color=color, ls=linestyle or ls, lw=linewidth or lw, label=label)))

    def axvline(self, x: Any, *, color: str = "#333", ls: str = "-", lw: float = 1.2, label: str | None = None,
                linestyle: str | None = None, linewidth: float | None = None, **_: Any) -> None:
        self.items.append(("vline", dict(x=float(x), color=color, ls=linestyle or ls, lw=linewidth or lw, label=label)))

    def fill_between(self, x: Any, low: Any, high: Any = 0.0, *, color: str = "#ddd", label: str | None = None,
                     **_: Any) -> None:
        xs = _floats(x)
        if isinstance(high, (int, float)):  # matplotlib's fill_between(x, y): down to 0
            high = [float(high)] * len(xs)
        self.items.append(("band", dict(x=xs, low=_floats(low), high=_floats(high), color=_colour(color), label=label)))

    def errorbar(self, x: Any, y: Any, yerr: Any = None, fmt: str = "o", *, color: str = "#333",
                 ecolor: str = "#1a1a1a", label: str | None = None, ms: float = 6, **_: Any) -> None:
        xs, ys = _floats(x), _floats(y)
        if yerr is None:
            below = above = [0.0] * len(ys)
        else:
            below, above = (_floats(yerr[0]), _floats(yerr[1])) if len(yerr) == 2 and not isinstance(
                yerr[0], (int, float)) else (_floats(yerr), _floats(yerr))
        self.items.append(("errors", dict(x=xs, y=ys, low=[v - b for v, b in zip(ys, below)],
                                          high=[v + a for v, a in zip(ys, above)], color=color, ecolor=ecolor,
                                          label=label, ms=ms)))

    def set_title(self, title: str, loc: str = "left", **_: Any) -> None:
        self.title = title

    def set_xlabel(self, text: str, **_: Any) -> None:
        self.xlabel = text

    def set_ylabel(self, text: str, **_: Any) -> None:
        self.ylabel = text

    def set_xlim(self, low: float | None = None, high: float | None = None) -> None:
        self.xlim = [low, high]

    def set_ylim(self, low: float | None = None, high: float | None = None) -> None:
        self.ylim = [low, high]

    def set_xscale(self, scale: str) -> None:
        self.xlog = scale == "log"

    def set_xticks(self, ticks: Any, labels: Sequence[str] | None = None) -> None:
        self.xticks = (_floats(ticks), list(labels) if labels is not None else None)

    def legend(self, *_: Any, **__: Any) -> None:
        pass  # the legend is always drawn, under the axes

    # ---- drawing ----------------------------------------------------------------------------------

    def _ranges(self) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for kind, it in self.items:
            if kind == "bars":
                xs += [x - it["width"] / 2 for x in it["x"]] + [x + it["width"] / 2 for x in it["x"]]
                ys += it["y"] + [0.0]
            elif kind == "hline":
                ys.append(it["y"])
            elif kind == "vline":
                xs.append(it["x"])
            elif kind == "band":
                xs += it["x"]
                ys += it["low"] + it["high"]
            elif kind == "errors":
                xs += it["x"]
                ys += it["low"] + it["high"]
            else:
                xs += it["x"]
                ys += it["y"]
        xs = [x for x in xs if math.isfinite(x) and (x > 0 or not self.xlog)] or [1.0]
        ys = [y for y in ys if math.isfinite(y)] or [0.0]
        x0, x1 = min(xs), max(xs)
        y0, y1 = min(ys), max(ys)
        if any(kind == "bars" for kind, _ in self.items):
            x0, x1 = x0 - 0.1, x1 + 0.1
        if not self.xlog and any(kind in ("dots", "errors") for kind, _ in self.items) and x1 - x0 < 1e-9:
            x0, x1 = x0 - 0.5, x1 + 0.5
        pad = (y1 - y0) * 0.05 or 0.5
        y0, y1 = y0 - pad, y1 + pad
        if self.xlim[0] is not None:
            x0 = float(self.xlim[0])
        if self.xlim[1] is not None:
            x1 = float(self.xlim[1])
        if self.ylim[0] is not None:
            y0 = float(self.ylim[0])
        if self.ylim[1] is not None:
            y1 = float(self.ylim[1])
        if x1 <= x0:
            x1 = x0 + 1
        if y1 <= y0:
            y1 = y0 + 1
        return x0, x1, y0, y1

    def to_svg(self) -> str:
        x0, x1, y0, y1 = self._ranges()
        labelled = [(k, it) for k, it in self.items if it.get("label")]
        per_row = 2 if all(len(str(it["label"])) <= 24 for _, it in labelled) else 1
        rows = math.ceil(len(labelled) / per_row)
        clip = f"gl-clip-{next(_ids)}"
        height = HEIGHT + rows * ROW + 6
        yticks = nice_ticks(y0, y1, 5)
        # room for the widest tick number beside the rotated axis label (about 0.6 em a character),
        # so "0.005" and "probability" do not overlap
        widest = max((len(tick_text(t)) for t in yticks), default=1)
        px0 = max(LEFT, round((30 if self.ylabel else 8) + 0.6 * FONT * widest + 8))
        px1, py0, py1 = WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
        lx0, lx1 = (math.log10(x0), math.log10(x1)) if self.xlog else (x0, x1)

        def sx(x: float) -> float:
            v = math.log10(x) if self.xlog else x
            return px0 + (v - lx0) / (lx1 - lx0) * (px1 - px0)

        def sy(y: float) -> float:
            return py1 - (y - y0) / (y1 - y0) * (py1 - py0)

        def ok(x: float) -> bool:
            return math.isfinite(x) and (x > 0 or not self.xlog)

        out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {WIDTH} {height}' role='img' "
               f"aria-label='{html.escape(self.title, quote=True)}' style='width:100%;height:auto;"
               f"font-family:system-ui,sans-serif;font-size:{FONT}px'>",
               f"<rect width='{WIDTH}' height='{height}' fill='white'/>"]
        if self.title:
            out.append(f"<text x='8' y='24' font-weight='600'{_fit(self.title, FONT, WIDTH - 16)}>{_t(self.title)}</text>")
        # grid and ticks
        out.append(f"<clipPath id='{clip}'><rect x='{px0}' y='{py0}' width='{px1 - px0}' height='{py1 - py0}'/></clipPath>")
        for t in yticks:
            out.append(f"<line x1='{px0}' x2='{px1}' y1='{sy(t):.1f}' y2='{sy(t):.1f}' stroke='#e4e4e4'/>"
                       f"<text x='{px0 - 6}' y='{sy(t) + 5:.1f}' text-anchor='end'>{tick_text(t)}</text>")
        if self.xticks is not None:
            ticks, names = self.xticks
            names = names or [tick_text(t) for t in ticks]
        elif self.xlog:
            ticks = [10.0 ** k for k in range(math.ceil(lx0 - 1e-9), math.floor(lx1 + 1e-9) + 1)]
            names = [tick_text(t) for t in ticks]
        else:
            ticks = nice_ticks(x0, x1, 6)
            names = [tick_text(t) for t in ticks]
        for t, name in zip(ticks, names):
            if ok(t) and x0 - 1e-9 <= t <= x1 + 1e-9:
                out.append(f"<line x1='{sx(t):.1f}' x2='{sx(t):.1f}' y1='{py1}' y2='{py1 + 5}' stroke='#444'/>"
                           f"<text x='{sx(t):.1f}' y='{py1 + 23}' text-anchor='middle'>{_t(name)}</text>")
        out.append(f"<line x1='{px0}' x2='{px1}' y1='{py1}' y2='{py1}' stroke='#444'/>"
                   f"<line x1='{px0}' x2='{px0}' y1='{py0}' y2='{py1}' stroke='#444'/>")
        if self.xlabel:
            out.append(f"<text x='{(px0 + px1) / 2}' y='{py1 + 50}' text-anchor='middle'"
                       f"{_fit(self.xlabel, FONT, px1 - px0)}>{_t(self.xlabel)}</text>")
        if self.ylabel:
            out.append(f"<text transform='translate(20 {(py0 + py1) / 2}) rotate(-90)' text-anchor='middle'"
                       f"{_fit(self.ylabel, FONT, py1 - py0 + 20)}>{_t(self.ylabel)}</text>")
        # the items, in the order drawn
        body = []
        for kind, it in self.items:
            if kind == "band":
                pts = [(x, lo) for x, lo in zip(it["x"], it["low"]) if ok(x) and math.isfinite(lo)]
                top = [(x, hi) for x, hi in zip(it["x"], it["high"]) if ok(x) and math.isfinite(hi)]
                path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts + top[::-1])
                body.append(f"<polygon points='{path}' fill='{it['color']}' stroke='none'/>")
            elif kind == "bars":
                for x, y in zip(it["x"], it["y"]):
                    left, right = sx(x - it["width"] / 2), sx(x + it["width"] / 2)
                    top_, base = sy(max(y, 0)), sy(min(y, 0))
                    body.append(f"<rect x='{left:.1f}' y='{top_:.1f}' width='{right - left:.1f}' "
                                f"height='{base - top_:.1f}' fill='{it['color']}' fill-opacity='{it['alpha']}'/>")
            elif kind == "hline":
                body.append(f"<line x1='{px0}' x2='{px1}' y1='{sy(it['y']):.1f}' y2='{sy(it['y']):.1f}' "
                            f"stroke='{it['color']}' stroke-width='{it['lw'] * 1.3:.1f}'{_dash(it['ls'])}/>")
            elif kind == "vline":
                body.append(f"<line x1='{sx(it['x']):.1f}' x2='{sx(it['x']):.1f}' y1='{py0}' y2='{py1}' "
                            f"stroke='{it['color']}' stroke-width='{it['lw'] * 1.3:.1f}'{_dash(it['ls'])}/>")
            elif kind == "line":
                pts = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in zip(it["x"], it["y"]) if ok(x) and math.isfinite(y))
                body.append(f"<polyline points='{pts}' fill='none' stroke='{it['color']}' stroke-width="
                            f"'{it['lw'] * 1.3:.1f}' stroke-opacity='{it['alpha']}' stroke-linejoin='round'"
                            f"{_dash(it['ls'])}/>")
            elif kind == "dots":
                r = max(3.0, it["ms"] * 0.6)
                body += [f"<circle cx='{sx(x):.1f}' cy='{sy(y):.1f}' r='{r:.1f}' fill='{it['color']}' stroke='#1a1a1a' "
                         f"stroke-width='0.8'/>" for x, y in zip(it["x"], it["y"]) if ok(x) and math.isfinite(y)]
            elif kind == "errors":
                for x, y, lo, hi in zip(it["x"], it["y"], it["low"], it["high"]):
                    if not (ok(x) and math.isfinite(y)):
                        continue
                    if hi > lo:
                        body.append(f"<path d='M{sx(x):.1f},{sy(lo):.1f}V{sy(hi):.1f}M{sx(x) - 5:.1f},{sy(lo):.1f}"
                                    f"h10M{sx(x) - 5:.1f},{sy(hi):.1f}h10' stroke='{it['ecolor']}' stroke-width='1.5'/>")
                    body.append(f"<circle cx='{sx(x):.1f}' cy='{sy(y):.1f}' r='{max(3.5, it['ms'] * 0.7):.1f}' "
                                f"fill='{it['color']}' stroke='#1a1a1a'/>")
        out.append(f"<g clip-path='url(#{clip})'>" + "".join(body) + "</g>")
        # the legend, one or two entries a row under the axes (never over a bar or a line)
        for i, (kind, it) in enumerate(labelled):
            x = 12 + (i % per_row) * (WIDTH // 2)
            y = HEIGHT + 14 + (i // per_row) * ROW
            colour = it.get("color", "#333")
            if kind in ("bars", "band"):
                key = f"<rect x='{x}' y='{y - 11}' width='22' height='12' fill='{colour}'/>"
            elif kind in ("dots", "errors"):
                key = f"<circle cx='{x + 11}' cy='{y - 5}' r='5' fill='{colour}' stroke='#1a1a1a'/>"
            else:
                key = (f"<line x1='{x}' x2='{x + 22}' y1='{y - 5}' y2='{y - 5}' stroke='{colour}' stroke-width='3'"
                       f"{_dash(it.get('ls', '-'))}/>")
            label = " ".join(str(it["label"]).split())
            out.append(f"{key}<text x='{x + 28}' y='{y}'{_fit(label, FONT - 1, WIDTH // per_row - 40)}>{_t(label)}</text>")
        out.append("</svg>")
        return "".join(out)


def _fit(text: str, size: int, room: float) -> str:
    """A text's size, squeezed to ``room`` when it would be longer (about 0.55 em a character)."""
    if len(text) * size * 0.55 <= room:
        return f" font-size='{size}'"
    return f" font-size='{size}' textLength='{room:.0f}' lengthAdjust='spacingAndGlyphs'"


def _colour(colour: str) -> str:
    """matplotlib's grey levels ("0.75": 0 black, 1 white) as SVG colours; others as they are."""
    try:
        level = float(colour)
    except (TypeError, ValueError):
        return colour
    v = round(255 * min(max(level, 0.0), 1.0))
    return f"rgb({v},{v},{v})"


def _t(text: str) -> str:
    return html.escape(str(text), quote=False)


def _dash(ls: str) -> str:
    d = DASHES.get(ls)
    return f" stroke-dasharray='{d}'" if d else ""
