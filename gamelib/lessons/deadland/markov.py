"""Lesson 5, Markov chains: how fast does a survivor turn? The chain beside the engine, its
matrix, the memory the chain forgets, plots, exercises and the linked widget."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gamelib.probability import deadland as dl
from gamelib.probability import stats

from ..text import Exercise, exact_text, fraction_text
from .common import before_trial, daily_scenario


# ---- lesson 5: the chain -------------------------------------------------------------------------------

def chain_exercises(chain: dl.LevelChain) -> dict[int, Exercise]:
    """Lesson 5: a geometric wait, two steps of a small chain, staying put, the first level."""
    p0 = 1 - chain.matrix[chain.index((0, 0))][chain.index((0, 0))]
    two = [[Fraction(3, 4), Fraction(1, 4), Fraction(0)], [Fraction(0), Fraction(1, 2), Fraction(1, 2)],
           [Fraction(0), Fraction(0), Fraction(1)]]
    p_two = two[0][1] * two[1][2] + two[0][2] * two[2][2] + two[0][0] * two[0][2]
    stay3 = (1 - p0) ** 3
    exp_small = 1 / two[0][1] + 1 / two[1][2]
    return {
        1: Exercise("Exercise 1", Fraction(1, 1) / Fraction(1, 4), mistakes={Fraction(1, 4): "that is the chance per day; the wait is its inverse."},
                    hint="A chance p every day, independently: the wait is geometric, with mean 1/p.",
                    worked="With chance 1/4 each day, the expected wait is 1 / (1/4) = **4** days (a geometric "
                           "distribution: 1/4 of the time on day 1, 3/16 on day 2, ...)."),
        2: Exercise("Exercise 2", p_two,
                    mistakes={Fraction(1, 2): "that is only the second step; the first must go from A to B first.",
                              Fraction(3, 4): "that adds chances of different steps instead of multiplying along the path."},
                    hint="Two days: A then B then C is the only way to reach C (A cannot jump to C).",
                    worked=f"To be at C after two days from A the survivor must go A → B (1/4) then B → C (1/2): "
                           f"1/4 × 1/2 = **{fraction_text(p_two)}**. That is the (A, C) entry of the matrix squared."),
        3: Exercise("Exercise 3", stay3,
                    mistakes={1 - stay3: "that is the chance of LEAVING level 0 within three days.",
                              3 * (1 - p0): "three days are not added: the survivor must fail on each of them."},
                    hint=f"Staying at level 0 for a day has chance {fraction_text(1 - p0)}; three days in a row, in the chain.",
                    worked=f"In the chain each day is a fresh trial: ({fraction_text(1 - p0)})³ = "
                           f"**{fraction_text(stay3)}** ≈ {float(stay3):.4f}."),
        4: Exercise("Exercise 4", exp_small,
                    mistakes={Fraction(4): "that is only the wait at A; the survivor still has to leave B.",
                              Fraction(6, 1) / 2: "the waits at A and B add up: 4 + 2."},
                    hint="Expected waits add up: first leave A (chance 1/4 a day), then leave B (1/2 a day).",
                    worked=f"Leaving A takes 1/(1/4) = 4 days on average, leaving B 1/(1/2) = 2: in all "
                           f"**{fraction_text(exp_small)}** days. First-step analysis gives the same: t(B) = 2, "
                           "t(A) = 1 + 3/4 t(A) + 1/4 t(B)."),
    }


def chain_widget(n_runs: int = 2_000, seed: int = 5):
    """Lesson 5: the chain's P(turned within n days) and the card-by-card survivor, with a fresh
    deck every day (the chain's world) or one deck that remembers (the game's)."""
    import ipywidgets as w

    from ..plots import COLOURS, _fig, _legend_outside
    from ..widgets import linked_answers

    controls = {
        "days": w.IntSlider(20, 5, 60, description="days", style={"description_width": "initial"}),
        "where": w.Dropdown(options=["Police Station", "Base (one card fewer)", "face-up Survivor (one fewer)"],
                            value="Police Station", description="trials", style={"description_width": "initial"}),
        "deck": w.Dropdown(options=["shuffled afresh every day (the chain)", "one deck that remembers (the game)"],
                           value="shuffled afresh every day (the chain)", description="Virus deck",
                           style={"description_width": "initial"}),
        "n": w.Dropdown(options=sorted({500, 2_000, 10_000, n_runs}), value=n_runs, description="survivors",
                        style={"description_width": "initial"}),
    }

    @lru_cache(maxsize=8)
    def chain(where):
        return dl.level_chain(on_base=where.startswith("Base"), survivor=where.startswith("face-up"))

    @lru_cache(maxsize=16)
    def runs(where, deck, n):
        import numpy as np

        return np.array(dl.lone_survivor_turns(n, seed=seed, on_base=where.startswith("Base"),
                                               survivor=where.startswith("face-up"), fresh=deck.startswith("shuffled")))

    @lru_cache(maxsize=64)
    def curve(where, days):
        return chain(where).turned_by_curve(days)

    def compute(days, where, deck, n):
        t = runs(where, deck, n)
        return f"P(red has turned within {days} days), {where}", curve(where, days)[-1], \
            stats.estimate_rate(int((t <= days).sum()), n)

    def plot(days, where, deck, n, exact, estimate):

        fig, ax = _fig()
        c = [float(x) for x in curve(where, 60)]
        ax.plot(range(61), c, color=COLOURS["exact"], lw=2, label="the chain (exact)")
        t = runs(where, deck, n)
        emp = [(t <= d).mean() for d in range(61)]
        ax.step(range(61), emp, where="post", color=COLOURS["simulated"], lw=1.6, label=f"{n:,} survivors, card by card")
        ax.axvline(days, color="#888", ls=":", lw=1)
        ax.set_xlabel("days (daily trials)")
        ax.set_ylabel("P(turned by then)")
        ax.set_ylim(0, 1.02)
        ax.set_title(deck, loc="left")
        _legend_outside(ax)
        return fig

    return linked_answers(controls, compute, plot, note="Exact: the chain's matrix power. Simulated: "
                                                        "dl.lone_survivor_turns, card by card, seeded.")


def chain_against_odds(chain: dl.LevelChain):
    """For every state of ``chain`` (built with ``radio=True``), the engine's own ``odds()`` that
    red's daily trial adds a card, in the same position (a fresh deck, red's own cards out, loaded
    with ``from_scenario``), beside the chain's exact chance of moving on: a pandas DataFrame."""
    import pandas as pd

    rows = []
    for st in chain.states:
        if st == dl.ZOMBIE:
            continue
        lv, ill = st
        s = before_trial(daily_scenario(lv, illnesses=ill))
        engine = s.odds()["red's daily trial, taken now, adds a card"]["adds a card"]
        mine = 1 - chain.matrix[chain.index(st)][chain.index(st)]
        rows.append({"state": state_name(st), "engine's odds": float(engine), "chain": float(mine),
                     "difference": float(engine - mine)})
    return pd.DataFrame(rows).set_index("state")


def state_name(state: tuple[int, int]) -> str:
    """A chain state in words: "level 3, 1 Illness" or "zombie"."""
    if tuple(state) == dl.ZOMBIE:
        return "zombie"
    lv, ill = state
    return f"level {lv}" + (f", {ill} Illness" if ill else "")


def level_matrix_table(chain: dl.LevelChain, illnesses: int = 0):
    """The 9 x 9 level matrix (``chain.level_matrix``) as fractions, blank where a move is impossible."""
    import pandas as pd

    m = chain.level_matrix(illnesses)
    names = [str(i) for i in range(dl.ZOMBIE_LEVEL)] + ["8 (zombie)"]
    return pd.DataFrame([[fraction_text(x) if x else "" for x in row] for row in m],
                        index=pd.Index(names, name="from level"), columns=pd.Index(names, name="to level"))


def advance_rates(paths: Sequence[Sequence[tuple]], chain: dl.LevelChain, *, min_days: int = 1):
    """Per chain state: the days spent there in ``paths`` (``dl.lone_survivor_paths``), the share
    of them on which the survivor moved on (with its standard error), against the chain's exact
    chance of moving on, and the gap in standard errors. A pandas DataFrame."""
    import pandas as pd

    days: dict[tuple[int, int], list[int]] = {}
    for run in paths:
        for lv, ill, _seen, added in run:
            days.setdefault((lv, ill), []).append(bool(added))
    rows = []
    for st in chain.states:
        if st == dl.ZOMBIE or len(days.get(st, ())) < min_days:
            continue
        d = days[st]
        est = stats.estimate_rate(sum(d), len(d))
        exact = 1 - chain.matrix[chain.index(st)][chain.index(st)]
        gap = (est.value - float(exact)) / est.se if est.se else 0.0
        rows.append({"state": state_name(st), "days there": len(d), "moved on (game)": round(est.value, 4),
                     "standard error": round(est.se, 4), "chain (exact)": fraction_text(exact),
                     "chain ≈": round(float(exact), 4), "gap (SEs)": round(gap, 2)})
    return pd.DataFrame(rows).set_index("state")


def rate_by_memory(paths: Sequence[Sequence[tuple]], state: tuple[int, int], top: int = 3) -> list[tuple[str, Any]]:
    """The days spent in ``state``, split by how many cards of the next level were already in the
    discard pile that morning (0, 1, ..., ``top`` or more): the share that moved on, each an
    ``Estimate``. In a Markov chain the split would not matter."""
    groups: dict[int, list[bool]] = {}
    for run in paths:
        for lv, ill, seen, added in run:
            if (lv, ill) == tuple(state):
                groups.setdefault(min(seen, top), []).append(bool(added))
    out = []
    for j in range(top + 1):
        d = groups.get(j, [])
        if d:
            out.append((f"{j}{' or more' if j == top else ''}", stats.estimate_rate(sum(d), len(d))))
    return out


def plot_memory(groups: Sequence[tuple[str, Any]], exact: Fraction, *, state: tuple[int, int], nxt: str):
    """``rate_by_memory``: a dot with its 95% interval per group, the chain's one chance as a line."""
    from ..plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig()
    x = list(range(len(groups)))
    ys = [e.value for _, e in groups]
    lo = [e.value - e.low for _, e in groups]
    hi = [e.high - e.value for _, e in groups]
    ax.errorbar(x, ys, yerr=[lo, hi], fmt="o", color=COLOURS["simulated"], ms=7, capsize=5, lw=1.6,
                label="the game (one deck), 95% interval")
    ax.axhline(float(exact), color=COLOURS["exact"], ls="--", lw=1.6, label=f"the chain: {exact_text(exact)}")
    for xi, (_, e) in zip(x, groups):
        ax.annotate(f"{e.n:,} days", (xi, e.high), textcoords="offset points", xytext=(0, 5), ha="center",
                    fontsize=8, color="#555")
    ax.set_xticks(x, [g for g, _ in groups])
    ax.set_xlim(-0.5, len(groups) - 0.5)
    ax.set_xlabel(f"{nxt}s already in the discard pile that morning")
    ax.set_ylabel("share of days that added a card")
    ax.set_title(f"{state_name(state)}: the chance depends on what the deck remembers", loc="left")
    _legend_outside(ax)
    return fig


def plot_turn_curves(chain: dl.LevelChain, worlds: Mapping[str, Sequence[int]], days: int = 50):
    """P(turned within n days): the chain's exact curve and each simulated world's share."""
    import numpy as np

    from ..plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig()
    c = [float(x) for x in chain.turned_by_curve(days)]
    ax.plot(range(days + 1), c, color=COLOURS["exact"], lw=2.4, label="the chain (exact)")
    styles = [(COLOURS["simulated"], "-"), ("#9b1c1c", "--")]
    for (name, t), (colour, ls) in zip(worlds.items(), styles):
        t = np.asarray(t)
        ax.step(range(days + 1), [(t <= d).mean() for d in range(days + 1)], where="post", color=colour, ls=ls,
                lw=1.6, label=f"{name}\n({len(t):,} survivors)")
    ax.set_xlabel("days (daily trials)")
    ax.set_ylabel("P(turned within n days)")
    ax.set_ylim(0, 1.02)
    ax.set_title("how fast a lone survivor turns", loc="left")
    _legend_outside(ax)
    return fig


