"""Lesson 9, "Who is the Traitor?": conditional probability and Bayes' rule with Deadland's face-down
Role cards.

The position: red (the seat we reason for) holds the Medic face down, green has revealed the Looter,
blue and yellow hold face-down cards, and the rest of the eight Role cards are in the Role deck.
Yellow, on Road 1, moves onto the General Store, where blue stands with 2 Munitions and
3 Rations. Is yellow the Traitor?

* ``prior``/``posterior``: exact answers by enumerating every deal of the Role cards red cannot
  see (all orders equally likely) and weighting each by the likelihood of yellow's move under
  ``Policy``, a model of behaviour that is ours (the rulebook says nothing about how people play);
* ``engine_worlds``: the same question asked of the engine: re-deal what red cannot see
  (``resample``, the engine's own re-deal), let yellow's policy play the move in each re-dealt
  world, and count the Traitors among the worlds where yellow did what we saw.

Only public things are read: ``gamelib.load``, ``from_scenario``, ``view`` (single-word keys),
legal actions and the engine's re-deal of hidden information."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import gamelib
from gamelib.agents import Agent
from gamelib.core.errors import GamelibError
from gamelib.core.rng import Rng, derive_seed

from .hidden import resample

ME, SUSPECT, RICH = "red", "yellow", "blue"
TARGET = "General Store"  # where blue stands, carrying the most
TRAITOR = "Traitor"

SCENARIO: dict[str, Any] = {
    "active": SUSPECT,
    "players": {
        "red": {"board": "Police Station", "infection": ["1", "2"], "role": "medic"},
        "blue": {"board": TARGET, "infection": ["1"], "munitions": 2, "rations": 3},
        "green": {"board": "Hospital", "infection": ["1"], "role": "looter", "revealed": True},
        "yellow": {"board": "Road 1", "infection": ["1"]},
    },
}


@dataclass(frozen=True)
class Policy:
    """Our model of behaviour (not the rulebook's): at the Movement phase a face-down Traitor goes
    to the board of the survivor carrying the most with chance ``traitor``, anybody else with
    chance ``other``; otherwise the player takes one of the other moves, each alike."""
    traitor: Fraction = Fraction(3, 4)
    other: Fraction = Fraction(1, 4)

    def __post_init__(self) -> None:
        for name in ("traitor", "other"):
            v = Fraction(getattr(self, name))
            if not 0 <= v <= 1:
                raise GamelibError(f"the policy's chance {name}={v} is not between 0 and 1")
            object.__setattr__(self, name, v)

    def likelihood(self, role: str) -> Fraction:
        """P(the suspect moves onto the rich survivor's board | the suspect holds ``role``)."""
        return self.traitor if role == TRAITOR else self.other


POLICY = Policy()


@lru_cache(maxsize=2)
def game():
    return gamelib.load("deadland", players=4)


def before_move(seed: int = 0, scenario: dict[str, Any] | None = None) -> Any:
    """Yellow's turn, at the Movement decision: the daily trial drawn, any Role prompt passed."""
    s = game().from_scenario(dict(scenario or SCENARIO), seed=seed)
    while not s.is_over and s.stack[-1][0] != "ask_move":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind == "pass"), legal[0]))
    if s.is_over or s.to_move != SUSPECT:
        raise GamelibError("the position did not reach yellow's Movement decision")
    return s


# ---- what red sees, and the exact answers by enumeration ------------------------------------------

def role_name(shown: str) -> str:
    return shown.replace(" (face down)", "")


def unseen(state: Any, seat: str = ME) -> tuple[list[str], list[str], int]:
    """(the Role cards ``seat`` cannot see, the players holding one face down, the Role deck's
    size), all read from ``seat``'s view: every card not face up and not ``seat``'s own."""
    players = state.view(seat)["players"]
    seen = {role_name(p["role"]) for p in players.values() if p.get("role") not in (None, "face down")}
    every = [r.name for r in state.data.roles.values()]
    pool = [r for r in every if r not in seen]
    holders = [q for q, p in players.items() if p.get("role") == "face down"]
    return pool, holders, len(pool) - len(holders)


def deals(pool: Sequence[str], holders: Sequence[str]):
    """Every deal of ``pool`` to the holders and the Role deck's slots, all equally likely:
    (each holder's card) per order of the pool (the deck slots take the rest)."""
    for order in itertools.permutations(pool):
        yield dict(zip(holders, order))


def prior(pool: Sequence[str], holders: Sequence[str], who: str = SUSPECT) -> Fraction:
    """P(``who`` holds the Traitor), counting deals."""
    hits = total = 0
    for deal in deals(pool, holders):
        total += 1
        hits += deal[who] == TRAITOR
    return Fraction(hits, total)


def posterior(pool: Sequence[str], holders: Sequence[str], policy: Policy = POLICY, who: str = SUSPECT,
              moves: int = 1) -> Fraction:
    """P(``who`` holds the Traitor | yellow moved onto the rich board on ``moves`` turns): each deal
    weighted by the likelihood of yellow's moves under ``policy`` (independent given yellow's card).
    ``who`` is a player or "deck" (the Traitor is still in the Role deck)."""
    joint = evidence = Fraction(0)
    for deal in deals(pool, holders):
        like = policy.likelihood(deal[SUSPECT]) ** moves
        evidence += like
        holds = TRAITOR not in deal.values() if who == "deck" else deal[who] == TRAITOR
        if holds:
            joint += like
    if evidence == 0:
        raise GamelibError("under this policy nobody ever moves there: the move cannot be explained")
    return joint / evidence


def bayes(prior_p: Fraction, policy: Policy = POLICY, moves: int = 1) -> Fraction:
    """Bayes' rule in one line: P(T) L(T) / (P(T) L(T) + P(not T) L(not T))."""
    t, o = prior_p * policy.traitor ** moves, (1 - prior_p) * policy.other ** moves
    if t + o == 0:
        raise GamelibError("under this policy nobody ever moves there: the move cannot be explained")
    return t / (t + o)


def natural_frequencies(prior_p: Fraction, policy: Policy = POLICY, games: int = 24) -> dict[str, Fraction]:
    """Out of ``games`` games like this one: how many have yellow as the Traitor, how many of those
    see the move, and the same for the others."""
    traitor = games * prior_p
    other = games - traitor
    return {"yellow is the Traitor": traitor, "... and moves to blue": traitor * policy.traitor,
            "yellow is not the Traitor": other, "... and moves to blue": other * policy.other}


def frequency_table(prior_p: Fraction, policy: Policy = POLICY, games: int = 24):
    """The natural frequencies as a 2 x 2 table (a DataFrame, or a PlainTable without pandas)."""
    from .frames import table

    def cell(x: Fraction) -> str:
        return f"{x.numerator}" if x.denominator == 1 else f"{float(x):g}"

    t, o = games * prior_p, games * (1 - prior_p)
    counts = {"yellow holds the Traitor": [t * policy.traitor, t * (1 - policy.traitor), t],
              "yellow holds another card": [o * policy.other, o * (1 - policy.other), o]}
    counts["all"] = [a + b for a, b in zip(*counts.values())]
    rows = [{"": who, **{k: cell(Fraction(x)) for k, x in zip(("moves to blue", "moves elsewhere", "games"), xs)}}
            for who, xs in counts.items()]
    return table(rows, [""])


# ---- the engine's re-deal, with yellow's policy playing the move ----------------------------------------

class SuspectAgent(Agent):
    """Yellow, playing ``Policy`` at the Movement decision from yellow's own card. (It reads the
    policy's two chances itself, not ``Policy.likelihood``: the enumeration's likelihood is then
    checked against how the agent really plays.)"""
    name = "suspect"

    def __init__(self, seed: int = 0, policy: Policy = POLICY):
        super().__init__(seed)
        self.policy = policy

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        rich = [a for a in legal if a.kind == "move" and state.board_name(a.args[0]) == TARGET]
        rest = [a for a in legal if a not in rich]
        if not rich or not rest:
            raise GamelibError("yellow cannot choose between the rich board and another move here")
        mine = role_name(state.view(SUSPECT)["players"][SUSPECT]["role"])
        p = self.policy.traitor if mine == TRAITOR else self.policy.other
        if self.rng.randbelow(p.denominator) < p.numerator:  # exactly p
            return rich[0]
        return rest[self.rng.randbelow(len(rest))]


def traitor_holder(state: Any) -> str:
    """Who holds the Traitor in a (re-dealt) world, from the table view: a player, or "deck"."""
    for name, p in state.view(None)["players"].items():
        if p.get("role") and role_name(p["role"]) == TRAITOR:
            return name
    return "deck"


def engine_worlds(n: int, *, seed: int = 0, policy: Policy | None = POLICY, state: Any = None,
                  show_progress: bool = True) -> tuple[list[bool], list[str]]:
    """``n`` worlds red cannot tell from ``state`` (the engine's re-deal), yellow's policy playing
    the move in each (``policy=None``: no move, the re-deal alone). Two lists: whether yellow
    moved onto the General Store, and who holds the Traitor ("deck" for the Role deck). The
    Traitors among the worlds with the move estimate the posterior. (Plain lists, not numpy
    arrays: the same on a browser's Python, which has no numpy.)"""
    from .simulation import progress

    start = state if state is not None else before_move()
    moved = [False] * n
    holder = [""] * n
    for i in progress(range(n), total=n, desc="re-dealt worlds (engine)", enabled=show_progress):
        world = resample(start, ME, Rng(derive_seed(seed, 2 * i)))
        if policy is not None:
            world.apply(SuspectAgent(derive_seed(seed, 2 * i + 1), policy).choose(world))
            moved[i] = world.view(None)["players"][SUSPECT]["board"] == TARGET
        holder[i] = traitor_holder(world)
    return moved, holder


def kept(holder: Sequence[str], among: Sequence[bool] | None = None) -> list[str]:
    """The holders of the worlds ``among`` selects (all of them when None): conditioning."""
    return list(holder) if among is None else [h for h, m in zip(holder, among) if m]


def share(holder: Sequence[str], who: str, among: Sequence[bool] | None = None):
    """The share of worlds (``among`` them, a list of booleans) where ``who`` holds the Traitor: an
    Estimate with its Wilson interval."""
    from gamelib.probability import stats

    chosen = kept(holder, among)
    if len(chosen) == 0:
        raise GamelibError("no re-dealt world is left to count: play more worlds")
    return stats.estimate_rate(sum(h == who for h in chosen), len(chosen))


# ---- the lesson's plot, widget and exercises ------------------------------------------------------------

def plot_base_rates(policy: Policy = POLICY, mark: Fraction | None = None):
    """The posterior after the move against the prior, for this policy: the base rate matters.
    The dashed line is the base-rate-neglect answer (the likelihood read as the posterior)."""
    from .plots import COLOURS, _fig, _legend_outside

    x = [k / 200 for k in range(201)]
    t, o = float(policy.traitor), float(policy.other)
    y = [p * t / (p * t + (1 - p) * o) if p * t + (1 - p) * o else float("nan") for p in x]
    fig, ax = _fig()
    ax.plot(x, y, color=COLOURS["exact"], lw=2, label="Bayes: P(Traitor | the move)")
    ax.plot(x, x, color="#888", lw=1, ls=":", label="no evidence: posterior = prior")
    ax.axhline(t, color=COLOURS["simulated"], ls="--", lw=1.4, label=f"base-rate neglect: {t:g} whatever the prior")
    if mark is not None:
        post = bayes(mark, policy)
        ax.plot([float(mark)], [float(post)], "o", color="black", label=f"this table: {mark} -> {post}")
    ax.set_xlabel("prior: P(yellow holds the Traitor) before the move")
    ax.set_ylabel("posterior after the move")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title("the same move means more when Traitors are common", loc="left")
    _legend_outside(ax)
    return fig


def policy_widget(n_worlds: int = 600, seed: int = 0):
    """Sliders for the policy's two chances and the number of re-dealt worlds: the exact posterior
    and the engine's estimate, redrawn together."""
    import ipywidgets as w

    from .widgets import linked_answers

    start = before_move()
    pool, holders, _ = unseen(start)
    style = {"description_width": "initial"}
    controls = {
        "traitor": w.FloatSlider(value=0.75, min=0.05, max=1, step=0.05, description="Traitor moves there", style=style),
        "other": w.FloatSlider(value=0.25, min=0.05, max=1, step=0.05, description="anyone else moves there", style=style),
        "n": w.IntSlider(value=n_worlds, min=100, max=4000, step=100, description="worlds", style=style),
    }

    def compute(traitor: float, other: float, n: int):
        policy = Policy(Fraction(str(round(traitor, 2))), Fraction(str(round(other, 2))))
        moved, holder = engine_worlds(n, seed=seed, policy=policy, state=start, show_progress=False)
        exact = posterior(pool, holders, policy)
        return f"P(yellow holds the Traitor | yellow moved to blue), {sum(moved):,} of {n:,} worlds kept", \
            exact, share(holder, SUSPECT, moved)

    return linked_answers(controls, compute, note="Each change re-deals the worlds in the engine and lets "
                                                  "yellow's policy play the move in each.")


def exercises() -> dict[int, Any]:
    """The lesson's exercises, their answers computed (never typed)."""
    from .text import Exercise

    start = before_move()
    pool, holders, deck = unseen(start)
    p0 = prior(pool, holders)
    twice = posterior(pool, holders, moves=2)
    gift = Fraction(1, 1 + deck)  # yellow accepted a gift: the Traitor is blue's or in the deck
    always = posterior(pool, holders, Policy(Fraction(1), POLICY.other))
    no_looter = bayes(Fraction(1, len(pool) + 1))
    return {
        1: Exercise("Exercise 1", twice, hint="Multiply the prior odds by the likelihood ratio once per move.",
                    mistakes={Fraction(9, 16): "that is P(two moves | Traitor): the base rate is missing.",
                              posterior(pool, holders): "that is the answer after one move; there were two."},
                    worked=(f"Each move is 3 times likelier from a Traitor (3/4 against 1/4), so two moves are "
                            f"9 times likelier. Prior odds {p0} : {1 - p0} = 1 : 5; posterior odds 9 : 5; "
                            f"P = 9/14 = **{twice}** ≈ {float(twice):.3f}.")),
        2: Exercise("Exercise 2", gift, hint="Who can still hold the Traitor once yellow has accepted a gift?",
                    mistakes={p0: "yellow's acceptance is news: a face-down Traitor must refuse every gift.",
                              Fraction(1, 2): "the Role deck's cards can still hold the Traitor."},
                    worked=(f"A face-down Traitor cannot accept anything, so yellow does not hold it. The Traitor "
                            f"is one of the {len(pool)} unseen cards, now equally likely in blue's hand or in "
                            f"any of the {deck} Role deck slots: **{gift}**.")),
        3: Exercise("Exercise 3", always, hint="Now P(move | Traitor) = 1.",
                    worked=(f"(1/6 × 1) / (1/6 × 1 + 5/6 × 1/4) = (4/24) / (4/24 + 5/24) = **{always}**. Even a "
                            "Traitor who always goes for the loot is more likely not the one who moved.")),
        4: Exercise("Exercise 4", no_looter, hint="With green's card face down too, how many cards could be the Traitor?",
                    worked=(f"Seven cards are unseen, so the prior is 1/7: (1/7 × 3/4) / (1/7 × 3/4 + 6/7 × 1/4) "
                            f"= 3 / (3 + 6) = **{no_looter}**.")),
    }
