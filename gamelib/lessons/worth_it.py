"""Lesson 10, "Is it worth it?": expectation and variance of the outcome of a decision, exact, and
both choices simulated over the same deals (common random numbers: clone the state, apply each
choice to its own copy).

* **Deadland**: red, at level 5 with one Ration, before the daily trial: eat it (one card fewer) or
  not. The outcome is the number of cards red adds (0 or 1). Exact: ``gamelib.probability.deadland``;
  simulated: the same shuffled deck, the trial taken once each way.
* **Walk the Plank**: red reveals "I Don't Wan'a Die!" and moves the pirate on plank 3 one space or
  two towards the ship. The outcome is the number of red pirates alive when the round ends. Exact:
  every program blue may have placed (all equally likely, as the engine's odds assume) and every
  choice left in the round made by a fair coin (our model, the engine's random player); simulated:
  the engine's re-deal of what red cannot see, then both moves on copies of the same world, the rest
  of the round played by random players with the same seed.

Only public things: ``gamelib.load``, ``from_scenario``, ``view``, legal actions, ``apply``, ``clone``
and the engine's re-deal of hidden information."""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import gamelib
from gamelib.agents import RandomAgent
from gamelib.core.errors import GamelibError
from gamelib.core.rng import Rng, derive_seed
from gamelib.probability import deadland as dl

from .deadland import common as dlc
from .hidden import resample

# ---- the two positions ---------------------------------------------------------------------------------

#: Deadland: red at level 5 (three cards a day), holding one Ration, on the Police Station
RATION_LEVEL = 5
#: Walk the Plank: red (the Captain) has revealed Extend the Plank, blue an Extend the Plank too, and
#: green's Ghost its Shove; red's second card is I Don't Wan'a Die!, red's third ``third``.
PLANK: dict[str, Any] = {
    "players": ["red", "blue", "green"], "captain": "red", "planks": 3, "round": 2,
    "pirates": {"red": ["plank 3", "plank 2", "dead"], "blue": ["plank 1", "dead", "dead"], "green": ["dead"] * 3},
    "eliminated": ["green"], "set_aside": {"green": ["Shove Anyone"]},
    "programs": {"red": ["Extend the Plank", "I Don't Wan'a Die!", "Run Around"],
                 "blue": ["Extend the Plank", None, None], "green": ["Shove Left", None, None]},
    "phase": "resolution", "next": {"card": 2, "player": "red"},
}
#: red's four moves: (the pirate's plank, where it goes)
MOVES = ("plank 2 to plank 1", "plank 2 to the ship", "plank 3 to plank 2", "plank 3 to plank 1")
THIRD_CARDS = ("Run Around", "Shove Left", "Pull to Ship")


def moments(dist: Mapping[int, Fraction]) -> tuple[Fraction, Fraction]:
    """(expectation, variance) of a distribution {value: probability}, exactly."""
    mean = sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))
    var = sum((Fraction(k) ** 2 * p for k, p in dist.items()), Fraction(0)) - mean ** 2
    return mean, var


def summary_table(dists: Mapping[str, Mapping[int, Fraction]], outcome: str):
    """Each choice's exact distribution, expectation, variance and standard deviation (a DataFrame,
    or a PlainTable without pandas)."""
    from .frames import table
    from .text import fraction_text

    values = sorted({k for d in dists.values() for k in d})
    rows = []
    for choice, d in dists.items():
        mean, var = moments(d)
        row = {"": choice, **{f"P({outcome} = {k})": fraction_text(d.get(k, Fraction(0))) for k in values}}
        row.update({"expectation": f"{float(mean):.4f}", "variance": f"{float(var):.4f}",
                    "standard deviation": f"{float(var) ** 0.5:.4f}"})
        rows.append(row)
    return table(rows, [""])


# ---- Deadland: a Ration before the daily trial -----------------------------------------------------------

def ration_scene(seed: int = 0):
    """Red before the daily trial at level ``RATION_LEVEL``, one Ration in hand (the trial waits)."""
    return dlc.before_trial(dlc.daily_scenario(RATION_LEVEL), seed=seed)


def ration_exact(scene: Any = None) -> dict[str, dict[int, Fraction]]:
    """Cards added, exactly, each way (the engine's own counting, Radio Contacts and all)."""
    scene = scene if scene is not None else ration_scene()
    out = {}
    for choice, eat in (("keep the Ration", False), ("eat the Ration", True)):
        d = dl.daily_distribution(scene, "red", ration=eat)
        out[choice] = {k: d.get(k, Fraction(0)) for k in (0, 1)}
    return out


def _added(state: Any) -> int:
    p = state.view(None)["players"]["red"]
    return dl.ZOMBIE_LEVEL - RATION_LEVEL if p["zombie"] else p["level"] - RATION_LEVEL


def ration_pairs(n: int, *, seed: int = 0, show_progress: bool = True) -> list[tuple[int, int]]:
    """``n`` shuffles of the Virus deck; in each, the trial taken both ways on copies of the same
    state (the same cards in the same order): a list of n pairs of cards added (keep, eat)."""
    from .simulation import progress

    out = []
    sc = dlc.daily_scenario(RATION_LEVEL)
    for i in progress(range(n), total=n, desc="shuffled decks, both choices (engine)", enabled=show_progress):
        start = dlc.before_trial(sc, seed=derive_seed(seed, i))
        pair = []
        for kind in ("draw", "ration"):
            twin = start.clone()
            twin.apply(next(a for a in twin.legal_actions() if a.kind == kind))
            pair.append(_added(twin))
        out.append((pair[0], pair[1]))
    return out


def column(pairs: Sequence[Sequence[int]], j: int) -> list[int]:
    """The ``j``-th value of each pair (or row): one choice's outcomes over every deck or world."""
    return [p[j] for p in pairs]


# ---- Walk the Plank: one space or two --------------------------------------------------------------------

@lru_cache(maxsize=2)
def plank_game():
    return gamelib.load("walk-the-plank", players=3)


def plank_scenario(third: str = "Run Around") -> dict[str, Any]:
    if third not in THIRD_CARDS:
        raise GamelibError(f"red's third card {third!r} is not one of {', '.join(THIRD_CARDS)}")
    sc = copy.deepcopy(PLANK)
    sc["programs"]["red"][2] = third
    return sc


def plank_scene(third: str = "Run Around", seed: int = 0):
    """Red's decision, as red sees it (blue's two face-down cards are one of blue's programs,
    picked by ``seed``; red cannot see them, and the simulation re-deals them)."""
    sc = plank_scenario(third)
    progs = blue_programs(sc)
    sc["programs"]["blue"] = [sc["programs"]["blue"][0], *progs[Rng(seed).randbelow(len(progs))]]
    return plank_game().from_scenario(sc, seed=seed)


def red_alive(state: Any) -> int:
    return sum(n["red"] for where, n in state.view(None)["pirates"].items() if where != "dead")


def _move(state: Any, move: str) -> Any:
    """The action of ``move`` (one of ``MOVES``) at red's I Don't Wan'a Die!."""
    legal = state.legal_actions()
    found = [a for a in legal if a.label == f"Move red pirate on {move}"]
    if len(found) != 1:
        raise GamelibError(f"no single action moves {move} here: {[a.label for a in legal]}")
    return found[0]


def _round_dist(state: Any, rnd: int) -> dict[int, Fraction]:
    """Red pirates alive when round ``rnd`` ends, every choice left made by a fair coin."""
    if state.is_over or state.round != rnd:
        return {red_alive(state): Fraction(1)}
    legal = state.legal_actions()
    out: dict[int, Fraction] = {}
    for a in legal:
        twin = state.clone()
        twin.apply(a)
        for k, p in _round_dist(twin, rnd).items():
            out[k] = out.get(k, Fraction(0)) + p / len(legal)
    return out


def blue_programs(sc: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every pair of cards blue may have placed 2nd and 3rd: distinct cards of blue's hand (not the
    one revealed), each where the card file allows it (Charge! never first)."""
    cards = plank_game().cards
    used = set(sc["programs"]["blue"][:1])
    hand = [c for c in cards if c.name not in used]
    return [(a.name, b.name) for a in hand for b in hand if a is not b and 2 in a.slots and 3 in b.slots]


@lru_cache(maxsize=8)
def plank_exact(third: str = "Run Around") -> dict[str, dict[int, Fraction]]:
    """Red pirates alive at the end of the round, exactly, for each move: blue's programs all
    equally likely (the engine's odds' assumption), later choices by a fair coin (ours)."""
    sc = plank_scenario(third)
    progs = blue_programs(sc)
    out: dict[str, dict[int, Fraction]] = {m: {} for m in MOVES}
    for second, last in progs:
        d = copy.deepcopy(sc)
        d["programs"]["blue"] = [sc["programs"]["blue"][0], second, last]
        for move in MOVES:
            s = plank_game().from_scenario(d, seed=0)
            rnd = s.round
            s.apply(_move(s, move))
            for k, p in _round_dist(s, rnd).items():
                out[move][k] = out[move].get(k, Fraction(0)) + p / len(progs)
    return {m: {k: d.get(k, Fraction(0)) for k in (0, 1, 2)} for m, d in out.items()}


def _finish_round(state: Any, seed: int) -> int:
    rnd, agent = state.round, RandomAgent(seed)
    while not state.is_over and state.round == rnd:
        state.apply(agent.choose(state))
    return red_alive(state)


def plank_pairs(n: int, *, third: str = "Run Around", seed: int = 0,
                show_progress: bool = True) -> list[tuple[int, ...]]:
    """``n`` worlds red cannot tell apart (the engine's re-deal of blue's cards); in each, every
    move on copies of the same world, the rest of the round played by random players seeded
    alike: a list of n rows of red pirates alive, one value per move of ``MOVES``."""
    from .simulation import progress

    start = plank_scene(third)
    out = []
    for i in progress(range(n), total=n, desc="re-dealt worlds, every move (engine)", enabled=show_progress):
        world = resample(start, "red", Rng(derive_seed(seed, 2 * i)))
        row = []
        for move in MOVES:
            twin = world.clone()
            twin.apply(_move(twin, move))
            row.append(_finish_round(twin, derive_seed(seed, 2 * i + 1)))
        out.append(tuple(row))
    return out


# ---- the lesson's plot, widget and exercises ------------------------------------------------------------

def plot_moves(exact: Mapping[str, Mapping[int, Fraction]], pairs: Any = None):
    """Each move's exact distribution of red pirates alive (bars), the simulated shares (dots)."""
    from .plots import _fig, _legend_outside

    fig, ax = _fig()
    width = 0.8 / len(exact)
    colours = ["#2f5d3a", "#7fa37f", "#8c5a2b", "#c9a36a"]
    for j, (move, dist) in enumerate(exact.items()):
        x = [k + (j - (len(exact) - 1) / 2) * width for k in range(3)]
        ax.bar(x, [float(dist.get(k, 0)) for k in range(3)], width * 0.95, color=colours[j % 4], label=move)
        if pairs is not None:
            outcomes = column(pairs, j)
            freq = [sum(v == k for v in outcomes) / len(outcomes) for k in range(3)]
            ax.plot(x, freq, "o", color="black", ms=4, label="simulated" if j == 0 else None)
    ax.set_xticks(range(3))
    ax.set_xlabel("red pirates alive when the round ends")
    ax.set_ylabel("probability")
    ax.set_title("each move's outcome: exact (bars) and simulated (dots)", loc="left")
    _legend_outside(ax)
    return fig


def moves_widget(n_worlds: int = 400, seed: int = 0):
    """Red's third card, the move and the number of worlds: the exact expectation of red pirates
    alive and the engine's estimate (both moves played on the same worlds), redrawn together."""
    import ipywidgets as w

    from gamelib.probability import stats

    from .widgets import linked_answers

    style = {"description_width": "initial"}
    controls = {
        "third": w.Dropdown(options=list(THIRD_CARDS), value=THIRD_CARDS[0], description="red's third card", style=style),
        "move": w.Dropdown(options=list(MOVES), value=MOVES[0], description="move", style=style),
        "n": w.IntSlider(value=n_worlds, min=100, max=3000, step=100, description="worlds", style=style),
    }

    def compute(third: str, move: str, n: int):
        exact = moments(plank_exact(third)[move])[0]
        pairs = plank_pairs(n, third=third, seed=seed, show_progress=False)
        return f"red pirates alive at the round's end, on average ({move})", exact, \
            stats.estimate_mean(column(pairs, MOVES.index(move)))

    return linked_answers(controls, compute, note="Each change re-deals blue's face-down cards in the engine "
                                                  "and plays the rest of the round.")


def exercises() -> dict[int, Any]:
    """The lesson's exercises, their answers computed (never typed)."""
    from .deadland import deck_of
    from .text import Exercise, fraction_text

    pos = deck_of(ration_scene())
    real, good = pos["real"], pos["good"]
    p_eat = dl.hypergeom_at_least_one(real, good, 2)
    plank = plank_exact()
    near = plank[MOVES[0]]
    mean_near = moments(near)[0]
    ship_mean, ship_var = moments(plank[MOVES[1]])
    # level 6: the Virus deck has one card fewer (red holds the 6), red needs a 7 or an Illness
    saved6 = dl.hypergeom_at_least_one(real - 1, good, 4) - dl.hypergeom_at_least_one(real - 1, good, 3)
    return {
        1: Exercise("Exercise 1", p_eat * (1 - p_eat), hint="A 0 or 1 outcome with chance p has variance p(1 − p).",
                    mistakes={p_eat: "that is the expectation; the variance is p(1 − p)."},
                    worked=(f"Eating, red adds a card with chance p = {fraction_text(p_eat)}. The outcome is 0 or 1, so "
                            f"its variance is p(1 − p) = {fraction_text(p_eat)} × {fraction_text(1 - p_eat)} = "
                            f"**{fraction_text(p_eat * (1 - p_eat))}** ≈ {float(p_eat * (1 - p_eat)):.4f}.")),
        2: Exercise("Exercise 2", mean_near, hint="Multiply each value by its chance and add.",
                    worked=(f"0 × {fraction_text(near[0])} + 1 × {fraction_text(near[1])} + 2 × {fraction_text(near[2])} "
                            f"= **{fraction_text(mean_near)}** ≈ {float(mean_near):.4f} pirates.")),
        3: Exercise("Exercise 3", saved6, hint="The chance of adding a card with four cards, minus with three.",
                    worked=(f"At level 6 red draws four cards from {real - 1} real ones, {good} of them good "
                            f"(the eight 7s and four Illness cards); eating makes it three. "
                            f"P(add, 4 cards) − P(add, 3 cards) = **{fraction_text(saved6)}** ≈ {float(saved6):.4f}: "
                            "the Ration saves that many cards on average.")),
        4: Exercise("Exercise 4", ship_var, hint="E[X²] − (E[X])², from the table's distribution.",
                    worked=(f"E[X] = {fraction_text(ship_mean)}, E[X²] = 1 × {fraction_text(plank[MOVES[1]][1])} + "
                            f"4 × {fraction_text(plank[MOVES[1]][2])}; the variance is E[X²] − E[X]² = "
                            f"**{fraction_text(ship_var)}** ≈ {float(ship_var):.4f}.")),
    }
