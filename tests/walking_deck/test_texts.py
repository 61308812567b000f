"""Words a person reads: every log line, button label, view string and odds title/outcome of
random games is free of doubled words ("the the") and of internal ids (card ids such as R04,
token ids such as CAL03): a person sees what the card or token shows."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import gamelib
from gamelib.rules.walking_deck.agents import HeuristicAgent

from .helpers import game

DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE | re.UNICODE)
#: view keys whose values are ids for programs (renderers, tests), never shown as text
ID_KEYS = ("id", "respite_aside")


def view_strings(value: Any, key: str = "") -> Iterator[str]:
    if key in ID_KEYS:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from view_strings(v, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from view_strings(v, key)


def texts_of(state, with_log: bool = True, all_views: bool = True) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a person reads in this position (``with_log=False``: all
    but the log, which only grows, so checking it once at the end of a game is enough;
    ``all_views=False``: only the table's view and the view of the player to move)."""
    if with_log:
        for entry in state.log:
            yield "log", str(entry)
    for label in state.legal_labels():
        yield "label", label
    for player in (None, *state.players) if all_views else {None, state.to_move}:
        view = state.view(player)
        if not with_log:
            del view["log"]
        for text in view_strings(view):
            yield f"view({player})", text
    for title, dist in state.odds().items():
        yield "odds title", title
        for outcome in dist:
            yield f"odds outcome of {title!r}", outcome


def problems(state, ids: re.Pattern) -> list[str]:
    out = []
    for where, text in texts_of(state):
        if DOUBLED.search(text):
            out.append(f"doubled word in {where}: {text!r}")
        if ids.search(text):
            out.append(f"internal id in {where}: {text!r}")
    return out


def id_pattern(g) -> re.Pattern:
    ids = sorted(set(g.cards.events) | set(g.cards.tokens), key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")


@pytest.mark.parametrize("protagonist", ["Aénor", "Boris", "Adrien", "Éléonore"])
def test_texts_have_no_doubled_words_and_no_internal_ids(protagonist):
    g = game(protagonist)
    ids = id_pattern(g)
    found: set[str] = set()
    for seed in range(3):
        # the heuristic player reaches the Interrogation (Calamities, damage) more often
        agent = HeuristicAgent(seed) if seed % 2 else gamelib.RandomAgent(seed)
        state = g.new_state(seed=seed)
        while True:
            # the log is checked at the end; labels, views and odds at every decision
            for where, text in texts_of(state, with_log=False):
                if DOUBLED.search(text) or ids.search(text):
                    found.add(f"{where}: {text!r}")
            if state.is_over:
                break
            state.apply(agent.choose(state))
        found.update(problems(state, ids))
    assert not found, sorted(found)[:10]


def test_the_text_check_can_fail():
    """The check itself catches a doubled article and a token id."""
    g = game("Boris")
    state = g.new_state(seed=1)
    gamelib.core.log(state, "Setup", "draw CAL03 from the the bag")
    kinds = {p.split(" in ")[0] for p in problems(state, id_pattern(g))}
    assert kinds == {"doubled word", "internal id"}
