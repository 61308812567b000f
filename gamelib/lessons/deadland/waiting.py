"""Lesson 6, waiting times: how long does a game last with 2 to 6 players, and when does the
Radio come? Exact distributions, simulated decks, plots, exercises and the linked widget."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gamelib.probability import deadland as dl
from gamelib.probability import stats

from ..text import Exercise, fraction_text


# ---- lesson 6: waiting for the Radio -----------------------------------------------------------------

def waiting_exercises() -> dict[int, Exercise]:
    """Lesson 6: the top card, the expected first wait, both in the first half, the 2-player clock."""
    top = Fraction(2, 70)
    first = dl.expected_radio_wait(70, 1)
    both_half = Fraction(35 * 34, 70 * 69)
    two_p = dl.expected_cards_to_target(2)
    return {
        1: Exercise("Exercise 1", top, mistakes={Fraction(1, 70): "there are two Radio Contact cards, either will do."},
                    hint="Two of the 70 cards are Radio Contacts; the top card is any of them with equal chance.",
                    worked=f"2 of 70: **{fraction_text(top)}**."),
        2: Exercise("Exercise 2", first,
                    mistakes={Fraction(35): "35 is half the deck: that would be right for ONE Radio Contact.",
                              Fraction(70, 3): "close: the two Radio Contacts cut the 70 other... count the gaps: "
                                               "68 other cards in 3 gaps, then add the card itself."},
                    hint="Two Radio Contacts cut the 68 other cards into 3 gaps of equal expected size.",
                    worked=f"The 68 other cards fall into 3 gaps (before, between, after) of expected size 68/3 each; "
                           f"the first Radio Contact comes after the first gap: 68/3 + 1 = **{fraction_text(first)}** "
                           f"≈ {float(first):.2f} cards, the formula (N + 1)/3."),
        3: Exercise("Exercise 3", both_half,
                    mistakes={Fraction(1, 4): "(1/2)² treats the two positions as independent; the second card has "
                                              "only 34 good places out of 69."},
                    hint="Choose the 2 positions of the Radio Contacts among 70: how many pairs lie in the top 35?",
                    worked=f"C(35, 2) / C(70, 2) = 35 × 34 / (70 × 69) = **{fraction_text(both_half)}** ≈ "
                           f"{float(both_half):.4f}, a little below 1/4."),
        4: Exercise("Exercise 4", two_p,
                    mistakes={Fraction(142 * 7, 3): "seven Radio Contacts are only three full cycles and the first card of a fourth."},
                    hint="Seven Radio Contacts: three full cycles (each to its second Radio Contact) and the first one of a fourth.",
                    worked=f"3 × 142/3 + 71/3 = **{fraction_text(two_p)}** ≈ {float(two_p):.1f} Virus cards, if the "
                           "deck still had 70 cards at each reshuffle (it has fewer: survivors hold some). It is also 7 × 71/3: "
                           "on average each Radio Contact comes 71/3 cards after the one before."),
    }


def radio_rows(first, seen) -> list[tuple[str, Any, Any]]:
    """Rows for ``reconcile_table``: where the Radio Contacts lay in the first Virus deck of new
    games (``first_deck_radios``) against the negative hypergeometric means, and in every deck
    reshuffled during real games (``reshuffle_radios``): each position minus its exact mean for
    that deck's size, whose exact mean is 0."""
    import numpy as np

    rows: list[tuple[str, Any, Any]] = []
    for which in (1, 2):
        rows.append((f"{'first' if which == 1 else 'second'} Radio Contact of a new game's deck: position",
                     dl.expected_radio_wait(70, which), stats.estimate_mean(first[:, which - 1].astype(float))))
    for which in (1, 2):
        gaps = np.array([pos[which - 1] - float(dl.expected_radio_wait(size, which)) for size, *pos in seen])
        rows.append((f"{'first' if which == 1 else 'second'} Radio Contact of a reshuffled deck: position minus "
                     "its exact mean", Fraction(0), stats.estimate_mean(gaps)))
    return rows


def length_summary(table):
    """``play_games`` tables for several player counts, summed up: per number of players, the games,
    the mean length in rounds with its standard error and 95% interval, the middle 90% of the
    lengths, the share ended by the Radio (Wilson interval), the Virus cards drawn and the Radio
    clock (the exact expected cards to the target with 70-card decks)."""
    import pandas as pd

    rows = []
    for players, t in table.groupby("players"):
        r = t["rounds"].astype(float)
        m = stats.estimate_mean(r)
        radio = stats.estimate_rate(int(t["by radio"].sum()), len(t))
        rows.append({
            "players": players, "games": len(t), "mean rounds": round(m.value, 2), "standard error": round(m.se, 2),
            "95% interval of the mean": f"{m.low:.1f} to {m.high:.1f}",
            "middle 90% of games": f"{r.quantile(0.05):.1f} to {r.quantile(0.95):.1f} rounds",
            "ended by radio": f"{radio.value:.0%} ({radio.low:.0%} to {radio.high:.0%})",
            "Virus cards drawn": round(float(t["virus cards"].mean()), 1),
            "Radio target": int(t["target"].iloc[0]),
            "Radio clock (cards, exact)": round(float(dl.expected_cards_to_target(int(players))), 1),
        })
    return pd.DataFrame(rows).set_index("players")


def plot_radio_wait(first, deck_size: int = 70):
    """The exact distribution of the first and second Radio Contact's position in a shuffled deck
    (negative hypergeometric), against where they lay in the first deck of new games."""
    import numpy as np

    from ..plots import COLOURS, _fig, _legend_outside

    fig, ax = _fig()
    for which, colour in ((1, COLOURS["exact"]), (2, "#9b1c1c")):
        d = dl.radio_wait(deck_size, which)
        ks = np.array(list(d))
        ax.plot(ks, [float(d[k]) for k in ks], color=colour, lw=2,
                label=f"{'first' if which == 1 else 'second'} Radio Contact, exact")
        counts = np.bincount(first[:, which - 1], minlength=deck_size + 1)[1:]
        width = 5
        binned = counts.reshape(-1, width).sum(axis=1) / len(first) / width if deck_size % width == 0 else None
        if binned is not None:
            ax.plot(np.arange(1, deck_size + 1, width) + (width - 1) / 2, binned, "o", color=colour, ms=5, alpha=0.75,
                    label=f"{len(first):,} new games (per card, in fives)")
    ax.set_xlabel("position in the Virus deck (1 = the first card drawn)")
    ax.set_ylabel("probability")
    ax.set_xlim(0, deck_size + 1)
    ax.set_title(f"where the two Radio Contacts lie in a shuffled deck of {deck_size}", loc="left")
    _legend_outside(ax)
    return fig


def plot_lengths(table):
    """Game lengths in rounds by number of players (a box per count, every game a dot), with the
    share of games the Radio ended written above."""
    import numpy as np

    from ..plots import COLOURS, _fig

    fig, ax = _fig()
    groups = [(p, t) for p, t in table.groupby("players")]
    data = [t["rounds"].astype(float).to_numpy() for _, t in groups]
    ax.boxplot(data, positions=range(len(groups)), widths=0.5, showfliers=False,
               medianprops={"color": COLOURS["exact"], "lw": 2})
    rng = np.random.default_rng(0)  # only to spread the dots sideways
    for i, ((p, t), d) in enumerate(zip(groups, data)):
        radio = t["by radio"].to_numpy()
        x = i + rng.uniform(-0.18, 0.18, len(d))
        ax.scatter(x[radio], d[radio], s=10, color="#2f5d8a", alpha=0.6, label="ended by the Radio" if i == 0 else None)
        ax.scatter(x[~radio], d[~radio], s=10, color=COLOURS["simulated"], alpha=0.6,
                   label="ended otherwise (zombies)" if i == 0 else None)
        ax.annotate(f"{radio.mean():.0%} by radio", (i, max(d)), textcoords="offset points", xytext=(0, 6), ha="center",
                    fontsize=9, color="#333")
    ax.set_xticks(range(len(groups)), [f"{p} players" for p, _ in groups])
    ax.set_ylabel("length of the game (rounds)")
    ax.set_ylim(0, max(max(d) for d in data) * 1.15)
    ax.set_title("how long a Deadland game lasts", loc="left")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=9)
    return fig


def plot_clocks(deck_sizes: int | Sequence[int] = 70):
    """The exact distribution of the Virus cards drawn until the Radio target, for 2 to 6 players."""
    import numpy as np

    from ..plots import _fig

    fig, ax = _fig()
    colours = ["#2e5e3e", "#5b8c5a", "#c9a15e", "#b0603a", "#7a2e2e"]
    for players, colour in zip(range(2, 7), colours):
        d = dl.cards_to_target(players, deck_sizes=deck_sizes)
        ks = np.array(list(d))
        ax.plot(ks, [float(d[k]) for k in ks], color=colour, lw=2,
                label=f"{players} players: {dl.radio_targets()[players]} Radio Contacts")
        ax.axvline(float(dl.mean(d)), color=colour, ls=":", lw=1)
    ax.set_xlabel("Virus cards drawn until the Radio target (the dotted lines: the means)")
    ax.set_ylabel("probability")
    ax.set_title("the Radio clock, exactly", loc="left")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=9)
    return fig


def radio_widget(n_decks: int = 20_000, seed: int = 6):
    """Lesson 6: choose the number of players and the deck's size at each reshuffle; the exact
    distribution of the Virus cards drawn until the Radio target and a numpy simulation of the
    shuffles move together."""
    import ipywidgets as w

    from ..plots import COLOURS, _fig, _legend_outside
    from ..widgets import linked_answers

    controls = {
        "players": w.Dropdown(options=[2, 3, 4, 5, 6], value=4, description="players", style={"description_width": "initial"}),
        "size": w.IntSlider(70, 40, 70, description="deck size at each reshuffle", style={"description_width": "initial"},
                            continuous_update=False),
        "n": w.Dropdown(options=sorted({1_000, 20_000, 200_000, n_decks}), value=n_decks, description="simulated games",
                        style={"description_width": "initial"}),
    }

    @lru_cache(maxsize=32)
    def sim(players, size, n):
        import numpy as np

        rng = np.random.default_rng(seed)
        total = np.zeros(n, dtype=np.int64)
        sizes = [70] + [size] * 10
        for which, d in zip(dl.cycles(dl.radio_targets()[players]), sizes):
            # the positions of the two Radio Contacts: a random pair of distinct places in the deck
            u = rng.random((n, d)).argsort(axis=1)[:, :2] + 1
            pos = np.sort(u, axis=1)
            total += pos[:, which - 1]
        return total

    def exact(players, size):
        target = dl.radio_targets()[players]
        return dl.cards_to_target(target=target, deck_sizes=[70] + [size] * 10)

    def compute(players, size, n):
        d = exact(players, size)
        return (f"expected Virus cards until the Radio target ({dl.radio_targets()[players]} contacts, {players} players)",
                dl.mean(d), stats.estimate_mean(sim(players, size, n).astype(float)))

    def plot(players, size, n, exact, estimate):
        import numpy as np

        d = exact_dist = dl.cards_to_target(target=dl.radio_targets()[players], deck_sizes=[70] + [size] * 10)
        fig, ax = _fig()
        ks = np.array(list(exact_dist))
        ax.plot(ks, [float(d[k]) for k in ks], color=COLOURS["exact"], lw=2, label="exact")
        t = sim(players, size, n)
        bins = np.arange(ks.min(), ks.max() + 10, 10)
        hist, edges = np.histogram(t, bins=bins)
        ax.bar(edges[:-1] + 5, hist / len(t) / 10, width=9, color=COLOURS["simulated"], alpha=0.7,
               label=f"simulated ({n:,}), per card")
        ax.set_xlabel("Virus cards drawn until the Radio target")
        ax.set_ylabel("probability")
        ax.set_title(f"{players} players: {dl.radio_targets()[players]} Radio Contacts", loc="left")
        _legend_outside(ax)
        return fig

    return linked_answers(controls, compute, plot, note="Exact: dl.cards_to_target (negative hypergeometric cycles, "
                                                        "convolved). Simulated: random Radio positions in shuffled decks.")
