"""The Memory's order and whole Interrogations (gamelib.probability.walking_deck): against
enumeration of every order, a brute-force token-by-token enumeration written independently,
and seeded simulation of the real engine within 4 standard errors."""
from __future__ import annotations

import itertools
from fractions import Fraction
from math import factorial, sqrt

import numpy as np
import pytest

import gamelib
from gamelib import GamelibError
from gamelib.agents import Agent
from gamelib.core import Rng
from gamelib.probability import walking_deck as wd
from gamelib.rules.walking_deck.cards import cached_cards

CARDS = cached_cards(None)
EV = CARDS.events

MEMORIES = [
    ["PIERRE", "WALKER (Rural)", "SCREAMER"],
    ["CAVE", "WALKER (Rural)", "WALKER (Urban)", "DOMITILLE", "LOUISE"],
    ["JEANNE", "BLOATED", "NADIA", "ORCHARD", "THEO"],          # JEANNE is never placed
    ["GASTON", "SUBWAY", "BRIGADE", "CABOT", "MARCEL", "CHURCH"],
]


# ---- order ----------------------------------------------------------------------------------

@pytest.mark.parametrize("memory", MEMORIES)
def test_chance_in_front_at_first_calamity_equals_enumeration_of_every_order(memory):
    orders = list(wd.orders(memory))
    assert len(orders) == factorial(len(memory)) == wd.count_orders(memory)
    any_first = sum(1 for o in orders if wd.first_calamity(o)[1])
    assert wd.chance_in_front_at_first_calamity(memory) == Fraction(any_first, len(orders))
    for c in memory:
        e = wd.find_event(c)
        if e.is_character:
            hits = sum(1 for o in orders if e.label in wd.first_calamity(o)[1])
            assert wd.chance_in_front_at_first_calamity(memory, c) == Fraction(hits, len(orders)), c


def test_first_calamity_reads_a_given_order_first_memorised_first():
    assert wd.first_calamity(["CAVE", "PIERRE", "WALKER (Rural)", "DOMITILLE"]) == (3, ["PIERRE"])
    assert wd.first_calamity(["WALKER (Rural)", "PIERRE"]) == (1, [])
    assert wd.first_calamity(["NADIA", "PIERRE"]) == (1, ["NADIA"])  # NADIA draws her own Calamity
    assert wd.first_calamity(["JEANNE", "WALKER (Urban)"]) == (2, [])  # JEANNE has no grey banner
    assert wd.first_calamity(["CAVE", "PIERRE"]) == (None, ["PIERRE"])


def test_counting_formulas():
    assert wd.chance_before_all(3) == Fraction(1, 4)
    assert wd.chance_character_first(2, 3) == Fraction(2, 5)
    memory = ["WALKER (Rural)", "WALKER (Urban)", "PIERRE", "CAVE"]
    assert wd.count_orders(memory, by="name") == 12
    assert len({tuple(EV[wd.find_event(x).id].name for x in o) for o in wd.orders(memory)}) == 12


def test_random_orders_in_simulation_within_4_standard_errors():
    memory = MEMORIES[1]
    rng = Rng(4)
    n = 5_000
    hits = 0
    cards = list(memory)
    for _ in range(n):
        rng.shuffle(cards)
        hits += "LOUISE" in wd.first_calamity(cards)[1]
    p = float(wd.chance_in_front_at_first_calamity(memory, "LOUISE"))
    assert abs(hits / n - p) <= 4 * sqrt(p * (1 - p) / n)


def test_order_functions_read_a_live_state():
    s = gamelib.load("walking-deck").from_scenario(wd.interrogation_scenario(MEMORIES[1]), seed=1)
    assert wd.first_calamity(state=s) == wd.first_calamity(MEMORIES[1])
    assert wd.chance_in_front_at_first_calamity(state=s) == wd.chance_in_front_at_first_calamity(MEMORIES[1])


# ---- a whole Interrogation: brute force ----------------------------------------------------

def brute_interrogation(memory, front, buried, limit, bag):
    """Token by token: every draw branches on each token of the bag with chance 1/len(bag).
    Returns {buried at the end: chance}. Written from the rulebook, independently of the DP."""
    out: dict[int, Fraction] = {}

    def done(b):
        return limit is not None and b >= limit

    def finish(b, p):
        out[b] = out.get(b, Fraction(0)) + p

    def run(i, front, b, p):
        # front: list of [id, damage]
        if done(b) or i == len(memory):
            finish(b, p)
            return
        e = EV[memory[i]]
        if not e.grey:
            run(i + 1, front, b + 1, p)
            return
        if e.is_character:
            front = front + [[e.id, 0]]
        effects(i, e, 0, [list(x) for x in front], b, p, False, False)

    def effects(i, e, j, front, b, p, failed, gone):
        if done(b):
            finish(b, p)
            return
        if j == len(e.grey):
            if failed and not gone:
                front = [x for x in front if x[0] != e.id]
                b += 1
            run(i + 1, front, b, p)
            return
        x = e.grey[j]
        if x[0] == "calamity":
            if not front:
                effects(i, e, j + 1, front, b, p, True, gone)
                return
            for t in bag:
                shown = (t | x[1]) & ~x[2]
                fr = [list(y) for y in front]
                b2 = b
                keep = []
                for c in fr:
                    if EV[c[0]].weak & shown and not done(b2):
                        if c[1] == EV[c[0]].toughness:
                            b2 += 1
                            continue
                        c[1] += 1
                    keep.append(c)
                effects(i, e, j + 1, keep, b2, p / len(bag), failed, gone)
        elif x[0] == "heal":
            fr = [list(y) for y in front]
            can = sorted((EV[c[0]].toughness - c[1], k) for k, c in enumerate(fr)
                         if c[1] and (not x[2] or EV[c[0]].weak & x[2]))
            for _, k in can[:x[1]]:
                fr[k][1] -= 1
            effects(i, e, j + 1, fr, b, p, failed, gone)
        elif x[0] == "bury_self":
            effects(i, e, j + 1, [y for y in front if y[0] != e.id], b + 1, p, failed, True)
        elif x[0] == "unbury":
            effects(i, e, j + 1, front, max(0, b - 1), p, failed, gone)
        else:
            raise AssertionError(x)

    run(0, [list(x) for x in front], buried, Fraction(1))
    return dict(sorted(out.items()))


# At most four Calamity draws each, so that the brute force (12 to 14 branches a draw) stays small.
CASES = [
    dict(memory=["PIERRE", "WALKER (Rural)", "WALKER (Urban)", "SCREAMER"], buried=2, limit=5),
    dict(memory=["WALKER (Rural)", "PIERRE", "WALKER (Urban)", "SCREAMER"], buried=2, limit=5),
    dict(memory=["NADIA", "BLOATED", "SUBWAY", "JEANNE", "LOUISE"], buried=1, limit=4),
    dict(memory=["DOMITILLE", "BRIGADE", "CHURCH", "MARCEL", "CABOT", "WALKER (Rural)", "PIERRE"], buried=0, limit=None),
    dict(memory=["WALKER (Rural)", "THEO", "GASTON"], characters=[("PIERRE", 1), "MARCEL"], buried=3, limit=4, respites=2),
    dict(memory=["PIERRE", "WALKER (Rural)", "BRIGADE", "LOUISE", "SCREAMER"], buried=0, limit=3, respites=1),
    # RADIO heals one Character: the policy picks PIERRE (upside down) over NADIA (more damage, 1 more to take)
    dict(memory=["RADIO", "WALKER (Rural)", "BRIGADE"], characters=[("NADIA", 2), ("PIERRE", 1)], buried=0, limit=None),
]


def _brute(case):
    memory = [wd.find_event(m).id for m in case["memory"]]
    front = [[wd.find_event(c).id, 0] if isinstance(c, str) else [wd.find_event(c[0]).id, c[1]]
             for c in case.get("characters", [])]
    bag = [CARDS.tokens[t].weak for t in CARDS.calamities] + [0] * case.get("respites", 0)
    return brute_interrogation(memory, front, case["buried"], case["limit"], bag)


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(c["memory"][:3]))
def test_interrogation_equals_brute_force_enumeration(case):
    got = wd.interrogation(**case)
    brute = _brute(case)
    assert got.buried == brute
    assert sum(got.buried.values()) == 1 == sum(got.standing.values())
    if case["limit"] is not None:
        assert got.lost == sum(p for b, p in brute.items() if b >= case["limit"])
    assert got.expected_buried == sum(b * p for b, p in brute.items())


def test_where_the_character_goes_changes_the_expected_burials():
    zombies = ["WALKER (Rural)", "WALKER (Urban)", "SCREAMER"]
    by_position = []
    for pos in range(4):
        memory = zombies[:pos] + ["PIERRE"] + zombies[pos:]
        by_position.append(wd.interrogation(memory, buried=2, limit=5))
    assert [r.expected_buried for r in by_position] == [Fraction(11, 4), Fraction(13, 4), 4, 5]
    assert by_position[-1].lost == 1 and by_position[0].lost == 0


class HealClosestToBurial(Agent):
    """The model's policy, written against the engine's actions: heal the Characters closest
    to burial first and never stop early; otherwise the only action (unstack)."""

    def choose(self, s):
        legal = s.legal_actions()
        heals = [a for a in legal if a.kind == "heal"]
        if heals:
            ev = s.game.cards.events
            return min(heals, key=lambda a: (ev[a.args[0]].toughness - s.dmg[a.args[0]], s.front.index(a.args[0])))
        return legal[0]


BY_LIMIT = {5: "Aénor", 4: "Boris", 3: "Éléonore"}  # the engine stops at the Protagonist's limit


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(c["memory"][:3]))
def test_interrogation_matches_the_engine_within_4_standard_errors(case):
    """600 seeded Interrogations of the real engine (every Reserve consumed, the Protagonist's
    power declined): the mean number buried and the share of games lost agree with the exact
    answer within 4 standard errors."""
    n = 600
    limit = case["limit"] or 5
    g = gamelib.load("walking-deck", protagonist=BY_LIMIT[limit])
    d = wd.interrogation_scenario(case["memory"], characters=case.get("characters", ()), buried=case["buried"],
                                  respites=case.get("respites", 0))
    agent = HealClosestToBurial()
    buried = np.zeros(n)
    lost = np.zeros(n)
    for i in range(n):
        s = g.from_scenario(d, seed=1000 + i)
        while not s.is_over:
            s.apply(agent.choose(s))
        buried[i] = len(s.buried)
        lost[i] = bool(s.outcome.losers)
    exact = wd.interrogation(**{**case, "limit": limit})
    exp = float(exact.expected_buried)
    var = float(sum((b - exact.expected_buried) ** 2 * p for b, p in exact.buried.items()))
    assert abs(buried.mean() - exp) <= 4 * sqrt(var / n) + 1e-12
    pl = float(exact.lost)
    assert abs(lost.mean() - pl) <= 4 * sqrt(pl * (1 - pl) / n) + 1e-12


def test_interrogation_from_a_live_state_uses_its_memory_front_buried_bag_and_limit():
    case = CASES[4]
    g = gamelib.load("walking-deck", protagonist="Boris")
    d = wd.interrogation_scenario(case["memory"], characters=case["characters"], buried=case["buried"],
                                  respites=case["respites"])
    s = g.from_scenario(d, seed=0)
    got = wd.interrogation(state=s)
    assert got.limit == 4
    assert got == wd.interrogation(**case)


@pytest.mark.parametrize("call,words", [
    (lambda: wd.interrogation(["HORDE", "PIERRE"]), "HORDE.*inflict 3 damage"),
    (lambda: wd.interrogation(["PIERRE", "PIERRE"]), "only once"),
    (lambda: wd.interrogation(["WALKER (Rural)"], characters=[("PIERRE", 2)]), "0 to 1 damage"),
    (lambda: wd.interrogation(["WALKER (Rural)"], limit=0), "limit"),
    (lambda: wd.chance_in_front_at_first_calamity(["CAVE", "PIERRE"]), "draws a Calamity"),
    (lambda: wd.chance_in_front_at_first_calamity(["WALKER (Rural)", "PIERRE"], "LOUISE"), "not in this Memory"),
    (lambda: list(wd.orders([e.label for e in list(EV.values())[:10]])), "at most 9"),
])
def test_bad_inputs_raise_a_gamelib_error(call, words):
    with pytest.raises(GamelibError, match=words):
        call()
