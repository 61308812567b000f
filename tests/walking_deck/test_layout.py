"""The package's shape (docs/engine.md, "Fields, declared once" and "Module layout of a game
package"): one field declaration that other packages can rely on, shared card definitions that
cannot be changed by accident, and keys that see a position and nothing else."""
from __future__ import annotations

import json

import pytest

from gamelib.agents import RandomAgent
from gamelib.core.fields import CACHE, Fields
from gamelib.rules.walking_deck.game import WalkingDeckState
from gamelib.rules.walking_deck.state import NO_BANNER

from .helpers import CAVE, game, make

#: the State fields that code outside the rules reads (renderers read only view(); the lessons,
#: the probability module and the Interrogation solver read these): renaming one breaks them
READ_ELSEWHERE = {"rural", "urban", "hand", "memory", "avoided", "buried", "front", "dmg", "removed", "current",
                  "reserves", "bag", "aside", "drawn", "stage", "step", "src", "nxt", "failed", "pending", "uses",
                  "power_reserves", "over"}


def test_fields_are_declared_once_with_the_names_other_code_reads():
    fields = WalkingDeckState.fields
    assert isinstance(fields, Fields)
    assert READ_ELSEWHERE <= set(fields)
    assert WalkingDeckState.__slots__ == fields.names
    assert [n for n, k in fields.items() if k is CACHE] == ["_odds"]
    assert "<fields of WalkingDeckState>" in WalkingDeckState._key.__code__.co_filename  # generated, not hand-written


def test_the_engine_hooks_are_the_rules_modules():
    from gamelib.rules.walking_deck import odds, rules, scenario, views

    s = make()
    assert s._legal_actions.__func__ is rules.legal_actions and s._apply.__func__ is rules.apply
    assert s._view.__func__ is views.view and s.odds.__func__ is odds.odds
    assert s.to_scenario.__func__ is scenario.to_scenario


def test_card_definitions_are_read_only():
    g = game()
    e = g.cards.events[CAVE]
    with pytest.raises(AttributeError, match="read-only"):
        e.toughness = 3
    with pytest.raises(AttributeError, match="read-only"):
        g.protagonist.burial_limit = 30
    with pytest.raises(AttributeError, match="read-only"):
        g.cards.tokens[g.cards.calamities[0]].weak = 0


def test_a_finished_banner_leaves_no_trace_in_the_key():
    """Once no banner is being applied, its colour, next effect and failure are back to their
    resting values, so two equal positions have equal keys (and a scenario round-trips)."""
    g = game("Aénor")
    seen = 0
    for seed in range(20):
        s = g.new_state(seed=seed)
        agent = RandomAgent(seed)
        while not s.is_over:
            s.apply(agent.choose(s))
            if s.src is None:
                assert (s.banner, s.nxt, s.failed) == (NO_BANNER, 0, False), (seed, s.ply)
                seen += 1
                if seen % 7 == 0:
                    back = g.from_scenario(json.loads(json.dumps(s.to_scenario())), seed=1)
                    assert back._key() == s._key(), (seed, s.ply)
    assert seen > 1000
