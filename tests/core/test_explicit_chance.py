"""Explicit chance (gamelib.core.chance): chance nodes carry the ``odds()`` distributions, choosing
the outcomes the seeded game drew plays that very game, the seeded mode is unchanged, and exact
expectimax through chance nodes gives the lessons' exact answers on a small scenario of each game."""
from __future__ import annotations

import hashlib
import json
from fractions import Fraction

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.core.chance import ChanceError, ChanceState, expectimax, recorded
from gamelib.lessons import walking_deck as lessons_wd
from gamelib.probability import deadland as pd
from gamelib.probability import walking_deck as wd
from gamelib.rules.deadland.common import KNOWN
from gamelib.rules.deadland.odds import next_event
from gamelib.rules.walk_the_plank.game import CAPTAIN

CONFIGS = [("walking-deck", {}), ("walk-the-plank", {"players": 4}), ("deadland", {"players": 4})]

#: sha256 of the records and logs of 10 random games per game, computed with the code before the
#: draws went through the chance hooks (main at 3b2701c): the seeded mode plays the same games
SEEDED_GAMES = "168e2bcb005fcc8138bf1c66a47e49b3d3b7f312112af25cdaae862209395ebc"


def v1_record(s) -> str:
    """The record as version 1 wrote it (the hash above was taken of that text; version 2 adds
    the label revision, tests/golden/README.md)."""
    rec = json.loads(s.to_record())
    del rec["labels"]
    return json.dumps({**rec, "version": 1}, ensure_ascii=False, indent=1)


def test_seeded_mode_plays_the_games_it_played_before_the_hooks():
    h = hashlib.sha256()
    for name, kw in CONFIGS:
        g = gamelib.load(name, **kw)
        for seed in range(10):
            s = gamelib.play(g, gamelib.RandomAgent(seed), seed=seed)
            h.update(v1_record(s).encode())
            h.update("\n".join(map(str, s.log)).encode())
    assert h.hexdigest() == SEEDED_GAMES


@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_choosing_the_seeded_draws_replays_the_seeded_game(name, options):
    """A seeded game, its draws noted; the explicit-chance game given the same decisions and, at
    each chance node, the noted outcome (which the node offers with its odds) is the same game."""
    game = gamelib.load(name, **options)
    for seed in range(2):
        rng = Rng(seed)
        seeded, draws = recorded(lambda: game.new_state(seed))
        node = ChanceState(game, seed)
        nodes = 0
        while True:
            for title, outcome in draws:
                assert node.is_chance and node.chance_title == title
                dist = node.chance_outcomes()
                assert dist[outcome] > 0 and sum(dist.values()) == 1
                node.apply_outcome(outcome)
                nodes += 1
            assert not node.is_chance
            assert node.state.log == seeded.log
            if seeded.is_over:
                break
            legal = seeded.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            _, draws = recorded(lambda: seeded.apply(action))
            node.apply(action.label)
        assert node.is_over and node.returns() == seeded.returns()
        assert nodes > 0


def test_chance_node_distribution_is_the_odds_shown():
    game = gamelib.load("walking-deck")
    state = game.new_state(5)
    node = ChanceState.at(state)
    node.apply("Draw from the Rural pile")
    assert node.is_chance and node.legal_actions() == [] and node.to_move is None
    assert node.chance_outcomes() == state.odds()["next Rural event"]
    with pytest.raises(ChanceError, match="not an outcome"):
        node.apply_outcome("NOT A CARD")
    with pytest.raises(ChanceError, match="chance node"):
        node._decision()
    assert state.ply == 0  # the position it started from is untouched


def test_deadland_event_nodes_by_category_are_the_odds_shown():
    """An Event draw's chance node lists card labels (what the card does depends on it); summed by
    category they are the odds() distribution of that board's next Event."""
    game = gamelib.load("deadland", players=4)
    checked = 0
    for seed in range(1):
        rng = Rng(seed)
        node = ChanceState(game, seed)
        while not node.is_over:
            if node.is_chance:
                if node.chance_title.startswith("next Event") and not node.forced:  # the decision's first draw
                    s = node.state
                    b = next(i for i in range(len(s.data.boards)) if node.chance_title == f"next Event on {s.the(i)}")
                    by_category: dict[str, Fraction] = {}
                    for label, p in node.chance_outcomes().items():
                        card = next(e for e in s.data.events.values() if label.removesuffix(KNOWN) == e.label)
                        by_category[card.category] = by_category.get(card.category, Fraction(0)) + p
                    assert by_category == dict(next_event(s, b, node.chance_title))
                    checked += 1
                node.apply_outcome(node.chance_outcomes().sample(rng))
            else:
                ids = node.legal_action_ids()
                node.apply(ids[rng.randbelow(len(ids))])
    assert checked > 5


def test_captain_is_a_chance_node_at_the_start():
    game = gamelib.load("walk-the-plank", players=3)
    node = ChanceState(game, 0)
    assert node.is_chance and node.chance_title == CAPTAIN
    assert dict(node.chance_outcomes()) == {c: Fraction(1, 3) for c in game.players}
    node.apply_outcome("green")
    assert node.state.view(None)["captain"] == "green" and node.to_move == "green"


def test_expectimax_walking_deck_equals_the_lesson():
    """Memory lesson, exercise 4: PIERRE then two WALKERs unstacked; each WALKER's Calamity shows
    injuries with chance 1/2: PIERRE is buried with chance 1/4 (``wd.interrogation``)."""
    memory = ["PIERRE", "WALKER (Rural)", "WALKER (Urban)"]
    state = lessons_wd.memory_scene(memory)
    pierre = wd.find_event("PIERRE").id
    got = expectimax(ChanceState.at(state), lambda s: Fraction(pierre in s.buried))
    assert got == 1 - wd.interrogation(memory).standing.get(1, Fraction(0)) == Fraction(1, 4)
    # the whole distribution of burials
    dist = wd.interrogation(memory)
    for k, p in dist.buried.items():
        assert expectimax(ChanceState.at(state), lambda s, k=k: Fraction(len(s.buried) == k)) == p
    # the chance node of the first WALKER's Calamity is the odds() shown just before it
    node = ChanceState.at(state)
    node.apply("Unstack the next Event")  # PIERRE comes in front: no draw
    before = node.state.odds()["next Calamity weaknesses"]
    node.apply("Unstack the next Event")
    assert node.chance_title == "next Calamity weaknesses" and node.chance_outcomes() == before


def test_expectimax_deadland_daily_trial_equals_the_odds_and_the_lesson():
    """The tutorial's daily trial: blue at level 2 draws two Virus cards. Expectimax over every
    Virus draw (Radio Contacts and their reshuffle included) equals ``odds()`` and the lesson's
    ``daily_distribution``."""
    game = gamelib.load("deadland", players=3)
    pos = game.from_scenario({
        "active": "blue",
        "players": {"red": {"board": "Base"},
                    "blue": {"board": "Hospital", "infection": ["1", "2"], "role": "medic", "rations": 1},
                    "green": {"board": "Road 2"}},
        "virus": {"discard": ["3", "3", "Illness", "5", "8", "8"]},
    }, seed=7)
    exact = pos.odds()["blue's daily trial, taken now, adds a card"]["adds a card"]
    node = ChanceState.at(pos)
    node.apply(next(a for a in pos.legal_actions() if a.kind == "draw"))
    blue = game.players.index("blue")

    def trial_over(s) -> bool:
        return s.to_move != "blue" or any(lab.startswith(("Stay", "Move")) for lab in s.legal_labels())

    got = expectimax(node, lambda s: Fraction(len(s.inf[blue]) > 2), stop=trial_over)
    assert got == exact == pd.daily_distribution(pos, "blue")[1]


def test_expectimax_walk_the_plank_captain_equals_the_uniform_draw():
    """The lesson's seat table counts seat 1 as the first Captain: each colour holds the Token
    first with chance 1/n; expectimax over the start's chance node gives the same."""
    game = gamelib.load("walk-the-plank", players=5)
    for colour in game.players:
        got = expectimax(ChanceState(game, 0), lambda s, c=colour: Fraction(s.view(None)["captain"] == c),
                         stop=lambda s: True)
        assert got == Fraction(1, 5)
