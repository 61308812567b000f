"""Words a person reads: every log line, button label, view string and odds title/outcome of
random games is free of doubled words ("the the") and of internal ids (pirate ids such as
green-2, card ids such as red:Shove Left, effect codes such as shove_left)."""
from __future__ import annotations

import re

import pytest

import gamelib
from gamelib.rules.walk_the_plank.cards import EFFECTS
from tests.walking_deck.test_texts import DOUBLED, texts_of

from .helpers import COLOURS, game

IDS = re.compile(r"\b(" + "|".join(COLOURS) + r")(-[123]\b|:)|\b(" + "|".join(EFFECTS) + r")\b")


def problems(state, with_log: bool = True, all_views: bool = True) -> list[str]:
    out = []
    for where, text in texts_of(state, with_log, all_views):
        if DOUBLED.search(text):
            out.append(f"doubled word in {where}: {text!r}")
        if IDS.search(text):
            out.append(f"internal id in {where}: {text!r}")
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_texts_have_no_doubled_words_and_no_internal_ids(players):
    g = game(players)
    found: set[str] = set()
    for seed in range(3):
        agent = gamelib.RandomAgent(seed)
        state = g.new_state(seed=seed)
        while True:
            # the log only grows: checked at the end; every seat's view at every 8th decision
            found.update(problems(state, with_log=False, all_views=state.ply % 8 == 0))
            if state.is_over:
                break
            state.apply(agent.choose(state))
        found.update(problems(state))
    assert not found, sorted(found)[:10]


def test_the_text_check_can_fail():
    state = game(3).new_state(seed=1)
    gamelib.core.log(state, "Setup", "green-2 shoves the the shove_left")
    kinds = {p.split(" in ")[0] for p in problems(state)}
    assert kinds == {"doubled word", "internal id"}
