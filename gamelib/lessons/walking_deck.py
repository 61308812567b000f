"""The Walking Deck lessons' pieces: the positions they show, their exercises (answers computed
by ``gamelib.probability.walking_deck``, never typed), and their linked widgets.

1. ``calamity_bag``: sample spaces and complements with the Calamity bag;
2. ``memory``: order matters, the Memory as a queue;
3. ``monte_carlo``: Monte Carlo and the law of large numbers, which Protagonist is hardest?"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import gamelib
from gamelib.core.errors import GamelibError
from gamelib.probability import stats
from gamelib.probability import walking_deck as wd

from .text import Exercise, exact_text, fraction_text, pct

#: the three Characters of lesson 1, one weakness each
TRIO = ("DOMITILLE", "PIERRE", "MARCEL")
#: the Calamity Zombies of lesson 2, in the order they were memorised
ZOMBIES = ("WALKER (Rural)", "WALKER (Urban)", "SCREAMER")
#: Calamity modifiers printed on the cards, by the card that carries them
MODIFIERS = {
    "none (WALKER)": {},
    "add stress (SCREAMER)": {"add": "stress"},
    "add malnutrition (BLOATED)": {"add": "malnutrition"},
    "add injuries (BRIGADE)": {"add": "injuries"},
    "ignore stress (THEO)": {"ignore": "stress"},
    "ignore malnutrition (SUBWAY)": {"ignore": "malnutrition"},
}


def characters() -> list[str]:
    """Every Character of the card set that a Calamity can hurt, with its weaknesses in words."""
    cs = gamelib.load("walking-deck").cards
    return [e.name for e in cs.events.values() if e.is_character]


def character_text(name: str) -> str:
    e = wd.find_event(name)
    return f"{e.label} ({wd.weakness_text(e.weak)}, can take {e.toughness} damage)"


# ---- positions to look at ----------------------------------------------------------------------

def calamity_scene(chars: Sequence[str] = TRIO, memory: Sequence[str] = ("WALKER (Rural)", "SCREAMER"),
                   respites: int = 0, seed: int = 0, protagonist: str = "Aénor"):
    """The Interrogation with ``chars`` in front and ``memory`` still to unstack: the next Event
    draws a Calamity."""
    game = gamelib.load("walking-deck", protagonist=protagonist)
    d = wd.interrogation_scenario(memory, characters=chars, respites=respites)
    return game.from_scenario(d, seed=seed)


def memory_scene(memory: Sequence[str], buried: int = 0, protagonist: str = "Aénor", seed: int = 0):
    """The Interrogation about to unstack ``memory`` (first memorised first)."""
    game = gamelib.load("walking-deck", protagonist=protagonist)
    return game.from_scenario(wd.interrogation_scenario(memory, buried=buried), seed=seed)


def engine_draws(chars: Sequence[str], n: int, *, seed: int = 0, respites: int = 0, event: str = "WALKER (Rural)",
                 show_progress: bool = True):
    """``n`` real Calamity draws by the engine: each time, ``event`` is unstacked in front of
    ``chars`` (no Reserve left, so nothing is decided) and the Characters hurt are counted."""
    import numpy as np

    from gamelib.core.rng import derive_seed

    from .simulation import progress

    game = gamelib.load("walking-deck")
    d = wd.interrogation_scenario([event], characters=chars, respites=respites)
    ids = [wd.find_event(c).id for c in chars]
    out = np.zeros(n, dtype=np.int64)
    for i in progress(range(n), total=n, desc="real draws", enabled=show_progress):
        s = game.from_scenario(d, seed=derive_seed(seed, i))
        s.apply(s.legal_actions()[0])  # "Unstack the next Event"
        out[i] = sum(1 for c in ids if c not in s.front or s.dmg[c] > 0)
    return out


# ---- exercises -----------------------------------------------------------------------------------

def calamity_bag_exercises() -> dict[int, Exercise]:
    """Lesson 1: one draw, complements, expectation."""
    p_louise = wd.hit_chance("LOUISE")
    p_nadia = wd.hit_chance("NADIA")
    both = Fraction(sum(n for m, n in wd.standard_bag().items() if m == wd.weakness_mask("malnutrition + injuries")), 12)
    duo = ["DOMITILLE", "PIERRE"]
    p_duo = wd.chance_anyone_hurt(duo, respites=1)
    miss = wd.chance_nobody_hurt(duo, respites=1)
    e_scream = wd.expected_hurt(TRIO, add="stress")
    singles = [wd.hit_chance(c, add="stress") for c in TRIO]
    return {
        1: Exercise(
            "Exercise 1", p_louise,
            mistakes={Fraction(1, 3): "the three weaknesses are not equally likely outcomes of a draw: count the "
                                      "tokens that show injuries, pairs included.",
                      Fraction(1, 6): "a token showing injuries together with another weakness hurts LOUISE too."},
            hint="Count the tokens that show injuries, alone or in a pair, out of the tokens in the bag.",
            worked=f"LOUISE is hurt when the token shows injuries. Of the 12 tokens, 2 show injuries alone and "
                   f"4 show it in a pair (2 with malnutrition, 2 with stress): 6 tokens, so the chance is "
                   f"6/12 = **{fraction_text(p_louise)}**."),
        2: Exercise(
            "Exercise 2", p_nadia,
            mistakes={1: "adding 1/2 + 1/2 counts twice the tokens that show both of NADIA's weaknesses.",
                      Fraction(1, 4): "1/2 × 1/2 is the chance of both weaknesses at once (and even that is wrong here: "
                                      "the two are not independent). NADIA is hurt if the token shows either.",
                      Fraction(1, 3): "the 6 combinations are equally likely, but 5 of them, not 2, show one of her weaknesses."},
            hint="Use the complement: which tokens show neither malnutrition nor injuries?",
            worked=f"By the complement: NADIA escapes only a token that shows neither malnutrition nor injuries, "
                   f"that is one of the 2 stress-only tokens. So the chance she is hurt is 1 − 2/12 = "
                   f"**{fraction_text(p_nadia)}**. (Or by inclusion–exclusion: 1/2 + 1/2 − {fraction_text(both)}, "
                   f"the {fraction_text(both)} being the tokens that show both.)"),
        3: Exercise(
            "Exercise 3", p_duo,
            mistakes={Fraction(3, 4): "1 − 1/2 × 1/2 treats the two Characters as independent, and forgets the Respite.",
                      Fraction(5, 6): "that is right for the twelve tokens, but the Respite is a thirteenth token that hurts nobody.",
                      Fraction(12, 13): "the Respite is not the only token that hurts neither: the malnutrition-only tokens do not either."},
            hint="Complement: count the tokens, the Respite included, that show neither stress nor injuries.",
            worked=f"With one Respite the bag holds 13 tokens. Nobody is hurt when the token shows neither stress "
                   f"nor injuries: the 2 malnutrition-only tokens and the Respite, so {fraction_text(miss)}. "
                   f"At least one is hurt with chance 1 − {fraction_text(miss)} = **{fraction_text(p_duo)}**."),
        4: Exercise(
            "Exercise 4", e_scream,
            mistakes={Fraction(3, 2): "that is the expectation without the SCREAMER: its added stress hurts DOMITILLE every time."},
            hint="Linearity: add each Character's own chance of being hurt by this Calamity.",
            worked=f"With stress added, every token shows stress, so DOMITILLE is hurt for sure "
                   f"({fraction_text(singles[0])}); PIERRE and MARCEL keep their chances "
                   f"({fraction_text(singles[1])} and {fraction_text(singles[2])}). By linearity of expectation, "
                   f"the expected number hurt is {' + '.join(fraction_text(x) for x in singles)} = "
                   f"**{fraction_text(e_scream)}**, whatever the dependence between them."),
    }


def memory_exercises() -> dict[int, Exercise]:
    """Lesson 2: counting orders, chances about the order, a position's cost."""
    five = ["CAVE", "PIERRE", "WALKER (Rural)", "SCREAMER", "ORCHARD"]
    n5 = wd.count_orders(five)
    p_louise = wd.chance_in_front_at_first_calamity(["LOUISE", *ZOMBIES], "LOUISE")
    p_two = wd.chance_in_front_at_first_calamity(["LOUISE", "PIERRE", "WALKER (Rural)", "SCREAMER"])
    pierre_walkers = wd.interrogation(["PIERRE", "WALKER (Rural)", "WALKER (Urban)"])
    p_pierre_buried = 1 - pierre_walkers.standing.get(1, Fraction(0))
    return {
        1: Exercise(
            "Exercise 1", n5,
            mistakes={25: "5 × 5 lets an Event come twice; each position can only take an Event not used yet.",
                      5: "that is the number of positions for one Event, not the number of orders of all five."},
            hint="5 choices for the first Event unstacked, then 4 for the second, ...",
            worked=f"The first Event can be any of 5, the second any of the 4 left, and so on: "
                   f"5 × 4 × 3 × 2 × 1 = 5! = **{n5}** orders."),
        2: Exercise(
            "Exercise 2", p_louise,
            mistakes={Fraction(1, 2): "LOUISE has to come before all three Zombies, not just before one of them.",
                      Fraction(1, 3): "there are 4 cards in the race, LOUISE and three Zombies: each is equally likely to come first.",
                      Fraction(1, 8): "(1/2)³ treats 'before each Zombie' as independent events; they are not."},
            hint="Among LOUISE and the three Zombies, which card is unstacked first? Each is equally likely.",
            worked=f"Only the order of LOUISE and the three Zombies matters. In a random order each of these "
                   f"4 cards is equally likely to be the first of them, and LOUISE is in front at the first "
                   f"Calamity exactly when she is that first card: **{fraction_text(p_louise)}**."),
        3: Exercise(
            "Exercise 3", p_two,
            mistakes={Fraction(1, 4): "that is the chance for one given Character; here either Character will do.",
                      Fraction(1, 6): "that is the chance that both Characters come before both Zombies."},
            hint="Of the 4 cards, which is unstacked first? How many of them are Characters?",
            worked=f"The first of the 4 cards is equally likely to be any of them; 2 of the 4 are Characters, so "
                   f"a Character stands in front at the first Calamity with chance 2/4 = **{fraction_text(p_two)}**."),
        4: Exercise(
            "Exercise 4", p_pierre_buried,
            mistakes={Fraction(1, 2): "one hit only turns PIERRE upside down (he can take 1 damage); the second hit buries him.",
                      1: "PIERRE is buried only if both WALKERs show injuries."},
            hint="PIERRE can take 1 damage: how many hits bury him, and how likely is each?",
            worked=f"PIERRE can take 1 damage: the first WALKER that shows injuries turns him upside down and a "
                   f"second one buries him. Each WALKER shows injuries with chance 1/2, independently (the token "
                   f"goes back), so he is buried with chance 1/2 × 1/2 = **{fraction_text(p_pierre_buried)}**."),
    }


def monte_carlo_exercises() -> dict[int, Exercise]:
    """Lesson 3: standard error, games needed, the square-root law, coverage."""
    se = stats.standard_error(0.25, 400)
    n_margin = stats.games_for_margin(0.02, 0.25)
    return {
        1: Exercise(
            "Exercise 1", se, digits=4,
            mistakes={Fraction(25, 400): "that is p/n; the standard error is the square root of p(1 − p)/n.",
                      Fraction(1, 20): "that is 1/√n, right only in order of magnitude: multiply by √(p(1 − p))."},
            hint="The standard error of a rate is √(p(1 − p)/n).",
            worked=f"√(0.25 × 0.75 / 400) = √0.00046875 ≈ **{se:.4f}**, about "
                   f"{100 * se:.1f} percentage points: a 95% interval is about ±{100 * 1.96 * se:.1f} points wide."),
        2: Exercise(
            "Exercise 2", n_margin,
            mistakes={50: "±2% is not '1 game in 50': the margin shrinks like 1/√n, not 1/n.",
                      stats.games_for_margin(0.02, 0.5): "that is the worst case, a rate of 1/2; near 0.25 the "
                                                         "rate varies less and fewer games suffice.",
                      round(0.25 * 0.75 / 0.02 ** 2): "that forgets the 1.96² of a 95% interval."},
            hint="Solve 1.96 × √(p(1 − p)/n) = 0.02 for n, with p = 0.25.",
            worked=f"1.96 × √(0.25 × 0.75 / n) ≤ 0.02 gives n ≥ 1.96² × 0.1875 / 0.02² ≈ "
                   f"{1.96 ** 2 * 0.1875 / 0.0004:.1f}, so **{n_margin}** games (the function "
                   f"`stats.games_for_margin(0.02, 0.25)` uses the exact 1.95996...)."),
        3: Exercise(
            "Exercise 3", Fraction(1, 2),
            mistakes={Fraction(1, 4): "the width shrinks like 1/√n: four times the games, half (not a quarter of) the width.",
                      4: "more games make the interval narrower, not wider."},
            hint="The interval's half-width is 1.96 √(p(1 − p)/n): what happens when n is multiplied by 4?",
            worked="The half-width is proportional to 1/√n. Multiplying n by 4 divides it by √4 = 2: the interval "
                   "becomes **1/2** as wide. To halve it again you need 16 times the original games."),
        4: Exercise(
            "Exercise 4", Fraction(1, 20),
            mistakes={0: "a 95% interval is wrong 5% of the time: that is what the 95% means.",
                      Fraction(95, 100): "that is the share of intervals that contain the true rate; the question asks for those that miss."},
            hint="What does the 95% of a 95% interval promise?",
            worked="A 95% interval procedure contains the true value in about 95% of the experiments, so about "
                   "**1 in 20** of them miss it, and nobody can tell which ones. (The Wilson interval is close to "
                   "95%, not exactly: lesson tests compute its true coverage.)"),
    }


# ---- linked widgets ----------------------------------------------------------------------------

def bag_widget(n_draws: int = 10_000, seed: int = 1):
    """Lesson 1: choose the Characters, Respites, a modifier and Reserves; the exact chance that
    at least one Character is hurt and a numpy simulation move together."""
    import ipywidgets as w

    from .plots import plot_distribution
    from .widgets import linked_answers

    names = characters()
    controls = {
        "chars": w.SelectMultiple(options=[(character_text(c), c) for c in names], value=TRIO, rows=6,
                                  description="Characters", style={"description_width": "initial"},
                                  layout=w.Layout(width="420px")),
        "respites": w.IntSlider(1, 0, 2, description="Respites in the bag", style={"description_width": "initial"}),
        "modifier": w.Dropdown(options=list(MODIFIERS), value="none (WALKER)", description="Calamity",
                               style={"description_width": "initial"}, layout=w.Layout(width="320px")),
        "reserves": w.SelectMultiple(options=["Food", "Medical", "Restorative"], value=(), rows=3,
                                     description="Reserves consumed", style={"description_width": "initial"}),
        "n": w.Dropdown(options=[100, 1_000, 10_000, 100_000, 1_000_000], value=n_draws, description="draws",
                        style={"description_width": "initial"}),
    }

    @lru_cache(maxsize=16)
    def hurt(chars, respites, modifier, reserves, n):
        return wd.simulate_hurt(chars, n, seed=seed, respites=respites, reserves=reserves, **MODIFIERS[modifier])

    def compute(chars, respites, modifier, reserves, n):
        if not chars:
            raise GamelibError("choose at least one Character (hold Ctrl or Cmd to choose several)")
        exact = wd.chance_anyone_hurt(chars, respites=respites, reserves=reserves, **MODIFIERS[modifier])
        h = hurt(chars, respites, modifier, reserves, n)
        return "chance that at least one Character is hurt", exact, stats.estimate_rate(int((h > 0).sum()), n)

    def plot(chars, respites, modifier, reserves, n, exact, estimate):
        dist = wd.hurt_distribution(chars, respites=respites, reserves=reserves, **MODIFIERS[modifier])
        return plot_distribution(dist, hurt(chars, respites, modifier, reserves, n),
                                 title="how many Characters one draw hurts", xlabel="Characters hurt")

    return linked_answers(controls, compute, plot, note="Exact: wd.chance_anyone_hurt. Simulated: numpy draws "
                                                        "from the same bag, seeded, so the same settings give the same numbers.")


def memory_widget(n_runs: int = 400, seed: int = 2):
    """Lesson 2: choose a Character, where it goes among the Zombies, and the Events already
    buried; the exact chance of losing during the Interrogation and the engine's games move together."""
    import ipywidgets as w

    from .plots import plot_distribution
    from .simulation import play_interrogations
    from .widgets import linked_answers

    controls = {
        "character": w.Dropdown(options=[(character_text(c), c) for c in characters() if wd.find_event(c).grey
                                         and all(x[0] in wd.SUPPORTED for x in wd.find_event(c).grey)],
                                value="PIERRE", description="Character", style={"description_width": "initial"},
                                layout=w.Layout(width="400px")),
        "position": w.IntSlider(1, 1, len(ZOMBIES) + 1, description="its place in the Memory",
                                style={"description_width": "initial"}),
        "buried": w.IntSlider(3, 0, 4, description="Events already buried", style={"description_width": "initial"}),
        "n": w.Dropdown(options=[100, 400, 1_000, 4_000], value=n_runs, description="Interrogations",
                        style={"description_width": "initial"}),
    }

    def memory(character, position):
        m = list(ZOMBIES)
        m.insert(position - 1, character)
        return m

    @lru_cache(maxsize=16)  # compute and plot share one simulation
    def runs(character, position, buried, n):
        return play_interrogations(memory(character, position), n, seed=seed, buried=buried, show_progress=False)

    def compute(character, position, buried, n):
        m = memory(character, position)
        exact = wd.interrogation(m, buried=buried, limit=5)
        r = runs(character, position, buried, n)
        return (f"chance of losing (5 buried, Aénor's limit) with the Memory {', '.join(m)}", exact.lost,
                stats.estimate_rate(int((r >= 5).sum()), n))

    def plot(character, position, buried, n, exact, estimate):
        m = memory(character, position)
        return plot_distribution(wd.interrogation(m, buried=buried, limit=5).buried, runs(character, position, buried, n),
                                 title="Events buried at the end of the Interrogation", xlabel="buried (5 = lost)")

    return linked_answers(controls, compute, plot,
                          note="Exact: wd.interrogation. Simulated: the real engine plays the Interrogation, "
                               "every Reserve consumed.")


def lln_widget(n_runs: int = 1_000, seed: int = 3):
    """Lesson 3, part 1: a question with a known answer; more Interrogations, a narrower interval."""
    import ipywidgets as w

    from .plots import plot_convergence
    from .simulation import play_interrogations
    from .widgets import linked_answers

    controls = {
        "position": w.IntSlider(1, 1, len(ZOMBIES) + 1, description="PIERRE's place in the Memory",
                                style={"description_width": "initial"}),
        "n": w.Dropdown(options=[10, 100, 1_000, 10_000], value=n_runs, description="Interrogations",
                        style={"description_width": "initial"}),
    }

    @lru_cache(maxsize=16)
    def runs(position, n):
        m = list(ZOMBIES)
        m.insert(position - 1, "PIERRE")
        return m, play_interrogations(m, n, seed=seed, buried=3, show_progress=False)

    def compute(position, n):
        m, r = runs(position, n)
        return "chance of losing with 3 Events already buried", wd.interrogation(m, buried=3, limit=5).lost, \
            stats.estimate_rate(int((r >= 5).sum()), n)

    def plot(position, n, exact, estimate):
        _, r = runs(position, n)
        return plot_convergence(r >= 5, exact, title="the running estimate settles on the exact value",
                                ylabel="share of Interrogations lost")

    return linked_answers(controls, compute, plot)


def protagonist_widget(tables: dict[str, Any]):
    """Lesson 3, part 2: the games simulated for each strategy (``compare_protagonists``
    tables); choose a Protagonist, a strategy and how many of the games to use, and watch the
    interval narrow as the games add up. No formula gives the exact win rate."""
    import ipywidgets as w

    from .plots import plot_convergence
    from .widgets import linked_answers

    names = list(dict.fromkeys(p for t in tables.values() for p in t["protagonist"]))
    most = max(int((t["protagonist"] == p).sum()) for t in tables.values() for p in names)
    controls = {
        "protagonist": w.Dropdown(options=names, value=names[0], description="Protagonist",
                                  style={"description_width": "initial"}),
        "strategy": w.Dropdown(options=list(tables), value=list(tables)[0], description="strategy",
                               style={"description_width": "initial"}),
        "n": w.IntSlider(most, 10, most, step=10, description="games used", style={"description_width": "initial"},
                         continuous_update=False),
    }

    def won(protagonist, strategy, n):
        t = tables[strategy]
        x = t.loc[t["protagonist"] == protagonist, "won:you"].to_numpy()[:n]
        if len(x) == 0:
            raise GamelibError(f"no games were simulated for {protagonist} with the {strategy} player "
                               f"(the lesson simulated that strategy for {', '.join(dict.fromkeys(t['protagonist']))})")
        return x

    def compute(protagonist, strategy, n):
        x = won(protagonist, strategy, n)
        return f"{protagonist}'s win rate, {strategy} player", None, stats.estimate_rate(int(x.sum()), len(x))

    def plot(protagonist, strategy, n, exact, estimate):
        return plot_convergence(won(protagonist, strategy, n), None, title=f"{protagonist}, {strategy} player",
                                ylabel="win rate so far")

    return linked_answers(controls, compute, plot, note="The slider takes the first games of the simulation: "
                                                        "fewer games, wider interval.")


__all__ = [
    "MODIFIERS", "TRIO", "ZOMBIES", "bag_widget", "calamity_bag_exercises", "calamity_scene", "character_text",
    "characters", "engine_draws", "exact_text", "lln_widget", "memory_exercises", "memory_scene", "memory_widget",
    "monte_carlo_exercises", "protagonist_widget",
]


# ---- lesson 3's finding: Aénor's power, on paired deals ---------------------------------------------------

#: 3,000 deals of Aénor, each played by the heuristic player with and without her power (the same
#: shuffles: ``compare_protagonists(3000, seed=11, executor="serial")`` for both strategies, one row
#: a deal), recorded once because it takes minutes; ``tests/test_lessons_second_edition.py`` replays
#: the first deals and checks that they match
AENOR_RUN = Path(__file__).resolve().parents[2] / "notebooks" / "lessons" / "data" / "aenor-power-3000.csv"


def aenor_power_finding(path: Path | str = AENOR_RUN) -> str:
    """The finding about Aénor's power, with its paired test, as a sentence (Markdown)."""
    import csv

    with open(path, newline="", encoding="utf-8") as f:
        rows = [(int(r["won with power"]), int(r["won without power"])) for r in csv.DictReader(f)]
    n = len(rows)
    with_power = sum(a for a, _ in rows)
    without = sum(b for _, b in rows)
    only_with = sum(1 for a, b in rows if a and not b)
    only_without = sum(1 for a, b in rows if b and not a)
    z, p = stats.paired_test(only_with, only_without)
    worse = with_power < without
    return (f"On {n:,} deals the heuristic player won **{with_power:,} with the power ({pct(with_power / n)})** and "
            f"**{without:,} without it ({pct(without / n)})**. The two ways disagree on {only_with + only_without:,} "
            f"deals: {only_with:,} won only with the power, {only_without:,} only without. If the power changed "
            f"nothing, each of those deals would go either way like a coin; a split this uneven has a p-value of "
            f"**{p:.1e}** (McNemar's test, z = {z:.2f}). "
            + ("So, with this player, **Aénor's power makes her worse**: it is not luck. A better player would use "
               "the power only when keeping two Events helps." if worse and p < 0.05 else
               "This many deals show no clear effect of the power."))
