"""The Deadland lessons' pieces: the positions they show (scenario dicts, loaded by the engine with
``game.from_scenario``), the engine's own trials and games played many times with a progress bar,
their exercises (answers computed by ``gamelib.probability.deadland``, never typed) and their
linked widgets.

4. ``virus_deck``: drawing without replacement, the Virus deck;
5. ``markov``: Markov chains, how fast does a survivor turn?
6. ``waiting``: waiting times, how long does a game last with 2 to 6 players?

Only public things are used: ``gamelib.load``, ``from_scenario``, ``view``, ``odds``, the log."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import gamelib
from gamelib.core.errors import GamelibError
from gamelib.core.rng import derive_seed
from gamelib.probability import deadland as dl
from gamelib.probability import stats

from .text import Exercise, exact_text, fraction_text, pct

#: where the lessons' survivor stands: not the Base, so no board reduces the daily trial
BOARD = "Police Station"
#: a dead zombie in the second seat: the survivor is alone, nobody else draws, and the game can
#: only end when the survivor turns (or by radio)
DEAD_ZOMBIE = {"zombie": True, "dead": True, "resistance": 0}


@lru_cache(maxsize=8)
def game(players: int = 2):
    return gamelib.load("deadland", players=players)


# ---- positions ---------------------------------------------------------------------------------------

def infection_cards(level: int, illnesses: int = 0) -> list[str]:
    """An Infection deck at ``level``, its last ``illnesses`` cards Illness (labels, level 1 up)."""
    dl._check_level(level, illnesses)
    return [str(i) for i in range(1, level - illnesses + 1)] + [dl.ILLNESS] * illnesses


def daily_scenario(level: int = 2, discard: Sequence[Any] = (), *, illnesses: int = 0, board: str = BOARD,
                   rations: int = 0, role: str = "medic", others: Mapping[str, Any] | None = None,
                   radio: int = 0) -> dict[str, Any]:
    """red (a survivor at ``level``) about to take a daily trial on ``board``; the Virus discard
    pile holds ``discard`` (labels); every other card is shuffled into the deck, so each seed
    deals another deck. red's Role card is face up (a Medic by default: no role changes a daily
    trial), so no face-down role makes the trial wait for a choice. blue is a dead zombie unless
    ``others`` seats somebody else."""
    red: dict[str, Any] = {"board": board, "infection": infection_cards(level, illnesses), "rations": rations}
    if level:
        red.update(role=role, revealed=True)
    players = {"red": red, "blue": dict(DEAD_ZOMBIE)}
    players.update(others or {})
    return {"active": "red", "players": players, "virus": {"discard": [str(c) for c in discard]}, "radio": radio}


def scene(sc: Mapping[str, Any], seed: int = 0, players: int = 2):
    """The engine's state for a scenario (its daily trial already taken, if it starts a turn)."""
    return game(players).from_scenario(dict(sc), seed=seed)


def before_trial(sc: Mapping[str, Any], seed: int = 0, players: int = 2):
    """The position just BEFORE red's daily trial of ``sc``: the same deal, with red still to draw
    (the trial waits for red's word because red holds a Ration to eat or not)."""
    d = dict(sc)
    d["players"] = {k: dict(v) for k, v in sc["players"].items()}
    d["players"]["red"]["rations"] = max(1, d["players"]["red"].get("rations", 0))
    return game(players).from_scenario(d, seed=seed)


def level_of(state, player: str = "red") -> int:
    return state.view(None)["players"][player]["level"]


def engine_daily(sc: Mapping[str, Any], n: int, *, seed: int = 0, players: int = 2, show_progress: bool = True):
    """``n`` daily trials played by the engine from scenario ``sc`` (seed i: a fresh shuffle of
    the deck): how many cards each added."""
    import numpy as np

    from .simulation import progress

    level0 = len(sc["players"]["red"].get("infection", []))
    out = np.zeros(n, dtype=np.int64)
    g = game(players)
    for i in progress(range(n), total=n, desc="daily trials (engine)", enabled=show_progress):
        s = g.from_scenario(sc, seed=derive_seed(seed, i))
        out[i] = level_of(s) - level0 if not s.view(None)["players"]["red"]["zombie"] else dl.ZOMBIE_LEVEL - level0
    return out


# ---- the deck that remembers: one survivor's daily trials, played by the engine ---------------------------

def lone_survivor_engine(n: int, *, seed: int = 0, board: str = BOARD, show_progress: bool = True,
                         max_turns: int = 400):
    """``n`` runs of a lone survivor's daily trials played by the engine, turn after turn, from ONE
    Virus deck: after each trial the position is read back (``to_scenario``) and the next turn
    starts from it, with nothing but the daily trial in between (no Movement, no Event, the Radio
    marker held below the target). The number of trials until the survivor turns, run by run."""
    import numpy as np

    from .simulation import progress

    g = game(2)
    out = np.zeros(n, dtype=np.int64)
    for i in progress(range(n), total=n, desc="lone survivors (engine)", enabled=show_progress):
        run = derive_seed(seed, i)
        virus: dict[str, Any] = {}
        inf: list[str] = []
        for turn in range(1, max_turns + 1):
            red: dict[str, Any] = {"board": board, "infection": inf}
            if inf:
                red.update(role="medic", revealed=True)
            sc = {"active": "red", "players": {"red": red, "blue": dict(DEAD_ZOMBIE)}, "virus": virus,
                  "radio": len(virus.get("radio", []))}
            s = g.from_scenario(sc, seed=derive_seed(run, turn))
            if s.is_over:
                out[i] = turn
                break
            d = s.to_scenario()
            virus = d["virus"]
            inf = d["players"]["red"]["infection"]
        else:
            raise GamelibError(f"run {i}: the survivor did not turn within {max_turns} trials")
    return out


def lone_survivor_levels(n: int, turns: int, *, seed: int = 0, board: str = BOARD):
    """The engine's lone survivor again, for the first ``turns`` trials of ``n`` runs: the level
    before each trial (8 once turned) and how many cards of the level it needs were in the
    discard pile at that moment: two ``n`` x ``turns`` arrays."""
    import numpy as np

    g = game(2)
    levels = np.full((n, turns), dl.ZOMBIE_LEVEL, dtype=np.int64)
    seen = np.zeros((n, turns), dtype=np.int64)
    for i in range(n):
        run = derive_seed(seed, i)
        virus: dict[str, Any] = {}
        inf: list[str] = []
        discard: list[str] = []
        for t in range(turns):
            levels[i, t] = len(inf)
            seen[i, t] = sum(1 for c in discard if c == str(len(inf) + 1))
            red: dict[str, Any] = {"board": board, "infection": inf}
            if inf:
                red.update(role="medic", revealed=True)
            sc = {"active": "red", "players": {"red": red, "blue": dict(DEAD_ZOMBIE)}, "virus": virus,
                  "radio": len(virus.get("radio", []))}
            s = g.from_scenario(sc, seed=derive_seed(run, t + 1))
            if s.is_over:
                levels[i, t + 1:] = dl.ZOMBIE_LEVEL
                break
            d = s.to_scenario()
            virus, inf = d["virus"], d["players"]["red"]["infection"]
            discard = s.view(None)["virus"]["discard"]
    return levels, seen


# ---- whole games -------------------------------------------------------------------------------------

_DRAW = re.compile(r" draws an? (?:[1-8]\b|Illness card|Radio Contact card)")
_RESHUFFLE = re.compile(r"new Virus deck of (\d+) cards")


def play_games(players: int, n: int, *, seed: int = 0, show_progress: bool = True):
    """``n`` whole games with the heuristic player in every seat, with the log on: one row per game
    with its length (turns, rounds), how it ended, the Radio Contacts reached, the Virus cards
    drawn (counted from the public log, a line per card), the card at which each Radio Contact
    came, and the deck's size at each reshuffle (a pandas DataFrame)."""
    import pandas as pd

    from gamelib.agents import agents_for, play

    from .simulation import progress

    g = game(players)
    agent = agents_for(g)["heuristic"]()
    rows = []
    for i in progress(range(n), total=n, desc=f"{players}-player games", enabled=show_progress):
        s = play(g, agent, seed=derive_seed(seed, i), fast=True)
        drawn, radios, sizes = 0, [], []
        for e in s.log:
            text = e.text
            if _DRAW.search(text):
                drawn += 1
                if "Radio Contact card" in text:
                    radios.append(drawn)
            m = _RESHUFFLE.search(text)
            if m:
                sizes.append(int(m.group(1)))
        v = s.view(None)
        rows.append({
            "players": players, "game": i, "turns": v["turn"], "rounds": Fraction(v["turn"], players),
            "by radio": "Radio Contact marker reached" in s.outcome.reason, "radio contacts": v["radio"]["contacts"],
            "target": v["radio"]["target"], "virus cards": drawn, "radio at": radios, "reshuffle sizes": sizes,
        })
    t = pd.DataFrame(rows)
    t["rounds"] = t["rounds"].astype(float)
    return t


def first_deck_radios(n: int, *, seed: int = 0, players: int = 4):
    """Where the two Radio Contacts lie in the first Virus deck of ``n`` new games (1 = the top
    card), read from the table view before anything is drawn... almost: the first player's daily
    trial is taken as the game starts, so the cards already drawn are counted back in."""
    import numpy as np

    g = game(players)
    out = np.zeros((n, 2), dtype=np.int64)
    for i in range(n):
        s = g.new_state(seed=derive_seed(seed, i))
        v = s.view(None)
        gone = [c for c in s.log if _DRAW.search(c.text)]
        order = ["?"] * len(gone) + list(v["virus"]["deck"])
        k = [j + 1 for j, c in enumerate(order) if c == dl.RADIO]
        early = [j + 1 for j, e in enumerate(gone) if "Radio Contact card" in e.text]
        pos = sorted(early + k)[:2]
        out[i] = pos
    return out


def reshuffle_radios(players: int, n: int, *, seed: int = 0, show_progress: bool = True):
    """Real games (heuristic players, log on), watched at every reshuffle of the Virus deck: the new
    deck's size and where its two Radio Contacts lie (1 = the first card drawn from it), read from
    the table view right after the step that reshuffled, counting back in the cards already drawn
    from the new deck in that step. A list of (deck size, first position, second position)."""
    from gamelib.agents import agents_for

    from .simulation import progress

    g = game(players)
    out = []
    for i in progress(range(n), total=n, desc=f"{players}-player games", enabled=show_progress):
        sd = derive_seed(seed, i)
        agent = agents_for(g)["heuristic"]().with_seed(sd)
        s = g.new_state(seed=sd)
        while not s.is_over:
            mark = s.log_length
            s.apply(agent.choose(s))
            lines = [e.text for e in s.log_since(mark)]
            at = [j for j, t in enumerate(lines) if _RESHUFFLE.search(t)]
            if not at or s.is_over:
                continue
            size = int(_RESHUFFLE.search(lines[at[-1]]).group(1))
            after = [t for t in lines[at[-1] + 1:] if _DRAW.search(t)]
            early = [j + 1 for j, t in enumerate(after) if "Radio Contact card" in t]
            deck = s.view(None)["virus"]["deck"]
            later = [len(after) + j + 1 for j, c in enumerate(deck) if c == dl.RADIO]
            pos = sorted(early + later)
            if len(pos) == 2 and len(after) + len(deck) + (2 - len(pos)) >= 0:
                out.append((size, pos[0], pos[1]))
    return out



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
    from .plots import COLOURS, _fig, _legend_outside

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

    from .plots import COLOURS, _legend_outside

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
        1: Exercise("Exercise 1", p1, tolerance=0.002,
                    mistakes={Fraction(1, 8): "there were 8 fives in the box, but 2 are in the discards: count what is LEFT.",
                              Fraction(6, 70): "the deck no longer holds 70 cards: count the 50 that are left."},
                    hint="Good cards left over cards left.",
                    worked=f"Six 5s are left among the 50 cards, all equally likely to be on top: **{fraction_text(p1)}**."),
        2: Exercise("Exercise 2", hit2, tolerance=0.001,
                    mistakes={binom: "that is the binomial answer, as if the first card went back before the second.",
                              Fraction(12, 50): "6/50 + 6/50 counts twice the trials in which both cards are 5s.",
                              miss2: "that is the chance of NO 5: take the complement."},
                    hint="Complement: both cards miss. The first misses with 44/50, then the second with 43/49.",
                    worked=f"P(no 5) = 44/50 × 43/49 = {fraction_text(miss2)}, so P(at least one 5) = 1 − "
                           f"{fraction_text(miss2)} = **{fraction_text(hit2)}** ≈ {float(hit2):.4f}. The second card "
                           "comes from 49 cards, not 50: that is drawing without replacement."),
        3: Exercise("Exercise 3", binom, tolerance=0.001,
                    mistakes={hit2: "that is the exact answer without replacement; the question asks for the shortcut."},
                    hint="With replacement each card misses with 44/50, whatever came before.",
                    worked=f"1 − (44/50)² = **{fraction_text(binom)}** ≈ {float(binom):.4f}, a little below the exact "
                           f"{float(hit2):.4f}: putting the card back lets the same miss come twice."),
        4: Exercise("Exercise 4", "b",
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


def virus_deck_widget(n_trials: int = 400, seed: int = 4):
    """Lesson 4: choose red's level, how many cards of the next level and how many other cards are
    already in the discard pile, and whether the trial is on the Base or after a Ration; the exact
    chance and the engine's trials move together."""
    import ipywidgets as w

    from .plots import plot_distribution
    from .widgets import linked_answers

    controls = {
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

    def scenario(level, gone, others, where):
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

    from .plots import COLOURS, _fig, _legend_outside
    from .widgets import linked_answers

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
        import numpy as np

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
    from .plots import COLOURS, _fig, _legend_outside

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

    from .plots import COLOURS, _fig, _legend_outside

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
        3: Exercise("Exercise 3", both_half, tolerance=0.001,
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

    from .plots import COLOURS, _fig, _legend_outside

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

    from .plots import COLOURS, _fig

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

    from .plots import _fig

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

    from .plots import COLOURS, _fig, _legend_outside
    from .widgets import linked_answers

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


__all__ = [
    "BOARD", "DEAD_ZOMBIE", "LESSON4_DISCARD", "before_trial", "chain_exercises", "chain_widget", "chance_by_discards",
    "deck_of", "numpy_daily", "plot_discards", "plot_with_and_without", "radio_widget", "virus_deck_exercises", "virus_deck_widget", "waiting_exercises", "daily_scenario", "engine_daily", "first_deck_radios", "game",
    "infection_cards", "level_of", "lone_survivor_engine", "lone_survivor_levels", "play_games", "reshuffle_radios",
    "scene", "radio_rows", "length_summary", "plot_radio_wait", "plot_lengths", "plot_clocks", "chain_against_odds", "state_name", "level_matrix_table", "advance_rates", "rate_by_memory", "plot_memory", "plot_turn_curves",
]
