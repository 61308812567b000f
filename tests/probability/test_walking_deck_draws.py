"""One Calamity draw and repeated draws (gamelib.probability.walking_deck): every exact function
against brute-force enumeration of the tokens, scipy.stats where a textbook distribution applies,
and seeded simulation (numpy and the real engine) within 4 standard errors."""
from __future__ import annotations

import itertools
from fractions import Fraction
from math import sqrt

import numpy as np
import pytest
from scipy import stats as sps

import gamelib
from gamelib import GamelibError
from gamelib.probability import walking_deck as wd
from gamelib.rules.walking_deck.cards import WEAKNESSES, cached_cards

CARDS = cached_cards(None)
MASKS = range(8)  # every weakness combination, "no weakness" included
RESERVE_SETS = [(), ("Food",), ("Medical", "Restorative")]


def tokens(respites: int = 0) -> list[int]:
    """The shipped bag token by token (what each shows), straight from the card file."""
    return [CARDS.tokens[t].weak for t in CARDS.calamities] + [0] * respites


def brute_hit(w: int, respites: int, add: int, ignore: int) -> Fraction:
    toks = tokens(respites)
    return Fraction(sum(1 for t in toks if ((t | add) & ~ignore) & w), len(toks))


def test_the_shipped_bag_shows_each_weakness_on_half_of_the_twelve_tokens():
    bag = wd.standard_bag()
    assert sum(bag.values()) == 12 and set(bag.values()) == {2} and len(bag) == 6
    for i, name in enumerate(WEAKNESSES):
        assert wd.hit_chance(name) == Fraction(1, 2)
        assert sum(1 for t in tokens() if t >> i & 1) == 6


@pytest.mark.parametrize("respites", [0, 1, 2])
def test_hit_chance_equals_enumeration_for_every_weakness_modifier_and_reserve(respites):
    for w, add, ignore, reserves in itertools.product(range(1, 8), MASKS, MASKS, RESERVE_SETS):
        cancelled = ignore | wd.reserve_mask(reserves)
        got = wd.hit_chance(w, respites=respites, add=add, ignore=ignore, reserves=reserves)
        assert got == brute_hit(w, respites, add, cancelled), (w, add, ignore, reserves)


def test_weaknesses_and_characters_can_be_named_in_words():
    assert wd.hit_chance("GASTON") == wd.hit_chance("malnutrition + stress") == wd.hit_chance(["malnutrition", "stress"]) == Fraction(5, 6)
    assert wd.hit_chance("injuries", add="injuries") == 1 and wd.hit_chance("injuries", add="stress and malnutrition") == Fraction(1, 2)
    assert wd.hit_chance("PIERRE", reserves="Medical") == 0
    assert wd.weakness_text(5) == "malnutrition + stress" and wd.weakness_text(0) == "no weakness"
    assert wd.hit_chance("stress", bag={"stress": 1, "injuries": 3}) == Fraction(1, 4)
    assert wd.hit_chance("stress", bag=["stress", "stress", "no weakness"]) == Fraction(2, 3)


def test_draw_distribution_is_the_sample_space_and_sums_to_one():
    d = wd.draw_distribution(respites=1, add="stress")
    assert sum(d.values()) == 1
    assert d == {"stress": Fraction(3, 13), "malnutrition + stress": Fraction(4, 13),
                 "injuries + stress": Fraction(4, 13), "malnutrition + injuries + stress": Fraction(2, 13)}


CHARACTER_SETS = [c for k in range(1, 4) for c in itertools.combinations_with_replacement(range(1, 8), k)]


@pytest.mark.parametrize("respites", [0, 2])
def test_hurt_distribution_expectation_and_complement_equal_enumeration(respites):
    toks = tokens(respites)
    for chars in CHARACTER_SETS:
        for add, ignore in [(0, 0), (4, 0), (0, 1), (2, 4)]:
            kw = dict(respites=respites, add=add, ignore=ignore)
            dist = wd.hurt_distribution(chars, **kw)
            brute = {k: Fraction(0) for k in range(len(chars) + 1)}
            for t in toks:
                s = (t | add) & ~ignore
                brute[sum(1 for w in chars if s & w)] += Fraction(1, len(toks))
            assert dist == brute, chars
            mean = sum(k * p for k, p in dist.items())
            assert wd.expected_hurt(chars, **kw) == mean  # linearity of expectation
            assert wd.chance_anyone_hurt(chars, **kw) == 1 - dist[0] == 1 - wd.chance_nobody_hurt(chars, **kw)


def test_three_characters_with_one_weakness_each():
    trio = ["DOMITILLE", "PIERRE", "MARCEL"]
    assert wd.hurt_distribution(trio) == {0: 0, 1: Fraction(1, 2), 2: Fraction(1, 2), 3: 0}
    assert wd.expected_hurt(trio) == Fraction(3, 2)
    assert wd.chance_anyone_hurt(trio) == 1
    assert wd.chance_anyone_hurt(trio, respites=2) == Fraction(6, 7)


def _front_state(chars, respites_in_bag=0, drawn_token=False):
    g = gamelib.load("walking-deck")
    ids = [wd.find_event(c).id for c in chars]
    d = {"phase": "Interrogation", "memory": ["R09"], "characters": ids,
         "respite_aside": list(CARDS.respites[respites_in_bag:])}
    return g.from_scenario(d, seed=0)


def test_from_a_live_state_the_bag_and_the_characters_come_from_the_state():
    s = _front_state(["GASTON", "PIERRE"], respites_in_bag=1)
    bag = s.view(None)["calamity_bag"]
    assert len(bag) == 13
    shown = [wd.weakness_mask(t["weaknesses"]) for t in bag]
    for w in range(1, 8):
        assert wd.hit_chance(w, state=s) == Fraction(sum(1 for t in shown if t & w), 13)
    chars = [wd.weakness_mask(c["weaknesses"]) for c in s.view(None)["characters"]]
    assert wd.hurt_distribution(state=s) == wd.hurt_distribution(chars, respites=1)
    assert wd.expected_hurt(state=s) == wd.hit_chance("GASTON", respites=1) + wd.hit_chance("PIERRE", respites=1)


def test_the_engine_hurts_characters_as_often_as_the_exact_answer_says():
    """3,000 seeded Interrogations unstack a WALKER (a plain Calamity) in front of GASTON,
    PIERRE and DOMITILLE with a Respite in the bag; no Reserve is left, so nothing is decided."""
    chars = ["GASTON", "PIERRE", "DOMITILLE"]
    ids = [wd.find_event(c).id for c in chars]
    g = gamelib.load("walking-deck")
    d = {"phase": "Interrogation", "memory": [wd.find_event("WALKER (Rural)").id], "characters": ids,
         "respite_aside": list(CARDS.respites[1:]), "reserves": {r: "consumed" for r in ("Food", "Medical", "Restorative")}}
    n = 3000
    hurt = np.zeros(n)
    gaston = np.zeros(n)
    for i in range(n):
        s = g.from_scenario(d, seed=i)
        s.apply("Unstack the next Event")
        hurt[i] = sum(s.dmg[c] for c in ids)
        gaston[i] = s.dmg[ids[0]]
    exp = float(wd.expected_hurt(chars, respites=1))
    assert abs(hurt.mean() - exp) <= 4 * hurt.std(ddof=1) / sqrt(n)
    p = float(wd.hit_chance("GASTON", respites=1))
    assert abs(gaston.mean() - p) <= 4 * sqrt(p * (1 - p) / n)
    p0 = float(wd.chance_nobody_hurt(chars, respites=1))
    assert abs((hurt == 0).mean() - p0) <= 4 * sqrt(p0 * (1 - p0) / n)


def test_numpy_draws_match_the_sample_space_within_4_standard_errors():
    n = 200_000
    shown = wd.simulate_draws(n, respites=2, add="injuries", seed=7)
    for text, p in wd.draw_distribution(respites=2, add="injuries").items():
        freq = (shown == wd.weakness_mask(text)).mean()
        assert abs(freq - float(p)) <= 4 * sqrt(float(p * (1 - p)) / n), text
    hurt = wd.simulate_hurt(["THEO", "LOUISE"], n, respites=2, seed=8)
    exp = float(wd.expected_hurt(["THEO", "LOUISE"], respites=2))
    assert abs(hurt.mean() - exp) <= 4 * hurt.std(ddof=1) / sqrt(n)


@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(5, 6), Fraction(6, 7), Fraction(0), Fraction(1)])
@pytest.mark.parametrize("draws", [0, 1, 5, 12])
def test_hits_in_draws_is_scipys_binomial(p, draws):
    dist = wd.hits_in_draws(p, draws)
    assert sum(dist.values()) == 1
    for k, q in dist.items():
        assert float(q) == pytest.approx(sps.binom.pmf(k, draws, float(p)), abs=1e-12)


def test_hits_in_draws_equals_enumeration_of_token_sequences():
    toks = tokens(1)
    w = wd.weakness_mask("injuries")
    counts = {k: 0 for k in range(4)}
    for seq in itertools.product(toks, repeat=3):
        counts[sum(1 for t in seq if t & w)] += 1
    total = len(toks) ** 3
    assert wd.hits_in_draws(wd.hit_chance("injuries", respites=1), 3) == {k: Fraction(c, total) for k, c in counts.items()}


@pytest.mark.parametrize("toughness", [0, 1, 2, 3])
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(5, 6), Fraction(3, 7)])
def test_the_burial_draw_is_scipys_negative_binomial(p, toughness):
    dist = wd.burial_draw_distribution(p, toughness, 60)
    for k, q in dist.items():  # scipy counts the misses before hit number toughness + 1
        assert float(q) == pytest.approx(sps.nbinom.pmf(k - toughness - 1, toughness + 1, float(p)), abs=1e-12)
    assert wd.expected_draws_to_bury(p, toughness) == (toughness + 1) / p
    assert float(wd.expected_draws_to_bury(p, toughness)) == pytest.approx(
        sps.nbinom.mean(toughness + 1, float(p)) + toughness + 1)


def test_burial_draws_in_simulation_within_4_standard_errors():
    rng = np.random.default_rng(11)
    p, t, n = 0.5, 2, 50_000
    draws = rng.negative_binomial(t + 1, p, size=n) + t + 1
    exp = float(wd.expected_draws_to_bury(p, t))
    assert abs(draws.mean() - exp) <= 4 * draws.std(ddof=1) / sqrt(n)
    # and token by token, with the real bag
    shown = wd.simulate_draws(n * 8, seed=3).reshape(n, 8)
    hits = (shown & wd.weakness_mask("stress")) != 0
    buried_by_8 = hits.sum(axis=1) >= t + 1
    q = float(sum(wd.burial_draw_distribution(Fraction(1, 2), t, 8).values()))
    assert abs(buried_by_8.mean() - q) <= 4 * sqrt(q * (1 - q) / n)


@pytest.mark.parametrize("call,words", [
    (lambda: wd.hit_chance("hunger"), "not a weakness"),
    (lambda: wd.hit_chance("CAVE"), "not a Character"),
    (lambda: wd.hit_chance("WALKER"), "say which"),
    (lambda: wd.hit_chance("stress", reserves="Water"), "not a Reserve"),
    (lambda: wd.hit_chance("stress", bag={"stress": 0}), "empty"),
    (lambda: wd.hit_chance("stress", respites=-1), "respites"),
    (lambda: wd.hits_in_draws(Fraction(3, 2), 2), "between 0 and 1"),
    (lambda: wd.expected_draws_to_bury(0, 1), "never"),
])
def test_bad_inputs_raise_a_gamelib_error_naming_the_input(call, words):
    with pytest.raises(GamelibError, match=words):
        call()
