"""Lesson 11, the coupon collector with The Walking Deck's Calamity bag: how many Calamity draws
until every combination of weaknesses has been seen, its whole distribution (by
inclusion-exclusion and by a Markov chain, which agree exactly), a birthday-type question (two
draws showing the same combination), and the engine's own bag drawing the same answers.

The bag is read from the engine (a new game's table view, ``calamity_bag``): with the shipped card
set it holds two tokens of each of six combinations, and a drawn token goes back before the next
draw, so every draw is one of six equally likely combinations. A Respite token put into the bag
is a draw that shows no combination (``respites``)."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, perm
from typing import Any

import gamelib
from gamelib.core.errors import GamelibError
from gamelib.probability import stats
from gamelib.probability import walking_deck as wd

from .text import Exercise, exact_text, fraction_text, pct

#: draws looked at for the distributions (the chance of needing more than this is shown beside it)
HORIZON = 60
#: the Character who takes the engine's Calamity draws (toughness 3: it is still standing after one)
WITNESS = "GASTON"
_DRAWN = "draw a Calamity from the bag: "


# ---- the bag, as the engine holds it ----------------------------------------------------------

@lru_cache(maxsize=1)
def engine_bag() -> tuple[tuple[str, int], ...]:
    """(combination as the token shows it, tokens) for the bag of a new game, read from the table view."""
    view = gamelib.load("walking-deck").new_state(seed=0).view(None)
    shown = Counter(t["text"] for t in view["calamity_bag"] if not t["respite"])
    return tuple(sorted(shown.items()))


def combinations_in_bag() -> list[str]:
    return [c for c, _ in engine_bag()]


def combination_chances(respites: int = 0) -> list[Fraction]:
    """The chance that one draw shows each combination (a Respite shows none)."""
    if isinstance(respites, bool) or not isinstance(respites, int) or not 0 <= respites <= 2:
        raise GamelibError(f"respites must be 0, 1 or 2 (the game has two Respite tokens), got {respites!r}")
    total = sum(n for _, n in engine_bag()) + respites
    return [Fraction(n, total) for _, n in engine_bag()]


# ---- waiting for all of them: the stages -----------------------------------------------------

def stage_waits(respites: int = 0, kinds: int | None = None) -> list[Fraction]:
    """Expected draws for each new combination, once i are seen: 1 / P(a new one) (geometric waits)."""
    p = combination_chances(respites)
    k = len(p) if kinds is None else kinds
    if not 1 <= k <= len(p):
        raise GamelibError(f"collect 1 to {len(p)} combinations, got {kinds!r}")
    # the combinations are equally likely, so once i are seen a new one comes with chance (K - i) p
    return [1 / ((len(p) - i) * p[0]) for i in range(k)]


def expected_draws(respites: int = 0, kinds: int | None = None) -> Fraction:
    """E(draws until ``kinds`` different combinations have been seen): the sum of the stage waits."""
    return sum(stage_waits(respites, kinds), Fraction(0))


# ---- the whole distribution, two ways ---------------------------------------------------------

def cdf_inclusion_exclusion(n: int, respites: int = 0) -> Fraction:
    """P(all combinations seen within n draws) = sum over sets S of combinations of
    (-1)^|S| P(no draw shows one of S)^n."""
    p = combination_chances(respites)
    total = Fraction(0)
    for size in range(len(p) + 1):
        for subset in combinations(p, size):
            total += (-1) ** size * (1 - sum(subset, Fraction(0))) ** n
    return total


def pmf_inclusion_exclusion(respites: int = 0, horizon: int = HORIZON) -> dict[int, Fraction]:
    """P(T = n) for n = 1..horizon, T the draw at which the last combination first shows."""
    cdf = [cdf_inclusion_exclusion(n, respites) for n in range(horizon + 1)]
    return {n: cdf[n] - cdf[n - 1] for n in range(1, horizon + 1) if cdf[n] != cdf[n - 1]}


def chain_matrix(respites: int = 0, kinds: int | None = None) -> list[list[Fraction]]:
    """The Markov chain on "combinations seen so far" (0..kinds; kinds absorbs): a draw shows a
    new one with chance (K - i) p, else the count stays."""
    p = combination_chances(respites)
    k = len(p) if kinds is None else kinds
    m = [[Fraction(0)] * (k + 1) for _ in range(k + 1)]
    for i in range(k):
        m[i][i + 1] = (len(p) - i) * p[0]
        m[i][i] = 1 - m[i][i + 1]
    m[k][k] = Fraction(1)
    return m


def pmf_chain(respites: int = 0, kinds: int | None = None, horizon: int = HORIZON) -> dict[int, Fraction]:
    """P(T = n) from the chain: the mass that reaches the last state at step n."""
    m = chain_matrix(respites, kinds)
    last = len(m) - 1
    dist = [Fraction(1)] + [Fraction(0)] * last
    out = {}
    for n in range(1, horizon + 1):
        before = dist[last]
        dist = [sum(dist[i] * m[i][j] for i in range(len(m))) for j in range(len(m))]
        if dist[last] != before:
            out[n] = dist[last] - before
    return out


def beyond(pmf: dict[int, Fraction]) -> Fraction:
    """The chance left after the horizon (T later than the last draw looked at)."""
    return 1 - sum(pmf.values(), Fraction(0))


# ---- two draws showing the same combination: the birthday question --------------------------------

def repeat_chance(draws: int, kinds: int = 6) -> Fraction:
    """P(some combination shows twice among ``draws`` draws of ``kinds`` equally likely ones)
    = 1 - K (K - 1) ... (K - n + 1) / K^n."""
    if draws > kinds:
        return Fraction(1)
    return 1 - Fraction(perm(kinds, draws), kinds ** draws)


def expected_first_repeat(kinds: int = 6) -> Fraction:
    """E(the draw at which a combination first shows again) = sum over n of P(no repeat in n draws)."""
    return sum((Fraction(perm(kinds, n), kinds ** n) for n in range(kinds + 1)), Fraction(0))


def repeat_rows(upto: int = 7) -> list[dict[str, Any]]:
    tokens = sum(n for _, n in engine_bag())
    k = len(engine_bag())
    return [{"draws": n, "same combination twice": exact_text(repeat_chance(n, k), 3),
             "same token twice": exact_text(repeat_chance(n, tokens), 3)} for n in range(2, upto + 1)]


# ---- drawing: the engine's bag, and a simulated bag (numpy's kept for comparison) ---------------------

def engine_draws(n: int, *, seed: int = 0, show_progress: bool = True) -> list[int]:
    """``n`` Calamity draws made by the engine (a WALKER unstacked in front of GASTON, each from
    a fresh seed), as the index of the combination shown (in ``combinations_in_bag()``'s order)."""
    from gamelib.core.rng import derive_seed

    from .simulation import progress

    game = gamelib.load("walking-deck")
    scenario = wd.interrogation_scenario(["WALKER (Rural)"], characters=[WITNESS])
    index = {c: i for i, c in enumerate(combinations_in_bag())}
    out = []
    for i in progress(range(n), total=n, desc="draws by the engine", enabled=show_progress):
        s = game.from_scenario(scenario, seed=derive_seed(seed, i))
        mark = s.log_length
        s.apply(s.legal_actions()[0])  # "Unstack the next Event": the WALKER draws a Calamity
        shown = [e.text.split(_DRAWN, 1)[1] for e in s.log_since(mark) if _DRAWN in e.text]
        if len(shown) != 1:
            raise GamelibError(f"the engine's draw {i} did not show one Calamity: {shown!r}")
        out.append(index[shown[0]])
    return out


def collection_times(stream: list[int], kinds: int = 6) -> list[int]:
    """Cut a stream of draws into collections: the draws until all ``kinds`` are seen, then again
    from the next draw (the draws are independent, so the collections are too)."""
    out, seen, count = [], set(), 0
    for c in stream:
        count += 1
        if c >= 0:
            seen.add(c)
        if len(seen) == kinds:
            out.append(count)
            seen, count = set(), 0
    return out


def first_repeats(stream: list[int], draws: int = 4) -> list[bool]:
    """Whether each block of ``draws`` consecutive draws shows a combination twice."""
    blocks = [stream[i:i + draws] for i in range(0, len(stream) - draws + 1, draws)]
    return [len(set(b)) < len(b) for b in blocks]


def bag_collections(n: int, *, respites: int = 0, kinds: int = 6, seed: int = 0,
                    show_progress: bool = True) -> list[int]:
    """``n`` collections drawn from the bag (tokens drawn with replacement) with gamelib's own seeded
    generator: the draw at which ``kinds`` combinations have been seen, one per collection. Plain
    Python, so the lesson gives the same numbers in JupyterLab, Voilà and the static site."""
    from gamelib.core.rng import Rng, derive_seed

    from .simulation import progress

    combination_chances(respites)  # checks ``respites``
    bag = [i for i, (_, c) in enumerate(engine_bag()) for _ in range(c)] + [-1] * respites
    if not 1 <= kinds <= len(engine_bag()):
        raise GamelibError(f"collect 1 to {len(engine_bag())} combinations, got {kinds!r}")
    out = []
    batches = [min(5_000, n - i) for i in range(0, n, 5_000)]
    for b, size in enumerate(progress(batches, total=len(batches), desc="simulated collections",
                                      enabled=show_progress)):
        rng = Rng(derive_seed(seed, b))  # a batch's own seed: a run is the same for a given n
        draw, tokens = rng.randbelow, len(bag)
        for _ in range(size):
            seen, count = set(), 0
            while len(seen) < kinds:
                count += 1
                c = bag[draw(tokens)]
                if c >= 0:
                    seen.add(c)
            out.append(count)
    return out


def numpy_collections(n: int, *, respites: int = 0, kinds: int = 6, seed: int = 0, show_progress: bool = True):
    """``n`` collections simulated with numpy (tokens drawn with replacement), in batches."""
    import numpy as np

    from .simulation import progress

    bag = [i for i, (_, c) in enumerate(engine_bag()) for _ in range(c)] + [-1] * respites
    tokens = np.array(bag)
    rng = np.random.default_rng(seed)
    out = []
    batches = [min(5_000, n - i) for i in range(0, n, 5_000)]
    for size in progress(batches, total=len(batches), desc="numpy batches", enabled=show_progress):
        out.append(_collect(rng, tokens, size, kinds))
    return np.concatenate(out)


def _collect(rng: Any, tokens: Any, size: int, kinds: int, width: int = 200):
    """The draw at which ``kinds`` combinations have been seen, for ``size`` runs of ``width`` draws."""
    import numpy as np

    shown = tokens[rng.integers(0, len(tokens), size=(size, width))]
    bits = np.where(shown >= 0, np.left_shift(1, np.maximum(shown, 0)), 0)
    seen = np.bitwise_or.accumulate(bits, axis=1)
    count = sum((seen >> b) & 1 for b in range(len(engine_bag())))
    done = count >= kinds
    if not done[:, -1].all():  # chance below 10^-12 with the game's bag
        raise GamelibError(f"a collection took more than {width} draws")
    return done.argmax(axis=1) + 1


# ---- the lesson's tables, plots, exercises and widget --------------------------------------------

def stage_rows(respites: int = 0) -> list[dict[str, Any]]:
    k = len(engine_bag())
    return [{"combinations seen": i, "chance the next draw is new": fraction_text(Fraction(k - i, k) if not respites
                                                                                  else (k - i) * combination_chances(respites)[0]),
             "expected draws to the next new one": exact_text(w, 2)}
            for i, w in enumerate(stage_waits(respites))]


def stage_table(respites: int = 0):
    """``stage_rows`` as a table (a DataFrame, or a PlainTable without pandas)."""
    from .frames import table

    return table(stage_rows(respites), ["combinations seen"])


def chain_table(respites: int = 0):
    """The chain's matrix as fractions: a row per state "from", a column per state "to"."""
    from .frames import table

    m = chain_matrix(respites)
    return table([{"from": i, **{f"to {j}": fraction_text(x) for j, x in enumerate(row)}} for i, row in enumerate(m)],
                 ["from"])


def distribution_table(pmf: dict[int, Fraction], at: tuple[int, ...] = (6, 10, 12, 15, 20, 30, 40)):
    """P(T = n) and P(T <= n) at a few n, as decimals."""
    from .frames import table

    return table([{"n": n, "P(T = n)": f"{float(pmf.get(n, Fraction(0))):.4f}",
                   "P(T ≤ n)": f"{float(sum((p for k, p in pmf.items() if k <= n), Fraction(0))):.4f}"} for n in at],
                 ["n"])


def repeat_table(upto: int = 7):
    """``repeat_rows`` as a table."""
    from .frames import table

    return table(repeat_rows(upto), ["draws"])


def check_rows(engine_times: list[int], simulated: Any, repeats: list[bool],
               label: str = "simulated bag") -> list[tuple[str, Any, Any]]:
    """Exact against simulated, with intervals: the mean wait (engine, ``simulated`` collections),
    P(T <= 12), a repeat in 4 draws."""
    pmf = pmf_chain()
    within = sum((p for n, p in pmf.items() if n <= 12), Fraction(0))
    times = [int(t) for t in simulated]
    return [
        ("draws to see all six (engine's bag)", expected_draws(), stats.estimate_mean([float(t) for t in engine_times])),
        (f"draws to see all six ({label})", expected_draws(), stats.estimate_mean([float(t) for t in times])),
        (f"all six within 12 draws ({label})", within, stats.estimate_rate(sum(t <= 12 for t in times), len(times))),
        ("4 draws show a combination twice (engine's bag)", repeat_chance(4),
         stats.estimate_rate(int(sum(repeats)), len(repeats))),
    ]


def plot_collection(pmf: dict[int, Fraction], simulated: Any, mean: Fraction, *, title: str = "", label: str = "simulated"):
    """Bars: the exact P(T = n); dots: the simulated frequencies; a line at the exact ``mean`` (the
    bars stop at the horizon, so their own mean would be a little short)."""
    from .plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig()
    xs = sorted(pmf)
    ax.bar(xs, [float(pmf[n]) for n in xs], color=COLOURS["exact"], alpha=0.85, label="exact")
    sim = Counter(int(t) for t in simulated)
    total = sum(sim.values())
    freq = [sim[n] / total for n in xs]
    ax.plot(xs, freq, "o", color=COLOURS["simulated"], markeredgecolor="#1a1a1a", markersize=4,
            label=f"{label}\n({total:,} collections)")
    mean = float(mean)
    ax.axvline(mean, color="#1a1a1a", linestyle="--", linewidth=1, label=f"exact mean {mean:.2f}")
    ax.set_xlim(min(xs) - 1, min(max(xs), int(mean * 3)) + 1)
    ax.set_xlabel("draws until every combination has been seen")
    ax.set_ylabel("probability")
    ax.set_title(title, loc="left")
    _legend_outside(ax)
    return fig


def coupon_exercises() -> dict[int, Exercise]:
    """Lesson 11: a new combination, the last wait, a Respite in the bag, three different ones."""
    k = len(engine_bag())
    last = stage_waits()[-1]
    with_respite = expected_draws(1)
    three_new = 1 - repeat_chance(3, k)
    return {
        1: Exercise(
            "Exercise 1", Fraction(k - 1, k),
            mistakes={Fraction(1, k): "that is the chance the second draw shows the *same* combination as the first.",
                      Fraction(10, 11): "the token drawn first went back into the bag: 12 tokens again, not 11."},
            hint="The first token went back into the bag. How many of the six combinations are new?",
            worked=f"Whatever the first draw showed, {k - 1} of the {k} equally likely combinations are new: "
                   f"**{fraction_text(Fraction(k - 1, k))}**."),
        2: Exercise(
            "Exercise 2", last,
            mistakes={Fraction(1, k): "that is the chance of the missing combination on one draw; the expected wait "
                                      "is its inverse.",
                      expected_draws(): "that is the wait for all six from the start, not for the last one."},
            hint="One combination is missing: each draw shows it with chance 1/6. A geometric wait has mean 1/p.",
            worked=f"Each draw shows the missing combination with chance 1/{k}, independently: the wait is geometric "
                   f"with mean **{fraction_text(last)}** draws, the longest stage of the collection."),
        3: Exercise(
            "Exercise 3", with_respite,
            mistakes={expected_draws(): "that is the bag without the Respite token.",
                      expected_draws() + 1: "the Respite does not add one draw: it can come at every draw."},
            hint="With 13 tokens each combination comes with chance 2/13. Every stage wait grows by the factor 13/12.",
            worked=f"Each stage wait is 13/12 of what it was (a draw is a Respite with chance 1/13 and shows nothing), "
                   f"so the expectation is 13/12 × {fraction_text(expected_draws())} = **{exact_text(with_respite, 3)}** draws."),
        4: Exercise(
            "Exercise 4", three_new,
            mistakes={Fraction(4, 6): "that is only the third draw's chance; the second draw must be new too.",
                      repeat_chance(3, k): "that is the chance of a repeat; the question asks for three different ones."},
            hint="The first draw shows anything; the second must avoid one combination, the third two.",
            worked=f"1 × 5/6 × 4/6 = **{fraction_text(three_new)}**: three draws show three different combinations a "
                   f"little more than half the time ({pct(three_new)})."),
    }


def coupon_widget(n_runs: int = 2_000, seed: int = 11):
    """The Extension: Respite tokens in the bag and how many combinations to collect; the exact
    expectation and distribution (the chain) and a simulation of the bag move together."""
    import ipywidgets as w

    from .widgets import linked_answers

    style = {"description_width": "initial"}
    wide = w.Layout(width="min(360px, 90vw)")
    controls = {
        "respites": w.IntSlider(0, 0, 2, description="Respite tokens in the bag", style=style, layout=wide),
        "kinds": w.IntSlider(len(engine_bag()), 1, len(engine_bag()), description="combinations to collect", style=style,
                             layout=wide),
        "n": w.Dropdown(options=[200, 2_000, 20_000], value=n_runs, description="collections", style=style),
    }

    @lru_cache(maxsize=32)
    def runs(respites: int, kinds: int, n: int):
        return bag_collections(n, respites=respites, kinds=kinds, seed=seed, show_progress=False)

    def compute(respites: int, kinds: int, n: int):
        est = stats.estimate_mean([float(t) for t in runs(respites, kinds, n)])
        return f"expected draws until {kinds} different combinations have been seen", expected_draws(respites, kinds), est

    def plot(respites: int, kinds: int, n: int, exact: Any, estimate: Any):
        return plot_collection(pmf_chain(respites, kinds), runs(respites, kinds, n), exact,
                               title=f"{kinds} of the combinations, {respites} Respite token(s) in the bag",
                               label="simulated bag")

    return linked_answers(controls, compute, plot, note="Exact: the stage waits and the Markov chain. Simulated: "
                                                        "draws from the same bag, seeded (gamelib's generator).")
