"""Lessons 11 (the coupon collector with the Calamity bag) and 12 (the Radio clock and the central
limit theorem): their exact answers checked against scipy.stats and brute-force enumerations
written here, independently of ``gamelib.lessons.coupon`` and ``gamelib.lessons.clt``; their
simulations (the engine's draws and decks, numpy) against the exact answers; the numbers the
committed notebooks show and give against the same independent computations."""
from __future__ import annotations

import json
import re
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

import gamelib
from gamelib.lessons import clt, coupon

LESSONS = Path(__file__).resolve().parent.parent / "notebooks" / "lessons"


# ---- independent pieces -----------------------------------------------------------------------------

def _bag_tokens(respites: int = 0) -> list[str | None]:
    """What each token in a new game's bag shows, from the engine's own state (None: a Respite)."""
    s = gamelib.load("walking-deck").new_state(seed=3)
    tokens = s.game.cards.tokens
    shown = [tokens[t].text for t in s.bag]
    return shown + [None] * respites


def _subset_chain(respites: int = 0, horizon: int = 60) -> tuple[dict[int, Fraction], Fraction]:
    """P(T = n) and E(T), token by token over the *sets* of combinations seen (no symmetry used)."""
    tokens = _bag_tokens(respites)
    kinds = sorted({t for t in tokens if t is not None})
    p = Fraction(1, len(tokens))
    full = frozenset(kinds)
    dist: dict[frozenset, Fraction] = {frozenset(): Fraction(1)}
    pmf = {}
    for n in range(1, horizon + 1):
        nxt: dict[frozenset, Fraction] = {}
        for seen, q in dist.items():
            for t in tokens:
                s2 = seen | {t} if t is not None else seen
                nxt[s2] = nxt.get(s2, Fraction(0)) + q * p
        pmf[n] = nxt.pop(full, Fraction(0))
        dist = nxt
    # E by first-step analysis on the sets, from the full set down
    expect = {full: Fraction(0)}
    for size in range(len(kinds) - 1, -1, -1):
        for seen in map(frozenset, combinations(kinds, size)):
            stay = sum((p for t in tokens if t is None or t in seen), Fraction(0))
            move = sum((p * expect[seen | {t}] for t in tokens if t is not None and t not in seen), Fraction(0))
            expect[seen] = (1 + move) / (1 - stay)
    return {n: q for n, q in pmf.items() if q}, expect[frozenset()]


def _nbhyper_position(deck: int, which: int) -> np.ndarray:
    """P(the which-th of 2 Radio Contacts is card k), k = 0..deck, from scipy's nhypergeom."""
    rv = sps.nhypergeom(deck, deck - 2, which)  # red balls drawn before the which-th of 2 blue ones
    out = np.zeros(deck + 1)
    for reds in range(deck - 1):
        out[reds + which] = rv.pmf(reds)
    return out


def _clock_scipy(target: int, deck: int = 70) -> np.ndarray:
    ends = [2] * (target // 2) + [1] * (target % 2)
    dist = np.array([1.0])
    for which in ends:
        dist = np.convolve(dist, _nbhyper_position(deck, which))
    return dist


def _nb(name: str) -> dict:
    return json.loads((LESSONS / name).read_text(encoding="utf-8"))


def _outputs_text(nb: dict) -> str:
    return "\n".join("".join(o.get("data", {}).get("text/plain", "")) + "".join(o.get("data", {}).get("text/markdown", ""))
                     for c in nb["cells"] for o in c.get("outputs", []))


# ---- lesson 11 ---------------------------------------------------------------------------------------------

def test_the_bag_is_read_from_the_engine_six_combinations_two_tokens_each():
    assert sorted(coupon.engine_bag()) == sorted((c, _bag_tokens().count(c)) for c in set(_bag_tokens()))
    assert [n for _, n in coupon.engine_bag()] == [2] * 6


@pytest.mark.parametrize("respites", [0, 1, 2])
def test_the_wait_for_all_six_agrees_with_a_chain_over_sets_of_tokens(respites):
    horizon = 60 if respites == 0 else 30  # the lesson's horizon for its bag; shorter for the others (CPU)
    pmf, mean = _subset_chain(respites, horizon)
    assert coupon.expected_draws(respites) == mean
    assert coupon.pmf_chain(respites, horizon=horizon) == pmf
    assert coupon.pmf_inclusion_exclusion(respites, horizon=horizon) == pmf


def test_fourteen_point_seven_is_the_coupon_collectors_number_for_this_bag():
    assert coupon.expected_draws() == Fraction(147, 10) == 6 * sum(Fraction(1, k) for k in range(1, 7))
    assert coupon.expected_draws(1) == Fraction(13, 12) * Fraction(147, 10)


def test_small_collections_by_brute_force_over_every_sequence_of_tokens():
    tokens = _bag_tokens()
    kinds = len(set(tokens))
    for n in (6, 7):
        hits = sum(1 for seq in product(range(kinds), repeat=n) if len(set(seq)) == kinds)
        assert coupon.cdf_inclusion_exclusion(n) == Fraction(hits, kinds ** n)
    assert sum(q for k, q in coupon.pmf_chain().items() if k <= 7) == coupon.cdf_inclusion_exclusion(7)


def test_the_birthday_question_by_brute_force_over_tokens():
    tokens = _bag_tokens()
    for n in (2, 3, 4):
        seqs = list(product(tokens, repeat=n))
        assert coupon.repeat_chance(n) == Fraction(sum(len(set(s)) < n for s in seqs), len(seqs))
        same_token = sum(len(set(s)) < n for s in product(range(len(tokens)), repeat=n))
        assert coupon.repeat_chance(n, 12) == Fraction(same_token, len(tokens) ** n)
    firsts = sum(Fraction(1, 1) * (1 - coupon.repeat_chance(n)) for n in range(7))
    assert coupon.expected_first_repeat() == firsts


def test_the_engine_draws_as_the_bag_says_and_the_stream_cuts_into_collections():
    stream = coupon.engine_draws(1_200, seed=5, show_progress=False)
    counts = np.bincount(stream, minlength=6)
    assert sps.chisquare(counts).pvalue > 1e-4
    assert coupon.collection_times([0, 0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0]) == [7, 6]
    assert coupon.first_repeats([0, 1, 2, 3, 0, 1, 1, 2]) == [False, True]


def test_numpy_collections_agree_with_the_exact_distribution():
    runs = coupon.numpy_collections(20_000, seed=9, show_progress=False)
    pmf = coupon.pmf_chain()
    expected = np.array([float(pmf.get(n, 0)) for n in range(6, 30)] + [float(1 - sum(q for n, q in pmf.items() if n < 30))])
    observed = np.array([(runs == n).sum() for n in range(6, 30)] + [(runs >= 30).sum()])
    assert sps.chisquare(observed, expected * len(runs)).pvalue > 1e-4
    short = coupon.numpy_collections(4_000, respites=2, kinds=3, seed=1, show_progress=False)
    se = short.std() / np.sqrt(len(short))
    assert abs(short.mean() - float(coupon.expected_draws(2, 3))) < 4 * se


def test_lesson_11s_exercises_and_shown_answers():
    ex = coupon.coupon_exercises()
    assert [ex[i].answer for i in (1, 2, 3, 4)] == [Fraction(5, 6), 6, Fraction(637, 40), Fraction(5, 9)]
    shown = _outputs_text(_nb("11-coupon-collector-calamity-bag.ipynb"))
    assert "(on average): 147/10 ≈ 14.7000" in shown and "a combination twice: 13/18 ≈ 0.7222" in shown


# ---- lesson 12 ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_radio_clock_by_convolution_agrees_with_scipys_negative_hypergeometric(players):
    target = gamelib.load("deadland", players=players).new_state(seed=0).view(None)["radio"]["target"]
    ref = _clock_scipy(target)
    mine = clt.clock(players)
    got = np.zeros(len(ref))
    for k, q in mine.items():
        got[k] = float(q)
    assert np.allclose(got, ref, atol=1e-13, rtol=0)
    s = clt.shape(mine)
    ks = np.arange(len(ref))
    mu = (ks * ref).sum()
    sd = np.sqrt(((ks - mu) ** 2 * ref).sum())
    assert s["mean"] == pytest.approx(mu) and s["sd"] == pytest.approx(sd)
    assert s["skewness"] == pytest.approx(((ks - mu) ** 3 * ref).sum() / sd ** 3)
    cdf = np.cumsum(ref)
    gap = np.max(np.abs(cdf - sps.norm.cdf(ks + 0.5, mu, sd))[ref > 0])
    assert s["gap"] == pytest.approx(gap, abs=1e-3)


def test_a_small_clock_by_brute_force_over_every_deal():
    """Decks of 5 cards, target 3: a full cycle then a first Contact; every pair of places enumerated."""
    pairs = list(combinations(range(1, 6), 2))
    count: dict[int, int] = {}
    for a, b in product(pairs, pairs):
        total = a[1] + b[0]
        count[total] = count.get(total, 0) + 1
    assert clt.clock(target=3, deck_size=5) == {k: Fraction(v, len(pairs) ** 2) for k, v in sorted(count.items())}


def test_the_tails_and_the_opening_chance():
    d = clt.clock(4)
    ref = _clock_scipy(11)
    ks = np.arange(len(ref))
    mu, sd = (ks * ref).sum(), np.sqrt(((ks - (ks * ref).sum()) ** 2 * ref).sum())
    assert float(clt.chance_past(d, 300)) == pytest.approx(ref[301:].sum(), abs=1e-13)
    assert float(clt.above(d, 3)) == pytest.approx(ref[ks >= mu + 3 * sd].sum(), abs=1e-13)
    assert float(clt.below(d, -2)) == pytest.approx(ref[ks <= mu - 2 * sd].sum(), abs=1e-13)
    shown = _outputs_text(_nb("12-clt-radio-clock.ipynb"))
    assert f"runs past 300 cards: {ref[301:].sum():.5f}" in shown
    gaps = {p: clt.shape(clt.clock(p))["gap"] for p in (4, 6)}
    assert (gaps[6] > gaps[4]) and "is closer to normal?: not closer" in shown


def test_numpy_clocks_and_the_engines_decks_agree_with_the_exact_clock():
    d = clt.clock(4)
    sim = clt.numpy_clocks(200_000, players=4, seed=3, show_progress=False)
    for edge in (180, 240, 300):
        p = float(1 - clt.chance_past(d, edge))
        se = np.sqrt(p * (1 - p) / len(sim))
        assert abs((sim <= edge).mean() - p) < 4 * se, edge
    engine = np.array(clt.engine_clocks(2, 120, seed=1))  # a list (the static site's Python has no numpy)
    assert len(engine) == 30 and engine.min() >= 7 and engine.max() <= 4 * 70
    d2 = clt.clock(2)
    assert abs(engine.mean() - float(clt.dl.mean(d2))) < 4 * clt.shape(d2)["sd"] / np.sqrt(len(engine))


def test_lesson_12s_exercises_and_the_data_its_statements_give():
    ex = clt.clt_exercises()
    one_cycle = sps.nhypergeom(70, 68, 2).var()
    assert float(ex[3].answer) == pytest.approx(6 * one_cycle)
    assert ex[1].answer == 284 and ex[4].answer == Fraction(497, 3)
    assert float(ex[2].answer) == pytest.approx(sps.norm.sf(2), abs=1e-6)
    text = "".join("".join(c["source"]) for c in _nb("12-clt-radio-clock.ipynb")["cells"])
    given = Fraction(re.search(r"has variance\s+(\d+/\d+)", text).group(1))
    assert float(given) == pytest.approx(one_cycle)
    s5 = clt.shape(clt.clock(5))
    assert "the mean you found in Exercise 1 and a standard deviation of about\n40 cards" in text and round(s5["sd"]) == 40
