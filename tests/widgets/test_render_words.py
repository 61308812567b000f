"""Words and pictures (issue 22, point 7), without a browser: the end screens name the winners and
the losers, the Illness column says "Illness", the Memory reads as one queue (card 1 first)."""
from __future__ import annotations

import re

import gamelib
from gamelib.render import render
from gamelib.render.generic import outcome_names


def _finished(name: str, seed: int, **options):
    s = gamelib.load(name, **options).new_state(seed=seed)
    agent = gamelib.RandomAgent(seed)
    while not s.is_over:
        s.apply(agent.choose(s))
    return s


def test_outcome_names_reads_winners_and_losers():
    view = {"is_over": True, "outcome": "won: yellow; lost: red, blue, green (the Radio Contact marker reached 11)"}
    assert outcome_names(view) == (["yellow"], ["red", "blue", "green"])
    assert outcome_names({"is_over": True, "outcome": "lost: you (5 Events buried)"}) == ([], ["you"])
    assert outcome_names({"is_over": False, "outcome": None}) == ([], [])


def test_the_deadland_end_names_winners_and_losers_where_the_turn_was():
    s = _finished("deadland", 3, players=4)
    won, lost = list(s.outcome.winners), list(s.outcome.losers)
    corner = render(s, player="red").split('class="dl-now dl-end-now"', 1)[1].split("</div></div>", 1)[0]
    assert "black box" not in corner
    assert f"won: {', '.join(won) or 'nobody'}" in corner and f"lost: {', '.join(lost) or 'nobody'}" in corner


def test_the_illness_column_and_card_say_illness_not_ill():
    s = gamelib.load("deadland", players=4).new_state(seed=1)
    html = render(s, reveal=True)
    heads = re.findall(r"<th title=\"[^\"]*\">([^<]*)</th>", html)
    assert "Illness" in heads and "Ill" not in heads
    assert ">Ill<" not in html


def test_the_memory_is_one_queue_card_one_first():
    s = gamelib.load("walking-deck").new_state(seed=3)
    agent = gamelib.RandomAgent(3)
    while s.view("you", log=False)["memory"]["count"] < 9:
        s.apply(agent.choose(s))
    for reveal in (False, True):
        html = render(s, reveal=reveal)
        numbers = [int(n) for n in re.findall(r'title="Memory card (\d+)', html)]
        assert numbers == list(range(1, 10))  # in the page's order: card 1 first
        assert "row-reverse" not in html.split(".gl-wd .memory{", 1)[1].split("}", 1)[0]
        assert "a queue, read left to right" in html
