"""The lessons' second-edition machinery: answers read exactly (a closed grammar, no eval),
tolerances that match the precision typed, choices by name or initial, prediction widgets
locked before the answer shows, the interval verdict exact at its ends, the Wilson band, long
fractions shown readably, and the progress line that leaves no widget behind."""
from __future__ import annotations

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from gamelib import GamelibError, lessons  # noqa: E402
from gamelib.lessons import numbers, plots, predict  # noqa: E402
from gamelib.lessons.progress import ProgressLine  # noqa: E402
from gamelib.lessons.widgets import answers_html  # noqa: E402
from gamelib.probability import stats  # noqa: E402


# ---- reading numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("1/4*1/2", Fraction(1, 8)), ("3/8 + 1/8", Fraction(1, 2)), ("0.125", Fraction(1, 8)), (".5", Fraction(1, 2)),
    ("12.5%", Fraction(1, 8)), ("1,801", Fraction(1801)), ("0,125", Fraction(1, 8)), ("(1 - 1/6)^2", Fraction(25, 36)),
    ("1 − 5/6", Fraction(1, 6)), ("2 × 3", Fraction(6)), (0.1, Fraction(1, 10)), ("-1/2", Fraction(-1, 2)),
    ("1e3", None), ("__import__('os')", None), ("2**1000", None), ("1/0", None), ("abc", None), ("", None),
    ("1" * 200, None), ("(1", None), ("9**9**9", None), ("12,345,678", Fraction(12345678)), ("007", Fraction(7)),
])
def test_read_number_reads_sums_exactly_and_nothing_else(text, value):
    if value is None:
        with pytest.raises(numbers.AnswerError) as err:
            numbers.read_number(text)
        assert isinstance(err.value, GamelibError) and len(str(err.value)) < 300
    else:
        assert numbers.read_number(text) == value


def test_an_expression_is_checked_exactly():
    ex = lessons.Exercise("E", Fraction(1, 8))
    for right in ("1/4*1/2", "1/8", "0.125", "12.5%", "0.13", "0.12", "3/8 - 1/4"):
        assert ex.check(right), right
    for wrong in ("0.123", "0.1", "1/7", "0.126", "1/4*1/3"):
        assert not ex.check(wrong), wrong
    assert "two significant digits" in ex.rule
    assert "too low" in repr(ex.check("0.123"))
    assert "give one more decimal" in repr(lessons.Exercise("E", Fraction(5, 6)).check("0.8"))


def test_whole_number_answers_are_exact():
    assert not lessons.Exercise("E", 1801).check("1800")
    assert lessons.Exercise("E", 1801).check("1,801")
    stated = lessons.Exercise("E", 1801, tolerance=5)
    assert stated.check("1800") and "±5" in stated.rule


def test_a_choice_is_read_by_its_letter_or_its_name():
    ex = lessons.Exercise("E", "b", names={"a": "yellow", "b": "blue"}, mistakes={"a": "waiting does not help."})
    for right in ("b", "blue", "Blue ", "B"):
        assert ex.check(right), right
    assert "waiting does not help" in repr(ex.check("yellow"))
    assert "waiting does not help" in repr(ex.check("a"))
    assert "b (blue)" in ex.rule


# ---- the interval verdict --------------------------------------------------------------------------

def test_the_exact_end_is_inside_at_all_success_and_all_failure_for_1_to_5000_trials():
    for n in range(1, 5001):
        top = stats.estimate_rate(n, n)
        bottom = stats.estimate_rate(0, n)
        assert top.contains(Fraction(1)) and top.high == 1.0, n
        assert bottom.contains(Fraction(0)) and bottom.low == 0.0, n
    assert "inside" in answers_html("q", Fraction(1), stats.estimate_rate(1534, 1534))
    assert "outside" not in answers_html("q", Fraction(0), stats.estimate_rate(0, 957))


def test_the_wilson_band_never_leaves_zero_to_one_and_matches_the_interval():
    rng = np.random.default_rng(3)
    for p in (0.001, 0.02, 0.5, 0.98):
        y = rng.random(3000) < p
        low, high = plots.wilson_band(y, stats.z_value(0.95))
        assert (low >= 0).all() and (high <= 1).all() and (low <= high).all()
        k = int(y[:200].sum())
        assert (low[199], high[199]) == pytest.approx(stats.wilson_interval(k, 200))
    rare = np.zeros(500)
    rare[0] = 1  # one early success: estimate - 1.96 SE would dip below 0 for dozens of trials
    fig = plots.plot_convergence(rare, Fraction(1, 100), title="t")
    band = fig.axes[0].collections[0].get_paths()[0].vertices
    assert band[:, 1].min() >= 0


# ---- readable numbers ---------------------------------------------------------------------------

def test_long_fractions_are_decimals_with_the_fraction_on_demand():
    big = Fraction(2 ** 70 + 1, 3 ** 45)
    assert numbers.readable(Fraction(9, 58)) == "9/58" and numbers.readable(Fraction(999998, 999999)) == "999998/999999"
    assert numbers.readable(Fraction(1234567, 2)) == "617,283.5"
    assert numbers.readable(big) == f"{float(big):.6g}" and "/" not in lessons.fraction_text(big)
    shown = numbers.exact_html(big)
    assert "<details" in shown and f"{big.numerator}/{big.denominator}" in shown and "break-all" in shown
    assert "<details" not in numbers.exact_html(Fraction(5, 6))
    assert plots.bar_label_text(big) == f"{float(big):.3f}" and plots.bar_label_text(Fraction(1, 6)) == "1/6"
    assert "<details" in answers_html("q", big, stats.estimate_rate(1, 10))


# ---- predictions ------------------------------------------------------------------------------------

def test_a_prediction_is_recorded_when_locked_and_the_table_shows_the_answer_only_then():
    p = lessons.Predictions()
    chance = p.probability("P(hurt)")
    count = p.number("rounds", low=1)
    who = p.choice("who", ["red", "blue"])
    table = p.table({"P(hurt)": Fraction(1, 2), "rounds": 14, "who": "blue"})
    assert "1/2" not in table.value and table.value.count("lock in your prediction") == 3
    chance.slider.value = 0.3
    chance.button.click()
    assert chance.locked == Fraction(3, 10) and chance.slider.disabled and "Locked in: 3/10" in chance.said.value
    chance.slider.value = 0.9  # frozen: a later move changes nothing recorded
    chance.button.click()
    assert chance.locked == Fraction(3, 10)
    assert "1/2 ≈ 0.5000" in table.value and "too low" in table.value
    count.text.value = "0"
    count.button.click()
    assert count.locked is None and "not between 1" in count.said.value
    count.text.value = "7 + 7"
    count.button.click()
    assert count.locked == 14 and "spot on" in table.value
    who.button.click()
    assert who.locked is None and "choose one" in who.said.value
    who.buttons.value = "red"
    who.button.click()
    assert "not this time" in table.value and p.values() == {"P(hurt)": Fraction(3, 10), "rounds": 14, "who": "red"}
    assert repr(chance).startswith("Prediction: P(hurt)")
    with pytest.raises(GamelibError):
        p.table({"nobody asked": 1})
    with pytest.raises(GamelibError):
        p.number("rounds")


def test_the_prediction_typed_box_overrides_the_slider_and_refuses_nonsense():
    p = lessons.Predictions()
    w = p.probability("q")
    w.text.value = "import os"
    w.button.click()
    assert w.locked is None and "not a number" in w.said.value
    w.text.value = "1/3"
    w.button.click()
    assert w.locked == Fraction(1, 3)
    assert predict.verdict(Fraction(1, 3), Fraction(1, 3)) == "spot on"


# ---- the progress line ---------------------------------------------------------------------------

def test_the_progress_line_is_plain_output_updated_in_place(monkeypatch):
    shown: list = []

    class Handle:
        def update(self, data, raw):
            shown.append(("update", data))

    def display(data, raw, display_id):
        shown.append(("display", data))
        return Handle()

    monkeypatch.setattr("IPython.display.display", display)
    out = list(ProgressLine(range(5), desc="draws"))
    assert out == [0, 1, 2, 3, 4]
    assert shown[0][0] == "display" and all(kind == "update" for kind, _ in shown[1:])
    last = shown[-1][1]
    assert last["text/plain"] == "progress · draws: 5 of 5, done" and "<progress value='5' max='5'" in last["text/html"]
    assert all("application/vnd.jupyter.widget-view+json" not in d for _, d in shown)
    shown.clear()
    assert list(ProgressLine(range(3), enabled=False)) == [0, 1, 2] and not shown


def test_the_sanitizer_hides_how_far_a_progress_line_got_and_nothing_else():
    import configparser
    import re
    from pathlib import Path

    cfg = configparser.ConfigParser(interpolation=None)
    cfg.read(Path(__file__).resolve().parent.parent / "notebooks" / "nbval-sanitize.cfg")
    rule = re.compile(cfg["progress-lines"]["regex"])
    line = ProgressLine(range(10), desc="draws")
    first, last = line._bundle(0), line._bundle(10, finished=True)
    for mime in ("text/plain", "text/html"):
        assert rule.sub("P", first[mime]) == rule.sub("P", last[mime]) == "P"
    assert rule.sub("P", "draws: 10 of 10") == "draws: 10 of 10"


def test_the_prediction_panel_names_its_questions():
    p = lessons.Predictions()
    p.probability("a")
    p.choice("b", ["x", "y"])
    panel = p.show()
    assert repr(panel).startswith("Predictions to lock in") and repr(panel).count("\n- ") == 2
    assert [c.question for c in panel.children] == ["a", "b"]


# ---- the statistics lessons 3 and 7 add ----------------------------------------------------------

def test_one_sample_and_chi_square_sample_sizes_match_their_definitions():
    import scipy.stats as ss

    n1 = stats.games_needed_one_sample(0.25, 0.30)
    assert n1 == 610 and stats.games_needed(0.30, 0.25) == 1251  # the two-sample formula needs twice as many
    # the normal test of n1 trials at p = 0.30 rejects p0 = 0.25 with power about 0.8
    se0, se1 = (0.25 * 0.75 / n1) ** 0.5, (0.30 * 0.70 / n1) ** 0.5
    assert ss.norm.sf((1.959964 * se0) / se1 - 0.05 / se1) == pytest.approx(0.8, abs=0.005)
    p1 = [0.30, 0.70 / 3, 0.70 / 3, 0.70 / 3]
    n2 = stats.chi_square_trials_needed([0.25] * 4, p1)
    assert 810 <= n2 <= 830
    w2 = sum((b - 0.25) ** 2 / 0.25 for b in p1)
    cut = ss.chi2.ppf(0.95, 3)
    assert ss.ncx2.sf(cut, 3, n2 * w2) >= 0.8 > ss.ncx2.sf(cut, 3, (n2 - 1) * w2)
    assert stats.chi2_ppf(0.95, 3) == pytest.approx(cut)


def test_the_paired_test_is_mcnemars():
    import scipy.stats as ss

    z, p = stats.paired_test(120, 60)
    assert z == pytest.approx((60 - 1) / 180 ** 0.5) and p == pytest.approx(2 * ss.norm.sf(z))
    assert stats.paired_test(0, 0) == (0.0, 1.0) and stats.paired_test(3, 9)[0] < 0


def test_the_panel_and_table_keep_their_whole_text_form_in_saved_outputs():
    """ipywidgets cuts a widget's text/plain at 110 characters; the tests and static pages need it whole."""
    p = lessons.Predictions()
    long = "a question long enough that two of them pass the hundred and ten characters ipywidgets keeps"
    p.probability(long)
    p.probability(long + " (again)")
    table = p.table({long: Fraction(1, 3), long + " (again)": Fraction(2, 3)})
    for w in (p.show(), table):
        text = w._repr_mimebundle_()["text/plain"]
        assert text == repr(w) and long + " (again)" in text and not text.endswith("…")


def test_the_opening_picture_hides_the_trials_chance_and_keeps_the_public_counts():
    from gamelib.lessons import deadland as dl_lesson
    from gamelib.render import render

    scene = dl_lesson.before_trial(dl_lesson.daily_scenario(2, dl_lesson.LESSON4_DISCARD))
    chance = scene.odds()["red's daily trial, taken now, adds a card"]["adds a card"]
    shown = lessons.picture(scene, "red").data
    assert f"{100 * float(chance):.1f}%" in render(scene, player="red")  # the renderer would show it
    assert f"{100 * float(chance):.1f}%" not in shown and f"{float(chance):.4f}" not in shown
    assert "hidden until you have predicted" in shown and "Seen by red" in shown
    assert "VIRUS DECK" in shown and "?" not in shown.split("in deck")[1][:200]  # the deck's counts are public
