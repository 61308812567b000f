"""gamelib.lessons: checked exercises, hidden solutions, reconciling tables, seeded simulations,
the linked widget and the plots that the probability lessons use."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import gamelib  # noqa: E402
from gamelib import GamelibError, lessons  # noqa: E402
from gamelib.lessons import deadland as dl_lesson  # noqa: E402
from gamelib.lessons import walk_the_plank as wtp_lesson  # noqa: E402
from gamelib.lessons import walking_deck as lesson  # noqa: E402
from gamelib.probability import deadland as dl  # noqa: E402
from gamelib.probability import stats  # noqa: E402
from gamelib.probability import walking_deck as wd  # noqa: E402


# ---- exercises and solutions ----------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("1/2", Fraction(1, 2)), (" 0.5 ", Fraction(1, 2)), ("50%", Fraction(1, 2)), (0.25, Fraction(1, 4)),
    (Fraction(5, 6), Fraction(5, 6)), (3, Fraction(3)), ("0,75", Fraction(3, 4)), ("First  place", "first place"),
    (None, None), (..., None),
])
def test_parse_answer_reads_what_students_write(text, value):
    assert lessons.parse_answer(text) == value


def test_an_exercise_says_in_words_whether_an_answer_is_right():
    ex = lessons.Exercise("Exercise 9", Fraction(5, 6), hint="Use the complement.",
                          mistakes={1: "you added overlapping chances."}, worked="It is **5/6**.")
    right = ex.check("5/6")
    assert right and repr(right) == "Exercise 9: correct, 5/6."
    close = ex.check(0.83)
    assert close and "exactly 5/6 ≈ 0.8333" in repr(close)
    assert not ex.check(0.8) and "too low" in repr(ex.check(0.8)) and "Use the complement." in repr(ex.check(0.8))
    assert "too high" in repr(ex.check("0.9"))
    assert "common answer, but you added overlapping chances" in repr(ex.check(1))
    assert "not a probability" in repr(ex.check(1.5))
    assert "not yet ('banana')" in repr(ex.check("banana"))
    assert "<b style" in right._repr_html_() and "✔" in right._repr_html_()


def test_an_unanswered_exercise_offers_an_answer_box_that_checks_too():
    ex = lessons.Exercise("Exercise 1", Fraction(1, 2))
    box = ex.check(...)
    assert repr(box).startswith("Exercise 1: write your answer in place of `...`")
    (row, said) = box.children
    text, button = row.children
    text.value = "1/3"
    button.click()
    assert "too low" in said.value
    text.value = "50%"
    button.click()
    assert "correct" in said.value


def test_whole_number_answers_are_exact_unless_a_tolerance_is_given():
    assert not lessons.Exercise("E", 120).check(119)
    assert lessons.Exercise("E", 1801, tolerance=36).check(1800)
    decimal = lessons.Exercise("E", 0.02171, tolerance=0.0005, digits=4)
    assert repr(decimal.check(0.0217)) == "E: correct, 0.0217."
    assert "more precisely 0.0217" in repr(decimal.check(0.022))


def test_a_solution_is_folded_until_opened_and_its_markdown_is_escaped():
    sol = lessons.solution("First **bold** and `code`, *italic*.\n\n- one <b>\n- two", title="Worked")
    html = sol._repr_html_()
    assert html.startswith("<details") and "<summary" in html and " open" not in html.split(">")[0]
    assert "<b>bold</b>" in html and "<code>code</code>" in html and "<i>italic</i>" in html
    assert "<ul><li>one &lt;b&gt;</li><li>two</li></ul>" in html
    assert repr(sol) == "Worked (hidden: open it in the notebook)"


#: every lesson's exercises (lessons 1-3 The Walking Deck, 4-6 Deadland, 7 Walk the Plank)
EXERCISE_SETS = {
    "calamity bag": lesson.calamity_bag_exercises,
    "memory": lesson.memory_exercises,
    "monte carlo": lesson.monte_carlo_exercises,
    "virus deck": dl_lesson.virus_deck_exercises,
    "chain": lambda: dl_lesson.chain_exercises(dl.level_chain()),
    "waiting": dl_lesson.waiting_exercises,
    "fairness": lambda: wtp_lesson.fairness_exercises(wtp_lesson.solution()),
    "seats": wtp_lesson.seat_exercises,
    "endgame": lambda: wtp_lesson.endgame_exercises(wtp_lesson.solution()),
}


@pytest.mark.parametrize("name", EXERCISE_SETS)
def test_every_lesson_exercise_accepts_its_answer_rejects_its_mistakes_and_has_a_solution(name):
    for ex in EXERCISE_SETS[name]().values():
        assert ex.check(ex.answer), ex.label
        for wrong, why in ex.mistakes:
            said = repr(ex.check(wrong))
            assert "not yet" in said and why in said, (ex.label, wrong)
        assert ex.worked and "worked solution" in repr(ex.solution)


def test_the_exercise_answers_are_the_exact_values_computed_independently():
    tokens = [t for t in lesson.gamelib.load("walking-deck").cards.tokens.values() if not t.respite]
    inj, mal, stress = (wd.weakness_mask(w) for w in ("injuries", "malnutrition", "stress"))
    bag = lesson.calamity_bag_exercises()
    assert bag[1].answer == Fraction(sum(1 for t in tokens if t.weak & inj), len(tokens))
    assert bag[2].answer == Fraction(sum(1 for t in tokens if t.weak & (mal | inj)), len(tokens))
    assert bag[3].answer == Fraction(sum(1 for t in tokens if t.weak & (stress | inj)), len(tokens) + 1)
    assert bag[4].answer == 1 + Fraction(1, 2) + Fraction(1, 2)
    mem = lesson.memory_exercises()
    assert (mem[1].answer, mem[2].answer, mem[3].answer, mem[4].answer) == (120, Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    mc = lesson.monte_carlo_exercises()
    assert mc[1].answer == pytest.approx(sqrt(0.25 * 0.75 / 400)) and mc[2].answer == 1801
    assert "**" + lessons.fraction_text(bag[2].answer) + "**" in bag[2].worked


# ---- tables --------------------------------------------------------------------------------

def test_reconcile_table_and_its_sentence():
    rows = [("a", Fraction(1, 2), stats.estimate_rate(5010, 10_000)),
            ("b", Fraction(1, 4), stats.estimate_rate(3000, 10_000))]
    t = lessons.reconcile_table(rows)
    assert list(t.index) == ["a", "b"]
    assert t.loc["a", "exact"] == "1/2" and t.loc["a", "exact inside?"] == "yes" and t.loc["b", "exact inside?"] == "no"
    assert {"simulated", "standard error", "95% interval", "gap (SEs)", "trials"} <= set(t.columns)
    said = lessons.all_inside_sentence(rows)
    assert said.startswith("1 of 2 exact values lie inside") and "(b)" in said
    assert lessons.all_inside_sentence(rows[:1]).startswith("Every exact value lies inside its 95% interval (1 of 1)")


def test_compare_predictions_says_how_each_guess_did():
    t = lessons.compare_predictions({"p": "1/2", "q": 0.9, "r": ..., "s": 3},
                                    {"p": Fraction(1, 2), "q": Fraction(1, 3), "r": Fraction(1), "s": 1801})
    assert list(t["verdict"]) == ["spot on", "too high", "no guess written (replace ... above)", "too low"]
    assert t.loc["q", "your guess"] == "0.9" and t.loc["s", "answer"] == "1,801"


def test_win_rates_per_group_with_wilson_intervals():
    import pandas as pd

    table = pd.DataFrame({"protagonist": ["A"] * 10 + ["B"] * 10, "strategy": ["x", "y"] * 10, "stars": [1] * 10 + [2] * 10,
                          "won:you": [True] * 3 + [False] * 7 + [True] * 6 + [False] * 4})
    t = lessons.win_rates(table)
    assert t.loc["A", "wins"] == 3 and t.loc["B", "win rate"] == 0.6 and t.loc["B", "stars"] == "★★"
    low, high = stats.wilson_interval(3, 10)
    assert (t.loc["A", "95% low"], t.loc["A", "95% high"]) == (round(low, 4), round(high, 4))
    both = lessons.win_rates(table, by=["protagonist", "strategy"])
    assert both.loc[("A", "x"), "games"] == 5


# ---- simulations -----------------------------------------------------------------------------

def test_in_batches_is_seeded_and_joins_the_batches():
    run = lambda: lessons.in_batches(lambda size, seed: wd.simulate_draws(size, seed=seed), 25_000, seed=3,  # noqa: E731
                                     batch=10_000, show_progress=False)
    a, b = run(), run()
    assert len(a) == 25_000 and (a == b).all()
    with pytest.raises(GamelibError, match="whole number"):
        lessons.in_batches(lambda size, seed: np.zeros(size), 0)


def test_play_interrogations_agrees_with_the_exact_answer_within_4_standard_errors():
    memory = ["PIERRE", *lesson.ZOMBIES]
    runs = lessons.play_interrogations(memory, 400, seed=5, show_progress=False)
    exact = wd.interrogation(memory)
    var = float(sum((b - exact.expected_buried) ** 2 * p for b, p in exact.buried.items()))
    assert abs(runs.mean() - float(exact.expected_buried)) <= 4 * sqrt(var / 400)
    assert (runs == lessons.play_interrogations(memory, 400, seed=5, show_progress=False)).all()


def test_the_interrogation_player_heals_the_character_closest_to_burial():
    game = gamelib.load("walking-deck")
    d = wd.interrogation_scenario(["RADIO", "WALKER (Rural)"], characters=[("NADIA", 2), ("PIERRE", 1)])
    s = game.from_scenario(d, seed=0)
    player = lessons.InterrogationPlayer()
    s.apply(player.choose(s))  # unstack RADIO: heal 1 Character
    assert {a.kind for a in s.legal_actions()} >= {"heal", "stop_heal"}
    a = player.choose(s)
    assert a.kind == "heal" and a.args[0] == wd.find_event("PIERRE").id


def test_the_player_without_power_never_uses_it():
    class Watch(lessons.NoPowerAgent):
        def choose(self, state):
            a = super().choose(state)
            others = [b for b in state.legal_actions() if b.kind not in self.POWER_KINDS
                      and not (b.kind == "keep" and len(state.hand) > 1)]
            if others:  # the power only when the rules leave nothing else
                assert a.kind not in self.POWER_KINDS and not (a.kind == "keep" and len(state.hand) > 1)
            return a

    for name in ("Aénor", "Boris", "Adrien", "Éléonore"):
        game = gamelib.load("walking-deck", protagonist=name)
        for seed in range(6):
            final = gamelib.play(game, Watch(), seed=seed)
            if name != "Aénor":  # her power has no counted uses
                assert final.summary()["power_uses"] == 0


def test_compare_protagonists_gives_one_seeded_table_for_all_protagonists():
    t = lessons.compare_protagonists(3, strategy="random", seed=2, executor="serial", show_progress=False)
    assert list(t["protagonist"].unique()) == ["Aénor", "Boris", "Adrien", "Éléonore"]
    assert set(t["strategy"]) == {"random"} and list(t["stars"].unique()) == [1, 2, 3, 4]
    one = lessons.compare_protagonists(3, strategy="random", seed=2, executor="serial", show_progress=False,
                                       protagonists=["Adrien"])
    assert list(one["seed"]) == list(t.loc[t["protagonist"] == "Adrien", "seed"])  # the same deals
    with pytest.raises(GamelibError, match="unknown strategy"):
        lessons.compare_protagonists(3, strategy="genius")


# ---- the linked widget and the plots ---------------------------------------------------------

def test_linked_answers_redraws_both_answers_when_a_control_moves():
    import ipywidgets as w

    n = w.IntSlider(100, 10, 1000)

    def compute(n):
        if n < 50:
            raise GamelibError("too few")
        hits = int(wd.simulate_hurt(["PIERRE"], n, seed=1).sum())
        return "PIERRE hurt", Fraction(1, 2), stats.estimate_rate(hits, n)

    box = lessons.linked_answers({"n": n}, compute, lambda n, exact, estimate: lessons.plot_convergence(
        wd.simulate_hurt(["PIERRE"], n, seed=1), exact))
    assert "1/2" in box.result.value and "100 trials" in box.result.value and len(box.figure.value) > 1000
    n.value = 1000
    assert "1,000 trials" in box.result.value
    n.value = 20
    assert "too few" in box.result.value and box.figure.layout.display == "none"
    assert repr(box).startswith("exact and simulated answers")
    unknown = lessons.linked_answers({"n": w.IntSlider(100)}, lambda n: ("rate", None, stats.estimate_rate(10, n)))
    assert "no formula" in unknown.result.value and "exact" not in unknown.result.value.split("simulated")[0]


def test_the_lesson_widgets_show_the_exact_value_of_their_settings():
    bag = lesson.bag_widget(n_draws=1_000)
    assert lessons.exact_text(wd.chance_anyone_hurt(lesson.TRIO, respites=1)) in bag.result.value
    bag.controls["modifier"].value = "ignore stress (THEO)"
    assert lessons.exact_text(wd.chance_anyone_hurt(lesson.TRIO, respites=1, ignore="stress")) in bag.result.value
    mem = lesson.memory_widget(n_runs=100)
    mem.controls["position"].value = 2
    exact = wd.interrogation(["WALKER (Rural)", "PIERRE", "WALKER (Urban)", "SCREAMER"], buried=3, limit=5).lost
    assert lessons.exact_text(exact) in mem.result.value
    lln = lesson.lln_widget(n_runs=100)
    assert "1/4" in lln.result.value
    t = lessons.compare_protagonists(20, strategy="random", seed=1, executor="serial", show_progress=False,
                                     protagonists=["Aénor"])
    pw = lesson.protagonist_widget({"random": t})
    assert "20 trials" in pw.result.value and "no formula" in pw.result.value
    pw.controls["n"].value = 10
    assert "10 trials" in pw.result.value


def test_the_plots_draw_what_they_say():
    dist = wd.hurt_distribution(lesson.TRIO, respites=2)
    fig = lessons.plot_distribution(dist, wd.simulate_hurt(lesson.TRIO, 1000, respites=2, seed=1), title="t")
    ax = fig.axes[0]
    assert [round(p.get_height(), 6) for p in ax.patches] == [round(float(v), 6) for v in dist.values()]
    assert "1/7" in [t.get_text() for t in ax.texts]
    fig = lessons.plot_convergence(np.array([1, 0, 0, 1] * 50), Fraction(1, 2), values=False)
    assert any("exact 1/2" in t.get_text() for t in fig.axes[0].get_legend().get_texts())
    fig = lessons.plot_estimates(["a", "b"], [stats.estimate_rate(5, 10), stats.estimate_rate(2, 10)], [Fraction(1, 2), Fraction(1, 5)])
    assert len(fig.axes[0].patches) == 2
    import pandas as pd

    table = pd.DataFrame({"protagonist": ["A"] * 20 + ["B"] * 20, "stars": [1] * 20 + [2] * 20,
                          "won:you": [True, False] * 20})
    fig = lessons.plot_running_rates(table)
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == ["A (★)", "B (★★)"]
