"""gamelib.lessons where numpy, pandas, matplotlib and scipy cannot be imported (the static site's
browser Python): the helpers of lessons 8, 9 and 10 fall back to HTML tables with the same cells as
the DataFrames, gamelib's SVG plots, and plain lists. Quick: a few hundred engine worlds at most.
The lessons themselves run without them in tests_static/ (every cell, outputs compared)."""
from __future__ import annotations

import re
import sys
from fractions import Fraction

import pytest

from gamelib import plaintable
from gamelib.lessons import plots, svgplot
from gamelib.probability import stats

UNSERVED = ("numpy", "pandas", "matplotlib", "scipy")


@pytest.fixture
def no_numpy(monkeypatch):
    """``import numpy`` (pandas, matplotlib, scipy, and their submodules) raises ImportError."""
    for name in list(sys.modules):
        if name.split(".")[0] in UNSERVED:
            monkeypatch.setitem(sys.modules, name, None)
    for name in UNSERVED:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setattr(plaintable, "_available", None)
    monkeypatch.setattr(svgplot, "_available", None)
    yield
    monkeypatch.undo()
    plaintable._available = svgplot._available = None


def cells(table) -> list[list[str]]:
    """Every row of a DataFrame or a PlainTable, its index first, as text."""
    if isinstance(table, plaintable.PlainTable):
        order = table.index + [c for c in table.columns if c not in table.index]
        return [[str(r[c]) for c in order] for r in table.rows()]
    flat = table.reset_index()
    return [[str(v) for v in row] for row in flat.itertuples(index=False)]


def both(make):
    """The table made with pandas, then without (same arguments)."""
    with_pandas = make()
    mp = pytest.MonkeyPatch()
    try:
        mp.setitem(sys.modules, "pandas", None)
        mp.setattr(plaintable, "_available", None)
        without = make()
    finally:
        mp.undo()
        plaintable._available = None
    assert not isinstance(with_pandas, plaintable.PlainTable) and isinstance(without, plaintable.PlainTable)
    return with_pandas, without


def test_the_lessons_tables_hold_the_same_cells_without_pandas():
    from gamelib import lessons
    from gamelib.lessons import coupon, traitor, worth_it
    from gamelib.lessons import walk_the_plank as wtp

    rows = [("a", Fraction(1, 2), stats.estimate_rate(5010, 10_000)), ("b", 0.25, stats.estimate_rate(3000, 10_000))]
    makers = [lambda: lessons.reconcile_table(rows), lambda: lessons.first_course_table(rows),
              lambda: lessons.compare_predictions({"q": "1/3"}, {"q": Fraction(1, 3)}),
              lambda: traitor.frequency_table(Fraction(1, 6)),
              lambda: worth_it.summary_table({"x": {0: Fraction(1, 3), 1: Fraction(2, 3)}, "y": {1: Fraction(1)}}, "X"),
              lambda: wtp.core_table(wtp.solution("random")), coupon.stage_table, coupon.chain_table,
              coupon.repeat_table, lambda: coupon.distribution_table(coupon.pmf_chain())]
    for make in makers:
        frame, plain = both(make)
        assert cells(frame) == cells(plain) and cells(plain)
        assert frame.shape == (plain.shape[0], plain.shape[1] - len(plain.index))
        page = plain._repr_html_()
        assert "<table class='dataframe'>" in page and "more rows" not in page  # every row shown
    frame, plain = both(lambda: traitor.frequency_table(Fraction(1, 6)))
    assert cells(plain)[-1] == ["all", "8", "16", "24"]  # 4 + 4 of 24 games move; 24 in all
    with pytest.raises(KeyError, match="the columns are"):
        plain["nothing"]


def test_lessons_8_9_10_helpers_run_without_numpy_and_draw_svg(no_numpy):
    from gamelib.lessons import traitor, worth_it
    from gamelib.lessons import walk_the_plank as wtp

    with pytest.raises(ImportError):
        import numpy  # noqa: F401
    moved, holder = traitor.engine_worlds(150, seed=4, state=traitor.before_move(), show_progress=False)
    assert len(moved) == len(holder) == 150 and 20 < sum(moved) < 90  # P(move) = 1/3
    kept = traitor.kept(holder, moved)
    assert len(kept) == sum(moved) and traitor.share(holder, "yellow", moved).n == len(kept)
    fig = plots.plot_convergence([h == "yellow" for h in kept], Fraction(3, 8), title="t")
    assert isinstance(fig, svgplot.Figure)
    svg = fig._repr_html_()
    assert "exact 3/8" in svg and "<polygon" in svg and "<polyline" in svg
    assert "exact 1/4" in plots.plot_convergence([1, 0, 0, 1, 0, 0, 0, 1] * 30, Fraction(1, 4), values=True)._repr_html_()
    assert "base-rate neglect" in traitor.plot_base_rates(mark=Fraction(1, 6))._repr_html_()
    pairs = worth_it.ration_pairs(60, seed=2, show_progress=False)
    assert all(e <= k for k, e in pairs)  # the same deck: eating never adds a card that keeping does not
    worlds = worth_it.plank_pairs(60, seed=2, show_progress=False)
    assert worth_it.column(worlds, 1) == [w[1] for w in worlds]
    svg = worth_it.plot_moves(worth_it.plank_exact(), worlds)._repr_html_()
    assert svg.count("<rect x=") >= 12 and "simulated" in svg  # 4 moves x 3 outcomes, the dots' legend
    coin = wtp.solution("random")
    played = wtp.play_endgame(coin.row, coin.col, 40, seed=1, show_progress=False)
    assert set(played) <= {-1, 0, 1} and isinstance(played, list)
    assert "value " + wtp.fraction_text(coin.value) in wtp.plot_mix(coin)._repr_html_()
    box = wtp.endgame_widget(coin, n_games=100, seed=3)
    assert "<svg" in box.figure.value and "100 trials" in box.result.value
    policy = traitor.policy_widget(n_worlds=100, seed=3)
    assert "of 100 worlds kept" in policy.result.value


def test_the_plain_wilson_band_is_numpys():
    import numpy as np

    y = (np.arange(300) % 7 == 0).astype(float)
    low, high = plots.wilson_band(y, 1.96)
    plain_low, plain_high = plots.wilson_band_plain(list(y), 1.96)
    assert plain_low == pytest.approx(list(low), abs=1e-12) and plain_high == pytest.approx(list(high), abs=1e-12)
    assert plots.thinned(50) == list(range(50))
    few = plots.thinned(1_000_000)
    assert few[0] == 0 and few[-1] == 999_999 and len(few) <= 401 and few == sorted(set(few))


def test_lesson_11_simulates_its_bag_without_numpy(no_numpy):
    """Lesson 11's collections come from gamelib's generator (the same numbers everywhere), agree
    with the exact mean, and its plot and widget draw in SVG."""
    from gamelib.lessons import coupon

    runs = coupon.bag_collections(3_000, seed=5, show_progress=False)
    assert runs == coupon.bag_collections(3_000, seed=5, show_progress=False) and min(runs) >= 6
    est = stats.estimate_mean([float(t) for t in runs])
    assert abs(est.value - 14.7) < 4 * est.se  # 6 (1 + 1/2 + ... + 1/6) = 14.7
    short = coupon.bag_collections(500, respites=2, kinds=3, seed=1, show_progress=False)
    assert abs(sum(short) / 500 - float(coupon.expected_draws(2, 3))) < 0.25
    rows = coupon.check_rows([14, 15, 16], runs, [True, False] * 20)
    assert "simulated bag" in rows[1][0] and rows[1][2].n == 3_000
    svg = coupon.plot_collection(coupon.pmf_chain(), runs, coupon.expected_draws(), label="simulated bag")._repr_html_()
    assert "exact mean 14.70" in svg and "3,000 collections" in svg
    box = coupon.coupon_widget(n_runs=200, seed=2)
    assert "<svg" in box.figure.value and "200 trials" in box.result.value


def test_lesson_12_simulates_its_decks_without_numpy(no_numpy):
    """Lesson 12's clocks come from gamelib's generator and agree with the exact convolution; the
    engine's clocks are read from its decks without numpy; the plots draw in SVG."""
    from gamelib.lessons import clt

    sim = clt.simulated_clocks(4_000, players=4, seed=3, show_progress=False)
    assert sim == clt.simulated_clocks(4_000, players=4, seed=3, show_progress=False)
    d = clt.clock(4)
    est = stats.estimate_mean([float(x) for x in sim])
    assert abs(est.value - clt.shape(d)["mean"]) < 4 * est.se
    past = float(clt.chance_past(d, clt.PAST))
    share = sum(x > clt.PAST for x in sim) / len(sim)
    assert abs(share - past) < 4 * (past * (1 - past) / len(sim)) ** 0.5
    engine = clt.engine_clocks(4, 12, seed=1)
    assert len(engine) == 2 and all(isinstance(x, int) and 7 <= x <= 7 * 70 for x in engine)
    rows = clt.check_rows(engine, sim, players=4)
    assert "simulated decks" in rows[2][0] and rows[2][2].n == 4_000
    assert "rgb(191,191,191)" in clt.plot_build_up(4)._repr_html_()  # matplotlib's grey "0.75"
    assert "engine's decks" in clt.plot_qq(engine)._repr_html_()
    svg = clt.plot_clock(d, sim, title="t")._repr_html_()
    assert "4,000 clocks" in svg
    band = re.search(r"<polygon points='([^']*)'", svg).group(1).split()
    assert len(band) == 2 * len(d)  # the exact distribution filled down to 0: there and back
    # one cycle of a 2-card deck: the two Contacts are on two different cards, the second on card 2
    assert set(clt.simulated_clocks(50, target=2, deck_size=2, seed=1, show_progress=False)) == {2}
    box = clt.clt_widget(n_clocks=400, seed=2)
    assert "<svg" in box.figure.value and "400 trials" in box.result.value


def test_float_columns_read_as_a_dataframe_shows_them():
    """Lesson 12's tables hold floats: without pandas each column has the decimals a DataFrame
    gives it (-0.400 beside -0.253), so the page shows the same text."""
    import re

    from gamelib.lessons import clt

    def shown(page: str) -> set[str]:
        return {c.strip() for c in re.findall(r"<t[dh][^>]*>([^<]*)</t[dh]>", page) if c.strip()}

    for make in (lambda: clt.build_up_table(4), clt.shape_table, lambda: clt.tail_table(4)):
        frame, plain = both(make)
        assert shown(frame.to_html()) == shown(plain._repr_html_())
    assert "-0.400" in shown(both(lambda: clt.build_up_table(4))[1]._repr_html_())
