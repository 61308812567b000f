"""gamelib.probability.deadland without the engine's dice: every exact function against
scipy.stats (hypergeom, binom, nhypergeom) or brute-force enumeration of card orders, and the
chain against numpy's matrix algebra."""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from scipy import stats as sps

from gamelib import GamelibError
from gamelib.probability import deadland as dl


# ---- brute force: every sequence of draws -----------------------------------------------------------

def _orders(cards):
    """Every distinct order of a multiset of cards, each with its chance (the deck's top is LAST)."""
    perms = Counter(itertools.permutations(sorted(cards)))
    total = sum(perms.values())
    return [(list(p), Fraction(k, total)) for p, k in perms.items()]


def brute_trial(deck, discard, level, ill, cards, daily, aside, radio_left):
    """The trial played card by card, branching on every physical card that can come next (each
    equally likely), with plain lists and no memory of anything. {(level, illnesses, over): chance}"""
    out = Counter()

    def go(pile, disc, aside, left, lv, il, added, rleft, w):
        if left <= 0 or lv >= 8:
            out[(lv, il, False)] += w
            return
        for i, card in enumerate(pile):
            rest = pile[:i] + pile[i + 1:]
            p = w / len(pile)
            if card == dl.RADIO:
                if rleft == 1:
                    out[(lv, il, True)] += p
                elif aside + 1 >= 2:
                    go(rest + disc + [dl.RADIO] * (aside + 1), [], 0, left, lv, il, added, rleft - (rleft > 0), p)
                else:
                    go(rest, disc, aside + 1, left, lv, il, added, rleft - (rleft > 0), p)
                continue
            nxt = lv + 1
            fits = card == str(nxt) or (card == dl.ILLNESS and nxt <= 7 and il < 2)
            if fits and not (daily and added):
                go(rest, disc, aside, left - 1, nxt, il + (card == dl.ILLNESS), True, rleft, p)
            else:
                go(rest, disc + [card], aside, left - 1, lv, il, added, rleft, p)

    go(list(deck), list(discard), aside, cards, level, ill, False, radio_left, Fraction(1))
    return dict(out)


def exact(deck, discard, level, ill, cards, kind, aside, radio_left):
    got = dl.trial_outcomes(Counter(deck), Counter(discard), level=level, illnesses=ill, cards=cards, kind=kind,
                            radio_aside=aside, radio_left=radio_left)
    return {(o.level, o.illnesses, o.game_over): p for o, p in got.items()}


CASES = [
    # deck, discard, level, illnesses, cards, kind, radio aside, radio left
    (["3", "3", "5", "Illness", "1", "2"], [], 2, 0, 2, "daily", 2, None),
    (["3", "4", "5", "Illness", "Illness", "7"], [], 2, 1, 4, "attack", 2, None),
    (["3", "4", "Radio Contact", "Illness", "6"], ["3", "1"], 2, 2, 3, "attack", 1, 5),
    (["1", "Radio Contact", "Radio Contact", "2", "5"], ["1"], 0, 0, 2, "daily", 0, 4),
    (["1", "Radio Contact", "Radio Contact", "2"], ["2"], 0, 0, 3, "attack", 0, 2),
    (["8", "Illness", "8", "Radio Contact", "3"], ["8"], 7, 1, 3, "attack", 1, 3),
    (["7", "8", "Illness", "6", "Radio Contact"], [], 6, 0, 4, "attack", 1, 1),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[5]}-L{c[2]}-k{c[4]}")
def test_a_trial_equals_the_enumeration_of_every_order_of_the_deck(case):
    deck, discard, level, ill, cards, kind, aside, radio_left = case
    want = brute_trial(deck, discard, level, ill, cards, kind == "daily", aside,
                       -1 if radio_left is None else radio_left)
    got = exact(deck, discard, level, ill, cards, kind, aside, radio_left)
    assert {k: v for k, v in want.items() if v} == got
    assert sum(got.values()) == 1


def test_a_daily_trial_adds_at_most_one_card_and_an_attack_may_add_several():
    deck = dl.composition({"3": 8, "4": 8, "5": 8, "Illness": 4, "1": 20})
    daily = dl.added_distribution(deck, level=2, cards=4, kind="daily", radio_aside=2)
    attack = dl.added_distribution(deck, level=2, cards=4, kind="attack", radio_aside=2)
    assert set(daily) == {0, 1} and max(attack) == 4
    assert daily[0] == attack[0]  # adding nothing is the same event either way
    assert daily[1] == sum(p for k, p in attack.items() if k >= 1)


def test_without_radio_contacts_a_daily_trial_is_hypergeometric():
    # at level 2 holding no Illness, the 8 threes and 4 Illness cards are good; 62 cards, 2 or 3 drawn
    for total, good, k in ((62, 12, 2), (61, 12, 3), (40, 5, 4), (64, 8, 1)):
        deck = {"3": good, "1": total - good}
        got = dl.add_chance(deck, level=2, cards=k, radio_aside=2)
        assert got == dl.hypergeom_at_least_one(total, good, k)
        assert float(got) == pytest.approx(1 - sps.hypergeom(total, good, k).pmf(0), abs=1e-12)
        pmf = dl.hypergeom_pmf(total, good, k)
        for j, p in pmf.items():
            assert float(p) == pytest.approx(sps.hypergeom(total, good, k).pmf(j), abs=1e-12)
        # the binomial approximation draws with replacement
        b = dl.binomial_at_least_one(Fraction(good, total), k)
        assert float(b) == pytest.approx(1 - sps.binom(k, good / total).pmf(0), abs=1e-12)
        assert b < got or k == 1  # without replacement each miss leaves the good cards a bigger share


def test_the_attack_distribution_without_radio_contacts_matches_a_chain_of_hypergeometric_draws():
    # two cards needed in a row (3 then 4) from a deck of threes, fours and others, 3 draws
    deck = {"3": 2, "4": 2, "1": 4}
    got = dl.added_distribution(deck, level=2, cards=3, kind="attack", radio_aside=2)
    brute = Counter()
    for order, p in _orders(["3", "3", "4", "4", "1", "1", "1", "1"]):
        lv = 2
        for card in order[::-1][:3]:
            if card == str(lv + 1):
                lv += 1
        brute[lv - 2] += p
    assert got == {k: brute[k] for k in range(max(got) + 1)}


def test_trial_size_counts_every_reduction_as_the_rulebook_does():
    assert [dl.trial_size(lv) for lv in range(8)] == [2, 2, 2, 3, 3, 3, 4, 4]
    assert dl.trial_size(0, on_base=True) == 1 and dl.trial_size(3, on_base=True) == 2
    assert dl.trial_size(3, on_base=True, players_on_base=3) == 3  # a crowded Base with no board turned
    assert dl.trial_size(3, on_base=True, players_on_base=3, boards_turned=True) == 2
    assert dl.trial_size(6, ration=True, survivor=True) == 2
    assert dl.trial_size(1, ration=True, survivor=True, on_base=True) == 1  # never below one card
    assert dl.trial_size(7, hermit_alone=True) == 3
    assert dl.trial_size(0, "attack", 3, level5=True) == 4
    assert dl.trial_size(0, "attack", 3, level5=True, pistol=True, survivor=True) == 2
    assert dl.trial_size(0, "zombie", 5, level5=True) == 6
    assert dl.trial_size(0, "bloodstain", 3, level5=True, pistol=True) == 3  # no weapons, no level-5 card there
    assert dl.trial_size(0, "bloodstain", 2, survivor=True) == 1
    with pytest.raises(GamelibError, match="cards on the card"):
        dl.trial_size(0, "attack")
    with pytest.raises(GamelibError, match="unknown trial kind"):
        dl.trial_size(0, "storm")


def test_compositions_and_bad_input_say_what_is_wrong():
    assert dl.composition(["3", 3, "illness", "Radio Contact"]) == Counter({"3": 2, "Illness": 1, "Radio Contact": 1})
    assert dl.full_deck() == Counter({**{str(i): 8 for i in range(1, 9)}, "Illness": 4, "Radio Contact": 2})
    assert dl.deck_minus(dl.full_deck(), ["3", "3"])["3"] == 6
    with pytest.raises(GamelibError, match="is not a Virus card"):
        dl.composition(["9"])
    with pytest.raises(GamelibError, match="cannot take"):
        dl.deck_minus({"3": 1}, ["3", "3"])
    with pytest.raises(GamelibError, match="never in the discard"):
        dl.trial_outcomes({"3": 1}, ["Radio Contact"])
    with pytest.raises(GamelibError, match="level is 0 to 7"):
        dl.trial_outcomes({"3": 1}, level=8)
    with pytest.raises(GamelibError, match="Illness cards"):
        dl.trial_outcomes({"3": 1}, level=1, illnesses=2)


# ---- the chain ------------------------------------------------------------------------------------------

def test_the_chain_rows_are_hypergeometric_and_sum_to_one():
    ch = dl.level_chain()
    assert len(ch.states) == 22 and ch.absorbing() == [dl.ZOMBIE]
    for s, row in zip(ch.states, ch.matrix):
        assert sum(row) == 1
        if s == dl.ZOMBIE:
            continue
        lv, ill = s
        total = 68 - lv  # no Radio Contact, the survivor's own cards out
        good = 8 + (4 - ill if lv + 1 <= 7 and ill < 2 else 0)
        k = dl.trial_size(lv)
        stay = ch.matrix[ch.index(s)][ch.index(s)]
        assert 1 - stay == dl.hypergeom_at_least_one(total, good, k)
        assert float(1 - stay) == pytest.approx(1 - sps.hypergeom(total, good, k).pmf(0), abs=1e-12)
        if lv < 7 and ill < 2:  # which good card came first: an Illness with chance 4 - ill out of good
            assert ch.row(s)[(lv + 1, ill + 1)] == (1 - stay) * Fraction(4 - ill, good)


def test_absorption_time_and_matrix_powers_agree_with_numpy():
    ch = dl.level_chain()
    P = np.array([[float(x) for x in r] for r in ch.matrix])
    z = ch.index(dl.ZOMBIE)
    transient = [i for i in range(len(ch.states)) if i != z]
    Q = P[np.ix_(transient, transient)]
    t = np.linalg.solve(np.eye(len(transient)) - Q, np.ones(len(transient)))
    exp_all = ch.expected_turns_all()
    for k, i in enumerate(transient):
        assert float(exp_all[ch.states[i]]) == pytest.approx(t[k], rel=1e-12)
    Pn = np.linalg.matrix_power(P, 25)
    assert float(ch.turned_by(25)) == pytest.approx(Pn[ch.index((0, 0)), z], abs=1e-12)
    curve = ch.turned_by_curve(30)
    assert curve[25] == ch.turned_by(25) and curve[0] == 0 and all(a <= b for a, b in zip(curve, curve[1:]))
    # E(T) is the sum of P(T > n), n = 0, 1, ...
    dist = np.zeros(len(ch.states))
    dist[ch.index((0, 0))] = 1
    tail = 0.0
    for _ in range(600):
        tail += 1 - dist[z]
        dist = dist @ P
    assert tail == pytest.approx(float(ch.expected_turns()), rel=1e-9)
    lv = ch.level_after(10)
    assert sum(lv.values()) == 1 and lv[8] == ch.turned_by(10)


def test_the_chain_with_radio_contacts_solves_its_loop_exactly():
    # a deck shuffled afresh every day can bring both Radio Contacts in a row forever: f = rest + q f
    deck = {"1": 2, "Radio Contact": 2, "5": 2}
    got = dl.add_chance(deck, level=0, cards=1, radio_aside=0)
    assert got == Fraction(1, 2)  # the Radio Contacts never count: one real card, a 1 half the time
    ch = dl.level_chain(radio=True)
    assert all(sum(r) == 1 for r in ch.matrix)
    assert abs(float(ch.expected_turns()) - float(dl.level_chain().expected_turns())) < 0.01


# ---- Radio Contacts --------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [70, 68, 12])
def test_radio_waits_are_negative_hypergeometric(n):
    for which in (1, 2):
        got = dl.radio_wait(n, which)
        nh = sps.nhypergeom(n, n - 2, which)  # non-Radio cards drawn before the which-th Radio Contact
        assert sum(got.values()) == 1
        for k, p in got.items():
            assert float(p) == pytest.approx(nh.pmf(k - which), abs=1e-12)
        assert dl.mean(got) == dl.expected_radio_wait(n, which) == Fraction(which * (n + 1), 3)
        assert float(dl.variance(got)) == pytest.approx(nh.var(), rel=1e-12)


def test_a_games_length_in_cards_is_a_sum_of_cycles():
    assert dl.radio_targets() == {2: 7, 3: 9, 4: 11, 5: 12, 6: 14}
    assert dl.cycles(7) == [2, 2, 2, 1] and dl.cycles(12) == [2] * 6
    d = dl.cards_to_target(2)
    assert sum(d.values()) == 1
    assert dl.mean(d) == dl.expected_cards_to_target(2) == 3 * Fraction(2 * 71, 3) + Fraction(71, 3)
    # against brute force on a small deck: every pair of Radio positions in each cycle
    small = dl.cards_to_target(target=3, deck_sizes=[6, 5])
    brute = Counter()
    for a in itertools.combinations(range(1, 7), 2):
        for b in itertools.combinations(range(1, 6), 2):
            brute[a[1] + b[0]] += Fraction(1, comb(6, 2) * comb(5, 2))
    assert small == dict(sorted(brute.items()))
    # the variance of independent cycles adds up
    parts = [dl.radio_wait(70, w) for w in dl.cycles(11)]
    assert dl.variance(dl.cards_to_target(4)) == sum(dl.variance(p) for p in parts)
    assert dl.quantile(d, Fraction(1, 2)) == min(k for k in d if dl.cdf(d, k) >= Fraction(1, 2))
    with pytest.raises(GamelibError, match="2 to 6 players"):
        dl.cards_to_target(7)
    # too few deck sizes is refused by both, never read as a shorter game
    for f in (dl.cards_to_target, dl.expected_cards_to_target):
        with pytest.raises(GamelibError, match="6 cycles need 6 deck sizes, got 2"):
            f(4, deck_sizes=[70, 60])


def test_the_lone_survivor_replica_turns_and_is_seeded():
    a = dl.lone_survivor_turns(200, seed=4)
    assert a == dl.lone_survivor_turns(200, seed=4) and a != dl.lone_survivor_turns(200, seed=5)
    assert min(a) >= 8  # one card a day at most: eight trials at the very least
