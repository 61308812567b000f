"""Lesson 12, why the Radio clock looks normal: the Virus cards drawn until the rescue (lesson 6's
Radio clock) are a sum of independent waits, one per cycle of the Virus deck; their exact
distribution by convolution, the normal approximation with the same mean and spread, and where
it fails (few cycles, the tails), with a QQ plot. Checked against the engine's shuffled decks and
a simulation of the decks with gamelib's own generator (the same numbers everywhere).

The modelling steps (``docs/rulings.md``, lessons section): only Radio Contacts move the clock;
every cycle starts from a full, freshly shuffled deck (``deck_size``, 70 by default: real decks are
smaller, lesson 6); the reshuffle makes the cycles independent; the zombies' own end of the game
is left out (the clock is a game's length only when the Radio ends it)."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import sqrt
from statistics import NormalDist
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.probability import deadland as dl
from gamelib.probability import stats

from .text import Exercise, exact_text, fraction_text

#: the question of the opening: a four-player clock running past this many Virus cards
PAST = 300
STANDARD = NormalDist()


# ---- the exact clock, cycle by cycle --------------------------------------------------------------

def cycle_waits(players: int | None = None, *, target: int | None = None, deck_size: int = 70) -> list[tuple[int, dict]]:
    """(the Radio Contact that ends the cycle, its wait's distribution) for each cycle."""
    if target is None:
        if players not in dl.radio_targets():
            raise GamelibError(f"Deadland seats 2 to 6 players, got {players!r}")
        target = dl.radio_targets()[players]
    return [(which, dl.radio_wait(deck_size, which)) for which in dl.cycles(target)]


def build_up(players: int | None = None, *, target: int | None = None, deck_size: int = 70) -> list[dict[int, Fraction]]:
    """The clock's distribution after 1, 2, ... cycles: each one the convolution of the last with
    the next cycle's wait (independent, because the reshuffle starts afresh)."""
    out, dist = [], {0: Fraction(1)}
    for _, wait in cycle_waits(players, target=target, deck_size=deck_size):
        dist = dl.convolve(dist, wait)
        out.append(dist)
    return out


@lru_cache(maxsize=64)
def clock(players: int | None = None, *, target: int | None = None, deck_size: int = 70) -> dict[int, Fraction]:
    """The exact distribution of the Radio clock (Virus cards until the target)."""
    return build_up(players, target=target, deck_size=deck_size)[-1]


def shape(dist: dict[int, Fraction]) -> dict[str, float]:
    """Mean, standard deviation, skewness and the largest gap between the exact and the normal
    distribution functions (with the half-card continuity correction)."""
    mu, var = dl.mean(dist), dl.variance(dist)
    sd = sqrt(var)
    m3 = sum(float(p) * (k - float(mu)) ** 3 for k, p in dist.items())
    normal = NormalDist(float(mu), sd)
    acc, gap = 0.0, 0.0
    for k in sorted(dist):
        acc += float(dist[k])
        gap = max(gap, abs(acc - normal.cdf(k + 0.5)), abs(acc - float(dist[k]) - normal.cdf(k - 0.5)))
    return {"mean": float(mu), "sd": sd, "skewness": m3 / sd ** 3, "gap": gap}


def chance_past(dist: dict[int, Fraction], k: int) -> Fraction:
    """P(clock > k), exactly."""
    return 1 - dl.cdf(dist, k)


def below(dist: dict[int, Fraction], z: float) -> Fraction:
    """P(clock <= mean + z sd), exactly."""
    s = shape(dist)
    return dl.cdf(dist, int(s["mean"] + z * s["sd"]))


def above(dist: dict[int, Fraction], z: float) -> Fraction:
    """P(clock >= mean + z sd), exactly."""
    s = shape(dist)
    edge = s["mean"] + z * s["sd"]
    return sum((p for k, p in dist.items() if k >= edge), Fraction(0))


def build_up_rows(players: int = 4) -> list[dict[str, Any]]:
    """The clock cycle by cycle: its mean, spread, skewness and largest gap to the normal."""
    rows = []
    for i, (dist, (which, _)) in enumerate(zip(build_up(players), cycle_waits(players)), start=1):
        s = shape(dist)
        rows.append({"cycles so far": i, "this cycle ends at Contact": which, "mean": round(s["mean"], 1),
                     "standard deviation": round(s["sd"], 1), "skewness": round(s["skewness"], 3),
                     "largest gap to the normal": round(s["gap"], 4)})
    return rows


def shape_rows() -> list[dict[str, Any]]:
    """For each number of players: the cycles, mean, spread, skewness and the normal's largest gap."""
    rows = []
    for p, target in dl.radio_targets().items():
        s = shape(clock(p))
        rows.append({"players": p, "Radio target": target, "cycles (Contact that ends each)":
                     " + ".join(map(str, dl.cycles(target))), "mean": round(s["mean"], 1),
                     "standard deviation": round(s["sd"], 1), "skewness": round(s["skewness"], 3),
                     "largest gap to the normal": round(s["gap"], 4)})
    return rows


def tail_rows(players: int) -> list[dict[str, Any]]:
    """Exact and normal chances beyond 2 and 3 standard deviations, on each side."""
    d = clock(players)
    rows = []
    for side, z in (("below", -3), ("below", -2), ("above", 2), ("above", 3)):
        exact = below(d, z) if side == "below" else above(d, z)
        normal = STANDARD.cdf(z) if side == "below" else 1 - STANDARD.cdf(z)
        rows.append({"where": f"{side} mean {'−' if z < 0 else '+'} {abs(z)} sd", "exact": f"{float(exact):.5f}",
                     "normal": f"{normal:.5f}", "exact ÷ normal": f"{float(exact) / normal:.2f}"})
    return rows


# ---- simulated clocks: the engine's decks, and a simulated deck (numpy's kept for comparison) -----------

def engine_clocks(players: int, n_decks: int, *, seed: int = 0) -> list[int]:
    """Radio clocks put together from the first Virus decks of new games dealt by the engine: one
    deck per cycle, each from its own game, so the cycles are independent as the reshuffle makes them."""
    from .deadland.common import first_deck_radio_places

    ends = dl.cycles(dl.radio_targets()[players])
    decks = first_deck_radio_places(n_decks, seed=seed, players=players)
    usable = len(decks) // len(ends) * len(ends)
    # the second Contact's place for a full cycle, the first's for the last odd one
    return [sum(decks[start + j][which - 1] for j, which in enumerate(ends))
            for start in range(0, usable, len(ends))]


def simulated_clocks(n: int, *, players: int | None = None, target: int | None = None, deck_size: int = 70,
                     seed: int = 0, show_progress: bool = True) -> list[int]:
    """``n`` Radio clocks from seeded shuffles with gamelib's own generator (the two Radio Contacts'
    places in each cycle's deck, every pair of places equally likely): plain Python, so the lesson
    gives the same numbers in JupyterLab, Voilà and the static site."""
    from gamelib.core.rng import Rng, derive_seed

    from .simulation import progress

    ends = [w for w, _ in cycle_waits(players, target=target, deck_size=deck_size)]
    out: list[int] = []
    batches = [min(10_000, n - i) for i in range(0, n, 10_000)]
    for k, size in enumerate(progress(batches, total=len(batches), desc="simulated clocks", enabled=show_progress)):
        draw = Rng(derive_seed(seed, k)).randbelow  # a batch's own seed: a run is the same for a given n
        for _ in range(size):
            total = 0
            for which in ends:
                a = draw(deck_size) + 1
                b = draw(deck_size - 1) + 1
                b += b >= a  # two different places
                total += min(a, b) if which == 1 else max(a, b)
            out.append(total)
    return out


def numpy_clocks(n: int, *, players: int | None = None, target: int | None = None, deck_size: int = 70,
                 seed: int = 0, show_progress: bool = True):
    """``n`` Radio clocks from numpy shuffles (the two Radio Contacts' places in each cycle's deck)."""
    import numpy as np

    from .simulation import progress

    ends = [w for w, _ in cycle_waits(players, target=target, deck_size=deck_size)]
    rng = np.random.default_rng(seed)
    out = []
    batches = [min(10_000, n - i) for i in range(0, n, 10_000)]
    for size in progress(batches, total=len(batches), desc="numpy batches", enabled=show_progress):
        total = np.zeros(size, dtype=np.int64)
        for which in ends:
            a = rng.integers(1, deck_size + 1, size)
            b = rng.integers(1, deck_size, size)
            b = b + (b >= a)  # two different places, every pair equally likely
            total += np.minimum(a, b) if which == 1 else np.maximum(a, b)
        out.append(total)
    return np.concatenate(out)


def check_rows(engine: Any, simulated: Any, players: int = 4, label: str = "simulated decks") -> list[tuple[str, Any, Any]]:
    """Exact against simulated, with intervals: the mean, running past PAST cards, the lower tail."""
    d = clock(players)
    s = shape(d)
    low_edge = int(s["mean"] - 2 * s["sd"])
    engine, sim = [int(x) for x in engine], [int(x) for x in simulated]
    return [
        ("mean Radio clock (engine's decks)", dl.mean(d), stats.estimate_mean([float(x) for x in engine])),
        (f"past {PAST} cards (engine's decks)", chance_past(d, PAST), stats.estimate_rate(sum(x > PAST for x in engine), len(engine))),
        (f"past {PAST} cards ({label})", chance_past(d, PAST), stats.estimate_rate(sum(x > PAST for x in sim), len(sim))),
        (f"at most {low_edge} cards, 2 sd below the mean ({label})", dl.cdf(d, low_edge),
         stats.estimate_rate(sum(x <= low_edge for x in sim), len(sim))),
    ]


def build_up_table(players: int = 4):
    """``build_up_rows`` as a table (a DataFrame, or a PlainTable without pandas)."""
    from .frames import table

    return table(build_up_rows(players), ["cycles so far"])


def shape_table():
    """``shape_rows`` as a table."""
    from .frames import table

    return table(shape_rows(), ["players"])


def tail_table(players: int = 4):
    """``tail_rows`` as a table."""
    from .frames import table

    return table(tail_rows(players), ["where"])


# ---- plots ---------------------------------------------------------------------------------------------------

def plot_build_up(players: int = 4):
    """The clock after 1, 2, ... cycles, each put on the standard scale (mean 0, sd 1), against the normal curve."""
    from .plots import _fig, _legend_outside

    fig, ax = _fig()
    steps = build_up(players)
    shades = [0.75 - 0.65 * i / max(len(steps) - 1, 1) for i in range(len(steps))]  # light grey to near black
    for i, dist in enumerate(steps):
        s = shape(dist)
        ks = sorted(dist)
        ax.plot([(k - s["mean"]) / s["sd"] for k in ks], [float(dist[k]) * s["sd"] for k in ks], color=str(shades[i]),
                linewidth=1.2 if i < len(steps) - 1 else 2.2, label=f"{i + 1} cycle{'s' if i else ''}")
    z = [-4 + 8 * i / 199 for i in range(200)]
    ax.plot(z, [STANDARD.pdf(v) for v in z], color="#9b1c1c", linestyle="--", linewidth=1.5, label="normal")
    ax.set_xlim(-4.5, 4.5)
    ax.set_xlabel("standard units: (cards − mean) ÷ standard deviation")
    ax.set_ylabel("probability × sd")
    ax.set_title(f"{players} players: the Radio clock cycle by cycle", loc="left")
    _legend_outside(ax)
    return fig


def plot_qq(engine: Any = None, players: tuple[int, ...] = (2, 6), engine_players: int = 4):
    """QQ plot on the standard scale: the exact clock's quantiles (and the engine's clocks) against
    the normal's. A normal clock lies on the diagonal."""
    from .plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig((8.6, 4.2))
    z = [-3.5 + 7 * i / 140 for i in range(141)]  # out to the far tails, where the clock leaves the normal
    probs = [STANDARD.cdf(v) for v in z]
    for p, colour in zip(players, ("#2f5d3a", "#5b7fa6")):
        d = clock(p)
        s = shape(d)
        q = [dl.quantile(d, Fraction(float(x)).limit_denominator(10 ** 6)) for x in probs]
        ax.plot(z, [(float(v) - s["mean"]) / s["sd"] for v in q], "-", color=colour, linewidth=2,
                label=f"exact, {p} players")
    if engine is not None:
        s = shape(clock(engine_players))
        e = sorted(float(x) for x in engine)
        ez = [STANDARD.inv_cdf((i + 0.5) / len(e)) for i in range(len(e))]
        ax.plot(ez, [(v - s["mean"]) / s["sd"] for v in e], "o", color=COLOURS["simulated"], markeredgecolor="#1a1a1a",
                markersize=4, label=f"engine's decks,\n{engine_players} players ({len(e)} clocks)")
    ax.plot([-3.5, 3.5], [-3.5, 3.5], color="#9b1c1c", linestyle="--", linewidth=1, label="normal (the diagonal)")
    ax.set_xlabel("normal quantile (standard units)")
    ax.set_ylabel("clock quantile (standard units)")
    ax.set_title("QQ plot: where the Radio clock leaves the normal", loc="left")
    _legend_outside(ax)
    return fig


# ---- exercises and the widget --------------------------------------------------------------------------------

def clt_exercises() -> dict[int, Exercise]:
    """Lesson 12: a mean by linearity, a normal tail against the exact one, variances add, an odd target."""
    five = clock(5)
    full = dl.variance(dl.radio_wait(70, 2))
    normal_tail = 1 - STANDARD.cdf(2)
    exact_tail = chance_past(five, 364)
    two = dl.mean(clock(2))
    return {
        1: Exercise(
            "Exercise 1", dl.mean(five),
            mistakes={Fraction(6 * 71, 3): "that is six times the first Contact's place; a full cycle ends at the second.",
                      Fraction(12 * 71, 2): "twelve Contacts are not twelve independent waits in one deck of 70."},
            hint="Five players need twelve Radio Contacts: six full cycles, each ending at its second Contact.",
            worked=f"Each full cycle ends at the second Radio Contact, on average at place 2 × 71/3 = 142/3. Six cycles: "
                   f"6 × 142/3 = **{fraction_text(dl.mean(five))}** Virus cards (expectations add, independent or not)."),
        2: Exercise(
            "Exercise 2", Fraction(normal_tail).limit_denominator(10 ** 6), tolerance=0.002,
            mistakes={Fraction(5, 100): "that is both tails together; past 364 is one tail only."},
            hint="364 = 284 + 2 × 40: two standard deviations above the mean. What does the normal give beyond +2?",
            worked=f"(364 − 284) / 40 = 2, and the normal gives 1 − Φ(2) ≈ **{normal_tail:.4f}**. The exact "
                   f"chance, by convolution, is {float(exact_tail):.4f}: the normal overstates this tail by "
                   f"{100 * (normal_tail / float(exact_tail) - 1):.0f}%, because no cycle can last more than 70 cards."),
        3: Exercise(
            "Exercise 3", 6 * full,
            mistakes={36 * full: "that is what a sum of six *equal* copies (6X) would have: 6² times the variance. "
                                 "Independent waits add their variances.",
                      full: "that is one cycle; the clock adds six of them."},
            hint="The six cycles are independent: the variance of their sum is the sum of their variances.",
            worked=f"Variances of independent waits add: 6 × {fraction_text(full)} = **{fraction_text(6 * full)}**, "
                   f"a standard deviation of about {sqrt(6 * full):.1f} cards. Six times the wait (6X) would have "
                   f"36 times the variance: a sum of independent waits spreads far less than that."),
        4: Exercise(
            "Exercise 4", two,
            mistakes={4 * Fraction(142, 3): "the fourth cycle ends at its first Radio Contact, not its second.",
                      Fraction(7 * 71, 2): "a Contact's place is not 71/2 on average: the first of two comes earlier."},
            hint="Three full cycles end at their second Contact (142/3 on average); the last ends at its first.",
            worked=f"3 × 142/3 + 71/3 = **{exact_text(two, 2)}** Virus cards. Expectations add; the reshuffle is "
                   f"needed only for the spread (variances add when the cycles are independent)."),
    }


def clt_widget(n_clocks: int = 4_000, seed: int = 12):
    """The Extension: a house-rule Radio target and a deck size; the exact lower-tail chance (by
    convolution) and a simulation of the decks move together, with the normal's value beside them."""
    import ipywidgets as w

    from .widgets import linked_answers

    style = {"description_width": "initial"}
    controls = {
        "target": w.IntSlider(dl.radio_targets()[4], 1, 24, description="Radio target (a house rule beyond 14)", style=style,
                              layout=w.Layout(width="min(420px, 90vw)")),
        "deck": w.IntSlider(70, 10, 70, description="cards in each deck", style=style, layout=w.Layout(width="min(360px, 90vw)")),
        "n": w.Dropdown(options=[400, 4_000, 40_000], value=n_clocks, description="clocks", style=style),
    }

    @lru_cache(maxsize=32)
    def runs(target: int, deck: int, n: int):
        return simulated_clocks(n, target=target, deck_size=deck, seed=seed, show_progress=False)

    def compute(target: int, deck: int, n: int):
        d = clock(target=target, deck_size=deck)
        edge = int(shape(d)["mean"] - 2 * shape(d)["sd"])
        sim = runs(target, deck, n)
        title = (f"chance of at most {edge} cards, 2 sd below the mean (the normal says "
                 f"{STANDARD.cdf(-2):.4f})")
        return title, dl.cdf(d, edge), stats.estimate_rate(sum(x <= edge for x in sim), n)

    def plot(target: int, deck: int, n: int, exact: Any, estimate: Any):
        return plot_clock(clock(target=target, deck_size=deck), runs(target, deck, n),
                          title=f"target {target}, decks of {deck}")

    return linked_answers(controls, compute, plot, note="Exact: the convolution of the cycles' waits. Simulated: "
                                                        "seeded shuffles (gamelib's generator). The normal has the exact mean and sd.")


def plot_clock(dist: dict[int, Fraction], simulated: Any = None, *, title: str = ""):
    """The exact distribution, the normal curve with its mean and sd, and simulated frequencies."""
    from .plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig()
    ks = sorted(dist)
    ax.fill_between(ks, [float(dist[k]) for k in ks], step="mid", color=COLOURS["exact"], alpha=0.8, label="exact")
    s = shape(dist)
    normal = NormalDist(s["mean"], s["sd"])
    ax.plot(ks, [normal.pdf(k) for k in ks], color="#9b1c1c", linestyle="--", linewidth=1.5, label="normal")
    if simulated is not None:
        sim = [int(x) for x in simulated]
        width = max(1, int(s["sd"] // 8))
        edges = list(range(ks[0], ks[-1] + width + 1, width))
        counts = [0] * (len(edges) - 1)  # numpy's histogram: bins [a, b), the last one [a, b]
        for x in sim:
            if edges[0] <= x <= edges[-1]:
                counts[min((x - edges[0]) // width, len(counts) - 1)] += 1
        ax.plot([e + (width - 1) / 2 for e in edges[:-1]], [c / len(sim) / width for c in counts], "o",
                color=COLOURS["simulated"], markeredgecolor="#1a1a1a", markersize=3.5,
                label=f"simulated\n({len(sim):,} clocks)")
    ax.set_xlabel("Virus cards until the rescue")
    ax.set_ylabel("probability")
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig
