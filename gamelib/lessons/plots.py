"""Plots for the lessons (matplotlib: imported here, never in the rules). Each helper returns
a closed Figure, so a cell shows it exactly once, as its result. Where matplotlib cannot be
imported (the static site's browser Python), ``_fig`` returns gamelib's own SVG figure
(``.svgplot``), which takes the same calls; where numpy cannot, the running estimates are summed
in plain Python (``plot_convergence``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamelib.probability import stats
from gamelib.probability.stats import Estimate

from . import svgplot
from .numbers import is_big
from .text import exact_text, fraction_text

# ---- plots ----------------------------------------------------------------------------------

COLOURS = {"exact": "#2f5d3a", "simulated": "#c9a36a", "band": "#e9dfc6"}


def _fig(figsize: tuple[float, float] = (8.6, 3.6)):
    if not svgplot.matplotlib_available():
        return svgplot.subplots(figsize)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=figsize, dpi=100, layout="constrained")
    plt.close(fig)  # shown once, as the cell's result, not again by the inline backend
    ax.spines[["top", "right"]].set_visible(False)
    return fig, ax


def bar_label_text(x: Any) -> str:
    """A bar's label: its fraction while short, else three decimals (never a clipped 16-digit
    fraction); nothing on an empty bar."""
    if not x:
        return ""
    return f"{float(x):.3f}" if is_big(x) else fraction_text(x)


def numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def running(values: Sequence[Any]) -> tuple[list[int], list[float], list[float]]:
    """Plain Python: trials 1..n, the running mean and the running mean of squares."""
    ns, mean, sq = [], [], []
    total = total_sq = 0.0
    for i, v in enumerate(values, start=1):
        v = float(v)
        total += v
        total_sq += v * v
        ns.append(i)
        mean.append(total / i)
        sq.append(total_sq / i)
    return ns, mean, sq


def wilson_band_plain(successes: Sequence[Any], z: float) -> tuple[list[float], list[float]]:
    """``wilson_band`` in plain Python (lists), for a Python without numpy."""
    ns, means, _ = running(successes)
    low, high = [], []
    for n, p in zip(ns, means):
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * max(p * (1 - p) / n + z * z / (4 * n * n), 0) ** 0.5 / denom
        low.append(min(max(centre - half, 0.0), 1.0))
        high.append(min(max(centre + half, 0.0), 1.0))
    return low, high


def thinned(n: int, most: int = 400) -> list[int]:
    """Indices 0..n-1 spread evenly on a log scale (all of them when few): an SVG plot of a
    million trials draws a few hundred points, not a million."""
    if n <= most:
        return list(range(n))
    keep = {round(n ** (k / most)) - 1 for k in range(most + 1)}
    return sorted(i for i in keep if 0 <= i < n)


def wilson_band(successes: Any, z: float):
    """The Wilson interval after 1, 2, ..., n trials (numpy arrays low, high): unlike
    estimate ± z SE it never leaves [0, 1], and it is not empty after 0 or n successes."""
    import numpy as np

    y = np.asarray(successes, dtype=float)
    n = np.arange(1, len(y) + 1, dtype=float)
    p = np.cumsum(y) / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(np.maximum(p * (1 - p) / n + z * z / (4 * n * n), 0)) / denom
    return np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)


def _legend_outside(ax: Any) -> None:
    """The legend to the right of the axes, where it never hides a bar or a line."""
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)


def plot_distribution(exact: Mapping[Any, Any], simulated: Sequence[Any] | Any, *, title: str = "",
                      xlabel: str = "", confidence: float = 0.95, error_bars: bool = True):
    """Bars for the exact distribution, dots with 95% error bars for the simulated frequencies
    (``error_bars=False`` for a first course, before intervals are taught: dots only)."""
    import numpy as np

    fig, ax = _fig()
    keys = list(exact)
    sim = np.asarray(simulated)
    n = len(sim)
    x = np.arange(len(keys))
    bars = ax.bar(x, [float(exact[k]) for k in keys], color=COLOURS["exact"], alpha=0.85, label="exact")
    ax.bar_label(bars, labels=[bar_label_text(exact[k]) for k in keys], label_type="center",
                 color="white", fontsize=11, fontweight="bold")
    freq = np.array([(sim == k).mean() for k in keys])
    err = stats.z_value(confidence) * np.sqrt(freq * (1 - freq) / n) if error_bars else None
    ax.errorbar(x, freq, yerr=err, fmt="o", color=COLOURS["simulated"], ecolor="#1a1a1a", capsize=4,
                markeredgecolor="#1a1a1a",
                label=f"simulated\n({n:,} trials" + (",\n95% bars)" if error_bars else ")"))
    ax.set_xticks(x, [str(k) for k in keys])
    ax.set_ylabel("probability")
    ax.set_xlabel(xlabel)
    ax.set_ylim(0, max(1e-9, max(float(v) for v in exact.values()), float(freq.max())) * 1.2)
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig


def plot_convergence(successes: Sequence[Any], exact: Any = None, *, title: str = "", ylabel: str = "estimate",
                     confidence: float = 0.95, values: bool = False):
    """The running estimate after 1, 2, ..., n trials (log scale), its 95% band, and the exact
    value when known: the law of large numbers on one picture. ``values=True`` for a running
    mean of any numbers (band from the running standard deviation)."""
    if not numpy_available():
        return _plot_convergence_plain(successes, exact, title=title, ylabel=ylabel, confidence=confidence,
                                       values=values)
    import numpy as np

    y = np.asarray(successes, dtype=float)
    n = np.arange(1, len(y) + 1)
    mean = np.cumsum(y) / n
    z = stats.z_value(confidence)
    if values:
        sq = np.cumsum(y * y) / n
        var = np.maximum(sq - mean * mean, 0) * n / np.maximum(n - 1, 1)
        se = np.sqrt(var / n)
        low, high = mean - z * se, mean + z * se
    else:
        low, high = wilson_band(y, z)  # a rate's band stays inside [0, 1]
    fig, ax = _fig()
    start = min(9, len(y) - 1)  # the band means nothing for the first few trials
    ax.fill_between(n[start:], low[start:], high[start:], color=COLOURS["band"],
                    label="95% interval" if values else "95% interval (Wilson)")
    ax.plot(n, mean, color=COLOURS["simulated"], lw=1.6, label="running estimate")
    if exact is not None:
        ax.axhline(float(exact), color=COLOURS["exact"], ls="--", lw=1.4, label=f"exact {exact_text(exact)}")
    ax.set_xscale("log")
    ax.set_xlabel("number of trials (log scale)")
    ax.set_ylabel(ylabel)
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig


def _plot_convergence_plain(successes: Sequence[Any], exact: Any, *, title: str, ylabel: str, confidence: float,
                            values: bool):
    """``plot_convergence`` without numpy: the same running estimate and band, in plain Python."""
    y = [float(v) for v in successes]
    ns, mean, sq = running(y)
    z = stats.z_value(confidence)
    if values:
        low, high = [], []
        for n, m, s2 in zip(ns, mean, sq):
            se = (max(s2 - m * m, 0) * n / max(n - 1, 1) / n) ** 0.5
            low.append(m - z * se)
            high.append(m + z * se)
    else:
        low, high = wilson_band_plain(y, z)
    keep = thinned(len(y))
    pick = lambda xs: [xs[i] for i in keep]  # noqa: E731
    ns, mean, low, high = pick(ns), pick(mean), pick(low), pick(high)
    fig, ax = _fig()
    start = next((k for k, n in enumerate(ns) if n >= min(10, len(y))), 0)  # the band means nothing at first
    ax.fill_between(ns[start:], low[start:], high[start:], color=COLOURS["band"],
                    label="95% interval" if values else "95% interval (Wilson)")
    ax.plot(ns, mean, color=COLOURS["simulated"], lw=1.6, label="running estimate")
    if exact is not None:
        ax.axhline(float(exact), color=COLOURS["exact"], ls="--", lw=1.4, label=f"exact {exact_text(exact)}")
    ax.set_xscale("log")
    ax.set_xlabel("number of trials (log scale)")
    ax.set_ylabel(ylabel)
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig


def plot_estimates(labels: Sequence[str], estimates: Sequence[Estimate], exact: Sequence[Any] | None = None, *,
                   title: str = "", ylabel: str = "", xlabel: str = "", error_bars: bool = True):
    """Simulated values with their intervals for several questions (or Protagonists), with the
    exact values as bars behind them when they are known."""
    import numpy as np

    fig, ax = _fig()
    x = np.arange(len(labels))
    if exact is not None:
        bars = ax.bar(x, [float(e) for e in exact], color=COLOURS["exact"], alpha=0.85, label="exact")
        ax.bar_label(bars, labels=[bar_label_text(e) for e in exact], label_type="center", color="white",
                     fontsize=11, fontweight="bold")
    vals = np.array([e.value for e in estimates])
    low = vals - np.array([e.low for e in estimates])
    high = np.array([e.high for e in estimates]) - vals
    n = estimates[0].n if estimates else 0
    ax.errorbar(x, vals, yerr=[low, high] if error_bars else None, fmt="o", color=COLOURS["simulated"], ecolor="#1a1a1a",
                capsize=5, markeredgecolor="#1a1a1a",
                label=f"simulated\n({n:,} each" + (",\n95% intervals)" if error_bars else ")"))
    ax.set_xticks(x, list(labels))
    ax.set_ylabel(ylabel)
    ax.set_xlabel(xlabel)
    top = max([e.high for e in estimates] + ([float(e) for e in exact] if exact is not None else []) + [1e-9])
    ax.set_ylim(0, top * 1.2)
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig


def plot_running_rates(table, by: str = "protagonist", *, title: str = "", confidence: float = 0.95):
    """The running win rate of each group (game by game, log scale), each ending on its 95%
    interval: watch the lines settle and separate, or not."""
    import numpy as np

    fig, ax = _fig()
    z = stats.z_value(confidence)
    palette = ["#2f5d3a", "#c9a36a", "#4a5d7a", "#9b1c1c", "#6b46c1", "#b7791f"]
    for i, (key, g) in enumerate(table.groupby(by, sort=False)):
        won = g["won:you"].to_numpy(dtype=float)
        n = np.arange(1, len(won) + 1)
        rate = np.cumsum(won) / n
        colour = palette[i % len(palette)]
        label = f"{key} ({'★' * int(g['stars'].iloc[0])})" if "stars" in g else str(key)
        ax.plot(n, rate, color=colour, lw=1.5, label=label)
        last = rate[-1]
        low, high = stats.wilson_interval(int(won.sum()), len(won), z=z)
        ax.errorbar([len(won) * (1.06 + 0.07 * i)], [last], yerr=[[last - low], [high - last]], fmt="o", color=colour,
                    capsize=4, ms=4)
    ax.set_xscale("log")
    ax.set_xlabel("games played (log scale); the bars at the right are 95% intervals")
    ax.set_ylabel("win rate so far")
    ax.set_ylim(0, None)
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig
