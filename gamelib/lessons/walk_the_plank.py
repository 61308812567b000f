"""The Walk the Plank lesson's pieces (lesson 7: simultaneous choices and fairness): whole games
by random pirates to ask whether the seat matters, the small endgame the lesson solves, the engine
playing that endgame with chosen programmes, its exercises and its widgets.

Only public things are used: ``gamelib.load``, ``new_state``, ``from_scenario``, ``view``,
``legal_actions`` and ``apply`` by label."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import gamelib
from gamelib.core.errors import GamelibError
from gamelib.core.rng import derive_seed
from gamelib.probability import stats
from gamelib.probability import walk_the_plank as wp

from .text import Exercise, fraction_text, pct

#: the endgame of the lesson: the last round, red (the Captain) against blue, green's Ghost on the
#: ship. Red has a pirate on plank 1 and one on plank 2, blue one on plank 2; last round each played
#: three Skull cards, now set aside. If nobody falls this round, the round limit ends the game.
ENDGAME: dict[str, Any] = {
    "players": ["red", "blue", "green"], "captain": "red", "planks": 3, "round": 1,
    "pirates": {"red": ["plank 1", "plank 2", "dead"], "blue": ["plank 2", "dead", "dead"], "green": ["dead"] * 3},
    "eliminated": ["green"],
    "set_aside": {"red": ["Shove Anyone", "Drag to Sea", "Charge!"],
                  "blue": ["Shove Anyone", "Drag to Sea", "Retract the Plank"], "green": ["Shove Anyone"]},
}


@lru_cache(maxsize=8)
def game(players: int = 4, max_rounds: int = 100):
    return gamelib.load("walk-the-plank", players=players, max_rounds=max_rounds)


@lru_cache(maxsize=8)
def solution(resolve: str = "random", unfinished: Fraction = Fraction(0)) -> wp.EndgameSolution:
    """The lesson's endgame solved exactly (``wp.solve_endgame``; a second or two, then cached).
    ``resolve="best"``: each rival makes the choices its cards leave as well as possible (the
    rulebook lets the owner choose); ``"random"``: a coin decides (the engine's random player).
    ``unfinished``: what a round after which the game goes on is worth to red (the modelling step
    that replaces the rest of the game; 0 is the round limit's "nobody wins")."""
    return wp.solve_endgame(ENDGAME, resolve, unfinished=Fraction(unfinished))


def modelling_table(values=(Fraction(-1, 2), Fraction(0), Fraction(1, 2)), resolve: str = "best"):
    """What the round-limit modelling step changes: for each value of an unfinished round, the
    endgame's value and each programme the rivals' optimal mixes use, one per line (a narrow
    DataFrame, or a PlainTable without pandas: programme names are long)."""
    from .frames import table

    rows = []
    for u in values:
        s = solution(resolve, Fraction(u))
        for who, mix in (("red", s.row), ("blue", s.col)):
            for prog, p in mix.items():
                rows.append({"unfinished round worth": fraction_text(u), "value": fraction_text(s.value), "player": who,
                             "chance": fraction_text(p), "programme": wp.programme_text(prog)})
    return table(rows, ["unfinished round worth", "value", "player"])


def seat_exercises() -> dict[int, Exercise]:
    """Lesson 7: the chi-square statistic by hand, degrees of freedom (lesson 7's first edition's
    exercises 1 and 2), and a sample size for one seat against the fair share."""
    from types import SimpleNamespace

    # exercises 1 and 2 need no endgame: a stand-in spares lesson 7 solving it
    old = fairness_exercises(SimpleNamespace(row={}, value=Fraction(0)))
    need = stats.games_needed_one_sample(0.25, 0.35)
    third = Exercise(
        "Exercise 3", need, tolerance=max(3, need // 50),
        mistakes={stats.games_needed(0.35, 0.25): "that is the two-sample formula, for two rates both estimated; "
                                                  "here 25% is known, so one sample does."},
        hint="n = ((1.96 √(0.25 × 0.75) + 0.84 √(0.35 × 0.65)) / (0.35 − 0.25))².",
        worked=f"With z = 1.96 for 95% confidence and 0.84 for 80% power: n = ((1.96 × √0.1875 + 0.84 × √0.2275) / "
               f"0.10)² ≈ {((1.96 * 0.1875 ** 0.5 + 0.84 * 0.2275 ** 0.5) / 0.1) ** 2:.0f}; with the exact quantiles "
               f"`stats.games_needed_one_sample(0.25, 0.35)` = **{need}** sole wins for that seat's test.")
    return {1: old[1], 2: old[2], 3: third}


def endgame_exercises(coin: wp.EndgameSolution) -> dict[int, Exercise]:
    """Lesson 8: two 2 x 2 games by hand, and the value of the coin-toss model (lesson 7's
    exercises 3 to 5, numbered 1 to 3)."""
    old = fairness_exercises(coin)
    out = {}
    for new, k in enumerate((3, 4, 5), start=1):
        ex = old[k]
        ex.label = f"Exercise {new}"
        out[new] = ex
    return out


def endgame_state(scenario: Mapping[str, Any] = ENDGAME, seed: int = 0):
    """The endgame as the engine holds it, red about to program (the round limit is this round)."""
    return game(len(scenario["players"]), scenario.get("round", 1)).from_scenario(dict(scenario), seed=seed)


# ---- does the seat matter? ------------------------------------------------------------------------

def seat_games(players: int, n: int, *, seed: int = 0, show_progress: bool = True):
    """``n`` whole games with a random pirate in every seat (the engine's random player): one row
    per game with the first Captain, the winners, and each seat's result, the seat being a player's
    place in the first round's order (1 = the first Captain). A pandas DataFrame."""
    import pandas as pd

    from gamelib.agents import RandomAgent, play

    from .simulation import progress

    g = game(players)
    rows = []
    for i in progress(range(n), total=n, desc=f"{players}-player games", enabled=show_progress):
        sd = derive_seed(seed, i)
        captain = g.new_state(seed=sd).view(None)["captain"]
        s = play(g, RandomAgent(), seed=sd, fast=True, log=False)
        winners = list(s.outcome.winners)
        row = {"game": i, "captain": captain, "winners": ",".join(winners), "rounds": s.view(None)["round"],
               "sole winner seat": wp.seat_of(winners[0], captain, g.players) if len(winners) == 1 else 0}
        for c in g.players:
            row[f"seat {wp.seat_of(c, captain, g.players)} won"] = c in winners
        rows.append(row)
    return pd.DataFrame(rows)


def seat_counts(table, players: int) -> dict[str, list[int]]:
    """Sole wins by seat, all wins by seat and games, from ``seat_games``."""
    sole = [int((table["sole winner seat"] == k).sum()) for k in range(1, players + 1)]
    wins = [int(table[f"seat {k} won"].sum()) for k in range(1, players + 1)]
    return {"sole": sole, "wins": wins, "games": [len(table)] * players}


# ---- the endgame, played by the engine --------------------------------------------------------------------

def _sample(mix: Mapping[Any, Fraction] | Sequence[Any], rng: random.Random):
    if isinstance(mix, Mapping):
        items = list(mix.items())
        r = Fraction(rng.random()).limit_denominator(10 ** 12)
        acc = Fraction(0)
        for p, w in items:
            acc += w
            if r < acc:
                return p
        return items[-1][0]
    return tuple(mix)


def play_endgame(row: Mapping[Any, Fraction] | Sequence[Any], col: Mapping[Any, Fraction] | Sequence[Any], n: int, *,
                 scenario: Mapping[str, Any] = ENDGAME, seed: int = 0, show_progress: bool = True):
    """The engine plays the endgame ``n`` times: red and blue program a programme drawn from their
    mix (a dict programme -> chance) or a fixed programme; the Ghost's player and every choice a
    card leaves are the engine's random player. Red's payoff each time (+1, 0, -1), a list (plain
    Python: the same on a browser's Python, which has no numpy)."""
    from gamelib.agents import RandomAgent

    from .simulation import progress

    eg = wp.endgame(scenario)
    a, b = (eg.colours[s] for s in eg.rivals)
    g = game(len(eg.colours), scenario.get("round", 1))
    rng = random.Random(f"endgame:{seed}")
    out = [0] * n
    for i in progress(range(n), total=n, desc="endgames (engine)", enabled=show_progress):
        s = g.from_scenario(dict(scenario), seed=derive_seed(seed, i))
        chance = RandomAgent(derive_seed(seed, 10_000 + i))
        progs = {a: _sample(row, rng), b: _sample(col, rng)}
        placed = {a: 0, b: 0}
        while not s.is_over:
            who = s.to_move
            if s.phase == "programming" and who in progs:
                k = placed[who] = placed[who] + 1
                s.apply(f"Program {progs[who][k - 1]} as card {k}")
            else:
                s.apply(chance.choose(s))
        w = s.outcome.winners
        out[i] = int(a in w) - int(b in w)
    return out


def seat_tests(tables: Mapping[int, Any]):
    """One chi-square test per number of players: do the sole wins of ``seat_games`` spread evenly
    over the seats? A pandas DataFrame (sole wins by seat, statistic, degrees of freedom, p-value)."""
    import pandas as pd

    rows = []
    for players, t in sorted(tables.items()):
        sole = seat_counts(t, players)["sole"]
        chi = wp.chi_square_uniform(sole)
        rows.append({"players": players, "games": len(t), "sole wins": sum(sole),
                     "sole wins by seat (1 = first Captain)": " / ".join(map(str, sole)),
                     "expected per seat": f"{float(chi.expected[0]):.1f}", "chi-square": round(float(chi.statistic), 3),
                     "degrees of freedom": chi.df, "p-value": round(chi.p_value, 4)})
    return pd.DataFrame(rows).set_index("players")


def null_chi_squares(players: int, n_wins: int, reps: int, *, seed: int = 0):
    """``reps`` chi-square statistics of ``n_wins`` sole wins shared out among ``players`` seats
    at random, every seat equally likely (a fair table: the null hypothesis), drawn by numpy."""
    import numpy as np

    rng = np.random.default_rng(seed)
    counts = rng.multinomial(n_wins, [1 / players] * players, size=reps)
    e = n_wins / players
    return ((counts - e) ** 2 / e).sum(axis=1)


def chi2_pdf(x: float, df: int) -> float:
    """The chi-square density (for the plot; the p-values come from ``wp.chi2_sf``)."""
    from math import exp, gamma, log

    if x <= 0:
        return 0.0
    k = df / 2
    return exp((k - 1) * log(x) - x / 2 - k * log(2) - log(gamma(k)))


def plot_chi_square(null, df: int, observed: float):
    """The statistics of fair tables (histogram) against the chi-square density, with the one the
    simulated games gave and the tail beyond it shaded."""
    import numpy as np

    from .plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig()
    top = max(float(np.quantile(null, 0.995)), observed * 1.2, 8)
    bins = np.linspace(0, top, 40)
    ax.hist(null, bins=bins, density=True, color=COLOURS["simulated"], alpha=0.7, label=f"{len(null):,} fair tables")
    xs = np.linspace(0.01, top, 300)
    ys = [chi2_pdf(x, df) for x in xs]
    ax.plot(xs, ys, color=COLOURS["exact"], lw=2, label=f"chi-square, {df} degrees of freedom")
    tail = xs >= observed
    ax.fill_between(xs[tail], 0, np.array(ys)[tail], color="#9b1c1c", alpha=0.35, label="the p-value (the tail)")
    ax.axvline(observed, color="#9b1c1c", lw=1.6, label=f"our games: {observed:.2f}")
    ax.set_xlim(0, top)
    ax.set_xlabel("chi-square statistic")
    ax.set_ylabel("density")
    ax.set_title("what a fair table gives, and what our games gave", loc="left")
    _legend_outside(ax)
    return fig


def core_table(solution: wp.EndgameSolution):
    """The payoff matrix of the programmes the optimal mixes use (red's rows, blue's columns), the
    mixes in the margins, as fractions: a DataFrame, or a PlainTable without pandas."""
    from .frames import table

    rows, cols = list(solution.row), list(solution.col)
    names = [f"B{j + 1}: {wp.programme_text(c)}" for j, c in enumerate(cols)] + ["red's chance"]
    labels = [f"R{i + 1}: {wp.programme_text(r)}" for i, r in enumerate(rows)] + ["blue's chance"]
    data = [[fraction_text(solution.entries[r, c]) for c in cols] + [fraction_text(solution.row[r])] for r in rows]
    data.append([fraction_text(solution.col[c]) for c in cols] + [""])
    return table([{"": label, **dict(zip(names, cells))} for label, cells in zip(labels, data)], [""],
                 columns=["", *names])


def mix_value(solution: wp.EndgameSolution, row: Mapping[Any, Fraction], col: Mapping[Any, Fraction]) -> Fraction:
    """Red's exact expected payoff when red mixes ``row`` and blue ``col`` (programmes of the solution)."""
    return sum((p * q * solution.entries[r, c] for r, p in row.items() for c, q in col.items()), Fraction(0))


def plot_mix(solution: wp.EndgameSolution):
    """Red's expected payoff as red's chance of its first programme goes from 0 to 1, against each of
    blue's programmes of the solution (a line each) and blue's best mix: the lines cross at the value."""
    from .plots import COLOURS, _fig, _legend_outside

    rows, cols = list(solution.row), list(solution.col)
    ps = [Fraction(k, 60) for k in range(61)]
    fig, ax = _fig()
    colours = ["#4a5d7a", "#9b1c1c", "#7a6a2e", "#2f7a6a"]
    for j, (c, colour) in enumerate(zip(cols, colours)):
        ax.plot([float(p) for p in ps], [float(p * solution.entries[rows[0], c] + (1 - p) * solution.entries[rows[-1], c])
                                         for p in ps], color=colour, lw=1.6, label=f"blue always plays B{j + 1}")
    worst = [min(p * solution.entries[rows[0], c] + (1 - p) * solution.entries[rows[-1], c] for c in cols) for p in ps]
    ax.plot([float(p) for p in ps], [float(w) for w in worst], color=COLOURS["exact"], lw=3, alpha=0.5,
            label="what red can make sure of")
    p_opt = solution.row[rows[0]]
    ax.plot([float(p_opt)], [float(solution.value)], "o", color=COLOURS["exact"], ms=9,
            label=f"red's best mix: {fraction_text(p_opt)}, value {fraction_text(solution.value)}")
    ax.set_xlabel("chance that red plays R1 (and R2 otherwise)")
    ax.set_ylabel("red's expected payoff")
    ax.set_title("a mixed programme: the best of the worst cases", loc="left")
    _legend_outside(ax)
    return fig


# ---- exercises ------------------------------------------------------------------------------------------

def fairness_exercises(solution: wp.EndgameSolution) -> dict[int, Exercise]:
    """Lesson 7: the chi-square statistic by hand, degrees of freedom, a 2 x 2 game, the value."""
    counts = [30, 20, 25, 25]
    chi = wp.chi_square_uniform(counts)
    small = [[Fraction(1), Fraction(-1)], [Fraction(-1), Fraction(1)]]
    pennies = wp.solve(small)
    lopsided = [[Fraction(2), Fraction(-1)], [Fraction(-1), Fraction(1)]]
    lop = wp.solve(lopsided)
    row_mix = list(solution.row.values())
    return {
        1: Exercise(
            "Exercise 1", chi.statistic,
            mistakes={Fraction(5): "that is the sum of (observed − expected)² without dividing each by the expected 25.",
                      Fraction(10): "square the differences first, then divide by the expected count: 25 + 25 + 0 + 0, over 25."},
            hint="Expected: 100 games / 4 seats = 25 each. Add (observed − 25)² / 25 over the four seats.",
            worked=f"Each seat expects 25 sole wins. (30 − 25)²/25 + (20 − 25)²/25 + 0 + 0 = 1 + 1 = "
                   f"**{fraction_text(chi.statistic)}**, with {chi.df} degrees of freedom: p = {chi.p_value:.2f}, "
                   "nothing unusual at all."),
        2: Exercise(
            "Exercise 2", 4,
            mistakes={5: "the counts must add up to the number of games, so once four seats are known the fifth is too.",
                      10: "that would be a table's count; a goodness-of-fit test over k groups has k − 1 degrees of freedom."},
            hint="Five counts that must add up to the number of games: how many can vary freely?",
            worked="Five seats give five counts, but they add up to the number of sole wins, so only **4** can vary "
                   "freely: 4 degrees of freedom."),
        3: Exercise(
            "Exercise 3", pennies.row[0],
            mistakes={1: "a pure choice is read by a clever rival and loses every time.",
                      0: "never playing the first row is as predictable as always playing it."},
            hint="Make the rival indifferent: with chance p on row 1, both columns must pay the same.",
            worked=f"If red plays row 1 with chance p, blue's first column pays red p − (1 − p) and the second "
                   f"−p + (1 − p). They are equal when p = **{fraction_text(pennies.row[0])}**: the game is fair "
                   f"(value {fraction_text(pennies.value)}), and any other p lets blue win on average."),
        4: Exercise(
            "Exercise 4", lop.row[0],
            mistakes={Fraction(1, 2): "that was right when both wins paid the same; a bigger prize in one corner moves the mix.",
                      Fraction(2, 3): "chasing the big prize that often lets blue answer with the second column, where red "
                                      "loses on average (1 − 2 × 2/3 < 0)."},
            hint="Indifference again: 2p − (1 − p) = −p + (1 − p).",
            worked=f"2p − (1 − p) = −p + (1 − p) gives 3p − 1 = 1 − 2p, p = **{fraction_text(lop.row[0])}**; the value is "
                   f"{fraction_text(lop.value)}. Red plays the row with the big prize LESS often than you might think: "
                   "blue's fear of that corner already does the work."),
        5: Exercise(
            "Exercise 5", solution.value,
            mistakes={0: "that is what red gets with a single programme that blue could guess; mixing does better.",
                      Fraction(1, 2): "that is what blue must fear from a single programme of its own; red cannot make sure of it."},
            hint="The value of the game: what red's best mix earns against blue's best reply.",
            worked=f"Red's best mix plays its two programmes with chances {', '.join(fraction_text(p) for p in row_mix)} and "
                   f"earns **{fraction_text(solution.value)}** on average whatever blue does; blue's mix holds red to "
                   "exactly that. No single programme of red's makes sure of as much."),
    }


# ---- widgets ------------------------------------------------------------------------------------------

def seat_widget(tables: Mapping[int, Any]):
    """Choose the number of players and how many of the simulated games to use: the sole wins by
    seat, the chi-square statistic and its p-value move together with the bars."""
    import ipywidgets as w

    from .plots import COLOURS, _fig, _legend_outside
    from .widgets import linked_answers

    most = min(len(t) for t in tables.values())
    controls = {
        "players": w.Dropdown(options=sorted(tables), value=sorted(tables)[1 if len(tables) > 1 else 0],
                              description="players", style={"description_width": "initial"}),
        "n": w.IntSlider(most, 50, most, step=50, description="games used", style={"description_width": "initial"},
                         continuous_update=False),
    }

    def counts(players, n):
        return seat_counts(tables[players].iloc[:n], players)["sole"]

    def compute(players, n):
        c = counts(players, n)
        chi = wp.chi_square_uniform(c)
        last = stats.estimate_rate(c[-1], sum(c))
        return (f"share of the sole wins taken by the last seat ({players} players); chi-square "
                f"{float(chi.statistic):.2f} with {chi.df} degrees of freedom, p = {chi.p_value:.3f}",
                Fraction(1, players), last)

    def plot(players, n, exact, estimate):
        import numpy as np

        c = np.array(counts(players, n))
        fig, ax = _fig()
        x = np.arange(1, players + 1)
        total = c.sum()
        ax.bar(x, c, color=COLOURS["simulated"], label="sole wins")
        ax.axhline(total / players, color=COLOURS["exact"], ls="--", label="if the seat did not matter")
        half = 1.96 * np.sqrt(total / players * (1 - 1 / players))
        ax.axhspan(total / players - half, total / players + half, color=COLOURS["band"], alpha=0.6,
                   label="95% range for one seat")
        ax.set_xticks(x, [f"seat {k}" + (" (Captain)" if k == 1 else "") for k in x])
        ax.set_ylabel("games won alone")
        ax.set_title(f"{players} random pirates, {n:,} games", loc="left")
        _legend_outside(ax)
        return fig

    return linked_answers(controls, compute, plot, note="Exact: a share of 1/players if the seat did not matter. "
                                                        "Simulated: the first games of the table above.")


def _endgame_controls(solution: wp.EndgameSolution, n_games: int) -> dict:
    """The endgame widget's controls: red's chance for its first programme, blue's reply, games."""
    import ipywidgets as w

    rows, cols = list(solution.row), list(solution.col)
    blue_options = [("blue's best mix", "mix")] + [(f"blue always: {wp.programme_text(c)}", i) for i, c in enumerate(cols)]
    p_opt = solution.row[rows[0]]
    return {
        "p": w.SelectionSlider(options=[(fraction_text(Fraction(k, 12)), Fraction(k, 12)) for k in range(13)],
                               value=min((Fraction(k, 12) for k in range(13)), key=lambda x: abs(x - p_opt)),
                               description=f"red plays {wp.programme_text(rows[0])} with chance",
                               style={"description_width": "initial"}, layout=w.Layout(width="620px")),
        "blue": w.Dropdown(options=blue_options, value="mix", description="blue",
                           style={"description_width": "initial"}, layout=w.Layout(width="520px")),
        "n": w.Dropdown(options=[100, 400, 1_000, 4_000], value=n_games, description="games",
                        style={"description_width": "initial"}),
    }


def endgame_widget(solution: wp.EndgameSolution, n_games: int = 400, seed: int = 7):
    """Choose red's chance of playing its first programme (the rest on its second) against blue's
    best mix or one of blue's programmes: the exact expected payoff and the engine's games move
    together."""
    from .plots import COLOURS, _fig, _legend_outside
    from .widgets import linked_answers

    rows = list(solution.row)
    cols = list(solution.col)
    controls = _endgame_controls(solution, n_games)

    def mixes(p, blue):
        row = {rows[0]: p, rows[1]: 1 - p} if len(rows) > 1 else {rows[0]: Fraction(1)}
        row = {k: v for k, v in row.items() if v}
        col = dict(solution.col) if blue == "mix" else {cols[blue]: Fraction(1)}
        return row, col

    def exact_value(row, col):
        return sum((pr * pc * solution.entries[r, c] for r, pr in row.items() for c, pc in col.items()), Fraction(0))

    @lru_cache(maxsize=32)
    def games(p, blue, n):
        row, col = mixes(p, blue)
        return play_endgame(row, col, n, seed=seed, show_progress=False)

    def compute(p, blue, n):
        row, col = mixes(p, blue)
        return "red's payoff per game (+1 red alone wins, −1 blue alone)", exact_value(row, col), \
            stats.estimate_mean(games(p, blue, n))

    def plot(p, blue, n, exact, estimate):
        fig, ax = _fig()
        ps = [Fraction(k, 12) for k in range(13)]
        for choice, colour, label in (("mix", COLOURS["exact"], "against blue's best mix"),
                                      (0, "#4a5d7a", f"against blue always {wp.programme_text(cols[0])}"),
                                      (len(cols) - 1, "#9b1c1c", f"against blue always {wp.programme_text(cols[-1])}")):
            ys = [float(exact_value(*mixes(x, choice))) for x in ps]
            ax.plot([float(x) for x in ps], ys, color=colour, lw=1.8, label=label)
        ax.axhline(float(solution.value), color="#555", ls=":", lw=1.2, label=f"value {fraction_text(solution.value)}")
        ax.errorbar([float(p)], [estimate.value], yerr=[[estimate.value - estimate.low], [estimate.high - estimate.value]],
                    fmt="o", color=COLOURS["simulated"], ecolor="#1a1a1a", capsize=5, markeredgecolor="#1a1a1a",
                    label=f"engine, {n:,} games (95%)")
        ax.set_xlabel(f"chance that red plays {wp.programme_text(rows[0])}")
        ax.set_ylabel("red's expected payoff")
        ax.set_title("only the optimal mix is safe against every reply", loc="left")
        _legend_outside(ax)
        return fig

    return linked_answers(controls, compute, plot, note="Exact: the payoff matrix's entries mixed by the chances. "
                                                        "Simulated: the engine plays the endgame, programmes drawn "
                                                        "from the mixes, every other choice at random.")


__all__ = ["seat_tests", "chi2_pdf", "core_table", "mix_value", "null_chi_squares", "plot_chi_square", "plot_mix", "ENDGAME", "endgame_state", "solution", "endgame_widget", "fairness_exercises", "game", "play_endgame", "seat_counts",
           "seat_games", "seat_widget"]
