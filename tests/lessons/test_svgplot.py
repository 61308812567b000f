"""gamelib's own SVG plots (gamelib/lessons/svgplot.py): the calls the lessons' plots make, drawn
where they should be, with round ticks, a legend under the axes and text escaped."""
from __future__ import annotations

import re

from gamelib.lessons import svgplot


def test_ticks_are_round_and_cover_the_range():
    assert svgplot.nice_ticks(0, 1, 5) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert svgplot.nice_ticks(-0.03, 0.52, 5) == [0, 0.2, 0.4]
    assert svgplot.nice_ticks(1, 1) == [1]
    assert svgplot.tick_text(2000.0) == "2,000" and svgplot.tick_text(0.25) == "0.25"


def test_a_plot_draws_its_items_legend_and_axes():
    fig, ax = svgplot.subplots()
    ax.bar([0, 1, 2], [0.5, 0.25, 0.25], 0.8, color="#123456", label="exact <bars>")
    ax.plot([0, 1, 2], [0.4, 0.3, 0.3], "o", color="#654321", label="simulated")
    ax.axhline(0.3, ls="--", label="a line")
    ax.errorbar([1], [0.3], yerr=[[0.05], [0.1]], label="an interval")
    ax.set_title("a & b")
    ax.set_ylim(0, 1)
    ax.set_xticks([0, 1, 2], ["none", "one", "two"])
    svg = fig._repr_html_()
    assert svg.count("fill='#123456'") == 3 + 1  # three bars and the legend's key
    heights = [float(h) for h in re.findall(r"<rect x='[^']*' y='[^']*' width='[^']*' height='([^']*)' fill='#123456'", svg)]
    assert heights[0] == max(heights) and abs(heights[1] - heights[0] / 2) < 0.2  # 0.5 is twice 0.25
    assert "exact &lt;bars&gt;" in svg and "a &amp; b" in svg and "<bars>" not in svg
    assert all(t in svg for t in (">none<", ">one<", ">two<", "stroke-dasharray"))
    for tick in ("0", "0.2", "0.4", "0.6", "0.8", "1"):
        assert f">{tick}</text>" in svg
    # each figure has its own clip path (ids are the whole page's)
    other, _ = svgplot.subplots()
    ids = re.findall(r"clipPath id='([^']+)'", svg + other.to_svg())
    assert len(ids) == 2 and ids[0] != ids[1]


def test_a_log_axis_has_power_of_ten_ticks_and_drops_what_it_cannot_show():
    fig, ax = svgplot.subplots()
    ax.plot(list(range(0, 1001)), [0.5] * 1001)  # trial 0 has no place on a log scale
    ax.fill_between([1, 10, 100], [0, 0.1, 0.2], [1, 0.9, 0.8])
    ax.set_xscale("log")
    svg = fig.to_svg()
    assert all(f">{t}</text>" in svg for t in ("1", "10", "100", "1,000"))
    assert "nan" not in svg and "inf" not in svg
