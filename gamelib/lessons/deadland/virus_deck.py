"""Lesson 4, drawing without replacement: the Virus deck. Its exact chances, the engine's daily
trials beside them, plots, exercises (answers computed by ``gamelib.probability.deadland``, never
typed) and the linked widget."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gamelib.core.rng import derive_seed
from gamelib.probability import deadland as dl
from gamelib.probability import stats

from ..text import Exercise, fraction_text
from .common import BOARD, before_trial, daily_scenario, engine_daily, game, infection_cards, level_of


# ---- lesson 4: the Virus deck --------------------------------------------------------------------------

#: lesson 4's position: red at level 2 on the Police Station, eight cards already discarded
LESSON4_DISCARD = ("3", "3", "1", "5", "7", "2", "Illness", "8")


def deck_of(state) -> dict[str, Any]:
    """red's daily trial in words and numbers, from the table view: the deck's composition, the
    cards red would add, the cards drawn."""
    pos = dl.position(state, "red")
    deck = pos["deck"]
    real = sum(v for k, v in deck.items() if k != dl.RADIO)
    good = dl.good_cards(deck, pos["level"], pos["illnesses"])
    return {**pos, "cards": sum(deck.values()), "real": real, "good": good,
            "k": dl.daily_size(state, "red")}


def numpy_daily(total: int, good: int, k: int, n: int, *, seed: int = 0, replace: bool = False):
    """``n`` daily trials drawn by numpy from ``total`` real cards of which ``good`` would be added:
    whether each adds a card (without replacement: a hypergeometric count of good cards; with
    replacement: a binomial one)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    if replace:
        return rng.binomial(k, good / total, size=n) > 0
    return rng.hypergeometric(good, total - good, k, size=n) > 0


def chance_by_discards(level: int = 2, k: int = 2, *, max_next: int = 8, others: int = 10) -> dict[str, list[Fraction]]:
    """The daily chance at ``level`` as the discard pile fills: with j cards of the next level in
    the discards (j = 0..``max_next``, ``others`` other cards with them), and with j other cards
    only (none of the next level), from the full deck minus the survivor's own cards, Radio
    Contacts left aside (they never count)."""
    base = dl.deck_minus(dl.full_deck(), infection_cards(level))
    base[dl.RADIO] = 0
    nxt = str(level + 1)
    filler = [c for c in dl.LEVELS if c != nxt and int(c) != level + 1]

    def others_out(d, m):
        d = dl.composition(d)
        for i in range(m):
            lab = filler[i % len(filler)]
            if d[lab] == 0:
                lab = next(x for x in filler if d[x])
            d[lab] -= 1
        return d

    next_out = []
    for j in range(max_next + 1):
        d = others_out(base, others)
        d[nxt] -= j
        next_out.append(dl.add_chance(+d, level=level, cards=k, radio_aside=2))
    only_others = [dl.add_chance(+others_out(base, m), level=level, cards=k, radio_aside=2) for m in range(0, 41, 5)]
    return {"next": next_out, "others": only_others}


def plot_with_and_without(total: int, good: int, ks: Sequence[int]):
    """P(at least one good card) as more cards are drawn: without replacement (exact) and with
    replacement (the binomial shortcut)."""
    from ..plots import COLOURS, _fig, _legend_outside

    ks = list(ks)
    fig, ax = _fig()
    without = [float(dl.hypergeom_at_least_one(total, good, k)) for k in ks]
    with_ = [float(dl.binomial_at_least_one(Fraction(good, total), k)) for k in ks]
    ax.plot(ks, without, "o-", color=COLOURS["exact"], lw=2, label="without replacement\n(hypergeometric)")
    ax.plot(ks, with_, "s--", color=COLOURS["simulated"], lw=1.6, label="with replacement\n(binomial shortcut)")
    for k, a, b in zip(ks, without, with_):
        ax.annotate(f"+{a - b:.3f}", (k, a), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8,
                    color="#555")
    ax.set_xticks(ks)
    ax.set_xlabel("cards drawn")
    ax.set_ylabel("P(at least one good card)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{good} good cards among {total}: the numbers are the exact answer's lead", loc="left")
    _legend_outside(ax)
    return fig


def plot_discards(moves: Mapping[str, Sequence[Fraction]]):
    """``chance_by_discards``: the daily chance as other cards leave the deck, and as the cards the
    survivor needs leave it."""
    import matplotlib.pyplot as plt

    from ..plots import COLOURS, _legend_outside

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9.6, 3.6), dpi=100, layout="constrained", sharey=True)
    plt.close(fig)
    for ax in (ax1, ax2):
        ax.spines[["top", "right"]].set_visible(False)
    others = [float(x) for x in moves["others"]]
    ax1.plot(range(0, 5 * len(others), 5), others, "o-", color=COLOURS["exact"], lw=2)
    ax1.axhline(others[0], color="#888", ls=":", lw=1)
    ax1.set_xlabel("other cards in the discard pile (no 3)")
    ax1.set_ylabel("P(red adds a card)")
    ax1.set_title("the misses stay out: the chance rises", loc="left", fontsize=10)
    nxt = [float(x) for x in moves["next"]]
    ax2.plot(range(len(nxt)), nxt, "o-", color="#9b1c1c", lw=2)
    ax2.axhline(others[0], color="#888", ls=":", lw=1, label="nothing discarded")
    ax2.set_xlabel("3s in the discard pile (and 10 other cards)")
    ax2.set_title("the 3s went elsewhere: the chance falls", loc="left", fontsize=10)
    ax1.set_ylim(0, 0.8)
    _legend_outside(ax2)
    return fig


def virus_deck_exercises() -> dict[int, Exercise]:
    """Lesson 4: one card, two cards without replacement, the binomial shortcut, 'it is due'."""
    p1 = Fraction(6, 50)
    miss2 = Fraction(44 * 43, 50 * 49)
    hit2 = 1 - miss2
    binom = 1 - Fraction(44, 50) ** 2
    exp_good = Fraction(3 * 9, 60)
    a = dl.hypergeom_at_least_one(55, 4, 3)
    b = dl.hypergeom_at_least_one(55, 8, 3)
    return {
        1: Exercise("Exercise 1", p1,
                    mistakes={Fraction(1, 8): "there were 8 fives in the box, but 2 are in the discards: count what is LEFT.",
                              Fraction(6, 70): "the deck no longer holds 70 cards: count the 50 that are left."},
                    hint="Good cards left over cards left.",
                    worked=f"Six 5s are left among the 50 cards, all equally likely to be on top: **{fraction_text(p1)}**."),
        2: Exercise("Exercise 2", hit2,
                    mistakes={binom: "that is the binomial answer, as if the first card went back before the second.",
                              Fraction(12, 50): "6/50 + 6/50 counts twice the trials in which both cards are 5s.",
                              miss2: "that is the chance of NO 5: take the complement."},
                    hint="Complement: both cards miss. The first misses with 44/50, then the second with 43/49.",
                    worked=f"P(no 5) = 44/50 × 43/49 = {fraction_text(miss2)}, so P(at least one 5) = 1 − "
                           f"{fraction_text(miss2)} = **{fraction_text(hit2)}** ≈ {float(hit2):.4f}. The second card "
                           "comes from 49 cards, not 50: that is drawing without replacement."),
        3: Exercise("Exercise 3", binom,
                    mistakes={hit2: "that is the exact answer without replacement; the question asks for the shortcut."},
                    hint="With replacement each card misses with 44/50, whatever came before.",
                    worked=f"1 − (44/50)² = **{fraction_text(binom)}** ≈ {float(binom):.4f}, a little below the exact "
                           f"{float(hit2):.4f}: putting the card back lets the same miss come twice."),
        4: Exercise("Exercise 4", "b", names={"a": "yellow", "b": "blue"},
                    mistakes={"a": "yellow waited longer, but waiting does not help: what counts is what is left in the deck."},
                    hint="Compare the cards each would add that are still in the deck, not the turns waited.",
                    worked=f"Yellow needs a 6 and four of the 6s are already in the discard pile: 4 good cards in 55, "
                           f"chance {fraction_text(a)} ≈ {float(a):.3f} with three cards. Blue's 6s are all still "
                           f"there: 8 in 55, {fraction_text(b)} ≈ {float(b):.3f}. Blue (**b**) is likelier to add a "
                           "card, although yellow has 'waited' four turns: the deck remembers the cards, not the wait."),
        5: Exercise("Exercise 5", exp_good,
                    mistakes={Fraction(9, 60): "that is the chance for ONE card; three cards are drawn.",
                              1: "the expected count need not be a whole number."},
                    hint="Linearity: each of the 3 cards is good with chance 9/60, with or without replacement.",
                    worked=f"Each of the 3 cards drawn is a good one with chance 9/60, so the expected number of good "
                           f"cards is 3 × 9/60 = **{fraction_text(exp_good)}**: the same with or without replacement "
                           "(only the spread differs). The one-card limit then keeps at most one of them."),
    }


def _virus_controls(n_trials: int) -> dict:
    """The virus deck widget's sliders and menus."""
    import ipywidgets as w

    return {
        "level": w.IntSlider(2, 0, 7, description="red's level", style={"description_width": "initial"}),
        "gone": w.IntSlider(2, 0, 8, description="cards of the next level discarded",
                            style={"description_width": "initial"}),
        "others": w.IntSlider(6, 0, 40, step=2, description="other cards discarded",
                              style={"description_width": "initial"}),
        "where": w.Dropdown(options=["Police Station", "Base", "Police Station, after a Ration"], value="Police Station",
                            description="trial", style={"description_width": "initial"}),
        "n": w.Dropdown(options=sorted({100, 400, 1_000, 4_000, n_trials}), value=n_trials, description="engine trials",
                        style={"description_width": "initial"}),
    }


def _trial_scenario(level: int, gone: int, others: int, where: str):
    """The daily trial's scenario: red at ``level``, the discard pile as the sliders say."""
    nxt = str(level + 1)
    discard = [nxt] * gone
    left = {c: 8 - (1 if int(c) <= level else 0) for c in dl.LEVELS if c != nxt}
    keys = [c for c in dl.LEVELS if c != nxt]
    i = 0
    while len(discard) < gone + others:
        c = keys[i % len(keys)]
        if left[c]:
            discard.append(c)
            left[c] -= 1
        i += 1
    board = "Base" if where == "Base" else BOARD
    return daily_scenario(level, discard, board=board, rations=1 if "Ration" in where else 0), None


def virus_deck_widget(n_trials: int = 400, seed: int = 4):
    """Lesson 4: choose red's level, how many cards of the next level and how many other cards are
    already in the discard pile, and whether the trial is on the Base or after a Ration; the exact
    chance and the engine's trials move together."""
    from ..plots import plot_distribution
    from ..widgets import linked_answers

    controls = _virus_controls(n_trials)
    scenario = _trial_scenario

    @lru_cache(maxsize=32)
    def runs(level, gone, others, where, n):
        sc, _ = scenario(level, gone, others, where)
        if "Ration" not in where:
            return engine_daily(sc, n, seed=seed, show_progress=False)
        import numpy as np

        g = game(2)
        out = np.zeros(n, dtype=np.int64)
        for i in range(n):
            s = g.from_scenario(sc, seed=derive_seed(seed, i))
            s.apply("Eat a Ration before the trial")
            out[i] = level_of(s) - level if not s.view(None)["players"]["red"]["zombie"] else 8 - level
        return out

    def exact_dist(level, gone, others, where):
        sc, _ = scenario(level, gone, others, where)
        s = before_trial(sc)
        return dl.daily_distribution(s, "red", ration="Ration" in where)

    def compute(level, gone, others, where, n):
        d = exact_dist(level, gone, others, where)
        r = runs(level, gone, others, where, n)
        k = dl.daily_size(before_trial(scenario(level, gone, others, where)[0]), "red", ration="Ration" in where)
        return (f"chance that red's daily trial ({k} card{'s' if k > 1 else ''}) adds a card", 1 - d[0],
                stats.estimate_rate(int((r > 0).sum()), n))

    def plot(level, gone, others, where, n, exact, estimate):
        import numpy as np

        d = exact_dist(level, gone, others, where)
        dist = {"adds nothing": d[0], "adds a card": 1 - d[0]}
        labels = np.where(runs(level, gone, others, where, n) > 0, "adds a card", "adds nothing")
        return plot_distribution(dist, labels, title="red's daily trial: exact chances and the engine's trials")

    return linked_answers(controls, compute, plot,
                          note="Exact: dl.daily_distribution, from the table view (Radio Contacts and the reshuffle "
                               "included). Simulated: the engine plays the trial, every deal seeded.")


